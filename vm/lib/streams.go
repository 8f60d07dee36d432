package lib

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"asyncvm/vm"
	"asyncvm/vm/fsys"
)

// System.IO's streams: Stream over an open file (FileStream) or a buffer
// (MemoryStream), StreamReader decoding one, and StreamWriter, a
// TextWriter encoding into one.

var (
	tStream       = register(vm.NewLibType("System.IO", "Stream", nil))
	tFileStream   = register(vm.NewLibType("System.IO", "FileStream", tStream))
	tMemoryStream = register(vm.NewLibType("System.IO", "MemoryStream", tStream))
	tStreamReader = register(vm.NewLibType("System.IO", "StreamReader", nil))
	tStreamWriter = register(vm.NewLibType("System.IO", "StreamWriter", tTextWriter))

	tFileMode = libEnumValues("System.IO", "FileMode", []vm.EnumMember{
		{Name: "CreateNew", Value: 1}, {Name: "Create", Value: 2}, {Name: "Open", Value: 3},
		{Name: "OpenOrCreate", Value: 4}, {Name: "Truncate", Value: 5}, {Name: "Append", Value: 6},
	})
	tFileAccess = libEnumValues("System.IO", "FileAccess", []vm.EnumMember{
		{Name: "Read", Value: 1}, {Name: "Write", Value: 2}, {Name: "ReadWrite", Value: 3},
	})
	tFileShare = libEnumValues("System.IO", "FileShare", []vm.EnumMember{
		{Name: "None", Value: 0}, {Name: "Read", Value: 1}, {Name: "Write", Value: 2},
		{Name: "ReadWrite", Value: 3}, {Name: "Delete", Value: 4}, {Name: "Inheritable", Value: 16},
	})
	tSeekOrigin = libEnumValues("System.IO", "SeekOrigin", []vm.EnumMember{
		{Name: "Begin", Value: 0}, {Name: "Current", Value: 1}, {Name: "End", Value: 2},
	})
	tSearchOption = libEnumValues("System.IO", "SearchOption", []vm.EnumMember{
		{Name: "TopDirectoryOnly", Value: 0}, {Name: "AllDirectories", Value: 1},
	})
)

// stream is a Stream's payload.
type stream struct {
	f                 fsys.File // nil once disposed
	files             fsys.FS   // a FileStream's file system, for error messages
	name              string    // a FileStream's full path
	canRead, canWrite bool
	mem               bool // a MemoryStream
}

func streamOf(v vm.Value) *stream { s, _ := v.AsNative().(*stream); return s }

// open checks that the stream is not disposed.
func (s *stream) open(t *vm.Thread) error {
	if s.f == nil {
		return t.Throw("System.ObjectDisposedException", "Cannot access a closed file.")
	}
	return nil
}

func (s *stream) fail(t *vm.Thread, err error) error {
	if s.files != nil {
		return ioError(t, s.files, err, s.name)
	}
	return t.Throw("System.IO.IOException", err.Error())
}

func (s *stream) read(t *vm.Thread, p []byte) (int, error) {
	if err := s.open(t); err != nil {
		return 0, err
	}
	if !s.canRead {
		return 0, t.Throw("System.NotSupportedException", "Stream does not support reading.")
	}
	n, err := io.ReadFull(s.f, p)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return n, s.fail(t, err)
	}
	return n, nil
}

func (s *stream) write(t *vm.Thread, p []byte) error {
	if err := s.open(t); err != nil {
		return err
	}
	if !s.canWrite {
		return t.Throw("System.NotSupportedException", "Stream does not support writing.")
	}
	if _, err := s.f.Write(p); err != nil {
		return s.fail(t, err)
	}
	return nil
}

func (s *stream) length(t *vm.Thread) (int64, error) {
	if err := s.open(t); err != nil {
		return 0, err
	}
	fi, err := s.f.Stat()
	if err != nil {
		return 0, s.fail(t, err)
	}
	return fi.Size(), nil
}

func (s *stream) close() {
	if s.f != nil {
		s.f.Close()
		if !s.mem {
			s.f = nil
		}
	}
}

// openFileStream is the FileStream constructor: path, mode, and optional
// access (share, buffer size and async flag change nothing here).
func openFileStream(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	files, full, err := resolve(t, args[0], "path")
	if err != nil {
		return vm.Null, err
	}
	mode := int64(3)
	if len(args) > 1 {
		mode = int64(args[1].Bits())
	}
	access := int64(3)
	if mode == 6 {
		access = 2
	}
	if len(args) > 2 {
		access = int64(args[2].Bits())
	}
	return fileStream(t, files, full, mode, access)
}

func fileStream(t *vm.Thread, files fsys.FS, full string, mode, access int64) (vm.Value, error) {
	if mode < 1 || mode > 6 {
		return vm.Null, argOutOfRange(t, "mode", "Enum value was out of legal range.")
	}
	if access < 1 || access > 3 {
		return vm.Null, argOutOfRange(t, "access", "Enum value was out of legal range.")
	}
	if access == 1 && mode != 3 && mode != 4 {
		names := map[int64]string{1: "CreateNew", 2: "Create", 5: "Truncate", 6: "Append"}
		return vm.Null, t.Throw("System.ArgumentException", "Combining FileMode: "+names[mode]+" with FileAccess: Read is invalid. (Parameter 'access')")
	}
	flag := map[int64]int{1: os.O_RDONLY, 2: os.O_WRONLY, 3: os.O_RDWR}[access]
	switch mode {
	case 1:
		flag |= os.O_CREATE | os.O_EXCL
	case 2:
		flag |= os.O_CREATE | os.O_TRUNC
	case 4:
		flag |= os.O_CREATE
	case 5:
		flag |= os.O_TRUNC
	case 6:
		flag |= os.O_CREATE
	}
	if fi, err := files.Stat(full); err == nil && fi.IsDir() {
		return vm.Null, ioError(t, files, fs.ErrPermission, full)
	}
	f, err := files.OpenFile(full, flag)
	if err != nil {
		return vm.Null, ioError(t, files, err, full)
	}
	if mode == 6 {
		f.Seek(0, io.SeekEnd)
	}
	return vm.NewNative(tFileStream, &stream{f: f, files: files, name: full, canRead: access&1 != 0, canWrite: access&2 != 0}), nil
}

// bufArgs reads a (byte[] buffer, int offset, int count) triple.
func bufArgs(t *vm.Thread, args []vm.Value) (*vm.Array, int, int, error) {
	a := args[0].AsArray()
	if a == nil {
		return nil, 0, 0, argNull(t, "buffer")
	}
	off, _ := toInt(args[1])
	n, _ := toInt(args[2])
	switch {
	case off < 0:
		return nil, 0, 0, argOutOfRange(t, "offset", msgNonNegative)
	case n < 0:
		return nil, 0, 0, argOutOfRange(t, "count", msgNonNegative)
	case len(a.V)-off < n:
		return nil, 0, 0, t.Throw("System.ArgumentException", "Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.")
	}
	return a, off, n, nil
}

// doneTask is a completed task of result r (Null for a plain Task).
func doneTask(t *vm.Thread, resultT *vm.Type, r vm.Value, err error) (vm.Value, error) {
	tk := vm.NewTask(resultT)
	var th *vm.Thrown
	switch {
	case err == nil:
		tk.TryComplete(t, vm.StatusRanToCompletion, r, nil)
	case errors.As(err, &th):
		tk.TryComplete(t, vm.StatusFaulted, vm.Null, []*vm.Instance{th.Exc})
	default:
		return vm.Null, err
	}
	return vm.Ref(tk), nil
}

// withoutToken drops a trailing CancellationToken argument.
func withoutToken(args []vm.Value) []vm.Value {
	if n := len(args); n > 0 && args[n-1].Type() != nil && args[n-1].Type().FullName() == "System.Threading.CancellationToken" {
		return args[:n-1]
	}
	return args
}

func streamInit() {
	st := tStream
	implements(st, []string{"System.IDisposable", "System.IAsyncDisposable"})
	implements(tFileStream, []string{"System.IDisposable", "System.IAsyncDisposable"})
	implements(tMemoryStream, []string{"System.IDisposable", "System.IAsyncDisposable"})
	get := func(v vm.Value) *stream { return streamOf(v) }
	prop := func(name string, fn func(s *stream) vm.Value) {
		st.AddProperty(name, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return fn(get(args[0])), nil }, nil)
	}
	prop("CanRead", func(s *stream) vm.Value { return vm.Bool(s.f != nil && s.canRead) })
	prop("CanWrite", func(s *stream) vm.Value { return vm.Bool(s.f != nil && s.canWrite) })
	prop("CanSeek", func(s *stream) vm.Value { return vm.Bool(s.f != nil) })
	st.AddProperty("Length", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n, err := get(args[0]).length(t)
		return vm.Long(n), err
	}, nil)
	st.AddProperty("Position", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := get(args[0])
		if err := s.open(t); err != nil {
			return vm.Null, err
		}
		p, _ := s.f.Seek(0, io.SeekCurrent)
		return vm.Long(p), nil
	}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := get(args[0])
		if err := s.open(t); err != nil {
			return vm.Null, err
		}
		p := vm.AsInt64(args[1])
		if p < 0 {
			return vm.Null, argOutOfRange(t, "value", msgNonNegative)
		}
		s.f.Seek(p, io.SeekStart)
		return vm.Null, nil
	})
	read := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		a, off, n, err := bufArgs(t, args[1:4])
		if err != nil {
			return vm.Null, err
		}
		p := make([]byte, n)
		k, err := get(args[0]).read(t, p)
		for i := 0; i < k; i++ {
			a.V[off+i] = vm.Byte(p[i])
		}
		return vm.Int(int32(k)), err
	}
	write := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		a, off, n, err := bufArgs(t, args[1:4])
		if err != nil {
			return vm.Null, err
		}
		p := make([]byte, n)
		for i := range p {
			p[i] = byte(a.V[off+i].Bits())
		}
		return vm.Null, get(args[0]).write(t, p)
	}
	st.AddMethod("Read", 3, 3, read)
	st.AddMethod("Write", 3, 3, write)
	st.AddMethod("ReadAsync", 3, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		r, err := read(t, withoutToken(args))
		return doneTask(t, vm.TInt, r, err)
	})
	st.AddMethod("WriteAsync", 3, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		_, err := write(t, withoutToken(args))
		return doneTask(t, nil, vm.Null, err)
	})
	st.AddMethod("ReadByte", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		p := make([]byte, 1)
		k, err := get(args[0]).read(t, p)
		if k == 0 {
			return vm.Int(-1), err
		}
		return vm.Int(int32(p[0])), err
	})
	st.AddMethod("WriteByte", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Null, get(args[0]).write(t, []byte{byte(args[1].Bits())})
	})
	st.AddMethod("Seek", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := get(args[0])
		if err := s.open(t); err != nil {
			return vm.Null, err
		}
		p, err := s.f.Seek(vm.AsInt64(args[1]), int(args[2].Bits()))
		if err != nil {
			return vm.Null, t.Throw("System.IO.IOException", "An attempt was made to move the position before the beginning of the stream.")
		}
		return vm.Long(p), nil
	})
	st.AddMethod("SetLength", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := get(args[0])
		if err := s.open(t); err != nil {
			return vm.Null, err
		}
		if err := s.f.Truncate(vm.AsInt64(args[1])); err != nil {
			return vm.Null, s.fail(t, err)
		}
		return vm.Null, nil
	})
	st.AddMethod("Flush", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Null, get(args[0]).open(t) })
	st.AddMethod("FlushAsync", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return doneTask(t, nil, vm.Null, get(args[0]).open(t))
	})
	copyTo := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		src, dst := get(args[0]), streamOf(args[1])
		if dst == nil {
			return vm.Null, argNull(t, "destination")
		}
		if err := src.open(t); err != nil {
			return vm.Null, err
		}
		bs, err := io.ReadAll(src.f)
		if err != nil {
			return vm.Null, src.fail(t, err)
		}
		return vm.Null, dst.write(t, bs)
	}
	st.AddMethod("CopyTo", 1, 2, copyTo)
	st.AddMethod("CopyToAsync", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		_, err := copyTo(t, withoutToken(args)[:2])
		return doneTask(t, nil, vm.Null, err)
	})
	for _, name := range []string{"Close", "Dispose"} {
		st.AddMethod(name, 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			get(args[0]).close()
			return vm.Null, nil
		})
	}
	st.AddMethod("DisposeAsync", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		get(args[0]).close()
		return doneValueTask(t)
	})
	tFileStream.AddStatic(".ctor", 2, 6, openFileStream)
	tFileStream.AddProperty("Name", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.String(get(args[0]).name), nil }, nil)
	ms := tMemoryStream
	ms.AddStatic(".ctor", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		var data []byte
		writable := true
		if len(args) > 0 {
			if a := args[0].AsArray(); a != nil {
				data = make([]byte, len(a.V))
				for i, v := range a.V {
					data[i] = byte(v.Bits())
				}
				writable = len(args) < 2 || args[1].AsBool()
			} else if args[0].IsNull() {
				return vm.Null, argNull(t, "buffer")
			}
		}
		return vm.NewNative(tMemoryStream, &stream{f: fsys.NewBuffer(data), canRead: true, canWrite: writable, mem: true}), nil
	})
	ms.AddMethod("ToArray", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return byteArray(fsys.Bytes(get(args[0]).f)), nil
	})
	ms.AddMethod("GetBuffer", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return byteArray(fsys.Bytes(get(args[0]).f)), nil
	})
	ms.AddProperty("Capacity", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(cap(fsys.Bytes(get(args[0]).f)))), nil
	}, func(*vm.Thread, []vm.Value) (vm.Value, error) { return vm.Null, nil })
}

// doneValueTask is a completed ValueTask (DisposeAsync's result).
func doneValueTask(t *vm.Thread) (vm.Value, error) {
	// the VM's own completed ValueTask: a program that does not name
	// ValueTask (`await using (var f = File.Create(p))`) has no type of
	// that name to look up
	v, _ := vm.CompletedValueTask(vm.Null, false)
	return v, nil
}

// fileWriter is a StreamWriter's target: text is encoded into buf and
// written to the stream when buf fills, on Flush, on Dispose, or at once
// with AutoFlush.
type fileWriter struct {
	s         *stream
	sv        vm.Value // the stream object, for BaseStream
	enc       *encoding
	buf       []byte
	autoFlush bool
	started   bool // the preamble was considered
	closed    bool
	leaveOpen bool // Dispose leaves the stream open
}

const writerBuffer = 4096

func (w *fileWriter) write(t *vm.Thread, s string) error {
	if w.closed {
		return t.Throw("System.ObjectDisposedException", "Cannot write to a closed TextWriter.")
	}
	if !w.started {
		w.started = true
		if n, err := w.s.length(t); err == nil && n == 0 && w.enc != nil {
			w.buf = append(w.buf, w.enc.preamble()...)
		}
	}
	if w.enc == nil || w.enc.kind == encUTF8 {
		w.buf = append(w.buf, s...)
	} else {
		w.buf = append(w.buf, w.enc.encode(s)...)
	}
	if w.autoFlush || len(w.buf) >= writerBuffer {
		return w.flush(t)
	}
	return nil
}

func (w *fileWriter) flush(t *vm.Thread) error {
	if w.closed {
		return t.Throw("System.ObjectDisposedException", "Cannot write to a closed TextWriter.")
	}
	if len(w.buf) == 0 {
		return nil
	}
	err := w.s.write(t, w.buf)
	w.buf = w.buf[:0]
	return err
}

func (w *fileWriter) dispose(t *vm.Thread) error {
	if w.closed {
		return nil
	}
	err := w.flush(t)
	w.closed = true
	if !w.leaveOpen {
		w.s.close()
	}
	return err
}

// newStreamWriter is the StreamWriter constructor: (path[, append[,
// encoding[, bufferSize]]]) or (stream[, encoding[, bufferSize[,
// leaveOpen]]]).
func newStreamWriter(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	w := &fileWriter{}
	if s := streamOf(args[0]); s != nil {
		w.leaveOpen = len(args) > 3 && args[3].AsBool()
		if err := s.open(t); err != nil {
			return vm.Null, t.Throw("System.ArgumentException", "Stream was not writable.")
		}
		if !s.canWrite {
			return vm.Null, t.Throw("System.ArgumentException", "Stream was not writable.")
		}
		w.s, w.sv, w.enc = s, args[0], encArg(args, 1)
	} else {
		files, full, err := resolve(t, args[0], "path")
		if err != nil {
			return vm.Null, err
		}
		mode := int64(2)
		if len(args) > 1 && args[1].AsBool() {
			mode = 6
		}
		sv, err := fileStream(t, files, full, mode, 2)
		if err != nil {
			return vm.Null, err
		}
		w.s, w.sv, w.enc = streamOf(sv), sv, encArg(args, 2)
	}
	if w.enc != nil && w.enc.kind == encUTF8 && !w.enc.bom {
		w.enc = nil
	}
	return vm.NewNative(tStreamWriter, &textWriter{file: w}), nil
}

// reader is a StreamReader's payload: text decoded from the stream ahead
// of what the program has read.
type reader struct {
	s         *stream
	leaveOpen bool // Dispose leaves the stream open
	sv        vm.Value
	enc       *encoding // nil: UTF-8 (also after a UTF-8 preamble)
	pending   []byte    // bytes read but not decoded (a split UTF-8 sequence)
	text      string    // decoded, not yet read
	low       uint16    // the low surrogate of a character Read split
	started   bool
	eof       bool
	closed    bool
}

const readerChunk = 8192

// fill decodes more text; it reports false at the end of the stream.
func (r *reader) fill(t *vm.Thread) (bool, error) {
	if r.closed {
		return false, t.Throw("System.ObjectDisposedException", "Cannot read from a closed TextReader.")
	}
	if r.eof {
		return false, nil
	}
	chunk := make([]byte, readerChunk)
	if r.enc != nil && r.enc.kind != encUTF8 {
		chunk = nil // other encodings are decoded whole
	}
	var bs []byte
	if chunk == nil {
		if err := r.s.open(t); err != nil {
			return false, err
		}
		all, err := io.ReadAll(r.s.f)
		if err != nil {
			return false, r.s.fail(t, err)
		}
		bs, r.eof = all, true
	} else {
		n, err := r.s.read(t, chunk)
		if err != nil {
			return false, err
		}
		bs, r.eof = chunk[:n], n < len(chunk)
	}
	bs = append(r.pending, bs...)
	r.pending = nil
	if !r.started {
		r.started = true
		if len(bs) < 4 && !r.eof {
			r.pending = bs
			return r.fill(t)
		}
		enc, rest := bomOf(bs)
		if enc != nil {
			r.enc, bs = enc, rest
			if enc.kind != encUTF8 && !r.eof {
				r.pending = bs
				return r.fill(t)
			}
		}
		if r.enc != nil && r.enc.kind == encUTF8 {
			r.enc = nil
		}
	}
	if r.enc != nil {
		s, derr := r.enc.decode(bs)
		if derr != nil {
			return false, throwDecode(t, bs, derr)
		}
		r.text += s
		return len(s) > 0 || !r.eof, nil
	}
	if !r.eof {
		cut := len(bs)
		for i := 1; i <= 3 && i <= len(bs); i++ {
			if utf8.RuneStart(bs[len(bs)-i]) {
				if !utf8.FullRune(bs[len(bs)-i:]) {
					cut = len(bs) - i
				}
				break
			}
		}
		r.pending = append([]byte(nil), bs[cut:]...)
		bs = bs[:cut]
	}
	r.text += strings.ToValidUTF8(string(bs), "\uFFFD")
	return len(bs) > 0 || !r.eof, nil
}

// bomOf is the encoding a byte order mark at the start of bs names, and
// the bytes after it.
func bomOf(bs []byte) (*encoding, []byte) {
	switch {
	case len(bs) >= 3 && bs[0] == 0xEF && bs[1] == 0xBB && bs[2] == 0xBF:
		return &encoding{kind: encUTF8}, bs[3:]
	case len(bs) >= 4 && bs[0] == 0xFF && bs[1] == 0xFE && bs[2] == 0 && bs[3] == 0:
		return &encoding{kind: encUTF32}, bs[4:]
	case len(bs) >= 2 && bs[0] == 0xFF && bs[1] == 0xFE:
		return &encoding{kind: encUTF16}, bs[2:]
	case len(bs) >= 2 && bs[0] == 0xFE && bs[1] == 0xFF:
		return &encoding{kind: encUTF16, bigEndian: true}, bs[2:]
	}
	return nil, bs
}

// readLine is ReadLine: the text up to "\n", "\r\n" or "\r", or null at
// the end.
func (r *reader) readLine(t *vm.Thread) (vm.Value, error) {
	for {
		if i := strings.IndexAny(r.text, "\r\n"); i >= 0 && (r.text[i] == '\n' || i+1 < len(r.text) || r.eof) {
			line := r.text[:i]
			if r.text[i] == '\r' && i+1 < len(r.text) && r.text[i+1] == '\n' {
				i++
			}
			r.text = r.text[i+1:]
			return vm.String(line), nil
		}
		more, err := r.fill(t)
		if err != nil {
			return vm.Null, err
		}
		if !more && (r.eof || r.closed) {
			if strings.HasSuffix(r.text, "\r") {
				continue
			}
			if r.text == "" {
				return vm.Null, nil
			}
			line := r.text
			r.text = ""
			return vm.String(line), nil
		}
	}
}

func (r *reader) readToEnd(t *vm.Thread) (vm.Value, error) {
	for {
		more, err := r.fill(t)
		if err != nil {
			return vm.Null, err
		}
		if !more {
			break
		}
	}
	s := r.text
	r.text = ""
	return vm.String(s), nil
}

// char is Peek (consume false) or Read: the next UTF-16 code unit, or -1.
func (r *reader) char(t *vm.Thread, consume bool) (vm.Value, error) {
	if r.low != 0 {
		c := r.low
		if consume {
			r.low = 0
		}
		return vm.Int(int32(c)), nil
	}
	for r.text == "" {
		more, err := r.fill(t)
		if err != nil {
			return vm.Null, err
		}
		if !more {
			return vm.Int(-1), nil
		}
	}
	c, size := utf8.DecodeRuneInString(r.text)
	if c > 0xFFFF {
		hi, lo := utf16.EncodeRune(c)
		if consume {
			r.text, r.low = r.text[size:], uint16(lo)
		}
		return vm.Int(hi), nil
	}
	if consume {
		r.text = r.text[size:]
	}
	return vm.Int(int32(c)), nil
}

func newStreamReader(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	r := &reader{leaveOpen: len(args) > 4 && args[4].AsBool()}
	if s := streamOf(args[0]); s != nil {
		if s.f == nil || !s.canRead {
			return vm.Null, t.Throw("System.ArgumentException", "Stream was not readable.")
		}
		r.s, r.sv = s, args[0]
	} else {
		files, full, err := resolve(t, args[0], "path")
		if err != nil {
			return vm.Null, err
		}
		sv, err := fileStream(t, files, full, 3, 1)
		if err != nil {
			return vm.Null, err
		}
		r.s, r.sv = streamOf(sv), sv
	}
	r.enc = encArg(args, 1)
	return vm.NewNative(tStreamReader, r), nil
}

func readerOf(v vm.Value) *reader { return v.AsNative().(*reader) }

func readerInit() {
	rd := tStreamReader
	implements(rd, []string{"System.IDisposable"})
	// (path or stream[, encoding or detectEncodingFromByteOrderMarks[,
	// detect, bufferSize[, leaveOpen]]]): a byte order mark is always
	// looked for.
	rd.AddStatic(".ctor", 1, 2, newStreamReader)
	rd.AddStatic(".ctor", 4, 5, newStreamReader)
	rd.AddMethod("ReadLine", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return readerOf(args[0]).readLine(t) })
	rd.AddMethod("ReadToEnd", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return readerOf(args[0]).readToEnd(t) })
	rd.AddMethod("ReadLineAsync", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		v, err := readerOf(args[0]).readLine(t)
		return doneTask(t, vm.TString, v, err)
	})
	rd.AddMethod("ReadToEndAsync", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		v, err := readerOf(args[0]).readToEnd(t)
		return doneTask(t, vm.TString, v, err)
	})
	rd.AddMethod("Peek", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return readerOf(args[0]).char(t, false) })
	rd.AddMethod("Read", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return readerOf(args[0]).char(t, true) })
	rd.AddMethod("Read", 3, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		r := readerOf(args[0])
		a, off, n, err := bufArgs(t, args[1:4])
		if err != nil {
			return vm.Null, err
		}
		k := 0
		for ; k < n; k++ {
			c, err := r.char(t, true)
			if err != nil {
				return vm.Null, err
			}
			if c.AsInt() < 0 {
				break
			}
			a.V[off+k] = vm.Char(uint16(c.AsInt()))
		}
		return vm.Int(int32(k)), nil
	})
	rd.AddProperty("EndOfStream", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		c, err := readerOf(args[0]).char(t, false)
		return vm.Bool(err == nil && c.AsInt() < 0), err
	}, nil)
	rd.AddProperty("BaseStream", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return readerOf(args[0]).sv, nil }, nil)
	rd.AddProperty("CurrentEncoding", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		if e := readerOf(args[0]).enc; e != nil {
			return vm.NewNative(tEncoding, e), nil
		}
		return encUTF8BOM, nil
	}, nil)
	// Dispose(bool) is TextReader's, which its Dispose() and Close() call.
	rd.BaseNames = []string{"System.IO.TextReader"}
	for _, name := range []string{"Close", "Dispose"} {
		max := 0
		if name == "Dispose" {
			max = 1
		}
		rd.AddMethod(name, 0, max, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			r := readerOf(args[0])
			r.closed = true
			if !r.leaveOpen {
				r.s.close()
			}
			return vm.Null, nil
		})
	}
}

func writerInit() {
	sw := tStreamWriter
	implements(sw, []string{"System.IDisposable", "System.IAsyncDisposable"})
	sw.AddStatic(".ctor", 1, 4, newStreamWriter)
	fw := func(v vm.Value) *fileWriter { return v.AsNative().(*textWriter).file }
	sw.AddProperty("AutoFlush", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(fw(args[0]).autoFlush), nil
	}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		w := fw(args[0])
		w.autoFlush = args[1].AsBool()
		if w.autoFlush {
			return vm.Null, w.flush(t)
		}
		return vm.Null, nil
	})
	sw.AddProperty("BaseStream", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return fw(args[0]).sv, nil }, nil)
}

func init() {
	streamInit()
	readerInit()
	writerInit()
}

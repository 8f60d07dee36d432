package lib

import (
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"strings"
	"sync"
	"syscall"

	"asyncvm/vm"
	"asyncvm/vm/fsys"
	"asyncvm/vm/netfmt"
)

// System.IO's File, Directory and Path. Every operation goes through the
// machine's file system (vm.Machine.Files): the host's for the command
// line, one in memory for a sandboxed run. A sandboxed machine without one
// has no file access at all. Paths are Unix paths, as .NET's on Linux.

var (
	tFile      = register(vm.NewLibType("System.IO", "File", nil))
	tDirectory = register(vm.NewLibType("System.IO", "Directory", nil))
	tPath      = register(vm.NewLibType("System.IO", "Path", nil))
)

// filesOf is the machine's file system.
func filesOf(t *vm.Thread) (fsys.FS, error) {
	switch {
	case t.M.Files != nil:
		return t.M.Files, nil
	case t.M.Sandbox:
		return nil, t.Throw("System.UnauthorizedAccessException", "Access to the file system is denied.")
	}
	return fsys.OS{}, nil
}

// pathArg reads a path argument as .NET checks it.
func pathArg(t *vm.Thread, v vm.Value, param string) (string, error) {
	s, ok := str(v)
	switch {
	case !ok:
		return "", argNull(t, param)
	case s == "":
		return "", t.Throw("System.ArgumentException", "The value cannot be an empty string. (Parameter '"+param+"')")
	case strings.IndexByte(s, 0) >= 0:
		return "", t.Throw("System.ArgumentException", "Null character in path. (Parameter '"+param+"')")
	}
	return s, nil
}

// fullPath is Path.GetFullPath: p against the working directory, with "."
// and ".." resolved and a trailing separator kept.
func fullPath(files fsys.FS, p string) string {
	if !strings.HasPrefix(p, "/") {
		p = files.Getwd() + "/" + p
	}
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return c
}

// resolve reads a path argument and returns the file system and the clean
// absolute path it names.
func resolve(t *vm.Thread, v vm.Value, param string) (fsys.FS, string, error) {
	p, err := pathArg(t, v, param)
	if err != nil {
		return nil, "", err
	}
	files, err := filesOf(t)
	if err != nil {
		return nil, "", err
	}
	return files, path.Clean(fullPath(files, p)), nil
}

// ioError turns a file system error on full into .NET's exception.
func ioError(t *vm.Thread, files fsys.FS, err error, full string) error {
	var errno syscall.Errno
	errors.As(err, &errno)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errno == syscall.ENOTDIR:
		if d, e := files.Stat(path.Dir(full)); e == nil && d.IsDir() {
			exc := t.M.NewException("System.IO.FileNotFoundException", "Could not find file '"+full+"'.")
			// FileName is a non-virtual auto-property: its field has its name.
			if i := exc.Type().FieldIndex("FileName"); i >= 0 {
				exc.F[i] = vm.String(full)
			}
			return &vm.Thrown{Exc: exc}
		}
		return t.Throw("System.IO.DirectoryNotFoundException", "Could not find a part of the path '"+full+"'.")
	case errors.Is(err, fs.ErrPermission) || errno == syscall.EISDIR || errno == syscall.EACCES:
		return t.Throw("System.UnauthorizedAccessException", "Access to the path '"+full+"' is denied.")
	case errno == syscall.ENOTEMPTY: // before ErrExist, which matches it too
		return t.Throw("System.IO.IOException", "Directory not empty : '"+full+"'")
	case errors.Is(err, fs.ErrExist):
		return t.Throw("System.IO.IOException", "The file '"+full+"' already exists.")
	case errno == syscall.ENOSPC:
		return t.Throw("System.IO.IOException", "No space left on device : '"+full+"'")
	case errors.Is(err, fs.ErrClosed):
		return t.Throw("System.ObjectDisposedException", "Cannot access a closed file.")
	}
	msg := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		msg = pe.Err.Error()
	}
	return t.Throw("System.IO.IOException", msg+" : '"+full+"'")
}

// readFile reads a whole file.
func readFile(t *vm.Thread, v vm.Value) ([]byte, error) {
	files, full, err := resolve(t, v, "path")
	if err != nil {
		return nil, err
	}
	f, err := files.OpenFile(full, os.O_RDONLY)
	if err != nil {
		return nil, ioError(t, files, err, full)
	}
	defer f.Close()
	bs, err := io.ReadAll(f)
	if err != nil {
		return nil, ioError(t, files, err, full)
	}
	return bs, nil
}

// writeFile writes bs to a file, replacing it or appending to it.
func writeFile(t *vm.Thread, v vm.Value, bs []byte, appendTo bool) error {
	files, full, err := resolve(t, v, "path")
	if err != nil {
		return err
	}
	flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if appendTo {
		flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	f, err := files.OpenFile(full, flag)
	if err != nil {
		return ioError(t, files, err, full)
	}
	_, err = f.Write(bs)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return ioError(t, files, err, full)
	}
	return nil
}

// decodeText decodes a file's bytes as a StreamReader does: a byte order
// mark picks the encoding (and is dropped); otherwise enc, or UTF-8.
func decodeText(t *vm.Thread, bs []byte, enc *encoding) (string, error) {
	switch {
	case len(bs) >= 3 && bs[0] == 0xEF && bs[1] == 0xBB && bs[2] == 0xBF:
		enc, bs = &encoding{kind: encUTF8}, bs[3:]
	case len(bs) >= 2 && bs[0] == 0xFF && bs[1] == 0xFE && !(len(bs) >= 4 && bs[2] == 0 && bs[3] == 0):
		enc, bs = &encoding{kind: encUTF16}, bs[2:]
	case len(bs) >= 2 && bs[0] == 0xFE && bs[1] == 0xFF:
		enc, bs = &encoding{kind: encUTF16, bigEndian: true}, bs[2:]
	case len(bs) >= 4 && bs[0] == 0xFF && bs[1] == 0xFE && bs[2] == 0 && bs[3] == 0:
		enc, bs = &encoding{kind: encUTF32}, bs[4:]
	case enc == nil:
		enc = &encoding{kind: encUTF8}
	}
	s, derr := enc.decode(bs)
	if derr != nil {
		return "", throwDecode(t, bs, derr)
	}
	return s, nil
}

// encodeText encodes text to write: enc's preamble, then the text (UTF-8
// without a preamble when enc is nil).
func encodeText(s string, enc *encoding) []byte {
	if enc == nil {
		return []byte(s)
	}
	return append(enc.preamble(), enc.encode(s)...)
}

// encArg reads an optional Encoding argument (nil when absent or null).
func encArg(args []vm.Value, i int) *encoding {
	if i < len(args) {
		if e, ok := args[i].AsNative().(*encoding); ok {
			return e
		}
	}
	return nil
}

// splitLines splits text at "\n", "\r\n" and "\r", as ReadLine does: a
// final line terminator does not start another line.
func splitLines(s string) []string {
	var out []string
	for len(s) > 0 {
		i := strings.IndexAny(s, "\r\n")
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i])
		if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			i++
		}
		s = s[i+1:]
	}
	return out
}

// linesArg reads an IEnumerable<string> of lines to write, each followed by
// a newline.
func linesArg(t *vm.Thread, v vm.Value) (string, error) {
	if v.IsNull() {
		return "", argNull(t, "contents")
	}
	it, err := iterate(t, v)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for {
		e, ok, err := it.next(t)
		if err != nil {
			return "", err
		}
		if !ok {
			return b.String(), nil
		}
		s, err := t.ToString(e)
		if err != nil {
			return "", err
		}
		b.WriteString(s)
		b.WriteByte('\n')
	}
}

// textArg2 reads the text argument of WriteAllText/AppendAllText (null
// writes nothing, as .NET's does).
func textContents(v vm.Value) string {
	s, _ := str(v)
	return s
}

// fileReaders are File's reading members, by name: each returns its
// result from the path (and an optional encoding).
var fileReaders = map[string]func(t *vm.Thread, args []vm.Value) (vm.Value, error){
	"ReadAllText": func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		bs, err := readFile(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		s, err := decodeText(t, bs, encArg(args, 1))
		return vm.String(s), err
	},
	"ReadAllLines": func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		bs, err := readFile(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		s, err := decodeText(t, bs, encArg(args, 1))
		return strArray(splitLines(s)), err
	},
	"ReadAllBytes": func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		bs, err := readFile(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		return byteArray(bs), nil
	},
}

// fileWriters are File's writing members, by name.
var fileWriters = map[string]func(t *vm.Thread, args []vm.Value) error{
	"WriteAllText": func(t *vm.Thread, args []vm.Value) error {
		return writeFile(t, args[0], encodeText(textContents(args[1]), encArg(args, 2)), false)
	},
	"AppendAllText": func(t *vm.Thread, args []vm.Value) error {
		return appendFileText(t, args[0], textContents(args[1]), encArg(args, 2))
	},
	"WriteAllLines": func(t *vm.Thread, args []vm.Value) error {
		s, err := linesArg(t, args[1])
		if err != nil {
			return err
		}
		return writeFile(t, args[0], encodeText(s, encArg(args, 2)), false)
	},
	"AppendAllLines": func(t *vm.Thread, args []vm.Value) error {
		s, err := linesArg(t, args[1])
		if err != nil {
			return err
		}
		return appendFileText(t, args[0], s, encArg(args, 2))
	},
	"WriteAllBytes": func(t *vm.Thread, args []vm.Value) error {
		bs, err := byteArg(t, args[1], "bytes")
		if err != nil {
			return err
		}
		return writeFile(t, args[0], bs, false)
	},
}

// appendFileText appends text; the encoding's preamble is written only to a
// file that is empty or new.
func appendFileText(t *vm.Thread, p vm.Value, s string, enc *encoding) error {
	bs := encodeText(s, enc)
	if enc != nil {
		if files, full, err := resolve(t, p, "path"); err == nil {
			if fi, err := files.Stat(full); err == nil && fi.Size() > 0 {
				bs = enc.encode(s)
			}
		}
	}
	return writeFile(t, p, bs, true)
}

// Canceler is implemented by a CancellationToken's payload.
type Canceler interface{ IsCancellationRequested() bool }

// fileAsync runs a File operation on the thread pool, as .NET's async file
// methods do, and returns its task. A token already canceled gives a
// canceled task without touching the file.
func fileAsync(t *vm.Thread, resultT *vm.Type, args []vm.Value, op func(w *vm.Thread, args []vm.Value) (vm.Value, error)) (vm.Value, error) {
	if n := len(args); n > 1 && args[n-1].Type() != nil && args[n-1].Type().FullName() == "System.Threading.CancellationToken" {
		c, ok := args[n-1].AsNative().(Canceler)
		args = args[:n-1]
		if ok && c.IsCancellationRequested() {
			tk := vm.NewTask(resultT)
			tk.TryComplete(t, vm.StatusCanceled, vm.Null, []*vm.Instance{t.M.NewException("System.Threading.Tasks.TaskCanceledException", "A task was canceled.")})
			return vm.Ref(tk), nil
		}
	}
	args = append([]vm.Value(nil), args...)
	tk := vm.NewTask(resultT)
	t.M.Queue(func(w *vm.Thread) {
		r, err := op(w, args)
		if err != nil {
			var th *vm.Thrown
			if errors.As(err, &th) {
				tk.TryComplete(w, vm.StatusFaulted, vm.Null, []*vm.Instance{th.Exc})
				return
			}
			tk.TryComplete(w, vm.StatusFaulted, vm.Null, []*vm.Instance{w.M.NewException("System.IO.IOException", err.Error())})
			return
		}
		tk.TryComplete(w, vm.StatusRanToCompletion, r, nil)
	})
	return vm.Ref(tk), nil
}

// copyFile is File.Copy.
func copyFile(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	files, src, err := resolve(t, args[0], "sourceFileName")
	if err != nil {
		return vm.Null, err
	}
	_, dst, err := resolve(t, args[1], "destFileName")
	if err != nil {
		return vm.Null, err
	}
	in, err := files.OpenFile(src, os.O_RDONLY)
	if err != nil {
		return vm.Null, ioError(t, files, err, src)
	}
	defer in.Close()
	flag := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if len(args) > 2 && args[2].AsBool() {
		flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	out, err := files.OpenFile(dst, flag)
	if err != nil {
		return vm.Null, ioError(t, files, err, dst)
	}
	_, err = io.Copy(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return vm.Null, ioError(t, files, err, dst)
	}
	return vm.Null, nil
}

// moveFile is File.Move and Directory.Move.
func moveFile(t *vm.Thread, args []vm.Value, dir bool) (vm.Value, error) {
	srcParam, dstParam := "sourceFileName", "destFileName"
	if dir {
		srcParam, dstParam = "sourceDirName", "destDirName"
	}
	files, src, err := resolve(t, args[0], srcParam)
	if err != nil {
		return vm.Null, err
	}
	_, dst, err := resolve(t, args[1], dstParam)
	if err != nil {
		return vm.Null, err
	}
	si, err := files.Stat(src)
	if err != nil || si.IsDir() != dir {
		if err == nil {
			err = fs.ErrNotExist
		}
		return vm.Null, ioError(t, files, err, src)
	}
	overwrite := len(args) > 2 && args[2].AsBool()
	if _, err := files.Stat(dst); err == nil && (dir || !overwrite) {
		if dir {
			return vm.Null, t.Throw("System.IO.IOException", "Cannot create '"+dst+"' because a file or directory with the same name already exists.")
		}
		return vm.Null, ioError(t, files, fs.ErrExist, dst)
	}
	if err := files.Rename(src, dst); err != nil {
		return vm.Null, ioError(t, files, err, dst)
	}
	return vm.Null, nil
}

// mkdirAll is Directory.CreateDirectory.
func mkdirAll(files fsys.FS, full string) error {
	if fi, err := files.Stat(full); err == nil {
		if fi.IsDir() {
			return nil
		}
		return fs.ErrExist
	}
	if parent := path.Dir(full); parent != full {
		if err := mkdirAll(files, parent); err != nil {
			return err
		}
	}
	if err := files.Mkdir(full); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	return nil
}

// removeAll is Directory.Delete(path, true).
func removeAll(files fsys.FS, full string) error {
	es, err := files.ReadDir(full)
	if err != nil {
		return err
	}
	for _, e := range es {
		p := full + "/" + e.Name()
		if e.IsDir() {
			err = removeAll(files, p)
		} else {
			err = files.Remove(p)
		}
		if err != nil {
			return err
		}
	}
	return files.Remove(full)
}

// listDir is Directory.GetFiles/GetDirectories/EnumerateFiles...: the
// entries under dir (and below it with SearchOption.AllDirectories) whose
// names match the pattern, as paths that start with the path the program
// gave.
func listDir(t *vm.Thread, args []vm.Value, wantDirs, wantFiles bool) (vm.Value, error) {
	given, err := pathArg(t, args[0], "path")
	if err != nil {
		return vm.Null, err
	}
	files, full, err := resolve(t, args[0], "path")
	if err != nil {
		return vm.Null, err
	}
	pattern := "*"
	if len(args) > 1 {
		if pattern, _ = str(args[1]); pattern == "" && args[1].IsNull() {
			return vm.Null, argNull(t, "searchPattern")
		}
	}
	recursive := len(args) > 2 && args[2].Bits() == 1
	var out []string
	var walk func(dir, shown string) error
	walk = func(dir, shown string) error {
		es, err := files.ReadDir(dir)
		if err != nil {
			return ioError(t, files, err, dir)
		}
		for _, e := range es {
			p := strings.TrimSuffix(shown, "/") + "/" + e.Name()
			if (e.IsDir() && wantDirs || !e.IsDir() && wantFiles) && matchPattern(pattern, e.Name()) {
				out = append(out, p)
			}
			if e.IsDir() && recursive {
				if err := walk(dir+"/"+e.Name(), p); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := walk(full, given); err != nil {
		return vm.Null, err
	}
	return strArray(out), nil
}

// matchPattern matches a file name against a search pattern of '*' (any
// run) and '?' (one character), case-sensitively as on Linux.
func matchPattern(pattern, name string) bool {
	if pattern == "*" || pattern == "*.*" {
		return true
	}
	ok, err := path.Match(pattern, name)
	return ok && err == nil
}

func init() {
	f := tFile
	f.AddStatic("Exists", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		p, ok := str(args[0])
		files, err := filesOf(t)
		if !ok || p == "" || err != nil {
			return vm.Bool(false), nil
		}
		fi, err := files.Stat(path.Clean(fullPath(files, p)))
		return vm.Bool(err == nil && !fi.IsDir()), nil
	})
	for name, read := range fileReaders {
		most := 2 // the path, an encoding
		if name == "ReadAllBytes" {
			most = 1
		}
		f.AddStatic(name, 1, most, read)
		resultT := vm.TString
		switch name {
		case "ReadAllLines":
			resultT = vm.ArrayOf(vm.TString)
		case "ReadAllBytes":
			resultT = vm.ArrayOf(vm.TByte)
		}
		f.AddStatic(name+"Async", 1, most+1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return fileAsync(t, resultT, args, read)
		})
	}
	f.AddStatic("ReadLines", 1, 2, readLines)
	for name, write := range fileWriters {
		most := 3 // the path, the contents, an encoding
		if name == "WriteAllBytes" {
			most = 2
		}
		f.AddStatic(name, 2, most, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Null, write(t, args)
		})
		f.AddStatic(name+"Async", 2, most+1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return fileAsync(t, nil, args, func(w *vm.Thread, args []vm.Value) (vm.Value, error) {
				return vm.Null, write(w, args)
			})
		})
	}
	f.AddStatic("Delete", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		files, full, err := resolve(t, args[0], "path")
		if err != nil {
			return vm.Null, err
		}
		fi, err := files.Stat(full)
		switch {
		case err != nil && errors.Is(err, fs.ErrNotExist):
			if d, e := files.Stat(path.Dir(full)); e != nil || !d.IsDir() {
				return vm.Null, ioError(t, files, err, full)
			}
			return vm.Null, nil // deleting a missing file is not an error
		case err == nil && fi.IsDir():
			return vm.Null, ioError(t, files, fs.ErrPermission, full)
		}
		if err := files.Remove(full); err != nil {
			return vm.Null, ioError(t, files, err, full)
		}
		return vm.Null, nil
	})
	f.AddStatic("Copy", 2, 3, copyFile)
	opener := func(mode, access int64) vm.NativeFn {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			files, full, err := resolve(t, args[0], "path")
			if err != nil {
				return vm.Null, err
			}
			return fileStream(t, files, full, mode, access)
		}
	}
	f.AddStatic("OpenRead", 1, 1, opener(3, 1))
	f.AddStatic("OpenWrite", 1, 1, opener(4, 2))
	f.AddStatic("Create", 1, 2, opener(2, 3))
	f.AddStatic("Open", 2, 4, openFileStream)
	f.AddStatic("OpenText", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return newStreamReader(t, args[:1]) })
	f.AddStatic("CreateText", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return newStreamWriter(t, args[:1]) })
	f.AddStatic("AppendText", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return newStreamWriter(t, []vm.Value{args[0], vm.Bool(true)})
	})
	f.AddStatic("Move", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return moveFile(t, args, false) })

	d := tDirectory
	d.AddStatic("Exists", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		p, ok := str(args[0])
		files, err := filesOf(t)
		if !ok || p == "" || err != nil {
			return vm.Bool(false), nil
		}
		fi, err := files.Stat(path.Clean(fullPath(files, p)))
		return vm.Bool(err == nil && fi.IsDir()), nil
	})
	d.AddStatic("CreateDirectory", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		files, full, err := resolve(t, args[0], "path")
		if err != nil {
			return vm.Null, err
		}
		if err := mkdirAll(files, full); err != nil {
			if errors.Is(err, fs.ErrExist) {
				return vm.Null, t.Throw("System.IO.IOException", "The file '"+full+"' already exists.")
			}
			return vm.Null, ioError(t, files, err, full)
		}
		return newDirectoryInfo(full), nil
	})
	d.AddStatic("Delete", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		files, full, err := resolve(t, args[0], "path")
		if err != nil {
			return vm.Null, err
		}
		fi, err := files.Stat(full)
		switch {
		case err != nil:
			return vm.Null, t.Throw("System.IO.DirectoryNotFoundException", "Could not find a part of the path '"+full+"'.")
		case !fi.IsDir():
			return vm.Null, t.Throw("System.IO.IOException", "The directory name is invalid. : '"+full+"'")
		}
		if len(args) > 1 && args[1].AsBool() {
			err = removeAll(files, full)
		} else {
			err = files.Remove(full)
		}
		if err != nil {
			return vm.Null, ioError(t, files, err, full)
		}
		return vm.Null, nil
	})
	d.AddStatic("Move", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return moveFile(t, args, true) })
	for _, name := range []string{"GetFiles", "EnumerateFiles"} {
		d.AddStatic(name, 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return listDir(t, args, false, true) })
	}
	for _, name := range []string{"GetDirectories", "EnumerateDirectories"} {
		d.AddStatic(name, 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return listDir(t, args, true, false) })
	}
	for _, name := range []string{"GetFileSystemEntries", "EnumerateFileSystemEntries"} {
		d.AddStatic(name, 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return listDir(t, args, true, true) })
	}
	d.AddStatic("GetParent", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		_, full, err := resolve(t, args[0], "path")
		if err != nil || full == "/" {
			return vm.Null, err
		}
		return newDirectoryInfo(path.Dir(full)), nil
	})
	d.AddStatic("GetCurrentDirectory", 0, 0, func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		files, err := filesOf(t)
		if err != nil {
			return vm.Null, err
		}
		return vm.String(files.Getwd()), nil
	})
	pathInit()
	fileInfoInit()
}

// newDirectoryInfo is a DirectoryInfo of a full path.
func newDirectoryInfo(full string) vm.Value {
	trimmed := strings.TrimSuffix(full, "/")
	if trimmed == "" {
		trimmed = "/"
	}
	return vm.NewNative(tDirectoryInfo, &fsInfo{full: trimmed, given: full})
}

var (
	tFileSystemInfo = register(vm.NewLibType("System.IO", "FileSystemInfo", nil))
	tFileInfo       = register(vm.NewLibType("System.IO", "FileInfo", tFileSystemInfo))
	tDirectoryInfo  = register(vm.NewLibType("System.IO", "DirectoryInfo", tFileSystemInfo))
)

// fsInfo is the payload of a FileInfo or DirectoryInfo: the full path and
// the path the program gave (ToString).
type fsInfo struct{ full, given string }

func infoOf(v vm.Value) *fsInfo { return v.AsNative().(*fsInfo) }

// stat is the file system entry of an info, or nil.
func (i *fsInfo) stat(t *vm.Thread) fs.FileInfo {
	files, err := filesOf(t)
	if err != nil {
		return nil
	}
	fi, err := files.Stat(path.Clean(i.full))
	if err != nil {
		return nil
	}
	return fi
}

func infoCtor(ty *vm.Type, param string) vm.NativeFn {
	return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		given, err := pathArg(t, args[0], param)
		if err != nil {
			return vm.Null, err
		}
		files, err := filesOf(t)
		if err != nil {
			return vm.Null, err
		}
		full := fullPath(files, given)
		if ty == tDirectoryInfo {
			full = strings.TrimSuffix(full, "/")
			if full == "" {
				full = "/"
			}
		}
		return vm.NewNative(ty, &fsInfo{full: full, given: given}), nil
	}
}

// infoArgs prepends an info's full path to args, for the File and
// Directory members its methods are.
func infoArgs(v vm.Value, args []vm.Value) []vm.Value {
	return append([]vm.Value{vm.String(infoOf(v).full)}, args...)
}

func fileInfoInit() {
	fsi := tFileSystemInfo
	text := func(fn func(i *fsInfo) string) vm.NativeFn {
		return func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.String(fn(infoOf(args[0]))), nil }
	}
	fsi.AddProperty("FullName", text(func(i *fsInfo) string { return i.full }), nil)
	fsi.AddProperty("Name", text(func(i *fsInfo) string {
		if i.full == "/" {
			return "/"
		}
		return path.Base(i.full)
	}), nil)
	fsi.AddProperty("Extension", text(func(i *fsInfo) string { return extension(i.full) }), nil)
	fsi.AddMethod("ToString", 0, 0, text(func(i *fsInfo) string { return i.given }))
	fsi.AddMethod("Refresh", 0, 0, func(*vm.Thread, []vm.Value) (vm.Value, error) { return vm.Null, nil })
	times := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		fi := infoOf(args[0]).stat(t)
		if fi == nil {
			// .NET's time of a missing entry: 1601-01-01 UTC, in local time.
			return newDateTime(504_911_232_000_000_000, netfmt.KindLocal), nil
		}
		return newDateTime(netfmt.TimeToTicks(fi.ModTime()), netfmt.KindLocal), nil
	}
	for _, name := range []string{"LastWriteTime", "CreationTime", "LastAccessTime"} {
		fsi.AddProperty(name, times, nil)
	}

	fi := tFileInfo
	fi.AddStatic(".ctor", 1, 1, infoCtor(tFileInfo, "fileName"))
	fi.AddProperty("Exists", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		st := infoOf(args[0]).stat(t)
		return vm.Bool(st != nil && !st.IsDir()), nil
	}, nil)
	fi.AddProperty("Length", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		i := infoOf(args[0])
		st := i.stat(t)
		if st == nil || st.IsDir() {
			return vm.Null, t.Throw("System.IO.FileNotFoundException", "Could not find file '"+i.full+"'.")
		}
		return vm.Long(st.Size()), nil
	}, nil)
	fi.AddProperty("DirectoryName", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.String(path.Dir(infoOf(args[0]).full)), nil
	}, nil)
	fi.AddProperty("Directory", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return newDirectoryInfo(path.Dir(infoOf(args[0]).full)), nil
	}, nil)
	fi.AddMethod("Delete", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return tFile.Statics["Delete"][0].Native(t, infoArgs(args[0], nil))
	})
	fi.AddMethod("CopyTo", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if _, err := copyFile(t, infoArgs(args[0], args[1:])); err != nil {
			return vm.Null, err
		}
		return infoCtor(tFileInfo, "destFileName")(t, args[1:2])
	})
	fi.AddMethod("MoveTo", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if _, err := moveFile(t, infoArgs(args[0], args[1:]), false); err != nil {
			return vm.Null, err
		}
		files, _ := filesOf(t)
		to, _ := str(args[1])
		*infoOf(args[0]) = fsInfo{full: fullPath(files, to), given: to}
		return vm.Null, nil
	})
	for _, name := range []string{"OpenRead", "OpenText", "CreateText", "AppendText", "Create", "OpenWrite"} {
		f := tFile.Statics[name][0]
		fi.AddMethod(name, 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return f.Native(t, infoArgs(args[0], nil))
		})
	}

	di := tDirectoryInfo
	di.AddStatic(".ctor", 1, 1, infoCtor(tDirectoryInfo, "path"))
	di.AddProperty("Exists", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		st := infoOf(args[0]).stat(t)
		return vm.Bool(st != nil && st.IsDir()), nil
	}, nil)
	di.AddProperty("Parent", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		full := infoOf(args[0]).full
		if full == "/" {
			return vm.Null, nil
		}
		return newDirectoryInfo(path.Dir(full)), nil
	}, nil)
	di.AddMethod("Create", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		_, err := tDirectory.Statics["CreateDirectory"][0].Native(t, infoArgs(args[0], nil))
		return vm.Null, err
	})
	di.AddMethod("CreateSubdirectory", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		sub, err := pathArg(t, args[1], "path")
		if err != nil {
			return vm.Null, err
		}
		return tDirectory.Statics["CreateDirectory"][0].Native(t, []vm.Value{vm.String(infoOf(args[0]).full + "/" + sub)})
	})
	di.AddMethod("Delete", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return tDirectory.Statics["Delete"][0].Native(t, infoArgs(args[0], args[1:]))
	})
	list := func(files, dirs bool) vm.NativeFn {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			names, err := listDir(t, infoArgs(args[0], args[1:]), dirs, files)
			if err != nil {
				return vm.Null, err
			}
			elem := tFileInfo
			switch {
			case dirs && files:
				elem = tFileSystemInfo
			case dirs:
				elem = tDirectoryInfo
			}
			a := names.AsArray()
			out := make([]vm.Value, len(a.V))
			fsys, _ := filesOf(t)
			for k, v := range a.V {
				p, _ := str(v)
				ty := elem
				if elem == tFileSystemInfo {
					ty = tFileInfo
					if st, err := fsys.Stat(p); err == nil && st.IsDir() {
						ty = tDirectoryInfo
					}
				}
				out[k] = vm.NewNative(ty, &fsInfo{full: p, given: p})
			}
			return vm.Ref(vm.NewArrayOf(elem, out)), nil
		}
	}
	for _, n := range []string{"GetFiles", "EnumerateFiles"} {
		di.AddMethod(n, 0, 2, list(true, false))
	}
	for _, n := range []string{"GetDirectories", "EnumerateDirectories"} {
		di.AddMethod(n, 0, 2, list(false, true))
	}
	for _, n := range []string{"GetFileSystemInfos", "EnumerateFileSystemInfos"} {
		di.AddMethod(n, 0, 2, list(true, true))
	}
}

// Path's members: string operations with Linux's rules ('/' separates, a
// name's extension starts at its last '.').
func pathInit() {
	p := tPath
	char := func(c uint16) func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return func(*vm.Thread, []vm.Value) (vm.Value, error) { return vm.Char(c), nil }
	}
	p.AddStaticProperty("DirectorySeparatorChar", char('/'), nil)
	p.AddStaticProperty("AltDirectorySeparatorChar", char('/'), nil)
	p.AddStaticProperty("VolumeSeparatorChar", char('/'), nil)
	p.AddStaticProperty("PathSeparator", char(':'), nil)
	nullable := func(fn func(s string) vm.Value) vm.NativeFn {
		return func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			s, ok := str(args[0])
			if !ok {
				return vm.Null, nil
			}
			return fn(s), nil
		}
	}
	p.AddStatic("GetFileName", 1, 1, nullable(func(s string) vm.Value { return vm.String(s[strings.LastIndexByte(s, '/')+1:]) }))
	p.AddStatic("GetExtension", 1, 1, nullable(func(s string) vm.Value { return vm.String(extension(s)) }))
	p.AddStatic("HasExtension", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, _ := str(args[0])
		return vm.Bool(extension(s) != ""), nil
	})
	p.AddStatic("GetFileNameWithoutExtension", 1, 1, nullable(func(s string) vm.Value {
		name := s[strings.LastIndexByte(s, '/')+1:]
		return vm.String(name[:len(name)-len(extension(name))])
	}))
	p.AddStatic("GetDirectoryName", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, ok := str(args[0])
		if !ok || s == "" {
			return vm.Null, nil
		}
		i := strings.LastIndexByte(s, '/')
		switch {
		case s == "/":
			return vm.Null, nil
		case i < 0:
			return vm.String(""), nil
		case i == 0:
			return vm.String("/"), nil
		}
		return vm.String(strings.TrimRight(s[:i], "/")), nil
	})
	p.AddStatic("ChangeExtension", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, ok := str(args[0])
		if !ok {
			return vm.Null, nil
		}
		s = s[:len(s)-len(extension(s))]
		s = strings.TrimSuffix(s, ".")
		ext, ok := str(args[1])
		if !ok {
			return vm.String(s), nil
		}
		if !strings.HasPrefix(ext, ".") {
			ext = "." + ext
		}
		return vm.String(s + ext), nil
	})
	rooted := func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, _ := str(args[0])
		return vm.Bool(strings.HasPrefix(s, "/")), nil
	}
	p.AddStatic("IsPathRooted", 1, 1, rooted)
	p.AddStatic("IsPathFullyQualified", 1, 1, rooted)
	p.AddStatic("Combine", 1, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		parts, err := pathParts(t, args, "paths")
		return vm.String(joinPaths(parts, true)), err
	})
	p.AddStatic("Join", 1, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		parts, err := pathParts(t, args, "")
		return vm.String(joinPaths(parts, false)), err
	})
	p.AddStatic("GetFullPath", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, err := pathArg(t, args[0], "path")
		if err != nil {
			return vm.Null, err
		}
		if len(args) > 1 && !strings.HasPrefix(s, "/") {
			base, err := pathArg(t, args[1], "basePath")
			if err != nil {
				return vm.Null, err
			}
			s = strings.TrimSuffix(base, "/") + "/" + s
		}
		files, err := filesOf(t)
		if err != nil {
			files = fsys.NewMem()
		}
		return vm.String(fullPath(files, s)), nil
	})
	p.AddStatic("GetTempPath", 0, 0, func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		files, err := filesOf(t)
		if err != nil {
			return vm.Null, err
		}
		return vm.String(strings.TrimSuffix(files.TempDir(), "/") + "/"), nil
	})
	p.AddStatic("GetRandomFileName", 0, 0, func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.String(randomName(8) + "." + randomName(3)), nil
	})
	p.AddStatic("GetTempFileName", 0, 0, func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		files, err := filesOf(t)
		if err != nil {
			return vm.Null, err
		}
		for {
			full := strings.TrimSuffix(files.TempDir(), "/") + "/tmp" + randomName(6) + ".tmp"
			f, err := files.OpenFile(full, os.O_WRONLY|os.O_CREATE|os.O_EXCL)
			if errors.Is(err, fs.ErrExist) {
				continue
			}
			if err != nil {
				return vm.Null, ioError(t, files, err, full)
			}
			f.Close()
			return vm.String(full), nil
		}
	})
	p.AddStatic("GetInvalidFileNameChars", 0, 0, func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.Ref(vm.NewArrayOf(vm.TChar, []vm.Value{vm.Char(0), vm.Char('/')})), nil
	})
	p.AddStatic("GetInvalidPathChars", 0, 0, func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.Ref(vm.NewArrayOf(vm.TChar, []vm.Value{vm.Char(0)})), nil
	})
}

// pathParts reads Combine's or Join's strings, given one by one or as a
// params array. Combine rejects null (param names the argument).
func pathParts(t *vm.Thread, args []vm.Value, param string) ([]string, error) {
	if len(args) == 1 {
		if a := args[0].AsArray(); a != nil {
			args = a.V
		}
	}
	names := []string{"path1", "path2", "path3", "path4"}
	var out []string
	for i, v := range args {
		s, ok := str(v)
		if !ok && param != "" {
			name := param
			if len(args) <= 4 {
				name = names[i]
			}
			return nil, argNull(t, name)
		}
		out = append(out, s)
	}
	return out, nil
}

// joinPaths is Path.Combine (combine: a rooted part starts the path over)
// or Path.Join (parts are joined as they are): a '/' goes between two
// parts unless one is already there; empty parts are skipped.
func joinPaths(parts []string, combine bool) string {
	out := ""
	for _, s := range parts {
		switch {
		case s == "":
		case combine && strings.HasPrefix(s, "/"), out == "":
			out = s
		case strings.HasSuffix(out, "/") || strings.HasPrefix(s, "/"):
			out += s
		default:
			out += "/" + s
		}
	}
	return out
}

// extension is the extension of the last name in s, with its dot ("" for
// none, or for a name that ends with the dot).
func extension(s string) string {
	name := s[strings.LastIndexByte(s, '/')+1:]
	i := strings.LastIndexByte(name, '.')
	if i < 0 || i == len(name)-1 {
		return ""
	}
	return name[i:]
}

// randomName is n random lower-case letters and digits.
func randomName(n int) string {
	const chars = "abcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, n)
	for i := range b {
		b[i] = chars[rand.IntN(len(chars))]
	}
	return string(b)
}

// readLines is File.ReadLines: it opens the file at once (a missing file
// throws at the call, as in .NET) and reads a line per MoveNext; a second
// enumeration opens the file again. The reader closes at the end or when
// the enumeration is abandoned (a foreach left early, Take).
func readLines(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	args = append([]vm.Value(nil), args...)
	first, err := newStreamReader(t, append([]vm.Value(nil), args...))
	if err != nil {
		return vm.Null, err
	}
	var mu sync.Mutex
	return lazy("ReadLines", vm.TString, func(t *vm.Thread) (iter, error) {
		mu.Lock()
		rv := first
		first = vm.Null
		mu.Unlock()
		if rv.IsNull() {
			var err error
			if rv, err = newStreamReader(t, append([]vm.Value(nil), args...)); err != nil {
				return nil, err
			}
		}
		return &lineIter{r: readerOf(rv)}, nil
	}), nil
}

// lineIter reads lines from r until its end, then closes it.
type lineIter struct {
	r    *reader
	done bool
}

func (l *lineIter) next(t *vm.Thread) (vm.Value, bool, error) {
	if l.done {
		return vm.Null, false, nil
	}
	v, err := l.r.readLine(t)
	if err != nil || v.IsNull() {
		if cerr := l.close(t); err == nil {
			err = cerr
		}
		return vm.Null, false, err
	}
	return v, true, nil
}

func (l *lineIter) close(*vm.Thread) error {
	if !l.done {
		l.done = true
		l.r.closed = true
		l.r.s.close()
	}
	return nil
}

package lib

import (
	"encoding/binary"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"asyncvm/vm"
)

// System.Text.Encoding: UTF-8, ASCII, UTF-16 (both byte orders), UTF-32
// and Latin-1 with .NET's replacement fallbacks: a character an encoding
// cannot represent becomes '?', and bytes that do not decode become
// U+FFFD (one per maximal invalid subsequence in UTF-8, as .NET Core
// does), or '?' for ASCII. A VM string is UTF-8 and never holds a lone
// surrogate, so encoding never meets one.

var (
	tEncoding        = register(vm.NewLibType("System.Text", "Encoding", nil))
	tUTF8Encoding    = register(vm.NewLibType("System.Text", "UTF8Encoding", tEncoding))
	tASCIIEncoding   = register(vm.NewLibType("System.Text", "ASCIIEncoding", tEncoding))
	tUnicodeEncoding = register(vm.NewLibType("System.Text", "UnicodeEncoding", tEncoding))
	tUTF32Encoding   = register(vm.NewLibType("System.Text", "UTF32Encoding", tEncoding))
	tLatin1Encoding  = register(vm.NewLibType("System.Text", "Latin1Encoding", tEncoding))

	tNormalizationForm = libEnumValues("System.Text", "NormalizationForm", []vm.EnumMember{
		{Name: "FormC", Value: 1}, {Name: "FormD", Value: 2}, {Name: "FormKC", Value: 5}, {Name: "FormKD", Value: 6},
	})
)

// encKind names the transformation an encoding performs.
type encKind int

const (
	encUTF8 encKind = iota
	encASCII
	encUTF16
	encUTF32
	encLatin1
)

// encoding is an Encoding's payload.
type encoding struct {
	kind      encKind
	bigEndian bool // UTF-16 and UTF-32
	bom       bool // GetPreamble returns the byte order mark
	throw     bool // throwOnInvalidBytes: invalid input throws instead of being replaced
}

// Encoding's static instances, shared as .NET's are.
var (
	encUTF8BOM    = vm.NewNative(tUTF8Encoding, &encoding{kind: encUTF8, bom: true})
	encUTF8NoBOM  = vm.NewNative(tUTF8Encoding, &encoding{kind: encUTF8})
	encASCIIInst  = vm.NewNative(tASCIIEncoding, &encoding{kind: encASCII})
	encUTF16LE    = vm.NewNative(tUnicodeEncoding, &encoding{kind: encUTF16, bom: true})
	encUTF16BE    = vm.NewNative(tUnicodeEncoding, &encoding{kind: encUTF16, bigEndian: true, bom: true})
	encUTF32LE    = vm.NewNative(tUTF32Encoding, &encoding{kind: encUTF32, bom: true})
	encUTF32BE    = vm.NewNative(tUTF32Encoding, &encoding{kind: encUTF32, bigEndian: true, bom: true})
	encLatin1Inst = vm.NewNative(tLatin1Encoding, &encoding{kind: encLatin1})
)

func encOf(v vm.Value) *encoding { return v.AsNative().(*encoding) }

// webName, encodingName and codePage are the encoding's names as .NET
// gives them.
func (e *encoding) names() (web, name string, codePage int) {
	switch e.kind {
	case encASCII:
		return "us-ascii", "US-ASCII", 20127
	case encUTF16:
		if e.bigEndian {
			return "utf-16BE", "Unicode (Big-Endian)", 1201
		}
		return "utf-16", "Unicode", 1200
	case encUTF32:
		if e.bigEndian {
			return "utf-32BE", "Unicode (UTF-32 Big-Endian)", 12001
		}
		return "utf-32", "Unicode (UTF-32)", 12000
	case encLatin1:
		return "iso-8859-1", "Western European (ISO)", 28591
	}
	return "utf-8", "Unicode (UTF-8)", 65001
}

// preamble is the byte order mark GetPreamble returns.
func (e *encoding) preamble() []byte {
	if !e.bom {
		return nil
	}
	switch e.kind {
	case encUTF8:
		return []byte{0xEF, 0xBB, 0xBF}
	case encUTF16:
		if e.bigEndian {
			return []byte{0xFE, 0xFF}
		}
		return []byte{0xFF, 0xFE}
	case encUTF32:
		if e.bigEndian {
			return []byte{0, 0, 0xFE, 0xFF}
		}
		return []byte{0xFF, 0xFE, 0, 0}
	}
	return nil
}

// encode turns the text into the encoding's bytes.
func (e *encoding) encode(s string) []byte {
	switch e.kind {
	case encUTF8:
		return []byte(s)
	case encASCII, encLatin1:
		limit := rune(0x7F)
		if e.kind == encLatin1 {
			limit = 0xFF
		}
		out := make([]byte, 0, len(s))
		for _, r := range s {
			if r > limit {
				r = '?'
			}
			out = append(out, byte(r))
		}
		return out
	case encUTF16:
		u := utf16.Encode([]rune(s))
		out := make([]byte, 2*len(u))
		for i, c := range u {
			if e.bigEndian {
				binary.BigEndian.PutUint16(out[2*i:], c)
			} else {
				binary.LittleEndian.PutUint16(out[2*i:], c)
			}
		}
		return out
	}
	rs := []rune(s)
	out := make([]byte, 4*len(rs))
	for i, r := range rs {
		if e.bigEndian {
			binary.BigEndian.PutUint32(out[4*i:], uint32(r))
		} else {
			binary.LittleEndian.PutUint32(out[4*i:], uint32(r))
		}
	}
	return out
}

// byteCount is the length of encode(s) without building it.
func (e *encoding) byteCount(s string) int {
	switch e.kind {
	case encUTF8:
		return len(s)
	case encASCII, encLatin1:
		return utf8.RuneCountInString(s)
	case encUTF16:
		return 2 * vm.NewStr(s).Len()
	}
	return 4 * utf8.RuneCountInString(s)
}

// decodeError is the byte offset of input the encoding could not decode,
// for throwOnInvalidBytes.
type decodeError struct{ index int }

// decode turns bytes into text; an invalid sequence becomes U+FFFD ('?'
// for ASCII), or stops the decoding with e.throw.
func (e *encoding) decode(bs []byte) (string, *decodeError) {
	var b strings.Builder
	b.Grow(len(bs))
	bad := func(i int) *decodeError {
		if e.throw {
			return &decodeError{i}
		}
		b.WriteRune(utf8.RuneError)
		return nil
	}
	switch e.kind {
	case encUTF8:
		for i := 0; i < len(bs); {
			r, n := utf8.DecodeRune(bs[i:])
			if r == utf8.RuneError && n <= 1 {
				if err := bad(i); err != nil {
					return "", err
				}
				i += invalidUTF8Len(bs[i:])
				continue
			}
			b.WriteRune(r)
			i += n
		}
	case encASCII:
		for i, c := range bs {
			if c > 0x7F {
				if e.throw {
					return "", &decodeError{i}
				}
				c = '?'
			}
			b.WriteByte(c)
		}
	case encLatin1:
		for _, c := range bs {
			b.WriteRune(rune(c))
		}
	case encUTF16:
		u := make([]uint16, len(bs)/2)
		for i := range u {
			if e.bigEndian {
				u[i] = binary.BigEndian.Uint16(bs[2*i:])
			} else {
				u[i] = binary.LittleEndian.Uint16(bs[2*i:])
			}
		}
		for i := 0; i < len(u); i++ {
			c := rune(u[i])
			switch {
			case utf16.IsSurrogate(c) && c < 0xDC00 && i+1 < len(u) && u[i+1] >= 0xDC00 && u[i+1] < 0xE000:
				b.WriteRune(utf16.DecodeRune(c, rune(u[i+1])))
				i++
			case utf16.IsSurrogate(c):
				if err := bad(2 * i); err != nil {
					return "", err
				}
			default:
				b.WriteRune(c)
			}
		}
		if len(bs)%2 == 1 {
			if err := bad(len(bs) - 1); err != nil {
				return "", err
			}
		}
	case encUTF32:
		for i := 0; i+4 <= len(bs); i += 4 {
			var c uint32
			if e.bigEndian {
				c = binary.BigEndian.Uint32(bs[i:])
			} else {
				c = binary.LittleEndian.Uint32(bs[i:])
			}
			if c > utf8.MaxRune || c >= 0xD800 && c < 0xE000 {
				if err := bad(i); err != nil {
					return "", err
				}
				continue
			}
			b.WriteRune(rune(c))
		}
		if len(bs)%4 != 0 {
			if err := bad(len(bs) - len(bs)%4); err != nil {
				return "", err
			}
		}
	}
	return b.String(), nil
}

// invalidUTF8Len is the length of the maximal subpart of an ill-formed
// UTF-8 sequence at the start of bs (Unicode 3.9, U+FFFD substitution of
// maximal subparts, which .NET follows): a lead byte and the continuation
// bytes that could still have completed it, at least one byte.
func invalidUTF8Len(bs []byte) int {
	c := bs[0]
	var need int
	lo, hi := byte(0x80), byte(0xBF) // the range of the second byte
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c >= 0xE1 && c <= 0xEC, c == 0xEE, c == 0xEF:
		need = 2
	case c == 0xED:
		need, hi = 2, 0x9F
	case c == 0xF0:
		need, lo = 3, 0x90
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	case c == 0xF4:
		need, hi = 3, 0x8F
	default:
		return 1
	}
	n := 1
	for k := 0; k < need && n < len(bs); k++ {
		x := bs[n]
		if k == 0 && (x < lo || x > hi) || k > 0 && (x < 0x80 || x > 0xBF) {
			break
		}
		n++
	}
	return n
}

// charCount is the UTF-16 length of the decoded text.
func (e *encoding) charCount(bs []byte) (int, *decodeError) {
	switch e.kind {
	case encASCII:
		if !e.throw {
			return len(bs), nil
		}
	case encLatin1:
		return len(bs), nil
	}
	s, err := e.decode(bs)
	if err != nil {
		return 0, err
	}
	return vm.NewStr(s).Len(), nil
}

// maxByteCount and maxCharCount are GetMaxByteCount and GetMaxCharCount:
// the worst case of charCount characters or byteCount bytes, counting
// one replacement for a partial sequence left over, as .NET does.
func (e *encoding) maxByteCount(chars int) int {
	switch e.kind {
	case encUTF8:
		return (chars + 1) * 3
	case encASCII, encLatin1:
		return chars + 1
	case encUTF16:
		return (chars + 1) * 2
	}
	return (chars + 1) * 4
}

func (e *encoding) maxCharCount(bytes int) int {
	switch e.kind {
	case encUTF8:
		return bytes + 1
	case encASCII, encLatin1:
		return bytes
	case encUTF16:
		return bytes/2 + bytes%2 + 1
	}
	return bytes/2 + 2
}

// textArg reads the text an encoding method takes: a string, or a char[]
// with an optional (index, count) range.
func textArg(t *vm.Thread, args []vm.Value) (string, error) {
	if s := args[0].AsStr(); s != nil {
		if len(args) == 3 {
			u := s.UTF16()
			i, n, err := encRange(t, len(u), args[1], args[2], "index", "count", "s")
			if err != nil {
				return "", err
			}
			return fromU16(u[i : i+n]), nil
		}
		return s.S, nil
	}
	a := args[0].AsArray()
	if a == nil {
		// A null's static type is gone at run time: name the string
		// overload's parameter for one argument, the char[] one's for three.
		param := "s"
		if len(args) == 3 {
			param = "chars"
		}
		return "", argNull(t, param)
	}
	start, n := 0, len(a.V)
	if len(args) == 3 {
		var err error
		if start, n, err = encRange(t, len(a.V), args[1], args[2], "index", "count", "chars"); err != nil {
			return "", err
		}
	}
	u := make([]uint16, n)
	for i := range u {
		u[i] = a.V[start+i].AsChar()
	}
	return fromU16(u), nil
}

// bytesArg reads a byte[] with an optional (index, count) range.
func bytesArg(t *vm.Thread, args []vm.Value) ([]byte, error) {
	bs, err := byteArg(t, args[0], "bytes")
	if err != nil {
		return nil, err
	}
	if len(args) == 3 {
		i, n, err := encRange(t, len(bs), args[1], args[2], "index", "count", "bytes")
		if err != nil {
			return nil, err
		}
		bs = bs[i : i+n]
	}
	return bs, nil
}

// encRange checks an (index, count) pair against a length of n, with
// .NET's messages.
func encRange(t *vm.Thread, n int, iv, cv vm.Value, ip, cp, arr string) (int, int, error) {
	i, _ := toInt(iv)
	c, _ := toInt(cv)
	switch {
	case i < 0:
		return 0, 0, argOutOfRange(t, ip, msgNonNegative)
	case c < 0:
		return 0, 0, argOutOfRange(t, cp, msgNonNegative)
	case n-i < c:
		return 0, 0, argOutOfRange(t, arr, "Index and count must refer to a location within the buffer.")
	}
	return i, c, nil
}

// throwDecode throws .NET's DecoderFallbackException for invalid bytes.
func throwDecode(t *vm.Thread, bs []byte, err *decodeError) error {
	b := bs[err.index]
	return t.Throw("System.Text.DecoderFallbackException", "Unable to translate bytes ["+hexByte(b)+"] at index "+strconv.Itoa(err.index)+" from specified code page to Unicode.")
}

func hexByte(b byte) string {
	const digits = "0123456789ABCDEF"
	return string([]byte{digits[b>>4], digits[b&15]})
}

// getEncoding is Encoding.GetEncoding by name or code page.
func getEncoding(t *vm.Thread, v vm.Value) (vm.Value, error) {
	if n, ok := toInt(v); ok && v.AsStr() == nil {
		switch n {
		case 65001:
			return encUTF8BOM, nil
		case 20127:
			return encASCIIInst, nil
		case 1200:
			return encUTF16LE, nil
		case 1201:
			return encUTF16BE, nil
		case 12000:
			return encUTF32LE, nil
		case 12001:
			return encUTF32BE, nil
		case 28591:
			return encLatin1Inst, nil
		}
		if n < 0 || n > 65535 {
			return vm.Null, argOutOfRange(t, "codepage", "Valid values are between 0 and 65535, inclusive.")
		}
		return vm.Null, t.Throw("System.NotSupportedException", "No data is available for encoding "+strconv.Itoa(n)+". For information on defining a custom encoding, see the documentation for the Encoding.RegisterProvider method.")
	}
	name, err := strArg(t, v, "name")
	if err != nil {
		return vm.Null, err
	}
	switch strings.ToLower(name) {
	case "utf-8", "utf8", "unicode-1-1-utf-8", "unicode-2-0-utf-8", "x-unicode20utf8":
		return encUTF8BOM, nil
	case "us-ascii", "ascii", "us", "ansi_x3.4-1968", "ansi_x3.4-1986", "cp367", "csascii", "ibm367", "iso-ir-6", "iso646-us", "iso_646.irv:1991":
		return encASCIIInst, nil
	case "utf-16", "utf-16le", "unicode", "ucs-2", "iso-10646-ucs-2", "unicodefffe":
		if strings.EqualFold(name, "unicodefffe") {
			return encUTF16BE, nil
		}
		return encUTF16LE, nil
	case "utf-16be":
		return encUTF16BE, nil
	case "utf-32", "utf-32le":
		return encUTF32LE, nil
	case "utf-32be":
		return encUTF32BE, nil
	case "iso-8859-1", "latin1", "l1", "cp819", "csisolatin1", "ibm819", "iso-ir-100", "iso8859-1", "iso_8859-1", "iso_8859-1:1987":
		return encLatin1Inst, nil
	}
	return vm.Null, t.Throw("System.ArgumentException", "'"+name+"' is not a supported encoding name. For information on defining a custom encoding, see the documentation for the Encoding.RegisterProvider method. (Parameter 'name')")
}

// normForm maps a NormalizationForm value to its form.
func normForm(t *vm.Thread, args []vm.Value) (norm.Form, error) {
	if len(args) < 2 {
		return norm.NFC, nil
	}
	n, _ := toInt(args[1])
	switch n {
	case 1:
		return norm.NFC, nil
	case 2:
		return norm.NFD, nil
	case 5:
		return norm.NFKC, nil
	case 6:
		return norm.NFKD, nil
	}
	return 0, t.Throw("System.ArgumentException", "Invalid normalization form. (Parameter 'normalizationForm')")
}

// oneOrThree registers a method taking one argument or three (an array
// with an index and a count).
func oneOrThree(t *vm.Type, name string, fn vm.NativeFn) {
	t.AddMethod(name, 1, 1, fn)
	t.AddMethod(name, 3, 3, fn)
}

func init() {
	e := tEncoding
	for name, v := range map[string]vm.Value{
		"UTF8": encUTF8BOM, "ASCII": encASCIIInst, "Unicode": encUTF16LE, "BigEndianUnicode": encUTF16BE,
		"UTF32": encUTF32LE, "Latin1": encLatin1Inst, "Default": encUTF8NoBOM,
	} {
		e.AddStaticProperty(name, func(*vm.Thread, []vm.Value) (vm.Value, error) { return v, nil }, nil)
	}
	e.AddStatic("GetEncoding", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return getEncoding(t, args[0]) })
	oneOrThree(e, "GetBytes", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, err := textArg(t, args[1:])
		if err != nil {
			return vm.Null, err
		}
		bs := encOf(args[0]).encode(s)
		if err := t.Reserve(int64(len(bs)) * 16); err != nil {
			return vm.Null, err
		}
		return byteArray(bs), nil
	})
	oneOrThree(e, "GetByteCount", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, err := textArg(t, args[1:])
		if err != nil {
			return vm.Null, err
		}
		return vm.Int(int32(encOf(args[0]).byteCount(s))), nil
	})
	decoded := func(t *vm.Thread, args []vm.Value) (string, error) {
		bs, err := bytesArg(t, args[1:])
		if err != nil {
			return "", err
		}
		s, derr := encOf(args[0]).decode(bs)
		if derr != nil {
			return "", throwDecode(t, bs, derr)
		}
		return s, nil
	}
	oneOrThree(e, "GetString", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, err := decoded(t, args)
		if err != nil {
			return vm.Null, err
		}
		return t.NewString(s)
	})
	oneOrThree(e, "GetChars", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, err := decoded(t, args)
		if err != nil {
			return vm.Null, err
		}
		u := u16(s)
		if err := t.Reserve(int64(len(u)) * 16); err != nil {
			return vm.Null, err
		}
		vs := make([]vm.Value, len(u))
		for i, c := range u {
			vs[i] = vm.Char(c)
		}
		return vm.Ref(vm.NewArrayOf(vm.TChar, vs)), nil
	})
	oneOrThree(e, "GetCharCount", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		bs, err := bytesArg(t, args[1:])
		if err != nil {
			return vm.Null, err
		}
		n, derr := encOf(args[0]).charCount(bs)
		if derr != nil {
			return vm.Null, throwDecode(t, bs, derr)
		}
		return vm.Int(int32(n)), nil
	})
	e.AddMethod("GetPreamble", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return byteArray(encOf(args[0]).preamble()), nil
	})
	e.AddMethod("GetMaxByteCount", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n, _ := toInt(args[1])
		if n < 0 {
			return vm.Null, argOutOfRange(t, "charCount", msgNonNegative)
		}
		return vm.Int(int32(encOf(args[0]).maxByteCount(n))), nil
	})
	e.AddMethod("GetMaxCharCount", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n, _ := toInt(args[1])
		if n < 0 {
			return vm.Null, argOutOfRange(t, "byteCount", msgNonNegative)
		}
		return vm.Int(int32(encOf(args[0]).maxCharCount(n))), nil
	})
	e.AddProperty("WebName", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		w, _, _ := encOf(args[0]).names()
		return vm.String(w), nil
	}, nil)
	e.AddProperty("EncodingName", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		_, n, _ := encOf(args[0]).names()
		return vm.String(n), nil
	}, nil)
	e.AddProperty("BodyName", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		w, _, _ := encOf(args[0]).names()
		return vm.String(w), nil
	}, nil)
	e.AddProperty("CodePage", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		_, _, c := encOf(args[0]).names()
		return vm.Int(int32(c)), nil
	}, nil)
	e.AddProperty("IsSingleByte", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		k := encOf(args[0]).kind
		return vm.Bool(k == encASCII || k == encLatin1), nil
	}, nil)
	e.AddMethod("Equals", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		o, ok := args[1].AsNative().(*encoding)
		return vm.Bool(ok && *o == *encOf(args[0])), nil
	})
	e.AddMethod("GetHashCode", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		x := encOf(args[0])
		_, _, c := x.names()
		h := c
		if x.bom {
			h ^= 0x10000
		}
		return vm.Int(int32(h)), nil
	})

	flag := func(args []vm.Value, i int) bool { return len(args) > i && args[i].AsBool() }
	tUTF8Encoding.AddStatic(".ctor", 0, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.NewNative(tUTF8Encoding, &encoding{kind: encUTF8, bom: flag(args, 0), throw: flag(args, 1)}), nil
	})
	tASCIIEncoding.AddStatic(".ctor", 0, 0, func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.NewNative(tASCIIEncoding, &encoding{kind: encASCII}), nil
	})
	for _, u := range []struct {
		t    *vm.Type
		kind encKind
	}{{tUnicodeEncoding, encUTF16}, {tUTF32Encoding, encUTF32}} {
		ctor := func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			bom := len(args) < 2 || args[1].AsBool()
			return vm.NewNative(u.t, &encoding{kind: u.kind, bigEndian: flag(args, 0), bom: bom, throw: flag(args, 2)}), nil
		}
		u.t.AddStatic(".ctor", 0, 0, ctor)
		u.t.AddStatic(".ctor", 2, 3, ctor)
	}
	for _, st := range []*vm.Type{tUTF8Encoding, tASCIIEncoding, tUnicodeEncoding, tUTF32Encoding, tLatin1Encoding} {
		st.InheritMethods()
	}

	s := register(vm.TString)
	s.AddMethod("Normalize", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		f, err := normForm(t, args)
		if err != nil {
			return vm.Null, err
		}
		st := args[0].AsStr()
		if f.IsNormalString(st.S) {
			return args[0], nil
		}
		return t.NewString(f.String(st.S))
	})
	s.AddMethod("IsNormalized", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		f, err := normForm(t, args)
		if err != nil {
			return vm.Null, err
		}
		return vm.Bool(f.IsNormalString(args[0].AsStr().S)), nil
	})
}

package lib

import (
	"bytes"
	"math"
	"strings"
	"sync/atomic"
	"unicode/utf16"
	"unicode/utf8"

	"asyncvm/vm"
)

// builder is a StringBuilder's payload: the text in UTF-8, with its
// length in UTF-16 code units (C#'s Length) kept beside it. While the text
// is ASCII (units == n) every index is a byte index, so Append, the indexer,
// Insert, Remove and ToString work on bytes; text with other characters is
// decoded to UTF-16 for the operations that take a char index.
//
// It takes no lock, as .NET's does not; a racing program may garble its
// own text, never the VM's memory: the backing array is published through
// one pointer and never resized in place, the lengths are single words,
// and every operation clamps them to the array it loaded.
type builder struct {
	arr   atomic.Pointer[[]byte] // backing array; its length is the capacity
	n     int                    // bytes of text
	units int                    // UTF-16 code units of text
	// capacity is Capacity as .NET's chunked builder reports it, in
	// UTF-16 units; grownCapacity brings it up to date with the length.
	capacity int
}

// defaultCapacity is a new StringBuilder's Capacity.
const defaultCapacity = 16

// grownCapacity is Capacity after the text outgrew it: .NET adds a chunk of
// the larger of the shortfall and the current capacity (at most 8000).
func (b *builder) grownCapacity() int {
	units, _ := b.length()
	if units > b.capacity {
		b.capacity += max(units-b.capacity, min(b.capacity, 8000))
	}
	return b.capacity
}

var tStringBuilder = register(vm.NewLibType("System.Text", "StringBuilder", nil))

func sbOf(v vm.Value) *builder { return v.AsNative().(*builder) }

// text is the builder's bytes, a slice of its current array.
func (b *builder) text() []byte {
	p := b.arr.Load()
	if p == nil {
		return nil
	}
	a, n := *p, b.n
	if uint(n) > uint(len(a)) {
		n = len(a)
	}
	return a[:n:n]
}

// length is Length; ascii reports whether the text is ASCII (one byte per
// char), as far as a racing reader can tell.
func (b *builder) length() (units int, ascii bool) {
	units, n := b.units, b.n
	return max(units, 0), units == n
}

// add appends UTF-8 text of the given UTF-16 length, in place while the
// array has room, else into a copy of twice the size.
func (b *builder) add(t *vm.Thread, s string, units int) error {
	if p := b.arr.Load(); p != nil {
		if a, n := *p, b.n; uint(n) <= uint(len(a)) && len(s) <= len(a)-n {
			copy(a[n:], s)
			b.n = n + len(s)
			b.units += units
			return nil
		}
	}
	cur := b.text()
	grown, err := vm.Grow(t, cur, len(s))
	if err != nil {
		return err
	}
	grown = append(grown, s...)
	n := len(grown)
	grown = grown[:cap(grown)]
	b.arr.Store(&grown)
	b.n = n
	b.units += units
	return nil
}

// addByte appends one ASCII char.
func (b *builder) addByte(t *vm.Thread, c byte) error {
	if p := b.arr.Load(); p != nil {
		if a, n := *p, b.n; uint(n) < uint(len(a)) {
			a[n] = c
			b.n = n + 1
			b.units++
			return nil
		}
	}
	return b.add(t, string(rune(c)), 1)
}

// replace makes s the whole text, in a new array.
func (b *builder) replace(t *vm.Thread, s string) error {
	a, err := vm.Grow(t, []byte(nil), len(s))
	if err != nil {
		return err
	}
	a = append(a, s...)
	a = a[:cap(a)]
	b.arr.Store(&a)
	b.n = len(s)
	b.units = utf16Len(s)
	return nil
}

// utf16 is the text as UTF-16 code units, for char-indexed operations on
// non-ASCII text.
func (b *builder) utf16() []uint16 { return decodeWTF8(b.text()) }

// setUTF16 makes u the text. A lone surrogate (stored through the indexer)
// is kept in WTF-8 form, three bytes, so that its other half stored later
// still pairs with it, as in .NET's UTF-16 buffer; strings made from the
// builder get U+FFFD in its place, as every lone surrogate in a string does.
func (b *builder) setUTF16(t *vm.Thread, u []uint16) error {
	out := make([]byte, 0, len(u))
	for i := 0; i < len(u); i++ {
		c := rune(u[i])
		if utf16.IsSurrogate(c) {
			if i+1 < len(u) && c < 0xDC00 && u[i+1] >= 0xDC00 && u[i+1] < 0xE000 {
				out = utf8.AppendRune(out, utf16.DecodeRune(c, rune(u[i+1])))
				i++
				continue
			}
			out = append(out, byte(0xE0|c>>12), byte(0x80|(c>>6)&0x3F), byte(0x80|c&0x3F))
			continue
		}
		out = utf8.AppendRune(out, c)
	}
	return b.replace(t, string(out))
}

// decodeWTF8 decodes UTF-8 text that may hold lone surrogates in WTF-8
// form into UTF-16 code units.
func decodeWTF8(a []byte) []uint16 {
	u := make([]uint16, 0, len(a))
	for i := 0; i < len(a); {
		if c := a[i]; c < 0x80 {
			u = append(u, uint16(c))
			i++
			continue
		}
		if isWTF8Surrogate(a[i:]) {
			u = append(u, uint16(a[i]&0x0F)<<12|uint16(a[i+1]&0x3F)<<6|uint16(a[i+2]&0x3F))
			i += 3
			continue
		}
		r, n := utf8.DecodeRune(a[i:])
		u = utf16.AppendRune(u, r)
		i += n
	}
	return u
}

// isWTF8Surrogate reports whether a starts with a surrogate in WTF-8 form.
func isWTF8Surrogate(a []byte) bool {
	return len(a) >= 3 && a[0] == 0xED && a[1] >= 0xA0 && a[1] <= 0xBF && a[2]&0xC0 == 0x80
}

// str is the text as a string: lone surrogates become U+FFFD.
func (b *builder) str() string {
	a := b.text()
	if _, ascii := b.length(); ascii || !bytes.Contains(a, []byte{0xED}) {
		return string(a)
	}
	return fromU16(decodeWTF8(a))
}

// utf16Len is the number of UTF-16 code units of UTF-8 text: one per
// character, two for those beyond the BMP (four-byte sequences).
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 {
			n++
		} else if c >= 0xC0 {
			n++
			if c >= 0xF0 {
				n++
			}
		}
	}
	return n
}

// appendText renders an Append argument (char[] appends its chars) as
// UTF-8 text and its UTF-16 length.
func appendText(t *vm.Thread, args []vm.Value) (string, int, error) {
	if len(args) == 0 {
		return "", 0, nil
	}
	if s := args[0].AsStr(); s != nil && len(args) == 1 {
		return s.S, s.Len(), nil
	}
	if a := args[0].AsArray(); a != nil && a.Elem == vm.TChar && len(args) == 1 {
		u := make([]uint16, len(a.V))
		for i, c := range a.V {
			u[i] = c.AsChar()
		}
		s := fromU16(u)
		return s, utf16Len(s), nil
	}
	if len(args) == 3 && (args[0].AsStr() != nil || args[0].IsNull() || args[0].AsArray() != nil) {
		// Append(string, startIndex, count) and (char[], startIndex, count).
		var u []uint16
		if s := args[0].AsStr(); s != nil {
			u = s.UTF16()
		} else if a := args[0].AsArray(); a != nil {
			for _, c := range a.V {
				u = append(u, c.AsChar())
			}
		}
		i, _ := toInt(args[1])
		n, _ := toInt(args[2])
		switch {
		case i < 0:
			return "", 0, argOutOfRange(t, "startIndex", "Index was out of range. Must be non-negative and less than the size of the collection.")
		case n < 0:
			return "", 0, argOutOfRange(t, "count", "Index was out of range. Must be non-negative and less than the size of the collection.")
		case args[0].IsNull() && (i != 0 || n != 0):
			return "", 0, argNull(t, "value")
		case i > len(u)-n:
			return "", 0, argOutOfRange(t, "count", "Index and count must refer to a location within the string.")
		}
		s := fromU16(u[i : i+n])
		return s, n, nil
	}
	if len(args) == 2 && args[0].PrimType() == vm.TChar {
		n, _ := toInt(args[1])
		if n < 0 {
			return "", 0, argOutOfRange(t, "repeatCount", "Count cannot be less than zero.")
		}
		c := fromU16([]uint16{args[0].AsChar()})
		if err := t.ReserveElems(int64(n), int64(len(c))); err != nil {
			return "", 0, err
		}
		s := strings.Repeat(c, n)
		return s, utf16Len(s), nil
	}
	s, err := t.ToString(args[0])
	if err != nil {
		return "", 0, err
	}
	return s, utf16Len(s), nil
}

// edit applies an edit made on the UTF-16 form of the text (any text) or,
// when the text is ASCII, on its bytes.
func (b *builder) editText(t *vm.Thread, ascii func(a []byte) string, u16 func(u []uint16) []uint16) error {
	if _, isASCII := b.length(); isASCII {
		return b.replace(t, ascii(b.text()))
	}
	return b.setUTF16(t, u16(b.utf16()))
}

const msgSBIndex = "Index was out of range. Must be non-negative and less than the size of the collection."

func init() {
	sb := tStringBuilder
	sb.AddStatic(".ctor", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		b := &builder{capacity: defaultCapacity}
		if len(args) > 0 {
			if s, ok := str(args[0]); ok {
				if err := b.replace(t, s); err != nil {
					return vm.Null, err
				}
				b.capacity = max(b.units, defaultCapacity)
			}
			if c := args[len(args)-1]; c.PrimType() == vm.TInt {
				n := int(c.AsInt())
				if n < 0 {
					return vm.Null, argOutOfRange(t, "capacity", "Capacity must be positive.")
				}
				b.capacity = max(n, b.units)
				if n == 0 && b.units == 0 {
					b.capacity = defaultCapacity
				}
			}
		}
		return vm.NewNative(tStringBuilder, b), nil
	})
	sb.AddProperty("Capacity", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(sbOf(args[0]).grownCapacity())), nil
	}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		b, n := sbOf(args[0]), int(args[1].AsInt())
		units, _ := b.length()
		switch {
		case n < 0:
			return vm.Null, argOutOfRange(t, "value", "Capacity must be positive.")
		case n < units:
			return vm.Null, argOutOfRange(t, "value", "capacity was less than the current size.")
		}
		b.capacity = n
		return vm.Null, nil
	})
	sb.AddProperty("MaxCapacity", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(math.MaxInt32), nil
	}, nil)
	sb.AddMethod("EnsureCapacity", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		b, n := sbOf(args[0]), int(args[1].AsInt())
		if n < 0 {
			return vm.Null, argOutOfRange(t, "capacity", "Capacity must be positive.")
		}
		if b.grownCapacity() < n {
			b.capacity = n
		}
		return vm.Int(int32(b.capacity)), nil
	})
	sb.AddMethod("Append", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		b := sbOf(args[0])
		if len(args) == 2 {
			if args[1].PrimType() == vm.TChar && args[1].AsChar() < 0x80 {
				return args[0], b.addByte(t, byte(args[1].AsChar()))
			}
			if s := args[1].AsStr(); s != nil {
				return args[0], b.add(t, s.S, s.Len())
			}
		}
		s, units, err := appendText(t, args[1:])
		if err != nil {
			return vm.Null, err
		}
		return args[0], b.add(t, s, units)
	})
	sb.AddMethod("AppendLine", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, units, err := appendText(t, args[1:])
		if err != nil {
			return vm.Null, err
		}
		b := sbOf(args[0])
		if err := b.add(t, s, units); err != nil {
			return vm.Null, err
		}
		return args[0], b.addByte(t, '\n')
	})
	sb.AddMethod("AppendFormat", 1, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		r, err := stringFormat(t, args[1:])
		if err != nil {
			return vm.Null, err
		}
		s := r.AsStr()
		return args[0], sbOf(args[0]).add(t, s.S, s.Len())
	})
	sb.AddMethod("Insert", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		i, _ := toInt(args[1])
		ins, _, err := appendText(t, args[2:3])
		if err != nil {
			return vm.Null, err
		}
		if len(args) == 4 {
			// Insert(index, value, count): value count times.
			count, _ := toInt(args[3])
			if count < 0 {
				return vm.Null, argOutOfRange(t, "count", "Non-negative number required.")
			}
			if err := t.ReserveElems(int64(len(ins))*int64(count), 1); err != nil {
				return vm.Null, err
			}
			ins = strings.Repeat(ins, count)
		}
		b := sbOf(args[0])
		units, _ := b.length()
		if i < 0 || i > units {
			return vm.Null, argOutOfRange(t, "index", "Index was out of range. Must be non-negative and less than or equal to the size of the collection.")
		}
		if err := t.ReserveElems(int64(b.n)+int64(len(ins)), 1); err != nil {
			return vm.Null, err
		}
		return args[0], b.editText(t, func(a []byte) string {
			i := min(i, len(a))
			return string(a[:i]) + ins + string(a[i:])
		}, func(u []uint16) []uint16 {
			i := min(i, len(u))
			return append(append(append([]uint16(nil), u[:i]...), u16(ins)...), u[i:]...)
		})
	})
	sb.AddMethod("Remove", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		i, _ := toInt(args[1])
		n, _ := toInt(args[2])
		b := sbOf(args[0])
		if n < 0 {
			return vm.Null, argOutOfRange(t, "length", "Length cannot be less than zero.")
		}
		if i < 0 {
			return vm.Null, argOutOfRange(t, "startIndex", "StartIndex cannot be less than zero.")
		}
		if units, _ := b.length(); i+n > units {
			return vm.Null, argOutOfRange(t, "length", "Index was out of range. Must be non-negative and less than or equal to the size of the collection.")
		}
		return args[0], b.editText(t, func(a []byte) string {
			i, j := min(i, len(a)), min(i+n, len(a))
			return string(a[:i]) + string(a[j:])
		}, func(u []uint16) []uint16 {
			i, j := min(i, len(u)), min(i+n, len(u))
			return append(u[:i:i], u[j:]...)
		})
	})
	sb.AddMethod("Replace", 2, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		b := sbOf(args[0])
		if len(args) == 5 {
			// Replace(old, new, startIndex, count) replaces within the
			// UTF-16 range only.
			u := u16(b.str())
			start, _ := toInt(args[3])
			count, _ := toInt(args[4])
			if start < 0 || start > len(u) || count < 0 || start > len(u)-count {
				return vm.Null, argOutOfRange(t, "count", "Index was out of range. Must be non-negative and less than the size of the collection.")
			}
			r, err := vm.TString.LookupMethod("Replace", 2).Native(t, []vm.Value{vm.String(fromU16(u[start : start+count])), args[1], args[2]})
			if err != nil {
				return vm.Null, err
			}
			return args[0], b.replace(t, fromU16(u[:start])+r.AsStr().S+fromU16(u[start+count:]))
		}
		r, err := vm.TString.LookupMethod("Replace", 2).Native(t, []vm.Value{vm.String(b.str()), args[1], args[2]})
		if err != nil {
			return vm.Null, err
		}
		return args[0], b.replace(t, r.AsStr().S)
	})
	sb.AddMethod("Clear", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		b := sbOf(args[0])
		b.n, b.units = 0, 0
		return args[0], nil
	})
	sb.AddProperty("Length", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		units, _ := sbOf(args[0]).length()
		return vm.Int(int32(units)), nil
	}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n, _ := toInt(args[1])
		if n < 0 {
			return vm.Null, argOutOfRange(t, "value", "Length cannot be less than zero.")
		}
		if err := t.ReserveElems(int64(n), 2); err != nil {
			return vm.Null, err
		}
		b := sbOf(args[0])
		if units, _ := b.length(); n >= units {
			return vm.Null, b.add(t, string(make([]byte, n-units)), n-units)
		}
		return vm.Null, b.editText(t, func(a []byte) string {
			return string(a[:min(n, len(a))])
		}, func(u []uint16) []uint16 {
			return u[:min(n, len(u))]
		})
	})
	sb.AddMethod("get_Item", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		i, _ := toInt(args[1])
		b := sbOf(args[0])
		if units, ascii := b.length(); ascii {
			if a := b.text(); uint(i) < uint(len(a)) && i < units {
				return vm.Char(uint16(a[i])), nil
			}
		} else if u := b.utf16(); uint(i) < uint(len(u)) {
			return vm.Char(u[i]), nil
		}
		return vm.Null, argOutOfRange(t, "index", msgSBIndex)
	})
	sb.AddMethod("set_Item", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		i, _ := toInt(args[1])
		c := args[2].AsChar()
		b := sbOf(args[0])
		units, ascii := b.length()
		if uint(i) >= uint(units) {
			return vm.Null, argOutOfRange(t, "index", msgSBIndex)
		}
		if a := b.text(); ascii && c < 0x80 && i < len(a) {
			a[i] = byte(c)
			return vm.Null, nil
		}
		u := b.utf16()
		if i < len(u) {
			u[i] = c
		}
		return vm.Null, b.setUTF16(t, u)
	})
	// Equals(StringBuilder) compares the characters ordinally (on .NET Core
	// capacity no longer counts); anything else is reference equality, as
	// Equals(object) is. asyncvm picks the overload by the argument's runtime
	// type, so a StringBuilder passed as object compares by content too.
	sb.AddMethod("Equals", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		a := sbOf(args[0])
		b, ok := args[1].AsNative().(*builder)
		if !ok || args[1].Type() != tStringBuilder {
			return vm.Bool(false), nil
		}
		return vm.Bool(a == b || bytes.Equal(a.text(), b.text())), nil
	})
	sb.AddMethod("ToString", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		b := sbOf(args[0])
		if len(args) == 3 {
			i, _ := toInt(args[1])
			n, _ := toInt(args[2])
			units, ascii := b.length()
			if i < 0 || n < 0 || i+n > units {
				return vm.Null, argOutOfRange(t, "length", "Index and length must refer to a location within the string.")
			}
			if a := b.text(); ascii && i+n <= len(a) {
				return t.NewString(string(a[i : i+n]))
			}
			u := b.utf16()
			return t.NewString(fromU16(u[min(i, len(u)):min(i+n, len(u))]))
		}
		if err := t.Reserve(int64(len(b.text()))); err != nil {
			return vm.Null, err
		}
		return t.NewString(b.str())
	})
}

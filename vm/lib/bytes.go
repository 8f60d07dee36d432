package lib

import (
	"encoding/base64"
	"encoding/binary"
	"math"
	"strings"

	"asyncvm/vm"
)

// Byte-array conversions: Convert's hex and base64 forms and BitConverter,
// little-endian as on every platform .NET runs on.

var tBitConverter = register(vm.NewLibType("System", "BitConverter", nil))

// byteArg reads a byte[] argument into Go bytes.
func byteArg(t *vm.Thread, v vm.Value, param string) ([]byte, error) {
	elems, ok := spanElems(v)
	if a := v.AsArray(); a != nil {
		elems, ok = a.V, true
	}
	if !ok {
		return nil, argNull(t, param)
	}
	bs := make([]byte, len(elems))
	for i, e := range elems {
		bs[i] = byte(e.Bits())
	}
	return bs, nil
}

// spanElems reads the elements a Span<T> or ReadOnlySpan<T> over an array
// views (a native declared with a span overload beside its array one, as
// Encoding.GetString, takes either); ok is false for any other value.
func spanElems(v vm.Value) ([]vm.Value, bool) {
	field, ok := spanFields(v)
	if !ok {
		return nil, false
	}
	start, _ := toInt(field("_start"))
	n, _ := toInt(field("_length"))
	a := field("_array").AsArray()
	if a == nil {
		return nil, n == 0 // default(ReadOnlySpan<T>)
	}
	if start < 0 || n < 0 || start+n > len(a.V) {
		return nil, false
	}
	return a.V[start : start+n], true
}

// byteArray makes a byte[] of bs.
func byteArray(bs []byte) vm.Value {
	vs := make([]vm.Value, len(bs))
	for i, b := range bs {
		vs[i] = vm.Byte(b)
	}
	return vm.Ref(vm.NewArrayOf(vm.TByte, vs))
}

// byteRange applies the optional (offset, length) arguments of a byte[]
// method to bs.
func byteRange(t *vm.Thread, bs []byte, args []vm.Value, lengthParam string) ([]byte, error) {
	if len(args) == 0 {
		return bs, nil
	}
	off := int(vm.AsInt64(args[0]))
	n := len(bs) - off
	if len(args) > 1 {
		n = int(vm.AsInt64(args[1]))
	}
	switch {
	case off < 0:
		return nil, argOutOfRange(t, "startIndex", "Non-negative number required.")
	case n < 0:
		return nil, argOutOfRange(t, lengthParam, "Non-negative number required.")
	case off > len(bs):
		return nil, argOutOfRange(t, "startIndex", "StartIndex cannot be greater than the array length.")
	case off+n > len(bs):
		return nil, t.Throw("System.ArgumentException", "Destination array is not long enough to copy all the items in the collection. Check array index and length.")
	}
	return bs[off : off+n], nil
}

func hexString(lower bool) native {
	return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		bs, err := byteArg(t, args[0], "inArray")
		if err != nil {
			return vm.Null, err
		}
		if bs, err = byteRange(t, bs, args[1:], "length"); err != nil {
			return vm.Null, err
		}
		digits := "0123456789ABCDEF"
		if lower {
			digits = "0123456789abcdef"
		}
		var b strings.Builder
		for _, c := range bs {
			b.WriteByte(digits[c>>4])
			b.WriteByte(digits[c&15])
		}
		return vm.String(b.String()), nil
	}
}

func hexDigit(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func init() {
	c := tConvert
	c.AddStatic("ToHexString", 1, 1, hexString(false))
	c.AddStatic("ToHexString", 3, 3, hexString(false))
	c.AddStatic("ToHexStringLower", 1, 1, hexString(true))
	c.AddStatic("ToHexStringLower", 3, 3, hexString(true))
	c.AddStatic("FromHexString", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, ok := str(args[0])
		if !ok {
			return vm.Null, argNull(t, "s")
		}
		if len(s)%2 != 0 {
			return vm.Null, t.Throw("System.FormatException", "The input is not a valid hex string as its length is not a multiple of 2.")
		}
		bs := make([]byte, len(s)/2)
		for i := range bs {
			hi, ok1 := hexDigit(s[2*i])
			lo, ok2 := hexDigit(s[2*i+1])
			if !ok1 || !ok2 {
				return vm.Null, t.Throw("System.FormatException", "The input is not a valid hex string as it contains a non-hex character.")
			}
			bs[i] = hi<<4 | lo
		}
		return byteArray(bs), nil
	})
	toBase64 := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		bs, err := byteArg(t, args[0], "inArray")
		if err != nil {
			return vm.Null, err
		}
		if bs, err = byteRange(t, bs, args[1:], "length"); err != nil {
			return vm.Null, err
		}
		return vm.String(base64.StdEncoding.EncodeToString(bs)), nil
	}
	c.AddStatic("ToBase64String", 1, 1, toBase64)
	c.AddStatic("ToBase64String", 3, 3, toBase64)
	c.AddStatic("FromBase64String", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, ok := str(args[0])
		if !ok {
			return vm.Null, argNull(t, "s")
		}
		// White space is ignored, as .NET ignores it.
		s = strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
				return -1
			}
			return r
		}, s)
		bs, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			return vm.Null, t.Throw("System.FormatException", "The input is not a valid Base-64 string as it contains a non-base 64 character, more than two padding characters, or an illegal character among the padding characters.")
		}
		return byteArray(bs), nil
	})

	bc := tBitConverter
	constant(bc, "IsLittleEndian", vm.Bool(true))
	bc.AddStatic("GetBytes", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		v := args[0]
		var size int
		bits := v.Bits()
		switch v.PrimType() {
		case vm.TBool, vm.TByte, vm.TSByte:
			size = 1
		case vm.TChar, vm.TShort, vm.TUShort:
			size = 2
		case vm.TInt, vm.TUInt, vm.TFloat:
			size = 4
		case vm.TLong, vm.TULong, vm.TDouble:
			size = 8
		default:
			return vm.Null, argNull(t, "value")
		}
		var buf [8]byte
		binary.LittleEndian.PutUint64(buf[:], bits)
		return byteArray(buf[:size]), nil
	})
	reader := func(size int, make func(bits uint64) vm.Value) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			bs, err := byteArg(t, args[0], "value")
			if err != nil {
				return vm.Null, err
			}
			i := 0
			if len(args) > 1 {
				i = int(vm.AsInt64(args[1]))
			}
			if i < 0 || i >= len(bs) && len(bs) > 0 || i > len(bs) {
				return vm.Null, argOutOfRange(t, "startIndex", "Index was out of range. Must be non-negative and less than the size of the collection.")
			}
			if i+size > len(bs) {
				return vm.Null, t.Throw("System.ArgumentException", "Destination array is not long enough to copy all the items in the collection. Check array index and length. (Parameter 'value')")
			}
			var buf [8]byte
			copy(buf[:], bs[i:i+size])
			return make(binary.LittleEndian.Uint64(buf[:])), nil
		}
	}
	bc.AddStatic("ToBoolean", 2, 2, reader(1, func(n uint64) vm.Value { return vm.Bool(n != 0) }))
	bc.AddStatic("ToChar", 2, 2, reader(2, func(n uint64) vm.Value { return vm.Char(uint16(n)) }))
	for name, ty := range map[string]*vm.Type{"ToInt16": vm.TShort, "ToUInt16": vm.TUShort, "ToInt32": vm.TInt, "ToUInt32": vm.TUInt, "ToInt64": vm.TLong, "ToUInt64": vm.TULong} {
		ty := ty
		size := map[*vm.Type]int{vm.TShort: 2, vm.TUShort: 2, vm.TInt: 4, vm.TUInt: 4, vm.TLong: 8, vm.TULong: 8}[ty]
		bc.AddStatic(name, 2, 2, reader(size, func(n uint64) vm.Value { return vm.MakeIntegral(ty, n) }))
	}
	bc.AddStatic("ToSingle", 2, 2, reader(4, func(n uint64) vm.Value { return vm.Float(math.Float32frombits(uint32(n))) }))
	bc.AddStatic("ToDouble", 2, 2, reader(8, func(n uint64) vm.Value { return vm.Double(math.Float64frombits(n)) }))
	bc.AddStatic("ToString", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		bs, err := byteArg(t, args[0], "value")
		if err != nil {
			return vm.Null, err
		}
		if bs, err = byteRange(t, bs, args[1:], "length"); err != nil {
			return vm.Null, err
		}
		const digits = "0123456789ABCDEF"
		var b strings.Builder
		for i, c := range bs {
			if i > 0 {
				b.WriteByte('-')
			}
			b.WriteByte(digits[c>>4])
			b.WriteByte(digits[c&15])
		}
		return vm.String(b.String()), nil
	})
	bc.AddStatic("DoubleToInt64Bits", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Long(int64(math.Float64bits(vm.AsF64(args[0])))), nil
	})
	bc.AddStatic("Int64BitsToDouble", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Double(math.Float64frombits(uint64(vm.AsInt64(args[0])))), nil
	})
	bc.AddStatic("SingleToInt32Bits", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(math.Float32bits(float32(vm.AsF64(args[0]))))), nil
	})
	bc.AddStatic("Int32BitsToSingle", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Float(math.Float32frombits(uint32(vm.AsInt64(args[0])))), nil
	})

}

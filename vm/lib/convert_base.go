package lib

import (
	"asyncvm/vm"
)

// Convert.ToXxx(string value, int fromBase): .NET's ParseNumbers rules,
// which differ from Parse's. The text is "tight" (no white space), base 16
// takes an optional "0x", a minus sign is allowed in base 10 only, and a
// value in another base may set the sign bit (Convert.ToInt32("ffffffff",
// 16) is -1).

// radixFlags says how the target type reads the parsed bits.
type radixFlags struct {
	long     bool // 64-bit parse (ToInt64, ToUInt64)
	unsigned bool // a minus sign is an overflow; no signed range checks
}

// parseRadix returns the parsed bits or throws as .NET's
// ParseNumbers.StringToInt/StringToLong does.
func parseRadix(t *vm.Thread, s string, radix int, fl radixFlags) (uint64, error) {
	if len(s) == 0 {
		// .NET passes the message as the parameter name here.
		return 0, t.Throw("System.ArgumentOutOfRangeException", "Specified argument was out of the range of valid values. (Parameter 'Index was out of range. Must be non-negative and less than the size of the collection.')")
	}
	i := 0
	neg := false
	switch s[0] {
	case '-':
		if radix != 10 {
			return 0, t.Throw("System.ArgumentException", "String cannot contain a minus sign if the base is not 10.")
		}
		if fl.unsigned {
			return 0, t.Throw("System.OverflowException", "The string was being parsed as an unsigned number and could not have a negative sign.")
		}
		neg = true
		i++
	case '+':
		i++
	}
	if radix == 16 && i+1 < len(s) && s[i] == '0' && (s[i+1] == 'x' || s[i+1] == 'X') {
		i += 2
	}
	width := uint(32)
	if fl.long {
		width = 64
	}
	mask := uint64(1)<<width - 1
	if width == 64 {
		mask = ^uint64(0)
	}
	start := i
	var r uint64
	for ; i < len(s); i++ {
		d := digitValue(s[i])
		if d < 0 || d >= radix {
			break
		}
		if radix == 10 && !fl.unsigned {
			// Signed decimal: at most MaxValue, or MinValue's magnitude
			// (checked below).
			if r > (mask>>1)/10 || r > mask>>1 {
				return 0, overflowWidth(t, width, false)
			}
			r = r*10 + uint64(d)
			continue
		}
		if r > mask/uint64(radix) {
			return 0, overflowWidth(t, width, true)
		}
		next := (r*uint64(radix) + uint64(d)) & mask
		if next < r {
			return 0, overflowWidth(t, width, true)
		}
		r = next
	}
	if radix == 10 && !fl.unsigned && r > mask>>1 && r != (mask>>1)+1 {
		return 0, overflowWidth(t, width, false)
	}
	if i == start {
		return 0, t.Throw("System.FormatException", "Could not find any recognizable digits.")
	}
	if i < len(s) {
		return 0, t.Throw("System.FormatException", "Additional non-parsable characters are at the end of the string.")
	}
	if radix == 10 && !fl.unsigned && r == (mask>>1)+1 && !neg {
		return 0, overflowWidth(t, width, false)
	}
	if radix == 10 && neg {
		r = (-r) & mask
	}
	return r, nil
}

func digitValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	}
	return -1
}

func overflowWidth(t *vm.Thread, width uint, unsigned bool) error {
	switch {
	case width == 64 && unsigned:
		return overflow(t, "a UInt64")
	case width == 64:
		return overflow(t, "an Int64")
	case unsigned:
		return overflow(t, "a UInt32")
	}
	return overflow(t, "an Int32")
}

// convertFromBase is Convert.ToXxx(value, fromBase) for the target type ty.
func convertFromBase(t *vm.Thread, ty *vm.Type, value vm.Value, base int) (vm.Value, error) {
	if base != 2 && base != 8 && base != 10 && base != 16 {
		return vm.Null, t.Throw("System.ArgumentException", "Invalid Base.")
	}
	if value.IsNull() {
		return vm.MakeIntegral(ty, 0), nil
	}
	s, _ := str(value)
	fl := radixFlags{
		long:     ty == vm.TLong || ty == vm.TULong,
		unsigned: ty == vm.TByte || ty == vm.TUShort || ty == vm.TUInt || ty == vm.TULong,
	}
	r, err := parseRadix(t, s, base, fl)
	if err != nil {
		return vm.Null, err
	}
	switch ty {
	case vm.TSByte, vm.TShort:
		lim := uint64(0xFF)
		lo, hi := int64(-128), int64(127)
		if ty == vm.TShort {
			lim, lo, hi = 0xFFFF, -32768, 32767
		}
		// TreatAsI1/I2: another base may give the unsigned bits.
		if base != 10 && uint32(r) > uint32(lim) {
			return vm.Null, overflow(t, vm.OverflowName(ty))
		}
		if base != 10 {
			return vm.MakeIntegral(ty, r), nil
		}
		v := int64(int32(uint32(r)))
		if v < lo || v > hi {
			return vm.Null, overflow(t, vm.OverflowName(ty))
		}
		return vm.MakeIntegral(ty, uint64(v)), nil
	case vm.TByte, vm.TUShort:
		lim := uint64(0xFF)
		if ty == vm.TUShort {
			lim = 0xFFFF
		}
		if r > lim {
			return vm.Null, overflow(t, vm.OverflowName(ty))
		}
	}
	return vm.MakeIntegral(ty, r), nil
}

// isFromBase tells Convert.ToXxx(string, int fromBase) from
// ToXxx(value, IFormatProvider): only the former has an int second argument.
func isFromBase(args []vm.Value) bool {
	return len(args) == 2 && args[1].PrimType() == vm.TInt
}

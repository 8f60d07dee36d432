package netfmt

import (
	"math/bits"
	"strconv"
)

// FormatInt formats a 64-bit signed integer (long.ToString(format, culture)).
// A nil culture means Invariant.
func FormatInt(v int64, format string, c *Culture) (string, error) {
	return FormatIntBits(v, 64, format, c)
}

// FormatIntBits formats a signed integer of the given width (8, 16, 32 or
// 64); the width only matters for "X" and "B", which print the two's
// complement of negative values: FormatIntBits(-1, 32, "X", nil) is
// "FFFFFFFF" as for int, and "FF" with width 8 as for sbyte.
func FormatIntBits(v int64, bitSize int, format string, c *Culture) (string, error) {
	mag := uint64(v)
	if v < 0 {
		mag = -mag
	}
	raw := uint64(v)
	if bitSize > 0 && bitSize < 64 {
		raw &= 1<<uint(bitSize) - 1
	}
	if format == "" {
		if v >= 0 || c == nil || c.NegativeSign == "-" {
			return strconv.FormatInt(v, 10), nil
		}
	}
	return formatInteger(v < 0, mag, raw, format, c)
}

// FormatUint formats an unsigned integer (ulong.ToString(format, culture)).
func FormatUint(v uint64, format string, c *Culture) (string, error) {
	if format == "" {
		return strconv.FormatUint(v, 10), nil
	}
	return formatInteger(false, v, v, format, c)
}

// formatInteger is Number.FormatInt64/FormatUInt64: neg and mag give the
// value, raw its two's complement bits for "X" and "B".
func formatInteger(neg bool, mag, raw uint64, format string, c *Culture) (string, error) {
	c = cultureOrInvariant(c)
	f, digits, err := parseFormatSpecifier(format)
	if err != nil {
		return "", err
	}
	var buf [72]byte
	switch upper := f &^ 0x20; {
	case f != 0 && ((upper == 'G' && digits < 1) || upper == 'D'):
		b := buf[:0]
		if neg {
			b = append(b, c.NegativeSign...)
		}
		if digits > len(buf)-len(b)-20 {
			b = make([]byte, 0, digits+len(c.NegativeSign)+20)
			if neg {
				b = append(b, c.NegativeSign...)
			}
		}
		return string(appendPadded(b, mag, digits)), nil
	case f != 0 && upper == 'X':
		b := buf[:0]
		if digits > len(buf)-16 {
			b = make([]byte, 0, digits+16)
		}
		s := strconv.AppendUint(buf[len(buf)-16:len(buf)-16], raw, 16)
		if f == 'X' {
			for i, ch := range s {
				if ch >= 'a' {
					s[i] = ch - ('a' - 'A')
				}
			}
		}
		for i := len(s); i < digits; i++ {
			b = append(b, '0')
		}
		return string(append(b, s...)), nil
	case f != 0 && upper == 'B':
		width := max(digits, bits.Len64(raw), 1)
		b := make([]byte, width)
		for i := range b {
			b[width-1-i] = '0' + byte(raw>>uint(min(i, 63))&1)
			if i >= 64 {
				b[width-1-i] = '0'
			}
		}
		return string(b), nil
	}
	n := number{neg: neg, kind: kindInteger}
	var dbuf [20]byte
	n.digits = strconv.AppendUint(dbuf[:0], mag, 10)
	n.scale = len(n.digits)
	if mag == 0 {
		n.digits = n.digits[:0]
		n.scale = 0
	}
	var out []byte
	if f != 0 {
		out, err = numberToString(buf[:0], &n, f, digits, c)
		if err != nil {
			return "", err
		}
	} else {
		out = numberToStringFormat(buf[:0], &n, format, c)
	}
	return string(out), nil
}

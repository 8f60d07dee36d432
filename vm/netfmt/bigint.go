package netfmt

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// FormatBigInteger formats a System.Numerics.BigInteger
// (BigInteger.ToString(format, culture)). le is x's shortest two's
// complement form, little-endian, which "X" prints: a positive value whose
// top hex digit would read as negative gains a leading 0 (255 is "0FF"),
// a negative one drops redundant F digits (-1 is "F"). A value that fits an
// int formats as an int does, "G" and "R" as "D"; a larger one in the
// decimal formats prints every digit, and in the others goes through the
// number formatter as an integer. A nil culture means Invariant.
func FormatBigInteger(x *big.Int, le []byte, format string, c *Culture) (string, error) {
	c = cultureOrInvariant(c)
	f, digits, err := parseFormatSpecifier(format)
	if err != nil {
		return "", err
	}
	if format == "" {
		f = 'R'
	}
	if f == 'X' || f == 'x' {
		return bigHex(x, le, f, digits), nil
	}
	if x.IsInt64() && x.Int64() > math.MinInt32 && x.Int64() <= math.MaxInt32 {
		if f == 'G' || f == 'g' || f == 'R' || f == 'r' {
			format = "D"
			if digits > 0 {
				format = "D" + strconv.Itoa(digits)
			}
		}
		return FormatIntBits(x.Int64(), 32, format, c)
	}
	neg := x.Sign() < 0
	mag := new(big.Int).Abs(x).String()
	switch f {
	case 'G', 'g', 'D', 'd', 'R', 'r':
		var b strings.Builder
		if neg {
			b.WriteString(c.NegativeSign)
		}
		for i := len(mag); i < digits; i++ {
			b.WriteByte('0')
		}
		b.WriteString(mag)
		return b.String(), nil
	}
	n := number{digits: []byte(mag), scale: len(mag), neg: neg, kind: kindInteger}
	var out []byte
	if f != 0 {
		out, err = numberToString(nil, &n, f, digits, c)
		if err != nil {
			return "", err
		}
	} else {
		out = numberToStringFormat(nil, &n, format, c)
	}
	return string(out), nil
}

// bigHex is BigInteger's "X" format (BigNumber.FormatBigIntegerToHex).
func bigHex(x *big.Int, le []byte, f byte, digits int) string {
	hex := "0123456789ABCDEF"
	if f == 'x' {
		hex = "0123456789abcdef"
	}
	var b []byte
	cur := len(le) - 1
	if cur >= 0 {
		head, clearHighF := le[cur], false
		if head > 0xF7 {
			head -= 0xF0
			clearHighF = true
		}
		if head < 0x08 || clearHighF {
			b = append(b, hex[head&0xF])
			cur--
		}
	}
	for ; cur >= 0; cur-- {
		b = append(b, hex[le[cur]>>4], hex[le[cur]&0xF])
	}
	if digits > len(b) {
		pad := byte('0')
		if x.Sign() < 0 {
			pad = hex[15]
		}
		b = append([]byte(strings.Repeat(string(pad), digits-len(b))), b...)
	}
	return string(b)
}

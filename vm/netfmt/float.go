package netfmt

import (
	"math"
	"strconv"
)

const (
	doublePrecision = 15 // DoublePrecision and DoublePrecisionCustomFormat
	singlePrecision = 7  // SinglePrecision and SinglePrecisionCustomFormat
)

// FormatDouble formats a double (double.ToString(format, culture)). The
// empty format gives .NET Core 3.0+'s shortest round-trippable text.
func FormatDouble(v float64, format string, c *Culture) (string, error) {
	return formatFloat(v, 64, format, c)
}

// FormatFloat32 formats a float (float.ToString(format, culture)).
func FormatFloat32(v float32, format string, c *Culture) (string, error) {
	return formatFloat(float64(v), 32, format, c)
}

// digitsE appends the significant digits of strconv's 'e' output to dst
// and returns them with the NumberBuffer scale.
func digitsE(dst, s []byte) ([]byte, int) {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := dst
	for ; i < len(s) && s[i] != 'e'; i++ {
		if s[i] != '.' {
			digits = append(digits, s[i])
		}
	}
	exp := 0
	if i < len(s) {
		e, _ := strconv.Atoi(string(s[i+1:]))
		exp = e
	}
	for len(digits) > 0 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
	}
	if len(digits) == 0 {
		return digits, 0
	}
	return digits, exp + 1
}

// digitsF appends the significant digits of strconv's 'f' output
// ("-0.00123") to dst and returns them with the NumberBuffer scale.
func digitsF(dst, s []byte) ([]byte, int) {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := dst
	scale := 0
	seenPoint := false
	for ; i < len(s); i++ {
		ch := s[i]
		if ch == '.' {
			seenPoint = true
			continue
		}
		if len(digits) == 0 && ch == '0' {
			if seenPoint {
				scale--
			}
			continue
		}
		digits = append(digits, ch)
		if !seenPoint {
			scale++
		}
	}
	for len(digits) > 0 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
	}
	if len(digits) == 0 {
		scale = 0
	}
	return digits, scale
}

func formatFloat(v float64, bitSize int, format string, c *Culture) (string, error) {
	c = cultureOrInvariant(c)
	if math.IsNaN(v) {
		return c.NaNSymbol, nil
	}
	if math.IsInf(v, 1) {
		return c.PositiveInfinitySymbol, nil
	}
	if math.IsInf(v, -1) {
		return c.NegativeInfinitySymbol, nil
	}
	var buf [64]byte
	if format == "" {
		return string(appendShortest(buf[:0], v, bitSize, c)), nil
	}
	f, precision, err := parseFormatSpecifier(format)
	if err != nil {
		return "", err
	}
	defaultPrecision := doublePrecision
	if bitSize == 32 {
		defaultPrecision = singlePrecision
	}
	if f == 0 {
		precision = defaultPrecision
	}
	maxDigits := precision
	significant := true
	switch f {
	case 0:
	case 'C', 'c':
		if precision == -1 {
			precision = c.CurrencyDecimalDigits
		}
		significant = false
	case 'E', 'e':
		if precision == -1 {
			precision = 6
		}
		precision++
	case 'F', 'f', 'N', 'n':
		if precision == -1 {
			precision = c.NumberDecimalDigits
		}
		significant = false
	case 'P', 'p':
		if precision == -1 {
			precision = c.PercentDecimalDigits
		}
		precision += 2
		significant = false
	case 'G', 'g':
		if precision == 0 {
			precision = -1
		}
	case 'R', 'r':
		precision = -1
	default:
		return "", errBadFormatSpecifier
	}

	n := number{neg: math.Signbit(v), kind: kindFloat}
	var dbuf [32]byte
	n.digits = dbuf[:0]
	if v != 0 {
		var s []byte
		switch {
		case precision == -1:
			s = strconv.AppendFloat(buf[:0], v, 'e', -1, bitSize)
			n.digits, n.scale = digitsE(dbuf[:0], s)
		case significant:
			s = strconv.AppendFloat(buf[:0], v, 'e', precision-1, 64)
			n.digits, n.scale = digitsE(dbuf[:0], s)
		default:
			// strconv rounds the exact binary value, an exact tie to even, as
			// .NET Core 3.0+'s Dragon4 does for the standard formats.
			s = strconv.AppendFloat(buf[:0], v, 'f', precision, 64)
			n.digits, n.scale = digitsF(dbuf[:0], s)
		}
	}
	var out []byte
	if f != 0 {
		if precision == -1 {
			maxDigits = max(len(n.digits), defaultPrecision)
		}
		out, err = numberToString(buf[:0], &n, f, maxDigits, c)
		if err != nil {
			return "", err
		}
	} else {
		out = numberToStringFormat(buf[:0], &n, format, c)
	}
	return string(out), nil
}

// appendShortest is the allocation-free path for ToString(): shortest
// round-trip digits laid out by the "G" rules with at least 15 (double) or
// 7 (float) digits before switching to scientific notation.
func appendShortest(b []byte, v float64, bitSize int, c *Culture) []byte {
	var tmp [32]byte
	var dbuf [32]byte
	n := number{neg: math.Signbit(v), kind: kindFloat}
	n.digits = dbuf[:0]
	if v != 0 {
		n.digits, n.scale = digitsE(dbuf[:0], strconv.AppendFloat(tmp[:0], v, 'e', -1, bitSize))
	}
	defaultPrecision := doublePrecision
	if bitSize == 32 {
		defaultPrecision = singlePrecision
	}
	if n.neg {
		b = append(b, c.NegativeSign...)
	}
	return formatGeneral(b, &n, max(len(n.digits), defaultPrecision), c, 'E', false)
}

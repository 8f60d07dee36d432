package netfmt

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// isParseWhite is .NET's IsWhite for number parsing: U+0009..U+000D and
// U+0020.
func isParseWhite(c byte) bool { return c == ' ' || (c >= 0x09 && c <= 0x0D) }

// trimParseWhite removes leading white space and trailing white space and
// NUL characters, which every numeric parser ignores.
func trimParseWhite(s string) string {
	i := 0
	for i < len(s) && isParseWhite(s[i]) {
		i++
	}
	j := len(s)
	for j > i && (isParseWhite(s[j-1]) || s[j-1] == 0) {
		j--
	}
	return s[i:j]
}

// cutSign removes a leading culture sign. The ASCII '-' and '+' are also
// accepted when the culture's signs differ (as .NET does for U+2212).
func cutSign(s string, c *Culture) (rest string, neg bool) {
	switch {
	case c.NegativeSign != "" && strings.HasPrefix(s, c.NegativeSign):
		return s[len(c.NegativeSign):], true
	case c.PositiveSign != "" && strings.HasPrefix(s, c.PositiveSign):
		return s[len(c.PositiveSign):], false
	case strings.HasPrefix(s, "-"):
		return s[1:], true
	case strings.HasPrefix(s, "+"):
		return s[1:], false
	}
	return s, false
}

// parseIntegerMag parses NumberStyles.Integer text into a sign and a
// magnitude, reporting overflow of uint64 separately from bad syntax.
func parseIntegerMag(s string, c *Culture) (neg bool, mag uint64, overflow bool, ok bool) {
	t := trimParseWhite(s)
	t, neg = cutSign(t, c)
	if t == "" {
		return false, 0, false, false
	}
	for i := 0; i < len(t); i++ {
		ch := t[i]
		if !isDigit(ch) {
			return false, 0, false, false
		}
		d := uint64(ch - '0')
		if mag > (math.MaxUint64-d)/10 {
			overflow = true
			continue
		}
		mag = mag*10 + d
	}
	return neg, mag, overflow, true
}

// parseSigned is Int{8,16,32,64}.Parse with NumberStyles.Integer.
func parseSigned(s string, c *Culture, bits int, typeWithArticle string) (int64, error) {
	c = cultureOrInvariant(c)
	neg, mag, overflow, ok := parseIntegerMag(s, c)
	if !ok {
		return 0, invalidValue(s)
	}
	limit := uint64(1) << uint(bits-1)
	if overflow || (!neg && mag >= limit) || (neg && mag > limit) {
		return 0, overflowException(typeWithArticle)
	}
	if neg {
		return -int64(mag), nil
	}
	return int64(mag), nil
}

// parseUnsigned is UInt{8,16,32,64}.Parse; "-0" is accepted as zero.
func parseUnsigned(s string, c *Culture, bits int, typeWithArticle string) (uint64, error) {
	c = cultureOrInvariant(c)
	neg, mag, overflow, ok := parseIntegerMag(s, c)
	if !ok {
		return 0, invalidValue(s)
	}
	if overflow || (neg && mag != 0) || (bits < 64 && mag >= uint64(1)<<uint(bits)) {
		return 0, overflowException(typeWithArticle)
	}
	return mag, nil
}

// ParseInt32 is int.Parse(s, culture): optional white space around an
// optional sign and decimal digits. Failures are FormatException ("The input
// string 'abc' was not in a correct format.") or OverflowException ("Value
// was either too large or too small for an Int32.").
func ParseInt32(s string, c *Culture) (int32, error) {
	v, err := parseSigned(s, c, 32, "an Int32")
	return int32(v), err
}

// ParseInt64 is long.Parse(s, culture).
func ParseInt64(s string, c *Culture) (int64, error) {
	return parseSigned(s, c, 64, "an Int64")
}

// ParseInt16 is short.Parse(s, culture).
func ParseInt16(s string, c *Culture) (int16, error) {
	v, err := parseSigned(s, c, 16, "an Int16")
	return int16(v), err
}

// ParseSByte is sbyte.Parse(s, culture).
func ParseSByte(s string, c *Culture) (int8, error) {
	v, err := parseSigned(s, c, 8, "a signed byte")
	return int8(v), err
}

// ParseByte is byte.Parse(s, culture).
func ParseByte(s string, c *Culture) (uint8, error) {
	v, err := parseUnsigned(s, c, 8, "an unsigned byte")
	return uint8(v), err
}

// ParseUInt16 is ushort.Parse(s, culture).
func ParseUInt16(s string, c *Culture) (uint16, error) {
	v, err := parseUnsigned(s, c, 16, "a UInt16")
	return uint16(v), err
}

// ParseUInt32 is uint.Parse(s, culture).
func ParseUInt32(s string, c *Culture) (uint32, error) {
	v, err := parseUnsigned(s, c, 32, "a UInt32")
	return uint32(v), err
}

// ParseUInt64 is ulong.Parse(s, culture).
func ParseUInt64(s string, c *Culture) (uint64, error) {
	return parseUnsigned(s, c, 64, "a UInt64")
}

// scanNumber reads the numeric part of double/decimal text: digits with
// group separators (after the first digit, before the decimal separator),
// one decimal separator and, when allowExp, an exponent. It returns a plain
// ASCII form "123.45e-6" for strconv/big parsing, or ok false.
func scanNumber(t string, c *Culture, allowExp bool) (string, bool) {
	var b strings.Builder
	digits := false
	decimal := false
	i := 0
	for i < len(t) {
		ch := t[i]
		switch {
		case isDigit(ch):
			b.WriteByte(ch)
			digits = true
			i++
		case !decimal && c.NumberDecimalSeparator != "" && strings.HasPrefix(t[i:], c.NumberDecimalSeparator):
			b.WriteByte('.')
			decimal = true
			i += len(c.NumberDecimalSeparator)
		case digits && !decimal && c.NumberGroupSeparator != "" && strings.HasPrefix(t[i:], c.NumberGroupSeparator):
			i += len(c.NumberGroupSeparator)
		default:
			goto exponent
		}
	}
exponent:
	if !digits {
		return "", false
	}
	if i < len(t) && allowExp && (t[i] == 'e' || t[i] == 'E') {
		j := i + 1
		rest, neg := cutSign(t[j:], c)
		j = len(t) - len(rest)
		k := j
		for k < len(t) && isDigit(t[k]) {
			k++
		}
		if k > j {
			b.WriteByte('e')
			if neg {
				b.WriteByte('-')
			}
			exp := strings.TrimLeft(t[j:k], "0")
			if len(exp) > 9 {
				exp = "999999999"
			}
			if exp == "" {
				exp = "0"
			}
			b.WriteString(exp)
			i = k
		}
	}
	if i != len(t) {
		return "", false
	}
	return b.String(), true
}

// ParseDouble is double.Parse(s, culture) with NumberStyles.Float |
// AllowThousands: white space, a sign, digits with group separators, a
// decimal separator and an exponent, or the culture's NaN and infinity
// symbols ("Infinity", "-Infinity" and "∞" are accepted in every culture),
// compared ignoring case. Out-of-range values become ±Infinity or ±0 as in
// .NET Core 3.0 and later.
func ParseDouble(s string, c *Culture) (float64, error) {
	return parseFloat(s, c, 64)
}

// ParseFloat32 is float.Parse(s, culture).
func ParseFloat32(s string, c *Culture) (float32, error) {
	f, err := parseFloat(s, c, 32)
	return float32(f), err
}

func parseFloat(s string, c *Culture, bitSize int) (float64, error) {
	c = cultureOrInvariant(c)
	t := trimParseWhite(s)
	body, neg := cutSign(t, c)
	if text, ok := scanNumber(body, c, true); ok {
		f, err := strconv.ParseFloat(text, bitSize)
		if err != nil && !isRangeError(err) {
			return 0, invalidValue(s)
		}
		if neg {
			f = -f
		}
		return f, nil
	}
	if f, ok := parseFloatSymbol(t, c); ok {
		return f, nil
	}
	return 0, invalidValue(s)
}

func isRangeError(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// parseFloatSymbol recognises NaN and infinity spellings.
func parseFloatSymbol(t string, c *Culture) (float64, bool) {
	eq := strings.EqualFold
	switch {
	case eq(t, c.PositiveInfinitySymbol) || eq(t, "Infinity") || t == "∞":
		return math.Inf(1), true
	case eq(t, c.NegativeInfinitySymbol) || eq(t, "-Infinity") || t == "-∞":
		return math.Inf(-1), true
	case eq(t, c.NaNSymbol):
		return math.NaN(), true
	}
	if rest, ok := cutPrefixFold(t, c.PositiveSign); ok {
		switch {
		case eq(rest, c.PositiveInfinitySymbol) || eq(rest, "Infinity") || rest == "∞":
			return math.Inf(1), true
		case eq(rest, c.NaNSymbol):
			return math.NaN(), true
		}
	}
	if rest, ok := cutPrefixFold(t, c.NegativeSign); ok {
		switch {
		case eq(rest, "Infinity") || rest == "∞":
			return math.Inf(-1), true
		case eq(rest, c.NaNSymbol):
			return math.NaN(), true
		}
	}
	return 0, false
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if prefix != "" && len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// ParseDecimal is decimal.Parse(s, culture) with NumberStyles.Number: white
// space, a leading sign, digits with group separators and a decimal
// separator, no exponent. The scale is kept as written ("1.50" has scale
// 2); excess digits are rounded half to even.
func ParseDecimal(s string, c *Culture) (Decimal, error) {
	c = cultureOrInvariant(c)
	t := trimParseWhite(s)
	body, neg := cutSign(t, c)
	text, ok := scanNumber(body, c, false)
	if !ok {
		return Decimal{}, invalidValue(s)
	}
	intPart, frac, _ := strings.Cut(text, ".")
	m, _ := new(big.Int).SetString(intPart+frac, 10)
	if neg {
		m.Neg(m)
	}
	d, err := decimalFromBig(m, len(frac))
	if err != nil {
		return Decimal{}, err
	}
	d.neg = neg
	return d, nil
}

// ParseBool is bool.Parse: "True" or "False" in any case, with white space
// and NULs ignored at either end.
func ParseBool(s string) (bool, error) {
	t := strings.Trim(s, " \t\n\v\f\r\x00\u0085\u00a0")
	switch {
	case strings.EqualFold(t, "True"):
		return true, nil
	case strings.EqualFold(t, "False"):
		return false, nil
	}
	return false, formatException("String '" + s + "' was not recognized as a valid Boolean.")
}

package netfmt

import "strconv"

// numberKind says where a digit buffer came from; rounding and the sign of
// zero depend on it, as in .NET's NumberBufferKind.
type numberKind uint8

const (
	kindInteger numberKind = iota
	kindDecimal
	kindFloat
)

// maxPrecision bounds precision specifiers. .NET accepts up to 999,999,999;
// this package refuses more than maxPrecision so that a hostile format
// string cannot demand a gigabyte of zeros.
const maxPrecision = 100_000

// number is .NET's NumberBuffer: the value is 0.digits × 10^scale. digits
// holds ASCII digits with no leading zero; trailing zeros may be present
// (integers and decimals keep them) and are removed by round.
type number struct {
	digits []byte
	scale  int
	neg    bool
	kind   numberKind
}

// round keeps pos digits, rounding half away from zero unless the digits
// are already correctly rounded (doubles), then drops trailing zeros.
func (n *number) round(pos int, correctlyRounded bool) {
	i := 0
	for i < pos && i < len(n.digits) {
		i++
	}
	if i == pos && i < len(n.digits) && !correctlyRounded && n.digits[i] >= '5' {
		for i > 0 && n.digits[i-1] == '9' {
			i--
		}
		if i > 0 {
			n.digits[i-1]++
		} else {
			n.scale++
			n.digits = append(n.digits[:0], '1')
			i = 1
		}
	} else {
		for i > 0 && n.digits[i-1] == '0' {
			i--
		}
	}
	if i == 0 {
		if n.kind != kindFloat {
			n.neg = false
		}
		n.scale = 0
	}
	n.digits = n.digits[:i]
}

// parseFormatSpecifier is Number.ParseFormatSpecifier: a standard format is
// one ASCII letter followed by optional decimal digits; it returns the letter
// and the precision (-1 when absent), or letter 0 for a custom format. The
// empty format is "G".
func parseFormatSpecifier(format string) (byte, int, error) {
	if format == "" {
		return 'G', -1, nil
	}
	c := format[0]
	if !isASCIILetter(c) {
		return 0, 0, nil
	}
	if len(format) == 1 {
		return c, -1, nil
	}
	n := 0
	i := 1
	for i < len(format) && isDigit(format[i]) {
		if n >= 100_000_000 {
			return 0, 0, errBadFormatSpecifier
		}
		n = n*10 + int(format[i]-'0')
		i++
	}
	if i >= len(format) || format[i] == 0 {
		if n > maxPrecision {
			return 0, 0, errBadFormatSpecifier
		}
		return c, n, nil
	}
	return 0, 0, nil
}

func isASCIILetter(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }
func isDigit(c byte) bool       { return c >= '0' && c <= '9' }

// numberToString applies a standard format to n (Number.NumberToString).
func numberToString(b []byte, n *number, f byte, maxDigits int, c *Culture) ([]byte, error) {
	correct := n.kind == kindFloat
	switch f {
	case 'C', 'c':
		if maxDigits < 0 {
			maxDigits = c.CurrencyDecimalDigits
		}
		n.round(n.scale+maxDigits, correct)
		return formatCurrency(b, n, maxDigits, c), nil
	case 'F', 'f':
		if maxDigits < 0 {
			maxDigits = c.NumberDecimalDigits
		}
		n.round(n.scale+maxDigits, correct)
		if n.neg {
			b = append(b, c.NegativeSign...)
		}
		return formatFixed(b, n, maxDigits, nil, c.NumberDecimalSeparator, ""), nil
	case 'N', 'n':
		if maxDigits < 0 {
			maxDigits = c.NumberDecimalDigits
		}
		n.round(n.scale+maxDigits, correct)
		return formatNumber(b, n, maxDigits, c), nil
	case 'E', 'e':
		if maxDigits < 0 {
			maxDigits = 6
		}
		maxDigits++
		n.round(maxDigits, correct)
		if n.neg {
			b = append(b, c.NegativeSign...)
		}
		return formatScientific(b, n, maxDigits, c, f), nil
	case 'G', 'g', 'R', 'r':
		if f == 'R' || f == 'r' {
			if n.kind != kindFloat {
				return nil, errBadFormatSpecifier
			}
			f -= 'R' - 'G'
		}
		noRounding := false
		if maxDigits < 1 {
			if n.kind == kindDecimal && maxDigits == -1 {
				noRounding = true
				if len(n.digits) == 0 {
					return formatGeneral(b, n, maxDigits, c, f-('G'-'E'), true), nil
				}
			} else {
				maxDigits = len(n.digits)
			}
		}
		if !noRounding {
			n.round(maxDigits, correct)
		}
		if n.neg {
			b = append(b, c.NegativeSign...)
		}
		return formatGeneral(b, n, maxDigits, c, f-('G'-'E'), noRounding), nil
	case 'P', 'p':
		if maxDigits < 0 {
			maxDigits = c.PercentDecimalDigits
		}
		n.scale += 2
		n.round(n.scale+maxDigits, correct)
		return formatPercent(b, n, maxDigits, c), nil
	}
	return nil, errBadFormatSpecifier
}

func formatGeneral(b []byte, n *number, maxDigits int, c *Culture, expChar byte, suppressScientific bool) []byte {
	digPos := n.scale
	scientific := false
	if !suppressScientific && (digPos > maxDigits || digPos < -3) {
		digPos = 1
		scientific = true
	}
	d := 0
	if digPos > 0 {
		for ; digPos > 0; digPos-- {
			if d < len(n.digits) {
				b = append(b, n.digits[d])
				d++
			} else {
				b = append(b, '0')
			}
		}
	} else {
		b = append(b, '0')
	}
	if d < len(n.digits) || digPos < 0 {
		b = append(b, c.NumberDecimalSeparator...)
		for ; digPos < 0; digPos++ {
			b = append(b, '0')
		}
		b = append(b, n.digits[d:]...)
	}
	if scientific {
		b = formatExponent(b, c, n.scale-1, expChar, 2, true)
	}
	return b
}

func formatExponent(b []byte, c *Culture, value int, expChar byte, minDigits int, positiveSign bool) []byte {
	b = append(b, expChar)
	if value < 0 {
		b = append(b, c.NegativeSign...)
		value = -value
	} else if positiveSign {
		b = append(b, c.PositiveSign...)
	}
	return appendPadded(b, uint64(value), minDigits)
}

// appendPadded appends v in decimal with at least minDigits digits.
func appendPadded(b []byte, v uint64, minDigits int) []byte {
	var tmp [20]byte
	s := strconv.AppendUint(tmp[:0], v, 10)
	for i := len(s); i < minDigits; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

func formatScientific(b []byte, n *number, maxDigits int, c *Culture, expChar byte) []byte {
	d := 0
	next := func() byte {
		if d < len(n.digits) {
			d++
			return n.digits[d-1]
		}
		return '0'
	}
	b = append(b, next())
	if maxDigits != 1 {
		b = append(b, c.NumberDecimalSeparator...)
	}
	for maxDigits--; maxDigits > 0; maxDigits-- {
		b = append(b, next())
	}
	e := 0
	if len(n.digits) > 0 {
		e = n.scale - 1
	}
	return formatExponent(b, c, e, expChar, 3, true)
}

// formatFixed writes the integer part (grouped when groupSizes is not nil)
// and maxDigits decimals.
func formatFixed(b []byte, n *number, maxDigits int, groupSizes []int, decSep, groupSep string) []byte {
	digPos := n.scale
	d := 0
	if digPos > 0 {
		start := len(b)
		for i := 0; i < digPos; i++ {
			if d < len(n.digits) {
				b = append(b, n.digits[d])
				d++
			} else {
				b = append(b, '0')
			}
		}
		if groupSizes != nil {
			b = insertGroups(b, start, groupSizes, groupSep)
		}
	} else {
		b = append(b, '0')
	}
	if maxDigits > 0 {
		b = append(b, decSep...)
		if digPos < 0 {
			zeros := min(-digPos, maxDigits)
			for i := 0; i < zeros; i++ {
				b = append(b, '0')
			}
			maxDigits -= zeros
		}
		for ; maxDigits > 0; maxDigits-- {
			if d < len(n.digits) {
				b = append(b, n.digits[d])
				d++
			} else {
				b = append(b, '0')
			}
		}
	}
	return b
}

// insertGroups puts separators into the ASCII digit run b[start:] counting
// from the right: sizes[0] digits, then sizes[1], ..., the last size
// repeating; a zero size ends grouping.
func insertGroups(b []byte, start int, sizes []int, sep string) []byte {
	if len(sizes) == 0 || sep == "" {
		return b
	}
	digits := len(b) - start
	var cuts []int // digit counts from the right where a separator goes
	total, idx := 0, 0
	for {
		size := sizes[idx]
		if size <= 0 {
			break
		}
		total += size
		if total >= digits {
			break
		}
		cuts = append(cuts, total)
		if idx < len(sizes)-1 {
			idx++
		}
	}
	if len(cuts) == 0 {
		return b
	}
	run := append([]byte(nil), b[start:]...)
	b = b[:start]
	for i := 0; i < digits; i++ {
		b = append(b, run[i])
		fromRight := digits - 1 - i
		for _, cut := range cuts {
			if cut == fromRight {
				b = append(b, sep...)
				break
			}
		}
	}
	return b
}

var negNumberFormats = [...]string{"(#)", "-#", "- #", "#-", "# -"}

func formatNumber(b []byte, n *number, maxDigits int, c *Culture) []byte {
	pattern := "#"
	if n.neg {
		pattern = negNumberFormats[clampPattern(c.NumberNegativePattern, len(negNumberFormats))]
	}
	for i := 0; i < len(pattern); i++ {
		switch ch := pattern[i]; ch {
		case '#':
			b = formatFixed(b, n, maxDigits, c.NumberGroupSizes, c.NumberDecimalSeparator, c.NumberGroupSeparator)
		case '-':
			b = append(b, c.NegativeSign...)
		default:
			b = append(b, ch)
		}
	}
	return b
}

var (
	posCurrencyFormats = [...]string{"$#", "#$", "$ #", "# $"}
	negCurrencyFormats = [...]string{"($#)", "-$#", "$-#", "$#-", "(#$)", "-#$", "#-$", "#$-",
		"-# $", "-$ #", "# $-", "$ #-", "$ -#", "#- $", "($ #)", "(# $)", "$- #"}
	posPercentFormats = [...]string{"# %", "#%", "%#", "% #"}
	negPercentFormats = [...]string{"-# %", "-#%", "-%#", "%-#", "%#-", "#-%", "#%-", "-% #",
		"# %-", "% #-", "% -#", "#- %"}
)

func clampPattern(p, n int) int {
	if p < 0 || p >= n {
		return 0
	}
	return p
}

func formatCurrency(b []byte, n *number, maxDigits int, c *Culture) []byte {
	var pattern string
	if n.neg {
		pattern = negCurrencyFormats[clampPattern(c.CurrencyNegativePattern, len(negCurrencyFormats))]
	} else {
		pattern = posCurrencyFormats[clampPattern(c.CurrencyPositivePattern, len(posCurrencyFormats))]
	}
	for i := 0; i < len(pattern); i++ {
		switch ch := pattern[i]; ch {
		case '#':
			b = formatFixed(b, n, maxDigits, c.CurrencyGroupSizes, c.CurrencyDecimalSeparator, c.CurrencyGroupSeparator)
		case '-':
			b = append(b, c.NegativeSign...)
		case '$':
			b = append(b, c.CurrencySymbol...)
		default:
			b = append(b, ch)
		}
	}
	return b
}

func formatPercent(b []byte, n *number, maxDigits int, c *Culture) []byte {
	var pattern string
	if n.neg {
		pattern = negPercentFormats[clampPattern(c.PercentNegativePattern, len(negPercentFormats))]
	} else {
		pattern = posPercentFormats[clampPattern(c.PercentPositivePattern, len(posPercentFormats))]
	}
	for i := 0; i < len(pattern); i++ {
		switch ch := pattern[i]; ch {
		case '#':
			b = formatFixed(b, n, maxDigits, c.PercentGroupSizes, c.PercentDecimalSeparator, c.PercentGroupSeparator)
		case '-':
			b = append(b, c.NegativeSign...)
		case '%':
			b = append(b, c.PercentSymbol...)
		default:
			b = append(b, ch)
		}
	}
	return b
}

package netfmt

import "unicode/utf8"

// findSection returns the index in format where section (0 positive,
// 1 negative, 2 zero) starts, or 0 when that section is absent or empty
// (Number.FindSection).
func findSection(format []rune, section int) int {
	if section == 0 {
		return 0
	}
	src := 0
	for {
		if src >= len(format) {
			return 0
		}
		ch := format[src]
		src++
		switch ch {
		case '\'', '"':
			for src < len(format) && format[src] != 0 {
				src++
				if format[src-1] == ch {
					break
				}
			}
		case '\\':
			if src < len(format) && format[src] != 0 {
				src++
			}
		case ';':
			section--
			if section != 0 {
				continue
			}
			if src < len(format) && format[src] != 0 && format[src] != ';' {
				return src
			}
			return 0
		case 0:
			return 0
		}
	}
}

// skipQuoted advances past a quoted literal whose opening quote q is at
// src-1, returning the index after the closing quote (or the end).
func skipQuoted(format []rune, src int, q rune) int {
	for src < len(format) && format[src] != 0 {
		src++
		if format[src-1] == q {
			break
		}
	}
	return src
}

// numberToStringFormat applies a custom numeric format
// (Number.NumberToStringFormat).
func numberToStringFormat(b []byte, n *number, formatStr string, c *Culture) []byte {
	format := []rune(formatStr)
	var (
		digitCount, decimalPos, firstDigit, lastDigit int
		scientific                                    bool
		thousandPos, thousandCount                    int
		thousandSeps                                  bool
		scaleAdjust                                   int
		src                                           int
	)
	sectionFor := 0
	if len(n.digits) == 0 {
		sectionFor = 2
	} else if n.neg {
		sectionFor = 1
	}
	section := findSection(format, sectionFor)

	for {
		digitCount = 0
		decimalPos = -1
		firstDigit = 0x7FFFFFFF
		lastDigit = 0
		scientific = false
		thousandPos = -1
		thousandSeps = false
		scaleAdjust = 0
		src = section
		for src < len(format) && format[src] != 0 && format[src] != ';' {
			ch := format[src]
			src++
			switch ch {
			case '#':
				digitCount++
			case '0':
				if firstDigit == 0x7FFFFFFF {
					firstDigit = digitCount
				}
				digitCount++
				lastDigit = digitCount
			case '.':
				if decimalPos < 0 {
					decimalPos = digitCount
				}
			case ',':
				if digitCount > 0 && decimalPos < 0 {
					if thousandPos >= 0 {
						if thousandPos == digitCount {
							thousandCount++
							break
						}
						thousandSeps = true
					}
					thousandPos = digitCount
					thousandCount = 1
				}
			case '%':
				scaleAdjust += 2
			case '\u2030':
				scaleAdjust += 3
			case '\'', '"':
				src = skipQuoted(format, src, ch)
			case '\\':
				if src < len(format) && format[src] != 0 {
					src++
				}
			case 'E', 'e':
				if (src < len(format) && format[src] == '0') ||
					(src+1 < len(format) && (format[src] == '+' || format[src] == '-') && format[src+1] == '0') {
					for src++; src < len(format) && format[src] == '0'; src++ {
					}
					scientific = true
				}
			}
		}
		if decimalPos < 0 {
			decimalPos = digitCount
		}
		if thousandPos >= 0 {
			if thousandPos == decimalPos {
				scaleAdjust -= thousandCount * 3
			} else {
				thousandSeps = true
			}
		}
		if len(n.digits) > 0 {
			n.scale += scaleAdjust
			pos := n.scale + digitCount - decimalPos
			if scientific {
				pos = digitCount
			}
			n.round(pos, false)
			if len(n.digits) == 0 {
				if s := findSection(format, 2); s != section {
					section = s
					continue
				}
			}
		} else {
			if n.kind != kindFloat {
				n.neg = false
			}
			n.scale = 0
		}
		break
	}

	if firstDigit < decimalPos {
		firstDigit = decimalPos - firstDigit
	} else {
		firstDigit = 0
	}
	if lastDigit > decimalPos {
		lastDigit = decimalPos - lastDigit
	} else {
		lastDigit = 0
	}
	var digPos, adjust int
	if scientific {
		digPos = decimalPos
		adjust = 0
	} else {
		digPos = max(n.scale, decimalPos)
		adjust = n.scale - decimalPos
	}
	src = section

	// sepPos lists, from the left, the digit positions (counted from the
	// decimal point) after which a group separator follows.
	var sepPos []int
	if thousandSeps && c.NumberGroupSeparator != "" && len(c.NumberGroupSizes) > 0 {
		sizes := c.NumberGroupSizes
		idx := 0
		total := sizes[0]
		size := total
		totalDigits := digPos
		if adjust < 0 {
			totalDigits += adjust
		}
		numDigits := max(firstDigit, totalDigits)
		for numDigits > total && size != 0 {
			sepPos = append(sepPos, total)
			if idx < len(sizes)-1 {
				idx++
				size = sizes[idx]
			}
			total += size
		}
	}
	sepCtr := len(sepPos) - 1

	start := len(b)
	// A value that falls back to the first section from a negative section
	// of its own (rounding to zero, or -0.0) takes no sign: .NET 11 writes
	// -0.4 with "0;(0)" as "0", where earlier versions wrote "-0".
	negSection := findSection(format, 1) != 0
	if n.neg && section == 0 && n.scale != 0 && !negSection {
		b = append(b, c.NegativeSign...)
	}
	decimalWritten := false
	cur := 0
	nextDigit := func() byte {
		if cur < len(n.digits) {
			cur++
			return n.digits[cur-1]
		}
		return 0
	}
	group := func() {
		if thousandSeps && digPos > 1 && sepCtr >= 0 && digPos == sepPos[sepCtr]+1 {
			b = append(b, c.NumberGroupSeparator...)
			sepCtr--
		}
	}
	for src < len(format) && format[src] != 0 && format[src] != ';' {
		ch := format[src]
		src++
		if adjust > 0 && (ch == '#' || ch == '0' || ch == '.') {
			for adjust > 0 {
				d := nextDigit()
				if d == 0 {
					d = '0'
				}
				b = append(b, d)
				group()
				digPos--
				adjust--
			}
		}
		switch ch {
		case '#', '0':
			var d byte
			if adjust < 0 {
				adjust++
				if digPos <= firstDigit {
					d = '0'
				}
			} else {
				d = nextDigit()
				if d == 0 && digPos > lastDigit {
					d = '0'
				}
			}
			if d != 0 {
				b = append(b, d)
				group()
			}
			digPos--
		case '.':
			if digPos != 0 || decimalWritten {
				break
			}
			if lastDigit < 0 || (decimalPos < digitCount && cur < len(n.digits)) {
				b = append(b, c.NumberDecimalSeparator...)
				decimalWritten = true
			}
		case '\u2030':
			b = append(b, c.PerMilleSymbol...)
		case '%':
			b = append(b, c.PercentSymbol...)
		case ',':
		case '\'', '"':
			for src < len(format) && format[src] != 0 && format[src] != ch {
				b = utf8.AppendRune(b, format[src])
				src++
			}
			if src < len(format) && format[src] != 0 {
				src++
			}
		case '\\':
			if src < len(format) && format[src] != 0 {
				b = utf8.AppendRune(b, format[src])
				src++
			}
		case 'E', 'e':
			positiveSign := false
			i := 0
			if scientific {
				switch {
				case src < len(format) && format[src] == '0':
					i++
				case src+1 < len(format) && format[src] == '+' && format[src+1] == '0':
					positiveSign = true
				case src+1 < len(format) && format[src] == '-' && format[src+1] == '0':
				default:
					b = append(b, byte(ch))
					continue
				}
				for src++; src < len(format) && format[src] == '0'; src++ {
					i++
				}
				if i > 10 {
					i = 10
				}
				exp := 0
				if len(n.digits) > 0 {
					exp = n.scale - decimalPos
				}
				b = formatExponent(b, c, exp, byte(ch), i, positiveSign)
				scientific = false
			} else {
				b = append(b, byte(ch))
				if src < len(format) {
					if format[src] == '+' || format[src] == '-' {
						b = utf8.AppendRune(b, format[src])
						src++
					}
					for src < len(format) && format[src] == '0' {
						b = append(b, '0')
						src++
					}
				}
			}
		default:
			b = utf8.AppendRune(b, ch)
		}
	}
	if n.neg && section == 0 && n.scale == 0 && len(b) > start && !negSection {
		b = append(b[:start], append([]byte(c.NegativeSign), b[start:]...)...)
	}
	return b
}

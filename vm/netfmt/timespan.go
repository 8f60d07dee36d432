package netfmt

import (
	"math"
	"strings"
	"unicode/utf8"
)

// Tick arithmetic of System.TimeSpan: one tick is 100 ns.
const (
	TicksPerMillisecond int64 = 10_000
	TicksPerSecond            = 1000 * TicksPerMillisecond
	TicksPerMinute            = 60 * TicksPerSecond
	TicksPerHour              = 60 * TicksPerMinute
	TicksPerDay               = 24 * TicksPerHour
)

// timeParts splits a tick count into magnitude components.
type timeParts struct {
	neg                    bool
	days                   uint64
	hours, minutes, second int
	fraction               int // ticks within the second, 0..9,999,999
}

func splitTicks(ticks int64) timeParts {
	var p timeParts
	mag := uint64(ticks)
	if ticks < 0 {
		p.neg = true
		mag = -mag
	}
	t := uint64(TicksPerDay)
	p.days = mag / t
	rem := mag % t
	p.hours = int(rem / uint64(TicksPerHour))
	rem %= uint64(TicksPerHour)
	p.minutes = int(rem / uint64(TicksPerMinute))
	rem %= uint64(TicksPerMinute)
	p.second = int(rem / uint64(TicksPerSecond))
	p.fraction = int(rem % uint64(TicksPerSecond))
	return p
}

// FormatTimeSpan is TimeSpan.ToString(format, culture).
//
//	"" / "c" / "t" / "T": [-][d.]hh:mm:ss[.fffffff]     00:00:01.5000000, 1.02:03:04
//	"g": [-][d:]h:mm:ss[.FFFFFFF] (culture decimal separator) 0:00:01.5
//	"G": [-]d:hh:mm:ss.fffffff (culture decimal separator)    0:00:00:01.5000000
//
// Anything else is a custom format of d..dddddddd, h/hh, m/mm, s/ss,
// f..fffffff, F..FFFFFFF, quoted literals, \c and %c; custom formats never
// print a sign. Invalid formats fail with FormatException "Input string was
// not in a correct format.".
func FormatTimeSpan(ticks int64, format string, c *Culture) (string, error) {
	c = cultureOrInvariant(c)
	p := splitTicks(ticks)
	var b []byte
	switch format {
	case "", "c", "t", "T":
		if p.neg {
			b = append(b, '-')
		}
		if p.days != 0 {
			b = appendPadded(b, p.days, 1)
			b = append(b, '.')
		}
		b = appendPadded(b, uint64(p.hours), 2)
		b = append(b, ':')
		b = appendPadded(b, uint64(p.minutes), 2)
		b = append(b, ':')
		b = appendPadded(b, uint64(p.second), 2)
		if p.fraction != 0 {
			b = append(b, '.')
			b = appendPadded(b, uint64(p.fraction), 7)
		}
		return string(b), nil
	case "g", "G":
		if p.neg {
			b = append(b, c.NegativeSign...)
		}
		long := format == "G"
		if long || p.days != 0 {
			b = appendPadded(b, p.days, 1)
			b = append(b, ':')
		}
		if long {
			b = appendPadded(b, uint64(p.hours), 2)
		} else {
			b = appendPadded(b, uint64(p.hours), 1)
		}
		b = append(b, ':')
		b = appendPadded(b, uint64(p.minutes), 2)
		b = append(b, ':')
		b = appendPadded(b, uint64(p.second), 2)
		if long {
			b = append(b, c.NumberDecimalSeparator...)
			b = appendPadded(b, uint64(p.fraction), 7)
		} else if p.fraction != 0 {
			b = append(b, c.NumberDecimalSeparator...)
			f := appendPadded(nil, uint64(p.fraction), 7)
			b = append(b, strings.TrimRight(string(f), "0")...)
		}
		return string(b), nil
	}
	if len(format) == 1 {
		return "", errInvalidString
	}
	return formatTimeSpanCustom(p, format)
}

// formatTimeSpanCustom is TimeSpanFormat.FormatCustomized.
func formatTimeSpanCustom(p timeParts, format string) (string, error) {
	var b []byte
	i := 0
	for i < len(format) {
		ch := format[i]
		n := repeatCount(format, i)
		switch ch {
		case 'h', 'm', 's':
			if n > 2 {
				return "", errInvalidString
			}
			v := p.hours
			if ch == 'm' {
				v = p.minutes
			} else if ch == 's' {
				v = p.second
			}
			b = appendPadded(b, uint64(v), n)
		case 'f', 'F':
			if n > 7 {
				return "", errInvalidString
			}
			frac := p.fraction / int(math.Pow10(7-n))
			digits := appendPadded(nil, uint64(frac), n)
			if ch == 'F' {
				digits = []byte(strings.TrimRight(string(digits), "0"))
			}
			b = append(b, digits...)
		case 'd':
			if n > 8 {
				return "", errInvalidString
			}
			b = appendPadded(b, p.days, n)
		case '\'', '"':
			end := strings.IndexByte(format[i+1:], ch)
			if end < 0 {
				return "", errInvalidString
			}
			b = append(b, format[i+1:i+1+end]...)
			n = end + 2
		case '%':
			// %c formats the single custom specifier c; "%%" is invalid.
			if i+1 >= len(format) || format[i+1] == '%' {
				return "", errInvalidString
			}
			n = 1
		case '\\':
			if i+1 >= len(format) {
				return "", errInvalidString
			}
			_, size := utf8.DecodeRuneInString(format[i+1:])
			b = append(b, format[i+1:i+1+size]...)
			n = 1 + size
		default:
			return "", errInvalidString
		}
		i += n
	}
	return string(b), nil
}

// repeatCount counts how many times format[i] repeats from i.
func repeatCount(format string, i int) int {
	j := i + 1
	for j < len(format) && format[j] == format[i] {
		j++
	}
	return j - i
}

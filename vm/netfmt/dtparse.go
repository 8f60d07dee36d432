package netfmt

import (
	"strings"
	"time"
)

// Parsing dates and times: DateTime.ParseExact's custom patterns (the
// specifiers FormatDateTime writes), DateTime.Parse's common shapes (ISO
// 8601, the culture's short date and time, month names) and TimeSpan's
// "[-][d.]hh:mm[:ss[.fffffff]]".

// ParsedDateTime is a parsed date and time: its wall-clock ticks and, when
// the text named one, its UTC offset ("Z", "+02:00").
type ParsedDateTime struct {
	Ticks     int64
	HasOffset bool
	Offset    int64 // ticks east of UTC
	Utc       bool  // the offset was written "Z"
	HasDate   bool  // a date was given (a time alone is on today's date)
}

func badDateTime(s string) *FormatError {
	return formatException("String '" + s + "' was not recognized as a valid DateTime.")
}

// dtFields collects what a pattern matched.
type dtFields struct {
	year, month, day, hour, minute, second int
	frac                                   int64 // ticks
	pm, hasAMPM, hour12                    bool
	hasDate, hasYear                       bool
	offset                                 int64
	hasOffset, utc                         bool
}

// ParseDateTimeExact is DateTime.ParseExact(s, format, culture): s must
// match format, a standard format letter or a custom pattern, exactly
// (white space only where the pattern has it).
func ParseDateTimeExact(s, format string, c *Culture) (ParsedDateTime, error) {
	dtf := c.Dates()
	if format == "" {
		return ParsedDateTime{}, formatException("Format specifier was invalid.")
	}
	if len(format) == 1 {
		p, _, d, err := expandStandard(format[0], DateTimeValue{}, dtf)
		if err != nil {
			return ParsedDateTime{}, errBadFormatSpecifier
		}
		format, dtf = p, d
	}
	f := dtFields{year: 1, month: 1, day: 1}
	if !matchPattern(s, format, dtf, &f, false) {
		return ParsedDateTime{}, badDateTime(s)
	}
	// As .NET's CheckDefaultDateTime: a pattern without a date is on the
	// current (local) date, one without a year in the current year. The
	// caller moves a time alone back to 0001-01-01 under
	// DateTimeStyles.NoCurrentDateDefault (HasDate is false).
	now := time.Now()
	switch {
	case !f.hasDate:
		f.year, f.month, f.day = now.Year(), int(now.Month()), now.Day()
	case !f.hasYear:
		f.year = now.Year()
	}
	return f.result(s)
}

// ParseDateTime is DateTime.Parse(s, culture) for the shapes programs
// write: ISO 8601 dates and times with an optional offset, the culture's
// numeric dates (month first for the invariant culture and en-US, day
// first for cultures whose short date starts with the day), month names,
// and a time alone.
func ParseDateTime(s string, c *Culture) (ParsedDateTime, error) {
	dtf := c.Dates()
	t := strings.TrimSpace(s)
	dayFirst := strings.HasPrefix(strings.TrimLeft(dtf.ShortDatePattern, "'"), "d")
	dates := []string{
		"yyyy'-'M'-'d", "yyyy'/'M'/'d", "yyyy'.'M'.'d",
		"M/d/yyyy", "M/d/yy", "M'-'d'-'yyyy", "M'.'d'.'yyyy",
		"MMMM d, yyyy", "MMMM d yyyy", "MMM d, yyyy", "MMM d yyyy", "d MMMM yyyy", "d MMM yyyy",
		"dddd, MMMM d, yyyy", "dddd, d MMMM yyyy", "ddd, d MMM yyyy", "dddd, dd MMMM yyyy",
		"MMMM d", "d MMMM", "MMMM yyyy", "M/d",
		"M/yyyy", "yyyy'-'M", // a month of a year: its first day ("8/2018", "2018-08")
	}
	if dayFirst {
		for i, d := range dates {
			switch d {
			case "M/d/yyyy":
				dates[i] = "d/M/yyyy"
			case "M/d/yy":
				dates[i] = "d/M/yy"
			case "M'-'d'-'yyyy":
				dates[i] = "d'-'M'-'yyyy"
			case "M'.'d'.'yyyy":
				dates[i] = "d'.'M'.'yyyy"
			case "M/d":
				dates[i] = "d/M"
			}
		}
	}
	times := []string{"H:m:s.FFFFFFF", "H:m:s", "H:m", "h:m:s tt", "h:m tt", "h tt", "h:m:stt", "h:mtt"}
	zones := []string{"", "K", " K", "zzz", " zzz"}
	try := func(pattern string) (ParsedDateTime, bool) {
		f := dtFields{year: 1, month: 1, day: 1}
		if !matchPattern(t, pattern, dtf, &f, true) {
			return ParsedDateTime{}, false
		}
		if !f.hasYear && f.hasDate {
			f.year = time.Now().Year()
		}
		r, err := f.result(s)
		return r, err == nil
	}
	for _, d := range dates {
		if r, ok := try(d); ok {
			return r, nil
		}
		for _, tm := range times {
			for _, sep := range []string{" ", "'T'", ", "} {
				if sep == "'T'" && !strings.HasPrefix(d, "yyyy'-'") {
					continue
				}
				for _, z := range zones {
					if r, ok := try(d + sep + tm + z); ok {
						return r, nil
					}
				}
			}
		}
	}
	if r, ok := try("ddd, d MMM yyyy H:m:s 'GMT'"); ok {
		r.HasOffset, r.Utc = true, true
		return r, nil
	}
	for _, tm := range times {
		if r, ok := try(tm); ok {
			now := time.Now()
			day := TimeToTicks(time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC))
			r.Ticks += day - TimeToTicks(time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC))
			return r, nil
		}
	}
	return ParsedDateTime{}, badDateTime(s)
}

// result checks the fields and makes the date.
func (f *dtFields) result(s string) (ParsedDateTime, error) {
	if f.hasAMPM || f.hour12 {
		if f.hour12 && (f.hour < 1 || f.hour > 12) && !(f.hour == 0) {
			return ParsedDateTime{}, badDateTime(s)
		}
		if f.hour12 {
			f.hour %= 12
			if f.pm {
				f.hour += 12
			}
		} else if f.pm && f.hour < 12 {
			f.hour += 12
		}
	}
	if f.month < 1 || f.month > 12 || f.day < 1 || f.day > 31 || f.hour > 23 || f.minute > 59 || f.second > 59 {
		return ParsedDateTime{}, badDateTime(s)
	}
	if f.year < 1 || f.year > 9999 || f.day > daysIn(f.year, f.month) {
		// A day the month does not have (February 30).
		return ParsedDateTime{}, formatException("The DateTime represented by the string '" + s + "' is not supported in calendar 'System.Globalization.GregorianCalendar'.")
	}
	ticks := TimeToTicks(time.Date(f.year, time.Month(f.month), f.day, f.hour, f.minute, f.second, 0, time.UTC)) + f.frac
	return ParsedDateTime{Ticks: ticks, HasOffset: f.hasOffset, Offset: f.offset, Utc: f.utc, HasDate: f.hasDate}, nil
}

func daysIn(y, m int) int {
	return time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// matchPattern matches all of s against the custom pattern; lenient
// (DateTime.Parse) lets a two-letter numeric specifier read one digit,
// names match without regard to case and runs of white space match one.
func matchPattern(s, pattern string, dtf *DateTimeFormat, f *dtFields, lenient bool) bool {
	i := 0 // position in s
	digits := func(min, max int) (int, bool) {
		n, j := 0, i
		for j < len(s) && j-i < max && s[j] >= '0' && s[j] <= '9' {
			n = n*10 + int(s[j]-'0')
			j++
		}
		if j-i < min {
			return 0, false
		}
		i = j
		return n, true
	}
	name := func(names []string) (int, bool) {
		best, bestLen := -1, 0
		for k, nm := range names {
			if nm != "" && len(nm) > bestLen && len(s)-i >= len(nm) && strings.EqualFold(s[i:i+len(nm)], nm) {
				best, bestLen = k, len(nm)
			}
		}
		if best < 0 {
			return 0, false
		}
		i += bestLen
		return best, true
	}
	literal := func(lit string) bool {
		if lenient && strings.TrimSpace(lit) == "" && lit != "" {
			j := i
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			if j == i {
				return false
			}
			i = j
			return true
		}
		if !strings.HasPrefix(s[i:], lit) && !(lenient && len(s)-i >= len(lit) && strings.EqualFold(s[i:i+len(lit)], lit)) {
			return false
		}
		i += len(lit)
		return true
	}
	for p := 0; p < len(pattern); {
		ch := pattern[p]
		n := repeatCount(pattern, p)
		two := func() int {
			if lenient {
				return 1
			}
			return 2
		}
		var ok bool
		switch ch {
		case 'y':
			var y int
			switch {
			case n <= 2:
				y, ok = digits(min(n, two()), 2)
				if ok {
					y += 2000
					if y > 2049 {
						y -= 100
					}
				}
			default:
				y, ok = digits(n, max(n, 4))
			}
			f.year, f.hasYear, f.hasDate = y, true, true
		case 'M':
			switch {
			case n == 1:
				f.month, ok = digits(1, 2)
			case n == 2:
				f.month, ok = digits(two(), 2)
			case n == 3:
				var k int
				k, ok = name(dtf.AbbreviatedMonthNames[:])
				f.month = k + 1
			default:
				var k int
				k, ok = name(dtf.MonthNames[:])
				f.month = k + 1
			}
			f.hasDate = true
		case 'd':
			switch {
			case n == 1:
				f.day, ok = digits(1, 2)
				f.hasDate = true
			case n == 2:
				f.day, ok = digits(two(), 2)
				f.hasDate = true
			case n == 3:
				_, ok = name(dtf.AbbreviatedDayNames[:])
			default:
				_, ok = name(dtf.DayNames[:])
			}
		case 'H', 'h', 'm', 's':
			var v int
			if n == 1 {
				v, ok = digits(1, 2)
			} else {
				v, ok = digits(two(), 2)
			}
			switch ch {
			case 'H':
				f.hour = v
			case 'h':
				f.hour, f.hour12 = v, true
			case 'm':
				f.minute = v
			case 's':
				f.second = v
			}
		case 'f', 'F':
			start := i
			var v int
			v, ok = digits(0, n)
			if ch == 'f' && i-start != n && !lenient {
				ok = false
			}
			if ok {
				for k := i - start; k < 7; k++ {
					v *= 10
				}
				f.frac = int64(v)
			}
		case 't':
			am, pm := dtf.AMDesignator, dtf.PMDesignator
			if n == 1 {
				am, pm = am[:1], pm[:1]
			}
			var k int
			k, ok = name([]string{am, pm})
			f.pm, f.hasAMPM = k == 1, true
		case 'z':
			ok = matchOffset(s, &i, f, n)
		case 'K':
			if i < len(s) && (s[i] == 'Z' || s[i] == 'z') {
				i++
				f.hasOffset, f.utc, ok = true, true, true
			} else if i < len(s) && (s[i] == '+' || s[i] == '-') {
				ok = matchOffset(s, &i, f, 3)
			} else {
				ok = true
			}
		case '\'', '"':
			lit, used, err := quotedLiteral(pattern, p)
			if err != nil {
				return false
			}
			ok, n = literal(lit), used
		case '\\':
			if p+1 >= len(pattern) {
				return false
			}
			ok, n = literal(pattern[p+1:p+2]), 2
		case '/':
			ok, n = literal(dtf.DateSeparator), 1
			if !ok && lenient {
				ok = literal("/") || literal("-") || literal(".")
			}
		case ':':
			ok, n = literal(dtf.TimeSeparator), 1
		case '%':
			n = 1
			ok = true
		case ' ':
			ok, n = literal(" "), 1
		default:
			ok, n = literal(pattern[p:p+1]), 1
		}
		if !ok {
			return false
		}
		p += n
	}
	return i == len(s)
}

// matchOffset reads "+hh", "+hh:mm" ("z", "zz", "zzz") at s[*i].
func matchOffset(s string, i *int, f *dtFields, n int) bool {
	j := *i
	if j >= len(s) || s[j] != '+' && s[j] != '-' {
		return false
	}
	neg := s[j] == '-'
	j++
	read := func() (int, bool) {
		if j+2 > len(s) || s[j] < '0' || s[j] > '9' || s[j+1] < '0' || s[j+1] > '9' {
			return 0, false
		}
		v := int(s[j]-'0')*10 + int(s[j+1]-'0')
		j += 2
		return v, true
	}
	h, ok := read()
	if !ok {
		return false
	}
	m := 0
	if j < len(s) && s[j] == ':' {
		j++
		if m, ok = read(); !ok {
			return false
		}
	} else if n >= 3 {
		if m, ok = read(); !ok {
			m = 0
		}
	}
	if h > 14 || m > 59 {
		return false
	}
	off := int64(h)*TicksPerHour + int64(m)*TicksPerMinute
	if neg {
		off = -off
	}
	f.offset, f.hasOffset = off, true
	*i = j
	return true
}

func badTimeSpan(s string) *FormatError {
	return formatException("String '" + s + "' was not recognized as a valid TimeSpan.")
}

func timeSpanOverflow(s string) *FormatError {
	return &FormatError{Type: "OverflowException", Msg: "The TimeSpan string '" + s + "' could not be parsed because at least one of the numeric components is out of range or contains too many digits."}
}

// ParseTimeSpan is TimeSpan.Parse(s): "[ws][-]{ d | [d.]hh:mm[:ss[.ff]] }[ws]".
func ParseTimeSpan(s string) (int64, error) {
	t := strings.TrimSpace(s)
	neg := strings.HasPrefix(t, "-")
	if neg {
		t = t[1:]
	}
	num := func(p string, maxDigits int) (int64, bool, bool) {
		if p == "" || len(p) > 10 {
			return 0, false, len(p) > 10
		}
		var v int64
		for k := 0; k < len(p); k++ {
			if p[k] < '0' || p[k] > '9' {
				return 0, false, false
			}
			v = v*10 + int64(p[k]-'0')
		}
		return v, true, maxDigits > 0 && len(p) > maxDigits
	}
	if t == "" {
		return 0, badTimeSpan(s)
	}
	var days, hours, minutes, seconds, frac int64
	parts := strings.Split(t, ":")
	switch {
	case len(parts) == 1:
		v, ok, _ := num(parts[0], 0)
		if !ok {
			return 0, badTimeSpan(s)
		}
		days = v
	case len(parts) <= 3:
		first := parts[0]
		if d, h, found := strings.Cut(first, "."); found {
			v, ok, _ := num(d, 0)
			if !ok {
				return 0, badTimeSpan(s)
			}
			days, first = v, h
		}
		var ok, big bool
		if hours, ok, big = num(first, 2); !ok {
			return 0, badTimeSpan(s)
		} else if big {
			return 0, timeSpanOverflow(s)
		}
		if minutes, ok, big = num(parts[1], 2); !ok {
			return 0, badTimeSpan(s)
		} else if big {
			return 0, timeSpanOverflow(s)
		}
		if len(parts) == 3 {
			sec, fr, hasFrac := strings.Cut(parts[2], ".")
			if seconds, ok, big = num(sec, 2); !ok {
				return 0, badTimeSpan(s)
			} else if big {
				return 0, timeSpanOverflow(s)
			}
			if hasFrac {
				if fr == "" || len(fr) > 7 {
					if len(fr) > 7 {
						return 0, timeSpanOverflow(s)
					}
					return 0, badTimeSpan(s)
				}
				v, ok, _ := num(fr, 0)
				if !ok {
					return 0, badTimeSpan(s)
				}
				for k := len(fr); k < 7; k++ {
					v *= 10
				}
				frac = v
			}
		}
	default:
		return 0, badTimeSpan(s)
	}
	if hours > 23 || minutes > 59 || seconds > 59 || days > 10675199 {
		return 0, timeSpanOverflow(s)
	}
	ticks := days*TicksPerDay + hours*TicksPerHour + minutes*TicksPerMinute + seconds*TicksPerSecond + frac
	if neg {
		ticks = -ticks
	}
	return ticks, nil
}

// ParseTimeSpanExact is TimeSpan.ParseExact(s, format): "c", "g", "G" or a
// custom pattern of d, h, m, s, f and F specifiers with escaped literals.
func ParseTimeSpanExact(s, format string) (int64, error) {
	switch format {
	case "c", "t", "T", "g", "G":
		return ParseTimeSpan(s)
	}
	var days, hours, minutes, seconds, frac int64
	i := 0
	digits := func(min, max int) (int64, bool) {
		var n int64
		j := i
		for j < len(s) && j-i < max && s[j] >= '0' && s[j] <= '9' {
			n = n*10 + int64(s[j]-'0')
			j++
		}
		if j-i < min {
			return 0, false
		}
		i = j
		return n, true
	}
	for p := 0; p < len(format); {
		ch := format[p]
		n := repeatCount(format, p)
		var ok bool
		switch ch {
		case 'd':
			days, ok = digits(n, 8)
		case 'h':
			hours, ok = digits(n, 2)
		case 'm':
			minutes, ok = digits(n, 2)
		case 's':
			seconds, ok = digits(n, 2)
		case 'f', 'F':
			start := i
			var v int64
			v, ok = digits(0, n)
			if ch == 'f' && i-start != n {
				ok = false
			}
			for k := i - start; k < 7; k++ {
				v *= 10
			}
			frac = v
		case '\\':
			n = 2
			ok = p+1 < len(format) && i < len(s) && s[i] == format[p+1]
			i++
		case '\'', '"':
			lit, used, err := quotedLiteral(format, p)
			if err != nil {
				return 0, errBadFormatSpecifier
			}
			n = used
			ok = strings.HasPrefix(s[i:], lit)
			i += len(lit)
		default:
			return 0, errBadFormatSpecifier
		}
		if !ok {
			return 0, badTimeSpan(s)
		}
		p += n
	}
	if i != len(s) {
		return 0, badTimeSpan(s)
	}
	if hours > 23 || minutes > 59 || seconds > 59 {
		return 0, timeSpanOverflow(s)
	}
	return days*TicksPerDay + hours*TicksPerHour + minutes*TicksPerMinute + seconds*TicksPerSecond + frac, nil
}

package netfmt

import (
	"strings"
	"time"
	"unicode/utf8"
)

// DateTimeFormat holds the DateTimeFormatInfo data of a culture: names,
// separators and the patterns the standard format strings expand to.
type DateTimeFormat struct {
	AMDesignator, PMDesignator        string
	DateSeparator, TimeSeparator      string
	DayNames, AbbreviatedDayNames     [7]string
	MonthNames, AbbreviatedMonthNames [12]string
	// Genitive month names are used by "MMMM"/"MMM" next to a day number
	// ("d MMMM"); most cultures have none and use the plain names.
	MonthGenitiveNames, AbbreviatedMonthGenitiveNames [12]string
	ShortDatePattern, LongDatePattern                 string
	ShortTimePattern, LongTimePattern                 string
	FullDateTimePattern                               string
	MonthDayPattern, YearMonthPattern                 string
	EraName                                           string // "g": the Gregorian era
}

var (
	englishDays      = [7]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
	englishDaysAbbr  = [7]string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}
	englishMonths    = [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
	englishMonthAbbr = [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
)

// InvariantDates is CultureInfo.InvariantCulture.DateTimeFormat.
var InvariantDates = &DateTimeFormat{
	AMDesignator: "AM", PMDesignator: "PM", DateSeparator: "/", TimeSeparator: ":",
	DayNames: englishDays, AbbreviatedDayNames: englishDaysAbbr,
	MonthNames: englishMonths, AbbreviatedMonthNames: englishMonthAbbr,
	MonthGenitiveNames: englishMonths, AbbreviatedMonthGenitiveNames: englishMonthAbbr,
	ShortDatePattern: "MM/dd/yyyy", LongDatePattern: "dddd, dd MMMM yyyy",
	ShortTimePattern: "HH:mm", LongTimePattern: "HH:mm:ss",
	FullDateTimePattern: "dddd, dd MMMM yyyy HH:mm:ss",
	MonthDayPattern:     "MMMM dd", YearMonthPattern: "yyyy MMMM",
	EraName: "A.D.",
}

// enUSDates is en-US as .NET reports it with ICU 72 and later, which puts a
// narrow no-break space (U+202F) before the AM/PM designator.
var enUSDates = &DateTimeFormat{
	AMDesignator: "AM", PMDesignator: "PM", DateSeparator: "/", TimeSeparator: ":",
	DayNames: englishDays, AbbreviatedDayNames: englishDaysAbbr,
	MonthNames: englishMonths, AbbreviatedMonthNames: englishMonthAbbr,
	MonthGenitiveNames: englishMonths, AbbreviatedMonthGenitiveNames: englishMonthAbbr,
	ShortDatePattern: "M/d/yyyy", LongDatePattern: "dddd, MMMM d, yyyy",
	ShortTimePattern: "h:mm\u202ftt", LongTimePattern: "h:mm:ss\u202ftt",
	FullDateTimePattern: "dddd, MMMM d, yyyy h:mm:ss\u202ftt",
	MonthDayPattern:     "MMMM d", YearMonthPattern: "MMMM yyyy",
	EraName: "AD",
}

// Dates returns the culture's date and time formatting data. Cultures
// without their own table use the invariant culture's (docs/deviations.md).
func (c *Culture) Dates() *DateTimeFormat {
	if c != nil && c.DateTime != nil {
		return c.DateTime
	}
	return InvariantDates
}

// DateTimeKind is DateTime.Kind.
type DateTimeKind int

// The DateTimeKind values, numbered as in .NET.
const (
	KindUnspecified DateTimeKind = 0
	KindUtc         DateTimeKind = 1
	KindLocal       DateTimeKind = 2
)

const (
	// MaxDateTimeTicks is DateTime.MaxValue.Ticks (9999-12-31 23:59:59.9999999).
	MaxDateTimeTicks int64 = 3_155_378_975_999_999_999
	// unixEpochTicks is the ticks of 1970-01-01.
	unixEpochTicks int64 = 621_355_968_000_000_000
)

// TicksToTime converts DateTime ticks to a UTC time.Time with the same
// calendar fields.
func TicksToTime(ticks int64) time.Time {
	secs := ticks / TicksPerSecond
	frac := ticks % TicksPerSecond
	return time.Unix(secs-unixEpochTicks/TicksPerSecond, frac*100).UTC()
}

// TimeToTicks converts the calendar fields of tm (read in its location) to
// DateTime ticks.
func TimeToTicks(tm time.Time) int64 {
	wall := time.Date(tm.Year(), tm.Month(), tm.Day(), tm.Hour(), tm.Minute(), tm.Second(), tm.Nanosecond(), time.UTC)
	return (wall.Unix()+unixEpochTicks/TicksPerSecond)*TicksPerSecond + int64(wall.Nanosecond()/100)
}

// DateTimeValue is what formatting needs of a DateTime: its ticks, kind,
// and the UTC offset (in ticks) of the local time zone at that instant,
// for "zzz", "K" and conversions to UTC.
type DateTimeValue struct {
	Ticks       int64
	Kind        DateTimeKind
	LocalOffset int64
}

// The round-trip and culture-independent patterns.
const (
	patternRoundTrip = "yyyy'-'MM'-'dd'T'HH':'mm':'ss'.'fffffffK"
	patternRFC1123   = "ddd, dd MMM yyyy HH':'mm':'ss 'GMT'"
	patternSortable  = "yyyy'-'MM'-'dd'T'HH':'mm':'ss"
	patternUniversal = "yyyy'-'MM'-'dd HH':'mm':'ss'Z'"
)

// FormatDateTime is DateTime.ToString(format, culture): the standard
// formats (d D f F g G m M o O r R s t T u U y Y) and custom patterns.
func FormatDateTime(v DateTimeValue, format string, c *Culture) (string, error) {
	dtf := c.Dates()
	if format == "" {
		format = "G"
	}
	if utf8.RuneCountInString(format) == 1 {
		var err error
		format, v, dtf, err = expandStandard(format[0], v, dtf)
		if err != nil {
			return "", err
		}
	}
	return formatCustom(v, format, dtf)
}

// expandStandard turns a standard format character into its pattern; some
// standard formats convert to UTC or use the invariant culture.
func expandStandard(f byte, v DateTimeValue, dtf *DateTimeFormat) (string, DateTimeValue, *DateTimeFormat, error) {
	switch f {
	case 'd':
		return dtf.ShortDatePattern, v, dtf, nil
	case 'D':
		return dtf.LongDatePattern, v, dtf, nil
	case 'f':
		return dtf.LongDatePattern + " " + dtf.ShortTimePattern, v, dtf, nil
	case 'F':
		return dtf.FullDateTimePattern, v, dtf, nil
	case 'g':
		return dtf.ShortDatePattern + " " + dtf.ShortTimePattern, v, dtf, nil
	case 'G':
		return dtf.ShortDatePattern + " " + dtf.LongTimePattern, v, dtf, nil
	case 'm', 'M':
		return dtf.MonthDayPattern, v, dtf, nil
	case 'o', 'O':
		return patternRoundTrip, v, InvariantDates, nil
	case 'r', 'R':
		if v.Kind == KindLocal {
			v = toUniversal(v)
		}
		return patternRFC1123, v, InvariantDates, nil
	case 's':
		return patternSortable, v, InvariantDates, nil
	case 't':
		return dtf.ShortTimePattern, v, dtf, nil
	case 'T':
		return dtf.LongTimePattern, v, dtf, nil
	case 'u':
		return patternUniversal, v, InvariantDates, nil
	case 'U':
		return dtf.FullDateTimePattern, toUniversal(v), dtf, nil
	case 'y', 'Y':
		return dtf.YearMonthPattern, v, dtf, nil
	}
	return "", v, dtf, errInvalidString
}

// toUniversal is ToUniversalTime: an Unspecified time is taken as local.
func toUniversal(v DateTimeValue) DateTimeValue {
	if v.Kind == KindUtc {
		return v
	}
	t := v.Ticks - v.LocalOffset
	if t < 0 {
		t = 0
	} else if t > MaxDateTimeTicks {
		t = MaxDateTimeTicks
	}
	return DateTimeValue{Ticks: t, Kind: KindUtc}
}

// formatCustom is DateTimeFormat.FormatCustomized.
func formatCustom(v DateTimeValue, format string, dtf *DateTimeFormat) (string, error) {
	tm := TicksToTime(v.Ticks)
	fraction := v.Ticks % TicksPerSecond
	var b strings.Builder
	for i := 0; i < len(format); {
		ch := format[i]
		n := repeatCount(format, i)
		switch ch {
		case 'g':
			b.WriteString(dtf.EraName)
		case 'h':
			h := tm.Hour() % 12
			if h == 0 {
				h = 12
			}
			writeDigits(&b, h, min(n, 2))
		case 'H':
			writeDigits(&b, tm.Hour(), min(n, 2))
		case 'm':
			writeDigits(&b, tm.Minute(), min(n, 2))
		case 's':
			writeDigits(&b, tm.Second(), min(n, 2))
		case 'f', 'F':
			if n > 7 {
				return "", errInvalidString
			}
			digits := string(appendPadded(nil, uint64(fraction/pow10Ticks[7-n]), n))
			if ch == 'F' {
				digits = strings.TrimRight(digits, "0")
				if digits == "" {
					// An empty F fraction also drops the '.' before it.
					if s := b.String(); strings.HasSuffix(s, ".") {
						b.Reset()
						b.WriteString(s[:len(s)-1])
					}
				}
			}
			b.WriteString(digits)
		case 't':
			d := dtf.AMDesignator
			if tm.Hour() >= 12 {
				d = dtf.PMDesignator
			}
			if n == 1 {
				if d != "" {
					_, size := utf8.DecodeRuneInString(d)
					d = d[:size]
				}
			}
			b.WriteString(d)
		case 'd':
			switch {
			case n <= 2:
				writeDigits(&b, tm.Day(), n)
			case n == 3:
				b.WriteString(dtf.AbbreviatedDayNames[tm.Weekday()])
			default:
				b.WriteString(dtf.DayNames[tm.Weekday()])
			}
		case 'M':
			m := int(tm.Month()) - 1
			switch {
			case n <= 2:
				writeDigits(&b, m+1, n)
			case n == 3:
				if hasDayNumber(format) {
					b.WriteString(dtf.AbbreviatedMonthGenitiveNames[m])
				} else {
					b.WriteString(dtf.AbbreviatedMonthNames[m])
				}
			default:
				if hasDayNumber(format) {
					b.WriteString(dtf.MonthGenitiveNames[m])
				} else {
					b.WriteString(dtf.MonthNames[m])
				}
			}
		case 'y':
			y := tm.Year()
			if n <= 2 {
				writeDigits(&b, y%100, n)
			} else {
				writeDigits(&b, y, n)
			}
		case 'z':
			writeOffset(&b, offsetFor(v), n)
		case 'K':
			switch v.Kind {
			case KindUtc:
				b.WriteByte('Z')
			case KindLocal:
				writeOffset(&b, v.LocalOffset, 3)
			}
		case ':':
			b.WriteString(dtf.TimeSeparator)
			n = 1
		case '/':
			b.WriteString(dtf.DateSeparator)
			n = 1
		case '\'', '"':
			lit, used, err := quotedLiteral(format, i)
			if err != nil {
				return "", err
			}
			b.WriteString(lit)
			n = used
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
			b.WriteString(format[i+1 : i+1+size])
			n = 1 + size
		default:
			_, size := utf8.DecodeRuneInString(format[i:])
			b.WriteString(format[i : i+size])
			n = size
		}
		i += n
	}
	return b.String(), nil
}

var pow10Ticks = [8]int64{1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000}

// writeDigits writes v with at least n digits.
func writeDigits(b *strings.Builder, v, n int) {
	b.Write(appendPadded(nil, uint64(v), n))
}

// offsetFor is the offset "z" shows: zero for a UTC time, else the local zone's.
func offsetFor(v DateTimeValue) int64 {
	if v.Kind == KindUtc {
		return 0
	}
	return v.LocalOffset
}

// writeOffset writes a UTC offset as "z" (+h), "zz" (+hh) or "zzz" (+hh:mm).
func writeOffset(b *strings.Builder, off int64, n int) {
	if off < 0 {
		b.WriteByte('-')
		off = -off
	} else {
		b.WriteByte('+')
	}
	h := int(off / TicksPerHour)
	m := int(off % TicksPerHour / TicksPerMinute)
	switch n {
	case 1:
		writeDigits(b, h, 1)
	case 2:
		writeDigits(b, h, 2)
	default:
		writeDigits(b, h, 2)
		b.WriteByte(':')
		writeDigits(b, m, 2)
	}
}

// quotedLiteral reads a quoted literal starting at format[i]; a backslash
// inside escapes the next character. It returns the text and the length used.
func quotedLiteral(format string, i int) (string, int, error) {
	q := format[i]
	var b strings.Builder
	j := i + 1
	for j < len(format) {
		c := format[j]
		if c == q {
			return b.String(), j + 1 - i, nil
		}
		if c == '\\' && j+1 < len(format) {
			j++
			c = format[j]
		}
		b.WriteByte(c)
		j++
	}
	return "", 0, badQuote(q)
}

// hasDayNumber reports whether a pattern has a "d" or "dd" day number outside
// quotes, which selects genitive month names (DateTimeFormat.IsUseGenitiveForm).
func hasDayNumber(format string) bool {
	for i := 0; i < len(format); {
		c := format[i]
		switch c {
		case '\'', '"':
			_, used, err := quotedLiteral(format, i)
			if err != nil {
				return false
			}
			i += used
			continue
		case '\\':
			i += 2
			continue
		case 'd':
			n := repeatCount(format, i)
			if n <= 2 {
				return true
			}
			i += n
			continue
		}
		i++
	}
	return false
}

// deDEDates and frFRDates are de-DE and fr-FR as .NET reports them with ICU
// (the long date is ICU's full pattern, as for en-US). The abbreviated
// names are unsure: they are ICU's format abbreviations from memory.
var (
	deDEDates = &DateTimeFormat{
		AMDesignator: "AM", PMDesignator: "PM", DateSeparator: ".", TimeSeparator: ":",
		DayNames:            [7]string{"Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"},
		AbbreviatedDayNames: [7]string{"So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."},
		MonthNames:          deMonths, AbbreviatedMonthNames: deMonthAbbr,
		MonthGenitiveNames: deMonths, AbbreviatedMonthGenitiveNames: deMonthAbbr,
		ShortDatePattern: "dd.MM.yyyy", LongDatePattern: "dddd, d. MMMM yyyy",
		ShortTimePattern: "HH:mm", LongTimePattern: "HH:mm:ss",
		FullDateTimePattern: "dddd, d. MMMM yyyy HH:mm:ss",
		MonthDayPattern:     "d. MMMM", YearMonthPattern: "MMMM yyyy",
		EraName: "n. Chr.",
	}
	deMonths    = [12]string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"}
	deMonthAbbr = [12]string{"Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."}

	frFRDates = &DateTimeFormat{
		AMDesignator: "AM", PMDesignator: "PM", DateSeparator: "/", TimeSeparator: ":",
		DayNames:            [7]string{"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"},
		AbbreviatedDayNames: [7]string{"dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."},
		MonthNames:          frMonths, AbbreviatedMonthNames: frMonthAbbr,
		MonthGenitiveNames: frMonths, AbbreviatedMonthGenitiveNames: frMonthAbbr,
		ShortDatePattern: "dd/MM/yyyy", LongDatePattern: "dddd d MMMM yyyy",
		ShortTimePattern: "HH:mm", LongTimePattern: "HH:mm:ss",
		FullDateTimePattern: "dddd d MMMM yyyy HH:mm:ss",
		MonthDayPattern:     "d MMMM", YearMonthPattern: "MMMM yyyy",
		EraName: "ap. J.-C.",
	}
	frMonths    = [12]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"}
	frMonthAbbr = [12]string{"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."}
)

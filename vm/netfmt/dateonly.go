package netfmt

import "unicode/utf8"

// The fixed patterns of DateOnly, TimeOnly and DateTimeOffset.
const (
	patternDateOnlyRoundTrip = "yyyy'-'MM'-'dd"
	patternDateOnlyRFC1123   = "ddd, dd MMM yyyy"
	patternTimeOnlyRoundTrip = "HH':'mm':'ss'.'fffffff"
	patternTimeOnlyRFC1123   = "HH':'mm':'ss"
)

// FormatDateOnly is DateOnly.ToString(format, culture) for the date whose
// DayNumber is day: "o" and "r" have their own date-only patterns, the
// date formats "d", "D", "m" and "y" are DateTime's, another single letter
// is invalid, and a custom pattern formats the date at midnight.
func FormatDateOnly(day int64, format string, c *Culture) (string, error) {
	v := DateTimeValue{Ticks: day * TicksPerDay}
	if format == "" {
		format = "d"
	}
	if utf8.RuneCountInString(format) == 1 {
		switch format[0] {
		case 'o', 'O':
			return formatCustom(v, patternDateOnlyRoundTrip, InvariantDates)
		case 'r', 'R':
			return formatCustom(v, patternDateOnlyRFC1123, InvariantDates)
		case 'd', 'D', 'm', 'M', 'y', 'Y':
		default:
			return "", errBadFormatSpecifier
		}
	}
	return FormatDateTime(v, format, c)
}

// FormatTimeOnly is TimeOnly.ToString(format, culture) for the time of day
// ticks: "o" and "r" have their own time-only patterns, "t" and "T" are
// DateTime's, another single letter is invalid, and a custom pattern
// formats the time on 0001-01-01.
func FormatTimeOnly(ticks int64, format string, c *Culture) (string, error) {
	v := DateTimeValue{Ticks: ticks}
	if format == "" {
		format = "t"
	}
	if utf8.RuneCountInString(format) == 1 {
		switch format[0] {
		case 'o', 'O':
			return formatCustom(v, patternTimeOnlyRoundTrip, InvariantDates)
		case 'r', 'R':
			return formatCustom(v, patternTimeOnlyRFC1123, InvariantDates)
		case 't', 'T':
		default:
			return "", errBadFormatSpecifier
		}
	}
	return FormatDateTime(v, format, c)
}

// FormatDateTimeOffset is DateTimeOffset.ToString(format, culture) for the
// clock time clock at UTC offset offset (both in ticks). With no format it
// is the culture's short date, long time and "zzz"; "u" and "r" show the
// UTC time, "U" is invalid, and "K" and "zzz" write the offset.
func FormatDateTimeOffset(clock, offset int64, format string, c *Culture) (string, error) {
	v := DateTimeValue{Ticks: clock, Kind: KindLocal, LocalOffset: offset}
	dtf := c.Dates()
	switch format {
	case "":
		return formatCustom(v, dtf.ShortDatePattern+" "+dtf.LongTimePattern+" zzz", dtf)
	case "u":
		return formatCustom(DateTimeValue{Ticks: clock - offset, Kind: KindUtc}, patternUniversal, InvariantDates)
	case "U":
		return "", errBadFormatSpecifier
	}
	return FormatDateTime(v, format, c)
}

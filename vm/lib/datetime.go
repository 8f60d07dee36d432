package lib

import (
	"math"
	"strings"
	"time"

	"asyncvm/vm"
	"asyncvm/vm/netfmt"
)

// System.DateTime: a count of 100-nanosecond ticks since 0001-01-01 in the
// proleptic Gregorian calendar, and a Kind. Values are immutable; equality
// and ordering look at the ticks only, as in .NET.
var (
	tDateTime     = register(&vm.Type{Kind: vm.KindNative, Namespace: "System", Name: "DateTime", IsValueType: true, Super: vm.TObject})
	tDayOfWeek    = libEnum("System", "DayOfWeek", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
	tDateTimeKind = libEnum("System", "DateTimeKind", "Unspecified", "Utc", "Local")
)

// dateTime is a DateTime's payload.
type dateTime struct {
	ticks int64
	kind  netfmt.DateTimeKind
}

const (
	msgBadYMD        = "Year, Month, and Day parameters describe an un-representable DateTime."
	msgBadHMS        = "Hour, Minute, and Second parameters describe an un-representable DateTime."
	msgBadAdd        = "The added or subtracted value results in an un-representable DateTime."
	msgBadTicks      = "Ticks must be between DateTime.MinValue.Ticks and DateTime.MaxValue.Ticks."
	msgBadMillis     = "Valid values are between 0 and 999, inclusive."
	msgBadKind       = "Invalid DateTimeKind value."
	ticksPerMs       = netfmt.TicksPerMillisecond
	ticksPerDay      = netfmt.TicksPerDay
	maxDateTimeTicks = netfmt.MaxDateTimeTicks
)

func newDateTime(ticks int64, kind netfmt.DateTimeKind) vm.Value {
	return vm.NewNative(tDateTime, &dateTime{ticks, kind})
}

// dtOf reads a DateTime argument; anything else reads as DateTime.MinValue.
func dtOf(v vm.Value) dateTime {
	if d, ok := v.AsNative().(*dateTime); ok {
		return *d
	}
	return dateTime{}
}

func isDateTime(v vm.Value) bool {
	_, ok := v.AsNative().(*dateTime)
	return ok
}

// localOffset is the local time zone's UTC offset, in ticks, at the wall
// time d (Local and Unspecified times) or at the instant d (Utc).
func localOffset(d dateTime) int64 {
	tm := netfmt.TicksToTime(d.ticks)
	var at time.Time
	if d.kind == netfmt.KindUtc {
		at = tm.In(time.Local)
	} else {
		at = time.Date(tm.Year(), tm.Month(), tm.Day(), tm.Hour(), tm.Minute(), tm.Second(), tm.Nanosecond(), time.Local)
	}
	_, off := at.Zone()
	return int64(off) * netfmt.TicksPerSecond
}

// formatDateTime is DateTime.ToString(format, culture).
func formatDateTime(t *vm.Thread, d dateTime, format string, c *netfmt.Culture) (string, error) {
	if c == nil {
		c = CurrentCulture(t)
	}
	s, err := netfmt.FormatDateTime(netfmt.DateTimeValue{Ticks: d.ticks, Kind: d.kind, LocalOffset: localOffset(d)}, format, c)
	if err != nil {
		return "", throwFormat(t, err)
	}
	return s, nil
}

// dateToTicks is DateTime's DateToTicks; ok is false for an invalid date.
func dateToTicks(y, m, d int) (int64, bool) {
	if y < 1 || y > 9999 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m) {
		return 0, false
	}
	return netfmt.TimeToTicks(time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)), true
}

func isLeap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

func daysInMonth(y, m int) int {
	switch m {
	case 2:
		if isLeap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// kindArg reads a DateTimeKind argument.
func kindArg(t *vm.Thread, v vm.Value) (netfmt.DateTimeKind, error) {
	k, _ := toInt(v)
	if k < 0 || k > 2 {
		return 0, t.Throw("System.ArgumentException", msgBadKind+" (Parameter 'kind')")
	}
	return netfmt.DateTimeKind(k), nil
}

// dateTimeCtor is new DateTime(ticks[, kind]) and
// new DateTime(y, m, d[, h, mi, s[, ms]][, kind]).
func dateTimeCtor(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	var kind netfmt.DateTimeKind
	if n := len(args); n == 2 || n == 7 && args[6].Type() == tDateTimeKind || n == 8 {
		k, err := kindArg(t, args[n-1])
		if err != nil {
			return vm.Null, err
		}
		kind, args = k, args[:n-1]
	}
	switch len(args) {
	case 0:
		return newDateTime(0, kind), nil
	case 1:
		ticks := intBits(args[0])
		if ticks < 0 || ticks > maxDateTimeTicks {
			return vm.Null, argOutOfRange(t, "ticks", msgBadTicks)
		}
		return newDateTime(ticks, kind), nil
	case 3, 6, 7:
	default:
		return vm.Null, t.Throw("System.ArgumentException", "'DateTime' does not contain a constructor that takes "+itoa(len(args))+" arguments")
	}
	n := make([]int, 7)
	for i, a := range args {
		v, err := intArg(t, a, "value")
		if err != nil {
			return vm.Null, err
		}
		n[i] = v
	}
	ticks, ok := dateToTicks(n[0], n[1], n[2])
	if !ok {
		return vm.Null, t.Throw("System.ArgumentOutOfRangeException", msgBadYMD)
	}
	if n[3] < 0 || n[3] > 23 || n[4] < 0 || n[4] > 59 || n[5] < 0 || n[5] > 59 {
		return vm.Null, t.Throw("System.ArgumentOutOfRangeException", msgBadHMS)
	}
	if n[6] < 0 || n[6] > 999 {
		return vm.Null, argOutOfRange(t, "millisecond", msgBadMillis)
	}
	ticks += int64(n[3])*netfmt.TicksPerHour + int64(n[4])*netfmt.TicksPerMinute + int64(n[5])*netfmt.TicksPerSecond + int64(n[6])*ticksPerMs
	return newDateTime(ticks, kind), nil
}

// addTicks is DateTime.AddTicks with .NET's range check.
func addTicks(t *vm.Thread, d dateTime, delta int64) (vm.Value, error) {
	r := d.ticks + delta
	if delta > maxDateTimeTicks-d.ticks || delta < -d.ticks {
		return vm.Null, argOutOfRange(t, "value", msgBadAdd)
	}
	return newDateTime(r, d.kind), nil
}

// addUnits is AddDays, AddHours, ...: the whole units and the fraction are
// converted to ticks separately, truncating, as .NET 7 and later do.
func addUnits(ticksPerUnit int64) native {
	maxUnits := float64(maxDateTimeTicks / ticksPerUnit)
	return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		v := vm.AsF64(args[1])
		if math.IsNaN(v) || math.Abs(v) > maxUnits {
			return vm.Null, argOutOfRange(t, "value", msgBadAdd)
		}
		whole := math.Trunc(v)
		delta := int64(whole)*ticksPerUnit + int64((v-whole)*float64(ticksPerUnit))
		return addTicks(t, dtOf(args[0]), delta)
	}
}

// addMonths is DateTime.AddMonths: the day is clamped to the new month's length.
func addMonths(t *vm.Thread, d dateTime, months int) (vm.Value, error) {
	if months < -120000 || months > 120000 {
		return vm.Null, argOutOfRange(t, "months", "Months value must be between +/-120000.")
	}
	tm := netfmt.TicksToTime(d.ticks)
	total := tm.Year()*12 + int(tm.Month()) - 1 + months
	y, m := total/12, total%12+1
	if y < 1 || y > 9999 {
		return vm.Null, argOutOfRange(t, "months", msgBadAdd)
	}
	day := min(tm.Day(), daysInMonth(y, m))
	date, _ := dateToTicks(y, m, day)
	return newDateTime(date+d.ticks%ticksPerDay, d.kind), nil
}

func cmpTicks(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func init() {
	dt := tDateTime
	dt.AddStatic(".ctor", 0, 8, dateTimeCtor)
	now := func(kind netfmt.DateTimeKind, dateOnly bool) native {
		return func(*vm.Thread, []vm.Value) (vm.Value, error) {
			n := time.Now()
			if kind == netfmt.KindUtc {
				n = n.UTC()
			}
			ticks := netfmt.TimeToTicks(n)
			if dateOnly {
				ticks -= ticks % ticksPerDay
			}
			return newDateTime(ticks, kind), nil
		}
	}
	dt.SetZero(newDateTime(0, netfmt.KindUnspecified)) // default(DateTime) is MinValue
	dt.AddStaticProperty("Now", now(netfmt.KindLocal, false), nil)
	dt.AddStaticProperty("UtcNow", now(netfmt.KindUtc, false), nil)
	dt.AddStaticProperty("Today", now(netfmt.KindLocal, true), nil)
	for name, v := range map[string]vm.Value{
		"MinValue":  newDateTime(0, netfmt.KindUnspecified),
		"MaxValue":  newDateTime(maxDateTimeTicks, netfmt.KindUnspecified),
		"UnixEpoch": newDateTime(621_355_968_000_000_000, netfmt.KindUtc),
	} {
		v := v
		dt.AddStaticProperty(name, func(*vm.Thread, []vm.Value) (vm.Value, error) { return v, nil }, nil)
	}
	dt.AddStatic("IsLeapYear", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		y, _ := toInt(args[0])
		if y < 1 || y > 9999 {
			return vm.Null, argOutOfRange(t, "year", "Year must be between 1 and 9999.")
		}
		return vm.Bool(isLeap(y)), nil
	})
	dt.AddStatic("DaysInMonth", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		y, _ := toInt(args[0])
		m, _ := toInt(args[1])
		if m < 1 || m > 12 {
			return vm.Null, argOutOfRange(t, "month", "Month must be between one and twelve.")
		}
		if y < 1 || y > 9999 {
			return vm.Null, argOutOfRange(t, "year", "Year must be between 1 and 9999.")
		}
		return vm.Int(int32(daysInMonth(y, m))), nil
	})
	dt.AddStatic("SpecifyKind", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		k, err := kindArg(t, args[1])
		if err != nil {
			return vm.Null, err
		}
		return newDateTime(dtOf(args[0]).ticks, k), nil
	})
	dt.AddStatic("Compare", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(cmpTicks(dtOf(args[0]).ticks, dtOf(args[1]).ticks))), nil
	})

	// Operators: DateTime ± TimeSpan, DateTime - DateTime, comparisons.
	dt.AddStatic("op_Addition", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return addTicks(t, dtOf(args[0]), tsOf(args[1]))
	})
	dt.AddStatic("op_Subtraction", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if isDateTime(args[1]) {
			return NewTimeSpan(dtOf(args[0]).ticks - dtOf(args[1]).ticks), nil
		}
		return addTicks(t, dtOf(args[0]), -tsOf(args[1]))
	})
	for name, f := range map[string]func(c int) bool{
		"op_Equality":           func(c int) bool { return c == 0 },
		"op_Inequality":         func(c int) bool { return c != 0 },
		"op_LessThan":           func(c int) bool { return c < 0 },
		"op_LessThanOrEqual":    func(c int) bool { return c <= 0 },
		"op_GreaterThan":        func(c int) bool { return c > 0 },
		"op_GreaterThanOrEqual": func(c int) bool { return c >= 0 },
	} {
		f := f
		dt.AddStatic(name, 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			if !isDateTime(args[0]) || !isDateTime(args[1]) {
				return vm.Bool(false), nil
			}
			return vm.Bool(f(cmpTicks(dtOf(args[0]).ticks, dtOf(args[1]).ticks))), nil
		})
	}

	// Calendar fields.
	field := func(f func(tm time.Time) int) native {
		return func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Int(int32(f(netfmt.TicksToTime(dtOf(args[0]).ticks)))), nil
		}
	}
	dt.AddProperty("Year", field(time.Time.Year), nil)
	dt.AddProperty("Month", field(func(tm time.Time) int { return int(tm.Month()) }), nil)
	dt.AddProperty("Day", field(time.Time.Day), nil)
	dt.AddProperty("Hour", field(time.Time.Hour), nil)
	dt.AddProperty("Minute", field(time.Time.Minute), nil)
	dt.AddProperty("Second", field(time.Time.Second), nil)
	dt.AddProperty("DayOfYear", field(time.Time.YearDay), nil)
	dt.AddProperty("Millisecond", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(dtOf(args[0]).ticks % netfmt.TicksPerSecond / ticksPerMs)), nil
	}, nil)
	dt.AddProperty("Microsecond", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(dtOf(args[0]).ticks % ticksPerMs / 10)), nil
	}, nil)
	dt.AddProperty("Nanosecond", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(dtOf(args[0]).ticks % 10 * 100)), nil
	}, nil)
	dt.AddProperty("Ticks", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Long(dtOf(args[0]).ticks), nil }, nil)
	dt.AddProperty("DayOfWeek", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		// 0001-01-01 was a Monday.
		return vm.EnumValue(tDayOfWeek, (dtOf(args[0]).ticks/ticksPerDay+1)%7), nil
	}, nil)
	dt.AddProperty("Kind", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.EnumValue(tDateTimeKind, int64(dtOf(args[0]).kind)), nil
	}, nil)
	dt.AddProperty("Date", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dtOf(args[0])
		return newDateTime(d.ticks-d.ticks%ticksPerDay, d.kind), nil
	}, nil)
	dt.AddProperty("TimeOfDay", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return NewTimeSpan(dtOf(args[0]).ticks % ticksPerDay), nil
	}, nil)

	// Arithmetic.
	dt.AddMethod("AddTicks", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return addTicks(t, dtOf(args[0]), intBits(args[1]))
	})
	dt.AddMethod("AddMicroseconds", 1, 1, addUnits(10))
	dt.AddMethod("AddMilliseconds", 1, 1, addUnits(ticksPerMs))
	dt.AddMethod("AddSeconds", 1, 1, addUnits(netfmt.TicksPerSecond))
	dt.AddMethod("AddMinutes", 1, 1, addUnits(netfmt.TicksPerMinute))
	dt.AddMethod("AddHours", 1, 1, addUnits(netfmt.TicksPerHour))
	dt.AddMethod("AddDays", 1, 1, addUnits(ticksPerDay))
	dt.AddMethod("AddMonths", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n, _ := toInt(args[1])
		return addMonths(t, dtOf(args[0]), n)
	})
	dt.AddMethod("AddYears", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n, _ := toInt(args[1])
		if n < -10000 || n > 10000 {
			return vm.Null, argOutOfRange(t, "years", msgBadAdd)
		}
		return addMonths(t, dtOf(args[0]), n*12)
	})
	dt.AddMethod("Add", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return addTicks(t, dtOf(args[0]), tsOf(args[1]))
	})
	dt.AddMethod("Subtract", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if isDateTime(args[1]) {
			return NewTimeSpan(dtOf(args[0]).ticks - dtOf(args[1]).ticks), nil
		}
		return addTicks(t, dtOf(args[0]), -tsOf(args[1]))
	})

	// Comparison and equality.
	dt.AddMethod("CompareTo", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if args[1].IsNull() {
			return vm.Int(1), nil
		}
		if !isDateTime(args[1]) {
			return vm.Null, t.Throw("System.ArgumentException", "Object must be of type DateTime.")
		}
		return vm.Int(int32(cmpTicks(dtOf(args[0]).ticks, dtOf(args[1]).ticks))), nil
	})
	dt.AddMethod("Equals", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(isDateTime(args[1]) && dtOf(args[0]).ticks == dtOf(args[1]).ticks), nil
	})
	dt.AddMethod("GetHashCode", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := dtOf(args[0]).ticks
		return vm.Int(int32(n) ^ int32(n>>32)), nil
	})

	// Time zones.
	dt.AddMethod("ToUniversalTime", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dtOf(args[0])
		if d.kind == netfmt.KindUtc {
			return args[0], nil
		}
		return newDateTime(clampTicks(d.ticks-localOffset(d)), netfmt.KindUtc), nil
	})
	dt.AddMethod("ToLocalTime", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dtOf(args[0])
		if d.kind == netfmt.KindLocal {
			return args[0], nil
		}
		utc := dateTime{d.ticks, netfmt.KindUtc}
		return newDateTime(clampTicks(d.ticks+localOffset(utc)), netfmt.KindLocal), nil
	})

	// Formatting.
	dt.AddMethod("ToString", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		format := ""
		var c *netfmt.Culture
		for _, a := range args[1:] {
			if s, ok := str(a); ok {
				format = s
			} else if pc := providerCulture(a); pc != nil {
				c = pc
			}
		}
		s, err := formatDateTime(t, dtOf(args[0]), format, c)
		return vm.String(s), err
	})
	for name, format := range map[string]string{
		"ToShortDateString": "d", "ToLongDateString": "D", "ToShortTimeString": "t", "ToLongTimeString": "T",
	} {
		format := format
		dt.AddMethod(name, 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			s, err := formatDateTime(t, dtOf(args[0]), format, nil)
			return vm.String(s), err
		})
	}
}

// clampTicks keeps a time zone conversion inside DateTime's range, as .NET does.
func clampTicks(ticks int64) int64 {
	return max(0, min(ticks, maxDateTimeTicks))
}

// The DateTimeStyles the parsers honour.
const (
	dtsAllowLeadingWhite    = 1
	dtsAllowTrailingWhite   = 2
	dtsNoCurrentDateDefault = 8
	dtsAdjustToUniversal    = 16
	dtsAssumeLocal          = 32
	dtsAssumeUniversal      = 64
	dtsRoundtripKind        = 128
)

var tDateTimeStyles = libEnumValues("System.Globalization", "DateTimeStyles", []vm.EnumMember{
	{Name: "None", Value: 0}, {Name: "AllowLeadingWhite", Value: 1}, {Name: "AllowTrailingWhite", Value: 2},
	{Name: "AllowInnerWhite", Value: 4}, {Name: "AllowWhiteSpaces", Value: 7}, {Name: "NoCurrentDateDefault", Value: 8},
	{Name: "AdjustToUniversal", Value: 16}, {Name: "AssumeLocal", Value: 32}, {Name: "AssumeUniversal", Value: 64},
	{Name: "RoundtripKind", Value: 128},
})

// parsedDateTime makes the DateTime a parse produced under styles: a time
// with an offset is converted to local time (Kind Local), or kept as UTC
// with AdjustToUniversal, or with RoundtripKind when written with "Z".
func parsedDateTime(p netfmt.ParsedDateTime, styles int64) vm.Value {
	if !p.HasDate && styles&dtsNoCurrentDateDefault != 0 {
		p.Ticks %= ticksPerDay
	}
	if !p.HasOffset {
		switch {
		case styles&dtsAssumeUniversal != 0 && styles&dtsAdjustToUniversal != 0:
			return newDateTime(p.Ticks, netfmt.KindUtc)
		case styles&dtsAssumeUniversal != 0:
			utc := dateTime{ticks: p.Ticks, kind: netfmt.KindUtc}
			return newDateTime(clampTicks(p.Ticks+localOffset(utc)), netfmt.KindLocal)
		case styles&dtsAssumeLocal != 0 && styles&dtsAdjustToUniversal != 0:
			local := dateTime{ticks: p.Ticks, kind: netfmt.KindLocal}
			return newDateTime(clampTicks(p.Ticks-localOffset(local)), netfmt.KindUtc)
		case styles&dtsAssumeLocal != 0:
			return newDateTime(p.Ticks, netfmt.KindLocal)
		}
		return newDateTime(p.Ticks, netfmt.KindUnspecified)
	}
	utcTicks := clampTicks(p.Ticks - p.Offset)
	if styles&dtsAdjustToUniversal != 0 || p.Utc && styles&dtsRoundtripKind != 0 {
		return newDateTime(utcTicks, netfmt.KindUtc)
	}
	utc := dateTime{ticks: utcTicks, kind: netfmt.KindUtc}
	return newDateTime(clampTicks(utcTicks+localOffset(utc)), netfmt.KindLocal)
}

// dateTimeStylesIn returns the DateTimeStyles among args (None if absent).
func dateTimeStylesIn(args []vm.Value) int64 {
	for _, a := range args {
		if a.Type() == tDateTimeStyles {
			return vm.AsInt64(a)
		}
	}
	return 0
}

// cultureIn returns the IFormatProvider's culture among args, or the
// current culture.
func cultureIn(t *vm.Thread, args []vm.Value) *netfmt.Culture {
	for _, a := range args {
		if c := providerCulture(a); c != nil {
			return c
		}
	}
	return CurrentCulture(t)
}

// parseExactAny is ParseExact with one format or an array of formats
// (the first that matches).
func parseExactAny(t *vm.Thread, s string, formats vm.Value, c *netfmt.Culture, styles int64) (netfmt.ParsedDateTime, error) {
	orig := s
	if styles&dtsAllowLeadingWhite != 0 {
		s = strings.TrimLeft(s, " \t\n\v\f\r")
	}
	if styles&dtsAllowTrailingWhite != 0 {
		s = strings.TrimRight(s, " \t\n\v\f\r")
	}
	if f, ok := str(formats); ok {
		p, err := netfmt.ParseDateTimeExact(s, f, c)
		if err != nil && s != orig {
			return p, badDateTimeString(orig)
		}
		return p, err
	}
	a := formats.AsArray()
	if a == nil {
		return netfmt.ParsedDateTime{}, argNull(t, "format")
	}
	for _, fv := range a.V {
		f, _ := str(fv)
		if p, err := netfmt.ParseDateTimeExact(s, f, c); err == nil {
			return p, nil
		}
	}
	return netfmt.ParsedDateTime{}, badDateTimeString(orig)
}

func badDateTimeString(s string) error {
	return &netfmt.FormatError{Type: "FormatException", Msg: "String '" + s + "' was not recognized as a valid DateTime."}
}

func init() {
	dt := tDateTime
	dt.AddStatic("Parse", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, ok := str(args[0])
		if !ok {
			return vm.Null, argNull(t, "s")
		}
		p, err := netfmt.ParseDateTime(s, cultureIn(t, args[1:]))
		if err != nil {
			return vm.Null, throwFormat(t, err)
		}
		return parsedDateTime(p, dateTimeStylesIn(args[1:])), nil
	})
	dt.AddStatic("TryParse", 2, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		out := args[len(args)-1]
		rest := args[1 : len(args)-1]
		if s, ok := str(args[0]); ok {
			if p, err := netfmt.ParseDateTime(s, cultureIn(t, rest)); err == nil {
				vm.StoreRef(out, parsedDateTime(p, dateTimeStylesIn(rest)))
				return vm.Bool(true), nil
			}
		}
		vm.StoreRef(out, newDateTime(0, netfmt.KindUnspecified))
		return vm.Bool(false), nil
	})
	dt.AddStatic("ParseExact", 3, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, ok := str(args[0])
		if !ok {
			return vm.Null, argNull(t, "s")
		}
		if args[1].IsNull() {
			return vm.Null, argNull(t, "format")
		}
		p, err := parseExactAny(t, s, args[1], cultureIn(t, args[2:3]), dateTimeStylesIn(args[3:]))
		if err != nil {
			return vm.Null, throwFormat(t, err)
		}
		return parsedDateTime(p, dateTimeStylesIn(args[3:])), nil
	})
	dt.AddStatic("TryParseExact", 5, 5, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		out := args[4]
		if s, ok := str(args[0]); ok && !args[1].IsNull() {
			if p, err := parseExactAny(t, s, args[1], cultureIn(t, args[2:3]), dateTimeStylesIn(args[3:])); err == nil {
				vm.StoreRef(out, parsedDateTime(p, dateTimeStylesIn(args[3:4])))
				return vm.Bool(true), nil
			}
		}
		vm.StoreRef(out, newDateTime(0, netfmt.KindUnspecified))
		return vm.Bool(false), nil
	})

	ts := tTimeSpan
	ts.AddStatic("Parse", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, ok := str(args[0])
		if !ok {
			return vm.Null, argNull(t, "input")
		}
		n, err := netfmt.ParseTimeSpan(s)
		if err != nil {
			return vm.Null, throwFormat(t, err)
		}
		return NewTimeSpan(n), nil
	})
	ts.AddStatic("TryParse", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		out := args[len(args)-1]
		if s, ok := str(args[0]); ok {
			if n, err := netfmt.ParseTimeSpan(s); err == nil {
				vm.StoreRef(out, NewTimeSpan(n))
				return vm.Bool(true), nil
			}
		}
		vm.StoreRef(out, NewTimeSpan(0))
		return vm.Bool(false), nil
	})
	ts.AddStatic("ParseExact", 3, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, ok := str(args[0])
		if !ok {
			return vm.Null, argNull(t, "input")
		}
		f, ok := str(args[1])
		if !ok {
			return vm.Null, argNull(t, "format")
		}
		n, err := netfmt.ParseTimeSpanExact(s, f)
		if err != nil {
			return vm.Null, throwFormat(t, err)
		}
		return NewTimeSpan(n), nil
	})
	ts.AddStatic("TryParseExact", 4, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		out := args[3]
		s, ok1 := str(args[0])
		f, ok2 := str(args[1])
		if ok1 && ok2 {
			if n, err := netfmt.ParseTimeSpanExact(s, f); err == nil {
				vm.StoreRef(out, NewTimeSpan(n))
				return vm.Bool(true), nil
			}
		}
		vm.StoreRef(out, NewTimeSpan(0))
		return vm.Bool(false), nil
	})
}

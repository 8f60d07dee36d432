package lib

import (
	"strconv"
	"time"

	"asyncvm/vm"
	"asyncvm/vm/netfmt"
)

// System.DateOnly (a day number: days since 0001-01-01), System.TimeOnly
// (ticks since midnight) and System.DateTimeOffset (a clock time and its UTC
// offset). Each compares and hashes by one number, as .NET does:
// DateTimeOffset by its UTC instant.
var (
	tDateOnly       = register(&vm.Type{Kind: vm.KindNative, Namespace: "System", Name: "DateOnly", IsValueType: true, Super: vm.TObject})
	tTimeOnly       = register(&vm.Type{Kind: vm.KindNative, Namespace: "System", Name: "TimeOnly", IsValueType: true, Super: vm.TObject})
	tDateTimeOffset = register(&vm.Type{Kind: vm.KindNative, Namespace: "System", Name: "DateTimeOffset", IsValueType: true, Super: vm.TObject})
)

type dateOnly struct{ day int64 }

type timeOnly struct{ ticks int64 }

// dateTimeOffset is a DateTimeOffset: its clock time and its offset east
// of UTC, both in ticks.
type dateTimeOffset struct{ clock, offset int64 }

func (d *dateOnly) valueKey() int64       { return d.day }
func (t *timeOnly) valueKey() int64       { return t.ticks }
func (d *dateTimeOffset) valueKey() int64 { return d.clock - d.offset }

const (
	maxDayNumber      = maxDateTimeTicks / ticksPerDay
	msgAddValue       = "Value to add was out of range."
	msgBadTimeOnly    = "Ticks must be between 0 and and TimeOnly.MaxValue.Ticks."
	msgOffsetMinutes  = "Offset must be specified in whole minutes."
	msgOffsetRange    = "Offset must be within plus or minus 14 hours."
	msgUtcOffsetRange = "The UTC time represented when the offset is applied must be between year 0 and 10,000."
	maxOffset         = 14 * netfmt.TicksPerHour
	unixEpochSeconds  = 62_135_596_800
)

func newDateOnly(day int64) vm.Value   { return vm.NewNative(tDateOnly, &dateOnly{day}) }
func newTimeOnly(ticks int64) vm.Value { return vm.NewNative(tTimeOnly, &timeOnly{ticks}) }
func newDateTimeOffset(clock, offset int64) vm.Value {
	return vm.NewNative(tDateTimeOffset, &dateTimeOffset{clock, offset})
}

func doOf(v vm.Value) int64 {
	if d, ok := v.AsNative().(*dateOnly); ok {
		return d.day
	}
	return 0
}

func toOf(v vm.Value) int64 {
	if d, ok := v.AsNative().(*timeOnly); ok {
		return d.ticks
	}
	return 0
}

func dtoOf(v vm.Value) dateTimeOffset {
	if d, ok := v.AsNative().(*dateTimeOffset); ok {
		return *d
	}
	return dateTimeOffset{}
}

// formatArgs reads ToString's optional format and IFormatProvider.
func formatArgs(t *vm.Thread, args []vm.Value) (string, *netfmt.Culture) {
	format := ""
	c := CurrentCulture(t)
	for _, a := range args {
		if s, ok := str(a); ok {
			format = s
		} else if pc := providerCulture(a); pc != nil {
			c = pc
		}
	}
	return format, c
}

// addComparisons registers the six comparison operators of a library value
// type ordered by key; ok is false for an operand of another type.
func addComparisons(ty *vm.Type) {
	for name, f := range map[string]func(c int) bool{
		"op_Equality":           func(c int) bool { return c == 0 },
		"op_Inequality":         func(c int) bool { return c != 0 },
		"op_LessThan":           func(c int) bool { return c < 0 },
		"op_LessThanOrEqual":    func(c int) bool { return c <= 0 },
		"op_GreaterThan":        func(c int) bool { return c > 0 },
		"op_GreaterThanOrEqual": func(c int) bool { return c >= 0 },
	} {
		f := f
		ty.AddStatic(name, 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			a, ok1 := args[0].AsNative().(libValue)
			b, ok2 := args[1].AsNative().(libValue)
			if !ok1 || !ok2 || args[0].Type() != args[1].Type() {
				return vm.Bool(name == "op_Inequality"), nil
			}
			return vm.Bool(f(cmpTicks(a.valueKey(), b.valueKey()))), nil
		})
	}
	ty.AddMethod("CompareTo", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if args[1].IsNull() {
			return vm.Int(1), nil
		}
		b, ok := args[1].AsNative().(libValue)
		if !ok || args[1].Type() != ty {
			return vm.Null, t.Throw("System.ArgumentException", "Object must be of type "+ty.Name+".")
		}
		return vm.Int(int32(cmpTicks(args[0].AsNative().(libValue).valueKey(), b.valueKey()))), nil
	})
	ty.AddMethod("Equals", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		b, ok := args[1].AsNative().(libValue)
		return vm.Bool(ok && args[1].Type() == ty && args[0].AsNative().(libValue).valueKey() == b.valueKey()), nil
	})
	ty.AddMethod("GetHashCode", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := args[0].AsNative().(libValue).valueKey()
		return vm.Int(int32(n) ^ int32(n>>32)), nil
	})
}

// ymd returns the calendar date of a day number.
func ymd(day int64) time.Time { return netfmt.TicksToTime(day * ticksPerDay) }

// parseDateOnly parses s as DateTime.Parse (or ParseExact with formats,
// when not null) does and keeps the date; ok is false when the text has a
// time of day or an offset.
func parseDateOnly(t *vm.Thread, s string, formats vm.Value, c *netfmt.Culture, styles int64) (int64, error) {
	var p netfmt.ParsedDateTime
	var err error
	if formats.IsNull() {
		p, err = netfmt.ParseDateTime(s, c)
	} else {
		p, err = parseExactAny(t, s, formats, c, styles)
	}
	if err == nil && (p.HasOffset || p.Ticks%ticksPerDay != 0 || !p.HasDate && formats.IsNull()) {
		err = &netfmt.FormatError{Type: "FormatException", Msg: "String '" + s + "' was not recognized as a valid DateOnly."}
	}
	if fe, ok := err.(*netfmt.FormatError); ok && fe.Msg == "String '"+s+"' was not recognized as a valid DateTime." {
		err = &netfmt.FormatError{Type: "FormatException", Msg: "String '" + s + "' was not recognized as a valid DateOnly."}
	}
	return p.Ticks / ticksPerDay, err
}

// parseTimeOnly parses a time of day as parseDateOnly parses a date.
func parseTimeOnly(t *vm.Thread, s string, formats vm.Value, c *netfmt.Culture, styles int64) (int64, error) {
	var p netfmt.ParsedDateTime
	var err error
	if formats.IsNull() {
		p, err = netfmt.ParseDateTime(s, c)
	} else {
		p, err = parseExactAny(t, s, formats, c, styles)
	}
	if err == nil && !p.HasDate {
		p.Ticks %= ticksPerDay // a time alone is put on today's date
	}
	if err != nil || p.HasOffset || p.HasDate || p.Ticks >= ticksPerDay {
		err = &netfmt.FormatError{Type: "FormatException", Msg: "String '" + s + "' was not recognized as a valid TimeOnly."}
	}
	return p.Ticks % ticksPerDay, err
}

// parseDateTimeOffset parses s; a text without an offset takes the local
// time zone's (or UTC's, with DateTimeStyles.AssumeUniversal).
func parseDateTimeOffset(t *vm.Thread, s string, formats vm.Value, c *netfmt.Culture, styles int64) (dateTimeOffset, error) {
	var p netfmt.ParsedDateTime
	var err error
	if formats.IsNull() {
		p, err = netfmt.ParseDateTime(s, c)
	} else {
		p, err = parseExactAny(t, s, formats, c, styles)
	}
	if err != nil {
		return dateTimeOffset{}, err
	}
	off := p.Offset
	if !p.HasOffset {
		off = 0
		if styles&dtsAssumeUniversal == 0 {
			off = localOffset(dateTime{p.Ticks, netfmt.KindLocal})
		}
	}
	d := dateTimeOffset{p.Ticks, off}
	if styles&dtsAdjustToUniversal != 0 {
		d = dateTimeOffset{p.Ticks - off, 0}
	}
	return d, nil
}

// parseNatives registers Parse, TryParse, ParseExact and TryParseExact
// over parse (formats is null for Parse); zero is TryParse's failure value
// and exactMin the fewest arguments ParseExact takes.
func parseNatives(ty *vm.Type, zero vm.Value, exactMin int, parse func(t *vm.Thread, s string, formats vm.Value, c *netfmt.Culture, styles int64) (vm.Value, error)) {
	ty.AddStatic("Parse", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, ok := str(args[0])
		if !ok {
			return vm.Null, argNull(t, "s")
		}
		r, err := parse(t, s, vm.Null, cultureIn(t, args[1:]), dateTimeStylesIn(args[1:]))
		return r, throwFormat(t, err)
	})
	ty.AddStatic("TryParse", 2, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		out := args[len(args)-1]
		rest := args[1 : len(args)-1]
		if s, ok := str(args[0]); ok {
			if r, err := parse(t, s, vm.Null, cultureIn(t, rest), dateTimeStylesIn(rest)); err == nil {
				vm.StoreRef(out, r)
				return vm.Bool(true), nil
			}
		}
		vm.StoreRef(out, zero)
		return vm.Bool(false), nil
	})
	ty.AddStatic("ParseExact", exactMin, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, ok := str(args[0])
		if !ok {
			return vm.Null, argNull(t, "s")
		}
		if args[1].IsNull() {
			return vm.Null, argNull(t, "format")
		}
		r, err := parse(t, s, args[1], cultureIn(t, args[2:]), dateTimeStylesIn(args[2:]))
		return r, throwFormat(t, err)
	})
	ty.AddStatic("TryParseExact", 3+2*(exactMin-2), 5, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		out := args[len(args)-1]
		rest := args[2 : len(args)-1]
		if s, ok := str(args[0]); ok && !args[1].IsNull() {
			if r, err := parse(t, s, args[1], cultureIn(t, rest), dateTimeStylesIn(rest)); err == nil {
				vm.StoreRef(out, r)
				return vm.Bool(true), nil
			}
		}
		vm.StoreRef(out, zero)
		return vm.Bool(false), nil
	})
}

func libConstant(ty *vm.Type, name string, v vm.Value) {
	ty.AddStaticProperty(name, func(*vm.Thread, []vm.Value) (vm.Value, error) { return v, nil }, nil)
}

func init() {
	do := tDateOnly
	do.SetZero(newDateOnly(0))
	libConstant(do, "MinValue", newDateOnly(0))
	libConstant(do, "MaxValue", newDateOnly(maxDayNumber))
	do.AddStatic(".ctor", 0, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) == 0 {
			return newDateOnly(0), nil
		}
		var n [3]int
		for i, a := range args {
			n[i], _ = toInt(a)
		}
		ticks, ok := dateToTicks(n[0], n[1], n[2])
		if !ok {
			return vm.Null, t.Throw("System.ArgumentOutOfRangeException", msgBadYMD)
		}
		return newDateOnly(ticks / ticksPerDay), nil
	})
	do.AddStatic("FromDayNumber", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := intBits(args[0])
		if n < 0 || n > maxDayNumber {
			return vm.Null, argOutOfRange(t, "dayNumber", "Day number must be between 0 and DateOnly.MaxValue.DayNumber.")
		}
		return newDateOnly(n), nil
	})
	do.AddStatic("FromDateTime", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return newDateOnly(dtOf(args[0]).ticks / ticksPerDay), nil
	})
	do.AddMethod("ToDateTime", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		var kind netfmt.DateTimeKind
		if len(args) == 3 {
			k, err := kindArg(t, args[2])
			if err != nil {
				return vm.Null, err
			}
			kind = k
		}
		return newDateTime(doOf(args[0])*ticksPerDay+toOf(args[1]), kind), nil
	})
	dayField := func(f func(tm time.Time) int) native {
		return func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Int(int32(f(ymd(doOf(args[0]))))), nil
		}
	}
	do.AddProperty("Year", dayField(time.Time.Year), nil)
	do.AddProperty("Month", dayField(func(tm time.Time) int { return int(tm.Month()) }), nil)
	do.AddProperty("Day", dayField(time.Time.Day), nil)
	do.AddProperty("DayOfYear", dayField(time.Time.YearDay), nil)
	do.AddProperty("DayNumber", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Int(int32(doOf(args[0]))), nil }, nil)
	do.AddProperty("DayOfWeek", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.EnumValue(tDayOfWeek, (doOf(args[0])+1)%7), nil
	}, nil)
	do.AddMethod("Deconstruct", 3, 3, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		tm := ymd(doOf(args[0]))
		vm.StoreRef(args[1], vm.Int(int32(tm.Year())))
		vm.StoreRef(args[2], vm.Int(int32(tm.Month())))
		vm.StoreRef(args[3], vm.Int(int32(tm.Day())))
		return vm.Null, nil
	})
	do.AddMethod("AddDays", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := doOf(args[0]) + intBits(args[1])
		if n < 0 || n > maxDayNumber {
			return vm.Null, argOutOfRange(t, "value", msgAddValue)
		}
		return newDateOnly(n), nil
	})
	addMonthsOnly := func(scale int) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			n, _ := toInt(args[1])
			if scale == 12 && (n < -10000 || n > 10000) {
				return vm.Null, argOutOfRange(t, "years", msgBadAdd)
			}
			r, err := addMonths(t, dateTime{ticks: doOf(args[0]) * ticksPerDay}, n*scale)
			if err != nil {
				return vm.Null, err
			}
			return newDateOnly(dtOf(r).ticks / ticksPerDay), nil
		}
	}
	do.AddMethod("AddMonths", 1, 1, addMonthsOnly(1))
	do.AddMethod("AddYears", 1, 1, addMonthsOnly(12))
	do.AddMethod("ToString", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		format, c := formatArgs(t, args[1:])
		s, err := netfmt.FormatDateOnly(doOf(args[0]), format, c)
		return vm.String(s), throwFormat(t, err)
	})
	for name, format := range map[string]string{"ToShortDateString": "d", "ToLongDateString": "D"} {
		format := format
		do.AddMethod(name, 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			s, err := netfmt.FormatDateOnly(doOf(args[0]), format, CurrentCulture(t))
			return vm.String(s), throwFormat(t, err)
		})
	}
	addComparisons(do)
	parseNatives(do, newDateOnly(0), 2, func(t *vm.Thread, s string, formats vm.Value, c *netfmt.Culture, styles int64) (vm.Value, error) {
		n, err := parseDateOnly(t, s, formats, c, styles)
		if err != nil {
			return vm.Null, err
		}
		return newDateOnly(n), nil
	})

	to := tTimeOnly
	to.SetZero(newTimeOnly(0))
	libConstant(to, "MinValue", newTimeOnly(0))
	libConstant(to, "MaxValue", newTimeOnly(ticksPerDay-1))
	to.AddStatic(".ctor", 0, 5, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		switch len(args) {
		case 0:
			return newTimeOnly(0), nil
		case 1:
			n := intBits(args[0])
			if n < 0 || n >= ticksPerDay {
				return vm.Null, argOutOfRange(t, "ticks", msgBadTimeOnly)
			}
			return newTimeOnly(n), nil
		}
		var n [5]int
		for i, a := range args {
			n[i], _ = toInt(a)
		}
		if n[0] < 0 || n[0] > 23 || n[1] < 0 || n[1] > 59 || n[2] < 0 || n[2] > 59 {
			return vm.Null, t.Throw("System.ArgumentOutOfRangeException", msgBadHMS)
		}
		if n[3] < 0 || n[3] > 999 {
			return vm.Null, argOutOfRange(t, "millisecond", msgBadMillis)
		}
		if n[4] < 0 || n[4] > 999 {
			return vm.Null, argOutOfRange(t, "microsecond", msgBadMillis)
		}
		return newTimeOnly(int64(n[0])*netfmt.TicksPerHour + int64(n[1])*netfmt.TicksPerMinute + int64(n[2])*netfmt.TicksPerSecond + int64(n[3])*ticksPerMs + int64(n[4])*10), nil
	})
	to.AddStatic("FromDateTime", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return newTimeOnly(dtOf(args[0]).ticks % ticksPerDay), nil
	})
	to.AddStatic("FromTimeSpan", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := tsOf(args[0])
		if n < 0 || n >= ticksPerDay {
			return vm.Null, argOutOfRange(t, "ticks", msgBadTimeOnly)
		}
		return newTimeOnly(n), nil
	})
	to.AddMethod("ToTimeSpan", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return NewTimeSpan(toOf(args[0])), nil })
	timePart := func(unit, mod int64) native {
		return func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Int(int32(toOf(args[0]) / unit % mod)), nil
		}
	}
	to.AddProperty("Hour", timePart(netfmt.TicksPerHour, 24), nil)
	to.AddProperty("Minute", timePart(netfmt.TicksPerMinute, 60), nil)
	to.AddProperty("Second", timePart(netfmt.TicksPerSecond, 60), nil)
	to.AddProperty("Millisecond", timePart(ticksPerMs, 1000), nil)
	to.AddProperty("Microsecond", timePart(10, 1000), nil)
	to.AddProperty("Nanosecond", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(toOf(args[0]) % 10 * 100)), nil
	}, nil)
	to.AddProperty("Ticks", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Long(toOf(args[0])), nil }, nil)
	wrap := func(n int64) vm.Value {
		n %= ticksPerDay
		if n < 0 {
			n += ticksPerDay
		}
		return newTimeOnly(n)
	}
	// The two-argument forms report the whole days the result wrapped
	// past midnight (negative going back).
	wrapDays := func(args []vm.Value, n int64) vm.Value {
		if len(args) == 3 {
			day := n / ticksPerDay
			if n%ticksPerDay < 0 {
				day--
			}
			vm.StoreRef(args[2], vm.Int(int32(day)))
		}
		return wrap(n)
	}
	to.AddMethod("Add", 1, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return wrapDays(args, toOf(args[0])+tsOf(args[1])), nil
	})
	for name, unit := range map[string]float64{"AddHours": float64(netfmt.TicksPerHour), "AddMinutes": float64(netfmt.TicksPerMinute)} {
		unit := unit
		to.AddMethod(name, 1, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			return wrapDays(args, toOf(args[0])+int64(vm.AsF64(args[1])*unit)), nil
		})
	}
	to.AddMethod("IsBetween", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		n, lo, hi := toOf(args[0]), toOf(args[1]), toOf(args[2])
		if lo <= hi {
			return vm.Bool(lo <= n && n < hi), nil
		}
		return vm.Bool(lo <= n || n < hi), nil
	})
	to.AddStatic("op_Subtraction", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := toOf(args[0]) - toOf(args[1])
		if d < 0 {
			d += ticksPerDay
		}
		return NewTimeSpan(d), nil
	})
	to.AddMethod("ToString", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		format, c := formatArgs(t, args[1:])
		s, err := netfmt.FormatTimeOnly(toOf(args[0]), format, c)
		return vm.String(s), throwFormat(t, err)
	})
	for name, format := range map[string]string{"ToShortTimeString": "t", "ToLongTimeString": "T"} {
		format := format
		to.AddMethod(name, 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			s, err := netfmt.FormatTimeOnly(toOf(args[0]), format, CurrentCulture(t))
			return vm.String(s), throwFormat(t, err)
		})
	}
	addComparisons(to)
	parseNatives(to, newTimeOnly(0), 2, func(t *vm.Thread, s string, formats vm.Value, c *netfmt.Culture, styles int64) (vm.Value, error) {
		n, err := parseTimeOnly(t, s, formats, c, styles)
		if err != nil {
			return vm.Null, err
		}
		return newTimeOnly(n), nil
	})

	initDateTimeOffset()
}

// checkOffset validates a DateTimeOffset's offset and UTC time.
func checkOffset(t *vm.Thread, clock, offset int64) error {
	if offset%netfmt.TicksPerMinute != 0 {
		return t.Throw("System.ArgumentException", msgOffsetMinutes+" (Parameter 'offset')")
	}
	if offset < -maxOffset || offset > maxOffset {
		return argOutOfRange(t, "offset", msgOffsetRange)
	}
	if utc := clock - offset; utc < 0 || utc > maxDateTimeTicks {
		return argOutOfRange(t, "offset", msgUtcOffsetRange)
	}
	return nil
}

// utcToLocalOffset is the local time zone's offset at a UTC instant.
func utcToLocalOffset(utc int64) int64 { return localOffset(dateTime{utc, netfmt.KindUtc}) }

func initDateTimeOffset() {
	o := tDateTimeOffset
	o.SetZero(newDateTimeOffset(0, 0))
	libConstant(o, "MinValue", newDateTimeOffset(0, 0))
	libConstant(o, "MaxValue", newDateTimeOffset(maxDateTimeTicks, 0))
	libConstant(o, "UnixEpoch", newDateTimeOffset(unixEpochSeconds*netfmt.TicksPerSecond, 0))
	o.AddStaticProperty("UtcNow", func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return newDateTimeOffset(netfmt.TimeToTicks(time.Now().UTC()), 0), nil
	}, nil)
	o.AddStaticProperty("Now", func(*vm.Thread, []vm.Value) (vm.Value, error) {
		n := time.Now()
		_, off := n.Zone()
		return newDateTimeOffset(netfmt.TimeToTicks(n), int64(off)*netfmt.TicksPerSecond), nil
	}, nil)
	o.AddStatic(".ctor", 0, 8, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := len(args)
		if n == 0 {
			return newDateTimeOffset(0, 0), nil
		}
		if isDateTime(args[0]) {
			d := dtOf(args[0])
			off := int64(0)
			if d.kind != netfmt.KindUtc {
				off = localOffset(d)
			}
			if n == 2 {
				given := tsOf(args[1])
				if d.kind == netfmt.KindUtc && given != 0 {
					return vm.Null, t.Throw("System.ArgumentException", "The UTC Offset for Utc DateTime instances must be 0. (Parameter 'offset')")
				}
				if d.kind == netfmt.KindLocal && given != off {
					return vm.Null, t.Throw("System.ArgumentException", "The UTC Offset of the local dateTime parameter does not match the offset argument. (Parameter 'offset')")
				}
				off = given
			}
			if err := checkOffset(t, d.ticks, off); err != nil {
				return vm.Null, err
			}
			return newDateTimeOffset(d.ticks, off), nil
		}
		off := tsOf(args[n-1])
		var clock int64
		if n == 2 {
			clock = intBits(args[0])
			if clock < 0 || clock > maxDateTimeTicks {
				return vm.Null, argOutOfRange(t, "ticks", msgBadTicks)
			}
		} else {
			d, err := dateTimeCtor(t, args[:n-1])
			if err != nil {
				return vm.Null, err
			}
			clock = dtOf(d).ticks
		}
		if err := checkOffset(t, clock, off); err != nil {
			return vm.Null, err
		}
		return newDateTimeOffset(clock, off), nil
	})
	o.AddStatic("op_Implicit", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ctor := o.LookupStatic(".ctor", 1)
		return ctor.Native(t, args)
	})
	o.AddStatic("FromUnixTimeSeconds", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := intBits(args[0])
		const lo, hi = -unixEpochSeconds, maxDateTimeTicks/netfmt.TicksPerSecond - unixEpochSeconds
		if s < lo || s > hi {
			return vm.Null, argOutOfRange(t, "seconds", "Valid values are between "+strconv.FormatInt(lo, 10)+" and "+strconv.FormatInt(hi, 10)+", inclusive.")
		}
		return newDateTimeOffset((s+unixEpochSeconds)*netfmt.TicksPerSecond, 0), nil
	})
	o.AddStatic("FromUnixTimeMilliseconds", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ms := intBits(args[0])
		const lo, hi = -unixEpochSeconds * 1000, maxDateTimeTicks/ticksPerMs - unixEpochSeconds*1000
		if ms < lo || ms > hi {
			return vm.Null, argOutOfRange(t, "milliseconds", "Valid values are between "+strconv.FormatInt(lo, 10)+" and "+strconv.FormatInt(hi, 10)+", inclusive.")
		}
		return newDateTimeOffset((ms+unixEpochSeconds*1000)*ticksPerMs, 0), nil
	})
	o.AddMethod("ToUnixTimeSeconds", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dtoOf(args[0])
		return vm.Long((d.clock-d.offset)/netfmt.TicksPerSecond - unixEpochSeconds), nil
	})
	o.AddMethod("ToUnixTimeMilliseconds", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dtoOf(args[0])
		return vm.Long((d.clock-d.offset)/ticksPerMs - unixEpochSeconds*1000), nil
	})
	prop := func(name string, f func(d dateTimeOffset) vm.Value) {
		o.AddProperty(name, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return f(dtoOf(args[0])), nil }, nil)
	}
	prop("DateTime", func(d dateTimeOffset) vm.Value { return newDateTime(d.clock, netfmt.KindUnspecified) })
	prop("UtcDateTime", func(d dateTimeOffset) vm.Value { return newDateTime(d.clock-d.offset, netfmt.KindUtc) })
	prop("LocalDateTime", func(d dateTimeOffset) vm.Value {
		utc := d.clock - d.offset
		return newDateTime(clampTicks(utc+utcToLocalOffset(utc)), netfmt.KindLocal)
	})
	prop("Date", func(d dateTimeOffset) vm.Value {
		return newDateTime(d.clock-d.clock%ticksPerDay, netfmt.KindUnspecified)
	})
	prop("TimeOfDay", func(d dateTimeOffset) vm.Value { return NewTimeSpan(d.clock % ticksPerDay) })
	prop("Offset", func(d dateTimeOffset) vm.Value { return NewTimeSpan(d.offset) })
	prop("Ticks", func(d dateTimeOffset) vm.Value { return vm.Long(d.clock) })
	prop("UtcTicks", func(d dateTimeOffset) vm.Value { return vm.Long(d.clock - d.offset) })
	prop("DayOfWeek", func(d dateTimeOffset) vm.Value { return vm.EnumValue(tDayOfWeek, (d.clock/ticksPerDay+1)%7) })
	prop("Millisecond", func(d dateTimeOffset) vm.Value { return vm.Int(int32(d.clock % netfmt.TicksPerSecond / ticksPerMs)) })
	for name, f := range map[string]func(tm time.Time) int{
		"Year": time.Time.Year, "Month": func(tm time.Time) int { return int(tm.Month()) }, "Day": time.Time.Day,
		"Hour": time.Time.Hour, "Minute": time.Time.Minute, "Second": time.Time.Second, "DayOfYear": time.Time.YearDay,
	} {
		f := f
		prop(name, func(d dateTimeOffset) vm.Value { return vm.Int(int32(f(netfmt.TicksToTime(d.clock)))) })
	}
	// with makes the DateTimeOffset at clock time clock and d's offset,
	// checking the range as .NET's arithmetic does.
	with := func(t *vm.Thread, d dateTimeOffset, r vm.Value, err error) (vm.Value, error) {
		if err != nil {
			return vm.Null, err
		}
		clock := dtOf(r).ticks
		if utc := clock - d.offset; utc < 0 || utc > maxDateTimeTicks {
			return vm.Null, argOutOfRange(t, "offset", msgUtcOffsetRange)
		}
		return newDateTimeOffset(clock, d.offset), nil
	}
	asDT := func(d dateTimeOffset) vm.Value { return newDateTime(d.clock, netfmt.KindUnspecified) }
	for name, unit := range map[string]int64{
		"AddMilliseconds": ticksPerMs, "AddSeconds": netfmt.TicksPerSecond, "AddMinutes": netfmt.TicksPerMinute,
		"AddHours": netfmt.TicksPerHour, "AddDays": ticksPerDay,
	} {
		add := addUnits(unit)
		o.AddMethod(name, 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			d := dtoOf(args[0])
			r, err := add(t, []vm.Value{asDT(d), args[1]})
			return with(t, d, r, err)
		})
	}
	o.AddMethod("AddTicks", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dtoOf(args[0])
		r, err := addTicks(t, dateTime{ticks: d.clock}, intBits(args[1]))
		return with(t, d, r, err)
	})
	o.AddMethod("Add", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dtoOf(args[0])
		r, err := addTicks(t, dateTime{ticks: d.clock}, tsOf(args[1]))
		return with(t, d, r, err)
	})
	o.AddMethod("AddMonths", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dtoOf(args[0])
		n, _ := toInt(args[1])
		r, err := addMonths(t, dateTime{ticks: d.clock}, n)
		return with(t, d, r, err)
	})
	o.AddMethod("AddYears", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dtoOf(args[0])
		n, _ := toInt(args[1])
		if n < -10000 || n > 10000 {
			return vm.Null, argOutOfRange(t, "years", msgBadAdd)
		}
		r, err := addMonths(t, dateTime{ticks: d.clock}, n*12)
		return with(t, d, r, err)
	})
	sub := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dtoOf(args[0])
		if e, ok := args[1].AsNative().(*dateTimeOffset); ok {
			return NewTimeSpan((d.clock - d.offset) - (e.clock - e.offset)), nil
		}
		r, err := addTicks(t, dateTime{ticks: d.clock}, -tsOf(args[1]))
		return with(t, d, r, err)
	}
	o.AddMethod("Subtract", 1, 1, sub)
	o.AddStatic("op_Subtraction", 2, 2, sub)
	o.AddStatic("op_Addition", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dtoOf(args[0])
		r, err := addTicks(t, dateTime{ticks: d.clock}, tsOf(args[1]))
		return with(t, d, r, err)
	})
	o.AddMethod("ToOffset", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dtoOf(args[0])
		off := tsOf(args[1])
		utc := d.clock - d.offset
		if err := checkOffset(t, utc+off, off); err != nil {
			return vm.Null, err
		}
		if c := utc + off; c < 0 || c > maxDateTimeTicks {
			return vm.Null, argOutOfRange(t, "offset", msgUtcOffsetRange)
		}
		return newDateTimeOffset(utc+off, off), nil
	})
	o.AddMethod("ToUniversalTime", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dtoOf(args[0])
		return newDateTimeOffset(d.clock-d.offset, 0), nil
	})
	o.AddMethod("ToLocalTime", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dtoOf(args[0])
		utc := d.clock - d.offset
		off := utcToLocalOffset(utc)
		return newDateTimeOffset(clampTicks(utc+off), off), nil
	})
	o.AddMethod("EqualsExact", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(dtoOf(args[0]) == dtoOf(args[1])), nil
	})
	o.AddMethod("ToString", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		format, c := formatArgs(t, args[1:])
		d := dtoOf(args[0])
		s, err := netfmt.FormatDateTimeOffset(d.clock, d.offset, format, c)
		return vm.String(s), throwFormat(t, err)
	})
	addComparisons(o)
	o.AddStatic("Compare", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		a, b := dtoOf(args[0]), dtoOf(args[1])
		return vm.Int(int32(cmpTicks(a.clock-a.offset, b.clock-b.offset))), nil
	})
	o.AddStatic("Equals", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		a, b := dtoOf(args[0]), dtoOf(args[1])
		return vm.Bool(a.clock-a.offset == b.clock-b.offset), nil
	})
	parseNatives(o, newDateTimeOffset(0, 0), 3, func(t *vm.Thread, s string, formats vm.Value, c *netfmt.Culture, styles int64) (vm.Value, error) {
		d, err := parseDateTimeOffset(t, s, formats, c, styles)
		if err != nil {
			return vm.Null, err
		}
		return newDateTimeOffset(d.clock, d.offset), nil
	})
}

// tTimeProvider is System.TimeProvider; only TimeProvider.System exists
// (programs cannot derive their own).
var tTimeProvider = register(vm.NewLibType("System", "TimeProvider", nil))

type timeProvider struct{}

func init() {
	tp := tTimeProvider
	system := vm.NewNative(tp, &timeProvider{})
	libConstant(tp, "System", system)
	tp.AddMethod("GetUtcNow", 0, 0, func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		return newDateTimeOffset(netfmt.TimeToTicks(time.Now().UTC()), 0), nil
	})
	tp.AddMethod("GetLocalNow", 0, 0, func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		n := time.Now()
		_, off := n.Zone()
		return newDateTimeOffset(netfmt.TimeToTicks(n), int64(off)*netfmt.TicksPerSecond), nil
	})
	tp.AddMethod("GetTimestamp", 0, 0, func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.Long(int64(time.Since(epoch))), nil
	})
	tp.AddProperty("TimestampFrequency", func(*vm.Thread, []vm.Value) (vm.Value, error) { return vm.Long(1_000_000_000), nil }, nil)
	tp.AddMethod("GetElapsedTime", 1, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		end := int64(time.Since(epoch))
		if len(args) == 3 {
			end = intBits(args[2])
		}
		return NewTimeSpan((end - intBits(args[1])) / 100), nil
	})
}

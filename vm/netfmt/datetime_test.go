package netfmt

import (
	"testing"
	"time"
)

func TestFormatDateTime(t *testing.T) {
	// 2009-06-15T13:45:30.0090000, the example of .NET's documentation.
	base := TimeToTicks(mustTime(2009, 6, 15, 13, 45, 30)) + 90_000
	enUS, _ := LookupCulture("en-US")
	tests := []struct {
		ticks  int64
		kind   DateTimeKind
		format string
		c      *Culture
		want   string
	}{
		{base, KindUnspecified, "", Invariant, "06/15/2009 13:45:30"},
		{base, KindUnspecified, "d", enUS, "6/15/2009"},
		{base, KindUnspecified, "D", enUS, "Monday, June 15, 2009"},
		{base, KindUnspecified, "T", enUS, "1:45:30\u202fPM"},
		{base, KindUnspecified, "o", enUS, "2009-06-15T13:45:30.0090000"},
		{base, KindUtc, "O", Invariant, "2009-06-15T13:45:30.0090000Z"},
		{base, KindUnspecified, "fff FFFF ffffff", Invariant, "009 009 009000"},
		{base, KindUnspecified, "%h", Invariant, "1"},
		{base, KindUnspecified, "gg yyyy", Invariant, "A.D. 2009"},
		{base, KindUnspecified, "\\d\\d 'd' dd", Invariant, "dd d 15"},
		{base, KindLocal, "zzz|zz|z|K", Invariant, "+02:00|+02|+2|+02:00"},
		{base, KindUtc, "zzz K", Invariant, "+00:00 Z"},
		{base, KindUnspecified, "HH:mm:ss.F", Invariant, "13:45:30"},
		{0, KindUnspecified, "yyyy-MM-dd dddd", Invariant, "0001-01-01 Monday"},
	}
	for _, tt := range tests {
		got, err := FormatDateTime(DateTimeValue{Ticks: tt.ticks, Kind: tt.kind, LocalOffset: 2 * TicksPerHour}, tt.format, tt.c)
		if err != nil || got != tt.want {
			t.Errorf("FormatDateTime(%q) = %q, %v; want %q", tt.format, got, err, tt.want)
		}
	}
	for _, bad := range []string{"Q", "'open", "ffffffff", "%", "\\", "%%"} {
		if _, err := FormatDateTime(DateTimeValue{Ticks: base}, bad, Invariant); err == nil {
			t.Errorf("FormatDateTime(%q) succeeded; want a FormatException", bad)
		}
	}
}

func mustTime(y, mo, d, h, mi, s int) time.Time {
	return time.Date(y, time.Month(mo), d, h, mi, s, 0, time.UTC)
}

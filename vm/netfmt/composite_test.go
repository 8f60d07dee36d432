package netfmt

import (
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseComposite(t *testing.T) {
	hole := func(i, a int, f string) Item { return Item{IsHole: true, Index: i, Align: a, Format: f} }
	text := func(s string) Item { return Item{Text: s} }
	cases := []struct {
		format string
		want   []Item
	}{
		{"", nil},
		{"abc", []Item{text("abc")}},
		{"{0}", []Item{hole(0, 0, "")}},
		{"x={0}, y={1}", []Item{text("x="), hole(0, 0, ""), text(", y="), hole(1, 0, "")}},
		{"{0,-5:N2}", []Item{hole(0, -5, "N2")}},
		{"{0,5}", []Item{hole(0, 5, "")}},
		{"{12 , -10 :X4}", []Item{hole(12, -10, "X4")}},
		{"{0:0.00}", []Item{hole(0, 0, "0.00")}},
		{"{0:hh\\:mm}", []Item{hole(0, 0, "hh\\:mm")}},
		{"{{literal}}", []Item{text("{literal}")}},
		{"{{{0}}}", []Item{text("{"), hole(0, 0, ""), text("}")}},
		{"a{{b}}c", []Item{text("a{b}c")}},
		{"{0:}", []Item{hole(0, 0, "")}},
	}
	for _, tc := range cases {
		got, err := ParseComposite(tc.format)
		if err != nil {
			t.Errorf("ParseComposite(%q): %v", tc.format, err)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("ParseComposite(%q) mismatch (-want +got):\n%s", tc.format, diff)
		}
	}
}

func TestParseCompositeErrors(t *testing.T) {
	const prefix = "Input string was not in a correct format. Failure to parse near offset "
	// The offsets and reasons follow .NET 8's AppendFormatHelper; unsure
	// whether every runtime version reports the offset this way.
	cases := []struct{ format, msg string }{
		{"{", prefix + "1. Format item ends prematurely."},
		{"{0", prefix + "2. Format item ends prematurely."},
		{"}", prefix + "1. Format item ends prematurely."},
		{"a}b", prefix + "2. Unexpected closing brace without a corresponding opening brace."},
		{"{x}", prefix + "1. Expected an ASCII digit."},
		{"{-1}", prefix + "1. Expected an ASCII digit."},
		{"{0,}", prefix + "3. Expected an ASCII digit."},
		{"{0,x}", prefix + "3. Expected an ASCII digit."},
		{"{0;}", prefix + "2. Format item ends prematurely."},
		{"{0:{}", prefix + "3. Format item ends prematurely."},
		{"{0:abc", prefix + "6. Format item ends prematurely."},
		{"{ 0}", prefix + "1. Expected an ASCII digit."},
	}
	for _, tc := range cases {
		_, err := ParseComposite(tc.format)
		if !isFormatErr(err, "FormatException", tc.msg) {
			t.Errorf("ParseComposite(%q) error = %v, want %q", tc.format, err, tc.msg)
		}
	}
}

func TestFormatComposite(t *testing.T) {
	args := []any{3.14159, -42, "hi"}
	arg := func(i int, f string) (string, error) {
		switch v := args[i].(type) {
		case float64:
			return FormatDouble(v, f, enUS)
		case int:
			return FormatInt(int64(v), f, enUS)
		case string:
			return v, nil
		}
		return "", nil
	}
	cases := []struct{ format, want string }{
		{"{0,-8:N2}|", "3.14    |"},
		{"{0,8:F3}|", "   3.142|"},
		{"[{1,5}] [{1,-5}]", "[  -42] [-42  ]"},
		{"{2}{2}{{{1:D4}}}", "hihi{-0042}"},
		{"{0:0.0}%", "3.1%"},
		{"{2,1}", "hi"},
	}
	for _, tc := range cases {
		got, err := FormatComposite(tc.format, len(args), arg)
		if err != nil || got != tc.want {
			t.Errorf("FormatComposite(%q) = %q, %v; want %q", tc.format, got, err, tc.want)
		}
	}
	if _, err := FormatComposite("{3}", len(args), arg); !isFormatErr(err, "FormatException", msgIndexOutOfRange) {
		t.Errorf("index out of range: %v", err)
	}
	// The out-of-range index is met before the later syntax error.
	if _, err := FormatComposite("{5} {", len(args), arg); !isFormatErr(err, "FormatException", msgIndexOutOfRange) {
		t.Errorf("error order: %v", err)
	}
	if _, err := FormatComposite("{0:Q}", len(args), arg); !isFormatErr(err, "FormatException", msgBadFormatSpecifier) {
		t.Errorf("bad item format: %v", err)
	}
}

func TestPad(t *testing.T) {
	cases := []struct {
		s     string
		align int
		want  string
	}{
		{"ab", 5, "   ab"},
		{"ab", -5, "ab   "},
		{"abcdef", 3, "abcdef"},
		{"abc", -3, "abc"},
		{"", 2, "  "},
		{"é", 3, "  é"},
		{"😀", 3, " 😀"}, // an astral character is two UTF-16 code units
		{"x", 0, "x"},
	}
	for _, tc := range cases {
		if got := Pad(tc.s, tc.align); got != tc.want {
			t.Errorf("Pad(%q, %d) = %q, want %q", tc.s, tc.align, got, tc.want)
		}
	}
}

func TestTimeSpan(t *testing.T) {
	const (
		ms  = TicksPerMillisecond
		sec = TicksPerSecond
		min = TicksPerMinute
		hr  = TicksPerHour
		day = TicksPerDay
	)
	cases := []struct {
		ticks  int64
		format string
		c      *Culture
		want   string
	}{
		{0, "", inv, "00:00:00"},
		{1500 * ms, "", inv, "00:00:01.5000000"},
		{day + 2*hr + 3*min + 4*sec, "", inv, "1.02:03:04"},
		{-sec, "", inv, "-00:00:01"},
		{-(day + 500*ms), "c", inv, "-1.00:00:00.5000000"},
		{1, "c", inv, "00:00:00.0000001"},
		{1500 * ms, "g", inv, "0:00:01.5"},
		{1500 * ms, "g", deDE, "0:00:01,5"},
		{day + 2*hr + 3*min + 4*sec, "g", inv, "1:2:03:04"},
		{-90 * sec, "g", inv, "-0:01:30"},
		{1500 * ms, "G", inv, "0:00:00:01.5000000"},
		{day + 2*hr, "G", inv, "1:02:00:00.0000000"},
		{5*min + 7*sec, `mm\:ss`, inv, "05:07"},
		{5*min + 7*sec, `m\:s`, inv, "5:7"},
		{-(5*min + 7*sec), `mm\:ss`, inv, "05:07"},
		{2*hr + 5*min, `hh\:mm`, inv, "02:05"},
		{3*day + 4*hr, `d\.hh`, inv, "3.04"},
		{3 * day, "dddd", inv, "0003"},
		{1234 * ms, `ss\.fff`, inv, "01.234"},
		{1234 * ms, `ss\.ff`, inv, "01.23"},
		{1200 * ms, `ss\.FFF`, inv, "01.2"},
		{1000 * ms, `ss\.FFF`, inv, "01."}, // unsure: the literal '.' stays when F prints nothing
		{65 * sec, `mm"m "ss"s"`, inv, "01m 05s"},
		{65 * sec, `mm'm'`, inv, "01m"},
		{7 * sec, "%s", inv, "7"},
		{5*min + 7*sec, `mm\:ss`, frFR, "05:07"},
	}
	for _, tc := range cases {
		got, err := FormatTimeSpan(tc.ticks, tc.format, tc.c)
		if err != nil || got != tc.want {
			t.Errorf("FormatTimeSpan(%d, %q) = %q, %v; want %q", tc.ticks, tc.format, got, err, tc.want)
		}
	}
	for _, f := range []string{"x", "mm:ss", "hhh", "fffffffff", "'open", `mm\`, "s", "ddddddddd", "%%"} {
		if _, err := FormatTimeSpan(sec, f, inv); !isFormatErr(err, "FormatException", msgInvalidString) {
			t.Errorf("FormatTimeSpan(%q) error = %v", f, err)
		}
	}
}

func TestLookupCulture(t *testing.T) {
	for _, name := range []string{"en-US", "EN-us", "en_us", "zh-CN", "de-DE", "fr-FR", "ja-JP", "en-GB"} {
		c, ok := LookupCulture(name)
		if !ok || c == nil {
			t.Errorf("LookupCulture(%q) failed", name)
		}
	}
	if c, ok := LookupCulture("EN-us"); !ok || c.Name != "en-US" {
		t.Errorf("LookupCulture(EN-us) name = %q", c.Name)
	}
	if c, ok := LookupCulture(""); !ok || c != Invariant {
		t.Errorf("LookupCulture(\"\") is not invariant")
	}
	if c, ok := LookupCulture("de"); !ok || c.Name != "de" || c.NumberDecimalSeparator != "," {
		t.Errorf("LookupCulture(de) = %+v", c)
	}
	if _, ok := LookupCulture("xx-YY"); ok {
		t.Errorf("LookupCulture(xx-YY) succeeded")
	}
	_, err := GetCulture("bogus")
	want := "Culture is not supported. (Parameter 'name')\nbogus is an invalid culture identifier."
	if !isFormatErr(err, "CultureNotFoundException", want) {
		t.Errorf("GetCulture(bogus) error = %v", err)
	}
}

func BenchmarkFormatInt(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_, _ = FormatInt(int64(i)*7919, "", enUS)
	}
}

func BenchmarkFormatIntN2(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_, _ = FormatInt(int64(i)*7919, "N2", enUS)
	}
}

func BenchmarkFormatDouble(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_, _ = FormatDouble(float64(i)/7, "", enUS)
	}
}

func BenchmarkFormatDoubleF2(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_, _ = FormatDouble(float64(i)/7, "F2", enUS)
	}
}

func TestFormatIntAllocs(t *testing.T) {
	// Only the result string may be allocated.
	allocs := testing.AllocsPerRun(100, func() {
		_, _ = FormatInt(123456789, "", enUS)
		_, _ = FormatInt(-123456789, "D12", enUS)
	})
	if allocs > 2 {
		t.Errorf("FormatInt allocates %v times per two calls, want <= 2", allocs)
	}
	allocs = testing.AllocsPerRun(100, func() {
		_, _ = FormatDouble(1.0/3, "", enUS)
	})
	if allocs > 1 {
		t.Errorf("FormatDouble allocates %v times, want <= 1", allocs)
	}
	_ = strconv.Itoa
}

package netfmt

import (
	"math"
	"strings"
	"testing"
)

// Expected strings are what .NET 8 prints on Linux (ICU). Cases whose exact
// .NET output is not certain are marked "unsure" with the reason.

type intCase struct {
	v      int64
	format string
	c      *Culture
	want   string
}

var (
	inv  = Invariant
	enUS = cultureEnUS
	deDE = cultureDeDE
	frFR = cultureFrFR
	jaJP = cultureJaJP
	enGB = cultureEnGB
	zhCN = cultureZhCN
	enIN = cultureEnIN
)

var intCases = []intCase{
	{0, "", inv, "0"},
	{123, "", inv, "123"},
	{-123, "", inv, "-123"},
	{math.MaxInt64, "", inv, "9223372036854775807"},
	{math.MinInt64, "", inv, "-9223372036854775808"},
	{123, "G", inv, "123"},
	{123, "g", inv, "123"},
	{123, "G0", inv, "123"},
	{12345, "G3", inv, "1.23E+04"},
	{12345, "g3", inv, "1.23e+04"},
	{12355, "G3", inv, "1.24E+04"},
	{12345, "G5", inv, "12345"},
	{12345, "G10", inv, "12345"},
	{-12345, "G2", inv, "-1.2E+04"},
	{100, "G1", inv, "1E+02"},
	{123, "D", inv, "123"},
	{123, "D5", inv, "00123"},
	{-123, "D5", inv, "-00123"},
	{123, "D1", inv, "123"},
	{0, "D3", inv, "000"},
	{math.MinInt64, "D", inv, "-9223372036854775808"},
	{255, "X", inv, "FF"},
	{255, "x", inv, "ff"},
	{255, "X4", inv, "00FF"},
	{255, "x8", inv, "000000ff"},
	{-1, "X", inv, "FFFFFFFFFFFFFFFF"},
	{0, "X", inv, "0"},
	{0, "X2", inv, "00"},
	{3735928559, "X", inv, "DEADBEEF"},
	{5, "B", inv, "101"},
	{5, "B8", inv, "00000101"},
	{1234567, "N", inv, "1,234,567.00"},
	{1234567, "N0", inv, "1,234,567"},
	{-1234567, "N0", inv, "-1,234,567"},
	{1234567, "N1", deDE, "1.234.567,0"},
	{1234567, "N0", frFR, "1\u202f234\u202f567"},
	{123, "N2", inv, "123.00"},
	{1000, "N0", inv, "1,000"},
	{100, "N0", inv, "100"},
	{1234567, "N0", enIN, "12,34,567"},
	{123, "F", inv, "123.00"},
	{123, "F0", inv, "123"},
	{123, "F3", inv, "123.000"},
	{-123, "F1", inv, "-123.0"},
	{123, "F2", deDE, "123,00"},
	{12345, "E", inv, "1.234500E+004"},
	{12345, "e2", inv, "1.23e+004"},
	{12345, "E0", inv, "1E+004"},
	{-12345, "E2", inv, "-1.23E+004"},
	{0, "E2", inv, "0.00E+000"},
	{15, "E0", inv, "2E+001"},
	{5, "P", inv, "500.00 %"},
	{5, "P", enUS, "500.00%"},
	{-5, "P0", enUS, "-500%"},
	{-5, "P0", inv, "-500 %"},
	{5, "P1", deDE, "500,0 %"},
	{1234, "C", enUS, "$1,234.00"},
	{-1234, "C", enUS, "-$1,234.00"},
	{1234, "C0", enUS, "$1,234"},
	{1234, "C", inv, "¤1,234.00"},
	{-1234, "C", inv, "(¤1,234.00)"},
	{1234, "C", deDE, "1.234,00 €"},
	{-1234, "C", deDE, "-1.234,00 €"},
	{1234, "C", jaJP, "￥1,234"},
	{1234, "C", enGB, "£1,234.00"},
	{1234, "C", frFR, "1\u202f234,00 €"},
	// Custom formats.
	{5, "0000", inv, "0005"},
	{12345, "0000", inv, "12345"},
	{-5, "0000", inv, "-0005"},
	{1234567, "#,##0", inv, "1,234,567"},
	{1234567, "#,#", inv, "1,234,567"},
	{0, "#,#", inv, ""},
	{0, "#", inv, ""},
	{0, "0", inv, "0"},
	{1234567, "#,##0.00", deDE, "1.234.567,00"},
	{1234, "00:00", inv, "12:34"},
	{5, "00:00", inv, "00:05"},
	{1234567, "#,,", inv, "1"},
	{1234567890, "#,,,", inv, "1"},
	{1234567890, "#,##0,,", inv, "1,235"},
	{5, "#;(#)", inv, "5"},
	{-5, "#;(#)", inv, "(5)"},
	{0, "#;(#);zero", inv, "zero"},
	{0, "#;(#)", inv, ""},
	{-5, "#;;zero", inv, "-5"},
	{5, "'n='0", inv, "n=5"},
	{5, "\"x\"0\"y\"", inv, "x5y"},
	{5, "\\#0", inv, "#5"},
	{5, "0%", inv, "500%"},
	{5, "0‰", inv, "5000‰"},
	{12345, "0.###E+0", inv, "1.235E+4"},
	{12345, "0.0e0", inv, "1.2e4"},
	{12345, "00E+00", inv, "12E+03"},
	{12345, "0E-0", inv, "1E4"},
	{5, "0 abc", inv, "5 abc"},
	{-5, "Gx", inv, "-Gx"},
	{5, "X99", inv, strings.Repeat("0", 98) + "5"},
	{123, "#0.0#", inv, "123.0"},
	{-123, "#0.0#;minus #0.0#", inv, "minus 123.0"},
	{1, "0.00;-0.00;'zero'", inv, "1.00"},
	{-1, "+0;-0;0", inv, "-1"},
	{1, "+0;-0;0", inv, "+1"},
}

func TestFormatInt(t *testing.T) {
	for _, tc := range intCases {
		got, err := FormatInt(tc.v, tc.format, tc.c)
		if err != nil {
			t.Errorf("FormatInt(%d, %q, %q): error %v, want %q", tc.v, tc.format, tc.c.Name, err, tc.want)
			continue
		}
		if got != tc.want {
			t.Errorf("FormatInt(%d, %q, %q) = %q, want %q", tc.v, tc.format, tc.c.Name, got, tc.want)
		}
	}
}

func TestFormatIntBitsHex(t *testing.T) {
	cases := []struct {
		v      int64
		bits   int
		format string
		want   string
	}{
		{-1, 32, "X", "FFFFFFFF"},
		{-1, 16, "X", "FFFF"},
		{-1, 8, "x", "ff"},
		{-2, 32, "X", "FFFFFFFE"},
		{-1, 8, "B", "11111111"},
		{255, 32, "X", "FF"},
		{-1, 32, "D", "-1"},
	}
	for _, tc := range cases {
		got, err := FormatIntBits(tc.v, tc.bits, tc.format, nil)
		if err != nil || got != tc.want {
			t.Errorf("FormatIntBits(%d, %d, %q) = %q, %v; want %q", tc.v, tc.bits, tc.format, got, err, tc.want)
		}
	}
}

func TestFormatUint(t *testing.T) {
	cases := []struct {
		v      uint64
		format string
		want   string
	}{
		{math.MaxUint64, "", "18446744073709551615"},
		{math.MaxUint64, "X", "FFFFFFFFFFFFFFFF"},
		{math.MaxUint64, "N0", "18,446,744,073,709,551,615"},
		{42, "D4", "0042"},
		{42, "E1", "4.2E+001"},
	}
	for _, tc := range cases {
		got, err := FormatUint(tc.v, tc.format, nil)
		if err != nil || got != tc.want {
			t.Errorf("FormatUint(%d, %q) = %q, %v; want %q", tc.v, tc.format, got, err, tc.want)
		}
	}
}

func TestBadFormatSpecifier(t *testing.T) {
	// Standard formats that a type does not support throw FormatException.
	intBad := []string{"R", "r", "Z", "Q2", "K"}
	for _, f := range intBad {
		if _, err := FormatInt(1, f, nil); !isFormatErr(err, "FormatException", "Format specifier was invalid.") {
			t.Errorf("FormatInt(1, %q): err %v, want bad format specifier", f, err)
		}
	}
	dblBad := []string{"X", "x", "D", "D2", "B", "Z"}
	for _, f := range dblBad {
		if _, err := FormatDouble(1.5, f, nil); !isFormatErr(err, "FormatException", "Format specifier was invalid.") {
			t.Errorf("FormatDouble(1.5, %q): err %v, want bad format specifier", f, err)
		}
	}
	decBad := []string{"X", "D", "R"}
	d, _ := ParseDecimalLiteral("1.5")
	for _, f := range decBad {
		if _, err := FormatDecimal(d, f, nil); !isFormatErr(err, "FormatException", "Format specifier was invalid.") {
			t.Errorf("FormatDecimal(1.5m, %q): err %v, want bad format specifier", f, err)
		}
	}
	if _, err := FormatInt(1, "D1000000000", nil); err == nil {
		t.Errorf("FormatInt with a 10-digit precision succeeded")
	}
}

func isFormatErr(err error, typ, msg string) bool {
	fe, ok := err.(*FormatError)
	return ok && fe.Type == typ && fe.Msg == msg
}

type dblCase struct {
	v      float64
	format string
	c      *Culture
	want   string
}

var (
	oneThird   = 1.0 / 3
	pointThree = 0.1
	negZero    = math.Copysign(0, -1)
)

var dblCases = []dblCase{
	// Default ToString(): shortest round-trip digits, scientific when the
	// decimal exponent is >= 15 (beyond the digit count) or < -5.
	{1e15, "", inv, "1E+15"},
	{123456789012345.0, "", inv, "123456789012345"},
	{1234567890123456.0, "", inv, "1234567890123456"},
	{1e16, "", inv, "1E+16"},
	{12345678901234567890.0, "", inv, "1.2345678901234567E+19"},
	{0.0001, "", inv, "0.0001"},
	{0.00012345, "", inv, "0.00012345"},
	{0.00001, "", inv, "1E-05"},
	{0.000012345, "", inv, "1.2345E-05"},
	{oneThird, "", inv, "0.3333333333333333"},
	{pointThree + 0.2, "", inv, "0.30000000000000004"},
	{negZero, "", inv, "-0"},
	{0, "", inv, "0"},
	{1e20, "", inv, "1E+20"},
	{100, "", inv, "100"},
	{-100, "", inv, "-100"},
	{1.5, "", inv, "1.5"},
	{-1.5, "", inv, "-1.5"},
	{1.5, "", deDE, "1,5"},
	{1.5, "", frFR, "1,5"},
	{0.1, "", inv, "0.1"},
	{123.456, "", inv, "123.456"},
	{1e-7, "", inv, "1E-07"},
	{1.5e-7, "", deDE, "1,5E-07"},
	{1e100, "", inv, "1E+100"},
	{5e-324, "", inv, "5E-324"},
	{math.MaxFloat64, "", inv, "1.7976931348623157E+308"},
	{-math.MaxFloat64, "", inv, "-1.7976931348623157E+308"},
	{math.NaN(), "", inv, "NaN"},
	{math.Inf(1), "", inv, "Infinity"},
	{math.Inf(-1), "", inv, "-Infinity"},
	{math.Inf(1), "", enUS, "∞"},
	{math.Inf(-1), "", enUS, "-∞"},
	{math.NaN(), "", deDE, "NaN"},
	{math.Inf(1), "F2", enUS, "∞"},
	{math.NaN(), "0.00", inv, "NaN"},
	{9007199254740993, "", inv, "9007199254740992"},
	{2.0 / 3, "", inv, "0.6666666666666666"},
	{1e14, "", inv, "100000000000000"},
	{0.001, "", inv, "0.001"},
	// R and G are the same shortest text in .NET Core 3.0+.
	{oneThird, "R", inv, "0.3333333333333333"},
	{1e15, "R", inv, "1E+15"},
	{0.1, "G", inv, "0.1"},
	{0.1, "G0", inv, "0.1"},
	{1e15, "g", inv, "1e+15"},
	// G with precision.
	{123456.789, "G5", inv, "1.2346E+05"},
	{123456.789, "G6", inv, "123457"},
	{123.456, "G4", inv, "123.5"},
	{0.1, "G17", inv, "0.10000000000000001"},
	{0.1, "G20", inv, "0.10000000000000000555"},
	{oneThird, "G3", inv, "0.333"},
	{0.0001234, "G2", inv, "0.00012"},
	{0.00001234, "G2", inv, "1.2E-05"},
	{100, "G2", inv, "1E+02"},
	{-0.5, "G1", inv, "-0.5"},
	// F, N, E, P, C.
	{1234.5678, "F2", inv, "1234.57"},
	{1234.5678, "F", inv, "1234.57"},
	{1234.5678, "F0", inv, "1235"},
	{1234.5678, "F6", inv, "1234.567800"},
	{-1234.5678, "F1", inv, "-1234.6"},
	{1234.5678, "F2", deDE, "1234,57"},
	{0.1, "F20", inv, "0.10000000000000000555"},
	{1e20, "F0", inv, "100000000000000000000"},
	{1e-10, "F3", inv, "0.000"},
	{negZero, "F2", inv, "-0.00"},
	{-0.001, "F2", inv, "-0.00"},
	{0.006, "F2", inv, "0.01"},
	{0.004, "F2", inv, "0.00"},
	{0.125, "F2", inv, "0.12"}, // an exact tie rounds to even (Dragon4)
	{2.5, "F0", inv, "2"},
	{-0.125, "F2", inv, "-0.12"},
	{2.675, "F2", inv, "2.67"}, // not a tie: the double is 2.67499999...
	{0.375, "F2", inv, "0.38"}, // exact tie, half to even gives 8
	{3.5, "F0", inv, "4"},      // exact tie, half to even
	{0.5, "F0", inv, "0"},      // an exact tie rounds to even, like 0.125 F2
	{1.005, "F2", inv, "1.00"}, // 1.005 is 1.00499999999999989...
	{2.675, "F2", inv, "2.67"}, // 2.67499999999999982...
	{1234567.891, "N", inv, "1,234,567.89"},
	{1234567.891, "N2", deDE, "1.234.567,89"},
	{1234567.891, "N2", frFR, "1\u202f234\u202f567,89"},
	{-1234567.891, "N0", enUS, "-1,234,568"},
	{0.5, "N0", inv, "0"}, // an exact tie rounds to even
	{999.999, "N2", inv, "1,000.00"},
	{1234.5678, "E", inv, "1.234568E+003"},
	{1234.5678, "E2", inv, "1.23E+003"},
	{1234.5678, "e4", inv, "1.2346e+003"},
	{0.000123, "E2", inv, "1.23E-004"},
	{-1234.5678, "E0", inv, "-1E+003"},
	{0, "E2", inv, "0.00E+000"},
	{1e300, "E3", inv, "1.000E+300"},
	{1234.5678, "E2", deDE, "1,23E+003"},
	{0.1234, "P", inv, "12.34 %"},
	{0.1234, "P", enUS, "12.34%"},
	{0.1234, "P1", enUS, "12.3%"},
	{0.1234, "P0", deDE, "12 %"},
	{-0.1234, "P2", enUS, "-12.34%"},
	{-0.1234, "P2", deDE, "-12,34 %"},
	{12.5, "P0", enUS, "1,250%"},
	{1234.567, "C", enUS, "$1,234.57"},
	{-1234.567, "C", enUS, "-$1,234.57"},
	{1234.567, "C", deDE, "1.234,57 €"},
	{1234.567, "C", jaJP, "￥1,235"},
	{1234.567, "C3", enGB, "£1,234.567"},
	{1234.567, "C", zhCN, "¥1,234.57"},
	// Custom formats use 15 significant digits for doubles.
	{1234.5678, "0.00", inv, "1234.57"},
	{1234.5678, "#,##0.0", inv, "1,234.6"},
	{1234.5678, "0000", inv, "1235"},
	{1.5, "0000", inv, "0002"},
	{0.5, "#.##", inv, ".5"},
	{1234.5678, "#.##", inv, "1234.57"},
	{0, "#.##", inv, ""},
	{0, "0.##", inv, "0"},
	{1.5, "0.##", inv, "1.5"},
	{1.0, "0.##", inv, "1"},
	{1.0, "0.00", inv, "1.00"},
	{1234.5678, "0.###E+0", inv, "1.235E+3"},
	{0.000123, "0.###E+0", inv, "1.23E-4"},
	{0.000123, "0.###E0", inv, "1.23E-4"},
	{1234.5678, "0.0e+00", inv, "1.2e+03"},
	{12.34, "00:00", inv, "00:12"},
	{2.5, "0", inv, "3"}, // custom formats round half away from zero
	{0.125, "0.00", inv, "0.13"},
	{-2.5, "0", inv, "-3"},
	{pointThree + 0.2, "0.00000000000000000", inv, "0.30000000000000000"},
	{1234.5678, "#,##0.00", deDE, "1.234,57"},
	{1234.5678, "#,##0.00", frFR, "1\u202f234,57"},
	{-1234.5, "#,##0.00;(#,##0.00)", inv, "(1,234.50)"},
	{0.0, "#,##0.00;(#,##0.00);-", inv, "-"},
	{0.001, "0.00;(0.00);zero", inv, "zero"},
	// .NET 11: a negative value rounding to zero falls back to the first
	// section without a sign when the format has a negative section.
	{-0.4, "0;(0)", inv, "0"},
	{-0.001, "+0.00;-0.00", inv, "+0.00"},
	{-0.001, "0.00", inv, "-0.00"},
	{-0.0, "0.0;(0.0)", inv, "0.0"},
	{0.25, "0%", inv, "25%"},
	{0.25, "0.0 %", deDE, "25,0 %"},
	{0.0125, "0.0‰", inv, "12.5‰"},
	{1234567.0, "#,##0,K", inv, "1,235K"},
	{1e20, "#,##0", inv, "100,000,000,000,000,000,000"},
	{-0.001, "0.00", inv, "-0.00"}, // unsure: negative zero after rounding keeps its sign (double only)
	{negZero, "0", inv, "-0"},      // unsure: as above
	{-0.4, "#", inv, ""},           // unsure: the deferred sign is dropped when nothing was written
	{0.1, "0.0000000000000000000", inv, "0.1000000000000000000"},
	{123.456, "'Value: '0.0", inv, "Value: 123.5"},
	{123.456, "0.0 'units'", inv, "123.5 units"},
	{5.0, "0.0;minus 0.0", inv, "5.0"},
	{-5.0, "0.0;minus 0.0", inv, "minus 5.0"},
}

func TestFormatDouble(t *testing.T) {
	for _, tc := range dblCases {
		got, err := FormatDouble(tc.v, tc.format, tc.c)
		if err != nil {
			t.Errorf("FormatDouble(%v, %q, %q): error %v, want %q", tc.v, tc.format, tc.c.Name, err, tc.want)
			continue
		}
		if got != tc.want {
			t.Errorf("FormatDouble(%v, %q, %q) = %q, want %q", tc.v, tc.format, tc.c.Name, got, tc.want)
		}
	}
}

func TestFormatFloat32(t *testing.T) {
	cases := []struct {
		v      float32
		format string
		want   string
	}{
		{0.1, "", "0.1"},
		{1.0 / 3, "", "0.33333334"},
		{1e7, "", "1E+07"},
		{1234567, "", "1234567"},
		{12345678, "", "12345678"},
		{16777217, "", "16777216"},
		{3.4028235e38, "", "3.4028235E+38"},
		{1e-5, "", "1E-05"},
		{0.0001, "", "0.0001"},
		{1.5, "F2", "1.50"},
		{0.1, "F10", "0.1000000015"},
		{0.1, "R", "0.1"},
		{0.1, "G9", "0.100000001"},
		{1234.5678, "0.000", "1234.568"},
		{float32(math.Inf(1)), "", "Infinity"},
		{-0.0, "", "0"}, // Go's -0.0 literal is +0
	}
	for _, tc := range cases {
		got, err := FormatFloat32(tc.v, tc.format, nil)
		if err != nil || got != tc.want {
			t.Errorf("FormatFloat32(%v, %q) = %q, %v; want %q", tc.v, tc.format, got, err, tc.want)
		}
	}
}

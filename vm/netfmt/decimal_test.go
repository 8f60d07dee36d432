package netfmt

import "testing"

func dec(t *testing.T, s string) Decimal {
	t.Helper()
	d, err := ParseDecimalLiteral(s)
	if err != nil {
		t.Fatalf("ParseDecimalLiteral(%q): %v", s, err)
	}
	return d
}

func TestFormatDecimal(t *testing.T) {
	cases := []struct {
		lit, format string
		c           *Culture
		want        string
	}{
		{"1.5", "", inv, "1.5"},
		{"1.50", "", inv, "1.50"},
		{"-1.50", "", inv, "-1.50"},
		{"0", "", inv, "0"},
		{"0.00", "", inv, "0.00"},
		{"-0.00", "", inv, "0.00"},
		{"100", "", inv, "100"},
		{"0.00001", "", inv, "0.00001"},
		{"123456789012345678901234567.8", "", inv, "123456789012345678901234567.8"},
		{"79228162514264337593543950335", "", inv, "79228162514264337593543950335"},
		{"0.0000000000000000000000000001", "", inv, "0.0000000000000000000000000001"},
		{"1.5", "", deDE, "1,5"},
		{"1.50", "G", inv, "1.50"},
		{"1.50", "G0", inv, "1.5"}, // unsure: G0 rounds to all digits, which drops trailing zeros
		{"1234.5678", "G5", inv, "1234.6"},
		{"123456", "G3", inv, "1.23E+05"},
		{"1234.5678", "F2", inv, "1234.57"},
		{"1234.565", "F2", inv, "1234.57"}, // decimal rounds half away from zero when formatting
		{"-1234.565", "F2", inv, "-1234.57"},
		{"2.5", "F0", inv, "3"},
		{"-0.001", "F2", inv, "0.00"},
		{"1234.5", "N", inv, "1,234.50"},
		{"1234.5", "N", deDE, "1.234,50"},
		{"1234.5", "C", enUS, "$1,234.50"},
		{"-1234.5", "C", enUS, "-$1,234.50"},
		{"0.125", "P", enUS, "12.50%"},
		{"0.125", "P0", inv, "13 %"},
		{"1234.5678", "E3", inv, "1.235E+003"},
		{"1234.5678", "0.00", inv, "1234.57"},
		{"1234.5678", "#,##0.0", inv, "1,234.6"},
		{"0.5", "#.##", inv, ".5"},
		{"-0.001", "0.00", inv, "0.00"},
		{"12.345", "0.##", inv, "12.35"},
	}
	for _, tc := range cases {
		got, err := FormatDecimal(dec(t, tc.lit), tc.format, tc.c)
		if err != nil || got != tc.want {
			t.Errorf("FormatDecimal(%sm, %q, %q) = %q, %v; want %q", tc.lit, tc.format, tc.c.Name, got, err, tc.want)
		}
	}
}

func TestDecimalArithmetic(t *testing.T) {
	type op func(a, b Decimal) (Decimal, error)
	add := func(a, b Decimal) (Decimal, error) { return a.Add(b) }
	sub := func(a, b Decimal) (Decimal, error) { return a.Sub(b) }
	mul := func(a, b Decimal) (Decimal, error) { return a.Mul(b) }
	div := func(a, b Decimal) (Decimal, error) { return a.Div(b) }
	rem := func(a, b Decimal) (Decimal, error) { return a.Rem(b) }
	cases := []struct {
		name string
		f    op
		a, b string
		want string
	}{
		{"add", add, "1.5", "2.25", "3.75"},
		{"add", add, "1.50", "1.5", "3.00"},
		{"add", add, "0.1", "0.2", "0.3"},
		{"sub", sub, "1.5", "1.5", "0.0"},
		{"sub", sub, "1", "2.50", "-1.50"},
		{"mul", mul, "1.5", "2", "3.0"},
		{"mul", mul, "1.10", "1.10", "1.2100"},
		{"mul", mul, "-2.5", "4", "-10.0"},
		{"div", div, "1", "3", "0.3333333333333333333333333333"},
		{"div", div, "2", "3", "0.6666666666666666666666666667"},
		{"div", div, "10", "3", "3.3333333333333333333333333333"},
		{"div", div, "100", "3", "33.333333333333333333333333333"},
		{"div", div, "1", "2", "0.5"},
		{"div", div, "1.00", "2", "0.50"},
		{"div", div, "10", "2", "5"},
		{"div", div, "2.0", "1.0", "2"},
		{"div", div, "1", "8", "0.125"},
		{"div", div, "-7", "2", "-3.5"},
		{"rem", rem, "7.5", "2", "1.5"},
		{"rem", rem, "-7", "3", "-1"},
	}
	for _, tc := range cases {
		got, err := tc.f(dec(t, tc.a), dec(t, tc.b))
		if err != nil || got.String() != tc.want {
			t.Errorf("%s(%s, %s) = %s, %v; want %s", tc.name, tc.a, tc.b, got, err, tc.want)
		}
	}
	if _, err := dec(t, "1").Div(dec(t, "0")); !isFormatErr(err, "DivideByZeroException", "Attempted to divide by zero.") {
		t.Errorf("1m/0m: %v", err)
	}
	max := dec(t, "79228162514264337593543950335")
	if _, err := max.Add(dec(t, "1")); !isFormatErr(err, "OverflowException", "Value was either too large or too small for a Decimal.") {
		t.Errorf("decimal.MaxValue + 1: %v", err)
	}
	if dec(t, "1.5").Cmp(dec(t, "1.50")) != 0 || dec(t, "1.5").Cmp(dec(t, "2")) != -1 || dec(t, "-1").Cmp(dec(t, "-2")) != 1 {
		t.Errorf("Cmp is wrong")
	}
}

func TestDecimalConversions(t *testing.T) {
	cases := []struct {
		f    float64
		want string
	}{
		{0.1, "0.1"},
		{1.0 / 3, "0.333333333333333"},
		{100, "100"},
		{1.5, "1.5"},
		{-2.25, "-2.25"},
		{0, "0"},
		{1e20, "100000000000000000000"},
		{123456789.123456789, "123456789.123457"},
	}
	for _, tc := range cases {
		d, err := DecimalFromFloat64(tc.f)
		if err != nil || d.String() != tc.want {
			t.Errorf("DecimalFromFloat64(%v) = %s, %v; want %s", tc.f, d, err, tc.want)
		}
	}
	if _, err := DecimalFromFloat64(1e30); err == nil {
		t.Errorf("DecimalFromFloat64(1e30) succeeded")
	}
	if got := dec(t, "1.25").Float64(); got != 1.25 {
		t.Errorf("Float64 = %v", got)
	}
	if v, ok := dec(t, "-7.9").Truncate(); !ok || v != -7 {
		t.Errorf("Truncate(-7.9) = %v, %v", v, ok)
	}
	if got := DecimalFromInt64(-42).String(); got != "-42" {
		t.Errorf("DecimalFromInt64(-42) = %s", got)
	}
	if d, _ := NewDecimal(150, 2); d.String() != "1.50" {
		t.Errorf("NewDecimal(150, 2) = %s", d)
	}
	if d := dec(t, "1.5e-3"); d.String() != "0.0015" {
		t.Errorf("1.5e-3m = %s", d)
	}
	if d := dec(t, "0.12345678901234567890123456789"); d.String() != "0.1234567890123456789012345679" {
		t.Errorf("rounded literal = %s", d)
	}
}

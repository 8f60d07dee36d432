package netfmt

import (
	"math"
	"testing"
	"time"
)

func TestParseInt32(t *testing.T) {
	ok := []struct {
		s    string
		c    *Culture
		want int32
	}{
		{"0", inv, 0},
		{"123", inv, 123},
		{"-123", inv, -123},
		{"+123", inv, 123},
		{"  42  ", inv, 42},
		{"\t\n42\r\n", inv, 42},
		{"007", inv, 7},
		{"2147483647", inv, math.MaxInt32},
		{"-2147483648", inv, math.MinInt32},
		{"42\x00\x00", inv, 42},
		{"-0", inv, 0},
		{"-5", deDE, -5},
	}
	for _, tc := range ok {
		got, err := ParseInt32(tc.s, tc.c)
		if err != nil || got != tc.want {
			t.Errorf("ParseInt32(%q) = %d, %v; want %d", tc.s, got, err, tc.want)
		}
	}
	bad := []struct {
		s, typ, msg string
	}{
		{"abc", "FormatException", "The input string 'abc' was not in a correct format."},
		{"", "FormatException", "The input string '' was not in a correct format."},
		{" ", "FormatException", "The input string ' ' was not in a correct format."},
		{"-", "FormatException", "The input string '-' was not in a correct format."},
		{"1.5", "FormatException", "The input string '1.5' was not in a correct format."},
		{"1,000", "FormatException", "The input string '1,000' was not in a correct format."},
		{"1 2", "FormatException", "The input string '1 2' was not in a correct format."},
		{"--1", "FormatException", "The input string '--1' was not in a correct format."},
		{"0x10", "FormatException", "The input string '0x10' was not in a correct format."},
		{"2147483648", "OverflowException", "Value was either too large or too small for an Int32."},
		{"-2147483649", "OverflowException", "Value was either too large or too small for an Int32."},
		{"99999999999999999999999", "OverflowException", "Value was either too large or too small for an Int32."},
	}
	for _, tc := range bad {
		_, err := ParseInt32(tc.s, inv)
		if !isFormatErr(err, tc.typ, tc.msg) {
			t.Errorf("ParseInt32(%q) error = %v, want %s %q", tc.s, err, tc.typ, tc.msg)
		}
	}
}

func TestParseOtherIntegers(t *testing.T) {
	if v, err := ParseInt64("-9223372036854775808", nil); err != nil || v != math.MinInt64 {
		t.Errorf("ParseInt64(min) = %d, %v", v, err)
	}
	if _, err := ParseInt64("9223372036854775808", nil); !isFormatErr(err, "OverflowException", "Value was either too large or too small for an Int64.") {
		t.Errorf("ParseInt64 overflow: %v", err)
	}
	if v, err := ParseUInt64("18446744073709551615", nil); err != nil || v != math.MaxUint64 {
		t.Errorf("ParseUInt64(max) = %d, %v", v, err)
	}
	if _, err := ParseUInt32("-1", nil); !isFormatErr(err, "OverflowException", "Value was either too large or too small for a UInt32.") {
		t.Errorf("ParseUInt32(-1): %v", err)
	}
	if _, err := ParseByte("256", nil); !isFormatErr(err, "OverflowException", "Value was either too large or too small for an unsigned byte.") {
		t.Errorf("ParseByte(256): %v", err)
	}
	if v, err := ParseInt16("-32768", nil); err != nil || v != math.MinInt16 {
		t.Errorf("ParseInt16 = %d, %v", v, err)
	}
}

func TestParseDouble(t *testing.T) {
	cases := []struct {
		s    string
		c    *Culture
		want float64
	}{
		{"1.5", inv, 1.5},
		{"-1.5", inv, -1.5},
		{"  1.5  ", inv, 1.5},
		{"1,5", deDE, 1.5},
		{"1.234,5", deDE, 1234.5},
		{"1,234.5", inv, 1234.5},
		{"1e3", inv, 1000},
		{"1E+3", inv, 1000},
		{"1.5e-3", inv, 0.0015},
		{".5", inv, 0.5},
		{"5.", inv, 5},
		{"0.1", inv, 0.1},
		{"1e400", inv, math.Inf(1)},
		{"-1e400", inv, math.Inf(-1)},
		{"1e-400", inv, 0},
		{"Infinity", inv, math.Inf(1)},
		{"-Infinity", inv, math.Inf(-1)},
		{"infinity", inv, math.Inf(1)},
		{"∞", enUS, math.Inf(1)},
		{"-∞", enUS, math.Inf(-1)},
		{"+Infinity", inv, math.Inf(1)},
		{"123456789012345678901234567890", inv, 1.2345678901234568e29},
		{"0.30000000000000004", inv, 0.30000000000000004},
	}
	for _, tc := range cases {
		got, err := ParseDouble(tc.s, tc.c)
		if err != nil || got != tc.want {
			t.Errorf("ParseDouble(%q, %q) = %v, %v; want %v", tc.s, tc.c.Name, got, err, tc.want)
		}
	}
	for _, s := range []string{"NaN", "nan", "-NaN", "+NaN"} {
		if got, err := ParseDouble(s, inv); err != nil || !math.IsNaN(got) {
			t.Errorf("ParseDouble(%q) = %v, %v; want NaN", s, got, err)
		}
	}
	if got, _ := ParseDouble("-0", inv); !math.Signbit(got) {
		t.Errorf("ParseDouble(-0) lost the sign")
	}
	for _, s := range []string{"abc", "", ".", "1e", "1.5.5", "e5", "1,5", "1 5", ",5"} {
		c := inv
		if s == "1,5" {
			c = enUS
		}
		_, err := ParseDouble(s, c)
		want := "The input string '" + s + "' was not in a correct format."
		if s == "1,5" {
			if err != nil {
				t.Errorf("ParseDouble(%q, en-US) with a group separator failed: %v", s, err)
			}
			continue
		}
		if !isFormatErr(err, "FormatException", want) {
			t.Errorf("ParseDouble(%q) error = %v", s, err)
		}
	}
}

func TestParseDecimal(t *testing.T) {
	cases := []struct {
		s    string
		c    *Culture
		want string
	}{
		{"1.50", inv, "1.50"},
		{"-1.5", inv, "-1.5"},
		{" 1,234.5 ", inv, "1234.5"},
		{"1.234,5", deDE, "1234.5"},
		{"0.1234567890123456789012345678901", inv, "0.1234567890123456789012345679"},
	}
	for _, tc := range cases {
		d, err := ParseDecimal(tc.s, tc.c)
		if err != nil || d.String() != tc.want {
			t.Errorf("ParseDecimal(%q) = %s, %v; want %s", tc.s, d, err, tc.want)
		}
	}
	if _, err := ParseDecimal("1e5", inv); err == nil {
		t.Errorf("ParseDecimal accepted an exponent")
	}
	if _, err := ParseDecimal("79228162514264337593543950336", inv); !isFormatErr(err, "OverflowException", "Value was either too large or too small for a Decimal.") {
		t.Errorf("ParseDecimal overflow: %v", err)
	}
}

func TestParseBool(t *testing.T) {
	for s, want := range map[string]bool{"True": true, "true": true, "TRUE": true, " False ": false, "false\x00": false} {
		if got, err := ParseBool(s); err != nil || got != want {
			t.Errorf("ParseBool(%q) = %v, %v", s, got, err)
		}
	}
	for _, s := range []string{"x", "", "1", "yes", "Tru"} {
		_, err := ParseBool(s)
		if !isFormatErr(err, "FormatException", "String '"+s+"' was not recognized as a valid Boolean.") {
			t.Errorf("ParseBool(%q) error = %v", s, err)
		}
	}
	if FormatBool(true) != "True" || FormatBool(false) != "False" {
		t.Errorf("FormatBool")
	}
	if FormatChar('A') != "A" || FormatChar(0x00e9) != "é" {
		t.Errorf("FormatChar")
	}
}

func TestParseDateTimeMonthYear(t *testing.T) {
	for _, s := range []string{"8/2018", "2018-08", " 08/2018 "} {
		r, err := ParseDateTime(s, Invariant)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if want := TimeToTicks(time.Date(2018, 8, 1, 0, 0, 0, 0, time.UTC)); r.Ticks != want {
			t.Errorf("%q: ticks %d, want %d (2018-08-01)", s, r.Ticks, want)
		}
	}
}

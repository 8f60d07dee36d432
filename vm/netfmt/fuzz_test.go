package netfmt

import (
	"math"
	"testing"
)

// FuzzFormat checks that no format string, value or composite format makes
// the package panic, and that shortest double text round-trips.
func FuzzFormat(f *testing.F) {
	for _, s := range []string{"", "G", "N2", "0.00", "#,##0.0;(#);z", "0.###E+0", "'a", "\\", "E+", "%‰",
		"{0,-5:N2}", "{{", "}", "X99", "ss\\.FFF", ",,,.", "0,.0,"} {
		f.Add(s, int64(-1234567), 1234.5678)
	}
	f.Fuzz(func(t *testing.T, format string, i int64, d float64) {
		for _, c := range []*Culture{Invariant, cultureDeDE, cultureFrFR, cultureEnIN} {
			_, _ = FormatInt(i, format, c)
			_, _ = FormatUint(uint64(i), format, c)
			_, _ = FormatDouble(d, format, c)
			_, _ = FormatFloat32(float32(d), format, c)
			if dd, err := DecimalFromFloat64(d); err == nil {
				_, _ = FormatDecimal(dd, format, c)
			}
			_, _ = FormatTimeSpan(i, format, c)
			_, _ = ParseDouble(format, c)
			_, _ = ParseInt32(format, c)
			_, _ = ParseDecimal(format, c)
		}
		_, _ = ParseComposite(format)
		_, _ = ParseDecimalLiteral(format)
		if !math.IsNaN(d) && !math.IsInf(d, 0) {
			s, err := FormatDouble(d, "R", Invariant)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseDouble(s, Invariant)
			if err != nil || back != d {
				t.Fatalf("%v -> %q -> %v, %v", d, s, back, err)
			}
		}
	})
}

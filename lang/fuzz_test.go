package lang

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// FuzzParse checks that parsing never panics or hangs, that diagnostics are
// positioned inside the input, and that printing a clean parse reparses to
// the same text.
func FuzzParse(f *testing.F) {
	f.Add([]byte(kitchenSink))
	// The seeds are the repository's programs, the examples and the script
	// tests; testdata/fuzz/FuzzParse adds small hand-written inputs and the
	// crashers fuzzing found.
	examples, _ := filepath.Glob("../examples/*.async")
	scripts, _ := filepath.Glob("../tests/testdata/*/*.async")
	if len(examples) == 0 || len(scripts) == 0 {
		f.Fatal("no seed programs in ../examples or ../tests/testdata")
	}
	for _, name := range append(examples, scripts...) {
		if src, err := os.ReadFile(name); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		start := time.Now()
		file, diags := Parse("fuzz", src)
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("parse took %v", d)
		}
		for _, d := range diags {
			if d.Pos.Line < 1 || d.Pos.Col < 1 {
				t.Fatalf("bad position %v: %s", d.Pos, d.Msg)
			}
			if len(d.Msg) > 17 && d.Msg[:17] == "internal error: p" {
				t.Fatalf("parser panic: %s", d.Msg)
			}
			_ = FormatDiagnostic(d, src)
		}
		if len(diags) > 0 {
			return
		}
		out1 := Print(file)
		file2, diags2 := Parse("fuzz", []byte(out1))
		if len(diags2) > 0 {
			t.Fatalf("printed output does not parse: %v\n%s", diags2, out1)
		}
		if out2 := Print(file2); out2 != out1 {
			t.Fatalf("round trip differs:\n%s\n----\n%s", out1, out2)
		}
	})
}

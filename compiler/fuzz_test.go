package compiler_test

import (
	"strings"
	"testing"
	"time"

	"asyncvm/driver"
	"asyncvm/internal/seeds"
	"asyncvm/lang"
)

// FuzzCompile checks that parsing and compiling any input, in both execution
// models, never panics or hangs and positions every diagnostic. The seeds
// are the repository's programs (seeds.Add).
func FuzzCompile(f *testing.F) {
	f.Add([]byte("Console.WriteLine(1);"))
	seeds.Add(f, "..")
	f.Fuzz(func(t *testing.T, src []byte) {
		file, diags := lang.Parse("fuzz.async", src)
		if len(diags) > 0 {
			return
		}
		for _, mode := range []string{"rt", "sm"} {
			start := time.Now()
			prog, diags := driver.CompileFiles([]*lang.File{file}, map[string][]byte{"fuzz.async": src}, mode, false)
			if d := time.Since(start); d > 10*time.Second {
				t.Fatalf("%s: compile took %v", mode, d)
			}
			for _, d := range diags {
				if d.Pos.Line < 1 || d.Pos.Col < 1 {
					t.Fatalf("%s: bad position %v: %s", mode, d.Pos, d.Msg)
				}
				if strings.Contains(d.Msg, "internal error") {
					t.Fatalf("%s: %s", mode, d.Msg)
				}
			}
			if len(diags) == 0 && prog == nil {
				t.Fatalf("%s: no program and no diagnostics", mode)
			}
			// The parsed file is rewritten in place by the sm lowering, so
			// each mode compiles a fresh parse.
			file, _ = lang.Parse("fuzz.async", src)
		}
	})
}

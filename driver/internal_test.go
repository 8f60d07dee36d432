package driver

import (
	"bytes"
	"strings"
	"testing"
)

// TestCheckBothModes checks that check compiles in both models unless told
// one, and names the model of a diagnostic only one of them reports (here
// the sm lowering's refusal of a loop's pattern variable captured by a
// lambda and live across an await, which rt runs).
func TestCheckBothModes(t *testing.T) {
	src := []byte("class P {\n    static async Task Main() {\n        var fs = new List<Func<int>>();\n" +
		"        for (int i = 0; i < 3; i++) { if ((object)i is int x) { fs.Add(() => x); await Task.Yield(); x++; } }\n" +
		"        string s = 1;\n    }\n}\n")
	const smOnly = "p.async:2:5: sm: the variable 'x' is declared in a loop"
	const both = "p.async:5:20: error CS0029: Cannot implicitly convert type 'int' to 'string'"
	for _, c := range []struct {
		mode string
		want []string
	}{
		{"", []string{smOnly, "(--mode sm only)", both + "\n"}},
		{"rt", []string{both}},
		{"sm", []string{smOnly, both}},
	} {
		var stderr bytes.Buffer
		code := Check(Options{Filename: "p.async", Source: src, Mode: c.mode, Stderr: &stderr})
		if code != ExitCompile {
			t.Errorf("mode %q: exit %d", c.mode, code)
		}
		for _, w := range c.want {
			if !strings.Contains(stderr.String(), w) {
				t.Errorf("mode %q: stderr %q lacks %q", c.mode, stderr.String(), w)
			}
		}
		if c.mode == "rt" && strings.Contains(stderr.String(), smOnly) {
			t.Errorf("rt reports the sm lowering's diagnostic: %q", stderr.String())
		}
		if c.mode == "" && strings.Count(stderr.String(), "CS0029") != 1 {
			t.Errorf("a diagnostic both models report is printed once: %q", stderr.String())
		}
	}
}

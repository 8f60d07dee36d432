package lang

import (
	"strings"
	"testing"
)

// TestTupleSyntax parses tuple types, literals, deconstructions and
// positional patterns and checks that each prints back as it means.
func TestTupleSyntax(t *testing.T) {
	tests := []struct{ src, want string }{
		{`var t = (1, "a");`, `var t = (1, "a");`},
		{`(int Min, int Max) m = (Min: 1, Max: 2);`, `(int Min, int Max) m = (Min: 1, Max: 2);`},
		{`var (a, b) = t;`, `(var a, var b) = t;`},
		{`(int c, var d) = t;`, `(int c, var d) = t;`},
		{`(x, y) = (y, x);`, `(x, y) = (y, x);`},
		{`(_, var e) = t;`, `(_, var e) = t;`},
		{`var (f, (g, _)) = (1, (2, 3));`, `(var f, (var g, _)) = (1, (2, 3));`},
		{`foreach (var (k, v) in d) F(k);`, "foreach ((var k, var v) in d)\n    F(k);"},
		{`foreach ((int, int) p in l) F(p);`, "foreach ((int, int) p in l)\n    F(p);"},
		{`var s = t is (1, _) or var (x, _);`, `var s = t is (1, _) or (var x, _);`},
		{`List<(string, int)> l = new List<(string Name, int Age)>();`, `List<(string, int)> l = new List<(string Name, int Age)>();`},
		{`(int, int)? n = null;`, `(int, int)? n = null;`},
		{`var z = (1);`, `var z = 1;`},
		{`(int, int) F((int a, int b) p) => p;`, `(int, int) F((int a, int b) p) => p;`},
		{`(int, int, int, int, int, int, int, int) b = default;`, `(int, int, int, int, int, int, int, int) b = default;`},
	}
	for _, tt := range tests {
		f, diags := ParseScript("t", []byte(tt.src))
		if len(diags) > 0 {
			t.Errorf("%s: %v", tt.src, diags)
			continue
		}
		var got []string
		for _, s := range f.Stmts {
			got = append(got, Print(s))
		}
		if g := strings.Join(got, "\n"); g != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.src, g, tt.want)
		}
	}
}

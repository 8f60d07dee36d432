package driver

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// manySites is a program with more than 65,536 member sites (the 16-bit
// operand that indexes them): interface calls on receivers of two
// classes, in funcs methods of pairs calls each.
func manySites(funcs, pairs int) string {
	var sb strings.Builder
	sb.WriteString("interface I { int M(); }\nclass A : I { public int M() => 1; }\nclass B : I { public int M() => 2; }\nclass Program {\n")
	for f := 0; f < funcs; f++ {
		fmt.Fprintf(&sb, "    static int F%d(I a, I b) => 0", f)
		for p := 0; p < pairs; p++ {
			sb.WriteString(" + a.M() + b.M()")
		}
		sb.WriteString(";\n")
	}
	sb.WriteString("    static void Main() {\n        long t = 0;\n        I a = new A(), b = new B();\n")
	for f := 0; f < funcs; f++ {
		fmt.Fprintf(&sb, "        t += F%d(a, b);\n", f)
	}
	sb.WriteString("        Console.WriteLine(t);\n    }\n}\n")
	return sb.String()
}

// TestMoreSitesThanOperandHolds checks that a program with more call
// sites than a site index operand holds compiles and runs correctly in
// both models: past the limit, sites of one name share an inline cache.
func TestMoreSitesThanOperandHolds(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles 70,000 calls (several seconds of CPU)")
	}
	const funcs, pairs = 50, 700 // 70,000 sites of M
	src := []byte(manySites(funcs, pairs))
	for _, mode := range []string{"rt", "sm"} {
		opts := Options{Filename: "sites.async", Source: src, Mode: mode}
		prog, diags, _ := compile(opts)
		if len(diags) > 0 {
			t.Fatalf("%s: %v", mode, diags)
		}
		if len(prog.Sites) < 1<<16 {
			t.Fatalf("%s: %d sites; the test needs more than 65,536", mode, len(prog.Sites))
		}
		var stdout, stderr bytes.Buffer
		opts.Stdout, opts.Stderr = &stdout, &stderr
		if code := Exec(prog, opts); code != 0 {
			t.Fatalf("%s: exit %d: %s", mode, code, stderr.String())
		}
		if want := fmt.Sprint(funcs * pairs * 3); strings.TrimSpace(stdout.String()) != want {
			t.Errorf("%s: printed %q, want %s", mode, stdout.String(), want)
		}
	}
}

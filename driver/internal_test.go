package driver

import (
	"bytes"
	"strings"
	"testing"

	"asyncvm/lang"
)

// TestCompilerPanicIsInternalError checks that a Go panic while compiling
// (here raised by the sm rewrite) reaches the user as one positioned
// "internal error" diagnostic and exit status 70, from run and from check.
func TestCompilerPanicIsInternalError(t *testing.T) {
	saved := Lowering
	defer func() { Lowering = saved }()
	Lowering = func(files []*lang.File, mode string, at *lang.Pos, copied func(from, to any)) lang.Diagnostics {
		*at = lang.Pos{File: "p.async", Line: 2, Col: 5}
		panic("boom")
	}
	src := []byte("class P {\n    static void Main() { }\n}\n")
	for _, check := range []bool{false, true} {
		var stdout, stderr bytes.Buffer
		opts := Options{Filename: "p.async", Source: src, Stdout: &stdout, Stderr: &stderr}
		code := 0
		if check {
			code = Check(opts)
		} else {
			code = Run(opts)
		}
		if code != ExitInternal || !strings.HasPrefix(stderr.String(), "p.async:2:5: internal error: boom\n") {
			t.Errorf("check=%v: exit %d, stderr %q", check, code, stderr.String())
		}
	}
}

// TestCheckBothModes checks that check compiles in both models unless told
// one, and names the model of a diagnostic only one of them reports.
func TestCheckBothModes(t *testing.T) {
	saved := Lowering
	defer func() { Lowering = saved }()
	Lowering = func(files []*lang.File, mode string, at *lang.Pos, copied func(from, to any)) lang.Diagnostics {
		if mode == "sm" {
			return lang.Diagnostics{{Pos: lang.Pos{File: "p.async", Line: 2, Col: 5}, Msg: "sm says no"}}
		}
		return nil
	}
	src := []byte("class P {\n    static void Main() { int x = y; }\n}\n")
	for _, c := range []struct {
		mode string
		code int
		want []string
	}{
		{"", ExitCompile, []string{"p.async:2:5: sm says no (--mode sm only)", "The name 'y' does not exist"}},
		{"rt", ExitCompile, []string{"The name 'y' does not exist"}},
		{"sm", ExitCompile, []string{"p.async:2:5: sm says no\n"}},
	} {
		var stderr bytes.Buffer
		code := Check(Options{Filename: "p.async", Source: src, Mode: c.mode, Stderr: &stderr})
		if code != c.code {
			t.Errorf("mode %q: exit %d", c.mode, code)
		}
		for _, w := range c.want {
			if !strings.Contains(stderr.String(), w) {
				t.Errorf("mode %q: stderr %q lacks %q", c.mode, stderr.String(), w)
			}
		}
		if c.mode == "" && strings.Count(stderr.String(), "The name 'y' does not exist") != 1 {
			t.Errorf("a diagnostic both models report is printed once: %q", stderr.String())
		}
	}
}

package tests

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseExpectations checks the directive parser on a small inline script.
func TestParseExpectations(t *testing.T) {
	src := `// args: a  b
Console.WriteLine("x // y"); // expect: x // y
Console.WriteLine(); // expect: 
Console.WriteLine("s"); // expect[sm]: only sm
Console.WriteLine("r"); // expect[rt]: only rt
// exit early: an ordinary comment
// exit: 3
// expect runtime error: System.Exception: boom
// expect stderr: at Program
// stdin: hello
`
	exp, err := parseExpectations(src)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"x // y", "", "only sm"}, exp.wantStdout("sm")); diff != "" {
		t.Errorf("sm stdout (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"x // y", "", "only rt"}, exp.wantStdout("rt")); diff != "" {
		t.Errorf("rt stdout (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"a", "b"}, exp.args); diff != "" {
		t.Errorf("args (-want +got):\n%s", diff)
	}
	if exp.wantStatus() != 3 || exp.runtimeError != "System.Exception: boom" || exp.stdin != "hello\n" {
		t.Errorf("got status %d, runtime error %q, stdin %q", exp.wantStatus(), exp.runtimeError, exp.stdin)
	}
	if len(exp.stderr) != 1 || exp.stderr[0] != "at Program" {
		t.Errorf("stderr expectations %q", exp.stderr)
	}
}

// TestParseExpectationsRejects checks that malformed or empty scripts fail
// instead of passing vacuously.
func TestParseExpectationsRejects(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"empty", `Console.WriteLine("hi");`, "no expectations"},
		{"args only", "// args: x\nConsole.WriteLine(args[0]);", "no expectations"},
		{"bad exit", `// exit: three` + "\n// expect: x", "bad exit status"},
		{"bad regexp", `// expect error: (`, "bad regexp"},
		{"no colon", `// expect x`, "needs a colon"},
		{"nothing and lines", "// expect nothing\n// expect: x", "both"},
		{"error and output", "// expect error: x\n// expect: y", "cannot expect output"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseExpectations(tc.src)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got error %v, want one containing %q", err, tc.want)
			}
		})
	}
	if _, err := parseExpectations("// expect nothing\nint x = 1;"); err != nil {
		t.Errorf("// expect nothing: %v", err)
	}
}

// TestCheck checks that the comparison fails on every kind of mismatch.
func TestCheck(t *testing.T) {
	out, err := parseExpectations("// expect: a\n// expect[sm]: b\n")
	if err != nil {
		t.Fatal(err)
	}
	if p := out.check("sm", 0, "a\nb\n", ""); len(p) != 0 {
		t.Errorf("matching run reported %q", p)
	}
	if p := out.check("rt", 0, "a\n", ""); len(p) != 0 {
		t.Errorf("matching rt run reported %q", p)
	}
	if p := out.check("rt", 0, "a\nb\n", ""); len(p) != 1 {
		t.Errorf("extra line: got %q", p)
	}
	if p := out.check("sm", 1, "a\nb\n", ""); len(p) != 1 {
		t.Errorf("wrong status: got %q", p)
	}
	if p := out.check("sm", 2, "", "asyncvm: not implemented yet\n"); len(p) != 2 {
		t.Errorf("stub driver: got %q", p)
	}

	compile, err := parseExpectations("// expect error: :3:5: The name 'x' does not exist\n// expect error: ; expected")
	if err != nil {
		t.Fatal(err)
	}
	stderr := "f.async:3:5: The name 'x' does not exist in the current context\n  x;\n  ^\nf.async:4:1: error CS1002: ; expected\n"
	if p := compile.check("rt", 2, "", stderr); len(p) != 0 {
		t.Errorf("matching diagnostics reported %q", p)
	}
	if p := compile.check("rt", 2, "", "f.async:3:5: other\n"); len(p) != 2 {
		t.Errorf("wrong diagnostics: got %q", p)
	}

	crash, err := parseExpectations("// expect: before\n// expect runtime error: System.Exception: boom")
	if err != nil {
		t.Fatal(err)
	}
	if p := crash.check("sm", 1, "before\n", "Unhandled exception. System.Exception: boom\n   at Program.Main()\n"); len(p) != 0 {
		t.Errorf("matching crash reported %q", p)
	}
	if p := crash.check("sm", 1, "before\n", "System.Exception: boom\n"); len(p) != 1 {
		t.Errorf("missing prefix: got %q", p)
	}
}

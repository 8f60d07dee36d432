package sm

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"asyncvm/compiler"
	"asyncvm/internal/golden"
	"asyncvm/lang"
)

// TestGolden prints the lowered form of each program in testdata and
// compares it with the .golden file beside it (go test ./sm -update
// rewrites them).
func TestGolden(t *testing.T) {
	golden.Check(t, "testdata/*.async", func(path string, src []byte) (string, error) {
		f, diags := lang.Parse(filepath.Base(path), src)
		if len(diags) == 0 {
			b := compiler.Bind([]*lang.File{f})
			diags = append(b.Diags, Lower(b.Files, b.Info, "sm")...)
		}
		if len(diags) > 0 {
			return "", fmt.Errorf("%v", diags)
		}
		text, _ := Print(f, "")
		return text, nil
	})
}

// lowerSource parses, binds and lowers src in mode sm.
func lowerSource(t *testing.T, src string) *lowering {
	t.Helper()
	f, diags := lang.Parse("t.async", []byte(src))
	if len(diags) > 0 {
		t.Fatalf("parse: %v", diags)
	}
	b := compiler.Bind([]*lang.File{f})
	if len(b.Diags) > 0 {
		t.Fatalf("bind: %v", b.Diags)
	}
	return lowerFiles(&lowering{}, b.Files, b.Info, "sm")
}

// TestLowerPanicIsInternalError checks that a Go panic while lowering
// (here on a syntax tree the parser never produces: a missing parameter)
// becomes one "internal error" diagnostic at the function being lowered.
func TestLowerPanicIsInternalError(t *testing.T) {
	f, diags := lang.Parse("p.async", []byte("class P {\n    static async Task M() { await Task.Yield(); }\n}\n"))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	b := compiler.Bind([]*lang.File{f})
	lang.Inspect(f, func(n lang.Node) bool {
		if m, ok := n.(*lang.MethodDecl); ok {
			m.Params = []*lang.Param{nil}
			return false
		}
		return true
	})
	got := Lower(b.Files, b.Info, "sm")
	if len(got) != 1 || got[0].Pos.Line != 2 || !compiler.IsInternal(got) {
		t.Errorf("want one internal error on line 2, got %v", got)
	}
}

// fields lowers a class with one async method M and returns the names of
// the state machine's fields other than state and builder.
func fields(t *testing.T, body string) []string {
	t.Helper()
	l := lowerSource(t, "class C { int f; async Task<int> M(int p, int q) {"+body+"} }")
	if len(l.diags) > 0 {
		t.Fatalf("lower: %v", l.diags)
	}
	if len(l.items) != 1 || l.items[0].Machine == nil {
		t.Fatalf("want one state machine, got %d items", len(l.items))
	}
	var names []string
	for _, m := range l.items[0].Machine.Members {
		if fd, ok := m.(*lang.FieldDecl); ok {
			for _, d := range fd.Decls {
				if d.Name != stateField && d.Name != builderField && !strings.HasPrefix(d.Name, "<>u__") {
					names = append(names, d.Name)
				}
			}
		}
	}
	sort.Strings(names)
	return names
}

// TestHoisting checks which variables become fields: only locals live
// across an await, parameters that are used, and this when used.
func TestHoisting(t *testing.T) {
	tests := []struct {
		name, body string
		want       []string
	}{
		{"dead before await", "int a = 1; Console.WriteLine(a); await Task.Yield(); return 0;", nil},
		{"live across await", "int a = 1; await Task.Yield(); return a;", []string{"<a>5__1"}},
		{"written after await", "int a; await Task.Yield(); a = 2; return a;", nil},
		{"used parameter", "await Task.Yield(); return p;", []string{"p"}},
		{"this through a field", "await Task.Yield(); return f;", []string{"<>4__this"}},
		{"loop carried", "int s = 0; for (int i = 0; i < 3; i++) { await Task.Yield(); s += i; } return s;", []string{"<i>5__2", "<s>5__1"}},
		{"only read before the loop's await", "int s = 0; while (s < 3) { s++; await Task.Yield(); } return 0;", []string{"<s>5__1"}},
		{"spilled operand", "return p + await Task.FromResult(1);", []string{"<>7__wrap1", "p"}},
		{"catch block reads", "int a = 1; try { await Task.Yield(); } catch { return a; } return 0;", []string{"<a>5__1"}},
		{"after the last await", "await Task.Yield(); int b = 2; return b;", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, fields(t, tc.body)); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
}

// TestLoopCapturedAcrossAwaitRejected checks that a variable declared in a
// loop, captured by a lambda and live across an await is reported instead of
// being lowered into one field shared by every iteration's lambda, while the
// same variable not live across an await is accepted.
func TestLoopCapturedAcrossAwaitRejected(t *testing.T) {
	lower := func(body string) lang.Diagnostics {
		return lowerSource(t, "class C { async Task M() { var fs = new List<Func<int>>();"+body+"} }").diags
	}
	bad := lower("for (int i = 0; i < 3; i++) { int x = i; fs.Add(() => x); await Task.Yield(); x++; }")
	if len(bad) != 1 || !strings.Contains(bad[0].Msg, "'x' is declared in a loop, captured by a lambda and used across an await") {
		t.Errorf("want one diagnostic about x, got %v", bad)
	}
	if ok := lower("for (int i = 0; i < 3; i++) { int x = i; fs.Add(() => x); } await Task.Yield();"); len(ok) != 0 {
		t.Errorf("want no diagnostic, got %v", ok)
	}
}

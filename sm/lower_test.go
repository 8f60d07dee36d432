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
	l := lowerFiles(&lowering{}, b.Files, b.Info, "sm")
	// Keep the test program's items: the prelude has async methods too.
	var mine []*Item
	for _, it := range l.items {
		if it.Owner != nil && it.Owner.Pos.File == "t.async" {
			mine = append(mine, it)
		}
	}
	l.items = mine
	return l
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

// TestLoopCapturedAcrossAwait checks the variables declared in a loop,
// captured by a lambda and live across an await: a plain local gets a cell
// per iteration (cells.go), and its lambda reads the cell through a copy;
// a pattern variable, which loopCells does not cover, is reported instead
// of being lowered into one field shared by every iteration's lambda; the
// same variables not live across an await are accepted as they are.
func TestLoopCapturedAcrossAwait(t *testing.T) {
	lower := func(body string) *lowering {
		return lowerSource(t, "class C { async Task M(object o) { var fs = new List<Func<int>>();"+body+"} }")
	}
	l := lower("for (int i = 0; i < 3; i++) { int x = i; fs.Add(() => x); await Task.Yield(); x++; }")
	if len(l.diags) != 0 {
		t.Fatalf("a plain local: want no diagnostic, got %v", l.diags)
	}
	var cellDecl, lambdaCopy bool
	for _, it := range l.items {
		lang.Inspect(it.Machine, func(n lang.Node) bool {
			switch n := n.(type) {
			case *lang.Ident:
				// The cell is hoisted: a field named after it.
				cellDecl = cellDecl || strings.Contains(n.Name, "<x>cell")
			case *lang.LambdaExpr:
				lang.Inspect(n, func(m lang.Node) bool {
					if id, ok := m.(*lang.Ident); ok && strings.HasPrefix(id.Name, "<x>c") && !strings.HasPrefix(id.Name, "<x>cell") {
						lambdaCopy = true
					}
					return true
				})
			}
			return true
		})
	}
	if !cellDecl || !lambdaCopy {
		t.Errorf("want x's cell hoisted and the lambda reading its copy: cell %v, copy %v", cellDecl, lambdaCopy)
	}
	bad := lower("for (int i = 0; i < 3; i++) { if (o is int x) { fs.Add(() => x); await Task.Yield(); x++; } }").diags
	if len(bad) != 1 || !strings.Contains(bad[0].Msg, "'x' is declared in a loop, captured by a lambda and used across an await") {
		t.Errorf("a pattern variable: want one diagnostic about x, got %v", bad)
	}
	for _, body := range []string{
		"for (int i = 0; i < 3; i++) { int x = i; fs.Add(() => x); } await Task.Yield();",
		"for (int i = 0; i < 3; i++) { if (o is int x) fs.Add(() => x); } await Task.Yield();",
	} {
		if ok := lower(body).diags; len(ok) != 0 {
			t.Errorf("%s: want no diagnostic, got %v", body, ok)
		}
	}
}

// TestLoweredCodeIsTyped checks that the lowering records the types of
// what it synthesises: the GetResult call standing for an await has the
// await's type, IsCompleted is bool, spill temporaries have their operand's
// type, the state and its copy are int, and fields are declared with the
// binder's types.
func TestLoweredCodeIsTyped(t *testing.T) {
	l := lowerSource(t, `class C {
		static async Task<int> N(int n) { await Task.Yield(); return n; }
		static async Task<string> S() { await Task.Yield(); return "s"; }
		static async Task<int> M(int p) {
			var total = await N(p);
			var name = await S();
			total += await N(2);
			return total + name.Length;
		}
	}`)
	var m *Item
	for _, it := range l.items {
		if it.Name == "M" {
			m = it
		}
	}
	if m == nil || m.Machine == nil {
		t.Fatal("M was not lowered to a state machine")
	}
	fields := map[string]string{}
	var moveNext *lang.MethodDecl
	for _, mem := range m.Machine.Members {
		switch mem := mem.(type) {
		case *lang.FieldDecl:
			fields[mem.Decls[0].Name] = mem.Type.String()
		case *lang.MethodDecl:
			if mem.Name == "MoveNext" {
				moveNext = mem
			}
		}
	}
	want := map[string]string{"<>1__state": "int", "<>t__builder": "AsyncTaskMethodBuilder<int>", "p": "int",
		"<total>5__1": "int", "<name>5__2": "string", "<>7__wrap3": "int",
		"<>u__1": "TaskAwaiter<int>", "<>u__2": "TaskAwaiter<string>"}
	if diff := cmp.Diff(want, fields); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
	results := map[string]int{}
	lang.Inspect(moveNext, func(n lang.Node) bool {
		switch n := n.(type) {
		case *lang.CallExpr:
			if mx, ok := n.Fun.(*lang.MemberExpr); ok && mx.Name == "GetResult" {
				results[l.info.Types[n].String()]++
			}
			if mx, ok := n.Fun.(*lang.MemberExpr); ok && mx.Name == "IsCompleted" {
				if ty := l.info.Types[n]; ty == nil || ty.String() != "bool" {
					t.Errorf("IsCompleted at %v has type %v", n.Pos, ty)
				}
			}
		case *lang.Ident:
			if n.Name == "num" || n.Name == stateField {
				if ty := l.info.Types[n]; ty == nil || ty.String() != "int" {
					t.Errorf("%s at %v has type %v", n.Name, n.Pos, ty)
				}
			}
		case *lang.Declarator:
			if strings.HasPrefix(n.Name, "<>s__") && l.info.Locals[n] == nil {
				t.Errorf("spill temporary %s has no type", n.Name)
			}
		}
		return true
	})
	if diff := cmp.Diff(map[string]int{"int": 2, "string": 1}, results); diff != "" {
		t.Errorf("GetResult types (-want +got):\n%s", diff)
	}
}

package lang

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// roundTrip checks Parse(Print(Parse(src))) prints identically.
func roundTrip(t *testing.T, name string, src []byte) {
	t.Helper()
	f, diags := Parse(name, src)
	if len(diags) > 0 {
		t.Errorf("%s: %v", name, diags)
		return
	}
	out1 := Print(f)
	f2, diags := Parse(name, []byte(out1))
	if len(diags) > 0 {
		t.Errorf("%s: reparse: %v\n%s", name, diags, out1)
		return
	}
	if out2 := Print(f2); out1 != out2 {
		t.Errorf("%s: round trip differs:\n%s\n----\n%s", name, out1, out2)
	}
}

func TestRoundTripExamples(t *testing.T) {
	files, _ := filepath.Glob("../examples/*.async")
	if len(files) == 0 {
		t.Fatal("no programs in ../examples")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		roundTrip(t, filepath.Base(f), src)
	}
}

const kitchenSink = `using System;
using static System.Math;
using Tasks = System.Threading.Tasks;

int total = 0, other;
const int N = 3;
var list = new List<int> { 1, 2, 3 };
var dict = new Dictionary<string, int> { ["a"] = 1, ["c"] = 3 };
var dict2 = new Dictionary<string, int> { { "b", 2 } };
var h = new H { Value = "A", Items = { 1 } };
int[] arr = new int[N];
int[][] jag = new int[2][];
var arr2 = new[] { 1, 2 };
string[] names = ["a", "b"];
foreach (var x in list) total += x;
for (int i = 0, j = 1; i < N; i++, j--) { continue; }
for (;;) break;
while (total > 0) total--;
do { total++; } while (total < 10);
if (total is > 5 and < 100 or 0) Console.WriteLine("x"); else if (total is not null) { } else ;
switch (total)
{
    case 1:
    case int n when n > 3:
        break;
    case string { Length: 3 } s:
        goto case 1;
    case null:
        goto default;
    default:
        throw new InvalidOperationException("bad");
}
try { await Task.Delay(1); }
catch (InvalidOperationException e) when (e.Message != "") { throw; }
catch (Exception) { }
catch { }
finally { Console.WriteLine(1); }
using (var r = new Res()) { }
using (r) { }
using var q = new Res();
lock (list) { total = 0; }
checked { total++; unchecked { total = unchecked(total * 2) >>> 1; } }
label: total++;
goto label;
Interlocked.Increment(ref total);
if (int.TryParse("1", out var parsed) && dict.TryGetValue("a", out int v2)) { }
F(out _);
var s = total switch { < 0 => "neg", 0 => "zero", int k when k > 9 => "big", _ => "pos" };
var lam = async (int a, string b) => { await Task.Yield(); return a; };
Func<int, int> sq = x => x * x;
var c = (object)total as string ?? throw new ArgumentNullException(nameof(total));
total = checked1 ? +1 : -1;
obj?.Method()?.Other?[0]!.Value ??= "x";
Console.WriteLine($"{total,-8:N2} and {s}");
static int Add(int a, int b = 2) => a + b;
async Task<T> Gen<T>(T x) where T : class { return default; }
void Local() { }

namespace Demo
{
    [Serializable]
    public abstract class Base<T>(int seed) : Exception, IDisposable where T : new()
    {
        private static readonly AsyncLocal<string?> Name = new();
        public const int K = 1, L = 2;
        public int Prop { get; set; } = 5;
        public int RO { get; }
        public string Init { get; init; }
        public int Expr => seed * 2;
        public int Full { get { return 1; } private set { seed = value; } }
        protected Base() : this(1) { }
        static Base() { }
        public Base(string m) : base(m) { }
        [Benchmark(Baseline = true), BenchmarkCategory("x")]
        public virtual async Task<int> RunAsync(CancellationToken ct = default) => await Task.FromResult(seed);
        public abstract void Abs(params object[] xs);
        public override string ToString() { return base.ToString(); }
        class Nested { }
        enum Color { Red, Green = 2, Blue, }
    }
    interface IThing { void Do(); int P { get; } }
}
`

func TestStatementsRoundTrip(t *testing.T) {
	roundTrip(t, "sink.async", []byte(kitchenSink))
	f, _ := Parse("sink.async", []byte(kitchenSink))
	kinds := map[string]bool{}
	Inspect(f, func(n Node) bool {
		if n != nil {
			kinds[strings.TrimPrefix(strings.Split(typeName(n), ".")[1], "")] = true
		}
		return true
	})
	for _, k := range []string{"LocalDeclStmt", "ForeachStmt", "ForStmt", "WhileStmt", "DoStmt", "IfStmt",
		"SwitchStmt", "GotoStmt", "ThrowStmt", "TryStmt", "UsingStmt", "UsingDeclStmt", "LockStmt",
		"LabeledStmt", "LocalFuncStmt", "EmptyStmt", "CheckedStmt", "CheckedExpr", "BreakStmt", "ContinueStmt", "ReturnStmt",
		"SwitchExpr", "LambdaExpr", "CastExpr", "AsExpr", "ThrowExpr", "NameOfExpr", "CondExpr",
		"DeclExpr", "NewArrayExpr", "CollectionExpr", "InterpolatedString", "PropertyPattern",
		"BinaryPattern", "RelationalPattern", "NotPattern", "TypePattern", "DiscardPattern",
		"CtorDecl", "PropertyDecl", "FieldDecl", "MethodDecl", "TypeDecl", "EnumMember", "Initializer"} {
		if !kinds[k] {
			t.Errorf("no %s in the kitchen sink", k)
		}
	}
	if len(f.Types) != 2 || f.Types[0].Namespace != "Demo" {
		t.Fatalf("types: %d", len(f.Types))
	}
	base := f.Types[0]
	if !base.Modifiers.Has(ModPublic|ModAbstract) || len(base.PrimaryParams) != 1 || len(base.Bases) != 2 {
		t.Errorf("base decl: %+v", base)
	}
}

func typeName(n Node) string {
	return strings.TrimPrefix(strings.TrimPrefix(sprintfType(n), "*"), "")
}

func TestDelegateAndEventDecls(t *testing.T) {
	src := `public delegate T Make<T>(string s, int n) where T : class;
class C
{
    public event EventHandler A, B = null;
    event Action E { add { } remove => x = value; }
    delegate void Nested();
}`
	f, diags := Parse("t", []byte(src))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	d := f.Types[0]
	if d.Kind != KindDelegate || d.Name != "Make" || len(d.TypeParams) != 1 || d.Invoke == nil ||
		d.Invoke.ReturnType.Name != "T" || len(d.Invoke.Params) != 2 || !d.Modifiers.Has(ModPublic) {
		t.Fatalf("delegate: %+v", d)
	}
	c := f.Types[1]
	fl, ok := c.Members[0].(*FieldDecl)
	if !ok || !fl.Event || len(fl.Decls) != 2 || fl.Decls[1].Init == nil {
		t.Errorf("field-like event: %+v", c.Members[0])
	}
	p, ok := c.Members[1].(*PropertyDecl)
	if !ok || !p.Event || len(p.Accessors) != 2 || p.Accessors[0].Kind != "add" || p.Accessors[1].Kind != "remove" {
		t.Errorf("event with accessors: %+v", c.Members[1])
	}
	if n, ok := c.Members[2].(*TypeDecl); !ok || n.Kind != KindDelegate || n.Invoke.ReturnType.Name != "void" {
		t.Errorf("nested delegate: %+v", c.Members[2])
	}
	got := Print(f)
	for _, want := range []string{"public delegate T Make<T>(string s, int n);", "public event EventHandler A, B = null;", "event Action E"} {
		if !strings.Contains(got, want) {
			t.Errorf("printed form lacks %q:\n%s", want, got)
		}
	}
}

func TestDiagnostics(t *testing.T) {
	tests := []struct{ src, want string }{
		{"Console.WriteLine(1)\nx();", "t:1:21: error CS1002: ; expected"},
		{"var s = \"abc;\n", "t:1:9: error CS1010: Newline in constant"},
		{"}", "t:1:1: error CS1022: Type or namespace definition, or end-of-file expected"},
		{"class C { event Action E { get; } }", "t:1:28: unexpected identifier 'get', expected 'add' or 'remove'"},
		{"delegate void D(int x)\nclass K { }", "t:1:23: error CS1002: ; expected"},
		{"class C { public static C operator &&(C a, C b) => a; }", "t:1:36: unexpected '&&'"},
		{"unsafe { }", "t:1:1: 'unsafe' is not supported"},
		{"int* p = null;", "t:1:4: pointer types are not supported"},
		{"var q = from x in xs where x > 1;", "t:1:33: error CS0742: A query body must end with a select clause or a group clause"},
		{"var q = from x in xs from x in ys select x;", "t:1:27: error CS1930: The range variable 'x' has already been declared"},
		{"var q = from x in xs select;", "t:1:28: error CS1525: unexpected ';', expected an expression"},
		{"IEnumerable<int> F() { yield return; }", "t:1:36: error CS1525: unexpected ';', expected an expression"},
		{"if (x) {", "t:1:9: error CS1513: } expected"},
		{"x = 1 +;", "t:1:8: error CS1525: unexpected ';', expected an expression"},
		{"var c = 'ab';", "t:1:9: error CS1012: too many characters in character literal"},
		{"/* open", "t:1:1: error CS1035: unterminated comment"},
		{"var x = 99999999999999999999;", "t:1:9: integral constant is too large"},
		{"class C { int this[int i] { get => i; } = 3; }", "t:1:15: error CS8050: Only auto-implemented properties can have initializers"},
		{"class C { int this[] => 1; }", "t:1:20: unexpected ']', expected a parameter type"},
	}
	for _, tt := range tests {
		_, diags := Parse("t", []byte(tt.src))
		if len(diags) == 0 {
			t.Errorf("%q: no diagnostic, want %s", tt.src, tt.want)
			continue
		}
		if got := diags[0].Error(); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestSeveralErrors(t *testing.T) {
	src := "int x = ;\nint y = 1\nFoo();\nclass C { void M() { a = ; } void N() { b = ; } }\n"
	_, diags := Parse("t", []byte(src))
	if len(diags) < 3 {
		t.Errorf("want several diagnostics, got %v", diags)
	}
}

func TestFormatDiagnostic(t *testing.T) {
	src := []byte("class C\n{\n\tint x = ;\n}\n")
	_, diags := Parse("f.async", src)
	if len(diags) == 0 {
		t.Fatal("no diagnostic")
	}
	got := FormatDiagnostic(diags[0], src)
	want := "f.async:3:10: error CS1525: unexpected ';', expected an expression\n\tint x = ;\n\t        ^\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestIncomplete(t *testing.T) {
	for _, src := range []string{"if (x) {", "Console.WriteLine(", "var s = \"abc", "class C {", "/* x", "var s = $\"{x"} {
		_, diags := ParseScript("r", []byte(src))
		if !IsIncomplete(diags) {
			t.Errorf("%q: not incomplete: %v", src, diags)
		}
	}
	for _, src := range []string{"x = ;", "}", "1 +* 2;"} {
		_, diags := ParseScript("r", []byte(src))
		if IsIncomplete(diags) || len(diags) == 0 {
			t.Errorf("%q: %v", src, diags)
		}
	}
	if _, diags := ParseScript("r", []byte("1 + 2")); len(diags) != 0 {
		t.Errorf("trailing expression: %v", diags)
	}
}

func TestDeepNesting(t *testing.T) {
	for i, src := range []string{
		"x = " + strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000) + ";",
		strings.Repeat("{", 100000),
		"x = " + strings.Repeat("-", 100000) + "1;",
		strings.Repeat("if (x) ", 100000) + ";",
		"x = " + strings.Repeat("a = ", 100000) + "1;",
		"List<" + strings.Repeat("List<", 100000) + "int" + strings.Repeat(">", 100001) + " x;",
	} {
		start := time.Now()
		_, diags := Parse("t", []byte(src))
		t.Logf("case %d: %v", i, time.Since(start))
		if len(diags) == 0 || !strings.Contains(diags.Error(), "nesting too deep") {
			t.Errorf("want nesting diagnostic, got %.200v", diags)
		}
	}
}

// TestDeepParensLinear parses closed nests of parentheses below the
// nesting limit: ten times as deep must cost about ten times as much, not
// a hundred (each '(' once asked the type parser for a tuple type across
// the whole nest in the cast and lambda guards: 990 levels took seconds).
// Cost is counted in allocations, which do not depend on the machine's
// load; BenchmarkDeepParens gives the times.
func TestDeepParensLinear(t *testing.T) {
	allocs := func(n int) float64 {
		src := []byte("x = " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + ";")
		if _, diags := ParseScript("t", src); len(diags) > 0 {
			t.Fatalf("%d levels: %v", n, diags)
		}
		return testing.AllocsPerRun(2, func() { ParseScript("t", src) })
	}
	allocs(10) // the grammar is built on first use
	shallow, deep := allocs(99), allocs(990)
	t.Logf("allocations: 99 levels %.0f, 990 levels %.0f", shallow, deep)
	if deep > 20*shallow {
		t.Errorf("990 levels allocated %.0f times as much as 99 levels", deep/shallow)
	}
}

// BenchmarkDeepParens times closed nests of 99 and 990 parentheses.
func BenchmarkDeepParens(b *testing.B) {
	for _, n := range []int{99, 990} {
		src := []byte("x = " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + ";")
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				ParseScript("t", src)
			}
		})
	}
}

func TestPositions(t *testing.T) {
	f, diags := Parse("p", []byte("class C\n{\n    void M() { Console.WriteLine(1 + 2); }\n}\n"))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	Inspect(f, func(n Node) bool {
		if n != nil && !n.Position().IsValid() {
			t.Errorf("%T has no position", n)
		}
		return true
	})
	m := f.Types[0].Members[0].(*MethodDecl)
	call := m.Body.Stmts[0].(*ExprStmt).X.(*CallExpr)
	if got := call.Pos.String(); got != "p:3:24" {
		t.Errorf("call pos %s", got)
	}
}

func TestPrintSynthesized(t *testing.T) {
	// Nodes built by the sm lowering carry no positions or raw text.
	sw := &SwitchStmt{X: &Ident{Name: "state"}, Sections: []*SwitchSection{{
		Labels: []*CaseLabel{{Pattern: &ConstPattern{X: &Literal{Kind: LitInt, Value: int64(0)}}}},
		Body:   []Stmt{&GotoStmt{Label: "L0"}},
	}}}
	cls := &TypeDecl{Kind: KindClass, Name: "M__SM", Modifiers: ModPrivate | ModSealed, Members: []Member{
		&FieldDecl{Modifiers: ModPublic, Type: &TypeRef{Name: "int"}, Decls: []*Declarator{{Name: "state", Init: &Literal{Kind: LitInt, Value: int64(-1)}}}},
		&MethodDecl{Modifiers: ModPublic, ReturnType: &TypeRef{Name: "void"}, Name: "MoveNext", Body: &BlockStmt{Stmts: []Stmt{
			sw,
			&LabeledStmt{Label: "L0", Stmt: &TryStmt{Body: &BlockStmt{}, Finally: &BlockStmt{}}},
			&ExprStmt{X: &AssignExpr{Op: "=", Left: &Ident{Name: "s"}, Right: &Literal{Kind: LitString, Value: "a\"b\n"}}},
		}}},
	}}
	got := Print(cls)
	want := `private sealed class M__SM
{
    public int state = -1;

    public void MoveNext()
    {
        switch (state)
        {
            case 0:
                goto L0;
        }
        L0:
        try
        {
        }
        finally
        {
        }
        s = "a\"b\n";
    }
}`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	f := &File{Types: []*TypeDecl{cls}}
	roundTrip(t, "synth", []byte(Print(f)))
}

func BenchmarkParse10k(b *testing.B) {
	src := []byte(strings.Repeat(kitchenSink[strings.Index(kitchenSink, "int total"):strings.Index(kitchenSink, "static int Add")], 10))
	src = []byte("void F() {\n" + string(src) + "}\n")
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, d := Parse("b", src); len(d) > 0 {
			b.Fatal(d)
		}
	}
}

func sprintfType(n Node) string { return fmt.Sprintf("%T", n) }

// TestVerbatimIdentifiersRoundTrip checks that a keyword used as an
// identifier (`@class`) is printed with its verbatim prefix, so the printed
// program parses back to the same tree.
func TestVerbatimIdentifiersRoundTrip(t *testing.T) {
	src := `class Ev { public int @in; public void @do(int @class) { var @for = @class + @in; foreach (var @if in new[] { 1 }) { } } }
static class P { static void Main() { var @new = new Ev { @in = 1 }; @new.@do(@class: 2); Func<int, int> f = @event => @event + int.Parse("1"); } }
`
	roundTrip(t, "verbatim", []byte(src))
	f, _ := Parse("verbatim", []byte(src))
	out := Print(f)
	for _, want := range []string{"int @in;", "void @do(int @class)", "var @for = @class + @in", "var @if in", "@new.@do(@class: 2)", "@event => @event + int.Parse", "@in = 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("printed program lacks %q:\n%s", want, out)
		}
	}
}

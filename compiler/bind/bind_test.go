package bind

import (
	"strings"
	"testing"

	"asyncvm/lang"
	_ "asyncvm/vm/lib" // the library registry, which says which members the VM implements
)

func bindSrc(t *testing.T, src string) (*Info, lang.Diagnostics, *lang.File) {
	t.Helper()
	f, ds := lang.Parse("t.cs", []byte(src))
	if len(ds) > 0 {
		t.Fatalf("parse: %v", ds)
	}
	info, diags := Bind(nil, []*lang.File{f})
	return info, diags, f
}

// exprOf finds the initializer of the local declared as name.
func exprOf(t *testing.T, f *lang.File, name string) lang.Expr {
	t.Helper()
	var found lang.Expr
	for _, s := range f.Stmts {
		lang.Inspect(s, func(n lang.Node) bool {
			if d, ok := n.(*lang.Declarator); ok && d.Name == name {
				found = d.Init
			}
			return true
		})
	}
	if found == nil {
		t.Fatalf("no local %s", name)
	}
	return found
}

func TestExpressionTypes(t *testing.T) {
	info, diags, f := bindSrc(t, `
var a = 1 + 2;
var b = 1L * 3;
var c = 2.5 + 1;
var d = "x" + 1;
uint u = 7;
var e = u + 1;
var g = u + (-1);
var h = new List<int>();
var i = h[0];
var j = h.Count;
var k = new Box<string>().Get();
var l = 'a' + 1;
var m = Math.Max(1, 2L);
byte bt = 1;
var n = bt + bt;
var o = "abc".Length > 2 ? "y" : null;
class Box<T> { public T Get() => default(T); }
`)
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	want := map[string]string{"a": "int", "b": "long", "c": "double", "d": "string", "e": "uint", "g": "long",
		"h": "List<int>", "i": "int", "j": "int", "k": "string", "l": "int", "m": "long", "n": "int", "o": "string"}
	for name, w := range want {
		if got := info.TypeOf(exprOf(t, f, name)).String(); got != w {
			t.Errorf("%s: type %s, want %s", name, got, w)
		}
	}
	if v := info.Consts[exprOf(t, f, "a")]; v != int64(3) {
		t.Errorf("1 + 2 folds to %v", v)
	}
}

func TestConstructedTypesAreInterned(t *testing.T) {
	info, _, f := bindSrc(t, "var x = new List<int>();\nvar y = new List<int>();\nvar z = new List<long>();\n")
	x, y, z := info.TypeOf(exprOf(t, f, "x")), info.TypeOf(exprOf(t, f, "y")), info.TypeOf(exprOf(t, f, "z"))
	if x != y || x == z || x.Def == nil || x.Def != z.Def {
		t.Errorf("List<int> %p %p, List<long> %p", x, y, z)
	}
}

func TestConversions(t *testing.T) {
	info, _, _ := bindSrc(t, "class Animal { } class Dog : Animal { } interface IRun { } class Cat : Animal, IRun { }")
	b := &binder{u: info.Universe, info: info}
	u := info.Universe
	animal, dog, cat, irun := u.lookup("Animal", 0), u.lookup("Dog", 0), u.lookup("Cat", 0), u.lookup("IRun", 0)
	sp := func(s SpecialType) *Type { return u.SpecialType(s) }
	for _, c := range []struct {
		from, to *Type
		want     bool
	}{
		{sp(Byte), sp(Int32), true}, {sp(Int32), sp(Byte), false}, {sp(Int32), sp(Int64), true},
		{sp(Int64), sp(Int32), false}, {sp(Char), sp(Int32), true}, {sp(Int32), sp(Char), false},
		{sp(UInt32), sp(Int64), true}, {sp(Int32), sp(UInt32), false}, {sp(Single), sp(Double), true},
		{sp(Int64), sp(Single), true}, {sp(Double), sp(Decimal), false}, {u.null, sp(String), true},
		{u.null, sp(Int32), false}, {u.null, u.NullableOf(sp(Int32)), true}, {sp(Int32), u.NullableOf(sp(Int64)), true},
		{dog, animal, true}, {animal, dog, false}, {cat, irun, true}, {dog, irun, false}, {dog, sp(Object), true},
		{u.ArrayOf(dog), u.ArrayOf(animal), true}, {u.ArrayOf(sp(Int32)), u.ArrayOf(sp(Object)), false},
	} {
		if got := b.implicitType(c.from, c.to); got != c.want {
			t.Errorf("implicit %s -> %s = %v, want %v", c.from, c.to, got, c.want)
		}
	}
}

func TestOverloadChoice(t *testing.T) {
	info, diags, f := bindSrc(t, `
var a = P.F("s");
var b = P.F(1);
var c = P.G((byte)1);
var d = P.H(1, 2, 3);
var e = P.H(1);
class P {
    public static int F(int x) => 1;
    public static string F(string s) => "";
    public static long G(long x) => 1;
    public static double G(double x) => 1;
    public static uint G(uint x) => 1;
    public static bool H(params int[] xs) => true;
    public static char H(int x) => 'c';
}
`)
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	want := map[string]string{"a": "P.F(string)", "b": "P.F(int)", "c": "P.G(uint)", "d": "P.H(params int[])", "e": "P.H(int)"}
	for name, w := range want {
		call := exprOf(t, f, name).(*lang.CallExpr)
		m := info.CallOf(call)
		if m == nil || m.Signature() != w {
			t.Errorf("%s: chose %v, want %s", name, m, w)
		}
	}
}

func TestDiagnosticsSortedWithCodes(t *testing.T) {
	_, diags, _ := bindSrc(t, `
int a = "s";
string b = 1;
var c = 1 / 0;
var d = 2147483647 * 2;
P.F(true);
P.F(1, 2, 3);
"x".Lenght.ToString();
class P { public static void F(int x) { } public static void F(string x) { } }
`)
	var codes []string
	for _, d := range diags {
		codes = append(codes, strings.Fields(d.Msg)[1])
	}
	got := strings.Join(codes, " ")
	if want := "CS0029: CS0029: CS0020: CS0220: CS1503: CS1501: CS1061:"; got != want {
		t.Errorf("codes %q, want %q\n%v", got, want, diags)
	}
}

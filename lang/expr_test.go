package lang

import (
	"strings"
	"testing"
)

func TestExprPrecedence(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a + b * c", "a + (b * c)"},
		{"a - b - c", "(a - b) - c"},
		{"a * b / c % d", "((a * b) / c) % d"},
		{"a = b = c", "a = (b = c)"},
		{"a += b ?? c", "a += (b ?? c)"},
		{"a ?? b ?? c", "a ?? (b ?? c)"},
		{"a || b && c | d ^ e & f == g < h << i + j * k", "a || (b && (c | (d ^ (e & (f == (g < (h << (i + (j * k)))))))))"},
		{"a < b == c > d", "(a < b) == (c > d)"},
		{"a ? b : c ? d : e", "a ? b : (c ? d : e)"},
		{"x >> 2 >> 1", "(x >> 2) >> 1"},
		{"x >>= 2", "x >>= 2"},
		{"x >>> 2 >> 1", "(x >>> 2) >> 1"},
		{"a >>> b + c", "a >>> (b + c)"},
		{"x >>>= 2", "x >>>= 2"},
		{"checked(a + b) * unchecked(c)", "checked((a + b)) * unchecked(c)"},
		{"-a * b", "(-a) * b"},
		{"!a.b()", "!a.b()"},
		{"a++ + ++b", "a++ + (++b)"},
		{"a is int && b", "(a is int) && b"},
		{"a as string ?? \"x\"", "(a as string) ?? \"x\""},
		{"await F() + 1", "(await F()) + 1"},
		{"x switch { 1 => \"a\", _ => \"b\" } + \"c\"", "(x switch\n{\n    1 => \"a\",\n    _ => \"b\",\n}) + \"c\""},
		{"a?.b?[0]", "a?.b?[0]"},
		{"x ?? throw new E()", "x ?? (throw new E())"},
		{"a & b == c", "a & (b == c)"},
	}
	for _, tt := range tests {
		e, diags := ParseExpr("t", []byte(tt.in))
		if len(diags) > 0 {
			t.Errorf("%q: %v", tt.in, diags)
			continue
		}
		if got := PrintFullParens(e); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

func TestGenericsAndCasts(t *testing.T) {
	tests := []struct{ in, want string }{
		{"F<T>(x)", "F<T>(x)"},
		{"a < b > c", "(a < b) > c"},
		{"a < b, c > d", ""},
		{"new List<int>()", "new List<int>()"},
		{"new Dictionary<string, List<int>>()", "new Dictionary<string, List<int>>()"},
		{"Task.FromResult<int>(1)", "Task.FromResult<int>(1)"},
		{"(T)x", "(T)x"},
		{"(a) - b", "a - b"},
		{"(int)-b", "(int)(-b)"},
		{"(a)(b)", "(a)b"},
		{"(object)null", "(object)null"},
		{"(List<int>)x", "(List<int>)x"},
		{"x is List<int> l", "x is List<int> l"},
		{"typeof(List<>)", "typeof(List<>)"},
		{"x >> y", "x >> y"},
		{"default(int)", "default(int)"},
		{"nameof(x.y)", "nameof(x.y)"},
		{"(string?)x", "(string?)x"},
		{"(int[])x", "(int[])x"},
	}
	for _, tt := range tests {
		e, diags := ParseExpr("t", []byte(tt.in))
		if tt.want == "" {
			if len(diags) == 0 {
				t.Errorf("%q: expected an error", tt.in)
			}
			continue
		}
		if len(diags) > 0 {
			t.Errorf("%q: %v", tt.in, diags)
			continue
		}
		if got := PrintFullParens(e); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

func TestLambdas(t *testing.T) {
	tests := []struct{ in, want string }{
		{"x => x + 1", "x => x + 1"},
		{"(a, b) => a * b", "(a, b) => a * b"},
		{"async () => await Task.Delay(1)", "async () => await Task.Delay(1)"},
		{"_ => 0", "_ => 0"},
		{"(int a, string b) => b", "(int a, string b) => b"},
		{"() => { return 1; }", "() => {\n    return 1;\n}"},
		{"F(x => x, y)", "F(x => x, y)"},
		{"async x => { await x; }", "async x => {\n    await x;\n}"},
	}
	for _, tt := range tests {
		e, diags := ParseExpr("t", []byte(tt.in))
		if len(diags) > 0 {
			t.Errorf("%q: %v", tt.in, diags)
			continue
		}
		if _, ok := e.(*LambdaExpr); !ok && !strings.HasPrefix(tt.in, "F(") {
			t.Errorf("%q: got %T", tt.in, e)
		}
		if got := Print(e); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

func TestLiterals(t *testing.T) {
	tests := []struct {
		in   string
		kind LitKind
		val  any
	}{
		{"1_000", LitInt, int64(1000)},
		{"0xFF", LitInt, int64(255)},
		{"0b101", LitInt, int64(5)},
		{"3000000000", LitUInt, uint64(3000000000)},
		{"10L", LitLong, int64(10)},
		{"1.5", LitDouble, 1.5},
		{"2f", LitFloat, 2.0},
		{"1.25m", LitDecimal, 1.25},
		{"1e3", LitDouble, 1000.0},
		{"3d", LitDouble, 3.0},
		{"'a'", LitChar, 'a'},
		{`'\n'`, LitChar, '\n'},
		{`'\u0041'`, LitChar, 'A'},
		{`"a\tb\"c"`, LitString, "a\tb\"c"},
		{`@"C:\x""y"`, LitString, `C:\x"y`},
		{"true", LitBool, true},
		{"null", LitNull, nil},
	}
	for _, tt := range tests {
		e, diags := ParseExpr("t", []byte(tt.in))
		if len(diags) > 0 {
			t.Errorf("%q: %v", tt.in, diags)
			continue
		}
		l, ok := e.(*Literal)
		if !ok || l.Kind != tt.kind || l.Value != tt.val {
			t.Errorf("%q: got %#v", tt.in, e)
		}
	}
}

func TestInterpolated(t *testing.T) {
	src := `$"a{x}b{y,8:N2}c{{d}}{(c ? 1 : 2)}{$"in{z}"}{d["k"]}"`
	e, diags := ParseExpr("t", []byte(src))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	s := e.(*InterpolatedString)
	if len(s.Parts) != 8 {
		t.Fatalf("parts: %d", len(s.Parts))
	}
	if s.Parts[3].Format != "N2" || s.Parts[3].Align == nil {
		t.Errorf("align/format: %#v", s.Parts[3])
	}
	if s.Parts[4].Text != "c{d}" {
		t.Errorf("text: %q", s.Parts[4].Text)
	}
	if got := Print(e); got != `$"a{x}b{y,8:N2}c{{d}}{(c ? 1 : 2)}{$"in{z}"}{d["k"]}"` {
		t.Errorf("print: %s", got)
	}
	// Positions inside holes are real source positions.
	if id := s.Parts[1].X.(*Ident); id.Pos.Col != 5 {
		t.Errorf("hole pos %v", id.Pos)
	}
	for _, v := range []string{`$@"a{x}""b"`, `@$"{x}"`} {
		if _, d := ParseExpr("t", []byte(v)); len(d) > 0 {
			t.Errorf("%s: %v", v, d)
		}
	}
}

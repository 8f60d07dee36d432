package repl

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// run feeds script to a session through the non-terminal path.
func run(t *testing.T, mode, script string) (string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	s := New(Options{Mode: mode, Stdout: &out, Stderr: &errb})
	s.RunScript(strings.NewReader(script))
	return out.String(), errb.String()
}

func TestScripts(t *testing.T) {
	tests := []struct {
		name, script, out string
		err               []string // substrings of stderr, in order; none means empty
	}{
		{"numeric types across inputs", `object o = (byte)7;
class Later { }
(byte)o + 1
(o is Later ? 100 : 0) + (o as string == null ? 10 : 0) + (byte)o
ulong.MaxValue
checked(int.MaxValue - 7 + (byte)o)
`, "8\n17\n18446744073709551615\n2147483647\n", nil},
		{"declarations persist", `var x = 20;
int Twice(int n) => 2 * n;
class Counter { public int N; public void Inc() => N++; }
var c = new Counter();
c.Inc();
c.Inc();
Twice(x) + c.N
`, "42\n", nil},
		{"captured locals across inputs", `var n = 1;
Func<int> get = () => n;
n = 5;
get()
int Bump() { n += 10; return n; }
Bump()
get()
{ int local = 2; Func<int> twice = () => local * 2; local = 7; Console.WriteLine(twice()); }
var fs = new List<Func<int>>();
foreach (var i in new[] { 1, 2 }) fs.Add(() => i * n);
fs[0]() + fs[1]()
Func<Task<int>> later = async () => { int k = n; await Task.Delay(1); Func<int> g = () => k + 1; return g(); };
await later()
`, "5\n15\n15\n14\n45\n16\n", nil},
		{"top-level await", `async Task<int> SlowAsync(int v) { await Task.Delay(5); return v + 1; }
var r = await SlowAsync(1);
r
await SlowAsync(r)
await Task.Delay(1)
var pending = SlowAsync(10);
await pending
`, "2\n3\n11\n", nil},
		{"value echo", `"abc"
'c'
null
true
1 + 2
1.5
new List<int> { 1, 2, 3 }
new int[] { 1, 2, 3 }
new Dictionary<string, int> { { "a", 1 } }
"tab\there"
Console.WriteLine("printed")
Console.WriteLine("no echo");
`, "\"abc\"\n'c'\nnull\ntrue\n3\n1.5\nList<int>(3) { 1, 2, 3 }\nint[3] { 1, 2, 3 }\nDictionary<string, int>(1) { { \"a\", 1 } }\n\"tab\\there\"\nprinted\nno echo\n", nil},
		{"multi-line", `class Point
{
    public int X, Y;
    public Point(int x, int y) { X = x; Y = y; }
    public override string ToString() => $"({X}, {Y})";
}
var p = new Point(1,
    2);
p
var s = @"two
lines";
s.Length
/* a comment
   over lines */ p.X
`, "[(1, 2)]\n9\n1\n", nil},
		{"error then correct input", `var a = 1;
a +
;
var b = undefinedName;
a.Foo()
throw new InvalidOperationException("boom");
a + 1
`, "2\n", []string{"<input>:2:1: error CS1525: unexpected ';'", "^", "undefinedName", "does not contain a definition for 'Foo'", "System.InvalidOperationException: boom"}},
		{"objects from earlier inputs keep their class", `class Animal { public virtual string Sound() => "..."; }
class Dog : Animal { public override string Sound() => "woof"; }
Animal a = new Dog();
Func<string> speak = () => a.Sound();
var e = new ArgumentException("bad");
a is Dog
speak()
try { throw e; } catch (ArgumentException ex) { Console.WriteLine("caught " + ex.Message); }
`, "true\n\"woof\"\ncaught bad\n", nil},
		{"mode switching", `async Task<int> F() { await Task.Yield(); return 5; }
var v = await F();
:mode sm
await F() + v
:mode
:mode xx
v
`, "mode sm\n10\nmode sm\n5\n", []string{"mode must be rt or sm"}},
		{"reset", `var keep = 1;
:reset
keep
var keep = "again";
keep
`, "state reset\n\"again\"\n", []string{"The name 'keep' does not exist"}},
		{"redeclaration shadows", `var x = 1;
var x = "one";
x
int x;
x
`, "\"one\"\n0\n", nil},
		{"empty line submits", `var q = (1 +

q
`, "", []string{"expected"}},
		{"quit", `1
:quit
2
`, "1\n", nil},
	}
	for _, tc := range tests {
		for _, mode := range []string{"rt", "sm"} {
			t.Run(tc.name+"/"+mode, func(t *testing.T) {
				out, errs := run(t, mode, tc.script)
				if tc.name == "mode switching" && mode == "sm" {
					return
				}
				if diff := cmp.Diff(tc.out, out); diff != "" {
					t.Errorf("stdout (-want +got):\n%s\nstderr:\n%s", diff, errs)
				}
				rest := errs
				for _, want := range tc.err {
					i := strings.Index(rest, want)
					if i < 0 {
						t.Errorf("stderr lacks %q (in order):\n%s", want, errs)
						break
					}
					rest = rest[i+len(want):]
				}
				if len(tc.err) == 0 && errs != "" {
					t.Errorf("unexpected stderr:\n%s", errs)
				}
			})
		}
	}
}

func TestNeedsMore(t *testing.T) {
	for src, want := range map[string]bool{
		"1 + 2":                     false,
		"var x = 1;":                false,
		"class A {":                 true,
		"class A { }":               false,
		"F(1,":                      true,
		"var s = @\"abc":            true,
		"/* open":                   true,
		"var x = 1; // comment {":   false,
		"var t = \"}\";":            false,
		"if (x)":                    true,
		":help":                     false,
		"var a = new[] { 1, 2":      true,
		"var r = \"\"\"\nraw\n":     true,
		"Console.WriteLine('{');":   false,
		"var i = $\"{1 + 2}\";":     false,
		"async Task F() { await X;": true,
	} {
		if got := NeedsMore(src); got != want {
			t.Errorf("NeedsMore(%q) = %v, want %v", src, got, want)
		}
	}
}

func TestStatsAndCompare(t *testing.T) {
	out, errs := run(t, "rt", `async Task<int> F() { await Task.Yield(); return 1; }
await F()
:stats
:compare
`)
	if errs != "" {
		t.Fatalf("stderr: %s", errs)
	}
	for _, want := range []string{`"suspensions":1`, "output: same in rt and sm", "state_machine_boxes"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestDisasm(t *testing.T) {
	out, errs := run(t, "rt", "int Sq(int n) => n * n;\n:disasm Sq\n:disasm Nope\n")
	if !strings.Contains(out, "Script.Sq") || !strings.Contains(out, "MUL") {
		t.Errorf(":disasm output:\n%s", out)
	}
	if !strings.Contains(errs, `no method "Nope"`) {
		t.Errorf("stderr: %s", errs)
	}
}

func TestCompletion(t *testing.T) {
	var out bytes.Buffer
	s := New(Options{Stdout: &out, Stderr: &out})
	s.RunScript(strings.NewReader("var greeting = \"hi\";\nclass Widget { public int Size; }\nvar w = new Widget();\n"))
	c := &completer{s: s}
	has := func(line string, want string) {
		t.Helper()
		cands, _ := c.Do([]rune(line), len([]rune(line)))
		for _, r := range cands {
			if line[strings.LastIndexAny(line, ". ")+1:]+string(r) == want {
				return
			}
		}
		t.Errorf("completing %q: %q not among %d candidates", line, want, len(cands))
	}
	has("gree", "greeting")
	has("awa", "await")
	has("Wid", "Widget")
	has("Cons", "Console")
	has("w.Si", "Size")
	has("greeting.Len", "Length")
	has("Console.Write", "WriteLine")
}

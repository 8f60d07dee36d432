package repl

import (
	"bytes"
	"strings"
	"testing"
)

func TestSmoke(t *testing.T) {
	var out, errb bytes.Buffer
	s := New(Options{Stdout: &out, Stderr: &errb})
	s.RunScript(strings.NewReader(`var x = 5;
x + 1
class P { public int X; public P(int x) { X = x; } public override string ToString() => "P" + X; }
var p = new P(3);
p
int Sq(int n) => n * n;
Sq(x)
await Task.Delay(10);
await Task.FromResult(42)
"abc"
'c'
new List<int>{1,2,3}
new int[] {1,2,3}
Func<int,int> f = n => Sq(n) + 1;
f(3)
p is P
null
true
`))
	t.Logf("out:\n%s\nerr:\n%s", out.String(), errb.String())
}

func TestSmoke2(t *testing.T) {
	var out, errb bytes.Buffer
	s := New(Options{Stdout: &out, Stderr: &errb})
	s.RunScript(strings.NewReader(`new List<int>{1,2,3}
new int[] {1,2,3}
var d = new Dictionary<string,int>{{"a",1},{"b",2}};
d
new List<int>{1,2,3}.Where(x => x > 1)
1.5
10L
DayOfWeek.Monday
class Pt { public int X; public int Y; }
new Pt()
var e = new InvalidOperationException("boom");
try { throw e; } catch (Exception ex) { Console.WriteLine("caught " + ex.Message); }
throw new Exception("bad")
x
Console.WriteLine("after")
async Task<int> Slow() { await Task.Delay(20); return 7; }
var tk = Slow();
await tk
:mode sm
await Slow()
var list = new List<string>();
list.Add("z");
list
new List<int[]>{ new[]{1} }
"a\nb"
`))
	t.Logf("out:\n%s\nerr:\n%s", out.String(), errb.String())
}

package difftest

import (
	"strconv"
	"strings"
)

// Lambdas capturing the method's variables across awaits: a variable
// declared in a loop body is a new variable each iteration, and a write to
// a captured variable after an await reaches the lambda. The generator
// computes what the lambdas return and the program compares, printing
// MISMATCH (in both models) on a difference. The sm lowering once
// reported the loop form and let the lambda miss the write in the other.
func (g *gen) captureStmt() {
	id := g.id()
	n := 1 + g.r.Intn(3)
	a, b, c := g.r.Intn(5), g.r.Intn(9), 1+g.r.Intn(7)
	awaitBefore := g.r.Intn(2) == 0
	want := make([]string, n)
	for i := range n {
		want[i] = strconv.Itoa(i*a + b + c)
	}
	g.line("var fs%d = new List<Func<int>>();", id)
	g.line("foreach (var i%d in Enumerable.Range(0, %d))", id, n)
	g.line("{")
	g.indent++
	g.line("int v%d = i%d * %d + %d;", id, id, a, b)
	g.line("fs%d.Add(() => v%d);", id, id)
	if awaitBefore {
		g.line("await Task.Yield();")
		g.line("v%d += %d;", id, c)
	} else {
		g.line("v%d = await Widen(v%d) is var w%d ? (int)w%d + %d : 0;", id, id, id, id, c)
	}
	g.indent--
	g.line("}")
	g.line("int u%d = 0;", id)
	g.line("Func<int> get%d = () => u%d;", id, id)
	g.line("u%d = await Task.FromResult(%d);", id, c)
	g.line("await Task.Yield();")
	g.line("u%d += %d;", id, b)
	g.line("string got%d = string.Join(\",\", fs%d.Select(f => f())) + \";\" + get%d();", id, id, id)
	w := strings.Join(want, ",") + ";" + strconv.Itoa(c+b)
	g.line("if (got%d != %q) Console.WriteLine(\"MISMATCH captures%d \" + got%d);", id, w, id, id)
	g.print(`"captures%d " + got%d`, id, id)
	g.line("acc += fs%d.Count;", id)
}

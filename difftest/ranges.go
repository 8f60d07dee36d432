package difftest

import (
	"fmt"
	"strings"
)

// Indices, ranges and list patterns: a small int array, read from the
// end (`a[^k]`, through an Index variable at times), sliced (`a[i..^j]`,
// with an await in a bound at times), written through an Index, and
// matched against list patterns with and without a slice. The generator
// computes each result on its own model of the array, and the program
// prints "MISMATCH" when the VM disagrees.
func (g *gen) rangeStmt() {
	id := g.id()
	n := g.r.Intn(6)
	a := make([]int, n)
	texts := make([]string, n)
	for i := range a {
		a[i] = g.r.Intn(5)
		texts[i] = fmt.Sprint(a[i])
	}
	g.line("int[] ra%d = { %s };", id, strings.Join(texts, ", "))
	check := func(cond, what string) {
		g.line("if (%s) Console.WriteLine(\"MISMATCH range %d %s\");", cond, id, what)
	}
	join := func(xs []int) string {
		s := make([]string, len(xs))
		for i, x := range xs {
			s[i] = fmt.Sprint(x)
		}
		return strings.Join(s, ",")
	}
	if n > 0 {
		k := 1 + g.r.Intn(n)
		if g.r.Intn(2) == 0 {
			g.line("Index ri%d = ^%d;", id, k)
			check(fmt.Sprintf("ra%d[ri%d] != %d", id, id, a[n-k]), "index variable")
		} else {
			check(fmt.Sprintf("ra%d[^%d] != %d", id, k, a[n-k]), "index from end")
		}
		d := 1 + g.r.Intn(3)
		g.line("ra%d[^%d] += %d;", id, k, d)
		a[n-k] += d
		check(fmt.Sprintf("ra%d[%d] != %d", id, n-k, a[n-k]), "compound through index")
	}
	i := g.r.Intn(n + 1)
	j := g.r.Intn(n - i + 1)
	lo := fmt.Sprint(i)
	if g.r.Intn(3) == 0 {
		lo = fmt.Sprintf("await Task.FromResult(%d)", i)
	}
	g.line("var rs%d = ra%d[%s..^%d];", id, id, lo, j)
	if g.r.Intn(3) == 0 {
		g.line("await Task.Yield();")
	}
	check(fmt.Sprintf("string.Join(\",\", rs%d) != %q", id, join(a[i:n-j])), "slice")

	// A list pattern: exact, or with a slice in the middle, each element
	// a constant that often matches.
	m := g.r.Intn(4)
	slice := g.r.Intn(2) == 0
	var elems []string
	var want []int
	for e := 0; e < m; e++ {
		v := g.r.Intn(5)
		if e < n && g.r.Intn(3) > 0 {
			if at := n - (m - e); slice && e >= m/2 && at >= 0 {
				v = a[at]
			} else {
				v = a[e]
			}
		}
		want = append(want, v)
		elems = append(elems, fmt.Sprint(v))
	}
	match := false
	if slice {
		before, after := want[:m/2], want[m/2:]
		pats := func(slice string) string {
			return strings.Join(append(append(append([]string{}, elems[:m/2]...), slice), elems[m/2:]...), ", ")
		}
		match = n >= m
		for e := range before {
			match = match && a[e] == before[e]
		}
		for e := range after {
			match = match && a[n-len(after)+e] == after[e]
		}
		g.line("bool rp%d = ra%d is [%s];", id, id, pats(".."))
		check(fmt.Sprintf("rp%d != %t", id, match), "slice pattern")
		if match {
			g.line("if (ra%d is [%s]) { await Task.Yield(); if (string.Join(\",\", rm%d) != %q) Console.WriteLine(\"MISMATCH range %d rest\"); }",
				id, pats(fmt.Sprintf(".. var rm%d", id)), id, join(a[len(before):n-len(after)]), id)
		}
		return
	}
	match = n == m
	for e := 0; match && e < m; e++ {
		match = a[e] == want[e]
	}
	check(fmt.Sprintf("(ra%d is [%s]) != %t", id, strings.Join(elems, ", "), match), "list pattern")
}

package difftest

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Query expressions over small int arrays: from, a second from, where,
// let, orderby (several keys, either direction) and select, with an await
// in the source of the first from. The generator evaluates the query
// itself, by hand, as C# specifies it (the translation to Where, Select,
// SelectMany, OrderBy and ThenBy, ordering stable), and the program
// checks its result against that text: a wrong translation or a wrong
// LINQ operator prints MISMATCH in both models.

// qrow is one element of a query's sequence: the range variables in scope.
type qrow map[string]int

// qexpr is an int expression over range variables, as C# text and as a
// function the generator evaluates.
type qexpr struct {
	text string
	eval func(qrow) int
}

func (g *gen) qterm(vars []string) qexpr {
	v := vars[g.r.Intn(len(vars))]
	switch g.r.Intn(4) {
	case 0:
		k := 2 + g.r.Intn(3)
		return qexpr{fmt.Sprintf("%s %% %d", v, k), func(r qrow) int { return r[v] % k }}
	case 1:
		k := 1 + g.r.Intn(3)
		c := g.r.Intn(5)
		return qexpr{fmt.Sprintf("%s * %d - %d", v, k, c), func(r qrow) int { return r[v]*k - c }}
	case 2:
		if len(vars) > 1 {
			w := vars[g.r.Intn(len(vars))]
			return qexpr{fmt.Sprintf("%s + %s", v, w), func(r qrow) int { return r[v] + r[w] }}
		}
	}
	return qexpr{v, func(r qrow) int { return r[v] }}
}

func (g *gen) qarray() ([]int, string) {
	n := 2 + g.r.Intn(5)
	xs := make([]int, n)
	texts := make([]string, n)
	for i := range xs {
		xs[i] = g.r.Intn(15) - 5
		texts[i] = strconv.Itoa(xs[i])
	}
	return xs, "new[] { " + strings.Join(texts, ", ") + " }"
}

func (g *gen) queryStmt() {
	id := g.id()
	xs, xsText := g.qarray()
	var clauses []string
	vars := []string{"qx"}
	rows := make([]qrow, len(xs))
	for i, x := range xs {
		rows[i] = qrow{"qx": x}
	}
	src := xsText
	if g.r.Intn(2) == 0 {
		src = "await Task.FromResult(" + xsText + ")"
	}
	clauses = append(clauses, "from qx in "+src)
	if g.r.Intn(3) == 0 {
		ys, ysText := g.qarray()
		clauses = append(clauses, "from qy in "+ysText)
		vars = append(vars, "qy")
		var out []qrow
		for _, r := range rows {
			for _, y := range ys {
				out = append(out, qrow{"qx": r["qx"], "qy": y})
			}
		}
		rows = out
	}
	for n := g.r.Intn(4); n > 0; n-- {
		switch g.r.Intn(3) {
		case 0:
			e := g.qterm(vars)
			c := g.r.Intn(7) - 2
			clauses = append(clauses, fmt.Sprintf("where %s > %d", e.text, c))
			var out []qrow
			for _, r := range rows {
				if e.eval(r) > c {
					out = append(out, r)
				}
			}
			rows = out
		case 1:
			name := fmt.Sprintf("ql%d", len(vars))
			e := g.qterm(vars)
			clauses = append(clauses, fmt.Sprintf("let %s = %s", name, e.text))
			for _, r := range rows {
				r[name] = e.eval(r)
			}
			vars = append(vars, name)
		case 2:
			var keys []qexpr
			var desc []bool
			var texts []string
			for k := 1 + g.r.Intn(2); k > 0; k-- {
				e := g.qterm(vars)
				d := g.r.Intn(2) == 0
				keys, desc = append(keys, e), append(desc, d)
				if d {
					texts = append(texts, e.text+" descending")
				} else {
					texts = append(texts, e.text)
				}
			}
			clauses = append(clauses, "orderby "+strings.Join(texts, ", "))
			sort.SliceStable(rows, func(i, j int) bool {
				for k, e := range keys {
					a, b := e.eval(rows[i]), e.eval(rows[j])
					if a != b {
						return a < b != desc[k]
					}
				}
				return false
			})
		}
	}
	sel := g.qterm(vars)
	clauses = append(clauses, "select "+sel.text)
	want := make([]string, len(rows))
	for i, r := range rows {
		want[i] = strconv.Itoa(sel.eval(r))
	}
	g.line("var q%d = string.Join(\",\", %s);", id, strings.Join(clauses, " "))
	g.line("if (q%d != %q) Console.WriteLine(\"MISMATCH query: \" + q%d + \" instead of \" + %q);", id, strings.Join(want, ","), id, strings.Join(want, ","))
	g.line("acc += q%d.Length %% 5;", id)
	if g.r.Intn(2) == 0 {
		// LINQ's Count() beside List<T>'s Count property: an invoked
		// lookup skips the property (a binder that called the property
		// failed at run time).
		pos := 0
		for _, r := range rows {
			if sel.eval(r) > 0 {
				pos++
			}
		}
		g.line("var qc%d = (%s).ToList();", id, strings.Join(clauses, " "))
		g.line("if (qc%d.Count() != %d || qc%d.Count != %d || qc%d.Count(v => v > 0) != %d) Console.WriteLine(\"MISMATCH query count: \" + qc%d.Count());", id, len(rows), id, len(rows), id, pos, id)
	}
}

package difftest

import (
	"fmt"
	"strings"
)

// Iterators: a generated iterator method is a random tree of log entries,
// `yield return`s, `yield break`s and try/finally blocks; a statement
// enumerates it with foreach (breaking after some element, awaiting in the
// loop body or not) or through LINQ's Take, every step appending to a log.
// The generator runs the same tree through a model of C#'s iterator
// semantics (lazy start, finally blocks innermost first when the loop ends,
// breaks or is cut short by Take) and the program compares its log with the
// model's, printing MISMATCH on a difference: checked against what C#
// prints, not only between the two models.

// iterNode is one statement of a generated iterator body.
type iterNode struct {
	kind  int // iterLog, iterYield, iterBreak or iterTry
	text  string
	value int
	body  []*iterNode // iterTry: the try block (its finally logs text)
}

const (
	iterLog = iota
	iterYield
	iterBreak
	iterTry
)

// iterSeq generates a statement list of an iterator body.
func (g *gen) iterSeq(depth int, yields *int) []*iterNode {
	var out []*iterNode
	n := 1 + g.r.Intn(4)
	for i := 0; i < n; i++ {
		switch k := g.r.Intn(10); {
		case k < 3:
			out = append(out, &iterNode{kind: iterLog, text: fmt.Sprintf("s%d", g.id())})
		case k < 7:
			*yields++
			out = append(out, &iterNode{kind: iterYield, value: *yields})
		case k < 9 && depth < 2:
			out = append(out, &iterNode{kind: iterTry, text: fmt.Sprintf("f%d", g.id()), body: g.iterSeq(depth+1, yields)})
		default:
			out = append(out, &iterNode{kind: iterLog, text: fmt.Sprintf("s%d", g.id())})
		}
	}
	if g.r.Intn(8) == 0 {
		out = append(out, &iterNode{kind: iterBreak})
	}
	return out
}

// iterWrite writes a statement list as C#.
func iterWrite(b *strings.Builder, seq []*iterNode, indent string) {
	for _, s := range seq {
		switch s.kind {
		case iterLog:
			fmt.Fprintf(b, "%slog.Add(%q);\n", indent, s.text)
		case iterYield:
			fmt.Fprintf(b, "%syield return %d;\n", indent, s.value)
		case iterBreak:
			fmt.Fprintf(b, "%sif (log.Count >= 0) yield break;\n", indent)
		case iterTry:
			fmt.Fprintf(b, "%stry\n%s{\n", indent, indent)
			iterWrite(b, s.body, indent+"    ")
			fmt.Fprintf(b, "%s}\n%sfinally\n%s{\n%s    log.Add(%q);\n%s}\n", indent, indent, indent, indent, s.text, indent)
		}
	}
}

// iterModel is C#'s iterator semantics over a generated body: the log a
// consumer that stops after brk elements (0: never) sees.
type iterModel struct {
	log     []string
	yielded int
	brk     int
	stopped bool
}

func (m *iterModel) run(seq []*iterNode) {
	for _, s := range seq {
		switch s.kind {
		case iterLog:
			m.log = append(m.log, s.text)
		case iterYield:
			m.log = append(m.log, fmt.Sprintf("v%d", s.value))
			m.yielded++
			if m.yielded == m.brk {
				m.stopped = true // Dispose: the finally blocks run as we unwind
			}
		case iterBreak:
			m.stopped = true
		case iterTry:
			m.run(s.body)
			m.log = append(m.log, s.text)
		}
		if m.stopped {
			return
		}
	}
}

// iterStmt declares an iterator (as a local function of the current
// method) and enumerates it.
func (g *gen) iterStmt() {
	id := g.id()
	yields := 0
	body := g.iterSeq(0, &yields)
	brk := 0
	if yields > 0 && g.r.Intn(3) > 0 {
		brk = 1 + g.r.Intn(yields)
	}
	m := &iterModel{brk: brk}
	m.run(body)
	want := strings.Join(m.log, ",")

	var b strings.Builder
	iterWrite(&b, body, strings.Repeat("    ", g.indent+1))
	g.line("IEnumerable<int> It%d(List<string> log)", id)
	g.line("{")
	g.b.WriteString(b.String())
	if yields == 0 {
		g.line("    yield break;")
	}
	g.line("}")
	g.line("var log%d = new List<string>();", id)
	wait := ""
	if g.r.Intn(2) == 0 {
		wait = " await Task.Yield();"
	}
	switch {
	case brk > 0 && g.r.Intn(3) == 0:
		g.line("foreach (var v%d in It%d(log%d).Take(%d)) { log%d.Add(\"v\" + v%d);%s }", id, id, id, brk, id, id, wait)
	case brk > 0:
		g.line("int n%d = 0;", id)
		g.line("foreach (var v%d in It%d(log%d)) { log%d.Add(\"v\" + v%d);%s if (++n%d == %d) break; }", id, id, id, id, id, wait, id, brk)
	default:
		g.line("foreach (var v%d in It%d(log%d)) { log%d.Add(\"v\" + v%d);%s }", id, id, id, id, id, wait)
	}
	g.line("string got%d = string.Join(\",\", log%d);", id, id)
	g.line("if (got%d != %q) Console.WriteLine(\"MISMATCH iterator: \" + got%d + \" instead of \" + %q);", id, want, id, want)
	g.print(`"it%d " + got%d`, id, id)
	g.line("acc += log%d.Count %% 3;", id)
}

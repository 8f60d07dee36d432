package difftest

import (
	"fmt"
	"strconv"
	"strings"
)

// A class deriving from a library collection (List<int>) whose members use
// the base's members as simple names (Count, RemoveAt, this[i]) and through
// base, in a method, an iterator and an async method: the iterator and the
// sm model's state machine reach them through the lowered this, rt's
// frame through its own. The generator models the bounded list and the
// program checks every answer against the model, printing MISMATCH on a
// difference. Creating such a class was once a compile error, and a
// simple name of a base member in an iterator reached the iterator object.

// derivedDecls declares the class.
func (g *gen) derivedDecls() {
	g.line("class Bag : List<int>")
	g.line("{")
	g.line("    readonly int _limit;")
	g.line("    public Bag(int limit) : base(limit) { _limit = limit; }")
	g.line("    public new void Add(int x) { if (Count == _limit) RemoveAt(0); base.Add(x); }")
	g.line("    public int Total() { int s = 0; for (int i = 0; i < Count; i++) s += this[i]; return s; }")
	g.line("    public IEnumerable<int> Evens() { foreach (var x in this) if (x %% 2 == 0) yield return x; }")
	g.line("    public async Task<int> LastAsync() { await Task.Yield(); return Count == 0 ? -1 : this[Count - 1]; }")
	g.line("}")
}

// derivedStmt fills a Bag and checks it against the model.
func (g *gen) derivedStmt() {
	id := g.id()
	limit := 1 + g.r.Intn(4)
	n := g.r.Intn(7)
	var model, evens []int
	texts := make([]string, n)
	for i := range n {
		x := g.r.Intn(20) - 5
		texts[i] = strconv.Itoa(x)
		if len(model) == limit {
			model = model[1:]
		}
		model = append(model, x)
	}
	total, last := 0, -1
	for _, x := range model {
		total += x
		if x%2 == 0 {
			evens = append(evens, x)
		}
		last = x
	}
	evenTexts := make([]string, len(evens))
	for i, x := range evens {
		evenTexts[i] = strconv.Itoa(x)
	}
	g.line("var bag%d = new Bag(%d);", id, limit)
	g.line("foreach (var x%d in new int[] { %s }) bag%d.Add(x%d);", id, strings.Join(texts, ", "), id, id)
	if g.r.Intn(2) == 0 {
		g.line("await Task.Yield();")
	}
	g.line("if (bag%[1]d.Count != %[2]d || bag%[1]d.Total() != %[3]d || string.Join(\",\", bag%[1]d.Evens()) != %[4]q || await bag%[1]d.LastAsync() != %[5]d || !(bag%[1]d is List<int>))",
		id, len(model), total, strings.Join(evenTexts, ","), last)
	g.line("    Console.WriteLine(\"MISMATCH bag%d \" + string.Join(\",\", bag%d) + \" \" + bag%d.Total());", id, id, id)
	g.print(fmt.Sprintf(`"bag%d " + bag%d.Count`, id, id))
	g.line("acc += bag%d.Count;", id)
}

package difftest

import (
	"fmt"
	"strings"
)

// Records: a positional record Rec0 and a record Rec1 derived from it with
// parameters of its own. Statements construct them (some across awaits),
// print them, compare equal and unequal values (through the base type
// too, where a derived record never equals a base one), and copy them
// with `with` through either static type. The generator knows what C#
// prints for each (the records proposal: `Rec1 { A = 1, B = s2, C = True }`,
// base members first, null printing nothing) and the program checks it,
// printing "MISMATCH" when the VM disagrees.

// recordField is one positional parameter of a record.
type recordField struct {
	name, typ string
}

// recordModel is the two records of one program.
type recordModel struct {
	base, derived []recordField // Rec1's parameters are base then derived
}

var recordTypes = []string{"int", "string", "bool", "long"}

// recordClasses declares Rec0 and Rec1 and records their model in g.recs.
func (g *gen) recordClasses() {
	m := &recordModel{}
	name := 'A'
	for i := 0; i < 1+g.r.Intn(3); i++ {
		m.base = append(m.base, recordField{string(name), recordTypes[g.r.Intn(len(recordTypes))]})
		name++
	}
	for i := 0; i < 1+g.r.Intn(2); i++ {
		m.derived = append(m.derived, recordField{string(name), recordTypes[g.r.Intn(len(recordTypes))]})
		name++
	}
	g.recs = m
	params := func(fs []recordField) string {
		var ps []string
		for _, f := range fs {
			ps = append(ps, f.typ+" "+f.name)
		}
		return strings.Join(ps, ", ")
	}
	var baseArgs []string
	for _, f := range m.base {
		baseArgs = append(baseArgs, f.name)
	}
	g.line("record Rec0(%s);", params(m.base))
	g.line("record Rec1(%s) : Rec0(%s);", params(append(append([]recordField{}, m.base...), m.derived...)), strings.Join(baseArgs, ", "))
}

// recordValue is one random value of a field type: its C# text and how
// a record's ToString prints it.
func (g *gen) recordValue(typ string) (text, printed string) {
	n := g.r.Intn(5)
	switch typ {
	case "int":
		return fmt.Sprint(n - 1), fmt.Sprint(n - 1)
	case "long":
		return fmt.Sprintf("%dL", n*1000000000), fmt.Sprint(n * 1000000000)
	case "bool":
		if n%2 == 0 {
			return "true", "True"
		}
		return "false", "False"
	}
	if n == 0 {
		return "null", ""
	}
	return fmt.Sprintf("\"s%d\"", n), fmt.Sprintf("s%d", n)
}

// recordInstance is a record value the generator knows.
type recordInstance struct {
	level   int // 0: Rec0, 1: Rec1
	texts   []string
	printed []string
}

func (m *recordModel) fields(level int) []recordField {
	if level == 0 {
		return m.base
	}
	return append(append([]recordField{}, m.base...), m.derived...)
}

func (g *gen) recordInstance(level int) recordInstance {
	in := recordInstance{level: level}
	for _, f := range g.recs.fields(level) {
		t, p := g.recordValue(f.typ)
		in.texts = append(in.texts, t)
		in.printed = append(in.printed, p)
	}
	return in
}

func (in recordInstance) new() string {
	return fmt.Sprintf("new Rec%d(%s)", in.level, strings.Join(in.texts, ", "))
}

func (g *gen) recordString(in recordInstance) string {
	var ps []string
	for i, f := range g.recs.fields(in.level) {
		ps = append(ps, f.name+" = "+in.printed[i])
	}
	return fmt.Sprintf("Rec%d { %s }", in.level, strings.Join(ps, ", "))
}

// recordEqual is the records' value equality: the same record type and
// the same value of every field.
func recordEqual(a, b recordInstance) bool {
	if a.level != b.level {
		return false
	}
	for i := range a.texts {
		if a.texts[i] != b.texts[i] {
			return false
		}
	}
	return true
}

// recordStmt constructs a record (through an await at times), checks its
// ToString, compares it with another, copies it with `with` through a
// random static type and checks the copy.
func (g *gen) recordStmt() {
	id := g.id()
	x := g.recordInstance(g.r.Intn(2))
	static := x.level
	if static == 1 && g.r.Intn(2) == 0 {
		static = 0 // a derived record held as its base
	}
	init := x.new()
	if g.r.Intn(3) == 0 {
		init = fmt.Sprintf("await Task.FromResult<Rec%d>(%s)", static, init)
	}
	g.line("Rec%d rx%d = %s;", static, id, init)
	if g.r.Intn(3) == 0 {
		g.line("await Task.Yield();")
	}
	check := func(cond, what, want string) {
		g.line("if (%s) Console.WriteLine(\"MISMATCH record %s: \" + %q);", cond, what, want)
	}
	want := g.recordString(x)
	check(fmt.Sprintf("rx%d.ToString() != %q", id, want), "ToString", want)

	// Equality with another value: often the same fields.
	y := g.recordInstance(g.r.Intn(2))
	if g.r.Intn(2) == 0 {
		y = x
		if g.r.Intn(3) == 0 {
			y.level = 1 - x.level // the same base fields, another record type
			y = g.recordInstance(y.level)
			copy(y.texts, x.texts)
			copy(y.printed, x.printed)
		}
	}
	eq := recordEqual(x, y)
	g.line("Rec%d ry%d = %s;", y.level, id, y.new())
	check(fmt.Sprintf("(rx%d == ry%d) != %t || rx%d.Equals(ry%d) != %t || ((object)ry%d).Equals(rx%d) != %t", id, id, eq, id, id, eq, id, id, eq), "equality", fmt.Sprint(eq))
	if eq {
		check(fmt.Sprintf("rx%d.GetHashCode() != ry%d.GetHashCode()", id, id), "hash", "equal hashes")
	}

	// with: change one field the static type has.
	fs := g.recs.fields(static)
	i := g.r.Intn(len(fs))
	text, printed := g.recordValue(fs[i].typ)
	z := x
	z.texts = append([]string{}, x.texts...)
	z.printed = append([]string{}, x.printed...)
	z.texts[i], z.printed[i] = text, printed
	g.line("var rz%d = rx%d with { %s = %s };", id, id, fs[i].name, text)
	wantZ := g.recordString(z)
	check(fmt.Sprintf("rz%d.ToString() != %q", id, wantZ), "with", wantZ)
	check(fmt.Sprintf("!(rz%d == %s) || ReferenceEquals(rz%d, rx%d)", id, z.new(), id, id), "with equality", "equal copy")
	check(fmt.Sprintf("rx%d.ToString() != %q", id, want), "with original", want)
	if recordEqual(x, z) {
		g.line("acc += rz%d == rx%d ? 1 : 0; // 1", id, id)
	} else {
		g.line("acc += rz%d == rx%d ? 1 : 0; // 0", id, id)
	}
}

package difftest

import "strconv"

// smallGenericStmt reads a value of a small integral type (byte, sbyte,
// short, ushort, char) back out of generic storage (a List<T>, a T[]
// passed through Pick<T>, a Dictionary's value) and converts it implicitly
// to int and long, boxing the result: C# converts at the assignment, so
// the box is an Int32 (Int64) equal to the int, never a Byte. The value
// kept its own type through generic storage once, so `int v = list[0];`
// boxed a Byte that was not Equals to the int.
func (g *gen) smallGenericStmt() {
	id := g.id()
	types := []struct {
		name string
		lo   int
	}{{"byte", 0}, {"sbyte", -128}, {"short", -300}, {"ushort", 0}, {"char", 'a'}}
	t := types[g.r.Intn(len(types))]
	v := t.lo + g.r.Intn(100)
	lit := "(" + t.name + ")" + strconv.Itoa(v)
	switch g.r.Intn(3) {
	case 0:
		g.line("var s%d = new List<%s> { %s };", id, t.name, lit)
		g.line("int v%[1]d = s%[1]d[0];", id)
	case 1:
		g.line("var s%d = new Dictionary<int, %s> { [1] = %s };", id, t.name, lit)
		g.line("int v%[1]d = s%[1]d[1];", id)
	default:
		g.line("var s%d = new %s[] { %s, %s };", id, t.name, lit, lit)
		g.line("int v%[1]d = Pick(s%[1]d[0], s%[1]d[1], acc %% 2 == 0);", id)
	}
	if g.r.Intn(2) == 0 {
		g.line("await Task.Yield();")
	}
	g.line("object o%[1]d = v%[1]d;", id)
	g.line("long w%[1]d = v%[1]d;", id)
	g.line("object p%[1]d = w%[1]d;", id)
	g.line("if (o%[1]d.GetType() != typeof(int) || !o%[1]d.Equals(%[2]d) || p%[1]d.GetType() != typeof(long) || !p%[1]d.Equals(%[2]dL))", id, v)
	g.line("    Console.WriteLine(\"MISMATCH small%d \" + o%d.GetType().Name + \" \" + p%d.GetType().Name);", id, id, id)
	g.print(`"small%d " + v%d`, id, id)
	g.line("acc += v%d %% 7;", id)
}

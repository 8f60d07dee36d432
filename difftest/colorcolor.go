package difftest

import "strings"

// A property named like its own enum type ("Color Color", C# §12.8.7.2):
// `Shade.Dark` inside the class names the enum member, `Shade` alone the
// property, in a plain method, an async method (sm lowers its simple names
// to the state machine's this), a lambda and an iterator. The name was
// once read as the property before the member access, recursing in the
// property's own getter or failing in the lowered bodies.

// colorDecls declares the enum and the class.
func (g *gen) colorDecls() {
	g.line("enum Shade { Dark, Light }")
	g.line("class Lamp")
	g.line("{")
	g.line("    public Shade Shade { get; set; } = Shade.Dark;")
	g.line("    public Shade Other => Shade == Shade.Dark ? Shade.Light : Shade.Dark;")
	g.line("    public async Task<Shade> FlipAsync() { await Task.Yield(); Func<Shade, Shade> f = s => s == Shade.Dark ? Shade.Light : Shade.Dark; Shade = f(Shade); return Shade; }")
	g.line("    public IEnumerable<Shade> Both() { yield return Shade; yield return Shade == Shade.Light ? Shade.Dark : Shade.Light; }")
	g.line("}")
}

// colorStmt flips a lamp a random number of times and checks the answers.
func (g *gen) colorStmt() {
	id := g.id()
	n := g.r.Intn(4)
	state := "Dark"
	for range n {
		if state == "Dark" {
			state = "Light"
		} else {
			state = "Dark"
		}
	}
	other := map[string]string{"Dark": "Light", "Light": "Dark"}[state]
	g.line("var lamp%d = new Lamp();", id)
	for range n {
		g.line("await lamp%d.FlipAsync();", id)
	}
	want := strings.Join([]string{state, other}, ",")
	g.line(`if (lamp%[1]d.Shade != Shade.%[2]s || lamp%[1]d.Other != Shade.%[3]s || string.Join(",", lamp%[1]d.Both()) != %[4]q)`, id, state, other, want)
	g.line(`    Console.WriteLine("MISMATCH lamp%[1]d " + lamp%[1]d.Shade + " " + lamp%[1]d.Other);`, id)
	g.print(`"lamp%d " + lamp%d.Shade`, id, id)
	g.line("acc += (int)lamp%d.Shade;", id)
}

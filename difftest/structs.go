package difftest

import "fmt"

// Struct value semantics: a few struct variables (locals, a class field,
// array elements) go through assignments, field writes, a mutating method,
// passing by value to a method that mutates its parameter, passing by ref,
// returns, `with` copies, indexer writes, boxing, mutation of a box through
// an interface (which changes the box, not the variable) and awaits; the generator
// models each variable's value and the program checks it, printing
// "MISMATCH" when the VM shared a value that C# copies (both models would
// agree on the wrong answer). recordStructStmt does the same for a
// positional record struct, whose printing, equality and hash are
// synthesized.

// structDecls declares the struct and its helpers.
func (g *gen) structDecls() {
	g.line("interface ISV { void Bump(int k); }")
	g.line("struct SV : ISV")
	g.line("{")
	g.line("    public int A;")
	g.line("    public int B;")
	g.line("    public void Bump(int k) { A += k; B -= k; }")
	g.line("    public int this[int i] { get => i == 0 ? A : B; set { if (i == 0) A = value; else B = value; } }")
	g.line("    public override string ToString() => A + \":\" + B;")
	g.line("}")
	g.line("class SVBox { public SV F; public SV[] Arr = new SV[2]; }")
	g.line("record struct RSV(int A, int B)")
	g.line("{")
	g.line("    public void Bump(int k) { A += k; B -= k; }")
	g.line("}")
	g.line("static void SVMutate(SV s, int k) { s.A = k; s.Bump(k); }")
	g.line("static void SVRef(ref SV s, int k) { s.A += k; }")
	g.line("static SV SVRet(SV s) { s.B++; return s; }")
}

type svVal struct{ a, b int }

func (v svVal) String() string { return fmt.Sprintf("%d:%d", v.a, v.b) }

// structStmt generates one sequence of operations and its checks.
func (g *gen) structStmt() {
	id := g.id()
	h := fmt.Sprintf("svh%d", id)
	vars := []string{fmt.Sprintf("sva%d", id), fmt.Sprintf("svb%d", id), h + ".F", h + ".Arr[0]", h + ".Arr[1]"}
	vals := make([]svVal, len(vars))
	g.line("var %s = new SVBox();", h)
	g.line("SV %s = new SV { A = %d };", vars[0], id%7)
	vals[0] = svVal{a: id % 7}
	g.line("SV %s = default;", vars[1])
	check := func(i int) {
		want := vals[i].String()
		if g.quiet {
			g.line("acc += %s.A %% 5;", vars[i])
			return
		}
		g.line("if (%s.ToString() != %q) Console.WriteLine(\"MISMATCH struct: %s is \" + %s + \" instead of %s\");", vars[i], want, vars[i], vars[i], want)
	}
	for n := 3 + g.r.Intn(6); n > 0; n-- {
		i, j := g.r.Intn(len(vars)), g.r.Intn(len(vars))
		k := 1 + g.r.Intn(9)
		switch g.r.Intn(13) {
		case 0, 1:
			g.line("%s = %s;", vars[i], vars[j])
			vals[i] = vals[j]
		case 2:
			g.line("%s.A = %d;", vars[i], k)
			vals[i].a = k
		case 3:
			g.line("%s.B += %d;", vars[i], k)
			vals[i].b += k
		case 4:
			g.line("%s.Bump(%d);", vars[i], k)
			vals[i].a += k
			vals[i].b -= k
		case 5:
			g.line("SVMutate(%s, %d);", vars[i], k)
		case 6:
			g.line("SVRef(ref %s, %d);", vars[i], k)
			vals[i].a += k
		case 7:
			g.line("%s = SVRet(%s);", vars[i], vars[j])
			vals[i] = svVal{vals[j].a, vals[j].b + 1}
		case 9:
			// The set accessor changes the variable, not a copy.
			g.line("%s[%d] = %d;", vars[i], k%2, k)
			if k%2 == 0 {
				vals[i].a = k
			} else {
				vals[i].b = k
			}
		case 10:
			g.line("%s[1] += %s[0] + %d;", vars[i], vars[j], k)
			vals[i].b += vals[j].a + k
		case 8:
			g.line("object svo%d_%d = %s;", id, n, vars[i])
			g.line("%s.A += %d;", vars[i], k)
			g.line("await Task.Yield();")
			if !g.quiet {
				want := vals[i].String()
				g.line("if (svo%d_%d.ToString() != %q) Console.WriteLine(\"MISMATCH struct: boxed %s changed\");", id, n, want, vars[i])
			}
			vals[i].a += k
		case 11:
			g.line("%s = %s with { B = %d };", vars[i], vars[j], k)
			vals[i] = svVal{vals[j].a, k}
		case 12:
			// The box is a copy its methods change in place; unboxing
			// copies it back out.
			box := fmt.Sprintf("svi%d_%d", id, n)
			g.line("ISV %s = %s;", box, vars[i])
			g.line("%s.Bump(%d);", box, k)
			g.line("await Task.Yield();")
			g.line("%s.Bump(1);", box)
			bv := svVal{vals[i].a + k + 1, vals[i].b - k - 1}
			if !g.quiet {
				want := bv.String()
				g.line("if (%s.ToString() != %q) Console.WriteLine(\"MISMATCH struct: box of %s is \" + %s + \" instead of %s\");", box, want, vars[i], box, want)
			}
			if g.r.Intn(2) == 0 {
				g.line("%s = (SV)%s;", vars[j], box)
				vals[j] = bv
				check(j)
			}
		}
		check(i)
	}
	for i := range vars {
		check(i)
	}
}

// recordStructStmt runs a positional record struct through copies, `with`,
// property writes, a mutating method and awaits, and checks its printing,
// its equality with a value built from the model and its hash (Roslyn's:
// A * -1521134295 + B for two int fields).
func (g *gen) recordStructStmt() {
	id := g.id()
	vars := []string{fmt.Sprintf("rsa%d", id), fmt.Sprintf("rsb%d", id)}
	vals := []svVal{{a: id % 5, b: 1}, {}}
	g.line("var %s = new RSV(%d, 1);", vars[0], id%5)
	g.line("RSV %s = default;", vars[1])
	check := func(i int) {
		v := vals[i]
		if g.quiet {
			g.line("acc += %s == new RSV(%d, %d) ? 1 : 0; // 1", vars[i], v.a, v.b)
			return
		}
		want := fmt.Sprintf("RSV { A = %d, B = %d }", v.a, v.b)
		g.line("if (%s.ToString() != %q) Console.WriteLine(\"MISMATCH record struct: \" + %s + \" instead of %s\");", vars[i], want, vars[i], want)
		g.line("if (%s != new RSV(%d, %d) || %s.GetHashCode() != unchecked(%d * -1521134295 + %d)) Console.WriteLine(\"MISMATCH record struct equality: %s\");", vars[i], v.a, v.b, vars[i], v.a, v.b, vars[i])
	}
	for n := 2 + g.r.Intn(5); n > 0; n-- {
		i, j := g.r.Intn(2), g.r.Intn(2)
		k := 1 + g.r.Intn(9)
		switch g.r.Intn(5) {
		case 0:
			g.line("%s = %s;", vars[i], vars[j])
			vals[i] = vals[j]
		case 1:
			g.line("%s = %s with { A = %d };", vars[i], vars[j], k)
			vals[i] = svVal{k, vals[j].b}
		case 2:
			g.line("%s.B += %d;", vars[i], k)
			vals[i].b += k
		case 3:
			g.line("%s.Bump(%d);", vars[i], k)
			vals[i].a += k
			vals[i].b -= k
		case 4:
			g.line("var rsc%d_%d = %s;", id, n, vars[i])
			g.line("await Task.Yield();")
			g.line("%s.A = %d;", vars[i], k)
			if !g.quiet {
				v := vals[i]
				g.line("if (rsc%d_%d != new RSV(%d, %d)) Console.WriteLine(\"MISMATCH record struct: copy of %s changed\");", id, n, v.a, v.b, vars[i])
			}
			vals[i].a = k
		}
		check(i)
	}
}

package difftest

import (
	"fmt"
	"strings"
)

// Virtual dispatch: a chain of classes V0 : ... : Vn whose base declares
// virtual overloads of one arity (F(int), F(string), F(long), F(double)),
// each later class overriding some (sealed or not) or hiding one with a
// new virtual slot, and an interface IV that V0 implements. The generator
// models which method each call reaches (a slot per virtual method, §15.6.5)
// and the program checks it, printing "MISMATCH" when the VM dispatched
// elsewhere: both models would agree on a wrong dispatch, so the program
// states the answer itself (compare reports the line). The overloads are
// async methods in some programs.

// vslot is one virtual slot of an overload: the class level that
// introduced it and the levels that implement it, ascending.
type vslot struct {
	intro int
	impls []int
}

// voverload is one parameter type of F and its slots, the latest last.
type voverload struct {
	typ    string
	slots  []*vslot
	sealed bool // the latest slot's last override is sealed
}

// dispatchModel is the class chain of one program.
type dispatchModel struct {
	levels    int
	overloads []*voverload
	async     bool
}

var dispatchTypes = []string{"int", "string", "long", "double"}

// dispatchArg is an argument whose type is exactly typ, so that overload
// resolution picks F(typ).
func dispatchArg(typ string, n int) string {
	switch typ {
	case "int":
		return fmt.Sprintf("%d", n)
	case "string":
		return fmt.Sprintf("\"s%d\"", n)
	case "long":
		return fmt.Sprintf("%dL", n)
	}
	return fmt.Sprintf("%d.5", n)
}

// dispatchClasses declares the chain and records its model in g.disp.
func (g *gen) dispatchClasses() {
	d := &dispatchModel{levels: 2 + g.r.Intn(3), async: g.r.Intn(3) == 0}
	perm := g.r.Perm(len(dispatchTypes))
	for _, i := range perm[:2+g.r.Intn(3)] {
		d.overloads = append(d.overloads, &voverload{typ: dispatchTypes[i], slots: []*vslot{{intro: 0, impls: []int{0}}}})
	}
	g.disp = d
	ret := "string"
	if d.async {
		ret = "async Task<string>"
	}
	body := func(level int, typ, tag string) string {
		s := fmt.Sprintf("\"V%d.F(%s)%s \" + x", level, typ, tag)
		if d.async {
			return fmt.Sprintf("{ await Task.Yield(); return %s; }", s)
		}
		return "=> " + s + ";"
	}
	var iface []string
	for _, o := range d.overloads {
		r := "string"
		if d.async {
			r = "Task<string>"
		}
		iface = append(iface, fmt.Sprintf("%s F(%s x);", r, o.typ))
	}
	g.line("interface IV { %s }", strings.Join(iface, " "))
	for level := 0; level < d.levels; level++ {
		g.line("")
		if level == 0 {
			g.line("class V0 : IV")
		} else {
			g.line("class V%d : V%d", level, level-1)
		}
		g.line("{")
		for _, o := range d.overloads {
			if level == 0 {
				g.line("    public virtual %s F(%s x) %s", ret, o.typ, body(0, o.typ, ""))
				continue
			}
			latest := o.slots[len(o.slots)-1]
			switch k := g.r.Intn(8); {
			case k < 3 || o.sealed && k < 7:
			case k < 5:
				latest.impls = append(latest.impls, level)
				g.line("    public override %s F(%s x) %s", ret, o.typ, body(level, o.typ, ""))
			case k < 6:
				latest.impls = append(latest.impls, level)
				o.sealed = true
				g.line("    public sealed override %s F(%s x) %s", ret, o.typ, body(level, o.typ, ""))
			default:
				o.slots = append(o.slots, &vslot{intro: level, impls: []int{level}})
				o.sealed = false
				g.line("    public new virtual %s F(%s x) %s", ret, o.typ, body(level, o.typ, " new"))
			}
		}
		g.line("}")
	}
}

// visible returns the slot of o that member lookup on static type level
// static finds (the latest introduced at or above it).
func (o *voverload) visible(static int) *vslot {
	var slot *vslot
	for _, s := range o.slots {
		if s.intro <= static {
			slot = s
		}
	}
	return slot
}

// implicitTo reports whether an argument of type a converts implicitly to
// parameter type p, and how well: 2 identity, 1 the better of two
// widenings (int to long), 0 another.
func implicitTo(a, p string) (ok bool, rank int) {
	switch {
	case a == p:
		return true, 2
	case a == "int" && p == "long":
		return true, 1
	case (a == "int" || a == "long") && p == "double":
		return true, 0
	}
	return false, 0
}

// bind returns the overload a call F(arg of type a) binds to through
// static type level static (iface: through IV), by C#'s rules: the
// applicable methods of the most derived declaring class only
// (§12.6.4.1), then the better conversion.
func (d *dispatchModel) bind(a string, static int, iface bool) *voverload {
	var best *voverload
	bestIntro, bestRank := -1, -1
	for _, o := range d.overloads {
		ok, rank := implicitTo(a, o.typ)
		if !ok {
			continue
		}
		intro := 0
		if !iface {
			intro = o.visible(static).intro
		}
		if intro > bestIntro || intro == bestIntro && rank > bestRank {
			best, bestIntro, bestRank = o, intro, rank
		}
	}
	return best
}

// expected is what the overload o bound through static type level static
// returns on an instance of class level run (before the argument).
func (d *dispatchModel) expected(o *voverload, static, run int) string {
	slot := o.visible(static)
	impl := slot.intro
	for _, l := range slot.impls {
		if l <= run {
			impl = l
		}
	}
	tag := ""
	if impl == slot.intro && slot.intro > 0 {
		tag = " new"
	}
	return fmt.Sprintf("V%d.F(%s)%s", impl, o.typ, tag)
}

// argText is how F's body prints an argument written as dispatchArg(a, n)
// once converted to parameter type p.
func argText(a, p string, n int) string {
	switch {
	case a == "string":
		return fmt.Sprintf("s%d", n)
	case a == "double":
		return fmt.Sprintf("%d.5", n)
	}
	return fmt.Sprintf("%d", n)
}

// dispatchStmt calls one overload of F on an instance of a random class of
// the chain, through a random base type or the interface, and checks
// which method ran.
func (g *gen) dispatchStmt() {
	d := g.disp
	id := g.id()
	o := d.overloads[g.r.Intn(len(d.overloads))]
	run := g.r.Intn(d.levels)
	static, stype := g.r.Intn(run+1), ""
	if g.r.Intn(4) == 0 {
		static, stype = 0, "IV" // V0 implements IV: its slots
	} else {
		stype = fmt.Sprintf("V%d", static)
	}
	n := g.r.Intn(9)
	a := o.typ // an argument of the overload's type: F(a) binds to it or to a hiding one
	b := d.bind(a, static, stype == "IV")
	want := d.expected(b, static, run) + " " + argText(a, b.typ, n)
	call := fmt.Sprintf("dv%d.F(%s)", id, dispatchArg(a, n))
	if d.async {
		call = "await " + call
	}
	g.line("%s dv%d = new V%d();", stype, id, run)
	g.line("string dr%d = %s;", id, call)
	g.line("if (dr%d != %q) Console.WriteLine(\"MISMATCH dispatch: \" + dr%d + \" instead of \" + %q);", id, want, id, want)
	g.line("acc += dr%d.Length %% 3;", id)
}

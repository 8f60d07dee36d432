package bind

import (
	"asyncvm/lang"
)

// Overload resolution (C# §12.6.4).

// candidate is a method in the form (normal or expanded) in which it
// applies to an argument list.
type candidate struct {
	m        *Method
	expanded bool
	ptypes   []*Type // the parameter type each argument converts to
	defaults bool    // optional parameters were left to their defaults
}

// mismatch remembers why the first candidate that took the arguments by
// count and name did not apply.
type mismatch struct {
	m     *Method
	arg   int
	param *Param
	from  *Type
}

// resolve chooses among methods for the argument list, or returns nil when
// the choice is an error (reported here) or must be left to run time
// (arguments whose types the binder does not know). lib says the
// candidates are only partly described by the tables: their failures are
// left to run time.
func (b *binder) resolve(name string, cands []*Method, args []*lang.Arg, types []*Type, pos lang.Pos, typeArgs []*Type, ctor, lib bool) *Method {
	var apps []*candidate
	var miss *mismatch
	badName := ""
	for _, m := range cands {
		switch {
		case len(typeArgs) > 0:
			if len(m.TypeParams) != len(typeArgs) {
				continue
			}
			m = b.instantiate(m, typeArgs)
		case len(m.TypeParams) > 0:
			m = b.infer(m, args, types)
		}
		for _, expanded := range []bool{false, true} {
			if expanded && !m.IsParams() {
				continue
			}
			ps, defaults, bad := mapArgs(m, args, expanded)
			if ps == nil {
				if bad != "" {
					badName = bad
				}
				continue
			}
			c := &candidate{m: m, expanded: expanded, defaults: defaults, ptypes: make([]*Type, len(args))}
			ok := true
			for i, a := range args {
				p := ps[i]
				pt := p.Type
				if expanded && p == m.Params[len(m.Params)-1] && a.Name == "" && pt.Kind == Array {
					pt = pt.Elem
				}
				c.ptypes[i] = pt
				if !b.argConverts(a, types[i], p, pt) {
					ok = false
					if miss == nil {
						miss = &mismatch{m: m, arg: i, param: p, from: types[i]}
					}
					break
				}
			}
			if ok {
				apps = append(apps, c)
				break // the normal form applies: the expanded one is not considered
			}
		}
	}
	if len(apps) == 0 {
		if lib {
			return nil
		}
		switch {
		case miss != nil:
			b.reportArg(miss, args)
		case badName != "" && len(cands) == 1:
			b.errorf(pos, "CS1739", "The best overload for '%s' does not have a parameter named '%s'", name, badName)
		case len(cands) == 1 && len(args) < minArgs(cands[0]) && !hasNamed(args):
			// One candidate and too few arguments: C# names the first
			// parameter left without an argument.
			m := cands[0]
			b.errorf(pos, "CS7036", "There is no argument given that corresponds to the required parameter '%s' of '%s'", m.Params[len(args)].Name, m.Signature())
		case ctor:
			b.errorf(pos, "CS1729", "'%s' does not contain a constructor that takes %d arguments", name, len(args))
		default:
			b.errorf(pos, "CS1501", "No overload for method '%s' takes %d arguments", name, len(args))
		}
		return nil
	}
	apps = b.mostDerived(apps)
	if len(apps) == 1 {
		return b.chosen(apps[0], args)
	}
	for _, t := range types {
		if lenient(t) || t.Kind == Lambda || t.Kind == Group {
			return nil // the run-time types decide
		}
	}
	for _, c := range apps {
		best := true
		for _, d := range apps {
			if c != d && !b.better(c, d, args, types) {
				best = false
				break
			}
		}
		if best {
			return b.chosen(c, args)
		}
	}
	if !lib {
		b.errorf(pos, "CS0121", "The call is ambiguous between the following methods or properties: '%s' and '%s'",
			apps[0].m.Signature(), apps[1].m.Signature())
	}
	return nil
}

func hasNamed(args []*lang.Arg) bool {
	for _, a := range args {
		if a.Name != "" {
			return true
		}
	}
	return false
}

// mostDerived removes the applicable candidates declared in a base type
// of another applicable candidate's type (§12.8.10.2: methods in a base
// type are removed when a derived type has an applicable one), so that
// string.ToString() hides object.ToString().
func (b *binder) mostDerived(apps []*candidate) []*candidate {
	if len(apps) < 2 {
		return apps
	}
	out := apps[:0:0]
	for _, c := range apps {
		hidden := false
		for _, d := range apps {
			if d.m.Owner != nil && c.m.Owner != nil && d.m.Owner != c.m.Owner && b.derives(d.m.Owner, c.m.Owner) {
				hidden = true
				break
			}
		}
		if !hidden {
			out = append(out, c)
		}
	}
	return out
}

// chosen records what code generation needs of the chosen candidate.
func (b *binder) chosen(c *candidate, args []*lang.Arg) *Method {
	if c.expanded && len(args) == len(c.m.Params) && args[len(args)-1].Name == "" {
		b.info.Packs[args[len(args)-1]] = true
	}
	for i, a := range args {
		if a.Mod == "" && i < len(c.ptypes) {
			b.noteConversion(a.X, c.ptypes[i])
		}
		if t := b.info.Types[a.X]; c.ptypes[i] != nil && t != nil && !b.implicit(a.X, t, c.ptypes[i]) {
			if m := b.userConversion(a.X, t, c.ptypes[i], false); m != nil {
				b.info.Convs[a.X] = m
			}
		}
	}
	return c.m
}

// argConverts reports whether argument a of type t converts to parameter p
// (whose type in the chosen form is pt).
func (b *binder) argConverts(a *lang.Arg, t *Type, p *Param, pt *Type) bool {
	mod := a.Mod
	if mod == "in" {
		mod = ""
	}
	pmod := p.Mod
	if pmod == "in" || pmod == "params" {
		pmod = ""
	}
	if mod != pmod {
		return false
	}
	if pmod == "ref" || pmod == "out" {
		return t == pt || lenient(t) || lenient(pt)
	}
	return b.implicit(a.X, t, pt) || b.userConversion(a.X, t, pt, false) != nil
}

func (b *binder) reportArg(m *mismatch, args []*lang.Arg) {
	a := args[m.arg]
	pmod := m.param.Mod
	if pmod == "params" || pmod == "in" {
		pmod = ""
	}
	amod := a.Mod
	if amod == "in" {
		amod = ""
	}
	switch {
	case amod != pmod && pmod != "":
		b.errorf(a.Pos, "CS1620", "Argument %d must be passed with the '%s' keyword", m.arg+1, pmod)
	case amod != pmod:
		b.errorf(a.Pos, "CS1615", "Argument %d may not be passed with the '%s' keyword", m.arg+1, amod)
	default:
		pt := m.param.Type
		b.errorf(posOf(a.X), "CS1503", "Argument %d: cannot convert from '%s' to '%s'", m.arg+1, m.from, pt)
	}
}

// mapArgs maps each argument to a parameter of m in the normal or expanded
// form. It returns nil when the arguments do not fit (and the name of a
// named argument no parameter has).
func mapArgs(m *Method, args []*lang.Arg, expanded bool) (ps []*Param, defaults bool, badName string) {
	n := len(m.Params)
	fixed := n
	if expanded {
		fixed = n - 1
	}
	filled := make([]bool, n)
	ps = make([]*Param, len(args))
	for i, a := range args {
		if a.Name != "" {
			j := -1
			for k, p := range m.Params {
				if p.Name == a.Name {
					j = k
				}
			}
			if j < 0 {
				return nil, false, a.Name
			}
			if filled[j] || expanded && j == n-1 {
				return nil, false, ""
			}
			filled[j] = true
			ps[i] = m.Params[j]
			continue
		}
		switch {
		case i < fixed:
			if filled[i] {
				return nil, false, ""
			}
			filled[i] = true
			ps[i] = m.Params[i]
		case expanded:
			filled[n-1] = true
			ps[i] = m.Params[n-1]
		default:
			return nil, false, ""
		}
	}
	for j, p := range m.Params {
		if filled[j] {
			continue
		}
		switch {
		case expanded && j == n-1:
		case p.Optional:
			defaults = true
		default:
			return nil, false, ""
		}
	}
	return ps, defaults, ""
}

// better reports whether c is a better function member than d
// (§12.6.4.3).
func (b *binder) better(c, d *candidate, args []*lang.Arg, types []*Type) bool {
	anyBetter, anyWorse := false, false
	for i := range args {
		switch b.betterConversion(args[i].X, types[i], c.ptypes[i], d.ptypes[i]) {
		case 1:
			anyBetter = true
		case -1:
			anyWorse = true
		}
	}
	if anyWorse {
		return false
	}
	if anyBetter {
		return true
	}
	// The parameter types are equivalent: the tie-breaking rules.
	cg, dg := len(c.m.TypeParams) > 0, len(d.m.TypeParams) > 0
	if cg != dg {
		return !cg
	}
	if c.expanded != d.expanded {
		return !c.expanded
	}
	if c.expanded && len(c.m.Params) != len(d.m.Params) {
		return len(c.m.Params) > len(d.m.Params)
	}
	if c.defaults != d.defaults {
		return !c.defaults
	}
	return b.moreSpecific(c.m.Definition(), d.m.Definition())
}

// moreSpecific compares the declared parameter types of two generic
// methods whose instantiations tie: a non-type-parameter type is more
// specific than a type parameter.
func (b *binder) moreSpecific(c, d *Method) bool {
	if len(c.Params) != len(d.Params) {
		return false
	}
	more := false
	for i := range c.Params {
		ct, dt := c.Params[i].Type, d.Params[i].Type
		cp, dp := containsTypeParam(ct), containsTypeParam(dt)
		if cp && !dp {
			return false
		}
		if dp && !cp {
			more = true
		}
	}
	return more
}

// instantiate substitutes explicit type arguments into a generic method.
func (b *binder) instantiate(m *Method, args []*Type) *Method {
	sub := substitution(m.TypeParams, args)
	c := b.u.substMethod(m, m.Owner, sub)
	c.TypeArgs = args
	return c
}

// infer infers a generic method's type arguments from the argument types
// (a simplified §12.6.3: exact and lower-bound inferences from parameter
// types that mention the type parameters; a type parameter inferred from
// nothing, or inconsistently, becomes Unchecked).
func (b *binder) infer(m *Method, args []*lang.Arg, types []*Type) *Method {
	bounds := map[*Type]*Type{}
	bad := map[*Type]bool{}
	var unify func(p, a *Type)
	unify = func(p, a *Type) {
		if p == nil || a == nil || lenient(a) || a.Kind == Null || a.Kind == Lambda || a.Kind == Group {
			return
		}
		switch {
		case p.Kind == TypeParam && p.Method:
			if old, ok := bounds[p]; ok && old != a {
				switch {
				case b.implicitType(a, old):
				case b.implicitType(old, a):
					bounds[p] = a
				default:
					bad[p] = true
				}
				return
			}
			bounds[p] = a
		case p.Kind == Array && a.Kind == Array, p.Kind == Nullable && a.Kind == Nullable:
			unify(p.Elem, a.Elem)
		case p.Def != nil && a.Def == p.Def:
			// AllArgs: a nested type's outer arguments infer too
			// (Dictionary<K, V>.KeyCollection).
			pa, aa := p.AllArgs(), a.AllArgs()
			for i := range pa {
				if i < len(aa) {
					unify(pa[i], aa[i])
				}
			}
		case p.Def != nil && p.Def.Kind == Interface:
			// A type implementing the generic interface (List<int> for
			// IEnumerable<T>) infers from its implementation.
			if impl := b.implementation(a, p.Def); impl != nil && impl != a {
				unify(p, impl)
			} else if a.Kind == Array && len(p.Args) == 1 {
				unify(p.Args[0], a.Elem)
			}
		}
	}
	ps := m.Params
	for i, a := range args {
		var p *Param
		if a.Name != "" {
			for _, q := range ps {
				if q.Name == a.Name {
					p = q
				}
			}
		} else if i < len(ps) {
			p = ps[i]
		} else if m.IsParams() {
			p = ps[len(ps)-1]
		}
		if p == nil {
			continue
		}
		pt := p.Type
		if p.Mod == "params" && pt.Kind == Array && !(types[i].Kind == Array) {
			pt = pt.Elem
		}
		unify(pt, types[i])
	}
	targs := make([]*Type, len(m.TypeParams))
	for i, tp := range m.TypeParams {
		if t, ok := bounds[tp]; ok && !bad[tp] {
			targs[i] = t
		} else {
			targs[i] = b.u.unchecked
		}
	}
	return b.instantiate(m, targs)
}

package bind

import (
	"fmt"
	"strings"

	"asyncvm/lang"
)

// Overload resolution (C# §12.6.4).

// candidate is a method in the form (normal or expanded) in which it
// applies to an argument list.
type candidate struct {
	m        *Method
	expanded bool
	ptypes   []*Type  // the parameter type each argument converts to
	pmods    []string // the modifier of the parameter each argument maps to
	defaults bool     // optional parameters were left to their defaults
}

// mismatch remembers why the first candidate that took the arguments by
// count and name did not apply.
type mismatch struct {
	m     *Method
	arg   int
	param *Param
	from  *Type
}

// applicability is what the applicability test (§12.6.4.2) found among
// the candidates of a call.
type applicability struct {
	apps      []*candidate
	miss      *mismatch // the first candidate an argument did not convert for
	badName   string    // a named argument no candidate has a parameter for
	inferFail *Method   // the first generic candidate whose type inference failed
	// unsatisfied are the candidates that apply but for their type
	// arguments' constraints: chosen among only when no other applies,
	// so that the constraint's error is reported (checkConstraints).
	unsatisfied []*candidate
}

// applicable tests each candidate method, in its normal and (for a params
// method) expanded form, against the argument list: the arguments must
// map to parameters, a generic method's type arguments must be given or
// inferred (§12.6.3), and each argument must convert to its parameter's
// type. normalOnly restricts the test to normal forms (a method group
// conversion).
func (b *binder) applicable(cands []*Method, args []*lang.Arg, types []*Type, typeArgs []*Type, normalOnly bool) applicability {
	var r applicability
	for _, m0 := range cands {
		if len(typeArgs) > 0 {
			if len(m0.TypeParams) != len(typeArgs) {
				continue
			}
			m0 = b.instantiate(m0, typeArgs)
		}
		for _, expanded := range []bool{false, true} {
			if expanded && (normalOnly || !m0.IsParams()) {
				continue
			}
			ps, defaults, bad := mapArgs(m0, args, expanded)
			if ps == nil {
				if bad != "" {
					r.badName = bad
				}
				continue
			}
			m := m0
			if len(typeArgs) == 0 && len(m0.TypeParams) > 0 {
				pts, mods := formTypes(m0, ps, args, expanded)
				targs, ok := b.inferTypeArgs(m0, args, types, pts, mods)
				if !ok {
					if r.inferFail == nil {
						r.inferFail = m0
					}
					continue
				}
				m = b.instantiate(m0, targs)
				ps, _, _ = mapArgs(m, args, expanded)
			}
			c := &candidate{m: m, expanded: expanded, defaults: defaults}
			c.ptypes, c.pmods = formTypes(m, ps, args, expanded)
			ok := true
			for i, a := range args {
				if !b.argConverts(a, types[i], ps[i], c.ptypes[i]) {
					ok = false
					if r.miss == nil {
						r.miss = &mismatch{m: m, arg: i, param: ps[i], from: types[i]}
					}
					break
				}
			}
			if ok && len(m.TypeArgs) > 0 && !b.satisfies(m.Definition().TypeParams, m.TypeArgs, m.Owner) {
				r.unsatisfied = append(r.unsatisfied, c)
				break
			}
			if ok {
				r.apps = append(r.apps, c)
				break // the normal form applies: the expanded one is not considered
			}
		}
	}
	return r
}

// formTypes returns the type each argument converts to in a form of m
// whose parameters ps the arguments map to (a params array's element type
// for the arguments of an expanded form), and the parameters' modifiers.
func formTypes(m *Method, ps []*Param, args []*lang.Arg, expanded bool) ([]*Type, []string) {
	pts := make([]*Type, len(args))
	mods := make([]string, len(args))
	for i := range args {
		p := ps[i]
		pt := p.Type
		if expanded && p == m.Params[len(m.Params)-1] {
			if pt.Kind == Array {
				pt = pt.Elem
			} else if pt.Kind == Interface && len(pt.Args) == 1 && ParamsCollection(pt.Name) || builtParams(pt) {
				pt = pt.Args[0]
			}
		}
		pts[i], mods[i] = pt, p.Mod
	}
	return pts, mods
}

// resolve chooses among methods for the argument list, or returns nil when
// the choice is an error (reported here) or must be left to run time
// (arguments whose types the binder does not know). lib says the
// candidates are only partly described by the tables: their failures are
// left to run time.
func (b *binder) resolve(name string, cands []*Method, args []*lang.Arg, types []*Type, pos lang.Pos, typeArgs []*Type, ctor, lib bool) *Method {
	r := b.applicable(cands, args, types, typeArgs, false)
	if len(r.apps) == 0 {
		r.apps = r.unsatisfied
	}
	if len(r.apps) == 0 {
		if lib {
			return nil
		}
		// An extension method's receiver is not counted (§12.8.10.3:
		// `5.Twice(3)` is "takes 1 arguments").
		given := len(args)
		if len(args) > 0 && b.receivers[args[0]] {
			given--
		}
		arity := arityMismatch(cands, len(typeArgs))
		switch {
		case arity != nil && len(arity.TypeParams) == 0 && !ctor:
			b.errorf(pos, "CS0308", "The non-generic method '%s' cannot be used with type arguments", arity.Signature())
		case arity != nil && !ctor:
			b.errorf(pos, "CS0305", "Using the generic method '%s' requires %d type arguments", arity.Signature(), len(arity.TypeParams))
		case outOfPosition(cands, args) != nil:
			a := outOfPosition(cands, args)
			b.errorf(a.Pos, "CS8323", "Named argument '%s' is used out-of-position but is followed by an unnamed argument", a.Name)
		case r.miss != nil:
			b.reportArg(r.miss, args)
		case r.inferFail != nil:
			b.errorf(pos, "CS0411", "The type arguments for method '%s' cannot be inferred from the usage. Try specifying the type arguments explicitly.", r.inferFail.Signature())
		case r.badName != "" && len(cands) == 1:
			b.errorf(pos, "CS1739", "The best overload for '%s' does not have a parameter named '%s'", name, r.badName)
		case len(cands) == 1 && len(args) < minArgs(cands[0]) && !hasNamed(args):
			// One candidate and too few arguments: C# names the first
			// parameter left without an argument.
			m := cands[0]
			b.errorf(pos, "CS7036", "There is no argument given that corresponds to the required parameter '%s' of '%s'", m.Params[len(args)].Name, m.Signature())
		case ctor:
			b.errorf(pos, "CS1729", "'%s' does not contain a constructor that takes %d arguments", name, given)
		default:
			b.errorf(pos, "CS1501", "No overload for method '%s' takes %d arguments", name, given)
		}
		return nil
	}
	apps := b.mostDerived(r.apps)
	if len(apps) == 1 {
		return b.chosen(apps[0], args)
	}
	c, unknown := b.best(apps, args, types)
	if c != nil {
		return b.chosen(c, args)
	}
	if !lib && !unknown {
		b.errorf(pos, "CS0121", "The call is ambiguous between the following methods or properties: '%s' and '%s'",
			apps[0].m.Definition().Signature(), apps[1].m.Definition().Signature())
	}
	return nil
}

// arityMismatch returns the candidate to name when type arguments were
// given (k of them) and no candidate has k type parameters: the first
// generic one (CS0305), else the first (CS0308). It returns nil when some
// candidate has k type parameters.
func arityMismatch(cands []*Method, k int) *Method {
	if k == 0 || len(cands) == 0 {
		return nil
	}
	var generic *Method
	for _, m := range cands {
		d := m.Definition()
		if len(d.TypeParams) == k {
			return nil
		}
		if generic == nil && len(d.TypeParams) > 0 {
			generic = d
		}
	}
	if generic != nil {
		return generic
	}
	return cands[0].Definition()
}

// best returns the applicable candidate better than every other
// (§12.6.4.3), or nil. unknown says the choice is left to run time: an
// argument's type, or a lambda argument's result, is one the binder does
// not know.
func (b *binder) best(apps []*candidate, args []*lang.Arg, types []*Type) (c *candidate, unknown bool) {
	for _, t := range types {
		if lenient(t) && t.Kind != TypeParam {
			return nil, true
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
			return c, false
		}
	}
	for i, t := range types {
		if t.Kind == Lambda || t.Kind == Group {
			for _, c := range apps {
				if b.resultUnknown(args[i].X, c.ptypes[i]) {
					return nil, true
				}
			}
		}
	}
	return nil, false
}

// resultUnknown reports whether what lambda or method group e yields as a
// value of delegate type d is a type the binder does not know (so that
// the better conversion from it cannot be decided).
func (b *binder) resultUnknown(e lang.Expr, d *Type) bool {
	inv := b.invokeOf(d)
	if inv == nil {
		return false
	}
	if l, ok := e.(*lang.LambdaExpr); ok {
		if !fitParams(l, inv) || len(l.Params) != len(inv.Params) {
			return false
		}
		r := b.inferReturn(l, paramTypes(inv))
		return r.ret != nil && r.ret.IsUnchecked()
	}
	_, cands := b.groupMethods(e)
	for _, m := range cands {
		if m.Owner != nil && b.partlyKnown(m.Owner) {
			return true
		}
	}
	return false
}

// outOfPosition returns the first named argument that is followed by an
// unnamed one and names a parameter other than the one at its position
// in every candidate (CS8323), or nil.
func outOfPosition(cands []*Method, args []*lang.Arg) *lang.Arg {
	for k, a := range args {
		if a.Name == "" {
			continue
		}
		later := false
		for _, b := range args[k+1:] {
			if b.Name == "" {
				later = true
			}
		}
		if !later {
			return nil
		}
		for _, m := range cands {
			if k < len(m.Params) && m.Params[k].Name == a.Name {
				return nil
			}
		}
		return a
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
// string.ToString() hides object.ToString(), and an interface's method its
// base interface's (IEnumerable<T>.GetEnumerator() hides IEnumerable's).
func (b *binder) mostDerived(apps []*candidate) []*candidate {
	if len(apps) < 2 {
		return apps
	}
	out := apps[:0:0]
	for _, c := range apps {
		hidden := false
		for _, d := range apps {
			if d.m.Owner != nil && c.m.Owner != nil && d.m.Owner != c.m.Owner && (b.derives(d.m.Owner, c.m.Owner) || d.m.Owner.Kind == Interface && b.derivesFrom(d.m.Owner, c.m.Owner)) {
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
	if c.expanded && builtParams(c.m.Params[len(c.m.Params)-1].Type) {
		b.paramsCollection(c.m, c.m.Params[len(c.m.Params)-1].Type, args)
	} else if c.expanded {
		// The lone argument of the params parameter: its element, which
		// the caller packs into the array.
		ps, _, _ := mapArgs(c.m, args, true)
		var lone *lang.Arg
		n := 0
		for i, p := range ps {
			if p == c.m.Params[len(c.m.Params)-1] {
				lone = args[i]
				n++
			}
		}
		if n == 1 {
			b.info.Packs[lone] = true
		}
	}
	for i, a := range args {
		if t := b.info.Types[a.X]; targetArms(a.X) != nil && a.Mod == "" && i < len(c.ptypes) && c.ptypes[i] != nil && t != nil {
			b.checkConversion(a.X, t, c.ptypes[i]) // arm by arm when target-typed
			b.noteConversion(a.X, c.ptypes[i])
			continue
		}
		if a.Mod == "" && i < len(c.ptypes) {
			b.targetDefault(a.X, c.ptypes[i])
			b.targetNew(a.X, c.ptypes[i])
			if ce, ok := a.X.(*lang.CollectionExpr); ok {
				b.targetCollection(ce, c.ptypes[i])
				if b.spanCollection(ce, c.ptypes[i]) {
					continue
				}
			}
			b.noteConversion(a.X, c.ptypes[i])
		}
		if t := b.info.Types[a.X]; a.Mod == "" && i < len(c.ptypes) && c.ptypes[i] != nil && t != nil {
			if m := b.paramConversion(a.X, t, c.ptypes[i], false); m != nil {
				b.info.Convs[a.X] = m
				continue
			}
		}
		if t := b.info.Types[a.X]; c.ptypes[i] != nil && t != nil && !b.implicit(a.X, t, c.ptypes[i]) {
			if m := b.userConversion(a.X, t, c.ptypes[i], false); m != nil {
				b.info.Convs[a.X] = m
			}
		}
	}
	b.expanded = c.expanded // set last: binding the arguments resolves other calls
	return c.m
}

// argConverts reports whether argument a of type t converts to parameter p
// (whose type in the chosen form is pt).
func (b *binder) argConverts(a *lang.Arg, t *Type, p *Param, pt *Type) bool {
	mod := a.Mod
	if mod == "in" {
		if p.Mod != "in" {
			return false // CS1615: only an in parameter takes an in argument
		}
		mod = ""
	}
	if mod == "ref" && p.Mod == "in" {
		// C# 12 lets a ref argument reach an in (or ref readonly)
		// parameter (warning CS9191): a variable of the parameter's type.
		return t == pt || lenient(t) || lenient(pt)
	}
	pmod := p.Mod
	if pmod == "in" || pmod == "params" {
		pmod = ""
	}
	if pmod == "ref" && mod == "" && b.receivers[a] {
		// A `this ref` extension method takes its receiver by reference:
		// a variable of the parameter's own value type.
		return t == pt && t.IsValueType() && b.isVariable(a.X)
	}
	if mod != pmod {
		return false
	}
	if pmod == "ref" || pmod == "out" {
		return t == pt || lenient(t) || lenient(pt)
	}
	if targetArms(a.X) != nil {
		return b.targetConverts(a.X, t, pt)
	}
	if t.Kind == TypeParam && pt.Kind == TypeParam && t.Name != pt.Name && !b.typeParamConverts(t, pt, 0) {
		// Two type parameters: T converts to K only through its
		// constraints, so D<K,T>.Remove(K) does not take a T and B<T>'s
		// inherited Remove(T) is chosen.
		return false
	}
	if t.Kind == TypeParam && !lenient(pt) && !b.typeParamConverts(t, pt, 0) {
		return b.userConversion(a.X, t, pt, false) != nil
	}
	return b.implicit(a.X, t, pt) || b.userConversion(a.X, t, pt, false) != nil
}

// typeParamConverts reports whether a value of type parameter tp has an
// implicit conversion to to, a type the binder knows (§10.2.12): to
// object, to its effective base class and interfaces (its bounds and
// what they convert to), to System.ValueType when it is a struct, and
// to its own nullable type.
func (b *binder) typeParamConverts(tp, to *Type, depth int) bool {
	if tp == to || to.Kind == Special && to.Special == Object {
		return true
	}
	if to.Kind == Nullable && to.Elem == tp || depth > 8 || tp.Cons == nil {
		return to.Kind == Nullable && to.Elem == tp
	}
	if tp.Cons.Kind == "struct" || tp.Cons.Kind == "unmanaged" {
		if to.Name == "ValueType" && to.Namespace == "System" {
			return true
		}
	}
	for _, bound := range tp.Cons.Bounds {
		if bound == to {
			return true
		}
		if bound.Kind == TypeParam {
			if b.typeParamConverts(bound, to, depth+1) {
				return true
			}
			continue
		}
		if b.implicit(nil, bound, to) {
			return true
		}
	}
	return false
}

func (b *binder) reportArg(m *mismatch, args []*lang.Arg) {
	a := args[m.arg]
	pmod := m.param.Mod
	if pmod == "params" || pmod == "in" {
		pmod = ""
	}
	amod := a.Mod
	if (amod == "in" || amod == "ref") && m.param.Mod == "in" {
		amod = ""
	}
	switch {
	case amod != pmod && pmod != "":
		b.errorf(a.Pos, "CS1620", "Argument %d must be passed with the '%s' keyword", m.arg+1, pmod)
	case amod != pmod:
		b.errorf(a.Pos, "CS1615", "Argument %d may not be passed with the '%s' keyword", m.arg+1, amod)
	default:
		pt := m.param.Type
		if l, ok := a.X.(*lang.LambdaExpr); ok && m.from.Kind == Lambda {
			// A lambda that does not convert: the errors of its body
			// bound against the parameter's delegate type say why, as
			// Roslyn reports them.
			if inv := b.invokeOf(pt); inv != nil && fitParams(l, inv) && len(inv.Params) == len(l.Params) && typedSignature(inv) {
				n := len(b.diags)
				b.bindLambda(l, inv)
				if len(b.diags) > n {
					return
				}
			}
		}
		if _, ok := a.X.(*lang.InterpolatedString); ok && pt != nil && b.interpolationHandler(pt) {
			b.diags = append(b.diags, lang.Diagnostic{Pos: posOf(a.X), Msg: fmt.Sprintf("an interpolated string converted to a custom interpolated string handler ('%s') is not supported", pt)})
			return
		}
		b.errorf(posOf(a.X), "CS1503", "Argument %d: cannot convert from '%s' to '%s'", m.arg+1, m.from, pt)
	}
}

// interpolationHandler reports whether t is a program type marked
// [InterpolatedStringHandler], which the compiler does not build from an
// interpolated string (docs/deviations.md).
func (b *binder) interpolationHandler(t *Type) bool {
	for _, td := range b.decls[t.Generic()] {
		if HasAttribute(td.Attributes, "InterpolatedStringHandler") {
			return true
		}
	}
	return false
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
			if filled[j] {
				return nil, false, ""
			}
			// A named argument for the params parameter of an expanded
			// form is its one element, as Roslyn accepts (`F(xs: 1)`).
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
// (§12.6.4.3, with Roslyn's tie-breaks).
func (b *binder) better(c, d *candidate, args []*lang.Arg, types []*Type) bool {
	anyBetter, anyWorse := false, false
	allSame := true
	for i := range args {
		if c.ptypes[i] != d.ptypes[i] {
			allSame = false
		}
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
	cu, du := c.used(len(args)), d.used(len(args))
	if !allSame || cu != du {
		// Parameter lists that differ (in types or in the optional and
		// params parameters they use): a normal form beats an expanded
		// one, and one that needs no default beats one that does.
		if cu != du {
			if c.expanded != d.expanded {
				return !c.expanded
			}
			return cu == len(args) && du != len(args)
		}
		return false
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
	if s := moreSpecificParams(c.m.Definition(), d.m.Definition()); s != 0 {
		return s > 0
	}
	return betterPassing(c, d, args)
}

// betterPassing is the last tie-break of §12.6.4.3: c is better when some
// argument passed without a modifier goes to a value parameter of c and an
// in parameter of d (§12.6.4.4), and none the other way round.
func betterPassing(c, d *candidate, args []*lang.Arg) bool {
	if len(c.pmods) != len(args) || len(d.pmods) != len(args) {
		return false
	}
	better := false
	for i, a := range args {
		if a.Mod != "" {
			continue
		}
		switch {
		case c.pmods[i] == "in" && d.pmods[i] == "":
			return false
		case c.pmods[i] == "" && d.pmods[i] == "in":
			better = true
		}
	}
	return better
}

// used is the number of parameters candidate c uses for nargs arguments,
// counting the optional ones left to their defaults: all of a normal
// form's, the fixed ones and the expansion of an expanded form.
func (c *candidate) used(nargs int) int {
	n := len(c.m.Params)
	if c.expanded {
		if nargs < n {
			return n - 1
		}
		return nargs
	}
	return n
}

// moreSpecificParams compares the declared parameter types of two methods
// whose instantiations tie (§12.6.4.3): 1 when c's are more specific, -1
// when d's are, 0 when neither.
func moreSpecificParams(c, d *Method) int {
	if len(c.Params) != len(d.Params) {
		return 0
	}
	ts1 := make([]*Type, len(c.Params))
	ts2 := make([]*Type, len(d.Params))
	for i := range c.Params {
		ts1[i], ts2[i] = c.Params[i].Type, d.Params[i].Type
	}
	return moreSpecificList(ts1, ts2)
}

// moreSpecificList is 1 when some type of ts1 is more specific than its
// counterpart in ts2 and none is less specific, -1 the other way round.
func moreSpecificList(ts1, ts2 []*Type) int {
	result := 0
	for i := range ts1 {
		r := moreSpecificType(ts1[i], ts2[i])
		switch {
		case r == 0:
		case result == 0:
			result = r
		case result != r:
			return 0
		}
	}
	return result
}

// moreSpecificType: a type parameter is less specific than any other
// type; an array or constructed type is more specific than another when
// its element type or type arguments are.
func moreSpecificType(t1, t2 *Type) int {
	p1, p2 := t1.Kind == TypeParam, t2.Kind == TypeParam
	switch {
	case p1 && p2:
		return 0
	case p1:
		return -1
	case p2:
		return 1
	}
	switch {
	case t1.Kind == Array && t2.Kind == Array && t1.Rank == t2.Rank, t1.Kind == Nullable && t2.Kind == Nullable:
		return moreSpecificType(t1.Elem, t2.Elem)
	case t1.Def != nil && t1.Def == t2.Def:
		return moreSpecificList(t1.Args, t2.Args)
	}
	return 0
}

// instantiate substitutes explicit type arguments into a generic method.
func (b *binder) instantiate(m *Method, args []*Type) *Method {
	sub := substitution(m.TypeParams, args)
	c := b.u.substMethod(m, m.Owner, sub)
	c.TypeArgs = args
	return c
}

// isVariable reports whether e is written as a variable (a local, a
// parameter, a field, an array element, this), which a `this ref`
// extension method's receiver must be.
func (b *binder) isVariable(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.Ident, *lang.ThisExpr:
		return true
	case *lang.MemberExpr:
		_, ok := b.memberSym(e).(*Field)
		return ok
	case *lang.IndexExpr:
		xt := b.info.Types[e.X]
		return xt != nil && xt.Kind == Array
	}
	return false
}

// builtParams reports whether a params parameter of type t (C# 13's
// params collections) takes its elements as a collection expression of
// t the caller builds: Span<T>, ReadOnlySpan<T>, List<T>, and IList<T>
// and ICollection<T> (a List<T>), which an array of the elements is not.
func builtParams(t *Type) bool {
	if isSpan(t) {
		return true
	}
	if t == nil || t.Def == nil || len(t.Args) != 1 || t.Namespace != "System.Collections.Generic" {
		return false
	}
	switch t.Def.Name {
	case "List", "IList", "ICollection":
		return true
	}
	return false
}

// BuiltParamsRef reports whether a params parameter declared with type
// tr is one builtParams accepts, by its name as written.
func BuiltParamsRef(tr *lang.TypeRef) bool {
	if tr == nil || tr.ArrayRank != 0 || len(tr.Args) != 1 {
		return false
	}
	switch strings.TrimPrefix(strings.TrimPrefix(tr.Name, "System.Collections.Generic."), "System.") {
	case "Span", "ReadOnlySpan", "List", "IList", "ICollection":
		return true
	}
	return false
}

// paramsCollection records the collection expression that the expanded
// form of a call to m builds from the arguments of its params parameter
// of type t (builtParams): `F(1, 2)` with `F(params List<int> xs)` is
// `F([1, 2])` (§12.6.4.2). Its elements are the arguments as bound; a
// call with none gets the empty collection from code generation, which
// knows the parameter's type.
func (b *binder) paramsCollection(m *Method, t *Type, args []*lang.Arg) {
	ps, _, _ := mapArgs(m, args, true)
	last := m.Params[len(m.Params)-1]
	var first *lang.Arg
	ce := &lang.CollectionExpr{}
	for i, p := range ps {
		if p == last {
			if first == nil {
				first, ce.Pos = args[i], args[i].Pos
			}
			ce.Elems = append(ce.Elems, args[i].X)
		}
	}
	if first == nil {
		return
	}
	b.info.Types[ce] = t
	b.info.CollectionTargets[ce] = t
	b.spanCollection(ce, t)
	b.info.ParamsBuilt[first] = ce
}

// ParamsCollection reports whether a params parameter of the generic
// interface named name (C# 13's params collections) takes its elements
// packed into an array: IEnumerable<T>, IReadOnlyCollection<T> and
// IReadOnlyList<T>, which an array implements.
func ParamsCollection(name string) bool {
	switch strings.TrimPrefix(name, "System.Collections.Generic.") {
	case "IEnumerable", "IReadOnlyCollection", "IReadOnlyList":
		return true
	}
	return false
}

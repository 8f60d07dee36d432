package bind

import (
	"asyncvm/lang"
)

// Type inference for generic method calls (C# §12.6.3), as Roslyn's
// MethodTypeInferrer implements it.
//
// Each type parameter X of the method collects bounds: exact (X must be
// U), lower (U must convert to X) and upper (X must convert to U). The
// first phase infers from each argument with a type: a lower-bound
// inference from its type to its parameter's type (exact for ref and
// out), and from an explicitly typed lambda's parameter types to the
// delegate's (exact). The second phase repeats until every type parameter
// is fixed: it makes output type inferences from the lambdas and method
// groups whose delegate parameter types are now known (a lambda's
// inferred return type, a group's chosen overload's return type, as a
// lower bound on the delegate's return type), then fixes the type
// parameters that have bounds and depend on no unfixed one, or, when
// there is none, those that others depend on. X depends on Y when some
// lambda or method group argument has Y in its delegate's parameter
// types and X in its return type. Fixing picks, among the bounds, the one
// type every bound admits and every other candidate converts to.
//
// What the binder does not know (an argument of Unchecked type, a lambda
// whose result is Unchecked) never makes inference fail: the type
// parameters left unfixed then become Unchecked, as before inference was
// modelled.

// bounds are what inference learned about one type parameter.
type bounds struct {
	exact, lower, upper []*Type
}

// inference is one run of type inference for a call of a generic method.
type inference struct {
	b      *binder
	tps    []*Type // the method's type parameters
	fixed  []*Type // nil while unfixed
	bounds []bounds
	args   []*lang.Arg
	types  []*Type  // each argument's type
	ptypes []*Type  // the parameter type each argument maps to, or nil
	mods   []string // the parameter modifier ("ref", "out") of each
	output []bool   // an output type inference was made from the argument
	// unknown records that something the binder does not model took
	// part: a failure is then not an error.
	unknown bool
}

// inferTypeArgs infers the type arguments of generic method m for the
// arguments (of types types) mapped to parameters of types ptypes (m's
// own type parameters in them). ok is false when inference fails (CS0411
// if no other candidate applies).
func (b *binder) inferTypeArgs(m *Method, args []*lang.Arg, types, ptypes []*Type, mods []string) (targs []*Type, ok bool) {
	in := &inference{b: b, tps: m.TypeParams, fixed: make([]*Type, len(m.TypeParams)), bounds: make([]bounds, len(m.TypeParams)),
		args: args, types: types, ptypes: ptypes, mods: mods, output: make([]bool, len(args))}
	in.firstPhase()
	ok = in.secondPhase()
	if !ok && !in.unknown {
		return nil, false
	}
	targs = make([]*Type, len(in.tps))
	for i, t := range in.fixed {
		if t == nil {
			t = b.u.unchecked
		}
		targs[i] = t
	}
	return targs, true
}

func (in *inference) firstPhase() {
	for i, pt := range in.ptypes {
		if pt == nil {
			continue
		}
		at := in.types[i]
		switch {
		case at == nil || at.Kind == Group || at.Kind == Null || at.Kind == Default:
		case at.Kind == Lambda:
			in.explicitParams(in.args[i].X, pt)
		case at.IsUnchecked():
			in.unknown = true
		case in.mods[i] == "ref" || in.mods[i] == "out":
			in.exact(at, pt)
		default:
			in.lower(at, pt)
		}
	}
}

// explicitParams is the explicit parameter type inference from an
// explicitly typed lambda e to delegate type pt: exact inferences from
// its parameter types to the delegate's.
func (in *inference) explicitParams(e lang.Expr, pt *Type) {
	l, ok := e.(*lang.LambdaExpr)
	inv := in.b.invokeOf(pt)
	if !ok || inv == nil || !fitParams(l, inv) || len(l.Params) != len(inv.Params) || !explicitlyTyped(l) {
		return
	}
	for j, p := range l.Params {
		in.exact(in.b.resolveType(p.Type, in.b.typeCtx()), inv.Params[j].Type)
	}
}

func explicitlyTyped(l *lang.LambdaExpr) bool {
	for _, p := range l.Params {
		if p.Type == nil {
			return false
		}
	}
	return len(l.Params) > 0
}

// secondPhase fixes the type parameters in dependency order, making output
// type inferences as their inputs become known.
func (in *inference) secondPhase() bool {
	for {
		if in.allFixed() {
			return true
		}
		in.outputInferences()
		progress, ok := in.fixWhere(func(i int) bool { return !in.dependsOnAny(i) })
		if !ok {
			return false
		}
		if !progress {
			progress, ok = in.fixWhere(func(i int) bool { return in.anyDependsOn(i) })
			if !ok {
				return false
			}
		}
		if !progress {
			return false
		}
	}
}

func (in *inference) allFixed() bool {
	for _, t := range in.fixed {
		if t == nil {
			return false
		}
	}
	return true
}

// index returns the position of t among the method's type parameters, or -1.
func (in *inference) index(t *Type) int {
	if t == nil || t.Kind != TypeParam || !t.Method {
		return -1
	}
	for i, tp := range in.tps {
		if tp == t {
			return i
		}
	}
	return -1
}

// mentionsUnfixed reports whether t mentions a type parameter not yet fixed.
func (in *inference) mentionsUnfixed(t *Type) bool {
	if t == nil {
		return false
	}
	if i := in.index(t); i >= 0 {
		return in.fixed[i] == nil
	}
	switch t.Kind {
	case Array, Nullable:
		return in.mentionsUnfixed(t.Elem)
	}
	for _, a := range t.Args {
		if in.mentionsUnfixed(a) {
			return true
		}
	}
	return t.Outer != nil && in.mentionsUnfixed(t.Outer) // Dictionary<K, V>.KeyCollection
}

// subst replaces the fixed type parameters in t.
func (in *inference) subst(t *Type) *Type {
	sub := map[*Type]*Type{}
	for i, f := range in.fixed {
		if f != nil {
			sub[in.tps[i]] = f
		}
	}
	return in.b.u.Subst(t, sub)
}

// signature returns the delegate Invoke of argument k's parameter type
// when argument k is a lambda or a method group (the arguments that have
// input and output types), else nil.
func (in *inference) signature(k int) *Method {
	if in.ptypes[k] == nil || in.types[k] == nil || in.types[k].Kind != Lambda && in.types[k].Kind != Group {
		return nil
	}
	return in.b.invokeOf(in.ptypes[k])
}

// inputTypes are argument k's input types: the delegate's parameter types,
// unless the argument is an explicitly typed lambda.
func (in *inference) inputTypes(k int, inv *Method) []*Type {
	if l, ok := in.args[k].X.(*lang.LambdaExpr); ok && explicitlyTyped(l) {
		return nil
	}
	ts := make([]*Type, len(inv.Params))
	for i, p := range inv.Params {
		ts[i] = p.Type
	}
	return ts
}

// dependsDirectly reports whether unfixed Xi depends directly on unfixed
// Xj: some argument has Xj in an input type and Xi in its output type.
func (in *inference) dependsDirectly(i, j int) bool {
	for k := range in.args {
		inv := in.signature(k)
		if inv == nil || !in.mentions(inv.Ret, i) {
			continue
		}
		for _, t := range in.inputTypes(k, inv) {
			if in.mentions(t, j) {
				return true
			}
		}
	}
	return false
}

// mentions reports whether t mentions type parameter i.
func (in *inference) mentions(t *Type, i int) bool {
	if t == nil {
		return false
	}
	if t == in.tps[i] {
		return true
	}
	switch t.Kind {
	case Array, Nullable:
		return in.mentions(t.Elem, i)
	}
	for _, a := range t.Args {
		if in.mentions(a, i) {
			return true
		}
	}
	return t.Outer != nil && in.mentions(t.Outer, i)
}

// dependsOn reports whether unfixed Xi depends on unfixed Xj, directly or
// through other unfixed type parameters.
func (in *inference) dependsOn(i, j int) bool {
	seen := make([]bool, len(in.tps))
	var walk func(x int) bool
	walk = func(x int) bool {
		for y := range in.tps {
			if in.fixed[y] != nil || seen[y] || !in.dependsDirectly(x, y) {
				continue
			}
			if y == j {
				return true
			}
			seen[y] = true
			if walk(y) {
				return true
			}
		}
		return false
	}
	return walk(i)
}

func (in *inference) dependsOnAny(i int) bool {
	for j := range in.tps {
		if in.fixed[j] == nil && in.dependsOn(i, j) {
			return true
		}
	}
	return false
}

// anyDependsOn reports whether some unfixed type parameter depends on Xi,
// Xi itself included: T of F<T>(Func<T>, Func<T, T>) depends on itself
// through the second lambda and is fixed from the first one's bound, as
// Roslyn fixes it.
func (in *inference) anyDependsOn(i int) bool {
	for j := range in.tps {
		if in.fixed[j] == nil && in.dependsOn(j, i) {
			return true
		}
	}
	return false
}

// outputInferences makes an output type inference from every lambda and
// method group argument whose output type mentions an unfixed type
// parameter and whose input types do not.
func (in *inference) outputInferences() {
	for k := range in.args {
		inv := in.signature(k)
		if inv == nil || in.output[k] || !in.mentionsUnfixed(inv.Ret) {
			continue
		}
		inputs := in.inputTypes(k, inv)
		ready := true
		for _, t := range inputs {
			if in.mentionsUnfixed(t) {
				ready = false
			}
		}
		if !ready {
			continue
		}
		in.output[k] = true
		ps := make([]*Type, len(inv.Params))
		for i, p := range inv.Params {
			ps[i] = in.subst(p.Type)
		}
		var u *Type
		if in.types[k].Kind == Lambda {
			l := in.args[k].X.(*lang.LambdaExpr)
			if !fitParams(l, inv) || len(l.Params) != len(ps) {
				continue
			}
			if t := in.b.declaredReturn(l); t != nil {
				u = t // an explicit return type is the lambda's (C# 10)
			} else {
				u = in.b.inferReturn(l, ps).ret
				if l.IsAsync {
					u = in.b.asTaskLike(u, inv.Ret)
				}
			}
		} else if m := in.b.groupResolve(in.args[k].X, ps, inv); m != nil {
			u = m.Ret
		}
		switch {
		case u == nil || isVoid(u):
		case u.IsUnchecked():
			in.unknown = true
		default:
			in.lower(u, inv.Ret)
		}
	}
}

// fixWhere fixes every unfixed type parameter with bounds that satisfies
// pick. progress says one was fixed; ok is false when fixing one failed.
func (in *inference) fixWhere(pick func(i int) bool) (progress, ok bool) {
	var chosen []int
	for i := range in.tps {
		bs := in.bounds[i]
		if in.fixed[i] == nil && len(bs.exact)+len(bs.lower)+len(bs.upper) > 0 && pick(i) {
			chosen = append(chosen, i)
		}
	}
	for _, i := range chosen {
		t := in.fix(i)
		if t == nil {
			return false, false
		}
		in.fixed[i] = t
	}
	return len(chosen) > 0, true
}

// fix chooses the type of type parameter i from its bounds, or nil.
func (in *inference) fix(i int) *Type {
	bs := in.bounds[i]
	var cands []*Type
	for _, list := range [][]*Type{bs.exact, bs.lower, bs.upper} {
		for _, t := range list {
			if t.IsUnchecked() {
				return in.b.u.unchecked
			}
			cands = appendType(cands, t)
		}
	}
	var ok []*Type
	for _, c := range cands {
		fits := true
		for _, e := range bs.exact {
			fits = fits && in.b.u.Erase(e) == in.b.u.Erase(c) // tuple names do not count
		}
		for _, l := range bs.lower {
			fits = fits && in.b.implicitType(l, c)
		}
		for _, u := range bs.upper {
			fits = fits && in.b.implicitType(c, u)
		}
		if fits {
			ok = append(ok, c)
		}
	}
	return in.b.bestOf(ok)
}

// bestOf returns the one type among ts that every other converts to, or
// nil when there is none or more than one.
func (b *binder) bestOf(ts []*Type) *Type {
	var best *Type
	for _, c := range ts {
		all := true
		for _, o := range ts {
			if o != c && !b.implicitType(o, c) {
				all = false
				break
			}
		}
		if all {
			if best != nil && b.u.Erase(best) != b.u.Erase(c) {
				return nil
			}
			if best != nil {
				best = b.u.MergeNames(best, c) // the same type but for tuple element names
				continue
			}
			best = c
		}
	}
	return best
}

func appendType(ts []*Type, t *Type) []*Type {
	for _, o := range ts {
		if o == t {
			return ts
		}
	}
	return append(ts, t)
}

func (in *inference) addBound(i int, t *Type, kind int) {
	if in.fixed[i] != nil {
		return
	}
	bs := &in.bounds[i]
	switch kind {
	case 0:
		bs.exact = appendType(bs.exact, t)
	case 1:
		bs.lower = appendType(bs.lower, t)
	default:
		bs.upper = appendType(bs.upper, t)
	}
}

// exact is the exact inference from u to v.
func (in *inference) exact(u, v *Type) {
	if u == nil || v == nil || !in.mentionsUnfixed(v) {
		return
	}
	if i := in.index(v); i >= 0 {
		if u.IsUnchecked() {
			in.unknown = true
		}
		in.addBound(i, u, 0)
		return
	}
	switch {
	case u.IsUnchecked():
		in.unknown = true
	case u.Kind == Array && v.Kind == Array && u.Rank == v.Rank, u.Kind == Nullable && v.Kind == Nullable:
		in.exact(u.Elem, v.Elem)
	case v.Def != nil && u.Def == v.Def:
		// AllArgs: a nested type's outer arguments infer too
		// (Dictionary<K, V>.KeyCollection).
		ua, va := u.AllArgs(), v.AllArgs()
		for j := range va {
			if j < len(ua) {
				in.exact(ua[j], va[j])
			}
		}
	}
}

// outerExact infers exactly from the outer type arguments of c to those
// of v, constructions of one nested type: a nested type is invariant in
// its outer's type parameters.
func (in *inference) outerExact(c, v *Type) {
	if c.Outer != nil && v.Outer != nil {
		in.exact(c.Outer, v.Outer)
	}
}

// lower is the lower-bound inference from u to v.
func (in *inference) lower(u, v *Type) {
	if u == nil || v == nil || !in.mentionsUnfixed(v) {
		return
	}
	if i := in.index(v); i >= 0 {
		if u.IsUnchecked() {
			in.unknown = true
		}
		in.addBound(i, u, 1)
		return
	}
	if u.IsUnchecked() {
		in.unknown = true
		return
	}
	switch {
	case u.Kind == Array:
		var ve *Type
		if v.Kind == Array && v.Rank == u.Rank {
			ve = v.Elem
		} else if u.Rank == 1 && arrayInterface(v) {
			ve = v.Args[0]
		}
		if ve != nil {
			if u.Elem.IsReference() {
				in.lower(u.Elem, ve)
			} else {
				in.exact(u.Elem, ve)
			}
		}
	case u.Kind == Nullable && v.Kind == Nullable:
		in.lower(u.Elem, v.Elem)
	case v.Def != nil:
		c := in.b.constructionOf(u, v.Def)
		if c == nil {
			return
		}
		for j := range v.Args {
			in.byVariance(c.Args[j], v.Args[j], in.b.variance(v.Def, j), false)
		}
		in.outerExact(c, v)
	}
}

// upper is the upper-bound inference from u to v.
func (in *inference) upper(u, v *Type) {
	if u == nil || v == nil || !in.mentionsUnfixed(v) {
		return
	}
	if i := in.index(v); i >= 0 {
		if u.IsUnchecked() {
			in.unknown = true
		}
		in.addBound(i, u, 2)
		return
	}
	if u.IsUnchecked() {
		in.unknown = true
		return
	}
	switch {
	case u.Kind == Array && v.Kind == Array && u.Rank == v.Rank:
		if u.Elem.IsReference() {
			in.upper(u.Elem, v.Elem)
		} else {
			in.exact(u.Elem, v.Elem)
		}
	case u.Kind == Nullable && v.Kind == Nullable:
		in.upper(u.Elem, v.Elem)
	case u.Def != nil:
		c := in.b.constructionOf(v, u.Def)
		if c == nil {
			return
		}
		for j := range u.Args {
			in.byVariance(u.Args[j], c.Args[j], in.b.variance(u.Def, j), true)
		}
		in.outerExact(u, c)
	}
}

// byVariance infers from type argument u to type argument v of a generic
// type whose type parameter has variance vr (+1 out, -1 in, 0 neither):
// exact unless u is a reference type and the parameter is variant; a
// covariant one keeps the direction (lower, or upper when flip), a
// contravariant one reverses it.
func (in *inference) byVariance(u, v *Type, vr int, flip bool) {
	if vr == 0 || !u.IsReference() {
		in.exact(u, v)
		return
	}
	if (vr > 0) != flip {
		in.lower(u, v)
	} else {
		in.upper(u, v)
	}
}

// arrayInterface reports whether v is one of the generic interfaces a
// one-dimensional array implements for its element type.
func arrayInterface(v *Type) bool {
	if v.Def == nil || v.Def.Kind != Interface || v.Def.Namespace != "System.Collections.Generic" || len(v.Args) != 1 {
		return false
	}
	switch v.Def.Name {
	case "IEnumerable", "ICollection", "IList", "IReadOnlyList", "IReadOnlyCollection":
		return true
	}
	return false
}

// constructionOf returns the construction of generic definition def that
// t is, derives from or implements (List<int> for IEnumerable<T>), or nil.
func (b *binder) constructionOf(t, def *Type) *Type {
	if t.Generic() == def {
		return t
	}
	if t.Kind == Array {
		if c := b.u.Construct(def, []*Type{t.Elem}); t.Rank == 1 && arrayInterface(c) {
			return c
		}
		return nil
	}
	return b.implementation(t, def)
}

// variance returns the variance of type parameter j of generic definition
// def: +1 covariant, -1 contravariant, 0 invariant. The library declares
// `in` and `out`, but declarations keep no variance, so it is derived: a
// delegate's type parameter is covariant when it is Invoke's return type
// and contravariant when it is a parameter's type (true of Func, Action,
// Predicate, Comparison and Converter); a library interface's is taken to
// be covariant, as conversions take it (docs/deviations.md); a class's is
// invariant. A program's interfaces and annotated delegates have their
// declared `in` and `out`.
func (b *binder) variance(def *Type, j int) int {
	if programDeclared(def) && (def.Kind == Interface || def.Kind == Delegate) {
		// A program's interface or delegate: its declared annotations (an
		// unannotated interface is invariant; an unannotated delegate's
		// variance is derived as the library's is).
		if v := def.Decl.Variance; v != nil || def.Kind == Interface {
			if j < len(v) {
				switch v[j] {
				case "out":
					return 1
				case "in":
					return -1
				}
			}
			return 0
		}
	}
	switch def.Kind {
	case Interface:
		return 1
	case Delegate:
		inv := b.invokeOf(def)
		if inv == nil || j >= len(def.Params) {
			return 0
		}
		tp := def.Params[j]
		if inv.Ret == tp {
			return 1
		}
		for _, p := range inv.Params {
			if p.Type == tp && p.Mod == "" {
				return -1
			}
		}
	}
	return 0
}

func isVoid(t *Type) bool { return t != nil && t.Kind == Special && t.Special == Void }

// ---- Lambdas: the inferred return type (§12.6.3.13) ----

// lambdaResult is what binding a copy of a lambda against parameter types
// tells about its result.
type lambdaResult struct {
	// ret is the inferred return type: the expression body's type, or the
	// best common type of the values the block returns; an async lambda's
	// is Task<that>, or Task when it returns no value. void for a
	// non-async lambda that returns no value; nil when there is none.
	ret *Type
	// results are the expression body, or the returned expressions, of
	// the copy, with their types.
	results []lang.Expr
	types   []*Type
}

// inferReturn binds a copy of lambda l with parameter types ps (its
// explicit types where written) and returns what its body yields.
// Diagnostics of the copy are dropped.
func (b *binder) inferReturn(l *lang.LambdaExpr, ps []*Type) lambdaResult {
	origin, env := b.lambdaEnv(l)
	for _, lb := range b.lambdas[origin] {
		if lb.target == nil && sameTypes(lb.params, ps) && sameTypes(lb.env, env) {
			return lb.result
		}
	}
	r := b.inferReturnOnce(l, ps)
	b.lambdas[origin] = append(b.lambdas[origin], &lambdaBinding{params: ps, env: env, result: r})
	return r
}

// inferReturnOnce is inferReturn without the cache.
func (b *binder) inferReturnOnce(l *lang.LambdaExpr, ps []*Type) lambdaResult {
	c := b.copyLambda(l)
	var r lambdaResult
	b.speculate(func() {
		b.info.LambdaBodies++
		b.body(c.IsStatic || b.fn.static, nil, b.lambdaParams(c, ps), nil, func() {
			b.fn.async = c.IsAsync
			b.fn.lambda = true
			if c.ExprBody != nil {
				r.results = []lang.Expr{c.ExprBody}
				r.types = []*Type{b.expr(c.ExprBody)}
			}
			if c.Body != nil {
				b.block(c.Body)
				for _, s := range returns(c.Body) {
					if s.X != nil {
						r.results = append(r.results, s.X)
						r.types = append(r.types, b.info.Types[s.X])
					}
				}
			}
		})
	})
	var ts []*Type
	valued := false
	for _, t := range r.types {
		if t == nil || isVoid(t) {
			continue
		}
		valued = true
		if t.Kind == Null || t.Kind == Lambda || t.Kind == Group || t.Kind == Default {
			continue
		}
		ts = appendType(ts, t)
	}
	var effective *Type
	switch {
	case !valued:
		if c.IsAsync {
			r.ret = b.taskType(nil)
		} else {
			r.ret = b.u.special[Void]
		}
		return r
	case len(ts) == 0:
		return r
	}
	for _, t := range ts {
		if t.IsUnchecked() {
			effective = b.u.unchecked
		}
	}
	if effective == nil {
		effective = b.bestOf(ts)
	}
	if effective == nil {
		return r
	}
	if c.IsAsync {
		if effective.IsUnchecked() {
			r.ret = b.u.unchecked
		} else {
			r.ret = b.taskType(effective)
		}
		return r
	}
	r.ret = effective
	return r
}

// lambdaParams are the parameters of lambda l converted to a delegate
// whose parameter types are ps: an explicitly typed parameter keeps its
// own type.
func (b *binder) lambdaParams(l *lang.LambdaExpr, ps []*Type) []*Param {
	var out []*Param
	for i, p := range l.Params {
		pt := b.u.unchecked
		if i < len(ps) {
			pt = ps[i]
		}
		if p.Type != nil {
			pt = b.resolveType(p.Type, b.typeCtx())
		}
		name := p.Name
		if name == "_" && lang.DiscardParams(l.Params) {
			name = ""
		}
		out = append(out, &Param{Name: name, Type: pt})
	}
	return out
}

// returns lists the return statements of a lambda's block body, not those
// of nested lambdas and local functions.
func returns(body *lang.BlockStmt) []*lang.ReturnStmt {
	var out []*lang.ReturnStmt
	lang.Inspect(body, func(n lang.Node) bool {
		switch n := n.(type) {
		case *lang.LambdaExpr, *lang.LocalFuncStmt:
			return false
		case *lang.ReturnStmt:
			out = append(out, n)
		}
		return true
	})
	return out
}

// taskType returns Task (elem nil) or Task<elem>.
func (b *binder) taskType(elem *Type) *Type {
	if elem == nil {
		if t := b.u.lookup("System.Threading.Tasks.Task", 0); t != nil {
			return t
		}
		return b.u.unchecked
	}
	def := b.u.lookup("System.Threading.Tasks.Task", 1)
	if def == nil {
		return b.u.unchecked
	}
	return b.u.Construct(def, []*Type{elem})
}

// asTaskLike returns an async lambda's inferred return type u (Task<X>)
// as the generic task-like type the delegate returns, ret (ValueTask<X>
// for ValueTask<TResult>): Roslyn infers an async lambda's return type
// with the delegate's own task-like type when it is one, so TResult is
// inferred from X. Anything else is returned unchanged.
func (b *binder) asTaskLike(u, ret *Type) *Type {
	x := taskResult(u)
	if x == nil || ret == nil || ret.Def == nil || len(ret.Args) != 1 || taskResult(ret) != nil {
		return u
	}
	g := ret.Def
	if !(g.Lib && g.Namespace == "System.Threading.Tasks" && g.Name == "ValueTask") && !taskLike(ret) {
		return u
	}
	return b.u.Construct(g, []*Type{x})
}

// taskResult returns T when t is Task<T>, else nil.
func taskResult(t *Type) *Type {
	if t == nil || t.Def == nil || len(t.Args) != 1 {
		return nil
	}
	g := t.Def
	if g.Lib && g.Namespace == "System.Threading.Tasks" && g.Name == "Task" {
		return t.Args[0]
	}
	return nil
}

// speculate runs f, which binds copies of syntax to learn about them, and
// reports whether it bound without errors; its diagnostics and constraint
// checks are dropped.
func (b *binder) speculate(f func()) bool {
	saved, checks := b.diags, b.checks
	b.diags = nil
	b.speculating++
	f()
	b.speculating--
	ok := len(b.diags) == 0
	b.diags, b.checks = saved, checks
	return ok
}

// implicitArrayElem is the element type of an implicitly typed array
// `new[] { ... }` (§12.8.17.5): the best common type of its elements (the
// one their types all convert to, as when inferring a type parameter from
// lower bounds), to which each element is converted; CS0826 when there
// is none. nil when an element's type is unknown.
func (b *binder) implicitArrayElem(pos lang.Pos, elems []lang.Expr) *Type {
	var ts []*Type
	for _, x := range elems {
		t := b.info.Types[x]
		switch {
		case t == nil || t.IsUnchecked() || lenient(t):
			return nil
		case t.Kind == Null || t.Kind == Lambda || t.Kind == Group || t.Kind == Default:
			continue
		}
		ts = appendType(ts, t)
	}
	elem := b.bestOf(ts)
	if elem == nil {
		b.errorf(pos, "CS0826", "No best type found for implicitly-typed array")
		return nil
	}
	for _, x := range elems {
		b.checkConversion(x, b.info.Types[x], elem)
		b.noteConversion(x, elem)
	}
	return elem
}

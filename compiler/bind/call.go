package bind

import (
	"fmt"
	"slices"
	"strings"

	"asyncvm/lang"
)

// call binds an invocation: it finds the method group the callee names,
// runs overload resolution and records the chosen method.
func (b *binder) call(e *lang.CallExpr) *Type {
	u := b.u
	var cands []*Method
	name := ""
	lib := false
	var instance lang.Expr // the receiver of an instance access, for CS0176
	var typeArgs []*lang.TypeRef
	var staticRecv *Type // the type a static access names
	switch f := e.Fun.(type) {
	case *lang.Ident:
		name, typeArgs = f.Name, f.TypeArgs
		if _, ok := b.scope.lookupVar(f.Name); ok && len(f.TypeArgs) == 0 {
			return b.invokeDelegate(e, b.expr(f)) // a delegate invocation
		}
		b.info.Types[f] = u.group
		if lf := b.scope.lookupFunc(f.Name); lf != nil {
			cands = []*Method{lf}
		} else {
			for c := b.cls; c != nil && len(cands) == 0; c = c.Outer {
				syms := b.lookup(c, f.Name)
				if len(syms) > 0 && memberType(syms[0]) != nil {
					b.info.Types[f] = memberType(syms[0])
					b.eventAccess(syms[0], f.Pos)
					return b.invokeDelegate(e, memberType(syms[0])) // a delegate-typed field or property
				}
				cands = methods(syms)
			}
			if len(cands) == 0 && b.guessingType == 0 && b.reportInaccessibleInScope(f.Name, f.Pos, len(e.Args)) {
				b.args(e.Args)
				return u.unchecked
			}
		}
	case *lang.MemberExpr:
		name, typeArgs = f.Name, f.TypeArgs
		recv, static := b.receiver(f.X, f.Name)
		if recv == nil {
			b.args(e.Args)
			return u.unchecked
		}
		if recv.IsTuple() && !static {
			if i := recv.TupleElemName(f.Name); i >= 0 {
				// A delegate-typed tuple element invoked: item.Callback(state).
				t := recv.TupleElems()[i]
				b.info.Types[f] = t
				return b.invokeDelegate(e, t)
			}
		}
		syms := b.lookupVia(f.X, recv, f.Name)
		if len(syms) == 0 && static {
			syms = b.numericStatics(recv, f.Name)
		}
		if len(syms) > 0 && memberType(syms[0]) != nil {
			if b.invokeOf(memberType(syms[0])) == nil && !static {
				// An invoked member lookup drops the members that cannot
				// be invoked (C# §12.5): list.Count() is LINQ's Count
				// beside List<T>'s property.
				if t, ok := b.extensionCall(e, f, recv); ok {
					return t
				}
			}
			b.info.Types[f] = memberType(syms[0])
			b.eventAccess(syms[0], f.Pos)
			return b.invokeDelegate(e, memberType(syms[0]))
		}
		cands = methods(syms)
		if len(cands) > 0 && len(withArity(cands, len(f.TypeArgs))) == 0 && !static {
			if t, ok := b.extensionCall(e, f, recv); ok {
				return t
			}
		}
		b.info.Types[f] = u.group
		if len(cands) == 0 && f.Query != "" && b.noQueryPattern(recv) {
			b.errorf(f.Pos, "CS1936", "Could not find an implementation of the query pattern for source type '%s'.  '%s' not found.", recv, f.Name)
			b.args(e.Args)
			return u.unchecked
		}
		if len(cands) == 0 && !static {
			if t, ok := b.extensionCall(e, f, recv); ok {
				return t
			}
		}
		if len(cands) == 0 && static {
			if t, ok := b.staticExtensionCall(e, f, recv); ok {
				return t
			}
		}
		if len(cands) == 0 {
			if b.reportInaccessible(recv, f.Name, f.Pos, len(e.Args)) {
				b.args(e.Args)
				return u.unchecked
			}
			if !(f.NullCond && recv.Kind == Nullable) && b.missIsError(recv, f.Name) {
				b.reportMiss(recv, f.Name, static, f.Pos)
			}
			b.args(e.Args)
			return u.unchecked
		}
		lib = b.partlyKnown(recv)
		if !static {
			instance = f.X
		} else {
			staticRecv = recv
		}
	default:
		return b.invokeDelegate(e, b.expr(e.Fun))
	}
	args := b.args(e.Args)
	if len(cands) == 0 {
		return u.unchecked
	}
	for _, c := range cands {
		if c.Owner != nil && b.partlyKnown(c.Owner) {
			lib = true
		}
	}
	var targs []*Type
	for _, ta := range typeArgs {
		targs = append(targs, b.resolveType(ta, b.typeCtx()))
	}
	before := len(b.diags)
	m := b.resolve(name, cands, e.Args, args, e.Fun.Position(), targs, false, lib)
	if m == nil {
		if t, ok := b.extensionFallback(e, instance, before); ok {
			return t
		}
		if t, ok := b.staticExtensionFallback(e, staticRecv, before); ok {
			return t
		}
		return b.commonReturn(cands, len(e.Args))
	}
	if instance != nil && m.Static && !m.Ext {
		// An instance access leaves the static methods out of the group
		// (C# 7.3's improved candidates), so an extension method applies
		// before CS0176: span.Equals(other, comparisonType).
		if t, ok := b.extensionFallback(e, instance, before); ok {
			return t
		}
	}
	b.info.Calls[e] = m
	if f, ok := e.Fun.(*lang.MemberExpr); ok {
		if _, viaBase := f.X.(*lang.BaseExpr); viaBase {
			if d, ok := m.Definition().Decl.(*lang.MethodDecl); ok && d.Modifiers.Has(lang.ModAbstract) {
				b.errorf(f.X.Position(), "CS0205", "Cannot call an abstract base member: '%s'", m.Definition().Signature())
			}
		}
	}
	if staticRecv != nil && m.Static {
		b.staticAccess(e, staticRecv, m, e.Fun.Position())
	}
	if b.conditionalOmitted(m) || partialOmitted(m) {
		b.info.Omitted[e] = true
	}
	if id, ok := e.Fun.(*lang.Ident); ok && m.Owner != nil {
		b.instanceInInitializer(m, id.Pos, m.Definition().Signature())
		if !m.Static && !m.Ext && !b.fieldInit && b.inStaticMethod() {
			b.errorf(id.Pos, "CS0120", "An object reference is required for the non-static field, method, or property '%s'", m.Definition().Signature())
		}
	}
	if len(m.TypeArgs) > 0 && b.program[b.file] {
		b.needConstraints(e.Fun.Position(), m.Definition().Signature(), m.Definition().TypeParams, m.TypeArgs, m.Owner)
	}
	if instance != nil && m.Static && !m.Ext {
		b.staticThroughInstance(instance, e.Fun, m.Signature())
	}
	b.fixOutVars(m, e.Args)
	b.convertArgGroups(m, e.Args)
	if m.Ret == nil {
		return u.unchecked
	}
	return m.Ret
}

// extensionFallback binds e as an extension method invocation when the
// instance methods its member access names have no applicable one
// (§12.8.10.2: `list.Contains(x, comparer)` passes over List<T>'s
// Contains(T) to Enumerable.Contains). before is the number of diagnostics
// before the instance overload resolution, whose errors are dropped when an
// extension method applies; otherwise they stand.
func (b *binder) extensionFallback(e *lang.CallExpr, instance lang.Expr, before int) (*Type, bool) {
	f, ok := e.Fun.(*lang.MemberExpr)
	if !ok || instance == nil || !b.extNames[f.Name] {
		return nil, false
	}
	recv := b.info.Types[f.X]
	if recv == nil || recv.IsUnchecked() {
		return nil, false
	}
	cands := b.extensionsInScope(f.Name)
	if len(cands) == 0 {
		return nil, false
	}
	return b.retryCall(e, before, func() (*Type, bool) { return b.extensionCall(e, f, recv) })
}

// staticExtensionFallback binds a static call T.M(...) that none of T's
// own methods M takes as a call of a static extension member M for T
// (string.Create(length, state, action) beside string.Create(provider,
// text)), dropping the diagnostics of the failed resolution; ok is false
// when no extension block in scope declares one that applies.
func (b *binder) staticExtensionFallback(e *lang.CallExpr, recv *Type, before int) (*Type, bool) {
	f, ok := e.Fun.(*lang.MemberExpr)
	if !ok || recv == nil {
		return nil, false
	}
	if cands, _ := b.staticExtensionsFor(f.Name, recv); len(cands) == 0 {
		return nil, false
	}
	return b.retryCall(e, before, func() (*Type, bool) { return b.staticExtensionCall(e, f, recv) })
}

// retryCall binds call e again by bind, without the diagnostics reported
// since before (those of the failed first resolution); when bind does not
// resolve e either, the first resolution's diagnostics stand.
func (b *binder) retryCall(e *lang.CallExpr, before int, bind func() (*Type, bool)) (*Type, bool) {
	saved := b.diags
	b.diags = append(lang.Diagnostics(nil), saved[:before]...)
	t, ok := bind()
	if !ok || b.info.Calls[e] == nil {
		b.diags = saved
		return nil, false
	}
	return t, true
}

// withArity keeps the methods of cands that a member access with k type
// arguments names (§12.5: when k is not zero, only the methods with exactly
// k type parameters). When none is left the call is an extension method
// invocation: list.Reverse<int>() passes over List<T>'s Reverse() to
// Enumerable.Reverse<TSource>; without one, overload resolution reports the
// arity mismatch.
func withArity(cands []*Method, k int) []*Method {
	if k == 0 {
		return cands
	}
	var kept []*Method
	for _, c := range cands {
		if len(c.Definition().TypeParams) == k {
			kept = append(kept, c)
		}
	}
	return kept
}

// partlyKnown reports whether the members of t are only partly described
// by symbols, so that overload resolution failing among them is left to
// run time: a class with a base the binder does not model. The library
// tables are complete (TestLibraryTablesComplete), and a prelude class is
// declared by its source, so both are fully known: their overloads are
// resolved by type like a program's.
func (b *binder) partlyKnown(t *Type) bool {
	for c, n := t, 0; c != nil && n < 64; c, n = c.Base, n+1 {
		if c.IsUnchecked() || c.UnknownBase || c.Open && !c.Lib && !b.inPrelude(c) {
			return true
		}
	}
	return false
}

// inPrelude reports whether t is declared in the prelude.
func (b *binder) inPrelude(t *Type) bool {
	ds := b.decls[t.Generic()]
	return len(ds) > 0 && b.prelude != nil && b.files[ds[0]] == b.prelude
}

// commonReturn is the type of a call whose overload was left to run time:
// the return type all candidates that take n arguments share, if any.
func (b *binder) commonReturn(cands []*Method, n int) *Type {
	var t *Type
	for _, c := range cands {
		if n < minArgs(c) || n > len(c.Params) && !c.IsParams() {
			continue
		}
		if len(c.TypeParams) > 0 || c.Ret == nil {
			return b.u.unchecked
		}
		if t != nil && t != c.Ret {
			return b.u.unchecked
		}
		t = c.Ret
	}
	if t == nil || containsTypeParam(t) {
		return b.u.unchecked
	}
	return t
}

func minArgs(m *Method) int {
	n := 0
	for _, p := range m.Params {
		if !p.Optional && p.Mod != "params" {
			n++
		}
	}
	return n
}

// fixOutVars gives `out var x` arguments the type of their parameter.
func (b *binder) fixOutVars(m *Method, args []*lang.Arg) {
	for i, a := range args {
		d, ok := a.X.(*lang.DeclExpr)
		if !ok || d.Type != nil && d.Type.Name != "var" {
			continue
		}
		p := paramFor(m, args, i)
		if p != nil && d.Name != "_" {
			b.declare(d.Name, p.Type)
			b.info.Types[d] = p.Type
		}
	}
}

// paramFor returns the parameter argument i maps to (nil if none).
func paramFor(m *Method, args []*lang.Arg, i int) *Param {
	if args[i].Name != "" {
		for _, p := range m.Params {
			if p.Name == args[i].Name {
				return p
			}
		}
		return nil
	}
	if i < len(m.Params) {
		return m.Params[i]
	}
	if m.IsParams() {
		return m.Params[len(m.Params)-1]
	}
	return nil
}

// newObject binds `new T(args) { init }`.
func (b *binder) newObject(e *lang.NewExpr) *Type {
	if e.Type == nil {
		b.args(e.Args)
		b.initializer(e.Init, b.u.unchecked)
		return b.u.deflit
	}
	t := b.resolveType(e.Type, b.typeCtx())
	if t.Kind == Delegate {
		// `new D(M)`: a method group, lambda or delegate converted to D.
		if len(e.Args) == 1 {
			b.delegateArg(e.Args[0].X, t)
		} else {
			b.args(e.Args)
			b.errorf(newPos(e), "CS0149", "Method name expected")
		}
		return t
	}
	args := b.args(e.Args)
	if !t.IsUnchecked() && (t.Kind == Class || t.Kind == Struct) {
		ctors := b.accessibleCtors(t)
		if t.Kind == Struct && len(e.Args) == 0 && !hasParameterless(ctors) {
			// Every struct has a parameterless constructor: the zero value.
			ctors = nil
		}
		if b.inaccessibleCtor(t, ctors, e.Args, args, newPos(e)) {
			ctors = nil
		}
		if len(ctors) > 0 {
			if m := b.resolve(t.String(), ctors, e.Args, args, newPos(e), nil, true, b.partlyKnown(t)); m != nil {
				b.info.Calls[e] = m
			}
		}
	}
	b.initializer(e.Init, t)
	b.requiredMembers(e, t)
	return t
}

// requiredMembers reports each required member of t (and its bases) that
// object creation e does not set in its initializer, unless the chosen
// constructor is [SetsRequiredMembers] (CS9035).
func (b *binder) requiredMembers(e *lang.NewExpr, t *Type) {
	if t == nil || t.Kind != Class && t.Kind != Struct || b.jsonMeta {
		return
	}
	if m := b.info.Calls[e]; m != nil {
		if c, ok := m.Decl.(*lang.CtorDecl); ok && HasAttribute(c.Attributes, "SetsRequiredMembers") {
			return
		}
	}
	if len(e.Args) == 1 && b.info.Types[e.Args[0].X] == t {
		return // a copy constructor (a record's clone) sets them all
	}
	set := map[string]bool{}
	if e.Init != nil {
		for _, mi := range e.Init.Members {
			set[mi.Name] = true
		}
	}
	report := func(owner *Type, name string) {
		if !set[name] {
			set[name] = true
			b.errorf(newPos(e), "CS9035", "Required member '%s.%s' must be set in the object initializer or attribute constructor.", owner.Name, name)
		}
	}
	for bt := t; bt != nil; bt = bt.Base {
		td := bt.Generic().Decl
		if td == nil {
			break
		}
		for _, member := range td.Members {
			switch d := member.(type) {
			case *lang.FieldDecl:
				if d.Modifiers.Has(lang.ModRequired) {
					for _, v := range d.Decls {
						report(bt, v.Name)
					}
				}
			case *lang.PropertyDecl:
				if d.Modifiers.Has(lang.ModRequired) {
					report(bt, d.Name)
				}
			}
		}
	}
}

// HasAttribute reports whether attrs names attribute name (with or without
// its Attribute suffix or namespace).
func HasAttribute(attrs []*lang.Attribute, name string) bool {
	for _, a := range attrs {
		n := a.Name
		if i := strings.LastIndex(n, "."); i >= 0 {
			n = n[i+1:]
		}
		if n == name || n == name+"Attribute" {
			return true
		}
	}
	return false
}

// delegateArg binds x, the argument of `new D(x)`: a method group or
// lambda converted to D, or a value of a delegate type whose Invoke is
// compatible with D's (C# 12.8.17.6: x.Invoke is the method group
// converted), which the new delegate calls.
func (b *binder) delegateArg(x lang.Expr, d *Type) {
	if b.lambdaTargets(x, d) {
		b.convertExpr(x, d)
		return
	}
	from := b.expr(x)
	if from != nil && from.Kind == Delegate && !b.implicit(x, from, d) {
		if inv, target := b.invokeOf(from), b.invokeOf(d); inv != nil && target != nil && b.compatible(inv, target) {
			return
		}
	}
	b.checkConversion(x, from, d)
	b.noteConversion(x, d)
}

func newPos(e *lang.NewExpr) lang.Pos {
	if e.Type != nil {
		return e.Type.Pos
	}
	return e.Pos
}

func (b *binder) initializer(in *lang.Initializer, t *Type) {
	if in == nil {
		return
	}
	for _, mi := range in.Members {
		// An array's elements (a nested initializer of an array member:
		// `buffer = { [^1] = 0 }`, C# 13) are assigned as a class's
		// indexer is.
		if _, nested := mi.Value.(*lang.InitListExpr); len(mi.Index) > 0 && !nested && mi.Init == nil && (t.Kind == Class && !b.partlyKnown(t) || t.Kind == Array) {
			b.indexInit(mi, t)
			continue
		}
		ip := b.initIndexer(mi, t)
		for i, a := range mi.Index {
			b.expr(a.X)
			if ip != nil && i < len(ip.Params) {
				b.noteConversion(a.X, ip.Params[i].Type)
			}
		}
		mt := b.initMemberType(mi, t, ip, true)
		if mi.Init != nil {
			// A nested object initializer assigns to the member's object
			// (§12.8.17.3): it needs a type whose members can be assigned.
			if mt != nil && mt.IsValueType() && !mt.IsUnchecked() {
				if b.isProperty(t, mi.Name) {
					b.errorf(mi.Pos, "CS1918", "Members of property '%s' of type '%s' cannot be assigned with an object initializer because it is of a value type", mi.Name, mt)
				} else {
					b.diags = append(b.diags, lang.Diagnostic{Pos: mi.Pos, Msg: "a nested object initializer of a struct-typed member is not supported"})
				}
			} else if mt != nil {
				b.initializer(mi.Init, mt)
			}
			continue
		}
		if _, nested := mi.Value.(*lang.InitListExpr); nested || mt == nil {
			b.expr(mi.Value)
		} else {
			b.convertExpr(mi.Value, mt)
		}
	}
	elem := b.initElemType(t)
	adds := !t.IsUnchecked() && t.Kind == Class && len(methods(b.lookup(t, "Add"))) > 0
	for _, x := range in.Elems {
		_, list := x.(*lang.InitListExpr)
		switch {
		case adds:
			b.initAdd(x, t)
		case elem != nil && !list:
			b.convertExpr(x, elem)
		default:
			b.expr(x)
		}
	}
}

// isProperty reports whether member name of t is a property.
func (b *binder) isProperty(t *Type, name string) bool {
	if name == "" {
		return false
	}
	syms := b.lookup(t, name)
	if len(syms) == 0 {
		return false
	}
	_, ok := syms[0].(*Property)
	return ok
}

// initAdd binds the Add call an element x of a collection initializer on
// a t makes (§12.8.17.2.4: `{ a, b }` calls Add(a, b)) by overload
// resolution on the arguments' types, as C# does: Add(int) beside
// Add(string), Add(string, int) beside Add(int, string). It records the
// call code generation makes (Info.Adds).
func (b *binder) initAdd(x lang.Expr, t *Type) {
	pos := posOf(x)
	items := []lang.Expr{x}
	if l, ok := x.(*lang.InitListExpr); ok {
		items = l.Elems
	}
	recv := AddReceiver(x)
	call := &lang.CallExpr{Pos: pos, Fun: &lang.MemberExpr{Pos: pos, X: &lang.Ident{Pos: pos, Name: recv}, Name: "Add"}}
	for _, it := range items {
		call.Args = append(call.Args, &lang.Arg{Pos: posOf(it), X: it})
	}
	b.push()
	b.declare(recv, t)
	b.expr(call)
	b.pop()
	b.info.Adds[x] = call
}

// indexInit binds index initializer mi of an object initializer of class
// t as the assignment `r[k] = v` to the object in a hidden local r
// (Info.IndexInits), so it is bound as any indexer assignment is.
func (b *binder) indexInit(mi *lang.MemberInit, t *Type) {
	pos := mi.Pos
	as := &lang.AssignExpr{Pos: pos, Op: "=", Right: mi.Value,
		Left: &lang.IndexExpr{Pos: pos, X: &lang.Ident{Pos: pos, Name: IndexInitReceiver(mi)}, Args: mi.Index}}
	b.push()
	b.declare(IndexInitReceiver(mi), t)
	b.expr(as)
	b.pop()
	b.info.IndexInits[mi] = as
}

// IndexInitReceiver is the hidden local holding the object whose indexer
// the index initializer mi assigns through.
func IndexInitReceiver(mi *lang.MemberInit) string {
	return fmt.Sprintf("<>i%d_%d", mi.Pos.Line, mi.Pos.Col)
}

// AddReceiver is the hidden local holding the collection whose Add the
// collection initializer element at x calls.
func AddReceiver(x lang.Expr) string {
	p := posOf(x)
	return fmt.Sprintf("<>c%d_%d", p.Line, p.Col)
}

// targetInit gives the target-typed `new()` expressions of a target-typed
// new's initializer their types, once that new's type t is known: its
// initializer was bound before (`Dictionary<string, List<int>> d = new()
// { ["a"] = new() { 1 } }`: the inner new is a List<int>).
func (b *binder) targetInit(in *lang.Initializer, t *Type) {
	if in == nil {
		return
	}
	for _, mi := range in.Members {
		if mt := b.initMemberType(mi, t, b.initIndexer(mi, t), false); mt != nil {
			b.targetNew(mi.Value, mt)
		}
	}
	if elem := b.initElemType(t); elem != nil {
		for _, x := range in.Elems {
			b.targetNew(x, elem)
		}
	}
}

// initIndexer is the indexer an index initializer `[k] = v` of a t
// assigns through: the one taking that many arguments, when the ones found
// (the type's and its interfaces') agree on its type.
func (b *binder) initIndexer(mi *lang.MemberInit, t *Type) *Property {
	if len(mi.Index) == 0 || t.IsUnchecked() {
		return nil
	}
	var ip *Property
	for _, s := range b.lookup(t, "this[]") {
		p, ok := s.(*Property)
		if !ok || len(p.Params) != len(mi.Index) {
			continue
		}
		if ip != nil && ip.Type != p.Type {
			return nil
		}
		ip = p
	}
	return ip
}

// initMemberType is the type member initializer mi of a t assigns: the
// indexer's element type for `[k] = v`, the member's type for `Name = v`;
// report says to report a missing member.
func (b *binder) initMemberType(mi *lang.MemberInit, t *Type, ip *Property, report bool) *Type {
	var mt *Type
	if ip != nil {
		mt = ip.Type
	}
	if mi.Name != "" && !t.IsUnchecked() {
		if syms := b.lookup(t, mi.Name); len(syms) > 0 {
			mt = memberType(syms[0])
			if p, ok := syms[0].(*Property); ok && report && mi.Init == nil && p.Set {
				b.accessorUse(mi.Pos, p, "set", t)
			}
		} else if report && b.reportInaccessible(t, mi.Name, mi.Pos, -1) {
		} else if report && b.missIsError(t, mi.Name) {
			b.errorf(mi.Pos, "CS0117", "'%s' does not contain a definition for '%s'", t, mi.Name)
		}
	}
	return mt
}

// initElemType is the type an element of a t's collection initializer
// converts to: the parameter of the collection's one Add method, when it
// has exactly one (List<T>.Add(T)).
func (b *binder) initElemType(t *Type) *Type {
	if t.IsUnchecked() {
		return nil
	}
	var adds []*Method
	for _, m := range methods(b.lookup(t, "Add")) {
		if len(m.Params) == 1 && !m.Static {
			adds = append(adds, m)
		}
	}
	if len(adds) == 1 {
		return adds[0].Params[0].Type
	}
	return nil
}

// hasParameterless reports whether one of ctors takes no arguments (a
// struct's explicit parameterless constructor, C# 10).
func hasParameterless(ctors []*Method) bool {
	for _, m := range ctors {
		if len(m.Params) == 0 {
			return true
		}
	}
	return false
}

// accessibleCtors are the constructors of t that `new` may call from the
// code being bound: a private or protected one only inside t (`new`
// reaches a protected constructor through t, not through a derived
// class; a record's copy constructor is one, and must not tie with a
// one-parameter constructor outside).
func (b *binder) accessibleCtors(t *Type) []*Method {
	var out []*Method
	for _, m := range methods(b.u.declared(t, ".ctor")) {
		if b.symAccess(m) != accPublic && !b.inside(t) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// inaccessibleCtor reports CS0122 for `new t(args)` when no accessible
// constructor of t applies but an inaccessible one does, as Roslyn's
// overload resolution does, and reports whether it did.
func (b *binder) inaccessibleCtor(t *Type, ctors []*Method, args []*lang.Arg, types []*Type, pos lang.Pos) bool {
	all := methods(b.u.declared(t, ".ctor"))
	if len(all) == len(ctors) || b.partlyKnown(t) || b.synthesized(pos) {
		return false
	}
	for _, a := range types {
		if a == nil || a.IsUnchecked() || a.Kind == Lambda || a.Kind == Group {
			return false
		}
	}
	if len(ctors) > 0 && len(b.applicable(ctors, args, types, nil, false).apps) > 0 {
		return false
	}
	var hidden []*Method
	for _, m := range all {
		if !slices.Contains(ctors, m) {
			hidden = append(hidden, m)
		}
	}
	apps := b.applicable(hidden, args, types, nil, false).apps
	if len(apps) == 0 {
		return false
	}
	b.errorf(pos, "CS0122", "'%s' is inaccessible due to its protection level", apps[0].m.Definition().Signature())
	return true
}

// inside reports whether the code being bound is in t or a type nested in it.
func (b *binder) inside(t *Type) bool {
	for c := b.cls; c != nil; c = c.Outer {
		if c.Generic() == t.Generic() {
			return true
		}
	}
	return false
}

// insideOrDerived reports whether the code being bound is in t, a class
// derived from t, or a type nested in one of them.
func (b *binder) insideOrDerived(t *Type) bool {
	for c := b.cls; c != nil; c = c.Outer {
		for d, n := c, 0; d != nil && n < 64; d, n = d.Base, n+1 {
			if d.Generic() == t.Generic() {
				return true
			}
		}
	}
	return false
}

// partialOmitted reports whether m is a partial method without an
// implementing declaration (MergePartialMembers keeps the defining one
// only then): C# removes its calls, the evaluation of their arguments
// included (§15.6.9).
func partialOmitted(m *Method) bool {
	d, ok := m.Definition().Decl.(*lang.MethodDecl)
	return ok && d.Modifiers.Has(lang.ModPartial) && d.Body == nil && d.ExprBody == nil
}

// conditionalOmitted reports whether a call of m from the current file is
// left out: m has [Conditional("SYMBOL")] attributes and none of their
// symbols is defined in the file (its #define and #undef directives over
// the predefined symbols).
func (b *binder) conditionalOmitted(m *Method) bool {
	d, ok := m.Definition().Decl.(*lang.MethodDecl)
	if !ok || b.file == nil {
		return false
	}
	conditional := false
	for _, a := range d.Attributes {
		if name := strings.TrimPrefix(strings.TrimSuffix(a.Name, "Attribute"), "System.Diagnostics."); name != "Conditional" || len(a.Args) != 1 {
			continue
		}
		lit, ok := a.Args[0].X.(*lang.Literal)
		if !ok || lit.Kind != lang.LitString {
			continue
		}
		conditional = true
		if s, ok := lit.Value.(string); ok && b.file.Defines(s) {
			return false
		}
	}
	return conditional
}

// inStaticMethod reports whether the body being bound is, or is nested in,
// a static method, where a simple name naming an instance method of the
// class is CS0120.
func (b *binder) inStaticMethod() bool {
	f := b.fn
	if f == nil {
		return false
	}
	for f.outer != nil {
		f = f.outer
	}
	return f.static
}

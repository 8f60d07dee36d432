package bind

import (
	"asyncvm/lang"
)

// Extension method invocations (C# §12.8.10.3). When member lookup of N on
// an expression's type finds no method, `e.N(args)` is tried as the static
// call `C.N(e, args)` over the extension methods named N of the static
// classes whose namespace is in scope (the enclosing namespaces, the global
// namespace, the file's usings and the implicit global usings), with
// ordinary overload resolution and type inference; the receiver is the
// first argument.

// extensionCall binds e, whose callee f found no instance method on recv,
// as an extension method invocation. ok is false when no extension method
// named f.Name is in scope.
//
// As C# searches the namespaces around the call before those it imports
// (§12.8.10.3), the program's own extension methods come first: only when
// none of them applies are the library's and the prelude's tried, so a
// program's helper ToListAsync stands for the prelude's AsyncEnumerable
// one instead of making the call ambiguous.
func (b *binder) extensionCall(e *lang.CallExpr, f *lang.MemberExpr, recv *Type) (t *Type, ok bool) {
	cands := b.extensionsInScope(f.Name)
	var own []*Method
	for _, m := range cands {
		if b.declaredInProgram(m.Owner) {
			own = append(own, m)
		}
	}
	if len(own) > 0 && len(own) < len(cands) && !recv.IsUnchecked() {
		saved := b.diags
		b.diags = append(lang.Diagnostics(nil), saved...)
		if t, ok := b.extensionCallOf(e, f, recv, own, f.Name); ok && b.info.Calls[e] != nil {
			return t, true
		}
		b.diags = saved
	}
	return b.extensionCallOf(e, f, recv, cands, f.Name)
}

// declaredInProgram reports whether t is a type of the program's files
// (not the library's or the prelude's).
func (b *binder) declaredInProgram(t *Type) bool {
	if t == nil {
		return false
	}
	ds := b.decls[t.Generic()]
	return len(ds) > 0 && b.program[b.files[ds[0]]]
}

// extensionCallOf is extensionCall over the candidates cands; shown is the
// member name a miss reports.
func (b *binder) extensionCallOf(e *lang.CallExpr, f *lang.MemberExpr, recv *Type, cands []*Method, shown string) (t *Type, ok bool) {
	if len(cands) == 0 || recv.IsUnchecked() {
		return nil, false
	}
	args := append([]*lang.Arg{{Pos: f.X.Position(), X: f.X}}, e.Args...)
	b.receivers[args[0]] = true
	types := append([]*Type{recv}, b.args(e.Args)...)
	var targs []*Type
	for _, ta := range f.TypeArgs {
		targs = append(targs, b.resolveType(ta, b.typeCtx()))
	}
	lib, libOwner := false, false
	for _, c := range cands {
		libOwner = libOwner || c.Owner.Generic().Lib || !b.declaredInProgram(c.Owner)
		lib = lib || c.Owner.Generic().Lib || b.isOpen(recv)
	}
	// The program's own extension methods, all of which take the receiver,
	// are fully known: their overload resolution failing is an error
	// (CS1501 for `5.Twice(3)`), as for an ordinary call.
	strict := !libOwner && recv.Kind != Opaque && b.takesReceiver(cands, recv)
	m := b.resolve(f.Name, cands, args, types, f.Pos, targs, false, !strict)
	if m == nil {
		if !libOwner && b.noneTakesReceiver(cands, recv) && b.lacksMember(recv, f.Name) {
			// The program's own extension methods, none of which takes
			// the receiver: CS1929 at the receiver, naming the first.
			c := cands[0]
			b.errorf(f.X.Position(), "CS1929", "'%s' does not contain a definition for '%s' and the best extension method overload '%s' requires a receiver of type '%s'", recv, shown, c.Signature(), c.Params[0].Type)
		} else if !lib && !strict && b.missIsErrorIgnoringExtensions(recv) {
			b.reportMiss(recv, shown, false, f.Pos)
		} else if b.ownInferenceFails(cands, args, types, targs) {
			// The program's own extension methods, none applicable
			// because their type arguments cannot be inferred: CS0411,
			// even on a receiver whose library type may have members the
			// tables do not list (a late-bound call would run the method
			// without its type arguments).
			b.errorf(f.Pos, "CS0411", "The type arguments for method '%s' cannot be inferred from the usage. Try specifying the type arguments explicitly.", cands[0].Signature())
		}
		return b.u.unchecked, true
	}
	b.info.Calls[e] = m
	if len(m.TypeArgs) > 0 && b.program[b.file] {
		b.needConstraints(f.Pos, m.Definition().Signature(), m.Definition().TypeParams, m.TypeArgs, nil)
	}
	b.fixOutVars(m, args)
	b.convertArgGroups(m, args)
	if m.Ret == nil {
		return b.u.unchecked, true
	}
	return m.Ret, true
}

// takesReceiver reports whether recv converts to the `this` parameter of
// every extension method of cands, so that the arguments after it decide
// the call.
func (b *binder) takesReceiver(cands []*Method, recv *Type) bool {
	if recv.IsUnchecked() || lenient(recv) {
		return false
	}
	for _, c := range cands {
		if len(c.Params) == 0 || len(c.TypeParams) > 0 || !b.implicitType(recv, c.Params[0].Type) {
			return false
		}
	}
	return true
}

// noneTakesReceiver reports whether recv, a type the binder knows, converts
// to the `this` parameter of none of the extension methods cands. A
// parameter that mentions a type parameter may take it by inference, and
// is counted as taking it.
func (b *binder) noneTakesReceiver(cands []*Method, recv *Type) bool {
	if recv.IsUnchecked() || lenient(recv) {
		return false
	}
	for _, c := range cands {
		if len(c.Params) == 0 || containsTypeParam(c.Params[0].Type) || b.implicitType(recv, c.Params[0].Type) {
			return false
		}
	}
	return true
}

// ownInferenceFails reports whether cands are all the program's own
// extension methods, none applies to the arguments, and the reason is that
// type inference failed for one (rather than an argument the binder does
// not know).
func (b *binder) ownInferenceFails(cands []*Method, args []*lang.Arg, types []*Type, targs []*Type) bool {
	if !b.program[b.file] {
		return false
	}
	for _, c := range cands {
		if !b.declaredInProgram(c.Owner) {
			return false
		}
	}
	for _, t := range types {
		if t == nil || t.IsUnchecked() {
			return false
		}
	}
	r := b.applicable(cands, args, types, targs, false)
	return len(r.apps) == 0 && len(r.unsatisfied) == 0 && r.inferFail != nil && r.miss == nil
}

// extensionsInScope returns the extension methods named name declared in
// static classes of the namespaces in scope.
func (b *binder) extensionsInScope(name string) []*Method {
	var all []*Method
	for _, t := range b.extOwners[name] {
		for _, s := range b.u.declared(t, name) {
			if m, ok := s.(*Method); ok && m.Ext {
				all = append(all, m)
			}
		}
	}
	all = append(all, b.exts[name]...)
	if len(all) == 0 {
		return nil
	}
	in := map[string]bool{}
	for _, ns := range b.namespaces(b.typeCtx()) {
		in[ns] = true
	}
	var out []*Method
	for _, m := range all {
		o := m.Owner
		for o != nil && o.Outer != nil {
			o = o.Outer
		}
		if o == nil || in[o.Namespace] || o.Lib {
			out = append(out, m)
		}
	}
	return out
}

// missIsErrorIgnoringExtensions is missIsError for a name whose extension
// methods were all tried and none applied.
func (b *binder) missIsErrorIgnoringExtensions(t *Type) bool {
	switch t.Kind {
	case Unchecked, Opaque, TypeParam, Nullable, Array, Null, Lambda, Group, Default, Special:
		return false
	}
	return !b.isOpen(t)
}

// addExtension records an extension method symbol of the program (once per
// declaration). The library's and the prelude's are found through
// extOwners.
func (b *binder) addExtension(m *Method) {
	for _, o := range b.exts[m.Name] {
		if o.Decl == m.Decl {
			return
		}
	}
	b.exts[m.Name] = append(b.exts[m.Name], m)
}

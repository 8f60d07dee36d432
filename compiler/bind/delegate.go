package bind

import (
	"asyncvm/lang"
)

// Delegates (C# §20) and events (§15.8). A delegate type is a Type of kind
// Delegate whose one method, Invoke, is its signature; its base is
// System.Delegate. Action, Func, EventHandler and the other library
// delegates are declared the same way in the library tables.

// invokeOf returns the Invoke method of delegate type t (with t's type
// arguments substituted), or nil when t is not a delegate type.
func (b *binder) invokeOf(t *Type) *Method {
	if t == nil || t.Kind != Delegate {
		return nil
	}
	for _, s := range b.u.declared(t, "Invoke") {
		if m, ok := s.(*Method); ok {
			return m
		}
	}
	return nil
}

// groupMethods returns the methods of the method group e names and how C#
// spells the group in diagnostics.
func (b *binder) groupMethods(e lang.Expr) (string, []*Method) {
	switch g := e.(type) {
	case *lang.Ident:
		if lf := b.scope.lookupFunc(g.Name); lf != nil {
			return g.Name, []*Method{lf}
		}
		return g.Name, methods(b.memberInScope(g.Name))
	case *lang.MemberExpr:
		t := b.info.Types[g.X]
		if t == nil || t.IsUnchecked() || t.Kind == Null || t.Kind == Lambda || t.Kind == Group || t.Kind == Default {
			return g.Name, nil
		}
		if b.info.ExtGroups[g] {
			return g.Name, b.extensionsInScope(g.Name)
		}
		if t.Kind == Nullable && g.NullCond {
			t = t.Elem
		}
		return g.Name, methods(b.lookup(t, g.Name))
	}
	return "", nil
}

// groupTarget chooses the method of group e that delegate type d binds to
// (the method group conversion, §10.8): overload resolution among the
// group's methods, in their normal forms, for an argument list of the
// delegate's parameter types (a generic method's type arguments inferred
// from them), and the chosen method must be compatible with d (§20.4:
// parameters by identity or reference conversion with the same ref
// kinds, the return type likewise). ok is false when there is no such
// method; m is nil (with ok true) when the binder cannot tell (a group it
// cannot see, a delegate type still to be inferred).
func (b *binder) groupTarget(e lang.Expr, d *Type) (m *Method, ok bool) {
	inv := b.invokeOf(d)
	_, cands := b.groupMethods(e)
	if inv == nil || len(cands) == 0 || !knownSignature(inv) {
		return nil, true
	}
	m = b.groupResolve(e, paramTypes(inv), inv)
	if m == nil {
		for _, c := range cands {
			if c.Owner != nil && b.partlyKnown(c.Owner) {
				return nil, true
			}
		}
		return nil, false
	}
	return m, b.compatible(b.reduced(e, m), inv)
}

// extReceiver returns the type of the receiver of e when e is a method
// group of extension methods (Info.ExtGroups), or nil.
func (b *binder) extReceiver(e lang.Expr) *Type {
	if g, ok := e.(*lang.MemberExpr); ok && b.info.ExtGroups[g] {
		return b.info.Types[g.X]
	}
	return nil
}

// reduced returns method m of group e as the delegate sees it: an
// extension method of an extension group without its first parameter,
// which the receiver fills; any other method as it is.
func (b *binder) reduced(e lang.Expr, m *Method) *Method {
	if b.extReceiver(e) == nil || len(m.Params) == 0 {
		return m
	}
	r := *m
	r.Params = m.Params[1:]
	return &r
}

// groupResolve is the overload resolution of method group e for an
// argument list of types ps with the modifiers of inv's parameters
// (normal forms only): the best method, or nil when none applies or the
// choice is ambiguous.
func (b *binder) groupResolve(e lang.Expr, ps []*Type, inv *Method) *Method {
	_, cands := b.groupMethods(e)
	if len(cands) == 0 {
		return nil
	}
	args := make([]*lang.Arg, len(ps))
	for i := range ps {
		args[i] = &lang.Arg{Mod: inv.Params[i].Mod}
	}
	if recv := b.extReceiver(e); recv != nil {
		// The receiver is the first argument (§12.8.10.3).
		g := e.(*lang.MemberExpr)
		args = append([]*lang.Arg{{Pos: g.X.Position(), X: g.X}}, args...)
		ps = append([]*Type{recv}, ps...)
	}
	var targs []*Type
	for _, ta := range groupTypeArgs(e) {
		targs = append(targs, b.resolveType(ta, b.typeCtx()))
	}
	apps := b.mostDerived(b.applicable(cands, args, ps, targs, true).apps)
	if len(apps) == 1 {
		return apps[0].m
	}
	if c, _ := b.best(apps, args, ps); c != nil {
		return c.m
	}
	return nil
}

// groupTypeArgs returns the type arguments written on a method group
// (`Parse<int>`).
func groupTypeArgs(e lang.Expr) []*lang.TypeRef {
	switch g := e.(type) {
	case *lang.Ident:
		return g.TypeArgs
	case *lang.MemberExpr:
		return g.TypeArgs
	}
	return nil
}

// compatible reports whether method m is compatible with a delegate whose
// Invoke is inv (§20.4).
func (b *binder) compatible(m, inv *Method) bool {
	if len(m.Params) != len(inv.Params) {
		return false
	}
	for i, p := range m.Params {
		q := inv.Params[i]
		if p.Mod != q.Mod && !(p.Mod == "params" && q.Mod == "") || !b.refConverts(q.Type, p.Type) {
			return false
		}
	}
	return b.refConverts(m.Ret, inv.Ret)
}

// paramTypes lists the parameter types of a delegate's Invoke.
func paramTypes(inv *Method) []*Type {
	ts := make([]*Type, len(inv.Params))
	for i, p := range inv.Params {
		ts[i] = p.Type
	}
	return ts
}

// refConverts reports an identity or implicit reference conversion from
// one type to another (what a method group conversion allows between a
// delegate's and a method's parameter and return types).
func (b *binder) refConverts(from, to *Type) bool {
	if from == to || lenient(from) || lenient(to) || from.IsUnchecked() || to.IsUnchecked() {
		return true
	}
	if from.Kind == Special && from.Special == Void || to.Kind == Special && to.Special == Void {
		return false
	}
	if from.IsValueType() || to.IsValueType() {
		return false
	}
	return b.implicitType(from, to)
}

// convertGroup converts method group e to delegate type d: it records the
// chosen method for code generation (Info.Calls[e]) or reports CS0123
// (no overload fits), CS0407 (the chosen one's return type does not),
// CS0762 (it is a partial method that has no implementation) or CS1113
// (an extension method whose receiver is a value type: the delegate would
// bind a copy of it).
func (b *binder) convertGroup(e lang.Expr, d *Type) {
	m, ok := b.groupTarget(e, d)
	if !ok {
		if m != nil && b.compatibleParams(b.reduced(e, m), b.invokeOf(d)) {
			b.errorf(posOf(e), "CS0407", "'%s %s' has the wrong return type", m.Ret, m.Signature())
			return
		}
		name, _ := b.groupMethods(e)
		b.errorf(posOf(e), "CS0123", "No overload for '%s' matches delegate '%s'", name, d)
		return
	}
	if m != nil {
		if partialOmitted(m) {
			b.errorf(posOf(e), "CS0762", "Cannot create delegate from method '%s' because it is a partial method without an implementing declaration", m.Signature())
		}
		if b.extReceiver(e) != nil && len(m.Params) > 0 && m.Params[0].Type.IsValueType() {
			b.errorf(posOf(e), "CS1113", "Extension method '%s' defined on value type '%s' cannot be used to create delegates", m.Signature(), m.Params[0].Type)
		}
		b.info.Calls[e] = m
	}
	b.info.Delegates[e] = d
}

// compatibleParams is compatible without the return type.
func (b *binder) compatibleParams(m, inv *Method) bool {
	r := *inv
	r.Ret = m.Ret
	return b.compatible(m, &r)
}

// convertArgGroups converts the method group arguments of a call whose
// overload m was chosen to their parameters' delegate types.
func (b *binder) convertArgGroups(m *Method, args []*lang.Arg) {
	for i, a := range args {
		t := b.info.Types[a.X]
		if t == nil || t.Kind != Group && t.Kind != Lambda {
			continue
		}
		p := paramFor(m, args, i)
		if p == nil || p.Type.Kind != Delegate {
			continue
		}
		if t.Kind == Group {
			b.convertGroup(a.X, p.Type)
		} else {
			b.convertLambda(a.X, p.Type)
		}
	}
}

// lambdaFits reports whether lambda e converts to delegate type d
// (§10.7.1): the parameter counts agree, explicitly typed parameters have
// the delegate's types, and a copy of the lambda binds without errors
// against the delegate's signature, its result converting to the return
// type (see bindLambda). A delegate type with a type parameter still to
// be inferred is decided by the count.
func (b *binder) lambdaFits(e lang.Expr, d *Type) bool {
	l, ok := e.(*lang.LambdaExpr)
	inv := b.invokeOf(d)
	if !ok || inv == nil {
		return true
	}
	if !fitParams(l, inv) || len(l.Params) != len(inv.Params) {
		return false
	}
	if !typedSignature(inv) {
		return true
	}
	for i, p := range l.Params {
		if p.Type != nil {
			if t := b.resolveType(p.Type, b.typeCtx()); !t.IsUnchecked() && t != inv.Params[i].Type {
				return false
			}
		}
	}
	if !b.returnMatches(l, inv) {
		return false
	}
	return len(b.targetBinding(l, d, inv)) == 0
}

// declaredReturn is lambda l's explicit return type as written (an async
// lambda's task type), or nil when it has none the binder knows.
func (b *binder) declaredReturn(l *lang.LambdaExpr) *Type {
	if l.ReturnType == nil || l.ReturnRef != "" {
		return nil
	}
	if t := b.resolveType(l.ReturnType, b.typeCtx()); t != nil && !t.IsUnchecked() && !lenient(t) {
		return t
	}
	return nil
}

// explicitReturn is the result type the body of lambda l returns when l
// declares its return type (`int? (string s) => ...`, C# 10): the type
// itself, or for an async lambda the result of its task type; nil when
// l has none or the binder does not know it.
func (b *binder) explicitReturn(l *lang.LambdaExpr) *Type {
	t := b.declaredReturn(l)
	if t != nil && l.IsAsync {
		return b.asyncResult(t)
	}
	return t
}

// returnMatches reports whether lambda l's explicit return type, if it
// has one, is the return type of the delegate whose Invoke is inv: a
// lambda with an explicit return type converts only to a delegate with
// that return type (§10.7.1; CS8934 otherwise).
func (b *binder) returnMatches(l *lang.LambdaExpr, inv *Method) bool {
	if l.ReturnType == nil || inv.Ret == nil || lenient(inv.Ret) || inv.Ret.IsUnchecked() {
		return true
	}
	t := b.resolveType(l.ReturnType, b.typeCtx())
	return t == nil || t.IsUnchecked() || b.u.Erase(t) == b.u.Erase(inv.Ret)
}

// knownSignature reports whether inv's parameter and return types are all
// known, type parameters included: a method group converts to
// Func<T, int> inside a generic type or method as to any other delegate.
func knownSignature(inv *Method) bool {
	known := func(t *Type) bool { return t != nil && !t.IsUnchecked() }
	for _, p := range inv.Params {
		if !known(p.Type) {
			return false
		}
	}
	return known(inv.Ret)
}

// typedSignature reports whether inv's parameter and return types are
// known types (no type parameter, nothing unchecked).
func typedSignature(inv *Method) bool {
	known := func(t *Type) bool { return t != nil && !t.IsUnchecked() && !containsTypeParam(t) }
	for _, p := range inv.Params {
		if !known(p.Type) {
			return false
		}
	}
	return known(inv.Ret)
}

// bindLambda binds lambda l converted to a delegate whose Invoke is inv:
// its untyped parameters take Invoke's parameter types, and its expression
// body or its return statements convert to Invoke's return type (an async
// lambda's to the result type of the task it returns). The body must fit
// the delegate's shape: a void delegate's expression body is a statement
// expression (CS0201) and its returns carry no value (CS8030, CS8031 for
// an async lambda returning Task), a non-void one's returns carry one
// (CS0126), and an async lambda returns void, Task or Task<T> (CS4010).
// Code generation then sees the lambda's body typed.
func (b *binder) bindLambda(l *lang.LambdaExpr, inv *Method) {
	b.targeted[l] = true
	fitParams(l, inv)
	ps := b.lambdaParams(l, paramTypes(inv))
	ret := inv.Ret
	if !b.returnMatches(l, inv) {
		b.errorf(l.Pos, "CS8934", "Cannot convert lambda expression to type '%s' because the return type does not match the delegate return type", inv.Owner)
		ret = b.resolveType(l.ReturnType, b.typeCtx()) // the body returns its own type
	}
	if l.IsAsync {
		ret = b.asyncResult(ret)
		if ret == nil && inv.Ret.Kind == Special {
			b.errorf(l.Pos, "CS4010", "Cannot convert async lambda expression to delegate type '%s'. An async lambda expression may return void, Task or Task<T>, none of which are convertible to '%s'.", inv.Owner, inv.Ret)
		}
	}
	anonWhat := "lambda expression"
	if l.NoParams {
		anonWhat = "anonymous method"
	}
	if rt := b.explicitReturn(l); rt != nil {
		ret = rt // the body returns the explicit return type
		anonWhat = ""
	}
	if l.IsAsync {
		anonWhat = ""
	}
	if l.Query {
		b.rangeVariables(l)
	}
	b.info.LambdaBodies++
	b.body(l.IsStatic || b.fn.static, ret, ps, nil, func() {
		b.fn.async = l.IsAsync
		b.fn.lambda = true
		b.fn.anonWhat = anonWhat
		if l.ExprBody != nil {
			if ret == nil || isVoid(ret) {
				b.expr(l.ExprBody)
				if ret != nil && !statementExpr(l.ExprBody) {
					b.errorf(posOf(l.ExprBody), "CS0201", "Only assignment, call, increment, decrement, await, and new object expressions can be used as a statement")
				}
			} else {
				b.convertResult(l.ExprBody, ret)
			}
		}
		if l.Body != nil {
			b.block(l.Body)
			rs := returns(l.Body)
			if ret != nil && !isVoid(ret) && !ret.IsUnchecked() && !returnsValue(rs) && b.endReachable(l.Body) {
				b.errorf(l.Pos, "CS1643", "Not all code paths return a value in lambda expression of type '%s'", inv.Owner)
			}
			for _, s := range rs {
				switch {
				case s.X != nil && isVoid(inv.Ret):
					b.errorf(s.Pos, "CS8030", "Anonymous function converted to a void returning delegate cannot return a value")
				case s.X != nil && l.IsAsync && isVoid(ret):
					b.errorf(s.Pos, "CS8031", "Async lambda expression converted to a 'Task' returning delegate cannot return a value")
				case s.X == nil && ret != nil && !isVoid(ret) && !ret.IsUnchecked():
					b.errorf(s.Pos, "CS0126", "An object of a type convertible to '%s' is required", ret)
				}
			}
		}
	})
}

func returnsValue(rs []*lang.ReturnStmt) bool {
	for _, r := range rs {
		if r.X != nil {
			return true
		}
	}
	return false
}

// statementExpr reports whether e may stand as an expression statement
// (C# §13.7).
func statementExpr(e lang.Expr) bool {
	switch x := e.(type) {
	case *lang.CallExpr, *lang.AssignExpr, *lang.AwaitExpr, *lang.NewExpr, *lang.PostfixExpr, *lang.ThrowExpr:
		return true
	case *lang.UnaryExpr:
		return x.Op == "++" || x.Op == "--"
	case *lang.MemberExpr:
		return x.NullCond || statementExpr(x.X) // `a?.M()`, as in an expression statement
	case *lang.IndexExpr:
		return x.NullCond
	}
	return false
}

// convertLambda binds lambda argument or initializer e again against the
// delegate type it converts to, once that type is decided (types the
// binder does not know in the signature bind as Unchecked).
func (b *binder) convertLambda(e lang.Expr, d *Type) {
	l, ok := e.(*lang.LambdaExpr)
	inv := b.invokeOf(d)
	if !ok || inv == nil {
		return
	}
	if !fitParams(l, inv) || len(l.Params) != len(inv.Params) {
		return
	}
	b.lambdaDelegates[l] = d
	if b.speculating > 0 {
		// A copy being bound to learn whether it binds: what binding
		// it against d reports is cached.
		b.targeted[l] = true
		b.diags = append(b.diags, b.targetBinding(l, d, inv)...)
		return
	}
	b.info.LambdaParams[l] = paramTypes(inv)
	b.info.Delegates[e] = d
	b.bindLambda(l, inv)
}

// invokeDelegate binds a call of a value of delegate type d (`d(x)`): the
// arguments are checked against Invoke's parameters and the call has
// Invoke's return type.
func (b *binder) invokeDelegate(e *lang.CallExpr, d *Type) *Type {
	inv := b.invokeOf(d)
	args := b.args(e.Args)
	if inv == nil {
		b.nonInvocable(e, d)
		return b.u.unchecked
	}
	if len(e.Args) != len(inv.Params) {
		b.errorf(posOf(e), "CS1593", "Delegate '%s' does not take %d arguments", d, len(e.Args))
		return inv.Ret
	}
	if m := b.resolve("Invoke", []*Method{inv}, e.Args, args, e.Fun.Position(), nil, false, false); m != nil {
		b.convertArgGroups(m, e.Args)
	}
	return inv.Ret
}

// nonInvocable reports a call of a value whose type is known and is not a
// delegate type: a field or property (CS1955, "Non-invocable member"),
// or a local, parameter or other expression (CS0149). A type the binder
// does not model (dynamic, an unchecked library member), a type
// parameter and System.Delegate itself are left to run time.
func (b *binder) nonInvocable(e *lang.CallExpr, d *Type) {
	if d == nil {
		return
	}
	switch d.Kind {
	case Special, Enum, Struct, Array, Nullable, Class, Interface:
	default:
		return
	}
	if d.Kind == Special && d.Special == Void {
		return
	}
	if g := d.Generic(); g.Kind == Class && g.Lib && (g.Name == "Delegate" || g.Name == "MulticastDelegate") {
		return
	}
	switch f := e.Fun.(type) {
	case *lang.MemberExpr:
		recv := b.info.Types[f.X]
		if recv == nil || recv.IsUnchecked() {
			return
		}
		b.errorf(f.Pos, "CS1955", "Non-invocable member '%s.%s' cannot be used like a method.", recv, f.Name)
	case *lang.Ident:
		if _, local := b.scope.lookupVar(f.Name); !local && b.cls != nil {
			b.errorf(f.Pos, "CS1955", "Non-invocable member '%s.%s' cannot be used like a method.", b.cls, f.Name)
			return
		}
		b.errorf(f.Pos, "CS0149", "Method name expected")
	default:
		b.errorf(posOf(e), "CS0149", "Method name expected")
	}
}

// eventAccess checks a use of event ev outside += and -=: a field-like
// event can be read (and assigned) only inside its declaring type
// (CS0070); an event with accessors never can (CS0079).
func (b *binder) eventAccess(s Symbol, pos lang.Pos) {
	var owner *Type
	var name string
	accessors := false
	switch s := s.(type) {
	case *Field:
		if !s.Event {
			return
		}
		owner, name = s.Owner, s.Name
	case *Property:
		if !s.Event {
			return
		}
		owner, name, accessors = s.Owner, s.Name, true
	default:
		return
	}
	if accessors {
		b.errorf(pos, "CS0079", "The event '%s.%s' can only appear on the left hand side of += or -=", owner, name)
		return
	}
	for c := b.cls; c != nil; c = c.Outer {
		if c.Generic() == owner.Generic() {
			return
		}
	}
	b.errorf(pos, "CS0070", "The event '%s.%s' can only appear on the left hand side of += or -= (except when used from within the type '%s')", owner, name, owner)
}

// eventOf returns the event symbol x names (a field-like event or one
// with accessors), or nil.
func (b *binder) eventOf(x lang.Expr) Symbol {
	var syms []Symbol
	switch x := x.(type) {
	case *lang.Ident:
		if _, ok := b.scope.lookupVar(x.Name); ok {
			return nil
		}
		syms = b.memberInScope(x.Name)
	case *lang.MemberExpr:
		t := b.info.Types[x.X]
		if t == nil || t.IsUnchecked() {
			return nil
		}
		syms = b.lookup(t, x.Name)
	}
	if len(syms) == 0 {
		return nil
	}
	switch s := syms[0].(type) {
	case *Field:
		if s.Event {
			return s
		}
	case *Property:
		if s.Event {
			return s
		}
	}
	return nil
}

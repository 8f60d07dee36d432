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
		if t.Kind == Nullable && g.NullCond {
			t = t.Elem
		}
		return g.Name, methods(b.lookup(t, g.Name))
	}
	return "", nil
}

// groupTarget chooses the method of group e that delegate type d binds to
// (the method group conversion, §10.8): the candidates whose parameters
// the delegate's parameter types convert to by identity or reference
// conversion, with matching ref kinds, and whose return type converts to
// the delegate's; among several, the better function member for an
// argument list of the delegate's parameter types. ok is false when the
// group has no method that fits; m is nil (with ok true) when the binder
// cannot tell (a group it cannot see, a generic method).
func (b *binder) groupTarget(e lang.Expr, d *Type) (m *Method, ok bool) {
	inv := b.invokeOf(d)
	_, cands := b.groupMethods(e)
	if inv == nil || len(cands) == 0 {
		return nil, true
	}
	var fits []*Method
	for _, c := range cands {
		if len(c.TypeParams) > 0 {
			return nil, true // inference from the delegate's signature is not modelled
		}
		if len(c.Params) != len(inv.Params) {
			continue
		}
		fit := true
		for i, p := range c.Params {
			q := inv.Params[i]
			if p.Mod != q.Mod && !(p.Mod == "params" && q.Mod == "") || !b.refConverts(q.Type, p.Type) {
				fit = false
				break
			}
		}
		if fit && !b.refConverts(c.Ret, inv.Ret) {
			fit = false
		}
		if fit {
			fits = append(fits, c)
		}
	}
	switch len(fits) {
	case 0:
		return nil, false
	case 1:
		return fits[0], true
	}
	// The most specific: exact parameter types win.
	for _, c := range fits {
		exact := true
		for i, p := range c.Params {
			if p.Type != inv.Params[i].Type {
				exact = false
			}
		}
		if exact {
			return c, true
		}
	}
	return fits[0], true
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
// chosen method for code generation (Info.Calls[e]) or reports CS0123.
func (b *binder) convertGroup(e lang.Expr, d *Type) {
	m, ok := b.groupTarget(e, d)
	if !ok {
		name, _ := b.groupMethods(e)
		b.errorf(posOf(e), "CS0123", "No overload for '%s' matches delegate '%s'", name, d)
		return
	}
	if m != nil {
		b.info.Calls[e] = m
	}
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

// lambdaFits reports whether lambda e can convert to delegate type d: the
// parameter counts agree (the body is typed against the delegate's
// signature by lambda inference).
func (b *binder) lambdaFits(e lang.Expr, d *Type) bool {
	l, ok := e.(*lang.LambdaExpr)
	inv := b.invokeOf(d)
	if !ok || inv == nil {
		return true
	}
	if len(l.Params) != len(inv.Params) {
		return false
	}
	if !typedSignature(inv) {
		return true // a type parameter still to be inferred: the count decides
	}
	for i, p := range l.Params {
		// An explicitly typed parameter must have the delegate's type.
		if p.Type != nil {
			if t := b.resolveType(p.Type, b.typeCtx()); !t.IsUnchecked() && t != inv.Params[i].Type {
				return false
			}
		}
	}
	// Bind a copy of the lambda against the delegate's signature (§12.6.4:
	// an anonymous function argument is applicable when its body binds
	// with the parameter types and its result converts to the return
	// type); the copy keeps the speculative types out of Info, and the
	// errors are dropped.
	saved := b.diags
	b.diags = nil
	b.bindLambda(lang.Copy(l, nil), inv)
	fits := len(b.diags) == 0
	b.diags = saved
	return fits
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
// lambda's to the result type of the task it returns). Code generation
// then sees the lambda's body typed.
func (b *binder) bindLambda(l *lang.LambdaExpr, inv *Method) {
	var ps []*Param
	for i, p := range l.Params {
		pt := inv.Params[i].Type
		if p.Type != nil {
			pt = b.resolveType(p.Type, b.typeCtx())
		}
		name := p.Name
		if name == "_" && lang.DiscardParams(l.Params) {
			name = ""
		}
		ps = append(ps, &Param{Name: name, Type: pt})
	}
	ret := inv.Ret
	if l.IsAsync {
		ret = b.asyncResult(ret)
	}
	b.body(l.IsStatic || b.fn.static, ret, ps, nil, func() {
		b.fn.async = l.IsAsync
		if l.ExprBody != nil {
			if ret == nil || ret.Kind == Special && ret.Special == Void {
				b.expr(l.ExprBody)
			} else {
				b.convertExpr(l.ExprBody, ret)
			}
		}
		if l.Body != nil {
			b.block(l.Body)
		}
	})
}

// convertLambda binds lambda argument or initializer e again against the
// delegate type it converts to, once that type is decided.
func (b *binder) convertLambda(e lang.Expr, d *Type) {
	l, ok := e.(*lang.LambdaExpr)
	inv := b.invokeOf(d)
	if !ok || inv == nil || len(l.Params) != len(inv.Params) || !typedSignature(inv) {
		return
	}
	b.bindLambda(l, inv)
}

// invokeDelegate binds a call of a value of delegate type d (`d(x)`): the
// arguments are checked against Invoke's parameters and the call has
// Invoke's return type.
func (b *binder) invokeDelegate(e *lang.CallExpr, d *Type) *Type {
	inv := b.invokeOf(d)
	args := b.args(e.Args)
	if inv == nil {
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

package bind

import (
	"asyncvm/lang"
)

// The awaitable pattern (C# §12.9.8.2). `await e` binds e.GetAwaiter() as
// an invocation with no arguments (an instance method, else an extension
// method), then on the awaiter type A the instance property IsCompleted of
// type bool, the interface INotifyCompletion (ICriticalNotifyCompletion
// decides UnsafeOnCompleted) and the instance method GetResult() whose
// return type is the await's type. The checks and their order, codes and
// wording are Roslyn's (Binder_Await.cs); each error is reported at the
// await expression.

// AwaitInfo is the awaiter pattern an await expression binds to, for an
// awaitable whose GetAwaiter is not a library type's own (Task, ValueTask,
// their configured forms and YieldAwaitable, which the VM awaits
// directly): a program's method or an extension method.
type AwaitInfo struct {
	// GetAwaiter is the method e.GetAwaiter() calls: an instance method of
	// e's type or an extension method (Ext) taking e as its first argument.
	GetAwaiter *Method
	// Awaiter is GetAwaiter's return type.
	Awaiter *Type
	// IsCompleted is the awaiter's bool property.
	IsCompleted *Property
	// GetResult is the awaiter's method giving the await's value.
	GetResult *Method
	// Critical says the awaiter implements ICriticalNotifyCompletion: the
	// await registers its continuation with UnsafeOnCompleted rather than
	// OnCompleted.
	Critical bool
}

// GetAwaiterCall returns the call x.GetAwaiter() of an await bound to the
// pattern a, typed in in: both execution models compile it to get the
// awaiter, so the GetAwaiter the binder chose (an extension method among
// several of that name included) is the one that runs.
func (in *Info) GetAwaiterCall(a *AwaitInfo, x lang.Expr, pos lang.Pos) *lang.CallExpr {
	c := &lang.CallExpr{Pos: pos, Fun: &lang.MemberExpr{Pos: pos, X: x, Name: "GetAwaiter"}}
	in.Calls[c] = a.GetAwaiter
	in.Types[c] = a.Awaiter
	return c
}

// await binds `await e` and returns its type.
func (b *binder) await(e *lang.AwaitExpr) *Type {
	t := b.expr(e.X)
	u := b.u
	switch t.Kind {
	case Null:
		b.errorf(e.Pos, "CS4001", "Cannot await '<null>'")
		return u.unchecked
	case Group:
		b.errorf(e.Pos, "CS4001", "Cannot await 'method group'")
		return u.unchecked
	case Lambda:
		b.errorf(e.Pos, "CS4001", "Cannot await 'lambda expression'")
		return u.unchecked
	case Default:
		b.errorf(e.Pos, "CS8716", "There is no target type for the default literal.")
		return u.unchecked
	case Unchecked, Opaque:
		return u.unchecked
	case Special:
		if t.Special == Void {
			b.errorf(e.Pos, "CS4008", "Cannot await 'void'")
			return u.unchecked
		}
	}
	if g := t.Generic(); g.Lib && g.Namespace == "System.Threading.Tasks" && g.Name == "Task" {
		if len(t.Args) == 1 {
			return t.Args[0]
		}
		return u.special[Void]
	}
	ga := b.getAwaiter(e, t)
	if ga == nil || ga.Ret == nil || ga.Ret.IsUnchecked() || ga.Ret.Kind == Opaque {
		return u.unchecked
	}
	aw := ga.Ret
	info := &AwaitInfo{GetAwaiter: ga, Awaiter: aw}
	if !b.isCompleted(e, t, info) || !b.notifyCompletion(e, info) {
		return u.unchecked
	}
	r := b.getResult(e, t, info)
	if r == nil {
		return u.unchecked
	}
	if ga.Ext || !ga.Owner.Generic().Lib {
		// Not a library awaitable's own GetAwaiter (whose awaitable the VM
		// awaits directly): the call as bound.
		b.info.Awaits[e] = info
	}
	res := r.Ret
	if res == nil {
		return u.unchecked
	}
	if res.Kind == TypeParam && !res.Method && res.Index < len(t.Args) && aw.Outer != nil && aw.Generic().Lib {
		// The library awaiter nested in a generic awaitable
		// (ConfiguredTaskAwaitable<TResult>.ConfiguredTaskAwaiter) returns
		// the outer type's argument.
		return t.Args[res.Index]
	}
	return res
}

// getAwaiter binds t's GetAwaiter() for `await e`: the instance methods
// applicable without arguments, else the extension methods in scope. It
// returns nil after reporting why there is none, or when the binder cannot
// tell (a type it models only partly).
func (b *binder) getAwaiter(e *lang.AwaitExpr, t *Type) *Method {
	syms := b.lookup(t, "GetAwaiter")
	if len(syms) > 0 && memberType(syms[0]) != nil {
		b.errorf(e.Pos, "CS1955", "Non-invocable member '%s.GetAwaiter' cannot be used like a method.", t)
		return nil
	}
	lib := b.partlyKnown(t)
	cands := methods(syms)
	var m *Method
	if len(cands) > 0 && len(b.applicable(cands, nil, nil, nil, false).apps) > 0 {
		m = b.resolve("GetAwaiter", cands, nil, nil, e.Pos, nil, false, lib)
		if m == nil {
			return nil
		}
	} else {
		exts := b.extensionsInScope("GetAwaiter")
		recv := []*lang.Arg{{Pos: e.X.Position(), X: e.X}}
		types := []*Type{t}
		if len(exts) > 0 && len(b.applicable(exts, recv, types, nil, false).apps) > 0 {
			if m = b.resolve("GetAwaiter", exts, recv, types, e.Pos, nil, false, lib); m == nil {
				return nil
			}
		} else {
			switch {
			case lib:
			case len(cands) > 0:
				// Report why the instance methods do not apply (CS7036,
				// CS0411).
				b.resolve("GetAwaiter", cands, nil, nil, e.Pos, nil, false, false)
			case len(exts) > 0 && !b.isOpen(t) && t.Kind != TypeParam:
				x := exts[0]
				b.errorf(posOf(e.X), "CS1929", "'%s' does not contain a definition for 'GetAwaiter' and the best extension method overload '%s' requires a receiver of type '%s'", t, x.Signature(), x.Params[0].Type)
			case b.missIsErrorIgnoringExtensions(t) || len(exts) == 0 && b.missIsError(t, "GetAwaiter"):
				b.reportMiss(t, "GetAwaiter", false, e.Pos)
			}
			return nil
		}
	}
	self := 0
	if m.Ext {
		self = 1
	}
	if len(m.Params) > self || m.Ret == nil || m.Ret.Kind == Special && m.Ret.Special == Void || m.Static && !m.Ext {
		// Optional or params parameters, no value, or static.
		b.errorf(e.Pos, "CS1986", "'await' requires that the type %s have a suitable 'GetAwaiter' method", t)
		return nil
	}
	return m
}

// isCompleted binds the awaiter's IsCompleted property.
func (b *binder) isCompleted(e *lang.AwaitExpr, t *Type, info *AwaitInfo) bool {
	aw := info.Awaiter
	syms := b.lookup(aw, "IsCompleted")
	var p *Property
	if len(syms) > 0 {
		p, _ = syms[0].(*Property)
	}
	if p == nil || p.Params != nil {
		if len(syms) > 0 || b.missIsErrorIgnoringExtensions(aw) || aw.Kind == TypeParam {
			b.errorf(e.Pos, "CS0117", "'%s' does not contain a definition for 'IsCompleted'", aw)
		}
		return false
	}
	switch {
	case p.Static:
		b.errorf(e.Pos, "CS0176", "Member '%s.IsCompleted' cannot be accessed with an instance reference; qualify it with a type name instead", p.Owner)
		return false
	case !p.Get:
		b.errorf(e.Pos, "CS0154", "The property or indexer '%s.IsCompleted' cannot be used in this context because it lacks the get accessor", p.Owner)
		return false
	case p.Type == nil || lenient(p.Type) && p.Type.Kind != TypeParam:
	case p.Type.Kind != Special || p.Type.Special != Bool:
		b.badAwaiter(e, t, info)
		return false
	}
	info.IsCompleted = p
	return true
}

// notifyCompletion checks that the awaiter implements INotifyCompletion
// and records whether it implements ICriticalNotifyCompletion. The
// library's awaiters (TaskAwaiter and the like) implement both.
func (b *binder) notifyCompletion(e *lang.AwaitExpr, info *AwaitInfo) bool {
	aw := info.Awaiter
	if aw.Generic().Lib || b.partlyKnown(aw) {
		info.Critical = true
		return true
	}
	nc := b.u.lookup("System.Runtime.CompilerServices.INotifyCompletion", 0)
	cnc := b.u.lookup("System.Runtime.CompilerServices.ICriticalNotifyCompletion", 0)
	if nc == nil {
		return true
	}
	if !b.implementsIface(aw, nc) {
		b.errorf(e.Pos, "CS4027", "'%s' does not implement 'System.Runtime.CompilerServices.INotifyCompletion'", aw)
		return false
	}
	info.Critical = cnc != nil && b.implementsIface(aw, cnc)
	return true
}

// implementsIface reports whether t converts to interface i by an
// identity or implicit reference conversion (a type parameter through its
// constraints).
func (b *binder) implementsIface(t, i *Type) bool {
	if t.Kind == TypeParam {
		if t.Cons == nil {
			return false
		}
		for _, c := range t.Cons.Bounds {
			if b.implementsIface(c, i) {
				return true
			}
		}
		return false
	}
	return b.implementation(t, i) != nil
}

// getResult binds the awaiter's GetResult().
func (b *binder) getResult(e *lang.AwaitExpr, t *Type, info *AwaitInfo) *Method {
	aw := info.Awaiter
	syms := b.lookup(aw, "GetResult")
	if len(syms) > 0 {
		switch syms[0].(type) {
		case *Property:
			b.errorf(e.Pos, "CS0118", "'GetResult' is a property but is used like a method")
			return nil
		case *Field:
			b.errorf(e.Pos, "CS0118", "'GetResult' is a field but is used like a method")
			return nil
		case *Type:
			b.errorf(e.Pos, "CS0118", "'GetResult' is a type but is used like a method")
			return nil
		}
	}
	cands := methods(syms)
	if len(cands) == 0 {
		if b.missIsErrorIgnoringExtensions(aw) || aw.Kind == TypeParam {
			b.errorf(e.Pos, "CS0117", "'%s' does not contain a definition for 'GetResult'", aw)
		}
		return nil
	}
	m := b.resolve("GetResult", cands, nil, nil, e.Pos, nil, false, b.partlyKnown(aw))
	if m == nil {
		return nil
	}
	if m.Static {
		b.errorf(e.Pos, "CS0176", "Member '%s' cannot be accessed with an instance reference; qualify it with a type name instead", m.Signature())
		return nil
	}
	if len(m.Params) > 0 || b.isConditional(m) {
		b.badAwaiter(e, t, info)
		return nil
	}
	info.GetResult = m
	return m
}

// badAwaiter reports CS4011: the awaiter's members do not fit the pattern.
func (b *binder) badAwaiter(e *lang.AwaitExpr, t *Type, info *AwaitInfo) {
	b.errorf(e.Pos, "CS4011", "'await' requires that the return type '%s' of '%s.GetAwaiter()' have suitable 'IsCompleted', 'OnCompleted', and 'GetResult' members, and implement 'INotifyCompletion' or 'ICriticalNotifyCompletion'", info.Awaiter, t)
}

// isConditional reports whether m has a [Conditional] attribute.
func (b *binder) isConditional(m *Method) bool {
	d, ok := m.Definition().Decl.(*lang.MethodDecl)
	if !ok {
		return false
	}
	for _, a := range d.Attributes {
		if name := a.Name; name == "Conditional" || name == "ConditionalAttribute" || name == "System.Diagnostics.Conditional" || name == "System.Diagnostics.ConditionalAttribute" {
			return true
		}
	}
	return false
}

package compiler

import (
	"strings"

	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// Events and method groups, from what the binder decided: which event a
// `+=` subscribes to, which overload a method group converts to.

// eventAssign compiles `E += h` and `E -= h` on an event. A field-like
// event combines into its backing field atomically, as the add and remove
// accessors C# generates do with an Interlocked.CompareExchange loop: two
// threads subscribing at once both stay subscribed. An event with
// accessors calls add_E or remove_E.
func (fs *funcState) eventAssign(e *lang.AssignExpr, ev bind.Symbol, dst int) *vm.Type {
	kind := "add_"
	if e.Op == "-=" {
		kind = "remove_"
	}
	if p, ok := ev.(*bind.Property); ok {
		var fun lang.Expr
		switch l := e.Left.(type) {
		case *lang.MemberExpr:
			fun = &lang.MemberExpr{Pos: l.Pos, X: l.X, Name: kind + p.Name}
		default:
			fun = &lang.Ident{Pos: e.Left.Position(), Name: kind + p.Name}
		}
		return fs.exprTo(&lang.CallExpr{Pos: e.Pos, Fun: fun, Args: []*lang.Arg{{Pos: e.Right.Position(), X: e.Right}}}, dst)
	}
	if f, ok := ev.(*bind.Field); ok && f.Owner != nil && f.Owner.Kind == bind.Interface {
		return fs.interfaceEventAssign(e, f, kind, dst)
	}
	w := fs.alloc()
	fs.allocN(1)
	if fs.refArg(&lang.Arg{Pos: e.Pos, X: e.Left}, w) != nil {
		fs.errorf(e.Pos, "internal error: event '%s' is a local", ev)
		return nil
	}
	fs.exprTo(e.Right, w+1)
	f := eventCombine
	if e.Op == "-=" {
		f = eventRemove
	}
	fs.emitABC(vm.OpCall, w, fs.c.addFunc(f), 2)
	fs.move(dst, w)
	return nil
}

// interfaceEventAssign compiles `x.E += h` on an event declared in an
// interface: the interface has no storage, so the subscription goes to
// the implementation found on the receiver's run-time type (the interface
// call's dispatch by name), as C#'s call of the virtual add_E does.
func (fs *funcState) interfaceEventAssign(e *lang.AssignExpr, f *bind.Field, kind string, dst int) *vm.Type {
	m, ok := e.Left.(*lang.MemberExpr)
	if !ok {
		fs.errorf(e.Pos, "internal error: interface event '%s' without a receiver", f.Name)
		return nil
	}
	w := fs.allocN(4)
	fs.exprTo(m.X, w)
	fs.loadConst(w+1, vm.String(kind+f.Name))
	fs.exprTo(e.Right, w+2)
	key := ""
	if it := fs.c.ifaceVMType(f.Owner); it != nil {
		key = vm.ExplicitKey(it)
	}
	fs.loadConst(w+3, vm.String(key))
	fs.emitABC(vm.OpCall, w, fs.c.addFunc(interfaceEvent), 4)
	fs.move(dst, w)
	return nil
}

// ifaceVMType is the run-time type of the interface bt or of its generic
// definition, or nil.
func (c *Compiler) ifaceVMType(bt *bind.Type) *vm.Type {
	if t := c.bindVMType(bt); t != nil {
		return t
	}
	if def := bt.Generic(); def != nil && def.Decl != nil {
		if ci := c.classByDecl[def.Decl]; ci != nil {
			return ci.t
		}
	}
	return nil
}

// interfaceEvent is add_E or remove_E (its second argument) called on the
// receiver (its first) with the handler (its third): the class's explicit
// implementation of the interface's event (its fourth argument is the
// interface's vm.ExplicitKey), else its accessor by name when it declares
// one, else its field-like event's backing field, updated atomically.
var interfaceEvent = vm.NativeFunc("<InterfaceEvent>", 4, 4, false, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	recv, accessor, h := args[0], args[1].AsStr().S, args[2]
	if recv.IsNull() {
		return vm.Null, t.ThrowNull()
	}
	ty := recv.Type()
	if key := args[3].AsStr().S; key != "" {
		if fns := ty.Methods[key+accessor]; len(fns) > 0 {
			return t.Invoke(fns[0], recv, []vm.Value{h})
		}
	}
	if fns := ty.Methods[accessor]; len(fns) > 0 {
		return t.Invoke(fns[0], recv, []vm.Value{h})
	}
	remove := strings.HasPrefix(accessor, "remove_")
	name := strings.TrimPrefix(strings.TrimPrefix(accessor, "add_"), "remove_")
	o := recv.AsInstance()
	i := ty.FieldIndex(name)
	if o == nil || i < 0 {
		return vm.Null, t.Throw("System.MissingMemberException", "Member '"+ty.Name+"."+name+"' not found.")
	}
	_, v := vm.UpdateRef(vm.RefToField(o, i), func(old vm.Value) vm.Value {
		if remove {
			return vm.RemoveDelegate(old, h, false)
		}
		return vm.CombineDelegates(old, h)
	})
	return v, nil
})

// eventCombine and eventRemove update a field-like event's backing field
// (passed by reference) atomically; they return the new value.
var (
	eventCombine = vm.NativeFunc("<EventAdd>", 2, 2, false, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		h := args[1]
		_, v := vm.UpdateRef(args[0], func(old vm.Value) vm.Value { return vm.CombineDelegates(old, h) })
		return v, nil
	})
	eventRemove = vm.NativeFunc("<EventRemove>", 2, 2, false, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		h := args[1]
		_, v := vm.UpdateRef(args[0], func(old vm.Value) vm.Value { return vm.RemoveDelegate(old, h, false) })
		return v, nil
	})
)

// boundGroup returns the user method a method group expression converts
// to, when the binder chose one among overloads, or nil.
func (fs *funcState) boundGroup(e lang.Expr) *methodInfo {
	m := fs.c.info.CallOf(e)
	if m == nil {
		return nil
	}
	decl := m.Definition().Decl
	if decl == nil {
		return nil
	}
	if md, ok := decl.(*lang.MethodDecl); ok && fs.c.methodOf[md] != nil {
		// By the declaration the binder saw: an async method's, which the
		// sm lowering replaced by its stub.
		return fs.c.methodOf[md]
	}
	for _, ci := range fs.c.classes {
		for _, set := range []map[string][]*methodInfo{ci.smethods, ci.methods} {
			for _, mi := range set[m.Name] {
				if mi.decl != nil && lang.Node(mi.decl) == decl {
					return mi
				}
			}
		}
	}
	return nil
}

// groupDelegate loads the delegate for method mi of a method group: a
// static method's delegate, or an instance method bound to the receiver
// in register recv (this when recv < 0). A virtual method binds to the
// receiver's override, except through `base.M`: C# makes that delegate
// with the method itself (ldftn, not ldvirtftn), so it calls the base
// implementation even when the receiver overrides it.
func (fs *funcState) groupDelegate(e lang.Expr, mi *methodInfo, recv, dst int) {
	typ := fs.c.delegateRT(fs.c.info.Delegates[e])
	if typ == nil {
		typ = vm.TDelegate
	}
	defer fs.bindGroupTypeArgs(e, mi, dst)
	if mi.static {
		fs.loadConst(dst, vm.Ref(vm.NewDelegate(mi.fn, typ)))
		return
	}
	w := fs.alloc()
	fs.allocN(1)
	if recv < 0 {
		fs.loadThis(w)
	} else {
		fs.emitABC(vm.OpMove, w, recv, 0)
	}
	fs.loadConst(w+1, vm.Ref(vm.NewDelegate(mi.fn, typ)))
	bind := bindMethod
	if m, ok := e.(*lang.MemberExpr); ok {
		if _, ok := m.X.(*lang.BaseExpr); ok {
			bind = bindMethodExact
		}
	}
	fs.emitABC(vm.OpCall, w, fs.c.addFunc(bind), 2)
	fs.move(dst, w)
}

// extensionDelegate loads the delegate an extension method group `x.M`
// converts to: extension method mi with the receiver in register recv as
// its first argument, null included (C# checks nothing: the method is
// static).
func (fs *funcState) extensionDelegate(e *lang.MemberExpr, mi *methodInfo, recv, dst int) {
	typ := fs.c.delegateRT(fs.c.info.Delegates[e])
	if typ == nil {
		typ = vm.TDelegate
	}
	defer fs.bindGroupTypeArgs(e, mi, dst)
	w := fs.alloc()
	fs.allocN(1)
	fs.emitABC(vm.OpMove, w, recv, 0)
	fs.loadConst(w+1, vm.Ref(vm.NewDelegate(mi.fn, typ)))
	fs.emitABC(vm.OpCall, w, fs.c.addFunc(bindReceiver), 2)
	fs.move(dst, w)
}

// bindReceiver makes the delegate of an extension method (its second
// argument, as a static delegate of the delegate type to make) bound to a
// receiver (its first), which may be null.
var bindReceiver = vm.NativeFunc("<BindReceiver>", 2, 2, false, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	return vm.BindFirstArg(args[0], args[1].AsClosure().Fn, args[1].Type()), nil
})

// bindMethod makes the delegate of an instance method (its second
// argument, as a static delegate of the delegate type to make) bound to a
// receiver (its first).
var bindMethod = vm.NativeFunc("<BindMethod>", 2, 2, false, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	if args[0].IsNull() {
		return vm.Null, t.ThrowNull()
	}
	return vm.BindMethod(args[0], args[1].AsClosure().Fn, args[1].Type()), nil
})

// bindMethodExact is bindMethod without virtual dispatch: the delegate
// of `base.M` calls the method it names.
var bindMethodExact = vm.NativeFunc("<BindMethodExact>", 2, 2, false, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	if args[0].IsNull() {
		return vm.Null, t.ThrowNull()
	}
	return vm.BindMethodExact(args[0], args[1].AsClosure().Fn, args[1].Type()), nil
})

// bindGroupTypeArgs makes the delegate in dst, of method mi, pass the
// hidden type arguments a call would (vm.BindTypeArgs): a static method of
// a generic class takes its class's type arguments (Box<S>.Make, or Make
// inside Box<T>), a generic method those the conversion of method group e
// inferred (or that e writes).
func (fs *funcState) bindGroupTypeArgs(e lang.Expr, mi *methodInfo, dst int) {
	k := mi.hidden
	if bm := fs.c.info.CallOf(e); k > 0 && (bm == nil || len(bm.TypeArgs) != k) {
		k = 0
	}
	classK := 0
	if mi.static {
		classK = mi.classHidden
	}
	if k == 0 && classK == 0 {
		return
	}
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	w := fs.allocN(1 + classK + k)
	fs.emitABC(vm.OpMove, w, dst, 0)
	if classK > 0 {
		var v via
		if f, ok := e.(*lang.MemberExpr); ok {
			if t, _ := fs.typeOfExpr(f.X); t != nil {
				v = fs.viaOf(f.X, t)
			}
		}
		fs.classArgsInto(mi.cls, v, w+1)
	}
	if k > 0 {
		for i, a := range fs.c.info.CallOf(e).TypeArgs {
			if !fs.bindTypeInto(a, w+1+classK+i) {
				fs.loadConst(w+1+classK+i, vm.Null)
			}
		}
	}
	fs.emitABC(vm.OpCall, w, fs.c.addFunc(bindTypeArgs), 1+classK+k)
	fs.move(dst, w)
}

// bindTypeArgs is vm.BindTypeArgs: its first argument the delegate, the
// rest the type arguments.
var bindTypeArgs = vm.NativeFunc("<BindTypeArgs>", 1, -1, false, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	return vm.BindTypeArgs(args[0], args[1:]), nil
})

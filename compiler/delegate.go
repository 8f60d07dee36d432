package compiler

import (
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
// receiver's override.
func (fs *funcState) groupDelegate(mi *methodInfo, recv, dst int) {
	if mi.static {
		fs.loadConst(dst, vm.Ref(vm.NewStaticDelegate(mi.fn)))
		return
	}
	w := fs.alloc()
	fs.allocN(1)
	if recv < 0 {
		fs.loadThis(w)
	} else {
		fs.emitABC(vm.OpMove, w, recv, 0)
	}
	fs.loadConst(w+1, vm.Ref(vm.NewStaticDelegate(mi.fn)))
	fs.emitABC(vm.OpCall, w, fs.c.addFunc(bindMethod), 2)
	fs.move(dst, w)
}

// bindMethod makes the delegate of an instance method (its second
// argument, as a static delegate) bound to a receiver (its first).
var bindMethod = vm.NativeFunc("<BindMethod>", 2, 2, false, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	if args[0].IsNull() {
		return vm.Null, t.ThrowNull()
	}
	return vm.BindMethod(args[0], args[1].AsClosure().Fn), nil
})

package compiler

import (
	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// callOperator compiles a call of the user-defined operator or conversion
// m (a static method the binder chose, bind.Info.Calls) on the operands
// xs, with the result in dst; at is the operator expression.
func (fs *funcState) callOperator(at lang.Node, m *bind.Method, xs []lang.Expr, dst int) *vm.Type {
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	w := fs.allocN(len(xs))
	have := make([]*vm.Type, len(xs))
	for i, x := range xs {
		have[i] = fs.exprTo(x, w+i)
	}
	return fs.callOperatorAt(at, m, w, have, dst)
}

// callOperatorAt calls m on the operands in registers w.., of the static
// types have, and leaves the result in dst. Each operand is converted to
// its parameter's type first (an int operand of a decimal parameter).
// An operator the binder bound through a type parameter (a static abstract
// or virtual interface operator, Info.Constrained under at) runs the type
// argument's implementation.
func (fs *funcState) callOperatorAt(at lang.Node, m *bind.Method, w int, have []*vm.Type, dst int) *vm.Type {
	n := len(have)
	if m.Lifted && n == 1 {
		// A lifted conversion (S? to T?): null stays null.
		op := *m
		op.Lifted = false
		isNull, end := fs.newLabel(), fs.newLabel()
		fs.jumpTo(isNull, vm.MakeABx(vm.OpJmpNull, w, 0))
		fs.callOperatorAt(at, &op, w, have, dst)
		fs.jmp(end)
		fs.mark(isNull)
		fs.loadConst(dst, vm.Null)
		fs.mark(end)
		return nil
	}
	if tp := fs.c.info.ConstrainedOf(at); tp != nil {
		return fs.constrainedOperator(tp, m, w, n, dst)
	}
	decl, _ := m.Definition().Decl.(*lang.MethodDecl)
	mi := fs.c.methodOf[decl]
	if mi == nil && m.Owner != nil && m.Owner.Lib && m.Owner.VM != nil {
		return fs.callLibOperator(m, w, n, dst)
	}
	if mi == nil {
		panic("operator method not declared: " + m.Name)
	}
	for i := 0; i < n && i < len(mi.params); i++ {
		fs.convertOnStore(w+i, have[i], fs.c.convType(mi.params[i].Type, mi.cls))
	}
	fs.emitABC(vm.OpCall, w, fs.c.addFunc(mi.fn), n)
	fs.move(dst, w)
	t, _ := fs.c.resolveTypeRef(mi.ret, mi.cls, false)
	return t
}

// liftedOperator compiles e, bound to the lifted form of the user-defined
// operator m (§12.4.8): m runs when neither operand is null; otherwise ==
// is true when both are null, != is true when one is, any other comparison
// is false and any other operator null.
func (fs *funcState) liftedOperator(e *lang.BinaryExpr, m *bind.Method, dst int) *vm.Type {
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	w := fs.allocN(2)
	xt := fs.exprTo(e.X, w)
	yt := fs.exprTo(e.Y, w+1)
	xNull, yNull, end := fs.newLabel(), fs.newLabel(), fs.newLabel()
	fs.jumpTo(xNull, vm.MakeABx(vm.OpJmpNull, w, 0))
	fs.jumpTo(yNull, vm.MakeABx(vm.OpJmpNull, w+1, 0))
	rt := fs.callOperatorAt(e, m, w, []*vm.Type{xt, yt}, dst)
	fs.jmp(end)
	switch e.Op {
	case "==", "!=":
		// x is null: the result is whether y is null too (==), or not (!=).
		eq, ne := vm.Bool(e.Op == "=="), vm.Bool(e.Op != "==")
		fs.mark(xNull)
		both := fs.newLabel()
		fs.jumpTo(both, vm.MakeABx(vm.OpJmpNull, w+1, 0))
		fs.loadConst(dst, ne)
		fs.jmp(end)
		fs.mark(both)
		fs.loadConst(dst, eq)
		fs.jmp(end)
		fs.mark(yNull)
		fs.loadConst(dst, ne)
	case "<", ">", "<=", ">=":
		fs.mark(xNull)
		fs.mark(yNull)
		fs.loadConst(dst, vm.Bool(false))
	default:
		fs.mark(xNull)
		fs.mark(yNull)
		fs.loadConst(dst, vm.Null)
		rt = nil
	}
	fs.mark(end)
	return rt
}

// shortCircuit compiles `x && y` (`x || y`) bound to a user-defined `&`
// (`|`) as C# §12.15.3 defines it: `T.false(x) ? x : T.&(x, y)`, with
// test the operator false (true) that decides the shortcut.
func (fs *funcState) shortCircuit(e *lang.BinaryExpr, test *bind.Method, dst int) *vm.Type {
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	w := fs.allocN(2)
	xt := fs.exprTo(e.X, w)
	t := fs.alloc()
	fs.move(t, w)
	fs.callOperatorAt(nil, test, t, []*vm.Type{xt}, t)
	take, end := fs.newLabel(), fs.newLabel()
	fs.jumpOnReg(t, true, take)
	yt := fs.exprTo(e.Y, w+1)
	rt := fs.callOperatorAt(e, fs.c.info.CallOf(e), w, []*vm.Type{xt, yt}, dst)
	fs.jmp(end)
	fs.mark(take)
	fs.move(dst, w)
	fs.mark(end)
	return rt
}

// callLibOperator calls the native of library operator m (TimeSpan's
// op_Addition: one native per name serves every overload) on the n
// operands in registers w.., leaving the result in dst.
func (fs *funcState) callLibOperator(m *bind.Method, w, n, dst int) *vm.Type {
	f := m.Owner.VM.LookupStatic(m.Name, n)
	if f == nil {
		panic("library operator without a native: " + m.Owner.VM.FullName() + "." + m.Name)
	}
	argc := n
	if f.TypeArgs && (m.Name == "op_Implicit" || m.Name == "op_Explicit" || m.Name == "op_CheckedExplicit") {
		// One native serves a type's conversions to several types (C#
		// overloads them on the return type): it takes the target type
		// as a hidden last argument.
		if fs.top < w+n+1 {
			fs.allocN(w + n + 1 - fs.top)
		}
		if !fs.bindTypeInto(m.Ret, w+n) {
			fs.loadConst(w+n, vm.Null)
		}
		argc++
	}
	fs.emitABC(vm.OpCall, w, fs.c.addFunc(f), argc)
	fs.move(dst, w)
	switch {
	case m.Ret.VM != nil:
		return m.Ret.VM
	case m.Ret.Kind == bind.Special && m.Ret.Special == bind.Bool:
		return vm.TBool
	}
	return vmNumeric(m.Ret)
}

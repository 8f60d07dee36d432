package compiler

import (
	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// Static abstract and static virtual interface members reached through a
// type parameter (bind.Info.Constrained): `T.Parse(s)`, `T.Zero`, `a + b`
// with `where T : IAdditionOperators<T, T, T>`. The member is known here,
// the type argument only at run time (the hidden `<type>T`), so the code
// asks Internal.VM.StaticMember for the type argument's implementation as
// a delegate and calls it (CALLDEL); see vm/staticabs.go and
// docs/design.md, "Static abstract interface members".

// staticMemberInto loads into r the delegate of the implementation, in the
// type argument of type parameter tp, of the static member name of
// interface owner (a construction, whose type arguments a default body
// takes), called with np arguments and nm method type arguments.
func (fs *funcState) staticMemberInto(pos lang.Pos, tp, owner *bind.Type, name string, np, nm, r int) bool {
	save := fs.top
	defer fs.setTop(max(save, r+1))
	iface := fs.c.bindVMType(owner.Generic())
	if iface == nil {
		fs.errorf(pos, "the interface '%s' has no run-time type", owner)
		return false
	}
	var ifaceArgs []*bind.Type
	if owner.Def != nil {
		ifaceArgs = owner.AllArgs()
	}
	w := fs.allocN(5 + len(ifaceArgs))
	if !fs.bindTypeInto(tp, w) {
		if pos.Line == 0 {
			pos = fs.c.at // an operator's call: where the compiler is
		}
		fs.errorf(pos, "the type argument of '%s' is not known at run time", tp)
		return false
	}
	fs.emitABC(vm.OpTypeOf, w+1, fs.c.addType(iface), 0)
	fs.loadConst(w+2, vm.String(name))
	fs.loadConst(w+3, vm.Int(int32(np)))
	fs.loadConst(w+4, vm.Int(int32(nm)))
	for i, a := range ifaceArgs {
		if !fs.bindTypeInto(a, w+5+i) {
			fs.emitABC(vm.OpTypeOf, w+5+i, fs.c.addType(vm.TObject), 0)
		}
	}
	if !fs.callNative(pos, "Internal.VM", "StaticMember", w, 5+len(ifaceArgs)) {
		return false
	}
	fs.move(r, w)
	return true
}

// constrainedOperator calls the static abstract or virtual operator m of
// type parameter tp's type argument on the n operands in registers w..,
// leaving the result in dst.
func (fs *funcState) constrainedOperator(tp *bind.Type, m *bind.Method, w, n, dst int) *vm.Type {
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	d := fs.allocN(1 + n)
	if !fs.staticMemberInto(lang.Pos{}, tp, m.Owner, m.Name, n, 0, d) {
		return nil
	}
	for i := 0; i < n; i++ {
		fs.emitABC(vm.OpMove, d+1+i, w+i, 0)
	}
	fs.emitABC(vm.OpCallDel, d, 0, n)
	fs.move(dst, d)
	return fs.c.bindVMType(m.Ret)
}

// constrainedCall compiles `T.M(args)`, bound to the static abstract or
// virtual method m through type parameter tp; with await set, its result
// is awaited (the operand of an await in rt mode).
func (fs *funcState) constrainedCall(e *lang.CallExpr, tp *bind.Type, m *bind.Method, dst int, await bool) *vm.Type {
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	w := fs.alloc()
	n, backs := fs.args(e.Args, w+1, nil, nil, nil)
	nm := 0
	for _, a := range m.TypeArgs {
		r := fs.alloc()
		if !fs.bindTypeInto(a, r) {
			fs.loadConst(r, vm.Null)
		}
		nm++
	}
	if !fs.staticMemberInto(e.Pos, tp, m.Owner, m.Name, n, nm, w) {
		return nil
	}
	fs.emitABC(vm.OpCallDel, w, 0, n+nm)
	fs.copyBack(backs)
	if await {
		fs.emitABC(vm.OpAwait, dst, w, 0)
		return nil
	}
	fs.move(dst, w)
	return fs.c.bindVMType(m.Ret)
}

// constrainedGet compiles the read of `T.P`, bound to the static abstract
// or virtual property p through type parameter tp.
func (fs *funcState) constrainedGet(e *lang.MemberExpr, tp *bind.Type, p *bind.Property, dst int) *vm.Type {
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	w := fs.alloc()
	if !fs.staticMemberInto(e.Pos, tp, p.Owner, "get_"+p.Name, 0, 0, w) {
		return nil
	}
	fs.emitABC(vm.OpCallDel, w, 0, 0)
	fs.move(dst, w)
	return fs.c.bindVMType(p.Type)
}

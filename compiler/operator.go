package compiler

import (
	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// callOperator compiles a call of the user-defined operator or conversion
// m (a static method the binder chose, bind.Info.Calls) on the operands
// xs, with the result in dst.
func (fs *funcState) callOperator(m *bind.Method, xs []lang.Expr, dst int) *vm.Type {
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	w := fs.allocN(len(xs))
	have := make([]*vm.Type, len(xs))
	for i, x := range xs {
		have[i] = fs.exprTo(x, w+i)
	}
	return fs.callOperatorAt(m, w, have, dst)
}

// callOperatorAt calls m on the operands in registers w.., of the static
// types have, and leaves the result in dst. Each operand is converted to
// its parameter's type first (an int operand of a decimal parameter).
func (fs *funcState) callOperatorAt(m *bind.Method, w int, have []*vm.Type, dst int) *vm.Type {
	n := len(have)
	decl, _ := m.Definition().Decl.(*lang.MethodDecl)
	mi := fs.c.methodOf[decl]
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

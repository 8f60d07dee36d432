package compiler

import (
	"asyncvm/lang"
	"asyncvm/vm"
)

// declaredProp returns the instance property of a program class the binder
// bound member access or simple name e to (bind.Info.PropOf), when it has
// accessor methods, or nil. Its accessors are called as declared: a
// property a derived class declares with `new` hides it only where the
// receiver's static type is that class, as in C#, while a by-name access
// would reach the object's own class's property.
func (fs *funcState) declaredProp(e lang.Expr) *propInfo {
	p := fs.c.info.PropOf(e)
	if p == nil {
		return nil
	}
	d, _ := p.Decl.(*lang.PropertyDecl)
	pi := fs.c.propOf[d]
	if pi == nil || pi.static || pi.field != nil {
		return nil
	}
	return pi
}

// callProp calls accessor fn of a declared property on the receiver in
// register w with n arguments after it (the value a setter stores): a
// virtual accessor through its slot, another directly once the receiver
// is checked for null (a call through a null reference throws before the
// accessor runs).
func (fs *funcState) callProp(fn *vm.Func, w, n int) {
	if fn.Slot <= 0 && !fn.IsAbstract {
		fs.emitABC(vm.OpNullChk, w, 0, 0)
	}
	fs.callAccessor(fn, w, n, false)
}

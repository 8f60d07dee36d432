package compiler

import (
	"asyncvm/lang"
	"asyncvm/vm"
)

// Ref locals and ref returns. A ref local is a local whose register holds
// a reference (a Box or a vm.RefCell), exactly as a ref parameter's does
// (local.isRef): reading it is GETREF, writing it SETREF, passing it by
// ref passes the reference, and `r = ref x` replaces the reference in the
// register. A function returning by reference returns the reference; the
// caller dereferences it where the call is a value and keeps it where it
// is a variable (an assignment's target, `ref F()`, a ref argument). A
// local that `ref x` refers to lives in a box (bind.Info.RefTaken), so
// the reference never points into a register.

// refCall reports whether e calls a method that returns by reference.
func (fs *funcState) refCall(e *lang.CallExpr) bool {
	return fs.c.info.CallOf(e).RefKind() != ""
}

// refIndexer reports whether e applies an indexer that returns by
// reference.
func (fs *funcState) refIndexer(e *lang.IndexExpr) bool {
	return fs.c.info.IndexerOf(e).RefKind() != ""
}

// refProp reports whether e (a simple name or member access) reads a
// property that returns by reference.
func (fs *funcState) refProp(e lang.Expr) bool {
	return fs.c.info.RefProp(e) != nil
}

// refOf compiles a reference to the variable x into dst: the operand of
// `ref`, a ref conditional, or a call of a ref-returning method or
// indexer.
func (fs *funcState) refOf(x lang.Expr, dst int) {
	switch e := x.(type) {
	case *lang.UnaryExpr:
		if e.Op == "ref" {
			fs.refOf(e.X, dst)
			return
		}
	case *lang.CondExpr:
		f, end := fs.newLabel(), fs.newLabel()
		fs.cond(e.Cond, f)
		fs.refOf(e.Then, dst)
		fs.jmp(end)
		fs.mark(f)
		fs.refOf(e.Else, dst)
		fs.mark(end)
		return
	case *lang.CallExpr:
		if fs.refCall(e) {
			save := fs.top
			fs.call(e, dst, false)
			fs.setTop(max(save, dst+1))
			return
		}
	case *lang.IndexExpr:
		if fs.refIndexer(e) {
			save := fs.top
			fs.keepRef = true
			fs.index(e, dst)
			fs.setTop(max(save, dst+1))
			return
		}
	case *lang.Ident:
		if l := fs.lookup(e.Name); l != nil && l.fs == fs && l.isRef {
			fs.move(dst, l.reg)
			return
		}
		if fs.refProp(e) {
			save := fs.top
			fs.ident(e, dst)
			fs.setTop(max(save, dst+1))
			return
		}
	case *lang.MemberExpr:
		if fs.refProp(e) {
			save := fs.top
			fs.member(e, dst)
			fs.setTop(max(save, dst+1))
			return
		}
	}
	save := fs.top
	if b := fs.refArg(&lang.Arg{Pos: x.Position(), Mod: "ref", X: x}, dst); b != nil {
		// A local in a register: the binder boxes every local `ref`
		// names outside an argument list, so this is a bug in asyncvm.
		fs.errorf(x.Position(), "internal error: a reference to '%s', which lives in a register", lang.Print(x))
	}
	fs.setTop(max(save, dst+1))
}

// refAssign compiles the ref assignment `r = ref x` into the register of
// the ref local r; the value of the expression is r's new value.
func (fs *funcState) refAssign(e *lang.AssignExpr, dst int) *vm.Type {
	id, _ := e.Left.(*lang.Ident)
	var l *local
	if id != nil {
		l = fs.lookup(id.Name)
	}
	if l == nil || !l.isRef || l.fs != fs {
		fs.errorf(e.Pos, "The left-hand side of a ref assignment must be a ref variable.")
		return nil
	}
	fs.refOf(e.Right, l.reg)
	fs.emitABC(vm.OpGetRef, dst, l.reg, 0)
	return l.typ
}

// isRefCond reports whether x is a ref conditional `c ? ref a : ref b`.
func isRefCond(x lang.Expr) bool {
	c, ok := x.(*lang.CondExpr)
	if !ok {
		return false
	}
	u1, ok1 := c.Then.(*lang.UnaryExpr)
	u2, ok2 := c.Else.(*lang.UnaryExpr)
	return ok1 && ok2 && u1.Op == "ref" && u2.Op == "ref"
}

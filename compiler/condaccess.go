package compiler

import (
	"asyncvm/lang"
	"asyncvm/vm"
)

// condAccess is a conditional access chain being compiled. In C#
// (§12.8.8) the `?.` or `?[` of `a?.b.c(d)[e]` guards the whole chain of
// member accesses, calls and element accesses after it: when a is null the
// chain's value is null and none of b, c(d) or [e] is evaluated. The head
// of the chain (the outermost access, or the assignment of C# 14's
// `a?.b = v`) owns the label the guards jump to, where it loads null into
// its destination.
type condAccess struct {
	head lang.Node
	dst  int
	null *label
}

// condReceiver names the hidden local holding the tested receiver of a
// conditional extension method call (callExtension); no C# identifier
// can spell it.
const condReceiver = "<cond>recv"

// chainReceiver is the receiver of a member access, call of a member or
// element access: the next link of a conditional access chain.
func chainReceiver(e lang.Expr) lang.Expr {
	switch e := e.(type) {
	case *lang.MemberExpr:
		return e.X
	case *lang.IndexExpr:
		return e.X
	case *lang.CallExpr:
		if m, ok := e.Fun.(*lang.MemberExpr); ok {
			return m.X
		}
	}
	return nil
}

// guarded reports whether the access e is `?.` or `?[` (a call, when
// its member is).
func guarded(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.MemberExpr:
		return e.NullCond
	case *lang.IndexExpr:
		return e.NullCond
	case *lang.CallExpr:
		if m, ok := e.Fun.(*lang.MemberExpr); ok {
			return m.NullCond
		}
	}
	return false
}

// openCondAccess starts the conditional access chain whose outermost
// access is e (from is e, or the assignment whose target e is) when e is
// not a link of a chain being compiled and a link from e inwards is
// guarded. It returns nil when there is no new chain.
func (fs *funcState) openCondAccess(from lang.Node, e lang.Expr, dst int) *condAccess {
	if _, inner := fs.condOf[e]; inner {
		return nil
	}
	any := false
	for n := e; n != nil; n = chainReceiver(n) {
		if guarded(n) {
			any = true
			break
		}
	}
	if !any {
		return nil
	}
	ch := &condAccess{head: from, dst: dst, null: fs.newLabel()}
	if fs.condOf == nil {
		fs.condOf = map[lang.Expr]*condAccess{}
	}
	for n := e; n != nil; n = chainReceiver(n) {
		fs.condOf[n] = ch
	}
	return ch
}

// closeCondAccess ends the chain ch: its guards land on a null load into
// the head's destination.
func (fs *funcState) closeCondAccess(ch *condAccess, e lang.Expr) {
	for n := e; n != nil; n = chainReceiver(n) {
		delete(fs.condOf, n)
	}
	if len(ch.null.patches) == 0 {
		return
	}
	done := fs.newLabel()
	fs.jmp(done)
	fs.mark(ch.null)
	fs.emitABC(vm.OpLoadNull, ch.dst, 0, 0)
	fs.mark(done)
}

// nullExit is where the guard of the access e jumps when its receiver is
// null: the end of the chain e is a link of, or local, the end of e itself
// when e heads its chain.
func (fs *funcState) nullExit(e lang.Expr, local *label) *label {
	if ch := fs.condOf[e]; ch != nil && ch.head != lang.Node(e) {
		return ch.null
	}
	return local
}

// guardTarget emits the guard of the assignment target x (`a?.b = v`,
// `a?[i] = v`) on its receiver in register r: a null receiver leaves the
// assignment, the right side unevaluated.
func (fs *funcState) guardTarget(x lang.Expr, r int) {
	if ch := fs.condOf[x]; ch != nil && guarded(x) {
		fs.jumpTo(ch.null, vm.MakeABx(vm.OpJmpNull, r, 0))
	}
}

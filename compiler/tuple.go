package compiler

import (
	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// Tuples (see vm/tuple.go for the run-time form). A tuple literal is
// NEWOBJ of its ValueTuple construction and one SETFIELD per element; an
// element is read with GETFIELD of the definition's slot (an eighth and
// later element through Rest); an element assignment stores a copy with
// the element replaced (Internal.VM.TupleWith) back into the variable, so
// a tuple value is never changed once built. Element names are resolved
// by the binder (bind.Type.TupleElemName).

// tupleArity is the number of fields of the ValueTuple level holding n
// elements: n itself up to seven, else eight (the last is Rest).
func tupleArity(n int) int {
	if n > lang.MaxTupleArity {
		return vm.MaxTupleArity
	}
	return n
}

// tupleVMType is the run-time type of tuple type bt: its ValueTuple
// construction when every element type is closed and known, else the
// definition (an object made in generic code without its type arguments).
func (c *Compiler) tupleVMType(bt *bind.Type) *vm.Type {
	def := vm.TupleDef(len(bt.Args))
	args := make([]*vm.Type, len(bt.Args))
	for i, a := range bt.Args {
		if args[i] = c.elemVMType(a); args[i] == nil {
			return def
		}
	}
	return vm.Construct(def, args)
}

// elemVMType is the run-time type of a tuple's element type, nil when not
// known.
func (c *Compiler) elemVMType(bt *bind.Type) *vm.Type {
	switch {
	case bt == nil:
		return nil
	case bt.IsTuple():
		t := c.tupleVMType(bt)
		if t.Def == nil {
			return nil
		}
		return t
	case bt.Def != nil && bt.Def.Decl == nil && bt.Def.VM != nil && bt.Kind != bind.Delegate:
		args := make([]*vm.Type, len(bt.Args))
		for i, a := range bt.Args {
			if args[i] = c.elemVMType(a); args[i] == nil {
				return nil
			}
		}
		if len(args) != bt.Def.VM.Arity() {
			return nil
		}
		return vm.Construct(bt.Def.VM, args)
	}
	return c.bindVMType(bt)
}

// fieldRef returns the index of the field table entry naming slot index
// of class.
func (fs *funcState) fieldRef(class *vm.Type, index int) int {
	r := vm.NewFieldRef(class, index)
	if i, ok := fs.fieldIdx[r]; ok {
		return i
	}
	fs.fieldIdx[r] = len(fs.fields)
	fs.fields = append(fs.fields, r)
	return len(fs.fields) - 1
}

// tupleType is the binder's tuple type of e, nil when e is not known to be
// a tuple.
func (fs *funcState) tupleType(e lang.Expr) *bind.Type {
	if t := fs.c.info.TypeOf(e); t != nil && t.IsTuple() {
		return t
	}
	return nil
}

// tupleLiteral compiles `(a, b)`: the elements, each converted to its
// element type, then the tuple of the literal's (converted) type.
func (fs *funcState) tupleLiteral(e *lang.TupleExpr, dst int) *vm.Type {
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	n := len(e.Elems)
	w := fs.allocN(n)
	for i, x := range e.Elems {
		fs.exprTo(x, w+i)
	}
	return fs.buildTuple(fs.tupleType(e), w, n, dst)
}

// buildTuple makes the tuple of type bt (nil when not known) from the n
// values in registers base.. into dst.
func (fs *funcState) buildTuple(bt *bind.Type, base, n, dst int) *vm.Type {
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	k := tupleArity(n)
	vals := make([]int, k)
	for i := range vals {
		vals[i] = base + i
	}
	if n > lang.MaxTupleArity {
		var rest *bind.Type
		if bt != nil && len(bt.Args) == vm.MaxTupleArity {
			rest = bt.Args[lang.MaxTupleArity]
		}
		vals[lang.MaxTupleArity] = fs.alloc()
		fs.buildTuple(rest, base+lang.MaxTupleArity, n-lang.MaxTupleArity, vals[lang.MaxTupleArity])
	}
	vt := vm.TupleDef(k)
	if bt != nil && len(bt.Args) == k {
		vt = fs.c.tupleVMType(bt)
	}
	def := vm.TupleDef(k)
	o := fs.alloc()
	fs.emitABC(vm.OpNewObj, o, fs.c.addType(vt), 0)
	for i, r := range vals {
		fs.emitABC(vm.OpSetField, o, fs.fieldRef(def, i), r)
	}
	fs.emitABC(vm.OpMove, dst, o, 0)
	return vt
}

// tupleElem loads element i of the tuple of n elements in register r into
// dst.
func (fs *funcState) tupleElem(r, n, i, dst int) {
	for i >= lang.MaxTupleArity && n > lang.MaxTupleArity {
		fs.emitABC(vm.OpGetField, dst, r, fs.fieldRef(vm.TupleDef(vm.MaxTupleArity), lang.MaxTupleArity))
		r, i, n = dst, i-lang.MaxTupleArity, n-lang.MaxTupleArity
	}
	fs.emitABC(vm.OpGetField, dst, r, fs.fieldRef(vm.TupleDef(tupleArity(n)), i))
}

// tupleMember compiles `t.Item2` or `t.Name`: an element of a tuple; false
// when e is not one.
func (fs *funcState) tupleMember(e *lang.MemberExpr, dst int) (*vm.Type, bool) {
	bt := fs.tupleType(e.X)
	if bt == nil {
		return nil, false
	}
	i := bt.TupleElemName(e.Name)
	if i < 0 {
		return nil, false
	}
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	r, _ := fs.exprReg(e.X)
	var end *label
	if e.NullCond {
		end = fs.newLabel()
		fs.emitABC(vm.OpMove, dst, r, 0)
		fs.jumpTo(fs.nullExit(e, end), vm.MakeABx(vm.OpJmpNull, dst, 0))
	}
	elems := bt.TupleElems()
	fs.tupleElem(r, len(elems), i, dst)
	if end != nil {
		fs.mark(end)
	}
	return fs.c.elemStatic(elems[i]), true
}

// elemStatic is the compiler's static type for a value of binder type bt
// where it is a predefined one.
func (c *Compiler) elemStatic(bt *bind.Type) *vm.Type {
	if bt != nil && bt.Kind == bind.Special {
		return keywordType(bt.String())
	}
	return nil
}

// tupleElemLV is the lvalue of `t.Item1` (an element of the tuple held by
// the assignable x): reading it reads the element, writing it stores a
// copy of the tuple with the element replaced back into x.
func (fs *funcState) tupleElemLV(e *lang.MemberExpr) (lvalue, bool) {
	bt := fs.tupleType(e.X)
	if bt == nil {
		return lvalue{}, false
	}
	i := bt.TupleElemName(e.Name)
	if i < 0 {
		return lvalue{}, false
	}
	parent := fs.lvalueOf(e.X)
	if parent.kind == lvNone {
		return lvalue{kind: lvNone}, true
	}
	return fs.tupleElemOf(parent, bt, i), true
}

// tupleElemOf is the lvalue of element i of the tuple of type bt held by
// the assignable parent.
func (fs *funcState) tupleElemOf(parent lvalue, bt *bind.Type, i int) lvalue {
	elems := bt.TupleElems()
	n := len(elems)
	for i >= lang.MaxTupleArity && n > lang.MaxTupleArity {
		p := parent
		parent = lvalue{kind: lvTupleElem, parent: &p, idx: lang.MaxTupleArity, args: []int{vm.MaxTupleArity}}
		i, n = i-lang.MaxTupleArity, n-lang.MaxTupleArity
	}
	t := fs.c.elemStatic(elems[len(elems)-n+i])
	return lvalue{kind: lvTupleElem, parent: &parent, idx: i, args: []int{tupleArity(n)}, typ: t, conv: t}
}

// loadTupleElem and storeTupleElem read and write an lvTupleElem.
func (fs *funcState) loadTupleElem(lv lvalue, dst int) {
	r := fs.alloc()
	fs.loadLV(*lv.parent, r)
	fs.emitABC(vm.OpGetField, dst, r, fs.fieldRef(vm.TupleDef(lv.args[0]), lv.idx))
}

func (fs *funcState) storeTupleElem(lv lvalue, src int) {
	w := fs.allocN(3)
	fs.loadLV(*lv.parent, w)
	fs.loadConst(w+1, vm.Int(int32(lv.idx)))
	fs.emitABC(vm.OpMove, w+2, src, 0)
	fs.callNative(lang.Pos{}, "Internal.VM", "TupleWith", w, 3)
	fs.storeLV(*lv.parent, w)
}

// tupleEqualityJump compiles `x == y` or `x != y` on tuples (§12.12.11) as
// control flow: both operands are evaluated, then the elements compared in
// order with ==, the first unequal pair deciding. It jumps to target when
// the result is sense; false when e is not a tuple comparison.
func (fs *funcState) tupleEqualityJump(e *lang.BinaryExpr, sense bool, target *label) bool {
	lt, rt := fs.tupleType(e.X), fs.tupleType(e.Y)
	if lt == nil || rt == nil || fs.c.info.CallOf(e) != nil {
		return false
	}
	n := len(lt.TupleElems())
	if len(rt.TupleElems()) != n {
		return false
	}
	rx, _ := fs.exprReg(e.X)
	ry, _ := fs.exprReg(e.Y)
	equal := sense == (e.Op == "==") // jump to target when all elements are equal
	fs.tupleEqualRegs(lt, rt, rx, ry, equal, target, fs.c.info.TupleOpsOf(e))
	return true
}

// tupleEqualRegs compares the tuples in rx and ry element by element and
// jumps to target when they are equal (equal) or when they differ (!equal).
// ops holds the user-defined operator == of an element pair, if any.
func (fs *funcState) tupleEqualRegs(lt, rt *bind.Type, rx, ry int, equal bool, target *label, ops []*bind.Method) {
	le, re := lt.TupleElems(), rt.TupleElems()
	differ := target
	if equal {
		differ = fs.newLabel()
	}
	for i := range le {
		a, b := fs.alloc(), fs.alloc()
		fs.tupleElem(rx, len(le), i, a)
		fs.tupleElem(ry, len(re), i, b)
		if le[i].IsTuple() && re[i].IsTuple() && len(le[i].TupleElems()) == len(re[i].TupleElems()) {
			fs.tupleEqualRegs(le[i], re[i], a, b, false, differ, nil)
			continue
		}
		if i < len(ops) && ops[i] != nil {
			fs.callOperatorAt(nil, ops[i], a, []*vm.Type{nil, nil}, a)
			fs.jumpOnReg(a, false, differ)
			continue
		}
		fs.jumpTo(differ, vm.MakeABC(vm.OpJNe, a, b, 0))
	}
	if equal {
		fs.jmp(target)
		fs.mark(differ)
	}
}

// deconstruct compiles `(x, var y, _) = e` in C#'s order (12.21.2): the
// targets' receivers and indices first, then the right side (a tuple
// literal element by element, each converted as it is evaluated, so
// `(x, y) = (y, x)` swaps), then the Deconstruct calls, then each value's
// conversion to its target, then the assignments.
func (fs *funcState) deconstruct(e *lang.AssignExpr, left *lang.TupleExpr, dst int) *vm.Type {
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	targets := fs.deconstructTargets(left, nil)
	n := len(left.Elems)
	w := fs.allocN(n)
	if lit, ok := e.Right.(*lang.TupleExpr); ok && len(lit.Elems) == n {
		for i, x := range lit.Elems {
			fs.exprTo(x, w+i)
		}
	} else {
		r, _ := fs.exprReg(e.Right)
		fs.takeApart(left, r, w, n)
	}
	fs.assignTargets(targets, fs.leafValues(left, w, nil))
	fs.loadConst(dst, vm.Null)
	return nil
}

// deconstructTarget is one target of a deconstruction: a declaration, a
// discard (skip) or an assignable expression whose receiver and indices
// were evaluated (lv).
type deconstructTarget struct {
	x    lang.Expr
	lv   lvalue
	skip bool
}

// deconstructTargets appends to ts the targets of left, nested tuples
// flattened in order, evaluating what an assignable target's store needs.
func (fs *funcState) deconstructTargets(left *lang.TupleExpr, ts []deconstructTarget) []deconstructTarget {
	for _, x := range left.Elems {
		switch x := x.(type) {
		case *lang.DeclExpr:
			ts = append(ts, deconstructTarget{x: x, skip: x.Name == "_"})
		case *lang.TupleExpr:
			ts = fs.deconstructTargets(x, ts)
		default:
			if id, ok := x.(*lang.Ident); ok && fs.c.info.IsDiscard(id) {
				ts = append(ts, deconstructTarget{x: x, skip: true})
				continue
			}
			ts = append(ts, deconstructTarget{x: x, lv: fs.lvalueOf(x)})
		}
	}
	return ts
}

// leafValues appends to vs the registers holding the values for the
// targets of left, given its elements' values in registers w..: a nested
// tuple's parts are taken apart (its Deconstruct called) into new
// registers.
func (fs *funcState) leafValues(left *lang.TupleExpr, w int, vs []int) []int {
	for i, x := range left.Elems {
		if t, ok := x.(*lang.TupleExpr); ok {
			m := len(t.Elems)
			parts := fs.allocN(m)
			fs.takeApart(t, w+i, parts, m)
			vs = fs.leafValues(t, parts, vs)
			continue
		}
		vs = append(vs, w+i)
	}
	return vs
}

// assignTargets converts each value (registers vs) to its target's type,
// all in order, then assigns them in order.
func (fs *funcState) assignTargets(ts []deconstructTarget, vs []int) {
	for i, t := range ts {
		if t.skip {
			continue
		}
		if m := fs.c.info.TargetConvOf(t.x); m != nil {
			w := fs.alloc()
			fs.emitABC(vm.OpMove, w, vs[i], 0)
			fs.callOperatorAt(nil, m, w, []*vm.Type{nil}, vs[i])
			continue
		}
		fs.convertOnStore(vs[i], nil, fs.numericTarget(t.x))
	}
	for i, t := range ts {
		if t.skip {
			continue
		}
		v := vs[i]
		if x, ok := t.x.(*lang.DeclExpr); ok {
			var conv *vm.Type
			if x.Type != nil && x.Type.Name != "var" {
				conv = fs.c.convType(x.Type, fs.cls)
			}
			l := fs.findDecl(x.Name, x.Pos)
			if l == nil {
				l = fs.declare(x.Name, x.Pos, conv, conv)
				fs.loadConst(l.reg, vm.Null)
				fs.initBox(l)
			}
			fs.writeVar(l, v)
			continue
		}
		if t.lv.kind != lvNone {
			fs.storeLV(t.lv, v)
		}
	}
}

// takeApart loads the n parts of the value in r into registers w..: the
// elements of a tuple, or the out arguments of the Deconstruct call the
// binder chose for node (a deconstruction's left side or a positional
// pattern).
func (fs *funcState) takeApart(node lang.Node, r, w, n int) {
	call := fs.c.info.Deconstructs[node]
	if call == nil {
		for i := 0; i < n; i++ {
			fs.tupleElem(r, n, i, w+i)
		}
		return
	}
	fs.pushScope()
	recv := fs.declare(bind.DeconstructReceiver(node), node.Position(), nil, nil)
	fs.emitABC(vm.OpMove, recv.reg, r, 0)
	fs.predeclareExprVars(call) // the out variables, below the call's window
	tmp := fs.alloc()
	fs.call(call, tmp, false)
	for i := 0; i < n; i++ {
		if l := fs.lookup(bind.DeconstructTemp(node, i)); l != nil {
			fs.readVar(l, w+i)
		}
	}
	fs.popScope()
}

// numericTarget is the numeric type a deconstruction target of binder
// type other than its source's converts its value to, or nil.
func (fs *funcState) numericTarget(x lang.Expr) *vm.Type {
	if t := fs.c.info.TypeOf(x); t != nil && t.IsNumeric() {
		return vmNumeric(t)
	}
	return nil
}

// positionalPattern tests the value in subj against `(P1, P2, ...)`: a
// tuple of that many elements (or a value with the Deconstruct method the
// binder chose), each element matching its subpattern.
func (fs *funcState) positionalPattern(p *lang.PositionalPattern, subj int, fail *label) {
	n := len(p.Subs)
	fs.jumpTo(fail, vm.MakeABx(vm.OpJmpNull, subj, 0))
	if p.Type != nil {
		fs.pattern(&lang.TypePattern{Pos: p.Pos, Type: p.Type}, subj, fail)
	}
	if fs.c.info.Deconstructs[p] == nil {
		fs.typeTest(vm.TupleDef(tupleArity(n)), subj, fail)
	}
	w := fs.allocN(n)
	fs.takeApart(p, subj, w, n)
	for i, sp := range p.Subs {
		fs.pattern(sp.Pattern, w+i, fail)
	}
	if p.Rest != nil {
		fs.pattern(p.Rest, subj, fail)
	}
}

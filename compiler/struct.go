package compiler

import (
	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// Structs (docs/design.md, "Values"). A struct value is a pointer to an
// Instance nobody mutates once another location can see it, so copying is
// copying the pointer. Code generation therefore only changes the writes:
// `v.F = x` on a struct variable v builds a copy of v with F changed
// (WITHFIELD) and stores it back into v, along the whole path for
// `a.b.c = x`; and a struct's instance methods take `this` by reference
// (THISIN), so a call on a variable changes the variable.

// structOf returns the struct declared in source that is e's static type,
// or nil.
func (fs *funcState) structOf(e lang.Expr) *classInfo {
	if _, ok := e.(*lang.ThisExpr); ok {
		if fs.cls != nil && fs.cls.t.IsStruct() && !fs.static {
			return fs.cls
		}
		return nil
	}
	if bt := fs.c.info.TypeOf(e); bt != nil && !bt.IsUnchecked() {
		g := bt.Generic()
		if g.Kind == bind.Struct && !g.Lib && g.Decl != nil {
			return fs.c.classByDecl[g.Decl]
		}
		return nil
	}
	if t := fs.loweredType(e); t.IsStruct() {
		return fs.c.classByType[t]
	}
	return nil
}

// loweredType returns the declared type of a node the sm lowering made,
// which has no binder type: the local or field an identifier names, or the
// field a member access names on an expression whose declared class is
// known (`<>4__this.<p>5__1` in a state machine). Nil otherwise.
func (fs *funcState) loweredType(e lang.Expr) *vm.Type {
	switch x := e.(type) {
	case *lang.Ident:
		if l := fs.lookup(x.Name); l != nil {
			if l.conv != nil {
				return l.conv
			}
			return l.typ
		}
		if fs.cls != nil && !fs.static {
			if fi := fs.cls.fields[x.Name]; fi != nil {
				return fs.fieldType(fi)
			}
		}
	case *lang.MemberExpr:
		if ci := fs.declaredClass(x.X); ci != nil {
			if fi := ci.fields[x.Name]; fi != nil {
				return fs.fieldType(fi)
			}
		}
	}
	return nil
}

// fieldType is the declared type of field fi.
func (fs *funcState) fieldType(fi *fieldInfo) *vm.Type {
	if fi.typ != nil || fi.typeRef == nil {
		return fi.typ
	}
	t, _ := fs.c.resolveTypeRef(fi.typeRef, fi.owner, false)
	return t
}

// structVar returns the location e names when e is a struct variable a
// write or a mutating call may change: `this` in a struct, a local or
// parameter, a field (not a readonly one outside a constructor), an array
// element, or a field of a struct variable. ok is false for values (a
// call's result, a property, a readonly field): C# works on a copy of those.
func (fs *funcState) structVar(e lang.Expr) (lv lvalue, ok bool) {
	if p := fs.c.info.RefProp(e); p != nil {
		return fs.lvalueOf(e), p.RefKind() == "ref"
	}
	switch x := e.(type) {
	case *lang.CallExpr:
		if fs.c.info.CallOf(x).RefKind() == "ref" {
			return fs.lvalueOf(e), true
		}
	case *lang.CondExpr:
		if isRefCond(x) {
			return fs.lvalueOf(e), true
		}
	case *lang.ThisExpr:
		if fs.cls != nil && fs.cls.t.IsStruct() && !fs.static {
			return lvalue{kind: lvThis, obj: 0}, true
		}
	case *lang.Ident:
		if l := fs.lookup(x.Name); l != nil {
			if l.readonly {
				return lvalue{}, false
			}
			return fs.lvalueOf(e), true
		}
		if fs.cls != nil && !fs.static {
			if fi := fs.cls.fields[x.Name]; fi != nil && fs.cls.props[x.Name] == nil && !fs.readonlyField(fi) {
				return fs.lvalueOf(e), true
			}
		}
		for ci := fs.cls; ci != nil; ci = ci.outer {
			if fi := ci.statics[x.Name]; fi != nil && !fi.isConst && !fs.readonlyField(fi) {
				return fs.lvalueOf(e), true
			}
		}
	case *lang.MemberExpr:
		if x.NullCond {
			return lvalue{}, false
		}
		if fs.tupleType(x.X) != nil {
			// An element of a tuple variable is a variable (a field of
			// the ValueTuple): `t.cell.Row = 1`.
			if _, ok := fs.structVar(x.X); !ok {
				return lvalue{}, false
			}
			if lv, ok := fs.tupleElemLV(x); ok && lv.kind != lvNone {
				return lv, true
			}
			return lvalue{}, false
		}
		if t, ci := fs.typeOfExpr(x.X); t != nil {
			if ci != nil {
				if fi := ci.statics[x.Name]; fi != nil && !fi.isConst && !fs.readonlyField(fi) {
					return fs.lvalueOf(e), true
				}
			}
			return lvalue{}, false
		}
		if sci := fs.structOf(x.X); sci != nil {
			if fi := sci.fields[x.Name]; fi != nil && sci.props[x.Name] == nil && !fs.readonlyField(fi) {
				if _, ok := fs.structVar(x.X); ok {
					return fs.lvalueOf(e), true
				}
			}
			return lvalue{}, false
		}
		ci := fs.boundClass(x.X)
		if _, isThis := x.X.(*lang.ThisExpr); isThis {
			ci = fs.cls
		} else if fs.c.info.TypeOf(x.X) == nil {
			// A node the sm lowering made (`<>4__this.f`): the class its
			// declared type names.
			ci = fs.declaredClass(x.X)
		}
		if ci != nil {
			if fi := ci.fields[x.Name]; fi != nil && ci.props[x.Name] == nil && !fs.readonlyField(fi) {
				return fs.lvalueOf(e), true
			}
		}
	case *lang.IndexExpr:
		if fs.c.info.IndexerOf(x).RefKind() == "ref" {
			return fs.lvalueOf(e), true
		}
		if bt := fs.c.info.TypeOf(x.X); bt != nil && bt.Kind == bind.Array {
			return fs.lvalueOf(e), true
		}
		if t := fs.loweredType(x.X); t != nil && t.Kind == vm.KindArray && fs.c.info.TypeOf(x.X) == nil {
			return fs.lvalueOf(e), true
		}
	}
	return lvalue{}, false
}

// readonlyField reports whether fi is a readonly field that the code being
// compiled may not write (outside its class's constructors).
func (fs *funcState) readonlyField(fi *fieldInfo) bool {
	var ro bool
	if fi.static {
		ro = fi.owner.t.StaticFields[fi.index].ReadOnly
	} else {
		ro = fi.index < len(fi.owner.t.Fields) && fi.owner.t.Fields[fi.index].ReadOnly
	}
	if !ro {
		return false
	}
	return !(fs.fn != nil && (fs.fn.Name == ".ctor" || fs.fn.Name == ".cctor") && fs.cls == fi.owner)
}

// structFieldLV is the lvalue of field fi of the struct variable parent.
func (fs *funcState) structFieldLV(parent lvalue, fi *fieldInfo, typ *vm.Type) lvalue {
	obj := 0
	switch {
	case parent.kind == lvThis:
	case parent.kind == lvLocal && fs.direct(parent.l):
		obj = parent.l.reg
	default:
		obj = fs.alloc()
		fs.loadLV(parent, obj)
	}
	p := parent
	if fi == nil {
		return lvalue{obj: obj, conv: typ, typ: typ, parent: &p}
	}
	return lvalue{kind: lvStructField, obj: obj, idx: fs.field(fi), conv: typ, typ: typ, parent: &p}
}

// storeThis makes the value in register src the struct method's `this`,
// writing it through to the caller's variable when `this` came by
// reference.
func (fs *funcState) storeThis(src int) {
	if src != 0 {
		fs.emitABC(vm.OpMove, 0, src, 0)
	}
	if fs.thisRef > 0 {
		skip := fs.newLabel()
		fs.jumpTo(skip, vm.MakeABx(vm.OpJmpNull, fs.thisRef, 0))
		fs.emitABC(vm.OpSetRefL, fs.thisRef, 0, 0)
		fs.mark(skip)
	}
}

// structThisIn starts a struct instance member: `this` arrives by
// reference or by value (OpThisIn).
func (fs *funcState) structThisIn(mi *methodInfo) {
	if mi.static || !mi.cls.t.IsStruct() || mi.async {
		return
	}
	fs.thisRef = fs.alloc()
	fs.fn.ThisByRef = true
	fs.emitABC(vm.OpThisIn, fs.thisRef, 0, 0)
}

// mutates reports whether a call of m may change its struct receiver: an
// instance method of a struct that is not readonly (nor a member of a
// readonly struct).
func mutates(m *methodInfo) bool {
	if m == nil || m.static || m.cls == nil || !m.cls.t.IsStruct() || m.async {
		return false
	}
	if m.cls.decl.Modifiers.Has(lang.ModReadonly) {
		return false
	}
	if m.decl != nil && m.decl.Modifiers.Has(lang.ModReadonly) {
		return false
	}
	return true
}

// structCall compiles a call of struct method m on the receiver x, a struct
// variable: the method gets a reference to the variable and works on it in
// place (a local in a register is boxed for the call and stored back, which
// nothing else can observe). It reports false when x is not a variable (the
// call then works on a copy, as C# does).
func (fs *funcState) structCall(m *methodInfo, x lang.Expr, e *lang.CallExpr, dst int, opCall, opVirt vm.Op) (*vm.Type, bool) {
	if !mutates(m) {
		return nil, false
	}
	lv, ok := fs.structVar(x)
	if !ok {
		return nil, false
	}
	if !fs.inRegister(lv) {
		w := fs.alloc()
		if b, ok := fs.refOfVar(lv, w); ok {
			// A struct's methods are sealed: the call is direct (its
			// receiver is a reference, which has no method table).
			t := fs.callUser(m, e, w, w, opCall, opVirt, true)
			if b != nil {
				fs.copyBack([]refBack{*b})
			}
			fs.emitABC(vm.OpMove, dst, w, 0)
			return t, true
		}
	}
	box := fs.alloc()
	fs.loadLV(lv, box)
	fs.emitABC(vm.OpNewBoxL, box, box, 0)
	w := fs.alloc()
	fs.emitABC(vm.OpMove, w, box, 0)
	t := fs.callUser(m, e, w, w, opCall, opVirt, true)
	v := fs.alloc()
	fs.emitABC(vm.OpGetRef, v, box, 0)
	fs.storeLV(lv, v)
	fs.emitABC(vm.OpMove, dst, w, 0)
	return t, true
}

// inRegister reports whether the struct variable lv is (a field of) a local
// that lives in a register, or `this` without a reference register: such a
// variable has no location a reference can point at.
func (fs *funcState) inRegister(lv lvalue) bool {
	for lv.kind == lvStructField {
		lv = *lv.parent
	}
	switch lv.kind {
	case lvLocal:
		return fs.direct(lv.l)
	case lvThis:
		return fs.thisRef == 0
	}
	return false
}

// refOfVar puts a reference to the struct variable lv into register r: the
// variable's own box (a captured local), the reference a ref parameter or
// `this` holds, a field, a static, an array element, or a path into the
// struct variable lv is a field of (REFSUB). The refBack, when not nil,
// must be completed around the call as a ref argument's is: a local in a
// register is boxed for the call (boxRefLocals) and a path through `this`
// rereads R[0] after it (copyBack). ok is false when lv is no variable a
// reference can reach.
func (fs *funcState) refOfVar(lv lvalue, r int) (b *refBack, ok bool) {
	switch lv.kind {
	case lvLocal:
		return fs.refToLocal(lv.l, r), true
	case lvThis:
		if fs.thisRef == 0 {
			return nil, false
		}
		// `this` arrived by value: a box of its own becomes its reference.
		done := fs.newLabel()
		byValue := fs.newLabel()
		fs.jumpTo(byValue, vm.MakeABx(vm.OpJmpNull, fs.thisRef, 0))
		fs.emitABC(vm.OpMove, r, fs.thisRef, 0)
		fs.jmp(done)
		fs.mark(byValue)
		fs.emitABC(vm.OpNewBox, r, 0, 0)
		fs.emitABC(vm.OpMove, fs.thisRef, r, 0)
		fs.mark(done)
		return &refBack{this: true, box: fs.thisRef}, true
	case lvField:
		fs.emitABC(vm.OpRefFld, r, lv.obj, lv.idx)
	case lvStatic:
		fs.emitABx(vm.OpRefSta, r, lv.idx)
	case lvStaticRT:
		save := fs.top
		w := fs.allocN(2)
		fs.emitABC(vm.OpMove, w, lv.obj, 0)
		fs.loadConst(w+1, vm.Int(int32(lv.idx)))
		fs.callNative(lang.Pos{}, "Internal.VM", "RefStatic", w, 2)
		fs.move(r, w)
		fs.setTop(max(save, r+1))
	case lvIndex:
		fs.emitABC(vm.OpRefElm, r, lv.obj, lv.idx)
	case lvRef:
		fs.emitABC(vm.OpMove, r, lv.obj, 0)
	case lvStructField:
		b, ok := fs.refOfVar(*lv.parent, r)
		if !ok {
			return nil, false
		}
		if b != nil && !b.this {
			b.path = append(b.path, lv.idx)
			return b, true
		}
		fs.emitABC(vm.OpRefSub, r, r, lv.idx)
		return b, true
	default:
		return nil, false
	}
	return nil, true
}

// refStructField passes `ref v.F` (or `ref F` in a struct member) by a
// reference into the struct variable v, so the callee writes the variable's
// field and nothing else: the struct value itself is never written in
// place. ok is false when e is not a field of a struct variable.
func (fs *funcState) refStructField(e lang.Expr, r int) (*refBack, bool) {
	switch x := e.(type) {
	case *lang.Ident:
		if fs.cls == nil || fs.static || !fs.cls.t.IsStruct() || fs.thisRef == 0 {
			return nil, false
		}
		if fi := fs.cls.fields[x.Name]; fi == nil || fs.cls.props[x.Name] != nil {
			return nil, false
		}
	case *lang.MemberExpr:
		sci := fs.structOf(x.X)
		if sci == nil || x.NullCond {
			return nil, false
		}
		if fi := sci.fields[x.Name]; fi == nil || sci.props[x.Name] != nil {
			return nil, false
		}
		if _, isThis := x.X.(*lang.ThisExpr); isThis && fs.thisRef == 0 {
			return nil, false
		}
	default:
		return nil, false
	}
	lv, ok := fs.structVar(e)
	if !ok || lv.kind != lvStructField {
		return nil, false
	}
	return fs.refOfVar(lv, r)
}

// setThisField stores register r into this.fi in a constructor: in place
// in a class's new object, by a copy in a struct.
func (fs *funcState) setThisField(fi *fieldInfo, r int) {
	if fs.cls.t.IsStruct() {
		fs.emitABC(vm.OpWithField, 0, fs.field(fi), r)
		fs.storeThis(0)
		return
	}
	fs.emitABC(vm.OpSetField, 0, fs.field(fi), r)
}

// newStruct compiles `new S(args) { init }` into w and moves it to dst:
// the constructor starts from the zero value of S and returns the value it
// made; without arguments and without a parameterless constructor of its
// own, the value is the zero value.
func (fs *funcState) newStruct(e *lang.NewExpr, tr *lang.TypeRef, t *vm.Type, ci *classInfo, w, dst int) *vm.Type {
	var m *methodInfo
	if len(e.Args) > 0 {
		m = fs.c.pickMethod(ci.ctors, e.Args, e)
		if m == nil {
			fs.errorf(newTypePos(e), "'%s' does not contain a constructor that takes %d arguments", ci.decl.Name, len(e.Args))
			return nil
		}
	} else {
		for _, c := range ci.ctors {
			if len(c.params) == 0 {
				m = c
			}
		}
	}
	if written := fs.c.writtenArgs(tr, ci, fs.cls); ci.generic() && t == ci.t && len(written) == len(ci.typeParams) {
		// Pair<T>: the constructed type, and so its zero value, is known
		// at run time.
		if !fs.constructInto(ci, written, w) {
			fs.emitABC(vm.OpTypeOf, w, fs.c.addType(ci.t), 0)
		}
		fs.runtimeDefault(w, w)
	} else {
		fs.loadConst(w, t.Zero())
	}
	if m != nil {
		n, backs := fs.args(e.Args, w+1, m.params, m.fn.Defaults, m.fn)
		fs.emitABC(vm.OpCall, w, fs.c.addFunc(m.fn), n+1)
		fs.copyBack(backs)
	}
	if e.Init != nil {
		fs.structInitializer(e.Init, w, ci)
	}
	fs.move(dst, w)
	return t
}

// structInitializer applies an object initializer to the struct value in
// register w: each member assignment makes a new value.
func (fs *funcState) structInitializer(in *lang.Initializer, w int, ci *classInfo) {
	for _, m := range in.Members {
		save := fs.top
		v := fs.alloc()
		var fi *fieldInfo
		var pi *propInfo
		if fi = ci.fields[m.Name]; fi == nil {
			if pi = ci.props[m.Name]; pi != nil && pi.field != nil {
				fi = pi.field
			}
		}
		if m.Init != nil {
			fs.errorf(m.Pos, "a nested object initializer in a struct's object initializer is not supported")
			fs.setTop(save)
			continue
		}
		if m.Index != nil || fi == nil && (pi == nil || pi.set == nil) {
			fs.errorf(m.Pos, "'%s' does not contain a definition for '%s'", ci.decl.Name, m.Name)
			fs.setTop(save)
			continue
		}
		fs.exprTo(m.Value, v)
		if fi != nil {
			fs.convertOnStore(v, nil, fi.typ)
			fs.emitABC(vm.OpWithField, w, fs.field(fi), v)
		} else {
			box := fs.alloc()
			fs.emitABC(vm.OpNewBox, box, w, 0)
			c := fs.allocN(2)
			fs.emitABC(vm.OpMove, c, box, 0)
			fs.emitABC(vm.OpMove, c+1, v, 0)
			fs.emitABC(vm.OpCall, c, fs.c.addFunc(pi.set.fn), 2)
			fs.emitABC(vm.OpGetRef, w, box, 0)
		}
		fs.setTop(save)
	}
}

// structPropLV is the lvalue of property pi (with a setter) of the struct
// variable parent: the setter takes the value by reference.
func (fs *funcState) structPropLV(parent lvalue, pi *propInfo) lvalue {
	lv := fs.structFieldLV(parent, nil, pi.typ)
	lv.kind, lv.idx = lvStructProp, 0
	if pi.get != nil {
		lv.getter = pi.get.fn
	}
	lv.setter = pi.set.fn
	return lv
}

// startPos is where e's text starts (the binder reports there).
func startPos(e lang.Expr) lang.Pos {
	for {
		switch x := e.(type) {
		case *lang.MemberExpr:
			e = x.X
		case *lang.IndexExpr:
			e = x.X
		case *lang.CallExpr:
			e = x.Fun
		default:
			return e.Position()
		}
	}
}

// structWith compiles `x with { A = v, ... }` on a value type bt (C# 10):
// x's value goes to a hidden variable, each member is assigned to it in
// order as `tmp.A = v` would be (a field by WITHFIELD, a property by its
// setter on the variable, a tuple element by TupleWith), so x itself is
// never written, and the variable's value is the result.
func (fs *funcState) structWith(e *lang.WithExpr, bt *bind.Type, dst int) *vm.Type {
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	w := fs.alloc()
	xt := fs.exprTo(e.X, w)
	tmp := lvalue{kind: lvLocal, l: &local{reg: w, typ: xt, conv: xt, fs: fs}, typ: xt, conv: xt}
	var ci *classInfo
	if g := bt.Generic(); g.Kind == bind.Struct && !g.Lib && g.Decl != nil {
		ci = fs.c.classByDecl[g.Decl]
	}
	for _, m := range e.Members {
		s := fs.top
		lv := lvalue{kind: lvNone}
		switch {
		case bt.IsTuple() && bt.TupleElemName(m.Name) >= 0:
			lv = fs.tupleElemOf(tmp, bt, bt.TupleElemName(m.Name))
		case ci != nil && ci.fields[m.Name] != nil && ci.props[m.Name] == nil:
			fi := ci.fields[m.Name]
			lv = fs.structFieldLV(tmp, fi, fi.typ)
		case ci != nil && ci.props[m.Name] != nil && !ci.props[m.Name].static:
			pi := ci.props[m.Name]
			switch {
			case pi.field != nil:
				lv = fs.structFieldLV(tmp, pi.field, pi.typ)
			case pi.set != nil:
				lv = fs.structPropLV(tmp, pi)
			}
		}
		v := fs.alloc()
		if lv.kind == lvNone {
			// The binder reported why the member cannot be assigned.
			fs.exprTo(m.Value, v)
			fs.setTop(s)
			continue
		}
		if d, ok := m.Value.(*lang.DefaultExpr); ok && d.Type == nil && lv.conv != nil {
			fs.loadConst(v, lv.conv.Zero())
		} else {
			vt := fs.exprTo(m.Value, v)
			fs.convertOnStore(v, vt, lv.conv)
		}
		fs.storeLV(lv, v)
		fs.setTop(s)
	}
	fs.move(dst, w)
	if t := fs.c.bindVMType(bt); t != nil {
		return t
	}
	return xt
}

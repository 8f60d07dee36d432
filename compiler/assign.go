package compiler

import (
	"asyncvm/lang"
	"asyncvm/vm"
)

type lvKind int

const (
	lvLocal lvKind = iota
	lvField
	lvStatic
	lvMember
	lvIndex
	lvIndexN
	lvStaticProp
	lvStaticRT    // a static variable of a constructed type known at run time: R[obj] is the type, idx the variable
	lvThis        // `this` in a struct's instance member
	lvStructField // field idx of the struct value in R[obj], which is read from and stored back to parent
	lvStructProp  // a property (getter, setter) of the struct value in R[obj], stored back to parent
	lvTupleElem   // element idx of the tuple in parent, a level of args[0] fields (tuple.go)
	lvBaseProp    // `base.P`: the base class's accessors (getter, setter) called on R[obj] without dispatch
	lvRef         // the variable behind the reference in R[obj]: a ref-returning call's result
	lvProp        // an instance property of a class on R[obj]: its declared accessors (getter, setter), virtual ones through their slots (props.go)
	lvNone
)

// lvalue is an assignable location whose object and index operands have
// been evaluated into registers.
type lvalue struct {
	kind   lvKind
	l      *local
	obj    int
	idx    int
	site   int
	getter *vm.Func
	setter *vm.Func
	conv   *vm.Type
	typ    *vm.Type
	args   []int
	// direct calls an indexer's virtual accessors without dispatch
	// (`base[i]`).
	direct bool
	// cls and via are the generic class of a static property and how the
	// code named it (reify.go).
	cls *classInfo
	via via
	// parent is the struct variable an lvStructField or lvStructProp is a
	// field of, or the tuple holding an lvTupleElem.
	parent *lvalue
}

func (fs *funcState) lvalueOf(e lang.Expr) lvalue {
	if fs.refProp(e) {
		r := fs.alloc()
		fs.refOf(e, r)
		return lvalue{kind: lvRef, obj: r}
	}
	if m, ok := e.(*lang.MemberExpr); ok {
		if lv, ok := fs.tupleElemLV(m); ok {
			return lv
		}
	}
	switch x := e.(type) {
	case *lang.CondExpr:
		if isRefCond(x) {
			r := fs.alloc()
			fs.refOf(x, r)
			return lvalue{kind: lvRef, obj: r}
		}
	case *lang.CallExpr:
		if fs.refCall(x) {
			r := fs.alloc()
			fs.refOf(x, r)
			return lvalue{kind: lvRef, obj: r}
		}
	case *lang.Ident:
		if l := fs.lookup(x.Name); l != nil {
			return lvalue{kind: lvLocal, l: l, conv: l.conv, typ: l.typ}
		}
		for ci := fs.cls; ci != nil; ci = ci.outer {
			own := ci == fs.cls
			if fi, ok := ci.fields[x.Name]; ok && own {
				if fs.static {
					fs.errorf(x.Pos, "An object reference is required for the non-static field, method, or property '%s.%s'", ci.decl.Name, x.Name)
					return lvalue{kind: lvNone}
				}
				if ci.t.IsStruct() {
					return fs.structFieldLV(lvalue{kind: lvThis}, fi, fi.typ)
				}
				return lvalue{kind: lvField, obj: 0, idx: fs.field(fi), conv: fi.typ, typ: fi.typ}
			}
			for b := ci; b != nil; b = b.base {
				if fi, ok := b.statics[x.Name]; ok {
					return fs.staticLV(b, fi, via{})
				}
				if pi, ok := b.props[x.Name]; ok && pi.static {
					lv := lvalue{kind: lvStaticProp, conv: pi.typ, typ: pi.typ, cls: b}
					if pi.get != nil {
						lv.getter = pi.get.fn
					}
					if pi.set != nil {
						lv.setter = pi.set.fn
					}
					return lv
				}
			}
			if pi, ok := ci.props[x.Name]; ok && own {
				if pi.field != nil {
					if ci.t.IsStruct() {
						return fs.structFieldLV(lvalue{kind: lvThis}, pi.field, pi.typ)
					}
					return lvalue{kind: lvField, obj: 0, idx: fs.field(pi.field), conv: pi.typ, typ: pi.typ}
				}
				if pi.set == nil && pi.backing != nil && !pi.static && !ci.t.IsStruct() {
					return lvalue{kind: lvField, obj: 0, idx: fs.field(pi.backing), conv: pi.typ, typ: pi.typ}
				}
				if dp := fs.declaredProp(x); dp == pi && pi.get != nil && pi.set != nil && !fs.static {
					return lvalue{kind: lvProp, obj: 0, getter: pi.get.fn, setter: pi.set.fn, conv: pi.typ, typ: pi.typ}
				}
				return lvalue{kind: lvMember, obj: 0, site: fs.c.site(x.Name, 0), conv: pi.typ, typ: pi.typ}
			}
		}
		if fs.c.info.IsLibThis(x) && !fs.static {
			// A property of a library base class, as `this.Capacity`.
			return lvalue{kind: lvMember, obj: 0, site: fs.c.site(x.Name, 0)}
		}
		if lv, ok := fs.importedLValue(x.Name); ok {
			return lv
		}
		fs.undefined(x.Pos, x.Name)
		return lvalue{kind: lvNone}
	case *lang.MemberExpr:
		if t, ci := fs.typeOfExpr(x.X); t != nil {
			if ci != nil {
				v := fs.viaOf(x.X, t)
				for b := ci; b != nil; b = b.base {
					if fi, ok := b.statics[x.Name]; ok {
						return fs.staticLV(b, fi, v)
					}
					if pi, ok := b.props[x.Name]; ok && pi.static {
						lv := lvalue{kind: lvStaticProp, conv: pi.typ, typ: pi.typ, cls: b, via: v}
						if pi.get != nil {
							lv.getter = pi.get.fn
						}
						if pi.set != nil {
							lv.setter = pi.set.fn
						}
						return lv
					}
				}
				fs.errorf(x.Pos, "'%s' does not contain a static member '%s'", ci.decl.Name, x.Name)
				return lvalue{kind: lvNone}
			}
			lv := lvalue{kind: lvStaticProp}
			lv.getter = t.LookupStatic("get_"+x.Name, 0)
			lv.setter = t.LookupStatic("set_"+x.Name, 1)
			if lv.setter == nil {
				fs.errorf(x.Pos, "Property or indexer '%s.%s' cannot be assigned to -- it is read only", t.DisplayName(), x.Name)
				return lvalue{kind: lvNone}
			}
			return lv
		}
		if sci := fs.structOf(x.X); sci != nil && !x.NullCond {
			fi := sci.fields[x.Name]
			typ := (*vm.Type)(nil)
			if fi != nil {
				typ = fi.typ
			} else if pi := sci.props[x.Name]; pi != nil && pi.field != nil && !pi.static {
				fi, typ = pi.field, pi.typ
			}
			pi := sci.props[x.Name]
			if fi != nil || pi != nil && !pi.static && pi.set != nil {
				parent, ok := fs.structVar(x.X)
				if !ok {
					fs.errorf(startPos(x.X), "Cannot modify the return value of '%s' because it is not a variable", lang.Print(x.X))
					return lvalue{kind: lvNone}
				}
				if fi == nil {
					return fs.structPropLV(parent, pi)
				}
				return fs.structFieldLV(parent, fi, typ)
			}
		}
		if lv, ok := fs.basePropLV(x); ok {
			return lv
		}
		r, xt := fs.exprReg(x.X)
		fs.guardTarget(x, r)
		if _, isThis := x.X.(*lang.ThisExpr); isThis || xt != nil || fs.boundClass(x.X) != nil {
			ci := fs.c.classByType[xt]
			if isThis {
				ci = fs.cls
			} else if ci == nil {
				ci = fs.boundClass(x.X)
			}
			if ci != nil {
				if fi, ok := ci.fields[x.Name]; ok {
					return lvalue{kind: lvField, obj: r, idx: fs.field(fi), conv: fi.typ, typ: fi.typ}
				}
				if pi, ok := ci.props[x.Name]; ok && pi.field != nil && !pi.static {
					return lvalue{kind: lvField, obj: r, idx: fs.field(pi.field), conv: pi.typ, typ: pi.typ}
				}
				if pi, ok := ci.props[x.Name]; ok && isThis && pi.set == nil && pi.backing != nil && !pi.static && !ci.t.IsStruct() {
					return lvalue{kind: lvField, obj: r, idx: fs.field(pi.backing), conv: pi.typ, typ: pi.typ}
				}
			}
		}
		if pi := fs.declaredProp(x); pi != nil && pi.get != nil && pi.set != nil {
			return lvalue{kind: lvProp, obj: r, getter: pi.get.fn, setter: pi.set.fn, conv: pi.typ, typ: pi.typ}
		}
		if xt != nil && xt.IsInterface {
			// Through an interface: its explicit implementation first,
			// as a read does.
			return lvalue{kind: lvMember, obj: r, site: fs.c.site(fs.propKey(xt, x.Name)+x.Name, 0)}
		}
		return lvalue{kind: lvMember, obj: r, site: fs.c.site(x.Name, 0)}
	case *lang.IndexExpr:
		if fs.refIndexer(x) {
			r := fs.alloc()
			fs.refOf(x, r)
			return lvalue{kind: lvRef, obj: r}
		}
		r, xt := fs.exprReg(x.X)
		fs.guardTarget(x, r)
		var et *vm.Type
		if xt != nil && xt.Kind == vm.KindArray {
			et = xt.Elem
		}
		if fs.multidim(x) {
			return lvalue{kind: lvIndex, obj: r, idx: fs.elemOffset(r, x.Args), typ: et}
		}
		get, set, direct := fs.indexerAccessors(x)
		if ix := fs.c.info.IndexingOf(x); ix != nil && len(x.Args) == 1 {
			return lvalue{kind: lvIndex, obj: r, idx: fs.indexOffset(ix, x.Args[0].X, r), typ: et}
		}
		if len(x.Args) == 1 && get == nil && set == nil {
			ir, _ := fs.exprReg(x.Args[0].X)
			return lvalue{kind: lvIndex, obj: r, idx: ir, typ: et}
		}
		lv := lvalue{kind: lvIndexN, obj: r, getter: get, setter: set, direct: direct}
		if set != nil && fs.structOf(x.X) != nil {
			// A struct's set accessor takes `this` by reference: the
			// changed value goes back to the variable, as for a property.
			if parent, ok := fs.structVar(x.X); ok {
				lv.parent = &parent
			}
		}
		lv.args = fs.indexArgs(x)
		return lv
	}
	if lv, ok := fs.structVar(e); ok && lv.kind == lvThis {
		return lv // `this = new S(...)` in a struct
	}
	fs.errorf(e.Position(), "The left-hand side of an assignment must be a variable, property or indexer")
	return lvalue{kind: lvNone}
}

// indexerAccessors returns the accessors of the source indexer the binder
// chose for x among several of one class (this[int] beside this[string]),
// or nil when the binder left the choice to run time (by name and argument
// count). A virtual accessor is called through its slot (callAccessor);
// through `base` (direct), the base class's override is called directly.
func (fs *funcState) indexerAccessors(x *lang.IndexExpr) (get, set *vm.Func, direct bool) {
	_, direct = x.X.(*lang.BaseExpr)
	var pi *propInfo
	if p := fs.c.info.IndexerOf(x); p != nil {
		pd, _ := p.Decl.(*lang.PropertyDecl)
		pi = fs.c.propOf[pd]
	} else if direct && fs.cls.base != nil {
		// base[i] of the one indexer the base class has: its own
		// accessors, not this class's override.
		pi = fs.cls.base.props["this[]"]
	}
	if pi == nil {
		return nil, nil, false
	}
	fn := func(m *methodInfo) *vm.Func {
		if m == nil {
			return nil
		}
		if direct && m.slot > 0 && fs.cls.base != nil && m.slot < len(fs.cls.base.vtable) {
			m = fs.cls.base.vtable[m.slot]
		}
		return m.fn
	}
	return fn(pi.get), fn(pi.set), direct
}

// propKey is the ExplicitKey of the interface that declares property name
// of interface xt: xt's own, or the base interface's it inherits it from
// (I1.P read through an I3 that extends I1 is I1's).
func (fs *funcState) propKey(xt *vm.Type, name string) string {
	if d := fs.propIface(xt, name, 0); d != nil {
		return vm.ExplicitKey(d)
	}
	return vm.ExplicitKey(xt)
}

// propIface is the interface among xt and its bases that declares
// property name, or nil. An interface's table holds its bases'
// properties too: the declaring one is the base holding the same one.
func (fs *funcState) propIface(xt *vm.Type, name string, depth int) *vm.Type {
	ci := fs.c.classByType[xt]
	if ci == nil || depth > 32 {
		return nil
	}
	pi, ok := ci.props[name]
	if !ok {
		return nil
	}
	for _, b := range xt.Ifaces {
		if bi := fs.c.classByType[b]; bi != nil && bi.props[name] == pi {
			return fs.propIface(b, name, depth+1)
		}
	}
	return xt
}

// indexArgs evaluates the arguments of index expression x into fresh
// registers and returns them. For a source indexer the binder chose, they
// are arranged in the order of its parameters: named arguments placed,
// omitted optional ones given their defaults and the elements of an
// expanded params parameter packed into its array, while the arguments
// are evaluated in the order they are written (C# 12.6.2.2).
func (fs *funcState) indexArgs(x *lang.IndexExpr) []int {
	var params []*lang.Param
	var fn *vm.Func
	if p := fs.c.info.IndexerOf(x); p != nil {
		if pd, ok := p.Decl.(*lang.PropertyDecl); ok {
			if pi := fs.c.propOf[pd]; pi != nil {
				params = pd.Params
				if pi.get != nil {
					fn = pi.get.fn
				} else if pi.set != nil {
					fn = pi.set.fn
				}
			}
		}
	}
	if fn == nil {
		regs := make([]int, len(x.Args))
		for i, a := range x.Args {
			regs[i] = fs.alloc()
			fs.exprTo(a.X, regs[i])
		}
		return regs
	}
	expanded := fs.c.info.IndexerExpanded(x)
	last := len(params) - 1
	slots := make([]int, len(x.Args)) // the parameter of each argument
	pos := 0
	for k, a := range x.Args {
		slots[k] = min(pos, last)
		if a.Name != "" {
			for i, p := range params {
				if p.Name == a.Name {
					slots[k] = i
				}
			}
			continue
		}
		pos++
	}
	regs := make([]int, len(params))
	for i := range regs {
		regs[i] = fs.alloc()
	}
	var elems []int
	for k, a := range x.Args {
		i := slots[k]
		if expanded && i >= last {
			r := fs.alloc()
			t := fs.exprTo(a.X, r)
			if et := fs.c.convType(params[last].Type.Elem, fs.cls); et != nil {
				fs.convertOnStore(r, t, et)
			}
			elems = append(elems, r)
			continue
		}
		t := fs.exprTo(a.X, regs[i])
		if pt := fs.c.convType(params[i].Type, fs.cls); pt != nil {
			fs.convertOnStore(regs[i], t, pt)
		}
	}
	given := make([]bool, len(params))
	for k := range x.Args {
		given[slots[k]] = true
	}
	for i, p := range params {
		switch {
		case expanded && i == last:
			elem := fs.c.convType(p.Type.Elem, fs.cls)
			if elem == nil {
				elem = vm.TObject
			}
			n := fs.alloc()
			fs.loadConst(n, vm.Int(int32(len(elems))))
			fs.emitABC(vm.OpNewArr, regs[i], n, fs.c.addType(elem))
			for j, r := range elems {
				fs.loadConst(n, vm.Int(int32(j)))
				fs.emitABC(vm.OpSetIndex, regs[i], n, r)
			}
		case !given[i]:
			var v vm.Value
			if j := i - fn.MinParams; j >= 0 && j < len(fn.Defaults) {
				v = fn.Defaults[j]
			}
			fs.loadConst(regs[i], v)
		}
	}
	return regs
}

// callAccessor calls indexer accessor fn (get_Item or set_Item) with the
// receiver and n arguments in registers w...: a virtual or interface
// accessor through its slot unless direct.
func (fs *funcState) callAccessor(fn *vm.Func, w, n int, direct bool) {
	if fn.Slot > 0 && !direct || fn.IsAbstract {
		name := fn.Name
		if fn.Owner != nil && fn.Owner.IsInterface {
			name = vm.ExplicitKey(fn.Owner) + name
		}
		fs.emitABC(vm.OpCallVirt, w, fs.c.slotSite(name, n, fn), n+1)
		return
	}
	fs.emitABC(vm.OpCall, w, fs.c.addFunc(fn), n+1)
}

func (fs *funcState) loadLV(lv lvalue, dst int) {
	switch lv.kind {
	case lvRef:
		fs.emitABC(vm.OpGetRef, dst, lv.obj, 0)
	case lvLocal:
		fs.readVar(lv.l, dst)
	case lvField:
		fs.emitABC(vm.OpGetField, dst, lv.obj, lv.idx)
	case lvStatic:
		fs.emitABx(vm.OpGetStatic, dst, lv.idx)
	case lvStaticRT:
		fs.staticRTCall("GetStatic", lv, -1, dst)
	case lvMember:
		fs.emitABC(vm.OpGetMember, dst, lv.obj, lv.site)
	case lvIndex:
		fs.emitABC(vm.OpGetIndex, dst, lv.obj, lv.idx)
	case lvIndexN:
		w := fs.allocN(len(lv.args) + 1)
		fs.emitABC(vm.OpMove, w, lv.obj, 0)
		for i, a := range lv.args {
			fs.emitABC(vm.OpMove, w+1+i, a, 0)
		}
		if lv.getter != nil {
			fs.callAccessor(lv.getter, w, len(lv.args), lv.direct)
		} else {
			fs.emitABC(vm.OpCallVirt, w, fs.c.site("get_Item", len(lv.args)), len(lv.args)+1)
		}
		fs.emitABC(vm.OpMove, dst, w, 0)
	case lvStaticProp:
		if lv.getter != nil {
			fs.callStaticMember(lv.cls, lv.via, lv.getter, nil, dst)
		}
	case lvThis:
		fs.emitABC(vm.OpMove, dst, 0, 0)
	case lvStructField:
		fs.emitABC(vm.OpGetField, dst, lv.obj, lv.idx)
	case lvStructProp:
		if lv.getter != nil {
			w := fs.alloc()
			fs.emitABC(vm.OpMove, w, lv.obj, 0)
			fs.emitABC(vm.OpCall, w, fs.c.addFunc(lv.getter), 1)
			fs.emitABC(vm.OpMove, dst, w, 0)
		}
	case lvTupleElem:
		fs.loadTupleElem(lv, dst)
	case lvBaseProp:
		if lv.getter != nil {
			w := fs.alloc()
			fs.emitABC(vm.OpMove, w, lv.obj, 0)
			fs.emitABC(vm.OpCall, w, fs.c.addFunc(lv.getter), 1)
			fs.emitABC(vm.OpMove, dst, w, 0)
		}
	case lvProp:
		w := fs.alloc()
		fs.emitABC(vm.OpMove, w, lv.obj, 0)
		fs.callProp(lv.getter, w, 0)
		fs.emitABC(vm.OpMove, dst, w, 0)
	}
}

func (fs *funcState) storeLV(lv lvalue, src int) {
	switch lv.kind {
	case lvRef:
		fs.emitABC(vm.OpSetRef, lv.obj, src, 0)
	case lvLocal:
		fs.writeVar(lv.l, src)
	case lvField:
		fs.emitABC(vm.OpSetField, lv.obj, lv.idx, src)
	case lvStatic:
		fs.emitABx(vm.OpSetStatic, src, lv.idx)
	case lvStaticRT:
		fs.staticRTCall("SetStatic", lv, src, -1)
	case lvMember:
		fs.emitABC(vm.OpSetMember, lv.obj, lv.site, src)
	case lvIndex:
		fs.emitABC(vm.OpSetIndex, lv.obj, lv.idx, src)
	case lvIndexN:
		n := len(lv.args)
		recv := lv.obj
		if lv.parent != nil {
			recv = fs.alloc()
			fs.emitABC(vm.OpNewBox, recv, lv.obj, 0)
		}
		w := fs.allocN(n + 2)
		fs.emitABC(vm.OpMove, w, recv, 0)
		for i, a := range lv.args {
			fs.emitABC(vm.OpMove, w+1+i, a, 0)
		}
		fs.emitABC(vm.OpMove, w+1+n, src, 0)
		if lv.setter != nil {
			fs.callAccessor(lv.setter, w, n+1, lv.direct)
		} else {
			fs.emitABC(vm.OpCallVirt, w, fs.c.site("set_Item", n+1), n+2)
		}
		if lv.parent != nil {
			v := fs.alloc()
			fs.emitABC(vm.OpGetRef, v, recv, 0)
			fs.storeLV(*lv.parent, v)
		}
	case lvStaticProp:
		if lv.setter != nil {
			fs.callStaticMember(lv.cls, lv.via, lv.setter, []int{src}, -1)
		}
	case lvThis:
		fs.storeThis(src)
	case lvStructField:
		fs.emitABC(vm.OpWithField, lv.obj, lv.idx, src)
		if lv.parent.kind == lvThis && fs.thisRef > 0 {
			// Only this field changes in the caller's variable.
			if lv.obj != 0 {
				fs.emitABC(vm.OpMove, 0, lv.obj, 0)
			}
			fs.emitABC(vm.OpSetRefF, fs.thisRef, lv.idx, src)
			return
		}
		fs.storeLV(*lv.parent, lv.obj)
	case lvStructProp:
		box := fs.alloc()
		fs.emitABC(vm.OpNewBox, box, lv.obj, 0)
		w := fs.allocN(2)
		fs.emitABC(vm.OpMove, w, box, 0)
		fs.emitABC(vm.OpMove, w+1, src, 0)
		fs.emitABC(vm.OpCall, w, fs.c.addFunc(lv.setter), 2)
		fs.emitABC(vm.OpGetRef, lv.obj, box, 0)
		fs.storeLV(*lv.parent, lv.obj)
	case lvTupleElem:
		fs.storeTupleElem(lv, src)
	case lvBaseProp:
		w := fs.allocN(2)
		fs.emitABC(vm.OpMove, w, lv.obj, 0)
		fs.emitABC(vm.OpMove, w+1, src, 0)
		fs.emitABC(vm.OpCall, w, fs.c.addFunc(lv.setter), 2)
	case lvProp:
		w := fs.allocN(2)
		fs.emitABC(vm.OpMove, w, lv.obj, 0)
		fs.emitABC(vm.OpMove, w+1, src, 0)
		fs.callProp(lv.setter, w, 1)
	}
}

// basePropLV is `base.P` for a property with accessors: the base class's
// own accessors, called without dispatch so that an override in this class
// is not (C# §12.8.15). An accessor the nearest declaration leaves out is
// inherited from further up. Auto-properties and fields are fields.
func (fs *funcState) basePropLV(x *lang.MemberExpr) (lvalue, bool) {
	if _, ok := x.X.(*lang.BaseExpr); !ok || fs.static || fs.cls.base == nil {
		return lvalue{}, false
	}
	lv := lvalue{kind: lvBaseProp, obj: 0}
	for b := fs.cls.base; b != nil; b = b.base {
		pi, ok := b.props[x.Name]
		if !ok || pi.static || pi.field != nil {
			return lvalue{}, false
		}
		lv.conv, lv.typ = pi.typ, pi.typ
		if lv.getter == nil && pi.get != nil && !pi.get.fn.IsAbstract {
			lv.getter = pi.get.fn
		}
		if lv.setter == nil && pi.set != nil && !pi.set.fn.IsAbstract {
			lv.setter = pi.set.fn
		}
		if lv.setter != nil {
			return lv, true
		}
	}
	return lvalue{}, false
}

// writesOnce reports whether compiling e into a register writes that
// register only after reading all operands, so it may target the variable
// being assigned directly.
func writesOnce(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.Literal, *lang.CallExpr, *lang.NewExpr, *lang.InterpolatedString:
		return true
	case *lang.BinaryExpr:
		switch e.Op {
		case "&&", "||", "??", "<", ">", "<=", ">=", "==", "!=":
			return false
		}
		return true
	case *lang.Ident:
		return true
	case *lang.MemberExpr:
		return !e.NullCond
	}
	return false
}

func (fs *funcState) assign(e *lang.AssignExpr, dst int) *vm.Type {
	if lt, ok := e.Left.(*lang.TupleExpr); ok && e.Op == "=" {
		return fs.deconstruct(e, lt, dst)
	}
	if id, ok := e.Left.(*lang.Ident); ok && e.Op == "=" && fs.c.info.IsDiscard(id) {
		return fs.exprTo(e.Right, dst)
	}
	if call := fs.c.info.CompoundOps[e]; call != nil {
		// An instance compound assignment operator: x.op_XAssignment(y).
		call.Fun.(*lang.MemberExpr).X = e.Left
		call.Args[0].X = e.Right
		return fs.compoundCall(call, e.Left, dst)
	}
	if call := fs.c.info.ExtSets[e]; call != nil {
		// An extension property's set accessor, on the receiver and the
		// value as the lowering left them.
		left := e.Left.(*lang.MemberExpr)
		call.Fun.(*lang.MemberExpr).X = left.X
		if b, ok := call.Args[0].X.(*lang.BinaryExpr); ok && e.Op != "=" {
			b.X, b.Y = left, e.Right
		} else {
			call.Args[0].X = e.Right
		}
		return fs.call(call, dst, false)
	}
	if u, ok := e.Right.(*lang.UnaryExpr); ok && u.Op == "ref" || isRefCond(e.Right) {
		return fs.refAssign(e, dst)
	}
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	if ev := fs.c.info.EventOf(e); ev != nil {
		return fs.eventAssign(e, ev, dst)
	}
	if ch := fs.openCondAccess(e, e.Left, dst); ch != nil {
		defer fs.closeCondAccess(ch, e.Left)
	}
	lv := fs.lvalueOf(e.Left)
	if lv.kind == lvNone {
		return nil
	}
	if lv.kind == lvLocal && lv.l.key.Pos.Line == 0 && lv.l.name == "value" {
		lv.conv = nil
	}
	switch e.Op {
	case "=":
		if d, ok := e.Right.(*lang.DefaultExpr); ok && d.Type == nil && lv.conv != nil {
			// A default literal takes the variable's type.
			v := fs.alloc()
			fs.loadConst(v, lv.conv.Zero())
			fs.storeLV(lv, v)
			fs.move(dst, v)
			return lv.conv
		}
		old := fs.expect
		if lv.kind == lvLocal {
			fs.expect = nil
		}
		if lv.kind == lvLocal && fs.direct(lv.l) && writesOnce(e.Right) && dst == lv.l.reg {
			t := fs.exprTo(e.Right, lv.l.reg)
			fs.expect = old
			fs.convertOnStore(lv.l.reg, t, lv.conv)
			return t
		}
		v := fs.alloc()
		t := fs.exprTo(e.Right, v)
		fs.expect = old
		fs.convertOnStore(v, t, lv.conv)
		fs.storeLV(lv, v)
		fs.move(dst, v)
		return t
	case "??=":
		v := fs.alloc()
		fs.loadLV(lv, v)
		end := fs.newLabel()
		fs.jumpTo(end, vm.MakeABx(vm.OpJmpNotNul, v, 0))
		fs.exprTo(e.Right, v)
		fs.storeLV(lv, v)
		fs.mark(end)
		fs.move(dst, v)
		return lv.typ
	}
	opName := e.Op[:len(e.Op)-1]
	if m := fs.c.info.CallOf(e); m != nil { // x op= y with a user-defined operator
		w := fs.allocN(2)
		fs.loadLV(lv, w)
		yt := fs.exprTo(e.Right, w+1)
		t := fs.callOperatorAt(e, m, w, []*vm.Type{lv.typ, yt}, w)
		fs.storeLV(lv, w)
		fs.move(dst, w)
		return t
	}
	op, ok := binOps[opName]
	if !ok {
		fs.errorf(e.Pos, "operator '%s' is not supported", e.Op)
		return nil
	}
	if lv.kind == lvLocal && fs.direct(lv.l) && !assignsName(e.Right, lv.l.name) {
		r := lv.l.reg
		if lit, ok := e.Right.(*lang.Literal); ok && lit.Kind == lang.LitInt && (op == vm.OpAdd || op == vm.OpSub) && lv.typ != vm.TString && !fs.c.info.IsChecked(e) {
			if n, _ := lit.Value.(int64); n >= 0 && n < 30000 {
				if op == vm.OpSub {
					n = -n
				}
				fs.emitABC(vm.OpAddI, r, r, int(n))
				fs.narrow(r, e)
				fs.convertOnStore(r, arithType(lv.typ, vm.TInt, opName), lv.conv)
				fs.move(dst, r)
				return lv.typ
			}
		}
		y, yt, op := fs.typedCompound(e, op)
		fs.emitABC(op, r, r, y)
		fs.narrow(r, e)
		fs.convertOnStore(r, arithType(lv.typ, yt, opName), lv.conv)
		fs.move(dst, r)
		return lv.typ
	}
	v := fs.alloc()
	fs.loadLV(lv, v)
	y, yt, op := fs.typedCompound(e, op)
	fs.emitABC(op, v, v, y)
	fs.narrow(v, e)
	fs.convertOnStore(v, arithType(lv.typ, yt, opName), lv.conv)
	fs.storeLV(lv, v)
	fs.move(dst, v)
	return lv.typ
}

// incdec compiles ++ and -- (the expression e, on the variable x).
func (fs *funcState) incdec(e, x lang.Expr, op string, prefix bool, dst int) *vm.Type {
	if call := fs.c.info.CompoundOps[e]; call != nil {
		// An instance increment or decrement operator: x.op_IncrementAssignment().
		call.Fun.(*lang.MemberExpr).X = x
		return fs.compoundCall(call, x, dst)
	}
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	lv := fs.lvalueOf(x)
	if lv.kind == lvNone {
		return nil
	}
	if m := fs.c.info.CallOf(e); m != nil { // op_Increment / op_Decrement
		v := fs.alloc()
		fs.loadLV(lv, v)
		if !prefix {
			fs.emitABC(vm.OpMove, dst, v, 0)
		}
		w := fs.alloc()
		fs.emitABC(vm.OpMove, w, v, 0)
		fs.callOperatorAt(e, m, w, []*vm.Type{lv.typ}, v)
		fs.storeLV(lv, v)
		if prefix {
			fs.move(dst, v)
		}
		return lv.typ
	}
	d := 1
	if op == "--" {
		d = -1
	}
	if lv.kind == lvLocal && fs.direct(lv.l) {
		r := lv.l.reg
		if !prefix && dst != r {
			fs.emitABC(vm.OpMove, dst, r, 0)
		}
		if !fs.typedStep(e, r, x, d) {
			fs.addOne(e, r, d)
			fs.narrow(r, e)
			fs.convertOnStore(r, vm.TInt, lv.conv)
		}
		if lv.typ == vm.TChar {
			fs.emitABC(vm.OpConv, r, r, int(vm.ConvChar))
		}
		if prefix {
			fs.move(dst, r)
		}
		return lv.typ
	}
	v := fs.alloc()
	fs.loadLV(lv, v)
	if !prefix {
		fs.emitABC(vm.OpMove, dst, v, 0)
	}
	if !fs.typedStep(e, v, x, d) {
		fs.addOne(e, v, d)
		fs.narrow(v, e)
		fs.convertOnStore(v, vm.TInt, lv.conv)
	}
	if lv.typ == vm.TChar {
		fs.emitABC(vm.OpConv, v, v, int(vm.ConvChar))
	}
	fs.storeLV(lv, v)
	if prefix {
		fs.move(dst, v)
	}
	return lv.typ
}

// typedCompound compiles the right operand of the compound assignment e
// (x op= y) and chooses its instruction: the typed form of op when x and y
// have typed representations and x's is the wider (y is converted to it),
// else op (overflow-checked in a checked context) with y converted as
// compoundOperand does.
func (fs *funcState) typedCompound(e *lang.AssignExpr, op vm.Op) (int, *vm.Type, vm.Op) {
	if ops, ok := typedArith[op]; ok {
		lt := fs.c.info.TypeOf(e.Left)
		if r := fs.operandRepr(e, lt, e.Left, e.Right); r != reprNone && r == reprOf(lt) {
			return fs.typedOperand(e.Right, r), r.vmType(), ops[r]
		}
	}
	y, yt := fs.exprReg(e.Right)
	return fs.compoundOperand(e, y), yt, fs.checkedOp(op, e)
}

// typedStep compiles r += d for ++ and -- (e) on a long or double variable x
// as one typed addition of a constant of its type, and reports whether it
// did (int and the small types use ADDI).
func (fs *funcState) typedStep(e lang.Expr, r int, x lang.Expr, d int) bool {
	var k vm.Value
	op := vm.OpAddI64
	switch reprOf(fs.c.info.TypeOf(x)) {
	case reprI64:
		if fs.c.info.IsChecked(e) {
			return false // long.MaxValue++ throws in a checked context
		}
		k = vm.Long(int64(d))
	case reprF64:
		k, op = vm.Double(float64(d)), vm.OpAddF64
	default:
		return false
	}
	t := fs.alloc()
	fs.loadConst(t, k)
	fs.emitABC(op, r, r, t)
	fs.setTop(t)
	return true
}

// compoundCall compiles call, an instance compound assignment operator's
// call on x; the expression's value, x after the call, is left in dst when
// x is a variable that reading again cannot change.
func (fs *funcState) compoundCall(call *lang.CallExpr, x lang.Expr, dst int) *vm.Type {
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	fs.call(call, fs.alloc(), false)
	switch v := x.(type) {
	case *lang.Ident:
		return fs.exprTo(x, dst)
	case *lang.MemberExpr:
		switch v.X.(type) {
		case *lang.Ident, *lang.ThisExpr:
			return fs.exprTo(x, dst)
		}
	}
	return nil
}

package compiler

import (
	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
	"strconv"
	"strings"
)

// Reified generics. A generic class declared in source has one run-time
// type per constructed type (vm.Construct): `new Box<int>()` makes an
// instance of Box`1[Int32], whose header names it, and Box<int> and
// Box<string> have separate static variables and separate runs of the
// static initialiser. The code of the class is compiled once, shared by all
// its constructed types, and finds its type arguments at run time:
//
//   - in an instance member, from `this`: Internal.VM.ClassArg(this, Box`1,
//     i) reads the i-th argument Box`1 receives in the object's type (for
//     an IntBox derived from Box<int>, int);
//   - in a static member and the static initialiser, from hidden trailing
//     parameters `<type>T`, one per type parameter, which callers fill
//     (Box<int>.Make() passes typeof(int));
//   - in a generic method, from its own hidden parameters, filled with the
//     type arguments written at the call or inferred by the binder.
//
// Code that names a type parameter (default(T), typeof(T), new T(), is T,
// Box<T>.Count, new List<T>()) loads these; a closed type (Box<int>) is a
// constant. In sm mode the state machine of an async member of a generic
// class is generic in the class's type parameters too: the stub stores
// typeof(T) in the machine's fields and MoveNext reloads its `<type>T`
// locals from them, as it does for a generic method's own parameters.

// generic reports whether ci is a generic class (one run-time type per
// constructed type).
func (ci *classInfo) generic() bool {
	return ci != nil && (ci.decl.Kind == lang.KindClass || ci.decl.Kind == lang.KindStruct) && len(ci.typeParams) > 0
}

// construct returns the run-time type ci<args...>, known to the compiler as
// ci.
func (c *Compiler) construct(ci *classInfo, args []*vm.Type) *vm.Type {
	t := vm.Construct(ci.t, args)
	if _, ok := c.classByType[t]; !ok {
		c.classByType[t] = ci
		if !ci.constructed {
			ci.constructed = true
			c.constructed = append(c.constructed, ci.t)
		}
	}
	return t
}

// typeArgType is the run-time type a type argument names when it is known
// at compile time (nil for a type parameter or a type built from one).
func (c *Compiler) typeArgType(a *lang.TypeRef, from *classInfo) *vm.Type {
	if a == nil || a.Name == "var" || a.Name == "void" || a.Name == "dynamic" {
		return nil
	}
	if a.ArrayRank == 0 && len(a.Args) == 0 && (isTypeParam(a.Name, from) || c.isMethodTypeParam(a.Name)) {
		return nil
	}
	for _, x := range a.Args {
		if c.typeArgType(x, from) == nil {
			return nil
		}
	}
	if a.Outer != nil && c.typeArgType(a.Outer, from) == nil {
		return nil
	}
	if a.ArrayRank > 0 && c.typeArgType(a.Elem, from) == nil {
		return nil
	}
	t, ci := c.resolveTypeRef(a, from, false)
	if ci.generic() && t == ci.t {
		return nil // the instance type of a generic class (Inner in Outer<T>): open
	}
	if t != nil && isNullableRef(a) && (t.IsPrimitive() || t.IsValueType) {
		t = vm.NullableOf(t)
	}
	return t
}

// closedArgs resolves the type arguments of a constructed generic class;
// nil when one of them is open.
func (c *Compiler) closedArgs(args []*lang.TypeRef, from *classInfo) []*vm.Type {
	out := make([]*vm.Type, len(args))
	for i, a := range args {
		if out[i] = c.typeArgType(a, from); out[i] == nil {
			return nil
		}
	}
	return out
}

// baseType is the run-time base type of ci written as tr: a generic base's
// arguments may name ci's type parameters (class D<T> : Box<T>), which
// stay parameters of the definition until D is constructed.
func (c *Compiler) baseType(tr *lang.TypeRef, ci *classInfo) (*vm.Type, *classInfo) {
	bt, bci := c.resolveTypeRef(tr, ci, true)
	if bci == nil || !bci.generic() || bt != bci.t {
		return bt, bci
	}
	written := c.writtenArgs(tr, bci, ci)
	if len(written) != len(bci.typeParams) {
		return bt, bci
	}
	args := make([]*vm.Type, len(written))
	for i, a := range written {
		args[i] = c.paramType(a, ci)
		if args[i] == nil {
			return bt, bci
		}
	}
	return c.construct(bci, args), bci
}

// paramType is a type argument written in ci's declaration, with ci's type
// parameters as vm.TypeParam.
func (c *Compiler) paramType(a *lang.TypeRef, ci *classInfo) *vm.Type {
	if a.ArrayRank == 0 && len(a.Args) == 0 && !a.Nullable && a.Outer == nil {
		if i := typeParamIndex(ci.typeParams, a.Name); i >= 0 {
			return vm.TypeParam(ci.t, i, a.Name)
		}
	}
	if a.ArrayRank > 0 {
		if e := c.paramType(a.Elem, ci); e != nil {
			return vm.ArrayOfRank(e, a.ArrayRank)
		}
		return nil
	}
	if at, aci := c.resolveTypeRef(a, ci, false); aci.generic() && at == aci.t && len(c.writtenArgs(a, aci, ci)) == len(aci.typeParams) {
		written := c.writtenArgs(a, aci, ci)
		args := make([]*vm.Type, len(written))
		for i, x := range written {
			if args[i] = c.paramType(x, ci); args[i] == nil {
				return nil
			}
		}
		return c.construct(aci, args)
	} else if aci == nil && at != nil && at.Def == nil && len(a.Args) > 0 && at.Arity() == len(a.Args) && a.Outer == nil && !a.Nullable {
		// A library generic type over ci's parameters (List<T>).
		args := make([]*vm.Type, len(a.Args))
		for i, x := range a.Args {
			if args[i] = c.paramType(x, ci); args[i] == nil {
				return nil
			}
		}
		return vm.Construct(at, args)
	}
	return c.typeArgType(a, ci)
}

// refreshConstructed updates the constructed types made while their
// definitions were being declared.
func (c *Compiler) refreshConstructed() {
	for _, def := range c.constructed {
		vm.RefreshConstructed(def)
	}
}

// typeParamClass returns the generic class, among fs's class and its outer
// classes, that declares the type parameter name, and its position.
func (fs *funcState) typeParamClass(name string) (*classInfo, int) {
	for o := fs.cls; o != nil; o = o.outer {
		if !o.generic() {
			continue
		}
		if i := typeParamIndex(o.typeParams, name); i >= 0 {
			return o, i
		}
	}
	return nil, -1
}

// interfaceTypeParam returns fs's class and the position of the type
// parameter name among its own when that class is a generic interface: the
// body of a default method reads its interface's type arguments from the
// type of `this`, which implements a construction of the interface
// (vm.ClassArgs).
func (fs *funcState) interfaceTypeParam(name string) (*classInfo, int) {
	ci := fs.cls
	if ci == nil || ci.decl.Kind != lang.KindInterface || len(ci.typeParams) == 0 {
		return nil, -1
	}
	if i := typeParamIndex(ci.typeParams, name); i >= 0 {
		return ci, i
	}
	return nil, -1
}

// typeParamIndex is the position of the type parameter name among params,
// the innermost declaration winning (a nested class may hide its outer's).
func typeParamIndex(params []string, name string) int {
	for i := len(params) - 1; i >= 0; i-- {
		if params[i] == name {
			return i
		}
	}
	return -1
}

// writtenArgs lists the type arguments tr gives the generic class ci it
// names, as ci's run-time type takes them (ci.typeParams): those written on
// the types tr names it through (Outer<int>.Inner<string>: int, string), or,
// for a name written without its outer's arguments inside the outer class
// (Inner in Outer<T>), the outer's own type parameters (C#'s instance type
// Outer<T>.Inner).
func (c *Compiler) writtenArgs(tr *lang.TypeRef, ci *classInfo, from *classInfo) []*lang.TypeRef {
	if tr.Outer != nil {
		if _, oci := c.resolveTypeRef(tr.Outer, from, false); oci != nil {
			return append(c.writtenArgs(tr.Outer, oci, from), tr.Args...)
		}
		return tr.Args
	}
	return implicitArgs(ci, tr.Args)
}

// implicitArgs completes the type arguments written for ci's own type
// parameters with its outer classes' type parameters, as a name written
// inside the outer class means them.
func implicitArgs(ci *classInfo, written []*lang.TypeRef) []*lang.TypeRef {
	k := len(ci.typeParams) - len(written)
	if k <= 0 || len(written) != len(ci.decl.TypeParams) {
		return written
	}
	out := make([]*lang.TypeRef, 0, len(ci.typeParams))
	for _, p := range ci.typeParams[:k] {
		out = append(out, &lang.TypeRef{Name: p})
	}
	return append(out, written...)
}

// derivesFrom reports whether ci is b or derives from it.
func derivesFrom(ci, b *classInfo) bool {
	for c, n := ci, 0; c != nil && n < 64; c, n = c.base, n+1 {
		if c == b {
			return true
		}
	}
	return false
}

// typeParamInto loads the run-time type argument of the type parameter tr
// names into r. It reports false when tr is not a type parameter, or one
// whose argument is not reachable here.
func (fs *funcState) typeParamInto(tr *lang.TypeRef, r int) bool {
	if tr == nil || tr.ArrayRank > 0 || len(tr.Args) > 0 || tr.Nullable {
		return false
	}
	if l := fs.lookup(typeParamPrefix + tr.Name); l != nil {
		fs.readVar(l, r)
		return true
	}
	ci, i := fs.typeParamClass(tr.Name)
	if ci == nil {
		ci, i = fs.interfaceTypeParam(tr.Name)
	}
	if ci == nil || fs.static || fs.c.isMethodTypeParam(tr.Name) || !derivesFrom(fs.cls, ci) {
		return false
	}
	save := fs.top
	w := fs.allocN(3)
	fs.loadThis(w)
	fs.emitABC(vm.OpTypeOf, w+1, fs.c.addType(ci.t), 0)
	fs.loadConst(w+2, vm.Int(int32(i)))
	fs.callNative(tr.Pos, "Internal.VM", "ClassArg", w, 3)
	fs.move(r, w)
	fs.setTop(max(save, r+1))
	return true
}

// typeRefInto loads the run-time System.Type that tr names into r: a
// constant for a closed type, built at run time for one that names type
// parameters. It reports false when the type is not known (it is erased).
func (fs *funcState) typeRefInto(tr *lang.TypeRef, r int) bool {
	if fs.typeParamInto(tr, r) {
		return true
	}
	if t := fs.c.typeArgType(tr, fs.cls); t != nil {
		fs.emitABC(vm.OpTypeOf, r, fs.c.addType(t), 0)
		return true
	}
	save := fs.top
	defer func() { fs.setTop(max(save, r+1)) }()
	if tr.ArrayRank > 0 {
		w := fs.allocN(2)
		if !fs.typeRefInto(tr.Elem, w) {
			return false
		}
		fs.loadConst(w+1, vm.Int(int32(tr.ArrayRank)))
		fs.callNative(tr.Pos, "Internal.VM", "ArrayOf", w, 2)
		fs.move(r, w)
		return true
	}
	t, ci := fs.c.resolveTypeRef(tr, fs.cls, false)
	var written []*lang.TypeRef
	if ci.generic() {
		written = fs.c.writtenArgs(tr, ci, fs.cls)
	}
	def := t
	if ci.generic() {
		def = ci.t
	} else if written = libTypeArgs(t, ci, tr); written != nil {
		ci = nil // List<T>: the library type constructed at run time
	}
	if written == nil || ci != nil && len(written) != len(ci.typeParams) {
		if t == nil {
			return false
		}
		fs.emitABC(vm.OpTypeOf, r, fs.c.addType(t), 0)
		return true
	}
	w := fs.allocN(1 + len(written))
	fs.emitABC(vm.OpTypeOf, w, fs.c.addType(def), 0)
	for i, a := range written {
		if !fs.typeRefInto(a, w+1+i) {
			fs.emitABC(vm.OpTypeOf, w+1+i, fs.c.addType(vm.TObject), 0)
		}
	}
	fs.callNative(tr.Pos, "Internal.VM", "Construct", w, 1+len(written))
	fs.move(r, w)
	return true
}

// via is how code names the generic class whose static member it uses:
// t is the type it wrote when that is closed (Box<int>.Count: Box`1[Int32];
// IntBox.Count: IntBox), args the type arguments it wrote when they are
// open (Box<T>.Count); both nil for a simple name (Count), which means the
// class's own constructed type in the code being compiled.
type via struct {
	t    *vm.Type
	args []*lang.TypeRef
}

// staticHome returns where the static variables of class b are for code
// here: a run-time type known at compile time (reg < 0), or one computed
// into reg. A generic class whose type arguments are not reachable falls
// back to its definition's statics.
func (fs *funcState) staticHome(b *classInfo, v via) (t *vm.Type, reg int) {
	if !b.generic() {
		return b.t, -1
	}
	if v.t != nil {
		for c, n := v.t, 0; c != nil && n < 64; c, n = c.Super, n+1 {
			if c.Def == b.t && isClosed(c) {
				return c, -1
			}
		}
	}
	if args := implicitArgs(b, v.args); len(args) == len(b.typeParams) && (len(v.args) > 0 || len(args) > 0 && !derivesFrom(fs.cls, b)) {
		r := fs.alloc()
		if fs.constructInto(b, args, r) {
			return nil, r
		}
		fs.setTop(r)
		return b.t, -1
	}
	for o := fs.cls; o != nil; o = o.outer {
		if !derivesFrom(o, b) {
			continue
		}
		if o != b {
			for c, n := o.t.Super, 0; c != nil && n < 64; c, n = c.Super, n+1 {
				if c.Def == b.t && isClosed(c) {
					return c, -1
				}
			}
			if !o.generic() {
				return b.t, -1
			}
		}
		r := fs.alloc()
		if o == fs.cls && !fs.static {
			// An instance member: the object's type knows.
			w := fs.allocN(2)
			fs.loadThis(w)
			fs.emitABC(vm.OpTypeOf, w+1, fs.c.addType(b.t), 0)
			fs.callNative(lang.Pos{}, "Internal.VM", "Ancestor", w, 2)
			fs.move(r, w)
			fs.setTop(r + 1)
			return nil, r
		}
		own := make([]*lang.TypeRef, len(o.typeParams))
		for i, p := range o.typeParams {
			own[i] = &lang.TypeRef{Name: p}
		}
		if !fs.constructInto(o, own, r) {
			fs.setTop(r)
			return b.t, -1
		}
		if o != b {
			w := fs.allocN(3)
			fs.emitABC(vm.OpMove, w, r, 0)
			fs.emitABC(vm.OpTypeOf, w+1, fs.c.addType(b.t), 0)
			fs.callNative(lang.Pos{}, "Internal.VM", "Ancestor", w, 2)
			fs.move(r, w)
			fs.setTop(r + 1)
		}
		return nil, r
	}
	return b.t, -1
}

// constructInto loads typeof(ci<args>) into r, for arguments that may be
// type parameters.
func (fs *funcState) constructInto(ci *classInfo, args []*lang.TypeRef, r int) bool {
	if ts := fs.c.closedArgs(args, fs.cls); ts != nil {
		fs.emitABC(vm.OpTypeOf, r, fs.c.addType(fs.c.construct(ci, ts)), 0)
		return true
	}
	save := fs.top
	defer fs.setTop(max(save, r+1))
	w := fs.allocN(1 + len(args))
	fs.emitABC(vm.OpTypeOf, w, fs.c.addType(ci.t), 0)
	for i, a := range args {
		if !fs.typeRefInto(a, w+1+i) {
			return false
		}
	}
	fs.callNative(lang.Pos{}, "Internal.VM", "Construct", w, 1+len(args))
	fs.move(r, w)
	return true
}

// isClosed reports whether a run-time type names no type parameter.
func isClosed(t *vm.Type) bool {
	if t.Param > 0 {
		return false
	}
	if t.Elem != nil && !isClosed(t.Elem) {
		return false
	}
	for _, a := range t.Args {
		if !isClosed(a) {
			return false
		}
	}
	return true
}

// getStatic loads static variable idx of class b into dst.
func (fs *funcState) getStatic(b *classInfo, idx int, v via, dst int) {
	fs.loadStatic(b, idx, v, dst, vm.OpGetStatic, "GetStatic")
}

// refStatic loads a reference to static variable idx of class b into dst
// (a ref argument).
func (fs *funcState) refStatic(b *classInfo, idx int, v via, dst int) {
	fs.loadStatic(b, idx, v, dst, vm.OpRefSta, "RefStatic")
}

// loadStatic loads static variable idx of class b, or a reference to it,
// into dst: with op when the class's statics are known here, otherwise
// through the native of that name on the constructed type in a register.
func (fs *funcState) loadStatic(b *classInfo, idx int, v via, dst int, op vm.Op, native string) {
	save := fs.top
	t, reg := fs.staticHome(b, v)
	if reg < 0 {
		fs.emitABx(op, dst, fs.c.static(t, idx))
		return
	}
	w := fs.allocN(2)
	fs.emitABC(vm.OpMove, w, reg, 0)
	fs.loadConst(w+1, vm.Int(int32(idx)))
	fs.callNative(lang.Pos{}, "Internal.VM", native, w, 2)
	fs.move(dst, w)
	fs.setTop(max(save, dst+1))
}

// setStatic stores src into static variable idx of class b.
func (fs *funcState) setStatic(b *classInfo, idx int, v via, src int) {
	save := fs.top
	t, reg := fs.staticHome(b, v)
	if reg < 0 {
		fs.emitABx(vm.OpSetStatic, src, fs.c.static(t, idx))
		return
	}
	w := fs.allocN(3)
	fs.emitABC(vm.OpMove, w, reg, 0)
	fs.loadConst(w+1, vm.Int(int32(idx)))
	fs.emitABC(vm.OpMove, w+2, src, 0)
	fs.callNative(lang.Pos{}, "Internal.VM", "SetStatic", w, 3)
	fs.setTop(save)
}

// classArgsInto loads the type arguments of generic class b, as code here
// reaches it, into the registers from base (the hidden parameters of b's
// static members).
func (fs *funcState) classArgsInto(b *classInfo, v via, base int) {
	n := len(b.typeParams)
	if v.t == nil && len(v.args) == 0 {
		direct := true
		for _, p := range b.typeParams {
			if oc, _ := fs.typeParamClass(p); oc != b {
				direct = false
			}
		}
		if direct {
			for i, p := range b.typeParams {
				if !fs.typeParamInto(&lang.TypeRef{Name: p}, base+i) {
					fs.loadConst(base+i, vm.Null)
				}
			}
			return
		}
	}
	save := fs.top
	defer fs.setTop(save)
	t, reg := fs.staticHome(b, v)
	for i := 0; i < n; i++ {
		switch {
		case reg >= 0:
			w := fs.allocN(3)
			fs.emitABC(vm.OpMove, w, reg, 0)
			fs.emitABC(vm.OpTypeOf, w+1, fs.c.addType(b.t), 0)
			fs.loadConst(w+2, vm.Int(int32(i)))
			fs.callNative(lang.Pos{}, "Internal.VM", "ClassArg", w, 3)
			fs.move(base+i, w)
		case t.Def != nil && i < len(t.Args):
			fs.emitABC(vm.OpTypeOf, base+i, fs.c.addType(t.Args[i]), 0)
		default:
			fs.loadConst(base+i, vm.Null)
		}
	}
}

// bindTypeInto loads the run-time type of a binder type (an inferred type
// argument) into r; false when it is not known.
func (fs *funcState) bindTypeInto(bt *bind.Type, r int) bool {
	if bt == nil {
		return false
	}
	switch bt.Kind {
	case bind.TypeParam:
		return fs.typeParamInto(&lang.TypeRef{Name: bt.Name}, r)
	case bind.Special:
		if t := keywordType(bt.String()); t != nil {
			fs.emitABC(vm.OpTypeOf, r, fs.c.addType(t), 0)
			return true
		}
		return false
	case bind.Nullable:
		if t := fs.c.bindVMType(bt.Elem); t != nil {
			fs.emitABC(vm.OpTypeOf, r, fs.c.addType(vm.NullableOf(t)), 0)
			return true
		}
		return false
	case bind.Array:
		save := fs.top
		defer fs.setTop(max(save, r+1))
		w := fs.allocN(2)
		if !fs.bindTypeInto(bt.Elem, w) {
			return false
		}
		fs.loadConst(w+1, vm.Int(int32(bt.Rank)))
		fs.callNative(lang.Pos{}, "Internal.VM", "ArrayOf", w, 2)
		fs.move(r, w)
		return true
	}
	if def := bt.Generic(); bt.Def != nil && def.Lib && def.VM != nil && fs.c.bindVMType(bt) == nil && len(bt.Args) == len(def.Params) && bt.Kind != bind.Delegate {
		// A constructed library type the compiler has no class for
		// (Task<int> inferred from an async lambda) is constructed at run
		// time, as typeRefInto does for a written one.
		save := fs.top
		defer fs.setTop(max(save, r+1))
		w := fs.allocN(1 + len(bt.Args))
		gdef := def.VM
		if md := vm.Builtin(def.Namespace + "." + def.Name + "`" + strconv.Itoa(len(def.Params))); md != nil {
			gdef = md // Task`1, where Task holds the C# name
		}
		fs.emitABC(vm.OpTypeOf, w, fs.c.addType(gdef), 0)
		for i, a := range bt.Args {
			if !fs.bindTypeInto(a, w+1+i) {
				return false
			}
		}
		fs.callNative(lang.Pos{}, "Internal.VM", "Construct", w, 1+len(bt.Args))
		fs.move(r, w)
		return true
	}
	if t := fs.c.bindVMType(bt); t != nil {
		fs.emitABC(vm.OpTypeOf, r, fs.c.addType(t), 0)
		return true
	}
	if bt.Def == nil || bt.Def.Decl == nil {
		return false
	}
	ci := fs.c.classByDecl[bt.Def.Decl]
	all := bt.AllArgs()
	if !ci.generic() || len(all) != len(ci.typeParams) {
		return false
	}
	save := fs.top
	defer fs.setTop(max(save, r+1))
	w := fs.allocN(1 + len(all))
	fs.emitABC(vm.OpTypeOf, w, fs.c.addType(ci.t), 0)
	for i, a := range all {
		if !fs.bindTypeInto(a, w+1+i) {
			return false
		}
	}
	fs.callNative(lang.Pos{}, "Internal.VM", "Construct", w, 1+len(all))
	fs.move(r, w)
	return true
}

// bindVMType is the run-time type of a closed binder type (nil when it is
// open or not known).
func (c *Compiler) bindVMType(bt *bind.Type) *vm.Type {
	if bt == nil {
		return nil
	}
	switch bt.Kind {
	case bind.Special:
		return keywordType(bt.String())
	case bind.Array:
		if e := c.bindVMType(bt.Elem); e != nil {
			return vm.ArrayOfRank(e, bt.Rank)
		}
		return nil
	case bind.Nullable:
		if e := c.bindVMType(bt.Elem); e != nil {
			return vm.NullableOf(e)
		}
		return nil
	case bind.Delegate:
		return c.delegateRT(bt)
	case bind.Class, bind.Interface, bind.Enum, bind.Opaque, bind.Struct:
	default:
		return nil
	}
	def := bt.Generic()
	if def.Decl == nil {
		if bt.VM != nil {
			return bt.VM
		}
		return def.VM
	}
	ci := c.classByDecl[def.Decl]
	if ci == nil {
		if def.Lib && len(def.Params) == 0 && def.Outer == nil {
			return def.VM // a non-generic library type the tables declare (DayOfWeek)
		}
		return nil
	}
	if !ci.generic() || bt.Def == nil {
		return ci.t
	}
	all := bt.AllArgs()
	if len(all) != len(ci.typeParams) {
		return nil
	}
	args := make([]*vm.Type, len(all))
	for i, a := range all {
		if args[i] = c.bindVMType(a); args[i] == nil {
			return nil
		}
	}
	return c.construct(ci, args)
}

// viaOf is how the expression x (which names the type t) names a class
// for its static members.
func (fs *funcState) viaOf(x lang.Expr, t *vm.Type) via {
	v := via{t: t}
	switch x := x.(type) {
	case *lang.Ident:
		v.args = x.TypeArgs
	case *lang.MemberExpr:
		v.args = x.TypeArgs
		if tr := exprTypeRef(x); tr != nil && tr.Outer != nil {
			if _, ci := fs.c.resolveTypeRef(tr, fs.cls, false); ci != nil {
				v.args = fs.c.writtenArgs(tr, ci, fs.cls) // Outer<T>.Inner: T
			}
		}
	}
	return v
}

// exprTypeRef reads a chain of names with type arguments written as an
// expression (Outer<int>.Inner, the receiver of Outer<int>.Inner.Count) as
// the type it would name; nil when e is not such a chain.
func exprTypeRef(e lang.Expr) *lang.TypeRef {
	switch e := e.(type) {
	case *lang.Ident:
		return &lang.TypeRef{Pos: e.Pos, Name: e.Name, Args: e.TypeArgs}
	case *lang.MemberExpr:
		if e.NullCond {
			return nil
		}
		x := exprTypeRef(e.X)
		switch {
		case x == nil:
			return nil
		case len(x.Args) > 0:
			return &lang.TypeRef{Pos: x.Pos, Outer: x, Name: e.Name, Args: e.TypeArgs}
		}
		return &lang.TypeRef{Pos: x.Pos, Outer: x.Outer, Name: x.Name + "." + e.Name, Args: e.TypeArgs}
	}
	return nil
}

// staticLV is the assignable location of static variable fi of class b.
func (fs *funcState) staticLV(b *classInfo, fi *fieldInfo, v via) lvalue {
	t, reg := fs.staticHome(b, v)
	if reg >= 0 {
		return lvalue{kind: lvStaticRT, obj: reg, idx: fi.index, conv: fi.typ, typ: fi.typ}
	}
	return lvalue{kind: lvStatic, idx: fs.c.static(t, fi.index), conv: fi.typ, typ: fi.typ}
}

// staticRTCall reads (GetStatic, into dst) or writes (SetStatic, from src)
// the static variable of an lvStaticRT location.
func (fs *funcState) staticRTCall(fn string, lv lvalue, src, dst int) {
	save := fs.top
	w := fs.allocN(3)
	fs.emitABC(vm.OpMove, w, lv.obj, 0)
	fs.loadConst(w+1, vm.Int(int32(lv.idx)))
	n := 2
	if src >= 0 {
		fs.emitABC(vm.OpMove, w+2, src, 0)
		n = 3
	}
	fs.callNative(lang.Pos{}, "Internal.VM", fn, w, n)
	if dst >= 0 {
		fs.move(dst, w)
	}
	fs.setTop(max(save, dst+1))
}

// callStaticMember calls fn, a static member of class b (an accessor), with
// the arguments in registers args, adding b's type arguments when b is
// generic; the result goes to dst (none when dst < 0).
func (fs *funcState) callStaticMember(b *classInfo, v via, fn *vm.Func, args []int, dst int) {
	k := 0
	if b.generic() {
		k = len(b.typeParams)
	}
	save := fs.top
	w := fs.allocN(max(1, len(args)+k))
	for i, a := range args {
		fs.emitABC(vm.OpMove, w+i, a, 0)
	}
	if k > 0 {
		fs.classArgsInto(b, v, w+len(args))
	}
	fs.emitABC(vm.OpCall, w, fs.c.addFunc(fn), len(args)+k)
	if dst >= 0 {
		fs.move(dst, w)
	}
	fs.setTop(max(save, dst+1))
}

// callExtension calls the extension method m that the binder chose for
// `x.F(args)`: a static call with x as the first argument (C# §12.8.10.3).
func (fs *funcState) callExtension(m *methodInfo, fun *lang.MemberExpr, e *lang.CallExpr, dst int, opCall vm.Op) *vm.Type {
	w := fs.alloc()
	args := append([]*lang.Arg{{Pos: fun.X.Position(), X: fun.X}}, e.Args...)
	if len(m.params) > 0 && m.params[0].This && m.params[0].Modifier == "ref" {
		args[0].Mod = "ref" // `this ref T x`: the receiver variable by reference
	}
	var end *label
	if fun.NullCond {
		// x?.F(args): x is evaluated once, tested, and passed from a
		// hidden local.
		fs.exprTo(fun.X, w)
		end = fs.newLabel()
		fs.jumpTo(fs.nullExit(e, end), vm.MakeABx(vm.OpJmpNull, w, 0))
		fs.pushScope()
		defer fs.popScope()
		recv := fs.declare(condReceiver, fun.X.Position(), nil, nil)
		fs.emitABC(vm.OpMove, recv.reg, w, 0)
		args[0] = &lang.Arg{Pos: fun.X.Position(), X: &lang.Ident{Pos: fun.X.Position(), Name: condReceiver}}
	}
	n, backs := fs.args(args, w, m.params, m.fn.Defaults, m.fn)
	n = fs.passTypeArgs(w, n, len(m.params), m.fn, nil, 0, via{}, e, m.hidden)
	fs.emitABC(opCall, w, fs.c.addFunc(m.fn), n)
	fs.copyBack(backs)
	if end != nil {
		fs.mark(end)
	}
	fs.move(dst, w)
	if m.ret != nil && !m.async {
		t, _ := fs.c.resolveTypeRef(m.ret, m.cls, false)
		return t
	}
	return nil
}

// delegateRT is the run-time type of delegate type bt (Func`2[Int32,Int32],
// P+Handler): a delegate made for it carries it in its header. An open
// construction gives the definition (an erased delegate); nil when bt is
// not a delegate type.
func (c *Compiler) delegateRT(bt *bind.Type) *vm.Type {
	if bt == nil || bt.Kind != bind.Delegate {
		return nil
	}
	def := bt.Generic()
	name, ns := metadataName(def), def.Namespace
	for o := def.Outer; o != nil; o = o.Outer {
		name, ns = metadataName(o.Generic())+"+"+name, o.Namespace
	}
	dt := vm.DelegateType(ns, name)
	all := bt.AllArgs()
	if len(all) == 0 {
		return dt
	}
	args := make([]*vm.Type, len(all))
	for i, a := range all {
		if args[i] = c.bindVMType(a); args[i] == nil {
			return dt
		}
	}
	return vm.Construct(dt, args)
}

// metadataName is a type's simple name with the arity of its own type
// parameters (Func`2).
func metadataName(t *bind.Type) string {
	if n := len(t.Params); n > 0 {
		return t.Name + "`" + itoa(n)
	}
	return t.Name
}

// testType is the type an `is` or `as` with type tr tests for: t (which
// resolveTypeRef gave), or for a delegate type, its run-time type
// (Func`2[Int32,Int32], not System.Delegate).
func (c *Compiler) testType(t *vm.Type, tr *lang.TypeRef, from *classInfo) *vm.Type {
	if t != vm.TDelegate || tr == nil || tr.ArrayRank > 0 {
		return t
	}
	var dt *vm.Type
	if ns := bind.LibraryDelegateNamespace(tr.Name); ns != "" {
		name := tr.Name[strings.LastIndexByte(tr.Name, '.')+1:]
		if len(tr.Args) > 0 {
			name += "`" + itoa(len(tr.Args))
		}
		dt = vm.DelegateType(ns, name)
	} else {
		name := tr.Name
		if len(tr.Args) > 0 {
			name += "`" + itoa(len(tr.Args))
		}
		_, ci := c.lookupTypeOrDelegate(name, from)
		if ci == nil || ci.decl.Kind != lang.KindDelegate {
			return t
		}
		full, ns := ci.decl.Name, ci.decl.Namespace
		if len(ci.decl.TypeParams) > 0 {
			full += "`" + itoa(len(ci.decl.TypeParams))
		}
		if ci.outer != nil {
			full, ns = ci.outer.t.Name+"+"+full, ci.outer.t.Namespace
		}
		dt = vm.DelegateType(ns, full)
	}
	if len(tr.Args) == 0 {
		return dt
	}
	if args := c.closedArgs(tr.Args, from); args != nil {
		return vm.Construct(dt, args)
	}
	return t
}

// namesTypeParam reports whether tr names a type parameter whose type
// argument typeParamInto can load (catch (T e) tests it in a filter).
func (fs *funcState) namesTypeParam(tr *lang.TypeRef) bool {
	if tr == nil || tr.ArrayRank > 0 || len(tr.Args) > 0 || tr.Nullable {
		return false
	}
	if fs.lookup(typeParamPrefix+tr.Name) != nil {
		return true
	}
	ci, _ := fs.typeParamClass(tr.Name)
	if ci == nil {
		ci, _ = fs.interfaceTypeParam(tr.Name)
	}
	return ci != nil && !fs.static && !fs.c.isMethodTypeParam(tr.Name) && derivesFrom(fs.cls, ci)
}

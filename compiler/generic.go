package compiler

import (
	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// Generic methods and local functions take their type arguments at run time
// as hidden trailing parameters, one Type object per type parameter, so that
// default(T) and typeof(T) see the real type. The hidden parameters are
// optional (null when the caller does not know them: a call through a
// delegate, or type arguments left to inference); typeof(T) then falls back
// to the run-time type of an argument declared as T.

// typeParamPrefix starts the name of the local holding a type argument,
// declared at the position of the function that receives it.
const typeParamPrefix = bind.TypeArgPrefix

// TypeArgLocal names the local of a generic method that holds the run-time
// type argument of its type parameter tp (a hidden parameter). The sm
// rewrite assigns it at the top of a generic method's MoveNext, from the
// state machine's field that saved it.
func TypeArgLocal(tp string) string { return typeParamPrefix + tp }

// hiddenTypeParams is how many hidden type-argument parameters a generic
// method with these parameters gets (none for a params method, whose last
// parameter must stay last).
func hiddenTypeParams(params []*lang.Param, typeParams []string) int {
	if len(params) > 0 && params[len(params)-1].Modifier == "params" {
		return 0
	}
	return len(typeParams)
}

// addHiddenParams appends k optional parameters to fn.
func addHiddenParams(fn *vm.Func, k int) {
	for i := 0; i < k; i++ {
		fn.NumParams++
		fn.Defaults = append(fn.Defaults, vm.Null)
	}
}

// pushTypeParams makes the type parameters of the method being compiled
// resolvable (to an erased type) until the matching popTypeParams.
func (c *Compiler) pushTypeParams(names []string) { c.typeParams = append(c.typeParams, names) }

func (c *Compiler) popTypeParams() { c.typeParams = c.typeParams[:len(c.typeParams)-1] }

// isMethodTypeParam reports whether name is a type parameter of a method or
// local function being compiled.
func (c *Compiler) isMethodTypeParam(name string) bool {
	for _, ns := range c.typeParams {
		for _, n := range ns {
			if n == name {
				return true
			}
		}
	}
	return false
}

// declareClassTypeParams declares the hidden parameters of a static member
// of the generic class ci that carry the class's type arguments. pos is
// the member's position (the class's for its static initializer).
func (fs *funcState) declareClassTypeParams(pos lang.Pos, ci *classInfo, k int) {
	for i := 0; i < k; i++ {
		fs.initBox(fs.declare(typeParamPrefix+ci.typeParams[i], pos, vm.TType, nil))
	}
}

// declareTypeParams declares the hidden type-argument parameters (they
// follow the ordinary ones) and remembers, for each type parameter, an
// ordinary parameter declared with that type. pos is the function's
// position.
func (fs *funcState) declareTypeParams(pos lang.Pos, params []*lang.Param, typeParams []string, k int) {
	for i := 0; i < k; i++ {
		fs.initBox(fs.declare(typeParamPrefix+typeParams[i], pos, vm.TType, nil))
	}
	for _, tp := range typeParams {
		for _, p := range params {
			if p.Type != nil && p.Type.Name == tp && p.Type.ArrayRank == 0 && len(p.Type.Args) == 0 && p.Modifier == "" {
				if fs.typeWitness == nil {
					fs.typeWitness = map[string]string{}
				}
				fs.typeWitness[tp] = p.Name
				break
			}
		}
	}
}

// typeParamLocal returns the local holding the run-time type argument that
// tr names, or nil when tr is not a type parameter with one.
func (fs *funcState) typeParamLocal(tr *lang.TypeRef) *local {
	if tr == nil || tr.ArrayRank > 0 || len(tr.Args) > 0 || tr.Nullable {
		return nil
	}
	return fs.lookup(typeParamPrefix + tr.Name)
}

// runtimeDefault loads default(T) for the type object in register r.
func (fs *funcState) runtimeDefault(dst, r int) {
	w := fs.alloc()
	fs.emitABC(vm.OpMove, w, r, 0)
	fs.emitABC(vm.OpCall, w, fs.c.addFunc(defaultOfFunc), 1)
	fs.move(dst, w)
}

// runtimeTypeOf loads typeof(T) for a type parameter held in l: the type
// argument, else the run-time type of the argument declared as T.
func (fs *funcState) runtimeTypeOf(tr *lang.TypeRef, l *local, dst int) {
	fs.readVar(l, dst)
	name, ok := fs.typeWitness[tr.Name]
	if !ok {
		return
	}
	p := fs.lookup(name)
	if p == nil {
		return
	}
	end := fs.newLabel()
	fs.jumpTo(end, vm.MakeABx(vm.OpJmpNotNul, dst, 0))
	w := fs.alloc()
	fs.readVar(p, w)
	fs.jumpTo(end, vm.MakeABx(vm.OpJmpNull, w, 0))
	fs.emitABC(vm.OpCallVirt, w, fs.c.site("GetType", 0), 1)
	fs.move(dst, w)
	fs.mark(end)
}

// defaultOfFunc returns the default value of the type its argument names
// (null for a reference type or an unknown type argument).
var defaultOfFunc = vm.NativeFunc("<DefaultOf>", 1, 1, false, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	if ty, ok := args[0].AsNative().(*vm.Type); ok && ty != nil {
		return ty.Zero(), nil
	}
	return vm.Null, nil
})

// passTypeArgs stores the hidden arguments of a call whose n ordinary
// arguments sit from base: the type arguments of a static member's generic
// class (classK of them, for class cls as v names it), then the method's
// own k type arguments, written at the call or inferred by the binder.
// Omitted optional arguments before them are filled with their defaults.
// It returns the new argument count.
func (fs *funcState) passTypeArgs(base, n, nparams int, fn *vm.Func, cls *classInfo, classK int, v via, e *lang.CallExpr, k int) int {
	explicit := callTypeArgs(e.Fun)
	var inferred []*bind.Type
	if k > 0 && len(explicit) != k {
		if m := fs.c.info.Calls[e]; m != nil && len(m.TypeArgs) == k {
			inferred = m.TypeArgs
		}
	}
	if len(explicit) != k && inferred == nil {
		k = 0
	}
	if classK == 0 && k == 0 {
		return n
	}
	if need := base + nparams + classK + k; fs.top < need {
		fs.allocN(need - fs.top)
	}
	for i := n; i < nparams; i++ {
		r := base + i
		v := vm.Null
		if j := i - fn.MinParams; j >= 0 && j < len(fn.Defaults) {
			v = fn.Defaults[j]
		}
		fs.loadConst(r, v)
	}
	if classK > 0 {
		fs.classArgsInto(cls, v, base+nparams)
	}
	for i := 0; i < k; i++ {
		r := base + nparams + classK + i
		ok := false
		if inferred != nil {
			ok = fs.bindTypeInto(inferred[i], r)
		} else {
			ok = fs.typeRefInto(explicit[i], r)
		}
		if !ok {
			fs.loadConst(r, vm.Null)
		}
	}
	return nparams + classK + k
}

// callTypeArgs returns the explicit type arguments written on a call's
// target.
func callTypeArgs(fun lang.Expr) []*lang.TypeRef {
	switch f := fun.(type) {
	case *lang.Ident:
		return f.TypeArgs
	case *lang.MemberExpr:
		return f.TypeArgs
	}
	return nil
}

// libTypeArgsNative returns the library native a call of a generic library
// method runs when that native takes the method's type arguments as hidden
// last arguments (vm.Func.TypeArgs: Task.FromResult, List<T>.ConvertAll,
// Enumerable.ToList, ...), with how many it takes; nil when the call is
// not such a call. n counts the call's ordinary arguments (not the
// receiver). An extension method is called directly, as the binder chose
// it; static names the type of a static call.
func (fs *funcState) libTypeArgsNative(e *lang.CallExpr, n int, static *vm.Type) (*vm.Func, int) {
	bm := fs.c.info.CallOf(e)
	if bm == nil || len(bm.TypeArgs) == 0 || bm.Owner == nil || !bm.Owner.Generic().Lib {
		return nil, 0
	}
	k := len(bm.TypeArgs)
	fits := func(f *vm.Func) bool {
		return f.TypeArgs && f.MinParams <= n+k && (n+k <= f.NumParams || f.Variadic)
	}
	switch {
	case bm.Ext:
		n++ // the receiver is the first argument
		for _, f := range vm.LibraryExtensions()[bm.Name] {
			if fits(f) {
				return f, k
			}
		}
	case static != nil:
		for _, f := range static.Statics[bm.Name] {
			if fits(f) {
				return f, k
			}
		}
	default:
		vt := bm.Owner.VM
		if vt == nil {
			vt = bm.Owner.Generic().VM
		}
		if vt != nil {
			for _, f := range vt.Methods[bm.Name] {
				if fits(f) {
					return f, k
				}
			}
		}
	}
	return nil, 0
}

// libExtensionNative returns the library extension native that call bm (an
// extension method of the library the binder chose, with n ordinary
// arguments) runs, or nil when bm is not such a call.
func libExtensionNative(bm *bind.Method, n int) *vm.Func {
	if bm == nil || !bm.Ext || bm.Owner == nil || !bm.Owner.Generic().Lib {
		return nil
	}
	n++ // the receiver is the first argument
	for _, f := range vm.LibraryExtensions()[bm.Name] {
		if !f.TypeArgs && f.MinParams <= n && (n <= f.NumParams || f.Variadic) {
			return f
		}
	}
	return nil
}

// libTypeArgsInto loads the type arguments of generic library call e into
// the k registers from base (null for one not known at run time).
func (fs *funcState) libTypeArgsInto(e *lang.CallExpr, base, k int) {
	if fs.top < base+k {
		fs.allocN(base + k - fs.top)
	}
	bm := fs.c.info.CallOf(e)
	for i := 0; i < k; i++ {
		if !fs.bindTypeInto(bm.TypeArgs[i], base+i) {
			fs.loadConst(base+i, vm.Null)
		}
	}
}

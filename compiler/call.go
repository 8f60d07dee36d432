package compiler

import (
	"fmt"
	"sort"
	"strings"

	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// refBack copies a by-ref temporary box back into a plain local after a
// call. path is a reference into the struct the local holds: the fields
// (FieldRef indices) REFSUB follows from the box once it exists. With this
// set there is no local: the reference went through the struct method's
// `ref this` in register box, and R[0] rereads it after the call.
type refBack struct {
	l    *local
	box  int
	path []int
	this bool
}

// args evaluates call arguments into consecutive registers from w. When the
// target's parameters are known, named arguments are matched and omitted
// optional ones filled in; it returns the number of registers used.
func (fs *funcState) args(args []*lang.Arg, w int, params []*lang.Param, defaults []vm.Value, fn *vm.Func) (int, []refBack) {
	type argSlot struct {
		a   *lang.Arg
		def *vm.Value
	}
	args = fs.paramsArgs(args, params, fn)
	exprs := make([]argSlot, 0, len(args))
	if params != nil && fn != nil && !fn.Variadic {
		// Place named arguments; fill defaults.
		slots := make([]*lang.Arg, len(params))
		pos := 0
		var outOfPlace *lang.Arg // a named argument not in its parameter's position
		reported := false
		for _, a := range args {
			if a.Name != "" {
				found := false
				for i, p := range params {
					if p.Name == a.Name {
						slots[i] = a
						found = true
						if i != pos && outOfPlace == nil {
							outOfPlace = a
						}
					}
				}
				if !found {
					fs.errorf(a.Pos, "The best overload for '%s' does not have a parameter named '%s'", fn.Name, a.Name)
				}
				// A named argument in its own position may be followed
				// by positional ones (C# 7.2).
				pos++
				continue
			}
			if outOfPlace != nil && !reported {
				fs.errorf(outOfPlace.Pos, "Named argument '%s' is used out-of-position but is followed by an unnamed argument", outOfPlace.Name)
				reported = true
			}
			if pos < len(slots) {
				slots[pos] = a
			}
			pos++
		}
		last := -1
		for i := range slots {
			if slots[i] != nil {
				last = i
			}
		}
		if fn.Slot > 0 || fn.IsAbstract {
			// A call through a slot takes the defaults of the method it
			// names, not of the override or implementation that runs
			// (which may have other defaults, or none).
			last = len(slots) - 1
		}
		for i := last + 1; i < len(params); i++ {
			if params[i].Modifier == "in" {
				last = i // an in parameter's default is passed by reference (below)
			}
		}
		for i := 0; i <= last; i++ {
			if slots[i] == nil {
				j := i - fn.MinParams
				var v vm.Value
				if j >= 0 && j < len(defaults) {
					v = defaults[j]
				}
				exprs = append(exprs, argSlot{def: &v})
				continue
			}
			exprs = append(exprs, argSlot{a: slots[i]})
		}
	} else if params != nil && fn != nil && hasNamedArg(args) {
		// A params method called with named arguments: place the fixed
		// parameters' arguments by name, fill the defaults of the ones
		// left out, and pass what remains (the array by name, or the
		// expanded elements) after them.
		nfixed := len(params) - 1
		slots := make([]*lang.Arg, nfixed)
		var rest []*lang.Arg
		for k, a := range args {
			i := k
			if a.Name != "" {
				i = -1
				for j, p := range params {
					if p.Name == a.Name {
						i = j
					}
				}
				if i < 0 {
					fs.errorf(a.Pos, "The best overload for '%s' does not have a parameter named '%s'", fn.Name, a.Name)
					continue
				}
			}
			if i < nfixed {
				slots[i] = a
			} else {
				rest = append(rest, a)
			}
		}
		for i, a := range slots {
			if a == nil {
				j := i - fn.MinParams
				var v vm.Value
				if j >= 0 && j < len(defaults) {
					v = defaults[j]
				}
				exprs = append(exprs, argSlot{def: &v})
				continue
			}
			exprs = append(exprs, argSlot{a: a})
		}
		for _, a := range rest {
			exprs = append(exprs, argSlot{a: a})
		}
	} else {
		for _, a := range args {
			exprs = append(exprs, argSlot{a: a})
		}
	}
	fs.allocN(len(exprs))
	// Arguments run in the order they are written, whatever parameters
	// they name (C# 12.6.2.2): F(y: G(2), x: G(1)) calls G(2) first.
	srcOf := make(map[*lang.Arg]int, len(args))
	for k, a := range args {
		srcOf[a] = k
	}
	order := make([]int, len(exprs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(p, q int) bool {
		key := func(i int) int {
			if exprs[i].a == nil {
				return -1
			}
			return srcOf[exprs[i].a]
		}
		return key(order[p]) < key(order[q])
	})
	var backs []refBack
	for _, i := range order {
		slot := exprs[i]
		r := w + i
		if slot.def != nil {
			fs.loadConst(r, *slot.def)
			if params != nil && i < len(params) && params[i].Modifier == "in" {
				fs.emitABC(vm.OpNewBox, r, r, 0)
			}
			continue
		}
		a := slot.a
		if a.Mod == "ref" || a.Mod == "out" || a.Mod == "in" && params != nil && i < len(params) && params[i].Modifier != "" {
			if b := fs.refArg(a, r); b != nil {
				if b.this {
					backs = append([]refBack{*b}, backs...)
					continue
				}
				backs = append(backs, *b)
			}
			continue
		}
		// An argument is not in the caller's target context: a target-typed
		// new or a collection expression among the arguments of a
		// target-typed new(...) must not take the object's type.
		oldExpect := fs.expect
		fs.expect = nil
		t := fs.exprTo(a.X, r)
		fs.expect = oldExpect
		if fn != nil && fn.Variadic && i == fn.NumParams-1 && len(exprs) == fn.NumParams && fs.c.info.PacksArg(a) {
			fs.packParams(r, fn)
			continue
		}
		if params != nil && i < len(params) && fn != nil {
			if conv := fs.c.convType(params[i].Type, fs.cls); conv != nil {
				fs.convertOnStore(r, t, conv)
			}
		}
		if params != nil && i < len(params) && params[i].Modifier == "in" {
			// An in parameter takes a reference: an argument written
			// without `in` is passed as a reference to a copy of its
			// (converted) value, which the callee cannot change.
			fs.emitABC(vm.OpNewBox, r, r, 0)
		}
	}
	fs.boxRefLocals(backs)
	return len(exprs), backs
}

// delegateParams returns the parameters (names and modifiers only) of the
// Invoke method of fun's delegate type when one takes an in parameter, so
// that args passes those by reference; otherwise nil.
func (fs *funcState) delegateParams(fun lang.Expr) []*lang.Param {
	ps := fs.c.info.TypeOf(fun).InvokeParams()
	in := false
	for _, p := range ps {
		in = in || p.Mod == "in"
	}
	if !in {
		return nil
	}
	out := make([]*lang.Param, len(ps))
	for i, p := range ps {
		out[i] = &lang.Param{Name: p.Name, Modifier: p.Mod}
	}
	return out
}

// paramsArgs returns args with the expanded arguments of a params
// collection the caller builds (bind.Info.ParamsBuilt: a Span, List,
// IList or ICollection parameter) replaced by one argument, the collection
// expression of their values. A call to such a method with no argument for
// its params parameter (`F()`) gets the empty collection: a default span,
// a new List. The binder's collection expression takes the arguments as
// they are now (a lowering may have replaced them).
func (fs *funcState) paramsArgs(args []*lang.Arg, params []*lang.Param, fn *vm.Func) []*lang.Arg {
	for i, a := range args {
		ce := fs.c.info.ParamsBuiltOf(a)
		if ce == nil || i+len(ce.Elems) > len(args) {
			continue
		}
		n := len(ce.Elems)
		for k := range n {
			ce.Elems[k] = args[i+k].X
		}
		out := append(args[:i:i], &lang.Arg{Pos: a.Pos, X: ce})
		return append(out, args[i+n:]...)
	}
	if fn == nil || !fn.Variadic || len(params) == 0 {
		return args
	}
	last := params[len(params)-1]
	if last.Modifier != "params" || !bind.BuiltParamsRef(last.Type) {
		return args
	}
	positional := 0
	for _, a := range args {
		if a.Name == last.Name {
			return args
		}
		if a.Name == "" {
			positional++
		}
	}
	if positional >= len(params) || len(args) >= len(params) {
		return args
	}
	pos := last.Pos
	var empty lang.Expr = &lang.DefaultExpr{Pos: pos, Type: last.Type}
	if name := last.Type.Name; name != "Span" && name != "ReadOnlySpan" && name != "System.Span" && name != "System.ReadOnlySpan" {
		empty = &lang.NewExpr{Pos: pos, Type: &lang.TypeRef{Pos: pos, Name: "System.Collections.Generic.List", Args: last.Type.Args}}
	}
	return append(args[:len(args):len(args)], &lang.Arg{Pos: pos, X: empty})
}

// packParams replaces the value in register r by a one-element params
// array holding it (the expanded form of a call with one params argument).
func (fs *funcState) packParams(r int, fn *vm.Func) {
	elem := fn.ParamsElem
	if elem == nil {
		elem = vm.TObject
	}
	s := fs.top
	a, i := fs.alloc(), fs.alloc()
	fs.loadConst(i, vm.Int(1))
	fs.emitABC(vm.OpNewArr, a, i, fs.c.addType(elem))
	fs.loadConst(i, vm.Int(0))
	fs.emitABC(vm.OpSetIndex, a, i, r)
	fs.move(r, a)
	fs.setTop(s)
}

// refArg passes a variable by reference into register r.
func (fs *funcState) refArg(a *lang.Arg, r int) *refBack {
	if fs.refProp(a.X) {
		fs.refOf(a.X, r)
		return nil
	}
	switch x := a.X.(type) {
	case *lang.CallExpr:
		if fs.refCall(x) {
			fs.refOf(x, r)
			return nil
		}
	case *lang.CondExpr:
		if isRefCond(x) {
			fs.refOf(x, r)
			return nil
		}
	case *lang.DeclExpr:
		var conv *vm.Type
		if x.Type != nil {
			conv = fs.c.convType(x.Type, fs.cls)
		}
		if x.Name == "_" {
			fs.loadConst(r, vm.Null)
			fs.emitABC(vm.OpNewBox, r, r, 0)
			return nil
		}
		l := fs.scope.vars[x.Name]
		if l == nil || l.key.Pos != x.Pos {
			l = fs.findDecl(x.Name, x.Pos) // predeclared in an enclosing scope (a switch's or foreach's expression)
		}
		if l == nil {
			l = fs.declare(x.Name, x.Pos, conv, conv)
			if conv != nil {
				fs.loadConst(l.reg, conv.Zero())
			}
			fs.initBox(l)
		}
		return fs.refToLocal(l, r)
	case *lang.Ident:
		if l := fs.lookup(x.Name); l != nil {
			return fs.refToLocal(l, r)
		}
		if b, ok := fs.refStructField(a.X, r); ok {
			return b
		}
		for ci := fs.cls; ci != nil; ci = ci.outer {
			for b := ci; b != nil; b = b.base {
				if fi, ok := b.statics[x.Name]; ok {
					fs.refStatic(b, fi.index, via{}, r)
					return nil
				}
			}
			if fi, ok := ci.fields[x.Name]; ok && ci == fs.cls && !fs.static {
				fs.emitABC(vm.OpRefFld, r, 0, fs.field(fi))
				return nil
			}
		}
	case *lang.MemberExpr:
		if t, ci := fs.typeOfExpr(x.X); t != nil && ci != nil {
			for b := ci; b != nil; b = b.base {
				if fi, ok := b.statics[x.Name]; ok {
					fs.refStatic(b, fi.index, fs.viaOf(x.X, t), r)
					return nil
				}
			}
		}
		if b, ok := fs.refStructField(a.X, r); ok {
			return b
		}
		recv := fs.declaredClass(x.X)
		or, ot := fs.exprReg(x.X)
		if ci := fs.c.classByType[ot]; ci != nil {
			recv = ci
		}
		if recv != nil {
			if fi, ok := recv.fields[x.Name]; ok {
				fs.emitABC(vm.OpRefFld, r, or, fs.field(fi))
				return nil
			}
		}
		if _, ok := x.X.(*lang.ThisExpr); ok && fs.cls != nil {
			if fi, ok := fs.cls.fields[x.Name]; ok {
				fs.emitABC(vm.OpRefFld, r, 0, fs.field(fi))
				return nil
			}
		}
	case *lang.IndexExpr:
		if fs.refIndexer(x) {
			fs.refOf(x, r)
			return nil
		}
		if fs.multidim(x) {
			ar, _ := fs.exprReg(x.X)
			fs.emitABC(vm.OpRefElm, r, ar, fs.elemOffset(ar, x.Args))
			return nil
		}
		if len(x.Args) == 1 {
			ar, _ := fs.exprReg(x.X)
			ir, _ := fs.exprReg(x.Args[0].X)
			fs.emitABC(vm.OpRefElm, r, ar, ir)
			return nil
		}
	}
	fs.errorf(a.X.Position(), "A ref or out value must be an assignable variable")
	return nil
}

func (fs *funcState) refToLocal(l *local, r int) *refBack {
	switch {
	case l.fs != fs:
		fs.emitABC(vm.OpUpBox, r, fs.upvalue(l), 0)
		return nil
	case l.boxed || l.isRef:
		fs.emitABC(vm.OpMove, r, l.reg, 0)
		return nil
	}
	return &refBack{l: l, box: r}
}

// boxRefLocals passes plain locals by reference once every argument has been
// evaluated: each such local is boxed in its own register for the duration
// of the call (copyBack unboxes it). Its register lies below the argument
// window, so neither the call's result (written over the window's first
// register) nor the callee's frame (which overlays the window and what lies
// above it) can clobber the box.
func (fs *funcState) boxRefLocals(backs []refBack) {
	boxed := map[*local]bool{}
	for _, b := range backs {
		if b.this {
			continue
		}
		if !boxed[b.l] {
			boxed[b.l] = true
			fs.emitABC(vm.OpNewBox, b.l.reg, b.l.reg, 0)
		}
		fs.emitABC(vm.OpMove, b.box, b.l.reg, 0)
		for _, f := range b.path {
			fs.emitABC(vm.OpRefSub, b.box, b.box, f)
		}
	}
}

func (fs *funcState) copyBack(backs []refBack) {
	unboxed := map[*local]bool{}
	for _, b := range backs {
		if b.this {
			fs.emitABC(vm.OpGetRefL, 0, b.box, 0)
			continue
		}
		if !unboxed[b.l] {
			unboxed[b.l] = true
			fs.emitABC(vm.OpGetBox, b.l.reg, b.l.reg, 0)
		}
	}
}

// nullableObjectCall compiles a call of one of object's methods that
// Nullable<T> overrides on a receiver of type T?, which a null value
// answers without a NullReferenceException: ToString() is "",
// GetHashCode() 0, and Equals(other) whether other is null too. A value
// answers as its T does. It reports false for any other call.
func (fs *funcState) nullableObjectCall(m *lang.MemberExpr, args []*lang.Arg, dst int) (*vm.Type, bool) {
	switch {
	case m.Name == "ToString" && len(args) == 0:
		w := fs.alloc()
		fs.exprTo(m.X, w)
		fs.emitABC(vm.OpCall, w, fs.c.addFunc(vm.NullableToString), 1)
		fs.move(dst, w)
		return vm.TString, true
	case m.Name == "GetHashCode" && len(args) == 0, m.Name == "Equals" && len(args) == 1 && args[0].Name == "":
	default:
		return nil, false
	}
	n := len(args)
	w := fs.allocN(n + 1)
	fs.exprTo(m.X, w)
	for i, a := range args {
		fs.exprTo(a.X, w+1+i)
	}
	null, end := fs.newLabel(), fs.newLabel()
	fs.jumpTo(null, vm.MakeABx(vm.OpJmpNull, w, 0))
	fs.emitABC(vm.OpCallVirt, w, fs.c.site(m.Name, n), n+1)
	fs.jmp(end)
	fs.mark(null)
	if n == 0 {
		fs.loadConst(w, vm.Int(0))
	} else {
		isNull := fs.newLabel()
		fs.jumpTo(isNull, vm.MakeABx(vm.OpJmpNull, w+1, 0))
		fs.loadConst(w, vm.Bool(false))
		fs.jmp(end)
		fs.mark(isNull)
		fs.loadConst(w, vm.Bool(true))
	}
	fs.mark(end)
	fs.move(dst, w)
	if n == 0 {
		return vm.TInt, true
	}
	return vm.TBool, true
}

// libOrder is the argument list of a call to a library method (a native,
// which takes its arguments by position) in the order of the parameters
// of the overload the binder chose: named arguments move to their
// parameters' places, a skipped optional parameter before a given one gets
// its declared default, and the elements of an expanded params array stay
// last. Without named arguments, or without a bound method, it is e.Args.
func (fs *funcState) libOrder(e *lang.CallExpr) []*lang.Arg {
	bm := fs.c.info.CallOf(e)
	if bm == nil || !hasNamedArg(e.Args) {
		return e.Args
	}
	ps := bm.Params
	var decl []*lang.Param
	if md, ok := bm.Definition().Decl.(*lang.MethodDecl); ok {
		decl = md.Params
	}
	if bm.Ext {
		// Called as an instance method: the receiver is the first
		// parameter's argument, passed apart.
		ps = ps[1:]
		if len(decl) > 0 {
			decl = decl[1:]
		}
	}
	slots := make([]*lang.Arg, len(ps))
	var rest []*lang.Arg
	last := -1
	for k, a := range e.Args {
		i := k
		if a.Name != "" {
			i = -1
			for j, p := range ps {
				if p.Name == a.Name {
					i = j
				}
			}
			if i < 0 {
				return e.Args // reported by the binder
			}
		}
		switch {
		case i < len(ps) && ps[i].Mod == "params" && (slots[i] != nil || len(rest) > 0):
			rest = append(rest, a) // a further element of an expanded params array
		case i < len(ps):
			slots[i] = a
			last = max(last, i)
		default:
			rest = append(rest, a)
		}
	}
	out := make([]*lang.Arg, 0, len(e.Args))
	for i := 0; i <= last; i++ {
		if slots[i] == nil {
			if i >= len(decl) || decl[i].Default == nil {
				return e.Args
			}
			out = append(out, &lang.Arg{Pos: e.Pos, X: decl[i].Default})
			continue
		}
		out = append(out, slots[i])
	}
	return append(out, rest...)
}

// hasNamedArg reports whether one of args names its parameter.
func hasNamedArg(args []*lang.Arg) bool {
	for _, a := range args {
		if a.Name != "" {
			return true
		}
	}
	return false
}

// argCountFits reports whether a call with args can bind to a function of
// nparams declared parameters whose counts are in shape.
func argCountFits(shape *vm.Func, nparams int, args []*lang.Arg) bool {
	n := len(args)
	if shape.Variadic && n >= nparams-1 {
		return true
	}
	for _, a := range args {
		if a.Name != "" {
			return n <= nparams
		}
	}
	return n >= shape.MinParams && n <= nparams
}

// pickMethod chooses among user overloads: the method the binder's
// overload resolution chose for the call node, or, where it left the
// choice to run time (arguments of types it does not know), the first
// overload the argument count fits.
func (c *Compiler) pickMethod(ms []*methodInfo, args []*lang.Arg, node lang.Node) *methodInfo {
	if bound := c.info.CallOf(node); bound != nil {
		decl := bound.Definition().Decl
		for _, m := range ms {
			if m.key != nil && (lang.Node(m.key) == decl || lang.Node(m.root) == decl) || m.ctor != nil && lang.Node(m.ctor) == decl {
				return m
			}
			if m.name == ".ctor" && m.ctor == nil && m.cls != nil && lang.Node(m.cls.decl) == decl {
				return m // the primary (or default) constructor, which the binder's symbol names by the type
			}
		}
	}
	return pickByCount(ms, args)
}

// pickByCount chooses among user overloads by argument count.
func pickByCount(ms []*methodInfo, args []*lang.Arg) *methodInfo {
	n := len(args)
	var fallback *methodInfo
	for _, m := range ms {
		f := m.fn
		if f.NumParams == n && !f.Variadic {
			return m
		}
		if fallback == nil && (n >= f.MinParams && n <= f.NumParams || f.Variadic && n >= f.NumParams-1) {
			fallback = m
		}
		hasNamed := false
		for _, a := range args {
			if a.Name != "" {
				hasNamed = true
			}
		}
		if fallback == nil && hasNamed && n <= f.NumParams {
			fallback = m
		}
	}
	return fallback
}

func callOps(await bool) (vm.Op, vm.Op, vm.Op) {
	if await {
		return vm.OpCallAw, vm.OpCallVAw, vm.OpCallDAw
	}
	return vm.OpCall, vm.OpCallVirt, vm.OpCallDel
}

// call compiles a call expression; with await set, the call's result is
// awaited (the async calling convention in rt mode).
func (fs *funcState) call(e *lang.CallExpr, dst int, await bool) *vm.Type {
	if fs.c.info.Omitted[e] {
		return nil // a [Conditional] call left out: nothing runs
	}
	if tp := fs.c.info.ConstrainedOf(e); tp != nil {
		if m := fs.c.info.CallOf(e); m != nil {
			return fs.constrainedCall(e, tp, m, dst, await)
		}
	}
	opCall, opVirt, opDel := callOps(await)
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	if m, ok := e.Fun.(*lang.MemberExpr); ok && !m.NullCond && m.Name == "GetValueOrDefault" && len(e.Args) <= 1 {
		if f := fs.nullableMember(m.X, m.Name); f != nil {
			return fs.getValueOrDefault(m.X, e.Args, f, dst)
		}
	}
	if m, ok := e.Fun.(*lang.MemberExpr); ok && !m.NullCond {
		if t := fs.c.info.TypeOf(m.X); t != nil && t.Kind == bind.Nullable {
			if rt, ok := fs.nullableObjectCall(m, e.Args, dst); ok {
				return rt
			}
		}
	}
	switch fun := e.Fun.(type) {
	case *lang.Ident:
		if l := fs.lookup(fun.Name); l != nil {
			w := fs.alloc()
			fs.readVar(l, w)
			var n int
			var backs []refBack
			if lf := l.lfn; lf != nil {
				if !argCountFits(lf.shape, len(lf.decl.Params), e.Args) {
					fs.errorf(e.Pos, "No overload for method '%s' takes %d arguments", fun.Name, len(e.Args))
					return nil
				}
				n, backs = fs.args(e.Args, w+1, lf.decl.Params, lf.shape.Defaults, lf.shape)
				n = fs.passTypeArgs(w+1, n, len(lf.decl.Params), lf.shape, nil, 0, via{}, e, lf.hidden)
			} else {
				n, backs = fs.args(e.Args, w+1, fs.delegateParams(fun), nil, nil)
			}
			fs.emitABC(opDel, w, 0, n)
			fs.copyBack(backs)
			fs.move(dst, w)
			return nil
		}
		if fun.Name == "nameof" && len(e.Args) == 1 {
			return fs.exprTo(&lang.NameOfExpr{Pos: e.Pos, X: e.Args[0].X}, dst)
		}
		if bm := fs.c.info.CallOf(e); bm != nil && bm.Owner != nil && bm.Owner.Lib && !bm.Static && !fs.static && fs.cls != nil {
			// A library virtual called on this (Equals(object) inside a
			// class): dispatched by name, which reaches the override, as
			// `this.Equals(x)` is (see the member case below).
			w := fs.alloc()
			fs.emitABC(vm.OpMove, w, 0, 0)
			n, backs := fs.args(fs.libOrder(e), w+1, nil, nil, nil)
			fs.emitABC(opVirt, w, fs.c.site(fun.Name, n), n+1)
			fs.copyBack(backs)
			fs.move(dst, w)
			return libReturnType(nil, fun.Name)
		}
		for ci := fs.cls; ci != nil; ci = ci.outer {
			own := ci == fs.cls
			var cands []*methodInfo
			if own {
				cands = append(cands, ci.methods[fun.Name]...)
			}
			for b := ci; b != nil; b = b.base {
				cands = append(cands, b.smethods[fun.Name]...)
			}
			if len(cands) == 0 {
				continue
			}
			m := fs.c.pickMethod(cands, e.Args, e)
			if m == nil {
				fs.errorf(e.Pos, "No overload for method '%s' takes %d arguments", fun.Name, len(e.Args))
				return nil
			}
			if own && !fs.static && !m.static {
				if t, ok := fs.structCall(m, &lang.ThisExpr{Pos: fun.Pos}, e, dst, opCall, opVirt); ok {
					return t
				}
			}
			return fs.callUser(m, e, dst, -1, opCall, opVirt, false)
		}
		// A field or property holding a delegate.
		if t, _ := fs.c.lookupTypeName(fun.Name, fs.cls); t == nil {
			for ci := fs.cls; ci != nil; ci = ci.outer {
				_, isField := ci.fields[fun.Name]
				_, isProp := ci.props[fun.Name]
				_, isStatic := ci.statics[fun.Name]
				if isField || isProp || isStatic {
					w := fs.alloc()
					fs.ident(fun, w)
					n, backs := fs.args(e.Args, w+1, fs.delegateParams(fun), nil, nil)
					fs.emitABC(opDel, w, 0, n)
					fs.copyBack(backs)
					fs.move(dst, w)
					return nil
				}
			}
		}
		// Methods inherited from a library base class (Exception natives).
		if fs.cls != nil && !fs.static {
			if fs.cls.t.LookupMethod(fun.Name, len(e.Args)) != nil {
				w := fs.alloc()
				fs.emitABC(vm.OpMove, w, 0, 0)
				n, backs := fs.args(fs.libOrder(e), w+1, nil, nil, nil)
				fs.emitABC(opVirt, w, fs.c.site(fun.Name, n), n+1)
				fs.copyBack(backs)
				fs.move(dst, w)
				return nil
			}
		}
		if t, ok := fs.importedCall(fun, e, dst, opCall, opVirt); ok {
			return t
		}
		if bm := fs.c.info.CallOf(e); bm != nil && bm.Static && bm.Owner != nil && bm.Owner.Lib && bm.Owner.VM != nil {
			// A static method of a library base class every class
			// inherits (object.ReferenceEquals, object.Equals), as the
			// binder resolved it.
			member := &lang.MemberExpr{Pos: fun.Pos, X: &lang.Ident{Pos: fun.Pos, Name: bm.Owner.Name}, Name: fun.Name}
			return fs.callLibStatic(bm.Owner.VM, member, e, dst, opCall)
		}
		fs.undefined(fun.Pos, fun.Name)
		return nil
	case *lang.MemberExpr:
		if _, ok := fun.X.(*lang.BaseExpr); ok {
			return fs.callBase(fun, e, dst, opCall)
		}
		if bt := fs.tupleType(fun.X); bt != nil && bt.TupleElemName(fun.Name) >= 0 {
			break // a delegate held by a tuple element: invoked below
		}
		if bm := fs.c.info.CallOf(e); bm != nil {
			if decl, ok := bm.Definition().Decl.(*lang.MethodDecl); ok && decl.ExtStatic && fs.c.methodOf[decl] != nil {
				// A static extension member called through its receiver
				// type: `string.Make()`.
				return fs.callUser(fs.c.methodOf[decl], e, dst, -1, opCall, opVirt, false)
			}
		}
		if t, ci := fs.typeOfExpr(fun.X); t != nil {
			if ci != nil {
				var cands []*methodInfo
				for b := ci; b != nil; b = b.base {
					cands = append(cands, b.smethods[fun.Name]...)
				}
				if len(cands) == 0 {
					if _, ok := ci.methods[fun.Name]; ok {
						fs.errorf(fun.Pos, "An object reference is required for the non-static field, method, or property '%s.%s'", ci.decl.Name, fun.Name)
						return nil
					}
					if ci.t.Super != nil && fs.c.classByType[ci.t.Super] == nil && ci.t.Super.LookupStatic(fun.Name, len(e.Args)) != nil {
						return fs.callLibStatic(ci.t.Super, fun, e, dst, opCall)
					}
					fs.errorf(fun.Pos, "'%s' does not contain a definition for '%s'", ci.decl.Name, fun.Name)
					return nil
				}
				m := fs.c.pickMethod(cands, e.Args, e)
				if m == nil {
					fs.errorf(e.Pos, "No overload for method '%s' takes %d arguments", fun.Name, len(e.Args))
					return nil
				}
				return fs.callUser(m, e, dst, -1, opCall, opVirt, false)
			}
			return fs.callLibStatic(t, fun, e, dst, opCall)
		}
		if bm := fs.c.info.CallOf(e); bm != nil && bm.Ext {
			if decl, ok := bm.Definition().Decl.(*lang.MethodDecl); ok && fs.c.methodOf[decl] != nil {
				return fs.callExtension(fs.c.methodOf[decl], fun, e, dst, opCall)
			}
		}
		if sci := fs.structOf(fun.X); sci != nil && !fun.NullCond {
			if m := fs.c.pickMethod(sci.methods[fun.Name], e.Args, e); m != nil {
				if t, ok := fs.structCall(m, fun.X, e, dst, opCall, opVirt); ok {
					return t
				}
			}
		}
		declared := fs.declaredClass(fun.X)
		var end *label
		var w int
		var rt *vm.Type
		refDone, byRef := fs.typeParamReceiver(fun, e, &end, &w)
		if !byRef {
			var recv int
			recv, rt = fs.exprReg(fun.X)
			w = fs.alloc()
			fs.emitABC(vm.OpMove, w, recv, 0)
			if fun.NullCond {
				end = fs.newLabel()
				fs.jumpTo(fs.nullExit(e, end), vm.MakeABx(vm.OpJmpNull, w, 0))
			}
		}
		var rtype *vm.Type
		ci := fs.c.classByType[rt]
		if ci == nil {
			// A receiver read from a field: its declared class binds the
			// call (and passes a generic method's type arguments).
			ci = declared
		}
		if ci == nil {
			// The binder's type of the receiver.
			ci = fs.boundClass(fun.X)
		}
		if bm := fs.c.info.CallOf(e); bm != nil && bm.Owner != nil && bm.Owner.Lib && !bm.Static {
			// A library virtual (object.Equals(object)): dispatched by
			// name, which reaches the receiver's override of it, never a
			// same-arity overload of the user's (Equals(Pt)).
			ci = nil
		}
		if ci != nil && fun.Name != "Invoke" {
			if ms := ci.methods[fun.Name]; len(ms) > 0 {
				if m := fs.c.pickMethod(ms, e.Args, e); m != nil {
					rtype = fs.callUser(m, e, w, w, opCall, opVirt, false)
					goto done
				}
			}
		}
		{
			n, backs := fs.args(fs.libOrder(e), w+1, nil, nil, nil)
			bm := fs.c.info.CallOf(e)
			if f, k := fs.libTypeArgsNative(e, n, nil); f != nil && bm.Ext {
				fs.libTypeArgsInto(e, w+1+n, k)
				fs.emitABC(opCall, w, fs.c.addFunc(f), n+1+k)
			} else if f != nil {
				fs.libTypeArgsInto(e, w+1+n, k)
				fs.emitABC(opVirt, w, fs.c.site(fun.Name, n+k), n+k+1)
			} else if f := libExtensionNative(bm, n); f != nil {
				// A library extension method the binder chose runs as
				// chosen, never a same-named instance method of the
				// receiver's run-time type (list.AsEnumerable().Reverse()
				// is Enumerable.Reverse, not List<T>.Reverse).
				fs.emitABC(opCall, w, fs.c.addFunc(f), n+1)
			} else if fun.Name == "Invoke" && !fs.hasMethodNamed(rt, "Invoke") {
				fs.emitABC(opDel, w, 0, n)
			} else if f := fs.libDirectMethod(e, n); f != nil && end == nil {
				fs.emitABC(vm.OpNullChk, w, 0, 0)
				fs.emitABC(opCall, w, fs.c.addFunc(f), n+1)
			} else {
				fs.emitABC(opVirt, w, fs.c.site(fs.ifaceName(bm, fun.X, fun.Name), n), n+1)
			}
			fs.copyBack(backs)
			rtype = libReturnType(rt, fun.Name)
		}
	done:
		if refDone != nil {
			refDone()
		}
		if end != nil {
			fs.mark(end)
		}
		fs.move(dst, w)
		return rtype
	}
	w := fs.alloc()
	fs.exprTo(e.Fun, w)
	n, backs := fs.args(e.Args, w+1, fs.delegateParams(e.Fun), nil, nil)
	fs.emitABC(opDel, w, 0, n)
	fs.copyBack(backs)
	fs.move(dst, w)
	return nil
}

func (fs *funcState) hasMethodNamed(t *vm.Type, name string) bool {
	if t == nil || t == vm.TDelegate {
		return false
	}
	return len(t.Methods[name]) > 0
}

// libReturnType knows the result types of a few library members whose type
// matters for arithmetic.
func libReturnType(t *vm.Type, name string) *vm.Type {
	switch name {
	case "ToString", "Substring", "ToUpper", "ToLower", "Trim":
		return vm.TString
	}
	return nil
}

func (fs *funcState) move(dst, src int) {
	if dst != src && dst+1 != fs.unused {
		fs.emitABC(vm.OpMove, dst, src, 0)
	}
}

// callUser calls a method declared in source. recvReg >= 0 means the
// receiver is already in that register (which is also the window start).
func (fs *funcState) callUser(m *methodInfo, e *lang.CallExpr, dst, recvReg int, opCall, opVirt vm.Op, nonVirtual bool) *vm.Type {
	fresh := fs.fresh == dst+1 && dst == fs.top-1
	fs.fresh = 0
	w := recvReg
	if w < 0 && fresh {
		// The call's window starts at the new temporary that receives
		// its result.
		w = dst
	} else if w < 0 {
		w = fs.alloc()
	}
	var n int
	var backs []refBack
	if m.static {
		n, backs = fs.args(e.Args, w, m.params, m.fn.Defaults, m.fn)
		var v via
		if f, ok := e.Fun.(*lang.MemberExpr); ok && m.classHidden > 0 {
			if t, _ := fs.typeOfExpr(f.X); t != nil {
				v = fs.viaOf(f.X, t)
			}
		}
		n = fs.passTypeArgs(w, n, len(m.params), m.fn, m.cls, m.classHidden, v, e, m.hidden)
		fs.emitABC(opCall, w, fs.c.addFunc(m.fn), n)
	} else {
		if recvReg < 0 {
			if fs.static {
				fs.errorf(e.Pos, "An object reference is required for the non-static field, method, or property '%s.%s'", m.cls.decl.Name, m.name)
				return nil
			}
			fs.emitABC(vm.OpMove, w, 0, 0)
		}
		n, backs = fs.args(e.Args, w+1, m.params, m.fn.Defaults, m.fn)
		n = fs.passTypeArgs(w+1, n, len(m.params), m.fn, nil, 0, via{}, e, m.hidden)
		if m.cls.t.IsInterface && !nonVirtual {
			// Through an interface: its slot, or by name its explicit
			// implementation first.
			fs.emitABC(opVirt, w, fs.c.slotSite(vm.ExplicitKey(m.cls.t)+m.name, n, m.fn), n+1)
		} else if (m.virtual || m.fn.IsAbstract) && !nonVirtual {
			fs.emitABC(opVirt, w, fs.c.slotSite(m.name, n, m.fn), n+1)
		} else {
			fs.emitABC(opCall, w, fs.c.addFunc(m.fn), n+1)
		}
	}
	fs.copyBack(backs)
	fs.move(dst, w)
	if m.ret != nil && !m.async {
		t, _ := fs.c.resolveTypeRef(m.ret, m.cls, false)
		return t
	}
	if m.async && m.ret != nil && len(m.ret.Args) == 1 && opCall == vm.OpCallAw {
		t, _ := fs.c.resolveTypeRef(m.ret.Args[0], m.cls, false)
		return t
	}
	return nil
}

func (fs *funcState) callBase(fun *lang.MemberExpr, e *lang.CallExpr, dst int, opCall vm.Op) *vm.Type {
	if fs.static {
		fs.errorf(fun.Pos, "Keyword 'base' is not available in a static method")
		return nil
	}
	if b := fs.cls.base; b != nil {
		if ms := b.methods[fun.Name]; len(ms) > 0 {
			if m := fs.c.pickMethod(ms, e.Args, e); m != nil && !m.fn.IsAbstract {
				w := fs.alloc()
				fs.emitABC(vm.OpMove, w, 0, 0)
				return fs.callUser(m, e, dst, w, opCall, opCall, true)
			}
		}
	}
	super := fs.cls.t.Super
	for super != nil && fs.c.classByType[super] != nil {
		super = super.Super
	}
	if super == nil {
		super = vm.TObject
	}
	f := super.LookupMethod(fun.Name, len(e.Args))
	if f == nil {
		fs.errorf(fun.Pos, "'%s' does not contain a definition for '%s'", super.DisplayName(), fun.Name)
		return nil
	}
	w := fs.alloc()
	fs.emitABC(vm.OpMove, w, 0, 0)
	n, backs := fs.args(fs.libOrder(e), w+1, nil, nil, nil)
	fs.emitABC(opCall, w, fs.c.addFunc(f), n+1)
	fs.copyBack(backs)
	fs.move(dst, w)
	return nil
}

func (fs *funcState) callLibStatic(t *vm.Type, fun *lang.MemberExpr, e *lang.CallExpr, dst int, opCall vm.Op) *vm.Type {
	if fs.formatWithProvider(t, fun, e, dst) {
		return vm.TString
	}
	f := t.LookupStatic(fun.Name, len(e.Args))
	if f == nil {
		// A generic method's native counts its type arguments too
		// (Enum.GetValues<TEnum>()).
		f, _ = fs.libTypeArgsNative(e, len(e.Args), t)
	}
	if f == nil {
		if len(t.Statics[fun.Name]) > 0 {
			fs.errorf(e.Pos, "No overload for method '%s' takes %d arguments", fun.Name, len(e.Args))
		} else if g := t.LookupStatic("get_"+fun.Name, 0); g != nil {
			// A static property holding a delegate.
			w := fs.alloc()
			fs.emitABC(vm.OpCall, w, fs.c.addFunc(g), 0)
			n, backs := fs.args(e.Args, w+1, fs.delegateParams(fun), nil, nil)
			_, _, opDel := callOps(opCall == vm.OpCallAw)
			fs.emitABC(opDel, w, 0, n)
			fs.copyBack(backs)
			fs.move(dst, w)
			return nil
		} else {
			fs.errorf(fun.Pos, "'%s' does not contain a definition for '%s'", t.DisplayName(), fun.Name)
		}
		return nil
	}
	w := dst
	if fs.fresh != dst+1 || dst != fs.top-1 {
		w = fs.alloc()
	}
	fs.fresh = 0
	n, backs := fs.args(fs.libOrder(e), w, nil, nil, nil)
	if g, k := fs.libTypeArgsNative(e, n, t); g != nil {
		fs.libTypeArgsInto(e, w+n, k)
		f, n = g, n+k
	}
	fs.emitABC(opCall, w, fs.c.addFunc(f), n)
	fs.copyBack(backs)
	fs.move(dst, w)
	switch t {
	case vm.TInt, vm.TLong, vm.TDouble:
		if fun.Name == "Parse" {
			return t
		}
	}
	if t.Name == "Math" && len(e.Args) > 0 {
		switch fun.Name {
		case "Sqrt", "Pow", "Floor", "Ceiling", "Log", "Exp", "Sin", "Cos":
			return vm.TDouble
		}
	}
	return nil
}

// newObject compiles `new T(args) { init }`.
func (fs *funcState) newObject(e *lang.NewExpr, dst int) *vm.Type {
	tr := e.Type
	if tr == nil {
		// A target-typed new: the type the binder resolved it to.
		if tr = fs.boundTypeRef(e); tr == nil {
			tr = fs.expect
		}
		if tr == nil {
			fs.errorf(e.Pos, "The type of the target-typed new expression cannot be inferred here")
			return nil
		}
	}
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	if w := fs.alloc(); fs.typeParamInto(tr, w) {
		// new T(): the type argument's parameterless constructor.
		fs.callNative(e.Pos, "Internal.VM", "CreateInstance", w, 1)
		if e.Init != nil {
			fs.initializer(e.Init, w, nil, nil, tr)
		}
		fs.move(dst, w)
		return nil
	}
	fs.setTop(save)
	t, ci := fs.c.resolveTypeRef(tr, fs.cls, true)
	if t == vm.TDelegate && len(e.Args) == 1 {
		return fs.exprTo(e.Args[0].X, dst)
	}
	if t == nil {
		return nil
	}
	w := fs.alloc()
	if t.Kind == vm.KindEnum && len(e.Args) == 0 && e.Init == nil {
		// new E() of an enum is its zero value, as default(E).
		fs.loadConst(w, t.Zero())
		fs.move(dst, w)
		return t
	}
	if ci != nil {
		if ci.t.IsAbstract || ci.t.IsInterface {
			fs.errorf(e.Pos, "Cannot create an instance of the abstract type or interface '%s'", ci.decl.Name)
			return nil
		}
		if ci.t.IsStatic {
			fs.errorf(e.Pos, "Cannot create an instance of the static class '%s'", ci.decl.Name)
			return nil
		}
		if ci.t.IsStruct() {
			return fs.newStruct(e, tr, t, ci, w, dst)
		}
		m := fs.c.pickMethod(ci.ctors, e.Args, e)
		if m == nil {
			fs.errorf(newTypePos(e), "'%s' does not contain a constructor that takes %d arguments", ci.decl.Name, len(e.Args))
			return nil
		}
		if written := fs.c.writtenArgs(tr, ci, fs.cls); ci.generic() && t == ci.t && len(written) == len(ci.typeParams) {
			// new Box<T>(): the constructed type is known at run time.
			if !fs.constructInto(ci, written, w) {
				fs.emitABC(vm.OpTypeOf, w, fs.c.addType(ci.t), 0)
			}
			fs.callNative(e.Pos, "Internal.VM", "New", w, 1)
		} else {
			fs.emitABC(vm.OpNewObj, w, fs.c.addType(t), 0)
		}
		n, backs := fs.args(e.Args, w+1, m.params, m.fn.Defaults, m.fn)
		fs.emitABC(vm.OpCall, w, fs.c.addFunc(m.fn), n+1)
		fs.copyBack(backs)
	} else {
		if t.Kind == vm.KindArray {
			fs.errorf(e.Pos, "array creation must have array size or array initializer")
			return nil
		}
		nt := 0
		if t.PassTypeArgs {
			nt = len(tr.Args)
		}
		f := t.LookupStatic(".ctor", len(e.Args)+nt)
		if valueCtor(fs.c.info.CallOf(e)) {
			if g := t.LookupStatic(valueCtorName, len(e.Args)+nt); g != nil {
				f = g
			}
		}
		if f == nil {
			if t.IsPrimitive() && len(e.Args) == 0 {
				fs.loadConst(w, t.Zero())
				fs.move(dst, w)
				return t
			}
			fs.errorf(newTypePos(e), "'%s' does not contain a constructor that takes %d arguments", t.DisplayName(), len(e.Args))
			return nil
		}
		if nt > 0 {
			fs.allocN(nt - 1)
			for i, a := range tr.Args {
				if !fs.typeRefInto(a, w+i) {
					fs.emitABC(vm.OpTypeOf, w+i, fs.c.addType(vm.TObject), 0)
				}
			}
		}
		base := w + nt
		if nt == 0 {
			base = w
		}
		n, backs := fs.args(e.Args, base, nil, nil, nil)
		fs.emitABC(vm.OpCall, w, fs.c.addFunc(f), n+nt)
		fs.copyBack(backs)
	}
	if e.Init != nil {
		fs.initializer(e.Init, w, t, ci, tr)
	}
	fs.move(dst, w)
	return t
}

// valueCtorName names the native a library type registers for its
// constructor taking one value of its own type parameter when the argument
// cannot tell that overload from another at run time: a Task<int> is both
// the TResult and the Task<TResult> of new ValueTask<Task<int>>(...), and
// C# chose by the argument's static type.
const valueCtorName = ".ctor(T)"

// valueCtor reports whether m, the constructor the binder chose for a
// library `new`, takes one argument whose declared type is a type
// parameter of its type.
func valueCtor(m *bind.Method) bool {
	if m == nil || m.Owner == nil || len(m.Definition().Params) != 1 {
		return false
	}
	p := m.Definition().Params[0].Type
	return p != nil && p.Kind == bind.TypeParam && !p.Method
}

// newTypePos is where C# reports a problem with a `new` expression's
// constructor: at the type name, or at `new` when the type is implicit.
func newTypePos(e *lang.NewExpr) lang.Pos {
	if e.Type != nil && e.Type.Pos.Line > 0 {
		return e.Type.Pos
	}
	return e.Pos
}

func isDelegateTypeName(name string) bool { return bind.IsLibraryDelegate(name) }

// with compiles `x with { A = v, ... }`. On a record class: x's clone
// method (a virtual call, so the copy has x's run-time type), then the
// members assigned as an object initializer assigns them. On a value type
// and an anonymous type: structWith and anonymousWith.
func (fs *funcState) with(e *lang.WithExpr, dst int) *vm.Type {
	bt := fs.c.info.TypeOf(e)
	if bt == nil || bt.IsUnchecked() {
		bt = fs.c.info.TypeOf(e.X)
	}
	switch {
	case bt == nil || bt.IsUnchecked():
	case bt.IsAnonymous():
		return fs.anonymousWith(e, bt, dst)
	case bt.IsValueType():
		return fs.structWith(e, bt, dst)
	}
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	w := fs.alloc()
	xt := fs.exprTo(e.X, w)
	ci := fs.c.classByType[xt]
	if ci == nil {
		ci = fs.boundClass(e.X)
	}
	var clone []*methodInfo
	for c := ci; c != nil && len(clone) == 0; c = c.base {
		clone = c.methods[bind.CloneMethod]
	}
	if len(clone) == 0 {
		fs.errorf(bind.StartOf(e.X), "The receiver type '%s' is not a valid record type and is not a struct type.", exprTypeName(fs, e.X))
		return nil
	}
	fs.callUser(clone[0], &lang.CallExpr{Pos: e.Pos}, w, w, vm.OpCall, vm.OpCallVirt, false)
	fs.initializer(&lang.Initializer{Pos: e.Pos, Members: e.Members}, w, ci.t, ci, nil)
	fs.move(dst, w)
	return xt
}

// exprTypeName is the binder's name for e's type, for a message.
func exprTypeName(fs *funcState, e lang.Expr) string {
	if t := fs.c.info.TypeOf(e); t != nil {
		return t.String()
	}
	return "?"
}

// memberTargetType is the type a target-typed value assigned to member name
// of class ci in an object initializer takes (`Tags = new() { "a" }`,
// `Tags = []`): the member's declared type, not the object's. Other values
// keep expect. A generic class's member types may name its type
// parameters, which the code around does not have: they keep expect too.
func memberTargetType(ci *classInfo, name string, value lang.Expr, expect *lang.TypeRef) *lang.TypeRef {
	switch x := value.(type) {
	case *lang.NewExpr:
		if x.Type != nil {
			return expect
		}
	case *lang.CollectionExpr:
	default:
		return expect
	}
	if ci == nil || ci.generic() {
		return expect
	}
	if fi, ok := ci.fields[name]; ok && fi.typeRef != nil {
		return fi.typeRef
	}
	if pi, ok := ci.props[name]; ok && pi.typeRef != nil {
		return pi.typeRef
	}
	return expect
}

// initializer applies an object or collection initializer to the object in w.
func (fs *funcState) initializer(in *lang.Initializer, w int, t *vm.Type, ci *classInfo, tr *lang.TypeRef) {
	for _, m := range in.Members {
		save := fs.top
		if bound := fs.c.info.IndexInits[m]; bound != nil {
			fs.indexInit(m, bound, w)
			fs.setTop(save)
			continue
		}
		if m.Init != nil {
			// A nested object initializer: read the member (or element)
			// and apply the initializer to the object it holds.
			obj := fs.alloc()
			if m.Index != nil {
				ir := fs.alloc()
				fs.exprTo(m.Index[0].X, ir)
				fs.emitABC(vm.OpGetIndex, obj, w, ir)
			} else {
				fs.emitABC(vm.OpGetMember, obj, w, fs.c.site(m.Name, 0))
			}
			fs.initializer(m.Init, obj, nil, nil, nil)
			fs.setTop(save)
			continue
		}
		if list, ok := m.Value.(*lang.InitListExpr); ok && m.Index != nil {
			// `[k] = { 1, 2 }`: Add calls on the element the indexer
			// gets, read again for each (the index evaluated once); no
			// elements, no read.
			ir := fs.alloc()
			fs.exprTo(m.Index[0].X, ir)
			obj := fs.alloc()
			for _, el := range list.Elems {
				fs.emitABC(vm.OpGetIndex, obj, w, ir)
				fs.addAll([]lang.Expr{el}, obj, nil)
			}
			fs.setTop(save)
			continue
		}
		if m.Index != nil {
			v := fs.alloc()
			ir := fs.alloc()
			fs.exprTo(m.Index[0].X, ir)
			fs.exprTo(m.Value, v)
			fs.emitABC(vm.OpSetIndex, w, ir, v)
			fs.setTop(save)
			continue
		}
		if list, ok := m.Value.(*lang.InitListExpr); ok {
			obj := fs.alloc()
			fs.emitABC(vm.OpGetMember, obj, w, fs.c.site(m.Name, 0))
			fs.addAll(list.Elems, obj, nil)
			fs.setTop(save)
			continue
		}
		v := fs.alloc()
		old := fs.expect
		fs.expect = memberTargetType(ci, m.Name, m.Value, old)
		if ci != nil {
			if fi, ok := ci.fields[m.Name]; ok {
				vt := fs.exprTo(m.Value, v)
				fs.expect = old
				fs.convertOnStore(v, vt, fi.typ)
				fs.emitABC(vm.OpSetField, w, fs.field(fi), v)
				fs.setTop(save)
				continue
			}
			if _, ok := ci.props[m.Name]; !ok {
				fs.errorf(m.Pos, "'%s' does not contain a definition for '%s'", ci.decl.Name, m.Name)
			}
		}
		fs.exprTo(m.Value, v)
		fs.expect = old
		fs.emitABC(vm.OpSetMember, w, fs.c.site(m.Name, 0), v)
		fs.setTop(save)
	}
	if len(in.Elems) > 0 {
		fs.addAll(in.Elems, w, tr)
	}
}

// indexInit compiles index initializer m of the object in register w as
// the assignment the binder bound it to (Info.IndexInits): `r[k] = v`
// with r a hidden local holding the object, made of m's own arguments
// and value (the sm lowering may have rewritten them).
func (fs *funcState) indexInit(m *lang.MemberInit, bound *lang.AssignExpr, w int) {
	left := bound.Left.(*lang.IndexExpr)
	ie := &lang.IndexExpr{Pos: left.Pos, X: left.X, Args: m.Index}
	fs.c.info.Copied(left, ie)
	as := &lang.AssignExpr{Pos: bound.Pos, Op: "=", Left: ie, Right: m.Value}
	fs.c.info.Copied(bound, as)
	fs.pushScope()
	recv := fs.declare(bind.IndexInitReceiver(m), m.Pos, nil, nil)
	fs.emitABC(vm.OpMove, recv.reg, w, 0)
	fs.exprTo(as, fs.alloc())
	fs.popScope()
}

// addAll calls obj.Add(e) for each element ({a, b} elements call Add(a, b)).
//
// The elements are target-typed by the collection's type arguments (tr):
// `new List<Point> { new(1, 2) }`.
func (fs *funcState) addAll(elems []lang.Expr, obj int, tr *lang.TypeRef) {
	old := fs.expect
	defer func() { fs.expect = old }()
	for _, el := range elems {
		save := fs.top
		w := fs.alloc()
		fs.emitABC(vm.OpMove, w, obj, 0)
		if s, ok := el.(*lang.SpreadElement); ok {
			// `..e` in a collection expression: Add each element of e.
			fs.expect = nil
			fs.exprTo(s.X, fs.alloc())
			fs.callNative(s.Pos, "Internal.VM", "AddEach", w, 2)
			fs.setTop(save)
			continue
		}
		var items []lang.Expr
		if l, ok := el.(*lang.InitListExpr); ok {
			items = l.Elems
		} else {
			items = []lang.Expr{el}
		}
		if call := fs.c.info.Adds[el]; call != nil && len(call.Args) == len(items) && userAdd(fs.c.info.CallOf(call)) {
			fs.addCall(el, call, items, obj)
			fs.setTop(save)
			continue
		}
		fs.allocN(len(items))
		for i, x := range items {
			fs.expect = nil
			if tr != nil && len(tr.Args) == len(items) {
				fs.expect = tr.Args[i]
			}
			fs.exprTo(x, w+1+i)
		}
		fs.emitABC(vm.OpCallVirt, w, fs.c.site("Add", len(items)), len(items)+1)
		fs.setTop(save)
	}
}

// userAdd reports whether a collection initializer's Add is the program's
// own method (an overload chosen by type): a library collection's native
// Add takes every overload's arguments by value, so the call by name below
// serves it.
func userAdd(m *bind.Method) bool {
	return m != nil && (m.Ext || m.Owner != nil && !m.Owner.Generic().Lib)
}

// addCall makes the Add call the binder chose for the collection
// initializer element el (Info.Adds) on the collection in obj, with the
// element's arguments items as they are now.
func (fs *funcState) addCall(el lang.Expr, call *lang.CallExpr, items []lang.Expr, obj int) {
	c := *call
	c.Args = make([]*lang.Arg, len(items))
	for i, it := range items {
		if a := call.Args[i]; a.X == it {
			c.Args[i] = a
		} else {
			c.Args[i] = &lang.Arg{Pos: a.Pos, X: it}
			fs.c.info.Copied(a, c.Args[i])
		}
	}
	fs.c.info.Copied(call, &c)
	fs.pushScope()
	recv := fs.declare(bind.AddReceiver(el), el.Position(), nil, nil)
	fs.emitABC(vm.OpMove, recv.reg, obj, 0)
	fs.call(&c, fs.alloc(), false)
	fs.popScope()
}

func (fs *funcState) newArray(e *lang.NewArrayExpr, dst int) *vm.Type {
	if e.Rank > 1 {
		return fs.newArrayMD(e.Elem, e.Rank, e.Sizes, e.Init, e.Pos, fs.c.info.TypeOf(e), dst)
	}
	var et *vm.Type
	elemTR := e.Elem
	if e.Elem != nil {
		et = fs.c.elemType(e.Elem, fs.cls, true)
	} else if tr := implicitElemTypeRef(fs.c.info.TypeOf(e), e.Pos); tr != nil {
		// new[] { 1, 2.5 }: the best common type of the elements, which
		// the binder found (double), each element converted to it.
		if et = fs.c.elemType(tr, fs.cls, true); et != nil {
			elemTR = tr
		}
	}
	if et == nil && e.Elem == nil && len(e.Init) > 0 {
		et = fs.staticType(e.Init[0])
	}
	if et == nil {
		et = vm.TObject
	}
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	a := fs.alloc()
	if w := fs.allocN(2); fs.typeParamInto(e.Elem, w) {
		// new T[n]: the element type is the run-time type argument, so the
		// elements are default(T) (0 for int, null for string).
		if len(e.Sizes) == 1 && e.Sizes[0] != nil {
			fs.exprTo(e.Sizes[0], w+1)
		} else {
			fs.loadConst(w+1, vm.Int(int32(len(e.Init))))
		}
		fs.callNative(e.Pos, "Internal.VM", "NewArray", w, 2)
		fs.move(a, w)
	} else if len(e.Sizes) == 1 && e.Sizes[0] != nil {
		n, _ := fs.exprReg(e.Sizes[0])
		fs.emitABC(vm.OpNewArr, a, n, fs.c.addType(et))
	} else {
		n := fs.alloc()
		fs.loadConst(n, vm.Int(int32(len(e.Init))))
		fs.emitABC(vm.OpNewArr, a, n, fs.c.addType(et))
	}
	fs.fillArray(a, e.Init, elemTR)
	fs.move(dst, a)
	return vm.ArrayOf(et)
}

// implicitElemTypeRef names the element type the binder found for an
// implicitly typed array (bt) when it is a keyword type or a nullable one,
// the types its elements may need converting to; nil otherwise.
func implicitElemTypeRef(bt *bind.Type, pos lang.Pos) *lang.TypeRef {
	if bt == nil || bt.Kind != bind.Array || bt.Elem == nil {
		return nil
	}
	el, nullable := bt.Elem, false
	if el.Kind == bind.Nullable && el.Elem != nil {
		el, nullable = el.Elem, true
	}
	if el.Kind != bind.Special || keywordType(el.String()) == nil {
		return nil
	}
	return &lang.TypeRef{Pos: pos, Name: el.String(), Nullable: nullable}
}

// newArrayMD compiles the creation of a multidimensional array: `new
// T[n, m]`, `new T[,] { {...}, ... }`, `new[,] { ... }` or an initializer
// `{ {...}, ... }` of a variable of type T[,]. Sizes, when written, give the
// lengths; otherwise the initializer's shape does (the binder has checked
// that it is rectangular). The array is made by Internal.VM.NewArrayMD from
// the element's run-time type, so `new T[n, m]` in generic code gets
// default(T) elements; the initializer's elements are stored in row-major
// order at their flat offsets. bt is the binder's type of the creation,
// which names the element type of `new[,]`.
func (fs *funcState) newArrayMD(elem *lang.TypeRef, rank int, sizes, init []lang.Expr, pos lang.Pos, bt *bind.Type, dst int) *vm.Type {
	var et *vm.Type
	if elem != nil {
		et, _ = fs.c.resolveTypeRef(elem, fs.cls, true)
	} else if bt != nil && bt.Kind == bind.Array {
		et = fs.c.bindVMType(bt.Elem)
	}
	if et == nil {
		et = vm.TObject
	}
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	w := fs.allocN(1 + rank)
	if elem == nil || !fs.typeRefInto(elem, w) {
		fs.emitABC(vm.OpTypeOf, w, fs.c.addType(et), 0)
	}
	if len(sizes) == rank {
		for i, s := range sizes {
			fs.exprTo(s, w+1+i)
		}
	} else {
		// The lengths are those of the first initializer at each depth.
		level := init
		for d := 0; d < rank; d++ {
			fs.loadConst(w+1+d, vm.Int(int32(len(level))))
			var next []lang.Expr
			if len(level) > 0 {
				if l, ok := level[0].(*lang.InitListExpr); ok {
					next = l.Elems
				}
			}
			level = next
		}
	}
	fs.callNative(pos, "Internal.VM", "NewArrayMD", w, 1+rank)
	var leaves []lang.Expr
	var flatten func(xs []lang.Expr, d int)
	flatten = func(xs []lang.Expr, d int) {
		for _, x := range xs {
			if l, ok := x.(*lang.InitListExpr); ok && d < rank-1 {
				flatten(l.Elems, d+1)
			} else {
				leaves = append(leaves, x)
			}
		}
	}
	flatten(init, 0)
	fs.fillArray(w, leaves, elem)
	fs.move(dst, w)
	return vm.ArrayOfRank(et, rank)
}

func (fs *funcState) fillArray(a int, elems []lang.Expr, elem *lang.TypeRef) {
	old := fs.expect
	defer func() { fs.expect = old }()
	for i, el := range elems {
		s := fs.top
		ir := fs.alloc()
		v := fs.alloc()
		fs.loadConst(ir, vm.Int(int32(i)))
		fs.expect = elem
		fs.exprTo(el, v)
		fs.emitABC(vm.OpSetIndex, a, ir, v)
		fs.setTop(s)
	}
}

// appendArray fills the new empty array in register a with the elements of
// a collection expression that has spreads: each element is appended
// (Internal.VM.Append), each spread `..e` appends every element of e
// (Internal.VM.AppendEach), in order.
func (fs *funcState) appendArray(a int, elems []lang.Expr, elem *lang.TypeRef) {
	old := fs.expect
	defer func() { fs.expect = old }()
	for _, el := range elems {
		s := fs.top
		w := fs.allocN(2)
		fs.emitABC(vm.OpMove, w, a, 0)
		if sp, ok := el.(*lang.SpreadElement); ok {
			fs.expect = nil
			fs.exprTo(sp.X, w+1)
			fs.callNative(sp.Pos, "Internal.VM", "AppendEach", w, 2)
		} else {
			fs.expect = elem
			fs.exprTo(el, w+1)
			fs.callNative(el.Position(), "Internal.VM", "Append", w, 2)
		}
		fs.setTop(s)
	}
}

// collection compiles `[a, b]` for the target type (an array unless a
// List-like type is expected).
func (fs *funcState) collection(elems []lang.Expr, pos lang.Pos, dst int) *vm.Type {
	tr := fs.expect
	// simple is the target's name without its namespace (an argument's
	// target is spelled qualified: System.Collections.Generic.IList).
	simple := ""
	if tr != nil {
		simple = tr.Name[strings.LastIndexByte(tr.Name, '.')+1:]
	}
	if tr != nil && tr.ArrayRank == 0 && tr.Name != "" && !strings.HasPrefix(simple, "IEnumerable") && !strings.HasPrefix(simple, "IReadOnly") {
		name := tr.Name
		if strings.HasPrefix(simple, "I") && len(simple) > 1 && simple[1] >= 'A' && simple[1] <= 'Z' {
			name = "List"
		}
		t, ci := fs.c.lookupTypeName(name, fs.cls)
		if name == tr.Name && len(tr.Args) > 0 {
			t, ci = fs.c.resolveTypeRef(tr, fs.cls, false)
		}
		if t != nil {
			if f := t.LookupStatic(".ctor", 0); f != nil && ci == nil {
				save := fs.top
				w := fs.alloc()
				fs.emitABC(vm.OpCall, w, fs.c.addFunc(f), 0)
				fs.addAll(elems, w, tr)
				fs.move(dst, w)
				fs.setTop(max(save, dst+1))
				return t
			}
			if ci != nil && ci.decl != nil && bind.HasAttribute(ci.decl.Attributes, "CollectionBuilder") {
				fs.errorf(pos, "a collection expression for a type with [CollectionBuilder] ('%s') is not supported", ci.decl.Name)
				return nil
			}
			if ci != nil && !ci.t.IsInterface && !ci.t.IsValueType && name == tr.Name {
				// A class of the program or the prelude (SortedSet<T>,
				// LinkedList<T>, a user collection): constructed as
				// `new T()`, then Add for each element, as C# does for
				// a type with a collection initializer.
				save := fs.top
				w := fs.alloc()
				fs.newObject(&lang.NewExpr{Pos: pos, Type: tr}, w)
				fs.addAll(elems, w, tr)
				fs.move(dst, w)
				fs.setTop(max(save, dst+1))
				return t
			}
		}
	}
	if tr != nil && tr.ArrayRank > 1 {
		return fs.newArrayMD(tr.Elem, tr.ArrayRank, nil, elems, pos, nil, dst)
	}
	var et *vm.Type
	if tr != nil && tr.ArrayRank > 0 {
		et = fs.c.elemType(tr.Elem, fs.cls, false)
	} else if tr != nil && len(tr.Args) == 1 {
		et, _ = fs.c.resolveTypeRef(tr.Args[0], fs.cls, false)
	}
	spread := false
	for _, el := range elems {
		if _, ok := el.(*lang.SpreadElement); ok {
			spread = true
		}
	}
	if et == nil && len(elems) > 0 {
		if s, ok := elems[0].(*lang.SpreadElement); ok {
			if st := fs.staticType(s.X); st != nil && st.Kind == vm.KindArray {
				et = st.Elem
			}
		} else {
			et = fs.staticType(elems[0])
		}
	}
	if et == nil {
		et = vm.TObject
	}
	save := fs.top
	a := fs.alloc()
	n := fs.alloc()
	length := len(elems)
	if spread {
		length = 0 // the elements are appended
	}
	fs.loadConst(n, vm.Int(int32(length)))
	fs.emitABC(vm.OpNewArr, a, n, fs.c.addType(et))
	var elemTR *lang.TypeRef
	if tr != nil && tr.ArrayRank > 0 {
		elemTR = tr.Elem
	} else if tr != nil && len(tr.Args) == 1 {
		elemTR = tr.Args[0]
	}
	if spread {
		fs.appendArray(a, elems, elemTR)
	} else {
		fs.fillArray(a, elems, elemTR)
	}
	fs.move(dst, a)
	fs.setTop(max(save, dst+1))
	return vm.ArrayOf(et)
}

// declaredClass returns the class named by the declared type of e when e is
// this, a local, a field or a chain of fields (a.b.c), without compiling e;
// nil when that type is not a class of the program. A ref to a field needs
// the class statically (the field's slot); the type an expression's code
// reports is only kept for primitives.
func (fs *funcState) declaredClass(e lang.Expr) *classInfo {
	switch e := e.(type) {
	case *lang.ThisExpr:
		if !fs.static {
			return fs.cls
		}
	case *lang.Ident:
		if l := fs.lookup(e.Name); l != nil {
			return fs.c.classByType[l.typ]
		}
		if fs.cls == nil {
			return nil
		}
		if fi, ok := fs.cls.fields[e.Name]; ok && !fs.static {
			return fs.fieldClass(fi)
		}
		for ci := fs.cls; ci != nil; ci = ci.outer {
			for b := ci; b != nil; b = b.base {
				if fi, ok := b.statics[e.Name]; ok {
					return fs.fieldClass(fi)
				}
			}
		}
	case *lang.MemberExpr:
		if ci := fs.declaredClass(e.X); ci != nil {
			if fi, ok := ci.fields[e.Name]; ok {
				return fs.fieldClass(fi)
			}
		}
	}
	return nil
}

// fieldClass returns the class a field's declared type names, if any.
func (fs *funcState) fieldClass(fi *fieldInfo) *classInfo {
	if fi.typeRef == nil {
		return nil
	}
	_, ci := fs.c.resolveTypeRef(fi.typeRef, fi.owner, false)
	return ci
}

// staticType guesses an expression's type without compiling it.
func (fs *funcState) staticType(e lang.Expr) *vm.Type {
	switch e := e.(type) {
	case *lang.Literal:
		_, t := fs.literal(e)
		return t
	case *lang.InterpolatedString:
		return vm.TString
	case *lang.Ident:
		if l := fs.lookup(e.Name); l != nil {
			return l.typ
		}
	case *lang.NewExpr:
		if e.Type != nil {
			t, _ := fs.c.resolveTypeRef(e.Type, fs.cls, false)
			return t
		}
	case *lang.UnaryExpr:
		return fs.staticType(e.X)
	}
	return nil
}

// lambda compiles a lambda expression into a closure in dst.
func (fs *funcState) lambda(e *lang.LambdaExpr, dst int) {
	fs.c.lambdaN[fs.cls]++ // numbered per class, as Roslyn numbers them
	name := fmt.Sprintf("<%s>b__%d", fs.rootName(), fs.c.lambdaN[fs.cls])
	fn := fs.closure(name, e.Params, nil, e.IsAsync, e.ExprBody, e.Body, nil, e.Pos, dst)
	fn.DelegateType = fs.c.delegateRT(fs.c.info.Delegates[e])
	if ps := fs.c.info.LambdaParams[e]; len(ps) == len(e.Params) {
		fs.c.lambdaSig(fn, e, ps)
	}
}

// lambdaSig spells a lambda's parameters in its stack-trace signature with
// the types the binder gave them (an implicitly typed `x` converted to a
// Func<int, int> is `Int32 x`).
func (c *Compiler) lambdaSig(fn *vm.Func, e *lang.LambdaExpr, ps []*bind.Type) {
	var b strings.Builder
	b.WriteByte('(')
	for i, p := range e.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		if p.Type != nil {
			b.WriteString(c.sigTypeName(p.Type, nil))
		} else {
			b.WriteString(c.bindSigName(ps[i]))
		}
		if p.Modifier == "ref" || p.Modifier == "out" || p.Modifier == "in" {
			b.WriteByte('&')
		}
		b.WriteByte(' ')
		b.WriteString(p.Name)
	}
	b.WriteByte(')')
	fn.Sig = b.String()
}

// bindSigName is a binder type's name in a stack trace, as sigTypeName
// spells one written in source.
func (c *Compiler) bindSigName(t *bind.Type) string {
	switch {
	case t == nil:
		return "Object"
	case t.Kind == bind.TypeParam:
		return t.Name
	case t.Kind == bind.Array:
		return c.bindSigName(t.Elem) + "[]"
	case t.Kind == bind.Nullable:
		return "Nullable`1"
	}
	if vt := c.bindVMType(t.Generic()); vt != nil {
		name := vt.Name
		if i := strings.LastIndexByte(name, '+'); i >= 0 {
			name = name[i+1:]
		}
		return name
	}
	if s := t.Generic().Name; s != "" {
		if n := len(t.AllArgs()); n > 0 {
			return s + "`" + itoa(n)
		}
		return s
	}
	return "Object"
}

func (fs *funcState) rootName() string {
	f := fs
	for f.parent != nil {
		f = f.parent
	}
	return f.fn.Name
}

// closure compiles a nested function (lambda or local function) and emits
// the closure creation into dst; it returns the function.
func (fs *funcState) closure(name string, params []*lang.Param, typeParams []string, isAsync bool, exprBody lang.Expr, body *lang.BlockStmt, ret *lang.TypeRef, pos lang.Pos, dst int) *vm.Func {
	fn := &vm.Func{Name: name, Owner: fs.cls.t, File: fs.fn.File, Line: int32(pos.Line), HasThis: !fs.static}
	fs.c.setParams(fn, params, fs.cls)
	hidden := hiddenTypeParams(params, typeParams)
	addHiddenParams(fn, hidden)
	fs.c.pushTypeParams(typeParams)
	defer fs.c.popTypeParams()
	child := fs.c.newFuncState(fs, fs.cls, fn, fs.static)
	child.async = isAsync
	child.ret = ret
	child.inLambda = ret == nil // a local function always declares its return type
	if isAsync {
		fn.Async = vm.AsyncTask
		if ret != nil {
			fn.Async = asyncKind(ret)
		} else if exprBody != nil || lang.ReturnsValue(body) {
			fn.Async = vm.AsyncTaskT
		}
	}
	child.at(pos)
	child.declareParams(params)
	child.declareTypeParams(pos, params, typeParams, hidden)
	child.typeParamDefaults(params)
	if body != nil {
		child.prepareBody(body)
	} else {
		child.labelDepth = map[string]int{}
	}
	if exprBody != nil {
		child.predeclareExprVars(exprBody)
		r := child.alloc()
		child.expect = child.retElem()
		child.exprTo(exprBody, r)
		child.emitABC(vm.OpRet, r, 0, 0)
	} else if body != nil {
		child.block(body)
		child.emitABC(vm.OpRetVoid, 0, 0, 0)
	}
	child.finish()
	fn.Shared = len(fn.Up) == 0 && !(fn.HasThis && fs.c.readsThis(fn))
	fs.emitABC(vm.OpClosure, dst, fs.c.addFunc(fn), 0)
	return fn
}

// readsThis reports whether fn's code reads R[0], its this (directly, or
// by making a closure that takes it).
func (c *Compiler) readsThis(fn *vm.Func) bool {
	reads := false
	for _, ins := range fn.Code {
		ins.Regs(c.prog, fn, func(r int) {
			if r == 0 {
				reads = true
			}
		}, func(int) {})
	}
	return reads
}

// declareParams declares a function's parameters in order, boxing the
// captured ones.
func (fs *funcState) declareParams(params []*lang.Param) {
	discards := lang.DiscardParams(params)
	for _, p := range params {
		var conv *vm.Type
		if p.Type != nil {
			conv = fs.c.convType(p.Type, fs.cls)
		}
		var typ *vm.Type
		if p.Type != nil {
			typ, _ = fs.c.resolveTypeRef(p.Type, fs.cls, false)
		}
		name := p.Name
		if discards && name == "_" {
			name = ""
		}
		l := fs.declare(name, p.Pos, typ, conv)
		if p.Modifier == "ref" || p.Modifier == "out" || p.Modifier == "in" {
			l.isRef = true
			l.readonly = p.Modifier == "in"
			l.boxed = false
			continue
		}
		if conv == vm.TDouble || conv == vm.TLong || conv == vm.TFloat || conv == vm.TDecimal {
			fs.convertOnStore(l.reg, nil, conv)
		}
		fs.initBox(l)
	}
}

// typeParamDefaults completes the arguments of parameters typed by a type
// parameter whose default is `default` or `default(T)`: the caller passes
// the constant null, which for a value type argument must become its zero
// (M<int>() receives 0). No T value is null unless default(T) is, so a
// null argument is replaced by default(T), read from the run-time type
// argument. It runs once the type parameters are declared.
func (fs *funcState) typeParamDefaults(params []*lang.Param) {
	for _, p := range params {
		d, ok := p.Default.(*lang.DefaultExpr)
		if !ok || p.Type == nil || p.Modifier != "" || d.Type != nil && (d.Type.Name != p.Type.Name || len(d.Type.Args) > 0 || d.Type.Nullable) {
			continue
		}
		l := fs.lookup(p.Name)
		if l == nil || l.boxed || !fs.direct(l) {
			continue
		}
		save := fs.top
		r := fs.alloc()
		skip := fs.newLabel()
		fs.jumpTo(skip, vm.MakeABx(vm.OpJmpNotNul, l.reg, 0))
		if fs.typeParamInto(p.Type, r) {
			fs.runtimeDefault(l.reg, r)
		}
		fs.mark(skip)
		fs.setTop(save)
	}
}

// await compiles `await X`.
func (fs *funcState) await(e *lang.AwaitExpr, dst int) *vm.Type {
	if fs.inLock > 0 {
		fs.errorf(e.Pos, "Cannot await in the body of a lock statement")
	}
	if !fs.async {
		if fs.inLambda {
			fs.errorf(e.Pos, "The 'await' operator can only be used within an async lambda expression. Consider marking this lambda expression with the 'async' modifier.")
		} else if fs.ret != nil && fs.ret.Name != "void" && fs.ret.Name != "" {
			fs.errorf(e.Pos, "The 'await' operator can only be used within an async method. Consider marking this method with the 'async' modifier and changing its return type to 'Task<%s>'.", fs.ret)
		} else {
			fs.errorf(e.Pos, "The 'await' operator can only be used within an async method. Consider marking this method with the 'async' modifier and changing its return type to 'Task'.")
		}
		return nil
	}
	var t *vm.Type
	if a := fs.c.info.Awaits[e]; a != nil {
		// An awaitable the binder bound to the awaiter pattern: its
		// GetAwaiter as bound, the awaiter adapted to the VM's protocol
		// with the OnCompleted the binder chose, then awaited.
		save := fs.top
		w := fs.alloc()
		fs.allocN(1)
		fs.call(fs.c.info.GetAwaiterCall(a, e.X, e.Pos), w, false)
		fs.loadConst(w+1, vm.Bool(a.Critical))
		fs.callNative(e.Pos, "Internal.VM", "PatternAwaiter", w, 2)
		fs.emitABC(vm.OpAwait, dst, w, 0)
		fs.setTop(max(save, dst+1))
	} else if call, ok := e.X.(*lang.CallExpr); ok {
		t = fs.call(call, dst, true)
	} else {
		r, _ := fs.exprReg(e.X)
		fs.emitABC(vm.OpAwait, dst, r, 0)
	}
	pc := len(fs.code) - 1
	for pc > 0 && !vm.Ops[fs.code[pc].Op()].MaySuspend() {
		pc--
	}
	fs.awaits = append(fs.awaits, vm.AwaitSite{PC: pc, InTry: fs.inTry > 0})
	return t
}

// anonObject compiles `new { ... }`: a constructor call of the anonymous
// type's class, constructed with the member types the binder gave it.
func (fs *funcState) anonObject(e *lang.AnonObjectExpr, dst int) *vm.Type {
	bt := fs.c.info.TypeOf(e)
	if bt == nil || !bt.IsAnonymous() {
		// The binder reported why the members make no type (CS0746,
		// CS0828, CS0833).
		fs.loadConst(dst, vm.Null)
		return nil
	}
	ci := fs.c.classByDecl[bt.Generic().Decl]
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	w := fs.alloc()
	if !ci.generic() {
		fs.emitABC(vm.OpNewObj, w, fs.c.addType(ci.t), 0)
	} else {
		if !fs.bindTypeInto(bt, w) {
			fs.emitABC(vm.OpTypeOf, w, fs.c.addType(ci.t), 0)
		}
		fs.callNative(e.Pos, "Internal.VM", "New", w, 1)
	}
	args := make([]*lang.Arg, len(e.Members))
	for i, m := range e.Members {
		args[i] = &lang.Arg{Pos: m.Pos, X: m.X}
	}
	m := fs.c.pickMethod(ci.ctors, args, e)
	n, backs := fs.args(args, w+1, m.params, m.fn.Defaults, m.fn)
	fs.emitABC(vm.OpCall, w, fs.c.addFunc(m.fn), n+1)
	fs.copyBack(backs)
	fs.move(dst, w)
	if t := fs.c.bindVMType(bt); t != nil {
		return t
	}
	return ci.t
}

// anonymousWith compiles `x with { A = v, ... }` on an anonymous type, as
// Roslyn lowers it: x, then the new values in the order written, then a
// new object of x's type whose constructor gets, for each property, its
// new value or x's.
func (fs *funcState) anonymousWith(e *lang.WithExpr, bt *bind.Type, dst int) *vm.Type {
	ci := fs.c.classByDecl[bt.Generic().Decl]
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	x := fs.alloc()
	fs.exprTo(e.X, x)
	values := map[string]int{}
	for _, m := range e.Members {
		v := fs.alloc()
		fs.exprTo(m.Value, v)
		values[m.Name] = v
	}
	if ci == nil || len(ci.ctors) != 1 {
		return nil
	}
	var props []*lang.PropertyDecl
	for _, m := range ci.decl.Members {
		if p, ok := m.(*lang.PropertyDecl); ok {
			props = append(props, p)
		}
	}
	w := fs.alloc()
	args := fs.allocN(len(props)) // w+1...
	if !ci.generic() {
		fs.emitABC(vm.OpNewObj, w, fs.c.addType(ci.t), 0)
	} else {
		if !fs.bindTypeInto(bt, w) {
			fs.emitABC(vm.OpTypeOf, w, fs.c.addType(ci.t), 0)
		}
		fs.callNative(e.Pos, "Internal.VM", "New", w, 1)
	}
	for i, p := range props {
		if v, ok := values[p.Name]; ok {
			fs.emitABC(vm.OpMove, args+i, v, 0)
		} else if pi := ci.props[p.Name]; pi != nil && pi.field != nil {
			fs.emitABC(vm.OpGetField, args+i, x, fs.field(pi.field))
		} else {
			fs.emitABC(vm.OpGetMember, args+i, x, fs.c.site(p.Name, 0))
		}
	}
	fs.emitABC(vm.OpCall, w, fs.c.addFunc(ci.ctors[0].fn), len(props)+1)
	fs.move(dst, w)
	if t := fs.c.bindVMType(bt); t != nil {
		return t
	}
	return ci.t
}

// boundTypeRef spells the type the binder gave a target-typed expression
// (`new(...)`, whose type is its conversion's target), or returns nil when
// the binder has none or it cannot be written as a type reference.
func (fs *funcState) boundTypeRef(e lang.Expr) *lang.TypeRef {
	bt := fs.c.info.TypeOf(e)
	if m := fs.c.info.CallOf(e); m != nil && m.Owner != nil {
		bt = m.Owner // the constructor overload resolution chose
	}
	if bt == nil || bt.IsUnchecked() {
		return nil
	}
	return bind.Spell(bt, startPos(e))
}

// formatWithProvider compiles string.Create(provider, $"..."),
// FormattableString.Invariant($"...") and FormattableString.CurrentCulture($"...")
// whose text is an interpolated string: its holes are formatted with the
// provider (.NET passes an interpolated string handler bound to it). It
// reports whether the call was one of them.
func (fs *funcState) formatWithProvider(t *vm.Type, fun *lang.MemberExpr, e *lang.CallExpr, dst int) bool {
	var text lang.Expr
	var culture string
	switch {
	case t == vm.TString && fun.Name == "Create" && len(e.Args) == 2:
		text = e.Args[1].X
	case t.Namespace == "System" && t.Name == "FormattableString" && len(e.Args) == 1 && (fun.Name == "Invariant" || fun.Name == "CurrentCulture"):
		text, culture = e.Args[0].X, fun.Name
	}
	is, ok := text.(*lang.InterpolatedString)
	if !ok {
		return false
	}
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	p := fs.alloc()
	if culture == "" {
		fs.exprTo(e.Args[0].X, p)
	} else {
		name := "get_CurrentCulture"
		if culture == "Invariant" {
			name = "get_InvariantCulture"
		}
		get := vm.Builtin("System.Globalization.CultureInfo").LookupStatic(name, 0)
		fs.emitABC(vm.OpCall, p, fs.c.addFunc(get), 0)
	}
	fs.interpolatedWith(is, dst, p)
	return true
}

// ifaceName is the site name of a call of method bm (nil when unbound),
// named name, on receiver recv: through a
// library interface it is the interface's key (vm.ExplicitKey), so the
// receiver's explicit implementation of the member is found before a
// public method of the same name (a class whose public GetEnumerator
// returns a struct and whose IEnumerable<T>.GetEnumerator boxes it).
func (fs *funcState) ifaceName(bm *bind.Method, recv lang.Expr, name string) string {
	owner := fs.c.info.TypeOf(recv) // a member the binder left unchecked
	if bm != nil {
		if bm.Static {
			return name
		}
		owner = bm.Owner
		if key, ok := fs.c.derivableSigKey(bm, name); ok {
			return key
		}
	}
	if owner == nil || owner.Kind != bind.Interface {
		return name
	}
	t := fs.c.bindVMType(owner)
	if t == nil {
		// A constructed library interface (ICollection<KeyValuePair<K, V>>):
		// the key names its definition.
		t = owner.Generic().VM
	}
	if t != nil {
		return vm.ExplicitKey(t) + name
	}
	return name
}

// derivableSigKey is the site name (vm.SigKey) of a call bound to an
// instance method of a Derivable library class, which a program class
// may override by signature.
func (c *Compiler) derivableSigKey(bm *bind.Method, name string) (string, bool) {
	if bm.Owner == nil || len(bm.Params) == 0 {
		return "", false
	}
	ot := c.bindVMType(bm.Owner)
	if ot == nil || !ot.Derivable {
		return "", false
	}
	params := make([]string, len(bm.Params))
	for i, p := range bm.Params {
		pt := c.bindVMType(p.Type)
		if pt == nil {
			return "", false
		}
		switch {
		case pt.Kind == vm.KindArray && pt.Elem != nil:
			params[i] = pt.Elem.Name + "[]"
		default:
			params[i] = pt.Name
		}
	}
	return vm.SigKey(name, params), true
}

// typeParamReceiver passes the receiver of a call on a variable whose type
// is a type parameter not constrained to reference types by a reference to
// the variable, as .NET's constrained call does: when the type argument is
// a struct its method works on the variable itself (`x.Dispose()` or
// `x?.Dispose()` with `ref T x`, `T[] a`'s `a[0]`, a T field or local
// changes it), and CALLVIRT reads a class through the reference. The
// reference goes into a new register *w; a `?.` tests the value first and
// sets *end. done, when not nil, stores a boxed register local back after
// the call. byRef is false when the receiver is not such a variable.
func (fs *funcState) typeParamReceiver(fun *lang.MemberExpr, e *lang.CallExpr, end **label, w *int) (done func(), byRef bool) {
	bt := fs.c.info.TypeOf(fun.X)
	if bt == nil || bt.Kind != bind.TypeParam || (bt.Cons != nil && bt.Cons.Kind == "class") {
		return nil, false
	}
	recvX := fun.X
	lv, ok := fs.structVar(recvX)
	if !ok {
		return nil, false
	}
	if fun.NullCond {
		v, _ := fs.exprReg(recvX)
		*end = fs.newLabel()
		fs.jumpTo(fs.nullExit(e, *end), vm.MakeABx(vm.OpJmpNull, v, 0))
	}
	if !fs.inRegister(lv) {
		r := fs.alloc()
		if b, ok := fs.refOfVar(lv, r); ok {
			*w = fs.alloc()
			fs.emitABC(vm.OpMove, *w, r, 0)
			if b != nil {
				back := *b
				return func() { fs.copyBack([]refBack{back}) }, true
			}
			return nil, true
		}
	}
	box := fs.alloc()
	fs.loadLV(lv, box)
	fs.emitABC(vm.OpNewBoxL, box, box, 0)
	*w = fs.alloc()
	fs.emitABC(vm.OpMove, *w, box, 0)
	return func() {
		v := fs.alloc()
		fs.emitABC(vm.OpGetRef, v, box, 0)
		fs.storeLV(lv, v)
	}, true
}

package compiler

import (
	"asyncvm/compiler/bind"
	"math"
	"strconv"
	"strings"

	"asyncvm/lang"
	"asyncvm/vm"
)

// exprReg compiles e and returns a register holding its value: the
// variable's own register for a plain local, else a new temporary.
func (fs *funcState) exprReg(e lang.Expr) (int, *vm.Type) {
	if id, ok := e.(*lang.Ident); ok && len(id.TypeArgs) == 0 && fs.c.info.ConvOf(e) == nil && fs.c.info.ConversionOf(e) == nil && !fs.c.info.BoxesOf(e) {
		if l := fs.lookup(id.Name); l != nil && fs.direct(l) {
			return l.reg, l.typ
		}
	}
	if _, ok := e.(*lang.ThisExpr); ok && !fs.static && !fs.fn.ThisByRef && !fs.c.info.BoxesOf(e) {
		return 0, fs.cls.t
	}
	r := fs.alloc()
	fs.fresh = r + 1
	t := fs.exprTo(e, r)
	return r, t
}

// leftReg is exprReg for the left operand x of an operator whose right
// operand is later: C# evaluates x first (§12.4.1), so when x is a local
// living in its own register and later assigns it (x + (x = 5),
// s + F(ref s), x * x++), x's value is copied before later runs.
func (fs *funcState) leftReg(x lang.Expr, later ...lang.Node) (int, *vm.Type) {
	if fs.rewrittenBy(x, later...) {
		r := fs.alloc()
		t := fs.exprTo(x, r)
		return r, t
	}
	return fs.exprReg(x)
}

// rewrittenBy reports whether x is a local held in its own register that
// expression later may assign: by =, a compound assignment, ++ or --, a
// deconstruction, or a ref or out argument.
func (fs *funcState) rewrittenBy(x lang.Expr, later ...lang.Node) bool {
	id, ok := x.(*lang.Ident)
	if !ok || len(later) == 0 {
		return false
	}
	if l := fs.lookup(id.Name); l == nil || !fs.direct(l) {
		return false
	}
	for _, n := range later {
		if n != nil && assignsName(n, id.Name) {
			return true
		}
	}
	return false
}

// assignsName reports whether e contains a write to the simple name n.
func assignsName(e lang.Node, n string) bool {
	is := func(x lang.Expr) bool {
		id, ok := x.(*lang.Ident)
		return ok && id.Name == n
	}
	found := false
	var target func(x lang.Expr)
	target = func(x lang.Expr) {
		if is(x) {
			found = true
		}
		if t, ok := x.(*lang.TupleExpr); ok {
			for _, el := range t.Elems {
				target(el)
			}
		}
	}
	lang.Inspect(e, func(nd lang.Node) bool {
		switch nd := nd.(type) {
		case *lang.AssignExpr:
			target(nd.Left)
		case *lang.UnaryExpr:
			if nd.Op == "++" || nd.Op == "--" {
				target(nd.X)
			}
		case *lang.PostfixExpr:
			target(nd.X)
		case *lang.Arg:
			if nd.Mod == "ref" || nd.Mod == "out" {
				target(nd.X)
			}
		}
		return !found
	})
	return found
}

// exprTo compiles e with its value in register dst and returns its static
// type when known. A user-defined conversion the binder applied to e
// (bind.Info.Convs) is called on the value; an implicit numeric
// conversion (bind.Info.Conversions) is applied (typed.go).
func (fs *funcState) exprTo(e lang.Expr, dst int) *vm.Type {
	if m := fs.c.info.ConvOf(e); m != nil {
		save := fs.top
		defer fs.setTop(max(save, dst+1))
		w := fs.alloc()
		t := fs.exprValue(e, w)
		return fs.callOperatorAt(nil, m, w, []*vm.Type{t}, dst)
	}
	return fs.convertNumeric(e, dst, fs.exprValue(e, dst))
}

// exprValue compiles e with its value in register dst.
func (fs *funcState) exprValue(e lang.Expr, dst int) *vm.Type {
	fs.at(e.Position())
	fresh := fs.fresh == dst+1 && dst == fs.top-1
	fs.fresh = 0
	save := fs.top
	defer func() {
		if fs.top > save && dst < save {
			fs.setTop(save)
		}
	}()
	switch e := e.(type) {
	case *lang.Literal:
		v, t := fs.literal(e)
		fs.loadConst(dst, v)
		return t
	case *lang.InterpolatedString:
		if fs.c.info.FormattableOf(e) {
			fs.formattable(e, dst)
			return vm.Builtin("System.FormattableString")
		}
		fs.interpolated(e, dst)
		return vm.TString
	case *lang.Ident:
		t := fs.ident(e, dst)
		if fs.refProp(e) {
			fs.emitABC(vm.OpGetRef, dst, dst, 0)
		}
		return t
	case *lang.ThisExpr:
		if fs.static {
			fs.errorf(e.Pos, "Keyword 'this' is not valid in a static property, static method, or static field initializer")
			return nil
		}
		if fs.fn.ThisByRef {
			// A struct method called on a box has the box's own instance
			// in R[0]: `this` as a value is a copy of it.
			fs.emitABC(vm.OpValCopy, dst, 0, 0)
		} else {
			fs.emitABC(vm.OpMove, dst, 0, 0)
		}
		return fs.cls.t
	case *lang.BaseExpr:
		fs.emitABC(vm.OpMove, dst, 0, 0)
		return fs.cls.t.Super
	case *lang.MemberExpr, *lang.CallExpr, *lang.IndexExpr:
		if ch := fs.openCondAccess(e, e, dst); ch != nil {
			defer fs.closeCondAccess(ch, e)
		}
		switch e := e.(type) {
		case *lang.MemberExpr:
			t := fs.member(e, dst)
			if fs.refProp(e) {
				fs.emitABC(vm.OpGetRef, dst, dst, 0)
			}
			return t
		case *lang.CallExpr:
			if fresh {
				fs.fresh = dst + 1
			}
			t := fs.call(e, dst, false)
			if fs.refCall(e) {
				fs.emitABC(vm.OpGetRef, dst, dst, 0)
			}
			return t
		case *lang.IndexExpr:
			return fs.index(e, dst)
		}
	case *lang.UnaryExpr:
		if e.Op == "ref" {
			fs.refOf(e, dst)
			return nil
		}
		return fs.unary(e, dst)
	case *lang.RangeExpr:
		return fs.rangeExpr(e, dst)
	case *lang.PostfixExpr:
		return fs.incdec(e, e.X, e.Op, false, dst)
	case *lang.BinaryExpr:
		return fs.binary(e, dst)
	case *lang.AssignExpr:
		return fs.assign(e, dst)
	case *lang.CondExpr:
		f, end := fs.newLabel(), fs.newLabel()
		fs.cond(e.Cond, f)
		t1 := fs.exprTo(e.Then, dst)
		fs.jmp(end)
		fs.mark(f)
		t2 := fs.exprTo(e.Else, dst)
		fs.mark(end)
		if t1 == t2 {
			return t1
		}
		return nil
	case *lang.LambdaExpr:
		fs.lambda(e, dst)
		return vm.TDelegate
	case *lang.NewExpr:
		return fs.newObject(e, dst)
	case *lang.AnonObjectExpr:
		return fs.anonObject(e, dst)
	case *lang.NewArrayExpr:
		return fs.newArray(e, dst)
	case *lang.CollectionExpr:
		if t := fs.c.info.CollectionTargets[e]; t != nil && !t.IsUnchecked() && fs.expect == nil {
			// An argument's target, which the code around does not give.
			if tr := bind.Spell(t, e.Pos); tr != nil {
				old := fs.expect
				fs.expect = tr
				defer func() { fs.expect = old }()
			}
		}
		return fs.collection(e.Elems, e.Pos, dst)
	case *lang.TypeOfExpr:
		if unboundGeneric(e.Type) {
			// typeof(List<>): the generic type definition.
			if t, _ := fs.c.lookupTypeName(e.Type.Name+"`"+itoa(len(e.Type.Args)), fs.cls); t != nil && e.Type.Outer == nil {
				fs.emitABC(vm.OpTypeOf, dst, fs.c.addType(t), 0)
				return vm.TType
			}
		}
		if l := fs.typeParamLocal(e.Type); l != nil {
			fs.runtimeTypeOf(e.Type, l, dst)
			return vm.TType
		}
		if fs.c.typeArgType(e.Type, fs.cls) == nil && fs.typeRefInto(e.Type, dst) {
			return vm.TType // names a type parameter: known at run time
		}
		t, _ := fs.c.resolveTypeRef(e.Type, fs.cls, true)
		if t == nil {
			t = vm.TObject
		}
		if isNullableRef(e.Type) && (t.IsPrimitive() || t.IsValueType) {
			t = vm.NullableOf(t) // typeof(int?) is Nullable<int>; a value of int? is an int or null
		}
		fs.emitABC(vm.OpTypeOf, dst, fs.c.addType(t), 0)
		return vm.TType
	case *lang.NameOfExpr:
		name := ""
		switch x := e.X.(type) {
		case *lang.Ident:
			name = x.Name
		case *lang.MemberExpr:
			name = x.Name
		default:
			fs.errorf(e.Pos, "Expression does not have a name.")
		}
		fs.loadConst(dst, vm.String(name))
		return vm.TString
	case *lang.DefaultExpr:
		var t *vm.Type
		tr := e.Type
		if tr == nil {
			if bt := fs.c.info.TypeOf(e); bt != nil && bt.Kind == bind.TypeParam {
				// The binder's target is a type parameter (`_items[i] =
				// default` in a generic class): default(T) at run time.
				tr = &lang.TypeRef{Pos: e.Pos, Name: bt.Name}
			} else if bt == nil || fs.c.bindVMType(bt) == nil {
				// Without a closed binder type, the expected type; an
				// argument's binder type wins over an expectation that
				// belongs to an enclosing expression (`long r = M(default)`).
				tr = fs.expect
			}
		}
		if tr != nil {
			if r := fs.alloc(); fs.typeParamInto(tr, r) {
				fs.runtimeDefault(dst, r)
				return nil
			}
			t, _ = fs.c.resolveTypeRef(tr, fs.cls, e.Type != nil)
			if e.Type == nil && tr.Nullable {
				t = nil
			}
		}
		if t == nil && e.Type == nil {
			// The binder's target type of the default literal.
			if bt := fs.c.info.TypeOf(e); bt != nil {
				switch {
				case vmNumeric(bt) != nil:
					t = vmNumeric(bt)
				case bt.Kind == bind.Special && bt.Special == bind.Bool:
					t = vm.TBool
				case bt.VM != nil && !bt.VM.Zero().IsNull():
					t = bt.VM // a library value type: default(CancellationToken) is None
				default:
					// A program's struct (an argument `M(default)` has no
					// expected type here): its zero value, not null.
					if vt := fs.c.bindVMType(bt); vt != nil && vt.IsValueType && !vt.IsEnum {
						t = vt
					}
				}
			}
		}
		if t == nil {
			fs.loadConst(dst, vm.Null)
			return nil
		}
		if bt := fs.c.info.TypeOf(e); bt != nil && bt.Def != nil && bt.Def.Lib && bt.Def.Name == "ValueTask" && len(bt.Args) == 1 {
			// default(ValueTask<T>) is completed with default(T): a
			// primitive T's zero, not the non-generic ValueTask's null.
			var zero vm.Value
			if n := vmNumeric(bt.Args[0]); n != nil {
				zero = n.Zero()
			} else if a := bt.Args[0]; a.Kind == bind.Special && a.Special == bind.Bool {
				zero = vm.Bool(false)
			}
			if v, ok := vm.CompletedValueTask(zero, true); ok && !zero.IsNull() {
				fs.loadConst(dst, v)
				return t
			}
		}
		fs.loadConst(dst, t.Zero())
		return t
	case *lang.CastExpr:
		return fs.cast(e, dst)
	case *lang.CheckedExpr:
		return fs.exprTo(e.X, dst) // the binder marked the operations inside (typed.go)
	case *lang.IsExpr:
		r, _ := fs.exprReg(e.X)
		f, end := fs.newLabel(), fs.newLabel()
		fs.pattern(e.Pattern, r, f)
		fs.loadConst(dst, vm.Bool(true))
		fs.jmp(end)
		fs.mark(f)
		fs.loadConst(dst, vm.Bool(false))
		fs.mark(end)
		return vm.TBool
	case *lang.AsExpr:
		r, _ := fs.exprReg(e.X)
		t, _ := fs.c.resolveTypeRef(e.Type, fs.cls, true)
		if t == nil {
			t = vm.TObject
		}
		fs.emitABC(vm.OpAs, dst, r, fs.c.addType(fs.c.testType(t, e.Type, fs.cls)))
		if bind.Boxing(fs.c.info.TypeOf(e.X), fs.c.info.TypeOf(e)) {
			fs.emitABC(vm.OpBox, dst, dst, 0) // s as IFace boxes a copy
		}
		return t
	case *lang.AwaitExpr:
		if _, ok := e.X.(*lang.CallExpr); ok && fresh {
			fs.fresh = dst + 1
		}
		return fs.await(e, dst)
	case *lang.ThrowExpr:
		r, _ := fs.exprReg(e.X)
		fs.emitABC(vm.OpThrow, r, 0, 0)
		return nil
	case *lang.SwitchExpr:
		return fs.switchExpr(e, dst)
	case *lang.WithExpr:
		return fs.with(e, dst)
	case *lang.DeclExpr:
		fs.errorf(e.Pos, "A declaration is not allowed in this context.")
		return nil
	case *lang.TupleExpr:
		return fs.tupleLiteral(e, dst)
	case *lang.InitListExpr:
		return fs.collection(e.Elems, e.Pos, dst)
	}
	fs.errorf(e.Position(), "this expression is not supported")
	return nil
}

func (fs *funcState) literal(e *lang.Literal) (vm.Value, *vm.Type) {
	switch e.Kind {
	case lang.LitInt:
		n, _ := e.Value.(int64)
		if n > math.MaxInt32 || n < math.MinInt32 {
			return vm.Long(n), vm.TLong
		}
		return vm.Int(int32(n)), vm.TInt
	case lang.LitUInt:
		n, _ := e.Value.(uint64)
		return vm.UInt(uint32(n)), vm.TUInt
	case lang.LitLong:
		n, _ := e.Value.(int64)
		return vm.Long(n), vm.TLong
	case lang.LitULong:
		n, _ := e.Value.(uint64)
		return vm.ULong(n), vm.TULong
	case lang.LitDouble:
		f, _ := e.Value.(float64)
		return vm.Double(f), vm.TDouble
	case lang.LitFloat:
		f, _ := e.Value.(float64)
		return vm.Float(float32(f)), vm.TFloat
	case lang.LitDecimal:
		raw := strings.TrimRight(e.Raw, "mM")
		d, ok := vm.ParseDecimal(raw)
		if !ok {
			f, _ := e.Value.(float64)
			d, _ = vm.ParseDecimal(strconv.FormatFloat(f, 'f', -1, 64))
		}
		return vm.NewDecimal(d), vm.TDecimal
	case lang.LitChar:
		r, _ := e.Value.(rune)
		return vm.Char(uint16(r)), vm.TChar
	case lang.LitString:
		s, _ := e.Value.(string)
		return vm.String(s), vm.TString
	case lang.LitBool:
		b, _ := e.Value.(bool)
		return vm.Bool(b), vm.TBool
	}
	return vm.Null, nil
}

// interpolated compiles $"..." as a chain of string concatenations; holes
// with an alignment or format go through string.Format.
func (fs *funcState) interpolated(e *lang.InterpolatedString, dst int) {
	fs.interpolatedWith(e, dst, -1)
}

// interpolatedWith compiles $"..." with every hole formatted through
// string.Format(provider, ...) when provider (a register) is not -1.
func (fs *funcState) interpolatedWith(e *lang.InterpolatedString, dst, provider int) {
	acc := fs.alloc()
	fs.loadConst(acc, vm.String(""))
	for _, p := range e.Parts {
		if p.X == nil {
			if p.Text == "" {
				continue
			}
			t := fs.alloc()
			fs.loadConst(t, vm.String(p.Text))
			fs.emitABC(vm.OpAdd, acc, acc, t)
			fs.setTop(t)
			continue
		}
		if p.Align == nil && p.Format == "" && provider < 0 && !mayBeFormattable(fs.c.info.TypeOf(p.X)) {
			r, _ := fs.exprReg(p.X)
			fs.emitABC(vm.OpAdd, acc, acc, r)
			fs.setTop(acc + 1)
			continue
		}
		spec := fs.holeSpec(p, 0)
		if provider >= 0 {
			w := fs.allocN(3)
			fs.emitABC(vm.OpMove, w, provider, 0)
			fs.loadConst(w+1, vm.String(spec))
			fs.exprTo(p.X, w+2)
			fs.callNative(e.Pos, "System.String", "Format", w, 3)
			fs.emitABC(vm.OpAdd, acc, acc, w)
			fs.setTop(acc + 1)
			continue
		}
		w := fs.allocN(2)
		fs.loadConst(w, vm.String(spec))
		fs.exprTo(p.X, w+1)
		fs.callNative(e.Pos, "System.String", "Format", w, 2)
		fs.emitABC(vm.OpAdd, acc, acc, w)
		fs.setTop(acc + 1)
	}
	fs.emitABC(vm.OpMove, dst, acc, 0)
}

// holeSpec is the composite format item of interpolation hole p as
// argument index: `{index[,alignment][:format]}`.
func (fs *funcState) holeSpec(p *lang.InterpPart, index int) string {
	spec := "{" + strconv.Itoa(index)
	if p.Align != nil {
		v, ok := fs.c.constValue(p.Align, fs.cls)
		if n, isInt := fs.c.info.Consts[p.Align].(int64); !ok && isInt {
			// A named constant (a const local or field) the binder
			// evaluated.
			v, ok = vm.Int(int32(n)), true
		}
		if !ok || !v.IsInt() {
			fs.errorf(p.Align.Position(), "Expected a constant value")
		} else {
			spec += "," + strconv.Itoa(int(v.AsInt()))
		}
	}
	if p.Format != "" {
		spec += ":" + p.Format
	}
	return spec + "}"
}

// formattable compiles an interpolated string converted to
// FormattableString or IFormattable (bind.Info.Formattables) as C# does:
// FormattableStringFactory.Create(format, holes), where format is the
// composite format string (literal braces doubled, hole i as `{i...}`)
// and holes the holes' values, evaluated in order.
func (fs *funcState) formattable(e *lang.InterpolatedString, dst int) {
	var format strings.Builder
	var holes []*lang.InterpPart
	for _, p := range e.Parts {
		if p.X == nil {
			format.WriteString(strings.NewReplacer("{", "{{", "}", "}}").Replace(p.Text))
			continue
		}
		format.WriteString(fs.holeSpec(p, len(holes)))
		holes = append(holes, p)
	}
	save := fs.top
	w := fs.allocN(2)
	fs.loadConst(w, vm.String(format.String()))
	n := fs.alloc()
	fs.loadConst(n, vm.Int(int32(len(holes))))
	fs.emitABC(vm.OpNewArr, w+1, n, fs.c.addType(vm.TObject))
	for i, p := range holes {
		s := fs.top
		idx, v := fs.alloc(), fs.alloc()
		fs.loadConst(idx, vm.Int(int32(i)))
		fs.exprTo(p.X, v)
		fs.emitABC(vm.OpSetIndex, w+1, idx, v)
		fs.setTop(s)
	}
	fs.callNative(e.Pos, "System.Runtime.CompilerServices.FormattableStringFactory", "Create", w, 2)
	fs.move(dst, w)
	fs.setTop(max(save, dst+1))
}

// mayBeFormattable reports whether a hole of static type t may hold a
// program's IFormattable, which interpolation formats by its
// ToString(null, provider) rather than ToString(): a type parameter, the
// IFormattable interface, or a program's class or struct implementing it.
func mayBeFormattable(t *bind.Type) bool {
	seen := map[*bind.Type]bool{}
	var walk func(t *bind.Type) bool
	walk = func(t *bind.Type) bool {
		if t == nil || seen[t] {
			return false
		}
		seen[t] = true
		if t.Name == "IFormattable" && t.Namespace == "System" {
			return true
		}
		if t.Generic().Lib {
			return false
		}
		if walk(t.Base) {
			return true
		}
		for _, i := range t.Ifaces {
			if walk(i) {
				return true
			}
		}
		return false
	}
	if t == nil {
		return false
	}
	switch t.Kind {
	case bind.TypeParam:
		return true
	case bind.Class, bind.Struct, bind.Interface:
		return walk(t.Generic())
	}
	return false
}

// callNative emits a call to a library static method with its n arguments
// in R[w...]; the result lands in R[w].
func (fs *funcState) callNative(pos lang.Pos, typeName, method string, w, n int) bool {
	t := vm.Builtin(typeName)
	if t == nil {
		fs.errorf(pos, "library type '%s' is not available", typeName)
		return false
	}
	f := t.LookupStatic(method, n)
	if f == nil {
		fs.errorf(pos, "library method '%s.%s' with %d arguments is not available", typeName, method, n)
		return false
	}
	fs.emitABC(vm.OpCall, w, fs.c.addFunc(f), n)
	return true
}

// ident compiles a simple name used as a value.
func (fs *funcState) ident(e *lang.Ident, dst int) *vm.Type {
	if l := fs.lookup(e.Name); l != nil {
		fs.readVar(l, dst)
		return l.typ
	}
	if mi := fs.boundGroup(e); mi != nil && (mi.static || !fs.static) {
		fs.groupDelegate(e, mi, -1, dst)
		return vm.TDelegate
	}
	// Members of the current class and its bases, then outer classes.
	for ci := fs.cls; ci != nil; ci = ci.outer {
		if t, ok := fs.classMember(ci, e, e.Name, e.Pos, dst, ci == fs.cls); ok {
			return t
		}
	}
	if t, ok := fs.importedValue(e.Name, e.Pos, dst); ok {
		return t
	}
	if t, ci := fs.c.lookupTypeName(e.Name, fs.cls); t != nil {
		_ = ci
		fs.errorf(e.Pos, "'%s' is a type, which is not valid in the given context", e.Name)
		return nil
	}
	fs.undefined(e.Pos, e.Name)
	return nil
}

// classMember loads a field, property or method group named name of class
// ci. own says whether instance members are reachable through this. id is
// the simple name being compiled, or nil.
func (fs *funcState) classMember(ci *classInfo, id *lang.Ident, name string, pos lang.Pos, dst int, own bool) (*vm.Type, bool) {
	if fi, ok := ci.fields[name]; ok && own {
		if fs.static {
			fs.errorf(pos, "An object reference is required for the non-static field, method, or property '%s.%s'", ci.decl.Name, name)
			return nil, true
		}
		fs.loadThis(dst)
		fs.emitABC(vm.OpGetField, dst, dst, fs.field(fi))
		return fi.typ, true
	}
	for b := ci; b != nil; b = b.base {
		if fi, ok := b.statics[name]; ok {
			fs.getStatic(b, fi.index, via{}, dst)
			return fi.typ, true
		}
		if pi, ok := b.props[name]; ok && pi.static && pi.get != nil {
			fs.callStaticMember(pi.get.cls, via{}, pi.get.fn, nil, dst)
			return pi.typ, true
		}
	}
	if pi, ok := ci.props[name]; ok && own {
		if fs.static && !pi.static {
			fs.errorf(pos, "An object reference is required for the non-static field, method, or property '%s.%s'", ci.decl.Name, name)
			return nil, true
		}
		if pi.get == nil && pi.field == nil {
			// Abstract property: read through the virtual accessor.
			fs.loadThis(dst)
			fs.emitABC(vm.OpGetMember, dst, dst, fs.c.site(name, 0))
			return pi.typ, true
		}
		fs.loadThis(dst)
		if pi.field != nil {
			fs.emitABC(vm.OpGetField, dst, dst, fs.field(pi.field))
			return pi.typ, true
		}
		if id != nil && fs.declaredProp(id) == pi {
			fs.callProp(pi.get.fn, dst, 0)
			return pi.typ, true
		}
		fs.emitABC(vm.OpGetMember, dst, dst, fs.c.site(name, 0))
		return pi.typ, true
	}
	// Method group.
	for b := ci; b != nil; b = b.base {
		if ms, ok := b.smethods[name]; ok {
			fs.loadConst(dst, vm.Ref(vm.NewStaticDelegate(ms[0].fn)))
			return vm.TDelegate, true
		}
	}
	if ms, ok := ci.methods[name]; ok && own && len(ms) > 0 {
		if fs.static {
			fs.errorf(pos, "An object reference is required for the non-static field, method, or property '%s.%s'", ci.decl.Name, name)
			return nil, true
		}
		fs.loadThis(dst)
		fs.emitABC(vm.OpGetMember, dst, dst, fs.c.site(name, 0))
		return vm.TDelegate, true
	}
	if own && !fs.static && id != nil && fs.c.info.IsLibThis(id) {
		// A property of a library base class (List<T>'s Count in a class
		// deriving from it), read through this as `this.Count` is.
		fs.loadThis(dst)
		fs.emitABC(vm.OpGetMember, dst, dst, fs.c.site(name, 0))
		return nil, true
	}
	return nil, false
}

// loadThis loads this (R[0] in instance methods, and in lambdas and local
// functions of instance methods, whose closures carry it) into dst.
func (fs *funcState) loadThis(dst int) {
	if fs.static {
		fs.loadConst(dst, vm.Null)
		return
	}
	if dst != 0 {
		fs.emitABC(vm.OpMove, dst, 0, 0)
	}
}

func (fs *funcState) undefined(pos lang.Pos, name string) {
	msg := "The name '" + name + "' does not exist in the current context"
	if s := fs.suggest(name); s != "" {
		msg += " (did you mean '" + s + "'?)"
	}
	fs.errorf(pos, "%s", "error "+undefinedCode+": "+msg)
}

// suggest finds a declared name close to name.
func (fs *funcState) suggest(name string) string {
	var cands []string
	for f := fs; f != nil; f = f.parent {
		for s := f.scope; s != nil; s = s.parent {
			for n := range s.vars {
				cands = append(cands, n)
			}
		}
	}
	for ci := fs.cls; ci != nil; ci = ci.outer {
		for n := range ci.fields {
			cands = append(cands, n)
		}
		for n := range ci.statics {
			cands = append(cands, n)
		}
		for n := range ci.props {
			cands = append(cands, n)
		}
		for n := range ci.methods {
			cands = append(cands, n)
		}
		for n := range ci.smethods {
			cands = append(cands, n)
		}
	}
	if len(name) == 1 {
		return "" // any other one-letter name is one edit away: no hint
	}
	best, bestD := "", 3
	if len(name) <= 3 {
		bestD = 2
	}
	for _, cnd := range cands {
		if strings.HasPrefix(cnd, "<") {
			continue
		}
		if d := editDistance(strings.ToLower(name), strings.ToLower(cnd)); d < bestD || (d == bestD && best != "" && cnd < best && d < 3) {
			if d < bestD {
				best, bestD = cnd, d
			}
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// typeOfExpr reports whether e names a type (for static member access).
func (fs *funcState) typeOfExpr(e lang.Expr) (*vm.Type, *classInfo) {
	name := dottedName(e)
	if name == "" {
		return nil, nil
	}
	first := name
	if i := strings.IndexByte(name, '.'); i >= 0 {
		first = name[:i]
	}
	// A simple name with type arguments (`Comparer<T>.Default`) names a
	// generic type: a local, field or property of that name does not
	// shadow it, as it takes no type arguments.
	if id, ok := e.(*lang.Ident); (!ok || len(id.TypeArgs) == 0) && !(ok && fs.c.info.IsTypeName(id)) {
		if fs.lookup(first) != nil {
			return nil, nil
		}
		if fs.isMemberName(first) {
			return nil, nil
		}
	}
	if tr := exprTypeRef(e); tr != nil && tr.Outer != nil {
		// A nested type of a constructed generic type: Outer<int>.Inner.
		return fs.c.resolveTypeRef(tr, fs.cls, false)
	}
	var targs []*lang.TypeRef
	switch e := e.(type) {
	case *lang.Ident:
		targs = e.TypeArgs
	case *lang.MemberExpr:
		targs = e.TypeArgs
	}
	if len(targs) > 0 {
		// A generic type's static member: `Box<int>.Default()`,
		// `System.Collections.Generic.Comparer<int>.Default`. Generic
		// classes are declared under their arity (Box`1).
		if t, ci := fs.c.lookupTypeName(name+"`"+itoa(len(targs)), fs.cls); t != nil {
			return t, ci
		}
	}
	return fs.c.lookupTypeName(name, fs.cls)
}

// isMemberName reports whether name is a field, property or method visible
// from the current class (so it shadows a type of the same name).
func (fs *funcState) isMemberName(name string) bool {
	for ci := fs.cls; ci != nil; ci = ci.outer {
		if _, ok := ci.fields[name]; ok {
			return true
		}
		for b := ci; b != nil; b = b.base {
			if _, ok := b.statics[name]; ok {
				return true
			}
		}
		if pi, ok := ci.props[name]; ok {
			// `Color Color { get; }` — a property named like its type: prefer the type
			// for static access only when the property's type is that name.
			_ = pi
			return true
		}
	}
	return false
}

func dottedName(e lang.Expr) string {
	switch e := e.(type) {
	case *lang.Ident:
		return e.Name
	case *lang.MemberExpr:
		if e.NullCond {
			return ""
		}
		x := dottedName(e.X)
		if x == "" {
			return ""
		}
		return x + "." + e.Name
	}
	return ""
}

// member compiles X.Name used as a value. An accessor call's window
// starts at dst, so when registers above dst are live (a variable declared
// before a lock, using or foreach statement assigned inside it, whose
// hidden temporaries lie above it) the value is made in a new temporary
// and moved.
func (fs *funcState) member(e *lang.MemberExpr, dst int) *vm.Type {
	if dst < fs.top-1 {
		save := fs.top
		w := fs.alloc()
		t := fs.member(e, w)
		fs.emitABC(vm.OpMove, dst, w, 0)
		fs.setTop(save)
		return t
	}
	if call := fs.c.info.ExtProps[e]; call != nil {
		// An extension property read: its get accessor's call, on the
		// receiver as the lowering left it.
		call.Fun.(*lang.MemberExpr).X = e.X
		return fs.call(call, dst, false)
	}
	if tp := fs.c.info.ConstrainedOf(e); tp != nil {
		if p := fs.c.info.StaticPropOf(e); p != nil {
			return fs.constrainedGet(e, tp, p, dst)
		}
	}
	if mi := fs.boundGroup(e); mi != nil && !e.NullCond {
		if fs.c.info.ExtGroups[e] {
			r, _ := fs.exprReg(e.X)
			fs.extensionDelegate(e, mi, r, dst)
			return vm.TDelegate
		}
		if mi.static {
			fs.groupDelegate(e, mi, 0, dst)
		} else {
			r, _ := fs.exprReg(e.X)
			fs.groupDelegate(e, mi, r, dst)
		}
		return vm.TDelegate
	}
	if t, ci := fs.typeOfExpr(e.X); t != nil {
		return fs.staticMemberVia(t, ci, e.Name, e.Pos, dst, fs.viaOf(e.X, t))
	}
	if t, ok := fs.tupleMember(e, dst); ok {
		return t
	}
	if f := fs.nullableMember(e.X, e.Name); f != nil && !e.NullCond {
		fs.exprTo(e.X, dst)
		fs.emitABC(vm.OpCall, dst, fs.c.addFunc(f), 1)
		if e.Name == "HasValue" {
			return vm.TBool
		}
		return nil
	}
	if _, ok := e.X.(*lang.BaseExpr); ok && fs.cls.base != nil {
		if pi, ok := fs.cls.base.props[e.Name]; ok && pi.get != nil {
			fs.emitABC(vm.OpMove, dst, 0, 0)
			fs.emitABC(vm.OpCall, dst, fs.c.addFunc(pi.get.fn), 1)
			return pi.typ
		}
	}
	r, xt := fs.exprReg(e.X)
	var end *label
	if e.NullCond {
		end = fs.newLabel()
		fs.emitABC(vm.OpMove, dst, r, 0)
		fs.jumpTo(fs.nullExit(e, end), vm.MakeABx(vm.OpJmpNull, dst, 0))
	}
	var t *vm.Type
	ci := fs.c.classByType[xt]
	if ci == nil {
		// The binder knows the class where the compiler's own tracking
		// does not (a lambda parameter, a generic method's result, ...):
		// a fixed slot too.
		ci = fs.boundClass(e.X)
	}
	if ci != nil {
		if fi, ok := ci.fields[e.Name]; ok {
			fs.emitABC(vm.OpGetField, dst, r, fs.field(fi))
			t = fi.typ
			goto done
		}
		if pi, ok := ci.props[e.Name]; ok && pi.field != nil && !pi.static {
			fs.emitABC(vm.OpGetField, dst, r, fs.field(pi.field))
			t = pi.typ
			goto done
		}
	}
	if pi := fs.declaredProp(e); pi != nil && pi.get != nil {
		if dst != r {
			fs.emitABC(vm.OpMove, dst, r, 0)
		}
		fs.callProp(pi.get.fn, dst, 0)
		t = pi.typ
		goto done
	}
	if xt != nil && xt.IsInterface {
		// Through an interface: its explicit implementation first.
		fs.emitABC(vm.OpGetMember, dst, r, fs.c.site(fs.propKey(xt, e.Name)+e.Name, 0))
		goto done
	}
	if f := fs.libDirectGetter(e.X, e.Name); f != nil {
		// The receiver is the call's only argument, in dst.
		if dst != r {
			fs.emitABC(vm.OpMove, dst, r, 0)
		}
		fs.emitABC(vm.OpNullChk, dst, 0, 0)
		fs.emitABC(vm.OpCall, dst, fs.c.addFunc(f), 1)
		goto done
	}
	fs.emitABC(vm.OpGetMember, dst, r, fs.c.site(e.Name, 0))
done:
	if end != nil {
		fs.mark(end)
	}
	return t
}

// staticMember loads Type.Name: a static field, property, constant, enum
// member or method group.
func (fs *funcState) staticMember(t *vm.Type, ci *classInfo, name string, pos lang.Pos, dst int) *vm.Type {
	return fs.staticMemberVia(t, ci, name, pos, dst, via{t: t})
}

// staticMemberVia is staticMember with the type arguments the code wrote.
func (fs *funcState) staticMemberVia(t *vm.Type, ci *classInfo, name string, pos lang.Pos, dst int, v via) *vm.Type {
	if t.IsEnum {
		for _, m := range t.EnumNames {
			if m.Name == name {
				fs.loadConst(dst, vm.EnumValue(t, m.Value))
				return t
			}
		}
		if ci != nil {
			// Enum members may be referenced before the enum is declared.
			for _, m := range ci.decl.EnumMembers {
				if m.Name == name {
					v, _ := fs.c.enumMember(ci, name)
					fs.loadConst(dst, v)
					return t
				}
			}
		}
		fs.errorf(pos, "'%s' does not contain a definition for '%s'", t.Name, name)
		return nil
	}
	if ci != nil {
		for b := ci; b != nil; b = b.base {
			if fi, ok := b.statics[name]; ok {
				fs.getStatic(b, fi.index, v, dst)
				return fi.typ
			}
			if pi, ok := b.props[name]; ok && pi.static && pi.get != nil {
				fs.callStaticMember(pi.get.cls, v, pi.get.fn, nil, dst)
				return pi.typ
			}
			if ms, ok := b.smethods[name]; ok {
				fs.loadConst(dst, vm.Ref(vm.NewStaticDelegate(ms[0].fn)))
				return vm.TDelegate
			}
		}
		if _, ok := ci.fields[name]; ok {
			fs.errorf(pos, "An object reference is required for the non-static field, method, or property '%s.%s'", ci.decl.Name, name)
			return nil
		}
		if nested, ok := ci.nested[name]; ok {
			_ = nested
			fs.errorf(pos, "'%s' is a type, which is not valid in the given context", name)
			return nil
		}
		if t.Super != nil && t.Super != vm.TObject && fs.c.classByType[t.Super] == nil {
			return fs.staticMember(t.Super, nil, name, pos, dst)
		}
		fs.errorf(pos, "'%s' does not contain a definition for '%s'", ci.decl.Name, name)
		return nil
	}
	if f := t.LookupStatic("get_"+name, 0); f != nil {
		fs.emitABC(vm.OpCall, dst, fs.c.addFunc(f), 0)
		return nil
	}
	if fs2 := t.Statics[name]; len(fs2) > 0 {
		fs.loadConst(dst, vm.Ref(vm.NewStaticDelegate(fs2[0])))
		return vm.TDelegate
	}
	fs.errorf(pos, "'%s' does not contain a definition for '%s'", t.DisplayName(), name)
	return nil
}

func (fs *funcState) index(e *lang.IndexExpr, dst int) *vm.Type {
	keepRef := fs.keepRef
	fs.keepRef = false
	args := make([]lang.Node, len(e.Args))
	for i, a := range e.Args {
		args[i] = a
	}
	r, xt := fs.leftReg(e.X, args...)
	var end *label
	if e.NullCond {
		end = fs.newLabel()
		fs.emitABC(vm.OpMove, dst, r, 0)
		fs.jumpTo(fs.nullExit(e, end), vm.MakeABx(vm.OpJmpNull, dst, 0))
	}
	var t *vm.Type
	get, _, direct := fs.indexerAccessors(e)
	if fs.multidim(e) {
		fs.emitABC(vm.OpGetIndex, dst, r, fs.elemOffset(r, e.Args))
		if xt != nil && xt.Kind == vm.KindArray {
			t = xt.Elem
		}
	} else if ix := fs.c.info.IndexingOf(e); ix != nil && len(e.Args) == 1 {
		fs.implicitIndex(e, ix, r, dst)
		if xt == vm.TString {
			t = vm.TChar
			if fs.isRange(e.Args[0].X) {
				t = vm.TString
			}
		} else if xt != nil && xt.Kind == vm.KindArray {
			t = xt.Elem
			if fs.isRange(e.Args[0].X) {
				t = xt
			}
		}
	} else if len(e.Args) == 1 && get == nil {
		ir, _ := fs.exprReg(e.Args[0].X)
		fs.emitABC(vm.OpGetIndex, dst, r, ir)
		if xt != nil && xt.Kind == vm.KindArray {
			t = xt.Elem
		} else if xt == vm.TString {
			t = vm.TChar
		}
	} else {
		args := fs.indexArgs(e)
		w := fs.allocN(len(args) + 1)
		fs.emitABC(vm.OpMove, w, r, 0)
		for i, a := range args {
			fs.emitABC(vm.OpMove, w+1+i, a, 0)
		}
		if get != nil {
			fs.callAccessor(get, w, len(args), direct)
		} else {
			fs.emitABC(vm.OpCallVirt, w, fs.c.site("get_Item", len(args)), len(args)+1)
		}
		if fs.refIndexer(e) && !keepRef {
			fs.emitABC(vm.OpGetRef, w, w, 0)
		}
		fs.emitABC(vm.OpMove, dst, w, 0)
	}
	if end != nil {
		fs.mark(end)
	}
	return t
}

// multidim reports whether x indexes a multidimensional array (by the
// binder's type of x.X).
func (fs *funcState) multidim(x *lang.IndexExpr) bool {
	bt := fs.c.info.TypeOf(x.X)
	return bt != nil && bt.Kind == bind.Array && bt.Rank > 1 && len(x.Args) == bt.Rank
}

// elemOffset compiles the indices of an element of the multidimensional
// array in register arr into its row-major offset (ARROFF) and returns the
// register holding it, which GETINDEX, SETINDEX and REFELM take as the
// index.
func (fs *funcState) elemOffset(arr int, args []*lang.Arg) int {
	w := fs.allocN(len(args) + 1)
	fs.emitABC(vm.OpMove, w, arr, 0)
	for i, a := range args {
		fs.exprTo(a.X, w+1+i)
	}
	fs.emitABC(vm.OpArrOff, w, 0, len(args))
	return w
}

func (fs *funcState) unary(e *lang.UnaryExpr, dst int) *vm.Type {
	if m := fs.c.info.CallOf(e); m != nil && e.Op != "++" && e.Op != "--" {
		return fs.callOperator(e, m, []lang.Expr{e.X}, dst)
	}
	switch e.Op {
	case "^":
		return fs.hat(e, dst)
	case "++", "--":
		return fs.incdec(e, e.X, e.Op, true, dst)
	case "+":
		return fs.exprTo(e.X, dst)
	case "-":
		if lit, ok := e.X.(*lang.Literal); ok {
			v, t := fs.literal(lit)
			switch t {
			case vm.TInt:
				fs.loadConst(dst, vm.Int(-v.AsInt()))
				return t
			case vm.TLong:
				fs.loadConst(dst, vm.Long(-v.AsLong()))
				return t
			case vm.TUInt: // -uint is long; -2147483648 is int.MinValue
				if v.Bits() == 2147483648 {
					fs.loadConst(dst, vm.Int(math.MinInt32))
					return vm.TInt
				}
				fs.loadConst(dst, vm.Long(-int64(v.Bits())))
				return vm.TLong
			case vm.TULong: // -9223372036854775808 is long.MinValue
				fs.loadConst(dst, vm.Long(-int64(v.Bits())))
				return vm.TLong
			case vm.TDouble:
				fs.loadConst(dst, vm.Double(-v.AsDouble()))
				return t
			}
		}
		r, t := fs.exprReg(e.X)
		fs.emitABC(fs.checkedOp(vm.OpNeg, e), dst, r, 0)
		if t == vm.TChar || t == vm.TByte || t == vm.TSByte || t == vm.TShort || t == vm.TUShort {
			t = vm.TInt
		} else if t == vm.TUInt {
			t = vm.TLong
		}
		return t
	case "!":
		r, _ := fs.exprReg(e.X)
		fs.emitABC(vm.OpNot, dst, r, 0)
		return vm.TBool
	case "~":
		r, t := fs.exprReg(e.X)
		fs.emitABC(vm.OpBitNot, dst, r, 0)
		fs.narrow(dst, e)
		if bt := vmNumeric(fs.c.info.TypeOf(e)); bt != nil {
			t = bt // ~ on byte, short, char is int: (byte)~b must convert
		}
		return t
	case "!postfix", "!!":
		return fs.exprTo(e.X, dst)
	}
	fs.errorf(e.Pos, "operator '%s' is not supported", e.Op)
	return nil
}

var binOps = map[string]vm.Op{"+": vm.OpAdd, "-": vm.OpSub, "*": vm.OpMul, "/": vm.OpDiv, "%": vm.OpRem,
	"&": vm.OpBitAnd, "|": vm.OpBitOr, "^": vm.OpBitXor, "<<": vm.OpShl, ">>": vm.OpShr, ">>>": vm.OpShrUn}

func arithType(a, b *vm.Type, op string) *vm.Type {
	if a == vm.TString || b == vm.TString {
		if op == "+" {
			return vm.TString
		}
	}
	rank := func(t *vm.Type) int {
		switch t {
		case vm.TInt, vm.TChar, vm.TByte, vm.TSByte, vm.TShort, vm.TUShort:
			return 1
		case vm.TLong, vm.TUInt, vm.TULong:
			return 2
		case vm.TFloat:
			return 3
		case vm.TDouble:
			return 4
		case vm.TDecimal:
			return 5
		}
		return 0
	}
	ra, rb := rank(a), rank(b)
	if ra == 0 || rb == 0 {
		if a == vm.TBool && b == vm.TBool {
			return vm.TBool
		}
		if a != nil && a.IsEnum && (op == "&" || op == "|" || op == "^") {
			return a
		}
		return nil
	}
	if op == "<<" || op == ">>" || op == ">>>" {
		if ra == 1 {
			return vm.TInt
		}
		return a
	}
	if a == b && (a == vm.TUInt || a == vm.TULong) {
		return a
	}
	r := max(ra, rb)
	return []*vm.Type{nil, vm.TInt, vm.TLong, vm.TFloat, vm.TDouble, vm.TDecimal}[r]
}

// addImmediate reports whether e is int + or - a small int literal, which
// ADDI compiles with the literal in the instruction.
func (fs *funcState) addImmediate(e *lang.BinaryExpr, r repr) bool {
	lit, ok := e.Y.(*lang.Literal)
	if !ok || r != reprI32 || lit.Kind != lang.LitInt || (e.Op != "+" && e.Op != "-") {
		return false
	}
	n, _ := lit.Value.(int64)
	return n >= 0 && n < 30000
}

func (fs *funcState) binary(e *lang.BinaryExpr, dst int) *vm.Type {
	if sc := fs.c.info.ShortcutOf(e); sc != nil {
		return fs.shortCircuit(e, sc, dst)
	}
	if m := fs.c.info.CallOf(e); m != nil {
		if fs.c.info.IsLifted(e) {
			return fs.liftedOperator(e, m, dst)
		}
		return fs.callOperator(e, m, []lang.Expr{e.X, e.Y}, dst)
	}
	switch e.Op {
	case "&&", "||", "<", ">", "<=", ">=", "==", "!=":
		f, end := fs.newLabel(), fs.newLabel()
		fs.cond(e, f)
		fs.loadConst(dst, vm.Bool(true))
		fs.jmp(end)
		fs.mark(f)
		fs.loadConst(dst, vm.Bool(false))
		fs.mark(end)
		return vm.TBool
	case "??":
		t := fs.alloc()
		xt := fs.exprTo(e.X, t)
		end := fs.newLabel()
		fs.jumpTo(end, vm.MakeABx(vm.OpJmpNotNul, t, 0))
		fs.exprTo(e.Y, t)
		fs.mark(end)
		fs.emitABC(vm.OpMove, dst, t, 0)
		return xt
	}
	op, ok := binOps[e.Op]
	if !ok {
		fs.errorf(e.Pos, "operator '%s' is not supported", e.Op)
		return nil
	}
	if ops, ok := typedArith[op]; ok {
		// Typed arithmetic: both operands, converted to the operator's
		// representation where narrower, in one typed instruction.
		if r := fs.operandRepr(e, fs.c.info.TypeOf(e), e.X, e.Y); r != reprNone && !fs.addImmediate(e, r) {
			rx := fs.typedLeft(e.X, r, e.Y)
			ry := fs.typedOperand(e.Y, r)
			fs.emitABC(ops[r], dst, rx, ry)
			return r.vmType()
		}
	}
	rx, tx := fs.leftReg(e.X, e.Y)
	if ut := fs.unsignedOperands(e); ut != nil {
		return fs.unsignedBinary(e, op, rx, ut, dst)
	}
	if (op == vm.OpAdd || op == vm.OpSub) && !fs.c.info.IsChecked(e) {
		if lit, ok := e.Y.(*lang.Literal); ok && lit.Kind == lang.LitInt && tx != vm.TString && reprOf(fs.c.info.TypeOf(e)) != reprF64 && reprOf(fs.c.info.TypeOf(e)) != reprI64 {
			if n, _ := lit.Value.(int64); n >= 0 && n < 30000 {
				if op == vm.OpSub {
					n = -n
				}
				fs.emitABC(vm.OpAddI, dst, rx, int(n))
				fs.narrow(dst, e)
				return arithType(tx, vm.TInt, e.Op)
			}
		}
	}
	ry, ty := fs.exprReg(e.Y)
	fs.emitABC(fs.checkedOp(op, e), dst, rx, ry)
	fs.narrow(dst, e)
	return arithType(tx, ty, e.Op)
}

// cond compiles a boolean expression as control flow: it falls through when
// e is true and jumps to f when false.
func (fs *funcState) cond(e lang.Expr, f *label) { fs.jumpIf(e, false, f) }

// condTrue jumps to t when e is true and falls through otherwise.
func (fs *funcState) condTrue(e lang.Expr, t *label) { fs.jumpIf(e, true, t) }

// compareJumps gives, per relational operator, the compare-and-jump taken
// when the comparison is true and the one taken when it is false, and
// whether the operands are swapped (a > b is b < a). The false forms are
// negations (JNLT, not JGE), so a NaN operand takes the false branch.
var compareJumps = map[string]struct {
	whenTrue, whenFalse vm.Op
	swap                bool
}{
	"<":  {vm.OpJLt, vm.OpJNLt, false},
	">":  {vm.OpJLt, vm.OpJNLt, true},
	"<=": {vm.OpJLe, vm.OpJNLe, false},
	">=": {vm.OpJLe, vm.OpJNLe, true},
	"==": {vm.OpJEq, vm.OpJNe, false},
	"!=": {vm.OpJNe, vm.OpJEq, false},
}

// jumpIf compiles a boolean expression as control flow: it jumps to target
// when e evaluates to sense, and falls through otherwise. && and || short
// circuit; comparisons become one compare-and-jump.
func (fs *funcState) jumpIf(e lang.Expr, sense bool, target *label) {
	fs.at(e.Position())
	save := fs.top
	defer fs.setTop(save)
	if m := fs.c.info.TruthOf(e); m != nil { // the value's operator true
		r := fs.alloc()
		t := fs.exprTo(e, r)
		fs.callOperatorAt(nil, m, r, []*vm.Type{t}, r)
		fs.jumpOnReg(r, sense, target)
		return
	}
	if fs.c.info.CallOf(e) != nil || fs.c.info.ConvOf(e) != nil {
		fs.jumpOnValue(e, sense, target) // a user-defined operator's bool
		return
	}
	switch e := e.(type) {
	case *lang.BinaryExpr:
		switch e.Op {
		case "&&", "||":
			// (x && y) is true only if both are; (x || y) is false only if
			// both are. When the operator's own shortcut is the branch we
			// want, both operands jump to target; otherwise the first
			// operand's shortcut skips the second.
			shortcut := e.Op == "||"
			if sense == shortcut {
				fs.jumpIf(e.X, sense, target)
				fs.jumpIf(e.Y, sense, target)
				return
			}
			skip := fs.newLabel()
			fs.jumpIf(e.X, shortcut, skip)
			fs.jumpIf(e.Y, sense, target)
			fs.mark(skip)
			return
		case "<", ">", "<=", ">=", "==", "!=":
			if e.Op != "==" && e.Op != "!=" && fs.compareConst(e, !sense, target) {
				return
			}
			if (e.Op == "==" || e.Op == "!=") && fs.tupleEqualityJump(e, sense, target) {
				return
			}
			cj := compareJumps[e.Op]
			op := cj.whenFalse
			if sense {
				op = cj.whenTrue
			}
			var a, b int
			if r := fs.operandRepr(nil, nil, e.X, e.Y); r != reprNone {
				// Typed compare-and-branch, operands converted to the
				// wider representation.
				a = fs.typedLeft(e.X, r, e.Y)
				b = fs.typedOperand(e.Y, r)
				op = typedJump[op][r]
			} else {
				a, b = fs.compareOperands(e)
			}
			if cj.swap {
				a, b = b, a
			}
			fs.jumpTo(target, vm.MakeABC(op, a, b, 0))
			return
		}
	case *lang.UnaryExpr:
		if e.Op == "!" {
			fs.jumpIf(e.X, !sense, target)
			return
		}
	case *lang.Literal:
		if e.Kind == lang.LitBool {
			if b, _ := e.Value.(bool); b == sense {
				fs.jmp(target)
			}
			return
		}
	}
	fs.jumpOnValue(e, sense, target)
}

// jumpOnValue evaluates the bool e and jumps to target when it is sense.
func (fs *funcState) jumpOnValue(e lang.Expr, sense bool, target *label) {
	r, _ := fs.exprReg(e)
	fs.jumpOnReg(r, sense, target)
}

// jumpOnReg jumps to target when the bool in register r is sense.
func (fs *funcState) jumpOnReg(r int, sense bool, target *label) {
	op := vm.OpJmpIfNot
	if sense {
		op = vm.OpJmpIf
	}
	fs.jumpTo(target, vm.MakeABx(op, r, 0))
}

// compareConst compiles `x < K` (and <=, >, >=) where x is statically int
// or long and K an integer literal as one compare-with-constant jump to
// target, taken when the comparison is true (or false, with whenFalse).
func (fs *funcState) compareConst(e *lang.BinaryExpr, whenFalse bool, target *label) bool {
	var kv vm.Value
	switch y := e.Y.(type) {
	case *lang.Literal:
		if y.Kind != lang.LitInt && y.Kind != lang.LitLong {
			return false
		}
		kv, _ = fs.literal(y)
	case *lang.UnaryExpr:
		lit, ok := y.X.(*lang.Literal)
		if !ok || y.Op != "-" || lit.Kind != lang.LitInt {
			return false
		}
		v, _ := fs.literal(lit)
		kv = vm.Int(-v.AsInt())
	default:
		return false
	}
	xt := fs.staticType(e.X)
	if xt != vm.TInt && xt != vm.TLong {
		return false
	}
	if bt := fs.c.info.TypeOf(e.X); bt != nil && bt.Kind == bind.Nullable {
		return false // lifted: a null operand is false both ways, which a negated jump cannot say
	}
	op := map[string]vm.Op{"<": vm.OpJLtK, ">=": vm.OpJGeK, "<=": vm.OpJLeK, ">": vm.OpJGtK}[e.Op]
	if whenFalse {
		op = map[vm.Op]vm.Op{vm.OpJLtK: vm.OpJGeK, vm.OpJGeK: vm.OpJLtK, vm.OpJLeK: vm.OpJGtK, vm.OpJGtK: vm.OpJLeK}[op]
	}
	ki := fs.constIndex(kv)
	if ki > 0xffff {
		return false
	}
	a, _ := fs.exprReg(e.X)
	fs.jumpTo(target, vm.MakeABC(op, a, ki, 0))
	return true
}

func (fs *funcState) compareOperands(e *lang.BinaryExpr) (int, int) {
	a, _ := fs.leftReg(e.X, e.Y)
	b, _ := fs.exprReg(e.Y)
	return a, b
}

func (fs *funcState) cast(e *lang.CastExpr, dst int) *vm.Type {
	t, _ := fs.c.resolveTypeRef(e.Type, fs.cls, true)
	if m := fs.c.info.CallOf(e); m != nil {
		// A user-defined conversion, then the standard one from its result
		// to the target: (long)f with an operator to int widens the int.
		rt := fs.callOperator(e, m, []lang.Expr{e.X}, dst)
		if c, ok := convTo[t]; ok && t != nil && rt != t && !e.Type.Nullable {
			fs.emitABC(fs.checkedOp(vm.OpConv, e), dst, dst, int(c))
			return t
		}
		return rt
	}
	r, xt := fs.exprReg(e.X)
	if bind.Boxing(fs.c.info.TypeOf(e.X), fs.c.info.TypeOf(e)) {
		// (object)s, (IFace)s of a struct s: the cast boxes a copy.
		fs.emitABC(vm.OpBox, dst, r, 0)
		r = dst
	}
	if t == nil || t == vm.TObject {
		fs.emitABC(vm.OpMove, dst, r, 0)
		return t
	}
	if bt := fs.c.info.TypeOf(e.X); bt != nil && bt.Kind == bind.Nullable && !e.Type.Nullable && t.IsPrimitive() {
		// (int)n of an int? n reads n.Value: InvalidOperationException
		// when n is null.
		w := fs.alloc()
		fs.emitABC(vm.OpMove, w, r, 0)
		fs.emitABC(vm.OpCall, w, fs.c.addFunc(vm.NullableValue), 1)
		r = w
	}
	if e.Type.Nullable && t.IsPrimitive() {
		// (int?)d of a double? d or a double: null stays null, a value is
		// converted as (int) converts it.
		fs.emitABC(vm.OpMove, dst, r, 0)
		if xt != t && !fs.sameNullableElem(e.X, t) {
			op, arg := vm.OpCast, fs.c.addType(t)
			if c, ok := convTo[t]; ok {
				op, arg = fs.checkedOp(vm.OpConv, e), int(c)
			}
			end := fs.newLabel()
			fs.jumpTo(end, vm.MakeABx(vm.OpJmpNull, dst, 0))
			fs.emitABC(op, dst, dst, arg)
			fs.mark(end)
		}
		return nil
	}
	if xt == t {
		fs.emitABC(vm.OpMove, dst, r, 0)
		return t
	}
	if fs.unboxes(e.X, t) {
		fs.emitABC(vm.OpUnbox, dst, r, fs.c.addType(t))
		return t
	}
	if c, ok := convTo[t]; ok {
		fs.emitABC(fs.checkedOp(vm.OpConv, e), dst, r, int(c))
		return t
	}
	fs.emitABC(vm.OpCast, dst, r, fs.c.addType(t))
	return t
}

// convertOnStore converts register r in place to the declared type conv.
func (fs *funcState) convertOnStore(r int, have, conv *vm.Type) {
	if conv == nil || have == conv {
		return
	}
	if conv.IsNullable() {
		if have != conv.Elem {
			// A nullable source's type is not tracked (have is nil): a
			// value is converted by its run-time type, null stays null.
			end := fs.newLabel()
			fs.jumpTo(end, vm.MakeABx(vm.OpJmpNull, r, 0))
			if have == nil && conv.Elem == vm.TDecimal {
				fs.emitABC(vm.OpCast, r, r, fs.c.addType(vm.TDecimal))
			} else {
				fs.convertOnStore(r, have, conv.Elem)
			}
			fs.mark(end)
		}
		return
	}
	switch conv {
	case vm.TInt:
		if _, numeric := convTo[have]; numeric {
			fs.emitABC(vm.OpConv, r, r, int(vm.ConvInt))
		}
	case vm.TChar:
		if have != nil {
			fs.emitABC(vm.OpConv, r, r, int(vm.ConvChar))
		}
	case vm.TLong:
		fs.emitABC(vm.OpConv, r, r, int(vm.ConvLong))
	case vm.TDouble:
		fs.emitABC(vm.OpConv, r, r, int(vm.ConvDouble))
	case vm.TFloat:
		fs.emitABC(vm.OpConv, r, r, int(vm.ConvFloat))
	case vm.TDecimal:
		if have != nil && have != vm.TDecimal {
			fs.emitABC(vm.OpCast, r, r, fs.c.addType(vm.TDecimal))
		}
	case vm.TSByte, vm.TByte, vm.TShort, vm.TUShort, vm.TUInt, vm.TULong:
		fs.emitABC(vm.OpConv, r, r, int(convTo[conv]))
	}
}

// unboundGeneric reports whether tr names a generic type with its type
// arguments omitted, as typeof(Dictionary<,>) does.
func unboundGeneric(tr *lang.TypeRef) bool {
	if tr == nil || len(tr.Args) == 0 || tr.ArrayRank > 0 {
		return false
	}
	for _, a := range tr.Args {
		if a != nil && (a.Name != "" || len(a.Args) > 0 || a.ArrayRank > 0 || a.Tuple) {
			return false
		}
	}
	return true
}

// sameNullableElem reports whether x is a nullable value of element type t
// (or of t itself), so a cast to t? has nothing to convert.
func (fs *funcState) sameNullableElem(x lang.Expr, t *vm.Type) bool {
	bt := fs.c.info.TypeOf(x)
	if bt == nil {
		return false
	}
	if bt.Kind == bind.Nullable {
		bt = bt.Elem
	}
	return fs.c.bindVMType(bt) == t
}

package compiler

import (
	"strings"

	"asyncvm/lang"
	"asyncvm/vm"
)

// pattern tests the value in register subj against p, binding designations,
// and jumps to fail when it does not match.
func (fs *funcState) pattern(p lang.Pattern, subj int, fail *label) {
	save := fs.top
	defer fs.setTop(save)
	switch p := p.(type) {
	case *lang.ConstPattern:
		if lit, ok := p.X.(*lang.Literal); ok && lit.Kind == lang.LitNull {
			fs.jumpTo(fail, vm.MakeABx(vm.OpJmpNotNul, subj, 0))
			return
		}
		if id, ok := p.X.(*lang.Ident); ok && fs.lookup(id.Name) == nil {
			if ty := fs.alloc(); fs.typeParamInto(&lang.TypeRef{Pos: id.Pos, Name: id.Name}, ty) {
				fs.typeTestRT(ty, subj, fail) // `is T`
				return
			}
		}
		if id, ok := p.X.(*lang.Ident); ok && fs.lookup(id.Name) == nil && !fs.isMemberName(id.Name) && isDelegateTypeName(id.Name) {
			fs.typeTest(fs.c.testType(vm.TDelegate, exprTypeRef(p.X), fs.cls), subj, fail) // `is Action`
			return
		}
		if t, _ := fs.typeOfExpr(p.X); t != nil && !isConstMember(fs, p.X) {
			fs.typeTest(fs.c.testType(t, exprTypeRef(p.X), fs.cls), subj, fail)
			return
		}
		if ct := fs.c.info.ConstTests[p]; ct != nil {
			// A numeric constant against an object: the value must be of
			// the constant's type (a boxed long is not the int 1).
			if t, _ := fs.c.resolveTypeRef(&lang.TypeRef{Pos: p.Pos, Name: ct.String()}, fs.cls, true); t != nil {
				fs.typeTest(t, subj, fail)
			}
		}
		r, _ := fs.exprReg(p.X)
		if t := fs.c.info.TypeOf(p.X); t != nil && (t.String() == "double" || t.String() == "float") {
			// A NaN constant (double.NaN) matches NaN, as C#'s pattern
			// does (double.IsNaN), though NaN != NaN.
			notNaN, matched := fs.newLabel(), fs.newLabel()
			fs.jumpTo(notNaN, vm.MakeABC(vm.OpJEq, r, r, 0))
			fs.jumpTo(matched, vm.MakeABC(vm.OpJNe, subj, subj, 0))
			fs.jmp(fail)
			fs.mark(notNaN)
			fs.jumpTo(fail, vm.MakeABC(vm.OpJNe, subj, r, 0))
			fs.mark(matched)
			return
		}
		fs.jumpTo(fail, vm.MakeABC(vm.OpJNe, subj, r, 0))
	case *lang.TypePattern:
		if ty := fs.alloc(); fs.c.typeArgType(p.Type, fs.cls) == nil && fs.typeRefInto(p.Type, ty) {
			// `is T`, `is Box<T>`: the type is known at run time.
			fs.typeTestRT(ty, subj, fail)
			if p.Name != "" && p.Name != "_" {
				fs.bind(p.Name, p.Pos, subj, nil)
			}
			return
		}
		t, _ := fs.c.resolveTypeRef(p.Type, fs.cls, true)
		if t == nil {
			t = vm.TObject
		}
		fs.typeTest(fs.c.testType(t, p.Type, fs.cls), subj, fail)
		if p.Name != "" && p.Name != "_" {
			fs.bind(p.Name, p.Pos, subj, t)
		}
	case *lang.VarPattern:
		if p.Name != "_" {
			fs.bind(p.Name, p.Pos, subj, nil)
		}
	case *lang.DiscardPattern:
	case *lang.NotPattern:
		ok := fs.newLabel()
		fs.pattern(p.P, subj, ok)
		fs.jmp(fail)
		fs.mark(ok)
	case *lang.BinaryPattern:
		if p.Op == "and" {
			fs.pattern(p.X, subj, fail)
			fs.pattern(p.Y, subj, fail)
			return
		}
		next, matched := fs.newLabel(), fs.newLabel()
		fs.pattern(p.X, subj, next)
		fs.jmp(matched)
		fs.mark(next)
		fs.pattern(p.Y, subj, fail)
		fs.mark(matched)
	case *lang.RelationalPattern:
		fs.jumpTo(fail, vm.MakeABx(vm.OpJmpNull, subj, 0))
		r, _ := fs.exprReg(p.X)
		switch p.Op {
		case "<":
			fs.jumpTo(fail, vm.MakeABC(vm.OpJNLt, subj, r, 0))
		case "<=":
			fs.jumpTo(fail, vm.MakeABC(vm.OpJNLe, subj, r, 0))
		case ">":
			fs.jumpTo(fail, vm.MakeABC(vm.OpJNLt, r, subj, 0))
		case ">=":
			fs.jumpTo(fail, vm.MakeABC(vm.OpJNLe, r, subj, 0))
		}
	case *lang.PositionalPattern:
		fs.positionalPattern(p, subj, fail)
	case *lang.ListPattern:
		fs.listPattern(p, subj, fail)
	case *lang.PropertyPattern:
		var declared *vm.Type // the designation's type: `is IControl { } c` calls IControl's members
		if p.Type != nil {
			t, _ := fs.c.resolveTypeRef(p.Type, fs.cls, true)
			if t != nil {
				fs.typeTest(t, subj, fail)
			}
			declared = t
		} else {
			fs.jumpTo(fail, vm.MakeABx(vm.OpJmpNull, subj, 0))
		}
		for _, sp := range p.Props {
			// An extended property pattern `{ A.B: p }` is `{ A: { B: p } }`:
			// each member before the last must not be null.
			v, from := fs.alloc(), subj
			path := sp.Name
			if m, ok := fs.c.info.Members[sp]; ok {
				path = m
			}
			names := strings.Split(path, ".")
			for i, name := range names {
				fs.emitABC(vm.OpGetMember, v, from, fs.c.site(name, 0))
				if i < len(names)-1 {
					fs.jumpTo(fail, vm.MakeABx(vm.OpJmpNull, v, 0))
				}
				from = v
			}
			fs.pattern(sp.Pattern, v, fail)
		}
		if p.Name != "" && p.Name != "_" {
			fs.bind(p.Name, p.Pos, subj, declared)
		}
	default:
		fs.errorf(p.Position(), "this pattern is not supported")
	}
}

func isConstMember(fs *funcState, e lang.Expr) bool {
	m, ok := e.(*lang.MemberExpr)
	if !ok {
		return false
	}
	t, _ := fs.typeOfExpr(m.X)
	return t != nil && (t.IsEnum || fs.c.classByType[t] != nil)
}

func (fs *funcState) typeTest(t *vm.Type, subj int, fail *label) {
	r := fs.alloc()
	fs.emitABC(vm.OpIs, r, subj, fs.c.addType(t))
	fs.jumpTo(fail, vm.MakeABx(vm.OpJmpIfNot, r, 0))
}

// typeTestRT jumps to fail when the value in subj is not an instance of the
// run-time type in register ty.
func (fs *funcState) typeTestRT(ty, subj int, fail *label) {
	w := fs.allocN(2)
	fs.emitABC(vm.OpMove, w, subj, 0)
	fs.emitABC(vm.OpMove, w+1, ty, 0)
	fs.callNative(lang.Pos{}, "Internal.VM", "IsInstance", w, 2)
	fs.jumpTo(fail, vm.MakeABx(vm.OpJmpIfNot, w, 0))
}

// bind assigns a pattern designation: the variable was declared by
// predeclare when the statement began.
func (fs *funcState) bind(name string, pos lang.Pos, subj int, t *vm.Type) {
	l := fs.scope.vars[name]
	if l == nil || l.key.Pos != pos {
		l = fs.findDecl(name, pos)
	}
	if l == nil {
		l = fs.declare(name, pos, t, nil)
		fs.initBox(l)
	}
	if t != nil && (t.IsInterface || t == vm.TObject || t.IsStruct()) {
		// `s is IFace x` with a struct s binds x to a box of a copy (a
		// subject boxed already is its own box); `o is S x` unboxes a
		// copy.
		save := fs.top
		b := fs.alloc()
		if t.IsStruct() {
			fs.emitABC(vm.OpValCopy, b, subj, 0)
		} else {
			fs.emitABC(vm.OpBox, b, subj, 0)
		}
		fs.writeVar(l, b)
		fs.setTop(save)
		return
	}
	fs.writeVar(l, subj)
}

// findDecl finds a predeclared variable by its declaration position.
func (fs *funcState) findDecl(name string, pos lang.Pos) *local {
	for s := fs.scope; s != nil; s = s.parent {
		if l, ok := s.vars[name]; ok && l.key.Pos == pos {
			return l
		}
		if s.funcTop {
			break
		}
	}
	return nil
}

func (fs *funcState) switchExpr(e *lang.SwitchExpr, dst int) *vm.Type {
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	subj, _ := fs.exprReg(e.X)
	if subj == dst {
		s := fs.alloc()
		fs.emitABC(vm.OpMove, s, subj, 0)
		subj = s
	}
	end := fs.newLabel()
	for _, arm := range e.Arms {
		fs.pushScope()
		fs.predeclarePattern(arm.Pattern)
		fs.predeclareClauseVars(arm.When)
		fs.predeclareClauseVars(arm.Value)
		next := fs.newLabel()
		fs.pattern(arm.Pattern, subj, next)
		if arm.When != nil {
			fs.cond(arm.When, next)
		}
		fs.exprTo(arm.Value, dst)
		fs.jmp(end)
		fs.mark(next)
		fs.popScope()
	}
	fs.throwNew(e.Pos, "System.Runtime.CompilerServices.SwitchExpressionException", subj)
	fs.mark(end)
	return nil
}

// throwNew throws a new prelude exception constructed with the given
// argument registers.
func (fs *funcState) throwNew(pos lang.Pos, typeName string, argRegs ...int) {
	ci := fs.c.classByFull[typeName]
	if ci == nil {
		fs.errorf(pos, "internal: missing prelude type %s", typeName)
		return
	}
	w := fs.allocN(1 + len(argRegs))
	fs.emitABC(vm.OpNewObj, w, fs.c.addType(ci.t), 0)
	for i, r := range argRegs {
		fs.emitABC(vm.OpMove, w+1+i, r, 0)
	}
	for _, m := range ci.ctors {
		if m.fn.NumParams == len(argRegs) {
			fs.emitABC(vm.OpCall, w, fs.c.addFunc(m.fn), len(argRegs)+1)
			break
		}
	}
	fs.emitABC(vm.OpThrow, w, 0, 0)
}

// predeclarePattern declares the variables a pattern binds.
func (fs *funcState) predeclarePattern(p lang.Pattern) {
	if p == nil {
		return
	}
	lang.Inspect(p, func(n lang.Node) bool {
		switch n := n.(type) {
		case *lang.TypePattern:
			if n.Name != "" && n.Name != "_" {
				t, _ := fs.c.resolveTypeRef(n.Type, fs.cls, false)
				l := fs.declare(n.Name, n.Pos, t, nil)
				fs.initBox(l)
			}
		case *lang.VarPattern:
			if n.Name != "_" {
				l := fs.declare(n.Name, n.Pos, nil, nil)
				fs.initBox(l)
			}
		case *lang.PropertyPattern:
			if n.Name != "" && n.Name != "_" {
				var t *vm.Type
				if n.Type != nil {
					t, _ = fs.c.resolveTypeRef(n.Type, fs.cls, false)
				}
				l := fs.declare(n.Name, n.Pos, t, nil)
				fs.initBox(l)
			}
		case *lang.ListPattern:
			if n.Name != "" && n.Name != "_" {
				l := fs.declare(n.Name, n.Pos, nil, nil)
				fs.initBox(l)
			}
		case *lang.LambdaExpr:
			return false
		}
		return true
	})
}

// predeclareExprVars declares the pattern and out variables an expression
// introduces (not inside lambdas), so they get registers below the
// temporaries of the statement. Every root expression needs it (a
// statement's, a return's, an expression body's, an initializer's): a
// call's window may start at its result's temporary, and a variable
// declared while its arguments are compiled would lie inside the callee's
// frame and be overwritten by the callee's locals.
func (fs *funcState) predeclareExprVars(e lang.Node) {
	if e == nil {
		return
	}
	lang.Inspect(e, func(n lang.Node) bool {
		switch n := n.(type) {
		case *lang.LambdaExpr:
			return false
		case *lang.SwitchExpr:
			lang.Inspect(n.X, func(m lang.Node) bool { return fs.predeclOne(m) })
			return false
		case *lang.IsExpr:
			fs.predeclarePattern(n.Pattern)
			lang.Inspect(n.X, func(m lang.Node) bool { return fs.predeclOne(m) })
			return false
		case *lang.DeclExpr:
			fs.predeclOne(n)
		}
		return true
	})
	fs.exprVarsTop = max(fs.exprVarsTop, fs.top)
}

// predeclareArgVars predeclares the variables of a constructor
// initializer's arguments.
func (fs *funcState) predeclareArgVars(args []*lang.Arg) {
	for _, a := range args {
		fs.predeclareExprVars(a.X)
	}
}

// predeclareClauseVars declares the pattern and out variables of a when
// clause or a switch expression arm's value in the current scope (the
// arm's or the case section's), so that they get registers below the
// clause's temporaries.
func (fs *funcState) predeclareClauseVars(e lang.Expr) {
	if e != nil {
		lang.Inspect(e, fs.predeclOne)
	}
}

func (fs *funcState) predeclOne(n lang.Node) bool {
	switch n := n.(type) {
	case *lang.LambdaExpr, *lang.SwitchExpr:
		return false
	case *lang.IsExpr:
		fs.predeclarePattern(n.Pattern)
	case *lang.DeclExpr:
		if n.Name != "_" {
			var conv *vm.Type
			if n.Type != nil {
				conv = fs.c.convType(n.Type, fs.cls)
			}
			l := fs.declare(n.Name, n.Pos, conv, conv)
			if conv != nil {
				fs.loadConst(l.reg, conv.Zero())
			} else {
				fs.loadConst(l.reg, vm.Null)
			}
			fs.initBox(l)
		}
	}
	return true
}

package compiler

import (
	"asyncvm/compiler/bind"
	"fmt"

	"asyncvm/lang"
	"asyncvm/vm"
)

// block compiles a block in a new scope. Locals declared directly in the
// block are declared at its entry (their scope is the whole block in C#),
// captured ones get their boxes there, and local functions are created
// there so they can be called before their declaration.
func (fs *funcState) block(b *lang.BlockStmt) {
	fs.pushScope()
	fs.stmts(b.Stmts)
	fs.popScope()
}

func (fs *funcState) stmts(list []lang.Stmt) {
	start := len(fs.code)
	fs.predeclareBlock(blockHead(list))
	fs.scope.entry = append(fs.scope.entry, fs.code[start:]...)
	fs.stmtsDeclared(list)
}

// blockHead is the part of a statement list declared at the block's entry:
// the statements after `using var` form the try block of its dispose and
// are declared in that block's scope.
func blockHead(list []lang.Stmt) []lang.Stmt {
	for i, s := range list {
		if _, ok := s.(*lang.UsingDeclStmt); ok {
			return list[:i]
		}
	}
	return list
}

// stmtsDeclared compiles a statement list whose head is declared already.
func (fs *funcState) stmtsDeclared(list []lang.Stmt) {
	for i, s := range list {
		if u, ok := s.(*lang.UsingDeclStmt); ok {
			fs.usingDecl(u, list[i+1:])
			return
		}
		fs.stmt(s)
	}
}

func (fs *funcState) predeclareBlock(list []lang.Stmt) {
	var funcs []*lang.LocalFuncStmt
	for _, s := range list {
		switch s := s.(type) {
		case *lang.LocalDeclStmt:
			fs.predeclareLocals(s)
		case *lang.LabeledStmt:
			if d, ok := s.Stmt.(*lang.LocalDeclStmt); ok {
				fs.predeclareLocals(d)
			}
		case *lang.LocalFuncStmt:
			l := fs.declare(s.Func.Name, s.Func.Pos, vm.TDelegate, nil)
			shape := &vm.Func{}
			fs.c.setParams(shape, s.Func.Params, fs.cls)
			l.lfn = &localFuncInfo{decl: s.Func, shape: shape, hidden: hiddenTypeParams(s.Func.Params, s.Func.TypeParams)}
			addHiddenParams(shape, l.lfn.hidden)
			fs.loadConst(l.reg, vm.Null)
			fs.initBox(l)
			funcs = append(funcs, s)
		}
	}
	for _, s := range funcs {
		l := fs.scope.vars[s.Func.Name]
		r := fs.alloc()
		fs.localFunc(s, r)
		fs.writeVar(l, r)
		fs.setTop(r)
	}
}

func (fs *funcState) predeclareLocals(s *lang.LocalDeclStmt) {
	var typ, conv *vm.Type
	if s.Type != nil {
		typ, _ = fs.c.resolveTypeRef(s.Type, fs.cls, true)
		conv = fs.c.convType(s.Type, fs.cls)
	}
	for _, d := range s.Decls {
		t := typ
		if t == nil && d.Init != nil {
			t = fs.staticType(d.Init)
		}
		l := fs.declare(d.Name, d.Pos, t, conv)
		if l.boxed {
			if conv != nil {
				fs.loadConst(l.reg, conv.Zero())
			} else {
				fs.loadConst(l.reg, vm.Null)
			}
			fs.initBox(l)
		}
	}
}

// localFunc creates a local function's closure in dst. A static local
// function is compiled like any other: it simply captures nothing (C#
// rejects a static one that refers to locals or this).
func (fs *funcState) localFunc(s *lang.LocalFuncStmt, dst int) {
	m := s.Func
	name := fmt.Sprintf("<%s>g__%s|0", fs.rootName(), m.Name)
	fs.closure(name, m.Params, m.TypeParams, m.Modifiers.Has(lang.ModAsync), m.ExprBody, m.Body, m.ReturnType, m.Pos, dst)
}

func isVoid(t *lang.TypeRef) bool { return t == nil || t.Name == "void" }

func (fs *funcState) stmt(s lang.Stmt) {
	fs.at(s.Position())
	save := fs.top
	outer := fs.exprVarsTop
	fs.exprVarsTop = 0
	defer func() {
		// The out and pattern variables the statement declared live on
		// in the enclosing scope: their registers stay reserved.
		keep := fs.exprVarsTop
		fs.exprVarsTop = outer
		if _, ok := s.(*lang.LocalDeclStmt); !ok {
			fs.setTop(max(save, keep))
		}
	}()
	switch s := s.(type) {
	case *lang.BlockStmt:
		fs.block(s)
	case *lang.CheckedStmt:
		fs.block(s.Body) // the binder marked the operations inside (typed.go)
	case *lang.LocalDeclStmt:
		fs.localDecl(s)
	case *lang.ExprStmt:
		// The variables it declares (`out var x`, `var (a, b) = ...`)
		// live on after it: the statement's temporaries go above them.
		save = max(save, fs.exprStmt(s))
	case *lang.IfStmt:
		fs.predeclareExprVars(s.Cond)
		f := fs.newLabel()
		fs.cond(s.Cond, f)
		fs.scoped(s.Then)
		if s.Else != nil {
			end := fs.newLabel()
			fs.jmp(end)
			fs.mark(f)
			fs.scoped(s.Else)
			fs.mark(end)
		} else {
			fs.mark(f)
		}
	case *lang.WhileStmt:
		top, end := fs.newLabel(), fs.newLabel()
		fs.pushScope()
		fs.predeclareExprVars(s.Cond)
		fs.mark(top)
		fs.cond(s.Cond, end)
		fs.loop(s.Body, end, top)
		fs.jmp(top)
		fs.mark(end)
		fs.popScope()
	case *lang.DoStmt:
		top, cont, end := fs.newLabel(), fs.newLabel(), fs.newLabel()
		fs.mark(top)
		fs.loop(s.Body, end, cont)
		fs.mark(cont)
		fs.pushScope() // the condition's variables are not the body's
		fs.predeclareExprVars(s.Cond)
		fs.condTrue(s.Cond, top)
		fs.popScope()
		fs.mark(end)
	case *lang.ForStmt:
		fs.forStmt(s)
	case *lang.ForeachStmt:
		fs.foreach(s)
	case *lang.SwitchStmt:
		fs.switchStmt(s)
	case *lang.BreakStmt:
		t := fs.findTarget(false)
		if t == nil {
			fs.errorf(s.Pos, "No enclosing loop out of which to break or continue")
			return
		}
		fs.branch(t.brk, t.tryDepth)
	case *lang.ContinueStmt:
		t := fs.findTarget(true)
		if t == nil {
			fs.errorf(s.Pos, "No enclosing loop out of which to break or continue")
			return
		}
		fs.branch(t.cont, t.tryDepth)
	case *lang.ReturnStmt:
		fs.returnStmt(s)
	case *lang.GotoStmt:
		fs.gotoStmt(s)
	case *lang.LabeledStmt:
		l := fs.label(s.Label)
		if l.pc >= 0 {
			fs.errorf(s.Pos, "The label '%s' is a duplicate", s.Label)
		}
		fs.markGotoTarget(l)
		fs.stmt(s.Stmt)
	case *lang.ThrowStmt:
		if s.X == nil {
			if len(fs.catchRegs) == 0 {
				fs.errorf(s.Pos, "A throw statement with no arguments is not allowed outside of a catch clause")
				return
			}
			fs.emitABC(vm.OpRethrow, fs.catchRegs[len(fs.catchRegs)-1], 0, 0)
			return
		}
		fs.predeclareExprVars(s.X)
		r, _ := fs.exprReg(s.X)
		fs.emitABC(vm.OpThrow, r, 0, 0)
	case *lang.TryStmt:
		fs.tryStmt(s)
	case *lang.UsingStmt:
		fs.usingStmt(s)
	case *lang.UsingDeclStmt:
		fs.usingDecl(s, nil)
	case *lang.LockStmt:
		fs.lockStmt(s)
	case *lang.LocalFuncStmt:
		// Created at block entry.
	case *lang.EmptyStmt:
	case *lang.YieldStmt:
		// The iterator lowering removes every yield of a well-formed
		// iterator; one left here is in a body the binder reported
		// (CS1624, CS1621 and the others).
	default:
		fs.errorf(s.Position(), "this statement is not supported")
	}
}

// scoped compiles an embedded statement in its own scope.
func (fs *funcState) scoped(s lang.Stmt) {
	if b, ok := s.(*lang.BlockStmt); ok {
		fs.block(b)
		return
	}
	if d, ok := s.(*lang.LocalDeclStmt); ok {
		fs.errorf(d.Pos, "Embedded statement cannot be a declaration or labeled statement")
		return
	}
	fs.pushScope()
	fs.stmts([]lang.Stmt{s})
	fs.popScope()
}

func (fs *funcState) loop(body lang.Stmt, brk, cont *label) {
	fs.targets = append(fs.targets, jumpTarget{brk: brk, cont: cont, tryDepth: len(fs.tries)})
	fs.scoped(body)
	fs.targets = fs.targets[:len(fs.targets)-1]
}

func (fs *funcState) findTarget(cont bool) *jumpTarget {
	for i := len(fs.targets) - 1; i >= 0; i-- {
		t := &fs.targets[i]
		if cont && t.isSwitch {
			continue
		}
		return t
	}
	return nil
}

func (fs *funcState) localDecl(s *lang.LocalDeclStmt) {
	for _, d := range s.Decls {
		l := fs.findDecl(d.Name, d.Pos)
		if l == nil {
			var typ, conv *vm.Type
			if s.Type != nil {
				typ, _ = fs.c.resolveTypeRef(s.Type, fs.cls, true)
				conv = fs.c.convType(s.Type, fs.cls)
			}
			l = fs.declare(d.Name, d.Pos, typ, conv)
			if l.boxed && s.RefKind == "" {
				fs.loadConst(l.reg, vm.Null)
				fs.initBox(l)
			}
		}
		if s.RefKind != "" {
			// A ref local: its register holds the reference.
			l.isRef, l.readonly = true, s.RefKind == "ref readonly"
			if d.Init != nil {
				save := fs.top
				fs.refOf(d.Init, l.reg)
				fs.setTop(save)
			}
			continue
		}
		if d.Init == nil {
			if s.Type == nil {
				fs.errorf(d.Pos, "Implicitly-typed variables must be initialized")
			}
			if l.conv != nil && !l.boxed {
				fs.loadConst(l.reg, l.conv.Zero())
			}
			continue
		}
		if s.Type == nil {
			if lit, ok := d.Init.(*lang.Literal); ok && lit.Kind == lang.LitNull {
				fs.errorf(d.Pos, "Cannot assign <null> to an implicitly-typed variable")
			}
		}
		fs.predeclareExprVars(d.Init)
		save := fs.top
		old := fs.expect
		fs.expect = s.Type
		var t *vm.Type
		if k, ok := fs.convertedConst(d.Init, fs.c.info.Locals[d]); ok && fs.direct(l) {
			// `long n = 0;`, `double x = 1;`: the constant converted at
			// compile time.
			fs.loadConst(l.reg, k)
			t = l.conv
		} else if fs.direct(l) {
			t = fs.exprTo(d.Init, l.reg)
			fs.convertOnStore(l.reg, t, l.conv)
		} else {
			r := fs.alloc()
			t = fs.exprTo(d.Init, r)
			fs.convertOnStore(r, t, l.conv)
			fs.writeVar(l, r)
		}
		fs.expect = old
		if l.typ == nil {
			l.typ = t
		}
		fs.setTop(save)
	}
}

// exprStmt compiles an expression statement and returns the first
// register above the variables it declares.
func (fs *funcState) exprStmt(s *lang.ExprStmt) (declTop int) {
	declTop = fs.top
	switch x := s.X.(type) {
	case *lang.CallExpr, *lang.AssignExpr, *lang.AwaitExpr, *lang.NewExpr, *lang.PostfixExpr, *lang.ThrowExpr:
	case *lang.UnaryExpr:
		if x.Op != "++" && x.Op != "--" {
			fs.errorf(s.Pos, "Only assignment, call, increment, decrement, await, and new object expressions can be used as a statement")
			return
		}
	case *lang.MemberExpr, *lang.IndexExpr:
		if isNullCondCall(s.X) {
			break
		}
		fs.errorf(s.Pos, "Only assignment, call, increment, decrement, await, and new object expressions can be used as a statement")
		return
	default:
		fs.errorf(s.Pos, "Only assignment, call, increment, decrement, await, and new object expressions can be used as a statement")
		return
	}
	fs.predeclareExprVars(s.X)
	declTop = fs.top
	// Assignments to a plain local compile straight into it.
	if a, ok := s.X.(*lang.AssignExpr); ok {
		if id, ok := a.Left.(*lang.Ident); ok {
			if l := fs.lookup(id.Name); l != nil && fs.direct(l) {
				fs.assign(a, l.reg)
				return
			}
		}
	}
	if p, ok := s.X.(*lang.PostfixExpr); ok {
		if id, ok := p.X.(*lang.Ident); ok {
			if l := fs.lookup(id.Name); l != nil && fs.direct(l) {
				fs.incdec(p, p.X, p.Op, true, l.reg)
				return
			}
		}
	}
	if u, ok := s.X.(*lang.UnaryExpr); ok {
		if id, ok := u.X.(*lang.Ident); ok {
			if l := fs.lookup(id.Name); l != nil && fs.direct(l) {
				fs.incdec(u, u.X, u.Op, true, l.reg)
				return
			}
		}
	}
	r := fs.alloc()
	if a, ok := s.X.(*lang.AssignExpr); ok {
		// The assignment's value is discarded: no final MOVE into r.
		fs.unused = r + 1
		fs.at(a.Position())
		fs.assign(a, r)
		fs.unused = 0
		return
	}
	fs.fresh = r + 1
	fs.exprTo(s.X, r)
	return declTop
}

func isNullCondCall(e lang.Expr) bool {
	switch x := e.(type) {
	case *lang.MemberExpr:
		return x.NullCond || isNullCondCall(x.X)
	case *lang.CallExpr:
		return true
	}
	return false
}

func (fs *funcState) forStmt(s *lang.ForStmt) {
	fs.pushScope()
	if s.InitDecl != nil {
		fs.predeclareLocals(s.InitDecl)
		fs.localDecl(s.InitDecl)
	}
	for _, e := range s.InitExprs {
		fs.stmt(&lang.ExprStmt{Pos: e.Position(), X: e})
	}
	fs.predeclareExprVars(s.Cond)
	top, cont, end := fs.newLabel(), fs.newLabel(), fs.newLabel()
	fs.mark(top)
	if s.Cond != nil {
		fs.cond(s.Cond, end)
	}
	fs.loop(s.Body, end, cont)
	fs.mark(cont)
	for _, e := range s.Post {
		fs.stmt(&lang.ExprStmt{Pos: e.Position(), X: e})
	}
	fs.jmp(top)
	fs.mark(end)
	fs.popScope()
}

// untypedElements reports whether the collection x of a foreach is a
// non-generic one whose elements are objects (System.Array,
// System.Collections.IEnumerable): its loop variable's type is an explicit
// conversion of each element.
func (fs *funcState) untypedElements(x lang.Expr) bool {
	t := fs.c.info.TypeOf(x)
	return t != nil && t.Kind != bind.Array && (t.Name == "Array" || t.Name == "IEnumerable" && t.Def == nil && len(t.Args) == 0)
}

func (fs *funcState) foreach(s *lang.ForeachStmt) {
	if s.Expanded != nil {
		fs.stmt(s.Expanded)
		return
	}
	fs.predeclareExprVars(s.X)
	fs.pushScope()
	coll := fs.alloc()
	bound := fs.c.info.Enumerators[s] // a GetEnumerator called as bound
	var ct *vm.Type
	if bound == nil {
		ct = fs.exprTo(s.X, coll)
	}
	var conv, typ *vm.Type
	if s.Type != nil {
		typ, _ = fs.c.resolveTypeRef(s.Type, fs.cls, true)
		conv = fs.c.convType(s.Type, fs.cls)
	} else if ct != nil && ct.Kind == vm.KindArray {
		typ = ct.Elem
	} else if ct == vm.TString {
		typ = vm.TChar
	}
	top, cont, end := fs.newLabel(), fs.newLabel(), fs.newLabel()
	if ct != nil && (ct.Kind == vm.KindArray || ct == vm.TString) {
		i := fs.alloc()
		n := fs.alloc()
		fs.loadConst(i, vm.Int(0))
		fs.emitABC(vm.OpGetMember, n, coll, fs.c.site("Length", 0))
		fs.mark(top)
		fs.jumpTo(end, vm.MakeABC(vm.OpJNLt, i, n, 0))
		fs.pushScope()
		x := fs.declare(s.Name, s.Pos, typ, conv)
		fs.emitABC(vm.OpGetIndex, x.reg, coll, i)
		fs.convertOnStore(x.reg, nil, conv)
		fs.initBox(x)
		fs.loop(s.Body, end, cont)
		fs.popScope()
		fs.mark(cont)
		fs.emitABC(vm.OpAddI, i, i, 1)
		fs.jmp(top)
		fs.mark(end)
		fs.popScope()
		return
	}
	// The enumerator is disposed when the loop ends, however it ends
	// (C# §13.9.5): try { loop } finally { if (e is IDisposable)
	// ((IDisposable)e).Dispose(); }. The loop's end is inside the try
	// block, so leaving by MoveNext or break runs the finally block.
	name := fmt.Sprintf("<foreach>%d", len(fs.code))
	el := fs.declare(name, s.Pos, nil, nil)
	en := el.reg
	byRef := false
	// enRef names the enumerator, typed: a struct one's MoveNext then
	// advances it in place, not a copy.
	var enRef func() lang.Expr
	finally := disposeEnumerator(s.Pos, name)
	if bound != nil {
		fs.call(fs.c.info.GetEnumeratorCall(bound.GetEnumerator, s.X, s.Pos), en, false)
		enRef = func() lang.Expr {
			id := &lang.Ident{Pos: s.Pos, Name: name}
			fs.c.info.Types[id] = bound.GetEnumerator.Ret
			return id
		}
		if bound.Dispose {
			// A ref struct's pattern Dispose().
			finally = &lang.BlockStmt{Pos: s.Pos, Stmts: []lang.Stmt{&lang.ExprStmt{Pos: s.Pos,
				X: &lang.CallExpr{Pos: s.Pos, Fun: &lang.MemberExpr{Pos: s.Pos, X: enRef(), Name: "Dispose"}}}}}
		}
	} else {
		fs.emitABC(vm.OpMove, en, coll, 0)
		fs.emitABC(vm.OpCallVirt, en, fs.c.site(fs.ifaceName(nil, s.X, "GetEnumerator"), 0), 1)
		if byRef = fs.structEnumerator(ct); byRef {
			// A struct enumerator is a variable: MoveNext advances it in
			// place through its box (C# §13.9.5 calls it on the variable).
			el.boxed = true
			fs.emitABC(vm.OpNewBox, en, en, 0)
		}
	}
	fs.tryWith(&lang.TryStmt{Pos: s.Pos, Finally: finally}, func() {
		fs.mark(top)
		t := fs.alloc()
		if enRef != nil {
			fs.exprTo(&lang.CallExpr{Pos: s.Pos, Fun: &lang.MemberExpr{Pos: s.Pos, X: enRef(), Name: "MoveNext"}}, t)
		} else {
			fs.emitABC(vm.OpMove, t, en, 0)
			fs.emitABC(vm.OpCallVirt, t, fs.c.site("MoveNext", 0), 1)
		}
		fs.jumpTo(end, vm.MakeABx(vm.OpJmpIfNot, t, 0))
		fs.pushScope()
		x := fs.declare(s.Name, s.Pos, typ, conv)
		if enRef != nil {
			fs.exprTo(&lang.MemberExpr{Pos: s.Pos, X: enRef(), Name: "Current"}, x.reg)
		} else if byRef {
			fs.emitABC(vm.OpGetBox, x.reg, en, 0)
			fs.emitABC(vm.OpGetMember, x.reg, x.reg, fs.c.site("Current", 0))
		} else {
			fs.emitABC(vm.OpGetMember, x.reg, en, fs.c.site("Current", 0))
		}
		if c, ok := convTo[conv]; ok && conv != vm.TDecimal && fs.untypedElements(s.X) {
			// foreach (int v in Enum.GetValues(t)): the explicit
			// conversion of each element (a boxed enum) to the loop type.
			fs.emitABC(vm.OpConv, x.reg, x.reg, int(c))
		}
		fs.convertOnStore(x.reg, nil, conv)
		fs.initBox(x)
		fs.loop(s.Body, end, top)
		fs.popScope()
		fs.jmp(top)
		fs.mark(end)
	})
	fs.popScope()
}

// structEnumerator reports whether GetEnumerator of the collection type ct,
// a type declared in source, returns a struct declared in source.
func (fs *funcState) structEnumerator(ct *vm.Type) bool {
	if ct == nil {
		return false
	}
	ci := fs.c.classByType[ct]
	if ci == nil && ct.Def != nil {
		ci = fs.c.classByType[ct.Def]
	}
	for ; ci != nil; ci = ci.base {
		for _, m := range ci.methods["GetEnumerator"] {
			if m.static || len(m.params) != 0 || m.ret == nil {
				continue
			}
			rt, _ := fs.c.resolveTypeRef(m.ret, ci, false)
			return rt.IsStruct()
		}
	}
	return false
}

// disposeEnumerator is the finally block of a foreach over an enumerator
// named name: `if (name is IDisposable) ((IDisposable)name).Dispose();`.
func disposeEnumerator(pos lang.Pos, name string) *lang.BlockStmt {
	disposable := &lang.TypeRef{Pos: pos, Name: "System.IDisposable"}
	e := &lang.Ident{Pos: pos, Name: name}
	return &lang.BlockStmt{Pos: pos, Stmts: []lang.Stmt{&lang.IfStmt{Pos: pos,
		Cond: &lang.IsExpr{Pos: pos, X: e, Pattern: &lang.TypePattern{Pos: pos, Type: disposable}},
		Then: &lang.ExprStmt{Pos: pos, X: &lang.CallExpr{Pos: pos, Fun: &lang.MemberExpr{Pos: pos,
			X: &lang.CastExpr{Pos: pos, Type: disposable, X: &lang.Ident{Pos: pos, Name: name}}, Name: "Dispose"}}}}}}
}

func (fs *funcState) switchStmt(s *lang.SwitchStmt) {
	// Each section is tested and compiled in turn, in its own scope: the
	// pattern variables of its labels are visible only there. The default
	// section is entered after every other section's test has failed.
	fs.predeclareExprVars(s.X)
	fs.pushScope()
	subj := fs.alloc()
	fs.exprTo(s.X, subj)
	end := fs.newLabel()
	sw := &switchCtx{caseLabels: map[string]*label{}}
	bodies := make([]*label, len(s.Sections))
	for i, sec := range s.Sections {
		bodies[i] = fs.newLabel()
		for _, lb := range sec.Labels {
			if lb.IsDefault {
				sw.defLabel = bodies[i]
			} else if cp, ok := lb.Pattern.(*lang.ConstPattern); ok {
				sw.caseLabels[lang.Print(cp.X)] = bodies[i]
			}
		}
	}
	// The sections' statements share the switch block's declaration
	// space: their locals are declared here, once for all sections (a
	// local declared in one section may be assigned and read in another,
	// and declaring it in two is CS0128).
	start := len(fs.code)
	for _, sec := range s.Sections {
		fs.predeclareBlock(blockHead(sec.Body))
	}
	fs.scope.entry = append(fs.scope.entry, fs.code[start:]...)
	fs.targets = append(fs.targets, jumpTarget{brk: end, tryDepth: len(fs.tries), isSwitch: true, sw: sw})
	for i, sec := range s.Sections {
		fs.pushScope()
		for _, lb := range sec.Labels {
			fs.predeclarePattern(lb.Pattern)
			fs.predeclareClauseVars(lb.When)
		}
		nextSection := fs.newLabel()
		for _, lb := range sec.Labels {
			if lb.IsDefault {
				continue
			}
			next := fs.newLabel()
			fs.pattern(lb.Pattern, subj, next)
			if lb.When != nil {
				fs.cond(lb.When, next)
			}
			fs.jmp(bodies[i])
			fs.mark(next)
		}
		fs.jmp(nextSection)
		fs.mark(bodies[i])
		fs.pushScope()
		fs.stmtsDeclared(sec.Body)
		fs.popScope()
		fs.jmp(end)
		fs.popScope()
		fs.mark(nextSection)
	}
	if sw.defLabel != nil {
		fs.jmp(sw.defLabel)
	}
	fs.targets = fs.targets[:len(fs.targets)-1]
	fs.mark(end)
	fs.popScope()
}

func (fs *funcState) label(name string) *label {
	if l, ok := fs.labels[name]; ok {
		return l
	}
	l := fs.newLabel()
	fs.labels[name] = l
	return l
}

func (fs *funcState) gotoStmt(s *lang.GotoStmt) {
	if s.IsCase || s.IsDefault {
		for i := len(fs.targets) - 1; i >= 0; i-- {
			t := fs.targets[i]
			if !t.isSwitch {
				continue
			}
			if s.IsDefault {
				if t.sw.defLabel == nil {
					fs.errorf(s.Pos, "No such label 'default:' within the scope of the goto statement")
					return
				}
				fs.branch(t.sw.defLabel, t.tryDepth)
				return
			}
			l := t.sw.caseLabels[lang.Print(s.Case)]
			if l == nil {
				fs.errorf(s.Pos, "No such label 'case %s:' within the scope of the goto statement", lang.Print(s.Case))
				return
			}
			fs.branch(l, t.tryDepth)
			return
		}
		fs.errorf(s.Pos, "A goto case is only valid inside a switch statement")
		return
	}
	depth, ok := fs.labelDepth[s.Label]
	if !ok {
		pos := s.LabelPos
		if pos.Line == 0 {
			pos = s.Pos
		}
		fs.errorf(pos, "No such label '%s' within the scope of the goto statement", s.Label)
		return
	}
	l := fs.label(s.Label)
	if l.pc < 0 && len(fs.tries) <= depth {
		at := fs.emit(vm.MakeABx(vm.OpJmp, 0, 0))
		l.gotos = append(l.gotos, forwardGoto{at: at, from: fs.scope})
		return
	}
	fs.branch(l, depth)
}

// markGotoTarget places the label of a labeled statement. A forward goto
// that enters blocks on its way to the label (C# forbids it, but the sm
// rewrite's resumption dispatch jumps into loop bodies, ifs and try blocks)
// skips their entry code, and a frame's registers are not cleared on entry:
// a captured local would be stored into whatever box an earlier frame left
// in its register, shared with that frame's closures, and a local function
// would not exist. Such a goto lands on a pad before the label that runs
// the entry code of each block it enters, outermost first; the statement
// falls through to the label past the pads.
func (fs *funcState) markGotoTarget(l *label) {
	type pad struct {
		from  *scope
		entry []vm.Instr
		gotos []int
	}
	var pads []*pad
	for _, g := range l.gotos {
		entry := fs.enteredEntry(g.from)
		if len(entry) == 0 {
			l.patches = append(l.patches, g.at)
			continue
		}
		var p *pad
		for _, q := range pads {
			if q.from == g.from {
				p = q
			}
		}
		if p == nil {
			p = &pad{from: g.from, entry: entry}
			pads = append(pads, p)
		}
		p.gotos = append(p.gotos, g.at)
	}
	l.gotos = nil
	if len(pads) > 0 {
		fs.jmp(l)
	}
	for i, p := range pads {
		for _, at := range p.gotos {
			fs.patch(at, len(fs.code))
		}
		for _, ins := range p.entry {
			fs.emit(ins)
		}
		if i < len(pads)-1 {
			fs.jmp(l)
		}
	}
	fs.mark(l)
}

// enteredEntry returns the entry code of the blocks around the current
// position that a jump from scope from enters, outermost first.
func (fs *funcState) enteredEntry(from *scope) []vm.Instr {
	encloses := func(s *scope) bool {
		for f := from; f != nil; f = f.parent {
			if f == s {
				return true
			}
		}
		return false
	}
	var entered []*scope
	for s := fs.scope; s != nil && !encloses(s); s = s.parent {
		entered = append(entered, s)
	}
	var code []vm.Instr
	for i := len(entered) - 1; i >= 0; i-- {
		code = append(code, entered[i].entry...)
	}
	return code
}

// branch jumps to target at try depth depth, running the finally blocks of
// the try statements it leaves.
func (fs *funcState) branch(target *label, depth int) {
	if len(fs.tries) > depth {
		tc := fs.tries[len(fs.tries)-1]
		k := len(tc.branches)
		tc.branches = append(tc.branches, target)
		tc.branchTD = append(tc.branchTD, depth)
		fs.loadConst(tc.pendingReg, vm.Int(int32(k+2)))
		fs.jmp(tc.finally)
		return
	}
	fs.jmp(target)
}

func (fs *funcState) returnStmt(s *lang.ReturnStmt) {
	if fs.fn.IsCtor {
		if s.X != nil {
			fs.errorf(s.Pos, "Since this is a constructor, a 'return' keyword must not be followed by an object expression")
		}
		fs.doReturn(0)
		return
	}
	if fs.ret != nil && s.X != nil {
		switch {
		case !fs.async && fs.ret.Name == "void":
			fs.errorf(s.Pos, "Since '%s' returns void, a return keyword must not be followed by an object expression", fs.displayName())
		case fs.async && len(fs.ret.Args) == 0:
			fs.errorf(s.Pos, "Since '%s' is an async method that returns '%s', a return keyword must not be followed by an object expression", fs.displayName(), fs.ret.String())
		}
	}
	if fs.ret != nil && s.X == nil && fs.ret.Name != "void" && (!fs.async || len(fs.ret.Args) > 0) {
		want := fs.ret
		if fs.async {
			want = fs.ret.Args[0]
		}
		fs.errorf(s.Pos, "An object of a type convertible to '%s' is required", want.String())
	}
	if s.X == nil {
		fs.doReturn(-1)
		return
	}
	fs.predeclareExprVars(s.X)
	fs.returnExpr(s.X)
}

// returnExpr compiles the value of a return and returns it. Outside try
// blocks a conditional returns from each branch (no join, no MOVE), and a
// local already of the return type is returned from its own register.
func (fs *funcState) returnExpr(x lang.Expr) {
	if c, ok := x.(*lang.CondExpr); ok && len(fs.tries) == 0 && !fs.c.info.BoxesOf(x) {
		f := fs.newLabel()
		fs.cond(c.Cond, f)
		fs.returnExpr(c.Then)
		fs.mark(f)
		fs.returnExpr(c.Else)
		return
	}
	if u, ok := x.(*lang.UnaryExpr); ok && u.Op == "ref" {
		save := fs.top
		r := fs.alloc()
		fs.refOf(u, r)
		fs.doReturn(r)
		fs.setTop(save)
		return
	}
	save := fs.top
	defer fs.setTop(save)
	old := fs.expect
	fs.expect = fs.retElem()
	r, t := fs.exprReg(x)
	fs.expect = old
	if conv := fs.c.convType(fs.retElem(), fs.cls); conv != nil && conv != t {
		if r < save {
			// A variable's register: convert a copy.
			d := fs.alloc()
			fs.move(d, r)
			r = d
		}
		fs.convertOnStore(r, t, conv)
	}
	fs.doReturn(r)
}

// retElem is the type a return statement's value converts to: T of an
// async Task<T> method, else the declared return type.
func (fs *funcState) retElem() *lang.TypeRef {
	if fs.ret == nil {
		return nil
	}
	if fs.async {
		if len(fs.ret.Args) == 1 {
			return fs.ret.Args[0]
		}
		return nil
	}
	return fs.ret
}

// doReturn returns register r (-1: nothing), through any finally blocks.
func (fs *funcState) doReturn(r int) {
	if len(fs.tries) > 0 {
		if fs.retReg < 0 {
			fs.errorf(lang.Pos{File: fs.fn.File, Line: int(fs.line), Col: 1}, "internal: no return register")
			return
		}
		if r >= 0 {
			fs.emitABC(vm.OpMove, fs.retReg, r, 0)
		} else {
			fs.loadConst(fs.retReg, vm.Null)
		}
		tc := fs.tries[len(fs.tries)-1]
		tc.hasReturn = true
		fs.loadConst(tc.pendingReg, vm.Int(1))
		fs.jmp(tc.finally)
		return
	}
	if r < 0 {
		fs.emitABC(vm.OpRetVoid, 0, 0, 0)
		return
	}
	fs.emitABC(vm.OpRet, r, 0, 0)
}

func (fs *funcState) tryStmt(s *lang.TryStmt) { fs.tryWith(s, nil) }

// tryWith compiles a try statement whose body, when body is not nil, is
// the code body emits rather than s.Body.
func (fs *funcState) tryWith(s *lang.TryStmt, body func()) {
	var tc *tryCtx
	if s.Finally != nil {
		tc = &tryCtx{pendingReg: fs.alloc(), excReg: fs.alloc(), finally: fs.newLabel()}
		fs.loadConst(tc.pendingReg, vm.Int(0))
		fs.tries = append(fs.tries, tc)
	}
	// A catch variable with a filter is one variable in the filter and the
	// body (an assignment in the filter is seen by the body), so it lives
	// in a register of its own from here on: the filter runs before the
	// finally blocks inside the try, whose registers may not clobber it.
	// The out and pattern variables a filter declares are the clause's too
	// (`when (e.InnerException is IOException io)` and io in the body), so
	// for the same reason they are declared here, each clause's in a scope
	// of its own that the filter and the body take over.
	filtered := make([]int, len(s.Catches))
	filterVars := make([]map[string]*local, len(s.Catches))
	for i, cc := range s.Catches {
		filtered[i] = -1
		if cc.Filter != nil && cc.Name != "" {
			filtered[i] = fs.alloc()
		}
		if cc.Filter != nil {
			outer := fs.scope
			fs.scope = &scope{parent: outer, vars: map[string]*local{}, top: fs.top}
			fs.predeclareExprVars(cc.Filter)
			filterVars[i] = fs.scope.vars
			fs.scope = outer
		}
	}
	live := fs.top // what a filter may assign (vm.Handler.Live)
	start := len(fs.code)
	fs.inTry++
	if body != nil {
		body()
	} else {
		fs.block(s.Body)
	}
	end := len(fs.code)
	after := fs.newLabel()
	if len(s.Catches) > 0 {
		// The VM chooses the clause: in a first pass, before any finally
		// block runs, it tests each clause's type and runs its filter (out
		// of line, ending in ENDFILTER); then it unwinds to the chosen
		// clause's body. The catch variable is bound in both.
		fs.jmp(after)
		excR := fs.alloc()
		hi := len(fs.handlers)
		fs.handlers = append(fs.handlers, vm.Handler{Start: start, End: end, Target: len(fs.code), Reg: excR, Live: live})
		if tc == nil {
			fs.inTry--
		}
		var clauses []vm.CatchClause
		for ci, cc := range s.Catches {
			fs.at(cc.Pos)
			cl := vm.CatchClause{Filter: -1}
			var t *vm.Type
			typeParam := false
			if cc.Type != nil {
				if fs.namesTypeParam(cc.Type) {
					// catch (T e): the clause takes any exception and its
					// filter tests the type argument first.
					typeParam = true
				} else {
					t, _ = fs.c.resolveTypeRef(cc.Type, fs.cls, true)
					if t != nil && t.FullName() != "System.Exception" {
						cl.Type = t
					}
				}
			}
			save := fs.top
			var filterVar *local
			bind := func() {
				for name, l := range filterVars[ci] {
					fs.scope.vars[name] = l
				}
				switch {
				case filterVar != nil:
					fs.scope.vars[cc.Name] = filterVar // bound by the filter
				case cc.Name != "":
					l := fs.declare(cc.Name, cc.Pos, t, nil)
					if filtered[ci] >= 0 {
						l.reg = filtered[ci]
						filterVar = l
					}
					fs.emitABC(vm.OpMove, l.reg, excR, 0)
					fs.initBox(l)
				}
			}
			if cc.Filter != nil || typeParam {
				cl.Filter = len(fs.code)
				fs.pushScope()
				bind()
				r := fs.alloc()
				fail, done := fs.newLabel(), fs.newLabel()
				if ty := fs.alloc(); typeParam && fs.typeParamInto(cc.Type, ty) {
					fs.typeTestRT(ty, excR, fail)
				}
				if cc.Filter != nil {
					fs.exprTo(cc.Filter, r)
				} else {
					fs.loadConst(r, vm.Bool(true))
				}
				fs.jmp(done)
				fs.mark(fail)
				fs.loadConst(r, vm.Bool(false))
				fs.mark(done)
				fs.emitABC(vm.OpEndFilt, r, 0, 0)
				fs.popScope()
				fs.setTop(save)
			}
			cl.Body = len(fs.code)
			fs.pushScope()
			bind()
			fs.catchRegs = append(fs.catchRegs, excR)
			fs.block(cc.Body)
			fs.catchRegs = fs.catchRegs[:len(fs.catchRegs)-1]
			fs.popScope()
			fs.setTop(save)
			fs.jmp(after)
			clauses = append(clauses, cl)
		}
		fs.handlers[hi].Clauses = clauses
		fs.handlers[hi].Target = clauses[0].Body
		if tc != nil {
			fs.inTry--
		}
	} else {
		fs.inTry--
	}
	if tc == nil {
		fs.mark(after)
		return
	}
	catchEnd := len(fs.code)
	fs.mark(after)
	fs.jmp(tc.finally)
	fs.handlers = append(fs.handlers, vm.Handler{Start: start, End: catchEnd, Target: len(fs.code), Reg: tc.excReg})
	fs.loadConst(tc.pendingReg, vm.Int(-1))
	fs.tries = fs.tries[:len(fs.tries)-1]
	fs.mark(tc.finally)
	fs.block(s.Finally)
	// Dispatch on the pending action.
	k := fs.alloc()
	skip := fs.newLabel()
	fs.loadConst(k, vm.Int(-1))
	fs.jumpTo(skip, vm.MakeABC(vm.OpJNe, tc.pendingReg, k, 0))
	fs.emitABC(vm.OpRethrow, tc.excReg, 0, 0)
	fs.mark(skip)
	if tc.hasReturn {
		next := fs.newLabel()
		fs.loadConst(k, vm.Int(1))
		fs.jumpTo(next, vm.MakeABC(vm.OpJNe, tc.pendingReg, k, 0))
		fs.doReturn(fs.retReg)
		fs.mark(next)
	}
	for i, target := range tc.branches {
		next := fs.newLabel()
		fs.loadConst(k, vm.Int(int32(i+2)))
		fs.jumpTo(next, vm.MakeABC(vm.OpJNe, tc.pendingReg, k, 0))
		fs.branch(target, tc.branchTD[i])
		fs.mark(next)
	}
}

// usingStmt compiles using (decl or expr) body as try/finally with Dispose.
// A declaration of several resources is nested using statements (C#
// §13.14): each resource's try starts before the next one is created, so a
// throwing initializer still disposes the resources before it.
func (fs *funcState) usingStmt(s *lang.UsingStmt) {
	fs.pushScope()
	var res []lang.Expr
	body := []lang.Stmt{s.Body}
	if s.Decl != nil {
		first, rest := splitFirstDecl(s.Decl)
		fs.predeclareLocals(first)
		fs.localDecl(first)
		res = append(res, &lang.Ident{Pos: first.Decls[0].Pos, Name: first.Decls[0].Name})
		if rest != nil {
			body = []lang.Stmt{&lang.UsingStmt{Pos: s.Pos, Decl: rest, Body: s.Body, IsAwait: s.IsAwait}}
		}
	} else {
		fs.predeclareExprVars(s.X)
		name := fmt.Sprintf("<using>%d", len(fs.code))
		l := fs.declare(name, s.Pos, nil, nil)
		fs.exprTo(s.X, l.reg)
		res = append(res, &lang.Ident{Pos: s.Pos, Name: name})
	}
	fs.disposeTry(res, body, s.Pos, s.IsAwait)
	fs.popScope()
}

// splitFirstDecl splits `T a = x, b = y` into `T a = x` and `T b = y`
// (nil when there is no second declarator).
func splitFirstDecl(d *lang.LocalDeclStmt) (first, rest *lang.LocalDeclStmt) {
	first = &lang.LocalDeclStmt{Pos: d.Pos, Type: d.Type, Decls: d.Decls[:1]}
	if len(d.Decls) > 1 {
		rest = &lang.LocalDeclStmt{Pos: d.Pos, Type: d.Type, Decls: d.Decls[1:]}
	}
	return first, rest
}

func (fs *funcState) usingDecl(u *lang.UsingDeclStmt, rest []lang.Stmt) {
	first, more := splitFirstDecl(u.Decl)
	fs.predeclareLocals(first)
	fs.localDecl(first)
	if more != nil {
		rest = append([]lang.Stmt{&lang.UsingDeclStmt{Pos: u.Pos, Decl: more, IsAwait: u.IsAwait}}, rest...)
	}
	d := first.Decls[0]
	fs.disposeTry([]lang.Expr{&lang.Ident{Pos: d.Pos, Name: d.Name}}, rest, u.Pos, u.IsAwait)
}

// disposeTry compiles try { body } finally { resources disposed in reverse },
// each with `await r.DisposeAsync()` for await using.
func (fs *funcState) disposeTry(res []lang.Expr, body []lang.Stmt, pos lang.Pos, await bool) {
	var fin []lang.Stmt
	for i := len(res) - 1; i >= 0; i-- {
		r := res[i]
		var dispose lang.Expr = &lang.CallExpr{Pos: pos, Fun: &lang.MemberExpr{Pos: pos, X: r, Name: "Dispose"}}
		if await {
			dispose = &lang.AwaitExpr{Pos: pos, X: &lang.CallExpr{Pos: pos, Fun: &lang.MemberExpr{Pos: pos, X: r, Name: "DisposeAsync"}}}
		}
		fin = append(fin, &lang.IfStmt{Pos: pos,
			Cond: &lang.BinaryExpr{Pos: pos, Op: "!=", X: r, Y: &lang.Literal{Pos: pos, Kind: lang.LitNull}},
			Then: &lang.ExprStmt{Pos: pos, X: dispose}})
	}
	fs.tryStmt(&lang.TryStmt{Pos: pos, Body: &lang.BlockStmt{Pos: pos, Stmts: body}, Finally: &lang.BlockStmt{Pos: pos, Stmts: fin}})
}

func (fs *funcState) lockStmt(s *lang.LockStmt) {
	fs.inLock++
	defer func() { fs.inLock-- }()
	fs.pushScope()
	fs.predeclareExprVars(s.X)
	name := fmt.Sprintf("<lock>%d", len(fs.code))
	l := fs.declare(name, s.Pos, nil, nil)
	fs.exprTo(s.X, l.reg)
	ref := &lang.Ident{Pos: s.Pos, Name: name}
	mon := &lang.MemberExpr{Pos: s.Pos, X: &lang.Ident{Pos: s.Pos, Name: "System"}, Name: "Threading"}
	monitor := &lang.MemberExpr{Pos: s.Pos, X: mon, Name: "Monitor"}
	fs.stmt(&lang.ExprStmt{Pos: s.Pos, X: &lang.CallExpr{Pos: s.Pos, Fun: &lang.MemberExpr{Pos: s.Pos, X: monitor, Name: "Enter"}, Args: []*lang.Arg{{Pos: s.Pos, X: ref}}}})
	fs.tryStmt(&lang.TryStmt{Pos: s.Pos, Body: &lang.BlockStmt{Pos: s.Pos, Stmts: []lang.Stmt{s.Body}},
		Finally: &lang.BlockStmt{Pos: s.Pos, Stmts: []lang.Stmt{&lang.ExprStmt{Pos: s.Pos, X: &lang.CallExpr{Pos: s.Pos,
			Fun: &lang.MemberExpr{Pos: s.Pos, X: monitor, Name: "Exit"}, Args: []*lang.Arg{{Pos: s.Pos, X: ref}}}}}}})
	fs.popScope()
}

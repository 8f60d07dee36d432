package sm

import (
	"fmt"
	"strings"

	"asyncvm/compiler"
	"asyncvm/compiler/bind"
	"asyncvm/lang"
)

// Names of the state machine's fields, as the C# compiler spells them.
const (
	stateField   = "<>1__state"
	builderField = "<>t__builder"
	thisField    = "<>4__this"
	moveNextVar  = "<>MoveNext"
	coreType     = "AsyncMethodBuilderCore"
)

// hoisted is a field of the state machine (a local of the stub in the
// closure form).
type hoisted struct {
	name  string
	typ   *lang.TypeRef
	param bool
	// typeArg names the method type parameter whose run-time type argument
	// the field keeps (stored as typeof(T) by the stub, read back into the
	// type-argument local of the generic MoveNext); "" for other fields.
	typeArg string
}

// typeArgField names the field keeping a type argument.
func typeArgField(tp string) string { return "<" + tp + ">t__typeArg" }

// source is what the stub stores into the field when it boxes the machine.
func (h hoisted) source(pos lang.Pos) lang.Expr {
	switch {
	case h.typeArg != "":
		return &lang.TypeOfExpr{Pos: pos, Type: typeRef(pos, h.typeArg)}
	case h.name == thisField:
		return &lang.ThisExpr{Pos: pos}
	}
	return ident(pos, h.name)
}

// machineCode is a lowered async function before it is packaged as a class
// or a closure: the MoveNext body and the fields it needs.
type machineCode struct {
	moveNext []lang.Stmt
	fields   []hoisted
	states   int
	// inline is a copy of the body before the await expansion, for the
	// stub's inline first run (class form only; nil when the method keeps
	// the state machine object from the start).
	inline []lang.Stmt
	// names the expander used, shared by the inline run.
	num, result, exit, ec, box string
}

// state is one await: its number, resume label and the try statements
// around it, outermost first.
type state struct {
	n     int
	label string
	tries []*tryInfo
}

type tryInfo struct {
	label  string
	states []*state
}

// machine runs the passes over an async function's body and builds MoveNext.
func (fl *fnLowering) machine(params []*lang.Param, body *lang.BlockStmt) *machineCode {
	ndiag := len(fl.l.diags)
	stripChecked(body)
	fl.desugar(body)
	fl.handlers(body)
	fl.spill(body)
	if len(fl.l.diags) > ndiag {
		return nil
	}
	fl.loopCells(params, body)
	res := resolve(params, body)
	live := liveAcross(res, body)
	mc := &machineCode{}
	declOf := map[*variable]*lang.Declarator{}
	for d, v := range res.decls {
		declOf[v] = d
	}
	var copyIn []*variable
	used := map[*variable]bool{}
	for _, v := range res.uses {
		used[v] = true
	}
	for _, v := range res.vars {
		switch {
		case v.param:
			if !fl.closure && used[v] {
				v.hoist, v.field = true, v.name
				pt := fl.fieldType(v.typ, fl.pos)
				mc.fields = append(mc.fields, hoisted{name: v.name, typ: pt, param: true})
			}
		case v.localFunc, v.inner:
		case live.has(v.id) && v.inLoop && v.inLambda && v.depth == 0:
			fl.errorf(fl.pos, "sm: the variable '%s' is declared in a loop, captured by a lambda and used across an await; each iteration needs its own copy, which the sm lowering does not make (run it with --mode rt)", v.name)
		case live.has(v.id) || v.captured:
			if v.special {
				if !live.has(v.id) {
					continue
				}
				copyIn = append(copyIn, v)
			}
			fl.l.hoistN++
			v.hoist = true
			v.field = fmt.Sprintf("<%s>5__%d", v.name, fl.l.hoistN)
			if strings.HasPrefix(v.name, "<>") {
				v.field = fmt.Sprintf("<>7__wrap%d", fl.l.hoistN)
			}
			var typ *lang.TypeRef
			typ, v.bound = fl.varType(v, declOf[v], fl.pos)
			mc.fields = append(mc.fields, hoisted{name: v.field, typ: typ})
		}
	}
	fl.rename(res, body)
	fl.copyIn(res, body, copyIn)
	if !fl.closure && !fl.static {
		fl.thisAccess(res, body)
	}
	if !fl.closure && fl.iter == nil && fl.kind != kindVoid && !hasNestedFunc(body) {
		mc.inline = deepCopy(body.Stmts, fl.l.info)
	}
	e := &expander{fl: fl, num: fl.fresh("num"), result: fl.fresh("result"), exit: fl.label("exit")}
	mc.num, mc.result, mc.exit = e.num, e.result, e.exit
	mc.ec, mc.box = fl.fresh("<>ec"), fl.fresh("<>box")
	if fl.iter != nil {
		mc.moveNext = e.iterMoveNext(body)
	} else {
		mc.moveNext = e.moveNext(body)
	}
	mc.states = len(e.states)
	if fl.usesThis {
		mc.fields = append([]hoisted{{name: thisField, typ: fl.ownerType(), param: true}}, mc.fields...)
	}
	if !fl.closure {
		// MoveNext is not the generic method: the type arguments travel in
		// fields. (A lambda's or local function's MoveNext is a closure in
		// the generic method and sees them directly.)
		for _, tp := range fl.typeArgs {
			mc.fields = append(mc.fields, hoisted{name: typeArgField(tp), typ: typeRef(fl.pos, "object"), param: true, typeArg: tp})
		}
	}
	return mc
}

// fresh returns name, or a variant of it the function does not use.
func (fl *fnLowering) fresh(name string) string {
	n := name
	for i := 2; fl.names[n]; i++ {
		n = fmt.Sprintf("%s%d", name, i)
	}
	fl.names[n] = true
	return n
}

func (fl *fnLowering) ownerType() *lang.TypeRef {
	t := typeRef(fl.pos, fl.owner.Name)
	for _, tp := range fl.owner.TypeParams {
		t.Args = append(t.Args, typeRef(fl.pos, tp))
	}
	return t
}

// rename gives hoisted variables their field names and turns their
// declarations into assignments.
func (fl *fnLowering) rename(res *resolution, body *lang.BlockStmt) {
	for id, v := range res.uses {
		if v.hoist {
			id.Name = v.field
		}
	}
	declToAssign := func(d *lang.LocalDeclStmt) ([]lang.Stmt, bool) {
		any := false
		for _, dc := range d.Decls {
			if v := res.decls[dc]; v != nil && v.hoist {
				any = true
			}
		}
		if !any {
			return nil, false
		}
		var out []lang.Stmt
		for _, dc := range d.Decls {
			v := res.decls[dc]
			switch {
			case v != nil && v.hoist:
				if init := arrayInitExpr(dc.Init, d.Type); init != nil {
					if fl.boundType(init) == nil {
						fl.typed(init, v.bound) // a synthesized array creation; an initializer keeps its own type, converted where C# converts it
					}
					out = append(out, exprStmt(fl.typed(assign(dc.Pos, fl.typed(ident(dc.Pos, v.field), v.bound), init), v.bound)))
				}
			default:
				out = append(out, &lang.LocalDeclStmt{Pos: dc.Pos, Type: d.Type, RefKind: d.RefKind, IsConst: d.IsConst, Decls: []*lang.Declarator{dc}})
			}
		}
		return out, true
	}
	body.Stmts = mapList(body.Stmts, func(s lang.Stmt) []lang.Stmt {
		switch s := s.(type) {
		case *lang.LocalDeclStmt:
			if out, ok := declToAssign(s); ok {
				return out
			}
		case *lang.ForStmt:
			if s.InitDecl != nil {
				if out, ok := declToAssign(s.InitDecl); ok {
					s.InitDecl = nil
					for _, o := range out {
						if es, ok := o.(*lang.ExprStmt); ok {
							s.InitExprs = append(s.InitExprs, es.X)
						} else {
							fl.errorf(s.Pos, "sm: mixed hoisted and local for-loop variables are not supported")
						}
					}
				}
			}
		}
		return []lang.Stmt{s}
	})
	rewrite(body, func(x lang.Expr) lang.Expr {
		if d, ok := x.(*lang.DeclExpr); ok {
			if v := res.outs[d]; v != nil && v.hoist {
				return ident(d.Pos, v.field)
			}
		}
		return x
	})
}

// copyIn keeps pattern, catch and foreach variables that are live across
// an await: the variable stays a local where it is declared (a pattern
// cannot bind a field), every use reads the hoisted field, and the field is
// assigned where the variable is bound: `x is T v` becomes
// `x is T v && AsyncMethodBuilderCore.Hoist(<v>5__1 = v)` (Hoist is true),
// a case label and a catch filter get the same test in front of their
// `when`, a catch or foreach body starts with the assignment.
func (fl *fnLowering) copyIn(res *resolution, body *lang.BlockStmt, vars []*variable) {
	if len(vars) == 0 {
		return
	}
	want := map[*variable]bool{}
	for _, v := range vars {
		want[v] = true
	}
	done := map[*variable]bool{}
	hoist := func(pos lang.Pos, v *variable) lang.Expr {
		done[v] = true
		return coreCall(pos, "Hoist", assign(pos, ident(pos, v.field), ident(pos, v.name)))
	}
	// patternVars are the kept variables p designates, its subpatterns'
	// included (`x is [var first, .., var last]`).
	patternVars := func(p lang.Pattern) []*variable {
		var vs []*variable
		lang.Inspect(p, func(n lang.Node) bool {
			if q, ok := n.(lang.Pattern); ok {
				if v := res.patterns[q]; v != nil && want[v] {
					vs = append(vs, v)
				}
			}
			_, lambda := n.(*lang.LambdaExpr)
			return !lambda
		})
		return vs
	}
	hoistAll := func(pos lang.Pos, x lang.Expr, vs []*variable) lang.Expr {
		for _, v := range vs {
			x = binary(pos, "&&", x, hoist(pos, v))
		}
		return x
	}
	withWhen := func(pos lang.Pos, when lang.Expr, vs []*variable) lang.Expr {
		x := hoistAll(pos, hoist(pos, vs[0]), vs[1:])
		if when == nil {
			return x
		}
		return binary(pos, "&&", x, when)
	}
	rewrite(body, func(x lang.Expr) lang.Expr {
		if is, ok := x.(*lang.IsExpr); ok {
			if vs := patternVars(is.Pattern); len(vs) > 0 {
				return hoistAll(is.Pos, is, vs)
			}
		}
		return x
	})
	lang.Inspect(body, func(n lang.Node) bool {
		switch n := n.(type) {
		case *lang.SwitchStmt:
			for _, sec := range n.Sections {
				for _, l := range sec.Labels {
					if vs := patternVars(l.Pattern); len(vs) > 0 {
						l.When = withWhen(l.Pos, l.When, vs)
					}
				}
			}
		case *lang.TryStmt:
			for _, c := range n.Catches {
				if v := res.catches[c]; v != nil && want[v] {
					if c.Filter != nil {
						c.Filter = withWhen(c.Pos, c.Filter, []*variable{v})
					} else {
						done[v] = true
						c.Body.Stmts = append([]lang.Stmt{assignStmt(c.Pos, ident(c.Pos, v.field), ident(c.Pos, v.name))}, c.Body.Stmts...)
					}
				}
			}
		case *lang.ForeachStmt:
			if v := res.loops[n]; v != nil && want[v] {
				done[v] = true
				b := asBlock(n.Body)
				b.Stmts = append([]lang.Stmt{assignStmt(n.Pos, ident(n.Pos, v.field), ident(n.Pos, v.name))}, b.Stmts...)
				n.Body = b
			}
		}
		return true
	})
	for _, v := range vars {
		if !done[v] {
			fl.errorf(fl.pos, "sm: the pattern variable '%s' cannot be kept across an await here (only patterns directly in 'is', a case label, a catch or a foreach are)", v.name)
		}
	}
}

// thisAccess makes `this` and the enclosing class's instance members reach
// the instance through the <>4__this field.
func (fl *fnLowering) thisAccess(res *resolution, body *lang.BlockStmt) {
	fl.baseAccess(body)
	static := map[*lang.Ident]bool{}
	libThis := map[*lang.Ident]bool{}
	lang.Inspect(body, func(n lang.Node) bool {
		if c, ok := n.(*lang.CallExpr); ok {
			if id, ok := c.Fun.(*lang.Ident); ok {
				if m := fl.l.info.CallOf(c); m != nil {
					static[id] = m.Static // the overload the binder chose
					if !m.Static && m.Owner != nil && m.Owner.Generic().Lib && res.uses[id] == nil {
						libThis[id] = true // a library base class's method
					}
				} else {
					static[id] = fl.staticCall(id.Name, len(c.Args))
				}
			}
		}
		return true
	})
	rewrite(body, func(x lang.Expr) lang.Expr {
		switch x := x.(type) {
		case *lang.ThisExpr:
			fl.usesThis = true
			return ident(x.Pos, thisField)
		case *lang.Ident:
			if fl.l.info.IsTypeName(x) {
				return x // `Color.Red` beside a property Color: the type (bind.Info.TypeNames)
			}
			if res.uses[x] == nil && (fl.instance[x.Name] && !isFieldName(x.Name) && !static[x] || libThis[x] || fl.l.info.IsLibThis(x)) {
				fl.usesThis = true
				return member(x.Pos, ident(x.Pos, thisField), x.Name)
			}
		}
		return x
	})
}

// hasNestedFunc reports whether a body contains a lambda or a local
// function. Such a method keeps the state machine object from the start:
// its closures capture the state machine's fields (the C# compiler's
// display class is likewise allocated on entry), and a closure made before
// the first suspension must see the same variables as MoveNext after it.
func hasNestedFunc(body *lang.BlockStmt) bool {
	found := false
	lang.Inspect(body, func(n lang.Node) bool {
		switch n.(type) {
		case *lang.LambdaExpr, *lang.LocalFuncStmt:
			found = true
		}
		return !found
	})
	return found
}

func isFieldName(name string) bool { return len(name) > 0 && name[0] == '<' }

// expander turns canonical awaits into the awaiter pattern and builds the
// dispatch.
type expander struct {
	fl                *fnLowering
	num, result, exit string
	states            []*state
	tries             []*tryInfo
	// inline is set for the stub's first run: a suspension boxes the state
	// machine (see boxAndSuspend) and returns its task; nothing resumes here,
	// so there are no resume labels and no dispatch.
	inline *inlineRun
}

// inlineRun is what the stub's first run needs to box the state machine.
type inlineRun struct {
	mc     *machineCode
	smName string
}

func (e *expander) moveNext(body *lang.BlockStmt) []lang.Stmt {
	fl := e.fl
	pos := fl.pos
	stmts := e.list(body.Stmts)
	if len(e.states) > 0 {
		stmts = append([]lang.Stmt{e.dispatch(nil)}, stmts...)
	}
	var out []lang.Stmt
	out = append(out, fl.intDecl(pos, e.num, fl.intRef(pos, stateField)))
	if fl.returnsValue() {
		out = append(out, declStmt(pos, fl.resultTypeOrObject(), e.result, &lang.DefaultExpr{Pos: pos, Type: fl.resultTypeOrObject()}))
	}
	out = append(out, e.awaiterLocals(pos)...)
	exc := fl.fresh("e")
	builder := ident(pos, builderField)
	out = append(out, &lang.TryStmt{Pos: pos, Body: block(pos, stmts...), Catches: []*lang.CatchClause{{
		Pos: pos, Type: typeRef(pos, "Exception"), Name: exc,
		Body: block(pos,
			exprStmt(fl.intAssign(pos, fl.intRef(pos, stateField), fl.intLit(pos, -2))),
			exprStmt(call(pos, member(pos, builder, "SetException"), ident(pos, exc))),
			&lang.ReturnStmt{Pos: pos}),
	}}})
	rbrace := body.Rbrace
	if !rbrace.IsValid() {
		rbrace = pos
	}
	out = append(out, labeled(rbrace, e.exit, exprStmt(fl.intAssign(rbrace, fl.intRef(rbrace, stateField), fl.intLit(rbrace, -2)))))
	if fl.returnsValue() {
		out = append(out, exprStmt(call(rbrace, member(rbrace, ident(rbrace, builderField), "SetResult"), ident(rbrace, e.result))))
	} else {
		out = append(out, exprStmt(call(rbrace, member(rbrace, ident(rbrace, builderField), "SetResult"))))
	}
	return out
}

// dispatch is `switch (num) { case N: goto L; ... }` for the states inside
// t (all states when t is nil): L is the resume label when the await sits
// directly in t, else the label of the next try statement on its path.
func (e *expander) dispatch(t *tryInfo) lang.Stmt {
	pos := e.fl.pos
	sw := &lang.SwitchStmt{Pos: pos, X: e.fl.intRef(pos, e.num)}
	states := e.states
	if t != nil {
		states = t.states
	}
	for _, s := range states {
		target := s.label
		idx := -1
		for i, ti := range s.tries {
			if ti == t {
				idx = i
			}
		}
		if idx+1 < len(s.tries) {
			target = s.tries[idx+1].label
		}
		sw.Sections = append(sw.Sections, &lang.SwitchSection{Pos: pos,
			Labels: []*lang.CaseLabel{{Pos: pos, Pattern: &lang.ConstPattern{Pos: pos, X: e.fl.intLit(pos, s.n)}}},
			Body:   []lang.Stmt{gotoStmt(pos, target)}})
	}
	return sw
}

func (e *expander) list(list []lang.Stmt) []lang.Stmt {
	var out []lang.Stmt
	for _, s := range list {
		out = append(out, e.stmt(s)...)
	}
	return out
}

func (e *expander) one(s lang.Stmt) lang.Stmt { return single(e.stmt(s)) }

func (e *expander) stmt(s lang.Stmt) []lang.Stmt {
	// An async iterator's awaits stay: its MoveNextAsync is an async
	// method of its own (iterator.go).
	if aw, finish := canonicalAwait(s); aw != nil && e.fl.iter == nil {
		return e.await(aw, finish)
	}
	switch s := s.(type) {
	case *lang.YieldStmt:
		return e.yield(s)
	case *lang.BlockStmt:
		s.Stmts = e.list(s.Stmts)
	case *lang.IfStmt:
		s.Then = e.one(s.Then)
		if s.Else != nil {
			s.Else = e.one(s.Else)
		}
	case *lang.WhileStmt:
		s.Body = e.one(s.Body)
	case *lang.DoStmt:
		s.Body = e.one(s.Body)
	case *lang.ForStmt:
		s.Body = e.one(s.Body)
	case *lang.ForeachStmt:
		s.Body = e.one(s.Body)
	case *lang.SwitchStmt:
		for _, sec := range s.Sections {
			sec.Body = e.list(sec.Body)
		}
	case *lang.UsingStmt:
		s.Body = e.one(s.Body)
	case *lang.LockStmt:
		s.Body = e.one(s.Body)
	case *lang.LabeledStmt:
		inner := e.stmt(s.Stmt)
		s.Stmt = inner[0]
		return append([]lang.Stmt{s}, inner[1:]...)
	case *lang.ReturnStmt:
		pos := s.Pos
		if s.X != nil && e.fl.returnsValue() {
			return []lang.Stmt{assignStmt(pos, ident(pos, e.result), s.X), gotoStmt(pos, e.exit)}
		}
		if s.X != nil {
			if !e.fl.closure && (e.fl.kind == kindTask || e.fl.kind == kindValueTask) {
				e.fl.errorf(pos, "error CS1997: Since '%s' is an async method that returns '%s', a return keyword must not be followed by an object expression", e.fl.display, e.fl.kind.returnTypeName())
			}
			return []lang.Stmt{exprStmt(s.X), gotoStmt(pos, e.exit)}
		}
		return []lang.Stmt{gotoStmt(pos, e.exit)}
	case *lang.TryStmt:
		ti := &tryInfo{label: e.fl.label("try")}
		e.tries = append(e.tries, ti)
		s.Body.Stmts = e.list(s.Body.Stmts)
		e.tries = e.tries[:len(e.tries)-1]
		for _, c := range s.Catches {
			c.Body.Stmts = e.list(c.Body.Stmts)
		}
		if s.Finally != nil {
			s.Finally.Stmts = e.list(s.Finally.Stmts)
		}
		if len(ti.states) == 0 {
			return []lang.Stmt{s}
		}
		if e.inline == nil {
			s.Body.Stmts = append([]lang.Stmt{e.dispatch(ti)}, s.Body.Stmts...)
		}
		if s.Finally != nil {
			pos := s.Finally.Pos
			s.Finally = block(pos, ifStmt(pos, binary(pos, "<", e.fl.intRef(pos, e.num), e.fl.intLit(pos, 0)), s.Finally, nil))
		}
		return []lang.Stmt{labeled(s.Pos, ti.label, s)}
	}
	return []lang.Stmt{s}
}

// canonicalAwait recognises the three await statement forms the spill pass
// produces; finish builds the statement that consumes the result.
func canonicalAwait(s lang.Stmt) (*lang.AwaitExpr, func(result lang.Expr) lang.Stmt) {
	switch s := s.(type) {
	case *lang.ExprStmt:
		switch x := s.X.(type) {
		case *lang.AwaitExpr:
			return x, func(r lang.Expr) lang.Stmt { return exprStmt(r) }
		case *lang.AssignExpr:
			if aw, ok := x.Right.(*lang.AwaitExpr); ok && x.Op == "=" {
				if _, ok := x.Left.(*lang.Ident); ok || thisMember(x.Left) {
					return aw, func(r lang.Expr) lang.Stmt { x.Right = r; return s }
				}
			}
		}
	case *lang.LocalDeclStmt:
		if len(s.Decls) == 1 {
			if aw, ok := s.Decls[0].Init.(*lang.AwaitExpr); ok {
				return aw, func(r lang.Expr) lang.Stmt { s.Decls[0].Init = r; return s }
			}
		}
	}
	return nil, nil
}

// thisMember reports whether x is a field or property of the method's own
// object as thisAccess rewrites a simple name (`<>4__this.f`): the spill
// pass saw the name alone, so `f = await e;` reaches the expansion as
// `<>4__this.f = await e;`, whose target does not change across the await.
func thisMember(x lang.Expr) bool {
	m, ok := x.(*lang.MemberExpr)
	if !ok {
		return false
	}
	switch o := m.X.(type) {
	case *lang.ThisExpr:
		return true
	case *lang.Ident:
		return o.Name == thisField
	}
	return false
}

// await expands one await into the awaiter pattern:
//
//	awaiter = e.GetAwaiter();
//	if (!awaiter.IsCompleted) {
//	    num = <>1__state = N;
//	    <>u__1 = awaiter;
//	    <>t__builder.AwaitUnsafeOnCompleted(awaiter, this);
//	    return;
//	  resumeN:
//	    awaiter = <>u__1;
//	    <>u__1 = null;
//	    num = <>1__state = -1;
//	}
//	... awaiter.GetResult() ...
func (e *expander) await(aw *lang.AwaitExpr, finish func(lang.Expr) lang.Stmt) []lang.Stmt {
	pos := aw.Pos
	fl := e.fl
	st := &state{n: len(e.states), label: fmt.Sprintf("<>await_%d", len(e.states)), tries: append([]*tryInfo(nil), e.tries...)}
	e.states = append(e.states, st)
	for _, t := range e.tries {
		t.states = append(t.states, st)
	}
	self := lang.Expr(&lang.ThisExpr{Pos: pos})
	if fl.closure {
		self = ident(pos, moveNextVar)
	}
	setState := func(n int) lang.Stmt {
		return exprStmt(fl.intAssign(pos, fl.intRef(pos, e.num), fl.intAssign(pos, fl.intRef(pos, stateField), fl.intLit(pos, n))))
	}
	slot := fl.slotFor(aw.X, pos)
	awaiter := func() lang.Expr { return ident(pos, slot.local) }
	notCompleted := func() lang.Expr {
		b := fl.l.info.Universe.SpecialType(bind.Bool)
		return fl.typed(not(pos, fl.typed(coreCall(pos, "IsCompleted", awaiter()), b)), b)
	}
	// GetResult stands for the await: it has the await's bound type.
	result := func() lang.Expr { return fl.typed(coreCall(pos, "GetResult", awaiter()), fl.boundType(aw)) }
	get := func() lang.Stmt {
		if a := fl.l.info.Awaits[aw]; a != nil {
			// An awaitable bound to the awaiter pattern: its GetAwaiter as
			// bound, adapted with the OnCompleted the binder chose.
			return assignStmt(pos, awaiter(), coreCall(pos, "GetAwaiter",
				call(pos, member(pos, member(pos, ident(pos, "Internal"), "VM"), "PatternAwaiter"), fl.l.info.GetAwaiterCall(a, aw.X, pos), boolLit(pos, a.Critical))))
		}
		return assignStmt(pos, awaiter(), coreCall(pos, "GetAwaiter", aw.X))
	}
	if e.inline != nil {
		return []lang.Stmt{
			get(),
			ifStmt(pos, notCompleted(), e.boxAndSuspend(pos, st.n, slot), nil),
			finish(result()),
		}
	}
	suspend := block(pos,
		setState(st.n),
		assignStmt(pos, ident(pos, slot.field), awaiter()),
		exprStmt(call(pos, member(pos, ident(pos, builderField), "AwaitUnsafeOnCompleted"), awaiter(), self)),
		&lang.ReturnStmt{Pos: pos},
		labeled(pos, st.label, assignStmt(pos, awaiter(), ident(pos, slot.field))),
		assignStmt(pos, ident(pos, slot.field), slot.zero(pos)),
		setState(-1),
	)
	return []lang.Stmt{
		get(),
		ifStmt(pos, notCompleted(), suspend, nil),
		finish(result()),
	}
}

// awaiterLocals declares MoveNext's awaiter locals, one per awaiter type.
func (e *expander) awaiterLocals(pos lang.Pos) []lang.Stmt {
	var out []lang.Stmt
	for _, s := range e.fl.awaiters {
		out = append(out, declStmt(pos, s.declType(pos), s.local, s.zero(pos)))
	}
	return out
}

// coreCall is AsyncMethodBuilderCore.name(args): the awaiter operations.
// A Task is its own awaiter (.NET's TaskAwaiter is a struct around the
// task), so awaiting a completed task allocates nothing; the operations are
// methods rather than properties because the VM calls native methods
// without allocating.
func coreCall(pos lang.Pos, name string, args ...lang.Expr) lang.Expr {
	return call(pos, member(pos, ident(pos, coreType), name), args...)
}

// boxAndSuspend is the first real suspension in the stub's inline run: the
// state machine, so far the stub's locals, is copied into a new box (the
// state machine object with its builder), which then suspends on the
// awaiter exactly as MoveNext would, and the stub returns the box's task:
//
//	num = N;
//	<>box = new <F>d__0();
//	<>box.<>1__state = N;
//	<>box.<>t__builder = <new builder>;
//	<>box.<field> = <local>; ...
//	<>box.<>u__1 = awaiter;
//	<>box.<>t__builder.AwaitUnsafeOnCompleted(awaiter, <>box);
//	AsyncMethodBuilderCore.Leave(<>ec);
//	return <>box.<>t__builder.Task;
func (e *expander) boxAndSuspend(pos lang.Pos, n int, slot *awaiterSlot) *lang.BlockStmt {
	fl, mc := e.fl, e.inline.mc
	box := func() lang.Expr { return ident(pos, mc.box) }
	out := []lang.Stmt{
		exprStmt(fl.intAssign(pos, fl.intRef(pos, e.num), fl.intLit(pos, n))),
		assignStmt(pos, box(), &lang.NewExpr{Pos: pos, Type: typeRef(pos, e.inline.smName)}),
		assignStmt(pos, member(pos, box(), stateField), fl.intLit(pos, n)),
		assignStmt(pos, member(pos, box(), builderField), fl.builderNew(pos)),
	}
	for _, f := range mc.fields {
		if f.name == thisField {
			out = append(out, assignStmt(pos, member(pos, box(), f.name), ident(pos, f.name)))
			continue
		}
		out = append(out, assignStmt(pos, member(pos, box(), f.name), f.source(pos)))
	}
	out = append(out,
		assignStmt(pos, member(pos, box(), slot.field), ident(pos, slot.local)),
		exprStmt(call(pos, member(pos, member(pos, box(), builderField), "AwaitUnsafeOnCompleted"), ident(pos, slot.local), box())),
		exprStmt(coreCall(pos, "Leave", ident(pos, mc.ec))),
		&lang.ReturnStmt{Pos: pos, X: member(pos, member(pos, box(), builderField), "Task")})
	return block(pos, out...)
}

// inlineBody is the stub of a class-form method: the first MoveNext runs
// inline, with the state machine's fields as the stub's locals (.NET's
// state machine is a struct on the stub's stack), and nothing is allocated
// unless it suspends:
//
//	object <>ec = AsyncMethodBuilderCore.Enter();
//	<hoisted locals>; int num = -1; ...
//	try { <body> }
//	catch (Exception e) { AsyncMethodBuilderCore.Leave(<>ec); return <Builder>.FromException(e); }
//	exit:
//	AsyncMethodBuilderCore.Leave(<>ec);
//	return <Builder>.FromResult(result);
//
// Enter saves the caller's ExecutionContext (and counts the async call),
// Leave puts it back, as Start does around the first MoveNext. FromResult
// hands out a cached completed task when .NET caches one.
func (e *expander) inlineBody(stmts []lang.Stmt) []lang.Stmt {
	fl, mc := e.fl, e.inline.mc
	pos := fl.pos
	body := e.list(stmts)
	out := []lang.Stmt{declStmt(pos, typeRef(pos, "object"), mc.ec, coreCall(pos, "Enter"))}
	for _, f := range mc.fields {
		switch {
		case f.name == thisField:
			out = append(out, declStmt(pos, f.typ, f.name, &lang.ThisExpr{Pos: pos}))
		case !f.param:
			out = append(out, declStmt(pos, f.typ, f.name, &lang.DefaultExpr{Pos: pos, Type: cloneType(f.typ)}))
		}
	}
	out = append(out, fl.intDecl(pos, e.num, fl.intLit(pos, -1)))
	if fl.returnsValue() {
		out = append(out, declStmt(pos, fl.resultTypeOrObject(), e.result, &lang.DefaultExpr{Pos: pos, Type: fl.resultTypeOrObject()}))
	}
	if len(e.states) > 0 {
		out = append(out,
			declStmt(pos, typeRef(pos, e.inline.smName), mc.box, nullLit(pos)))
		out = append(out, e.awaiterLocals(pos)...)
	}
	builder := ident(pos, fl.builderStatic())
	typed := func(args ...lang.Expr) []lang.Expr {
		if fl.returnsValue() {
			return append([]lang.Expr{&lang.TypeOfExpr{Pos: pos, Type: fl.builderArg(pos)}}, args...)
		}
		return args
	}
	exc := fl.fresh("e")
	leave := func(pos lang.Pos) lang.Stmt { return exprStmt(coreCall(pos, "Leave", ident(pos, mc.ec))) }
	out = append(out, &lang.TryStmt{Pos: pos, Body: block(pos, body...), Catches: []*lang.CatchClause{{
		Pos: pos, Type: typeRef(pos, "Exception"), Name: exc,
		Body: block(pos, leave(pos),
			&lang.ReturnStmt{Pos: pos, X: call(pos, member(pos, builder, "FromException"), typed(ident(pos, exc))...)}),
	}}})
	rbrace := pos
	if len(stmts) > 0 {
		rbrace = stmts[len(stmts)-1].Position()
	}
	var result []lang.Expr
	if fl.returnsValue() {
		result = typed(ident(rbrace, e.result))
	}
	out = append(out,
		labeled(rbrace, e.exit, leave(rbrace)),
		&lang.ReturnStmt{Pos: rbrace, X: call(rbrace, member(rbrace, ident(rbrace, fl.builderStatic()), "FromResult"), result...)})
	return out
}

// builderNew is the expression creating the builder.
func (fl *fnLowering) builderNew(pos lang.Pos) lang.Expr {
	name := "AsyncTaskMethodBuilder"
	switch fl.kind {
	case kindValueTask, kindValueTaskT:
		name = "AsyncValueTaskMethodBuilder"
	case kindVoid:
		name = "AsyncVoidMethodBuilder"
	}
	if fl.returnsValue() {
		return &lang.NewExpr{Pos: pos, Type: typeRef(pos, name, fl.builderArg(pos))}
	}
	return call(pos, member(pos, ident(pos, name), "Create"))
}

// builderStatic names the builder type whose static FromResult and
// FromException complete a stub that never suspended.
func (fl *fnLowering) builderStatic() string {
	if fl.kind == kindValueTask || fl.kind == kindValueTaskT {
		return "AsyncValueTaskMethodBuilder"
	}
	return "AsyncTaskMethodBuilder"
}

func (fl *fnLowering) builderArg(pos lang.Pos) *lang.TypeRef {
	if fl.result == nil || fl.mentionsTypeParam(fl.result) {
		return typeRef(pos, "object")
	}
	return cloneType(fl.result)
}

func (fl *fnLowering) builderType(pos lang.Pos) *lang.TypeRef {
	switch fl.kind {
	case kindTaskT:
		return typeRef(pos, "AsyncTaskMethodBuilder", fl.builderArg(pos))
	case kindValueTask:
		return typeRef(pos, "AsyncValueTaskMethodBuilder")
	case kindValueTaskT:
		return typeRef(pos, "AsyncValueTaskMethodBuilder", fl.builderArg(pos))
	case kindVoid:
		return typeRef(pos, "AsyncVoidMethodBuilder")
	}
	return typeRef(pos, "AsyncTaskMethodBuilder")
}

// classForm packages a lowered method as a stub and a nested state machine
// class, as the C# compiler does.
func (fl *fnLowering) classForm(owner *lang.TypeDecl, m *lang.MethodDecl, smName string, mc *machineCode) (*lang.MethodDecl, *lang.TypeDecl) {
	pos := m.Pos
	cls := &lang.TypeDecl{Pos: pos, Kind: lang.KindClass, Name: smName, Namespace: owner.Namespace,
		Modifiers:  lang.ModPrivate | lang.ModSealed,
		Attributes: []*lang.Attribute{{Pos: pos, Name: "CompilerGenerated"}},
		Bases:      []*lang.TypeRef{typeRef(pos, "IAsyncStateMachine")}}
	field := func(mods lang.Modifiers, t *lang.TypeRef, name string) {
		cls.Members = append(cls.Members, &lang.FieldDecl{Pos: pos, Modifiers: mods, Type: t, Decls: []*lang.Declarator{{Pos: pos, Name: name}}})
	}
	field(lang.ModPublic, typeRef(pos, "int"), stateField)
	field(lang.ModPublic, fl.builderType(pos), builderField)
	for _, f := range mc.fields {
		if f.param {
			field(lang.ModPublic, f.typ, f.name)
		}
	}
	for _, f := range mc.fields {
		if !f.param {
			field(lang.ModPrivate, f.typ, f.name)
		}
	}
	for _, s := range fl.awaiters {
		field(lang.ModPrivate, s.declType(pos), s.field)
	}
	// A generic method's MoveNext is generic in the same type parameters and
	// starts by loading their type arguments from the fields that keep them.
	var loadTypeArgs []lang.Stmt
	for _, f := range mc.fields {
		if f.typeArg != "" {
			loadTypeArgs = append(loadTypeArgs, assignStmt(pos, ident(pos, compiler.TypeArgLocal(f.typeArg)), ident(pos, f.name)))
		}
	}
	cls.Members = append(cls.Members,
		&lang.MethodDecl{Pos: pos, Modifiers: lang.ModPublic, ReturnType: typeRef(pos, "void"), Name: "MoveNext",
			TypeParams: fl.typeArgs, Body: block(pos, append(loadTypeArgs, mc.moveNext...)...)},
		&lang.MethodDecl{Pos: pos, Modifiers: lang.ModPublic, ReturnType: typeRef(pos, "void"), Name: "SetStateMachine",
			Params: []*lang.Param{{Pos: pos, Type: typeRef(pos, "IAsyncStateMachine"), Name: "stateMachine"}},
			Body:   block(pos)})

	stub := *m
	fl.l.info.Copied(m, &stub) // the stub is the method callers and overrides bound to
	stub.Modifiers &^= lang.ModAsync
	stub.Attributes = append(append([]*lang.Attribute(nil), m.Attributes...),
		&lang.Attribute{Pos: pos, Name: "AsyncStateMachine", Args: []*lang.Arg{{Pos: pos, X: &lang.TypeOfExpr{Pos: pos, Type: typeRef(pos, smName)}}}})
	stub.ExprBody = nil
	if mc.inline != nil {
		e := &expander{fl: fl, num: mc.num, result: mc.result, exit: mc.exit,
			inline: &inlineRun{mc: mc, smName: smName}}
		stub.Body = block(pos, e.inlineBody(mc.inline)...)
		return &stub, cls
	}
	smVar := fl.fresh("stateMachine")
	smRef := func() lang.Expr { return ident(pos, smVar) }
	body := []lang.Stmt{
		declStmt(pos, typeRef(pos, smName), smVar, &lang.NewExpr{Pos: pos, Type: typeRef(pos, smName)}),
		assignStmt(pos, member(pos, smRef(), builderField), fl.builderNew(pos)),
	}
	for _, f := range mc.fields {
		if !f.param {
			continue
		}
		body = append(body, assignStmt(pos, member(pos, smRef(), f.name), f.source(pos)))
	}
	body = append(body,
		assignStmt(pos, member(pos, smRef(), stateField), fl.intLit(pos, -1)),
		exprStmt(call(pos, member(pos, member(pos, smRef(), builderField), "Start"), smRef())))
	if fl.kind != kindVoid {
		body = append(body, &lang.ReturnStmt{Pos: pos, X: member(pos, member(pos, smRef(), builderField), "Task")})
	}
	stub.Body = block(pos, body...)
	return &stub, cls
}

// closureForm is the body of a lowered lambda or local function: the state
// machine's fields are locals of the stub, MoveNext is a closure over them,
// and the closure itself is what the builder boxes and resumes.
func (fl *fnLowering) closureForm(mc *machineCode) *lang.BlockStmt {
	pos := fl.pos
	var body []lang.Stmt
	for _, f := range mc.fields {
		if f.param {
			continue
		}
		body = append(body, declStmt(pos, f.typ, f.name, &lang.DefaultExpr{Pos: pos, Type: cloneType(f.typ)}))
	}
	body = append(body,
		fl.intDecl(pos, stateField, fl.intLit(pos, -1)),
		declStmt(pos, fl.builderType(pos), builderField, fl.builderNew(pos)))
	for _, s := range fl.awaiters {
		body = append(body, declStmt(pos, s.declType(pos), s.field, s.zero(pos)))
	}
	body = append(body,
		declStmt(pos, typeRef(pos, "Action"), moveNextVar, nullLit(pos)),
		assignStmt(pos, ident(pos, moveNextVar), &lang.LambdaExpr{Pos: pos, Body: block(pos, mc.moveNext...)}),
		exprStmt(call(pos, member(pos, ident(pos, builderField), "Start"), ident(pos, moveNextVar))))
	if fl.kind != kindVoid {
		body = append(body, &lang.ReturnStmt{Pos: pos, X: member(pos, ident(pos, builderField), "Task")})
	}
	return block(pos, body...)
}

package sm

import (
	"fmt"
	"strings"

	"asyncvm/compiler"
	"asyncvm/compiler/bind"
	"asyncvm/lang"
)

// The iterator lowering rewrites an iterator block (a method or get
// accessor with `yield return`) into a stub that creates an object of a
// nested class and the class, the enumerable and enumerator at once, as
// Roslyn's IteratorRewriter does. It runs in both execution models: .NET
// 11's runtime async leaves iterators to the compiler. The passes are the
// async lowering's (desugaring, spilling, hoisting by liveness), with
// `yield return` as the suspension point; the expansion differs:
//
//	yield return X;  =>  <>2__current = X;
//	                     num = <>1__state = N;
//	                     return true;
//	                   <>yield_N:
//	                     num = <>1__state = -1;
//	                     if (<>w__disposeMode) goto exit;
//
// States are Roslyn's: -2 an enumerable not yet enumerated, 0 before the
// first MoveNext, N > 0 suspended at the Nth yield, -1 running or done.
// Finally blocks around a yield are guarded as the async lowering guards
// them (`if (num < 0)`), so returning true from inside them runs nothing;
// Dispose of an enumerator suspended at a yield sets <>w__disposeMode and
// resumes it, and the resumed yield leaves by the exit label, through
// every enclosing finally block, innermost first (Roslyn's dispose mode
// of async iterators, used here for both kinds; docs/rationale.md).
const (
	currentField     = "<>2__current"
	threadIDField    = "<>l__initialThreadId"
	disposeModeField = "<>w__disposeMode"
)

// iterParamField is the field keeping a parameter's original value for
// GetEnumerator to copy into each enumerator (Roslyn's <>3__n).
func iterParamField(name string) string { return "<>3__" + name }

// lowerIterators rewrites the iterator methods and get accessors of td.
// It runs before the async lowering of the same type.
func (l *lowering) lowerIterators(td *lang.TypeDecl) {
	var extra []*lang.TypeDecl
	for _, m := range td.Members {
		switch m := m.(type) {
		case *lang.TypeDecl:
		case *lang.MethodDecl:
			l.at = m.Pos
			l.lowerLocalIterators(m.Body, td)
			l.lowerLocalIterators(m.ExprBody, td)
		default:
			l.at = m.Position()
			l.lowerLocalIterators(m, td)
		}
		switch m := m.(type) {
		case *lang.MethodDecl:
			it := l.info.Iterators[m]
			if it == nil || m.Body == nil {
				continue
			}
			typeParams := m.TypeParams
			if td.Kind == lang.KindClass && len(td.TypeParams) > 0 {
				typeParams = append(append([]string{}, td.TypeParams...), m.TypeParams...)
			}
			body, cls := l.lowerIterator(td, m.Name, m.Pos, m.Params, m.TypeParams, typeParams, m.Modifiers.Has(lang.ModStatic), m.Body, it)
			if cls == nil {
				continue
			}
			m.Body = body
			m.Modifiers &^= lang.ModAsync // the stub only creates the object
			m.Attributes = append(m.Attributes, &lang.Attribute{Pos: m.Pos, Name: "IteratorStateMachine",
				Args: []*lang.Arg{{Pos: m.Pos, X: &lang.TypeOfExpr{Pos: m.Pos, Type: typeRef(m.Pos, cls.Name)}}}})
			extra = append(extra, cls)
		case *lang.PropertyDecl:
			for _, a := range m.Accessors {
				it := l.info.Iterators[a]
				if it == nil || a.Body == nil {
					continue
				}
				body, cls := l.lowerIterator(td, "get_"+m.Name, a.Pos, m.Params, nil, td.TypeParams, m.Modifiers.Has(lang.ModStatic), a.Body, it)
				if cls != nil {
					a.Body = body
					extra = append(extra, cls)
				}
			}
		}
	}
	for _, c := range extra {
		td.Members = append(td.Members, c)
		if l.mode == "sm" {
			l.lowerNested(c, td)
		}
	}
}

// lowerIterator lowers one iterator body; it returns the stub's body and
// the class, or a nil class after an error.
func (l *lowering) lowerIterator(owner *lang.TypeDecl, name string, pos lang.Pos, params []*lang.Param, methodTypeParams, typeParams []string,
	static bool, body *lang.BlockStmt, it *bind.Iterator) (*lang.BlockStmt, *lang.TypeDecl) {
	fl := l.newFn(owner, pos, params, body, typeParams)
	fl.iter, fl.static, fl.params = it, static, params
	fl.display = owner.Name + "." + name + "()"
	l.smN++
	clsName := fmt.Sprintf("<%s>d__%d", name, l.smN-1)
	mc := fl.machine(params, body)
	if mc == nil {
		return nil, nil
	}
	cls := fl.iteratorClass(owner, clsName, mc)
	stub := fl.iteratorStub(clsName, mc)
	l.items = append(l.items, &Item{Name: name, Owner: owner, Stub: &lang.MethodDecl{Pos: pos, Name: name, Params: params,
		TypeParams: methodTypeParams, Body: stub, Modifiers: lang.ModStatic &^ lang.ModStatic}, Machine: cls})
	return stub, cls
}

// elemType is the type of <>2__current and Current: the yield type, or
// object when the class cannot name it.
func (fl *fnLowering) elemType(pos lang.Pos) *lang.TypeRef {
	if t := fl.typeRefOf(fl.iter.Elem, pos); t != nil {
		return t
	}
	return typeRef(pos, "object")
}

// iface is the interface type an iterator class lists: IEnumerable<T>
// and the others, or the non-generic ones.
func (fl *fnLowering) iface(pos lang.Pos, name string) *lang.TypeRef {
	if !fl.iter.Generic {
		// Qualified: the iterator's file need not import System.Collections.
		return typeRef(pos, "System.Collections."+name)
	}
	return typeRef(pos, name, fl.elemType(pos))
}

// enumerable reports whether the iterator returns an enumerable (which has
// GetEnumerator and keeps its parameters' original values).
func (fl *fnLowering) enumerable() bool {
	return fl.iter.Kind == bind.IterEnumerable || fl.iter.Kind == bind.IterAsyncEnumerable
}

// iteratorStub is the iterator method's new body:
//
//	<F>d__0 d = new <F>d__0(-2);   // 0 for an enumerator
//	d.<>4__this = this;
//	d.<>3__n = n;                  // d.n = n for an enumerator
//	return d;
func (fl *fnLowering) iteratorStub(clsName string, mc *machineCode) *lang.BlockStmt {
	pos := fl.pos
	d := fl.fresh("d")
	initial := 0
	if fl.enumerable() {
		initial = -2
	}
	out := []lang.Stmt{declStmt(pos, typeRef(pos, clsName), d, &lang.NewExpr{Pos: pos, Type: typeRef(pos, clsName), Args: []*lang.Arg{{Pos: pos, X: fl.intLit(pos, initial)}}})}
	for _, f := range mc.fields {
		if !f.param {
			continue
		}
		target := f.name
		if fl.enumerable() && f.name != thisField && f.typeArg == "" {
			target = iterParamField(f.name)
		}
		out = append(out, assignStmt(pos, member(pos, ident(pos, d), target), f.source(pos)))
	}
	out = append(out, &lang.ReturnStmt{Pos: pos, X: ident(pos, d)})
	return block(pos, out...)
}

// iteratorClass is the nested class of an iterator.
func (fl *fnLowering) iteratorClass(owner *lang.TypeDecl, clsName string, mc *machineCode) *lang.TypeDecl {
	pos := fl.pos
	var bases []*lang.TypeRef
	async := fl.iter.Kind.Async()
	switch {
	case async && fl.enumerable():
		bases = append(bases, fl.iface(pos, "IAsyncEnumerable"), fl.iface(pos, "IAsyncEnumerator"))
	case async:
		bases = append(bases, fl.iface(pos, "IAsyncEnumerator"))
	case fl.enumerable():
		bases = append(bases, fl.iface(pos, "IEnumerable"), fl.iface(pos, "IEnumerator"))
	default:
		bases = append(bases, fl.iface(pos, "IEnumerator"))
	}
	if !fl.iter.Generic {
		bases = append(bases, typeRef(pos, "IDisposable"))
	}
	cls := &lang.TypeDecl{Pos: pos, Kind: lang.KindClass, Name: clsName, Namespace: owner.Namespace,
		Modifiers:  lang.ModPrivate | lang.ModSealed,
		Attributes: []*lang.Attribute{{Pos: pos, Name: "CompilerGenerated"}},
		Bases:      bases}
	field := func(mods lang.Modifiers, t *lang.TypeRef, name string) {
		cls.Members = append(cls.Members, &lang.FieldDecl{Pos: pos, Modifiers: mods, Type: t, Decls: []*lang.Declarator{{Pos: pos, Name: name}}})
	}
	field(lang.ModPrivate, typeRef(pos, "int"), stateField)
	field(lang.ModPrivate, fl.elemType(pos), currentField)
	if fl.enumerable() {
		field(lang.ModPrivate, typeRef(pos, "int"), threadIDField)
	}
	for _, f := range mc.fields {
		if f.param {
			field(lang.ModPublic, f.typ, f.name)
			if fl.enumerable() && f.name != thisField && f.typeArg == "" {
				field(lang.ModPublic, cloneType(f.typ), iterParamField(f.name))
			}
		}
	}
	for _, f := range mc.fields {
		if !f.param {
			field(lang.ModPrivate, f.typ, f.name)
		}
	}
	field(lang.ModPrivate, typeRef(pos, "bool"), disposeModeField)

	// The constructor: new <F>d__0(state).
	ctorBody := []lang.Stmt{assignStmt(pos, member(pos, &lang.ThisExpr{Pos: pos}, stateField), ident(pos, "state"))}
	if fl.enumerable() {
		ctorBody = append(ctorBody, assignStmt(pos, ident(pos, threadIDField), member(pos, ident(pos, "Environment"), "CurrentManagedThreadId")))
	}
	cls.Members = append(cls.Members, &lang.CtorDecl{Pos: pos, Modifiers: lang.ModPublic, Name: clsName,
		Params: []*lang.Param{{Pos: pos, Type: typeRef(pos, "int"), Name: "state"}}, Body: block(pos, ctorBody...)})

	var loadTypeArgs []lang.Stmt
	for _, f := range mc.fields {
		if f.typeArg != "" {
			loadTypeArgs = append(loadTypeArgs, assignStmt(pos, ident(pos, compiler.TypeArgLocal(f.typeArg)), ident(pos, f.name)))
		}
	}
	moveNext := &lang.MethodDecl{Pos: pos, Modifiers: lang.ModPublic, ReturnType: typeRef(pos, "bool"), Name: "MoveNext",
		TypeParams: fl.typeArgs, Body: block(pos, append(loadTypeArgs, mc.moveNext...)...)}
	current := &lang.PropertyDecl{Pos: pos, Modifiers: lang.ModPublic, Type: fl.elemType(pos), Name: "Current",
		ExprBody: ident(pos, currentField)}
	if async {
		// MoveNextAsync is an async method returning ValueTask<bool>: its
		// awaits stay awaits, which runtime async suspends (rt) or the
		// async lowering turns into its own state machine (sm). Its reads
		// of the class's fields go through `this`, which that state
		// machine keeps as <>4__this.
		fields := map[string]bool{}
		for _, m := range cls.Members {
			if f, ok := m.(*lang.FieldDecl); ok && isFieldName(f.Decls[0].Name) {
				fields[f.Decls[0].Name] = true
			}
		}
		viaThis := func(n lang.Node) {
			rewrite(n, func(x lang.Expr) lang.Expr {
				if id, ok := x.(*lang.Ident); ok && fields[id.Name] {
					return fl.typed(member(id.Pos, &lang.ThisExpr{Pos: id.Pos}, id.Name), fl.boundType(id))
				}
				return x
			})
		}
		viaThis(moveNext.Body)
		moveNext.Name = "MoveNextAsync"
		moveNext.Modifiers |= lang.ModAsync
		moveNext.ReturnType = typeRef(pos, "ValueTask", typeRef(pos, "bool"))
		// DisposeAsync resumes an enumerator suspended at a yield in dispose
		// mode, as Dispose does.
		dispose := &lang.MethodDecl{Pos: pos, Modifiers: lang.ModPublic | lang.ModAsync, ReturnType: typeRef(pos, "ValueTask"), Name: "DisposeAsync",
			Body: block(pos,
				ifStmt(pos, binary(pos, ">", fl.intRef(pos, fl.iterState()), fl.intLit(pos, 0)), block(pos,
					assignStmt(pos, ident(pos, disposeModeField), boolLit(pos, true)),
					exprStmt(&lang.AwaitExpr{Pos: pos, X: call(pos, ident(pos, "MoveNextAsync"))}),
					assignStmt(pos, ident(pos, disposeModeField), boolLit(pos, false))), nil),
				exprStmt(fl.intAssign(pos, fl.intRef(pos, fl.iterState()), fl.intLit(pos, -2))))}
		viaThis(dispose.Body)
		cls.Members = append(cls.Members, moveNext, current, dispose)
	} else {
		cls.Members = append(cls.Members, moveNext, current,
			// Dispose resumes an enumerator suspended at a yield in dispose
			// mode (the yield leaves through the finally blocks around it),
			// then leaves it finished.
			&lang.MethodDecl{Pos: pos, Modifiers: lang.ModPublic, ReturnType: typeRef(pos, "void"), Name: "Dispose",
				Body: block(pos,
					ifStmt(pos, binary(pos, ">", fl.intRef(pos, fl.iterState()), fl.intLit(pos, 0)), block(pos,
						assignStmt(pos, ident(pos, disposeModeField), boolLit(pos, true)),
						exprStmt(call(pos, ident(pos, "MoveNext"))),
						// State -2 lets GetEnumerator hand this object out
						// again, as Roslyn's does: it must then run normally.
						assignStmt(pos, ident(pos, disposeModeField), boolLit(pos, false))), nil),
					exprStmt(fl.intAssign(pos, fl.intRef(pos, fl.iterState()), fl.intLit(pos, -2))))},
			&lang.MethodDecl{Pos: pos, Modifiers: lang.ModPublic, ReturnType: typeRef(pos, "void"), Name: "Reset",
				Body: block(pos, &lang.ThrowStmt{Pos: pos, X: &lang.NewExpr{Pos: pos, Type: typeRef(pos, "NotSupportedException")}})})
	}
	if fl.enumerable() {
		cls.Members = append(cls.Members, fl.getEnumerator(clsName, mc))
	}
	return cls
}

// getEnumerator hands out the enumerable itself the first time, on the
// thread that created it, else a fresh enumerator; either way the
// parameters start from the values the iterator was called with:
//
//	<F>d__0 d;
//	if (<>1__state == -2 && <>l__initialThreadId == Environment.CurrentManagedThreadId) {
//	    <>1__state = 0; d = this;
//	} else {
//	    d = new <F>d__0(0); d.<>4__this = <>4__this;
//	}
//	d.n = <>3__n;
//	return d;
func (fl *fnLowering) getEnumerator(clsName string, mc *machineCode) *lang.MethodDecl {
	pos := fl.pos
	d := "d"
	ref := func() lang.Expr { return ident(pos, d) }
	fresh := []lang.Stmt{assignStmt(pos, ref(), &lang.NewExpr{Pos: pos, Type: typeRef(pos, clsName), Args: []*lang.Arg{{Pos: pos, X: fl.intLit(pos, 0)}}})}
	var copies []lang.Stmt
	for _, f := range mc.fields {
		if !f.param {
			continue
		}
		if f.name == thisField || f.typeArg != "" {
			fresh = append(fresh, assignStmt(pos, member(pos, ref(), f.name), ident(pos, f.name)))
			continue
		}
		copies = append(copies, assignStmt(pos, member(pos, ref(), f.name), ident(pos, iterParamField(f.name))))
	}
	first := binary(pos, "&&",
		binary(pos, "==", fl.intRef(pos, fl.iterState()), fl.intLit(pos, -2)),
		binary(pos, "==", ident(pos, threadIDField), member(pos, ident(pos, "Environment"), "CurrentManagedThreadId")))
	body := []lang.Stmt{
		declStmt(pos, typeRef(pos, clsName), d, nil),
		ifStmt(pos, first, block(pos,
			exprStmt(fl.intAssign(pos, fl.intRef(pos, fl.iterState()), fl.intLit(pos, 0))),
			assignStmt(pos, ref(), &lang.ThisExpr{Pos: pos})), block(pos, fresh...)),
	}
	body = append(body, copies...)
	var params []*lang.Param
	name, ret := "GetEnumerator", fl.iface(pos, "IEnumerator")
	if fl.iter.Kind.Async() {
		name, ret = "GetAsyncEnumerator", fl.iface(pos, "IAsyncEnumerator")
		const tok = "cancellationToken"
		params = []*lang.Param{{Pos: pos, Type: typeRef(pos, "CancellationToken"), Name: tok, Default: &lang.DefaultExpr{Pos: pos}}}
		// The token GetAsyncEnumerator receives reaches the parameter
		// marked [EnumeratorCancellation]: alone when the call passed
		// none, else linked with the call's.
		if p := fl.enumeratorCancellation(mc); p != "" {
			field := func() lang.Expr { return member(pos, ref(), p) }
			body = append(body, ifStmt(pos, member(pos, ident(pos, tok), "CanBeCanceled"),
				ifStmt(pos, not(pos, member(pos, field(), "CanBeCanceled")),
					assignStmt(pos, field(), ident(pos, tok)),
					assignStmt(pos, field(), member(pos, call(pos, member(pos, ident(pos, "CancellationTokenSource"), "CreateLinkedTokenSource"),
						field(), ident(pos, tok)), "Token"))), nil))
		}
	}
	body = append(body, &lang.ReturnStmt{Pos: pos, X: ref()})
	return &lang.MethodDecl{Pos: pos, Modifiers: lang.ModPublic, ReturnType: ret, Name: name, Params: params, Body: block(pos, body...)}
}

// iterMoveNext is an iterator's MoveNext body:
//
//	int num = <>1__state;
//	if (num < 0) return false;   // done, running, or not yet enumerated
//	<>1__state = -1;
//	switch (num) { case N: goto <>yield_N; ... }
//	num = -1;
//	<body>
//	exit:
//	<>1__state = -1;
//	return false;
func (e *expander) iterMoveNext(body *lang.BlockStmt) []lang.Stmt {
	fl := e.fl
	pos := fl.pos
	stmts := e.list(body.Stmts)
	out := []lang.Stmt{
		fl.intDecl(pos, e.num, fl.intRef(pos, fl.iterState())),
		ifStmt(pos, binary(pos, "<", fl.intRef(pos, e.num), fl.intLit(pos, 0)), &lang.ReturnStmt{Pos: pos, X: boolLit(pos, false)}, nil),
		exprStmt(fl.intAssign(pos, fl.intRef(pos, fl.iterState()), fl.intLit(pos, -1))),
	}
	if len(e.states) > 0 {
		out = append(out, e.dispatch(nil))
	}
	// A first run reaches here: num < 0 from now on lets the finally
	// blocks run (they are guarded for the suspensions).
	out = append(out, exprStmt(fl.intAssign(pos, fl.intRef(pos, e.num), fl.intLit(pos, -1))))
	out = append(out, stmts...)
	rbrace := body.Rbrace
	if !rbrace.IsValid() {
		rbrace = pos
	}
	out = append(out,
		labeled(rbrace, e.exit, exprStmt(fl.intAssign(rbrace, fl.intRef(rbrace, fl.iterState()), fl.intLit(rbrace, -1)))),
		&lang.ReturnStmt{Pos: rbrace, X: boolLit(rbrace, false)})
	return out
}

// yield expands `yield return X;` (see the top of this file); `yield
// break;` is a jump to the exit.
func (e *expander) yield(s *lang.YieldStmt) []lang.Stmt {
	pos := s.Pos
	fl := e.fl
	if s.X == nil {
		return []lang.Stmt{gotoStmt(pos, e.exit)}
	}
	n := len(e.states) + 1
	st := &state{n: n, label: fmt.Sprintf("<>yield_%d", n), tries: append([]*tryInfo(nil), e.tries...)}
	e.states = append(e.states, st)
	for _, t := range e.tries {
		t.states = append(t.states, st)
	}
	setState := func(n int) lang.Stmt {
		return exprStmt(fl.intAssign(pos, fl.intRef(pos, e.num), fl.intAssign(pos, fl.intRef(pos, fl.iterState()), fl.intLit(pos, n))))
	}
	out := block(pos,
		assignStmt(pos, fl.currentRef(pos), s.X),
		setState(n),
		&lang.ReturnStmt{Pos: pos, X: boolLit(pos, true)},
		labeled(pos, st.label, setState(-1)))
	if !fl.disposeLeaves[s] {
		out.Stmts = append(out.Stmts, ifStmt(pos, ident(pos, disposeModeField), gotoStmt(pos, e.exit), nil))
	}
	return []lang.Stmt{out}
}

// Names of the closure form (iterator local functions).
const (
	iterVar    = "<>it"      // the LocalIterator<T> a yield stores Current into
	disposeVar = "<>dispose" // MoveNext's argument: true to dispose
)

// lowerLocalIterators lowers the iterator local functions inside n,
// innermost first.
func (l *lowering) lowerLocalIterators(n lang.Node, owner *lang.TypeDecl) {
	if n == nil || nilBlock(n) {
		return
	}
	lang.Inspect(n, func(m lang.Node) bool {
		s, ok := m.(*lang.LocalFuncStmt)
		if !ok {
			return true
		}
		if s.Func.Body != nil {
			l.lowerLocalIterators(s.Func.Body, owner)
			if it := l.info.Iterators[s.Func]; it != nil {
				// Lowered once: top-level statements are visited again
				// inside the Main the sm lowering wraps them in.
				delete(l.info.Iterators, s.Func)
				l.lowerLocalIterator(s, owner, it)
			}
		}
		return false
	})
}

// lowerLocalIterator rewrites an iterator local function in place into the
// closure form: the local function returns a LocalIterator<T> (prelude;
// LocalAsyncIterator<T>, with an async MoveNext closure, for an async one)
// whose start function makes each enumerator's state, the hoisted locals
// and copies of the parameters, as locals that its MoveNext closure
// captures:
//
//	return new LocalIterator<T>(<>it => {
//	    int <n>3__1 = n;               // a parameter's copy
//	    int <i>5__2 = default(int);    // a hoisted local
//	    int <>1__state = 0;
//	    bool <>w__disposeMode = false;
//	    return <>dispose => {
//	        if (<>dispose) {
//	            if (<>1__state <= 0) { <>1__state = -2; return false; }
//	            <>w__disposeMode = true;
//	        }
//	        <MoveNext>                 // a yield stores <>it.Current
//	    };
//	}, true);                          // false for an enumerator
func (l *lowering) lowerLocalIterator(s *lang.LocalFuncStmt, owner *lang.TypeDecl, it *bind.Iterator) {
	m := s.Func
	pos := m.Pos
	body := m.Body
	fl := l.newFn(owner, pos, m.Params, body, m.TypeParams)
	fl.iter, fl.closure = it, true
	// Each enumerator starts from the arguments the call passed: the body
	// reads copies of the parameters.
	res := resolve(m.Params, body)
	copies := map[*variable]string{}
	var copyDecls []lang.Stmt
	for _, p := range m.Params {
		v := res.lookupParam(p.Name)
		if v == nil {
			continue
		}
		l.hoistN++
		name := fmt.Sprintf("<%s>3__%d", p.Name, l.hoistN)
		copies[v] = name
		copyDecls = append(copyDecls, declStmt(pos, cloneType(p.Type), name, ident(pos, p.Name)))
		if it.Kind.Async() && enumeratorCancellation(p) {
			// The token GetAsyncEnumerator received reaches the copy: alone
			// when the call passed none, else linked with the call's.
			tok := func() lang.Expr { return member(pos, ident(pos, iterVar), "Token") }
			copyDecls = append(copyDecls, ifStmt(pos, member(pos, tok(), "CanBeCanceled"),
				ifStmt(pos, not(pos, member(pos, ident(pos, name), "CanBeCanceled")),
					assignStmt(pos, ident(pos, name), tok()),
					assignStmt(pos, ident(pos, name), member(pos, call(pos, member(pos, ident(pos, "CancellationTokenSource"), "CreateLinkedTokenSource"),
						ident(pos, name), tok()), "Token"))), nil))
		}
	}
	for id, v := range res.uses {
		if c, ok := copies[v]; ok {
			id.Name = c
		}
	}
	mc := fl.machine(nil, body)
	if mc == nil {
		return
	}
	elem := typeRef(pos, "object")
	if it.Generic && m.ReturnType != nil && len(m.ReturnType.Args) == 1 {
		elem = cloneType(m.ReturnType.Args[0])
	}
	start := append([]lang.Stmt(nil), copyDecls...)
	for _, f := range mc.fields {
		if !f.param {
			start = append(start, declStmt(pos, f.typ, f.name, &lang.DefaultExpr{Pos: pos, Type: cloneType(f.typ)}))
		}
	}
	start = append(start,
		fl.intDecl(pos, fl.iterState(), fl.intLit(pos, 0)),
		declStmt(pos, typeRef(pos, "bool"), disposeModeField, boolLit(pos, false)))
	disposing := ifStmt(pos, ident(pos, disposeVar), block(pos,
		ifStmt(pos, binary(pos, "<=", fl.intRef(pos, fl.iterState()), fl.intLit(pos, 0)), block(pos,
			exprStmt(fl.intAssign(pos, fl.intRef(pos, fl.iterState()), fl.intLit(pos, -2))),
			&lang.ReturnStmt{Pos: pos, X: boolLit(pos, false)}), nil),
		assignStmt(pos, ident(pos, disposeModeField), boolLit(pos, true))), nil)
	moveNext := &lang.LambdaExpr{Pos: pos, Params: []*lang.Param{{Pos: pos, Name: disposeVar}},
		Body: block(pos, append([]lang.Stmt{disposing}, mc.moveNext...)...), IsAsync: it.Kind.Async()}
	class := "System.Runtime.CompilerServices.LocalIterator"
	if it.Kind.Async() {
		class = "System.Runtime.CompilerServices.LocalAsyncIterator"
		m.Modifiers &^= lang.ModAsync // the stub only creates the object
	}
	start = append(start, &lang.ReturnStmt{Pos: pos, X: moveNext})
	startFn := &lang.LambdaExpr{Pos: pos, Params: []*lang.Param{{Pos: pos, Name: iterVar}}, Body: block(pos, start...)}
	m.Body = block(pos, &lang.ReturnStmt{Pos: pos, X: &lang.NewExpr{Pos: pos,
		Type: typeRef(pos, class, elem),
		Args: []*lang.Arg{{Pos: pos, X: startFn}, {Pos: pos, X: boolLit(pos, fl.enumerable())}}}})
	l.items = append(l.items, &Item{Name: m.Name, Owner: owner, Stub: s})
}

// lookupParam returns the parameter of the resolved function named name.
func (r *resolution) lookupParam(name string) *variable {
	for _, v := range r.vars {
		if v.param && v.name == name {
			return v
		}
	}
	return nil
}

// currentRef is where a yield stores its value: the <>2__current field,
// or the LocalIterator's Current in the closure form.
func (fl *fnLowering) currentRef(pos lang.Pos) lang.Expr {
	if fl.closure {
		return member(pos, ident(pos, iterVar), "Current")
	}
	return ident(pos, currentField)
}

// enumeratorCancellation names the field of the parameter marked
// [EnumeratorCancellation], or "" (also when the body never reads it).
func (fl *fnLowering) enumeratorCancellation(mc *machineCode) string {
	for _, p := range fl.params {
		if !enumeratorCancellation(p) {
			continue
		}
		for _, f := range mc.fields {
			if f.param && f.name == p.Name {
				return f.name
			}
		}
	}
	return ""
}

// enumeratorCancellation reports whether p is marked [EnumeratorCancellation].
func enumeratorCancellation(p *lang.Param) bool {
	for _, a := range p.Attributes {
		name := a.Name
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:] // [System.Runtime.CompilerServices.EnumeratorCancellation]
		}
		if name == "EnumeratorCancellation" || name == "EnumeratorCancellationAttribute" {
			return true
		}
	}
	return false
}

// iterState names the iterator's state: the <>1__state field, or in the
// closure form a local of its own name, which the state of an async
// MoveNext closure (the sm lowering's <>1__state) does not shadow.
func (fl *fnLowering) iterState() string {
	if fl.closure {
		return "<>1__yieldState"
	}
	return stateField
}

// nilBlock reports whether n is a nil *lang.BlockStmt (a method without
// a body) held in the lang.Node interface.
func nilBlock(n lang.Node) bool {
	switch n := n.(type) {
	case *lang.BlockStmt:
		return n == nil
	}
	return false
}

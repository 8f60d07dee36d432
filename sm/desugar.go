package sm

import (
	"fmt"

	"asyncvm/lang"
)

// mapStmt rewrites s bottom-up: the statements nested in s first, then s
// itself through rule, which returns its replacement (several statements,
// or s unchanged). Nested lambdas and local functions are left alone.
func mapStmt(s lang.Stmt, rule func(lang.Stmt) []lang.Stmt) []lang.Stmt {
	if f, ok := s.(*lang.ForeachStmt); ok && f.Expanded != nil {
		return mapStmt(f.Expanded, rule) // an await foreach is its expansion
	}
	switch s := s.(type) {
	case *lang.BlockStmt:
		s.Stmts = mapList(s.Stmts, rule)
	case *lang.IfStmt:
		s.Then = single(mapStmt(s.Then, rule))
		if s.Else != nil {
			s.Else = single(mapStmt(s.Else, rule))
		}
	case *lang.WhileStmt:
		s.Body = single(mapStmt(s.Body, rule))
	case *lang.DoStmt:
		s.Body = single(mapStmt(s.Body, rule))
	case *lang.ForStmt:
		s.Body = single(mapStmt(s.Body, rule))
	case *lang.ForeachStmt:
		s.Body = single(mapStmt(s.Body, rule))
	case *lang.SwitchStmt:
		for _, sec := range s.Sections {
			sec.Body = mapList(sec.Body, rule)
		}
	case *lang.TryStmt:
		s.Body.Stmts = mapList(s.Body.Stmts, rule)
		for _, c := range s.Catches {
			c.Body.Stmts = mapList(c.Body.Stmts, rule)
		}
		if s.Finally != nil {
			s.Finally.Stmts = mapList(s.Finally.Stmts, rule)
		}
	case *lang.UsingStmt:
		s.Body = single(mapStmt(s.Body, rule))
	case *lang.LockStmt:
		s.Body = single(mapStmt(s.Body, rule))
	case *lang.LabeledStmt:
		inner := mapStmt(s.Stmt, rule)
		if len(inner) == 0 {
			s.Stmt = &lang.EmptyStmt{Pos: s.Pos}
		} else {
			s.Stmt = inner[0]
		}
		out := rule(s)
		if len(inner) > 1 {
			out = append(out, inner[1:]...)
		}
		return out
	}
	return rule(s)
}

func mapList(list []lang.Stmt, rule func(lang.Stmt) []lang.Stmt) []lang.Stmt {
	var out []lang.Stmt
	for _, s := range list {
		out = append(out, mapStmt(s, rule)...)
	}
	return out
}

// single turns a statement list back into one statement.
func single(list []lang.Stmt) lang.Stmt {
	if len(list) == 1 {
		return list[0]
	}
	pos := lang.Pos{}
	if len(list) > 0 {
		pos = list[0].Position()
	}
	return block(pos, list...)
}

// desugar rewrites the statements whose hidden state would not survive a
// suspension, when they contain an await: foreach (its enumerator), using
// (its resource and finally), and loops whose condition or increment
// awaits (they become while (true) loops with the await in their body).
func (fl *fnLowering) desugar(body *lang.BlockStmt) {
	body.Stmts = fl.usingDecls(body.Stmts)
	body.Stmts = mapList(body.Stmts, func(s lang.Stmt) []lang.Stmt {
		switch s := s.(type) {
		case *lang.BlockStmt:
			s.Stmts = fl.usingDecls(s.Stmts)
		case *lang.SwitchStmt:
			for _, sec := range s.Sections {
				sec.Body = fl.usingDecls(sec.Body)
			}
		case *lang.TryStmt:
			// The blocks of a try statement are lists mapStmt walks, not
			// block statements the rule sees.
			s.Body.Stmts = fl.usingDecls(s.Body.Stmts)
			for _, c := range s.Catches {
				c.Body.Stmts = fl.usingDecls(c.Body.Stmts)
			}
			if s.Finally != nil {
				s.Finally.Stmts = fl.usingDecls(s.Finally.Stmts)
			}
		case *lang.ForeachStmt:
			if hasAwait(s) {
				return []lang.Stmt{fl.foreachLoop(s)}
			}
		case *lang.UsingStmt:
			if hasAwait(s) {
				return []lang.Stmt{fl.usingBlock(s)}
			}
		case *lang.LockStmt:
			if hasAwait(s.Body) {
				fl.errorf(firstAwait(s.Body), "error CS1996: Cannot await in the body of a lock statement")
			}
		case *lang.WhileStmt:
			if hasAwait(s.Cond) {
				body := asBlock(s.Body)
				s.Body = block(s.Pos, append([]lang.Stmt{ifStmt(s.Pos, not(s.Pos, s.Cond), &lang.BreakStmt{Pos: s.Pos}, nil)}, body.Stmts...)...)
				s.Cond = boolLit(s.Pos, true)
			}
		case *lang.DoStmt:
			if hasAwait(s.Cond) {
				cont := fl.label("continue")
				body := asBlock(replaceContinue(s.Body, cont))
				body.Stmts = append(body.Stmts, labeled(s.Pos, cont, ifStmt(s.Pos, not(s.Pos, s.Cond), &lang.BreakStmt{Pos: s.Pos}, nil)))
				return []lang.Stmt{&lang.WhileStmt{Pos: s.Pos, Cond: boolLit(s.Pos, true), Body: body}}
			}
		case *lang.ForStmt:
			if hasAwait(s.Cond) || hasAwaitExprs(s.Post) || hasAwaitExprs(s.InitExprs) || (s.InitDecl != nil && hasAwait(s.InitDecl)) {
				return []lang.Stmt{fl.forLoop(s)}
			}
		}
		return []lang.Stmt{s}
	})
}

func hasAwaitExprs(xs []lang.Expr) bool {
	for _, x := range xs {
		if hasAwait(x) {
			return true
		}
	}
	return false
}

// forLoop is `{ init; while (true) { if (!cond) break; body; continue: post; } }`.
func (fl *fnLowering) forLoop(s *lang.ForStmt) lang.Stmt {
	var outer []lang.Stmt
	if s.InitDecl != nil {
		outer = append(outer, s.InitDecl)
	}
	for _, x := range s.InitExprs {
		outer = append(outer, exprStmt(x))
	}
	var body []lang.Stmt
	if s.Cond != nil {
		body = append(body, ifStmt(s.Pos, not(s.Pos, s.Cond), &lang.BreakStmt{Pos: s.Pos}, nil))
	}
	if len(s.Post) > 0 {
		cont := fl.label("continue")
		body = append(body, replaceContinue(s.Body, cont))
		var post []lang.Stmt
		for _, x := range s.Post {
			post = append(post, exprStmt(x))
		}
		body = append(body, labeled(s.Pos, cont, block(s.Pos, post...)))
	} else {
		body = append(body, s.Body)
	}
	outer = append(outer, &lang.WhileStmt{Pos: s.Pos, Cond: boolLit(s.Pos, true), Body: block(s.Pos, body...)})
	return block(s.Pos, outer...)
}

// foreachLoop is the enumerator loop the C# compiler emits (§13.9.5):
//
//	{
//	    var e = X.GetEnumerator();
//	    try { while (e.MoveNext()) { T v = e.Current; body } }
//	    finally { if (e is IDisposable) ((IDisposable)e).Dispose(); }
//	}
//
// The enumerator is an ordinary local, hoisted when the body suspends.
func (fl *fnLowering) foreachLoop(s *lang.ForeachStmt) lang.Stmt {
	pos := s.Pos
	en := fl.temp("e")
	// A struct enumerator's variable has its type, so that MoveNext
	// advances the variable (a hoisted field) in place.
	var et *lang.TypeRef
	if info := fl.l.info; info != nil && info.Universe != nil {
		if t := info.Universe.StructEnumerator(info.Types[s.X]); t != nil {
			et = fl.typeRefOf(t, pos)
		}
	}
	var getEnumerator lang.Expr = call(pos, member(pos, s.X, "GetEnumerator"))
	enRef := func() lang.Expr { return ident(pos, en) }
	if m := fl.l.info.Enumerators[s]; m != nil {
		getEnumerator = fl.l.info.GetEnumeratorCall(m.GetEnumerator, s.X, pos)
		// A struct enumerator is advanced in place: its references carry
		// its type.
		enRef = func() lang.Expr { return fl.typed(ident(pos, en), m.GetEnumerator.Ret) }
	}
	get := declStmt(pos, et, en, getEnumerator)
	item := declStmt(pos, s.Type, s.Name, member(pos, enRef(), "Current"))
	body := block(pos, item, s.Body)
	loop := &lang.WhileStmt{Pos: pos, Cond: call(pos, member(pos, enRef(), "MoveNext")), Body: body}
	disposable := typeRef(pos, "System.IDisposable")
	dispose := ifStmt(pos, &lang.IsExpr{Pos: pos, X: ident(pos, en), Pattern: &lang.TypePattern{Pos: pos, Type: disposable}},
		exprStmt(call(pos, member(pos, &lang.CastExpr{Pos: pos, Type: cloneType(disposable), X: ident(pos, en)}, "Dispose"))), nil)
	return block(pos, get, &lang.TryStmt{Pos: pos, Body: block(pos, loop), Finally: block(pos, dispose)})
}

// usingBlock is `{ decl; try { body } finally { if (r != null) r.Dispose(); } }`,
// one try per declarator (usingNest); `using (null)` is its body.
func (fl *fnLowering) usingBlock(s *lang.UsingStmt) lang.Stmt {
	pos := s.Pos
	body := asBlock(s.Body).Stmts
	if s.Decl != nil {
		return block(pos, usingNest(pos, s.Decl, body, s.IsAwait)...)
	}
	if lit, ok := s.X.(*lang.Literal); ok && lit.Kind == lang.LitNull {
		return block(pos, body...)
	}
	name := fl.temp("u")
	return block(pos, declStmt(pos, nil, name, s.X), disposeTry(pos, []string{name}, body, s.IsAwait))
}

// usingNest is `T r1 = e1; try { T r2 = e2; try { body } finally { dispose
// r2 } } finally { dispose r1 }`: `using (T r1 = e1, r2 = e2)` means
// nested using statements (C# §13.14), so r1 is disposed when e2 throws.
func usingNest(pos lang.Pos, decl *lang.LocalDeclStmt, body []lang.Stmt, await bool) []lang.Stmt {
	first := &lang.LocalDeclStmt{Pos: decl.Pos, Type: decl.Type, Decls: decl.Decls[:1]}
	if len(decl.Decls) > 1 {
		body = usingNest(pos, &lang.LocalDeclStmt{Pos: decl.Pos, Type: decl.Type, Decls: decl.Decls[1:]}, body, await)
	}
	return []lang.Stmt{first, disposeTry(pos, []string{decl.Decls[0].Name}, body, await)}
}

// disposeTry is `try { body } finally { each resource, last first: if (r
// != null) r.Dispose(); }`, or `await r.DisposeAsync();` for await using.
func disposeTry(pos lang.Pos, res []string, body []lang.Stmt, await bool) *lang.TryStmt {
	var fin []lang.Stmt
	for i := len(res) - 1; i >= 0; i-- {
		r := res[i]
		var dispose lang.Expr = call(pos, member(pos, ident(pos, r), "Dispose"))
		if await {
			dispose = &lang.AwaitExpr{Pos: pos, X: call(pos, member(pos, ident(pos, r), "DisposeAsync"))}
		}
		fin = append(fin, ifStmt(pos, binary(pos, "!=", ident(pos, r), nullLit(pos)), exprStmt(dispose), nil))
	}
	return &lang.TryStmt{Pos: pos, Body: block(pos, body...), Finally: block(pos, fin...)}
}

// usingDecls rewrites `using var x = ...; rest` into a try/finally over the
// rest of the list when the declaration or the rest awaits (`using var d
// = await JsonDocument.ParseAsync(s);`).
func (fl *fnLowering) usingDecls(list []lang.Stmt) []lang.Stmt {
	for i, s := range list {
		u, ok := s.(*lang.UsingDeclStmt)
		if !ok || !u.IsAwait && !stmtsHaveAwait(list[i:]) {
			continue
		}
		rest := fl.usingDecls(list[i+1:])
		out := append([]lang.Stmt{}, list[:i]...)
		return append(out, usingNest(u.Pos, u.Decl, rest, u.IsAwait)...)
	}
	return list
}

// replaceContinue replaces the `continue` statements that belong to the
// loop whose body is s with `goto label`.
func replaceContinue(s lang.Stmt, label string) lang.Stmt {
	var walk func(s lang.Stmt) lang.Stmt
	walk = func(s lang.Stmt) lang.Stmt {
		switch s := s.(type) {
		case *lang.ContinueStmt:
			return gotoStmt(s.Pos, label)
		case *lang.BlockStmt:
			for i, c := range s.Stmts {
				s.Stmts[i] = walk(c)
			}
		case *lang.IfStmt:
			s.Then = walk(s.Then)
			if s.Else != nil {
				s.Else = walk(s.Else)
			}
		case *lang.SwitchStmt:
			for _, sec := range s.Sections {
				for i, c := range sec.Body {
					sec.Body[i] = walk(c)
				}
			}
		case *lang.TryStmt:
			walk(s.Body)
			for _, c := range s.Catches {
				walk(c.Body)
			}
			if s.Finally != nil {
				walk(s.Finally)
			}
		case *lang.UsingStmt:
			s.Body = walk(s.Body)
		case *lang.LockStmt:
			s.Body = walk(s.Body)
		case *lang.LabeledStmt:
			s.Stmt = walk(s.Stmt)
		}
		return s
	}
	return walk(s)
}

// handlers rewrites every try statement whose catch or finally blocks
// await, innermost first, so that no await remains in a handler:
//
//   - catch blocks that await move after the try: the catch only records the
//     exception in a pending-exception local and the number of the catch,
//     and `throw;` in the moved block rethrows the recorded exception with
//     its original stack;
//   - a finally block that awaits moves after the try, which becomes
//     `try { body } catch (Exception e) { pending = e; }`; a return, break,
//     continue or goto leaving the body records a pending branch number and
//     jumps to the moved finally, after which the pending exception is
//     rethrown and the pending branch taken.
func (fl *fnLowering) handlers(body *lang.BlockStmt) {
	body.Stmts = mapList(body.Stmts, func(s lang.Stmt) []lang.Stmt {
		t, ok := s.(*lang.TryStmt)
		if !ok {
			return []lang.Stmt{s}
		}
		catchAwaits := false
		for _, c := range t.Catches {
			if hasAwait(c.Body) {
				catchAwaits = true
			}
		}
		finallyAwaits := t.Finally != nil && hasAwait(t.Finally)
		if !catchAwaits && !finallyAwaits {
			return []lang.Stmt{s}
		}
		if len(t.Catches) > 0 {
			// try B catch C finally F is try { try B catch C } finally F;
			// the rewrite of an awaiting finally handles a try without
			// catches only.
			inner := &lang.TryStmt{Pos: t.Pos, Body: t.Body, Catches: t.Catches}
			stmts := []lang.Stmt{inner}
			if catchAwaits {
				stmts = fl.awaitingCatches(inner)
			}
			if t.Finally == nil {
				return stmts
			}
			t = &lang.TryStmt{Pos: t.Pos, Body: block(t.Pos, stmts...), Finally: t.Finally}
			if !finallyAwaits {
				return []lang.Stmt{t}
			}
		}
		return fl.awaitingFinally(t)
	})
}

func (fl *fnLowering) awaitingCatches(t *lang.TryStmt) []lang.Stmt {
	pos := t.Pos
	exc := fl.temp("ex")
	which := fl.temp("catch")
	out := []lang.Stmt{
		declStmt(pos, typeRef(pos, "object"), exc, nullLit(pos)),
		declStmt(pos, typeRef(pos, "int"), which, intLit(pos, 0)),
	}
	var after lang.Stmt
	var chain *lang.IfStmt
	for i, c := range t.Catches {
		if !hasAwait(c.Body) {
			continue
		}
		n := i + 1
		name := c.Name
		if name == "" {
			name = fl.temp("e")
		}
		handler := c.Body
		replaceRethrow(handler, exc)
		var stmts []lang.Stmt
		if c.Name != "" {
			ct := c.Type
			if ct == nil {
				ct = typeRef(c.Pos, "Exception")
			}
			stmts = append(stmts, declStmt(c.Pos, cloneType(ct), c.Name, &lang.CastExpr{Pos: c.Pos, Type: cloneType(ct), X: ident(c.Pos, exc)}))
		}
		// The filter's out and pattern variables the block reads are
		// carried out of the catch as the exception is.
		var saves []lang.Stmt
		for _, fv := range fl.filterVars(c.Filter, handler) {
			tmp := fl.temp("fv")
			out = append(out, declStmt(c.Pos, typeRef(c.Pos, "object"), tmp, nullLit(c.Pos)))
			saves = append(saves, assignStmt(c.Pos, ident(c.Pos, tmp), ident(c.Pos, fv.name)))
			stmts = append(stmts, declStmt(c.Pos, fv.typ, fv.name, &lang.CastExpr{Pos: c.Pos, Type: cloneType(fv.typ), X: ident(c.Pos, tmp)}))
		}
		stmts = append(stmts, handler.Stmts...)
		branch := ifStmt(c.Pos, binary(c.Pos, "==", ident(c.Pos, which), intLit(c.Pos, n)), block(c.Pos, stmts...), nil)
		if chain == nil {
			after = branch
		} else {
			chain.Else = branch
		}
		chain = branch
		c.Name = name
		c.Body = block(c.Pos, append(saves, assignStmt(c.Pos, ident(c.Pos, exc), ident(c.Pos, name)), assignStmt(c.Pos, ident(c.Pos, which), intLit(c.Pos, n)))...)
	}
	out = append(out, t)
	if after != nil {
		out = append(out, after)
	}
	return out
}

type filterVar struct {
	name string
	typ  *lang.TypeRef
}

// filterVars lists the variables a catch filter declares (outside lambdas)
// that the catch block names, with their types: as written, or the bound
// type of a use for `out var x` and `var x` patterns. A type that cannot be
// spelled leaves the variable out.
func (fl *fnLowering) filterVars(filter lang.Expr, handler *lang.BlockStmt) []filterVar {
	if filter == nil {
		return nil
	}
	uses := map[string]*lang.Ident{}
	lang.Inspect(handler, func(n lang.Node) bool {
		if id, ok := n.(*lang.Ident); ok && uses[id.Name] == nil {
			uses[id.Name] = id
		}
		return true
	})
	var vars []filterVar
	add := func(name string, t *lang.TypeRef) {
		use := uses[name]
		if name == "" || name == "_" || use == nil {
			return
		}
		if t == nil || t.Name == "var" {
			t = nil
			if info := fl.l.info; info != nil {
				t = fl.typeRefOf(info.TypeOf(use), use.Pos)
			}
		} else {
			t = cloneType(t)
		}
		if t != nil {
			vars = append(vars, filterVar{name, t})
		}
	}
	lang.Inspect(filter, func(n lang.Node) bool {
		switch n := n.(type) {
		case *lang.LambdaExpr:
			return false
		case *lang.DeclExpr:
			add(n.Name, n.Type)
		case *lang.TypePattern:
			add(n.Name, n.Type)
		case *lang.VarPattern:
			add(n.Name, nil)
		case *lang.PropertyPattern:
			add(n.Name, n.Type)
		case *lang.ListPattern:
			add(n.Name, nil)
		}
		return true
	})
	return vars
}

// replaceRethrow turns `throw;` in a moved catch block (outside nested
// catch clauses and lambdas) into a rethrow of the recorded exception.
func replaceRethrow(b *lang.BlockStmt, exc string) {
	var walk func(s lang.Stmt) lang.Stmt
	walk = func(s lang.Stmt) lang.Stmt {
		switch s := s.(type) {
		case *lang.ThrowStmt:
			if s.X == nil {
				return rethrow(s.Pos, ident(s.Pos, exc))
			}
		case *lang.BlockStmt:
			for i, c := range s.Stmts {
				s.Stmts[i] = walk(c)
			}
		case *lang.IfStmt:
			s.Then = walk(s.Then)
			if s.Else != nil {
				s.Else = walk(s.Else)
			}
		case *lang.WhileStmt:
			s.Body = walk(s.Body)
		case *lang.DoStmt:
			s.Body = walk(s.Body)
		case *lang.ForStmt:
			s.Body = walk(s.Body)
		case *lang.ForeachStmt:
			s.Body = walk(s.Body)
		case *lang.SwitchStmt:
			for _, sec := range s.Sections {
				for i, c := range sec.Body {
					sec.Body[i] = walk(c)
				}
			}
		case *lang.TryStmt:
			walk(s.Body)
			if s.Finally != nil {
				walk(s.Finally)
			}
		case *lang.UsingStmt:
			s.Body = walk(s.Body)
		case *lang.LockStmt:
			s.Body = walk(s.Body)
		case *lang.LabeledStmt:
			s.Stmt = walk(s.Stmt)
		}
		return s
	}
	walk(b)
}

// awaitingFinally rewrites try { body } finally { F } where F awaits.
func (fl *fnLowering) awaitingFinally(t *lang.TryStmt) []lang.Stmt {
	pos := t.Pos
	exc := fl.temp("ex")
	branch := fl.temp("br")
	finLabel := fl.label("finally")
	var ret string
	var dispatch []lang.Stmt
	n := 0
	addBranch := func(target lang.Stmt) int {
		n++
		dispatch = append(dispatch, ifStmt(pos, binary(pos, "==", ident(pos, branch), intLit(pos, n)), target, nil))
		return n
	}
	retNo := 0
	inner := map[string]bool{}
	lang.Inspect(t.Body, func(m lang.Node) bool {
		switch m := m.(type) {
		case *lang.LambdaExpr, *lang.LocalFuncStmt:
			return false
		case *lang.LabeledStmt:
			inner[m.Label] = true
		}
		return true
	})
	gotoNos := map[string]int{}
	breakNo, contNo, yieldNo := 0, 0, 0
	leave := func(pos lang.Pos, k int) lang.Stmt {
		return block(pos, assignStmt(pos, ident(pos, branch), intLit(pos, k)), gotoStmt(pos, finLabel))
	}
	var walk func(s lang.Stmt, loops, switches int) lang.Stmt
	walk = func(s lang.Stmt, loops, switches int) lang.Stmt {
		switch s := s.(type) {
		case *lang.ReturnStmt:
			if retNo == 0 {
				if fl.returnsValue() {
					ret = fl.temp("ret")
					retNo = addBranch(&lang.ReturnStmt{Pos: pos, X: ident(pos, ret)})
				} else {
					retNo = addBranch(&lang.ReturnStmt{Pos: pos})
				}
			}
			if s.X != nil && ret != "" {
				return block(s.Pos, assignStmt(s.Pos, ident(s.Pos, ret), s.X), assignStmt(s.Pos, ident(s.Pos, branch), intLit(s.Pos, retNo)), gotoStmt(s.Pos, finLabel))
			}
			return leave(s.Pos, retNo)
		case *lang.BreakStmt:
			if loops == 0 && switches == 0 {
				if breakNo == 0 {
					breakNo = addBranch(&lang.BreakStmt{Pos: pos})
				}
				return leave(s.Pos, breakNo)
			}
		case *lang.ContinueStmt:
			if loops == 0 {
				if contNo == 0 {
					contNo = addBranch(&lang.ContinueStmt{Pos: pos})
				}
				return leave(s.Pos, contNo)
			}
		case *lang.YieldStmt:
			// An async iterator leaves at `yield break`, and at a
			// `yield return` resumed by DisposeAsync, through this
			// finally: the dispatch after it is a `yield break`, which
			// the expansion makes a jump to the exit (through any
			// finally further out).
			if fl.iter == nil {
				break
			}
			if s.X != nil && fl.disposeLeaves[s] {
				// Already given its exit through a finally further in
				// (tries are desugared innermost first): the dispatch
				// after that one is a `yield break` this walk reaches.
				break
			}
			if yieldNo == 0 {
				yieldNo = addBranch(&lang.YieldStmt{Pos: pos})
			}
			if s.X == nil {
				return leave(s.Pos, yieldNo)
			}
			if fl.disposeLeaves == nil {
				fl.disposeLeaves = map[*lang.YieldStmt]bool{}
			}
			fl.disposeLeaves[s] = true
			return block(s.Pos, s, ifStmt(s.Pos, ident(s.Pos, disposeModeField), leave(s.Pos, yieldNo), nil))
		case *lang.GotoStmt:
			if !s.IsCase && !s.IsDefault && !inner[s.Label] {
				k, ok := gotoNos[s.Label]
				if !ok {
					k = addBranch(gotoStmt(pos, s.Label))
					gotoNos[s.Label] = k
				}
				return leave(s.Pos, k)
			}
		case *lang.BlockStmt:
			for i, c := range s.Stmts {
				s.Stmts[i] = walk(c, loops, switches)
			}
		case *lang.IfStmt:
			s.Then = walk(s.Then, loops, switches)
			if s.Else != nil {
				s.Else = walk(s.Else, loops, switches)
			}
		case *lang.WhileStmt:
			s.Body = walk(s.Body, loops+1, switches)
		case *lang.DoStmt:
			s.Body = walk(s.Body, loops+1, switches)
		case *lang.ForStmt:
			s.Body = walk(s.Body, loops+1, switches)
		case *lang.ForeachStmt:
			s.Body = walk(s.Body, loops+1, switches)
		case *lang.SwitchStmt:
			for _, sec := range s.Sections {
				for i, c := range sec.Body {
					sec.Body[i] = walk(c, loops, switches+1)
				}
			}
		case *lang.TryStmt:
			walk(s.Body, loops, switches)
			for _, c := range s.Catches {
				walk(c.Body, loops, switches)
			}
			if s.Finally != nil {
				walk(s.Finally, loops, switches)
			}
		case *lang.UsingStmt:
			s.Body = walk(s.Body, loops, switches)
		case *lang.LockStmt:
			s.Body = walk(s.Body, loops, switches)
		case *lang.LabeledStmt:
			s.Stmt = walk(s.Stmt, loops, switches)
		}
		return s
	}
	walk(t.Body, 0, 0)
	e := fl.temp("e")
	out := []lang.Stmt{
		declStmt(pos, typeRef(pos, "object"), exc, nullLit(pos)),
		declStmt(pos, typeRef(pos, "int"), branch, intLit(pos, 0)),
	}
	if ret != "" {
		out = append(out, declStmt(pos, fl.resultTypeOrObject(), ret, &lang.DefaultExpr{Pos: pos, Type: fl.resultTypeOrObject()}))
	}
	out = append(out,
		&lang.TryStmt{Pos: pos, Body: t.Body, Catches: []*lang.CatchClause{{Pos: pos, Type: typeRef(pos, "Exception"), Name: e,
			Body: block(pos, assignStmt(pos, ident(pos, exc), ident(pos, e)))}}},
		labeled(pos, finLabel, t.Finally),
		ifStmt(pos, binary(pos, "!=", ident(pos, exc), nullLit(pos)), rethrow(pos, ident(pos, exc)), nil))
	out = append(out, dispatch...)
	return out
}

// label returns a fresh label name.
func (fl *fnLowering) label(kind string) string {
	fl.l.labelN++
	return fmt.Sprintf("<>%s_%d", kind, fl.l.labelN)
}

// temp returns a fresh temporary name, as the C# compiler names spills.
func (fl *fnLowering) temp(kind string) string {
	fl.l.tempN++
	return fmt.Sprintf("<>s__%s%d", kind, fl.l.tempN)
}

// firstAwait returns the position of the first await in n.
func firstAwait(n lang.Node) lang.Pos {
	var pos lang.Pos
	lang.Inspect(n, func(m lang.Node) bool {
		if a, ok := m.(*lang.AwaitExpr); ok && !pos.IsValid() {
			pos = a.Pos
		}
		return !pos.IsValid()
	})
	return pos
}

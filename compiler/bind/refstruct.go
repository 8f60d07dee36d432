package bind

import "asyncvm/lang"

// Ref struct locals in async methods and iterators (C# 13). A local of a
// ref struct type may be declared there, but a state machine cannot keep
// it: one that is used after an await or yield that follows its
// declaration is CS4007, and so is a foreach over a span whose body
// suspends (its enumerator is a ref struct). The test is by syntax, as a
// conservative stand-in for Roslyn's hoisting analysis: a use after the
// first suspension that follows the declaration in its block, or a use
// anywhere in a loop that suspends, counts as live across it. Code
// generation and the sm lowering therefore never see a span that crosses
// a suspension, so both models agree.

// checkRefStructLocals reports CS4007 in the body of an async method or an
// iterator.
func (b *binder) checkRefStructLocals(body lang.Node) {
	if body == nil {
		return
	}
	lang.Inspect(body, func(n lang.Node) bool {
		switch n := n.(type) {
		case *lang.LambdaExpr, *lang.LocalFuncStmt:
			return false
		case *lang.BlockStmt:
			b.refLocalsIn(n.Stmts)
		case *lang.ForeachStmt:
			if t := b.info.Types[n.X]; t != nil && t.IsRefStruct() && suspends(n.Body) {
				b.errorf(posOf(n.X), "CS4007", "Instance of type '%s' cannot be preserved across 'await' or 'yield' boundary.", t)
			}
		}
		return true
	})
}

// refLocalsIn checks the ref struct locals declared in one statement list.
func (b *binder) refLocalsIn(list []lang.Stmt) {
	for i, s := range list {
		d, ok := s.(*lang.LocalDeclStmt)
		if !ok {
			continue
		}
		for _, dec := range d.Decls {
			if d.RefKind != "" && liveAcrossSuspension(dec.Name, list[i+1:]) {
				b.errorf(dec.Pos, "CS9217", "A 'ref' local cannot be preserved across 'await' or 'yield' boundary.")
				continue
			}
			if t := b.info.Locals[dec]; t != nil && t.IsRefStruct() && liveAcrossSuspension(dec.Name, list[i+1:]) {
				b.errorf(dec.Pos, "CS4007", "Instance of type '%s' cannot be preserved across 'await' or 'yield' boundary.", t)
			}
		}
	}
}

// liveAcrossSuspension reports whether name is used after a suspension in
// the statements that follow its declaration.
func liveAcrossSuspension(name string, rest []lang.Stmt) bool {
	suspended := false
	for _, s := range rest {
		if suspended {
			if mentions(s, name, lang.Pos{}) {
				return true
			}
			continue
		}
		at, ok := firstSuspension(s)
		if !ok {
			continue
		}
		switch s.(type) {
		case *lang.WhileStmt, *lang.DoStmt, *lang.ForStmt, *lang.ForeachStmt:
			if mentions(s, name, lang.Pos{}) {
				return true
			}
		}
		if mentions(s, name, at) {
			return true
		}
		suspended = true
	}
	return false
}

// suspends reports whether n awaits or yields outside nested functions.
func suspends(n lang.Node) bool {
	_, ok := firstSuspension(n)
	return ok
}

// firstSuspension returns the position of the first await or yield in n,
// outside lambdas and local functions.
func firstSuspension(n lang.Node) (lang.Pos, bool) {
	var at lang.Pos
	found := false
	lang.Inspect(n, func(c lang.Node) bool {
		if found {
			return false
		}
		switch c := c.(type) {
		case *lang.LambdaExpr, *lang.LocalFuncStmt:
			return false
		case *lang.AwaitExpr:
			at, found = c.Pos, true
		case *lang.YieldStmt:
			at, found = c.Pos, true
		case *lang.ForeachStmt:
			if c.IsAwait {
				at, found = c.Pos, true
			}
		case *lang.UsingStmt:
			if c.IsAwait {
				at, found = c.Pos, true
			}
		}
		return !found
	})
	return at, found
}

// mentions reports whether n names name at or after position after (the
// zero Pos: anywhere).
func mentions(n lang.Node, name string, after lang.Pos) bool {
	found := false
	lang.Inspect(n, func(c lang.Node) bool {
		if found {
			return false
		}
		if id, ok := c.(*lang.Ident); ok && id.Name == name &&
			(id.Pos.Line > after.Line || id.Pos.Line == after.Line && id.Pos.Col > after.Col) {
			found = true
		}
		return !found
	})
	return found
}

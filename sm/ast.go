package sm

import "asyncvm/lang"

// Small constructors for the synthesized syntax. Synthesized nodes carry the
// position of the code they stand for, so that line tables and stack traces
// point at the user's source.

func ident(pos lang.Pos, name string) *lang.Ident { return &lang.Ident{Pos: pos, Name: name} }

func member(pos lang.Pos, x lang.Expr, name string) *lang.MemberExpr {
	return &lang.MemberExpr{Pos: pos, X: x, Name: name}
}

func call(pos lang.Pos, fun lang.Expr, args ...lang.Expr) *lang.CallExpr {
	c := &lang.CallExpr{Pos: pos, Fun: fun}
	for _, a := range args {
		c.Args = append(c.Args, &lang.Arg{Pos: pos, X: a})
	}
	return c
}

func assign(pos lang.Pos, left, right lang.Expr) *lang.AssignExpr {
	return &lang.AssignExpr{Pos: pos, Op: "=", Left: left, Right: right}
}

func exprStmt(x lang.Expr) *lang.ExprStmt { return &lang.ExprStmt{Pos: x.Position(), X: x} }

func assignStmt(pos lang.Pos, left, right lang.Expr) *lang.ExprStmt {
	return &lang.ExprStmt{Pos: pos, X: assign(pos, left, right)}
}

func intLit(pos lang.Pos, n int) *lang.Literal {
	return &lang.Literal{Pos: pos, Kind: lang.LitInt, Value: int64(n)}
}

func nullLit(pos lang.Pos) *lang.Literal { return &lang.Literal{Pos: pos, Kind: lang.LitNull} }

func boolLit(pos lang.Pos, b bool) *lang.Literal {
	return &lang.Literal{Pos: pos, Kind: lang.LitBool, Value: b}
}

func typeRef(pos lang.Pos, name string, args ...*lang.TypeRef) *lang.TypeRef {
	return &lang.TypeRef{Pos: pos, Name: name, Args: args}
}

func block(pos lang.Pos, stmts ...lang.Stmt) *lang.BlockStmt {
	return &lang.BlockStmt{Pos: pos, Stmts: stmts, Rbrace: pos}
}

// arrayInitExpr is the initializer of a local of written type t as an
// expression that may stand on the right of an assignment: an array
// initializer `{ ... }` becomes the array creation `new T[,] { ... }` it
// abbreviates (C# §17.7), anything else stays as it is.
func arrayInitExpr(init lang.Expr, t *lang.TypeRef) lang.Expr {
	l, ok := init.(*lang.InitListExpr)
	if !ok || t == nil || t.ArrayRank == 0 {
		return init
	}
	return &lang.NewArrayExpr{Pos: l.Pos, Elem: t.Elem, Rank: t.ArrayRank, Init: l.Elems, HasInit: true}
}

func declStmt(pos lang.Pos, t *lang.TypeRef, name string, init lang.Expr) *lang.LocalDeclStmt {
	return &lang.LocalDeclStmt{Pos: pos, Type: t, Decls: []*lang.Declarator{{Pos: pos, Name: name, Init: init}}}
}

func ifStmt(pos lang.Pos, cond lang.Expr, then lang.Stmt, els lang.Stmt) *lang.IfStmt {
	return &lang.IfStmt{Pos: pos, Cond: cond, Then: then, Else: els}
}

func not(pos lang.Pos, x lang.Expr) lang.Expr { return &lang.UnaryExpr{Pos: pos, Op: "!", X: x} }

func binary(pos lang.Pos, op string, x, y lang.Expr) *lang.BinaryExpr {
	return &lang.BinaryExpr{Pos: pos, Op: op, X: x, Y: y}
}

func labeled(pos lang.Pos, label string, s lang.Stmt) *lang.LabeledStmt {
	if s == nil {
		s = &lang.EmptyStmt{Pos: pos}
	}
	return &lang.LabeledStmt{Pos: pos, Label: label, Stmt: s}
}

func gotoStmt(pos lang.Pos, label string) *lang.GotoStmt {
	return &lang.GotoStmt{Pos: pos, Label: label}
}

// rethrow is ExceptionDispatchInfo.Capture((Exception)x).Throw(): it throws
// x again with the stack it was first thrown with.
func rethrow(pos lang.Pos, x lang.Expr) lang.Stmt {
	edi := member(pos, member(pos, member(pos, ident(pos, "System"), "Runtime"), "ExceptionServices"), "ExceptionDispatchInfo")
	cast := &lang.CastExpr{Pos: pos, Type: typeRef(pos, "Exception"), X: x}
	return exprStmt(call(pos, member(pos, call(pos, member(pos, edi, "Capture"), cast), "Throw")))
}

// hasAwait reports whether n contains a suspension point outside nested
// lambdas and local functions: an await, or an iterator's `yield return`,
// which the passes treat alike (liveness, desugaring of the loops and
// using statements around them).
func hasAwait(n lang.Node) bool {
	found := false
	lang.Inspect(n, func(m lang.Node) bool {
		if found {
			return false
		}
		switch m := m.(type) {
		case *lang.LambdaExpr, *lang.LocalFuncStmt:
			return false
		case *lang.AwaitExpr:
			found = true
			return false
		case *lang.YieldStmt:
			if m.X != nil {
				found = true
				return false
			}
		case *lang.UsingStmt:
			if m.IsAwait {
				found = true
				return false
			}
		case *lang.UsingDeclStmt:
			if m.IsAwait {
				found = true
				return false
			}
		case *lang.ForeachStmt:
			if m.IsAwait {
				found = true
				return false
			}
		}
		return true
	})
	return found
}

// stmtsHaveAwait reports whether any statement contains an await.
func stmtsHaveAwait(list []lang.Stmt) bool {
	for _, s := range list {
		if hasAwait(s) {
			return true
		}
	}
	return false
}

// asBlock returns s as a block, wrapping a single statement.
func asBlock(s lang.Stmt) *lang.BlockStmt {
	if b, ok := s.(*lang.BlockStmt); ok {
		return b
	}
	if s == nil {
		return block(lang.Pos{})
	}
	return block(s.Position(), s)
}

// cloneType copies a type reference.
func cloneType(t *lang.TypeRef) *lang.TypeRef {
	if t == nil {
		return nil
	}
	c := *t
	c.Args = nil
	for _, a := range t.Args {
		c.Args = append(c.Args, cloneType(a))
	}
	c.Elem = cloneType(t.Elem)
	return &c
}

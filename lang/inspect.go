package lang

// Inspect traverses the tree rooted at n in depth-first order, like
// go/ast.Inspect: it calls f(n); if f returns true it visits each non-nil
// child and then calls f(nil).
func Inspect(n Node, f func(Node) bool) {
	if isNil(n) || !f(n) {
		return
	}
	walkChildren(n, func(c Node) { Inspect(c, f) })
	f(nil)
}

// isNil reports whether n is nil or a typed nil pointer.
func isNil(n Node) bool {
	if n == nil {
		return true
	}
	switch v := n.(type) {
	case *TypeRef:
		return v == nil
	case *BlockStmt:
		return v == nil
	case *LocalDeclStmt:
		return v == nil
	case *Initializer:
		return v == nil
	case *MethodDecl:
		return v == nil
	case *CtorInit:
		return v == nil
	}
	return false
}

func walkChildren(n Node, visit func(Node)) {
	v := func(c Node) {
		if !isNil(c) {
			visit(c)
		}
	}
	attrs := func(as []*Attribute) {
		for _, a := range as {
			v(a)
		}
	}
	args := func(as []*Arg) {
		for _, a := range as {
			v(a)
		}
	}
	params := func(ps []*Param) {
		for _, p := range ps {
			v(p)
		}
	}
	types := func(ts []*TypeRef) {
		for _, t := range ts {
			v(t)
		}
	}
	exprs := func(xs []Expr) {
		for _, x := range xs {
			if x != nil {
				v(x)
			}
		}
	}
	stmts := func(ss []Stmt) {
		for _, s := range ss {
			if s != nil {
				v(s)
			}
		}
	}
	expr := func(x Expr) {
		if x != nil {
			v(x)
		}
	}
	stmt := func(s Stmt) {
		if s != nil {
			v(s)
		}
	}
	pat := func(p Pattern) {
		if p != nil {
			v(p)
		}
	}
	switch n := n.(type) {
	case *File:
		for _, u := range n.Usings {
			v(u)
		}
		attrs(n.Attributes)
		stmts(n.Stmts)
		for _, t := range n.Types {
			v(t)
		}
	case *Attribute:
		args(n.Args)
	case *TypeDecl:
		attrs(n.Attributes)
		params(n.PrimaryParams)
		types(n.Bases)
		args(n.BaseArgs)
		for _, m := range n.Members {
			if m != nil {
				v(m)
			}
		}
		for _, em := range n.EnumMembers {
			v(em)
		}
		if n.Invoke != nil {
			v(n.Invoke)
		}
	case *EnumMember:
		attrs(n.Attributes)
		expr(n.Value)
	case *FieldDecl:
		attrs(n.Attributes)
		v(n.Type)
		for _, d := range n.Decls {
			v(d)
		}
	case *Declarator:
		expr(n.Init)
	case *PropertyDecl:
		attrs(n.Attributes)
		v(n.Type)
		v(n.Iface)
		params(n.Params)
		for _, a := range n.Accessors {
			v(a)
		}
		expr(n.Init)
		expr(n.ExprBody)
	case *Accessor:
		v(n.Body)
		expr(n.ExprBody)
	case *MethodDecl:
		attrs(n.Attributes)
		v(n.ReturnType)
		v(n.Iface)
		params(n.Params)
		v(n.Body)
		expr(n.ExprBody)
	case *CtorDecl:
		attrs(n.Attributes)
		params(n.Params)
		v(n.Init)
		v(n.Body)
		expr(n.ExprBody)
	case *CtorInit:
		args(n.Args)
	case *Param:
		attrs(n.Attributes)
		v(n.Type)
		expr(n.Default)
	case *Arg:
		expr(n.X)
	case *TypeRef:
		v(n.Outer)
		types(n.Args)
		v(n.Elem)

	case *BlockStmt:
		stmts(n.Stmts)
	case *LocalDeclStmt:
		v(n.Type)
		for _, d := range n.Decls {
			v(d)
		}
	case *UsingDeclStmt:
		v(n.Decl)
	case *ExprStmt:
		expr(n.X)
	case *IfStmt:
		expr(n.Cond)
		stmt(n.Then)
		stmt(n.Else)
	case *WhileStmt:
		expr(n.Cond)
		stmt(n.Body)
	case *DoStmt:
		stmt(n.Body)
		expr(n.Cond)
	case *ForStmt:
		v(n.InitDecl)
		exprs(n.InitExprs)
		expr(n.Cond)
		exprs(n.Post)
		stmt(n.Body)
	case *ForeachStmt:
		if n.Expanded != nil { // it holds X and Body
			v(n.Expanded)
			break
		}
		v(n.Type)
		expr(n.X)
		stmt(n.Body)
	case *SwitchStmt:
		expr(n.X)
		for _, s := range n.Sections {
			v(s)
		}
	case *SwitchSection:
		for _, l := range n.Labels {
			v(l)
		}
		stmts(n.Body)
	case *CaseLabel:
		pat(n.Pattern)
		expr(n.When)
	case *ReturnStmt:
		expr(n.X)
	case *GotoStmt:
		expr(n.Case)
	case *LabeledStmt:
		stmt(n.Stmt)
	case *ThrowStmt:
		expr(n.X)
	case *YieldStmt:
		expr(n.X)
	case *TryStmt:
		v(n.Body)
		for _, c := range n.Catches {
			v(c)
		}
		v(n.Finally)
	case *CatchClause:
		v(n.Type)
		expr(n.Filter)
		v(n.Body)
	case *UsingStmt:
		v(n.Decl)
		expr(n.X)
		stmt(n.Body)
	case *LockStmt:
		expr(n.X)
		stmt(n.Body)
	case *CheckedStmt:
		stmt(n.Body)
	case *LocalFuncStmt:
		v(n.Func)

	case *InterpolatedString:
		for _, p := range n.Parts {
			expr(p.X)
			expr(p.Align)
		}
	case *Ident:
		types(n.TypeArgs)
	case *MemberExpr:
		expr(n.X)
		types(n.TypeArgs)
	case *CallExpr:
		expr(n.Fun)
		args(n.Args)
	case *IndexExpr:
		expr(n.X)
		args(n.Args)
	case *UnaryExpr:
		expr(n.X)
	case *RangeExpr:
		expr(n.X)
		expr(n.Y)
	case *PostfixExpr:
		expr(n.X)
	case *BinaryExpr:
		expr(n.X)
		expr(n.Y)
	case *AssignExpr:
		expr(n.Left)
		expr(n.Right)
	case *CondExpr:
		expr(n.Cond)
		expr(n.Then)
		expr(n.Else)
	case *LambdaExpr:
		params(n.Params)
		expr(n.ExprBody)
		v(n.Body)
	case *NewExpr:
		v(n.Type)
		args(n.Args)
		v(n.Init)
	case *AnonObjectExpr:
		args(n.Members)
	case *Initializer:
		for _, m := range n.Members {
			v(m)
		}
		exprs(n.Elems)
	case *MemberInit:
		args(n.Index)
		expr(n.Value)
		if n.Init != nil {
			v(n.Init)
		}
	case *InitListExpr:
		exprs(n.Elems)
	case *NewArrayExpr:
		v(n.Elem)
		exprs(n.Sizes)
		exprs(n.Init)
	case *CollectionExpr:
		exprs(n.Elems)
	case *SpreadElement:
		expr(n.X)
	case *TypeOfExpr:
		v(n.Type)
	case *NameOfExpr:
		expr(n.X)
	case *CheckedExpr:
		expr(n.X)
	case *DefaultExpr:
		v(n.Type)
	case *CastExpr:
		v(n.Type)
		expr(n.X)
	case *IsExpr:
		expr(n.X)
		pat(n.Pattern)
	case *AsExpr:
		expr(n.X)
		v(n.Type)
	case *AwaitExpr:
		expr(n.X)
	case *ThrowExpr:
		expr(n.X)
	case *SwitchExpr:
		expr(n.X)
		for _, a := range n.Arms {
			v(a)
		}
	case *WithExpr:
		expr(n.X)
		for _, m := range n.Members {
			v(m)
		}
	case *SwitchArm:
		pat(n.Pattern)
		expr(n.When)
		expr(n.Value)
	case *DeclExpr:
		v(n.Type)
	case *TupleExpr:
		exprs(n.Elems)

	case *ConstPattern:
		expr(n.X)
	case *TypePattern:
		v(n.Type)
	case *NotPattern:
		pat(n.P)
	case *BinaryPattern:
		pat(n.X)
		pat(n.Y)
	case *RelationalPattern:
		expr(n.X)
	case *PropertyPattern:
		v(n.Type)
		for _, sp := range n.Props {
			v(sp)
		}
	case *PositionalPattern:
		v(n.Type)
		for _, sp := range n.Subs {
			v(sp)
		}
		if n.Rest != nil {
			pat(n.Rest)
		}
	case *ListPattern:
		for _, e := range n.Elems {
			pat(e)
		}
	case *SlicePattern:
		pat(n.P)
	case *SubPattern:
		pat(n.Pattern)
	}
}

// ReturnsValue reports whether a function body has a `return expr;` of its
// own (not inside a nested lambda or local function): an async lambda with
// one returns Task<T>, without one Task.
func ReturnsValue(b *BlockStmt) bool {
	found := false
	if b == nil {
		return false
	}
	Inspect(b, func(n Node) bool {
		switch n := n.(type) {
		case *LambdaExpr, *LocalFuncStmt:
			return false
		case *ReturnStmt:
			if n.X != nil {
				found = true
			}
		}
		return true
	})
	return found
}

package sm

import "asyncvm/lang"

// rewrite replaces expressions throughout n (statements, expressions,
// patterns, nested lambdas and local functions included), bottom-up: f
// receives each expression after its children were rewritten and returns
// its replacement.
func rewrite(n lang.Node, f func(lang.Expr) lang.Expr) {
	r := &rewriter{f: f}
	r.node(n)
}

type rewriter struct{ f func(lang.Expr) lang.Expr }

func (r *rewriter) e(x lang.Expr) lang.Expr {
	if x == nil {
		return nil
	}
	switch x := x.(type) {
	case *lang.InterpolatedString:
		for _, p := range x.Parts {
			p.X = r.e(p.X)
			p.Align = r.e(p.Align)
		}
	case *lang.MemberExpr:
		x.X = r.e(x.X)
	case *lang.CallExpr:
		x.Fun = r.e(x.Fun)
		r.args(x.Args)
	case *lang.IndexExpr:
		x.X = r.e(x.X)
		r.args(x.Args)
	case *lang.UnaryExpr:
		x.X = r.e(x.X)
	case *lang.RangeExpr:
		if x.X != nil {
			x.X = r.e(x.X)
		}
		if x.Y != nil {
			x.Y = r.e(x.Y)
		}
	case *lang.PostfixExpr:
		x.X = r.e(x.X)
	case *lang.BinaryExpr:
		x.X = r.e(x.X)
		x.Y = r.e(x.Y)
	case *lang.AssignExpr:
		x.Left = r.e(x.Left)
		x.Right = r.e(x.Right)
	case *lang.CondExpr:
		x.Cond = r.e(x.Cond)
		x.Then = r.e(x.Then)
		x.Else = r.e(x.Else)
	case *lang.LambdaExpr:
		for _, p := range x.Params {
			p.Default = r.e(p.Default)
		}
		x.ExprBody = r.e(x.ExprBody)
		if x.Body != nil {
			r.stmt(x.Body)
		}
	case *lang.NewExpr:
		r.args(x.Args)
		r.init(x.Init)
	case *lang.AnonObjectExpr:
		r.args(x.Members)
	case *lang.InitListExpr:
		r.list(x.Elems)
	case *lang.NewArrayExpr:
		r.list(x.Sizes)
		r.list(x.Init)
	case *lang.CollectionExpr:
		r.list(x.Elems)
	case *lang.SpreadElement:
		x.X = r.e(x.X)
	case *lang.TupleExpr:
		r.list(x.Elems)
	case *lang.NameOfExpr:
		// nameof(x) names x; it does not read it.
	case *lang.CastExpr:
		x.X = r.e(x.X)
	case *lang.IsExpr:
		x.X = r.e(x.X)
		r.pattern(x.Pattern)
	case *lang.AsExpr:
		x.X = r.e(x.X)
	case *lang.AwaitExpr:
		x.X = r.e(x.X)
	case *lang.ThrowExpr:
		x.X = r.e(x.X)
	case *lang.WithExpr:
		x.X = r.e(x.X)
		for _, m := range x.Members {
			m.Value = r.e(m.Value)
		}
	case *lang.SwitchExpr:
		x.X = r.e(x.X)
		for _, a := range x.Arms {
			r.pattern(a.Pattern)
			a.When = r.e(a.When)
			a.Value = r.e(a.Value)
		}
	}
	return r.f(x)
}

func (r *rewriter) list(xs []lang.Expr) {
	for i := range xs {
		xs[i] = r.e(xs[i])
	}
}

func (r *rewriter) args(as []*lang.Arg) {
	for _, a := range as {
		a.X = r.e(a.X)
	}
}

func (r *rewriter) init(in *lang.Initializer) {
	if in == nil {
		return
	}
	for _, m := range in.Members {
		r.args(m.Index)
		m.Value = r.e(m.Value)
		r.init(m.Init)
	}
	r.list(in.Elems)
}

func (r *rewriter) pattern(p lang.Pattern) {
	switch p := p.(type) {
	case *lang.ConstPattern:
		p.X = r.e(p.X)
	case *lang.NotPattern:
		r.pattern(p.P)
	case *lang.BinaryPattern:
		r.pattern(p.X)
		r.pattern(p.Y)
	case *lang.RelationalPattern:
		p.X = r.e(p.X)
	case *lang.PropertyPattern:
		for _, sp := range p.Props {
			r.pattern(sp.Pattern)
		}
	case *lang.PositionalPattern:
		for _, sp := range p.Subs {
			r.pattern(sp.Pattern)
		}
		if p.Rest != nil {
			r.pattern(p.Rest)
		}
	case *lang.ListPattern:
		for _, e := range p.Elems {
			r.pattern(e)
		}
	case *lang.SlicePattern:
		if p.P != nil {
			r.pattern(p.P)
		}
	}
}

func (r *rewriter) decl(d *lang.LocalDeclStmt) {
	if d == nil {
		return
	}
	for _, dc := range d.Decls {
		dc.Init = r.e(dc.Init)
	}
}

func (r *rewriter) node(n lang.Node) {
	switch n := n.(type) {
	case lang.Stmt:
		r.stmt(n)
	case lang.Expr:
		r.e(n)
	}
}

func (r *rewriter) stmt(s lang.Stmt) {
	switch s := s.(type) {
	case *lang.BlockStmt:
		if s == nil {
			return
		}
		for _, c := range s.Stmts {
			r.stmt(c)
		}
	case *lang.LocalDeclStmt:
		r.decl(s)
	case *lang.UsingDeclStmt:
		r.decl(s.Decl)
	case *lang.ExprStmt:
		s.X = r.e(s.X)
	case *lang.IfStmt:
		s.Cond = r.e(s.Cond)
		r.stmt(s.Then)
		if s.Else != nil {
			r.stmt(s.Else)
		}
	case *lang.WhileStmt:
		s.Cond = r.e(s.Cond)
		r.stmt(s.Body)
	case *lang.DoStmt:
		r.stmt(s.Body)
		s.Cond = r.e(s.Cond)
	case *lang.ForStmt:
		r.decl(s.InitDecl)
		r.list(s.InitExprs)
		s.Cond = r.e(s.Cond)
		r.list(s.Post)
		r.stmt(s.Body)
	case *lang.ForeachStmt:
		s.X = r.e(s.X)
		r.stmt(s.Body)
	case *lang.SwitchStmt:
		s.X = r.e(s.X)
		for _, sec := range s.Sections {
			for _, l := range sec.Labels {
				r.pattern(l.Pattern)
				l.When = r.e(l.When)
			}
			for _, c := range sec.Body {
				r.stmt(c)
			}
		}
	case *lang.ReturnStmt:
		s.X = r.e(s.X)
	case *lang.GotoStmt:
		s.Case = r.e(s.Case)
	case *lang.LabeledStmt:
		r.stmt(s.Stmt)
	case *lang.ThrowStmt:
		s.X = r.e(s.X)
	case *lang.YieldStmt:
		s.X = r.e(s.X)
	case *lang.TryStmt:
		r.stmt(s.Body)
		for _, c := range s.Catches {
			c.Filter = r.e(c.Filter)
			r.stmt(c.Body)
		}
		if s.Finally != nil {
			r.stmt(s.Finally)
		}
	case *lang.UsingStmt:
		r.decl(s.Decl)
		s.X = r.e(s.X)
		r.stmt(s.Body)
	case *lang.LockStmt:
		s.X = r.e(s.X)
		r.stmt(s.Body)
	case *lang.LocalFuncStmt:
		if s.Func.Body != nil {
			r.stmt(s.Func.Body)
		}
		s.Func.ExprBody = r.e(s.Func.ExprBody)
	}
}

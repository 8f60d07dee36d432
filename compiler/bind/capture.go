package bind

import "asyncvm/lang"

// Closure analysis: which parameters and locals a nested function (a
// lambda, an anonymous method or a local function) refers to. Code
// generation keeps such a variable in a box from its declaration on, and
// the closures share the box; every other variable lives in a register.
// Roslyn computes the same set on its bound tree before closure conversion
// (ClosureConversion's analysis), and starlark-go's resolver marks such
// locals as cells.
//
// The analysis resolves simple names with the scopes of C#: a name refers
// to the innermost visible declaration; a reference from a function nested
// more deeply than the declaration is a capture. It runs over syntax, not
// over what the binder typed, because every body that code generation
// compiles must be covered: the prelude's, those of classes with a base the
// binder does not model, and what the sm lowering synthesises (which calls
// AnalyzeCaptures again on each function it rewrites).
//
// The scopes are code generation's, which are C#'s or wider (a pattern
// variable of an if condition stays visible after the if statement, and a
// block's locals from the block's start): what matters is that both
// resolve a name to the same declaration. Function scopes are exact. A
// capture the analysis missed would surface in code generation as an
// internal error, never as wrong code.

// Var identifies a parameter or local by its declaration: the position of
// its declaring node (a *lang.Declarator, *lang.Param, *lang.DeclExpr,
// *lang.ForeachStmt, *lang.CatchClause, pattern or local function) and its
// name. Copies of a body made by the sm lowering keep positions, so a
// copied declaration shares what is known of the original.
type Var struct {
	Pos  lang.Pos
	Name string
}

// TypeArgPrefix starts the name of the hidden local in which a generic
// method, local function or static member of a generic class receives the
// run-time type argument of a type parameter (declared at the function's
// position). It cannot clash with a C# identifier.
const TypeArgPrefix = "<type>"

// IsCaptured reports whether a nested function refers to v.
func (in *Info) IsCaptured(v Var) bool { return in != nil && len(in.Captured[v]) > 0 }

// IsBoxed reports whether v lives in a box: a nested function refers to
// it, or a ref local, ref assignment or ref return does.
func (in *Info) IsBoxed(v Var) bool { return in.IsCaptured(v) || in != nil && in.RefTaken[v] }

// AnalyzeCaptures records in Captured the variables the nested functions
// inside n capture. n is a file (its types and top-level statements), a
// type declaration, a member, or a lambda or local function analysed as a
// function of its own (the variables of enclosing functions it refers to
// were recorded when they were analysed).
func (in *Info) AnalyzeCaptures(n lang.Node) {
	if in.Captured == nil {
		in.Captured = map[Var][]lang.Node{}
	}
	if in.RefTaken == nil {
		in.RefTaken = map[Var]bool{}
	}
	c := &capturer{in: in}
	switch n := n.(type) {
	case *lang.File:
		for _, td := range n.Types {
			c.typeDecl(td)
		}
		if len(n.Stmts) > 0 {
			// Top-level statements are the body of Main(string[] args).
			pos := n.Stmts[0].Position()
			if body := (&lang.BlockStmt{Pos: pos, Stmts: n.Stmts}); hasNested(body) {
				c.function(nil, []*lang.Param{{Pos: pos, Name: "args"}}, nil, body, nil)
			}
		}
	case *lang.TypeDecl:
		c.typeDecl(n)
	case *lang.LambdaExpr:
		c.function(n, n.Params, nil, n.Body, n.ExprBody)
	case *lang.LocalFuncStmt:
		c.function(n, n.Func.Params, typeArgVars(n.Func.Pos, n.Func.TypeParams), n.Func.Body, n.Func.ExprBody)
	case *lang.MethodDecl:
		c.method(n, nil)
	}
}

// hasNested reports whether n contains a lambda, a local function, a ref
// expression or a ref argument: a body without one captures nothing and
// is not analysed.
func hasNested(n lang.Node) bool {
	found := false
	lang.Inspect(n, func(m lang.Node) bool {
		switch m := m.(type) {
		case *lang.LambdaExpr, *lang.LocalFuncStmt:
			found = true
		case *lang.UnaryExpr:
			found = m.Op == "ref"
		case *lang.CallExpr:
			for _, a := range m.Args {
				found = found || a.Mod == "ref" || a.Mod == "in"
			}
		}
		return !found
	})
	return found
}

func typeArgVars(pos lang.Pos, tparams []string) []Var {
	var vs []Var
	for _, tp := range tparams {
		vs = append(vs, Var{pos, TypeArgPrefix + tp})
	}
	return vs
}

type capVar struct {
	Var
	depth int // nesting of functions at the declaration
}

type capScope struct {
	parent *capScope
	vars   map[string]*capVar
}

type capturer struct {
	in *Info
	sc *capScope
	// fns are the functions being analysed, outermost first; a nil entry
	// is a member body. typeArgs holds, per function, the hidden locals of
	// its type arguments, which every nested function may read.
	fns      []lang.Node
	typeArgs [][]Var
}

// typeDecl analyses the bodies of a type's members. Instance field and
// property initializers run in each constructor, with its parameters in
// scope (as code generation compiles them); static ones in the static
// constructor.
func (c *capturer) typeDecl(td *lang.TypeDecl) {
	var classArgs []Var
	var inits []lang.Expr
	var staticInits []lang.Expr
	for _, m := range td.Members {
		switch m := m.(type) {
		case *lang.FieldDecl:
			for _, d := range m.Decls {
				if d.Init == nil {
					continue
				}
				if m.Modifiers.Has(lang.ModStatic) || m.Modifiers.Has(lang.ModConst) {
					staticInits = append(staticInits, d.Init)
				} else {
					inits = append(inits, d.Init)
				}
			}
		case *lang.PropertyDecl:
			if m.Init == nil {
				continue
			}
			if m.Modifiers.Has(lang.ModStatic) {
				staticInits = append(staticInits, m.Init)
			} else {
				inits = append(inits, m.Init)
			}
		}
	}
	hasCtor := false
	for _, m := range td.Members {
		if d, ok := m.(*lang.CtorDecl); ok && !d.Modifiers.Has(lang.ModStatic) {
			hasCtor = true
			c.ctor(d.Pos, d.Params, inits, d.Init, d.Body, d.ExprBody)
			continue
		}
		if !hasNested(m) {
			continue
		}
		switch m := m.(type) {
		case *lang.TypeDecl:
			c.typeDecl(m)
		case *lang.MethodDecl:
			if len(td.TypeParams) > 0 && m.Modifiers.Has(lang.ModStatic) {
				classArgs = typeArgVars(m.Pos, td.TypeParams)
			}
			c.method(m, classArgs)
			classArgs = nil
		case *lang.PropertyDecl:
			c.property(td, m)
		}
	}
	if !hasCtor {
		var params []*lang.Param
		if td.HasPrimary {
			params = td.PrimaryParams
		}
		var base *lang.CtorInit
		if td.HasBaseArgs {
			base = &lang.CtorInit{Pos: td.Pos, Kind: "base", Args: td.BaseArgs}
		}
		c.ctor(td.Pos, params, inits, base, nil, nil)
	}
	var cctor *lang.BlockStmt
	for _, m := range td.Members {
		if d, ok := m.(*lang.CtorDecl); ok && d.Modifiers.Has(lang.ModStatic) {
			cctor = d.Body
		}
	}
	var classAll []Var
	if len(td.TypeParams) > 0 {
		classAll = typeArgVars(td.Pos, td.TypeParams)
	}
	body := &lang.BlockStmt{Pos: td.Pos}
	for _, x := range staticInits {
		body.Stmts = append(body.Stmts, &lang.ExprStmt{Pos: x.Position(), X: x})
	}
	if cctor != nil {
		body.Stmts = append(body.Stmts, cctor)
	}
	if hasNested(body) {
		c.function(nil, nil, classAll, body, nil)
	}
}

// ctor analyses a constructor with the instance initializers it runs.
func (c *capturer) ctor(pos lang.Pos, params []*lang.Param, inits []lang.Expr, init *lang.CtorInit, body *lang.BlockStmt, x lang.Expr) {
	all := &lang.BlockStmt{Pos: pos}
	for _, e := range inits {
		all.Stmts = append(all.Stmts, &lang.ExprStmt{Pos: e.Position(), X: e})
	}
	if init != nil {
		for _, a := range init.Args {
			all.Stmts = append(all.Stmts, &lang.ExprStmt{Pos: a.Pos, X: a.X})
		}
	}
	if body != nil {
		all.Stmts = append(all.Stmts, body)
	}
	if !hasNested(all) && (x == nil || !hasNested(x)) {
		return
	}
	c.function(nil, params, nil, all, x)
}

func (c *capturer) method(m *lang.MethodDecl, classArgs []Var) {
	targs := append(classArgs, typeArgVars(m.Pos, m.TypeParams)...)
	c.function(nil, m.Params, targs, m.Body, m.ExprBody)
}

// property analyses accessors; a setter, init accessor or event accessor
// has the implicit parameter value, declared at the property.
func (c *capturer) property(td *lang.TypeDecl, p *lang.PropertyDecl) {
	// An accessor of a static property of a generic class receives the
	// class's type arguments; it is declared at the property (an indexer's
	// at the accessor).
	targs := func(pos lang.Pos) []Var {
		if len(td.TypeParams) == 0 || !p.Modifiers.Has(lang.ModStatic) {
			return nil
		}
		return typeArgVars(pos, td.TypeParams)
	}
	if p.ExprBody != nil {
		c.function(nil, p.Params, targs(p.Pos), nil, p.ExprBody)
	}
	for _, a := range p.Accessors {
		params := p.Params
		if a.Kind != "get" {
			params = append(params[:len(params):len(params)], &lang.Param{Pos: p.Pos, Name: "value"})
		}
		pos := p.Pos
		if p.IsIndexer() {
			pos = a.Pos
		}
		c.function(nil, params, targs(pos), a.Body, a.ExprBody)
	}
}

// function analyses a function body. fn is the nested function (a
// *lang.LambdaExpr or *lang.LocalFuncStmt), nil for a member body.
func (c *capturer) function(fn lang.Node, params []*lang.Param, targs []Var, body *lang.BlockStmt, x lang.Expr) {
	if fn != nil {
		// A nested function may read the type arguments of every
		// enclosing function.
		for _, vs := range c.typeArgs {
			for _, v := range vs {
				c.capture(v, fn)
			}
		}
	}
	c.fns = append(c.fns, fn)
	c.typeArgs = append(c.typeArgs, targs)
	c.push()
	for _, p := range params {
		c.declare(p.Pos, p.Name)
	}
	if body != nil {
		c.block(body.Stmts)
	}
	c.expr(x)
	c.pop()
	c.fns = c.fns[:len(c.fns)-1]
	c.typeArgs = c.typeArgs[:len(c.typeArgs)-1]
}

func (c *capturer) capture(v Var, by lang.Node) {
	for _, b := range c.in.Captured[v] {
		if b == by {
			return
		}
	}
	c.in.Captured[v] = append(c.in.Captured[v], by)
}

func (c *capturer) push() { c.sc = &capScope{parent: c.sc, vars: map[string]*capVar{}} }
func (c *capturer) pop()  { c.sc = c.sc.parent }

func (c *capturer) declare(pos lang.Pos, name string) {
	if name == "" || name == "_" {
		return
	}
	c.sc.vars[name] = &capVar{Var: Var{pos, name}, depth: len(c.fns)}
}

// use resolves a simple name; a reference to a variable of an enclosing
// function captures it.
func (c *capturer) use(name string) {
	for s := c.sc; s != nil; s = s.parent {
		if v, ok := s.vars[name]; ok {
			if v.depth < len(c.fns) {
				c.capture(v.Var, c.fns[len(c.fns)-1])
			}
			return
		}
	}
}

// block analyses a statement list in its own scope. A block's locals and
// local functions are in scope in the whole block, so a local function may
// be called, and refer to another, before its declaration.
func (c *capturer) block(list []lang.Stmt) {
	c.push()
	c.stmts(list)
	c.pop()
}

func (c *capturer) stmts(list []lang.Stmt) {
	for _, s := range list {
		if l, ok := s.(*lang.LabeledStmt); ok {
			s = l.Stmt
		}
		switch s := s.(type) {
		case *lang.LocalFuncStmt:
			c.declare(s.Func.Pos, s.Func.Name)
		case *lang.LocalDeclStmt:
			for _, d := range s.Decls {
				c.declare(d.Pos, d.Name)
			}
		}
	}
	for _, s := range list {
		c.stmt(s)
	}
}

func (c *capturer) scoped(s lang.Stmt) {
	if s == nil {
		return
	}
	c.push()
	c.stmts([]lang.Stmt{s})
	c.pop()
}

func (c *capturer) localDecl(d *lang.LocalDeclStmt) {
	for _, dc := range d.Decls {
		c.declare(dc.Pos, dc.Name)
		c.expr(dc.Init)
	}
}

func (c *capturer) stmt(s lang.Stmt) {
	switch s := s.(type) {
	case *lang.BlockStmt:
		c.block(s.Stmts)
	case *lang.CheckedStmt:
		c.block(s.Body.Stmts)
	case *lang.LocalDeclStmt:
		c.localDecl(s)
	case *lang.UsingDeclStmt:
		c.localDecl(s.Decl)
	case *lang.ExprStmt:
		c.expr(s.X)
	case *lang.IfStmt:
		c.expr(s.Cond)
		c.scoped(s.Then)
		c.scoped(s.Else)
	case *lang.WhileStmt:
		c.push()
		c.expr(s.Cond)
		c.scoped(s.Body)
		c.pop()
	case *lang.DoStmt:
		c.scoped(s.Body)
		c.expr(s.Cond)
	case *lang.ForStmt:
		c.push()
		if s.InitDecl != nil {
			c.localDecl(s.InitDecl)
		}
		c.exprs(s.InitExprs)
		c.expr(s.Cond)
		c.exprs(s.Post)
		c.scoped(s.Body)
		c.pop()
	case *lang.ForeachStmt:
		if s.Expanded != nil {
			c.stmt(s.Expanded) // it holds X and Body
			return
		}
		c.expr(s.X)
		c.push()
		c.declare(s.Pos, s.Name)
		c.scoped(s.Body)
		c.pop()
	case *lang.SwitchStmt:
		c.expr(s.X)
		c.push()
		for _, sec := range s.Sections {
			for _, l := range sec.Labels {
				c.pattern(l.Pattern)
				c.expr(l.When)
			}
		}
		var body []lang.Stmt
		for _, sec := range s.Sections {
			body = append(body, sec.Body...)
		}
		c.stmts(body)
		c.pop()
	case *lang.ReturnStmt:
		c.expr(s.X)
	case *lang.YieldStmt:
		c.expr(s.X)
	case *lang.ThrowStmt:
		c.expr(s.X)
	case *lang.GotoStmt:
		c.expr(s.Case)
	case *lang.LabeledStmt:
		c.stmt(s.Stmt)
	case *lang.TryStmt:
		c.block(s.Body.Stmts)
		for _, cc := range s.Catches {
			c.push()
			c.declare(cc.Pos, cc.Name)
			c.expr(cc.Filter)
			c.block(cc.Body.Stmts)
			c.pop()
		}
		if s.Finally != nil {
			c.block(s.Finally.Stmts)
		}
	case *lang.UsingStmt:
		c.push()
		if s.Decl != nil {
			c.localDecl(s.Decl)
		}
		c.expr(s.X)
		c.scoped(s.Body)
		c.pop()
	case *lang.LockStmt:
		c.expr(s.X)
		c.scoped(s.Body)
	case *lang.LocalFuncStmt:
		if c.sc.vars[s.Func.Name] == nil {
			c.declare(s.Func.Pos, s.Func.Name)
		}
		m := s.Func
		c.function(s, m.Params, typeArgVars(m.Pos, m.TypeParams), m.Body, m.ExprBody)
	}
}

func (c *capturer) exprs(xs []lang.Expr) {
	for _, x := range xs {
		c.expr(x)
	}
}

func (c *capturer) expr(x lang.Expr) {
	if x == nil {
		return
	}
	lang.Inspect(x, c.visit)
}

func (c *capturer) visit(n lang.Node) bool {
	switch n := n.(type) {
	case *lang.Ident:
		c.use(n.Name)
	case *lang.LambdaExpr:
		c.function(n, n.Params, nil, n.Body, n.ExprBody)
		return false
	case *lang.DeclExpr:
		c.declare(n.Pos, n.Name)
	case *lang.SwitchExpr:
		c.expr(n.X)
		for _, arm := range n.Arms {
			c.push()
			c.pattern(arm.Pattern)
			c.expr(arm.When)
			c.expr(arm.Value)
			c.pop()
		}
		return false
	case *lang.IsExpr:
		c.expr(n.X)
		c.pattern(n.Pattern)
		return false
	case *lang.NameOfExpr:
		return false // names a variable without reading it
	case *lang.UnaryExpr:
		if n.Op == "ref" {
			c.refTaken(n.X)
		}
	case *lang.CallExpr:
		// The reference a ref-returning method returns may be one of its
		// ref arguments, so those outlive the call.
		if c.in.Calls[n].RefKind() != "" {
			for _, a := range n.Args {
				if a.Mod == "ref" || a.Mod == "in" {
					c.refTaken(a.X)
				}
			}
		}
	}
	return true
}

// refTaken records the local or parameter at the root of x, the operand
// of `ref` (a variable or a field path into a struct variable).
func (c *capturer) refTaken(x lang.Expr) {
	for {
		m, ok := x.(*lang.MemberExpr)
		if !ok {
			break
		}
		if t := c.in.Types[m.X]; t != nil && t.IsReference() {
			// `ref node.Left`: a field of an object, not of the variable
			// holding the reference.
			return
		}
		x = m.X
	}
	id, ok := x.(*lang.Ident)
	if !ok {
		return
	}
	for s := c.sc; s != nil; s = s.parent {
		if v, ok := s.vars[id.Name]; ok {
			c.in.RefTaken[v.Var] = true
			return
		}
	}
}

// pattern declares the variables a pattern designates and resolves the
// names in its constants.
func (c *capturer) pattern(p lang.Pattern) {
	if p == nil {
		return
	}
	lang.Inspect(p, func(n lang.Node) bool {
		switch n := n.(type) {
		case *lang.TypePattern:
			c.declare(n.Pos, n.Name)
		case *lang.VarPattern:
			c.declare(n.Pos, n.Name)
		case *lang.PropertyPattern:
			c.declare(n.Pos, n.Name)
		case *lang.ListPattern:
			c.declare(n.Pos, n.Name)
		case *lang.ConstPattern:
			c.expr(n.X)
			return false
		case *lang.RelationalPattern:
			c.expr(n.X)
			return false
		}
		return true
	})
}

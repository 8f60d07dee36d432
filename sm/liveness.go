package sm

import (
	"asyncvm/compiler/bind"
	"asyncvm/lang"
)

// variable is a parameter or local of the method being lowered.
type variable struct {
	name      string
	id        int
	typ       *lang.TypeRef // declared type; nil for var
	init      lang.Expr     // initializer, for inferring a field type
	param     bool
	localFunc bool // a local function's name
	special   bool // declared by a pattern, catch clause or foreach: stays a local
	captured  bool // referenced from a local function
	// inLoop and inLambda record a variable declared in a loop body and
	// referenced from a lambda: each iteration needs its own copy, which a
	// single hoisted field cannot give (see machine.go).
	inLoop   bool
	inLambda bool
	inner    bool // declared inside a nested lambda or local function
	depth    int  // nesting of functions at the declaration
	hoist    bool
	field    string     // the hoisted name
	bound    *bind.Type // the field's type, when the binder knew it
}

// resolution maps the names of a method body to its variables.
type resolution struct {
	vars  []*variable
	uses  map[*lang.Ident]*variable
	decls map[*lang.Declarator]*variable
	outs  map[*lang.DeclExpr]*variable
	// catches and loops map catch clauses and foreach statements to the
	// variable they declare.
	catches map[*lang.CatchClause]*variable
	loops   map[*lang.ForeachStmt]*variable
	// patterns maps a type, var or property pattern to the variable it
	// declares.
	patterns map[lang.Pattern]*variable
}

type scope struct {
	parent *scope
	names  map[string]*variable
}

type resolver struct {
	res       *resolution
	sc        *scope
	depth     int // nesting of lambdas and local functions
	funcDepth int // nesting of local functions
	loopDepth int // nesting of loops in the method body
}

// resolve binds every identifier of body to the parameter or local it names
// (nil for members, types and anything declared outside the method).
func resolve(params []*lang.Param, body *lang.BlockStmt) *resolution {
	r := &resolver{res: &resolution{uses: map[*lang.Ident]*variable{}, decls: map[*lang.Declarator]*variable{}, outs: map[*lang.DeclExpr]*variable{},
		catches: map[*lang.CatchClause]*variable{}, loops: map[*lang.ForeachStmt]*variable{}, patterns: map[lang.Pattern]*variable{}}}
	r.push()
	for _, p := range params {
		v := r.declare(p.Name, p.Type, nil)
		v.param = true
	}
	r.block(body.Stmts)
	return r.res
}

func (r *resolver) push() { r.sc = &scope{parent: r.sc, names: map[string]*variable{}} }
func (r *resolver) pop()  { r.sc = r.sc.parent }

func (r *resolver) declare(name string, t *lang.TypeRef, init lang.Expr) *variable {
	v := &variable{name: name, id: len(r.res.vars), typ: t, init: init, depth: r.depth, inner: r.depth > 0, inLoop: r.loopDepth > 0}
	r.res.vars = append(r.res.vars, v)
	if name != "_" {
		r.sc.names[name] = v
	}
	return v
}

func (r *resolver) lookup(name string) *variable {
	for s := r.sc; s != nil; s = s.parent {
		if v, ok := s.names[name]; ok {
			return v
		}
	}
	return nil
}

func (r *resolver) block(list []lang.Stmt) {
	r.push()
	for _, s := range list {
		if lf, ok := s.(*lang.LocalFuncStmt); ok {
			v := r.declare(lf.Func.Name, nil, nil)
			v.localFunc = true
		}
	}
	for _, s := range list {
		r.stmt(s)
	}
	r.pop()
}

func (r *resolver) stmt(s lang.Stmt) {
	switch s := s.(type) {
	case *lang.BlockStmt:
		r.block(s.Stmts)
	case *lang.LocalDeclStmt:
		r.localDecl(s)
	case *lang.UsingDeclStmt:
		r.localDecl(s.Decl)
	case *lang.ExprStmt:
		r.expr(s.X)
	case *lang.IfStmt:
		r.expr(s.Cond)
		r.scoped(s.Then)
		if s.Else != nil {
			r.scoped(s.Else)
		}
	case *lang.WhileStmt:
		r.expr(s.Cond)
		r.loopDepth++
		r.scoped(s.Body)
		r.loopDepth--
	case *lang.DoStmt:
		r.loopDepth++
		r.scoped(s.Body)
		r.loopDepth--
		r.expr(s.Cond)
	case *lang.ForStmt:
		r.push()
		if s.InitDecl != nil {
			r.localDecl(s.InitDecl)
		}
		r.exprs(s.InitExprs)
		r.expr(s.Cond)
		r.exprs(s.Post)
		r.loopDepth++
		r.scoped(s.Body)
		r.loopDepth--
		r.pop()
	case *lang.ForeachStmt:
		r.expr(s.X)
		r.push()
		r.loopDepth++
		v := r.declare(s.Name, s.Type, nil)
		v.special = true
		r.res.loops[s] = v
		r.scoped(s.Body)
		r.loopDepth--
		r.pop()
	case *lang.SwitchStmt:
		r.expr(s.X)
		r.push()
		for _, sec := range s.Sections {
			for _, l := range sec.Labels {
				r.pattern(l.Pattern)
				r.expr(l.When)
			}
			for _, c := range sec.Body {
				if lf, ok := c.(*lang.LocalFuncStmt); ok {
					r.declare(lf.Func.Name, nil, nil).localFunc = true
				}
			}
			for _, c := range sec.Body {
				r.stmt(c)
			}
		}
		r.pop()
	case *lang.ReturnStmt:
		r.expr(s.X)
	case *lang.ThrowStmt:
		r.expr(s.X)
	case *lang.YieldStmt:
		r.expr(s.X)
	case *lang.GotoStmt:
		r.expr(s.Case)
	case *lang.LabeledStmt:
		r.stmt(s.Stmt)
	case *lang.TryStmt:
		r.stmt(s.Body)
		for _, c := range s.Catches {
			r.push()
			if c.Name != "" {
				v := r.declare(c.Name, c.Type, nil)
				v.special = true
				r.res.catches[c] = v
			}
			r.expr(c.Filter)
			r.stmt(c.Body)
			r.pop()
		}
		if s.Finally != nil {
			r.stmt(s.Finally)
		}
	case *lang.UsingStmt:
		r.push()
		if s.Decl != nil {
			r.localDecl(s.Decl)
		}
		r.expr(s.X)
		r.scoped(s.Body)
		r.pop()
	case *lang.LockStmt:
		r.expr(s.X)
		r.scoped(s.Body)
	case *lang.LocalFuncStmt:
		r.funcDepth++
		r.function(s.Func.Params, s.Func.Body, s.Func.ExprBody)
		r.funcDepth--
	}
}

func (r *resolver) scoped(s lang.Stmt) {
	r.push()
	r.stmt(s)
	r.pop()
}

func (r *resolver) localDecl(d *lang.LocalDeclStmt) {
	for _, dc := range d.Decls {
		r.expr(dc.Init)
		v := r.declare(dc.Name, d.Type, dc.Init)
		r.res.decls[dc] = v
	}
}

func (r *resolver) function(params []*lang.Param, body *lang.BlockStmt, exprBody lang.Expr) {
	r.push()
	r.depth++
	for _, p := range params {
		r.declare(p.Name, p.Type, nil).special = true
	}
	if body != nil {
		r.block(body.Stmts)
	}
	r.expr(exprBody)
	r.depth--
	r.pop()
}

func (r *resolver) exprs(xs []lang.Expr) {
	for _, x := range xs {
		r.expr(x)
	}
}

func (r *resolver) expr(x lang.Expr) {
	if x == nil {
		return
	}
	lang.Inspect(x, func(n lang.Node) bool {
		switch n := n.(type) {
		case *lang.Ident:
			if v := r.lookup(n.Name); v != nil {
				r.res.uses[n] = v
				if r.funcDepth > 0 && v.depth == 0 {
					v.captured = true
				}
				if r.depth > 0 && v.depth == 0 {
					v.inLambda = true
				}
			}
		case *lang.LambdaExpr:
			r.function(n.Params, n.Body, n.ExprBody)
			return false
		case *lang.DeclExpr:
			if n.Name != "_" {
				r.res.outs[n] = r.declare(n.Name, n.Type, nil)
			}
		case *lang.TypePattern, *lang.VarPattern, *lang.PropertyPattern, *lang.ListPattern:
			r.pattern(n.(lang.Pattern))
			return false
		case *lang.NameOfExpr:
			return false
		}
		return true
	})
}

func (r *resolver) pattern(p lang.Pattern) {
	if p == nil {
		return
	}
	switch p := p.(type) {
	case *lang.TypePattern:
		if p.Name != "" && p.Name != "_" {
			v := r.declare(p.Name, p.Type, nil)
			v.special = true
			r.res.patterns[p] = v
		}
	case *lang.VarPattern:
		if p.Name != "_" {
			v := r.declare(p.Name, nil, nil)
			v.special = true
			r.res.patterns[p] = v
		}
	case *lang.PropertyPattern:
		for _, sp := range p.Props {
			r.pattern(sp.Pattern)
		}
		if p.Name != "" && p.Name != "_" {
			v := r.declare(p.Name, p.Type, nil)
			v.special = true
			r.res.patterns[p] = v
		}
	case *lang.ListPattern:
		for _, e := range p.Elems {
			r.pattern(e)
		}
		if p.Name != "" && p.Name != "_" {
			v := r.declare(p.Name, nil, nil)
			v.special = true
			r.res.patterns[p] = v
		}
	case *lang.SlicePattern:
		r.pattern(p.P)
	case *lang.PositionalPattern:
		for _, sp := range p.Subs {
			r.pattern(sp.Pattern)
		}
		if p.Rest != nil {
			r.pattern(p.Rest)
		}
	case *lang.NotPattern:
		r.pattern(p.P)
	case *lang.BinaryPattern:
		r.pattern(p.X)
		r.pattern(p.Y)
	case *lang.ConstPattern:
		r.expr(p.X)
	case *lang.RelationalPattern:
		r.expr(p.X)
	}
}

// ---- control flow and liveness ----

// bits is a set of variable ids.
type bits []uint64

func newBits(n int) bits { return make(bits, (n+63)/64) }

func (b bits) set(i int)      { b[i/64] |= 1 << (i % 64) }
func (b bits) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }

// node is one step of the method's control flow graph: a simple statement
// (or a condition), what it reads and writes, and where control goes next:
// succ when it completes, exc (the catch and finally entries of the
// enclosing try statements) when it throws.
//
// A node that throws has not written its def (`x = F()` or `x = await G()`
// whose call throws leaves x as it was), so a value live on an exception
// edge is live on entry whatever the node defines:
//
//	in = use | (out &^ def) | outExc
type node struct {
	use, def bits
	succ     []*node
	exc      []*node
	await    bool // a canonical await: use is read before the suspension, def written after
	in, out  bits
	outExc   bits
}

type cfg struct {
	res      *resolution
	n        int
	nodes    []*node
	exit     *node
	handlers [][]*node // the catch and finally entries of the enclosing try statements
	brk      []*node
	cont     []*node
	labels   map[string]*node
}

func (g *cfg) newNode(succ ...*node) *node {
	nd := &node{use: newBits(g.n), def: newBits(g.n), succ: succ}
	for _, hs := range g.handlers {
		nd.exc = append(nd.exc, hs...)
	}
	g.nodes = append(g.nodes, nd)
	return nd
}

func (g *cfg) label(name string) *node {
	if nd, ok := g.labels[name]; ok {
		return nd
	}
	nd := g.newNode()
	g.labels[name] = nd
	return nd
}

// uses marks every variable x mentions (nested lambdas included) as read.
func (g *cfg) uses(nd *node, x lang.Node) {
	if x == nil {
		return
	}
	// A variable a pattern in x declares (`o is int i`, a switch-expression
	// arm) is defined by x before x reads it: it is a definition of this
	// node, not a use that would make it live on entry.
	var declared map[*variable]bool
	lang.Inspect(x, func(n lang.Node) bool {
		if p, ok := n.(lang.Pattern); ok {
			if v := g.res.patterns[p]; v != nil {
				if declared == nil {
					declared = map[*variable]bool{}
				}
				declared[v] = true
				nd.def.set(v.id)
			}
		}
		return true
	})
	lang.Inspect(x, func(n lang.Node) bool {
		if id, ok := n.(*lang.Ident); ok {
			if v := g.res.uses[id]; v != nil && !declared[v] {
				nd.use.set(v.id)
			}
		}
		return true
	})
}

func (g *cfg) defIdent(nd *node, x lang.Expr) bool {
	if id, ok := x.(*lang.Ident); ok {
		if v := g.res.uses[id]; v != nil {
			nd.def.set(v.id)
			if lambdaCaptured(v) {
				// The write must reach the variable a lambda holds, so it
				// is a reference to that variable as a read is: the
				// variable lives from its declaration to here.
				nd.use.set(v.id)
			}
			return true
		}
	}
	return false
}

// lambdaCaptured reports whether v, a variable of the method itself, is
// referenced from a lambda: it is one variable for the lambdas and the
// method, so a write to it after an await must reach the variable the
// lambdas captured before it.
func lambdaCaptured(v *variable) bool { return v.inLambda && v.depth == 0 }

func (g *cfg) list(list []lang.Stmt, next *node) *node {
	for i := len(list) - 1; i >= 0; i-- {
		next = g.stmt(list[i], next)
	}
	return next
}

func (g *cfg) loop(brk, cont *node, f func()) {
	g.brk = append(g.brk, brk)
	g.cont = append(g.cont, cont)
	f()
	g.brk = g.brk[:len(g.brk)-1]
	g.cont = g.cont[:len(g.cont)-1]
}

func top(ns []*node, or *node) *node {
	if len(ns) == 0 {
		return or
	}
	return ns[len(ns)-1]
}

func (g *cfg) stmt(s lang.Stmt, next *node) *node {
	switch s := s.(type) {
	case *lang.BlockStmt:
		return g.list(s.Stmts, next)
	case *lang.ExprStmt:
		nd := g.newNode(next)
		switch x := s.X.(type) {
		case *lang.AwaitExpr:
			nd.await = true
			g.uses(nd, x.X)
			return nd
		case *lang.AssignExpr:
			if x.Op == "=" {
				if _, ok := x.Right.(*lang.AwaitExpr); ok {
					nd.await = true
				}
				if _, ok := x.Left.(*lang.Ident); ok {
					g.uses(nd, x.Right)
					g.defIdent(nd, x.Left)
					return nd
				}
			}
		}
		g.uses(nd, s.X)
		return nd
	case *lang.LocalDeclStmt:
		nd := g.newNode(next)
		for _, d := range s.Decls {
			if d.Init == nil {
				continue
			}
			if _, ok := d.Init.(*lang.AwaitExpr); ok && len(s.Decls) == 1 {
				nd.await = true
			}
			g.uses(nd, d.Init)
			if v := g.res.decls[d]; v != nil {
				nd.def.set(v.id)
			}
		}
		return nd
	case *lang.UsingDeclStmt:
		return g.stmt(s.Decl, next)
	case *lang.IfStmt:
		then := g.stmt(s.Then, next)
		els := next
		if s.Else != nil {
			els = g.stmt(s.Else, next)
		}
		nd := g.newNode(then, els)
		g.uses(nd, s.Cond)
		return nd
	case *lang.WhileStmt:
		head := g.newNode(next)
		g.uses(head, s.Cond)
		g.loop(next, head, func() { head.succ = append(head.succ, g.stmt(s.Body, head)) })
		return head
	case *lang.DoStmt:
		cond := g.newNode(next)
		g.uses(cond, s.Cond)
		var body *node
		g.loop(next, cond, func() { body = g.stmt(s.Body, cond) })
		cond.succ = append(cond.succ, body)
		return body
	case *lang.ForStmt:
		head := g.newNode(next)
		g.uses(head, s.Cond)
		post := g.newNode(head)
		for _, x := range s.Post {
			g.uses(post, x)
		}
		g.loop(next, post, func() { head.succ = append(head.succ, g.stmt(s.Body, post)) })
		init := g.newNode(head)
		if s.InitDecl != nil {
			return g.stmt(s.InitDecl, head)
		}
		for _, x := range s.InitExprs {
			g.uses(init, x)
		}
		return init
	case *lang.ForeachStmt:
		head := g.newNode(next)
		item := g.newNode()
		if v := g.res.loops[s]; v != nil {
			item.def.set(v.id)
		}
		head.succ = append(head.succ, item)
		g.loop(next, head, func() { item.succ = append(item.succ, g.stmt(s.Body, head)) })
		nd := g.newNode(head)
		g.uses(nd, s.X)
		return nd
	case *lang.SwitchStmt:
		nd := g.newNode(next)
		g.uses(nd, s.X)
		g.loop(next, top(g.cont, g.exit), func() {
			for _, sec := range s.Sections {
				for _, l := range sec.Labels {
					g.uses(nd, l.Pattern)
					g.uses(nd, l.When)
				}
				nd.succ = append(nd.succ, g.list(sec.Body, next))
			}
		})
		return nd
	case *lang.ReturnStmt:
		nd := g.newNode(g.exit)
		g.uses(nd, s.X)
		return nd
	case *lang.ThrowStmt:
		nd := g.newNode(g.exit)
		g.uses(nd, s.X)
		return nd
	case *lang.YieldStmt:
		if s.X == nil {
			return g.newNode(g.exit) // yield break
		}
		nd := g.newNode(next) // yield return suspends after reading X
		nd.await = true
		g.uses(nd, s.X)
		return nd
	case *lang.BreakStmt:
		return g.newNode(top(g.brk, next))
	case *lang.ContinueStmt:
		return g.newNode(top(g.cont, next))
	case *lang.GotoStmt:
		if s.IsCase || s.IsDefault {
			return g.newNode(next)
		}
		return g.newNode(g.label(s.Label))
	case *lang.LabeledStmt:
		l := g.label(s.Label)
		l.succ = append(l.succ, g.stmt(s.Stmt, next))
		return l
	case *lang.TryStmt:
		after := next
		var hs []*node
		if s.Finally != nil {
			join := g.newNode(next, g.exit)
			fin := g.stmt(s.Finally, join)
			hs = append(hs, fin)
			after = fin
		}
		for _, c := range s.Catches {
			entry := g.stmt(c.Body, after)
			if c.Filter != nil {
				f := g.newNode(entry, after)
				g.uses(f, c.Filter)
				entry = f
			}
			if v := g.res.catches[c]; v != nil {
				d := g.newNode(entry)
				d.def.set(v.id)
				entry = d
			}
			hs = append(hs, entry)
		}
		g.handlers = append(g.handlers, hs)
		body := g.stmt(s.Body, after)
		g.handlers = g.handlers[:len(g.handlers)-1]
		return body
	case *lang.UsingStmt:
		dispose := g.newNode(next)
		if s.Decl != nil {
			for _, d := range s.Decl.Decls {
				if v := g.res.decls[d]; v != nil {
					dispose.use.set(v.id)
				}
			}
		}
		body := g.stmt(s.Body, dispose)
		nd := g.newNode(body)
		g.uses(nd, s.X)
		if s.Decl != nil {
			return g.stmt(s.Decl, body)
		}
		return nd
	case *lang.LockStmt:
		body := g.stmt(s.Body, next)
		nd := g.newNode(body)
		g.uses(nd, s.X)
		return nd
	case *lang.LocalFuncStmt:
		nd := g.newNode(next)
		g.uses(nd, s.Func.Body)
		g.uses(nd, s.Func.ExprBody)
		return nd
	}
	return next
}

// liveAcross returns the variables whose values must survive a suspension:
// those live right after some await, on its normal edge (other than the
// await's own target) or on its exception edge (the target included: an
// await that throws on resumption leaves its target unchanged).
func liveAcross(res *resolution, body *lang.BlockStmt) bits {
	g := &cfg{res: res, n: len(res.vars), labels: map[string]*node{}}
	g.exit = g.newNode()
	g.list(body.Stmts, g.exit)
	for _, nd := range g.nodes {
		nd.in, nd.out, nd.outExc = newBits(g.n), newBits(g.n), newBits(g.n)
	}
	for changed := true; changed; {
		changed = false
		for i := len(g.nodes) - 1; i >= 0; i-- {
			nd := g.nodes[i]
			for _, s := range nd.succ {
				for w := range nd.out {
					nd.out[w] |= s.in[w]
				}
			}
			for _, s := range nd.exc {
				for w := range nd.outExc {
					nd.outExc[w] |= s.in[w]
				}
			}
			for w := range nd.in {
				v := nd.use[w] | (nd.out[w] &^ nd.def[w]) | nd.outExc[w]
				if v != nd.in[w] {
					nd.in[w] = v
					changed = true
				}
			}
		}
	}
	captured := newBits(g.n)
	for _, v := range res.vars {
		if lambdaCaptured(v) {
			captured.set(v.id)
		}
	}
	live := newBits(g.n)
	for _, nd := range g.nodes {
		if !nd.await {
			continue
		}
		for w := range live {
			// An await's own target is written after the suspension:
			// kept across it when a lambda holds it (defIdent).
			live[w] |= (nd.out[w] &^ nd.def[w]) | nd.outExc[w] | nd.def[w]&nd.use[w]&captured[w]
		}
	}
	return live
}

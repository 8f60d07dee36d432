package bind

import "asyncvm/lang"

// Ref locals and ref returns (C# 7, ref reassignment C# 7.3). A ref local,
// a ref, in or out parameter and the result of a ref-returning method,
// property or indexer are variables that hold a reference to another
// variable; `ref e` makes one from the variable e. The binder checks C#'s
// rules: what `ref` may be applied to (CS1510, CS0206, CS8329), how a ref
// local is initialised (CS8172, CS8171, CS8174) and reassigned (CS8373),
// writes through readonly references (CS8331), and the escape rules as
// far as returning a reference is concerned: a reference to a local or a
// by-value parameter, or to a field of one, cannot be returned (CS8168,
// CS8166, CS8167, CS8157, CS8170). A ref local may be declared in an async
// method or an iterator (C# 13) but not be used across an await or yield
// (CS9217, checked by syntax with the ref struct locals, refstruct.go).

// refVar is what the binder knows of a variable that holds a reference,
// or of a parameter.
type refVar struct {
	kind       string // "ref", "ref readonly" (locals); "ref", "in", "out" or "" (parameters)
	param      bool
	returnable bool // a reference to it may be returned
}

// RefKind is "ref" or "ref readonly" when m returns by reference, else "".
func (m *Method) RefKind() string {
	if m == nil {
		return ""
	}
	if d, ok := m.Definition().Decl.(*lang.MethodDecl); ok {
		return d.RefKind
	}
	return ""
}

// RefKind is "ref" or "ref readonly" when p returns by reference, else "".
func (p *Property) RefKind() string {
	if p == nil {
		return ""
	}
	if d, ok := p.Decl.(*lang.PropertyDecl); ok {
		return d.RefKind
	}
	return ""
}

// RefProp is the property returning by reference that x reads, or nil.
func (in *Info) RefProp(x lang.Expr) *Property {
	if in == nil {
		return nil
	}
	return in.RefProps[x]
}

// isRefExpr reports whether x is `ref e`.
func isRefExpr(x lang.Expr) bool {
	u, ok := x.(*lang.UnaryExpr)
	return ok && u.Op == "ref"
}

// isRefValue reports whether x is a ref expression or a ref conditional.
func isRefValue(x lang.Expr) bool {
	if c, ok := x.(*lang.CondExpr); ok {
		return isRefExpr(c.Then) && isRefExpr(c.Else)
	}
	return isRefExpr(x)
}

func (b *binder) declareRef(name string, rv refVar) {
	if name == "" {
		return
	}
	if b.scope.refs == nil {
		b.scope.refs = map[string]refVar{}
	}
	b.scope.refs[name] = rv
}

// lookupRef is what is known of the local or parameter name as a
// reference; ok is false when name is not a local or parameter.
func (s *scope) lookupRef(name string) (rv refVar, ok bool) {
	for c := s; c != nil; c = c.parent {
		if _, found := c.vars[name]; found {
			return c.refs[name], true
		}
	}
	return refVar{}, false
}

// refInfo describes the variable a reference is made to.
type refInfo struct {
	ok         bool
	readonly   bool
	returnable bool
	// why reports, at the return statement, why a reference to it cannot
	// be returned; nil when it can.
	why func(pos lang.Pos)
}

// refValue binds an expression in a ref context (a ref local's
// initializer, a ref return, the right side of a ref assignment): `ref e`
// or a ref conditional `c ? ref a : ref b`. It returns the type and what
// is known of the variable referred to.
func (b *binder) refValue(x lang.Expr) (*Type, refInfo) {
	switch e := x.(type) {
	case *lang.UnaryExpr:
		if e.Op == "ref" {
			t, ri := b.refTarget(e.X)
			b.info.Types[e] = t
			return t, ri
		}
	case *lang.CondExpr:
		if isRefValue(e) {
			b.cond(e.Cond)
			t1, r1 := b.refValue(e.Then)
			t2, r2 := b.refValue(e.Else)
			if t1 != t2 && !lenient(t1) && !lenient(t2) {
				b.errorf(posOf(e), "CS8156", "An expression cannot be used in this context because it may not be passed or returned by reference")
			}
			b.info.Types[e] = t1
			ri := refInfo{ok: r1.ok && r2.ok, readonly: r1.readonly || r2.readonly, returnable: r1.returnable && r2.returnable, why: r1.why}
			if ri.why == nil {
				ri.why = r2.why
			}
			return t1, ri
		}
	}
	return b.expr(x), refInfo{}
}

// refTarget binds e, the operand of `ref`, which must be a variable.
func (b *binder) refTarget(e lang.Expr) (*Type, refInfo) {
	if isRefValue(e) {
		return b.refValue(e) // ref (c ? ref a : ref b)
	}
	t := b.expr(e)
	yes := refInfo{ok: true, returnable: true}
	switch x := e.(type) {
	case *lang.Ident:
		if rv, ok := b.scope.lookupRef(x.Name); ok {
			if _, isConst := b.scope.lookupConst(x.Name); isConst {
				break
			}
			ri := refInfo{ok: true, readonly: rv.kind == "ref readonly" || rv.kind == "in", returnable: rv.returnable}
			if !rv.returnable {
				name := x.Name
				switch {
				case rv.param && rv.kind == "out":
					ri.why = func(pos lang.Pos) {
						b.errorf(pos, "CS9075", "Cannot return a parameter by reference '%s' because it is scoped to the current method", name)
					}
				case rv.param:
					ri.why = func(pos lang.Pos) {
						b.errorf(pos, "CS8166", "Cannot return a parameter by reference '%s' because it is not a ref parameter", name)
					}
				case rv.kind != "":
					ri.why = func(pos lang.Pos) {
						b.errorf(pos, "CS8157", "Cannot return '%s' by reference because it was initialized to a value that cannot be returned by reference", name)
					}
				default:
					ri.why = func(pos lang.Pos) {
						b.errorf(pos, "CS8168", "Cannot return local '%s' by reference because it is not a ref local", name)
					}
				}
			}
			return t, ri
		}
		if ms := b.memberInScope(x.Name); len(ms) > 0 {
			return t, b.memberRef(e, ms[0], nil)
		}
	case *lang.MemberExpr:
		if s := b.memberSym(x); s != nil {
			return t, b.memberRef(e, s, x.X)
		}
	case *lang.IndexExpr:
		if xt := b.info.Types[x.X]; xt != nil && xt.Kind == Array && !x.NullCond {
			return t, yes
		}
		if p := b.info.IndexerOf(x); p != nil {
			switch p.RefKind() {
			case "ref":
				return t, yes
			case "ref readonly":
				return t, refInfo{ok: true, readonly: true, returnable: true}
			}
		}
		if xt := b.info.Types[x.X]; xt != nil && !xt.IsUnchecked() && !(xt.Kind == Special && xt.Special == String) {
			b.errorf(posOf(e), "CS0206", "A non ref-returning property or indexer may not be used as an out or ref value")
			return t, refInfo{}
		}
	case *lang.CallExpr:
		if m := b.info.Calls[x]; m != nil {
			switch m.RefKind() {
			case "ref":
				return t, yes
			case "ref readonly":
				return t, refInfo{ok: true, readonly: true, returnable: true}
			}
		}
	case *lang.ThisExpr:
		if b.cls != nil && b.cls.Kind == Struct {
			return t, refInfo{ok: true, why: func(pos lang.Pos) {
				b.errorf(pos, "CS8170", "Struct members cannot return 'this' or other instance members by reference")
			}}
		}
	}
	if !t.IsUnchecked() {
		b.errorf(posOf(e), "CS1510", "A ref or out value must be an assignable variable")
	}
	return t, refInfo{}
}

// memberRef is what is known of a reference to field or property s,
// reached through recv (nil: a simple name, this).
func (b *binder) memberRef(e lang.Expr, s Symbol, recv lang.Expr) refInfo {
	switch s := s.(type) {
	case *Property:
		switch s.RefKind() {
		case "ref":
			return refInfo{ok: true, returnable: true}
		case "ref readonly":
			return refInfo{ok: true, readonly: true, returnable: true}
		}
		b.errorf(posOf(e), "CS0206", "A non ref-returning property or indexer may not be used as an out or ref value")
		return refInfo{}
	case *Field:
		if s.Const {
			b.errorf(posOf(e), "CS1510", "A ref or out value must be an assignable variable")
			return refInfo{}
		}
		ri := refInfo{ok: true, returnable: true}
		if s.ReadOnly && !(b.fn != nil && b.fn.ctor && s.Owner == b.cls) {
			ri.readonly = true
		}
		if s.Static {
			return ri
		}
		owner := s.Owner
		if owner == nil || owner.Kind != Struct {
			return ri
		}
		// A field of a struct: a reference to it is as returnable as one
		// to the struct variable.
		if recv == nil {
			recv = &lang.ThisExpr{Pos: posOf(e)}
		}
		switch r := recv.(type) {
		case *lang.ThisExpr:
			ri.returnable = false
			ri.why = func(pos lang.Pos) {
				b.errorf(pos, "CS8170", "Struct members cannot return 'this' or other instance members by reference")
			}
		case *lang.Ident:
			if rv, ok := b.scope.lookupRef(r.Name); ok && !rv.returnable {
				name := r.Name
				ri.returnable = false
				if rv.param {
					ri.why = func(pos lang.Pos) {
						b.errorf(pos, "CS8167", "Cannot return by reference a member of parameter '%s' because it is not a ref or out parameter", name)
					}
				} else {
					ri.why = func(pos lang.Pos) {
						b.errorf(pos, "CS8168", "Cannot return local '%s' by reference because it is not a ref local", name)
					}
				}
			}
			if rv, ok := b.scope.lookupRef(r.Name); ok && (rv.kind == "in" || rv.kind == "ref readonly") {
				ri.readonly = true
			}
		case *lang.MemberExpr, *lang.IndexExpr, *lang.CallExpr:
			if sub, ok := b.subRef(r); ok {
				ri.readonly = ri.readonly || sub.readonly
				ri.returnable, ri.why = sub.returnable, sub.why
			}
		}
		return ri
	}
	return refInfo{}
}

// subRef is what is known of the struct variable a field access goes
// through, without reporting anything.
func (b *binder) subRef(x lang.Expr) (refInfo, bool) {
	save := len(b.diags)
	var ri refInfo
	switch e := x.(type) {
	case *lang.MemberExpr:
		if s := b.memberSym(e); s != nil {
			ri = b.memberRef(e, s, e.X)
		}
	case *lang.IndexExpr:
		ri = refInfo{ok: true, returnable: true}
	case *lang.CallExpr:
		ri = refInfo{ok: b.info.Calls[e].RefKind() != "", returnable: true}
	}
	b.diags = b.diags[:save]
	return ri, ri.ok
}

// refLocalDecl binds a ref local's declarators.
func (b *binder) refLocalDecl(s *lang.LocalDeclStmt, declared *Type) {
	for _, d := range s.Decls {
		t := declared
		rv := refVar{kind: s.RefKind}
		switch {
		case d.Init == nil:
			b.errorf(d.Pos, "CS8174", "A declaration of a by-reference variable must have an initializer")
		case !isRefValue(d.Init):
			b.errorf(posOf(d.Init), "CS8172", "Cannot initialize a by-reference variable with a value")
			it := b.expr(d.Init)
			if t == nil {
				t = it
			}
		default:
			it, ri := b.refValue(d.Init)
			if t == nil {
				t = it
			} else if it != t && ri.ok && !lenient(it) && !lenient(t) {
				b.errorf(posOf(d.Init), "CS8173", "The expression must be of type '%s' because it is being assigned by reference", t)
			}
			if ri.ok && ri.readonly && s.RefKind == "ref" {
				b.readonlyRef(d.Init)
			}
			rv.returnable = ri.returnable
		}
		if t == nil {
			t = b.u.unchecked
		}
		b.info.Locals[d] = t
		b.declare(d.Name, t)
		b.declareRef(d.Name, rv)
	}
}

// readonlyRef reports a writable reference made to a readonly variable.
func (b *binder) readonlyRef(x lang.Expr) {
	if u, ok := x.(*lang.UnaryExpr); ok && u.Op == "ref" {
		x = u.X
	}
	if f, _ := b.fieldTarget(x); f != nil && f.ReadOnly {
		if f.Static {
			b.errorf(posOf(x), "CS0199", "A static readonly field cannot be used as a ref or out value (except in a static constructor)")
			return
		}
		b.errorf(posOf(x), "CS0192", "A readonly field cannot be used as a ref or out value (except in a constructor)")
		return
	}
	b.errorf(posOf(x), "CS8329", "Cannot use %s as a ref or out value because it is a readonly variable", describeVar(x))
}

// describeVar names a variable as Roslyn's readonly diagnostics do.
func describeVar(x lang.Expr) string {
	switch e := x.(type) {
	case *lang.Ident:
		return "variable '" + e.Name + "'"
	case *lang.CallExpr:
		if m, ok := e.Fun.(*lang.MemberExpr); ok {
			return "method '" + m.Name + "'"
		}
		if id, ok := e.Fun.(*lang.Ident); ok {
			return "method '" + id.Name + "'"
		}
	case *lang.MemberExpr:
		return "variable '" + e.Name + "'"
	}
	return "a readonly variable"
}

// refAssign binds the ref assignment `l = ref r` (C# 7.3).
func (b *binder) refAssign(e *lang.AssignExpr) *Type {
	l := b.expr(e.Left)
	lv := refVar{}
	isRef := false
	if id, ok := e.Left.(*lang.Ident); ok {
		if rv, ok := b.scope.lookupRef(id.Name); ok && rv.kind != "" {
			lv, isRef = rv, true
		}
	}
	if !isRef || e.Op != "=" {
		b.errorf(posOf(e.Left), "CS8373", "The left-hand side of a ref assignment must be a ref variable.")
		b.refValue(e.Right)
		return l
	}
	r, ri := b.refValue(e.Right)
	if r != l && ri.ok && !lenient(r) && !lenient(l) {
		b.errorf(posOf(e.Right), "CS8173", "The expression must be of type '%s' because it is being assigned by reference", l)
	}
	if ri.ok && ri.readonly && (lv.kind == "ref" || lv.kind == "out") {
		b.readonlyRef(e.Right)
	}
	if ri.ok && lv.returnable && !ri.returnable && ri.why != nil {
		// A ref local keeps the escape scope of its initializer: a
		// returnable one cannot be made to refer to a local (CS8374).
		b.errorf(posOf(e), "CS8374", "Cannot ref-assign '%s' to '%s' because '%s' has a narrower escape scope than '%s'.", refText(e.Right), refText(e.Left), refText(e.Right), refText(e.Left))
	}
	return l
}

func refText(x lang.Expr) string {
	if u, ok := x.(*lang.UnaryExpr); ok && u.Op == "ref" {
		x = u.X
	}
	return lang.Print(x)
}

// refReturn binds `return ref e` in a method returning by reference.
func (b *binder) refReturn(s *lang.ReturnStmt) {
	t, ri := b.refValue(s.X)
	r := b.fn.ret
	if r != nil && t != r && ri.ok && !lenient(t) && !lenient(r) {
		b.errorf(posOf(s.X), "CS8151", "The return expression must be of type '%s' because this method returns by reference", r)
	}
	if !ri.ok {
		return
	}
	if ri.readonly && b.fn.refKind == "ref" {
		x := s.X
		if u, ok := x.(*lang.UnaryExpr); ok {
			x = u.X
		}
		b.errorf(posOf(x), "CS8333", "Cannot return %s by writable reference because it is a readonly variable", describeVar(x))
		return
	}
	if !ri.returnable && ri.why != nil {
		x := s.X
		if u, ok := x.(*lang.UnaryExpr); ok {
			x = u.X
		}
		ri.why(posOf(x))
	}
}

// returnValue binds a return statement's or expression body's value
// against the function's ref kind: a ref-returning function returns
// `ref e` (CS8150), any other function a value (CS8149). It reports
// whether it bound x.
func (b *binder) returnValue(x lang.Expr, pos lang.Pos) bool {
	byRef := b.fn != nil && b.fn.refKind != ""
	switch {
	case byRef && isRefValue(x):
		b.refReturn(&lang.ReturnStmt{Pos: pos, X: x})
		return true
	case byRef:
		b.errorf(pos, "CS8150", "By-value returns may only be used in methods that return by value")
		b.expr(x)
		return true
	case isRefValue(x):
		b.errorf(pos, "CS8149", "By-reference returns may only be used in methods that return by reference")
		b.refValue(x)
		return true
	}
	return false
}

// refLocalCaptured reports a ref local or ref parameter named in a lambda
// or local function nested in the function declaring it (CS8175, CS1628).
func (b *binder) refLocalCaptured(e *lang.Ident) {
	if b.fn == nil || b.fn.outer == nil {
		return
	}
	for c := b.scope; c != nil; c = c.parent {
		if _, found := c.vars[e.Name]; found {
			return
		}
		if c == b.fn.scope {
			break
		}
	}
	rv, ok := b.scope.lookupRef(e.Name)
	if !ok || rv.kind == "" {
		return
	}
	if rv.param {
		b.errorf(e.Pos, "CS1628", "Cannot use ref, out, or in parameter '%s' inside an anonymous method, lambda expression, query expression, or local function", e.Name)
		return
	}
	b.errorf(e.Pos, "CS8175", "Cannot use ref local '%s' inside an anonymous method, lambda expression, or query expression", e.Name)
}

// refProperty checks the accessors of a property or indexer that returns
// by reference: a get accessor with a body and nothing else.
func (b *binder) refProperty(m *lang.PropertyDecl) {
	if m.ExprBody != nil {
		return
	}
	get := false
	for _, a := range m.Accessors {
		switch {
		case a.Kind != "get":
			b.errorf(a.Pos, "CS8147", "Properties which return by reference cannot have set accessors")
		case a.Body == nil && a.ExprBody == nil:
			b.errorf(m.Pos, "CS8145", "Auto-implemented properties cannot return by reference")
			return
		default:
			get = true
		}
	}
	if !get {
		b.errorf(m.Pos, "CS8146", "Properties which return by reference must have a get accessor")
	}
}

package sm

import (
	"fmt"

	"asyncvm/compiler/bind"
	"asyncvm/lang"
)

// baseAccess rewrites the `base` accesses of a function body that becomes
// a state machine's MoveNext. `base.M()` is a non-virtual call on `this`,
// which MoveNext, a method of another class, cannot make; Roslyn gives the
// containing type a wrapper method per base member used (`<>n__0`, whose
// body is the base access) and calls the wrapper through <>4__this. So
// does this pass, before thisAccess turns `this` into <>4__this:
//
//	base.M(a, b)      =>  this.<>n__0(a, b)       R <>n__0(A p0, B p1) { return base.M(p0, p1); }
//	base.P            =>  this.<>n__1()           T <>n__1() { return base.P; }
//	base.P = v        =>  this.<>n__2(v)          T <>n__2(T value) { return base.P = value; }
//	base.P += v       =>  this.<>n__2(this.<>n__1() + v)
//	base[i], base[i] = v  likewise, the indices first
//
// The wrappers' bodies are the user's own nodes (the call, the member
// access), so they keep what the binder recorded of them; the arguments
// stay at the call site with their conversions, and each wrapper parameter
// has the type of the value passed to it.
func (fl *fnLowering) baseAccess(body *lang.BlockStmt) {
	// Targets are the base accesses that a call or an assignment around
	// them rewrites as a whole.
	targets := map[lang.Expr]bool{}
	lang.Inspect(body, func(n lang.Node) bool {
		switch n := n.(type) {
		case *lang.CallExpr:
			if isBaseAccess(n.Fun) {
				targets[n.Fun] = true
			}
		case *lang.AssignExpr:
			if isBaseAccess(n.Left) {
				targets[n.Left] = true
			}
		case *lang.UnaryExpr:
			if (n.Op == "++" || n.Op == "--") && isBaseAccess(n.X) {
				targets[n.X] = true
			}
		case *lang.PostfixExpr:
			if isBaseAccess(n.X) {
				targets[n.X] = true
			}
		}
		return true
	})
	rewrite(body, func(x lang.Expr) lang.Expr {
		switch x := x.(type) {
		case *lang.BaseExpr:
			return x
		case *lang.MemberExpr, *lang.IndexExpr:
			if isBaseAccess(x) && !targets[x] {
				return fl.baseGet(x)
			}
		case *lang.CallExpr:
			if m, ok := x.Fun.(*lang.MemberExpr); ok && isBaseAccess(m) {
				return fl.baseCall(x)
			}
		case *lang.AssignExpr:
			if isBaseAccess(x.Left) {
				return fl.baseSet(x)
			}
		case *lang.UnaryExpr:
			if targets[x.X] {
				fl.errorf(x.Pos, "sm: '%s' on a 'base' member in an async method or iterator is not supported", x.Op)
			}
		case *lang.PostfixExpr:
			if targets[x.X] {
				fl.errorf(x.Pos, "sm: '%s' on a 'base' member in an async method or iterator is not supported", x.Op)
			}
		}
		return x
	})
	lang.Inspect(body, func(n lang.Node) bool {
		if b, ok := n.(*lang.BaseExpr); ok && !fl.baseWrapped[b] {
			fl.errorf(b.Pos, "sm: this use of 'base' in an async method or iterator is not supported")
		}
		return true
	})
}

// isBaseAccess reports whether x is `base.Name` or `base[...]`.
func isBaseAccess(x lang.Expr) bool {
	switch x := x.(type) {
	case *lang.MemberExpr:
		_, ok := x.X.(*lang.BaseExpr)
		return ok && !x.NullCond
	case *lang.IndexExpr:
		_, ok := x.X.(*lang.BaseExpr)
		return ok
	}
	return false
}

// baseCall rewrites `base.M(args)`: the call moves into the wrapper with
// parameters for arguments, the arguments stay here.
func (fl *fnLowering) baseCall(c *lang.CallExpr) lang.Expr {
	pos := c.Pos
	fl.baseWrapped[c.Fun.(*lang.MemberExpr).X.(*lang.BaseExpr)] = true
	var params []*lang.Param
	var args []*lang.Arg
	for i, a := range c.Args {
		p := fl.wrapperParam(pos, fmt.Sprintf("p%d", i), a.X, a.Mod)
		params = append(params, p)
		args = append(args, &lang.Arg{Pos: a.Pos, X: a.X, Mod: a.Mod})
		a.X = fl.typed(ident(a.Pos, p.Name), fl.paramType(a.X))
	}
	ret := fl.boundType(c)
	return fl.wrapperCall(pos, params, ret, c, args)
}

// baseGet rewrites a read of `base.P` or `base[i]`.
func (fl *fnLowering) baseGet(x lang.Expr) lang.Expr {
	pos := x.Position()
	params, args := fl.indexParams(x)
	return fl.wrapperCall(pos, params, fl.boundType(x), x, args)
}

// baseSet rewrites an assignment to `base.P` or `base[i]`; a compound one
// reads the member through a getter wrapper first.
func (fl *fnLowering) baseSet(a *lang.AssignExpr) lang.Expr {
	pos := a.Pos
	t := fl.boundType(a)
	right := a.Right
	if a.Op != "=" {
		if _, ok := a.Left.(*lang.IndexExpr); ok {
			fl.errorf(pos, "sm: a compound assignment to a 'base' indexer in an async method or iterator is not supported")
			return a
		}
		read := &lang.MemberExpr{Pos: a.Left.Position(), X: &lang.BaseExpr{Pos: pos}, Name: a.Left.(*lang.MemberExpr).Name}
		get := fl.baseGet(fl.typed(read, fl.boundType(a.Left)))
		bin := binary(pos, a.Op[:len(a.Op)-1], get, right)
		fl.l.info.Copied(a, bin)
		right = bin
	}
	params, args := fl.indexParams(a.Left)
	value := &lang.Param{Pos: pos, Type: fl.typeRefOf(t, pos), Name: "value"}
	if value.Type == nil {
		value.Type = typeRef(pos, "object")
	}
	params = append(params, value)
	args = append(args, &lang.Arg{Pos: pos, X: right})
	set := &lang.AssignExpr{Pos: pos, Op: "=", Left: a.Left, Right: fl.typed(ident(pos, "value"), t)}
	fl.l.info.Copied(a, set)
	delete(fl.l.info.Calls, set) // a compound assignment's operator is the binary's
	return fl.wrapperCall(pos, params, t, set, args)
}

// indexParams makes `base[i, j]`'s indices wrapper parameters, returning
// the parameters and the arguments for them; `base.P` has none.
func (fl *fnLowering) indexParams(x lang.Expr) ([]*lang.Param, []*lang.Arg) {
	switch x := x.(type) {
	case *lang.MemberExpr:
		fl.baseWrapped[x.X.(*lang.BaseExpr)] = true
	case *lang.IndexExpr:
		fl.baseWrapped[x.X.(*lang.BaseExpr)] = true
		var params []*lang.Param
		var args []*lang.Arg
		for i, a := range x.Args {
			p := fl.wrapperParam(a.Pos, fmt.Sprintf("i%d", i), a.X, "")
			params = append(params, p)
			args = append(args, &lang.Arg{Pos: a.Pos, X: a.X})
			a.X = fl.typed(ident(a.Pos, p.Name), fl.paramType(a.X))
		}
		return params, args
	}
	return nil, nil
}

// paramType is the type of the value an argument passes: the type it is
// converted to where it is used, else its own.
func (fl *fnLowering) paramType(x lang.Expr) *bind.Type {
	in := fl.l.info
	if t := in.Conversions[x]; t != nil {
		return t
	}
	if m := in.Convs[x]; m != nil {
		return m.Ret
	}
	if t := in.Delegates[x]; t != nil {
		return t
	}
	return fl.boundType(x)
}

// wrapperParam declares the wrapper parameter receiving x.
func (fl *fnLowering) wrapperParam(pos lang.Pos, name string, x lang.Expr, mod string) *lang.Param {
	t := fl.typeRefOf(fl.paramType(x), pos)
	if t == nil {
		t = typeRef(pos, "object")
	}
	return &lang.Param{Pos: pos, Modifier: mod, Type: t, Name: name}
}

// wrapperCall adds to the containing type the wrapper `<>n__N(params)`
// whose body is access (returned when ret is a value type) and returns
// the call `this.<>n__N(args)`.
func (fl *fnLowering) wrapperCall(pos lang.Pos, params []*lang.Param, ret *bind.Type, access lang.Expr, args []*lang.Arg) lang.Expr {
	owner := fl.owner
	n := fl.l.wrappers[owner]
	fl.l.wrappers[owner] = n + 1
	name := fmt.Sprintf("<>n__%d", n)
	var body lang.Stmt
	retRef := typeRef(pos, "void")
	if ret != nil && !(ret.Kind == bind.Special && ret.Special == bind.Void) {
		retRef = fl.typeRefOf(ret, pos)
		if retRef == nil {
			retRef = typeRef(pos, "object")
		}
		body = &lang.ReturnStmt{Pos: pos, X: access}
	} else {
		body = exprStmt(access)
	}
	w := &lang.MethodDecl{Pos: pos, Modifiers: lang.ModPrivate, ReturnType: retRef, Name: name, Params: params, Body: block(pos, body)}
	owner.Members = append(owner.Members, w)
	c := &lang.CallExpr{Pos: pos, Fun: member(pos, &lang.ThisExpr{Pos: pos}, name), Args: args}
	return fl.typed(c, ret)
}

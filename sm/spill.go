package sm

import (
	"strings"

	"asyncvm/compiler/bind"
	"asyncvm/lang"
)

// spill brings every await into one of three statement forms, with an
// operand that does not itself await:
//
//	await e;    x = await e;    T x = await e;
//
// An await inside a larger expression is hoisted out in front of its
// statement, and the operands that C# evaluates before it (left to right)
// are stored in temporaries first, so `F(x, await G())` still reads x before
// G runs and `await A() + await B()` keeps A's result while B is awaited.
// Conditional operators (&&, ||, ??, ?:, switch expressions) become if and
// switch statements so the await runs only when C# would evaluate it.
func (fl *fnLowering) spill(body *lang.BlockStmt) {
	body.Stmts = mapList(body.Stmts, fl.spillStmt)
}

func (fl *fnLowering) spillStmt(s lang.Stmt) []lang.Stmt {
	if !hasAwait(s) {
		return []lang.Stmt{s}
	}
	switch s := s.(type) {
	case *lang.ExprStmt:
		if c, ok := s.X.(*lang.CallExpr); ok && fl.l.info.Omitted[c] {
			return nil // a [Conditional] call left out: its awaits never run
		}
		switch x := s.X.(type) {
		case *lang.AwaitExpr:
			pre, op := fl.expr(x.X)
			x.X = op
			return append(pre, s)
		case *lang.AssignExpr:
			if id, ok := x.Left.(*lang.Ident); ok && x.Op == "=" {
				if aw, ok := x.Right.(*lang.AwaitExpr); ok {
					pre, op := fl.expr(aw.X)
					aw.X = op
					_ = id
					return append(pre, s)
				}
			}
		}
		pre, x := fl.expr(s.X)
		if _, ok := x.(*lang.Ident); ok {
			return pre
		}
		s.X = x
		return append(pre, s)
	case *lang.LocalDeclStmt:
		var out []lang.Stmt
		for _, d := range s.Decls {
			one := &lang.LocalDeclStmt{Pos: d.Pos, Type: s.Type, RefKind: s.RefKind, IsConst: s.IsConst, Decls: []*lang.Declarator{d}}
			if d.Init != nil && hasAwait(d.Init) {
				if aw, ok := d.Init.(*lang.AwaitExpr); ok {
					pre, op := fl.expr(aw.X)
					aw.X = op
					out = append(out, pre...)
				} else {
					pre, x := fl.expr(d.Init)
					d.Init = x
					out = append(out, pre...)
				}
			}
			out = append(out, one)
		}
		return out
	case *lang.ReturnStmt:
		pre, x := fl.expr(s.X)
		s.X = x
		return append(pre, s)
	case *lang.IfStmt:
		if !hasAwait(s.Cond) {
			return []lang.Stmt{s}
		}
		pre, x := fl.expr(s.Cond)
		s.Cond = x
		return append(pre, s)
	case *lang.SwitchStmt:
		if !hasAwait(s.X) {
			return []lang.Stmt{s}
		}
		pre, x := fl.expr(s.X)
		s.X = x
		return append(pre, s)
	case *lang.ThrowStmt:
		pre, x := fl.expr(s.X)
		s.X = x
		return append(pre, s)
	case *lang.YieldStmt:
		pre, x := fl.expr(s.X)
		s.X = x
		return append(pre, s)
	case *lang.LockStmt:
		if hasAwait(s.X) {
			pre, x := fl.expr(s.X)
			s.X = x
			return append(pre, s)
		}
	}
	return []lang.Stmt{s}
}

// expr returns the statements that evaluate e's awaits (and the operands
// before them) and the await-free expression that finishes e.
func (fl *fnLowering) expr(e lang.Expr) ([]lang.Stmt, lang.Expr) {
	if e == nil || !hasAwait(e) {
		return nil, e
	}
	pos := e.Position()
	if pre, x, ok := fl.nullCondChain(e); ok {
		return pre, x
	}
	switch e := e.(type) {
	case *lang.AwaitExpr:
		pre, x := fl.expr(e.X)
		e.X = x
		d, ref := fl.spillTemp(pos, "a", e)
		return append(pre, d), ref
	case *lang.BinaryExpr:
		switch e.Op {
		case "&&", "||", "??":
			pre, x := fl.expr(e.X)
			e.X = x
			if !hasAwait(e.Y) {
				return pre, e
			}
			d, ref := fl.spillTemp(pos, "c", x)
			t := ref.Name
			pre = append(pre, d)
			preY, y := fl.expr(e.Y)
			body := block(pos, append(preY, assignStmt(pos, ident(pos, t), y))...)
			var cond lang.Expr
			if sc := fl.l.info.ShortcutOf(e); sc != nil {
				// A user-defined && (||): t = x; if (!T.false(t))
				// (!T.true(t)) t = t & y (t | y), C# §12.15.3.
				test := fl.typed(ident(pos, t), fl.boundType(x))
				fl.l.info.Truths[test] = sc
				op := "&"
				if e.Op == "||" {
					op = "|"
				}
				bin := binary(pos, op, fl.typed(ident(pos, t), fl.boundType(x)), y)
				fl.l.info.Copied(e, bin)
				delete(fl.l.info.Shortcuts, bin)
				body = block(pos, append(preY, assignStmt(pos, ident(pos, t), bin))...)
				return append(pre, ifStmt(pos, not(pos, test), body, nil)), ident(pos, t)
			}
			switch e.Op {
			case "&&":
				cond = ident(pos, t)
			case "||":
				cond = not(pos, ident(pos, t))
			default:
				cond = binary(pos, "==", ident(pos, t), nullLit(pos))
			}
			return append(pre, ifStmt(pos, cond, body, nil)), ident(pos, t)
		}
		return fl.ordered([]*lang.Expr{&e.X, &e.Y}), e
	case *lang.CondExpr:
		pre, c := fl.expr(e.Cond)
		e.Cond = c
		if !hasAwait(e.Then) && !hasAwait(e.Else) {
			return pre, e
		}
		t := fl.temp("c")
		preT, th := fl.expr(e.Then)
		preE, el := fl.expr(e.Else)
		pre = append(pre, declStmt(pos, typeRef(pos, "object"), t, nullLit(pos)),
			ifStmt(pos, c, block(pos, append(preT, assignStmt(pos, ident(pos, t), th))...),
				block(pos, append(preE, assignStmt(pos, ident(pos, t), el))...)))
		return pre, ident(pos, t)
	case *lang.CallExpr:
		var ops []*lang.Expr
		if m, ok := e.Fun.(*lang.MemberExpr); ok && fl.isValue(m.X) {
			ops = append(ops, &m.X)
		}
		ops = append(ops, argOps(e.Args)...)
		return fl.ordered(ops), e
	case *lang.MemberExpr:
		if fl.isValue(e.X) {
			return fl.ordered([]*lang.Expr{&e.X}), e
		}
	case *lang.IndexExpr:
		return fl.ordered(append([]*lang.Expr{&e.X}, argOps(e.Args)...)), e
	case *lang.UnaryExpr:
		return fl.ordered([]*lang.Expr{&e.X}), e
	case *lang.RangeExpr:
		var ops []*lang.Expr
		for _, x := range []*lang.Expr{&e.X, &e.Y} {
			if *x != nil {
				ops = append(ops, x)
			}
		}
		return fl.ordered(ops), e
	case *lang.CastExpr:
		return fl.ordered([]*lang.Expr{&e.X}), e
	case *lang.AsExpr:
		return fl.ordered([]*lang.Expr{&e.X}), e
	case *lang.IsExpr:
		return fl.ordered([]*lang.Expr{&e.X}), e
	case *lang.ThrowExpr:
		return fl.ordered([]*lang.Expr{&e.X}), e
	case *lang.AssignExpr:
		return fl.assignExpr(e)
	case *lang.InterpolatedString:
		var ops []*lang.Expr
		for _, p := range e.Parts {
			if p.X != nil {
				ops = append(ops, &p.X)
			}
		}
		return fl.ordered(ops), e
	case *lang.NewExpr:
		if e.Init != nil && hasAwait(e.Init) {
			return fl.newWithInit(e)
		}
		return fl.ordered(argOps(e.Args)), e
	case *lang.AnonObjectExpr:
		return fl.ordered(argOps(e.Members)), e
	case *lang.NewArrayExpr:
		var ops []*lang.Expr
		for i := range e.Sizes {
			ops = append(ops, &e.Sizes[i])
		}
		for i := range e.Init {
			ops = append(ops, &e.Init[i])
		}
		return fl.ordered(ops), e
	case *lang.CollectionExpr:
		var ops []*lang.Expr
		for i := range e.Elems {
			if s, ok := e.Elems[i].(*lang.SpreadElement); ok {
				ops = append(ops, &s.X) // `..e` spills e, not the spread
				continue
			}
			ops = append(ops, &e.Elems[i])
		}
		return fl.ordered(ops), e
	case *lang.TupleExpr:
		var ops []*lang.Expr
		for i := range e.Elems {
			ops = append(ops, &e.Elems[i])
		}
		return fl.ordered(ops), e
	case *lang.InitListExpr:
		var ops []*lang.Expr
		for i := range e.Elems {
			ops = append(ops, &e.Elems[i])
		}
		return fl.ordered(ops), e
	case *lang.WithExpr:
		if t := fl.boundType(e); t != nil && !t.IsUnchecked() && !t.IsValueType() && !t.IsAnonymous() {
			return fl.recordWith(e)
		}
		ops := []*lang.Expr{&e.X}
		for _, m := range e.Members {
			ops = append(ops, &m.Value)
		}
		return fl.ordered(ops), e
	case *lang.SwitchExpr:
		return fl.switchExpr(e)
	}
	fl.errorf(pos, "await is not supported in this expression in sm mode")
	return nil, e
}

func argOps(args []*lang.Arg) []*lang.Expr {
	var ops []*lang.Expr
	for _, a := range args {
		if a.Mod == "" {
			ops = append(ops, &a.X)
		}
	}
	return ops
}

// ordered spills a list of operands evaluated left to right: every operand
// before the last one that awaits is evaluated into a temporary first.
func (fl *fnLowering) ordered(ops []*lang.Expr) []lang.Stmt {
	last := -1
	for i, p := range ops {
		if hasAwait(*p) {
			last = i
		}
	}
	var pre []lang.Stmt
	for i := 0; i <= last; i++ {
		orig := *ops[i]
		p, x := fl.expr(orig)
		pre = append(pre, p...)
		if i < last && needsSpill(x) {
			var d lang.Stmt
			d, x = fl.spillTemp(x.Position(), "s", x)
			pre = append(pre, d)
		}
		fl.keepConversion(orig, x)
		*ops[i] = x
	}
	return pre
}

// keepConversion gives x, which replaces the operand orig, the implicit
// conversion the binder applied to orig where it is used (`a[await f()..]`
// converts the awaited int to an Index at the range).
func (fl *fnLowering) keepConversion(orig, x lang.Expr) {
	in := fl.l.info
	if x == orig || in == nil {
		return
	}
	// The conversion moves: a spilled temporary holds the unconverted
	// value, and only its use converts.
	if m, ok := in.Convs[orig]; ok {
		in.Convs[x] = m
		delete(in.Convs, orig)
	}
	if t, ok := in.Conversions[orig]; ok {
		in.Conversions[x] = t
		delete(in.Conversions, orig)
	}
}

// needsSpill reports whether an operand's value could change while a later
// operand awaits.
func needsSpill(x lang.Expr) bool {
	switch x.(type) {
	case *lang.Literal, *lang.ThisExpr, *lang.BaseExpr, *lang.LambdaExpr, *lang.TypeOfExpr, *lang.DefaultExpr, *lang.NameOfExpr:
		return false
	}
	return true
}

// isValue reports whether the receiver of a member access is a value (as
// opposed to a type or namespace name, which cannot be spilled).
func (fl *fnLowering) isValue(x lang.Expr) bool {
	for {
		switch e := x.(type) {
		case *lang.Ident:
			return fl.names[e.Name] || fl.members[e.Name]
		case *lang.MemberExpr:
			x = e.X
			continue
		}
		return true
	}
}

// assignExpr spills an assignment whose right side awaits: the target's
// object and indices are evaluated first, and a compound assignment reads
// the target's value before the await, as C# does.
func (fl *fnLowering) assignExpr(e *lang.AssignExpr) ([]lang.Stmt, lang.Expr) {
	pos := e.Pos
	var parts []*lang.Expr
	switch l := e.Left.(type) {
	case *lang.MemberExpr:
		if fl.isValue(l.X) {
			parts = append(parts, &l.X)
		}
	case *lang.IndexExpr:
		parts = append(parts, &l.X)
		parts = append(parts, argOps(l.Args)...)
	}
	if e.Op == "=" || !hasAwait(e.Right) {
		return fl.ordered(append(parts, &e.Right)), e
	}
	var pre []lang.Stmt
	for _, p := range parts {
		q, x := fl.expr(*p)
		pre = append(pre, q...)
		if needsSpill(x) {
			var d lang.Stmt
			d, x = fl.spillTemp(pos, "s", x)
			pre = append(pre, d)
		}
		*p = x
	}
	d, old := fl.spillTemp(pos, "s", e.Left)
	pre = append(pre, d)
	if e.Op == "??=" {
		// The right side, its awaits included, runs only when the
		// target is null: if (old == null) { old = r; target = old; }.
		q, r := fl.expr(e.Right)
		fl.keepConversion(e.Right, r)
		body := block(pos, append(q, assignStmt(pos, ident(pos, old.Name), r),
			assignStmt(pos, e.Left, fl.typed(ident(pos, old.Name), fl.boundType(old))))...)
		cond := binary(pos, "==", ident(pos, old.Name), nullLit(pos))
		fl.typed(cond.X, fl.boundType(old))
		return append(pre, ifStmt(pos, cond, body, nil)), old
	}
	q, r := fl.expr(e.Right)
	pre = append(pre, q...)
	op := strings.TrimSuffix(e.Op, "=")
	bin := binary(pos, op, old, r)
	// The binary stands for the compound operation: it has the
	// assignment's type and (user-defined) operator.
	fl.l.info.Copied(e, bin)
	return pre, assign(pos, e.Left, bin)
}

// switchExpr turns a switch expression whose arms await into a switch
// statement assigning a temporary.
func (fl *fnLowering) switchExpr(e *lang.SwitchExpr) ([]lang.Stmt, lang.Expr) {
	pos := e.Pos
	pre, x := fl.expr(e.X)
	e.X = x
	armsAwait := false
	for _, a := range e.Arms {
		if hasAwait(a.Value) || hasAwait(a.When) {
			armsAwait = true
		}
	}
	if !armsAwait {
		return pre, e
	}
	t := fl.temp("c")
	sw := &lang.SwitchStmt{Pos: pos, X: x}
	for _, a := range e.Arms {
		q, v := fl.expr(a.Value)
		body := append(q, assignStmt(a.Pos, ident(a.Pos, t), v), &lang.BreakStmt{Pos: a.Pos})
		sw.Sections = append(sw.Sections, &lang.SwitchSection{Pos: a.Pos,
			Labels: []*lang.CaseLabel{{Pos: a.Pos, Pattern: a.Pattern, When: a.When}}, Body: body})
	}
	sw.Sections = append(sw.Sections, &lang.SwitchSection{Pos: pos, Labels: []*lang.CaseLabel{{Pos: pos, IsDefault: true}},
		Body: []lang.Stmt{&lang.ThrowStmt{Pos: pos, X: &lang.NewExpr{Pos: pos, Type: typeRef(pos, "InvalidOperationException"),
			Args: []*lang.Arg{{Pos: pos, X: &lang.Literal{Pos: pos, Kind: lang.LitString, Value: "The switch expression does not handle all possible values."}}}}}}})
	pre = append(pre, declStmt(pos, typeRef(pos, "object"), t, nullLit(pos)), sw)
	return pre, ident(pos, t)
}

// newWithInit spills an object creation whose object or collection
// initializer awaits. C# creates the object first (its arguments spilled
// as a call's), then assigns the members and adds the elements one by one,
// left to right (§12.8.17.2.2-3); Roslyn's spiller makes the object a
// temporary and each initializer a statement of its own. So does this:
//
//	new T(a) { P = x, Q = await f(), [k] = y, R = { 1, await g() } }
//
// becomes, the initializers before the first that awaits staying in place,
//
//	var t = new T(a) { P = x };
//	t.Q = await f();  t[k] = y;
//	var r = t.R;  r.Add(1);  r.Add(await g());
//
// and the expression t. An embedded collection's member is read once, as
// code generation reads it for an initializer that does not await.
func (fl *fnLowering) newWithInit(e *lang.NewExpr) ([]lang.Stmt, lang.Expr) {
	pos := e.Pos
	pre := fl.ordered(argOps(e.Args))
	in := e.Init
	keep := &lang.Initializer{Pos: in.Pos}
	var members []*lang.MemberInit
	for i, m := range in.Members {
		if hasAwait(m.Value) || hasAwaitArgs(m.Index) || m.Init != nil && hasAwait(m.Init) {
			members = in.Members[i:]
			break
		}
		keep.Members = append(keep.Members, m)
	}
	elems := in.Elems
	if len(members) == 0 {
		for i, x := range in.Elems {
			if hasAwait(x) {
				elems = in.Elems[i:]
				break
			}
			keep.Elems = append(keep.Elems, x)
		}
	}
	if len(keep.Members) == 0 && len(keep.Elems) == 0 && len(members)+len(elems) > 0 {
		keep = nil
	}
	e.Init = keep
	d, obj := fl.spillTemp(pos, "s", e)
	pre = append(pre, d)
	t := obj.Name
	self := func() lang.Expr { return fl.typed(ident(pos, t), fl.boundType(e)) }
	for _, m := range members {
		mp := m.Pos
		switch {
		case m.Init != nil:
			fl.errorf(mp, "await is not supported in this expression in sm mode")
		case m.Index != nil:
			x := &lang.IndexExpr{Pos: mp, X: self(), Args: m.Index}
			fl.typed(x, fl.boundType(m.Value))
			as := assign(mp, x, m.Value)
			if bound := fl.l.info.IndexInits[m]; bound != nil {
				// The indexer the binder chose, an index from the end.
				fl.l.info.Copied(bound.Left, x)
				fl.l.info.Copied(bound, as)
			}
			pre = append(pre, fl.spillStmt(exprStmt(fl.typed(as, fl.boundType(m.Value))))...)
		case isInitList(m.Value):
			target := fl.typed(member(mp, self(), m.Name), nil)
			d, coll := fl.spillTemp(mp, "s", target)
			pre = append(pre, d)
			for _, x := range m.Value.(*lang.InitListExpr).Elems {
				pre = append(pre, fl.spillStmt(exprStmt(fl.addCall(x.Position(), coll, x)))...)
			}
		default:
			x := fl.typed(member(mp, self(), m.Name), fl.boundType(m.Value))
			pre = append(pre, fl.spillStmt(exprStmt(fl.typed(assign(mp, x, m.Value), fl.boundType(m.Value))))...)
		}
	}
	if len(members) == 0 {
		for _, x := range elems {
			pre = append(pre, fl.spillStmt(exprStmt(fl.addCall(x.Position(), self(), x)))...)
		}
	}
	return pre, self()
}

// recordWith spills `x with { ... }` on a record class whose member values
// await: the copy is made first (x's clone method), then the members are
// assigned in order, as Roslyn lowers it; the members before the first that
// awaits stay in the with expression:
//
//	x with { P = a, Q = await f() }  =>  var t = x with { P = a };  t.Q = await f();  ... t
func (fl *fnLowering) recordWith(e *lang.WithExpr) ([]lang.Stmt, lang.Expr) {
	pos := e.Pos
	pre, x := fl.expr(e.X)
	e.X = x
	var rest []*lang.MemberInit
	for i, m := range e.Members {
		if hasAwait(m.Value) {
			rest = e.Members[i:]
			e.Members = e.Members[:i]
			break
		}
	}
	d, obj := fl.spillTemp(pos, "s", e)
	pre = append(pre, d)
	for _, m := range rest {
		target := fl.typed(member(m.Pos, fl.typed(ident(pos, obj.Name), fl.boundType(e)), m.Name), fl.boundType(m.Value))
		pre = append(pre, fl.spillStmt(exprStmt(fl.typed(assign(m.Pos, target, m.Value), fl.boundType(m.Value))))...)
	}
	return pre, fl.typed(ident(pos, obj.Name), fl.boundType(e))
}

// addCall is a collection initializer's element x added to coll:
// coll.Add(x), or coll.Add(a, b) for the element `{ a, b }`, calling the
// Add overload the binder chose for x (bind.Info.Adds).
func (fl *fnLowering) addCall(pos lang.Pos, coll, x lang.Expr) *lang.CallExpr {
	var c *lang.CallExpr
	if l, ok := x.(*lang.InitListExpr); ok {
		c = call(pos, member(pos, coll, "Add"), l.Elems...)
	} else {
		c = call(pos, member(pos, coll, "Add"), x)
	}
	if bound := fl.l.info.Adds[x]; bound != nil && len(bound.Args) == len(c.Args) {
		fl.l.info.Copied(bound, c)
		for i, a := range bound.Args {
			fl.l.info.Copied(a, c.Args[i])
		}
	}
	return c
}

func isInitList(x lang.Expr) bool {
	_, ok := x.(*lang.InitListExpr)
	return ok
}

func hasAwaitArgs(args []*lang.Arg) bool {
	for _, a := range args {
		if hasAwait(a.X) {
			return true
		}
	}
	return false
}

// nullCondChain spills a chain of member accesses, calls and indexings
// whose null-conditional link (`x?.M(...)`, `x?[i]`) is followed by an
// await: C# evaluates nothing after the `?.` when x is null, so the
// receiver goes into a temporary and the rest of the chain, its awaits
// included, runs under `if (t != null)`:
//
//	var t = x; R r = default; if (t != null) { ...; r = t?.M(a); }
//
// The link keeps its `?.`, now over an await-free receiver; the deepest
// such link is handled first, so the later ones in the chain nest inside.
func (fl *fnLowering) nullCondChain(e lang.Expr) ([]lang.Stmt, lang.Expr, bool) {
	var link lang.Expr
	for n := e; n != nil; {
		switch c := n.(type) {
		case *lang.CallExpr:
			n = c.Fun
			continue
		case *lang.MemberExpr:
			if c.NullCond && !fl.guarded[c] {
				link = c
			}
			n = c.X
			continue
		case *lang.IndexExpr:
			if c.NullCond && !fl.guarded[c] {
				link = c
			}
			n = c.X
			continue
		}
		break
	}
	if link == nil {
		return nil, e, false
	}
	recv := chainReceiver(link)
	if awaitCount(e) == awaitCount(*recv) {
		return nil, e, false // every await is in the receiver, which always runs
	}
	if fl.guarded == nil {
		fl.guarded = map[lang.Expr]bool{}
	}
	fl.guarded[link] = true
	pos := e.Position()
	pre, x := fl.expr(*recv)
	fl.keepConversion(*recv, x)
	d, t := fl.spillTemp(pos, "s", x)
	pre = append(pre, d)
	*recv = t
	rest, r := fl.expr(e)
	bt := fl.boundType(e)
	cond := binary(pos, "!=", ident(pos, t.Name), nullLit(pos))
	fl.typed(cond.X, fl.boundType(t))
	if bt == nil || (bt.Kind == bind.Special && bt.Special == bind.Void) {
		body := block(pos, append(rest, exprStmt(r))...)
		return append(pre, ifStmt(pos, cond, body, nil)), ident(pos, t.Name), true
	}
	if bt.IsValueType() && bt.Kind != bind.Nullable {
		// The binder types a call at the end of a ?. chain by the
		// method's result; the chain's value is its nullable form.
		bt = fl.l.info.Universe.NullableOf(bt)
	}
	name := fl.temp("c")
	def := fl.typed(nullLit(pos), bt)
	tr := fl.typeRefOf(bt, pos)
	if tr == nil {
		tr = typeRef(pos, "object") // a type the state machine cannot name, as for ?: (CondExpr)
	}
	rd := declStmt(pos, tr, name, def)
	if !bt.IsUnchecked() {
		fl.l.info.Locals[rd.Decls[0]] = bt
	}
	body := block(pos, append(rest, assignStmt(pos, fl.typed(ident(pos, name), bt), r))...)
	pre = append(pre, rd, ifStmt(pos, cond, body, nil))
	return pre, fl.typed(ident(pos, name), bt), true
}

// chainReceiver is the receiver operand of a null-conditional link.
func chainReceiver(link lang.Expr) *lang.Expr {
	if m, ok := link.(*lang.MemberExpr); ok {
		return &m.X
	}
	return &link.(*lang.IndexExpr).X
}

// awaitCount counts the awaits of n outside its lambdas and local functions.
func awaitCount(n lang.Node) int {
	count := 0
	lang.Inspect(n, func(m lang.Node) bool {
		switch m.(type) {
		case *lang.LambdaExpr, *lang.LocalFuncStmt:
			return false
		case *lang.AwaitExpr:
			count++
		}
		return true
	})
	return count
}

package bind

import (
	"asyncvm/lang"
)

// expr binds an expression and records its type.
func (b *binder) expr(e lang.Expr) *Type {
	t := b.bindExpr(e)
	if t == nil {
		t = b.u.unchecked
	}
	b.info.Types[e] = t
	b.markChecked(e)
	return t
}

// targetDefault gives the default literal e its target type: `default` is
// the target type's default value (CancellationToken.None, 0, null).
func (b *binder) targetDefault(e lang.Expr, to *Type) {
	if d, ok := e.(*lang.DefaultExpr); ok && d.Type == nil && to != nil && (to.Kind == TypeParam || !lenient(to)) {
		b.info.Types[e] = to
	}
}

// targetNew resolves the constructor a target-typed `new(args)` calls once
// its target type is known (a record's copy constructor takes one
// argument too, so the count alone does not choose).
func (b *binder) targetNew(e lang.Expr, to *Type) {
	n, ok := e.(*lang.NewExpr)
	if !ok || n.Type != nil || to == nil || lenient(to) {
		return
	}
	b.info.Types[e] = to // the type code generation builds
	b.targetInit(n.Init, to)
	if to.Kind != Class || to.Generic().Decl == nil || to.Generic().Lib {
		return
	}
	types := make([]*Type, len(n.Args))
	for i, a := range n.Args {
		if types[i] = b.info.Types[a.X]; types[i] == nil || types[i].Kind == Lambda {
			return
		}
	}
	if ctors := b.accessibleCtors(to); len(ctors) > 0 {
		if m := b.resolve(to.String(), ctors, n.Args, types, n.Pos, nil, true, b.partlyKnown(to)); m != nil {
			b.info.Calls[n] = m
		}
	}
}

// targetCollection records the type collection expression c converts to,
// and gives its elements their element type as a target: a target-typed
// new or a nested collection expression among them builds the element
// type (`List<S> l = [new("x", [1, 2])]`).
func (b *binder) targetCollection(c *lang.CollectionExpr, to *Type) {
	if to == nil || lenient(to) {
		return
	}
	b.info.CollectionTargets[c] = to
	var elem *Type
	switch {
	case to.Kind == Array:
		elem = to.Elem
	case to.Def != nil && len(to.Args) == 1 && (to.Namespace == "System.Collections.Generic" || to.Namespace == "System" || to.Namespace == "System.Collections.Immutable"):
		elem = to.Args[0]
	}
	if elem == nil || lenient(elem) {
		return
	}
	for _, x := range c.Elems {
		if _, ok := x.(*lang.SpreadElement); ok {
			continue
		}
		b.targetDefault(x, elem)
		b.targetNew(x, elem)
		if inner, ok := x.(*lang.CollectionExpr); ok {
			b.targetCollection(inner, elem)
		}
	}
}

// isSpan reports whether t is a constructed Span<T> or ReadOnlySpan<T>.
func isSpan(t *Type) bool {
	return t != nil && t.Def != nil && len(t.Args) == 1 && t.Namespace == "System" && (t.Def.Name == "Span" || t.Def.Name == "ReadOnlySpan")
}

// spanCollection records, for collection expression c converted to a
// span type to, the span's conversion from T[]: its elements are stored in
// an array the span views. It reports whether to is a span.
func (b *binder) spanCollection(c *lang.CollectionExpr, to *Type) bool {
	if !isSpan(to) {
		return false
	}
	if m := b.userConversion(nil, b.u.ArrayOf(to.Args[0]), to, false); m != nil {
		b.info.Convs[c] = m
		return true
	}
	return false
}

// convertExpr binds e where a value of type to is required, and reports a
// missing implicit conversion (CS0029, CS0266, CS0037).
func (b *binder) convertExpr(e lang.Expr, to *Type) *Type {
	if l, ok := e.(*lang.InitListExpr); ok && to != nil && to.Kind == Array {
		b.initListTo(l, to)
		return to
	}
	var from *Type
	if b.lambdaTargets(e, to) {
		from = b.unboundLambda(e) // its body is bound against to by checkConversion
	} else {
		from = b.expr(e)
	}
	b.checkConversion(e, from, to)
	b.noteConversion(e, to)
	return from
}

func (b *binder) checkConversion(e lang.Expr, from, to *Type) {
	b.targetDefault(e, to)
	b.targetNew(e, to)
	if c, ok := e.(*lang.CollectionExpr); ok {
		b.targetCollection(c, to)
		if b.spanCollection(c, to) {
			return
		}
	}
	if from.Kind == Group && to != nil && to.Kind == Delegate {
		b.convertGroup(e, to)
		return
	}
	if b.lambdaTargets(e, to) {
		b.convertLambda(e, to) // the body's errors are reported from there
		return
	}
	if arms := targetArms(e); arms != nil && to != nil && !lenient(to) && (from.IsUnchecked() || !b.implicit(nil, from, to) && b.userConversion(nil, from, to, false) == nil) {
		// Target-typed: each arm converts to the target type.
		for _, a := range arms {
			if at := b.info.Types[a]; at != nil {
				b.checkConversion(a, at, to)
				b.noteConversion(a, to)
			}
		}
		b.info.Types[e] = to
		return
	}
	if lit := tupleLit(e); lit != nil && to != nil {
		if tt := b.u.Erase(to); tt.Kind == Nullable && tt.Elem.IsTuple() {
			to = tt.Elem
		}
		if to.IsTuple() && len(to.TupleElems()) == len(lit.Elems) {
			b.convertTupleLiteral(lit, to) // element by element, each element's errors its own
			return
		}
	}
	if m := b.paramConversion(e, from, to, false); m != nil {
		b.info.Convs[e] = m
		return
	}
	if to == nil || b.implicit(e, from, to) {
		return
	}
	if m := b.userConversion(e, from, to, false); m != nil {
		b.info.Convs[e] = m
		return
	}
	pos := posOf(e)
	switch {
	case from.Kind == Group:
		name, _ := b.groupMethods(e)
		b.errorf(pos, "CS0428", "Cannot convert method group '%s' to non-delegate type '%s'. Did you intend to invoke the method?", name, to)
	case from.Kind == Lambda && to.Kind == Delegate:
		if inv := b.invokeOf(to); inv != nil {
			if l := e.(*lang.LambdaExpr); l.NoParams {
				b.errorf(pos, "CS1688", "Cannot convert anonymous method block without a parameter list to delegate type '%s' because it has one or more out parameters", to)
			} else {
				b.errorf(pos, "CS1593", "Delegate '%s' does not take %d arguments", to, len(l.Params))
			}
		}
	case from.Kind == Lambda:
		b.errorf(pos, "CS1660", "Cannot convert lambda expression to type '%s' because it is not a delegate type", to)
	case from.Kind == Null && to.Kind == TypeParam:
		b.errorf(pos, "CS0403", "Cannot convert null to type parameter '%s' because it could be a non-nullable value type. Consider using 'default(%s)' instead.", to, to)
	case from.Kind == Null:
		b.errorf(pos, "CS0037", "Cannot convert null to '%s' because it is a non-nullable value type", to)
	case isDoubleLiteral(e) && to.Kind == Special && (to.Special == Single || to.Special == Decimal):
		suffix := "F"
		if to.Special == Decimal {
			suffix = "M"
		}
		b.errorf(pos, "CS0664", "Literal of type double cannot be implicitly converted to type '%s'; use an '%s' suffix to create a literal of this type", to, suffix)
	case b.constantOutOfRange(e, to):
		b.errorf(pos, "CS0031", "Constant value '%v' cannot be converted to a '%s'", b.info.Consts[e], to)
	case b.explicit(from, to):
		b.errorf(pos, "CS0266", "Cannot implicitly convert type '%s' to '%s'. An explicit conversion exists (are you missing a cast?)", from, to)
	default:
		b.errorf(pos, "CS0029", "Cannot implicitly convert type '%s' to '%s'", from, to)
	}
}

// isDoubleLiteral reports whether e is a real literal without a suffix
// (1.5), which CS0664 suggests suffixing.
func isDoubleLiteral(e lang.Expr) bool {
	lit, ok := e.(*lang.Literal)
	return ok && lit.Kind == lang.LitDouble
}

// typeName returns the type e names when e is a type name used as an
// expression (`Console`, `Box<int>`, `System.Math`, `int`), else nil.
func (b *binder) typeName(e lang.Expr) *Type {
	b.guessingType++
	defer func() { b.guessingType-- }()
	switch e := e.(type) {
	case *lang.Ident:
		if len(e.TypeArgs) == 0 {
			if _, ok := b.scope.lookupVar(e.Name); ok {
				return nil
			}
			if b.scope.lookupFunc(e.Name) != nil || len(b.memberInScope(e.Name)) > 0 {
				return nil
			}
		}
		t := b.resolveType(&lang.TypeRef{Pos: e.Pos, Name: e.Name, Args: e.TypeArgs}, b.typeCtx())
		if t.Kind == Unchecked {
			return nil
		}
		return t
	case *lang.MemberExpr:
		name := dotted(e)
		if name == "" {
			if outer := b.typeName(e.X); outer != nil && !outer.IsUnchecked() {
				if nt := b.nestedType(outer, e.Name, len(e.TypeArgs)); nt != nil {
					return b.u.Nested(outer, nt, b.typeArgs(e.TypeArgs))
				}
			}
			return nil
		}
		if first := firstName(e); first != "" {
			if _, ok := b.scope.lookupVar(first); ok {
				return nil
			}
			if len(b.memberInScope(first)) > 0 {
				return nil
			}
		}
		t := b.resolveType(&lang.TypeRef{Pos: e.Pos, Name: name, Args: e.TypeArgs}, b.typeCtx())
		if t.Kind == Unchecked {
			if outer := b.typeName(e.X); outer != nil && !outer.IsUnchecked() {
				if nt := b.nestedType(outer, e.Name, len(e.TypeArgs)); nt != nil {
					return b.u.Nested(outer, nt, b.typeArgs(e.TypeArgs))
				}
			}
			return nil
		}
		return t
	}
	return nil
}

// typeArgs resolves written type arguments.
func (b *binder) typeArgs(args []*lang.TypeRef) []*Type {
	if len(args) == 0 {
		return nil
	}
	ts := make([]*Type, len(args))
	for i, a := range args {
		ts[i] = b.resolveType(a, b.typeCtx())
	}
	return ts
}

// dotted spells a chain of simple names `A.B.C`, or "" when e is not one
// (or carries type arguments before its last part).
func dotted(e lang.Expr) string {
	if m, ok := e.(*lang.MemberExpr); ok && !m.NullCond {
		// The last member may have type arguments (the caller takes them
		// from it); the qualifier's parts may not.
		if x := dottedPlain(m.X); x != "" {
			return x + "." + m.Name
		}
		return ""
	}
	return dottedPlain(e)
}

// dottedPlain is dotted for a name none of whose parts has type arguments.
func dottedPlain(e lang.Expr) string {
	switch e := e.(type) {
	case *lang.Ident:
		if len(e.TypeArgs) > 0 {
			return ""
		}
		return e.Name
	case *lang.MemberExpr:
		if e.NullCond || len(e.TypeArgs) > 0 {
			return ""
		}
		if x := dottedPlain(e.X); x != "" {
			return x + "." + e.Name
		}
	}
	return ""
}

func firstName(e lang.Expr) string {
	for {
		switch x := e.(type) {
		case *lang.Ident:
			return x.Name
		case *lang.MemberExpr:
			e = x.X
		default:
			return ""
		}
	}
}

// memberInScope finds members named name of the enclosing classes (the
// current class with its bases, then its outer classes).
func (b *binder) memberInScope(name string) []Symbol {
	for c := b.cls; c != nil; c = c.Outer {
		if ms := b.lookup(c, name); len(ms) > 0 {
			return ms
		}
	}
	return nil
}

func (b *binder) bindExpr(e lang.Expr) *Type {
	u := b.u
	switch e := e.(type) {
	case *lang.Literal:
		return b.literal(e)
	case *lang.InterpolatedString:
		for _, p := range e.Parts {
			if p.X != nil {
				b.expr(p.X)
			}
			if p.Align != nil {
				b.expr(p.Align)
			}
		}
		return u.special[String]
	case *lang.Ident:
		return b.ident(e)
	case *lang.MemberExpr:
		return b.member(e)
	case *lang.CallExpr:
		t := b.call(e)
		b.settleLambdas(e.Args)
		return t
	case *lang.IndexExpr:
		t := b.index(e)
		b.settleLambdas(e.Args)
		return t
	case *lang.UnaryExpr:
		if e.Op == "^" {
			return b.hat(e)
		}
		if e.Op == "ref" {
			// `ref e` where C# has no ref context.
			b.errorf(e.Pos, "CS1525", "Invalid expression term 'ref'")
			t, _ := b.refTarget(e.X)
			return t
		}
		return b.unary(e)
	case *lang.RangeExpr:
		return b.rangeExpr(e)
	case *lang.PostfixExpr:
		t := b.expr(e.X)
		b.assignTarget(e.X, true)
		b.checkInitOnly(e.X)
		if b.instanceCompound(e, e.X, t, e.Op, nil) {
			return t
		}
		if m := b.userOperator(lang.UnaryOperatorName(e.Op), []lang.Expr{e.X}, []*Type{t}, e.Pos); m != nil {
			b.recordOperator(e, m, t)
		}
		return t
	case *lang.BinaryExpr:
		return b.binary(e)
	case *lang.AssignExpr:
		return b.assign(e)
	case *lang.CondExpr:
		if isRefValue(e) {
			t, _ := b.refValue(e)
			return t
		}
		b.cond(e.Cond)
		t := b.common(b.expr(e.Then), b.expr(e.Else))
		b.armsToNatural([]lang.Expr{e.Then, e.Else}, t) // f ? 'a' : 1 is an int: the char converts
		return t
	case *lang.LambdaExpr:
		var ps []*Param
		for _, p := range e.Params {
			pt := u.unchecked
			if p.Type != nil {
				pt = b.resolveType(p.Type, b.typeCtx())
			}
			name := p.Name
			if name == "_" && lang.DiscardParams(e.Params) {
				name = ""
			}
			ps = append(ps, &Param{Name: name, Type: pt})
		}
		if e.Query {
			b.rangeVariables(e)
		}
		b.info.LambdaBodies++
		// A lambda with an explicit return type (C# 10) binds its body
		// against that type even without a target delegate type.
		ret := b.explicitReturn(e)
		b.body(e.IsStatic || b.fn.static, ret, ps, nil, func() {
			b.fn.async = e.IsAsync
			b.fn.lambda = true
			if e.ExprBody != nil {
				if ret != nil && !isVoid(ret) {
					b.convertExpr(e.ExprBody, ret)
				} else {
					b.expr(e.ExprBody)
				}
			}
			if e.Body != nil {
				b.block(e.Body)
			}
		})
		return u.lambda
	case *lang.NewExpr:
		t := b.newObject(e)
		b.settleLambdas(e.Args)
		return t
	case *lang.AnonObjectExpr:
		t := b.anonymousObject(e)
		b.settleLambdas(e.Members)
		return t
	case *lang.InitListExpr:
		for _, x := range e.Elems {
			b.expr(x)
		}
		return u.unchecked
	case *lang.NewArrayExpr:
		return b.newArray(e)
	case *lang.CollectionExpr:
		for _, x := range e.Elems {
			if s, ok := x.(*lang.SpreadElement); ok {
				b.expr(s.X)
				continue
			}
			b.expr(x)
		}
		return u.deflit
	case *lang.TypeOfExpr:
		// The library declares System.Type, so a member it lacks is
		// CS1061 here rather than a MissingMemberException at run time.
		if t := u.lookup("System.Type", 0); t != nil {
			return t
		}
		return b.opaqueOrUnchecked("System.Type")
	case *lang.NameOfExpr:
		return u.special[String]
	case *lang.DefaultExpr:
		if e.Type == nil {
			return u.deflit
		}
		return b.resolveType(e.Type, b.typeCtx())
	case *lang.CastExpr:
		from := b.expr(e.X)
		to := b.resolveType(e.Type, b.typeCtx())
		if m := b.paramConversion(e.X, from, to, true); m != nil {
			b.info.Calls[e] = m
		} else if is, ok := e.X.(*lang.InterpolatedString); ok && formattableTarget(to) {
			b.info.Formattables[is] = true // `(FormattableString)$"..."`
		} else if !b.implicit(e.X, from, to) && !b.explicit(from, to) { // standard conversions come first (§10.3)
			if m := b.userConversion(e.X, from, to, true); m != nil {
				b.info.Calls[e] = m
			}
		}
		b.foldCast(e, from, to)
		return to
	case *lang.CheckedExpr:
		return b.checkedExpr(e)
	case *lang.IsExpr:
		in := b.patternOperand(e.X)
		if _, ok := e.Pattern.(*lang.DiscardPattern); ok {
			// `x is _` names a type `_`; the discard pattern is not
			// allowed at the top of an is pattern.
			b.errorf(e.Pattern.Position(), "CS0246", "The type or namespace name '_' could not be found (are you missing a using directive or an assembly reference?)")
		}
		b.patternIn(e.Pattern, in)
		return u.special[Bool]
	case *lang.AsExpr:
		b.expr(e.X)
		t := b.resolveType(e.Type, b.typeCtx())
		if t.IsValueType() && t.Kind != Nullable {
			b.errorf(e.Type.Pos, "CS0077", "The as operator must be used with a reference type or nullable type ('%s' is a non-nullable value type)", t)
		}
		return t
	case *lang.AwaitExpr:
		return b.await(e)
	case *lang.ThrowExpr:
		b.expr(e.X)
		return u.deflit
	case *lang.WithExpr:
		return b.with(e)
	case *lang.SwitchExpr:
		in := b.patternOperand(e.X)
		if len(e.Arms) == 0 {
			b.errorf(e.Pos, "CS8506", "No best type was found for the switch expression.")
		}
		var t *Type
		pats, guarded := make([]lang.Pattern, len(e.Arms)), make([]bool, len(e.Arms))
		defer func() {
			b.checkSubsumed(pats, guarded, in, "CS8510", "The pattern has already been handled by a previous arm of the switch expression.")
		}()
		for i, arm := range e.Arms {
			pats[i], guarded[i] = arm.Pattern, arm.When != nil
			b.push()
			b.patternIn(arm.Pattern, in)
			if arm.When != nil {
				b.cond(arm.When)
			}
			at := b.expr(arm.Value)
			if i == 0 {
				t = at
			} else if t != at {
				t = b.common(t, at)
			}
			b.pop()
		}
		if t == nil || t.Kind == Default || typeless(t) {
			return u.unchecked
		}
		arms := make([]lang.Expr, len(e.Arms))
		for i, a := range e.Arms {
			arms[i] = a.Value
		}
		b.armsToNatural(arms, t)
		return t
	case *lang.ThisExpr:
		if b.fn != nil && b.fn.static || b.cls == nil {
			return u.unchecked
		}
		return b.cls
	case *lang.BaseExpr:
		if b.cls == nil || b.cls.Base == nil {
			return u.unchecked
		}
		return b.cls.Base
	case *lang.TupleExpr:
		return b.tupleLiteral(e)
	case *lang.DeclExpr:
		t := u.unchecked
		if e.Type != nil && e.Type.Name != "var" {
			t = b.resolveType(e.Type, b.typeCtx())
		}
		if e.Name != "_" { // `out _`, `out var _`: a discard
			b.declare(e.Name, t)
		}
		return t
	}
	return u.unchecked
}

// patternOperand binds the operand of an is pattern or a switch: it must
// be a value with a type (CS8117).
func (b *binder) patternOperand(x lang.Expr) *Type {
	t := b.expr(x)
	if t == nil {
		return nil
	}
	bad := t.Kind == Special && t.Special == Void
	if t.IsTuple() {
		for _, et := range t.TupleElems() {
			bad = bad || et.Kind == Null
		}
	}
	if bad {
		b.errorf(posOf(x), "CS8117", "Invalid operand for pattern match; value required, but found '%s'.", t)
	}
	return t
}

func (b *binder) opaqueOrUnchecked(full string) *Type {
	if t := b.opaqueType(full); t != nil {
		return t
	}
	return b.u.unchecked
}

// common is the type of `c ? x : y` and of switch expression arms when the
// arms have types x and y.
func (b *binder) common(x, y *Type) *Type {
	switch {
	case x == y:
		return x
	case typeless(x) && !typeless(y) && !y.IsUnchecked() && b.implicitType(x, y):
		return y // (default, 1) and (1, 2): (int, int)
	case typeless(y) && !typeless(x) && !x.IsUnchecked() && b.implicitType(y, x):
		return x
	case x.Kind == Default || x.Kind == Null && (y.IsReference() || y.Kind == TypeParam):
		// null converts to a type parameter known to be a reference
		// type; lenient conversions check no constraint here.
		return y
	case y.Kind == Default || y.Kind == Null && (x.IsReference() || x.Kind == TypeParam):
		return x
	case x.IsUnchecked() || y.IsUnchecked():
		return b.u.unchecked
	case b.implicitType(x, y) && !b.implicitType(y, x):
		return y
	case b.implicitType(y, x) && !b.implicitType(x, y):
		return x
	}
	// A user-defined implicit conversion counts too (§12.6.3.15).
	xy, yx := b.userConversion(nil, x, y, false) != nil, b.userConversion(nil, y, x, false) != nil
	switch {
	case xy && !yx && !b.implicitType(y, x):
		return y
	case yx && !xy && !b.implicitType(x, y):
		return x
	}
	return b.u.unchecked
}

// typeless reports whether t is the type of an expression that has none of
// its own: null, default, or a tuple literal with such an element.
func typeless(t *Type) bool {
	if t == nil {
		return false
	}
	if t.Kind == Null || t.Kind == Default {
		return true
	}
	if t.IsTuple() {
		for _, e := range t.TupleElems() {
			if typeless(e) {
				return true
			}
		}
	}
	return false
}

// armsToNatural converts the values of a conditional or switch
// expression's arms to its natural type t, when it has one.
func (b *binder) armsToNatural(arms []lang.Expr, t *Type) {
	if t == nil || lenient(t) || t.Kind == Null {
		return
	}
	for _, a := range arms {
		at := b.info.Types[a]
		if at == nil || at == t {
			continue
		}
		if typeless(at) || b.userConversion(a, at, t, false) != nil && !b.implicit(a, at, t) {
			b.checkConversion(a, at, t)
		}
		b.noteConversion(a, t)
	}
}

func (b *binder) literal(e *lang.Literal) *Type {
	u := b.u
	switch e.Kind {
	case lang.LitInt:
		b.info.Consts[e] = toInt64(e.Value)
		return u.special[Int32]
	case lang.LitLong:
		b.info.Consts[e] = toInt64(e.Value)
		return u.special[Int64]
	case lang.LitUInt:
		b.info.Consts[e] = toUint64(e.Value)
		return u.special[UInt32]
	case lang.LitULong:
		b.info.Consts[e] = toUint64(e.Value)
		return u.special[UInt64]
	case lang.LitDouble:
		b.info.Consts[e] = e.Value
		return u.special[Double]
	case lang.LitFloat:
		b.info.Consts[e] = e.Value
		return u.special[Single]
	case lang.LitDecimal:
		return u.special[Decimal]
	case lang.LitChar:
		if r, ok := e.Value.(rune); ok {
			b.info.Consts[e] = int64(r)
		}
		return u.special[Char]
	case lang.LitString:
		b.info.Consts[e] = e.Value
		return u.special[String]
	case lang.LitBool:
		b.info.Consts[e] = e.Value
		return u.special[Bool]
	case lang.LitNull:
		return u.null
	}
	return u.unchecked
}

func toInt64(v any) int64 {
	switch v := v.(type) {
	case int64:
		return v
	case uint64:
		return int64(v)
	case int:
		return int64(v)
	}
	return 0
}

func toUint64(v any) uint64 {
	switch v := v.(type) {
	case uint64:
		return v
	case int64:
		return uint64(v)
	}
	return 0
}

// ident binds a simple name: a local or parameter, a local function, a
// member of an enclosing class, or a type (used as the left of a member
// access). A name that resolves to nothing is left to code generation,
// which reports CS0103 with a suggestion.
func (b *binder) ident(e *lang.Ident) *Type {
	if len(e.TypeArgs) == 0 {
		if t, ok := b.scope.lookupVar(e.Name); ok {
			b.refLocalCaptured(e)
			if v, ok := b.scope.lookupConst(e.Name); ok {
				b.info.Consts[e] = v
			}
			return t
		}
	}
	if len(e.TypeArgs) == 0 && b.declaredLater(e.Name) {
		b.errorf(e.Pos, "CS0841", "Cannot use local variable '%s' before it is declared", e.Name)
		return b.u.unchecked
	}
	if b.scope.lookupFunc(e.Name) != nil {
		return b.u.group
	}
	if ms := b.memberInScope(e.Name); len(ms) > 0 {
		if p, ok := ms[0].(*Property); ok && p.RefKind() != "" {
			b.info.RefProps[e] = p
		}
		b.noteProp(e, ms[0])
		b.noteLibThis(e, ms[0])
		b.instanceInInitializer(ms[0], e.Pos, "")
		if t := memberType(ms[0]); t != nil {
			if f, ok := ms[0].(*Field); ok {
				if v, ok := fieldConst(f); ok {
					b.info.Consts[e] = v
				}
			}
			if lang.Expr(e) != b.eventLHS {
				b.eventAccess(ms[0], e.Pos)
			}
			b.readProperty(e, ms[0])
			return t
		}
		if nt, ok := ms[0].(*Type); ok {
			return nt
		}
		return b.u.group
	}
	if b.guessingType == 0 {
		b.reportInaccessibleInScope(e.Name, e.Pos, -1)
	}
	return b.u.unchecked
}

// noteLibThis records simple name e when it denotes s, an instance field
// or property of a library base class of the class being bound
// (Info.LibThis).
func (b *binder) noteLibThis(e *lang.Ident, s Symbol) {
	var owner *Type
	switch s := s.(type) {
	case *Field:
		if s.Static || s.Const {
			return
		}
		owner = s.Owner
	case *Property:
		if s.Static {
			return
		}
		owner = s.Owner
	default:
		return
	}
	if owner != nil && owner.Generic().Lib {
		b.info.LibThis[e] = true
	}
}

// instanceInInitializer reports CS0236 for an instance field, property or
// method of the class named by a simple name in a field initializer; what
// is how the message names a method.
func (b *binder) instanceInInitializer(s Symbol, pos lang.Pos, what string) {
	if !b.fieldInit {
		return
	}
	switch s := s.(type) {
	case *Field:
		if _, primary := s.Decl.(*lang.TypeDecl); primary || s.Static || s.Const || s.Owner == nil || s.Owner.Kind == Enum {
			return // a primary constructor's parameter is in scope in initializers
		}
		what = s.Owner.String() + "." + s.Name
	case *Property:
		if s.Static || s.Owner == nil {
			return
		}
		what = s.Owner.String() + "." + s.Name
	case *Method:
		if s.Static || s.Owner == nil || what == "" {
			return
		}
	default:
		return
	}
	b.errorf(pos, "CS0236", "A field initializer cannot reference the non-static field, method, or property '%s'", what)
}

// member binds `X.Name`.
func (b *binder) member(e *lang.MemberExpr) *Type {
	if t := b.typeName(e); t != nil {
		return t
	}
	recv, static := b.receiver(e.X, e.Name)
	if recv == nil {
		return b.u.unchecked
	}
	if recv.Kind == Nullable && !static {
		switch e.Name {
		case "HasValue":
			return b.u.special[Bool]
		case "Value":
			return recv.Elem
		}
	}
	if recv.IsTuple() && !static {
		if i := recv.TupleElemName(e.Name); i >= 0 {
			t := recv.TupleElems()[i]
			if e.NullCond {
				return b.u.NullableOf(t)
			}
			return t
		}
	}
	syms := b.lookupVia(e.X, recv, e.Name)
	if len(syms) == 0 && static {
		syms = b.numericStatics(recv, e.Name)
	}
	if len(syms) == 0 {
		if b.reportInaccessible(recv, e.Name, e.Pos, -1) {
			return b.u.unchecked
		}
		if t, ok := b.extensionProperty(e, recv, static); ok {
			return t
		}
		if !static && len(b.extensionsInScope(e.Name)) > 0 {
			b.info.ExtGroups[e] = true
			return b.u.group
		}
		// `n?.M` on a T? reaches T's members, which this lookup does not.
		if !(e.NullCond && recv.Kind == Nullable) && b.missIsError(recv, e.Name) {
			b.reportMiss(recv, e.Name, static, e.Pos)
		}
		return b.u.unchecked
	}
	t := memberType(syms[0])
	if t == nil {
		if nt, ok := syms[0].(*Type); ok {
			return nt
		}
		return b.u.group
	}
	if p, ok := syms[0].(*Property); ok && p.RefKind() != "" {
		b.info.RefProps[e] = p
	}
	if !static {
		b.noteProp(e, syms[0])
	}
	if f, ok := syms[0].(*Field); ok {
		if v, ok := fieldConst(f); ok {
			b.info.Consts[e] = v
		}
	}
	if lang.Expr(e) != b.eventLHS {
		b.eventAccess(syms[0], e.Pos)
	}
	b.readProperty(e, syms[0])
	if static {
		switch s := syms[0].(type) {
		case *Field:
			if s.Static && !s.Const {
				b.staticAccess(e, recv, s, e.Pos)
			}
		case *Property:
			if s.Static {
				b.staticAccess(e, recv, s, e.Pos)
			}
		}
	}
	if !static {
		switch s := syms[0].(type) {
		case *Field:
			if s.Static {
				b.staticThroughInstance(e.X, e, s.Owner.String()+"."+s.Name)
			}
		case *Property:
			if s.Static {
				b.staticThroughInstance(e.X, e, s.Owner.String()+"."+s.Name)
			}
		}
	}
	if e.NullCond {
		return b.u.NullableOf(t)
	}
	return t
}

// colorColor returns the type x names when x is a simple name whose
// meaning as a value (a local, parameter, field or property) has the type
// it names as a type, and every member named name of that type is static
// (a static field, property or method, a constant, an enum member, a
// nested type): C# then reads x as the type (§12.8.7.2), so `Category.Food`
// inside a property `Category Category` names the enum member instead of
// reading the property. nil otherwise.
func (b *binder) colorColor(x lang.Expr, name string) *Type {
	id, ok := x.(*lang.Ident)
	if !ok || len(id.TypeArgs) > 0 {
		return nil
	}
	vt, ok := b.scope.lookupVar(id.Name)
	if !ok {
		syms := b.memberInScope(id.Name)
		if len(syms) == 0 {
			return nil
		}
		vt = memberType(syms[0])
	}
	if vt == nil || vt.Name != id.Name {
		return nil
	}
	b.guessingType++
	tt := b.resolveType(&lang.TypeRef{Pos: id.Pos, Name: id.Name}, b.typeCtx())
	b.guessingType--
	if tt != vt {
		return nil
	}
	syms := b.lookup(tt, name)
	if len(syms) == 0 {
		return nil
	}
	for _, s := range syms {
		switch s := s.(type) {
		case *Field:
			if !s.Static && !s.Const {
				return nil
			}
		case *Property:
			if !s.Static {
				return nil
			}
		case *Method:
			if !s.Static {
				return nil
			}
		case *Type:
		default:
			return nil
		}
	}
	b.info.TypeNames[id] = true
	return tt
}

// staticThroughInstance reports a static member accessed through an
// instance (CS0176), except in C#'s "Color Color" case: a simple name
// that names both a value and its own type.
func (b *binder) staticThroughInstance(recv, access lang.Expr, member string) {
	if id, ok := recv.(*lang.Ident); ok {
		if t := b.info.Types[recv]; t != nil && t.Name == id.Name {
			return
		}
	}
	b.errorf(posOf(access), "CS0176", "Member '%s' cannot be accessed with an instance reference; qualify it with a type name instead", member)
}

// receiver binds the left of a member access: a type (static access) or a
// value. It returns nil when nothing is known about it.
func (b *binder) receiver(x lang.Expr, name string) (*Type, bool) {
	if t := b.colorColor(x, name); t != nil {
		b.info.Types[x] = t
		return t, true
	}
	if t := b.typeName(x); t != nil {
		b.info.Types[x] = t
		if t.IsUnchecked() {
			return nil, true
		}
		return t, true
	}
	t := b.expr(x)
	if t.IsUnchecked() || t.Kind == Null || t.Kind == Lambda || t.Kind == Group || t.Kind == Default {
		return nil, false
	}
	if t.Kind == Nullable {
		if _, ok := x.(*lang.MemberExpr); ok {
			// `a?.B.C`: the null-conditional chain continues on the
			// underlying type.
			if m := x.(*lang.MemberExpr); m.NullCond {
				return t.Elem, false
			}
		}
	}
	return t, false
}

func (b *binder) index(e *lang.IndexExpr) *Type {
	t := b.expr(e.X)
	args := b.args(e.Args)
	if t.IsUnchecked() {
		return b.u.unchecked
	}
	var r *Type
	if len(args) == 1 && e.Args[0].Name == "" && (args[0] == b.indexType() || args[0] == b.rangeType()) {
		if r, ok := b.implicitIndex(e, t, args[0]); ok {
			if e.NullCond && r.Kind != Unchecked {
				return b.u.NullableOf(r)
			}
			return r
		}
	}
	switch {
	case t.Kind == Array:
		r = t.Elem
		if len(args) != t.Rank {
			b.errorf(posOf(e), "CS0022", "Wrong number of indices inside []; expected %d", t.Rank)
		}
	case t.Kind == Special && t.Special == String:
		r = b.u.special[Char]
	default:
		r = b.indexer(e, t, args)
	}
	if r == nil {
		return b.u.unchecked
	}
	if e.NullCond {
		return b.u.NullableOf(r)
	}
	return r
}

// sourceOnly reports whether t is a class or struct whose members the
// binder knows all of: declared in the program or the prelude, as are
// its base classes up to object (a library base may have members its
// table leaves out).
func (b *binder) sourceOnly(t *Type) bool {
	if t.Kind != Class && t.Kind != Struct {
		return false
	}
	for c, n := t, 0; c != nil && n < 64; c, n = c.Base, n+1 {
		if c.Kind == Special && c.Special == Object {
			return true
		}
		if c.IsUnchecked() || c.UnknownBase || c.Generic().Lib || c.Kind != Class && c.Kind != Struct {
			return false
		}
		for _, td := range b.decls[c.Generic()] {
			if HasAttribute(td.Attributes, "InlineArray") {
				return false // reported as not supported (checkStructs)
			}
		}
	}
	return true
}

// indexer chooses among t's indexers for e's arguments (of types args) by
// overload resolution, as for a method group (C# §12.8.12.3), and returns
// the chosen one's type; nil when the choice is left to run time.
func (b *binder) indexer(e *lang.IndexExpr, t *Type, args []*Type) *Type {
	var props []*Property
	var cands []*Method
	for _, s := range b.lookup(t, "this[]") {
		if p, ok := s.(*Property); ok {
			props = append(props, p)
			cands = append(cands, &Method{Name: "this[]", Owner: p.Owner, Params: p.Params, Ret: p.Type, Decl: p.Decl})
		}
	}
	same := 0
	var first *Property
	for _, p := range props {
		if len(p.Params) == len(args) {
			same++
			if first == nil {
				first = p
			}
		}
	}
	if len(props) > 0 && sourceIndexers(props) && (len(props) > 1 || first == nil || hasNamed(e.Args)) {
		// Several indexers, optional parameters, a params parameter or
		// named arguments: overload resolution maps the arguments to
		// the parameters as for a method.
		same = 2
	}
	if same < 2 {
		if len(props) == 0 && b.sourceOnly(t) {
			b.errorf(posOf(e), "CS0021", "Cannot apply indexing with [] to an expression of type '%s'", t)
			return nil
		}
		if first == nil {
			return nil
		}
		// The one indexer of this arity: its arguments convert to its
		// parameters' types (dict[-1] on a Dictionary<long, int> looks up
		// the long key -1).
		for i, a := range e.Args {
			b.targetNew(a.X, first.Params[i].Type)
			b.targetDefault(a.X, first.Params[i].Type)
			b.noteConversion(a.X, first.Params[i].Type)
		}
		b.noteIndexer(e, first)
		if first.RefKind() != "" {
			b.info.Indexers[e] = first
		}
		if g := first.Owner.Generic(); g.Kind == Struct && !g.Lib && first.Decl != nil {
			// A source struct's set accessor changes the variable the
			// indexer is applied to, which needs the accessor by name
			// rather than the run-time dispatch of a class's indexer.
			b.info.Indexers[e] = first
		}
		return first.Type
	}
	m := b.resolve("this[]", cands, e.Args, args, posOf(e), nil, false, b.isOpen(t))
	if m == nil {
		return nil
	}
	for i, c := range cands {
		if c.Decl == m.Decl && c.Owner == m.Owner {
			b.noteIndexer(e, props[i])
			b.info.Indexers[e] = props[i]
			if b.expanded {
				b.info.ExpandedIndexers[e] = true
			}
			return props[i].Type
		}
	}
	return nil
}

// noteIndexer records the indexer chosen for e (binder.indexerProps).
func (b *binder) noteIndexer(e *lang.IndexExpr, p *Property) {
	if b.indexerProps == nil {
		b.indexerProps = map[*lang.IndexExpr]*Property{}
	}
	b.indexerProps[e] = p
}

// sourceIndexers reports whether the indexers ps are all declared in the
// program (their accessors take arguments code generation arranges).
func sourceIndexers(ps []*Property) bool {
	for _, p := range ps {
		if p.Decl == nil || p.Owner.Generic().Lib {
			return false
		}
	}
	return true
}

// args binds call arguments and returns their types. The body of a
// lambda argument is not bound here: it is bound once against the
// delegate type of the parameter that overload resolution chooses for it
// (convertArgGroups), or, when there is none, without one by
// settleLambdas after the call.
func (b *binder) args(as []*lang.Arg) []*Type {
	ts := make([]*Type, len(as))
	for i, a := range as {
		if _, ok := a.X.(*lang.LambdaExpr); ok {
			ts[i] = b.unboundLambda(a.X)
			continue
		}
		ts[i] = b.expr(a.X)
	}
	return ts
}

package bind

import (
	"fmt"
	"strconv"
	"strings"

	"asyncvm/lang"
)

// Tuples. A tuple type is a construction of the library's
// System.ValueTuple<T1..T7, TRest> (an eighth and later elements nest in
// TRest), so its members, conversions and run-time type are ValueTuple's.
// Element names are compile time only, as in C#: a named tuple type is a
// second *Type beside the interned construction (Unnamed), carrying
// TupleNames; conversions compare types with the names erased (Erase), so
// `(int a, int b)` and `(int, int)` convert by identity.

// IsTuple reports whether t is a ValueTuple construction (a tuple type).
func (t *Type) IsTuple() bool {
	d := t
	if t != nil && t.Def != nil {
		d = t.Def
	}
	return t != nil && t.Def != nil && d.Lib && d.Name == "ValueTuple" && d.Namespace == "System" && t.Outer == nil
}

// TupleElems returns the element types of a tuple type, those nested in
// TRest included.
func (t *Type) TupleElems() []*Type {
	var out []*Type
	for t.IsTuple() {
		if len(t.Args) == 8 && t.Args[7].IsTuple() {
			out = append(out, t.Args[:7]...)
			t = t.Args[7]
			continue
		}
		out = append(out, t.Args...)
		break
	}
	return out
}

// TupleElemName returns the name a member access on tuple type t names by
// name ("Item3" or an element name), as an element index, or -1.
func (t *Type) TupleElemName(name string) int {
	n := len(t.TupleElems())
	for i, nm := range t.TupleNames {
		if nm == name && i < n {
			return i
		}
	}
	if strings.HasPrefix(name, "Item") {
		if k, err := strconv.Atoi(name[4:]); err == nil && k >= 1 && k <= n && name == "Item"+strconv.Itoa(k) {
			return k - 1
		}
	}
	return -1
}

// Tuple returns the tuple type of elems (two or more; names nil or one per
// element, "" for an unnamed one).
func (u *Universe) Tuple(elems []*Type, names []string) *Type {
	var t *Type
	if len(elems) > lang.MaxTupleArity {
		rest := u.Tuple(elems[lang.MaxTupleArity:], nil)
		t = u.Construct(u.lookup("System.ValueTuple", 8), append(append([]*Type(nil), elems[:lang.MaxTupleArity]...), rest))
	} else {
		t = u.Construct(u.lookup("System.ValueTuple", len(elems)), elems)
	}
	return u.WithNames(t, names)
}

// WithNames returns tuple type t with element names names (none when every
// name is empty).
func (u *Universe) WithNames(t *Type, names []string) *Type {
	if t.Unnamed != nil {
		t = t.Unnamed
	}
	named := false
	for _, n := range names {
		named = named || n != ""
	}
	if !named || !t.IsTuple() {
		return t
	}
	key := fmt.Sprintf("%p|%s", t, strings.Join(names, ","))
	if n, ok := u.named[key]; ok {
		return n
	}
	n := *t
	n.TupleNames, n.Unnamed = names, t
	u.named[key] = &n
	return &n
}

// Erase returns t with every tuple element name removed, deeply
// (List<(int a, int b)> is List<(int, int)>): the type conversions and
// identity compare.
func (u *Universe) Erase(t *Type) *Type {
	if t == nil {
		return nil
	}
	if r, ok := u.erased[t]; ok {
		return r
	}
	r := t
	if t.Unnamed != nil {
		r = t.Unnamed
	}
	switch r.Kind {
	case Array:
		r = u.ArrayOfRank(u.Erase(r.Elem), r.Rank)
	case Nullable:
		r = u.NullableOf(u.Erase(r.Elem))
	default:
		if r.Def != nil && r.Outer == nil {
			args := make([]*Type, len(r.Args))
			changed := false
			for i, a := range r.Args {
				args[i] = u.Erase(a)
				changed = changed || args[i] != a
			}
			if changed {
				r = u.Construct(r.Def, args)
			}
		}
	}
	u.erased[t] = r
	return r
}

// MergeNames merges two types that are the same but for tuple element
// names (Erase(a) == Erase(b)), deeply, as Roslyn's MergeEquivalentTypes
// does when type inference or a best common type meets both: an element
// name both give stays, one they disagree on is dropped
// (`(a: 1, b: 2)` and `(a: 3, c: 4)` merge to `(int a, int)`).
func (u *Universe) MergeNames(a, b *Type) *Type {
	if a == b || a == nil || b == nil {
		return a
	}
	ra, rb := a, b
	if ra.Unnamed != nil {
		ra = ra.Unnamed
	}
	if rb.Unnamed != nil {
		rb = rb.Unnamed
	}
	var r *Type
	switch {
	case ra.Kind == Array && rb.Kind == Array:
		r = u.ArrayOf(u.MergeNames(ra.Elem, rb.Elem))
	case ra.Kind == Nullable && rb.Kind == Nullable:
		r = u.NullableOf(u.MergeNames(ra.Elem, rb.Elem))
	case ra.Def != nil && ra.Def == rb.Def && ra.Outer == nil && len(ra.Args) == len(rb.Args):
		args := make([]*Type, len(ra.Args))
		changed := false
		for i := range ra.Args {
			args[i] = u.MergeNames(ra.Args[i], rb.Args[i])
			changed = changed || args[i] != ra.Args[i]
		}
		r = ra
		if changed {
			r = u.Construct(ra.Def, args)
		}
	default:
		return a
	}
	if a.TupleNames == nil || b.TupleNames == nil {
		return r
	}
	names := make([]string, len(a.TupleNames))
	for i, n := range a.TupleNames {
		if i < len(b.TupleNames) && b.TupleNames[i] == n {
			names[i] = n
		}
	}
	return u.WithNames(r, names)
}

// tupleLiteral binds `(a, Name: b)`: its natural type is the tuple of its
// elements' types, with the names written or inferred from the elements
// (C# 7.1: `(x, p.Y)` names its elements x and Y).
func (b *binder) tupleLiteral(e *lang.TupleExpr) *Type {
	if len(e.Elems) < 2 {
		b.errorf(e.Pos, "CS8124", "Tuple must contain at least two elements.")
	}
	elems := make([]*Type, len(e.Elems))
	names := make([]string, len(e.Elems))
	for i, x := range e.Elems {
		if d, ok := x.(*lang.DeclExpr); ok {
			b.errorf(d.Pos, "CS8185", "A declaration is not allowed in this context.")
		}
		elems[i] = b.expr(x)
		if i < len(e.Names) && e.Names[i] != "" {
			names[i] = e.Names[i]
		} else {
			names[i] = inferredName(x)
		}
	}
	for i, n := range names {
		if n == "" {
			continue
		}
		if k := strings.TrimPrefix(n, "Item"); k != n && k != strconv.Itoa(i+1) {
			if _, err := strconv.Atoi(k); err == nil {
				if i < len(e.Names) && e.Names[i] == n {
					b.errorf(e.Pos, "CS8125", "Tuple element name '%s' is only allowed at position %s.", n, k)
				}
				names[i] = ""
				continue
			}
		}
		for j := 0; j < i; j++ {
			if names[j] == n {
				if i < len(e.Names) && e.Names[i] == n {
					b.errorf(e.Pos, "CS8127", "Tuple element names must be unique.")
				}
				names[i], names[j] = "", ""
			}
		}
	}
	if len(e.Elems) < 2 {
		return b.u.unchecked
	}
	for _, t := range elems {
		switch t.Kind {
		case Null, Lambda, Group, Default:
			return b.u.Tuple(elems, names) // typed by its conversion (Info.Types is then the target)
		}
	}
	return b.u.Tuple(elems, names)
}

// inferredName is the element name a tuple literal infers from element x:
// a simple name or the member name of a member access.
func inferredName(x lang.Expr) string {
	switch x := x.(type) {
	case *lang.Ident:
		if x.Name != "_" {
			return x.Name
		}
	case *lang.MemberExpr:
		if !x.NullCond {
			return x.Name
		}
	}
	return ""
}

// tupleLiteralConverts reports whether tuple literal e converts to tuple
// type to: element by element (§10.2.13).
func (b *binder) tupleLiteralConverts(e *lang.TupleExpr, to *Type) bool {
	elems := to.TupleElems()
	if len(elems) != len(e.Elems) {
		return false
	}
	for i, x := range e.Elems {
		if !b.implicit(x, b.info.Types[x], elems[i]) && b.userConversion(x, b.info.Types[x], elems[i], false) == nil {
			return false
		}
	}
	return true
}

// convertTupleLiteral records the conversion of tuple literal e to tuple
// type to: each element's, and the literal's type becomes the target's
// (the tuple code generation builds).
func (b *binder) convertTupleLiteral(e *lang.TupleExpr, to *Type) {
	elems := to.TupleElems()
	if len(elems) != len(e.Elems) {
		return
	}
	for i, x := range e.Elems {
		b.checkConversion(x, b.info.Types[x], elems[i])
		b.noteConversion(x, elems[i])
	}
	if nat := b.info.Types[e]; to.TupleNames == nil && nat != nil && nat.TupleNames != nil {
		// The literal keeps its own names where the target has none
		// (its type is read again by inference and by the lambda whose
		// result it is).
		to = b.u.WithNames(to, nat.TupleNames)
	}
	b.info.Types[e] = to
}

// tupleUnwrap strips parentheses-free wrappers: e itself when it is a
// tuple literal, else nil.
func tupleLit(e lang.Expr) *lang.TupleExpr {
	t, _ := e.(*lang.TupleExpr)
	return t
}

// deconstruct binds `left = right` where left is a tuple of targets
// (§12.21.2): right is a tuple, or has a Deconstruct method with one out
// parameter per target (an instance or extension method; KeyValuePair's).
func (b *binder) deconstruct(e *lang.AssignExpr, left *lang.TupleExpr) *Type {
	right := b.expr(e.Right)
	b.deconstructInto(left, right, e.Right, posOf(e.Right))
	return b.u.special[Void]
}

// deconstructInto binds the targets of tuple left against a value of type
// from (src the expression, when it is a tuple literal to convert in place).
func (b *binder) deconstructInto(left *lang.TupleExpr, from *Type, src lang.Expr, pos lang.Pos) {
	n := len(left.Elems)
	var elems []*Type
	switch {
	case src != nil && tupleLit(src) != nil:
		lit := tupleLit(src)
		if len(lit.Elems) != n {
			b.errorf(pos, "CS8132", "Cannot deconstruct a tuple of '%d' elements into '%d' variables.", len(lit.Elems), n)
			b.bindTargets(left, nil)
			return
		}
		for _, x := range lit.Elems {
			elems = append(elems, b.info.Types[x])
		}
	case from.IsTuple():
		elems = from.TupleElems()
		if len(elems) != n {
			b.errorf(pos, "CS8132", "Cannot deconstruct a tuple of '%d' elements into '%d' variables.", len(elems), n)
			b.bindTargets(left, nil)
			return
		}
	case from.IsUnchecked():
	case from.Kind == Null || from.Kind == Default || from.Kind == Lambda || from.Kind == Group:
		b.errorf(pos, "CS8131", "Deconstruct assignment requires an expression with a type on the right-hand-side.")
	default:
		elems = b.deconstructMethod(left, from, n, pos)
	}
	for i, x := range left.Elems {
		var et *Type
		if i < len(elems) {
			et = elems[i]
		}
		b.bindTarget(x, et, tupleLit(src) != nil)
		if lit := tupleLit(src); lit != nil && i < len(lit.Elems) {
			if tt := b.info.Types[x]; tt != nil && !tt.IsUnchecked() && tupleLit(x) == nil {
				b.checkConversion(lit.Elems[i], b.info.Types[lit.Elems[i]], tt)
				b.noteConversion(lit.Elems[i], tt)
			}
		}
	}
	if lit := tupleLit(src); lit != nil {
		b.info.Types[left] = b.info.Types[src]
	} else {
		b.info.Types[left] = from
	}
}

// bindTargets binds every target of left without a source type.
func (b *binder) bindTargets(left *lang.TupleExpr, _ []*Type) {
	for _, x := range left.Elems {
		b.bindTarget(x, nil, false)
	}
}

// bindTarget binds one target of a deconstruction receiving a value of
// type t (nil when not known): a declaration (`var x` takes t), a
// discard, a nested tuple, or an assignable expression t converts to.
func (b *binder) bindTarget(x lang.Expr, t *Type, fromLiteral bool) {
	if t == nil {
		t = b.u.unchecked
	}
	switch x := x.(type) {
	case *lang.DeclExpr:
		dt := t
		if x.Type != nil && x.Type.Name != "var" {
			dt = b.resolveType(x.Type, b.typeCtx())
			if !fromLiteral { // a literal's element converts where it is written
				b.checkConversion(x, t, dt)
				b.targetConversion(x, t, dt)
			}
		}
		if x.Name != "_" {
			b.declare(x.Name, dt)
		}
		b.info.Types[x] = dt
		return
	case *lang.TupleExpr:
		b.deconstructInto(x, t, nil, posOf(x))
		return
	case *lang.Ident:
		if x.Name == "_" {
			if _, declared := b.scope.lookupVar("_"); !declared && len(b.memberInScope("_")) == 0 {
				b.info.Discards[x] = true
				b.info.Types[x] = t
				return
			}
		}
	}
	saved := b.writeLHS
	b.writeLHS = x
	xt := b.expr(x)
	b.writeLHS = saved
	if !fromLiteral && !b.implicit(nil, t, xt) && !b.targetConversion(x, t, xt) {
		b.errorf(posOf(x), "CS0029", "Cannot implicitly convert type '%s' to '%s'", t, xt)
	}
}

// targetConversion records the user-defined implicit conversion from t to
// the type xt of deconstruction target x, when its value needs one, and
// reports whether there is one.
func (b *binder) targetConversion(x lang.Expr, t, xt *Type) bool {
	if t == nil || xt == nil || t.IsUnchecked() || xt.IsUnchecked() || b.implicit(nil, t, xt) {
		return false
	}
	m := b.userConversion(nil, t, xt, false)
	if m != nil {
		b.info.TargetConvs[x] = m
	}
	return m != nil
}

// deconstructMethod finds the Deconstruct method of type from with n out
// parameters and records the call that code generation makes
// (Info.Deconstructs): `<>r.Deconstruct(out var <>d0, ...)`, bound with
// <>r a local of type from. It returns the out parameters' types.
func (b *binder) deconstructMethod(node lang.Node, from *Type, n int, pos lang.Pos) []*Type {
	recv := DeconstructReceiver(node)
	call := &lang.CallExpr{Pos: pos, Fun: &lang.MemberExpr{Pos: pos, X: &lang.Ident{Pos: pos, Name: recv}, Name: "Deconstruct"}}
	for i := 0; i < n; i++ {
		call.Args = append(call.Args, &lang.Arg{Pos: pos, Mod: "out", X: &lang.DeclExpr{Pos: pos, Name: DeconstructTemp(node, i)}})
	}
	if !b.hasDeconstruct(from, n) {
		b.errorf(pos, "CS8129", "No suitable 'Deconstruct' instance or extension method was found for type '%s', with %d out parameters and a void return type.", from, n)
		return nil
	}
	b.push()
	b.declare(recv, from)
	b.expr(call)
	if m := b.info.Calls[call]; m != nil && m.Ret != nil && m.Ret != b.u.special[Void] && !m.Ret.IsUnchecked() {
		b.pop()
		b.errorf(pos, "CS8129", "No suitable 'Deconstruct' instance or extension method was found for type '%s', with %d out parameters and a void return type.", from, n)
		return nil
	}
	var out []*Type
	for _, a := range call.Args {
		out = append(out, b.info.Types[a.X])
	}
	b.pop()
	b.info.Deconstructs[node] = call
	return out
}

// deconstructParam is the name of the parameter of the Deconstruct method
// bound for p that receives element i, or "" when none was bound.
func (b *binder) deconstructParam(p lang.Node, i int) string {
	call := b.info.Deconstructs[p]
	if call == nil {
		return ""
	}
	m := b.info.Calls[call]
	if m == nil {
		return ""
	}
	if m.Ext {
		i++
	}
	if i >= len(m.Params) {
		return ""
	}
	return m.Params[i].Name
}

// hasDeconstruct reports whether type t has an instance Deconstruct method
// with n parameters, or an extension method in scope of that name does.
func (b *binder) hasDeconstruct(t *Type, n int) bool {
	for _, m := range methods(b.lookup(t, "Deconstruct")) {
		if !m.Static && len(m.Params) == n {
			return true
		}
	}
	for _, m := range b.extensionsInScope("Deconstruct") {
		if len(m.Params) == n+1 {
			return true
		}
	}
	return t.Open && !t.Lib && t.Kind != Struct && t.Kind != Special
}

// DeconstructReceiver is the hidden local holding the value a
// deconstruction or positional pattern at n takes apart with Deconstruct.
func DeconstructReceiver(n lang.Node) string {
	p := n.Position()
	return fmt.Sprintf("<>r%d_%d", p.Line, p.Col)
}

// DeconstructTemp is the hidden local receiving the i-th out argument of
// the Deconstruct call at n.
func DeconstructTemp(n lang.Node, i int) string {
	p := n.Position()
	return fmt.Sprintf("<>d%d_%d_%d", p.Line, p.Col, i)
}

// tupleEquality binds `x == y` and `x != y` on tuples (§12.12.11): element
// by element, each pair with its own ==; the result is bool.
func (b *binder) tupleEquality(e *lang.BinaryExpr, l, r *Type) bool {
	lt, rt := l.IsTuple(), r.IsTuple()
	if !lt && !rt || e.Op != "==" && e.Op != "!=" {
		return false
	}
	le, re := tupleElemsOf(e.X, l), tupleElemsOf(e.Y, r)
	if le == nil || re == nil {
		return false
	}
	if len(le) != len(re) {
		b.errorf(e.Pos, "CS8373", "Tuple types used as operands of an == or != operator must have matching cardinalities. But this operator has tuple types of cardinality %d on the left and %d on the right.", len(le), len(re))
		return true
	}
	if !b.equalityDefaults(e, e.X, e.Y, le, re) {
		return true
	}
	var ops []*Method
	for i := range le {
		if le[i].IsTuple() && re[i].IsTuple() || lenient(le[i]) || lenient(re[i]) || le[i].Kind == Null || re[i].Kind == Null {
			continue
		}
		if m := b.elementOperator(le[i], re[i]); m != nil {
			// A struct element compares by its type's operator ==.
			if ops == nil {
				ops = make([]*Method, len(le))
			}
			ops[i] = m
			continue
		}
		if !b.implicitType(le[i], re[i]) && !b.implicitType(re[i], le[i]) && !(le[i].IsNumeric() && re[i].IsNumeric()) {
			if len(methods(b.lookup(le[i], "op_Equality"))) > 0 || len(methods(b.lookup(re[i], "op_Equality"))) > 0 {
				continue
			}
			b.errorf(e.Pos, "CS0019", "Operator '%s' cannot be applied to operands of type '%s' and '%s'", e.Op, le[i], re[i])
		}
	}
	if ops != nil {
		b.info.TupleOps[e] = ops
	}
	return true
}

// equalityDefaults gives each untyped `default` element of the tuple
// literals x and y compared by e the type of the element it is compared
// with, nested tuples included: in (0, null) != (default, null) the default
// is the int 0 (§12.12.11). A default compared with a default or with null
// has no type to take: CS8315 and CS0034. It reports whether all is well.
func (b *binder) equalityDefaults(e *lang.BinaryExpr, x, y lang.Expr, le, re []*Type) bool {
	elem := func(t lang.Expr, i int) lang.Expr {
		if tl, ok := t.(*lang.TupleExpr); ok && i < len(tl.Elems) {
			return tl.Elems[i]
		}
		return nil
	}
	ok := true
	for i := range le {
		l, r := le[i], re[i]
		xe, ye := elem(x, i), elem(y, i)
		switch {
		case l.Kind == Default && r.Kind == Default:
			b.errorf(e.Pos, "CS8315", "Operator '%s' is ambiguous on operands 'default' and 'default'", e.Op)
			ok = false
		case l.Kind == Default && r.Kind == Null:
			b.errorf(e.Pos, "CS0034", "Operator '%s' is ambiguous on operands of type 'default' and '<null>'", e.Op)
			ok = false
		case l.Kind == Null && r.Kind == Default:
			b.errorf(e.Pos, "CS0034", "Operator '%s' is ambiguous on operands of type '<null>' and 'default'", e.Op)
			ok = false
		case l.Kind == Default && !r.IsTuple():
			b.targetDefault(xe, r)
		case r.Kind == Default && !l.IsTuple():
			b.targetDefault(ye, l)
		case l.IsTuple() && r.IsTuple() && len(l.TupleElems()) == len(r.TupleElems()):
			ok = b.equalityDefaults(e, xe, ye, l.TupleElems(), r.TupleElems()) && ok
		}
	}
	return ok
}

// elementOperator is the operator == of a user struct that compares tuple
// elements of types l and r: one whose parameters are exactly l and r.
func (b *binder) elementOperator(l, r *Type) *Method {
	if !userStruct(l) && !userStruct(r) {
		return nil
	}
	for _, m := range b.operators("op_Equality", l, r) {
		if len(m.Params) == 2 && m.Params[0].Type == l && m.Params[1].Type == r && m.Ret != nil && isBool(m.Ret) {
			return m
		}
	}
	return nil
}

// tupleElemsOf lists the element types of a tuple operand: a literal's
// elements' types, or a tuple type's elements.
func tupleElemsOf(x lang.Expr, t *Type) []*Type {
	if t.IsTuple() {
		return t.TupleElems()
	}
	return nil
}

// positionalPattern binds `(P1, Name: P2)` matched against a value of type
// in: a tuple's elements, or the out parameters of its Deconstruct method
// (Info.Deconstructs); a subpattern's name must be its element's.
func (b *binder) positionalPattern(p *lang.PositionalPattern, in *Type) {
	if p.Type != nil {
		in = b.resolveType(p.Type, b.typeCtx())
	}
	if in != nil && in.Kind == Nullable {
		in = in.Elem
	}
	var elems []*Type
	switch {
	case in == nil || in.IsUnchecked():
	case in.IsTuple():
		elems = in.TupleElems()
		if len(elems) != len(p.Subs) {
			b.errorf(p.Pos, "CS8502", "Matching the tuple type '%s' requires '%d' subpatterns, but '%d' subpatterns are present.", in, len(elems), len(p.Subs))
			elems = nil
		}
	case in.Kind == Special && in.Special == Object:
		elems = nil // matched at run time against any tuple of the arity (ITuple)
	default:
		elems = b.deconstructMethod(p, in, len(p.Subs), p.Pos)
	}
	for i, sp := range p.Subs {
		var et *Type
		if i < len(elems) {
			et = elems[i]
		}
		if sp.Name != "" && in != nil && in.IsTuple() && elems != nil {
			if k := in.TupleElemName(sp.Name); k != i {
				b.errorf(sp.Pos, "CS8416", "The name '%s' does not identify tuple element at position %d.", sp.Name, i+1)
			}
		}
		if sp.Name != "" && i < len(elems) {
			if m := b.deconstructParam(p, i); m != "" && m != sp.Name {
				b.errorf(sp.Pos, "CS8417", "The name '%s' does not match the corresponding 'Deconstruct' parameter '%s'.", sp.Name, m)
			}
		}
		b.patternIn(sp.Pattern, et)
	}
	if p.Rest != nil {
		b.patternIn(p.Rest, in)
	}
}

package bind

import (
	"math"
	"math/big"
	"strings"

	"asyncvm/lang"
)

// Operators. The predefined operators of C# (§12.10 - §12.13) are chosen
// by overload resolution among their signatures, as the specification
// defines them, rather than by a promotion table: `u + 1` with u a uint is
// uint + uint because the constant 1 converts to uint.

var (
	arithOperands = []SpecialType{Int32, UInt32, Int64, UInt64, Single, Double, Decimal}
	shiftOperands = []SpecialType{Int32, UInt32, Int64, UInt64}
	negOperands   = []SpecialType{Int32, Int64, Single, Double, Decimal}
	plusOperands  = arithOperands
	notOperands   = shiftOperands
)

// predefined picks the operand type of the best predefined operator among
// operand types ts for operands xs (of types as); nil when none applies
// or the choice is ambiguous (C# reports CS0019 or CS0034; the binder
// leaves those to run time for now).
func (b *binder) predefined(ts []SpecialType, xs []lang.Expr, as []*Type) *Type {
	var apps []*Type
	for _, s := range ts {
		t := b.u.special[s]
		ok := true
		for i := range xs {
			if !b.implicit(xs[i], as[i], t) {
				ok = false
			}
		}
		if ok {
			apps = append(apps, t)
		}
	}
	for _, c := range apps {
		best := true
		for _, d := range apps {
			if c == d {
				continue
			}
			better, worse := false, false
			for i := range xs {
				switch b.betterConversion(xs[i], as[i], c, d) {
				case 1:
					better = true
				case -1:
					worse = true
				}
			}
			if worse || !better {
				best = false
				break
			}
		}
		if best {
			return c
		}
	}
	return nil
}

func (b *binder) unary(e *lang.UnaryExpr) *Type {
	u := b.u
	switch e.Op {
	case "!":
		t := b.expr(e.X)
		if m := b.userOperator("op_LogicalNot", []lang.Expr{e.X}, []*Type{t}, e.Pos); m != nil {
			b.recordOperator(e, m, t)
			return m.Ret
		}
		if t.Kind == Nullable && isBool(t.Elem) {
			return t // lifted: !null is null
		}
		b.checkConversion(e.X, t, u.special[Bool])
		if v, ok := b.info.Consts[e.X].(bool); ok {
			b.info.Consts[e] = !v
		}
		return u.special[Bool]
	case "++", "--":
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
	case "-":
		if lit, ok := e.X.(*lang.Literal); ok && (lit.Raw == "2147483648" || lit.Raw == "9223372036854775808") {
			// The one literal C# reads together with its minus sign.
			b.expr(lit)
			if lit.Raw == "2147483648" {
				b.info.Consts[e] = int64(math.MinInt32)
				return u.special[Int32]
			}
			b.info.Consts[e] = int64(math.MinInt64)
			return u.special[Int64]
		}
	}
	t := b.expr(e.X)
	if lenient(t) {
		return u.unchecked
	}
	if t.Kind == Nullable && userStruct(t.Elem) {
		// The lifted form of a user-defined unary operator on a nullable
		// struct (§12.4.8): null gives null.
		var cands []*Method
		for _, m := range b.operators(lang.UnaryOperatorName(e.Op), t.Elem) {
			if len(m.Params) == 1 && m.Params[0].Type == t.Elem && m.Ret != nil && m.Ret.IsValueType() && m.Ret.Kind != Nullable {
				cands = append(cands, m)
			}
		}
		if len(cands) == 1 {
			lm := *cands[0]
			if lm.Orig == nil {
				lm.Orig = cands[0]
			}
			lm.Lifted = true
			b.info.Calls[e] = &lm
			return b.u.NullableOf(lm.Ret)
		}
	}
	if m := b.userOperator(lang.UnaryOperatorName(e.Op), []lang.Expr{e.X}, []*Type{t}, e.Pos); m != nil {
		b.recordOperator(e, m, t)
		return m.Ret
	}
	var ops []SpecialType
	switch e.Op {
	case "-":
		ops = negOperands
	case "+":
		ops = plusOperands
	case "~":
		if t.Kind == Enum {
			return t
		}
		ops = notOperands
	default:
		return u.unchecked
	}
	if t.Kind == Nullable {
		// The lifted form (§12.4.8): the operator of the underlying
		// type, null for a null operand.
		if r := b.predefined(ops, []lang.Expr{e.X}, []*Type{t.Elem}); r != nil {
			return u.NullableOf(r)
		}
		return u.unchecked
	}
	r := b.predefined(ops, []lang.Expr{e.X}, []*Type{t})
	if r == nil {
		return u.unchecked
	}
	b.foldUnary(e, r)
	return r
}

// underlying is the underlying type of a nullable value type, t otherwise.
func underlying(t *Type) *Type {
	if t.Kind == Nullable {
		return t.Elem
	}
	return t
}

// liftedUser reports whether l or r is a nullable value type whose
// underlying type's operators are declared ones (a library value type):
// their lifted forms are left to run time.
func liftedUser(l, r *Type) bool {
	return l.Kind == Nullable && l.Elem.Kind == Struct || r.Kind == Nullable && r.Elem.Kind == Struct
}

// liftedUserOperator binds e, with an operand of a nullable struct type,
// to the lifted form of a user-defined operator of the underlying types
// (§12.4.8): one whose parameters and result are non-nullable value types
// (bool for the comparisons). It returns the result type, bool for the
// comparisons and R? for an operator returning R, or nil when there is no
// such operator.
func (b *binder) liftedUserOperator(e *lang.BinaryExpr, l, r *Type) *Type {
	if (l.Kind == Null || r.Kind == Null) && e.Op != "==" && e.Op != "!=" {
		// `a + null`: the null literal converts to the other operand's
		// nullable type, and the lifted operator gives null.
		if l.Kind == Null && r.Kind == Nullable {
			l = r
		} else if r.Kind == Null && l.Kind == Nullable {
			r = l
		}
	}
	if l.Kind != Nullable && r.Kind != Nullable || l.Kind == Null || r.Kind == Null {
		return nil
	}
	ul, ur := underlying(l), underlying(r)
	if !userStruct(ul) && !userStruct(ur) {
		return nil
	}
	name := lang.BinaryOperatorName(e.Op)
	if name == "" {
		return nil
	}
	var cands []*Method
	for _, m := range b.operators(name, ul, ur) {
		if len(m.Params) == 2 && m.Ret != nil && m.Params[0].Type.IsValueType() && m.Params[1].Type.IsValueType() &&
			m.Params[0].Type.Kind != Nullable && m.Params[1].Type.Kind != Nullable && m.Ret.IsValueType() && m.Ret.Kind != Nullable {
			cands = append(cands, m)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	xs := []*lang.Arg{{Pos: posOf(e.X), X: e.X}, {Pos: posOf(e.Y), X: e.Y}}
	b.info.Types[e.X], b.info.Types[e.Y] = ul, ur
	m := b.resolve(name, cands, xs, []*Type{ul, ur}, e.Pos, nil, false, true)
	b.info.Types[e.X], b.info.Types[e.Y] = l, r
	if m == nil {
		return nil
	}
	comparison := false
	switch e.Op {
	case "==", "!=", "<", ">", "<=", ">=":
		comparison = true
		if !isBool(m.Ret) {
			return nil
		}
	}
	b.info.Calls[e] = m
	b.info.Lifted[e] = true
	if comparison {
		return m.Ret
	}
	return b.u.NullableOf(m.Ret)
}

// liftedBinary types a binary operator with a nullable value type operand
// (§12.4.8): the predefined operator of the underlying types, whose
// result is nullable (null when an operand is null). A lifted
// user-defined operator is left to run time.
func (b *binder) liftedBinary(e *lang.BinaryExpr, l, r *Type) *Type {
	u := b.u
	ul, ur := underlying(l), underlying(r)
	xs, uts := []lang.Expr{e.X, e.Y}, []*Type{ul, ur}
	simple := func(t *Type) bool { return t.Kind == Special && t.Special >= Bool || t.Kind == Enum }
	if !simple(ul) || !simple(ur) || ul.Kind == Enum || ur.Kind == Enum {
		return u.unchecked
	}
	var t *Type
	switch e.Op {
	case "+", "-", "*", "/", "%":
		t = b.predefined(arithOperands, xs, uts)
		if t == nil {
			b.operatorError(e, arithOperands, l, r)
			return u.unchecked
		}
	case "<<", ">>", ">>>":
		t = b.predefined(shiftOperands, xs[:1], uts[:1])
		if t == nil || !b.implicit(e.Y, ur, u.special[Int32]) {
			return u.unchecked
		}
	case "&", "|", "^":
		if isBool(ul) && isBool(ur) {
			return u.NullableOf(ul)
		}
		t = b.predefined(shiftOperands, xs, uts)
		if t == nil {
			b.operatorError(e, shiftOperands, l, r)
			return u.unchecked
		}
	default:
		return u.unchecked
	}
	return u.NullableOf(t)
}

func (b *binder) binary(e *lang.BinaryExpr) *Type {
	u := b.u
	switch e.Op {
	case "&&", "||":
		l, r := b.expr(e.X), b.expr(e.Y)
		if t, ok := b.shortCircuit(e, l, r); ok {
			return t
		}
		b.condOf(e.X, l)
		b.condOf(e.Y, r)
		return u.special[Bool]
	case "??":
		l, r := b.expr(e.X), b.expr(e.Y)
		switch {
		case lenient(l) || lenient(r):
			return u.unchecked
		case l.Kind == Nullable && (r == l.Elem || b.implicitType(r, l.Elem) && r.Kind != Nullable):
			return l.Elem
		case r == l || r.Kind == Default || r.Kind == Null:
			return l
		case l.IsReference() && b.implicitType(r, l):
			return l
		case l.IsReference() && b.implicitType(l, r):
			return r
		}
		return u.unchecked
	}
	l, r := b.expr(e.X), b.expr(e.Y)
	if b.tupleEquality(e, l, r) {
		return u.special[Bool]
	}
	xs, ts := []lang.Expr{e.X, e.Y}, []*Type{l, r}
	if m := b.userOperator(lang.BinaryOperatorName(e.Op), xs, ts, e.Pos); m != nil {
		b.recordOperator(e, m, ts...)
		return m.Ret
	}
	if t := b.liftedUserOperator(e, l, r); t != nil {
		return t
	}
	if cl, cr, ok := b.convertedOperands(e, l, r); ok {
		// A predefined operator applies after a user-defined implicit
		// conversion of an operand (§12.4.5): Digit + 1 with an implicit
		// conversion from Digit to byte adds ints.
		l, r = cl, cr
		ts = []*Type{l, r}
	}
	switch e.Op {
	case "==", "!=", "<", ">", "<=", ">=":
		// `x == default` compares with x's type's default.
		if l.Kind == Default && !r.IsUnchecked() && r.Kind != Default {
			b.info.Types[e.X] = r
		} else if r.Kind == Default && !l.IsUnchecked() && l.Kind != Default {
			b.info.Types[e.Y] = l
		}
		if e.Op == "==" || e.Op == "!=" {
			if structOperand(l, r) || structOperand(r, l) || b.libStructOperand(l) || b.libStructOperand(r) {
				// A struct has no predefined == (§12.12.1); `S? == null` is
				// the nullable test.
				b.errorf(posOf(e), "CS0019", "Operator '%s' cannot be applied to operands of type '%s' and '%s'", e.Op, l, r)
				return u.special[Bool]
			}
			if l.IsNumeric() && r.IsNumeric() && b.predefined(arithOperands, xs, ts) == nil {
				b.operatorError(e, arithOperands, l, r)
			}
		} else if b.knownOperands(l, r) && !(underlying(l).Kind == Enum && underlying(r) == underlying(l)) && !liftedUser(l, r) &&
			b.predefined(arithOperands, xs, []*Type{underlying(l), underlying(r)}) == nil {
			// A nullable operand compares by its underlying type's
			// operator, lifted: false when an operand is null (§12.4.8).
			b.operatorError(e, arithOperands, l, r)
		}
		return u.special[Bool]
	case "+":
		if isString(l) || isString(r) {
			if s1, ok := b.info.Consts[e.X].(string); ok {
				if s2, ok := b.info.Consts[e.Y].(string); ok {
					b.info.Consts[e] = s1 + s2
				}
			}
			return u.special[String]
		}
	}
	if unconstrainedOperand(l, r) && b.program[b.file] {
		// A type parameter without bounds has no operators: neither a
		// predefined nor a user-defined one applies (§12.4.5).
		b.errorf(posOf(e), "CS0019", "Operator '%s' cannot be applied to operands of type '%s' and '%s'", e.Op, l, r)
		return u.unchecked
	}
	if lenient(l) || lenient(r) || l.Kind == Null || r.Kind == Null {
		return u.unchecked
	}
	if l.Kind == Nullable || r.Kind == Nullable {
		return b.liftedBinary(e, l, r)
	}
	switch e.Op {
	case "+", "-":
		if l.Kind == Delegate && (r == l || r.Kind == Group || r.Kind == Lambda) {
			b.checkConversion(e.Y, r, l)
			return l
		}
		if l.Kind == Enum && r.IsIntegral() {
			return l
		}
		if r.Kind == Enum && l.IsIntegral() && e.Op == "+" {
			return r
		}
		if l.Kind == Enum && r == l && e.Op == "-" {
			return u.special[Int32]
		}
		fallthrough
	case "*", "/", "%":
		t := b.predefined(arithOperands, xs, ts)
		if t == nil {
			b.operatorError(e, arithOperands, l, r)
			return u.unchecked
		}
		b.foldBinary(e, t)
		return t
	case "<<", ">>", ">>>":
		t := b.predefined(shiftOperands, xs[:1], ts[:1])
		if t == nil || !b.implicit(e.Y, r, u.special[Int32]) {
			return u.unchecked
		}
		b.foldBinary(e, t)
		return t
	case "&", "|", "^":
		if isBool(l) && isBool(r) {
			return u.special[Bool]
		}
		if l.Kind == Enum && r == l {
			return l
		}
		t := b.predefined(shiftOperands, xs, ts)
		if t == nil {
			b.operatorError(e, shiftOperands, l, r)
			return u.unchecked
		}
		b.foldBinary(e, t)
		return t
	}
	return u.unchecked
}

// convertedOperands gives the operands of binary operator e (of types l
// and r, which no user-defined operator applies to) the predefined type a
// user-defined implicit conversion of their own type converts them to:
// each program class or struct operand whose type declares exactly one
// implicit conversion to a predefined type (other than object) converts
// by it, recorded in Convs. A class operand of == and != is compared by
// reference instead; ok is false when no operand converts.
func (b *binder) convertedOperands(e *lang.BinaryExpr, l, r *Type) (*Type, *Type, bool) {
	switch e.Op {
	case "+", "-", "*", "/", "%", "<", ">", "<=", ">=", "==", "!=", "&", "|", "^", "<<", ">>", ">>>":
	default:
		return l, r, false
	}
	// Beside a string operand of +, string concatenation takes the other
	// operand as object (boxed, printed by its ToString) unless it
	// converts to string: string + string is then the better operator.
	concat := e.Op == "+" && (isString(l) || isString(r))
	convert := func(x lang.Expr, t *Type) (*Type, bool) {
		if t == nil || t.Lib || t.Kind != Class && t.Kind != Struct || !userDefined(t) {
			return t, false
		}
		if t.Kind == Class && (e.Op == "==" || e.Op == "!=") {
			return t, false
		}
		var found *Method
		for _, m := range b.operators("op_Implicit", t) {
			if len(m.Params) != 1 || m.Params[0].Type != t || m.Ret == nil || m.Ret.Kind != Special || m.Ret.Special <= Object {
				continue
			}
			if found != nil {
				return t, false // several: left to the error below
			}
			found = m
		}
		if found == nil || concat && !isString(found.Ret) {
			return t, false
		}
		b.info.Convs[x] = found
		return found.Ret, true
	}
	cl, okl := convert(e.X, l)
	cr, okr := convert(e.Y, r)
	return cl, cr, okl || okr
}

// knownOperands reports whether the operators applicable to operands of
// types l and r are all known: predefined types, enums, source types,
// library value types (whose operators the tables declare) and their
// nullable forms; other library types may declare operators the tables
// do not state.
func (b *binder) knownOperands(l, r *Type) bool {
	var known func(t *Type) bool
	known = func(t *Type) bool {
		switch t.Kind {
		case Nullable:
			return known(t.Elem)
		case Struct:
			// A library value type: the tables declare its operators.
			return true
		case Special:
			return t.Special != Void
		case Enum, Delegate:
			return true
		case Class, Interface:
			return !t.Lib && !b.partlyKnown(t)
		}
		return false
	}
	return known(l) && known(r)
}

// operatorError reports a binary operator no predefined signature among
// ops applies to (CS0019), or several do with none better (CS0034).
func (b *binder) operatorError(e *lang.BinaryExpr, ops []SpecialType, l, r *Type) {
	if !b.knownOperands(l, r) {
		return
	}
	n := 0
	for _, s := range ops {
		t := b.u.special[s]
		if b.implicit(e.X, l, t) && b.implicit(e.Y, r, t) {
			n++
		}
	}
	if n > 1 {
		b.errorf(posOf(e), "CS0034", "Operator '%s' is ambiguous on operands of type '%s' and '%s'", e.Op, l, r)
		return
	}
	b.errorf(posOf(e), "CS0019", "Operator '%s' cannot be applied to operands of type '%s' and '%s'", e.Op, l, r)
}

// assignTarget reports a target of an assignment or of an increment or
// decrement (incDec) that is not a writable variable: a constant (a const
// local or field, an enum member: CS0131, CS1059) or a readonly field
// outside its type's constructors (CS0191, static ones CS0198).
func (b *binder) assignTarget(e lang.Expr, incDec bool) {
	b.propertyTarget(e, false)
	switch x := e.(type) {
	case *lang.Ident:
		if rv, ok := b.scope.lookupRef(x.Name); ok && (rv.kind == "ref readonly" || rv.kind == "in") {
			b.errorf(posOf(e), "CS8331", "Cannot assign to variable '%s' or use it as the right hand side of a ref assignment because it is a readonly variable", x.Name)
			return
		}
		if t := b.info.Types[e]; t != nil && t.Kind == Group {
			b.errorf(posOf(e), "CS1656", "Cannot assign to '%s' because it is a 'method group'", x.Name)
			return
		}
	case *lang.MemberExpr:
		if t := b.info.Types[e]; t != nil && t.Kind == Group {
			b.errorf(posOf(e), "CS1656", "Cannot assign to '%s' because it is a 'method group'", x.Name)
			return
		}
	case *lang.CallExpr:
		switch b.info.Calls[x].RefKind() {
		case "ref readonly":
			b.errorf(posOf(e), "CS8331", "Cannot assign to %s or use it as the right hand side of a ref assignment because it is a readonly variable", describeVar(e))
		case "":
			if m := b.info.Calls[x]; m != nil {
				if incDec {
					b.errorf(posOf(e), "CS1059", "The operand of an increment or decrement operator must be a variable, property or indexer")
					return
				}
				b.errorf(posOf(e), "CS0131", "The left-hand side of an assignment must be a variable, property or indexer")
			}
		}
		return
	case *lang.IndexExpr:
		if b.info.IndexerOf(x).RefKind() == "ref readonly" {
			b.errorf(posOf(e), "CS8331", "Cannot assign to property 'this' or use it as the right hand side of a ref assignment because it is a readonly variable")
		}
		return
	default:
		return
	}
	f, viaThis := b.fieldTarget(e)
	if _, ok := b.info.Consts[e]; ok || f != nil && f.Const {
		if incDec {
			b.errorf(posOf(e), "CS1059", "The operand of an increment or decrement operator must be a variable, property or indexer")
			return
		}
		b.errorf(posOf(e), "CS0131", "The left-hand side of an assignment must be a variable, property or indexer")
		return
	}
	if f == nil || !f.ReadOnly {
		return
	}
	if f.Static {
		if b.fn != nil && b.fn.ctor && b.fn.static && f.Owner == b.cls {
			return
		}
		b.errorf(posOf(e), "CS0198", "A static readonly field cannot be assigned to (except in a static constructor or a variable initializer)")
		return
	}
	if viaThis && f.Owner == b.cls && (b.fn != nil && b.fn.ctor && !b.fn.static || b.inInitBody()) {
		return
	}
	b.errorf(posOf(e), "CS0191", "A readonly field cannot be assigned to (except in a constructor or init-only setter of the type in which the field is defined or a variable initializer)")
}

// propertyTarget reports an assignment to a program's property that has
// no set accessor (CS0200; a get-only auto-property is assignable in its
// type's constructors) and a compound assignment or increment (read, a
// read and a write) of one that has no get accessor (CS0154).
func (b *binder) propertyTarget(e lang.Expr, read bool) {
	var p *Property
	viaThis := false
	switch x := e.(type) {
	case *lang.Ident:
		if _, local := b.scope.lookupVar(x.Name); local {
			return
		}
		if ms := b.memberInScope(x.Name); len(ms) > 0 {
			p, _ = ms[0].(*Property)
			viaThis = true
		}
	case *lang.MemberExpr:
		p, _ = b.memberSym(x).(*Property)
		_, viaThis = x.X.(*lang.ThisExpr)
	case *lang.IndexExpr:
		if t := b.info.TypeOf(x.X); t != nil && t.Kind == Special && t.Special == String {
			b.errorf(posOf(e), "CS0200", "Property or indexer 'string.this[int]' cannot be assigned to -- it is read only")
			return
		}
		p = b.indexerProps[x]
	}
	if p == nil || p.Event || p.RefKind() != "" {
		return
	}
	if p.Set {
		b.checkAccessor(e, p, "set")
	}
	if read && p.Get {
		b.checkAccessor(e, p, "get")
	}
	pd, ok := p.Decl.(*lang.PropertyDecl)
	if !ok || pd.Modifiers.Has(lang.ModOverride) {
		// An override with one accessor inherits the other.
		return
	}
	name := p.Owner.String() + "." + p.Name
	if len(p.Params) > 0 {
		ps := make([]string, len(p.Params))
		for i, prm := range p.Params {
			ps[i] = prm.Type.String()
		}
		name = p.Owner.String() + ".this[" + strings.Join(ps, ", ") + "]"
	}
	if read && !p.Get {
		b.errorf(posOf(e), "CS0154", "The property or indexer '%s' cannot be used in this context because it lacks the get accessor", name)
		return
	}
	if p.Set {
		return
	}
	auto := pd.ExprBody == nil && len(pd.Accessors) > 0
	for _, a := range pd.Accessors {
		auto = auto && a.Body == nil && a.ExprBody == nil
	}
	if auto && viaThis && b.fn != nil && b.fn.ctor && b.fn.static == p.Static && p.Owner.Generic() == b.cls.Generic() {
		return
	}
	if viaThis && b.fn != nil && b.fn.ctor && !b.fn.static && b.ownAutoOverride(p.Name) {
		return // lookup found the overridden property: this class's get-only override is assigned
	}
	b.errorf(posOf(e), "CS0200", "Property or indexer '%s' cannot be assigned to -- it is read only", name)
}

// ownAutoOverride reports whether the class being bound declares an
// overriding auto-property named name, which its constructors may assign
// even when it is get-only (`public override string Kind { get; }`).
func (b *binder) ownAutoOverride(name string) bool {
	if b.cls == nil {
		return false
	}
	for _, td := range b.decls[b.cls.Generic()] {
		for _, m := range td.Members {
			pd, ok := m.(*lang.PropertyDecl)
			if !ok || pd.Name != name || !pd.Modifiers.Has(lang.ModOverride) || pd.ExprBody != nil || len(pd.Accessors) == 0 || pd.IsIndexer() {
				continue
			}
			auto := true
			for _, a := range pd.Accessors {
				auto = auto && a.Body == nil && a.ExprBody == nil
			}
			return auto
		}
	}
	return false
}

// readProperty reports reading a program's property that has no get
// accessor (CS0154); e is where it is read, unless e is the target of
// the assignment being bound.
func (b *binder) readProperty(e lang.Expr, s Symbol) {
	p, ok := s.(*Property)
	if ok && p.Get && !p.Event && e != b.writeLHS {
		b.checkAccessor(e, p, "get")
	}
	if !ok || p.Get || p.Event || e == b.writeLHS {
		return
	}
	pd, ok := p.Decl.(*lang.PropertyDecl)
	if !ok || p.Owner.Generic().Lib || pd.Modifiers.Has(lang.ModOverride) || pd.IsIndexer() {
		return
	}
	b.errorf(posOf(e), "CS0154", "The property or indexer '%s.%s' cannot be used in this context because it lacks the get accessor", p.Owner, p.Name)
}

// fieldTarget is the field e names, and whether it is reached through
// this (a simple name or this.F), or nil.
func (b *binder) fieldTarget(e lang.Expr) (*Field, bool) {
	switch x := e.(type) {
	case *lang.Ident:
		if _, local := b.scope.lookupVar(x.Name); local {
			return nil, false
		}
		if ms := b.memberInScope(x.Name); len(ms) > 0 {
			f, _ := ms[0].(*Field)
			return f, true
		}
	case *lang.MemberExpr:
		f, _ := b.memberSym(x).(*Field)
		_, this := x.X.(*lang.ThisExpr)
		return f, this
	}
	return nil, false
}

func isString(t *Type) bool { return t.Kind == Special && t.Special == String }
func isBool(t *Type) bool   { return t.Kind == Special && t.Special == Bool }

func (b *binder) assign(e *lang.AssignExpr) *Type {
	if isRefValue(e.Right) {
		return b.refAssign(e)
	}
	if lt := tupleLit(e.Left); lt != nil && e.Op == "=" {
		return b.deconstruct(e, lt)
	}
	if id, ok := e.Left.(*lang.Ident); ok && id.Name == "_" {
		if _, declared := b.scope.lookupVar("_"); !declared && len(b.memberInScope("_")) == 0 {
			b.info.Discards[id] = true
			t := b.expr(e.Right)
			b.conditionalWithoutType(e.Right)
			return t
		}
	}
	add := e.Op == "+=" || e.Op == "-="
	saved, savedWrite := b.eventLHS, b.writeLHS
	if add {
		b.eventLHS = e.Left
	}
	b.writeLHS = e.Left
	l := b.expr(e.Left)
	b.eventLHS, b.writeLHS = saved, savedWrite
	if m, ok := e.Left.(*lang.MemberExpr); ok && b.info.ExtProps[m] != nil {
		return b.extensionPropertySet(e, m, l)
	}
	if e.Op != "=" {
		b.propertyTarget(e.Left, true)
	}
	b.assignTarget(e.Left, false)
	b.checkInitOnly(e.Left)
	b.readOnlyAnonymous(e.Left)
	b.structTarget(e.Left)
	if e.Op == "=" {
		if l.Kind == Lambda || l.Kind == Group {
			b.expr(e.Right)
			return b.u.unchecked
		}
		b.convertExpr(e.Right, l)
		return l
	}
	if add && l.Kind == Delegate {
		// Delegate combination and removal; on an event, a subscription.
		if ev := b.eventOf(e.Left); ev != nil {
			b.info.Events[e] = ev
		}
		b.convertExpr(e.Right, l)
		return l
	}
	if b.instanceCompound(e, e.Left, l, e.Op, e.Right) {
		return l
	}
	r := b.expr(e.Right)
	if e.Op == "??=" && l.Kind == Nullable && r.IsValueType() && r.Kind != Nullable {
		// `a ??= b` with a of type A0? and b converting to A0 has type A0
		// (C# §12.21.5): `(n ??= 3) + 1` is an int.
		return l.Elem
	}
	if name := lang.BinaryOperatorName(strings.TrimSuffix(e.Op, "=")); name != "" {
		// x op= y is x = x op y (§12.21.4): a user-defined operator decides.
		if m := b.userOperator(name, []lang.Expr{e.Left, e.Right}, []*Type{l, r}, e.Pos); m != nil {
			b.recordOperator(e, m, l, r)
		}
	}
	return l
}

// ---- Constant folding ----

// foldUnary folds -x, +x and ~x of an integral constant of type t.
func (b *binder) foldUnary(e *lang.UnaryExpr, t *Type) {
	v, ok := b.intConst(e.X, t)
	if !ok {
		return
	}
	var r uint64
	switch e.Op {
	case "+":
		r = v
	case "-":
		r = -v
	case "~":
		r = ^v
	}
	if e.Op == "-" && (isSigned(t.Special) && int64(v) == minOf(t.Special) || !isSigned(t.Special) && v != 0) {
		if b.overflowsAtCompileTime(e) {
			return
		}
	}
	b.setConst(e, t, r)
}

// foldBinary folds an integral operator of type t on constant operands,
// reporting C#'s compile-time errors: overflow (CS0220; constant
// expressions are checked) and division by constant zero (CS0020).
func (b *binder) foldBinary(e *lang.BinaryExpr, t *Type) {
	x, ok1 := b.intConst(e.X, t)
	shift := e.Op == "<<" || e.Op == ">>" || e.Op == ">>>"
	yt := t
	if shift {
		yt = b.u.special[Int32]
	}
	y, ok2 := b.intConst(e.Y, yt)
	if (e.Op == "/" || e.Op == "%") && ok2 && y == 0 && t.IsIntegral() {
		b.errorf(posOf(e), "CS0020", "Division by constant zero")
		return
	}
	if !ok1 || !ok2 {
		return
	}
	s := t.Special
	signed := isSigned(s)
	width := widthOf(s)
	var r uint64
	switch e.Op {
	case "+", "-", "*":
		exact := new(big.Int)
		bx, by := bigOf(x, signed), bigOf(y, signed)
		switch e.Op {
		case "+":
			exact.Add(bx, by)
		case "-":
			exact.Sub(bx, by)
		default:
			exact.Mul(bx, by)
		}
		if !bigFits(exact, s) {
			if b.overflowsAtCompileTime(e) {
				return
			}
			r = wrapBig(exact, s)
			break
		}
		if signed {
			r = uint64(exact.Int64())
		} else {
			r = exact.Uint64()
		}
	case "/", "%":
		if signed && int64(x) == minOf(s) && int64(y) == -1 {
			if e.Op == "/" && b.overflowsAtCompileTime(e) {
				return
			}
			r = x
			if e.Op == "%" {
				r = 0
			}
			break
		}
		if signed {
			if e.Op == "/" {
				r = uint64(int64(x) / int64(y))
			} else {
				r = uint64(int64(x) % int64(y))
			}
		} else if e.Op == "/" {
			r = x / y
		} else {
			r = x % y
		}
	case "<<":
		r = x << (y & uint64(width-1))
	case ">>":
		if signed {
			r = uint64(int64(x) >> (y & uint64(width-1)))
		} else {
			r = x >> (y & uint64(width-1))
		}
	case ">>>":
		if width == 32 {
			r = uint64(uint32(x) >> (y & 31))
			if signed {
				r = uint64(int64(int32(uint32(r))))
			}
		} else {
			r = x >> (y & 63)
		}
	case "&":
		r = x & y
	case "|":
		r = x | y
	case "^":
		r = x ^ y
	default:
		return
	}
	b.setConst(e, t, r)
}

// intConst returns e's constant value converted to integral type t, as a
// 64-bit pattern (sign-extended for signed types).
func (b *binder) intConst(e lang.Expr, t *Type) (uint64, bool) {
	if !t.IsIntegral() {
		return 0, false
	}
	switch v := b.info.Consts[e].(type) {
	case int64:
		return uint64(v), true
	case uint64:
		return v, true
	}
	return 0, false
}

func (b *binder) setConst(e lang.Expr, t *Type, r uint64) {
	if widthOf(t.Special) == 32 {
		if isSigned(t.Special) {
			r = uint64(int64(int32(uint32(r))))
		} else {
			r = uint64(uint32(r))
		}
	}
	if isSigned(t.Special) {
		b.info.Consts[e] = int64(r)
	} else {
		b.info.Consts[e] = r
	}
}

func isSigned(s SpecialType) bool {
	return s == SByte || s == Int16 || s == Int32 || s == Int64
}

func widthOf(s SpecialType) int {
	switch s {
	case Int64, UInt64:
		return 64
	}
	return 32
}

func minOf(s SpecialType) int64 {
	if s == Int64 {
		return math.MinInt64
	}
	return math.MinInt32
}

func bigOf(v uint64, signed bool) *big.Int {
	if signed {
		return big.NewInt(int64(v))
	}
	return new(big.Int).SetUint64(v)
}

// bigFits reports whether v is in the range of integral type s.
func bigFits(v *big.Int, s SpecialType) bool {
	lo, hi, _ := intRange(s)
	if hi < 0 {
		return v.Sign() >= 0 && v.IsUint64()
	}
	return v.IsInt64() && v.Int64() >= lo && v.Int64() <= hi
}

// inInitBody reports whether the code being bound is an instance
// constructor's or an init accessor's own, where readonly fields and
// init-only properties of this are writable: not a lambda or local function
// inside one, which has a function context of its own (outer set).
func (b *binder) inInitBody() bool {
	return b.initContext && (b.fn == nil || b.fn.outer == nil)
}

// unconstrainedOperand reports whether the operands of an arithmetic,
// bitwise, shift or relational operator, of types l and r, are known and
// one is a type parameter with no bounds.
func unconstrainedOperand(l, r *Type) bool {
	if l.IsUnchecked() || r.IsUnchecked() || l.Kind == Default || r.Kind == Default || l.Kind == Null || r.Kind == Null {
		return false
	}
	free := func(t *Type) bool { return t.Kind == TypeParam && (t.Cons == nil || len(t.Cons.Bounds) == 0) }
	return free(l) || free(r)
}

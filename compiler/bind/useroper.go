package bind

import (
	"strings"

	"asyncvm/lang"
)

// User-defined operators (C# §12.4.5, §12.4.4) and conversions (§10.5).
// An operator declaration is a static method with its metadata name
// (lang.BinaryOperatorName); the binder resolves `a + b` among the
// op_Addition methods of a's and b's types with the ordinary overload
// resolution, before the predefined operators, and records the method in
// Info.Calls for the expression. A user-defined conversion applied to an
// expression is recorded in Info.Convs; code generation calls it after
// evaluating the expression.

// userDefined reports whether t is a source type that may declare
// operators.
func userDefined(t *Type) bool {
	return t != nil && !t.Lib && (t.Kind == Class || t.Kind == Struct) || t != nil && t.Def != nil && userDefined(t.Def)
}

// declaresOperators reports whether t's operators are declared: a source
// class or struct, or a library value type (TimeSpan, DateTime), whose
// operators the tables declare as C# does.
func declaresOperators(t *Type) bool {
	return userDefined(t) || t != nil && t.Lib && t.Kind == Struct
}

// operators returns the user-defined operator methods named name of the
// types ts (each once).
func (b *binder) operators(name string, ts ...*Type) []*Method {
	var out []*Method
	seen := map[*Method]bool{}
	for _, t := range ts {
		if t != nil && t.Kind == TypeParam {
			for _, m := range b.typeParamOperators(name, t) {
				if !seen[m.Definition()] {
					seen[m.Definition()] = true
					out = append(out, m)
				}
			}
			continue
		}
		if !declaresOperators(t) {
			continue
		}
		for _, s := range b.lookup(t, name) {
			if m, ok := s.(*Method); ok && m.Static && isOperatorDecl(m) && !seen[m.Definition()] {
				seen[m.Definition()] = true
				out = append(out, m)
			}
		}
	}
	if len(out) == 0 {
		// The operators of extension blocks in scope whose receiver is
		// an operand's type (C# 14), when the operands' types declare
		// none.
		for _, t := range ts {
			if t == nil || lenient(t) {
				continue
			}
			// A generic block's type arguments are inferred from the
			// operands, as for a generic method.
			ms, _ := b.staticExtensionsFor(name, t)
			for _, m := range ms {
				if isOperatorDecl(m) && !seen[m.Definition()] {
					seen[m.Definition()] = true
					out = append(out, m)
				}
			}
		}
	}
	return out
}

func isOperatorDecl(m *Method) bool {
	d, ok := m.Definition().Decl.(*lang.MethodDecl)
	return ok && d.Operator != ""
}

// userOperator resolves operator op applied to operands xs of types ts
// among the user-defined operators; nil when none applies.
func (b *binder) userOperator(name string, xs []lang.Expr, ts []*Type, pos lang.Pos) *Method {
	if name == "" {
		return nil
	}
	args := make([]*lang.Arg, len(xs))
	for i, x := range xs {
		args[i] = &lang.Arg{Pos: posOf(x), X: x}
	}
	if c := lang.CheckedOperatorName(name); c != "" && b.overflow == ctxChecked {
		// In a checked context the checked form of the operator, when
		// one applies, is chosen (C# 11).
		if cands := b.operators(c, ts...); len(cands) > 0 {
			if m := b.resolve(c, cands, args, ts, pos, nil, false, true); m != nil {
				return m
			}
		}
	}
	cands := b.operators(name, ts...)
	if len(cands) == 0 {
		return nil
	}
	return b.resolve(name, cands, args, ts, pos, nil, false, true)
}

// instanceCompound binds e, a compound assignment `x op= y` (y not nil)
// or an increment or decrement of x, to the instance compound assignment
// operator of x's type t (C# 14), its checked form in a checked context:
// the call `x.op_XAssignment(y)`, which Info.CompoundOps records. It
// reports whether t declares one.
func (b *binder) instanceCompound(e, x lang.Expr, t *Type, op string, y lang.Expr) bool {
	name := lang.CompoundOperatorName(op)
	if name == "" || t == nil || !declaresOperators(t) {
		return false
	}
	names := []string{name}
	if c := lang.CheckedOperatorName(name); c != "" && b.overflow == ctxChecked {
		names = []string{c, name}
	}
	for _, n := range names {
		found := false
		for _, s := range b.lookup(t, n) {
			if m, ok := s.(*Method); ok && !m.Static {
				if d, ok := m.Definition().Decl.(*lang.MethodDecl); ok && d.Compound {
					found = true
				}
			}
		}
		if !found {
			continue
		}
		call := &lang.CallExpr{Pos: posOf(e), Fun: &lang.MemberExpr{Pos: posOf(e), X: x, Name: n}}
		if y != nil {
			call.Args = []*lang.Arg{{Pos: posOf(y), X: y}}
		}
		b.expr(call)
		b.info.CompoundOps[e] = call
		return true
	}
	return false
}

// userConversion finds the user-defined conversion from from to to
// (§10.5.4, §10.5.5): an op_Implicit, or with explicit also an
// op_Explicit, of either type whose parameter from converts to and whose
// result converts to to by a standard conversion. Nil when there is none
// or the choice is ambiguous.
func (b *binder) userConversion(e lang.Expr, from, to *Type, explicit bool) *Method {
	if from == nil || to == nil {
		return nil
	}
	// The operators considered are those of the source and target types,
	// or of their underlying types when nullable (§10.5.3): `S? s = 5`
	// converts by S's operator from int, then wraps.
	s0, t0 := from, to
	if s0.Kind == Nullable {
		s0 = s0.Elem
	}
	if t0.Kind == Nullable {
		t0 = t0.Elem
	}
	if !declaresOperators(s0) && !declaresOperators(t0) {
		return nil
	}
	// A type parameter converts by an operator taking or returning it
	// exactly (`implicit operator Wrap<T>(T v)` in generic code); other
	// types the binder does not know convert at run time.
	fromParam, toParam := from.Kind == TypeParam, to.Kind == TypeParam
	if !fromParam && lenient(from) || !toParam && lenient(to) {
		return nil
	}
	names := []string{"op_Implicit"}
	if explicit {
		names = append(names, "op_Explicit")
	}
	// The applicable operators; an explicit conversion considers the
	// implicit and the explicit ones together (§10.5.5).
	var apps, lifted []*Method
	for _, name := range names {
		for _, m := range b.operators(name, s0, t0) {
			if len(m.Params) != 1 {
				continue
			}
			p, r := m.Params[0].Type, m.Ret
			in := p == from || !fromParam && (b.implicit(e, from, p) || explicit && b.explicit(from, p))
			out := r == to || !toParam && (b.implicit(nil, r, to) || explicit && b.explicit(r, to))
			if in && out && !(from.Kind == Nullable && to.Kind == Nullable && p.Kind != Nullable) {
				apps = append(apps, m)
				continue
			}
			// The lifted form S? -> T? of an operator from the value
			// type S to the value type T (§10.6.2).
			if from.Kind == Nullable && to.Kind == Nullable && p.IsValueType() && p.Kind != Nullable && r.IsValueType() && r.Kind != Nullable &&
				(b.implicit(nil, s0, p) || explicit && b.explicit(s0, p)) && (b.implicit(nil, r, t0) || explicit && b.explicit(r, t0)) {
				lifted = append(lifted, m)
			}
		}
	}
	if len(apps) == 0 && len(lifted) > 0 {
		m := b.mostSpecificConversion(lifted, s0, t0)
		lm := *m
		if lm.Orig == nil {
			lm.Orig = m
		}
		lm.Lifted = true
		return &lm
	}
	m := b.mostSpecificConversion(apps, from, to)
	if m != nil && m.Name == "op_Explicit" && b.overflow == ctxChecked {
		// In a checked context the checked form of the explicit
		// operator, when the type declares one, is chosen (C# 11).
		for _, c := range b.operators("op_CheckedExplicit", s0, t0) {
			if len(c.Params) == 1 && c.Params[0].Type == m.Params[0].Type && c.Ret == m.Ret {
				return c
			}
		}
	}
	return m
}

// paramConversion is the user-defined conversion between a type parameter
// and a type declared in source that takes or returns it exactly
// (`implicit operator Wrap<T>(T v)`, `explicit operator T(Wrap<T> w)`):
// no standard conversion exists between the two, though the binder's
// lenient view of type parameters would let the value pass unconverted.
func (b *binder) paramConversion(e lang.Expr, from, to *Type, explicit bool) *Method {
	if from == nil || to == nil || from == to || (from.Kind == TypeParam) == (to.Kind == TypeParam) {
		return nil
	}
	if !userDefined(from) && !userDefined(to) {
		return nil
	}
	return b.userConversion(e, from, to, explicit)
}

// mostSpecificConversion picks among applicable conversion operators
// (§10.5.4, §10.5.5): the one from the source type if any (else the
// first), and of those the one to the target type, else the one to the
// most encompassing type that converts implicitly to the target
// (`(long)f` with operators to int and to double takes int), else the
// first.
func (b *binder) mostSpecificConversion(apps []*Method, from, to *Type) *Method {
	if len(apps) == 0 {
		return nil
	}
	var exactFrom []*Method
	for _, m := range apps {
		if m.Params[0].Type == from {
			exactFrom = append(exactFrom, m)
		}
	}
	if len(exactFrom) > 0 {
		apps = exactFrom
	}
	var encompassed []*Method
	for _, m := range apps {
		if m.Ret == to {
			return m
		}
		if b.implicit(nil, m.Ret, to) {
			encompassed = append(encompassed, m)
		}
	}
	for _, m := range encompassed {
		widest := true
		for _, o := range encompassed {
			if o != m && !b.implicit(nil, o.Ret, m.Ret) {
				widest = false
			}
		}
		if widest {
			return m
		}
	}
	return apps[0]
}

// declareOperator checks an operator declaration's form (CS0558, CS0563).
func (b *binder) checkOperator(d *lang.MethodDecl, owner *Type) {
	if d.Checked {
		b.checkCheckedOperator(d, owner)
	}
	if d.Compound {
		if d.Modifiers.Has(lang.ModStatic) {
			b.errorf(d.Pos, "CS0106", "The modifier 'static' is not valid for this item")
		}
		if d.ReturnType == nil || d.ReturnType.Name != "void" {
			b.errorf(d.ReturnType.Pos, "CS9310", "The return type for this operator must be void")
		}
		return
	}
	public := d.Modifiers.Has(lang.ModPublic) || owner.Kind == Interface && !d.Modifiers.Has(lang.ModPrivate) && !d.Modifiers.Has(lang.ModProtected) && !d.Modifiers.Has(lang.ModInternal)
	if !d.Modifiers.Has(lang.ModStatic) || !public {
		b.errorf(d.Pos, "CS0558", "User-defined operator '%s.operator %s' must be declared static and public", owner.Name, d.Operator)
	}
}

// truthOperator returns t's `operator true` or `operator false` (name
// op_True or op_False): the one taking a t and returning bool.
func (b *binder) truthOperator(name string, t *Type) *Method {
	for _, m := range b.operators(name, t) {
		if len(m.Params) == 1 && m.Params[0].Type == t && m.Ret == b.u.special[Bool] {
			return m
		}
	}
	return nil
}

// shortCircuit binds `x && y` or `x || y` whose operands have a
// user-defined `&` or `|` (C# §12.15.3): the operator must take and return
// its declaring type T, and T must declare operator true and operator
// false. `x && y` is then `T.false(x) ? x : T.&(x, y)` and `x || y` is
// `T.true(x) ? x : T.|(x, y)`. It reports false when no user-defined
// operator applies and the operands are conditions.
func (b *binder) shortCircuit(e *lang.BinaryExpr, l, r *Type) (*Type, bool) {
	if !userDefined(l) && !userDefined(r) {
		return nil, false
	}
	name, test := "op_BitwiseAnd", "op_False"
	if e.Op == "||" {
		name, test = "op_BitwiseOr", "op_True"
	}
	m := b.userOperator(name, []lang.Expr{e.X, e.Y}, []*Type{l, r}, e.Pos)
	if m == nil {
		return nil, false
	}
	b.info.Calls[e] = m
	t := m.Ret
	if len(m.Params) != 2 || m.Params[0].Type != t || m.Params[1].Type != t || m.Owner == nil || m.Owner.Generic() != t.Generic() {
		b.errorf(e.Pos, "CS0217", "In order to be applicable as a short circuit operator a user-defined logical operator ('%s') must have the same return type and parameter types", m.Signature())
		return t, true
	}
	tm := b.truthOperator(test, t)
	if tm == nil || b.truthOperator("op_True", t) == nil || b.truthOperator("op_False", t) == nil {
		b.errorf(e.Pos, "CS0218", "In order for '%s' to be applicable as a short circuit operator, its declaring type '%s' must define operator true and operator false", m.Signature(), t)
		return t, true
	}
	b.info.Shortcuts[e] = tm
	return t, true
}

// checkCheckedOperator reports a checked operator d of owner without the
// matching regular operator (CS9025): same name without "Checked", same
// parameter types.
func (b *binder) checkCheckedOperator(d *lang.MethodDecl, owner *Type) {
	regular := "op_" + strings.TrimPrefix(d.Name, "op_Checked")
	for _, td := range b.decls[owner] {
		for _, m := range td.Members {
			o, ok := m.(*lang.MethodDecl)
			if !ok || o.Name != regular || len(o.Params) != len(d.Params) {
				continue
			}
			same := o.ReturnType.String() == d.ReturnType.String() || d.Operator != "explicit"
			for i := range o.Params {
				same = same && o.Params[i].Type.String() == d.Params[i].Type.String()
			}
			if same {
				return
			}
		}
	}
	var ps []string
	for _, p := range d.Params {
		ps = append(ps, p.Type.String())
	}
	b.errorf(d.Pos, "CS9025", "The operator '%s.operator checked %s(%s)' requires a matching non-checked version of the operator to also be defined", owner.Name, d.Operator, strings.Join(ps, ", "))
}

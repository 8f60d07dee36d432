package bind

import "asyncvm/lang"

// Subsumption (C# §11.13, §13.8.3): a switch expression arm or a switch
// statement case whose pattern matches no value the earlier arms or cases
// (those without a `when` clause) have not matched is an error, CS8510 or
// CS8120. The check here is one-to-one and conservative: it reports a
// pattern that a single earlier pattern subsumes, for the forms whose sets
// of values are known without a full decision DAG (discards and `var`,
// type and declaration patterns, `T { }`, non-null constants, and `or` and
// `and` of them). A pattern only several earlier ones cover together is
// not reported.

// checkSubsumed reports each of pats subsumed by an earlier one that has no
// `when` clause (guarded[i] is pats[i]'s); code and msg are the diagnostic.
func (b *binder) checkSubsumed(pats []lang.Pattern, guarded []bool, in *Type, code, msg string) {
	for i, p := range pats {
		if p == nil {
			continue
		}
		for j := 0; j < i; j++ {
			if pats[j] == nil || guarded[j] {
				continue
			}
			if b.subsumes(pats[j], p, in) {
				b.errorf(patternPos(p), code, "%s", msg)
				break
			}
		}
	}
}

// subsumes reports whether every value later matches is matched by
// earlier, for a switch operand of type in (nil when not known).
func (b *binder) subsumes(earlier, later lang.Pattern, in *Type) bool {
	if e, ok := earlier.(*lang.BinaryPattern); ok {
		if e.Op == "or" {
			return b.subsumes(e.X, later, in) || b.subsumes(e.Y, later, in)
		}
		if e.Op == "and" && b.subsumes(e.X, later, in) && b.subsumes(e.Y, later, in) {
			return true
		}
	}
	if e, ok := earlier.(*lang.RelationalPattern); ok {
		return b.relationCovers(e, later)
	}
	if l, ok := later.(*lang.BinaryPattern); ok {
		if l.Op == "or" {
			return b.subsumes(earlier, l.X, in) && b.subsumes(earlier, l.Y, in)
		}
		return b.subsumes(earlier, l.X, in) || b.subsumes(earlier, l.Y, in)
	}
	switch earlier.(type) {
	case *lang.DiscardPattern, *lang.VarPattern:
		return true
	}
	t := b.coverType(earlier)
	if t == nil || t.IsUnchecked() {
		return false
	}
	if in != nil && in == t && in.IsValueType() && in.Kind != Nullable {
		return true // `int i` on an int operand matches every value
	}
	u := b.impliedType(later)
	if u == nil || u.IsUnchecked() {
		return false
	}
	switch {
	case u == t, t == b.u.special[Object]:
		return true
	case u.Kind == Class && t.Kind == Class:
		return b.derives(u, t)
	case t.Kind == Interface && (u.Kind == Class || u.Kind == Struct):
		return b.implements(u, t)
	}
	return false
}

// relationCovers reports whether relational pattern earlier (`> 0`)
// matches every value later matches: a numeric constant that satisfies the
// relation (`5`), or a relation of the same direction whose bound lies
// within (`> 10`, `>= 1`), both constants of one type.
func (b *binder) relationCovers(earlier *lang.RelationalPattern, later lang.Pattern) bool {
	bound, ok := b.numericConst(earlier.X)
	if !ok {
		return false
	}
	holds := func(op string, v float64) bool {
		switch op {
		case "<":
			return v < bound
		case "<=":
			return v <= bound
		case ">":
			return v > bound
		case ">=":
			return v >= bound
		}
		return false
	}
	switch l := later.(type) {
	case *lang.ConstPattern:
		v, ok := b.numericConst(l.X)
		return ok && b.info.Types[l.X] == b.info.Types[earlier.X] && holds(earlier.Op, v)
	case *lang.RelationalPattern:
		v, ok := b.numericConst(l.X)
		if !ok || b.info.Types[l.X] != b.info.Types[earlier.X] {
			return false
		}
		switch {
		case (earlier.Op == ">" || earlier.Op == ">=") && (l.Op == ">" || l.Op == ">="):
			return v > bound || v == bound && (earlier.Op == ">=" || l.Op == ">")
		case (earlier.Op == "<" || earlier.Op == "<=") && (l.Op == "<" || l.Op == "<="):
			return v < bound || v == bound && (earlier.Op == "<=" || l.Op == "<")
		}
	}
	return false
}

// numericConst is the value of constant expression x when it is a number
// that float64 holds exactly (not NaN, no integer beyond 2^53).
func (b *binder) numericConst(x lang.Expr) (float64, bool) {
	t := b.info.Types[x]
	if t == nil || !t.IsNumeric() || t.Special == Char || t.Special == Decimal {
		return 0, false
	}
	var f float64
	switch v := b.info.Consts[x].(type) {
	case int64:
		f = float64(v)
	case uint64:
		f = float64(v)
	case int:
		f = float64(v)
	case float64:
		f = v
	case float32:
		f = float64(v)
	default:
		return 0, false
	}
	const exact = 1 << 53 // integers beyond it do not compare exactly as float64
	if _, isFloat := b.info.Consts[x].(float64); !isFloat && (f > exact || f < -exact) {
		return 0, false
	}
	return f, f == f
}

// coverType is the type T such that earlier matches every non-null value
// of type T: `T`, `T x`, `T { }`; nil for any other pattern.
func (b *binder) coverType(p lang.Pattern) *Type {
	switch p := p.(type) {
	case *lang.TypePattern:
		return b.resolveType(p.Type, b.typeCtx())
	case *lang.ConstPattern:
		return b.typeName(p.X)
	case *lang.PropertyPattern:
		if p.Type != nil && len(p.Props) == 0 {
			return b.resolveType(p.Type, b.typeCtx())
		}
	}
	return nil
}

// impliedType is a type every value later matches has: the type of a type,
// declaration, property or positional pattern, or of a non-null constant.
func (b *binder) impliedType(p lang.Pattern) *Type {
	switch p := p.(type) {
	case *lang.TypePattern:
		return b.resolveType(p.Type, b.typeCtx())
	case *lang.PropertyPattern:
		if p.Type != nil {
			return b.resolveType(p.Type, b.typeCtx())
		}
	case *lang.PositionalPattern:
		if p.Type != nil {
			return b.resolveType(p.Type, b.typeCtx())
		}
	case *lang.ConstPattern:
		if t := b.typeName(p.X); t != nil {
			return t
		}
		if v, ok := b.info.Consts[p.X]; ok && v != nil {
			return b.info.Types[p.X]
		}
	}
	return nil
}

// patternPos is where a diagnostic about pattern p points: its start.
func patternPos(p lang.Pattern) lang.Pos {
	if bp, ok := p.(*lang.BinaryPattern); ok {
		return patternPos(bp.X)
	}
	if n, ok := p.(lang.Node); ok {
		return n.Position()
	}
	return lang.Pos{}
}

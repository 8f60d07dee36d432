package bind

import (
	"math"
	"math/big"

	"asyncvm/lang"
)

// The overflow-checking context (C# §12.8.20). It is lexical: `checked`
// and `unchecked` statements and expressions set it for the code textually
// inside them, lambdas and local functions included, and a method body
// starts in the default context. At run time the default context is
// unchecked; at compile time constant expressions are checked in the
// default and checked contexts (CS0220, CS0221) and wrap only inside
// `unchecked`.

// overflowCtx is the context the binder is in.
type overflowCtx uint8

const (
	ctxDefault overflowCtx = iota
	ctxChecked
	ctxUnchecked
)

// IsChecked reports whether e (an arithmetic operator, ++/--, compound
// assignment or cast) is in a checked context: its integral overflow
// throws OverflowException.
func (in *Info) IsChecked(e lang.Expr) bool { return in != nil && in.Checked[e] }

// inContext binds f with the overflow context of a checked or unchecked
// statement or expression.
func (b *binder) inContext(unchecked bool, f func()) {
	save := b.overflow
	b.overflow = ctxChecked
	if unchecked {
		b.overflow = ctxUnchecked
	}
	f()
	b.overflow = save
}

// checkedExpr binds `checked(X)` or `unchecked(X)`; its type and constant
// value are X's.
func (b *binder) checkedExpr(e *lang.CheckedExpr) *Type {
	var t *Type
	b.inContext(e.Unchecked, func() { t = b.expr(e.X) })
	if v, ok := b.info.Consts[e.X]; ok {
		b.info.Consts[e] = v
	}
	return t
}

// markChecked records that e, bound in a checked context, is an operation
// whose overflow throws.
func (b *binder) markChecked(e lang.Expr) {
	if b.overflow != ctxChecked {
		return
	}
	switch e := e.(type) {
	case *lang.BinaryExpr:
		if e.Op != "+" && e.Op != "-" && e.Op != "*" {
			return
		}
	case *lang.UnaryExpr:
		if e.Op != "-" && e.Op != "++" && e.Op != "--" {
			return
		}
	case *lang.AssignExpr:
		if e.Op == "=" || e.Op == "??=" {
			return
		}
	case *lang.PostfixExpr, *lang.CastExpr:
	default:
		return
	}
	b.info.Checked[e] = true
}

// overflowsAtCompileTime reports CS0220 for a constant operation that
// overflows, unless it is in an unchecked context, where it wraps.
func (b *binder) overflowsAtCompileTime(e lang.Expr) bool {
	if b.overflow == ctxUnchecked {
		return false
	}
	b.errorf(posOf(e), "CS0220", "The operation overflows at compile time in checked mode")
	return true
}

// wrapBig is exact reduced to the width of integral type s (two's
// complement), as a 64-bit pattern sign-extended for signed types.
func wrapBig(exact *big.Int, s SpecialType) uint64 {
	m := new(big.Int).And(exact, new(big.Int).SetUint64(math.MaxUint64))
	r := m.Uint64()
	if widthOf(s) == 32 {
		if isSigned(s) {
			return uint64(int64(int32(uint32(r))))
		}
		return uint64(uint32(r))
	}
	return r
}

// foldCast folds an explicit conversion of an integral constant to an
// integral type. Out of range it is CS0221 unless in an unchecked context,
// where the value wraps.
func (b *binder) foldCast(e *lang.CastExpr, from, to *Type) {
	if from == nil || to == nil || from.Kind != Special || to.Kind != Special || !from.IsIntegral() || !to.IsIntegral() {
		return
	}
	var exact *big.Int
	switch v := b.info.Consts[e.X].(type) {
	case int64:
		exact = big.NewInt(v)
	case uint64:
		exact = new(big.Int).SetUint64(v)
	default:
		return
	}
	if !bigFits(exact, to.Special) {
		if b.overflow != ctxUnchecked {
			b.errorf(posOf(e), "CS0221", "Constant value '%s' cannot be converted to a '%s' (use 'unchecked' syntax to override)", exact, to)
			return
		}
	}
	r := new(big.Int).And(exact, new(big.Int).SetUint64(math.MaxUint64)).Uint64()
	switch to.Special {
	case SByte:
		b.info.Consts[e] = int64(int8(r))
	case Byte:
		b.info.Consts[e] = int64(uint8(r))
	case Int16:
		b.info.Consts[e] = int64(int16(r))
	case UInt16, Char:
		b.info.Consts[e] = int64(uint16(r))
	case Int32:
		b.info.Consts[e] = int64(int32(r))
	case UInt32:
		b.info.Consts[e] = uint64(uint32(r))
	case Int64:
		b.info.Consts[e] = int64(r)
	case UInt64:
		b.info.Consts[e] = r
	}
}

// fieldConst returns the value of integral const field f (int.MaxValue,
// a source `const byte Limit = 200;`) when its initializer is a literal or
// a negated literal, in the representation of Info.Consts for f's type.
// Constant folding then sees `int.MaxValue + 1` (CS0220).
func fieldConst(f *Field) (any, bool) {
	d, ok := f.Decl.(*lang.Declarator)
	if !ok || !f.Const || d.Init == nil || !f.Type.IsIntegral() {
		return nil, false
	}
	x, neg := d.Init, false
	if u, ok := x.(*lang.UnaryExpr); ok && u.Op == "-" {
		x, neg = u.X, true
	}
	lit, ok := x.(*lang.Literal)
	if !ok {
		return nil, false
	}
	var n uint64
	switch lit.Kind {
	case lang.LitInt, lang.LitLong, lang.LitUInt, lang.LitULong:
		n = toUint64(lit.Value)
	case lang.LitChar:
		r, ok := lit.Value.(rune)
		if !ok {
			return nil, false
		}
		n = uint64(r)
	default:
		return nil, false
	}
	if neg {
		n = -n
	}
	if f.Type.Special == UInt32 || f.Type.Special == UInt64 {
		return n, true
	}
	return int64(n), true
}

// ConversionOf returns the numeric type e's value is implicitly converted
// to where it is used, or nil (see Info.Conversions).
func (in *Info) ConversionOf(e lang.Expr) *Type {
	if in == nil {
		return nil
	}
	return in.Conversions[e]
}

// noteConversion records an implicit numeric conversion of e to type to
// (or to its underlying type, for a nullable to), for code generation; and
// the implicit conversion of a constant zero to an enum type (`E e = 0;`),
// which gives the value the enum's run-time type.
func (b *binder) noteConversion(e lang.Expr, to *Type) {
	if to == nil || e == nil {
		return
	}
	if to.Kind == Nullable {
		to = to.Elem
	}
	if is, ok := e.(*lang.InterpolatedString); ok && formattableTarget(to) {
		b.info.Formattables[is] = true
		return
	}
	from := b.info.Types[e]
	if Boxing(from, to) {
		b.info.Boxes[e] = true
		return
	}
	if from == nil || from == to || !from.IsNumeric() || !to.IsNumeric() && to.Kind != Enum {
		return
	}
	b.info.Conversions[e] = to
}

// Boxing reports whether converting a value of type from to type to may
// box a struct declared in source: from is such a struct (or a type
// parameter, which may be one) and to a reference type.
func Boxing(from, to *Type) bool {
	if from == nil || to == nil || !to.IsReference() {
		return false
	}
	switch from.Kind {
	case Struct:
		return !from.Generic().Lib
	case TypeParam:
		return true
	}
	return false
}

// BoxesOf reports whether e's value is boxed where it is used (Info.Boxes).
func (in *Info) BoxesOf(e lang.Expr) bool { return in != nil && in.Boxes[e] }

// declareConst records the value of integral local constant name (its
// initializer init, converted to type t) so that uses of it fold.
func (b *binder) declareConst(name string, init lang.Expr, t *Type) {
	if !t.IsIntegral() {
		return
	}
	var n uint64
	switch v := b.info.Consts[init].(type) {
	case int64:
		n = uint64(v)
	case uint64:
		n = v
	default:
		return
	}
	if b.scope.consts == nil {
		b.scope.consts = map[string]any{}
	}
	if t.Special == UInt32 || t.Special == UInt64 {
		b.scope.consts[name] = n
	} else {
		b.scope.consts[name] = int64(n)
	}
}

// lookupConst returns the value of the local constant name, when the
// innermost variable of that name is an integral constant.
func (s *scope) lookupConst(name string) (any, bool) {
	for c := s; c != nil; c = c.parent {
		if _, ok := c.vars[name]; ok {
			v, ok := c.consts[name]
			return v, ok
		}
	}
	return nil, false
}

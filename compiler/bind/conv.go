package bind

import (
	"math"

	"asyncvm/lang"
)

// Conversions (C# §10). implicit answers whether an implicit conversion
// exists from expression e (of type from) to type to; e may be nil for a
// conversion between types. Anything involving an Unchecked or Opaque type
// converts, so that what the binder does not model is never an error.

// implicitNumeric[from] lists the numeric types from converts to
// implicitly (§10.2.3).
var implicitNumeric = map[SpecialType][]SpecialType{
	SByte:  {Int16, Int32, Int64, Single, Double, Decimal},
	Byte:   {Int16, UInt16, Int32, UInt32, Int64, UInt64, Single, Double, Decimal},
	Int16:  {Int32, Int64, Single, Double, Decimal},
	UInt16: {Int32, UInt32, Int64, UInt64, Single, Double, Decimal},
	Int32:  {Int64, Single, Double, Decimal},
	UInt32: {Int64, UInt64, Single, Double, Decimal},
	Int64:  {Single, Double, Decimal},
	UInt64: {Single, Double, Decimal},
	Char:   {UInt16, Int32, UInt32, Int64, UInt64, Single, Double, Decimal},
	Single: {Double},
}

func numericConverts(from, to SpecialType) bool {
	for _, t := range implicitNumeric[from] {
		if t == to {
			return true
		}
	}
	return false
}

// lenient reports whether t is a type the binder does not check
// conversions for.
func lenient(t *Type) bool {
	switch t.Kind {
	case Unchecked, Opaque, TypeParam, Default:
		return true
	}
	return false
}

func (b *binder) implicitType(from, to *Type) bool { return b.implicit(nil, from, to) }

func (b *binder) implicit(e lang.Expr, from, to *Type) bool {
	if arms := targetArms(e); arms != nil && to != nil && from != nil && !lenient(to) {
		// A switch or conditional expression converts by its natural
		// type, or else arm by arm to the target type (C# 9's switch and
		// conditional expression conversions).
		if !from.IsUnchecked() && b.implicit(nil, from, to) {
			return true
		}
		for _, a := range arms {
			if !b.implicit(a, b.info.Types[a], to) {
				return false
			}
		}
		return true
	}
	if to == nil || from == nil || from == to {
		return true
	}
	if ok, known := b.typeParamConversion(from, to); known {
		return ok
	}
	if lenient(from) || lenient(to) {
		return true
	}
	// A lambda or method group binds against the target delegate type as
	// written: its parameters keep their tuple element names.
	target := to
	if from.Kind != Special || to.Kind != Special {
		// Tuple element names do not take part in conversions.
		if from, to = b.u.Erase(from), b.u.Erase(to); from == to {
			return true
		}
	}
	if _, ok := e.(*lang.InterpolatedString); ok && formattableTarget(to) {
		return true // the implicit interpolated string conversion (§10.2.5)
	}
	if lit := tupleLit(e); lit != nil && to.IsTuple() {
		return b.tupleLiteralConverts(lit, to)
	}
	if from.IsTuple() && to.IsTuple() {
		fe, te := from.TupleElems(), to.TupleElems()
		if len(fe) != len(te) {
			return false
		}
		for i := range fe {
			if !b.implicit(nil, fe[i], te[i]) {
				return false
			}
		}
		return true
	}
	switch from.Kind {
	case Lambda, Group:
		if to.Kind == Delegate && e != nil {
			if from.Kind == Group {
				_, ok := b.groupTarget(e, target)
				return ok
			}
			return b.lambdaFits(e, target)
		}
		switch to.Kind {
		case Special:
			return to.Special == Object
		case Enum, Array, Nullable, Struct:
			return false
		case Class:
			// A lambda's or group's natural type converts to the delegate
			// base classes and expression trees, not to another class.
			return to.Namespace == "System" && (to.Name == "Delegate" || to.Name == "MulticastDelegate") ||
				to.Namespace == "System.Linq.Expressions" || to.UnknownBase
		case Interface:
			// A delegate implements ICloneable and ISerializable, no
			// other interface: a lambda is no IEqualityComparer<T>.
			return to.Namespace == "System" && to.Name == "ICloneable" ||
				to.Namespace == "System.Runtime.Serialization" && to.Name == "ISerializable"
		}
		return true
	case Null:
		return to.Kind == Nullable || to.IsReference()
	}
	if from.IsRefStruct() && (to.Kind == Special || to.Kind == Interface || to.Kind == Nullable) {
		// A ref struct is never boxed: no conversion to object, ValueType
		// or an interface, and no Nullable of it.
		return false
	}
	if to.Kind == Special && to.Special == Object {
		return true
	}
	if to.Kind == Nullable {
		if from.Kind == Nullable {
			return b.implicit(nil, from.Elem, to.Elem)
		}
		return from.IsValueType() && b.implicit(e, from, to.Elem)
	}
	if from.Kind == Special && to.Kind == Special {
		if numericConverts(from.Special, to.Special) {
			return true
		}
		return b.constantFits(e, to.Special)
	}
	if to.Kind == Enum && from.IsIntegral() {
		if v, ok := b.info.Consts[e]; ok && isZero(v) {
			return true
		}
		return false
	}
	if to.Kind == Interface {
		if from.Kind == Special && from.Special == Object {
			return false // object to an interface is an explicit conversion
		}
		if to.Def != nil && (from.Kind == Class || from.Kind == Interface || from.Kind == Struct) {
			if impl := b.implementation(from, to.Def); impl != nil {
				return b.variantConverts(b.u.Erase(impl), to)
			}
		}
		if from.Kind == Array {
			// T[] implements IEnumerable<T>, IList<T>, ... (and, with
			// array covariance, those of T's base types), and the
			// non-generic collection interfaces; a multidimensional
			// array only the non-generic ones.
			if to.Def != nil {
				if from.Rank > 1 {
					return false
				}
				return len(to.Args) == 1 && arrayInterfaces[to.Def.Namespace+"."+to.Def.Name] &&
					b.variantConverts(b.u.Construct(to.Def, []*Type{from.Elem}), to)
			}
			return arrayInterfaces[to.Namespace+"."+to.Name]
		}
		if from.Kind == Class || from.Kind == Interface {
			// A library or prelude type lists its interfaces in its
			// declaration, so only a base the binder does not model
			// leaves the answer open.
			return b.implements(from, to) || b.hasUncheckedBase(from)
		}
		if from.Kind == Special && len(from.Ifaces) > 0 {
			// The predefined types whose table lists their interfaces.
			return b.implements(from, to)
		}
		// Arrays, strings, predefined value types and enums implement
		// library interfaces the tables do not list, never the program's.
		if d := to.Generic(); d.Decl != nil && !d.Lib && !d.Open {
			return from.Kind == Struct && b.implements(from, to)
		}
		return from.Kind == Array || from.Kind == Special || from.Kind == Enum || from.Kind == Nullable ||
			from.Kind == Struct && (b.implements(from, to) || b.hasUncheckedBase(from))
	}
	if from.Kind == Delegate && to.Kind == Delegate {
		return b.delegateVariant(from, to)
	}
	if from.Kind == Enum && to.Kind == Class && b.derives(from, to) {
		return true // boxing to System.Enum
	}
	if (from.Kind == Class || from.Kind == Interface || from.Kind == Delegate) && to.Kind == Class {
		if b.derives(from, to) {
			return true
		}
		return b.hasUncheckedBase(from)
	}
	if from.Kind == Array && to.Kind == Array {
		return from.Rank == to.Rank && from.Elem.IsReference() && to.Elem.IsReference() && b.implicit(nil, from.Elem, to.Elem) ||
			lenient(from.Elem) || lenient(to.Elem)
	}
	if from.Kind == Array && to.Kind == Class {
		return to.Lib && to.Name == "Array"
	}
	return false
}

// arrayInterfaces are the interfaces an array type implements: the generic
// ones of its element type and the non-generic ones of System.Array.
var arrayInterfaces = map[string]bool{
	"System.Collections.Generic.IEnumerable":         true,
	"System.Collections.Generic.ICollection":         true,
	"System.Collections.Generic.IList":               true,
	"System.Collections.Generic.IReadOnlyCollection": true,
	"System.Collections.Generic.IReadOnlyList":       true,
	"System.Collections.IEnumerable":                 true,
	"System.Collections.ICollection":                 true,
	"System.Collections.IList":                       true,
	"System.Collections.IStructuralComparable":       true,
	"System.Collections.IStructuralEquatable":        true,
	"System.ICloneable":                              true,
}

// contravariantInterfaces are the library interfaces whose type parameter
// is declared `in`; the tables keep no variance annotations.
var contravariantInterfaces = map[string]bool{
	"System.Collections.Generic.IComparer":         true,
	"System.Collections.Generic.IEqualityComparer": true,
	"System.IComparable":                           true,
	"System.IObserver":                             true,
}

// variantConverts reports whether from converts to to, two constructions
// of one generic interface: each type argument is the same, or both are
// reference types with an implicit reference conversion (variance is
// taken to be covariance: IEnumerable<string> to IEnumerable<object>,
// except for the library's contravariant interfaces; a program's in/out
// annotations are not modelled).
func (b *binder) variantConverts(from, to *Type) bool {
	if to.Def != nil && programDeclared(to.Def) {
		return b.declaredVariantConverts(from, to, to.Def.Decl.Variance)
	}
	contra := to.Def != nil && contravariantInterfaces[to.Def.Namespace+"."+to.Def.Name]
	for i := range to.Args {
		x, y := from.Args[i], to.Args[i]
		if x == y || lenient(x) || lenient(y) {
			continue
		}
		if contra {
			// IComparer<in T>: an IComparer<Animal> is an IComparer<Dog>.
			x, y = y, x
		}
		if !x.IsReference() || !y.IsReference() || !b.implicitType(x, y) {
			return false
		}
	}
	return true
}

// programDeclared reports whether generic definition def is declared by
// the program, not by the library tables or the prelude (whose interfaces,
// IEnumerable<T> and IComparer<T> among them, are declared without their
// variance annotations, which conversions approximate).
func programDeclared(def *Type) bool {
	return !def.Lib && def.Decl != nil && def.Decl.Pos.File != preludeFile
}

// preludeFile is the file name the prelude's positions carry
// (compiler.PreludeFile).
const preludeFile = "<prelude>"

// declaredVariantConverts is variantConverts for a program's generic
// interface, by its type parameters' declared variance (C# §19.2.3.3): an
// `out` argument converts by an implicit reference conversion, an `in`
// one the other way round (IConsumer<IShape> is an IConsumer<Square>),
// and an invariant one must be the same type.
func (b *binder) declaredVariantConverts(from, to *Type, variance []string) bool {
	for i := range to.Args {
		x, y := from.Args[i], to.Args[i]
		if x == y || lenient(x) || lenient(y) {
			continue
		}
		v := ""
		if i < len(variance) {
			v = variance[i]
		}
		switch v {
		case "in":
			x, y = y, x
		case "out":
		default:
			return false
		}
		if !x.IsReference() || !y.IsReference() || !b.implicitType(x, y) {
			return false
		}
	}
	return true
}

func isZero(v any) bool {
	switch v := v.(type) {
	case int64:
		return v == 0
	case uint64:
		return v == 0
	}
	return false
}

// constantFits reports whether e is a constant of integral type whose value
// fits in to (the implicit constant expression conversion, §10.2.11).
func (b *binder) constantFits(e lang.Expr, to SpecialType) bool {
	if e == nil {
		return false
	}
	v, ok := b.info.Consts[e]
	if !ok {
		return false
	}
	from := b.info.Types[e]
	if from == nil || from.Kind != Special {
		return false
	}
	switch from.Special {
	case Int32:
		n := v.(int64)
		lo, hi, ok := intRange(to)
		return ok && n >= lo && (hi < 0 || n <= hi) && to != Char
	case Int64:
		n := v.(int64)
		return to == UInt64 && n >= 0
	}
	return false
}

// constantOutOfRange reports whether e is an integral constant that the
// implicit constant expression conversion would take to to if only its
// value fitted (`byte b = 256`): Roslyn reports the range (CS0031) there
// rather than suggesting a cast.
func (b *binder) constantOutOfRange(e lang.Expr, to *Type) bool {
	from := b.info.Types[e]
	if _, ok := b.info.Consts[e]; !ok || from == nil || to == nil || from.Kind != Special || to.Kind != Special {
		return false
	}
	switch from.Special {
	case Int32:
		return to.Special != Char && to.Special != Int32 && to.Special != Int64 && to.IsIntegral()
	case Int64:
		return to.Special == UInt64
	}
	return false
}

// intRange returns the range of an integral type; hi < 0 means the
// range of ulong.
func intRange(t SpecialType) (lo, hi int64, ok bool) {
	switch t {
	case SByte:
		return math.MinInt8, math.MaxInt8, true
	case Byte:
		return 0, math.MaxUint8, true
	case Int16:
		return math.MinInt16, math.MaxInt16, true
	case UInt16, Char:
		return 0, math.MaxUint16, true
	case Int32:
		return math.MinInt32, math.MaxInt32, true
	case UInt32:
		return 0, math.MaxUint32, true
	case Int64:
		return math.MinInt64, math.MaxInt64, true
	case UInt64:
		return 0, -1, true
	}
	return 0, 0, false
}

// derives reports whether class t is to or derives from it.
func (b *binder) derives(t, to *Type) bool {
	for c, n := t, 0; c != nil && n < 64; c, n = c.Base, n+1 {
		if c == to {
			return true
		}
	}
	return false
}

// hasUncheckedBase reports whether t's base chain reaches a type the
// binder does not model.
func (b *binder) hasUncheckedBase(t *Type) bool {
	for c, n := t, 0; c != nil && n < 64; c, n = c.Base, n+1 {
		if c.IsUnchecked() || c.UnknownBase {
			return true
		}
	}
	return false
}

// implements reports whether t (a class or interface) implements or is the
// interface iface. Tuple element names take no part: a class implementing
// IEnumerable<(int X, int Y)> implements IEnumerable<(int, int)>.
func (b *binder) implements(t, iface *Type) bool {
	iface = b.u.Erase(iface)
	seen := map[*Type]bool{}
	var walk func(c *Type) bool
	walk = func(c *Type) bool {
		if c == nil || seen[c] {
			return false
		}
		seen[c] = true
		if c == iface || c.IsUnchecked() || b.u.Erase(c) == iface {
			return true
		}
		for _, i := range c.Ifaces {
			if walk(i) {
				return true
			}
		}
		return walk(c.Base)
	}
	return walk(t)
}

// explicit reports whether an explicit conversion exists (for the CS0266
// wording); it errs on the side of yes.
func (b *binder) explicit(from, to *Type) bool {
	switch {
	case from.Kind == TypeParam && (to.Kind == Interface || to.Kind == TypeParam && b.typeParamConverts(to, from, 0)):
		return true // to an interface, or to a type parameter that depends on it
	case to.Kind == TypeParam && from.Kind == Interface:
		return true
	case to.Kind == TypeParam && to.Cons != nil:
		// From its effective base class or a base class of it.
		for _, bound := range to.Cons.Bounds {
			if bound.Kind == Class && (bound == from || b.derives(bound, from)) {
				return true
			}
		}
		return false
	case from.IsNumeric() && to.IsNumeric():
		return true
	case from.Kind == Enum && to.IsNumeric(), from.IsNumeric() && to.Kind == Enum, from.Kind == Enum && to.Kind == Enum:
		return true
	case from.Kind == Nullable && (from.Elem == to || b.explicit(from.Elem, to)):
		return true
	case to.Kind == Nullable:
		return b.explicit(from, to.Elem) || from == to.Elem
	case from.Kind == Special && from.Special == Object, from.Kind == Class && to.Kind == Enum && b.derives(to, from):
		return true // unboxing
	case from.Kind == Delegate && to.Kind == Delegate:
		return false
	case from.IsReference() && to.IsReference():
		return b.derives(to, from) || from.Kind == Interface || to.Kind == Interface
	}
	return false
}

// ---- Better conversions (§12.6.4.5 - §12.6.4.7) ----

// betterConversion compares the conversions of argument e (type s) to t1
// and t2 (§12.6.4.5): 1 when the one to t1 is better, -1 when the one to
// t2 is, 0 when neither. e may be nil (an argument known only by its
// type).
func (b *binder) betterConversion(e lang.Expr, s, t1, t2 *Type) int {
	if t1 == t2 {
		return 0
	}
	m1, m2 := b.exactlyMatches(e, s, t1), b.exactlyMatches(e, s, t2)
	switch {
	case m1 && !m2:
		return 1
	case m2 && !m1:
		return -1
	case m1 && m2:
		return 0
	}
	return b.betterTarget(e, t1, t2)
}

// exactlyMatches reports whether expression e of type s exactly matches
// type t (§12.6.4.6): s is t, or e is a lambda and t a delegate type
// with a return type Y that the lambda's inferred return type is, or
// that its expression body or every value it returns exactly matches
// (for an async lambda, Y of Task<Y>).
func (b *binder) exactlyMatches(e lang.Expr, s, t *Type) bool {
	if s == t && s.Kind != Lambda && s.Kind != Group {
		return true
	}
	l, ok := e.(*lang.LambdaExpr)
	if !ok || t.Kind != Delegate {
		return false
	}
	inv := b.invokeOf(t)
	if inv == nil || !fitParams(l, inv) || len(inv.Params) != len(l.Params) || isVoid(inv.Ret) || !typedSignature(inv) {
		return false
	}
	r := b.inferReturn(l, paramTypes(inv))
	if r.ret != nil && r.ret == inv.Ret {
		return true
	}
	y := inv.Ret
	if l.IsAsync {
		if y = taskResult(y); y == nil {
			return false
		}
	}
	for i, x := range r.results {
		if r.types[i] == nil || !b.exactlyMatches(x, r.types[i], y) {
			return false
		}
	}
	return len(r.results) > 0
}

// betterTarget is the better conversion target rule (§12.6.4.7) for the
// conversions of e (nil when only types are compared): an implicit
// conversion one way only; Task<S1> over Task<S2> and, for delegate
// types, a return type over void or the better return type, by the same
// rule; signed over unsigned integral types. A delegate type wins over a
// method group only if the group's method is compatible with it.
func (b *binder) betterTarget(e lang.Expr, t1, t2 *Type) int {
	if t1 == t2 || lenient(t1) || lenient(t2) {
		return 0
	}
	// An implicit conversion here includes a user-defined one, as in
	// Roslyn: Equals(long) is a better target than Equals(BigInteger)
	// for an int, since long converts to BigInteger and not back.
	c12 := b.implicitType(t1, t2) || b.userConversion(nil, t1, t2, false) != nil
	c21 := b.implicitType(t2, t1) || b.userConversion(nil, t2, t1, false) != nil
	if c12 && !c21 {
		return 1
	}
	if c21 && !c12 {
		return -1
	}
	if c12 && c21 {
		return 0
	}
	s1, s2 := taskResult(t1), taskResult(t2)
	if s1 != nil && s2 != nil {
		return b.betterTarget(nil, s1, s2)
	}
	if s1 != nil || s2 != nil {
		return 0
	}
	if t1.Kind == Delegate || t2.Kind == Delegate {
		i1, i2 := b.invokeOf(t1), b.invokeOf(t2)
		if i1 == nil || i2 == nil {
			return 0
		}
		r := 0
		switch v1, v2 := isVoid(i1.Ret), isVoid(i2.Ret); {
		case !v1 && v2:
			r = 1
		case v1 && !v2:
			r = -1
		case !v1 && !v2:
			r = b.betterTarget(nil, i1.Ret, i2.Ret)
		}
		if r != 0 && e != nil && b.info.Types[e] != nil && b.info.Types[e].Kind == Group {
			winner := t1
			if r < 0 {
				winner = t2
			}
			if _, ok := b.groupTarget(e, winner); !ok {
				return 0
			}
		}
		return r
	}
	if signedBetter(t1, t2) {
		return 1
	}
	if signedBetter(t2, t1) {
		return -1
	}
	return 0
}

// signedBetter: a signed integral type is a better target than an unsigned
// one of the same or greater width.
func signedBetter(t1, t2 *Type) bool {
	if t1.Kind != Special || t2.Kind != Special {
		return false
	}
	switch t1.Special {
	case SByte:
		return t2.Special == Byte || t2.Special == UInt16 || t2.Special == UInt32 || t2.Special == UInt64
	case Int16:
		return t2.Special == UInt16 || t2.Special == UInt32 || t2.Special == UInt64
	case Int32:
		return t2.Special == UInt32 || t2.Special == UInt64
	case Int64:
		return t2.Special == UInt64
	}
	return false
}

func containsTypeParam(t *Type) bool {
	if t == nil {
		return false
	}
	switch t.Kind {
	case TypeParam:
		return true
	case Array, Nullable:
		return containsTypeParam(t.Elem)
	}
	for _, a := range t.Args {
		if containsTypeParam(a) {
			return true
		}
	}
	return false
}

// delegateVariant reports a variance conversion between two constructions
// of one generic delegate (§18.2.3.3): each type argument is the same, or
// both are reference types and the type parameter's variance allows the
// reference conversion between them (Func<string> to Func<object>,
// Action<object> to Action<string>).
func (b *binder) delegateVariant(from, to *Type) bool {
	if from.Generic() != to.Generic() || from.Def == nil {
		return false
	}
	for i := range to.Args {
		x, y := from.Args[i], to.Args[i]
		if x == y || lenient(x) || lenient(y) {
			continue
		}
		if !x.IsReference() || !y.IsReference() {
			return false
		}
		switch b.variance(from.Def, i) {
		case 1:
			if !b.implicitType(x, y) {
				return false
			}
		case -1:
			if !b.implicitType(y, x) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// targetConverts reports whether a switch or conditional expression e of
// natural type from converts to type to, user-defined conversions
// included: by its natural type, or arm by arm.
func (b *binder) targetConverts(e lang.Expr, from, to *Type) bool {
	if b.implicit(e, from, to) || !from.IsUnchecked() && b.userConversion(nil, from, to, false) != nil {
		return true
	}
	for _, a := range targetArms(e) {
		if at := b.info.Types[a]; !b.implicit(a, at, to) && b.userConversion(a, at, to, false) == nil {
			return false
		}
	}
	return true
}

// targetArms returns the expressions whose values a switch expression
// (its arms' values) or a conditional expression (its branches) yields,
// which a target-typed conversion converts one by one; nil for any other
// expression.
func targetArms(e lang.Expr) []lang.Expr {
	switch e := e.(type) {
	case *lang.SwitchExpr:
		arms := make([]lang.Expr, len(e.Arms))
		for i, a := range e.Arms {
			arms[i] = a.Value
		}
		return arms
	case *lang.CondExpr:
		if !isRefValue(e) {
			return []lang.Expr{e.Then, e.Else}
		}
	}
	return nil
}

// ---- Type parameters (§10.2.12) ----

// strictTypeParam reports whether t is a type parameter whose conversions
// are checked: one of the program's, in scope where the expression being
// bound is (a type parameter met elsewhere, one a failed inference left in
// a signature, is not checked), whose constraints are its own.
func (b *binder) strictTypeParam(t *Type) bool {
	if t == nil || t.Kind != TypeParam || t.Inherits || !b.program[b.file] {
		return false
	}
	for f := b.fn; f != nil; f = f.outer {
		for _, p := range f.tparams {
			if p == t {
				return true
			}
		}
	}
	for c := b.cls; c != nil; c = c.Outer {
		for _, p := range c.Generic().Params {
			if p == t {
				return true
			}
		}
	}
	return false
}

// typeParamConversion decides an implicit conversion from or to a checked
// type parameter (strictTypeParam) when the other type is one the binder
// knows: T converts to object, to the types its bounds convert to and to a
// type parameter it depends on; null converts to T when T is a reference
// type; nothing else converts to T. known is false when the rules do not
// apply (the other type is unchecked, or a nullable value type, whose
// lifted conversions implicit decides).
func (b *binder) typeParamConversion(from, to *Type) (ok, known bool) {
	other := to
	if !b.strictTypeParam(from) {
		if !b.strictTypeParam(to) {
			return false, false
		}
		other = from
	}
	switch other.Kind {
	case Unchecked, Opaque, Default, Nullable, Lambda, Group:
		return false, false
	case TypeParam:
		if !b.strictTypeParam(other) {
			return false, false
		}
	}
	if from.Kind == TypeParam {
		return b.typeParamConverts(from, to, 0), true
	}
	if from.Kind == Null {
		return typeParamIsReference(to, 0), true
	}
	return false, true
}

// typeParamIsReference reports whether type parameter t is known to be a
// reference type: a class constraint, or a class or reference type
// parameter among its bounds.
func typeParamIsReference(t *Type, depth int) bool {
	if t.Cons == nil || depth > 16 {
		return false
	}
	if t.Cons.Kind == "class" {
		return true
	}
	for _, bound := range t.Cons.Bounds {
		switch {
		case bound.Kind == TypeParam:
			if typeParamIsReference(bound, depth+1) {
				return true
			}
		case bound.Kind == Class && !(bound.Namespace == "System" && (bound.Name == "ValueType" || bound.Name == "Enum")),
			bound.Kind == Delegate, bound.Kind == Array:
			return true
		}
	}
	return false
}

// formattableTarget reports whether t is System.FormattableString or
// System.IFormattable, to which an interpolated string expression (not a
// string value) converts: the conversion makes a FormattableString of the
// composite format and the holes' values (Info.Formattables).
func formattableTarget(t *Type) bool {
	return t != nil && t.Namespace == "System" && (t.Name == "FormattableString" || t.Name == "IFormattable")
}

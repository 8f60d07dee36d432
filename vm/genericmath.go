package vm

import (
	"math"
	"math/bits"
	"sync"

	"asyncvm/vm/netfmt"
)

// The generic math members (System.Numerics: INumberBase<T>, INumber<T>,
// the operator interfaces, IMinMaxValue<T>, IBinaryInteger<T>,
// IFloatingPoint<T>, ...) of the predefined numeric types, which the VM
// implements natively: a constrained call `T.Zero` or `a + b` on a type
// argument that is int, double, decimal, ... resolves to one of these
// (findStatic), made for that type and cached. Each computes in the
// type's own representation as .NET's implementation does: byte's
// op_Addition wraps to a byte, int's op_CheckedAddition throws
// OverflowException, CreateSaturating clamps.

// primKey names one native of one type.
type primKey struct {
	t    *Type
	name string
	argc int
}

var primCache sync.Map // primKey -> *Func (nil when there is none)

// primStatic returns the generic math member name of the numeric type t
// taking argc arguments, or nil.
func primStatic(t *Type, name string, argc int) *Func {
	if !isNumericType(t) {
		return nil
	}
	key := primKey{t, name, argc}
	if f, ok := primCache.Load(key); ok {
		return f.(*Func)
	}
	var f *Func
	if mk, ok := genericMath[name]; ok && (mk.argc == argc || mk.argc < 0) {
		if fn := mk.make(t); fn != nil {
			f = NativeFunc(name, argc, argc, false, fn)
			f.Owner, f.IsStatic = t, true
		}
	}
	primCache.Store(key, f)
	return f
}

func isNumericType(t *Type) bool {
	return t == TDecimal || t.IsPrimitive() && t.Kind != KindBool && t.Kind != KindEnum
}

func isIntegralType(t *Type) bool {
	return t.IsPrimitive() && t != TDouble && t != TFloat && t.Kind != KindBool && t.Kind != KindEnum
}

func isFloatType(t *Type) bool { return t == TDouble || t == TFloat }

func isUnsignedType(t *Type) bool {
	return t == TByte || t == TUShort || t == TUInt || t == TULong || t == TChar
}

// bitWidth is the width of integral type t in bits.
func bitWidth(t *Type) int {
	switch t {
	case TSByte, TByte:
		return 8
	case TShort, TUShort, TChar:
		return 16
	case TInt, TUInt:
		return 32
	}
	return 64
}

// fitTo converts v, the result of an operation on values of type t
// (promoted as C# promotes: a byte sum is an int), back to t, keeping
// the low bits of an integral value.
func (th *Thread) fitTo(t *Type, v Value) (Value, error) {
	switch {
	case v.Type() == t:
		return v, nil
	case isIntegralType(t):
		return MakeIntegral(t, uint64(asI64(v))), nil
	case t == TDouble:
		return Double(AsF64(v)), nil
	case t == TFloat:
		return Float(float32(AsF64(v))), nil
	}
	return v, nil
}

// createFrom converts value v to numeric type t as CreateChecked (mode
// 'c'), CreateSaturating ('s') or CreateTruncating ('t') do.
// createFromLib converts v, a value of library numeric type vt (Int128,
// BigInteger), to t by vt's explicit conversion operator, its checked form
// for CreateChecked; CreateSaturating clamps through double first. ok is
// false when vt has no such operator.
func (th *Thread) createFromLib(t *Type, v Value, vt *Type, mode byte) (Value, bool, error) {
	name := "op_Explicit"
	if mode == 'c' && vt.LookupStatic("op_CheckedExplicit", 2) != nil {
		name = "op_CheckedExplicit"
	}
	conv := vt.LookupStatic(name, 2)
	if conv == nil {
		return Null, false, nil
	}
	if mode == 's' && isIntegralType(t) {
		f, err := th.Invoke(conv, Null, []Value{v, TypeObject(TDouble)})
		if err != nil {
			return Null, true, err
		}
		lo, _ := intRange(t)
		switch {
		case AsF64(f) < float64(lo):
			return MakeIntegral(t, uint64(lo)), true, nil
		case AsF64(f) >= math.Ldexp(1, bitWidth(t)-b2i(lo < 0)):
			return maxOf(t), true, nil
		}
	}
	r, err := th.Invoke(conv, Null, []Value{v, TypeObject(t)})
	return r, true, err
}

func (th *Thread) createFrom(t *Type, v Value, mode byte) (Value, error) {
	if v.IsNull() {
		return Null, th.ThrowNull()
	}
	if vt := v.Type(); vt != nil && vt.Kind == KindNative && vt.IsValueType && vt != TDecimal && vt != t {
		if r, ok, err := th.createFromLib(t, v, vt, mode); ok {
			return r, err
		}
	}
	if d, ok := v.AsNative().(Decimal); ok {
		switch {
		case t == TDecimal:
			return v, nil
		case isFloatType(t):
			return th.fitTo(t, Double(d.Float64()))
		}
		n, ok := d.Truncate()
		if !ok || !integralFits(Long(n), t) {
			switch mode {
			case 'c':
				return Null, th.throwOverflow()
			case 's':
				if d.Sign() < 0 {
					lo, _ := intRange(t)
					return MakeIntegral(t, uint64(lo)), nil
				}
				return maxOf(t), nil
			}
		}
		return MakeIntegral(t, uint64(n)), nil
	}
	switch {
	case t == TDecimal:
		if f := AsF64(v); (rank(v) == rankDouble || rank(v) == rankFloat) && (math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) >= 7.9228162514264337593543950335e28) {
			if mode == 'c' || math.IsNaN(f) {
				return Null, th.throwOverflow()
			}
			if f < 0 {
				return NewDecimal(minDecimal), nil
			}
			return NewDecimal(maxDecimal), nil
		}
		return NewDecimal(toDecimal(v)), nil
	case isFloatType(t):
		if v.p == ptrULong {
			return th.fitTo(t, Double(float64(v.n)))
		}
		return th.fitTo(t, Double(AsF64(v)))
	}
	switch rank(v) {
	case rankFloat, rankDouble:
		r, ok := floatToIntegral(AsF64(v), t, mode == 'c')
		if !ok {
			return Null, th.throwOverflow()
		}
		return r, nil
	case rankNone:
		return Null, th.Throw("System.NotSupportedException", "Specified method is not supported.")
	}
	if integralFits(v, t) || mode == 't' {
		return MakeIntegral(t, uint64(asI64(v))), nil
	}
	if mode == 'c' {
		return Null, th.throwOverflow()
	}
	if v.p != ptrULong && asI64(v) < 0 {
		lo, _ := intRange(t)
		return MakeIntegral(t, uint64(lo)), nil
	}
	return maxOf(t), nil
}

// maxOf is T.MaxValue of numeric type t.
func maxOf(t *Type) Value {
	switch t {
	case TULong:
		return ULong(math.MaxUint64)
	case TDouble:
		return Double(math.MaxFloat64)
	case TFloat:
		return Float(math.MaxFloat32)
	case TDecimal:
		return NewDecimal(maxDecimal)
	}
	_, hi := intRange(t)
	return MakeIntegral(t, uint64(hi))
}

// minOf is T.MinValue of numeric type t.
func minOf(t *Type) Value {
	switch t {
	case TDouble:
		return Double(-math.MaxFloat64)
	case TFloat:
		return Float(-math.MaxFloat32)
	case TDecimal:
		return NewDecimal(minDecimal)
	}
	lo, _ := intRange(t)
	return MakeIntegral(t, uint64(lo))
}

// constOf is the integer n as a value of numeric type t.
func constOf(t *Type, n int64) Value {
	switch {
	case t == TDecimal:
		return NewDecimal(netfmt.DecimalFromInt64(n))
	case t == TDouble:
		return Double(float64(n))
	case t == TFloat:
		return Float(float32(n))
	}
	return MakeIntegral(t, uint64(n))
}

// sign is -1, 0 or 1 for v's sign (0 for NaN).
func sign(v Value) int {
	if d, ok := v.AsNative().(Decimal); ok {
		return d.Sign()
	}
	switch rank(v) {
	case rankFloat, rankDouble:
		f := AsF64(v)
		switch {
		case f < 0:
			return -1
		case f > 0:
			return 1
		}
		return 0
	case rankUInt, rankULong:
		if v.n != 0 {
			return 1
		}
		return 0
	}
	switch x := asI64(v); {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// less reports x < y for two values of one numeric type.
func (th *Thread) less(x, y Value) bool {
	r, _ := th.compare(OpLt, x, y)
	return r
}

func isNaNValue(v Value) bool {
	return (rank(v) == rankDouble || rank(v) == rankFloat) && math.IsNaN(AsF64(v))
}

// mathMember makes the native of one generic math member for a type.
type mathMember struct {
	argc int // -1: any
	make func(t *Type) NativeFn
}

// binaryOp is an operator computed by the VM's arithmetic and fitted back
// to the operand type; checked makes integral overflow throw.
func binaryOp(op Op, checked bool) mathMember {
	return mathMember{2, func(t *Type) NativeFn {
		return func(th *Thread, args []Value) (Value, error) {
			var r Value
			var err error
			if checked {
				r, err = th.checkedArith(op, args[0], args[1])
			} else {
				r, err = th.arith(op, args[0], args[1])
			}
			if err != nil {
				return Null, err
			}
			if checked && isIntegralType(t) && !integralFits(r, t) {
				return Null, th.throwOverflow()
			}
			return th.fitTo(t, r)
		}
	}}
}

// shiftOp is a shift of a value of the type by an int.
func shiftOp(op Op) mathMember {
	return mathMember{2, func(t *Type) NativeFn {
		if !isIntegralType(t) {
			return nil
		}
		return func(th *Thread, args []Value) (Value, error) {
			x, n := args[0], int(asI64(args[1]))&(bitWidth(t)-1)
			u := x.n & (1<<bitWidth(t) - 1)
			if bitWidth(t) == 64 {
				u = x.n
			}
			switch op {
			case OpShl:
				return MakeIntegral(t, u<<n), nil
			case OpShrUn:
				return MakeIntegral(t, u>>n), nil
			}
			if isUnsignedType(t) {
				return MakeIntegral(t, u>>n), nil
			}
			return MakeIntegral(t, uint64(asI64(x)>>n)), nil
		}
	}}
}

// compareOp is a comparison giving bool.
func compareOp(f func(th *Thread, x, y Value) bool) mathMember {
	return mathMember{2, func(t *Type) NativeFn {
		return func(th *Thread, args []Value) (Value, error) { return Bool(f(th, args[0], args[1])), nil }
	}}
}

// constant is a property whose value depends only on the type.
func constant(f func(t *Type) (Value, bool)) mathMember {
	return mathMember{0, func(t *Type) NativeFn {
		v, ok := f(t)
		if !ok {
			return nil
		}
		return func(*Thread, []Value) (Value, error) { return v, nil }
	}}
}

// predicate is a one-argument test.
func predicate(f func(t *Type, v Value) bool) mathMember {
	return mathMember{1, func(t *Type) NativeFn {
		return func(th *Thread, args []Value) (Value, error) { return Bool(f(t, args[0])), nil }
	}}
}

// unaryFn is a one-argument function of the type to the type.
func unaryFn(f func(th *Thread, t *Type, v Value) (Value, error)) mathMember {
	return mathMember{1, func(t *Type) NativeFn {
		return func(th *Thread, args []Value) (Value, error) { return f(th, t, args[0]) }
	}}
}

// floatFn is a one-argument function of a floating-point type.
func floatFn(f func(float64) float64) mathMember {
	return mathMember{1, func(t *Type) NativeFn {
		if !isFloatType(t) {
			return nil
		}
		return func(th *Thread, args []Value) (Value, error) { return th.fitTo(t, Double(f(AsF64(args[0])))) }
	}}
}

// integerFn is a one-argument function of an integral type.
func integerFn(f func(t *Type, u uint64) uint64) mathMember {
	return mathMember{1, func(t *Type) NativeFn {
		if !isIntegralType(t) {
			return nil
		}
		return func(th *Thread, args []Value) (Value, error) {
			u := args[0].n
			if w := bitWidth(t); w < 64 {
				u &= 1<<w - 1
			}
			return MakeIntegral(t, f(t, u)), nil
		}
	}}
}

// create is CreateChecked, CreateSaturating or CreateTruncating; the
// hidden type argument (TOther) that follows the value is not needed, as
// the value carries its type.
func create(mode byte) mathMember {
	return mathMember{-1, func(t *Type) NativeFn {
		return func(th *Thread, args []Value) (Value, error) { return th.createFrom(t, args[0], mode) }
	}}
}

func isInteger(t *Type, v Value) bool {
	if d, ok := v.AsNative().(Decimal); ok {
		return d.Round(0, 0) == d || d.Cmp(d.Round(0, 0)) == 0
	}
	if isFloatType(t) {
		f := AsF64(v)
		return !math.IsInf(f, 0) && f == math.Trunc(f)
	}
	return true
}

func isEven(t *Type, v Value) bool {
	if !isInteger(t, v) {
		return false
	}
	if isIntegralType(t) {
		return v.n&1 == 0
	}
	if d, ok := v.AsNative().(Decimal); ok {
		two := netfmt.DecimalFromInt64(2)
		h, _ := d.Div(two)
		return isInteger(TDecimal, NewDecimal(h))
	}
	return math.Mod(AsF64(v), 2) == 0
}

var genericMath map[string]mathMember

// maxDecimal and minDecimal are decimal.MaxValue and decimal.MinValue.
var maxDecimal, minDecimal Decimal

func init() {
	maxDecimal, _ = ParseDecimal("79228162514264337593543950335")
	minDecimal = maxDecimal.Neg()
}

func init() {
	eq := func(th *Thread, x, y Value) bool { return th.equal(x, y) && !isNaNValue(x) }
	genericMath = map[string]mathMember{
		"op_Addition":                binaryOp(OpAdd, false),
		"op_Subtraction":             binaryOp(OpSub, false),
		"op_Multiply":                binaryOp(OpMul, false),
		"op_Division":                binaryOp(OpDiv, false),
		"op_Modulus":                 binaryOp(OpRem, false),
		"op_CheckedAddition":         binaryOp(OpAdd, true),
		"op_CheckedSubtraction":      binaryOp(OpSub, true),
		"op_CheckedMultiply":         binaryOp(OpMul, true),
		"op_CheckedDivision":         binaryOp(OpDiv, true),
		"op_BitwiseAnd":              binaryOp(OpBitAnd, false),
		"op_BitwiseOr":               binaryOp(OpBitOr, false),
		"op_ExclusiveOr":             binaryOp(OpBitXor, false),
		"op_LeftShift":               shiftOp(OpShl),
		"op_RightShift":              shiftOp(OpShr),
		"op_UnsignedRightShift":      shiftOp(OpShrUn),
		"op_Equality":                compareOp(eq),
		"op_Inequality":              compareOp(func(th *Thread, x, y Value) bool { return !eq(th, x, y) }),
		"op_LessThan":                compareOp(func(th *Thread, x, y Value) bool { return th.less(x, y) }),
		"op_GreaterThan":             compareOp(func(th *Thread, x, y Value) bool { return th.less(y, x) }),
		"op_LessThanOrEqual":         compareOp(func(th *Thread, x, y Value) bool { r, _ := th.compare(OpLe, x, y); return r }),
		"op_GreaterThanOrEqual":      compareOp(func(th *Thread, x, y Value) bool { r, _ := th.compare(OpLe, y, x); return r }),
		"op_UnaryNegation":           unaryFn(func(th *Thread, t *Type, v Value) (Value, error) { return th.negate(t, v, false) }),
		"op_CheckedUnaryNegation":    unaryFn(func(th *Thread, t *Type, v Value) (Value, error) { return th.negate(t, v, true) }),
		"op_UnaryPlus":               unaryFn(func(_ *Thread, _ *Type, v Value) (Value, error) { return v, nil }),
		"op_OnesComplement":          unaryFn(func(th *Thread, t *Type, v Value) (Value, error) { return MakeIntegral(t, ^v.n), nil }),
		"op_Increment":               unaryFn(func(th *Thread, t *Type, v Value) (Value, error) { return th.step(t, v, 1, false) }),
		"op_Decrement":               unaryFn(func(th *Thread, t *Type, v Value) (Value, error) { return th.step(t, v, -1, false) }),
		"op_CheckedIncrement":        unaryFn(func(th *Thread, t *Type, v Value) (Value, error) { return th.step(t, v, 1, true) }),
		"op_CheckedDecrement":        unaryFn(func(th *Thread, t *Type, v Value) (Value, error) { return th.step(t, v, -1, true) }),
		"get_Zero":                   constant(func(t *Type) (Value, bool) { return constOf(t, 0), true }),
		"get_One":                    constant(func(t *Type) (Value, bool) { return constOf(t, 1), true }),
		"get_AdditiveIdentity":       constant(func(t *Type) (Value, bool) { return constOf(t, 0), true }),
		"get_MultiplicativeIdentity": constant(func(t *Type) (Value, bool) { return constOf(t, 1), true }),
		"get_NegativeOne":            constant(func(t *Type) (Value, bool) { return constOf(t, -1), !isUnsignedType(t) }),
		"get_Radix":                  constant(func(t *Type) (Value, bool) { return Int(int32(2 + 8*b2i(t == TDecimal))), true }),
		"get_MinValue":               constant(func(t *Type) (Value, bool) { return minOf(t), true }),
		"get_MaxValue":               constant(func(t *Type) (Value, bool) { return maxOf(t), true }),
		"get_AllBitsSet":             constant(func(t *Type) (Value, bool) { return MakeIntegral(t, math.MaxUint64), isIntegralType(t) }),
		"get_E":                      constant(func(t *Type) (Value, bool) { return floatConst(t, math.E) }),
		"get_Pi":                     constant(func(t *Type) (Value, bool) { return floatConst(t, math.Pi) }),
		"get_Tau":                    constant(func(t *Type) (Value, bool) { return floatConst(t, 2*math.Pi) }),
		"get_NaN":                    constant(func(t *Type) (Value, bool) { return floatConst(t, math.NaN()) }),
		"get_PositiveInfinity":       constant(func(t *Type) (Value, bool) { return floatConst(t, math.Inf(1)) }),
		"get_NegativeInfinity":       constant(func(t *Type) (Value, bool) { return floatConst(t, math.Inf(-1)) }),
		"get_NegativeZero":           constant(func(t *Type) (Value, bool) { return floatConst(t, math.Copysign(0, -1)) }),
		"get_Epsilon": constant(func(t *Type) (Value, bool) {
			if t == TFloat {
				return Float(math.SmallestNonzeroFloat32), true
			}
			return Double(math.SmallestNonzeroFloat64), t == TDouble
		}),
		"IsNegative":         predicate(func(t *Type, v Value) bool { return sign(v) < 0 || isFloatType(t) && math.Signbit(AsF64(v)) }),
		"IsPositive":         predicate(func(t *Type, v Value) bool { return !(sign(v) < 0 || isFloatType(t) && math.Signbit(AsF64(v))) }),
		"IsZero":             predicate(func(t *Type, v Value) bool { return sign(v) == 0 && !isNaNValue(v) }),
		"IsInteger":          predicate(isInteger),
		"IsEvenInteger":      predicate(isEven),
		"IsOddInteger":       predicate(func(t *Type, v Value) bool { return isInteger(t, v) && !isEven(t, v) }),
		"IsNaN":              predicate(func(t *Type, v Value) bool { return isNaNValue(v) }),
		"IsFinite":           predicate(func(t *Type, v Value) bool { return !isFloatType(t) || !math.IsInf(AsF64(v), 0) && !isNaNValue(v) }),
		"IsInfinity":         predicate(func(t *Type, v Value) bool { return isFloatType(t) && math.IsInf(AsF64(v), 0) }),
		"IsPositiveInfinity": predicate(func(t *Type, v Value) bool { return isFloatType(t) && math.IsInf(AsF64(v), 1) }),
		"IsNegativeInfinity": predicate(func(t *Type, v Value) bool { return isFloatType(t) && math.IsInf(AsF64(v), -1) }),
		"IsRealNumber":       predicate(func(t *Type, v Value) bool { return !isNaNValue(v) }),
		"IsCanonical":        predicate(func(*Type, Value) bool { return true }),
		"IsComplexNumber":    predicate(func(*Type, Value) bool { return false }),
		"IsImaginaryNumber":  predicate(func(*Type, Value) bool { return false }),
		"IsNormal": predicate(func(t *Type, v Value) bool {
			if !isFloatType(t) {
				return sign(v) != 0
			}
			f := math.Abs(AsF64(v))
			min := math.SmallestNonzeroFloat64 * (1 << 52)
			if t == TFloat {
				min = 1.1754943508222875e-38
			}
			return f >= min && !math.IsInf(f, 0) && !math.IsNaN(f)
		}),
		"IsSubnormal": predicate(func(t *Type, v Value) bool {
			if !isFloatType(t) {
				return false
			}
			f := math.Abs(AsF64(v))
			min := math.SmallestNonzeroFloat64 * (1 << 52)
			if t == TFloat {
				min = 1.1754943508222875e-38
			}
			return f > 0 && f < min
		}),
		"IsPow2": predicate(func(t *Type, v Value) bool {
			if isIntegralType(t) {
				return sign(v) > 0 && bits.OnesCount64(v.n&widthMask(t)) == 1
			}
			f := AsF64(v)
			fr, _ := math.Frexp(f)
			return f > 0 && fr == 0.5
		}),
		"Abs": unaryFn(func(th *Thread, t *Type, v Value) (Value, error) {
			if sign(v) < 0 || isFloatType(t) && math.Signbit(AsF64(v)) {
				return th.negate(t, v, true)
			}
			return v, nil
		}),
		"Sign": unaryFn(func(th *Thread, t *Type, v Value) (Value, error) {
			if isNaNValue(v) {
				return Null, th.Throw("System.ArithmeticException", "Function does not accept floating point Not-a-Number values.")
			}
			return Int(int32(sign(v))), nil
		}),
		"Max":              pick(func(th *Thread, x, y Value) bool { return th.less(y, x) || isNaNValue(x) }, true),
		"Min":              pick(func(th *Thread, x, y Value) bool { return th.less(x, y) || isNaNValue(x) }, true),
		"MaxNumber":        pick(func(th *Thread, x, y Value) bool { return th.less(y, x) || isNaNValue(y) }, false),
		"MinNumber":        pick(func(th *Thread, x, y Value) bool { return th.less(x, y) || isNaNValue(y) }, false),
		"MaxMagnitude":     pick(func(th *Thread, x, y Value) bool { return th.lessMagnitude(y, x) || isNaNValue(x) }, true),
		"MinMagnitude":     pick(func(th *Thread, x, y Value) bool { return th.lessMagnitude(x, y) || isNaNValue(x) }, true),
		"Clamp":            {3, func(t *Type) NativeFn { return clamp }},
		"CopySign":         {2, func(t *Type) NativeFn { return copySign(t) }},
		"CreateChecked":    create('c'),
		"CreateSaturating": create('s'),
		"CreateTruncating": create('t'),
		"DivRem": {2, func(t *Type) NativeFn {
			return func(th *Thread, args []Value) (Value, error) {
				q, err := th.arith(OpDiv, args[0], args[1])
				if err != nil {
					return Null, err
				}
				r, _ := th.arith(OpRem, args[0], args[1])
				q, _ = th.fitTo(t, q)
				r, _ = th.fitTo(t, r)
				return NewTuple(Construct(TupleDef(2), []*Type{t, t}), []Value{q, r}), nil
			}
		}},
		"PopCount":          integerFn(func(t *Type, u uint64) uint64 { return uint64(bits.OnesCount64(u)) }),
		"LeadingZeroCount":  integerFn(func(t *Type, u uint64) uint64 { return uint64(bits.LeadingZeros64(u) - (64 - bitWidth(t))) }),
		"TrailingZeroCount": integerFn(func(t *Type, u uint64) uint64 { return uint64(min(bits.TrailingZeros64(u), bitWidth(t))) }),
		"Log2": integerFn(func(t *Type, u uint64) uint64 {
			if u == 0 {
				return 0
			}
			return uint64(63 - bits.LeadingZeros64(u))
		}),
		"RotateLeft":  rotate(true),
		"RotateRight": rotate(false),
		"Floor":       floatFn(math.Floor),
		"Ceiling":     floatFn(math.Ceil),
		"Truncate":    floatFn(math.Trunc),
		"Round":       floatFn(math.RoundToEven),
		"Sqrt":        floatFn(math.Sqrt),
		"Cbrt":        floatFn(math.Cbrt),
		"Exp":         floatFn(math.Exp),
		"Log":         floatFn(math.Log),
		"Log10":       floatFn(math.Log10),
		"Sin":         floatFn(math.Sin),
		"Cos":         floatFn(math.Cos),
		"Tan":         floatFn(math.Tan),
		"Pow": {2, func(t *Type) NativeFn {
			if !isFloatType(t) {
				return nil
			}
			return func(th *Thread, args []Value) (Value, error) {
				return th.fitTo(t, Double(math.Pow(AsF64(args[0]), AsF64(args[1]))))
			}
		}},
	}
}

func widthMask(t *Type) uint64 {
	if w := bitWidth(t); w < 64 {
		return 1<<w - 1
	}
	return math.MaxUint64
}

func floatConst(t *Type, f float64) (Value, bool) {
	switch t {
	case TDouble:
		return Double(f), true
	case TFloat:
		return Float(float32(f)), true
	case TDecimal:
		if math.IsNaN(f) || math.IsInf(f, 0) || f == 0 {
			return Null, false
		}
		d, _ := netfmt.DecimalFromFloat64(f)
		return NewDecimal(d), true
	}
	return Null, false
}

// negate is -v in type t; checked makes -MinValue throw.
func (th *Thread) negate(t *Type, v Value, checked bool) (Value, error) {
	if isIntegralType(t) {
		if checked && (isUnsignedType(t) && v.n != 0 || !isUnsignedType(t) && asI64(v) == asI64(minOf(t))) {
			return Null, th.throwOverflow()
		}
		return MakeIntegral(t, uint64(-asI64(v))), nil
	}
	r, err := th.unary(OpNeg, v)
	if err != nil {
		return Null, err
	}
	return th.fitTo(t, r)
}

// step is v + d in type t (++ and --).
func (th *Thread) step(t *Type, v Value, d int64, checked bool) (Value, error) {
	if checked {
		if d > 0 && th.equal(v, maxOf(t)) || d < 0 && th.equal(v, minOf(t)) {
			if isIntegralType(t) {
				return Null, th.throwOverflow()
			}
		}
	}
	r, err := th.arith(OpAdd, v, constOf(t, d))
	if err != nil {
		return Null, err
	}
	return th.fitTo(t, r)
}

func (th *Thread) lessMagnitude(x, y Value) bool {
	ax, _ := th.absValue(x)
	ay, _ := th.absValue(y)
	return th.less(ax, ay)
}

func (th *Thread) absValue(v Value) (Value, error) {
	if sign(v) < 0 {
		if rank(v) == rankInt || rank(v) == rankLong {
			return Double(-AsF64(v)), nil // |MinValue| without overflow
		}
		return th.unary(OpNeg, v)
	}
	return v, nil
}

// pick is Max or Min: first reports whether x, not y, is the result;
// nanWins says a NaN operand is the result (Max), not ignored (MaxNumber).
func pick(first func(th *Thread, x, y Value) bool, _ bool) mathMember {
	return mathMember{2, func(t *Type) NativeFn {
		return func(th *Thread, args []Value) (Value, error) {
			if first(th, args[0], args[1]) {
				return args[0], nil
			}
			return args[1], nil
		}
	}}
}

// clamp is INumber<T>.Clamp(value, min, max).
func clamp(th *Thread, args []Value) (Value, error) {
	v, lo, hi := args[0], args[1], args[2]
	if th.less(hi, lo) {
		ls, _ := th.ToString(lo)
		hs, _ := th.ToString(hi)
		return Null, th.Throw("System.ArgumentException", "'"+ls+"' cannot be greater than "+hs+".")
	}
	if th.less(v, lo) {
		return lo, nil
	}
	if th.less(hi, v) {
		return hi, nil
	}
	return v, nil
}

// copySign is INumber<T>.CopySign(value, sign).
func copySign(t *Type) NativeFn {
	return func(th *Thread, args []Value) (Value, error) {
		v, s := args[0], args[1]
		if isFloatType(t) {
			return th.fitTo(t, Double(math.Copysign(AsF64(v), AsF64(s))))
		}
		neg := sign(s) < 0
		if (sign(v) < 0) == neg || sign(v) == 0 {
			return v, nil
		}
		return th.negate(t, v, true)
	}
}

// rotate is RotateLeft or RotateRight of an integral value by an int.
func rotate(left bool) mathMember {
	return mathMember{2, func(t *Type) NativeFn {
		if !isIntegralType(t) {
			return nil
		}
		return func(th *Thread, args []Value) (Value, error) {
			w := bitWidth(t)
			u := args[0].n & widthMask(t)
			n := int(asI64(args[1])) & (w - 1)
			if !left {
				n = (w - n) % w
			}
			return MakeIntegral(t, (u<<n|u>>(w-n))&widthMask(t)), nil
		}
	}}
}

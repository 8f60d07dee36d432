package vm

import (
	"math"
	"reflect"
	"unsafe"
)

// Numeric ranks for binary promotion (C# §12.4.7.3): the operands of an
// arithmetic operator are converted to the higher rank, with one exception:
// uint with a signed operand of int rank gives long.
const (
	rankNone  = iota
	rankInt   // int, and sbyte, byte, short, ushort, char and enums, which promote to int
	rankUInt  // uint
	rankLong  // long
	rankULong // ulong
	rankFloat
	rankDouble
)

func rank(v Value) int {
	switch v.p {
	case ptrInt, ptrChar, ptrByte, ptrSByte, ptrShort, ptrUShort:
		return rankInt
	case ptrLong:
		return rankLong
	case ptrDouble:
		return rankDouble
	case ptrFloat:
		return rankFloat
	case ptrUInt:
		return rankUInt
	case ptrULong:
		return rankULong
	}
	if t := v.PrimType(); t != nil && t.Kind == KindEnum {
		return rankInt
	}
	return rankNone
}

// signedSmall reports whether v is of a signed type of int rank (int,
// sbyte, short, an enum): with a uint operand it promotes both to long.
func signedSmall(v Value) bool {
	switch v.p {
	case ptrInt, ptrSByte, ptrShort:
		return true
	}
	t := v.PrimType()
	return t != nil && t.Kind == KindEnum
}

// promote is the rank both operands of a binary operator convert to.
func promote(b, c Value) int {
	rb, rc := rank(b), rank(c)
	r := max(rb, rc)
	if r == rankUInt && (signedSmall(b) || signedSmall(c)) {
		return rankLong
	}
	return r
}

// asI64 returns an integral value widened to int64 (a ulong's bits
// reinterpreted). The payload of sbyte, short, long and enums is held
// sign-extended, that of the unsigned types zero-extended; an int's payload
// is its 32 bits.
func asI64(v Value) int64 {
	switch v.p {
	case ptrInt:
		return int64(v.AsInt())
	case ptrChar:
		return int64(v.AsChar())
	}
	return int64(v.n)
}

// AsInt64 returns an integral value widened to int64, a ulong's bits
// reinterpreted, for the library.
func AsInt64(v Value) int64 { return asI64(v) }

// IsIntegral reports whether v is of an integral type (char and enums included).
func IsIntegral(v Value) bool {
	r := rank(v)
	return r >= rankInt && r <= rankULong
}

// AsF64 returns a numeric value as float64.
func AsF64(v Value) float64 {
	switch v.p {
	case ptrDouble:
		return v.AsDouble()
	case ptrFloat:
		return float64(v.AsFloat())
	case ptrLong:
		return float64(int64(v.n))
	case ptrULong:
		return float64(v.n)
	}
	return float64(asI64(v))
}

func (t *Thread) divByZero() error {
	return t.Throw("System.DivideByZeroException", "Attempted to divide by zero.")
}

// arith applies a binary arithmetic or bitwise operator with C#'s promotion rules.
func (t *Thread) arith(op Op, b, c Value) (Value, error) {
	if b.IsNull() || c.IsNull() {
		if r, ok := liftedNull(op, b, c); ok {
			return r, nil
		}
	}
	if op == OpAdd {
		if b.AsStr() != nil || c.AsStr() != nil {
			return t.concat(b, c)
		}
		if d, ok := b.AsNative().(Decimal); ok {
			return t.decimalArith(op, d, c)
		}
		if _, ok := c.AsNative().(Decimal); ok {
			return t.decimalArith(op, toDecimal(b), c)
		}
	} else if d, ok := b.AsNative().(Decimal); ok {
		return t.decimalArith(op, d, c)
	} else if _, ok := c.AsNative().(Decimal); ok {
		return t.decimalArith(op, toDecimal(b), c)
	}
	if b.p == ptrBool && c.p == ptrBool {
		switch op {
		case OpBitAnd:
			return Bool(b.n&c.n != 0), nil
		case OpBitOr:
			return Bool(b.n|c.n != 0), nil
		case OpBitXor:
			return Bool(b.n^c.n != 0), nil
		}
	}
	rb, rc := rank(b), rank(c)
	if rb == rankNone || rc == rankNone {
		if op == OpAdd && (b.AsClosure() != nil || c.AsClosure() != nil) {
			return CombineDelegates(b, c), nil // d1 + d2, h += d
		}
		if op == OpSub && (b.AsClosure() != nil || c.AsClosure() != nil) {
			return RemoveDelegate(b, c, false), nil // d1 - d2, h -= d
		}
		if name, ok := arithOperatorNames[op]; ok {
			if r, found, err := t.libOperator(name, b, c); found {
				return r, err
			}
		}
		if b.IsNull() || c.IsNull() {
			// Lifted operators on null yield null.
			return Null, nil
		}
		return Null, t.Throw("System.InvalidOperationException",
			"Operator '"+opSymbol(op)+"' cannot be applied to operands of type '"+TypeName(b)+"' and '"+TypeName(c)+"'")
	}
	if op == OpShl || op == OpShr || op == OpShrUn {
		if v, ok := shift(op, rb, b, c); ok {
			return v, nil
		}
		return Null, t.Throw("System.InvalidOperationException",
			"Operator '"+opSymbol(op)+"' cannot be applied to operands of type '"+TypeName(b)+"' and '"+TypeName(c)+"'")
	}
	r := promote(b, c)
	switch r {
	case rankInt, rankUInt, rankLong, rankULong:
		if op == OpBitAnd || op == OpBitOr || op == OpBitXor {
			if tt := b.PrimType(); tt != nil && tt.Kind == KindEnum && b.p == c.p {
				return keepEnum(b, c, bitOp(op, asI64(b), asI64(c))), nil
			}
		}
		return t.intArith(op, r, b, c, false)
	case rankFloat:
		x, y := float32(AsF64(b)), float32(AsF64(c))
		switch op {
		case OpAdd:
			return Float(x + y), nil
		case OpSub:
			return Float(x - y), nil
		case OpMul:
			return Float(x * y), nil
		case OpDiv:
			return Float(x / y), nil
		case OpRem:
			return Float(float32(math.Mod(float64(x), float64(y)))), nil
		}
	case rankDouble:
		x, y := AsF64(b), AsF64(c)
		switch op {
		case OpAdd:
			return Double(x + y), nil
		case OpSub:
			return Double(x - y), nil
		case OpMul:
			return Double(x * y), nil
		case OpDiv:
			return Double(x / y), nil
		case OpRem:
			return Double(math.Mod(x, y)), nil
		}
	}
	return Null, t.Throw("System.InvalidOperationException",
		"Operator '"+opSymbol(op)+"' cannot be applied to operands of type '"+TypeName(b)+"' and '"+TypeName(c)+"'")
}

// keepEnum makes flag arithmetic on two values of one enum type stay in that type.
func keepEnum(b, c Value, r int64) Value {
	if t := b.PrimType(); t != nil && t.Kind == KindEnum && b.p == c.p {
		return EnumValue(t, r)
	}
	return Int(int32(r))
}

func opSymbol(op Op) string {
	switch op {
	case OpAdd:
		return "+"
	case OpSub:
		return "-"
	case OpMul:
		return "*"
	case OpDiv:
		return "/"
	case OpRem:
		return "%"
	case OpBitAnd:
		return "&"
	case OpBitOr:
		return "|"
	case OpBitXor:
		return "^"
	case OpShl:
		return "<<"
	case OpShr:
		return ">>"
	case OpShrUn:
		return ">>>"
	case OpLt:
		return "<"
	case OpLe:
		return "<="
	case OpNeg:
		return "-"
	case OpNot:
		return "!"
	case OpBitNot:
		return "~"
	}
	return "?"
}

// TypeName is the C# spelling of a value's type, for messages.
func TypeName(v Value) string {
	if v.IsNull() {
		return "null"
	}
	return v.Type().DisplayName()
}

func (t *Thread) unary(op Op, b Value) (Value, error) {
	switch op {
	case OpNot:
		if b.p == ptrBool {
			return Bool(b.n == 0), nil
		}
	case OpNeg:
		switch rank(b) {
		case rankInt:
			return Int(-int32(asI64(b))), nil
		case rankUInt:
			return Long(-int64(uint32(b.n))), nil // -uint is long (C# §12.9.3)
		case rankLong:
			return Long(-int64(b.n)), nil
		case rankULong:
			return ULong(-b.n), nil
		case rankFloat:
			return Float(-b.AsFloat()), nil
		case rankDouble:
			return Double(-b.AsDouble()), nil
		}
		if d, ok := b.AsNative().(Decimal); ok {
			return NewDecimal(d.Neg()), nil
		}
		if b.AsNative() != nil {
			if f := b.Type().LookupStatic("op_UnaryNegation", 1); f != nil && f.Native != nil {
				return f.Native(t, []Value{b})
			}
		}
	case OpBitNot:
		switch rank(b) {
		case rankInt:
			if tt := b.PrimType(); tt != nil && tt.Kind == KindEnum {
				return EnumValue(tt, ^int64(b.n)), nil
			}
			return Int(^int32(asI64(b))), nil
		case rankUInt:
			return UInt(^uint32(b.n)), nil
		case rankLong:
			return Long(^int64(b.n)), nil
		case rankULong:
			return ULong(^b.n), nil
		}
	}
	if b.IsNull() {
		return Null, nil
	}
	return Null, t.Throw("System.InvalidOperationException",
		"Operator '"+opSymbol(op)+"' cannot be applied to operand of type '"+TypeName(b)+"'")
}

// equal is C#'s == for the runtime types involved: numeric comparison with
// promotion, string contents, reference identity otherwise.
func (t *Thread) equal(b, c Value) bool {
	if b.p == c.p && b.n == c.n {
		if b.p == ptrDouble {
			return !math.IsNaN(b.AsDouble())
		}
		return true
	}
	rb, rc := rank(b), rank(c)
	if rb != rankNone && rc != rankNone {
		if rb <= rankULong && rc <= rankULong {
			return cmpIntegral(b, c) == 0
		}
		return AsF64(b) == AsF64(c)
	}
	if b.p == ptrBool && c.p == ptrBool {
		return b.n == c.n
	}
	if sb, sc := b.AsStr(), c.AsStr(); sb != nil && sc != nil {
		return sb.S == sc.S
	}
	if db, dc := b.AsClosure(), c.AsClosure(); db != nil && dc != nil {
		return DelegatesEqual(db, dc)
	}
	if nb, nc := b.AsNative(), c.AsNative(); nb != nil && nc != nil {
		if db, ok := nb.(Decimal); ok {
			if dc, ok := nc.(Decimal); ok {
				return db.Cmp(dc) == 0
			}
			return false
		}
		// A library value type compares by value (op_Equality); any other
		// library object is a view of its Go payload: two views of one payload
		// (an ExecutionContext captured twice, a Task returned by two calls)
		// are the same object.
		if b.Type() == c.Type() && b.Type().IsValueType {
			if r, found, err := t.libOperator("op_Equality", b, c); found {
				return err == nil && r.AsBool()
			}
		}
		return b.Type() == c.Type() && samePointer(nb, nc)
	}
	return false
}

// samePointer reports whether two payloads are the same pointer.
func samePointer(x, y any) bool {
	vx, vy := reflect.ValueOf(x), reflect.ValueOf(y)
	if vx.Kind() != reflect.Pointer || vy.Kind() != reflect.Pointer {
		return false
	}
	return vx.Type() == vy.Type() && vx.Pointer() == vy.Pointer()
}

// Equals is object.Equals semantics for library use (value equality for
// primitives and strings, reference equality or an Equals override otherwise).
func (t *Thread) Equals(b, c Value) bool { return t.equal(b, c) }

func (t *Thread) compare(op Op, b, c Value) (bool, error) {
	if b.IsNull() || c.IsNull() {
		return false, nil // lifted: a comparison with null is false (§12.4.8)
	}
	rb, rc := rank(b), rank(c)
	if rb != rankNone && rc != rankNone {
		if rb <= rankULong && rc <= rankULong {
			r := cmpIntegral(b, c)
			if op == OpLt {
				return r < 0, nil
			}
			return r <= 0, nil
		}
		x, y := AsF64(b), AsF64(c)
		if op == OpLt {
			return x < y, nil
		}
		return x <= y, nil
	}
	if db, ok := b.AsNative().(Decimal); ok {
		r := db.Cmp(toDecimal(c))
		if op == OpLt {
			return r < 0, nil
		}
		return r <= 0, nil
	}
	if dc, ok := c.AsNative().(Decimal); ok {
		r := toDecimal(b).Cmp(dc)
		if op == OpLt {
			return r < 0, nil
		}
		return r <= 0, nil
	}
	if b.IsNull() || c.IsNull() {
		return false, nil
	}
	name := "op_LessThan"
	if op != OpLt {
		name = "op_LessThanOrEqual"
	}
	if r, found, err := t.libOperator(name, b, c); found {
		return r.AsBool(), err
	}
	return false, t.Throw("System.InvalidOperationException",
		"Operator '"+opSymbol(op)+"' cannot be applied to operands of type '"+TypeName(b)+"' and '"+TypeName(c)+"'")
}

// CompareIntegral compares two integral values of any types, for the
// library's sorting: -1, 0 or 1.
func CompareIntegral(b, c Value) int { return cmpIntegral(b, c) }

// cmpIntegral compares two integral values of any types: -1, 0 or 1. A
// ulong above long.MaxValue is greater than every signed value.
func cmpIntegral(b, c Value) int {
	x, y := asI64(b), asI64(c)
	bu, cu := b.p == ptrULong, c.p == ptrULong
	if bu != cu {
		if bu && x < 0 {
			return 1
		}
		if cu && y < 0 {
			return -1
		}
	} else if bu {
		switch ux, uy := uint64(x), uint64(y); {
		case ux < uy:
			return -1
		case ux > uy:
			return 1
		}
		return 0
	}
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// convert applies an explicit or implicit numeric conversion in an
// unchecked context: integral targets keep the low bits of an integral
// value and saturate a floating-point one; decimal sources throw
// OverflowException out of range in either context.
func (t *Thread) convert(v Value, c Conv) (Value, error) {
	if ty := convTarget(c); ty != nil {
		if v.p == unsafe.Pointer(ty) {
			return v, nil
		}
		switch rank(v) {
		case rankInt, rankUInt, rankLong, rankULong:
			return MakeIntegral(ty, uint64(asI64(v))), nil
		case rankFloat, rankDouble:
			r, _ := floatToIntegral(AsF64(v), ty, false)
			return r, nil
		}
		if d, ok := v.AsNative().(Decimal); ok {
			return t.decimalToIntegral(d, ty)
		}
	}
	switch c {
	case ConvDouble:
		if v.p == ptrDouble {
			return v, nil
		}
		if d, ok := v.AsNative().(Decimal); ok {
			return Double(d.Float64()), nil
		}
		if rank(v) != rankNone {
			return Double(AsF64(v)), nil
		}
	case ConvFloat:
		if d, ok := v.AsNative().(Decimal); ok {
			return Float(float32(d.Float64())), nil
		}
		if v.p == ptrULong {
			return Float(float32(v.n)), nil
		}
		if rank(v) == rankInt || rank(v) == rankLong || rank(v) == rankUInt {
			return Float(float32(asI64(v))), nil
		}
		if rank(v) != rankNone {
			return Float(float32(AsF64(v))), nil
		}
	case ConvBool:
		if v.p == ptrBool {
			return v, nil
		}
	case ConvString:
		if v.IsNull() || v.AsStr() != nil {
			return v, nil
		}
	}
	if v.IsNull() {
		if c == ConvString {
			return v, nil
		}
		return Null, t.ThrowNull()
	}
	return Null, t.Throw("System.InvalidCastException", "Unable to cast object of type '"+TypeString(v.Type())+"' to type '"+convName(c)+"'.")
}

func convName(c Conv) string {
	switch c {
	case ConvDouble:
		return "System.Double"
	case ConvFloat:
		return "System.Single"
	case ConvBool:
		return "System.Boolean"
	case ConvString:
		return "System.String"
	}
	if ty := convTarget(c); ty != nil {
		return ty.FullName()
	}
	return "?"
}

// f64ToI32 converts as .NET on x64 does for out-of-range values (saturating
// in .NET 9+).
func f64ToI32(f float64) int32 {
	if math.IsNaN(f) {
		return 0
	}
	if f >= 2147483647 {
		return math.MaxInt32
	}
	if f <= -2147483648 {
		return math.MinInt32
	}
	return int32(f)
}

// intOp is the int32 fast path of the binary operators other than +
// (which has its own case, with a long path too); ok is false when the slow
// path must decide (division by zero, int.MinValue / -1).
func intOp(op Op, x, y int32) (Value, bool) {
	switch op {
	case OpSub:
		return Int(x - y), true
	case OpMul:
		return Int(x * y), true
	case OpDiv:
		if y == 0 || y == -1 && x == math.MinInt32 {
			return Null, false
		}
		return Int(x / y), true
	case OpRem:
		if y == 0 || y == -1 && x == math.MinInt32 {
			return Null, false
		}
		return Int(x % y), true
	case OpBitAnd:
		return Int(x & y), true
	case OpBitOr:
		return Int(x | y), true
	case OpBitXor:
		return Int(x ^ y), true
	case OpShl:
		return Int(x << (uint32(y) & 31)), true
	case OpShr:
		return Int(x >> (uint32(y) & 31)), true
	}
	return Null, false
}

// compareK is the slow path of the compare-with-constant jumps.
func (t *Thread) compareK(op Op, a, k Value) (bool, error) {
	switch op {
	case OpJLtK:
		return t.compare(OpLt, a, k)
	case OpJGeK:
		return t.compare(OpLe, k, a)
	case OpJLeK:
		return t.compare(OpLe, a, k)
	}
	return t.compare(OpLt, k, a)
}

// liftedNull is a lifted operator (§12.4.8) with a null operand: null,
// except that bool? & and | are three-valued (§12.13.5): false & null is
// false and true | null is true. ok is false where null is not a lifted
// operand: string concatenation and delegate combination.
func liftedNull(op Op, b, c Value) (r Value, ok bool) {
	if b.AsStr() != nil || c.AsStr() != nil || b.AsClosure() != nil || c.AsClosure() != nil {
		return Null, false
	}
	v := b
	if v.IsNull() {
		v = c
	}
	if v.p == ptrBool {
		switch {
		case op == OpBitAnd && v.n == 0:
			return Bool(false), true
		case op == OpBitOr && v.n != 0:
			return Bool(true), true
		}
	}
	return Null, true
}

package vm

import (
	"math"
	"math/bits"
)

// Integral arithmetic at C#'s widths, unchecked and checked, the unsigned
// shift, and the checked conversions. The operands have been promoted
// (rank): int and uint work on 32 bits, long and ulong on 64.

// throwOverflow is the OverflowException of checked arithmetic and of
// checked conversions between integral types.
func (t *Thread) throwOverflow() error {
	return t.Throw("System.OverflowException", "Arithmetic operation resulted in an overflow.")
}

// bitOp applies &, | or ^.
func bitOp(op Op, x, y int64) int64 {
	switch op {
	case OpBitAnd:
		return x & y
	case OpBitOr:
		return x | y
	}
	return x ^ y
}

// shift applies <<, >> or >>> with the left operand's promoted type: the
// count is masked to 5 bits for int and uint, 6 for long and ulong; >> is
// arithmetic on the signed types and logical on the unsigned ones, >>> is
// always logical.
func shift(op Op, r int, b, c Value) (Value, bool) {
	n := uint(asI64(c))
	switch r {
	case rankInt:
		x := int32(asI64(b))
		switch op {
		case OpShl:
			return Int(x << (n & 31)), true
		case OpShr:
			return Int(x >> (n & 31)), true
		}
		return Int(int32(uint32(x) >> (n & 31))), true
	case rankUInt:
		x := uint32(b.n)
		if op == OpShl {
			return UInt(x << (n & 31)), true
		}
		return UInt(x >> (n & 31)), true
	case rankLong:
		x := int64(b.n)
		switch op {
		case OpShl:
			return Long(x << (n & 63)), true
		case OpShr:
			return Long(x >> (n & 63)), true
		}
		return Long(int64(uint64(x) >> (n & 63))), true
	case rankULong:
		if op == OpShl {
			return ULong(b.n << (n & 63)), true
		}
		return ULong(b.n >> (n & 63)), true
	}
	return Null, false
}

// intArith applies an arithmetic or bitwise operator to operands promoted
// to rank r (int, uint, long or ulong). Checked arithmetic throws
// OverflowException when the result does not fit; int.MinValue / -1 and
// int.MinValue % -1 (and long's) throw it in either context, as .NET does.
func (t *Thread) intArith(op Op, r int, b, c Value, checked bool) (Value, error) {
	switch r {
	case rankInt, rankLong:
		width := 32
		x, y := int64(int32(asI64(b))), int64(int32(asI64(c)))
		if r == rankLong {
			width, x, y = 64, asI64(b), asI64(c)
		}
		v, err := t.signedOp(op, x, y, width, checked)
		if err != nil {
			return Null, err
		}
		if r == rankInt {
			return Int(int32(v)), nil
		}
		return Long(v), nil
	case rankUInt, rankULong:
		width := 32
		x, y := uint64(uint32(asI64(b))), uint64(uint32(asI64(c)))
		if r == rankULong {
			width, x, y = 64, uint64(asI64(b)), uint64(asI64(c))
		}
		v, err := t.unsignedOp(op, x, y, width, checked)
		if err != nil {
			return Null, err
		}
		if r == rankUInt {
			return UInt(uint32(v)), nil
		}
		return ULong(v), nil
	}
	return Null, t.Throw("System.InvalidOperationException",
		"Operator '"+opSymbol(op)+"' cannot be applied to operands of type '"+TypeName(b)+"' and '"+TypeName(c)+"'")
}

// signedOp computes x op y for int (width 32, operands sign-extended) or
// long; the caller truncates a 32-bit result.
func (t *Thread) signedOp(op Op, x, y int64, width int, checked bool) (int64, error) {
	switch op {
	case OpAdd, OpSub, OpMul:
		if width == 32 {
			var r int64
			switch op {
			case OpAdd:
				r = x + y
			case OpSub:
				r = x - y
			default:
				r = x * y
			}
			if checked && r != int64(int32(r)) {
				return 0, t.throwOverflow()
			}
			return r, nil
		}
		var r int64
		var over bool
		switch op {
		case OpAdd:
			r = x + y
			over = (x >= 0) == (y >= 0) && (r >= 0) != (x >= 0)
		case OpSub:
			r = x - y
			over = (x >= 0) != (y >= 0) && (r >= 0) != (x >= 0)
		default:
			r = x * y
			over = x != 0 && (r/x != y || x == -1 && y == math.MinInt64)
		}
		if checked && over {
			return 0, t.throwOverflow()
		}
		return r, nil
	case OpDiv, OpRem:
		if y == 0 {
			return 0, t.divByZero()
		}
		min := int64(math.MinInt32)
		if width == 64 {
			min = math.MinInt64
		}
		if x == min && y == -1 {
			return 0, t.throwOverflow()
		}
		if op == OpDiv {
			return x / y, nil
		}
		return x % y, nil
	case OpBitAnd, OpBitOr, OpBitXor:
		return bitOp(op, x, y), nil
	}
	return 0, t.Throw("System.InvalidOperationException", "Operator '"+opSymbol(op)+"' is not defined on integers")
}

// unsignedOp computes x op y for uint (width 32) or ulong; the caller
// truncates a 32-bit result.
func (t *Thread) unsignedOp(op Op, x, y uint64, width int, checked bool) (uint64, error) {
	switch op {
	case OpAdd, OpSub, OpMul:
		var r uint64
		var over bool
		switch op {
		case OpAdd:
			r = x + y
			over = r < x
		case OpSub:
			r = x - y
			over = y > x
		default:
			var hi uint64
			hi, r = bits.Mul64(x, y)
			over = hi != 0
		}
		if width == 32 {
			over = over || r > math.MaxUint32
		}
		if checked && over {
			return 0, t.throwOverflow()
		}
		return r, nil
	case OpDiv, OpRem:
		if y == 0 {
			return 0, t.divByZero()
		}
		if op == OpDiv {
			return x / y, nil
		}
		return x % y, nil
	case OpBitAnd, OpBitOr, OpBitXor:
		return uint64(bitOp(op, int64(x), int64(y))), nil
	}
	return 0, t.Throw("System.InvalidOperationException", "Operator '"+opSymbol(op)+"' is not defined on integers")
}

// checkedArith is the checked form of +, - and *: integral operands
// overflow with OverflowException; anything else (floating point, decimal,
// strings, delegates, library operators) behaves as unchecked.
func (t *Thread) checkedArith(op Op, b, c Value) (Value, error) {
	if r := promote(b, c); r >= rankInt && r <= rankULong && rank(b) != rankNone && rank(c) != rankNone {
		return t.intArith(op, r, b, c, true)
	}
	return t.arith(op, b, c)
}

// checkedNeg is the checked unary minus: -int.MinValue and -long.MinValue
// overflow.
func (t *Thread) checkedNeg(b Value) (Value, error) {
	switch rank(b) {
	case rankInt:
		if int32(asI64(b)) == math.MinInt32 {
			return Null, t.throwOverflow()
		}
	case rankLong:
		if int64(b.n) == math.MinInt64 {
			return Null, t.throwOverflow()
		}
	case rankULong:
		if b.n != 0 {
			return Null, t.throwOverflow()
		}
	}
	return t.unary(OpNeg, b)
}

// convTarget is the integral type a conversion produces, or nil.
func convTarget(c Conv) *Type {
	switch c {
	case ConvInt:
		return TInt
	case ConvLong:
		return TLong
	case ConvChar:
		return TChar
	case ConvByte:
		return TByte
	case ConvSByte:
		return TSByte
	case ConvShort:
		return TShort
	case ConvUShort:
		return TUShort
	case ConvUInt:
		return TUInt
	case ConvULong:
		return TULong
	}
	return nil
}

// intRange is the range of an integral type; hi is meaningless for ulong
// (every non-negative value up to 2^64-1).
func intRange(ty *Type) (lo, hi int64) {
	switch ty {
	case TInt:
		return math.MinInt32, math.MaxInt32
	case TLong:
		return math.MinInt64, math.MaxInt64
	case TChar, TUShort:
		return 0, math.MaxUint16
	case TByte:
		return 0, math.MaxUint8
	case TSByte:
		return math.MinInt8, math.MaxInt8
	case TShort:
		return math.MinInt16, math.MaxInt16
	case TUInt:
		return 0, math.MaxUint32
	}
	return 0, math.MaxInt64
}

// MakeIntegral makes a value of integral type ty from the low bits of n.
func MakeIntegral(ty *Type, n uint64) Value {
	switch ty {
	case TInt:
		return Int(int32(n))
	case TLong:
		return Long(int64(n))
	case TChar:
		return Char(uint16(n))
	case TByte:
		return Byte(uint8(n))
	case TSByte:
		return SByte(int8(n))
	case TShort:
		return Short(int16(n))
	case TUShort:
		return UShort(uint16(n))
	case TUInt:
		return UInt(uint32(n))
	}
	return ULong(n)
}

// integralFits reports whether integral value v is in the range of ty.
func integralFits(v Value, ty *Type) bool {
	x := asI64(v)
	if v.p == ptrULong && x < 0 {
		return ty == TULong
	}
	if ty == TULong {
		return x >= 0
	}
	lo, hi := intRange(ty)
	return x >= lo && x <= hi
}

// floatToIntegral converts a floating-point value to integral type ty,
// truncating toward zero. Unchecked, out-of-range values saturate and NaN
// gives 0 (.NET 9 for int, uint, long, ulong; .NET 11 for the smaller
// types); checked, they overflow (ok false).
func floatToIntegral(f float64, ty *Type, checked bool) (Value, bool) {
	if math.IsNaN(f) {
		return MakeIntegral(ty, 0), !checked
	}
	f = math.Trunc(f)
	if ty == TULong {
		switch {
		case f < 0:
			return ULong(0), !checked
		case f >= 18446744073709551616.0:
			return ULong(math.MaxUint64), !checked
		}
		return ULong(uint64(f)), true
	}
	if ty == TLong {
		switch {
		case f < -9223372036854775808.0:
			return Long(math.MinInt64), !checked
		case f >= 9223372036854775808.0:
			return Long(math.MaxInt64), !checked
		}
		return Long(int64(f)), true
	}
	lo, hi := intRange(ty)
	switch {
	case f < float64(lo):
		return MakeIntegral(ty, uint64(lo)), !checked
	case f > float64(hi):
		return MakeIntegral(ty, uint64(hi)), !checked
	}
	return MakeIntegral(ty, uint64(int64(f))), true
}

// decimalToIntegral is the explicit conversion from decimal, which throws
// OverflowException out of range in either context ("Value was either too
// large or too small for an Int32.").
func (t *Thread) decimalToIntegral(d Decimal, ty *Type) (Value, error) {
	if ty == TULong {
		if n, ok := d.TruncateUint64(); ok {
			return ULong(n), nil
		}
	} else if n, ok := d.Truncate(); ok {
		lo, hi := intRange(ty)
		if n >= lo && n <= hi {
			return MakeIntegral(ty, uint64(n)), nil
		}
	}
	name := overflowNames[ty]
	return Null, t.Throw("System.OverflowException", "Value was either too large or too small for "+name+".")
}

// overflowNames name the integral types in the OverflowException messages
// of the library's conversions (Convert.ToByte, decimal to int, ...).
var overflowNames = map[*Type]string{
	TInt: "an Int32", TLong: "an Int64", TShort: "an Int16", TUShort: "a UInt16", TUInt: "a UInt32",
	TULong: "a UInt64", TByte: "an unsigned byte", TSByte: "a signed byte", TChar: "a character",
}

// OverflowName is how the library's OverflowException messages name
// integral type ty ("an Int32", "an unsigned byte").
func OverflowName(ty *Type) string { return overflowNames[ty] }

// convertChecked is the checked form of OpConv: an integral target that
// cannot hold the value throws OverflowException.
func (t *Thread) convertChecked(v Value, c Conv) (Value, error) {
	ty := convTarget(c)
	if ty == nil {
		return t.convert(v, c)
	}
	switch rank(v) {
	case rankInt, rankUInt, rankLong, rankULong:
		if !integralFits(v, ty) {
			return Null, t.throwOverflow()
		}
		return MakeIntegral(ty, uint64(asI64(v))), nil
	case rankFloat, rankDouble:
		r, ok := floatToIntegral(AsF64(v), ty, true)
		if !ok {
			return Null, t.throwOverflow()
		}
		return r, nil
	}
	return t.convert(v, c)
}

// arithExt executes the checked arithmetic opcodes and the unsigned shift.
func (t *Thread) arithExt(ins Instr, regs []Value) (Value, error) {
	b := regs[ins.B()]
	switch ins.Op() {
	case OpAddOvf:
		return t.checkedArith(OpAdd, b, regs[ins.C()])
	case OpSubOvf:
		return t.checkedArith(OpSub, b, regs[ins.C()])
	case OpMulOvf:
		return t.checkedArith(OpMul, b, regs[ins.C()])
	case OpNegOvf:
		return t.checkedNeg(b)
	case OpConvOvf:
		return t.convertChecked(b, Conv(ins.C()))
	case OpUnbox:
		return t.unbox(b, t.M.Prog.Types[ins.C()])
	}
	return t.arith(OpShrUn, b, regs[ins.C()])
}

// unbox is the unboxing conversion from object to a value type: the value
// must be of exactly that type (an enum unboxes to its underlying type and
// back), null throws NullReferenceException and anything else
// InvalidCastException, as in .NET: (int)(object)(byte)1 throws.
func (t *Thread) unbox(v Value, ty *Type) (Value, error) {
	vt := v.Type()
	switch {
	case v.IsNull():
		return Null, t.ThrowNull()
	case vt == ty || vt.Def == ty && ty.IsStruct():
		return unboxedCopy(v), nil
	case vt.Kind == KindEnum && ty == enumUnder(vt):
		return EnumUnderlyingValue(vt, v.AsLong()), nil
	case ty.Kind == KindEnum && vt == enumUnder(ty):
		return enumFrom(ty, v), nil
	}
	return Null, t.Throw("System.InvalidCastException", "Unable to cast object of type '"+vt.FullName()+"' to type '"+ty.FullName()+"'.")
}

package lib

import (
	"errors"
	"math"
	"math/big"
	"math/bits"
	"strings"

	"asyncvm/vm"
	"asyncvm/vm/netfmt"
)

// System.Numerics.BigInteger: an immutable arbitrary-precision integer,
// a library value type whose payload is a *big.Int that is never written
// after the value is made. Division truncates toward zero and the bitwise
// operators work on the infinite two's complement form, as .NET's do.
var tBigInteger = register(&vm.Type{Kind: vm.KindNative, Namespace: "System.Numerics", Name: "BigInteger", IsValueType: true, Super: vm.TObject})

// bigInt is a BigInteger's payload.
type bigInt struct{ v *big.Int }

var (
	bigZero     = big.NewInt(0)
	bigOne      = big.NewInt(1)
	bigMinusOne = big.NewInt(-1)
)

// msgParseBig is .NET's Overflow_ParseBigInteger, the FormatException of
// BigInteger.Parse.
const msgParseBig = "The value could not be parsed."

func newBig(x *big.Int) vm.Value { return vm.NewNative(tBigInteger, &bigInt{x}) }

// bigOf reads a BigInteger or an integral value as a big.Int.
func bigOf(v vm.Value) (*big.Int, bool) {
	if b, ok := v.AsNative().(*bigInt); ok {
		return b.v, true
	}
	if w, ok := v.AsNative().(*wideInt); ok {
		return w.v, true // Int128, UInt128
	}
	switch pt := v.PrimType(); {
	case pt == vm.TULong || pt == vm.TUInt || pt == vm.TUShort || pt == vm.TByte || pt == vm.TChar:
		return new(big.Int).SetUint64(v.Bits()), true
	case pt != nil && vm.IsIntegral(v):
		return big.NewInt(vm.AsInt64(v)), true
	}
	return nil, false
}

// bigArg reads argument i of a BigInteger native.
// clampBig is Clamp of BigInteger, Int128 and UInt128: x within [lo, hi],
// ArgumentException when lo > hi.
func clampBig(t *vm.Thread, x, lo, hi *big.Int) (*big.Int, error) {
	if lo.Cmp(hi) > 0 {
		return nil, t.Throw("System.ArgumentException", "'"+lo.String()+"' cannot be greater than "+hi.String()+".")
	}
	switch {
	case x.Cmp(lo) < 0:
		return lo, nil
	case x.Cmp(hi) > 0:
		return hi, nil
	}
	return x, nil
}

// cmpOperators are the comparison operators of BigInteger, Int128 and
// UInt128, each a test of a Cmp result.
var cmpOperators = map[string]func(c int) bool{
	"op_Equality":           func(c int) bool { return c == 0 },
	"op_Inequality":         func(c int) bool { return c != 0 },
	"op_LessThan":           func(c int) bool { return c < 0 },
	"op_LessThanOrEqual":    func(c int) bool { return c <= 0 },
	"op_GreaterThan":        func(c int) bool { return c > 0 },
	"op_GreaterThanOrEqual": func(c int) bool { return c >= 0 },
}

func bigArg(args []vm.Value, i int) *big.Int {
	if x, ok := bigOf(args[i]); ok {
		return x
	}
	return bigZero
}

// bigFromFloat is new BigInteger(double): the value truncated toward zero.
func bigFromFloat(t *vm.Thread, f float64) (vm.Value, error) {
	switch {
	case math.IsNaN(f):
		return vm.Null, t.Throw("System.OverflowException", "The value is not a number.")
	case math.IsInf(f, 0):
		return vm.Null, t.Throw("System.OverflowException", "BigInteger cannot represent infinity.")
	}
	x, _ := big.NewFloat(math.Trunc(f)).Int(nil)
	return newBig(x), nil
}

// bigFromDecimal is new BigInteger(decimal): the integral part.
func bigFromDecimal(d vm.Decimal) *big.Int {
	whole, _, _ := strings.Cut(d.String(), ".")
	x, ok := new(big.Int).SetString(whole, 10)
	if !ok {
		return new(big.Int)
	}
	return x
}

// bigFromValue converts any numeric argument to a BigInteger, as the
// constructors and the conversion operators into BigInteger do.
func bigFromValue(t *vm.Thread, v vm.Value) (vm.Value, error) {
	if x, ok := bigOf(v); ok {
		return newBig(x), nil
	}
	if d, ok := v.AsNative().(vm.Decimal); ok {
		return newBig(bigFromDecimal(d)), nil
	}
	switch v.PrimType() {
	case vm.TDouble:
		return bigFromFloat(t, v.AsDouble())
	case vm.TFloat:
		return bigFromFloat(t, float64(v.AsFloat()))
	}
	if a := v.AsArray(); a != nil {
		bs, err := byteArg(t, v, "value")
		if err != nil {
			return vm.Null, err
		}
		return newBig(bigFromBytes(bs, false, false)), nil
	}
	if v.IsNull() {
		return vm.Null, argNull(t, "value")
	}
	return vm.Null, t.Throw("System.InvalidCastException", "Unable to cast object of type '"+v.Type().FullName()+"' to type 'System.Numerics.BigInteger'.")
}

// bigFromBytes reads little-endian (or big-endian) two's complement bytes,
// or unsigned ones.
func bigFromBytes(bs []byte, unsigned, bigEndian bool) *big.Int {
	be := make([]byte, len(bs))
	for i, b := range bs {
		if bigEndian {
			be[i] = b
		} else {
			be[len(bs)-1-i] = b
		}
	}
	x := new(big.Int).SetBytes(be)
	if !unsigned && len(be) > 0 && be[0]&0x80 != 0 {
		x.Sub(x, new(big.Int).Lsh(bigOne, uint(8*len(be))))
	}
	return x
}

// bigBytes is ToByteArray: the shortest two's complement form, little-endian
// (a positive value whose top bit is set gains a zero byte), or the
// magnitude alone when unsigned.
func bigBytes(x *big.Int, unsigned bool) []byte {
	var be []byte
	switch {
	case x.Sign() == 0:
		be = []byte{0}
	case unsigned:
		be = x.Bytes()
	case x.Sign() > 0:
		be = x.Bytes()
		if be[0]&0x80 != 0 {
			be = append([]byte{0}, be...)
		}
	default:
		n := (bitLength(x) + 8) / 8 // the sign bit included
		m := new(big.Int).Add(x, new(big.Int).Lsh(bigOne, uint(8*n)))
		be = m.FillBytes(make([]byte, n))
	}
	le := make([]byte, len(be))
	for i, b := range be {
		le[len(be)-1-i] = b
	}
	return le
}

// bitLength is GetBitLength: the bits of the shortest two's complement
// form without the sign bit.
func bitLength(x *big.Int) int {
	if x.Sign() >= 0 {
		return x.BitLen()
	}
	return new(big.Int).Not(x).BitLen()
}

// bigHash is GetHashCode: the value itself when it fits an int, else a
// combination of its 32-bit words and sign.
func bigHash(x *big.Int) int32 {
	if x.IsInt64() {
		if n := x.Int64(); n > math.MinInt32 && n <= math.MaxInt32 {
			return int32(n)
		}
	}
	h := uint32(x.Sign())
	for _, w := range x.Bits() {
		h = h*31 + uint32(w)
		if bits.UintSize == 64 {
			h = h*31 + uint32(uint64(w)>>32)
		}
	}
	return int32(h)
}

// bigToTarget is an explicit conversion of x to the numeric type ty.
func bigToTarget(t *vm.Thread, x *big.Int, ty *vm.Type) (vm.Value, error) {
	overflow := func(name string) (vm.Value, error) {
		return vm.Null, t.Throw("System.OverflowException", "Value was either too large or too small for "+name+".")
	}
	// The narrow types convert through int, checked (.NET's
	// `checked((byte)(int)value)`).
	fitsInt := x.IsInt64() && x.Int64() >= math.MinInt32 && x.Int64() <= math.MaxInt32
	narrow := func(lo, hi int64) (int64, error) {
		if !fitsInt {
			_, err := overflow("an Int32")
			return 0, err
		}
		n := x.Int64()
		if n < lo || n > hi {
			return 0, t.Throw("System.OverflowException", msgOverflow)
		}
		return n, nil
	}
	switch ty {
	case vm.TInt:
		if !fitsInt {
			return overflow("an Int32")
		}
		return vm.Int(int32(x.Int64())), nil
	case vm.TLong:
		if !x.IsInt64() {
			return overflow("an Int64")
		}
		return vm.Long(x.Int64()), nil
	case vm.TUInt:
		if !x.IsUint64() || x.Uint64() > math.MaxUint32 {
			return overflow("a UInt32")
		}
		return vm.UInt(uint32(x.Uint64())), nil
	case vm.TULong:
		if !x.IsUint64() {
			return overflow("a UInt64")
		}
		return vm.ULong(x.Uint64()), nil
	case vm.TByte, vm.TSByte, vm.TShort, vm.TUShort, vm.TChar:
		lo, hi := int64(0), int64(math.MaxUint16)
		switch ty {
		case vm.TByte:
			hi = math.MaxUint8
		case vm.TSByte:
			lo, hi = math.MinInt8, math.MaxInt8
		case vm.TShort:
			lo, hi = math.MinInt16, math.MaxInt16
		}
		n, err := narrow(lo, hi)
		if err != nil {
			return vm.Null, err
		}
		return vm.MakeIntegral(ty, uint64(n)), nil
	case vm.TDouble:
		return vm.Double(bigToFloat(x)), nil
	case vm.TFloat:
		return vm.Float(float32(bigToFloat(x))), nil
	case vm.TDecimal:
		d, err := netfmt.ParseDecimalLiteral(x.String())
		if err != nil || x.BitLen() > 96 {
			return overflow("a Decimal")
		}
		return vm.NewDecimal(d), nil
	case tBigInteger:
		return newBig(x), nil
	case tInt128, tUInt128:
		if !fitsWide(ty, x) {
			return overflow("an " + wideName(ty))
		}
		return newWide(ty, x), nil
	}
	return vm.Null, t.Throw("System.InvalidCastException", "Invalid cast from 'System.Numerics.BigInteger' to '"+ty.FullName()+"'.")
}

// bigToFloat is the conversion to double: correctly rounded, infinite
// beyond double's range.
func bigToFloat(x *big.Int) float64 {
	f, _ := new(big.Float).SetInt(x).Float64()
	return f
}

// bigLog is BigInteger.Log(value, baseValue) as .NET computes it: Math.Log
// of a value that fits an int, otherwise of its top 64 bits plus the
// logarithm of the scale.
func bigLog(x *big.Int, base float64) float64 {
	switch {
	case x.Sign() < 0 || base == 1:
		return math.NaN()
	case math.IsInf(base, 1):
		if x.Cmp(bigOne) == 0 {
			return 0
		}
		return math.NaN()
	case base == 0 && x.Cmp(bigOne) != 0:
		return math.NaN()
	}
	if x.IsInt64() && x.Int64() <= math.MaxInt32 {
		a := float64(x.Int64())
		if math.IsNaN(base) {
			return base
		}
		return math.Log(a) / math.Log(base)
	}
	b := x.BitLen()
	// The top 64 bits, the leading one first.
	var top uint64
	if b >= 64 {
		top = new(big.Int).Rsh(x, uint(b-64)).Uint64()
	} else {
		top = x.Uint64() << uint(64-b)
	}
	return math.Log(float64(top))/math.Log(base) + float64(b-64)/(math.Log(base)/math.Log(2))
}

// bigDivisor throws DivideByZeroException for a zero divisor.
func bigDivisor(t *vm.Thread, d *big.Int) error {
	if d.Sign() == 0 {
		return t.Throw("System.DivideByZeroException", "Attempted to divide by zero.")
	}
	return nil
}

// bigShift shifts x left by n bits (right when n is negative), the right
// shift rounding toward negative infinity as an arithmetic shift does.
func bigShift(x *big.Int, n int64) *big.Int {
	if n >= 0 {
		return new(big.Int).Lsh(x, uint(n))
	}
	if n == math.MinInt64 || -n > int64(x.BitLen())+1 {
		if x.Sign() < 0 {
			return big.NewInt(-1)
		}
		return new(big.Int)
	}
	return new(big.Int).Rsh(x, uint(-n))
}

// parseBigCanon parses the canonical text parseStyled leaves (an optional
// '-', digits, an optional fraction and exponent): a fraction must be
// zeros once the exponent is applied.
func parseBigCanon(_ *vm.Thread, s string, _ *netfmt.Culture) (vm.Value, error) {
	bad := &netfmt.FormatError{Type: "FormatException", Msg: msgParseBig}
	s = strings.TrimSpace(s)
	if strings.ContainsAny(s, ".eE") {
		if i := strings.IndexAny(s, "eE"); i >= 0 {
			e := strings.TrimLeft(s[i+1:], "+-")
			if len(strings.TrimLeft(e, "0")) > 6 {
				return vm.Null, bad
			}
		}
		r, ok := new(big.Rat).SetString(s)
		if !ok || !r.IsInt() {
			return vm.Null, bad
		}
		return newBig(new(big.Int).Set(r.Num())), nil
	}
	body := strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	if body == "" || strings.Trim(body, "0123456789") != "" {
		return vm.Null, bad
	}
	x, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return vm.Null, bad
	}
	return newBig(x), nil
}

// parseBigHex reads hexadecimal digits as a two's complement number: a
// first digit of 8 or more makes it negative ("FF" is -1, "0FF" 255).
func parseBigHex(body string) (vm.Value, error) {
	x, ok := new(big.Int).SetString(body, 16)
	if !ok || strings.ContainsAny(body, "+-_xX") {
		return vm.Null, &netfmt.FormatError{Type: "FormatException", Msg: msgParseBig}
	}
	if d, _ := hexDigit(body[0]); d >= 8 {
		x.Sub(x, new(big.Int).Lsh(bigOne, uint(4*len(body))))
	}
	return newBig(x), nil
}

// formatBig is BigInteger.ToString(format, provider).
func formatBig(t *vm.Thread, x *big.Int, format string, c *netfmt.Culture) (string, error) {
	if c == nil {
		c = CurrentCulture(t)
	}
	s, err := netfmt.FormatBigInteger(x, bigBytes(x, false), format, c)
	if err != nil {
		return "", throwFormat(t, err)
	}
	return s, nil
}

func init() {
	bi := tBigInteger
	bi.SetZero(newBig(bigZero))
	bi.AddStatic(".ctor", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) == 0 {
			return newBig(bigZero), nil
		}
		return bigFromValue(t, args[0])
	})
	constBig := func(name string, x *big.Int) {
		v := newBig(x)
		bi.AddStaticProperty(name, func(*vm.Thread, []vm.Value) (vm.Value, error) { return v, nil }, nil)
	}
	constBig("Zero", bigZero)
	constBig("One", bigOne)
	constBig("MinusOne", bigMinusOne)
	prop := func(name string, f func(x *big.Int) vm.Value) {
		bi.AddProperty(name, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return f(bigArg(args, 0)), nil }, nil)
	}
	isPow2 := func(x *big.Int) bool { return x.Sign() > 0 && x.TrailingZeroBits() == uint(x.BitLen()-1) }
	prop("IsZero", func(x *big.Int) vm.Value { return vm.Bool(x.Sign() == 0) })
	prop("IsOne", func(x *big.Int) vm.Value { return vm.Bool(x.Cmp(bigOne) == 0) })
	prop("IsEven", func(x *big.Int) vm.Value { return vm.Bool(x.Bit(0) == 0) })
	prop("IsPowerOfTwo", func(x *big.Int) vm.Value { return vm.Bool(isPow2(x)) })
	prop("Sign", func(x *big.Int) vm.Value { return vm.Int(int32(x.Sign())) })

	// Operators and their named forms.
	unary := func(f func(x *big.Int) *big.Int, names ...string) {
		for _, name := range names {
			bi.AddStatic(name, 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
				return newBig(f(bigArg(args, 0))), nil
			})
		}
	}
	unary(func(x *big.Int) *big.Int { return new(big.Int).Neg(x) }, "op_UnaryNegation", "Negate")
	unary(func(x *big.Int) *big.Int { return x }, "op_UnaryPlus")
	unary(func(x *big.Int) *big.Int { return new(big.Int).Not(x) }, "op_OnesComplement")
	unary(func(x *big.Int) *big.Int { return new(big.Int).Add(x, bigOne) }, "op_Increment")
	unary(func(x *big.Int) *big.Int { return new(big.Int).Sub(x, bigOne) }, "op_Decrement")
	unary(func(x *big.Int) *big.Int { return new(big.Int).Abs(x) }, "Abs")
	binary := func(f func(t *vm.Thread, x, y *big.Int) (*big.Int, error), names ...string) {
		for _, name := range names {
			bi.AddStatic(name, 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
				r, err := f(t, bigArg(args, 0), bigArg(args, 1))
				if err != nil {
					return vm.Null, err
				}
				return newBig(r), nil
			})
		}
	}
	binary(func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) { return new(big.Int).Add(x, y), nil }, "op_Addition", "Add")
	binary(func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) { return new(big.Int).Sub(x, y), nil }, "op_Subtraction", "Subtract")
	binary(func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) { return new(big.Int).Mul(x, y), nil }, "op_Multiply", "Multiply")
	binary(func(t *vm.Thread, x, y *big.Int) (*big.Int, error) {
		if err := bigDivisor(t, y); err != nil {
			return nil, err
		}
		return new(big.Int).Quo(x, y), nil
	}, "op_Division", "Divide")
	binary(func(t *vm.Thread, x, y *big.Int) (*big.Int, error) {
		if err := bigDivisor(t, y); err != nil {
			return nil, err
		}
		return new(big.Int).Rem(x, y), nil
	}, "op_Modulus", "Remainder")
	binary(func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) { return new(big.Int).And(x, y), nil }, "op_BitwiseAnd")
	binary(func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) { return new(big.Int).Or(x, y), nil }, "op_BitwiseOr")
	binary(func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) { return new(big.Int).Xor(x, y), nil }, "op_ExclusiveOr")
	binary(func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) { return new(big.Int).GCD(nil, nil, x, y), nil }, "GreatestCommonDivisor")
	binary(func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) {
		if x.Cmp(y) >= 0 {
			return x, nil
		}
		return y, nil
	}, "Max")
	binary(func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) {
		if x.Cmp(y) <= 0 {
			return x, nil
		}
		return y, nil
	}, "Min")
	shift := func(name string, sign int64) {
		bi.AddStatic(name, 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			return newBig(bigShift(bigArg(args, 0), sign*vm.AsInt64(args[1]))), nil
		})
	}
	shift("op_LeftShift", 1)
	shift("op_RightShift", -1)
	for name, test := range cmpOperators {
		bi.AddStatic(name, 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Bool(test(bigArg(args, 0).Cmp(bigArg(args, 1)))), nil
		})
	}
	// The conversions take their target type as a hidden last argument
	// (compiler: callLibOperator), since one native serves every overload.
	conv := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		args, ts := vm.TakeTypeArgs(args, 1, 1)
		if len(ts) == 1 && ts[0] != nil && ts[0] != tBigInteger {
			if x, ok := args[0].AsNative().(*bigInt); ok {
				return bigToTarget(t, x.v, ts[0])
			}
		}
		return bigFromValue(t, args[0])
	}
	bi.AddStatic("op_Implicit", 1, 2, conv).WithTypeArgs()
	bi.AddStatic("op_Explicit", 1, 2, conv).WithTypeArgs()

	bi.AddStatic("Compare", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(bigArg(args, 0).Cmp(bigArg(args, 1)))), nil
	})
	bi.AddStatic("Clamp", 3, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x, err := clampBig(t, bigArg(args, 0), bigArg(args, 1), bigArg(args, 2))
		if err != nil {
			return vm.Null, err
		}
		return newBig(x), nil
	})
	bi.AddStatic("DivRem", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x, y := bigArg(args, 0), bigArg(args, 1)
		if err := bigDivisor(t, y); err != nil {
			return vm.Null, err
		}
		q, r := new(big.Int).QuoRem(x, y, new(big.Int))
		if len(args) == 3 {
			vm.StoreRef(args[2], newBig(r))
			return newBig(q), nil
		}
		return newTupleOf([]*vm.Type{tBigInteger, tBigInteger}, []vm.Value{newBig(q), newBig(r)}), nil
	})
	bi.AddStatic("Pow", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		e := vm.AsInt64(args[1])
		if e < 0 {
			return vm.Null, argOutOfRange(t, "exponent", msgNonNegative)
		}
		return newBig(new(big.Int).Exp(bigArg(args, 0), big.NewInt(e), nil)), nil
	})
	bi.AddStatic("ModPow", 3, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x, e, m := bigArg(args, 0), bigArg(args, 1), bigArg(args, 2)
		if e.Sign() < 0 {
			return vm.Null, argOutOfRange(t, "exponent", msgNonNegative)
		}
		if err := bigDivisor(t, m); err != nil {
			return vm.Null, err
		}
		// .NET's result has the sign of value^exponent, as % gives.
		r := new(big.Int).Exp(new(big.Int).Abs(x), e, new(big.Int).Abs(m))
		if x.Sign() < 0 && e.Bit(0) == 1 {
			r.Neg(r)
		}
		return newBig(r), nil
	})
	bi.AddStatic("Log", 1, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		base := math.E
		if len(args) == 2 {
			base = vm.AsF64(args[1])
		}
		return vm.Double(bigLog(bigArg(args, 0), base)), nil
	})
	bi.AddStatic("Log10", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Double(bigLog(bigArg(args, 0), 10)), nil
	})
	bi.AddStatic("Log2", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x := bigArg(args, 0)
		if x.Sign() < 0 {
			return vm.Null, argOutOfRange(t, "value", msgNonNegative)
		}
		if x.Sign() == 0 {
			return newBig(bigZero), nil
		}
		return newBig(big.NewInt(int64(x.BitLen() - 1))), nil
	})
	pred := func(name string, f func(x *big.Int) bool) {
		bi.AddStatic(name, 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Bool(f(bigArg(args, 0))), nil })
	}
	pred("IsEvenInteger", func(x *big.Int) bool { return x.Bit(0) == 0 })
	pred("IsOddInteger", func(x *big.Int) bool { return x.Bit(0) == 1 })
	pred("IsNegative", func(x *big.Int) bool { return x.Sign() < 0 })
	pred("IsPositive", func(x *big.Int) bool { return x.Sign() >= 0 })
	pred("IsPow2", isPow2)

	bi.AddMethod("CompareTo", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if args[1].IsNull() {
			return vm.Int(1), nil
		}
		y, ok := bigOf(args[1])
		if !ok {
			return vm.Null, t.Throw("System.ArgumentException", "The parameter must be a BigInteger. (Parameter 'obj')")
		}
		return vm.Int(int32(bigArg(args, 0).Cmp(y))), nil
	})
	bi.AddMethod("Equals", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		// Equals(long) and Equals(ulong) get a long or ulong; a boxed
		// int through Equals(object) is not a BigInteger.
		y, ok := bigOf(args[1])
		if pt := args[1].PrimType(); !ok || pt != nil && pt != vm.TLong && pt != vm.TULong {
			return vm.Bool(false), nil
		}
		return vm.Bool(bigArg(args, 0).Cmp(y) == 0), nil
	})
	bi.AddMethod("GetHashCode", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(bigHash(bigArg(args, 0))), nil
	})
	bi.AddMethod("ToString", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		format, c := "", (*netfmt.Culture)(nil)
		for _, a := range args[1:] {
			if s, ok := str(a); ok {
				format = s
			} else if pc := providerCulture(a); pc != nil {
				c = pc
			}
		}
		s, err := formatBig(t, bigArg(args, 0), format, c)
		if err != nil {
			return vm.Null, err
		}
		return vm.String(s), nil
	})
	bi.AddMethod("ToByteArray", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		unsigned := len(args) > 1 && args[1].AsBool()
		bigEndian := len(args) > 2 && args[2].AsBool()
		x := bigArg(args, 0)
		if unsigned && x.Sign() < 0 {
			return vm.Null, t.Throw("System.OverflowException", msgOverflow)
		}
		bs := bigBytes(x, unsigned)
		if bigEndian {
			for i, j := 0, len(bs)-1; i < j; i, j = i+1, j-1 {
				bs[i], bs[j] = bs[j], bs[i]
			}
		}
		return byteArray(bs), nil
	})
	bi.AddMethod("GetByteCount", 0, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(len(bigBytes(bigArg(args, 0), len(args) > 1 && args[1].AsBool())))), nil
	})
	bi.AddMethod("GetBitLength", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Long(int64(bitLength(bigArg(args, 0)))), nil
	})
}

// bigParse is BigInteger.Parse(value, style, provider): NumberStyles
// read as for the other integral types, except that hexadecimal digits are
// a two's complement number; every malformed input is .NET's one
// FormatException (failed reports it, with a nil error, for TryParse).
func bigParse(t *vm.Thread, s string, opts []vm.Value) (r vm.Value, failed bool, err error) {
	style, c := int64(styleLeadingWhite|styleTrailingWhite|styleLeadingSign), CurrentCulture(t)
	for _, a := range opts {
		if a.Type() == tNumberStyles {
			style = vm.AsInt64(a)
		} else if pc := providerCulture(a); pc != nil {
			c = pc
		}
	}
	r, err = parseStyled(t, tBigInteger, s, style, c, parseBigCanon)
	var fe *netfmt.FormatError
	if errors.As(err, &fe) {
		return vm.Null, true, nil
	}
	return r, false, err
}

func init() {
	tBigInteger.AddStatic("Parse", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, ok := str(args[0])
		if !ok {
			return vm.Null, argNull(t, "value")
		}
		r, failed, err := bigParse(t, s, args[1:])
		if failed {
			return vm.Null, t.Throw("System.FormatException", msgParseBig)
		}
		return r, err
	})
	tBigInteger.AddStatic("TryParse", 2, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		out := args[len(args)-1]
		if s, ok := str(args[0]); ok {
			v, failed, err := bigParse(t, s, args[1:len(args)-1])
			if err != nil {
				return vm.Null, err
			}
			if !failed {
				vm.StoreRef(out, v)
				return vm.Bool(true), nil
			}
		}
		vm.StoreRef(out, newBig(bigZero))
		return vm.Bool(false), nil
	})
}

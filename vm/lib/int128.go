package lib

import (
	"errors"
	"math"
	"math/big"
	"strings"

	"asyncvm/vm"
	"asyncvm/vm/netfmt"
)

// System.Int128 and System.UInt128: 128-bit integers, library value types
// whose payload is a *big.Int (never written after the value is made)
// that always lies in the type's range. The unchecked operators wrap
// modulo 2^128 and the checked ones (op_CheckedAddition, ...) throw
// OverflowException, as .NET's do; the conversions share one native per
// name that receives the target type as a hidden argument, as
// BigInteger's do.
var (
	tInt128  = register(&vm.Type{Kind: vm.KindNative, Namespace: "System", Name: "Int128", IsValueType: true, Super: vm.TObject})
	tUInt128 = register(&vm.Type{Kind: vm.KindNative, Namespace: "System", Name: "UInt128", IsValueType: true, Super: vm.TObject})
)

// wideInt is an Int128's or a UInt128's payload.
type wideInt struct{ v *big.Int }

var (
	two128     = new(big.Int).Lsh(big.NewInt(1), 128)
	uint128Max = new(big.Int).Sub(two128, big.NewInt(1))
	int128Max  = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 127), big.NewInt(1))
	int128Min  = new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), 127))
)

// wideRange returns the least and greatest values of ty.
func wideRange(ty *vm.Type) (lo, hi *big.Int) {
	if ty == tUInt128 {
		return bigZero, uint128Max
	}
	return int128Min, int128Max
}

func wideName(ty *vm.Type) string {
	if ty == tUInt128 {
		return "UInt128"
	}
	return "Int128"
}

func newWide(ty *vm.Type, x *big.Int) vm.Value { return vm.NewNative(ty, &wideInt{x}) }

// wrapWide keeps the low 128 bits of x as a value of ty (two's complement
// for Int128).
func wrapWide(ty *vm.Type, x *big.Int) *big.Int {
	r := new(big.Int).And(x, uint128Max)
	if ty == tInt128 && r.Cmp(int128Max) > 0 {
		r.Sub(r, two128)
	}
	return r
}

func fitsWide(ty *vm.Type, x *big.Int) bool {
	lo, hi := wideRange(ty)
	return x.Cmp(lo) >= 0 && x.Cmp(hi) <= 0
}

// wideArg reads argument i of an Int128 or UInt128 native: the type's own
// value or an integral one.
func wideArg(args []vm.Value, i int) *big.Int {
	if x, ok := bigOf(args[i]); ok {
		return x
	}
	return bigZero
}

func overflowErr(t *vm.Thread) error { return t.Throw("System.OverflowException", msgOverflow) }

// wideFromValue converts a numeric value to ty, as the conversion
// operators into Int128 and UInt128 do: an integral value wraps unless
// checked, a double or decimal is truncated toward zero (a double beyond
// the range saturates unless checked, NaN is 0; a decimal beyond it
// throws).
func wideFromValue(t *vm.Thread, ty *vm.Type, v vm.Value, checked bool) (vm.Value, error) {
	if x, ok := bigOf(v); ok {
		if !fitsWide(ty, x) {
			if checked {
				return vm.Null, overflowErr(t)
			}
			x = wrapWide(ty, x)
		}
		return newWide(ty, x), nil
	}
	if d, ok := v.AsNative().(vm.Decimal); ok {
		x := bigFromDecimal(d)
		if !fitsWide(ty, x) {
			return vm.Null, overflowErr(t)
		}
		return newWide(ty, x), nil
	}
	var f float64
	switch v.PrimType() {
	case vm.TDouble:
		f = v.AsDouble()
	case vm.TFloat:
		f = float64(v.AsFloat())
	default:
		if v.IsNull() {
			return vm.Null, t.Throw("System.NullReferenceException", "Object reference not set to an instance of an object.")
		}
		return vm.Null, t.Throw("System.InvalidCastException", "Unable to cast object of type '"+v.Type().FullName()+"' to type 'System."+wideName(ty)+"'.")
	}
	lo, hi := wideRange(ty)
	if math.IsNaN(f) {
		if checked {
			return vm.Null, overflowErr(t)
		}
		return newWide(ty, bigZero), nil
	}
	x, _ := big.NewFloat(math.Trunc(f)).Int(nil)
	switch {
	case x.Cmp(lo) < 0:
		if checked {
			return vm.Null, overflowErr(t)
		}
		x = lo
	case x.Cmp(hi) > 0:
		if checked {
			return vm.Null, overflowErr(t)
		}
		x = hi
	}
	return newWide(ty, x), nil
}

// wideToTarget converts x, a value of from, to the numeric type ty: an
// integral target keeps the low bits unless checked, double and float
// round, decimal throws beyond its range.
func wideToTarget(t *vm.Thread, from *vm.Type, x *big.Int, ty *vm.Type, checked bool) (vm.Value, error) {
	switch ty {
	case vm.TDouble:
		return vm.Double(bigToFloat(x)), nil
	case vm.TFloat:
		f, _ := new(big.Float).SetInt(x).Float32()
		return vm.Float(f), nil
	case vm.TDecimal:
		if x.BitLen() > 96 {
			return vm.Null, t.Throw("System.OverflowException", "Value was either too large or too small for a Decimal.")
		}
		d, err := netfmt.ParseDecimalLiteral(x.String())
		if err != nil {
			return vm.Null, overflowErr(t)
		}
		return vm.NewDecimal(d), nil
	case tBigInteger:
		return newBig(x), nil
	case tInt128, tUInt128:
		return wideFromValue(t, ty, newWide(from, x), checked)
	}
	if bits, _, ok := integralWidth(ty); ok || ty == vm.TChar {
		if ty == vm.TChar {
			bits = 16
		}
		if checked {
			lo := new(big.Int)
			hi := new(big.Int).Lsh(bigOne, uint(bits))
			if ty == vm.TSByte || ty == vm.TShort || ty == vm.TInt || ty == vm.TLong {
				hi.Rsh(hi, 1)
				lo.Neg(hi)
			}
			if x.Cmp(lo) < 0 || x.Cmp(hi) >= 0 {
				return vm.Null, overflowErr(t)
			}
		}
		low := new(big.Int).And(x, new(big.Int).SetUint64(math.MaxUint64)).Uint64()
		return vm.MakeIntegral(ty, low), nil
	}
	return vm.Null, t.Throw("System.InvalidCastException", "Invalid cast from 'System."+wideName(from)+"' to '"+ty.FullName()+"'.")
}

// formatWide is ToString(format, provider): "X" and "B" write the 128 bits
// (no sign), the other formats the value as BigInteger's do.
func formatWide(t *vm.Thread, ty *vm.Type, x *big.Int, format string, c *netfmt.Culture) (string, error) {
	if c == nil {
		c = CurrentCulture(t)
	}
	if format != "" {
		switch f := format[0]; f {
		case 'X', 'x', 'B', 'b':
			digits := 0
			if len(format) > 1 {
				for _, r := range format[1:] {
					if r < '0' || r > '9' {
						return "", throwFormat(t, &netfmt.FormatError{Type: "FormatException", Msg: "Format specifier was invalid."})
					}
					digits = digits*10 + int(r-'0')
					if digits > 999999999 {
						return "", throwFormat(t, &netfmt.FormatError{Type: "FormatException", Msg: "Format specifier was invalid."})
					}
				}
			}
			u := new(big.Int).And(x, uint128Max)
			base := 16
			if f == 'B' || f == 'b' {
				base = 2
			}
			s := u.Text(base)
			if f == 'X' {
				s = strings.ToUpper(s)
			}
			if len(s) < digits {
				s = strings.Repeat("0", digits-len(s)) + s
			}
			return s, nil
		}
	}
	s, err := netfmt.FormatBigInteger(x, bigBytes(x, false), format, c)
	if err != nil {
		return "", throwFormat(t, err)
	}
	return s, nil
}

// parseWide is Parse(value, style, provider) for ty: BigInteger's parse,
// hexadecimal digits read as the 128 bits, the result checked against the
// range (OverflowException). failed reports malformed input (a nil error)
// for TryParse.
func parseWide(t *vm.Thread, ty *vm.Type, s string, opts []vm.Value) (r vm.Value, failed bool, err error) {
	style, c := int64(styleLeadingWhite|styleTrailingWhite|styleLeadingSign), CurrentCulture(t)
	for _, a := range opts {
		if a.Type() == tNumberStyles {
			style = vm.AsInt64(a)
		} else if pc := providerCulture(a); pc != nil {
			c = pc
		}
	}
	if style&styleHex != 0 {
		body := strings.Trim(s, " \t\n\v\f\r")
		x, ok := new(big.Int).SetString(body, 16)
		if body == "" || !ok || strings.ContainsAny(body, "+-_xX") {
			return vm.Null, true, nil
		}
		if x.BitLen() > 128 {
			return vm.Null, false, &netfmt.FormatError{Type: "OverflowException", Msg: "Value was either too large or too small for " + article(wideName(ty)) + "."}
		}
		return newWide(ty, wrapWide(ty, x)), false, nil
	}
	v, err := parseStyled(t, tBigInteger, s, style, c, parseBigCanon)
	var fe *netfmt.FormatError
	if errors.As(err, &fe) && fe.Type == "FormatException" {
		return vm.Null, true, nil
	}
	if err != nil {
		return vm.Null, false, err
	}
	x, _ := bigOf(v)
	if !fitsWide(ty, x) {
		return vm.Null, false, &netfmt.FormatError{Type: "OverflowException", Msg: "Value was either too large or too small for " + article(wideName(ty)) + "."}
	}
	return newWide(ty, x), false, nil
}

// wideHash is GetHashCode: the two 64-bit halves combined, each folded
// as long's hash is.
func wideHash(x *big.Int) int32 {
	u := new(big.Int).And(x, uint128Max)
	lo := new(big.Int).And(u, new(big.Int).SetUint64(math.MaxUint64)).Uint64()
	h := lo ^ new(big.Int).Rsh(u, 64).Uint64()
	return int32(uint32(h) ^ uint32(h>>32))
}

// article prefixes a type name with its English indefinite article.
func article(name string) string {
	if strings.HasPrefix(name, "I") {
		return "an " + name
	}
	return "a " + name
}

func init() {
	for _, ty := range []*vm.Type{tInt128, tUInt128} {
		addWide(ty)
	}
}

// addWide adds the members of Int128 or UInt128 (ty).
func addWide(ty *vm.Type) {
	ty.SetZero(newWide(ty, bigZero))
	implements(ty, ifPrimitive)
	unsigned := ty == tUInt128
	lo, hi := wideRange(ty)
	ty.AddStatic(".ctor", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) < 2 {
			return newWide(ty, bigZero), nil
		}
		// new Int128(ulong upper, ulong lower)
		x := new(big.Int).Lsh(new(big.Int).SetUint64(args[0].Bits()), 64)
		x.Or(x, new(big.Int).SetUint64(args[1].Bits()))
		return newWide(ty, wrapWide(ty, x)), nil
	})
	constant := func(name string, x *big.Int) {
		v := newWide(ty, x)
		ty.AddStaticProperty(name, func(*vm.Thread, []vm.Value) (vm.Value, error) { return v, nil }, nil)
	}
	constant("MinValue", lo)
	constant("MaxValue", hi)
	constant("Zero", bigZero)
	constant("One", bigOne)
	constant("AdditiveIdentity", bigZero)
	constant("MultiplicativeIdentity", bigOne)
	constant("AllBitsSet", wrapWide(ty, bigMinusOne))
	if !unsigned {
		constant("NegativeOne", bigMinusOne)
	}
	ty.AddStaticProperty("Radix", func(*vm.Thread, []vm.Value) (vm.Value, error) { return vm.Int(2), nil }, nil)

	result := func(t *vm.Thread, x *big.Int, checked bool) (vm.Value, error) {
		if !fitsWide(ty, x) {
			if checked {
				return vm.Null, overflowErr(t)
			}
			x = wrapWide(ty, x)
		}
		return newWide(ty, x), nil
	}
	unary := func(f func(x *big.Int) *big.Int, checked bool, names ...string) {
		for _, name := range names {
			ty.AddStatic(name, 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
				return result(t, f(wideArg(args, 0)), checked)
			})
		}
	}
	unary(func(x *big.Int) *big.Int { return new(big.Int).Neg(x) }, false, "op_UnaryNegation")
	unary(func(x *big.Int) *big.Int { return new(big.Int).Neg(x) }, true, "op_CheckedUnaryNegation")
	unary(func(x *big.Int) *big.Int { return x }, false, "op_UnaryPlus")
	unary(func(x *big.Int) *big.Int { return new(big.Int).Not(x) }, false, "op_OnesComplement")
	unary(func(x *big.Int) *big.Int { return new(big.Int).Add(x, bigOne) }, false, "op_Increment")
	unary(func(x *big.Int) *big.Int { return new(big.Int).Add(x, bigOne) }, true, "op_CheckedIncrement")
	unary(func(x *big.Int) *big.Int { return new(big.Int).Sub(x, bigOne) }, false, "op_Decrement")
	unary(func(x *big.Int) *big.Int { return new(big.Int).Sub(x, bigOne) }, true, "op_CheckedDecrement")
	unary(func(x *big.Int) *big.Int { return new(big.Int).Abs(x) }, true, "Abs")
	binary := func(f func(t *vm.Thread, x, y *big.Int) (*big.Int, error), checked bool, names ...string) {
		for _, name := range names {
			ty.AddStatic(name, 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
				r, err := f(t, wideArg(args, 0), wideArg(args, 1))
				if err != nil {
					return vm.Null, err
				}
				return result(t, r, checked)
			})
		}
	}
	add := func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) { return new(big.Int).Add(x, y), nil }
	sub := func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) { return new(big.Int).Sub(x, y), nil }
	mul := func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) { return new(big.Int).Mul(x, y), nil }
	div := func(t *vm.Thread, x, y *big.Int) (*big.Int, error) {
		if err := bigDivisor(t, y); err != nil {
			return nil, err
		}
		if !unsigned && y.Cmp(bigMinusOne) == 0 && x.Cmp(int128Min) == 0 {
			return nil, overflowErr(t) // MinValue / -1
		}
		return new(big.Int).Quo(x, y), nil
	}
	binary(add, false, "op_Addition")
	binary(add, true, "op_CheckedAddition")
	binary(sub, false, "op_Subtraction")
	binary(sub, true, "op_CheckedSubtraction")
	binary(mul, false, "op_Multiply")
	binary(mul, true, "op_CheckedMultiply")
	binary(div, false, "op_Division")
	binary(div, true, "op_CheckedDivision")
	binary(func(t *vm.Thread, x, y *big.Int) (*big.Int, error) {
		if err := bigDivisor(t, y); err != nil {
			return nil, err
		}
		if !unsigned && y.Cmp(bigMinusOne) == 0 && x.Cmp(int128Min) == 0 {
			return nil, overflowErr(t)
		}
		return new(big.Int).Rem(x, y), nil
	}, false, "op_Modulus")
	binary(func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) { return new(big.Int).And(x, y), nil }, false, "op_BitwiseAnd")
	binary(func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) { return new(big.Int).Or(x, y), nil }, false, "op_BitwiseOr")
	binary(func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) { return new(big.Int).Xor(x, y), nil }, false, "op_ExclusiveOr")
	pick := func(less bool) func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) {
		return func(_ *vm.Thread, x, y *big.Int) (*big.Int, error) {
			if (x.Cmp(y) < 0) == less {
				return x, nil
			}
			return y, nil
		}
	}
	binary(pick(false), false, "Max", "MaxMagnitude")
	binary(pick(true), false, "Min", "MinMagnitude")
	shift := func(name string, f func(x *big.Int, n uint) *big.Int) {
		ty.AddStatic(name, 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return newWide(ty, wrapWide(ty, f(wideArg(args, 0), uint(vm.AsInt64(args[1])&127)))), nil
		})
	}
	shift("op_LeftShift", func(x *big.Int, n uint) *big.Int { return new(big.Int).Lsh(x, n) })
	shift("op_RightShift", func(x *big.Int, n uint) *big.Int { return new(big.Int).Rsh(x, n) })
	shift("op_UnsignedRightShift", func(x *big.Int, n uint) *big.Int {
		return new(big.Int).Rsh(new(big.Int).And(x, uint128Max), n)
	})
	for name, test := range cmpOperators {
		ty.AddStatic(name, 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Bool(test(wideArg(args, 0).Cmp(wideArg(args, 1)))), nil
		})
	}
	conv := func(checked bool) vm.NativeFn {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			args, ts := vm.TakeTypeArgs(args, 1, 1)
			if w, ok := args[0].AsNative().(*wideInt); ok && len(ts) == 1 && ts[0] != nil && ts[0] != args[0].Type() {
				return wideToTarget(t, args[0].Type(), w.v, ts[0], checked)
			}
			return wideFromValue(t, ty, args[0], checked)
		}
	}
	ty.AddStatic("op_Implicit", 1, 2, conv(false)).WithTypeArgs()
	ty.AddStatic("op_Explicit", 1, 2, conv(false)).WithTypeArgs()
	ty.AddStatic("op_CheckedExplicit", 1, 2, conv(true)).WithTypeArgs()
	create := func(name string, f func(t *vm.Thread, v vm.Value) (vm.Value, error)) {
		ty.AddStatic(name, 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return f(t, args[0])
		}).WithTypeArgs() // TOther, unused: the value carries its type
	}
	create("CreateChecked", func(t *vm.Thread, v vm.Value) (vm.Value, error) { return wideFromValue(t, ty, v, true) })
	create("CreateTruncating", func(t *vm.Thread, v vm.Value) (vm.Value, error) { return wideFromValue(t, ty, v, false) })
	create("CreateSaturating", func(t *vm.Thread, v vm.Value) (vm.Value, error) {
		if x, ok := bigOf(v); ok {
			switch {
			case x.Cmp(lo) < 0:
				x = lo
			case x.Cmp(hi) > 0:
				x = hi
			}
			return newWide(ty, x), nil
		}
		return wideFromValue(t, ty, v, false)
	})
	ty.AddStatic("Compare", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(wideArg(args, 0).Cmp(wideArg(args, 1)))), nil
	})
	ty.AddStatic("Clamp", 3, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x, err := clampBig(t, wideArg(args, 0), wideArg(args, 1), wideArg(args, 2))
		if err != nil {
			return vm.Null, err
		}
		return newWide(ty, x), nil
	})
	ty.AddStatic("Sign", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(wideArg(args, 0).Sign())), nil
	})
	ty.AddStatic("DivRem", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x, y := wideArg(args, 0), wideArg(args, 1)
		if err := bigDivisor(t, y); err != nil {
			return vm.Null, err
		}
		q, r := new(big.Int).QuoRem(x, y, new(big.Int))
		return newTupleOf([]*vm.Type{ty, ty}, []vm.Value{newWide(ty, wrapWide(ty, q)), newWide(ty, r)}), nil
	})
	bitsOf := func(x *big.Int) *big.Int { return new(big.Int).And(x, uint128Max) }
	counter := func(name string, f func(u *big.Int) int) {
		ty.AddStatic(name, 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			return newWide(ty, big.NewInt(int64(f(bitsOf(wideArg(args, 0)))))), nil
		})
	}
	counter("PopCount", func(u *big.Int) int {
		n := 0
		for _, w := range u.Bits() {
			for ; w != 0; w &= w - 1 {
				n++
			}
		}
		return n
	})
	counter("LeadingZeroCount", func(u *big.Int) int { return 128 - u.BitLen() })
	counter("TrailingZeroCount", func(u *big.Int) int {
		if u.Sign() == 0 {
			return 128
		}
		return int(u.TrailingZeroBits())
	})
	ty.AddStatic("Log2", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x := wideArg(args, 0)
		if x.Sign() < 0 {
			return vm.Null, argOutOfRange(t, "value", msgNonNegative)
		}
		if x.Sign() == 0 {
			return newWide(ty, bigZero), nil
		}
		return newWide(ty, big.NewInt(int64(x.BitLen()-1))), nil
	})
	rotate := func(name string, left bool) {
		ty.AddStatic(name, 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			u, n := bitsOf(wideArg(args, 0)), uint(vm.AsInt64(args[1])&127)
			if !left {
				n = (128 - n) & 127
			}
			r := new(big.Int).Lsh(u, n)
			r.Or(r, new(big.Int).Rsh(u, 128-n))
			return newWide(ty, wrapWide(ty, r)), nil
		})
	}
	rotate("RotateLeft", true)
	rotate("RotateRight", false)
	pred := func(name string, f func(x *big.Int) bool) {
		ty.AddStatic(name, 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Bool(f(wideArg(args, 0))), nil })
	}
	pred("IsEvenInteger", func(x *big.Int) bool { return x.Bit(0) == 0 })
	pred("IsOddInteger", func(x *big.Int) bool { return x.Bit(0) == 1 })
	pred("IsNegative", func(x *big.Int) bool { return x.Sign() < 0 })
	pred("IsPositive", func(x *big.Int) bool { return x.Sign() >= 0 })
	pred("IsZero", func(x *big.Int) bool { return x.Sign() == 0 })
	pred("IsPow2", func(x *big.Int) bool { return x.Sign() > 0 && x.TrailingZeroBits() == uint(x.BitLen()-1) })
	for _, name := range []string{"IsInteger", "IsFinite", "IsRealNumber", "IsCanonical"} {
		pred(name, func(*big.Int) bool { return true })
	}
	for _, name := range []string{"IsNaN", "IsInfinity", "IsComplexNumber", "IsImaginaryNumber"} {
		pred(name, func(*big.Int) bool { return false })
	}

	ty.AddMethod("CompareTo", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if args[1].IsNull() {
			return vm.Int(1), nil
		}
		if args[1].Type() != ty {
			return vm.Null, t.Throw("System.ArgumentException", "Object must be of type "+wideName(ty)+".")
		}
		return vm.Int(int32(wideArg(args, 0).Cmp(wideArg(args, 1)))), nil
	})
	ty.AddMethod("Equals", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		if args[1].Type() != ty {
			return vm.Bool(false), nil
		}
		return vm.Bool(wideArg(args, 0).Cmp(wideArg(args, 1)) == 0), nil
	})
	ty.AddMethod("GetHashCode", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(wideHash(wideArg(args, 0))), nil
	})
	ty.AddMethod("ToString", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		format, c := "", (*netfmt.Culture)(nil)
		for _, a := range args[1:] {
			if s, ok := str(a); ok {
				format = s
			} else if pc := providerCulture(a); pc != nil {
				c = pc
			}
		}
		s, err := formatWide(t, ty, wideArg(args, 0), format, c)
		if err != nil {
			return vm.Null, err
		}
		return vm.String(s), nil
	})
	ty.AddStatic("Parse", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, ok := str(args[0])
		if !ok {
			return vm.Null, argNull(t, "s")
		}
		r, failed, err := parseWide(t, ty, s, args[1:])
		if failed {
			return vm.Null, t.Throw("System.FormatException", "The input string '"+s+"' was not in a correct format.")
		}
		if err != nil {
			return vm.Null, throwFormat(t, err)
		}
		return r, nil
	})
	ty.AddStatic("TryParse", 2, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		out := args[len(args)-1]
		if s, ok := str(args[0]); ok {
			v, failed, err := parseWide(t, ty, s, args[1:len(args)-1])
			var fe *netfmt.FormatError
			if err != nil && !errors.As(err, &fe) {
				return vm.Null, err
			}
			if !failed && err == nil {
				vm.StoreRef(out, v)
				return vm.Bool(true), nil
			}
		}
		vm.StoreRef(out, newWide(ty, bigZero))
		return vm.Bool(false), nil
	})
}

package lib

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unicode"

	"asyncvm/vm"
	"asyncvm/vm/netfmt"
)

var (
	tMath              = register(vm.NewLibType("System", "Math", nil))
	tConvert           = register(vm.NewLibType("System", "Convert", nil))
	tMidpointRounding  = libEnum("System", "MidpointRounding", "ToEven", "AwayFromZero", "ToZero", "ToNegativeInfinity", "ToPositiveInfinity")
	roundPower10Double = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}
)

// numKind classifies arguments for overload selection by runtime type.
const (
	kInt = iota
	kLong
	kFloat
	kDouble
	kDecimal
	kOther
)

func numKind(v vm.Value) int {
	switch v.PrimType() {
	case vm.TInt, vm.TChar, vm.TSByte, vm.TByte, vm.TShort, vm.TUShort:
		return kInt
	case vm.TLong, vm.TUInt, vm.TULong:
		return kLong
	case vm.TFloat:
		return kFloat
	case vm.TDouble:
		return kDouble
	}
	if v.Type() == vm.TDecimal {
		return kDecimal
	}
	if pt := v.PrimType(); pt != nil && pt.Kind == vm.KindEnum {
		return kInt
	}
	return kOther
}

// widest is the overload C# would pick for a binary Math call.
func widest(args []vm.Value) int {
	k := kInt
	for _, a := range args {
		if n := numKind(a); n > k {
			k = n
		}
	}
	return k
}

func numOut(k int, f float64, i int64) vm.Value {
	switch k {
	case kInt:
		return vm.Int(int32(i))
	case kLong:
		return vm.Long(i)
	case kFloat:
		return vm.Float(float32(f))
	}
	return vm.Double(f)
}

// roundMode applies a MidpointRounding mode to a double.
func roundMode(x float64, mode int) float64 {
	switch mode {
	case 1:
		return math.Trunc(x + math.Copysign(math.Nextafter(0.5, 0), x))
	case 2:
		return math.Trunc(x)
	case 3:
		return math.Floor(x)
	case 4:
		return math.Ceil(x)
	}
	return math.RoundToEven(x)
}

func mathRound(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	x := vm.AsF64(args[0])
	digits, mode := 0, 0
	isDecimal := args[0].Type() == vm.TDecimal
	for _, a := range args[1:] {
		if a.Type() == tMidpointRounding {
			mode, _ = toInt(a)
			if mode < 0 || mode > 4 {
				return vm.Null, t.Throw("System.ArgumentException", fmt.Sprintf("The value '%d' is not a valid value for the enum 'MidpointRounding'. (Parameter 'mode')", mode))
			}
		} else {
			digits, _ = toInt(a)
			if isDecimal && (digits < 0 || digits > 28) {
				return vm.Null, argOutOfRange(t, "decimals", "Decimal can only round to between 0 and 28 digits of precision.")
			}
			if !isDecimal && (digits < 0 || digits > 15) {
				return vm.Null, argOutOfRange(t, "digits", "Rounding digits must be between 0 and 15, inclusive.")
			}
		}
	}
	if args[0].Type() == vm.TDecimal {
		d, _ := args[0].AsNative().(vm.Decimal)
		return vm.NewDecimal(d.Round(digits, mode)), nil
	}
	if math.Abs(x) < 1e16 {
		p := roundPower10Double[digits]
		x = roundMode(x*p, mode) / p
	}
	if args[0].PrimType() == vm.TFloat {
		return vm.Float(float32(x)), nil
	}
	return vm.Double(x), nil
}

func unary(f func(float64) float64) native {
	return func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Double(f(vm.AsF64(args[0]))), nil }
}

func overflow(t *vm.Thread, typ string) error {
	return t.Throw("System.OverflowException", "Value was either too large or too small for "+typ+".")
}

// toInt32Checked is Convert.ToInt32(object).
func toInt64Checked(t *vm.Thread, v vm.Value, bits int, typ string) (int64, error) {
	lo, hi := int64(math.MinInt32), int64(math.MaxInt32)
	if bits == 64 {
		lo, hi = math.MinInt64, math.MaxInt64
	}
	switch numKind(v) {
	case kInt, kLong:
		n := intBits(v)
		if n < lo || n > hi || v.PrimType() == vm.TULong && n < 0 {
			return 0, overflow(t, typ)
		}
		return n, nil
	case kFloat, kDouble, kDecimal:
		var f float64
		if d, ok := v.AsNative().(vm.Decimal); ok {
			f = d.Float64()
		} else {
			f = vm.AsF64(v)
		}
		r := math.RoundToEven(f)
		if math.IsNaN(r) || r < float64(lo) || r >= -float64(lo) {
			return 0, overflow(t, typ)
		}
		return int64(r), nil
	}
	if v.IsNull() {
		return 0, nil
	}
	if v.PrimType() == vm.TBool {
		return int64(v.Bits()), nil
	}
	if s, ok := str(v); ok {
		var n int64
		var err error
		if bits == 64 {
			n, err = netfmt.ParseInt64(s, CurrentCulture(t))
		} else {
			var i int32
			i, err = netfmt.ParseInt32(s, CurrentCulture(t))
			n = int64(i)
		}
		if err != nil {
			return 0, throwFormat(t, err)
		}
		return n, nil
	}
	return 0, t.Throw("System.InvalidCastException", "Unable to cast object of type '"+v.Type().FullName()+"' to type 'System.IConvertible'.")
}

func toDouble(t *vm.Thread, v vm.Value) (float64, error) {
	if s, ok := str(v); ok {
		f, err := netfmt.ParseDouble(s, CurrentCulture(t))
		if err != nil {
			return 0, throwFormat(t, err)
		}
		return f, nil
	}
	if d, ok := v.AsNative().(vm.Decimal); ok {
		return d.Float64(), nil
	}
	if v.PrimType() == vm.TBool {
		return float64(v.Bits()), nil
	}
	if v.IsNull() {
		return 0, nil
	}
	return vm.AsF64(v), nil
}

// parser registers Parse and TryParse for a primitive.
func parser(ty *vm.Type, parse func(t *vm.Thread, s string, c *netfmt.Culture) (vm.Value, error)) {
	culture := func(t *vm.Thread, args []vm.Value) *netfmt.Culture {
		for _, a := range args {
			if c := providerCulture(a); c != nil {
				return c
			}
		}
		return CurrentCulture(t)
	}
	// styled is the parser under the NumberStyles among args, if any.
	styled := func(args []vm.Value) func(t *vm.Thread, s string, c *netfmt.Culture) (vm.Value, error) {
		for _, a := range args {
			if a.Type() == tNumberStyles {
				style := vm.AsInt64(a)
				return func(t *vm.Thread, s string, c *netfmt.Culture) (vm.Value, error) {
					return parseStyled(t, ty, s, style, c, parse)
				}
			}
		}
		return parse
	}
	ty.AddStatic("Parse", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, ok := str(args[0])
		if !ok {
			return vm.Null, argNull(t, "s")
		}
		v, err := styled(args[1:])(t, s, culture(t, args[1:]))
		if err != nil {
			return vm.Null, throwFormat(t, err)
		}
		return v, nil
	})
	ty.AddStatic("TryParse", 2, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		out := args[len(args)-1]
		s, ok := str(args[0])
		if ok {
			v, err := styled(args[1:len(args)-1])(t, s, culture(t, args[1:len(args)-1]))
			if err == nil {
				vm.StoreRef(out, v)
				return vm.Bool(true), nil
			}
		}
		vm.StoreRef(out, ty.Zero())
		return vm.Bool(false), nil
	})
}

func constant(ty *vm.Type, name string, v vm.Value) {
	ty.AddStaticProperty(name, func(*vm.Thread, []vm.Value) (vm.Value, error) { return v, nil }, nil)
}

func charPred(f func(rune) bool) native {
	return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		c := args[0]
		if s, ok := str(c); ok && len(args) > 1 {
			i, _ := toInt(args[1])
			st := args[0].AsStr()
			if i < 0 || i >= st.Len() {
				return vm.Null, argOutOfRange(t, "index", msgIndexRange)
			}
			_ = s
			c = vm.Char(st.At(i))
		}
		return vm.Bool(f(rune(c.AsChar()))), nil
	}
}

func init() {
	m := tMath
	constant(m, "PI", vm.Double(math.Pi))
	constant(m, "E", vm.Double(math.E))
	constant(m, "Tau", vm.Double(2*math.Pi))
	m.AddStatic("Abs", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		a := args[0]
		if pt := a.PrimType(); pt == vm.TSByte || pt == vm.TShort {
			// Math.Abs(sbyte) and Math.Abs(short) keep their type.
			n := vm.AsInt64(a)
			if pt == vm.TSByte && n == math.MinInt8 || pt == vm.TShort && n == math.MinInt16 {
				return vm.Null, t.Throw("System.OverflowException", "Negating the minimum value of a twos complement number is invalid.")
			}
			return vm.MakeIntegral(pt, uint64(max(n, -n))), nil
		}
		switch numKind(a) {
		case kInt:
			n := intBits(a)
			if n == math.MinInt32 {
				return vm.Null, t.Throw("System.OverflowException", "Negating the minimum value of a twos complement number is invalid.")
			}
			return vm.Int(int32(max(n, -n))), nil
		case kLong:
			n := a.AsLong()
			if n == math.MinInt64 {
				return vm.Null, t.Throw("System.OverflowException", "Negating the minimum value of a twos complement number is invalid.")
			}
			return vm.Long(max(n, -n)), nil
		case kFloat:
			return vm.Float(float32(math.Abs(vm.AsF64(a)))), nil
		case kDecimal:
			d := a.AsNative().(vm.Decimal)
			if d.Sign() < 0 {
				d = d.Neg()
			}
			return vm.NewDecimal(d), nil
		}
		return vm.Double(math.Abs(vm.AsF64(a))), nil
	})
	minMax := func(isMax bool) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			k := widest(args)
			if k == kDecimal {
				c, err := compareValues(t, args[0], args[1])
				if err != nil {
					return vm.Null, err
				}
				if (c >= 0) == isMax {
					return args[0], nil
				}
				return args[1], nil
			}
			if a, b := args[0], args[1]; a.PrimType() == b.PrimType() && vm.IsIntegral(a) {
				// Math.Max(byte, byte) is a byte, Math.Max(ulong, ulong) unsigned.
				if (vm.CompareIntegral(a, b) >= 0) == isMax {
					return a, nil
				}
				return b, nil
			}
			if k <= kLong {
				x, y := intBits(args[0]), intBits(args[1])
				if isMax {
					return numOut(k, 0, max(x, y)), nil
				}
				return numOut(k, 0, min(x, y)), nil
			}
			x, y := vm.AsF64(args[0]), vm.AsF64(args[1])
			if isMax {
				return numOut(k, math.Max(x, y), 0), nil
			}
			return numOut(k, math.Min(x, y), 0), nil
		}
	}
	m.AddStatic("Max", 2, 2, minMax(true))
	m.AddStatic("Min", 2, 2, minMax(false))
	m.AddStatic("Clamp", 3, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		k := widest(args)
		if c, err := compareValues(t, args[1], args[2]); err != nil || c > 0 {
			if err != nil {
				return vm.Null, err
			}
			lo, _ := t.ToString(args[1])
			hi, _ := t.ToString(args[2])
			return vm.Null, t.Throw("System.ArgumentException", "'"+lo+"' cannot be greater than "+hi+".")
		}
		if k <= kLong {
			return numOut(k, 0, min(max(intBits(args[0]), intBits(args[1])), intBits(args[2]))), nil
		}
		return numOut(k, math.Min(math.Max(vm.AsF64(args[0]), vm.AsF64(args[1])), vm.AsF64(args[2])), 0), nil
	})
	m.AddStatic("Sign", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if numKind(args[0]) <= kLong {
			return vm.Int(int32(cmpInt(intBits(args[0]), 0))), nil
		}
		f := vm.AsF64(args[0])
		if d, ok := args[0].AsNative().(vm.Decimal); ok {
			f = float64(d.Sign())
		}
		if math.IsNaN(f) {
			return vm.Null, t.Throw("System.ArithmeticException", "Function does not accept floating point Not-a-Number values.")
		}
		switch {
		case f > 0:
			return vm.Int(1), nil
		case f < 0:
			return vm.Int(-1), nil
		}
		return vm.Int(0), nil
	})
	m.AddStatic("Round", 1, 3, mathRound)
	m.AddStatic("Pow", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Double(math.Pow(vm.AsF64(args[0]), vm.AsF64(args[1]))), nil
	})
	m.AddStatic("ScaleB", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Double(math.Ldexp(vm.AsF64(args[0]), int(args[1].AsInt()))), nil
	})
	m.AddStatic("ILogB", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(math.Ilogb(vm.AsF64(args[0])))), nil
	})
	m.AddStatic("IEEERemainder", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Double(math.Remainder(vm.AsF64(args[0]), vm.AsF64(args[1]))), nil
	})
	m.AddStatic("Atan2", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Double(math.Atan2(vm.AsF64(args[0]), vm.AsF64(args[1]))), nil
	})
	m.AddStatic("Log", 1, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		x := math.Log(vm.AsF64(args[0]))
		if len(args) > 1 {
			x /= math.Log(vm.AsF64(args[1]))
		}
		return vm.Double(x), nil
	})
	for name, f := range map[string]func(float64) float64{
		"Sqrt": math.Sqrt, "Log10": math.Log10, "Log2": math.Log2, "Exp": math.Exp, "Sin": math.Sin, "Cos": math.Cos,
		"Tan": math.Tan, "Asin": math.Asin, "Acos": math.Acos, "Atan": math.Atan, "Cbrt": math.Cbrt,
		"Sinh": math.Sinh, "Cosh": math.Cosh, "Tanh": math.Tanh,
	} {
		m.AddStatic(name, 1, 1, unary(f))
	}
	for name, f := range map[string]func(float64) float64{"Floor": math.Floor, "Ceiling": math.Ceil, "Truncate": math.Trunc} {
		f := f
		m.AddStatic(name, 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			if d, ok := args[0].AsNative().(vm.Decimal); ok {
				// Exact on decimals: ToNegativeInfinity, ToPositiveInfinity, ToZero.
				mode := map[string]int{"Floor": 3, "Ceiling": 4, "Truncate": 2}[name]
				return vm.NewDecimal(d.Round(0, mode)), nil
			}
			return vm.Double(f(vm.AsF64(args[0]))), nil
		})
	}
	// decimal's own rounding members (decimal.Round(d, 2)) are Math's.
	for _, name := range []string{"Round", "Floor", "Ceiling", "Truncate"} {
		for _, f := range m.Statics[name] {
			vm.TDecimal.AddStatic(name, f.MinParams, f.NumParams, f.Native)
		}
	}
	m.AddStatic("DivRem", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		k := widest(args[:2])
		x, y := intBits(args[0]), intBits(args[1])
		if y == 0 {
			return vm.Null, t.Throw("System.DivideByZeroException", "Attempted to divide by zero.")
		}
		if len(args) == 2 {
			// DivRem(a, b): the (Quotient, Remainder) tuple.
			q, r := numOut(k, 0, x/y), numOut(k, 0, x%y)
			return newTupleOf([]*vm.Type{q.PrimType(), r.PrimType()}, []vm.Value{q, r}), nil
		}
		vm.StoreRef(args[2], numOut(k, 0, x%y))
		return numOut(k, 0, x/y), nil
	})
	// BigMul(int, int) is a long, BigMul(uint, uint) a ulong; the
	// three-argument forms return the high 64 bits of the 128-bit
	// product and store the low ones.
	m.AddStatic("BigMul", 2, 3, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		unsigned := args[0].PrimType() == vm.TUInt || args[0].PrimType() == vm.TULong
		if len(args) == 2 {
			if unsigned {
				return vm.ULong(args[0].Bits() * args[1].Bits()), nil
			}
			return vm.Long(intBits(args[0]) * intBits(args[1])), nil
		}
		if unsigned {
			hi, lo := bits.Mul64(args[0].Bits(), args[1].Bits())
			vm.StoreRef(args[2], vm.ULong(lo))
			return vm.ULong(hi), nil
		}
		a, b := intBits(args[0]), intBits(args[1])
		hi, lo := bits.Mul64(uint64(a), uint64(b))
		// The signed high word: subtract b when a < 0 and a when b < 0.
		h := int64(hi)
		if a < 0 {
			h -= b
		}
		if b < 0 {
			h -= a
		}
		vm.StoreRef(args[2], vm.Long(int64(lo)))
		return vm.Long(h), nil
	})

	c := tConvert
	c.AddStatic("ToInt32", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if isFromBase(args) {
			return convertFromBase(t, vm.TInt, args[0], int(args[1].AsInt()))
		}
		n, err := toInt64Checked(t, args[0], 32, "an Int32")
		return vm.Int(int32(n)), err
	})
	c.AddStatic("ToInt64", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if isFromBase(args) {
			return convertFromBase(t, vm.TLong, args[0], int(args[1].AsInt()))
		}
		n, err := toInt64Checked(t, args[0], 64, "an Int64")
		return vm.Long(n), err
	})
	c.AddStatic("ToDouble", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		f, err := toDouble(t, args[0])
		return vm.Double(f), err
	})
	c.AddStatic("ToSingle", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		f, err := toDouble(t, args[0])
		return vm.Float(float32(f)), err
	})
	c.AddStatic("ToDecimal", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if s, ok := str(args[0]); ok {
			d, ok := vm.ParseDecimal(strings.TrimSpace(s))
			if !ok {
				return vm.Null, t.Throw("System.FormatException", "The input string '"+s+"' was not in a correct format.")
			}
			return vm.NewDecimal(d), nil
		}
		return t.ConvertTo(args[0], vm.TDecimal)
	})
	c.AddStatic("ToString", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) == 2 && args[1].PrimType() == vm.TInt && numKind(args[0]) <= kLong {
			base := int(args[1].AsInt())
			if base != 2 && base != 8 && base != 10 && base != 16 {
				return vm.Null, t.Throw("System.ArgumentException", "Invalid Base. (Parameter 'toBase')")
			}
			n := intBits(args[0])
			if base == 10 || n >= 0 {
				return vm.String(strconv.FormatInt(n, base)), nil
			}
			// A negative value prints in two's complement at the width of
			// the overload C# chose: ToString(byte|short|int|long, int);
			// sbyte binds to the short one, as in .NET.
			var u uint64
			switch args[0].PrimType() {
			case vm.TByte:
				u = uint64(uint8(n))
			case vm.TSByte, vm.TShort:
				u = uint64(uint16(n))
			case vm.TInt:
				u = uint64(uint32(n))
			default:
				u = uint64(n)
			}
			return vm.String(strconv.FormatUint(u, base)), nil
		}
		if args[0].IsNull() {
			return vm.String(""), nil
		}
		return toStringWith(t, args)
	})
	c.AddStatic("ToBoolean", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if s, ok := str(args[0]); ok {
			b, err := netfmt.ParseBool(s)
			if err != nil {
				return vm.Null, throwFormat(t, err)
			}
			return vm.Bool(b), nil
		}
		if args[0].PrimType() == vm.TBool {
			return args[0], nil
		}
		if args[0].IsNull() {
			return vm.Bool(false), nil
		}
		return vm.Bool(vm.AsF64(args[0]) != 0), nil
	})
	c.AddStatic("ToChar", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if s, ok := str(args[0]); ok {
			st := args[0].AsStr()
			if st.Len() != 1 {
				_ = s
				return vm.Null, t.Throw("System.FormatException", "String must be exactly one character long.")
			}
			return vm.Char(st.At(0)), nil
		}
		n := intBits(args[0])
		if n < 0 || n > 0xffff {
			return vm.Null, overflow(t, "a character")
		}
		return vm.Char(uint16(n)), nil
	})

	i32 := register(vm.TInt)
	constant(i32, "MaxValue", vm.Int(math.MaxInt32))
	constant(i32, "MinValue", vm.Int(math.MinInt32))
	parser(i32, func(_ *vm.Thread, s string, c *netfmt.Culture) (vm.Value, error) {
		n, err := netfmt.ParseInt32(s, c)
		return vm.Int(n), err
	})
	i64 := register(vm.TLong)
	constant(i64, "MaxValue", vm.Long(math.MaxInt64))
	constant(i64, "MinValue", vm.Long(math.MinInt64))
	parser(i64, func(_ *vm.Thread, s string, c *netfmt.Culture) (vm.Value, error) {
		n, err := netfmt.ParseInt64(s, c)
		return vm.Long(n), err
	})
	f64 := register(vm.TDouble)
	for name, v := range map[string]float64{
		"MaxValue": math.MaxFloat64, "MinValue": -math.MaxFloat64, "Epsilon": 4.9406564584124654e-324,
		"NaN": math.NaN(), "PositiveInfinity": math.Inf(1), "NegativeInfinity": math.Inf(-1),
	} {
		constant(f64, name, vm.Double(v))
	}
	parser(f64, func(_ *vm.Thread, s string, c *netfmt.Culture) (vm.Value, error) {
		f, err := netfmt.ParseDouble(s, c)
		return vm.Double(f), err
	})
	f32 := register(vm.TFloat)
	for name, v := range map[string]float32{
		"MaxValue": math.MaxFloat32, "MinValue": -math.MaxFloat32, "Epsilon": 1.4e-45,
		"NaN": float32(math.NaN()), "PositiveInfinity": float32(math.Inf(1)), "NegativeInfinity": float32(math.Inf(-1)),
	} {
		constant(f32, name, vm.Float(v))
	}
	parser(f32, func(_ *vm.Thread, s string, c *netfmt.Culture) (vm.Value, error) {
		f, err := netfmt.ParseFloat32(s, c)
		return vm.Float(f), err
	})
	for _, ty := range []*vm.Type{f64, f32} {
		for name, p := range map[string]func(float64) bool{
			"IsNaN":              math.IsNaN,
			"IsInfinity":         func(f float64) bool { return math.IsInf(f, 0) },
			"IsPositiveInfinity": func(f float64) bool { return math.IsInf(f, 1) },
			"IsNegativeInfinity": func(f float64) bool { return math.IsInf(f, -1) },
			"IsFinite":           func(f float64) bool { return !math.IsInf(f, 0) && !math.IsNaN(f) },
			"IsNegative":         math.Signbit,
		} {
			p := p
			ty.AddStatic(name, 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Bool(p(vm.AsF64(args[0]))), nil })
		}
	}
	dec := register(vm.TDecimal)
	parser(dec, func(_ *vm.Thread, s string, c *netfmt.Culture) (vm.Value, error) {
		nd, err := netfmt.ParseDecimal(s, c)
		if err != nil {
			return vm.Null, err
		}
		d, _ := vm.ParseDecimal(nd.String())
		return vm.NewDecimal(d), nil
	})
	b := register(vm.TBool)
	constant(b, "TrueString", vm.String("True"))
	constant(b, "FalseString", vm.String("False"))
	parser(b, func(_ *vm.Thread, s string, _ *netfmt.Culture) (vm.Value, error) {
		v, err := netfmt.ParseBool(s)
		return vm.Bool(v), err
	})
	ch := register(vm.TChar)
	constant(ch, "MaxValue", vm.Char(0xffff))
	constant(ch, "MinValue", vm.Char(0))
	for name, p := range map[string]func(rune) bool{
		"IsDigit": unicode.IsDigit, "IsLetter": unicode.IsLetter, "IsWhiteSpace": unicode.IsSpace,
		"IsUpper": unicode.IsUpper, "IsLower": unicode.IsLower, "IsPunctuation": unicode.IsPunct,
		"IsLetterOrDigit": func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) },
		"IsControl":       unicode.IsControl, "IsSymbol": unicode.IsSymbol, "IsNumber": unicode.IsNumber,
		"IsSeparator": func(r rune) bool { return unicode.In(r, unicode.Z) },
		"IsAscii":     func(r rune) bool { return r < 0x80 },
		"IsSurrogate": func(r rune) bool { return r >= 0xd800 && r <= 0xdfff },
	} {
		ch.AddStatic(name, 1, 2, charPred(p))
	}
	caseMap := func(f func(rune) rune) native {
		return func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			r := f(rune(args[0].AsChar()))
			if r > 0xffff {
				return args[0], nil
			}
			return vm.Char(uint16(r)), nil
		}
	}
	ch.AddStatic("ToUpper", 1, 2, caseMap(unicode.ToUpper))
	ch.AddStatic("ToLower", 1, 2, caseMap(unicode.ToLower))
	ch.AddStatic("ToUpperInvariant", 1, 1, caseMap(unicode.ToUpper))
	ch.AddStatic("ToLowerInvariant", 1, 1, caseMap(unicode.ToLower))
	// Surrogate pairs: a supplementary code point is a high surrogate
	// (0xd800-0xdbff) followed by a low one (0xdc00-0xdfff).
	isHigh := func(r rune) bool { return r >= 0xd800 && r <= 0xdbff }
	isLow := func(r rune) bool { return r >= 0xdc00 && r <= 0xdfff }
	ch.AddStatic("IsHighSurrogate", 1, 2, charPred(isHigh))
	ch.AddStatic("IsLowSurrogate", 1, 2, charPred(isLow))
	ch.AddStatic("IsSurrogatePair", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if st := args[0].AsStr(); st != nil {
			i, _ := toInt(args[1])
			if i < 0 || i >= st.Len() {
				return vm.Null, argOutOfRange(t, "index", msgIndexRange)
			}
			return vm.Bool(i+1 < st.Len() && isHigh(rune(st.At(i))) && isLow(rune(st.At(i+1)))), nil
		}
		if args[0].IsNull() {
			return vm.Null, argNull(t, "s")
		}
		return vm.Bool(isHigh(rune(args[0].AsChar())) && isLow(rune(args[1].AsChar()))), nil
	})
	ch.AddStatic("ConvertToUtf32", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if args[0].IsNull() {
			return vm.Null, argNull(t, "s")
		}
		if st := args[0].AsStr(); st != nil {
			i, _ := toInt(args[1])
			if i < 0 || i >= st.Len() {
				return vm.Null, argOutOfRange(t, "index", msgIndexRange)
			}
			r := rune(st.At(i))
			switch {
			case !isHigh(r) && !isLow(r):
				return vm.Int(int32(r)), nil
			case isHigh(r) && i+1 < st.Len() && isLow(rune(st.At(i+1))):
				return vm.Int(int32((r-0xd800)<<10 + (rune(st.At(i+1)) - 0xdc00) + 0x10000)), nil
			case isHigh(r):
				return vm.Null, t.Throw("System.ArgumentException", "Found a high surrogate char without a following low surrogate at index: "+strconv.Itoa(i)+". The input may not be in this encoding, or may not contain valid Unicode (UTF-16) characters. (Parameter 's')")
			}
			return vm.Null, t.Throw("System.ArgumentException", "Found a low surrogate char without a preceding high surrogate at index: "+strconv.Itoa(i)+". The input may not be in this encoding, or may not contain valid Unicode (UTF-16) characters. (Parameter 's')")
		}
		hi, lo := rune(args[0].AsChar()), rune(args[1].AsChar())
		if !isHigh(hi) {
			return vm.Null, argOutOfRange(t, "highSurrogate", "A valid high surrogate character is between 0xd800 and 0xdbff, inclusive.")
		}
		if !isLow(lo) {
			return vm.Null, argOutOfRange(t, "lowSurrogate", "A valid low surrogate character is between 0xdc00 and 0xdfff, inclusive.")
		}
		return vm.Int(int32((hi-0xd800)<<10 + (lo - 0xdc00) + 0x10000)), nil
	})
	ch.AddStatic("ConvertFromUtf32", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		r, _ := toInt(args[0])
		if r < 0 || r > 0x10ffff || r >= 0xd800 && r <= 0xdfff {
			return vm.Null, argOutOfRange(t, "utf32", "A valid UTF32 value is between 0x000000 and 0x10ffff, inclusive, and should not include surrogate codepoint values (0x00d800 ~ 0x00dfff).")
		}
		return vm.String(string(rune(r))), nil
	})
	ch.AddStatic("GetNumericValue", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		c := args[0].AsChar()
		if c >= '0' && c <= '9' {
			return vm.Double(float64(c - '0')), nil
		}
		return vm.Double(-1), nil
	})
	parser(ch, func(_ *vm.Thread, s string, _ *netfmt.Culture) (vm.Value, error) {
		st := vm.NewStr(s)
		if st.Len() != 1 {
			return vm.Null, &netfmt.FormatError{Type: "FormatException", Msg: "String must be exactly one character long."}
		}
		return vm.Char(st.At(0)), nil
	})
}

package vm

import (
	"math/big"
)

// Decimal is a System.Decimal value: mantissa * 10^-scale. It is immutable
// and carried as a library object.
type Decimal struct {
	M     *big.Int
	Scale int32
}

// TDecimal is System.Decimal.
var TDecimal = &Type{Kind: KindNative, Namespace: "System", Name: "Decimal", CSName: "decimal", IsValueType: true, Super: TObject}

// NewDecimal boxes a decimal into a value.
func NewDecimal(d Decimal) Value { return NewNative(TDecimal, d) }

// Neg returns -d.
func (d Decimal) Neg() Decimal { return Decimal{new(big.Int).Neg(d.M), d.Scale} }

func (d Decimal) rescale(s int32) *big.Int {
	m := new(big.Int).Set(d.M)
	if s > d.Scale {
		m.Mul(m, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(s-d.Scale)), nil))
	}
	return m
}

// Cmp compares two decimals.
func (d Decimal) Cmp(e Decimal) int {
	s := max(d.Scale, e.Scale)
	return d.rescale(s).Cmp(e.rescale(s))
}

// Int64 truncates toward zero.
func (d Decimal) Int64() int64 {
	q := new(big.Int).Quo(d.M, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d.Scale)), nil))
	return q.Int64()
}

// Float64 converts to the nearest double.
func (d Decimal) Float64() float64 {
	r := new(big.Rat).SetFrac(d.M, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d.Scale)), nil))
	f, _ := r.Float64()
	return f
}

// String prints the decimal with its scale, invariant culture.
func (d Decimal) String() string {
	s := new(big.Int).Abs(d.M).String()
	neg := d.M.Sign() < 0
	if d.Scale > 0 {
		for len(s) <= int(d.Scale) {
			s = "0" + s
		}
		s = s[:len(s)-int(d.Scale)] + "." + s[len(s)-int(d.Scale):]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// ParseDecimal parses a decimal literal such as "1.50".
func ParseDecimal(s string) (Decimal, bool) {
	scale := int32(0)
	digits := make([]byte, 0, len(s))
	seenDot := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.' && !seenDot:
			seenDot = true
		case c >= '0' && c <= '9':
			digits = append(digits, c)
			if seenDot {
				scale++
			}
		case c == '-' && i == 0:
			digits = append(digits, c)
		case c == '_':
		default:
			return Decimal{}, false
		}
	}
	m, ok := new(big.Int).SetString(string(digits), 10)
	if !ok {
		return Decimal{}, false
	}
	return Decimal{m, scale}, true
}

func toDecimal(v Value) Decimal {
	if d, ok := v.AsNative().(Decimal); ok {
		return d
	}
	if rank(v) == rankInt || rank(v) == rankLong {
		return Decimal{big.NewInt(asI64(v)), 0}
	}
	if rank(v) != rankNone {
		r := new(big.Rat)
		r.SetFloat64(AsF64(v))
		// Keep up to 15 significant digits, as decimal(double) does.
		d, _ := ParseDecimal(r.FloatString(15))
		return d.normalize()
	}
	return Decimal{big.NewInt(0), 0}
}

func (d Decimal) normalize() Decimal {
	m := new(big.Int).Set(d.M)
	s := d.Scale
	ten := big.NewInt(10)
	r := new(big.Int)
	for s > 0 {
		q, rem := new(big.Int).QuoRem(m, ten, r)
		if rem.Sign() != 0 {
			break
		}
		m = q
		s--
	}
	return Decimal{m, s}
}

func (t *Thread) decimalArith(op Op, d Decimal, c Value) (Value, error) {
	e := toDecimal(c)
	s := max(d.Scale, e.Scale)
	x, y := d.rescale(s), e.rescale(s)
	switch op {
	case OpAdd:
		return NewDecimal(Decimal{x.Add(x, y), s}), nil
	case OpSub:
		return NewDecimal(Decimal{x.Sub(x, y), s}), nil
	case OpMul:
		return NewDecimal(Decimal{new(big.Int).Mul(d.M, e.M), d.Scale + e.Scale}), nil
	case OpDiv, OpRem:
		if y.Sign() == 0 {
			return Null, t.divByZero()
		}
		if op == OpRem {
			return NewDecimal(Decimal{new(big.Int).Rem(x, y), s}), nil
		}
		r := new(big.Rat).SetFrac(x, y)
		q, _ := ParseDecimal(r.FloatString(28))
		return NewDecimal(q.normalize()), nil
	}
	return Null, t.Throw("System.InvalidOperationException", "Operator '"+opSymbol(op)+"' cannot be applied to operands of type 'decimal'")
}

package vm

import (
	"asyncvm/vm/netfmt"
)

// Decimal is a System.Decimal value: netfmt's 96-bit decimal (with .NET's
// scale, rounding and overflow rules), carried as a library object.
type Decimal = netfmt.Decimal

// TDecimal is System.Decimal.
var TDecimal = &Type{Kind: KindNative, Namespace: "System", Name: "Decimal", CSName: "decimal", IsValueType: true, Super: TObject}

// default(decimal) is 0, not null: a decimal field, array element or
// default literal starts as zero (0m, scale 0).
func init() { TDecimal.SetZero(NewDecimal(Decimal{})) }

// NewDecimal boxes a decimal into a value.
func NewDecimal(d Decimal) Value { return NewNative(TDecimal, d) }

// ParseDecimal parses a decimal literal such as "1.50" (scale kept).
func ParseDecimal(s string) (Decimal, bool) {
	d, err := netfmt.ParseDecimalLiteral(s)
	return d, err == nil
}

// toDecimal converts a numeric value to decimal, as C#'s implicit and
// explicit conversions do (doubles keep 15 significant digits).
func toDecimal(v Value) Decimal {
	if d, ok := v.AsNative().(Decimal); ok {
		return d
	}
	switch rank(v) {
	case rankInt, rankLong:
		return netfmt.DecimalFromInt64(asI64(v))
	case rankUInt, rankULong:
		return netfmt.DecimalFromUint64(v.n)
	case rankFloat:
		d, _ := netfmt.DecimalFromFloat32(v.AsFloat())
		return d
	case rankDouble:
		d, _ := netfmt.DecimalFromFloat64(AsF64(v))
		return d
	}
	return Decimal{}
}

// castDecimal is (decimal)v: a float or double that is NaN, infinite or
// beyond decimal's range throws OverflowException.
func (t *Thread) castDecimal(v Value) (Value, error) {
	var err error
	switch rank(v) {
	case rankFloat:
		_, err = netfmt.DecimalFromFloat32(v.AsFloat())
	case rankDouble:
		_, err = netfmt.DecimalFromFloat64(AsF64(v))
	}
	if err != nil {
		return Null, t.Throw("System.OverflowException", "Value was either too large or too small for a Decimal.")
	}
	return NewDecimal(toDecimal(v)), nil
}

// decimalToInt64 truncates toward zero, as (long)d does.
func decimalToInt64(d Decimal) int64 {
	n, _ := d.Truncate()
	return n
}

func (t *Thread) decimalArith(op Op, d Decimal, c Value) (Value, error) {
	e := toDecimal(c)
	var r Decimal
	var err error
	switch op {
	case OpAdd:
		r, err = d.Add(e)
	case OpSub:
		r, err = d.Sub(e)
	case OpMul:
		r, err = d.Mul(e)
	case OpDiv:
		r, err = d.Div(e)
	case OpRem:
		r, err = d.Rem(e)
	default:
		return Null, t.Throw("System.InvalidOperationException", "Operator '"+opSymbol(op)+"' cannot be applied to operands of type 'decimal'")
	}
	if fe, ok := err.(*netfmt.FormatError); ok {
		return Null, t.Throw("System."+fe.Type, fe.Msg)
	}
	return NewDecimal(r), err
}

// ToDecimal converts a numeric value to decimal, as new decimal(x) does
// for an int, long, uint, ulong, float or double.
func ToDecimal(v Value) Decimal { return toDecimal(v) }

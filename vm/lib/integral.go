package lib

import (
	"math"

	"asyncvm/vm"
	"asyncvm/vm/netfmt"
)

// The integral types besides int and long: their MinValue and MaxValue,
// Parse and TryParse, and the Convert.ToXxx conversions to them.

// integralInfo describes one integral type for the library.
type integralInfo struct {
	ty      *vm.Type
	min     vm.Value
	max     vm.Value
	convert string // the Convert method that produces it
	parse   func(s string, c *netfmt.Culture) (vm.Value, error)
}

var integrals = []integralInfo{
	{vm.TSByte, vm.SByte(math.MinInt8), vm.SByte(math.MaxInt8), "ToSByte", func(s string, c *netfmt.Culture) (vm.Value, error) {
		n, err := netfmt.ParseSByte(s, c)
		return vm.SByte(n), err
	}},
	{vm.TByte, vm.Byte(0), vm.Byte(math.MaxUint8), "ToByte", func(s string, c *netfmt.Culture) (vm.Value, error) {
		n, err := netfmt.ParseByte(s, c)
		return vm.Byte(n), err
	}},
	{vm.TShort, vm.Short(math.MinInt16), vm.Short(math.MaxInt16), "ToInt16", func(s string, c *netfmt.Culture) (vm.Value, error) {
		n, err := netfmt.ParseInt16(s, c)
		return vm.Short(n), err
	}},
	{vm.TUShort, vm.UShort(0), vm.UShort(math.MaxUint16), "ToUInt16", func(s string, c *netfmt.Culture) (vm.Value, error) {
		n, err := netfmt.ParseUInt16(s, c)
		return vm.UShort(n), err
	}},
	{vm.TUInt, vm.UInt(0), vm.UInt(math.MaxUint32), "ToUInt32", func(s string, c *netfmt.Culture) (vm.Value, error) {
		n, err := netfmt.ParseUInt32(s, c)
		return vm.UInt(n), err
	}},
	{vm.TULong, vm.ULong(0), vm.ULong(math.MaxUint64), "ToUInt64", func(s string, c *netfmt.Culture) (vm.Value, error) {
		n, err := netfmt.ParseUInt64(s, c)
		return vm.ULong(n), err
	}},
}

func init() {
	for name, lit := range map[string]string{"MaxValue": "79228162514264337593543950335", "MinValue": "-79228162514264337593543950335",
		"Zero": "0", "One": "1", "MinusOne": "-1"} {
		d, _ := vm.ParseDecimal(lit)
		constant(vm.TDecimal, name, vm.NewDecimal(d))
	}
	for _, in := range integrals {
		in := in
		ty := register(in.ty)
		constant(ty, "MinValue", in.min)
		constant(ty, "MaxValue", in.max)
		parser(ty, func(_ *vm.Thread, s string, c *netfmt.Culture) (vm.Value, error) { return in.parse(s, c) })
		tConvert.AddStatic(in.convert, 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			if isFromBase(args) {
				return convertFromBase(t, in.ty, args[0], int(args[1].AsInt()))
			}
			return convertIntegral(t, args[0], in)
		})
	}
}

// convertIntegral is Convert.ToByte(value) and its siblings: integral
// values must fit, floating-point and decimal values are rounded to even
// first, strings are parsed, bool is 0 or 1, null is 0; out of range is
// OverflowException ("Value was either too large or too small for an
// unsigned byte.").
func convertIntegral(t *vm.Thread, v vm.Value, in integralInfo) (vm.Value, error) {
	if v.IsNull() {
		return vm.MakeIntegral(in.ty, 0), nil
	}
	if s, ok := str(v); ok {
		r, err := in.parse(s, CurrentCulture(t))
		if err != nil {
			return vm.Null, throwFormat(t, err)
		}
		return r, nil
	}
	if v.PrimType() == vm.TBool {
		return vm.MakeIntegral(in.ty, v.Bits()), nil
	}
	var f float64
	switch {
	case vm.IsIntegral(v):
		if vm.CompareIntegral(v, in.min) < 0 || vm.CompareIntegral(v, in.max) > 0 {
			return vm.Null, overflow(t, vm.OverflowName(in.ty))
		}
		return vm.MakeIntegral(in.ty, uint64(vm.AsInt64(v))), nil
	case v.Type() == vm.TDecimal:
		d, _ := v.AsNative().(vm.Decimal)
		f = d.Float64()
	case isNumeric(v):
		f = vm.AsF64(v)
	default:
		return vm.Null, t.Throw("System.InvalidCastException", "Unable to cast object of type '"+v.Type().FullName()+"' to type 'System.IConvertible'.")
	}
	r := math.RoundToEven(f)
	if math.IsNaN(r) || r < vm.AsF64(in.min) || r > vm.AsF64(in.max) {
		return vm.Null, overflow(t, vm.OverflowName(in.ty))
	}
	if in.ty == vm.TULong {
		return vm.ULong(uint64(r)), nil
	}
	return vm.MakeIntegral(in.ty, uint64(int64(r))), nil
}

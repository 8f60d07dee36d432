package lib

import (
	"math"

	"asyncvm/vm"
	"asyncvm/vm/netfmt"
)

// The decimal constructors and decimal.GetBits: new decimal(int), (long),
// (uint), (ulong), (float), (double), (int[] bits) and
// (lo, mid, hi, isNegative, scale).
func init() {
	ctor := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		switch len(args) {
		case 0:
			return vm.NewDecimal(vm.Decimal{}), nil
		case 1:
			if a := args[0].AsArray(); a != nil {
				return decimalFromBits(t, a)
			}
			if args[0].IsNull() {
				return vm.Null, t.Throw("System.ArgumentNullException", "Value cannot be null. (Parameter 'bits')")
			}
			if f := vm.AsF64(args[0]); (args[0].Type() == vm.TDouble || args[0].Type() == vm.TFloat) && (math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) >= 7.9228162514264338e28) {
				return vm.Null, t.Throw("System.OverflowException", "Value was either too large or too small for a Decimal.")
			}
			return vm.NewDecimal(vm.ToDecimal(args[0])), nil
		case 5:
			scale := uint8(args[4].AsInt())
			if scale > 28 {
				return vm.Null, t.Throw("System.ArgumentOutOfRangeException", "Decimal's scale value must be between 0 and 28, inclusive. (Parameter 'scale')")
			}
			return vm.NewDecimal(netfmt.DecimalFromParts(uint32(args[0].AsInt()), uint32(args[1].AsInt()), uint32(args[2].AsInt()), args[3].AsBool(), scale)), nil
		}
		return vm.Null, t.Throw("System.ArgumentException", "Decimal constructor requires an array or span of four valid decimal bytes.")
	}
	vm.TDecimal.AddStatic(".ctor", 0, 1, ctor)
	vm.TDecimal.AddStatic(".ctor", 5, 5, ctor)
	vm.TDecimal.AddStatic("GetBits", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		d, _ := args[0].AsNative().(vm.Decimal)
		bits := d.Bits()
		vs := make([]vm.Value, 4)
		for i, b := range bits {
			vs[i] = vm.Int(b)
		}
		return vm.Ref(vm.NewArrayOf(vm.TInt, vs)), nil
	})
}

// decimalFromBits is new decimal(int[] bits): four words, the flags word
// holding only a scale of 0..28 (bits 16-23) and the sign (bit 31).
func decimalFromBits(t *vm.Thread, a *vm.Array) (vm.Value, error) {
	if len(a.V) == 4 {
		flags := uint32(a.V[3].AsInt())
		scale := uint8(flags >> 16)
		if flags&0x7F00FFFF == 0 && scale <= 28 {
			return vm.NewDecimal(netfmt.DecimalFromParts(uint32(a.V[0].AsInt()), uint32(a.V[1].AsInt()), uint32(a.V[2].AsInt()), flags>>31 != 0, scale)), nil
		}
	}
	return vm.Null, t.Throw("System.ArgumentException", "Decimal constructor requires an array or span of four valid decimal bytes. (Parameter 'bits')")
}

// decimal's named arithmetic (decimal.Add(a, b), ..., decimal.Negate(d),
// decimal.Compare(a, b)) and its Scale property: the operators' meaning.
func init() {
	dec := func(v vm.Value) vm.Decimal { d, _ := v.AsNative().(vm.Decimal); return d }
	for name, op := range map[string]func(a, b vm.Decimal) (vm.Decimal, error){
		"Add": vm.Decimal.Add, "Subtract": vm.Decimal.Sub, "Multiply": vm.Decimal.Mul,
		"Divide": vm.Decimal.Div, "Remainder": vm.Decimal.Rem,
	} {
		op := op
		vm.TDecimal.AddStatic(name, 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			r, err := op(dec(args[0]), dec(args[1]))
			if fe, ok := err.(*netfmt.FormatError); ok {
				return vm.Null, t.Throw("System."+fe.Type, fe.Msg)
			}
			return vm.NewDecimal(r), err
		})
	}
	vm.TDecimal.AddStatic("Negate", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.NewDecimal(dec(args[0]).Neg()), nil
	})
	vm.TDecimal.AddStatic("Compare", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(dec(args[0]).Cmp(dec(args[1])))), nil
	})
	vm.TDecimal.AddProperty("Scale", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Byte(uint8(dec(args[0]).Scale())), nil
	}, nil)
}

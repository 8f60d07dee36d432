package lib

import "asyncvm/vm"

// System.Enum: the instance members every enum value has and the static
// members that take an enum type, as a Type object or, for the generic
// ones, as the type argument the binder passes (vm.Func.TypeArgs). The
// facts about an enum type (order, formatting, parsing) are in vm/enum.go.

func init() {
	et := register(vm.TEnum)
	et.AddMethod("ToString", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ty, n := enumPayload(args[0])
		format := ""
		if len(args) > 1 && !args[1].IsNull() {
			format, _ = str(args[1])
		}
		s, err := formatEnum(t, ty, n, format)
		if err != nil {
			return vm.Null, err
		}
		return vm.String(s), nil
	})
	et.AddMethod("HasFlag", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ty, n := enumPayload(args[0])
		if args[1].IsNull() {
			return vm.Null, argNull(t, "flag")
		}
		if args[1].Type() != ty {
			return vm.Null, t.Throw("System.ArgumentException", "The argument type, '"+vm.TypeString(args[1].Type())+"', is not the same as the enum type '"+vm.TypeString(ty)+"'.")
		}
		f := vm.EnumNorm(ty, args[1].AsLong())
		return vm.Bool(vm.EnumNorm(ty, n)&f == f), nil
	})
	et.AddMethod("CompareTo", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ty, n := enumPayload(args[0])
		if args[1].IsNull() {
			return vm.Int(1), nil
		}
		if args[1].Type() != ty {
			return vm.Null, sameEnumType(t, args[1], ty)
		}
		switch ty.EnumUnder {
		case vm.TByte, vm.TSByte, vm.TShort, vm.TUShort:
			// Byte.CompareTo and its kin return the difference.
			return vm.Int(int32(vm.EnumNorm(ty, n) - vm.EnumNorm(ty, args[1].AsLong()))), nil
		}
		return vm.Int(int32(vm.EnumCompare(ty, n, args[1].AsLong()))), nil
	})
	et.AddMethod("GetHashCode", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		// The underlying value's hash code, which for the integral types
		// up to int is the value and for the wider ones folds the halves.
		ty, n := enumPayload(args[0])
		n = vm.EnumNorm(ty, n)
		switch ty.EnumUnder {
		case vm.TLong, vm.TULong:
			return vm.Int(int32(n) ^ int32(n>>32)), nil
		}
		return vm.Int(int32(n)), nil
	})

	et.AddStatic("GetValues", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ty, err := enumTypeArg(t, args)
		if err != nil {
			return vm.Null, err
		}
		ms := vm.EnumSorted(ty)
		vs := make([]vm.Value, len(ms))
		for i, m := range ms {
			vs[i] = vm.EnumValue(ty, m.Value)
		}
		return vm.Ref(vm.NewArrayOf(ty, vs)), nil
	}).WithTypeArgs()
	et.AddStatic("GetNames", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ty, err := enumTypeArg(t, args)
		if err != nil {
			return vm.Null, err
		}
		ms := vm.EnumSorted(ty)
		vs := make([]vm.Value, len(ms))
		for i, m := range ms {
			vs[i] = vm.String(m.Name)
		}
		return vm.Ref(vm.NewArrayOf(vm.TString, vs)), nil
	}).WithTypeArgs()
	et.AddStatic("GetName", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ty, rest, err := enumTypeAndArgs(t, args, 1)
		if err != nil {
			return vm.Null, err
		}
		n, err := enumValueArg(t, ty, rest[0])
		if err != nil {
			return vm.Null, err
		}
		for _, m := range vm.EnumSorted(ty) {
			if vm.EnumNorm(ty, m.Value) == vm.EnumNorm(ty, n) {
				return vm.String(m.Name), nil
			}
		}
		return vm.Null, nil
	}).WithTypeArgs()
	et.AddStatic("IsDefined", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ty, rest, err := enumTypeAndArgs(t, args, 1)
		if err != nil {
			return vm.Null, err
		}
		v := rest[0]
		if v.IsNull() {
			return vm.Null, argNull(t, "value")
		}
		if s, ok := str(v); ok {
			for _, m := range ty.EnumNames {
				if m.Name == s {
					return vm.Bool(true), nil
				}
			}
			return vm.Bool(false), nil
		}
		n, err := enumValueArg(t, ty, v)
		if err != nil {
			return vm.Null, err
		}
		for _, m := range ty.EnumNames {
			if vm.EnumNorm(ty, m.Value) == vm.EnumNorm(ty, n) {
				return vm.Bool(true), nil
			}
		}
		return vm.Bool(false), nil
	}).WithTypeArgs()
	et.AddStatic("Parse", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ty, rest, err := enumTypeAndArgs(t, args, 1)
		if err != nil {
			return vm.Null, err
		}
		if rest[0].IsNull() {
			return vm.Null, argNull(t, "value")
		}
		s, _ := str(rest[0])
		n, exc, msg := vm.EnumParse(ty, s, len(rest) > 1 && rest[1].AsBool())
		if exc != "" {
			return vm.Null, t.Throw(exc, msg)
		}
		return vm.EnumValue(ty, n), nil
	}).WithTypeArgs()
	et.AddStatic("TryParse", 3, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		args, ts := vm.TakeTypeArgs(args, 1, 2)
		if len(ts) == 0 || ts[0] == nil || !ts[0].IsEnum {
			return vm.Null, t.Throw("System.ArgumentException", "Type provided must be an Enum. (Parameter 'TEnum')")
		}
		ty, out := ts[0], args[len(args)-1]
		if s, ok := str(args[0]); ok {
			n, exc, _ := vm.EnumParse(ty, s, len(args) > 2 && args[1].AsBool())
			if exc == "" {
				vm.StoreRef(out, vm.EnumValue(ty, n))
				return vm.Bool(true), nil
			}
		}
		vm.StoreRef(out, vm.EnumValue(ty, 0))
		return vm.Bool(false), nil
	}).WithTypeArgs()
	et.AddStatic("GetUnderlyingType", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ty, err := enumTypeArg(t, args)
		if err != nil {
			return vm.Null, err
		}
		if ty.EnumUnder == nil {
			return vm.TypeObject(vm.TInt), nil
		}
		return vm.TypeObject(ty.EnumUnder), nil
	})
}

// enumOf returns the type and payload of enum value v.
func enumPayload(v vm.Value) (*vm.Type, int64) { return v.Type(), v.AsLong() }

// enumTypeArg returns the enum type of GetValues, GetNames or
// GetUnderlyingType: the Type argument, or the binder's type argument of the
// generic form, which is passed the same way.
func enumTypeArg(t *vm.Thread, args []vm.Value) (*vm.Type, error) {
	if args[0].IsNull() {
		return nil, argNull(t, "enumType")
	}
	ty, _ := args[0].AsNative().(*vm.Type)
	if ty == nil || args[0].Type() != vm.TType || !ty.IsEnum {
		return nil, t.Throw("System.ArgumentException", "Type provided must be an Enum. (Parameter 'enumType')")
	}
	return ty, nil
}

// enumTypeAndArgs splits a static member's arguments into its enum type
// and the rest: Enum.M(typeof(E), rest...) passes a Type object first,
// Enum.M<E>(rest...) passes the type argument last (no ordinary argument
// of these members is a Type). min is the number of ordinary arguments
// the generic form takes at least.
func enumTypeAndArgs(t *vm.Thread, args []vm.Value, min int) (*vm.Type, []vm.Value, error) {
	var ty *vm.Type
	param := "enumType"
	last := args[len(args)-1]
	generic := last.IsNull() || last.Type() == vm.TType
	switch {
	case args[0].Type() == vm.TType && !args[0].IsNull():
		ty, _ = args[0].AsNative().(*vm.Type)
		args = args[1:]
	case args[0].IsNull() && !generic:
		return nil, nil, argNull(t, "enumType")
	default:
		var ts []*vm.Type
		args, ts = vm.TakeTypeArgs(args, 1, min)
		if len(ts) == 1 {
			ty = ts[0]
		}
		param = "TEnum"
	}
	if ty == nil || !ty.IsEnum {
		return nil, nil, t.Throw("System.ArgumentException", "Type provided must be an Enum. (Parameter '"+param+"')")
	}
	return ty, args, nil
}

// enumValueArg converts the value argument of GetName or IsDefined to a
// payload of enum ty: a value of ty or of its underlying type.
func enumValueArg(t *vm.Thread, ty *vm.Type, v vm.Value) (int64, error) {
	if v.IsNull() {
		return 0, argNull(t, "value")
	}
	vt := v.Type()
	if vt == ty || !vt.IsEnum && vm.IsIntegral(v) && vt != vm.TChar {
		if vt != ty && vt != ty.EnumUnder && !(ty.EnumUnder == nil && vt == vm.TInt) {
			under := ty.EnumUnder
			if under == nil {
				under = vm.TInt
			}
			return 0, t.Throw("System.ArgumentException", "Enum underlying type and the object must be same type or object. Type passed in was '"+vm.TypeString(vt)+"'; the enum underlying type was '"+vm.TypeString(under)+"'.")
		}
		return vm.AsInt64(v), nil
	}
	if vt.IsEnum {
		return 0, sameEnumType(t, v, ty)
	}
	return 0, t.Throw("System.ArgumentException", "The value passed in must be an enum base or an underlying type for an enum, such as an Int32. (Parameter 'value')")
}

// sameEnumType is the ArgumentException for a value of another type.
func sameEnumType(t *vm.Thread, v vm.Value, ty *vm.Type) error {
	return t.Throw("System.ArgumentException", "Object must be the same type as the enum. The type passed in was '"+vm.TypeString(v.Type())+"'; the enum type was '"+vm.TypeString(ty)+"'.")
}

package vm

// A value of a nullable value type T? is held as a T or as null (no
// wrapper), so Nullable<T>'s members are functions of that value, which the
// compiler calls where the binder typed the receiver T?.
var (
	// NullableHasValue is T?.HasValue.
	NullableHasValue = NativeFunc("get_HasValue", 1, 1, false, func(_ *Thread, args []Value) (Value, error) {
		return Bool(!args[0].IsNull()), nil
	})
	// NullableValue is T?.Value: InvalidOperationException when null.
	NullableValue = NativeFunc("get_Value", 1, 1, false, func(t *Thread, args []Value) (Value, error) {
		if args[0].IsNull() {
			return Null, t.Throw("System.InvalidOperationException", "Nullable object must have a value.")
		}
		return args[0], nil
	})
	// NullableGetValueOrDefault is T?.GetValueOrDefault(defaultValue): the
	// compiler passes default(T) when the program passes nothing.
	NullableGetValueOrDefault = NativeFunc("GetValueOrDefault", 2, 2, false, func(_ *Thread, args []Value) (Value, error) {
		if args[0].IsNull() {
			return args[1], nil
		}
		return args[0], nil
	})
	// NullableToString is T?.ToString(): "" when null, else the value's
	// ToString (a struct's override included).
	NullableToString = NativeFunc("ToString", 1, 1, false, func(t *Thread, args []Value) (Value, error) {
		s, err := t.ToString(args[0])
		if err != nil {
			return Null, err
		}
		return String(s), nil
	})
)

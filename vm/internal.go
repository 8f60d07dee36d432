package vm

// Natives the prelude calls as Internal.VM.X (library support that has no
// .NET name of its own).
func init() {
	t := NewLibType("Internal", "VM", nil)
	RegisterType(t)
	t.AddStatic("StackTrace", 1, 1, func(th *Thread, args []Value) (Value, error) {
		e := args[0].AsInstance()
		if e == nil {
			return Null, nil
		}
		tr := Trace(e)
		if tr == nil {
			return Null, nil
		}
		return String(FormatTrace(tr)), nil
	})
	// DefaultOf(t) is default(T) for the run-time type argument t (null
	// when the type argument is not known); TypeArg(t) is typeof(T), or
	// typeof(object) when it is not known.
	t.AddStatic("DefaultOf", 1, 1, func(th *Thread, args []Value) (Value, error) {
		if ty, ok := args[0].AsNative().(*Type); ok && ty != nil {
			return ty.Zero(), nil
		}
		return Null, nil
	})
	t.AddStatic("TypeArg", 1, 1, func(th *Thread, args []Value) (Value, error) {
		if args[0].IsNull() {
			return TypeObject(TObject), nil
		}
		return args[0], nil
	})
	// AllocatedBytes() is GC.GetTotalAllocatedBytes (Thread.AllocatedBytes).
	t.AddStatic("AllocatedBytes", 0, 0, func(th *Thread, args []Value) (Value, error) {
		return Long(th.AllocatedBytes()), nil
	})
	addGenericNatives(t)
	addTupleNatives(t)
	TDelegate.AddMethod("Invoke", 0, -1, func(th *Thread, args []Value) (Value, error) {
		return th.CallValue(args[0], append([]Value(nil), args[1:]...))
	})
	TDelegate.AddMethod("DynamicInvoke", 0, -1, func(th *Thread, args []Value) (Value, error) {
		return th.CallValue(args[0], append([]Value(nil), args[1:]...))
	})
}

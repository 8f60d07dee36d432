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
	TDelegate.AddMethod("Invoke", 0, -1, func(th *Thread, args []Value) (Value, error) {
		return th.CallValue(args[0], append([]Value(nil), args[1:]...))
	})
	TDelegate.AddMethod("DynamicInvoke", 0, -1, func(th *Thread, args []Value) (Value, error) {
		return th.CallValue(args[0], append([]Value(nil), args[1:]...))
	})
}

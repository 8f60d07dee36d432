package vm

import "strings"

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
	// FailFast(source, message, detail) ends the process as .NET's
	// Environment.FailFast(message, exception, errorSource) does for a
	// failed Debug or Trace assertion: "Process terminated.", the source,
	// then the message, the detail and the stack, exit status 134 (abort).
	t.AddStatic("FailFast", 3, 3, func(th *Thread, args []Value) (Value, error) {
		msg := "Process terminated.\n" + strOf(args[0]) + "\n" +
			terminated(args[1]) + terminated(args[2]) + FormatTrace(th.StackTrace(100))
		f := &Fatal{Msg: msg, Code: 134}
		th.M.Crash(f)
		return Null, f
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
	addStaticAbstractNatives(t)
	addTupleNatives(t)
	TDelegate.AddMethod("Invoke", 0, -1, func(th *Thread, args []Value) (Value, error) {
		return th.CallValue(args[0], append([]Value(nil), args[1:]...))
	})
	TDelegate.AddMethod("DynamicInvoke", 0, -1, func(th *Thread, args []Value) (Value, error) {
		return th.CallValue(args[0], append([]Value(nil), args[1:]...))
	})
}

// terminated is DebugAssertException's Terminate: a non-empty message,
// trimmed, on a line of its own.
func terminated(v Value) string {
	if v.IsNull() {
		return ""
	}
	s := strings.TrimSpace(strOf(v))
	if s == "" {
		return ""
	}
	return s + "\n"
}

func strOf(v Value) string {
	if s := v.AsStr(); s != nil {
		return s.S
	}
	return ""
}

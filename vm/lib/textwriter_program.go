package lib

import (
	"strings"

	"asyncvm/vm"
)

// A program's class deriving from TextWriter (tTextWriter is Derivable) is
// an Instance without a textWriter payload. TextWriter's natives, reached
// on such an object by a base call or by a call the class does not
// override, do what .NET's TextWriter base methods do: each is made of
// the class's overrides of the methods below it, down to Write(char), whose
// base writes nothing. Console.Write and Console.WriteLine on a writer
// installed by Console.SetOut call the writer's Write or WriteLine
// overload for the argument's type, as .NET's synchronized Console.Out does.

// programWriter returns the object v is when it is an instance of a
// program's class deriving from TextWriter, or nil.
func programWriter(v vm.Value) *vm.Instance {
	in := v.AsInstance()
	if in == nil {
		return nil
	}
	for c := in.Type(); c != nil; c = c.Super {
		if c == tTextWriter {
			return in
		}
	}
	return nil
}

// writerOverride finds the program's method name of in's class (or a
// class between it and TextWriter) whose parameter types are params, as
// Func.Sig names them ("Char", "String", "Char[]", "Int32"); nil when the
// program does not declare one.
func writerOverride(in *vm.Instance, name string, params ...string) *vm.Func {
	want := strings.Join(params, ",")
	for c := in.Type(); c != nil && c.Kind == vm.KindInstance; c = c.Super {
		for _, f := range c.Methods[name] {
			if f.Native == nil && f.NumParams == len(params) && vm.SigParamTypes(f.Sig) == want {
				return f
			}
		}
	}
	return nil
}

// writerCall calls f on in with args.
func writerCall(t *vm.Thread, in *vm.Instance, f *vm.Func, args ...vm.Value) error {
	_, err := t.Invoke(f, vm.Ref(in), args)
	return err
}

// writeWriterString is TextWriter.Write(string) called virtually on in.
func writeWriterString(t *vm.Thread, in *vm.Instance, s string) error {
	if f := writerOverride(in, "Write", "String"); f != nil {
		return writerCall(t, in, f, vm.String(s))
	}
	return writeWriterChars(t, in, s)
}

// writeWriterChars is TextWriter.Write(char[]) called virtually on in with
// s's UTF-16 code units: its override, else Write(char[], int, int)'s, else
// Write(char) for each.
func writeWriterChars(t *vm.Thread, in *vm.Instance, s string) error {
	str := vm.String(s).AsStr()
	n := str.Len()
	chars := func() vm.Value {
		vs := make([]vm.Value, n)
		for i := range vs {
			vs[i] = vm.Char(str.At(i))
		}
		return vm.Ref(vm.NewArrayOf(vm.TChar, vs))
	}
	if f := writerOverride(in, "Write", "Char[]"); f != nil {
		return writerCall(t, in, f, chars())
	}
	if f := writerOverride(in, "Write", "Char[]", "Int32", "Int32"); f != nil {
		return writerCall(t, in, f, chars(), vm.Int(0), vm.Int(int32(n)))
	}
	f := writerOverride(in, "Write", "Char")
	if f == nil {
		return nil
	}
	for i := 0; i < n; i++ {
		if err := writerCall(t, in, f, vm.Char(str.At(i))); err != nil {
			return err
		}
	}
	return nil
}

// writerTypeName names v's type as a Write overload's parameter: the
// primitive overloads, else "Object".
func writerTypeName(v vm.Value) string {
	switch v.Type() {
	case vm.TString:
		return "String"
	case vm.TInt:
		return "Int32"
	case vm.TLong:
		return "Int64"
	case vm.TDouble:
		return "Double"
	case vm.TBool:
		return "Boolean"
	case vm.TChar:
		return "Char"
	case vm.TDecimal:
		return "Decimal"
	}
	return "Object"
}

// writeToProgramWriter is Write (newline false) or WriteLine with args on
// a program's writer in. virtual says the call may reach the class's own
// overload for the arguments (Console's calls); the base methods' natives
// pass false, so a base call from an override does not call it again.
func writeToProgramWriter(t *vm.Thread, in *vm.Instance, newline, virtual bool, args []vm.Value) error {
	name := "Write"
	if newline {
		name = "WriteLine"
	}
	if len(args) == 0 {
		if !newline {
			return nil
		}
		if virtual {
			if f := writerOverride(in, name); f != nil {
				return writerCall(t, in, f)
			}
		}
		return writeWriterChars(t, in, "\n") // WriteLine(): Write(CoreNewLine)
	}
	typ := "String" // a composite format: WriteLine(string.Format(...))
	if len(args) == 1 {
		typ = writerTypeName(args[0])
		if a := args[0].AsArray(); a != nil && a.Elem == vm.TChar {
			typ = "Char[]"
		}
	}
	if virtual && len(args) == 1 {
		if f := writerOverride(in, name, typ); f != nil {
			return writerCall(t, in, f, args[0])
		}
	}
	s, err := consoleText(t, args)
	if err != nil {
		return err
	}
	if len(args) > 1 || typ == "Object" && newline {
		// Write(format, args) is Write(string.Format(...)), and
		// WriteLine(format, args) and WriteLine(object) are
		// WriteLine(string) of the text.
		if f := writerOverride(in, name, "String"); f != nil {
			return writerCall(t, in, f, vm.String(s))
		}
	}
	switch {
	case typ == "Char[]":
		err = writeWriterChars(t, in, s)
	case typ == "Char":
		// Write(char)'s base writes nothing; WriteLine(char) is
		// Write(char), then WriteLine().
		if f := writerOverride(in, "Write", "Char"); f != nil && newline {
			err = writerCall(t, in, f, args[0])
		}
	case typ == "String" || typ == "Object" || !newline:
		err = writeWriterString(t, in, s)
	default:
		// WriteLine(int) is Write(int), then WriteLine().
		if f := writerOverride(in, "Write", typ); f != nil {
			err = writerCall(t, in, f, args[0])
		} else {
			err = writeWriterString(t, in, s)
		}
	}
	if err != nil || !newline {
		return err
	}
	if typ == "String" || typ == "Object" {
		return writeWriterString(t, in, "\n") // WriteLine(string): Write(CoreNewLineStr)
	}
	if f := writerOverride(in, "WriteLine"); f != nil {
		return writerCall(t, in, f)
	}
	return writeWriterChars(t, in, "\n")
}

package lib

import "asyncvm/vm"

// formattableString is the payload of a System.FormattableString: the
// composite format string an interpolated string converted to
// FormattableString or IFormattable compiles to ("x={0,5}"), and its
// holes' values. .NET's FormattableStringFactory.Create makes the same
// pair (ConcreteFormattableString); formatting waits for ToString.
type formattableString struct {
	format string
	args   *vm.Array
}

// tFormattableStringFactory is
// System.Runtime.CompilerServices.FormattableStringFactory, whose Create
// the compiler calls for an interpolated string converted to
// FormattableString or IFormattable.
var tFormattableStringFactory = register(vm.NewLibType("System.Runtime.CompilerServices", "FormattableStringFactory", nil))

// formatFormattable formats f with provider (a CultureInfo, a program's
// IFormatProvider, or null for the current culture) as string.Format does.
func formatFormattable(t *vm.Thread, f *formattableString, provider vm.Value) (vm.Value, error) {
	args := append([]vm.Value{provider, vm.String(f.format)}, f.args.V...)
	return stringFormat(t, args)
}

func formattableOf(v vm.Value) *formattableString {
	f, _ := v.AsNative().(*formattableString)
	return f
}

func init() {
	implements(tFormattableString, []string{"System.IFormattable"})
	tFormattableStringFactory.AddStatic("Create", 1, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		format, ok := str(args[0])
		if !ok {
			return vm.Null, argNull(t, "format")
		}
		var arr *vm.Array
		if len(args) == 2 && args[1].AsArray() != nil {
			arr = args[1].AsArray()
		} else if len(args) == 2 && args[1].IsNull() {
			return vm.Null, argNull(t, "arguments")
		} else {
			arr = vm.NewArrayOf(vm.TObject, append([]vm.Value(nil), args[1:]...))
		}
		return vm.NewNative(tFormattableString, &formattableString{format: format, args: arr}), nil
	})
	fs := tFormattableString
	fs.AddProperty("Format", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.String(formattableOf(args[0]).format), nil
	}, nil)
	fs.AddProperty("ArgumentCount", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(len(formattableOf(args[0]).args.V))), nil
	}, nil)
	fs.AddMethod("GetArgument", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		f := formattableOf(args[0])
		i := args[1].AsInt()
		if i < 0 || int(i) >= len(f.args.V) {
			return vm.Null, t.Throw("System.IndexOutOfRangeException", "Index was outside the bounds of the array.")
		}
		return f.args.V[i], nil
	})
	fs.AddMethod("GetArguments", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Ref(formattableOf(args[0]).args), nil
	})
	// ToString() formats with the current culture, ToString(provider)
	// with provider, and IFormattable.ToString(format, provider) ignores
	// format, as .NET's FormattableString does.
	fs.AddMethod("ToString", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		provider := vm.Null
		if len(args) > 1 {
			provider = args[len(args)-1]
		}
		return formatFormattable(t, formattableOf(args[0]), provider)
	})
	for _, name := range []string{"Invariant", "CurrentCulture"} {
		invariant := name == "Invariant"
		fs.AddStatic(name, 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			f := formattableOf(args[0])
			if f == nil {
				if args[0].IsNull() {
					return vm.Null, argNull(t, "formattable")
				}
				// string.Create(provider, text)'s sibling: an argument
				// the compiler already formatted (formatWithProvider).
				return args[0], nil
			}
			provider := vm.Null
			if invariant {
				provider = invariantValue
			}
			return formatFormattable(t, f, provider)
		})
	}
	fs.InheritMethods()
}

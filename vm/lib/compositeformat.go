package lib

import (
	"asyncvm/vm"
	"asyncvm/vm/netfmt"
)

// tCompositeFormat is System.Text.CompositeFormat: a format string parsed
// once (CompositeFormat.Parse), which string.Format and
// StringBuilder.AppendFormat take in place of the string. Its payload is
// *compositeFormat.
var tCompositeFormat = register(vm.NewLibType("System.Text", "CompositeFormat", nil))

type compositeFormat struct {
	format  string
	minArgs int
}

// compositeFormatString replaces a CompositeFormat among the first two
// arguments of string.Format (after the provider) with its string.
func compositeFormatString(args []vm.Value) []vm.Value {
	for i := 0; i < 2 && i < len(args); i++ {
		if cf, ok := args[i].AsNative().(*compositeFormat); ok && args[i].Type() == tCompositeFormat {
			out := append([]vm.Value(nil), args...)
			out[i] = vm.String(cf.format)
			return out
		}
	}
	return args
}

func init() {
	cf := tCompositeFormat
	cf.AddStatic("Parse", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		format, ok := str(args[0])
		if !ok {
			return vm.Null, argNull(t, "format")
		}
		items, err := netfmt.ParseComposite(format)
		if err != nil {
			return vm.Null, throwFormat(t, err)
		}
		min := 0
		for _, it := range items {
			if it.IsHole && it.Index+1 > min {
				min = it.Index + 1
			}
		}
		return vm.NewNative(tCompositeFormat, &compositeFormat{format: format, minArgs: min}), nil
	})
	cf.AddProperty("Format", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.String(args[0].AsNative().(*compositeFormat).format), nil
	}, nil)
	cf.AddProperty("MinimumArgumentCount", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(args[0].AsNative().(*compositeFormat).minArgs)), nil
	}, nil)
	cf.InheritMethods()
}

package lib

import (
	"bufio"

	"asyncvm/vm"
)

// Console.Read and Console.ReadKey, and the types ReadKey returns. The
// VM's standard input is a stream (a terminal in line mode, a pipe, a
// test's stdin), never a raw keyboard: ReadKey takes the next character of
// it, does not echo it, and at the end of input returns a key with
// KeyChar '\0' (docs/deviations.md).

var (
	tConsoleKey = libEnumValues("System", "ConsoleKey", consoleKeys())

	tConsoleModifiers = flagsEnum(libEnumValues("System", "ConsoleModifiers", []vm.EnumMember{
		{Name: "None", Value: 0}, {Name: "Alt", Value: 1}, {Name: "Shift", Value: 2}, {Name: "Control", Value: 4},
	}))

	tConsoleKeyInfo = register(&vm.Type{Kind: vm.KindNative, Namespace: "System", Name: "ConsoleKeyInfo", IsValueType: true, Super: vm.TObject})
)

func flagsEnum(t *vm.Type) *vm.Type {
	t.IsFlags = true
	return t
}

// consoleKeys are ConsoleKey's members with .NET's values.
func consoleKeys() []vm.EnumMember {
	ms := []vm.EnumMember{
		{Name: "Backspace", Value: 8}, {Name: "Tab", Value: 9}, {Name: "Clear", Value: 12}, {Name: "Enter", Value: 13},
		{Name: "Pause", Value: 19}, {Name: "Escape", Value: 27}, {Name: "Spacebar", Value: 32},
		{Name: "PageUp", Value: 33}, {Name: "PageDown", Value: 34}, {Name: "End", Value: 35}, {Name: "Home", Value: 36},
		{Name: "LeftArrow", Value: 37}, {Name: "UpArrow", Value: 38}, {Name: "RightArrow", Value: 39}, {Name: "DownArrow", Value: 40},
		{Name: "Insert", Value: 45}, {Name: "Delete", Value: 46},
	}
	for d := int64(0); d <= 9; d++ {
		ms = append(ms, vm.EnumMember{Name: "D" + string(rune('0'+d)), Value: 48 + d})
	}
	for c := int64(0); c < 26; c++ {
		ms = append(ms, vm.EnumMember{Name: string(rune('A' + c)), Value: 65 + c})
	}
	for d := int64(0); d <= 9; d++ {
		ms = append(ms, vm.EnumMember{Name: "NumPad" + string(rune('0'+d)), Value: 96 + d})
	}
	ms = append(ms, vm.EnumMember{Name: "Multiply", Value: 106}, vm.EnumMember{Name: "Add", Value: 107},
		vm.EnumMember{Name: "Separator", Value: 108}, vm.EnumMember{Name: "Subtract", Value: 109},
		vm.EnumMember{Name: "Decimal", Value: 110}, vm.EnumMember{Name: "Divide", Value: 111})
	for f := int64(1); f <= 12; f++ {
		name := "F" + string(rune('0'+f))
		if f >= 10 {
			name = "F1" + string(rune('0'+f-10))
		}
		ms = append(ms, vm.EnumMember{Name: name, Value: 111 + f})
	}
	return append(ms, vm.EnumMember{Name: "Oem1", Value: 186}, vm.EnumMember{Name: "OemPlus", Value: 187},
		vm.EnumMember{Name: "OemComma", Value: 188}, vm.EnumMember{Name: "OemMinus", Value: 189},
		vm.EnumMember{Name: "OemPeriod", Value: 190}, vm.EnumMember{Name: "Oem2", Value: 191},
		vm.EnumMember{Name: "Oem3", Value: 192}, vm.EnumMember{Name: "Oem4", Value: 219},
		vm.EnumMember{Name: "Oem5", Value: 220}, vm.EnumMember{Name: "Oem6", Value: 221}, vm.EnumMember{Name: "Oem7", Value: 222})
}

// keyInfo is a ConsoleKeyInfo.
type keyInfo struct {
	char rune
	key  int64
	mods int64
}

func (k *keyInfo) valueKey() int64 { return int64(k.char)<<32 | k.key<<8 | k.mods }

func keyInfoOf(v vm.Value) keyInfo {
	if k, ok := v.AsNative().(*keyInfo); ok {
		return *k
	}
	return keyInfo{}
}

// keyFor is the key and modifiers a US keyboard presses to type c, as
// .NET reports them for a character read from a terminal.
func keyFor(c rune) keyInfo {
	k := keyInfo{char: c}
	switch {
	case c >= 'a' && c <= 'z':
		k.key = int64(c - 'a' + 'A')
	case c >= 'A' && c <= 'Z':
		k.key, k.mods = int64(c), 2
	case c >= '0' && c <= '9':
		k.key = int64(c)
	case c == '\n' || c == '\r':
		k.char, k.key = '\r', 13
	case c == '\t':
		k.key = 9
	case c == ' ':
		k.key = 32
	case c == 27:
		k.key = 27
	case c == 8 || c == 127:
		k.char, k.key = 8, 8
	case c >= 1 && c <= 26:
		k.key, k.mods = int64(c-1+'A'), 4
	}
	return k
}

// readRune reads the next character of standard input; ok is false at
// its end.
func readRune(t *vm.Thread) (c rune, ok bool) {
	if t.M.Stdin == nil {
		return 0, false
	}
	var err error
	t.M.ReadStdin(func(r *bufio.Reader) { c, _, err = r.ReadRune() })
	return c, err == nil
}

func init() {
	c := tConsole
	c.AddStatic("Read", 0, 0, func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		if r, ok := readRune(t); ok {
			return vm.Int(int32(r)), nil
		}
		return vm.Int(-1), nil
	})
	// Clear writes nothing: a program's output is never a terminal here,
	// and .NET clears only a console that is not redirected.
	c.AddStatic("Clear", 0, 0, func(*vm.Thread, []vm.Value) (vm.Value, error) { return vm.Null, nil })
	c.AddStatic("ReadKey", 0, 1, func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		r, ok := readRune(t)
		if !ok {
			return vm.NewNative(tConsoleKeyInfo, &keyInfo{}), nil
		}
		k := keyFor(r)
		return vm.NewNative(tConsoleKeyInfo, &k), nil
	})

	ki := tConsoleKeyInfo
	ki.SetZero(vm.NewNative(tConsoleKeyInfo, &keyInfo{}))
	ki.AddStatic(".ctor", 0, 0, func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.NewNative(tConsoleKeyInfo, &keyInfo{}), nil
	})
	ki.AddStatic(".ctor", 5, 5, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		k := keyInfo{char: rune(args[0].AsChar()), key: args[1].AsLong()}
		for i, bit := range []int64{2, 1, 4} { // shift, alt, control
			if args[2+i].AsBool() {
				k.mods |= bit
			}
		}
		return vm.NewNative(tConsoleKeyInfo, &k), nil
	})
	ki.AddProperty("KeyChar", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Char(uint16(keyInfoOf(args[0]).char)), nil
	}, nil)
	ki.AddProperty("Key", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.EnumValue(tConsoleKey, keyInfoOf(args[0]).key), nil
	}, nil)
	ki.AddProperty("Modifiers", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.EnumValue(tConsoleModifiers, keyInfoOf(args[0]).mods), nil
	}, nil)
	ki.AddMethod("Equals", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		o, ok := args[1].AsNative().(*keyInfo)
		return vm.Bool(ok && *o == keyInfoOf(args[0])), nil
	})
	// == and != compare the three fields, as Equals does.
	keyEq := func(args []vm.Value) bool {
		a, ok1 := args[0].AsNative().(*keyInfo)
		b, ok2 := args[1].AsNative().(*keyInfo)
		return ok1 && ok2 && *a == *b
	}
	ki.AddStatic("op_Equality", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(keyEq(args)), nil
	})
	ki.AddStatic("op_Inequality", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(!keyEq(args)), nil
	})
	ki.AddMethod("GetHashCode", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		k := keyInfoOf(args[0])
		return vm.Int(int32(k.char) | int32(k.key)<<16 | int32(k.mods)<<24), nil
	})
}

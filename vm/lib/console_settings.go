package lib

import (
	"os"

	"asyncvm/vm"
)

// Console's settings: colors, encodings, the title and the cursor. A
// program's output is a stream (a pipe, a file, a test's buffer), so, as
// .NET does when output is redirected, setting a color writes no escape
// sequence; the settings are kept per machine and read back. What .NET
// cannot read on Linux (Title, CursorVisible) throws
// PlatformNotSupportedException there too.

var tConsoleColor = libEnumValues("System", "ConsoleColor", []vm.EnumMember{
	{Name: "Black", Value: 0}, {Name: "DarkBlue", Value: 1}, {Name: "DarkGreen", Value: 2}, {Name: "DarkCyan", Value: 3},
	{Name: "DarkRed", Value: 4}, {Name: "DarkMagenta", Value: 5}, {Name: "DarkYellow", Value: 6}, {Name: "Gray", Value: 7},
	{Name: "DarkGray", Value: 8}, {Name: "Blue", Value: 9}, {Name: "Green", Value: 10}, {Name: "Cyan", Value: 11},
	{Name: "Red", Value: 12}, {Name: "Magenta", Value: 13}, {Name: "Yellow", Value: 14}, {Name: "White", Value: 15},
})

func registerConsoleSettings(c *vm.Type) {
	// .NET on Unix reports a color it has not set as (ConsoleColor)(-1).
	unknown := vm.EnumValue(tConsoleColor, -1)
	for _, name := range []string{"ForegroundColor", "BackgroundColor"} {
		key := "Console." + name
		c.AddStaticProperty(name, func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
			return t.M.Setting(key, unknown), nil
		}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			v := args[len(args)-1]
			if n, _ := toInt(v); n < 0 || n > 15 {
				return vm.Null, t.Throw("System.ArgumentException", "The ConsoleColor enum value was not defined on that enum. Please use a defined color from the enum. (Parameter 'value')")
			}
			t.M.SetSetting(key, v)
			return vm.Null, nil
		})
	}
	c.AddStatic("ResetColor", 0, 0, func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		t.M.SetSetting("Console.ForegroundColor", unknown)
		t.M.SetSetting("Console.BackgroundColor", unknown)
		return vm.Null, nil
	})
	for _, name := range []string{"OutputEncoding", "InputEncoding"} {
		key := "Console." + name
		c.AddStaticProperty(name, func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
			return t.M.Setting(key, encUTF8NoBOM), nil // UTF-8 without a preamble, as .NET's on Linux
		}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			v := args[len(args)-1]
			if v.IsNull() {
				return vm.Null, argNull(t, "value")
			}
			t.M.SetSetting(key, v)
			return vm.Null, nil
		})
	}
	notOnUnix := func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		return vm.Null, t.Throw("System.PlatformNotSupportedException", "Operation is not supported on this platform.")
	}
	ignore := func(*vm.Thread, []vm.Value) (vm.Value, error) { return vm.Null, nil }
	c.AddStaticProperty("Title", notOnUnix, ignore)
	c.AddStaticProperty("CursorVisible", notOnUnix, ignore)
	c.AddStatic("Beep", 0, 0, ignore)
	c.AddStatic("Beep", 2, 2, ignore)
	redirected := func(f *os.File, w any) native {
		return func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
			if w != f {
				return vm.Bool(true), nil
			}
			st, err := f.Stat()
			return vm.Bool(err != nil || st.Mode()&os.ModeCharDevice == 0), nil
		}
	}
	c.AddStaticProperty("IsOutputRedirected", func(t *vm.Thread, a []vm.Value) (vm.Value, error) {
		return redirected(os.Stdout, t.M.Stdout)(t, a)
	}, nil)
	c.AddStaticProperty("IsErrorRedirected", func(t *vm.Thread, a []vm.Value) (vm.Value, error) {
		return redirected(os.Stderr, t.M.Stderr)(t, a)
	}, nil)
	c.AddStaticProperty("IsInputRedirected", func(t *vm.Thread, a []vm.Value) (vm.Value, error) {
		return redirected(os.Stdin, t.M.Stdin)(t, a)
	}, nil)
}

package lib

import (
	"math"
	"strings"

	"asyncvm/vm"
)

// Members C# programs commonly use that the first library tables left
// out: char's ASCII tests, Math.CopySign/FusedMultiplyAdd/DivRem's tuple
// form/BitIncrement/BitDecrement/MaxMagnitude/MinMagnitude,
// string.ReplaceLineEndings and StringBuilder.AppendJoin.

func init() {
	ch := register(vm.TChar)
	for name, p := range map[string]func(c uint16) bool{
		"IsAsciiDigit":         func(c uint16) bool { return '0' <= c && c <= '9' },
		"IsAsciiLetter":        func(c uint16) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' },
		"IsAsciiLetterLower":   func(c uint16) bool { return 'a' <= c && c <= 'z' },
		"IsAsciiLetterUpper":   func(c uint16) bool { return 'A' <= c && c <= 'Z' },
		"IsAsciiLetterOrDigit": func(c uint16) bool { return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'z' },
		"IsAsciiHexDigit":      func(c uint16) bool { return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f' },
		"IsAsciiHexDigitLower": func(c uint16) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' },
		"IsAsciiHexDigitUpper": func(c uint16) bool { return '0' <= c && c <= '9' || 'A' <= c && c <= 'F' },
	} {
		ch.AddStatic(name, 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Bool(p(args[0].AsChar())), nil
		})
	}
	ch.AddStatic("IsBetween", 3, 3, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		c, lo, hi := args[0].AsChar(), args[1].AsChar(), args[2].AsChar()
		return vm.Bool(c-lo <= hi-lo), nil // .NET's unsigned range test
	})

	m := tMath
	m.AddStatic("CopySign", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Double(math.Copysign(vm.AsF64(args[0]), vm.AsF64(args[1]))), nil
	})
	m.AddStatic("FusedMultiplyAdd", 3, 3, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Double(math.FMA(vm.AsF64(args[0]), vm.AsF64(args[1]), vm.AsF64(args[2]))), nil
	})
	m.AddStatic("BitIncrement", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Double(math.Nextafter(vm.AsF64(args[0]), math.Inf(1))), nil
	})
	m.AddStatic("BitDecrement", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Double(math.Nextafter(vm.AsF64(args[0]), math.Inf(-1))), nil
	})
	magnitude := func(larger bool) native {
		return func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			x, y := vm.AsF64(args[0]), vm.AsF64(args[1])
			ax, ay := math.Abs(x), math.Abs(y)
			switch {
			case math.IsNaN(x) || math.IsNaN(y):
				return vm.Double(math.NaN()), nil
			case ax == ay:
				// Equal magnitudes: the positive one for Max, the negative
				// one for Min, as .NET.
				if larger == math.Signbit(x) {
					return vm.Double(y), nil
				}
				return vm.Double(x), nil
			case (ax > ay) == larger:
				return vm.Double(x), nil
			}
			return vm.Double(y), nil
		}
	}
	m.AddStatic("MaxMagnitude", 2, 2, magnitude(true))
	m.AddStatic("MinMagnitude", 2, 2, magnitude(false))

	s := register(vm.TString)
	s.AddMethod("ReplaceLineEndings", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		repl := "\n" // Environment.NewLine
		if len(args) > 1 {
			var err error
			if repl, err = strArg(t, args[1], "replacementText"); err != nil {
				return vm.Null, err
			}
		}
		return t.NewString(replaceLineEndings(args[0].AsStr().S, repl))
	})

	tStringBuilder.AddMethod("AppendJoin", 1, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		var sep string
		if args[1].PrimType() == vm.TChar {
			sep = string(rune(args[1].AsChar()))
		} else {
			sep, _ = str(args[1])
		}
		vs := args[2:]
		if len(vs) == 1 && vs[0].AsStr() == nil && !vs[0].IsNull() && vs[0].PrimType() == nil {
			var err error
			if vs, err = collect(t, vs[0]); err != nil {
				return vm.Null, err
			}
		} else if len(vs) == 1 && vs[0].IsNull() {
			return vm.Null, argNull(t, "values")
		}
		joined, err := joinValues(t, sep, vs)
		if err != nil {
			return vm.Null, err
		}
		st := joined.AsStr()
		return args[0], sbOf(args[0]).add(t, st.S, st.Len())
	})
}

// replaceLineEndings replaces every newline sequence .NET recognises (CR,
// LF, CRLF, NEL, LS, PS and FF) with repl.
func replaceLineEndings(s, repl string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		switch {
		case s[i] == '\r':
			b.WriteString(repl)
			i++
			if i < len(s) && s[i] == '\n' {
				i++
			}
		case s[i] == '\n' || s[i] == '\f':
			b.WriteString(repl)
			i++
		case strings.HasPrefix(s[i:], "\u0085"), strings.HasPrefix(s[i:], "\u2028"), strings.HasPrefix(s[i:], "\u2029"):
			b.WriteString(repl)
			if s[i] == 0xC2 {
				i += 2
			} else {
				i += 3
			}
		default:
			b.WriteByte(s[i])
			i++
		}
	}
	return b.String()
}

package lib

import (
	"errors"
	"time"
	"unicode/utf16"

	"asyncvm/vm"
	"asyncvm/vm/lib/regex"
)

// The natives behind System.Text.RegularExpressions, whose classes are
// C# in the prelude (compiler/prelude.cs): Internal.VM.RegexParse parses
// a pattern into a handle, RegexRun finds one match and returns it as an
// int[] the prelude's Match reads, RegexExpand substitutes a replacement
// pattern. The engine is vm/lib/regex.

// tRegexHandle is the type of a parsed pattern's handle; programs never
// see it.
var tRegexHandle = vm.NewLibType("Internal", "RegexHandle", nil)

// regexHandle is a parsed pattern, or the error parsing it.
type regexHandle struct {
	re  *regex.Regex
	err *regex.Error
}

// parseErrorCodes are the values of RegexParseError.
var parseErrorCodes = map[string]int32{
	"AlternationHasTooManyConditions": 1, "CaptureGroupNameInvalid": 7, "CaptureGroupOfZero": 8,
	"ExclusionGroupNotLast": 9, "InsufficientClosingParentheses": 10, "InsufficientOpeningParentheses": 11,
	"InsufficientOrInvalidHexDigits": 12, "InvalidGroupingConstruct": 13, "InvalidUnicodePropertyEscape": 14,
	"MalformedNamedReference": 15, "MissingControlCharacter": 17, "NestedQuantifiersNotParenthesized": 18,
	"QuantifierAfterNothing": 19, "ReversedCharacterRange": 21, "ReversedQuantifierRange": 22,
	"ShorthandClassInCharacterRange": 23, "UndefinedNamedReference": 24, "UndefinedNumberedReference": 25,
	"UnescapedEndingBackslash": 26, "UnrecognizedControlCharacter": 27, "UnrecognizedEscape": 28,
	"UnrecognizedUnicodeProperty": 29, "UnterminatedBracket": 30, "UnterminatedComment": 31,
}

func handleOf(v vm.Value) *regexHandle {
	h, _ := v.AsNative().(*regexHandle)
	return h
}

func u16Of(v vm.Value) []uint16 {
	if s := v.AsStr(); s != nil {
		return s.UTF16()
	}
	return nil
}

func intArray(t *vm.Thread, xs []int32) (vm.Value, error) {
	a, err := t.NewArray(vm.TInt, int64(len(xs)))
	if err != nil {
		return vm.Null, err
	}
	for i, x := range xs {
		a.V[i] = vm.Int(x)
	}
	return vm.Ref(a), nil
}

// resultData lays a match out for the prelude: the number of groups n,
// then n offsets, then for each group its capture count and the captures'
// index and length pairs.
func resultData(res *regex.Result) []int32 {
	n := len(res.Caps)
	d := make([]int32, 1+n, 1+n+n+2*n)
	d[0] = int32(n)
	for i, caps := range res.Caps {
		d[1+i] = int32(len(d))
		d = append(d, int32(len(caps)))
		for _, c := range caps {
			d = append(d, int32(c.Index), int32(c.Length))
		}
	}
	return d
}

// dataResult reads resultData's layout back.
func dataResult(a *vm.Array) *regex.Result {
	n := int(a.V[0].AsInt())
	res := &regex.Result{Caps: make([][]regex.Span, n)}
	for i := 0; i < n; i++ {
		off := int(a.V[1+i].AsInt())
		cnt := int(a.V[off].AsInt())
		for j := 0; j < cnt; j++ {
			res.Caps[i] = append(res.Caps[i], regex.Span{Index: int(a.V[off+1+2*j].AsInt()), Length: int(a.V[off+2+2*j].AsInt())})
		}
	}
	return res
}

var errRegexTimeout = regex.ErrTimeout

func init() {
	t := vm.Builtin("Internal.VM")
	// RegexParse(pattern, options) is the handle of the parsed pattern; a
	// syntax error is kept in it for RegexError and friends.
	t.AddStatic("RegexParse", 2, 2, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, _ := str(args[0])
		opts, _ := toInt(args[1])
		re, err := regex.Parse(s, regex.Options(uint32(opts)))
		h := &regexHandle{re: re}
		if err != nil {
			h.err = err.(*regex.Error)
		}
		return vm.NewNative(tRegexHandle, h), nil
	})
	// RegexError(h) is the syntax error's message, or null.
	t.AddStatic("RegexError", 1, 1, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		h := handleOf(args[0])
		if h.err == nil {
			return vm.Null, nil
		}
		if h.err.Code == "options" {
			return vm.String(h.err.Msg), nil
		}
		return vm.String(h.err.Error()), nil
	})
	// RegexErrorCode(h) is the RegexParseError of the error, -1 for bad options.
	t.AddStatic("RegexErrorCode", 1, 1, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		h := handleOf(args[0])
		if h.err.Code == "options" {
			return vm.Int(-1), nil
		}
		return vm.Int(parseErrorCodes[h.err.Code]), nil
	})
	t.AddStatic("RegexErrorOffset", 1, 1, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(handleOf(args[0]).err.Offset)), nil
	})
	t.AddStatic("RegexGroupNames", 1, 1, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		re := handleOf(args[0]).re
		a, err := th.NewArray(vm.TString, int64(len(re.Names)))
		if err != nil {
			return vm.Null, err
		}
		for i, n := range re.Names {
			a.V[i] = vm.String(n)
		}
		return vm.Ref(a), nil
	})
	t.AddStatic("RegexGroupNumbers", 1, 1, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		re := handleOf(args[0]).re
		xs := make([]int32, len(re.Numbers))
		for i, n := range re.Numbers {
			xs[i] = int32(n)
		}
		return intArray(th, xs)
	})
	// RegexRun(h, input, beg, end, startat, prevLen, timeoutTicks) finds the
	// first match in input[beg:end] from startat: its data, an empty array
	// for none, null when the timeout (negative: none) passed. The steps
	// count against the machine's step limit, and a stop ends the match.
	t.AddStatic("RegexRun", 7, 7, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		re := handleOf(args[0]).re
		in := u16Of(args[1])
		beg, _ := toInt(args[2])
		end, _ := toInt(args[3])
		startat, _ := toInt(args[4])
		prevLen, _ := toInt(args[5])
		ticks := vm.AsInt64(args[6])
		var deadline time.Time
		if ticks >= 0 {
			deadline = time.Now().Add(time.Duration(ticks) * 100)
		}
		res, err := re.Run(in, beg, end, startat, prevLen, func(steps int) error {
			if err := th.Charge(int64(steps)); err != nil {
				return err
			}
			if ticks >= 0 && time.Now().After(deadline) {
				return errRegexTimeout
			}
			return nil
		})
		if errors.Is(err, errRegexTimeout) {
			return vm.Null, nil
		}
		if err != nil {
			return vm.Null, err
		}
		if res == nil {
			return intArray(th, nil)
		}
		return intArray(th, resultData(res))
	})
	// RegexExpand(h, replacement, input, data) is Match.Result(replacement).
	t.AddStatic("RegexExpand", 4, 4, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		re := handleOf(args[0]).re
		out := re.Expand(u16Of(args[1]), u16Of(args[2]), dataResult(args[3].AsArray()))
		return th.NewString(string(utf16.Decode(out)))
	})
	t.AddStatic("RegexEscape", 1, 1, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		return th.NewString(string(utf16.Decode(regex.Escape(u16Of(args[0])))))
	})
	t.AddStatic("RegexUnescape", 1, 1, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, _ := str(args[0])
		out, err := regex.Unescape(s)
		if err != nil {
			return vm.Null, th.Throw("System.Text.RegularExpressions.RegexParseException", err.Error())
		}
		return th.NewString(string(utf16.Decode(out)))
	})
}

package lib

import (
	"strings"
	"unicode"
	"unicode/utf16"

	"asyncvm/vm"
)

var (
	tStringComparison  = libEnum("System", "StringComparison", "CurrentCulture", "CurrentCultureIgnoreCase", "InvariantCulture", "InvariantCultureIgnoreCase", "Ordinal", "OrdinalIgnoreCase")
	tStringSplitOption = func() *vm.Type {
		t := libEnum("System", "StringSplitOptions", "None", "RemoveEmptyEntries", "TrimEntries")
		t.EnumNames[2].Value = 2
		return t
	}()
	tStringComparer = register(vm.NewLibType("System", "StringComparer", nil))
)

// stringComparer is a StringComparer (Ordinal, OrdinalIgnoreCase, ...);
// a culture-aware one collates as its culture does ("" is the invariant
// culture).
type stringComparer struct {
	ignoreCase, ordinal bool
	culture             string
}

func (c *stringComparer) compare(a, b vm.Value) int {
	x, _ := str(a)
	y, _ := str(b)
	if c.ordinal {
		return ordinalCompare(x, y, c.ignoreCase)
	}
	return cultureCompareIn(c.culture, x, y, c.ignoreCase)
}

// ordinalCompare is .NET's ordinal comparison: the difference of the first
// UTF-16 code units that differ (upper-cased first with ignoreCase, as
// OrdinalIgnoreCase does), else the difference of the lengths. So
// string.CompareOrdinal("a", "c") is -2, not -1.
func ordinalCompare(x, y string, ignoreCase bool) int {
	i := 0
	for i < len(x) && i < len(y) && x[i] < 0x80 && y[i] < 0x80 {
		a, b := int(x[i]), int(y[i])
		if ignoreCase {
			a, b = asciiUpper(a), asciiUpper(b)
		}
		if a != b {
			return a - b
		}
		i++
	}
	if i == len(x) || i == len(y) {
		return len(x) - len(y) // ASCII so far: bytes are UTF-16 units
	}
	// Every byte before i was ASCII, so i starts a rune in both: compare
	// the rest as UTF-16.
	ux, uy := u16(x[i:]), u16(y[i:])
	for j := 0; j < len(ux) && j < len(uy); j++ {
		a, b := int(ux[j]), int(uy[j])
		if ignoreCase {
			a, b = upperUnit(a), upperUnit(b)
		}
		if a != b {
			return a - b
		}
	}
	return len(ux) - len(uy)
}

func asciiUpper(c int) int {
	if 'a' <= c && c <= 'z' {
		return c - 0x20
	}
	return c
}

// upperUnit is the simple upper case of one UTF-16 code unit, itself when
// that would leave the Basic Multilingual Plane or is a surrogate.
func upperUnit(c int) int {
	if c < 0x80 {
		return asciiUpper(c)
	}
	if c >= 0xD800 && c < 0xE000 {
		return c
	}
	if u := unicode.ToUpper(rune(c)); u < 0x10000 {
		return int(u)
	}
	return c
}

func u16(s string) []uint16 { return vm.NewStr(s).UTF16() }

func fromU16(u []uint16) string { return string(utf16.Decode(u)) }

// comparisonKind reads a StringComparison argument: ignore case, ordinal.
func comparisonKind(v vm.Value) (ignoreCase, ordinal bool) {
	n, _ := toInt(v)
	return n%2 == 1, n >= 4
}

func strSelf(args []vm.Value) string { return args[0].AsStr().S }

// indexOfU16 finds needle in hay from start; -1 when absent.
func indexOfU16(hay, needle []uint16, start int) int {
	for i := start; i+len(needle) <= len(hay); i++ {
		match := true
		for j := range needle {
			if hay[i+j] != needle[j] {
				match = false
				break
			}
		}
		if match {
			return i
		}
	}
	return -1
}

func lastIndexOfU16(hay, needle []uint16, start int) int {
	for i := min(start, len(hay)-len(needle)); i >= 0; i-- {
		match := true
		for j := range needle {
			if hay[i+j] != needle[j] {
				match = false
				break
			}
		}
		if match {
			return i
		}
	}
	return -1
}

// needleOf reads a string or char argument as UTF-16.
func needleOf(t *vm.Thread, v vm.Value, param string) ([]uint16, error) {
	if v.PrimType() == vm.TChar {
		return []uint16{v.AsChar()}, nil
	}
	s, err := strArg(t, v, param)
	if err != nil {
		return nil, err
	}
	return u16(s), nil
}

func foldU16(u []uint16) []uint16 { return u16(strings.ToUpper(fromU16(u))) }

// trimSet reads the chars a Trim overload removes (none given: white space).
func trimSet(args []vm.Value) func(c uint16) bool {
	var set []uint16
	for _, a := range args {
		if arr := a.AsArray(); arr != nil {
			for _, c := range arr.V {
				set = append(set, c.AsChar())
			}
		} else if a.PrimType() == vm.TChar {
			set = append(set, a.AsChar())
		}
	}
	if len(set) == 0 {
		return func(c uint16) bool { return unicode.IsSpace(rune(c)) }
	}
	return func(c uint16) bool {
		for _, x := range set {
			if x == c {
				return true
			}
		}
		return false
	}
}

func trim(args []vm.Value, start, end bool) vm.Value {
	u := args[0].AsStr().UTF16()
	in := trimSet(args[1:])
	i, j := 0, len(u)
	if start {
		for i < j && in(u[i]) {
			i++
		}
	}
	if end {
		for j > i && in(u[j-1]) {
			j--
		}
	}
	if i == 0 && j == len(u) {
		return args[0]
	}
	return vm.String(fromU16(u[i:j]))
}

// splitArgs reads Split's separators, count and options.
func split(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	s := args[0].AsStr().UTF16()
	var seps [][]uint16
	count := int(^uint32(0) >> 1)
	opts := 0
	for k, a := range args[1:] {
		switch {
		case a.PrimType() == vm.TChar:
			seps = append(seps, []uint16{a.AsChar()})
		case a.AsStr() != nil:
			if a.AsStr().Len() > 0 {
				seps = append(seps, a.AsStr().UTF16())
			} else {
				seps = append(seps, nil)
			}
		case a.AsArray() != nil:
			for _, e := range a.AsArray().V {
				if e.PrimType() == vm.TChar {
					seps = append(seps, []uint16{e.AsChar()})
				} else if es := e.AsStr(); es != nil && es.Len() > 0 {
					seps = append(seps, es.UTF16())
				}
			}
		case a.PrimType() != nil && a.Type().Kind == vm.KindEnum:
			opts, _ = toInt(a)
		case a.PrimType() == vm.TInt && k > 0:
			count, _ = toInt(a)
			if count < 0 {
				return vm.Null, argOutOfRange(t, "count", "Count cannot be less than zero.")
			}
		}
	}
	whitespace := len(seps) == 0
	var parts []string
	add := func(p []uint16) {
		ps := fromU16(p)
		if opts&2 != 0 {
			ps = strings.TrimSpace(ps)
		}
		if opts&1 != 0 && ps == "" {
			return
		}
		parts = append(parts, ps)
	}
	if count == 0 {
		return strArray(nil), nil
	}
	start := 0
	for i := 0; i < len(s) && len(parts) < count-1; {
		n := 0
		if whitespace {
			if unicode.IsSpace(rune(s[i])) {
				n = 1
			}
		} else {
			for _, sep := range seps {
				if sep != nil && indexOfU16(s[i:min(len(s), i+len(sep))], sep, 0) == 0 {
					n = len(sep)
					break
				}
			}
		}
		if n == 0 {
			i++
			continue
		}
		add(s[start:i])
		i += n
		start = i
	}
	last := s[start:]
	if opts&1 != 0 && len(parts) == count-1 && count > 1 {
		// The last part keeps the rest of the string as is, after skipping
		// empty parts at its front as .NET does.
		add(last)
	} else {
		add(last)
	}
	return strArray(parts), nil
}

func strArray(ss []string) vm.Value {
	vs := make([]vm.Value, len(ss))
	for i, s := range ss {
		vs[i] = vm.String(s)
	}
	return vm.Ref(vm.NewArrayOf(vm.TString, vs))
}

// joinValues renders the values string.Join joins.
func joinValues(t *vm.Thread, sep string, vs []vm.Value) (vm.Value, error) {
	var b strings.Builder
	for i, v := range vs {
		if i > 0 {
			b.WriteString(sep)
		}
		s, err := t.ToString(v)
		if err != nil {
			return vm.Null, err
		}
		if err := t.Reserve(int64(b.Len()) + int64(len(s))); err != nil {
			return vm.Null, err
		}
		b.WriteString(s)
	}
	return t.NewString(b.String())
}

func stringCompare(a, b vm.Value, ignoreCase, ordinal bool, culture string) int {
	if a.IsNull() || b.IsNull() {
		switch {
		case a.IsNull() && b.IsNull():
			return 0
		case a.IsNull():
			return -1
		}
		return 1
	}
	c := &stringComparer{ignoreCase: ignoreCase, ordinal: ordinal, culture: culture}
	return c.compare(a, b)
}

func init() {
	s := register(vm.TString)
	s.AddStaticProperty("Empty", func(*vm.Thread, []vm.Value) (vm.Value, error) { return vm.String(""), nil }, nil)
	s.AddStatic(".ctor", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if args[0].PrimType() == vm.TChar && len(args) == 2 {
			n, err := intArg(t, args[1], "count")
			if err != nil {
				return vm.Null, err
			}
			if n < 0 {
				return vm.Null, argOutOfRange(t, "count", msgNonNegative)
			}
			c := string(rune(args[0].AsChar()))
			if err := t.ReserveChars(int64(n), int64(len(c))); err != nil {
				return vm.Null, err
			}
			return t.NewString(strings.Repeat(c, n))
		}
		if s, ok := spanText(args[0]); ok {
			return t.NewString(s) // new string(ReadOnlySpan<char>)
		}
		a := args[0].AsArray()
		if a == nil {
			return vm.String(""), nil
		}
		start, n := 0, len(a.V)
		if len(args) == 3 {
			start, _ = toInt(args[1])
			n, _ = toInt(args[2])
			if start < 0 || n < 0 || start+n > len(a.V) {
				return vm.Null, argOutOfRange(t, "startIndex", "Index was out of range. Must be non-negative and less than the size of the collection.")
			}
		}
		u := make([]uint16, n)
		for i := range u {
			u[i] = a.V[start+i].AsChar()
		}
		return t.NewString(fromU16(u))
	})
	s.AddProperty("Length", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(args[0].AsStr().Len())), nil
	}, nil)
	s.AddMethod("get_Chars", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		i, _ := toInt(args[1])
		st := args[0].AsStr()
		if i < 0 || i >= st.Len() {
			return vm.Null, t.Throw("System.IndexOutOfRangeException", "Index was outside the bounds of the array.")
		}
		return vm.Char(st.At(i)), nil
	})
	s.AddMethod("Substring", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		u := args[0].AsStr().UTF16()
		start, err := intArg(t, args[1], "startIndex")
		if err != nil {
			return vm.Null, err
		}
		if start < 0 {
			return vm.Null, argOutOfRange(t, "startIndex", "StartIndex cannot be less than zero.")
		}
		if start > len(u) {
			return vm.Null, argOutOfRange(t, "startIndex", "startIndex cannot be larger than length of string.")
		}
		n := len(u) - start
		if len(args) > 2 {
			if n, err = intArg(t, args[2], "length"); err != nil {
				return vm.Null, err
			}
			if n < 0 {
				return vm.Null, argOutOfRange(t, "length", "Length cannot be less than zero.")
			}
			if start+n > len(u) {
				return vm.Null, argOutOfRange(t, "length", "Index and length must refer to a location within the string.")
			}
		}
		return t.NewString(fromU16(u[start : start+n]))
	})
	indexOf := func(last, any bool) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			hay := args[0].AsStr().UTF16()
			var needles [][]uint16
			if any {
				a := args[1].AsArray()
				if a == nil {
					return vm.Null, argNull(t, "anyOf")
				}
				for _, c := range a.V {
					needles = append(needles, []uint16{c.AsChar()})
				}
			} else {
				n, err := needleOf(t, args[1], "value")
				if err != nil {
					return vm.Null, err
				}
				needles = [][]uint16{n}
			}
			ignore := false
			var ints []int // startIndex, then count
			for _, a := range args[2:] {
				if a.Type() == tStringComparison {
					ignore, _ = comparisonKind(a)
				} else if n, ok := toInt(a); ok {
					ints = append(ints, n)
				}
			}
			// The search runs in the window [lo, hi) of the string: a
			// match lies wholly inside it.
			lo, hi := 0, len(hay)
			if len(ints) > 0 {
				start := ints[0]
				if start < 0 || start > len(hay) {
					return vm.Null, argOutOfRange(t, "startIndex", "Index was out of range. Must be non-negative and less than or equal to the size of the collection.")
				}
				if !last {
					lo = start
					if len(ints) > 1 {
						if c := ints[1]; c < 0 || start > len(hay)-c {
							return vm.Null, argOutOfRange(t, "count", msgCountRange)
						}
						hi = start + ints[1]
					}
				} else {
					hi = min(start+1, len(hay))
					count := start + 1
					if len(ints) > 1 {
						count = ints[1]
					}
					if count < 0 || start-count+1 < 0 && len(hay) > 0 {
						return vm.Null, argOutOfRange(t, "count", msgCountRange)
					}
					lo = max(start-count+1, 0)
				}
			}
			if ignore {
				hay = foldU16(hay)
				for i := range needles {
					needles[i] = foldU16(needles[i])
				}
			}
			window := hay[:hi]
			best := -1
			for _, n := range needles {
				var i int
				if last {
					if len(n) == 0 {
						i = min(hi, len(hay))
						if len(ints) > 0 {
							i = min(ints[0], len(hay))
						}
					} else if i = lastIndexOfU16(window, n, len(window)); i < lo {
						i = -1
					}
				} else {
					i = indexOfU16(window, n, lo)
				}
				if i >= 0 && (best < 0 || (last && i > best) || (!last && i < best)) {
					best = i
				}
			}
			return vm.Int(int32(best)), nil
		}
	}
	s.AddMethod("IndexOf", 1, 3, indexOf(false, false))
	s.AddMethod("LastIndexOf", 1, 3, indexOf(true, false))
	s.AddMethod("IndexOfAny", 1, 3, indexOf(false, true))
	s.AddMethod("LastIndexOfAny", 1, 3, indexOf(true, true))
	affix := func(kind int) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			hay := strSelf(args)
			var n string
			if args[1].PrimType() == vm.TChar {
				n = string(rune(args[1].AsChar()))
			} else {
				var err error
				if n, err = strArg(t, args[1], "value"); err != nil {
					return vm.Null, err
				}
			}
			if len(args) > 2 {
				if ic, _ := comparisonKind(args[2]); ic {
					hay, n = strings.ToUpper(hay), strings.ToUpper(n)
				}
			}
			switch kind {
			case 0:
				return vm.Bool(strings.Contains(hay, n)), nil
			case 1:
				return vm.Bool(strings.HasPrefix(hay, n)), nil
			}
			return vm.Bool(strings.HasSuffix(hay, n)), nil
		}
	}
	s.AddMethod("Contains", 1, 2, affix(0))
	s.AddMethod("StartsWith", 1, 2, affix(1))
	s.AddMethod("EndsWith", 1, 2, affix(2))
	s.AddMethod("Replace", 2, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if args[1].PrimType() == vm.TChar {
			return vm.String(strings.ReplaceAll(strSelf(args), string(rune(args[1].AsChar())), string(rune(args[2].AsChar())))), nil
		}
		old, err := strArg(t, args[1], "oldValue")
		if err != nil {
			return vm.Null, err
		}
		if old == "" {
			return vm.Null, t.Throw("System.ArgumentException", "String cannot be of zero length. (Parameter 'oldValue')")
		}
		nw, _ := str(args[2])
		self := strSelf(args)
		if len(args) > 3 {
			// Replace(oldValue, newValue, comparisonType) and
			// (oldValue, newValue, ignoreCase, culture).
			ic := false
			if args[3].PrimType() == vm.TBool {
				ic = args[3].AsBool()
			} else {
				ic, _ = comparisonKind(args[3])
			}
			if ic {
				return t.NewString(replaceFold(self, old, nw))
			}
		}
		if len(nw) > len(old) {
			grow := int64(strings.Count(self, old)) * int64(len(nw)-len(old))
			if err := t.Reserve(int64(len(self)) + grow); err != nil {
				return vm.Null, err
			}
		}
		return t.NewString(strings.ReplaceAll(self, old, nw))
	})
	upper := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return t.NewString(strings.ToUpper(strSelf(args)))
	}
	lower := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return t.NewString(strings.ToLower(strSelf(args)))
	}
	s.AddMethod("ToUpper", 0, 1, upper)
	s.AddMethod("ToUpperInvariant", 0, 0, upper)
	s.AddMethod("ToLower", 0, 1, lower)
	s.AddMethod("ToLowerInvariant", 0, 0, lower)
	s.AddMethod("Trim", 0, -1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return trim(args, true, true), nil })
	s.AddMethod("TrimStart", 0, -1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return trim(args, true, false), nil })
	s.AddMethod("TrimEnd", 0, -1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return trim(args, false, true), nil })
	s.AddMethod("Split", 0, -1, split)
	pad := func(left bool) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			n, err := intArg(t, args[1], "totalWidth")
			if err != nil {
				return vm.Null, err
			}
			if n < 0 {
				return vm.Null, argOutOfRange(t, "totalWidth", msgNonNegative)
			}
			c := " "
			if len(args) > 2 {
				c = string(rune(args[2].AsChar()))
			}
			st := args[0].AsStr()
			k := n - st.Len()
			if k <= 0 {
				return args[0], nil
			}
			if err := t.ReserveChars(int64(k), int64(len(c))); err != nil {
				return vm.Null, err
			}
			if left {
				return t.NewString(strings.Repeat(c, k) + st.S)
			}
			return t.NewString(st.S + strings.Repeat(c, k))
		}
	}
	s.AddMethod("PadLeft", 1, 2, pad(true))
	s.AddMethod("PadRight", 1, 2, pad(false))
	s.AddMethod("Insert", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		u := args[0].AsStr().UTF16()
		i, _ := toInt(args[1])
		if i < 0 || i > len(u) {
			return vm.Null, argOutOfRange(t, "startIndex", "Index was out of range. Must be non-negative and less than or equal to the size of the collection.")
		}
		v, err := strArg(t, args[2], "value")
		if err != nil {
			return vm.Null, err
		}
		return t.NewString(fromU16(u[:i]) + v + fromU16(u[i:]))
	})
	s.AddMethod("Remove", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		u := args[0].AsStr().UTF16()
		i, _ := toInt(args[1])
		if len(args) == 2 {
			if i < 0 {
				return vm.Null, argOutOfRange(t, "startIndex", "StartIndex cannot be less than zero.")
			}
			if i >= len(u) {
				return vm.Null, argOutOfRange(t, "startIndex", "startIndex must be less than length of string.")
			}
			return t.NewString(fromU16(u[:i]))
		}
		n, _ := toInt(args[2])
		if i < 0 {
			return vm.Null, argOutOfRange(t, "startIndex", "StartIndex cannot be less than zero.")
		}
		if n < 0 {
			return vm.Null, argOutOfRange(t, "count", "Count cannot be less than zero.")
		}
		if i+n > len(u) {
			return vm.Null, argOutOfRange(t, "count", "Index and count must refer to a location within the string.")
		}
		return t.NewString(fromU16(u[:i]) + fromU16(u[i+n:]))
	})
	s.AddMethod("ToCharArray", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		u := args[0].AsStr().UTF16()
		vs := make([]vm.Value, len(u))
		for i, c := range u {
			vs[i] = vm.Char(c)
		}
		return vm.Ref(vm.NewArrayOf(vm.TChar, vs)), nil
	})
	s.AddMethod("CompareTo", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(stringCompare(args[0], args[1], false, false, CurrentCulture(t).Name))), nil
	})
	s.AddMethod("Equals", 1, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		b, ok := str(args[1])
		if !ok {
			return vm.Bool(false), nil
		}
		a := strSelf(args)
		if len(args) > 2 {
			if ic, _ := comparisonKind(args[2]); ic {
				return vm.Bool(strings.EqualFold(a, b)), nil
			}
		}
		return vm.Bool(a == b), nil
	})
	s.AddMethod("GetHashCode", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		h, err := hashCode(t, args[0])
		return vm.Int(h), err
	})
	s.AddMethod("ToString", 0, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return args[0], nil })
	s.AddMethod("GetEnumerator", 0, 0, getEnumerator)
	s.AddMethod("Clone", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return args[0], nil })

	s.AddStatic("IsNullOrEmpty", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		st, ok := str(args[0])
		return vm.Bool(!ok || st == ""), nil
	})
	s.AddStatic("IsNullOrWhiteSpace", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		st, _ := str(args[0])
		return vm.Bool(strings.TrimFunc(st, unicode.IsSpace) == ""), nil
	})
	s.AddStatic("Join", 1, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		var sep string
		if args[0].PrimType() == vm.TChar {
			sep = string(rune(args[0].AsChar()))
		} else {
			sep, _ = str(args[0])
		}
		rest := args[1:]
		if len(rest) == 3 && rest[1].PrimType() == vm.TInt && rest[2].PrimType() == vm.TInt {
			// Join(separator, string[] value, startIndex, count).
			if a := rest[0].AsArray(); a != nil && a.Elem == vm.TString {
				i, n := int(rest[1].AsInt()), int(rest[2].AsInt())
				switch {
				case i < 0:
					return vm.Null, argOutOfRange(t, "startIndex", msgNonNegative)
				case n < 0:
					return vm.Null, argOutOfRange(t, "count", msgNonNegative)
				case i > len(a.V)-n:
					return vm.Null, argOutOfRange(t, "startIndex", "Index and count must refer to a location within the buffer.")
				}
				return joinValues(t, sep, a.V[i:i+n])
			}
		}
		if len(rest) == 1 && rest[0].AsStr() == nil && !rest[0].IsNull() && rest[0].PrimType() == nil {
			vs, err := collect(t, rest[0])
			if err != nil {
				return vm.Null, err
			}
			return joinValues(t, sep, vs)
		}
		if len(rest) == 1 && rest[0].IsNull() {
			return vm.Null, argNull(t, "value")
		}
		return joinValues(t, sep, rest)
	})
	s.AddStatic("Concat", 0, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) == 1 && args[0].AsStr() == nil && !args[0].IsNull() && args[0].PrimType() == nil {
			vs, err := collect(t, args[0])
			if err != nil {
				return vm.Null, err
			}
			return joinValues(t, "", vs)
		}
		return joinValues(t, "", args)
	})
	compare := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) >= 5 {
			var err error
			if args, err = compareSubstrings(t, args); err != nil {
				return vm.Null, err
			}
		}
		ic, ord := false, false
		culture := CurrentCulture(t).Name
		if len(args) > 2 {
			if args[2].PrimType() == vm.TBool {
				ic = args[2].AsBool()
			} else {
				ic, ord = comparisonKind(args[2])
				if n, _ := toInt(args[2]); n >= 2 {
					culture = "" // InvariantCulture, InvariantCultureIgnoreCase
				}
			}
		}
		return vm.Int(int32(stringCompare(args[0], args[1], ic, ord, culture))), nil
	}
	s.AddStatic("Compare", 2, 3, compare)
	s.AddStatic("Compare", 5, 6, compare)
	compareOrdinal := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) == 5 {
			var err error
			if args, err = compareSubstrings(t, args); err != nil {
				return vm.Null, err
			}
		}
		return vm.Int(int32(stringCompare(args[0], args[1], false, true, ""))), nil
	}
	s.AddStatic("CompareOrdinal", 2, 2, compareOrdinal)
	s.AddStatic("CompareOrdinal", 5, 5, compareOrdinal)
	s.AddStatic("Equals", 2, 3, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		a, aok := str(args[0])
		b, bok := str(args[1])
		if !aok || !bok {
			return vm.Bool(args[0].IsNull() && args[1].IsNull()), nil
		}
		if len(args) > 2 {
			if ic, _ := comparisonKind(args[2]); ic {
				return vm.Bool(strings.EqualFold(a, b)), nil
			}
		}
		return vm.Bool(a == b), nil
	})

	sc := tStringComparer
	for name, c := range map[string]*stringComparer{
		"Ordinal": {ordinal: true}, "OrdinalIgnoreCase": {ordinal: true, ignoreCase: true},
		"InvariantCulture": {}, "InvariantCultureIgnoreCase": {ignoreCase: true},
	} {
		v := vm.NewNative(tStringComparer, c)
		sc.AddStaticProperty(name, func(*vm.Thread, []vm.Value) (vm.Value, error) { return v, nil }, nil)
	}
	// CurrentCulture and CurrentCultureIgnoreCase compare as the culture
	// current when they are read, as .NET's do.
	for name, ic := range map[string]bool{"CurrentCulture": false, "CurrentCultureIgnoreCase": true} {
		sc.AddStaticProperty(name, func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
			return vm.NewNative(tStringComparer, &stringComparer{ignoreCase: ic, culture: CurrentCulture(t).Name}), nil
		}, nil)
	}
	sc.AddMethod("Compare", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(args[0].AsNative().(*stringComparer).compare(args[1], args[2]))), nil
	})
	sc.AddMethod("Equals", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(args[0].AsNative().(*stringComparer).compare(args[1], args[2]) == 0), nil
	})
}

// replaceFold replaces every occurrence of old in s, matched without regard
// to case, by nw.
func replaceFold(s, old, nw string) string {
	rs, ro := []rune(s), []rune(old)
	var b strings.Builder
	for i := 0; i < len(rs); {
		if i+len(ro) <= len(rs) && foldEqual(rs[i:i+len(ro)], ro) {
			b.WriteString(nw)
			i += len(ro)
			continue
		}
		b.WriteRune(rs[i])
		i++
	}
	return b.String()
}

func foldEqual(a, b []rune) bool {
	for i := range a {
		if a[i] != b[i] && unicode.ToUpper(a[i]) != unicode.ToUpper(b[i]) && unicode.ToLower(a[i]) != unicode.ToLower(b[i]) {
			return false
		}
	}
	return true
}

// compareSubstrings turns the (strA, indexA, strB, indexB, length[, how])
// arguments of Compare and CompareOrdinal into (subA, subB[, how]), each
// substring at most length long, checked as .NET checks them.
func compareSubstrings(t *vm.Thread, args []vm.Value) ([]vm.Value, error) {
	ia, _ := toInt(args[1])
	ib, _ := toInt(args[3])
	n, _ := toInt(args[4])
	if n < 0 {
		return nil, argOutOfRange(t, "length", "Length cannot be less than zero.")
	}
	if ia < 0 || ib < 0 {
		name := "indexA"
		if ia >= 0 {
			name = "indexB"
		}
		return nil, argOutOfRange(t, name, "Index was out of range. Must be non-negative and less than the size of the collection.")
	}
	sub := func(v vm.Value, i int, name string) (vm.Value, error) {
		if v.IsNull() {
			return v, nil
		}
		u := v.AsStr().UTF16()
		if i > len(u) {
			return vm.Null, argOutOfRange(t, name, "Index and length must refer to a location within the string.")
		}
		return vm.String(fromU16(u[i:min(len(u), i+n)])), nil
	}
	a, err := sub(args[0], ia, "indexA")
	if err != nil {
		return nil, err
	}
	b, err := sub(args[2], ib, "indexB")
	if err != nil {
		return nil, err
	}
	return append([]vm.Value{a, b}, args[5:]...), nil
}

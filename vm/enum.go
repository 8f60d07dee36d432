package vm

import (
	"sort"
	"strconv"
	"strings"
)

// The facts of an enum type that System.Enum's members need: its
// underlying type, its members ordered as .NET orders them, and its
// formatting and parsing. An enum value's payload is its underlying value
// as an int64 (the bits of a ulong one).

// enumUnder returns ty's underlying type (int for a library enum).
func enumUnder(ty *Type) *Type {
	if ty.EnumUnder != nil {
		return ty.EnumUnder
	}
	return TInt
}

// EnumUnsigned reports whether enum ty's underlying type is unsigned.
func EnumUnsigned(ty *Type) bool {
	switch enumUnder(ty) {
	case TByte, TUShort, TUInt, TULong:
		return true
	}
	return false
}

// enumBits is the width of ty's underlying type.
func enumBits(ty *Type) int {
	switch enumUnder(ty) {
	case TByte, TSByte:
		return 8
	case TShort, TUShort:
		return 16
	case TLong, TULong:
		return 64
	}
	return 32
}

// EnumNorm brings payload n to ty's underlying width: truncated and
// sign-extended (signed) or zero-extended (unsigned), as the value an
// underlying-typed variable would hold.
func EnumNorm(ty *Type, n int64) int64 {
	w := enumBits(ty)
	if w == 64 {
		return n
	}
	if EnumUnsigned(ty) {
		return int64(uint64(n) & (1<<w - 1))
	}
	return n << (64 - w) >> (64 - w)
}

// EnumCompare orders two payloads of enum ty by underlying value
// (unsigned order for an unsigned underlying type): -1, 0 or 1.
func EnumCompare(ty *Type, a, b int64) int {
	a, b = EnumNorm(ty, a), EnumNorm(ty, b)
	if EnumUnsigned(ty) {
		ua, ub := uint64(a), uint64(b)
		switch {
		case ua < ub:
			return -1
		case ua > ub:
			return 1
		}
		return 0
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// enumBitsOf returns payload n's bits at ty's underlying width, as an
// unsigned number.
func enumBitsOf(ty *Type, n int64) uint64 {
	u := uint64(EnumNorm(ty, n))
	if w := enumBits(ty); w < 64 {
		u &= 1<<w - 1
	}
	return u
}

// EnumSorted returns ty's members ordered as Enum.GetValues and GetNames
// list them: by the unsigned magnitude of their bits (so a negative value
// comes last), stable for equal values.
func EnumSorted(ty *Type) []EnumMember {
	ms := append([]EnumMember(nil), ty.EnumNames...)
	sort.SliceStable(ms, func(i, j int) bool { return enumBitsOf(ty, ms[i].Value) < enumBitsOf(ty, ms[j].Value) })
	return ms
}

// EnumUnderlyingValue returns payload n as a value of ty's underlying type.
func EnumUnderlyingValue(ty *Type, n int64) Value {
	return MakeIntegral(enumUnder(ty), uint64(n))
}

// enumNumber is format "D": the underlying value in decimal.
func enumNumber(ty *Type, n int64) string {
	n = EnumNorm(ty, n)
	if EnumUnsigned(ty) {
		return strconv.FormatUint(uint64(n), 10)
	}
	return strconv.FormatInt(n, 10)
}

// enumDefined returns the name of the first member (in value order) whose
// value is n.
func enumDefined(ty *Type, n int64) (string, bool) {
	n = EnumNorm(ty, n)
	for _, m := range EnumSorted(ty) {
		if EnumNorm(ty, m.Value) == n {
			return m.Name, true
		}
	}
	return "", false
}

// EnumName is Enum.ToString() (format "G"): the member's name; for a
// [Flags] enum, a combination of members ("Read, Write"); otherwise, or
// when no combination matches, the number.
func EnumName(ty *Type, n int64) string {
	if name, ok := enumDefined(ty, n); ok {
		return name
	}
	if ty.IsFlags {
		return enumFlags(ty, n)
	}
	return enumNumber(ty, n)
}

// enumFlags is format "F": members from the largest value down that
// together make up n, printed in ascending order, or the number when
// they do not cover it.
func enumFlags(ty *Type, n int64) string {
	if name, ok := enumDefined(ty, n); ok {
		return name
	}
	rest := enumBitsOf(ty, n)
	ms := EnumSorted(ty)
	var parts []string
	for i := len(ms) - 1; i >= 0 && rest != 0; i-- {
		v := enumBitsOf(ty, ms[i].Value)
		if v != 0 && rest&v == v {
			parts = append(parts, ms[i].Name)
			rest &^= v
		}
	}
	if rest != 0 || len(parts) == 0 {
		return enumNumber(ty, n)
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, ", ")
}

// EnumFormat is Enum.ToString(format); ok is false for a format other
// than G, D, X or F (either case), which is a FormatException.
func EnumFormat(ty *Type, n int64, format string) (string, bool) {
	switch format {
	case "", "G", "g":
		return EnumName(ty, n), true
	case "D", "d":
		return enumNumber(ty, n), true
	case "X", "x":
		s := strings.ToUpper(strconv.FormatUint(enumBitsOf(ty, n), 16))
		return strings.Repeat("0", enumBits(ty)/4-len(s)) + s, true
	case "F", "f":
		return enumFlags(ty, n), true
	}
	return "", false
}

// EnumFormatError is the message of the FormatException for a bad format.
const EnumFormatError = `Format string can be only "G", "g", "X", "x", "F", "f", "D" or "d".`

// EnumParse is Enum.Parse's conversion of s to a payload of enum ty: a
// number of the underlying type, or member names separated by commas
// (OR-ed together). It returns the .NET exception to throw on failure:
// its type name and message.
func EnumParse(ty *Type, s string, ignoreCase bool) (int64, string, string) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, "System.ArgumentException", "Must specify valid information for parsing in the string. (Parameter 'value')"
	}
	if c := t[0]; c >= '0' && c <= '9' || c == '-' || c == '+' {
		if n, ok := enumParseNumber(ty, t); ok {
			return n, "", ""
		}
		if _, err := strconv.ParseInt(t, 10, 64); err == nil || strings.Contains(err.Error(), "range") {
			return 0, "System.OverflowException", "Value was either too large or too small for " + enumUnderName(ty) + "."
		}
	}
	var n int64
	for _, part := range strings.Split(t, ",") {
		part = strings.TrimSpace(part)
		found := false
		for _, m := range ty.EnumNames {
			if m.Name == part || ignoreCase && strings.EqualFold(m.Name, part) {
				n |= m.Value
				found = true
				break
			}
		}
		if !found {
			return 0, "System.ArgumentException", "Requested value '" + s + "' was not found."
		}
	}
	return n, "", ""
}

// enumParseNumber parses a decimal number in the range of ty's
// underlying type.
func enumParseNumber(ty *Type, s string) (int64, bool) {
	w := enumBits(ty)
	if EnumUnsigned(ty) {
		u, err := strconv.ParseUint(strings.TrimPrefix(s, "+"), 10, w)
		return int64(u), err == nil
	}
	n, err := strconv.ParseInt(s, 10, w)
	return n, err == nil
}

// enumUnderName names ty's underlying type as .NET's OverflowException
// messages do ("an Int32").
func enumUnderName(ty *Type) string {
	switch enumUnder(ty) {
	case TByte:
		return "an unsigned byte"
	case TSByte:
		return "a signed byte"
	case TShort:
		return "an Int16"
	case TUShort:
		return "a UInt16"
	case TUInt:
		return "a UInt32"
	case TLong:
		return "an Int64"
	case TULong:
		return "a UInt64"
	}
	return "an Int32"
}

// enumFrom converts numeric v to enum ty (an explicit conversion, or
// unboxing from the underlying type): truncated to the underlying type as
// unchecked C# does.
func enumFrom(ty *Type, v Value) Value {
	if IsIntegral(v) {
		return EnumValue(ty, EnumNorm(ty, asI64(v)))
	}
	return EnumValue(ty, EnumNorm(ty, int64(AsF64(v))))
}

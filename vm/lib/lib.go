// Package lib registers the synchronous .NET library that asyncvm programs
// use: Console, string formatting and cultures, Math, Convert and parsing,
// string and StringBuilder, object and Type members, Environment, Random,
// TimeSpan, Stopwatch, arrays, the generic collections and LINQ.
//
// Everything is registered from init functions into the vm registry, so
// importing the package (for its side effects) is enough. Library objects
// that a racy program can reach from several threads (collections,
// StringBuilder, enumerators, Random) guard their Go state with a mutex, so a
// racy program sees .NET-like garbage at worst, never a Go crash.
package lib

import (
	"errors"
	"strconv"

	"asyncvm/vm"
	"asyncvm/vm/netfmt"
)

// native is a shorthand for the native function type.
type native = vm.NativeFn

// throwFormat turns a netfmt failure into the .NET exception it names.
func throwFormat(t *vm.Thread, err error) error {
	var fe *netfmt.FormatError
	if errors.As(err, &fe) {
		name := "System." + fe.Type
		if fe.Type == "CultureNotFoundException" {
			name = "System.Globalization.CultureNotFoundException"
			if t.M.Prog.TypeByName(name) == nil {
				name = "System.ArgumentException"
			}
		}
		return t.Throw(name, fe.Msg)
	}
	return err
}

// argOutOfRange throws ArgumentOutOfRangeException with .NET's parameter
// suffix; an empty msg is the exception's default message.
func argOutOfRange(t *vm.Thread, param, msg string) error {
	if msg == "" {
		msg = "Specified argument was out of the range of valid values."
	}
	return t.Throw("System.ArgumentOutOfRangeException", msg+" (Parameter '"+param+"')")
}

// argNull throws ArgumentNullException for a parameter.
func argNull(t *vm.Thread, param string) error {
	return t.Throw("System.ArgumentNullException", "Value cannot be null. (Parameter '"+param+"')")
}

// invalidOp throws InvalidOperationException.
func invalidOp(t *vm.Thread, msg string) error {
	return t.Throw("System.InvalidOperationException", msg)
}

const (
	msgIndexRange       = "Index was out of range. Must be non-negative and less than the size of the collection."
	msgNonNegative      = "Non-negative number required."
	msgCollectionMod    = "Collection was modified; enumeration operation may not execute."
	msgNoElements       = "Sequence contains no elements"
	msgNoMatch          = "Sequence contains no matching element"
	msgMoreThanOne      = "Sequence contains more than one element"
	msgMoreThanOneMatch = "Sequence contains more than one matching element"
	msgOverflow         = "Arithmetic operation resulted in an overflow."
)

// toInt reads an integral argument (int, long, char or enum) as an int.
func toInt(v vm.Value) (int, bool) {
	switch pt := v.PrimType(); {
	case pt == vm.TInt:
		return int(v.AsInt()), true
	case pt == vm.TLong:
		return int(v.AsLong()), true
	case pt == vm.TChar:
		return int(v.AsChar()), true
	case pt != nil && pt.Kind == vm.KindEnum, vm.IsIntegral(v):
		return int(vm.AsInt64(v)), true
	case pt == vm.TDouble:
		return int(v.AsDouble()), true
	}
	return 0, false
}

// intArg reads an integral argument or throws ArgumentException.
func intArg(t *vm.Thread, v vm.Value, param string) (int, error) {
	if n, ok := toInt(v); ok {
		return n, nil
	}
	if v.IsNull() {
		return 0, argNull(t, param)
	}
	return 0, t.Throw("System.ArgumentException", "Argument '"+param+"' must be an integer.")
}

// isNumeric reports whether v is a number the VM can widen to double.
func isNumeric(v vm.Value) bool {
	switch v.PrimType() {
	case vm.TDouble, vm.TFloat:
		return true
	}
	return vm.IsIntegral(v) && v.PrimType().Kind != vm.KindEnum
}

// str returns the Go string of a string value, or "" and false. A
// ReadOnlySpan<char> or Span<char> (the prelude's ref structs) reads as its
// text, so a native declared with span overloads beside its string ones
// (int.Parse, string.Concat) takes either.
func str(v vm.Value) (string, bool) {
	if s := v.AsStr(); s != nil {
		return s.S, true
	}
	return spanText(v)
}

// spanFields returns a reader of the fields of a value of the prelude's
// Span<T> or ReadOnlySpan<T> (Null for a field it lacks); ok is false for
// any other value.
func spanFields(v vm.Value) (field func(name string) vm.Value, ok bool) {
	in := v.AsInstance()
	if in == nil {
		return nil, false
	}
	t := in.Type()
	if t.Namespace != "System" || t.Name != "ReadOnlySpan`1" && t.Name != "Span`1" {
		return nil, false
	}
	return func(name string) vm.Value {
		if i := t.FieldIndex(name); i >= 0 && i < len(in.F) {
			return in.F[i]
		}
		return vm.Null
	}, true
}

// spanText reads a char span value as its text: the fields _array, _text
// (ReadOnlySpan<char> over a string), _start and _length of the prelude's
// Span<T> and ReadOnlySpan<T>. ok is false for any other value, and for a
// span of another element type.
func spanText(v vm.Value) (string, bool) {
	field, ok := spanFields(v)
	if !ok {
		return "", false
	}
	start, _ := toInt(field("_start"))
	n, _ := toInt(field("_length"))
	if s := field("_text").AsStr(); s != nil {
		u := s.UTF16()
		if start < 0 || n < 0 || start+n > len(u) {
			return "", false
		}
		if start == 0 && n == len(u) {
			return s.S, true
		}
		return fromU16(u[start : start+n]), true
	}
	a := field("_array").AsArray()
	if a == nil {
		return "", n == 0 // default(ReadOnlySpan<char>)
	}
	if a.Elem != vm.TChar || start < 0 || n < 0 || start+n > len(a.V) {
		return "", false
	}
	u := make([]uint16, n)
	for i := range u {
		u[i] = a.V[start+i].AsChar()
	}
	return fromU16(u), true
}

// strArg reads a string argument; null throws ArgumentNullException.
func strArg(t *vm.Thread, v vm.Value, param string) (string, error) {
	if s := v.AsStr(); s != nil {
		return s.S, nil
	}
	if v.IsNull() {
		return "", argNull(t, param)
	}
	return t.ToString(v)
}

// itoa formats an int for messages.
func itoa(n int) string { return strconv.Itoa(n) }

// register adds t to the registry and returns the registered descriptor.
func register(t *vm.Type) *vm.Type { return vm.RegisterType(t) }

// libEnum makes and registers a library enum whose members are also
// reachable as static properties.
func libEnum(ns, name string, names ...string) *vm.Type {
	ms := make([]vm.EnumMember, len(names))
	for i, n := range names {
		ms[i] = vm.EnumMember{Name: n, Value: int64(i)}
	}
	et := register(vm.NewEnumType(ns, name, ms))
	for _, m := range ms {
		v := vm.EnumValue(et, m.Value)
		et.AddStaticProperty(m.Name, func(*vm.Thread, []vm.Value) (vm.Value, error) { return v, nil }, nil)
	}
	return et
}

// typeArgs strips the leading System.Type arguments the compiler passes to a
// PassTypeArgs constructor, returning them and the rest. It strips at most
// n, and only values that are Type objects.
func typeArgs(args []vm.Value, n int) ([]*vm.Type, []vm.Value) {
	var ts []*vm.Type
	for len(ts) < n && len(args) > 0 {
		ty, ok := args[0].AsNative().(*vm.Type)
		if !ok || args[0].Type() != vm.TType {
			break
		}
		ts = append(ts, ty)
		args = args[1:]
	}
	return ts, args
}

// convertElem converts v for storage in a collection whose element type is
// known (List<double>.Add(1) stores 1.0).
func convertElem(t *vm.Thread, v vm.Value, elem *vm.Type) (vm.Value, error) {
	if elem == nil || v.IsNull() {
		return v, nil
	}
	switch elem.Kind {
	case vm.KindInt, vm.KindLong, vm.KindDouble, vm.KindFloat, vm.KindChar,
		vm.KindSByte, vm.KindByte, vm.KindShort, vm.KindUShort, vm.KindUInt, vm.KindULong:
		if v.Type() == elem || !isNumeric(v) {
			return v, nil
		}
		return t.ConvertTo(v, elem)
	}
	return v, nil
}

// zeroOf is default(T) for a possibly unknown element type.
func zeroOf(elem *vm.Type) vm.Value {
	if elem == nil {
		return vm.Null
	}
	return elem.Zero()
}

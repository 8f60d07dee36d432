package lib

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"asyncvm/vm"
)

// keyComparer is the IEqualityComparer<T> a Dictionary or HashSet was
// built with. A StringComparer runs natively: its keys hash as their
// upper-cased text when it ignores case, so equal keys share a bucket
// without a call. A program's comparer has its Equals(T, T) and
// GetHashCode(T) called for every hash and every candidate in a chain, as
// .NET's Dictionary calls them, and their exceptions propagate.
type keyComparer struct {
	value        vm.Value // the comparer object
	str          *stringComparer
	equals, hash *vm.Func
}

// keyEqualityComparerKey is the method-table prefix of a class's explicit
// implementations of IEqualityComparer<T> members.
const keyEqualityComparerKey = "System.Collections.Generic.IEqualityComparer`1|"

// equalityComparerOf reads an IEqualityComparer<T> argument; null (the
// default comparer) gives nil.
func equalityComparerOf(v vm.Value) *keyComparer {
	if v.IsNull() {
		return nil
	}
	if sc, ok := v.AsNative().(*stringComparer); ok {
		return &keyComparer{value: v, str: sc}
	}
	ty := v.Type()
	if ty == nil || ty.Kind != vm.KindInstance {
		return nil
	}
	method := func(name string, argc int) *vm.Func {
		if f := ty.LookupMethod(keyEqualityComparerKey+name, argc); f != nil {
			return f
		}
		return ty.LookupMethod(name, argc)
	}
	eq, h := method("Equals", 2), method("GetHashCode", 1)
	if eq == nil || h == nil {
		return nil
	}
	return &keyComparer{value: v, equals: eq, hash: h}
}

// comparerOrNull is the comparer object of c, null for the default.
func comparerOrNull(c *keyComparer) vm.Value {
	if c == nil {
		return vm.Null
	}
	return c.value
}

// isEqualityComparer reports whether a constructor argument is a comparer
// rather than a capacity or a collection.
func isEqualityComparer(v vm.Value) bool { return equalityComparerOf(v) != nil }

// key is the hash key of v under the comparer. A StringComparer's key is a
// string key (upper-cased when it ignores case); a program's comparer
// gives a user key carrying its GetHashCode, compared by its Equals.
func (c *keyComparer) key(t *vm.Thread, v vm.Value) (hkey, error) {
	if c.str != nil {
		if v.IsNull() {
			return hkey{}, nil
		}
		s, _ := str(v)
		if c.str.ignoreCase {
			s = strings.ToUpper(s)
		}
		return hkey{t: vm.TString, s: s}, nil
	}
	if v.IsNull() {
		// .NET hashes null as 0 without asking the comparer.
		return hkey{user: true}, nil
	}
	r, err := t.Invoke(c.hash, c.value, []vm.Value{v})
	if err != nil {
		return hkey{}, err
	}
	n, _ := toInt(r)
	return hkey{n: uint64(uint32(int32(n))), user: true}, nil
}

// equal is the comparer's Equals(stored, probe), in .NET's argument order.
func (c *keyComparer) equal(t *vm.Thread, stored, probe vm.Value) (bool, error) {
	if c.str != nil {
		if stored.IsNull() || probe.IsNull() {
			return stored.IsNull() && probe.IsNull(), nil
		}
		x, _ := str(stored)
		y, _ := str(probe)
		if x == y {
			return true, nil
		}
		// Only case may tell equal keys apart: culture order ties no two
		// distinct strings.
		return c.str.ignoreCase && equalUpper(x, y), nil
	}
	r, err := t.Invoke(c.equals, c.value, []vm.Value{stored, probe})
	if err != nil {
		return false, err
	}
	return r.AsBool(), nil
}

// equalUpper reports whether strings.ToUpper(a) == strings.ToUpper(b)
// without building either: the mapping is rune by rune.
func equalUpper(a, b string) bool {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		a, b = a[na:], b[nb:]
		if ra != rb && unicode.ToUpper(ra) != unicode.ToUpper(rb) {
			return false
		}
	}
	return a == "" && b == ""
}

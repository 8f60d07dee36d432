package lib

import (
	"strconv"
	"strings"

	"asyncvm/vm"
)

// System.ValueTuple: the members of the tuple types vm/tuple.go defines
// (Equals, GetHashCode, ToString, CompareTo and the constructor) and the
// static class ValueTuple with Create. Equality, hashing and ordering are
// element-wise with the default comparer of each element, as .NET's
// EqualityComparer<T>.Default and Comparer<T>.Default; keyOf, plainEquals,
// hashCode and compareValues reach them for tuples used as keys, in
// Distinct, GroupBy and OrderBy.

var tValueTupleStatic = register(vm.NewLibType("System", "ValueTuple", nil))

func init() {
	for n := 1; n <= vm.MaxTupleArity; n++ {
		def := vm.TupleDef(n)
		vm.RegisterMetadataName(def)
		def.PassTypeArgs = true
		def.AddStatic(".ctor", n, 2*n, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			ts, vs := typeArgs(args, len(args)-n)
			return vm.NewTuple(tupleType(def, ts), append([]vm.Value(nil), vs...)), nil
		})
		def.AddMethod("Equals", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			eq, err := tupleEquals(t, args[0], args[1])
			return vm.Bool(eq), err
		})
		def.AddMethod("GetHashCode", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			h, err := tupleHash(t, args[0])
			return vm.Int(h), err
		})
		def.AddMethod("ToString", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			s, err := tupleString(t, args[0])
			if err != nil {
				return vm.Null, err
			}
			return t.NewString(s)
		})
		// ITuple: Length counts the elements of a nested Rest too, and
		// the indexer reads element i as an object.
		def.AddProperty("Length", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Int(int32(len(tupleItems(args[0])))), nil
		}, nil)
		def.AddMethod("get_Item", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			es := tupleItems(args[0])
			i, _ := toInt(args[1])
			if i < 0 || i >= len(es) {
				return vm.Null, t.Throw("System.IndexOutOfRangeException", "Index was outside the bounds of the array.")
			}
			return es[i], nil
		})
		def.AddMethod("CompareTo", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			if args[1].IsNull() {
				return vm.Int(1), nil
			}
			if args[1].Type() != args[0].Type() {
				return vm.Null, t.Throw("System.ArgumentException", "Argument must be of type "+vm.TypeString(args[0].Type())+". (Parameter 'other')")
			}
			c, err := tupleCompare(t, args[0], args[1])
			return vm.Int(int32(c)), err
		})
	}
	tValueTupleStatic.IsStatic = true
	tValueTupleStatic.AddStatic("Create", 1, -1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		vs, ts := vm.TakeTypeArgs(args, len(args)/2, 1)
		return newTupleOf(ts, vs), nil
	}).WithTypeArgs()
}

// tupleItems are the elements of tuple v, those of a nested Rest (an
// eighth and later element) included.
func tupleItems(v vm.Value) []vm.Value {
	fs := v.AsTuple()
	if len(fs) == vm.MaxTupleArity {
		if rest := fs[vm.MaxTupleArity-1]; rest.AsTuple() != nil {
			return append(append([]vm.Value(nil), fs[:vm.MaxTupleArity-1]...), tupleItems(rest)...)
		}
	}
	return fs
}

// tupleType is def constructed with ts, or def itself when an argument is
// not known.
func tupleType(def *vm.Type, ts []*vm.Type) *vm.Type {
	if len(ts) != vm.TupleArity(def) {
		return def
	}
	for _, a := range ts {
		if a == nil {
			return def
		}
	}
	return vm.Construct(def, ts)
}

// newTupleOf makes the tuple of vs with element types ts (nil when not
// known), nesting an eighth and later elements in Rest.
func newTupleOf(ts []*vm.Type, vs []vm.Value) vm.Value {
	const k = vm.MaxTupleArity - 1
	if len(vs) > k {
		var rts []*vm.Type
		if ts != nil {
			rts = ts[k:]
		}
		rest := newTupleOf(rts, vs[k:])
		var hts []*vm.Type
		if ts != nil {
			hts = append(append([]*vm.Type(nil), ts[:k]...), rest.Type())
		}
		return vm.NewTuple(tupleType(vm.TupleDef(vm.MaxTupleArity), hts), append(append([]vm.Value(nil), vs[:k]...), rest))
	}
	return vm.NewTuple(tupleType(vm.TupleDef(len(vs)), ts), append([]vm.Value(nil), vs...))
}

// tupleEquals is ValueTuple.Equals(object): b is a tuple of the same type
// and each element equals its counterpart by its Equals.
func tupleEquals(t *vm.Thread, a, b vm.Value) (bool, error) {
	fa, fb := a.AsTuple(), b.AsTuple()
	if fa == nil || fb == nil || len(fa) != len(fb) || !sameTupleType(a.Type(), b.Type()) {
		return false, nil
	}
	for i := range fa {
		if eq, err := defaultEquals(t, fa[i], fb[i]); err != nil || !eq {
			return false, err
		}
	}
	return true, nil
}

// sameTupleType reports whether two tuple types are one (a definition, made
// where the element types were not known, matches any of its constructions).
func sameTupleType(x, y *vm.Type) bool {
	if x == y {
		return true
	}
	dx, dy := x, y
	if x.Def != nil {
		dx = x.Def
	}
	if y.Def != nil {
		dy = y.Def
	}
	return dx == dy && (x.Def == nil || y.Def == nil)
}

// tupleHash combines the elements' hash codes.
func tupleHash(t *vm.Thread, v vm.Value) (int32, error) {
	h := uint32(0x9e3779b9)
	for _, e := range v.AsTuple() {
		x, err := hashCode(t, e)
		if err != nil {
			return 0, err
		}
		h = (h^uint32(x))*0x01000193 + 0x165667b1
		h = h<<13 | h>>19
	}
	return int32(h), nil
}

// tupleCompare compares element by element with the default comparer.
func tupleCompare(t *vm.Thread, a, b vm.Value) (int, error) {
	fa, fb := a.AsTuple(), b.AsTuple()
	for i := range fa {
		if i >= len(fb) {
			return 1, nil
		}
		c, err := compareValues(t, fa[i], fb[i])
		if err != nil || c != 0 {
			return c, err
		}
	}
	return 0, nil
}

// tupleString is ValueTuple.ToString: "(1, a)", elements by their
// ToString (null as nothing), the rest of a long tuple flattened in.
func tupleString(t *vm.Thread, v vm.Value) (string, error) {
	var b strings.Builder
	b.WriteByte('(')
	if err := tupleElems(t, &b, v); err != nil {
		return "", err
	}
	b.WriteByte(')')
	return b.String(), nil
}

func tupleElems(t *vm.Thread, b *strings.Builder, v vm.Value) error {
	fs := v.AsTuple()
	for i, e := range fs {
		if i > 0 {
			b.WriteString(", ")
		}
		if i == vm.MaxTupleArity-1 && e.AsTuple() != nil {
			if err := tupleElems(t, b, e); err != nil {
				return err
			}
			continue
		}
		s, err := t.ToString(e)
		if err != nil {
			return err
		}
		b.WriteString(s)
	}
	return nil
}

// tupleKey is keyOf for a tuple: the elements' keys joined when each is a
// plain value, else the combined hash, compared by Equals.
func tupleKey(t *vm.Thread, v vm.Value) (hkey, error) {
	var s strings.Builder
	for _, e := range v.AsTuple() {
		k, err := keyOf(t, e)
		if err != nil {
			return hkey{}, err
		}
		if k.user || k.o != nil {
			h, err := tupleHash(t, v)
			return hkey{n: uint64(uint32(h)), user: true}, err
		}
		s.WriteString(strconv.Itoa(len(k.str())))
		s.WriteByte(':')
		s.WriteString(k.str())
	}
	ty := v.Type()
	if ty.Def != nil {
		ty = ty.Def
	}
	return hkey{t: ty, s: s.String()}, nil
}

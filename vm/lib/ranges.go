package lib

import (
	"strconv"

	"asyncvm/vm"
)

// System.Index and System.Range, the values of `^e` and `a..b` (C# 8).
// The compiler lowers `x[^e]` and `x[a..b]` on countable types to
// integer arithmetic and Slice/Substring/GetSubArray calls, as Roslyn
// does; these types are what a program sees when it keeps an Index or a
// Range in a variable.
var (
	tIndex          = register(&vm.Type{Kind: vm.KindNative, Namespace: "System", Name: "Index", IsValueType: true, Super: vm.TObject})
	tRange          = register(&vm.Type{Kind: vm.KindNative, Namespace: "System", Name: "Range", IsValueType: true, Super: vm.TObject})
	tRuntimeHelpers = register(vm.NewLibType("System.Runtime.CompilerServices", "RuntimeHelpers", nil))
)

// index is an Index in .NET's encoding: the offset, or its complement
// (~offset, negative) when it counts from the end.
type index struct{ v int32 }

// rangeVal is a Range: two Index values.
type rangeVal struct{ start, end int32 }

// valueKey makes Index and Range libValues: object.Equals, GetHashCode
// and the collections' default comparer see them by value.
func (x *index) valueKey() int64    { return int64(x.v) }
func (r *rangeVal) valueKey() int64 { return int64(r.start)<<32 | int64(uint32(r.end)) }

func newIndex(v int32) vm.Value { return vm.NewNative(tIndex, &index{v}) }

func newRange(start, end int32) vm.Value { return vm.NewNative(tRange, &rangeVal{start, end}) }

func indexOf(v vm.Value) int32 {
	if x, ok := v.AsNative().(*index); ok {
		return x.v
	}
	return 0
}

func rangeOf(v vm.Value) rangeVal {
	if r, ok := v.AsNative().(*rangeVal); ok {
		return *r
	}
	return rangeVal{}
}

// indexOffset is Index.GetOffset(length).
func indexOffset(v, length int32) int32 {
	if v < 0 {
		return length + v + 1 // length - ~v
	}
	return v
}

func indexString(v int32) string {
	if v < 0 {
		return "^" + strconv.FormatUint(uint64(uint32(^v)), 10)
	}
	return strconv.FormatUint(uint64(uint32(v)), 10)
}

// makeIndex is new Index(value, fromEnd): a negative value throws.
func makeIndex(t *vm.Thread, value vm.Value, fromEnd bool) (vm.Value, error) {
	n, err := intArg(t, value, "value")
	if err != nil {
		return vm.Null, err
	}
	if n < 0 {
		return vm.Null, argOutOfRange(t, "value", "Non-negative number required.")
	}
	if fromEnd {
		return newIndex(^int32(n)), nil
	}
	return newIndex(int32(n)), nil
}

// offsetAndLength is Range.GetOffsetAndLength(length).
func offsetAndLength(t *vm.Thread, r rangeVal, length int32) (int32, int32, error) {
	start, end := indexOffset(r.start, length), indexOffset(r.end, length)
	if uint32(end) > uint32(length) || uint32(start) > uint32(end) {
		return 0, 0, argOutOfRange(t, "length", "Specified argument was out of the range of valid values.")
	}
	return start, end - start, nil
}

func init() {
	ix := tIndex
	ix.SetZero(newIndex(0))
	ix.AddStatic(".ctor", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) == 0 {
			return newIndex(0), nil
		}
		return makeIndex(t, args[0], len(args) > 1 && args[1].AsBool())
	})
	ix.AddStatic("FromStart", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return makeIndex(t, args[0], false) })
	ix.AddStatic("FromEnd", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return makeIndex(t, args[0], true) })
	ix.AddStatic("op_Implicit", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return makeIndex(t, args[0], false) })
	ix.AddStaticProperty("Start", func(*vm.Thread, []vm.Value) (vm.Value, error) { return newIndex(0), nil }, nil)
	ix.AddStaticProperty("End", func(*vm.Thread, []vm.Value) (vm.Value, error) { return newIndex(^0), nil }, nil)
	ix.AddProperty("Value", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		v := indexOf(args[0])
		if v < 0 {
			v = ^v
		}
		return vm.Int(v), nil
	}, nil)
	ix.AddProperty("IsFromEnd", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Bool(indexOf(args[0]) < 0), nil }, nil)
	ix.AddMethod("GetOffset", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n, err := intArg(t, args[1], "length")
		if err != nil {
			return vm.Null, err
		}
		return vm.Int(indexOffset(indexOf(args[0]), int32(n))), nil
	})
	ix.AddMethod("Equals", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		o, ok := args[1].AsNative().(*index)
		return vm.Bool(ok && o.v == indexOf(args[0])), nil
	})
	ix.AddMethod("GetHashCode", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Int(indexOf(args[0])), nil })
	ix.AddMethod("ToString", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.String(indexString(indexOf(args[0]))), nil
	})

	rg := tRange
	rg.SetZero(newRange(0, 0))
	rg.AddStatic(".ctor", 0, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) == 0 {
			return newRange(0, 0), nil
		}
		return newRange(indexOf(args[0]), indexOf(args[1])), nil
	})
	rg.AddStatic("StartAt", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return newRange(indexOf(args[0]), ^0), nil })
	rg.AddStatic("EndAt", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return newRange(0, indexOf(args[0])), nil })
	rg.AddStaticProperty("All", func(*vm.Thread, []vm.Value) (vm.Value, error) { return newRange(0, ^0), nil }, nil)
	rg.AddProperty("Start", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return newIndex(rangeOf(args[0]).start), nil }, nil)
	rg.AddProperty("End", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return newIndex(rangeOf(args[0]).end), nil }, nil)
	rg.AddMethod("GetOffsetAndLength", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n, err := intArg(t, args[1], "length")
		if err != nil {
			return vm.Null, err
		}
		off, length, err := offsetAndLength(t, rangeOf(args[0]), int32(n))
		if err != nil {
			return vm.Null, err
		}
		return newTupleOf([]*vm.Type{vm.TInt, vm.TInt}, []vm.Value{vm.Int(off), vm.Int(length)}), nil
	})
	rg.AddMethod("Equals", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		o, ok := args[1].AsNative().(*rangeVal)
		return vm.Bool(ok && *o == rangeOf(args[0])), nil
	})
	rg.AddMethod("GetHashCode", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		r := rangeOf(args[0])
		return vm.Int(r.start*31 + r.end), nil
	})
	rg.AddMethod("ToString", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		r := rangeOf(args[0])
		return vm.String(indexString(r.start) + ".." + indexString(r.end)), nil
	})

	// GetSubArray(array, range) is `array[range]`: a new array of the
	// source's element type (a hidden type argument may follow).
	tRuntimeHelpers.AddStatic("GetSubArray", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		a := args[0].AsArray()
		if a == nil {
			return vm.Null, argNull(t, "array")
		}
		off, n, err := offsetAndLength(t, rangeOf(args[1]), int32(len(a.V)))
		if err != nil {
			return vm.Null, err
		}
		r, err := t.NewArray(a.Elem, int64(n))
		if err != nil {
			return vm.Null, err
		}
		copy(r.V, a.V[off:off+n])
		return vm.Ref(r), nil
	})
}

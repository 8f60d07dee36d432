package lib

import (
	"sync/atomic"

	"asyncvm/vm"
)

// list is the payload of a List<T>. It takes no lock: like .NET's List, a
// program that races on one list may corrupt its contents, never the VM.
// The backing array is published through one pointer and never resized in
// place (growing copies it and publishes the copy), and Count is a separate
// word; every access reads each once and clamps Count to the array it read
// (view), so a racing reader sees a consistent slice whatever it reads.
type list struct {
	arr     atomic.Pointer[[]vm.Value] // backing array; its length is the capacity
	n       int                        // Count, trusted only up to len(*arr)
	version int
	elem    *vm.Type
}

// tList is System.Collections.Generic.List`1.
var tList = register(vm.NewLibType("System.Collections.Generic", "List`1", nil))

func (l *list) elemType() *vm.Type { return l.elem }

// view is the list's items as one consistent slice of its current array:
// its capacity is its length, so appending to it copies.
func (l *list) view() []vm.Value {
	a, n := l.load()
	return a[:n:n]
}

// load reads the backing array and Count once, Count clamped to the array.
func (l *list) load() ([]vm.Value, int) {
	p := l.arr.Load()
	if p == nil {
		return nil, 0
	}
	a, n := *p, l.n
	if uint(n) > uint(len(a)) {
		n = len(a)
	}
	return a, n
}

// replace makes vs (which the list takes over) the list's items.
func (l *list) replace(vs []vm.Value) {
	vs = vs[:len(vs):len(vs)]
	l.arr.Store(&vs)
	l.n = len(vs)
	l.version++
}

func (l *list) snapshot() []vm.Value { return append([]vm.Value(nil), l.view()...) }

func (l *list) count() int { return len(l.view()) }

// add appends v: in place while the array has room, else into a copy of
// twice the size, published before Count grows.
func (l *list) add(t *vm.Thread, v vm.Value) error {
	if p := l.arr.Load(); p != nil {
		if a, n := *p, l.n; uint(n) < uint(len(a)) {
			a[n] = v
			l.n = n + 1
			l.version++
			return nil
		}
	}
	return l.addSlow(t, []vm.Value{v})
}

func (l *list) addSlow(t *vm.Thread, vs []vm.Value) error {
	a := l.view()
	grown, err := vm.Grow(t, a, len(vs))
	if err != nil {
		return err
	}
	grown = append(grown, vs...)
	n := len(grown)
	grown = grown[:cap(grown)]
	l.arr.Store(&grown)
	l.n = n
	l.version++
	return nil
}

// open enumerates the list, failing if it is modified meanwhile.
func (l *list) open(*vm.Thread) (iter, error) {
	ver := l.version
	i := 0
	return iterFunc(func(t *vm.Thread) (vm.Value, bool, error) {
		if l.version != ver {
			return vm.Null, false, invalidOp(t, msgCollectionMod)
		}
		a := l.view()
		if i >= len(a) {
			i = len(a) + 1
			return vm.Null, false, nil
		}
		i++
		return a[i-1], true, nil
	}), nil
}

// NewList makes a List<T> value holding vs (which it takes over).
func NewList(elem *vm.Type, vs []vm.Value) vm.Value {
	l := &list{elem: elem}
	l.replace(vs)
	l.version = 0
	return vm.NewNative(instanceType(tList, elem), l)
}

func listOf(v vm.Value) *list { return v.AsNative().(*list) }

// listMethod adapts a method body that works on the list's current items.
func listMethod(f func(t *vm.Thread, l *list, items []vm.Value, args []vm.Value) (vm.Value, error)) native {
	return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		return f(t, l, l.view(), args[1:])
	}
}

func checkIndex(t *vm.Thread, v vm.Value, n int, inclusive bool) (int, error) {
	i, err := intArg(t, v, "index")
	if err != nil {
		return 0, err
	}
	if i < 0 || i > n || (i == n && !inclusive) {
		if inclusive {
			return 0, argOutOfRange(t, "index", "Index must be within the bounds of the List.")
		}
		return 0, argOutOfRange(t, "index", msgIndexRange)
	}
	return i, nil
}

// listIndexOf finds v by Equals in the items the list holds when it starts.
func listIndexOf(t *vm.Thread, l *list, v vm.Value, from int) (int, error) {
	items := l.view()
	for i := from; i < len(items); i++ {
		eq, err := defaultEquals(t, items[i], v)
		if err != nil {
			return -1, err
		}
		if eq {
			return i, nil
		}
	}
	return -1, nil
}

func predicate(t *vm.Thread, f vm.Value) func(v vm.Value) (bool, error) {
	return func(v vm.Value) (bool, error) {
		r, err := t.CallValue(f, []vm.Value{v})
		if err != nil {
			return false, err
		}
		return r.AsBool(), nil
	}
}

func init() {
	l := tList
	l.PassTypeArgs = true
	l.AddStatic(".ctor", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ts, rest := typeArgs(args, 1)
		var elem *vm.Type
		if len(ts) > 0 {
			elem = ts[0]
		}
		if len(rest) == 0 {
			return NewList(elem, nil), nil
		}
		if n, ok := toInt(rest[0]); ok && rest[0].PrimType() != nil {
			if n < 0 {
				return vm.Null, argOutOfRange(t, "capacity", msgNonNegative)
			}
			items, err := vm.Grow(t, []vm.Value(nil), n)
			if err != nil {
				return vm.Null, err
			}
			l := &list{elem: elem}
			items = items[:cap(items)]
			l.arr.Store(&items)
			return vm.NewNative(instanceType(tList, elem), l), nil
		}
		vs, err := collect(t, rest[0])
		if err != nil {
			if rest[0].IsNull() {
				return vm.Null, argNull(t, "collection")
			}
			return vm.Null, err
		}
		return NewList(elem, vs), nil
	})
	l.AddProperty("Count", listMethod(func(_ *vm.Thread, _ *list, items []vm.Value, _ []vm.Value) (vm.Value, error) {
		return vm.Int(int32(len(items))), nil
	}), nil)
	l.AddProperty("Capacity", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		if p := listOf(args[0]).arr.Load(); p != nil {
			return vm.Int(int32(len(*p))), nil
		}
		return vm.Int(0), nil
	}, listMethod(func(t *vm.Thread, l *list, items []vm.Value, args []vm.Value) (vm.Value, error) {
		n, err := intArg(t, args[0], "value")
		if err != nil {
			return vm.Null, err
		}
		if n < len(items) {
			return vm.Null, argOutOfRange(t, "value", "capacity was less than the current size.")
		}
		a := make([]vm.Value, n)
		copy(a, items)
		l.arr.Store(&a)
		l.n = len(items)
		return vm.Null, nil
	}))
	l.AddMethod("get_Item", 1, 1, listMethod(func(t *vm.Thread, _ *list, items []vm.Value, args []vm.Value) (vm.Value, error) {
		i, err := checkIndex(t, args[0], len(items), false)
		if err != nil {
			return vm.Null, err
		}
		return items[i], nil
	}))
	l.AddMethod("set_Item", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		v, err := convertElem(t, args[2], l.elem)
		if err != nil {
			return vm.Null, err
		}
		items := l.view()
		i, err := checkIndex(t, args[1], len(items), false)
		if err != nil {
			return vm.Null, err
		}
		items[i] = v
		l.version++
		return vm.Null, nil
	})
	l.AddMethod("Add", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		v, err := convertElem(t, args[1], l.elem)
		if err != nil {
			return vm.Null, err
		}
		return vm.Null, l.add(t, v)
	})
	l.AddMethod("AddRange", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		if args[1].IsNull() {
			return vm.Null, argNull(t, "collection")
		}
		vs, err := collect(t, args[1])
		if err != nil {
			return vm.Null, err
		}
		return vm.Null, l.addSlow(t, vs)
	})
	l.AddMethod("Insert", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		v, err := convertElem(t, args[2], l.elem)
		if err != nil {
			return vm.Null, err
		}
		return vm.Null, l.insert(t, args[1], []vm.Value{v})
	})
	l.AddMethod("InsertRange", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		vs, err := collect(t, args[2])
		if err != nil {
			return vm.Null, err
		}
		return vm.Null, l.insert(t, args[1], vs)
	})
	l.AddMethod("RemoveAt", 1, 1, listMethod(func(t *vm.Thread, l *list, items []vm.Value, args []vm.Value) (vm.Value, error) {
		i, err := checkIndex(t, args[0], len(items), false)
		if err != nil {
			return vm.Null, err
		}
		l.removeAt(items, i)
		return vm.Null, nil
	}))
	l.AddMethod("RemoveRange", 2, 2, listMethod(func(t *vm.Thread, l *list, items []vm.Value, args []vm.Value) (vm.Value, error) {
		i, _ := toInt(args[0])
		n, _ := toInt(args[1])
		if i < 0 {
			return vm.Null, argOutOfRange(t, "index", msgNonNegative)
		}
		if n < 0 {
			return vm.Null, argOutOfRange(t, "count", msgNonNegative)
		}
		if len(items)-i < n {
			return vm.Null, t.Throw("System.ArgumentException", "Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.")
		}
		l.replace(append(append([]vm.Value(nil), items[:i]...), items[i+n:]...))
		return vm.Null, nil
	}))
	l.AddMethod("Remove", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		i, err := listIndexOf(t, l, args[1], 0)
		if err != nil || i < 0 {
			return vm.Bool(false), err
		}
		if items := l.view(); i < len(items) {
			l.removeAt(items, i)
		}
		return vm.Bool(true), nil
	})
	l.AddMethod("RemoveAll", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		if args[1].IsNull() {
			return vm.Null, argNull(t, "match")
		}
		match := predicate(t, args[1])
		items := l.view()
		keep := make([]vm.Value, 0, len(items))
		for _, v := range items {
			ok, err := match(v)
			if err != nil {
				return vm.Null, err
			}
			if !ok {
				keep = append(keep, v)
			}
		}
		l.replace(keep)
		return vm.Int(int32(len(items) - len(keep))), nil
	})
	l.AddMethod("Clear", 0, 0, listMethod(func(_ *vm.Thread, l *list, items []vm.Value, _ []vm.Value) (vm.Value, error) {
		clear(items)
		l.n = 0
		l.version++
		return vm.Null, nil
	}))
	l.AddMethod("Contains", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		i, err := listIndexOf(t, listOf(args[0]), args[1], 0)
		return vm.Bool(i >= 0), err
	})
	// IndexOf(item[, index[, count]]) and LastIndexOf(item[, index[,
	// count]]), with List<T>'s checks and messages.
	l.AddMethod("IndexOf", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		items := listOf(args[0]).snapshot()
		from, count := 0, len(items)
		if len(args) > 2 {
			from, _ = toInt(args[2])
			if from < 0 || from > len(items) {
				return vm.Null, argOutOfRange(t, "index", "Index was out of range. Must be non-negative and less than or equal to the size of the collection.")
			}
			count = len(items) - from
		}
		if len(args) > 3 {
			count, _ = toInt(args[3])
			if count < 0 || from > len(items)-count {
				return vm.Null, argOutOfRange(t, "count", msgCountRange)
			}
		}
		for i := from; i < from+count; i++ {
			eq, err := defaultEquals(t, items[i], args[1])
			if err != nil || eq {
				return vm.Int(int32(i)), err
			}
		}
		return vm.Int(-1), nil
	})
	l.AddMethod("LastIndexOf", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		items := listOf(args[0]).snapshot()
		from, count := len(items)-1, len(items)
		if len(args) > 2 {
			from, _ = toInt(args[2])
			count = from + 1
		}
		if len(args) > 3 {
			count, _ = toInt(args[3])
		}
		if len(items) == 0 {
			return vm.Int(-1), nil
		}
		switch {
		case from < 0:
			return vm.Null, argOutOfRange(t, "index", msgNonNegative)
		case count < 0:
			return vm.Null, argOutOfRange(t, "count", msgNonNegative)
		case from >= len(items):
			return vm.Null, argOutOfRange(t, "index", "Must be less than or equal to the size of the collection.")
		case count > from+1:
			return vm.Null, argOutOfRange(t, "count", "Must be less than or equal to the size of the collection.")
		}
		for i := from; i > from-count; i-- {
			eq, err := defaultEquals(t, items[i], args[1])
			if err != nil || eq {
				return vm.Int(int32(i)), err
			}
		}
		return vm.Int(-1), nil
	})
	l.AddMethod("Sort", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		cmp := vm.Null
		if len(args) > 1 {
			cmp = args[1]
		}
		items := l.snapshot()
		if err := introSort(t, items, comparerOf(t, cmp)); err != nil {
			return vm.Null, wrapCompareError(t, err)
		}
		l.replace(items)
		return vm.Null, nil
	})
	// Sort(index, count, comparer) and Reverse(index, count) work on a
	// range, checked as List<T> checks it.
	l.AddMethod("Sort", 3, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		items := l.snapshot()
		i, n, err := listRange(t, len(items), args[1], args[2])
		if err != nil {
			return vm.Null, err
		}
		if err := introSort(t, items[i:i+n], comparerOf(t, args[3])); err != nil {
			return vm.Null, wrapCompareError(t, err)
		}
		l.replace(items)
		return vm.Null, nil
	})
	reverse := listMethod(func(t *vm.Thread, l *list, items []vm.Value, args []vm.Value) (vm.Value, error) {
		i, n := 0, len(items)
		if len(args) == 2 {
			var err error
			if i, n, err = listRange(t, len(items), args[0], args[1]); err != nil {
				return vm.Null, err
			}
		}
		out := append([]vm.Value(nil), items...)
		for k := 0; k < n; k++ {
			out[i+k] = items[i+n-1-k]
		}
		l.replace(out)
		return vm.Null, nil
	})
	l.AddMethod("Reverse", 0, 0, reverse)
	l.AddMethod("Reverse", 2, 2, reverse)
	// EnsureCapacity grows as List<T> grows (to twice the capacity, at
	// least 4, at least the request); TrimExcess shrinks the capacity to
	// Count when less than 90% of it is used.
	l.AddMethod("EnsureCapacity", 1, 1, listMethod(func(t *vm.Thread, l *list, items []vm.Value, args []vm.Value) (vm.Value, error) {
		want, err := intArg(t, args[0], "capacity")
		if err != nil {
			return vm.Null, err
		}
		if want < 0 {
			return vm.Null, argOutOfRange(t, "capacity", msgNonNegative)
		}
		a, _ := l.load()
		if len(a) >= want {
			return vm.Int(int32(len(a))), nil
		}
		c := 2 * len(a)
		if c == 0 {
			c = 4
		}
		c = max(c, want)
		g := make([]vm.Value, c)
		copy(g, items)
		l.arr.Store(&g)
		l.n = len(items)
		l.version++
		return vm.Int(int32(c)), nil
	}))
	l.AddMethod("TrimExcess", 0, 0, listMethod(func(_ *vm.Thread, l *list, items []vm.Value, _ []vm.Value) (vm.Value, error) {
		if a, _ := l.load(); len(items) < int(float64(len(a))*0.9) {
			g := append([]vm.Value(nil), items...)
			l.arr.Store(&g)
			l.n = len(g)
		}
		return vm.Null, nil
	}))
	// CopyTo(array), CopyTo(array, arrayIndex) and CopyTo(index, array,
	// arrayIndex, count), with Array.Copy's checks and messages.
	copyTo := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		items := listOf(args[0]).snapshot()
		index, arrayIndex, count, arr := 0, 0, len(items), args[1]
		switch len(args) {
		case 3:
			arrayIndex, _ = toInt(args[2])
		case 5:
			index, _ = toInt(args[1])
			arr = args[2]
			arrayIndex, _ = toInt(args[3])
			count, _ = toInt(args[4])
			if len(items)-index < count {
				return vm.Null, t.Throw("System.ArgumentException", "Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.")
			}
		}
		dst, err := arrayArg(t, arr)
		if err != nil {
			return vm.Null, err
		}
		switch {
		case index < 0 || count < 0:
			name := "index"
			if count < 0 {
				name = "count"
			}
			return vm.Null, argOutOfRange(t, name, "Non-negative number required.")
		case arrayIndex < 0:
			return vm.Null, argOutOfRange(t, "destinationIndex", "Number was less than the array's lower bound in the first dimension.")
		case arrayIndex+count > len(dst.V):
			return vm.Null, t.Throw("System.ArgumentException", "Destination array was not long enough. Check the destination index, length, and the array's lower bounds. (Parameter 'destinationArray')")
		}
		copy(dst.V[arrayIndex:], items[index:index+count])
		return vm.Null, nil
	}
	l.AddMethod("CopyTo", 1, 2, copyTo)
	l.AddMethod("CopyTo", 4, 4, copyTo)
	l.AddMethod("ToArray", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		return vm.Ref(vm.NewArrayOf(elemOrObject(l.elem), l.snapshot())), nil
	})
	// find is Find, FindLast, FindIndex, FindLastIndex and FindAll; the
	// index searches also take (startIndex, match) and (startIndex, count,
	// match).
	find := func(last, index, all bool) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			l := listOf(args[0])
			pred := args[len(args)-1]
			if pred.IsNull() {
				return vm.Null, argNull(t, "match")
			}
			match := predicate(t, pred)
			items := l.snapshot()
			lo, hi, err := findRange(t, len(items), last, args[1:len(args)-1])
			if err != nil {
				return vm.Null, err
			}
			var found []vm.Value
			for k := lo; k < hi; k++ {
				i := k
				if last {
					i = hi - 1 - (k - lo)
				}
				ok, err := match(items[i])
				if err != nil {
					return vm.Null, err
				}
				if !ok {
					continue
				}
				switch {
				case all:
					found = append(found, items[i])
				case index:
					return vm.Int(int32(i)), nil
				default:
					return items[i], nil
				}
			}
			switch {
			case all:
				return NewList(l.elem, found), nil
			case index:
				return vm.Int(-1), nil
			}
			return zeroOf(l.elem), nil
		}
	}
	l.AddMethod("Find", 1, 1, find(false, false, false))
	l.AddMethod("FindLast", 1, 1, find(true, false, false))
	l.AddMethod("FindIndex", 1, 3, find(false, true, false))
	l.AddMethod("FindLastIndex", 1, 3, find(true, true, false))
	l.AddMethod("FindAll", 1, 1, find(false, false, true))
	l.AddMethod("Exists", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		r, err := find(false, true, false)(t, args)
		return vm.Bool(err == nil && r.AsInt() >= 0), err
	})
	l.AddMethod("TrueForAll", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		match := predicate(t, args[1])
		for _, v := range listOf(args[0]).snapshot() {
			ok, err := match(v)
			if err != nil || !ok {
				return vm.Bool(false), err
			}
		}
		return vm.Bool(true), nil
	})
	l.AddMethod("ForEach", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		if args[1].IsNull() {
			return vm.Null, argNull(t, "action")
		}
		ver := l.version
		for i := 0; ; i++ {
			if l.version != ver {
				return vm.Null, invalidOp(t, msgCollectionMod)
			}
			items := l.view()
			if i >= len(items) {
				return vm.Null, nil
			}
			v := items[i]
			if _, err := t.CallValue(args[1], []vm.Value{v}); err != nil {
				return vm.Null, err
			}
		}
	})
	l.AddMethod("ConvertAll", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		args, ts := vm.TakeTypeArgs(args, 1, 2) // ConvertAll<TOutput>; args[0] is the list
		var elem *vm.Type
		if len(ts) == 1 {
			elem = ts[0]
		}
		if args[1].IsNull() {
			return vm.Null, argNull(t, "converter")
		}
		items := listOf(args[0]).snapshot()
		out := make([]vm.Value, len(items))
		for i, v := range items {
			r, err := t.CallValue(args[1], []vm.Value{v})
			if err != nil {
				return vm.Null, err
			}
			out[i] = r
		}
		return NewList(elem, out), nil
	}).WithTypeArgs()
	getRange := listMethod(func(t *vm.Thread, l *list, items []vm.Value, args []vm.Value) (vm.Value, error) {
		i, _ := toInt(args[0])
		n, _ := toInt(args[1])
		if i < 0 {
			return vm.Null, argOutOfRange(t, "index", msgNonNegative)
		}
		if n < 0 {
			return vm.Null, argOutOfRange(t, "count", msgNonNegative)
		}
		if len(items)-i < n {
			return vm.Null, t.Throw("System.ArgumentException", "Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.")
		}
		return NewList(l.elem, append([]vm.Value(nil), items[i:i+n]...)), nil
	})
	l.AddMethod("GetRange", 2, 2, getRange)
	// Slice (.NET 8) is GetRange; it gives List<T> `list[a..b]` and slice
	// patterns.
	l.AddMethod("Slice", 2, 2, getRange)
	// BinarySearch(item[, comparer]) or (index, count, item, comparer).
	binarySearch := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		items := listOf(args[0]).snapshot()
		lo, hi, item, cmp := 0, len(items)-1, args[1], vm.Null
		switch len(args) {
		case 3:
			cmp = args[2]
		case 5:
			index, _ := toInt(args[1])
			count, _ := toInt(args[2])
			switch {
			case index < 0:
				return vm.Null, argOutOfRange(t, "index", msgNonNegative)
			case count < 0:
				return vm.Null, argOutOfRange(t, "count", msgNonNegative)
			case len(items)-index < count:
				return vm.Null, t.Throw("System.ArgumentException", "Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.")
			}
			lo, hi, item, cmp = index, index+count-1, args[3], args[4]
		}
		compare := comparerOf(t, cmp)
		for lo <= hi {
			mid := lo + (hi-lo)/2
			c, err := compare(items[mid], item)
			if err != nil {
				return vm.Null, wrapCompareError(t, err)
			}
			switch {
			case c == 0:
				return vm.Int(int32(mid)), nil
			case c < 0:
				lo = mid + 1
			default:
				hi = mid - 1
			}
		}
		return vm.Int(int32(^lo)), nil
	}
	l.AddMethod("BinarySearch", 1, 2, binarySearch)
	l.AddMethod("BinarySearch", 4, 4, binarySearch)
	l.AddMethod("GetEnumerator", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		it, err := iterate(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		return vm.NewNative(instanceType(tListEnumerator, listOf(args[0]).elem), &enumerator{it: it}), nil
	})
	l.AddMethod("ToString", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		if s, ok := derivedName(args[0]); ok {
			return s, nil
		}
		return vm.String(genericName(tList, listOf(args[0]).elem)), nil
	})
}

// removeAt removes items[i], items being the list's current view.
func (l *list) removeAt(items []vm.Value, i int) {
	copy(items[i:], items[i+1:])
	items[len(items)-1] = vm.Null
	l.n = len(items) - 1
	l.version++
}

// insert puts vs before index (an argument, 0..Count); in place when the
// array has room, else into a new one.
func (l *list) insert(t *vm.Thread, index vm.Value, vs []vm.Value) error {
	a, n := l.load()
	i, err := checkIndex(t, index, n, true)
	if err != nil {
		return err
	}
	k := len(vs)
	if n+k <= len(a) {
		copy(a[i+k:n+k], a[i:n])
		copy(a[i:], vs)
		l.n = n + k
		l.version++
		return nil
	}
	grown, err := vm.Grow(t, []vm.Value(nil), n+k)
	if err != nil {
		return err
	}
	grown = append(append(append(grown, a[:i]...), vs...), a[i:n]...)
	n = len(grown)
	grown = grown[:cap(grown)]
	l.arr.Store(&grown)
	l.n = n
	l.version++
	return nil
}

// elemOrObject is the element type for a new array: the known one or object.
func elemOrObject(elem *vm.Type) *vm.Type {
	if elem == nil {
		return vm.TObject
	}
	return elem
}

// genericName is Type.ToString() of a constructed generic type:
// "System.Collections.Generic.List`1[System.Int32]".
// derivedName is object.ToString() of v when v is an object of a program
// class deriving from a library collection (vm.Type.NativeBase), which
// prints its own type's name where the collection's ToString prints the
// collection type's.
func derivedName(v vm.Value) (vm.Value, bool) {
	if v.AsInstance() == nil {
		return vm.Null, false
	}
	return vm.String(vm.DisplayTypeName(v.Type())), true
}

func genericName(ty *vm.Type, args ...*vm.Type) string {
	s := ty.FullName()
	if len(args) == 0 || args[0] == nil {
		return s
	}
	s += "["
	for i, a := range args {
		if i > 0 {
			s += ","
		}
		if a == nil {
			s += "System.Object"
		} else {
			s += a.FullName()
		}
	}
	return s + "]"
}

const msgCountRange = "Count must be positive and count must refer to a location within the string/array/collection."

// listRange checks an (index, count) range of a list of n items as List<T>
// does.
func listRange(t *vm.Thread, n int, index, count vm.Value) (int, int, error) {
	i, _ := toInt(index)
	c, _ := toInt(count)
	switch {
	case i < 0:
		return 0, 0, argOutOfRange(t, "index", msgNonNegative)
	case c < 0:
		return 0, 0, argOutOfRange(t, "count", msgNonNegative)
	case n-i < c:
		return 0, 0, t.Throw("System.ArgumentException", "Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.")
	}
	return i, c, nil
}

// findRange is the items [lo, hi) that FindIndex (last false) or
// FindLastIndex (last true) searches for its optional (startIndex[, count])
// arguments, checked as List<T> checks them.
func findRange(t *vm.Thread, n int, last bool, extra []vm.Value) (int, int, error) {
	if len(extra) == 0 {
		return 0, n, nil
	}
	start, _ := toInt(extra[0])
	if !last {
		if start < 0 || start > n {
			return 0, 0, argOutOfRange(t, "startIndex", "Index was out of range. Must be non-negative and less than or equal to the size of the collection.")
		}
		count := n - start
		if len(extra) > 1 {
			count, _ = toInt(extra[1])
			if count < 0 || start > n-count {
				return 0, 0, argOutOfRange(t, "count", msgCountRange)
			}
		}
		return start, start + count, nil
	}
	count := start + 1
	if len(extra) > 1 {
		count, _ = toInt(extra[1])
	}
	if n == 0 {
		if start != -1 {
			return 0, 0, argOutOfRange(t, "startIndex", msgIndexRange)
		}
		return 0, 0, nil
	}
	if start < 0 || start >= n {
		return 0, 0, argOutOfRange(t, "startIndex", msgIndexRange)
	}
	if count < 0 || start-count+1 < 0 {
		return 0, 0, argOutOfRange(t, "count", msgCountRange)
	}
	return start - count + 1, start + 1, nil
}

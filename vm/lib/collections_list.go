package lib

import (
	"sync"

	"asyncvm/vm"
)

// list is the payload of a List<T>. Every access takes mu; user code
// (predicates, comparers) runs on a snapshot without the lock held.
type list struct {
	mu      sync.Mutex
	items   []vm.Value
	version int
	elem    *vm.Type
}

// tList is System.Collections.Generic.List`1.
var tList = register(vm.NewLibType("System.Collections.Generic", "List`1", nil))

func (l *list) elemType() *vm.Type { return l.elem }

func (l *list) snapshot() []vm.Value {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]vm.Value(nil), l.items...)
}

func (l *list) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.items)
}

// open enumerates the list, failing if it is modified meanwhile.
func (l *list) open(*vm.Thread) (iter, error) {
	l.mu.Lock()
	ver := l.version
	l.mu.Unlock()
	i := 0
	return iterFunc(func(t *vm.Thread) (vm.Value, bool, error) {
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.version != ver {
			return vm.Null, false, invalidOp(t, msgCollectionMod)
		}
		if i >= len(l.items) {
			i = len(l.items) + 1
			return vm.Null, false, nil
		}
		i++
		return l.items[i-1], true, nil
	}), nil
}

// NewList makes a List<T> value holding vs (which it takes over).
func NewList(elem *vm.Type, vs []vm.Value) vm.Value {
	return vm.NewNative(tList, &list{items: vs, elem: elem})
}

func listOf(v vm.Value) *list { return v.AsNative().(*list) }

// listMethod adapts a method body that runs with the list locked.
func listLocked(f func(t *vm.Thread, l *list, args []vm.Value) (vm.Value, error)) native {
	return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		l.mu.Lock()
		defer l.mu.Unlock()
		return f(t, l, args[1:])
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

// indexOfLocked finds v by Equals; it runs with the list locked, so user
// Equals overrides are called on a snapshot instead.
func listIndexOf(t *vm.Thread, l *list, v vm.Value, from int) (int, error) {
	items := l.snapshot()
	for i := from; i < len(items); i++ {
		eq, err := objEquals(t, items[i], v)
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
			return vm.NewNative(tList, &list{items: items, elem: elem}), nil
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
	l.AddProperty("Count", listLocked(func(_ *vm.Thread, l *list, _ []vm.Value) (vm.Value, error) {
		return vm.Int(int32(len(l.items))), nil
	}), nil)
	l.AddProperty("Capacity", listLocked(func(_ *vm.Thread, l *list, _ []vm.Value) (vm.Value, error) {
		return vm.Int(int32(cap(l.items))), nil
	}), listLocked(func(t *vm.Thread, l *list, args []vm.Value) (vm.Value, error) {
		n, err := intArg(t, args[0], "value")
		if err != nil {
			return vm.Null, err
		}
		if n < len(l.items) {
			return vm.Null, argOutOfRange(t, "value", "capacity was less than the current size.")
		}
		items := make([]vm.Value, len(l.items), n)
		copy(items, l.items)
		l.items = items
		return vm.Null, nil
	}))
	l.AddMethod("get_Item", 1, 1, listLocked(func(t *vm.Thread, l *list, args []vm.Value) (vm.Value, error) {
		i, err := checkIndex(t, args[0], len(l.items), false)
		if err != nil {
			return vm.Null, err
		}
		return l.items[i], nil
	}))
	l.AddMethod("set_Item", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		v, err := convertElem(t, args[2], l.elem)
		if err != nil {
			return vm.Null, err
		}
		l.mu.Lock()
		defer l.mu.Unlock()
		i, err := checkIndex(t, args[1], len(l.items), false)
		if err != nil {
			return vm.Null, err
		}
		l.items[i] = v
		l.version++
		return vm.Null, nil
	})
	l.AddMethod("Add", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		v, err := convertElem(t, args[1], l.elem)
		if err != nil {
			return vm.Null, err
		}
		l.mu.Lock()
		defer l.mu.Unlock()
		items, err := vm.Grow(t, l.items, 1)
		if err != nil {
			return vm.Null, err
		}
		l.items = append(items, v)
		l.version++
		return vm.Null, nil
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
		l.mu.Lock()
		defer l.mu.Unlock()
		items, err := vm.Grow(t, l.items, len(vs))
		if err != nil {
			return vm.Null, err
		}
		l.items = append(items, vs...)
		l.version++
		return vm.Null, nil
	})
	l.AddMethod("Insert", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		v, err := convertElem(t, args[2], l.elem)
		if err != nil {
			return vm.Null, err
		}
		l.mu.Lock()
		defer l.mu.Unlock()
		i, err := checkIndex(t, args[1], len(l.items), true)
		if err != nil {
			return vm.Null, err
		}
		items, err := vm.Grow(t, l.items, 1)
		if err != nil {
			return vm.Null, err
		}
		l.items = append(items, vm.Null)
		copy(l.items[i+1:], l.items[i:])
		l.items[i] = v
		l.version++
		return vm.Null, nil
	})
	l.AddMethod("InsertRange", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		vs, err := collect(t, args[2])
		if err != nil {
			return vm.Null, err
		}
		l.mu.Lock()
		defer l.mu.Unlock()
		i, err := checkIndex(t, args[1], len(l.items), true)
		if err != nil {
			return vm.Null, err
		}
		items, err := vm.Grow(t, []vm.Value(nil), len(l.items)+len(vs))
		if err != nil {
			return vm.Null, err
		}
		items = append(append(append(items, l.items[:i]...), vs...), l.items[i:]...)
		l.items = items
		l.version++
		return vm.Null, nil
	})
	l.AddMethod("RemoveAt", 1, 1, listLocked(func(t *vm.Thread, l *list, args []vm.Value) (vm.Value, error) {
		i, err := checkIndex(t, args[0], len(l.items), false)
		if err != nil {
			return vm.Null, err
		}
		l.removeAt(i)
		return vm.Null, nil
	}))
	l.AddMethod("RemoveRange", 2, 2, listLocked(func(t *vm.Thread, l *list, args []vm.Value) (vm.Value, error) {
		i, _ := toInt(args[0])
		n, _ := toInt(args[1])
		if i < 0 {
			return vm.Null, argOutOfRange(t, "index", msgNonNegative)
		}
		if n < 0 {
			return vm.Null, argOutOfRange(t, "count", msgNonNegative)
		}
		if len(l.items)-i < n {
			return vm.Null, t.Throw("System.ArgumentException", "Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.")
		}
		items := append(append([]vm.Value(nil), l.items[:i]...), l.items[i+n:]...)
		l.items = items
		l.version++
		return vm.Null, nil
	}))
	l.AddMethod("Remove", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		i, err := listIndexOf(t, l, args[1], 0)
		if err != nil || i < 0 {
			return vm.Bool(false), err
		}
		l.mu.Lock()
		defer l.mu.Unlock()
		if i < len(l.items) {
			l.removeAt(i)
		}
		return vm.Bool(true), nil
	})
	l.AddMethod("RemoveAll", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		match := predicate(t, args[1])
		items := l.snapshot()
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
		l.mu.Lock()
		l.items = keep
		l.version++
		l.mu.Unlock()
		return vm.Int(int32(len(items) - len(keep))), nil
	})
	l.AddMethod("Clear", 0, 0, listLocked(func(_ *vm.Thread, l *list, _ []vm.Value) (vm.Value, error) {
		l.items = l.items[:0:0]
		l.version++
		return vm.Null, nil
	}))
	l.AddMethod("Contains", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		i, err := listIndexOf(t, listOf(args[0]), args[1], 0)
		return vm.Bool(i >= 0), err
	})
	l.AddMethod("IndexOf", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		from := 0
		if len(args) > 2 {
			from, _ = toInt(args[2])
			if from < 0 || from > listOf(args[0]).count() {
				return vm.Null, argOutOfRange(t, "index", "Index was out of range. Must be non-negative and less than or equal to the size of the collection.")
			}
		}
		i, err := listIndexOf(t, listOf(args[0]), args[1], from)
		return vm.Int(int32(i)), err
	})
	l.AddMethod("LastIndexOf", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		items := listOf(args[0]).snapshot()
		for i := len(items) - 1; i >= 0; i-- {
			eq, err := objEquals(t, items[i], args[1])
			if err != nil {
				return vm.Null, err
			}
			if eq {
				return vm.Int(int32(i)), nil
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
		l.mu.Lock()
		l.items = items
		l.version++
		l.mu.Unlock()
		return vm.Null, nil
	})
	l.AddMethod("Reverse", 0, 0, listLocked(func(_ *vm.Thread, l *list, _ []vm.Value) (vm.Value, error) {
		items := make([]vm.Value, len(l.items))
		for i, v := range l.items {
			items[len(items)-1-i] = v
		}
		l.items = items
		l.version++
		return vm.Null, nil
	}))
	l.AddMethod("ToArray", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := listOf(args[0])
		return vm.Ref(vm.NewArrayOf(elemOrObject(l.elem), l.snapshot())), nil
	})
	find := func(last, index, all bool) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			l := listOf(args[0])
			if args[1].IsNull() {
				return vm.Null, argNull(t, "match")
			}
			match := predicate(t, args[1])
			items := l.snapshot()
			var found []vm.Value
			for k := range items {
				i := k
				if last {
					i = len(items) - 1 - k
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
	l.AddMethod("FindIndex", 1, 1, find(false, true, false))
	l.AddMethod("FindLastIndex", 1, 1, find(true, true, false))
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
		l.mu.Lock()
		ver := l.version
		l.mu.Unlock()
		for i := 0; ; i++ {
			l.mu.Lock()
			if l.version != ver {
				l.mu.Unlock()
				return vm.Null, invalidOp(t, msgCollectionMod)
			}
			if i >= len(l.items) {
				l.mu.Unlock()
				return vm.Null, nil
			}
			v := l.items[i]
			l.mu.Unlock()
			if _, err := t.CallValue(args[1], []vm.Value{v}); err != nil {
				return vm.Null, err
			}
		}
	})
	l.AddMethod("ConvertAll", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		items := listOf(args[0]).snapshot()
		out := make([]vm.Value, len(items))
		for i, v := range items {
			r, err := t.CallValue(args[1], []vm.Value{v})
			if err != nil {
				return vm.Null, err
			}
			out[i] = r
		}
		return NewList(nil, out), nil
	})
	l.AddMethod("GetRange", 2, 2, listLocked(func(t *vm.Thread, l *list, args []vm.Value) (vm.Value, error) {
		i, _ := toInt(args[0])
		n, _ := toInt(args[1])
		if i < 0 {
			return vm.Null, argOutOfRange(t, "index", msgNonNegative)
		}
		if n < 0 {
			return vm.Null, argOutOfRange(t, "count", msgNonNegative)
		}
		if len(l.items)-i < n {
			return vm.Null, t.Throw("System.ArgumentException", "Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.")
		}
		return NewList(l.elem, append([]vm.Value(nil), l.items[i:i+n]...)), nil
	}))
	l.AddMethod("BinarySearch", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		items := listOf(args[0]).snapshot()
		lo, hi := 0, len(items)-1
		for lo <= hi {
			mid := lo + (hi-lo)/2
			c, err := compareValues(t, items[mid], args[1])
			if err != nil {
				return vm.Null, err
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
	})
	l.AddMethod("GetEnumerator", 0, 0, getEnumerator)
	l.AddMethod("AsReadOnly", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return args[0], nil })
	l.AddMethod("ToString", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.String(genericName(tList, listOf(args[0]).elem)), nil
	})
}

func (l *list) removeAt(i int) {
	copy(l.items[i:], l.items[i+1:])
	l.items[len(l.items)-1] = vm.Null
	l.items = l.items[:len(l.items)-1]
	l.version++
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

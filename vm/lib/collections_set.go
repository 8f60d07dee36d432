package lib

import (
	"sync/atomic"

	"asyncvm/vm"
)

// hashSet is the payload of a HashSet<T>; values live in the entry keys.
type hashSet struct {
	h    hashTable
	elem *vm.Type
}

var (
	tHashSet = register(vm.NewLibType("System.Collections.Generic", "HashSet`1", nil))
	tQueue   = register(vm.NewLibType("System.Collections.Generic", "Queue`1", nil))
	tStack   = register(vm.NewLibType("System.Collections.Generic", "Stack`1", nil))
)

func setOf(v vm.Value) *hashSet { return v.AsNative().(*hashSet) }

func (s *hashSet) elemType() *vm.Type { return s.elem }

func (s *hashSet) open(*vm.Thread) (iter, error) {
	ver := s.h.version
	i := 0
	return iterFunc(func(t *vm.Thread) (vm.Value, bool, error) {
		if s.h.version != ver {
			return vm.Null, false, invalidOp(t, msgCollectionMod)
		}
		for {
			e, used, ok := s.h.at(i)
			if !ok {
				return vm.Null, false, nil
			}
			i++
			if used {
				return e.key, true, nil
			}
		}
	}), nil
}

// add inserts v unless present; it reports whether it was added.
func (s *hashSet) add(t *vm.Thread, v vm.Value) (bool, error) {
	hk, err := s.h.keyOf(t, v)
	if err != nil {
		return false, err
	}
	_, i, err := s.h.find(t, hk, v)
	if err != nil || i >= 0 {
		return false, err
	}
	return true, s.h.insert(t, hk, v, vm.Null)
}

func (s *hashSet) contains(t *vm.Thread, v vm.Value) (bool, error) {
	hk, err := s.h.keyOf(t, v)
	if err != nil {
		return false, err
	}
	_, i, err := s.h.find(t, hk, v)
	return i >= 0, err
}

func (s *hashSet) remove(t *vm.Thread, v vm.Value) (bool, error) {
	hk, err := s.h.keyOf(t, v)
	if err != nil {
		return false, err
	}
	_, ok, err := s.h.remove(t, hk, v)
	return ok, err
}

func (s *hashSet) items() []vm.Value { return s.h.keys() }

// newSetFrom builds a set of the values of a sequence under a comparer
// (nil: the default).
func newSetFrom(t *vm.Thread, elem *vm.Type, cmp *keyComparer, vs []vm.Value) (*hashSet, error) {
	s := &hashSet{elem: elem, h: hashTable{cmp: cmp}}
	for _, v := range vs {
		if _, err := s.add(t, v); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// deque is the payload of a Queue<T> or Stack<T>: a circular buffer, as
// .NET's Queue is; a stack keeps head at 0 and its top at n-1. Like list it
// takes no lock and stays memory-safe under races: the buffer is published
// through one pointer and never resized in place, and head and Count are
// reduced into the buffer an operation loaded before they index it.
type deque struct {
	buf     atomic.Pointer[[]vm.Value]
	head, n int
	version int
	elem    *vm.Type
	stack   bool
}

func dequeOf(v vm.Value) *deque { return v.AsNative().(*deque) }

func (q *deque) elemType() *vm.Type { return q.elem }

// load reads the buffer, head and Count once, made consistent with it.
func (q *deque) load() (buf []vm.Value, head, n int) {
	p := q.buf.Load()
	if p == nil || len(*p) == 0 {
		return nil, 0, 0
	}
	buf, head, n = *p, q.head, q.n
	if uint(head) >= uint(len(buf)) {
		head = 0
	}
	if uint(n) > uint(len(buf)) {
		n = len(buf)
	}
	return buf, head, n
}

// at is the k-th item from the front (a queue) or the top (a stack).
func (q *deque) at(buf []vm.Value, head, n, k int) *vm.Value {
	if q.stack {
		return &buf[n-1-k]
	}
	return &buf[(head+k)%len(buf)]
}

// open enumerates a queue front to back and a stack top to bottom.
func (q *deque) open(*vm.Thread) (iter, error) {
	ver := q.version
	i := 0
	return iterFunc(func(t *vm.Thread) (vm.Value, bool, error) {
		if q.version != ver {
			return vm.Null, false, invalidOp(t, msgCollectionMod)
		}
		buf, head, n := q.load()
		if i >= n {
			return vm.Null, false, nil
		}
		i++
		return *q.at(buf, head, n, i-1), true, nil
	}), nil
}

func (q *deque) snapshotOrdered() []vm.Value {
	buf, head, n := q.load()
	out := make([]vm.Value, n)
	for k := range out {
		out[k] = *q.at(buf, head, n, k)
	}
	return out
}

// push adds v at the back (a queue) or the top (a stack), moving the items
// into a buffer twice the size when full.
func (q *deque) push(t *vm.Thread, v vm.Value) error {
	buf, head, n := q.load()
	if n == len(buf) {
		grown, err := vm.Grow(t, []vm.Value(nil), n+1)
		if err != nil {
			return err
		}
		grown = grown[:cap(grown)]
		for k := 0; k < n; k++ {
			if q.stack {
				grown[k] = buf[k]
			} else {
				grown[k] = buf[(head+k)%n]
			}
		}
		buf, head = grown, 0
		q.buf.Store(&grown)
		q.head = 0
	}
	buf[(head+n)%len(buf)] = v
	q.n = n + 1
	q.version++
	return nil
}

// resize moves the items into a buffer of size c (at least Count), in
// order from index 0 (bottom first for a stack).
func (q *deque) resize(c int) {
	buf, head, n := q.load()
	grown := make([]vm.Value, max(c, n))
	for k := 0; k < n; k++ {
		if q.stack {
			grown[k] = buf[k]
		} else {
			grown[k] = buf[(head+k)%len(buf)]
		}
	}
	q.buf.Store(&grown)
	q.head = 0
	q.version++
}

func init() {
	hs := tHashSet
	hs.PassTypeArgs = true
	hs.AddStatic(".ctor", 0, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ts, rest := typeArgs(args, 1)
		var elem *vm.Type
		if len(ts) > 0 {
			elem = ts[0]
		}
		var vs []vm.Value
		var cmp *keyComparer
		for _, a := range rest {
			if c := equalityComparerOf(a); c != nil {
				cmp = c
				continue
			}
			if a.IsNull() || a.PrimType() != nil {
				continue
			}
			var err error
			if vs, err = collect(t, a); err != nil {
				return vm.Null, err
			}
		}
		s, err := newSetFrom(t, elem, cmp, vs)
		if err != nil {
			return vm.Null, err
		}
		return vm.NewNative(instanceType(tHashSet, elem), s), nil
	})
	hs.AddProperty("Count", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(setOf(args[0]).h.len())), nil
	}, nil)
	hs.AddMethod("Add", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		v, err := convertElem(t, args[1], setOf(args[0]).elem)
		if err != nil {
			return vm.Null, err
		}
		ok, err := setOf(args[0]).add(t, v)
		return vm.Bool(ok), err
	})
	hs.AddMethod("Contains", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ok, err := setOf(args[0]).contains(t, args[1])
		return vm.Bool(ok), err
	})
	hs.AddMethod("Remove", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ok, err := setOf(args[0]).remove(t, args[1])
		return vm.Bool(ok), err
	})
	hs.AddMethod("ComparerOrNull", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return comparerOrNull(setOf(args[0]).h.cmp), nil
	})
	hs.AddMethod("Clear", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		setOf(args[0]).h.clear()
		return vm.Null, nil
	})
	hs.AddMethod("UnionWith", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		vs, err := collect(t, args[1])
		if err != nil {
			return vm.Null, err
		}
		for _, v := range vs {
			if _, err := setOf(args[0]).add(t, v); err != nil {
				return vm.Null, err
			}
		}
		return vm.Null, nil
	})
	hs.AddMethod("ExceptWith", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		vs, err := collect(t, args[1])
		if err != nil {
			return vm.Null, err
		}
		for _, v := range vs {
			if _, err := setOf(args[0]).remove(t, v); err != nil {
				return vm.Null, err
			}
		}
		return vm.Null, nil
	})
	hs.AddMethod("IntersectWith", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		vs, err := collect(t, args[1])
		if err != nil {
			return vm.Null, err
		}
		s := setOf(args[0])
		other, err := newSetFrom(t, nil, s.h.cmp, vs)
		if err != nil {
			return vm.Null, err
		}
		for _, v := range s.items() {
			in, err := other.contains(t, v)
			if err != nil {
				return vm.Null, err
			}
			if !in {
				if _, err := s.remove(t, v); err != nil {
					return vm.Null, err
				}
			}
		}
		return vm.Null, nil
	})
	hs.AddMethod("SymmetricExceptWith", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		vs, err := collect(t, args[1])
		if err != nil {
			return vm.Null, err
		}
		s := setOf(args[0])
		other, err := newSetFrom(t, s.elem, s.h.cmp, vs)
		if err != nil {
			return vm.Null, err
		}
		// Each distinct element of other is removed when s has it and
		// added when it does not, in other's order (as .NET does).
		for _, v := range other.items() {
			removed, err := s.remove(t, v)
			if err != nil {
				return vm.Null, err
			}
			if !removed {
				if _, err := s.add(t, v); err != nil {
					return vm.Null, err
				}
			}
		}
		return vm.Null, nil
	})
	hs.AddMethod("RemoveWhere", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := setOf(args[0])
		match := predicate(t, args[1])
		n := 0
		for _, v := range s.items() {
			ok, err := match(v)
			if err != nil {
				return vm.Null, err
			}
			if ok {
				if _, err := s.remove(t, v); err != nil {
					return vm.Null, err
				}
				n++
			}
		}
		return vm.Int(int32(n)), nil
	})
	setPred := func(f func(t *vm.Thread, s, other *hashSet) (bool, error)) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			vs, err := collect(t, args[1])
			if err != nil {
				return vm.Null, err
			}
			s := setOf(args[0])
			other, err := newSetFrom(t, nil, s.h.cmp, vs)
			if err != nil {
				return vm.Null, err
			}
			ok, err := f(t, s, other)
			return vm.Bool(ok), err
		}
	}
	subset := func(t *vm.Thread, a, b *hashSet) (bool, error) {
		for _, v := range a.items() {
			in, err := b.contains(t, v)
			if err != nil || !in {
				return false, err
			}
		}
		return true, nil
	}
	hs.AddMethod("IsSubsetOf", 1, 1, setPred(subset))
	hs.AddMethod("IsSupersetOf", 1, 1, setPred(func(t *vm.Thread, s, o *hashSet) (bool, error) { return subset(t, o, s) }))
	hs.AddMethod("SetEquals", 1, 1, setPred(func(t *vm.Thread, s, o *hashSet) (bool, error) {
		a, err := subset(t, s, o)
		if err != nil || !a {
			return false, err
		}
		return subset(t, o, s)
	}))
	hs.AddMethod("Overlaps", 1, 1, setPred(func(t *vm.Thread, s, o *hashSet) (bool, error) {
		for _, v := range o.items() {
			in, err := s.contains(t, v)
			if err != nil || in {
				return in, err
			}
		}
		return false, nil
	}))
	// IsProperSubsetOf and IsProperSupersetOf: a subset (superset) that
	// the other set's distinct items outnumber (are outnumbered by).
	hs.AddMethod("IsProperSubsetOf", 1, 1, setPred(func(t *vm.Thread, s, o *hashSet) (bool, error) {
		ok, err := subset(t, s, o)
		return ok && o.h.len() > s.h.len(), err
	}))
	hs.AddMethod("IsProperSupersetOf", 1, 1, setPred(func(t *vm.Thread, s, o *hashSet) (bool, error) {
		ok, err := subset(t, o, s)
		return ok && s.h.len() > o.h.len(), err
	}))
	// TryGetValue(equalValue, out actualValue): the stored item equal to
	// equalValue (under the set's comparer), or the default.
	hs.AddMethod("TryGetValue", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := setOf(args[0])
		hk, err := s.h.keyOf(t, args[1])
		if err != nil {
			return vm.Null, err
		}
		st, i, err := s.h.find(t, hk, args[1])
		if err != nil {
			return vm.Null, err
		}
		if i < 0 {
			vm.StoreRef(args[2], zeroOf(s.elem))
			return vm.Bool(false), nil
		}
		vm.StoreRef(args[2], st.entries[i].key)
		return vm.Bool(true), nil
	})
	hs.AddMethod("GetEnumerator", 0, 0, getEnumerator)
	hs.AddMethod("ToString", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		if s, ok := derivedName(args[0]); ok {
			return s, nil
		}
		return vm.String(genericName(tHashSet, setOf(args[0]).elem)), nil
	})

	for _, ty := range []*vm.Type{tQueue, tStack} {
		isStack := ty == tStack
		ty.PassTypeArgs = true
		ty.AddStatic(".ctor", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			ts, rest := typeArgs(args, 1)
			q := &deque{stack: isStack}
			if len(ts) > 0 {
				q.elem = ts[0]
			}
			if len(rest) > 0 && !rest[0].IsNull() && rest[0].PrimType() == nil {
				vs, err := collect(t, rest[0])
				if err != nil {
					return vm.Null, err
				}
				q.buf.Store(&vs)
				q.n = len(vs)
			}
			return vm.NewNative(instanceType(ty, q.elem), q), nil
		})
		ty.AddProperty("Count", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			_, _, n := dequeOf(args[0]).load()
			return vm.Int(int32(n)), nil
		}, nil)
		push := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			q := dequeOf(args[0])
			v, err := convertElem(t, args[1], q.elem)
			if err != nil {
				return vm.Null, err
			}
			return vm.Null, q.push(t, v)
		}
		empty := "Queue empty."
		if isStack {
			empty = "Stack empty."
		}
		// take removes (or, for peek, reads) the next item.
		take := func(peek, try bool) native {
			return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
				q := dequeOf(args[0])
				buf, head, n := q.load()
				if n == 0 {
					if try {
						vm.StoreRef(args[1], zeroOf(q.elem))
						return vm.Bool(false), nil
					}
					return vm.Null, invalidOp(t, empty)
				}
				slot := q.at(buf, head, n, 0)
				v := *slot
				if !peek {
					*slot = vm.Null
					if !isStack {
						q.head = (head + 1) % len(buf)
					}
					q.n = n - 1
					q.version++
				}
				if try {
					vm.StoreRef(args[1], v)
					return vm.Bool(true), nil
				}
				return v, nil
			}
		}
		if isStack {
			ty.AddMethod("Push", 1, 1, push)
			ty.AddMethod("Pop", 0, 0, take(false, false))
			ty.AddMethod("TryPop", 1, 1, take(false, true))
		} else {
			ty.AddMethod("Enqueue", 1, 1, push)
			ty.AddMethod("Dequeue", 0, 0, take(false, false))
			ty.AddMethod("TryDequeue", 1, 1, take(false, true))
		}
		ty.AddMethod("Peek", 0, 0, take(true, false))
		ty.AddMethod("TryPeek", 1, 1, take(true, true))
		ty.AddMethod("Clear", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			q := dequeOf(args[0])
			buf, _, _ := q.load()
			clear(buf)
			q.head, q.n = 0, 0
			q.version++
			return vm.Null, nil
		})
		ty.AddMethod("Contains", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			for _, v := range dequeOf(args[0]).snapshotOrdered() {
				eq, err := defaultEquals(t, v, args[1])
				if err != nil || eq {
					return vm.Bool(eq), err
				}
			}
			return vm.Bool(false), nil
		})
		ty.AddMethod("ToArray", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			q := dequeOf(args[0])
			return vm.Ref(vm.NewArrayOf(elemOrObject(q.elem), q.snapshotOrdered())), nil
		})
		ty.AddMethod("CopyTo", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			items := dequeOf(args[0]).snapshotOrdered()
			dst, err := arrayArg(t, args[1])
			if err != nil {
				return vm.Null, err
			}
			i, _ := toInt(args[2])
			switch {
			case i < 0 || i > len(dst.V):
				return vm.Null, argOutOfRange(t, "arrayIndex", "Index was out of range. Must be non-negative and less than or equal to the size of the collection.")
			case len(dst.V)-i < len(items):
				return vm.Null, t.Throw("System.ArgumentException", "Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.")
			}
			copy(dst.V[i:], items)
			return vm.Null, nil
		})
		// EnsureCapacity grows as .NET does (twice, at least 4 more, at
		// least the request) and returns the capacity; TrimExcess
		// shrinks it to Count when less than 90% is used.
		ty.AddMethod("EnsureCapacity", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			q := dequeOf(args[0])
			want, err := intArg(t, args[1], "capacity")
			if err != nil {
				return vm.Null, err
			}
			if want < 0 {
				return vm.Null, argOutOfRange(t, "capacity", msgNonNegative)
			}
			buf, _, _ := q.load()
			if len(buf) < want {
				q.resize(max(2*len(buf), len(buf)+4, want))
				buf, _, _ = q.load()
			}
			return vm.Int(int32(len(buf))), nil
		})
		ty.AddMethod("TrimExcess", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			q := dequeOf(args[0])
			if buf, _, n := q.load(); n < int(float64(len(buf))*0.9) {
				q.resize(n)
			}
			return vm.Null, nil
		})
		ty.AddMethod("GetEnumerator", 0, 0, getEnumerator)
		ty.AddMethod("ToString", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			if s, ok := derivedName(args[0]); ok {
				return s, nil
			}
			return vm.String(genericName(ty, dequeOf(args[0]).elem)), nil
		})
	}
}

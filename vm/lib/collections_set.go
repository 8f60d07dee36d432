package lib

import (
	"sync"

	"asyncvm/vm"
)

// hashSet is the payload of a HashSet<T>; values live in the entry keys.
type hashSet struct {
	mu   sync.Mutex
	h    hashIndex
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
	s.mu.Lock()
	ver := s.h.version
	s.mu.Unlock()
	i := 0
	return iterFunc(func(t *vm.Thread) (vm.Value, bool, error) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.h.version != ver {
			return vm.Null, false, invalidOp(t, msgCollectionMod)
		}
		for i < len(s.h.entries) {
			e := s.h.entries[i]
			i++
			if e.used {
				return e.key, true, nil
			}
		}
		return vm.Null, false, nil
	}), nil
}

// add inserts v unless present; it reports whether it was added.
func (s *hashSet) add(t *vm.Thread, v vm.Value) (bool, error) {
	hk, err := keyOf(t, v)
	if err != nil {
		return false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	i, err := s.h.find(t, hk, v)
	if err != nil || i >= 0 {
		return false, err
	}
	if err := s.h.reserve(t); err != nil {
		return false, err
	}
	s.h.insert(hk, v, vm.Null)
	return true, nil
}

func (s *hashSet) contains(t *vm.Thread, v vm.Value) (bool, error) {
	hk, err := keyOf(t, v)
	if err != nil {
		return false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	i, err := s.h.find(t, hk, v)
	return i >= 0, err
}

func (s *hashSet) remove(t *vm.Thread, v vm.Value) (bool, error) {
	hk, err := keyOf(t, v)
	if err != nil {
		return false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	i, err := s.h.find(t, hk, v)
	if err != nil || i < 0 {
		return false, err
	}
	s.h.removeAt(i)
	return true, nil
}

func (s *hashSet) items() []vm.Value {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]vm.Value, 0, s.h.count)
	for _, e := range s.h.entries {
		if e.used {
			out = append(out, e.key)
		}
	}
	return out
}

// newSetFrom builds a set of the values of a sequence.
func newSetFrom(t *vm.Thread, elem *vm.Type, vs []vm.Value) (*hashSet, error) {
	s := &hashSet{elem: elem}
	for _, v := range vs {
		if _, err := s.add(t, v); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// deque is the payload of a Queue<T> or Stack<T>: a slice whose front is
// items[0] for a queue and whose top is the last item for a stack.
type deque struct {
	mu      sync.Mutex
	items   []vm.Value
	version int
	elem    *vm.Type
	stack   bool
}

func dequeOf(v vm.Value) *deque { return v.AsNative().(*deque) }

func (q *deque) elemType() *vm.Type { return q.elem }

// open enumerates a queue front to back and a stack top to bottom.
func (q *deque) open(*vm.Thread) (iter, error) {
	q.mu.Lock()
	ver := q.version
	q.mu.Unlock()
	i := 0
	return iterFunc(func(t *vm.Thread) (vm.Value, bool, error) {
		q.mu.Lock()
		defer q.mu.Unlock()
		if q.version != ver {
			return vm.Null, false, invalidOp(t, msgCollectionMod)
		}
		if i >= len(q.items) {
			return vm.Null, false, nil
		}
		i++
		if q.stack {
			return q.items[len(q.items)-i], true, nil
		}
		return q.items[i-1], true, nil
	}), nil
}

func (q *deque) snapshotOrdered() []vm.Value {
	q.mu.Lock()
	defer q.mu.Unlock()
	out := make([]vm.Value, len(q.items))
	for i := range q.items {
		if q.stack {
			out[i] = q.items[len(q.items)-1-i]
		} else {
			out[i] = q.items[i]
		}
	}
	return out
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
		for _, a := range rest {
			if a.IsNull() || a.PrimType() != nil || a.Type() == tStringComparer {
				continue
			}
			var err error
			if vs, err = collect(t, a); err != nil {
				return vm.Null, err
			}
		}
		s, err := newSetFrom(t, elem, vs)
		if err != nil {
			return vm.Null, err
		}
		return vm.NewNative(tHashSet, s), nil
	})
	hs.AddProperty("Count", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := setOf(args[0])
		s.mu.Lock()
		defer s.mu.Unlock()
		return vm.Int(int32(s.h.count)), nil
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
	hs.AddMethod("Clear", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := setOf(args[0])
		s.mu.Lock()
		s.h.clear()
		s.mu.Unlock()
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
		other, err := newSetFrom(t, nil, vs)
		if err != nil {
			return vm.Null, err
		}
		s := setOf(args[0])
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
	setPred := func(f func(t *vm.Thread, s, other *hashSet) (bool, error)) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			vs, err := collect(t, args[1])
			if err != nil {
				return vm.Null, err
			}
			other, err := newSetFrom(t, nil, vs)
			if err != nil {
				return vm.Null, err
			}
			ok, err := f(t, setOf(args[0]), other)
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
	hs.AddMethod("GetEnumerator", 0, 0, getEnumerator)
	hs.AddMethod("ToString", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
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
				q.items = vs
			}
			return vm.NewNative(ty, q), nil
		})
		ty.AddProperty("Count", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			q := dequeOf(args[0])
			q.mu.Lock()
			defer q.mu.Unlock()
			return vm.Int(int32(len(q.items))), nil
		}, nil)
		push := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			q := dequeOf(args[0])
			v, err := convertElem(t, args[1], q.elem)
			if err != nil {
				return vm.Null, err
			}
			q.mu.Lock()
			defer q.mu.Unlock()
			items, err := vm.Grow(t, q.items, 1)
			if err != nil {
				return vm.Null, err
			}
			q.items = append(items, v)
			q.version++
			return vm.Null, nil
		}
		empty := "Queue empty."
		if isStack {
			empty = "Stack empty."
		}
		// take removes (or, for peek, reads) the next item.
		take := func(peek, try bool) native {
			return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
				q := dequeOf(args[0])
				q.mu.Lock()
				defer q.mu.Unlock()
				if len(q.items) == 0 {
					if try {
						vm.StoreRef(args[1], zeroOf(q.elem))
						return vm.Bool(false), nil
					}
					return vm.Null, invalidOp(t, empty)
				}
				var v vm.Value
				if isStack {
					v = q.items[len(q.items)-1]
					if !peek {
						q.items[len(q.items)-1] = vm.Null
						q.items = q.items[:len(q.items)-1]
					}
				} else {
					v = q.items[0]
					if !peek {
						q.items[0] = vm.Null
						q.items = q.items[1:]
					}
				}
				if !peek {
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
			q.mu.Lock()
			q.items = nil
			q.version++
			q.mu.Unlock()
			return vm.Null, nil
		})
		ty.AddMethod("Contains", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			for _, v := range dequeOf(args[0]).snapshotOrdered() {
				eq, err := objEquals(t, v, args[1])
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
		ty.AddMethod("GetEnumerator", 0, 0, getEnumerator)
		ty.AddMethod("ToString", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.String(genericName(ty, dequeOf(args[0]).elem)), nil
		})
	}
}

package threading

import (
	"sync"

	"asyncvm/vm"
)

// Library types for the concurrent collections.
var (
	TConcurrentDictionary = vm.NewLibType("System.Collections.Concurrent", "ConcurrentDictionary`2", nil)
	TConcurrentQueue      = vm.NewLibType("System.Collections.Concurrent", "ConcurrentQueue`1", nil)
	TConcurrentBag        = vm.NewLibType("System.Collections.Concurrent", "ConcurrentBag`1", nil)
	TKeyValuePair         = vm.NewLibType("System.Collections.Generic", "KeyValuePair`2", nil)
)

// ckey is a Go map key for a VM value: strings and primitives by value,
// objects by identity, or by their GetHashCode when their class overrides it
// (entries with the same hash are then told apart by Equals).
type ckey struct {
	kind uint8
	s    string
	bits uint64
	typ  *vm.Type
	obj  any
}

type entry struct {
	key, val vm.Value
	dead     bool
}

// cdict is a ConcurrentDictionary: one mutex over a hash index and the
// entries in insertion order. User Equals/GetHashCode run outside the lock
// only through keyOf; comparisons under the lock use identity or Equals of
// library values.
type cdict struct {
	mu    sync.Mutex
	index map[ckey][]*entry
	order []*entry
	live  int
}

func keyOf(t *vm.Thread, v vm.Value) (ckey, bool, error) {
	if v.IsNull() {
		return ckey{}, false, argNull(t, "key")
	}
	if s := v.AsStr(); s != nil {
		return ckey{kind: 1, s: s.S}, false, nil
	}
	if pt := v.PrimType(); pt != nil {
		return ckey{kind: 2, bits: v.Bits(), typ: pt}, false, nil
	}
	if f := v.Type().LookupOverride("GetHashCode", 0); f != nil && f.Native == nil {
		h, err := t.Invoke(f, v, nil)
		if err != nil {
			return ckey{}, false, err
		}
		return ckey{kind: 3, bits: uint64(intArg(h)), typ: v.Type()}, true, nil
	}
	return ckey{kind: 4, obj: v.Obj()}, false, nil
}

// find returns the live entry for key k (value v), calling a user Equals
// when needed; the caller holds d.mu unless userEq.
func (d *cdict) find(t *vm.Thread, k ckey, v vm.Value, user bool) (*entry, error) {
	for _, e := range d.index[k] {
		if e.dead {
			continue
		}
		if !user {
			return e, nil
		}
		if f := v.Type().LookupOverride("Equals", 1); f != nil && f.Native == nil {
			r, err := t.Invoke(f, v, []vm.Value{e.key})
			if err != nil {
				return nil, err
			}
			if r.AsBool() {
				return e, nil
			}
		} else if e.key.Same(v) {
			return e, nil
		}
	}
	return nil, nil
}

// with runs fn holding the dictionary lock, after computing the key. User
// Equals calls happen under the lock; they must not touch the dictionary.
func (d *cdict) with(t *vm.Thread, key vm.Value, fn func(k ckey, e *entry) (vm.Value, error)) (vm.Value, error) {
	k, user, err := keyOf(t, key)
	if err != nil {
		return vm.Null, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	e, err := d.find(t, k, key, user)
	if err != nil {
		return vm.Null, err
	}
	return fn(k, e)
}

func (d *cdict) add(k ckey, key, val vm.Value) {
	e := &entry{key: key, val: val}
	d.index[k] = append(d.index[k], e)
	d.order = append(d.order, e)
	d.live++
}

func (d *cdict) remove(k ckey, e *entry) {
	e.dead = true
	d.live--
	list := d.index[k]
	for i, x := range list {
		if x == e {
			list = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	if len(list) == 0 {
		delete(d.index, k)
	} else {
		d.index[k] = list
	}
	if len(d.order) > 32 && d.live < len(d.order)/2 {
		kept := d.order[:0:0]
		for _, x := range d.order {
			if !x.dead {
				kept = append(kept, x)
			}
		}
		d.order = kept
	}
}

func (d *cdict) snapshot() []*entry {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]*entry, 0, d.live)
	for _, e := range d.order {
		if !e.dead {
			out = append(out, &entry{key: e.key, val: e.val})
		}
	}
	return out
}

// kvPair is the payload of a KeyValuePair.
type kvPair struct{ key, val vm.Value }

// NewPair makes a KeyValuePair<K,V>, through the registered library type's
// constructor when there is one.
func NewPair(t *vm.Thread, k, v vm.Value) vm.Value {
	if ty := vm.Builtin("System.Collections.Generic.KeyValuePair"); ty != nil && ty != TKeyValuePair {
		if f := ty.LookupStatic(".ctor", 2); f != nil {
			if r, err := t.Invoke(f, vm.Null, []vm.Value{k, v}); err == nil {
				return r
			}
		}
	}
	return vm.NewNative(TKeyValuePair, &kvPair{k, v})
}

// citems is the state of a ConcurrentQueue (FIFO) or a ConcurrentBag (LIFO,
// as .NET's bag behaves for a single thread): one list under one lock.
type citems struct {
	mu    sync.Mutex
	items []vm.Value
	lifo  bool
}

// Snapshot copies the items in enumeration order.
func (c *citems) Snapshot() []vm.Value {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]vm.Value, len(c.items))
	for i, v := range c.items {
		if c.lifo {
			out[len(c.items)-1-i] = v
		} else {
			out[i] = v
		}
	}
	return out
}

func (c *citems) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.items)
}

// take returns the next item (the oldest for a queue, the newest for a
// bag), removing it when remove is set.
func (c *citems) take(remove bool) (vm.Value, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := len(c.items)
	if n == 0 {
		return vm.Null, false
	}
	i := 0
	if c.lifo {
		i = n - 1
	}
	v := c.items[i]
	if remove {
		c.items[i] = vm.Null
		if c.lifo {
			c.items = c.items[:n-1]
		} else {
			c.items = c.items[1:]
		}
	}
	return v, true
}

func (d *cdict) pairs(t *vm.Thread) []vm.Value {
	es := d.snapshot()
	out := make([]vm.Value, len(es))
	for i, e := range es {
		out[i] = NewPair(t, e.key, e.val)
	}
	return out
}

func init() {
	registerDictionary()
	registerQueueAndBag()
	kv := TKeyValuePair
	kv.AddProperty("Key", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return args[0].AsNative().(*kvPair).key, nil
	}, nil)
	kv.AddProperty("Value", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return args[0].AsNative().(*kvPair).val, nil
	}, nil)
	kv.AddMethod("ToString", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		p := args[0].AsNative().(*kvPair)
		k, err := t.ToString(p.key)
		if err != nil {
			return vm.Null, err
		}
		v, err := t.ToString(p.val)
		if err != nil {
			return vm.Null, err
		}
		return vm.String("[" + k + ", " + v + "]"), nil
	})
}

func registerDictionary() {
	cd := vm.RegisterType(TConcurrentDictionary)
	get := func(v vm.Value) *cdict { return v.AsNative().(*cdict) }
	cd.AddStatic(".ctor", 0, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := &cdict{index: map[ckey][]*entry{}}
		for _, a := range args {
			if a.IsRef() && a.Type() != vm.TType {
				items, err := enumerate(t, a)
				if err != nil {
					return vm.Null, err
				}
				site := &vm.Site{Name: "Key"}
				vsite := &vm.Site{Name: "Value"}
				for _, it := range items {
					k, err := t.GetMember(it, site)
					if err != nil {
						return vm.Null, err
					}
					v, err := t.GetMember(it, vsite)
					if err != nil {
						return vm.Null, err
					}
					if _, err := d.with(t, k, func(ck ckey, e *entry) (vm.Value, error) {
						if e != nil {
							return vm.Null, t.Throw("System.ArgumentException", "The source argument contains duplicate keys. (Parameter 'collection')")
						}
						d.add(ck, k, v)
						return vm.Null, nil
					}); err != nil {
						return vm.Null, err
					}
				}
			}
		}
		return vm.NewNative(TConcurrentDictionary, d), nil
	})
	cd.AddMethod("TryAdd", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d, key, val := get(args[0]), args[1], args[2]
		return d.with(t, key, func(k ckey, e *entry) (vm.Value, error) {
			if e != nil {
				return vm.Bool(false), nil
			}
			d.add(k, key, val)
			return vm.Bool(true), nil
		})
	})
	cd.AddMethod("TryGetValue", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d, key, out := get(args[0]), args[1], args[2]
		return d.with(t, key, func(k ckey, e *entry) (vm.Value, error) {
			if e == nil {
				vm.StoreRef(out, zeroLike(d, out))
				return vm.Bool(false), nil
			}
			vm.StoreRef(out, e.val)
			return vm.Bool(true), nil
		})
	})
	cd.AddMethod("TryRemove", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) == 2 {
			// TryRemove(KeyValuePair<TKey, TValue> item) (.NET 5): removes
			// the entry only while its value equals item's.
			d := get(args[0])
			key, err := t.GetMember(args[1], &vm.Site{Name: "Key"})
			if err != nil {
				return vm.Null, err
			}
			val, err := t.GetMember(args[1], &vm.Site{Name: "Value"})
			if err != nil {
				return vm.Null, err
			}
			return d.with(t, key, func(k ckey, e *entry) (vm.Value, error) {
				if e == nil || !t.Equals(e.val, val) && !e.val.Same(val) {
					return vm.Bool(false), nil
				}
				d.remove(k, e)
				return vm.Bool(true), nil
			})
		}
		d, key, out := get(args[0]), args[1], args[2]
		return d.with(t, key, func(k ckey, e *entry) (vm.Value, error) {
			if e == nil {
				vm.StoreRef(out, zeroLike(d, out))
				return vm.Bool(false), nil
			}
			vm.StoreRef(out, e.val)
			d.remove(k, e)
			return vm.Bool(true), nil
		})
	})
	cd.AddMethod("TryUpdate", 3, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d, key, nv, cmp := get(args[0]), args[1], args[2], args[3]
		return d.with(t, key, func(k ckey, e *entry) (vm.Value, error) {
			if e == nil || !t.Equals(e.val, cmp) && !e.val.Same(cmp) {
				return vm.Bool(false), nil
			}
			e.val = nv
			return vm.Bool(true), nil
		})
	})
	cd.AddMethod("ContainsKey", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return get(args[0]).with(t, args[1], func(k ckey, e *entry) (vm.Value, error) {
			return vm.Bool(e != nil), nil
		})
	})
	// GetOrAdd and AddOrUpdate call the user's factories outside the lock,
	// as .NET does, then retry the insertion.
	cd.AddMethod("GetOrAdd", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d, key, fac := get(args[0]), args[1], args[2]
		found := false
		v, err := d.with(t, key, func(k ckey, e *entry) (vm.Value, error) {
			if e != nil {
				found = true
				return e.val, nil
			}
			return vm.Null, nil
		})
		if err != nil || found {
			return v, err
		}
		nv := fac
		if fac.AsClosure() != nil {
			callArgs := []vm.Value{key}
			if len(args) > 3 {
				callArgs = append(callArgs, args[3])
			}
			if nv, err = t.CallValue(fac, callArgs); err != nil {
				return vm.Null, err
			}
		}
		return d.with(t, key, func(k ckey, e *entry) (vm.Value, error) {
			if e != nil {
				return e.val, nil
			}
			d.add(k, key, nv)
			return nv, nil
		})
	})
	cd.AddMethod("AddOrUpdate", 3, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d, key, addV, upd := get(args[0]), args[1], args[2], args[3]
		for {
			var cur vm.Value
			exists := false
			if _, err := d.with(t, key, func(k ckey, e *entry) (vm.Value, error) {
				if e != nil {
					exists, cur = true, e.val
				}
				return vm.Null, nil
			}); err != nil {
				return vm.Null, err
			}
			var nv vm.Value
			var err error
			if exists {
				nv, err = t.CallValue(upd, []vm.Value{key, cur})
			} else if addV.AsClosure() != nil {
				nv, err = t.CallValue(addV, []vm.Value{key})
			} else {
				nv = addV
			}
			if err != nil {
				return vm.Null, err
			}
			done := false
			if _, err := d.with(t, key, func(k ckey, e *entry) (vm.Value, error) {
				switch {
				case exists && e != nil && e.val.Same(cur):
					e.val = nv
					done = true
				case !exists && e == nil:
					d.add(k, key, nv)
					done = true
				}
				return vm.Null, nil
			}); err != nil {
				return vm.Null, err
			}
			if done {
				return nv, nil
			}
		}
	})
	cd.AddMethod("get_Item", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		key := args[1]
		return get(args[0]).with(t, key, func(k ckey, e *entry) (vm.Value, error) {
			if e == nil {
				s, _ := t.ToString(key)
				return vm.Null, t.Throw("System.Collections.Generic.KeyNotFoundException", "The given key '"+s+"' was not present in the dictionary.")
			}
			return e.val, nil
		})
	})
	cd.AddMethod("set_Item", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d, key, val := get(args[0]), args[1], args[2]
		_, err := d.with(t, key, func(k ckey, e *entry) (vm.Value, error) {
			if e != nil {
				e.val = val
			} else {
				d.add(k, key, val)
			}
			return vm.Null, nil
		})
		return vm.Null, err
	})
	cd.AddProperty("Count", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := get(args[0])
		d.mu.Lock()
		defer d.mu.Unlock()
		return vm.Int(int32(d.live)), nil
	}, nil)
	cd.AddProperty("IsEmpty", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := get(args[0])
		d.mu.Lock()
		defer d.mu.Unlock()
		return vm.Bool(d.live == 0), nil
	}, nil)
	cd.AddProperty("Keys", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		es := get(args[0]).snapshot()
		out := make([]vm.Value, len(es))
		for i, e := range es {
			out[i] = e.key
		}
		return newSnapshot(out), nil
	}, nil)
	cd.AddProperty("Values", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		es := get(args[0]).snapshot()
		out := make([]vm.Value, len(es))
		for i, e := range es {
			out[i] = e.val
		}
		return newSnapshot(out), nil
	}, nil)
	cd.AddMethod("Clear", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := get(args[0])
		d.mu.Lock()
		d.index = map[ckey][]*entry{}
		d.order = nil
		d.live = 0
		d.mu.Unlock()
		return vm.Null, nil
	})
	cd.AddMethod("GetEnumerator", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return newEnumerator(get(args[0]).pairs(t)), nil
	})
	cd.AddMethod("ToArray", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Ref(vm.NewArrayOf(vm.TObject, get(args[0]).pairs(t))), nil
	})
}

// zeroLike is the value an out parameter receives on a miss: the current
// content's type default (0 for an int out variable), else null.
func zeroLike(d *cdict, out vm.Value) vm.Value {
	if pt := vm.LoadRef(out).PrimType(); pt != nil {
		return pt.Zero()
	}
	return vm.Null
}

func registerQueueAndBag() {
	q := registerItems(TConcurrentQueue, false, "Enqueue", "TryDequeue")
	q.AddMethod("Clear", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		c := args[0].AsNative().(*citems)
		c.mu.Lock()
		c.items = nil
		c.mu.Unlock()
		return vm.Null, nil
	})
	registerItems(TConcurrentBag, true, "Add", "TryTake")
}

// registerItems registers a ConcurrentQueue or ConcurrentBag: the
// constructor, add, take and TryPeek (out parameter), and the snapshot
// members.
func registerItems(ty *vm.Type, lifo bool, add, take string) *vm.Type {
	ty = vm.RegisterType(ty)
	get := func(v vm.Value) *citems { return v.AsNative().(*citems) }
	ty.AddStatic(".ctor", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		c := &citems{lifo: lifo}
		if len(args) == 1 {
			items, err := enumerate(t, args[0])
			if err != nil {
				return vm.Null, err
			}
			c.items = items
		}
		return vm.NewNative(ty, c), nil
	})
	ty.AddMethod(add, 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		c := get(args[0])
		c.mu.Lock()
		c.items = append(c.items, args[1])
		c.mu.Unlock()
		return vm.Null, nil
	})
	taker := func(remove bool) vm.NativeFn {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			v, ok := get(args[0]).take(remove)
			if !ok {
				// The out parameter receives default(T).
				if pt := vm.LoadRef(args[1]).PrimType(); pt != nil {
					v = pt.Zero()
				}
			}
			vm.StoreRef(args[1], v)
			return vm.Bool(ok), nil
		}
	}
	ty.AddMethod(take, 1, 1, taker(true))
	ty.AddMethod("TryPeek", 1, 1, taker(false))
	ty.AddProperty("Count", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(get(args[0]).Len())), nil
	}, nil)
	ty.AddProperty("IsEmpty", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(get(args[0]).Len() == 0), nil
	}, nil)
	// Enumeration is over a snapshot, as .NET's.
	ty.AddMethod("GetEnumerator", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return newEnumerator(get(args[0]).Snapshot()), nil
	})
	ty.AddMethod("ToArray", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		items := get(args[0]).Snapshot()
		return vm.Ref(vm.NewArrayOf(commonType(items), items)), nil
	})
	return ty
}

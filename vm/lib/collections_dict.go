package lib

import (
	"asyncvm/vm"
)

// dict is the payload of a Dictionary<K,V>.
type dict struct {
	h        hashTable
	key, val *vm.Type
}

// kvPair is an immutable KeyValuePair<K,V>.
type kvPair struct{ k, v vm.Value }

var (
	tDictionary   = register(vm.NewLibType("System.Collections.Generic", "Dictionary`2", nil))
	tKeyValuePair = register(vm.NewLibType("System.Collections.Generic", "KeyValuePair`2", nil))
	tKeyColl      = register(vm.NewLibType("System.Collections.Generic", "Dictionary`2+KeyCollection", nil))
	tValueColl    = register(vm.NewLibType("System.Collections.Generic", "Dictionary`2+ValueCollection", nil))
)

// NewPair makes a KeyValuePair value.
func NewPair(k, v vm.Value) vm.Value { return vm.NewNative(tKeyValuePair, &kvPair{k, v}) }

func dictOf(v vm.Value) *dict { return v.AsNative().(*dict) }

func (d *dict) elemType() *vm.Type { return nil }

// open enumerates the pairs, failing if the dictionary is modified meanwhile.
func (d *dict) open(*vm.Thread) (iter, error) { return d.view(0), nil }

// view enumerates pairs (0), keys (1) or values (2).
func (d *dict) view(what int) iter {
	ver := d.h.version
	i := 0
	return iterFunc(func(t *vm.Thread) (vm.Value, bool, error) {
		if d.h.version != ver {
			return vm.Null, false, invalidOp(t, msgCollectionMod)
		}
		for {
			e, used, ok := d.h.at(i)
			if !ok {
				break
			}
			i++
			if !used {
				continue
			}
			switch what {
			case 1:
				return e.key, true, nil
			case 2:
				return e.val, true, nil
			}
			return NewPair(e.key, e.val), true, nil
		}
		return vm.Null, false, nil
	})
}

// dictView is a Keys or Values collection.
type dictView struct {
	d    *dict
	what int
}

func (v *dictView) open(*vm.Thread) (iter, error) { return v.d.view(v.what), nil }

func (v *dictView) elemType() *vm.Type {
	if v.what == 1 {
		return v.d.key
	}
	return v.d.val
}

// keyArg computes the hash key of a dictionary key argument under the
// dictionary's comparer; null throws.
func (d *dict) keyArg(t *vm.Thread, k vm.Value) (hkey, error) {
	if k.IsNull() {
		return hkey{}, argNull(t, "key")
	}
	if c := d.h.cmp; c != nil {
		return c.key(t, k)
	}
	return keyOf(t, k)
}

func keyText(t *vm.Thread, k vm.Value) string {
	s, err := t.ToString(k)
	if err != nil {
		return ""
	}
	return s
}

// dictKeyed runs a body with the key's hash key computed.
func dictKeyed(f func(t *vm.Thread, d *dict, hk hkey, args []vm.Value) (vm.Value, error)) native {
	return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dictOf(args[0])
		hk, err := d.keyArg(t, args[1])
		if err != nil {
			return vm.Null, err
		}
		return f(t, d, hk, args[1:])
	}
}

// get returns key's value.
func (d *dict) get(t *vm.Thread, hk hkey, k vm.Value) (vm.Value, bool, error) {
	s, i, err := d.h.find(t, hk, k)
	if err != nil || i < 0 {
		return vm.Null, false, err
	}
	return s.entries[i].val, true, nil
}

// set adds or replaces key's value; add makes a duplicate an error.
func (d *dict) set(t *vm.Thread, hk hkey, k, v vm.Value, add, try bool) (bool, error) {
	s, i, err := d.h.find(t, hk, k)
	if err != nil {
		return false, err
	}
	if i >= 0 {
		if try {
			return false, nil
		}
		if add {
			return false, t.Throw("System.ArgumentException", "An item with the same key has already been added. Key: "+keyText(t, k))
		}
		// Overwriting a value leaves enumerations valid, as in .NET Core 3.0+.
		s.entries[i].val = v
		return true, nil
	}
	return true, d.h.insert(t, hk, k, v)
}

func init() {
	dt := tDictionary
	dt.PassTypeArgs = true
	dt.AddStatic(".ctor", 0, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ts, rest := typeArgs(args, 2)
		d := &dict{}
		if len(ts) == 2 {
			d.key, d.val = ts[0], ts[1]
		}
		out := vm.NewNative(instanceType(tDictionary, d.key, d.val), d)
		for _, a := range rest {
			if c := equalityComparerOf(a); c != nil {
				d.h.cmp = c
			}
		}
		for _, a := range rest {
			if a.IsNull() || a.PrimType() != nil || isEqualityComparer(a) {
				if n, ok := toInt(a); ok && n < 0 {
					return vm.Null, argOutOfRange(t, "capacity", msgNonNegative)
				}
				continue
			}
			vs, err := collect(t, a)
			if err != nil {
				return vm.Null, err
			}
			for _, p := range vs {
				kv, ok := p.AsNative().(*kvPair)
				if !ok {
					continue
				}
				hk, err := d.keyArg(t, kv.k)
				if err != nil {
					return vm.Null, err
				}
				if _, err := d.set(t, hk, kv.k, kv.v, true, false); err != nil {
					return vm.Null, err
				}
			}
		}
		return out, nil
	})
	dt.AddProperty("Count", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(dictOf(args[0]).h.len())), nil
	}, nil)
	dt.AddMethod("get_Item", 1, 1, dictKeyed(func(t *vm.Thread, d *dict, hk hkey, args []vm.Value) (vm.Value, error) {
		v, ok, err := d.get(t, hk, args[0])
		if err != nil {
			return vm.Null, err
		}
		if !ok {
			return vm.Null, t.Throw("System.Collections.Generic.KeyNotFoundException", "The given key '"+keyText(t, args[0])+"' was not present in the dictionary.")
		}
		return v, nil
	}))
	setter := func(add, try bool) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			d := dictOf(args[0])
			hk, err := d.keyArg(t, args[1])
			if err != nil {
				return vm.Null, err
			}
			v, err := convertElem(t, args[2], d.val)
			if err != nil {
				return vm.Null, err
			}
			ok, err := d.set(t, hk, args[1], v, add, try)
			if try {
				return vm.Bool(ok), err
			}
			return vm.Null, err
		}
	}
	dt.AddMethod("set_Item", 2, 2, setter(false, false))
	dt.AddMethod("Add", 2, 2, setter(true, false))
	dt.AddMethod("TryAdd", 2, 2, setter(true, true))
	dt.AddMethod("ContainsKey", 1, 1, dictKeyed(func(t *vm.Thread, d *dict, hk hkey, args []vm.Value) (vm.Value, error) {
		_, i, err := d.h.find(t, hk, args[0])
		return vm.Bool(i >= 0), err
	}))
	dt.AddMethod("TryGetValue", 2, 2, dictKeyed(func(t *vm.Thread, d *dict, hk hkey, args []vm.Value) (vm.Value, error) {
		v, ok, err := d.get(t, hk, args[0])
		if err != nil {
			return vm.Null, err
		}
		if !ok {
			vm.StoreRef(args[1], zeroOf(d.val))
			return vm.Bool(false), nil
		}
		vm.StoreRef(args[1], v)
		return vm.Bool(true), nil
	}))
	dt.AddMethod("GetValueOrDefault", 1, 2, dictKeyed(func(t *vm.Thread, d *dict, hk hkey, args []vm.Value) (vm.Value, error) {
		v, ok, err := d.get(t, hk, args[0])
		if err != nil {
			return vm.Null, err
		}
		if !ok {
			if len(args) > 1 {
				return args[1], nil
			}
			return zeroOf(d.val), nil
		}
		return v, nil
	}))
	dt.AddMethod("Remove", 1, 2, dictKeyed(func(t *vm.Thread, d *dict, hk hkey, args []vm.Value) (vm.Value, error) {
		// Removing leaves enumerations valid, as in .NET Core 3.0+ (a
		// loop may remove the entries it visits).
		ver := d.h.version
		v, ok, err := d.h.remove(t, hk, args[0])
		d.h.version = ver
		if err != nil || !ok {
			if len(args) > 1 {
				vm.StoreRef(args[1], zeroOf(d.val))
			}
			return vm.Bool(false), err
		}
		if len(args) > 1 {
			vm.StoreRef(args[1], v)
		}
		return vm.Bool(true), nil
	}))
	// ICollection<KeyValuePair<K, V>>'s Contains and Remove, which
	// Dictionary implements explicitly (reached through that interface or
	// IDictionary<K, V>): a pair counts when its key maps to an equal value.
	const icoll = "System.Collections.Generic.ICollection`1|"
	pairEntry := func(t *vm.Thread, args []vm.Value) (d *dict, hk hkey, p *kvPair, found bool, err error) {
		d = dictOf(args[0])
		p, ok := args[1].AsNative().(*kvPair)
		if !ok || p == nil {
			return d, hk, nil, false, nil
		}
		if hk, err = d.keyArg(t, p.k); err != nil {
			return d, hk, p, false, err
		}
		v, ok, err := d.get(t, hk, p.k)
		if err != nil || !ok {
			return d, hk, p, false, err
		}
		eq, err := defaultEquals(t, v, p.v)
		return d, hk, p, eq, err
	}
	dt.AddMethod(icoll+"Contains", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		_, _, _, found, err := pairEntry(t, args)
		return vm.Bool(found), err
	})
	dt.AddMethod(icoll+"Remove", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d, hk, p, found, err := pairEntry(t, args)
		if err != nil || !found {
			return vm.Bool(false), err
		}
		_, ok, err := d.h.remove(t, hk, p.k)
		return vm.Bool(ok), err
	})
	dt.AddMethod("ContainsValue", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dictOf(args[0])
		var vals []vm.Value
		for i := 0; ; i++ {
			e, used, ok := d.h.at(i)
			if !ok {
				break
			}
			if used {
				vals = append(vals, e.val)
			}
		}
		for _, v := range vals {
			eq, err := defaultEquals(t, v, args[1])
			if err != nil || eq {
				return vm.Bool(eq), err
			}
		}
		return vm.Bool(false), nil
	})
	dt.AddMethod("EnsureCapacity", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		want, err := intArg(t, args[1], "capacity")
		if err != nil {
			return vm.Null, err
		}
		if want < 0 {
			return vm.Null, argOutOfRange(t, "capacity", msgNonNegative)
		}
		c, err := dictOf(args[0]).h.ensure(t, want)
		return vm.Int(int32(c)), err
	})
	// TrimExcess keeps the table: its capacity is not observable otherwise.
	dt.AddMethod("TrimExcess", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) > 1 {
			if n, _ := toInt(args[1]); n < dictOf(args[0]).h.len() {
				return vm.Null, argOutOfRange(t, "capacity", "")
			}
		}
		return vm.Null, nil
	})
	// ComparerOrNull is the comparer the dictionary was made with, null
	// for the default; the prelude's Comparer property reads it.
	dt.AddMethod("ComparerOrNull", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return comparerOrNull(dictOf(args[0]).h.cmp), nil
	})
	dt.AddMethod("Clear", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		dictOf(args[0]).h.clear()
		return vm.Null, nil
	})
	dt.AddProperty("Keys", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dictOf(args[0])
		return vm.NewNative(instanceType(tKeyColl, d.key, d.val), &dictView{d, 1}), nil
	}, nil)
	dt.AddProperty("Values", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := dictOf(args[0])
		return vm.NewNative(instanceType(tValueColl, d.key, d.val), &dictView{d, 2}), nil
	}, nil)
	dt.AddMethod("GetEnumerator", 0, 0, getEnumerator)
	dt.AddMethod("ToString", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		if s, ok := derivedName(args[0]); ok {
			return s, nil
		}
		d := dictOf(args[0])
		return vm.String(genericName(tDictionary, d.key, d.val)), nil
	})
	for _, vt := range []*vm.Type{tKeyColl, tValueColl} {
		vt.AddProperty("Count", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Int(int32(args[0].AsNative().(*dictView).d.h.len())), nil
		}, nil)
		vt.AddMethod("GetEnumerator", 0, 0, getEnumerator)
		// CopyTo(array, index) with .NET's checks and messages.
		vt.AddMethod("CopyTo", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			if args[1].IsNull() {
				return vm.Null, argNull(t, "array")
			}
			dst, err := arrayArg(t, args[1])
			if err != nil {
				return vm.Null, err
			}
			i, _ := toInt(args[2])
			if i < 0 || i > len(dst.V) {
				return vm.Null, argOutOfRange(t, "index", msgNonNegative)
			}
			items, err := collect(t, args[0])
			if err != nil {
				return vm.Null, err
			}
			if len(dst.V)-i < len(items) {
				return vm.Null, t.Throw("System.ArgumentException", "Destination array is not long enough to copy all the items in the collection. Check array index and length.")
			}
			copy(dst.V[i:], items)
			return vm.Null, nil
		})
	}
	// KeyCollection.Contains is the dictionary's ContainsKey, with its
	// comparer (Enumerable.Contains defers to it).
	tKeyColl.AddMethod("Contains", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := args[0].AsNative().(*dictView).d
		hk, err := d.keyArg(t, args[1])
		if err != nil {
			return vm.Null, err
		}
		_, i, err := d.h.find(t, hk, args[1])
		return vm.Bool(i >= 0), err
	})

	kv := tKeyValuePair
	kv.PassTypeArgs = true
	kv.AddStatic(".ctor", 2, 4, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) > 2 {
			_, args = typeArgs(args, len(args)-2)
		}
		return NewPair(args[0], args[1]), nil
	})
	kv.AddStatic("Create", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return NewPair(args[0], args[1]), nil })
	kv.AddProperty("Key", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return args[0].AsNative().(*kvPair).k, nil }, nil)
	kv.AddProperty("Value", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return args[0].AsNative().(*kvPair).v, nil }, nil)
	kv.AddMethod("Deconstruct", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		p := args[0].AsNative().(*kvPair)
		vm.StoreRef(args[1], p.k)
		vm.StoreRef(args[2], p.v)
		return vm.Null, nil
	})
	kv.AddMethod("ToString", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		p := args[0].AsNative().(*kvPair)
		k, err := t.ToString(p.k)
		if err != nil {
			return vm.Null, err
		}
		v, err := t.ToString(p.v)
		if err != nil {
			return vm.Null, err
		}
		return vm.String("[" + k + ", " + v + "]"), nil
	})
}

package threading

import "asyncvm/vm"

// enumerate reads every element of an array or an IEnumerable (through
// GetEnumerator, MoveNext and Current) on thread t.
func enumerate(t *vm.Thread, v vm.Value) ([]vm.Value, error) {
	if v.IsNull() {
		return nil, argNull(t, "source")
	}
	if a := v.AsArray(); a != nil {
		out := make([]vm.Value, len(a.V))
		copy(out, a.V)
		return out, nil
	}
	if s, ok := v.AsNative().(interface{ Snapshot() []vm.Value }); ok {
		return s.Snapshot(), nil
	}
	ge := v.Type().GetEnumeratorMethod()
	if ge == nil {
		return nil, t.Throw("System.InvalidCastException", "'"+vm.TypeName(v)+"' is not enumerable.")
	}
	e, err := t.Invoke(ge, v, nil)
	if err != nil {
		return nil, err
	}
	if e.IsNull() {
		return nil, t.ThrowNull()
	}
	mn := e.Type().LookupMethod("MoveNext", 0)
	if mn != nil && e.Type().IsStruct() {
		if e, err = t.Box(e); err != nil { // MoveNext advances the box
			return nil, err
		}
	}
	if mn == nil {
		return nil, t.Throw("System.InvalidCastException", "'"+vm.TypeName(e)+"' is not an enumerator.")
	}
	site := &vm.Site{Name: "Current"}
	var out []vm.Value
	for {
		ok, err := t.Invoke(mn, e, nil)
		if err != nil {
			return nil, err
		}
		if !ok.AsBool() {
			break
		}
		cur, err := t.GetMember(e, site)
		if err != nil {
			return nil, err
		}
		out = append(out, cur)
	}
	if d := e.Type().LookupMethod("Dispose", 0); d != nil {
		if _, err := t.Invoke(d, e, nil); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// TEnumerator is the enumerator over a snapshot that the concurrent
// collections and other library sequences return.
var TEnumerator = vm.NewLibType("System.Collections.Generic", "SnapshotEnumerator`1", nil)

// snapshotEnum is the payload of a TEnumerator; it is used by one thread.
type snapshotEnum struct {
	items []vm.Value
	i     int
}

// newEnumerator returns an enumerator over items.
func newEnumerator(items []vm.Value) vm.Value {
	return vm.NewNative(TEnumerator, &snapshotEnum{items: items, i: -1})
}

// TSnapshot is a read-only collection over a snapshot (Keys, Values).
var TSnapshot = vm.NewLibType("System.Collections.ObjectModel", "ReadOnlyCollection`1", nil)

type snapshot struct{ items []vm.Value }

// Snapshot returns the items (for enumerate).
func (s *snapshot) Snapshot() []vm.Value { return append([]vm.Value(nil), s.items...) }

func newSnapshot(items []vm.Value) vm.Value { return vm.NewNative(TSnapshot, &snapshot{items}) }

func init() {
	e := TEnumerator
	e.AddMethod("MoveNext", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := args[0].AsNative().(*snapshotEnum)
		if s.i < len(s.items) {
			s.i++
		}
		return vm.Bool(s.i < len(s.items)), nil
	})
	e.AddProperty("Current", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := args[0].AsNative().(*snapshotEnum)
		if s.i < 0 || s.i >= len(s.items) {
			return vm.Null, nil
		}
		return s.items[s.i], nil
	}, nil)
	e.AddMethod("Dispose", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Null, nil })
	e.AddMethod("Reset", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		args[0].AsNative().(*snapshotEnum).i = -1
		return vm.Null, nil
	})

	s := TSnapshot
	s.AddMethod("GetEnumerator", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return newEnumerator(args[0].AsNative().(*snapshot).items), nil
	})
	s.AddProperty("Count", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(len(args[0].AsNative().(*snapshot).items))), nil
	}, nil)
	s.AddMethod("get_Item", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		items := args[0].AsNative().(*snapshot).items
		i := args[1]
		if !i.IsInt() || i.AsInt() < 0 || int(i.AsInt()) >= len(items) {
			return vm.Null, t.Throw("System.ArgumentOutOfRangeException",
				"Index was out of range. Must be non-negative and less than the size of the collection. (Parameter 'index')")
		}
		return items[i.AsInt()], nil
	})
	s.AddMethod("Contains", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		for _, v := range args[0].AsNative().(*snapshot).items {
			if t.Equals(v, args[1]) {
				return vm.Bool(true), nil
			}
		}
		return vm.Bool(false), nil
	})
}

// isEnumerable reports whether enumerate can read v: an array, a library
// collection or a value with GetEnumerator (not an IAsyncEnumerable only).
func isEnumerable(v vm.Value) bool {
	if v.AsArray() != nil {
		return true
	}
	if _, ok := v.AsNative().(interface{ Snapshot() []vm.Value }); ok {
		return true
	}
	// Not LookupMethod: System.Object carries the array members, a
	// GetEnumerator among them, for arrays made on demand.
	for ty := v.Type(); ty != nil && ty != vm.TObject; ty = ty.Super {
		if len(ty.Methods["GetEnumerator"]) > 0 {
			return true
		}
	}
	return false
}

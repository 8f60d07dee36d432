package lib

import (
	"asyncvm/vm"
)

// tArray is System.Array: its statics (Sort, Reverse, ...). Array instance
// members (Length, Rank, Clone, ...) are registered on System.Object and
// check for an array receiver, because array types are made on demand.
var tArray = register(vm.NewLibType("System", "Array", nil))

// arrayMember adapts an array instance member registered on System.Object.
func arrayMember(name string, f func(t *vm.Thread, a *vm.Array, args []vm.Value) (vm.Value, error)) native {
	return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		a := args[0].AsArray()
		if a == nil {
			return vm.Null, t.Throw("System.MissingMemberException", "'"+args[0].Type().FullName()+"' does not contain a definition for '"+name+"'")
		}
		return f(t, a, args[1:])
	}
}

func arrayArg(t *vm.Thread, v vm.Value) (*vm.Array, error) {
	a := v.AsArray()
	if a == nil {
		return nil, argNull(t, "array")
	}
	return a, nil
}

func init() {
	o := vm.TObject
	o.AddProperty("Length", arrayMember("Length", func(_ *vm.Thread, a *vm.Array, _ []vm.Value) (vm.Value, error) {
		return vm.Int(int32(len(a.V))), nil
	}), nil)
	o.AddProperty("LongLength", arrayMember("LongLength", func(_ *vm.Thread, a *vm.Array, _ []vm.Value) (vm.Value, error) {
		return vm.Long(int64(len(a.V))), nil
	}), nil)
	// ICollection<T>.Count, which arrays implement explicitly; reached by
	// name, so it also answers a cast to IList<T> or IReadOnlyList<T>.
	o.AddProperty("Count", arrayMember("Count", func(_ *vm.Thread, a *vm.Array, _ []vm.Value) (vm.Value, error) {
		return vm.Int(int32(len(a.V))), nil
	}), nil)
	o.AddProperty("Rank", arrayMember("Rank", func(*vm.Thread, *vm.Array, []vm.Value) (vm.Value, error) { return vm.Int(1), nil }), nil)
	o.AddMethod("Clone", 0, 0, arrayMember("Clone", func(_ *vm.Thread, a *vm.Array, _ []vm.Value) (vm.Value, error) {
		return vm.Ref(vm.NewArrayOf(a.Elem, append([]vm.Value(nil), a.V...))), nil
	}))
	o.AddMethod("GetEnumerator", 0, 0, arrayMember("GetEnumerator", func(t *vm.Thread, a *vm.Array, _ []vm.Value) (vm.Value, error) {
		it, err := iterate(t, vm.Ref(a))
		if err != nil {
			return vm.Null, err
		}
		return newEnumerator(it), nil
	}))
	o.AddMethod("CopyTo", 2, 2, arrayMember("CopyTo", func(t *vm.Thread, a *vm.Array, args []vm.Value) (vm.Value, error) {
		dst, err := arrayArg(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		i, _ := toInt(args[1])
		if i < 0 || i+len(a.V) > len(dst.V) {
			return vm.Null, t.Throw("System.ArgumentException", "Destination array was not long enough. Check the destination index, length, and the array's lower bounds. (Parameter 'destinationArray')")
		}
		copy(dst.V[i:], a.V)
		return vm.Null, nil
	}))
	o.AddMethod("GetLength", 1, 1, arrayMember("GetLength", func(_ *vm.Thread, a *vm.Array, _ []vm.Value) (vm.Value, error) {
		return vm.Int(int32(len(a.V))), nil
	}))

	ar := tArray
	ar.AddStatic("Sort", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		a, err := arrayArg(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		cmp := vm.Null
		if len(args) > 1 {
			cmp = args[1]
		}
		keys := append([]vm.Value(nil), a.V...)
		if err := introSort(t, keys, comparerOf(t, cmp)); err != nil {
			return vm.Null, wrapCompareError(t, err)
		}
		copy(a.V, keys)
		return vm.Null, nil
	})
	ar.AddStatic("Reverse", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		a, err := arrayArg(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		lo, n := 0, len(a.V)
		if len(args) == 3 {
			lo, _ = toInt(args[1])
			n, _ = toInt(args[2])
			if lo < 0 || n < 0 || lo+n > len(a.V) {
				return vm.Null, t.Throw("System.ArgumentException", "Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.")
			}
		}
		for i, j := lo, lo+n-1; i < j; i, j = i+1, j-1 {
			a.V[i], a.V[j] = a.V[j], a.V[i]
		}
		return vm.Null, nil
	})
	indexOf := func(last bool) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			a, err := arrayArg(t, args[0])
			if err != nil {
				return vm.Null, err
			}
			for k := range a.V {
				i := k
				if last {
					i = len(a.V) - 1 - k
				}
				eq, err := objEquals(t, a.V[i], args[1])
				if err != nil {
					return vm.Null, err
				}
				if eq {
					return vm.Int(int32(i)), nil
				}
			}
			return vm.Int(-1), nil
		}
	}
	ar.AddStatic("IndexOf", 2, 2, indexOf(false))
	ar.AddStatic("LastIndexOf", 2, 2, indexOf(true))
	ar.AddStatic("Exists", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		a, err := arrayArg(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		match := predicate(t, args[1])
		for _, v := range a.V {
			ok, err := match(v)
			if err != nil || ok {
				return vm.Bool(ok), err
			}
		}
		return vm.Bool(false), nil
	})
	ar.AddStatic("Find", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		a, err := arrayArg(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		match := predicate(t, args[1])
		for _, v := range a.V {
			ok, err := match(v)
			if err != nil {
				return vm.Null, err
			}
			if ok {
				return v, nil
			}
		}
		return a.Elem.Zero(), nil
	})
	// The predicate searches of System.Array (FindIndex, FindLastIndex,
	// FindLast, FindAll, TrueForAll): each checks its arguments as .NET
	// does, then calls match on the elements in order (backwards for the
	// Last forms).
	search := func(t *vm.Thread, args []vm.Value, backwards bool, each func(i int, v vm.Value, ok bool) bool) (*vm.Array, error) {
		a, err := arrayArg(t, args[0])
		if err != nil {
			return nil, err
		}
		if args[1].IsNull() {
			return nil, argNull(t, "match")
		}
		match := predicate(t, args[1])
		for k := range a.V {
			i := k
			if backwards {
				i = len(a.V) - 1 - k
			}
			ok, err := match(a.V[i])
			if err != nil {
				return nil, err
			}
			if !each(i, a.V[i], ok) {
				break
			}
		}
		return a, nil
	}
	findIndex := func(backwards bool) vm.NativeFn {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			found := -1
			_, err := search(t, args, backwards, func(i int, _ vm.Value, ok bool) bool {
				if ok {
					found = i
				}
				return !ok
			})
			return vm.Int(int32(found)), err
		}
	}
	ar.AddStatic("FindIndex", 2, 2, findIndex(false))
	ar.AddStatic("FindLastIndex", 2, 2, findIndex(true))
	ar.AddStatic("FindLast", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		var found vm.Value
		hit := false
		a, err := search(t, args, true, func(_ int, v vm.Value, ok bool) bool {
			found, hit = v, ok
			return !ok
		})
		if err != nil || hit {
			return found, err
		}
		return a.Elem.Zero(), nil
	})
	ar.AddStatic("FindAll", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		var out []vm.Value
		a, err := search(t, args, false, func(_ int, v vm.Value, ok bool) bool {
			if ok {
				out = append(out, v)
			}
			return true
		})
		if err != nil {
			return vm.Null, err
		}
		r := vm.NewArray(a.Elem, len(out))
		copy(r.V, out)
		return vm.Ref(r), nil
	})
	ar.AddStatic("TrueForAll", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		all := true
		_, err := search(t, args, false, func(_ int, _ vm.Value, ok bool) bool {
			all = ok
			return ok
		})
		return vm.Bool(all), err
	})
	ar.AddStatic("Empty", 0, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		ts, _ := typeArgs(args, 1)
		elem := vm.TObject
		if len(ts) > 0 {
			elem = ts[0]
		}
		return vm.Ref(vm.NewArray(elem, 0)), nil
	})
	ar.AddStatic("Fill", 2, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		a, err := arrayArg(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		v, err := convertElem(t, args[1], a.Elem)
		if err != nil {
			return vm.Null, err
		}
		lo, n := 0, len(a.V)
		if len(args) == 4 {
			lo, _ = toInt(args[2])
			n, _ = toInt(args[3])
			if lo < 0 || n < 0 || lo+n > len(a.V) {
				return vm.Null, argOutOfRange(t, "startIndex", msgIndexRange)
			}
		}
		for i := lo; i < lo+n; i++ {
			a.V[i] = v
		}
		return vm.Null, nil
	})
	ar.AddStatic("Clear", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		a, err := arrayArg(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		lo, n := 0, len(a.V)
		if len(args) == 3 {
			lo, _ = toInt(args[1])
			n, _ = toInt(args[2])
			if lo < 0 || n < 0 || lo+n > len(a.V) {
				return vm.Null, t.Throw("System.IndexOutOfRangeException", "Index was outside the bounds of the array.")
			}
		}
		for i := lo; i < lo+n; i++ {
			a.V[i] = a.Elem.Zero()
		}
		return vm.Null, nil
	})
	ar.AddStatic("Copy", 3, 5, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		src, err := arrayArg(t, args[0])
		if err != nil {
			return vm.Null, argNull(t, "sourceArray")
		}
		si, di, n := 0, 0, 0
		var dv vm.Value
		if len(args) == 3 {
			dv = args[1]
			n, _ = toInt(args[2])
		} else {
			si, _ = toInt(args[1])
			dv = args[2]
			di, _ = toInt(args[3])
			n, _ = toInt(args[4])
		}
		dst := dv.AsArray()
		if dst == nil {
			return vm.Null, argNull(t, "destinationArray")
		}
		if n < 0 {
			return vm.Null, argOutOfRange(t, "length", msgNonNegative)
		}
		if si < 0 || si+n > len(src.V) {
			return vm.Null, t.Throw("System.ArgumentException", "Source array was not long enough. Check the source index, length, and the array's lower bounds. (Parameter 'sourceArray')")
		}
		if di < 0 || di+n > len(dst.V) {
			return vm.Null, t.Throw("System.ArgumentException", "Destination array was not long enough. Check the destination index, length, and the array's lower bounds. (Parameter 'destinationArray')")
		}
		copy(dst.V[di:di+n], src.V[si:si+n])
		return vm.Null, nil
	})
	ar.AddStatic("Resize", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		_, args = typeArgs(args, len(args)-2)
		n, _ := toInt(args[1])
		if n < 0 {
			return vm.Null, argOutOfRange(t, "newSize", msgNonNegative)
		}
		old := vm.LoadRef(args[0]).AsArray()
		elem := vm.TObject
		if old != nil {
			elem = old.Elem
		}
		na := vm.NewArray(elem, n)
		if old != nil {
			copy(na.V, old.V)
		}
		vm.StoreRef(args[0], vm.Ref(na))
		return vm.Null, nil
	})
	ar.AddStatic("ConvertAll", 2, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		args, ts := vm.TakeTypeArgs(args, 2, 2) // ConvertAll<TInput, TOutput>
		elem := vm.TObject
		if len(ts) == 2 && ts[1] != nil {
			elem = ts[1]
		}
		a, err := arrayArg(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		out := make([]vm.Value, len(a.V))
		for i, v := range a.V {
			if out[i], err = t.CallValue(args[1], []vm.Value{v}); err != nil {
				return vm.Null, err
			}
		}
		return vm.Ref(vm.NewArrayOf(elem, out)), nil
	}).WithTypeArgs()
	ar.AddStatic("BinarySearch", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		a, err := arrayArg(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		lo, hi := 0, len(a.V)-1
		for lo <= hi {
			mid := lo + (hi-lo)/2
			c, err := compareValues(t, a.V[mid], args[1])
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
}

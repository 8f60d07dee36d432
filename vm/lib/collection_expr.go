package lib

import "asyncvm/vm"

// Natives for collection expressions with spread elements
// (`[..a, x, ..b]`, compiler/call.go): an array target starts empty and
// each element or spread is appended; a collection target (List<T>,
// HashSet<T>) gets Add for each element of a spread.
func init() {
	t := vm.Builtin("Internal.VM")
	// Append(arr, v) appends v, converted to the element type, to the
	// array the collection expression is building.
	t.AddStatic("Append", 2, 2, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		a := args[0].AsArray()
		v, err := convertElem(th, args[1], a.Elem)
		if err != nil {
			return vm.Null, err
		}
		if a.V, err = vm.Grow(th, a.V, 1); err != nil {
			return vm.Null, err
		}
		a.V = append(a.V, v)
		return args[0], nil
	})
	// AppendEach(arr, src) appends every element of the sequence src.
	t.AddStatic("AppendEach", 2, 2, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		a := args[0].AsArray()
		items, err := collect(th, args[1])
		if err != nil {
			return vm.Null, err
		}
		if a.V, err = vm.Grow(th, a.V, len(items)); err != nil {
			return vm.Null, err
		}
		for _, v := range items {
			if v, err = convertElem(th, v, a.Elem); err != nil {
				return vm.Null, err
			}
			a.V = append(a.V, v)
		}
		return args[0], nil
	})
	// AddEach(coll, src) calls coll.Add(x) for every element x of src.
	t.AddStatic("AddEach", 2, 2, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		coll := args[0]
		items, err := collect(th, args[1])
		if err != nil {
			return vm.Null, err
		}
		add := coll.Type().LookupMethod("Add", 1)
		if add == nil {
			return vm.Null, th.Throw("System.MissingMethodException", "Method not found: '"+coll.Type().FullName()+".Add'.")
		}
		for _, v := range items {
			if _, err := th.Invoke(add, coll, []vm.Value{v}); err != nil {
				return vm.Null, err
			}
		}
		return coll, nil
	})
}

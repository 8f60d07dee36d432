package lib

import (
	"strings"

	"asyncvm/vm"
)

// System.Text.Json is C# in the prelude; these natives are what it cannot
// say in C# without reflection: the members of a program type (through
// the method the binder generates into it, jsonMetaMethod), and the shape
// of a collection type known only at run time (its element type, how to
// make one and fill it).

// jsonMetaMethod is the name of the generated method (compiler/bind:
// JsonMetaMethod); C# cannot name it.
const jsonMetaMethod = "<JsonMeta>$"

// Collection definitions by full name: 1 a collection filled with Add, 2 a
// dictionary filled with its indexer. Interfaces are made as List<T> or
// Dictionary<K,V>, as .NET does.
var jsonShapes = map[string]int{
	"System.Collections.Generic.List`1":                     1,
	"System.Collections.Generic.HashSet`1":                  1,
	"System.Collections.Generic.SortedSet`1":                1,
	"System.Collections.Generic.IList`1":                    1,
	"System.Collections.Generic.ICollection`1":              1,
	"System.Collections.Generic.IEnumerable`1":              1,
	"System.Collections.Generic.IReadOnlyList`1":            1,
	"System.Collections.Generic.IReadOnlyCollection`1":      1,
	"System.Collections.Generic.ISet`1":                     1,
	"System.Collections.ObjectModel.Collection`1":           1,
	"System.Collections.ObjectModel.ObservableCollection`1": 1,
	"System.Collections.Concurrent.ConcurrentBag`1":         1,
	"System.Collections.Generic.Dictionary`2":               2,
	"System.Collections.Generic.SortedDictionary`2":         2,
	"System.Collections.Generic.SortedList`2":               2,
	"System.Collections.Generic.IDictionary`2":              2,
	"System.Collections.Generic.IReadOnlyDictionary`2":      2,
	"System.Collections.Concurrent.ConcurrentDictionary`2":  2,
}

// jsonCollection finds the collection type ty is or derives from: its
// shape and its constructed type (whose Args are the element types).
func jsonCollection(ty *vm.Type) (int, *vm.Type) {
	for c := ty; c != nil; c = c.Super {
		def := c
		if c.Def != nil {
			def = c.Def
		}
		if s, ok := jsonShapes[def.FullName()]; ok && len(c.Args) > 0 {
			return s, c
		}
	}
	return 0, nil
}

func typeValue(ty *vm.Type) vm.Value {
	if ty == nil {
		return vm.Null
	}
	return vm.TypeObject(ty)
}

func jsonTypeArg(v vm.Value) *vm.Type {
	ty, _ := v.AsNative().(*vm.Type)
	return ty
}

func init() {
	t := vm.Builtin("Internal.VM")
	// JsonMeta(type, op, i, o, v, sink) calls type's generated method
	// (null when it has none), with the type arguments of a constructed
	// generic type as its hidden parameters.
	t.AddStatic("JsonMeta", 6, 6, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		ty := jsonTypeArg(args[0])
		if ty == nil {
			return vm.Null, nil
		}
		fs := ty.Statics[jsonMetaMethod]
		if len(fs) == 0 && ty.Def != nil {
			fs = ty.Def.Statics[jsonMetaMethod]
		}
		if len(fs) == 0 {
			return vm.Null, nil
		}
		if err := th.InitType(ty); err != nil {
			return vm.Null, err
		}
		call := append([]vm.Value(nil), args[1:]...)
		for _, a := range ty.Args {
			call = append(call, vm.TypeObject(a))
		}
		return th.Invoke(fs[0], vm.Null, call)
	})
	// JsonShape(type): 1 a collection, 2 a dictionary, 0 anything else.
	t.AddStatic("JsonShape", 1, 1, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		s, _ := jsonCollection(jsonTypeArg(args[0]))
		return vm.Int(int32(s)), nil
	})
	// JsonElemType(type): an array's or a collection's element type, a
	// dictionary's value type; null for anything else.
	t.AddStatic("JsonElemType", 1, 1, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		ty := jsonTypeArg(args[0])
		if ty == nil {
			return vm.Null, nil
		}
		if ty.Kind == vm.KindArray {
			return typeValue(ty.Elem), nil
		}
		s, c := jsonCollection(ty)
		switch {
		case s == 1:
			return typeValue(c.Args[0]), nil
		case s == 2 && len(c.Args) > 1:
			return typeValue(c.Args[1]), nil
		}
		return vm.Null, nil
	})
	// JsonKeyType(type): a dictionary's key type.
	t.AddStatic("JsonKeyType", 1, 1, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		if s, c := jsonCollection(jsonTypeArg(args[0])); s == 2 {
			return typeValue(c.Args[0]), nil
		}
		return vm.Null, nil
	})
	// JsonNew(type) makes an empty collection of a collection type; an
	// interface gets List<T> or Dictionary<K,V>.
	t.AddStatic("JsonNew", 1, 1, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		ty := jsonTypeArg(args[0])
		s, c := jsonCollection(ty)
		if s != 0 && c == ty && ty.IsInterface {
			if s == 1 {
				ty = vm.Construct(tList, c.Args[:1])
			} else {
				ty = vm.Construct(tDictionary, c.Args[:2])
			}
		}
		if ty.PassTypeArgs && ty.Def != nil {
			if f := ty.LookupStatic(".ctor", len(ty.Args)); f != nil {
				targs := make([]vm.Value, len(ty.Args))
				for i, a := range ty.Args {
					targs[i] = vm.TypeObject(a)
				}
				return th.Invoke(f, vm.Null, targs)
			}
		}
		f := vm.Builtin("Internal.VM").LookupStatic("CreateInstance", 1)
		return th.Invoke(f, vm.Null, []vm.Value{vm.TypeObject(ty)})
	})
	// JsonAdd(collection, v) calls its Add.
	t.AddStatic("JsonAdd", 2, 2, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		f := args[0].Type().LookupMethod("Add", 1)
		if f == nil {
			return vm.Null, th.Throw("System.NotSupportedException", "The collection type '"+vm.TypeString(args[0].Type())+"' is not supported.")
		}
		_, err := th.Invoke(f, args[0], []vm.Value{vm.UnboxedCopy(args[1])})
		return vm.Null, err
	})
	// JsonDictSet(dictionary, k, v) is dictionary[k] = v.
	t.AddStatic("JsonDictSet", 3, 3, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		f := args[0].Type().LookupMethod("set_Item", 2)
		if f == nil {
			return vm.Null, th.Throw("System.NotSupportedException", "The collection type '"+vm.TypeString(args[0].Type())+"' is not supported.")
		}
		_, err := th.Invoke(f, args[0], []vm.Value{vm.UnboxedCopy(args[1]), vm.UnboxedCopy(args[2])})
		return vm.Null, err
	})
	// JsonSetAt(array, i, v) stores a boxed value into an array.
	t.AddStatic("JsonSetAt", 3, 3, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		a := args[0].AsArray()
		a.V[int(args[1].AsInt())] = vm.UnboxedCopy(args[2])
		return vm.Null, nil
	})
	// JsonEnum(type, n) is the enum value n of type.
	t.AddStatic("JsonEnum", 2, 2, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.EnumValue(jsonTypeArg(args[0]), args[1].AsLong()), nil
	})
	// JsonDictPairs(v) is a dictionary's keys and values, alternating, or
	// null when v is not a dictionary.
	t.AddStatic("JsonDictPairs", 1, 1, func(th *vm.Thread, args []vm.Value) (vm.Value, error) {
		v := args[0]
		_, isDict := v.AsNative().(*dict)
		if !isDict && !jsonImplements(v.Type(), "System.Collections.Generic.IDictionary`2") && !jsonImplements(v.Type(), "System.Collections.Generic.IReadOnlyDictionary`2") {
			return vm.Null, nil
		}
		items, err := collect(th, v)
		if err != nil {
			return vm.Null, err
		}
		out := make([]vm.Value, 0, 2*len(items))
		for _, it := range items {
			p, ok := it.AsNative().(*kvPair)
			if !ok {
				return vm.Null, nil
			}
			out = append(out, p.k, p.v)
		}
		return vm.Ref(vm.NewArrayOf(vm.TObject, out)), nil
	})
}

// jsonImplements reports whether ty implements the interface named name.
func jsonImplements(ty *vm.Type, name string) bool {
	for c := ty; c != nil; c = c.Super {
		for _, n := range c.IfaceNames {
			if n == name {
				return true
			}
		}
		for _, i := range c.Ifaces {
			if i.FullName() == name || strings.HasPrefix(i.FullName(), name+"[") {
				return true
			}
		}
	}
	return false
}

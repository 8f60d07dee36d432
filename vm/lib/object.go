package lib

import (
	"strings"

	"asyncvm/vm"
)

// toStringWith is ToString(), ToString(format), ToString(provider) and
// ToString(format, provider) on any value.
func toStringWith(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	v := args[0]
	format := ""
	var c = CurrentCulture(t)
	for _, a := range args[1:] {
		if s, ok := str(a); ok {
			format = s
		} else if pc := providerCulture(a); pc != nil {
			c = pc
		}
	}
	if v.PrimType() != nil || v.Type() == vm.TDecimal || v.Type() == tTimeSpan {
		s, err := formatValue(t, v, format, c)
		return vm.String(s), err
	}
	if s := v.AsStr(); s != nil {
		return v, nil
	}
	if a := v.AsArray(); a != nil {
		return vm.String(a.Type().FullName()), nil
	}
	if f := v.Type().LookupOverride("ToString", 0); f != nil && f.Native == nil && len(args) > 1 {
		return t.Invoke(f, v, nil)
	}
	return vm.String(vm.DisplayTypeName(v.Type())), nil
}

// typeName is Type.Name as .NET prints it (nested types after the '+').
func typeName(ty *vm.Type) string {
	n := ty.Name
	if i := strings.LastIndexByte(n, '+'); i >= 0 && ty.Kind != vm.KindArray {
		n = n[i+1:]
	}
	return n
}

// coreLib is the assembly-qualified suffix of a System.Private.CoreLib type,
// as a generic type's FullName spells its arguments.
const coreLib = ", System.Private.CoreLib, Version=11.0.0.0, Culture=neutral, PublicKeyToken=7cec85d7bea7798e"

// programAssembly is the assembly-qualified suffix of a type the program
// declares, as a generic type's FullName spells its arguments.
const programAssembly = ", Program, Version=1.0.0.0, Culture=neutral, PublicKeyToken=null"

// typeFullName is Type.FullName: a constructed generic type spells its
// arguments assembly-qualified, as .NET does:
// "System.Collections.Generic.List`1[[System.Int32, System.Private.CoreLib, ...]]".
func typeFullName(ty *vm.Type) string {
	switch {
	case ty.IsNullable():
		return ty.FullName() + "[[" + qualifiedName(ty.Elem) + "]]"
	case ty.Kind == vm.KindArray && ty.Elem != nil && (ty.Elem.Def != nil || ty.Elem.IsNullable() || ty.Elem.Kind == vm.KindArray):
		return typeFullName(ty.Elem) + "[" + strings.Repeat(",", max(ty.Rank-1, 0)) + "]"
	case ty.Def != nil && len(ty.Args) > 0:
		var b strings.Builder
		b.WriteString(ty.FullName())
		b.WriteByte('[')
		for i, a := range ty.Args {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString("[" + qualifiedName(a) + "]")
		}
		b.WriteByte(']')
		return b.String()
	}
	return ty.FullName()
}

// qualifiedName is ty's assembly-qualified name: the library's and the
// prelude's types (namespace System or below) are System.Private.CoreLib's,
// the program's own are an assembly's named Program.
func qualifiedName(ty *vm.Type) string {
	e := ty
	for e.Kind == vm.KindArray && e.Elem != nil {
		e = e.Elem
	}
	if e.Namespace == "System" || strings.HasPrefix(e.Namespace, "System.") || e.Lib != nil {
		return typeFullName(ty) + coreLib
	}
	return typeFullName(ty) + programAssembly
}

// typeString is Type.ToString(): "System.Nullable`1[System.Int32]".
func typeString(ty *vm.Type) string { return vm.TypeString(ty) }

func init() {
	o := register(vm.TObject)
	o.AddMethod("ToString", 0, 2, toStringWith)
	o.AddMethod("Equals", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		eq, err := plainEquals(t, args[0], args[1])
		return vm.Bool(eq), err
	})
	o.AddMethod("GetHashCode", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if userOverride(args[0], "GetHashCode", 0) != nil {
			// base.GetHashCode() from an override: identity hash.
			return vm.Int(identityHash(args[0].Obj())), nil
		}
		h, err := hashCode(t, args[0])
		return vm.Int(h), err
	})
	o.AddMethod("GetType", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.TypeObject(args[0].Type()), nil
	})
	o.AddMethod("CompareTo", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if args[0].PrimType() == nil && args[0].Type() != vm.TDecimal && args[0].Type() != tTimeSpan {
			return vm.Null, t.Throw("System.MissingMemberException", "'"+args[0].Type().FullName()+"' does not contain a definition for 'CompareTo'")
		}
		if !args[1].IsNull() && args[1].Type() != args[0].Type() && args[1].PrimType() != nil {
			return vm.Null, t.Throw("System.ArgumentException", "Object must be of type "+args[0].Type().Name+".")
		}
		c, err := compareValues(t, args[0], args[1])
		return vm.Int(int32(c)), err
	})
	o.AddStatic("Equals", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		eq, err := objEquals(t, args[0], args[1])
		return vm.Bool(eq), err
	})
	o.AddStatic("ReferenceEquals", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		a, b := args[0], args[1]
		return vm.Bool(a.IsRef() && b.IsRef() && a.Same(b) || a.IsNull() && b.IsNull()), nil
	})
	o.AddStatic(".ctor", 0, 0, func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.NewNative(vm.TObject, struct{}{}), nil
	})

	ty := register(vm.TType)
	tyOf := func(v vm.Value) *vm.Type { return v.AsNative().(*vm.Type) }
	ty.AddProperty("Name", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.String(typeName(tyOf(args[0]))), nil }, nil)
	ty.AddProperty("FullName", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.String(typeFullName(tyOf(args[0]))), nil
	}, nil)
	ty.AddProperty("Namespace", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := tyOf(args[0]).Namespace
		if n == "" {
			return vm.Null, nil
		}
		return vm.String(n), nil
	}, nil)
	ty.AddMethod("ToString", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.String(typeString(tyOf(args[0]))), nil
	})
	ty.AddProperty("IsGenericType", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		t := tyOf(args[0])
		return vm.Bool(t.Def != nil || strings.Contains(t.Name, "`")), nil
	}, nil)
	ty.AddProperty("IsGenericTypeDefinition", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		t := tyOf(args[0])
		return vm.Bool(t.Def == nil && !t.IsNullable() && strings.Contains(t.Name, "`")), nil
	}, nil)
	ty.AddMethod("GetGenericTypeDefinition", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		switch ty := tyOf(args[0]); {
		case ty.Def != nil:
			return vm.TypeObject(ty.Def), nil
		case !ty.IsNullable() && strings.Contains(ty.Name, "`"):
			return args[0], nil
		}
		return vm.Null, t.Throw("System.InvalidOperationException", "This operation is only valid on generic types.")
	})
	ty.AddMethod("GetGenericArguments", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		var ts []vm.Value
		if t := tyOf(args[0]); t.IsNullable() {
			ts = append(ts, vm.TypeObject(t.Elem))
		} else {
			for _, a := range t.Args {
				ts = append(ts, vm.TypeObject(a))
			}
		}
		return vm.Ref(vm.NewArrayOf(vm.TType, ts)), nil
	})
	// Delegate.Method is the MethodInfo of the method the delegate calls
	// (the last one of a multicast delegate): its Name, declaring type and
	// whether it is static. A lambda's method has the compiler's name for
	// it, "<Main>b__0_0", as in .NET.
	mi := register(vm.NewLibType("System.Reflection", "MethodInfo", nil))
	fnOf := func(v vm.Value) *vm.Func { return v.AsNative().(*vm.Func) }
	mi.AddProperty("Name", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.String(fnOf(args[0]).Name), nil
	}, nil)
	mi.AddProperty("DeclaringType", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		if o := fnOf(args[0]).Owner; o != nil {
			return vm.TypeObject(o), nil
		}
		return vm.Null, nil
	}, nil)
	mi.AddProperty("IsStatic", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(!fnOf(args[0]).HasThis), nil
	}, nil)
	mi.AddMethod("ToString", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.String(fnOf(args[0]).Name), nil
	})
	vm.TDelegate.AddProperty("Method", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		list := vm.InvocationList(args[0])
		if len(list) == 0 {
			return vm.Null, t.ThrowNull()
		}
		return vm.NewNative(mi, list[len(list)-1].AsClosure().Fn), nil
	}, nil)

	nullable := register(vm.NewLibType("System", "Nullable", nil))
	nullable.IsStatic = true
	nullable.AddStatic("GetUnderlyingType", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		nt, ok := args[0].AsNative().(*vm.Type)
		if !ok {
			return vm.Null, argNull(t, "nullableType")
		}
		if nt.IsNullable() {
			return vm.TypeObject(nt.Elem), nil
		}
		return vm.Null, nil
	})
	// Compare and Equals: null is less than and equal only to null, values
	// compare as Comparer<T>.Default and EqualityComparer<T>.Default do.
	nullable.AddStatic("Compare", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		r, err := compareValues(t, args[0], args[1])
		return vm.Int(int32(r)), err
	})
	nullable.AddStatic("Equals", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		r, err := defaultEquals(t, args[0], args[1])
		return vm.Bool(r), err
	})
	ty.AddProperty("IsValueType", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		t := tyOf(args[0])
		return vm.Bool(t.IsValueType || isPrimType(t)), nil
	}, nil)
	ty.AddProperty("IsClass", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		t := tyOf(args[0])
		return vm.Bool(!t.IsValueType && !isPrimType(t) && !t.IsInterface), nil
	}, nil)
	ty.AddProperty("IsInterface", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Bool(tyOf(args[0]).IsInterface), nil }, nil)
	ty.AddProperty("IsEnum", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(tyOf(args[0]).Kind == vm.KindEnum), nil
	}, nil)
	ty.AddProperty("IsArray", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(tyOf(args[0]).Kind == vm.KindArray), nil
	}, nil)
	ty.AddProperty("BaseType", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		t := tyOf(args[0])
		if t.Super == nil || t == vm.TObject {
			return vm.Null, nil
		}
		return vm.TypeObject(t.Super), nil
	}, nil)
	ty.AddMethod("IsAssignableFrom", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		other, ok := args[1].AsNative().(*vm.Type)
		return vm.Bool(ok && other.IsSubclassOf(tyOf(args[0]))), nil
	})
	ty.AddMethod("IsInstanceOfType", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(vm.IsInstance(args[1], tyOf(args[0]))), nil
	})
}

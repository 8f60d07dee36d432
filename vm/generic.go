package vm

import (
	"strings"
	"sync"
	"unsafe"
)

// Constructed generic types. A generic class declared in source is one
// definition Type (Box`1) plus one Type per constructed type (Box`1[Int32],
// Box`1[String]), made on first use by Construct and interned by the
// definition, so identity stays pointer equality. A constructed type shares
// its definition's code and layout (Fields, Methods, Statics, StaticInit)
// and has its own static variables and its own run of the static
// initialiser, as each instantiation has its own statics in the CLR.
// Instances carry their constructed type in their header, so the methods of
// a generic class find their type arguments from `this` (ClassArgs); static
// members receive them as hidden parameters, and the static initialiser is
// invoked with them (InitType).
//
// Type parameters exist at run time only inside definitions: the base type
// of `class D<T> : Box<T>` is Box`1[T] with T = TypeParam(D, 0), and
// Construct(D, [int]) substitutes it to Box`1[Int32].

// constructMu serialises the making of constructed types (their base
// may construct others, or the same one: class A<T> : B<A<T>>); finding
// a made one takes no lock.
var constructMu sync.Mutex

// TypeParam returns the index-th type parameter of the generic definition
// def, named name.
func TypeParam(def *Type, index int, name string) *Type {
	constructMu.Lock()
	defer constructMu.Unlock()
	for len(def.params) <= index {
		def.params = append(def.params, nil)
	}
	if def.params[index] == nil {
		def.params[index] = &Type{Kind: KindNative, Name: name, Super: TObject, ParamOf: def, Param: index + 1}
	}
	return def.params[index]
}

// argsKey is the identity of a type argument list: the type itself for
// one argument and an array of two, so that finding List<int> or
// Dictionary<string, int> made before allocates nothing; longer lists
// spell their pointers as a string.
func argsKey(args []*Type) any {
	switch len(args) {
	case 1:
		return args[0]
	case 2:
		return [2]*Type{args[0], args[1]}
	}
	b := make([]byte, 0, 8*len(args))
	for _, a := range args {
		p := uintptr(unsafe.Pointer(a))
		for i := 0; i < 8; i++ {
			b = append(b, byte(p>>(8*i)))
		}
	}
	return string(b)
}

// Construct returns the constructed type def<args...>, the same *Type for
// the same arguments.
func Construct(def *Type, args []*Type) *Type {
	if m := def.insts.Load(); m != nil {
		var t *Type
		switch len(args) {
		case 1:
			t = (*m)[args[0]]
		case 2:
			t = (*m)[[2]*Type{args[0], args[1]}] // the key stays on the stack
		default:
			t = (*m)[argsKey(args)]
		}
		if t != nil {
			return t
		}
	}
	constructMu.Lock()
	defer constructMu.Unlock()
	return constructLocked(def, args, argsKey(args))
}

// constructLocked is Construct with constructMu held. A type is published
// (insts) only once complete; while its base is being substituted it is
// found in pending.
func constructLocked(def *Type, args []*Type, key any) *Type {
	if m := def.insts.Load(); m != nil {
		if t := (*m)[key]; t != nil {
			return t
		}
	}
	if t := def.pending[key]; t != nil {
		return t
	}
	t := &Type{Kind: def.Kind, Namespace: def.Namespace, Name: def.Name, Def: def, Args: append([]*Type(nil), args...)}
	if def.pending == nil {
		def.pending = map[any]*Type{}
	}
	def.pending[key] = t
	t.copyShared()
	delete(def.pending, key)
	old := def.insts.Load()
	m := make(map[any]*Type, 1+len(derefInsts(old)))
	for k, v := range derefInsts(old) {
		m[k] = v
	}
	m[key] = t
	def.insts.Store(&m)
	return t
}

func derefInsts(m *map[any]*Type) map[any]*Type {
	if m == nil {
		return nil
	}
	return *m
}

// copyShared gives a constructed type its definition's code and layout and
// static variables of its own. constructMu is held.
func (t *Type) copyShared() {
	def := t.Def
	t.Super = subst(def.Super, t.Args)
	t.Ifaces, t.IfaceNames, t.IfaceCons = def.Ifaces, def.IfaceNames, def.IfaceCons
	t.IsInterface, t.IsAbstract, t.IsStatic, t.IsValueType = def.IsInterface, def.IsAbstract, def.IsStatic, def.IsValueType
	t.Fields, t.fieldIndex = def.Fields, def.fieldIndex
	t.Methods, t.Statics = def.Methods, def.Statics
	t.VTable, t.IMap = def.VTable, def.IMap
	t.StaticFields, t.StaticInit, t.HasThreadStatic = def.StaticFields, def.StaticInit, def.HasThreadStatic
	if len(t.StaticVals) < len(def.StaticFields) {
		vals := make([]Value, len(def.StaticFields))
		copy(vals, t.StaticVals)
		for i, f := range def.StaticFields {
			switch {
			case i < len(t.StaticVals):
			case f.Type != nil && (f.Type.mark == primMark || f.Type.hasZero || f.Type.IsStruct()):
				vals[i] = f.Type.Zero()
			case f.Generic != nil:
				vals[i] = subst(f.Generic, t.Args).Zero()
			}
		}
		t.StaticVals = vals
	}
	t.Lib, t.PassTypeArgs, t.DefaultCtor, t.TaskBase, t.NativeBase = def.Lib, def.PassTypeArgs, def.DefaultCtor, def.TaskBase, def.NativeBase
	t.staticDone.Store(def.StaticInit == nil)
}

// RefreshConstructed brings the constructed types of def made while def was
// still being declared (by the compiler, before the program runs) up to
// date with its layout.
func RefreshConstructed(def *Type) {
	constructMu.Lock()
	defer constructMu.Unlock()
	for _, t := range derefInsts(def.insts.Load()) {
		t.copyShared()
	}
}

// Subst replaces the type parameters in t by args (the arguments of the
// definition t's parameters belong to).
func Subst(t *Type, args []*Type) *Type {
	constructMu.Lock()
	defer constructMu.Unlock()
	return subst(t, args)
}

func subst(t *Type, args []*Type) *Type {
	switch {
	case t == nil:
		return nil
	case t.Param > 0:
		if t.Param <= len(args) {
			return args[t.Param-1]
		}
		return TObject
	case t.Def != nil:
		sub := make([]*Type, len(t.Args))
		changed := false
		for i, a := range t.Args {
			sub[i] = subst(a, args)
			changed = changed || sub[i] != a
		}
		if changed {
			return constructLocked(t.Def, sub, argsKey(sub))
		}
	case t.Kind == KindArray && t.Elem != nil:
		if e := subst(t.Elem, args); e != t.Elem {
			return ArrayOfRank(e, t.Rank)
		}
	}
	return t
}

// Arity is the number of type parameters a generic definition has at run
// time, its enclosing types' included (Dictionary`2+KeyCollection: 2,
// Outer`1+Node`1: 2), read from its metadata name.
func (t *Type) Arity() int {
	n := 0
	for i := 0; i < len(t.Name); i++ {
		if t.Name[i] != '`' {
			continue
		}
		k := 0
		for i+1 < len(t.Name) && t.Name[i+1] >= '0' && t.Name[i+1] <= '9' {
			i++
			k = 10*k + int(t.Name[i]-'0')
		}
		n += k
	}
	return n
}

// ClassArgs returns the type arguments that the generic definition def
// receives in the type t (t itself or a base of it): for an IntBox derived
// from Box<int>, ClassArgs(IntBox, Box`1) is [Int32]. When def is an
// interface, they are those of the construction of def that t implements
// (the code of a default interface method reads its interface's type
// arguments from `this`): for a C : I<string>, ClassArgs(C, I`1) is
// [String]. A type implementing two constructions of def gets the first
// one's. It returns nil when t is not def constructed.
func ClassArgs(t, def *Type) []*Type {
	for c, n := t, 0; c != nil && n < 64; c, n = c.Super, n+1 {
		if c.Def == def {
			return c.Args
		}
	}
	if def == nil || !def.IsInterface {
		return nil
	}
	for c, n := t, 0; c != nil && n < 64; c, n = c.Super, n+1 {
		if as := ifaceArgs(c, def, 0); as != nil {
			return as
		}
	}
	return nil
}

// ifaceArgs returns the type arguments of the construction of interface
// def among the interfaces t declares (and the interfaces they extend),
// with t's own type arguments put in for the type parameters they name.
func ifaceArgs(t, def *Type, depth int) []*Type {
	if depth > 16 {
		return nil
	}
	own := t
	if t.Def != nil {
		own = t.Def
	}
	for _, i := range own.IfaceCons {
		if t.Def != nil && len(t.Args) > 0 {
			i = Subst(i, t.Args)
		}
		if i.Def == def {
			return i.Args
		}
		if as := ifaceArgs(i, def, depth+1); as != nil {
			return as
		}
	}
	return nil
}

// TypeString spells a type as Type.ToString does: Box`1[System.Int32],
// System.Collections.Generic.Dictionary`2[System.String,System.Int32].
func TypeString(t *Type) string {
	switch {
	case t.IsNullable():
		return t.FullName() + "[" + TypeString(t.Elem) + "]"
	case t.Kind == KindArray && t.Elem != nil:
		var specs strings.Builder
		for ; t.Kind == KindArray && t.Elem != nil; t = t.Elem {
			specs.WriteString("[" + strings.Repeat(",", max(t.Rank-1, 0)) + "]")
		}
		return TypeString(t) + specs.String()
	case t.Def == nil:
		return t.FullName()
	}
	var b strings.Builder
	b.WriteString(t.FullName())
	b.WriteByte('[')
	for i, a := range t.Args {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(TypeString(a))
	}
	b.WriteByte(']')
	return b.String()
}

// paramZero is the default value of the type parameter p (of a generic
// definition) in the type t that constructs it or derives from it: 0 for a
// field of type T in Box<int>, null when the argument is not known.
func paramZero(t, p *Type) Value {
	if as := ClassArgs(t, p.ParamOf); p.Param <= len(as) {
		return as[p.Param-1].Zero()
	}
	return Null
}

// staticInitArgs are the arguments of a type's static initialiser: the
// type arguments of a constructed type.
func staticInitArgs(ty *Type) []Value {
	if ty.Def == nil {
		return nil
	}
	args := make([]Value, len(ty.Args))
	for i, a := range ty.Args {
		args[i] = TypeObject(a)
	}
	return args
}

// typeArg reads a System.Type argument (nil when it is null).
func typeArg(v Value) *Type {
	ty, _ := v.AsNative().(*Type)
	return ty
}

// addGenericNatives declares the Internal.VM natives the compiler calls for
// generic code whose types are known only at run time:
//
//	ClassArg(obj, def, i)     typeof of def's i-th type argument in obj's type
//	Ancestor(obj, def)        the constructed def that obj's type is or derives from
//	ArrayOf(type)             typeof(type[])
//	NewArray(type, n)         new type[n], its elements default(type)
//	Construct(def, a1, ...)   typeof(def<a1, ...>)
//	New(type)                 a new instance of a run-time type (constructor not run)
//	CreateInstance(type)      new T(): a new instance, its parameterless constructor run
//	GetStatic(type, i)        a static variable of a run-time type (initialising it first)
//	SetStatic(type, i, v)
//	RefStatic(type, i)        ref to a static variable of a run-time type
//	IsInstance(v, type)       v is type
func addGenericNatives(t *Type) {
	t.AddStatic("ClassArg", 3, 3, func(th *Thread, args []Value) (Value, error) {
		var ty *Type
		if ty = typeArg(args[0]); ty == nil || args[0].Type() != TType {
			ty = args[0].Type()
		}
		if as := ClassArgs(ty, typeArg(args[1])); as != nil {
			if i := int(asI64(args[2])); i < len(as) {
				return TypeObject(as[i]), nil
			}
		}
		return TypeObject(TObject), nil
	})
	t.AddStatic("Ancestor", 2, 2, func(th *Thread, args []Value) (Value, error) {
		ty := typeArg(args[0])
		if ty == nil || args[0].Type() != TType {
			ty = args[0].Type()
		}
		def := typeArg(args[1])
		for c, n := ty, 0; c != nil && n < 64; c, n = c.Super, n+1 {
			if c.Def == def {
				return TypeObject(c), nil
			}
		}
		return TypeObject(def), nil
	})
	// ArrayOf(elem[, rank]) is the array type elem[] (elem[,] for rank 2).
	t.AddStatic("ArrayOf", 1, 2, func(th *Thread, args []Value) (Value, error) {
		ty := typeArg(args[0])
		if ty == nil {
			ty = TObject
		}
		rank := 1
		if len(args) == 2 {
			rank = int(args[1].AsInt())
		}
		return TypeObject(ArrayOfRank(ty, rank)), nil
	})
	t.AddStatic("Construct", 1, -1, func(th *Thread, args []Value) (Value, error) {
		targs := make([]*Type, len(args)-1)
		for i, a := range args[1:] {
			if targs[i] = typeArg(a); targs[i] == nil {
				targs[i] = TObject
			}
		}
		return TypeObject(Construct(typeArg(args[0]), targs)), nil
	})
	t.AddStatic("NewArray", 2, 2, func(th *Thread, args []Value) (Value, error) {
		elem := typeArg(args[0])
		if elem == nil {
			elem = TObject
		}
		a, err := th.newArraySized(elem, args[1])
		if err != nil {
			return Null, err
		}
		return Ref(a), nil
	})
	// NewArrayMD(elem, n0, n1, ...) is `new T[n0, n1, ...]`.
	t.AddStatic("NewArrayMD", 3, -1, func(th *Thread, args []Value) (Value, error) {
		elem := typeArg(args[0])
		if elem == nil {
			elem = TObject
		}
		a, err := th.NewArrayMD(elem, args[1:])
		if err != nil {
			return Null, err
		}
		return Ref(a), nil
	})
	t.AddStatic("New", 1, 1, func(th *Thread, args []Value) (Value, error) {
		ty := typeArg(args[0])
		if err := th.InitType(ty); err != nil {
			return Null, err
		}
		o := NewInstance(ty)
		if err := th.Alloc(unsafe.Pointer(o), SizeInstance+len(o.F)*SizeValue); err != nil {
			return Null, err
		}
		return Ref(o), nil
	})
	t.AddStatic("CreateInstance", 1, 1, func(th *Thread, args []Value) (Value, error) {
		ty := typeArg(args[0])
		switch {
		case ty == nil:
			return Null, nil
		case ty.IsPrimitive() || ty.Kind == KindEnum:
			return ty.Zero(), nil
		case ty.DefaultCtor != nil:
			if ty.IsAbstract || ty.IsInterface {
				return Null, th.Throw("System.MissingMethodException", "Cannot create an instance of an abstract class.")
			}
			if err := th.InitType(ty); err != nil {
				return Null, err
			}
			o := NewInstance(ty)
			if err := th.Alloc(unsafe.Pointer(o), SizeInstance+len(o.F)*SizeValue); err != nil {
				return Null, err
			}
			if ty.IsStruct() {
				// A struct's constructor takes `ref this`.
				b := NewBox(Ref(o))
				if _, err := th.Invoke(ty.DefaultCtor, Ref(b), nil); err != nil {
					return Null, err
				}
				return b.V, nil
			}
			if _, err := th.Invoke(ty.DefaultCtor, Ref(o), nil); err != nil {
				return Null, err
			}
			return Ref(o), nil
		case ty.IsStruct():
			return ty.Zero(), nil
		}
		if f := ty.LookupStatic(".ctor", 0); f != nil {
			return th.Invoke(f, Null, nil)
		}
		return Null, th.Throw("System.MissingMethodException", "Cannot dynamically create an instance of type '"+TypeString(ty)+"'. Reason: No parameterless constructor defined.")
	})
	t.AddStatic("GetStatic", 2, 2, func(th *Thread, args []Value) (Value, error) {
		ty := typeArg(args[0])
		if err := th.InitType(ty); err != nil {
			return Null, err
		}
		return *th.StaticSlot(ty, int(asI64(args[1]))), nil
	})
	t.AddStatic("RefStatic", 2, 2, func(th *Thread, args []Value) (Value, error) {
		ty := typeArg(args[0])
		if err := th.InitType(ty); err != nil {
			return Null, err
		}
		return th.staticRef(ty, int(asI64(args[1]))), nil
	})
	t.AddStatic("SetStatic", 3, 3, func(th *Thread, args []Value) (Value, error) {
		ty := typeArg(args[0])
		if err := th.InitType(ty); err != nil {
			return Null, err
		}
		*th.StaticSlot(ty, int(asI64(args[1]))) = args[2]
		return Null, nil
	})
	t.AddStatic("IsInstance", 2, 2, func(th *Thread, args []Value) (Value, error) {
		ty := typeArg(args[1])
		return Bool(ty != nil && IsInstance(args[0], ty)), nil
	})
}

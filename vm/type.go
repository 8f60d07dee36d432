package vm

import (
	"sync/atomic"
	"unsafe"
)

// Type is a runtime type: a primitive, a class (from source or the library),
// an interface, an enum, an array or a delegate. A generic class declared in
// source has one Type per constructed type (Construct), as in the CLR; library
// objects that need their type arguments keep them in their payload
// (AsyncLocal<int> remembers int to read 0).
type Type struct {
	mark *Type // primMark for primitive tag types; must stay the first field

	Kind      Kind
	Namespace string
	Name      string // metadata name: "Int32", "List`1", "Program"
	CSName    string // C# keyword or display name when it differs: "int"
	Super     *Type
	Ifaces    []*Type
	// IfaceCons are the constructions of the generic interfaces declared
	// in source that a type declared in source names as its bases
	// (I<string> for `class C : I<string>`), their arguments naming the
	// type's own parameters as TypeParam. Ifaces holds the definitions;
	// ClassArgs reads these.
	IfaceCons []*Type
	// IfaceNames are the full names of the interfaces a library type
	// implements, inherited ones included ("System.Collections.Generic.IList`1").
	// Library types name them because the interfaces they implement may be
	// declared by each program's prelude, as IEnumerable<T> is.
	IfaceNames []string
	// BaseNames are the full names of the prelude classes a library type
	// derives from (StreamReader is a TextReader): like IfaceNames, they
	// are each program's own types.
	BaseNames []string
	Elem      *Type // arrays
	Rank      int   // arrays: the number of dimensions (1 for T[])

	IsInterface, IsAbstract, IsStatic, IsEnum, IsValueType bool

	zero      Value // default(T) of a library value type, when hasZero
	hasZero   bool
	zeroInst  atomic.Pointer[Instance] // default(T) of a struct type (structZero)
	tuple     int                      // a ValueTuple definition's arity (TupleArity)
	zeroTuple zeroTupleSlot            // default(T) of a constructed ValueTuple, made by tupleZero
	EnumUnder *Type                    // an enum's underlying type (int unless declared `enum E : byte`)
	EnumNames []EnumMember
	IsFlags   bool // an enum declared [Flags]: ToString prints combinations

	// Instance layout: Fields[i] is F[i] of every instance, base first.
	Fields     []*Field
	fieldIndex map[string]int

	// Methods holds every instance method by name, inherited ones included and
	// overrides replacing what they override; Statics the static ones.
	Methods map[string][]*Func
	Statics map[string][]*Func
	// VTable holds a class's virtual methods by slot: its base class's
	// slots first, each holding the override this class inherits or
	// declares, then the slots its own virtual members introduce. Slots
	// are numbered from 1 (VTable[0] is unused), so a Func's zero Slot
	// means it has none. IMap holds, for each interface (definition) the
	// class implements, the methods implementing that interface's
	// members, by the interface's slot numbering. The compiler fills both
	// from the binder's override and interface mapping; library types
	// have neither and are dispatched by name.
	VTable []*Func
	IMap   map[*Type][]*Func
	// StaticFields are the class's static variables; StaticInit runs once.
	StaticFields []*Field
	StaticVals   []Value
	// HasThreadStatic says one of StaticFields is ThreadStatic.
	HasThreadStatic bool
	StaticInit      *Func
	staticDone      atomic.Bool
	initOwner       *Thread                 // the thread running StaticInit; guarded by initMu
	initDone        chan struct{}           // closed when StaticInit has run; guarded by initMu
	arrayOf         atomic.Pointer[Type]    // this type's array type T[], made by ArrayOf
	mdArrayOf       atomic.Pointer[[]*Type] // this type's T[,], T[,,], ... by rank-2, made by ArrayOfRank
	nullableOf      atomic.Pointer[Type]    // Nullable<this type>, made by NullableOf
	typeObject      atomic.Pointer[Native]  // the System.Type object of this type, made by TypeObject

	// TaskBase marks a class declared in source that derives from Task or
	// Task<T>: its objects are Instances whose first field holds the task
	// the base constructor made (Value.AsTask reads it there).
	TaskBase bool
	// NativeBase marks a class declared in source that derives from a
	// library class whose objects carry a Go payload (List<T>,
	// Dictionary<K,V>, ...): its objects are Instances whose first field
	// holds the library object the base constructor made, and
	// Value.AsNative reads the payload there, so the base's natives run on
	// the derived object.
	NativeBase bool
	// Derivable marks a library class whose natives work on an object of a
	// program class deriving from it (an Instance, without a native
	// payload), so the compiler lets a program create one: TaskScheduler,
	// whose virtual QueueTask the library calls on the program's object.
	Derivable bool

	// PassTypeArgs makes the compiler pass a library type's generic
	// arguments to its constructors and static methods, as leading
	// System.Type arguments (AsyncLocal<int> needs int to read 0).
	PassTypeArgs bool
	// Lib is the library's hook for native types (constructors, members).
	Lib any

	// Def and Args make this a constructed generic type (Box<int>: Def is
	// Box`1, Args [Int32]); see generic.go. Param > 0 makes it the
	// (Param-1)th type parameter of the generic definition ParamOf.
	// DefaultCtor is the parameterless constructor of a class declared in
	// source, which `new T()` runs (CreateInstance).
	DefaultCtor *Func

	Def, ParamOf *Type
	Args         []*Type
	Param        int
	insts        atomic.Pointer[map[any]*Type] // constructed types of this definition, by argsKey; copied on write under constructMu
	pending      map[any]*Type                 // constructed types being made; guarded by constructMu
	params       []*Type                       // the definition's type parameters (TypeParam); guarded by constructMu
}

// Field describes an instance or static field.
type Field struct {
	Name     string
	Type     *Type // declared type when the VM converts to it (primitives, decimal) or starts it at a non-null default (structs, DateTime); nil otherwise
	Index    int
	ReadOnly bool
	Owner    *Type
	// Generic is the declaring class's type parameter when the field is
	// declared as one (`T Value;`): its default is the type argument's.
	Generic *Type
	// StructArgs are the type arguments of a field declared as a generic
	// struct over the declaring class's type parameters (`Pair<T> P;`,
	// Type the struct's definition): each a type parameter of the class or
	// a closed type. Its default is the zero value of the struct
	// constructed with the class's type arguments, so that the field's
	// members see their own (`typeof(T)` in Pair<T>'s methods).
	StructArgs []*Type
	// ThreadStatic marks a [ThreadStatic] static field: each thread has
	// its own value, the field's default until the thread first sets it
	// (Thread.StaticSlot).
	ThreadStatic bool
}

// EnumMember is one named constant of an enum.
type EnumMember struct {
	Name  string
	Value int64
}

// FullName returns the namespace-qualified metadata name.
func (t *Type) FullName() string {
	if t.Namespace == "" {
		return t.Name
	}
	return t.Namespace + "." + t.Name
}

// DisplayName returns the C# spelling of the type, as used in compiler-style messages.
func (t *Type) DisplayName() string {
	if t.CSName != "" {
		return t.CSName
	}
	return t.Name
}

// Zero returns default(T).
func (t *Type) Zero() Value {
	switch t.Kind {
	case KindInt:
		return Int(0)
	case KindLong:
		return Long(0)
	case KindDouble:
		return Double(0)
	case KindFloat:
		return Float(0)
	case KindBool:
		return Bool(false)
	case KindChar:
		return Char(0)
	case KindSByte, KindByte, KindShort, KindUShort, KindUInt, KindULong:
		return Prim(t, 0)
	case KindEnum:
		return EnumValue(t, 0)
	}
	if t.hasZero {
		return t.zero
	}
	if t.IsStruct() {
		return t.structZero()
	}
	if t.Def != nil && t.Def.tuple > 0 {
		return t.tupleZero()
	}
	return Null
}

// SetZero makes v default(T) for a library value type whose default is
// not null (default(CancellationToken) is CancellationToken.None).
func (t *Type) SetZero(v Value) { t.zero, t.hasZero = v, true }

// IsSubclassOf reports whether t is u or derives from it, or implements it.
func (t *Type) IsSubclassOf(u *Type) bool {
	if u == TObject {
		return true
	}
	if t.Kind == KindDelegate && u.Kind == KindDelegate && (t == TDelegate || t.Def != nil && t.Def == u.Def && varies(t.Args, u.Args)) {
		// A delegate made without its type (System.Delegate) is taken for
		// any; Func<string> is a Func<object> (variance, approximated as
		// in either direction for reference type arguments).
		return true
	}
	for c := t; c != nil; c = c.Super {
		if c == u || c.Def == u && u != nil {
			return true // a constructed type shares its definition's code and layout
		}
		if u.Def != nil && c == u.Def {
			return true // an object made without its type arguments (erased): not known to differ
		}
		if u.IsInterface && namesInterface(c.IfaceNames, u) {
			return true
		}
		if c.BaseNames != nil && namesInterface(c.BaseNames, u) {
			return true
		}
		for _, i := range c.Ifaces {
			if i == u || i.IsSubclassOf(u) {
				return true
			}
		}
	}
	return false
}

// namesInterface reports whether names holds u's full name.
func namesInterface(names []string, u *Type) bool {
	for _, n := range names {
		if isFullName(n, u) {
			return true
		}
	}
	return false
}

// isFullName reports whether n is t.FullName(), without building it.
func isFullName(n string, t *Type) bool {
	ns := t.Namespace
	if ns == "" {
		return n == t.Name
	}
	return len(n) == len(ns)+1+len(t.Name) && n[:len(ns)] == ns && n[len(ns)] == '.' && n[len(ns)+1:] == t.Name
}

// ArrayIfaceNames are the interfaces every array implements.
var ArrayIfaceNames = []string{
	"System.Collections.Generic.IList`1", "System.Collections.Generic.ICollection`1",
	"System.Collections.Generic.IEnumerable`1", "System.Collections.Generic.IReadOnlyList`1",
	"System.Collections.Generic.IReadOnlyCollection`1", "System.Collections.IList",
	"System.Collections.ICollection", "System.Collections.IEnumerable",
	"System.ICloneable", "System.Collections.IStructuralComparable", "System.Collections.IStructuralEquatable",
}

// FieldIndex returns the index of the named instance field, or -1.
func (t *Type) FieldIndex(name string) int {
	if t.fieldIndex == nil {
		return -1
	}
	if i, ok := t.fieldIndex[name]; ok {
		return i
	}
	return -1
}

// AddField appends an instance field to t's layout.
func (t *Type) AddField(f *Field) {
	if t.fieldIndex == nil {
		t.fieldIndex = map[string]int{}
	}
	f.Index = len(t.Fields)
	f.Owner = t
	t.Fields = append(t.Fields, f)
	t.fieldIndex[f.Name] = f.Index
}

// LookupMethod finds an instance method by name and argument count.
func (t *Type) LookupMethod(name string, argc int) *Func {
	if f := pickOverload(t.Methods[name], argc); f != nil {
		return f
	}
	// A type whose Methods do not hold its base's (an enum's, which are
	// System.Enum's) finds them on the base.
	for c := t.Super; c != nil && c != TObject; c = c.Super {
		if f := pickOverload(c.Methods[name], argc); f != nil {
			return f
		}
	}
	if t != TObject {
		return pickOverload(TObject.Methods[name], argc)
	}
	return nil
}

// LookupOverride finds the method that a call of System.Object's virtual
// method name (ToString, Equals, GetHashCode) reaches on an instance of t:
// as LookupMethod, but a program method that is not virtual (one declared
// `new`, hiding the inherited method) is passed over for the base's.
func (t *Type) LookupOverride(name string, argc int) *Func {
	for c := t; c != nil; c = c.Super {
		for _, f := range c.Methods[name] {
			if (f.Native != nil || f.IsVirtual) && pickOverload([]*Func{f}, argc) != nil {
				return f
			}
		}
		if c == TObject {
			return nil
		}
	}
	return pickOverload(TObject.Methods[name], argc)
}

// Slotted returns the method that a call of the virtual or interface
// method m reaches on an instance of t, by m's slot; nil when t has no
// slots for m (a library type, or one that does not derive from m's
// owner), so the call is dispatched by name.
func (t *Type) Slotted(m *Func) *Func {
	owner := m.Owner
	if m.Slot <= 0 || owner == nil {
		return nil
	}
	if owner.IsInterface {
		if owner.Def != nil {
			owner = owner.Def
		}
		impl := t.IMap[owner]
		if m.Slot < len(impl) {
			return impl[m.Slot]
		}
		return nil
	}
	if m.Slot < len(t.VTable) && t.IsSubclassOf(owner) {
		return t.VTable[m.Slot]
	}
	return nil
}

// LookupStatic finds a static method by name and argument count.
func (t *Type) LookupStatic(name string, argc int) *Func {
	for c := t; c != nil; c = c.Super {
		if f := pickOverload(c.Statics[name], argc); f != nil {
			return f
		}
	}
	return nil
}

func pickOverload(fs []*Func, argc int) *Func {
	for _, f := range fs {
		if f.NumParams == argc || (f.Variadic && argc >= f.NumParams-1) || (argc < f.NumParams && argc >= f.MinParams) {
			return f
		}
	}
	return nil
}

// IsPrimitive reports whether values of t are unboxed primitives.
func (t *Type) IsPrimitive() bool { return t != nil && t.mark == primMark }

// NullableOf returns System.Nullable<elem> for typeof(int?). Values of a
// nullable type are the underlying values or null, so only typeof produces
// this type; Elem is the underlying type.
func NullableOf(elem *Type) *Type {
	if t := elem.nullableOf.Load(); t != nil {
		return t
	}
	t := &Type{Kind: KindNative, Namespace: "System", Name: "Nullable`1", CSName: elem.DisplayName() + "?", Elem: elem, Super: TObject, IsValueType: true}
	if elem.nullableOf.CompareAndSwap(nil, t) {
		return t
	}
	return elem.nullableOf.Load()
}

// IsNullable reports whether t is a NullableOf type.
func (t *Type) IsNullable() bool {
	return t.Kind == KindNative && t.Elem != nil && t.Name == "Nullable`1" && t.Namespace == "System"
}

// TType is System.Type; its payload is the *Type described.
var TType = &Type{Kind: KindNative, Namespace: "System", Name: "Type", Super: TObject}

// TypeObject returns the unique System.Type object for ty.
func TypeObject(ty *Type) Value {
	if p := ty.typeObject.Load(); p != nil {
		return Value{p: unsafe.Pointer(p)}
	}
	o := &Native{Header: Header{TType}, V: ty}
	if ty.typeObject.CompareAndSwap(nil, o) {
		return Ref(o)
	}
	return Value{p: unsafe.Pointer(ty.typeObject.Load())}
}

// varies reports whether delegate type arguments as convert to bs: each
// the same, or both reference types, one deriving from the other.
func varies(as, bs []*Type) bool {
	if len(as) != len(bs) {
		return false
	}
	for i, a := range as {
		b := bs[i]
		if a == b {
			continue
		}
		if a.IsValueType || b.IsValueType || a.IsPrimitive() && a != TString && a != TObject || b.IsPrimitive() && b != TString && b != TObject {
			return false
		}
		if !a.IsSubclassOf(b) && !b.IsSubclassOf(a) {
			return false
		}
	}
	return true
}

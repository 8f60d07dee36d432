package vm

import (
	"fmt"
	"strings"
	"sync/atomic"
	"unicode/utf16"
	"unsafe"
)

// Header is the first field of every heap object. A Value referring to an
// object points at its Header; primitive Values point at a Type whose first
// word is primMark, which is how the two are told apart.
type Header struct {
	typ *Type
}

func (h *Header) header() *Header { return h }

// Object is implemented by every heap object type.
type Object interface {
	header() *Header
}

// object returns the concrete object behind a header, chosen by its type's kind.
func (h *Header) object() Object {
	switch h.typ.Kind {
	case KindString:
		return (*Str)(unsafe.Pointer(h))
	case KindArray:
		return (*Array)(unsafe.Pointer(h))
	case KindBox:
		return (*Box)(unsafe.Pointer(h))
	case KindDelegate:
		return (*Closure)(unsafe.Pointer(h))
	case KindNative, KindObject:
		if isTaskType(h.typ) {
			return (*Task)(unsafe.Pointer(h))
		}
		// `new object()` is a Native of type System.Object.
		return (*Native)(unsafe.Pointer(h))
	default:
		return (*Instance)(unsafe.Pointer(h))
	}
}

// Kind classifies a Type by its representation.
type Kind uint8

// The kinds. Primitive kinds are carried unboxed in Value.n.
const (
	KindInstance Kind = iota // *Instance: a user class, or a prelude class such as Exception
	KindInt
	KindLong
	KindDouble
	KindFloat
	KindBool
	KindChar
	KindSByte
	KindByte
	KindShort
	KindUShort
	KindUInt
	KindULong
	KindEnum
	KindString   // *Str
	KindArray    // *Array
	KindBox      // *Box: a captured variable or a ref cell
	KindDelegate // *Closure
	KindNative   // *Native: a library object with a Go payload
	KindObject   // System.Object itself and interfaces; never an object's own kind

	// KindValueTaskDone is an unboxed completed ValueTask (see valuetask.go).
	KindValueTaskDone
)

// Str is a System.String. S holds the text as UTF-8; C#'s UTF-16 view (Length,
// indexing) is computed from it, with a fast path when the text is ASCII.
type Str struct {
	Header
	S     string
	ascii bool
	u16   atomic.Pointer[[]uint16] // lazily built UTF-16 form of a non-ASCII string
}

// Array is a T[] or a rectangular T[,], T[,,], ... Its length never
// changes, so racing element writes can only tear single Values, which stay
// valid. A multidimensional array keeps its elements in row-major order in
// V (the last index varies fastest, as .NET lays them out and enumerates
// them) and its lengths in Dims; a single-dimensional one has Dims nil.
type Array struct {
	Header
	Elem *Type
	V    []Value
	Dims []int
}

// Rank is the number of dimensions of a.
func (a *Array) Rank() int {
	if a.Dims == nil {
		return 1
	}
	return len(a.Dims)
}

// Len returns the length of dimension d (0-based), which must be below Rank.
func (a *Array) Len(d int) int {
	if a.Dims == nil {
		return len(a.V)
	}
	return a.Dims[d]
}

// Box holds one Value: a variable captured by a closure, or a ref/out cell.
type Box struct {
	Header
	V Value
}

// Closure is a delegate: a function with its bound receiver and captured boxes.
type Closure struct {
	Header
	Fn   *Func
	This Value
	Up   []*Box
}

// Instance is an object of a class compiled from source (the program's or the
// prelude's). Fields are laid out by the class, base class fields first.
type Instance struct {
	Header
	F []Value
}

// Native is a library object whose state is a Go value. V is set before the
// object is published and never reassigned; its own methods synchronise.
type Native struct {
	Header
	V any
}

// Type returns the object's runtime type.
func (h *Header) Type() *Type { return h.typ }

// primMark is the first word of every primitive Type; see Header.
var primMark = &Type{Name: "<prim>"}

func newPrimType(kind Kind, ns, name, csName string) *Type {
	return &Type{mark: primMark, Kind: kind, Namespace: ns, Name: name, CSName: csName}
}

// The primitive types. Values of these kinds point at these descriptors.
var (
	TInt    = newPrimType(KindInt, "System", "Int32", "int")
	TLong   = newPrimType(KindLong, "System", "Int64", "long")
	TDouble = newPrimType(KindDouble, "System", "Double", "double")
	TFloat  = newPrimType(KindFloat, "System", "Single", "float")
	TBool   = newPrimType(KindBool, "System", "Boolean", "bool")
	TChar   = newPrimType(KindChar, "System", "Char", "char")
	TSByte  = newPrimType(KindSByte, "System", "SByte", "sbyte")
	TByte   = newPrimType(KindByte, "System", "Byte", "byte")
	TShort  = newPrimType(KindShort, "System", "Int16", "short")
	TUShort = newPrimType(KindUShort, "System", "UInt16", "ushort")
	TUInt   = newPrimType(KindUInt, "System", "UInt32", "uint")
	TULong  = newPrimType(KindULong, "System", "UInt64", "ulong")
)

// The built-in reference types every program has.
var (
	TObject = &Type{Kind: KindObject, Namespace: "System", Name: "Object", CSName: "object"}
	TString = &Type{Kind: KindString, Namespace: "System", Name: "String", CSName: "string", Super: nil}
	TBox    = &Type{Kind: KindBox, Namespace: "System.Runtime.CompilerServices", Name: "StrongBox`1"}
	// TBoxLocal is the type of a box NEWBOXL makes: a struct local of
	// one frame boxed for one call's `ref this`, which no other thread
	// sees, so reading and writing through it takes no lock (ref.go).
	TBoxLocal = &Type{Kind: KindBox, Namespace: "System.Runtime.CompilerServices", Name: "StrongBox`1"}
	TDelegate = &Type{Kind: KindDelegate, Namespace: "System", Name: "Delegate"}
	// TEnum is System.Enum, the base class of every enum type: an enum
	// value converts to it by boxing (its Value already carries its type).
	TEnum = &Type{Kind: KindNative, Namespace: "System", Name: "Enum", IsAbstract: true}
)

func init() {
	TString.Super = TObject
	TBox.Super = TObject
	TBoxLocal.Super = TObject
	TDelegate.Super = TObject
	TEnum.Super = TObject
}

// NewStr allocates a string object.
func NewStr(s string) *Str {
	if s == "" {
		// One empty string, as .NET's string.Empty, which "" and every
		// operation that yields an empty string give.
		return emptyStr
	}
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	return &Str{Header: Header{TString}, S: s, ascii: ascii}
}

var emptyStr = &Str{Header: Header{TString}, ascii: true}

// String makes a string value.
func String(s string) Value { return Value{p: unsafe.Pointer(NewStr(s))} }

// UTF16 returns the string as UTF-16 code units (C#'s view).
func (s *Str) UTF16() []uint16 {
	if p := s.u16.Load(); p != nil {
		return *p
	}
	var u []uint16
	if s.ascii {
		u = make([]uint16, len(s.S))
		for i := 0; i < len(s.S); i++ {
			u[i] = uint16(s.S[i])
		}
	} else {
		u = utf16.Encode([]rune(s.S))
	}
	s.u16.Store(&u)
	return u
}

// Len is the C# Length: the number of UTF-16 code units.
func (s *Str) Len() int {
	if s.ascii {
		return len(s.S)
	}
	return len(s.UTF16())
}

// At returns the UTF-16 code unit at index i; the caller checks bounds.
func (s *Str) At(i int) uint16 {
	if s.ascii {
		return uint16(s.S[i])
	}
	return s.UTF16()[i]
}

// AsStr returns the string object v refers to, or nil.
func (v Value) AsStr() *Str {
	if v.p == nil || (*Header)(v.p).typ != TString {
		return nil
	}
	return (*Str)(v.p)
}

// AsInstance returns the instance v refers to, or nil.
func (v Value) AsInstance() *Instance {
	if v.p == nil {
		return nil
	}
	t := (*Header)(v.p).typ
	if t == primMark || t.Kind != KindInstance {
		return nil
	}
	return (*Instance)(v.p)
}

// AsArray returns the array v refers to, or nil.
func (v Value) AsArray() *Array {
	if v.p == nil {
		return nil
	}
	t := (*Header)(v.p).typ
	if t == primMark || t.Kind != KindArray {
		return nil
	}
	return (*Array)(v.p)
}

// AsClosure returns the delegate v refers to, or nil.
func (v Value) AsClosure() *Closure {
	if v.p == nil {
		return nil
	}
	t := (*Header)(v.p).typ
	if t == primMark || t.Kind != KindDelegate {
		return nil
	}
	return (*Closure)(v.p)
}

// AsBox returns the box v refers to, or nil.
func (v Value) AsBox() *Box {
	if v.p == nil {
		return nil
	}
	t := (*Header)(v.p).typ
	if t == primMark || t.Kind != KindBox {
		return nil
	}
	return (*Box)(v.p)
}

// NativeField is the name of the hidden first field of a class deriving
// from a library class with a native payload (Type.NativeBase), which
// holds the base's library object.
const NativeField = "<native>"

// AsNative returns the payload of the library object v refers to, or nil.
func (v Value) AsNative() any {
	if v.p == nil {
		return nil
	}
	t := (*Header)(v.p).typ
	if t == primMark || t.Kind != KindNative {
		if t != primMark && t.NativeBase && t.Kind == KindInstance {
			// A program's class deriving from a library collection: the
			// payload is its base object's, in the first field.
			if f := (*Instance)(v.p).F; len(f) > 0 {
				return f[0].AsNative()
			}
		}
		return nil
	}
	if isTaskType(t) {
		return (*Task)(v.p)
	}
	return (*Native)(v.p).V
}

// InitNative makes n, a Native embedded in a larger Go object, a library
// object of type t around payload x, and returns it as a value: the payload
// and its program-visible object are then one allocation.
func InitNative(n *Native, t *Type, x any) Value {
	n.typ, n.V = t, x
	return Value{p: unsafe.Pointer(n)}
}

// NewNative allocates a library object of type t around payload x.
func NewNative(t *Type, x any) Value {
	return Value{p: unsafe.Pointer(&Native{Header: Header{t}, V: x})}
}

// NewArray allocates an array of n elements of type elem, each its default.
func NewArray(elem *Type, n int) *Array {
	a := &Array{Header: Header{ArrayOf(elem)}, Elem: elem, V: make([]Value, n)}
	if d := elem.Zero(); !d.IsNull() {
		for i := range a.V {
			a.V[i] = d
		}
	}
	return a
}

// NewArrayMD allocates a rectangular array with lengths dims (at least
// two), each element its default.
func NewArrayMD(elem *Type, dims []int) *Array {
	n := 1
	for _, d := range dims {
		n *= d
	}
	a := NewArray(elem, n)
	a.Header = Header{ArrayOfRank(elem, len(dims))}
	a.Dims = dims
	return a
}

// NewArrayOf wraps existing values as an array.
func NewArrayOf(elem *Type, vs []Value) *Array {
	return &Array{Header: Header{ArrayOf(elem)}, Elem: elem, V: vs}
}

// NewBox allocates a box holding v.
func NewBox(v Value) *Box { return &Box{Header: Header{TBox}, V: v} }

// NewInstance allocates an instance of class t with its fields at their defaults.
func NewInstance(t *Type) *Instance {
	o := &Instance{Header: Header{t}, F: make([]Value, len(t.Fields))}
	for i, f := range t.Fields {
		switch {
		case f.StructArgs != nil && t.Def != nil:
			o.F[i] = constructedFieldZero(t, f)
		case f.Type != nil && (f.Type.mark == primMark || f.Type.hasZero || f.Type.IsStruct()):
			o.F[i] = f.Type.Zero()
		case f.Generic != nil:
			if as := ClassArgs(t, f.Generic.ParamOf); f.Generic.Param <= len(as) {
				o.F[i] = as[f.Generic.Param-1].Zero() // default(T) of the constructed type
			}
		}
	}
	return o
}

// constructedFieldZero is the default of field f (StructArgs set) in an
// object of the constructed type t: the zero value of f's struct
// constructed with t's type arguments.
func constructedFieldZero(t *Type, f *Field) Value {
	args := make([]*Type, len(f.StructArgs))
	for i, a := range f.StructArgs {
		args[i] = a
		if a.ParamOf != nil {
			as := ClassArgs(t, a.ParamOf)
			if a.Param > len(as) {
				return f.Type.Zero()
			}
			args[i] = as[a.Param-1]
		}
	}
	def := f.Type
	if def.Def != nil {
		def = def.Def
	}
	return Construct(def, args).Zero()
}

// ArrayOf returns the array type T[] for element type elem. It is made once
// and kept by elem (not in a global table, so a program's types are freed
// with the program).
func ArrayOf(elem *Type) *Type {
	if t := elem.arrayOf.Load(); t != nil {
		return t
	}
	t := newArrayType(elem, 1)
	if elem.arrayOf.CompareAndSwap(nil, t) {
		return t
	}
	return elem.arrayOf.Load()
}

// ArrayOfRank returns the array type of elem with rank dimensions: T[] for
// 1, T[,] for 2, ... The multidimensional ones are kept by elem in a list
// indexed by rank-2, replaced whole when a rank is added.
func ArrayOfRank(elem *Type, rank int) *Type {
	if rank <= 1 {
		return ArrayOf(elem)
	}
	for {
		old := elem.mdArrayOf.Load()
		if old != nil && rank-2 < len(*old) && (*old)[rank-2] != nil {
			return (*old)[rank-2]
		}
		var list []*Type
		if old != nil {
			list = append(list, *old...)
		}
		for len(list) <= rank-2 {
			list = append(list, nil)
		}
		t := newArrayType(elem, rank)
		list[rank-2] = t
		if elem.mdArrayOf.CompareAndSwap(old, &list) {
			return t
		}
	}
}

// newArrayType makes the array type of elem with rank dimensions. Its
// name puts the outermost rank specifier first, as .NET does: an array of
// Int32[,] is Int32[][,].
func newArrayType(elem *Type, rank int) *Type {
	spec := "[" + strings.Repeat(",", rank-1) + "]"
	base := elem
	for base.Kind == KindArray && base.Elem != nil {
		base = base.Elem
	}
	name, cs := elem.Name, elem.DisplayName()
	bn, bcs := len(base.Name), len(base.DisplayName())
	return &Type{Kind: KindArray, Namespace: base.Namespace, Name: name[:bn] + spec + name[bn:], CSName: cs[:bcs] + spec + cs[bcs:], Elem: elem, Super: TObject, Rank: rank}
}

// NewStaticDelegate makes a delegate for a static function (a method group).
func NewStaticDelegate(fn *Func) *Closure {
	return &Closure{Header: Header{TDelegate}, Fn: fn}
}

// FieldRef names the instance field a field instruction accesses: slot
// Index of the objects of class Class and of its subclasses (fields are laid
// out base class first, so a slot means the same field in every subclass).
// Field instructions name a FieldRef of their Func instead of a bare slot,
// so the VM checks that the object is of that class before it touches the
// slot: a compiler that guessed wrong (an overload chosen for the wrong
// class) gets an InvalidCastException, never another class's field or a
// slot outside the object. See docs/design.md.
type FieldRef struct {
	class *Type
	index int
}

// NewFieldRef names slot index of class. class must be a class whose
// objects are *Instance (not a library, primitive or array type), and index
// one of its slots; anything else is a compiler bug, and panics.
func NewFieldRef(class *Type, index int) FieldRef {
	if class == nil || class.mark == primMark || class.Kind != KindInstance || index < 0 || index >= len(class.Fields) {
		panic(fmt.Sprintf("vm: no instance field %d in %v", index, class))
	}
	return FieldRef{class, index}
}

// Class returns the class that declares the field (or a subclass of it).
func (r FieldRef) Class() *Type { return r.class }

// Index returns the field's slot.
func (r FieldRef) Index() int { return r.index }

// WithClass returns r naming the same slot of class c, a class of the same
// layout (the REPL's canonical compilation of the class).
func (r FieldRef) WithClass(c *Type) FieldRef { return NewFieldRef(c, r.index) }

// holds is the field instructions' inline class check: v is an object of
// the field's class, of a class derived directly from it or of a
// constructed type of it (and so an Instance with the slot). It is false for anything else, including deeper
// subclasses, which fieldSlow then sorts out.
func (r *FieldRef) holds(v Value) bool {
	if v.p == nil {
		return false
	}
	typ := (*Header)(v.p).typ
	return typ == r.class || (typ.Super == r.class || typ.Def == r.class) && typ.Kind == KindInstance
}

// fieldSlow executes a field instruction (GETFIELD, SETFIELD, GETTHISF,
// SETTHISF) whose object is not exactly of the field's class: on an
// instance of a subclass it reads or writes the slot, on anything else it
// returns the exception.
func (t *Thread) fieldSlow(fn *Func, ins Instr, regs []Value) error {
	var obj, ref int
	switch ins.Op() {
	case OpGetField:
		obj, ref = ins.B(), ins.C()
	case OpSetField:
		obj, ref = ins.A(), ins.B()
	case OpGetThisF:
		obj, ref = 0, ins.B()
	default: // OpSetThisF
		obj, ref = 0, ins.A()
	}
	r, o := &fn.Fields[ref], regs[obj]
	if err := t.fieldObject(o, r); err != nil {
		return err
	}
	f := (*Instance)(o.p).F
	switch ins.Op() {
	case OpGetField, OpGetThisF:
		regs[ins.A()] = f[r.index]
	case OpSetField:
		f[r.index] = regs[ins.C()]
	default:
		f[r.index] = regs[ins.B()]
	}
	return nil
}

// fieldObject is the slow path of the field instructions' class check, for
// a value whose type is not exactly ref's class: it returns nil when v is
// an instance of a subclass of that class, and the exception otherwise
// (NullReferenceException for null, InvalidCastException for an object of
// another type).
func (t *Thread) fieldObject(v Value, ref *FieldRef) error {
	if v.p == nil {
		return t.ThrowNull()
	}
	if typ := (*Header)(v.p).typ; typ != primMark && typ.Kind == KindInstance && len((*Instance)(v.p).F) > ref.index {
		for c := typ; c != nil; c = c.Super {
			if c == ref.class || c.Def == ref.class {
				return nil // a subclass, or a constructed type of the generic class
			}
		}
	}
	return t.Throw("System.InvalidCastException", "Unable to cast object of type '"+TypeString(v.Type())+"' to type '"+ref.class.FullName()+"'.")
}

package vm

import (
	"strconv"
	"sync/atomic"
	"unsafe"
)

// Tuples. A C# tuple `(int, string)` is a System.ValueTuple`2[Int32,String]
// (a value type in .NET). A tuple value here is an immutable *Instance of
// the constructed type, its fields Item1..ItemN (an eighth and later
// elements nest in a last field Rest, a tuple itself, as in .NET). Copying
// a tuple copies the pointer, and since no instruction writes a tuple's
// field once the compiler has built it (an element assignment builds a
// copy and stores the copy back into the variable), that is a copy of the
// value: value semantics with no change to any other part of the machine.
// default((int, string)) is one shared zero instance per constructed type
// (Zero).

// MaxTupleArity is the largest ValueTuple definition: ValueTuple`8, whose
// last field is the rest of a longer tuple.
const MaxTupleArity = 8

// tupleDefs holds the definitions System.ValueTuple`1 .. `8.
var tupleDefs = func() (defs [MaxTupleArity + 1]*Type) {
	for n := 1; n <= MaxTupleArity; n++ {
		def := &Type{Kind: KindInstance, Namespace: "System", Name: "ValueTuple`" + strconv.Itoa(n), Super: TObject, IsValueType: true,
			IfaceNames: []string{"System.IEquatable`1", "System.IComparable`1", "System.IComparable", "System.Runtime.CompilerServices.ITuple"}}
		def.tuple = n
		def.staticDone.Store(true)
		for i := 0; i < n; i++ {
			name, param := "Item"+strconv.Itoa(i+1), "T"+strconv.Itoa(i+1)
			if n == MaxTupleArity && i == n-1 {
				name, param = "Rest", "TRest"
			}
			def.AddField(&Field{Name: name, Generic: TypeParam(def, i, param)})
		}
		defs[n] = def
	}
	return defs
}()

// TupleDef returns the definition System.ValueTuple`n (1 <= n <= 8), or nil.
func TupleDef(n int) *Type {
	if n < 1 || n > MaxTupleArity {
		return nil
	}
	return tupleDefs[n]
}

// TupleArity is the number of fields of a ValueTuple type (its definition
// or a construction), 0 for any other type.
func TupleArity(t *Type) int {
	if t == nil || t.mark == primMark {
		return 0
	}
	if t.Def != nil {
		t = t.Def
	}
	return t.tuple
}

// AsTuple returns the fields of a tuple value, or nil when v is not one.
func (v Value) AsTuple() []Value {
	if v.p == nil {
		return nil
	}
	h := (*Header)(v.p)
	if h.typ == primMark || TupleArity(h.typ) == 0 {
		return nil
	}
	return (*Instance)(v.p).F
}

// NewTuple makes a tuple of type t (a ValueTuple construction, or a
// definition when the element types are not known) holding vs, which it
// keeps.
func NewTuple(t *Type, vs []Value) Value {
	return Ref(&Instance{Header: Header{t}, F: vs})
}

// tupleZero is default(t) of a constructed ValueTuple: one instance with
// every element at its default, made on first use.
func (t *Type) tupleZero() Value {
	if p := t.zeroTuple.Load(); p != nil {
		return Value{p: unsafe.Pointer(p)}
	}
	o := NewInstance(t)
	if t.zeroTuple.CompareAndSwap(nil, o) {
		return Ref(o)
	}
	return Value{p: unsafe.Pointer(t.zeroTuple.Load())}
}

// zeroTupleSlot is the lazily made zero of a constructed tuple type.
type zeroTupleSlot = atomic.Pointer[Instance]

// addTupleNatives adds Internal.VM.TupleWith(tuple, i, v): a copy of the
// tuple with field i replaced, of the same run-time type (an element
// assignment `t.Item1 = v` stores it back into t).
func addTupleNatives(t *Type) {
	t.AddStatic("TupleWith", 3, 3, func(th *Thread, args []Value) (Value, error) {
		fs := args[0].AsTuple()
		i := int(args[1].AsInt())
		if fs == nil || i < 0 || i >= len(fs) {
			return Null, th.ThrowNull()
		}
		c := append([]Value(nil), fs...)
		c[i] = args[2]
		o := &Instance{Header: Header{args[0].Type()}, F: c}
		if err := th.Alloc(unsafe.Pointer(o), SizeInstance+len(c)*SizeValue); err != nil {
			return Null, err
		}
		return Ref(o), nil
	})
}

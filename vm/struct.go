package vm

import "unsafe"

// Structs. A value of a struct type declared in source is a pointer to an
// Instance of that type (Type.IsValueType) that nobody ever mutates once
// another location can see it: copying a struct copies the pointer, and a
// field write builds a copy (OpWithField) that is stored back into the
// variable written. docs/design.md ("Values") describes the model.

// withField returns a copy of o with field i set to v.
func withField(o *Instance, i int, v Value) *Instance {
	n := &Instance{Header: o.Header, F: make([]Value, len(o.F))}
	copy(n.F, o.F)
	n.F[i] = v
	return n
}

// Boxed structs. Boxing a struct value (OpBox: a conversion to object, an
// interface, or from a type parameter that is a struct) copies its
// instance into a new one that only the box refers to, so the box can be
// changed in place, as .NET changes a box: a struct method called on a
// boxed receiver (through an interface, or a virtual method of object)
// gets a reference to the box itself (thisIn), and its field writes go
// into the box. The copy carries one hidden Value after its fields,
// F[:len+1][len]: the reference to the box (a RefCell whose Boxed is the
// instance), made with it, so a box is recognised by a reference to
// itself. Unboxing (OpUnbox, `this` read as a whole value in a struct
// method) copies a boxed instance back into a plain one, so a value never
// shares an instance with a box.

// boxedRef is a box's reference to itself, its Native and RefCell in one
// allocation.
type boxedRef struct {
	n Native
	c RefCell
}

// boxSlot returns the hidden slot of o, the reference to itself, when o
// is a boxed struct's instance, else nil.
func (o *Instance) boxSlot() *Value {
	n := len(o.F)
	if cap(o.F) <= n {
		return nil
	}
	h := &o.F[:n+1][n]
	if h.p != nil && (*Header)(h.p).typ == TRef {
		if c, ok := (*Native)(h.p).V.(*RefCell); ok && c.Boxed == o {
			return h
		}
	}
	return nil
}

// Boxed reports whether o is the instance of a boxed struct.
func (o *Instance) Boxed() bool { return o.boxSlot() != nil }

// boxStruct is OpBox: a struct instance that is not a box already is
// copied into a new box; any other value is its own box.
func (t *Thread) boxStruct(v Value) (Value, error) {
	if v.p == nil {
		return v, nil
	}
	typ := (*Header)(v.p).typ
	if !typ.IsStruct() {
		return v, nil
	}
	o := (*Instance)(v.p)
	if o.Boxed() {
		return v, nil
	}
	k := len(o.F)
	n := &Instance{Header: o.Header, F: make([]Value, k, k+1)}
	copy(n.F, o.F)
	r := &boxedRef{n: Native{Header: Header{TRef}}, c: RefCell{Header: Header{TRef}, Boxed: n}}
	r.n.V = &r.c
	n.F[:k+1][k] = Value{p: unsafe.Pointer(&r.n)}
	if err := t.Alloc(unsafe.Pointer(n), SizeInstance+(k+1)*SizeValue+int(unsafe.Sizeof(*r))); err != nil {
		return Null, err
	}
	return Ref(n), nil
}

// Box is OpBox for the library: a struct value it keeps as an object or
// an interface (an enumerator it advances) is boxed, so the struct's
// methods change the box.
func (t *Thread) Box(v Value) (Value, error) { return t.boxStruct(v) }

// GetEnumeratorMethod returns the GetEnumerator a foreach through
// IEnumerable<T> or IEnumerable calls on a value of type ty: its explicit
// implementation of either interface, else its public GetEnumerator.
func (ty *Type) GetEnumeratorMethod() *Func {
	for _, k := range [...]string{"System.Collections.Generic.IEnumerable`1|GetEnumerator", "System.Collections.IEnumerable|GetEnumerator"} {
		if f := ty.LookupMethod(k, 0); f != nil {
			return f
		}
	}
	return ty.LookupMethod("GetEnumerator", 0)
}

// unboxedCopy returns v, or a plain copy of it when v is a boxed struct's
// instance.
func unboxedCopy(v Value) Value {
	if v.p == nil || !(*Header)(v.p).typ.IsStruct() {
		return v
	}
	o := (*Instance)(v.p)
	if !o.Boxed() {
		return v
	}
	n := &Instance{Header: o.Header, F: make([]Value, len(o.F))}
	copy(n.F, o.F)
	return Ref(n)
}

// thisIn is OpThisIn: a struct instance method receives `this` either by
// reference (a Box or RefCell, when its caller passed a variable) or by
// value (a copy: an rvalue receiver, or a call from the library), or on a
// box (a boxed struct's instance, whatever path the call took): then the
// method works on the box in place, through a reference to it, and R[0]
// is the box's instance itself (its fields read as they are now; a field
// write makes R[0] a copy, and `this` read whole is copied, OpValCopy).
// It leaves the value in R[0] and returns the reference, or null.
func thisIn(regs []Value) Value {
	r := regs[0]
	if r.p == nil {
		return Null
	}
	switch typ := (*Header)(r.p).typ; {
	case typ == primMark:
		return Null
	case typ == TBoxLocal:
		regs[0] = (*Box)(r.p).V
		return r
	case typ.Kind == KindBox, typ == TRef:
		regs[0] = LoadRefLocked(r)
		return r
	case typ.Kind == KindInstance:
		if h := (*Instance)(r.p).boxSlot(); h != nil {
			return *h
		}
	}
	return Null
}

// IsStruct reports whether t is a struct type declared in source (its
// values are Instances with value semantics).
func (t *Type) IsStruct() bool {
	return t != nil && t.mark != primMark && t.Kind == KindInstance && t.IsValueType
}

// structZero returns default(T) of a struct type: one shared instance
// whose fields hold their types' defaults, made on first use (the type's
// layout is complete by then) and never written.
func (t *Type) structZero() Value {
	if z := t.zeroInst.Load(); z != nil {
		return Ref(z)
	}
	z := NewInstance(t)
	if !t.zeroInst.CompareAndSwap(nil, z) {
		z = t.zeroInst.Load()
	}
	return Ref(z)
}

// UnboxedCopy is unboxedCopy for the library: a value stored from an
// object (a boxed struct) into a typed slot gets its own copy.
func UnboxedCopy(v Value) Value { return unboxedCopy(v) }

package vm

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

// thisIn is OpThisIn: a struct instance method receives `this` either by
// reference (a Box or RefCell, when its caller passed a variable) or by
// value (a copy: an rvalue receiver, or a call from the library or through
// an interface on a boxed struct). It leaves the value in R[0] and returns
// the reference, or null.
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

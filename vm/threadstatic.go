package vm

// Thread-static fields. A [ThreadStatic] static field (Field.ThreadStatic)
// has one value per thread: a thread's values of a type's static fields
// live in an array the thread makes on its first access, each starting
// at the field's default, as .NET's do (a static initialiser sets only
// the initialising thread's copy). A ref to such a field is a ref to the
// thread's array element.

// StaticSlot returns where static field i of ty lives for this thread:
// ty.StaticVals[i], or the thread's own copy of a thread-static field.
func (t *Thread) StaticSlot(ty *Type, i int) *Value {
	if !ty.HasThreadStatic || !ty.StaticFields[i].ThreadStatic {
		return &ty.StaticVals[i]
	}
	return &t.threadStatics(ty).V[i]
}

// threadStatics returns the thread's array of ty's static fields, made
// with every field at its default on first use.
func (t *Thread) threadStatics(ty *Type) *Array {
	if a := t.tstatics[ty]; a != nil {
		return a
	}
	if t.tstatics == nil {
		t.tstatics = map[*Type]*Array{}
	}
	vals := make([]Value, len(ty.StaticFields))
	for i, f := range ty.StaticFields {
		switch {
		case f.Type != nil:
			vals[i] = f.Type.Zero()
		case f.Generic != nil && ty.Args != nil:
			vals[i] = subst(f.Generic, ty.Args).Zero()
		}
	}
	a := NewArrayOf(TObject, vals)
	t.tstatics[ty] = a
	return a
}

// staticRef is a ref to static field i of ty as this thread sees it.
func (t *Thread) staticRef(ty *Type, i int) Value {
	c := &RefCell{Header: Header{TRef}, Static: ty, Index: i}
	if ty.HasThreadStatic && ty.StaticFields[i].ThreadStatic {
		c.Static, c.Arr = nil, t.threadStatics(ty)
	}
	return NewNative(TRef, c)
}

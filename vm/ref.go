package vm

import "sync"

// RefCell is a managed reference (ref/out argument) to a storage location
// that is not a boxed local: an instance field, a static field or an array
// element.
type RefCell struct {
	Header
	Obj    *Instance
	Static *Type
	Arr    *Array
	Index  int
}

// TRef is the type of ref/out cells.
var TRef = &Type{Kind: KindNative, Namespace: "System", Name: "TypedReference"}

var refLocks [64]sync.Mutex

// LoadRef reads through a ref argument (a *Box or a *RefCell value).
func LoadRef(r Value) Value {
	if b := r.AsBox(); b != nil {
		return b.V
	}
	if c, ok := r.AsNative().(*RefCell); ok {
		return *c.slot()
	}
	return Null
}

// StoreRef writes through a ref argument.
func StoreRef(r Value, v Value) {
	if b := r.AsBox(); b != nil {
		b.V = v
		return
	}
	if c, ok := r.AsNative().(*RefCell); ok {
		*c.slot() = v
	}
}

// UpdateRef atomically replaces the value behind a ref argument with
// f(old) and returns old and the new value (Interlocked operations).
func UpdateRef(r Value, f func(old Value) Value) (old, updated Value) {
	var p *Value
	if b := r.AsBox(); b != nil {
		p = &b.V
	} else if c, ok := r.AsNative().(*RefCell); ok {
		p = c.slot()
	} else {
		return Null, Null
	}
	mu := &refLocks[(uintptrOf(p)>>4)%uintptr(len(refLocks))]
	mu.Lock()
	old = *p
	updated = f(old)
	*p = updated
	mu.Unlock()
	return old, updated
}

// RefToField is a managed reference to instance field index of o.
func RefToField(o *Instance, index int) Value {
	return NewNative(TRef, &RefCell{Header: Header{TRef}, Obj: o, Index: index})
}

func (c *RefCell) slot() *Value {
	switch {
	case c.Obj != nil:
		return &c.Obj.F[c.Index]
	case c.Static != nil:
		return &c.Static.StaticVals[c.Index]
	case c.Arr != nil:
		return &c.Arr.V[c.Index]
	}
	return new(Value)
}

// makeRef builds a RefCell for OpRefSta, OpRefFld and OpRefElm.
func (t *Thread) makeRef(ins Instr, regs []Value) (Value, error) {
	c := &RefCell{Header: Header{TRef}}
	switch ins.Op() {
	case OpRefSta:
		ref := t.M.Prog.Statics[ins.Bx()]
		if err := t.InitType(ref.T); err != nil {
			return Null, err
		}
		c.Static, c.Index = ref.T, ref.I
	case OpRefFld:
		ref, o := &t.frames[len(t.frames)-1].fn.Fields[ins.C()], regs[ins.B()]
		if o.p == nil || (*Header)(o.p).typ != ref.class {
			if err := t.fieldObject(o, ref); err != nil {
				return Null, err
			}
		}
		c.Obj, c.Index = (*Instance)(o.p), ref.index
	case OpRefElm:
		a := regs[ins.B()].AsArray()
		if a == nil {
			return Null, t.ThrowNull()
		}
		i := asI64(regs[ins.C()])
		if i < 0 || i >= int64(len(a.V)) {
			return Null, t.indexOutOfRange()
		}
		c.Arr, c.Index = a, int(i)
	}
	return NewNative(TRef, c), nil
}

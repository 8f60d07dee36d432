package vm

import "sync"

// RefCell is a managed reference (ref/out argument) to a storage location
// that is not a boxed local: an instance field, a static field, an array
// element, or field Index of the struct stored behind another reference
// (Parent). A struct value is never written in place (docs/design.md,
// "Structs"), so a reference into one is a path: reading it reads the
// struct behind Parent, writing it stores a copy with the field changed
// back through Parent. Both hold the lock of the path's root location, so
// Interlocked operations on fields of one struct variable exclude each
// other and a field write does not lose a concurrent write to another
// field.
type RefCell struct {
	Header
	Obj    *Instance
	Static *Type
	Arr    *Array
	Parent Value
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
		if c.Parent.p != nil {
			return LoadRefLocked(r)
		}
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
		if c.Parent.p != nil {
			p, _ := rootSlot(r)
			mu := refLock(p)
			mu.Lock()
			storePath(r, v)
			mu.Unlock()
			return
		}
		*c.slot() = v
	}
}

// UpdateRef atomically replaces the value behind a ref argument with
// f(old) and returns old and the new value (Interlocked operations).
func UpdateRef(r Value, f func(old Value) Value) (old, updated Value) {
	p, _ := rootSlot(r)
	if p == nil {
		return Null, Null
	}
	mu := refLock(p)
	mu.Lock()
	old = loadPath(r)
	updated = f(old)
	storePath(r, updated)
	mu.Unlock()
	return old, updated
}

// LoadRefLocked reads the whole value behind a ref under its root's lock:
// a struct method taking `this` by reference reads it so (OpThisIn).
func LoadRefLocked(r Value) Value {
	p, local := rootSlot(r)
	if p == nil {
		return Null
	}
	if local {
		return loadPath(r)
	}
	mu := refLock(p)
	mu.Lock()
	v := loadPath(r)
	mu.Unlock()
	return v
}

// StoreRefLocked writes the whole value behind a ref under its root's lock
// (OpSetRefL).
func StoreRefLocked(r Value, v Value) {
	p, local := rootSlot(r)
	if p == nil {
		return
	}
	if !local {
		mu := refLock(p)
		mu.Lock()
		defer mu.Unlock()
	}
	storePath(r, v)
}

// StoreRefField stores v into field i of the struct behind the ref r under
// its root's lock (OpSetRefF): the other fields keep the values they have
// in the location, whatever copy the writer holds. this is the writer's
// copy with the field already changed: when the location's other fields
// are those of this (no one else wrote them), this itself is stored.
func StoreRefField(r Value, i int, v, this Value) {
	p, local := rootSlot(r)
	if p == nil {
		return
	}
	if !local {
		mu := refLock(p)
		mu.Lock()
		defer mu.Unlock()
	}
	o := loadPath(r)
	if o.p == nil {
		return
	}
	if sameButField((*Instance)(o.p), this, i) {
		storePath(r, this)
		return
	}
	storePath(r, Ref(withField((*Instance)(o.p), i, v)))
}

// sameButField reports whether the struct value this has o's type and
// o's fields except field i.
func sameButField(o *Instance, this Value, i int) bool {
	if this.p == nil || (*Header)(this.p).typ != o.typ {
		return false
	}
	n := (*Instance)(this.p)
	if len(n.F) != len(o.F) {
		return false
	}
	for j := range o.F {
		if j != i && o.F[j] != n.F[j] {
			return false
		}
	}
	return true
}

// RefToSub is a reference to field i of the struct behind the ref parent.
func RefToSub(parent Value, i int) Value {
	return NewNative(TRef, &RefCell{Header: Header{TRef}, Parent: parent, Index: i})
}

func refLock(p *Value) *sync.Mutex {
	return &refLocks[(uintptrOf(p)>>4)%uintptr(len(refLocks))]
}

// rootSlot is the location a ref ends in: a box's value, a field, a static
// or an element, following the parents of a path into a struct; nil when r
// is not a ref. local says the root is a frame's private box (TBoxLocal).
func rootSlot(r Value) (slot *Value, local bool) {
	for {
		if b := r.AsBox(); b != nil {
			return &b.V, b.typ == TBoxLocal
		}
		c, ok := r.AsNative().(*RefCell)
		if !ok {
			return nil, false
		}
		if c.Parent.p == nil {
			return c.slot(), false
		}
		r = c.Parent
	}
}

// loadPath reads the value behind r; the caller holds the root's lock.
func loadPath(r Value) Value {
	if b := r.AsBox(); b != nil {
		return b.V
	}
	c, ok := r.AsNative().(*RefCell)
	if !ok {
		return Null
	}
	if c.Parent.p == nil {
		return *c.slot()
	}
	o := loadPath(c.Parent)
	if o.p == nil {
		return Null
	}
	return (*Instance)(o.p).F[c.Index]
}

// storePath writes v behind r, copying each struct on the path; the caller
// holds the root's lock.
func storePath(r Value, v Value) {
	if b := r.AsBox(); b != nil {
		b.V = v
		return
	}
	c, ok := r.AsNative().(*RefCell)
	if !ok {
		return
	}
	if c.Parent.p == nil {
		*c.slot() = v
		return
	}
	if o := loadPath(c.Parent); o.p != nil {
		storePath(c.Parent, Ref(withField((*Instance)(o.p), c.Index, v)))
	}
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

// threadStatic is this thread's variable for [ThreadStatic] field ref: a
// box only this thread reaches, starting at the field's default, as .NET
// gives each thread its own (the static initialiser sets only the
// initialising thread's).
func (t *Thread) threadStatic(ref StaticRef) *Box {
	key := StaticRef{T: ref.T, I: ref.I, Thread: true}
	if b := t.tls[key]; b != nil {
		return b
	}
	if t.tls == nil {
		t.tls = map[StaticRef]*Box{}
	}
	v := Null
	if f := ref.T.StaticFields[ref.I]; f.Type != nil {
		v = f.Type.Zero()
	}
	b := &Box{Header: Header{TBoxLocal}, V: v}
	t.tls[key] = b
	return b
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
		if ref.Thread {
			return Ref(t.threadStatic(ref)), nil
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

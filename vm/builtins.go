package vm

import (
	"sync"
)

// The library registers its types here (from init functions of vm/lib), and
// the compiler resolves names like Console or List<T> against the registry.
var (
	builtinMu  sync.RWMutex
	builtins   = map[string]*Type{} // by full name without generic arity: "System.Collections.Generic.List"
	extensions = map[string][]*Func{}
)

// RegisterType adds a library type under its full name (without the generic
// arity suffix). Registering a name twice returns the existing type, so
// several files may add members to one type.
func RegisterType(t *Type) *Type {
	builtinMu.Lock()
	defer builtinMu.Unlock()
	key := t.Namespace + "." + stripArity(t.Name)
	if old, ok := builtins[key]; ok {
		return old
	}
	builtins[key] = t
	if full := t.Namespace + "." + t.Name; full != key {
		builtins[full] = t // also by metadata name: "System.Collections.Generic.IList`1"
	}
	return t
}

// Builtin returns a registered library type by full name ("System.Console",
// "System.Collections.Generic.List"), or nil.
func Builtin(fullName string) *Type {
	builtinMu.RLock()
	defer builtinMu.RUnlock()
	return builtins[fullName]
}

// Builtins returns every registered library type.
func Builtins() []*Type {
	builtinMu.RLock()
	defer builtinMu.RUnlock()
	ts := make([]*Type, 0, len(builtins))
	for key, t := range builtins {
		if key == t.Namespace+"."+stripArity(t.Name) {
			ts = append(ts, t)
		}
	}
	return ts
}

// RegisterExtension adds a library extension method (LINQ's Select, ...),
// callable as recv.Name(args); the native receives the receiver first.
// minArgs/maxArgs count the receiver; maxArgs < 0 means variadic.
func RegisterExtension(name string, minArgs, maxArgs int, fn NativeFn) {
	builtinMu.Lock()
	defer builtinMu.Unlock()
	extensions[name] = append(extensions[name], NativeFunc(name, minArgs, maxArgs, false, fn))
}

// LibraryExtensions returns the registered extension methods by name.
func LibraryExtensions() map[string][]*Func {
	builtinMu.RLock()
	defer builtinMu.RUnlock()
	m := make(map[string][]*Func, len(extensions))
	for k, v := range extensions {
		m[k] = v
	}
	return m
}

func stripArity(name string) string {
	for i := 0; i < len(name); i++ {
		if name[i] == '`' {
			return name[:i]
		}
	}
	return name
}

// NativeFunc makes a native Func. For an instance method (hasThis) the counts
// exclude the receiver. maxArgs < 0 means any number from minArgs up.
func NativeFunc(name string, minArgs, maxArgs int, hasThis bool, fn NativeFn) *Func {
	f := &Func{Name: name, Native: fn, HasThis: hasThis, MinParams: minArgs, NumParams: maxArgs}
	if maxArgs < 0 {
		f.NumParams = minArgs + 1
		f.Variadic = true
	}
	return f
}

// NewLibType makes a library type descriptor with kind KindNative.
func NewLibType(ns, name string, super *Type) *Type {
	if super == nil {
		super = TObject
	}
	return &Type{Kind: KindNative, Namespace: ns, Name: name, Super: super}
}

// AddMethod adds an instance method; argument counts exclude the receiver.
func (t *Type) AddMethod(name string, minArgs, maxArgs int, fn NativeFn) *Func {
	f := NativeFunc(name, minArgs, maxArgs, true, fn)
	f.Owner = t
	if t.Methods == nil {
		t.Methods = map[string][]*Func{}
	}
	t.Methods[name] = append(t.Methods[name], f)
	return f
}

// AddStatic adds a static method (constructors are named ".ctor" and return
// the new object).
func (t *Type) AddStatic(name string, minArgs, maxArgs int, fn NativeFn) *Func {
	f := NativeFunc(name, minArgs, maxArgs, false, fn)
	f.Owner = t
	f.IsStatic = true
	if t.Statics == nil {
		t.Statics = map[string][]*Func{}
	}
	t.Statics[name] = append(t.Statics[name], f)
	return f
}

// AddProperty adds an instance property's accessors (either may be nil).
func (t *Type) AddProperty(name string, get, set NativeFn) {
	if get != nil {
		t.AddMethod("get_"+name, 0, 0, get)
	}
	if set != nil {
		t.AddMethod("set_"+name, 1, 1, set)
	}
}

// AddStaticProperty adds a static property's accessors (either may be nil).
func (t *Type) AddStaticProperty(name string, get, set NativeFn) {
	if get != nil {
		t.AddStatic("get_"+name, 0, 0, get)
	}
	if set != nil {
		t.AddStatic("set_"+name, 1, 1, set)
	}
}

// InheritMethods copies the super type's instance methods that t does not
// define itself; call it after registering both.
func (t *Type) InheritMethods() {
	if t.Super == nil {
		return
	}
	if t.Methods == nil {
		t.Methods = map[string][]*Func{}
	}
	for name, fs := range t.Super.Methods {
		if _, ok := t.Methods[name]; !ok {
			t.Methods[name] = fs
		}
	}
}

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

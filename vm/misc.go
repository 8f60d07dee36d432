package vm

import (
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// initMu guards the static-initialisation bookkeeping of every type
// (Type.initOwner, Type.initDone) and Thread.initWait. It is taken only
// before a type is initialised; afterwards InitType is one atomic load.
var initMu sync.Mutex

// InitType runs ty's static initialiser once, before first use, as the CLR
// does: the first thread to need the type runs the initialiser and every
// other thread that needs it waits until it has finished. Re-entrant use on
// the initialising thread proceeds with the statics as they are, and so does
// a thread whose wait would close a cycle of threads each initialising a
// type the next one needs (the CLR's deadlock rule), instead of hanging.
func (t *Thread) InitType(ty *Type) error {
	if ty.staticDone.Load() {
		return nil
	}
	initMu.Lock()
	for !ty.staticDone.Load() && ty.initOwner != nil && ty.initOwner != t && !t.initCycle(ty) {
		done := ty.initDone
		t.initWait = ty
		initMu.Unlock()
		err := t.BlockOn(done)
		initMu.Lock()
		t.initWait = nil
		if err != nil {
			initMu.Unlock()
			return err
		}
	}
	if ty.staticDone.Load() || ty.initOwner != nil {
		initMu.Unlock()
		return nil
	}
	ty.initOwner = t
	ty.initDone = make(chan struct{})
	initMu.Unlock()
	var err error
	if ty.StaticInit != nil {
		_, err = t.Invoke(ty.StaticInit, Null, nil)
	}
	initMu.Lock()
	ty.staticDone.Store(true)
	close(ty.initDone)
	ty.initOwner, ty.initDone = nil, nil
	initMu.Unlock()
	if th, ok := err.(*Thrown); ok {
		e := t.M.NewException("System.TypeInitializationException",
			"The type initializer for '"+ty.FullName()+"' threw an exception.")
		e.F[ExcFieldInner] = Ref(th.Exc)
		return &Thrown{e}
	}
	return err
}

// initCycle reports whether t waiting for ty's initialiser would deadlock:
// following "runs the initialiser of the type it waits for" from ty's owner
// leads back to t. initMu is held.
func (t *Thread) initCycle(ty *Type) bool {
	for o, n := ty.initOwner, 0; o != nil && n < 1000; n++ {
		if o == t {
			return true
		}
		if o.initWait == nil {
			return false
		}
		o = o.initWait.initOwner
	}
	return false
}

// MarkInitialized records that a type needs no static initialisation.
func (ty *Type) MarkInitialized() { ty.staticDone.Store(true) }

// resolve finds what a member site means on receiver type ty, caching it.
func (t *Thread) resolve(s *Site, ty *Type, getter bool) *siteCache {
	if c := s.cache.Load(); c != nil && c.typ == ty {
		return c
	}
	c := &siteCache{typ: ty, field: -1}
	name := s.Name
	if getter {
		if i := ty.FieldIndex(name); i >= 0 {
			c.field = i
		} else {
			c.fn = ty.LookupMethod("get_"+name, 0)
		}
	} else {
		c.fn = ty.LookupMethod(name, s.Argc)
	}
	s.cache.Store(c)
	return c
}

func (t *Thread) missingMember(v Value, name string) error {
	return t.Throw("System.MissingMemberException", "'"+TypeName(v)+"' does not contain a definition for '"+name+"'")
}

// GetMember reads a field or property by name (the slow, generic path).
func (t *Thread) GetMember(recv Value, s *Site) (Value, error) {
	if recv.IsNull() {
		return Null, t.ThrowNull()
	}
	c := t.resolve(s, recv.Type(), true)
	if c.field >= 0 {
		return (*Instance)(recv.p).F[c.field], nil
	}
	if c.fn == nil {
		return Null, t.missingMember(recv, s.Name)
	}
	return t.Invoke(c.fn, recv, nil)
}

// execMisc runs the less frequent instructions. It may push a frame (a
// property accessor in bytecode); the run loop notices.
func (t *Thread) execMisc(ins Instr, regs []Value, fn *Func) error {
	prog := t.M.Prog
	switch ins.Op() {
	case OpGetMember:
		recv := regs[ins.B()]
		if recv.IsNull() {
			return t.ThrowNull()
		}
		s := prog.Sites[ins.C()]
		c := t.resolve(s, recv.Type(), true)
		if c.field >= 0 {
			t.setReg(ins.A(), (*Instance)(recv.p).F[c.field])
			return nil
		}
		if c.fn == nil {
			// A method group read as a value: bind it as a delegate.
			if m := recv.Type().Methods[s.Name]; len(m) > 0 {
				t.setReg(ins.A(), Ref(&Closure{Header: Header{TDelegate}, Fn: m[0], This: recv}))
				return nil
			}
			return t.missingMember(recv, s.Name)
		}
		return t.callAccessor(c.fn, recv, nil, ins.A())
	case OpSetMember:
		recv := regs[ins.A()]
		if recv.IsNull() {
			return t.ThrowNull()
		}
		s := prog.Sites[ins.B()]
		ty := recv.Type()
		if i := ty.FieldIndex(s.Name); i >= 0 {
			v := regs[ins.C()]
			if f := ty.Fields[i]; f.Type != nil {
				var err error
				if v, err = t.ConvertTo(v, f.Type); err != nil {
					return err
				}
			}
			(*Instance)(recv.p).F[i] = v
			return nil
		}
		set := ty.LookupMethod("set_"+s.Name, 1)
		if set == nil {
			return t.missingMember(recv, s.Name)
		}
		v := regs[ins.C()]
		return t.callAccessor(set, recv, []Value{v}, -1)
	case OpGetIndex:
		return t.getIndex(ins, regs)
	case OpSetIndex:
		return t.setIndex(ins, regs)
	case OpNewObj:
		ty := prog.Types[ins.B()]
		if err := t.InitType(ty); err != nil {
			return err
		}
		if ty.IsAbstract || ty.IsInterface {
			return t.Throw("System.MissingMethodException", "Cannot create an instance of an abstract class.")
		}
		o := NewInstance(ty)
		if err := t.Alloc(unsafe.Pointer(o), SizeInstance+len(o.F)*SizeValue); err != nil {
			return err
		}
		t.setReg(ins.A(), Ref(o))
	case OpNewArr:
		n := regs[ins.B()]
		if rank(n) == rankNone {
			return t.Throw("System.InvalidCastException", "Array size must be an integer.")
		}
		if asI64(n) < 0 {
			return t.Throw("System.OverflowException", "Arithmetic operation resulted in an overflow.")
		}
		a, err := t.NewArray(prog.Types[ins.C()], asI64(n))
		if err != nil {
			return err
		}
		t.setReg(ins.A(), Ref(a))
	case OpIs:
		t.setReg(ins.A(), Bool(IsInstance(regs[ins.B()], prog.Types[ins.C()])))
	case OpAs:
		v := regs[ins.B()]
		if !IsInstance(v, prog.Types[ins.C()]) {
			v = Null
		}
		t.setReg(ins.A(), v)
	case OpCast:
		v := regs[ins.B()]
		ty := prog.Types[ins.C()]
		if v.IsNull() {
			if ty.mark == primMark {
				return t.ThrowNull()
			}
			t.setReg(ins.A(), v)
			return nil
		}
		if !IsInstance(v, ty) {
			if ty.Kind == KindEnum && rank(v) != rankNone {
				t.setReg(ins.A(), EnumValue(ty, asI64(v)))
				return nil
			}
			if ty == TDecimal && rank(v) != rankNone {
				t.setReg(ins.A(), NewDecimal(toDecimal(v)))
				return nil
			}
			if v.PrimType() != nil && ty.mark == primMark {
				r, err := t.ConvertTo(v, ty)
				t.setReg(ins.A(), r)
				return err
			}
			return t.Throw("System.InvalidCastException", "Unable to cast object of type '"+v.Type().FullName()+"' to type '"+ty.FullName()+"'.")
		}
		t.setReg(ins.A(), v)
	case OpTypeOf:
		t.setReg(ins.A(), TypeObject(prog.Types[ins.B()]))
	case OpNullChk:
		if regs[ins.A()].IsNull() {
			return t.ThrowNull()
		}
	}
	return nil
}

// callAccessor calls a property accessor for an instruction of the current
// frame. A native accessor runs at once; a bytecode one is pushed as a frame
// whose result lands in R[dst] (dst < 0: discarded).
func (t *Thread) callAccessor(f *Func, recv Value, args []Value, dst int) error {
	if f.Native != nil {
		all := append([]Value{recv}, args...)
		v, err := f.Native(t, all)
		if err != nil {
			return err
		}
		if dst >= 0 {
			t.setReg(dst, v)
		}
		return nil
	}
	fr := &t.frames[len(t.frames)-1]
	base := t.top()
	n := 1 + len(args)
	if need := base + n + f.NumRegs + 1; need > len(t.stack) {
		t.growStack(need)
	}
	ret := base
	if dst >= 0 {
		ret = fr.base + dst
	}
	t.stack[base] = recv
	copy(t.stack[base+1:], args)
	return t.pushFrame(f, base, n, ret, nil)
}

// IsInstance is the `is` test: v is non-null and of type ty or derived.
func IsInstance(v Value, ty *Type) bool {
	if v.IsNull() {
		return false
	}
	vt := v.Type()
	if vt == ty || ty == TObject {
		return true
	}
	if vt.Kind == KindArray {
		if ty.Kind == KindArray {
			return ty.Elem == TObject || vt.Elem.IsSubclassOf(ty.Elem)
		}
		if ty.IsInterface {
			return namesInterface(ArrayIfaceNames, ty)
		}
	}
	return vt.IsSubclassOf(ty)
}

// ConvertTo converts v for storage in a location of declared type ty.
func (t *Thread) ConvertTo(v Value, ty *Type) (Value, error) {
	switch ty.Kind {
	case KindInt:
		if v.p == ptrInt {
			return v, nil
		}
		return t.convert(v, ConvInt)
	case KindLong:
		return t.convert(v, ConvLong)
	case KindDouble:
		return t.convert(v, ConvDouble)
	case KindFloat:
		return t.convert(v, ConvFloat)
	case KindChar:
		return t.convert(v, ConvChar)
	case KindEnum:
		if rank(v) != rankNone {
			return EnumValue(ty, asI64(v)), nil
		}
	}
	if ty == TDecimal && rank(v) != rankNone {
		return NewDecimal(toDecimal(v)), nil
	}
	return v, nil
}

func (t *Thread) indexOutOfRange() error {
	return t.Throw("System.IndexOutOfRangeException", "Index was outside the bounds of the array.")
}

func (t *Thread) getIndex(ins Instr, regs []Value) error {
	x, i := regs[ins.B()], regs[ins.C()]
	if a := x.AsArray(); a != nil && (i.p == ptrInt || rank(i) == rankLong) {
		n := asI64(i)
		if n < 0 || n >= int64(len(a.V)) {
			return t.indexOutOfRange()
		}
		t.setReg(ins.A(), a.V[n])
		return nil
	}
	if s := x.AsStr(); s != nil && i.p == ptrInt {
		n := int(i.AsInt())
		if n < 0 || n >= s.Len() {
			return t.indexOutOfRange()
		}
		t.setReg(ins.A(), Char(s.At(n)))
		return nil
	}
	if x.IsNull() {
		return t.ThrowNull()
	}
	f := x.Type().LookupMethod("get_Item", 1)
	if f == nil {
		return t.missingMember(x, "this[]")
	}
	return t.callAccessor(f, x, []Value{i}, ins.A())
}

func (t *Thread) setIndex(ins Instr, regs []Value) error {
	x, i, v := regs[ins.A()], regs[ins.B()], regs[ins.C()]
	if a := x.AsArray(); a != nil && (i.p == ptrInt || rank(i) == rankLong) {
		n := asI64(i)
		if n < 0 || n >= int64(len(a.V)) {
			return t.indexOutOfRange()
		}
		if a.Elem.mark == primMark || a.Elem.Kind == KindEnum {
			var err error
			if v, err = t.ConvertTo(v, a.Elem); err != nil {
				return err
			}
		}
		a.V[n] = v
		return nil
	}
	if x.IsNull() {
		return t.ThrowNull()
	}
	f := x.Type().LookupMethod("set_Item", 2)
	if f == nil {
		return t.missingMember(x, "this[]")
	}
	return t.callAccessor(f, x, []Value{i, v}, -1)
}

// callDynamic performs OpCallVirt and OpCallDel. It reports whether it pushed
// a bytecode frame.
func (t *Thread) callDynamic(ins Instr, regs []Value) (bool, error) {
	fr := &t.frames[len(t.frames)-1]
	a := ins.A()
	if ins.Op() == OpCallDel {
		d := regs[a]
		cl := d.AsClosure()
		if cl == nil {
			if d.IsNull() {
				return false, t.ThrowNull()
			}
			return false, t.Throw("System.InvalidCastException", "'"+TypeName(d)+"' is not a delegate.")
		}
		argc := ins.C()
		f := cl.Fn
		base, n := a+1, argc
		if f.HasThis {
			regs[a] = cl.This
			base, n = a, argc+1
		}
		if f.Native != nil {
			v, err := f.Native(t, regs[base:base+n])
			if err != nil {
				return false, err
			}
			t.setReg(a, v)
			return false, nil
		}
		ab := fr.base + base
		return true, t.pushFrame(f, ab, n, fr.base+a, cl)
	}
	recv := regs[a]
	s := t.M.Prog.Sites[ins.B()]
	if recv.IsNull() {
		// Extension methods accept a null receiver.
		if ext := pickOverload(t.M.Prog.Extensions[s.Name], s.Argc+1); ext != nil {
			return t.callAt(ext, a, ins.C(), regs, nil)
		}
		return false, t.ThrowNull()
	}
	c := t.resolve(s, recv.Type(), false)
	f := c.fn
	if f == nil {
		if ext := pickOverload(t.M.Prog.Extensions[s.Name], s.Argc+1); ext != nil {
			return t.callAt(ext, a, ins.C(), regs, nil)
		}
		// A field or property holding a delegate: obj.callback(args).
		if d, err := t.GetMember(recv, &Site{Name: s.Name}); err == nil && d.AsClosure() != nil {
			top := &t.frames[len(t.frames)-1]
			regs = t.stack[top.base : top.base+len(regs)]
			copy(regs[a+1:], regs[a+1:a+ins.C()])
			regs[a] = d
			return t.callDynamic(MakeABC(OpCallDel, a, 0, ins.C()-1), regs)
		}
		return false, t.missingMember(recv, s.Name)
	}
	return t.callAt(f, a, ins.C(), regs, nil)
}

// callAt calls f with its n arguments (receiver first) at R[a...], result to R[a].
func (t *Thread) callAt(f *Func, a, n int, regs []Value, cl *Closure) (bool, error) {
	if f.Native != nil {
		v, err := f.Native(t, regs[a:a+n])
		if err != nil {
			return false, err
		}
		t.setReg(a, v)
		return false, nil
	}
	fr := &t.frames[len(t.frames)-1]
	ab := fr.base + a
	t.calls++
	return true, t.pushFrame(f, ab, n, ab, cl)
}

// concat implements string + anything.
func (t *Thread) concat(b, c Value) (Value, error) {
	if sb, sc := b.AsStr(), c.AsStr(); sb != nil && sc != nil {
		// Both strings: the result is ASCII when both are, so the text need
		// not be scanned again (string building in a loop is quadratic in
		// the copying alone).
		if err := t.Reserve(int64(len(sb.S)) + int64(len(sc.S))); err != nil {
			return Null, err
		}
		s := &Str{Header: Header{TString}, S: sb.S + sc.S, ascii: sb.ascii && sc.ascii}
		if err := t.Alloc(unsafe.Pointer(s), SizeStr+len(s.S)); err != nil {
			return Null, err
		}
		return Value{p: unsafe.Pointer(s)}, nil
	}
	x, err := t.ToString(b)
	if err != nil {
		return Null, err
	}
	y, err := t.ToString(c)
	if err != nil {
		return Null, err
	}
	if err := t.Reserve(int64(len(x)) + int64(len(y))); err != nil {
		return Null, err
	}
	return t.NewString(x + y)
}

// ToString converts any value to its string form as .NET's ToString() does;
// null becomes "".
func (t *Thread) ToString(v Value) (string, error) {
	if v.IsNull() {
		return "", nil
	}
	if s := v.AsStr(); s != nil {
		return s.S, nil
	}
	if pt := v.PrimType(); pt != nil {
		return t.FormatPrim(v, "")
	}
	ty := v.Type()
	if f := ty.LookupMethod("ToString", 0); f != nil {
		r, err := t.Invoke(f, v, nil)
		if err != nil {
			return "", err
		}
		if s := r.AsStr(); s != nil {
			return s.S, nil
		}
		return "", nil
	}
	return DisplayTypeName(ty), nil
}

// DisplayTypeName is what object.ToString() prints for a type: its full name,
// nested types joined with '+'.
func DisplayTypeName(ty *Type) string { return ty.FullName() }

// FormatPrim formats a primitive (or decimal) value with a .NET format string.
func (t *Thread) FormatPrim(v Value, format string) (string, error) {
	if h := t.M.Host; h != nil {
		return h.Format(t, v, format)
	}
	switch v.p {
	case ptrInt:
		return strconv.Itoa(int(v.AsInt())), nil
	case ptrLong:
		return strconv.FormatInt(int64(v.n), 10), nil
	case ptrDouble:
		return strings.ToUpper(strconv.FormatFloat(v.AsDouble(), 'G', -1, 64)), nil
	case ptrFloat:
		return strconv.FormatFloat(float64(v.AsFloat()), 'G', -1, 32), nil
	case ptrBool:
		if v.n != 0 {
			return "True", nil
		}
		return "False", nil
	case ptrChar:
		return string(rune(v.AsChar())), nil
	}
	if pt := v.PrimType(); pt != nil && pt.Kind == KindEnum {
		return EnumName(pt, int64(v.n)), nil
	}
	if d, ok := v.AsNative().(Decimal); ok {
		return d.String(), nil
	}
	return "", nil
}

// EnumName is Enum.ToString(): the member name, a flags combination, or the number.
func EnumName(ty *Type, n int64) string {
	for _, m := range ty.EnumNames {
		if m.Value == n {
			return m.Name
		}
	}
	if n != 0 {
		var parts []string
		rest := n
		for i := len(ty.EnumNames) - 1; i >= 0; i-- {
			m := ty.EnumNames[i]
			if m.Value != 0 && rest&m.Value == m.Value {
				parts = append([]string{m.Name}, parts...)
				rest &^= m.Value
			}
		}
		if rest == 0 && len(parts) > 0 {
			return strings.Join(parts, ", ")
		}
	}
	return strconv.FormatInt(n, 10)
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

// await is implemented by the async runtime; see await.go.

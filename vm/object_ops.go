package vm

import (
	"strings"
	"unsafe"
)

// resolve finds what a member site means on receiver type ty, caching it.
func (t *Thread) resolve(s *Site, ty *Type, getter bool) *siteCache {
	if c := s.cache.Load(); c != nil && c.typ == ty {
		return c
	}
	c := &siteCache{typ: ty, field: -1}
	if s.Method != nil {
		if c.fn = ty.Slotted(s.Method); c.fn != nil {
			s.cache.Store(c)
			return c
		}
	}
	name := s.Name
	if i := strings.IndexByte(name, '#'); i >= 0 {
		// A library virtual of a Derivable class, with its parameter
		// types ("Write#String", see SigKey): a program class's method of
		// that signature, else the library's native.
		c.fn = ty.lookupSig(name[:i], name[i+1:], s.Argc)
		s.cache.Store(c)
		return c
	}
	if i := strings.IndexByte(name, '|'); i >= 0 {
		// A member reached through an interface ("IFace|Name", see
		// ExplicitKey): the type's explicit implementation of that
		// interface's member, else its member of that name.
		q, bare := name[:i+1], name[i+1:]
		if getter {
			c.fn = ty.LookupMethod(q+"get_"+bare, 0)
		} else {
			c.fn = ty.LookupMethod(q+bare, s.Argc)
		}
		if c.fn != nil {
			s.cache.Store(c)
			return c
		}
		name = bare
	}
	if getter {
		if i := ty.FieldIndex(name); i >= 0 {
			c.field = i
		} else {
			c.fn = ty.LookupMethod("get_"+name, 0)
		}
	} else if s.Method == nil && objectVirtual(name, s.Argc) {
		// A virtual call of object's ToString, Equals or GetHashCode
		// (a call of a method that hides one, declared `new`, is not
		// virtual) reaches the override, never a method that hides it.
		c.fn = ty.LookupOverride(name, s.Argc)
	} else {
		c.fn = ty.LookupMethod(name, s.Argc)
	}
	s.cache.Store(c)
	return c
}

// objectVirtual reports whether name and argc are those of one of
// System.Object's virtual methods.
func objectVirtual(name string, argc int) bool {
	switch name {
	case "ToString", "GetHashCode":
		return argc == 0
	case "Equals":
		return argc == 1
	}
	return false
}

// ExplicitKey is the prefix under which a type's explicit implementations
// of iface's members are entered in its method table, and with which a
// call or property read through iface is named ("IFace|Name"): the member
// that implements that interface's member is found first.
func ExplicitKey(iface *Type) string {
	name := iface.FullName()
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	return name + "|"
}

// bareName is a site's member name without an ExplicitKey prefix or a
// SigKey suffix.
func bareName(name string) string {
	if i := strings.IndexByte(name, '#'); i >= 0 {
		name = name[:i]
	}
	if i := strings.IndexByte(name, '|'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// SigKey is the site name of a call bound to a virtual method name of a
// Derivable library class (TextWriter.Write(string)) with parameter types
// params (as SigParamTypes gives them): the library resolves overrides by
// name and argument count, and a program class overriding Write(char)
// must not receive a call of Write(string).
func SigKey(name string, params []string) string {
	return name + "#" + strings.Join(params, ",")
}

// SigParamTypes returns the parameter types of a Func.Sig, comma-separated:
// "(Char[] buffer, Int32 index, Int32 count)" is "Char[],Int32,Int32".
func SigParamTypes(sig string) string {
	if strings.HasPrefix(sig, "[") {
		if i := strings.IndexByte(sig, ']'); i >= 0 {
			sig = sig[i+1:]
		}
	}
	sig = strings.TrimSuffix(strings.TrimPrefix(sig, "("), ")")
	if sig == "" {
		return ""
	}
	parts := strings.Split(sig, ", ")
	for i, p := range parts {
		if j := strings.IndexByte(p, ' '); j >= 0 {
			parts[i] = p[:j]
		}
	}
	return strings.Join(parts, ",")
}

// lookupSig finds method name with parameter types params on t: a program
// class's (bytecode) method of that signature, else the first library
// ancestor's member of that name and argument count.
func (t *Type) lookupSig(name, params string, argc int) *Func {
	for c := t; c != nil; c = c.Super {
		if c.Kind != KindInstance {
			return c.LookupMethod(name, argc)
		}
		for _, f := range c.Methods[name] {
			if f.Native == nil && f.NumParams == argc && SigParamTypes(f.Sig) == params {
				return f
			}
		}
	}
	return nil
}

func (t *Thread) missingMember(v Value, name string) error {
	name = bareName(name)
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
			if f := groupMethod(recv.Type(), bareName(s.Name)); f != nil {
				t.setReg(ins.A(), Ref(&Closure{Header: Header{TDelegate}, Fn: f, This: recv}))
				return nil
			}
			// A library extension method's group (`xs.Where(set.Contains)`):
			// its native takes the receiver first, as an instance one does.
			if f := libraryExtension(bareName(s.Name)); f != nil {
				t.setReg(ins.A(), Ref(&Closure{Header: Header{TDelegate}, Fn: f, This: recv}))
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
		name := s.Name
		if i := strings.IndexByte(name, '|'); i >= 0 {
			// Through an interface: its explicit implementation's set
			// accessor first, as resolve does for a read.
			q, bare := name[:i+1], name[i+1:]
			if set := ty.LookupMethod(q+"set_"+bare, 1); set != nil {
				return t.callAccessor(set, recv, []Value{regs[ins.C()]}, -1)
			}
			name = bare
		}
		if i := ty.FieldIndex(name); i >= 0 {
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
		set := ty.LookupMethod("set_"+name, 1)
		if set == nil {
			return t.missingMember(recv, name)
		}
		v := regs[ins.C()]
		return t.callAccessor(set, recv, []Value{v}, -1)
	case OpGetIndex:
		return t.getIndex(ins, regs)
	case OpArrOff:
		return t.arrayOffset(ins.A(), ins.C(), regs)
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
		a, err := t.newArraySized(prog.Types[ins.C()], regs[ins.B()])
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
				t.setReg(ins.A(), enumFrom(ty, v))
				return nil
			}
			if ty == TDecimal && rank(v) != rankNone {
				r, err := t.castDecimal(v)
				t.setReg(ins.A(), r)
				return err
			}
			if v.PrimType() != nil && ty.mark == primMark {
				r, err := t.ConvertTo(v, ty)
				t.setReg(ins.A(), r)
				return err
			}
			return t.Throw("System.InvalidCastException", "Unable to cast object of type '"+TypeString(v.Type())+"' to type '"+TypeString(ty)+"'.")
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
		k := len(t.accArgs)
		t.accArgs = append(append(t.accArgs, recv), args...)
		all := t.accArgs[k:len(t.accArgs):len(t.accArgs)]
		v, err := f.Native(t, all)
		clear(all)
		t.accArgs = t.accArgs[:k]
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

func (t *Thread) indexOutOfRange() error {
	return t.Throw("System.IndexOutOfRangeException", "Index was outside the bounds of the array.")
}

// arrayOffset is OpArrOff: the row-major offset of element
// [R[a+1], ..., R[a+n]] of the n-dimensional array R[a], into R[a].
func (t *Thread) arrayOffset(a, n int, regs []Value) error {
	x := regs[a]
	if x.IsNull() {
		return t.ThrowNull()
	}
	arr := x.AsArray()
	if arr == nil || arr.Rank() != n {
		return t.indexOutOfRange()
	}
	off := int64(0)
	for d := 0; d < n; d++ {
		i := regs[a+1+d]
		if rank(i) == rankNone {
			return t.indexOutOfRange()
		}
		k, m := asI64(i), int64(arr.Len(d))
		if i.p == ptrULong && int64(i.n) < 0 || k < 0 || k >= m {
			return t.indexOutOfRange()
		}
		off = off*m + k
	}
	t.setReg(a, Int(int32(off)))
	return nil
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
		} else if covariantStoreFails(a.Elem, v) {
			return t.Throw("System.ArrayTypeMismatchException", "Attempted to access an element as a type incompatible with the array.")
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

// covariantStoreFails reports whether storing v in an array of elem breaks
// array covariance: `object[] a = new string[1]; a[0] = 1;` compiles, and
// .NET checks the store at run time. The check covers the element types whose
// runtime identity the VM keeps exactly (strings and classes); an interface,
// delegate or library element type is left unchecked, since objects made
// without their type arguments would not be known to match.
func covariantStoreFails(elem *Type, v Value) bool {
	if elem == TObject || v.IsNull() {
		return false
	}
	switch elem.Kind {
	case KindString:
		return v.Type().Kind != KindString
	case KindInstance:
		if elem.IsValueType || elem.IsInterface || elem.Param > 0 {
			return false
		}
		return !IsInstance(v, elem)
	}
	return false
}

// newArraySized is `new elem[n]`: n is an integer and not negative.
func (t *Thread) newArraySized(elem *Type, n Value) (*Array, error) {
	if rank(n) == rankNone {
		return nil, t.Throw("System.InvalidCastException", "Array size must be an integer.")
	}
	if asI64(n) < 0 {
		return nil, t.Throw("System.OverflowException", "Arithmetic operation resulted in an overflow.")
	}
	return t.NewArray(elem, asI64(n))
}

// groupMethod is the method a method group read as a value binds to on
// an instance of ty: the type's own method of that name, else an
// inherited one (object's ToString, Equals and GetHashCode reach the
// override, as a virtual call does).
func groupMethod(ty *Type, name string) *Func {
	if m := ty.Methods[name]; len(m) > 0 && !objectVirtual(name, m[0].NumParams) {
		return m[0]
	}
	switch name {
	case "ToString", "GetHashCode":
		return ty.LookupOverride(name, 0)
	case "Equals":
		return ty.LookupOverride(name, 1)
	}
	for c := ty.Super; c != nil; c = c.Super {
		if m := c.Methods[name]; len(m) > 0 {
			return m[0]
		}
	}
	return nil
}

package vm

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
		} else if b := boundOf(cl); b != nil {
			return t.callBound(f, b, fr, a, regs[a+1:a+1+argc])
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
		if ext := pickOverload(t.M.Prog.Extensions[bareName(s.Name)], s.Argc+1); ext != nil {
			return t.callAt(ext, a, ins.C(), regs, nil)
		}
		return false, t.ThrowNull()
	}
	if b := recv.AsBox(); b != nil {
		// A struct variable passed by reference (a foreach's struct
		// enumerator): its own method works on it in place, anything
		// else on its value.
		recv = b.V
		if recv.IsNull() {
			return false, t.ThrowNull()
		}
		if f := t.resolve(s, recv.Type(), false).fn; f != nil && f.ThisByRef {
			return t.callAt(f, a, ins.C(), regs, nil)
		}
		regs[a] = recv
	} else if c, ok := recv.AsNative().(*RefCell); ok && c != nil {
		// A reference to a variable of a type parameter's type (a field,
		// an array element, a ref parameter): a struct's own method works
		// on the variable, as a constrained call does in .NET.
		recv = LoadRef(recv)
		if recv.IsNull() {
			return false, t.ThrowNull()
		}
		if f := t.resolve(s, recv.Type(), false).fn; f != nil && f.ThisByRef {
			return t.callAt(f, a, ins.C(), regs, nil)
		}
		regs[a] = recv
	}
	c := t.resolve(s, recv.Type(), false)
	f := c.fn
	if f == nil {
		if ext := pickOverload(t.M.Prog.Extensions[bareName(s.Name)], s.Argc+1); ext != nil {
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

// callBound calls static method f through a delegate that inserts hidden
// type arguments b among the call's arguments args (a static abstract
// member's implementation, staticabs.go); the result goes to R[a].
func (t *Thread) callBound(f *Func, b *boundArgs, fr *Frame, a int, args []Value) (bool, error) {
	all := b.insert(args)
	if f.Native != nil {
		v, err := f.Native(t, all)
		if err != nil {
			return false, err
		}
		t.setReg(a, v)
		return false, nil
	}
	ab := fr.base + a + 1
	if need := ab + max(f.NumRegs, len(all)); need > len(t.stack) {
		t.growStack(need)
	}
	copy(t.stack[ab:], all)
	return true, t.pushFrame(f, ab, len(all), fr.base+a, nil)
}

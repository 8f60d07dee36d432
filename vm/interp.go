package vm

import (
	"unsafe"
)

// Frame flags.
const (
	// frameBoundary marks a frame entered from Go (Invoke): when it returns,
	// the run loop that entered it returns too.
	frameBoundary uint8 = 1 << iota
	// frameAwaited marks an rt async frame whose caller awaits it directly
	// (the async calling convention).
	frameAwaited
	// frameThunk marks an rt async frame whose result the caller observes as
	// a Task (the async thunk).
	frameThunk
	// frameAwaitResult marks a non-async frame called by an awaiting call:
	// its returned awaitable is awaited on return.
	frameAwaitResult
	// frameResumed marks a frame re-entered from a continuation (Frame.rest,
	// whose successors are the rest of its chain); it is a boundary. When
	// it returns or throws, the next continuation's frame takes its place
	// in the same run (resumeNext).
	frameResumed
	// frameRecycles marks a resumed frame of a chain resumed exactly once:
	// its continuation is recycled when the frame finishes.
	frameRecycles
	// frameRestored marks a frame of a resumed chain restored beneath
	// the frame it awaits (with frameAwaited): it returns to it as an
	// awaiting caller, but an exception leaving its callee is rethrown at
	// its await in a new first pass (findCatch stops at it), as when a
	// callee's task faults. Its continuation has been let go.
	frameRestored
	// frameSyncSaved marks an rt async frame that set
	// SynchronizationContext.Current during its synchronous part: it puts
	// the previous one back (Thread.syncSaved) when it leaves.
	frameSyncSaved
)

// Invoke calls fn with the given receiver (ignored for static functions) and
// arguments, running it to completion on this thread, and returns its result.
func (t *Thread) Invoke(fn *Func, this Value, args []Value) (Value, error) {
	if fn.Native != nil {
		if fn.HasThis {
			all := make([]Value, 0, len(args)+1)
			all = append(append(all, this), args...)
			return fn.Native(t, all)
		}
		return fn.Native(t, args)
	}
	base := t.top()
	n := len(args)
	if fn.HasThis {
		n++
	}
	if need := base + n + fn.NumRegs + 1; need > len(t.stack) {
		t.growStack(need)
	}
	// The result slot sits at base; the callee's window starts after it.
	cb := base + 1
	i := cb
	if fn.HasThis {
		t.stack[i] = this
		i++
	}
	copy(t.stack[i:], args)
	if err := t.pushFrame(fn, cb, n, base, nil); err != nil {
		return Null, err
	}
	t.frames[len(t.frames)-1].flags |= frameBoundary
	if fn.Async != NotAsync {
		t.asyncEnter(false)
	}
	return t.run()
}

// CallValue invokes a delegate value with arguments.
func (t *Thread) CallValue(d Value, args []Value) (Value, error) {
	cl := d.AsClosure()
	if cl == nil {
		if d.IsNull() {
			return Null, t.ThrowNull()
		}
		return Null, t.Throw("System.InvalidCastException", "Object is not a delegate.")
	}
	if b := boundOf(cl); b != nil && !cl.Fn.HasThis {
		// A static member's delegate with hidden or bound arguments.
		args = b.insert(args)
	}
	if cl.Fn.Native != nil {
		if cl.Fn.HasThis {
			all := make([]Value, 0, len(args)+1)
			all = append(append(all, cl.This), args...)
			return cl.Fn.Native(t, all)
		}
		return cl.Fn.Native(t, args)
	}
	base := t.top()
	fn := cl.Fn
	n := len(args)
	if fn.HasThis {
		n++
	}
	if need := base + n + fn.NumRegs + 1; need > len(t.stack) {
		t.growStack(need)
	}
	cb := base + 1
	i := cb
	if fn.HasThis {
		t.stack[i] = cl.This
		i++
	}
	copy(t.stack[i:], args)
	if err := t.pushFrame(fn, cb, n, base, cl); err != nil {
		return Null, err
	}
	t.frames[len(t.frames)-1].flags |= frameBoundary
	if fn.Async != NotAsync {
		t.asyncEnter(false)
	}
	return t.run()
}

// pushFrame pushes a frame for bytecode fn whose n arguments already sit at
// stack[base:], filling missing optional arguments with their defaults.
func (t *Thread) pushFrame(fn *Func, base, n, ret int, cl *Closure) error {
	if len(t.frames) >= t.M.MaxDepth {
		return t.stackOverflow()
	}
	need := base + fn.NumRegs
	if need > len(t.stack) {
		t.growStack(need)
	}
	want := fn.NumParams
	if fn.HasThis {
		want++
	}
	if n != want {
		if err := t.adjustArgs(fn, base, n); err != nil {
			return err
		}
	}
	t.frames = append(t.frames, Frame{fn: fn, base: base, ret: ret, cl: cl})
	return nil
}

// adjustArgs fills defaults for omitted optional parameters and packs a
// params array.
func (t *Thread) adjustArgs(fn *Func, base, n int) error {
	this := 0
	if fn.HasThis {
		this = 1
	}
	got := n - this
	if fn.Variadic {
		fixed := fn.NumParams - 1
		if got >= fixed {
			extra := got - fixed
			// A single array argument in the params position is passed as is.
			if extra == 1 && t.stack[base+this+fixed].AsArray() != nil {
				return nil
			}
			vs := make([]Value, extra)
			copy(vs, t.stack[base+this+fixed:base+this+got])
			t.stack[base+this+fixed] = Ref(NewArrayOf(fn.paramsElem(), vs))
			return nil
		}
	}
	if got < fn.MinParams || got > fn.NumParams {
		return t.Throw("System.ArgumentException", "Wrong number of arguments for "+fn.QualifiedName()+".")
	}
	for i := got; i < fn.NumParams; i++ {
		d := Null
		if j := i - fn.MinParams; j >= 0 && j < len(fn.Defaults) {
			d = fn.Defaults[j]
		}
		t.stack[base+this+i] = d
	}
	if fn.Variadic && got < fn.NumParams {
		t.stack[base+this+fn.NumParams-1] = Ref(NewArrayOf(fn.paramsElem(), nil))
	}
	return nil
}

func (t *Thread) stackOverflow() error {
	return &Fatal{Msg: "Stack overflow.\n" + FormatTrace(t.stackTrace(20)), Code: 1}
}

func (t *Thread) stackTrace(max int) []TraceEntry {
	var es []TraceEntry
	for i := len(t.frames) - 1; i >= 0 && len(es) < max; i-- {
		es = append(es, TraceEntry{t.frames[i].fn, t.frames[i].pc - 1})
	}
	return es
}

// exit records the instructions a run executed and passes its results on.
func (t *Thread) exit(steps int64, prevRun uint64, v Value, err error) (Value, error) {
	t.Steps += steps
	t.curRun = prevRun
	// An atomic store is a locked instruction on amd64, a load is not:
	// counts that did not change (a resumed chain often makes no call) are
	// not stored again.
	t.pubSteps.Store(t.Steps)
	if t.pubCalls.Load() != t.calls {
		t.pubCalls.Store(t.calls)
	}
	if t.pubAsyncCalls.Load() != t.asyncCalls {
		t.pubAsyncCalls.Store(t.asyncCalls)
	}
	if t.pubAllocated.Load() != t.allocated {
		t.pubAllocated.Store(t.allocated)
	}
	return v, err
}

// runThrow resumes the top frame by raising err at its saved pc.
func (t *Thread) runThrow(err error) (Value, error) {
	t.pendingErr = err
	return t.run()
}

// run executes frames until the boundary frame on top when it was called returns.
func (t *Thread) run() (result Value, err error) {
	fr := &t.frames[len(t.frames)-1]
	fn := fr.fn
	regs := t.stack[fr.base : fr.base+fn.NumRegs]
	pc := fr.pc
	var steps int64
	// Each run has its own identity, so that an exception's first-pass
	// decision (t.match) is only reused by the run that made it.
	prevRun := t.curRun
	t.runSeq++
	t.curRun = t.runSeq
	defer t.recoverRun(len(t.frames), prevRun, &err)
	if t.pendingErr != nil {
		err = t.pendingErr
		t.pendingErr = nil
		var done bool
		var rv Value
		if rv, err, done = t.unwind(err); done {
			return t.exit(steps, prevRun, rv, err)
		}
		fr = &t.frames[len(t.frames)-1]
		fn = fr.fn
		regs = t.stack[fr.base : fr.base+fn.NumRegs]
		pc = fr.pc
	}

	for {
		steps++
		ins := fn.Code[pc]
		pc++
		switch ins.Op() {
		case OpNop:
		case OpMove:
			regs[ins.A()] = regs[ins.B()]
		case OpLoadK:
			regs[ins.A()] = fn.K[ins.Bx()]
		case OpLoadInt:
			regs[ins.A()] = Int(int32(ins.SBx()))
		case OpLoadNull:
			regs[ins.A()] = Null
		case OpLoadBool:
			regs[ins.A()] = Bool(ins.B() != 0)

		case OpAdd:
			b, c := regs[ins.B()], regs[ins.C()]
			if b.p == unsafe.Pointer(TInt) && c.p == unsafe.Pointer(TInt) {
				regs[ins.A()] = Int(b.AsInt() + c.AsInt())
				continue
			}
			if b.p == unsafe.Pointer(TLong) && (c.p == unsafe.Pointer(TLong) || c.p == unsafe.Pointer(TInt)) {
				regs[ins.A()] = Long(int64(b.n) + asI64(c))
				continue
			}
			fr.pc = pc
			v, e := t.arith(OpAdd, b, c)
			fr, regs = t.reload(fn)
			if e != nil {
				err = e
				goto fail
			}
			regs[ins.A()] = v
		case OpAddI:
			b := regs[ins.B()]
			if b.p == unsafe.Pointer(TInt) {
				regs[ins.A()] = Int(b.AsInt() + int32(ins.SC()))
				continue
			}
			fr.pc = pc
			v, e := t.arith(OpAdd, b, Int(int32(ins.SC())))
			fr, regs = t.reload(fn)
			if e != nil {
				err = e
				goto fail
			}
			regs[ins.A()] = v
		case OpSub, OpMul, OpDiv, OpRem, OpBitAnd, OpBitOr, OpBitXor, OpShl, OpShr:
			b, c := regs[ins.B()], regs[ins.C()]
			if b.p == unsafe.Pointer(TInt) && c.p == unsafe.Pointer(TInt) {
				if v, ok := intOp(ins.Op(), b.AsInt(), c.AsInt()); ok {
					regs[ins.A()] = v
					continue
				}
			}
			fr.pc = pc
			v, e := t.arith(ins.Op(), b, c)
			fr, regs = t.reload(fn)
			if e != nil {
				err = e
				goto fail
			}
			regs[ins.A()] = v
		case OpNeg, OpNot, OpBitNot:
			fr.pc = pc
			v, e := t.unary(ins.Op(), regs[ins.B()])
			if e != nil {
				err = e
				goto fail
			}
			regs[ins.A()] = v

		case OpEq:
			regs[ins.A()] = Bool(t.equal(regs[ins.B()], regs[ins.C()]))
		case OpNe:
			regs[ins.A()] = Bool(!t.equal(regs[ins.B()], regs[ins.C()]))
		case OpLt, OpLe:
			fr.pc = pc
			r, e := t.compare(ins.Op(), regs[ins.B()], regs[ins.C()])
			if e != nil {
				err = e
				goto fail
			}
			regs[ins.A()] = Bool(r)

		// Every jump that is taken backwards polls for limits and stop
		// requests (goto poll), conditional ones included: a loop of any
		// shape passes through one.
		case OpJmp:
			pc += ins.SBx()
			if ins.SBx() < 0 && t.M.poll.Load() {
				goto poll
			}
		case OpJmpIf:
			if v := regs[ins.A()]; v.n != 0 && v.p == unsafe.Pointer(TBool) {
				pc += ins.SBx()
				if ins.SBx() < 0 && t.M.poll.Load() {
					goto poll
				}
			}
		case OpJmpIfNot:
			if v := regs[ins.A()]; v.n == 0 || v.p != unsafe.Pointer(TBool) {
				pc += ins.SBx()
				if ins.SBx() < 0 && t.M.poll.Load() {
					goto poll
				}
			}
		case OpJmpNull:
			if regs[ins.A()].p == nil {
				pc += ins.SBx()
				if ins.SBx() < 0 && t.M.poll.Load() {
					goto poll
				}
			}
		case OpJmpNotNul:
			if regs[ins.A()].p != nil {
				pc += ins.SBx()
				if ins.SBx() < 0 && t.M.poll.Load() {
					goto poll
				}
			}
		case OpJLt, OpJNLt, OpJLe, OpJNLe:
			a, b := regs[ins.A()], regs[ins.B()]
			var r bool
			if a.p == unsafe.Pointer(TInt) && b.p == unsafe.Pointer(TInt) {
				if ins.Op() <= OpJNLt {
					r = a.AsInt() < b.AsInt()
				} else {
					r = a.AsInt() <= b.AsInt()
				}
			} else {
				fr.pc = pc
				op := OpLt
				if ins.Op() >= OpJLe {
					op = OpLe
				}
				var e error
				r, e = t.compare(op, a, b)
				if e != nil {
					err = e
					goto fail
				}
			}
			if r == (ins.Op() == OpJLt || ins.Op() == OpJLe) {
				pc += ins.SC()
				if ins.SC() < 0 && t.M.poll.Load() {
					goto poll
				}
			}
		case OpJLtK:
			if a, kb := regs[ins.A()], fn.K[ins.B()]; a.p == ptrInt && kb.p == ptrInt {
				if a.AsInt() < kb.AsInt() {
					goto jumpC
				}
				continue
			}
			goto jumpKSlow
		case OpJGeK:
			if a, kb := regs[ins.A()], fn.K[ins.B()]; a.p == ptrInt && kb.p == ptrInt {
				if a.AsInt() >= kb.AsInt() {
					goto jumpC
				}
				continue
			}
			goto jumpKSlow
		case OpJLeK:
			if a, kb := regs[ins.A()], fn.K[ins.B()]; a.p == ptrInt && kb.p == ptrInt {
				if a.AsInt() <= kb.AsInt() {
					goto jumpC
				}
				continue
			}
			goto jumpKSlow
		case OpJGtK:
			if a, kb := regs[ins.A()], fn.K[ins.B()]; a.p == ptrInt && kb.p == ptrInt {
				if a.AsInt() > kb.AsInt() {
					goto jumpC
				}
				continue
			}
			goto jumpKSlow
		case OpJEq:
			if t.equal(regs[ins.A()], regs[ins.B()]) {
				pc += ins.SC()
				if ins.SC() < 0 && t.M.poll.Load() {
					goto poll
				}
			}
		case OpJNe:
			if !t.equal(regs[ins.A()], regs[ins.B()]) {
				pc += ins.SC()
				if ins.SC() < 0 && t.M.poll.Load() {
					goto poll
				}
			}

		// Typed arithmetic: inline when both operands have the instruction's
		// representation, else the generic instruction's path (arithSlow).
		case OpAddI32:
			if b, c := regs[ins.B()], regs[ins.C()]; b.p == ptrInt && c.p == ptrInt {
				regs[ins.A()] = Int(b.AsInt() + c.AsInt())
				continue
			}
			goto arithSlow
		case OpSubI32:
			if b, c := regs[ins.B()], regs[ins.C()]; b.p == ptrInt && c.p == ptrInt {
				regs[ins.A()] = Int(b.AsInt() - c.AsInt())
				continue
			}
			goto arithSlow
		case OpMulI32:
			if b, c := regs[ins.B()], regs[ins.C()]; b.p == ptrInt && c.p == ptrInt {
				regs[ins.A()] = Int(b.AsInt() * c.AsInt())
				continue
			}
			goto arithSlow
		case OpDivI32, OpRemI32:
			if b, c := regs[ins.B()], regs[ins.C()]; b.p == ptrInt && c.p == ptrInt {
				if v, ok := intOp(typedGeneric[ins.Op()], b.AsInt(), c.AsInt()); ok {
					regs[ins.A()] = v
					continue
				}
			}
			goto arithSlow
		case OpAddI64:
			if b, c := regs[ins.B()], regs[ins.C()]; b.p == ptrLong && c.p == ptrLong {
				regs[ins.A()] = Long(int64(b.n) + int64(c.n))
				continue
			}
			goto arithSlow
		case OpSubI64:
			if b, c := regs[ins.B()], regs[ins.C()]; b.p == ptrLong && c.p == ptrLong {
				regs[ins.A()] = Long(int64(b.n) - int64(c.n))
				continue
			}
			goto arithSlow
		case OpMulI64:
			if b, c := regs[ins.B()], regs[ins.C()]; b.p == ptrLong && c.p == ptrLong {
				regs[ins.A()] = Long(int64(b.n) * int64(c.n))
				continue
			}
			goto arithSlow
		case OpDivI64, OpRemI64:
			// Zero and -1 divisors (DivideByZeroException, the overflow
			// of MinValue / -1) take the generic path.
			if b, c := regs[ins.B()], regs[ins.C()]; b.p == ptrLong && c.p == ptrLong && int64(c.n) != 0 && int64(c.n) != -1 {
				if ins.Op() == OpDivI64 {
					regs[ins.A()] = Long(int64(b.n) / int64(c.n))
				} else {
					regs[ins.A()] = Long(int64(b.n) % int64(c.n))
				}
				continue
			}
			goto arithSlow
		case OpAddF64:
			if b, c := regs[ins.B()], regs[ins.C()]; b.p == ptrDouble && c.p == ptrDouble {
				regs[ins.A()] = Double(b.AsDouble() + c.AsDouble())
				continue
			}
			goto arithSlow
		case OpSubF64:
			if b, c := regs[ins.B()], regs[ins.C()]; b.p == ptrDouble && c.p == ptrDouble {
				regs[ins.A()] = Double(b.AsDouble() - c.AsDouble())
				continue
			}
			goto arithSlow
		case OpMulF64:
			if b, c := regs[ins.B()], regs[ins.C()]; b.p == ptrDouble && c.p == ptrDouble {
				regs[ins.A()] = Double(b.AsDouble() * c.AsDouble())
				continue
			}
			goto arithSlow
		case OpDivF64:
			if b, c := regs[ins.B()], regs[ins.C()]; b.p == ptrDouble && c.p == ptrDouble {
				regs[ins.A()] = Double(b.AsDouble() / c.AsDouble())
				continue
			}
			goto arithSlow
		case OpRemF64:
			goto arithSlow

		// Typed compare-and-branch: inline when both operands have the
		// instruction's representation, else as the generic jump
		// (branchSlow).
		case OpJLtI32:
			if a, b := regs[ins.A()], regs[ins.B()]; a.p == ptrInt && b.p == ptrInt {
				if x, y := a.AsInt(), b.AsInt(); x < y {
					goto jumpC
				}
				continue
			}
			goto branchSlow
		case OpJNLtI32:
			if a, b := regs[ins.A()], regs[ins.B()]; a.p == ptrInt && b.p == ptrInt {
				if x, y := a.AsInt(), b.AsInt(); !(x < y) {
					goto jumpC
				}
				continue
			}
			goto branchSlow
		case OpJLeI32:
			if a, b := regs[ins.A()], regs[ins.B()]; a.p == ptrInt && b.p == ptrInt {
				if x, y := a.AsInt(), b.AsInt(); x <= y {
					goto jumpC
				}
				continue
			}
			goto branchSlow
		case OpJNLeI32:
			if a, b := regs[ins.A()], regs[ins.B()]; a.p == ptrInt && b.p == ptrInt {
				if x, y := a.AsInt(), b.AsInt(); !(x <= y) {
					goto jumpC
				}
				continue
			}
			goto branchSlow
		case OpJEqI32:
			if a, b := regs[ins.A()], regs[ins.B()]; a.p == ptrInt && b.p == ptrInt {
				if x, y := a.AsInt(), b.AsInt(); x == y {
					goto jumpC
				}
				continue
			}
			goto branchSlow
		case OpJNeI32:
			if a, b := regs[ins.A()], regs[ins.B()]; a.p == ptrInt && b.p == ptrInt {
				if x, y := a.AsInt(), b.AsInt(); x != y {
					goto jumpC
				}
				continue
			}
			goto branchSlow
		case OpJLtI64, OpJNLtI64, OpJLeI64, OpJNLeI64, OpJEqI64, OpJNeI64:
			a, b := regs[ins.A()], regs[ins.B()]
			if a.p != ptrLong || b.p != ptrLong {
				goto branchSlow
			}
			x, y := int64(a.n), int64(b.n)
			var r bool
			switch ins.Op() {
			case OpJLtI64:
				r = x < y
			case OpJNLtI64:
				r = !(x < y)
			case OpJLeI64:
				r = x <= y
			case OpJNLeI64:
				r = !(x <= y)
			case OpJEqI64:
				r = x == y
			default:
				r = x != y
			}
			if r {
				pc += ins.SC()
				if ins.SC() < 0 && t.M.poll.Load() {
					goto poll
				}
			}
		case OpJLtF64, OpJNLtF64, OpJLeF64, OpJNLeF64, OpJEqF64, OpJNeF64:
			a, b := regs[ins.A()], regs[ins.B()]
			if a.p != ptrDouble || b.p != ptrDouble {
				goto branchSlow
			}
			x, y := a.AsDouble(), b.AsDouble()
			var r bool
			switch ins.Op() {
			case OpJLtF64:
				r = x < y
			case OpJNLtF64:
				r = !(x < y)
			case OpJLeF64:
				r = x <= y
			case OpJNLeF64:
				r = !(x <= y)
			case OpJEqF64:
				r = x == y
			default:
				r = x != y
			}
			if r {
				pc += ins.SC()
				if ins.SC() < 0 && t.M.poll.Load() {
					goto poll
				}
			}

		case OpWithField:
			ref, o := &fn.Fields[ins.B()], regs[ins.A()]
			if !ref.holds(o) {
				fr.pc = pc
				if err = t.fieldObject(o, ref); err != nil {
					goto fail
				}
			}
			regs[ins.A()] = Ref(withField((*Instance)(o.p), ref.index, regs[ins.C()]))
		case OpThisIn:
			regs[ins.A()] = thisIn(regs)
		case OpRefSub:
			if regs[ins.B()].p == nil {
				fr.pc = pc
				err = t.ThrowNull()
				goto fail
			}
			regs[ins.A()] = RefToSub(regs[ins.B()], fn.Fields[ins.C()].index)
		case OpSetRefF:
			if r := regs[ins.A()]; r.p != nil && (*Header)(r.p).typ == TBoxLocal {
				(*Box)(r.p).V = regs[0] // a frame's private box: no one else wrote it
			} else if r.p != nil {
				StoreRefField(regs[ins.A()], fn.Fields[ins.B()].index, regs[ins.C()], regs[0])
			}
		case OpSetRefL:
			StoreRefLocked(regs[ins.A()], regs[ins.B()])
		case OpGetRefL:
			regs[ins.A()] = LoadRefLocked(regs[ins.B()])
		case OpNewBoxL:
			b := &Box{Header: Header{TBoxLocal}, V: regs[ins.B()]}
			t.Count(unsafe.Pointer(b), SizeBox)
			regs[ins.A()] = Ref(b)

		case OpAddOvf, OpSubOvf, OpMulOvf, OpNegOvf, OpConvOvf, OpShrUn, OpUnbox:
			fr.pc = pc
			v, e := t.arithExt(ins, regs)
			fr, regs = t.reload(fn)
			if e != nil {
				err = e
				goto fail
			}
			regs[ins.A()] = v

		case OpConv:
			fr.pc = pc
			v, e := t.convert(regs[ins.B()], Conv(ins.C()))
			if e != nil {
				err = e
				goto fail
			}
			regs[ins.A()] = v

		case OpGetField:
			// Fast path: the object is of the field's class or a direct subclass.
			if ref := &fn.Fields[ins.C()]; ref.holds(regs[ins.B()]) {
				regs[ins.A()] = (*Instance)(regs[ins.B()].p).F[ref.index]
				continue
			}
			fr.pc = pc
			if err = t.fieldSlow(fn, ins, regs); err != nil {
				goto fail
			}
		case OpSetField:
			if ref := &fn.Fields[ins.B()]; ref.holds(regs[ins.A()]) {
				(*Instance)(regs[ins.A()].p).F[ref.index] = regs[ins.C()]
				continue
			}
			fr.pc = pc
			if err = t.fieldSlow(fn, ins, regs); err != nil {
				goto fail
			}
		case OpGetThisF:
			if ref := &fn.Fields[ins.B()]; ref.holds(regs[0]) {
				regs[ins.A()] = (*Instance)(regs[0].p).F[ref.index]
				continue
			}
			fr.pc = pc
			if err = t.fieldSlow(fn, ins, regs); err != nil {
				goto fail
			}
		case OpSetThisF:
			if ref := &fn.Fields[ins.A()]; ref.holds(regs[0]) {
				(*Instance)(regs[0].p).F[ref.index] = regs[ins.B()]
				continue
			}
			fr.pc = pc
			if err = t.fieldSlow(fn, ins, regs); err != nil {
				goto fail
			}
		case OpGetStatic:
			ref := &t.M.Prog.Statics[ins.Bx()]
			if !ref.T.staticDone.Load() {
				fr.pc = pc
				e := t.InitType(ref.T)
				fr, regs = t.reload(fn)
				if e != nil {
					err = e
					goto fail
				}
			}
			if ref.Thread {
				regs[ins.A()] = t.threadStatic(*ref).V
				continue
			}
			regs[ins.A()] = ref.T.StaticVals[ref.I]
		case OpSetStatic:
			ref := &t.M.Prog.Statics[ins.Bx()]
			if !ref.T.staticDone.Load() {
				fr.pc = pc
				e := t.InitType(ref.T)
				fr, regs = t.reload(fn)
				if e != nil {
					err = e
					goto fail
				}
			}
			if ref.Thread {
				t.threadStatic(*ref).V = regs[ins.A()]
				continue
			}
			ref.T.StaticVals[ref.I] = regs[ins.A()]

		case OpGetIndex:
			// Fast path: an array element at an int index in bounds.
			if x, i := regs[ins.B()], regs[ins.C()]; i.p == ptrInt && x.p != nil && (*Header)(x.p).typ != primMark && (*Header)(x.p).typ.Kind == KindArray {
				if a, n := (*Array)(x.p), uint(int(i.AsInt())); n < uint(len(a.V)) {
					regs[ins.A()] = a.V[n]
					continue
				}
			}
			goto misc
		case OpGetMember, OpSetMember, OpSetIndex, OpNewObj, OpNewArr,
			OpIs, OpAs, OpCast, OpTypeOf, OpNullChk, OpArrOff:
			goto misc

		case OpGetBox:
			regs[ins.A()] = boxOf(regs, ins.B()).V
		case OpSetBox:
			boxOf(regs, ins.A()).V = regs[ins.B()]
		case OpNewBox:
			b := NewBox(regs[ins.B()])
			t.Count(unsafe.Pointer(b), SizeBox)
			regs[ins.A()] = Ref(b)
		case OpGetUp:
			regs[ins.A()] = fr.cl.Up[ins.B()].V
		case OpSetUp:
			fr.cl.Up[ins.A()].V = regs[ins.B()]
		case OpUpBox:
			regs[ins.A()] = Ref(fr.cl.Up[ins.B()])
		case OpGetRef:
			regs[ins.A()] = LoadRef(regs[ins.B()])
		case OpSetRef:
			StoreRef(regs[ins.A()], regs[ins.B()])
		case OpRefSta, OpRefFld, OpRefElm:
			fr.pc = pc
			v, e := t.makeRef(ins, regs)
			fr, regs = t.reload(fn)
			if e != nil {
				err = e
				goto fail
			}
			regs[ins.A()] = v

		case OpCall:
			callee := t.M.Prog.Funcs[ins.B()]
			fr.pc = pc
			if t.M.poll.Load() {
				if e := t.checkLimits(steps); e != nil {
					err = e
					goto fail
				}
			}
			if callee.Native != nil {
				a := ins.A()
				v, e := callee.Native(t, regs[a:a+ins.C()])
				// The native may have run bytecode that grew the stacks.
				fr, regs = t.reload(fn)
				if e != nil {
					err = e
					goto fail
				}
				regs[a] = v
				continue
			}
			base := fr.base + ins.A()
			if n := len(t.frames); n < cap(t.frames) && n < t.M.MaxDepth &&
				ins.C() == callee.NumParams+b2i(callee.HasThis) && base+callee.NumRegs <= len(t.stack) {
				// Fast path of pushFrame: room for the frame and its
				// registers, every argument given. An rt async callee
				// is a thunk: its caller observes a Task.
				t.frames = t.frames[:n+1]
				t.frames[n] = Frame{fn: callee, base: base, ret: base}
				if callee.Async != NotAsync {
					f := &t.frames[n]
					f.flags, f.ec = frameThunk, t.Ctx.Installed()
					t.asyncCalls++
					if callee.Async == AsyncVoid && t.syncCtx != nil {
						t.voidStarted()
					}
				}
			} else {
				if e := t.pushFrame(callee, base, ins.C(), base, nil); e != nil {
					err = e
					goto fail
				}
				if callee.Async != NotAsync {
					t.asyncEnter(false)
				}
			}
			t.calls++
			fr = &t.frames[len(t.frames)-1]
			fn = callee
			regs = t.stack[base : base+fn.NumRegs]
			pc = 0
		case OpCallVirt, OpCallDel:
			fr.pc = pc
			if t.M.poll.Load() {
				if e := t.checkLimits(steps); e != nil {
					err = e
					goto fail
				}
			}
			pushed, e := t.callDynamic(ins, regs)
			if !pushed {
				fr, regs = t.reload(fn)
			}
			if e != nil {
				err = e
				goto fail
			}
			if pushed {
				fr = &t.frames[len(t.frames)-1]
				if fr.fn.Async != NotAsync {
					t.asyncEnter(false)
				}
				fn = fr.fn
				regs = t.stack[fr.base : fr.base+fn.NumRegs]
				pc = 0
			}

		case OpRet, OpRetVoid:
			var v Value
			if ins.Op() == OpRet {
				v = regs[ins.A()]
			}
			flags, ret, ec := fr.flags, fr.ret, fr.ec
			t.stack[ret] = v
			t.frames = t.frames[:len(t.frames)-1]
			// From here on fr points at the popped slot, which bytecode run
			// by a context restore (an AsyncLocal change handler) reuses:
			// only the copies above are read.
			if flags != 0 {
				if flags == frameAwaited || flags == frameAwaited|frameRestored {
					// An awaited rt async method completed synchronously (or
					// a frame restored above its awaiting caller returned):
					// the value is already in place; put back the caller's
					// context.
					if ec != t.Ctx.Installed() {
						t.Ctx.Switch(ec)
					}
					fr = &t.frames[len(t.frames)-1]
					fn = fr.fn
					regs = t.stack[fr.base : fr.base+fn.NumRegs]
					pc = fr.pc
					continue
				}
				if flags&(frameAwaited|frameThunk) != 0 {
					if flags&frameSyncSaved != 0 {
						t.restoreSyncCtx(len(t.frames))
					}
					t.restoreEC(ec)
					if flags&frameThunk != 0 {
						v = t.thunkResult(fn, v)
						t.stack[ret] = v
						if fn.Async == AsyncVoid && t.syncCtx != nil {
							t.voidCompleted(t.syncCtx, nil)
						}
					}
				}
				if flags&frameResumed != 0 {
					// The popped slot still holds the continuation; the
					// chain goes on in this run.
					if t.resumeReturn(flags, fr.rest, v) {
						if t.match != nil {
							t.match = nil
						}
						fr = &t.frames[len(t.frames)-1]
						fn = fr.fn
						regs = t.stack[fr.base : fr.base+fn.NumRegs]
						pc = fr.pc
						continue
					}
					return t.exit(steps, prevRun, Null, nil)
				}
				if flags&frameBoundary != 0 {
					return t.exit(steps, prevRun, v, nil)
				}
				if flags&frameAwaitResult != 0 {
					caller := &t.frames[len(t.frames)-1]
					r, exit, e := t.awaitValue(v, ret-caller.base)
					if e == errSuspended {
						return t.exit(steps, prevRun, Null, e)
					}
					if exit {
						return t.exit(steps, prevRun, r, nil)
					}
					if e != nil {
						err = e
						goto fail
					}
				}
			}
			fr = &t.frames[len(t.frames)-1]
			fn = fr.fn
			regs = t.stack[fr.base : fr.base+fn.NumRegs]
			pc = fr.pc

		case OpClosure:
			regs[ins.A()] = Ref(t.closure(ins.B(), fr, regs))

		case OpEndFilt:
			v := regs[ins.A()]
			t.frames = t.frames[:len(t.frames)-1]
			return t.exit(steps, prevRun, v, nil)

		case OpThrow, OpRethrow:
			fr.pc = pc
			exc := regs[ins.A()].AsInstance()
			if exc == nil {
				err = t.ThrowNull()
				goto fail
			}
			if ins.Op() == OpThrow && len(exc.F) > ExcFieldTrace {
				// A new trace: unwind records it (recordTo).
				exc.F[ExcFieldTrace] = Null
			}
			err = &Thrown{exc}
			goto fail

		case OpCallAw:
			// Fast path of the async calling convention: an rt async callee
			// in bytecode is entered like a synchronous call; its frame is
			// marked awaited and keeps the caller's context to restore.
			callee := t.M.Prog.Funcs[ins.B()]
			if callee.Native == nil && callee.Async != NotAsync {
				fr.pc = pc
				if t.M.poll.Load() {
					if e := t.checkLimits(steps); e != nil {
						err = e
						goto fail
					}
				}
				base := fr.base + ins.A()
				if n := len(t.frames); n < cap(t.frames) && n < t.M.MaxDepth &&
					ins.C() == callee.NumParams+b2i(callee.HasThis) && base+callee.NumRegs <= len(t.stack) {
					// Fast path of pushFrame, as for CALL.
					// (Four fields in the literal: with more, the compiler
					// builds it on the stack and copies it.)
					ec := t.Ctx.Installed()
					frames := t.frames[:n+1]
					t.frames = frames
					f := &frames[n]
					*f = Frame{fn: callee, base: base, ret: base, ec: ec}
					f.flags = frameAwaited
				} else {
					if e := t.pushFrame(callee, base, ins.C(), base, nil); e != nil {
						err = e
						goto fail
					}
					t.frames[len(t.frames)-1].flags = frameAwaited
					t.frames[len(t.frames)-1].ec = t.Ctx.Installed()
				}
				fr = &t.frames[len(t.frames)-1]
				t.asyncCalls++
				fn = callee
				regs = t.stack[base : base+fn.NumRegs]
				pc = 0
				continue
			}
			fallthrough
		case OpAwait, OpCallVAw, OpCallDAw:
			if ins.Op() == OpAwait {
				// Fast path: a task that ran to completion gives its
				// result (GetResult's first case).
				if tk := regs[ins.B()].AsTask(); tk != nil && tk.state.Load()&stateStatusMask == uint32(StatusRanToCompletion) {
					regs[ins.A()] = tk.result
					continue
				}
			}
			fr.pc = pc
			if ins.Op() != OpAwait && t.M.poll.Load() {
				if e := t.checkLimits(steps); e != nil {
					err = e
					goto fail
				}
			}
			depth := len(t.frames)
			r, exit, e := t.await(ins, regs)
			if e == errSuspended {
				return t.exit(steps, prevRun, Null, e)
			}
			if exit {
				return t.exit(steps, prevRun, r, nil)
			}
			if len(t.frames) != depth || t.frames[depth-1].pc != pc {
				// A callee was pushed, or this frame suspended and another
				// frame of this run is on top now.
				fr = &t.frames[len(t.frames)-1]
				fn = fr.fn
				regs = t.stack[fr.base : fr.base+fn.NumRegs]
				pc = fr.pc
			} else {
				fr, regs = t.reload(fn)
			}
			if e != nil {
				err = e
				goto fail
			}

		default:
			fr.pc = pc
			err = &Fatal{Msg: "internal error: bad opcode " + ins.String(), Code: 70}
			goto fail
		}
		continue

	misc:
		// Instructions whose work is out of line (execMisc): member access
		// by name, indexing, allocation, type tests.
		{
			fr.pc = pc
			depth := len(t.frames)
			e := t.execMisc(ins, regs, fn)
			if len(t.frames) > depth {
				// A property getter or setter in bytecode was pushed.
				fr = &t.frames[len(t.frames)-1]
				fn = fr.fn
				regs = t.stack[fr.base : fr.base+fn.NumRegs]
				pc = 0
			} else {
				fr, regs = t.reload(fn)
			}
			if e != nil {
				err = e
				goto fail
			}
			continue
		}

	jumpC:
		// A compare-and-branch (sC operand) is taken.
		pc += ins.SC()
		if ins.SC() < 0 && t.M.poll.Load() {
			goto poll
		}
		continue

	jumpKSlow:
		// A compare-with-constant jump met an operand that is not an int.
		{
			fr.pc = pc
			r, e := t.compareK(ins.Op(), regs[ins.A()], fn.K[ins.B()])
			if e != nil {
				err = e
				goto fail
			}
			if r {
				goto jumpC
			}
			continue
		}

	arithSlow:
		// A typed arithmetic instruction met an operand of another
		// representation: the generic instruction's path.
		{
			fr.pc = pc
			v, e := t.arith(typedGeneric[ins.Op()], regs[ins.B()], regs[ins.C()])
			fr, regs = t.reload(fn)
			if e != nil {
				err = e
				goto fail
			}
			regs[ins.A()] = v
			continue
		}

	branchSlow:
		// A typed compare-and-branch met an operand of another
		// representation: the generic comparison.
		{
			fr.pc = pc
			br := typedBranch[ins.Op()]
			var r bool
			if br.cmp == OpEq {
				r = t.equal(regs[ins.A()], regs[ins.B()])
			} else {
				var e error
				if r, e = t.compare(br.cmp, regs[ins.A()], regs[ins.B()]); e != nil {
					err = e
					goto fail
				}
			}
			if r == br.when {
				pc += ins.SC()
				if ins.SC() < 0 && t.M.poll.Load() {
					goto poll
				}
			}
			continue
		}

	poll:
		// The slow path of the poll at backward jumps.
		fr.pc = pc
		if err = t.checkLimits(steps); err == nil {
			continue
		}

	fail:
		var done bool
		var rv Value
		rv, err, done = t.unwind(err)
		if done {
			return t.exit(steps, prevRun, rv, err)
		}
		fr = &t.frames[len(t.frames)-1]
		fn = fr.fn
		regs = t.stack[fr.base : fr.base+fn.NumRegs]
		pc = fr.pc
	}
}

// makeClosure builds a closure of f inside frame fr.
// closure returns a closure of Funcs[i] for CLOSURE: the machine's one
// closure of a Shared function (a lambda that captures nothing, which C#
// caches in a static field), else a new one.
func (t *Thread) closure(i int, fr *Frame, regs []Value) *Closure {
	f := t.M.Prog.Funcs[i]
	if !f.Shared || i >= len(t.M.closures) {
		return t.makeClosure(f, fr, regs)
	}
	slot := &t.M.closures[i]
	if cl := slot.Load(); cl != nil {
		return cl
	}
	typ := f.DelegateType
	if typ == nil {
		typ = TDelegate
	}
	cl := &Closure{Header: Header{typ}, Fn: f}
	t.Count(unsafe.Pointer(cl), SizeClosure)
	if slot.CompareAndSwap(nil, cl) {
		return cl
	}
	return slot.Load()
}

func (t *Thread) makeClosure(f *Func, fr *Frame, regs []Value) *Closure {
	typ := f.DelegateType
	if typ == nil {
		typ = TDelegate
	}
	cl := &Closure{Header: Header{typ}, Fn: f}
	t.Count(unsafe.Pointer(cl), SizeClosure+8*len(f.Up))
	if f.HasThis && fr.fn.HasThis {
		cl.This = regs[0]
	} else if f.HasThis && fr.cl != nil {
		cl.This = fr.cl.This
	}
	if len(f.Up) > 0 {
		cl.Up = make([]*Box, len(f.Up))
		for i, u := range f.Up {
			if u.FromUp {
				cl.Up[i] = fr.cl.Up[u.Index]
			} else {
				cl.Up[i] = boxOf(regs, u.Index)
			}
		}
	}
	return cl
}

// unwind delivers an exception raised at the top frame's pc-1. A first
// pass (findCatch) picks the catch clause that will handle it, running
// exception filters before any finally block, as .NET does; the second pass
// here then unwinds: finally blocks run (each rethrows when done, coming
// back here), and the chosen clause receives the exception. It returns
// done=false with the top frame positioned at a handler, or done=true with
// what run returns. Unwinding out of an rt async thunk frame turns the
// exception into a faulted task for its caller instead.
func (t *Thread) unwind(err error) (Value, error, bool) {
	th, _ := err.(*Thrown)
	if th != nil {
		if m := t.match; m == nil || m.exc != th.Exc || m.run != t.curRun {
			t.match, err = t.findCatch(th.Exc, err)
			th, _ = err.(*Thrown)
		}
		t.recordMatch(th)
	}
	fr := &t.frames[len(t.frames)-1]
	for {
		if th != nil {
			pc := fr.pc - 1
			idx := len(t.frames) - 1
			for i := range fr.fn.Handlers {
				h := &fr.fn.Handlers[i]
				if pc < h.Start || pc >= h.End {
					continue
				}
				if h.Clauses == nil {
					t.stack[fr.base+h.Reg] = Ref(th.Exc)
					fr.pc = h.Target
					return Null, nil, false
				}
				if m := t.match; m != nil && m.frame == idx && m.base == fr.base && m.h == h {
					t.match = nil
					t.stack[fr.base+h.Reg] = Ref(th.Exc)
					fr.pc = h.Clauses[m.clause].Body
					return Null, nil, false
				}
			}
		}
		flags := fr.flags
		popped := *fr
		t.frames = t.frames[:len(t.frames)-1]
		if flags&(frameAwaited|frameThunk) != 0 {
			if flags&frameSyncSaved != 0 {
				t.restoreSyncCtx(len(t.frames))
			}
			t.restoreEC(popped.ec)
			if flags&frameThunk != 0 {
				if v, e := t.thunkFault(popped.fn, err); e == nil {
					// The exception ends here, in a faulted task.
					t.match = nil
					t.stack[popped.ret] = v
					if flags&frameBoundary != 0 {
						return v, nil, true
					}
					return Null, nil, false
				}
			}
		}
		if flags&frameRestored != 0 {
			// The exception leaves a frame restored above its awaiting
			// caller: the caller receives it at its await, after a new
			// first pass over its frames (the callee's finally blocks
			// have run, as when its task faulted).
			t.match = nil
			fr = &t.frames[len(t.frames)-1]
			if th != nil {
				t.match, err = t.findCatch(th.Exc, err)
				th, _ = err.(*Thrown)
				t.recordMatch(th)
			}
			continue
		}
		if flags&frameResumed != 0 {
			// The exception leaves a resumed frame: the next frame of its
			// chain that takes it receives it at its await, in this run.
			t.match = nil
			if !t.resumeNext(flags, popped.rest, Null, err) {
				return Null, nil, true
			}
			fr = &t.frames[len(t.frames)-1]
			if th != nil {
				t.match, err = t.findCatch(th.Exc, err)
				th, _ = err.(*Thrown)
				t.recordMatch(th)
			}
			continue
		}
		if flags&frameBoundary != 0 || len(t.frames) == 0 {
			// The exception leaves this run: whoever receives it next (the
			// run that called a native, a dispatcher delivering it to an
			// awaiting frame) searches its own frames again.
			t.match = nil
			return Null, err, true
		}
		fr = &t.frames[len(t.frames)-1]
	}
}

// recordMatch records in th's exception the frames down to the one the
// first pass chose (or where it stopped without a catch).
func (t *Thread) recordMatch(th *Thrown) {
	if th == nil || t.match == nil {
		return
	}
	stop := t.match.frame
	if stop < 0 {
		stop = t.match.last
	}
	t.recordTo(th.Exc, stop)
}

// excMatch is the first pass's decision for the exception being unwound:
// the frame (by index and base) and clause that will catch it, or frame -1
// when no clause of this run's frames does.
type excMatch struct {
	run    uint64 // the run whose frames were searched
	exc    *Instance
	frame  int
	base   int
	h      *Handler
	clause int
	// last is the frame where the search stopped without a catch: the
	// run's boundary, an rt thunk (the exception ends in its task) or a
	// restored frame; the trace is recorded down to it (0: the bottom).
	last int
}

// findCatch is the first pass: it walks this run's frames from the top,
// testing catch clauses in order and running their filters, and stops at
// the first that accepts the exception, or at the run's boundary (or an rt
// thunk, which turns the exception into a faulted task, or a restored chain
// frame, whose caller receives the exception in a pass of its own). It
// returns err, the error being unwound, or the Fatal error that ended a
// filter (a stack overflow in a filter ends the program; no finally block
// runs).
func (t *Thread) findCatch(exc *Instance, err error) (*excMatch, error) {
	for i := len(t.frames) - 1; i >= 0; i-- {
		fr := t.frames[i]
		pc := fr.pc - 1
		for hi := range fr.fn.Handlers {
			h := &fr.fn.Handlers[hi]
			if pc < h.Start || pc >= h.End || h.Clauses == nil {
				continue
			}
			for ci, cl := range h.Clauses {
				if cl.Type != nil && !IsInstance(Ref(exc), cl.Type) {
					continue
				}
				if cl.Filter >= 0 {
					// The filter sees the trace down to its frame, as
					// .NET's first pass has built it.
					t.recordTo(exc, i)
					ok, fatal := t.runFilter(i, h, cl.Filter, exc)
					if fatal != nil {
						return nil, fatal
					}
					if !ok {
						continue
					}
				}
				return &excMatch{run: t.curRun, exc: exc, frame: i, base: fr.base, h: h, clause: ci}, err
			}
		}
		if fr.flags&(frameBoundary|frameThunk|frameRestored) != 0 {
			return &excMatch{run: t.curRun, exc: exc, frame: -1, last: i}, err
		}
	}
	return &excMatch{run: t.curRun, exc: exc, frame: -1}, err
}

// runFilter evaluates an exception filter of frame i on a copy of its
// registers (the frames above it are still live until the second pass), then
// copies back the variables the filter may assign (Handler.Live). A filter
// that throws counts as false, as in .NET; one that ends the program (a
// stack overflow, a limit) returns its Fatal error.
func (t *Thread) runFilter(i int, h *Handler, filterPC int, exc *Instance) (bool, *Fatal) {
	src := t.frames[i]
	fn := src.fn
	base := t.top()
	if need := base + fn.NumRegs + 1; need > len(t.stack) {
		t.growStack(need)
	}
	copy(t.stack[base:base+fn.NumRegs], t.stack[src.base:src.base+fn.NumRegs])
	t.stack[base+h.Reg] = Ref(exc)
	saved := t.match
	t.frames = append(t.frames, Frame{fn: fn, pc: filterPC, base: base, ret: base, cl: src.cl, flags: frameBoundary})
	v, err := t.run()
	t.match = saved
	if n := min(h.Live, fn.NumRegs); n > 0 {
		// The filter's assignments to the variables in scope: the frame
		// is t.frames[i] again, its window unmoved unless the stack grew.
		dst := t.frames[i].base
		copy(t.stack[dst:dst+n], t.stack[base:base+n])
	}
	if f, ok := err.(*Fatal); ok {
		return false, f
	}
	return err == nil && v.p == ptrBool && v.n != 0, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// reload re-derives the top frame and its registers after a helper that may
// have run bytecode: a nested run can grow the frame and register stacks,
// leaving the loop's pointers into the old arrays.
func (t *Thread) reload(fn *Func) (*Frame, []Value) {
	fr := &t.frames[len(t.frames)-1]
	return fr, t.stack[fr.base : fr.base+fn.NumRegs]
}

// setReg writes register a of the top frame, safely after nested runs.
func (t *Thread) setReg(a int, v Value) {
	t.stack[t.frames[len(t.frames)-1].base+a] = v
}

// boxOf returns the box of a captured variable held in register r. Code
// that jumps into the middle of a block (state-machine resume labels) can
// reach a variable whose box its block entry did not make; the box is made
// then, so a register never read as a box holds anything else.
func boxOf(regs []Value, r int) *Box {
	if b := regs[r].AsBox(); b != nil {
		return b
	}
	b := NewBox(Null)
	regs[r] = Ref(b)
	return b
}

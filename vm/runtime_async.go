package vm

import (
	"errors"
	"sync/atomic"
	"unsafe"

	"asyncvm/ctx"
)

// Continuation is a suspended rt async frame: the method, where it resumes,
// the registers live at that await, and what it needs to resume correctly.
// Continuations form a chain from the innermost suspended frame (the leaf)
// to the root, whose Task is completed when the root frame returns.
//
// A continuation and its saved registers are one allocation (a size class
// of 1, 2, 4 or 8 registers; more live registers get their own array): 96
// bytes for a frame with one live register. The registers to restore are
// named by the await site (Func.Awaits), not stored. A frame that suspends
// again reuses its continuation, and a continuation whose frame has
// finished goes to the resuming thread's free list for its next suspension,
// so a steady stream of suspensions allocates nothing.
type Continuation struct {
	Fn *Func
	// regs holds the registers live after the await, in the site's order
	// (all when the site has no list): nregs of them, room for capReg;
	// inline after the struct in a classed continuation.
	regs          unsafe.Pointer
	nregs, capReg int32
	Cl            *Closure
	Next          *Continuation // the awaiting caller's continuation
	Task          *Task         // set on the root: completed with the root frame's result
	EC            *ctx.Context  // context to restore on resume; nil: none captured
	PC            int32         // resume pc: the instruction after the await
	Dst           int32         // register receiving the awaited result
	// InTry says an exception is delivered into this frame (it has an
	// exception slot); without one, an exception passes it by.
	InTry bool
	// Suppressed records that flow was suppressed at the suspension: the
	// continuation then runs in whatever context the resuming thread has.
	Suppressed bool
	Kind       AsyncKind
	// class is the size class (1 + index into contClassRegs), 0 when the
	// registers are a separate array; only classed continuations recycle.
	class uint8
	// once says the chain (when this is its leaf) is resumed exactly once
	// by what it waits for (a Task, or an awaiter that promises it), so its
	// continuations may be recycled after they finish.
	once bool

	// wake resumes the chain through an awaiter other than a Task (a Task
	// holds the chain itself); made at the first such registration of the
	// continuation object and kept with it through reuse and recycling.
	wake *contWake
}

// contWake is how an awaiter that is not a Task resumes a chain: fn, given
// to the awaiter's UnsafeOnCompleted, takes the result from aw.
type contWake struct {
	aw Awaiter
	fn func(w *Thread)
}

// Regs returns the saved registers.
func (c *Continuation) Regs() []Value { return unsafe.Slice((*Value)(c.regs), c.nregs) }

// setRegs makes regs (n of them used) the continuation's register array.
func (c *Continuation) setRegs(regs []Value, n int) {
	c.regs, c.nregs, c.capReg = unsafe.Pointer(unsafe.SliceData(regs)), int32(n), int32(cap(regs))
}

// ResumesOnce is implemented by library awaiters that call the function
// given to UnsafeOnCompleted exactly once (Task.Yield's). A user awaiter may
// call it any number of times, so a chain waiting on one is never recycled.
type ResumesOnce interface {
	ResumesOnce()
}

// The continuation size classes: a continuation with its registers inline.
const numContClasses = 4

var contClassRegs = [numContClasses]int{1, 2, 4, 8}

type (
	cont1 struct {
		c Continuation
		r [1]Value
	}
	cont2 struct {
		c Continuation
		r [2]Value
	}
	cont4 struct {
		c Continuation
		r [4]Value
	}
	cont8 struct {
		c Continuation
		r [8]Value
	}
)

// contFreeList is one size class of a thread's recycled continuations,
// linked through Next; it keeps at most maxFreeConts.
type contFreeList struct {
	head *Continuation
	n    int32
}

const maxFreeConts = 64

// newContinuation returns a continuation with room for n registers: a
// recycled one of t's, or a new one.
func (t *Thread) newContinuation(n int) *Continuation {
	class := -1
	for i, r := range contClassRegs {
		if n <= r {
			class = i
			break
		}
	}
	if class < 0 {
		t.M.Counters.Continuations.Add(1)
		c := &Continuation{}
		c.setRegs(make([]Value, n), n)
		t.countContinuation(c)
		return c
	}
	fl := &t.freeConts[class]
	if c := fl.head; c != nil {
		fl.head, fl.n = c.Next, fl.n-1
		c.Next = nil
		c.nregs = int32(n)
		return c
	}
	t.M.Counters.Continuations.Add(1)
	var c *Continuation
	switch class {
	case 0:
		x := &cont1{}
		x.c.setRegs(x.r[:], n)
		c = &x.c
	case 1:
		x := &cont2{}
		x.c.setRegs(x.r[:], n)
		c = &x.c
	case 2:
		x := &cont4{}
		x.c.setRegs(x.r[:], n)
		c = &x.c
	default:
		x := &cont8{}
		x.c.setRegs(x.r[:], n)
		c = &x.c
	}
	c.class = uint8(class + 1)
	t.countContinuation(c)
	return c
}

// recycle puts a continuation whose frame has finished on t's free list.
// Its registers are cleared so that it keeps nothing alive; its wake
// function stays (it resumes whatever the continuation holds next).
func (t *Thread) recycle(c *Continuation) {
	if c.class == 0 {
		return
	}
	fl := &t.freeConts[c.class-1]
	if fl.n >= maxFreeConts {
		return
	}
	clear(unsafe.Slice((*Value)(c.regs), c.capReg))
	*c = Continuation{regs: c.regs, capReg: c.capReg, Next: fl.head, class: c.class, wake: c.wake}
	fl.head, fl.n = c, fl.n+1
}

// errSuspended is returned by run when its boundary frame suspended (a
// resumed frame awaiting again); the chain is already registered.
var errSuspended = errors.New("suspended")

// AsyncCallEnter prepares a just-pushed frame of an rt async method.
// awaited says whether the caller awaits it directly (async calling
// convention) or observes it as a Task (thunk).
func (t *Thread) asyncEnter(awaited bool) {
	fr := &t.frames[len(t.frames)-1]
	if awaited {
		fr.flags |= frameAwaited
	} else {
		fr.flags |= frameThunk
	}
	fr.ec = t.Ctx.Installed()
	t.asyncCalls++
}

// restoreEC puts back the context saved when an async frame was entered
// (nil: Default).
func (t *Thread) restoreEC(ec *ctx.Context) {
	if t.Ctx.Installed() != ec {
		t.Ctx.Switch(ec)
	}
}

// Cached completed tasks, as .NET caches Task.CompletedTask, true/false and
// small integers.
var (
	completedVoid  = completedTask(nil, Null)
	completedTrue  = completedTask(TBool, Bool(true))
	completedFalse = completedTask(TBool, Bool(false))
	completedInts  [10]*Task
	completedNull  = completedTask(TObject, Null)
)

func init() {
	for i := range completedInts {
		completedInts[i] = completedTask(TInt, Int(int32(i-1)))
	}
}

func completedTask(rt *Type, v Value) *Task {
	tk := NewTask(rt)
	tk.result = v
	tk.state.Store(uint32(StatusRanToCompletion))
	return tk
}

// CompletedTaskValue returns the cached Task.CompletedTask.
func CompletedTaskValue() *Task { return completedVoid }

// thunkResult turns an rt async method's return value into what its
// observing caller receives: a completed Task (cached when .NET caches it),
// a ValueTask, or nothing for async void.
func (t *Thread) thunkResult(kind AsyncKind, v Value) Value {
	t.M.Counters.Tasks.Add(1)
	switch kind {
	case AsyncVoid:
		return Null
	case AsyncTask:
		return TaskValue(completedVoid)
	case AsyncValueTask:
		return t.M.valueTask(nil, Null, false)
	case AsyncValueTaskT:
		if t.M.Host != nil {
			return t.M.Host.ValueTask(nil, v, true)
		}
	}
	var tk *Task
	switch {
	case v.p == ptrBool:
		if v.n != 0 {
			tk = completedTrue
		} else {
			tk = completedFalse
		}
	case v.p == ptrInt && v.AsInt() >= -1 && v.AsInt() <= 8:
		tk = completedInts[v.AsInt()+1]
	case v.IsNull():
		tk = completedNull
	default:
		tk = completedTask(TObject, v)
	}
	return TaskValue(tk)
}

// thunkFault turns an exception escaping an rt async method into a faulted
// (or canceled) task for its observing caller. Async void crashes the process.
func (t *Thread) thunkFault(kind AsyncKind, err error) (Value, error) {
	th, ok := err.(*Thrown)
	if !ok {
		return Null, err
	}
	if kind == AsyncVoid {
		t.M.Crash(err)
		return Null, nil
	}
	resultT := TObject
	if kind == AsyncTask || kind == AsyncValueTask {
		resultT = nil
	}
	tk := NewTask(resultT)
	t.countTask(tk)
	t.M.Counters.Tasks.Add(1)
	t.faultTask(tk, th.Exc)
	if kind == AsyncValueTask || kind == AsyncValueTaskT {
		return t.M.valueTask(tk, Null, kind == AsyncValueTaskT), nil
	}
	return TaskValue(tk), nil
}

// IsCancellation reports whether e is an OperationCanceledException.
func (t *Thread) IsCancellation(e *Instance) bool {
	oce := t.M.Prog.TypeByName("System.OperationCanceledException")
	return oce != nil && e.typ.IsSubclassOf(oce)
}

func (t *Thread) faultTask(tk *Task, e *Instance) {
	if t.IsCancellation(e) {
		tk.TryComplete(t, StatusCanceled, Null, []*Instance{e})
		return
	}
	tk.TryComplete(t, StatusFaulted, Null, []*Instance{e})
}

// await executes OpAwait and the awaiting calls. It reports exit when the
// run loop's boundary frame is gone (it returned a Task, or suspended).
func (t *Thread) await(ins Instr, regs []Value) (ret Value, exit bool, err error) {
	a := ins.A()
	switch ins.Op() {
	case OpAwait:
		return t.awaitValue(regs[ins.B()], a)
	case OpCallAw:
		callee := t.M.Prog.Funcs[ins.B()]
		if callee.Native != nil {
			v, err := callee.Native(t, regs[a:a+ins.C()])
			if err != nil {
				return Null, false, err
			}
			return t.awaitValue(v, a)
		}
		fr := &t.frames[len(t.frames)-1]
		base := fr.base + a
		if err := t.pushFrame(callee, base, ins.C(), base, nil); err != nil {
			return Null, false, err
		}
		t.awaitedCall(callee)
		return Null, false, nil
	case OpCallVAw, OpCallDAw:
		op := OpCallVirt
		if ins.Op() == OpCallDAw {
			op = OpCallDel
		}
		depth := len(t.frames)
		pushed, err := t.callDynamic(MakeABC(op, a, ins.B(), ins.C()), regs)
		if err != nil {
			return Null, false, err
		}
		if pushed {
			t.awaitedCall(t.frames[depth].fn)
			return Null, false, nil
		}
		return t.awaitValue(regs[a], a)
	}
	return Null, false, nil
}

// awaitedCall marks the frame just pushed for an awaiting call: an rt async
// callee uses the async calling convention; any other callee returns an
// awaitable that is awaited when it returns.
func (t *Thread) awaitedCall(callee *Func) {
	if callee.Async != NotAsync {
		t.asyncEnter(true)
		return
	}
	t.frames[len(t.frames)-1].flags |= frameAwaitResult
}

// awaitValue awaits v for the top frame, delivering the result to R[dst]
// when it is complete, else suspending the frame chain.
func (t *Thread) awaitValue(v Value, dst int) (Value, bool, error) {
	if r, _, ok := CompletedValueTaskResult(v); ok {
		t.setReg(dst, r)
		return Null, false, nil
	}
	aw, err := t.GetAwaiter(v)
	if err != nil {
		return Null, false, err
	}
	if aw.IsCompleted() {
		r, err := aw.GetResult(t)
		if err != nil {
			return Null, false, err
		}
		fr := &t.frames[len(t.frames)-1]
		t.stack[fr.base+dst] = r
		return Null, false, nil
	}
	return t.suspend(aw, dst)
}

// suspend saves the top frame and every frame awaiting it, up to the nearest
// boundary (a thunk, which gets a Task owning the chain, or a resumed frame,
// which links the rest of its chain), and registers the resumption with aw.
func (t *Thread) suspend(aw Awaiter, dst int) (ret Value, exit bool, err error) {
	t.M.Counters.Suspensions.Add(1)
	var first, last *Continuation
	leafEC := t.Ctx.Current()
	ecHere := leafEC
	for {
		fr := &t.frames[len(t.frames)-1]
		c := t.saveFrame(fr, dst, ecHere)
		if last != nil {
			last.Next = c
		} else {
			first = c
		}
		last = c
		flags, savedEC, ret := fr.flags, fr.ec, fr.ret
		kind := fr.fn.Async
		t.frames = t.frames[:len(t.frames)-1]
		if flags&frameResumed != 0 {
			// c is the continuation this frame was resumed from, reused
			// (saveFrame); it keeps that one's successor, task and kind.
			// The root's task now waits on a new leaf.
			root := c
			for root.Next != nil {
				root = root.Next
			}
			if root.Task != nil {
				root.Task.Owner = first
			}
			t.register(aw, first)
			return Null, true, errSuspended
		}
		t.restoreEC(savedEC)
		ecHere = savedEC
		if flags&frameAwaited != 0 {
			caller := &t.frames[len(t.frames)-1]
			dst = ret - caller.base
			continue
		}
		// A thunk: the caller observes a Task owning the chain.
		resultT := TObject
		if kind == AsyncTask || kind == AsyncValueTask || kind == AsyncVoid {
			resultT = nil
		}
		tk := NewTask(resultT)
		tk.state.Store(tk.state.Load() | stateChain) // not yet published
		tk.Owner = first
		t.countTask(tk)
		t.M.Counters.Tasks.Add(1)
		c.Task = tk
		c.Kind = kind
		var tv Value
		switch kind {
		case AsyncVoid:
		case AsyncValueTask, AsyncValueTaskT:
			tv = t.M.valueTask(tk, Null, kind == AsyncValueTaskT)
		default:
			tv = TaskValue(tk)
		}
		t.stack[ret] = tv
		t.register(aw, first)
		if flags&frameBoundary != 0 {
			return tv, true, nil
		}
		return Null, false, nil
	}
}

// saveFrame allocates the continuation of a suspending frame.
func (t *Thread) saveFrame(fr *Frame, dst int, ec *ctx.Context) *Continuation {
	fn := fr.fn
	site := fn.awaitSite(fr.pc - 1)
	n := fn.NumRegs
	if site != nil && site.Live != nil {
		n = len(site.Live)
	}
	// A frame resumed from a continuation that suspends again reuses that
	// continuation (and its register array when large enough): a loop of
	// awaits allocates once, not once per iteration. Nothing else refers to
	// it any more: its predecessor in the chain has finished, and the
	// dispatcher that resumed it does not touch it after a re-suspension.
	var c *Continuation
	if fr.flags&frameResumed != 0 {
		c = fr.rest
		old := *c
		*c = Continuation{regs: old.regs, nregs: int32(n), capReg: old.capReg, Next: old.Next, Task: old.Task, Kind: old.Kind, class: old.class, wake: old.wake}
		if int(old.capReg) < n {
			c.setRegs(make([]Value, n), n)
			c.class = 0
		}
	} else {
		c = t.newContinuation(n)
		c.Kind = fn.Async
	}
	c.Fn, c.PC, c.Dst, c.Cl = fn, int32(fr.pc), int32(dst), fr.cl
	regs := t.stack[fr.base : fr.base+fn.NumRegs]
	saved := c.Regs()
	if site != nil && site.Live != nil {
		for i, r := range site.Live {
			saved[i] = regs[r]
		}
	} else {
		copy(saved, regs)
	}
	if site != nil {
		c.InTry = site.InTry
	} else {
		c.InTry = true
	}
	switch {
	case ec == nil || ec.IsDefault():
	case ec.IsFlowSuppressed():
		c.Suppressed = true
	default:
		c.EC = ec
		t.M.Counters.ECCaptures.Add(1)
	}
	return c
}

func (f *Func) awaitSite(pc int) *AwaitSite {
	for i := range f.Awaits {
		if f.Awaits[i].PC == pc {
			return &f.Awaits[i]
		}
	}
	return nil
}

// register asks the awaiter to resume the chain when it completes. A Task
// holds the chain itself in its continuation slot (no closure); awaiters
// that resume once get the chain's wake function, made once per
// continuation object and reused with it, and the awaiter travels in the
// continuation; others get a one-shot resumption per registration.
func (t *Thread) register(aw Awaiter, chain *Continuation) {
	if tk, ok := aw.(*Task); ok {
		chain.once = true
		if tk.addContinuation(chain) {
			return
		}
	} else if _, chain.once = aw.(ResumesOnce); !chain.once {
		// An awaiter that may call its continuation more than once (or
		// late, after the chain moved on) gets a resumption of its own
		// that runs the first time only.
		var fired atomic.Bool
		aw.UnsafeOnCompleted(t, func(w *Thread) {
			if fired.Swap(true) {
				return
			}
			v, err := aw.GetResult(w)
			w.Dispatch(chain, v, err)
		})
		return
	}
	if chain.wake == nil {
		x := &contWake{}
		x.fn = func(w *Thread) {
			a := x.aw
			x.aw = nil
			v, err := a.GetResult(w)
			w.Dispatch(chain, v, err)
		}
		chain.wake = x
	}
	chain.wake.aw = aw
	if _, ok := aw.(*Task); ok {
		// The task completed since IsCompleted was asked.
		t.Queue(chain.wake.fn)
		return
	}
	aw.UnsafeOnCompleted(t, chain.wake.fn)
}

// Dispatch resumes a suspended chain with the awaited result (or
// exception), leaf first, passing each frame's result to the next, until
// the chain completes its task or suspends again. The thread's context is
// saved when the dispatch starts and put back when it ends. Continuations
// whose frames finish are recycled when the chain is resumed only once.
func (t *Thread) Dispatch(c *Continuation, v Value, err error) {
	saved := t.Ctx.Current()
	recycle := c.once
	for c != nil {
		if err != nil && !c.InTry {
			// No exception slot: the exception passes through this frame.
		} else {
			switch {
			case c.EC != nil:
				t.M.Counters.ECRestores.Add(1)
				t.Ctx.Switch(c.EC)
			case !c.Suppressed:
				if !t.Ctx.Current().IsDefault() {
					t.Ctx.Switch(ctx.Default)
				}
			}
			var again bool
			v, err, again = t.resume(c, v, err)
			if again {
				break
			}
		}
		next := c.Next
		if next == nil {
			t.finishChain(c, v, err)
			if recycle {
				t.recycle(c)
			}
			break
		}
		if recycle {
			t.recycle(c)
		}
		c = next
	}
	if t.Ctx.Current() != saved {
		t.Ctx.Switch(saved)
	}
}

// finishChain completes the root's task with the chain's outcome.
func (t *Thread) finishChain(root *Continuation, v Value, err error) {
	tk := root.Task
	if tk == nil {
		return
	}
	tk.Owner = nil // the chain's continuations are recycled from here on
	if err != nil {
		th, ok := err.(*Thrown)
		if !ok {
			t.M.Crash(err)
			return
		}
		if root.Kind == AsyncVoid {
			t.M.Crash(err)
			return
		}
		t.faultTask(tk, th.Exc)
		return
	}
	if root.Kind == AsyncTask || root.Kind == AsyncValueTask || root.Kind == AsyncVoid {
		v = Null
	}
	tk.TryComplete(t, StatusRanToCompletion, v, nil)
}

// resume re-enters a continuation's frame with the awaited result (or
// raises the exception at its await) and runs it until it returns, throws,
// or suspends again (again = true; the rest of the chain is linked behind
// the new continuation).
func (t *Thread) resume(c *Continuation, v Value, err error) (Value, error, bool) {
	fn := c.Fn
	base := t.top()
	if need := base + fn.NumRegs + 1; need > len(t.stack) {
		t.growStack(need)
	}
	regs := t.stack[base : base+fn.NumRegs]
	saved := c.Regs()
	if site := fn.awaitSite(int(c.PC) - 1); site != nil && site.Live != nil {
		for i, r := range site.Live {
			regs[r] = saved[i]
		}
	} else {
		copy(regs, saved)
	}
	t.frames = append(t.frames, Frame{fn: fn, pc: int(c.PC), base: base, ret: base, cl: c.Cl,
		flags: frameBoundary | frameResumed, rest: c})
	var r Value
	if err != nil {
		r, err = t.runThrow(err)
	} else {
		regs[c.Dst] = v
		r, err = t.run()
	}
	if err == errSuspended {
		return Null, nil, true
	}
	return r, err, false
}

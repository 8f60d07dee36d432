package vm

import (
	"sync"
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
// of 1, 2, 4 or 8 registers; more live registers get their own array): a
// 48-byte header, so that one with a live register is 64 bytes, one cache
// line and the allocator's 64-byte class. What the await site already
// says is not stored: the registers to restore, their count and the
// resume pc are read from the site (Func.Awaits, by index). Only a
// continuation with no site, or more registers than a class holds, is a
// contBig, which stores them.
// A frame that suspends again reuses its continuation, and a continuation
// whose frame has finished goes to the resuming thread's free list for its
// next suspension (full lists pass between threads through the machine's
// contDepot), so a steady stream of suspensions allocates nothing. The
// root's Task is a separate object: it outlives the continuation, which is
// recycled as soon as the root frame finishes.
type Continuation struct {
	Fn *Func
	Cl *Closure
	// link is the awaiting caller's continuation; on the root of a chain
	// (contRoot) it is the Task the chain completes.
	link unsafe.Pointer
	EC   *ctx.Context // context to restore on resume; nil: none captured
	// wake resumes the chain through an awaiter other than a Task (a Task
	// holds the chain itself); made at the first such registration of the
	// continuation object and kept with it through reuse and recycling.
	wake *contWake
	Dst  uint16 // register receiving the awaited result
	// site is 1 + the index of the await in Fn.Awaits; 0 when it has none
	// (every register is saved, and the continuation is a contBig).
	site  uint16
	Kind  AsyncKind
	class uint8 // size class (1 + index into contClassRegs); 0: a contBig, never recycled
	bits  uint8 // contInTry, contSuppressed, contOnce, contRoot, contFinal, contPost
}

// Continuation bits.
const (
	// contInTry says an exception is delivered into this frame (it has an
	// exception slot); without one, an exception passes it by.
	contInTry uint8 = 1 << iota
	// contSuppressed records that flow was suppressed at the suspension:
	// the continuation then runs in whatever context the resuming thread
	// has.
	contSuppressed
	// contOnce says the chain (when this is its leaf) is resumed exactly
	// once by what it waits for (a Task, or an awaiter that promises it),
	// so its continuations may be recycled after they finish.
	contOnce
	// contRoot marks the root of a chain: link is its Task.
	contRoot
	// contFinal says the await site is Final: the frame, resumed, finishes
	// without suspending again (enterChainValue restores its caller
	// beneath it).
	contFinal
	// contPost says the await captured a SynchronizationContext
	// (wake.post): the frame resumes there (see Dispatch).
	contPost
)

// Next returns the awaiting caller's continuation, nil at the root.
func (c *Continuation) Next() *Continuation {
	if c.bits&contRoot != 0 {
		return nil
	}
	return (*Continuation)(c.link)
}

// Task returns the task a chain's root completes (nil elsewhere).
func (c *Continuation) Task() *Task {
	if c.bits&contRoot == 0 {
		return nil
	}
	return (*Task)(c.link)
}

// contWake is how an awaiter that is not a Task resumes a chain: fn, given
// to the awaiter's UnsafeOnCompleted, takes the result from aw. It also
// holds the rare contexts a continuation carries, so that the common
// continuation has no field for them: post, the SynchronizationContext the
// await captured (valid while contPost is set), and, on the root of an
// async void method's chain, the context its builder captured at the call
// (voidCtx; roots are never recycled).
type contWake struct {
	aw      Awaiter
	fn      func(w *Thread)
	post    *Instance
	voidCtx *Instance
}

// extra returns c's contWake, made at the first need.
func (c *Continuation) extra() *contWake {
	if c.wake == nil {
		c.wake = &contWake{}
	}
	return c.wake
}

// setPost records that c resumes on the SynchronizationContext sc.
func (c *Continuation) setPost(sc *Instance) {
	c.extra().post = sc
	c.bits |= contPost
}

// clearPost forgets the context c captured (before reuse).
func (c *Continuation) clearPost() {
	if c.bits&contPost != 0 {
		c.wake.post = nil
		c.bits &^= contPost
	}
}

// CapturesContext is implemented by library awaiters that may continue on
// the captured context (a configured task's, a ValueTask's): an await of
// one captures the SynchronizationContext when it reports true. A Task
// awaited directly always does; Task.Yield posts by itself; a program's
// awaiter decides for itself in its OnCompleted.
type CapturesContext interface {
	ContinuesOnCapturedContext() bool
}

// continuesOnContext reports whether an await of aw captures the context.
func continuesOnContext(aw Awaiter) bool {
	switch a := aw.(type) {
	case *Task:
		return true
	case CapturesContext:
		return a.ContinuesOnCapturedContext()
	}
	return false
}

// Regs returns the saved registers.
func (c *Continuation) Regs() []Value {
	return unsafe.Slice((*Value)(c.regBase()), c.nregs())
}

// contBig is a continuation whose registers have their own array (more
// live than the largest class holds, or every register of a frame whose
// await has no site), with the resume pc that a site would give.
type contBig struct {
	c    Continuation
	pc   int32
	regs []Value // Fn.NumRegs long
}

// big returns the contBig c is the header of; only when c.class is 0.
func (c *Continuation) big() *contBig { return (*contBig)(unsafe.Pointer(c)) }

// regBase is the address of c's first saved register: inline after the
// header in a classed continuation (cont1 ... cont8), else its array.
func (c *Continuation) regBase() unsafe.Pointer {
	if c.class == 0 {
		return unsafe.Pointer(unsafe.SliceData(c.big().regs))
	}
	return unsafe.Add(unsafe.Pointer(c), unsafe.Sizeof(Continuation{}))
}

// nregs is the number of registers c saves: its site's live list, or all
// of them.
func (c *Continuation) nregs() int {
	if c.site != 0 {
		if live := c.Fn.Awaits[c.site-1].Live; live != nil {
			return len(live)
		}
	}
	return c.Fn.NumRegs
}

// ResumePC is the pc c's frame resumes at: the instruction after the await.
func (c *Continuation) ResumePC() int {
	if c.site != 0 {
		return c.Fn.Awaits[c.site-1].PC + 1
	}
	return int(c.big().pc)
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

// contFreeList is one size class of a thread's recycled continuations, a
// stack of at most maxFreeConts. It is an array rather than a list linked
// through the continuations: taking one then does not read it, and a
// continuation last written by another thread's core (a worker finishing
// what this thread suspended) is not read on the way to the next one;
// pointer chasing through such a list costs a cache miss per step.
type contFreeList struct {
	n     int32
	items [maxFreeConts]*Continuation
}

const maxFreeConts = 64

// contDepot is where threads exchange whole free lists of one size class,
// so that continuations finished on one thread serve suspensions on
// another (a thread that only suspends, like a loop starting calls that
// pool workers resume, never finishes any itself). A thread gives its list
// when it is full and takes one when its own is empty: one lock per
// maxFreeConts continuations. It keeps at most maxDepotLists lists.
type contDepot struct {
	n     atomic.Int32 // len(full), read without the lock
	mu    sync.Mutex
	full  []*[maxFreeConts]*Continuation
	spare []*[maxFreeConts]*Continuation // emptied arrays, for give
}

const maxDepotLists = 64

// give moves the full list fl into the depot, reporting false (fl kept)
// when the depot is full.
func (d *contDepot) give(fl *contFreeList) bool {
	d.mu.Lock()
	if len(d.full) >= maxDepotLists {
		d.mu.Unlock()
		return false
	}
	var a *[maxFreeConts]*Continuation
	if n := len(d.spare); n > 0 {
		a = d.spare[n-1]
		d.spare = d.spare[:n-1]
	} else {
		a = new([maxFreeConts]*Continuation)
	}
	*a = fl.items
	d.full = append(d.full, a)
	d.n.Store(int32(len(d.full)))
	d.mu.Unlock()
	clear(fl.items[:])
	fl.n = 0
	return true
}

// take fills the empty list fl from the depot, if it has a list.
func (d *contDepot) take(fl *contFreeList) {
	if d.n.Load() == 0 {
		return
	}
	d.mu.Lock()
	n := len(d.full)
	if n == 0 {
		d.mu.Unlock()
		return
	}
	a := d.full[n-1]
	d.full[n-1] = nil
	d.full = d.full[:n-1]
	d.n.Store(int32(n - 1))
	fl.items = *a
	clear(a[:])
	d.spare = append(d.spare, a)
	d.mu.Unlock()
	fl.n = maxFreeConts
}

// contClass is the size class for n registers, -1 when none has room.
func contClass(n int) int {
	switch {
	case n <= 1:
		return 0
	case n <= 2:
		return 1
	case n <= 4:
		return 2
	case n <= 8:
		return 3
	}
	return -1
}

// newContinuation returns a continuation with room for n registers of a
// frame of numRegs: a recycled one of t's, or a new one; a contBig when
// big (the await has no site) or n is beyond the classes.
func (t *Thread) newContinuation(n, numRegs int, big bool) *Continuation {
	class := contClass(n)
	if big || class < 0 {
		t.Counters.Continuations.Add(1)
		x := &contBig{regs: make([]Value, numRegs)}
		t.countContinuation(&x.c, numRegs+2)
		return &x.c
	}
	fl := &t.freeConts[class]
	if fl.n == 0 {
		t.M.contDepot[class].take(fl)
	}
	if fl.n > 0 {
		fl.n--
		c := fl.items[fl.n]
		fl.items[fl.n] = nil
		return c
	}
	t.Counters.Continuations.Add(1)
	var c *Continuation
	switch class {
	case 0:
		c = &(&cont1{}).c
	case 1:
		c = &(&cont2{}).c
	case 2:
		c = &(&cont4{}).c
	default:
		c = &(&cont8{}).c
	}
	c.class = uint8(class + 1)
	t.countContinuation(c, contClassRegs[class])
	return c
}

// roomFor reports whether c's register array holds n registers of a frame
// of its function (a contBig's holds all of them), and whether c is a
// contBig when big says it must be.
func (c *Continuation) roomFor(n int, big bool) bool {
	if c.class == 0 {
		return true
	}
	return !big && n <= contClassRegs[c.class-1]
}

// recycle puts a continuation whose frame has finished on t's free list.
// What it refers to is cleared so that it keeps nothing alive (registers
// beyond nregs are always clear); its wake function stays (it resumes
// whatever the continuation holds next).
func (t *Thread) recycle(c *Continuation) {
	if c.class == 0 {
		return
	}
	fl := &t.freeConts[c.class-1]
	if fl.n >= maxFreeConts {
		if !t.M.contDepot[c.class-1].give(fl) {
			return
		}
	}
	if n := c.nregs(); n > 0 {
		clear(unsafe.Slice((*Value)(c.regBase()), n))
	}
	// Fn is cleared for the deadlock report, which skips finished
	// continuations; the others only when set, sparing the write barrier.
	c.Fn = nil
	if c.Cl != nil {
		c.Cl = nil
	}
	if c.EC != nil {
		c.EC = nil
	}
	c.clearPost()
	c.link = nil
	c.bits = 0
	fl.items[fl.n] = c
	fl.n++
}

// errSuspended is returned by run when its boundary frame suspended (a
// resumed frame awaiting again); the chain is already registered. Its
// static type is a pointer, so `err == errSuspended` compiles to two word
// compares rather than a call of the runtime's interface equality.
var errSuspended = &suspendedError{}

type suspendedError struct{}

func (*suspendedError) Error() string { return "suspended" }

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
	if fr.fn.Async == AsyncVoid && t.syncCtx != nil {
		t.voidStarted()
	}
}

// voidStarted tells SynchronizationContext.Current that an async void
// method starts (AsyncVoidMethodBuilder.Create calls OperationStarted).
func (t *Thread) voidStarted() {
	if err := t.OperationStarted(t.syncCtx); err != nil {
		t.M.Crash(err)
	}
}

// voidCompleted ends an async void method that captured sc at its call:
// OperationCompleted, after posting its exception (err, if any) to sc, as
// AsyncVoidMethodBuilder does. Without a context, or when the post fails,
// the exception crashes the program, as it is rethrown on the pool.
func (t *Thread) voidCompleted(sc *Instance, err error) {
	if err != nil {
		th, ok := err.(*Thrown)
		if sc == nil || !ok || !t.PostException(sc, th.Exc) {
			t.M.Crash(err)
			return
		}
	}
	if sc != nil {
		if e := t.OperationCompleted(sc); e != nil {
			t.M.Crash(e)
		}
	}
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
	completedTrue.SetTaskType(TaskOf(TBool))
	completedFalse.SetTaskType(TaskOf(TBool))
	for _, tk := range completedInts {
		tk.SetTaskType(TaskOf(TInt))
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

// thunkResult turns rt async method fn's return value into what its
// observing caller receives: a completed Task (cached when .NET caches it:
// a Task<bool>, a Task<int> of -1..8), a ValueTask, or nothing for async
// void.
func (t *Thread) thunkResult(fn *Func, v Value) Value {
	t.Counters.Tasks.Add(1)
	kind := fn.Async
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
	taskT := fn.TaskType
	switch {
	case v.p == ptrBool && (taskT == nil || taskT.Args[0] == TBool):
		if v.n != 0 {
			tk = completedTrue
		} else {
			tk = completedFalse
		}
	case v.p == ptrInt && v.AsInt() >= -1 && v.AsInt() <= 8 && (taskT == nil || taskT.Args[0] == TInt):
		tk = completedInts[v.AsInt()+1]
	case v.IsNull() && taskT == nil:
		tk = completedNull
	default:
		tk = completedTask(TObject, v)
		if taskT != nil {
			tk.SetTaskType(taskT)
		}
	}
	return TaskValue(tk)
}

// thunkFault turns an exception escaping an rt async method into a faulted
// (or canceled) task for its observing caller. Async void crashes the process.
func (t *Thread) thunkFault(fn *Func, err error) (Value, error) {
	kind := fn.Async
	th, ok := err.(*Thrown)
	if !ok {
		return Null, err
	}
	if kind == AsyncVoid {
		t.voidCompleted(t.syncCtx, err)
		return Null, nil
	}
	resultT := TObject
	if kind == AsyncTask || kind == AsyncValueTask {
		resultT = nil
	}
	tk := NewTask(resultT)
	if resultT != nil && fn.TaskType != nil {
		tk.SetTaskType(fn.TaskType)
	}
	t.countTask(tk)
	t.Counters.Tasks.Add(1)
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
			if th, ok := err.(*Thrown); ok {
				t.rethrownAt(th.Exc, nil)
			}
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
// It is one pass down the frame stack: a frame awaited by its caller in the
// context the caller had (the common `return await F() + 1`) is saved and
// passed without popping it or touching the context; the frames are popped
// together at the boundary. Only a frame whose caller's context differs
// takes the slow step (pop it, switch the context back, which may run
// change handlers).
func (t *Thread) suspend(aw Awaiter, dst int) (ret Value, exit bool, err error) {
	t.Counters.Suspensions.Add(1)
	var first, last *Continuation
	ec := t.Ctx.Installed() // the context at the await being saved (nil: Default)
	// The SynchronizationContext the leaf's await sees (frames leaving
	// below may put back another before the registration), and Current
	// there, which the awaiter's OnCompleted runs in.
	leafSync, leafCur := t.awaitCtx, t.syncCtx
	frames := t.frames
	i := len(frames) - 1
	for {
		fr := &frames[i]
		c := t.saveFrame(fr, dst, ec)
		if sc := t.awaitCtx; sc != nil && (last != nil || continuesOnContext(aw)) {
			c.setPost(sc)
		}
		if fr.flags&frameSyncSaved != 0 {
			fr.flags &^= frameSyncSaved
			t.restoreSyncCtx(i)
		}
		if last != nil {
			last.link = unsafe.Pointer(c)
		} else {
			first = c
		}
		last = c
		flags := fr.flags
		if flags&frameAwaited != 0 && fr.ec == ec {
			// The caller awaits this frame in the context installed now:
			// nothing to switch back.
			dst = fr.ret - frames[i-1].base
			i--
			continue
		}
		if flags&frameResumed != 0 {
			// c is the continuation this frame was resumed from, reused
			// (saveFrame); it keeps that one's successor, task and kind.
			// The root's task now waits on a new leaf.
			t.frames = frames[:i]
			root := c
			for root.bits&contRoot == 0 && root.link != nil {
				root = (*Continuation)(root.link)
			}
			if tk := root.Task(); tk != nil {
				tk.leaf = first
			}
			t.register(aw, first, leafSync, leafCur)
			return Null, true, errSuspended
		}
		savedEC, ret, kind, taskT := fr.ec, fr.ret, fr.fn.Async, fr.fn.TaskType
		t.frames = frames[:i]
		t.restoreEC(savedEC) // may run bytecode (change handlers) above frame i-1
		frames = t.frames
		ec = savedEC
		if flags&frameAwaited != 0 {
			dst = ret - frames[i-1].base
			i--
			continue
		}
		// A thunk: the caller observes a Task owning the chain.
		resultT := TObject
		if kind == AsyncTask || kind == AsyncValueTask || kind == AsyncVoid {
			resultT = nil
		}
		tk := NewTask(resultT)
		t.countTask(tk)
		if resultT != nil && taskT != nil {
			tk.SetTaskType(taskT)
		}
		tk.state.Store(tk.state.Load() | stateChain) // not yet published
		tk.leaf = first
		if kind == AsyncVoid && t.syncCtx != nil {
			c.extra().voidCtx = t.syncCtx
		}
		t.Counters.Tasks.Add(1)
		c.link = unsafe.Pointer(tk)
		c.bits |= contRoot
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
		t.register(aw, first, leafSync, leafCur)
		if flags&frameBoundary != 0 {
			return tv, true, nil
		}
		return Null, false, nil
	}
}

// saveFrame returns the continuation of a suspending frame, its registers
// saved; ec is the context installed at its await (nil: Default).
func (t *Thread) saveFrame(fr *Frame, dst int, ec *ctx.Context) *Continuation {
	fn := fr.fn
	si := fn.awaitSite(fr.pc - 1)
	var c *Continuation
	var bits uint8
	if si < 0 || si >= 0xFFFF {
		// No site (or no index to keep): every register is saved, and an
		// exception is delivered into the frame.
		si, bits = -1, contInTry
		c = t.frameContinuation(fr, fn.NumRegs, true)
		copy(c.big().regs, t.stack[fr.base:fr.base+fn.NumRegs])
	} else {
		site := &fn.Awaits[si]
		if site.InTry {
			bits = contInTry
		}
		if site.Final {
			bits |= contFinal
		}
		live := site.Live
		if live == nil {
			c = t.frameContinuation(fr, fn.NumRegs, false)
			copy(unsafe.Slice((*Value)(c.regBase()), fn.NumRegs), t.stack[fr.base:fr.base+fn.NumRegs])
		} else {
			c = t.frameContinuation(fr, len(live), false)
			if len(live) > 0 {
				regs := t.stack[fr.base : fr.base+fn.NumRegs]
				saved := unsafe.Slice((*Value)(c.regBase()), len(live))
				for i, r := range live {
					saved[i] = regs[r]
				}
			}
		}
	}
	c.Fn, c.Dst, c.site = fn, uint16(dst), uint16(si+1)
	if c.class == 0 {
		c.big().pc = int32(fr.pc)
	}
	if c.Cl != fr.cl {
		c.Cl = fr.cl
	}
	if ec != nil && !ec.IsDefault() {
		if ec.IsFlowSuppressed() {
			bits |= contSuppressed
		} else {
			c.EC = ec
			t.Counters.ECCaptures.Add(1)
		}
	}
	c.bits |= bits
	return c
}

// frameContinuation returns the continuation to save a suspending frame in,
// with room for n registers (a contBig when big): the one a resumed frame
// was resumed from, or a new one. A resumed frame reuses its continuation
// when it has room: a loop of awaits allocates once, not once per
// iteration. Nothing else refers to it any more: its predecessor in the
// chain has finished, and the dispatcher that resumed it does not touch it
// after a re-suspension. It keeps its link (the rest of the chain, or the
// root's task), kind, class and wake function; its other bits and context
// are cleared for the caller to set. One without room is replaced by a new
// one with its link, kind and root bit (and an async void root's context);
// the old one is left to the collector.
func (t *Thread) frameContinuation(fr *Frame, n int, big bool) *Continuation {
	fn := fr.fn
	if fr.flags&frameResumed == 0 {
		c := t.newContinuation(n, fn.NumRegs, big)
		c.Kind = fn.Async
		return c
	}
	c := fr.rest
	if !c.roomFor(n, big) {
		old := c
		c = t.newContinuation(n, fn.NumRegs, big)
		c.link, c.Kind, c.bits = old.link, old.Kind, old.bits&contRoot
		if vc := old.voidCtx(); vc != nil {
			c.extra().voidCtx = vc
		}
		fr.rest = c
		return c
	}
	if old := c.nregs(); n < old {
		clear(unsafe.Slice((*Value)(c.regBase()), old)[n:])
	}
	c.clearPost()
	c.bits &= contRoot
	if c.EC != nil {
		c.EC = nil
	}
	return c
}

// awaitSite returns the index in f.Awaits of the await at pc, -1 if none.
func (f *Func) awaitSite(pc int) int {
	if uint(pc) < uint(len(f.AwaitAt)) {
		return int(f.AwaitAt[pc]) - 1
	}
	for i := range f.Awaits {
		if f.Awaits[i].PC == pc {
			return i
		}
	}
	return -1
}

// register asks the awaiter to resume the chain when it completes; sc is
// the context the await saw (Task.Yield posts to it). A Task
// holds the chain itself in its continuation slot (no closure); Task.Yield
// (a Yielder) has the chain queued as it is; other awaiters that resume
// once get the chain's wake function, made once per continuation object and
// reused with it, and the awaiter travels in the continuation; others get a
// one-shot resumption per registration.
func (t *Thread) register(aw Awaiter, chain *Continuation, sc, cur *Instance) {
	switch a := aw.(type) {
	case *Task:
		chain.bits |= contOnce
		if a.addContinuation(chain) {
			return
		}
		// The task completed since IsCompleted was asked.
		t.Queue(chain.wakeFor(aw))
		return
	case Yielder:
		chain.bits |= contOnce
		if sc != nil {
			// Task.Yield posts to the context current at the await (or
			// the scheduler's).
			t.PostTo(sc, func(w *Thread) { w.dispatch(chain, Null, nil) })
			return
		}
		t.QueueItem((*yieldResume)(chain))
		return
	}
	// The awaiter's OnCompleted runs in the SynchronizationContext current
	// at the await, as .NET's dispatcher puts back the suspending leaf's
	// before it calls the notifier: a value task source that posts to
	// Current posts there, not to the context the frames below restored.
	if prev := t.syncCtx; prev != cur {
		t.ResetSyncContext(cur)
		defer t.ResetSyncContext(prev)
	}
	if _, ok := aw.(ResumesOnce); ok {
		chain.bits |= contOnce
		aw.UnsafeOnCompleted(t, chain.wakeFor(aw))
		return
	}
	// An awaiter that may call its continuation more than once (or late,
	// after the chain moved on) gets a resumption of its own that runs the
	// first time only.
	var fired atomic.Bool
	aw.UnsafeOnCompleted(t, func(w *Thread) {
		if fired.Swap(true) {
			return
		}
		v, err := aw.GetResult(w)
		w.dispatch(chain, v, err)
	})
}

// wakeFor returns the chain's wake function, made at its first use, set to
// take the result from aw.
func (chain *Continuation) wakeFor(aw Awaiter) func(w *Thread) {
	if chain.wake == nil || chain.wake.fn == nil {
		x := chain.extra()
		x.fn = func(w *Thread) {
			a := x.aw
			x.aw = nil
			v, err := a.GetResult(w)
			w.Dispatch(chain, v, err)
		}
		chain.wake = x
	}
	chain.wake.aw = aw
	return chain.wake.fn
}

// Dispatch resumes a suspended chain with the awaited result (or
// exception): it enters the leaf's frame and runs it; when a resumed frame
// returns or throws, the run loop enters the next continuation's frame in
// its place (resumeNext), so the whole chain runs in one run of the
// interpreter loop, until the root completes its task or a frame suspends
// again. The thread's context is saved when the dispatch starts and put
// back when it ends. Continuations whose frames finish are recycled when
// the chain is resumed only once.
//
// A chain resumed by the completion of what it awaits runs here only when
// it may (.NET's QueueContinuationFollowUpActionIfNecessary, and
// IsValidLocationForInlining for the classic model): a continuation that
// captured a SynchronizationContext other than t's Current is posted to
// it, and one that captured none is queued to the pool when t has a
// context; the same test is made between frames (resumeReturn,
// resumeNext). Completing on a thread without a context costs one nil
// check.
func (t *Thread) Dispatch(c *Continuation, v Value, err error) {
	if (c.bits&contPost != 0 || t.awaitCtx != nil) && t.resumeElsewhere(c, v, err, c.bits&contOnce != 0) {
		return
	}
	t.dispatch(c, v, err)
}

// resumeElsewhere posts the resumption of c to the context it captured,
// or queues it to the pool when it captured none and t has a context; it
// reports false when c may resume on t now. once says the chain is
// resumed exactly once (its continuations recycle).
func (t *Thread) resumeElsewhere(c *Continuation, v Value, err error, once bool) bool {
	if once {
		c.bits |= contOnce
	}
	if c.bits&contPost != 0 {
		sc := c.wake.post
		if sc == t.syncCtx {
			return false
		}
		t.PostTo(sc, func(w *Thread) { w.dispatch(c, v, err) })
		return true
	}
	t.Queue(func(w *Thread) { w.dispatch(c, v, err) })
	return true
}

// dispatch is Dispatch once the chain is where it may run.
func (t *Thread) dispatch(c *Continuation, v Value, err error) {
	if th, ok := err.(*Thrown); ok {
		t.rethrownAt(th.Exc, c)
	}
	saved, savedSync := t.Ctx.Installed(), t.syncCtx
	flags := frameBoundary | frameResumed
	if c.bits&contOnce != 0 {
		flags |= frameRecycles
	}
	depth := len(t.frames)
	if err == nil {
		t.enterChainValue(c, v, flags)
		_, err = t.run()
	} else if t.enterChain(c, v, err, flags) {
		_, err = t.runThrow(err)
	} else {
		// No frame of the chain takes the exception: it faulted the
		// root's task (passOn), which is where it belongs.
		err = nil
	}
	if err != nil && err != errSuspended {
		// A Go panic or a Fatal error below: nothing in the chain can
		// receive it.
		t.frames = t.frames[:depth]
		t.M.Crash(err)
	}
	if t.Ctx.Installed() != saved {
		t.Ctx.Switch(saved)
	}
	t.ResetSyncContext(savedSync)
}

// takes reports whether continuation c receives an exception err at its
// await: only a .NET exception, and only when the await has an exception
// slot; otherwise the exception passes the frame by.
func (c *Continuation) takes(err error) bool {
	if c.bits&contInTry == 0 {
		return false
	}
	_, ok := err.(*Thrown)
	return ok
}

// enterChain pushes the frame of the first continuation from c on that
// receives the outcome (every frame receives a value; an exception only
// those that take it), passing the outcome by the others. At the end of
// the chain it completes the root's task and reports false.
func (t *Thread) enterChain(c *Continuation, v Value, err error, flags uint8) bool {
	for err != nil && !c.takes(err) {
		if c = t.passOn(c, v, err, flags); c == nil {
			return false
		}
	}
	t.enterContinuation(c, v, err, flags)
	return true
}

// resumeNext continues a chain whose resumed frame (flags, continuation c)
// has just been popped, returning v or throwing err: the next continuation
// receives the outcome (enterChain). It reports false when the chain has
// ended.
func (t *Thread) resumeNext(flags uint8, c *Continuation, v Value, err error) bool {
	next := t.passOn(c, v, err, flags)
	for next != nil && err != nil && !next.takes(err) {
		next = t.passOn(next, v, err, flags)
	}
	if next == nil {
		return false
	}
	if (next.bits&contPost != 0 || t.awaitCtx != nil) && t.resumeElsewhere(next, v, err, flags&frameRecycles != 0) {
		return false
	}
	t.enterContinuation(next, v, err, flags)
	return true
}

// resumeReturn is resumeNext for a value: the resumed frame (flags,
// continuation c) has returned v. The next continuation always receives a
// value, so there is no frame to pass by.
func (t *Thread) resumeReturn(flags uint8, c *Continuation, v Value) bool {
	next := c.Next()
	if next == nil {
		t.finishChain(c, v, nil)
	}
	if flags&frameRecycles != 0 {
		t.recycle(c)
	}
	if next == nil {
		return false
	}
	if (next.bits&contPost != 0 || t.awaitCtx != nil) && t.resumeElsewhere(next, v, nil, flags&frameRecycles != 0) {
		return false
	}
	t.enterChainValue(next, v, flags)
	return true
}

// passOn moves past continuation c, which the outcome (v or err) has
// passed: it returns the next continuation, or nil at the end of the
// chain, after completing the root's task. c is recycled when flags say
// so.
func (t *Thread) passOn(c *Continuation, v Value, err error, flags uint8) *Continuation {
	next := c.Next()
	if next == nil {
		t.finishChain(c, v, err)
	}
	if flags&frameRecycles != 0 {
		t.recycle(c)
	}
	return next
}

// enterContext installs the context continuation c resumes in: the one it
// saved, else Default, or, when flow was suppressed at its await, whatever
// the thread has.
func (t *Thread) enterContext(c *Continuation) {
	if c.EC != nil {
		t.Counters.ECRestores.Add(1)
		t.Ctx.Switch(c.EC)
	} else if c.bits&contSuppressed == 0 && t.Ctx.Installed() != nil {
		t.Ctx.Switch(nil)
	}
}

// restoreRegs puts continuation c's saved registers back into regs, its
// frame's window.
func (c *Continuation) restoreRegs(regs []Value) {
	if c.site != 0 {
		if live := c.Fn.Awaits[c.site-1].Live; live != nil {
			if len(live) == 0 {
				return
			}
			saved := unsafe.Slice((*Value)(c.regBase()), len(live))
			for i, r := range live {
				regs[r] = saved[i]
			}
			return
		}
	}
	copy(regs, unsafe.Slice((*Value)(c.regBase()), c.Fn.NumRegs))
}

// maxRestore bounds the frames a dispatch restores at once.
const maxRestore = 256

// enterChainValue resumes a chain with a value: it enters continuation c
// (in its context, v in R[Dst]) and, beneath it, each awaiting caller of a
// frame whose await site is Final: such a frame returns (or throws)
// without suspending again, so its caller is restored now, as an ordinary
// awaiting frame (frameAwaited|frameRestored), and the return takes the
// synchronous path instead of the dispatcher's. The lowest frame restored
// is the resumed frame (flags) that keeps its continuation and the rest of
// the chain. A caller whose flow was suppressed at its await resumes in the
// context its callee leaves, so it is not restored beneath it.
// Continuations of restored frames are recycled at once when flags say so:
// the frames never save themselves into them again.
func (t *Thread) enterChainValue(c *Continuation, v Value, flags uint8) {
	t.enterContext(c)
	n, size := 1, c.Fn.NumRegs
	limit := min(maxRestore, t.M.MaxDepth-len(t.frames))
	if t.awaitCtx != nil {
		limit = 1 // each caller decides where it resumes (resumeReturn)
	}
	for b := c; n < limit && b.bits&(contRoot|contFinal) == contFinal; n++ {
		next := (*Continuation)(b.link)
		if next == nil || next.bits&(contSuppressed|contPost) != 0 {
			break
		}
		b = next
		size += next.Fn.NumRegs
	}
	if n == 1 {
		t.pushContinuation(c, v, nil, flags)
		return
	}
	// The base is taken after the switch: a change handler runs bytecode.
	end := t.top() + size
	if end >= len(t.stack) {
		t.growStack(end + 1)
	}
	nf := len(t.frames)
	for cap(t.frames) < nf+n {
		t.frames = append(t.frames[:cap(t.frames)], Frame{})
	}
	frames := t.frames[:nf+n]
	t.frames = frames
	// From the leaf down: each frame's window lies below its callee's, its
	// result register is where its callee returns, and its context is
	// the one its callee's return puts back.
	leaf := end - c.Fn.NumRegs + int(c.Dst)
	i := nf + n - 1
	for {
		fn := c.Fn
		base := end - fn.NumRegs
		c.restoreRegs(t.stack[base:end:end])
		f := &frames[i]
		*f = Frame{fn: fn, pc: c.ResumePC(), base: base, ret: base}
		f.cl = c.Cl
		if i == nf {
			f.flags, f.rest = flags, c
			break
		}
		f.flags = frameAwaited | frameRestored
		next := (*Continuation)(c.link)
		f.ret, f.ec = base-next.Fn.NumRegs+int(next.Dst), next.EC
		if next.EC != nil {
			t.Counters.ECRestores.Add(1)
		}
		if flags&frameRecycles != 0 {
			t.recycle(c)
		}
		c, end = next, base
		i--
	}
	t.stack[leaf] = v
}

// enterContinuation re-enters continuation c's frame on top of the stack,
// in c's context: its saved registers back in place and the awaited value
// in R[Dst] (an exception is raised at the await by the caller).
func (t *Thread) enterContinuation(c *Continuation, v Value, err error, flags uint8) {
	t.enterContext(c)
	t.pushContinuation(c, v, err, flags)
}

// pushContinuation pushes continuation c's frame on top of the stack in the
// context installed now.
func (t *Thread) pushContinuation(c *Continuation, v Value, err error, flags uint8) {
	// The base is taken after the context switch: a change handler runs
	// bytecode.
	fn := c.Fn
	base := t.top()
	top := base + fn.NumRegs
	if top >= len(t.stack) {
		t.growStack(top + 1)
	}
	regs := t.stack[base:top:top]
	c.restoreRegs(regs)
	if err == nil {
		regs[c.Dst] = v
	}
	n := len(t.frames)
	if n == cap(t.frames) {
		t.frames = append(t.frames, Frame{})
	}
	frames := t.frames[:n+1]
	t.frames = frames
	f := &frames[n]
	// Four fields in the literal: with more, the compiler builds it on
	// the stack and copies it.
	*f = Frame{fn: fn, pc: c.ResumePC(), base: base, ret: base}
	f.cl, f.flags, f.rest = c.Cl, flags, c
}

// voidCtx returns the context an async void root captured at its call.
func (c *Continuation) voidCtx() *Instance {
	if c.wake == nil {
		return nil
	}
	return c.wake.voidCtx
}

// finishChain completes the root's task with the chain's outcome.
func (t *Thread) finishChain(root *Continuation, v Value, err error) {
	tk := root.Task()
	if tk == nil {
		return
	}
	tk.leaf = nil // the chain's continuations are recycled from here on
	if err != nil {
		th, ok := err.(*Thrown)
		if !ok {
			t.M.Crash(err)
			return
		}
		if root.Kind == AsyncVoid {
			t.voidCompleted(root.voidCtx(), err)
			return
		}
		t.faultTask(tk, th.Exc)
		return
	}
	if root.Kind == AsyncVoid {
		if sc := root.voidCtx(); sc != nil {
			t.voidCompleted(sc, nil)
		}
	}
	if root.Kind == AsyncTask || root.Kind == AsyncValueTask || root.Kind == AsyncVoid {
		v = Null
	}
	tk.TryComplete(t, StatusRanToCompletion, v, nil)
}

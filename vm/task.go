package vm

import (
	"runtime"
	"strconv"
	"sync/atomic"
	"unsafe"
)

// TaskStatus mirrors System.Threading.Tasks.TaskStatus.
type TaskStatus int32

// The statuses asyncvm uses (numbered as in .NET).
const (
	StatusCreated              TaskStatus = 0
	StatusWaitingForActivation TaskStatus = 1
	StatusWaitingToRun         TaskStatus = 2
	StatusRunning              TaskStatus = 3
	StatusRanToCompletion      TaskStatus = 5
	StatusCanceled             TaskStatus = 6
	StatusFaulted              TaskStatus = 7
)

var statusNames = map[TaskStatus]string{
	StatusCreated: "Created", StatusWaitingForActivation: "WaitingForActivation",
	StatusWaitingToRun: "WaitingToRun", StatusRunning: "Running",
	StatusRanToCompletion: "RanToCompletion", StatusCanceled: "Canceled", StatusFaulted: "Faulted",
}

// String names the status as .NET prints it.
func (s TaskStatus) String() string { return statusNames[s] }

// Task is System.Threading.Tasks.Task and Task<T>, and it is the object
// programs hold: its first field is the heap object header (type Task or
// Task<T>), so a task Value points at the task itself, one Go object of
// 80 bytes (.NET's is 72).
//
// state is the one word that changes: the status in its low bits, a lock
// bit and the RunContinuationsAsynchronously flag. The lock bit guards the
// continuation slot and the transition to a final status; it is held for a
// few instructions and never while user code runs. The status changes once
// from pending to final; result and the side object's exceptions are written
// before that store and never after, so a reader that sees a final status
// reads them without the lock.
//
// cont is the continuation slot: nil, one continuation (the usual case: the
// one awaiter), or, when several register, the first of them with the rest
// in the side object. A continuation is a TaskContinuation, an rt chain
// (*Continuation, resumed with the task's outcome without a closure), a
// blocked thread's Parker, or a PoolItem (an sm builder, which resumes its
// state machine).
//
// A Task is 64 bytes, the size of .NET's: its result type is its type's
// argument (ResultType), and what produces it (Owner) is either the rt
// chain's leaf continuation, in leaf, or a Go object that embeds the task
// (an sm builder, a delegate task), found from the task's address through
// the owner kind in the state word (RegisterTaskOwner).
type Task struct {
	Header
	state  atomic.Uint32
	id     atomic.Int32 // Task.Id: 0 until first asked for (ID)
	result Value
	cont   any
	side   *taskSide // exceptions, further continuations, a done channel: rarely allocated
	// leaf is the innermost continuation of the rt chain that will complete
	// the task (ChainOwned): it follows the chain's leaf and is cleared on
	// completion, so only the deadlock report, which reads it when no
	// thread runs, may read it.
	leaf *Continuation
}

// TaskOwnerKind is a Go type that embeds the Task it produces (a delegate
// task's state, an sm method builder), registered with RegisterTaskOwner.
type TaskOwnerKind uint32

// taskOwners are the registered owner kinds' conversions from the task to
// its owner; kind k is taskOwners[k-1]. Written only by package
// initialization.
var taskOwners []func(*Task) any

// RegisterTaskOwner registers a Go type embedding its Task, given the
// conversion from the task's address to the owner (its container); only
// from package initialization. There is room for three kinds.
func RegisterTaskOwner(owner func(*Task) any) TaskOwnerKind {
	if len(taskOwners) == stateOwnerMask>>stateOwnerShift {
		panic("vm: too many task owner kinds")
	}
	taskOwners = append(taskOwners, owner)
	return TaskOwnerKind(len(taskOwners))
}

// SetOwnerKind records that the task is embedded in an owner of kind k;
// only before anyone else can see the task.
func (tk *Task) SetOwnerKind(k TaskOwnerKind) {
	p := (*uint32)(unsafe.Pointer(&tk.state))
	*p = *p&^stateOwnerMask | uint32(k)<<stateOwnerShift
}

// Owner returns what produces the task (for Task.Start, diagnostics and
// deadlock reports): the rt chain's leaf continuation, the object of the
// task's owner kind, or nil.
func (tk *Task) Owner() any {
	if k := tk.state.Load() & stateOwnerMask >> stateOwnerShift; k != 0 {
		return taskOwners[k-1](tk)
	}
	if c := tk.leaf; c != nil {
		return c
	}
	return nil
}

// ResultType returns T of a Task<T> (object when the task's type is the
// erased definition Task`1), nil for a Task.
func (tk *Task) ResultType() *Type {
	switch {
	case tk.typ == TTask:
		return nil
	case len(tk.typ.Args) == 1:
		return tk.typ.Args[0]
	}
	return TObject
}

// taskSide holds what most tasks never need.
type taskSide struct {
	excs  []*Instance   // faulted: the exceptions; canceled: the OperationCanceledException
	more  []any         // continuations registered after the first
	done  chan struct{} // closed on completion; made for timed waits
	state Value         // AsyncState of a task that is not a delegate task's
}

// The state word's bits above the status.
const (
	stateStatusMask = 0xF
	stateLocked     = 1 << 4
	stateAsync      = 1 << 5 // RunContinuationsAsynchronously
	stateChain      = 1 << 6 // the task of an rt chain: Owner is the chain's leaf and changes
	stateOwnerShift = 7
	stateOwnerMask  = 3 << stateOwnerShift // the TaskOwnerKind, 0 for none
)

// TaskContinuation runs when a task completes, on the thread that completes
// it (t), or on a pool thread when the task runs continuations asynchronously
// or completes outside any VM thread (t == nil).
type TaskContinuation func(t *Thread)

var (
	// TTask is System.Threading.Tasks.Task.
	TTask = &Type{Kind: KindNative, Namespace: "System.Threading.Tasks", Name: "Task", Super: TObject}
	// TTaskT is System.Threading.Tasks.Task<TResult>.
	TTaskT = &Type{Kind: KindNative, Namespace: "System.Threading.Tasks", Name: "Task`1", Super: TTask}
)

var taskIDs atomic.Int32

// NewTask makes a pending task. resultT is nil for a non-generic Task.
func NewTask(resultT *Type) *Task {
	tk := &Task{}
	InitTask(tk, resultT)
	return tk
}

// InitTask makes tk, a zero Task embedded in a larger Go object (the sm
// method builder, an rt chain's root continuation), a pending task.
func InitTask(tk *Task, resultT *Type) { InitPendingTask(tk, resultT, StatusWaitingForActivation) }

// InitPendingTask makes tk, a zero Task not yet visible to any other
// thread, a task in pending status st (WaitingForActivation, Created,
// WaitingToRun). The state word is written with a plain store: whatever
// publishes the task (a queue, a continuation slot, a register another
// thread reads through an atomic) orders it before any other reader.
func InitPendingTask(tk *Task, resultT *Type, st TaskStatus) {
	tk.typ = taskTypeOf(resultT)
	*(*uint32)(unsafe.Pointer(&tk.state)) = uint32(st)
}

// taskTypeOf is the type of a task with result type resultT: Task for nil,
// the erased Task`1 for object (not known), else Task<resultT>.
func taskTypeOf(resultT *Type) *Type {
	switch resultT {
	case nil:
		return TTask
	case TObject:
		return TTaskT
	}
	return TaskOf(resultT)
}

// ID returns Task.Id, assigned the first time it is asked for, as .NET
// assigns it: making a task touches no counter shared by all threads.
func (tk *Task) ID() int32 {
	if id := tk.id.Load(); id != 0 {
		return id
	}
	id := taskIDs.Add(1)
	if tk.id.CompareAndSwap(0, id) {
		return id
	}
	return tk.id.Load()
}

// TaskOf is the constructed type Task<resultT> (Task`1[System.Int32]).
func TaskOf(resultT *Type) *Type { return Construct(TTaskT, []*Type{resultT}) }

// SetTaskType gives a pending task its constructed type taskT (a Task<T>
// made by TaskOf) when its result type is known; only before anyone else
// can see it. A task made without it has the definition Task`1 as its
// type, which is a Task<T> for any T (an erased object).
func (tk *Task) SetTaskType(taskT *Type) { tk.typ = taskT }

// SetResultType makes the task a Task<T> (non-nil t) or a Task (nil);
// only before anyone else can see it.
func (tk *Task) SetResultType(t *Type) { tk.typ = taskTypeOf(t) }

// TaskValue returns the task as a value of type Task or Task<T>.
func TaskValue(tk *Task) Value { return Value{p: unsafe.Pointer(tk)} }

// isTaskType reports whether objects of type t are Tasks.
func isTaskType(t *Type) bool { return t == TTask || t == TTaskT || t.Def == TTaskT }

// IsTaskType reports whether t is Task, Task<T> or a constructed Task<T>.
func IsTaskType(t *Type) bool { return t != nil && isTaskType(t) }

// TaskField is the name of the hidden first field of a class deriving
// from Task (Type.TaskBase), which holds its task.
const TaskField = "<task>"

// AsTask returns the task v refers to, or nil. An object of a class
// deriving from Task is its task's: the one in its first field.
func (v Value) AsTask() *Task {
	if v.p == nil {
		return nil
	}
	if typ := (*Header)(v.p).typ; !isTaskType(typ) {
		if typ.TaskBase && typ.Kind == KindInstance {
			if f := (*Instance)(v.p).F; len(f) > 0 {
				return f[0].AsTask()
			}
		}
		return nil
	}
	return (*Task)(v.p)
}

// Status returns the task's status.
func (tk *Task) Status() TaskStatus { return TaskStatus(tk.state.Load() & stateStatusMask) }

func isFinal(s uint32) bool {
	s &= stateStatusMask
	return s == uint32(StatusRanToCompletion) || s == uint32(StatusFaulted) || s == uint32(StatusCanceled)
}

// IsCompleted reports whether the task reached a final status.
func (tk *Task) IsCompleted() bool { return isFinal(tk.state.Load()) }

// lock takes the state word's lock bit and returns the word as it was.
// Holders do a few loads and stores, so a contender spins, yielding the
// processor now and then.
func (tk *Task) lock() uint32 {
	for i := 0; ; i++ {
		s := tk.state.Load()
		if s&stateLocked == 0 && tk.state.CompareAndSwap(s, s|stateLocked) {
			return s
		}
		if i&15 == 15 {
			runtime.Gosched()
		}
	}
}

// unlock stores the state word s (without the lock bit).
func (tk *Task) unlock(s uint32) { tk.state.Store(s &^ stateLocked) }

// SetAsync makes the task run its continuations asynchronously
// (TaskCreationOptions.RunContinuationsAsynchronously); before it is shared.
func (tk *Task) SetAsync() { tk.unlock(tk.lock() | stateAsync) }

// ChainOwned reports whether the task is an rt chain's, whose Owner changes
// while it is pending (see Owner).
func (tk *Task) ChainOwned() bool { return tk.state.Load()&stateChain != 0 }

// Async reports whether the task runs its continuations asynchronously.
func (tk *Task) Async() bool { return tk.state.Load()&stateAsync != 0 }

// SetRunning marks a task as running (Task.Run work started).
func (tk *Task) SetRunning() {
	tk.setPending(func(st TaskStatus) bool {
		return st == StatusWaitingToRun || st == StatusWaitingForActivation
	}, StatusRunning)
}

// SetStatus sets a pending status (Created, WaitingToRun).
func (tk *Task) SetStatus(st TaskStatus) {
	tk.setPending(func(old TaskStatus) bool { return !isFinal(uint32(old)) }, st)
}

// setPending moves the task to pending status st if from accepts its
// status: one compare-and-swap of the state word while it is not locked
// (a lock holder stores the whole word when it unlocks).
func (tk *Task) setPending(from func(TaskStatus) bool, st TaskStatus) {
	for i := 0; ; i++ {
		s := tk.state.Load()
		if !from(TaskStatus(s & stateStatusMask)) {
			return
		}
		if s&stateLocked == 0 && tk.state.CompareAndSwap(s, s&^stateStatusMask|uint32(st)) {
			return
		}
		if i&15 == 15 {
			runtime.Gosched()
		}
	}
}

// Result returns the result and the exceptions of a completed task.
func (tk *Task) Result() (Value, []*Instance) {
	if !tk.IsCompleted() {
		return Null, nil
	}
	return tk.result, tk.Exceptions()
}

// Exceptions returns the exceptions of a faulted or canceled task.
func (tk *Task) Exceptions() []*Instance {
	if !tk.IsCompleted() || tk.side == nil {
		return nil
	}
	return tk.side.excs
}

// SetAsyncState records the task's AsyncState (a continuation's or a
// TaskCompletionSource's state object).
func (tk *Task) SetAsyncState(v Value) {
	s := tk.lock()
	tk.sideLocked().state = v
	tk.unlock(s)
}

// StoredAsyncState returns what SetAsyncState recorded, or Null.
func (tk *Task) StoredAsyncState() Value {
	s := tk.lock()
	defer tk.unlock(s)
	if tk.side == nil {
		return Null
	}
	return tk.side.state
}

// sideLocked returns the side object, making it; under the lock.
func (tk *Task) sideLocked() *taskSide {
	if tk.side == nil {
		tk.side = &taskSide{}
	}
	return tk.side
}

// TryComplete moves the task to a final status and runs its continuations.
// It returns false if the task was already complete. t is the VM thread
// completing it, or nil.
func (tk *Task) TryComplete(t *Thread, status TaskStatus, result Value, excs []*Instance) bool {
	if excs != nil && !tk.IsCompleted() {
		for _, e := range excs {
			// Rethrown by an await, e appends the awaiting frames to
			// the trace it has now (.NET's ExceptionDispatchInfo.Capture).
			CaptureTrace(e)
		}
	}
	s := tk.lock()
	if isFinal(s) {
		tk.unlock(s)
		return false
	}
	tk.result = result
	var more []any
	var done chan struct{}
	if excs != nil || tk.side != nil {
		side := tk.sideLocked()
		side.excs = excs
		more, side.more = side.more, nil
		done = side.done
	}
	c := tk.cont
	tk.cont = nil
	tk.unlock(s&^stateStatusMask | uint32(status))
	if done != nil {
		close(done)
	}
	if c != nil {
		tk.runContinuation(t, c)
	}
	awaited := isAwaitContinuation(c)
	queued := more[:0] // the await continuations to queue, compacted in place
	for _, c := range more {
		if isAwaitContinuation(c) {
			if awaited && t != nil {
				// .NET's Task.RunContinuations runs the first await
				// continuation inline and queues every later one, so
				// that awaiters of one task do not run one after another
				// on the completing thread.
				queued = append(queued, c)
				continue
			}
			awaited = true
		}
		tk.runContinuation(t, c)
	}
	if len(queued) > 0 {
		clear(more[len(queued):])
		t.QueueItem(&awaitersItem{tk: tk, cs: queued})
	}
	return true
}

// awaitersItem is the await continuations of a completed task beyond the
// first, queued to the pool as one item rather than one item each (a
// million awaiters of one TaskCompletionSource made a million closures,
// 32 MB, at the moment the heap was largest). Each run of the item claims
// the next continuation and, before running it, queues the item again
// while any is left, so every continuation stays reachable by an idle
// worker while the ones before it run (one that blocks cannot hold up
// the rest, as with .NET's separately queued continuations), and they
// start in registration order.
type awaitersItem struct {
	tk   *Task
	cs   []any
	next atomic.Int64
}

// RunItem implements PoolItem.
func (a *awaitersItem) RunItem(w *Thread) {
	c, more := a.claim()
	if more {
		w.QueueItem(a)
	}
	if c != nil {
		a.tk.invoke(w, c)
	}
}

// claim takes the next continuation (nil when none is left) and reports
// whether more remain after it.
func (a *awaitersItem) claim() (c any, more bool) {
	i := a.next.Add(1) - 1
	if i >= int64(len(a.cs)) {
		return nil, false
	}
	c = a.cs[i]
	a.cs[i] = nil // the continuation may be recycled once resumed
	return c, i+1 < int64(len(a.cs))
}

// isAwaitContinuation reports whether c resumes an awaiting method (an rt
// frame chain or an sm state machine), as opposed to a completion action
// (WhenAll, ContinueWith, a blocked waiter).
func isAwaitContinuation(c any) bool {
	switch c.(type) {
	case *Continuation:
		return true
	case *Parker, TaskContinuation, nil:
		return false
	}
	_, ok := c.(PoolItem)
	return ok
}

// runContinuation runs c after tk completed: inline on t, or queued to the
// pool when the task runs continuations asynchronously.
func (tk *Task) runContinuation(t *Thread, c any) {
	if p, ok := c.(*Parker); ok {
		// Waking a blocked thread runs no user code: always inline.
		p.Unpark()
		return
	}
	if t == nil || tk.Async() {
		if t != nil {
			t.Queue(func(w *Thread) { tk.invoke(w, c) })
			return
		}
		// No thread, so no machine to queue on: only tasks completed
		// before any program runs (the cached ones) complete without a
		// thread, and they never have continuations.
		panic("vm: a continuation of task " + strconv.Itoa(int(tk.ID())) + " has no thread to run on")
	}
	tk.invoke(t, c)
}

// invoke runs one continuation of the completed task on w.
func (tk *Task) invoke(w *Thread, c any) {
	switch c := c.(type) {
	case TaskContinuation:
		c(w)
	case *Continuation:
		v, err := tk.GetResult(w)
		w.Dispatch(c, v, err)
	case *Parker:
		c.Unpark()
	case PoolItem:
		c.RunItem(w)
	}
}

// OnCompletedItem registers item to run when the task completes, as a
// continuation (inline on the completing thread); if the task has completed
// already, item is queued to t's pool. An object that runs itself (the sm
// builder) so needs no resumption function.
func (tk *Task) OnCompletedItem(t *Thread, item PoolItem) {
	if tk.addContinuation(item) {
		return
	}
	t.QueueItem(item)
}

// addContinuation registers c unless the task has completed; it reports
// whether it did.
func (tk *Task) addContinuation(c any) bool {
	s := tk.lock()
	if isFinal(s) {
		tk.unlock(s)
		return false
	}
	if tk.cont == nil {
		tk.cont = c
	} else {
		side := tk.sideLocked()
		side.more = append(side.more, c)
	}
	tk.unlock(s)
	return true
}

// AddContinuation registers c to run when the task completes, unless it
// has completed already; it reports whether it did.
func (tk *Task) AddContinuation(c TaskContinuation) bool { return tk.addContinuation(c) }

// OnCompleted registers c to run when the task completes; if it already has,
// c runs at once on t (or is queued when t is nil).
func (tk *Task) OnCompleted(t *Thread, c TaskContinuation) {
	if tk.addContinuation(c) {
		return
	}
	if t == nil {
		tk.runContinuation(nil, c)
		return
	}
	c(t)
}

// Done returns a channel closed when the task completes (for waits with a
// time limit; untimed waits park instead).
func (tk *Task) Done() <-chan struct{} {
	s := tk.lock()
	side := tk.sideLocked()
	if side.done == nil {
		side.done = make(chan struct{})
		if isFinal(s) {
			close(side.done)
		}
	}
	tk.unlock(s)
	return side.done
}

// Parker is a VM thread's means of blocking until something wakes it: a
// one-slot semaphore made once per thread. A wakeup with nobody parked is
// kept and ends the next Park at once, so waiters re-check their condition
// in a loop and a late or duplicate wakeup is harmless.
type Parker struct{ ch chan struct{} }

// Unpark wakes the thread parked on p, or the next Park.
func (p *Parker) Unpark() {
	select {
	case p.ch <- struct{}{}:
	default:
	}
}

// Park blocks until Unpark, or until closed is closed (it reports false).
func (p *Parker) Park(closed <-chan struct{}) bool {
	select {
	case <-p.ch:
		return true
	case <-closed:
		return false
	}
}

// Parker returns t's parker.
func (t *Thread) Parker() *Parker {
	if t.parker == nil {
		t.parker = &Parker{ch: make(chan struct{}, 1)}
	}
	return t.parker
}

// ParkUntilCompleted blocks t until tk completes or the machine closes,
// parked on t's parker, which the task wakes on completion. The caller has
// spun already and tells the host that t blocks.
func (tk *Task) ParkUntilCompleted(t *Thread) {
	p := t.Parker()
	if !tk.addContinuation(p) {
		return
	}
	closed := t.M.closed
	for !tk.IsCompleted() {
		if !p.Park(closed) {
			return
		}
	}
}

// PoolItem is a unit of thread-pool work. An object that runs itself (a
// delegate task: its Task, its delegate and its work item are one
// allocation) is queued as it is; a func is queued as a WorkFunc, which
// needs no allocation either, a func value being one pointer.
type PoolItem interface {
	RunItem(t *Thread)
}

// WorkFunc is a func queued as pool work.
type WorkFunc func(t *Thread)

// RunItem implements PoolItem.
func (f WorkFunc) RunItem(t *Thread) { f(t) }

// Yielder is implemented by an awaiter that completes by queueing its
// continuation to the pool, with no result (Task.Yield's): an rt chain
// waiting on one is queued as it is (yieldResume), with no resumption
// function made for it.
type Yielder interface {
	Awaiter
	Yields()
}

// yieldResume is an rt chain queued by a Yielder: running it resumes the
// chain with no result.
type yieldResume Continuation

// RunItem implements PoolItem.
func (r *yieldResume) RunItem(w *Thread) { w.dispatch((*Continuation)(r), Null, nil) }

// Queue posts work to the machine's thread pool from outside it (the
// pool's global queue).
func (m *Machine) Queue(work func(t *Thread)) { m.queue(nil, WorkFunc(work)) }

// Queue posts work to the thread pool from t: a pool worker's items go to
// its own queue (continuations, Task.Yield), others' to the global queue.
func (t *Thread) Queue(work func(t *Thread)) { t.M.queue(t, WorkFunc(work)) }

// QueueItem posts item to the thread pool from t, as Queue does.
func (t *Thread) QueueItem(item PoolItem) { t.M.queue(t, item) }

func (m *Machine) queue(from *Thread, item PoolItem) {
	m.CountersFor(from).PoolItems.Add(1)
	if m.Host != nil {
		m.Host.Queue(from, item)
		return
	}
	if a, ok := item.(*awaitersItem); ok {
		// Without a pool each continuation gets its goroutine here, on
		// the completing thread: a re-queue from one of them would read
		// Host while threading.Install may be setting it.
		for range a.cs {
			go func() {
				if c, _ := a.claim(); c != nil {
					a.tk.invoke(m.NewThread(), c)
				}
			}()
		}
		return
	}
	go func() {
		t := m.NewThread()
		item.RunItem(t)
	}()
}

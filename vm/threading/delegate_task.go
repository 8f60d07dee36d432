package threading

import (
	"sync"
	"sync/atomic"
	"unsafe"

	"asyncvm/ctx"
	"asyncvm/vm"
)

// The TaskCreationOptions flags that change how a delegate task runs.
const (
	optAttachedToParent = 4
	optDenyChildAttach  = 8
	optHideScheduler    = 16
)

// threadState is the library's per-thread state, kept in vm.Thread.Lib. Only
// its own thread reads or writes it.
type threadState struct {
	// current is the task whose delegate this thread is running (Task.CurrentId).
	current *vm.Task
	// worker is the pool worker this thread is, set before it starts.
	worker *worker
	// sched is TaskScheduler.Current while a task of a
	// SynchronizationContext scheduler runs here (null: Default).
	sched vm.Value
}

func threadStateOf(t *vm.Thread) *threadState {
	s, _ := t.Lib.(*threadState)
	if s == nil {
		s = &threadState{}
		t.Lib = s
	}
	return s
}

// currentTask is Task.InternalCurrent: the task whose delegate runs on t, or nil.
func currentTask(t *vm.Thread) *vm.Task {
	if s, ok := t.Lib.(*threadState); ok {
		return s.current
	}
	return nil
}

// delegateTask is a task that runs a delegate (Task.Run,
// Task.Factory.StartNew, new Task(...).Start()): the Task programs hold,
// the delegate with the context captured for it, its creation options, its
// attached children, and its pool work item, all in one allocation, as
// .NET's Task holds its delegate and is its own work item. The Task is the
// first field, so a task Value points at the whole object; the task's Owner
// is the delegateTask.
type delegateTask struct {
	task    vm.Task
	spec    startSpec
	ec      *ctx.Context // the context captured when the task was queued
	options int64
	parent  *vm.Task // the task this one is attached to, or nil
	// started is set by Start, so a second Start fails (a task that never
	// needs Start is not Created, which Start checks first).
	started atomic.Bool
	// outer is the object of a program's class deriving from Task whose
	// task this is (null for others); set before the task is published.
	outer vm.Value

	// mu guards the attached children's bookkeeping; a task that denies
	// child attachment (Task.Run's) never has any and never takes it.
	mu       sync.Mutex
	pending  int  // attached children not yet complete
	selfDone bool // the delegate has finished
	kids     *childState
}

// childState is what a task with attached children needs besides: made
// the first time a child completes, observes or outlives the delegate.
type childState struct {
	status   vm.TaskStatus // the delegate's own outcome, while children run
	result   vm.Value
	excs     []*vm.Instance
	children []*vm.Task // faulted attached children, in completion order
	observed map[*vm.Task]bool
}

func (d *delegateTask) kidsLocked() *childState {
	if d.kids == nil {
		d.kids = &childState{}
	}
	return d.kids
}

// newDelegateTask makes a task that will run spec's delegate, in pending
// status st: Created (the Task constructor) or WaitingToRun (started at
// once).
func newDelegateTask(spec startSpec, options int64, st vm.TaskStatus) *delegateTask {
	d := &delegateTask{spec: spec, options: options}
	vm.InitPendingTask(&d.task, vm.TObject, st)
	d.task.SetOwnerKind(delegateOwner)
	return d
}

// delegateOwner is the owner kind of a delegate task's Task (Task.Owner).
var delegateOwner = vm.RegisterTaskOwner(func(tk *vm.Task) any {
	return (*delegateTask)(unsafe.Add(unsafe.Pointer(tk), -int(unsafe.Offsetof(delegateTask{}.task))))
})

// DescribePending implements PendingDescriber for deadlock reports.
func (d *delegateTask) DescribePending() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.selfDone && d.pending > 0 {
		return "  a task waiting for its attached child tasks"
	}
	return ""
}

// delegateOf returns the delegate-task state of tk, or nil.
func delegateOf(tk *vm.Task) *delegateTask {
	if tk == nil || tk.ChainOwned() {
		return nil
	}
	d, _ := tk.Owner().(*delegateTask)
	return d
}

// creationOptions returns the TaskCreationOptions a task was made with.
func creationOptions(tk *vm.Task) int64 {
	if d := delegateOf(tk); d != nil {
		return d.options
	}
	return 0
}

// startSpec says what a delegate task runs and how.
type startSpec struct {
	fn, state vm.Value
	useState  bool
	unwrap    bool // Task.Run: a Task the delegate returns is awaited (a proxy)
	token     *cancelSource
	sched     vm.Value // a SynchronizationContext or program scheduler (null: the pool)
}

// StartTask is Task.Run: it queues fn to the pool to run in the context
// captured now and returns its task. With unwrap, a Task the delegate returns
// is awaited and its outcome becomes the task's (a proxy, as Task.Run does).
// Task.Run denies child attachment, as in .NET.
func StartTask(t *vm.Thread, fn, state vm.Value, useState, unwrap bool, token *cancelSource, taskT *vm.Type) *vm.Task {
	d := newDelegateTask(startSpec{fn: fn, state: state, useState: useState, unwrap: unwrap, token: token}, optDenyChildAttach, vm.StatusWaitingToRun)
	if taskT != nil {
		d.task.SetTaskType(taskT)
	}
	d.start(t)
	return &d.task
}

// start queues the delegate task, in status WaitingToRun, to the pool,
// itself the work item, or to its scheduler (an exception from a program
// scheduler's QueueTask faults the task and is returned). While
// the delegate runs, the task is the worker's current task
// (Task.CurrentId), and a task started with AttachedToParent attaches to it
// unless it denies attachment. The task completes when its delegate has
// finished and all its attached children have completed; faulted
// children's exceptions are added to its own, each wrapped in an
// AggregateException, as .NET does.
func (d *delegateTask) start(t *vm.Thread) error {
	d.prepare(t)
	if otherScheduler(d.spec.sched) {
		err := scheduleOn(t, d.spec.sched, &d.task, d.RunItem)
		if e := thrownExc(err); e != nil {
			d.finish(t, vm.StatusFaulted, vm.Null, []*vm.Instance{e})
		}
		return err
	}
	PoolOf(t.M).QueueItemFrom(t, d)
	return nil
}

// runSynchronously is RunSynchronously: the delegate runs on t, now.
func (d *delegateTask) runSynchronously(t *vm.Thread) {
	d.prepare(t)
	d.RunItem(t)
}

// runSynchronouslyOn is RunSynchronously(scheduler) with a program's
// scheduler, as .NET's: the scheduler's TryExecuteTaskInline may run the
// task now (through TryExecuteTask); when it declines, the task is queued
// to it and the caller waits for it.
func (d *delegateTask) runSynchronouslyOn(t *vm.Thread, in *vm.Instance) error {
	d.spec.sched = vm.Ref(in)
	d.prepare(t)
	tk := &d.task
	scheduled.Store(tk, &scheduledWork{sched: in, work: d.RunItem})
	inlined := false
	if f := in.Type().LookupMethod("TryExecuteTaskInline", 2); f != nil && f.Native == nil {
		r, err := t.Invoke(f, vm.Ref(in), []vm.Value{taskObject(tk), vm.Bool(false)})
		if err != nil {
			scheduled.Delete(tk)
			err = schedulerException(t, err)
			if e := thrownExc(err); e != nil {
				d.finish(t, vm.StatusFaulted, vm.Null, []*vm.Instance{e})
			}
			return err
		}
		inlined = r.AsBool()
	}
	if !inlined {
		scheduled.Delete(tk)
		if err := queueTask(t, in, tk, d.RunItem); err != nil {
			if e := thrownExc(err); e != nil {
				d.finish(t, vm.StatusFaulted, vm.Null, []*vm.Instance{e})
			}
			return err
		}
	}
	blockOnTask(t, tk, "Task.RunSynchronously")
	return nil
}

// prepare readies a task about to run: the context it runs in, its
// parent when it attaches to one.
func (d *delegateTask) prepare(t *vm.Thread) {
	Attach(t)
	d.ec = t.Ctx.Capture()
	t.Counters.Tasks.Add(1)
	if d.options&optAttachedToParent != 0 {
		if p := currentTask(t); p != nil && creationOptions(p)&optDenyChildAttach == 0 {
			if pd := delegateOf(p); pd != nil {
				pd.mu.Lock()
				pd.pending++
				pd.mu.Unlock()
				d.parent = p
			}
		}
	}
}

// RunItem implements vm.PoolItem: it runs the delegate on pool thread w and
// finishes the task with its outcome.
func (d *delegateTask) RunItem(w *vm.Thread) {
	spec := &d.spec
	if spec.token.canceled() {
		d.finish(w, vm.StatusCanceled, vm.Null, []*vm.Instance{canceledTaskExc(w, spec.token, &d.task)})
		return
	}
	tk := &d.task
	tk.SetRunning()
	var args []vm.Value
	if spec.useState {
		args = []vm.Value{spec.state}
	}
	var r vm.Value
	s := threadStateOf(w)
	outer, outerSched := s.current, s.enterScheduler(w, spec.sched)
	s.current = tk
	err := runIn(w, d.ec, func() error {
		var err error
		r, err = w.CallValue(spec.fn, args)
		return err
	})
	s.current = outer
	s.leaveScheduler(w, outerSched)
	if err == nil && spec.unwrap {
		if inner := r.AsTask(); inner != nil {
			inner.OnCompleted(w, func(x *vm.Thread) {
				r, excs := inner.Result()
				d.finish(x, inner.Status(), r, excs)
			})
			return
		}
	}
	if err == nil {
		d.finish(w, vm.StatusRanToCompletion, r, nil)
		return
	}
	e := thrownExc(err)
	if e == nil {
		w.M.Crash(err)
		return
	}
	if isCancellation(e) && spec.token != nil && spec.token.canceled() {
		// The delegate acknowledged cancellation: the task is canceled
		// and keeps the OperationCanceledException, which await rethrows
		// (.NET's cancellation ExceptionDispatchInfo).
		d.finish(w, vm.StatusCanceled, vm.Null, []*vm.Instance{e})
		return
	}
	d.finish(w, vm.StatusFaulted, vm.Null, []*vm.Instance{e})
}

// finish records the delegate's own outcome and completes the task unless
// attached children are still running (then it waits in
// WaitingForChildrenToComplete).
func (d *delegateTask) finish(t *vm.Thread, status vm.TaskStatus, r vm.Value, excs []*vm.Instance) {
	if d.options&optDenyChildAttach != 0 {
		d.complete(t, status, r, excs)
		return
	}
	d.mu.Lock()
	d.selfDone = true
	if d.pending > 0 {
		k := d.kidsLocked()
		k.status, k.result, k.excs = status, r, excs
		d.task.SetStatus(vm.TaskStatus(4)) // WaitingForChildrenToComplete
		d.mu.Unlock()
		return
	}
	status, r, excs = d.withChildrenLocked(t, status, r, excs)
	d.mu.Unlock()
	d.complete(t, status, r, excs)
}

// childDone is called when an attached child completes.
func (d *delegateTask) childDone(t *vm.Thread, child *vm.Task) {
	d.mu.Lock()
	k := d.kidsLocked()
	if child.Status() == vm.StatusFaulted && !k.observed[child] {
		k.children = append(k.children, child)
	}
	d.pending--
	if d.pending > 0 || !d.selfDone {
		d.mu.Unlock()
		return
	}
	status, r, excs := d.withChildrenLocked(t, k.status, k.result, k.excs)
	d.mu.Unlock()
	d.complete(t, status, r, excs)
}

// withChildrenLocked adds the unobserved faulted children's exceptions to
// the delegate's outcome, each wrapped in an AggregateException.
func (d *delegateTask) withChildrenLocked(t *vm.Thread, status vm.TaskStatus, r vm.Value, excs []*vm.Instance) (vm.TaskStatus, vm.Value, []*vm.Instance) {
	k := d.kids
	if k == nil || len(k.children) == 0 {
		return status, r, excs
	}
	if status != vm.StatusFaulted {
		excs = nil
	}
	excs = append([]*vm.Instance(nil), excs...)
	for _, c := range k.children {
		if !k.observed[c] {
			excs = append(excs, NewAggregate(t.M, c.Exceptions()))
		}
	}
	if len(excs) > 0 {
		status, r = vm.StatusFaulted, vm.Null
	}
	return status, r, excs
}

// observe marks a faulted child's exception as observed by its parent (the
// parent waited on it and saw the exception), so it does not fault the parent.
func observe(t *vm.Thread, child *vm.Task) {
	cd := delegateOf(child)
	if cd == nil || cd.parent == nil || currentTask(t) != cd.parent {
		return
	}
	pd := delegateOf(cd.parent)
	pd.mu.Lock()
	k := pd.kidsLocked()
	if k.observed == nil {
		k.observed = map[*vm.Task]bool{}
	}
	k.observed[child] = true
	pd.mu.Unlock()
}

// complete moves the task to its final state, lets go of the delegate and
// its context (but keeps its state, Task.AsyncState), and tells its parent.
func (d *delegateTask) complete(t *vm.Thread, status vm.TaskStatus, r vm.Value, excs []*vm.Instance) {
	// Only the fields to let go of are written: Task.AsyncState reads
	// state and useState from any thread while the task runs.
	d.spec.fn, d.spec.token, d.spec.sched, d.ec = vm.Null, nil, vm.Null, nil
	d.task.TryComplete(t, status, r, excs)
	if d.parent != nil {
		delegateOf(d.parent).childDone(t, &d.task)
	}
}

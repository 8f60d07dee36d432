package threading

import (
	"sync"

	"asyncvm/vm"
)

// The TaskCreationOptions flags that change how a delegate task runs.
const (
	optAttachedToParent = 4
	optDenyChildAttach  = 8
)

// threadState is the library's per-thread state, kept in vm.Thread.Lib. Only
// its own thread reads or writes it.
type threadState struct {
	// current is the task whose delegate this thread is running (Task.CurrentId).
	current *vm.Task
	// worker is the pool worker this thread is, set before it starts.
	worker *worker
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

// delegateTask is the Owner of a task that runs a delegate (Task.Run,
// Task.Factory.StartNew, new Task(...).Start()): its creation options and the
// attached children it waits for before it completes.
type delegateTask struct {
	options int64
	parent  *vm.Task // the task this one is attached to, or nil

	mu       sync.Mutex
	pending  int           // attached children not yet complete
	selfDone bool          // the delegate has finished; outcome below
	status   vm.TaskStatus // the delegate's own outcome
	result   vm.Value
	excs     []*vm.Instance
	children []*vm.Task // faulted attached children, in completion order
	observed map[*vm.Task]bool
}

// DescribePending implements PendingDescriber for a task made with `new Task`.
func (u *unstarted) DescribePending() string { return u.d.DescribePending() }

// DescribePending implements PendingDescriber for deadlock reports.
func (d *delegateTask) DescribePending() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.selfDone && d.pending > 0 {
		return "  a task waiting for its attached child tasks"
	}
	return ""
}

// delegateOf returns the delegate-task state of tk, or nil. A task made with
// `new Task(...)` keeps its *unstarted owner, which holds that state, so
// Start never writes Owner while other threads may read it.
func delegateOf(tk *vm.Task) *delegateTask {
	if tk == nil || tk.ChainOwned() {
		return nil
	}
	switch o := tk.Owner.(type) {
	case *delegateTask:
		return o
	case *unstarted:
		return o.d
	}
	return nil
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
}

// StartTask is Task.Run: it queues fn to the pool to run in the context
// captured now and returns its task. With unwrap, a Task the delegate returns
// is awaited and its outcome becomes the task's (a proxy, as Task.Run does).
// Task.Run denies child attachment, as in .NET.
func StartTask(t *vm.Thread, fn, state vm.Value, useState, unwrap bool, token *cancelSource) *vm.Task {
	tk := vm.NewTask(vm.TObject)
	d := &delegateTask{options: optDenyChildAttach}
	tk.Owner = d
	startDelegate(t, tk, d, startSpec{fn: fn, state: state, useState: useState, unwrap: unwrap, token: token})
	return tk
}

// startDelegate queues spec's delegate to the pool as task tk. While the
// delegate runs, tk is the worker's current task (Task.CurrentId), and a task
// started with AttachedToParent attaches to it unless it denies attachment.
// tk completes when its delegate has finished and all its attached children
// have completed; faulted children's exceptions are added to its own, each
// wrapped in an AggregateException, as .NET does.
func startDelegate(t *vm.Thread, tk *vm.Task, d *delegateTask, spec startSpec) {
	Attach(t)
	ec := t.Ctx.Capture()
	t.M.Counters.Tasks.Add(1)
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
	tk.SetStatus(vm.StatusWaitingToRun)
	var args []vm.Value
	if spec.useState {
		args = []vm.Value{spec.state}
	}
	PoolOf(t.M).QueueFrom(t, func(w *vm.Thread) {
		if spec.token.canceled() {
			d.finish(w, tk, vm.StatusCanceled, vm.Null, []*vm.Instance{canceledExc(w)})
			return
		}
		tk.SetRunning()
		var r vm.Value
		s := threadStateOf(w)
		outer := s.current
		s.current = tk
		err := runIn(w, ec, func() error {
			var err error
			r, err = w.CallValue(spec.fn, args)
			return err
		})
		s.current = outer
		if err == nil && spec.unwrap {
			if inner := r.AsTask(); inner != nil {
				inner.OnCompleted(w, func(x *vm.Thread) {
					r, excs := inner.Result()
					d.finish(x, tk, inner.Status(), r, excs)
				})
				return
			}
		}
		if err == nil {
			d.finish(w, tk, vm.StatusRanToCompletion, r, nil)
			return
		}
		e := thrownExc(err)
		if e == nil {
			w.M.Crash(err)
			return
		}
		if isCancellation(e) && spec.token != nil && spec.token.canceled() {
			d.finish(w, tk, vm.StatusCanceled, vm.Null, []*vm.Instance{canceledExc(w)})
			return
		}
		d.finish(w, tk, vm.StatusFaulted, vm.Null, []*vm.Instance{e})
	})
}

// finish records the delegate's own outcome and completes tk unless attached
// children are still running (then tk waits in WaitingForChildrenToComplete).
func (d *delegateTask) finish(t *vm.Thread, tk *vm.Task, status vm.TaskStatus, r vm.Value, excs []*vm.Instance) {
	d.mu.Lock()
	d.selfDone, d.status, d.result, d.excs = true, status, r, excs
	if d.pending > 0 {
		tk.SetStatus(vm.TaskStatus(4)) // WaitingForChildrenToComplete
		d.mu.Unlock()
		return
	}
	d.mu.Unlock()
	d.complete(t, tk)
}

// childDone is called when an attached child completes.
func (d *delegateTask) childDone(t *vm.Thread, tk, child *vm.Task) {
	d.mu.Lock()
	if child.Status() == vm.StatusFaulted && !d.observed[child] {
		d.children = append(d.children, child)
	}
	d.pending--
	ready := d.pending == 0 && d.selfDone
	d.mu.Unlock()
	if ready {
		d.complete(t, tk)
	}
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
	if pd.observed == nil {
		pd.observed = map[*vm.Task]bool{}
	}
	pd.observed[child] = true
	pd.mu.Unlock()
}

// complete moves tk to its final state and tells its parent.
func (d *delegateTask) complete(t *vm.Thread, tk *vm.Task) {
	d.mu.Lock()
	status, r, excs := d.status, d.result, d.excs
	if len(d.children) > 0 {
		if status != vm.StatusFaulted {
			excs = nil
		}
		excs = append([]*vm.Instance(nil), excs...)
		for _, c := range d.children {
			if !d.observed[c] {
				excs = append(excs, NewAggregate(t.M, c.Exceptions()))
			}
		}
		if len(excs) > 0 {
			status, r = vm.StatusFaulted, vm.Null
		}
	}
	d.mu.Unlock()
	tk.TryComplete(t, status, r, excs)
	if d.parent != nil {
		delegateOf(d.parent).childDone(t, d.parent, tk)
	}
}

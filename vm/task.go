package vm

import (
	"strconv"
	"sync"
	"sync/atomic"
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

// Task is System.Threading.Tasks.Task and Task<T>. Its state changes once,
// from pending to a final status, under mu; continuations registered before
// then run when it completes.
type Task struct {
	ID      int32
	status  atomic.Int32
	mu      sync.Mutex
	result  Value
	excs    []*Instance // faulted: the exceptions; canceled: the OperationCanceledException
	conts   []TaskContinuation
	done    chan struct{} // closed on completion; made lazily for waiters
	Async   bool          // RunContinuationsAsynchronously
	ResultT *Type         // T of Task<T>, nil for Task
	// Owner is what produces the task (an rt chain, a state machine box), for
	// diagnostics and deadlock reports.
	Owner any

	valOnce sync.Once
	val     Value // the one object representing this task to programs
}

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
	tk := &Task{ID: taskIDs.Add(1), ResultT: resultT}
	tk.status.Store(int32(StatusWaitingForActivation))
	return tk
}

// TaskValue wraps a task as a value of type Task or Task<T>.
func TaskValue(tk *Task) Value {
	tk.valOnce.Do(func() {
		if tk.ResultT != nil {
			tk.val = NewNative(TTaskT, tk)
		} else {
			tk.val = NewNative(TTask, tk)
		}
	})
	return tk.val
}

// AsTask returns the task v refers to, or nil.
func (v Value) AsTask() *Task {
	tk, _ := v.AsNative().(*Task)
	return tk
}

// Status returns the task's status.
func (tk *Task) Status() TaskStatus { return TaskStatus(tk.status.Load()) }

// IsCompleted reports whether the task reached a final status.
func (tk *Task) IsCompleted() bool {
	s := tk.Status()
	return s == StatusRanToCompletion || s == StatusFaulted || s == StatusCanceled
}

// SetRunning marks a task as running (Task.Run work started).
func (tk *Task) SetRunning() {
	tk.status.CompareAndSwap(int32(StatusWaitingToRun), int32(StatusRunning))
	tk.status.CompareAndSwap(int32(StatusWaitingForActivation), int32(StatusRunning))
}

// SetStatus sets a pending status (Created, WaitingToRun).
func (tk *Task) SetStatus(s TaskStatus) { tk.status.Store(int32(s)) }

// Result returns the result and the exceptions of a completed task.
func (tk *Task) Result() (Value, []*Instance) {
	tk.mu.Lock()
	defer tk.mu.Unlock()
	return tk.result, tk.excs
}

// Exceptions returns the exceptions of a faulted or canceled task.
func (tk *Task) Exceptions() []*Instance {
	tk.mu.Lock()
	defer tk.mu.Unlock()
	return tk.excs
}

// TryComplete moves the task to a final status and runs its continuations.
// It returns false if the task was already complete. t is the VM thread
// completing it, or nil.
func (tk *Task) TryComplete(t *Thread, status TaskStatus, result Value, excs []*Instance) bool {
	tk.mu.Lock()
	if tk.IsCompleted() {
		tk.mu.Unlock()
		return false
	}
	tk.result = result
	tk.excs = excs
	tk.status.Store(int32(status))
	conts := tk.conts
	tk.conts = nil
	if tk.done != nil {
		close(tk.done)
	}
	tk.mu.Unlock()
	for _, c := range conts {
		tk.runContinuation(t, c)
	}
	return true
}

func (tk *Task) runContinuation(t *Thread, c TaskContinuation) {
	if t == nil || tk.Async {
		if t != nil {
			t.Queue(func(w *Thread) { c(w) })
			return
		}
		// No thread, so no machine to queue on: only tasks completed
		// before any program runs (the cached ones) complete without a
		// thread, and they never have continuations.
		panic("vm: a continuation of task " + strconv.Itoa(int(tk.ID)) + " has no thread to run on")
	}
	c(t)
}

// OnCompleted registers c to run when the task completes; if it already has,
// c runs at once on t (or is queued when t is nil).
func (tk *Task) OnCompleted(t *Thread, c TaskContinuation) {
	tk.mu.Lock()
	if !tk.IsCompleted() {
		tk.conts = append(tk.conts, c)
		tk.mu.Unlock()
		return
	}
	tk.mu.Unlock()
	if t == nil {
		tk.runContinuation(nil, c)
		return
	}
	c(t)
}

// Done returns a channel closed when the task completes.
func (tk *Task) Done() <-chan struct{} {
	tk.mu.Lock()
	defer tk.mu.Unlock()
	if tk.done == nil {
		tk.done = make(chan struct{})
		if tk.IsCompleted() {
			close(tk.done)
		}
	}
	return tk.done
}

// Queue posts work to the machine's thread pool from outside it (the
// pool's global queue).
func (m *Machine) Queue(work func(t *Thread)) { m.queue(nil, work) }

// Queue posts work to the thread pool from t: a pool worker's items go to
// its own queue (continuations, Task.Yield), others' to the global queue.
func (t *Thread) Queue(work func(t *Thread)) { t.M.queue(t, work) }

func (m *Machine) queue(from *Thread, work func(t *Thread)) {
	m.Counters.PoolItems.Add(1)
	if m.Host != nil {
		m.Host.Queue(from, work)
		return
	}
	go func() {
		t := m.NewThread()
		work(t)
	}()
}

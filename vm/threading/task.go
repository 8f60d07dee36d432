package threading

import (
	"math"
	"sync"
	"sync/atomic"
	"time"

	"asyncvm/ctx"
	"asyncvm/vm"
)

// Library types for tasks and awaiters.
var (
	TTaskStatus = vm.NewEnumType("System.Threading.Tasks", "TaskStatus", []vm.EnumMember{
		{Name: "Created", Value: 0}, {Name: "WaitingForActivation", Value: 1}, {Name: "WaitingToRun", Value: 2},
		{Name: "Running", Value: 3}, {Name: "WaitingForChildrenToComplete", Value: 4},
		{Name: "RanToCompletion", Value: 5}, {Name: "Canceled", Value: 6}, {Name: "Faulted", Value: 7},
	})
	TTaskCreationOptions = vm.NewEnumType("System.Threading.Tasks", "TaskCreationOptions", []vm.EnumMember{
		{Name: "None", Value: 0}, {Name: "PreferFairness", Value: 1}, {Name: "LongRunning", Value: 2},
		{Name: "AttachedToParent", Value: 4}, {Name: "DenyChildAttach", Value: 8}, {Name: "HideScheduler", Value: 16},
		{Name: "RunContinuationsAsynchronously", Value: 64},
	})
	TTaskContinuationOptions = vm.NewEnumType("System.Threading.Tasks", "TaskContinuationOptions", []vm.EnumMember{
		{Name: "None", Value: 0}, {Name: "PreferFairness", Value: 1}, {Name: "LongRunning", Value: 2},
		{Name: "AttachedToParent", Value: 4}, {Name: "DenyChildAttach", Value: 8}, {Name: "HideScheduler", Value: 16},
		{Name: "LazyCancellation", Value: 32}, {Name: "RunContinuationsAsynchronously", Value: 64},
		{Name: "NotOnRanToCompletion", Value: contNotOnRanToCompletion}, {Name: "NotOnFaulted", Value: contNotOnFaulted},
		{Name: "OnlyOnCanceled", Value: contNotOnRanToCompletion | contNotOnFaulted},
		{Name: "NotOnCanceled", Value: contNotOnCanceled},
		{Name: "OnlyOnFaulted", Value: contNotOnRanToCompletion | contNotOnCanceled},
		{Name: "OnlyOnRanToCompletion", Value: contNotOnFaulted | contNotOnCanceled},
		{Name: "ExecuteSynchronously", Value: 524288},
	})
	TTaskFactory         = vm.NewLibType("System.Threading.Tasks", "TaskFactory", nil)
	TTaskAwaiter         = vm.RegisterType(vm.NewLibType("System.Runtime.CompilerServices", "TaskAwaiter", nil))
	TConfiguredAwaitable = vm.NewLibType("System.Runtime.CompilerServices", "ConfiguredTaskAwaitable", nil)
	TConfiguredAwaiter   = vm.NewLibType("System.Runtime.CompilerServices", "ConfiguredTaskAwaiter", nil)
	TYieldAwaitable      = vm.NewLibType("System.Runtime.CompilerServices", "YieldAwaitable", nil)
	TYieldAwaiter        = vm.NewLibType("System.Runtime.CompilerServices", "YieldAwaiter", nil)
	TTCS                 = vm.NewLibType("System.Threading.Tasks", "TaskCompletionSource`1", nil)
)

// optRunContinuationsAsynchronously is TaskCreationOptions.RunContinuationsAsynchronously.
const optRunContinuationsAsynchronously = 64

// The TaskContinuationOptions flags that exclude an antecedent's final
// state; a continuation so excluded is canceled without running.
const (
	contNotOnRanToCompletion = 0x10000
	contNotOnFaulted         = 0x20000
	contNotOnCanceled        = 0x40000
)

// More TaskContinuationOptions flags.
const (
	contLongRunning          = 0x2
	contLazyCancellation     = 0x20
	contExecuteSynchronously = 0x80000
	contNotOnAnything        = contNotOnRanToCompletion | contNotOnFaulted | contNotOnCanceled
)

// checkContinuationOptions rejects the combinations .NET's ContinueWith
// rejects.
func checkContinuationOptions(t *vm.Thread, options int64) error {
	if options&contLongRunning != 0 && options&contExecuteSynchronously != 0 {
		return t.Throw("System.ArgumentOutOfRangeException", "The specified TaskContinuationOptions combined LongRunning and ExecuteSynchronously.  Synchronous continuations should not be long running. (Parameter 'continuationOptions')")
	}
	if options&contNotOnAnything == contNotOnAnything {
		return t.Throw("System.ArgumentOutOfRangeException", "The specified TaskContinuationOptions excluded all continuation kinds. (Parameter 'continuationOptions')")
	}
	return nil
}

// cancelContinuation cancels the continuation task cont as soon as token is
// canceled, before its antecedent completes, unless options ask for
// LazyCancellation (then the continuation is canceled when the antecedent
// completes, as .NET orders it).
func cancelContinuation(t *vm.Thread, cont *vm.Task, token *cancelSource, options int64) {
	if token == nil || options&contLazyCancellation != 0 {
		return
	}
	if token.canceled() {
		cont.TryComplete(t, vm.StatusCanceled, vm.Null, []*vm.Instance{canceledTaskExc(t, token, cont)})
		return
	}
	token.register(func(w *vm.Thread) error {
		cont.TryComplete(w, vm.StatusCanceled, vm.Null, []*vm.Instance{canceledTaskExc(w, token, cont)})
		return nil
	})
}

// nullTasks reports whether a WhenAll/WhenAny/WaitAll/WaitAny call passed
// a null array or sequence as its tasks (followed, for a generic method, by
// its type argument).
func nullTasks(args []vm.Value) bool {
	if len(args) == 0 || !args[0].IsNull() {
		return false
	}
	if len(args) == 1 {
		return true
	}
	_, typeArg := args[1].AsNative().(*vm.Type)
	return len(args) == 2 && typeArg
}

// taskTimeout reads a Task.Delay (delay) or Task.Wait/WaitAll/WaitAny
// timeout, which .NET checks with messages of their own: an int below -1 is
// Task_Delay_InvalidMillisecondsDelay for Delay and a plain out-of-range for
// the waits; a TimeSpan out of range is Task_InvalidTimerTimeSpan for Delay.
func taskTimeout(t *vm.Thread, v vm.Value, delay bool) (time.Duration, bool, error) {
	ms, span := int64(0), false
	switch x := v.AsNative().(type) {
	case Ticker:
		ms, span = x.Ticks()/10000, true
	default:
		switch {
		case v.IsInt():
			ms = int64(v.AsInt())
		case v.PrimType() == vm.TLong:
			ms = v.AsLong()
		default:
			return timeout(t, v, "millisecondsTimeout")
		}
	}
	param, msg := "millisecondsTimeout", "Specified argument was out of the range of valid values."
	switch {
	case delay && span:
		param, msg = "delay", "The value needs to translate in milliseconds to -1 (signifying an infinite timeout), 0, or a positive integer less than or equal to the maximum allowed timer duration."
	case delay:
		param, msg = "millisecondsDelay", "The value needs to be either -1 (signifying an infinite timeout), 0 or a positive integer."
	case span:
		param = "timeout"
	}
	limit := int64(math.MaxInt32)
	if delay && span {
		limit = 0xfffffffe
	}
	if ms < -1 || ms > limit {
		return 0, false, t.Throw("System.ArgumentOutOfRangeException", msg+" (Parameter '"+param+"')")
	}
	if ms == -1 {
		return 0, true, nil
	}
	if span {
		return timeout(t, v, param)
	}
	return time.Duration(ms) * time.Millisecond, false, nil
}

// continuationExcluded reports whether options (TaskContinuationOptions)
// exclude running a continuation after an antecedent that ended in st.
func continuationExcluded(options int64, st vm.TaskStatus) bool {
	switch st {
	case vm.StatusRanToCompletion:
		return options&contNotOnRanToCompletion != 0
	case vm.StatusFaulted:
		return options&contNotOnFaulted != 0
	case vm.StatusCanceled:
		return options&contNotOnCanceled != 0
	}
	return false
}

// TaskAwaiter is the awaiter of a Task (GetAwaiter()), and of
// task.ConfigureAwait(...): with ContinueOnCapturedContext false an await
// of it captures no SynchronizationContext (both execution models read
// it through vm.CapturesContext).
type TaskAwaiter struct {
	Task                      *vm.Task
	ContinueOnCapturedContext bool
	// Options holds ConfigureAwaitOptions.SuppressThrowing and
	// ForceYielding (ContinueOnCapturedContext is the field above).
	Options int64
}

// The ConfigureAwaitOptions flags.
const (
	awaitContinueOnCapturedContext = 1
	awaitSuppressThrowing          = 2
	awaitForceYielding             = 4
)

// TConfigureAwaitOptions is System.Threading.Tasks.ConfigureAwaitOptions.
var TConfigureAwaitOptions = vm.NewEnumType("System.Threading.Tasks", "ConfigureAwaitOptions", []vm.EnumMember{
	{Name: "None", Value: 0}, {Name: "ContinueOnCapturedContext", Value: awaitContinueOnCapturedContext},
	{Name: "SuppressThrowing", Value: awaitSuppressThrowing}, {Name: "ForceYielding", Value: awaitForceYielding},
})

// IsCompleted implements vm.Awaiter: never with ForceYielding, so the
// await always suspends (and resumes on the captured context or the pool).
func (a *TaskAwaiter) IsCompleted() bool {
	return a.Options&awaitForceYielding == 0 && a.Task.IsCompleted()
}

// GetResult implements vm.Awaiter; with SuppressThrowing a faulted or
// canceled task ends the await without an exception.
func (a *TaskAwaiter) GetResult(t *vm.Thread) (vm.Value, error) {
	if a.Options&awaitSuppressThrowing != 0 {
		if err := t.Wait(a.Task); err != nil {
			return vm.Null, err
		}
		if a.Task.Status() != vm.StatusRanToCompletion {
			return vm.Null, nil
		}
	}
	return a.Task.GetResult(t)
}

// UnsafeOnCompleted implements vm.Awaiter.
func (a *TaskAwaiter) UnsafeOnCompleted(t *vm.Thread, resume func(t *vm.Thread)) {
	a.Task.UnsafeOnCompleted(t, resume)
}

// ResumesOnce implements vm.ResumesOnce: the task runs resume once.
func (a *TaskAwaiter) ResumesOnce() {}

// ContinuesOnCapturedContext implements vm.CapturesContext.
func (a *TaskAwaiter) ContinuesOnCapturedContext() bool { return a.ContinueOnCapturedContext }

// taskAwaiterObj is a TaskAwaiter as a library object: the object and its
// payload in one allocation (.NET's TaskAwaiter is a struct).
type taskAwaiterObj struct {
	obj vm.Native
	aw  TaskAwaiter
}

// newTaskAwaiter makes the awaiter object of type ty for tk.
func newTaskAwaiter(ty *vm.Type, tk *vm.Task, onCapturedContext bool) vm.Value {
	x := &taskAwaiterObj{aw: TaskAwaiter{Task: tk, ContinueOnCapturedContext: onCapturedContext}}
	return vm.InitNative(&x.obj, ty, &x.aw)
}

// YieldAwaiter is Task.Yield()'s awaiter: never complete, it resumes on the
// pool.
type YieldAwaiter struct{}

// IsCompleted implements vm.Awaiter: always false.
func (YieldAwaiter) IsCompleted() bool { return false }

// GetResult implements vm.Awaiter.
func (YieldAwaiter) GetResult(t *vm.Thread) (vm.Value, error) { return vm.Null, nil }

// UnsafeOnCompleted implements vm.Awaiter: it queues resume to the pool.
func (YieldAwaiter) UnsafeOnCompleted(t *vm.Thread, resume func(t *vm.Thread)) {
	t.Queue(resume)
}

// ResumesOnce implements vm.ResumesOnce: resume is queued exactly once, so
// an rt chain waiting here may recycle its continuations.
func (YieldAwaiter) ResumesOnce() {}

// Yields implements vm.Yielder: an rt chain is queued as it is.
func (YieldAwaiter) Yields() {}

var completedTask = func() *vm.Task {
	tk := vm.NewTask(nil)
	tk.TryComplete(nil, vm.StatusRanToCompletion, vm.Null, nil)
	return tk
}()

// CompletedTask returns Task.CompletedTask.
func CompletedTask() *vm.Task { return completedTask }

// completeFrom completes tk with a delegate's outcome: its result, or the
// exception it threw. A Go-level error (a *vm.Fatal) crashes the machine.
func completeFrom(t *vm.Thread, tk *vm.Task, r vm.Value, err error) {
	if err == nil {
		tk.TryComplete(t, vm.StatusRanToCompletion, r, nil)
		return
	}
	if e := thrownExc(err); e != nil {
		tk.TryComplete(t, vm.StatusFaulted, vm.Null, []*vm.Instance{e})
		return
	}
	t.M.Crash(err)
}

// taskError is what Wait and Result throw for a task that did not run to
// completion: an AggregateException over its exceptions.
func taskError(t *vm.Thread, tk *vm.Task) error {
	switch tk.Status() {
	case vm.StatusFaulted:
		observe(t, tk)
		return &vm.Thrown{Exc: NewAggregate(t.M, tk.Exceptions())}
	case vm.StatusCanceled:
		return &vm.Thrown{Exc: NewAggregate(t.M, []*vm.Instance{canceledExc(t)})}
	}
	return nil
}

func taskException(t *vm.Thread, tk *vm.Task) vm.Value {
	if tk.Status() != vm.StatusFaulted {
		return vm.Null
	}
	excs := &stateOf(t.M).taskExceptions
	if e, ok := excs.Load(tk); ok {
		return vm.Ref(e.(*vm.Instance))
	}
	e, _ := excs.LoadOrStore(tk, NewAggregate(t.M, tk.Exceptions()))
	return vm.Ref(e.(*vm.Instance))
}

// whenRegistering runs c when tk completes: inline on the completing thread,
// but queued to the pool when tk is already complete (so registration never
// runs user code synchronously), as TaskAwaiter.OnCompleted does.
func whenComplete(t *vm.Thread, tk *vm.Task, c func(w *vm.Thread)) {
	var registering atomic.Bool
	registering.Store(true)
	tk.OnCompleted(t, func(w *vm.Thread) {
		if registering.Load() {
			t.Queue(c)
			return
		}
		c(w)
	})
	registering.Store(false)
}

// awaiterOnCompleted runs action when tk completes; flow says whether to run
// it in the context captured now.
func awaiterOnCompleted(t *vm.Thread, tk *vm.Task, action vm.Value, flow bool) {
	var ec *ctx.Context
	if flow {
		ec = t.Ctx.Capture()
	}
	m := t.M
	whenComplete(t, tk, func(w *vm.Thread) {
		err := runIn(w, ec, func() error {
			_, err := w.CallValue(action, nil)
			return err
		})
		crash(m, err)
	})
}

// rethrown is a task's exception from an awaiter's GetResult as a
// program's call of GetResult sees it: with the calling frames appended to
// its trace, as .NET's ExceptionDispatchInfo.Throw appends them.
func rethrown(t *vm.Thread, err error) error {
	if th, ok := err.(*vm.Thrown); ok {
		t.AddAwaitFrames(th.Exc)
	}
	return err
}

// tasksArg reads WhenAll/WhenAny/WaitAll's tasks: a params list, an array or
// an IEnumerable.
func tasksArg(t *vm.Thread, args []vm.Value) ([]*vm.Task, error) {
	vals := args
	if len(args) == 1 && args[0].AsTask() == nil {
		if a := args[0].AsArray(); a != nil {
			vals = a.V // read once below, into a slice of our own
		} else {
			var err error
			if vals, err = enumerate(t, args[0]); err != nil {
				return nil, err
			}
		}
	}
	out := make([]*vm.Task, len(vals))
	for i, v := range vals {
		tk := v.AsTask()
		if tk == nil {
			return nil, t.Throw("System.ArgumentException", "The tasks argument included a null value. (Parameter 'tasks')")
		}
		out[i] = tk
	}
	return out, nil
}

// WhenAll returns a task completing when all of tasks have: faulted with all
// their exceptions if any faulted, else canceled if any was, else with the
// results as an array when every task has a result type. elemT is
// WhenAll<TResult>'s type argument (its result is a TResult[]), nil when
// not known (the non-generic WhenAll, or a call that did not pass it).
func WhenAll(t *vm.Thread, tasks []*vm.Task, elemT *vm.Type) *vm.Task {
	generic := len(tasks) > 0
	for _, tk := range tasks {
		if tk.ResultType() == nil {
			generic = false
		}
	}
	var resT *vm.Type
	if generic || elemT != nil {
		resT = vm.ArrayOf(vm.TObject)
	}
	all := vm.NewTask(resT)
	if elemT != nil {
		generic = true
		all.SetTaskType(vm.TaskOf(vm.ArrayOf(elemT)))
		if len(tasks) == 0 {
			all.TryComplete(t, vm.StatusRanToCompletion, vm.Ref(vm.NewArrayOf(elemT, nil)), nil)
			return all
		}
	}
	if len(tasks) == 0 {
		// The element type is unknown here; an empty array serves both
		// WhenAll<T> (its T[] result) and WhenAll (result ignored).
		all.TryComplete(t, vm.StatusRanToCompletion, vm.Ref(vm.NewArrayOf(vm.TObject, nil)), nil)
		return all
	}
	// remaining counts the tasks not known to be complete, plus one for
	// the registration below, so that all completes once, after both.
	var remaining atomic.Int32
	remaining.Store(int32(len(tasks)) + 1)
	finish := func(w *vm.Thread) {
		var excs []*vm.Instance
		canceled := false
		results := make([]vm.Value, len(tasks))
		for i, tk := range tasks {
			r, es := tk.Result()
			switch tk.Status() {
			case vm.StatusFaulted:
				excs = append(excs, es...)
			case vm.StatusCanceled:
				canceled = true
			default:
				results[i] = r
			}
		}
		switch {
		case len(excs) > 0:
			all.TryComplete(w, vm.StatusFaulted, vm.Null, excs)
		case canceled:
			all.TryComplete(w, vm.StatusCanceled, vm.Null, []*vm.Instance{canceledExc(w)})
		case generic:
			elem := elemT
			if elem == nil {
				elem = tasks[0].ResultType()
			}
			if elem == vm.TObject && elemT == nil {
				elem = commonType(results)
			}
			all.TryComplete(w, vm.StatusRanToCompletion, vm.Ref(vm.NewArrayOf(elem, results)), nil)
		default:
			all.TryComplete(w, vm.StatusRanToCompletion, vm.Null, nil)
		}
	}
	// One continuation serves every task: it needs nothing of the task
	// that ran it. A task complete already is counted here, with no
	// continuation and one atomic update for all of them.
	one := vm.TaskContinuation(func(w *vm.Thread) {
		if remaining.Add(-1) == 0 {
			finish(w)
		}
	})
	done := int32(1)
	for _, tk := range tasks {
		if tk.IsCompleted() || !tk.AddContinuation(one) {
			done++
		}
	}
	if remaining.Add(-done) == 0 {
		finish(t)
	}
	return all
}

// commonType is the element type for results whose static type is unknown:
// their shared runtime type, else object.
func commonType(vs []vm.Value) *vm.Type {
	var ty *vm.Type
	for _, v := range vs {
		if v.IsNull() {
			continue
		}
		if ty == nil {
			ty = v.Type()
		} else if ty != v.Type() {
			return vm.TObject
		}
	}
	if ty == nil {
		return vm.TObject
	}
	return ty
}

// WhenAny returns a Task<Task> completing with the first of tasks to complete.
func WhenAny(t *vm.Thread, tasks []*vm.Task) *vm.Task {
	anyT := vm.NewTask(vm.TTask)
	for _, tk := range tasks {
		tk := tk
		tk.OnCompleted(t, func(w *vm.Thread) {
			anyT.TryComplete(w, vm.StatusRanToCompletion, taskObject(tk), nil)
		})
		if anyT.IsCompleted() {
			break
		}
	}
	return anyT
}

// Delay returns a task completed by a timer after d (never when infinite),
// or canceled through token. The timer does not hold a worker: it posts the
// completion to the pool.
func Delay(t *vm.Thread, d vmDuration, token *cancelSource) *vm.Task {
	tk := vm.NewTask(nil)
	if token.canceled() {
		tk.TryComplete(t, vm.StatusCanceled, vm.Null, []*vm.Instance{canceledTaskExc(t, token, tk)})
		return tk
	}
	if !d.infinite && d.d <= 0 {
		tk.TryComplete(t, vm.StatusRanToCompletion, vm.Null, nil)
		return tk
	}
	p := PoolOf(t.M)
	var stop func() bool
	if !d.infinite {
		timer := afterFunc(t.M, d.d, func() {
			p.Queue(func(w *vm.Thread) { tk.TryComplete(w, vm.StatusRanToCompletion, vm.Null, nil) })
		})
		stop = timer.Stop
	}
	if token != nil {
		token.register(func(w *vm.Thread) error {
			if stop != nil {
				stop()
			}
			tk.TryComplete(w, vm.StatusCanceled, vm.Null, []*vm.Instance{canceledTaskExc(w, token, tk)})
			return nil
		})
	}
	return tk
}

func boolArg(v vm.Value) bool { return v.AsBool() }

// TTaskScheduler is TaskScheduler: Default stands for the thread pool;
// FromCurrentSynchronizationContext makes schedulers that post to a
// SynchronizationContext. TaskScheduler.Current is the scheduler of the
// task running on the thread (threadState.sched), Default outside one.
var TTaskScheduler = vm.NewLibType("System.Threading.Tasks", "TaskScheduler", nil)

// poolScheduler is the payload of TaskScheduler.Default.
type poolScheduler struct{}

// syncScheduler is the payload of a scheduler made by
// TaskScheduler.FromCurrentSynchronizationContext (.NET's
// SynchronizationContextTaskScheduler): it queues a task by posting it to
// sc, and an await inside such a task captures it (vm.Thread's scheduler
// context) when no SynchronizationContext of a derived type is current.
type syncScheduler struct {
	sc *vm.Instance
	id int32
}

var schedulerIDs atomic.Int32

func init() { schedulerIDs.Store(1) } // Default is 1

// schedulerOf returns the SynchronizationContext scheduler v is, or nil.
func schedulerOf(v vm.Value) *syncScheduler {
	s, _ := v.AsNative().(*syncScheduler)
	return s
}

// customScheduler returns the object v is when it is an instance of a
// program's class deriving from TaskScheduler, or nil.
func customScheduler(v vm.Value) *vm.Instance {
	in := v.AsInstance()
	if in == nil {
		return nil
	}
	for c := in.Type(); c != nil; c = c.Super {
		if c == TTaskScheduler {
			return in
		}
	}
	return nil
}

// otherScheduler reports whether v is a scheduler other than Default: a
// SynchronizationContext one or a program's.
func otherScheduler(v vm.Value) bool { return schedulerOf(v) != nil || customScheduler(v) != nil }

// scheduledWork is what a task queued to a program's scheduler runs when
// the scheduler calls TryExecuteTask with it (scheduled holds it until then).
type scheduledWork struct {
	sched *vm.Instance
	work  func(x *vm.Thread)
}

// scheduled maps each task queued to a program's TaskScheduler and not yet
// executed to its work.
var scheduled sync.Map // *vm.Task -> *scheduledWork

// scheduleOn runs work, which runs task tk, for a task of scheduler sched
// (null or Default: the pool): posted to a SynchronizationContext
// scheduler's context, or handed to a program's scheduler's QueueTask,
// which runs it by calling TryExecuteTask(tk). An exception from QueueTask
// is returned (wrapped in TaskSchedulerException, as .NET's).
func scheduleOn(t *vm.Thread, sched vm.Value, tk *vm.Task, work func(x *vm.Thread)) error {
	if s := schedulerOf(sched); s != nil {
		t.PostTo(s.sc, work)
		return nil
	}
	if in := customScheduler(sched); in != nil {
		return queueTask(t, in, tk, work)
	}
	t.Queue(work)
	return nil
}

// queueTask calls the QueueTask override of the program's scheduler in
// with task tk, which runs work once TryExecuteTask is called with it.
func queueTask(t *vm.Thread, in *vm.Instance, tk *vm.Task, work func(x *vm.Thread)) error {
	scheduled.Store(tk, &scheduledWork{sched: in, work: work})
	f := in.Type().LookupMethod("QueueTask", 1)
	if f == nil || f.Native != nil {
		scheduled.Delete(tk)
		return t.Throw("System.NotImplementedException", "The method or operation is not implemented.")
	}
	if _, err := t.Invoke(f, vm.Ref(in), []vm.Value{taskObject(tk)}); err != nil {
		scheduled.Delete(tk)
		return schedulerException(t, err)
	}
	return nil
}

// schedulerException wraps the exception err throws, which a program's
// scheduler threw, in a TaskSchedulerException.
func schedulerException(t *vm.Thread, err error) error {
	e := thrownExc(err)
	if e == nil {
		return err
	}
	w := t.M.NewException("System.Threading.Tasks.TaskSchedulerException", "An exception was thrown by a TaskScheduler.")
	if len(w.F) > vm.ExcFieldInner {
		w.F[vm.ExcFieldInner] = vm.Ref(e)
	}
	return &vm.Thrown{Exc: w}
}

// postToScheduler is vm.PostToScheduler: an await's continuation captured
// on a program's scheduler runs as a task queued to it, as .NET's
// TaskSchedulerAwaitTaskContinuation does.
func postToScheduler(t *vm.Thread, sc *vm.Instance, fn func(w *vm.Thread)) bool {
	if customScheduler(vm.Ref(sc)) == nil {
		return false
	}
	tk := vm.NewTask(nil)
	tk.SetStatus(vm.StatusWaitingToRun)
	sched := vm.Ref(sc)
	err := queueTask(t, sc, tk, func(x *vm.Thread) {
		tk.SetRunning()
		s := threadStateOf(x)
		outer, outerSched := s.current, s.enterScheduler(x, sched)
		s.current = tk
		fn(x)
		s.current = outer
		s.leaveScheduler(x, outerSched)
		tk.TryComplete(x, vm.StatusRanToCompletion, vm.Null, nil)
	})
	if err != nil {
		t.M.Crash(err)
	}
	return true
}

// enterScheduler makes sched TaskScheduler.Current on t while a task of it
// runs; it returns the previous one for leaveScheduler.
func (s *threadState) enterScheduler(t *vm.Thread, sched vm.Value) vm.Value {
	outer := s.sched
	if !otherScheduler(sched) {
		sched = vm.Null
	}
	if sched != outer {
		s.sched = sched
		if sc := schedulerOf(sched); sc != nil {
			t.SetSchedulerContext(sc.sc)
		} else if in := customScheduler(sched); in != nil {
			t.SetSchedulerContext(in)
		} else {
			t.SetSchedulerContext(nil)
		}
	}
	return outer
}

// currentScheduler is TaskScheduler.Current on t, null for Default: the
// scheduler StartNew, ContinueWith and Start use when given none.
func currentScheduler(t *vm.Thread) vm.Value {
	if s, ok := t.Lib.(*threadState); ok && (s.current == nil || creationOptions(s.current)&optHideScheduler == 0) {
		return s.sched
	}
	return vm.Null
}

// leaveScheduler puts back the scheduler enterScheduler replaced.
func (s *threadState) leaveScheduler(t *vm.Thread, outer vm.Value) {
	s.enterScheduler(t, outer)
}

func init() {
	ts := vm.RegisterType(TTaskScheduler)
	def := vm.NewNative(TTaskScheduler, &poolScheduler{})
	ts.AddStaticProperty("Default", func(*vm.Thread, []vm.Value) (vm.Value, error) { return def, nil }, nil)
	ts.AddStaticProperty("Current", func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		if s := currentScheduler(t); !s.IsNull() {
			return s, nil
		}
		return def, nil
	}, nil)
	ts.AddStatic("FromCurrentSynchronizationContext", 0, 0, func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		sc := t.SyncContext()
		if sc == nil {
			return vm.Null, t.Throw("System.InvalidOperationException", "The current SynchronizationContext may not be used as a TaskScheduler.")
		}
		return vm.NewNative(TTaskScheduler, &syncScheduler{sc: sc, id: schedulerIDs.Add(1)}), nil
	})
	ts.AddProperty("Id", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		if s := schedulerOf(args[0]); s != nil {
			return vm.Int(s.id), nil
		}
		if in := customScheduler(args[0]); in != nil {
			// Assigned the first time it is asked for, as .NET's.
			id, _ := customSchedulerIDs.LoadOrStore(in, schedulerIDs.Add(1))
			return vm.Int(id.(int32)), nil
		}
		return vm.Int(1), nil
	}, nil)
	ts.AddProperty("MaximumConcurrencyLevel", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		if schedulerOf(args[0]) != nil {
			return vm.Int(1), nil
		}
		return vm.Int(math.MaxInt32), nil
	}, nil)
	// A program's TaskScheduler: TryExecuteTask(task) runs a task queued to
	// this scheduler on the calling thread (false when it already ran),
	// TryDequeue's base returns false, and the abstract members have no
	// base to call.
	ts.AddMethod("TryExecuteTask", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		tk := args[1].AsTask()
		if tk == nil {
			return vm.Null, argNull(t, "task")
		}
		v, ok := scheduled.Load(tk)
		if !ok {
			if tk.IsCompleted() || tk.Status() == vm.StatusRunning {
				return vm.Bool(false), nil
			}
			return vm.Null, t.Throw("System.InvalidOperationException", "ExecuteTask may not be called for a task which was previously queued to a different TaskScheduler.")
		}
		w := v.(*scheduledWork)
		if w.sched != args[0].AsInstance() {
			return vm.Null, t.Throw("System.InvalidOperationException", "ExecuteTask may not be called for a task which was previously queued to a different TaskScheduler.")
		}
		if !scheduled.CompareAndDelete(tk, w) {
			return vm.Bool(false), nil
		}
		w.work(t)
		return vm.Bool(true), nil
	})
	ts.AddMethod("TryDequeue", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Bool(false), nil })
	vm.PostToScheduler = postToScheduler
	TTaskScheduler.Derivable = true
}

// customSchedulerIDs holds the Id of each program scheduler asked for one.
var customSchedulerIDs sync.Map // *vm.Instance -> int32

func init() {
	task := vm.RegisterType(vm.TTask)
	reg := func(name string, min, max int, fn vm.NativeFn) { task.AddMethod(name, min, max, fn) }
	get := func(v vm.Value) *vm.Task { return v.AsTask() }

	task.AddStatic(".ctor", 1, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.TaskValue(&createdTask(t, args).task), nil
	})
	// The base constructor of a program's class deriving from Task: the
	// task goes into the object's first field (vm.Type.TaskBase), and the
	// task remembers the object, which Task.WhenAny and WhenEach hand back.
	reg(".ctor", 1, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		this := args[0].AsInstance()
		if this == nil || !this.Type().TaskBase || len(this.F) == 0 {
			return vm.Null, t.Throw("System.InvalidOperationException", "Task's constructor called on '"+vm.TypeName(args[0])+"'.")
		}
		d := createdTask(t, args[1:])
		d.outer = args[0]
		this.F[0] = vm.TaskValue(&d.task)
		return vm.Null, nil
	})
	reg("RunSynchronously", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		tk := get(args[0])
		d := delegateOf(tk)
		switch {
		case d == nil:
			return vm.Null, t.Throw("System.InvalidOperationException", "RunSynchronously may not be called on a task not bound to a delegate, such as the task returned from an asynchronous method.")
		case tk.IsCompleted():
			return vm.Null, t.Throw("System.InvalidOperationException", "RunSynchronously may not be called on a task that has already completed.")
		case tk.Status() != vm.StatusCreated || !d.started.CompareAndSwap(false, true):
			return vm.Null, t.Throw("System.InvalidOperationException", "RunSynchronously may not be called on a task that was already started.")
		}
		d.task.SetStatus(vm.StatusWaitingToRun)
		if in := customScheduler(optArg(args, 1)); in != nil {
			return vm.Null, d.runSynchronouslyOn(t, in)
		}
		d.runSynchronously(t)
		return vm.Null, nil
	})
	reg("Start", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		tk := get(args[0])
		d := delegateOf(tk)
		switch {
		case tk.IsCompleted():
			return vm.Null, t.Throw("System.InvalidOperationException", "Start may not be called on a task that has completed.")
		case d == nil:
			return vm.Null, t.Throw("System.InvalidOperationException", "Start may not be called on a promise-style task.")
		case d.task.Status() != vm.StatusCreated || !d.started.CompareAndSwap(false, true):
			return vm.Null, t.Throw("System.InvalidOperationException", "Start may not be called on a task that was already started.")
		}
		if len(args) > 1 {
			if args[1].IsNull() {
				return vm.Null, argNull(t, "scheduler")
			}
			if otherScheduler(args[1]) {
				d.spec.sched = args[1]
			}
		} else {
			d.spec.sched = currentScheduler(t)
		}
		d.task.SetStatus(vm.StatusWaitingToRun)
		return vm.Null, d.start(t)
	})
	task.AddStatic("Run", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		args, ts := vm.TakeTypeArgs(args, 1, 1) // Run<TResult>
		if args[0].IsNull() {
			return vm.Null, argNull(t, "action")
		}
		var taskT *vm.Type
		if len(ts) == 1 && ts[0] != nil {
			taskT = vm.TaskOf(ts[0])
		}
		return vm.TaskValue(StartTask(t, args[0], vm.Null, false, true, tokenArg(optArg(args, 1)), taskT)), nil
	}).WithTypeArgs()
	task.AddStatic("Delay", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d, inf, err := taskTimeout(t, args[0], true)
		if err != nil {
			return vm.Null, err
		}
		return vm.TaskValue(Delay(t, vmDuration{d, inf}, tokenArg(optArg(args, 1)))), nil
	})
	task.AddStatic("FromResult", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		args, ts := vm.TakeTypeArgs(args, 1, 1)
		tk := vm.NewTask(vm.TObject)
		if len(ts) == 1 && ts[0] != nil {
			tk.SetTaskType(vm.TaskOf(ts[0]))
		}
		tk.TryComplete(t, vm.StatusRanToCompletion, args[0], nil)
		return vm.TaskValue(tk), nil
	}).WithTypeArgs()
	task.AddStatic("FromException", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		e := args[0].AsInstance()
		if e == nil {
			return vm.Null, argNull(t, "exception")
		}
		tk := vm.NewTask(vm.TObject)
		tk.TryComplete(t, vm.StatusFaulted, vm.Null, []*vm.Instance{e})
		return vm.TaskValue(tk), nil
	})
	task.AddStatic("FromCanceled", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		src := tokenArg(args[0])
		if !src.canceled() {
			return vm.Null, t.Throw("System.ArgumentOutOfRangeException", "Specified argument was out of the range of valid values. (Parameter 'cancellationToken')")
		}
		tk := vm.NewTask(vm.TObject)
		tk.TryComplete(t, vm.StatusCanceled, vm.Null, []*vm.Instance{canceledTaskExc(t, src, tk)})
		return vm.TaskValue(tk), nil
	})
	task.AddStaticProperty("CompletedTask", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.TaskValue(completedTask), nil
	}, nil)
	task.AddStaticProperty("Factory", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.NewNative(TTaskFactory, nil), nil
	}, nil)
	task.AddStaticProperty("CurrentId", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if tk := currentTask(t); tk != nil {
			return vm.Int(tk.ID()), nil
		}
		return vm.Null, nil
	}, nil)
	task.AddStatic("WhenAll", 0, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if nullTasks(args) {
			return vm.Null, argNull(t, "tasks")
		}
		args, ts := vm.TakeTypeArgs(args, 1, 0) // WhenAll<TResult>
		tasks, err := tasksArg(t, args)         // reads a params array in place
		if err != nil {
			return vm.Null, err
		}
		var elemT *vm.Type
		if len(ts) == 1 {
			elemT = ts[0]
		}
		return vm.TaskValue(WhenAll(t, tasks, elemT)), nil
	}).WithTypeArgs()
	task.AddStatic("WhenAny", 0, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if nullTasks(args) {
			return vm.Null, argNull(t, "tasks")
		}
		tasks, err := tasksArg(t, args) // reads a params array in place
		if err != nil {
			return vm.Null, err
		}
		if len(tasks) == 0 {
			return vm.Null, t.Throw("System.ArgumentException", "The tasks argument contains no tasks. (Parameter 'tasks')")
		}
		return vm.TaskValue(WhenAny(t, tasks)), nil
	})
	// WhenEach's sequence is the prelude's TaskWhenEach over the tasks.
	task.AddStatic("WhenEach", 0, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if nullTasks(args) {
			return vm.Null, argNull(t, "tasks")
		}
		args, _ = vm.TakeTypeArgs(args, 1, 0) // WhenEach<TResult>
		tasks, err := tasksArg(t, args)       // reads a params array in place
		if err != nil {
			return vm.Null, err
		}
		ty := t.M.Prog.TypeByName("System.Threading.Tasks.TaskWhenEach")
		if ty == nil || len(ty.Statics["Create"]) != 1 {
			return vm.Null, t.Throw("System.PlatformNotSupportedException", "Task.WhenEach needs the prelude's TaskWhenEach.")
		}
		vals := make([]vm.Value, len(tasks))
		for i, tk := range tasks {
			vals[i] = taskObject(tk)
		}
		return t.Invoke(ty.Statics["Create"][0], vm.Null, []vm.Value{vm.Ref(vm.NewArrayOf(vm.TTask, vals))})
	}).WithTypeArgs()
	task.AddStatic("WaitAll", 0, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if nullTasks(args) || len(args) == 2 && args[0].IsNull() {
			return vm.Null, argNull(t, "tasks")
		}
		args = flattenParams(args)
		var limit vmDuration
		limit.infinite = true
		if n := len(args); n >= 2 && isTimeout(args[n-1]) {
			d, inf, err := taskTimeout(t, args[n-1], false)
			if err != nil {
				return vm.Null, err
			}
			limit = vmDuration{d, inf}
			args = args[:n-1]
		}
		tasks, err := tasksArg(t, args)
		if err != nil {
			return vm.Null, err
		}
		all := WhenAll(t, tasks, nil)
		if !blockFor(t, all.Done(), limit.d, limit.infinite) {
			return vm.Bool(false), nil
		}
		var excs []*vm.Instance
		for _, tk := range tasks {
			switch tk.Status() {
			case vm.StatusFaulted:
				excs = append(excs, tk.Exceptions()...)
			case vm.StatusCanceled:
				excs = append(excs, canceledExc(t))
			}
		}
		if len(excs) > 0 {
			return vm.Null, &vm.Thrown{Exc: NewAggregate(t.M, excs)}
		}
		return vm.Bool(true), nil
	})
	task.AddStatic("WaitAny", 0, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if nullTasks(args) || len(args) == 2 && args[0].IsNull() {
			return vm.Null, argNull(t, "tasks")
		}
		args = flattenParams(args)
		limit := vmDuration{infinite: true}
		if n := len(args); n >= 2 && isTimeout(args[n-1]) {
			d, inf, err := taskTimeout(t, args[n-1], false)
			if err != nil {
				return vm.Null, err
			}
			limit = vmDuration{d, inf}
			args = args[:n-1]
		}
		tasks, err := tasksArg(t, args)
		if err != nil {
			return vm.Null, err
		}
		anyT := WhenAny(t, tasks)
		if !blockFor(t, anyT.Done(), limit.d, limit.infinite) {
			return vm.Int(-1), nil
		}
		r, _ := anyT.Result()
		for i, tk := range tasks {
			if r.AsTask() == tk {
				return vm.Int(int32(i)), nil
			}
		}
		return vm.Int(-1), nil
	})
	// Task.Yield() returns a struct in .NET; one shared immutable object
	// stands for it here, so awaiting it allocates nothing.
	yieldAwaitable := vm.NewNative(TYieldAwaitable, YieldAwaiter{})
	task.AddStatic("Yield", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return yieldAwaitable, nil
	})

	wait := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		tk := get(args[0])
		limit := vmDuration{infinite: true}
		if len(args) > 1 && isTimeout(args[1]) {
			d, inf, err := taskTimeout(t, args[1], false)
			if err != nil {
				return vm.Null, err
			}
			limit = vmDuration{d, inf}
		}
		if limit.infinite {
			blockOnTask(t, tk, "Task.Wait()")
		} else if !blockFor(t, tk.Done(), limit.d, false) {
			return vm.Bool(false), nil
		}
		if err := taskError(t, tk); err != nil {
			return vm.Null, err
		}
		if len(args) > 1 {
			return vm.Bool(true), nil
		}
		return vm.Null, nil
	}
	reg("Wait", 0, 2, wait)
	task.AddProperty("Result", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		tk := get(args[0])
		blockOnTask(t, tk, "Task.Result")
		if err := taskError(t, tk); err != nil {
			return vm.Null, err
		}
		r, _ := tk.Result()
		return r, nil
	}, nil)
	task.AddProperty("Status", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.EnumValue(TTaskStatus, int64(get(args[0]).Status())), nil
	}, nil)
	task.AddProperty("IsCompleted", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(get(args[0]).IsCompleted()), nil
	}, nil)
	task.AddProperty("IsCompletedSuccessfully", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(get(args[0]).Status() == vm.StatusRanToCompletion), nil
	}, nil)
	task.AddProperty("IsFaulted", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(get(args[0]).Status() == vm.StatusFaulted), nil
	}, nil)
	task.AddProperty("IsCanceled", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(get(args[0]).Status() == vm.StatusCanceled), nil
	}, nil)
	task.AddProperty("Exception", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return taskException(t, get(args[0])), nil
	}, nil)
	task.AddProperty("Id", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(get(args[0]).ID()), nil
	}, nil)
	// AsyncState is the state object the task was created with: a
	// delegate's, a continuation's or a TaskCompletionSource's.
	task.AddProperty("AsyncState", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		tk := get(args[0])
		if d := delegateOf(tk); d != nil {
			if d.spec.useState {
				return d.spec.state, nil
			}
			return vm.Null, nil
		}
		return tk.StoredAsyncState(), nil
	}, nil)
	task.AddProperty("CreationOptions", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.EnumValue(TTaskCreationOptions, creationOptions(get(args[0]))), nil
	}, nil)
	reg("Dispose", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Null, nil })
	reg("ContinueWith", 1, 5, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		tk := get(args[0])
		fn := args[1]
		if fn.IsNull() {
			return vm.Null, argNull(t, "continuationAction")
		}
		callArgs := []vm.Value{args[0]}
		withState := delegateArity(fn) >= 2
		if withState {
			callArgs = append(callArgs, optArg(args, 2))
		}
		var options int64
		sched := currentScheduler(t) // the overloads without a scheduler
		var token *cancelSource
		for _, a := range args[2:] {
			if a.Type() == TTaskContinuationOptions {
				options = int64(a.Bits())
			} else if isScheduler(a) {
				sched = vm.Null
				if otherScheduler(a) {
					sched = a
				}
			} else if src := tokenArg(a); src != nil {
				token = src
			}
		}
		if err := checkContinuationOptions(t, options); err != nil {
			return vm.Null, err
		}
		ec := t.Ctx.Capture()
		cont := vm.NewTask(vm.TObject)
		if withState && !callArgs[1].IsNull() {
			cont.SetAsyncState(callArgs[1])
		}
		cancelContinuation(t, cont, token, options)
		whenComplete(t, tk, func(w *vm.Thread) {
			if cont.IsCompleted() {
				return // canceled through its token
			}
			if continuationExcluded(options, tk.Status()) || token.canceled() {
				cont.TryComplete(w, vm.StatusCanceled, vm.Null, []*vm.Instance{canceledExc(w)})
				return
			}
			run := func(f func(*vm.Thread)) {
				if err := scheduleOn(w, sched, cont, f); err != nil {
					cont.TryComplete(w, vm.StatusFaulted, vm.Null, []*vm.Instance{thrownExc(err)})
				}
			}
			if options&contExecuteSynchronously != 0 && !otherScheduler(sched) {
				run = func(f func(*vm.Thread)) { f(w) }
			}
			run(func(x *vm.Thread) {
				var r vm.Value
				s := threadStateOf(x)
				outer, outerSched := s.current, s.enterScheduler(x, sched)
				s.current = cont // the continuation task runs the delegate
				err := runIn(x, ec, func() error {
					var err error
					r, err = x.CallValue(fn, callArgs)
					return err
				})
				s.current = outer
				s.leaveScheduler(x, outerSched)
				completeFrom(x, cont, r, err)
			})
		})
		return vm.TaskValue(cont), nil
	})
	reg("GetAwaiter", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return newTaskAwaiter(TTaskAwaiter, get(args[0]), true), nil
	})
	reg("ConfigureAwait", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		tk := get(args[0])
		if args[1].Type() != TConfigureAwaitOptions {
			return newTaskAwaiter(TConfiguredAwaitable, tk, boolArg(args[1])), nil
		}
		// ConfigureAwait(ConfigureAwaitOptions), .NET 8.
		opts := args[1].AsLong()
		if opts&^(awaitContinueOnCapturedContext|awaitSuppressThrowing|awaitForceYielding) != 0 {
			return vm.Null, t.Throw("System.ArgumentOutOfRangeException", "Specified argument was out of the range of valid values. (Parameter 'options')")
		}
		// Task<TResult> refuses SuppressThrowing (a task whose result type
		// is not known is taken for a Task).
		if ty := args[0].Type(); opts&awaitSuppressThrowing != 0 && ty != vm.TTask && len(ty.Args) == 1 && ty.Args[0] != vm.TObject {
			return vm.Null, t.Throw("System.ArgumentOutOfRangeException", "ConfigureAwaitOptions.SuppressThrowing is not supported by Task<TResult>. To suppress throwing, instead cast the Task<TResult> to its base class Task and await that with SuppressThrowing. (Parameter 'options')")
		}
		v := newTaskAwaiter(TConfiguredAwaitable, tk, opts&awaitContinueOnCapturedContext != 0)
		v.AsNative().(*TaskAwaiter).Options = opts &^ awaitContinueOnCapturedContext
		return v, nil
	})
	vm.TTaskT.InheritMethods()
	vm.RefreshConstructed(vm.TTaskT) // the cached completed Task<int>s made before
	vm.RegisterMetadataName(vm.TTaskT)

	awaiterMembers := func(ty *vm.Type) {
		aw := func(v vm.Value) *TaskAwaiter { return v.AsNative().(*TaskAwaiter) }
		ty.AddProperty("IsCompleted", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Bool(aw(args[0]).IsCompleted()), nil
		}, nil)
		ty.AddMethod("GetResult", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			r, err := aw(args[0]).GetResult(t)
			return r, rethrown(t, err)
		})
		ty.AddMethod("OnCompleted", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			awaiterOnCompleted(t, aw(args[0]).Task, args[1], true)
			return vm.Null, nil
		})
		ty.AddMethod("UnsafeOnCompleted", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			awaiterOnCompleted(t, aw(args[0]).Task, args[1], false)
			return vm.Null, nil
		})
	}
	awaiterMembers(TTaskAwaiter)
	awaiterMembers(TConfiguredAwaiter)
	TConfiguredAwaitable.AddMethod("GetAwaiter", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.NewNative(TConfiguredAwaiter, args[0].AsNative()), nil
	})

	// YieldAwaiter is a struct without state in .NET; one shared object
	// stands for it, so the classic model's GetAwaiter allocates nothing.
	yieldAwaiter := vm.NewNative(TYieldAwaiter, YieldAwaiter{})
	TYieldAwaitable.AddMethod("GetAwaiter", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return yieldAwaiter, nil
	})
	TYieldAwaiter.AddProperty("IsCompleted", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(false), nil
	}, nil)
	TYieldAwaiter.AddMethod("GetResult", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Null, nil
	})
	yieldOn := func(flow bool) vm.NativeFn {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			var ec *ctx.Context
			if flow {
				ec = t.Ctx.Capture()
			}
			action := args[1]
			m := t.M
			t.Queue(func(w *vm.Thread) {
				crash(m, runIn(w, ec, func() error {
					_, err := w.CallValue(action, nil)
					return err
				}))
			})
			return vm.Null, nil
		}
	}
	TYieldAwaiter.AddMethod("OnCompleted", 1, 1, yieldOn(true))
	TYieldAwaiter.AddMethod("UnsafeOnCompleted", 1, 1, yieldOn(false))

	f := vm.RegisterType(TTaskFactory)
	// new TaskFactory([token,] [creationOptions, continuationOptions,]
	// [scheduler]): the defaults its StartNew and ContinueWhen* use.
	factoryCtor := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d := &factoryDefaults{}
		for _, a := range args {
			switch {
			case a.Type() == TTaskCreationOptions:
				d.creation = a.AsLong()
			case a.Type() == TTaskContinuationOptions:
				d.continuation = int64(a.Bits())
			case otherScheduler(a):
				d.sched = a
			default:
				d.token = tokenArg(a)
			}
		}
		return vm.NewNative(TTaskFactory, d), nil
	}
	f.AddStatic(".ctor", 0, 2, factoryCtor) // (), (token or scheduler), (creation, continuation options)
	f.AddStatic(".ctor", 4, 4, factoryCtor) // (token, creation, continuation options, scheduler)
	f.AddProperty("CancellationToken", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return tokenValue(factoryOf(args[0]).token), nil
	}, nil)
	f.AddProperty("CreationOptions", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.EnumValue(TTaskCreationOptions, factoryOf(args[0]).creation), nil
	}, nil)
	f.AddProperty("ContinuationOptions", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.EnumValue(TTaskContinuationOptions, factoryOf(args[0]).continuation), nil
	}, nil)
	f.AddProperty("Scheduler", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return factoryOf(args[0]).sched, nil
	}, nil)
	f.AddMethod("StartNew", 1, 5, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		fn := args[1]
		if fn.IsNull() {
			return vm.Null, argNull(t, "action")
		}
		rest := args[2:]
		spec := startSpec{fn: fn, useState: delegateArity(fn) >= 1}
		if spec.useState && len(rest) > 0 {
			spec.state, rest = rest[0], rest[1:]
		}
		var options int64
		spec.token, options, spec.sched = startOptions(rest)
		// What an overload does not take is the factory's; without a
		// scheduler of its own, the factory runs tasks on
		// TaskScheduler.Current (.NET's GetDefaultScheduler).
		def := factoryOf(args[0])
		if !hasArg(rest, isToken) {
			spec.token = def.token
		}
		if !hasArg(rest, isCreationOptions) {
			options = def.creation
		}
		if !hasArg(rest, isScheduler) {
			spec.sched = def.sched
			if spec.sched.IsNull() {
				spec.sched = currentScheduler(t)
			}
		}
		d := newDelegateTask(spec, options, vm.StatusWaitingToRun)
		if err := d.start(t); err != nil {
			return vm.Null, err
		}
		return vm.TaskValue(&d.task), nil
	})

	// ContinueWhenAll(tasks, f) runs f(tasks) once every task has
	// completed, ContinueWhenAny(tasks, f) f(first) once one has, as
	// continuations queued to the pool; the task they return ends with f.
	continueWhen := func(all bool) vm.NativeFn {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			if args[1].IsNull() {
				return vm.Null, argNull(t, "tasks")
			}
			// args is the caller's register window: read what the
			// continuation needs now.
			tasksVal, fn := args[1], args[2]
			if fn.IsNull() {
				return vm.Null, argNull(t, "continuationFunction")
			}
			tasks, err := tasksArg(t, []vm.Value{tasksVal})
			if err != nil {
				return vm.Null, err
			}
			if len(tasks) == 0 {
				return vm.Null, t.Throw("System.ArgumentException", "The tasks argument contains no tasks. (Parameter 'tasks')")
			}
			def := factoryOf(args[0])
			options, token := def.continuation, def.token
			for _, a := range args[3:] {
				if a.Type() == TTaskContinuationOptions {
					options = int64(a.Bits())
				} else if src := tokenArg(a); src != nil {
					token = src
				}
			}
			ec := t.Ctx.Capture()
			cont := vm.NewTask(vm.TObject)
			cancelContinuation(t, cont, token, options)
			var antecedent *vm.Task
			if all {
				antecedent = WhenAll(t, tasks, nil)
			} else {
				antecedent = WhenAny(t, tasks)
			}
			whenComplete(t, antecedent, func(w *vm.Thread) {
				if cont.IsCompleted() {
					return
				}
				arg := tasksVal
				if !all {
					arg, _ = antecedent.Result()
				}
				w.Queue(func(x *vm.Thread) {
					var r vm.Value
					s := threadStateOf(x)
					outer := s.current
					s.current = cont
					err := runIn(x, ec, func() error {
						var err error
						r, err = x.CallValue(fn, []vm.Value{arg})
						return err
					})
					s.current = outer
					completeFrom(x, cont, r, err)
				})
			})
			return vm.TaskValue(cont), nil
		}
	}
	f.AddMethod("ContinueWhenAll", 2, 3, continueWhen(true))
	f.AddMethod("ContinueWhenAny", 2, 3, continueWhen(false))

	registerEnum(TTaskStatus)
	registerEnum(TTaskCreationOptions)
	registerEnum(TTaskContinuationOptions)
	registerEnum(TConfigureAwaitOptions)
	registerTCS()
}

// factoryDefaults is the payload of a TaskFactory made with new: the
// token, options and scheduler its methods use when given none.
// Task.Factory has none (a nil payload).
type factoryDefaults struct {
	token        *cancelSource
	creation     int64
	continuation int64
	sched        vm.Value
}

// factoryOf returns the defaults of TaskFactory v (zero for Task.Factory).
func factoryOf(v vm.Value) *factoryDefaults {
	if d, ok := v.AsNative().(*factoryDefaults); ok && d != nil {
		return d
	}
	return &factoryDefaults{}
}

func isToken(v vm.Value) bool           { return v.Type() == TCancellationToken }
func isCreationOptions(v vm.Value) bool { return v.Type() == TTaskCreationOptions || v.IsInt() }
func isScheduler(v vm.Value) bool       { return otherScheduler(v) || v.Type() == TTaskScheduler }

// hasArg reports whether some argument satisfies is.
func hasArg(args []vm.Value, is func(vm.Value) bool) bool {
	for _, a := range args {
		if is(a) {
			return true
		}
	}
	return false
}

// startOptions reads the trailing arguments of StartNew and the Task
// constructor: a CancellationToken, TaskCreationOptions, a TaskScheduler.
func startOptions(rest []vm.Value) (token *cancelSource, options int64, sched vm.Value) {
	for _, a := range rest {
		switch {
		case otherScheduler(a):
			sched = a
		case a.Type() == TTaskCreationOptions:
			options = a.AsLong()
		case a.IsInt():
			options = a.AsLong()
		default:
			if src := tokenArg(a); src != nil {
				token = src
			}
		}
	}
	return token, options, sched
}

// flattenParams expands a single params array argument.
func flattenParams(args []vm.Value) []vm.Value {
	if len(args) == 1 {
		if a := args[0].AsArray(); a != nil {
			return append([]vm.Value(nil), a.V...)
		}
	}
	return args
}

// registerEnum registers a library enum and a static getter per member.
func registerEnum(ty *vm.Type) {
	vm.RegisterType(ty)
	for _, m := range ty.EnumNames {
		v := vm.EnumValue(ty, m.Value)
		ty.AddStaticProperty(m.Name, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return v, nil }, nil)
	}
}

// tcs is a TaskCompletionSource: the library object (its payload is the
// task) and the task in one allocation.
type tcs struct {
	obj  vm.Native
	task vm.Task
}

func registerTCS() {
	ty := vm.RegisterType(TTCS)
	ty.PassTypeArgs = true
	ty.AddStatic(".ctor", 0, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		var resT *vm.Type
		if len(args) > 0 && args[0].Type() == vm.TType {
			resT, _ = args[0].AsNative().(*vm.Type)
			args = args[1:]
		}
		src := &tcs{}
		tk := &src.task
		vm.InitTask(tk, resT)
		for _, a := range args {
			if a.Type() == TTaskCreationOptions || a.IsInt() {
				if a.AsLong()&optRunContinuationsAsynchronously != 0 {
					tk.SetAsync()
				}
			} else if !a.IsNull() {
				tk.SetAsyncState(a) // TaskCompletionSource(object state)
			}
		}
		return vm.InitNative(&src.obj, TTCS, tk), nil
	})
	get := func(v vm.Value) *vm.Task { return v.AsNative().(*vm.Task) }
	ty.AddProperty("Task", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.TaskValue(get(args[0])), nil
	}, nil)
	already := func(t *vm.Thread) error {
		return t.Throw("System.InvalidOperationException", "An attempt was made to transition a task to a final state when it had already completed.")
	}
	setResult := func(must bool) vm.NativeFn {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			ok := get(args[0]).TryComplete(t, vm.StatusRanToCompletion, optArg(args, 1), nil)
			if must {
				if !ok {
					return vm.Null, already(t)
				}
				return vm.Null, nil
			}
			return vm.Bool(ok), nil
		}
	}
	ty.AddMethod("SetResult", 0, 1, setResult(true))
	ty.AddMethod("TrySetResult", 0, 1, setResult(false))
	setException := func(must bool) vm.NativeFn {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			var excs []*vm.Instance
			if e := args[1].AsInstance(); e != nil {
				excs = []*vm.Instance{e}
			} else {
				vals, err := enumerate(t, args[1])
				if err != nil {
					return vm.Null, argNull(t, "exception")
				}
				for _, v := range vals {
					if e := v.AsInstance(); e != nil {
						excs = append(excs, e)
					}
				}
			}
			ok := get(args[0]).TryComplete(t, vm.StatusFaulted, vm.Null, excs)
			if must {
				if !ok {
					return vm.Null, already(t)
				}
				return vm.Null, nil
			}
			return vm.Bool(ok), nil
		}
	}
	ty.AddMethod("SetException", 1, 1, setException(true))
	ty.AddMethod("TrySetException", 1, 1, setException(false))
	setCanceled := func(must bool) vm.NativeFn {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			tk := get(args[0])
			ok := tk.TryComplete(t, vm.StatusCanceled, vm.Null, []*vm.Instance{canceledTaskExc(t, tokenArg(optArg(args, 1)), tk)})
			if must {
				if !ok {
					return vm.Null, already(t)
				}
				return vm.Null, nil
			}
			return vm.Bool(ok), nil
		}
	}
	ty.AddMethod("SetCanceled", 0, 1, setCanceled(true))
	ty.AddMethod("TrySetCanceled", 0, 1, setCanceled(false))
}

// createdTask is the Task constructor: a task in status Created over a
// delegate, with a state, a token and creation options as given.
func createdTask(t *vm.Thread, args []vm.Value) *delegateTask {
	spec := startSpec{fn: args[0], useState: delegateArity(args[0]) >= 1}
	rest := args[1:]
	if spec.useState && len(rest) > 0 {
		spec.state, rest = rest[0], rest[1:]
	}
	var options int64
	spec.token, options, spec.sched = startOptions(rest)
	d := newDelegateTask(spec, options, vm.StatusCreated)
	if tok := spec.token; tok != nil {
		// As .NET's AssignCancellationToken: a task not yet started is
		// canceled when its token is, at once if it already was, and
		// Start then finds it completed.
		cancel := func(w *vm.Thread) error {
			if d.started.CompareAndSwap(false, true) {
				d.complete(w, vm.StatusCanceled, vm.Null, []*vm.Instance{canceledByExc(w, tok)})
			}
			return nil
		}
		if tok.register(cancel) < 0 {
			cancel(t)
		}
	}
	return d
}

// taskObject is the value a program holds for tk: the object of its class
// deriving from Task when tk is such an object's task, else tk itself.
func taskObject(tk *vm.Task) vm.Value {
	if d := delegateOf(tk); d != nil && !d.outer.IsNull() {
		return d.outer
	}
	return vm.TaskValue(tk)
}

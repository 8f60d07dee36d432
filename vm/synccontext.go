package vm

import (
	"sync"
	"sync/atomic"
)

// SynchronizationContext support shared by both execution models.
//
// SynchronizationContext itself is a prelude class (its virtual Post, Send,
// OperationStarted... are overridden by program classes as in .NET); the
// VM keeps what .NET keeps on the thread: SynchronizationContext.Current
// (Thread.SyncCtx), not part of the ExecutionContext and never flowed. An
// await that continues on the captured context (the default; not
// ConfigureAwait(false)) captures Thread.awaitCtx when it suspends, and its
// resumption is posted there unless it completes on a thread whose Current
// is that context. awaitCtx is derived once whenever Current or the running
// task's scheduler changes, so the suspension path asks one pointer, and an
// await of a completed task never looks at it.

// syncCtxInfo is what the machine finds once in the program for posting:
// the prelude's SynchronizationContext type and its PostContinuation and
// PostException helpers.
type syncCtxInfo struct {
	once    sync.Once
	typ     *Type
	post    *Func // SynchronizationContext.PostContinuation(sc, continuation)
	postExc *Func // SynchronizationContext.PostException(sc, exception)
}

func (m *Machine) syncCtxInfo() *syncCtxInfo {
	s := &m.syncCtx
	s.once.Do(func() {
		s.typ = m.Prog.TypeByName("System.Threading.SynchronizationContext")
		if s.typ != nil {
			s.post = pickOverload(s.typ.Statics["PostContinuation"], 2)
			s.postExc = pickOverload(s.typ.Statics["PostException"], 2)
		}
	})
	return s
}

// SyncContext returns SynchronizationContext.Current on t (nil: none).
func (t *Thread) SyncContext() *Instance { return t.syncCtx }

// SetSyncContext is SynchronizationContext.SetSynchronizationContext. When
// the innermost async method running on t (rt) started on this thread in
// this run, rather than being resumed, it puts the previous context back
// when it returns, throws or first suspends, as .NET's async methods
// restore the caller's SynchronizationContext after their synchronous part
// (a resumed one is restored by its dispatcher instead). The frame is
// marked lazily, here, so that an async call that never sets a context
// pays nothing.
func (t *Thread) SetSyncContext(sc *Instance) {
	if sc == t.syncCtx {
		return
	}
	for i := len(t.frames) - 1; i >= 0; i-- {
		fr := &t.frames[i]
		if fr.flags&(frameAwaited|frameThunk|frameResumed) == 0 {
			continue
		}
		if fr.flags&(frameResumed|frameRestored|frameSyncSaved) == 0 {
			fr.flags |= frameSyncSaved
			t.syncSaved = append(t.syncSaved, savedSyncCtx{depth: i, sc: t.syncCtx})
		}
		break
	}
	t.syncCtx = sc
	t.deriveAwaitCtx()
}

// savedSyncCtx is the context an rt async frame (at depth in t.frames,
// marked frameSyncSaved) puts back when it leaves.
type savedSyncCtx struct {
	depth int
	sc    *Instance
}

// restoreSyncCtx puts back the context saved for the frame at depth, which
// is leaving (frameSyncSaved).
func (t *Thread) restoreSyncCtx(depth int) {
	n := len(t.syncSaved)
	for n > 0 && t.syncSaved[n-1].depth > depth {
		n-- // frames dropped without leaving normally
	}
	if n == 0 || t.syncSaved[n-1].depth != depth {
		t.syncSaved = t.syncSaved[:n]
		return
	}
	sc := t.syncSaved[n-1].sc
	t.syncSaved[n-1].sc = nil
	t.syncSaved = t.syncSaved[:n-1]
	t.syncCtx = sc
	t.deriveAwaitCtx()
}

// ResetSyncContext puts Current back to sc without marking any frame: the
// thread pool after each item (nil), ExecutionContext.Run and the
// dispatchers after running code that may have changed it.
func (t *Thread) ResetSyncContext(sc *Instance) {
	if t.syncCtx != sc {
		t.syncCtx = sc
		t.deriveAwaitCtx()
	}
}

// SetSchedulerContext records the SynchronizationContext of the scheduler
// of the task t runs (TaskScheduler.FromCurrentSynchronizationContext's),
// nil when it runs none: TaskScheduler.Current, which an await captures
// when Current is not a derived context.
func (t *Thread) SetSchedulerContext(sc *Instance) {
	t.schedCtx = sc
	t.deriveAwaitCtx()
}

// SchedulerContext returns what SetSchedulerContext recorded.
func (t *Thread) SchedulerContext() *Instance { return t.schedCtx }

// deriveAwaitCtx computes what an await captures (.NET's
// CaptureContinuationContext): Current unless it is null or the base
// SynchronizationContext type, else the current task scheduler's context,
// else nothing (continue on the pool).
func (t *Thread) deriveAwaitCtx() {
	t.awaitCtx = nil
	if sc := t.syncCtx; sc != nil && sc.typ != t.M.syncCtxInfo().typ {
		t.awaitCtx = sc
	} else if t.schedCtx != nil {
		t.awaitCtx = t.schedCtx
	}
}

// AwaitContext returns the context an await on t captures, nil for none.
func (t *Thread) AwaitContext() *Instance { return t.awaitCtx }

// IsBaseSyncContext reports whether sc is an instance of the
// SynchronizationContext class itself (whose Post queues to the pool).
func (t *Thread) IsBaseSyncContext(sc *Instance) bool {
	return sc != nil && sc.typ == t.M.syncCtxInfo().typ
}

// runOnce is a Go continuation posted to a SynchronizationContext, as the
// state of the SendOrPostCallback the prelude passes to Post
// (Internal.VM.RunContinuation): it runs once, however often a context
// calls the callback.
type runOnce struct {
	fired atomic.Bool
	fn    func(w *Thread)
}

// PostToScheduler, installed by the threading library, queues fn as a task
// to sc when sc is a program's TaskScheduler (what an await in a task of
// that scheduler captures: SetSchedulerContext) and reports whether it was.
var PostToScheduler func(t *Thread, sc *Instance, fn func(w *Thread)) bool

// TContinuationBox is the type of a posted Go continuation.
var TContinuationBox = NewLibType("Internal", "Continuation", nil)

// PostTo posts fn to the SynchronizationContext sc through its (virtual)
// Post, as .NET posts an await's continuation. An exception from Post is
// unhandled on the pool (.NET's Task.ThrowAsync): it crashes the program.
func (t *Thread) PostTo(sc *Instance, fn func(w *Thread)) {
	if PostToScheduler != nil && PostToScheduler(t, sc, fn) {
		return
	}
	info := t.M.syncCtxInfo()
	if info.post == nil {
		t.Queue(fn)
		return
	}
	box := NewNative(TContinuationBox, &runOnce{fn: fn})
	if _, err := t.Invoke(info.post, Null, []Value{Ref(sc), box}); err != nil {
		t.M.Crash(err)
	}
}

// PostException posts the rethrow of exc to sc: an async void method's
// exception when it captured a context (AsyncMethodBuilderCore.ThrowAsync).
// It reports false when the post itself failed (the caller then crashes
// the program as without a context).
func (t *Thread) PostException(sc *Instance, exc *Instance) bool {
	info := t.M.syncCtxInfo()
	if info.postExc == nil {
		return false
	}
	_, err := t.Invoke(info.postExc, Null, []Value{Ref(sc), Ref(exc)})
	return err == nil
}

// OperationStarted and OperationCompleted call the virtual methods of sc,
// as AsyncVoidMethodBuilder does around an async void method.
func (t *Thread) OperationStarted(sc *Instance) error {
	return t.callSyncCtx(sc, "OperationStarted")
}

// OperationCompleted: see OperationStarted.
func (t *Thread) OperationCompleted(sc *Instance) error {
	return t.callSyncCtx(sc, "OperationCompleted")
}

func (t *Thread) callSyncCtx(sc *Instance, name string) error {
	f := sc.typ.LookupMethod(name, 0)
	if f == nil {
		return nil
	}
	_, err := t.Invoke(f, Ref(sc), nil)
	return err
}

func init() {
	RegisterType(TContinuationBox)
	t := Builtin("Internal.VM")
	t.AddStatic("GetSyncContext", 0, 0, func(th *Thread, args []Value) (Value, error) {
		if th.syncCtx == nil {
			return Null, nil
		}
		return Ref(th.syncCtx), nil
	})
	t.AddStatic("SetSyncContext", 1, 1, func(th *Thread, args []Value) (Value, error) {
		th.SetSyncContext(args[0].AsInstance())
		return Null, nil
	})
	// AwaitContext() is what an await would capture now (AwaitContext):
	// the context ManualResetValueTaskSourceCore.OnCompleted captures for
	// UseSchedulingContext, null for none.
	t.AddStatic("AwaitContext", 0, 0, func(th *Thread, args []Value) (Value, error) {
		if th.awaitCtx == nil {
			return Null, nil
		}
		return Ref(th.awaitCtx), nil
	})
	// PostToContext(context, continuation, state) posts continuation(state)
	// to a context AwaitContext returned.
	t.AddStatic("PostToContext", 3, 3, func(th *Thread, args []Value) (Value, error) {
		sc := args[0].AsInstance()
		if sc == nil {
			return Null, th.ThrowNull()
		}
		fn, state := args[1], args[2]
		th.PostTo(sc, func(w *Thread) {
			if _, err := w.CallValue(fn, []Value{state}); err != nil {
				w.M.Crash(err)
			}
		})
		return Null, nil
	})
	// RunContinuation(box) runs a continuation the VM posted (PostTo).
	t.AddStatic("RunContinuation", 1, 1, func(th *Thread, args []Value) (Value, error) {
		if b, ok := args[0].AsNative().(*runOnce); ok && !b.fired.Swap(true) {
			b.fn(th)
		}
		return Null, nil
	})
}

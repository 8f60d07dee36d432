package sm

import (
	"fmt"
	"sync/atomic"
	"unsafe"

	"asyncvm/ctx"
	"asyncvm/vm"
	"asyncvm/vm/threading"
)

// builderKind is what an async method returns, which decides the builder.
type builderKind uint8

const (
	kindTask builderKind = iota
	kindTaskT
	kindValueTask
	kindValueTaskT
	kindVoid
)

// Library types of the classic model. The generic and non-generic builders
// share one registered type each (the registry keys types without their
// arity); a builder made with `new AsyncTaskMethodBuilder<T>()` receives T
// as a leading System.Type argument (PassTypeArgs) and so knows it is
// generic, while `AsyncTaskMethodBuilder.Create()` is the non-generic one.
var (
	TTaskBuilder      = vm.NewLibType("System.Runtime.CompilerServices", "AsyncTaskMethodBuilder", nil)
	TValueTaskBuilder = vm.NewLibType("System.Runtime.CompilerServices", "AsyncValueTaskMethodBuilder", nil)
	TVoidBuilder      = vm.NewLibType("System.Runtime.CompilerServices", "AsyncVoidMethodBuilder", nil)
	TStateMachine     = vm.NewLibType("System.Runtime.CompilerServices", "IAsyncStateMachine", nil)
	TDispatchInfo     = vm.NewLibType("System.Runtime.ExceptionServices", "ExceptionDispatchInfo", nil)
	TBuilderCore      = vm.NewLibType("System.Runtime.CompilerServices", "AsyncMethodBuilderCore", nil)
	TAwaiter          = vm.NewLibType("System.Runtime.CompilerServices", "ICriticalNotifyCompletion", nil)
	TSavedContext     = vm.NewLibType("System.Threading", "ExecutionContext", nil)
)

// Builder is the state of one async method builder: the method's task (made
// lazily: by the first real suspension, which boxes the state machine into
// it, or by SetResult/SetException when nothing has been boxed yet) and the
// boxed state machine.
//
// The builder, its program-visible object and its task are one Go object
// (obj and own are embedded): the stub makes a builder only when the method
// suspends, and then it needs the task, so one allocation serves both, as
// .NET's AsyncStateMachineBox is the Task. A task or Task.Yield resumes the
// builder itself (a vm.PoolItem, as the box is .NET's continuation); other
// awaiters get a resumption function made once per builder. The context
// the resumption restores travels in ec.
type Builder struct {
	obj     vm.Native // the builder as a library object (payload: the Builder)
	own     vm.Task   // the task, when it is not a cached one
	kind    builderKind
	resultT *vm.Type // T of Task<T>; TObject when unknown
	task    *vm.Task // &own, a cached completed task, or nil
	result  vm.Value // ValueTask<T> completed without a task
	done    bool     // completed synchronously without a task (ValueTask)
	sm      vm.Value // the boxed state machine (an instance, or a MoveNext delegate)
	boxed   bool
	move    *vm.Func           // the state machine's MoveNext, found once
	ec      *ctx.Context       // the context captured at the current suspension
	resume  func(w *vm.Thread) // runs MoveNext in ec; made at the first suspension
	// post is the SynchronizationContext the current suspension captured
	// (nil: none); viaTask says a task's completion resumes the builder,
	// which then checks where it may run (RunItem). voidCtx is the context
	// an async void builder captured at Create.
	post    *vm.Instance
	viaTask bool
	voidCtx *vm.Instance
}

// Cached completed tasks, as .NET caches Task.CompletedTask, true/false and
// the integers -1 to 8 for AsyncTaskMethodBuilder<T>.SetResult.
var (
	cachedTrue  = completed(vm.TBool, vm.Bool(true))
	cachedFalse = completed(vm.TBool, vm.Bool(false))
	cachedNull  = completed(vm.TObject, vm.Null)
	cachedInts  [10]*vm.Task
)

func init() {
	for i := range cachedInts {
		cachedInts[i] = completed(vm.TInt, vm.Int(int32(i-1)))
		cachedInts[i].SetTaskType(vm.TaskOf(vm.TInt))
	}
	cachedTrue.SetTaskType(vm.TaskOf(vm.TBool))
	cachedFalse.SetTaskType(vm.TaskOf(vm.TBool))
	registerBuilders()
}

func completed(rt *vm.Type, v vm.Value) *vm.Task {
	tk := vm.NewTask(rt)
	tk.TryComplete(nil, vm.StatusRanToCompletion, v, nil)
	return tk
}

// builderOwner is the owner kind of a builder's own task (Task.Owner).
var builderOwner = vm.RegisterTaskOwner(func(tk *vm.Task) any {
	return (*Builder)(unsafe.Add(unsafe.Pointer(tk), -int(unsafe.Offsetof(Builder{}.own))))
})

func builderOf(v vm.Value) *Builder {
	b, _ := v.AsNative().(*Builder)
	return b
}

// newBuilder reads the optional leading System.Type argument of a generic
// builder's constructor.
func newBuilder(ty *vm.Type, plain, generic builderKind, args []vm.Value) vm.Value {
	b := &Builder{kind: plain}
	if len(args) > 0 {
		b.kind = generic
		b.resultT = vm.TObject
		if t, ok := args[0].AsNative().(*vm.Type); ok && args[0].Type() == vm.TType && t != nil {
			b.resultT = t
		}
	}
	return vm.InitNative(&b.obj, ty, b)
}

// newTask makes the builder's task, counting it.
func (b *Builder) newTask(t *vm.Thread) *vm.Task {
	var rt *vm.Type
	if b.kind == kindTaskT || b.kind == kindValueTaskT {
		rt = b.resultT
		if rt == nil {
			rt = vm.TObject
		}
	}
	tk := &b.own
	vm.InitTask(tk, rt) // object: not known (see Func.TaskType)
	tk.SetOwnerKind(builderOwner)
	t.Counters.Tasks.Add(1)
	return tk
}

// moveNext runs the state machine's MoveNext: a delegate (the closure form
// used for async lambdas and local functions) or the MoveNext method of a
// state machine class.
func (b *Builder) moveNext(t *vm.Thread, sm vm.Value) error {
	if cl := sm.AsClosure(); cl != nil {
		_, err := t.CallValue(sm, nil)
		return err
	}
	if b.move == nil {
		if sm.IsNull() {
			return t.Throw("System.ArgumentNullException", "Value cannot be null. (Parameter 'stateMachine')")
		}
		b.move = sm.Type().LookupMethod("MoveNext", 0)
		if b.move == nil {
			return t.Throw("System.InvalidOperationException", "The state machine has no MoveNext method.")
		}
	}
	_, err := t.Invoke(b.move, sm, nil)
	return err
}

// start is Start(ref stateMachine): it runs the first MoveNext on the
// caller's thread and puts the caller's ExecutionContext back afterwards, so
// nothing the method does before its first suspension leaks to the caller.
func (b *Builder) start(t *vm.Thread, sm vm.Value) error {
	t.Counters.AsyncCalls.Add(1)
	saved, savedSync := t.Ctx.Current(), t.SyncContext()
	err := b.moveNext(t, sm)
	t.ResetSyncContext(savedSync)
	if t.Ctx.Current() != saved {
		t.Ctx.Switch(saved)
	}
	return err
}

// awaitOnCompleted is AwaitUnsafeOnCompleted / AwaitOnCompleted: the first
// real suspension boxes the state machine into the task the caller will
// hold; every suspension captures the context (the classic fast path: nil
// for Default, a marker when flow is suppressed) and registers MoveNext to
// run inside it when the awaiter completes.
func (b *Builder) awaitOnCompleted(t *vm.Thread, awaiter, sm vm.Value) error {
	if !b.boxed {
		b.boxed = true
		b.sm = sm
		t.Counters.StateMachineBoxes.Add(1)
		if b.task == nil && b.kind != kindVoid {
			b.task = b.newTask(t)
		}
	}
	b.ec = t.Ctx.CaptureForSuspension()
	if b.ec != nil {
		t.Counters.ECCaptures.Add(1)
	}
	// The SynchronizationContext (or scheduler) an await that continues
	// on the captured context captures (Task.SetContinuationForAwait).
	sc := t.AwaitContext()
	b.post = nil
	if aw, ok := awaiter.AsNative().(vm.Awaiter); ok {
		// A task's awaiter and Task.Yield's take the builder itself as
		// their continuation (it is a vm.PoolItem).
		switch a := aw.(type) {
		case *vm.Task:
			b.onTask(t, a, sc)
		case *threading.TaskAwaiter:
			if !a.ContinueOnCapturedContext {
				sc = nil
			}
			b.onTask(t, a.Task, sc)
		case vm.Yielder:
			if sc != nil {
				t.PostTo(sc, b.resumeFunc())
			} else {
				t.QueueItem(b)
			}
		default:
			if c, ok := aw.(vm.CapturesContext); ok && c.ContinuesOnCapturedContext() && sc != nil {
				b.post = sc
				aw.UnsafeOnCompleted(t, b.resumeChecked)
				return nil
			}
			aw.UnsafeOnCompleted(t, b.resumeFunc())
		}
		return nil
	}
	if tk := awaiter.AsTask(); tk != nil {
		b.onTask(t, tk, sc)
		return nil
	}
	if awaiter.IsNull() {
		return t.ThrowNull()
	}
	// A user-defined awaiter: call its UnsafeOnCompleted (or OnCompleted)
	// with a delegate that resumes the state machine.
	f := awaiter.Type().LookupMethod("UnsafeOnCompleted", 1)
	if f == nil {
		f = awaiter.Type().LookupMethod("OnCompleted", 1)
	}
	if f == nil {
		return t.Throw("System.InvalidOperationException", "'"+vm.TypeName(awaiter)+"' is not an awaiter (it has no OnCompleted method).")
	}
	cont := vm.NewNativeDelegate(vm.NativeFunc("MoveNext", 0, 0, false, func(w *vm.Thread, _ []vm.Value) (vm.Value, error) {
		b.resumeOn(w)
		return vm.Null, nil
	}), vm.Null)
	_, err := t.Invoke(f, awaiter, []vm.Value{cont})
	return err
}

// onTask registers the builder as a continuation of tk, resuming on sc
// (nil: wherever tk completes, unless that thread has a context).
func (b *Builder) onTask(t *vm.Thread, tk *vm.Task, sc *vm.Instance) {
	b.post, b.viaTask = sc, true
	tk.OnCompletedItem(t, b)
}

// resumeChecked resumes the builder where its await captured (RunItem's
// test), for awaiters that call a function.
func (b *Builder) resumeChecked(w *vm.Thread) {
	b.viaTask = true
	b.RunItem(w)
}

// resumeFunc returns resumeOn as a function, made once per builder, for
// the awaiters that take one.
func (b *Builder) resumeFunc() func(w *vm.Thread) {
	if b.resume == nil {
		b.resume = b.resumeOn
	}
	return b.resume
}

// RunItem implements vm.PoolItem: the builder as a task's continuation or
// a queued Task.Yield resumption runs MoveNext on w (resumeOn). Resumed by
// a task's completion, it first checks that it may run on w: an await
// that captured a SynchronizationContext other than w's Current is posted
// to it (SynchronizationContextAwaitTaskContinuation), and one that
// captured none goes to the pool when w has a context
// (AwaitTaskContinuation.IsValidLocationForInlining).
func (b *Builder) RunItem(w *vm.Thread) {
	if b.viaTask {
		b.viaTask = false
		if sc := b.post; sc != nil {
			if sc != w.SyncContext() {
				w.PostTo(sc, b.resumeFunc())
				return
			}
		} else if w.AwaitContext() != nil {
			w.QueueItem(b)
			return
		}
	}
	b.resumeOn(w)
}

// resumeOn runs MoveNext on w inside the context captured at the
// suspension (the classic fast path: nil for Default, a marker when flow is
// suppressed), putting w's own context back afterwards.
func (b *Builder) resumeOn(w *vm.Thread) {
	threading.Attach(w)
	ec := b.ec
	saved, savedSync := w.Ctx.Current(), w.SyncContext()
	if ec != ctx.DefaultFlowSuppressed {
		if ec != nil {
			w.Counters.ECRestores.Add(1)
		}
		w.Ctx.RestoreFromSuspension(ec)
	}
	err := b.moveNext(w, b.sm)
	if ec != nil && ec != ctx.DefaultFlowSuppressed {
		// MoveNext ran inside ExecutionContext.RunInternal, which puts
		// SynchronizationContext.Current back too (with the Default
		// context .NET calls MoveNext directly).
		w.ResetSyncContext(savedSync)
	}
	if ec != ctx.DefaultFlowSuppressed && w.Ctx.Current() != saved {
		w.Ctx.Switch(saved)
	}
	if err != nil {
		w.M.Crash(err)
	}
}

// setResult completes the method: the boxed task, or, when the method never
// suspended, a cached or new completed task (a ValueTask keeps the result
// inline and allocates nothing).
func (b *Builder) setResult(t *vm.Thread, v vm.Value) {
	switch b.kind {
	case kindVoid:
		if sc := b.voidCtx; sc != nil {
			if err := t.OperationCompleted(sc); err != nil {
				t.M.Crash(err)
			}
		}
		return
	case kindTask, kindValueTask:
		v = vm.Null
	}
	if b.task != nil {
		b.task.TryComplete(t, vm.StatusRanToCompletion, v, nil)
		return
	}
	switch b.kind {
	case kindTask:
		b.task = vm.CompletedTaskValue()
	case kindValueTask, kindValueTaskT:
		b.done, b.result = true, v
	default:
		b.task = cachedResult(v, b.resultT)
		if b.task == nil {
			b.task = b.newTask(t)
			b.task.TryComplete(t, vm.StatusRanToCompletion, v, nil)
		}
	}
}

// cachedResult returns the cached task for a common result of a Task<rt>,
// or nil.
func cachedResult(v vm.Value, rt *vm.Type) *vm.Task {
	switch {
	case v.IsNull():
		if rt == vm.TObject {
			return cachedNull
		}
	case v.Type() == vm.TBool && rt == vm.TBool:
		if v.AsBool() {
			return cachedTrue
		}
		return cachedFalse
	case v.IsInt() && v.Type() == vm.TInt && rt == vm.TInt && v.AsInt() >= -1 && v.AsInt() <= 8:
		return cachedInts[v.AsInt()+1]
	}
	return nil
}

// setException faults the task (OperationCanceledException cancels it); an
// async void method's exception crashes the process, as it is rethrown on
// the thread pool in .NET.
func (b *Builder) setException(t *vm.Thread, e *vm.Instance) {
	vm.CaptureTrace(e)
	if b.kind == kindVoid {
		// AsyncVoidMethodBuilder.SetException: the exception is posted to
		// the captured context, then OperationCompleted; without one (or
		// when Post fails) it is rethrown on the pool.
		sc := b.voidCtx
		if sc == nil || !t.PostException(sc, e) {
			t.M.Crash(&vm.Thrown{Exc: e})
			return
		}
		if err := t.OperationCompleted(sc); err != nil {
			t.M.Crash(err)
		}
		return
	}
	if b.task == nil {
		b.task = b.newTask(t)
	}
	if t.IsCancellation(e) {
		b.task.TryComplete(t, vm.StatusCanceled, vm.Null, []*vm.Instance{e})
		return
	}
	b.task.TryComplete(t, vm.StatusFaulted, vm.Null, []*vm.Instance{e})
}

// taskValue is the Task property: what the stub returns to the caller.
func (b *Builder) taskValue(t *vm.Thread) vm.Value {
	switch b.kind {
	case kindVoid:
		return vm.Null
	case kindValueTask, kindValueTaskT:
		if b.task == nil {
			if !b.done {
				b.task = b.newTask(t)
			} else {
				return threading.NewValueTask(nil, b.result, b.kind == kindValueTaskT)
			}
		}
		return threading.NewValueTask(b.task, vm.Null, b.kind == kindValueTaskT)
	}
	if b.task == nil {
		b.task = b.newTask(t)
	}
	return vm.TaskValue(b.task)
}

// typeArg reads the leading typeof(T) argument of a generic builder's
// static FromResult or FromException.
func typeArg(v vm.Value) *vm.Type {
	if t, ok := v.AsNative().(*vm.Type); ok && v.Type() == vm.TType && t != nil {
		return t
	}
	return vm.TObject
}

// fromResult is <Builder>.FromResult([typeof(T), result]): the task a stub
// that never suspended returns, cached as SetResult caches it.
func fromResult(t *vm.Thread, plain, generic builderKind, args []vm.Value) vm.Value {
	b := Builder{kind: plain}
	v := vm.Null
	if len(args) == 2 {
		b.kind, b.resultT, v = generic, typeArg(args[0]), args[1]
	}
	t.Counters.Tasks.Add(1)
	switch b.kind {
	case kindTask:
		return vm.TaskValue(vm.CompletedTaskValue())
	case kindValueTask, kindValueTaskT:
		return threading.NewValueTask(nil, v, b.kind == kindValueTaskT)
	}
	tk := cachedResult(v, b.resultT)
	if tk == nil {
		tk = completed(b.resultT, v)
		if b.resultT != vm.TObject {
			tk.SetTaskType(vm.TaskOf(b.resultT))
		}
	}
	return vm.TaskValue(tk)
}

// fromException is <Builder>.FromException([typeof(T), ] e): the faulted
// (or canceled) task of a stub whose first run threw.
func fromException(t *vm.Thread, plain, generic builderKind, args []vm.Value) (vm.Value, error) {
	b := &Builder{kind: plain}
	if len(args) == 2 {
		b.kind, b.resultT = generic, typeArg(args[0])
		args = args[1:]
	}
	e := args[0].AsInstance()
	if e == nil {
		return vm.Null, t.Throw("System.ArgumentNullException", "Value cannot be null. (Parameter 'exception')")
	}
	b.setException(t, e)
	return b.taskValue(t), nil
}

// lastContext caches the value Enter made for the last non-default context
// it saw: contexts are immutable, so a method called repeatedly under the
// same AsyncLocal values saves its caller's context without allocating.
var lastContext atomic.Pointer[vm.Value]

// savedContext is the value Enter returns for c: null for Default.
// savedContexts is what Enter saves when SynchronizationContext.Current
// is set: Leave puts both back, as Start does.
type savedContexts struct {
	ec   *ctx.Context
	sync *vm.Instance
}

func savedContext(c *ctx.Context) vm.Value {
	if c == ctx.Default {
		return vm.Null
	}
	if p := lastContext.Load(); p != nil && p.AsNative() == any(c) {
		return *p
	}
	v := vm.NewNative(TSavedContext, c)
	lastContext.Store(&v)
	return v
}

// awaiterValue is AsyncMethodBuilderCore.GetAwaiter(x): a Task is its own
// awaiter and so is a library awaiter; anything else (a ValueTask's task,
// YieldAwaitable, a user type with GetAwaiter) gets the adapter the rt model
// uses too.
func awaiterValue(t *vm.Thread, x vm.Value) (vm.Value, error) {
	if x.AsTask() != nil {
		return x, nil
	}
	if _, _, ok := vm.CompletedValueTaskResult(x); ok {
		// An unboxed completed ValueTask is its own awaiter, as a Task is.
		return x, nil
	}
	if a, ok := x.AsNative().(vm.Awaiter); ok {
		if _, bound := a.(vm.BoundAwaiter); !bound {
			return x, nil
		}
	}
	aw, err := t.GetAwaiter(x)
	if err != nil {
		return vm.Null, err
	}
	return vm.NewNative(TAwaiter, aw), nil
}

// awaiterOf reads an awaiter made by awaiterValue.
func awaiterOf(t *vm.Thread, v vm.Value) (vm.Awaiter, error) {
	if tk := v.AsTask(); tk != nil {
		return tk, nil
	}
	if aw, ok := v.AsNative().(vm.Awaiter); ok {
		return aw, nil
	}
	return t.GetAwaiter(v)
}

// registerCore registers AsyncMethodBuilderCore, the helpers of the stub's
// inline first run and of the awaiter pattern.
func registerCore() {
	core := vm.RegisterType(TBuilderCore)
	vm.RegisterType(TAwaiter)
	vm.RegisterType(TSavedContext)
	core.AddStatic("Enter", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		t.Counters.AsyncCalls.Add(1)
		if sc := t.SyncContext(); sc != nil {
			// Rare: a SynchronizationContext to put back as well.
			return vm.NewNative(TSavedContext, &savedContexts{ec: t.Ctx.Current(), sync: sc}), nil
		}
		return savedContext(t.Ctx.Current()), nil
	})
	core.AddStatic("Leave", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		saved := ctx.Default
		var sync *vm.Instance
		switch c := args[0].AsNative().(type) {
		case *ctx.Context:
			saved = c
		case *savedContexts:
			saved, sync = c.ec, c.sync
		}
		t.ResetSyncContext(sync)
		if t.Ctx.Current() != saved {
			t.Ctx.Switch(saved)
		}
		return vm.Null, nil
	})
	core.AddStatic("Hoist", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(true), nil
	})
	core.AddStatic("GetAwaiter", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return awaiterValue(t, args[0])
	})
	core.AddStatic("IsCompleted", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if tk := args[0].AsTask(); tk != nil {
			return vm.Bool(tk.IsCompleted()), nil
		}
		if _, _, ok := vm.CompletedValueTaskResult(args[0]); ok {
			return vm.Bool(true), nil
		}
		aw, err := awaiterOf(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		return vm.Bool(aw.IsCompleted()), nil
	})
	core.AddStatic("GetResult", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if r, _, ok := vm.CompletedValueTaskResult(args[0]); ok {
			return r, nil
		}
		aw, err := awaiterOf(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		r, err := aw.GetResult(t)
		if th, ok := err.(*vm.Thrown); ok {
			t.AddAwaitFrames(th.Exc)
		}
		return r, err
	})
}

func registerBuilders() {
	registerCore()
	reg := func(ty *vm.Type, plain, generic builderKind) {
		ty = vm.RegisterType(ty)
		ty.PassTypeArgs = true
		ty.AddStatic("FromResult", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return fromResult(t, plain, generic, args), nil
		})
		ty.AddStatic("FromException", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return fromException(t, plain, generic, args)
		})
		ty.AddStatic(".ctor", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return newBuilder(ty, plain, generic, args), nil
		})
		ty.AddStatic("Create", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			v := newBuilder(ty, plain, generic, nil)
			if sc := t.SyncContext(); plain == kindVoid && sc != nil {
				// AsyncVoidMethodBuilder.Create captures Current and
				// tells it an operation started.
				builderOf(v).voidCtx = sc
				if err := t.OperationStarted(sc); err != nil {
					return vm.Null, err
				}
			}
			return v, nil
		})
		self := func(t *vm.Thread, v vm.Value) (*Builder, error) {
			b := builderOf(v)
			if b == nil {
				return nil, t.ThrowNull()
			}
			return b, nil
		}
		ty.AddMethod("Start", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			b, err := self(t, args[0])
			if err != nil {
				return vm.Null, err
			}
			return vm.Null, b.start(t, deref(args[1]))
		})
		onCompleted := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			b, err := self(t, args[0])
			if err != nil {
				return vm.Null, err
			}
			return vm.Null, b.awaitOnCompleted(t, deref(args[1]), deref(args[2]))
		}
		ty.AddMethod("AwaitUnsafeOnCompleted", 2, 2, onCompleted)
		ty.AddMethod("AwaitOnCompleted", 2, 2, onCompleted)
		ty.AddMethod("SetResult", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			b, err := self(t, args[0])
			if err != nil {
				return vm.Null, err
			}
			v := vm.Null
			if len(args) > 1 {
				v = args[1]
			}
			b.setResult(t, v)
			return vm.Null, nil
		})
		ty.AddMethod("SetException", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			b, err := self(t, args[0])
			if err != nil {
				return vm.Null, err
			}
			e := args[1].AsInstance()
			if e == nil {
				return vm.Null, t.Throw("System.ArgumentNullException", "Value cannot be null. (Parameter 'exception')")
			}
			b.setException(t, e)
			return vm.Null, nil
		})
		ty.AddMethod("SetStateMachine", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Null, nil
		})
		ty.AddProperty("Task", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			b, err := self(t, args[0])
			if err != nil {
				return vm.Null, err
			}
			return b.taskValue(t), nil
		}, nil)
	}
	reg(TTaskBuilder, kindTask, kindTaskT)
	reg(TValueTaskBuilder, kindValueTask, kindValueTaskT)
	reg(TVoidBuilder, kindVoid, kindVoid)

	sm := vm.RegisterType(TStateMachine)
	sm.IsInterface = true
	sm.IsAbstract = true

	// ExceptionDispatchInfo.Capture(e).Throw() rethrows e keeping the stack
	// it was first thrown with (the rewrite of `throw;` and of a pending
	// exception after an awaiting finally).
	edi := vm.RegisterType(TDispatchInfo)
	edi.AddStatic("Capture", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if args[0].AsInstance() == nil {
			return vm.Null, t.Throw("System.ArgumentNullException", "Value cannot be null. (Parameter 'source')")
		}
		return vm.NewNative(edi, args[0].AsInstance()), nil
	})
	edi.AddStatic("Throw", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		e := args[0].AsInstance()
		if e == nil {
			return vm.Null, t.Throw("System.ArgumentNullException", "Value cannot be null. (Parameter 'source')")
		}
		return vm.Null, &vm.Thrown{Exc: e}
	})
	edi.AddMethod("Throw", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		e, _ := args[0].AsNative().(*vm.Instance)
		if e == nil {
			return vm.Null, t.ThrowNull()
		}
		return vm.Null, &vm.Thrown{Exc: e}
	})
	edi.AddProperty("SourceException", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		e, _ := args[0].AsNative().(*vm.Instance)
		if e == nil {
			return vm.Null, nil
		}
		return vm.Ref(e), nil
	}, nil)
}

// deref reads through a ref argument (`ref stateMachine`), and passes any
// other value through: the lowering may pass the state machine and the
// awaiter by value, since both are references in asyncvm.
func deref(v vm.Value) vm.Value {
	if v.AsBox() != nil {
		return vm.LoadRef(v)
	}
	if _, ok := v.AsNative().(*vm.RefCell); ok {
		return vm.LoadRef(v)
	}
	return v
}

// returnTypeName is the declared return type of an async method of this
// builder kind, for diagnostics.
func (k builderKind) returnTypeName() string {
	switch k {
	case kindTask:
		return "Task"
	case kindValueTask:
		return "ValueTask"
	}
	return "void"
}

// DescribePending names, for deadlock reports (threading.PendingDescriber),
// the state machine whose completion this builder's task waits for, and the
// await it is suspended at (its state number, in source order).
func (b *Builder) DescribePending() string {
	if inst := b.sm.AsInstance(); inst != nil {
		ty := inst.Type()
		where := "an await"
		if i := ty.FieldIndex("<>1__state"); i >= 0 && inst.F[i].IsInt() {
			where = fmt.Sprintf("await #%d", inst.F[i].AsInt())
		}
		return "  " + ty.FullName() + " suspended at " + where
	}
	if cl := b.sm.AsClosure(); cl != nil {
		return "  " + cl.Fn.QualifiedName() + " suspended at an await"
	}
	return "  an async method suspended at an await"
}

package threading

import (
	"asyncvm/vm"
)

// Library types for ValueTask.
var (
	TValueTask        = vm.NewLibType("System.Threading.Tasks", "ValueTask", nil)
	TValueTaskT       = vm.NewLibType("System.Threading.Tasks", "ValueTask`1", nil)
	TValueTaskAwaiter = vm.NewLibType("System.Runtime.CompilerServices", "ValueTaskAwaiter", nil)
	// TPatternAwaiter is the type of PatternAwaiter's adapter of a user
	// awaiter.
	TPatternAwaiter = vm.NewLibType("Internal", "PatternAwaiter", nil)
)

// ValueTask is the payload of a ValueTask or ValueTask<T>: a result held
// inline, or a task.
type ValueTask struct {
	Task    *vm.Task // nil: completed with Result
	Result  vm.Value
	Generic bool
}

// NewValueTask wraps a task (nil: completed with result) as a ValueTask, or
// a ValueTask<T> when generic.
func NewValueTask(tk *vm.Task, result vm.Value, generic bool) vm.Value {
	if tk == nil {
		if v, ok := vm.CompletedValueTask(result, generic); ok {
			return v
		}
	}
	ty := TValueTask
	if generic {
		ty = TValueTaskT
	}
	return vm.NewNative(ty, &ValueTask{Task: tk, Result: result, Generic: generic})
}

// IsCompleted implements vm.Awaiter.
func (v *ValueTask) IsCompleted() bool { return v.Task == nil || v.Task.IsCompleted() }

// GetResult implements vm.Awaiter.
func (v *ValueTask) GetResult(t *vm.Thread) (vm.Value, error) {
	if v.Task == nil {
		return v.Result, nil
	}
	return v.Task.GetResult(t)
}

// UnsafeOnCompleted implements vm.Awaiter.
func (v *ValueTask) UnsafeOnCompleted(t *vm.Thread, resume func(t *vm.Thread)) {
	if v.Task == nil {
		t.Queue(resume)
		return
	}
	v.Task.UnsafeOnCompleted(t, resume)
}

// ResumesOnce implements vm.ResumesOnce: resume is queued or registered
// with the task exactly once.
func (v *ValueTask) ResumesOnce() {}

// ContinuesOnCapturedContext implements vm.CapturesContext: an await of a
// ValueTask captures the context as one of its task does.
func (v *ValueTask) ContinuesOnCapturedContext() bool { return true }

// AsTask returns the task (a completed one for an inline result).
func (v *ValueTask) AsTask(t *vm.Thread) *vm.Task {
	if v.Task != nil {
		return v.Task
	}
	if !v.Generic {
		return completedTask
	}
	// The result's static type is not kept: the erased Task`1, as the
	// value's run-time type may be more derived than T.
	tk := vm.NewTask(vm.TObject)
	tk.TryComplete(t, vm.StatusRanToCompletion, v.Result, nil)
	return tk
}

func (v *ValueTask) status() vm.TaskStatus {
	if v.Task == nil {
		return vm.StatusRanToCompletion
	}
	return v.Task.Status()
}

// userAwaiter adapts an awaiter object of a user type (one with
// IsCompleted, GetResult and OnCompleted/UnsafeOnCompleted) to vm.Awaiter.
// IsCompleted has no thread parameter, so it runs on the thread that asked
// for the awaiter; an exception from it is rethrown by GetResult.
//
// An await the binder bound to the awaiter pattern makes one with
// PatternAwaiter, which says which of OnCompleted and UnsafeOnCompleted
// the await calls (bound: critical says the awaiter implements
// ICriticalNotifyCompletion); one made for an untyped operand prefers
// UnsafeOnCompleted when the awaiter has it.
type userAwaiter struct {
	t        *vm.Thread
	aw       vm.Value
	err      error
	bound    bool
	critical bool
}

func (u *userAwaiter) IsCompleted() bool {
	v, err := u.t.GetMember(u.aw, &vm.Site{Name: "IsCompleted"})
	if err != nil {
		u.err = err
		return true
	}
	return v.AsBool()
}

func (u *userAwaiter) GetResult(t *vm.Thread) (vm.Value, error) {
	if u.err != nil {
		return vm.Null, u.err
	}
	f := u.aw.Type().LookupMethod("GetResult", 0)
	if f == nil {
		return vm.Null, t.Throw("System.MissingMemberException", "'"+vm.TypeName(u.aw)+"' does not contain a definition for 'GetResult'")
	}
	return t.Invoke(f, u.aw, nil)
}

func (u *userAwaiter) UnsafeOnCompleted(t *vm.Thread, resume func(t *vm.Thread)) {
	var f *vm.Func
	switch {
	case !u.bound:
		if f = u.aw.Type().LookupMethod("UnsafeOnCompleted", 1); f == nil {
			f = u.aw.Type().LookupMethod("OnCompleted", 1)
		}
	case u.critical:
		f = u.aw.Type().LookupMethod("UnsafeOnCompleted", 1)
	default:
		f = u.aw.Type().LookupMethod("OnCompleted", 1)
	}
	if f == nil {
		t.M.Crash(t.Throw("System.MissingMemberException", "'"+vm.TypeName(u.aw)+"' does not contain a definition for 'OnCompleted'"))
		return
	}
	d := nativeDelegate("MoveNext", 0, func(w *vm.Thread, args []vm.Value) (vm.Value, error) {
		resume(w)
		return vm.Null, nil
	})
	if _, err := t.Invoke(f, u.aw, []vm.Value{d}); err != nil {
		t.M.Crash(err)
	}
}

// awaiterOf is vm.Host's Awaiter: types with a GetAwaiter method (user
// awaitables and library awaitables not handled by the VM directly).
func awaiterOf(t *vm.Thread, v vm.Value) (vm.Awaiter, error) {
	if v.IsNull() {
		return nil, nil
	}
	f := v.Type().LookupMethod("GetAwaiter", 0)
	if f == nil {
		if ext := t.M.Prog.Extensions["GetAwaiter"]; len(ext) > 0 {
			f = ext[0]
		}
	}
	if f == nil {
		return nil, nil
	}
	var aw vm.Value
	var err error
	if f.HasThis {
		aw, err = t.Invoke(f, v, nil)
	} else {
		aw, err = t.Invoke(f, vm.Null, []vm.Value{v})
	}
	if err != nil {
		return nil, err
	}
	if aw.IsNull() {
		return nil, t.ThrowNull()
	}
	if tk := aw.AsTask(); tk != nil {
		return tk, nil
	}
	if a, ok := aw.AsNative().(vm.Awaiter); ok {
		return a, nil
	}
	return &userAwaiter{t: t, aw: aw}, nil
}

// patternAwaiter is Internal.VM.PatternAwaiter(awaiter, critical): the
// awaiter an await bound to the awaiter pattern got from the GetAwaiter
// the binder chose, as the vm.Awaiter both models await. A task or a
// library awaiter is already one.
func patternAwaiter(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	aw := args[0]
	if aw.IsNull() {
		return vm.Null, t.ThrowNull()
	}
	if aw.AsTask() != nil {
		return aw, nil
	}
	if _, _, ok := vm.CompletedValueTaskResult(aw); ok {
		return aw, nil
	}
	if _, ok := aw.AsNative().(vm.Awaiter); ok {
		return aw, nil
	}
	return vm.NewNative(TPatternAwaiter, &userAwaiter{t: t, aw: aw, bound: true, critical: args[1].AsBool()}), nil
}

func init() {
	vm.RegisterType(TPatternAwaiter)
	vm.Builtin("Internal.VM").AddStatic("PatternAwaiter", 2, 2, patternAwaiter)
	vt := vm.RegisterType(TValueTask)
	TValueTask.SetZero(NewValueTask(nil, vm.Null, false)) // default(ValueTask) is a completed one
	get := valueTaskOf
	vt.AddStatic(".ctor", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) == 0 {
			return NewValueTask(nil, vm.Null, false), nil
		}
		if tk := args[0].AsTask(); tk != nil {
			return NewValueTask(tk, vm.Null, tk.ResultType() != nil), nil
		}
		return NewValueTask(nil, args[0], true), nil
	})
	vt.AddStaticProperty("CompletedTask", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return NewValueTask(nil, vm.Null, false), nil
	}, nil)
	vt.AddStatic("FromResult", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return NewValueTask(nil, args[0], true), nil
	})
	vt.AddStatic("FromException", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		e := args[0].AsInstance()
		if e == nil {
			return vm.Null, argNull(t, "exception")
		}
		tk := vm.NewTask(vm.TObject)
		tk.TryComplete(t, vm.StatusFaulted, vm.Null, []*vm.Instance{e})
		return NewValueTask(tk, vm.Null, false), nil
	})
	vt.AddStatic("FromCanceled", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		tk := vm.NewTask(vm.TObject)
		tk.TryComplete(t, vm.StatusCanceled, vm.Null, []*vm.Instance{canceledByExc(t, tokenArg(args[0]))})
		return NewValueTask(tk, vm.Null, false), nil
	})
	members := func(ty *vm.Type) {
		ty.AddProperty("IsCompleted", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Bool(get(args[0]).IsCompleted()), nil
		}, nil)
		ty.AddProperty("IsCompletedSuccessfully", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Bool(get(args[0]).status() == vm.StatusRanToCompletion), nil
		}, nil)
		ty.AddProperty("IsFaulted", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Bool(get(args[0]).status() == vm.StatusFaulted), nil
		}, nil)
		ty.AddProperty("IsCanceled", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Bool(get(args[0]).status() == vm.StatusCanceled), nil
		}, nil)
		ty.AddProperty("Result", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return get(args[0]).GetResult(t)
		}, nil)
		ty.AddMethod("AsTask", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.TaskValue(get(args[0]).AsTask(t)), nil
		})
		ty.AddMethod("Preserve", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return args[0], nil
		})
		ty.AddMethod("GetAwaiter", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.NewNative(TValueTaskAwaiter, get(args[0])), nil
		})
		ty.AddMethod("ConfigureAwait", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			v := get(args[0])
			if v.Task == nil {
				return args[0], nil
			}
			return vm.NewNative(TConfiguredAwaitable, &TaskAwaiter{Task: v.Task, ContinueOnCapturedContext: args[1].AsBool()}), nil
		})
	}
	members(vt)
	members(TValueTaskT)
	vm.SetValueTaskTypes(vt, TValueTaskT)

	aw := TValueTaskAwaiter
	aw.AddProperty("IsCompleted", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(get(args[0]).IsCompleted()), nil
	}, nil)
	aw.AddMethod("GetResult", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		r, err := get(args[0]).GetResult(t)
		return r, rethrown(t, err)
	})
	onCompleted := func(flow bool) vm.NativeFn {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			awaiterOnCompleted(t, get(args[0]).AsTask(t), args[1], flow)
			return vm.Null, nil
		}
	}
	aw.AddMethod("OnCompleted", 1, 1, onCompleted(true))
	aw.AddMethod("UnsafeOnCompleted", 1, 1, onCompleted(false))
}

// valueTaskOf returns the payload of a ValueTask value, materialising one
// for an unboxed completed ValueTask.
func valueTaskOf(v vm.Value) *ValueTask {
	if r, generic, ok := vm.CompletedValueTaskResult(v); ok {
		return &ValueTask{Result: r, Generic: generic}
	}
	return v.AsNative().(*ValueTask)
}

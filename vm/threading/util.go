package threading

import (
	"math"
	"time"

	"asyncvm/ctx"
	"asyncvm/vm"
)

// ctxError turns an error from package ctx into the .NET exception it names.
func ctxError(t *vm.Thread, err error) error {
	if e, ok := err.(*ctx.Error); ok {
		return t.Throw("System."+e.Type, e.Msg)
	}
	return err
}

// newExc makes an exception object of the named type.
func newExc(t *vm.Thread, typ, msg string) *vm.Instance {
	return t.M.NewException(typ, msg)
}

// canceledExc is the TaskCanceledException of a canceled task.
func canceledExc(t *vm.Thread) *vm.Instance {
	return newExc(t, "System.Threading.Tasks.TaskCanceledException", "A task was canceled.")
}

// canceledByExc is the TaskCanceledException of a task canceled through
// src's token: as in .NET, the exception that awaiting the task throws
// carries that token (e.CancellationToken == cts.Token).
func canceledByExc(t *vm.Thread, src *cancelSource) *vm.Instance {
	e := canceledExc(t)
	if i := e.Type().FieldIndex("_token"); i >= 0 && src != nil {
		e.F[i] = tokenValue(src)
	}
	return e
}

// canceledTaskExc is canceledByExc for the canceled task tk: as the
// TaskCanceledException .NET makes for a canceled task, its Task is tk.
func canceledTaskExc(t *vm.Thread, src *cancelSource, tk *vm.Task) *vm.Instance {
	e := canceledByExc(t, src)
	if i := e.Type().FieldIndex("_task"); i >= 0 && tk != nil {
		e.F[i] = vm.TaskValue(tk)
	}
	return e
}

// NewAggregate makes an AggregateException over excs: its message lists the
// inner messages as .NET's does, InnerException is the first one and the
// type-specific data field holds them all as an Exception[].
func NewAggregate(m *vm.Machine, excs []*vm.Instance) *vm.Instance {
	a := m.NewException("System.AggregateException", "One or more errors occurred.")
	if len(excs) > 0 && len(a.F) > vm.ExcFieldInner {
		a.F[vm.ExcFieldInner] = vm.Ref(excs[0])
	}
	if len(a.F) > vm.ExcFieldData {
		vs := make([]vm.Value, len(excs))
		for i, e := range excs {
			vs[i] = vm.Ref(e)
		}
		a.F[vm.ExcFieldData] = vm.Ref(vm.NewArrayOf(excType(m), vs))
	}
	return a
}

func excType(m *vm.Machine) *vm.Type {
	if ty := m.Prog.TypeByName("System.Exception"); ty != nil {
		return ty
	}
	return vm.TObject
}

// InnerExceptions returns the inner exceptions of an AggregateException made
// by NewAggregate, or nil.
func InnerExceptions(e *vm.Instance) []*vm.Instance {
	if len(e.F) <= vm.ExcFieldData {
		return nil
	}
	a := e.F[vm.ExcFieldData].AsArray()
	if a == nil {
		return nil
	}
	out := make([]*vm.Instance, 0, len(a.V))
	for _, v := range a.V {
		if x := v.AsInstance(); x != nil {
			out = append(out, x)
		}
	}
	return out
}

// thrownExc returns the exception an error carries, or nil for a Go-level
// error (a *vm.Fatal).
func thrownExc(err error) *vm.Instance {
	if th, ok := err.(*vm.Thrown); ok {
		return th.Exc
	}
	return nil
}

// isCancellation reports whether e is an OperationCanceledException (or a
// subclass such as TaskCanceledException).
func isCancellation(e *vm.Instance) bool {
	for ty := e.Type(); ty != nil; ty = ty.Super {
		if ty.FullName() == "System.OperationCanceledException" {
			return true
		}
	}
	return false
}

// Ticker lets a library TimeSpan payload say its length; durations accept
// it wherever .NET takes a TimeSpan.
type Ticker interface {
	Ticks() int64
}

// timeout reads a timeout argument: an int or long in milliseconds, or a
// TimeSpan. It returns infinite for -1 and an ArgumentOutOfRangeException
// for other negative values.
func timeout(t *vm.Thread, v vm.Value, param string) (d time.Duration, infinite bool, err error) {
	var ms int64
	switch x := v.AsNative().(type) {
	case Ticker:
		ticks := x.Ticks()
		if ticks == -10000 {
			return 0, true, nil
		}
		if ticks < 0 {
			return 0, false, t.Throw("System.ArgumentOutOfRangeException",
				"The timeout must represent a value between -1 and Int32.MaxValue, inclusive. (Parameter '"+param+"')")
		}
		return time.Duration(ticks) * 100, false, nil
	case time.Duration:
		return x, false, nil
	}
	switch {
	case v.IsInt():
		ms = int64(v.AsInt())
	case v.PrimType() == vm.TLong:
		ms = v.AsLong()
	case v.PrimType() == vm.TDouble:
		ms = int64(math.Round(v.AsDouble()))
	default:
		return 0, false, t.Throw("System.ArgumentException", "Invalid timeout. (Parameter '"+param+"')")
	}
	if ms == -1 {
		return 0, true, nil
	}
	if ms < -1 {
		return 0, false, t.Throw("System.ArgumentOutOfRangeException",
			"The value needs to be either -1 (signifying an infinite timeout), 0 or a positive integer. (Parameter '"+param+"')")
	}
	return time.Duration(ms) * time.Millisecond, false, nil
}

// isTimeout reports whether v can be a timeout argument.
func isTimeout(v vm.Value) bool {
	switch v.AsNative().(type) {
	case Ticker, time.Duration:
		return true
	}
	pt := v.PrimType()
	return pt == vm.TInt || pt == vm.TLong
}

// blockFor blocks t until ch is closed or d passes (infinite: no limit),
// accounting for the pool and deadlock detection. It reports whether ch was closed.
func blockFor(t *vm.Thread, ch <-chan struct{}, d time.Duration, infinite bool) bool {
	select {
	case <-ch:
		return true
	default:
	}
	if infinite {
		t.BlockOn(ch)
		return true
	}
	if d <= 0 {
		return false
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	ok := false
	wait := func() {
		select {
		case <-ch:
			ok = true
		case <-timer.C:
		}
	}
	blockTimed(t, wait)
	return ok
}

// delegateArity returns the number of parameters a delegate takes.
func delegateArity(d vm.Value) int {
	list := vm.InvocationList(d)
	if len(list) == 0 {
		return 0
	}
	cl := list[0].AsClosure() // a multicast delegate's parts share its signature
	if cl.Fn == nil {
		return 0
	}
	return cl.Arity()
}

// nativeDelegate wraps a Go function as a delegate value.
func nativeDelegate(name string, argc int, fn vm.NativeFn) vm.Value {
	return vm.NewNativeDelegate(vm.NativeFunc(name, argc, argc, false, fn), vm.Null)
}

// argNull is ArgumentNullException for a parameter.
func argNull(t *vm.Thread, param string) error {
	return t.Throw("System.ArgumentNullException", "Value cannot be null. (Parameter '"+param+"')")
}

// runIn runs fn on t inside context c (nil: whatever t has) and restores t's
// previous context afterwards, firing notifications both ways.
func runIn(t *vm.Thread, c *ctx.Context, fn func() error) error {
	if c == nil {
		return fn()
	}
	err := t.Ctx.Run(c, fn)
	return err
}

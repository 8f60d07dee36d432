package threading

import (
	"sync"
	"time"

	"asyncvm/vm"
)

// Library types for cancellation.
var (
	TCancellationTokenSource = vm.NewLibType("System.Threading", "CancellationTokenSource", nil)
	TCancellationToken       = vm.NewLibType("System.Threading", "CancellationToken", nil)
	TCancellationTokenReg    = vm.NewLibType("System.Threading", "CancellationTokenRegistration", nil)
)

// vmDuration is a timeout: a duration, or infinite.
type vmDuration struct {
	d        time.Duration
	infinite bool
}

// cancelSource is a CancellationTokenSource; a CancellationToken's payload
// points at its source (nil for CancellationToken.None).
type cancelSource struct {
	mu        sync.Mutex
	requested bool
	disposed  bool
	always    bool // a token made canceled: new CancellationToken(true)
	next      int
	callbacks map[int]func(t *vm.Thread) error
	order     []int
	timer     *machineTimer
	m         *vm.Machine
	wh        *event // the token's WaitHandle, made on first use
}

// IsCancellationRequested implements lib.Canceler, for the library's
// methods that take a token.
func (s *cancelSource) IsCancellationRequested() bool { return s.canceled() }

func (s *cancelSource) canceled() bool {
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requested || s.always
}

// register adds a callback run when cancellation is requested (at once if
// it already was). It returns the registration id, or -1 when it ran.
func (s *cancelSource) register(cb func(t *vm.Thread) error) int {
	s.mu.Lock()
	if s.requested || s.always {
		s.mu.Unlock()
		return -1
	}
	if s.callbacks == nil {
		s.callbacks = map[int]func(*vm.Thread) error{}
	}
	id := s.next
	s.next++
	s.callbacks[id] = cb
	s.order = append(s.order, id)
	s.mu.Unlock()
	return id
}

func (s *cancelSource) unregister(id int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.callbacks[id]; ok {
		delete(s.callbacks, id)
		return true
	}
	return false
}

// cancel requests cancellation on thread t, running the registered callbacks
// newest first, as .NET does; their exceptions are aggregated.
func (s *cancelSource) cancel(t *vm.Thread) error { return runCallbacks(t, s.request()) }

// request marks s canceled and returns the callbacks to run, in .NET's
// order (the last registered first); nil when s was canceled already.
func (s *cancelSource) request() []func(*vm.Thread) error {
	s.mu.Lock()
	if s.requested {
		s.mu.Unlock()
		return nil
	}
	s.requested = true
	var cbs []func(*vm.Thread) error
	for i := len(s.order) - 1; i >= 0; i-- {
		if cb, ok := s.callbacks[s.order[i]]; ok {
			cbs = append(cbs, cb)
		}
	}
	s.callbacks = nil
	s.order = nil
	if s.timer != nil {
		s.timer.Stop()
	}
	wh := s.wh
	s.mu.Unlock()
	if wh != nil {
		wh.Set()
	}
	return cbs
}

// waitHandle is the token's WaitHandle: a ManualResetEvent set on
// cancellation (never set for CancellationToken.None).
func (s *cancelSource) waitHandle() *event {
	if s == nil {
		return newEvent(false)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.wh == nil {
		s.wh = newEvent(s.requested || s.always)
	}
	return s.wh
}

// runCallbacks runs a canceled source's callbacks on t; the exceptions they
// throw are gathered into an AggregateException.
func runCallbacks(t *vm.Thread, cbs []func(*vm.Thread) error) error {
	var excs []*vm.Instance
	for _, cb := range cbs {
		if err := cb(t); err != nil {
			e := thrownExc(err)
			if e == nil {
				return err
			}
			excs = append(excs, e)
		}
	}
	if len(excs) > 0 {
		return &vm.Thrown{Exc: NewAggregate(t.M, excs)}
	}
	return nil
}

// cancelAfter cancels s after d from a timer, on a pool thread.
func (s *cancelSource) cancelAfter(m *vm.Machine, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.requested || s.disposed {
		return
	}
	if s.timer != nil {
		s.timer.Stop()
	}
	p := PoolOf(m)
	s.timer = afterFunc(m, d, func() {
		p.Queue(func(w *vm.Thread) { crash(m, s.cancel(w)) })
	})
}

// tokenArg reads a CancellationToken argument (nil for None or null).
func tokenArg(v vm.Value) *cancelSource {
	s, _ := v.AsNative().(*cancelSource)
	return s
}

func tokenValue(s *cancelSource) vm.Value { return vm.NewNative(TCancellationToken, s) }

// canceledError is OperationCanceledException "The operation was canceled."
// carrying the token of src, as ThrowIfCancellationRequested throws it.
func canceledError(t *vm.Thread, src *cancelSource) error {
	e := newExc(t, "System.OperationCanceledException", "The operation was canceled.")
	if i := e.Type().FieldIndex("_token"); i >= 0 && src != nil {
		e.F[i] = tokenValue(src)
	}
	return &vm.Thrown{Exc: e}
}

// registration is the payload of a CancellationTokenRegistration.
type registration struct {
	s  *cancelSource
	id int
}

func init() {
	cts := vm.RegisterType(TCancellationTokenSource)
	get := func(v vm.Value) *cancelSource { return v.AsNative().(*cancelSource) }
	cts.AddStatic(".ctor", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := &cancelSource{m: t.M}
		if len(args) == 1 {
			d, inf, err := timeout(t, args[0], "delay")
			if err != nil {
				return vm.Null, err
			}
			if !inf {
				s.cancelAfter(t.M, d)
			}
		}
		return vm.NewNative(TCancellationTokenSource, s), nil
	})
	cts.AddStatic("CreateLinkedTokenSource", 0, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := &cancelSource{m: t.M}
		for _, v := range flattenParams(args) {
			src := tokenArg(v)
			if src == nil {
				continue
			}
			if src.canceled() {
				s.requested = true
				continue
			}
			src.register(func(w *vm.Thread) error { return s.cancel(w) })
		}
		return vm.NewNative(TCancellationTokenSource, s), nil
	})
	cts.AddMethod("Cancel", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := get(args[0])
		if err := s.checkDisposed(t); err != nil {
			return vm.Null, err
		}
		if len(args) > 1 && args[1].AsBool() {
			// Cancel(throwOnFirstException: true): the first callback to
			// throw ends the run, its exception thrown as it is.
			for _, cb := range s.request() {
				if err := cb(t); err != nil {
					return vm.Null, err
				}
			}
			return vm.Null, nil
		}
		return vm.Null, s.cancel(t)
	})
	// CancelAsync marks the source canceled at once and runs its callbacks
	// on the pool; the task it returns completes when they have run (at
	// once when there are none).
	cts.AddMethod("CancelAsync", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := get(args[0])
		if err := s.checkDisposed(t); err != nil {
			return vm.Null, err
		}
		cbs := s.request()
		if len(cbs) == 0 {
			return vm.TaskValue(completedTask), nil
		}
		tk := vm.NewTask(nil)
		t.Queue(func(w *vm.Thread) { completeFrom(w, tk, vm.Null, runCallbacks(w, cbs)) })
		return vm.TaskValue(tk), nil
	})
	cts.AddMethod("CancelAfter", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d, inf, err := timeout(t, args[1], "delay")
		if err != nil {
			return vm.Null, err
		}
		if !inf {
			get(args[0]).cancelAfter(t.M, d)
		}
		return vm.Null, nil
	})
	cts.AddMethod("TryReset", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := get(args[0])
		if err := s.checkDisposed(t); err != nil {
			return vm.Null, err
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.requested {
			return vm.Bool(false), nil
		}
		// As .NET's: a pending CancelAfter is stopped and the
		// registrations are dropped, so the source starts afresh.
		if s.timer != nil {
			s.timer.Stop()
			s.timer = nil
		}
		s.callbacks = nil
		s.order = nil
		return vm.Bool(true), nil
	})
	cts.AddProperty("Token", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := get(args[0])
		if err := s.checkDisposed(t); err != nil {
			return vm.Null, err
		}
		return tokenValue(s), nil
	}, nil)
	cts.AddProperty("IsCancellationRequested", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(get(args[0]).canceled()), nil
	}, nil)
	cts.AddMethod("Dispose", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := get(args[0])
		s.mu.Lock()
		s.disposed = true
		if s.timer != nil {
			s.timer.Stop()
		}
		s.mu.Unlock()
		return vm.Null, nil
	})

	tok := vm.RegisterType(TCancellationToken)
	// One None token, which is also default(CancellationToken): tokens
	// without a source are the same value, as .NET's structs compare.
	none := tokenValue(nil)
	TCancellationToken.SetZero(none)
	tok.AddStatic(".ctor", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) == 1 && args[0].AsBool() {
			return tokenValue(&cancelSource{always: true, m: t.M}), nil
		}
		return none, nil
	})
	tok.AddStaticProperty("None", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return none, nil
	}, nil)
	tok.AddProperty("IsCancellationRequested", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(tokenArg(args[0]).canceled()), nil
	}, nil)
	tok.AddProperty("WaitHandle", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.NewNative(TManualResetEvent, tokenArg(args[0]).waitHandle()), nil
	}, nil)
	tok.AddProperty("CanBeCanceled", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(tokenArg(args[0]) != nil), nil
	}, nil)
	tok.AddMethod("ThrowIfCancellationRequested", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if src := tokenArg(args[0]); src.canceled() {
			return vm.Null, canceledError(t, src)
		}
		return vm.Null, nil
	})
	tok.AddMethod("Register", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := tokenArg(args[0])
		cb := args[1]
		state := optArg(args, 2)
		if cb.IsNull() {
			return vm.Null, argNull(t, "callback")
		}
		var callArgs []vm.Value
		if delegateArity(cb) >= 1 {
			callArgs = []vm.Value{state}
		}
		ec := t.Ctx.Capture()
		run := func(w *vm.Thread) error {
			if ec == nil {
				_, err := w.CallValue(cb, callArgs)
				return err
			}
			return w.Ctx.Run(ec, func() error {
				_, err := w.CallValue(cb, callArgs)
				return err
			})
		}
		if s == nil {
			return vm.NewNative(TCancellationTokenReg, &registration{id: -1}), nil
		}
		id := s.register(run)
		if id < 0 {
			if err := run(t); err != nil {
				return vm.Null, err
			}
		}
		return vm.NewNative(TCancellationTokenReg, &registration{s: s, id: id}), nil
	})
	tok.AddMethod("Equals", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(tokenArg(args[0]) == tokenArg(args[1])), nil
	})

	reg := vm.RegisterType(TCancellationTokenReg)
	unreg := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		r := args[0].AsNative().(*registration)
		if r.s == nil || r.id < 0 {
			return vm.Bool(false), nil
		}
		return vm.Bool(r.s.unregister(r.id)), nil
	}
	reg.AddMethod("Dispose", 0, 0, unreg)
	reg.AddMethod("Unregister", 0, 0, unreg)
	// DisposeAsync unregisters as Dispose does; .NET's waits for a running
	// callback, which the completed ValueTask here does not.
	reg.AddMethod("DisposeAsync", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if _, err := unreg(t, args); err != nil {
			return vm.Null, err
		}
		return NewValueTask(nil, vm.Null, false), nil
	})
}

// checkDisposed is the ObjectDisposedException of an operation on a
// disposed source (Cancel, CancelAsync), nil while it is not disposed.
func (s *cancelSource) checkDisposed(t *vm.Thread) error {
	s.mu.Lock()
	disposed := s.disposed
	s.mu.Unlock()
	if disposed {
		return t.Throw("System.ObjectDisposedException", "The CancellationTokenSource has been disposed.")
	}
	return nil
}

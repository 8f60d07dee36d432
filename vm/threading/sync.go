package threading

import (
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"asyncvm/vm"
)

// Library types for synchronisation primitives.
var (
	TSemaphoreSlim        = vm.NewLibType("System.Threading", "SemaphoreSlim", nil)
	TManualResetEventSlim = vm.NewLibType("System.Threading", "ManualResetEventSlim", nil)
	TManualResetEvent     = vm.NewLibType("System.Threading", "ManualResetEvent", nil)
	TAutoResetEvent       = vm.NewLibType("System.Threading", "AutoResetEvent", nil)
	TCountdownEvent       = vm.NewLibType("System.Threading", "CountdownEvent", nil)
	TInterlocked          = vm.NewLibType("System.Threading", "Interlocked", nil)
	TVolatile             = vm.NewLibType("System.Threading", "Volatile", nil)
	TMonitor              = vm.NewLibType("System.Threading", "Monitor", nil)
)

// semaphore is a SemaphoreSlim: a count, and FIFO waiters, each either a
// blocked thread (a channel) or a WaitAsync task.
type semaphore struct {
	mu      sync.Mutex
	count   int
	max     int
	waiters []*semWaiter
	// reserved counts the units Release handed to blocked threads that
	// have not woken to take them: as in .NET, they stay in CurrentCount
	// until the waiter runs (a WaitAsync task gets its unit at once).
	reserved int
}

type semWaiter struct {
	ch      chan struct{} // sync waiter
	tk      *vm.Task      // async waiter
	granted bool
	taken   bool // a sync waiter took its reserved unit
}

// acquire takes a unit at once if possible, else enqueues a waiter.
func (s *semaphore) acquire(async bool) (ok bool, w *semWaiter) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.count-s.reserved > 0 && len(s.waiters) == 0 {
		s.count--
		return true, nil
	}
	w = &semWaiter{}
	if async {
		w.tk = vm.NewTask(vm.TBool)
		w.tk.SetAsync()
	} else {
		w.ch = make(chan struct{})
	}
	s.waiters = append(s.waiters, w)
	return false, w
}

// cancelWait removes a waiter that timed out; it reports false when the
// waiter was granted meanwhile (so the caller owns a unit, taken here).
func (s *semaphore) cancelWait(w *semWaiter) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if w.granted {
		s.takeLocked(w)
		return false
	}
	for i, x := range s.waiters {
		if x == w {
			s.waiters = append(s.waiters[:i:i], s.waiters[i+1:]...)
			break
		}
	}
	return true
}

// take is a woken blocked thread taking the unit Release reserved for it.
func (s *semaphore) take(w *semWaiter) {
	s.mu.Lock()
	s.takeLocked(w)
	s.mu.Unlock()
}

func (s *semaphore) takeLocked(w *semWaiter) {
	if w.ch != nil && w.granted && !w.taken {
		w.taken = true
		s.count--
		s.reserved--
	}
}

func (s *semaphore) release(t *vm.Thread, n int) (int, error) {
	s.mu.Lock()
	prev := s.count
	if n < 1 {
		s.mu.Unlock()
		return 0, t.Throw("System.ArgumentOutOfRangeException", "Non-negative number required. (Parameter 'releaseCount')")
	}
	if s.max > 0 && s.count+n > s.max {
		s.mu.Unlock()
		return 0, t.Throw("System.Threading.SemaphoreFullException", "Adding the specified count to the semaphore would cause it to exceed its maximum count.")
	}
	var wake []*semWaiter
	for n > 0 && len(s.waiters) > 0 {
		w := s.waiters[0]
		s.waiters = s.waiters[1:]
		w.granted = true
		if w.ch != nil {
			s.count++
			s.reserved++
		}
		wake = append(wake, w)
		n--
	}
	s.count += n
	s.mu.Unlock()
	for _, w := range wake {
		if w.tk != nil {
			w.tk.TryComplete(t, vm.StatusRanToCompletion, vm.Bool(true), nil)
		} else {
			close(w.ch)
		}
	}
	return prev, nil
}

// event is a ManualResetEventSlim / ManualResetEvent.
type event struct {
	mu  sync.Mutex
	set bool
	ch  chan struct{}
}

func newEvent(set bool) *event {
	e := &event{set: set, ch: make(chan struct{})}
	if set {
		close(e.ch)
	}
	return e
}

func (e *event) Set() {
	e.mu.Lock()
	if !e.set {
		e.set = true
		close(e.ch)
	}
	e.mu.Unlock()
}

func (e *event) Reset() {
	e.mu.Lock()
	if e.set {
		e.set = false
		e.ch = make(chan struct{})
	}
	e.mu.Unlock()
}

func (e *event) wait() <-chan struct{} {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.ch
}

func (e *event) isSet() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.set
}

// countdown is a CountdownEvent.
type countdown struct {
	mu      sync.Mutex
	initial int
	count   int
	ev      *event
}

// waitArgs reads Wait's optional timeout and token: (timeout, token).
func waitArgs(t *vm.Thread, args []vm.Value) (vmDuration, *cancelSource, error) {
	limit := vmDuration{infinite: true}
	var tok *cancelSource
	for _, a := range args {
		if isTimeout(a) {
			d, inf, err := timeout(t, a, "millisecondsTimeout")
			if err != nil {
				return limit, nil, err
			}
			limit = vmDuration{d, inf}
		} else if s := tokenArg(a); s != nil {
			tok = s
		}
	}
	return limit, tok, nil
}

// waitOn blocks until ch closes, the limit passes or the token is canceled.
func waitOn(t *vm.Thread, ch <-chan struct{}, limit vmDuration, tok *cancelSource) (bool, error) {
	if tok != nil {
		if tok.canceled() {
			return false, canceledError(t, tok)
		}
		stop := make(chan struct{})
		id := tok.register(func(*vm.Thread) error { close(stop); return nil })
		merged := make(chan struct{})
		var closed atomic.Bool
		go func() {
			select {
			case <-ch:
			case <-stop:
			}
			closed.Store(true)
			close(merged)
		}()
		ok := blockFor(t, merged, limit.d, limit.infinite)
		if id >= 0 {
			tok.unregister(id)
		}
		select {
		case <-ch:
			return true, nil
		default:
		}
		if tok.canceled() {
			return false, canceledError(t, tok)
		}
		return ok && closed.Load(), nil
	}
	return blockFor(t, ch, limit.d, limit.infinite), nil
}

func init() {
	registerSemaphore()
	registerEvents()
	registerInterlocked()
	registerMonitor()
}

func registerSemaphore() {
	ty := vm.RegisterType(TSemaphoreSlim)
	get := func(v vm.Value) *semaphore { return v.AsNative().(*semaphore) }
	ty.AddStatic(".ctor", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := int(args[0].AsInt())
		max := 0
		if len(args) == 2 {
			max = int(args[1].AsInt())
			if max <= 0 {
				return vm.Null, t.Throw("System.ArgumentOutOfRangeException", "The maxCount argument must be a positive number. If a maximum is not required, use the constructor without a maxCount parameter. (Parameter 'maxCount')\nActual value was "+itoa(max)+".")
			}
		}
		if n < 0 || (max > 0 && n > max) {
			return vm.Null, t.Throw("System.ArgumentOutOfRangeException", "The initialCount argument must be non-negative and less than or equal to the maximumCount. (Parameter 'initialCount')\nActual value was "+itoa(n)+".")
		}
		return vm.NewNative(TSemaphoreSlim, &semaphore{count: n, max: max}), nil
	})
	ty.AddMethod("Wait", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := get(args[0])
		limit, tok, err := waitArgs(t, args[1:])
		if err != nil {
			return vm.Null, err
		}
		timed := len(args) > 1 && isTimeout(args[1])
		if tok.canceled() {
			return vm.Null, canceledError(t, tok)
		}
		ok, w := s.acquire(false)
		if !ok {
			if !limit.infinite && limit.d == 0 {
				ok = !s.cancelWait(w)
			} else {
				got, err := waitOn(t, w.ch, limit, tok)
				ok = got
				if got {
					s.take(w)
				} else if !s.cancelWait(w) {
					ok = true
				}
				if err != nil && !ok {
					return vm.Null, err
				}
			}
		}
		if timed {
			return vm.Bool(ok), nil
		}
		return vm.Null, nil
	})
	ty.AddMethod("WaitAsync", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := get(args[0])
		limit, tok, err := waitArgs(t, args[1:])
		if err != nil {
			return vm.Null, err
		}
		timed := len(args) > 1 && isTimeout(args[1])
		if tok.canceled() {
			// .NET returns Task.FromCanceled: awaiting it throws
			// TaskCanceledException carrying the token.
			var tk *vm.Task
			if timed {
				tk = vm.NewTask(vm.TBool)
			} else {
				tk = vm.NewTask(nil)
			}
			tk.TryComplete(t, vm.StatusCanceled, vm.Null, []*vm.Instance{canceledTaskExc(t, tok, tk)})
			return vm.TaskValue(tk), nil
		}
		ok, w := s.acquire(true)
		if ok {
			if timed {
				tk := vm.NewTask(vm.TBool)
				tk.TryComplete(t, vm.StatusRanToCompletion, vm.Bool(true), nil)
				return vm.TaskValue(tk), nil
			}
			return vm.TaskValue(completedTask), nil
		}
		if !limit.infinite {
			p := PoolOf(t.M)
			afterFunc(t.M, limit.d, func() {
				if s.cancelWait(w) {
					p.Queue(func(x *vm.Thread) { w.tk.TryComplete(x, vm.StatusRanToCompletion, vm.Bool(false), nil) })
				}
			})
		}
		if tok != nil {
			// A waiter canceled while queued leaves the queue and its task
			// is canceled with the OperationCanceledException
			// ThrowIfCancellationRequested makes (.NET's
			// WaitUntilCountOrTimeoutAsync); one granted first keeps its unit.
			p := PoolOf(t.M)
			cancel := func(*vm.Thread) error {
				if s.cancelWait(w) {
					p.Queue(func(x *vm.Thread) {
						e := thrownExc(canceledError(x, tok))
						w.tk.TryComplete(x, vm.StatusCanceled, vm.Null, []*vm.Instance{e})
					})
				}
				return nil
			}
			if id := tok.register(cancel); id >= 0 {
				w.tk.OnCompleted(t, func(*vm.Thread) { tok.unregister(id) })
			} else {
				// Canceled since the check above: register did not run it.
				cancel(t)
			}
		}
		if !timed {
			plain := vm.NewTask(nil)
			plain.SetAsync()
			w.tk.OnCompleted(t, func(x *vm.Thread) {
				if w.tk.Status() == vm.StatusCanceled {
					plain.TryComplete(x, vm.StatusCanceled, vm.Null, w.tk.Exceptions())
					return
				}
				plain.TryComplete(x, vm.StatusRanToCompletion, vm.Null, nil)
			})
			return vm.TaskValue(plain), nil
		}
		return vm.TaskValue(w.tk), nil
	})
	ty.AddMethod("Release", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := 1
		if len(args) > 1 {
			n = int(args[1].AsInt())
		}
		prev, err := get(args[0]).release(t, n)
		return vm.Int(int32(prev)), err
	})
	ty.AddProperty("CurrentCount", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := get(args[0])
		s.mu.Lock()
		defer s.mu.Unlock()
		return vm.Int(int32(s.count)), nil
	}, nil)
	ty.AddMethod("Dispose", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Null, nil })
}

func itoa(n int) string {
	return strconv.Itoa(n)
}

func registerEvents() {
	getE := func(v vm.Value) *event { return v.AsNative().(*event) }
	for _, ty := range []*vm.Type{TManualResetEventSlim, TManualResetEvent} {
		ty := vm.RegisterType(ty)
		slim := ty == TManualResetEventSlim
		self := ty
		ty.AddStatic(".ctor", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			set := len(args) > 0 && args[0].AsBool()
			return vm.NewNative(self, newEvent(set)), nil
		})
		ty.AddMethod("Set", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			getE(args[0]).Set()
			if slim {
				return vm.Null, nil
			}
			return vm.Bool(true), nil
		})
		ty.AddMethod("Reset", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			getE(args[0]).Reset()
			if slim {
				return vm.Null, nil
			}
			return vm.Bool(true), nil
		})
		wait := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			limit, tok, err := waitArgs(t, args[1:])
			if err != nil {
				return vm.Null, err
			}
			ok, err := waitOn(t, getE(args[0]).wait(), limit, tok)
			if err != nil {
				return vm.Null, err
			}
			if slim && !(len(args) > 1 && isTimeout(args[1])) {
				return vm.Null, nil
			}
			return vm.Bool(ok), nil
		}
		if slim {
			ty.AddMethod("Wait", 0, 2, wait)
			ty.AddProperty("IsSet", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
				return vm.Bool(getE(args[0]).isSet()), nil
			}, nil)
		} else {
			ty.AddMethod("WaitOne", 0, 1, wait)
		}
		ty.AddMethod("Dispose", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Null, nil })
	}

	are := vm.RegisterType(TAutoResetEvent)
	getA := func(v vm.Value) chan struct{} { return v.AsNative().(chan struct{}) }
	are.AddStatic(".ctor", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ch := make(chan struct{}, 1)
		if args[0].AsBool() {
			ch <- struct{}{}
		}
		return vm.NewNative(TAutoResetEvent, ch), nil
	})
	are.AddMethod("Set", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		select {
		case getA(args[0]) <- struct{}{}:
		default:
		}
		return vm.Bool(true), nil
	})
	are.AddMethod("Reset", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		select {
		case <-getA(args[0]):
		default:
		}
		return vm.Bool(true), nil
	})
	are.AddMethod("WaitOne", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ch := getA(args[0])
		select {
		case <-ch:
			return vm.Bool(true), nil
		default:
		}
		limit := vmDuration{infinite: true}
		if len(args) > 1 {
			d, inf, err := timeout(t, args[1], "millisecondsTimeout")
			if err != nil {
				return vm.Null, err
			}
			limit = vmDuration{d, inf}
		}
		got := false
		wait := func() {
			if limit.infinite {
				<-ch
				got = true
				return
			}
			timer := time.NewTimer(limit.d)
			defer timer.Stop()
			select {
			case <-ch:
				got = true
			case <-timer.C:
			}
		}
		blockLimit(t, limit, "AutoResetEvent.WaitOne", wait)
		return vm.Bool(got), nil
	})
	are.AddMethod("Dispose", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Null, nil })

	cd := vm.RegisterType(TCountdownEvent)
	getC := func(v vm.Value) *countdown { return v.AsNative().(*countdown) }
	cd.AddStatic(".ctor", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := int(args[0].AsInt())
		if n < 0 {
			return vm.Null, t.Throw("System.ArgumentOutOfRangeException", "Specified argument was out of the range of valid values. (Parameter 'initialCount')")
		}
		return vm.NewNative(TCountdownEvent, &countdown{initial: n, count: n, ev: newEvent(n == 0)}), nil
	})
	cd.AddMethod("Signal", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		c := getC(args[0])
		n := 1
		if len(args) > 1 {
			n = int(args[1].AsInt())
			if n <= 0 {
				return vm.Null, t.Throw("System.ArgumentOutOfRangeException", "Specified argument was out of the range of valid values. (Parameter 'signalCount')")
			}
		}
		c.mu.Lock()
		if c.count <= 0 || n > c.count {
			c.mu.Unlock()
			return vm.Null, t.Throw("System.InvalidOperationException", "Invalid attempt made to decrement the event's count below zero.")
		}
		c.count -= n
		reached := c.count == 0
		c.mu.Unlock()
		if reached {
			c.ev.Set()
		}
		return vm.Bool(reached), nil
	})
	add := func(try bool) vm.NativeFn {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			c := getC(args[0])
			n := 1
			if len(args) > 1 {
				n = int(args[1].AsInt())
			}
			c.mu.Lock()
			defer c.mu.Unlock()
			if c.count == 0 {
				if try {
					return vm.Bool(false), nil
				}
				return vm.Null, t.Throw("System.InvalidOperationException", "The event is already signaled and cannot be incremented.")
			}
			c.count += n
			if try {
				return vm.Bool(true), nil
			}
			return vm.Null, nil
		}
	}
	cd.AddMethod("AddCount", 0, 1, add(false))
	cd.AddMethod("TryAddCount", 0, 1, add(true))
	cd.AddMethod("Reset", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		c := getC(args[0])
		c.mu.Lock()
		if len(args) > 1 {
			c.initial = int(args[1].AsInt())
		}
		c.count = c.initial
		zero := c.count == 0
		c.mu.Unlock()
		if zero {
			c.ev.Set()
		} else {
			c.ev.Reset()
		}
		return vm.Null, nil
	})
	cd.AddMethod("Wait", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		limit, tok, err := waitArgs(t, args[1:])
		if err != nil {
			return vm.Null, err
		}
		ok, err := waitOn(t, getC(args[0]).ev.wait(), limit, tok)
		if err != nil {
			return vm.Null, err
		}
		if len(args) > 1 && isTimeout(args[1]) {
			return vm.Bool(ok), nil
		}
		return vm.Null, nil
	})
	cd.AddProperty("CurrentCount", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		c := getC(args[0])
		c.mu.Lock()
		defer c.mu.Unlock()
		return vm.Int(int32(c.count)), nil
	}, nil)
	cd.AddProperty("InitialCount", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		c := getC(args[0])
		c.mu.Lock()
		defer c.mu.Unlock()
		return vm.Int(int32(c.initial)), nil
	}, nil)
	cd.AddProperty("IsSet", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(getC(args[0]).ev.isSet()), nil
	}, nil)
	cd.AddMethod("Dispose", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Null, nil })
}

// addValues adds two integers of the location's type (int wraps, long wraps).
func addValues(old vm.Value, n int64) vm.Value {
	if old.PrimType() == vm.TLong {
		return vm.Long(old.AsLong() + n)
	}
	return vm.Int(old.AsInt() + int32(n))
}

func intArg(v vm.Value) int64 {
	if v.PrimType() == vm.TLong {
		return v.AsLong()
	}
	return int64(v.AsInt())
}

func registerInterlocked() {
	il := vm.RegisterType(TInterlocked)
	step := func(n int64) vm.NativeFn {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			_, v := vm.UpdateRef(args[0], func(old vm.Value) vm.Value { return addValues(old, n) })
			return v, nil
		}
	}
	il.AddStatic("Increment", 1, 1, step(1))
	il.AddStatic("Decrement", 1, 1, step(-1))
	il.AddStatic("Add", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := intArg(args[1])
		_, v := vm.UpdateRef(args[0], func(old vm.Value) vm.Value { return addValues(old, n) })
		return v, nil
	})
	il.AddStatic("Exchange", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		nv := args[1]
		old, _ := vm.UpdateRef(args[0], func(vm.Value) vm.Value { return nv })
		return old, nil
	})
	il.AddStatic("CompareExchange", 3, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		nv, cmp := args[1], args[2]
		old, _ := vm.UpdateRef(args[0], func(old vm.Value) vm.Value {
			if sameForCAS(old, cmp) {
				return nv
			}
			return old
		})
		return old, nil
	})
	// Interlocked.Read and Volatile.Read only load (under the slot's lock,
	// which orders them after every Interlocked or Volatile write): a load
	// that stored the value back would be a write racing the program's
	// plain reads of the same field.
	il.AddStatic("Read", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.LoadRefLocked(args[0]), nil
	})
	// And and Or return the original value, as .NET's do.
	bitwise := func(op func(a, b int64) int64) vm.NativeFn {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			n := intArg(args[1])
			old, _ := vm.UpdateRef(args[0], func(old vm.Value) vm.Value {
				if old.PrimType() == vm.TLong {
					return vm.Long(op(old.AsLong(), n))
				}
				return vm.Int(int32(op(int64(old.AsInt()), n)))
			})
			return old, nil
		}
	}
	il.AddStatic("And", 2, 2, bitwise(func(a, b int64) int64 { return a & b }))
	il.AddStatic("Or", 2, 2, bitwise(func(a, b int64) int64 { return a | b }))
	il.AddStatic("MemoryBarrier", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Null, nil })

	vo := vm.RegisterType(TVolatile)
	vo.AddStatic("Read", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.LoadRefLocked(args[0]), nil
	})
	vo.AddStatic("Write", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		nv := args[1]
		vm.UpdateRef(args[0], func(vm.Value) vm.Value { return nv })
		return vm.Null, nil
	})
}

// sameForCAS is CompareExchange's comparison: reference identity for
// objects, bit equality for primitives, promoting an int comparand to long.
func sameForCAS(old, cmp vm.Value) bool {
	if old.PrimType() == vm.TLong && cmp.IsInt() {
		return old.AsLong() == int64(cmp.AsInt())
	}
	return old.Same(cmp)
}

// monitor is the lock of one object: a one-slot channel held by its owner,
// reentrant per VM thread, with Wait/Pulse waiters.
type monitor struct {
	sem     chan struct{}
	owner   atomic.Pointer[vm.Thread]
	count   int // touched only by the owner
	mu      sync.Mutex
	waiters []chan struct{}
}

func monitorOf(t *vm.Thread, v vm.Value) (*monitor, error) {
	if v.IsNull() {
		return nil, argNull(t, "obj")
	}
	key := any(v.Obj())
	if key == nil {
		return &monitor{sem: make(chan struct{}, 1)}, nil
	}
	monitors := &stateOf(t.M).monitors
	if m, ok := monitors.Load(key); ok {
		return m.(*monitor), nil
	}
	m, _ := monitors.LoadOrStore(key, &monitor{sem: make(chan struct{}, 1)})
	return m.(*monitor), nil
}

func (m *monitor) enter(t *vm.Thread, limit vmDuration) bool {
	if m.owner.Load() == t {
		m.count++
		return true
	}
	select {
	case m.sem <- struct{}{}:
	default:
		if !limit.infinite && limit.d <= 0 {
			return false
		}
		got := false
		wait := func() {
			if limit.infinite {
				select {
				case m.sem <- struct{}{}:
					got = true
				case <-t.M.Closed():
				}
				return
			}
			timer := time.NewTimer(limit.d)
			defer timer.Stop()
			select {
			case m.sem <- struct{}{}:
				got = true
			case <-timer.C:
			}
		}
		blockLimit(t, limit, "lock (Monitor.Enter)", wait)
		if !got {
			return false
		}
	}
	m.owner.Store(t)
	m.count = 1
	return true
}

func (m *monitor) exit(t *vm.Thread) error {
	if m.owner.Load() != t {
		return t.Throw("System.Threading.SynchronizationLockException", "Object synchronization method was called from an unsynchronized block of code.")
	}
	m.count--
	if m.count == 0 {
		m.owner.Store(nil)
		<-m.sem
	}
	return nil
}

func registerMonitor() {
	mo := vm.RegisterType(TMonitor)
	mo.AddStatic("Enter", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		m, err := monitorOf(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		m.enter(t, vmDuration{infinite: true})
		if len(args) == 2 {
			vm.StoreRef(args[1], vm.Bool(true))
		}
		return vm.Null, nil
	})
	mo.AddStatic("TryEnter", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		m, err := monitorOf(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		limit := vmDuration{}
		var taken vm.Value
		for _, a := range args[1:] {
			if isTimeout(a) {
				d, inf, err := timeout(t, a, "millisecondsTimeout")
				if err != nil {
					return vm.Null, err
				}
				limit = vmDuration{d, inf}
			} else {
				taken = a
			}
		}
		ok := m.enter(t, limit)
		if !taken.IsNull() {
			vm.StoreRef(taken, vm.Bool(ok))
			return vm.Null, nil
		}
		return vm.Bool(ok), nil
	})
	mo.AddStatic("Exit", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		m, err := monitorOf(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		return vm.Null, m.exit(t)
	})
	mo.AddStatic("IsEntered", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		m, err := monitorOf(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		return vm.Bool(m.owner.Load() == t), nil
	})
	mo.AddStatic("Wait", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		m, err := monitorOf(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		if m.owner.Load() != t {
			return vm.Null, t.Throw("System.Threading.SynchronizationLockException", "Object synchronization method was called from an unsynchronized block of code.")
		}
		limit := vmDuration{infinite: true}
		if len(args) == 2 {
			d, inf, err := timeout(t, args[1], "millisecondsTimeout")
			if err != nil {
				return vm.Null, err
			}
			limit = vmDuration{d, inf}
		}
		ch := make(chan struct{})
		m.mu.Lock()
		m.waiters = append(m.waiters, ch)
		m.mu.Unlock()
		count := m.count
		m.count = 1
		m.exit(t)
		ok := blockFor(t, ch, limit.d, limit.infinite)
		if !ok {
			m.mu.Lock()
			for i, w := range m.waiters {
				if w == ch {
					m.waiters = append(m.waiters[:i:i], m.waiters[i+1:]...)
					break
				}
			}
			m.mu.Unlock()
		}
		m.enter(t, vmDuration{infinite: true})
		m.count = count
		return vm.Bool(ok), nil
	})
	pulse := func(all bool) vm.NativeFn {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			m, err := monitorOf(t, args[0])
			if err != nil {
				return vm.Null, err
			}
			if m.owner.Load() != t {
				return vm.Null, t.Throw("System.Threading.SynchronizationLockException", "Object synchronization method was called from an unsynchronized block of code.")
			}
			m.mu.Lock()
			n := 1
			if all {
				n = len(m.waiters)
			}
			for i := 0; i < n && len(m.waiters) > 0; i++ {
				close(m.waiters[0])
				m.waiters = m.waiters[1:]
			}
			m.mu.Unlock()
			return vm.Null, nil
		}
	}
	mo.AddStatic("Pulse", 1, 1, pulse(false))
	mo.AddStatic("PulseAll", 1, 1, pulse(true))
}

package threading

import (
	"runtime"
	"sync"
	"time"

	"asyncvm/ctx"
	"asyncvm/vm"
	"asyncvm/vm/lib"
)

// Library types for threads and the pool.
var (
	TThread     = vm.NewLibType("System.Threading", "Thread", nil)
	TThreadPool = vm.NewLibType("System.Threading", "ThreadPool", nil)
)

// threadObj is the payload of a System.Threading.Thread: the VM thread it
// runs on (made at construction, so ManagedThreadId is known at once).
type threadObj struct {
	vt    *vm.Thread
	start vm.Value // the delegate; Null for a thread not created by the program

	mu         sync.Mutex
	name       vm.Value
	background bool
	started    bool
	ended      bool
	done       chan struct{}
}

// threadValue returns the Thread object of VM thread t, making one for a
// thread that did not start as a Thread (the main thread, pool workers).
func threadValue(t *vm.Thread) vm.Value {
	objs := &stateOf(t.M).threadObjs
	if v, ok := objs.Load(t); ok {
		return v.(vm.Value)
	}
	o := &threadObj{vt: t, started: true, done: make(chan struct{})}
	if w := workerOf(t); w != nil {
		o.background = true
		o.name = vm.String(".NET ThreadPool Worker")
	}
	v, _ := objs.LoadOrStore(t, vm.NewNative(TThread, o))
	return v.(vm.Value)
}

func (o *threadObj) startOn(t *vm.Thread, arg vm.Value, capture bool) error {
	o.mu.Lock()
	if o.started {
		o.mu.Unlock()
		return t.Throw("System.Threading.ThreadStateException", "Thread is running or terminated; it cannot restart.")
	}
	if err := t.StartThread(); err != nil {
		o.mu.Unlock()
		return err // the thread limit (--max-threads): .NET's OutOfMemoryException
	}
	o.started = true
	background := o.background
	o.mu.Unlock()
	var ec *ctx.Context
	if capture {
		ec = t.Ctx.Capture()
	}
	m := t.M
	st := stateOf(m)
	if !background {
		st.fgMu.Lock()
		st.fgAlive++
		st.fgMu.Unlock()
	}
	vt := o.vt
	fn := o.start
	args := []vm.Value{}
	if delegateArity(fn) >= 1 {
		args = append(args, arg)
	}
	wt := watchOf(m)
	wt.addBusy(1)
	go func() {
		defer m.EndThread()
		defer wt.addBusy(-1)
		defer o.finish(st)
		defer recoverInternal(m)
		if ec != nil {
			vt.Ctx.Switch(ec)
		}
		if _, err := vt.CallValue(fn, args); err != nil {
			crash(m, err)
		}
		vt.Idle()
	}()
	return nil
}

// finish marks the thread ended and releases a foreground slot.
func (o *threadObj) finish(st *machineState) {
	o.mu.Lock()
	o.ended = true
	background := o.background
	close(o.done)
	o.mu.Unlock()
	st.threadObjs.Delete(o.vt)
	if !background {
		st.fgMu.Lock()
		st.fgAlive--
		st.fgCond.Broadcast()
		st.fgMu.Unlock()
	}
}

func sleep(t *vm.Thread, d time.Duration, infinite bool) {
	if !infinite && d <= 0 {
		runtime.Gosched()
		return
	}
	if infinite {
		blockOn(t, make(chan struct{}), "Thread.Sleep(Timeout.Infinite)")
		return
	}
	blockFor(t, nil, d, false)
}

func init() {
	th := vm.RegisterType(TThread)
	get := func(v vm.Value) *threadObj { return v.AsNative().(*threadObj) }
	th.AddStatic(".ctor", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if args[0].IsNull() {
			return vm.Null, argNull(t, "start")
		}
		vt := t.M.NewThread()
		Attach(vt)
		o := &threadObj{vt: vt, start: args[0], done: make(chan struct{})}
		v := vm.NewNative(TThread, o)
		stateOf(t.M).threadObjs.Store(vt, v)
		return v, nil
	})
	th.AddMethod("Start", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		Attach(t)
		arg := vm.Null
		if len(args) > 1 {
			arg = args[1]
		}
		return vm.Null, get(args[0]).startOn(t, arg, true)
	})
	th.AddMethod("UnsafeStart", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		arg := vm.Null
		if len(args) > 1 {
			arg = args[1]
		}
		return vm.Null, get(args[0]).startOn(t, arg, false)
	})
	th.AddMethod("Join", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		o := get(args[0])
		o.mu.Lock()
		started := o.started
		o.mu.Unlock()
		if !started {
			return vm.Null, t.Throw("System.Threading.ThreadStateException", "Thread has not been started.")
		}
		if len(args) == 1 {
			blockOn(t, o.done, "Thread.Join on thread "+itoa(int(o.vt.ID)))
			return vm.Null, nil
		}
		d, inf, err := timeout(t, args[1], "millisecondsTimeout")
		if err != nil {
			return vm.Null, err
		}
		return vm.Bool(blockFor(t, o.done, d, inf)), nil
	})
	th.AddStatic("Sleep", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		d, inf, err := timeout(t, args[0], "millisecondsTimeout")
		if err != nil {
			return vm.Null, err
		}
		sleep(t, d, inf)
		return vm.Null, nil
	})
	th.AddStatic("Yield", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		runtime.Gosched()
		return vm.Bool(true), nil
	})
	th.AddStatic("SpinWait", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		runtime.Gosched()
		return vm.Null, nil
	})
	th.AddStaticProperty("CurrentThread", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return threadValue(t), nil
	}, nil)
	// CurrentCulture and CurrentUICulture are CultureInfo's: the culture
	// flows with the ExecutionContext, so a thread object other than the
	// current one reads and sets the caller's (docs/deviations.md).
	for _, ui := range []bool{false, true} {
		name := "CurrentCulture"
		if ui {
			name = "CurrentUICulture"
		}
		th.AddProperty(name, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return lib.CultureValue(t, ui), nil
		}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Null, lib.SetCulture(t, ui, args[1])
		})
	}
	th.AddProperty("ManagedThreadId", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(get(args[0]).vt.ID), nil
	}, nil)
	th.AddProperty("Name", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		o := get(args[0])
		o.mu.Lock()
		defer o.mu.Unlock()
		return o.name, nil
	}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		o := get(args[0])
		o.mu.Lock()
		defer o.mu.Unlock()
		if !o.name.IsNull() {
			return vm.Null, t.Throw("System.InvalidOperationException", "This property has already been set and cannot be modified.")
		}
		o.name = args[1]
		return vm.Null, nil
	})
	th.AddProperty("IsBackground", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		o := get(args[0])
		o.mu.Lock()
		defer o.mu.Unlock()
		return vm.Bool(o.background), nil
	}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		o := get(args[0])
		bg := args[1].AsBool()
		st := stateOf(t.M)
		o.mu.Lock()
		defer o.mu.Unlock()
		if o.ended {
			return vm.Null, t.Throw("System.Threading.ThreadStateException", "Thread is dead; state cannot be accessed.")
		}
		if bg == o.background {
			return vm.Null, nil
		}
		o.background = bg
		if o.started && o.start.IsRef() {
			st.fgMu.Lock()
			if bg {
				st.fgAlive--
				st.fgCond.Broadcast()
			} else {
				st.fgAlive++
			}
			st.fgMu.Unlock()
		}
		return vm.Null, nil
	})
	th.AddProperty("IsAlive", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		o := get(args[0])
		o.mu.Lock()
		defer o.mu.Unlock()
		return vm.Bool(o.started && !o.ended), nil
	}, nil)
	th.AddProperty("IsThreadPoolThread", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		vt := get(args[0]).vt
		return vm.Bool(PoolOf(vt.M).isWorker(vt)), nil
	}, nil)

	tp := vm.RegisterType(TThreadPool)
	tp.AddStatic("QueueUserWorkItem", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		Attach(t)
		if args[0].IsNull() {
			return vm.Null, argNull(t, "callBack")
		}
		queueWork(t, args[0], optArg(args, 1), t.Ctx.Capture(), len(args) == 3 && args[2].AsBool())
		return vm.Bool(true), nil
	})
	tp.AddStatic("UnsafeQueueUserWorkItem", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if args[0].IsNull() {
			return vm.Null, argNull(t, "callBack")
		}
		queueWork(t, args[0], optArg(args, 1), nil, len(args) == 3 && args[2].AsBool())
		return vm.Bool(true), nil
	})
	tp.AddStaticProperty("ThreadCount", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(PoolOf(t.M).Workers())), nil
	}, nil)
	addThreadLimits(tp)
}

func optArg(args []vm.Value, i int) vm.Value {
	if i < len(args) {
		return args[i]
	}
	return vm.Null
}

// queueWork posts a callback to the pool, to run in ec (nil: Default).
func queueWork(t *vm.Thread, cb, state vm.Value, ec *ctx.Context, preferLocal bool) {
	args := []vm.Value{}
	if delegateArity(cb) >= 1 {
		args = append(args, state)
	}
	m := t.M
	work := func(w *vm.Thread) {
		if ec != nil {
			w.Ctx.Switch(ec)
		}
		if _, err := w.CallValue(cb, args); err != nil {
			crash(m, err)
		}
	}
	p := PoolOf(m)
	if preferLocal {
		p.QueueFrom(t, work)
		return
	}
	m.Queue(work)
}

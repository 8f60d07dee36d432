package threading

import (
	"runtime"
	"sync"
	"sync/atomic"

	"asyncvm/vm"
)

// Library types for Parallel.
var (
	TParallel           = vm.NewLibType("System.Threading.Tasks", "Parallel", nil)
	TParallelLoopResult = vm.NewLibType("System.Threading.Tasks", "ParallelLoopResult", nil)
	TParallelLoopState  = vm.NewLibType("System.Threading.Tasks", "ParallelLoopState", nil)
	TParallelOptions    = vm.NewLibType("System.Threading.Tasks", "ParallelOptions", nil)
)

// parallelOptions is the payload of a ParallelOptions.
type parallelOptions struct {
	mu    sync.Mutex
	dop   int // MaxDegreeOfParallelism: -1 for no limit
	token *cancelSource
}

// loopOptions reads the ParallelOptions argument of a Parallel method, the
// one before the body when there is one: the degree of parallelism (0 when
// not limited) and the token.
func loopOptions(args []vm.Value) (dop int, token *cancelSource) {
	if len(args) < 2 {
		return 0, nil
	}
	switch v := args[len(args)-2]; v.Type() {
	case TParallelOptions:
		o := v.AsNative().(*parallelOptions)
		o.mu.Lock()
		defer o.mu.Unlock()
		if o.dop > 0 {
			dop = o.dop
		}
		return dop, o.token
	case TCancellationToken:
		return 0, tokenArg(v)
	}
	return 0, nil
}

// loopState is the payload of a ParallelLoopResult and a ParallelLoopState.
type loopState struct {
	stopped atomic.Bool
	broken  atomic.Int64 // lowest Break iteration + 1; 0 when none
}

// parallelRun calls body(i) for every i in [0, n), partitioned in chunks
// over the pool with the calling thread participating, in the context
// captured now. Exceptions stop the loop and are thrown as one
// AggregateException once every participant has finished.
//
// At most dop participants run at once when dop > 0. A canceled token
// stops the loop between iterations and, when no iteration failed, it
// throws the token's OperationCanceledException.
func parallelRun(t *vm.Thread, n, dop int, token *cancelSource, body func(w *vm.Thread, i int, st *loopState) error) (*loopState, error) {
	st := &loopState{}
	if token.canceled() {
		return st, canceledError(t, token)
	}
	if n <= 0 {
		return st, nil
	}
	Attach(t)
	ec := t.Ctx.Capture()
	procs := runtime.NumCPU()
	if procs < 2 {
		procs = 2
	}
	if dop > 0 && procs > dop {
		procs = dop
	}
	if token != nil {
		if id := token.register(func(*vm.Thread) error { st.stopped.Store(true); return nil }); id >= 0 {
			defer token.unregister(id)
		}
	}
	chunk := n / (procs * 8)
	if chunk < 1 {
		chunk = 1
	}
	var next atomic.Int64
	var mu sync.Mutex
	var excs []*vm.Instance
	var fatal error
	loop := func(w *vm.Thread) {
		err := runIn(w, ec, func() error {
			for !st.stopped.Load() {
				lo := int(next.Add(int64(chunk))) - chunk
				if lo >= n {
					return nil
				}
				hi := lo + chunk
				if hi > n {
					hi = n
				}
				for i := lo; i < hi; i++ {
					if b := st.broken.Load(); b != 0 && int64(i) >= b-1 {
						break
					}
					if err := body(w, i, st); err != nil {
						return err
					}
					if st.stopped.Load() {
						return nil
					}
				}
			}
			return nil
		})
		if err != nil {
			st.stopped.Store(true)
			mu.Lock()
			if e := thrownExc(err); e != nil {
				excs = append(excs, e)
			} else if fatal == nil {
				fatal = err
			}
			mu.Unlock()
		}
	}
	helpers := procs - 1
	if maxH := (n+chunk-1)/chunk - 1; helpers > maxH {
		helpers = maxH
	}
	var wg sync.WaitGroup
	done := make(chan struct{})
	wg.Add(helpers)
	p := PoolOf(t.M)
	for i := 0; i < helpers; i++ {
		p.Queue(func(w *vm.Thread) {
			defer wg.Done()
			loop(w)
		})
	}
	go func() {
		wg.Wait()
		close(done)
	}()
	loop(t)
	t.BlockOn(done)
	if fatal != nil {
		return st, fatal
	}
	if len(excs) > 0 {
		return st, &vm.Thrown{Exc: NewAggregate(t.M, excs)}
	}
	if token.canceled() {
		return st, canceledError(t, token)
	}
	return st, nil
}

func loopResult(st *loopState) vm.Value { return vm.NewNative(TParallelLoopResult, st) }

// bodyCaller calls a loop body with the item, and the loop state when the
// body takes two parameters.
func bodyCaller(body vm.Value) func(w *vm.Thread, item vm.Value, st *loopState) error {
	withState := delegateArity(body) >= 2
	return func(w *vm.Thread, item vm.Value, st *loopState) error {
		var err error
		if withState {
			_, err = w.CallValue(body, []vm.Value{item, vm.NewNative(TParallelLoopState, st)})
		} else {
			_, err = w.CallValue(body, []vm.Value{item})
		}
		return err
	}
}

// forEachAsync is Parallel.ForEachAsync: dop workers on the pool each take
// the next item and await body(item, token) before taking another, so at
// most dop bodies are in flight. The token the bodies get is canceled when
// the caller's is or when a body fails; then the workers take no more
// items. The task faults with every body's exception, is canceled when
// the caller's token was and nothing but cancellation was thrown, and
// otherwise completes once every worker has finished.
func forEachAsync(t *vm.Thread, items []vm.Value, dop int, user *cancelSource, body vm.Value) *vm.Task {
	done := vm.NewTask(nil)
	inner := &cancelSource{m: t.M}
	if user.canceled() {
		inner.requested = true
	} else if user != nil {
		user.register(func(w *vm.Thread) error { return inner.cancel(w) })
	}
	token := tokenValue(inner)
	workers := dop
	if workers > len(items) {
		workers = len(items)
	}
	if workers < 1 {
		workers = 1
	}
	var (
		mu      sync.Mutex
		next    int
		running = workers
		excs    []*vm.Instance
	)
	ec := t.Ctx.Capture()
	record := func(w *vm.Thread, err error) {
		if err == nil {
			return
		}
		e := thrownExc(err)
		if e == nil {
			w.M.Crash(err)
			return
		}
		mu.Lock()
		excs = append(excs, e)
		mu.Unlock()
		crash(w.M, inner.cancel(w))
	}
	finish := func(w *vm.Thread) {
		mu.Lock()
		running--
		last := running == 0
		mu.Unlock()
		if !last {
			return
		}
		onlyCanceled := true
		for _, e := range excs {
			if !isCancellation(e) {
				onlyCanceled = false
			}
		}
		switch {
		case user.canceled() && onlyCanceled:
			done.TryComplete(w, vm.StatusCanceled, vm.Null, []*vm.Instance{canceledByExc(w, user)})
		case len(excs) > 0:
			done.TryComplete(w, vm.StatusFaulted, vm.Null, excs)
		default:
			done.TryComplete(w, vm.StatusRanToCompletion, vm.Null, nil)
		}
	}
	var work func(w *vm.Thread)
	work = func(w *vm.Thread) {
		for {
			mu.Lock()
			if next >= len(items) || inner.canceled() {
				mu.Unlock()
				finish(w)
				return
			}
			item := items[next]
			next++
			mu.Unlock()
			var aw vm.Awaiter
			r, err := w.CallValue(body, []vm.Value{item, token})
			if err == nil {
				aw, err = w.GetAwaiter(r)
			}
			if err != nil {
				record(w, err)
				continue
			}
			if !aw.IsCompleted() {
				aw.UnsafeOnCompleted(w, func(w2 *vm.Thread) {
					_, gerr := aw.GetResult(w2)
					record(w2, gerr)
					crash(w2.M, runIn(w2, ec, func() error { work(w2); return nil }))
				})
				return
			}
			_, gerr := aw.GetResult(w)
			record(w, gerr)
		}
	}
	p := PoolOf(t.M)
	for i := 0; i < workers; i++ {
		p.Queue(func(w *vm.Thread) {
			crash(w.M, runIn(w, ec, func() error { work(w); return nil }))
		})
	}
	return done
}

func init() {
	po := vm.RegisterType(TParallelOptions)
	po.AddStatic(".ctor", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.NewNative(TParallelOptions, &parallelOptions{dop: -1}), nil
	})
	po.AddProperty("MaxDegreeOfParallelism", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		o := args[0].AsNative().(*parallelOptions)
		o.mu.Lock()
		defer o.mu.Unlock()
		return vm.Int(int32(o.dop)), nil
	}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := int(intArg(args[1]))
		if n == 0 || n < -1 {
			return vm.Null, t.Throw("System.ArgumentOutOfRangeException", "Specified argument was out of the range of valid values. (Parameter 'MaxDegreeOfParallelism')")
		}
		o := args[0].AsNative().(*parallelOptions)
		o.mu.Lock()
		o.dop = n
		o.mu.Unlock()
		return vm.Null, nil
	})
	po.AddProperty("CancellationToken", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		o := args[0].AsNative().(*parallelOptions)
		o.mu.Lock()
		defer o.mu.Unlock()
		return tokenValue(o.token), nil
	}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		o := args[0].AsNative().(*parallelOptions)
		o.mu.Lock()
		o.token = tokenArg(args[1])
		o.mu.Unlock()
		return vm.Null, nil
	})

	pa := vm.RegisterType(TParallel)
	pa.AddStatic("For", 3, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		from, to := intArg(args[0]), intArg(args[1])
		body := args[len(args)-1]
		if body.IsNull() {
			return vm.Null, argNull(t, "body")
		}
		long := args[0].PrimType() == vm.TLong || args[1].PrimType() == vm.TLong
		call := bodyCaller(body)
		dop, token := loopOptions(args)
		st, err := parallelRun(t, int(to-from), dop, token, func(w *vm.Thread, i int, st *loopState) error {
			idx := vm.Int(int32(from + int64(i)))
			if long {
				idx = vm.Long(from + int64(i))
			}
			return call(w, idx, st)
		})
		return loopResult(st), err
	})
	pa.AddStatic("ForEach", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		body := args[len(args)-1]
		if body.IsNull() {
			return vm.Null, argNull(t, "body")
		}
		items, err := enumerate(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		call := bodyCaller(body)
		dop, token := loopOptions(args)
		st, err := parallelRun(t, len(items), dop, token, func(w *vm.Thread, i int, st *loopState) error {
			return call(w, items[i], st)
		})
		return loopResult(st), err
	})
	// ForEachAsync(source, [options or token,] body): see forEachAsync.
	pa.AddStatic("ForEachAsync", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		body := args[len(args)-1]
		if body.IsNull() {
			return vm.Null, argNull(t, "body")
		}
		items, err := enumerate(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		dop, token := loopOptions(args)
		if dop <= 0 {
			dop = runtime.NumCPU() // .NET's default: Environment.ProcessorCount
		}
		return vm.TaskValue(forEachAsync(t, items, dop, token, body)), nil
	})
	pa.AddStatic("Invoke", 0, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		actions := flattenParams(args)
		_, err := parallelRun(t, len(actions), 0, nil, func(w *vm.Thread, i int, st *loopState) error {
			_, err := w.CallValue(actions[i], nil)
			return err
		})
		return vm.Null, err
	})

	lr := vm.RegisterType(TParallelLoopResult)
	lr.AddProperty("IsCompleted", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		st := args[0].AsNative().(*loopState)
		return vm.Bool(!st.stopped.Load() && st.broken.Load() == 0), nil
	}, nil)
	lr.AddProperty("LowestBreakIteration", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		st := args[0].AsNative().(*loopState)
		if b := st.broken.Load(); b != 0 {
			return vm.Long(b - 1), nil
		}
		return vm.Null, nil
	}, nil)

	ls := TParallelLoopState
	ls.AddMethod("Stop", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		args[0].AsNative().(*loopState).stopped.Store(true)
		return vm.Null, nil
	})
	ls.AddMethod("Break", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		// The iteration is not passed to the state; record that a break
		// happened so the loop winds down.
		st := args[0].AsNative().(*loopState)
		st.stopped.Store(true)
		return vm.Null, nil
	})
	ls.AddProperty("IsStopped", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(args[0].AsNative().(*loopState).stopped.Load()), nil
	}, nil)
	ls.AddProperty("ShouldExitCurrentIteration", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(args[0].AsNative().(*loopState).stopped.Load()), nil
	}, nil)
}

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
)

// loopState is the payload of a ParallelLoopResult and a ParallelLoopState.
type loopState struct {
	stopped atomic.Bool
	broken  atomic.Int64 // lowest Break iteration + 1; 0 when none
}

// parallelRun calls body(i) for every i in [0, n), partitioned in chunks
// over the pool with the calling thread participating, in the context
// captured now. Exceptions stop the loop and are thrown as one
// AggregateException once every participant has finished.
func parallelRun(t *vm.Thread, n int, body func(w *vm.Thread, i int, st *loopState) error) (*loopState, error) {
	st := &loopState{}
	if n <= 0 {
		return st, nil
	}
	Attach(t)
	ec := t.Ctx.Capture()
	procs := runtime.NumCPU()
	if procs < 2 {
		procs = 2
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

func init() {
	pa := vm.RegisterType(TParallel)
	pa.AddStatic("For", 3, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		from, to := intArg(args[0]), intArg(args[1])
		body := args[len(args)-1]
		if body.IsNull() {
			return vm.Null, argNull(t, "body")
		}
		long := args[0].PrimType() == vm.TLong || args[1].PrimType() == vm.TLong
		call := bodyCaller(body)
		st, err := parallelRun(t, int(to-from), func(w *vm.Thread, i int, st *loopState) error {
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
		st, err := parallelRun(t, len(items), func(w *vm.Thread, i int, st *loopState) error {
			return call(w, items[i], st)
		})
		return loopResult(st), err
	})
	// ForEachAsync(source, [options or token,] body): the body (an async
	// lambda taking the item and a CancellationToken) runs for every item,
	// all started from the calling thread; the returned task completes when
	// they all have (faulting with their exceptions).
	pa.AddStatic("ForEachAsync", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		body := args[len(args)-1]
		if body.IsNull() {
			return vm.Null, argNull(t, "body")
		}
		items, err := enumerate(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		token := tokenValue(nil)
		if len(args) == 3 && args[1].Type() == TCancellationToken {
			token = args[1]
		}
		var tasks []*vm.Task
		for _, it := range items {
			r, err := t.CallValue(body, []vm.Value{it, token})
			if err != nil {
				return vm.Null, err
			}
			aw, err := t.GetAwaiter(r)
			if err != nil {
				return vm.Null, err
			}
			tk, ok := aw.(*vm.Task)
			if !ok {
				tk = vm.NewTask(nil)
				done := tk
				if aw.IsCompleted() {
					_, gerr := aw.GetResult(t)
					completeFrom(t, done, vm.Null, gerr)
				} else {
					aw.UnsafeOnCompleted(t, func(w *vm.Thread) {
						_, gerr := aw.GetResult(w)
						completeFrom(w, done, vm.Null, gerr)
					})
				}
			}
			tasks = append(tasks, tk)
		}
		all := WhenAll(t, tasks, nil)
		all.SetResultType(nil)
		return vm.TaskValue(all), nil
	})
	pa.AddStatic("Invoke", 0, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		actions := flattenParams(args)
		_, err := parallelRun(t, len(actions), func(w *vm.Thread, i int, st *loopState) error {
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

package threading

import (
	"math"
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

// loopOptions reads a Parallel method's ParallelOptions or
// CancellationToken argument: the degree of parallelism (0 when not
// limited) and the token.
func loopOptions(v vm.Value) (dop int, token *cancelSource) {
	switch v.Type() {
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

// loopState is the payload of a ParallelLoopResult and the state the
// iterations of one loop share.
type loopState struct {
	stopped     atomic.Bool  // ParallelLoopState.Stop was called
	exceptional atomic.Bool  // an iteration threw
	canceled    atomic.Bool  // the loop's token was canceled
	broken      atomic.Int64 // lowest iteration offset that called Break, + 1; 0 when none
	base        int64        // the iteration number of offset 0
}

// ending reports whether the loop takes no more iterations: Stop, an
// exception or cancellation.
func (st *loopState) ending() bool {
	return st.stopped.Load() || st.exceptional.Load() || st.canceled.Load()
}

// lowestBreak is LowestBreakIteration: the iteration number, or null.
func (st *loopState) lowestBreak() vm.Value {
	if b := st.broken.Load(); b != 0 {
		return vm.Long(st.base + b - 1)
	}
	return vm.Null
}

// iterState is the payload of a ParallelLoopState: the loop's state and
// the offset of the iteration it was passed to.
type iterState struct {
	st  *loopState
	off int64
}

// loopLocal holds the localInit and localFinally delegates of the
// thread-local overloads (For<TLocal>, ForEach<TSource, TLocal>).
type loopLocal struct {
	init, fin vm.Value
}

// loopBody runs iteration i of a loop: acc is the participant's local
// value for the thread-local overloads (the body's result replaces it).
type loopBody func(w *vm.Thread, i int, st *loopState, acc *vm.Value) error

// parallelRun calls body for every i in [0, n), partitioned in chunks
// over the pool with the calling thread participating, in the context
// captured now. Exceptions stop the loop and are thrown as one
// AggregateException once every participant has finished. Stop ends the
// loop; Break lets the iterations below the breaking one finish and starts
// none above it.
//
// With local, each participant calls local.init before its first
// iteration, threads the value through its iterations and passes the last
// one to local.fin, as .NET's thread-local overloads do.
//
// At most dop participants run at once when dop > 0. A canceled token
// stops the loop between iterations and, when no iteration failed, it
// throws the token's OperationCanceledException.
func parallelRun(t *vm.Thread, n int, base int64, dop int, token *cancelSource, local *loopLocal, body loopBody) (*loopState, error) {
	st := &loopState{base: base}
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
		if id := token.register(func(*vm.Thread) error { st.canceled.Store(true); return nil }); id >= 0 {
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
	record := func(err error) {
		st.exceptional.Store(true)
		mu.Lock()
		defer mu.Unlock()
		if e := thrownExc(err); e != nil {
			excs = append(excs, e)
		} else if fatal == nil {
			fatal = err
		}
	}
	loop := func(w *vm.Thread) {
		var acc vm.Value
		started := false
		iterate := func() error {
			for !st.ending() {
				lo := int(next.Add(int64(chunk))) - chunk
				if lo >= n {
					return nil
				}
				if b := st.broken.Load(); b != 0 && int64(lo) > b-1 {
					return nil
				}
				if local != nil && !started {
					v, err := w.CallValue(local.init, nil)
					if err != nil {
						return err
					}
					acc, started = v, true
				}
				hi := lo + chunk
				if hi > n {
					hi = n
				}
				for i := lo; i < hi; i++ {
					if b := st.broken.Load(); b != 0 && int64(i) > b-1 {
						break
					}
					if err := body(w, i, st, &acc); err != nil {
						return err
					}
					if st.ending() {
						return nil
					}
				}
			}
			return nil
		}
		err := runIn(w, ec, func() error {
			err := iterate()
			if started {
				if _, ferr := w.CallValue(local.fin, []vm.Value{acc}); ferr != nil && err == nil {
					err = ferr
				}
			}
			return err
		})
		if err != nil {
			record(err)
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

// bodyCaller calls a loop body with the item and as many of the loop
// state, the index and the local value as the body takes: (item),
// (item, state), (item, state, index) without a local; (item, state,
// local) and (item, state, index, local) with one, the result being the
// new local value.
func bodyCaller(body vm.Value, local bool) func(w *vm.Thread, item vm.Value, off int64, index vm.Value, st *loopState, acc *vm.Value) error {
	arity := delegateArity(body)
	return func(w *vm.Thread, item vm.Value, off int64, index vm.Value, st *loopState, acc *vm.Value) error {
		args := []vm.Value{item}
		if arity >= 2 {
			args = append(args, vm.NewNative(TParallelLoopState, &iterState{st: st, off: off}))
		}
		if local {
			if arity >= 4 {
				args = append(args, index)
			}
			r, err := w.CallValue(body, append(args, *acc))
			if err == nil {
				*acc = r
			}
			return err
		}
		if arity >= 3 {
			args = append(args, index)
		}
		_, err := w.CallValue(body, args)
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
	// For(from, to, [options,] body) and For(from, to, [options,]
	// localInit, body, localFinally).
	pa.AddStatic("For", 3, 6, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		from, to := intArg(args[0]), intArg(args[1])
		dop, token, local, body, err := loopArgs(t, args[2:])
		if err != nil {
			return vm.Null, err
		}
		long := args[0].PrimType() == vm.TLong || args[1].PrimType() == vm.TLong
		call := bodyCaller(body, local != nil)
		st, err := parallelRun(t, int(to-from), from, dop, token, local, func(w *vm.Thread, i int, st *loopState, acc *vm.Value) error {
			idx := vm.Int(int32(from + int64(i)))
			if long {
				idx = vm.Long(from + int64(i))
			}
			return call(w, idx, int64(i), vm.Null, st, acc)
		})
		return loopResult(st), err
	})
	// ForEach(source, [options,] body) and ForEach(source, [options,]
	// localInit, body, localFinally).
	pa.AddStatic("ForEach", 2, 5, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		dop, token, local, body, err := loopArgs(t, args[1:])
		if err != nil {
			return vm.Null, err
		}
		if args[0].IsNull() {
			return vm.Null, argNull(t, "source")
		}
		items, err := enumerate(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		call := bodyCaller(body, local != nil)
		st, err := parallelRun(t, len(items), 0, dop, token, local, func(w *vm.Thread, i int, st *loopState, acc *vm.Value) error {
			return call(w, items[i], int64(i), vm.Long(int64(i)), st, acc)
		})
		return loopResult(st), err
	})
	// ForEachAsync(source, [options or token,] body): see forEachAsync.
	// An IAsyncEnumerable source is the prelude's ParallelAsync.
	pa.AddStatic("ForEachAsync", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		body := args[len(args)-1]
		if args[0].IsNull() {
			return vm.Null, argNull(t, "source")
		}
		if body.IsNull() {
			return vm.Null, argNull(t, "body")
		}
		dop, token := asyncLoopOptions(args, 3)
		if !isEnumerable(args[0]) {
			ty := t.M.Prog.TypeByName("System.Threading.Tasks.ParallelAsync")
			if ty == nil || len(ty.Statics["ForEachAsync"]) != 1 {
				return vm.Null, t.Throw("System.PlatformNotSupportedException", "Parallel.ForEachAsync over an IAsyncEnumerable needs the prelude's ParallelAsync.")
			}
			return t.Invoke(ty.Statics["ForEachAsync"][0], vm.Null, []vm.Value{args[0], vm.Int(int32(dop)), tokenValue(token), body})
		}
		items, err := enumerate(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		return vm.TaskValue(forEachAsync(t, items, dop, token, body)), nil
	})
	// ForAsync(from, to, [options or token,] body) over an integer range:
	// ForEachAsync over the range's values, of from's type.
	pa.AddStatic("ForAsync", 3, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		body := args[len(args)-1]
		if body.IsNull() {
			return vm.Null, argNull(t, "body")
		}
		dop, token := asyncLoopOptions(args, 4)
		// T is an IBinaryInteger<T> in .NET; the library tables cannot
		// name the constraint (System.Numerics is compiled on demand).
		ty := args[0].PrimType()
		if !vm.IsIntegral(args[0]) || args[1].PrimType() != ty {
			return vm.Null, t.Throw("System.NotSupportedException", "Parallel.ForAsync needs a range of a built-in integer type.")
		}
		from, to := args[0].Bits(), args[1].Bits()
		var n uint64
		if ty == vm.TULong || ty == vm.TUInt || ty == vm.TUShort || ty == vm.TByte || ty == vm.TChar {
			if to > from {
				n = to - from
			}
		} else if lo, hi := vm.AsInt64(args[0]), vm.AsInt64(args[1]); hi > lo {
			n = uint64(hi - lo)
		}
		if n > math.MaxInt32 {
			return vm.Null, t.Throw("System.OutOfMemoryException", "Insufficient memory to continue the execution of the program.")
		}
		items := make([]vm.Value, n)
		for i := range items {
			items[i] = vm.MakeIntegral(ty, from+uint64(i))
		}
		return vm.TaskValue(forEachAsync(t, items, dop, token, body)), nil
	})
	// Invoke([options,] params actions).
	pa.AddStatic("Invoke", 0, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		var dop int
		var token *cancelSource
		if len(args) > 0 && args[0].Type() == TParallelOptions {
			dop, token = loopOptions(args[0])
			args = args[1:]
		}
		actions := flattenParams(args)
		for _, a := range actions {
			if a.IsNull() {
				return vm.Null, t.Throw("System.ArgumentException", "One of the actions was null. (Parameter 'actions')")
			}
		}
		_, err := parallelRun(t, len(actions), 0, dop, token, nil, func(w *vm.Thread, i int, st *loopState, acc *vm.Value) error {
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
		return args[0].AsNative().(*loopState).lowestBreak(), nil
	}, nil)

	ls := TParallelLoopState
	ls.AddMethod("Stop", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		st := args[0].AsNative().(*iterState).st
		if st.broken.Load() != 0 {
			return vm.Null, t.Throw("System.InvalidOperationException", "Stop was called after Break was called.")
		}
		st.stopped.Store(true)
		return vm.Null, nil
	})
	// Break records the lowest iteration that called it: the iterations
	// below it still run, none above it starts.
	ls.AddMethod("Break", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		it := args[0].AsNative().(*iterState)
		st := it.st
		if st.stopped.Load() {
			return vm.Null, t.Throw("System.InvalidOperationException", "Break was called after Stop was called.")
		}
		for {
			b := st.broken.Load()
			if b != 0 && b-1 <= it.off {
				return vm.Null, nil
			}
			if st.broken.CompareAndSwap(b, it.off+1) {
				return vm.Null, nil
			}
		}
	})
	ls.AddProperty("IsStopped", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(args[0].AsNative().(*iterState).st.stopped.Load()), nil
	}, nil)
	ls.AddProperty("IsExceptional", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(args[0].AsNative().(*iterState).st.exceptional.Load()), nil
	}, nil)
	ls.AddProperty("LowestBreakIteration", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return args[0].AsNative().(*iterState).st.lowestBreak(), nil
	}, nil)
	// ShouldExitCurrentIteration: the loop is ending (Stop, an exception,
	// cancellation) or an iteration below this one called Break.
	ls.AddProperty("ShouldExitCurrentIteration", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		it := args[0].AsNative().(*iterState)
		b := it.st.broken.Load()
		return vm.Bool(it.st.ending() || b != 0 && it.off > b-1), nil
	}, nil)
}

// loopArgs reads a parallel loop's arguments after its source or range:
// [options,] body, or [options,] localInit, body, localFinally.
func loopArgs(t *vm.Thread, rest []vm.Value) (dop int, token *cancelSource, local *loopLocal, body vm.Value, err error) {
	if len(rest) == 2 || len(rest) == 4 {
		dop, token = loopOptions(rest[0])
		rest = rest[1:]
	}
	local, body, err = localArgs(t, rest)
	return dop, token, local, body, err
}

// localArgs splits the delegates of a loop after its options: (body) or
// (localInit, body, localFinally), each non-null.
func localArgs(t *vm.Thread, rest []vm.Value) (*loopLocal, vm.Value, error) {
	if len(rest) == 3 {
		for i, name := range []string{"localInit", "body", "localFinally"} {
			if rest[i].IsNull() {
				return nil, vm.Null, argNull(t, name)
			}
		}
		return &loopLocal{init: rest[0], fin: rest[2]}, rest[1], nil
	}
	body := rest[len(rest)-1]
	if body.IsNull() {
		return nil, vm.Null, argNull(t, "body")
	}
	return nil, body, nil
}

// asyncLoopOptions reads ForEachAsync's and ForAsync's options or token,
// the argument before the body when they have n arguments, and the degree
// of parallelism, .NET's default Environment.ProcessorCount when unset.
func asyncLoopOptions(args []vm.Value, n int) (int, *cancelSource) {
	var dop int
	var token *cancelSource
	if len(args) == n {
		dop, token = loopOptions(args[n-2])
	}
	if dop <= 0 {
		dop = runtime.NumCPU()
	}
	return dop, token
}

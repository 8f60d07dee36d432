package threading

import (
	"runtime"
	"sync/atomic"

	"asyncvm/vm"
)

// threadLimits holds what ThreadPool.SetMinThreads and SetMaxThreads set,
// with .NET's defaults (Environment.ProcessorCount; 32767 workers and 1000 I/O
// threads). The pool does not need them to avoid starvation: a worker that
// blocks is replaced at once (see Pool), where .NET injects a thread about
// every half second above the minimum. So they are kept and reported, and
// checked as .NET checks them, but do not size the pool (docs/deviations.md).
type threadLimits struct {
	set                    atomic.Bool
	minW, minIO, maxW, max atomic.Int32
}

func (l *threadLimits) init() {
	if l.set.Load() {
		return
	}
	n := int32(runtime.NumCPU())
	if l.set.CompareAndSwap(false, true) {
		l.minW.Store(n)
		l.minIO.Store(n)
		l.maxW.Store(32767)
		l.max.Store(1000)
	}
}

func addThreadLimits(tp *vm.Type) {
	limits := func(t *vm.Thread) *threadLimits {
		l := &PoolOf(t.M).limits
		l.init()
		return l
	}
	tp.AddStatic("GetMinThreads", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := limits(t)
		vm.StoreRef(args[0], vm.Int(l.minW.Load()))
		vm.StoreRef(args[1], vm.Int(l.minIO.Load()))
		return vm.Null, nil
	})
	tp.AddStatic("GetMaxThreads", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := limits(t)
		vm.StoreRef(args[0], vm.Int(l.maxW.Load()))
		vm.StoreRef(args[1], vm.Int(l.max.Load()))
		return vm.Null, nil
	})
	tp.AddStatic("GetAvailableThreads", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := limits(t)
		busy := PoolOf(t.M).active.Load()
		vm.StoreRef(args[0], vm.Int(l.maxW.Load()-busy))
		vm.StoreRef(args[1], vm.Int(l.max.Load()))
		return vm.Null, nil
	})
	// SetMinThreads refuses a negative count or one above the maximum;
	// SetMaxThreads one below the processor count or the minimum.
	tp.AddStatic("SetMinThreads", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := limits(t)
		w, io := args[0].AsInt(), args[1].AsInt()
		if w < 0 || io < 0 || w > l.maxW.Load() || io > l.max.Load() {
			return vm.Bool(false), nil
		}
		l.minW.Store(w)
		l.minIO.Store(io)
		return vm.Bool(true), nil
	})
	tp.AddStatic("SetMaxThreads", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		l := limits(t)
		w, io := args[0].AsInt(), args[1].AsInt()
		n := int32(runtime.NumCPU())
		if w < n || io < n || w < l.minW.Load() || io < l.minIO.Load() {
			return vm.Bool(false), nil
		}
		l.maxW.Store(w)
		l.max.Store(io)
		return vm.Bool(true), nil
	})
	tp.AddStaticProperty("PendingWorkItemCount", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Long(int64(PoolOf(t.M).pendingCount())), nil
	}, nil)
}

package threading

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// gcHeadroom is how much a program may allocate beyond its live heap
// before the Go collector runs again, at least: the collector's goal is
// the larger of twice the live heap (GOGC=100, Go's default) and the live
// heap plus gcHeadroom.
//
// Go's collector is not generational: each cycle marks the whole live
// heap, and with GOGC=100 it runs whenever the heap has doubled. An async
// program with a few megabytes live that allocates a task per await (a
// Task.Run loop) would then run a cycle every few thousand awaits and
// spend about half its CPU time marking the same few megabytes. .NET's
// first generation absorbs such garbage in a budget of megabytes that
// does not depend on the older heap; the headroom is that budget here. A
// program with more than gcHeadroom live gets Go's default pacing, so the
// memory of large heaps (a million pending awaits) does not change.
const gcHeadroom = 64 << 20

// gcPercentMax bounds the GC percentage tuneGC sets for a tiny heap.
const gcPercentMax = 5000

var gcTuneOnce sync.Once

// gcSentinel is an object whose finalizer runs after each collection
// (tuneGC re-arms it), the hook from which the percentage is adjusted. It
// holds a pointer so that it is not batched by the tiny allocator, whose
// objects' finalizers may be delayed.
type gcSentinel struct{ _ *byte }

// tuneGC keeps the collector's goal at least gcHeadroom above the live
// heap, for the whole process, unless the environment sets GOGC (then the
// user's setting stands). It starts once per process, with the first
// machine.
func tuneGC() {
	gcTuneOnce.Do(func() {
		if os.Getenv("GOGC") != "" {
			return
		}
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		last := 100
		adjust := func() {
			metrics.Read(sample)
			live := uint64(0)
			if sample[0].Value.Kind() == metrics.KindUint64 {
				live = sample[0].Value.Uint64()
			}
			p := gcPercentMax
			if live > 0 {
				p = int(min(uint64(gcPercentMax), max(100, gcHeadroom*100/live)))
			}
			if p != last {
				debug.SetGCPercent(p)
				last = p
			}
		}
		var arm func()
		arm = func() {
			runtime.SetFinalizer(&gcSentinel{}, func(*gcSentinel) {
				adjust()
				arm()
			})
		}
		adjust()
		arm()
	})
}

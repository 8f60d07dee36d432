package threading

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
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

// The tuner looks at the collector at most every gcPollMin after a cycle
// completed, backing off to gcPollMax while none does, so an idle process
// wakes a few times a second.
const (
	gcPollMin = 2 * time.Millisecond
	gcPollMax = 256 * time.Millisecond
)

// tuneGC keeps the collector's goal at least gcHeadroom above the live
// heap, for the whole process, unless the environment sets GOGC (then the
// user's setting stands). It starts once per process, with the first
// machine, a goroutine that sets the percentage after each completed cycle
// from that cycle's live heap.
//
// The percentage applies to the live heap of the cycle that ends next, so
// it must be set again after every cycle: with a percentage made for 4 MB
// live (1600%), a cycle that ends with 22 MB live would set its goal at
// 374 MB. A finalizer on a sentinel object, which runs after the cycle
// that frees it, misses cycles: a sentinel re-armed while the next cycle
// is marking is allocated black and survives it, so that cycle ends with
// the old percentage and no adjustment follows until the heap reaches its
// far goal (a million pending awaits then peaked at 325 MB instead of 270).
// Polling the completed-cycle count misses none.
func tuneGC() {
	gcTuneOnce.Do(func() {
		if os.Getenv("GOGC") != "" {
			return
		}
		go gcTuner()
	})
}

// gcTuner is tuneGC's goroutine: it runs for the life of the process.
func gcTuner() {
	samples := []metrics.Sample{
		{Name: "/gc/heap/live:bytes"},
		{Name: "/gc/cycles/total:gc-cycles"},
	}
	last, seen := 100, ^uint64(0)
	wait := gcPollMin
	for {
		metrics.Read(samples)
		if samples[0].Value.Kind() != metrics.KindUint64 || samples[1].Value.Kind() != metrics.KindUint64 {
			return
		}
		live, cycles := samples[0].Value.Uint64(), samples[1].Value.Uint64()
		if cycles != seen {
			seen = cycles
			if p := gcPercentFor(live); p != last {
				debug.SetGCPercent(p)
				last = p
			}
			wait = gcPollMin
		} else if wait < gcPollMax {
			wait *= 2
		}
		time.Sleep(wait)
	}
}

// gcPercentFor is the GC percentage that puts the goal gcHeadroom above a
// live heap of live bytes, and never below Go's default of twice the live
// heap.
func gcPercentFor(live uint64) int {
	if live == 0 {
		return gcPercentMax
	}
	return int(min(uint64(gcPercentMax), max(100, gcHeadroom*100/live)))
}

package bench

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"
)

// floorTask stands for what rt allocates per suspending call in
// whenall.async: one object holding the Task (80 bytes: type word, state,
// result, continuation slot, side pointer, result type, owner), the root
// continuation (64 bytes: function, register pointer, closure, link,
// context, wake, pc and small fields) and the one live register (16 bytes),
// 160 bytes with about as many pointer words.
type floorTask struct {
	typ     unsafe.Pointer
	state   atomic.Uint32
	id      int32
	result  [2]uint64
	cont    any
	side    unsafe.Pointer
	resultT unsafe.Pointer
	owner   any

	fn, regs, cl, link, ec, wake unsafe.Pointer
	pc, nregs                    int32
	small                        uint64

	reg [2]uint64
}

// smallFloorTask is the same work with 64-byte objects: about the smallest
// a pending call could take (a Task alone is 64-72 bytes in .NET).
type smallFloorTask struct {
	typ    unsafe.Pointer
	state  atomic.Uint32
	result [2]uint64
	cont   any
	reg    uint64
}

// BenchmarkWhenAllFloor is the floor under bench/whenall.async on this
// machine: the same million calls with no interpreter at all. Each call
// allocates its object, keeps it in an array and posts it, in batches, to
// the workers (one per processor), which store the result and mark the
// task complete, as the resumed calls do; then the main goroutine gathers
// the results, as WhenAll does. Run it beside Programs/whenall/rt in one
// `go test -bench` run: the ratio says how far rt is from what Go's
// allocator, collector and the kernel's page faults allow (the process
// keeps its heap between iterations, as in Programs). The target of issue
// 14, at most 170 ms, is measured against it in docs/benchmarks.md.
func BenchmarkWhenAllFloor(b *testing.B) {
	b.Run("160B", func(b *testing.B) {
		floorRun(b, func(i int) *floorTask { t := &floorTask{}; t.reg[0] = uint64(i); return t }, func(t *floorTask) { t.result[0] = t.reg[0] & 1; t.state.Store(2) }, func(t *floorTask) uint64 { return t.result[0] })
	})
	b.Run("64B", func(b *testing.B) {
		floorRun(b, func(i int) *smallFloorTask { t := &smallFloorTask{}; t.reg = uint64(i); return t }, func(t *smallFloorTask) { t.result[0] = t.reg & 1; t.state.Store(2) }, func(t *smallFloorTask) uint64 { return t.result[0] })
	})
}

func floorRun[T any](b *testing.B, alloc func(int) *T, complete func(*T), result func(*T) uint64) {
	const n = 1_000_000
	const batch = 64
	cpu0 := cpuTime()
	for b.Loop() {
		q := make(chan []*T, 1024)
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for items := range q {
					for _, t := range items {
						complete(t)
					}
				}
			}()
		}
		tasks := make([]*T, n)
		items := make([]*T, 0, batch)
		for i := range n {
			t := alloc(i)
			tasks[i] = t
			if items = append(items, t); len(items) == batch {
				q <- items
				items = make([]*T, 0, batch)
			}
		}
		q <- items
		close(q)
		wg.Wait()
		results := make([]uint64, n)
		var sum uint64
		for i, t := range tasks {
			results[i] = result(t)
			sum += results[i]
		}
		if sum != n/2 {
			b.Fatalf("sum %d", sum)
		}
	}
	cpu := float64(cpuTime() - cpu0)
	b.ReportMetric(cpu/float64(b.Elapsed().Nanoseconds()), "cores")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/call")
	b.ReportMetric(cpu/float64(b.N)/n, "cpu-ns/call")
}

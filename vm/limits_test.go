package vm

import (
	"io"
	"runtime"
	"testing"
	"unsafe"
)

func limitsMachine(heap int64) (*Machine, *Thread) {
	oom := &Type{Namespace: "System", Name: "OutOfMemoryException"}
	m := NewMachine(&Program{Types: []*Type{oom}}, io.Discard, io.Discard)
	m.SetLimits(Limits{MaxHeap: heap})
	return m, m.NewThread()
}

// TestHeapEstimate checks the sampled estimate against what is really kept:
// small objects held in a slice, large ones exact, and both given back once
// they are collected.
func TestHeapEstimate(t *testing.T) {
	// One estimate of n small objects rests on about n*size/heapSampleRate
	// (~200) samples, so it is off by ~7% (one standard deviation): each
	// run must be within 40% (over five deviations), and the mean of
	// several independent runs within 10% (six deviations of the mean).
	ty := &Type{Name: "P", Fields: []*Field{{Name: "X"}, {Name: "Y"}}}
	const n = 200_000
	want := int64(n * (SizeInstance + 2*SizeValue))
	fill := func(th *Thread) []*Instance {
		keep := make([]*Instance, n)
		for i := range keep {
			o := NewInstance(ty)
			if err := th.Alloc(unsafe.Pointer(o), SizeInstance+2*SizeValue); err != nil {
				t.Fatal(err)
			}
			keep[i] = o
		}
		return keep
	}
	const trials = 12
	var sum int64
	for range trials {
		m, th := limitsMachine(1 << 40)
		keep := fill(th)
		got := m.HeapLive()
		if got < want*6/10 || got > want*14/10 {
			t.Errorf("estimate %d for %d bytes of small objects (want within 40%%)", got, want)
		}
		sum += got
		runtime.KeepAlive(keep)
		m.ReleaseLimits()
	}
	if mean := sum / trials; mean < want*9/10 || mean > want*11/10 {
		t.Errorf("mean estimate %d over %d runs for %d bytes (want within 10%%)", mean, trials, want)
	}

	m, th := limitsMachine(1 << 40)
	defer m.ReleaseLimits()
	keep := fill(th)
	got := m.HeapLive()
	big, err := th.NewArray(TInt, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if d := m.HeapLive() - got; d < 16<<20 {
		t.Errorf("a 16 MB array added %d", d)
	}
	runtime.KeepAlive(keep)
	runtime.KeepAlive(big)
	keep, big = nil, nil
	if !m.lim.heap.collect(0) {
		t.Fatal("collect reported no room")
	}
	for i := 0; i < 100 && m.HeapLive() > want/10; i++ {
		runtime.GC()
	}
	if left := m.HeapLive(); left > want/10 {
		t.Errorf("after collection the estimate is still %d", left)
	}
}

// TestReserveHugeFailsFast checks that a request beyond the limit fails
// without collecting or allocating, and that one within it passes.
func TestReserveHugeFailsFast(t *testing.T) {
	m, th := limitsMachine(64 << 20)
	defer m.ReleaseLimits()
	if !m.lim.heap.collect(32<<20) || th.M.lim.heap.live.Load() != 0 {
		t.Fatal("an empty heap should fit 32 MB")
	}
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	if th.M.lim.heap.limit.Load() >= 1<<40 {
		t.Fatal("limit not set")
	}
	err := th.ReserveElems(1<<31-1, int64(SizeValue))
	if e, ok := err.(*Thrown); !ok || e.Exc.Type().Name != "OutOfMemoryException" {
		t.Fatalf("a 32 GB request: %v", err)
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if after.NumGC != before.NumGC {
		t.Error("a request larger than the limit collected garbage first")
	}
	if err := th.Reserve(16 << 20); err != nil {
		t.Errorf("16 MB of 64: %v", err)
	}
}

// BenchmarkAccounting measures what heap accounting adds to an object
// allocation: none (the allocation alone), accounting without a limit (the
// countdown), and accounting under a limit (sampling and cleanups).
func BenchmarkAccounting(b *testing.B) {
	ty := &Type{Name: "P", Fields: []*Field{{Name: "X"}, {Name: "Y"}}}
	var sink *Instance
	b.Run("plain", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			sink = NewInstance(ty)
		}
	})
	for _, c := range []struct {
		name string
		heap int64
	}{{"nolimit", 0}, {"limit", 1 << 40}} {
		b.Run(c.name, func(b *testing.B) {
			m, th := limitsMachine(c.heap)
			defer m.ReleaseLimits()
			for i := 0; i < b.N; i++ {
				o := NewInstance(ty)
				if err := th.Alloc(unsafe.Pointer(o), SizeInstance+2*SizeValue); err != nil {
					b.Fatal(err)
				}
				sink = o
			}
		})
	}
	_ = sink
}

package threading_test

import (
	"os"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"
)

// TestGCHeadroom checks that a machine keeps the collector's goal well
// above a small live heap (vm/threading/gc.go): the GC percentage is over
// Go's default 100 after a collection, unless GOGC is set.
func TestGCHeadroom(t *testing.T) {
	if os.Getenv("GOGC") != "" {
		t.Skip("GOGC is set: the user's setting stands")
	}
	newEnv(t)
	deadline := time.Now().Add(5 * time.Second)
	for {
		runtime.GC()
		p := gcPercent()
		if p > 100 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("GC percent is %d with a small live heap, want more than 100", p)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestGCPercentFollowsLiveHeap checks that the percentage follows the live
// heap of each completed cycle: Go's default 100 once more than the
// headroom (64 MB) is live, more again when the heap shrinks.
func TestGCPercentFollowsLiveHeap(t *testing.T) {
	if os.Getenv("GOGC") != "" {
		t.Skip("GOGC is set: the user's setting stands")
	}
	if testing.Short() {
		t.Skip("allocates 96 MB")
	}
	newEnv(t)
	waitPercent := func(ok func(int) bool, what string) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for {
			runtime.GC()
			time.Sleep(20 * time.Millisecond)
			p := gcPercent()
			if ok(p) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("GC percent is %d, want %s", p, what)
			}
		}
	}
	big := make([][]byte, 96)
	for i := range big {
		big[i] = make([]byte, 1<<20)
	}
	waitPercent(func(p int) bool { return p == 100 }, "100 with 96 MB live")
	runtime.KeepAlive(big)
	big = nil
	waitPercent(func(p int) bool { return p > 100 }, "over 100 once the heap is small again")
}

// gcPercent reads the GC percentage without setting it (setting it would
// race with the tuner).
func gcPercent() int {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int(s[0].Value.Uint64())
}

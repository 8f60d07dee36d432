package threading_test

import (
	"os"
	"runtime"
	"runtime/debug"
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
		p := debug.SetGCPercent(-1)
		debug.SetGCPercent(p)
		if p > 100 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("GC percent is %d with a small live heap, want more than 100", p)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

package bench

import (
	"bytes"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"asyncvm/driver"
)

// BenchmarkPendingMemory runs the programs that hold a million suspended
// async calls at once (million.async: awaits of one TaskCompletionSource;
// whenall.async: a million yielding calls gathered by Task.WhenAll) and
// reports the peak live heap per pending call (live-B/call: the largest
// heap the collector found live, over the million). The collector runs with
// GOGC=10 here, so it looks whenever the heap has grown by a tenth and the
// figure is within about a tenth of the true peak; peak RSS under the
// default GOGC is measured on the command line (docs/benchmarks.md).
func BenchmarkPendingMemory(b *testing.B) {
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	for _, name := range []string{"million", "whenall"} {
		f := name + ".async"
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		for _, mode := range []string{"rt", "sm"} {
			b.Run(name+"/"+mode, func(b *testing.B) {
				var errb bytes.Buffer
				opts := driver.Options{Filename: f, Source: src, Mode: mode, Stderr: &errb}
				prog, ok := driver.Build(opts)
				if !ok {
					b.Fatalf("compile: %s", errb.String())
				}
				var peak uint64
				for i := 0; i < b.N; i++ {
					runtime.GC()
					base := heapLive()
					var out bytes.Buffer
					opts.Stdout = &out
					live := sampleLive(func() {
						if code := driver.Exec(prog, opts); code != 0 {
							b.Fatalf("exit %d: %s", code, errb.String())
						}
					})
					peak = max(peak, live-min(live, base))
				}
				b.ReportMetric(float64(peak)/1e6, "live-B/call")
			})
		}
	}
}

var liveSample = []metrics.Sample{{Name: "/gc/heap/live:bytes"}}

// heapLive is the live heap as of the last collection.
func heapLive() uint64 {
	s := append([]metrics.Sample(nil), liveSample...)
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// sampleLive runs f, sampling the heap every millisecond, and returns the
// largest live heap found by the collections that ran meanwhile.
func sampleLive(f func()) (live uint64) {
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			live = max(live, heapLive())
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	f()
	close(stop)
	wg.Wait()
	return live
}

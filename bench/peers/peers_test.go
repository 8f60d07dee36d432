package peers

import (
	"syscall"
	"testing"
)

// asyncDir holds the asyncvm programs whose `// expect:` lines the peers
// must reproduce.
const asyncDir = ".."

// TestWorkloads runs every peer version once and checks its result against
// the .async program's expectation.
func TestWorkloads(t *testing.T) {
	for _, w := range Workloads {
		want, err := w.Expected(asyncDir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range Engines {
			if e.Source(w) == "" {
				continue
			}
			t.Run(w.Name+"/"+e.Name, func(t *testing.T) {
				t.Parallel()
				r, err := e.New(w)
				if err != nil {
					t.Fatal(err)
				}
				defer r.Close()
				got, err := r.Run()
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Errorf("got %s, want %s", got, want)
				}
			})
		}
	}
}

// BenchmarkPeers runs each workload on each peer interpreter, as
// BenchmarkPeers/<workload>/<engine>. Besides ns/op and allocs/op it reports
// ns/call (fib: the time of one of fib(30)'s 2,692,537 calls) or ns/iter (loops:
// the time of one loop iteration). Every run's result is checked.
func BenchmarkPeers(b *testing.B) {
	for _, w := range Workloads {
		want, err := w.Expected(asyncDir)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(w.Name, func(b *testing.B) {
			for _, e := range Engines {
				if e.Source(w) == "" {
					continue
				}
				b.Run(e.Name, func(b *testing.B) {
					benchRunner(b, e, w, want)
				})
			}
		})
	}
}

func benchRunner(b *testing.B, e Engine, w Workload, want string) {
	r, err := e.New(w)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	b.ReportAllocs()
	runs := 0
	cpu0 := cpuTime()
	for b.Loop() {
		got, err := r.Run()
		if err != nil {
			b.Fatal(err)
		}
		if got != want {
			b.Fatalf("got %s, want %s", got, want)
		}
		runs++
	}
	cpu := float64(cpuTime() - cpu0)
	perRun := float64(b.Elapsed().Nanoseconds()) / float64(runs)
	b.ReportMetric(perRun/w.Units, w.Unit)
	// cpu-ns per unit: the CPU time of the process per call or iteration,
	// which a loaded machine disturbs less than the wall time (the main
	// module's benchmark reports the same metric).
	b.ReportMetric(cpu/float64(runs)/w.Units, "cpu-"+w.Unit)
}

// cpuTime is the user and system CPU time the process has used, in ns.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

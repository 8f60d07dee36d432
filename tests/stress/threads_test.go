package stress

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"asyncvm/driver"
)

var stressDuration = flag.Duration("stress.time", 3*time.Second, "how long TestThreadsLoseNoWork runs each program per model")

// exact lists programs whose threads synchronise correctly (Monitor, lock,
// Interlocked, Join), so every run must print exactly the expected line:
// any other output means a thread's work was lost or doubled.
//
// A program's static fields live in its compiled types, so a program that
// uses them is compiled afresh for every run (fresh); the others are
// compiled once and run by many machines at once.
var exact = []struct {
	name, src, want string
	fresh           bool
}{
	{"monitor_queue", `using System.Threading;
var q = new Queue<int>();
var gate = new object();
var ts = new Thread[3];
for (int k = 0; k < 3; k++) {
    ts[k] = new Thread(o => {
        int id = (int)o;
        for (int i = 0; i < 100; i++) {
            Monitor.Enter(gate);
            try { q.Enqueue(id * 1000 + i); } finally { Monitor.Exit(gate); }
        }
    });
    ts[k].Start(k);
}
foreach (var t in ts) t.Join();
var per = new int[3];
long sum = 0;
while (q.Count > 0) { int v = q.Dequeue(); per[v / 1000]++; sum += v; }
Console.WriteLine($"{per[0]} {per[1]} {per[2]} {sum}");`, "100 100 100 314850", false},
	{"static_init", staticInitProgram(40), "120 120", true},
	{"lock_interlocked", `using System.Threading;
var c = new Counter();
var ts = new List<Thread>();
for (int k = 0; k < 4; k++) {
    var t = new Thread(o => {
        var n = (int)o;
        for (int i = 0; i < 250; i++) {
            lock (c) { c.N += n; c.Items.Add(i); }
            Interlocked.Increment(ref c.Hits);
            Interlocked.Add(ref c.Total, n);
        }
    });
    ts.Add(t);
    t.Start(k + 1);
}
foreach (var t in ts) t.Join();
Console.WriteLine($"{c.N} {c.Items.Count} {c.Hits} {c.Total}");
class Counter { public int N; public int Hits; public long Total; public List<int> Items = new List<int>(); }`, "2500 1000 1000 2500", false},
	{"pool_and_threads", `using System.Threading;
using System.Threading.Tasks;
int done = 0;
var gate = new object();
var seen = new HashSet<int>();
var tasks = new List<Task>();
var ts = new List<Thread>();
for (int k = 0; k < 3; k++) {
    int kk = k;
    tasks.Add(Task.Run(() => { for (int i = 0; i < 50; i++) { Monitor.Enter(gate); seen.Add(kk * 100 + i); Monitor.Exit(gate); } Interlocked.Increment(ref done); }));
    var t = new Thread(o => { int b = (int)o; for (int i = 0; i < 50; i++) { lock (gate) seen.Add(b + i); } Interlocked.Increment(ref done); });
    ts.Add(t);
    t.Start(1000 + k * 100);
}
Task.WaitAll(tasks.ToArray());
foreach (var t in ts) t.Join();
Console.WriteLine($"{seen.Count} {done}");`, "300 6", false},
}

// TestThreadsLoseNoWork runs each exact program in both models for
// -stress.time (several runs at once, so the machines contend for the
// processors) and fails on the first run whose output differs.
func TestThreadsLoseNoWork(t *testing.T) {
	d := *stressDuration
	if testing.Short() {
		d /= 10
	}
	for _, p := range exact {
		for _, mode := range []string{"rt", "sm"} {
			t.Run(p.name+"/"+mode, func(t *testing.T) {
				opts := driver.Options{Filename: p.name + ".async", Source: []byte(p.src), Mode: mode, Stderr: io.Discard, Timeout: 30 * time.Second}
				prog, ok := driver.Build(opts)
				if !ok {
					t.Fatal("does not compile")
				}
				var runs, fails atomic.Int64
				var first atomic.Pointer[string]
				deadline := time.Now().Add(d / time.Duration(2*len(exact)))
				var wg sync.WaitGroup
				for g := 0; g < 3; g++ {
					wg.Add(1)
					go func() {
						defer wg.Done()
						for time.Now().Before(deadline) {
							var stdout, stderr bytes.Buffer
							o := opts
							o.Stdout, o.Stderr = &stdout, &stderr
							var code int
							if p.fresh {
								code = driver.Run(o)
							} else {
								code = driver.Exec(prog, o)
							}
							runs.Add(1)
							if got := strings.TrimSpace(stdout.String()); code != 0 || got != p.want {
								fails.Add(1)
								s := fmt.Sprintf("exit %d\nstdout: %s\nstderr: %s", code, got, stderr.String())
								first.CompareAndSwap(nil, &s)
							}
						}
					}()
				}
				wg.Wait()
				t.Logf("%d runs, %d failures", runs.Load(), fails.Load())
				if s := first.Load(); s != nil {
					t.Fatalf("%d of %d runs failed; the first: %s", fails.Load(), runs.Load(), *s)
				}
			})
		}
	}
}

// staticInitProgram returns a program whose three Threads, released
// together, each touch n static classes in turn, so their first uses race
// n times per run: each class must be initialised exactly once and keep
// every thread's work.
func staticInitProgram(n int) string {
	var b strings.Builder
	b.WriteString(`using System.Threading;
var ts = new Thread[3];
int ready = 0;
for (int k = 0; k < 3; k++) {
    ts[k] = new Thread(o => {
        int id = (int)o;
        Interlocked.Increment(ref ready);
        while (Volatile.Read(ref ready) < 3) Thread.Yield();
`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "        lock (S%d.Gate) { S%d.L.Add(id); Interlocked.Increment(ref S%d.Runs); }\n", i, i, i)
	}
	b.WriteString(`    });
    ts[k].Start(k);
}
foreach (var t in ts) t.Join();
int items = 0, runs = 0;
`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "items += S%d.L.Count; runs += S%d.Runs;\n", i, i)
	}
	b.WriteString("Console.WriteLine($\"{items} {runs}\");\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "static class S%d { public static readonly object Gate = new object(); public static List<int> L = new List<int>(); public static int Runs; }\n", i)
	}
	return b.String()
}

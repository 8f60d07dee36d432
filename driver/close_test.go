package driver

import (
	"bytes"
	"runtime"
	"testing"
	"time"
)

// closeProgram uses everything that holds state outside the machine's own
// objects: the pool (Task.Run, Parallel.For, QueueUserWorkItem), timers
// (Task.Delay, CancelAfter), Threads, Monitor, static fields and a large
// heap that must not outlive the run.
const closeProgram = `using System.Threading;
using System.Threading.Tasks;
var big = new List<int[]>();
for (int i = 0; i < 200; i++) big.Add(new int[1000]);
Holder.Keep = big;
var gate = new object();
int n = 0;
var ts = new List<Thread>();
for (int k = 0; k < 3; k++) {
    var t = new Thread(o => { for (int i = 0; i < 50; i++) lock (gate) n += (int)o; });
    ts.Add(t);
    t.Start(k + 1);
}
foreach (var t in ts) t.Join();
var tasks = new List<Task<int>>();
for (int k = 0; k < 8; k++) { int kk = k; tasks.Add(Task.Run(async () => { await Task.Delay(1); await Task.Yield(); return kk; })); }
int sum = (await Task.WhenAll(tasks)).Sum();
Parallel.For(0, 100, i => Interlocked.Add(ref n, 1));
var done = new ManualResetEventSlim();
ThreadPool.QueueUserWorkItem(_ => { lock (gate) n++; done.Set(); });
done.Wait();
var cts = new CancellationTokenSource();
cts.CancelAfter(60000);
var pending = Task.Delay(60000);
Console.WriteLine($"{n} {sum} {big.Count}");
static class Holder { public static object Keep; }
`

func liveHeap() uint64 {
	var ms runtime.MemStats
	for i := 0; i < 3; i++ {
		runtime.GC()
	}
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// settle waits for the goroutine count to fall to at most n and returns it.
func settle(n int) int {
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > n && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	return runtime.NumGoroutine()
}

// TestCloseReleasesMachines runs a program that uses the pool, timers and
// threads 50 times in one process: afterwards the live heap is within twice
// what it was after one run and no goroutine of any run is left.
func TestCloseReleasesMachines(t *testing.T) {
	run := func() {
		for _, mode := range []string{"rt", "sm"} {
			var out, errb bytes.Buffer
			code := Run(Options{Filename: "close.async", Source: []byte(closeProgram), Mode: mode, Stdout: &out, Stderr: &errb})
			if code != 0 || out.String() != "401 28 200\n" {
				t.Fatalf("%s: exit %d\nstdout: %s\nstderr: %s", mode, code, out.String(), errb.String())
			}
		}
	}
	baseG := runtime.NumGoroutine()
	run()
	g1 := settle(baseG)
	one := liveHeap()
	for i := 1; i < 50; i++ {
		run()
	}
	g50 := settle(baseG)
	fifty := liveHeap()
	t.Logf("goroutines: %d before, %d after one run, %d after 50; live heap: %d KB after one run, %d KB after 50",
		baseG, g1, g50, one>>10, fifty>>10)
	if g1 > baseG || g50 > baseG {
		buf := make([]byte, 1<<20)
		buf = buf[:runtime.Stack(buf, true)]
		t.Errorf("goroutines left behind: %d before, %d after one run, %d after 50\n%s", baseG, g1, g50, buf)
	}
	if fifty > 2*one {
		t.Errorf("live heap after 50 runs is %d KB, more than twice the %d KB after one", fifty>>10, one>>10)
	}
}

// TestCloseReleasesBlockedThreads ends programs that cannot finish (a
// deadlock, a timeout with threads blocked in Join, a lock and Task.Wait):
// Close releases their blocked goroutines too.
func TestCloseReleasesBlockedThreads(t *testing.T) {
	src := `using System.Threading;
using System.Threading.Tasks;
var gate = new object();
var never = new ManualResetEventSlim();
var tcs = new TaskCompletionSource<int>();
Monitor.Enter(gate);
var a = new Thread(() => { lock (gate) { } });
var b = new Thread(() => never.Wait());
var c = new Thread(() => tcs.Task.Wait());
var d = new Thread(() => { while (true) { } });
d.IsBackground = true;
a.Start(); b.Start(); c.Start(); d.Start();
Task.Run(() => tcs.Task.Result);
a.Join();
`
	base := runtime.NumGoroutine()
	for i := 0; i < 3; i++ {
		var out, errb bytes.Buffer
		code := Run(Options{Filename: "blocked.async", Source: []byte(src), Stdout: &out, Stderr: &errb, Timeout: 300 * time.Millisecond})
		if code != ExitRuntime {
			t.Fatalf("exit %d, want %d\nstderr: %s", code, ExitRuntime, errb.String())
		}
	}
	if g := settle(base); g > base {
		buf := make([]byte, 1<<20)
		buf = buf[:runtime.Stack(buf, true)]
		t.Errorf("goroutines left behind: %d before, %d after\n%s", base, g, buf)
	}
}

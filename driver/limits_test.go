package driver

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
	"time"

	"asyncvm/internal/race"
)

// runLimited runs src in mode under the given limits and returns the exit
// status, stderr and how long the run took.
func runLimited(t *testing.T, src, mode string, timeout time.Duration, maxSteps int64) (int, string, time.Duration) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	start := time.Now()
	code := Run(Options{Filename: "limits.async", Source: []byte(src), Mode: mode,
		Stdout: &stdout, Stderr: &stderr, Timeout: timeout, MaxSteps: maxSteps})
	return code, stderr.String(), time.Since(start)
}

// limitBound is how long a run stopped by a limit may take. The race
// detector slows the interpreter several times over: rt's Task.Yield loop
// takes 10 s of its 2M steps under -race on an idle 2-core machine, so
// there the bound is three times as long.
var limitBound = func() time.Duration {
	if race.Enabled {
		return 60 * time.Second
	}
	return 20 * time.Second
}()

// TestMaxSteps checks that --max-steps ends infinite loops, recursion-free
// and allocating ones alike, with exit status 1 and a clear message.
func TestMaxSteps(t *testing.T) {
	progs := map[string]string{
		"loop":        "while (true) { }",
		"strings":     `var s = ""; while (true) { s += "x"; if (s.Length > 1000) s = ""; }`,
		"lists":       `var l = new List<string>(); while (true) { l.Add("item" + l.Count); }`,
		"calls":       "static int F(int n) => n + 1;\nint i = 0; while (true) { i = F(i); }",
		"async_yield": "using System.Threading.Tasks;\nwhile (true) { await Task.Yield(); }",
		"do_while":    "int i = 0; do { i++; } while (i > 0);",
		"nested":      "long n = 0; do { int j = 0; do { j++; n++; } while (j < 3); } while (n > 0);",
		"do_while_await": "using System.Threading.Tasks;\nint i = 0; do { i += await One(); } while (i > 0);\n" +
			"static async Task<int> One() => 1;",
		"virtual_calls": "var b = new B(); int i = 0; do { i = b.F(i); } while (i > 0);\n" +
			"class B { public virtual int F(int n) => n + 1; }",
	}
	for name, src := range progs {
		for _, mode := range []string{"rt", "sm"} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				var before runtime.MemStats
				runtime.ReadMemStats(&before)
				code, stderr, d := runLimited(t, src, mode, 3*limitBound/2, 2_000_000)
				if code != ExitRuntime || !strings.Contains(stderr, "step limit of 2000000 instructions was exceeded") {
					t.Fatalf("exit %d, stderr %q", code, stderr)
				}
				if d > limitBound {
					t.Errorf("took %v", d)
				}
				var after runtime.MemStats
				runtime.ReadMemStats(&after)
				if grew := int64(after.HeapInuse) - int64(before.HeapInuse); grew > 512<<20 {
					t.Errorf("heap grew by %d MB", grew>>20)
				}
			})
		}
	}
}

// TestTimeout checks that --timeout ends a program that never finishes,
// spinning on the main thread or on several threads, soon after the limit.
func TestTimeout(t *testing.T) {
	progs := map[string]string{
		"loop":          "while (true) { }",
		"threads":       "using System.Threading;\nfor (int i = 0; i < 3; i++) new Thread(() => { while (true) { } }).Start();\nwhile (true) { }",
		"pool":          "using System.Threading.Tasks;\nawait Task.WhenAll(Task.Run(() => { while (true) { } }), Task.Run(() => { while (true) { } }));",
		"do_while":      "int i = 0; do { i++; } while (i > 0);",
		"nested":        "long n = 0; do { int j = 0; do { j++; } while (j < 3); n++; } while (n > 0);",
		"pool_do_while": "using System.Threading.Tasks;\nawait Task.Run(() => { int i = 0; do { i++; } while (i > 0); });",
	}
	for name, src := range progs {
		for _, mode := range []string{"rt", "sm"} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				code, stderr, d := runLimited(t, src, mode, 300*time.Millisecond, 0)
				if code != ExitRuntime || !strings.Contains(stderr, "did not finish within 300ms") {
					t.Fatalf("exit %d, stderr %q", code, stderr)
				}
				if d > 5*time.Second {
					t.Errorf("took %v", d)
				}
			})
		}
	}
}

// TestDeadlockReportedQuickly checks that a deadlock is reported (the
// detector needs about 300 ms; the bound here is loose so a loaded CI
// machine cannot fail it), and that a long Task.Delay is not mistaken for one.
func TestDeadlockReportedQuickly(t *testing.T) {
	for _, mode := range []string{"rt", "sm"} {
		code, stderr, d := runLimited(t, "using System.Threading.Tasks;\nawait new TaskCompletionSource().Task;", mode, 30*time.Second, 0)
		if code != ExitRuntime || !strings.HasPrefix(stderr, "deadlock:") {
			t.Fatalf("%s: exit %d, stderr %q", mode, code, stderr)
		}
		if d > 10*time.Second {
			t.Errorf("%s: deadlock reported after %v", mode, d)
		}
		code, stderr, _ = runLimited(t, "using System.Threading.Tasks;\nawait Task.Delay(800);\nawait Task.Delay(-1, new CancellationTokenSource(300).Token).ContinueWith(_ => 0);", mode, 30*time.Second, 0)
		if code != ExitOK {
			t.Fatalf("%s: exit %d, stderr %q", mode, code, stderr)
		}
	}
}

// TestDeadlockReportFollowsResumedChain checks that rt's deadlock report
// names the awaits where the chain is suspended now, after it was resumed
// and suspended again deeper (it used to name the first suspension only).
func TestDeadlockReportFollowsResumedChain(t *testing.T) {
	src := `using System.Threading.Tasks;
var tcs = new TaskCompletionSource<int>();
for (int i = 0; i < 3; i++) await Task.Yield();
Console.WriteLine(await G(tcs));
static async Task<int> G(TaskCompletionSource<int> tcs)
{
    await Task.Yield();
    return await H(tcs);
}
static async Task<int> H(TaskCompletionSource<int> tcs)
{
    await Task.Yield();
    return await tcs.Task;
}`
	code, stderr, _ := runLimited(t, src, "rt", 30*time.Second, 0)
	if code != ExitRuntime || !strings.HasPrefix(stderr, "deadlock:") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"line 13: return await tcs.Task;", "line 8: return await H(tcs);", "line 4: Console.WriteLine(await G(tcs));"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("report does not name %q:\n%s", want, stderr)
		}
	}
}

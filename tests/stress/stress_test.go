// Package stress runs racy programs many times: their output is
// unpredictable, but the VM must never crash (no Go panic, no internal
// error, no fatal runtime error) whatever the interleaving.
package stress

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"asyncvm/driver"
)

// racy lists programs that mutate shared Lists, Dictionaries and fields
// from Parallel.For, the pool and several threads without locks. .NET may
// throw from a torn List or Dictionary; asyncvm may too, but only as a .NET
// exception (exit 1), never as a crash of the VM.
var racy = map[string]string{
	"parallel_list": `using System.Threading.Tasks;
var l = new List<int>();
Parallel.For(0, 2000, i => { l.Add(i); if (l.Count > 100) l.RemoveAt(0); });
Console.WriteLine(l.Count >= 0);`,
	"parallel_dict": `using System.Threading.Tasks;
var d = new Dictionary<int, string>();
Parallel.For(0, 2000, i => { d[i % 50] = "v" + i; d.Remove((i + 7) % 50); d.TryGetValue(i % 13, out var s); });
Console.WriteLine(d.Count >= 0);`,
	"threads_fields": `using System.Threading;
var c = new Counter();
var ts = new List<Thread>();
for (int k = 0; k < 4; k++) {
    var t = new Thread(() => { for (int i = 0; i < 3000; i++) { c.N++; c.S = "s" + c.N; c.O = i % 2 == 0 ? (object)i : "x"; } });
    ts.Add(t);
    t.Start();
}
foreach (var t in ts) t.Join();
Console.WriteLine(c.N > 0 && c.S != null);
class Counter { public int N; public string S; public object O; }`,
	"threads_list_enumerate": `using System.Threading;
var l = new List<string>();
var w = new Thread(() => { for (int i = 0; i < 3000; i++) { l.Add("a" + i); if (l.Count > 50) l.Clear(); } });
w.Start();
int seen = 0;
for (int r = 0; r < 200; r++) { try { foreach (var s in l) seen += s.Length; } catch (InvalidOperationException) { } }
w.Join();
Console.WriteLine(seen >= 0);`,
	"tasks_dict_array": `using System.Threading.Tasks;
var d = new Dictionary<string, int>();
var arr = new int[16];
var tasks = new List<Task>();
for (int k = 0; k < 4; k++) {
    int kk = k;
    tasks.Add(Task.Run(async () => {
        for (int i = 0; i < 500; i++) {
            arr[i % 16] += kk;
            d["k" + (i % 20)] = i;
            if (i % 100 == 0) await Task.Yield();
        }
    }));
}
await Task.WhenAll(tasks);
Console.WriteLine(arr.Length);`,
	"threads_dict_grow": `using System.Threading;
var d = new Dictionary<string, int>();
var ts = new List<Thread>();
for (int k = 0; k < 3; k++) {
    int kk = k;
    var t = new Thread(() => {
        for (int i = 0; i < 3000; i++) {
            d["k" + kk + "_" + i] = i;
            if (i % 3 == 0) d.Remove("k" + kk + "_" + (i / 2));
            d.TryGetValue("k0_" + i, out var v);
            if (i % 500 == 0) d.Clear();
        }
    });
    ts.Add(t);
    t.Start();
}
int n = 0;
for (int r = 0; r < 100; r++) { try { foreach (var kv in d) n += kv.Value & 1; } catch (InvalidOperationException) { } }
foreach (var t in ts) t.Join();
Console.WriteLine(d.Count >= 0);`,
	"parallel_set_queue_stack": `using System.Threading.Tasks;
var s = new HashSet<int>();
var q = new Queue<string>();
var st = new Stack<object>();
Parallel.For(0, 3000, i => {
    s.Add(i % 97); s.Remove((i + 5) % 97); s.Contains(i % 11);
    q.Enqueue("q" + i); if (q.Count > 10) q.TryDequeue(out var x);
    st.Push(i % 2 == 0 ? (object)i : "s"); if (st.Count > 10) st.TryPop(out var y);
    if (i % 700 == 0) { s.Clear(); q.Clear(); st.Clear(); }
});
Console.WriteLine(s.Count >= 0 && q.Count >= 0 && st.Count >= 0);`,
	"threads_list_insert": `using System.Threading;
var l = new List<int>();
var ts = new List<Thread>();
for (int k = 0; k < 3; k++) {
    var t = new Thread(() => {
        for (int i = 0; i < 2000; i++) {
            l.Insert(0, i); l.Add(i);
            if (l.Count > 40) { l.RemoveAt(l.Count / 2); l.RemoveRange(0, 5); }
            if (i % 50 == 0) { l.Sort(); l.Reverse(); l.Capacity = l.Count + 3; }
            if (l.Count > 0) l[l.Count - 1] = l[0] + 1;
        }
    });
    ts.Add(t);
    t.Start();
}
foreach (var t in ts) t.Join();
Console.WriteLine(l.Count >= 0);`,
	"static_string_concat": `using System.Threading.Tasks;
Parallel.For(0, 1000, i => { P.S = P.S.Length > 200 ? "" : P.S + i; P.L.Add(P.S); if (P.L.Count > 20) P.L.Clear(); });
Console.WriteLine(P.S != null);
static class P { public static string S = ""; public static List<string> L = new List<string>(); }`,
}

// TestRacyProgramsNeverCrash runs each racy program many times in both
// modes (1,000 runs in total without -short).
func TestRacyProgramsNeverCrash(t *testing.T) {
	total := 1000
	if testing.Short() {
		total = 24
	}
	per := total / (2 * len(racy))
	if per < 1 {
		per = 1
	}
	for name, src := range racy {
		for _, mode := range []string{"rt", "sm"} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				for i := 0; i < per; i++ {
					var stdout, stderr bytes.Buffer
					code := driver.Run(driver.Options{Filename: name + ".async", Source: []byte(src), Mode: mode,
						Stdout: &stdout, Stderr: &stderr, Timeout: 30 * time.Second})
					out := stderr.String()
					bad := code == driver.ExitCompile || code == 70 || strings.Contains(out, "internal error") ||
						strings.Contains(out, "did not finish") || strings.Contains(out, "deadlock")
					if code == driver.ExitOK && strings.TrimSpace(stdout.String()) != "True" && strings.TrimSpace(stdout.String()) != "16" {
						bad = true
					}
					if code == driver.ExitRuntime && !strings.HasPrefix(out, "Unhandled exception. System.") {
						bad = true
					}
					if bad {
						t.Fatalf("run %d: exit %d\nstdout: %s\nstderr: %s", i, code, stdout.String(), out)
					}
				}
			})
		}
	}
}

package driver

import (
	"bytes"
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"asyncvm/vm"
)

const asyncFib = `using System;
using System.Threading.Tasks;
class Program {
    static async Task<int> Fib(int n) { if (n < 2) return n; return await Fib(n - 1) + await Fib(n - 2); }
    static async Task Main() { Console.WriteLine(await Fib(25)); }
}`

// TestStatsAsyncFibNeverSuspends checks the pay-for-play promise of rt: an
// async fib(25) that never suspends allocates no continuation and makes one
// task (the entry thunk's).
func TestStatsAsyncFibNeverSuspends(t *testing.T) {
	var out, errb bytes.Buffer
	code := Run(Options{Filename: "fib.async", Source: []byte(asyncFib), Mode: "rt", Stdout: &out, Stderr: &errb, Stats: true})
	if code != 0 || out.String() != "75025\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
	var s vm.Stats
	line := strings.TrimSpace(errb.String())
	if err := json.Unmarshal([]byte(line), &s); err != nil {
		t.Fatalf("stats line %q: %v", line, err)
	}
	if s.Continuations != 0 || s.Suspensions != 0 || s.Tasks != 1 {
		t.Errorf("continuations %d, suspensions %d, tasks %d; want 0, 0, 1", s.Continuations, s.Suspensions, s.Tasks)
	}
	if s.AsyncCalls < 242785 {
		t.Errorf("async_calls %d, want at least the 242785 calls of fib(25)", s.AsyncCalls)
	}
	for _, field := range []string{"instructions", "calls", "async_calls", "suspensions", "continuations", "tasks",
		"state_machine_boxes", "ec_captures", "ec_restores", "pool_items", "heap_bytes", "heap_allocs"} {
		if !strings.Contains(line, `"`+field+`":`) {
			t.Errorf("stats line lacks %q: %s", field, line)
		}
	}
}

// TestAsyncCallChainAllocatesNothing runs a non-suspending async call chain
// on a prepared thread and requires zero allocations per call.
func TestAsyncCallChainAllocatesNothing(t *testing.T) {
	src := `using System.Threading.Tasks;
class Program {
    static async Task<int> Leaf(int n) => n + 1;
    static async Task<int> Mid(int n) => await Leaf(n) * 2;
    static async Task<int> Top(int n) { int s = 0; for (int i = 0; i < 100; i++) s += await Mid(i); return s; }
    static int Run() => Top(1).Result;
    static void Main() { }
}`
	var errb bytes.Buffer
	prog, ok := Build(Options{Filename: "chain.async", Source: []byte(src), Mode: "rt", Stderr: &errb})
	if !ok {
		t.Fatal(errb.String())
	}
	m := vm.NewMachine(prog, &bytes.Buffer{}, &errb)
	th := m.NewThread()
	var top *vm.Func
	for _, f := range prog.Funcs {
		if f.Name == "Top" {
			top = f
		}
	}
	call := func() {
		v, err := th.Invoke(top, vm.Null, []vm.Value{vm.Int(1)})
		if err != nil {
			t.Fatal(err)
		}
		if r, _ := v.AsTask().Result(); r.AsInt() != 10100 {
			t.Fatalf("result %v", r.AsInt())
		}
	}
	call()
	// One run makes 200 async calls; the only allocations allowed are the
	// entry's: the argument slice, and the entry thunk's Task and its object.
	if n := testing.AllocsPerRun(50, call); n > 3 {
		t.Errorf("%v allocations per run of 200 non-suspending async calls; want at most 3 (entry only)", n)
	}
}

// TestSuspendedFrameSize measures the heap held per suspended rt frame: 1,000
// chains of 10 async frames wait on one TaskCompletionSource. The issue's
// bound is 128 bytes plus 16 per live register (at most 2 here), plus the
// root's Task shared by the chain's frames.
func TestSuspendedFrameSize(t *testing.T) {
	src := `using System.Collections.Generic;
using System.Threading.Tasks;
class Program {
    static TaskCompletionSource<int> Gate = new TaskCompletionSource<int>();
    static List<Task<int>> Pending = new List<Task<int>>(1000);
    static async Task<int> F(int d) { if (d == 0) return await Gate.Task; return await F(d - 1) + 1; }
    static void Suspend() { for (int i = 0; i < 1000; i++) Pending.Add(F(9)); }
    static int Finish() { Gate.SetResult(1); int s = 0; foreach (var t in Pending) s += t.Result; return s; }
    static void Main() { }
}`
	var errb bytes.Buffer
	prog, ok := Build(Options{Filename: "frames.async", Source: []byte(src), Mode: "rt", Stderr: &errb})
	if !ok {
		t.Fatal(errb.String())
	}
	m := vm.NewMachine(prog, &bytes.Buffer{}, &errb)
	th := m.NewThread()
	find := func(name string) *vm.Func {
		for _, f := range prog.Funcs {
			if f.Name == name && f.Owner != nil && f.Owner.Name == "Program" { // the prelude has methods of these names too
				return f
			}
		}
		t.Fatalf("no Program.%s", name)
		return nil
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if _, err := th.Invoke(find("Suspend"), vm.Null, nil); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	frames := 1000 * 10
	perFrame := float64(after.HeapAlloc-before.HeapAlloc) / float64(frames)
	t.Logf("%.0f bytes held per suspended frame (%d frames in %d chains)", perFrame, frames, 1000)
	if perFrame > 128+2*16+32 {
		t.Errorf("%.0f bytes per suspended frame; want at most 128 + 16 per live register (+ the chain's task)", perFrame)
	}
	v, err := th.Invoke(find("Finish"), vm.Null, nil)
	if err != nil || v.AsInt() != 10000 {
		t.Fatalf("Finish = %v, %v; want 10000", v.AsInt(), err)
	}
}

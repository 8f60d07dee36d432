package threading_test

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"asyncvm/vm"
	"asyncvm/vm/threading"
)

func TestPoolUnderBlocking(t *testing.T) {
	e := newEnv(t)
	n := runtime.NumCPU()
	if n < 2 {
		n = 2
	}
	total := n + 5
	ev := must(t)(static(t, e.main, "System.Threading.ManualResetEventSlim", ".ctor"))
	done := must(t)(static(t, e.main, "System.Threading.CountdownEvent", ".ctor", vm.Int(int32(total))))
	var started atomic.Int32
	for i := 0; i < total; i++ {
		cb := delegate(1, func(w *vm.Thread, args []vm.Value) (vm.Value, error) {
			if started.Add(1) == int32(total) {
				must(t)(method(t, w, ev, "Set"))
			} else {
				must(t)(method(t, w, ev, "Wait"))
			}
			return method(t, w, done, "Signal")
		})
		must(t)(static(t, e.main, "System.Threading.ThreadPool", "QueueUserWorkItem", cb))
	}
	ok := must(t)(method(t, e.main, done, "Wait", vm.Int(10000)))
	if !ok.AsBool() {
		t.Fatalf("pool starved: %d of %d items started", started.Load(), total)
	}
}

func TestStealing(t *testing.T) {
	e := newEnv(t)
	const inner = 16
	var ran atomic.Int32
	var owner atomic.Pointer[vm.Thread]
	var foreign atomic.Int32
	outer := action(func(w *vm.Thread) {
		owner.Store(w)
		for i := 0; i < inner; i++ {
			static(t, w, "System.Threading.Tasks.Task", "Run", action(func(x *vm.Thread) {
				if x != owner.Load() {
					foreign.Add(1)
				}
				ran.Add(1)
			}))
		}
		// Stay busy without blocking: only stealing can run the items.
		deadline := time.Now().Add(10 * time.Second)
		for ran.Load() < inner && time.Now().Before(deadline) {
			runtime.Gosched()
		}
	})
	tk := must(t)(static(t, e.main, "System.Threading.Tasks.Task", "Run", outer))
	must(t)(method(t, e.main, tk, "Wait"))
	if ran.Load() != inner || foreign.Load() != inner {
		t.Fatalf("ran %d, stolen %d, want %d", ran.Load(), foreign.Load(), inner)
	}
}

// TestContextFlow checks every row of the "where contexts flow" table that
// does not need await.
func TestContextFlow(t *testing.T) {
	e := newEnv(t)
	l := newLocal(t, e, vm.TInt, vm.Null)
	setLocal(t, e.main, l, 42)
	seen := func(start func(body vm.Value)) int32 {
		ch := make(chan int32, 1)
		start(action(func(w *vm.Thread) { ch <- getLocal(t, w, l) }))
		select {
		case v := <-ch:
			return v
		case <-time.After(10 * time.Second):
			t.Fatal("work never ran")
			return -1
		}
	}
	newThread := func(body vm.Value) vm.Value {
		return must(t)(static(t, e.main, "System.Threading.Thread", ".ctor", body))
	}
	rows := []struct {
		name  string
		start func(body vm.Value)
		want  int32
	}{
		{"Thread.Start", func(b vm.Value) { must(t)(method(t, e.main, newThread(b), "Start")) }, 42},
		{"Thread.UnsafeStart", func(b vm.Value) { must(t)(method(t, e.main, newThread(b), "UnsafeStart")) }, 0},
		{"QueueUserWorkItem", func(b vm.Value) {
			must(t)(static(t, e.main, "System.Threading.ThreadPool", "QueueUserWorkItem", b))
		}, 42},
		{"UnsafeQueueUserWorkItem", func(b vm.Value) {
			must(t)(static(t, e.main, "System.Threading.ThreadPool", "UnsafeQueueUserWorkItem", b, vm.Null))
		}, 0},
		{"Task.Run", func(b vm.Value) {
			tk := must(t)(static(t, e.main, "System.Threading.Tasks.Task", "Run", b))
			must(t)(method(t, e.main, tk, "Wait"))
		}, 42},
		{"Task.Factory.StartNew", func(b vm.Value) {
			f := must(t)(static(t, e.main, "System.Threading.Tasks.Task", "get_Factory"))
			must(t)(method(t, e.main, f, "StartNew", b))
		}, 42},
		{"Task.Run suppressed", func(b vm.Value) {
			afc := must(t)(static(t, e.main, "System.Threading.ExecutionContext", "SuppressFlow"))
			tk := must(t)(static(t, e.main, "System.Threading.Tasks.Task", "Run", b))
			must(t)(method(t, e.main, afc, "Undo"))
			must(t)(method(t, e.main, tk, "Wait"))
		}, 0},
		{"Thread.Start suppressed", func(b vm.Value) {
			afc := must(t)(static(t, e.main, "System.Threading.ExecutionContext", "SuppressFlow"))
			must(t)(method(t, e.main, newThread(b), "Start"))
			must(t)(method(t, e.main, afc, "Dispose"))
		}, 0},
	}
	for _, r := range rows {
		if got := seen(r.start); got != r.want {
			t.Errorf("%s: saw %d, want %d", r.name, got, r.want)
		}
	}

	// Start captures at Start, not at construction.
	ch := make(chan int32, 1)
	th := newThread(action(func(w *vm.Thread) { ch <- getLocal(t, w, l) }))
	setLocal(t, e.main, l, 7)
	must(t)(method(t, e.main, th, "Start"))
	if v := <-ch; v != 7 {
		t.Errorf("Thread captured at construction: saw %d, want 7", v)
	}
	must(t)(method(t, e.main, th, "Join"))
	threading.WaitForeground(e.m)
}

func TestCaptureRun(t *testing.T) {
	e := newEnv(t)
	l := newLocal(t, e, vm.TInt, vm.Null)
	setLocal(t, e.main, l, 1)
	ec := must(t)(static(t, e.main, "System.Threading.ExecutionContext", "Capture"))
	setLocal(t, e.main, l, 2)
	var inside int32
	cb := delegate(1, func(w *vm.Thread, args []vm.Value) (vm.Value, error) {
		inside = getLocal(t, w, l)
		setLocal(t, w, l, 99)
		return vm.Null, w.Throw("System.InvalidOperationException", "boom")
	})
	_, err := static(t, e.main, "System.Threading.ExecutionContext", "Run", ec, cb, vm.Null)
	if err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("Run error = %v", err)
	}
	if inside != 1 || getLocal(t, e.main, l) != 2 {
		t.Fatalf("inside %d after %d, want 1 and 2", inside, getLocal(t, e.main, l))
	}
	_, err = static(t, e.main, "System.Threading.ExecutionContext", "Run", vm.Null, cb, vm.Null)
	if err == nil || err.Error() != "System.InvalidOperationException: Cannot call Set on a null context" {
		t.Fatalf("Run(null) error = %v", err)
	}
	afc := must(t)(static(t, e.main, "System.Threading.ExecutionContext", "SuppressFlow"))
	if v := must(t)(static(t, e.main, "System.Threading.ExecutionContext", "Capture")); !v.IsNull() {
		t.Fatal("Capture while suppressed is not null")
	}
	// Undo on another thread fails.
	errc := make(chan error, 1)
	th := must(t)(static(t, e.main, "System.Threading.Thread", ".ctor", action(func(w *vm.Thread) {
		_, err := method(t, w, afc, "Undo")
		errc <- err
	})))
	must(t)(method(t, e.main, th, "Start"))
	if err := <-errc; err == nil || !strings.Contains(err.Error(), "AsyncFlowControl object must be used on the thread where it was created.") {
		t.Fatalf("Undo on another thread: %v", err)
	}
	must(t)(method(t, e.main, afc, "Undo"))
	if _, err := static(t, e.main, "System.Threading.ExecutionContext", "RestoreFlow"); err == nil ||
		!strings.Contains(err.Error(), "Cannot restore context flow when it is not suppressed.") {
		t.Fatalf("RestoreFlow: %v", err)
	}
	threading.WaitForeground(e.m)
}

func TestQueueUserWorkItemNotifications(t *testing.T) {
	e := newEnv(t)
	var mu sync.Mutex
	var log []string
	handler := delegate(1, func(w *vm.Thread, args []vm.Value) (vm.Value, error) {
		a := args[0]
		prev := must(t)(method(t, w, a, "get_PreviousValue")).AsInt()
		cur := must(t)(method(t, w, a, "get_CurrentValue")).AsInt()
		changed := must(t)(method(t, w, a, "get_ThreadContextChanged")).AsBool()
		where := "main"
		if w != e.main {
			where = "worker"
		}
		mu.Lock()
		log = append(log, fmt.Sprintf("%s %d->%d %v", where, prev, cur, changed))
		mu.Unlock()
		return vm.Null, nil
	})
	l := newLocal(t, e, vm.TInt, handler)
	setLocal(t, e.main, l, 5)
	setLocal(t, e.main, l, 5) // value types box per assignment: notifies again
	done := make(chan struct{})
	must(t)(static(t, e.main, "System.Threading.ThreadPool", "QueueUserWorkItem", delegate(1, func(w *vm.Thread, args []vm.Value) (vm.Value, error) {
		mu.Lock()
		log = append(log, fmt.Sprintf("item sees %d", getLocal(t, w, l)))
		mu.Unlock()
		return vm.Null, nil
	})))
	// A second, unsafe item after the first tells us the worker went back
	// to Default: it is queued once the first notifications are in.
	deadline := time.Now().Add(10 * time.Second)
	for {
		mu.Lock()
		n := len(log)
		mu.Unlock()
		if n >= 5 || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	close(done)
	mu.Lock()
	defer mu.Unlock()
	want := []string{"main 0->5 false", "main 5->5 false", "worker 0->5 true", "item sees 5", "worker 5->0 true"}
	if strings.Join(log, "|") != strings.Join(want, "|") {
		t.Fatalf("log:\n%s\nwant:\n%s", strings.Join(log, "\n"), strings.Join(want, "\n"))
	}
}

func TestTCSInlineAndAsync(t *testing.T) {
	e := newEnv(t)
	for _, async := range []bool{false, true} {
		args := []vm.Value{vm.TypeObject(vm.TInt)}
		if async {
			args = append(args, vm.EnumValue(threading.TTaskCreationOptions, 64))
		}
		src := must(t)(static(t, e.main, "System.Threading.Tasks.TaskCompletionSource", ".ctor", args...))
		tk := must(t)(method(t, e.main, src, "get_Task")).AsTask()
		ran := make(chan *vm.Thread, 1)
		tk.OnCompleted(e.main, func(w *vm.Thread) { ran <- w })
		must(t)(method(t, e.main, src, "SetResult", vm.Int(3)))
		w := <-ran
		if inline := w == e.main; inline == async {
			t.Errorf("async=%v: continuation inline=%v", async, inline)
		}
		_, err := method(t, e.main, src, "SetResult", vm.Int(4))
		if err == nil || !strings.Contains(err.Error(), "An attempt was made to transition a task to a final state when it had already completed.") {
			t.Errorf("second SetResult: %v", err)
		}
		if r := must(t)(method(t, e.main, vm.TaskValue(tk), "get_Result")); r.AsInt() != 3 {
			t.Errorf("Result = %v", r.AsInt())
		}
	}
}

func TestWhenAllFailures(t *testing.T) {
	e := newEnv(t)
	fail := func(msg string) vm.Value {
		exc := e.m.NewException("System.InvalidOperationException", msg)
		return must(t)(static(t, e.main, "System.Threading.Tasks.Task", "FromException", vm.Ref(exc)))
	}
	ok := must(t)(static(t, e.main, "System.Threading.Tasks.Task", "FromResult", vm.Int(1)))
	all := must(t)(static(t, e.main, "System.Threading.Tasks.Task", "WhenAll", fail("first"), ok, fail("second")))
	_, err := method(t, e.main, all, "Wait")
	if err == nil || err.Error() != "System.AggregateException: One or more errors occurred. (first) (second)" {
		t.Fatalf("Wait: %v", err)
	}
	aw := must(t)(method(t, e.main, all, "GetAwaiter"))
	if _, err := method(t, e.main, aw, "GetResult"); err == nil || err.Error() != "System.InvalidOperationException: first" {
		t.Fatalf("GetResult: %v", err)
	}
	st := must(t)(method(t, e.main, all, "get_Status"))
	if s, _ := e.main.ToString(st); s != "Faulted" {
		t.Fatalf("Status = %q", s)
	}
	ints := must(t)(static(t, e.main, "System.Threading.Tasks.Task", "WhenAll", ok, ok))
	r := must(t)(method(t, e.main, ints, "get_Result")).AsArray()
	if r == nil || len(r.V) != 2 || r.V[1].AsInt() != 1 || r.Elem != vm.TInt {
		t.Fatalf("WhenAll results = %v", r)
	}
}

func TestDelayAndCancellation(t *testing.T) {
	e := newEnv(t)
	start := time.Now()
	d := must(t)(static(t, e.main, "System.Threading.Tasks.Task", "Delay", vm.Int(30)))
	must(t)(method(t, e.main, d, "Wait"))
	if time.Since(start) < 25*time.Millisecond {
		t.Fatal("Delay returned early")
	}
	cts := must(t)(static(t, e.main, "System.Threading.CancellationTokenSource", ".ctor"))
	tok := must(t)(method(t, e.main, cts, "get_Token"))
	d = must(t)(static(t, e.main, "System.Threading.Tasks.Task", "Delay", vm.Int(-1), tok))
	must(t)(method(t, e.main, cts, "Cancel"))
	_, err := method(t, e.main, d, "Wait")
	if err == nil || err.Error() != "System.AggregateException: One or more errors occurred. (A task was canceled.)" {
		t.Fatalf("canceled Delay Wait: %v", err)
	}
	if _, err := method(t, e.main, tok, "ThrowIfCancellationRequested"); err == nil || err.Error() != "System.OperationCanceledException: The operation was canceled." {
		t.Fatalf("ThrowIfCancellationRequested: %v", err)
	}
	if s, _ := e.main.ToString(must(t)(method(t, e.main, d, "get_Status"))); s != "Canceled" {
		t.Fatalf("status %s", s)
	}
}

func TestTaskRunUnwrapAndResult(t *testing.T) {
	e := newEnv(t)
	inner := delegate(0, func(w *vm.Thread, args []vm.Value) (vm.Value, error) {
		return static(t, w, "System.Threading.Tasks.Task", "FromResult", vm.Int(9))
	})
	tk := must(t)(static(t, e.main, "System.Threading.Tasks.Task", "Run", inner))
	if r := must(t)(method(t, e.main, tk, "get_Result")); r.AsInt() != 9 {
		t.Fatalf("unwrapped result %v", r)
	}
	if s, _ := e.main.ToString(must(t)(method(t, e.main, tk, "get_Status"))); s != "RanToCompletion" {
		t.Fatalf("status %s", s)
	}
	cont := must(t)(method(t, e.main, tk, "ContinueWith", delegate(1, func(w *vm.Thread, args []vm.Value) (vm.Value, error) {
		r, err := method(t, w, args[0], "get_Result")
		return vm.Int(r.AsInt() + 1), err
	})))
	if r := must(t)(method(t, e.main, cont, "get_Result")); r.AsInt() != 10 {
		t.Fatalf("ContinueWith result %v", r)
	}
}

func TestInterlockedAndMonitor(t *testing.T) {
	e := newEnv(t)
	box := vm.Ref(vm.NewBox(vm.Int(0)))
	lockObj := vm.String("lock")
	plain := vm.NewBox(vm.Int(0))
	const per, threads = 500, 4
	tasks := make([]vm.Value, threads)
	for i := range tasks {
		tasks[i] = must(t)(static(t, e.main, "System.Threading.Tasks.Task", "Run", action(func(w *vm.Thread) {
			for j := 0; j < per; j++ {
				must(t)(static(t, w, "System.Threading.Interlocked", "Increment", box))
				must(t)(static(t, w, "System.Threading.Monitor", "Enter", lockObj))
				must(t)(static(t, w, "System.Threading.Monitor", "Enter", lockObj)) // reentrant
				plain.V = vm.Int(plain.V.AsInt() + 1)
				must(t)(static(t, w, "System.Threading.Monitor", "Exit", lockObj))
				must(t)(static(t, w, "System.Threading.Monitor", "Exit", lockObj))
			}
		})))
	}
	must(t)(static(t, e.main, "System.Threading.Tasks.Task", "WaitAll", tasks...))
	if got := vm.LoadRef(box).AsInt(); got != per*threads {
		t.Fatalf("Interlocked count %d", got)
	}
	if got := plain.V.AsInt(); got != per*threads {
		t.Fatalf("locked count %d", got)
	}
	if _, err := static(t, e.main, "System.Threading.Monitor", "Exit", lockObj); err == nil {
		t.Fatal("Exit without Enter did not throw")
	}
	old := must(t)(static(t, e.main, "System.Threading.Interlocked", "CompareExchange", box, vm.Int(5), vm.Int(per*threads)))
	if old.AsInt() != per*threads || vm.LoadRef(box).AsInt() != 5 {
		t.Fatal("CompareExchange")
	}
}

func TestParallelAndConcurrent(t *testing.T) {
	e := newEnv(t)
	dict := must(t)(static(t, e.main, "System.Collections.Concurrent.ConcurrentDictionary", ".ctor"))
	body := delegate(1, func(w *vm.Thread, args []vm.Value) (vm.Value, error) {
		i := args[0].AsInt()
		_, err := method(t, w, dict, "TryAdd", vm.Int(i%50), vm.Int(i))
		return vm.Null, err
	})
	res := must(t)(static(t, e.main, "System.Threading.Tasks.Parallel", "For", vm.Int(0), vm.Int(1000), body))
	if !must(t)(method(t, e.main, res, "get_IsCompleted")).AsBool() {
		t.Fatal("loop not completed")
	}
	if n := must(t)(method(t, e.main, dict, "get_Count")).AsInt(); n != 50 {
		t.Fatalf("Count = %d", n)
	}
	out := vm.Ref(vm.NewBox(vm.Int(0)))
	if !must(t)(method(t, e.main, dict, "TryGetValue", vm.Int(7), out)).AsBool() || vm.LoadRef(out).AsInt()%50 != 7 {
		t.Fatal("TryGetValue")
	}
	bad := delegate(1, func(w *vm.Thread, args []vm.Value) (vm.Value, error) {
		if args[0].AsInt() == 3 {
			return vm.Null, w.Throw("System.InvalidOperationException", "three")
		}
		return vm.Null, nil
	})
	_, err := static(t, e.main, "System.Threading.Tasks.Parallel", "For", vm.Int(0), vm.Int(10), bad)
	if err == nil || err.Error() != "System.AggregateException: One or more errors occurred. (three)" {
		t.Fatalf("Parallel.For error %v", err)
	}
	q := must(t)(static(t, e.main, "System.Collections.Concurrent.ConcurrentQueue", ".ctor"))
	must(t)(method(t, e.main, q, "Enqueue", vm.Int(1)))
	must(t)(method(t, e.main, q, "Enqueue", vm.Int(2)))
	if !must(t)(method(t, e.main, q, "TryDequeue", out)).AsBool() || vm.LoadRef(out).AsInt() != 1 {
		t.Fatal("TryDequeue")
	}
}

func TestUnhandledOnThreadCrashes(t *testing.T) {
	e := newEnv(t)
	th := must(t)(static(t, e.main, "System.Threading.Thread", ".ctor", delegate(0, func(w *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Null, w.Throw("System.InvalidOperationException", "bad")
	})))
	must(t)(method(t, e.main, th, "Start"))
	threading.WaitForeground(e.m)
	select {
	case <-e.m.Crashed():
	case <-time.After(5 * time.Second):
		t.Fatal("no crash")
	}
	if err := e.m.CrashErr(); err == nil || err.Error() != "System.InvalidOperationException: bad" {
		t.Fatalf("crash %v", err)
	}
}

func TestFailFastOnSwitch(t *testing.T) {
	e := newEnv(t)
	handler := delegate(1, func(w *vm.Thread, args []vm.Value) (vm.Value, error) {
		if must(t)(method(t, w, args[0], "get_ThreadContextChanged")).AsBool() {
			return vm.Null, w.Throw("System.InvalidOperationException", "handler")
		}
		return vm.Null, nil
	})
	l := newLocal(t, e, vm.TInt, handler)
	setLocal(t, e.main, l, 1)
	must(t)(static(t, e.main, "System.Threading.ThreadPool", "QueueUserWorkItem", action(func(*vm.Thread) {})))
	select {
	case <-e.m.Crashed():
	case <-time.After(5 * time.Second):
		t.Fatal("no fail-fast")
	}
	f, ok := e.m.CrashErr().(*vm.Fatal)
	if !ok || !strings.HasPrefix(f.Msg, "An exception was not handled in an AsyncLocal<T> notification callback.\nSystem.InvalidOperationException: handler") || f.Code == 0 {
		t.Fatalf("crash %#v", e.m.CrashErr())
	}
}

package threading_test

import (
	"math"
	"syscall"
	"testing"

	"asyncvm/vm"
	"asyncvm/vm/threading"
)

// spin is a CPU-bound loop body.
func spin(i int32) float64 {
	s := 0.0
	for k := 0; k < 20000; k++ {
		s += math.Sqrt(float64(k) + float64(i))
	}
	return s
}

func cpuBody() vm.Value {
	return delegate(1, func(w *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Double(spin(args[0].AsInt())), nil
	})
}

const loopN = 256

// BenchmarkParallelFor runs Parallel.For over a CPU-bound body; compare
// with BenchmarkSequentialFor (target: at least 1.7x faster on 2 cores).
func BenchmarkParallelFor(b *testing.B) {
	e := newEnv(b)
	body := cpuBody()
	for i := 0; i < b.N; i++ {
		must(b)(static(b, e.main, "System.Threading.Tasks.Parallel", "For", vm.Int(0), vm.Int(loopN), body))
	}
}

// BenchmarkSequentialFor is the same loop on one thread.
func BenchmarkSequentialFor(b *testing.B) {
	e := newEnv(b)
	body := cpuBody()
	for i := 0; i < b.N; i++ {
		for j := int32(0); j < loopN; j++ {
			must(b)(e.main.CallValue(body, []vm.Value{vm.Int(j)}))
		}
	}
}

func benchTaskRun(b *testing.B, withLocal bool) {
	e := newEnv(b)
	if withLocal {
		l := newLocal(b, e, vm.TInt, vm.Null)
		setLocal(b, e.main, l, 1)
	}
	noop := delegate(0, func(w *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Null, nil })
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tk := must(b)(static(b, e.main, "System.Threading.Tasks.Task", "Run", noop))
		must(b)(method(b, e.main, tk, "Wait"))
	}
}

// BenchmarkTaskRun is a Task.Run round trip (queue, run, Wait) on Default.
func BenchmarkTaskRun(b *testing.B) { benchTaskRun(b, false) }

// BenchmarkTaskRunAsyncLocal is the same with an AsyncLocal set, so the
// worker switches context in and out.
func BenchmarkTaskRunAsyncLocal(b *testing.B) { benchTaskRun(b, true) }

// hopChain queues an item from a pool worker that queues the next one from
// its worker, n times (what a Task.Yield loop does to the pool), and waits
// for the last. Only the pool's own cost is measured: no VM code runs.
func hopChain(b *testing.B, p *threading.Pool, n int) {
	done := make(chan struct{})
	left := n
	var hop func(t *vm.Thread)
	hop = func(t *vm.Thread) {
		if left--; left == 0 {
			close(done)
			return
		}
		p.QueueFrom(t, hop)
	}
	p.Queue(hop)
	<-done
}

// BenchmarkPoolHop is one hop of a sequential chain of pool items, each
// queued by the previous one from its worker (a Task.Yield loop's pool
// round trip); cores is the process's CPU time over wall time (target: a
// sequential chain keeps at most 1.2 cores busy).
func BenchmarkPoolHop(b *testing.B) {
	e := newEnv(b)
	p := threading.PoolOf(e.m)
	hopChain(b, p, 1000)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	hopChain(b, p, b.N)
	b.StopTimer()
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.Elapsed().Nanoseconds()), "cores")
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
}

// BenchmarkPoolQueueOutside is an item queued from outside the pool (the
// global queue) and waited for.
func BenchmarkPoolQueueOutside(b *testing.B) {
	e := newEnv(b)
	p := threading.PoolOf(e.m)
	done := make(chan struct{}, 1)
	item := func(*vm.Thread) { done <- struct{}{} }
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Queue(item)
		<-done
	}
}

// cpuTime is the user and system CPU time the process has used, in ns.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

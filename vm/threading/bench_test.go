package threading_test

import (
	"math"
	"testing"

	"asyncvm/vm"
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

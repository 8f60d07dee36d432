package benchrun

import (
	"testing"
	"time"

	"asyncvm/lang"
)

const discoverSrc = `using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
namespace N;
[MemoryDiagnoser]
[BenchmarkCategory("outer")]
public class A
{
    const int Ops = 16;
    [GlobalSetup] public void Init() { }
    [GlobalCleanup] public void Done() { }
    [Benchmark(Baseline = true, Description = "base")] public int One() => 1;
    [Benchmark(OperationsPerInvoke = Ops), BenchmarkCategory("inner")] public async Task Two() { await Task.Yield(); }
    [BenchmarkDotNet.Attributes.BenchmarkAttribute(OperationsPerInvoke = 4)] public ValueTask Three() => default;
    public void NotABenchmark() { }
    public class Nested { [Benchmark] public void Four() { } }
}
public class NoBenchmarks { public void F() { } }
`

func TestDiscover(t *testing.T) {
	f, diags := lang.Parse("d.async", []byte(discoverSrc))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	cs := Discover(f)
	if len(cs) != 2 || cs[0].Name != "A.Nested" || cs[1].Name != "A" {
		var names []string
		for _, c := range cs {
			names = append(names, c.Name)
		}
		t.Fatalf("classes %v, want [A.Nested A]", names)
	}
	a := cs[1]
	if a.Setup != "Init" || a.Cleanup != "Done" || a.Namespace != "N" || len(a.Benchmarks) != 3 {
		t.Fatalf("class A: %+v", a)
	}
	one, two, three := a.Benchmarks[0], a.Benchmarks[1], a.Benchmarks[2]
	if !one.Baseline || one.Async || one.Category != "outer" || one.OpsPerInvoke != 1 || one.Description != "base" {
		t.Errorf("One: %+v", one)
	}
	if two.Baseline || !two.Async || two.Category != "inner" || two.OpsPerInvoke != 16 {
		t.Errorf("Two: %+v", two)
	}
	if !three.Async || three.OpsPerInvoke != 4 {
		t.Errorf("Three: %+v", three)
	}
	for glob, want := range map[string]bool{"": true, "A.T*": true, "Two": true, "inner": true, "A/Two": true, "Tw": true, "B.*": false, "x?": false} {
		if got := Match(glob, two); got != want {
			t.Errorf("Match(%q, Two) = %v, want %v", glob, got, want)
		}
	}
}

// TestEmptyBenchmarkReadsZero: the harness subtracts its own cost, so an
// empty benchmark allocates nothing per op.
func TestEmptyBenchmarkReadsZero(t *testing.T) {
	src := `using BenchmarkDotNet.Attributes;
public class E { [Benchmark] public void Empty() { } [Benchmark] public object Alloc() => new object(); }`
	rs, err := Run(Options{Filename: "e.async", Source: []byte(src), IterTime: time.Millisecond, Iterations: 3, MaxInvokes: 20000})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 4 {
		t.Fatalf("%d results", len(rs))
	}
	for _, r := range rs {
		switch r.Method {
		case "Empty":
			if r.BytesPerOp > 0.5 || r.AllocsPerOp > 0.01 {
				t.Errorf("empty benchmark (%s): %v B/op, %v allocs/op; want 0", r.Mode, r.BytesPerOp, r.AllocsPerOp)
			}
		case "Alloc":
			if r.AllocsPerOp < 0.9 || r.BytesPerOp < 8 {
				t.Errorf("allocating benchmark (%s): %v B/op, %v allocs/op; want at least one object", r.Mode, r.BytesPerOp, r.AllocsPerOp)
			}
		}
	}
}

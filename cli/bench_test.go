package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"asyncvm/benchrun"
	"asyncvm/vm/lib"
)

const benchProgram = `using System;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Running;

BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);

[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public class Small
{
    const int N = 10;
    int ready;

    [GlobalSetup]
    public void Setup() { ready = 1; }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("calls")]
    public int Sync()
    {
        if (ready != 1) throw new InvalidOperationException("GlobalSetup did not run");
        return ready + 1;
    }

    [Benchmark(OperationsPerInvoke = N)]
    [BenchmarkCategory("calls")]
    public async Task Yields()
    {
        for (int i = 0; i < N; i++) await Task.Yield();
    }
}
`

// tiny are flags that keep a bench run to a few calls.
var tiny = []string{"--time", "1ns", "--count", "1", "--warmup", "0", "--max-ops", "2", "--quiet"}

func benchArgs(extra ...string) []string {
	return append(append([]string{"bench"}, tiny...), extra...)
}

// TestBenchJSONContract checks the exact shape of bench --json.
func TestBenchJSONContract(t *testing.T) {
	p := writeProgram(t, "small.async", benchProgram)
	var out, errb bytes.Buffer
	if code := Main(benchArgs("--json", p), nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d; stderr %s", code, errb.String())
	}
	var doc map[string][]map[string]any
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("not {\"benchmarks\":[...]}: %v\n%s", err, out.String())
	}
	if len(doc) != 1 {
		t.Errorf("top-level keys: %v", doc)
	}
	rows := doc["benchmarks"]
	if len(rows) != 4 {
		t.Fatalf("%d rows, want 2 benchmarks x 2 modes:\n%s", len(rows), out.String())
	}
	types := map[string]string{"class": "string", "method": "string", "category": "string", "mode": "string",
		"ops": "int", "ns_per_op": "number", "bytes_per_op": "number", "allocs_per_op": "number", "baseline": "bool"}
	for i, r := range rows {
		if len(r) != len(types) {
			t.Errorf("row %d has fields %v, want exactly %v", i, r, types)
		}
		for k, typ := range types {
			v, ok := r[k]
			if !ok {
				t.Errorf("row %d lacks %q", i, k)
				continue
			}
			switch typ {
			case "string":
				_, ok = v.(string)
			case "bool":
				_, ok = v.(bool)
			case "number":
				_, ok = v.(float64)
			case "int":
				var f float64
				f, ok = v.(float64)
				ok = ok && f == float64(int64(f)) && f > 0
			}
			if !ok {
				t.Errorf("row %d: %s = %v (%T), want %s", i, k, v, v, typ)
			}
		}
	}
	want := []struct {
		method, mode string
		baseline     bool
		ops          float64
	}{{"Sync", "sm", true, 1}, {"Sync", "rt", true, 1}, {"Yields", "sm", false, 10}, {"Yields", "rt", false, 10}}
	for i, w := range want {
		r := rows[i]
		if r["class"] != "Small" || r["method"] != w.method || r["mode"] != w.mode || r["baseline"] != w.baseline ||
			r["category"] != "calls" || r["ops"] != w.ops {
			t.Errorf("row %d = %v, want Small.%s %s baseline=%v ops=%v category calls", i, r, w.method, w.mode, w.baseline, w.ops)
		}
	}
}

// TestBenchFormats checks the table, benchstat lines, --filter, --mode and --svg.
func TestBenchFormats(t *testing.T) {
	p := writeProgram(t, "small.async", benchProgram)
	var out, errb bytes.Buffer
	if code := Main(benchArgs("--format", "benchstat", "--filter", "Small.Y*", "--mode", "rt", p), nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d; stderr %s", code, errb.String())
	}
	line := regexp.MustCompile(`(?m)^BenchmarkSmall/Yields/rt\t\d+\t[0-9.]+ ns/op\t[0-9.]+ B/op\t[0-9.]+ allocs/op$`)
	if !line.MatchString(out.String()) || strings.Contains(out.String(), "Sync") || strings.Contains(out.String(), "/sm") {
		t.Errorf("benchstat output:\n%s", out.String())
	}

	svg := filepath.Join(t.TempDir(), "chart.svg")
	out.Reset()
	if code := Main(benchArgs("--svg", svg, p), nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d; stderr %s", code, errb.String())
	}
	for _, want := range []string{"Benchmark", "Small.Sync *", "Small.Yields", "ns/op", "sm/rt"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
	b, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), "<svg") || !strings.Contains(string(b), "Small.Yields") || !strings.HasSuffix(string(b), "</svg>\n") {
		t.Errorf("svg:\n%s", b)
	}
}

// TestBenchErrors: a throwing benchmark exits 1, a compile error 2, no
// benchmarks 1, a bad mode 2.
func TestBenchErrors(t *testing.T) {
	throws := writeProgram(t, "throws.async", strings.Replace(benchProgram, "ready = 1;", "ready = 2;", 1))
	var out, errb bytes.Buffer
	if code := Main(benchArgs(throws), nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), "GlobalSetup did not run") {
		t.Errorf("throwing benchmark: exit %d, stderr %s", code, errb.String())
	}
	bad := writeProgram(t, "bad.async", "class X { void F() { int x = ; } }")
	errb.Reset()
	if code := Main(benchArgs(bad), nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "bad.async:1:") {
		t.Errorf("compile error: exit %d, stderr %s", code, errb.String())
	}
	none := writeProgram(t, "none.async", "System.Console.WriteLine(1);")
	errb.Reset()
	if code := Main(benchArgs(none), nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), "no [Benchmark] methods") {
		t.Errorf("no benchmarks: exit %d, stderr %s", code, errb.String())
	}
	if code := Main(benchArgs("--mode", "xx", none), nil, &out, &errb); code != 2 {
		t.Errorf("bad mode: exit %d", code)
	}
}

// TestBenchmarkDotNetFileRuns: `asyncvm run` on a BenchmarkDotNet file prints
// the note and exits 0.
func TestBenchmarkDotNetFileRuns(t *testing.T) {
	p := writeProgram(t, "small.async", benchProgram)
	var out, errb bytes.Buffer
	if code := Main([]string{"run", p}, nil, &out, &errb); code != 0 || errb.String() != lib.BenchmarkNote || out.Len() != 0 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
	runner := strings.Replace(benchProgram, "BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);", "BenchmarkRunner.Run<Small>();", 1)
	p = writeProgram(t, "runner.async", runner)
	errb.Reset()
	if code := Main([]string{"run", "--mode", "sm", p}, nil, &out, &errb); code != 0 || errb.String() != lib.BenchmarkNote {
		t.Errorf("BenchmarkRunner: exit %d, stderr %q", code, errb.String())
	}
}

// TestScenarioSuite runs every benchmark of bench/scenarios once per mode
// with two calls, and runs each file as a program.
func TestScenarioSuite(t *testing.T) {
	files, _ := filepath.Glob("../bench/scenarios/*.async")
	if len(files) < 3 {
		t.Fatalf("scenario files: %v", files)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := Main([]string{"run", f}, nil, &out, &errb); code != 0 || errb.String() != lib.BenchmarkNote {
				t.Errorf("run: exit %d, stderr %q", code, errb.String())
			}
			out.Reset()
			errb.Reset()
			if code := Main(benchArgs("--json", f), nil, &out, &errb); code != 0 {
				t.Fatalf("bench: exit %d, stderr %s", code, errb.String())
			}
			var doc struct{ Benchmarks []benchrun.Result }
			if err := json.Unmarshal(out.Bytes(), &doc); err != nil || len(doc.Benchmarks) == 0 {
				t.Fatalf("bench json: %v\n%s", err, out.String())
			}
		})
	}
}

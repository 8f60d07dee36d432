// Package bench runs the benchmark programs (bench/*.async) in both
// execution models, checking their output so a fast wrong answer fails.
// bench/compare.sh runs this next to the same workloads on gopher-lua and
// goja (module bench/peers).
package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"asyncvm/driver"
)

// units is how many calls or loop iterations one run of a program makes,
// for the per-unit metric (peer workloads report the same).
var units = map[string]struct {
	n    float64
	unit string
}{
	"fib":               {2692537, "call"},
	"fib_async":         {2692537, "call"},
	"calls":             {1_000_000, "iter"},
	"arith":             {1_000_000, "iter"},
	"loop":              {1_000_000, "iter"},
	"strings":           {10_000, "iter"},
	"await_completed":   {1_000_000, "iter"},
	"await_valuetask":   {1_000_000, "iter"},
	"yield":             {100_000, "iter"},
	"taskrun":           {100_000, "iter"},
	"chain10":           {100_000, "iter"},
	"wait":              {100_000, "iter"},
	"fields":            {1_000_000, "iter"},
	"list":              {2_000_000, "access"},
	"dict":              {2_000_000, "access"},
	"sbuilder":          {1_000_000, "append"},
	"nbody":             {20_000, "iter"},
	"tcs":               {100_000, "iter"},
	"lambda":            {100_000, "iter"},
	"whenall":           {1_000_000, "call"},
	"whenall_completed": {1_000_000, "call"},
}

var expectRE = regexp.MustCompile(`//\s*expect:\s?(.*)`)

func BenchmarkPrograms(b *testing.B) {
	files, _ := filepath.Glob("*.async")
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".async")
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		var want strings.Builder
		for _, m := range expectRE.FindAllStringSubmatch(string(src), -1) {
			want.WriteString(m[1] + "\n")
		}
		for _, mode := range []string{"rt", "sm"} {
			b.Run(name+"/"+mode, func(b *testing.B) {
				var errb bytes.Buffer
				opts := driver.Options{Filename: f, Source: src, Mode: mode, Stderr: &errb}
				prog, ok := driver.Build(opts)
				if !ok {
					b.Fatalf("compile: %s", errb.String())
				}
				b.ReportAllocs()
				b.ResetTimer()
				cpu0 := cpuTime()
				for i := 0; i < b.N; i++ {
					var out bytes.Buffer
					opts.Stdout = &out
					if code := driver.Exec(prog, opts); code != 0 || out.String() != want.String() {
						b.Fatalf("exit %d, output %q, want %q; stderr %s", code, out.String(), want.String(), errb.String())
					}
				}
				b.StopTimer()
				cpu := float64(cpuTime() - cpu0)
				// cores is the CPU time the process used per unit of wall
				// time; cpu-ns the CPU time per unit, which a loaded machine
				// disturbs less than the wall time.
				b.ReportMetric(cpu/float64(b.Elapsed().Nanoseconds()), "cores")
				if u, ok := units[name]; ok {
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/u.n, "ns/"+u.unit)
					b.ReportMetric(cpu/float64(b.N)/u.n, "cpu-ns/"+u.unit)
				}
			})
		}
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

package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"asyncvm/benchrun"
	"asyncvm/driver"
	"asyncvm/vm"
)

const benchHelp = `asyncvm bench [--mode sm,rt] [--filter GLOB] [--json] [--format table|benchstat] [--svg OUT] FILE

Runs the BenchmarkDotNet-style benchmarks of FILE: public methods marked
[Benchmark] (an async one is awaited each op), with [Benchmark(Baseline = true)],
[Benchmark(OperationsPerInvoke = N)], [BenchmarkCategory("...")], [GlobalSetup],
[GlobalCleanup], [IterationSetup]; [MemoryDiagnoser] and [GroupBenchmarksBy]
are accepted. The entry point (BenchmarkSwitcher / BenchmarkRunner) is not run.
Each benchmark runs in a fresh VM per mode: the op count is calibrated to
--time per iteration, then --warmup and --count iterations; the table shows
the median ns/op, ops/s, B/op and allocs/op (the harness's own per-call cost,
measured on an empty method, subtracted), the ratio to its category's
baseline and the sm/rt ratio.
  --mode      modes to run, comma separated (default sm,rt)
  --filter    glob over Class.Method, the method, the class or the category
  --json      print {"benchmarks":[...]}
  --format    table (default) or benchstat (Go benchmark lines)
  --svg       write a bar chart of sm vs rt per benchmark to OUT
  --time      target duration of one iteration (default 100ms)
  --count     measured iterations (default 5)
  --warmup    warm-up iterations (default 1)
  --max-ops   cap on calls per iteration (0: none)
  --quiet     no progress on stderr
  --max-heap SIZE, --max-threads N, --max-output SIZE
                   resource limits of each run (docs/limits.md)
`

func init() { help["bench"] = benchHelp }

// parseModes reads a comma-separated list of modes.
func parseModes(s string, stderr io.Writer) ([]string, bool) {
	var modes []string
	seen := map[string]bool{}
	for _, m := range strings.Split(s, ",") {
		m = strings.TrimSpace(m)
		if m != "sm" && m != "rt" {
			fmt.Fprintf(stderr, "asyncvm: --mode takes sm, rt or sm,rt, not %q\n", s)
			return nil, false
		}
		if !seen[m] {
			seen[m] = true
			modes = append(modes, m)
		}
	}
	return modes, true
}

func bench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mode := fs.String("mode", "sm,rt", "modes, comma separated")
	filter := fs.String("filter", "", "glob selecting benchmarks")
	asJSON := fs.Bool("json", false, "print JSON")
	format := fs.String("format", "table", "table or benchstat")
	svg := fs.String("svg", "", "write an SVG chart here")
	iterTime := fs.Duration("time", 100*time.Millisecond, "target duration of one iteration")
	count := fs.Int("count", 5, "measured iterations")
	warmup := fs.Int("warmup", 1, "warm-up iterations")
	maxOps := fs.Int64("max-ops", 0, "cap on calls per iteration")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	var lim limits
	lim.register(fs)
	if err := fs.Parse(reorder(args, fs)); err != nil {
		return driver.ExitCompile
	}
	modes, ok := parseModes(*mode, stderr)
	if !ok {
		return driver.ExitCompile
	}
	if *format != "table" && *format != "benchstat" {
		fmt.Fprintf(stderr, "asyncvm: --format must be table or benchstat, not %q\n", *format)
		return driver.ExitCompile
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "asyncvm bench: want one FILE\n")
		return driver.ExitCompile
	}
	src, path, ok := load(fs.Arg(0), stdin, stderr)
	if !ok {
		return driver.ExitCompile
	}
	opts := benchrun.Options{Filename: path, Source: src, Modes: modes, Filter: *filter,
		IterTime: *iterTime, Iterations: *count, Warmup: *warmup, MaxInvokes: *maxOps, Stderr: stderr,
		Limits: vm.Limits{MaxHeap: lim.heap, MaxThreads: lim.threads, MaxOutput: lim.output}}
	if !*quiet {
		opts.Progress = stderr
	}
	rs, err := benchrun.Run(opts)
	if errors.Is(err, benchrun.ErrCompile) {
		return driver.ExitCompile
	}
	if err != nil {
		fmt.Fprintf(stderr, "asyncvm bench: %v\n", err)
		return driver.ExitRuntime
	}
	switch {
	case *asJSON:
		if err := benchrun.WriteJSON(stdout, rs); err != nil {
			fmt.Fprintf(stderr, "asyncvm bench: %v\n", err)
			return driver.ExitRuntime
		}
	case *format == "benchstat":
		benchrun.WriteBenchstat(stdout, rs)
	default:
		benchrun.WriteTable(stdout, rs)
	}
	if *svg != "" {
		f, err := os.Create(*svg)
		if err == nil {
			err = benchrun.WriteSVG(f, path, rs)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "asyncvm bench: %v\n", err)
			return driver.ExitRuntime
		}
	}
	return driver.ExitOK
}

// reorder moves flags written after FILE in front of it, so
// `asyncvm bench FILE --json` works as well as `asyncvm bench --json FILE`.
func reorder(args []string, fs *flag.FlagSet) []string {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		if len(a) > 1 && a[0] == '-' {
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if strings.Contains(name, "=") {
				continue
			}
			if f := fs.Lookup(name); f != nil {
				if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() {
					continue
				}
				if i+1 < len(args) {
					i++
					flags = append(flags, args[i])
				}
			}
			continue
		}
		rest = append(rest, a)
	}
	return append(flags, rest...)
}

// Package benchrun runs BenchmarkDotNet-style benchmark classes on the VM:
// it finds the [Benchmark] methods of a program (Discover), measures each in
// the execution models asked for (Run: auto-calibrated op count, warm-up,
// several measured iterations, median ns/op, B/op and allocs/op with the
// harness's own per-op cost subtracted) and prints the results as a table,
// JSON, Go benchmark lines or an SVG chart. It also registers the
// BenchmarkDotNet entry points (BenchmarkSwitcher, BenchmarkRunner) so a file
// written for BenchmarkDotNet compiles and runs unchanged.
package benchrun

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"asyncvm/driver"
	"asyncvm/lang"
	"asyncvm/vm"
	"asyncvm/vm/threading"
)

// Options configure a benchmark run.
type Options struct {
	Filename string
	Source   []byte
	Modes    []string // default: sm, rt
	Filter   string   // glob, see Match
	// IterTime is the calibration target for one measured iteration
	// (default 100ms).
	IterTime time.Duration
	// Iterations is the number of measured iterations (default 5); Warmup
	// the number of warm-up iterations before them (default 1).
	Iterations int
	Warmup     int
	// MaxInvokes caps the calibrated number of calls per iteration (0: no
	// cap); tests use it to stay fast.
	MaxInvokes int64
	// Progress, when not nil, receives one line per benchmark and mode.
	Progress io.Writer
	// Stdout receives what benchmarks print (discarded when nil); Stderr
	// compile diagnostics.
	Stdout io.Writer
	Stderr io.Writer
	// Limits bound each benchmark's machine (docs/limits.md); zero: none.
	Limits vm.Limits
}

// Result is the measurement of one benchmark in one mode.
type Result struct {
	Class       string  `json:"class"`
	Method      string  `json:"method"`
	Category    string  `json:"category"`
	Mode        string  `json:"mode"`
	Ops         int64   `json:"ops"`
	NsPerOp     float64 `json:"ns_per_op"`
	BytesPerOp  float64 `json:"bytes_per_op"`
	AllocsPerOp float64 `json:"allocs_per_op"`
	Baseline    bool    `json:"baseline"`
}

// ErrCompile is returned when the program does not compile; the
// diagnostics went to Options.Stderr.
var ErrCompile = errors.New("compile error")

// overheadClass is appended to the program so the harness can measure its
// own per-call cost on an empty method, in the same machine and mode.
const overheadClass = "\nclass AsyncvmBenchOverhead { public void Empty() { } }\n"

// overheadClassWithMain is overheadClass for a file without an entry point.
const overheadClassWithMain = "\nclass AsyncvmBenchOverhead { public void Empty() { } static void Main() { } }\n"

// hasEntry reports whether a file has top-level statements or a static Main.
func hasEntry(f *lang.File) bool {
	if len(f.Stmts) > 0 {
		return true
	}
	var walk func(tds []*lang.TypeDecl) bool
	walk = func(tds []*lang.TypeDecl) bool {
		for _, td := range tds {
			for _, m := range td.Members {
				switch m := m.(type) {
				case *lang.MethodDecl:
					if m.Name == "Main" && m.Modifiers&lang.ModStatic != 0 {
						return true
					}
				case *lang.TypeDecl:
					if walk([]*lang.TypeDecl{m}) {
						return true
					}
				}
			}
		}
		return false
	}
	return walk(f.Types)
}

// Run measures every selected benchmark of the program in each mode and
// returns the results in source order, modes in the order given.
func Run(opts Options) ([]Result, error) {
	if len(opts.Modes) == 0 {
		opts.Modes = []string{"sm", "rt"}
	}
	if opts.IterTime <= 0 {
		opts.IterTime = 100 * time.Millisecond
	}
	if opts.Iterations <= 0 {
		opts.Iterations = 5
	}
	if opts.Warmup < 0 {
		opts.Warmup = 0
	}
	if opts.Stdout == nil {
		opts.Stdout = io.Discard
	}
	if opts.Stderr == nil {
		opts.Stderr = io.Discard
	}
	f, diags := lang.Parse(opts.Filename, opts.Source)
	if len(diags) > 0 {
		// Build prints them in the house format.
		driver.Build(driver.Options{Filename: opts.Filename, Source: opts.Source, Stderr: opts.Stderr})
		return nil, ErrCompile
	}
	var selected []*Benchmark
	classes := map[*Benchmark]*Class{}
	for _, c := range Discover(f) {
		for _, b := range c.Benchmarks {
			if Match(opts.Filter, b) {
				selected = append(selected, b)
				classes[b] = c
			}
		}
	}
	if len(selected) == 0 {
		return nil, fmt.Errorf("no [Benchmark] methods%s in %s", filterNote(opts.Filter), opts.Filename)
	}
	extra := overheadClass
	if !hasEntry(f) {
		// A class library of benchmarks: give it an empty entry point.
		extra = overheadClassWithMain
	}
	src := append(append([]byte{}, opts.Source...), extra...)
	progs := map[string]*vm.Program{}
	for _, mode := range opts.Modes {
		prog, ok := driver.Build(driver.Options{Filename: opts.Filename, Source: src, Mode: mode, Stderr: opts.Stderr})
		if !ok {
			return nil, ErrCompile
		}
		progs[mode] = prog
	}
	overhead := map[string]sample{}
	empty := &Benchmark{Class: "AsyncvmBenchOverhead", Method: "Empty", OpsPerInvoke: 1}
	for _, mode := range opts.Modes {
		s, err := measure(progs[mode], &Class{Name: empty.Class}, empty, opts)
		if err != nil {
			return nil, fmt.Errorf("measuring the harness overhead (%s): %w", mode, err)
		}
		overhead[mode] = s
	}
	var results []Result
	total := len(selected) * len(opts.Modes)
	for i, b := range selected {
		for j, mode := range opts.Modes {
			if opts.Progress != nil {
				fmt.Fprintf(opts.Progress, "[%d/%d] %s/%s ...", i*len(opts.Modes)+j+1, total, b.Name(), mode)
			}
			s, err := measure(progs[mode], classes[b], b, opts)
			if err != nil {
				if opts.Progress != nil {
					fmt.Fprintln(opts.Progress, " failed")
				}
				return results, fmt.Errorf("%s (%s): %w", b.Name(), mode, err)
			}
			o := overhead[mode]
			per := float64(b.OpsPerInvoke)
			r := Result{Class: b.Class, Method: b.Method, Category: b.Category, Mode: mode, Baseline: b.Baseline,
				Ops:         s.invokes * int64(b.OpsPerInvoke),
				NsPerOp:     math.Max(0, s.ns-o.ns) / per,
				BytesPerOp:  math.Max(0, s.bytes-o.bytes) / per,
				AllocsPerOp: math.Max(0, s.allocs-o.allocs) / per,
			}
			if opts.Progress != nil {
				fmt.Fprintf(opts.Progress, " %s ns/op\n", fmtFloat(r.NsPerOp))
			}
			results = append(results, r)
		}
	}
	return results, nil
}

func filterNote(glob string) string {
	if glob == "" {
		return ""
	}
	return fmt.Sprintf(" matching %q", glob)
}

// sample is the median per-call cost of one benchmark in one mode.
type sample struct {
	invokes           int64 // calls per measured iteration
	ns, bytes, allocs float64
}

// findFunc finds a method of a class by owner name and method name.
func findFunc(prog *vm.Program, cls, method string, params int) *vm.Func {
	simple := cls
	if i := strings.LastIndex(cls, "."); i >= 0 {
		simple = cls[i+1:]
	}
	for _, fn := range prog.Funcs {
		if fn.Owner == nil || fn.Name != method || fn.Native != nil {
			continue
		}
		if fn.Owner.Name != cls && fn.Owner.Name != simple {
			continue
		}
		if fn.MinParams <= params && (params <= fn.NumParams || fn.Variadic) {
			return fn
		}
	}
	return nil
}

// measure runs one benchmark in a fresh machine: instance, global setup,
// calibration, warm-up and the measured iterations.
func measure(prog *vm.Program, cls *Class, b *Benchmark, opts Options) (sample, error) {
	fn := findFunc(prog, b.Class, b.Method, 0)
	if fn == nil {
		return sample{}, fmt.Errorf("cannot find a parameterless method %s", b.Name())
	}
	if !fn.HasThis && !fn.IsStatic {
		return sample{}, fmt.Errorf("%s is not a method", b.Name())
	}
	var errb bytes.Buffer
	m := vm.NewMachine(prog, opts.Stdout, &errb)
	defer m.Close()
	m.Stdin = strings.NewReader("")
	m.SetLimits(opts.Limits)
	threading.Install(m)
	t := m.NewThread()
	threading.Attach(t)

	type outcome struct {
		s   sample
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				msg := fmt.Sprintf("internal error: %v", r)
				if os.Getenv("ASYNCVM_DEBUG") != "" {
					msg += "\n" + string(debug.Stack())
				}
				done <- outcome{err: errors.New(msg)}
			}
		}()
		s, err := runBenchmark(t, fn, cls, b, opts)
		done <- outcome{s, err}
	}()
	select {
	case o := <-done:
		if o.err != nil {
			return sample{}, describe(t, o.err)
		}
		if err := m.CrashErr(); err != nil {
			return sample{}, describe(t, err)
		}
		return o.s, nil
	case <-m.Crashed():
		return sample{}, describe(t, m.CrashErr())
	}
}

// describe turns a VM error into a Go error with the .NET wording.
func describe(t *vm.Thread, err error) error {
	if th, ok := err.(*vm.Thrown); ok {
		if s, serr := t.ToString(vm.Ref(th.Exc)); serr == nil {
			return fmt.Errorf("unhandled exception. %s", s)
		}
	}
	if f, ok := err.(*vm.Fatal); ok {
		return errors.New(f.Msg)
	}
	return err
}

func runBenchmark(t *vm.Thread, fn *vm.Func, cls *Class, b *Benchmark, opts Options) (sample, error) {
	this := vm.Null
	if fn.Owner != nil {
		if err := t.InitType(fn.Owner); err != nil {
			return sample{}, err
		}
	}
	if !fn.IsStatic {
		obj := vm.NewInstance(fn.Owner)
		this = vm.Ref(obj)
		if ctor := findFunc(t.M.Prog, b.Class, ".ctor", 0); ctor != nil && ctor.Owner == fn.Owner {
			if _, err := t.Invoke(ctor, this, nil); err != nil {
				return sample{}, err
			}
		}
	}
	call := func(name string) error {
		if name == "" {
			return nil
		}
		f := findFunc(t.M.Prog, b.Class, name, 0)
		if f == nil {
			return fmt.Errorf("cannot find %s.%s", b.Class, name)
		}
		_, err := invoke(t, f, this, f.Async != vm.NotAsync)
		return err
	}
	if err := call(cls.Setup); err != nil {
		return sample{}, err
	}
	loop := func(n int64) (time.Duration, error) {
		start := time.Now()
		for i := int64(0); i < n; i++ {
			if _, err := invoke(t, fn, this, b.Async); err != nil {
				return 0, err
			}
		}
		return time.Since(start), nil
	}
	// Calibrate: grow the call count until one iteration takes IterTime.
	n := int64(1)
	for {
		if err := call(cls.IterationSetup); err != nil {
			return sample{}, err
		}
		d, err := loop(n)
		if err != nil {
			return sample{}, err
		}
		if d >= opts.IterTime || (opts.MaxInvokes > 0 && n >= opts.MaxInvokes) {
			break
		}
		next := n * 100
		if d > 0 {
			next = int64(float64(n) * 1.2 * float64(opts.IterTime) / float64(d))
		}
		next = min(max(next, n+1), n*100)
		if opts.MaxInvokes > 0 {
			next = min(next, opts.MaxInvokes)
		}
		n = next
	}
	for range opts.Warmup {
		if err := call(cls.IterationSetup); err != nil {
			return sample{}, err
		}
		if _, err := loop(n); err != nil {
			return sample{}, err
		}
	}
	var ns, bytes, allocs []float64
	var before, after runtime.MemStats
	for range opts.Iterations {
		if err := call(cls.IterationSetup); err != nil {
			return sample{}, err
		}
		runtime.ReadMemStats(&before)
		d, err := loop(n)
		runtime.ReadMemStats(&after)
		if err != nil {
			return sample{}, err
		}
		ns = append(ns, float64(d.Nanoseconds())/float64(n))
		bytes = append(bytes, float64(after.TotalAlloc-before.TotalAlloc)/float64(n))
		allocs = append(allocs, float64(after.Mallocs-before.Mallocs)/float64(n))
	}
	if err := call(cls.Cleanup); err != nil {
		return sample{}, err
	}
	return sample{invokes: n, ns: median(ns), bytes: median(bytes), allocs: median(allocs)}, nil
}

// invoke calls a benchmark method once and, when it returns an awaitable,
// waits for it and surfaces its exception.
func invoke(t *vm.Thread, fn *vm.Func, this vm.Value, await bool) (vm.Value, error) {
	v, err := t.Invoke(fn, this, nil)
	if err != nil || v.IsNull() {
		return v, err
	}
	if tk := v.AsTask(); tk != nil {
		return tk.GetResult(t)
	}
	if !await && fn.Async == vm.NotAsync {
		return v, nil
	}
	a, err := t.GetAwaiter(v)
	if err != nil || a == nil {
		// Not awaitable: an ordinary result.
		return v, nil
	}
	if !a.IsCompleted() {
		ch := make(chan struct{})
		a.UnsafeOnCompleted(t, func(*vm.Thread) { close(ch) })
		if err := t.BlockOn(ch); err != nil {
			return vm.Null, err
		}
	}
	return a.GetResult(t)
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64{}, xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

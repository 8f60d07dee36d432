// Package driver wires the pipeline together, each phase a plain call:
// parse (lang), bind (compiler.Bind), the sm rewrite (sm.Lower), code
// generation (compiler.Compile), and execution (vm, with the library and
// the async runtime). cmd/asyncvm and the script tests both call it, so a program
// behaves the same from the CLI and in tests.
package driver

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"asyncvm/compiler"
	"asyncvm/lang"
	"asyncvm/vm"
	"asyncvm/vm/fsys"
	_ "asyncvm/vm/lib" // registers the synchronous library
	"asyncvm/vm/threading"
)

// Options describes one program run.
type Options struct {
	Filename string    // shown in diagnostics and stack traces
	Source   []byte    // program text
	Mode     string    // "rt" (default) or "sm"
	Args     []string  // reach Main(string[] args) or top-level args
	Stdin    io.Reader // Console.ReadLine
	Stdout   io.Writer
	Stderr   io.Writer
	Stats    bool          // write the --stats JSON line to Stderr at exit
	Timeout  time.Duration // 0: none
	MaxSteps int64         // 0: none
	// Sandbox hides the host (environment variables, machine name, command
	// line) from the program; see vm.Machine.Sandbox.
	Sandbox bool
	// StatsTo, when set, receives the --stats counters at exit (for
	// in-process callers such as the playground).
	StatsTo *vm.Stats
	// Resource limits (docs/limits.md); 0: none.
	MaxHeap    int64 // bytes of live program objects; OutOfMemoryException beyond
	MaxThreads int   // threads alive at once, the main thread included
	MaxOutput  int64 // bytes of stdout and stderr; the program is stopped beyond
}

// Exit statuses, as documented in the CLI help.
const (
	ExitOK      = 0
	ExitRuntime = 1 // unhandled exception, deadlock, limit
	ExitCompile = 2 // diagnostics or usage error
	// ExitInternal: a Go panic inside asyncvm (a bug), reported as
	// "internal error: ..." with the position being compiled or the
	// instruction being executed.
	ExitInternal = vm.ExitInternal
)

// Build parses and compiles a program, printing diagnostics to stderr.
func Build(opts Options) (*vm.Program, bool) {
	prog, code := build(opts)
	return prog, code == ExitOK
}

// build is Build returning the exit status of a failure: ExitCompile, or
// ExitInternal when the parser or the compiler reported an internal error.
func build(opts Options) (*vm.Program, int) {
	prog, diags, code := compile(opts)
	printDiags(opts.Stderr, diags, opts.Source)
	return prog, code
}

// compile parses and compiles a program in opts.Mode and returns it, or its
// diagnostics and the exit status they call for.
func compile(opts Options) (*vm.Program, lang.Diagnostics, int) {
	if opts.Mode == "" {
		opts.Mode = "rt"
	}
	if opts.Mode != "rt" && opts.Mode != "sm" {
		fmt.Fprintf(opts.Stderr, "asyncvm: unknown mode %q (want rt or sm)\n", opts.Mode)
		return nil, nil, ExitCompile
	}
	f, diags := lang.Parse(opts.Filename, opts.Source)
	if len(diags) == 0 {
		var prog *vm.Program
		prog, diags = CompileFiles([]*lang.File{f}, map[string][]byte{opts.Filename: opts.Source}, opts.Mode, false)
		// The preprocessor's warnings, and code generation's (CS7022).
		printWarnings(opts, f)
		if len(diags) == 0 {
			prog.Source = opts.Source
			return prog, nil, ExitOK
		}
	} else {
		printWarnings(opts, f)
	}
	if compiler.IsInternal(diags) {
		return nil, diags, ExitInternal
	}
	return nil, diags, ExitCompile
}

// printWarnings prints the warnings of file f, when opts has a stderr.
func printWarnings(opts Options, f *lang.File) {
	if opts.Stderr != nil {
		printDiags(opts.Stderr, f.Warnings, opts.Source)
	}
}

func printDiags(w io.Writer, diags lang.Diagnostics, src []byte) {
	for _, d := range diags {
		s := src
		if d.Pos.File == compiler.PreludeFile {
			s = nil
		}
		io.WriteString(w, lang.FormatDiagnostic(d, s))
		if !strings.HasSuffix(lang.FormatDiagnostic(d, s), "\n") {
			io.WriteString(w, "\n")
		}
	}
}

// Check compiles a program without running it, printing diagnostics to
// stderr. With no Mode it compiles the program in both models, so that an
// error only one of them reports is never missed; such a diagnostic names
// its model.
func Check(opts Options) int {
	if opts.Mode != "" {
		_, code := build(opts)
		return code
	}
	type result struct {
		diags lang.Diagnostics
		code  int
	}
	modes := []string{"rt", "sm"}
	var results []result
	for i, mode := range modes {
		o := opts
		o.Mode = mode
		if i > 0 {
			o.Stderr = io.Discard // the parse's warnings are printed once
		}
		_, diags, code := compile(o)
		results = append(results, result{diags, code})
	}
	in := func(ds lang.Diagnostics, d lang.Diagnostic) bool {
		for _, e := range ds {
			if e.Error() == d.Error() {
				return true
			}
		}
		return false
	}
	var all lang.Diagnostics
	for i, r := range results {
		other := results[1-i].diags
		for _, d := range r.diags {
			switch {
			case !in(other, d):
				d.Msg += " (--mode " + modes[i] + " only)"
			case i > 0:
				continue // printed with the first model's
			}
			all = append(all, d)
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i].Pos, all[j].Pos
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	printDiags(opts.Stderr, all, opts.Source)
	return max(results[0].code, results[1].code)
}

// Run compiles and runs a program and returns its exit status. Diagnostics and
// unhandled exceptions go to opts.Stderr.
func Run(opts Options) (code int) {
	prog, code := build(opts)
	if code != ExitOK {
		return code
	}
	return Exec(prog, opts)
}

// Exec runs a compiled program.
func Exec(prog *vm.Program, opts Options) (code int) {
	if opts.Stdin == nil {
		opts.Stdin = strings.NewReader("")
	}
	var before runtime.MemStats
	wantStats := opts.Stats || opts.StatsTo != nil
	if wantStats {
		runtime.ReadMemStats(&before)
	}
	m := vm.NewMachine(prog, opts.Stdout, opts.Stderr)
	defer m.Close()
	if wantStats {
		defer func() {
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			s := m.Stats()
			s.HeapBytes = int64(after.TotalAlloc - before.TotalAlloc)
			s.HeapAllocs = int64(after.Mallocs - before.Mallocs)
			if opts.StatsTo != nil {
				*opts.StatsTo = s
			}
			if opts.Stats {
				b, _ := json.Marshal(s)
				fmt.Fprintf(opts.Stderr, "%s\n", b)
			}
		}()
	}
	m.Stdin = opts.Stdin
	m.Sandbox = opts.Sandbox
	if opts.Sandbox {
		m.Files = fsys.NewMem()
	}
	m.SetLimits(vm.Limits{MaxHeap: opts.MaxHeap, MaxThreads: opts.MaxThreads, MaxOutput: opts.MaxOutput})
	if opts.MaxSteps > 0 {
		m.SetStepLimit(opts.MaxSteps)
	}
	threading.Install(m)
	t := m.NewThread()
	threading.Attach(t)
	stopWatch := threading.WatchDeadlocks(m)
	defer stopWatch()
	threading.MainStarted(t)

	type result struct {
		v   vm.Value
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			// The interpreter recovers panics under it (Thread.run); this
			// covers the Go code around it on the main thread.
			if r := recover(); r != nil {
				done <- result{err: &vm.Fatal{Msg: vm.InternalErrorMsg(r), Code: ExitInternal}}
			}
		}()
		var args []vm.Value
		if prog.EntryTakesArgs {
			vs := make([]vm.Value, len(opts.Args))
			for i, a := range opts.Args {
				vs[i] = vm.String(a)
			}
			args = []vm.Value{vm.Ref(vm.NewArrayOf(vm.TString, vs))}
		}
		v, err := t.Invoke(prog.Entry, vm.Null, args)
		if err == nil {
			if tk := v.AsTask(); tk != nil {
				threading.WaitEntry(t, tk)
				v, err = tk.GetResult(t)
			}
		}
		threading.MainEnded(t)
		done <- result{v, err}
	}()
	var timeout <-chan time.Time
	if opts.Timeout > 0 {
		timeout = time.After(opts.Timeout)
	}
	var r result
	select {
	case r = <-done:
	case <-m.Crashed():
		return report(m, opts, m.CrashErr())
	case <-timeout:
		m.Stop(&vm.Fatal{Msg: "timeout", Code: ExitRuntime})
		fmt.Fprintf(opts.Stderr, "asyncvm: the program did not finish within %v\n", opts.Timeout)
		return ExitRuntime
	}
	if r.err != nil {
		return report(m, opts, r.err)
	}
	threading.WaitForeground(m)
	if err := m.CrashErr(); err != nil {
		return report(m, opts, err)
	}
	if r.v.IsInt() {
		return int(r.v.AsInt())
	}
	return int(m.ExitCode.Load())
}

// report prints an unhandled exception or fatal error as .NET does and
// returns the exit status. The exception's ToString runs on a thread of its
// own: the thread that failed may still be running (a crash on another
// thread, a timeout).
func report(m *vm.Machine, opts Options, err error) int {
	switch e := err.(type) {
	case *vm.Thrown:
		s, serr := m.NewThread().ToString(vm.Ref(e.Exc))
		if serr != nil {
			s = e.Error()
		}
		fmt.Fprintf(opts.Stderr, "Unhandled exception. %s\n", s)
		return ExitRuntime
	case *vm.Fatal:
		if e.Msg != "" {
			fmt.Fprintln(opts.Stderr, e.Msg)
		}
		return e.Code
	}
	fmt.Fprintf(opts.Stderr, "asyncvm: %v\n", err)
	return ExitRuntime
}

// ReadSource reads a program file ("-" is stdin).
func ReadSource(path string) ([]byte, error) {
	if path == "-" {
		return io.ReadAll(os.Stdin)
	}
	return os.ReadFile(path)
}

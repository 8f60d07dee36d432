// Package driver wires the pipeline together: parse (lang), compile (compiler,
// with the sm rewrite when asked), and execute (vm, with the library and the
// async runtime). cmd/asyncvm and the script tests both call it, so a program
// behaves the same from the CLI and in tests.
package driver

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"asyncvm/compiler"
	"asyncvm/lang"
	"asyncvm/rtasync"
	"asyncvm/vm"
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
)

// Build parses and compiles a program, printing diagnostics to stderr.
func Build(opts Options) (*vm.Program, bool) {
	if opts.Mode == "" {
		opts.Mode = "rt"
	}
	if opts.Mode != "rt" && opts.Mode != "sm" {
		fmt.Fprintf(opts.Stderr, "asyncvm: unknown mode %q (want rt or sm)\n", opts.Mode)
		return nil, false
	}
	f, diags := lang.Parse(opts.Filename, opts.Source)
	if len(diags) > 0 {
		printDiags(opts.Stderr, diags, opts.Source)
		return nil, false
	}
	prog, diags := compiler.Compile([]*lang.File{f}, map[string][]byte{opts.Filename: opts.Source}, compiler.Options{Mode: opts.Mode, Lower: Lowering})
	if len(diags) > 0 {
		printDiags(opts.Stderr, diags, opts.Source)
		return nil, false
	}
	prog.Source = opts.Source
	rtasync.Prepare(prog)
	return prog, true
}

// Lowering is the sm rewrite, installed by package sm when it is linked in.
var Lowering func(files []*lang.File, mode string) lang.Diagnostics

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

// Check compiles a program without running it, printing diagnostics to stderr.
func Check(opts Options) int {
	if _, ok := Build(opts); !ok {
		return ExitCompile
	}
	return ExitOK
}

// Run compiles and runs a program and returns its exit status. Diagnostics and
// unhandled exceptions go to opts.Stderr.
func Run(opts Options) (code int) {
	prog, ok := Build(opts)
	if !ok {
		return ExitCompile
	}
	return Exec(prog, opts)
}

// Exec runs a compiled program.
func Exec(prog *vm.Program, opts Options) (code int) {
	if opts.Stdin == nil {
		opts.Stdin = strings.NewReader("")
	}
	var before runtime.MemStats
	if opts.Stats {
		runtime.ReadMemStats(&before)
	}
	m := vm.NewMachine(prog, opts.Stdout, opts.Stderr)
	if opts.Stats {
		defer func() {
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			s := m.Stats()
			s.HeapBytes = int64(after.TotalAlloc - before.TotalAlloc)
			s.HeapAllocs = int64(after.Mallocs - before.Mallocs)
			b, _ := json.Marshal(s)
			fmt.Fprintf(opts.Stderr, "%s\n", b)
		}()
	}
	m.Stdin = opts.Stdin
	m.SetLimits(vm.Limits{MaxHeap: opts.MaxHeap, MaxThreads: opts.MaxThreads, MaxOutput: opts.MaxOutput})
	defer m.ReleaseLimits()
	// However the program ends, threads still running (background threads,
	// threads of a program that crashed or timed out) stop at their next
	// call or backward jump instead of running on in the host process.
	defer m.Stop(&vm.Fatal{Msg: "the program has ended", Code: ExitRuntime})
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
			if r := recover(); r != nil {
				msg := fmt.Sprintf("internal error: %v", r)
				if os.Getenv("ASYNCVM_DEBUG") != "" {
					msg += "\n" + string(debug.Stack())
				}
				done <- result{err: &vm.Fatal{Msg: msg, Code: 70}}
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
	return ExitOK
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

// Package cli implements the asyncvm command line: argument parsing and the
// subcommands, on top of package driver.
package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"asyncvm/driver"
)

const usage = `asyncvm runs programs written in a C# subset with async/await, in two
execution models: rt (runtime async) and sm (classic state machines).

Usage:
  asyncvm run [--mode rt|sm] [--stats] [--timeout D] [LIMITS] FILE [ARGS...]
  asyncvm check [--mode rt|sm] FILE
  asyncvm disasm [--mode rt|sm] [--lowered] [--method NAME] FILE
  asyncvm compare [--mode sm,rt] [--runs N] [--json] [--ignore-output] [LIMITS] FILE
  asyncvm bench [--mode sm,rt] [--filter GLOB] [--json] [--format table|benchstat] [--svg OUT] [LIMITS] FILE
  asyncvm repl [--mode rt|sm] [LIMITS]
  asyncvm serve [--addr 127.0.0.1:8080] [--timeout D] [--max-steps N] [LIMITS] [--jobs N]
  asyncvm help [COMMAND]

LIMITS: --max-heap SIZE, --max-threads N, --max-output SIZE (SIZE as 512MB;
see docs/limits.md); none by default.
FILE may be - to read the program from standard input.
Exit status: 0 success, 1 runtime failure, 2 compile or usage error,
70 internal error (a bug in asyncvm); a program's Main return value or
Environment.Exit(n) sets it.
`

var help = map[string]string{
	"run": `asyncvm run [--mode rt|sm] [--stats] [--timeout D] [--max-steps N] FILE [ARGS...]

Compiles and runs FILE. ARGS reach Main(string[] args) or top-level args.
  --mode rt   runtime async (default): the VM suspends async frames itself
  --mode sm   async methods are lowered to MoveNext state machines
  --stats     print one JSON line of execution counters to stderr at exit
  --timeout   stop the program after the duration (e.g. 5s)
  --max-steps N      stop the program after N instructions
  --max-heap SIZE    live objects beyond SIZE (e.g. 512MB) throw OutOfMemoryException
  --max-threads N    at most N threads at once; Thread.Start beyond throws OutOfMemoryException
  --max-output SIZE  cut the output at SIZE and stop the program (exit status 1)
`,
	"check":  "asyncvm check [--mode rt|sm] FILE\n\nCompiles FILE and prints its diagnostics; runs nothing. Without --mode it\ncompiles FILE in both models and marks a diagnostic only one of them reports.\n",
	"serve":  serveHelp,
	"disasm": "asyncvm disasm [--mode rt|sm] [--lowered] [--method NAME] FILE\n\nPrints the bytecode of every method (or of NAME). With --lowered (sm mode)\nprints the state-machine rewrite as C#-like source.\n",
}

// Main runs the command line and returns the exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 && startsRepl(stdin) {
		return runRepl(nil, stdin, stdout, stderr)
	}
	if len(args) == 0 {
		io.WriteString(stderr, usage)
		return driver.ExitCompile
	}
	switch args[0] {
	case "-h", "--help", "help":
		if len(args) > 1 {
			if h, ok := help[args[1]]; ok {
				io.WriteString(stdout, h)
				return 0
			}
			fmt.Fprintf(stderr, "asyncvm: no help for %q\n", args[1])
			return driver.ExitCompile
		}
		io.WriteString(stdout, usage)
		return 0
	case "run":
		return run(args[1:], stdin, stdout, stderr)
	case "check":
		return check(args[1:], stdin, stdout, stderr)
	case "disasm":
		return disasm(args[1:], stdin, stdout, stderr)
	case "repl":
		return runRepl(args[1:], stdin, stdout, stderr)
	case "bench":
		return bench(args[1:], stdin, stdout, stderr)
	case "compare":
		return compare(args[1:], stdin, stdout, stderr)
	case "serve":
		return serve(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "asyncvm: unknown command %q\n\n%s", args[0], usage)
	return driver.ExitCompile
}

type common struct {
	mode     string
	stats    bool
	timeout  time.Duration
	maxSteps int64
	lowered  bool
	method   string
	cpuprof  string
	limits   limits
}

func parseFlags(name string, args []string, stderr io.Writer, c *common) (*flag.FlagSet, bool) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.mode, "mode", "rt", "execution model: rt or sm")
	fs.BoolVar(&c.stats, "stats", false, "print execution counters as JSON to stderr")
	fs.DurationVar(&c.timeout, "timeout", 0, "stop after this long")
	fs.Int64Var(&c.maxSteps, "max-steps", 0, "stop after this many instructions")
	fs.BoolVar(&c.lowered, "lowered", false, "print the lowered state machines")
	fs.StringVar(&c.method, "method", "", "only this method")
	fs.StringVar(&c.cpuprof, "cpuprofile", "", "write a Go CPU profile of the run to this file")
	c.limits.register(fs)
	if err := fs.Parse(args); err != nil {
		return fs, false
	}
	if c.mode != "rt" && c.mode != "sm" {
		fmt.Fprintf(stderr, "asyncvm: --mode must be rt or sm, not %q\n", c.mode)
		return fs, false
	}
	if fs.NArg() < 1 {
		fmt.Fprintf(stderr, "asyncvm %s: missing FILE\n", name)
		return fs, false
	}
	return fs, true
}

func load(path string, stdin io.Reader, stderr io.Writer) ([]byte, string, bool) {
	var src []byte
	var err error
	if path == "-" {
		src, err = io.ReadAll(stdin)
		path = "<stdin>"
	} else {
		src, err = driver.ReadSource(path)
	}
	if err != nil {
		msg := err.Error()
		if i := strings.LastIndex(msg, ": "); i >= 0 {
			msg = msg[i+2:]
		}
		fmt.Fprintf(stderr, "asyncvm: cannot read %s: %s\n", path, msg)
		return nil, path, false
	}
	return src, path, true
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var c common
	fs, ok := parseFlags("run", args, stderr, &c)
	if !ok {
		return driver.ExitCompile
	}
	src, path, ok := load(fs.Arg(0), stdin, stderr)
	if !ok {
		return driver.ExitCompile
	}
	in := stdin
	if fs.Arg(0) == "-" {
		in = strings.NewReader("")
	}
	if c.cpuprof != "" {
		f, err := os.Create(c.cpuprof)
		if err != nil {
			fmt.Fprintf(stderr, "asyncvm: %v\n", err)
			return driver.ExitCompile
		}
		pprof.StartCPUProfile(f)
		defer func() { pprof.StopCPUProfile(); f.Close() }()
	}
	return driver.Run(driver.Options{Filename: path, Source: src, Mode: c.mode, Args: fs.Args()[1:],
		Stdin: in, Stdout: stdout, Stderr: stderr, Stats: c.stats, Timeout: c.timeout, MaxSteps: c.maxSteps,
		MaxHeap: c.limits.heap, MaxThreads: c.limits.threads, MaxOutput: c.limits.output})
}

func check(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var c common
	fs, ok := parseFlags("check", args, stderr, &c)
	if !ok {
		return driver.ExitCompile
	}
	src, path, ok := load(fs.Arg(0), stdin, stderr)
	if !ok {
		return driver.ExitCompile
	}
	mode := "" // both models unless --mode names one
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "mode" {
			mode = c.mode
		}
	})
	return driver.Check(driver.Options{Filename: path, Source: src, Mode: mode, Stdout: stdout, Stderr: stderr})
}

func disasm(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var c common
	fs, ok := parseFlags("disasm", args, stderr, &c)
	if !ok {
		return driver.ExitCompile
	}
	src, path, ok := load(fs.Arg(0), stdin, stderr)
	if !ok {
		return driver.ExitCompile
	}
	mode := c.mode
	if c.lowered {
		mode = "" // the sm lowering unless --mode names a model
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "mode" {
				mode = c.mode
			}
		})
	}
	return driver.Disasm(driver.Options{Filename: path, Source: src, Mode: mode, Stdout: stdout, Stderr: stderr}, c.method, c.lowered)
}

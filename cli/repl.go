package cli

import (
	"flag"
	"fmt"
	"io"

	"asyncvm/driver"
	"asyncvm/repl"
	"asyncvm/vm"
)

const replHelp = `asyncvm repl [--mode rt|sm] [--max-heap SIZE] [--max-threads N] [--max-output SIZE]

An interactive C# shell with C# interactive's semantics: declarations and
variables persist, 'await' works at top level, an expression without ';'
prints its value. Started on a terminal it offers line editing, history
and completion; with input from a pipe or file it evaluates it the same way.
Type :help inside for the meta-commands.
`

// startsRepl reports whether asyncvm without arguments should start the
// REPL (stdin is a terminal) rather than print its usage.
func startsRepl(stdin io.Reader) bool { return repl.IsTerminal(stdin) }

func runRepl(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("repl", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mode := fs.String("mode", "rt", "execution model: rt or sm")
	var lim limits
	lim.register(fs)
	if err := fs.Parse(args); err != nil {
		return driver.ExitCompile
	}
	if *mode != "rt" && *mode != "sm" {
		fmt.Fprintf(stderr, "asyncvm: --mode must be rt or sm, not %q\n", *mode)
		return driver.ExitCompile
	}
	s := repl.New(repl.Options{Mode: *mode, Stdout: stdout, Stderr: stderr,
		Limits: vm.Limits{MaxHeap: lim.heap, MaxThreads: lim.threads, MaxOutput: lim.output}})
	if repl.IsTerminal(stdin) {
		return s.RunTerminal()
	}
	s.RunScript(stdin)
	return 0
}

func init() { help["repl"] = replHelp }

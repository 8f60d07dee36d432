// Package driver wires the pipeline together: parse (lang), compile (compiler,
// with the sm rewrite when asked), and execute (vm, rtasync). cmd/asyncvm and the
// script tests both call it, so a program behaves the same from the CLI and in tests.
package driver

import "io"

// Options describes one program run.
type Options struct {
	Filename string    // shown in diagnostics and stack traces
	Source   []byte    // program text
	Mode     string    // "rt" (default) or "sm"
	Args     []string  // reach Main(string[] args) or top-level args
	Stdin    io.Reader // Console.ReadLine
	Stdout   io.Writer
	Stderr   io.Writer
	Stats    bool // write the --stats JSON line to Stderr at exit
}

// Exit statuses, as documented in the CLI help.
const (
	ExitOK      = 0
	ExitRuntime = 1 // unhandled exception, deadlock, limit
	ExitCompile = 2 // diagnostics or usage error
)

// Run compiles and runs a program and returns its exit status. Diagnostics and
// unhandled exceptions go to opts.Stderr.
func Run(opts Options) int {
	io.WriteString(opts.Stderr, "asyncvm: not implemented yet\n")
	return ExitCompile
}

// Check compiles a program without running it, printing diagnostics to stderr.
func Check(opts Options) int {
	io.WriteString(opts.Stderr, "asyncvm: not implemented yet\n")
	return ExitCompile
}

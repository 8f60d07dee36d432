package driver

import (
	"fmt"
	"io"

	"asyncvm/compiler"
	"asyncvm/lang"
	"asyncvm/sm"
	"asyncvm/vm"
)

// CompileFiles runs the pipeline after parsing, each phase a plain call:
// bind (compiler.Bind), the sm lowering (sm.Lower: every async function in
// mode "sm", the [RuntimeAsyncMethodGeneration(false)] methods in mode
// "rt"), then code generation with rt's liveness (compiler.Compile). script
// compiles REPL-style top-level code. srcs holds each file's text, for
// diagnostics.
func CompileFiles(files []*lang.File, srcs map[string][]byte, mode string, script bool) (*vm.Program, lang.Diagnostics) {
	b := compiler.Bind(files)
	if b.Info == nil {
		return nil, b.Diags
	}
	if ds := sm.Lower(b.Files, b.Info, mode); len(ds) > 0 {
		if compiler.IsInternal(ds) && len(b.Diags) > 0 {
			// A panic lowering a program the binder rejected is a
			// cascade of its errors, which are the report (as in
			// compiler.Compile).
			return nil, b.Diags
		}
		return nil, compiler.MergeDiags(b.Diags, ds)
	}
	return compiler.Compile(b, srcs, compiler.Options{Mode: mode, Script: script})
}

// PrintLowered parses, binds and lowers a program as opts.Mode would (sm
// when unset) and prints the result as C#-like source: the whole program,
// or, when method is not empty, the stub and state machine of each lowered
// function of that name. It returns the exit status.
func PrintLowered(opts Options, method string) int {
	mode := opts.Mode
	if mode == "" {
		mode = "sm"
	}
	f, diags := lang.Parse(opts.Filename, opts.Source)
	if len(diags) == 0 {
		b := compiler.Bind([]*lang.File{f})
		diags = b.Diags
		if b.Info != nil {
			diags = compiler.MergeDiags(b.Diags, sm.Lower(b.Files, b.Info, mode))
		}
	}
	if len(diags) > 0 {
		printDiags(opts.Stderr, diags, opts.Source)
		if compiler.IsInternal(diags) {
			return ExitInternal
		}
		return ExitCompile
	}
	text, ok := sm.Print(f, method)
	if !ok {
		fmt.Fprintf(opts.Stderr, "asyncvm: no async method named %q\n", method)
		return ExitCompile
	}
	io.WriteString(opts.Stdout, text)
	return ExitOK
}

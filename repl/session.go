// Package repl is asyncvm's interactive shell: C# interactive (csi)
// semantics on top of the compiler and the VM.
//
// Every accepted input is kept. To evaluate a new one, the session parses
// all of them again and compiles one program: the classes and top-level
// methods declared so far, a host class holding every top-level variable
// as a static field, and the new input's statements as the body of an
// (async when it awaits) method of that class. A linker appends the
// program to the tables of the previous ones (see linker), so one
// vm.Machine runs every input: its pool, threads, timers and the main
// thread's ExecutionContext persist, and code from earlier inputs stays
// valid. docs/rationale.md records why.
package repl

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strings"
	"sync"

	"asyncvm/driver"
	"asyncvm/lang"
	"asyncvm/vm"
	"asyncvm/vm/threading"
)

// Options configure a session.
type Options struct {
	Mode   string    // "rt" (default) or "sm"
	Stdout io.Writer // program output and echoed values
	Stderr io.Writer // diagnostics and exceptions
	Stdin  io.Reader // Console.ReadLine of evaluated code; empty when nil
	Limits vm.Limits // resource limits of evaluated code (:limits changes them)
}

// Session is the state of one REPL: the accepted inputs, the machine and
// the linked program.
type Session struct {
	opts   Options
	mode   string
	chunks []string // accepted inputs, oldest first

	m       *vm.Machine
	limited *vm.Machine // the machine registered with its limits (released when replaced)
	main    *vm.Thread
	link    *linker
	canon   map[string]*vm.Type
	host    string

	last      string   // the last input evaluated (for :compare)
	lastStats vm.Stats // counters of the last evaluation
	hasStats  bool

	mu        sync.Mutex
	interrupt chan struct{} // closed by Interrupt while an evaluation runs
}

// New makes a session.
func New(opts Options) *Session {
	if opts.Mode == "" {
		opts.Mode = "rt"
	}
	if opts.Stdout == nil {
		opts.Stdout = io.Discard
	}
	if opts.Stderr == nil {
		opts.Stderr = io.Discard
	}
	if opts.Stdin == nil {
		opts.Stdin = strings.NewReader("")
	}
	s := &Session{opts: opts, mode: opts.Mode}
	s.Reset()
	return s
}

// Mode returns the current execution model.
func (s *Session) Mode() string { return s.mode }

// SetMode switches the execution model; declarations and values stay.
func (s *Session) SetMode(mode string) error {
	if mode != "rt" && mode != "sm" {
		return fmt.Errorf("mode must be rt or sm, not %q", mode)
	}
	s.mode = mode
	return nil
}

// Reset forgets every input, value and the machine.
func (s *Session) Reset() {
	s.chunks = nil
	s.dropMachine()
	s.applyLimits()
	s.canon = map[string]*vm.Type{}
	s.link = newLinker(s.canon)
	s.host = "Script"
	s.last = ""
	s.hasStats = false
}

// Interrupt cancels the evaluation in progress, if any (Ctrl-C).
func (s *Session) Interrupt() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.interrupt != nil {
		close(s.interrupt)
		s.interrupt = nil
	}
}

// compiled is one input compiled, before linking.
type compiled struct {
	prog  *vm.Program
	entry *vm.Func
	sub   *submission
}

// parseAll parses the accepted inputs again (the compiler and the sm
// lowering rewrite trees in place, so every compilation gets fresh ones)
// and, when src is not nil, the new input, collecting their declarations.
func (s *Session) parseAll(src *string) (*decls, []*lang.File, *submission, lang.Diagnostics) {
	d := newDecls()
	var files []*lang.File
	for i, c := range s.chunks {
		f, _ := lang.ParseScript(chunkFile(i), []byte(c))
		files = append(files, f)
		d.collect(f, i, false)
	}
	if src == nil {
		files = append(files, &lang.File{Pos: lang.Pos{File: CurrentFile, Line: 1, Col: 1}, Name: CurrentFile})
		return d, files, nil, nil
	}
	f, ds := lang.ParseScript(CurrentFile, []byte(*src))
	if len(ds) > 0 {
		return nil, nil, nil, ds
	}
	files = append(files, f)
	sub := d.collect(f, len(files)-1, true)
	sub.async = hasAwait(sub.body)
	if n := len(sub.body); n > 0 && endsWithoutSemicolon(*src) {
		if es, ok := sub.body[n-1].(*lang.ExprStmt); ok {
			sub.echo = true
			sub.quietNull = mayBeVoid(es.X)
		}
	}
	return d, files, sub, nil
}

// hostName picks the host class's name: "Script", unless a declared type
// already has it.
func hostName(d *decls) string {
	taken := map[string]bool{}
	for _, td := range d.types {
		taken[td.Name] = true
	}
	name := "Script"
	for i := 1; taken[name]; i++ {
		name = fmt.Sprintf("Script%d", i)
	}
	return name
}

// compile builds the program for src with the session's declarations.
func (s *Session) compile(src string, mode string) (*compiled, lang.Diagnostics, map[string][]byte) {
	srcs := s.sources(src)
	d, files, sub, ds := s.parseAll(&src)
	if len(ds) > 0 {
		return nil, ds, srcs
	}
	s.printDiags(files[len(files)-1].Warnings, srcs)
	host := hostName(d)
	prog, ds := compileFiles(d.program(host, files, len(files)-1, sub), srcs, mode)
	if len(ds) > 0 && sub.echo {
		// The last expression may be void (a call, an awaited Task): run it
		// as a statement and print nothing, as C# interactive does.
		d2, files2, sub2, _ := s.parseAll(&src)
		sub2.echo = false
		if p2, ds2 := compileFiles(d2.program(host, files2, len(files2)-1, sub2), srcs, mode); len(ds2) == 0 {
			prog, ds, sub = p2, nil, sub2
		}
	}
	if len(ds) > 0 {
		return nil, ds, srcs
	}
	c := &compiled{prog: prog, sub: sub}
	for _, f := range prog.Funcs {
		if f.Name == evalName && f.Owner != nil && f.Owner.Name == host {
			c.entry = f
		}
	}
	if c.entry == nil {
		return nil, lang.Diagnostics{{Pos: lang.Pos{File: CurrentFile, Line: 1, Col: 1}, Msg: "internal error: no entry method"}}, srcs
	}
	s.host = host
	return c, nil, srcs
}

// compileFiles runs the pipeline after parsing (driver.CompileFiles, whose
// phases each report a panic as an internal error) on the session's files.
func compileFiles(files []*lang.File, srcs map[string][]byte, mode string) (*vm.Program, lang.Diagnostics) {
	return driver.CompileFiles(files, srcs, mode, true)
}

func (s *Session) sources(src string) map[string][]byte {
	m := map[string][]byte{CurrentFile: []byte(src)}
	for i, c := range s.chunks {
		m[chunkFile(i)] = []byte(c)
	}
	return m
}

// printDiags writes diagnostics with their source line and caret.
func (s *Session) printDiags(ds lang.Diagnostics, srcs map[string][]byte) {
	for _, d := range ds {
		text := lang.FormatDiagnostic(d, srcs[d.Pos.File])
		if !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		io.WriteString(s.opts.Stderr, text)
	}
}

// Eval compiles and runs one input, printing its output, its value when
// it ends with an expression, or its diagnostics or exception. It reports
// whether the input compiled and ran without an exception.
func (s *Session) Eval(src string) bool {
	if strings.TrimSpace(src) == "" {
		return true
	}
	s.last = src
	c, ds, srcs := s.compile(src, s.mode)
	if len(ds) > 0 {
		s.printDiags(ds, srcs)
		return false
	}
	prog, err := s.link.link(c.prog, s.host, c.sub.redeclared)
	if err == errTablesFull {
		fmt.Fprintln(s.opts.Stderr, "(the program tables are full: starting a new machine; delegates made by earlier inputs stop working)")
		s.link = newLinker(s.canon)
		s.dropMachine()
		prog, err = s.link.link(c.prog, s.host, c.sub.redeclared)
	}
	if err != nil {
		fmt.Fprintf(s.opts.Stderr, "asyncvm: %v\n", err)
		return false
	}
	s.chunks = append(s.chunks, src)
	return s.run(prog, c)
}

// dropMachine closes the session's machine, if any, and forgets it.
func (s *Session) dropMachine() {
	if s.m != nil {
		s.m.Close()
	}
	s.m, s.main = nil, nil
}

// machine returns the session's machine running prog, making one when
// there is none (first input, or the last one was cancelled or crashed).
func (s *Session) machine(prog *vm.Program) *vm.Machine {
	if s.m == nil || s.m.CrashErr() != nil {
		s.dropMachine()
		s.m = vm.NewMachine(prog, s.opts.Stdout, s.opts.Stderr)
		s.m.Stdin = s.opts.Stdin
		threading.Install(s.m)
		s.main = s.m.NewThread()
		threading.Attach(s.main)
		return s.m
	}
	s.m.Prog = prog
	threading.Install(s.m)
	return s.m
}

type evalResult struct {
	text  string
	quiet bool // nothing to print
	err   error
}

// run executes a linked submission on the main thread, on its own
// goroutine so that Ctrl-C can abandon it.
func (s *Session) run(prog *vm.Program, c *compiled) bool {
	m := s.machine(prog)
	s.applyLimits() // the output budget is per evaluation
	t := s.main
	before := m.Stats()
	intr := make(chan struct{})
	s.mu.Lock()
	s.interrupt = intr
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.interrupt = nil
		s.mu.Unlock()
	}()
	done := make(chan evalResult, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				msg := fmt.Sprintf("internal error: %v", r)
				if os.Getenv("ASYNCVM_DEBUG") != "" {
					msg += "\n" + string(debug.Stack())
				}
				done <- evalResult{err: &vm.Fatal{Msg: msg, Code: 70}}
			}
		}()
		v, err := t.Invoke(c.entry, vm.Null, nil)
		if err == nil && c.sub.async {
			if tk := v.AsTask(); tk != nil {
				v, err = tk.GetResult(t)
			}
		}
		if err != nil || !c.sub.echo || v.IsNull() && c.sub.quietNull {
			done <- evalResult{err: err, quiet: true}
			return
		}
		text, err := formatValue(t, v)
		done <- evalResult{text: text, err: err}
	}()
	var r evalResult
	select {
	case r = <-done:
	case <-m.Crashed():
		r.err = m.CrashErr() // reported below, then the machine is dropped
	case <-intr:
		m.Stop(&vm.Fatal{Msg: "evaluation canceled", Code: 130})
		fmt.Fprintln(s.opts.Stderr, "evaluation canceled")
		s.recordStats(m, before)
		s.dropMachine()
		return false
	}
	s.recordStats(m, before)
	if r.err != nil {
		s.report(t, r.err)
		if m.CrashErr() != nil {
			s.dropMachine()
		}
		return false
	}
	if c.sub.echo && !r.quiet {
		m.Write(r.text + "\n")
	}
	return true
}

func (s *Session) recordStats(m *vm.Machine, before vm.Stats) {
	after := m.Stats()
	s.lastStats = vm.Stats{
		Instructions:      after.Instructions - before.Instructions,
		Calls:             after.Calls - before.Calls,
		AsyncCalls:        after.AsyncCalls - before.AsyncCalls,
		Suspensions:       after.Suspensions - before.Suspensions,
		Continuations:     after.Continuations - before.Continuations,
		Tasks:             after.Tasks - before.Tasks,
		StateMachineBoxes: after.StateMachineBoxes - before.StateMachineBoxes,
		ECCaptures:        after.ECCaptures - before.ECCaptures,
		ECRestores:        after.ECRestores - before.ECRestores,
		PoolItems:         after.PoolItems - before.PoolItems,
	}
	s.hasStats = true
}

// report prints an exception as .NET formats it, or a fatal error.
func (s *Session) report(t *vm.Thread, err error) {
	switch e := err.(type) {
	case *vm.Thrown:
		text, serr := t.ToString(vm.Ref(e.Exc))
		if serr != nil {
			text = e.Error()
		}
		fmt.Fprintln(s.opts.Stderr, text)
	case *vm.Fatal:
		if e.Msg != "" {
			fmt.Fprintln(s.opts.Stderr, e.Msg)
		}
	default:
		fmt.Fprintf(s.opts.Stderr, "asyncvm: %v\n", err)
	}
}

// Stats returns the counters of the last evaluation as one JSON line.
func (s *Session) Stats() (string, bool) {
	if !s.hasStats {
		return "", false
	}
	b, _ := json.Marshal(s.lastStats)
	return string(b), true
}

// Names lists the names declared so far: variables, constants, methods
// and types, sorted.
func (s *Session) Names() []string {
	d, _, _, _ := s.parseAll(nil)
	var out []string
	for _, v := range d.vars {
		out = append(out, v.name)
	}
	for _, c := range d.consts {
		out = append(out, c.Decls[0].Name)
	}
	for _, m := range d.methods {
		out = append(out, m.Name)
	}
	for _, t := range d.types {
		out = append(out, t.Name)
	}
	sort.Strings(out)
	return out
}

// Value returns the current value of a top-level variable.
func (s *Session) Value(name string) (vm.Value, bool) {
	t := s.canon[s.host]
	if t == nil {
		return vm.Null, false
	}
	for i, f := range t.StaticFields {
		if f.Name == name && i < len(t.StaticVals) {
			return t.StaticVals[i], true
		}
	}
	return vm.Null, false
}

// Type returns the canonical runtime type of a class declared so far.
func (s *Session) Type(name string) *vm.Type {
	if t := s.canon[name]; t != nil {
		return t
	}
	for n, t := range s.canon {
		if strings.HasSuffix(n, "."+name) {
			return t
		}
	}
	return nil
}

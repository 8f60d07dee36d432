package repl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"asyncvm/compiler"
	"asyncvm/driver"
	"asyncvm/lang"
	"asyncvm/vm"
)

// HelpText is what :help prints.
const HelpText = `Enter C# statements, declarations or expressions. An expression without a
trailing ';' prints its value; 'await' works at top level. While a bracket,
string or comment is open the prompt is '. ' and input continues; an empty
line submits what was typed. Ctrl-C clears the input or cancels a running
evaluation; Ctrl-D on an empty line exits.

  :help            this text
  :mode rt|sm      switch the async model (declarations are kept)
  :disasm NAME     bytecode of a method (Name or Type.Name)
  :lowered NAME    the sm state-machine rewrite of an async method
  :stats           execution counters of the last evaluation
  :limits [heap SIZE] [threads N] [output SIZE]
                   show or set the resource limits (none: no limit)
  :compare         run the last input again in both modes and compare
  :load FILE       evaluate a file
  :reset           forget every declaration and value
  :quit            exit
`

// Command runs a meta-command line (starting with ':') and reports whether
// the REPL should exit.
func (s *Session) Command(line string) (quit bool) {
	fields := strings.Fields(strings.TrimPrefix(strings.TrimSpace(line), ":"))
	if len(fields) == 0 {
		io.WriteString(s.opts.Stderr, "empty command; :help lists them\n")
		return false
	}
	arg := ""
	if len(fields) > 1 {
		arg = strings.Join(fields[1:], " ")
	}
	out, errw := s.opts.Stdout, s.opts.Stderr
	switch fields[0] {
	case "help", "h", "?":
		io.WriteString(out, HelpText)
	case "quit", "q", "exit":
		return true
	case "mode":
		if arg == "" {
			fmt.Fprintf(out, "mode %s\n", s.mode)
			break
		}
		if err := s.SetMode(arg); err != nil {
			fmt.Fprintf(errw, ":mode: %v\n", err)
			break
		}
		fmt.Fprintf(out, "mode %s\n", s.mode)
	case "reset":
		s.Reset()
		io.WriteString(out, "state reset\n")
	case "stats":
		if js, ok := s.Stats(); ok {
			fmt.Fprintln(out, js)
		} else {
			io.WriteString(errw, ":stats: nothing evaluated yet\n")
		}
	case "disasm":
		s.disasm(arg)
	case "lowered":
		s.lowered(arg)
	case "compare":
		s.compare()
	case "load":
		s.load(arg)
	case "limits":
		s.limitsCommand(fields[1:])
	default:
		fmt.Fprintf(errw, "unknown command :%s; :help lists them\n", fields[0])
	}
	return false
}

// declarationsProgram compiles the declarations so far, without running
// anything (for :disasm).
func (s *Session) declarationsProgram() (*vm.Program, bool) {
	d, files, _, _ := s.parseAll(nil)
	srcs := s.sources("")
	prog, ds := compileFiles(d.program(hostName(d), files, len(files)-1, nil), srcs, s.mode)
	if len(ds) > 0 {
		s.printDiags(ds, srcs)
		return nil, false
	}
	return prog, true
}

func (s *Session) disasm(name string) {
	if name == "" {
		io.WriteString(s.opts.Stderr, "usage: :disasm NAME\n")
		return
	}
	prog, ok := s.declarationsProgram()
	if !ok {
		return
	}
	found := false
	for _, f := range prog.Funcs {
		if f.Native != nil || f.File == compiler.PreludeFile {
			continue
		}
		if f.Name == name || f.QualifiedName() == name || strings.HasSuffix(f.QualifiedName(), "."+name) {
			io.WriteString(s.opts.Stdout, driver.DisasmFunc(prog, f))
			found = true
		}
	}
	if !found {
		fmt.Fprintf(s.opts.Stderr, ":disasm: no method %q\n", name)
	}
}

// declarationsSource prints the declarations so far as one C# file.
func (s *Session) declarationsSource() string {
	d, files, _, _ := s.parseAll(nil)
	merged := &lang.File{Name: "<repl>", Usings: d.usings}
	for _, f := range d.program(hostName(d), files, len(files)-1, nil) {
		merged.Types = append(merged.Types, f.Types...)
	}
	return lang.Print(merged)
}

func (s *Session) lowered(name string) {
	src := s.declarationsSource()
	driver.PrintLowered(driver.Options{Filename: "<repl>", Source: []byte(src), Mode: "sm",
		Stdout: s.opts.Stdout, Stderr: s.opts.Stderr}, name)
}

// replay runs every accepted input but the last in a fresh session of the
// given mode, then the last one, and returns the last one's output and
// counters.
func (s *Session) replay(mode string) (string, vm.Stats) {
	var out bytes.Buffer
	r := New(Options{Mode: mode, Stdout: io.Discard, Stderr: io.Discard, Limits: s.opts.Limits})
	defer r.Reset()
	chunks := s.chunks
	if n := len(chunks); n > 0 && chunks[n-1] == s.last {
		chunks = chunks[:n-1]
	}
	for _, c := range chunks {
		r.Eval(c)
	}
	r.opts.Stdout, r.opts.Stderr = &out, &out
	if r.m != nil {
		r.m.Stdout, r.m.Stderr = &out, &out
	}
	r.Eval(s.last)
	return out.String(), r.lastStats
}

// compare runs the last input in both modes (after replaying the inputs
// before it) and shows their output and counters side by side.
func (s *Session) compare() {
	if s.last == "" {
		io.WriteString(s.opts.Stderr, ":compare: nothing evaluated yet\n")
		return
	}
	rtOut, rtStats := s.replay("rt")
	smOut, smStats := s.replay("sm")
	w := s.opts.Stdout
	if rtOut == smOut {
		io.WriteString(w, "output: same in rt and sm\n")
		io.WriteString(w, indent(rtOut))
	} else {
		io.WriteString(w, "output differs\n-- rt --\n"+indent(rtOut)+"-- sm --\n"+indent(smOut))
	}
	fmt.Fprintf(w, "%-20s %12s %12s\n", "counter", "rt", "sm")
	rt, sm := statsMap(rtStats), statsMap(smStats)
	for _, k := range statKeys {
		mark := ""
		if rt[k] != sm[k] {
			mark = "  *"
		}
		fmt.Fprintf(w, "%-20s %12d %12d%s\n", k, rt[k], sm[k], mark)
	}
}

var statKeys = []string{"instructions", "calls", "async_calls", "suspensions", "continuations", "tasks",
	"state_machine_boxes", "ec_captures", "ec_restores", "pool_items"}

func statsMap(st vm.Stats) map[string]int64 {
	m := map[string]int64{}
	b, _ := json.Marshal(st)
	json.Unmarshal(b, &m)
	return m
}

func indent(s string) string {
	if s == "" {
		return ""
	}
	var b strings.Builder
	for _, l := range strings.SplitAfter(s, "\n") {
		if l != "" {
			b.WriteString("  " + l)
		}
	}
	if !strings.HasSuffix(s, "\n") {
		b.WriteByte('\n')
	}
	return b.String()
}

// load evaluates a file as REPL input, submission by submission.
func (s *Session) load(path string) {
	if path == "" {
		io.WriteString(s.opts.Stderr, "usage: :load FILE\n")
		return
	}
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(s.opts.Stderr, ":load: %v\n", err)
		return
	}
	defer f.Close()
	s.RunScript(f)
}

// RunScript reads input that is not a terminal: lines are gathered into
// submissions exactly as the interactive prompt would (continuing while a
// bracket, string or comment is open or the parser wants more, and an
// empty line submitting what was gathered), and each is evaluated with the
// same output. It returns false when :quit was read.
func (s *Session) RunScript(r io.Reader) bool {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	var buf strings.Builder
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if buf.Len() == 0 {
			t := strings.TrimSpace(line)
			if t == "" {
				continue
			}
			if strings.HasPrefix(t, ":") {
				if s.Command(t) {
					return false
				}
				continue
			}
		}
		if buf.Len() > 0 && strings.TrimSpace(line) == "" {
			s.Eval(buf.String())
			buf.Reset()
			continue
		}
		if buf.Len() > 0 {
			buf.WriteByte('\n')
		}
		buf.WriteString(line)
		if !NeedsMore(buf.String()) {
			s.Eval(buf.String())
			buf.Reset()
		}
	}
	if buf.Len() > 0 {
		s.Eval(buf.String())
	}
	return true
}

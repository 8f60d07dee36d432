package repl

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"

	"github.com/chzyer/readline"

	"asyncvm/vm"
)

// Prompts of the interactive loop.
const (
	Prompt         = "> "
	ContinuePrompt = ". "
)

// IsTerminal reports whether r is an interactive terminal.
func IsTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && readline.IsTerminal(int(f.Fd()))
}

// HistoryPath is the history file: asyncvm/history under the user's config
// directory, or "" when there is none.
func HistoryPath() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	dir = filepath.Join(dir, "asyncvm")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return ""
	}
	return filepath.Join(dir, "history")
}

// RunTerminal runs the interactive loop on the terminal with line editing,
// history (Ctrl-R searches it) and tab completion, and returns the exit
// status.
func (s *Session) RunTerminal() int {
	rl, err := readline.NewEx(&readline.Config{
		Prompt:            Prompt,
		HistoryFile:       HistoryPath(),
		HistorySearchFold: true,
		AutoComplete:      &completer{s: s},
		InterruptPrompt:   "^C",
		EOFPrompt:         "",
	})
	if err != nil {
		fmt.Fprintf(s.opts.Stderr, "asyncvm repl: %v\n", err)
		return 1
	}
	defer rl.Close()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer signal.Stop(sigs)
	go func() {
		for range sigs {
			s.Interrupt()
		}
	}()
	fmt.Fprintf(s.opts.Stdout, "asyncvm interactive (mode %s). Type :help for help, Ctrl-D to exit.\n", s.mode)
	var buf strings.Builder
	for {
		if buf.Len() == 0 {
			rl.SetPrompt(Prompt)
		} else {
			rl.SetPrompt(ContinuePrompt)
		}
		line, err := rl.Readline()
		if errors.Is(err, readline.ErrInterrupt) {
			buf.Reset()
			continue
		}
		if errors.Is(err, io.EOF) {
			if buf.Len() == 0 {
				return 0
			}
			buf.Reset()
			continue
		}
		if err != nil {
			return 1
		}
		if buf.Len() == 0 {
			t := strings.TrimSpace(line)
			if t == "" {
				continue
			}
			if strings.HasPrefix(t, ":") {
				if s.Command(t) {
					return 0
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
}

// keywords are the C# keywords offered by completion.
var keywords = strings.Fields(`abstract as async await base bool break byte case catch char checked class
const continue decimal default delegate do double else enum event explicit false finally float for
foreach get goto if implicit in init int interface internal is lock long namespace new null object
operator out override params private protected public readonly record ref return sealed set short
static string struct switch this throw true try typeof uint ulong using var virtual void volatile
when where while yield nameof`)

// completer offers keywords, declared names and library types, or after
// a '.' the members of the value, type or variable before it.
type completer struct{ s *Session }

func isIdent(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

// Do implements readline.AutoCompleter.
func (c *completer) Do(line []rune, pos int) ([][]rune, int) {
	start := pos
	for start > 0 && isIdent(line[start-1]) {
		start--
	}
	prefix := string(line[start:pos])
	var cands []string
	if start > 0 && line[start-1] == '.' {
		end := start - 1
		b := end
		for b > 0 && (isIdent(line[b-1]) || line[b-1] == '.') {
			b--
		}
		cands = c.s.members(string(line[b:end]))
	} else {
		cands = append(cands, keywords...)
		cands = append(cands, c.s.Names()...)
		for _, t := range vm.Builtins() {
			cands = append(cands, typeDisplay(t, nil))
		}
	}
	return completions(cands, prefix), len([]rune(prefix))
}

// completions returns the distinct candidates starting with prefix, as the
// text to insert after it.
func completions(cands []string, prefix string) [][]rune {
	seen := map[string]bool{}
	var out []string
	for _, c := range cands {
		if strings.HasPrefix(c, prefix) && c != prefix && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	sort.Strings(out)
	res := make([][]rune, len(out))
	for i, c := range out {
		res[i] = []rune(c[len(prefix):])
	}
	return res
}

// members lists what may follow "expr." for a variable (by its current
// value's type), a declared class or a library type (its static members).
func (s *Session) members(expr string) []string {
	if v, ok := s.Value(expr); ok && !v.IsNull() {
		return memberNames(v.Type(), false)
	}
	if t := s.Type(expr); t != nil {
		return memberNames(t, true)
	}
	for _, t := range vm.Builtins() {
		if typeDisplay(t, nil) == expr || t.FullName() == expr {
			return memberNames(t, true)
		}
	}
	return nil
}

func memberNames(t *vm.Type, static bool) []string {
	var out []string
	add := func(m map[string][]*vm.Func) {
		for name := range m {
			name = strings.TrimPrefix(strings.TrimPrefix(name, "get_"), "set_")
			if !strings.HasPrefix(name, "<") && !strings.HasPrefix(name, ".") {
				out = append(out, name)
			}
		}
	}
	if static {
		add(t.Statics)
		for _, f := range t.StaticFields {
			out = append(out, f.Name)
		}
		for _, e := range t.EnumNames {
			out = append(out, e.Name)
		}
		return out
	}
	for c := t; c != nil; c = c.Super {
		add(c.Methods)
	}
	for _, f := range t.Fields {
		if !strings.HasPrefix(f.Name, "<") {
			out = append(out, f.Name)
		}
	}
	return out
}

package driver

import (
	"bytes"
	"flag"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"sort"
	"strings"
	"testing"
	"time"

	"asyncvm/internal/race"
	"asyncvm/lang"
)

// The mutation harness: every script test and example, mutated token by
// token, is compiled in both models and, when it compiles, run under small
// limits. A mutant must come back as positioned diagnostics or a .NET-style
// runtime failure, never as a Go panic, an internal error, a hang, or a
// message that leaks the implementation (docs/design.md, "Mutation testing").
//
// By default TestMutations runs a fixed sample that takes a few seconds.
// -mutate.all runs every mutation of every program (minutes); -mutate.file
// restricts either to the programs whose path contains the given text;
// -mutate.exec=false skips running what compiles. FuzzMutate lets the fuzzing
// engine choose the program, the mutation and its place.
var (
	mutateAll    = flag.Bool("mutate.all", false, "TestMutations: every mutation of every program")
	mutateFile   = flag.String("mutate.file", "", "TestMutations: only programs whose path contains this")
	mutateExec   = flag.Bool("mutate.exec", true, "TestMutations: run the mutants that compile")
	mutateShow   = flag.Bool("mutate.v", false, "TestMutations: report every failing mutant, not one per kind of failure")
	mutateStride = flag.Int("mutate.stride", 16, "TestMutations -mutate.all: apply each mutation at every stride-th token")
	mutateFrom   = flag.String("mutate.from", "", "TestMutations: skip the programs whose path sorts before this (resume a long run)")
	mutateOne    = flag.String("mutate.one", "", "TestMutations: only the mutant name@token (as a failure names it) of the -mutate.file programs")
)

// mutSpan is one token of a program: src[off:end].
type mutSpan struct {
	off, end int
	kind     byte // 'i' identifier or keyword, 'n' number, 's' string or char, 'p' punctuation
}

// mutTokens splits src into tokens, approximately as the lexer does; the
// mutations only need token boundaries, not exact kinds (an interpolated
// string is one token, a multi-character operator several).
func mutTokens(src []byte) []mutSpan {
	var toks []mutSpan
	i := 0
	isIdent := func(c byte) bool {
		return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j := bytes.Index(src[i+2:], []byte("*/"))
			if j < 0 {
				i = len(src)
			} else {
				i += j + 4
			}
			continue
		}
		start := i
		kind := byte('p')
		switch {
		case c >= '0' && c <= '9':
			kind = 'n'
			for i < len(src) && (isIdent(src[i]) || src[i] == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9') {
				i++
			}
		case isIdent(c) || c == '@' && i+1 < len(src) && isIdent(src[i+1]):
			kind = 'i'
			i++
			for i < len(src) && isIdent(src[i]) {
				i++
			}
		case c == '"' || c == '\'' || (c == '$' || c == '@') && i+1 < len(src) && (src[i+1] == '"' || src[i+1] == '$' || src[i+1] == '@'):
			kind = 's'
			i = mutStringEnd(src, i)
		default:
			i++
		}
		toks = append(toks, mutSpan{start, i, kind})
	}
	return toks
}

// mutStringEnd returns the end of the string or character literal at src[i]
// (regular, verbatim, interpolated or raw), or len(src) when it is not closed.
func mutStringEnd(src []byte, i int) int {
	verbatim, interp := false, 0
	for i < len(src) && (src[i] == '$' || src[i] == '@') {
		if src[i] == '@' {
			verbatim = true
		} else {
			interp++
		}
		i++
	}
	if i >= len(src) {
		return i
	}
	q := src[i]
	if q == '"' && bytes.HasPrefix(src[i:], []byte(`"""`)) {
		n := 0
		for i < len(src) && src[i] == '"' {
			n++
			i++
		}
		if j := bytes.Index(src[i:], bytes.Repeat([]byte{'"'}, n)); j >= 0 {
			return i + j + n
		}
		return len(src)
	}
	i++
	depth := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\\' && !verbatim:
			i += 2
			continue
		case c == q && verbatim && i+1 < len(src) && src[i+1] == q:
			i += 2
			continue
		case c == '{' && interp > 0:
			depth++
		case c == '}' && depth > 0:
			depth--
		case c == q && depth == 0:
			return i + 1
		case c == '\n' && !verbatim && depth == 0:
			return i
		}
		i++
	}
	return len(src)
}

// mutation is one way of breaking a program: edit makes the mutant for
// token index at (0 <= at < len(toks)), or returns nil when the mutation
// does not apply there.
type mutation struct {
	name string
	edit func(src []byte, toks []mutSpan, at int) []byte
}

// splice replaces src[off:end] with text.
func splice(src []byte, off, end int, text string) []byte {
	out := make([]byte, 0, len(src)+len(text))
	out = append(out, src[:off]...)
	out = append(out, text...)
	return append(out, src[end:]...)
}

func tokText(src []byte, t mutSpan) string { return string(src[t.off:t.end]) }

// nth finds the first token at or after at (wrapping around) for which ok
// holds, so that a mutation aimed at one kind of token lands on one.
func nth(src []byte, toks []mutSpan, at int, ok func(string, mutSpan) bool) (int, bool) {
	for k := range toks {
		i := (at + k) % len(toks)
		if ok(tokText(src, toks[i]), toks[i]) {
			return i, true
		}
	}
	return 0, false
}

var mutKeywords = []string{"class", "async", "await", "return", "if", "var", "new", "static", "this", "base",
	"yield", "null", "void", "int", "string", "struct", "record", "where", "params", "ref", "out", "in",
	"delegate", "operator", "throw", "default", "typeof", "checked", "using", "lock", "goto", "case",
	"event", "interface", "abstract", "override", "virtual", "readonly", "const", "fixed", "unsafe", "stackalloc"}

var mutHuge = []string{"99999999999999999999999999999", "1e400", "0xFFFFFFFFFFFFFFFFFFFF", "-2147483648", "9223372036854775808",
	"'\\uFFFF'", "\"" + strings.Repeat("x", 1<<16) + "\"", "1.7976931348623157E+309", "0b" + strings.Repeat("1", 70), "int.MaxValue", "long.MinValue"}

var mutations = []mutation{
	{"delete", func(src []byte, toks []mutSpan, at int) []byte {
		return splice(src, toks[at].off, toks[at].end, "")
	}},
	{"duplicate", func(src []byte, toks []mutSpan, at int) []byte {
		return splice(src, toks[at].end, toks[at].end, " "+tokText(src, toks[at]))
	}},
	{"swap", func(src []byte, toks []mutSpan, at int) []byte {
		if at+1 >= len(toks) {
			return nil
		}
		a, b := toks[at], toks[at+1]
		mid := string(src[a.end:b.off])
		return splice(src, a.off, b.end, tokText(src, b)+mid+tokText(src, a))
	}},
	{"drop-delimiter", func(src []byte, toks []mutSpan, at int) []byte {
		i, ok := nth(src, toks, at, func(s string, _ mutSpan) bool { return strings.Contains("{}();[]<>,", s) })
		if !ok {
			return nil
		}
		return splice(src, toks[i].off, toks[i].end, "")
	}},
	{"keyword-for-ident", func(src []byte, toks []mutSpan, at int) []byte {
		i, ok := nth(src, toks, at, func(_ string, t mutSpan) bool { return t.kind == 'i' })
		if !ok {
			return nil
		}
		return splice(src, toks[i].off, toks[i].end, mutKeywords[at%len(mutKeywords)])
	}},
	{"truncate", func(src []byte, toks []mutSpan, at int) []byte {
		return append([]byte(nil), src[:toks[at].off]...)
	}},
	{"truncate-mid-token", func(src []byte, toks []mutSpan, at int) []byte {
		t := toks[at]
		if t.end-t.off < 2 {
			return nil
		}
		return append([]byte(nil), src[:t.off+(t.end-t.off)/2]...)
	}},
	{"int-string", func(src []byte, toks []mutSpan, at int) []byte {
		i, ok := nth(src, toks, at, func(s string, _ mutSpan) bool {
			return s == "int" || s == "string" || s == "bool" || s == "Task" || s == "void" || s == "var"
		})
		if !ok {
			return nil
		}
		repl := map[string]string{"int": "string", "string": "int", "bool": "int", "Task": "int", "void": "Task", "var": "string"}
		return splice(src, toks[i].off, toks[i].end, repl[tokText(src, toks[i])])
	}},
	{"remove-async", func(src []byte, toks []mutSpan, at int) []byte {
		i, ok := nth(src, toks, at, func(s string, _ mutSpan) bool { return s == "async" })
		if !ok {
			return nil
		}
		return splice(src, toks[i].off, toks[i].end, "")
	}},
	{"insert-await", func(src []byte, toks []mutSpan, at int) []byte {
		return splice(src, toks[at].off, toks[at].off, "await ")
	}},
	{"remove-await", func(src []byte, toks []mutSpan, at int) []byte {
		return replaceWord(src, toks, at, map[string]string{"await": ""})
	}},
	{"task-valuetask", func(src []byte, toks []mutSpan, at int) []byte {
		return replaceWord(src, toks, at, map[string]string{"Task": "ValueTask", "ValueTask": "Task"})
	}},
	{"int-string-byte", func(src []byte, toks []mutSpan, at int) []byte {
		return replaceWord(src, toks, at, map[string]string{"int": "byte", "byte": "string", "string": "byte", "long": "byte", "char": "byte"})
	}},
	{"delete-brace", func(src []byte, toks []mutSpan, at int) []byte {
		i, ok := nth(src, toks, at, func(s string, _ mutSpan) bool { return s == "{" || s == "}" })
		if !ok {
			return nil
		}
		return splice(src, toks[i].off, toks[i].end, "")
	}},
	{"rename-use", func(src []byte, toks []mutSpan, at int) []byte {
		// One occurrence of a name becomes another name of the program: a
		// local for a type, a method for a field, a parameter out of scope.
		i, ok := nth(src, toks, at, isName)
		if !ok {
			return nil
		}
		j, ok := nth(src, toks, mutHash(tokText(src, toks[i]), fmt.Sprint(at))%len(toks), func(s string, t mutSpan) bool {
			return isName(s, t) && s != tokText(src, toks[i])
		})
		if !ok {
			return nil
		}
		return splice(src, toks[i].off, toks[i].end, tokText(src, toks[j]))
	}},
	{"rename-all", func(src []byte, toks []mutSpan, at int) []byte {
		// Every occurrence of a name becomes another name of the program,
		// so declarations collide or shadow rather than go missing.
		i, ok := nth(src, toks, at, isName)
		if !ok {
			return nil
		}
		from := tokText(src, toks[i])
		j, ok := nth(src, toks, (at*31+7)%len(toks), func(s string, t mutSpan) bool { return isName(s, t) && s != from })
		if !ok {
			return nil
		}
		to := tokText(src, toks[j])
		out := append([]byte(nil), src...)
		for k := len(toks) - 1; k >= 0; k-- {
			if tokText(src, toks[k]) == from {
				out = splice(out, toks[k].off, toks[k].end, to)
			}
		}
		return out
	}},
	{"huge-literal", func(src []byte, toks []mutSpan, at int) []byte {
		i, ok := nth(src, toks, at, func(_ string, t mutSpan) bool { return t.kind == 'n' || t.kind == 's' })
		if !ok {
			return nil
		}
		return splice(src, toks[i].off, toks[i].end, mutHuge[at%len(mutHuge)])
	}},
}

// replaceWord replaces the first token at or after at (wrapping around)
// that is a key of repl with its value, or returns nil when there is none.
func replaceWord(src []byte, toks []mutSpan, at int, repl map[string]string) []byte {
	i, ok := nth(src, toks, at, func(s string, _ mutSpan) bool { _, ok := repl[s]; return ok })
	if !ok {
		return nil
	}
	return splice(src, toks[i].off, toks[i].end, repl[tokText(src, toks[i])])
}

// csKeywords are the words isName does not take for names.
var csKeywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`abstract as base bool break byte case catch char checked class const continue
		decimal default delegate do double else enum event explicit extern false finally fixed float for foreach
		goto if implicit in int interface internal is lock long namespace new null object operator out override
		params private protected public readonly ref return sbyte sealed short sizeof stackalloc static string
		struct switch this throw true try typeof uint ulong unchecked unsafe ushort using virtual void volatile
		while async await var yield record get set init value where when nameof dynamic`) {
		csKeywords[k] = true
	}
}

// isName reports whether a token is an identifier that is not a keyword.
func isName(s string, t mutSpan) bool { return t.kind == 'i' && !csKeywords[s] }

// mutSource is one seed program.
type mutSource struct {
	path string
	src  []byte
}

func mutSeeds(tb testing.TB) []mutSource {
	var out []mutSource
	for _, dir := range []string{"../tests/testdata", "../examples"} {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".async") {
				return err
			}
			if *mutateFile != "" && !strings.Contains(path, *mutateFile) || path < *mutateFrom {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if race.Skip(src) { // it races on purpose: the detector would report the program
				return nil
			}
			out = append(out, mutSource{path, src})
			return nil
		})
	}
	if len(out) == 0 {
		tb.Fatal("no seed programs under ../tests/testdata or ../examples")
	}
	return out
}

// leak matches text that belongs to the implementation rather than to a
// diagnostic or a .NET exception message: Go panics and stacks, Go format
// errors, Go type names of the front end.
var leak = regexp.MustCompile(`internal error|%!|goroutine \d|\.go:\d|runtime error|nil pointer|index out of range \[|` +
	`\b(lang|bind|compiler|vm|sm|reflect|participle)\.[A-Z][A-Za-z]*\b|\binterface \{\}|<nil>|unexpected (node|type|kind|expr|stmt|statement|expression)\b`)

// mutResult is what one mutant did, for the harness's checks.
type mutResult struct {
	problem string // empty when the mutant behaved
}

// checkMutant compiles src in both models and, when it compiles and exec is
// set, runs it under small limits. It returns a description of the first
// misbehaviour, or "".
func checkMutant(src []byte, exec bool) string {
	const file = "m.async"
	for _, mode := range []string{"rt", "sm"} {
		type compiled struct {
			ok    bool
			diags lang.Diagnostics
			code  int
			panic string
		}
		done := make(chan compiled, 1)
		start := time.Now()
		go func() {
			defer func() {
				if r := recover(); r != nil {
					done <- compiled{panic: fmt.Sprintf("%v\n%s", r, debug.Stack())}
				}
			}()
			prog, diags, code := compile(Options{Filename: file, Source: src, Mode: mode})
			done <- compiled{ok: prog != nil, diags: diags, code: code}
		}()
		var c compiled
		select {
		case c = <-done:
		case <-time.After(20 * time.Second):
			return mode + ": compile did not end within 20s"
		}
		if d := time.Since(start); d > 5*time.Second {
			return fmt.Sprintf("%s: compile took %v", mode, d.Round(time.Millisecond))
		}
		if c.panic != "" {
			return mode + ": panic escaped compile: " + c.panic
		}
		if c.code == ExitInternal {
			return mode + ": " + c.diags.Error()
		}
		if !c.ok && len(c.diags) == 0 {
			return mode + ": no program and no diagnostics"
		}
		for _, d := range c.diags {
			if d.Pos.File != file || d.Pos.Line < 1 || d.Pos.Col < 1 {
				return fmt.Sprintf("%s: diagnostic without a position in the program: %s", mode, d.Error())
			}
			if f := lang.FormatDiagnostic(d, src); !strings.HasSuffix(f, "^\n") {
				return fmt.Sprintf("%s: diagnostic without a source line and caret: %q", mode, f)
			}
			if m := leak.FindString(d.Msg); m != "" {
				return fmt.Sprintf("%s: diagnostic leaks %q: %s", mode, m, d.Error())
			}
		}
		if !c.ok || !exec {
			continue
		}
		if p := runMutant(src, mode); p != "" {
			return mode + ": " + p
		}
	}
	return ""
}

// runMutant runs a compiled mutant under small limits.
func runMutant(src []byte, mode string) string {
	var stdout, stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- Run(Options{
			Filename:   "m.async",
			Source:     src,
			Mode:       mode,
			Stdout:     &limitedWriter{w: &stdout, n: 1 << 16},
			Stderr:     &limitedWriter{w: &stderr, n: 1 << 16},
			Timeout:    time.Second,
			MaxSteps:   100_000,
			MaxHeap:    64 << 20,
			MaxThreads: 16,
			MaxOutput:  1 << 15,
		})
	}()
	select {
	case code := <-done:
		if code == ExitInternal || code == ExitCompile {
			return fmt.Sprintf("run: exit %d\n%s", code, stderr.String())
		}
		if m := leak.FindString(stderr.String()); m != "" {
			return fmt.Sprintf("run: stderr leaks %q:\n%s", m, stderr.String())
		}
	case <-time.After(15 * time.Second):
		return "run did not end within 15s of a 1s timeout"
	}
	return ""
}

// mutHash spreads the sample over positions deterministically.
func mutHash(parts ...string) int {
	h := fnv.New32a()
	for _, p := range parts {
		h.Write([]byte(p))
	}
	return int(h.Sum32() & 0x7fffffff)
}

// TestMutations runs the mutation harness: in the default sample, each
// program gets one mutation at one place, mutation and place chosen by a
// hash of its path, which runs every mutation over a few hundred programs
// in a few seconds; -mutate.all applies every mutation at every sixteenth
// token of every program.
func TestMutations(t *testing.T) {
	if testing.Short() && !*mutateAll {
		t.Skip("-short")
	}
	t.Setenv("ASYNCVM_DEBUG", "1") // internal errors carry the Go stack
	seeds := mutSeeds(t)
	type finding struct{ path, mut, problem, src string }
	var found []finding
	seen := map[string]bool{}
	var n int
	start := time.Now()
	for si, s := range seeds {
		if *mutateAll && si%100 == 0 {
			fmt.Fprintf(os.Stderr, "mutate: %d programs, %d mutants, %v\n", si, n, time.Since(start).Round(time.Second))
		}
		toks := mutTokens(s.src)
		if len(toks) == 0 {
			continue
		}
		var plan [][2]int // mutation index, token index
		if *mutateOne != "" {
			name, at, _ := strings.Cut(*mutateOne, "@")
			var k int
			fmt.Sscan(at, &k)
			for mi := range mutations {
				if mutations[mi].name == name && k < len(toks) {
					plan = append(plan, [2]int{mi, k})
				}
			}
		} else if *mutateAll {
			for mi := range mutations {
				for at := mutHash(s.path, mutations[mi].name) % *mutateStride; at < len(toks); at += *mutateStride {
					plan = append(plan, [2]int{mi, at})
				}
			}
		} else {
			if si%4 != 0 {
				continue
			}
			h := mutHash(s.path)
			plan = [][2]int{{h % len(mutations), (h / 7) % len(toks)}}
		}
		for _, p := range plan {
			m := mutations[p[0]]
			src := m.edit(s.src, toks, p[1])
			if src == nil {
				continue
			}
			n++
			exec := *mutateExec && !strings.Contains(s.path, "/stress/")
			if problem := checkMutant(src, exec); problem != "" {
				key := m.name + "|" + firstLine(problem)
				if *mutateShow || !seen[key] {
					seen[key] = true
					f := finding{s.path, fmt.Sprintf("%s@%d", m.name, p[1]), problem, string(src)}
					found = append(found, f)
					if *mutateAll {
						fmt.Fprintf(os.Stderr, "mutate: %s %s: %s\n", f.path, f.mut, firstLine(f.problem))
					}
				}
			}
		}
	}
	t.Logf("%d mutants of %d programs in %v", n, len(seeds), time.Since(start).Round(time.Millisecond))
	sort.Slice(found, func(i, j int) bool { return found[i].problem < found[j].problem })
	for _, f := range found {
		if dir := os.Getenv("MUTATE_SAVE"); dir != "" {
			name := filepath.Join(dir, fmt.Sprintf("%08x.async", mutHash(f.src)))
			os.WriteFile(name, []byte(f.src), 0o644)
			t.Errorf("%s %s (saved %s): %s", f.path, f.mut, name, f.problem)
			continue
		}
		t.Errorf("%s %s: %s", f.path, f.mut, f.problem)
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// FuzzMutate lets the fuzzing engine pick a seed program, a mutation and the
// token it applies at; a failure names all three so the mutant can be
// rebuilt. Run it long with `go test ./driver -run '^$' -fuzz FuzzMutate`.
func FuzzMutate(f *testing.F) {
	seeds := mutSeeds(f)
	for i := 0; i < len(seeds); i += 37 {
		f.Add(uint16(i), uint8(i%len(mutations)), uint16(i*13))
	}
	f.Fuzz(func(t *testing.T, seed uint16, mut uint8, at uint16) {
		s := seeds[int(seed)%len(seeds)]
		toks := mutTokens(s.src)
		if len(toks) == 0 {
			return
		}
		m := mutations[int(mut)%len(mutations)]
		src := m.edit(s.src, toks, int(at)%len(toks))
		if src == nil {
			return
		}
		if problem := checkMutant(src, true); problem != "" {
			t.Fatalf("%s %s@%d: %s\n--- mutant ---\n%s", s.path, m.name, int(at)%len(toks), problem, src)
		}
	})
}

// TestTestEntryKeywordNames checks that the generated entry point of a test
// program calls tests whose class and method are named by keywords (@class,
// @void); it was an internal error. The program is here rather than in
// tests/testdata because the printer does not yet write @ before a keyword
// used as a name, which FuzzParse's round trip of every seed would report.
func TestTestEntryKeywordNames(t *testing.T) {
	src := []byte("using System;\nusing Xunit;\npublic class @class\n{\n    public static bool @true => true;\n" +
		"    [Fact]\n    public static void @void() => Console.WriteLine(\"void ran\");\n" +
		"    [ConditionalFact(nameof(@true))]\n    public void @int() => Console.WriteLine(\"int ran\");\n}\n")
	for _, mode := range []string{"rt", "sm"} {
		var stdout, stderr bytes.Buffer
		code := Run(Options{Filename: "k.async", Source: src, Mode: mode, Stdout: &stdout, Stderr: &stderr})
		if code != 0 || stdout.String() != "void ran\nint ran\n" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", mode, code, stdout.String(), stderr.String())
		}
	}
}

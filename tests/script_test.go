// Package tests holds the script-test corpus: C# programs under testdata whose
// expected behaviour is written inline as comments, run in both execution models.
package tests

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"asyncvm/driver"
	"asyncvm/internal/race"
)

// scriptTimeout bounds one run of one program in one mode. The race
// detector slows the interpreter several times over, so under it the bound
// is three times as long (deadlock/no_false_positive_delay's busy thread
// took 17 s of the 20 under -race on an idle 2-core machine).
var scriptTimeout = func() time.Duration {
	if race.Enabled {
		return 60 * time.Second
	}
	return 20 * time.Second
}()

// modes lists the execution models every script runs under.
var modes = []string{"rt", "sm"}

// outputLine is one expected stdout line; mode is "" when it holds in every mode.
type outputLine struct {
	text string
	mode string
}

// expectation is everything a script asserts about its own run.
type expectation struct {
	stdout        []outputLine
	expectNothing bool             // "// expect nothing": stdout must be empty
	compileErrors []*regexp.Regexp // "// expect error: re"; exit 2, each must match stderr
	runtimeError  string           // "// expect runtime error: text"; exit 1
	stderr        []string         // "// expect stderr: text"; stderr must contain each
	exit          int              // "// exit: N"; -1 when not given
	args          []string         // "// args: a b c"
	stdin         string           // "// stdin: line", one line each
	limits        driver.Options   // "// limits: --max-heap 64MB --max-threads 4 --max-output 1KB --max-steps N"
}

// directiveRE finds a directive comment; the alternation lists longer keywords
// first so "expect error" is not read as "expect".
var directiveRE = regexp.MustCompile(`//\s*(expect\[(?:sm|rt)\]|expect runtime error|expect error|expect stderr|expect nothing|expect|exit|args|stdin|limits)(:.*|\s.*)?$`)

// parseExpectations reads the directives of a script. It fails on malformed
// directives and on a script that asserts nothing at all, so that a typo cannot
// turn a test into one that always passes.
func parseExpectations(src string) (*expectation, error) {
	exp := &expectation{exit: -1}
	for i, line := range strings.Split(src, "\n") {
		line = strings.TrimRight(line, "\r")
		m := directiveRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		keyword := m[1]
		if keyword == "expect nothing" {
			if strings.TrimSpace(m[2]) != "" {
				return nil, fmt.Errorf("line %d: unexpected text after // expect nothing", i+1)
			}
			exp.expectNothing = true
			continue
		}
		if !strings.HasPrefix(m[2], ":") {
			// A comment that merely starts with a keyword ("// exit early"),
			// except for expect forms, which always need a colon.
			if strings.HasPrefix(keyword, "expect") {
				return nil, fmt.Errorf("line %d: %q needs a colon", i+1, keyword)
			}
			continue
		}
		text := strings.TrimPrefix(m[2][1:], " ")
		switch keyword {
		case "expect":
			exp.stdout = append(exp.stdout, outputLine{text: text})
		case "expect[sm]", "expect[rt]":
			exp.stdout = append(exp.stdout, outputLine{text: text, mode: keyword[7:9]})
		case "expect error":
			if text == "" {
				return nil, fmt.Errorf("line %d: empty // expect error", i+1)
			}
			re, err := regexp.Compile(text)
			if err != nil {
				return nil, fmt.Errorf("line %d: bad regexp: %v", i+1, err)
			}
			exp.compileErrors = append(exp.compileErrors, re)
		case "expect runtime error":
			if text == "" {
				return nil, fmt.Errorf("line %d: empty // expect runtime error", i+1)
			}
			if exp.runtimeError != "" {
				return nil, fmt.Errorf("line %d: second // expect runtime error", i+1)
			}
			exp.runtimeError = text
		case "expect stderr":
			if text == "" {
				return nil, fmt.Errorf("line %d: empty // expect stderr", i+1)
			}
			exp.stderr = append(exp.stderr, text)
		case "exit":
			n, err := strconv.Atoi(strings.TrimSpace(text))
			if err != nil || n < 0 {
				return nil, fmt.Errorf("line %d: bad exit status %q", i+1, text)
			}
			exp.exit = n
		case "args":
			exp.args = append(exp.args, strings.Fields(text)...)
		case "stdin":
			exp.stdin += text + "\n"
		case "limits":
			if err := parseLimits(strings.Fields(text), &exp.limits); err != nil {
				return nil, fmt.Errorf("line %d: %v", i+1, err)
			}
		}
	}
	if exp.expectNothing && len(exp.stdout) > 0 {
		return nil, fmt.Errorf("both // expect nothing and // expect lines")
	}
	if len(exp.compileErrors) > 0 && (len(exp.stdout) > 0 || exp.runtimeError != "") {
		return nil, fmt.Errorf("a program that must not compile cannot expect output or a runtime error")
	}
	if len(exp.stdout) == 0 && !exp.expectNothing && len(exp.compileErrors) == 0 &&
		exp.runtimeError == "" && len(exp.stderr) == 0 {
		return nil, fmt.Errorf("no expectations")
	}
	return exp, nil
}

// wantStatus is the exit status the script expects.
func (exp *expectation) wantStatus() int {
	switch {
	case exp.exit >= 0:
		return exp.exit
	case len(exp.compileErrors) > 0:
		return driver.ExitCompile
	case exp.runtimeError != "":
		return driver.ExitRuntime
	}
	return driver.ExitOK
}

// wantStdout is the expected stdout, line by line, in one mode.
func (exp *expectation) wantStdout(mode string) []string {
	lines := []string{}
	for _, l := range exp.stdout {
		if l.mode == "" || l.mode == mode {
			lines = append(lines, l.text)
		}
	}
	return lines
}

// splitLines turns program output into lines; a final newline ends the last
// line rather than starting an empty one.
func splitLines(out string) []string {
	if out == "" {
		return []string{}
	}
	return strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}

// check compares one run with the expectation and returns what went wrong.
func (exp *expectation) check(mode string, status int, stdout, stderr string) []string {
	var problems []string
	if want := exp.wantStatus(); status != want {
		problems = append(problems, fmt.Sprintf("exit status %d, want %d", status, want))
	}
	if len(exp.compileErrors) == 0 {
		if diff := cmp.Diff(exp.wantStdout(mode), splitLines(stdout)); diff != "" {
			problems = append(problems, "stdout mismatch (-want +got):\n"+diff)
		}
	}
	for _, re := range exp.compileErrors {
		if !re.MatchString(stderr) {
			problems = append(problems, fmt.Sprintf("stderr does not match %q", re))
		}
	}
	if exp.runtimeError != "" && !strings.Contains(stderr, "Unhandled exception. "+exp.runtimeError) {
		problems = append(problems, fmt.Sprintf("stderr does not contain %q", "Unhandled exception. "+exp.runtimeError))
	}
	for _, s := range exp.stderr {
		if !strings.Contains(stderr, s) {
			problems = append(problems, fmt.Sprintf("stderr does not contain %q", s))
		}
	}
	return problems
}

// runResult is what one program run produced.
type runResult struct {
	status         int
	stdout, stderr string
}

// runScript runs one program through the driver, giving up after the timeout.
func runScript(path string, src []byte, mode string, exp *expectation) (runResult, bool) {
	done := make(chan runResult, 1)
	go func() {
		var stdout, stderr bytes.Buffer
		var res runResult
		defer func() {
			if r := recover(); r != nil {
				fmt.Fprintf(&stderr, "\nGo panic escaped driver.Run: %v", r)
				res.status = -1
			}
			res.stdout, res.stderr = stdout.String(), stderr.String()
			done <- res
		}()
		res.status = driver.Run(driver.Options{
			Filename:   path,
			Source:     src,
			Mode:       mode,
			Args:       exp.args,
			Stdin:      strings.NewReader(exp.stdin),
			Stdout:     &stdout,
			Stderr:     &stderr,
			MaxSteps:   exp.limits.MaxSteps,
			MaxHeap:    exp.limits.MaxHeap,
			MaxThreads: exp.limits.MaxThreads,
			MaxOutput:  exp.limits.MaxOutput,
		})
	}()
	select {
	case res := <-done:
		return res, true
	case <-time.After(scriptTimeout):
		return runResult{}, false
	}
}

// parseLimits reads the flags of a "// limits:" directive.
func parseLimits(fields []string, o *driver.Options) error {
	if len(fields)%2 != 0 {
		return fmt.Errorf("// limits: wants flag and value pairs")
	}
	for i := 0; i < len(fields); i += 2 {
		var err error
		switch v := fields[i+1]; fields[i] {
		case "--max-heap":
			o.MaxHeap, err = driver.ParseSize(v)
		case "--max-output":
			o.MaxOutput, err = driver.ParseSize(v)
		case "--max-threads":
			o.MaxThreads, err = strconv.Atoi(v)
		case "--max-steps":
			o.MaxSteps, err = strconv.ParseInt(v, 10, 64)
		default:
			err = fmt.Errorf("unknown limit %q", fields[i])
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// findScripts lists every .async file under dir, sorted.
func findScripts(dir string) ([]string, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".async") {
			paths = append(paths, path)
		}
		return nil
	})
	return paths, err
}

// TestScripts runs every program under testdata in both modes and checks its
// inline expectations.
func TestScripts(t *testing.T) {
	paths, err := findScripts("testdata")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no scripts under testdata")
	}
	for _, path := range paths {
		rel, _ := filepath.Rel("testdata", path)
		name := filepath.ToSlash(strings.TrimSuffix(rel, ".async"))
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			exp, err := parseExpectations(string(src))
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if race.Skip(src) {
				t.Skip("the program races on purpose (// racy:); the race detector would report its race")
			}
			// The differential check: besides meeting the expectations, the two
			// models must agree with each other on output, exit status and the
			// exception, unless the script documents a difference.
			var mu sync.Mutex
			results := map[string]runResult{}
			t.Cleanup(func() {
				if exp.modeSpecific() || len(results) != len(modes) {
					return
				}
				rt, sm := results["rt"], results["sm"]
				if rt.stdout != sm.stdout || rt.status != sm.status || firstLine(rt.stderr) != firstLine(sm.stderr) {
					t.Errorf("%s: the models disagree:\nrt (exit %d):\n%s%s\nsm (exit %d):\n%s%s", path,
						rt.status, rt.stdout, firstLine(rt.stderr), sm.status, sm.stdout, firstLine(sm.stderr))
				}
			})
			for _, mode := range modes {
				t.Run(mode, func(t *testing.T) {
					t.Parallel()
					res, ok := runScript(path, src, mode, exp)
					if !ok {
						t.Fatalf("%s (%s): timed out after %v", path, mode, scriptTimeout)
					}
					mu.Lock()
					results[mode] = res
					mu.Unlock()
					if problems := exp.check(mode, res.status, res.stdout, res.stderr); len(problems) > 0 {
						t.Errorf("%s (%s):\n%s\nstderr:\n%s", path, mode, strings.Join(problems, "\n"), res.stderr)
					}
				})
			}
		})
	}
}

// modeSpecific reports whether the script expects different output per mode
// (the documented differences between the two models).
func (exp *expectation) modeSpecific() bool {
	for _, l := range exp.stdout {
		if l.mode != "" {
			return true
		}
	}
	return false
}

// firstLine is the first line of s: for stderr, the diagnostic or the
// exception (stack traces may differ between the models).
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

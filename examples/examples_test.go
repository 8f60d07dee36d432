// Package examples_test runs every example program in both execution models
// and compares what it prints with the expected output stored beside it.
//
// For NAME.async the expected standard output is NAME.out, or NAME.rt.out
// and NAME.sm.out where the two models print different things (the
// documented differences between them). NAME.stats, when present, lists
// --stats counters the run must report, one "MODE COUNTER VALUE" per line.
// Every example must exit with status 0 and print nothing on stderr besides
// the --stats line. The expected output is what .NET 11 prints for the same
// program; it is written by hand, never generated from asyncvm's output.
package examples_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"asyncvm/cli"
	"asyncvm/driver"
)

// minExamples is the number of examples the README promises.
const minExamples = 12

var modes = []string{"rt", "sm"}

func TestExamples(t *testing.T) {
	files, err := filepath.Glob("*.async")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < minExamples {
		t.Fatalf("%d examples, want at least %d", len(files), minExamples)
	}
	for _, file := range files {
		name := strings.TrimSuffix(file, ".async")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			stats, err := readStats(name + ".stats")
			if err != nil {
				t.Fatal(err)
			}
			for _, mode := range modes {
				want, err := expectedOutput(name, mode)
				if err != nil {
					t.Fatal(err)
				}
				t.Run(mode, func(t *testing.T) {
					t.Parallel()
					checkRun(t, file, mode, want, stats[mode])
				})
			}
		})
	}
}

// expectedOutput reads NAME.MODE.out, or NAME.out when the models agree.
// Having both kinds, or neither, is an error.
func expectedOutput(name, mode string) (string, error) {
	common, errCommon := os.ReadFile(name + ".out")
	perMode, errMode := os.ReadFile(name + "." + mode + ".out")
	switch {
	case errCommon == nil && errMode == nil:
		return "", fmt.Errorf("%s.out and %s.%s.out both exist", name, name, mode)
	case errCommon == nil:
		return string(common), nil
	case errMode == nil:
		return string(perMode), nil
	}
	return "", fmt.Errorf("%s.async has no expected output (%s.out or %s.%s.out)", name, name, name, mode)
}

// readStats reads a NAME.stats file: per mode, counter name -> value. A
// missing file means no counters are checked.
func readStats(path string) (map[string]map[string]int64, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	stats := map[string]map[string]int64{}
	for i, line := range strings.Split(string(data), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 3 || (fields[0] != "rt" && fields[0] != "sm") {
			return nil, fmt.Errorf("%s:%d: want MODE COUNTER VALUE, got %q", path, i+1, line)
		}
		n, err := strconv.ParseInt(fields[2], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		if stats[fields[0]] == nil {
			stats[fields[0]] = map[string]int64{}
		}
		stats[fields[0]][fields[1]] = n
	}
	return stats, nil
}

// checkRun runs one example in one mode, as `asyncvm run` does, and compares its output, exit
// status and counters with the expectations.
func checkRun(t *testing.T, file, mode, want string, counters map[string]int64) {
	var stdout, stderr bytes.Buffer
	args := []string{"run", "--mode", mode, "--timeout", "60s"}
	if counters != nil {
		args = append(args, "--stats")
	}
	status := cli.Main(append(args, file), strings.NewReader(""), &stdout, &stderr)
	if diff := cmp.Diff(strings.Split(want, "\n"), strings.Split(stdout.String(), "\n")); diff != "" {
		t.Errorf("%s (%s): stdout mismatch (-want +got):\n%s", file, mode, diff)
	}
	errText := stderr.String()
	if counters != nil {
		errText = checkStats(t, file, mode, errText, counters)
	}
	if status != driver.ExitOK || errText != "" {
		t.Errorf("%s (%s): exit status %d, want 0; stderr:\n%s", file, mode, status, errText)
	}
}

// checkStats compares the --stats JSON line at the end of stderr with the
// expected counters and returns stderr without that line.
func checkStats(t *testing.T, file, mode, stderr string, want map[string]int64) string {
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	last := lines[len(lines)-1]
	var got map[string]int64
	if err := json.Unmarshal([]byte(last), &got); err != nil {
		t.Errorf("%s (%s): no --stats line at the end of stderr: %v", file, mode, err)
		return stderr
	}
	for name, n := range want {
		v, ok := got[name]
		if !ok {
			t.Errorf("%s (%s): --stats has no counter %q", file, mode, name)
		} else if v != n {
			t.Errorf("%s (%s): --stats %s = %d, want %d", file, mode, name, v, n)
		}
	}
	return strings.Join(lines[:len(lines)-1], "\n")
}

// TestReadmeListsEveryExample keeps README's table of examples complete.
func TestReadmeListsEveryExample(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("*.async")
	for _, file := range files {
		if !strings.Contains(string(readme), "`"+file+"`") {
			t.Errorf("README.md does not list examples/%s", file)
		}
	}
}

// TestLanguageReferenceSnippets runs every ```csharp block of
// docs/language.md as a program in both models: it must compile and run
// without error, and where a Console.WriteLine line ends in a comment
// ("Console.WriteLine(x);   // 42") the comment is the line it prints.
func TestLanguageReferenceSnippets(t *testing.T) {
	data, err := os.ReadFile("../docs/language.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(data), "```csharp\n")[1:]
	if len(blocks) == 0 {
		t.Fatal("docs/language.md has no csharp blocks")
	}
	dir := t.TempDir()
	for i, block := range blocks {
		end := strings.Index(block, "```")
		if end < 0 {
			t.Fatalf("csharp block %d is not closed", i+1)
		}
		src := block[:end]
		want := ""
		for _, line := range strings.Split(src, "\n") {
			if j := strings.Index(line, "// "); j >= 0 && strings.Contains(line[:j], "Console.WriteLine(") {
				want += strings.TrimSpace(line[j+3:]) + "\n"
			}
		}
		file := filepath.Join(dir, fmt.Sprintf("snippet%d.async", i+1))
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, mode := range modes {
			var stdout, stderr bytes.Buffer
			status := cli.Main([]string{"run", "--mode", mode, "--timeout", "60s", file}, strings.NewReader(""), &stdout, &stderr)
			if status != driver.ExitOK {
				t.Errorf("docs/language.md csharp block %d (%s): exit %d\n%s\n%s", i+1, mode, status, src, stderr.String())
				continue
			}
			if want != "" && stdout.String() != want {
				t.Errorf("docs/language.md csharp block %d (%s) prints:\n%s\nthe comments say:\n%s", i+1, mode, stdout.String(), want)
			}
		}
	}
}

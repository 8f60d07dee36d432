package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeProgram(t *testing.T, name, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const compareProgram = `using System;
using System.Threading.Tasks;
class Program {
    static async Task<int> Leaf(int n) { await Task.Yield(); return n + 1; }
    static async Task Main() {
        int s = 0;
        for (int i = 0; i < 20; i++) s += await Leaf(i);
        Console.WriteLine("MODE " + s);
    }
}`

// TestCompareJSONContract checks the fields and types of compare --json.
func TestCompareJSONContract(t *testing.T) {
	p := writeProgram(t, "same.async", compareProgram)
	var out, errb bytes.Buffer
	if code := Main([]string{"compare", "--runs", "1", "--json", p}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d; stdout %s; stderr %s", code, out.String(), errb.String())
	}
	var rep map[string]any
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	if _, ok := rep["file"].(string); !ok {
		t.Errorf("file: %T", rep["file"])
	}
	if n, ok := rep["runs"].(float64); !ok || n != 1 {
		t.Errorf("runs: %v", rep["runs"])
	}
	if same, ok := rep["same_output"].(bool); !ok || !same {
		t.Errorf("same_output: %v", rep["same_output"])
	}
	modes, ok := rep["modes"].(map[string]any)
	if !ok {
		t.Fatalf("modes: %T", rep["modes"])
	}
	for _, m := range []string{"sm", "rt"} {
		figs, ok := modes[m].(map[string]any)
		if !ok {
			t.Fatalf("modes.%s: %T", m, modes[m])
		}
		for _, name := range metricNames {
			s, ok := figs[name].(map[string]any)
			if !ok {
				t.Errorf("modes.%s.%s missing", m, name)
				continue
			}
			for _, k := range []string{"median", "min", "max"} {
				if _, ok := s[k].(float64); !ok {
					t.Errorf("modes.%s.%s.%s: %T", m, name, k, s[k])
				}
			}
		}
		if w := figs["wall_ns"].(map[string]any)["median"].(float64); w <= 0 {
			t.Errorf("modes.%s.wall_ns.median = %v", m, w)
		}
	}
	ratio, ok := rep["ratio"].(map[string]any)
	if !ok {
		t.Fatalf("ratio: %T", rep["ratio"])
	}
	if _, ok := ratio["wall_ns"].(float64); !ok {
		t.Errorf("ratio.wall_ns: %T", ratio["wall_ns"])
	}
	if _, ok := rep["diff"]; ok {
		t.Errorf("diff present although the outputs agree")
	}
}

// TestCompareTable checks the text table names every figure and both modes.
func TestCompareTable(t *testing.T) {
	p := writeProgram(t, "same.async", compareProgram)
	var out, errb bytes.Buffer
	if code := Main([]string{"compare", "--runs", "2", p}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d; stderr %s", code, errb.String())
	}
	for _, want := range append([]string{"sm median", "rt max", "sm/rt"}, metricNames...) {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
}

// TestCompareDifferentOutput gives each mode a different program through
// the test hook and requires exit 1 with a unified diff.
func TestCompareDifferentOutput(t *testing.T) {
	defer func(old func(string, []byte) []byte) { compareSource = old }(compareSource)
	compareSource = func(mode string, src []byte) []byte {
		return bytes.ReplaceAll(src, []byte(`"MODE "`), []byte(`"`+mode+` "`))
	}
	p := writeProgram(t, "differs.async", compareProgram)
	for _, asJSON := range []bool{false, true} {
		args := []string{"compare", "--runs", "1", p}
		if asJSON {
			args = []string{"compare", "--runs", "1", "--json", p}
		}
		var out, errb bytes.Buffer
		if code := Main(args, nil, &out, &errb); code != 1 {
			t.Fatalf("exit %d, want 1; stdout %s; stderr %s", code, out.String(), errb.String())
		}
		text := out.String()
		if asJSON {
			var rep CompareReport
			if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
				t.Fatal(err)
			}
			if rep.SameOutput {
				t.Errorf("same_output true")
			}
			text = rep.Diff
		}
		for _, want := range []string{"--- sm\n", "+++ rt\n", "@@ -1,2 +1,2 @@\n", "-sm 210\n", "+rt 210\n", " [exit status 0]\n"} {
			if !strings.Contains(text, want) {
				t.Errorf("json=%v: diff lacks %q:\n%s", asJSON, want, text)
			}
		}
	}
}

// TestCompareDifferentException makes one mode throw.
func TestCompareDifferentException(t *testing.T) {
	defer func(old func(string, []byte) []byte) { compareSource = old }(compareSource)
	compareSource = func(mode string, src []byte) []byte {
		if mode == "rt" {
			return bytes.ReplaceAll(src, []byte(`Console.WriteLine("MODE " + s);`), []byte(`throw new InvalidOperationException("boom");`))
		}
		return src
	}
	p := writeProgram(t, "throws.async", compareProgram)
	var out, errb bytes.Buffer
	if code := Main([]string{"compare", "--runs", "1", p}, nil, &out, &errb); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	for _, want := range []string{"+[stderr] Unhandled exception. System.InvalidOperationException: boom", "-[exit status 0]", "+[exit status 1]"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("diff lacks %q:\n%s", want, out.String())
		}
	}
}

// TestCompareIgnoreOutput accepts programs whose output differs.
func TestCompareIgnoreOutput(t *testing.T) {
	defer func(old func(string, []byte) []byte) { compareSource = old }(compareSource)
	compareSource = func(mode string, src []byte) []byte {
		return bytes.ReplaceAll(src, []byte(`"MODE "`), []byte(`"`+mode+` "`))
	}
	p := writeProgram(t, "timings.async", compareProgram)
	var out, errb bytes.Buffer
	if code := Main([]string{"compare", "--runs", "1", "--ignore-output", p}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d; %s %s", code, out.String(), errb.String())
	}
}

func TestUnifiedDiff(t *testing.T) {
	a := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"
	b := "1\n2\nthree\n4\n5\n6\n7\n8\n9\n10\n11\ntwelve\n"
	got := unifiedDiff("a", "b", a, b)
	want := "--- a\n+++ b\n@@ -1,6 +1,6 @@\n 1\n 2\n-3\n+three\n 4\n 5\n 6\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+twelve\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

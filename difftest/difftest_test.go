package difftest

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"asyncvm/driver"
)

var (
	flagN    = flag.Int("difftest.n", 300, "number of generated programs to compare")
	flagSeed = flag.Int64("difftest.seed", 0, "replay one seed (0: seeds 1..n)")
	flagShow = flag.Bool("difftest.show", false, "print the program of a replayed seed")
)

// outcome is what a run shows the world: output, exit status and the
// unhandled exception's first line.
type outcome struct {
	stdout string
	status int
	exc    string
}

func run(src, mode string) outcome {
	var stdout, stderr bytes.Buffer
	status := driver.Run(driver.Options{
		Filename: "gen.async",
		Source:   []byte(src),
		Mode:     mode,
		Stdout:   &stdout,
		Stderr:   &stderr,
		Timeout:  20 * time.Second,
	})
	exc, _, _ := strings.Cut(stderr.String(), "\n")
	return outcome{stdout.String(), status, exc}
}

// compare runs one generated program in both modes and describes any
// difference ("" when they agree).
func compare(seed int64) string {
	src := Generate(seed)
	rt := run(src, "rt")
	sm := run(src, "sm")
	if rt == sm {
		if i := strings.Index(rt.stdout, "MISMATCH"); i >= 0 {
			// A generated self-check failed (dispatch.go): wrong in both models.
			line, _, _ := strings.Cut(rt.stdout[i:], "\n")
			return fmt.Sprintf("seed %d: both modes: %s (replay with -difftest.seed=%d -difftest.show)", seed, line, seed)
		}
		if rt.status == driver.ExitCompile || rt.status == driver.ExitInternal || strings.HasPrefix(rt.exc, "asyncvm:") || strings.Contains(rt.exc, "internal error") {
			return fmt.Sprintf("seed %d: both modes failed to run it (status %d): %s", seed, rt.status, rt.exc)
		}
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d: modes disagree (replay with -difftest.seed=%d -difftest.show)\n", seed, seed)
	if rt.status != sm.status {
		fmt.Fprintf(&b, "exit status: rt %d, sm %d\n", rt.status, sm.status)
	}
	if rt.exc != sm.exc {
		fmt.Fprintf(&b, "exception: rt %q, sm %q\n", rt.exc, sm.exc)
	}
	if rt.stdout != sm.stdout {
		fmt.Fprintf(&b, "stdout differs at line %d:\n%s", firstDiff(rt.stdout, sm.stdout), lineDiff(rt.stdout, sm.stdout))
	}
	return b.String()
}

func firstDiff(a, b string) int {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range al {
		if i >= len(bl) || al[i] != bl[i] {
			return i + 1
		}
	}
	return len(al) + 1
}

func lineDiff(a, b string) string {
	n := firstDiff(a, b) - 1
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	get := func(ls []string) string {
		if n < len(ls) {
			return ls[n]
		}
		return "<end>"
	}
	return fmt.Sprintf("  rt: %s\n  sm: %s\n", get(al), get(bl))
}

// TestDifferential runs generated programs in sm and rt and requires the
// same stdout, exit status and unhandled exception. -difftest.n sets how
// many (10,000 for the full run), -difftest.seed replays one.
func TestDifferential(t *testing.T) {
	if *flagSeed != 0 {
		if *flagShow {
			t.Logf("program:\n%s", Generate(*flagSeed))
			o := run(Generate(*flagSeed), "rt")
			t.Logf("rt output (status %d, %s):\n%s", o.status, o.exc, o.stdout)
		}
		if msg := compare(*flagSeed); msg != "" {
			t.Fatal(msg)
		}
		return
	}
	n := *flagN
	if testing.Short() && n > 50 {
		n = 50
	}
	failed := 0
	for from := int64(1); from <= int64(n) && failed < 10; {
		lines, crashed, err := runChild(from, int64(n))
		if err != nil {
			t.Fatal(err)
		}
		next := from
		for _, l := range lines {
			switch {
			case strings.HasPrefix(l, "start "):
				next, _ = strconv.ParseInt(l[6:], 10, 64)
			case strings.HasPrefix(l, "seed "):
				failed++
				t.Error(strings.ReplaceAll(l, "\\n", "\n"))
			}
		}
		if !crashed {
			break
		}
		// The child died on seed next: a VM bug corrupting the process.
		failed++
		t.Errorf("seed %d: the test process crashed running it (replay with -difftest.seed=%d)", next, next)
		from = next + 1
	}
}

// runChild runs seeds from..to in a child test process, so that a VM bug
// that kills the process (a fatal error in the Go runtime) is reported with
// its seed instead of ending the whole test. It returns the child's report
// lines ("start N" before each seed, a mismatch as one escaped line) and
// whether the child crashed.
func runChild(from, to int64) ([]string, bool, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestDifferentialChild$")
	cmd.Env = append(os.Environ(), fmt.Sprintf("DIFFTEST_CHILD=%d:%d", from, to))
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	var lines []string
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<24)
	done := false
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "start ") || strings.HasPrefix(l, "seed ") {
			lines = append(lines, l)
		}
		if l == "difftest done" {
			done = true
		}
	}
	if _, ok := err.(*exec.ExitError); ok || err == nil {
		return lines, !done, nil
	}
	return nil, false, err
}

// TestDifferentialChild is the child side of TestDifferential; it does
// nothing unless DIFFTEST_CHILD names a seed range.
func TestDifferentialChild(t *testing.T) {
	r := os.Getenv("DIFFTEST_CHILD")
	if r == "" {
		t.Skip("only run as TestDifferential's child process")
	}
	a, b, _ := strings.Cut(r, ":")
	from, _ := strconv.ParseInt(a, 10, 64)
	to, _ := strconv.ParseInt(b, 10, 64)
	for seed := from; seed <= to; seed++ {
		fmt.Printf("start %d\n", seed)
		if msg := compare(seed); msg != "" {
			fmt.Println(strings.ReplaceAll(strings.TrimSuffix(msg, "\n"), "\n", "\\n"))
		}
	}
	fmt.Println("difftest done")
}

// TestGenerateDeterministic checks that a seed always gives the same program.
func TestGenerateDeterministic(t *testing.T) {
	for seed := int64(1); seed < 20; seed++ {
		if Generate(seed) != Generate(seed) {
			t.Fatalf("seed %d: two different programs", seed)
		}
	}
}

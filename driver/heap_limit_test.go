package driver

import (
	"bytes"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"asyncvm/internal/race"
)

// hungry is the program of issue 15: it builds 100 strings of 100 million
// characters. Under a heap limit the ones that do not fit throw
// OutOfMemoryException, which it catches, dropping what it holds.
const hungry = `using System.Collections.Generic;
var list = new List<string>();
int made = 0, failed = 0;
for (int i = 0; i < 100; i++)
{
    try { list.Add(new string('x', 100_000_000)); made++; }
    catch (OutOfMemoryException) { failed++; list.Clear(); }
}
Console.WriteLine(made + failed);
Console.WriteLine(failed > 0);
`

// TestHeapLimitBoundsRSS runs the memory-hungry program in a child process
// under --max-heap 256MB and checks that the process's peak resident set
// stays under twice the limit (without the limit it reaches 10 GB).
func TestHeapLimitBoundsRSS(t *testing.T) {
	if os.Getenv("ASYNCVM_HUNGRY_CHILD") != "" {
		code := Run(Options{Filename: "hungry.async", Source: []byte(hungry), Stdout: os.Stdout, Stderr: os.Stderr, MaxHeap: 256 << 20})
		os.Exit(code)
	}
	if testing.Short() {
		t.Skip("allocates 10 GB in total")
	}
	if race.Enabled {
		// The detector's shadow memory is several times the heap, so
		// the process's RSS says nothing about the VM's limit.
		t.Skip("peak RSS is not the VM's under the race detector")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHeapLimitBoundsRSS$")
	cmd.Env = append(os.Environ(), "ASYNCVM_HUNGRY_CHILD=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("child: %v\nstderr: %s", err, errb.String())
	}
	if got := out.String(); got != "100\nTrue\n" {
		t.Fatalf("output %q, want 100 and True", got)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no rusage on this platform")
	}
	peak := ru.Maxrss << 10 // kilobytes on Linux
	t.Logf("peak RSS %d MB under --max-heap 256MB", peak>>20)
	if peak > 512<<20 {
		t.Errorf("peak RSS %d MB, want under 512 MB", peak>>20)
	}
}

// TestHeapLimitIsolation runs machines in one process at once: one that
// keeps hitting its heap limit must not make another fail, whether that
// one has a limit of its own or none.
func TestHeapLimitIsolation(t *testing.T) {
	hog := `using System.Collections.Generic;
int failed = 0;
for (int round = 0; round < 5; round++)
{
    var list = new List<string>();
    try { while (true) list.Add(new string('h', 1_000_000)); }
    catch (OutOfMemoryException) { failed++; }
}
Console.WriteLine(failed);
`
	modest := `using System.Collections.Generic;
var list = new List<string>();
for (int i = 0; i < 20; i++) list.Add(new string('m', 1_000_000));
long n = 0;
foreach (var s in list) n += s.Length;
Console.WriteLine(n);
`
	type run struct {
		src, want string
		heap      int64
	}
	runs := []run{{hog, "5\n", 32 << 20}, {hog, "5\n", 16 << 20}, {modest, "20000000\n", 32 << 20}, {modest, "20000000\n", 0}}
	var wg sync.WaitGroup
	for i, r := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var stdout, stderr bytes.Buffer
			code := Run(Options{Filename: "m.async", Source: []byte(r.src), Mode: []string{"rt", "sm"}[i%2],
				Stdout: &stdout, Stderr: &stderr, MaxHeap: r.heap, Timeout: time.Minute})
			if code != ExitOK || stdout.String() != r.want {
				t.Errorf("run %d: exit %d, stdout %q, want %q; stderr %s", i, code, stdout.String(), r.want, stderr.String())
			}
		}()
	}
	wg.Wait()
}

// TestParseSize checks the SIZE syntax of --max-heap and --max-output.
func TestParseSize(t *testing.T) {
	good := map[string]int64{"0": 0, "100": 100, "100B": 100, "64KB": 64 << 10, "512MB": 512 << 20, "1GB": 1 << 30,
		"2gb": 2 << 30, "16MiB": 16 << 20, "8m": 8 << 20, " 3 MB ": 3 << 20}
	for s, want := range good {
		if got, err := ParseSize(s); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "MB", "-1MB", "1.5GB", "12XB", "99999999999GB"} {
		if _, err := ParseSize(s); err == nil || !strings.Contains(err.Error(), "invalid size") {
			t.Errorf("ParseSize(%q): want an error, got %v", s, err)
		}
	}
	for _, n := range []int64{1, 1 << 10, 3 << 20, 5 << 30, 1000} {
		if back, _ := ParseSize(FormatSize(n)); back != n {
			t.Errorf("FormatSize(%d) = %q does not read back", n, FormatSize(n))
		}
	}
}

// TestExecStopsThreads checks that threads still running when a program
// ends (here: spinning background threads of a program that crashed) stop
// instead of running on in the host process.
func TestExecStopsThreads(t *testing.T) {
	src := `using System.Threading;
for (int i = 0; i < 2; i++) new Thread(() => { while (true) { } }) { IsBackground = true }.Start();
Thread.Sleep(50);
throw new InvalidOperationException("boom");
`
	for _, mode := range []string{"rt", "sm"} {
		before := runtime.NumGoroutine()
		var stdout, stderr bytes.Buffer
		if code := Run(Options{Filename: "spin.async", Source: []byte(src), Mode: mode, Stdout: &stdout, Stderr: &stderr}); code != ExitRuntime {
			t.Fatalf("%s: exit %d, stderr %s", mode, code, stderr.String())
		}
		deadline := time.Now().Add(10 * time.Second)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if n := runtime.NumGoroutine(); n > before {
			t.Errorf("%s: %d goroutines left running after the program ended (%d before)", mode, n, before)
		}
	}
}

package driver

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"testing"
)

// The start-up benchmarks: what `asyncvm run examples/hello.async` costs
// from process start to exit (BenchmarkStartup) and in a warm process
// (BenchmarkRunHello). Their difference is the once-per-process work:
// building the parser from the grammar's struct tags, the first parse, the
// binder's first use of the library tree. docs/benchmarks.md has the
// figures; BenchmarkBuildGrammar (lang) and BenchmarkLibraryTree
// (compiler/bind) measure two of those phases alone.

const helloPath = "../examples/hello.async"

// startupChild is the environment variable that makes the test binary a
// start-up child: it runs hello.async once and exits (see TestMain).
const startupChild = "ASYNCVM_STARTUP_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(startupChild) != "" {
		os.Exit(runHello(os.Stdout))
	}
	os.Exit(m.Run())
}

func runHello(stdout io.Writer) int {
	src, err := os.ReadFile(helloPath)
	if err != nil {
		panic(err)
	}
	return Run(Options{Filename: "hello.async", Source: src, Stdout: stdout, Stderr: os.Stderr})
}

// BenchmarkStartup runs hello.async in a fresh process each iteration: the
// test binary re-executed as a start-up child.
func BenchmarkStartup(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), startupChild+"=1")
		out, err := cmd.Output()
		if err != nil || string(out) != "Hello, asyncvm!\n" {
			b.Fatalf("start-up child: %v, output %q", err, out)
		}
	}
}

// BenchmarkRunHello runs hello.async in this process, after a first run
// has paid the once-per-process costs.
func BenchmarkRunHello(b *testing.B) {
	var out bytes.Buffer
	if runHello(&out) != 0 || out.String() != "Hello, asyncvm!\n" {
		b.Fatalf("hello.async: %q", out.String())
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if runHello(io.Discard) != 0 {
			b.Fatal("hello.async failed")
		}
	}
}

// BenchmarkCompileMidsize parses and compiles a mid-size program,
// examples/typed.async (135 lines: classes, interfaces, inheritance,
// generic classes and methods, overloads, enums, patterns, LINQ), without
// running it, in each model: the per-compilation cost beyond hello.async's.
func BenchmarkCompileMidsize(b *testing.B) {
	src, err := os.ReadFile("../examples/typed.async")
	if err != nil {
		b.Fatal(err)
	}
	for _, mode := range []string{"rt", "sm"} {
		b.Run(mode, func(b *testing.B) {
			opts := Options{Filename: "typed.async", Source: src, Mode: mode, Stdout: io.Discard, Stderr: io.Discard}
			if _, diags, code := compile(opts); code != ExitOK {
				b.Fatalf("typed.async: %v", diags)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				compile(opts)
			}
		})
	}
}

// TestStartupChild checks the start-up child, so BenchmarkStartup cannot
// time a process that fails.
func TestStartupChild(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), startupChild+"=1")
	out, err := cmd.Output()
	if err != nil || string(out) != "Hello, asyncvm!\n" {
		t.Fatalf("start-up child: %v, output %q", err, out)
	}
}

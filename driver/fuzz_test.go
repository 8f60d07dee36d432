package driver

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"asyncvm/internal/seeds"
)

// FuzzRun compiles and runs any input in both execution models under a step
// budget and a timeout, so that fuzzed infinite loops end. A run must never
// surface a Go panic ("internal error") or outlive its budget. The seeds
// are the repository's programs (seeds.Add).
func FuzzRun(f *testing.F) {
	f.Add([]byte("Console.WriteLine(1);"))
	seeds.Add(f, "..")
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, mode := range []string{"rt", "sm"} {
			var stdout, stderr bytes.Buffer
			done := make(chan int, 1)
			go func() {
				done <- Run(Options{
					Filename: "fuzz.async",
					Source:   src,
					Mode:     mode,
					Stdout:   &limitedWriter{w: &stdout, n: 1 << 20},
					Stderr:   &limitedWriter{w: &stderr, n: 1 << 20},
					Timeout:  2 * time.Second,
					MaxSteps: 200_000,
					MaxHeap:  256 << 20,
				})
			}()
			select {
			case code := <-done:
				if code == 70 || strings.Contains(stderr.String(), "internal error") {
					t.Fatalf("%s: exit %d\n%s", mode, code, stderr.String())
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("%s: run did not end within 20s of a 2s timeout", mode)
			}
		}
	})
}

// limitedWriter keeps at most n bytes, so a fuzzed program printing in a loop
// cannot exhaust memory before its step budget ends it.
type limitedWriter struct {
	w *bytes.Buffer
	n int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if k := l.n - l.w.Len(); k > 0 {
		if len(p) < k {
			k = len(p)
		}
		l.w.Write(p[:k])
	}
	return len(p), nil
}

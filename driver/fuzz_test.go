package driver

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// FuzzRun compiles and runs any input in both execution models under a step
// budget and a timeout, so that fuzzed infinite loops end. A run must never
// surface a Go panic ("internal error") or outlive its budget. The seeds
// are the repository's programs (addSeeds).
func FuzzRun(f *testing.F) {
	f.Add([]byte("Console.WriteLine(1);"))
	addSeeds(f)
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

// addSeeds adds every program of the repository to the seed corpus: the
// script tests under tests/testdata and the examples. Files under
// testdata/fuzz are kept only for crashers that fuzzing found.
func addSeeds(f *testing.F) {
	var seeds int
	for _, root := range []string{"../tests/testdata", "../examples"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".async") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			f.Add(src)
			seeds++
			return nil
		})
		if err != nil {
			f.Fatal(err)
		}
	}
	if seeds == 0 {
		f.Fatal("no seed programs under ../tests/testdata or ../examples")
	}
}

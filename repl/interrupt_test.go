package repl

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestInterruptStopsLoops checks that Ctrl-C (Interrupt) stops an evaluation
// spinning in a loop of each shape, so that the abandoned evaluation does not
// keep running: the loop's counter must stop moving.
func TestInterruptStopsLoops(t *testing.T) {
	loops := map[string]string{
		"while":    "while (c[0] >= 0) { c[0]++; }",
		"do-while": "do { c[0]++; } while (c[0] > 0);",
		"nested":   "do { int j = 0; do { j++; } while (j < 3); c[0]++; } while (c[0] > 0);",
	}
	for name, loop := range loops {
		for _, mode := range []string{"rt", "sm"} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				var out, errb bytes.Buffer
				s := New(Options{Mode: mode, Stdout: &out, Stderr: &errb})
				if !s.Eval("long[] c = new long[1];") {
					t.Fatalf("declaration failed: %s", errb.String())
				}
				// Ctrl-C is pressed while the loop runs; on a loaded machine
				// compiling the input may take longer than any fixed delay,
				// and an Interrupt before the evaluation starts is a no-op,
				// so keep pressing until the evaluation returns.
				evaluated := make(chan struct{})
				go func() {
					for {
						select {
						case <-evaluated:
							return
						case <-time.After(100 * time.Millisecond):
							s.Interrupt()
						}
					}
				}()
				s.Eval(loop)
				close(evaluated)
				if !strings.Contains(errb.String(), "evaluation canceled") {
					t.Fatalf("stderr %q", errb.String())
				}
				v, ok := s.Value("c")
				if !ok || v.AsArray() == nil {
					t.Fatalf("c = %v", v)
				}
				counter := v.AsArray()
				// The interpreter stops at its next backward jump; give a
				// loaded machine time to get there.
				time.Sleep(100 * time.Millisecond)
				before := counter.V[0].AsLong()
				time.Sleep(200 * time.Millisecond)
				if after := counter.V[0].AsLong(); after != before {
					t.Errorf("the interrupted loop still runs: counter %d -> %d", before, after)
				}
			})
		}
	}
}

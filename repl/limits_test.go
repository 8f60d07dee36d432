package repl

import (
	"strings"
	"testing"
)

// TestLimitsCommand checks :limits: it shows and sets the limits, and they
// bind the evaluations that follow in both models; the output budget is
// per evaluation, and a session goes on after a limit is hit.
func TestLimitsCommand(t *testing.T) {
	script := `:limits
:limits heap 8MB threads 3 output 64B
var big = new List<string>();
try { while (true) big.Add(new string('x', 1_000_000)); } catch (OutOfMemoryException e) { big = null; Console.WriteLine(e.Message); }
for (int i = 0; ; i++) Console.WriteLine("line " + i);
"next"
:limits heap none output none
:limits
:limits heap lots
`
	for _, mode := range []string{"rt", "sm"} {
		out, errs := run(t, mode, script)
		want := []string{
			"heap none, threads none, output none",
			"heap 8MB, threads 3, output 64B",
			"Insufficient memory to continue the execution of the program.",
			"line 0\nline 1\n",
			"... output cut: the program wrote more than 64 bytes (--max-output) ...",
			`"next"`,
			"heap none, threads 3, output none",
		}
		rest := out
		for _, w := range want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Fatalf("%s: output lacks %q (in order); output:\n%s\nstderr:\n%s", mode, w, out, errs)
			}
			rest = rest[i+len(w):]
		}
		if !strings.Contains(errs, "the output limit of 64 bytes was exceeded") || !strings.Contains(errs, `invalid size "lots"`) {
			t.Errorf("%s: stderr:\n%s", mode, errs)
		}
	}
}

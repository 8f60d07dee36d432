package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestLimitFlags checks --max-heap, --max-threads and --max-output on every
// command that runs programs, and the usage errors of bad sizes.
func TestLimitFlags(t *testing.T) {
	heap := writeProgram(t, "heap.async", `var a = new long[2_000_000];
Console.WriteLine(a.Length);
`)
	threads := writeProgram(t, "threads.async", `using System.Threading;
var gate = new ManualResetEventSlim(false);
new Thread(() => gate.Wait()).Start();
try { new Thread(() => { }).Start(); } catch (OutOfMemoryException) { Console.WriteLine("limited"); }
gate.Set();
`)
	chatty := writeProgram(t, "chatty.async", `while (true) Console.Write("ab");`)
	benchOOM := writeProgram(t, "bench.async", strings.Replace(benchProgram, "return ready + 1;", "return new int[2_000_000].Length;", 1))
	cases := []struct {
		args   []string
		code   int
		stdout string // substring
		stderr string // substring
	}{
		{[]string{"run", "--max-heap", "16MB", heap}, 1, "", "Unhandled exception. System.OutOfMemoryException: Insufficient memory to continue the execution of the program."},
		{[]string{"run", heap}, 0, "2000000", ""},
		{[]string{"run", "--max-threads", "2", threads}, 0, "limited", ""},
		{[]string{"run", "--mode", "sm", "--max-output", "5B", chatty}, 1, "ababa\n... output cut: the program wrote more than 5 bytes (--max-output) ...\n", "output limit of 5 bytes was exceeded"},
		{[]string{"run", "--max-heap", "lots", heap}, 2, "", `invalid size "lots"`},
		{[]string{"compare", "--runs", "1", "--max-output", "1KB", chatty}, 0, "", ""},
		{[]string{"compare", "--runs", "1", "--max-heap", "16MB", heap}, 0, "", ""},
		{append(benchArgs("--max-heap", "16MB", "--filter", "*Sync*"), benchOOM), 1, "", "OutOfMemoryException"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		code := Main(c.args, nil, &out, &errb)
		if code != c.code || !strings.Contains(out.String(), c.stdout) || !strings.Contains(errb.String(), c.stderr) {
			t.Errorf("%v: exit %d (want %d)\nstdout: %s\nstderr: %s", c.args[:len(c.args)-1], code, c.code, out.String(), errb.String())
		}
	}
}

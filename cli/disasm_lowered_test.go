package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDisasmLoweredIsSm checks that `disasm --lowered` without --mode
// prints the sm lowering, as its help says, and that --mode rt still shows
// rt's (only [RuntimeAsyncMethodGeneration(false)] methods are lowered).
func TestDisasmLoweredIsSm(t *testing.T) {
	p := filepath.Join(t.TempDir(), "p.async")
	src := "class P { static async Task<int> F() { await Task.Yield(); return 1; } static async Task Main() { Console.WriteLine(await F()); } }\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args    []string
		lowered bool
	}{
		{[]string{"disasm", "--lowered", "--method", "F", p}, true},
		{[]string{"disasm", "--mode", "sm", "--lowered", "--method", "F", p}, true},
		{[]string{"disasm", "--mode", "rt", "--lowered", "--method", "F", p}, false},
	} {
		var out, errb bytes.Buffer
		if code := Main(c.args, nil, &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errb.String())
		}
		if got := strings.Contains(out.String(), "<F>d__0"); got != c.lowered {
			t.Errorf("%v: state machine printed %v, want %v:\n%s", c.args, got, c.lowered, out.String())
		}
	}
}

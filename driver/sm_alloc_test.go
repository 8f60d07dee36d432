package driver

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"asyncvm/vm"
)

// smChain builds a program whose Top(1) makes 100 calls of Mid, each
// awaiting one call of Leaf; nothing suspends. leaf is Leaf's body.
func smChain(t *testing.T, leaf string) (*vm.Thread, *vm.Func) {
	t.Helper()
	src := `using System.Threading.Tasks;
class Program {
    static async Task<int> Leaf(int n) => ` + leaf + `;
    static async Task<int> Mid(int n) => await Leaf(n);
    static async Task<int> Top(int n) { int s = 0; for (int i = 0; i < 100; i++) s += await Mid(i); return s; }
    static void Main() { }
}`
	var errb bytes.Buffer
	prog, ok := Build(Options{Filename: "chain.async", Source: []byte(src), Mode: "sm", Stderr: &errb})
	if !ok {
		t.Fatal(errb.String())
	}
	m := vm.NewMachine(prog, &bytes.Buffer{}, &errb)
	for _, f := range prog.Funcs {
		if f.Name == "Top" {
			return m.NewThread(), f
		}
	}
	t.Fatal("no Top")
	return nil, nil
}

// TestSMNonSuspendingCallAllocations holds the classic model to .NET's
// cost: an sm async call that completes without suspending allocates no
// state machine, no builder and no awaiter, only its result Task, and not
// even that when the result is one .NET caches (small ints, bools).
func TestSMNonSuspendingCallAllocations(t *testing.T) {
	tests := []struct {
		name, leaf string
		want       int // result of Top(1)
		// perCall is the allowed allocations per Leaf+Mid pair beyond the
		// entry's (the argument slice and Top's own result task): the two
		// result tasks, each a vm.Task and the Native that represents it to
		// programs (the VM's one Task object is two Go allocations).
		perCall float64
	}{
		{"cached results", "n % 2", 50, 0},
		{"uncached results", "n + 1000", 104950, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			th, top := smChain(t, tc.leaf)
			call := func() {
				v, err := th.Invoke(top, vm.Null, []vm.Value{vm.Int(1)})
				if err != nil {
					t.Fatal(err)
				}
				if r, _ := v.AsTask().Result(); r.AsInt() != int32(tc.want) {
					t.Fatalf("result %v, want %d", r.AsInt(), tc.want)
				}
			}
			call()
			limit := 100*tc.perCall + 3
			if n := testing.AllocsPerRun(50, call); n > limit {
				t.Errorf("%v allocations per run of 200 non-suspending sm async calls; want at most %v", n, limit)
			}
		})
	}
}

// TestSMStatsCountCalls checks the sm --stats figures: every call of an
// async method counts in async_calls, only first suspensions box, and each
// task handed out counts once.
func TestSMStatsCountCalls(t *testing.T) {
	src := strings.Replace(asyncFib, "Console.WriteLine(await Fib(25));", "Console.WriteLine(await Fib(25)); await Task.Yield();", 1)
	var out, errb bytes.Buffer
	code := Run(Options{Filename: "fib.async", Source: []byte(src), Mode: "sm", Stdout: &out, Stderr: &errb, Stats: true})
	if code != 0 || out.String() != "75025\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
	var s vm.Stats
	line := strings.TrimSpace(errb.String())
	if err := json.Unmarshal([]byte(line), &s); err != nil {
		t.Fatalf("stats line %q: %v", line, err)
	}
	// Fib(25) makes 242785 calls; Main is one more and is the only method
	// that suspends (once).
	if s.AsyncCalls != 242786 || s.StateMachineBoxes != 1 || s.Tasks != 242786 {
		t.Errorf("async_calls %d, state_machine_boxes %d, tasks %d; want 242786, 1, 242786", s.AsyncCalls, s.StateMachineBoxes, s.Tasks)
	}
}

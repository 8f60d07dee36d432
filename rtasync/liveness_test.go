package rtasync

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"asyncvm/vm"
)

func abc(op vm.Op, a, b, c int) vm.Instr { return vm.MakeABC(op, a, b, c) }

// TestLiveness checks the registers saved at an await: a value read after
// the await is saved, a dead one is not, the destination is not, and a
// register read by a catch handler covering the await is saved.
func TestLiveness(t *testing.T) {
	p := &vm.Program{}
	f := &vm.Func{NumRegs: 6, Code: []vm.Instr{
		vm.MakeABx(vm.OpLoadInt, 1, 7), // 0: R1 = 7 (live across the await)
		vm.MakeABx(vm.OpLoadInt, 2, 8), // 1: R2 = 8 (dead: overwritten after)
		vm.MakeABx(vm.OpLoadInt, 4, 9), // 2: R4 = 9 (read only by the handler)
		abc(vm.OpAwait, 3, 5, 0),       // 3: R3 = await R5
		vm.MakeABx(vm.OpLoadInt, 2, 1), // 4: R2 = 1
		abc(vm.OpAdd, 0, 1, 3),         // 5: R0 = R1 + R3
		abc(vm.OpAdd, 0, 0, 2),         // 6: R0 = R0 + R2
		abc(vm.OpRet, 0, 0, 0),         // 7
		abc(vm.OpRet, 4, 0, 0),         // 8: handler returns R4
	}, Handlers: []vm.Handler{{Start: 3, End: 4, Target: 8, Reg: 5}},
		Awaits: []vm.AwaitSite{{PC: 3}}}
	Analyze(p, f)
	if diff := cmp.Diff([]int32{1, 4}, f.Awaits[0].Live); diff != "" {
		t.Fatalf("live registers at the await (-want +got):\n%s", diff)
	}
}

// TestLivenessLoop checks that a register live around a loop back edge is
// saved at an await inside the loop.
func TestLivenessLoop(t *testing.T) {
	p := &vm.Program{}
	f := &vm.Func{NumRegs: 4, Code: []vm.Instr{
		vm.MakeABx(vm.OpLoadInt, 0, 0),  // 0: i = 0
		vm.MakeABx(vm.OpLoadInt, 1, 10), // 1: n = 10
		abc(vm.OpJNLt, 0, 1, 3),         // 2: if !(i < n) goto 6
		abc(vm.OpAwait, 2, 3, 0),        // 3: R2 = await R3
		abc(vm.OpAddI, 0, 0, 1),         // 4: i++
		vm.MakeABx(vm.OpJmp, 0, -4),     // 5: goto 2
		abc(vm.OpRetVoid, 0, 0, 0),      // 6
	}, Awaits: []vm.AwaitSite{{PC: 3}}}
	Analyze(p, f)
	if diff := cmp.Diff([]int32{0, 1, 3}, f.Awaits[0].Live); diff != "" {
		t.Fatalf("live registers in the loop (-want +got):\n%s", diff)
	}
}

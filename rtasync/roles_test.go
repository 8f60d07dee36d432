package rtasync_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"asyncvm/driver"
	"asyncvm/rtasync"
	"asyncvm/vm"
)

// TestUseDefMatchesLegacy compiles the async test programs and checks, for
// every instruction, that the registers UseDef derives from the operand
// roles of vm.Ops are the ones the hand-written table it replaced gave
// (legacyUseDef, frozen here for opcodes that existed then), so liveness
// at every await is unchanged.
func TestUseDefMatchesLegacy(t *testing.T) {
	files, _ := filepath.Glob("../tests/testdata/async/*.async")
	more, _ := filepath.Glob("../bench/*.async")
	files = append(files, more...)
	if len(files) == 0 {
		t.Fatal("no programs")
	}
	checked := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, mode := range []string{"rt", "sm"} {
			var errb bytes.Buffer
			prog, ok := driver.Build(driver.Options{Filename: file, Source: src, Mode: mode, Stderr: &errb})
			if !ok {
				continue // programs that expect compile errors
			}
			for _, f := range prog.Funcs {
				for pc, ins := range f.Code {
					if ins.Op() >= vm.OpAddI32 {
						continue
					}
					u, d := rtasync.UseDef(prog, f, ins)
					lu, ld := legacyUseDef(prog, f, ins)
					if fmt.Sprint(u) != fmt.Sprint(lu) || fmt.Sprint(d) != fmt.Sprint(ld) {
						t.Errorf("%s %s pc %d %v: uses %v defs %v, legacy %v %v", file, f.Name, pc, ins, u, d, lu, ld)
					}
					checked++
				}
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d instructions checked", checked)
	}
}

// legacyUseDef is the hand-written table that UseDef replaced.
func legacyUseDef(p *vm.Program, f *vm.Func, ins vm.Instr) (uses, defs []int) {
	a, b, c := ins.A(), ins.B(), ins.C()
	span := func(from, n int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = from + i
		}
		return out
	}
	switch ins.Op() {
	case vm.OpNop, vm.OpJmp, vm.OpRetVoid:
		return nil, nil
	case vm.OpMove, vm.OpConv, vm.OpNeg, vm.OpNot, vm.OpBitNot, vm.OpAddI, vm.OpGetField, vm.OpGetMember,
		vm.OpGetBox, vm.OpNewBox, vm.OpGetRef, vm.OpRefFld, vm.OpNewArr, vm.OpIs, vm.OpAs, vm.OpCast, vm.OpAwait:
		return []int{b}, []int{a}
	case vm.OpLoadK, vm.OpLoadInt, vm.OpLoadNull, vm.OpLoadBool, vm.OpGetStatic, vm.OpGetUp, vm.OpUpBox,
		vm.OpRefSta, vm.OpNewObj, vm.OpTypeOf:
		return nil, []int{a}
	case vm.OpAdd, vm.OpSub, vm.OpMul, vm.OpDiv, vm.OpRem, vm.OpBitAnd, vm.OpBitOr, vm.OpBitXor, vm.OpShl,
		vm.OpShr, vm.OpEq, vm.OpNe, vm.OpLt, vm.OpLe, vm.OpGetIndex, vm.OpRefElm:
		return []int{b, c}, []int{a}
	case vm.OpJmpIf, vm.OpJmpIfNot, vm.OpJmpNull, vm.OpJmpNotNul, vm.OpRet, vm.OpThrow, vm.OpRethrow, vm.OpEndFilt,
		vm.OpNullChk, vm.OpSetStatic, vm.OpJLtK, vm.OpJGeK, vm.OpJLeK, vm.OpJGtK:
		return []int{a}, nil
	case vm.OpJLt, vm.OpJNLt, vm.OpJLe, vm.OpJNLe, vm.OpJEq, vm.OpJNe, vm.OpSetBox, vm.OpSetRef:
		return []int{a, b}, nil
	case vm.OpSetField, vm.OpSetMember:
		return []int{a, c}, nil
	case vm.OpSetIndex:
		return []int{a, b, c}, nil
	case vm.OpGetThisF:
		return []int{0}, []int{a}
	case vm.OpSetThisF:
		return []int{0, b}, nil
	case vm.OpSetUp:
		return []int{b}, nil
	case vm.OpCall, vm.OpCallVirt, vm.OpCallAw, vm.OpCallVAw:
		return span(a, c), []int{a}
	case vm.OpCallDel, vm.OpCallDAw:
		return span(a, c+1), []int{a}
	case vm.OpClosure:
		var uses []int
		if b < len(p.Funcs) {
			cf := p.Funcs[b]
			for _, u := range cf.Up {
				if !u.FromUp {
					uses = append(uses, u.Index)
				}
			}
			if cf.HasThis && f.HasThis && !cf.Shared { // a Shared closure (one per machine) takes no this
				uses = append(uses, 0)
			}
		}
		return uses, []int{a}
	}
	return span(0, f.NumRegs), nil
}

package vm

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// TestRunRecoversPanics checks that a Go panic under the interpreter (here in
// a native the bytecode calls, directly and through a nested run) comes back
// as an internal error naming the instruction, with the frames dropped and
// the thread usable again.
func TestRunRecoversPanics(t *testing.T) {
	boom := &Func{Name: "Boom", Native: func(*Thread, []Value) (Value, error) { panic("boom") }}
	inner := &Func{Name: "Inner", File: "t.async", Line: 3, NumRegs: 2, IsStatic: true,
		Code:  []Instr{MakeABC(OpCall, 1, 0, 0), MakeABC(OpRet, 1, 0, 0)},
		Lines: []int32{4, 4}}
	var outer *Func
	nested := &Func{Name: "Nested", Native: func(th *Thread, _ []Value) (Value, error) {
		return th.Invoke(inner, Null, nil)
	}}
	outer = &Func{Name: "Outer", File: "t.async", Line: 7, NumRegs: 2, IsStatic: true,
		Code:  []Instr{MakeABC(OpCall, 1, 2, 0), MakeABC(OpRet, 1, 0, 0)},
		Lines: []int32{8, 8}}
	ok := &Func{Name: "Ok", NumRegs: 1, IsStatic: true,
		Code: []Instr{MakeABx(OpLoadInt, 0, 42), MakeABC(OpRet, 0, 0, 0)}, Lines: []int32{1, 1}}
	prog := &Program{Funcs: []*Func{boom, inner, nested, outer, ok}}
	th := NewMachine(prog, io.Discard, io.Discard).NewThread()
	for _, fn := range []*Func{inner, outer} {
		_, err := th.Invoke(fn, Null, nil)
		var f *Fatal
		if !errors.As(err, &f) || f.Code != ExitInternal {
			t.Fatalf("%s: err = %v, want an internal error", fn.Name, err)
		}
		for _, want := range []string{"internal error: boom", "while executing Inner at pc 0 (CALL", "t.async:line 4"} {
			if !strings.Contains(f.Msg, want) {
				t.Errorf("%s: message %q lacks %q", fn.Name, f.Msg, want)
			}
		}
		if len(th.frames) != 0 {
			t.Errorf("%s: %d frames left", fn.Name, len(th.frames))
		}
	}
	if v, err := th.Invoke(ok, Null, nil); err != nil || v.AsInt() != 42 {
		t.Errorf("after recovery: %v %v", v, err)
	}
}

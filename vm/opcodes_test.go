package vm

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// opNames maps each opcode constant's Go name to its value, read from the
// const block so a new opcode cannot be missed.
func opNames(t *testing.T) map[string]Op {
	src, err := os.ReadFile("opcodes.go")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^\t(Op[A-Za-z0-9]+)\s`)
	names := map[string]Op{}
	for i, m := range re.FindAllStringSubmatch(string(src[strings.Index(string(src), "\tOpNop      Op = iota"):strings.Index(string(src), "\tnumOps")]), -1) {
		names[m[1]] = Op(i)
	}
	return names
}

// TestEveryOpcodeIsComplete checks that every opcode has a properties-table
// entry with a name and a format, disassembles, and has a case in the
// interpreter (the run loop or one of its slow-path helpers).
func TestEveryOpcodeIsComplete(t *testing.T) {
	names := opNames(t)
	if len(names) != int(numOps) {
		t.Fatalf("found %d opcode names, numOps is %d", len(names), numOps)
	}
	var vmSrc strings.Builder
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		vmSrc.Write(b)
	}
	cases := regexp.MustCompile(`case (Op[A-Za-z0-9]+(?:, Op[A-Za-z0-9]+)*):`).FindAllStringSubmatch(vmSrc.String(), -1)
	handled := map[string]bool{}
	for _, c := range cases {
		for _, n := range strings.Split(c[1], ", ") {
			handled[n] = true
		}
	}
	for name, op := range names {
		info := Ops[op]
		if info.Name == "" {
			t.Errorf("%s has no properties-table entry", name)
			continue
		}
		dis := MakeABC(op, 1, 2, 3).String()
		if strings.HasPrefix(dis, "???") || !strings.HasPrefix(dis, info.Name) {
			t.Errorf("%s disassembles as %q", name, dis)
		}
		if !handled[name] && op != OpNop {
			t.Errorf("%s has no case in the interpreter", name)
		}
		if info.MaySuspend() && !info.MayThrow() {
			t.Errorf("%s may suspend but is not marked as may throw", name)
		}
		checkRoles(t, name, info)
	}
}

// checkRoles checks that an opcode's operand roles are consistent: a Wide
// opcode has no C, a register range has its count in C, a jump operand is
// one of at most one, and every role is a known one.
func checkRoles(t *testing.T, name string, info OpInfo) {
	t.Helper()
	jumps := 0
	for k, r := range info.Roles() {
		if r > RConv {
			t.Errorf("%s: operand %d has unknown role %d", name, k, r)
		}
		if r == RJump {
			jumps++
		}
		if (r == RCount || r == RCount1) && k != 2 {
			t.Errorf("%s: a count must be operand C", name)
		}
	}
	if info.Flags&Wide != 0 && info.C != RNone {
		t.Errorf("%s: Wide opcode with a C operand", name)
	}
	if info.A == RArgs && info.C != RCount && info.C != RCount1 {
		t.Errorf("%s: register range without a count in C", name)
	}
	if jumps > 1 {
		t.Errorf("%s: %d jump operands", name, jumps)
	}
	if info.Flags&ReadsThis != 0 && info.A == RArgs {
		t.Errorf("%s: reads this and a register range", name)
	}
}

// TestRegs checks the registers that Instr.Regs derives from the roles.
func TestRegs(t *testing.T) {
	p := &Program{Funcs: []*Func{{Up: []UpDesc{{Index: 4}, {Index: 1, FromUp: true}}, HasThis: true}}}
	f := &Func{HasThis: true}
	for _, c := range []struct {
		ins        Instr
		uses, defs []int
	}{
		{MakeABC(OpAdd, 1, 2, 3), []int{2, 3}, []int{1}},
		{MakeABC(OpAddF64, 1, 2, 3), []int{2, 3}, []int{1}},
		{MakeABx(OpLoadK, 5, 70000), nil, []int{5}},
		{MakeABC(OpCall, 4, 9, 3), []int{4, 5, 6}, []int{4}},
		{MakeABC(OpCallDel, 4, 0, 2), []int{4, 5, 6}, []int{4}},
		{MakeABC(OpSetField, 1, 0, 2), []int{1, 2}, nil},
		{MakeABC(OpGetThisF, 3, 0, 0), []int{0}, []int{3}},
		{MakeABC(OpClosure, 2, 0, 0), []int{4, 0}, []int{2}},
		{MakeABC(OpJLtI32, 1, 2, -4), []int{1, 2}, nil},
		{MakeABx(OpJmp, 0, -4), nil, nil},
	} {
		var uses, defs []int
		c.ins.Regs(p, f, func(r int) { uses = append(uses, r) }, func(r int) { defs = append(defs, r) })
		if fmt.Sprint(uses) != fmt.Sprint(c.uses) || fmt.Sprint(defs) != fmt.Sprint(c.defs) {
			t.Errorf("%v: uses %v defs %v, want %v %v", c.ins, uses, defs, c.uses, c.defs)
		}
	}
	if tg, ok := MakeABC(OpJLtI32, 1, 2, -4).Jump(10); !ok || tg != 7 {
		t.Errorf("jump target %d %v, want 7", tg, ok)
	}
	if tg, ok := MakeABx(OpJmp, 0, 100000).Jump(0); !ok || tg != 100001 {
		t.Errorf("wide jump target %d %v, want 100001", tg, ok)
	}
}

// TestOperandAccessors checks the instruction encoding round trip.
func TestOperandAccessors(t *testing.T) {
	i := MakeABC(OpAdd, 65535, 1234, 40000)
	if i.Op() != OpAdd || i.A() != 65535 || i.B() != 1234 || i.C() != 40000 {
		t.Errorf("ABC round trip: %v %v %v %v", i.Op(), i.A(), i.B(), i.C())
	}
	if j := MakeABC(OpJLt, 1, 2, -5); j.SC() != -5 {
		t.Errorf("sC = %d, want -5", j.SC())
	}
	if j := MakeABx(OpJmp, 0, -100000); j.SBx() != -100000 {
		t.Errorf("sBx = %d, want -100000", j.SBx())
	}
	if j := MakeABx(OpLoadK, 3, 4000000); j.Bx() != 4000000 || j.A() != 3 {
		t.Errorf("Bx = %d A = %d", j.Bx(), j.A())
	}
}

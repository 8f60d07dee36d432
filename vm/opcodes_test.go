package vm

import (
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
	re := regexp.MustCompile(`(?m)^\t(Op[A-Za-z]+)\s`)
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
	cases := regexp.MustCompile(`case (Op[A-Za-z]+(?:, Op[A-Za-z]+)*):`).FindAllStringSubmatch(vmSrc.String(), -1)
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
		if info.MaySuspend && !info.MayThrow {
			t.Errorf("%s may suspend but is not marked as may throw", name)
		}
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

package driver

import (
	"fmt"
	"io"
	"strings"

	"asyncvm/compiler"
	"asyncvm/vm"
)

// Disasm prints the bytecode of the program's methods (all, or those named
// method), skipping the prelude.
func Disasm(opts Options, method string, lowered bool) int {
	if lowered {
		return PrintLowered(opts, method)
	}
	prog, ok := Build(opts)
	if !ok {
		return ExitCompile
	}
	for _, f := range prog.Funcs {
		if f.Native != nil || f.File == compiler.PreludeFile {
			continue
		}
		if method != "" && f.Name != method && f.QualifiedName() != method {
			continue
		}
		io.WriteString(opts.Stdout, DisasmFunc(prog, f))
		io.WriteString(opts.Stdout, "\n")
	}
	return ExitOK
}

// DisasmFunc renders one function's bytecode with constants and names.
func DisasmFunc(prog *vm.Program, f *vm.Func) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s  (params %d, regs %d", f.QualifiedName(), f.NumParams, f.NumRegs)
	if f.HasThis {
		b.WriteString(", this")
	}
	if f.Async != vm.NotAsync {
		b.WriteString(", async")
	}
	b.WriteString(")\n")
	awaits := map[int]vm.AwaitSite{}
	for _, a := range f.Awaits {
		awaits[a.PC] = a
	}
	for pc, ins := range f.Code {
		fmt.Fprintf(&b, "  %4d  [%3d]  %-28s", pc, f.LineAt(pc), ins.String())
		var note string
		switch ins.Op() {
		case vm.OpLoadK:
			if ins.Bx() < len(f.K) {
				note = describeConst(f.K[ins.Bx()])
			}
		case vm.OpCall, vm.OpCallAw:
			if ins.B() < len(prog.Funcs) {
				note = prog.Funcs[ins.B()].QualifiedName()
			}
		case vm.OpCallVirt, vm.OpCallVAw, vm.OpGetMember:
			idx := ins.B()
			if ins.Op() == vm.OpGetMember {
				idx = ins.C()
			}
			if idx < len(prog.Sites) {
				note = "." + prog.Sites[idx].Name
			}
		case vm.OpSetMember:
			if ins.B() < len(prog.Sites) {
				note = "." + prog.Sites[ins.B()].Name
			}
		case vm.OpGetStatic, vm.OpSetStatic, vm.OpRefSta:
			if ins.Bx() < len(prog.Statics) {
				r := prog.Statics[ins.Bx()]
				note = r.T.FullName() + "." + r.T.StaticFields[r.I].Name
			}
		case vm.OpGetField, vm.OpSetField, vm.OpRefFld, vm.OpGetThisF, vm.OpSetThisF:
			idx := ins.C()
			switch ins.Op() {
			case vm.OpSetField, vm.OpGetThisF:
				idx = ins.B()
			case vm.OpSetThisF:
				idx = ins.A()
			}
			if idx < len(f.Fields) {
				r := f.Fields[idx]
				note = r.Class().FullName() + "." + r.Class().Fields[r.Index()].Name
			}
		case vm.OpNewObj, vm.OpTypeOf:
			if ins.B() < len(prog.Types) {
				note = prog.Types[ins.B()].FullName()
			}
		case vm.OpIs, vm.OpAs, vm.OpCast, vm.OpNewArr:
			if ins.C() < len(prog.Types) {
				note = prog.Types[ins.C()].FullName()
			}
		case vm.OpJmp, vm.OpJmpIf, vm.OpJmpIfNot, vm.OpJmpNull, vm.OpJmpNotNul:
			note = fmt.Sprintf("-> %d", pc+1+ins.SBx())
		case vm.OpJLt, vm.OpJNLt, vm.OpJLe, vm.OpJNLe, vm.OpJEq, vm.OpJNe:
			note = fmt.Sprintf("-> %d", pc+1+ins.SC())
		case vm.OpJLtK, vm.OpJGeK, vm.OpJLeK, vm.OpJGtK:
			note = fmt.Sprintf("K=%s -> %d", describeConst(f.K[ins.B()]), pc+1+ins.SC())
		case vm.OpClosure:
			if ins.B() < len(prog.Funcs) {
				note = prog.Funcs[ins.B()].Name
			}
		}
		if a, ok := awaits[pc]; ok {
			note += fmt.Sprintf("  saves %v", a.Live)
			if a.InTry {
				note += " +exception slot"
			}
		}
		if note != "" {
			b.WriteString("; " + strings.TrimSpace(note))
		}
		b.WriteByte('\n')
	}
	for _, h := range f.Handlers {
		fmt.Fprintf(&b, "  handler [%d, %d) -> %d, exception in R%d\n", h.Start, h.End, h.Target, h.Reg)
	}
	return b.String()
}

func describeConst(v vm.Value) string {
	if s := v.AsStr(); s != nil {
		return fmt.Sprintf("%q", s.S)
	}
	if cl := v.AsClosure(); cl != nil {
		return "delegate " + cl.Fn.QualifiedName()
	}
	if t := v.PrimType(); t != nil {
		if v.IsInt() {
			return fmt.Sprint(v.AsInt())
		}
		if t == vm.TLong {
			return fmt.Sprint(v.AsLong())
		}
		return t.Name
	}
	return ""
}

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
		note := operandNotes(prog, f, pc, ins)
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

// operandNotes names what an instruction's table operands refer to
// (constants, functions, members, fields, types) and where it jumps, from
// the operand roles of vm.Ops.
func operandNotes(prog *vm.Program, f *vm.Func, pc int, ins vm.Instr) string {
	info := vm.Ops[ins.Op()]
	var notes []string
	for k, r := range info.Roles() {
		x := ins.Operand(k)
		switch r {
		case vm.RConst:
			if x < len(f.K) {
				if info.Flags&vm.Wide != 0 {
					notes = append(notes, describeConst(f.K[x]))
				} else {
					notes = append(notes, "K="+describeConst(f.K[x]))
				}
			}
		case vm.RFunc:
			if x < len(prog.Funcs) {
				notes = append(notes, prog.Funcs[x].QualifiedName())
			}
		case vm.RClosure:
			if x < len(prog.Funcs) {
				notes = append(notes, prog.Funcs[x].Name)
			}
		case vm.RSite:
			if x < len(prog.Sites) {
				notes = append(notes, "."+prog.Sites[x].Name)
			}
		case vm.RStatic:
			if x < len(prog.Statics) {
				r := prog.Statics[x]
				notes = append(notes, r.T.FullName()+"."+r.T.StaticFields[r.I].Name)
			}
		case vm.RField:
			if x < len(f.Fields) {
				r := f.Fields[x]
				notes = append(notes, r.Class().FullName()+"."+r.Class().Fields[r.Index()].Name)
			}
		case vm.RType:
			if x < len(prog.Types) {
				notes = append(notes, prog.Types[x].FullName())
			}
		case vm.RJump:
			notes = append(notes, fmt.Sprintf("-> %d", pc+1+x))
		}
	}
	return strings.Join(notes, " ")
}

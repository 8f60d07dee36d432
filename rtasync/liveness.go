// Package rtasync holds the compile-time half of the runtime-async model:
// the per-await liveness analysis that decides which registers a suspended
// frame saves. The run-time half (the async calling convention, suspension,
// thunks and the dispatcher) lives in package vm, inside the interpreter
// loop it must not slow down; see docs/design.md and docs/rationale.md.
package rtasync

import (
	"math/bits"

	"asyncvm/vm"
)

// Prepare computes, for every await site of every function in the program,
// the registers live after the await (the destination excluded).
func Prepare(p *vm.Program) {
	for _, f := range p.Funcs {
		if len(f.Awaits) > 0 && f.Native == nil {
			Analyze(p, f)
		}
	}
}

// regSet is a set of registers.
type regSet []uint64

func newSet(n int) regSet { return make(regSet, (n+63)/64) }

func (s regSet) add(r int) {
	if r >= 0 && r/64 < len(s) {
		s[r/64] |= 1 << (r % 64)
	}
}

func (s regSet) del(r int) {
	if r >= 0 && r/64 < len(s) {
		s[r/64] &^= 1 << (r % 64)
	}
}

// unionInto adds o to s and reports whether s changed.
func (s regSet) unionInto(o regSet) bool {
	changed := false
	for i := range s {
		n := s[i] | o[i]
		if n != s[i] {
			s[i] = n
			changed = true
		}
	}
	return changed
}

func (s regSet) list() []int32 {
	var out []int32
	for i, w := range s {
		for w != 0 {
			b := bits.TrailingZeros64(w)
			out = append(out, int32(i*64+b))
			w &^= 1 << b
		}
	}
	return out
}

// UseDef returns the registers an instruction reads and writes.
func UseDef(p *vm.Program, f *vm.Func, ins vm.Instr) (uses, defs []int) {
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
			if cf.HasThis && f.HasThis {
				uses = append(uses, 0)
			}
		}
		return uses, []int{a}
	}
	// Unknown instructions read everything: conservative.
	return span(0, f.NumRegs), nil
}

// successors returns the pcs control may reach after the instruction at pc
// completes normally.
func successors(f *vm.Func, pc int) []int {
	ins := f.Code[pc]
	switch ins.Op() {
	case vm.OpJmp:
		return []int{pc + 1 + ins.SBx()}
	case vm.OpJmpIf, vm.OpJmpIfNot, vm.OpJmpNull, vm.OpJmpNotNul:
		return []int{pc + 1, pc + 1 + ins.SBx()}
	case vm.OpJLt, vm.OpJNLt, vm.OpJLe, vm.OpJNLe, vm.OpJEq, vm.OpJNe, vm.OpJLtK, vm.OpJGeK, vm.OpJLeK, vm.OpJGtK:
		return []int{pc + 1, pc + 1 + ins.SC()}
	case vm.OpRet, vm.OpRetVoid, vm.OpThrow, vm.OpRethrow, vm.OpEndFilt:
		return nil
	}
	if pc+1 < len(f.Code) {
		return []int{pc + 1}
	}
	return nil
}

// Analyze fills f.Awaits[i].Live by backward dataflow over the bytecode,
// exception edges included: registers read by a handler are live throughout
// its protected range.
func Analyze(p *vm.Program, f *vm.Func) {
	n := len(f.Code)
	in := make([]regSet, n)
	out := make([]regSet, n)
	uses := make([][]int, n)
	defs := make([][]int, n)
	for pc := range f.Code {
		in[pc] = newSet(f.NumRegs)
		out[pc] = newSet(f.NumRegs)
		uses[pc], defs[pc] = UseDef(p, f, f.Code[pc])
	}
	succ := make([][]int, n)
	for pc := range f.Code {
		succ[pc] = successors(f, pc)
		for _, h := range f.Handlers {
			if pc >= h.Start && pc < h.End {
				// Exception edges: to a finally block, or to every catch
				// clause's filter and body (each defines Reg).
				for _, target := range handlerTargets(h) {
					succ[pc] = append(succ[pc], -1-target)
				}
			}
		}
	}
	handlerReg := map[int]int{}
	for _, h := range f.Handlers {
		for _, target := range handlerTargets(h) {
			handlerReg[target] = h.Reg
		}
	}
	tmp := newSet(f.NumRegs)
	for changed := true; changed; {
		changed = false
		for pc := n - 1; pc >= 0; pc-- {
			for _, s := range succ[pc] {
				if s >= 0 {
					if s < n {
						changed = out[pc].unionInto(in[s]) || changed
					}
					continue
				}
				t := -1 - s
				if t < n {
					copy(tmp, in[t])
					tmp.del(handlerReg[t])
					changed = out[pc].unionInto(tmp) || changed
				}
			}
			copy(tmp, out[pc])
			for _, d := range defs[pc] {
				tmp.del(d)
			}
			for _, u := range uses[pc] {
				tmp.add(u)
			}
			changed = in[pc].unionInto(tmp) || changed
		}
	}
	for i := range f.Awaits {
		a := &f.Awaits[i]
		if a.PC < 0 || a.PC >= n {
			continue
		}
		live := newSet(f.NumRegs)
		copy(live, out[a.PC])
		live.del(f.Code[a.PC].A())
		a.Live = live.list()
		if a.Live == nil {
			a.Live = []int32{}
		}
	}
}

// handlerTargets returns where an exception edge of h may lead.
func handlerTargets(h vm.Handler) []int {
	if h.Clauses == nil {
		return []int{h.Target}
	}
	var ts []int
	for _, c := range h.Clauses {
		if c.Filter >= 0 {
			ts = append(ts, c.Filter)
		}
		ts = append(ts, c.Body)
	}
	return ts
}

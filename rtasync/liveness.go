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

// UseDef returns the registers an instruction reads and writes, from the
// operand roles of vm.Ops.
func UseDef(p *vm.Program, f *vm.Func, ins vm.Instr) (uses, defs []int) {
	ins.Regs(p, f, func(r int) { uses = append(uses, r) }, func(r int) { defs = append(defs, r) })
	return uses, defs
}

// successors returns the pcs control may reach after the instruction at pc
// completes normally: its jump target, and the next instruction unless the
// opcode Ends.
func successors(f *vm.Func, pc int) []int {
	ins := f.Code[pc]
	var out []int
	if vm.Ops[ins.Op()].Flags&vm.Ends == 0 && pc+1 < len(f.Code) {
		out = append(out, pc+1)
	}
	if t, ok := ins.Jump(pc); ok {
		out = append(out, t)
	}
	return out
}

// Analyze fills f.Awaits[i].Live by backward dataflow over the bytecode,
// exception edges included: registers read by a handler are live throughout
// its protected range; and f.AwaitAt, the site of each await by pc.
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
	markFinal(f, succ)
	f.AwaitAt = nil
	if len(f.Awaits) < 0xFFFF {
		at := make([]uint16, n)
		for i, a := range f.Awaits {
			if a.PC >= 0 && a.PC < n && at[a.PC] == 0 {
				at[a.PC] = uint16(i + 1)
			}
		}
		f.AwaitAt = at
	}
}

// markFinal sets Final on each await site from which no instruction that
// may suspend is reachable, following normal and exception edges (the
// await's own included: an exception raised at the await on resumption goes
// to its handlers). succ is Analyze's successor table (an exception edge to
// pc t is -1-t).
func markFinal(f *vm.Func, succ [][]int) {
	n := len(f.Code)
	seen := make([]bool, n)
	var work []int
	for i := range f.Awaits {
		a := &f.Awaits[i]
		a.Final = false
		if a.PC < 0 || a.PC >= n {
			continue
		}
		clear(seen)
		work = append(work[:0], a.PC)
		final := true
		for len(work) > 0 && final {
			pc := work[len(work)-1]
			work = work[:len(work)-1]
			for _, s := range succ[pc] {
				if s < 0 {
					s = -1 - s
				}
				if s >= n || seen[s] {
					continue
				}
				if vm.Ops[f.Code[s].Op()].MaySuspend() {
					final = false
					break
				}
				seen[s] = true
				work = append(work, s)
			}
		}
		a.Final = final
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

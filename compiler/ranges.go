package compiler

import (
	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// Indices, ranges and list patterns, lowered as Roslyn lowers them
// (LocalRewriter_IndexerAccess, the list-pattern decision DAG): the
// receiver is evaluated once; `x[^e]` on a countable type reads
// x[x.Length - e] without making an Index; `x[r]` with a Range slices
// by GetSubArray (arrays), Substring (strings) or Slice(start, length);
// a list pattern tests the count once, then matches each element read
// at a constant offset from the start or from the end.

// hat compiles `^e` where an Index value is wanted: new Index(e, true).
func (fs *funcState) hat(e *lang.UnaryExpr, dst int) *vm.Type {
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	w := fs.allocN(2)
	fs.exprTo(e.X, w)
	fs.loadConst(w+1, vm.Bool(true))
	fs.callNative(e.Pos, "System.Index", ".ctor", w, 2)
	fs.emitABC(vm.OpMove, dst, w, 0)
	return vm.Builtin("System.Index")
}

// rangeExpr compiles `a..b` to new Range(a, b); a left-out start is
// Index.Start (0) and a left-out end Index.End (^0).
func (fs *funcState) rangeExpr(e *lang.RangeExpr, dst int) *vm.Type {
	save := fs.top
	defer fs.setTop(max(save, dst+1))
	w := fs.allocN(2)
	for i, x := range []lang.Expr{e.X, e.Y} {
		if x != nil {
			fs.exprTo(x, w+i)
			continue
		}
		a := fs.alloc()
		fs.loadConst(a, vm.Int(0))
		if i == 0 {
			fs.callNative(e.Pos, "System.Index", "FromStart", a, 1)
		} else {
			fs.callNative(e.Pos, "System.Index", "FromEnd", a, 1)
		}
		fs.emitABC(vm.OpMove, w+i, a, 0)
	}
	fs.callNative(e.Pos, "System.Range", ".ctor", w, 2)
	fs.emitABC(vm.OpMove, dst, w, 0)
	return vm.Builtin("System.Range")
}

// isRange reports whether e's static type is System.Range.
func (fs *funcState) isRange(e lang.Expr) bool {
	t := fs.c.info.TypeOf(e)
	return t != nil && t.Name == "Range" && t.Namespace == "System"
}

// isHat reports whether e is `^x` (not a user-defined operator).
func (fs *funcState) isHat(e lang.Expr) (*lang.UnaryExpr, bool) {
	u, ok := e.(*lang.UnaryExpr)
	return u, ok && u.Op == "^"
}

// count reads the countable property of the value in register r.
func (fs *funcState) count(ix *bind.Indexing, r int) int {
	n := fs.alloc()
	fs.emitABC(vm.OpGetMember, n, r, fs.c.site(ix.Count, 0))
	return n
}

// indexOffset compiles the Index argument i of an index expression on the
// receiver in register r to the register of the int offset it denotes:
// `^e` is r.Length - e; any other Index value is index.GetOffset(r.Length).
func (fs *funcState) indexOffset(ix *bind.Indexing, i lang.Expr, r int) int {
	if u, ok := fs.isHat(i); ok {
		v, _ := fs.exprReg(u.X)
		n := fs.count(ix, r)
		fs.emitABC(vm.OpSub, n, n, v)
		return n
	}
	v, _ := fs.exprReg(i)
	n := fs.count(ix, r)
	w := fs.allocN(2)
	fs.emitABC(vm.OpMove, w, v, 0)
	fs.emitABC(vm.OpMove, w+1, n, 0)
	fs.emitABC(vm.OpCallVirt, w, fs.c.site("GetOffset", 1), 2)
	return w
}

// implicitIndex compiles x[i] with an Index or Range argument that the
// binder bound by implicit support; r holds the receiver.
func (fs *funcState) implicitIndex(e *lang.IndexExpr, ix *bind.Indexing, r, dst int) {
	arg := e.Args[0].X
	if !fs.isRange(arg) {
		i := fs.indexOffset(ix, arg, r)
		fs.emitABC(vm.OpGetIndex, dst, r, i)
		return
	}
	rv, _ := fs.exprReg(arg)
	if ix.Count == "Length" && ix.Slice == nil && ix.Elem != nil && ix.Sliced != nil && ix.Sliced.Kind == bind.Array {
		w := fs.allocN(2)
		fs.emitABC(vm.OpMove, w, r, 0)
		fs.emitABC(vm.OpMove, w+1, rv, 0)
		fs.callNative(e.Pos, "System.Runtime.CompilerServices.RuntimeHelpers", "GetSubArray", w, 2)
		fs.emitABC(vm.OpMove, dst, w, 0)
		return
	}
	// start = r.Start.GetOffset(n); length = r.End.GetOffset(n) - start
	n := fs.count(ix, r)
	offset := func(name string) int {
		w := fs.allocN(2)
		fs.emitABC(vm.OpGetMember, w, rv, fs.c.site(name, 0))
		fs.emitABC(vm.OpMove, w+1, n, 0)
		fs.emitABC(vm.OpCallVirt, w, fs.c.site("GetOffset", 1), 2)
		return w
	}
	start, end := offset("Start"), offset("End")
	fs.slice(ix, r, start, end, dst)
}

// slice calls r.Slice(start, end - start) (Substring for a string) and
// leaves the result in dst; end is overwritten.
func (fs *funcState) slice(ix *bind.Indexing, r, start, end, dst int) {
	w := fs.allocN(3)
	fs.emitABC(vm.OpMove, w, r, 0)
	fs.emitABC(vm.OpMove, w+1, start, 0)
	fs.emitABC(vm.OpSub, w+2, end, start)
	name := "Substring"
	if ix.Slice != nil {
		name = ix.Slice.Name
	}
	fs.emitABC(vm.OpCallVirt, w, fs.c.site(name, 2), 3)
	fs.emitABC(vm.OpMove, dst, w, 0)
}

// listPattern tests the value in subj against `[P1, .., Pn]`: not null,
// a count equal to the number of element patterns (at least it, with a
// slice), then each element pattern against the element at its offset
// from the start (before the slice) or from the end (after it), and the
// slice's pattern against the slice between them.
func (fs *funcState) listPattern(p *lang.ListPattern, subj int, fail *label) {
	ix := fs.c.info.IndexingOf(p)
	if ix == nil {
		ix = &bind.Indexing{Count: "Length"}
	}
	fs.jumpTo(fail, vm.MakeABx(vm.OpJmpNull, subj, 0))
	n := fs.count(ix, subj)
	slice := -1
	for i, e := range p.Elems {
		if _, ok := e.(*lang.SlicePattern); ok && slice < 0 {
			slice = i
		}
	}
	k := fs.alloc()
	if slice < 0 {
		fs.loadConst(k, vm.Int(int32(len(p.Elems))))
		fs.jumpTo(fail, vm.MakeABC(vm.OpJNe, n, k, 0))
	} else {
		fs.loadConst(k, vm.Int(int32(len(p.Elems)-1)))
		fs.jumpTo(fail, vm.MakeABC(vm.OpJNLe, k, n, 0))
	}
	for i, e := range p.Elems {
		if _, discard := e.(*lang.DiscardPattern); discard {
			continue
		}
		save := fs.top
		if sp, ok := e.(*lang.SlicePattern); ok {
			if sp.P != nil && i == slice {
				fs.slicePattern(ix, sp, subj, n, i, len(p.Elems)-1-i, fail)
			}
			continue
		}
		at := fs.alloc()
		if slice < 0 || i < slice {
			fs.loadConst(at, vm.Int(int32(i)))
		} else {
			fs.loadConst(at, vm.Int(int32(len(p.Elems)-i)))
			fs.emitABC(vm.OpSub, at, n, at)
		}
		v := fs.alloc()
		fs.emitABC(vm.OpGetIndex, v, subj, at)
		fs.pattern(e, v, fail)
		fs.setTop(save)
	}
	if p.Name != "" && p.Name != "_" {
		fs.bind(p.Name, p.Pos, subj, nil)
	}
}

// slicePattern matches the slice subj[before..^after] against sp.P.
func (fs *funcState) slicePattern(ix *bind.Indexing, sp *lang.SlicePattern, subj, n, before, after int, fail *label) {
	v := fs.alloc()
	if ix.Sliced != nil && ix.Sliced.Kind == bind.Array {
		w := fs.allocN(2)
		fs.loadConst(w, vm.Int(int32(before)))
		fs.loadConst(w+1, vm.Int(int32(after)))
		fs.callNative(sp.Pos, "System.Index", "FromStart", w, 1)
		fs.callNative(sp.Pos, "System.Index", "FromEnd", w+1, 1)
		c := fs.allocN(2)
		fs.emitABC(vm.OpMove, c, w, 0)
		fs.emitABC(vm.OpMove, c+1, w+1, 0)
		fs.callNative(sp.Pos, "System.Range", ".ctor", c, 2)
		g := fs.allocN(2)
		fs.emitABC(vm.OpMove, g, subj, 0)
		fs.emitABC(vm.OpMove, g+1, c, 0)
		fs.callNative(sp.Pos, "System.Runtime.CompilerServices.RuntimeHelpers", "GetSubArray", g, 2)
		fs.emitABC(vm.OpMove, v, g, 0)
	} else {
		start, end := fs.alloc(), fs.alloc()
		fs.loadConst(start, vm.Int(int32(before)))
		fs.loadConst(end, vm.Int(int32(after)))
		fs.emitABC(vm.OpSub, end, n, end)
		fs.slice(ix, subj, start, end, v)
	}
	fs.pattern(sp.P, v, fail)
}

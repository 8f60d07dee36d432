package bind

import "asyncvm/lang"

// Indices, ranges and list patterns (C# 8 and C# 11).
//
// `^e` is an Index and `a..b` a Range (System.Index, System.Range in the
// library tables). An index expression with one Index or Range argument
// on a type without an indexer taking one uses C#'s implicit support
// (§12.8.12.3 and the "Indices and ranges" proposal): the type is
// countable (an int Length or Count property) and has an int indexer (for
// an Index) or a Slice(int, int) method (for a Range); arrays slice by
// RuntimeHelpers.GetSubArray and strings by Substring. A list pattern
// needs the same of its input type. The binder records what it chose in
// Info.Indexing, and code generation lowers from it as Roslyn does.

// Indexing is how an index expression with an Index or Range argument, or
// a list pattern, reaches the elements of its receiver.
type Indexing struct {
	// Count is the countable property: "Length" or "Count".
	Count string
	// Elem is the type of x[i]; Sliced the type of x[a..b], nil when the
	// receiver cannot be sliced.
	Elem, Sliced *Type
	// Slice is the Slice(int, int) method a range calls; nil for arrays
	// (GetSubArray) and strings (Substring).
	Slice *Method
}

// IndexingOf returns the implicit Index or Range support chosen for an
// index expression or a list pattern, or nil.
func (in *Info) IndexingOf(n lang.Node) *Indexing {
	if in == nil {
		return nil
	}
	return in.Indexing[n]
}

func (b *binder) indexType() *Type { return b.u.lookup("System.Index", 0) }
func (b *binder) rangeType() *Type { return b.u.lookup("System.Range", 0) }

// hat binds `^e`: e converts to int, and the value is an Index.
func (b *binder) hat(e *lang.UnaryExpr) *Type {
	b.convertExpr(e.X, b.u.special[Int32])
	return b.indexType()
}

// rangeExpr binds `a..b`: each operand present converts to Index.
func (b *binder) rangeExpr(e *lang.RangeExpr) *Type {
	for _, x := range []lang.Expr{e.X, e.Y} {
		if x != nil {
			b.convertExpr(x, b.indexType())
		}
	}
	return b.rangeType()
}

// indexing returns how a value of type t is indexed by Index values and
// sliced by Range values, or nil when t is not countable and indexable.
func (b *binder) indexing(t *Type) *Indexing {
	switch {
	case t.Kind == Array:
		return &Indexing{Count: "Length", Elem: t.Elem, Sliced: t}
	case t.Kind == Special && t.Special == String:
		return &Indexing{Count: "Length", Elem: b.u.special[Char], Sliced: t}
	}
	var ix Indexing
	for _, name := range []string{"Length", "Count"} {
		for _, s := range b.lookup(t, name) {
			if p, ok := s.(*Property); ok && !p.Static && p.Get && p.Type == b.u.special[Int32] {
				ix.Count = name
				break
			}
		}
		if ix.Count != "" {
			break
		}
	}
	if ix.Count == "" {
		return nil
	}
	for _, s := range b.lookup(t, "this[]") {
		if p, ok := s.(*Property); ok && len(p.Params) == 1 && p.Params[0].Type == b.u.special[Int32] {
			ix.Elem = p.Type
		}
	}
	if ix.Elem == nil {
		return nil
	}
	for _, s := range b.lookup(t, "Slice") {
		if m, ok := s.(*Method); ok && !m.Static && len(m.Params) == 2 && m.Params[0].Type == b.u.special[Int32] && m.Params[1].Type == b.u.special[Int32] && m.Ret != nil {
			ix.Slice, ix.Sliced = m, m.Ret
		}
	}
	return &ix
}

// implicitIndex binds x[i] where i, of type at, is an Index or a Range,
// on a receiver of type t; ok is false when t has an indexer taking at
// (ordinary overload resolution then applies).
func (b *binder) implicitIndex(e *lang.IndexExpr, t, at *Type) (r *Type, ok bool) {
	isRange := at == b.rangeType()
	if t.Kind != Array && !(t.Kind == Special && t.Special == String) {
		for _, s := range b.lookup(t, "this[]") {
			if p, ok := s.(*Property); ok && len(p.Params) == 1 && p.Params[0].Type == at {
				return nil, false
			}
		}
	}
	ix := b.indexing(t)
	switch {
	case ix != nil && !isRange:
		b.info.Indexing[e] = ix
		return ix.Elem, true
	case ix != nil && ix.Sliced != nil:
		b.info.Indexing[e] = ix
		return ix.Sliced, true
	}
	pos := posOf(e.Args[0].X)
	for _, s := range b.lookup(t, "this[]") {
		if p, ok := s.(*Property); ok && len(p.Params) == 1 {
			b.errorf(pos, "CS1503", "Argument 1: cannot convert from '%s' to '%s'", at, p.Params[0].Type)
			return b.u.unchecked, true
		}
	}
	b.errorf(posOf(e), "CS0021", "Cannot apply indexing with [] to an expression of type '%s'", t)
	return b.u.unchecked, true
}

// listPattern binds `[P1, .., Pn]` against a value of type in: each
// element pattern against the element type, a slice's pattern against
// the sliced type.
func (b *binder) listPattern(p *lang.ListPattern, in *Type) {
	var ix *Indexing
	if in != nil && !in.IsUnchecked() && !lenient(in) {
		if ix = b.indexing(b.u.Erase(in)); ix == nil {
			b.errorf(p.Pos, "CS8979", "List patterns may not be used for a value of type '%s'.", in)
		} else {
			b.info.Indexing[p] = ix
		}
	}
	elem, sliced := b.u.unchecked, b.u.unchecked
	if ix != nil {
		elem = ix.Elem
		if ix.Sliced != nil {
			sliced = ix.Sliced
		}
	}
	slices := 0
	for _, e := range p.Elems {
		s, ok := e.(*lang.SlicePattern)
		if !ok {
			b.patternIn(e, elem)
			continue
		}
		if slices++; slices > 1 {
			b.errorf(s.Pos, "CS8980", "Slice patterns may only be used once and directly inside a list pattern.")
		}
		if s.P != nil {
			if ix != nil && ix.Sliced == nil {
				b.errorf(s.Pos, "CS8978", "Slice patterns may not be used for a value of type '%s'.", in)
			}
			b.patternIn(s.P, sliced)
		}
	}
	if p.Name != "" && p.Name != "_" {
		t := in
		if t == nil {
			t = b.u.unchecked
		}
		b.declare(p.Name, t)
	}
}

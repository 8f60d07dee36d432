package bind

import "asyncvm/lang"

// Array creation and array initializers (C# §12.8.17.5, §17.7).

// newArray binds `new T[n, m] { ... }`, `new T[,] { {...}, ... }` and
// `new[,] { ... }`: the sizes, the initializer's shape against the rank
// and the constant sizes, and each element's conversion to the element
// type.
func (b *binder) newArray(e *lang.NewArrayExpr) *Type {
	u := b.u
	sizes := make([]int64, e.Rank)
	for i := range sizes {
		sizes[i] = -1
	}
	for i, x := range e.Sizes {
		t := b.expr(x)
		if v, ok := b.info.Consts[x].(int64); ok {
			if v < 0 {
				b.errorf(posOf(x), "CS0248", "Cannot create an array with a negative size")
			} else if i < len(sizes) {
				sizes[i] = v
			}
		} else if e.HasInit && !t.IsUnchecked() {
			b.errorf(posOf(x), "CS0150", "A constant value is expected")
		}
	}
	var elem *Type
	if e.Elem != nil {
		elem = b.resolveType(e.Elem, b.typeCtx())
	}
	var leaves []lang.Expr
	if e.HasInit {
		leaves = b.arrayShape(e.Init, e.Pos, e.Rank, sizes)
	}
	for _, x := range leaves {
		if elem != nil {
			b.convertExpr(x, elem)
		} else {
			b.expr(x)
		}
	}
	if elem == nil && e.HasInit {
		elem = b.implicitArrayElem(e.Pos, leaves) // `new[] { ... }`, `new[,] { ... }`
	}
	if elem == nil {
		return u.unchecked
	}
	return u.ArrayOfRank(elem, e.Rank)
}

// initListTo binds an array initializer `{ ... }` written as the
// initializer of a variable or field of array type t (`int[,] a = {{1, 2}};`).
func (b *binder) initListTo(l *lang.InitListExpr, t *Type) {
	sizes := make([]int64, t.Rank)
	for i := range sizes {
		sizes[i] = -1
	}
	for _, x := range b.arrayShape(l.Elems, l.Pos, t.Rank, sizes) {
		b.convertExpr(x, t.Elem)
	}
	b.info.Types[l] = t
}

// arrayShape checks that the initializer elems of an array of rank
// dimensions is rectangular: nested initializers down to the last
// dimension and elements there (CS0846, CS0623), each dimension as long as
// its constant size or, without one, as its first initializer (CS0847).
// sizes holds the known lengths, -1 where none is known yet. It returns the
// elements in row-major order.
func (b *binder) arrayShape(elems []lang.Expr, pos lang.Pos, rank int, sizes []int64) []lang.Expr {
	var leaves []lang.Expr
	var walk func(elems []lang.Expr, pos lang.Pos, d int)
	walk = func(elems []lang.Expr, pos lang.Pos, d int) {
		if n := int64(len(elems)); sizes[d] < 0 {
			sizes[d] = n
		} else if sizes[d] != n {
			b.errorf(pos, "CS0847", "An array initializer of length '%d' is expected", sizes[d])
		}
		for _, x := range elems {
			l, nested := x.(*lang.InitListExpr)
			switch {
			case d < rank-1 && nested:
				b.info.Types[l] = b.u.unchecked
				walk(l.Elems, l.Pos, d+1)
			case d < rank-1:
				b.errorf(posOf(x), "CS0846", "A nested array initializer is expected")
				b.expr(x)
			case nested:
				b.errorf(l.Pos, "CS0623", "Array initializers can only be used in a variable or field initializer. Try using a new expression instead.")
				b.expr(x)
			default:
				leaves = append(leaves, x)
			}
		}
	}
	walk(elems, pos, 0)
	return leaves
}

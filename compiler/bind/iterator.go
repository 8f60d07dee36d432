package bind

import "asyncvm/lang"

// IterKind is what an iterator returns (C# §15.15): an enumerable or an
// enumerator, synchronous or asynchronous.
type IterKind int

const (
	IterEnumerable      IterKind = iota // IEnumerable<T> or IEnumerable
	IterEnumerator                      // IEnumerator<T> or IEnumerator
	IterAsyncEnumerable                 // IAsyncEnumerable<T>
	IterAsyncEnumerator                 // IAsyncEnumerator<T>
)

// Async reports whether the kind is an async stream's.
func (k IterKind) Async() bool { return k == IterAsyncEnumerable || k == IterAsyncEnumerator }

// Iterator is what the binder records of an iterator: a method, local
// function or get accessor whose body holds a yield statement. The
// iterator lowering (sm.LowerIterators) reads it.
type Iterator struct {
	Kind IterKind
	// Elem is the yield type: T of IEnumerable<T> and the others, object
	// for the non-generic interfaces.
	Elem *Type
	// Generic is false for the non-generic IEnumerable and IEnumerator.
	Generic bool
	// What names the iterator as C#'s diagnostics do ('Program.F(int)').
	What string
}

// hasYield reports whether a body is an iterator block: it holds a yield
// statement outside its lambdas and local functions.
func hasYield(body *lang.BlockStmt) bool {
	found := false
	if body == nil {
		return false
	}
	lang.Inspect(body, func(n lang.Node) bool {
		switch n.(type) {
		case *lang.LambdaExpr, *lang.LocalFuncStmt:
			return false
		case *lang.YieldStmt:
			found = true
		}
		return !found
	})
	return found
}

// iterator classifies the return type of an iterator block, reporting
// CS1624 (not an iterator interface type), CS1983 and CS8403 (async and
// the sync or async interfaces mixed) and CS1623 (ref, in or out
// parameters). It returns nil after an error.
func (b *binder) iterator(node lang.Node, pos lang.Pos, ret *Type, async bool, params []*lang.Param, what string) *Iterator {
	if ret == nil || ret.IsUnchecked() {
		return nil
	}
	it := &Iterator{What: what}
	g := ret.Generic()
	known := true
	switch {
	case g.Namespace == "System.Collections" && g.Name == "IEnumerable" && len(ret.Args) == 0:
		it.Kind, it.Elem = IterEnumerable, b.u.special[Object]
	case g.Namespace == "System.Collections" && g.Name == "IEnumerator" && len(ret.Args) == 0:
		it.Kind, it.Elem = IterEnumerator, b.u.special[Object]
	case g.Namespace == "System.Collections.Generic" && len(ret.Args) == 1 && g.Name == "IEnumerable":
		it.Kind, it.Elem, it.Generic = IterEnumerable, ret.Args[0], true
	case g.Namespace == "System.Collections.Generic" && len(ret.Args) == 1 && g.Name == "IEnumerator":
		it.Kind, it.Elem, it.Generic = IterEnumerator, ret.Args[0], true
	case g.Namespace == "System.Collections.Generic" && len(ret.Args) == 1 && g.Name == "IAsyncEnumerable":
		it.Kind, it.Elem, it.Generic = IterAsyncEnumerable, ret.Args[0], true
	case g.Namespace == "System.Collections.Generic" && len(ret.Args) == 1 && g.Name == "IAsyncEnumerator":
		it.Kind, it.Elem, it.Generic = IterAsyncEnumerator, ret.Args[0], true
	default:
		known = false
	}
	switch {
	case !known:
		b.errorf(pos, "CS1624", "The body of '%s' cannot be an iterator block because '%s' is not an iterator interface type", what, ret)
		return nil
	case async && !it.Kind.Async():
		b.errorf(pos, "CS1983", "The return type of an async method must be void, Task, Task<T>, a task-like type, IAsyncEnumerable<T>, or IAsyncEnumerator<T>")
		return nil
	case !async && it.Kind.Async():
		b.errorf(pos, "CS8403", "Method '%s' with an iterator block must be 'async' to return '%s'", what, ret)
		return nil
	}
	for _, p := range params {
		if p.Modifier == "ref" || p.Modifier == "out" || p.Modifier == "in" {
			b.errorf(p.Pos, "CS1623", "Iterators cannot have ref, in or out parameters")
			return nil
		}
	}
	b.info.Iterators[node] = it
	return it
}

// iterCtx is the position of the statement being bound relative to the
// try statements of an iterator, for the errors on where a yield may be.
type iterCtx struct {
	inFinally, inCatch, inTryCatch int
}

// yieldStmt binds `yield return X;` and `yield break;`.
func (b *binder) yieldStmt(s *lang.YieldStmt) {
	fn := b.fn
	switch {
	case fn.lambda:
		b.errorf(s.Pos, "CS1621", "The yield statement cannot be used inside an anonymous method or lambda expression")
	case fn.iter == nil:
		// An error was reported for the body already (CS1624 and others),
		// or this is not a function body at all.
		if !fn.iterErr {
			b.errorf(s.Pos, "CS1624", "The body cannot be an iterator block because it is not a method, local function or get accessor returning an iterator interface type")
		}
	case fn.where.inFinally > 0:
		b.errorf(s.Pos, "CS1625", "Cannot yield in the body of a finally clause")
	case s.X != nil && fn.where.inCatch > 0:
		b.errorf(s.Pos, "CS1631", "Cannot yield a value in the body of a catch clause")
	case s.X != nil && fn.where.inTryCatch > 0:
		b.errorf(s.Pos, "CS1626", "Cannot yield a value in the body of a try block with a catch clause")
	}
	if s.X == nil {
		return
	}
	if fn.iter != nil {
		b.convertExpr(s.X, fn.iter.Elem)
	} else {
		b.expr(s.X)
	}
}

package lib

import (
	"math"
	"sort"
	"strings"
	"sync"

	"asyncvm/vm"
	"asyncvm/vm/netfmt"
)

// lazySeq is a deferred LINQ query: each enumeration calls open afresh, so
// side effects in selectors happen when, and as often as, it is enumerated.
type lazySeq struct {
	open_ func(t *vm.Thread) (iter, error)
	elem  *vm.Type
	// ordered holds the sort keys of an OrderBy chain, for ThenBy.
	ordered *orderSpec
	// count, when set, gives the number of elements without enumerating,
	// as .NET's iterators whose count is cheap (Enumerable.Range, a
	// Select over an array): TryGetNonEnumeratedCount.
	count func(t *vm.Thread) (int, bool, error)
}

// counted sets the cheap count of a lazy sequence v.
func counted(v vm.Value, count func(t *vm.Thread) (int, bool, error)) vm.Value {
	if s, ok := v.AsNative().(*lazySeq); ok {
		s.count = count
	}
	return v
}

// countOfSource is the cheap count of a lazy sequence over src: src's own.
func countOfSource(src vm.Value, extra int) func(t *vm.Thread) (int, bool, error) {
	return func(t *vm.Thread) (int, bool, error) {
		n, ok, err := cheapCount(t, src)
		return n + extra, ok, err
	}
}

// isIList reports whether src is an array or implements IList<T>, whose
// indexer ElementAt reads.
func isIList(src vm.Value) bool {
	if src.AsArray() != nil {
		return true
	}
	if src.AsStr() != nil || src.IsNull() {
		return false
	}
	it, ty := vm.Builtin(nIListT), src.Type()
	return it != nil && ty != nil && ty.IsSubclassOf(it)
}

// fixedCount is the cheap count of Range and Repeat.
func fixedCount(n int) func(t *vm.Thread) (int, bool, error) {
	return func(*vm.Thread) (int, bool, error) { return n, true, nil }
}

// cheapCount is the count TryGetNonEnumeratedCount reports: an array's
// length, a collection's Count (ICollection<T> or ICollection), or a lazy
// sequence's cheap count; ok is false for anything else (a string, a
// Where, an iterator method).
func cheapCount(t *vm.Thread, src vm.Value) (int, bool, error) {
	if a := src.AsArray(); a != nil {
		return len(a.V), true, nil
	}
	if src.AsStr() != nil || src.IsNull() {
		return 0, false, nil
	}
	if l, ok := src.AsNative().(*list); ok {
		return l.count(), true, nil
	}
	if s, ok := src.AsNative().(*lazySeq); ok {
		if s.count == nil {
			return 0, false, nil
		}
		return s.count(t)
	}
	f := collectionMember(src, nICollectionT, "get_Count", 0, false)
	if f == nil {
		f = collectionMember(src, nICollection, "get_Count", 0, false)
	}
	return callCount(t, src, f)
}

// callCount reads src's Count through its getter f; ok is false when f is
// nil (src has none).
func callCount(t *vm.Thread, src vm.Value, f *vm.Func) (n int, ok bool, err error) {
	if f == nil {
		return 0, false, nil
	}
	v, err := t.Invoke(f, src, nil)
	if err != nil {
		return 0, true, err
	}
	return int(v.AsInt()), true, nil
}

func (s *lazySeq) open(t *vm.Thread) (iter, error) { return s.open_(t) }
func (s *lazySeq) elemType() *vm.Type              { return s.elem }

// orderSpec is an OrderBy/ThenBy chain over a source.
type orderSpec struct {
	src  vm.Value
	keys []sortKey
}

type sortKey struct {
	sel, cmp vm.Value
	desc     bool
}

var (
	tEnumerable = register(vm.NewLibType("System.Linq", "Enumerable", nil))
	tGrouping   = vm.NewLibType("System.Linq", "Grouping`2", nil)
	iterTypesMu sync.Mutex
	iterTypes   = map[string]*vm.Type{}
)

// iterType is the runtime type of a query operator's result, named after
// .NET's iterator classes ("System.Linq.Enumerable+SelectIterator`1").
func iterType(op string) *vm.Type {
	iterTypesMu.Lock()
	defer iterTypesMu.Unlock()
	if t, ok := iterTypes[op]; ok {
		return t
	}
	t := vm.NewLibType("System.Linq", "Enumerable+"+op+"Iterator`1", nil)
	t.IfaceNames = ifEnumerable
	if op == "OrderedEnumerable" {
		t.IfaceNames = append([]string{"System.Linq.IOrderedEnumerable`1"}, ifEnumerable...)
	}
	t.AddMethod("GetEnumerator", 0, 0, getEnumerator)
	iterTypes[op] = t
	return t
}

func lazy(op string, elem *vm.Type, open func(t *vm.Thread) (iter, error)) vm.Value {
	return vm.NewNative(iterType(op), &lazySeq{open_: open, elem: elem})
}

// grouping is an IGrouping<K,T>.
type grouping struct {
	key   vm.Value
	items []vm.Value
}

func (g *grouping) open(*vm.Thread) (iter, error) { return sliceIter(g.items), nil }
func (g *grouping) elemType() *vm.Type            { return nil }

func call1(t *vm.Thread, f, v vm.Value) (vm.Value, error) { return t.CallValue(f, []vm.Value{v}) }

// takesIndex reports whether a lambda has the (element, index) form.
func takesIndex(f vm.Value) bool {
	cl := f.AsClosure()
	return cl != nil && cl.Arity() == 2
}

func noElements(t *vm.Thread) error { return invalidOp(t, msgNoElements) }

func needFunc(t *vm.Thread, f vm.Value, name string) error {
	if f.IsNull() {
		return argNull(t, name)
	}
	return nil
}

// ext registers a LINQ extension; counts include the source.
func ext(name string, min, max int, fn native) {
	extFuncs(name, min, max, fn)
}

// extTypeArgs registers a LINQ extension that takes its type arguments
// as hidden last arguments (vm.Func.TypeArgs); max counts them.
func extTypeArgs(name string, min, max int, fn native) {
	f, g := extFuncs(name, min, max, fn)
	f.WithTypeArgs()
	g.WithTypeArgs()
}

func extFuncs(name string, min, max int, fn native) (*vm.Func, *vm.Func) {
	checked := fn
	if param, ok := delegateParams[name]; ok {
		// Enumerable checks its delegate argument before it enumerates:
		// a null predicate throws even for an empty source.
		checked = func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			if len(args) == 2 && !args[0].IsNull() && args[1].IsNull() {
				return vm.Null, argNull(t, param)
			}
			return fn(t, args)
		}
	}
	f := vm.RegisterExtension(name, min, max, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if args[0].IsNull() {
			return vm.Null, argNull(t, sourceParam(name))
		}
		return checked(t, args)
	})
	return f, tEnumerable.AddStatic(name, min, max, checked)
}

// sourceParam is the name of an operator's first parameter.
func sourceParam(op string) string {
	switch op {
	case "Except", "Intersect", "Union", "Concat", "Zip", "SequenceEqual", "ExceptBy", "IntersectBy", "UnionBy":
		return "first"
	case "Join", "GroupJoin":
		return "outer"
	}
	return "source"
}

// delegateParams names, for the operators whose every two-argument
// overload takes a delegate second, that parameter.
var delegateParams = map[string]string{
	"All": "predicate", "Any": "predicate", "Count": "predicate", "LongCount": "predicate",
	"First": "predicate", "Last": "predicate", "Single": "predicate",
	"Where": "predicate", "SkipWhile": "predicate", "TakeWhile": "predicate",
	"Select": "selector", "SelectMany": "selector", "Sum": "selector", "Average": "selector",
	"OrderBy": "keySelector", "OrderByDescending": "keySelector", "ThenBy": "keySelector", "ThenByDescending": "keySelector",
	"GroupBy": "keySelector", "ToLookup": "keySelector", "ToDictionary": "keySelector",
	"DistinctBy": "keySelector", "CountBy": "keySelector",
}

// sumValues adds numbers with checked int/long arithmetic as Enumerable.Sum.
func sumValues(t *vm.Thread, vs []vm.Value, elem *vm.Type) (vm.Value, error) {
	k := kInt
	if elem != nil {
		switch elem.Kind {
		case vm.KindLong:
			k = kLong
		case vm.KindDouble:
			k = kDouble
		case vm.KindFloat:
			k = kFloat
		}
		if elem == vm.TDecimal {
			k = kDecimal
		}
	}
	for _, v := range vs {
		if !v.IsNull() {
			k = max(k, numKind(v))
		}
	}
	switch k {
	case kInt, kLong:
		var s int64
		for _, v := range vs {
			x := intBits(v)
			r := s + x
			if (r > s) != (x > 0) && x != 0 {
				return vm.Null, t.Throw("System.OverflowException", msgOverflow)
			}
			s = r
			if k == kInt && (s > math.MaxInt32 || s < math.MinInt32) {
				return vm.Null, t.Throw("System.OverflowException", msgOverflow)
			}
		}
		return numOut(k, 0, s), nil
	case kDecimal:
		var acc vm.Decimal
		for _, v := range vs {
			if d, ok := v.AsNative().(vm.Decimal); ok {
				var err error
				if acc, err = acc.Add(d); err != nil {
					return vm.Null, t.Throw("System.OverflowException", err.Error())
				}
			}
		}
		return vm.NewDecimal(acc), nil
	}
	var s float64
	for _, v := range vs {
		if !v.IsNull() {
			s += vm.AsF64(v)
		}
	}
	return numOut(k, s, 0), nil
}

// mapped collects a sequence, applying an optional selector (args[1]).
func mapped(t *vm.Thread, args []vm.Value) ([]vm.Value, error) {
	vs, err := collect(t, args[0])
	if err != nil || len(args) < 2 {
		return vs, err
	}
	for i, v := range vs {
		if vs[i], err = call1(t, args[1], v); err != nil {
			return nil, err
		}
	}
	return vs, nil
}

// extreme is Min/Max: value types throw on an empty sequence, reference
// types return null.
func extreme(isMax bool) native {
	return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		vs, err := mapped(t, args)
		if err != nil {
			return vm.Null, err
		}
		var best vm.Value
		found := false
		for _, v := range vs {
			if v.IsNull() {
				continue
			}
			if !found {
				best, found = v, true
				continue
			}
			c, err := compareValues(t, v, best)
			if err != nil {
				return vm.Null, err
			}
			if (isMax && c > 0) || (!isMax && c < 0) {
				best = v
			}
			if !isMax && v.PrimType() == vm.TDouble && math.IsNaN(v.AsDouble()) {
				return v, nil
			}
		}
		if !found {
			elem := elemTypeOf(args[0])
			if len(vs) > 0 || (len(args) == 1 && elem != nil && !isPrimType(elem) && elem != vm.TDecimal) {
				return vm.Null, nil
			}
			return vm.Null, noElements(t)
		}
		return best, nil
	}
}

// extremeBy is MinBy/MaxBy. An empty sequence of a reference (or
// nullable) type gives null, of a value type throws; null keys are passed
// over unless every key is null, as .NET's.
func extremeBy(isMax bool) native {
	return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		args, ts := vm.TakeTypeArgs(args, 2, 2)
		if len(args) > 1 && args[1].IsNull() {
			return vm.Null, argNull(t, "keySelector")
		}
		vs, err := collect(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		if len(vs) == 0 {
			if ts != nil && ts[0] != nil && zeroOf(ts[0]).IsNull() {
				return vm.Null, nil
			}
			return vm.Null, noElements(t)
		}
		var cmp vm.Value
		if len(args) > 2 {
			cmp = args[2]
		}
		compare := comparerOf(t, cmp)
		best := vs[0]
		bk, err := call1(t, args[1], best)
		if err != nil {
			return vm.Null, err
		}
		for _, v := range vs[1:] {
			k, err := call1(t, args[1], v)
			if err != nil {
				return vm.Null, err
			}
			if k.IsNull() {
				continue
			}
			if bk.IsNull() {
				best, bk = v, k
				continue
			}
			c, err := compare(k, bk)
			if err != nil {
				return vm.Null, err
			}
			if (isMax && c > 0) || (!isMax && c < 0) {
				best, bk = v, k
			}
		}
		return best, nil
	}
}

// pick is First/Last/Single and their OrDefault forms.
// collectionMember returns the method implementing member name of the
// collection interface iface (nICollectionT, nIListT) on src's type, its
// explicit implementation first, as Enumerable's operators defer to
// ICollection<T>.Contains and .Count and IList<T>'s indexer; nil when src
// is an array or a string (their members are the sequence's own) or does
// not implement iface. programOnly limits it to objects a program's class
// made, where a library collection's member is not observable.
func collectionMember(src vm.Value, iface, name string, argc int, programOnly bool) *vm.Func {
	if src.IsNull() || src.AsArray() != nil || src.AsStr() != nil || programOnly && src.AsNative() != nil {
		return nil
	}
	it, ty := vm.Builtin(iface), src.Type()
	if it == nil || ty == nil || !ty.IsSubclassOf(it) {
		return nil
	}
	if f := ty.LookupMethod(iface+"|"+name, argc); f != nil {
		return f
	}
	return ty.LookupMethod(name, argc)
}

// collectionCount returns ICollection<T>.Count of a program's collection
// src, as Enumerable's Count, Any, ToList and ToArray read it; ok is false
// when src is no such collection.
func collectionCount(t *vm.Thread, src vm.Value) (n int, ok bool, err error) {
	return callCount(t, src, collectionMember(src, nICollectionT, "get_Count", 0, true))
}

// collectionCopy copies a program's ICollection<T> src into a new array of
// elem through its Count and CopyTo, as Enumerable.ToArray and List<T>'s
// constructor do; ok is false when src is no such collection.
func collectionCopy(t *vm.Thread, src vm.Value, elem *vm.Type) (vs []vm.Value, ok bool, err error) {
	cp := collectionMember(src, nICollectionT, "CopyTo", 2, true)
	if cp == nil {
		return nil, false, nil
	}
	n, _, err := collectionCount(t, src)
	if err != nil || n == 0 {
		return nil, true, err
	}
	arr := vm.NewArray(elemOrObject(elem), n)
	if _, err := t.Invoke(cp, src, []vm.Value{vm.Ref(arr), vm.Int(0)}); err != nil {
		return nil, true, err
	}
	return arr.V, true, nil
}

func pick(which int, orDefault bool) native {
	return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		var pred, dflt vm.Value
		hasDefault := false
		for _, a := range args[1:] {
			if a.AsClosure() != nil && pred.IsNull() {
				pred = a
			} else {
				dflt, hasDefault = a, true
			}
		}
		it, err := iterate(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		defer closeIter(t, it) // an early return disposes a program's enumerator
		var result vm.Value
		found := false
		for {
			v, ok, err := it.next(t)
			if err != nil {
				return vm.Null, err
			}
			if !ok {
				break
			}
			if !pred.IsNull() {
				r, err := call1(t, pred, v)
				if err != nil {
					return vm.Null, err
				}
				if !r.AsBool() {
					continue
				}
			}
			if which == 2 && found {
				if pred.IsNull() {
					return vm.Null, invalidOp(t, msgMoreThanOne)
				}
				return vm.Null, invalidOp(t, msgMoreThanOneMatch)
			}
			result, found = v, true
			if which == 0 {
				break
			}
		}
		if found {
			return result, nil
		}
		if orDefault {
			if hasDefault {
				return dflt, nil
			}
			return zeroOf(elemTypeOf(args[0])), nil
		}
		if pred.IsNull() {
			return vm.Null, noElements(t)
		}
		return vm.Null, invalidOp(t, msgNoMatch)
	}
}

// identityKey stands for the key selector of Order(): the element itself.
var identityKey = vm.String("<identity>")

// orderBy starts or extends an ordering.
func orderBy(desc, then bool) native {
	return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if err := needFunc(t, args[1], "keySelector"); err != nil && !args[1].Same(identityKey) {
			return vm.Null, err
		}
		key := sortKey{sel: args[1], desc: desc}
		if len(args) > 2 {
			key.cmp = args[2]
		}
		spec := &orderSpec{src: args[0], keys: []sortKey{key}}
		if then {
			prev, ok := args[0].AsNative().(*lazySeq)
			if !ok || prev.ordered == nil {
				return vm.Null, t.Throw("System.InvalidCastException", "ThenBy needs an ordered sequence.")
			}
			spec = &orderSpec{src: prev.ordered.src, keys: append(append([]sortKey(nil), prev.ordered.keys...), key)}
		}
		elem := elemTypeOf(spec.src)
		v := lazy("OrderedEnumerable", elem, func(t *vm.Thread) (iter, error) {
			vs, err := collect(t, spec.src)
			if err != nil {
				return nil, err
			}
			keys := make([][]vm.Value, len(spec.keys))
			for k, sk := range spec.keys {
				keys[k] = make([]vm.Value, len(vs))
				for i, x := range vs {
					if sk.sel.Same(identityKey) {
						keys[k][i] = x
					} else if keys[k][i], err = call1(t, sk.sel, x); err != nil {
						return nil, err
					}
				}
			}
			cmps := make([]comparison, len(spec.keys))
			for k, sk := range spec.keys {
				cmps[k] = comparerOf(t, sk.cmp)
			}
			idx := make([]int, len(vs))
			for i := range idx {
				idx[i] = i
			}
			var cerr error
			sort.SliceStable(idx, func(a, b int) bool {
				if cerr != nil {
					return false
				}
				for k, sk := range spec.keys {
					c, err := cmps[k](keys[k][idx[a]], keys[k][idx[b]])
					if err != nil {
						cerr = err
						return false
					}
					if sk.desc {
						c = -c
					}
					if c != 0 {
						return c < 0
					}
				}
				return false
			})
			if cerr != nil {
				return nil, wrapCompareError(t, cerr)
			}
			out := make([]vm.Value, len(vs))
			for i, j := range idx {
				out[i] = vs[j]
			}
			return sliceIter(out), nil
		})
		v.AsNative().(*lazySeq).ordered = spec
		return v, nil
	}
}

// setOp is Distinct/Union/Intersect/Except (lazy, first occurrences win).
func setOp(op string) native {
	base, keyed := strings.CutSuffix(op, "By")
	return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		src := args[0]
		var other vm.Value
		// The key selector and then the comparer follow the source and the
		// second sequence; IntersectBy's and ExceptBy's second sequence
		// holds keys.
		at := 1
		if base != "Distinct" {
			other = args[1]
			if other.IsNull() {
				return vm.Null, argNull(t, "second")
			}
			at = 2
		}
		var by vm.Value
		if keyed {
			by = args[at]
			if err := needFunc(t, by, "keySelector"); err != nil {
				return vm.Null, err
			}
			at++
		}
		var cmp *keyComparer
		if len(args) > at {
			cmp = equalityComparerOf(args[at])
		}
		return lazy(op, elemTypeOf(src), func(t *vm.Thread) (iter, error) {
			seen := &hashSet{h: hashTable{cmp: cmp}}
			var otherSet *hashSet
			if base == "Intersect" || base == "Except" {
				vs, err := collect(t, other)
				if err != nil {
					return nil, err
				}
				if otherSet, err = newSetFrom(t, nil, cmp, vs); err != nil {
					return nil, err
				}
			}
			it, err := iterate(t, src)
			if err != nil {
				return nil, err
			}
			second := false
			return iterFunc(func(t *vm.Thread) (vm.Value, bool, error) {
				for {
					v, ok, err := it.next(t)
					if err != nil {
						return vm.Null, false, err
					}
					if !ok {
						if base == "Union" && !second {
							second = true
							if it, err = iterate(t, other); err != nil {
								return vm.Null, false, err
							}
							continue
						}
						return vm.Null, false, nil
					}
					key := v
					if !by.IsNull() {
						if key, err = call1(t, by, v); err != nil {
							return vm.Null, false, err
						}
					}
					if otherSet != nil {
						in, err := otherSet.contains(t, key)
						if err != nil {
							return vm.Null, false, err
						}
						if in != (base == "Intersect") {
							continue
						}
					}
					added, err := seen.add(t, key)
					if err != nil {
						return vm.Null, false, err
					}
					if added {
						return v, true, nil
					}
				}
			}), nil
		}), nil
	}
}

func init() {
	e := tEnumerable
	e.AddStatic("Range", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		start, _ := toInt(args[0])
		n, _ := toInt(args[1])
		if n < 0 || int64(start)+int64(n)-1 > math.MaxInt32 {
			return vm.Null, argOutOfRange(t, "count", "")
		}
		return counted(lazy("Range", vm.TInt, func(*vm.Thread) (iter, error) {
			i := 0
			return iterFunc(func(*vm.Thread) (vm.Value, bool, error) {
				if i >= n {
					return vm.Null, false, nil
				}
				i++
				return vm.Int(int32(start + i - 1)), true, nil
			}), nil
		}), fixedCount(n)), nil
	})
	e.AddStatic("Repeat", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x := args[0]
		n, _ := toInt(args[1])
		if n < 0 {
			return vm.Null, argOutOfRange(t, "count", "")
		}
		return counted(lazy("Repeat", x.PrimType(), func(*vm.Thread) (iter, error) {
			i := 0
			return iterFunc(func(*vm.Thread) (vm.Value, bool, error) {
				if i >= n {
					return vm.Null, false, nil
				}
				i++
				return x, true, nil
			}), nil
		}), fixedCount(n)), nil
	})
	e.AddStatic("Empty", 0, 1, emptyArray).WithTypeArgs()

	ext("Select", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		src, f := args[0], args[1]
		if err := needFunc(t, f, "selector"); err != nil {
			return vm.Null, err
		}
		indexed := takesIndex(f)
		return counted(lazy("Select", nil, func(t *vm.Thread) (iter, error) {
			it, err := iterate(t, src)
			if err != nil {
				return nil, err
			}
			i := 0
			return via(it, func(t *vm.Thread) (vm.Value, bool, error) {
				v, ok, err := it.next(t)
				if !ok || err != nil {
					return vm.Null, false, err
				}
				var r vm.Value
				if indexed {
					r, err = t.CallValue(f, []vm.Value{v, vm.Int(int32(i))})
				} else {
					r, err = call1(t, f, v)
				}
				i++
				return r, err == nil, err
			}), nil
		}), countOfSource(src, 0)), nil
	})
	ext("Where", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		src, f := args[0], args[1]
		if err := needFunc(t, f, "predicate"); err != nil {
			return vm.Null, err
		}
		indexed := takesIndex(f)
		return lazy("Where", elemTypeOf(src), func(t *vm.Thread) (iter, error) {
			it, err := iterate(t, src)
			if err != nil {
				return nil, err
			}
			i := 0
			return via(it, func(t *vm.Thread) (vm.Value, bool, error) {
				for {
					v, ok, err := it.next(t)
					if !ok || err != nil {
						return vm.Null, false, err
					}
					var r vm.Value
					if indexed {
						r, err = t.CallValue(f, []vm.Value{v, vm.Int(int32(i))})
					} else {
						r, err = call1(t, f, v)
					}
					i++
					if err != nil {
						return vm.Null, false, err
					}
					if r.AsBool() {
						return v, true, nil
					}
				}
			}), nil
		}), nil
	})
	ext("SelectMany", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		src, f := args[0], args[1]
		var res vm.Value
		if len(args) > 2 {
			res = args[2]
		}
		indexed := takesIndex(f)
		return lazy("SelectMany", nil, func(t *vm.Thread) (iter, error) {
			outer, err := iterate(t, src)
			if err != nil {
				return nil, err
			}
			var inner iter
			var cur vm.Value
			index := 0
			return iterFunc(func(t *vm.Thread) (vm.Value, bool, error) {
				for {
					if inner != nil {
						v, ok, err := inner.next(t)
						if err != nil {
							return vm.Null, false, err
						}
						if ok {
							if !res.IsNull() {
								v, err = t.CallValue(res, []vm.Value{cur, v})
							}
							return v, err == nil, err
						}
						inner = nil
					}
					o, ok, err := outer.next(t)
					if !ok || err != nil {
						return vm.Null, false, err
					}
					cur = o
					var s vm.Value
					if indexed {
						s, err = t.CallValue(f, []vm.Value{o, vm.Int(int32(index))})
						index++
					} else {
						s, err = call1(t, f, o)
					}
					if err != nil {
						return vm.Null, false, err
					}
					if inner, err = iterate(t, s); err != nil {
						return vm.Null, false, err
					}
				}
			}), nil
		}), nil
	})
	takeSkip := func(op string) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			src := args[0]
			if r, ok := args[1].AsNative().(*rangeVal); ok && op == "Take" {
				return takeRange(src, *r), nil
			}
			n, _ := toInt(args[1])
			return lazy(op, elemTypeOf(src), func(t *vm.Thread) (iter, error) {
				switch op {
				case "TakeLast", "SkipLast":
					vs, err := collect(t, src)
					if err != nil {
						return nil, err
					}
					k := max(0, min(n, len(vs)))
					if op == "TakeLast" {
						return sliceIter(vs[len(vs)-k:]), nil
					}
					return sliceIter(vs[:len(vs)-k]), nil
				}
				if op == "Take" && n <= 0 {
					return sliceIter(nil), nil
				}
				it, err := iterate(t, src)
				if err != nil {
					return nil, err
				}
				i := 0
				return via(it, func(t *vm.Thread) (vm.Value, bool, error) {
					if op == "Take" {
						if i >= n {
							return vm.Null, false, nil
						}
						i++
						return it.next(t)
					}
					for ; i < n; i++ {
						if _, ok, err := it.next(t); !ok || err != nil {
							i = n
							return vm.Null, false, err
						}
					}
					return it.next(t)
				}), nil
			}), nil
		}
	}
	for _, op := range []string{"Take", "Skip", "TakeLast", "SkipLast"} {
		ext(op, 2, 2, takeSkip(op))
	}
	whileOp := func(take bool) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			src, f := args[0], args[1]
			indexed := takesIndex(f)
			op := "SkipWhile"
			if take {
				op = "TakeWhile"
			}
			return lazy(op, elemTypeOf(src), func(t *vm.Thread) (iter, error) {
				it, err := iterate(t, src)
				if err != nil {
					return nil, err
				}
				done, i := false, 0
				test := func(v vm.Value) (bool, error) {
					var r vm.Value
					var err error
					if indexed {
						r, err = t.CallValue(f, []vm.Value{v, vm.Int(int32(i))})
					} else {
						r, err = call1(t, f, v)
					}
					i++
					return r.AsBool(), err
				}
				return via(it, func(t *vm.Thread) (vm.Value, bool, error) {
					if take && done {
						return vm.Null, false, nil
					}
					for {
						v, ok, err := it.next(t)
						if !ok || err != nil {
							return vm.Null, false, err
						}
						if !take && done {
							return v, true, nil
						}
						r, err := test(v)
						if err != nil {
							return vm.Null, false, err
						}
						if take {
							if !r {
								done = true
								return vm.Null, false, nil
							}
							return v, true, nil
						}
						if !r {
							done = true
							return v, true, nil
						}
					}
				}), nil
			}), nil
		}
	}
	ext("TakeWhile", 2, 2, whileOp(true))
	ext("SkipWhile", 2, 2, whileOp(false))
	extTypeArgs("ToList", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		args, ts := vm.TakeTypeArgs(args, 1, 1)
		elem := sourceElem(ts, args[0])
		vs, ok, err := collectionCopy(t, args[0], elem)
		if !ok {
			vs, err = collect(t, args[0])
		}
		if err != nil {
			return vm.Null, err
		}
		return NewList(elem, vs), nil
	})
	extTypeArgs("ToArray", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		args, ts := vm.TakeTypeArgs(args, 1, 1)
		elem := sourceElem(ts, args[0])
		vs, ok, err := collectionCopy(t, args[0], elem)
		if !ok {
			vs, err = collect(t, args[0])
		}
		if err != nil {
			return vm.Null, err
		}
		if elem == nil && len(vs) > 0 {
			elem = vs[0].Type()
			for _, v := range vs {
				if v.Type() != elem {
					elem = nil
					break
				}
			}
		}
		return vm.Ref(vm.NewArrayOf(elemOrObject(elem), vs)), nil
	})
	extTypeArgs("ToHashSet", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		args, ts := vm.TakeTypeArgs(args, 1, 1)
		vs, err := collect(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		var cmp *keyComparer
		if len(args) > 1 {
			cmp = equalityComparerOf(args[1])
		}
		s, err := newSetFrom(t, sourceElem(ts, args[0]), cmp, vs)
		if err != nil {
			return vm.Null, err
		}
		return vm.NewNative(instanceType(tHashSet, s.elem), s), nil
	})
	extTypeArgs("ToDictionary", 2, 6, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		// <TSource, TKey, TElement> after (source, key, element[, comparer]),
		// <TSource, TKey> after (source, key[, comparer]).
		d := &dict{}
		if rest, ts := vm.TakeTypeArgs(args, 3, 3); ts != nil {
			args, d.key, d.val = rest, ts[1], ts[2]
		} else if rest, ts := vm.TakeTypeArgs(args, 2, 2); ts != nil {
			args, d.key, d.val = rest, ts[1], ts[0]
		}
		if len(args) > 2 {
			d.h.cmp = equalityComparerOf(args[len(args)-1])
		}
		vs, err := collect(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		for _, v := range vs {
			k, err := call1(t, args[1], v)
			if err != nil {
				return vm.Null, err
			}
			val := v
			if len(args) > 2 && args[2].AsClosure() != nil {
				if val, err = call1(t, args[2], v); err != nil {
					return vm.Null, err
				}
			}
			hk, err := d.keyArg(t, k)
			if err != nil {
				return vm.Null, err
			}
			if _, err := d.set(t, hk, k, val, true, false); err != nil {
				return vm.Null, err
			}
		}
		return vm.NewNative(instanceType(tDictionary, d.key, d.val), d), nil
	})
	ext("Count", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) == 1 {
			if l, ok := args[0].AsNative().(*list); ok {
				return vm.Int(int32(l.count())), nil
			}
			if n, ok, err := collectionCount(t, args[0]); ok {
				return vm.Int(int32(n)), err
			}
		}
		it, err := iterate(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		n := int32(0)
		for {
			v, ok, err := it.next(t)
			if err != nil {
				return vm.Null, err
			}
			if !ok {
				return vm.Int(n), nil
			}
			if len(args) > 1 {
				r, err := call1(t, args[1], v)
				if err != nil {
					return vm.Null, err
				}
				if !r.AsBool() {
					continue
				}
			}
			if n == math.MaxInt32 {
				return vm.Null, t.Throw("System.OverflowException", msgOverflow)
			}
			n++
		}
	})
	ext("LongCount", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		vs, err := collect(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		n := int64(0)
		for _, v := range vs {
			if len(args) > 1 {
				r, err := call1(t, args[1], v)
				if err != nil {
					return vm.Null, err
				}
				if !r.AsBool() {
					continue
				}
			}
			n++
		}
		return vm.Long(n), nil
	})
	anyAll := func(all bool) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			if len(args) == 1 {
				if n, ok, err := collectionCount(t, args[0]); ok {
					return vm.Bool(n != 0), err
				}
			}
			it, err := iterate(t, args[0])
			if err != nil {
				return vm.Null, err
			}
			defer closeIter(t, it) // an early return disposes a program's enumerator
			for {
				v, ok, err := it.next(t)
				if err != nil {
					return vm.Null, err
				}
				if !ok {
					return vm.Bool(all), nil
				}
				if len(args) == 1 {
					return vm.Bool(true), nil
				}
				r, err := call1(t, args[1], v)
				if err != nil {
					return vm.Null, err
				}
				if r.AsBool() != all {
					return vm.Bool(!all), nil
				}
			}
		}
	}
	ext("Any", 1, 2, anyAll(false))
	ext("All", 2, 2, anyAll(true))
	ext("Contains", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		var cmp *keyComparer
		if len(args) > 2 {
			cmp = equalityComparerOf(args[2])
		}
		if cmp == nil {
			if f := collectionMember(args[0], nICollectionT, "Contains", 1, false); f != nil {
				return t.Invoke(f, args[0], []vm.Value{args[1]})
			}
		}
		it, err := iterate(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		defer closeIter(t, it) // an early return disposes a program's enumerator
		for {
			v, ok, err := it.next(t)
			if err != nil || !ok {
				return vm.Bool(false), err
			}
			var eq bool
			if cmp != nil {
				eq, err = cmp.equal(t, v, args[1])
			} else {
				eq, err = defaultEquals(t, v, args[1])
			}
			if err != nil || eq {
				return vm.Bool(eq), err
			}
		}
	})
	ext("First", 1, 2, pick(0, false))
	ext("FirstOrDefault", 1, 3, pick(0, true))
	ext("Last", 1, 2, pick(1, false))
	ext("LastOrDefault", 1, 3, pick(1, true))
	ext("Single", 1, 2, pick(2, false))
	ext("SingleOrDefault", 1, 3, pick(2, true))
	elementAt := func(orDefault bool) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			args, ts := vm.TakeTypeArgs(args, 1, 1)
			elem := sourceElem(ts, args[0])
			n, _ := toInt(args[1])
			if _, isIndex := args[1].AsNative().(*index); !isIndex {
				if f := collectionMember(args[0], nIListT, "get_Item", 1, true); f != nil {
					if !orDefault {
						return t.Invoke(f, args[0], []vm.Value{vm.Int(int32(n))})
					}
					c, _, err := collectionCount(t, args[0])
					if err != nil || n < 0 || n >= c {
						return zeroOf(elem), err
					}
					return t.Invoke(f, args[0], []vm.Value{vm.Int(int32(n))})
				}
			}
			vs, err := collect(t, args[0])
			if err != nil {
				return vm.Null, err
			}
			if x, ok := args[1].AsNative().(*index); ok {
				n = int(indexOffset(x.v, int32(len(vs)))) // ElementAt(Index)
			}
			if n < 0 || n >= len(vs) {
				if orDefault {
					return zeroOf(elem), nil
				}
				if !isIList(args[0]) {
					// .NET's message from its own search, not an indexer's
					return vm.Null, argOutOfRange(t, "index", "")
				}
				return vm.Null, argOutOfRange(t, "index", msgIndexRange)
			}
			return vs[n], nil
		}
	}
	extTypeArgs("ElementAt", 2, 3, elementAt(false))
	extTypeArgs("ElementAtOrDefault", 2, 3, elementAt(true))
	ext("Sum", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		vs, err := mapped(t, args)
		if err != nil {
			return vm.Null, err
		}
		var elem *vm.Type
		if len(args) == 1 {
			elem = elemTypeOf(args[0])
		}
		return sumValues(t, vs, elem)
	})
	ext("Average", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		all, err := mapped(t, args)
		if err != nil {
			return vm.Null, err
		}
		// A nullable sequence's average skips its nulls and is null when
		// nothing is left.
		vs := all[:0:0]
		for _, v := range all {
			if !v.IsNull() {
				vs = append(vs, v)
			}
		}
		if len(vs) == 0 {
			if len(all) > 0 || len(args) == 1 && elemTypeOf(args[0]) != nil && elemTypeOf(args[0]).IsNullable() {
				return vm.Null, nil
			}
			return vm.Null, noElements(t)
		}
		if _, ok := vs[0].AsNative().(vm.Decimal); ok {
			var acc vm.Decimal
			for _, v := range vs {
				d, _ := v.AsNative().(vm.Decimal)
				if acc, err = acc.Add(d); err != nil {
					return vm.Null, t.Throw("System.OverflowException", err.Error())
				}
			}
			avg, err := acc.Div(netfmt.DecimalFromInt64(int64(len(vs))))
			if err != nil {
				return vm.Null, t.Throw("System.OverflowException", err.Error())
			}
			return vm.NewDecimal(avg), nil
		}
		var s float64
		for _, v := range vs {
			s += vm.AsF64(v)
		}
		if vs[0].PrimType() == vm.TFloat {
			return vm.Float(float32(s / float64(len(vs)))), nil
		}
		return vm.Double(s / float64(len(vs))), nil
	})
	ext("Max", 1, 2, extreme(true))
	ext("Min", 1, 2, extreme(false))
	extTypeArgs("MaxBy", 2, 5, extremeBy(true))
	extTypeArgs("MinBy", 2, 5, extremeBy(false))
	ext("TryGetNonEnumeratedCount", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n, ok, err := cheapCount(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		vm.StoreRef(args[1], vm.Int(int32(n)))
		return vm.Bool(ok), nil
	})
	ext("Aggregate", 2, 4, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if args[min(len(args)-1, 2)].IsNull() {
			return vm.Null, argNull(t, "func")
		}
		if len(args) == 4 && args[3].IsNull() {
			return vm.Null, argNull(t, "resultSelector")
		}
		it, err := iterate(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		defer closeIter(t, it) // an early return disposes a program's enumerator
		var acc, f vm.Value
		if len(args) == 2 {
			f = args[1]
			v, ok, err := it.next(t)
			if err != nil {
				return vm.Null, err
			}
			if !ok {
				return vm.Null, noElements(t)
			}
			acc = v
		} else {
			acc, f = args[1], args[2]
		}
		for {
			v, ok, err := it.next(t)
			if err != nil {
				return vm.Null, err
			}
			if !ok {
				break
			}
			if acc, err = t.CallValue(f, []vm.Value{acc, v}); err != nil {
				return vm.Null, err
			}
		}
		if len(args) == 4 {
			return call1(t, args[3], acc)
		}
		return acc, nil
	})
	ext("OrderBy", 2, 3, orderBy(false, false))
	ext("OrderByDescending", 2, 3, orderBy(true, false))
	ext("ThenBy", 2, 3, orderBy(false, true))
	ext("ThenByDescending", 2, 3, orderBy(true, true))
	ext("Order", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return orderBy(false, false)(t, append([]vm.Value{args[0], identityKey}, args[1:]...))
	})
	ext("OrderDescending", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return orderBy(true, false)(t, append([]vm.Value{args[0], identityKey}, args[1:]...))
	})
	for _, op := range []string{"Distinct", "DistinctBy", "Union", "Intersect", "Except"} {
		ext(op, 1, 3, setOp(op))
	}
	for _, op := range []string{"UnionBy", "IntersectBy", "ExceptBy"} {
		ext(op, 3, 4, setOp(op))
	}
	ext("Reverse", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		src := args[0]
		return counted(lazy("Reverse", elemTypeOf(src), func(t *vm.Thread) (iter, error) {
			vs, err := collect(t, src)
			if err != nil {
				return nil, err
			}
			for i, j := 0, len(vs)-1; i < j; i, j = i+1, j-1 {
				vs[i], vs[j] = vs[j], vs[i]
			}
			return sliceIter(vs), nil
		}), countOfSource(src, 0)), nil
	})
	ext("Concat", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		a, b := args[0], args[1]
		if b.IsNull() {
			return vm.Null, argNull(t, "second")
		}
		return lazy("Concat", elemTypeOf(a), func(t *vm.Thread) (iter, error) {
			it, err := iterate(t, a)
			if err != nil {
				return nil, err
			}
			second := false
			return iterFunc(func(t *vm.Thread) (vm.Value, bool, error) {
				for {
					v, ok, err := it.next(t)
					if ok || err != nil || second {
						return v, ok, err
					}
					second = true
					if it, err = iterate(t, b); err != nil {
						return vm.Null, false, err
					}
				}
			}), nil
		}), nil
	})
	appendOp := func(prepend bool) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			src, x := args[0], args[1]
			return counted(lazy("AppendPrepend", elemTypeOf(src), func(t *vm.Thread) (iter, error) {
				it, err := iterate(t, src)
				if err != nil {
					return nil, err
				}
				state := 0
				return iterFunc(func(t *vm.Thread) (vm.Value, bool, error) {
					if prepend && state == 0 {
						state = 1
						return x, true, nil
					}
					if state < 2 {
						v, ok, err := it.next(t)
						if ok || err != nil {
							return v, ok, err
						}
						state = 2
						if !prepend {
							state = 3
							return x, true, nil
						}
					}
					return vm.Null, false, nil
				}), nil
			}), countOfSource(src, 1)), nil
		}
	}
	ext("Append", 2, 2, appendOp(false))
	ext("Prepend", 2, 2, appendOp(true))
	ext("Zip", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		a, b := args[0], args[1]
		// Zip(second, resultSelector) and Zip(second), which makes
		// (First, Second); the prelude's Zip(second, third) calls this
		// with no selector only.
		if b.IsNull() {
			return vm.Null, argNull(t, "second")
		}
		var f, c vm.Value
		if len(args) > 2 {
			if f = args[2]; f.IsNull() {
				return vm.Null, argNull(t, "resultSelector")
			}
		}
		return lazy("Zip", nil, func(t *vm.Thread) (iter, error) {
			ia, err := iterate(t, a)
			if err != nil {
				return nil, err
			}
			ib, err := iterate(t, b)
			if err != nil {
				return nil, err
			}
			var ic iter
			if !c.IsNull() {
				if ic, err = iterate(t, c); err != nil {
					return nil, err
				}
			}
			return iterFunc(func(t *vm.Thread) (vm.Value, bool, error) {
				x, ok, err := ia.next(t)
				if !ok || err != nil {
					return vm.Null, false, err
				}
				y, ok, err := ib.next(t)
				if !ok || err != nil {
					return vm.Null, false, err
				}
				if ic != nil {
					z, ok, err := ic.next(t)
					if !ok || err != nil {
						return vm.Null, false, err
					}
					return newTupleOf(nil, []vm.Value{x, y, z}), true, nil // (First, Second, Third)
				}
				if f.IsNull() {
					return newTupleOf(nil, []vm.Value{x, y}), true, nil // (First, Second)
				}
				r, err := t.CallValue(f, []vm.Value{x, y})
				return r, err == nil, err
			}), nil
		}), nil
	})
	ext("GroupBy", 2, 5, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		src, keySel := args[0], args[1]
		// After the key selector come an element selector (one
		// parameter), a result selector (two: the key and the group's
		// elements) and a comparer, each optional, in that order.
		var elemSel, resultSel vm.Value
		var cmp *keyComparer
		for _, a := range args[2:] {
			switch cl := a.AsClosure(); {
			case cl != nil && cl.Arity() == 2:
				resultSel = a
			case cl != nil:
				elemSel = a
			default:
				cmp = equalityComparerOf(a)
			}
		}
		if err := needFunc(t, keySel, "keySelector"); err != nil {
			return vm.Null, err
		}
		elem := tGrouping
		if !resultSel.IsNull() {
			elem = nil
		}
		return lazy("GroupBy", elem, func(t *vm.Thread) (iter, error) {
			vs, err := collect(t, src)
			if err != nil {
				return nil, err
			}
			idx := &hashTable{cmp: cmp}
			var groups []*grouping
			for _, v := range vs {
				k, err := call1(t, keySel, v)
				if err != nil {
					return nil, err
				}
				hk, err := idx.keyOf(t, k)
				if err != nil {
					return nil, err
				}
				e := v
				if !elemSel.IsNull() {
					if e, err = call1(t, elemSel, v); err != nil {
						return nil, err
					}
				}
				_, i, err := idx.find(t, hk, k)
				if err != nil {
					return nil, err
				}
				if i < 0 {
					if err := idx.insert(t, hk, k, vm.Null); err != nil {
						return nil, err
					}
					groups = append(groups, &grouping{key: k})
					i = len(groups) - 1
				}
				groups[i].items = append(groups[i].items, e)
			}
			out := make([]vm.Value, len(groups))
			for i, g := range groups {
				out[i] = vm.NewNative(tGrouping, g)
				if !resultSel.IsNull() {
					if out[i], err = t.CallValue(resultSel, []vm.Value{g.key, out[i]}); err != nil {
						return nil, err
					}
				}
			}
			return sliceIter(out), nil
		}), nil
	})
	// CountBy and AggregateBy fold each key's elements into one
	// KeyValuePair per key, in the order the keys first appear.
	foldBy := func(op string, fold func(t *vm.Thread, args []vm.Value, key, acc vm.Value, first bool, v vm.Value) (vm.Value, error), cmpAt int) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			// The fold runs when the result is enumerated, after the
			// caller's registers (args) have been reused: keep a copy.
			args = append([]vm.Value(nil), args...)
			src, keySel := args[0], args[1]
			if err := needFunc(t, keySel, "keySelector"); err != nil {
				return vm.Null, err
			}
			var cmp *keyComparer
			if len(args) > cmpAt {
				cmp = equalityComparerOf(args[cmpAt])
			}
			return lazy(op, tKeyValuePair, func(t *vm.Thread) (iter, error) {
				vs, err := collect(t, src)
				if err != nil {
					return nil, err
				}
				idx := &hashTable{cmp: cmp}
				var keys, accs []vm.Value
				for _, v := range vs {
					k, err := call1(t, keySel, v)
					if err != nil {
						return nil, err
					}
					hk, err := idx.keyOf(t, k)
					if err != nil {
						return nil, err
					}
					_, i, err := idx.find(t, hk, k)
					if err != nil {
						return nil, err
					}
					first := i < 0
					if first {
						if err := idx.insert(t, hk, k, vm.Null); err != nil {
							return nil, err
						}
						keys, accs = append(keys, k), append(accs, vm.Null)
						i = len(keys) - 1
					}
					if accs[i], err = fold(t, args, k, accs[i], first, v); err != nil {
						return nil, err
					}
				}
				out := make([]vm.Value, len(keys))
				for i := range keys {
					out[i] = NewPair(keys[i], accs[i])
				}
				return sliceIter(out), nil
			}), nil
		}
	}
	ext("CountBy", 2, 3, foldBy("CountBy", func(_ *vm.Thread, _ []vm.Value, _, acc vm.Value, first bool, _ vm.Value) (vm.Value, error) {
		if first {
			return vm.Int(1), nil
		}
		return vm.Int(acc.AsInt() + 1), nil
	}, 2))
	ext("AggregateBy", 4, 5, foldBy("AggregateBy", func(t *vm.Thread, args []vm.Value, k, acc vm.Value, first bool, v vm.Value) (vm.Value, error) {
		if first {
			// The seed, or the seed selector applied to the key.
			acc = args[2]
			if cl := acc.AsClosure(); cl != nil && cl.Arity() == 1 {
				var err error
				if acc, err = call1(t, args[2], k); err != nil {
					return vm.Null, err
				}
			}
		}
		return t.CallValue(args[3], []vm.Value{acc, v})
	}, 4))
	ext("Index", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		src := args[0]
		return lazy("Index", nil, func(t *vm.Thread) (iter, error) {
			it, err := iterate(t, src)
			if err != nil {
				return nil, err
			}
			i := 0
			return iterFunc(func(t *vm.Thread) (vm.Value, bool, error) {
				v, ok, err := it.next(t)
				if !ok || err != nil {
					return vm.Null, false, err
				}
				i++
				return newTupleOf(nil, []vm.Value{vm.Int(int32(i - 1)), v}), true, nil // (Index, Item)
			}), nil
		}), nil
	})
	// Join and GroupJoin look the inner elements up by key, as .NET's
	// Lookup does: matches keep the inner sequence's order and a null key
	// matches nothing.
	joinMatches := func(t *vm.Thread, inner, innerKey vm.Value, cmp *keyComparer) (func(k vm.Value) ([]vm.Value, error), error) {
		vs, err := collect(t, inner)
		if err != nil {
			return nil, err
		}
		idx := &hashTable{cmp: cmp}
		var groups [][]vm.Value
		for _, v := range vs {
			k, err := call1(t, innerKey, v)
			if err != nil {
				return nil, err
			}
			if k.IsNull() {
				continue
			}
			hk, err := idx.keyOf(t, k)
			if err != nil {
				return nil, err
			}
			_, i, err := idx.find(t, hk, k)
			if err != nil {
				return nil, err
			}
			if i < 0 {
				if err := idx.insert(t, hk, k, vm.Null); err != nil {
					return nil, err
				}
				groups = append(groups, nil)
				i = len(groups) - 1
			}
			groups[i] = append(groups[i], v)
		}
		return func(k vm.Value) ([]vm.Value, error) {
			if k.IsNull() {
				return nil, nil
			}
			hk, err := idx.keyOf(t, k)
			if err != nil {
				return nil, err
			}
			_, i, err := idx.find(t, hk, k)
			if err != nil || i < 0 {
				return nil, err
			}
			return groups[i], nil
		}, nil
	}
	joinOp := func(group bool) native {
		name := "Join"
		if group {
			name = "GroupJoin"
		}
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			outer, inner, outerKey, innerKey, result := args[0], args[1], args[2], args[3], args[4]
			var cmp *keyComparer
			if len(args) > 5 {
				cmp = equalityComparerOf(args[5])
			}
			return lazy(name, nil, func(t *vm.Thread) (iter, error) {
				matches, err := joinMatches(t, inner, innerKey, cmp)
				if err != nil {
					return nil, err
				}
				os, err := collect(t, outer)
				if err != nil {
					return nil, err
				}
				var out []vm.Value
				for _, o := range os {
					k, err := call1(t, outerKey, o)
					if err != nil {
						return nil, err
					}
					ms, err := matches(k)
					if err != nil {
						return nil, err
					}
					if group {
						items := ms
						seq := lazy("GroupJoin", elemTypeOf(inner), func(*vm.Thread) (iter, error) { return sliceIter(items), nil })
						r, err := t.CallValue(result, []vm.Value{o, seq})
						if err != nil {
							return nil, err
						}
						out = append(out, r)
						continue
					}
					for _, m := range ms {
						r, err := t.CallValue(result, []vm.Value{o, m})
						if err != nil {
							return nil, err
						}
						out = append(out, r)
					}
				}
				return sliceIter(out), nil
			}), nil
		}
	}
	ext("Join", 5, 6, joinOp(false))
	ext("GroupJoin", 5, 6, joinOp(true))
	ext("DefaultIfEmpty", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		src := args[0]
		d := zeroOf(elemTypeOf(src))
		if len(args) > 1 {
			d = args[1]
		}
		return lazy("DefaultIfEmpty", elemTypeOf(src), func(t *vm.Thread) (iter, error) {
			vs, err := collect(t, src)
			if err != nil {
				return nil, err
			}
			if len(vs) == 0 {
				vs = []vm.Value{d}
			}
			return sliceIter(vs), nil
		}), nil
	})
	ext("SequenceEqual", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		var cmp *keyComparer
		if len(args) > 2 {
			cmp = equalityComparerOf(args[2])
		}
		a, err := collect(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		b, err := collect(t, args[1])
		if err != nil {
			return vm.Null, err
		}
		if len(a) != len(b) {
			return vm.Bool(false), nil
		}
		for i := range a {
			var eq bool
			if cmp != nil {
				eq, err = cmp.equal(t, a[i], b[i])
			} else {
				eq, err = defaultEquals(t, a[i], b[i])
			}
			if err != nil || !eq {
				return vm.Bool(false), err
			}
		}
		return vm.Bool(true), nil
	})
	ext("Chunk", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		src := args[0]
		n, _ := toInt(args[1])
		if n < 1 {
			return vm.Null, argOutOfRange(t, "size", "")
		}
		// Each chunk is read from the source when it is asked for, as .NET
		// does, so an endless source can be chunked.
		return lazy("Chunk", nil, func(t *vm.Thread) (iter, error) {
			it, err := iterate(t, src)
			if err != nil {
				return nil, err
			}
			done := false
			return iterFunc(func(t *vm.Thread) (vm.Value, bool, error) {
				var chunk []vm.Value
				for !done && len(chunk) < n {
					v, ok, err := it.next(t)
					if err != nil {
						return vm.Null, false, err
					}
					if !ok {
						done = true
						break
					}
					chunk = append(chunk, v)
				}
				if len(chunk) == 0 {
					return vm.Null, false, nil
				}
				return vm.Ref(vm.NewArrayOf(elemOrObject(elemTypeOf(src)), chunk)), true, nil
			}), nil
		}), nil
	})
	identity := func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return args[0], nil }
	// Cast and OfType test each element against their type argument, which
	// the binder passes (a call without it, through a delegate, passes all).
	extTypeArgs("Cast", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		args, ts := vm.TakeTypeArgs(args, 1, 1)
		src := args[0]
		if len(ts) == 0 || ts[0] == nil || ts[0] == vm.TObject {
			return src, nil
		}
		return lazy("Cast", nil, func(t *vm.Thread) (iter, error) {
			it, err := iterate(t, src)
			if err != nil {
				return nil, err
			}
			return iterFunc(func(t *vm.Thread) (vm.Value, bool, error) {
				v, ok, err := it.next(t)
				if !ok || err != nil {
					return vm.Null, false, err
				}
				to := ts[0]
				if v.IsNull() {
					if (to.IsValueType || to.IsEnum || to.IsPrimitive() && to != vm.TString && to != vm.TObject) && !to.IsNullable() {
						return vm.Null, false, t.ThrowNull() // unboxing null to a value type
					}
					return v, true, nil
				}
				if to.IsNullable() {
					to = to.Elem // a boxed T unboxes to T?
				}
				if vm.IsInstance(v, to) {
					return v, true, nil
				}
				return vm.Null, false, t.Throw("System.InvalidCastException", "Unable to cast object of type '"+vm.TypeString(v.Type())+"' to type '"+vm.TypeString(ts[0])+"'.")
			}), nil
		}), nil
	})
	ext("AsEnumerable", 1, 1, identity)
	extTypeArgs("OfType", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		args, ts := vm.TakeTypeArgs(args, 1, 1)
		src := args[0]
		return lazy("OfType", nil, func(t *vm.Thread) (iter, error) {
			it, err := iterate(t, src)
			if err != nil {
				return nil, err
			}
			return iterFunc(func(t *vm.Thread) (vm.Value, bool, error) {
				for {
					v, ok, err := it.next(t)
					if !ok || err != nil {
						return vm.Null, false, err
					}
					if v.IsNull() {
						continue
					}
					if len(ts) == 0 || ts[0] == nil || vm.IsInstance(v, ts[0]) {
						return v, true, nil
					}
				}
			}), nil
		}), nil
	})

	g := tGrouping
	g.AddProperty("Key", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return args[0].AsNative().(*grouping).key, nil }, nil)
	g.AddProperty("Count", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(len(args[0].AsNative().(*grouping).items))), nil
	}, nil)
	g.AddMethod("GetEnumerator", 0, 0, getEnumerator)
}

// sourceElem is the element type of a query's source: its TSource type
// argument when the call passed it, else what the source knows.
func sourceElem(ts []*vm.Type, src vm.Value) *vm.Type {
	if len(ts) > 0 && ts[0] != nil {
		return ts[0]
	}
	return elemTypeOf(src)
}

// takeRange is Take(Range): the elements whose positions fall in the
// range, its ends clamped to the sequence (never an exception).
func takeRange(src vm.Value, r rangeVal) vm.Value {
	return lazy("Take", elemTypeOf(src), func(t *vm.Thread) (iter, error) {
		vs, err := collect(t, src)
		if err != nil {
			return nil, err
		}
		n := int32(len(vs))
		start := min(max(indexOffset(r.start, n), 0), n)
		end := min(max(indexOffset(r.end, n), 0), n)
		if start >= end {
			return sliceIter(nil), nil
		}
		return sliceIter(vs[start:end]), nil
	})
}

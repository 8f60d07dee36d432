package lib

import (
	"math/bits"

	"asyncvm/vm"
)

// comparison is a three-way comparison that may fail (a user comparer threw).
type comparison func(a, b vm.Value) (int, error)

// introSorter is .NET's ArraySortHelper<T>.IntrospectiveSort, ported step for
// step so that unstable orderings of equal elements match .NET. The first
// comparison error stops the sort's effect and is reported.
type introSorter struct {
	t   *vm.Thread
	cmp comparison
	err error
}

func (s *introSorter) less0(a, b vm.Value) int {
	if s.err != nil {
		return 0
	}
	c, err := s.cmp(a, b)
	if err != nil {
		s.err = err
		return 0
	}
	return c
}

// introSort sorts keys in place with cmp.
func introSort(t *vm.Thread, keys []vm.Value, cmp comparison) error {
	if len(keys) < 2 {
		return nil
	}
	s := &introSorter{t: t, cmp: cmp}
	s.intro(keys, 2*(bits.Len(uint(len(keys)))))
	return s.err
}

func (s *introSorter) intro(keys []vm.Value, depth int) {
	n := len(keys)
	for n > 1 && s.err == nil {
		if n <= 16 {
			switch n {
			case 2:
				s.swapIfGreater(keys, 0, 1)
			case 3:
				s.swapIfGreater(keys, 0, 1)
				s.swapIfGreater(keys, 0, 2)
				s.swapIfGreater(keys, 1, 2)
			default:
				s.insertion(keys[:n])
			}
			return
		}
		if depth == 0 {
			s.heap(keys[:n])
			return
		}
		depth--
		p := s.partition(keys[:n])
		s.intro(keys[p+1:n], depth)
		n = p
	}
}

func (s *introSorter) swapIfGreater(keys []vm.Value, i, j int) {
	if s.less0(keys[i], keys[j]) > 0 {
		keys[i], keys[j] = keys[j], keys[i]
	}
}

func (s *introSorter) partition(keys []vm.Value) int {
	hi := len(keys) - 1
	mid := hi >> 1
	s.swapIfGreater(keys, 0, mid)
	s.swapIfGreater(keys, 0, hi)
	s.swapIfGreater(keys, mid, hi)
	pivot := keys[mid]
	keys[mid], keys[hi-1] = keys[hi-1], keys[mid]
	left, right := 0, hi-1
	for left < right && s.err == nil {
		for left < hi-1 {
			left++
			if s.less0(keys[left], pivot) >= 0 {
				break
			}
		}
		for right > 0 {
			right--
			if s.less0(pivot, keys[right]) >= 0 {
				break
			}
		}
		if left >= right {
			break
		}
		keys[left], keys[right] = keys[right], keys[left]
	}
	if left != hi-1 {
		keys[left], keys[hi-1] = keys[hi-1], keys[left]
	}
	return left
}

func (s *introSorter) heap(keys []vm.Value) {
	n := len(keys)
	for i := n >> 1; i >= 1; i-- {
		s.down(keys, i, n)
	}
	for i := n; i > 1; i-- {
		keys[0], keys[i-1] = keys[i-1], keys[0]
		s.down(keys, 1, i-1)
	}
}

func (s *introSorter) down(keys []vm.Value, i, n int) {
	d := keys[i-1]
	for i <= n>>1 {
		child := 2 * i
		if child < n && s.less0(keys[child-1], keys[child]) < 0 {
			child++
		}
		if !(s.less0(d, keys[child-1]) < 0) {
			break
		}
		keys[i-1] = keys[child-1]
		i = child
	}
	keys[i-1] = d
}

func (s *introSorter) insertion(keys []vm.Value) {
	for i := 0; i < len(keys)-1; i++ {
		x := keys[i+1]
		j := i
		for j >= 0 && s.less0(x, keys[j]) < 0 {
			keys[j+1] = keys[j]
			j--
		}
		keys[j+1] = x
	}
}

// comparerOf returns the comparison for an optional Comparison delegate or
// IComparer argument (null: the default comparer).
func comparerOf(t *vm.Thread, c vm.Value) comparison {
	if c.IsNull() {
		return func(a, b vm.Value) (int, error) { return compareValues(t, a, b) }
	}
	if c.AsClosure() != nil {
		return func(a, b vm.Value) (int, error) {
			r, err := t.CallValue(c, []vm.Value{a, b})
			if err != nil {
				return 0, err
			}
			n, _ := toInt(r)
			return n, nil
		}
	}
	if sc, ok := c.AsNative().(*stringComparer); ok {
		return func(a, b vm.Value) (int, error) { return sc.compare(a, b), nil }
	}
	f := c.Type().LookupMethod("Compare", 2)
	return func(a, b vm.Value) (int, error) {
		if f == nil {
			return compareValues(t, a, b)
		}
		r, err := t.Invoke(f, c, []vm.Value{a, b})
		if err != nil {
			return 0, err
		}
		n, _ := toInt(r)
		return n, nil
	}
}

// wrapCompareError wraps a comparer's exception the way Array.Sort does.
func wrapCompareError(t *vm.Thread, err error) error {
	th, ok := err.(*vm.Thrown)
	if !ok {
		return err
	}
	if th.Exc.Type().FullName() == "System.InvalidOperationException" && vm.ExceptionMessage(th.Exc) == "Failed to compare two elements in the array." {
		return err
	}
	e := t.M.NewException("System.InvalidOperationException", "Failed to compare two elements in the array.")
	if len(e.F) > vm.ExcFieldInner {
		e.F[vm.ExcFieldInner] = vm.Ref(th.Exc)
	}
	return &vm.Thrown{Exc: e}
}

package lib

import (
	"sync"

	"asyncvm/vm"
)

// iter is a Go-side enumerator: next returns the following element, or false
// at the end.
type iter interface {
	next(t *vm.Thread) (vm.Value, bool, error)
}

// iterFunc adapts a function to iter.
type iterFunc func(t *vm.Thread) (vm.Value, bool, error)

func (f iterFunc) next(t *vm.Thread) (vm.Value, bool, error) { return f(t) }

// closer is an iter holding something to release when it is abandoned
// before its end: a program's enumerator, whose Dispose runs the finally
// blocks of an iterator suspended at a yield (LINQ's operators are
// foreach loops in .NET, which dispose the enumerators they take).
type closer interface {
	close(t *vm.Thread) error
}

// closeIter releases it, when it holds anything.
func closeIter(t *vm.Thread, it iter) error {
	if c, ok := it.(closer); ok {
		return c.close(t)
	}
	return nil
}

// chained is a lazy operator's iter over a source iter: it closes the
// source when it ends (Take stops early; the source is disposed then, as
// .NET's `break` out of its foreach does) and when it is closed.
type chained struct {
	src    iter
	f      iterFunc
	closed bool
}

// via makes the iter of an operator reading src with f.
func via(src iter, f iterFunc) iter {
	if _, ok := src.(closer); !ok {
		return f
	}
	return &chained{src: src, f: f}
}

func (c *chained) next(t *vm.Thread) (vm.Value, bool, error) {
	v, ok, err := c.f(t)
	if !ok && !c.closed {
		if cerr := c.close(t); err == nil {
			err = cerr
		}
	}
	return v, ok, err
}

func (c *chained) close(t *vm.Thread) error {
	if c.closed {
		return nil
	}
	c.closed = true
	return closeIter(t, c.src)
}

// userIter reads a program's enumerator through MoveNext and Current and
// disposes it (when it has Dispose) once it is exhausted or closed.
type userIter struct {
	en   vm.Value
	move *vm.Func
	site *vm.Site
	done bool
}

func (u *userIter) next(t *vm.Thread) (vm.Value, bool, error) {
	if u.done {
		return vm.Null, false, nil
	}
	ok, err := t.Invoke(u.move, u.en, nil)
	if err != nil || !ok.AsBool() {
		if cerr := u.close(t); err == nil {
			err = cerr
		}
		return vm.Null, false, err
	}
	v, err := t.GetMember(u.en, u.site)
	return v, err == nil, err
}

func (u *userIter) close(t *vm.Thread) error {
	if u.done {
		return nil
	}
	u.done = true
	if d := u.en.Type().LookupMethod("Dispose", 0); d != nil {
		_, err := t.Invoke(d, u.en, nil)
		return err
	}
	return nil
}

// enumerable is implemented by the payloads of library sequences.
type enumerable interface {
	open(t *vm.Thread) (iter, error)
}

// sliceIter enumerates a private snapshot.
func sliceIter(vs []vm.Value) iter {
	i := 0
	return iterFunc(func(*vm.Thread) (vm.Value, bool, error) {
		if i >= len(vs) {
			return vm.Null, false, nil
		}
		i++
		return vs[i-1], true, nil
	})
}

// iterate opens any sequence: arrays, strings, library collections and lazy
// LINQ sequences, or a user IEnumerable through GetEnumerator, MoveNext and
// Current.
func iterate(t *vm.Thread, src vm.Value) (iter, error) {
	if src.IsNull() {
		return nil, argNull(t, "source")
	}
	if a := src.AsArray(); a != nil {
		i := 0
		return iterFunc(func(*vm.Thread) (vm.Value, bool, error) {
			if i >= len(a.V) {
				return vm.Null, false, nil
			}
			i++
			return a.V[i-1], true, nil
		}), nil
	}
	if s := src.AsStr(); s != nil {
		u := s.UTF16()
		i := 0
		return iterFunc(func(*vm.Thread) (vm.Value, bool, error) {
			if i >= len(u) {
				return vm.Null, false, nil
			}
			i++
			return vm.Char(u[i-1]), true, nil
		}), nil
	}
	if e, ok := src.AsNative().(enumerable); ok {
		return e.open(t)
	}
	if e, ok := src.AsNative().(*enumerator); ok {
		return e, nil
	}
	f := src.Type().GetEnumeratorMethod()
	if f == nil {
		return nil, t.Throw("System.InvalidCastException", "Unable to cast object of type '"+src.Type().FullName()+"' to type 'System.Collections.IEnumerable'.")
	}
	en, err := t.Invoke(f, src, nil)
	if err != nil {
		return nil, err
	}
	return enumOf(t, en)
}

// enumOf wraps an enumerator object (MoveNext/Current) as an iter.
func enumOf(t *vm.Thread, en vm.Value) (iter, error) {
	if en.IsNull() {
		return nil, t.ThrowNull()
	}
	if e, ok := en.AsNative().(*enumerator); ok {
		return e, nil
	}
	move := en.Type().LookupMethod("MoveNext", 0)
	if move != nil && en.Type().IsStruct() {
		// The enumerator is kept as an IEnumerator: a struct one is
		// boxed, so MoveNext advances the box.
		var err error
		if en, err = t.Box(en); err != nil {
			return nil, err
		}
	}
	if move == nil {
		return nil, t.Throw("System.MissingMemberException", "'"+en.Type().FullName()+"' does not contain a definition for 'MoveNext'")
	}
	return &userIter{en: en, move: move, site: &vm.Site{Name: "Current"}}, nil
}

// collect reads a whole sequence into a new slice.
func collect(t *vm.Thread, src vm.Value) ([]vm.Value, error) {
	if a := src.AsArray(); a != nil {
		out, err := vm.Grow(t, []vm.Value(nil), len(a.V))
		return append(out, a.V...), err
	}
	if l, ok := src.AsNative().(*list); ok {
		return l.snapshot(), nil
	}
	it, err := iterate(t, src)
	if err != nil {
		return nil, err
	}
	var out []vm.Value
	for {
		v, ok, err := it.next(t)
		if err != nil {
			return nil, err
		}
		if !ok {
			return out, nil
		}
		if out, err = vm.Grow(t, out, 1); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
}

// elemTypeOf returns a sequence's element type when the library knows it.
func elemTypeOf(src vm.Value) *vm.Type {
	if a := src.AsArray(); a != nil {
		return a.Elem
	}
	if src.AsStr() != nil {
		return vm.TChar
	}
	if e, ok := src.AsNative().(interface{ elemType() *vm.Type }); ok {
		return e.elemType()
	}
	return nil
}

// enumerator is the library's enumerator object (List<T>.Enumerator and the
// rest): MoveNext, Current, Dispose, Reset. It locks around its iter so a
// racy program sharing one enumerator cannot corrupt it.
type enumerator struct {
	mu  sync.Mutex
	it  iter
	cur vm.Value
}

func (e *enumerator) next(t *vm.Thread) (vm.Value, bool, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	v, ok, err := e.it.next(t)
	if ok {
		e.cur = v
	}
	return v, ok, err
}

// tEnumerator is the type of library enumerators; tListEnumerator, List<T>'s
// (List`1+Enumerator), has the same members.
var (
	tEnumerator     = vm.NewLibType("System.Collections.Generic", "Enumerator", nil)
	tListEnumerator = register(vm.NewLibType("System.Collections.Generic", "List`1+Enumerator", nil))
)

// newEnumerator wraps an iter as an enumerator object.
func newEnumerator(it iter) vm.Value { return vm.NewNative(tEnumerator, &enumerator{it: it}) }

// getEnumerator is a GetEnumerator method for any enumerable payload.
func getEnumerator(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	it, err := iterate(t, args[0])
	if err != nil {
		return vm.Null, err
	}
	return newEnumerator(it), nil
}

func init() {
	tEnumerator.AddMethod("MoveNext", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		e := args[0].AsNative().(*enumerator)
		_, ok, err := e.next(t)
		return vm.Bool(ok), err
	})
	tEnumerator.AddProperty("Current", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		e := args[0].AsNative().(*enumerator)
		e.mu.Lock()
		defer e.mu.Unlock()
		return e.cur, nil
	}, nil)
	tEnumerator.AddMethod("Dispose", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		e := args[0].AsNative().(*enumerator)
		e.mu.Lock()
		defer e.mu.Unlock()
		return vm.Null, closeIter(t, e.it)
	})
	tEnumerator.AddMethod("Reset", 0, 0, func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		return vm.Null, t.Throw("System.NotSupportedException", "Specified method is not supported.")
	})
	tEnumerator.AddMethod("GetEnumerator", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return args[0], nil })
	tListEnumerator.Methods = tEnumerator.Methods
}

package vm

import "sync"

// Multicast delegates. A delegate that combines several (h += a; h += b) is
// a Closure whose function invokes an invocation list: This holds the list
// (a Native of type tInvocationList), so every path that calls a delegate
// (CALLDEL, CallValue, Invoke) calls the list without knowing about it. The
// list is immutable, as .NET's is: Combine and Remove make new delegates.

// invocationList is the payload of a multicast delegate's This: the
// single-cast delegates it calls, in order (at least two).
type invocationList struct {
	items []*Closure
}

var tInvocationList = &Type{Kind: KindNative, Namespace: "System", Name: "Delegate+InvocationList", Super: TObject}

// multicastInvoke calls each delegate of the list in order with the same
// arguments and returns the last one's result; an exception stops the
// invocation, as in .NET. (Set in init: it calls back into the interpreter.)
var multicastInvoke *Func

func invokeList(t *Thread, args []Value) (Value, error) {
	list := args[0].AsNative().(*invocationList)
	rest := args[1:]
	var r Value
	for _, d := range list.items {
		var err error
		r, err = t.CallValue(Ref(d), append([]Value(nil), rest...))
		if err != nil {
			return Null, err
		}
	}
	return r, nil
}

// InvocationList returns the single-cast delegates of d in invocation order
// (d itself when it is single-cast; nil for null).
func InvocationList(d Value) []Value {
	cl := d.AsClosure()
	if cl == nil {
		return nil
	}
	items := closures(cl)
	vs := make([]Value, len(items))
	for i, c := range items {
		vs[i] = Ref(c)
	}
	return vs
}

// closures returns cl's invocation list.
func closures(cl *Closure) []*Closure {
	if list, ok := cl.This.AsNative().(*invocationList); ok && cl.Fn == multicastInvoke {
		return list.items
	}
	return []*Closure{cl}
}

// fromClosures makes the delegate for an invocation list: null when empty,
// the delegate itself when single.
func fromClosures(items []*Closure) Value {
	switch len(items) {
	case 0:
		return Null
	case 1:
		return Ref(items[0])
	}
	list := NewNative(tInvocationList, &invocationList{items: items})
	return Ref(&Closure{Header: Header{items[0].typ}, Fn: multicastInvoke, This: list})
}

// CombineDelegates is Delegate.Combine(a, b): b's invocation list appended
// to a's; null operands are ignored.
func CombineDelegates(a, b Value) Value {
	ca, cb := a.AsClosure(), b.AsClosure()
	if ca == nil {
		return b
	}
	if cb == nil {
		return a
	}
	la, lb := closures(ca), closures(cb)
	items := make([]*Closure, 0, len(la)+len(lb))
	return fromClosures(append(append(items, la...), lb...))
}

// RemoveDelegate is Delegate.Remove(source, value): the last occurrence of
// value's invocation list as a contiguous part of source's is removed; the
// result is null when nothing is left and source when value does not occur.
// removeAll removes every occurrence (Delegate.RemoveAll).
func RemoveDelegate(source, value Value, removeAll bool) Value {
	cs, cv := source.AsClosure(), value.AsClosure()
	if cs == nil || cv == nil {
		return source
	}
	ls, lv := closures(cs), closures(cv)
	changed := false
	for {
		at := lastIndexOf(ls, lv)
		if at < 0 {
			break
		}
		items := make([]*Closure, 0, len(ls)-len(lv))
		ls = append(append(items, ls[:at]...), ls[at+len(lv):]...)
		changed = true
		if !removeAll {
			break
		}
	}
	if !changed {
		return source
	}
	return fromClosures(ls)
}

// lastIndexOf finds the last position where sub occurs in list, or -1.
func lastIndexOf(list, sub []*Closure) int {
	for i := len(list) - len(sub); i >= 0; i-- {
		match := true
		for j, c := range sub {
			if !sameDelegate(list[i+j], c) {
				match = false
				break
			}
		}
		if match {
			return i
		}
	}
	return -1
}

// sameDelegate is single-cast delegate equality: the same method on the same
// target (a lambda's target is its captured variables).
func sameDelegate(a, b *Closure) bool {
	if a == b {
		return true
	}
	if ra, rb := boundOf(a), boundOf(b); a.Fn == b.Fn && ra != nil && rb != nil && ra.receiver && rb.receiver {
		// Extension method delegates: the same method on the same receiver.
		return ra.args[0].p == rb.args[0].p && ra.args[0].n == rb.args[0].n
	}
	if a.Fn != b.Fn || a.This.p != b.This.p || a.This.n != b.This.n || len(a.Up) != len(b.Up) {
		return false
	}
	for i := range a.Up {
		if a.Up[i] != b.Up[i] {
			return false
		}
	}
	return true
}

// DelegatesEqual is Delegate.Equals: equal invocation lists.
func DelegatesEqual(a, b *Closure) bool {
	la, lb := closures(a), closures(b)
	if len(la) != len(lb) {
		return false
	}
	for i := range la {
		if !sameDelegate(la[i], lb[i]) {
			return false
		}
	}
	return true
}

func init() {
	multicastInvoke = NativeFunc("Invoke", 0, -1, true, invokeList)
	d := RegisterType(TDelegate)
	d.AddStatic("Combine", 0, -1, func(t *Thread, args []Value) (Value, error) {
		if len(args) == 1 {
			if arr := args[0].AsArray(); arr != nil {
				args = arr.V
			} else if args[0].IsNull() {
				return Null, nil
			}
		}
		r := Null
		for _, a := range args {
			if !a.IsNull() && a.AsClosure() == nil {
				return Null, t.Throw("System.ArgumentException", "Delegates must be of the same type.")
			}
			r = CombineDelegates(r, a)
		}
		return r, nil
	})
	d.AddStatic("Remove", 2, 2, func(t *Thread, args []Value) (Value, error) {
		return RemoveDelegate(args[0], args[1], false), nil
	})
	d.AddStatic("RemoveAll", 2, 2, func(t *Thread, args []Value) (Value, error) {
		return RemoveDelegate(args[0], args[1], true), nil
	})
	d.AddMethod("GetInvocationList", 0, 0, func(t *Thread, args []Value) (Value, error) {
		return Ref(NewArrayOf(TDelegate, InvocationList(args[0]))), nil
	})
	d.AddMethod("Equals", 1, 1, func(t *Thread, args []Value) (Value, error) {
		a, b := args[0].AsClosure(), args[1].AsClosure()
		return Bool(a != nil && b != nil && DelegatesEqual(a, b)), nil
	})
	d.AddProperty("Target", func(t *Thread, args []Value) (Value, error) {
		list := InvocationList(args[0])
		if len(list) == 0 {
			return Null, nil
		}
		last := list[len(list)-1].AsClosure()
		if last.Fn.HasThis {
			return last.This, nil
		}
		if b := boundOf(last); b != nil && b.receiver {
			return b.args[0], nil
		}
		return Null, nil
	}, nil)
}

// BindMethod is the delegate of instance method fn bound to recv. A
// virtual or interface fn binds to the override or implementation recv's
// type has in fn's slot; without slots, to the overload with fn's
// parameter count in recv's method table, where overrides replace what
// they override.
func BindMethod(recv Value, fn *Func, typ *Type) Value {
	if f := recv.Type().Slotted(fn); f != nil {
		fn = f
	} else if fn.IsVirtual || fn.IsAbstract {
		for _, f := range recv.Type().Methods[fn.Name] {
			if f.NumParams == fn.NumParams && f.Owner != nil && f.Owner != fn.Owner && isSubtype(f.Owner, fn.Owner) {
				fn = f
				break
			}
		}
	}
	return Ref(&Closure{Header: Header{typ}, Fn: fn, This: recv})
}

// Arity is the number of arguments a call of delegate cl passes: its
// function's parameters less those the delegate fills itself (a bound
// receiver, hidden type arguments).
func (cl *Closure) Arity() int {
	if cl.Fn == typeArgsInvoke {
		if b, ok := cl.This.AsNative().(*typeArgsBinding); ok {
			return b.target.Arity() - len(b.args)
		}
	}
	n := cl.Fn.NumParams
	if b := boundOf(cl); b != nil && !cl.Fn.HasThis {
		n -= len(b.args)
	}
	return n
}

// BindFirstArg makes the delegate of static method fn that passes recv as
// its first argument, before the delegate's: the delegate an extension
// method group `x.M` converts to, whose Target is x.
func BindFirstArg(recv Value, fn *Func, typ *Type) Value {
	cl := NewDelegate(fn, typ)
	cl.This = NewNative(tBoundArgs, &boundArgs{args: []Value{recv}, receiver: true})
	return Ref(cl)
}

// BindMethodExact makes the delegate of instance method fn bound to recv
// without looking for an override: the delegate a `base.M` method group
// converts to.
func BindMethodExact(recv Value, fn *Func, typ *Type) Value {
	return Ref(&Closure{Header: Header{typ}, Fn: fn, This: recv})
}

// isSubtype reports whether t is base or derives from it.
func isSubtype(t, base *Type) bool {
	for c, n := t, 0; c != nil && n < 64; c, n = c.Super, n+1 {
		if c == base {
			return true
		}
	}
	return false
}

// delegateDefs interns the delegate types by metadata name.
var delegateDefs sync.Map // "System.Func`2" -> *Type

// DelegateType returns the run-time type of the delegate type ns.name
// (name in metadata form: "Func`2", "P+Handler"), a generic definition when
// name has an arity, which Construct makes Func`2[Int32,Int32] of. A
// delegate has its delegate type in its header, as in .NET (a delegate made
// without one has System.Delegate, which is taken for any delegate type).
func DelegateType(ns, name string) *Type {
	key := ns + "." + name
	if t, ok := delegateDefs.Load(key); ok {
		return t.(*Type)
	}
	t := &Type{Kind: KindDelegate, Namespace: ns, Name: name, Super: TDelegate,
		Methods: TDelegate.Methods, Statics: TDelegate.Statics, Lib: TDelegate.Lib}
	actual, _ := delegateDefs.LoadOrStore(key, t)
	return actual.(*Type)
}

// NewDelegate is the delegate of static method fn with delegate type typ.
func NewDelegate(fn *Func, typ *Type) *Closure {
	return &Closure{Header: Header{typ}, Fn: fn}
}

// A delegate of a generic method made from a method group carries the
// type arguments the conversion inferred (`Func<object, string> h = Show`
// calls Show<object>): its function appends them, as the method's hidden
// type-argument parameters, to the arguments of each call.
type typeArgsBinding struct {
	target *Closure
	args   []Value
}

var tTypeArgsBinding = &Type{Kind: KindNative, Namespace: "System", Name: "Delegate+TypeArguments", Super: TObject}

// typeArgsInvoke calls a typeArgsBinding's target. (Set in init.)
var typeArgsInvoke *Func

func init() {
	typeArgsInvoke = NativeFunc("Invoke", 0, -1, true, func(t *Thread, args []Value) (Value, error) {
		b := args[0].AsNative().(*typeArgsBinding)
		return t.CallValue(Ref(b.target), append(append([]Value(nil), args[1:]...), b.args...))
	})
}

// BindTypeArgs returns the delegate d (of a generic method) that passes
// typeArgs (System.Type objects) as the method's type arguments.
func BindTypeArgs(d Value, typeArgs []Value) Value {
	cl := d.AsClosure()
	if cl == nil || len(typeArgs) == 0 {
		return d
	}
	b := &typeArgsBinding{target: cl, args: append([]Value(nil), typeArgs...)}
	return Ref(&Closure{Header: Header{cl.typ}, Fn: typeArgsInvoke, This: NewNative(tTypeArgsBinding, b)})
}

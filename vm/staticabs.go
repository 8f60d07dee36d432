package vm

import "sync"

// Static abstract and static virtual interface members (C# 11). Code that
// calls one through a type parameter (`T.Parse(s)`, `T.Zero`, `a + b` with
// `where T : IAdditionOperators<T, T, T>`) knows the member statically and
// the type argument only at run time, from its hidden `<type>T`: it asks
// Internal.VM.StaticMember for the type argument's implementation, as a
// delegate, and calls that delegate with the arguments (CALLDEL). The
// answer is cached per (type, interface, member), so a call in a loop
// costs one native call, one map lookup and the delegate call.
//
// The implementation is found by name and argument count, as the VM finds
// a library type's members: the type's explicit implementation of the
// interface's member (ExplicitKey), then its static members of the name,
// base classes included, then the interface's own body (a static virtual
// member's default), then, for the predefined numeric types, the generic
// math natives (genericmath.go).

// staticKey names one constrained member of one type argument.
type staticKey struct {
	t, iface *Type
	name     string
	np, nm   int
}

// staticEntry is a cached resolution: the delegate to call and the
// interface type arguments it was bound with.
type staticEntry struct {
	d    Value
	args []*Type
}

var staticCache sync.Map // staticKey -> *staticEntry

// boundArgs are the hidden type arguments a static member's delegate
// inserts among the call's arguments: after the declared parameters,
// before the method's own type arguments. A static method of a generic
// type, or of a generic interface, takes its type's arguments there.
type boundArgs struct {
	at   int
	args []Value
	// receiver marks the delegate of an extension method bound to its
	// receiver, args[0] (BindFirstArg): its Target.
	receiver bool
}

var tBoundArgs = &Type{Kind: KindNative, Namespace: "System", Name: "Delegate+StaticTypeArguments", Super: TObject}

// boundOf returns the hidden arguments of a static member's delegate, or
// nil for any other delegate.
func boundOf(cl *Closure) *boundArgs {
	if cl.This.IsNull() {
		return nil
	}
	b, _ := cl.This.AsNative().(*boundArgs)
	return b
}

// insert returns the arguments args of a call through cl with cl's
// hidden type arguments inserted.
func (b *boundArgs) insert(args []Value) []Value {
	at := min(b.at, len(args))
	out := make([]Value, 0, len(args)+len(b.args))
	out = append(out, args[:at]...)
	out = append(out, b.args...)
	return append(out, args[at:]...)
}

// resolveStatic finds type t's implementation of the static member name
// of interface iface, called with np arguments and nm type arguments,
// and returns it as a delegate; ifaceArgs are the interface's type
// arguments, which a default body takes.
func (th *Thread) resolveStatic(t, iface *Type, name string, np, nm int, ifaceArgs []*Type) (Value, error) {
	key := staticKey{t, iface, name, np, nm}
	if e, ok := staticCache.Load(key); ok {
		e := e.(*staticEntry)
		if sameTypes(e.args, ifaceArgs) {
			return e.d, nil
		}
	}
	d, ok := findStatic(t, iface, name, np, nm, ifaceArgs)
	if !ok {
		return Null, th.Throw("System.EntryPointNotFoundException",
			"Type '"+TypeString(t)+"' does not implement the static member '"+name+"' of interface '"+TypeString(iface)+"'.")
	}
	staticCache.Store(key, &staticEntry{d: d, args: ifaceArgs})
	return d, nil
}

func sameTypes(a, b []*Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// findStatic resolves a static member (see resolveStatic).
func findStatic(t, iface *Type, name string, np, nm int, ifaceArgs []*Type) (Value, bool) {
	argc := np + nm
	def := iface
	if def.Def != nil {
		def = def.Def
	}
	for c, n := t, 0; c != nil && n < 64; c, n = c.Super, n+1 {
		fs := c.Statics[ExplicitKey(def)+name]
		if len(fs) == 0 && c.Def != nil {
			fs = c.Def.Statics[ExplicitKey(def)+name]
		}
		f := pickOverload(fs, argc)
		if f == nil {
			f = pickOverload(c.Statics[name], argc)
		}
		if f == nil && c.Def != nil {
			f = pickOverload(c.Def.Statics[name], argc)
		}
		if f != nil {
			var hidden []*Type
			if owner := f.Owner; owner != nil && c.Def != nil && (owner == c.Def || owner == c) {
				hidden = c.Args // a static of a generic type takes its type arguments
			}
			return staticDelegate(f, np, hidden), true
		}
	}
	if f := primStatic(t, name, argc); f != nil {
		return Ref(NewDelegate(f, TDelegate)), true
	}
	if f := pickOverload(def.Statics[name], argc); f != nil && !f.IsAbstract {
		return staticDelegate(f, np, ifaceArgs), true
	}
	return Null, false
}

// staticDelegate is the delegate calling static method f with hidden
// type arguments inserted after its np declared parameters.
func staticDelegate(f *Func, np int, hidden []*Type) Value {
	cl := NewDelegate(f, TDelegate)
	if len(hidden) > 0 {
		b := &boundArgs{at: np, args: make([]Value, len(hidden))}
		for i, h := range hidden {
			b.args[i] = TypeObject(h)
		}
		cl.This = NewNative(tBoundArgs, b)
	}
	return Ref(cl)
}

// addStaticAbstractNatives declares Internal.VM.StaticMember(type, iface,
// name, np, nm, ifaceArg...): the delegate of type's implementation of
// iface's static member name, called with np arguments and nm type
// arguments (see resolveStatic).
func addStaticAbstractNatives(t *Type) {
	t.AddStatic("StaticMember", 5, -1, func(th *Thread, args []Value) (Value, error) {
		ty, iface := typeArg(args[0]), typeArg(args[1])
		if ty == nil || iface == nil {
			return Null, th.ThrowNull()
		}
		var ifaceArgs []*Type
		if len(args) > 5 {
			ifaceArgs = make([]*Type, len(args)-5)
			for i, a := range args[5:] {
				if ifaceArgs[i] = typeArg(a); ifaceArgs[i] == nil {
					ifaceArgs[i] = TObject
				}
			}
		}
		name := ""
		if s := args[2].AsStr(); s != nil {
			name = s.S
		}
		return th.resolveStatic(ty, iface, name, int(args[3].AsInt()), int(args[4].AsInt()), ifaceArgs)
	})
}

package bind

import (
	"asyncvm/lang"
	"asyncvm/vm"
)

// lookup finds the members named name of t: those of t, then of its base
// classes (and, for an interface, of its base interfaces), stopping at the
// first type that declares a non-method member with the name, as C#'s
// member lookup hides by name (§12.5). Methods of every level are
// collected; overload resolution picks among them.
func (b *binder) lookup(t *Type, name string) []Symbol {
	var out []Symbol
	seen := map[*Type]bool{}
	var walk func(c *Type, depth int)
	walk = func(c *Type, depth int) {
		for ; c != nil && depth < 64 && !seen[c]; c, depth = c.Base, depth+1 {
			seen[c] = true
			// An inaccessible member neither is found nor hides (§12.5).
			ms := b.filterAccessible(b.u.declared(c, name), t)
			hides := false
			for _, s := range ms {
				if _, ok := s.(*Method); !ok {
					hides = true
				}
			}
			if hides && len(out) == 0 {
				appendNonMethods(&out, ms)
				return
			}
			if !hides {
				out = append(out, ms...)
			}
			if c.Kind == Interface {
				for _, i := range c.Ifaces {
					walk(i, depth+1)
				}
				if c.Base == nil {
					c = b.u.special[Object]
					seen[c] = false
					walk(c, depth+1)
					return
				}
			}
		}
	}
	switch t.Kind {
	case Array:
		if name == "Length" {
			return []Symbol{&Field{Name: "Length", Owner: t, Type: b.u.special[Int32]}}
		}
		if arr := b.u.lookup("System.Array", 0); arr != nil {
			// The members every array has: System.Array's.
			walk(arr, 0)
			return out
		}
	case Nullable:
		switch name {
		case "HasValue":
			return []Symbol{&Property{Name: name, Owner: t, Type: b.u.special[Bool], Get: true}}
		case "Value":
			return []Symbol{&Property{Name: name, Owner: t, Type: t.Elem, Get: true}}
		}
		return nil
	case TypeParam:
		// The members of its constraints' bounds (§12.5: the effective base
		// class and interface set).
		if t.Cons != nil {
			for _, bt := range t.Cons.Bounds {
				if out = append(out, b.lookup(bt, name)...); len(out) > 0 {
					return out
				}
			}
		}
		// Every type argument is an object (§15.2.5): its members are
		// found on any type parameter.
		walk(b.u.special[Object], 0)
		return out
	case Enum:
		walk(t, 0)
		if len(out) == 0 {
			return nil
		}
		return out
	}
	walk(t, 0)
	if t.Kind == Interface && len(out) > 1 {
		// object's members are reached once per base interface chain
		// (INumber<T> : IComparable, INumberBase<T>, ...).
		out = dedupSymbols(out)
	}
	return out
}

// dedupSymbols drops repeated symbols, keeping the first of each.
func dedupSymbols(ss []Symbol) []Symbol {
	seen := make(map[Symbol]bool, len(ss))
	out := ss[:0]
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func appendNonMethods(out *[]Symbol, ms []Symbol) {
	for _, s := range ms {
		if _, ok := s.(*Method); !ok {
			*out = append(*out, s)
		}
	}
}

// missIsError reports whether a member lookup on t that found nothing is
// a compile error: t is fully described by symbols (a source type whose
// bases are all source types), or it is a library type the VM does not
// implement the member for either, and no extension method has the name.
func (b *binder) missIsError(t *Type, name string) bool {
	return !b.extNames[name] && b.lacksMember(t, name)
}

// lacksMember reports whether t is known to have no member named name: t
// is fully described by symbols, or it is a library type the VM does not
// implement the member for either. Extension methods are not considered.
func (b *binder) lacksMember(t *Type, name string) bool {
	switch t.Kind {
	case Unchecked, Opaque, Null, Lambda, Group, Default:
		return false
	}
	if t.Kind == Nullable {
		// Nullable<T>'s members are its own and object's, not T's.
		return !nullableMembers[name]
	}
	switch t.Kind {
	case Array:
		// Its members are System.Array's (lookup).
		return b.u.lookup("System.Array", 0) != nil
	case TypeParam:
		// Its members are its bounds' and object's (lookup): a miss is
		// an error when every bound is fully described.
		if t.Cons != nil {
			for _, bt := range t.Cons.Bounds {
				if bt.Kind == TypeParam || !b.lacksMember(bt, name) {
					return false
				}
			}
		}
		return true
	}
	if t.Kind == Special && t.Special != String {
		// The predefined value types' members are all in the tables
		// (TestLibraryTablesComplete), object's too.
		if t.Special == Void || t.VM == nil {
			return false
		}
		return !vmHas(t.VM, name)
	}
	if !b.isOpen(t) {
		return true
	}
	for c, n := t, 0; c != nil && n < 64; c, n = c.Base, n+1 {
		if c.Kind == Special && c.Special == Object {
			break
		}
		if !c.Lib && b.inPrelude(c) && c.Kind != Interface {
			// A prelude class or struct declares all its members in C#
			// (PriorityQueue, SortedList, Span, Lazy): a miss is a miss.
			continue
		}
		if !c.Lib || c.VM == nil {
			return false // a library type without a run-time type, or one derived from an unknown base
		}
		if vmHas(c.VM, name) {
			return false
		}
	}
	return true
}

// vmHas reports whether the run-time type t (or a base) implements a member
// named name.
func vmHas(t *vm.Type, name string) bool {
	for c, n := t, 0; c != nil && n < 64; c, n = c.Super, n+1 {
		for _, k := range []string{name, "get_" + name, "set_" + name} {
			if len(c.Methods[k]) > 0 || len(c.Statics[k]) > 0 {
				return true
			}
		}
		if c.FieldIndex(name) >= 0 {
			return true
		}
		for _, f := range c.StaticFields {
			if f.Name == name {
				return true
			}
		}
	}
	return false
}

// reportMiss reports a member t does not have: CS0117 for a static access
// through the type name, CS1061 for an instance access.
func (b *binder) reportMiss(t *Type, name string, static bool, pos lang.Pos) {
	if static {
		b.errorf(pos, "CS0117", "'%s' does not contain a definition for '%s'", t, name)
		return
	}
	b.errorf(pos, "CS1061", "'%s' does not contain a definition for '%s' and no accessible extension method '%s' accepting a first argument of type '%s' could be found (are you missing a using directive or an assembly reference?)", t, name, name, t)
}

// methods returns the methods among syms.
func methods(syms []Symbol) []*Method {
	var ms []*Method
	for _, s := range syms {
		if m, ok := s.(*Method); ok {
			ms = append(ms, m)
		}
	}
	return ms
}

// memberType returns the type of a field or property symbol.
func memberType(s Symbol) *Type {
	switch s := s.(type) {
	case *Field:
		return s.Type
	case *Property:
		return s.Type
	}
	return nil
}

// nullableMembers are the members of Nullable<T> a lookup on T? may find.
var nullableMembers = map[string]bool{
	"HasValue": true, "Value": true, "GetValueOrDefault": true,
	"Equals": true, "GetHashCode": true, "ToString": true, "GetType": true,
}

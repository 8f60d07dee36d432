package bind

import (
	"strings"

	"asyncvm/lang"
)

// Nested types of generic types. As in Roslyn (NamedTypeSymbol.ContainingType)
// a type nested in a constructed generic type is itself constructed: the
// definition Dictionary<TKey, TValue>.KeyCollection stands for the nested
// type of the definition's instance type, and Dictionary<string, int>.KeyCollection
// is a *Type whose Def is that definition and whose Outer is the constructed
// Dictionary<string, int>. Args holds only the type's own arguments
// (Outer<int>.Node<string> has Args [string]); the outer's arguments are
// reached through Outer, and AllArgs lists them all in the CLR's order
// (outer's first), which is what the run-time type carries.

// Nested returns the nested type def (a definition declared in
// outer.Generic()) as a member of outer, constructed with its own type
// arguments args (none for a non-generic nested type), interned.
func (u *Universe) Nested(outer, def *Type, args []*Type) *Type {
	if outer == nil || outer == def.Outer {
		return u.Construct(def, args)
	}
	if len(args) != len(def.Params) {
		args = def.Params
	}
	var key strings.Builder
	key.WriteString("nested")
	writePtr(&key, def)
	writePtr(&key, outer)
	for _, a := range args {
		writePtr(&key, a)
	}
	if t, ok := u.constructed[key.String()]; ok {
		return t
	}
	t := &Type{Kind: def.Kind, Special: def.Special, Name: def.Name, Namespace: def.Namespace, Outer: outer,
		Def: def, Args: args, Static: def.Static, Open: def.Open, Lib: def.Lib, UnknownBase: def.UnknownBase, Decl: def.Decl, VM: def.VM}
	u.constructed[key.String()] = t
	sub := typeSubstitution(t)
	t.Base = u.Subst(def.Base, sub)
	for _, i := range def.Ifaces {
		t.Ifaces = append(t.Ifaces, u.Subst(i, sub))
	}
	return t
}

// refreshBases derives again the base class and interfaces of every
// constructed type from its definition's. A type constructed while the
// declarations' bases were being resolved (string's IEnumerable<char>,
// built before the prelude's IEnumerable<T> had its bases) copied its
// definition's bases as they were then; the binder calls this once every
// definition's bases are known.
func (u *Universe) refreshBases() {
	ts := make([]*Type, 0, len(u.constructed))
	for _, t := range u.constructed {
		ts = append(ts, t)
	}
	for _, t := range ts {
		def := t.Def
		if def == nil {
			continue
		}
		sub := typeSubstitution(t)
		t.Base = u.Subst(def.Base, sub)
		t.Ifaces = nil
		for _, i := range def.Ifaces {
			t.Ifaces = append(t.Ifaces, u.Subst(i, sub))
		}
	}
}

// typeSubstitution maps the type parameters of t's definition and of its
// enclosing definitions to the arguments t and its constructed outer
// types give them.
func typeSubstitution(t *Type) map[*Type]*Type {
	m := map[*Type]*Type{}
	for c, n := t, 0; c != nil && n < 64; c, n = c.Outer, n+1 {
		if c.Def == nil {
			continue
		}
		for i, p := range c.Def.Params {
			if i < len(c.Args) {
				m[p] = c.Args[i]
			}
		}
	}
	return m
}

// AllParams lists the type parameters a definition has at run time: its
// enclosing definitions' first, then its own (Outer<T>.Node<U>: T, U).
func (t *Type) AllParams() []*Type {
	t = t.Generic()
	if t.Outer == nil {
		return t.Params
	}
	return append(append([]*Type(nil), t.Outer.AllParams()...), t.Params...)
}

// AllArgs lists the type arguments of a constructed type as the run-time
// type carries them: the enclosing types' first, then its own. A
// definition's are its AllParams.
func (t *Type) AllArgs() []*Type {
	if t.Def == nil {
		return t.AllParams()
	}
	if t.Outer == nil {
		return t.Args
	}
	return append(append([]*Type(nil), t.Outer.AllArgs()...), t.Args...)
}

// substNested substitutes in t, a nested type (a definition, standing for
// the nested type of its outer's instance type, or a constructed one):
// the outer and the own arguments. It returns nil when t is not nested in
// a generic type.
func (u *Universe) substNested(t *Type, sub map[*Type]*Type) *Type {
	if t.Outer == nil || len(t.Outer.AllParams()) == 0 {
		return nil
	}
	outer := u.Subst(t.Outer, sub)
	own := t.Args
	if t.Def == nil {
		own = t.Params
	}
	args := make([]*Type, len(own))
	changed := outer != t.Outer
	for i, a := range own {
		args[i] = u.Subst(a, sub)
		changed = changed || args[i] != a
	}
	if !changed {
		return t
	}
	return u.Nested(outer, t.Generic(), args)
}

// maxArity bounds the arities arityError tries.
const maxArity = 8

// declaredWithOtherArity reports whether the tables declare the type full
// with an arity other than arity.
func (b *binder) declaredWithOtherArity(full string, arity int) bool {
	for k := 0; k <= maxArity; k++ {
		if k != arity && b.u.lookup(full, k) != nil {
			return true
		}
	}
	return false
}

// arityError reports a type name that names a type of another arity:
// CS0305 for a generic type given the wrong number of type arguments
// (List<int, int>, or Outer.Inner for Outer<T>), CS0308 for type arguments
// on a non-generic type. It reports whether it found one.
func (b *binder) arityError(name string, arity int, ctx typeCtx, pos lang.Pos) bool {
	if i := strings.LastIndexByte(name, '.'); i >= 0 && b.lookupTypeName(name[:i], 0, ctx) == nil {
		// The outer part is the one misspelled: Outer.Inner for Outer<T>.
		if b.arityError(name[:i], 0, ctx, pos) {
			return true
		}
	}
	for k := 0; k <= maxArity; k++ {
		if k == arity {
			continue
		}
		t := b.lookupTypeName(name, k, ctx)
		if t == nil || t.Kind == Opaque || t.IsUnchecked() {
			continue
		}
		if k == 0 {
			b.errorf(pos, "CS0308", "The non-generic type '%s' cannot be used with type arguments", qualifiedName(t))
		} else {
			b.errorf(pos, "CS0305", "Using the generic type '%s' requires %d type arguments", qualifiedName(t), k)
		}
		return true
	}
	return false
}

// nestedMiss reports a nested type name that outer does not declare with
// arity type parameters: CS0308/CS0305 when it declares it with another
// arity, else CS0426.
func (b *binder) nestedMiss(outer *Type, name string, arity int, pos lang.Pos) {
	for k := 0; k <= maxArity; k++ {
		if nt := b.nestedType(outer, name, k); nt != nil && k != arity {
			nt = b.u.Nested(outer, nt, nil)
			if k == 0 {
				b.errorf(pos, "CS0308", "The non-generic type '%s' cannot be used with type arguments", nt)
			} else {
				b.errorf(pos, "CS0305", "Using the generic type '%s' requires %d type arguments", nt, k)
			}
			return
		}
	}
	b.errorf(pos, "CS0426", "The type name '%s' does not exist in the type '%s'", name, outer)
}

// resolveNested resolves a type written through a constructed generic type
// (`Outer<int>.Inner`, `Dictionary<string, int>.KeyCollection`): tr.Name
// is dotted below tr.Outer.
func (b *binder) resolveNested(tr *lang.TypeRef, ctx typeCtx) *Type {
	outer := b.resolveType(tr.Outer, ctx)
	if outer.IsUnchecked() {
		return b.u.unchecked
	}
	parts := strings.Split(tr.Name, ".")
	for i, p := range parts {
		arity := 0
		if i == len(parts)-1 {
			arity = len(tr.Args)
		}
		def := b.nestedType(outer, p, arity)
		if def == nil {
			if ctx.file != nil && b.program[ctx.file] {
				b.nestedMiss(outer, p, arity, tr.Pos)
			}
			return b.u.unchecked
		}
		var args []*Type
		if arity > 0 {
			args = make([]*Type, arity)
			for j, a := range tr.Args {
				args[j] = b.resolveType(a, ctx)
			}
			if ctx.file != nil && b.program[ctx.file] {
				b.needConstraints(tr.Pos, def.String(), def.Params, args, nil)
			}
		}
		outer = b.u.Nested(outer, def, args)
	}
	return outer
}

// qualifiedName spells t as Roslyn's CS0305 and CS0308 do: a library type
// with its namespace (System.Collections.Generic.List<T>), which
// Type.String leaves out.
func qualifiedName(t *Type) string {
	if t.Lib && t.Outer == nil && t.Namespace != "" {
		return t.Namespace + "." + t.String()
	}
	return t.String()
}

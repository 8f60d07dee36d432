package bind

import "asyncvm/lang"

// ---- Static abstract and static virtual interface members (C# 11) ----
//
// An interface may declare static members marked abstract (no body: every
// implementing type must supply one) or virtual (a body the implementing
// type may replace): methods, properties, operators and conversion
// operators. They are reached only through a type parameter constrained to
// the interface (`T.Parse(s)`, `T.Zero`, `a + b` with `where T :
// IAdditionOperators<T, T, T>`); the binder records that type parameter in
// Info.Constrained, and code generation dispatches on its type argument at
// run time (docs/design.md, "Static abstract interface members").

// isStaticVirtual reports whether s is a static abstract or static virtual
// member of an interface.
func isStaticVirtual(s Symbol) bool {
	var owner *Type
	var static bool
	switch s := s.(type) {
	case *Method:
		owner, static = s.Owner, s.Static
	case *Property:
		owner, static = s.Owner, s.Static
	default:
		return false
	}
	if !static || owner == nil || owner.Generic().Kind != Interface {
		return false
	}
	mods := declMods(symDecl(s))
	return mods.Has(lang.ModAbstract) || mods.Has(lang.ModVirtual)
}

// staticAbstractOnly reports whether s is a static abstract interface
// member (one without a body).
func staticAbstractOnly(s Symbol) bool {
	return isStaticVirtual(s) && declMods(symDecl(s)).Has(lang.ModAbstract)
}

// staticAccess checks a static member s reached through a type name recv
// at pos, and records the type parameter of a constrained access to a
// static abstract or virtual member: through a type parameter only a
// static abstract or virtual interface member may be reached (CS0704),
// and such a member only through a type parameter (CS8926).
func (b *binder) staticAccess(n lang.Node, recv *Type, s Symbol, pos lang.Pos) {
	switch {
	case recv.Kind == TypeParam && isStaticVirtual(s):
		b.info.Constrained[n] = recv
		if p, ok := s.(*Property); ok {
			b.info.StaticProps[n] = p
		}
	case recv.Kind == Special && isStaticVirtual(s):
		// A numeric type's own generic math member (int.CreateChecked):
		// dispatched as through a type parameter whose argument is known.
		b.info.Constrained[n] = recv
		if p, ok := s.(*Property); ok {
			b.info.StaticProps[n] = p
		}
	case recv.Kind == TypeParam:
		b.errorf(pos, "CS0704", "Cannot do non-virtual member lookup in '%s' because it is a type parameter", recv)
	case recv.Generic().Kind == Interface && isStaticVirtual(s):
		b.errorf(pos, "CS8926", "A static virtual or abstract interface member can be accessed only on a type parameter.")
	}
}

// typeParamOperators returns the static abstract or virtual operators
// named name that apply to an operand of type parameter t: those of the
// interfaces among its constraints' bounds and their base interfaces.
func (b *binder) typeParamOperators(name string, t *Type) []*Method {
	var out []*Method
	if t.Cons == nil {
		return nil
	}
	for _, s := range b.lookup(t, name) {
		if m, ok := s.(*Method); ok && isStaticVirtual(m) && isOperatorDecl(m) {
			out = append(out, m)
		}
	}
	return out
}

// constrainedOperand returns the type parameter among operand types ts
// through whose constraints operator m was found, or nil.
func (b *binder) constrainedOperand(m *Method, ts []*Type) *Type {
	if !isStaticVirtual(m) {
		return nil
	}
	for _, t := range ts {
		if t == nil || t.Kind != TypeParam {
			continue
		}
		for _, c := range b.typeParamOperators(m.Name, t) {
			if c.Definition() == m.Definition() && c.Owner == m.Owner {
				return t
			}
		}
	}
	for _, t := range ts {
		if t != nil && t.Kind == TypeParam {
			return t
		}
	}
	return nil
}

// recordOperator records the user-defined operator m bound for e with
// operand types ts, and the type parameter it is dispatched on when it is
// a static abstract or virtual interface operator.
func (b *binder) recordOperator(e lang.Node, m *Method, ts ...*Type) {
	b.info.Calls[e] = m
	if tp := b.constrainedOperand(m, ts); tp != nil {
		b.info.Constrained[e] = tp
	}
}

// staticAbstractMember returns the first static abstract member of interface
// t or of its base interfaces that has no most specific implementation,
// or nil: such an interface cannot be a type argument (CS8920).
func (b *binder) staticAbstractMember(t *Type) Symbol {
	if t == nil || t.Kind != Interface {
		return nil
	}
	seen := map[*Type]bool{}
	var walk func(i *Type) Symbol
	walk = func(i *Type) Symbol {
		if seen[i] || i.Kind != Interface {
			return nil
		}
		seen[i] = true
		def := i.Generic()
		for _, td := range b.decls[def] {
			for _, m := range td.Members {
				var name string
				switch m := m.(type) {
				case *lang.MethodDecl:
					if !m.Modifiers.Has(lang.ModStatic) || !m.Modifiers.Has(lang.ModAbstract) {
						continue
					}
					name = m.Name
				case *lang.PropertyDecl:
					if !m.Modifiers.Has(lang.ModStatic) || !m.Modifiers.Has(lang.ModAbstract) {
						continue
					}
					name = m.Name
				default:
					continue
				}
				for _, s := range b.u.declared(i, name) {
					if symDecl(s) == lang.Node(m) {
						return s
					}
				}
			}
		}
		for _, j := range i.Ifaces {
			if s := walk(j); s != nil {
				return s
			}
		}
		return nil
	}
	return walk(t)
}

// ConstrainedOf returns the type parameter through which the call,
// property access or operator n reaches a static abstract or virtual
// interface member, or nil.
func (in *Info) ConstrainedOf(n lang.Node) *Type {
	if in == nil || n == nil {
		return nil
	}
	return in.Constrained[n]
}

// StaticPropOf returns the static abstract or virtual interface property
// the constrained member access n reads, or nil.
func (in *Info) StaticPropOf(n lang.Node) *Property {
	if in == nil || n == nil {
		return nil
	}
	return in.StaticProps[n]
}

// IsStaticVirtual reports whether m is a static abstract or static
// virtual interface member.
func IsStaticVirtual(m *Method) bool { return isStaticVirtual(m) }

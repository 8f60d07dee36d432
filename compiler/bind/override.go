package bind

import "asyncvm/lang"

// ---- Overrides and interface mapping ----
//
// A virtual member is a slot; an override takes the slot of the member it
// overrides, found by name and signature (§15.6.5) in the base classes,
// with a generic base's type arguments substituted; an interface member
// is implemented by the member interface mapping finds (§18.6.5). The
// binder decides both and records them in Info (Overrides, Impls): code
// generation lays out the slots from them and the VM dispatches by slot,
// so `virtual F(int)` and `virtual F(string)` are two slots, as in .NET.

// ImplKey names one member of an interface in one class: Info.Impls maps
// it to the member implementing it there.
type ImplKey struct {
	Class  *lang.TypeDecl // the class's (first) declaration
	Member lang.Node      // the interface member's declaration
}

// OverrideOf returns the declaration of the virtual or abstract member
// whose slot the override declared by d takes, or nil when d overrides a
// library member (object.ToString) or nothing.
func (in *Info) OverrideOf(d lang.Node) lang.Node {
	if in == nil {
		return nil
	}
	return in.Overrides[d]
}

// ImplOf returns the declaration of the member implementing interface
// member member in class, or nil when interface mapping found none (a
// default implementation, or an error reported).
func (in *Info) ImplOf(class *lang.TypeDecl, member lang.Node) lang.Node {
	if in == nil {
		return nil
	}
	return in.Impls[ImplKey{class, member}]
}

// OriginOf returns the declaration the binder saw for a method that the
// sm lowering replaced by a stub: d itself for any other.
func (in *Info) OriginOf(d *lang.MethodDecl) *lang.MethodDecl {
	if in != nil {
		if o := in.Origins[d]; o != nil {
			return o
		}
	}
	return d
}

// bindOverrides records what every override overrides and, for the
// program's classes, how they map the interfaces they list, and reports
// the errors C# gives there: CS0115, CS0506, CS0508, CS1715, CS0534,
// CS0535, CS0738.
func (b *binder) bindOverrides() {
	for _, t := range b.types {
		if t.Lib || t.Kind != Class && t.Kind != Struct {
			continue
		}
		program := t.pending == nil
		if t.Kind == Struct {
			if program && len(b.decls[t]) > 0 {
				b.mapInterfaces(t)
			}
			continue
		}
		for _, td := range b.decls[t] {
			for _, m := range td.Members {
				switch m := m.(type) {
				case *lang.MethodDecl:
					if m.Iface == nil && m.Modifiers.Has(lang.ModOverride) {
						b.override(t, m, m.Name, program)
					}
					if program && m.Iface == nil {
						b.virtualPrivate(t, m, m.Name, m.Modifiers)
					}
				case *lang.PropertyDecl:
					if m.Iface == nil && m.Modifiers.Has(lang.ModOverride) {
						b.override(t, m, m.Name, program)
					}
					if program && m.Iface == nil {
						b.virtualPrivate(t, m, m.Name, m.Modifiers)
					}
				}
			}
		}
		if program && len(b.decls[t]) > 0 {
			if t.Static && b.declaredInProgram(t) {
				b.staticClassMembers(t)
			}
			b.checkAbstract(t)
			b.mapInterfaces(t)
		}
	}
}

// staticClassMembers reports the instance members of static class t:
// CS0708 for a field, property, event or method, CS0710 for a constructor.
func (b *binder) staticClassMembers(t *Type) {
	const msg = "'%s': cannot declare instance members in a static class"
	for _, td := range b.decls[t] {
		for _, m := range td.Members {
			switch m := m.(type) {
			case *lang.FieldDecl:
				if !m.Modifiers.Has(lang.ModStatic) && !m.Modifiers.Has(lang.ModConst) {
					for _, d := range m.Decls {
						b.errorf(d.Pos, "CS0708", msg, t.String()+"."+d.Name)
					}
				}
			case *lang.PropertyDecl:
				if !m.Modifiers.Has(lang.ModStatic) {
					if sym := b.symOf(t, m, m.Name); sym != nil {
						b.errorf(m.Pos, "CS0708", msg, memberName(sym))
					}
				}
			case *lang.MethodDecl:
				if !m.Modifiers.Has(lang.ModStatic) && m.Extension == nil && m.Operator == "" {
					at := m.NamePos
					if at.Line == 0 {
						at = m.Pos
					}
					if sym := b.symOf(t, m, m.Name); sym != nil {
						b.errorf(at, "CS0708", msg, memberName(sym))
					}
				}
			case *lang.CtorDecl:
				if !m.Modifiers.Has(lang.ModStatic) {
					b.errorf(m.Pos, "CS0710", "Static classes cannot have instance constructors")
				}
			}
		}
	}
}

// symOf returns the symbol declareMembers made for member declaration d
// of t, declaring t's members named name first if t's are declared on
// demand.
func (b *binder) symOf(t *Type, d lang.Node, name string) Symbol {
	b.u.declared(t, name)
	return b.syms[d]
}

// override finds the member the override declared by d overrides.
func (b *binder) override(t *Type, d lang.Node, name string, report bool) {
	sym := b.symOf(t, d, name)
	if sym == nil {
		return
	}
	for c, n := t.Base, 0; c != nil && n < 64; c, n = c.Base, n+1 {
		for _, s := range b.u.declared(c, name) {
			if !sameMember(b.u, sym, s) {
				continue
			}
			od := symDecl(s)
			if !declMods(od).Has(lang.ModVirtual) && !declMods(od).Has(lang.ModAbstract) && !declMods(od).Has(lang.ModOverride) {
				if report && !(c == t.Base && b.sealedSource(c)) { // deriving from a sealed type is CS0509 alone
					b.errorf(declPos(d), "CS0506", "'%s': cannot override inherited member '%s' because it is not marked virtual, abstract, or override",
						memberName(sym), memberName(s))
				}
				return
			}
			if report {
				b.checkOverrideType(d, sym, s)
				b.checkOverrideAccess(d, sym, s, c)
			}
			if !c.Generic().Lib {
				if root := b.info.Overrides[od]; root != nil {
					od = root
				}
				b.info.Overrides[d] = od
			}
			return
		}
	}
	if report && !b.isOpen(t.Base) {
		b.errorf(declPos(d), "CS0115", "'%s': no suitable method found to override", memberName(sym))
	}
}

// checkOverrideType reports an override whose return or property type
// differs from the overridden member's (CS0508, CS1715), save a covariant
// return.
func (b *binder) checkOverrideType(d lang.Node, sym, base Symbol) {
	switch m := sym.(type) {
	case *Method:
		o := base.(*Method)
		// C# 9 covariant returns: an override may return a reference type
		// that converts implicitly by reference to the overridden return
		// type (Task<int> for Task).
		// A generic method's type parameters are the override's in both.
		oRet := o.Ret
		if oRet != nil {
			oRet = b.u.Subst(oRet, methodParamMap(m, o))
		}
		if !sameType(b.u, m.Ret, o.Ret, o, m) && !(m.Ret != nil && oRet != nil && !m.Ret.IsValueType() && !oRet.IsValueType() && b.refConverts(m.Ret, oRet)) {
			b.errorf(declPos(d), "CS0508", "'%s': return type must be '%s' to match overridden member '%s'", memberName(m), o.Ret, memberName(o))
		}
	case *Property:
		o := base.(*Property)
		// A read-only property may be overridden covariantly too.
		covariant := !o.Set && !m.Set && m.Type != nil && o.Type != nil && !m.Type.IsValueType() && !o.Type.IsValueType() && b.refConverts(m.Type, o.Type)
		if m.Type != o.Type && !m.Type.IsUnchecked() && !o.Type.IsUnchecked() && !covariant {
			b.errorf(declPos(d), "CS1715", "'%s': type must be '%s' to match overridden member '%s'", memberName(m), o.Type, memberName(o))
		}
	}
}

// checkAbstract reports the abstract members of t's base classes that a
// non-abstract class t leaves without an override (CS0534).
func (b *binder) checkAbstract(t *Type) {
	td := b.decls[t][0]
	if td.Modifiers.Has(lang.ModAbstract) {
		return
	}
	overridden := map[lang.Node]bool{}
	for c, n := t, 0; c != nil && n < 64 && !c.Generic().Lib; c, n = c.Base, n+1 {
		for _, cd := range b.decls[c.Generic()] {
			for _, m := range cd.Members {
				mods := declMods(m)
				if mods.Has(lang.ModOverride) {
					if root := b.info.Overrides[m]; root != nil {
						overridden[root] = true
					}
					continue
				}
				if c == t || !mods.Has(lang.ModAbstract) || overridden[m] {
					continue
				}
				var s Symbol
				switch m := m.(type) {
				case *lang.MethodDecl:
					s = b.symOf(c.Generic(), m, m.Name)
				case *lang.PropertyDecl:
					s = b.symOf(c.Generic(), m, m.Name)
				}
				if s != nil {
					b.errorf(td.Pos, "CS0534", "'%s' does not implement inherited abstract member '%s'", t, memberName(s))
				}
			}
		}
	}
}

// mapInterfaces finds, for each member of the interfaces t lists (and
// their base interfaces), the member of t or of its bases that implements
// it (§18.6.5), records it in Info.Impls and reports a member without one
// (CS0535, CS0738). Library interfaces are left to dispatch by name.
func (b *binder) mapInterfaces(t *Type) {
	td := b.decls[t][0]
	seen := map[*Type]bool{}
	var walk func(i *Type)
	walk = func(i *Type) {
		if seen[i] || i.Kind != Interface {
			return
		}
		seen[i] = true
		def := i.Generic()
		if !def.Lib {
			for _, id := range b.decls[def] {
				for _, m := range id.Members {
					b.mapMember(t, td, i, m)
				}
			}
		}
		for _, j := range i.Ifaces {
			walk(j)
		}
	}
	for _, i := range t.Ifaces {
		walk(i)
	}
}

// mapMember maps one member m of interface i (a declaration) in class t.
func (b *binder) mapMember(t *Type, td *lang.TypeDecl, i *Type, m lang.Member) {
	var name string
	abstract := false
	static := declMods(m).Has(lang.ModStatic)
	if static && !declMods(m).Has(lang.ModAbstract) && !declMods(m).Has(lang.ModVirtual) {
		return // a static member with a body: the interface's own, not implemented
	}
	switch m := m.(type) {
	case *lang.MethodDecl:
		if m.Operator != "" && !static {
			return
		}
		name, abstract = m.Name, m.Body == nil && m.ExprBody == nil
	case *lang.PropertyDecl:
		name, abstract = m.Name, m.ExprBody == nil
		for _, a := range m.Accessors {
			abstract = abstract && a.Body == nil && a.ExprBody == nil
		}
	default:
		return
	}
	var isym Symbol
	for _, s := range b.u.declared(i, name) {
		if symDecl(s) == lang.Node(m) {
			isym = s
		}
	}
	if isym == nil {
		return
	}
	var wrongRet, wrongStatic Symbol
	for c, n := t, 0; c != nil && n < 64; c, n = c.Base, n+1 {
		if impl := b.explicitImpl(c, i, isym); impl != nil {
			b.info.Impls[ImplKey{td, m}] = impl
			return
		}
		for _, s := range b.u.declared(c, name) {
			d := symDecl(s)
			if d == nil || !sameMember(b.u, isym, s) {
				continue
			}
			if symStatic(s) != static {
				wrongStatic = s
				continue
			}
			if !c.Generic().Lib && c.Kind != Interface && !declMods(d).Has(lang.ModPublic) {
				continue
			}
			if !sameResult(b.u, isym, s) {
				wrongRet = s
				continue
			}
			if !c.Generic().Lib {
				if root := b.info.Overrides[d]; root != nil {
					d = root
				}
				b.info.Impls[ImplKey{td, m}] = d
			}
			return
		}
	}
	if !static {
		if impl := b.mostSpecificOverride(t, i, isym); impl != nil {
			b.info.Impls[ImplKey{td, m}] = impl
			return
		}
	}
	if !abstract || b.isOpen(t) {
		return
	}
	if wrongStatic != nil && static {
		b.errorf(td.Pos, "CS8928", "'%s' does not implement static interface member '%s'. '%s' cannot implement the interface member because it is not static.",
			t, memberName(isym), memberName(wrongStatic))
		return
	}
	if wrongStatic != nil {
		b.errorf(td.Pos, "CS0736", "'%s' does not implement instance interface member '%s'. '%s' cannot implement the interface member because it is static.",
			t, memberName(isym), memberName(wrongStatic))
		return
	}
	if wrongRet != nil {
		b.errorf(td.Pos, "CS0738", "'%s' does not implement interface member '%s'. '%s' cannot implement '%s' because it does not have the matching return type of '%s'.",
			t, memberName(isym), memberName(wrongRet), memberName(isym), resultType(isym))
		return
	}
	b.errorf(td.Pos, "CS0535", "'%s' does not implement interface member '%s'", t, memberName(isym))
}

// mostSpecificOverride returns the explicit implementation of interface
// member isym of i that an interface of class t derived from i declares
// with a body (`string IA.M() => ...` in `interface IB : IA`), when the
// class implements the member nowhere: of several, the one in the
// interface deriving from the others (C# §18.4.10's most specific
// implementation). It returns nil when no interface overrides the member.
func (b *binder) mostSpecificOverride(t, i *Type, isym Symbol) lang.Node {
	var ifaces []*Type
	seen := map[*Type]bool{}
	var walk func(j *Type)
	walk = func(j *Type) {
		if seen[j] || j.Kind != Interface {
			return
		}
		seen[j] = true
		ifaces = append(ifaces, j)
		for _, k := range j.Ifaces {
			walk(k)
		}
	}
	for c, n := t, 0; c != nil && n < 64; c, n = c.Base, n+1 {
		for _, j := range c.Ifaces {
			walk(j)
		}
	}
	var best *Type
	var impl lang.Node
	for _, j := range ifaces {
		if j == i || j.Generic().Lib {
			continue
		}
		d := b.explicitImpl(j, i, isym)
		if d == nil {
			continue
		}
		if best == nil || b.derivesFrom(j, best) {
			best, impl = j, d
		}
	}
	return impl
}

// derivesFrom reports whether interface j has k among its base interfaces.
func (b *binder) derivesFrom(j, k *Type) bool {
	for _, x := range j.Ifaces {
		if x == k || b.derivesFrom(x, k) {
			return true
		}
	}
	return false
}

// explicitImpl returns c's explicit implementation of interface member
// isym of i, or nil.
func (b *binder) explicitImpl(c *Type, i *Type, isym Symbol) lang.Node {
	def := c.Generic()
	if def.Lib {
		return nil
	}
	ctx := b.ctxFor(def)
	for _, cd := range b.decls[def] {
		for _, m := range cd.Members {
			var iface *lang.TypeRef
			var name string
			switch m := m.(type) {
			case *lang.MethodDecl:
				iface, name = m.Iface, m.Name
			case *lang.PropertyDecl:
				iface, name = m.Iface, m.Name
			}
			if iface == nil || name != isym.symName() {
				continue
			}
			it := b.resolveType(iface, ctx)
			if c.Def != nil {
				it = b.u.Subst(it, typeSubstitution(c))
			}
			if it != i && it.Generic() != i.Generic() {
				continue
			}
			if s := b.symOf(def, m, name); s != nil && sameMember(b.u, isym, s) {
				return m
			}
		}
	}
	return nil
}

// sameMember reports whether a and b are members of one kind with one
// name and signature: parameter types (a generic method's type
// parameters matched by position) and ref kinds; a property by name, an
// indexer by its parameters.
func sameMember(u *Universe, a, b Symbol) bool {
	if a.symName() != b.symName() {
		return false
	}
	switch a := a.(type) {
	case *Method:
		bm, ok := b.(*Method)
		return ok && sameSignature(u, a, bm)
	case *Property:
		bp, ok := b.(*Property)
		return ok && sameParamTypes(u, a.Params, bp.Params, nil)
	}
	return false
}

// sameSignature reports whether methods a and b have one signature.
func sameSignature(u *Universe, a, b *Method) bool {
	if len(a.TypeParams) != len(b.TypeParams) {
		return false
	}
	return sameParamTypes(u, a.Params, b.Params, methodParamMap(a, b))
}

// methodParamMap maps b's method type parameters to a's, by position.
func methodParamMap(a, b *Method) map[*Type]*Type {
	if len(b.TypeParams) == 0 {
		return nil
	}
	sub := make(map[*Type]*Type, len(b.TypeParams))
	for i, p := range b.TypeParams {
		sub[p] = a.TypeParams[i]
	}
	return sub
}

func sameParamTypes(u *Universe, a, b []*Param, sub map[*Type]*Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if refKind(a[i].Mod) != refKind(b[i].Mod) {
			return false
		}
		at, bt := a[i].Type, u.Subst(b[i].Type, sub)
		if at != bt && !at.IsUnchecked() && !bt.IsUnchecked() {
			return false
		}
	}
	return true
}

// sameType reports whether a (of method am) and b (of bm) are one type,
// bm's method type parameters taken for am's.
func sameType(u *Universe, a, b *Type, bm, am *Method) bool {
	b = u.Subst(b, methodParamMap(am, bm))
	return a == b || a.IsUnchecked() || b.IsUnchecked()
}

// refKind is a parameter modifier as far as a signature tells: params
// does not count; ref, out and in do.
func refKind(mod string) string {
	if mod == "params" {
		return ""
	}
	return mod
}

// sameResult reports whether implementation s has interface member
// isym's return or property type.
func sameResult(u *Universe, isym, s Symbol) bool {
	switch a := isym.(type) {
	case *Method:
		bm := s.(*Method)
		return sameType(u, bm.Ret, a.Ret, a, bm)
	case *Property:
		bp := s.(*Property)
		return a.Type == bp.Type || a.Type.IsUnchecked() || bp.Type.IsUnchecked()
	}
	return true
}

func resultType(s Symbol) *Type {
	switch s := s.(type) {
	case *Method:
		return s.Ret
	case *Property:
		return s.Type
	}
	return nil
}

func symDecl(s Symbol) lang.Node {
	switch s := s.(type) {
	case *Method:
		return s.Definition().Decl
	case *Property:
		return s.Decl
	}
	return nil
}

func symStatic(s Symbol) bool {
	switch s := s.(type) {
	case *Method:
		return s.Static
	case *Property:
		return s.Static
	}
	return true
}

func declMods(d lang.Node) lang.Modifiers {
	switch d := d.(type) {
	case *lang.MethodDecl:
		return d.Modifiers
	case *lang.PropertyDecl:
		return d.Modifiers
	}
	return 0
}

func declPos(d lang.Node) lang.Pos { return d.Position() }

// memberName spells a member as C# messages do: `A.F(int)`, `A.P`,
// `A.this[int]`.
func memberName(s Symbol) string {
	switch s := s.(type) {
	case *Method:
		return s.Signature()
	case *Property:
		name := s.Name
		if name == "this[]" {
			name = indexerName(s)
		}
		if s.Owner != nil {
			return s.Owner.String() + "." + name
		}
		return name
	}
	return s.symName()
}

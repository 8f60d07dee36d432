package bind

import (
	"strings"

	"asyncvm/lang"
)

// Member accessibility (C# §7.5). A program is one assembly, so internal
// is public and protected internal too; private protected is protected.
// The library's and the prelude's members are all public.

// access is a declared accessibility, reduced to what one assembly tells
// apart.
type access uint8

const (
	accPublic access = iota
	accProtected
	accPrivate
)

// declAccess is the accessibility mods declare for a member of owner:
// written, or the default (private in a class or struct, public in an
// interface).
func declAccess(mods lang.Modifiers, owner *Type) access {
	switch {
	case mods&(lang.ModPublic|lang.ModInternal) != 0:
		return accPublic
	case mods.Has(lang.ModProtected):
		return accProtected
	case mods.Has(lang.ModPrivate):
		return accPrivate
	}
	if owner != nil && owner.Kind == Interface {
		return accPublic
	}
	return accPrivate
}

// symAccess is s's declared accessibility; a synthesized member (a
// record's, a primary constructor's) counts as public.
func (b *binder) symAccess(s Symbol) access {
	var owner *Type
	var mods lang.Modifiers
	switch s := s.(type) {
	case *Method:
		owner = s.Owner
		switch d := s.Definition().Decl.(type) {
		case *lang.MethodDecl:
			if d.Operator != "" || d.Extension != nil {
				return accPublic
			}
			mods = d.Modifiers
		case *lang.CtorDecl:
			mods = d.Modifiers
		default:
			return accPublic
		}
	case *Property:
		owner = s.Owner
		d, ok := s.Decl.(*lang.PropertyDecl)
		if !ok {
			return accPublic
		}
		mods = d.Modifiers
	case *Field:
		owner = s.Owner
		d, ok := s.Decl.(*lang.Declarator)
		if !ok {
			return accPublic
		}
		fd := b.fieldDeclOf(owner, d)
		if fd == nil {
			return accPublic
		}
		mods = fd.Modifiers
	case *Type:
		if s.Outer == nil || s.Decl == nil {
			return accPublic
		}
		owner = s.Outer
		mods = s.Decl.Modifiers
	default:
		return accPublic
	}
	if owner == nil || owner.Kind == Enum {
		return accPublic
	}
	g := owner.Generic()
	if g.Lib || b.inPrelude(g) {
		return accPublic
	}
	return declAccess(mods, owner)
}

// fieldDeclOf is the field declaration of owner that declares d.
func (b *binder) fieldDeclOf(owner *Type, d *lang.Declarator) *lang.FieldDecl {
	if fd, ok := b.fieldDecls[d]; ok {
		return fd
	}
	if owner == nil {
		return nil
	}
	for _, td := range b.decls[owner.Generic()] {
		for _, m := range td.Members {
			if fd, ok := m.(*lang.FieldDecl); ok {
				for _, x := range fd.Decls {
					if b.fieldDecls == nil {
						b.fieldDecls = map[*lang.Declarator]*lang.FieldDecl{}
					}
					b.fieldDecls[x] = fd
				}
			}
		}
	}
	return b.fieldDecls[d]
}

// symOwner is the type that declares s.
func symOwner(s Symbol) *Type {
	switch s := s.(type) {
	case *Method:
		return s.Owner
	case *Property:
		return s.Owner
	case *Field:
		return s.Owner
	case *Type:
		return s.Outer
	}
	return nil
}

func accessStatic(s Symbol) bool {
	switch s := s.(type) {
	case *Method:
		return s.Static || s.Name == ".ctor"
	case *Property:
		return s.Static
	case *Field:
		return s.Static
	}
	return true
}

// accessVerdict is why a member is not accessible: not at all, or a
// protected instance member reached through a qualifier of a type not
// derived from the class being bound (CS1540).
type accessVerdict uint8

const (
	accessOK accessVerdict = iota
	accessDenied
	accessQualifier
)

// accessible decides whether the code being bound may use s reached
// through a value or type of type qual (nil for no qualifier check).
func (b *binder) accessible(s Symbol, qual *Type) accessVerdict {
	return b.accessibleAs(b.symAccess(s), s, qual)
}

// accessibleAs is accessible for s declared with accessibility a (an
// accessor's).
func (b *binder) accessibleAs(a access, s Symbol, qual *Type) accessVerdict {
	if a == accPublic {
		return accessOK
	}
	owner := symOwner(s)
	if owner == nil || b.inside(owner) {
		return accessOK
	}
	if a == accPrivate {
		return accessDenied
	}
	// protected: inside a class derived from the owner (or a type nested
	// in one); an instance member only through that class or one derived
	// from it (§7.5.4).
	derived := false
	for c := b.cls; c != nil; c = c.Outer {
		if !derivesFrom(c, owner) {
			continue
		}
		derived = true
		if qual == nil || accessStatic(s) || b.viaBase || qual.Kind == TypeParam || qual.IsUnchecked() || derivesFrom(qual, c) {
			return accessOK
		}
	}
	if derived {
		return accessQualifier
	}
	return accessDenied
}

// derivesFrom reports whether t is d, derives from it or implements it
// (a protected interface member is accessible in the implementing class).
func derivesFrom(t, d *Type) bool {
	return derivesDepth(t, d.Generic(), 0)
}

func derivesDepth(t, d *Type, depth int) bool {
	for c, n := t, depth; c != nil && n < 64; c, n = c.Base, n+1 {
		if c.Generic() == d {
			return true
		}
		if d.Kind == Interface {
			for _, i := range c.Ifaces {
				if derivesDepth(i, d, n+1) {
					return true
				}
			}
		}
	}
	return false
}

// accessName spells s as the accessibility messages do: `C.M(int)`,
// `C.P`, `C.this[int]`, `C.f`, `Outer.Inner`.
func accessName(s Symbol) string {
	switch s := s.(type) {
	case *Method:
		return s.Definition().Signature()
	case *Property:
		return memberName(s)
	case *Field:
		if s.Owner != nil {
			return s.Owner.String() + "." + s.Name
		}
		return s.Name
	case *Type:
		return s.String()
	}
	return s.symName()
}

// lookupAll is lookup without the accessibility filter: what C# finds
// before it reports an inaccessible member.
func (b *binder) lookupAll(t *Type, name string) []Symbol {
	was := b.accessOff
	b.accessOff = true
	defer func() { b.accessOff = was }()
	return b.lookup(t, name)
}

// lookupVia is lookup for the member access x.name, x of type t: a
// protected member reached through base needs no qualifier check.
func (b *binder) lookupVia(x lang.Expr, t *Type, name string) []Symbol {
	_, base := x.(*lang.BaseExpr)
	was := b.viaBase
	b.viaBase = base
	defer func() { b.viaBase = was }()
	return b.lookup(t, name)
}

// filterAccessible drops the members of ms the code being bound may not
// use, reached through qual.
func (b *binder) filterAccessible(ms []Symbol, qual *Type) []Symbol {
	if b.accessOff || len(ms) == 0 {
		return ms
	}
	keep := -1
	for i, s := range ms {
		if b.accessible(s, qual) != accessOK {
			keep = i
			break
		}
	}
	if keep < 0 {
		return ms
	}
	out := append([]Symbol(nil), ms[:keep]...)
	for _, s := range ms[keep+1:] {
		if b.accessible(s, qual) == accessOK {
			out = append(out, s)
		}
	}
	return out
}

// reportInaccessible reports CS0122 (or CS1540) when t has members named
// name that the code being bound may not use, and reports whether it did.
// nargs, when not negative, prefers a method taking that many arguments.
func (b *binder) reportInaccessible(t *Type, name string, pos lang.Pos, nargs int) bool {
	if t == nil || t.IsUnchecked() || b.synthesized(pos) {
		return false
	}
	all := b.lookupAll(t, name)
	if len(all) == 0 {
		return false
	}
	s := all[0]
	if nargs >= 0 {
		for _, c := range all {
			if m, ok := c.(*Method); ok && len(m.Params) == nargs {
				s = c
				break
			}
		}
	}
	switch b.accessible(s, t) {
	case accessOK:
		return false
	case accessQualifier:
		b.errorf(pos, "CS1540", "Cannot access protected member '%s' via a qualifier of type '%s'; the qualifier must be of type '%s' (or derived from it)", accessName(s), t, b.protectedContext(symOwner(s)))
		return true
	}
	b.errorf(pos, "CS0122", "'%s' is inaccessible due to its protection level", accessName(s))
	return true
}

// protectedContext is the enclosing class of the code being bound that
// derives from owner.
func (b *binder) protectedContext(owner *Type) *Type {
	for c := b.cls; c != nil; c = c.Outer {
		if derivesFrom(c, owner) {
			return c
		}
	}
	return b.cls
}

// reportInaccessibleInScope is reportInaccessible for a simple name: the
// members of the enclosing classes.
func (b *binder) reportInaccessibleInScope(name string, pos lang.Pos, nargs int) bool {
	for c := b.cls; c != nil; c = c.Outer {
		if b.reportInaccessible(c, name, pos, nargs) {
			return true
		}
	}
	return false
}

// accessorAccess is the accessibility of p's accessor of kind ("get", or
// "set" for set and init): its own modifiers, else the property's.
func (b *binder) accessorAccess(p *Property, kind string) access {
	pd, ok := p.Decl.(*lang.PropertyDecl)
	if !ok {
		return accPublic
	}
	if g := p.Owner.Generic(); g.Lib || b.inPrelude(g) {
		return accPublic
	}
	own := b.symAccess(p)
	for _, a := range pd.Accessors {
		if (a.Kind == "get") != (kind == "get") {
			continue
		}
		if a.Modifiers&(lang.ModPublic|lang.ModPrivate|lang.ModProtected|lang.ModInternal) == 0 {
			return own
		}
		return declAccess(a.Modifiers, p.Owner)
	}
	return own
}

// accessorUse reports CS0271 or CS0272 for a use of p's get or set
// accessor at e when that accessor is less accessible than p and the code
// being bound may not use it; qual is the type p is reached through.
func (b *binder) accessorUse(pos lang.Pos, p *Property, kind string, qual *Type) {
	a := b.accessorAccess(p, kind)
	if a == b.symAccess(p) {
		return
	}
	v := b.accessibleAs(a, p, qual)
	if v == accessOK {
		return
	}
	code, which := "CS0272", "set"
	if kind == "get" {
		code, which = "CS0271", "get"
	}
	if v == accessQualifier {
		b.errorf(pos, "CS1540", "Cannot access protected member '%s.%s' via a qualifier of type '%s'; the qualifier must be of type '%s' (or derived from it)", memberName(p), which, qual, b.protectedContext(p.Owner))
		return
	}
	b.errorf(pos, code, "The property or indexer '%s' cannot be used in this context because the %s accessor is inaccessible", memberName(p), which)
}

// accessorQual is the type through which the property access e reaches its
// property, and whether it is base.
func (b *binder) accessorQual(e lang.Expr) (*Type, bool) {
	switch x := e.(type) {
	case *lang.MemberExpr:
		_, base := x.X.(*lang.BaseExpr)
		return b.info.Types[x.X], base
	case *lang.IndexExpr:
		_, base := x.X.(*lang.BaseExpr)
		return b.info.Types[x.X], base
	}
	return b.cls, false
}

// checkAccessor is accessorUse with the qualifier e's receiver.
func (b *binder) checkAccessor(e lang.Expr, p *Property, kind string) {
	if p == nil || b.accessOff {
		return
	}
	q, base := b.accessorQual(e)
	was := b.viaBase
	b.viaBase = base
	b.accessorUse(posOf(e), p, kind, q)
	b.viaBase = was
}

// synthesized reports whether pos is a record's declaration, where its
// synthesized members' syntax sits: their access to a sealed base
// record's private members is reported as the sealed base (CS0509).
func (b *binder) synthesized(pos lang.Pos) bool {
	return b.cls != nil && b.cls.Decl != nil && b.cls.Decl.Record && pos == b.cls.Decl.Pos
}

// typeAccess reports CS0122 for tr naming def, a nested type the code of
// ctx may not use (or one nested in such a type), at the inaccessible
// type's name.
func (b *binder) typeAccess(def *Type, tr *lang.TypeRef, ctx typeCtx) {
	was := b.cls
	b.cls = ctx.cls
	defer func() { b.cls = was }()
	parts := strings.Split(tr.Name, ".")
	for t, i := def.Generic(), len(parts)-1; t != nil && t.Outer != nil; t, i = t.Outer.Generic(), i-1 {
		if b.accessible(t, nil) == accessOK {
			continue
		}
		pos := tr.Pos
		if i > 0 && !strings.ContainsAny(tr.Name, " \t") {
			pos.Col += len(strings.Join(parts[:i], ".")) + 1
		}
		b.errorf(pos, "CS0122", "'%s' is inaccessible due to its protection level", t.String())
		return
	}
}

// accessWord spells the accessibility mods declare for a member of owner,
// as C# writes it.
func accessWord(mods lang.Modifiers, owner *Type) string {
	switch {
	case mods.Has(lang.ModProtected | lang.ModInternal):
		return "protected internal"
	case mods.Has(lang.ModPrivate | lang.ModProtected):
		return "private protected"
	case mods.Has(lang.ModPublic):
		return "public"
	case mods.Has(lang.ModInternal):
		return "internal"
	case mods.Has(lang.ModProtected):
		return "protected"
	case mods.Has(lang.ModPrivate):
		return "private"
	}
	if owner != nil && owner.Kind == Interface {
		return "public"
	}
	return "private"
}

// checkOverrideAccess reports an override declared by d whose
// accessibility differs from the member of base class c it overrides
// (CS0507). A library member's accessibility is not known (the tables
// make every member public), so only a program's are compared.
func (b *binder) checkOverrideAccess(d lang.Node, sym, base Symbol, c *Type) {
	if g := c.Generic(); g.Lib || b.inPrelude(g) {
		return
	}
	od := symDecl(base)
	if od == nil {
		return
	}
	have, want := accessWord(declMods(d), symOwner(sym)), accessWord(declMods(od), c)
	if have != want {
		b.errorf(namePos(d), "CS0507", "'%s': cannot change access modifiers when overriding '%s' inherited member '%s'", memberName(sym), want, memberName(base))
	}
}

// namePos is where C# reports a member declaration: a method's name (a
// property's declaration, whose name's position is not kept).
func namePos(d lang.Node) lang.Pos {
	if m, ok := d.(*lang.MethodDecl); ok && m.NamePos.Line > 0 {
		return m.NamePos
	}
	return d.Position()
}

// virtualPrivate reports a virtual or abstract member of class t declared
// private, explicitly or by default (CS0621).
func (b *binder) virtualPrivate(t *Type, d lang.Node, name string, mods lang.Modifiers) {
	if mods&(lang.ModVirtual|lang.ModAbstract) == 0 || mods&(lang.ModPublic|lang.ModProtected|lang.ModInternal) != 0 || t.Kind != Class {
		return
	}
	if sym := b.symOf(t, d, name); sym != nil {
		b.errorf(namePos(d), "CS0621", "'%s': virtual or abstract members cannot be private", memberName(sym))
	}
}

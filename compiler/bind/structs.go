package bind

import (
	"fmt"
	"strings"

	"asyncvm/lang"
)

// userStruct reports whether t is a struct declared in source (or a
// constructed type of one).
func userStruct(t *Type) bool {
	return t != nil && t.Kind == Struct && !t.Generic().Lib
}

// structOperand reports whether an equality with operands of types t and
// other has a struct operand that no predefined operator takes: a struct,
// or a nullable struct compared with anything but null.
func structOperand(t, other *Type) bool {
	return userStruct(t) || t.Kind == Nullable && userStruct(t.Elem) && other.Kind != Null
}

// libStructOperand reports whether t is a library value type that .NET
// gives no == (Index, Range, KeyValuePair): the tables declare the
// operators of those that have one, or mark them [RuntimeEquality].
func (b *binder) libStructOperand(t *Type) bool {
	if t == nil || t.Kind != Struct || t.IsTuple() {
		return false
	}
	def := t.Generic()
	if !def.Lib {
		return false
	}
	for _, td := range b.decls[def] {
		if hasAttr(td.Attributes, "RuntimeEquality") {
			return false
		}
	}
	return true
}

// checkStructs reports what C# forbids in a struct declaration: protected
// and virtual members (CS0666, CS0106), a mutable field or auto-property
// in a readonly struct (CS8340, CS8341), field initializers without a
// declared constructor (CS8983) and a cycle of struct fields (CS0523).
func (b *binder) checkStructs() {
	for _, t := range b.types {
		if t.Kind != Struct || t.Lib {
			continue
		}
		for _, td := range b.decls[t] {
			if HasAttribute(td.Attributes, "InlineArray") {
				// C# 12's inline arrays need a struct whose one field
				// repeats in place, which the VM's structs cannot be.
				b.diags = append(b.diags, lang.Diagnostic{Pos: td.Pos, Msg: fmt.Sprintf("an inline array type ('%s', with [InlineArray]) is not supported", t.Name)})
			}
			for _, m := range td.Members {
				b.checkStructMember(t, m)
				if td.Modifiers.Has(lang.ModReadonly) {
					b.checkReadonlyStructMember(m)
				}
			}
		}
		b.checkStructInitializers(t)
		b.checkStructCycle(t)
	}
}

// checkRefStructFields reports a field of a ref struct type outside an
// instance field of a ref struct (CS8345): a class, a plain struct and a
// static field live on the heap, where a span's target could die first.
func (b *binder) checkRefStructFields() {
	for _, t := range b.types {
		if t.Lib || t.pending != nil {
			continue
		}
		for _, syms := range t.members {
			for _, s := range syms {
				f, ok := s.(*Field)
				if !ok || f.Decl == nil || f.Type == nil || !f.Type.IsRefStruct() {
					continue
				}
				if f.Static || !t.IsRefStruct() {
					b.errorf(f.Decl.Position(), "CS8345", "Field or auto-implemented property cannot be of type '%s' unless it is an instance member of a ref struct.", f.Type)
				}
			}
		}
	}
}

func (b *binder) checkStructMember(t *Type, m lang.Member) {
	var mods lang.Modifiers
	var pos lang.Pos
	var name string
	switch m := m.(type) {
	case *lang.FieldDecl:
		mods, pos = m.Modifiers, m.Pos
		if len(m.Decls) > 0 {
			name, pos = m.Decls[0].Name, m.Decls[0].Pos
		}
	case *lang.PropertyDecl:
		mods, pos, name = m.Modifiers, m.Pos, m.Name
	case *lang.MethodDecl:
		mods, pos, name = m.Modifiers, m.Pos, m.Name+"()"
	default:
		return
	}
	if mods.Has(lang.ModProtected) && !mods.Has(lang.ModOverride) {
		b.errorf(pos, "CS0666", "'%s.%s': new protected member declared in struct", t, name)
	}
	for _, bad := range []lang.Modifiers{lang.ModVirtual, lang.ModAbstract} {
		if mods.Has(bad) {
			b.errorf(pos, "CS0106", "The modifier '%s' is not valid for this item", modifierName(bad))
		}
	}
}

// checkReadonlyStructMember reports an instance field that is not readonly
// (CS8340) and an auto-property with a set accessor (CS8341) in a readonly
// struct: every instance of it is immutable.
func (b *binder) checkReadonlyStructMember(m lang.Member) {
	switch m := m.(type) {
	case *lang.FieldDecl:
		if m.Modifiers.Has(lang.ModStatic) || m.Modifiers.Has(lang.ModConst) || m.Modifiers.Has(lang.ModReadonly) || m.Event {
			return
		}
		for _, d := range m.Decls {
			b.errorf(d.Pos, "CS8340", "Instance fields of readonly structs must be readonly.")
		}
	case *lang.PropertyDecl:
		if m.Modifiers.Has(lang.ModStatic) || m.ExprBody != nil || m.IsIndexer() {
			return
		}
		auto, set := true, false
		for _, a := range m.Accessors {
			auto = auto && a.Body == nil && a.ExprBody == nil
			set = set || a.Kind == "set"
		}
		if auto && set {
			b.errorf(m.Pos, "CS8341", "Auto-implemented instance properties in readonly structs must be readonly.")
		}
	}
}

// checkStructInitializers reports a struct with instance field or
// auto-property initializers and no constructor declared (CS8983): only a
// declared constructor runs them, `new S()` without one is the zero value.
func (b *binder) checkStructInitializers(t *Type) {
	var init lang.Node
	for _, td := range b.decls[t] {
		if td.HasPrimary {
			return
		}
		for _, m := range td.Members {
			switch m := m.(type) {
			case *lang.CtorDecl:
				if !m.Modifiers.Has(lang.ModStatic) {
					return
				}
			case *lang.FieldDecl:
				if m.Modifiers.Has(lang.ModStatic) || m.Modifiers.Has(lang.ModConst) {
					continue
				}
				for _, d := range m.Decls {
					if d.Init != nil && init == nil {
						init = d
					}
				}
			case *lang.PropertyDecl:
				if !m.Modifiers.Has(lang.ModStatic) && m.Init != nil && init == nil {
					init = m
				}
			}
		}
	}
	if init != nil {
		b.errorf(t.Decl.Pos, "CS8983", "A 'struct' with field initializers must include an explicitly declared constructor.")
	}
}

func modifierName(m lang.Modifiers) string {
	if m == lang.ModVirtual {
		return "virtual"
	}
	return "abstract"
}

// checkStructCycle reports each instance field of struct t through whose
// type's fields t contains itself (§16.4.4: a struct cannot contain itself).
func (b *binder) checkStructCycle(t *Type) {
	for _, f := range structFields(t) {
		seen := map[*Type]bool{}
		if reaches(fieldStruct(f), t, seen) {
			b.errorf(f.Decl.Position(), "CS0523", "Struct member '%s.%s' of type '%s' causes a cycle in the struct layout", t, f.Name, f.Type)
		}
	}
}

// structFields returns the instance fields of struct t, in no particular order.
func structFields(t *Type) []*Field {
	var out []*Field
	for _, syms := range t.members {
		for _, s := range syms {
			if f, ok := s.(*Field); ok && !f.Static && !f.Const && f.Decl != nil {
				out = append(out, f)
			}
		}
	}
	return out
}

// fieldStruct is the struct a field of type f.Type lays out inline (its
// nullable form included), or nil.
func fieldStruct(f *Field) *Type {
	t := f.Type
	if t != nil && t.Kind == Nullable {
		t = t.Elem
	}
	if userStruct(t) && t.Def == nil {
		return t
	}
	return nil
}

func reaches(from, target *Type, seen map[*Type]bool) bool {
	if from == nil || seen[from] {
		return false
	}
	if from == target {
		return true
	}
	seen[from] = true
	for _, f := range structFields(from) {
		if reaches(fieldStruct(f), target, seen) {
			return true
		}
	}
	return false
}

// structTarget reports an assignment to a member of a struct that is not
// a variable: a call's or a property's value (CS1612), or a readonly field
// outside a constructor (CS1648). Writing it would change a copy.
func (b *binder) structTarget(left lang.Expr) {
	m, ok := left.(*lang.MemberExpr)
	if !ok || m.NullCond || !userStruct(b.info.Types[m.X]) {
		return
	}
	if what := b.notVariable(m.X); what != "" {
		b.errorf(posOf(m.X), "CS1612", "Cannot modify the return value of '%s' because it is not a variable", what)
		return
	}
	if f := b.readonlyField(m.X); f != nil {
		b.errorf(posOf(m.X), "CS1648", "Members of readonly field '%s.%s' cannot be modified (except in a constructor or a variable initializer)", f.Owner, f.Name)
	}
}

// notVariable describes e when it is a struct value that is not a
// variable (a call, a property, an indexer of a collection), else "".
func (b *binder) notVariable(e lang.Expr) string {
	if b.info.RefProp(e) != nil {
		return "" // a property returning by reference is a variable
	}
	switch x := e.(type) {
	case *lang.CallExpr:
		m := b.info.Calls[x]
		if m.RefKind() != "" {
			return ""
		}
		if m != nil {
			return m.Definition().Signature() // as Roslyn names the method: 'Program.Make()'
		}
		return lang.Print(x)
	case *lang.IndexExpr:
		p := b.info.IndexerOf(x)
		if p.RefKind() != "" {
			return ""
		}
		if t := b.info.Types[x.X]; t != nil && t.Kind != Array && !t.IsUnchecked() {
			var ps []string
			if p == nil {
				p = b.indexerProps[x]
			}
			if p != nil {
				for _, prm := range p.Params {
					ps = append(ps, prm.Type.String())
				}
			}
			return fmt.Sprintf("%s.this[%s]", t, strings.Join(ps, ", "))
		}
	case *lang.MemberExpr:
		if p := b.memberSym(x); p != nil {
			if prop, ok := p.(*Property); ok {
				return fmt.Sprintf("%s.%s", prop.Owner, prop.Name)
			}
		}
	case *lang.Ident:
		if _, local := b.scope.lookupVar(x.Name); !local {
			for _, s := range b.memberInScope(x.Name) {
				if prop, ok := s.(*Property); ok {
					return fmt.Sprintf("%s.%s", prop.Owner, prop.Name)
				}
			}
		}
	}
	return ""
}

// readonlyField returns the readonly field e names when the code being
// bound may not write it (outside a constructor of its class).
func (b *binder) readonlyField(e lang.Expr) *Field {
	var syms []Symbol
	switch x := e.(type) {
	case *lang.MemberExpr:
		if s := b.memberSym(x); s != nil {
			syms = []Symbol{s}
		}
	case *lang.Ident:
		if _, local := b.scope.lookupVar(x.Name); !local {
			syms = b.memberInScope(x.Name)
		}
	}
	for _, s := range syms {
		if f, ok := s.(*Field); ok && f.ReadOnly && !(b.fn != nil && b.fn.ctor && f.Owner == b.cls) {
			return f
		}
	}
	return nil
}

// memberSym is the field or property x names on its receiver's type.
func (b *binder) memberSym(x *lang.MemberExpr) Symbol {
	t := b.info.Types[x.X]
	if t == nil || t.IsUnchecked() {
		return nil
	}
	for _, s := range b.lookupVia(x.X, t, x.Name) {
		switch s.(type) {
		case *Field, *Property:
			return s
		}
	}
	return nil
}

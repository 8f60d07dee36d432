package bind

import (
	"fmt"
	"strings"

	"asyncvm/lang"
)

// MergePartialMembers drops the defining declarations of partial methods,
// properties, indexers (C# 13), events and constructors (C# 14) whose
// implementing declaration is in another part of the same partial type
// (or the same part): `partial int P { get; set; }` declares P, which
// `partial int P { get => ...; set => ...; }` implements. Only the
// implementing declaration is kept, so the defining one's accessors are
// not taken for an auto-property, its event for a field-like one, or the
// two methods or constructors for overloads. A partial method left
// without an implementation stays, bodiless: the binder checks that it
// may have none and leaves out its calls (partialOmitted).
//
// It reports the partial methods whose declarations do not pair up:
// two defining or two implementing declarations of one method (CS0756,
// CS0757), an implementation with no definition (CS0759).
func MergePartialMembers(files []*lang.File) lang.Diagnostics {
	parts, order := typeParts(files)
	var diags lang.Diagnostics
	for _, key := range order {
		diags = append(diags, mergePartials(parts[key])...)
	}
	return diags
}

// typeParts groups the declarations of each type of files, nested types
// included, by the type they declare (its namespace, outer types, name and
// arity): the parts of a partial type, or a type's one declaration. order
// lists the keys in the order of first declaration.
func typeParts(files []*lang.File) (parts map[string][]*lang.TypeDecl, order []string) {
	parts = map[string][]*lang.TypeDecl{}
	var visit func(t *lang.TypeDecl, outer string)
	visit = func(t *lang.TypeDecl, outer string) {
		key := outer + "." + t.Namespace + "." + t.Name + "`" + strings.Repeat(",", len(t.TypeParams))
		if _, ok := parts[key]; !ok {
			order = append(order, key)
		}
		parts[key] = append(parts[key], t)
		for _, m := range t.Members {
			if nt, ok := m.(*lang.TypeDecl); ok {
				visit(nt, key)
			}
		}
	}
	for _, f := range files {
		for _, t := range f.Types {
			visit(t, "")
		}
	}
	return parts, order
}

// mergePartials removes the defining partial members of the parts of one
// type that have an implementing declaration, and reports the partial
// methods whose declarations do not pair up.
func mergePartials(parts []*lang.TypeDecl) lang.Diagnostics {
	implemented := map[string]bool{}
	defined := map[string]bool{}
	var diags lang.Diagnostics
	report := func(m *lang.MethodDecl, code, format string, args ...any) {
		pos := m.NamePos
		if pos.Line == 0 {
			pos = m.Pos
		}
		diags = append(diags, lang.Diagnostic{Pos: pos, Msg: "error " + code + ": " + fmt.Sprintf(format, args...)})
	}
	for _, t := range parts {
		for _, m := range t.Members {
			k, impl := partialMember(m)
			if k == "" {
				continue
			}
			if md, ok := m.(*lang.MethodDecl); ok {
				switch {
				case impl && implemented[k]:
					report(md, "CS0757", "A partial method may not have multiple implementing declarations")
				case !impl && defined[k]:
					report(md, "CS0756", "A partial method may not have multiple defining declarations")
				}
			}
			if impl {
				implemented[k] = true
			} else {
				defined[k] = true
			}
		}
	}
	for _, t := range parts {
		for _, m := range t.Members {
			md, ok := m.(*lang.MethodDecl)
			if !ok {
				continue
			}
			k, impl := partialMember(m)
			if k == "" {
				continue
			}
			name := t.Name + "." + md.Name + typeParamDisplay(md.TypeParams) + paramDisplay(md.Params)
			const access = lang.ModPublic | lang.ModPrivate | lang.ModProtected | lang.ModInternal
			const extended = lang.ModVirtual | lang.ModOverride | lang.ModSealed | lang.ModNew | lang.ModExtern
			switch {
			case md.Modifiers&access != 0:
			case !voidRef(md.ReturnType):
				report(md, "CS8794", "Partial method '%s' must have accessibility modifiers because it has a non-void return type.", name)
			case md.Modifiers&extended != 0:
				report(md, "CS8796", "Partial method '%s' must have accessibility modifiers because it has a 'virtual', 'override', 'sealed', 'new', or 'extern' modifier.", name)
			case hasOut(md.Params):
				report(md, "CS8797", "Partial method '%s' must have accessibility modifiers because it has 'out' parameters.", name)
			}
			switch {
			case impl && !defined[k]:
				report(md, "CS0759", "No defining declaration found for implementing declaration of partial method '%s'", name)
			case !impl && !implemented[k] && md.Modifiers&access != 0 && generatedRegexAttr(md.Attributes) == nil:
				report(md, "CS8795", "Partial method '%s' must have an implementation part because it has accessibility modifiers.", name)
			}
		}
	}
	if len(implemented) == 0 {
		return diags
	}
	for _, t := range parts {
		kept := t.Members[:0:0]
		for _, m := range t.Members {
			if k, impl := partialMember(m); k != "" && !impl && implemented[k] {
				continue
			}
			kept = append(kept, m)
		}
		t.Members = kept
	}
	return diags
}

// partialMember returns the key of a partial method, property, indexer,
// event or constructor declaration m ("" for any other member) and whether it is
// the implementing declaration (with bodies) rather than the defining one.
func partialMember(m lang.Member) (key string, implementing bool) {
	switch m := m.(type) {
	case *lang.PropertyDecl:
		if !m.Modifiers.Has(lang.ModPartial) {
			return "", false
		}
		implementing = m.ExprBody != nil
		for _, a := range m.Accessors {
			implementing = implementing || a.Body != nil || a.ExprBody != nil
		}
		if m.IsIndexer() {
			return "member " + m.Name + paramKey(m.Params), implementing
		}
		return "member " + m.Name, implementing
	case *lang.FieldDecl:
		if !m.Modifiers.Has(lang.ModPartial) || !m.Event || len(m.Decls) != 1 {
			return "", false
		}
		return "member " + m.Decls[0].Name, false
	case *lang.CtorDecl:
		if !m.Modifiers.Has(lang.ModPartial) {
			return "", false
		}
		return "ctor" + paramKey(m.Params), m.Body != nil || m.ExprBody != nil
	case *lang.MethodDecl:
		if !m.Modifiers.Has(lang.ModPartial) || m.Iface != nil {
			return "", false
		}
		return fmt.Sprintf("method %s`%d%s", m.Name, len(m.TypeParams), paramKey(m.Params)), m.Body != nil || m.ExprBody != nil
	}
	return "", false
}

// paramKey spells parameter types for matching partial declarations.
func paramKey(ps []*lang.Param) string {
	var b strings.Builder
	b.WriteByte('(')
	for _, p := range ps {
		b.WriteString(p.Modifier + " " + p.Type.String() + ",")
	}
	b.WriteByte(')')
	return b.String()
}

// paramDisplay spells a parameter list as C# displays a method's
// signature in a diagnostic: `(int, out string)`.
func paramDisplay(ps []*lang.Param) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, p := range ps {
		if i > 0 {
			b.WriteString(", ")
		}
		if p.Modifier != "" {
			b.WriteString(p.Modifier + " ")
		}
		b.WriteString(p.Type.String())
	}
	b.WriteByte(')')
	return b.String()
}

// typeParamDisplay spells a generic method's type parameters: `<T, U>`.
func typeParamDisplay(tps []string) string {
	if len(tps) == 0 {
		return ""
	}
	return "<" + strings.Join(tps, ", ") + ">"
}

// voidRef reports whether a declared return type is void.
func voidRef(t *lang.TypeRef) bool {
	return t != nil && t.Name == "void" && t.ArrayRank == 0 && len(t.Args) == 0
}

// hasOut reports whether a parameter list has an out parameter.
func hasOut(ps []*lang.Param) bool {
	for _, p := range ps {
		if p.Modifier == "out" {
			return true
		}
	}
	return false
}

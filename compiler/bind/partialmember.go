package bind

import (
	"strings"

	"asyncvm/lang"
)

// MergePartialMembers drops the defining declarations of partial
// properties, indexers (C# 13), events and constructors (C# 14) whose
// implementing declaration is in another part of the same partial type
// (or the same part): `partial int P { get; set; }` declares P, which
// `partial int P { get => ...; set => ...; }` implements. Only the
// implementing declaration is kept, so the defining one's accessors are
// not taken for an auto-property, its event for a field-like one, or the
// two constructors for overloads.
func MergePartialMembers(files []*lang.File) {
	parts := map[string][]*lang.TypeDecl{}
	var order []string
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
	for _, key := range order {
		mergePartials(parts[key])
	}
}

// mergePartials removes the defining partial members of the parts of one
// type that have an implementing declaration.
func mergePartials(parts []*lang.TypeDecl) {
	implemented := map[string]bool{}
	for _, t := range parts {
		for _, m := range t.Members {
			if k, impl := partialMember(m); k != "" && impl {
				implemented[k] = true
			}
		}
	}
	if len(implemented) == 0 {
		return
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
}

// partialMember returns the key of a partial property, indexer, event or
// constructor declaration m ("" for any other member) and whether it is
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

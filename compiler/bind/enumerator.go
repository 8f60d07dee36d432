package bind

// StructEnumerator returns the type that the pattern-based GetEnumerator()
// of t, a type declared in source, returns when that is a struct declared
// in source, or nil. A foreach calls MoveNext on the enumerator variable
// itself (C# §13.9.5), so a lowering that keeps the enumerator in a
// variable of its own declares the variable with this type.
func (u *Universe) StructEnumerator(t *Type) *Type {
	if t == nil || t.IsUnchecked() || t.Lib {
		return nil
	}
	g := t.Generic()
	if g.Decl == nil {
		return nil
	}
	for _, s := range g.members["GetEnumerator"] {
		m, ok := s.(*Method)
		if !ok || m.Static || len(m.Params) != 0 || len(m.TypeParams) != 0 || m.Ret == nil {
			continue
		}
		ret := m.Ret
		if t.Def != nil && len(g.Params) == len(t.Args) {
			sub := map[*Type]*Type{}
			for i, p := range g.Params {
				sub[p] = t.Args[i]
			}
			ret = u.Subst(ret, sub)
		}
		if rg := ret.Generic(); rg.Kind == Struct && !rg.Lib && rg.Decl != nil {
			return ret
		}
		return nil
	}
	return nil
}

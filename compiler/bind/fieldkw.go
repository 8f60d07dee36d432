package bind

import "asyncvm/lang"

// ExpandFieldKeyword gives each property that uses C# 14's `field`
// keyword in an accessor, or that mixes an auto accessor with one that has
// a body (`get; set { ... }`), a private backing field, in place and
// before binding: `field` becomes a reference to it, an auto accessor reads
// or assigns it, and the property's initializer initializes it, as Roslyn
// synthesizes. A member the type declares with the name field is not told
// apart (the keyword wins, as in C# 14).
func ExpandFieldKeyword(files []*lang.File) {
	for _, f := range files {
		for _, t := range f.Types {
			expandFieldKeyword(t)
		}
	}
}

func expandFieldKeyword(t *lang.TypeDecl) {
	if t.Kind == lang.KindInterface {
		return
	}
	var added []lang.Member
	for _, m := range t.Members {
		switch m := m.(type) {
		case *lang.TypeDecl:
			expandFieldKeyword(m)
		case *lang.PropertyDecl:
			if fd := backingField(m); fd != nil {
				added = append(added, fd)
			}
		}
	}
	t.Members = append(t.Members, added...)
}

// backingField rewrites the property p that needs a synthesized backing
// field and returns the field's declaration; nil when p needs none.
func backingField(p *lang.PropertyDecl) *lang.FieldDecl {
	if p.Event || p.IsIndexer() || p.Modifiers.Has(lang.ModAbstract) || p.Modifiers.Has(lang.ModExtern) {
		return nil
	}
	auto, bodied, uses := false, false, false
	if p.ExprBody != nil {
		bodied, uses = true, usesField(p.ExprBody)
	}
	for _, a := range p.Accessors {
		if a.Body == nil && a.ExprBody == nil {
			auto = true
			continue
		}
		bodied = true
		if usesField(a.Body) || usesField(a.ExprBody) {
			uses = true
		}
	}
	if !uses && !(auto && bodied) {
		return nil
	}
	name := "<" + p.Name + ">k__BackingField"
	ref := func() lang.Expr { return &lang.Ident{Pos: p.Pos, Name: name} }
	renameField := func(n lang.Node) {
		lang.Inspect(n, func(n lang.Node) bool {
			if id, ok := n.(*lang.Ident); ok && id.Name == "field" && !id.Verbatim {
				id.Name = name
			}
			return true
		})
	}
	if p.ExprBody != nil {
		renameField(p.ExprBody)
	}
	for _, a := range p.Accessors {
		switch {
		case a.Body != nil:
			renameField(a.Body)
		case a.ExprBody != nil:
			renameField(a.ExprBody)
		case a.Kind == "get":
			a.ExprBody = ref()
		default: // set, init
			a.ExprBody = &lang.AssignExpr{Pos: a.Pos, Op: "=", Left: ref(), Right: &lang.Ident{Pos: a.Pos, Name: "value"}}
		}
	}
	mods := lang.ModPrivate
	if p.Modifiers.Has(lang.ModStatic) {
		mods |= lang.ModStatic
	}
	fd := &lang.FieldDecl{Pos: p.Pos, Modifiers: mods, Type: lang.Copy(p.Type, nil),
		Decls: []*lang.Declarator{{Pos: p.Pos, Name: name, Init: p.Init}}}
	p.Init = nil
	return fd
}

// usesField reports whether the accessor code n names `field`.
func usesField(n lang.Node) bool {
	found := false
	lang.Inspect(n, func(n lang.Node) bool {
		if id, ok := n.(*lang.Ident); ok && id.Name == "field" && !id.Verbatim {
			found = true
		}
		return !found
	})
	return found
}

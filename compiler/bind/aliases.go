package bind

import (
	"sort"
	"strings"

	"asyncvm/lang"
)

// ExpandAliases replaces the uses of each file's using aliases
// (`using Day = System.DayOfWeek;`, `using Point = (int X, int Y);`) by
// their target types, in place and before binding: a type written with
// the alias becomes the target type, and an alias that is the receiver of
// a member access (`Day.Friday`, `Coll.List<int>`) or a constant pattern
// becomes the target's name as an expression. An alias at the top of a
// file scopes over the file, one inside a namespace declaration over the
// types of that namespace (an inner alias hiding an outer one); an alias
// a local variable of the same name hides is not told apart (the alias
// wins).
func ExpandAliases(files []*lang.File) {
	for _, f := range files {
		aliases := map[string]*lang.TypeRef{}
		scoped := false
		for _, u := range f.Usings {
			if u.Alias != "" && u.Target != nil && !u.IsStatic {
				if u.Scope != "" {
					scoped = true
					continue
				}
				aliases[u.Alias] = u.Target
			}
		}
		if !scoped {
			if len(aliases) > 0 {
				expandIn(f, aliases)
			}
			continue
		}
		for _, s := range f.Stmts {
			expandIn(s, aliases)
		}
		for _, td := range f.Types {
			in := aliasesIn(f, aliases, td.Namespace)
			if len(in) > 0 {
				expandIn(td, in)
			}
		}
	}
}

// aliasesIn is the file's aliases in scope in namespace ns: those at the
// top of the file, then those of the namespace declarations around ns,
// outermost first.
func aliasesIn(f *lang.File, top map[string]*lang.TypeRef, ns string) map[string]*lang.TypeRef {
	var scoped []*lang.UsingDirective
	for _, u := range f.Usings {
		if u.Alias != "" && u.Target != nil && !u.IsStatic && u.Scope != "" && u.AppliesIn(ns) {
			scoped = append(scoped, u)
		}
	}
	if len(scoped) == 0 {
		return top
	}
	sort.SliceStable(scoped, func(i, j int) bool { return len(scoped[i].Scope) < len(scoped[j].Scope) })
	out := make(map[string]*lang.TypeRef, len(top)+len(scoped))
	for k, v := range top {
		out[k] = v
	}
	for _, u := range scoped {
		out[u.Alias] = u.Target
	}
	return out
}

func expandIn(n lang.Node, aliases map[string]*lang.TypeRef) {
	lang.Inspect(n, func(n lang.Node) bool {
		switch n := n.(type) {
		case *lang.TypeRef:
			expandTypeRef(n, aliases)
		case *lang.MemberExpr:
			n.X = expandReceiver(n.X, aliases)
		case *lang.ConstPattern:
			n.X = expandReceiver(n.X, aliases)
		}
		return true
	})
}

// expandTypeRef rewrites t when it names an alias or a type in an
// aliased namespace (`Coll.List<int>` with `using Coll = System.Collections.Generic;`).
func expandTypeRef(t *lang.TypeRef, aliases map[string]*lang.TypeRef) {
	if t.Name == "" || t.Tuple {
		return
	}
	if target, ok := aliases[t.Name]; ok && len(t.Args) == 0 && t.Outer == nil {
		c := lang.Copy(target, nil)
		c.Pos = t.Pos
		c.Nullable = c.Nullable || t.Nullable
		*t = *c
		return
	}
	head, rest, dotted := strings.Cut(t.Name, ".")
	if target, ok := aliases[head]; ok && dotted && plainName(target) {
		t.Name = target.Name + "." + rest
	}
}

// expandReceiver is x, or the target of the alias x names as an
// expression (nested member accesses, type arguments on the last one).
func expandReceiver(x lang.Expr, aliases map[string]*lang.TypeRef) lang.Expr {
	id, ok := x.(*lang.Ident)
	if !ok || len(id.TypeArgs) > 0 {
		return x
	}
	target, ok := aliases[id.Name]
	if !ok || target.Name == "" || target.Tuple || target.Nullable || target.Outer != nil {
		return x
	}
	parts := strings.Split(target.Name, ".")
	var e lang.Expr = &lang.Ident{Pos: id.Pos, Name: parts[0]}
	for _, p := range parts[1:] {
		e = &lang.MemberExpr{Pos: id.Pos, X: e, Name: p}
	}
	if len(target.Args) > 0 {
		args := lang.Copy(target.Args, nil)
		switch e := e.(type) {
		case *lang.Ident:
			e.TypeArgs = args
		case *lang.MemberExpr:
			e.TypeArgs = args
		}
	}
	return e
}

// plainName reports whether t is a dotted name without type arguments,
// which a namespace alias is.
func plainName(t *lang.TypeRef) bool {
	return t.Name != "" && len(t.Args) == 0 && !t.Tuple && !t.Nullable && t.ArrayRank == 0 && t.Outer == nil
}

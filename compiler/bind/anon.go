package bind

import (
	"fmt"
	"strings"

	"asyncvm/lang"
)

// Anonymous types (C# §12.8.17.7). As Roslyn does, the program gets one
// generic class per distinct sequence of member names, in the order its
// anonymous object creations first appear: `new { A = 1, B = "x" }` is an
// instance of `<>f__AnonymousType0<int, string>`, a sealed class with a
// type parameter per member (`<A>j__TPar`), read-only properties, a
// constructor taking the values in order, and Equals, GetHashCode and
// ToString by value. So two creations with the same names and member
// types have one type, and type inference, generic methods and run-time
// type tests treat them as any constructed class. AnonymousTypes writes
// these classes as C# and parses them before binding; the binder
// recognises them by name (anonymousPrefix) and binds each creation to a
// constructor call of the class constructed with the members' types.

const anonymousPrefix = "<>f__AnonymousType"

// IsAnonymous reports whether t is an anonymous type (or its definition).
func (t *Type) IsAnonymous() bool {
	if t.Def != nil {
		t = t.Def
	}
	return t.Kind == Class && strings.HasPrefix(t.Name, anonymousPrefix)
}

// anonymousKey is the member names of an anonymous object creation, or ""
// when one is missing or repeated (CS0746, CS0833: no type is made).
func anonymousKey(e *lang.AnonObjectExpr) (string, bool) {
	seen := map[string]bool{}
	var names []string
	for _, m := range e.Members {
		if m.Name == "" || seen[m.Name] {
			return "", false
		}
		seen[m.Name] = true
		names = append(names, m.Name)
	}
	return strings.Join(names, ","), true
}

// AnonymousTypes returns a file declaring the anonymous types of files, or
// nil when they create none.
func AnonymousTypes(files []*lang.File) *lang.File {
	index := map[string]int{}
	var keys []string
	for _, f := range files {
		lang.Inspect(f, func(n lang.Node) bool {
			if e, ok := n.(*lang.AnonObjectExpr); ok {
				if key, ok := anonymousKey(e); ok {
					if _, seen := index[key]; !seen {
						index[key] = len(keys)
						keys = append(keys, key)
					}
				}
			}
			return true
		})
	}
	if len(keys) == 0 {
		return nil
	}
	var src strings.Builder
	for i, key := range keys {
		var names []string
		if key != "" {
			names = strings.Split(key, ",")
		}
		writeAnonymousClass(&src, i, names)
	}
	f, diags := lang.Parse("<anonymous types>", []byte(src.String()))
	if len(diags) > 0 {
		panic(fmt.Sprintf("anonymous types: %v\n%s", diags, src.String()))
	}
	for i, td := range f.Types {
		types, members := map[string]string{}, map[string]string{}
		for j, p := range td.TypeParams {
			name := strings.Split(keys[i], ",")[j]
			types[p] = "<" + name + ">j__TPar"
			members[fmt.Sprintf("M__%d", j)] = name
			td.TypeParams[j] = types[p]
		}
		types[td.Name] = fmt.Sprintf("%s%d", anonymousPrefix, i)
		td.Name = types[td.Name]
		rename := func(s *string, names map[string]string) {
			if r, ok := names[*s]; ok {
				*s = r
			}
		}
		lang.Inspect(td, func(n lang.Node) bool {
			switch n := n.(type) {
			case *lang.TypeRef:
				rename(&n.Name, types)
			case *lang.CtorDecl:
				n.Name = td.Name
			case *lang.PropertyDecl:
				rename(&n.Name, members)
			case *lang.Param:
				rename(&n.Name, members)
			case *lang.Ident:
				rename(&n.Name, members)
			case *lang.MemberExpr:
				rename(&n.Name, members)
			}
			return true
		})
	}
	return f
}

// writeAnonymousClass writes the class of anonymous type number i with the
// given member names, with placeholder names for itself (__AnonymousTypeN)
// and its type parameters (T__N) that AnonymousTypes replaces by Roslyn's.
func writeAnonymousClass(w *strings.Builder, i int, names []string) {
	cls := fmt.Sprintf("__AnonymousType%d", i)
	var tps []string
	for j := range names {
		tps = append(tps, fmt.Sprintf("T__%d", j))
	}
	self := cls
	if len(tps) > 0 {
		self += "<" + strings.Join(tps, ", ") + ">"
	}
	fmt.Fprintf(w, "internal sealed class %s\n{\n", self)
	// The members are written M__N and renamed once parsed: a transparent
	// identifier's name is not a C# identifier.
	shown := names
	names = make([]string, len(shown))
	for j := range names {
		names[j] = fmt.Sprintf("M__%d", j)
	}
	for j, n := range names {
		fmt.Fprintf(w, "    public %s %s { get; }\n", tps[j], n)
	}
	var params, assigns, equals, hashes, text []string
	for j, n := range names {
		params = append(params, tps[j]+" "+n)
		assigns = append(assigns, fmt.Sprintf("this.%s = %s;", n, n))
		equals = append(equals, fmt.Sprintf(" && object.Equals(this.%s, other.%s)", n, n))
		hashes = append(hashes, fmt.Sprintf("        h = h * -1521134295 + (this.%s is object o%d ? o%d.GetHashCode() : 0);\n", n, j, j))
		sep := ", "
		if j == 0 {
			sep = " "
		}
		text = append(text, fmt.Sprintf("%q + this.%s", sep+shown[j]+" = ", n))
	}
	fmt.Fprintf(w, "    public %s(%s) { %s }\n", cls, strings.Join(params, ", "), strings.Join(assigns, " "))
	fmt.Fprintf(w, "    public override bool Equals(object value) => value is %s other%s;\n", self, strings.Join(equals, ""))
	fmt.Fprintf(w, "    public override int GetHashCode()\n    {\n        int h = %d;\n%s        return h;\n    }\n", anonymousHashSeed(shown), strings.Join(hashes, ""))
	if len(names) == 0 {
		fmt.Fprintf(w, "    public override string ToString() => \"{ }\";\n")
	} else {
		fmt.Fprintf(w, "    public override string ToString() => \"{\" + %s + \" }\";\n", strings.Join(text, " + "))
	}
	w.WriteString("}\n")
}

// anonymousHashSeed is a seed derived from the member names, as Roslyn
// derives one, so types with the same values but different names hash
// apart.
func anonymousHashSeed(names []string) int32 {
	h := uint32(2166136261)
	for _, n := range names {
		for _, c := range []byte(n + ",") {
			h = (h ^ uint32(c)) * 16777619
		}
	}
	return int32(h)
}

// anonymousObject binds `new { ... }`: each member's value, then the
// constructor of the anonymous type constructed with their types.
func (b *binder) anonymousObject(e *lang.AnonObjectExpr) *Type {
	seen := map[string]bool{}
	var types []*Type
	ok := true
	for _, m := range e.Members {
		t := b.expr(m.X)
		types = append(types, t)
		switch {
		case m.Name == "":
			b.errorf(m.X.Position(), "CS0746", "Invalid anonymous type member declarator. Anonymous type members must be declared with a member assignment, simple name or member access.")
			ok = false
		case seen[m.Name]:
			b.errorf(m.Pos, "CS0833", "An anonymous type cannot have multiple properties with the same name")
			ok = false
		}
		seen[m.Name] = true
		switch {
		case t == nil:
		case t.Kind == Null || t.Kind == Lambda || t.Kind == Group || t.Kind == Default || t.Kind == Special && t.Special == Void:
			if e.Transparent {
				b.errorf(m.X.Position(), "CS1932", "Cannot assign '%s' to a range variable", t)
			} else {
				b.errorf(m.X.Position(), "CS0828", "Cannot assign '%s' to anonymous type property", t)
			}
			ok = false
		}
	}
	if !ok {
		return b.u.unchecked
	}
	key, _ := anonymousKey(e)
	def := b.anonymous[key]
	if def == nil {
		return b.u.unchecked
	}
	for i, t := range types {
		if t == nil || t.Kind == Unchecked || t.Kind == Opaque {
			types[i] = b.u.special[Object]
		}
	}
	t := b.u.Construct(def, types)
	if ctors := methods(b.u.declared(t, ".ctor")); len(ctors) == 1 {
		b.info.Calls[e] = ctors[0]
		for i, m := range e.Members {
			if i < len(ctors[0].Params) {
				b.noteConversion(m.X, ctors[0].Params[i].Type)
			}
		}
	}
	return t
}

// anonymousDeclKey is the member names of an anonymous type's class.
func anonymousDeclKey(td *lang.TypeDecl) string {
	var names []string
	for _, m := range td.Members {
		if p, ok := m.(*lang.PropertyDecl); ok {
			names = append(names, p.Name)
		}
	}
	return strings.Join(names, ",")
}

// anonymousString is how C# displays an anonymous type in a diagnostic:
// `<anonymous type: int A, string Name>`.
func anonymousString(t *Type) string {
	def := t
	if t.Def != nil {
		def = t.Def
	}
	var b strings.Builder
	b.WriteString("<anonymous type:")
	if def.Decl != nil {
		i := 0
		for _, m := range def.Decl.Members {
			p, ok := m.(*lang.PropertyDecl)
			if !ok {
				continue
			}
			if i > 0 {
				b.WriteByte(',')
			}
			arg := "?"
			if i < len(t.Args) {
				arg = t.Args[i].String()
			} else if i < len(def.Params) {
				arg = def.Params[i].String()
			}
			b.WriteString(" " + arg + " " + p.Name)
			i++
		}
	}
	b.WriteByte('>')
	return b.String()
}

// readOnlyAnonymous reports CS0200 for an assignment to a member of an
// anonymous type: its properties have no setter.
func (b *binder) readOnlyAnonymous(left lang.Expr) {
	m, ok := left.(*lang.MemberExpr)
	if !ok {
		return
	}
	if _, self := m.X.(*lang.ThisExpr); self {
		return // the type's own constructor
	}
	if t := b.info.Types[m.X]; t != nil && t.IsAnonymous() {
		b.errorf(m.Pos, "CS0200", "Property or indexer '%s.%s' cannot be assigned to -- it is read only", t, m.Name)
	}
}

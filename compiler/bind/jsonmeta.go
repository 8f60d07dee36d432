package bind

import (
	"fmt"
	"reflect"
	"strings"

	"asyncvm/lang"
)

// System.Text.Json's serializer needs each program type's members, which
// .NET reads by reflection and its source generator writes out as code.
// asyncvm does the latter: for a program that uses System.Text.Json,
// JsonMetadata gives each class, struct and record one more static method,
// written as C# and parsed,
//
//	static object <JsonMeta>$(int op, int i, object o, object v, JsonMetaSink s)
//
// that describes the type's properties and fields in declaration order
// (op 0: names, types, the [JsonPropertyName], [JsonIgnore],
// [JsonPropertyOrder], [JsonInclude] and [JsonConverter] attributes), reads
// member i of o (op 1), sets it (op 2) and calls the constructor
// deserialization uses (op 3). The prelude's serializer calls it through
// Internal.VM.JsonMeta. Being the type's own member, it reaches private
// nested types and init-only properties (the binder lets it assign them,
// as .NET's reflection does).

// JsonMetaMethod is the generated method's name; C# cannot name it.
const JsonMetaMethod = "<JsonMeta>$"

const (
	jsonMetaPlaceholder = "__JsonMeta__"
	jsonSelfPlaceholder = "__JsonSelf__"
)

// usesJSON reports whether files name System.Text.Json.
func usesJSON(files []*lang.File) bool {
	found := false
	for _, f := range files {
		lang.Inspect(f, func(n lang.Node) bool {
			switch n := n.(type) {
			case *lang.UsingDirective:
				if strings.HasPrefix(n.Name, "System.Text.Json") {
					found = true
				}
			case *lang.TypeRef:
				if strings.HasPrefix(n.Name, "System.Text.Json") {
					found = true
				}
			case *lang.MemberExpr:
				if n.Name == "Json" {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// JsonMetadata adds the generated method to every class, struct and
// record of files when they use System.Text.Json.
func JsonMetadata(files []*lang.File) {
	if !usesJSON(files) {
		return
	}
	parts, _ := typeParts(files)
	g := &jsonGen{partOf: map[*lang.TypeDecl][]*lang.TypeDecl{}}
	for _, ps := range parts {
		for _, td := range ps {
			g.partOf[td] = ps
		}
	}
	for _, f := range files {
		for _, td := range f.Types {
			g.jsonMetaType(td)
		}
	}
}

// jsonGen holds the parts of each partial type: the first part gets the
// method, describing the members of all of them.
type jsonGen struct {
	partOf map[*lang.TypeDecl][]*lang.TypeDecl
}

type jsonMember struct {
	name, typ        string
	jsonName, order  string
	ignore           string
	flags            int
	readable, setter bool
	// hint is the collection class reading makes for a member of a
	// collection interface type, whose type arguments typeof does not
	// keep at run time (List<T> for IEnumerable<T>).
	hint string
}

// jsonHint is the class made for a collection interface type tr.
func jsonHint(tr *lang.TypeRef, td *lang.TypeDecl, ph map[string]string) string {
	if tr == nil || tr.ArrayRank > 0 {
		return ""
	}
	name := tr.Name
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	var args []string
	for _, a := range tr.Args {
		args = append(args, typeText(a, td, ph))
	}
	switch {
	case len(args) == 1 && (name == "IEnumerable" || name == "ICollection" || name == "IList" || name == "IReadOnlyList" || name == "IReadOnlyCollection"):
		return "System.Collections.Generic.List<" + args[0] + ">"
	case len(args) == 1 && name == "ISet":
		return "System.Collections.Generic.HashSet<" + args[0] + ">"
	case len(args) == 2 && (name == "IDictionary" || name == "IReadOnlyDictionary"):
		return "System.Collections.Generic.Dictionary<" + args[0] + ", " + args[1] + ">"
	}
	return ""
}

func jsonAttr(as []*lang.Attribute, name string) *lang.Attribute {
	for _, a := range as {
		n := a.Name
		if i := strings.LastIndexByte(n, '.'); i >= 0 {
			n = n[i+1:]
		}
		n = strings.TrimSuffix(n, "Attribute")
		if n == name {
			return a
		}
	}
	return nil
}

// jsonAttrs reads a member's attributes into m.
func jsonAttrs(m *jsonMember, as []*lang.Attribute) {
	m.jsonName, m.order, m.ignore = "null", "0", "-1"
	if a := jsonAttr(as, "JsonPropertyName"); a != nil && len(a.Args) == 1 {
		m.jsonName = lang.Print(a.Args[0].X)
	}
	if a := jsonAttr(as, "JsonPropertyOrder"); a != nil && len(a.Args) == 1 {
		m.order = lang.Print(a.Args[0].X)
	}
	if a := jsonAttr(as, "JsonIgnore"); a != nil {
		m.ignore = "1"
		for _, arg := range a.Args {
			if arg.Name == "Condition" {
				m.ignore = "(int)(" + lang.Print(arg.X) + ")"
			}
		}
	}
	if jsonAttr(as, "JsonInclude") != nil {
		m.flags |= 8
	}
	if a := jsonAttr(as, "JsonConverter"); a != nil && len(a.Args) == 1 && strings.Contains(lang.Print(a.Args[0].X), "JsonStringEnumConverter") {
		m.flags |= 16
	}
	if jsonAttr(as, "JsonRequired") != nil {
		m.flags |= 32
	}
}

// typeText spells a member's type for the generated code: a type
// parameter's `T?` (unconstrained: T itself) as T, an anonymous type's
// parameters by their placeholders.
func typeText(tr *lang.TypeRef, td *lang.TypeDecl, ph map[string]string) string {
	if tr.Nullable && tr.ArrayRank == 0 && len(tr.Args) == 0 {
		for _, tp := range td.TypeParams {
			if tr.Name == tp {
				return typeText(&lang.TypeRef{Name: tr.Name}, td, ph)
			}
		}
	}
	s := tr.String()
	for from, to := range ph {
		s = strings.ReplaceAll(s, from, to)
	}
	return s
}

func (g *jsonGen) jsonMetaType(td *lang.TypeDecl) {
	for _, m := range td.Members {
		if n, ok := m.(*lang.TypeDecl); ok {
			g.jsonMetaType(n)
		}
	}
	members := td.Members
	if ps := g.partOf[td]; len(ps) > 0 {
		if ps[0] != td {
			return
		}
		members = nil
		for _, p := range ps {
			members = append(members, p.Members...)
		}
	}
	anon := strings.HasPrefix(td.Name, "<>f__AnonymousType")
	if td.Kind != lang.KindClass && td.Kind != lang.KindStruct || td.Modifiers.Has(lang.ModStatic) || td.Modifiers.Has(lang.ModRef) || strings.HasPrefix(td.Name, "<") && !anon {
		return
	}
	for _, m := range members {
		if md, ok := m.(*lang.MethodDecl); ok && md.Name == JsonMetaMethod {
			return // generated already (a tree bound twice)
		}
	}
	// The type is named by a placeholder, its name put in once parsed:
	// an anonymous type's is not a C# identifier; nor are its type
	// parameters ("<Name>j__TPar").
	ph := map[string]string{}
	names := map[string]string{jsonSelfPlaceholder: td.Name}
	var tps []string
	for j, tp := range td.TypeParams {
		if anon {
			p := fmt.Sprintf("__JsonT%d__", j)
			ph[tp] = p
			names[p] = tp
			tp = p
		}
		tps = append(tps, tp)
	}
	self := jsonSelfPlaceholder
	if len(tps) > 0 {
		self += "<" + strings.Join(tps, ", ") + ">"
	}
	var ms []jsonMember
	declared := map[string]bool{}
	for _, m := range members {
		if p, ok := m.(*lang.PropertyDecl); ok {
			declared[p.Name] = true
		}
	}
	if td.Record {
		for _, p := range td.PrimaryParams {
			if declared[p.Name] || p.Type == nil {
				continue
			}
			m := jsonMember{name: p.Name, typ: typeText(p.Type, td, ph), readable: true, setter: true, hint: jsonHint(p.Type, td, ph)}
			jsonAttrs(&m, p.Attributes)
			m.flags |= 1 | 2 | 64
			ms = append(ms, m)
		}
	}
	for _, mem := range members {
		switch d := mem.(type) {
		case *lang.PropertyDecl:
			if d.Event || d.IsIndexer() || d.Iface != nil || d.Modifiers.Has(lang.ModStatic) || d.Type == nil || d.RefKind != "" || strings.HasSuffix(d.Type.Name, "Span") {
				continue
			}
			m := jsonMember{name: d.Name, typ: typeText(d.Type, td, ph), hint: jsonHint(d.Type, td, ph)}
			jsonAttrs(&m, d.Attributes)
			public := d.Modifiers.Has(lang.ModPublic) || anon
			include := m.flags&8 != 0
			if d.ExprBody != nil {
				m.readable = true
			}
			for _, a := range d.Accessors {
				open := !a.Modifiers.Has(lang.ModPrivate) && !a.Modifiers.Has(lang.ModProtected) && !a.Modifiers.Has(lang.ModInternal)
				switch a.Kind {
				case "get":
					m.readable = open || include
				case "set", "init":
					m.setter = open || include
				}
			}
			if m.readable {
				m.flags |= 1
			}
			if m.setter {
				m.flags |= 2
			}
			if public {
				m.flags |= 64
			}
			if d.Modifiers.Has(lang.ModRequired) {
				m.flags |= 32
			}
			ms = append(ms, m)
		case *lang.FieldDecl:
			if d.Event || d.Modifiers.Has(lang.ModStatic) || d.Modifiers.Has(lang.ModConst) {
				continue
			}
			for _, dc := range d.Decls {
				m := jsonMember{name: dc.Name, typ: typeText(d.Type, td, ph), hint: jsonHint(d.Type, td, ph), readable: true, setter: !d.Modifiers.Has(lang.ModReadonly)}
				jsonAttrs(&m, d.Attributes)
				m.flags |= 1 | 4
				if m.setter {
					m.flags |= 2
				}
				if d.Modifiers.Has(lang.ModPublic) {
					m.flags |= 64
				}
				if d.Modifiers.Has(lang.ModRequired) {
					m.flags |= 32
				}
				ms = append(ms, m)
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "class __J\n{\nstatic object %s(int op, int i, object o, object v, System.Text.Json.Serialization.Metadata.JsonMetaSink s)\n{\nswitch (op)\n{\ncase 0:\n", jsonMetaPlaceholder)
	for _, m := range ms {
		fmt.Fprintf(&b, "s.Prop<%s>(%q, %s, %s, %s, %d);\n", m.typ, m.name, m.jsonName, m.ignore, m.order, m.flags)
		if m.hint != "" {
			fmt.Fprintf(&b, "s.Hint<%s>();\n", m.hint)
		}
	}
	ctor, ok := jsonCtor(td, members)
	if ok {
		var names, types []string
		for _, p := range ctor {
			names = append(names, fmt.Sprintf("%q", p.Name))
			types = append(types, "typeof("+jsonTypeofText(p.Type, td, ph)+")")
		}
		fmt.Fprintf(&b, "s.Ctor(new string[] { %s }, new System.Type[] { %s });\n", strings.Join(names, ", "), strings.Join(types, ", "))
	}
	b.WriteString("return s;\ncase 1:\nswitch (i)\n{\n")
	for k, m := range ms {
		if m.readable {
			fmt.Fprintf(&b, "case %d: return ((%s)o).%s;\n", k, self, m.name)
		}
	}
	b.WriteString("}\nreturn null;\ncase 2:\nswitch (i)\n{\n")
	for k, m := range ms {
		if m.setter {
			fmt.Fprintf(&b, "case %d: { %s t = (%s)o; t.%s = (%s)v; return t; }\n", k, self, self, m.name, m.typ)
		}
	}
	b.WriteString("}\nreturn o;\n")
	if ok {
		var args []string
		for k, p := range ctor {
			args = append(args, fmt.Sprintf("(%s)a[%d]", typeText(p.Type, td, ph), k))
		}
		fmt.Fprintf(&b, "case 3:\n{\nobject[] a = (object[])v;\nreturn new %s(%s);\n}\n", self, strings.Join(args, ", "))
	}
	b.WriteString("}\nreturn null;\n}\n}\n")
	f, diags := lang.Parse("<json metadata>", []byte(b.String()))
	if len(diags) > 0 || len(f.Types) != 1 || len(f.Types[0].Members) != 1 {
		return // a member type the generated text cannot spell: no metadata
	}
	md := f.Types[0].Members[0].(*lang.MethodDecl)
	md.Name = JsonMetaMethod
	lang.Inspect(md, func(n lang.Node) bool {
		if tr, ok := n.(*lang.TypeRef); ok && names[tr.Name] != "" {
			tr.Name = names[tr.Name]
		}
		return true
	})
	md.Modifiers |= lang.ModStatic
	retargetJSON(md, td.Pos)
	td.Members = append(td.Members, md)
}

// jsonTypeofText is a type as typeof accepts it: without a nullable
// reference type's annotation, which typeof rejects, kept for a value type
// (int?), which the text cannot tell apart: those are the usual ones.
func jsonTypeofText(t *lang.TypeRef, td *lang.TypeDecl, ph map[string]string) string {
	if t.Nullable && t.ArrayRank == 0 && len(t.Args) == 0 {
		switch t.Name {
		case "string", "object", "String", "Object":
			return t.Name
		}
	}
	return typeText(t, td, ph)
}

// jsonCtor picks the constructor deserialization calls, as .NET does: the
// one marked [JsonConstructor], else a public parameterless one (a class
// without constructors has one), else the single public one (a record's
// primary constructor); none for an abstract class.
func jsonCtor(td *lang.TypeDecl, members []lang.Member) ([]*lang.Param, bool) {
	if td.Modifiers.Has(lang.ModAbstract) {
		return nil, false
	}
	var public [][]*lang.Param
	hasParameterless := td.Kind == lang.KindStruct
	ctors := 0
	if td.HasPrimary {
		ctors++
		public = append(public, td.PrimaryParams)
		if len(td.PrimaryParams) == 0 {
			hasParameterless = true
		}
	}
	for _, m := range members {
		c, ok := m.(*lang.CtorDecl)
		if !ok || c.Modifiers.Has(lang.ModStatic) {
			continue
		}
		ctors++
		for _, p := range c.Params {
			if p.Modifier != "" && p.Modifier != "in" {
				return nil, false
			}
		}
		if jsonAttr(c.Attributes, "JsonConstructor") != nil {
			return c.Params, true
		}
		if c.Modifiers.Has(lang.ModPublic) {
			if len(c.Params) == 0 {
				hasParameterless = true
			}
			public = append(public, c.Params)
		}
	}
	if ctors == 0 && td.Kind == lang.KindClass || hasParameterless && (td.Kind == lang.KindClass || len(public) != 1) {
		return nil, true
	}
	if len(public) == 1 {
		for _, p := range public[0] {
			if p.Type == nil {
				return nil, false
			}
		}
		return public[0], true
	}
	return nil, false
}

// retargetJSON puts the generated method at its type's position: a
// diagnostic in it (there should be none) points at the type.
func retargetJSON(md *lang.MethodDecl, at lang.Pos) {
	retarget(reflect.ValueOf(md), func(lang.Pos) lang.Pos { return at })
}

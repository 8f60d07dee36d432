package bind

import (
	"fmt"
	"reflect"
	"strings"

	"asyncvm/lang"
)

// GeneratedRegexFile names the snippets GeneratedRegexes parses; their
// positions are then moved to the member each one implements.
const GeneratedRegexFile = "<generated regex>"

// GeneratedRegexes implements each static partial method or property
// marked [GeneratedRegex] that has no implementation part, as .NET's
// regex source generator does: the member returns one Regex, built on
// first use from the attribute's pattern, options and timeout (in
// milliseconds) and kept in a static field added to the type. It runs
// before binding, so the binder sees ordinary members.
func GeneratedRegexes(files []*lang.File) {
	for _, f := range files {
		for _, td := range f.Types {
			generatedRegexes(td)
		}
	}
}

func generatedRegexes(td *lang.TypeDecl) {
	var added []lang.Member
	for _, m := range td.Members {
		switch m := m.(type) {
		case *lang.TypeDecl:
			generatedRegexes(m)
		case *lang.MethodDecl:
			a := generatedRegexAttr(m.Attributes)
			if a == nil || !m.Modifiers.Has(lang.ModPartial) || !m.Modifiers.Has(lang.ModStatic) ||
				m.Body != nil || m.ExprBody != nil || len(m.Params) > 0 || implemented(td, m.Name) {
				continue
			}
			field, body := generatedRegex(td, m.Name, a, m.Pos)
			m.ExprBody = body
			added = append(added, field)
		case *lang.PropertyDecl:
			a := generatedRegexAttr(m.Attributes)
			if a == nil || !m.Modifiers.Has(lang.ModPartial) || !m.Modifiers.Has(lang.ModStatic) ||
				m.ExprBody != nil || len(m.Accessors) != 1 || m.Accessors[0].Body != nil || m.Accessors[0].ExprBody != nil ||
				implemented(td, m.Name) {
				continue
			}
			field, body := generatedRegex(td, m.Name, a, m.Pos)
			m.ExprBody = body
			m.Accessors = nil
			added = append(added, field)
		}
	}
	td.Members = append(td.Members, added...)
}

// implemented reports whether td has a partial member named name with a
// body: the program implements the member itself.
func implemented(td *lang.TypeDecl, name string) bool {
	for _, m := range td.Members {
		switch m := m.(type) {
		case *lang.MethodDecl:
			if m.Name == name && (m.Body != nil || m.ExprBody != nil) {
				return true
			}
		case *lang.PropertyDecl:
			if m.Name == name && (m.ExprBody != nil || len(m.Accessors) > 0 && (m.Accessors[0].Body != nil || m.Accessors[0].ExprBody != nil)) {
				return true
			}
		}
	}
	return false
}

// generatedRegexAttr returns the [GeneratedRegex] attribute among attrs
// that has a pattern argument, or nil.
func generatedRegexAttr(attrs []*lang.Attribute) *lang.Attribute {
	for _, a := range attrs {
		if len(a.Args) == 0 || a.Args[0].Name != "" {
			continue
		}
		n := a.Name
		if i := strings.LastIndex(n, "."); i >= 0 {
			n = n[i+1:]
		}
		if n == "GeneratedRegex" || n == "GeneratedRegexAttribute" {
			return a
		}
	}
	return nil
}

// generatedRegex returns the cache field and the member's expression body
// for attribute a: GeneratedRegex(pattern[, options[, timeout]][,
// cultureName]); a culture name changes nothing (the engine's case
// folding is culture-invariant).
func generatedRegex(td *lang.TypeDecl, member string, a *lang.Attribute, pos lang.Pos) (lang.Member, lang.Expr) {
	var args []lang.Expr
	for _, arg := range a.Args {
		if arg.Name != "" {
			continue
		}
		if lit, ok := arg.X.(*lang.Literal); ok && len(args) >= 2 {
			if _, ok := lit.Value.(string); ok {
				continue // the culture name
			}
		}
		args = append(args, arg.X)
	}
	const rx = "System.Text.RegularExpressions.Regex"
	field := "__GeneratedRegex_" + member
	call := "new " + rx + "(__arg0)"
	switch {
	case len(args) == 2:
		call = "new " + rx + "(__arg0, __arg1)"
	case len(args) >= 3:
		call = "new " + rx + "(__arg0, __arg1, System.TimeSpan.FromMilliseconds(__arg2))"
		args = args[:3]
	}
	src := fmt.Sprintf("class G\n{\n    static %s %s;\n    static %s M() => %s ?? (%s = %s);\n}\n", rx, field, rx, field, field, call)
	f, diags := lang.Parse(GeneratedRegexFile, []byte(src))
	if len(diags) > 0 {
		panic(fmt.Sprintf("generated regex: %v\n%s", diags, src))
	}
	retarget(reflect.ValueOf(f), func(p lang.Pos) lang.Pos {
		if p.File == GeneratedRegexFile {
			return pos
		}
		return p
	})
	g := f.Types[0]
	fd := g.Members[0].(*lang.FieldDecl)
	fd.Modifiers |= lang.ModPrivate
	body := g.Members[1].(*lang.MethodDecl).ExprBody
	lang.Inspect(body, func(n lang.Node) bool {
		if c, ok := n.(*lang.NewExpr); ok {
			for _, arg := range c.Args {
				replaceArgs(arg, args)
			}
		}
		return true
	})
	return fd, body
}

// replaceArgs puts the attribute's argument expressions in place of the
// placeholders __arg0, __arg1 and __arg2 (directly or inside the
// TimeSpan.FromMilliseconds call).
func replaceArgs(arg *lang.Arg, args []lang.Expr) {
	if id, ok := arg.X.(*lang.Ident); ok && strings.HasPrefix(id.Name, "__arg") {
		arg.X = args[id.Name[len("__arg")]-'0']
		return
	}
	if c, ok := arg.X.(*lang.CallExpr); ok {
		for _, a := range c.Args {
			replaceArgs(a, args)
		}
	}
}

package bind

import (
	"fmt"
	"reflect"
	"strings"
	"unicode"

	"asyncvm/lang"
)

// Test programs. A program with no Main and no top-level statements whose
// methods carry xunit's [Fact] or [Theory] is a test program, as
// dotnet/runtime's test sources are: their build generates the entry point
// (XUnitWrapperGenerator) that calls each test. TestEntry is that
// generator: it writes the entry point as C# and parses it, so every later
// phase sees an ordinary static Main of an ordinary class; the VM knows
// nothing of tests.
//
// The generated Main calls the tests in declaration order (files, then
// types and members as written, nested types where they stand):
//   - a static test as Type.M(args), an instance test on a new instance of
//     its class (disposed when the class implements IDisposable);
//   - a [Theory] once per [InlineData] row, the row's expressions as the
//     arguments;
//   - a test returning Task, Task<T>, ValueTask or ValueTask<T> is awaited
//     (Main is then async); any other result is discarded;
//   - [ConditionalFact(typeof(C), nameof(P), ...)] and [ConditionalTheory]
//     run only when every condition property is true (`if (C.P && ...)`);
//     without a type the properties are the test class's; a
//     [ConditionalClass(...)] puts its condition on each test of its class;
//   - skipped, as on CoreCLR: a test with Skip = "...", [SkipOnCoreClr],
//     an [ActiveIssue] that does not name only Mono or other platforms
//     (TestRuntimes.Mono, TestPlatforms.Windows, ...), a generic test
//     method or class, and a test not visible from outside its class
//     (private, or in a private nested class);
//   - [ActiveIssue("...", typeof(C), nameof(P), ...)] skips the test only
//     when its conditions hold (`if (!(C.P && ...))`).
//
// Nothing catches: the first test that throws ends the program with its
// exception unhandled (exit code 1, the exception printed as .NET prints
// an unhandled exception); when every test returns, Main returns and the
// exit code is 0.

// testEntryClass is the generated class; C# cannot name it.
const testEntryClass = "<TestEntry>$"

// TestEntryFile is the file name of the generated entry point.
const TestEntryFile = "<test entry>"

// TestEntry returns a file declaring the entry point of a test program, or
// nil when files are not one: they have top-level statements, a static
// Main, or no test.
func TestEntry(files []*lang.File) *lang.File {
	g := &testGen{}
	for _, f := range files {
		if len(f.Stmts) > 0 {
			return nil
		}
		for _, td := range f.Types {
			if hasStaticMain(td) {
				return nil
			}
		}
	}
	for _, f := range files {
		for _, td := range f.Types {
			g.typeTests(td, qualify(td.Namespace, td.Name), true)
		}
	}
	if g.count == 0 {
		return nil
	}
	var src strings.Builder
	src.WriteString("static class TestEntry__\n{\n    static ")
	if g.async {
		src.WriteString("async System.Threading.Tasks.Task")
	} else {
		src.WriteString("void")
	}
	src.WriteString(" Main()\n    {\n")
	src.WriteString(g.body.String())
	src.WriteString("    }\n}\n")
	f, diags := lang.Parse(TestEntryFile, []byte(src.String()))
	if len(diags) > 0 {
		panic(fmt.Sprintf("test entry: %v\n%s", diags, src.String()))
	}
	// A diagnostic in the generated code (a test class without a
	// parameterless constructor, a condition naming no property, an
	// [InlineData] row of the wrong arity) is about the test it calls: each
	// generated line takes the position of the declaration it came from.
	const header = 4 // the lines before g.body
	retarget(reflect.ValueOf(f), func(p lang.Pos) lang.Pos {
		if p.File != TestEntryFile {
			return p
		}
		if i := p.Line - 1 - header; i >= 0 && i < len(g.lines) {
			return g.lines[i]
		}
		return g.lines[0]
	})
	f.Types[0].Name = testEntryClass
	lang.Inspect(f, func(n lang.Node) bool {
		if c, ok := n.(*lang.CallExpr); ok {
			for _, a := range c.Args {
				if id, ok := a.X.(*lang.Ident); ok && strings.HasPrefix(id.Name, "__arg") {
					a.X = g.args[id.Name]
				}
			}
		}
		return true
	})
	return f
}

// testGen accumulates the generated Main's statements.
type testGen struct {
	body  strings.Builder
	args  map[string]lang.Expr // placeholder name -> an [InlineData] expression
	count int                  // tests called
	async bool                 // some test is awaited
	lines []lang.Pos           // per line of body, the declaration it calls or tests
}

// writeLines appends text, whole lines, to the body, each line generated
// for the declaration at pos.
func (g *testGen) writeLines(pos lang.Pos, text string) {
	g.body.WriteString(text)
	for range strings.Count(text, "\n") {
		g.lines = append(g.lines, pos)
	}
}

// retarget replaces, with to(pos), every position in the syntax tree v.
func retarget(v reflect.Value, to func(lang.Pos) lang.Pos) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			retarget(v.Elem(), to)
		}
	case reflect.Slice:
		for i := range v.Len() {
			retarget(v.Index(i), to)
		}
	case reflect.Struct:
		if p, ok := v.Addr().Interface().(*lang.Pos); ok {
			*p = to(*p)
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				retarget(v.Field(i), to)
			}
		}
	}
}

func qualify(ns, name string) string {
	if ns == "" {
		return name
	}
	return ns + "." + name
}

// hasStaticMain reports whether td or a type nested in it declares a
// static method named Main.
func hasStaticMain(td *lang.TypeDecl) bool {
	for _, m := range td.Members {
		switch m := m.(type) {
		case *lang.MethodDecl:
			if m.Name == "Main" && m.Modifiers&lang.ModStatic != 0 {
				return true
			}
		case *lang.TypeDecl:
			if hasStaticMain(m) {
				return true
			}
		}
	}
	return false
}

// typeTests generates the calls of td's tests and of its nested types'.
// visible says whether td can be named from outside it.
func (g *testGen) typeTests(td *lang.TypeDecl, name string, visible bool) {
	if td.Kind != lang.KindClass && td.Kind != lang.KindStruct {
		return
	}
	visible = visible && td.Modifiers&(lang.ModPrivate|lang.ModProtected) == 0 && len(td.TypeParams) == 0
	classCond := ""
	for _, a := range td.Attributes {
		if attrName(a) == "ConditionalClass" {
			classCond = conditionList(a.Args, name)
		}
	}
	for _, m := range td.Members {
		switch m := m.(type) {
		case *lang.MethodDecl:
			if visible && td.Modifiers&lang.ModAbstract == 0 {
				g.methodTests(td, name, m, classCond)
			}
		case *lang.TypeDecl:
			g.typeTests(m, name+"."+m.Name, visible)
		}
	}
}

// attrName is an attribute's name without "Xunit." and "Attribute".
func attrName(a *lang.Attribute) string {
	n := strings.TrimPrefix(a.Name, "Xunit.")
	return strings.TrimSuffix(n, "Attribute")
}

// methodTests generates the calls of m when it is a test; classCond is
// its class's [ConditionalClass] condition, "" for none.
func (g *testGen) methodTests(td *lang.TypeDecl, typeName string, m *lang.MethodDecl, classCond string) {
	var test *lang.Attribute
	var rows []*lang.Attribute
	var unless []string // conditions of [ActiveIssue(..., typeof(C), nameof(P))]
	skip := false
	for _, a := range m.Attributes {
		switch attrName(a) {
		case "Fact", "Theory", "ConditionalFact", "ConditionalTheory":
			test = a
		case "InlineData":
			rows = append(rows, a)
		case "SkipOnCoreClr":
			skip = true
		case "ActiveIssue":
			if len(a.Args) > 1 {
				if _, ok := a.Args[1].X.(*lang.TypeOfExpr); ok {
					if c := conditionList(a.Args[1:], typeName); c != "" {
						unless = append(unless, "!("+c+")")
					}
					continue
				}
			}
			skip = skip || activeOnCoreCLR(a)
		}
	}
	if test == nil || skip || len(m.TypeParams) > 0 || m.Modifiers&lang.ModPublic == 0 && m.Modifiers&lang.ModInternal == 0 {
		return
	}
	for _, a := range test.Args {
		if a.Name == "Skip" {
			return
		}
	}
	cond := conditions(test, typeName)
	if classCond != "" {
		unless = append([]string{"(" + classCond + ")"}, unless...)
	}
	if len(unless) > 0 {
		if cond != "" {
			unless = append([]string{"(" + cond + ")"}, unless...)
		}
		cond = strings.Join(unless, " && ")
	}
	theory := strings.HasSuffix(attrName(test), "Theory")
	if !theory {
		g.call(td, typeName, m, test, cond, nil)
		return
	}
	for _, row := range rows {
		if hasNamedArg(row, "Skip") {
			continue
		}
		g.call(td, typeName, m, test, cond, row.Args)
	}
}

func hasNamedArg(a *lang.Attribute, name string) bool {
	for _, arg := range a.Args {
		if arg.Name == name {
			return true
		}
	}
	return false
}

// activeOnCoreCLR reports whether an [ActiveIssue] disables its test here:
// it does unless it names only Mono or only platforms other than Linux
// (the .NET platform asyncvm stands for).
func activeOnCoreCLR(a *lang.Attribute) bool {
	if len(a.Args) < 2 {
		return true
	}
	text := ""
	lang.Inspect(a.Args[1].X, func(n lang.Node) bool {
		if m, ok := n.(*lang.MemberExpr); ok {
			text += " " + m.Name
		}
		return true
	})
	for _, on := range []string{"CoreCLR", "Any", "AnyUnix", "Linux"} {
		if strings.Contains(text+" ", " "+on+" ") {
			return true
		}
	}
	return text == ""
}

// conditions is the condition of a [ConditionalFact]/[ConditionalTheory]
// as C# (`C.P && C.Q`), "" for any other test.
func conditions(test *lang.Attribute, typeName string) string {
	if !strings.HasPrefix(attrName(test), "Conditional") {
		return ""
	}
	return conditionList(test.Args, typeName)
}

// conditionList is `C.P && C.Q` for the arguments (typeof(C), nameof(P),
// nameof(Q)) of a conditional attribute; without typeof the properties are
// typeName's.
func conditionList(args []*lang.Arg, typeName string) string {
	owner := typeName
	var parts []string
	for i, a := range args {
		if a.Name != "" {
			continue
		}
		switch x := a.X.(type) {
		case *lang.TypeOfExpr:
			if i == 0 && typeRefText(x.Type) != "" {
				owner = typeRefText(x.Type)
			}
		case *lang.NameOfExpr:
			if name := exprText(x.X); name != "" {
				parts = append(parts, verbatim(owner)+"."+verbatim(name))
			}
		case *lang.Literal:
			if s, ok := x.Value.(string); ok && isIdentifier(s) {
				parts = append(parts, verbatim(owner)+"."+verbatim(s))
			}
		}
	}
	return strings.Join(parts, " && ")
}

func typeRefText(t *lang.TypeRef) string {
	if t == nil {
		return ""
	}
	return t.Name
}

// exprText is the last name of a nameof operand (`nameof(C.P)` names P).
func exprText(e lang.Expr) string {
	switch x := e.(type) {
	case *lang.Ident:
		return x.Name
	case *lang.MemberExpr:
		return x.Name
	}
	return ""
}

// call writes one test call; args are an [InlineData] row.
func (g *testGen) call(td *lang.TypeDecl, typeName string, m *lang.MethodDecl, test *lang.Attribute, cond string, args []*lang.Arg) {
	g.count++
	var names []string
	for _, a := range args {
		if g.args == nil {
			g.args = map[string]lang.Expr{}
		}
		ph := fmt.Sprintf("__arg%d", len(g.args))
		g.args[ph] = a.X
		names = append(names, ph)
	}
	await := ""
	if awaitable(m.ReturnType) {
		await = "await "
		g.async = true
	}
	indent := "        "
	if cond != "" {
		g.writeLines(test.Pos, fmt.Sprintf("%sif (%s)\n", indent, cond))
	}
	typeName = verbatim(typeName)
	invoke := fmt.Sprintf("%s(%s)", verbatim(m.Name), strings.Join(names, ", "))
	if m.Modifiers&lang.ModStatic != 0 {
		g.writeLines(m.Pos, fmt.Sprintf("%s%s%s.%s;\n", indent, await, typeName, invoke))
		return
	}
	g.writeLines(m.Pos, fmt.Sprintf("%s{\n%s    var __test = new %s();\n%s    %s__test.%s;\n%s    (__test as System.IDisposable)?.Dispose();\n%s}\n",
		indent, indent, typeName, indent, await, invoke, indent, indent))
}

// verbatim spells a dotted name with each part an @identifier, which a
// keyword used as a name (@class) needs.
func verbatim(dotted string) string {
	return "@" + strings.ReplaceAll(dotted, ".", ".@")
}

// awaitable reports whether a test's return type is a task the entry point
// awaits.
func awaitable(t *lang.TypeRef) bool {
	if t == nil {
		return false
	}
	n := t.Name[strings.LastIndexByte(t.Name, '.')+1:]
	return n == "Task" || n == "ValueTask"
}

// isIdentifier reports whether s can be a member name.
func isIdentifier(s string) bool {
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}

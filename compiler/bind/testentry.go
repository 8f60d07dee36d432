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
	g := &testGen{decls: map[string][]*lang.TypeDecl{}}
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
			g.declare(td)
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
	if g.shared {
		g.writeLines(g.lines[0], "        await Xunit.Sdk.TestFixtures.DisposeSharedAsync();\n")
		g.async = true
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
	g.substitute(f)
	for _, m := range g.synthesized {
		g.substitute(m)
	}
	return f
}

// substitute puts the attribute arguments ([InlineData] and [MemberData]
// values) in place of their placeholders in n's calls.
func (g *testGen) substitute(n lang.Node) {
	lang.Inspect(n, func(n lang.Node) bool {
		if c, ok := n.(*lang.CallExpr); ok {
			for _, a := range c.Args {
				if id, ok := a.X.(*lang.Ident); ok && strings.HasPrefix(id.Name, "__arg") {
					a.X = g.args[id.Name]
				}
			}
		}
		return true
	})
}

// testGen accumulates the generated Main's statements.
type testGen struct {
	body        strings.Builder
	args        map[string]lang.Expr        // placeholder name -> an [InlineData] or [MemberData] argument
	count       int                         // tests called
	async       bool                        // some test is awaited
	shared      bool                        // some constructor takes a collection fixture
	lines       []lang.Pos                  // per line of body, the declaration it calls or tests
	decls       map[string][]*lang.TypeDecl // the program's types by simple name
	synthesized []lang.Member               // members added to test classes
	serial      int                         // numbers the synthesized members
}

// declare records td and its nested types in g.decls.
func (g *testGen) declare(td *lang.TypeDecl) {
	g.decls[td.Name] = append(g.decls[td.Name], td)
	for _, m := range td.Members {
		if n, ok := m.(*lang.TypeDecl); ok {
			g.declare(n)
		}
	}
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
// visible says whether td can be named from outside it. A concrete class
// runs the tests it inherits from the program's classes too, after its
// own, as xunit discovers them; an abstract class runs none of its own.
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
	tc := &testClass{td: td, name: name, cond: classCond}
	start := g.body.Len()
	startLines := len(g.lines)
	startCount := g.count
	seen := map[string]*lang.MethodDecl{}
	for _, m := range td.Members {
		switch m := m.(type) {
		case *lang.MethodDecl:
			seen[m.Name] = m
			if visible && td.Modifiers&lang.ModAbstract == 0 {
				g.methodTests(tc, m)
			}
		case *lang.TypeDecl:
			g.typeTests(m, name+"."+m.Name, visible)
		}
	}
	if visible && td.Modifiers&lang.ModAbstract == 0 && td.Kind == lang.KindClass {
		for base, depth := g.baseClass(td), 0; base != nil && depth < 16; base, depth = g.baseClass(base), depth+1 {
			for _, m := range base.Members {
				m, ok := m.(*lang.MethodDecl)
				if !ok {
					continue
				}
				if over := seen[m.Name]; over != nil {
					// An override is a test when the method it overrides is
					// one: xunit reads its attributes with inheritance.
					if over.Modifiers&lang.ModOverride != 0 && !isTest(over) && isTest(m) {
						inherited := *over
						inherited.Attributes = m.Attributes
						seen[m.Name] = &inherited
						g.methodTests(tc, &inherited)
					}
					continue
				}
				seen[m.Name] = m
				g.methodTests(tc, m)
			}
		}
	}
	if g.count > startCount && len(tc.fixtures) > 0 {
		g.wrapClass(tc, start, startLines)
	}
}

// isTest reports whether m carries a test attribute.
func isTest(m *lang.MethodDecl) bool {
	for _, a := range m.Attributes {
		switch attrName(a) {
		case "Fact", "Theory", "ConditionalFact", "ConditionalTheory":
			return true
		}
	}
	return false
}

// testClass is a class whose tests are being generated.
type testClass struct {
	td       *lang.TypeDecl
	name     string   // qualified
	cond     string   // its [ConditionalClass] condition, "" for none
	factory  string   // the synthesized member creating an instance, "" when `new C()` does
	fixtures []string // its class fixtures' types (IClassFixture<T>), when some constructor takes one
	decided  bool     // factory and fixtures are computed

	fixtureTypes []*lang.TypeRef // fixtures as written
	fixturesVar  string          // Main's local holding the class fixtures
}

// baseClass is td's base class when the program declares it, else nil.
func (g *testGen) baseClass(td *lang.TypeDecl) *lang.TypeDecl {
	if len(td.Bases) == 0 {
		return nil
	}
	if d := g.lookup(td.Bases[0]); d != nil && d.Kind == lang.KindClass {
		return d
	}
	return nil
}

// lookup finds the program's declaration of the type t names, nil when
// there is none (or several of the name).
func (g *testGen) lookup(t *lang.TypeRef) *lang.TypeDecl {
	if t == nil || t.Name == "" {
		return nil
	}
	n := t.Name[strings.LastIndexByte(t.Name, '.')+1:]
	for _, d := range g.decls[n] {
		if len(d.TypeParams) == len(t.Args) {
			return d
		}
	}
	return nil
}

// implements reports whether td, or a class or interface of the program it
// derives from, lists an interface named iface among its bases.
func (g *testGen) implements(td *lang.TypeDecl, iface string) bool {
	for depth := 0; td != nil && depth < 16; depth++ {
		for _, b := range td.Bases {
			n := b.Name[strings.LastIndexByte(b.Name, '.')+1:]
			if n == iface {
				return true
			}
			if d := g.lookup(b); d != nil && d.Kind == lang.KindInterface && g.implements(d, iface) {
				return true
			}
		}
		td = g.baseClass(td)
	}
	return false
}

// asyncLifetime reports whether instances of the type t names have an
// asynchronous lifetime (IAsyncLifetime or IAsyncDisposable).
func (g *testGen) asyncLifetime(td *lang.TypeDecl) bool {
	return td != nil && (g.implements(td, "IAsyncLifetime") || g.implements(td, "IAsyncDisposable"))
}

// classFixtures are the T of the IClassFixture<T> that td and its base
// classes implement.
func (g *testGen) classFixtures(td *lang.TypeDecl) []*lang.TypeRef {
	var out []*lang.TypeRef
	for depth := 0; td != nil && depth < 16; depth++ {
		for _, b := range td.Bases {
			if strings.HasSuffix("."+b.Name, ".IClassFixture") && len(b.Args) == 1 {
				out = append(out, b.Args[0])
			}
		}
		td = g.baseClass(td)
	}
	return out
}

// constructorParams are the parameters of td's constructor (a primary
// constructor's or the first instance constructor's), nil for none.
func constructorParams(td *lang.TypeDecl) []*lang.Param {
	if td.HasPrimary {
		return td.PrimaryParams
	}
	for _, m := range td.Members {
		if c, ok := m.(*lang.CtorDecl); ok && c.Modifiers&lang.ModStatic == 0 {
			return c.Params
		}
	}
	return nil
}

// prepareClass decides how tc's instances are made: with no constructor
// parameters by `new C()`; else by a synthesized static member of the class
// that passes each parameter its fixture (an IClassFixture<T>'s from the
// fixtures array Main keeps for the class, any other type's from the
// collection fixtures Xunit.Sdk.TestFixtures shares for the whole run) or,
// for an ITestOutputHelper, a helper writing to the console.
func (g *testGen) prepareClass(tc *testClass, pos lang.Pos) {
	if tc.decided {
		return
	}
	tc.decided = true
	params := constructorParams(tc.td)
	if len(params) == 0 {
		return
	}
	fixtures := g.classFixtures(tc.td)
	var args []string
	for _, p := range params {
		ptype := p.Type.String()
		if strings.HasSuffix("."+p.Type.Name, ".ITestOutputHelper") {
			args = append(args, "new Xunit.Sdk.TestOutputHelper()")
			continue
		}
		index := -1
		for i, f := range fixtures {
			if f.String() == ptype {
				index = i
			}
		}
		if index >= 0 {
			for len(tc.fixtures) <= index {
				tc.fixtureTypes = append(tc.fixtureTypes, fixtures[len(tc.fixtures)])
				tc.fixtures = append(tc.fixtures, fixtures[len(tc.fixtures)].String())
			}
			args = append(args, fmt.Sprintf("(%s)__fixtures[%d]", ptype, index))
			continue
		}
		g.shared = true
		args = append(args, fmt.Sprintf("(%s)Xunit.Sdk.TestFixtures.Shared(typeof(%s), () => new %s())", ptype, ptype, ptype))
	}
	tc.factory = g.synthName("New")
	tc.fixturesVar = "__fixtures" + tc.factory
	var src strings.Builder
	fmt.Fprintf(&src, "internal static %s %s(object[] __fixtures) => new %s(%s);\n", verbatim(tc.td.Name), tc.factory, verbatim(tc.td.Name), strings.Join(args, ", "))
	if len(tc.fixtures) > 0 {
		fmt.Fprintf(&src, "internal static object[] %sFixtures() => new object[] { new %s() };\n", tc.factory, strings.Join(tc.fixtures, "(), new "))
	}
	g.addMembers(tc.td, pos, src.String())
}

// wrapClass puts the calls generated since body offset start (lines from
// startLines) in a block that creates tc's class fixtures before them and
// disposes of them after, as xunit does around a class's tests.
func (g *testGen) wrapClass(tc *testClass, start, startLines int) {
	all := g.body.String()
	calls := all[start:]
	callLines := append([]lang.Pos(nil), g.lines[startLines:]...)
	g.lines = g.lines[:startLines]
	g.body.Reset()
	g.body.WriteString(all[:start])
	pos := callLines[0]
	async := false
	for _, f := range tc.fixtureTypes {
		async = async || g.asyncLifetime(g.lookup(f))
	}
	g.writeLines(pos, "        {\n")
	g.writeLines(pos, fmt.Sprintf("            var %s = %s.%sFixtures();\n", tc.fixturesVar, verbatim(tc.name), tc.factory))
	if async {
		g.async = true
		g.writeLines(pos, fmt.Sprintf("            await Xunit.Sdk.TestLifetime.InitializeAllAsync(%s);\n", tc.fixturesVar))
	}
	for i, line := range strings.SplitAfter(calls, "\n") {
		if line != "" {
			g.writeLines(callLines[i], "    "+line)
		}
	}
	if async {
		g.writeLines(pos, fmt.Sprintf("            await Xunit.Sdk.TestLifetime.DisposeAllAsync(%s);\n", tc.fixturesVar))
	} else {
		g.writeLines(pos, fmt.Sprintf("            Xunit.Sdk.TestLifetime.DisposeAll(%s);\n", tc.fixturesVar))
	}
	g.writeLines(pos, "        }\n")
}

// synthName is a new name for a member added to a test class.
func (g *testGen) synthName(what string) string {
	g.serial++
	return fmt.Sprintf("__xunit%s%d", what, g.serial)
}

// addMembers parses C# member declarations and adds them to td, each
// position taken to pos.
func (g *testGen) addMembers(td *lang.TypeDecl, pos lang.Pos, src string) {
	f, diags := lang.Parse(TestEntryFile, []byte("class __S\n{\n"+src+"}\n"))
	if len(diags) > 0 {
		panic(fmt.Sprintf("test entry: %v\n%s", diags, src))
	}
	retarget(reflect.ValueOf(f), func(lang.Pos) lang.Pos { return pos })
	td.Members = append(td.Members, f.Types[0].Members...)
	g.synthesized = append(g.synthesized, f.Types[0].Members...)
}

// attrName is an attribute's name without "Xunit." and "Attribute".
func attrName(a *lang.Attribute) string {
	n := strings.TrimPrefix(a.Name, "Xunit.")
	return strings.TrimSuffix(n, "Attribute")
}

// methodTests generates the calls of m when it is a test of tc.
func (g *testGen) methodTests(tc *testClass, m *lang.MethodDecl) {
	typeName := tc.name
	var test *lang.Attribute
	var rows []*lang.Attribute // [InlineData], [MemberData], [ClassData] as written
	var unless []string        // conditions of [ActiveIssue(..., typeof(C), nameof(P))]
	skip := false
	for _, a := range m.Attributes {
		switch attrName(a) {
		case "Fact", "Theory", "ConditionalFact", "ConditionalTheory":
			test = a
		case "InlineData", "MemberData", "ClassData":
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
	if tc.cond != "" {
		unless = append([]string{"(" + tc.cond + ")"}, unless...)
	}
	if len(unless) > 0 {
		if cond != "" {
			unless = append([]string{"(" + cond + ")"}, unless...)
		}
		cond = strings.Join(unless, " && ")
	}
	theory := strings.HasSuffix(attrName(test), "Theory")
	if !theory {
		g.call(tc, m, test, cond, nil, "")
		return
	}
	for _, row := range rows {
		if hasNamedArg(row, "Skip") {
			continue
		}
		if attrName(row) == "InlineData" {
			g.call(tc, m, test, cond, row.Args, "")
			continue
		}
		if source := g.dataSource(tc, row); source != "" {
			g.call(tc, m, test, cond, nil, source)
		}
	}
}

// dataSource is the C# expression, in the test class's scope, of the rows
// a [MemberData] or [ClassData] attribute names, "" when it names none:
// `Owner.Member` for a property or field, `Owner.Member(args)` for a
// method (the attribute's further arguments as placeholders), `new C()`
// for a class.
func (g *testGen) dataSource(tc *testClass, a *lang.Attribute) string {
	var positional []*lang.Arg
	var memberType *lang.TypeRef
	for _, arg := range a.Args {
		switch arg.Name {
		case "":
			positional = append(positional, arg)
		case "MemberType":
			if t, ok := arg.X.(*lang.TypeOfExpr); ok {
				memberType = t.Type
			}
		}
	}
	if len(positional) == 0 {
		return ""
	}
	if attrName(a) == "ClassData" {
		if t, ok := positional[0].X.(*lang.TypeOfExpr); ok && t.Type != nil {
			return "new " + t.Type.String() + "()"
		}
		return ""
	}
	var name string
	switch x := positional[0].X.(type) {
	case *lang.NameOfExpr:
		name = exprText(x.X)
	case *lang.Literal:
		name, _ = x.Value.(string)
	}
	if !isIdentifier(name) {
		return ""
	}
	owner := tc.td
	ownerText := ""
	if memberType != nil {
		owner = g.lookup(memberType)
		ownerText = memberType.String() + "."
	}
	method := len(positional) > 1
	for d, depth := owner, 0; d != nil && depth < 16; d, depth = g.baseClass(d), depth+1 {
		found := false
		for _, m := range d.Members {
			if md, ok := m.(*lang.MethodDecl); ok && md.Name == name {
				method, found = true, true
			}
			if p, ok := m.(*lang.PropertyDecl); ok && p.Name == name {
				found = true
			}
			if f, ok := m.(*lang.FieldDecl); ok {
				for _, d := range f.Decls {
					found = found || d.Name == name
				}
			}
		}
		if found {
			break
		}
	}
	if !method {
		return ownerText + "@" + name
	}
	var names []string
	for _, arg := range positional[1:] {
		names = append(names, g.placeholder(arg.X))
	}
	return fmt.Sprintf("%s@%s(%s)", ownerText, name, strings.Join(names, ", "))
}

// placeholder stands for x in generated text until substitute puts it back.
func (g *testGen) placeholder(x lang.Expr) string {
	if g.args == nil {
		g.args = map[string]lang.Expr{}
	}
	ph := fmt.Sprintf("__arg%d", len(g.args))
	g.args[ph] = x
	return ph
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

// call writes the calls of one test: with args, an [InlineData] row;
// with source, once per row of a [MemberData] or [ClassData] source; else
// once without arguments.
func (g *testGen) call(tc *testClass, m *lang.MethodDecl, test *lang.Attribute, cond string, args []*lang.Arg, source string) {
	g.count++
	var names []string
	for _, a := range args {
		names = append(names, g.placeholder(a.X))
	}
	invoke := fmt.Sprintf("%s(%s)", verbatim(m.Name), strings.Join(names, ", "))
	static := ""
	if m.Modifiers&lang.ModStatic != 0 {
		static = "static "
	}
	if len(args) > 0 {
		// The row is evaluated in the test class, where its expressions'
		// names (a protected nested type in typeof(...)) are in scope.
		inline := g.synthName("Inline")
		g.addMembers(tc.td, m.Pos, fmt.Sprintf("internal %s%s %s() => %s;\n", static, m.ReturnType.String(), inline, invoke))
		invoke = inline + "()"
	}
	indent := "        "
	if source != "" {
		data, row := g.synthName("Data"), g.synthName("Row")
		g.addMembers(tc.td, m.Pos, fmt.Sprintf(
			"internal static System.Collections.Generic.IEnumerable<object[]> %s()\n{\n    foreach (object[] __row in %s)\n        yield return __row;\n}\n"+
				"internal %s%s %s(object[] __row)\n{\n%s}\n",
			data, source, static, m.ReturnType.String(), row, rowCalls(m)))
		if cond != "" {
			g.writeLines(test.Pos, fmt.Sprintf("%sif (%s)\n", indent, cond))
			cond = ""
		}
		g.writeLines(m.Pos, fmt.Sprintf("%sforeach (object[] __row in %s.%s())\n", indent, verbatim(tc.name), data))
		invoke = row + "(__row)"
	}
	await := ""
	if awaitable(m.ReturnType) {
		await = "await "
		g.async = true
	}
	if cond != "" {
		g.writeLines(test.Pos, fmt.Sprintf("%sif (%s)\n", indent, cond))
	}
	typeName := verbatim(tc.name)
	if m.Modifiers&lang.ModStatic != 0 {
		g.writeLines(m.Pos, fmt.Sprintf("%s%s%s.%s;\n", indent, await, typeName, invoke))
		return
	}
	g.prepareClass(tc, m.Pos)
	create := fmt.Sprintf("new %s()", typeName)
	if tc.factory != "" {
		fixtures := "null"
		if tc.fixturesVar != "" && len(tc.fixtures) > 0 {
			fixtures = tc.fixturesVar
		}
		create = fmt.Sprintf("%s.%s(%s)", typeName, tc.factory, fixtures)
	}
	asyncLife := g.asyncLifetime(tc.td)
	var b strings.Builder
	fmt.Fprintf(&b, "%s{\n%s    var __test = %s;\n", indent, indent, create)
	if asyncLife {
		g.async = true
		fmt.Fprintf(&b, "%s    await Xunit.Sdk.TestLifetime.InitializeAsync(__test);\n", indent)
	}
	fmt.Fprintf(&b, "%s    %s__test.%s;\n", indent, await, invoke)
	if asyncLife {
		fmt.Fprintf(&b, "%s    await Xunit.Sdk.TestLifetime.DisposeAsync(__test);\n", indent)
	} else {
		fmt.Fprintf(&b, "%s    (__test as System.IDisposable)?.Dispose();\n", indent)
	}
	fmt.Fprintf(&b, "%s}\n", indent)
	g.writeLines(m.Pos, b.String())
}

// rowCalls is the body of a member calling m with the values of a theory
// row (object[] __row), each converted to its parameter's type: one call
// per arity m accepts, so a row may leave out optional parameters.
func rowCalls(m *lang.MethodDecl) string {
	required := len(m.Params)
	for required > 0 && m.Params[required-1].Default != nil {
		required--
	}
	var b strings.Builder
	void := m.ReturnType != nil && m.ReturnType.Name == "void" && m.ReturnType.ArrayRank == 0
	for n := required; n <= len(m.Params); n++ {
		var args []string
		for i, p := range m.Params[:n] {
			args = append(args, fmt.Sprintf("Xunit.Sdk.TheoryArguments.Get<%s>(__row, %d)", p.Type.String(), i))
		}
		call := fmt.Sprintf("%s(%s)", verbatim(m.Name), strings.Join(args, ", "))
		stmt := "return " + call + ";"
		if void {
			stmt = "{ " + call + "; return; }"
		}
		if n < len(m.Params) {
			fmt.Fprintf(&b, "    if (__row.Length == %d) %s\n", n, stmt)
		} else {
			fmt.Fprintf(&b, "    %s\n", stmt)
		}
	}
	return b.String()
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

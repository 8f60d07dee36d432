// Package compiler resolves names, checks a parsed program and generates the
// register bytecode the vm runs. It compiles the program's files together
// with a prelude written in C# (prelude.cs: the exception hierarchy and other
// library classes that programs derive from).
package compiler

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"

	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/rtasync"
	"asyncvm/vm"
)

//go:embed prelude.cs
var preludeSrc []byte

// PreludeFile is the file name the prelude's positions carry.
const PreludeFile = "<prelude>"

// Options control code generation.
type Options struct {
	// Mode is "rt" (runtime async: async methods compile to async bytecode)
	// or "sm" (every async method has been lowered to a state machine).
	Mode string
	// Script compiles REPL-style top-level code into Entry.
	Script bool
}

// implicitUsings are the global usings of a .NET console project.
var implicitUsings = []string{"System", "System.Collections.Generic", "System.IO", "System.Linq",
	"System.Threading", "System.Threading.Tasks", "System.Collections.Concurrent",
	"System.Diagnostics", "System.Globalization", "System.Text", "System.Runtime.CompilerServices"}

// knownNamespaces are the namespaces a `using` may name.
var knownNamespaces = map[string]bool{
	"System": true, "System.Collections": true, "System.Collections.Generic": true, "System.IO": true,
	"System.Linq": true, "System.Threading": true, "System.Threading.Tasks": true,
	"System.Collections.Concurrent": true, "System.Diagnostics": true, "System.Globalization": true,
	"System.Text": true, "System.Runtime.CompilerServices": true, "BenchmarkDotNet.Attributes": true,
	"BenchmarkDotNet.Running": true, "BenchmarkDotNet.Configs": true, "BenchmarkDotNet.Jobs": true,
	"System.Diagnostics.CodeAnalysis": true, "System.Runtime.InteropServices": true,
	"System.Threading.Channels": true, "System.Reflection": true, "System.Numerics": true,
	// Namespaces of the shared framework whose types a program may not
	// use here: a `using` of one is harmless, as in .NET, and a type it
	// would bring in is still reported where the program names it.
	"System.Buffers": true, "System.Collections.Immutable": true, "System.Collections.ObjectModel": true,
	"System.Collections.Specialized": true, "System.ComponentModel": true,
	"System.ComponentModel.DataAnnotations": true, "System.Diagnostics.Tracing": true,
	"System.Dynamic": true, "System.Linq.Expressions": true, "System.Net": true, "System.Net.Http": true,
	"System.Resources": true, "System.Runtime": true, "System.Runtime.ExceptionServices": true,
	"System.Runtime.Serialization": true, "System.Runtime.Versioning": true, "System.Security": true,
	"System.Security.Claims": true, "System.Security.Cryptography": true, "System.Text.Encodings.Web": true,
	"System.Text.Json": true, "System.Text.Json.Serialization": true, "System.Text.Unicode": true,
	"System.Timers": true, "System.Xml": true, "System.Xml.Linq": true, "System.Xml.Serialization": true,
}

// Compiler holds the state of one compilation.
type Compiler struct {
	opts  Options
	prog  *vm.Program
	diags lang.Diagnostics
	srcs  map[string][]byte

	classes     []*classInfo
	classByFull map[string]*classInfo
	classByType map[*vm.Type]*classInfo // constructed generic types map to their definition's
	classByDecl map[*lang.TypeDecl]*classInfo
	propOf      map[*lang.PropertyDecl]*propInfo // a source property's or indexer's accessors, by its declaration
	constructed []*vm.Type                       // generic definitions constructed at compile time (refreshConstructed)
	namespaces  map[string]bool                  // namespaces the program declares

	funcIndex   map[*vm.Func]int
	typeIndex   map[*vm.Type]int
	siteIndex   map[siteKey]int
	staticIndex map[vm.StaticRef]int

	methodOf map[*lang.MethodDecl]*methodInfo // each declared method, also by the declaration the binder saw (Info.OriginOf)

	pending []func() // bodies to compile after all declarations
	// duplicates are the redeclarations reported (CS0128): a block's
	// locals are declared before its statements and again as each runs.
	duplicates map[bind.Var]bool
	lambdaN    map[*classInfo]int

	typeParams [][]string // type parameters of the generic methods being compiled

	// info is the binder's view of the program: expression types and the
	// methods overload resolution chose.
	info *bind.Info

	// at is the position being compiled, for the report of an internal
	// error.
	at      lang.Pos
	imports map[*lang.File][]staticImport // `using static` types of each file, resolved on first use
}

type siteKey struct {
	name   string
	argc   int
	method *vm.Func
}

// Bound is a program after binding: its files, the prelude first, and
// what the binder knows of them. The sm lowering rewrites Files and extends
// Info; Compile generates code from both.
type Bound struct {
	Files []*lang.File
	Info  *bind.Info
	Diags lang.Diagnostics // the binder's
}

// Bind binds the parsed files together with the prelude. Its diagnostics do not stop the pipeline: the lowering and
// code generation still run, so that one run reports what each phase
// finds (MergeDiags).
//
// A Go panic while binding (a bug in asyncvm) is recovered here and becomes
// a single "internal error" diagnostic, which IsInternal recognizes.
func Bind(files []*lang.File) (b *Bound) {
	defer func() {
		if r := recover(); r != nil {
			b = &Bound{Diags: lang.Diagnostics{{Pos: firstPos(files), Msg: vm.InternalErrorMsg(r)}}}
		}
	}()
	bind.ExpandAliases(files)
	pre := preludeFor(files)
	partialDiags := bind.MergePartialMembers(files)
	bind.ExpandFieldKeyword(files)
	bind.GeneratedRegexes(files)
	if anon := bind.AnonymousTypes(files); anon != nil {
		files = append(files[:len(files):len(files)], anon)
	}
	if entry := bind.TestEntry(files); entry != nil {
		files = append(files[:len(files):len(files)], entry)
	}
	bind.JsonMetadata(files)
	all := append([]*lang.File{pre}, files...)
	info, diags := bind.Bind(pre, files)
	return &Bound{Files: all, Info: info, Diags: MergeDiags(partialDiags, diags)}
}

// firstPos is where an internal error without a better position is
// reported: the start of the first file.
func firstPos(files []*lang.File) lang.Pos {
	at := lang.Pos{Line: 1, Col: 1}
	if len(files) > 0 {
		at.File = files[0].Name
	}
	return at
}

// Compile generates the program from a bound (and in sm mode lowered)
// program, then computes rt's liveness at each await (rtasync.Prepare). It
// reports the binder's diagnostics with its own.
//
// Compile is the one place where a Go panic in code generation (always a
// bug in asyncvm) is recovered: it becomes a single diagnostic "internal
// error: ..." at the position being compiled, which IsInternal recognizes.
func Compile(b *Bound, srcs map[string][]byte, opts Options) (prog *vm.Program, diags lang.Diagnostics) {
	if b.Info == nil {
		return nil, b.Diags
	}
	if opts.Mode == "" {
		opts.Mode = "rt"
	}
	c := &Compiler{}
	defer func() {
		if r := recover(); r != nil {
			at := c.at
			if at.Line < 1 {
				at = firstPos(b.Files[1:])
			}
			prog, diags = nil, lang.Diagnostics{{Pos: at, Msg: vm.InternalErrorMsg(r)}}
			if len(b.Diags) > 0 || len(c.diags) > 0 {
				// The program was rejected already, by the binder or by
				// code generation itself: the panic comes from the state
				// an error left (two declarations of one local, a missing
				// type), and the errors reported are the report (GCC's
				// "confused by earlier errors" rule; Roslyn emits no code
				// for a program with errors either).
				diags = MergeDiags(b.Diags, c.diags)
			}
		}
	}()
	*c = Compiler{
		opts:        opts,
		srcs:        srcs,
		prog:        &vm.Program{Extensions: map[string][]*vm.Func{}},
		classByFull: map[string]*classInfo{},
		classByType: map[*vm.Type]*classInfo{},
		classByDecl: map[*lang.TypeDecl]*classInfo{},
		propOf:      map[*lang.PropertyDecl]*propInfo{},
		namespaces:  map[string]bool{},
		funcIndex:   map[*vm.Func]int{},
		typeIndex:   map[*vm.Type]int{},
		siteIndex:   map[siteKey]int{},
		staticIndex: map[vm.StaticRef]int{},
		methodOf:    map[*lang.MethodDecl]*methodInfo{},
		lambdaN:     map[*classInfo]int{},
		info:        b.Info,
	}
	if len(b.Files) > 1 {
		c.prog.File = b.Files[1].Name
	}
	for k, v := range vm.LibraryExtensions() {
		c.prog.Extensions[k] = v
	}
	c.compileFiles(b.Files)
	if ds := MergeDiags(b.Diags, c.diags); len(ds) > 0 {
		return nil, ds
	}
	rtasync.Prepare(c.prog)
	return c.prog, nil
}

// MergeDiags joins the binder's diagnostics with a later phase's, sorted by
// position. Where both report at one position, the binder's (C#'s code and
// wording) stands.
func MergeDiags(bound, later lang.Diagnostics) lang.Diagnostics {
	return sortDiags(mergeDiags(bound, later))
}

// mergeDiags joins the binder's diagnostics with code generation's. Where
// both report on one line, the binder's (C#'s code, wording and position)
// stand: code generation's would be a cascade of the same mistake (an
// assignment to an enum member is CS0131 at the target's start in the
// binder, an unassignable member at its name in code generation).
func mergeDiags(bound, gen lang.Diagnostics) lang.Diagnostics {
	if len(bound) == 0 {
		return gen
	}
	type line struct {
		file string
		n    int
	}
	at := map[line]bool{}
	for _, d := range bound {
		at[line{d.Pos.File, d.Pos.Line}] = true
	}
	out := append(lang.Diagnostics{}, bound...)
	for _, d := range gen {
		if !at[line{d.Pos.File, d.Pos.Line}] {
			out = append(out, d)
		}
	}
	return out
}

// IsInternal reports whether diags is an internal error report (from
// Compile, or from lang.Parse, which recovers its own panics the same way).
func IsInternal(diags lang.Diagnostics) bool {
	for _, d := range diags {
		if vm.IsInternalError(d.Msg) {
			return true
		}
	}
	return false
}

// sortDiags orders diagnostics by position and drops repeats.
func sortDiags(ds lang.Diagnostics) lang.Diagnostics {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i].Pos, ds[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return dedupe(ds)
}

func dedupe(ds lang.Diagnostics) lang.Diagnostics {
	out := ds[:0]
	seen := map[string]bool{}
	for _, d := range ds {
		k := d.Error()
		if !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	return out
}

func (c *Compiler) errorf(pos lang.Pos, format string, args ...any) {
	if len(c.diags) > 200 {
		return
	}
	msg := fmt.Sprintf(format, args...)
	if code, ok := csCodes[format]; ok {
		msg = "error " + code + ": " + msg
	}
	c.diags = append(c.diags, lang.Diagnostic{Pos: pos, Msg: msg})
}

func (c *Compiler) compileFiles(files []*lang.File) {
	// Phase 1: declare every class, interface and enum.
	for _, f := range files {
		for _, u := range f.Usings {
			if u.Alias == "" && !knownNamespaces[u.Name] && !c.declaresNamespace(files, u.Name) {
				if !u.IsStatic {
					name, pos := c.unknownNamespacePart(files, u)
					c.errorf(pos, "The type or namespace name '%s' could not be found (are you missing a using directive or an assembly reference?)", name)
				}
			}
		}
		for _, td := range f.Types {
			c.declareType(td, nil, f)
		}
	}
	var entryFile *lang.File
	for _, f := range files[1:] {
		if len(f.Stmts) > 0 {
			if entryFile != nil {
				c.errorf(f.Stmts[0].Position(), "Only one compilation unit can have top-level statements.")
			}
			entryFile = f
		}
	}
	if entryFile != nil {
		c.declareTopLevel(entryFile)
	}
	// Phase 2: resolve bases, lay out fields, declare members.
	for _, ci := range c.classes {
		c.resolveBases(ci)
	}
	for _, f := range files {
		c.checkStaticUsings(f)
	}
	for _, ci := range c.orderedClasses() {
		c.declareMembers(ci)
	}
	for _, ci := range c.classes {
		// Struct statics hold their type's zero value, which needs the
		// struct's layout: every class is laid out by now.
		for i, f := range ci.t.StaticFields {
			if f.Type.IsStruct() {
				ci.t.StaticVals[i] = f.Type.Zero()
			}
		}
	}
	for _, ci := range c.classes {
		c.inheritInterfaceMembers(ci)
		explicitFallbacks(ci)
		inheritDefaults(ci.t)
	}
	for _, ci := range c.orderedClasses() {
		c.mapInterfaces(ci)
	}
	c.linkStateMachines()
	// Phase 3: compile bodies.
	for len(c.pending) > 0 {
		p := c.pending
		c.pending = nil
		for _, f := range p {
			f()
		}
	}
	c.refreshConstructed()
	c.findEntry(files)
}

// linkStateMachines points each state machine's MoveNext (sm mode) at
// the async method it implements, named by the method's
// [AsyncStateMachine(typeof(...))] attribute, and each iterator class's
// MoveNext at its iterator method ([IteratorStateMachine]), so that stack
// traces name the method, as .NET's do.
func (c *Compiler) linkStateMachines() {
	for decl, mi := range c.methodOf {
		for _, a := range decl.Attributes {
			if a.Name != "AsyncStateMachine" && a.Name != "IteratorStateMachine" || len(a.Args) != 1 {
				continue
			}
			to, ok := a.Args[0].X.(*lang.TypeOfExpr)
			if !ok {
				continue
			}
			if _, sci := c.resolveTypeRef(to.Type, mi.cls, false); sci != nil {
				for _, mn := range sci.methods["MoveNext"] {
					if a.Name == "IteratorStateMachine" {
						mn.fn.Iterator = mi.fn
					} else {
						mn.fn.Logical = mi.fn
					}
				}
			}
		}
	}
}

// unknownNamespacePart finds the first segment of a using directive's
// dotted name that names no namespace, as C# reports it, with its position.
func (c *Compiler) unknownNamespacePart(files []*lang.File, u *lang.UsingDirective) (string, lang.Pos) {
	pos := u.NamePos
	if pos.Line == 0 {
		pos = u.Pos
	}
	parts := strings.Split(u.Name, ".")
	prefix := ""
	for _, p := range parts {
		full := p
		if prefix != "" {
			full = prefix + "." + p
		}
		if !knownNamespaces[full] && !c.declaresNamespace(files, full) && !hasKnownNamespaceUnder(full) {
			return p, pos
		}
		prefix = full
		pos.Col += len(p) + 1
	}
	return u.Name, u.NamePos
}

// hasKnownNamespaceUnder reports whether a known namespace lies under ns.
func hasKnownNamespaceUnder(ns string) bool {
	for k := range knownNamespaces {
		if strings.HasPrefix(k, ns+".") {
			return true
		}
	}
	return false
}

func (c *Compiler) declaresNamespace(files []*lang.File, ns string) bool {
	for _, f := range files {
		for _, td := range f.Types {
			if td.Namespace == ns || strings.HasPrefix(td.Namespace, ns+".") {
				return true
			}
		}
		if f.Namespace == ns {
			return true
		}
	}
	return false
}

// orderedClasses returns classes with every base class before its subclasses.
func (c *Compiler) orderedClasses() []*classInfo {
	var out []*classInfo
	seen := map[*classInfo]bool{}
	var visit func(ci *classInfo, depth int)
	visit = func(ci *classInfo, depth int) {
		if seen[ci] || depth > 64 {
			return
		}
		seen[ci] = true
		if ci.base != nil {
			visit(ci.base, depth+1)
		}
		out = append(out, ci)
	}
	for _, ci := range c.classes {
		visit(ci, 0)
	}
	return out
}

// addFunc registers a function in the program's table and returns its index.
func (c *Compiler) addFunc(f *vm.Func) int {
	if i, ok := c.funcIndex[f]; ok {
		return i
	}
	i := len(c.prog.Funcs)
	c.prog.Funcs = append(c.prog.Funcs, f)
	c.funcIndex[f] = i
	return i
}

// addType registers a type in the program's table and returns its index.
func (c *Compiler) addType(t *vm.Type) int {
	if i, ok := c.typeIndex[t]; ok {
		return i
	}
	i := len(c.prog.Types)
	c.prog.Types = append(c.prog.Types, t)
	c.typeIndex[t] = i
	return i
}

// site returns the index of a new by-name member site for one access in
// the code (see slotSite).
func (c *Compiler) site(name string, argc int) int { return c.slotSite(name, argc, nil) }

// slotSite returns the index of a new member site for one access in the
// code: a call of the virtual or interface method m is dispatched by m's
// slot (by name and argc when m is nil or has no slot, or on a receiver
// whose type has no slots). Each site has its own inline cache, so sites
// of one name whose receivers differ in type (sm's builder and awaiter
// calls, which every state machine makes) do not evict each other's entry.
//
// A site index is a 16-bit instruction operand. Past maxSites sites, the
// sites of one name, argument count and method share the first one's
// (correct, only slower when receivers differ); a member first referenced
// past it is a compile error.
func (c *Compiler) slotSite(name string, argc int, m *vm.Func) int {
	if m != nil && m.Slot == 0 {
		m = nil
	}
	k := siteKey{name, argc, m}
	first, seen := c.siteIndex[k]
	if len(c.prog.Sites) >= maxSites {
		if !seen {
			c.errorf(c.at, "the program references more than %d members by name; asyncvm cannot compile it", maxSites)
			return 0
		}
		return first
	}
	i := len(c.prog.Sites)
	c.prog.Sites = append(c.prog.Sites, &vm.Site{Name: name, Argc: argc, Method: m})
	if !seen {
		c.siteIndex[k] = i
	}
	return i
}

// maxSites is the number of site indices an instruction operand holds.
const maxSites = 1 << 16

// static returns the index of a static field reference.
func (c *Compiler) static(t *vm.Type, idx int) int {
	r := vm.StaticRef{T: t, I: idx}
	if i, ok := c.staticIndex[r]; ok {
		return i
	}
	i := len(c.prog.Statics)
	c.prog.Statics = append(c.prog.Statics, r)
	c.staticIndex[r] = i
	return i
}

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
	"asyncvm/vm"
)

//go:embed prelude.cs
var preludeSrc []byte

// PreludeFile is the file name the prelude's positions carry.
const PreludeFile = "<prelude>"

// Options control compilation.
type Options struct {
	// Mode is "rt" (runtime async: async methods compile to async bytecode)
	// or "sm" (every async method has been lowered to a state machine).
	Mode string
	// Lower, when set, rewrites the files before code generation (the sm
	// lowering). It keeps the position of what it is rewriting in *at, and
	// tells copied of each syntax node it copies, so that the binder's
	// annotations follow the copy.
	Lower func(files []*lang.File, mode string, at *lang.Pos, copied func(from, to any)) lang.Diagnostics
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
}

// Compiler holds the state of one compilation.
type Compiler struct {
	opts  Options
	prog  *vm.Program
	diags lang.Diagnostics
	srcs  map[string][]byte

	classes     []*classInfo
	classByFull map[string]*classInfo
	classByType map[*vm.Type]*classInfo
	namespaces  map[string]bool // namespaces the program declares

	funcIndex   map[*vm.Func]int
	typeIndex   map[*vm.Type]int
	siteIndex   map[siteKey]int
	staticIndex map[vm.StaticRef]int

	pending  []func()         // bodies to compile after all declarations
	captured map[declKey]bool // variables captured by closures, found by the dry pass
	lambdaN  int

	typeParams [][]string // type parameters of the generic methods being compiled

	// info is the binder's view of the program: expression types and the
	// methods overload resolution chose.
	info *bind.Info

	// at is the position being compiled (or rewritten by Lower), for the
	// report of an internal error.
	at      lang.Pos
	imports map[*lang.File][]staticImport // `using static` types of each file, resolved on first use
}

type siteKey struct {
	name string
	argc int
}

// Compile compiles the parsed files (the prelude is added) into a program.
//
// Compile is the one place where a Go panic in the compiler or the sm
// rewrite (always a bug in asyncvm) is recovered: it becomes a single
// diagnostic "internal error: ..." at the position being compiled, which
// IsInternal recognizes.
func Compile(files []*lang.File, srcs map[string][]byte, opts Options) (prog *vm.Program, diags lang.Diagnostics) {
	if opts.Mode == "" {
		opts.Mode = "rt"
	}
	c := &Compiler{}
	defer func() {
		if r := recover(); r != nil {
			at := c.at
			if at.Line < 1 {
				at = lang.Pos{Line: 1, Col: 1}
				if len(files) > 0 {
					at.File = files[0].Name
				}
			}
			prog, diags = nil, lang.Diagnostics{{Pos: at, Msg: vm.InternalErrorMsg(r)}}
		}
	}()
	*c = Compiler{
		opts:        opts,
		srcs:        srcs,
		prog:        &vm.Program{Extensions: map[string][]*vm.Func{}},
		classByFull: map[string]*classInfo{},
		classByType: map[*vm.Type]*classInfo{},
		namespaces:  map[string]bool{},
		funcIndex:   map[*vm.Func]int{},
		typeIndex:   map[*vm.Type]int{},
		siteIndex:   map[siteKey]int{},
		staticIndex: map[vm.StaticRef]int{},
		captured:    map[declKey]bool{},
	}
	pre := preludeAST()
	all := append([]*lang.File{pre}, files...)
	info, bindDiags := bind.Bind(pre, files)
	c.info = info
	reifyTypeArgs(all)
	if opts.Lower != nil {
		if ds := opts.Lower(all, opts.Mode, &c.at, info.Copied); len(ds) > 0 {
			return nil, sortDiags(ds)
		}
	}
	if len(files) > 0 {
		c.prog.File = files[0].Name
	}
	for k, v := range vm.LibraryExtensions() {
		c.prog.Extensions[k] = v
	}
	c.compileFiles(all)
	if ds := mergeDiags(bindDiags, c.diags); len(ds) > 0 {
		return nil, sortDiags(ds)
	}
	return c.prog, nil
}

// mergeDiags joins the binder's diagnostics with code generation's. Where
// both report at one position, the binder's (C#'s code and wording) stands.
func mergeDiags(bound, gen lang.Diagnostics) lang.Diagnostics {
	if len(bound) == 0 {
		return gen
	}
	at := map[lang.Pos]bool{}
	for _, d := range bound {
		at[d.Pos] = true
	}
	out := append(lang.Diagnostics{}, bound...)
	for _, d := range gen {
		if !at[d.Pos] {
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
	// Phase 3: compile bodies.
	for len(c.pending) > 0 {
		p := c.pending
		c.pending = nil
		for _, f := range p {
			f()
		}
	}
	c.findEntry(files)
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

// site returns the index of a by-name member site.
func (c *Compiler) site(name string, argc int) int {
	k := siteKey{name, argc}
	if i, ok := c.siteIndex[k]; ok {
		return i
	}
	i := len(c.prog.Sites)
	c.prog.Sites = append(c.prog.Sites, &vm.Site{Name: name, Argc: argc})
	c.siteIndex[k] = i
	return i
}

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

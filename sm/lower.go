// Package sm is the classic execution model: a rewrite of every async
// method, async lambda and async local function of the bound program into
// a stub and a MoveNext state machine, as the C# compiler does in a
// Release build, plus the method builders (AsyncTaskMethodBuilder and
// friends) that drive the state machines at run time. The rewrite reads the
// binder's types (bind.Info) for its fields and records the types of what
// it synthesises (types.go). After the rewrite no await remains and the
// compiler generates ordinary code.
//
// Lowering a method body runs these passes, in order:
//
//  1. desugar: foreach, using and loops whose hidden state or condition
//     involves an await become explicit loops and try/finally statements;
//  2. handlers: awaits in catch and finally blocks move out of the handler,
//     with a pending exception and a pending branch number;
//  3. spill: every await becomes a statement of its own (`await e;`,
//     `x = await e;` or `T x = await e;`), earlier operands in temporaries;
//  4. hoisting: a liveness analysis over the control flow graph decides which
//     locals must survive a suspension; those become fields;
//  5. expansion: each await becomes the awaiter pattern with its resume
//     label, every try containing awaits gets its own dispatch switch, and
//     its finally block is guarded so that suspending does not run it.
package sm

import (
	"fmt"
	"strings"

	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// Item is one lowered async function, kept for printing.
type Item struct {
	Name    string         // the method or local function name ("<lambda>" for lambdas)
	Owner   *lang.TypeDecl // the class holding the stub and the state machine
	Stub    lang.Node      // the stub method, or the rewritten lambda / local function
	Machine *lang.TypeDecl // the state machine class; nil for the closure form
}

type lowering struct {
	mode    string
	diags   lang.Diagnostics
	tempN   int
	labelN  int
	smN     int
	hoistN  int
	classes map[string]*lang.TypeDecl
	// named lists every class of a simple name, and outer the type each
	// nested type is declared in, so that a base class is found among
	// its namesakes by C#'s scopes (baseClass).
	named map[string][]*lang.TypeDecl
	outer map[*lang.TypeDecl]*lang.TypeDecl
	items []*Item
	// wrappers counts the base-access wrappers given to each type (base.go).
	wrappers map[*lang.TypeDecl]int
	at       lang.Pos // the function being rewritten
	// info is the binder's view of the program. The lowering reads it (the
	// types of awaited expressions and of locals) and extends it for the
	// nodes it synthesises or copies, so that code generation sees a typed
	// tree.
	info *bind.Info
}

// Lower rewrites the async functions of the bound files in place: in mode
// "sm" all of them, in mode "rt" only the methods marked
// [RuntimeAsyncMethodGeneration(false)] (mixed mode). It reads what the
// binder recorded in info and records there the types of what it
// synthesises and the variables its functions capture.
//
// A Go panic while lowering (a bug in asyncvm) is recovered here and
// becomes a single "internal error" diagnostic at the function being
// rewritten, which compiler.IsInternal recognizes.
func Lower(files []*lang.File, info *bind.Info, mode string) (diags lang.Diagnostics) {
	l := &lowering{}
	defer func() {
		if r := recover(); r != nil {
			at := l.at
			if at.Line < 1 {
				at = lang.Pos{Line: 1, Col: 1}
				if len(files) > 0 {
					at.File = files[len(files)-1].Name
				}
			}
			diags = lang.Diagnostics{{Pos: at, Msg: vm.InternalErrorMsg(r)}}
		}
	}()
	lowerFiles(l, files, info, mode)
	return l.diags
}

func lowerFiles(l *lowering, files []*lang.File, info *bind.Info, mode string) *lowering {
	*l = lowering{mode: mode, classes: map[string]*lang.TypeDecl{}, info: info, wrappers: map[*lang.TypeDecl]int{},
		named: map[string][]*lang.TypeDecl{}, outer: map[*lang.TypeDecl]*lang.TypeDecl{}}
	var collect func(td *lang.TypeDecl)
	collect = func(td *lang.TypeDecl) {
		if _, ok := l.classes[td.Name]; !ok {
			l.classes[td.Name] = td
		}
		l.named[td.Name] = append(l.named[td.Name], td)
		for _, m := range td.Members {
			if nt, ok := m.(*lang.TypeDecl); ok {
				l.outer[nt] = td
				collect(nt)
			}
		}
	}
	for _, f := range files {
		for _, td := range f.Types {
			collect(td)
		}
	}
	for _, f := range files {
		// Generated names are numbered per file, so that a program's names
		// do not depend on what the prelude lowers.
		l.smN, l.hoistN, l.tempN, l.labelN = 0, 0, 0, 0
		for _, s := range f.Stmts {
			l.lowerLocalIterators(s, nil)
		}
		if mode == "sm" && len(f.Stmts) > 0 && stmtsHaveAwait(f.Stmts) {
			l.topLevel(f, files)
		}
		for _, td := range f.Types {
			l.lowerType(td)
		}
		if mode == "sm" {
			for _, s := range f.Stmts {
				l.lowerNested(s, nil)
			}
		}
	}
	// The rewritten functions declare new variables, and a closure-form
	// MoveNext captures the stub's: the closure analysis runs again on what
	// the lowering produced, once all of it is in place.
	for _, it := range l.items {
		info.AnalyzeCaptures(it.Stub)
		if it.Machine != nil {
			info.AnalyzeCaptures(it.Machine)
		}
	}
	return l
}

func (l *lowering) errorf(pos lang.Pos, format string, args ...any) {
	l.diags = append(l.diags, lang.Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// topLevel wraps awaiting top-level statements into Program.<Main>$, as the
// compiler would, so that the entry point can be lowered like any method.
func (l *lowering) topLevel(f *lang.File, files []*lang.File) {
	pos := f.Stmts[0].Position()
	returnsValue := false
	for _, s := range f.Stmts {
		lang.Inspect(s, func(n lang.Node) bool {
			switch n := n.(type) {
			case *lang.LambdaExpr, *lang.LocalFuncStmt:
				return false
			case *lang.ReturnStmt:
				if n.X != nil {
					returnsValue = true
				}
			}
			return true
		})
	}
	ret := typeRef(pos, "Task")
	if returnsValue {
		ret.Args = []*lang.TypeRef{typeRef(pos, "int")}
	}
	main := &lang.MethodDecl{Pos: pos, Modifiers: lang.ModStatic | lang.ModPrivate | lang.ModAsync, ReturnType: ret, Name: "<Main>$",
		Params: []*lang.Param{{Pos: pos, Type: &lang.TypeRef{Pos: pos, ArrayRank: 1, Elem: typeRef(pos, "string")}, Name: "args"}},
		Body:   &lang.BlockStmt{Pos: pos, Stmts: f.Stmts}}
	f.Stmts = nil
	for _, g := range files {
		for _, td := range g.Types {
			if td.Name == "Program" && td.Namespace == "" && td.Kind == lang.KindClass {
				td.Members = append(td.Members, main)
				return
			}
		}
	}
	td := &lang.TypeDecl{Pos: pos, Kind: lang.KindClass, Name: "Program", Modifiers: lang.ModStatic | lang.ModPartial, Members: []lang.Member{main}}
	f.Types = append(f.Types, td)
	l.classes["Program"] = td
}

// wantsClassic reports whether a method keeps (or gets) a state machine in
// the current mode.
func (l *lowering) wantsClassic(m *lang.MethodDecl) bool {
	if l.mode == "sm" {
		return true
	}
	for _, a := range m.Attributes {
		name := a.Name
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		if name != "RuntimeAsyncMethodGeneration" && name != "RuntimeAsyncMethodGenerationAttribute" {
			continue
		}
		if len(a.Args) == 1 {
			if lit, ok := a.Args[0].X.(*lang.Literal); ok && lit.Value == false {
				return true
			}
		}
	}
	return false
}

func (l *lowering) lowerType(td *lang.TypeDecl) {
	l.lowerIterators(td)
	var extra []lang.Member
	for i, m := range td.Members {
		switch m := m.(type) {
		case *lang.TypeDecl:
			l.lowerType(m)
		case *lang.MethodDecl:
			if m.Modifiers.Has(lang.ModAsync) && (m.Body != nil || m.ExprBody != nil) && l.wantsClassic(m) {
				stub, machine := l.lowerMethod(td, m)
				if machine != nil {
					td.Members[i] = stub
					extra = append(extra, machine)
				}
				if l.mode == "sm" && machine != nil {
					l.lowerNested(machine, td)
				}
				continue
			}
		}
		if l.mode == "sm" {
			l.lowerNested(m, td)
		}
	}
	td.Members = append(td.Members, extra...)
}

// lowerNested lowers the async lambdas and local functions inside n, in
// place (the closure form).
func (l *lowering) lowerNested(n lang.Node, owner *lang.TypeDecl) {
	if n == nil {
		return
	}
	var visit func(n lang.Node)
	visit = func(n lang.Node) {
		lang.Inspect(n, func(m lang.Node) bool {
			switch m := m.(type) {
			case *lang.LambdaExpr:
				if m.IsAsync {
					l.lowerLambda(m, owner)
					visit(m.Body)
					return false
				}
			case *lang.LocalFuncStmt:
				if m.Func.Modifiers.Has(lang.ModAsync) && (m.Func.Body != nil || m.Func.ExprBody != nil) {
					l.lowerLocalFunc(m, owner)
					visit(m.Func.Body)
					return false
				}
			}
			return true
		})
	}
	visit(n)
}

// fnLowering is the lowering of one async function.
type fnLowering struct {
	l       *lowering
	pos     lang.Pos
	kind    builderKind
	result  *lang.TypeRef // T of Task<T> / ValueTask<T>
	closure bool          // lambda or local function: the closure form
	static  bool
	owner   *lang.TypeDecl
	// baseWrapped marks the `base` accesses moved into wrapper methods
	// (base.go).
	baseWrapped map[*lang.BaseExpr]bool
	names       map[string]bool // every name declared in the function
	members     map[string]bool // members of the enclosing classes
	instance    map[string]bool // instance members of the enclosing class (and its bases)
	typeParams  map[string]bool // the method's type parameters
	typeArgs    []string        // the same, in declaration order
	// methods lists the methods of the enclosing class (and its bases) by
	// name, so that a call of a name both static and instance methods
	// share reaches the overload its arguments fit.
	methods  map[string][]*lang.MethodDecl
	usesThis bool
	// iter is set for an iterator (iterator.go), params to its parameters.
	iter   *bind.Iterator
	params []*lang.Param
	// disposeLeaves are the yield returns inside a try whose finally
	// awaits: desugaring gave each its own dispose-mode exit through
	// that finally, so the expansion adds none (iterator.go, yield).
	disposeLeaves map[*lang.YieldStmt]bool
	// awaiters are the awaiter fields, one per awaiter type (types.go).
	awaiters []*awaiterSlot
	display  string // "Class.Method()" for diagnostics, "" for lambdas and local functions
	// guarded marks the null-conditional links whose rest of chain is
	// already spilled under a null test (spill.go, nullCondChain).
	guarded map[lang.Expr]bool
}

// fitsArgs reports whether a call with n arguments can bind to m.
func fitsArgs(m *lang.MethodDecl, n int) bool {
	min, max := 0, len(m.Params)
	for _, p := range m.Params {
		if p.Modifier == "params" {
			max = -1
		} else if p.Default == nil {
			min++
		}
	}
	return n >= min && (max < 0 || n <= max)
}

// staticCall reports whether a call of name with n arguments can only mean
// a static method: some static method fits and no instance method does.
func (fl *fnLowering) staticCall(name string, n int) bool {
	static := false
	for _, m := range fl.methods[name] {
		if !fitsArgs(m, n) {
			continue
		}
		if !m.Modifiers.Has(lang.ModStatic) {
			return false
		}
		static = true
	}
	return static
}

func (fl *fnLowering) errorf(pos lang.Pos, format string, args ...any) {
	fl.l.errorf(pos, format, args...)
}

func (fl *fnLowering) returnsValue() bool { return fl.kind == kindTaskT || fl.kind == kindValueTaskT }

// resultTypeOrObject is the declared result type, or object when it is
// unknown or names a method type parameter.
func (fl *fnLowering) resultTypeOrObject() *lang.TypeRef {
	return fl.fieldType(fl.result, fl.pos)
}

// fieldType is the type a hoisted variable's field is declared with.
func (fl *fnLowering) fieldType(t *lang.TypeRef, pos lang.Pos) *lang.TypeRef {
	if t == nil || t.Name == "var" || fl.mentionsTypeParam(t) {
		return typeRef(pos, "object")
	}
	return cloneType(t)
}

func (fl *fnLowering) mentionsTypeParam(t *lang.TypeRef) bool {
	if t == nil {
		return false
	}
	if fl.typeParams[t.Name] {
		return true
	}
	for _, a := range t.Args {
		if fl.mentionsTypeParam(a) {
			return true
		}
	}
	return fl.mentionsTypeParam(t.Elem)
}

// inferType guesses a var local's type from its initializer, for the field
// that holds it (object when unknown: values carry their runtime type).
func (fl *fnLowering) inferType(v *variable, pos lang.Pos) *lang.TypeRef {
	if v.typ != nil && v.typ.Name != "var" {
		return fl.fieldType(v.typ, pos)
	}
	switch x := v.init.(type) {
	case *lang.Literal:
		if x.Kind != lang.LitNull {
			return typeRef(pos, x.Kind.String())
		}
	case *lang.InterpolatedString:
		return typeRef(pos, "string")
	case *lang.NewExpr:
		if x.Type != nil {
			return fl.fieldType(x.Type, pos)
		}
	}
	return typeRef(pos, "object")
}

func kindOf(t *lang.TypeRef) (builderKind, *lang.TypeRef, bool) {
	if t == nil {
		return kindTask, nil, true
	}
	name := t.Name
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	switch {
	case name == "void" && t.ArrayRank == 0:
		return kindVoid, nil, true
	case name == "Task" && len(t.Args) == 0:
		return kindTask, nil, true
	case name == "Task" && len(t.Args) == 1:
		return kindTaskT, t.Args[0], true
	case name == "ValueTask" && len(t.Args) == 0:
		return kindValueTask, nil, true
	case name == "ValueTask" && len(t.Args) == 1:
		return kindValueTaskT, t.Args[0], true
	}
	return 0, nil, false
}

func (l *lowering) newFn(owner *lang.TypeDecl, pos lang.Pos, params []*lang.Param, body *lang.BlockStmt, typeParams []string) *fnLowering {
	l.at = pos
	fl := &fnLowering{l: l, pos: pos, owner: owner, names: map[string]bool{}, members: map[string]bool{}, baseWrapped: map[*lang.BaseExpr]bool{},
		instance: map[string]bool{}, typeParams: map[string]bool{}, methods: map[string][]*lang.MethodDecl{}}
	for _, p := range params {
		fl.names[p.Name] = true
	}
	fl.typeArgs = typeParams
	for _, tp := range typeParams {
		fl.typeParams[tp] = true
	}
	lang.Inspect(body, func(n lang.Node) bool {
		switch n := n.(type) {
		case *lang.Declarator:
			fl.names[n.Name] = true
		case *lang.Param:
			fl.names[n.Name] = true
		case *lang.DeclExpr:
			fl.names[n.Name] = true
		case *lang.TypePattern:
			fl.names[n.Name] = true
		case *lang.VarPattern:
			fl.names[n.Name] = true
		case *lang.CatchClause:
			fl.names[n.Name] = true
		case *lang.ForeachStmt:
			fl.names[n.Name] = true
		case *lang.Ident:
			fl.names[n.Name] = fl.names[n.Name] || false
		}
		return true
	})
	seen := map[*lang.TypeDecl]bool{}
	var addMembers func(td *lang.TypeDecl, own bool)
	addMembers = func(td *lang.TypeDecl, own bool) {
		if td == nil || seen[td] {
			return
		}
		seen[td] = true
		for _, m := range td.Members {
			var name string
			var mods lang.Modifiers
			switch m := m.(type) {
			case *lang.FieldDecl:
				for _, d := range m.Decls {
					fl.members[d.Name] = true
					if own && !m.Modifiers.Has(lang.ModStatic) && !m.Modifiers.Has(lang.ModConst) {
						fl.instance[d.Name] = true
					}
				}
				continue
			case *lang.PropertyDecl:
				name, mods = m.Name, m.Modifiers
			case *lang.MethodDecl:
				name, mods = m.Name, m.Modifiers
				if own {
					fl.methods[name] = append(fl.methods[name], m)
				}
			default:
				continue
			}
			fl.members[name] = true
			if own && !mods.Has(lang.ModStatic) {
				fl.instance[name] = true
			}
		}
		if own {
			for _, p := range td.PrimaryParams {
				fl.members[p.Name] = true
				fl.instance[p.Name] = true
			}
		}
		// A class inherits its base classes' members; an interface, its
		// base interfaces' (a default method calls them by simple name).
		// A class does not inherit its interfaces' default members.
		for _, b := range td.Bases {
			if bt := l.baseClass(td, b.Name); bt != nil && (bt.Kind == lang.KindClass || td.Kind == lang.KindInterface && bt.Kind == lang.KindInterface) {
				addMembers(bt, own)
			}
		}
		for _, part := range l.otherParts(td) {
			addMembers(part, own)
		}
	}
	addMembers(owner, true)
	return fl
}

// lowerMethod rewrites an async method into its stub and state machine class.
func (l *lowering) lowerMethod(owner *lang.TypeDecl, m *lang.MethodDecl) (*lang.MethodDecl, *lang.TypeDecl) {
	kind, result, ok := kindOf(m.ReturnType)
	if !ok {
		l.errorf(m.ReturnType.Pos, "The return type of an async method must be void, Task, Task<T>, ValueTask or ValueTask<T>")
		return m, nil
	}
	body := m.Body
	if body == nil {
		body = exprBody(m.ExprBody, kind == kindTaskT || kind == kindValueTaskT)
	}
	// The state machine of a member of a generic class is generic in the
	// class's type parameters too, as Roslyn's is.
	typeParams := m.TypeParams
	if (owner.Kind == lang.KindClass || owner.Kind == lang.KindStruct) && len(owner.TypeParams) > 0 {
		typeParams = append(append([]string{}, owner.TypeParams...), m.TypeParams...)
	}
	fl := l.newFn(owner, m.Pos, m.Params, body, typeParams)
	fl.kind, fl.result = kind, result
	fl.display = owner.Name + "." + m.Name + "()"
	fl.static = m.Modifiers.Has(lang.ModStatic)
	l.smN++
	smName := fmt.Sprintf("<%s>d__%d", m.Name, l.smN-1)
	mc := fl.machine(m.Params, body)
	if mc == nil {
		return m, nil
	}
	stub, machine := fl.classForm(owner, m, smName, mc)
	l.items = append(l.items, &Item{Name: m.Name, Owner: owner, Stub: stub, Machine: machine})
	return stub, machine
}

func exprBody(x lang.Expr, value bool) *lang.BlockStmt {
	pos := x.Position()
	if value {
		return block(pos, &lang.ReturnStmt{Pos: pos, X: x})
	}
	return block(pos, exprStmt(x))
}

// lowerLambda rewrites an async lambda in place into a lambda that builds
// and starts a closure-form state machine.
func (l *lowering) lowerLambda(e *lang.LambdaExpr, owner *lang.TypeDecl) {
	kind := kindTask
	if e.ExprBody != nil || returnsValue(e.Body) {
		kind = kindTaskT
	}
	body := e.Body
	if body == nil {
		body = exprBody(e.ExprBody, kind == kindTaskT)
	}
	fl := l.newFn(owner, e.Pos, e.Params, body, nil)
	fl.kind, fl.closure = kind, true
	mc := fl.machine(e.Params, body)
	if mc == nil {
		return
	}
	e.IsAsync = false
	e.ExprBody = nil
	e.Body = fl.closureForm(mc)
	l.items = append(l.items, &Item{Name: "<lambda>", Owner: owner, Stub: e})
}

// lowerLocalFunc rewrites an async local function in place.
func (l *lowering) lowerLocalFunc(s *lang.LocalFuncStmt, owner *lang.TypeDecl) {
	m := s.Func
	kind, result, ok := kindOf(m.ReturnType)
	if !ok {
		l.errorf(m.ReturnType.Pos, "The return type of an async method must be void, Task, Task<T>, ValueTask or ValueTask<T>")
		return
	}
	body := m.Body
	if body == nil {
		body = exprBody(m.ExprBody, kind == kindTaskT || kind == kindValueTaskT)
	}
	fl := l.newFn(owner, m.Pos, m.Params, body, m.TypeParams)
	fl.kind, fl.result, fl.closure = kind, result, true
	mc := fl.machine(m.Params, body)
	if mc == nil {
		return
	}
	m.Modifiers &^= lang.ModAsync
	m.ExprBody = nil
	m.Body = fl.closureForm(mc)
	l.items = append(l.items, &Item{Name: m.Name, Owner: owner, Stub: s})
}

func returnsValue(b *lang.BlockStmt) bool {
	found := false
	if b == nil {
		return false
	}
	lang.Inspect(b, func(n lang.Node) bool {
		switch n := n.(type) {
		case *lang.LambdaExpr, *lang.LocalFuncStmt:
			return false
		case *lang.ReturnStmt:
			if n.X != nil {
				found = true
			}
		}
		return true
	})
	return found
}

// baseClass finds the class named name that td's base list names: among
// the classes of that simple name, the one declared in the innermost type
// enclosing td (td's siblings first), else one of td's namespace, else
// the first declared.
// otherParts returns the other declarations of partial type td: its
// members are declared in all of them.
func (l *lowering) otherParts(td *lang.TypeDecl) []*lang.TypeDecl {
	if !td.Modifiers.Has(lang.ModPartial) {
		return nil
	}
	var parts []*lang.TypeDecl
	for _, c := range l.named[td.Name] {
		if c != td && c.Modifiers.Has(lang.ModPartial) && l.outer[c] == l.outer[td] && c.Namespace == td.Namespace &&
			len(c.TypeParams) == len(td.TypeParams) {
			parts = append(parts, c)
		}
	}
	return parts
}

func (l *lowering) baseClass(td *lang.TypeDecl, name string) *lang.TypeDecl {
	cands := l.named[name]
	if len(cands) <= 1 {
		return l.classes[name]
	}
	for scope := l.outer[td]; scope != nil; scope = l.outer[scope] {
		for _, c := range cands {
			if l.outer[c] == scope {
				return c
			}
		}
	}
	for _, c := range cands {
		if l.outer[c] == nil && c.Namespace == td.Namespace {
			return c
		}
	}
	return l.classes[name]
}

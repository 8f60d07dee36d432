package compiler

import (
	"fmt"
	"slices"
	"strings"

	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// classInfo is the compiler's view of a class, interface or enum declared in
// source (the program's or the prelude's).
type classInfo struct {
	decl  *lang.TypeDecl
	file  *lang.File
	t     *vm.Type
	outer *classInfo
	base  *classInfo // base class declared in source, nil for object or a library base
	// nativeBase is the written library base class whose objects carry a
	// native payload (nativeBase), which the base constructor makes.
	nativeBase *lang.TypeRef
	explicit   []*vm.Func // explicit interface implementations (entered under vm.ExplicitKey)
	// vtable is the class's virtual slots (vm.Type.VTable), each holding
	// the method that is the class's override for it; islots an
	// interface's members by slot. Slot 0 is unused in both.
	vtable, islots []*methodInfo
	// imap holds, for each interface (definition) the class implements,
	// its implementation of each of the interface's slots (vm.Type.IMap).
	imap   map[*vm.Type][]*methodInfo
	nested map[string]*classInfo
	// typeParams are the class's type parameters as its run-time type has
	// them: those of the classes it is nested in first, then its own (a
	// class nested in Outer<T> is generic in T, as in the CLR).
	typeParams []string

	fields   map[string]*fieldInfo // instance fields, inherited included
	statics  map[string]*fieldInfo // static fields declared here
	methods  map[string][]*methodInfo
	smethods map[string][]*methodInfo
	props    map[string]*propInfo
	ctors    []*methodInfo
	cctor    *lang.CtorDecl
	initSlot int // hidden static that triggers the static constructor, -1 if none
	// constructed says the compiler made constructed types of this generic
	// class (Compiler.constructed lists it once).
	constructed bool
	usings      []string
}

type fieldInfo struct {
	name    string
	decl    lang.Node
	typ     *vm.Type // declared type when it converts on store
	typeRef *lang.TypeRef
	index   int
	static  bool
	isConst bool
	init    lang.Expr
	owner   *classInfo
}

type methodInfo struct {
	name     string
	fn       *vm.Func
	cls      *classInfo
	decl     *lang.MethodDecl
	ctor     *lang.CtorDecl
	params   []*lang.Param
	static   bool
	virtual  bool
	ret      *lang.TypeRef
	async    bool
	typeArgs []string
	hidden   int // hidden type-argument parameters (see generic.go)
	// classHidden counts the hidden parameters of a static member of a
	// generic class that carry the class's type arguments (reify.go); they
	// come before the method's own.
	classHidden int
	// key is the declaration the binder bound (decl, or the method an sm
	// stub stands for); nil for an accessor.
	key *lang.MethodDecl
	// prop and accessor say which accessor ("get", "set", ...) of which
	// property or indexer declaration an accessor method is.
	prop     *lang.PropertyDecl
	accessor string
	// slot is the method's virtual slot (classInfo.vtable) or, for an
	// interface member, its interface slot (classInfo.islots); 0 for none.
	// root is the key of the virtual method that introduced the slot,
	// which the binder binds calls to.
	slot int
	root *lang.MethodDecl
}

type propInfo struct {
	name  string
	field *fieldInfo // the field that is the property (auto-property), when accessed directly
	// backing is a virtual auto-property's backing field: a get-only
	// one's assignments in its class's constructors write it (C# §15.7.4).
	backing *fieldInfo
	get     *methodInfo
	set     *methodInfo
	static  bool
	typ     *vm.Type
	typeRef *lang.TypeRef // the declared type
}

func (c *Compiler) declareType(td *lang.TypeDecl, outer *classInfo, f *lang.File) {
	ns := td.Namespace
	name := td.Name
	if outer != nil {
		ns = outer.t.Namespace
		name = outer.t.Name + "+" + td.Name
	}
	if len(td.TypeParams) > 0 {
		name += "`" + itoa(len(td.TypeParams))
	}
	if td.Kind == lang.KindDelegate {
		// A delegate type has no class of its own: its values are
		// delegates (vm.TDelegate), and lookupTypeName resolves its name
		// to that type.
		ci := &classInfo{decl: td, file: f, t: vm.TDelegate, outer: outer}
		full := name
		if ns != "" {
			full = ns + "." + name
		}
		if _, ok := c.classByFull[full]; ok {
			c.errorf(td.Pos, "The namespace '%s' already contains a definition for '%s'", ns, td.Name)
			return
		}
		c.classByFull[full] = ci
		if outer != nil {
			outer.nested[td.Name] = ci
		}
		return
	}
	var t *vm.Type
	switch td.Kind {
	case lang.KindEnum:
		t = vm.NewEnumType(ns, name, nil)
	default:
		t = &vm.Type{Kind: vm.KindInstance, Namespace: ns, Name: name, Super: vm.TObject}
		t.IsInterface = td.Kind == lang.KindInterface
		t.IsValueType = td.Kind == lang.KindStruct
		t.IsAbstract = td.Modifiers.Has(lang.ModAbstract) || t.IsInterface
		t.IsStatic = td.Modifiers.Has(lang.ModStatic)
	}
	ci := &classInfo{decl: td, file: f, t: t, outer: outer, nested: map[string]*classInfo{},
		fields: map[string]*fieldInfo{}, statics: map[string]*fieldInfo{}, methods: map[string][]*methodInfo{},
		smethods: map[string][]*methodInfo{}, props: map[string]*propInfo{}, initSlot: -1}
	ci.usings = fileUsings(f)
	if outer != nil && (td.Kind == lang.KindClass || td.Kind == lang.KindStruct) {
		ci.typeParams = append(ci.typeParams, outer.typeParams...)
	}
	ci.typeParams = append(ci.typeParams, td.TypeParams...)
	full := t.FullName()
	if old, ok := c.classByFull[full]; ok && td.Modifiers.Has(lang.ModPartial) && old.decl.Modifiers.Has(lang.ModPartial) {
		// Partial classes: merge members into the first declaration.
		old.decl.Members = append(old.decl.Members, td.Members...)
		c.classByDecl[td] = old
		return
	} else if ok && old.file.Name != PreludeFile {
		c.errorf(td.Pos, "The namespace '%s' already contains a definition for '%s'", ns, td.Name)
		return
	}
	c.classByFull[full] = ci
	c.classByType[t] = ci
	c.classByDecl[td] = ci
	c.classes = append(c.classes, ci)
	c.addType(t)
	if outer != nil {
		outer.nested[td.Name] = ci
	}
	for _, m := range td.Members {
		if nt, ok := m.(*lang.TypeDecl); ok {
			c.declareType(nt, ci, f)
		}
	}
}

func fileUsings(f *lang.File) []string {
	us := append([]string{}, implicitUsings...)
	if f.Namespace != "" {
		us = append(us, f.Namespace)
	}
	for _, u := range f.Usings {
		if u.Alias == "" && !u.IsStatic {
			us = append(us, u.Name)
		}
	}
	return us
}

// declareTopLevel wraps top-level statements into Program.<Main>$.
func (c *Compiler) declareTopLevel(f *lang.File) {
	pos := f.Stmts[0].Position()
	isAsync := false
	returnsValue := false
	for _, s := range f.Stmts {
		lang.Inspect(s, func(n lang.Node) bool {
			switch n := n.(type) {
			case *lang.LambdaExpr, *lang.LocalFuncStmt:
				return false
			case *lang.AwaitExpr:
				isAsync = true
			case *lang.ForeachStmt:
				if n.IsAwait {
					isAsync = true
				}
			case *lang.UsingStmt:
				if n.IsAwait {
					isAsync = true
				}
			case *lang.UsingDeclStmt:
				if n.IsAwait {
					isAsync = true
				}
			case *lang.ReturnStmt:
				if n.X != nil {
					returnsValue = true
				}
			}
			return true
		})
	}
	ret := &lang.TypeRef{Pos: pos, Name: "void"}
	switch {
	case isAsync && returnsValue:
		ret = &lang.TypeRef{Pos: pos, Name: "Task", Args: []*lang.TypeRef{{Pos: pos, Name: "int"}}}
	case isAsync:
		ret = &lang.TypeRef{Pos: pos, Name: "Task"}
	case returnsValue:
		ret = &lang.TypeRef{Pos: pos, Name: "int"}
	}
	mods := lang.ModStatic | lang.ModPrivate
	if isAsync {
		mods |= lang.ModAsync
	}
	main := &lang.MethodDecl{Pos: pos, Modifiers: mods, ReturnType: ret, Name: "<Main>$",
		Params: []*lang.Param{{Pos: pos, Type: &lang.TypeRef{Pos: pos, ArrayRank: 1, Elem: &lang.TypeRef{Pos: pos, Name: "string"}}, Name: "args"}},
		Body:   &lang.BlockStmt{Pos: pos, Stmts: f.Stmts}}
	if ci, ok := c.classByFull["Program"]; ok {
		ci.decl.Members = append(ci.decl.Members, main)
		return
	}
	td := &lang.TypeDecl{Pos: pos, Kind: lang.KindClass, Name: "Program", Modifiers: lang.ModStatic | lang.ModPartial, Members: []lang.Member{main}}
	c.declareType(td, nil, f)
}

func (c *Compiler) resolveBases(ci *classInfo) {
	for i, b := range ci.decl.Bases {
		if ci.decl.Kind == lang.KindEnum {
			continue
		}
		bt, bci := c.baseType(b, ci)
		if bt == nil {
			continue
		}
		if bt.IsInterface || (bci != nil && bci.decl.Kind == lang.KindInterface) {
			ci.t.Ifaces = append(ci.t.Ifaces, bt)
			if it := c.interfaceConstruction(b, bci, ci); it != nil {
				ci.t.IfaceCons = append(ci.t.IfaceCons, it)
			}
			continue
		}
		if i > 0 {
			c.errorf(b.Pos, "Class '%s' cannot have multiple base classes", ci.decl.Name)
			continue
		}
		if bci == ci {
			c.errorf(b.Pos, "Circular base type dependency involving '%s'", ci.decl.Name)
			continue
		}
		if bci == nil && nativeBase(bt) {
			ci.nativeBase = b
		}
		ci.t.Super = bt
		ci.base = bci
	}
}

// nativeBase reports whether bt is a library class whose objects carry a
// native payload (List<T>, Dictionary<K,V>, ...): a program class deriving
// from it keeps the base's library object in a hidden first field
// (vm.Type.NativeBase). Task has its own such field (vm.Type.TaskBase), and
// a class marked vm.Type.Derivable (TaskScheduler, TextWriter) works on the
// program's object itself.
func nativeBase(bt *vm.Type) bool {
	def := bt
	if bt.Def != nil {
		def = bt.Def
	}
	return def.Kind == vm.KindNative && def != vm.TObject && !vm.IsTaskType(def) && !def.IsInterface && !def.Derivable
}

// interfaceConstruction is the run-time construction of the generic
// interface bci that ci names as a base written tr (vm.Type.IfaceCons), its
// arguments naming ci's type parameters as vm.TypeParam; nil when bci is
// not a generic interface declared in source or an argument is unknown.
func (c *Compiler) interfaceConstruction(tr *lang.TypeRef, bci, ci *classInfo) *vm.Type {
	if bci == nil || bci.decl.Kind != lang.KindInterface || len(bci.typeParams) == 0 {
		return nil
	}
	written := c.writtenArgs(tr, bci, ci)
	if len(written) != len(bci.typeParams) {
		return nil
	}
	args := make([]*vm.Type, len(written))
	for i, a := range written {
		if args[i] = c.paramType(a, ci); args[i] == nil {
			return nil
		}
	}
	return vm.Construct(bci.t, args)
}

// declareMembers lays out fields and creates the Func shells of methods,
// constructors and accessors; bodies are compiled later.
func (c *Compiler) declareMembers(ci *classInfo) {
	t := ci.t
	td := ci.decl
	if td.Kind == lang.KindEnum {
		c.declareEnum(ci)
		return
	}
	// Inherit the base's layout, methods and virtual slots.
	t.Methods = map[string][]*vm.Func{}
	ci.vtable, ci.islots = []*methodInfo{nil}, []*methodInfo{nil}
	if ci.base != nil {
		ci.vtable = append(ci.vtable[:0:0], ci.base.vtable...)
		for _, f := range ci.base.t.Fields {
			nf := *f
			t.Fields = append(t.Fields, &nf)
		}
		rebuildFieldIndex(t)
		for k, v := range ci.base.fields {
			ci.fields[k] = v
		}
		for k, v := range ci.base.methods {
			ci.methods[k] = append([]*methodInfo{}, v...)
		}
		for k, v := range ci.base.props {
			if !v.static {
				ci.props[k] = v
			}
		}
		for k, v := range ci.base.t.Methods {
			t.Methods[k] = append([]*vm.Func{}, v...)
		}
	} else if t.Super != nil && t.Super != vm.TObject {
		// A library base class (Attribute, ...): inherit its natives.
		for k, v := range t.Super.Methods {
			t.Methods[k] = append([]*vm.Func{}, v...)
		}
		if vm.IsTaskType(t.Super) || t.Super.Def != nil && vm.IsTaskType(t.Super.Def) {
			// A class deriving from Task: its first field holds the task
			// the base constructor makes (vm.Type.TaskBase).
			t.TaskBase = true
			t.AddField(&vm.Field{Name: vm.TaskField, ReadOnly: true})
		} else if ci.nativeBase != nil {
			// A class deriving from a library collection: its first field
			// holds the library object the base constructor makes
			// (vm.Type.NativeBase).
			t.NativeBase = true
			t.AddField(&vm.Field{Name: vm.NativeField, ReadOnly: true})
		}
	}
	if ci.base != nil && ci.base.t.TaskBase {
		t.TaskBase = true
	}
	if ci.base != nil && ci.base.t.NativeBase {
		t.NativeBase = true
	}
	t.Statics = map[string][]*vm.Func{}
	// Primary constructor parameters become fields.
	if td.HasPrimary && !td.Record { // a record's are its positional properties
		for _, p := range td.PrimaryParams {
			c.addField(ci, p.Name, p, p.Type, false, false, nil)
		}
	}
	if td.HasPrimary && (td.Kind == lang.KindClass || td.Kind == lang.KindStruct) && !t.IsStatic {
		// The primary constructor first: where the binder leaves the
		// choice to run time, the first constructor the argument count
		// fits is called (a record's copy constructor takes one too).
		c.declareCtor(ci, nil, nil)
	}
	for _, m := range td.Members {
		c.at = m.Position()
		switch m := m.(type) {
		case *lang.FieldDecl:
			static := m.Modifiers.Has(lang.ModStatic) || m.Modifiers.Has(lang.ModConst)
			for _, d := range m.Decls {
				fi := c.addField(ci, d.Name, d, m.Type, static, m.Modifiers.Has(lang.ModConst), d.Init)
				if fi != nil && static && hasThreadStatic(m.Attributes) {
					t.StaticFields[fi.index].ThreadStatic = true
					t.HasThreadStatic = true
				}
				if fi != nil && m.Modifiers.Has(lang.ModReadonly) {
					if static {
						t.StaticFields[fi.index].ReadOnly = true
					} else {
						t.Fields[fi.index].ReadOnly = true
					}
				}
			}
		case *lang.PropertyDecl:
			c.declareProperty(ci, m)
		case *lang.MethodDecl:
			c.declareMethod(ci, m)
		case *lang.CtorDecl:
			if m.Modifiers.Has(lang.ModStatic) {
				ci.cctor = m
				continue
			}
			if m.Name != "" && m.Name != td.Name {
				c.errorf(m.Pos, "Method must have a return type")
				continue
			}
			c.declareCtor(ci, m.Params, m)
		}
	}
	if len(ci.ctors) == 0 && !td.HasPrimary && td.Kind == lang.KindClass && !t.IsStatic {
		c.declareCtor(ci, nil, nil) // the default constructor
	}
	if ci.cctor != nil {
		ci.initSlot = c.addStaticSlot(ci, "<init>", nil)
	}
	t.VTable = make([]*vm.Func, len(ci.vtable))
	for i, m := range ci.vtable {
		if m != nil {
			t.VTable[i] = m.fn
		}
	}
	t.StaticVals = make([]vm.Value, len(t.StaticFields))
	for i, f := range t.StaticFields {
		if f.Type != nil && !f.Type.IsStruct() { // structs: once every type is laid out (Compile)
			t.StaticVals[i] = f.Type.Zero()
		}
	}
	// Static initialiser: field initialisers in order, then the static constructor.
	hasStaticInit := ci.cctor != nil
	for _, fi := range ci.statics {
		if fi.init != nil {
			hasStaticInit = true
		}
	}
	if hasStaticInit {
		fn := &vm.Func{Name: ".cctor", Owner: t, File: ci.file.Name, Line: int32(td.Pos.Line), IsStatic: true}
		if ci.generic() {
			addHiddenParams(fn, len(ci.typeParams)) // the constructed type's arguments (vm.InitType)
		}
		t.StaticInit = fn
		c.addFunc(fn)
		c.pending = append(c.pending, func() { c.compileStaticInit(ci, fn) })
	} else {
		t.MarkInitialized()
	}
}

func rebuildFieldIndex(t *vm.Type) {
	fs := t.Fields
	t.Fields = nil
	for _, f := range fs {
		t.AddField(f)
	}
}

// hasThreadStatic reports whether attrs hold [ThreadStatic]: each thread
// sees its own copy of the static field (vm.Field.ThreadStatic).
func hasThreadStatic(attrs []*lang.Attribute) bool {
	for _, a := range attrs {
		switch a.Name {
		case "ThreadStatic", "ThreadStaticAttribute", "System.ThreadStatic", "System.ThreadStaticAttribute":
			return true
		}
	}
	return false
}

func (c *Compiler) addStaticSlot(ci *classInfo, name string, typ *vm.Type) int {
	f := &vm.Field{Name: name, Type: typ, Index: len(ci.t.StaticFields), Owner: ci.t}
	ci.t.StaticFields = append(ci.t.StaticFields, f)
	return f.Index
}

func (c *Compiler) addField(ci *classInfo, name string, decl lang.Node, tr *lang.TypeRef, static, isConst bool, init lang.Expr) *fieldInfo {
	if _, dup := ci.statics[name]; dup {
		c.errorf(decl.Position(), "The type '%s' already contains a definition for '%s'", ci.decl.Name, name)
		return nil
	}
	if old, dup := ci.fields[name]; dup && old.owner == ci {
		c.errorf(decl.Position(), "The type '%s' already contains a definition for '%s'", ci.decl.Name, name)
		return nil
	}
	var vt *vm.Type
	if tr != nil {
		vt = c.convType(tr, ci)
	}
	var gp *vm.Type // the class type parameter the field is declared as
	if tr != nil && ci.generic() && tr.ArrayRank == 0 && len(tr.Args) == 0 && !tr.Nullable {
		if p := c.paramType(tr, ci); p != nil && p.ParamOf == ci.t {
			gp = p
		}
	}
	fi := &fieldInfo{name: name, decl: decl, typ: vt, typeRef: tr, static: static, isConst: isConst, init: init, owner: ci}
	slotType := vt
	if slotType == nil {
		slotType = c.libraryValueType(tr, ci)
	}
	if static {
		fi.index = c.addStaticSlot(ci, name, slotType)
		ci.t.StaticFields[fi.index].Generic = gp
		ci.statics[name] = fi
	} else {
		f := &vm.Field{Name: name, Type: slotType, Generic: gp, StructArgs: c.structArgs(tr, vt, ci)}
		ci.t.AddField(f)
		fi.index = f.Index
		ci.fields[name] = fi
	}
	return fi
}

// structArgs are the type arguments of a field of generic class ci declared
// as a generic struct over ci's type parameters (vm.Field.StructArgs), or
// nil.
func (c *Compiler) structArgs(tr *lang.TypeRef, vt *vm.Type, ci *classInfo) []*vm.Type {
	if tr == nil || vt == nil || !ci.generic() || len(tr.Args) == 0 || tr.ArrayRank != 0 || tr.Nullable || !vt.IsStruct() {
		return nil
	}
	args := make([]*vm.Type, len(tr.Args))
	open := false
	for i, a := range tr.Args {
		if p := c.paramType(a, ci); p != nil && p.ParamOf == ci.t {
			args[i], open = p, true
			continue
		}
		t, _ := c.resolveTypeRef(a, ci, false)
		if t == nil || t.ParamOf != nil {
			return nil
		}
		args[i] = t
	}
	if !open {
		return nil
	}
	return args
}

// libraryValueType is the type tr names when it is a library value type
// whose default is not null (DateTime, TimeSpan, CancellationToken): a field
// of it starts at that default, as a field of a primitive starts at zero.
// A store converts nothing to it (vm.Thread.ConvertTo keeps the value).
func (c *Compiler) libraryValueType(tr *lang.TypeRef, ci *classInfo) *vm.Type {
	if tr == nil || tr.ArrayRank > 0 || tr.Nullable {
		return nil
	}
	t, _ := c.resolveTypeRef(tr, ci, false)
	if t == nil || !t.IsValueType || t.IsStruct() || t.Zero().IsNull() {
		return nil
	}
	return t
}

// convType is the declared type a store converts to: primitives, enums,
// decimal and their nullable forms (a non-null value converts to the
// underlying type: `long? x = 5` holds a long); nil for everything else.
func (c *Compiler) convType(tr *lang.TypeRef, ci *classInfo) *vm.Type {
	if tr == nil || tr.ArrayRank > 0 {
		return nil
	}
	if tr.Nullable {
		under := *tr
		under.Nullable = false
		if t := c.convType(&under, ci); t != nil && (t.IsPrimitive() || t == vm.TDecimal) {
			return vm.NullableOf(t)
		}
		return nil
	}
	t, _ := c.resolveTypeRef(tr, ci, false)
	if t == nil {
		return nil
	}
	if t.IsPrimitive() || t == vm.TDecimal || t.IsStruct() {
		return t
	}
	return nil
}

func (c *Compiler) declareProperty(ci *classInfo, p *lang.PropertyDecl) {
	static := p.Modifiers.Has(lang.ModStatic)
	virtual := p.Modifiers.Has(lang.ModVirtual) || p.Modifiers.Has(lang.ModAbstract) || p.Modifiers.Has(lang.ModOverride) || ci.t.IsInterface
	pi := &propInfo{name: p.Name, static: static, typ: c.convType(p.Type, ci), typeRef: p.Type}
	auto := p.ExprBody == nil && len(p.Accessors) > 0 && !p.IsIndexer()
	for _, a := range p.Accessors {
		if a.Body != nil || a.ExprBody != nil {
			auto = false
		}
	}
	c.propOf[p] = pi
	// An interface's static auto-property that is not abstract is a
	// static field with accessors, as in a class.
	ifaceStaticAuto := ci.t.IsInterface && static && auto && !p.Modifiers.Has(lang.ModAbstract)
	if ci.t.IsInterface && !ifaceStaticAuto && (auto || len(p.Accessors) == 0 && p.ExprBody == nil) || p.Modifiers.Has(lang.ModAbstract) && !p.IsIndexer() {
		ci.props[p.Name] = pi // no body: the implementing class's accessors are called
		return
	}
	if auto && !virtual {
		pi.field = c.addField(ci, p.Name, p, p.Type, static, false, p.Init)
		ci.props[p.Name] = pi
		return
	}
	var backing *fieldInfo
	if auto {
		backing = c.addField(ci, "<"+p.Name+">k__BackingField", p, p.Type, static, false, p.Init)
		pi.backing = backing
	}
	mods := p.Modifiers
	accName := p.Name
	if p.IsIndexer() {
		accName = "Item" // as metadata names an indexer's accessors: get_Item, set_Item
	}
	// mk declares an accessor method with its body (so that an interface's
	// default accessor is not abstract).
	mk := func(kind string, pos lang.Pos, body *lang.BlockStmt, x lang.Expr) *methodInfo {
		name := "get_" + accName
		params := p.Params
		if kind != "get" {
			name = "set_" + accName
			if p.Event {
				name = kind + "_" + p.Name // add_E, remove_E
			}
			params = append(params[:len(params):len(params)], &lang.Param{Pos: p.Pos, Type: p.Type, Name: "value"})
		}
		md := &lang.MethodDecl{Pos: pos, Modifiers: mods, ReturnType: p.Type, Name: name, Params: params, Body: body, ExprBody: x, Iface: p.Iface}
		if kind != "get" {
			md.ReturnType = &lang.TypeRef{Pos: pos, Name: "void"}
		}
		return c.declareMember(ci, md, p, kind)
	}
	if p.ExprBody != nil {
		pi.get = mk("get", p.Pos, nil, p.ExprBody)
	}
	for _, a := range p.Accessors {
		at := p.Pos
		if p.IsIndexer() {
			at = a.Pos // where the binder reports an accessor's errors
		}
		var body *lang.BlockStmt
		var x lang.Expr
		switch {
		case a.Body != nil:
			body = a.Body
		case a.ExprBody != nil:
			if a.Kind == "get" {
				x = a.ExprBody
			} else {
				body = &lang.BlockStmt{Pos: a.Pos, Stmts: []lang.Stmt{&lang.ExprStmt{Pos: a.Pos, X: a.ExprBody}}}
			}
		case backing != nil:
			var target lang.Expr = &lang.Ident{Pos: a.Pos, Name: backing.name}
			if a.Kind == "get" {
				x = target
			} else {
				body = &lang.BlockStmt{Pos: a.Pos, Stmts: []lang.Stmt{&lang.ExprStmt{Pos: a.Pos,
					X: &lang.AssignExpr{Pos: a.Pos, Op: "=", Left: target, Right: &lang.Ident{Pos: a.Pos, Name: "value"}}}}}
			}
		}
		m := mk(a.Kind, at, body, x)
		switch a.Kind {
		case "get":
			pi.get = m
		case "set", "init":
			pi.set = m
		}
	}
	if p.Event {
		return // an event is used only through add_E and remove_E
	}
	if p.Iface == nil {
		ci.props[p.Name] = pi
	}
}

func asyncKind(ret *lang.TypeRef) vm.AsyncKind {
	if ret == nil {
		return vm.AsyncVoid
	}
	name := ret.Name
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	switch {
	case name == "Task" && len(ret.Args) == 0:
		return vm.AsyncTask
	case name == "Task":
		return vm.AsyncTaskT
	case name == "ValueTask" && len(ret.Args) == 0:
		return vm.AsyncValueTask
	case name == "ValueTask":
		return vm.AsyncValueTaskT
	}
	return vm.AsyncVoid
}

func (c *Compiler) declareMethod(ci *classInfo, m *lang.MethodDecl) *methodInfo {
	return c.declareMember(ci, m, nil, "")
}

// declareMember declares a method, or the accessor kind of property prop.
func (c *Compiler) declareMember(ci *classInfo, m *lang.MethodDecl, prop *lang.PropertyDecl, kind string) *methodInfo {
	static := m.Modifiers.Has(lang.ModStatic)
	fn := &vm.Func{Name: m.Name, Owner: ci.t, File: ci.file.Name, Line: int32(m.Pos.Line), HasThis: !static, IsStatic: static,
		NumParams: len(m.Params)}
	fn.IsVirtual = m.Modifiers.Has(lang.ModVirtual) || m.Modifiers.Has(lang.ModOverride) || m.Modifiers.Has(lang.ModAbstract)
	fn.IsAbstract = m.Modifiers.Has(lang.ModAbstract) || (ci.t.IsInterface && m.Body == nil && m.ExprBody == nil)
	for _, a := range m.Attributes {
		fn.Attrs = append(fn.Attrs, a.Name)
	}
	mi := &methodInfo{name: m.Name, fn: fn, cls: ci, decl: m, params: m.Params, static: static, virtual: fn.IsVirtual,
		ret: m.ReturnType, async: m.Modifiers.Has(lang.ModAsync), typeArgs: m.TypeParams, prop: prop, accessor: kind}
	if prop == nil {
		mi.key = c.info.OriginOf(m)
	}
	if mi.async {
		fn.Async = asyncKind(m.ReturnType)
	}
	c.setParams(fn, m.Params, ci)
	if len(m.TypeParams) > 0 {
		fn.Sig = "[" + strings.Join(m.TypeParams, ",") + "]" + fn.Sig
	}
	if static && (ci.generic() || ci.t.IsInterface && len(ci.typeParams) > 0) {
		// A static member of a generic interface (a static virtual
		// member's default body) takes the interface's type arguments
		// too: the constrained call passes them (staticabs.go).
		mi.classHidden = hiddenTypeParams(m.Params, ci.typeParams)
		addHiddenParams(fn, mi.classHidden)
	}
	mi.hidden = hiddenTypeParams(m.Params, m.TypeParams)
	addHiddenParams(fn, mi.hidden)
	if static && m.Iface != nil {
		// An explicit implementation of a static abstract or virtual
		// interface member is reached only through the interface: a
		// constrained call finds it under the interface's key.
		if it, _ := c.resolveTypeRef(m.Iface, ci, false); it != nil {
			key := vm.ExplicitKey(it) + m.Name
			ci.t.Statics[key] = append(ci.t.Statics[key], fn)
		}
	} else if static {
		ci.smethods[m.Name] = append(ci.smethods[m.Name], mi)
		ci.t.Statics[m.Name] = append(ci.t.Statics[m.Name], fn)
		if len(m.Params) > 0 && m.Params[0].IsThis() {
			c.prog.Extensions[m.Name] = append(c.prog.Extensions[m.Name], fn)
		}
	} else {
		// An override replaces what it overrides (the slot's previous
		// occupant); a method hiding an inherited one of the same
		// parameter types replaces it.
		over := c.assignSlot(ci, mi)
		replaced := false
		list := ci.methods[m.Name]
		for i, old := range list {
			if old.cls != ci && (over != nil && old == over || over == nil && sameParamTypes(old.params, m.Params)) {
				list[i] = mi
				replaced = true
			}
		}
		if !replaced {
			list = append(list, mi)
		}
		if m.Iface == nil { // an explicit implementation is not found by name, only dispatched to
			ci.methods[m.Name] = list
		}
		if !fn.IsAbstract && m.Iface != nil {
			if it, _ := c.resolveTypeRef(m.Iface, ci, false); it != nil {
				key := vm.ExplicitKey(it) + m.Name
				ci.t.Methods[key] = append(ci.t.Methods[key], fn)
				ci.explicit = append(ci.explicit, fn)
			}
		} else if !fn.IsAbstract {
			fl := ci.t.Methods[m.Name]
			r := false
			for i, old := range fl {
				if old.Owner != ci.t && (over != nil && old == over.fn || over == nil && old.NumParams == fn.NumParams) {
					fl[i] = fn
					r = true
				}
			}
			switch {
			case r:
			case m.Modifiers.Has(lang.ModOverride) && fn.Slot == 0:
				// An override of a library virtual (object.Equals(object),
				// ToString(), GetHashCode()) is dispatched by name and
				// argument count: it comes first, before a same-arity
				// overload that is not virtual (Equals(Pt) beside
				// Equals(object)), which calls of it never reach.
				fl = append([]*vm.Func{fn}, fl...)
			default:
				fl = append(fl, fn)
			}
			ci.t.Methods[m.Name] = fl
		}
	}
	if !fn.IsAbstract {
		c.addFunc(fn)
		if m.Body == nil && m.ExprBody == nil && !m.Modifiers.Has(lang.ModExtern) && !m.Modifiers.Has(lang.ModPartial) {
			// Property accessors get their bodies filled in by declareProperty.
			c.pending = append(c.pending, func() {
				if m.Body == nil && m.ExprBody == nil {
					c.errorf(m.Pos, "'%s.%s()' must declare a body because it is not marked abstract, extern, or partial", ci.decl.Name, m.Name)
					return
				}
				c.compileMethod(mi)
			})
		} else {
			c.pending = append(c.pending, func() { c.compileMethod(mi) })
		}
	}
	c.methodOf[m] = mi
	if mi.key != nil {
		c.methodOf[mi.key] = mi
	}
	return mi
}

// assignSlot gives instance method mi of ci its slot: an interface
// member the next interface slot, a virtual or abstract method (new
// virtual included) a new slot of ci's vtable, an override the slot of
// the member the binder found it overrides (Info.OverrideOf). It returns
// the method an override replaces in that slot, or nil.
func (c *Compiler) assignSlot(ci *classInfo, mi *methodInfo) *methodInfo {
	m := mi.decl
	if m.Iface != nil {
		return nil // an explicit implementation is reached through the interface's slot
	}
	if ci.t.IsInterface {
		mi.slot = len(ci.islots)
		ci.islots = append(ci.islots, mi)
		mi.fn.Slot = mi.slot
		return nil
	}
	if m.Modifiers.Has(lang.ModOverride) {
		var over lang.Node = mi.key
		if mi.prop != nil {
			over = mi.prop
		}
		root := c.memberMethod(c.info.OverrideOf(over), mi.accessor)
		if root == nil || root.slot <= 0 || root.slot >= len(ci.vtable) {
			return nil // a library member's override, dispatched by name
		}
		old := ci.vtable[root.slot]
		mi.slot, mi.root = root.slot, root.root
		ci.vtable[mi.slot] = mi
		mi.fn.Slot = mi.slot
		return old
	}
	if m.Modifiers.Has(lang.ModVirtual) || m.Modifiers.Has(lang.ModAbstract) {
		mi.slot, mi.root = len(ci.vtable), mi.key
		ci.vtable = append(ci.vtable, mi)
		mi.fn.Slot = mi.slot
	}
	return nil
}

// memberMethod returns the method declared by d, or the accessor kind of
// the property or indexer declared by d.
func (c *Compiler) memberMethod(d lang.Node, kind string) *methodInfo {
	switch d := d.(type) {
	case *lang.MethodDecl:
		return c.methodOf[d]
	case *lang.PropertyDecl:
		if pi := c.propOf[d]; pi != nil {
			if kind == "get" {
				return pi.get
			}
			return pi.set
		}
	}
	return nil
}

// sameParamTypes reports whether two parameter lists are spelled with
// the same types.
func sameParamTypes(a, b []*lang.Param) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Type.String() != b[i].Type.String() || a[i].Modifier != b[i].Modifier {
			return false
		}
	}
	return true
}

// mapInterfaces fills ci's interface map (vm.Type.IMap): its base class's,
// with each virtual implementation replaced by ci's override, then the
// interfaces ci lists, mapped as the binder found (Info.ImplOf). A
// member without an implementation is the interface's default method.
func (c *Compiler) mapInterfaces(ci *classInfo) {
	if ci.t.IsInterface || ci.decl.Kind == lang.KindEnum {
		return
	}
	ci.imap = map[*vm.Type][]*methodInfo{}
	if ci.base != nil {
		for it, impls := range ci.base.imap {
			own := make([]*methodInfo, len(impls))
			for k, m := range impls {
				if m != nil && m.slot > 0 && !m.cls.t.IsInterface && m.slot < len(ci.vtable) {
					m = ci.vtable[m.slot]
				}
				own[k] = m
			}
			ci.imap[it] = own
		}
	}
	seen := map[*vm.Type]bool{}
	var walk func(i *vm.Type)
	walk = func(i *vm.Type) {
		if i.Def != nil {
			i = i.Def
		}
		ic := c.classByType[i]
		if seen[i] || ic == nil {
			return
		}
		seen[i] = true
		impls := make([]*methodInfo, len(ic.islots))
		for k, im := range ic.islots[1:] {
			var member lang.Node = im.key
			if im.prop != nil {
				member = im.prop
			}
			m := c.memberMethod(c.info.ImplOf(ci.decl, member), im.accessor)
			if m != nil && m.slot > 0 && !m.cls.t.IsInterface && m.slot < len(ci.vtable) {
				m = ci.vtable[m.slot]
			}
			if m == nil && !im.fn.IsAbstract {
				m = im // the interface's default implementation
			}
			impls[k+1] = m
		}
		ci.imap[i] = impls
		for _, j := range i.Ifaces {
			walk(j)
		}
	}
	for _, i := range ci.t.Ifaces {
		walk(i)
	}
	ci.t.IMap = make(map[*vm.Type][]*vm.Func, len(ci.imap))
	for it, impls := range ci.imap {
		fns := make([]*vm.Func, len(impls))
		for k, m := range impls {
			if m != nil && !m.fn.IsAbstract {
				fns[k] = m.fn
			}
		}
		ci.t.IMap[it] = fns
	}
}

// setParams fills a Func's parameter counts and default values.
func (c *Compiler) setParams(fn *vm.Func, params []*lang.Param, ci *classInfo) {
	fn.Sig = c.paramSig(params, ci)
	fn.NumParams = len(params)
	fn.MinParams = len(params)
	for i, p := range params {
		if p.Default != nil {
			if fn.MinParams == len(params) {
				fn.MinParams = i
			}
			v, ok := c.constValue(p.Default, ci)
			if !ok {
				c.errorf(p.Default.Position(), "Default parameter value for '%s' must be a compile-time constant", p.Name)
			}
			if vt := c.convType(p.Type, ci); vt != nil && !v.IsNull() {
				v = convertConst(v, vt)
			}
			if d, ok := p.Default.(*lang.DefaultExpr); ok && d.Type == nil {
				// `= default` is the parameter type's default value.
				if pt, _ := c.resolveTypeRef(p.Type, ci, false); pt != nil {
					v = pt.Zero()
				}
			}
			fn.Defaults = append(fn.Defaults, v)
		} else if p.Modifier == "params" && i == len(params)-1 {
			// Not the params parameter of an indexer's set accessor,
			// which value follows: its callers pack the array.
			fn.Variadic = true
			if p.Type != nil && p.Type.ArrayRank == 1 {
				if et, _ := c.resolveTypeRef(p.Type.Elem, ci, false); et != nil {
					fn.ParamsElem = et
				}
			}
			if p.Type != nil && p.Type.ArrayRank == 0 && len(p.Type.Args) == 1 && (bind.ParamsCollection(p.Type.Name) || bind.BuiltParamsRef(p.Type)) {
				fn.ParamsColl = true
				if et, _ := c.resolveTypeRef(p.Type.Args[0], ci, false); et != nil {
					fn.ParamsElem = et
				}
			}
			if fn.MinParams == len(params) {
				fn.MinParams = i
			}
		}
	}
}

// paramSig spells parameters as .NET's stack traces do, in parentheses:
// the type's simple name (`Int32`, `List`1`, `String[]`, `Int32&` for
// ref, out and in), a space and the parameter's name.
func (c *Compiler) paramSig(params []*lang.Param, ci *classInfo) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, p := range params {
		if i > 0 {
			b.WriteString(", ")
		}
		name := c.sigTypeName(p.Type, ci)
		b.WriteString(name)
		if p.Modifier == "ref" || p.Modifier == "out" || p.Modifier == "in" {
			b.WriteByte('&')
		}
		b.WriteByte(' ')
		b.WriteString(p.Name)
	}
	b.WriteByte(')')
	return b.String()
}

// sigTypeName is a parameter type's name in a stack trace, from its
// syntax: type parameters print as themselves, constructed types as
// their definition (`List`1`), `int?` as `Nullable`1`.
func (c *Compiler) sigTypeName(tr *lang.TypeRef, ci *classInfo) string {
	switch {
	case tr == nil:
		return "Object"
	case tr.ArrayRank > 0:
		return c.sigTypeName(tr.Elem, ci) + "[" + strings.Repeat(",", tr.ArrayRank-1) + "]"
	case tr.Nullable:
		if t, _ := c.resolveTypeRef(&lang.TypeRef{Pos: tr.Pos, Name: tr.Name, Args: tr.Args}, ci, false); t != nil && (t.IsValueType || t.IsPrimitive() && t != vm.TString && t != vm.TObject) {
			return "Nullable`1"
		}
		return c.sigTypeName(&lang.TypeRef{Pos: tr.Pos, Name: tr.Name, Args: tr.Args}, ci)
	case len(tr.Args) > 0:
		return tr.Name[strings.LastIndexByte(tr.Name, '.')+1:] + "`" + itoa(len(tr.Args))
	}
	if t := keywordType(tr.Name); t != nil {
		return t.Name
	}
	return tr.Name[strings.LastIndexByte(tr.Name, '.')+1:]
}

func (c *Compiler) declareCtor(ci *classInfo, params []*lang.Param, decl *lang.CtorDecl) {
	pos := ci.decl.Pos
	if decl != nil {
		pos = decl.Pos
	}
	if decl == nil && ci.decl.HasPrimary {
		params = ci.decl.PrimaryParams
	}
	fn := &vm.Func{Name: ".ctor", Owner: ci.t, File: ci.file.Name, Line: int32(pos.Line), HasThis: true, IsCtor: true}
	c.setParams(fn, params, ci)
	mi := &methodInfo{name: ".ctor", fn: fn, cls: ci, ctor: decl, params: params}
	ci.ctors = append(ci.ctors, mi)
	if fn.MinParams == 0 {
		ci.t.DefaultCtor = fn
	}
	c.addFunc(fn)
	c.pending = append(c.pending, func() { c.compileCtor(mi) })
}

func (c *Compiler) declareEnum(ci *classInfo) {
	var next int64
	var members []vm.EnumMember
	for _, m := range ci.decl.EnumMembers {
		if m.Value != nil {
			v, ok := c.constInt(m.Value, ci, members)
			if !ok {
				c.errorf(m.Value.Position(), "The expression being assigned to '%s.%s' must be constant", ci.decl.Name, m.Name)
			}
			next = v
		}
		members = append(members, vm.EnumMember{Name: m.Name, Value: next})
		next++
	}
	ci.t.EnumNames = members
	if len(ci.decl.Bases) > 0 {
		// enum E : byte names the underlying type.
		if ut, _ := c.resolveTypeRef(ci.decl.Bases[0], ci, false); ut != nil && isEnumUnder(ut) {
			ci.t.EnumUnder = ut
		}
	}
	for _, a := range ci.decl.Attributes {
		switch a.Name {
		case "Flags", "FlagsAttribute", "System.Flags", "System.FlagsAttribute":
			ci.t.IsFlags = true
		}
	}
	ci.t.MarkInitialized()
}

// findEntry locates the entry point as C# does (§7.1.1): a static Main,
// not generic and not in a generic type, returning void, int, Task or
// Task<int> and taking nothing or a string[]. A synchronous one is chosen
// over Task-returning ones (Roslyn warns CS8892 and ignores those); an async
// Main returning void or int is CS4009; a Main of another shape is no entry
// point (Roslyn's warning CS0028), which leaves CS5001 when nothing else is.
func (c *Compiler) findEntry(files []*lang.File) {
	var sync, tasks []*methodInfo
	var topLevel *methodInfo
	for _, ci := range c.classes {
		if ci.file.Name == PreludeFile {
			continue
		}
		for _, mi := range ci.smethods["<Main>$"] {
			topLevel = mi
		}
		for _, mi := range ci.smethods["Main"] {
			decl := mi.decl
			if mi.key != nil {
				decl = mi.key
			}
			if decl == nil || ci.generic() || len(decl.TypeParams) > 0 || !entryParams(decl.Params) {
				continue
			}
			switch entryReturn(decl.ReturnType) {
			case "sync":
				if decl.Modifiers.Has(lang.ModAsync) {
					c.errorf(decl.Pos, "A void or int returning entry point cannot be async")
					continue
				}
				sync = append(sync, mi)
			case "task":
				tasks = append(tasks, mi)
			}
		}
	}
	if c.opts.Script {
		return
	}
	if topLevel != nil {
		c.ignoreMains(files, append(sync, tasks...))
		sync, tasks = nil, []*methodInfo{topLevel}
	}
	found := sync
	if len(found) == 0 {
		found = tasks
	}
	if len(found) == 0 {
		if len(c.diags) == 0 {
			pos := lang.Pos{File: c.prog.File, Line: 1, Col: 1}
			c.errorf(pos, "Program does not contain a static 'Main' method suitable for an entry point")
		}
		return
	}
	if len(found) > 1 {
		for _, f := range found[1:] {
			if f.name == "<Main>$" {
				f = found[0]
			}
			c.errorf(f.decl.Pos, "Program has more than one entry point defined.")
		}
	}
	mi := found[0]
	c.prog.Entry = mi.fn
	c.prog.EntryTakesArgs = len(mi.params) == 1
}

// ignoreMains warns (CS7022) of each Main that would be an entry point
// in a program with top-level statements, which are its entry point
// then: the warning goes with the file's preprocessor warnings, which the
// driver prints after compiling.
func (c *Compiler) ignoreMains(files []*lang.File, mains []*methodInfo) {
	for _, mi := range mains {
		decl := mi.decl
		if mi.key != nil {
			decl = mi.key
		}
		var f *lang.File
		for _, g := range files {
			if g.Name == decl.Pos.File {
				f = g
			}
		}
		if f == nil {
			continue
		}
		pos := decl.NamePos
		if pos.Line == 0 {
			pos = decl.Pos
		}
		var ps []string
		for _, p := range decl.Params {
			ps = append(ps, p.Type.String())
		}
		f.Warnings = append(f.Warnings, lang.Diagnostic{Pos: pos, Msg: fmt.Sprintf(
			"warning CS7022: The entry point of the program is global code; ignoring '%s.Main(%s)' entry point.", mi.cls.decl.Name, strings.Join(ps, ", "))})
	}
}

// entryParams reports whether a Main's parameters fit an entry point:
// none, or one string[].
func entryParams(ps []*lang.Param) bool {
	if len(ps) == 0 {
		return true
	}
	if len(ps) > 1 || ps[0].Modifier != "" && ps[0].Modifier != "params" {
		return false
	}
	t := ps[0].Type
	return t != nil && t.ArrayRank == 1 && t.Elem != nil && len(t.Elem.Args) == 0 &&
		(t.Elem.Name == "string" || t.Elem.Name == "String" || t.Elem.Name == "System.String")
}

// entryReturn classifies a Main's return type: "sync" (void, int), "task"
// (Task, Task<int>), or "" for any other type.
func entryReturn(t *lang.TypeRef) string {
	if t == nil || t.ArrayRank > 0 || t.Outer != nil {
		return ""
	}
	name := strings.TrimPrefix(t.Name, "System.Threading.Tasks.")
	switch {
	case len(t.Args) == 0 && (name == "void" || name == "int" || name == "Int32" || name == "System.Int32"):
		return "sync"
	case name == "Task" && len(t.Args) == 0:
		return "task"
	case name == "Task" && len(t.Args) == 1 && entryReturn(t.Args[0]) == "sync" && t.Args[0].Name != "void":
		return "task"
	}
	return ""
}

// elemType resolves the element type of an array: `int?[]` holds
// Nullable<int> elements (null or an int), not ints.
func (c *Compiler) elemType(tr *lang.TypeRef, from *classInfo, report bool) *vm.Type {
	et, _ := c.resolveTypeRef(tr, from, report)
	if et != nil && isNullableRef(tr) && (et.IsPrimitive() || et.IsValueType) {
		et = vm.NullableOf(et)
	}
	return et
}

// resolveTypeRef resolves a written type to a runtime type, and to its class
// when declared in source. report says whether an unknown name is an error.
func (c *Compiler) resolveTypeRef(tr *lang.TypeRef, from *classInfo, report bool) (*vm.Type, *classInfo) {
	if tr == nil {
		return nil, nil
	}
	if tr.ArrayRank > 0 {
		et := c.elemType(tr.Elem, from, report)
		if et == nil {
			et = vm.TObject
		}
		return vm.ArrayOfRank(et, tr.ArrayRank), nil
	}
	if (tr.Name == "Nullable" || tr.Name == "System.Nullable") && len(tr.Args) == 1 {
		return c.resolveTypeRef(tr.Args[0], from, report) // Nullable<T> is T?
	}
	if t := keywordType(tr.Name); t != nil {
		return t, nil
	}
	if tr.Name == "void" || tr.Name == "var" || tr.Name == "dynamic" {
		return nil, nil
	}
	if isDelegateTypeName(tr.Name) {
		return vm.TDelegate, nil
	}
	var t *vm.Type
	var ci *classInfo
	switch {
	case tr.Outer != nil:
		t, ci = c.resolveNested(tr, from, report)
	case len(tr.Args) > 0:
		t, ci = c.lookupTypeName(tr.Name+"`"+itoa(len(tr.Args)), from)
	}
	if t == nil && tr.Outer == nil {
		t, ci = c.lookupTypeName(tr.Name, from)
	}
	if ci.generic() && t == ci.t {
		if written := c.writtenArgs(tr, ci, from); len(written) == len(ci.typeParams) {
			if args := c.closedArgs(written, from); args != nil {
				t = c.construct(ci, args)
			}
		}
	}
	if written := libTypeArgs(t, ci, tr); written != nil {
		if args := c.closedArgs(written, from); args != nil {
			t = vm.Construct(t, args) // List<int>: List`1[Int32]
		}
	}
	if t == nil {
		// A generic parameter in scope resolves to nothing (erased).
		if from != nil && isTypeParam(tr.Name, from) || c.isMethodTypeParam(tr.Name) {
			return nil, nil
		}
		if report && tr.Outer == nil { // resolveNested reported a nested name's problem
			c.errorf(tr.Pos, "The type or namespace name '%s' could not be found (are you missing a using directive or an assembly reference?)", tr.Name)
		}
	}
	return t, ci
}

// libTypeArgs lists the type arguments tr writes for t when t is a generic
// type of the library (List`1, Dictionary`2+KeyCollection): the outer
// types' first. It is nil for any other type.
func libTypeArgs(t *vm.Type, ci *classInfo, tr *lang.TypeRef) []*lang.TypeRef {
	if t == nil || ci != nil || t.Def != nil || t == vm.TDelegate || t.Kind == vm.KindArray {
		return nil
	}
	var written []*lang.TypeRef
	for r := tr; r != nil; r = r.Outer {
		written = append(append([]*lang.TypeRef(nil), r.Args...), written...)
	}
	if len(written) == 0 || len(written) != t.Arity() {
		return nil
	}
	return written
}

// resolveNested resolves the definition of a type written through a
// constructed generic type (Outer<int>.Inner): the class nested in the
// outer's class, or the library's nested type (Dictionary`2+KeyCollection).
func (c *Compiler) resolveNested(tr *lang.TypeRef, from *classInfo, report bool) (*vm.Type, *classInfo) {
	ot, oci := c.resolveTypeRef(tr.Outer, from, report)
	if ot == nil {
		return nil, nil
	}
	parts := strings.Split(tr.Name, ".")
	if oci == nil {
		def := ot
		if ot.Def != nil {
			def = ot.Def
		}
		name := def.FullName()
		for i, p := range parts {
			name += "+" + p
			if i == len(parts)-1 && len(tr.Args) > 0 {
				name += "`" + itoa(len(tr.Args))
			}
		}
		return vm.Builtin(name), nil
	}
	for _, p := range parts {
		n, ok := oci.nested[p]
		if !ok {
			if report {
				c.errorf(tr.Pos, "The type name '%s' does not exist in the type '%s'", p, tr.Outer)
			}
			return nil, nil
		}
		oci = n
	}
	return oci.t, oci
}

// isNullableRef reports whether tr is written T? or Nullable<T>.
func isNullableRef(tr *lang.TypeRef) bool {
	return tr.Nullable || (tr.Name == "Nullable" || tr.Name == "System.Nullable") && len(tr.Args) == 1
}

func isTypeParam(name string, ci *classInfo) bool {
	for c := ci; c != nil; c = c.outer {
		for _, p := range c.decl.TypeParams {
			if p == name {
				return true
			}
		}
	}
	return false
}

func keywordType(name string) *vm.Type {
	switch name {
	case "int", "Int32", "System.Int32":
		return vm.TInt
	case "long", "Int64", "System.Int64", "nint":
		return vm.TLong
	case "short", "Int16", "System.Int16":
		return vm.TShort
	case "ushort", "UInt16", "System.UInt16":
		return vm.TUShort
	case "byte", "Byte", "System.Byte":
		return vm.TByte
	case "sbyte", "SByte", "System.SByte":
		return vm.TSByte
	case "uint", "UInt32", "System.UInt32":
		return vm.TUInt
	case "ulong", "UInt64", "System.UInt64", "nuint":
		return vm.TULong
	case "double", "Double", "System.Double":
		return vm.TDouble
	case "float", "Single", "System.Single":
		return vm.TFloat
	case "bool", "Boolean", "System.Boolean":
		return vm.TBool
	case "char", "Char", "System.Char":
		return vm.TChar
	case "string", "String", "System.String":
		return vm.TString
	case "object", "Object", "System.Object":
		return vm.TObject
	case "decimal", "Decimal", "System.Decimal":
		return vm.TDecimal
	}
	return nil
}

// lookupTypeName finds a class declared in source or a library type.
func (c *Compiler) lookupTypeName(name string, from *classInfo) (*vm.Type, *classInfo) {
	t, ci := c.lookupTypeOrDelegate(name, from)
	if ci != nil && ci.decl.Kind == lang.KindDelegate {
		return vm.TDelegate, nil
	}
	return t, ci
}

func (c *Compiler) lookupTypeOrDelegate(name string, from *classInfo) (*vm.Type, *classInfo) {
	if t := keywordType(name); t != nil {
		return t, nil
	}
	// Nested types visible from the current class and its outer classes.
	for o := from; o != nil; o = o.outer {
		for b := o; b != nil; b = b.base {
			if ci, ok := b.nested[name]; ok {
				return ci.t, ci
			}
		}
	}
	if strings.Contains(name, ".") {
		// A qualified name's first part may name a namespace nested in an
		// enclosing one (inner.Example inside namespace Outer), looked up
		// from the innermost enclosing namespace out, as C# does.
		if from != nil {
			for ns := from.t.Namespace; ns != ""; ns = parentNamespace(ns) {
				if ci, ok := c.classByFull[ns+"."+name]; ok {
					return ci.t, ci
				}
			}
		}
		if ci, ok := c.classByFull[name]; ok {
			return ci.t, ci
		}
		if t := vm.Builtin(name); t != nil {
			return t, nil
		}
		// Outer.Inner, Ns.Outer.Inner: the longest prefix that names a
		// class, then its nested classes.
		parts := strings.Split(name, ".")
		for i := len(parts) - 1; i >= 1; i-- {
			_, ci := c.lookupTypeName(strings.Join(parts[:i], "."), from)
			if ci == nil {
				continue
			}
			for _, p := range parts[i:] {
				n, ok := ci.nested[p]
				if !ok {
					return nil, nil
				}
				ci = n
			}
			return ci.t, ci
		}
		return nil, nil
	}
	var usings []string
	if from != nil {
		usings = from.usings
		if from.t.Namespace != "" {
			usings = append([]string{from.t.Namespace}, usings...)
		}
	} else {
		usings = implicitUsings
	}
	// C#'s order (§7.6.2): the enclosing namespace and its parents, the
	// global namespace, then the using directives. A program's global
	// class Task does not hide System.Threading.Tasks.Task from the
	// prelude's code in that namespace.
	if from != nil {
		for ns := from.t.Namespace; ns != ""; ns = parentNamespace(ns) {
			if ci, ok := c.classByFull[ns+"."+name]; ok {
				return ci.t, ci
			}
			if t := vm.Builtin(ns + "." + name); t != nil && (t.Name == name || strings.Contains(name, "`")) {
				return t, nil
			}
		}
	}
	if ci, ok := c.classByFull[name]; ok {
		return ci.t, ci
	}
	for _, ns := range usings {
		if ci, ok := c.classByFull[ns+"."+name]; ok {
			return ci.t, ci
		}
	}
	// A name without type arguments means a non-generic type when a using
	// brings one in (IList is System.Collections.IList, not IList<T>).
	var generic *vm.Type
	for _, ns := range usings {
		if t := vm.Builtin(ns + "." + name); t != nil {
			if t.Name == name || strings.Contains(name, "`") {
				return t, nil
			}
			if generic == nil {
				generic = t
			}
		}
	}
	if generic != nil {
		return generic, nil
	}
	if from != nil {
		return c.importedType(name, from)
	}
	// Attribute names may omit the suffix.
	return nil, nil
}

// parentNamespace returns the namespace enclosing ns ("" for a top-level one).
func parentNamespace(ns string) string {
	if i := strings.LastIndexByte(ns, '.'); i >= 0 {
		return ns[:i]
	}
	return ""
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + itoa(i%10)
}

// inheritDefaults gives class t the default implementations (interface
// members with bodies, C# 8) of the interfaces it and its bases implement,
// where neither t nor a base implements the member.
func inheritDefaults(t *vm.Type) {
	if t.IsInterface {
		return
	}
	seen := map[*vm.Type]bool{}
	var walk func(i *vm.Type)
	walk = func(i *vm.Type) {
		if seen[i] {
			return
		}
		seen[i] = true
		for name, fs := range i.Methods {
			for _, f := range fs {
				if f.IsAbstract || f.IsStatic || implementsArity(t.Methods[name], f.NumParams) {
					continue
				}
				t.Methods[name] = append(t.Methods[name], f)
			}
		}
		for _, j := range i.Ifaces {
			walk(j)
		}
	}
	for s := t; s != nil; s = s.Super {
		for _, i := range s.Ifaces {
			walk(i)
		}
	}
}

// explicitFallbacks enters each explicit implementation of ci under its
// bare name too when ci has no member of that name and arity, for the
// calls the compiler makes by name without an interface (a using
// statement's Dispose, foreach's GetEnumerator).
func explicitFallbacks(ci *classInfo) {
	for _, f := range ci.explicit {
		if !implementsArity(ci.t.Methods[f.Name], f.NumParams) {
			ci.t.Methods[f.Name] = append(ci.t.Methods[f.Name], f)
		}
	}
}

func implementsArity(fs []*vm.Func, n int) bool {
	for _, f := range fs {
		if f.NumParams == n {
			return true
		}
	}
	return false
}

// inheritInterfaceMembers makes the members of an interface's base
// interfaces visible by simple name in its default method bodies.
func (c *Compiler) inheritInterfaceMembers(ci *classInfo) {
	if !ci.t.IsInterface {
		return
	}
	seen := map[*vm.Type]bool{}
	var walk func(t *vm.Type)
	walk = func(t *vm.Type) {
		for _, i := range t.Ifaces {
			if seen[i] {
				continue
			}
			seen[i] = true
			if bi := c.classByType[i]; bi != nil {
				for k, v := range bi.methods {
					for _, m := range v {
						if !slices.Contains(ci.methods[k], m) {
							ci.methods[k] = append(ci.methods[k], m) // methods of every base interface are candidates
						}
					}
				}
				for k, v := range bi.props {
					if _, ok := ci.props[k]; !ok {
						ci.props[k] = v
					}
				}
			}
			walk(i)
		}
	}
	walk(ci.t)
}

// isEnumUnder reports whether t may be an enum's underlying type.
func isEnumUnder(t *vm.Type) bool {
	switch t {
	case vm.TSByte, vm.TByte, vm.TShort, vm.TUShort, vm.TInt, vm.TUInt, vm.TLong, vm.TULong:
		return true
	}
	return false
}

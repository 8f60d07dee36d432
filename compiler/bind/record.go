package bind

import (
	"strconv"

	"asyncvm/lang"
)

// Records (C# 9's records proposal, C# 12 behaviour): a record class is a
// class whose printing, equality, copying and deconstruction members the
// compiler writes. The binder writes them as syntax into the record's
// declaration, just before it declares the record's members (base records
// first), so from then on they are ordinary members: the binder declares
// and binds them, flow analysis checks them, code generation compiles them
// and virtual dispatch reaches them like the program's own. Each is what
// the proposal says it is equivalent to, written with the names and
// modifiers it gives:
//
//	public T P { get; init; } = P;            // each positional parameter
//	protected virtual Type EqualityContract => typeof(R);
//	public virtual bool Equals(R other)       // EqualityContract, then each field
//	public override bool Equals(object obj) => Equals(obj as R);
//	public override int GetHashCode()
//	public static bool operator ==(R left, R right), !=
//	protected virtual bool PrintMembers(StringBuilder builder)
//	public override string ToString()         // R { A = 1, B = x }
//	public virtual object <Clone>$() => new R(this);
//	protected R(R original)                   // copies each field
//	public void Deconstruct(out T P, ...)
//
// A derived record overrides instead (EqualityContract, PrintMembers,
// <Clone>$, a sealed Equals(Base) that calls Equals(object)) and calls its
// base's Equals, GetHashCode, PrintMembers and copy constructor. A member
// the record declares itself replaces the synthesized one, except those
// the proposal forbids declaring (Equals(object), ==, !=): CS0111. Fields
// are compared with object.Equals(a, b), which is
// EqualityComparer<T>.Default's equality for every type the language has
// (docs/deviations.md), and hashed as Roslyn hashes them.

// IsRecord reports whether t (or its generic definition) is a record class.
func IsRecord(t *Type) bool {
	t = t.Generic()
	return t != nil && t.Kind == Class && t.Decl != nil && t.Decl.Record
}

// IsRecordStruct reports whether t (or its generic definition) is a record
// struct.
func IsRecordStruct(t *Type) bool {
	t = t.Generic()
	return t != nil && t.Kind == Struct && t.Decl != nil && t.Decl.Record
}

// CloneMethod is the name of a record's clone method, which `with` calls.
const CloneMethod = "<Clone>$"

// BackingField is the name of an auto-property's backing field where code
// generation gives it one (a virtual auto-property; a non-virtual one is
// its field).
func BackingField(prop string) string { return "<" + prop + ">k__BackingField" }

// IsCopyConstructor reports whether c is the copy constructor of record
// declaration td: one parameter of the record's own type. It runs no
// field initializers.
func IsCopyConstructor(td *lang.TypeDecl, c *lang.CtorDecl) bool {
	if !td.Record || td.Kind != lang.KindClass || c == nil || c.Modifiers.Has(lang.ModStatic) || len(c.Params) != 1 {
		return false
	}
	tr := c.Params[0].Type
	return tr != nil && tr.ArrayRank == 0 && tr.Outer == nil && tr.Name == td.Name && len(tr.Args) == len(td.TypeParams)
}

// checkRecordBase reports a record deriving from a class that is not a
// record (CS8864) and a class deriving from a record (CS8865).
func (b *binder) checkRecordBase(t *Type) {
	base := t.Base
	if base == nil || base.Kind != Class || base.Generic().Decl == nil {
		return
	}
	rec, baseRec := IsRecord(t), IsRecord(base)
	if rec == baseRec {
		return
	}
	pos := t.Decl.Pos
	if br := b.baseRef(t); br != nil {
		pos = br.Pos
	}
	if rec {
		b.errorf(pos, "CS8864", "Records may only inherit from object or another record")
	} else {
		b.errorf(pos, "CS8865", "Only records may inherit from records")
	}
}

// baseRef is the reference to t's base class as its declaration writes it.
func (b *binder) baseRef(t *Type) *lang.TypeRef {
	for _, td := range b.decls[t] {
		for _, br := range td.Bases {
			if bt := b.resolveType(br, b.ctxFor(t)); bt == t.Base {
				return br
			}
		}
	}
	return nil
}

// recordField is an instance field a record's equality, hash and copy
// constructor visit: a field, or an auto-property's storage.
type recordField struct {
	name string // as code names it: the field, the property, or its backing field
}

// synth builds syntax at one position: the record declaration's.
type synth struct{ pos lang.Pos }

func (s synth) id(name string) *lang.Ident { return &lang.Ident{Pos: s.pos, Name: name} }
func (s synth) this() lang.Expr            { return &lang.ThisExpr{Pos: s.pos} }
func (s synth) base() lang.Expr            { return &lang.BaseExpr{Pos: s.pos} }
func (s synth) dot(x lang.Expr, name string) *lang.MemberExpr {
	return &lang.MemberExpr{Pos: s.pos, X: x, Name: name}
}
func (s synth) call(fun lang.Expr, args ...lang.Expr) *lang.CallExpr {
	c := &lang.CallExpr{Pos: s.pos, Fun: fun}
	for _, a := range args {
		c.Args = append(c.Args, &lang.Arg{Pos: s.pos, X: a})
	}
	return c
}
func (s synth) str(v string) lang.Expr {
	return &lang.Literal{Pos: s.pos, Kind: lang.LitString, Raw: strconv.Quote(v), Value: v}
}
func (s synth) boolean(v bool) lang.Expr {
	return &lang.Literal{Pos: s.pos, Kind: lang.LitBool, Raw: strconv.FormatBool(v), Value: v}
}
func (s synth) null() lang.Expr { return &lang.Literal{Pos: s.pos, Kind: lang.LitNull, Raw: "null"} }
func (s synth) intLit(v int64) lang.Expr {
	if v < 0 {
		return &lang.UnaryExpr{Pos: s.pos, Op: "-", X: s.intLit(-v)}
	}
	return &lang.Literal{Pos: s.pos, Kind: lang.LitInt, Raw: strconv.FormatInt(v, 10), Value: v}
}
func (s synth) bin(op string, x, y lang.Expr) lang.Expr {
	return &lang.BinaryExpr{Pos: s.pos, Op: op, X: x, Y: y}
}
func (s synth) typ(name string, args ...*lang.TypeRef) *lang.TypeRef {
	return &lang.TypeRef{Pos: s.pos, Name: name, Args: args}
}
func (s synth) cast(t *lang.TypeRef, x lang.Expr) lang.Expr {
	return &lang.CastExpr{Pos: s.pos, Type: t, X: x}
}
func (s synth) stmt(x lang.Expr) lang.Stmt { return &lang.ExprStmt{Pos: s.pos, X: x} }
func (s synth) ret(x lang.Expr) lang.Stmt  { return &lang.ReturnStmt{Pos: s.pos, X: x} }
func (s synth) block(stmts ...lang.Stmt) *lang.BlockStmt {
	return &lang.BlockStmt{Pos: s.pos, Stmts: stmts, Rbrace: s.pos}
}
func (s synth) assign(l, r lang.Expr) lang.Stmt {
	return s.stmt(&lang.AssignExpr{Pos: s.pos, Op: "=", Left: l, Right: r})
}
func (s synth) param(t *lang.TypeRef, name string) *lang.Param {
	return &lang.Param{Pos: s.pos, Type: t, Name: name}
}

// referenceEquals is object.ReferenceEquals(x, y).
func (s synth) referenceEquals(x, y lang.Expr) lang.Expr {
	return s.call(s.dot(s.id("object"), "ReferenceEquals"), x, y)
}

// notNull is `x is not null`.
func (s synth) notNull(x lang.Expr) lang.Expr {
	return &lang.IsExpr{Pos: s.pos, X: x, Pattern: &lang.NotPattern{Pos: s.pos, P: &lang.ConstPattern{Pos: s.pos, X: s.null()}}}
}

// selfRef is the record's own type as its members name it: R, or R<T>.
func (s synth) selfRef(td *lang.TypeDecl) *lang.TypeRef {
	t := s.typ(td.Name)
	for _, p := range td.TypeParams {
		t.Args = append(t.Args, s.typ(p))
	}
	return t
}

// synthesizeRecord adds the synthesized members to record t's declaration.
// A record struct (the record structs proposal, C# 10) gets the members a
// sealed record class gets, less those a value copied by assignment does
// not need: no EqualityContract, no <Clone>$ and no copy constructor.
// Its positional properties are { get; set; }, or { get; init; } in a
// readonly record struct; Equals(R) compares the fields alone, ==
// calls it, and GetHashCode starts from the first field's hash.
func (b *binder) synthesizeRecord(t *Type) {
	decls := b.decls[t]
	td := decls[0]
	s := synth{pos: td.Pos}
	isStruct := td.Kind == lang.KindStruct
	var primary *lang.TypeDecl
	for _, d := range decls {
		if d.HasPrimary && primary == nil {
			primary = d
		}
	}
	sealed := td.Modifiers.Has(lang.ModSealed) || isStruct
	abstract := td.Modifiers.Has(lang.ModAbstract)
	var baseRef *lang.TypeRef
	if t.Base != nil && IsRecord(t.Base) {
		baseRef = b.baseRef(t)
	}
	derived := baseRef != nil
	self := s.selfRef(td)

	// What the record declares itself.
	methods := map[string][]*lang.MethodDecl{}
	named := map[string]bool{}
	var ctors []*lang.CtorDecl
	for _, d := range decls {
		for _, m := range d.Members {
			switch m := m.(type) {
			case *lang.MethodDecl:
				methods[m.Name] = append(methods[m.Name], m)
				named[m.Name] = true
				if m.Name == "Clone" && !isStruct {
					b.errorf(m.Pos, "CS8859", "Members named 'Clone' are disallowed in records.")
				}
			case *lang.PropertyDecl:
				named[m.Name] = true
				if m.Name == "Clone" && !isStruct {
					b.errorf(m.Pos, "CS8859", "Members named 'Clone' are disallowed in records.")
				}
			case *lang.FieldDecl:
				for _, dc := range m.Decls {
					named[dc.Name] = true
					if dc.Name == "Clone" && !isStruct {
						b.errorf(dc.Pos, "CS8859", "Members named 'Clone' are disallowed in records.")
					}
				}
			case *lang.CtorDecl:
				if !m.Modifiers.Has(lang.ModStatic) {
					ctors = append(ctors, m)
				}
			}
		}
	}
	// declares finds the record's own method name(params), matched by the
	// parameters' types as written (nil matches any type).
	declares := func(name string, params ...*lang.TypeRef) *lang.MethodDecl {
		for _, m := range methods[name] {
			if len(m.Params) != len(params) {
				continue
			}
			same := true
			for i, p := range params {
				if p != nil && m.Params[i].Type != nil && !sameTypeRef(m.Params[i].Type, p) {
					same = false
				}
			}
			if same {
				return m
			}
		}
		return nil
	}
	forbidden := func(m *lang.MethodDecl) bool {
		if m == nil {
			return false
		}
		b.errorf(m.Pos, "CS0111", "Type '%s' already defines a member called '%s' with the same parameter types", td.Name, m.Name)
		return true
	}

	var added []lang.Member
	add := func(m lang.Member) { added = append(added, m) }

	// Positional properties, before the body's members (ToString prints
	// them first).
	var positional []lang.Member
	if primary != nil {
		for _, p := range primary.PrimaryParams {
			if named[p.Name] {
				continue
			}
			mods := lang.ModPublic
			if inherited := b.inheritedProperty(t, p.Name); inherited != nil {
				pd, ok := inherited.Decl.(*lang.PropertyDecl)
				if !ok || !pd.Modifiers.Has(lang.ModAbstract) {
					continue // the base record's property is the parameter's
				}
				mods |= lang.ModOverride
			}
			setter := "init"
			if isStruct && !td.Modifiers.Has(lang.ModReadonly) {
				setter = "set"
			}
			positional = append(positional, &lang.PropertyDecl{Pos: p.Pos, Modifiers: mods, Type: p.Type, Name: p.Name,
				Accessors: []*lang.Accessor{{Pos: p.Pos, Kind: "get"}, {Pos: p.Pos, Kind: setter}}, Init: &lang.Ident{Pos: p.Pos, Name: p.Name}})
			named[p.Name] = true
		}
	}

	// The fields equality, hashing and copying visit, and the members
	// ToString prints, in declaration order.
	var fields []recordField
	var printed []string
	visit := func(m lang.Member) {
		switch m := m.(type) {
		case *lang.FieldDecl:
			if m.Modifiers.Has(lang.ModStatic) || m.Modifiers.Has(lang.ModConst) || m.Event {
				return
			}
			for _, dc := range m.Decls {
				fields = append(fields, recordField{dc.Name})
				if m.Modifiers.Has(lang.ModPublic) {
					printed = append(printed, dc.Name)
				}
			}
		case *lang.PropertyDecl:
			if m.Modifiers.Has(lang.ModStatic) || m.IsIndexer() || m.Event || m.Iface != nil {
				return
			}
			auto := m.ExprBody == nil && len(m.Accessors) > 0 && !m.Modifiers.Has(lang.ModAbstract)
			readable := m.ExprBody != nil
			for _, a := range m.Accessors {
				if a.Body != nil || a.ExprBody != nil {
					auto = false
				}
				if a.Kind == "get" && a.Modifiers&(lang.ModPrivate|lang.ModProtected|lang.ModInternal) == 0 {
					readable = true
				}
			}
			virtual := m.Modifiers.Has(lang.ModVirtual) || m.Modifiers.Has(lang.ModOverride) || m.Modifiers.Has(lang.ModAbstract)
			if auto {
				name := m.Name
				if virtual {
					name = BackingField(m.Name)
				}
				fields = append(fields, recordField{name})
			}
			if readable && m.Modifiers.Has(lang.ModPublic) && !m.Modifiers.Has(lang.ModOverride) {
				printed = append(printed, m.Name)
			}
		}
	}
	for _, m := range positional {
		visit(m)
	}
	for _, d := range decls {
		for _, m := range d.Members {
			visit(m)
		}
	}

	boolType, objType := s.typ("bool"), s.typ("object")
	typeType := s.typ("System.Type")
	builderType := s.typ("System.Text.StringBuilder")

	// EqualityContract.
	if !named["EqualityContract"] && !isStruct {
		mods := lang.ModProtected | lang.ModVirtual
		switch {
		case derived:
			mods = lang.ModProtected | lang.ModOverride
		case sealed:
			mods = lang.ModPrivate
		}
		add(&lang.PropertyDecl{Pos: s.pos, Modifiers: mods, Type: typeType, Name: "EqualityContract",
			ExprBody: &lang.TypeOfExpr{Pos: s.pos, Type: self}})
	}

	// Equals(R other).
	if declares("Equals", self) == nil {
		mods := lang.ModPublic | lang.ModVirtual
		if sealed {
			mods = lang.ModPublic
		}
		other := s.id("other")
		var cond lang.Expr
		switch {
		case isStruct:
		case derived:
			cond = s.call(s.dot(s.base(), "Equals"), s.cast(baseRef, other))
		default:
			cond = s.bin("&&", s.notNull(other), s.bin("==", s.id("EqualityContract"), s.dot(other, "EqualityContract")))
		}
		for _, f := range fields {
			eq := s.call(s.dot(s.id("object"), "Equals"), s.dot(s.this(), f.name), s.dot(other, f.name))
			if cond == nil {
				cond = eq
			} else {
				cond = s.bin("&&", cond, eq)
			}
		}
		body := cond
		switch {
		case isStruct && cond == nil:
			body = s.boolean(true)
		case !isStruct:
			body = s.bin("||", s.referenceEquals(s.this(), other), cond)
		}
		if isStruct {
			mods |= lang.ModReadonly
		}
		add(&lang.MethodDecl{Pos: s.pos, Modifiers: mods, ReturnType: boolType, Name: "Equals",
			Params:   []*lang.Param{s.param(self, "other")},
			ExprBody: body})
	}
	// Equals(Base other), sealed: a base's equality asks the derived one.
	if derived && !forbidden(declares("Equals", baseRef)) {
		add(&lang.MethodDecl{Pos: s.pos, Modifiers: lang.ModPublic | lang.ModSealed | lang.ModOverride, ReturnType: boolType, Name: "Equals",
			Params:   []*lang.Param{s.param(baseRef, "other")},
			ExprBody: s.call(s.id("Equals"), s.cast(objType, s.id("other")))})
	}
	// Equals(object obj): `obj as R` in a class, `obj is R other &&
	// Equals(other)` in a struct.
	if !forbidden(declares("Equals", objType)) {
		var body lang.Expr = s.call(s.id("Equals"), &lang.AsExpr{Pos: s.pos, X: s.id("obj"), Type: self})
		mods := lang.ModPublic | lang.ModOverride
		if isStruct {
			mods |= lang.ModReadonly
			isR := &lang.IsExpr{Pos: s.pos, X: s.id("obj"), Pattern: &lang.TypePattern{Pos: s.pos, Type: self, Name: "other"}}
			body = s.bin("&&", isR, s.call(s.id("Equals"), s.id("other")))
		}
		add(&lang.MethodDecl{Pos: s.pos, Modifiers: mods, ReturnType: boolType, Name: "Equals",
			Params:   []*lang.Param{s.param(objType, "obj")},
			ExprBody: body})
	}
	// GetHashCode(): Roslyn's combination.
	if declares("GetHashCode") == nil {
		var h lang.Expr
		switch {
		case isStruct:
		case derived:
			h = s.call(s.dot(s.base(), "GetHashCode"))
		default:
			h = s.call(s.dot(s.id("EqualityContract"), "GetHashCode"))
		}
		for _, f := range fields {
			fh := s.bin("??", s.call(&lang.MemberExpr{Pos: s.pos, X: s.cast(objType, s.dot(s.this(), f.name)), Name: "GetHashCode", NullCond: true}), s.intLit(0))
			if h == nil {
				h = fh
			} else {
				h = s.bin("+", s.bin("*", h, s.intLit(-1521134295)), fh)
			}
		}
		if h == nil {
			h = s.intLit(0)
		}
		mods := lang.ModPublic | lang.ModOverride
		if isStruct {
			mods |= lang.ModReadonly
		}
		add(&lang.MethodDecl{Pos: s.pos, Modifiers: mods, ReturnType: s.typ("int"), Name: "GetHashCode",
			ExprBody: &lang.CheckedExpr{Pos: s.pos, Unchecked: true, X: h}})
	}
	// == and !=.
	for _, op := range []string{"==", "!="} {
		name := lang.BinaryOperatorName(op)
		if forbidden(declares(name, self, self)) {
			continue
		}
		l, r := s.id("left"), s.id("right")
		var body lang.Expr
		switch {
		case op == "==" && isStruct:
			body = s.call(s.dot(l, "Equals"), r)
		case op == "==":
			body = s.bin("||", s.referenceEquals(l, r), s.bin("&&", s.notNull(l), s.call(s.dot(l, "Equals"), r)))
		default:
			body = &lang.UnaryExpr{Pos: s.pos, Op: "!", X: s.bin("==", l, r)}
		}
		add(&lang.MethodDecl{Pos: s.pos, Modifiers: lang.ModPublic | lang.ModStatic, ReturnType: boolType, Name: name, Operator: op,
			Params: []*lang.Param{s.param(self, "left"), s.param(self, "right")}, ExprBody: body})
	}
	// PrintMembers(StringBuilder builder).
	if declares("PrintMembers", nil) == nil {
		mods := lang.ModProtected | lang.ModVirtual
		switch {
		case derived:
			mods = lang.ModProtected | lang.ModOverride
		case sealed:
			mods = lang.ModPrivate
		}
		builder := s.id("builder")
		appendStr := func(v string) lang.Stmt { return s.stmt(s.call(s.dot(builder, "Append"), s.str(v))) }
		var body []lang.Stmt
		basePrint := s.call(s.dot(s.base(), "PrintMembers"), builder)
		switch {
		case derived && len(printed) == 0:
			body = append(body, s.ret(basePrint))
		default:
			if derived {
				body = append(body, &lang.IfStmt{Pos: s.pos, Cond: basePrint, Then: appendStr(", ")})
			}
			for i, name := range printed {
				if i > 0 {
					body = append(body, appendStr(", "))
				}
				body = append(body, appendStr(name+" = "))
				body = append(body, s.stmt(s.call(s.dot(builder, "Append"), s.cast(objType, s.dot(s.this(), name)))))
			}
			body = append(body, s.ret(s.boolean(len(printed) > 0)))
		}
		add(&lang.MethodDecl{Pos: s.pos, Modifiers: mods, ReturnType: boolType, Name: "PrintMembers",
			Params: []*lang.Param{s.param(builderType, "builder")}, Body: s.block(body...)})
	}
	// ToString(), unless declared here or sealed in a base record.
	if declares("ToString") == nil && !b.sealedToString(t) {
		builder := s.id("builder")
		appendStr := func(v string) lang.Stmt { return s.stmt(s.call(s.dot(builder, "Append"), s.str(v))) }
		body := s.block(
			&lang.LocalDeclStmt{Pos: s.pos, Decls: []*lang.Declarator{{Pos: s.pos, Name: "builder",
				Init: &lang.NewExpr{Pos: s.pos, Type: builderType}}}},
			appendStr(td.Name),
			appendStr(" { "),
			&lang.IfStmt{Pos: s.pos, Cond: s.call(s.id("PrintMembers"), builder), Then: appendStr(" ")},
			appendStr("}"),
			s.ret(s.call(s.dot(builder, "ToString"))))
		add(&lang.MethodDecl{Pos: s.pos, Modifiers: lang.ModPublic | lang.ModOverride, ReturnType: s.typ("string"), Name: "ToString", Body: body})
	}
	// <Clone>$(): `with` on a record class calls it. Its return type is
	// object in every record of a hierarchy, so overrides need no
	// covariant return; the with expression has its receiver's type. A
	// record struct is copied by value: no clone method, no copy
	// constructor.
	switch {
	case isStruct:
	case derived && abstract:
		// The concrete records below override the base's.
	case derived:
		add(&lang.MethodDecl{Pos: s.pos, Modifiers: lang.ModPublic | lang.ModOverride, ReturnType: objType, Name: CloneMethod,
			ExprBody: &lang.NewExpr{Pos: s.pos, Type: self, Args: []*lang.Arg{{Pos: s.pos, X: s.this()}}}})
	case abstract:
		add(&lang.MethodDecl{Pos: s.pos, Modifiers: lang.ModPublic | lang.ModAbstract, ReturnType: objType, Name: CloneMethod})
	default:
		mods := lang.ModPublic | lang.ModVirtual
		if sealed {
			mods = lang.ModPublic
		}
		add(&lang.MethodDecl{Pos: s.pos, Modifiers: mods, ReturnType: objType, Name: CloneMethod,
			ExprBody: &lang.NewExpr{Pos: s.pos, Type: self, Args: []*lang.Arg{{Pos: s.pos, X: s.this()}}}})
	}
	// The copy constructor, and the parameterless constructor a record
	// without a parameter list and without constructors has besides it.
	hasCopy, hasOther := false, false
	for _, c := range ctors {
		if IsCopyConstructor(td, c) {
			hasCopy = true
			continue
		}
		hasOther = true
		if primary != nil && (c.Init == nil || c.Init.Kind != "this") {
			b.errorf(c.Pos, "CS8862", "A constructor declared in a type with parameter list must have 'this' constructor initializer.")
		}
	}
	if !hasCopy && !isStruct {
		mods := lang.ModProtected
		if sealed {
			mods = lang.ModPrivate
		}
		orig := s.id("original")
		var copies []lang.Stmt
		for _, f := range fields {
			copies = append(copies, s.assign(s.dot(s.this(), f.name), s.dot(orig, f.name)))
		}
		c := &lang.CtorDecl{Pos: s.pos, Modifiers: mods, Name: td.Name, Params: []*lang.Param{s.param(self, "original")}, Body: s.block(copies...)}
		if derived {
			// The cast makes the base's copy constructor an identity
			// match, never tied with a constructor taking a type
			// parameter (Box(T) beside Box(Box<T>)).
			c.Init = &lang.CtorInit{Pos: s.pos, Kind: "base", Args: []*lang.Arg{{Pos: s.pos, X: s.cast(baseRef, orig)}}}
		}
		add(c)
	}
	if primary == nil && !hasOther && !isStruct {
		mods := lang.ModPublic
		if abstract {
			mods = lang.ModProtected
		}
		add(&lang.CtorDecl{Pos: s.pos, Modifiers: mods, Name: td.Name, Body: s.block()})
	}
	// Deconstruct(out T1 P1, ...).
	if primary != nil && len(primary.PrimaryParams) > 0 {
		var ps []*lang.Param
		var types []*lang.TypeRef
		var sets []lang.Stmt
		for _, p := range primary.PrimaryParams {
			ps = append(ps, &lang.Param{Pos: s.pos, Modifier: "out", Type: p.Type, Name: p.Name})
			types = append(types, p.Type)
			sets = append(sets, s.assign(s.id(p.Name), s.dot(s.this(), p.Name)))
		}
		if declares("Deconstruct", types...) == nil {
			add(&lang.MethodDecl{Pos: s.pos, Modifiers: lang.ModPublic, ReturnType: s.typ("void"), Name: "Deconstruct", Params: ps, Body: s.block(sets...)})
		}
	}

	td.Members = append(append(positional, td.Members...), added...)
	// IEquatable<R>.
	eq := s.typ("System.IEquatable", self)
	td.Bases = append(td.Bases, eq)
	if it := b.resolveType(eq, b.ctxFor(t)); it.Kind == Interface {
		t.Ifaces = append(t.Ifaces, it)
	}
}

// inheritedProperty finds the property named name in t's base records.
func (b *binder) inheritedProperty(t *Type, name string) *Property {
	for c := t.Base; c != nil && IsRecord(c); c = c.Base {
		for _, s := range b.u.declared(c, name) {
			if p, ok := s.(*Property); ok && !p.Static {
				return p
			}
		}
	}
	return nil
}

// sealedToString reports whether a base record of t declares a sealed
// ToString override, which t then inherits.
func (b *binder) sealedToString(t *Type) bool {
	for c := t.Base; c != nil && IsRecord(c); c = c.Base {
		for _, d := range b.decls[c.Generic()] {
			for _, m := range d.Members {
				if md, ok := m.(*lang.MethodDecl); ok && md.Name == "ToString" && len(md.Params) == 0 && md.Modifiers.Has(lang.ModSealed) {
					return true
				}
			}
		}
	}
	return false
}

// sameTypeRef reports whether two type references are written alike
// (nullable reference annotations aside).
func sameTypeRef(a, b *lang.TypeRef) bool {
	if a.ArrayRank != b.ArrayRank || len(a.Args) != len(b.Args) {
		return false
	}
	if a.ArrayRank > 0 {
		return sameTypeRef(a.Elem, b.Elem)
	}
	if a.Name != b.Name && !(isObjectName(a.Name) && isObjectName(b.Name)) {
		return false
	}
	for i := range a.Args {
		if !sameTypeRef(a.Args[i], b.Args[i]) {
			return false
		}
	}
	return true
}

func isObjectName(n string) bool { return n == "object" || n == "Object" || n == "System.Object" }

// isVirtualAuto reports whether p is a virtual (or overriding) instance
// auto-property, whose storage is a backing field of its own.
func isVirtualAuto(p *lang.PropertyDecl) bool {
	if p.Modifiers.Has(lang.ModStatic) || p.Modifiers.Has(lang.ModAbstract) || p.ExprBody != nil || len(p.Accessors) == 0 || p.IsIndexer() {
		return false
	}
	for _, a := range p.Accessors {
		if a.Body != nil || a.ExprBody != nil {
			return false
		}
	}
	return p.Modifiers.Has(lang.ModVirtual) || p.Modifiers.Has(lang.ModOverride)
}

// with binds `x with { A = v, ... }`: x must be a record class, a value
// type (C# 10: a record struct, any other struct, a tuple) or an
// anonymous type (CS8858). Each member is a field or property of its type
// (a tuple's element), assigned as an object initializer assigns it (an
// init accessor may run; a property without a setter, CS0200, and a
// readonly field, CS0191, may not, except an anonymous type's read-only
// properties, which are what `with` on it sets). The result has x's type;
// code generation calls a record class's clone method, copies a struct
// value, and calls an anonymous type's constructor.
func (b *binder) with(e *lang.WithExpr) *Type {
	t := b.expr(e.X)
	known := !t.IsUnchecked() && t.Kind != Null && t.Kind != Lambda && t.Kind != Group && t.Kind != Default
	if known && !WithReceiver(t) {
		b.errorf(posOf(e.X), "CS8858", "The receiver type '%s' is not a valid record type and is not a struct type.", t)
		known = false
	}
	seen := map[string]bool{}
	for _, mi := range e.Members {
		var mt *Type
		if seen[mi.Name] {
			b.errorf(mi.Pos, "CS1912", "Duplicate initialization of member '%s'", mi.Name)
		}
		seen[mi.Name] = true
		if known {
			if i := t.TupleElemName(mi.Name); i >= 0 {
				mt = t.TupleElems()[i]
			} else if syms := b.lookup(t, mi.Name); len(syms) > 0 {
				mt = memberType(syms[0])
				b.withTarget(t, mi, syms[0])
			} else if b.missIsError(t, mi.Name) {
				b.errorf(mi.Pos, "CS0117", "'%s' does not contain a definition for '%s'", t, mi.Name)
			}
		}
		if mt == nil {
			b.expr(mi.Value)
		} else {
			b.convertExpr(mi.Value, mt)
		}
	}
	if !known {
		return b.u.unchecked
	}
	return t
}

// WithReceiver reports whether a with expression may copy a value of type
// t: a record class, a value type (a struct, a tuple, a predefined value
// type, an enum) or an anonymous type.
func WithReceiver(t *Type) bool {
	return IsRecord(t) || t.IsValueType() || t.IsAnonymous()
}

// withTarget reports a member of a with expression that is not assignable:
// a property without a setter (CS0200; an anonymous type's are), a
// readonly field (CS0191), a static member (CS0176) or a method (CS1913).
func (b *binder) withTarget(t *Type, mi *lang.MemberInit, sym Symbol) {
	switch s := sym.(type) {
	case *Property:
		switch {
		case s.Static:
			b.errorf(mi.Pos, "CS0176", "Member '%s.%s' cannot be accessed with an instance reference; qualify it with a type name instead", s.Owner, s.Name)
		case !s.Set && !t.IsAnonymous():
			b.errorf(mi.Pos, "CS0200", "Property or indexer '%s.%s' cannot be assigned to -- it is read only", s.Owner, s.Name)
		}
	case *Field:
		switch {
		case s.Static || s.Const:
			b.errorf(mi.Pos, "CS0176", "Member '%s.%s' cannot be accessed with an instance reference; qualify it with a type name instead", s.Owner, s.Name)
		case s.ReadOnly:
			b.errorf(mi.Pos, "CS0191", "A readonly field cannot be assigned to (except in a constructor or init-only setter of the type in which the field is defined or a variable initializer)")
		}
	case *Method:
		b.errorf(mi.Pos, "CS1913", "Member '%s' cannot be initialized. It is not a field or property.", s.Name)
	}
}

// checkInitOnly reports an assignment to an init-only property outside an
// object initializer, a with expression, and the instance constructors
// and init accessors of its type, there only through this or base
// (CS8852). left is the assignment's target.
func (b *binder) checkInitOnly(left lang.Expr) {
	if b.jsonMeta {
		return // the generated JSON method sets init-only properties (jsonmeta.go)
	}
	var p *Property
	viaThis := false
	switch x := left.(type) {
	case *lang.Ident:
		if _, ok := b.scope.lookupVar(x.Name); ok {
			return
		}
		if ms := b.memberInScope(x.Name); len(ms) > 0 {
			p, _ = ms[0].(*Property)
		}
		viaThis = true
	case *lang.MemberExpr:
		switch x.X.(type) {
		case *lang.ThisExpr, *lang.BaseExpr:
			viaThis = true
		}
		if t := b.info.Types[x.X]; t != nil && !t.IsUnchecked() {
			if syms := b.lookup(t, x.Name); len(syms) > 0 {
				p, _ = syms[0].(*Property)
			}
		}
	}
	if p == nil || p.Static || !initOnly(p) {
		return
	}
	if viaThis && b.inInitBody() {
		return
	}
	b.errorf(posOf(left), "CS8852", "Init-only property or indexer '%s.%s' can only be assigned in an object initializer, or on 'this' or 'base' in an instance constructor or an 'init' accessor.", p.Owner, p.Name)
}

// initOnly reports whether p's setter is an init accessor.
func initOnly(p *Property) bool {
	pd, ok := p.Decl.(*lang.PropertyDecl)
	if !ok {
		return false
	}
	for _, a := range pd.Accessors {
		if a.Kind == "init" {
			return true
		}
	}
	return false
}

// checkDuplicate reports a second method of t with m's name and parameter
// types (CS0111): a record's declared Deconstruct written twice, or any
// class's. Partial methods (declared, then implemented) and conversion
// operators (which differ by return type) are left alone.
func (b *binder) checkDuplicate(t *Type, m *lang.MethodDecl, mt *Method) {
	if m.Modifiers.Has(lang.ModPartial) || m.Operator == "implicit" || m.Operator == "explicit" {
		return
	}
	for _, s := range t.members[m.Name] {
		o, ok := s.(*Method)
		if !ok || o.Owner != t || o.Decl == lang.Node(m) || !sameSignature(b.u, mt, o) {
			continue
		}
		if od, ok := o.Decl.(*lang.MethodDecl); ok && (od.Modifiers.Has(lang.ModPartial) || od.Iface != nil) {
			continue
		}
		if !sameModifiers(mt.Params, o.Params) {
			continue
		}
		b.errorf(m.Pos, "CS0111", "Type '%s' already defines a member called '%s' with the same parameter types", t.Name, m.Name)
		return
	}
}

// sameModifiers reports whether two parameter lists agree in ref-ness
// (C# tells overloads apart by ref versus none, not ref versus out).
func sameModifiers(a, b []*Param) bool {
	for i := range a {
		if (a[i].Mod == "") != (b[i].Mod == "") {
			return false
		}
	}
	return true
}

package bind

import (
	"strings"

	"asyncvm/lang"
	"asyncvm/vm"
)

// Kind classifies a Type.
type Kind uint8

// The kinds of type.
const (
	// Unchecked is the type of an expression the binder does not model yet
	// (a library member missing from the typed tables, an untyped lambda
	// parameter, dynamic-like cases). It converts to and from every type and
	// no diagnostic is ever reported about it: code generation then does
	// what it did before types were known (run-time dispatch).
	Unchecked Kind = iota
	Special        // a predefined type: bool, char, the numeric types, string, object, void
	Class
	Interface
	Enum
	Struct    // reserved for user structs (value semantics)
	Delegate  // a delegate type: its Invoke method is its signature
	Array     // Elem[]
	Nullable  // Elem? for a value type Elem
	TypeParam // a type parameter of a type or method
	Opaque    // a library type without a typed table: known by name, members unchecked
	Null      // the type of the null literal
	Lambda    // a lambda or anonymous method before it is converted to a delegate
	Group     // a method group
	Default   // the `default` literal before its target type is known
)

// SpecialType identifies a predefined type.
type SpecialType uint8

// The predefined types. The numeric ones are ordered so that the integral
// types come first.
const (
	NotSpecial SpecialType = iota
	Void
	Object
	String
	Bool
	Char
	SByte
	Byte
	Int16
	UInt16
	Int32
	UInt32
	Int64
	UInt64
	Single
	Double
	Decimal
)

var specialNames = [...]string{"", "void", "object", "string", "bool", "char", "sbyte", "byte", "short",
	"ushort", "int", "uint", "long", "ulong", "float", "double", "decimal"}

var specialMetadata = [...]string{"", "Void", "Object", "String", "Boolean", "Char", "SByte", "Byte", "Int16",
	"UInt16", "Int32", "UInt32", "Int64", "UInt64", "Single", "Double", "Decimal"}

// Type is a type symbol: a predefined type, a class or interface declared
// in source or in the library tables, a constructed generic type
// (Def != nil), a type parameter, an array or a nullable value type.
// Constructed types are interned by Universe.Construct, so two references
// to List<int> are the same *Type and identity is pointer equality.
type Type struct {
	Kind      Kind
	Special   SpecialType
	Name      string // simple name without arity: "List", "Box", "T"
	Namespace string
	Outer     *Type // the enclosing type of a nested type

	Params []*Type // type parameters of a generic definition
	Def    *Type   // the generic definition of a constructed type
	Args   []*Type // type arguments of a constructed type
	Elem   *Type   // arrays and nullable value types
	Rank   int     // arrays: the number of dimensions (1 for T[], 2 for T[,])
	Index  int     // a type parameter's position
	Method bool    // a type parameter of a method
	// Inherits marks a type parameter of an override or an explicit
	// interface implementation, whose constraints are those of the method
	// it implements (not modelled): conversions involving it are not
	// checked.
	Inherits bool
	Cons     *Constraints

	Base   *Type
	Ifaces []*Type
	Static bool

	// Open says that member lookup that finds nothing is not an error:
	// prelude classes and the library are only partly described by symbols,
	// so a miss there binds to Unchecked. Types derived from an open type
	// inherit this.
	Open bool
	// Lib marks a type declared by the library tables.
	Lib bool
	// UnknownBase marks a source type with a base the binder does not
	// model (a library class without a table): conversions from it to a
	// class are not checked.
	UnknownBase bool

	// TupleNames are the element names of a named tuple type, one per
	// element ("" for an unnamed one); Unnamed is then the interned
	// construction without names (see tuple.go).
	TupleNames []string
	Unnamed    *Type

	Decl *lang.TypeDecl // the declaration of a source type
	VM   *vm.Type       // the run-time type of a library type, when registered

	members map[string][]Symbol
	// pending declares the members of a library or prelude type, most of
	// which a program never names, one name at a time on the name's first
	// lookup (declared). nil for the program's own types, which are
	// declared eagerly.
	pending *pendingMembers
}

// pendingMembers is what Universe.declared needs to declare a library or
// prelude type's members on demand: the compilation's binder and the
// names already declared.
type pendingMembers struct {
	b    *binder
	done map[string]bool
}

// IsNumeric reports whether t is one of the predefined numeric types (char
// is integral in C# but not numeric for promotion purposes; it is included
// here as an integral type).
func (t *Type) IsNumeric() bool {
	return t != nil && t.Kind == Special && t.Special >= Char && t.Special <= Decimal
}

// IsIntegral reports whether t is an integral type (char included).
func (t *Type) IsIntegral() bool {
	return t != nil && t.Kind == Special && t.Special >= Char && t.Special <= UInt64
}

// IsValueType reports whether t is a value type.
func (t *Type) IsValueType() bool {
	if t == nil {
		return false
	}
	switch t.Kind {
	case Special:
		return t.Special >= Bool
	case Enum, Struct, Nullable:
		return true
	}
	return false
}

// IsReference reports whether t is known to be a reference type.
func (t *Type) IsReference() bool {
	if t == nil {
		return false
	}
	switch t.Kind {
	case Special:
		return t.Special == Object || t.Special == String
	case Class, Interface, Array, Delegate:
		return true
	}
	return false
}

// IsUnchecked reports whether nothing is known about t.
func (t *Type) IsUnchecked() bool { return t == nil || t.Kind == Unchecked || t.Kind == Opaque }

// Generic returns the definition of a constructed type, or t itself.
func (t *Type) Generic() *Type {
	if t.Def != nil {
		return t.Def
	}
	return t
}

// InvokeParams returns the parameters of delegate type t's Invoke method as
// declared (binding a call of a t declares it), or nil.
func (t *Type) InvokeParams() []*Param {
	if t == nil || t.Kind != Delegate {
		return nil
	}
	for _, s := range t.Generic().members["Invoke"] {
		if m, ok := s.(*Method); ok {
			return m.Params
		}
	}
	return nil
}

// IsRefStruct reports whether t is a ref struct (Span<T>, ReadOnlySpan<T>,
// a source `ref struct`): its values live only in locals, parameters and
// fields of other ref structs, never on the heap (C# §16.2.3).
func (t *Type) IsRefStruct() bool {
	d := t.Generic()
	return d.Kind == Struct && d.Decl != nil && d.Decl.Modifiers.Has(lang.ModRef)
}

// String spells the type as C# diagnostics do: keywords for predefined
// types, `List<int>`, `int[]`, `int?`, namespaces for source types.
func (t *Type) String() string {
	if t == nil {
		return "?"
	}
	switch t.Kind {
	case Special:
		return specialNames[t.Special]
	case Array:
		// C# spells an array of arrays outermost rank first: int[][,] is
		// an array of int[,].
		var specs strings.Builder
		for ; t.Kind == Array; t = t.Elem {
			specs.WriteString(RankSpec(t.Rank))
		}
		return t.String() + specs.String()
	case Nullable:
		return t.Elem.String() + "?"
	case Null:
		return "<null>"
	case Lambda:
		return "lambda expression"
	case Group:
		return "method group"
	case Default:
		return "default"
	case TypeParam:
		return t.Name
	}
	if t.IsAnonymous() {
		return anonymousString(t)
	}
	if t.IsTuple() {
		var b strings.Builder
		b.WriteByte('(')
		for i, e := range t.TupleElems() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(e.String())
			if i < len(t.TupleNames) && t.TupleNames[i] != "" {
				b.WriteString(" " + t.TupleNames[i])
			}
		}
		b.WriteByte(')')
		return b.String()
	}
	var b strings.Builder
	if t.Outer != nil {
		b.WriteString(t.Outer.String())
		b.WriteByte('.')
	} else if t.Namespace != "" && !t.Lib {
		b.WriteString(t.Namespace)
		b.WriteByte('.')
	}
	b.WriteString(t.Name)
	args := t.Args
	if t.Def == nil {
		args = t.Params
	}
	if len(args) > 0 {
		b.WriteByte('<')
		for i, a := range args {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(a.String())
		}
		b.WriteByte('>')
	}
	return b.String()
}

// Symbol is a member: *Field, *Property, *Method or a nested *Type.
type Symbol interface{ symName() string }

// Field is a field (or an enum member, or a constant).
type Field struct {
	Name   string
	Owner  *Type
	Type   *Type
	Static bool
	Const  bool
	Event  bool // a field-like event
	Decl   lang.Node
	// ReadOnly marks a readonly field.
	ReadOnly bool
}

// Property is a property or an indexer (Name "this[]").
type Property struct {
	Name   string
	Owner  *Type
	Type   *Type
	Params []*Param // indexer parameters
	Static bool
	Get    bool
	Set    bool
	Event  bool // an event with add and remove accessors
	Decl   lang.Node
}

// Method is a method, a constructor (Name ".ctor") or a local function.
// A method of a constructed type is the definition's method with the
// type arguments substituted; Orig then points to the definition's.
type Method struct {
	Name       string
	Owner      *Type
	Params     []*Param
	Ret        *Type
	TypeParams []*Type
	Static     bool
	Ext        bool // an extension method (first parameter `this`)
	Decl       lang.Node
	Orig       *Method
	// TypeArgs are the type arguments of an instantiated generic method
	// (written or inferred), which code generation passes at run time.
	TypeArgs []*Type
	// Lifted marks the lifted form of a user-defined conversion operator
	// from S to T, converting S? to T? (§10.6.2): null converts to null,
	// any other value by the operator.
	Lifted bool
}

// Param is a parameter of a method, constructor, indexer or lambda.
type Param struct {
	Name     string
	Type     *Type
	Mod      string // "", "ref", "out", "in", "params"
	Optional bool
}

func (f *Field) symName() string    { return f.Name }
func (p *Property) symName() string { return p.Name }
func (m *Method) symName() string   { return m.Name }
func (t *Type) symName() string     { return t.Name }

// Definition returns the method as declared (before substitution).
func (m *Method) Definition() *Method {
	if m.Orig != nil {
		return m.Orig
	}
	return m
}

// IsParams reports whether the last parameter is a params array.
func (m *Method) IsParams() bool {
	return len(m.Params) > 0 && m.Params[len(m.Params)-1].Mod == "params"
}

// Signature spells the method as C# diagnostics do: `P.F(int, string)`.
func (m *Method) Signature() string {
	var b strings.Builder
	if m.Owner != nil {
		b.WriteString(m.Owner.String())
		b.WriteByte('.')
	}
	d, _ := m.Definition().Decl.(*lang.MethodDecl)
	switch {
	case m.Name == ".ctor" && m.Owner != nil:
		b.WriteString(m.Owner.Name)
	case d != nil && (m.Name == "op_Implicit" || m.Name == "op_Explicit") && m.Ret != nil:
		b.WriteString(strings.ToLower(strings.TrimPrefix(m.Name, "op_")) + " operator " + m.Ret.String())
	case d != nil && d.Operator != "":
		b.WriteString("operator " + d.Operator)
	default:
		b.WriteString(m.Name)
	}
	if len(m.TypeParams) > 0 {
		b.WriteByte('<')
		for i, tp := range m.TypeParams {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(tp.Name)
		}
		b.WriteByte('>')
	}
	b.WriteByte('(')
	for i, p := range m.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		if p.Mod != "" {
			b.WriteString(p.Mod)
			b.WriteByte(' ')
		}
		b.WriteString(p.Type.String())
	}
	b.WriteByte(')')
	return b.String()
}

// addMember declares a member of a type definition.
func (t *Type) addMember(s Symbol) {
	if t.members == nil {
		t.members = map[string][]Symbol{}
	}
	t.members[s.symName()] = append(t.members[s.symName()], s)
}

// declared returns the members named name that t itself declares, with a
// constructed type's type arguments substituted.
func (u *Universe) declared(t *Type, name string) []Symbol {
	def := t.Generic()
	if p := def.pending; p != nil && !p.done[name] {
		if p.done == nil {
			p.done = map[string]bool{}
		}
		p.done[name] = true
		p.b.declareMembers(def, name)
	}
	ms := def.members[name]
	if t.Def == nil || len(ms) == 0 {
		return ms
	}
	sub := typeSubstitution(t)
	out := make([]Symbol, len(ms))
	for i, s := range ms {
		out[i] = u.substMember(s, t, sub)
	}
	return out
}

func substitution(params, args []*Type) map[*Type]*Type {
	m := make(map[*Type]*Type, len(params))
	for i, p := range params {
		if i < len(args) {
			m[p] = args[i]
		}
	}
	return m
}

func (u *Universe) substMember(s Symbol, owner *Type, sub map[*Type]*Type) Symbol {
	switch s := s.(type) {
	case *Field:
		c := *s
		c.Owner, c.Type = owner, u.Subst(s.Type, sub)
		return &c
	case *Property:
		c := *s
		c.Owner, c.Type, c.Params = owner, u.Subst(s.Type, sub), u.substParams(s.Params, sub)
		return &c
	case *Method:
		return u.substMethod(s, owner, sub)
	case *Type:
		if len(s.Params) == 0 {
			return u.Nested(owner, s, nil)
		}
	}
	return s
}

func (u *Universe) substMethod(m *Method, owner *Type, sub map[*Type]*Type) *Method {
	c := *m
	c.Owner = owner
	c.Orig = m.Definition()
	c.Ret = u.Subst(m.Ret, sub)
	c.Params = u.substParams(m.Params, sub)
	return &c
}

func (u *Universe) substParams(ps []*Param, sub map[*Type]*Type) []*Param {
	if len(ps) == 0 {
		return ps
	}
	out := make([]*Param, len(ps))
	for i, p := range ps {
		c := *p
		c.Type = u.Subst(p.Type, sub)
		out[i] = &c
	}
	return out
}

// Subst replaces type parameters in t.
func (u *Universe) Subst(t *Type, sub map[*Type]*Type) *Type {
	if t == nil || len(sub) == 0 {
		return t
	}
	switch t.Kind {
	case TypeParam:
		if r, ok := sub[t]; ok {
			return r
		}
		return t
	case Array:
		return u.ArrayOfRank(u.Subst(t.Elem, sub), t.Rank)
	case Nullable:
		return u.NullableOf(u.Subst(t.Elem, sub))
	}
	if r := u.substNested(t, sub); r != nil {
		return r
	}
	if t.Def == nil && len(t.Params) > 0 {
		// A generic definition names its own instance type inside its
		// declaration (`Vec<T>` in class Vec<T>).
		args := make([]*Type, len(t.Params))
		changed := false
		for i, p := range t.Params {
			args[i] = u.Subst(p, sub)
			changed = changed || args[i] != p
		}
		if changed {
			return u.Construct(t, args)
		}
	}
	if t.Def != nil {
		args := make([]*Type, len(t.Args))
		changed := false
		for i, a := range t.Args {
			args[i] = u.Subst(a, sub)
			changed = changed || args[i] != a
		}
		if changed {
			if t.TupleNames != nil {
				return u.WithNames(u.Construct(t.Def, args), t.TupleNames)
			}
			return u.Construct(t.Def, args)
		}
	}
	return t
}

// LibInstanceProperty returns the instance property name of library class
// t or of its library bases, among those binding has declared, or nil.
func (t *Type) LibInstanceProperty(name string) *Property {
	for c := t; c != nil && c.Lib; c = c.Base {
		for _, s := range c.Generic().members[name] {
			if p, ok := s.(*Property); ok && !p.Static && len(p.Params) == 0 {
				return p
			}
		}
	}
	return nil
}

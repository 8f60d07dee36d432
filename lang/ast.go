package lang

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a source position: file name, 1-based line and 1-based column (in
// bytes). It is the project's one position type; the zero Pos marks a
// synthesized node. A #line directive maps File and Line; SrcLine then
// keeps the line in the source text (for showing the source line under a
// diagnostic), and is 0 wherever no #line directive is in effect.
type Pos struct {
	File      string
	Line, Col int
	SrcLine   int
}

// TextLine is the 1-based line of the source text p is on.
func (p Pos) TextLine() int {
	if p.SrcLine > 0 {
		return p.SrcLine
	}
	return p.Line
}

// String renders the position as "file:line:col".
func (p Pos) String() string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

// IsValid reports whether the position refers to source text.
func (p Pos) IsValid() bool { return p.Line > 0 }

// Node is any syntax tree node.
type Node interface {
	Position() Pos
}

// Expr is an expression node.
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement node.
type Stmt interface {
	Node
	stmtNode()
}

// Member is a class or interface member declaration.
type Member interface {
	Node
	memberNode()
}

// Pattern is a pattern of an is-expression, a case label or a switch arm.
type Pattern interface {
	Node
	patternNode()
}

// Modifiers is a set of declaration modifiers.
type Modifiers uint32

// The declaration modifiers.
const (
	ModPublic Modifiers = 1 << iota
	ModPrivate
	ModProtected
	ModInternal
	ModStatic
	ModSealed
	ModAbstract
	ModPartial
	ModReadonly
	ModConst
	ModAsync
	ModVirtual
	ModOverride
	ModNew
	ModExtern
	ModVolatile
	ModRequired
	// ModRef is `ref` before `struct` (a ref struct, C# 7.2).
	ModRef
	// ModFile is `file` on a top-level type (a file-local type, C# 11): a
	// program is one file, so such a type is an internal one.
	ModFile
)

var modifierNames = []string{"public", "private", "protected", "internal", "static", "sealed",
	"abstract", "partial", "readonly", "const", "async", "virtual", "override", "new", "extern",
	"volatile", "required", "ref", "file"}

// Has reports whether all modifiers in m2 are in m.
func (m Modifiers) Has(m2 Modifiers) bool { return m&m2 == m2 }

// String lists the modifiers in C# order, separated by spaces.
func (m Modifiers) String() string {
	var parts []string
	for i, n := range modifierNames {
		if m&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, " ")
}

// ModifierByName returns the modifier spelled name, or 0.
func ModifierByName(name string) Modifiers {
	for i, n := range modifierNames {
		if n == name {
			return 1 << i
		}
	}
	return 0
}

// TypeRef is a reference to a type as written: a possibly dotted name with
// type arguments (`System.Collections.Generic.List<int>`), or an array of an
// element type. Predefined types keep their keyword as Name ("int", "void").
// A name that continues after type arguments names a nested type of a
// constructed generic type: `Outer<int>.Inner<string>` is Name "Inner",
// Args [string], Outer `Outer<int>`.
type TypeRef struct {
	Pos       Pos
	Name      string     // dotted name (relative to Outer when set); empty when ArrayRank > 0
	Args      []*TypeRef // generic arguments
	Nullable  bool       // `T?`
	ArrayRank int        // 0 for a non-array; 1 for `T[]`, 2 for `T[,]`
	Elem      *TypeRef   // element type when ArrayRank > 0; jagged arrays nest
	Outer     *TypeRef   // the constructed generic type Name is nested in, if any
	// Tuple marks a tuple type `(int Min, int Max)`: Name is
	// "System.ValueTuple" and Args its element types (an eighth and later
	// elements nest in a last TRest argument, as in .NET); TupleNames are
	// the element names as written ("" for an unnamed element), nil when no
	// element is named.
	Tuple      bool
	TupleNames []string
}

// String renders the type in C# syntax.
func (t *TypeRef) String() string {
	if t == nil {
		return "var"
	}
	var b strings.Builder
	if t.ArrayRank > 0 {
		// The outermost rank specifier is written first: `int[][,]` is an
		// array of two-dimensional arrays.
		base := t
		var specs strings.Builder
		for base.ArrayRank > 0 && base.Elem != nil {
			specs.WriteByte('[')
			specs.WriteString(strings.Repeat(",", base.ArrayRank-1))
			specs.WriteByte(']')
			if base != t && base.Nullable {
				specs.WriteByte('?')
			}
			base = base.Elem
		}
		b.WriteString(base.String())
		b.WriteString(specs.String())
	} else if t.Tuple {
		b.WriteByte('(')
		for i, a := range t.TupleElems() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(a.String())
			if i < len(t.TupleNames) && t.TupleNames[i] != "" {
				b.WriteString(" " + t.TupleNames[i])
			}
		}
		b.WriteByte(')')
	} else {
		if t.Outer != nil {
			b.WriteString(t.Outer.String())
			b.WriteByte('.')
		}
		b.WriteString(t.Name)
		if len(t.Args) > 0 {
			b.WriteByte('<')
			for i, a := range t.Args {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(a.String())
			}
			b.WriteByte('>')
		}
	}
	if t.Nullable {
		b.WriteByte('?')
	}
	return b.String()
}

// Position returns the node's position.
func (t *TypeRef) Position() Pos { return t.Pos }

// TupleElems returns the element types of a tuple type, the elements
// nested in TRest included.
func (t *TypeRef) TupleElems() []*TypeRef {
	var out []*TypeRef
	for t != nil && t.Tuple {
		if len(t.Args) == 8 && t.Args[7].Tuple {
			out = append(out, t.Args[:7]...)
			t = t.Args[7]
			continue
		}
		out = append(out, t.Args...)
		break
	}
	return out
}

// MaxTupleArity is the number of elements of one System.ValueTuple type:
// longer tuples nest the rest in its last type argument (TRest).
const MaxTupleArity = 7

// NewTupleType returns the tuple type of the element types elems (two or
// more), with names (nil, or one per element, "" for an unnamed one).
func NewTupleType(pos Pos, elems []*TypeRef, names []string) *TypeRef {
	t := &TypeRef{Pos: pos, Name: "System.ValueTuple", Tuple: true, TupleNames: names}
	if len(elems) > MaxTupleArity {
		rest := NewTupleType(pos, elems[MaxTupleArity:], nil)
		t.Args = append(append([]*TypeRef{}, elems[:MaxTupleArity]...), rest)
		return t
	}
	t.Args = elems
	return t
}

// File is one parsed source file (or REPL chunk).
type File struct {
	Pos        Pos
	Name       string // file name as given to Parse
	Usings     []*UsingDirective
	Namespace  string      // the first namespace declared, "" if none
	Types      []*TypeDecl // top-level types, namespaces flattened
	Stmts      []Stmt      // top-level statements, including *LocalFuncStmt
	Attributes []*Attribute
	// Symbols are the preprocessor symbols defined after the file's
	// #define and #undef directives (which precede its first token, so one
	// set holds for the whole file), sorted; [Conditional] calls are kept
	// when their symbol is here (Defines).
	Symbols []string
	// Warnings are the file's preprocessor warnings (#warning, an
	// unrecognized #pragma): reported, but the program still compiles.
	Warnings Diagnostics
}

// Defines reports whether the preprocessor symbol sym is defined in f.
func (f *File) Defines(sym string) bool {
	i := sort.SearchStrings(f.Symbols, sym)
	return i < len(f.Symbols) && f.Symbols[i] == sym
}

// UsingDirective is `using A.B;`, `using static A.B;` or `using X = A.B;`.
type UsingDirective struct {
	Pos      Pos
	Name     string
	NamePos  Pos // position of Name
	IsStatic bool
	Alias    string
	// Target is an alias's type (Name is its text); the binder replaces
	// the alias's uses by it (bind.ExpandAliases).
	Target *TypeRef
	// Scope is the namespace whose declaration holds the directive, ""
	// at the top of the file: the directive applies only inside it.
	Scope string
}

// AppliesIn reports whether the directive is in scope for code in
// namespace ns (its own namespace declaration or one nested in it).
func (u *UsingDirective) AppliesIn(ns string) bool {
	return u.Scope == "" || ns == u.Scope || strings.HasPrefix(ns, u.Scope+".")
}

// Attribute is one attribute of an attribute list: `[Benchmark(Baseline = true)]`.
type Attribute struct {
	Pos  Pos
	Name string // as written, possibly dotted, without a trailing "Attribute" removed
	Args []*Arg // named arguments have Arg.Name set
}

// TypeKind distinguishes class, struct, interface, enum and delegate declarations.
type TypeKind string

// The type declaration kinds.
const (
	KindClass     TypeKind = "class"
	KindInterface TypeKind = "interface"
	KindStruct    TypeKind = "struct"
	KindEnum      TypeKind = "enum"
	KindDelegate  TypeKind = "delegate"
)

// TypeDecl is a class, interface, enum or delegate declaration. A
// delegate's signature is Invoke, a method declaration without a body.
type TypeDecl struct {
	Pos        Pos
	Kind       TypeKind
	Record     bool // a record class or record struct (Kind): the binder adds its synthesized members (compiler/bind/record.go)
	Name       string
	Namespace  string // enclosing namespace, "" if none
	TypeParams []string
	// Variance holds each type parameter's variance annotation ("in",
	// "out" or ""), nil when none has one (C# §19.2.3: only interfaces
	// and delegates may declare them).
	Variance      []string
	Constraints   []*Constraint // `where T : ...` clauses
	Modifiers     Modifiers
	Attributes    []*Attribute
	Bases         []*TypeRef // base class and interfaces, in order; for an enum, the underlying type
	PrimaryParams []*Param   // primary constructor parameters
	HasPrimary    bool       // a primary constructor parameter list was written, even `()`
	BaseArgs      []*Arg     // `class B(int x) : A(x)`: arguments the primary constructor passes to the base
	HasBaseArgs   bool       // a base argument list was written, even `()`
	Members       []Member
	EnumMembers   []*EnumMember
	Invoke        *MethodDecl // a delegate's signature
	// Extensions are the C# 14 extension blocks the type declares; their
	// members are lowered into Members (see ExtensionDecl).
	Extensions []*ExtensionDecl
}

// ExtensionDecl is a C# 14 extension block. Its members are lowered to
// static methods of the enclosing class, as .NET compiles them: an
// instance method M(args) to `static M(this R r, args)`, a property P to
// accessor methods get_P(this R r) and set_P(this R r, value), a static
// member to a static method of the class; the block's type parameters
// come first in each method's. Each lowered method points back to its
// block (MethodDecl.Extension).
type ExtensionDecl struct {
	Pos         Pos
	TypeParams  []string
	Constraints []*Constraint
	Receiver    *Param // its Name is "" when the receiver is unnamed
	// Invalid are the positions of the members an extension block cannot
	// declare (fields, constructors, events, nested types, ...).
	Invalid []Pos
	// Instance is the position of the first instance member, the zero
	// Pos when there is none.
	Instance Pos
}

// Position returns the node's position.
func (n *ExtensionDecl) Position() Pos { return n.Pos }

func (n *ExtensionDecl) memberNode() {}

// EnumMember is one enumerator; Value is nil when implicit.
type EnumMember struct {
	Pos        Pos
	Name       string
	Value      Expr
	Attributes []*Attribute
}

// FieldDecl is a field declaration, possibly with several declarators. Const
// fields have ModConst; Event marks a field-like event (`event T E;`).
type FieldDecl struct {
	Pos        Pos
	Attributes []*Attribute
	Modifiers  Modifiers
	Event      bool
	Type       *TypeRef
	Decls      []*Declarator
}

// Declarator is one `name = init` of a field or local declaration.
type Declarator struct {
	Pos  Pos
	Name string
	Init Expr // nil when absent
}

// PropertyDecl is a property. An auto-property has accessors without bodies;
// `T P => expr;` has ExprBody and no accessors. Event marks an event with
// add and remove accessors.
type PropertyDecl struct {
	Pos        Pos
	Attributes []*Attribute
	Modifiers  Modifiers
	Event      bool
	Type       *TypeRef
	Name       string
	Accessors  []*Accessor
	Init       Expr // `{ get; } = init;`
	ExprBody   Expr
	// RefKind is "ref" or "ref readonly" for a property or indexer that
	// returns by reference, else "".
	RefKind string
	// Params are an indexer's parameters (`T this[int i]`, Name "this[]");
	// nil for a property.
	Params []*Param
	// Iface is the interface of an explicit implementation
	// (`int ICounter.Count => n;`), nil otherwise.
	Iface *TypeRef
}

// IsIndexer reports whether d declares an indexer.
func (d *PropertyDecl) IsIndexer() bool { return d.Name == "this[]" }

// Accessor is a get, set or init accessor, or an event's add or remove
// accessor. Body and ExprBody are both nil for an auto accessor.
type Accessor struct {
	Pos       Pos
	Kind      string // "get", "set", "init", "add" or "remove"
	Modifiers Modifiers
	Body      *BlockStmt
	ExprBody  Expr
}

// MethodDecl is a method, or (inside a LocalFuncStmt) a local function. Body
// and ExprBody are both nil for abstract, interface and extern methods.
type MethodDecl struct {
	Pos         Pos
	Attributes  []*Attribute
	Modifiers   Modifiers
	ReturnType  *TypeRef
	Name        string
	NamePos     Pos // the name's (an operator's token's) position, where C# reports the method; zero when not known
	TypeParams  []string
	Constraints []*Constraint // `where T : ...` clauses
	Params      []*Param
	Body        *BlockStmt
	ExprBody    Expr
	// Iface is the interface of an explicit implementation
	// (`string IGreeter.Greet()`), nil otherwise.
	Iface *TypeRef
	// Operator is the token an operator declaration overloads ("+", "==",
	// "true", ...) or "implicit"/"explicit" for a conversion operator;
	// Name is then its metadata name (op_Addition, op_Implicit, ...).
	Operator string
	// Checked marks the checked form of an operator (`operator checked
	// +`, Name op_CheckedAddition), chosen in a checked context; Compound
	// an instance compound assignment or increment operator (C# 14:
	// `void operator +=(int x)`, `void operator ++()`).
	Checked, Compound bool
	// Finalizer is the class name of a finalizer (`~C() { ... }`),
	// declared as the method Finalize, which nothing calls: asyncvm has
	// no finalization (docs/deviations.md).
	Finalizer string
	// Extension is the extension block a method was lowered from, nil
	// for any other method. ExtProperty is then the name of the property
	// whose accessor it is ("" for a method), and ExtStatic marks a
	// static member, called through the receiver type (`string.Make()`).
	Extension   *ExtensionDecl
	ExtProperty string
	ExtStatic   bool
	// RefKind is "ref" or "ref readonly" for a method that returns by
	// reference, else "".
	RefKind string
}

// Constraint is a `where T : ...` clause: the primary constraint (class,
// struct, notnull, unmanaged), the base class and interface types, and
// new().
type Constraint struct {
	Param string
	Kind  string // "", "class", "struct", "notnull", "unmanaged", "default"
	Types []*TypeRef
	New   bool
	// AllowsRefStruct is the anti-constraint `allows ref struct` (C# 13):
	// a ref struct (a Span) may be a type argument.
	AllowsRefStruct bool
}

// CtorDecl is an instance or (with ModStatic) static constructor.
type CtorDecl struct {
	Pos        Pos
	Attributes []*Attribute
	Modifiers  Modifiers
	Name       string
	Params     []*Param
	Init       *CtorInit // `: base(...)` or `: this(...)`, nil if absent
	Body       *BlockStmt
	ExprBody   Expr
}

// CtorInit is a constructor initializer.
type CtorInit struct {
	Pos  Pos
	Kind string // "base" or "this"
	Args []*Arg
}

// Param is a method, constructor, lambda or primary-constructor parameter.
type Param struct {
	Pos        Pos
	Attributes []*Attribute
	Modifier   string   // "", "ref", "out", "in", "params" or "this"
	Type       *TypeRef // nil for an untyped lambda parameter
	Name       string
	Default    Expr
	// This marks the receiver of an extension method passed by reference
	// (`this ref T x`, `in this T x`): Modifier is "ref" or "in".
	This bool
}

// IsThis reports whether p is an extension method's receiver.
func (p *Param) IsThis() bool { return p.Modifier == "this" || p.This }

// DiscardParams reports whether ps, a lambda's parameters, are discards:
// more than one is named `_` (C# 9). A lone `_` parameter is an ordinary
// parameter named `_`.
func DiscardParams(ps []*Param) bool {
	n := 0
	for _, p := range ps {
		if p.Name == "_" {
			n++
		}
	}
	return n > 1
}

// Arg is a call, index or attribute argument: `name: ref x`.
type Arg struct {
	Pos  Pos
	Name string // named argument, or "" (attributes use `Name = value`)
	Mod  string // "", "ref", "out" or "in"
	X    Expr   // `out var x` and `out T x` are *DeclExpr
}

// ---- Statements ----

// BlockStmt is `{ stmts }`.
type BlockStmt struct {
	Pos    Pos
	Stmts  []Stmt
	Rbrace Pos // position of the closing brace
}

// LocalDeclStmt declares locals: `var x = 1;`, `int a, b = 2;`, `const int N = 3;`.
type LocalDeclStmt struct {
	Pos     Pos
	Type    *TypeRef // nil for `var`
	RefKind string   // "ref" or "ref readonly" for ref locals, else ""
	IsConst bool
	Decls   []*Declarator
}

// UsingDeclStmt is `using var x = ...;`: the locals are disposed at the end
// of the enclosing block.
type UsingDeclStmt struct {
	Pos     Pos
	Decl    *LocalDeclStmt
	IsAwait bool // `await using var x = ...;`
}

// ExprStmt is an expression used as a statement.
type ExprStmt struct {
	Pos Pos
	X   Expr
}

// IfStmt is `if (Cond) Then else Else`; Else may be nil.
type IfStmt struct {
	Pos  Pos
	Cond Expr
	Then Stmt
	Else Stmt
}

// WhileStmt is `while (Cond) Body`.
type WhileStmt struct {
	Pos  Pos
	Cond Expr
	Body Stmt
}

// DoStmt is `do Body while (Cond);`.
type DoStmt struct {
	Pos  Pos
	Body Stmt
	Cond Expr
}

// ForStmt is `for (Init; Cond; Post) Body`. Init is either a declaration
// (InitDecl) or expressions (InitExprs); Cond may be nil.
type ForStmt struct {
	Pos       Pos
	InitDecl  *LocalDeclStmt
	InitExprs []Expr
	Cond      Expr
	Post      []Expr
	Body      Stmt
}

// ForeachStmt is `foreach (Type Name in X) Body`; Type is nil for `var`.
type ForeachStmt struct {
	Pos     Pos
	IsAwait bool   // `await foreach`
	RefKind string // `foreach (ref var x in ...)`: "ref" or "ref readonly"
	Type    *TypeRef
	Name    string
	X       Expr
	Body    Stmt
	// Deconstruct is the designation of `foreach (var (k, v) in X)`, a
	// *TupleExpr of declarations. The parser then names the element with
	// a hidden Name and makes Body the block `{ (var k, var v) = Name;
	// body }`, so every later phase sees an ordinary foreach; the printer
	// prints the statement as written.
	Deconstruct *TupleExpr
	// Expanded is an await foreach's expansion (C# §13.9.5: GetAsyncEnumerator,
	// MoveNextAsync, Current, DisposeAsync), sharing X and Body: what the
	// binder and both execution models compile. The printer prints the
	// statement as written.
	Expanded *BlockStmt
}

// SwitchStmt is a switch statement.
type SwitchStmt struct {
	Pos      Pos
	X        Expr
	Sections []*SwitchSection
}

// SwitchSection is one or more labels followed by statements.
type SwitchSection struct {
	Pos    Pos
	Labels []*CaseLabel
	Body   []Stmt
}

// CaseLabel is `case Pattern when When:` or `default:`.
type CaseLabel struct {
	Pos       Pos
	Pattern   Pattern // nil for default
	When      Expr
	IsDefault bool
}

// BreakStmt is `break;`.
type BreakStmt struct{ Pos Pos }

// ContinueStmt is `continue;`.
type ContinueStmt struct{ Pos Pos }

// ReturnStmt is `return X;`; X may be nil.
type ReturnStmt struct {
	Pos Pos
	X   Expr
}

// YieldStmt is `yield return X;`, or `yield break;` when X is nil. It only
// appears in an iterator's body; the iterator lowering (sm.LowerIterators)
// removes it before code generation.
type YieldStmt struct {
	Pos Pos
	X   Expr
}

// GotoStmt is `goto Label;`, `goto case Case;` or `goto default;`.
type GotoStmt struct {
	Pos       Pos
	Label     string
	LabelPos  Pos // position of Label
	IsCase    bool
	Case      Expr
	IsDefault bool
}

// LabeledStmt is `Label: Stmt`.
type LabeledStmt struct {
	Pos   Pos
	Label string
	Stmt  Stmt
}

// ThrowStmt is `throw X;`; X is nil for a rethrow.
type ThrowStmt struct {
	Pos Pos
	X   Expr
}

// TryStmt is try/catch/finally; Finally may be nil.
type TryStmt struct {
	Pos     Pos
	Body    *BlockStmt
	Catches []*CatchClause
	Finally *BlockStmt
}

// CatchClause is `catch (Type Name) when (Filter) Body`; Type is nil for a
// bare `catch`, Name is "" when not given.
type CatchClause struct {
	Pos    Pos
	Type   *TypeRef
	Name   string
	Filter Expr
	Body   *BlockStmt
}

// UsingStmt is `using (Decl or X) Body`.
type UsingStmt struct {
	Pos     Pos
	Decl    *LocalDeclStmt
	X       Expr
	Body    Stmt
	IsAwait bool // `await using`: the resources are disposed with `await DisposeAsync()`
}

// LockStmt is `lock (X) Body`.
type LockStmt struct {
	Pos  Pos
	X    Expr
	Body Stmt
}

// CheckedStmt is `checked Body` or `unchecked Body`: integral arithmetic
// and conversions textually inside Body (lambdas included, called methods
// not) overflow with OverflowException, or wrap.
type CheckedStmt struct {
	Pos       Pos
	Unchecked bool
	Body      *BlockStmt
}

// LocalFuncStmt declares a local function.
type LocalFuncStmt struct {
	Pos  Pos
	Func *MethodDecl
}

// EmptyStmt is `;`.
type EmptyStmt struct{ Pos Pos }

// ---- Expressions ----

// LitKind is the kind of a literal.
type LitKind int

// The literal kinds.
const (
	LitInt LitKind = iota
	LitUInt
	LitLong
	LitULong
	LitDouble
	LitFloat
	LitDecimal
	LitChar
	LitString
	LitBool
	LitNull
)

var litKindNames = [...]string{"int", "uint", "long", "ulong", "double", "float", "decimal", "char", "string", "bool", "null"}

// String names the literal kind as its C# type.
func (k LitKind) String() string {
	if int(k) < len(litKindNames) {
		return litKindNames[k]
	}
	return fmt.Sprintf("LitKind(%d)", int(k))
}

// Literal is a literal constant. Value holds the decoded value: int64 for
// int and long, uint64 for uint and ulong, float64 for double, float and
// decimal, rune for char, string, bool, or nil for null. Raw is the source
// text (synthesized literals may leave it empty).
type Literal struct {
	Pos   Pos
	Kind  LitKind
	Raw   string
	Value any
}

// InterpolatedString is `$"text{X,Align:Format}text"`.
type InterpolatedString struct {
	Pos      Pos
	Verbatim bool
	Parts    []*InterpPart
}

// InterpPart is either literal text (X nil) or a hole.
type InterpPart struct {
	Text   string // decoded literal text when X is nil
	X      Expr
	Align  Expr   // nil when absent
	Format string // "" when absent
}

// Ident is a simple name, possibly with type arguments (`F<int>`), or a
// predefined type keyword used as an expression (`int.Parse`).
type Ident struct {
	Pos      Pos
	Name     string
	TypeArgs []*TypeRef
	// Verbatim marks `@name`: `@field` in a property accessor names a
	// member called field, not C# 14's backing field.
	Verbatim bool
}

// MemberExpr is `X.Name`, `X?.Name` (NullCond) or `X.Name<T>`. Query
// names the clause ("select", "where", ...) of a query expression whose
// translation called the method Name (§12.20.3), for C#'s CS1936.
type MemberExpr struct {
	Pos      Pos
	X        Expr
	Name     string
	TypeArgs []*TypeRef
	NullCond bool
	Query    string
}

// CallExpr is `Fun(Args)`.
type CallExpr struct {
	Pos  Pos
	Fun  Expr
	Args []*Arg
}

// IndexExpr is `X[Args]` or `X?[Args]` (NullCond).
type IndexExpr struct {
	Pos      Pos
	X        Expr
	Args     []*Arg
	NullCond bool
}

// UnaryExpr is a prefix operator: - + ! ~ ++ -- and ^ (index from end).
// Op "ref" is C#'s ref expression `ref X` (a ref local's initializer, a
// ref return, the right side of a ref assignment, a branch of a ref
// conditional): a reference to the variable X, not its value.
type UnaryExpr struct {
	Pos Pos
	Op  string
	X   Expr
}

// RangeExpr is `X..Y`; either operand may be nil (`..Y`, `X..`, `..`).
type RangeExpr struct {
	Pos  Pos // of X, or of the '..' without X
	X, Y Expr
}

// PostfixExpr is `X++` or `X--`.
type PostfixExpr struct {
	Pos Pos
	Op  string
	X   Expr
}

// BinaryExpr is `X Op Y` for * / % + - << >> < > <= >= == != & ^ | && || ??.
type BinaryExpr struct {
	Pos Pos
	Op  string
	X   Expr
	Y   Expr
}

// AssignExpr is `Left Op Right` for = += -= *= /= %= &= |= ^= <<= >>= >>>= ??=.
type AssignExpr struct {
	Pos   Pos
	Op    string
	Left  Expr
	Right Expr
}

// CondExpr is `Cond ? Then : Else`.
type CondExpr struct {
	Pos  Pos
	Cond Expr
	Then Expr
	Else Expr
}

// LambdaExpr is a lambda; exactly one of ExprBody and Body is set. Query
// marks the lambdas of a query expression's translation: their parameters
// are range variables (CS1931).
type LambdaExpr struct {
	Pos      Pos
	IsAsync  bool
	IsStatic bool
	// ReturnType is an explicit return type (C# 10), nil when inferred;
	// ReturnRef is "ref" or "ref readonly" before it. Attributes are
	// parsed and dropped.
	ReturnType *TypeRef
	ReturnRef  string
	Params     []*Param
	ExprBody   Expr
	Body       *BlockStmt
	Query      bool
	// NoParams marks an anonymous method without a parameter list,
	// `delegate { ... }`: the binder gives it the parameters of the
	// delegate type it converts to, unnamed (bind.fitParams).
	NoParams bool
}

// NewExpr is `new Type(Args) { Init }`; Type is nil for target-typed `new()`.
type NewExpr struct {
	Pos  Pos
	Type *TypeRef
	Args []*Arg
	Init *Initializer // nil when absent
}

// AnonObjectExpr is an anonymous object creation `new { A = 1, b.Name, x }`.
// Each member is an Arg whose Name is the member's name, as written or
// inferred from a projection initializer (a simple name or member access);
// Name is empty where neither gives one (CS0746). Transparent marks the
// objects a query expression's translation builds to carry its range
// variables (C#'s transparent identifiers, §12.20.3.8).
type AnonObjectExpr struct {
	Pos         Pos
	Members     []*Arg
	Transparent bool
}

// Initializer is an object initializer (Members) or a collection
// initializer (Elems); `{ }` has neither.
type Initializer struct {
	Pos     Pos
	Members []*MemberInit // `{ A = 1, [k] = v }`
	Elems   []Expr        // `{ 1, 2 }`; `{ {1, "a"} }` elements are *InitListExpr
}

// MemberInit is `Name = Value` or, with Index set, `[Index] = Value` of an
// object initializer. Value is an *InitListExpr for a nested collection
// initializer `Name = { 1, 2 }` (Add calls on the member's object); a
// nested object initializer `Name = { A = 1, [k] = v }` (assignments to the
// member's object) is Init, with Value nil.
type MemberInit struct {
	Pos   Pos
	Name  string
	Index []*Arg
	Value Expr
	Init  *Initializer
}

// WithExpr is `X with { A = 1, B = y }`: a copy of the record X, made by
// its clone method, with the members assigned in order.
type WithExpr struct {
	Pos     Pos
	X       Expr
	Members []*MemberInit
}

// InitListExpr is a braced list `{ a, b }` inside a collection initializer
// or array initializer.
type InitListExpr struct {
	Pos   Pos
	Elems []Expr
}

// NewArrayExpr is `new Elem[Sizes...] { Init }`, or `new[] { Init }` with Elem
// nil. For `new int[3][]`, Elem is `int[]` and Sizes is [3].
type NewArrayExpr struct {
	Pos     Pos
	Elem    *TypeRef
	Rank    int
	Sizes   []Expr
	Init    []Expr
	HasInit bool
}

// CollectionExpr is `[a, b, c]`.
type CollectionExpr struct {
	Pos   Pos
	Elems []Expr
}

// SpreadElement is `..e` among a collection expression's elements: each
// element of the collection e, in order. It appears only in
// CollectionExpr.Elems.
type SpreadElement struct {
	Pos Pos
	X   Expr
}

// TypeOfExpr is `typeof(Type)`.
type TypeOfExpr struct {
	Pos  Pos
	Type *TypeRef
}

// NameOfExpr is `nameof(X)`.
type NameOfExpr struct {
	Pos Pos
	X   Expr
}

// DefaultExpr is `default(Type)` or, with Type nil, the `default` literal.
type DefaultExpr struct {
	Pos  Pos
	Type *TypeRef
}

// CheckedExpr is `checked(X)` or `unchecked(X)`: the overflow-checking
// context of the operations textually inside X.
type CheckedExpr struct {
	Pos       Pos
	Unchecked bool
	X         Expr
}

// CastExpr is `(Type)X`.
type CastExpr struct {
	Pos  Pos
	Type *TypeRef
	X    Expr
}

// IsExpr is `X is Pattern`.
type IsExpr struct {
	Pos     Pos
	X       Expr
	Pattern Pattern
}

// AsExpr is `X as Type`.
type AsExpr struct {
	Pos  Pos
	X    Expr
	Type *TypeRef
}

// AwaitExpr is `await X`.
type AwaitExpr struct {
	Pos Pos
	X   Expr
}

// ThrowExpr is `throw X` used as an expression.
type ThrowExpr struct {
	Pos Pos
	X   Expr
}

// SwitchExpr is `X switch { Arms }`.
type SwitchExpr struct {
	Pos  Pos
	X    Expr
	Arms []*SwitchArm
}

// SwitchArm is `Pattern when When => Value`.
type SwitchArm struct {
	Pos     Pos
	Pattern Pattern
	When    Expr
	Value   Expr
}

// ThisExpr is `this`.
type ThisExpr struct{ Pos Pos }

// BaseExpr is `base`.
type BaseExpr struct{ Pos Pos }

// TupleExpr is a tuple literal `(1, Name: "a")`, or the left side of a
// deconstruction `(x, var y, _) = e` (`var (a, b) = e` is written as
// `(var a, var b) = e`). Names holds the element names (nil when no element
// is named, "" for an unnamed element). Elements of a deconstruction's left
// side are assignable expressions, *DeclExpr (the discard is a DeclExpr
// named "_" without a type) or nested tuples.
type TupleExpr struct {
	Pos   Pos
	Elems []Expr
	Names []string
}

// DeclExpr declares a variable inside an expression: `out var x` (Type nil),
// `out int x`, or the discard `out _` (Name "_", Type nil).
type DeclExpr struct {
	Pos  Pos
	Type *TypeRef
	Name string
}

// ---- Patterns ----

// ConstPattern matches a constant (including null). When X is a name or
// member access that resolves to a type, the compiler treats it as a type
// pattern (`case Foo:` and `x is Foo` are ambiguous in the syntax).
type ConstPattern struct {
	Pos Pos
	X   Expr
}

// TypePattern is `Type` or `Type Name` (a declaration pattern).
type TypePattern struct {
	Pos  Pos
	Type *TypeRef
	Name string // "" when absent, "_" for a discard designation
}

// VarPattern is `var Name`.
type VarPattern struct {
	Pos  Pos
	Name string
}

// DiscardPattern is `_`.
type DiscardPattern struct{ Pos Pos }

// NotPattern is `not P`.
type NotPattern struct {
	Pos Pos
	P   Pattern
}

// BinaryPattern is `X and Y` or `X or Y`.
type BinaryPattern struct {
	Pos Pos
	Op  string // "and" or "or"
	X   Pattern
	Y   Pattern
}

// RelationalPattern is `< X`, `<= X`, `> X` or `>= X`.
type RelationalPattern struct {
	Pos Pos
	Op  string
	X   Expr
}

// PropertyPattern is `Type { Name: P, ... } designation`; Type may be nil.
type PropertyPattern struct {
	Pos   Pos
	Type  *TypeRef
	Props []*SubPattern
	Name  string
}

// PositionalPattern is `Type(P1, Name: P2, ...) { ... } designation`, a
// positional pattern on a tuple or a value with a Deconstruct method (of
// Type when given); `var (x, y)` is written as `(var x, var y)`. Subs' names
// are "" where none is written. Rest, when not nil, is the property pattern
// that follows the parentheses, with the designation; a designation alone is
// a Rest without properties (`{ } x` means what `x` there does).
type PositionalPattern struct {
	Pos  Pos
	Type *TypeRef
	Subs []*SubPattern
	Rest *PropertyPattern
}

// ListPattern is `[P1, .., Pn] Name`: Elems holds at most one
// SlicePattern where the binder accepts it; Name is "" when absent.
type ListPattern struct {
	Pos   Pos
	Elems []Pattern
	Name  string
}

// SlicePattern is `..` or `.. P` (P nil when absent), an element of a
// list pattern.
type SlicePattern struct {
	Pos Pos
	P   Pattern
}

// SubPattern is `Name: Pattern` in a property pattern (Name may be dotted).
type SubPattern struct {
	Pos     Pos
	Name    string
	Pattern Pattern
}

// Package bind is asyncvm's binder: the phase between parsing and code
// generation that gives every expression its C# type, every name its
// symbol and every call its overload (C# §12.6.4), and reports type errors
// with C#'s codes and wording.
//
// The binder annotates the syntax tree rather than building a second one
// (starlark-go's resolver and go/types do the same): Info maps expression
// nodes to their types and call nodes to the chosen method. Code generation
// and the sm lowering read Info; a node the binder did not see (one the
// lowering synthesised) has no entry, and its consumers then behave as they
// did before types were known. docs/design.md ("The binder") describes the
// symbols and how later features build on them.
package bind

import (
	"fmt"
	"sort"
	"strings"

	"asyncvm/lang"
	"asyncvm/vm"
)

// Info is what the binder learned about a program.
type Info struct {
	Universe *Universe
	// Types holds the type of every bound expression.
	Types map[lang.Expr]*Type
	// Calls holds the method chosen by overload resolution for a call
	// (*lang.CallExpr), an object creation (*lang.NewExpr), a constructor
	// initializer (*lang.CtorInit) or the base arguments of a primary
	// constructor (its *lang.TypeDecl), when resolution decided one.
	Calls map[lang.Node]*Method
	// Consts holds the value of constant expressions: int64 for the signed
	// integral types and char, uint64 for uint and ulong, float64, string
	// or bool.
	Consts map[lang.Expr]any
	// Locals holds the declared type of each local variable declarator.
	Locals map[*lang.Declarator]*Type
	// Packs marks the argument of a call in expanded form that is the
	// only element of the params array (`F(x)` calling F(params T[] xs)
	// with x a T): the caller packs it, since the callee cannot tell it
	// from the array itself.
	Packs map[*lang.Arg]bool
	// Checked marks the operations bound in a checked context (see
	// IsChecked).
	Checked map[lang.Expr]bool
	// Conversions holds the numeric type an expression is implicitly
	// converted to where its value is used (an argument, an assignment, an
	// initializer, a return value): `F(1)` with F(byte) passes a byte;
	// and the enum type a constant zero converts to (`E e = 0;`).
	Conversions map[lang.Expr]*Type
	// Convs holds the user-defined implicit conversion (an op_Implicit
	// method) applied to an expression's value where it is used.
	Convs map[lang.Expr]*Method
	// TargetConvs holds the user-defined implicit conversion a
	// deconstruction applies to the value it assigns to a target (the
	// target's expression or declaration): (int x, y) = d where d's
	// Deconstruct gives a type with an implicit conversion to int.
	TargetConvs map[lang.Expr]*Method
	// CollectionTargets holds the type a collection expression converts
	// to where the binder knows it (a parameter's type, a member's type):
	// code generation builds that collection (`F([1, 2])` with F taking a
	// List<int> builds a list, not an array).
	CollectionTargets map[*lang.CollectionExpr]*Type
	// Omitted marks the calls of [Conditional] methods that C# leaves out
	// (§23.5.3): none of the method's conditional symbols is defined in
	// the file of the call. The call is bound, but neither it nor its
	// arguments run.
	Omitted map[*lang.CallExpr]bool
	// Discards marks the `_` of a discard assignment (`_ = e;`, C# §12.21.2
	// when no variable or member named `_` is in scope).
	Discards map[*lang.Ident]bool
	// Events holds the event a `+=` or `-=` adds a handler to or removes
	// one from: a *Field (a field-like event) or a *Property (an event
	// with add and remove accessors).
	Events map[*lang.AssignExpr]Symbol
	// Truths holds the user-defined `operator true` applied to a condition
	// whose type has no implicit conversion to bool (C# §12.24).
	Truths map[lang.Expr]*Method
	// Shortcuts holds, for `x && y` and `x || y` bound to a user-defined
	// `&` or `|` (in Calls), the `operator false` or `operator true` that
	// decides the shortcut (§12.15.3: `x && y` is
	// `T.false(x) ? x : T.&(x, y)`).
	Shortcuts map[*lang.BinaryExpr]*Method
	// Awaits holds the awaiter pattern members an await expression binds
	// to, for an awaitable other than the library's task types (see
	// AwaitInfo).
	Awaits map[*lang.AwaitExpr]*AwaitInfo
	// Enumerators holds the GetEnumerator a foreach statement binds to
	// when code generation must call it as bound (see Enumerator).
	Enumerators map[*lang.ForeachStmt]*Enumerator
	// Lifted marks a binary operation bound (in Calls) to the lifted form
	// of a user-defined operator of a struct (§12.4.8): `p == q` with p
	// and q of type P?. == is true when both operands are null, != false;
	// any other comparison is false with a null operand, and any other
	// operator null.
	Lifted map[*lang.BinaryExpr]bool
	// ConstTests holds, for a numeric constant pattern matched against a
	// value of a reference or type parameter type (object, an interface),
	// the constant's type the value must have (C#: `o is 1` with o a
	// boxed long is false; an int constant matches only a boxed int).
	ConstTests map[*lang.ConstPattern]*Type
	// TupleOps holds, for a tuple `==` or `!=` (§12.12.11), the
	// user-defined operator == that compares each top-level element pair,
	// nil for a pair the predefined == compares (a record struct element).
	TupleOps map[*lang.BinaryExpr][]*Method
	// Captured holds, for each parameter or local that a nested function
	// refers to, the nested functions that do (*lang.LambdaExpr or
	// *lang.LocalFuncStmt: for each reference, the innermost function
	// containing it; capture.go).
	Captured map[Var][]lang.Node
	// RefTaken holds the locals and parameters that `ref e` outside an
	// argument list refers to (a ref local's initializer, a ref
	// assignment, a ref return): such a variable lives in a box, as a
	// captured one does, so that the reference outlives no register
	// (capture.go).
	RefTaken map[Var]bool
	// RefProps holds the member accesses and simple names that read a
	// property returning by reference: code generation dereferences the
	// getter's result where it is a value (refs.go).
	RefProps map[lang.Expr]*Property
	// Props holds the instance property of a program class that a member
	// access or simple name reads or writes, as lookup found it at the
	// receiver's static type: code generation calls that declaration's
	// accessors (virtual ones through their slots), so that a property
	// hiding it in a derived class (`new`) is not reached (props.go).
	Props map[lang.Expr]*Property
	// LibThis holds the simple names that denote an instance field or
	// property of a library base class (Count in a class deriving from
	// List<T>): they are read through this, as `this.Count` is, and the
	// sm lowering reaches them through the state machine's this.
	LibThis map[*lang.Ident]bool
	// TypeNames holds the simple names that C#'s "Color Color" rule
	// (§12.8.7.2) reads as their type although a value of that name and
	// type is in scope: the receiver of a static member, an enum member
	// or a nested type (`Category.Food` in a property `Category
	// Category`). Code generation then does not evaluate the value.
	TypeNames map[*lang.Ident]bool
	// Indexers holds the indexer overload resolution chose for an index
	// expression on a class with several (this[int] beside this[string]).
	Indexers map[*lang.IndexExpr]*Property
	// ExpandedIndexers marks the index expressions whose chosen indexer
	// applies in its expanded form: the arguments for its params
	// parameter are elements the caller packs into the array.
	ExpandedIndexers map[*lang.IndexExpr]bool
	// Formattables marks the interpolated strings converted to
	// FormattableString or IFormattable: they compile to
	// FormattableStringFactory.Create(format, holes) instead of a string.
	Formattables map[*lang.InterpolatedString]bool
	// ParamsBuilt holds, for the first argument of the expanded params
	// elements of a call whose params parameter is a Span<T>,
	// ReadOnlySpan<T>, List<T>, IList<T> or ICollection<T>, the collection
	// expression of those elements that the caller passes instead.
	ParamsBuilt map[*lang.Arg]*lang.CollectionExpr
	// Indexing holds the implicit Index or Range support (ranges.go) an
	// index expression with an Index or Range argument, or a list
	// pattern, uses.
	Indexing map[lang.Node]*Indexing
	// Overrides holds, for each overriding member declaration (a
	// *lang.MethodDecl or *lang.PropertyDecl, in the program or the
	// prelude), the declaration of the virtual or abstract member whose
	// slot it takes (override.go).
	Overrides map[lang.Node]lang.Node
	// Impls holds the member implementing each member of the interfaces
	// a program class lists (override.go).
	Impls map[ImplKey]lang.Node
	// Origins holds, for a method the sm lowering replaced by a stub, the
	// declaration the binder bound (see Copied).
	Origins map[*lang.MethodDecl]*lang.MethodDecl
	// LambdaBodies counts the bindings of lambda bodies, the speculative
	// ones of overload resolution and type inference included: a measure
	// of binding cost that tests bound (TestNestedLambdaBindings).
	LambdaBodies int
	// LambdaParams holds the parameter types of each lambda converted to a
	// delegate type (Invoke's: `x => x` as a Func<int, int> takes an int),
	// which stack traces print.
	LambdaParams map[*lang.LambdaExpr][]*Type
	// Delegates holds the delegate type a lambda or a method group converts
	// to, which the delegate made from it has at run time.
	Delegates map[lang.Expr]*Type
	// Iterators holds the iterator blocks: methods and local functions
	// (*lang.MethodDecl) and get accessors (*lang.Accessor) whose bodies
	// hold a yield statement (iterator.go).
	Iterators map[lang.Node]*Iterator
	// Deconstructs holds, for a deconstruction (its left *lang.TupleExpr)
	// or a positional pattern whose value is not a tuple, the Deconstruct
	// call that takes the value apart: `<>r.Deconstruct(out var <>d0, ...)`
	// bound with the hidden local <>r (DeconstructReceiver) holding the
	// value; code generation compiles it and reads the out variables
	// (DeconstructTemp).
	Deconstructs map[lang.Node]*lang.CallExpr
	// Constrained holds, for a call, property access or operator bound (in
	// Calls, or to the property in Types) to a static abstract or static
	// virtual interface member through a type parameter (`T.Parse(s)`,
	// `T.Zero`, `a + b` with `where T : IAdditionOperators<T, T, T>`), that
	// type parameter: at run time its type argument's implementation runs
	// (staticabs.go).
	Constrained map[lang.Node]*Type
	// StaticProps holds the static abstract or static virtual interface
	// property a member access in Constrained reads.
	StaticProps map[lang.Node]*Property
	// Adds holds, for each element of a collection initializer on a class
	// (an expression, or the *lang.InitListExpr of `{ a, b }`), the Add
	// call overload resolution chose for it: `<>c.Add(a, b)` bound with the
	// hidden local <>c (AddReceiver) holding the collection. Code
	// generation compiles the call with the element's arguments as they
	// are then (the lowering may have rewritten them).
	Adds map[lang.Expr]*lang.CallExpr
	// ExtProps holds, for a member access that reads a C# 14 extension
	// property (`s.IsBlank`, `string.Default`), the call of its get
	// accessor: `x.get_P()` bound with the access's receiver. Code
	// generation compiles the call with the receiver as it is then.
	ExtProps map[*lang.MemberExpr]*lang.CallExpr
	// ExtGroups marks a method group `x.N` of extension methods (its
	// receiver a value whose type has no method N): the delegate it
	// converts to (the method in Calls) is bound to x as the method's
	// first argument (§10.8).
	ExtGroups map[*lang.MemberExpr]bool
	// IndexInits holds, for an index initializer `[k] = v` of an object
	// initializer of a class, the assignment `r[k] = v` it makes, bound
	// with r the hidden local IndexInitReceiver names holding the object:
	// an index from the end (`[^1] = v`), several arguments, the chosen
	// indexer and conversions as in any indexer assignment.
	IndexInits map[*lang.MemberInit]*lang.AssignExpr
	// ExtSets holds, for an assignment to an extension property, the
	// call of its set accessor (extblock.go); code generation compiles it
	// with the receiver and the value as they are then.
	ExtSets map[*lang.AssignExpr]*lang.CallExpr
	// CompoundOps holds, for a compound assignment `x op= y` or an
	// increment or decrement bound to an instance compound assignment
	// operator (C# 14, useroper.go), the call of that operator on x:
	// `x.op_AdditionAssignment(y)`. Code generation compiles it with x and
	// y as they are then.
	CompoundOps map[lang.Expr]*lang.CallExpr
	// Members holds, for a subpattern of a property pattern that names a
	// tuple element by its name (`{ x: 3 }` on `(int x, int y)`), the
	// member path that value has at run time (`Item1`), dotted as the
	// subpattern's name is.
	Members map[*lang.SubPattern]string
	// Boxes marks an expression whose value is boxed where it is used: a
	// struct, or a value of a type parameter, converted implicitly to
	// object, an interface or another reference type. Boxing a struct
	// copies it (vm.OpBox), so the box can change without the variable.
	Boxes map[lang.Expr]bool
}

// Copied makes what is known of syntax node from hold for its copy to (the
// sm lowering copies method bodies).
func (in *Info) Copied(from, to any) {
	if x, ok := from.(lang.Expr); ok {
		if t, ok := in.Types[x]; ok {
			in.Types[to.(lang.Expr)] = t
		}
		if v, ok := in.Consts[x]; ok {
			in.Consts[to.(lang.Expr)] = v
		}
		if in.Checked[x] {
			in.Checked[to.(lang.Expr)] = true
		}
		if t, ok := in.Conversions[x]; ok {
			in.Conversions[to.(lang.Expr)] = t
		}
		if in.Boxes[x] {
			in.Boxes[to.(lang.Expr)] = true
		}
		if m, ok := in.Convs[x]; ok {
			in.Convs[to.(lang.Expr)] = m
		}
		if m, ok := in.TargetConvs[x]; ok {
			in.TargetConvs[to.(lang.Expr)] = m
		}
		if m, ok := in.Truths[x]; ok {
			in.Truths[to.(lang.Expr)] = m
		}
		if d, ok := in.Delegates[x]; ok {
			in.Delegates[to.(lang.Expr)] = d
		}
		if c, ok := in.CompoundOps[x]; ok {
			in.CompoundOps[to.(lang.Expr)] = c
		}
		if p, ok := in.RefProps[x]; ok {
			in.RefProps[to.(lang.Expr)] = p
		}
		if p, ok := in.Props[x]; ok {
			in.Props[to.(lang.Expr)] = p
		}
	}
	if n, ok := from.(lang.Node); ok {
		if m, ok := in.Calls[n]; ok {
			in.Calls[to.(lang.Node)] = m
		}
		if t, ok := in.Constrained[n]; ok {
			in.Constrained[to.(lang.Node)] = t
		}
		if p, ok := in.StaticProps[n]; ok {
			in.StaticProps[to.(lang.Node)] = p
		}
	}
	if x, ok := from.(*lang.AssignExpr); ok && in.ExtSets[x] != nil {
		in.ExtSets[to.(*lang.AssignExpr)] = in.ExtSets[x]
	}
	if x, ok := from.(*lang.MemberExpr); ok && in.ExtProps[x] != nil {
		in.ExtProps[to.(*lang.MemberExpr)] = in.ExtProps[x]
	}
	if x, ok := from.(*lang.MemberExpr); ok && in.ExtGroups[x] {
		in.ExtGroups[to.(*lang.MemberExpr)] = true
	}
	if x, ok := from.(*lang.Ident); ok && in.LibThis[x] {
		in.LibThis[to.(*lang.Ident)] = true
	}
	if x, ok := from.(*lang.Ident); ok && in.TypeNames[x] {
		in.TypeNames[to.(*lang.Ident)] = true
	}
	if x, ok := from.(*lang.CallExpr); ok && in.Omitted[x] {
		in.Omitted[to.(*lang.CallExpr)] = true
	}
	if x, ok := from.(*lang.MemberInit); ok && in.IndexInits[x] != nil {
		in.IndexInits[to.(*lang.MemberInit)] = in.IndexInits[x]
	}
	if a, ok := from.(*lang.Arg); ok && in.Packs[a] {
		in.Packs[to.(*lang.Arg)] = true
	}
	if x, ok := from.(*lang.InterpolatedString); ok && in.Formattables[x] {
		in.Formattables[to.(*lang.InterpolatedString)] = true
	}
	if a, ok := from.(*lang.Arg); ok && in.ParamsBuilt[a] != nil {
		in.ParamsBuilt[to.(*lang.Arg)] = in.ParamsBuilt[a]
	}
	if x, ok := from.(*lang.ForeachStmt); ok && in.Enumerators[x] != nil {
		in.Enumerators[to.(*lang.ForeachStmt)] = in.Enumerators[x]
	}
	if x, ok := from.(*lang.AwaitExpr); ok && in.Awaits[x] != nil {
		in.Awaits[to.(*lang.AwaitExpr)] = in.Awaits[x]
	}
	if x, ok := from.(*lang.BinaryExpr); ok && in.Shortcuts[x] != nil {
		in.Shortcuts[to.(*lang.BinaryExpr)] = in.Shortcuts[x]
	}
	if x, ok := from.(*lang.BinaryExpr); ok && in.Lifted[x] {
		in.Lifted[to.(*lang.BinaryExpr)] = true
	}
	if x, ok := from.(*lang.BinaryExpr); ok && in.TupleOps[x] != nil {
		in.TupleOps[to.(*lang.BinaryExpr)] = in.TupleOps[x]
	}
	if id, ok := from.(*lang.Ident); ok && in.Discards[id] {
		in.Discards[to.(*lang.Ident)] = true
	}
	if d, ok := from.(*lang.Declarator); ok {
		if t, ok := in.Locals[d]; ok {
			in.Locals[to.(*lang.Declarator)] = t
		}
	}
	if a, ok := from.(*lang.AssignExpr); ok {
		if ev, ok := in.Events[a]; ok {
			in.Events[to.(*lang.AssignExpr)] = ev
		}
	}
	if l, ok := from.(*lang.LambdaExpr); ok {
		if ps, ok := in.LambdaParams[l]; ok {
			in.LambdaParams[to.(*lang.LambdaExpr)] = ps
		}
	}
	if x, ok := from.(*lang.IndexExpr); ok {
		if p, ok := in.Indexers[x]; ok {
			in.Indexers[to.(*lang.IndexExpr)] = p
			if in.ExpandedIndexers[x] {
				in.ExpandedIndexers[to.(*lang.IndexExpr)] = true
			}
		}
	}
	if n, ok := from.(lang.Node); ok {
		if ix, ok := in.Indexing[n]; ok {
			in.Indexing[to.(lang.Node)] = ix
		}
	}
	if sp, ok := from.(*lang.SubPattern); ok {
		if m, ok := in.Members[sp]; ok {
			in.Members[to.(*lang.SubPattern)] = m
		}
	}
	if m, ok := from.(*lang.MethodDecl); ok {
		in.Origins[to.(*lang.MethodDecl)] = in.OriginOf(m)
	}
	if n, ok := from.(lang.Node); ok {
		if c, ok := in.Deconstructs[n]; ok {
			in.Deconstructs[to.(lang.Node)] = c
		}
		if x, ok := n.(lang.Expr); ok {
			if c, ok := in.Adds[x]; ok {
				in.Adds[to.(lang.Expr)] = c
			}
		}
	}
}

// IndexerOf returns the indexer chosen for an index expression, or nil
// when the choice is left to run time.
func (in *Info) IndexerOf(x *lang.IndexExpr) *Property {
	if in == nil {
		return nil
	}
	return in.Indexers[x]
}

// IndexerExpanded reports whether the indexer chosen for x takes its
// params parameter in expanded form.
func (in *Info) IndexerExpanded(x *lang.IndexExpr) bool {
	return in != nil && in.ExpandedIndexers[x]
}

// EventOf returns the event a `+=` or `-=` subscribes to or unsubscribes
// from, or nil.
func (in *Info) EventOf(a *lang.AssignExpr) Symbol {
	if in == nil {
		return nil
	}
	return in.Events[a]
}

// TargetConvOf returns the user-defined conversion a deconstruction
// applies to the value it assigns to target x, or nil.
func (in *Info) TargetConvOf(x lang.Expr) *Method {
	if in == nil {
		return nil
	}
	return in.TargetConvs[x]
}

// ConvOf returns the user-defined conversion applied to e's value, or nil.
func (in *Info) ConvOf(e lang.Expr) *Method {
	if in == nil {
		return nil
	}
	return in.Convs[e]
}

// TruthOf returns the user-defined operator true or false that tests e's
// value (see Info.Truths), or nil.
func (in *Info) TruthOf(e lang.Expr) *Method {
	if in == nil {
		return nil
	}
	return in.Truths[e]
}

// ShortcutOf returns the operator false (for &&) or operator true (for ||)
// of a user-defined short-circuit operation (see Info.Shortcuts), or nil.
func (in *Info) ShortcutOf(e lang.Expr) *Method {
	x, ok := e.(*lang.BinaryExpr)
	if in == nil || !ok {
		return nil
	}
	return in.Shortcuts[x]
}

// TupleOpsOf returns the element operators of tuple comparison e (see
// Info.TupleOps), or nil.
func (in *Info) TupleOpsOf(e *lang.BinaryExpr) []*Method {
	if in == nil {
		return nil
	}
	return in.TupleOps[e]
}

// IsLifted reports whether e is bound to the lifted form of the
// user-defined operator CallOf(e) (see Info.Lifted).
func (in *Info) IsLifted(e *lang.BinaryExpr) bool { return in != nil && in.Lifted[e] }

// IsLibThis reports whether simple name id denotes an instance field or
// property of a library base class, reached through this (LibThis).
func (in *Info) IsLibThis(id *lang.Ident) bool { return in != nil && in.LibThis[id] }

// IsTypeName reports whether simple name id, which also names a value of
// its own type in scope, is read as the type (TypeNames).
func (in *Info) IsTypeName(id *lang.Ident) bool { return in != nil && in.TypeNames[id] }

// IsDiscard reports whether id is the `_` of a discard assignment.
func (in *Info) IsDiscard(id *lang.Ident) bool { return in != nil && in.Discards[id] }

// PacksArg reports whether a is the lone element of an expanded params
// array.
func (in *Info) PacksArg(a *lang.Arg) bool { return in != nil && in.Packs[a] }

// FormattableOf reports whether the interpolated string e converts to
// FormattableString or IFormattable (Info.Formattables).
func (in *Info) FormattableOf(e *lang.InterpolatedString) bool {
	return in != nil && in.Formattables[e]
}

// ParamsBuiltOf returns the collection expression a call passes for its
// params parameter when a is the first of that parameter's expanded
// arguments (Info.ParamsBuilt), or nil.
func (in *Info) ParamsBuiltOf(a *lang.Arg) *lang.CollectionExpr {
	if in == nil {
		return nil
	}
	return in.ParamsBuilt[a]
}

// TypeOf returns the type of e, or nil when e was not bound.
func (in *Info) TypeOf(e lang.Expr) *Type {
	if in == nil {
		return nil
	}
	return in.Types[e]
}

// CallOf returns the method a call, creation or constructor initializer
// binds to, or nil when overload resolution left it to run time.
func (in *Info) CallOf(n lang.Node) *Method {
	if in == nil {
		return nil
	}
	return in.Calls[n]
}

type binder struct {
	// receivers are the synthesized first arguments of extension method
	// calls: a `this ref` receiver is passed by reference without `ref`.
	receivers map[*lang.Arg]bool
	// refKind is the ref kind of the next function body bound (refs.go).
	refKind string
	// expanded reports whether the candidate overload resolution chose
	// last applies in its expanded form.
	expanded bool
	u        *Universe
	info     *Info
	diags    lang.Diagnostics

	decls map[*Type][]*lang.TypeDecl // every (partial) declaration of a source type
	// fieldDecls finds a field's declaration from its declarator
	// (access.go); accessOff turns lookup's accessibility filter off and
	// viaBase marks a lookup through base (no protected qualifier check).
	fieldDecls map[*lang.Declarator]*lang.FieldDecl
	accessOff  bool
	viaBase    bool
	anonymous  map[string]*Type // anonymous types by their member names (anon.go)
	types      []*Type          // source types in declaration order
	files      map[*lang.TypeDecl]*lang.File
	opaque     map[*vm.Type]*Type
	extNames   map[string]bool     // names of extension methods (library and source)
	program    map[*lang.File]bool // the program's files (not the library's or the prelude's)
	// guessingType is non-zero while an expression is tried as a type name
	// (typeName): a name that is not a type is then no error.
	guessingType int
	// inUsingStatic is set while the types of using static directives are
	// looked up (usingStaticNested), which must not look at them again.
	inUsingStatic bool
	prelude       *lang.File
	checks        []constraintCheck    // type arguments whose constraints checkConstraints checks
	exts          map[string][]*Method // extension methods of the program's static classes, by name
	// staticExts are the static members of the program's extension
	// blocks, by name (extblock.go).
	staticExts map[string][]*Method
	// extOwners lists, by name, the library and prelude types that declare
	// extension methods of that name, in declaration order: their members
	// are declared when the name is first looked up (extensionsInScope).
	extOwners map[string][]*Type
	// staticExtOwners lists, by name, the prelude types whose extension
	// blocks declare static members of that name (staticExtensionsFor
	// declares them when the name is first looked up).
	staticExtOwners map[string][]*Type
	nsMemo          map[nsKey][]string // namespaces' results
	// syms holds the symbol declareMembers made for each method and
	// property declaration, explicit implementations and overrides
	// included (which member lookup does not see).
	syms map[lang.Node]Symbol

	// the body being bound
	overflow overflowCtx // checked, unchecked or default (checked.go)
	file     *lang.File
	cls      *Type
	fn       *fnCtx
	scope    *scope
	// eventLHS is the left operand of the `+=` or `-=` being bound: an
	// event may appear there from outside its type.
	eventLHS lang.Expr
	// writeLHS is the target of the assignment being bound, which is
	// written, not read (readProperty).
	writeLHS lang.Expr
	// indexerProps is the indexer chosen for each index expression of a
	// class or struct (Info.Indexers holds only those code generation
	// calls by name): assignTarget reads whether it has a set accessor.
	indexerProps map[*lang.IndexExpr]*Property
	// fieldInit is set while an instance field or property initializer is
	// bound: it runs before the object is constructed, so it cannot name
	// an instance member (CS0236).
	fieldInit bool
	// initContext is set while an instance constructor or an init
	// accessor is bound: init-only properties may be assigned through
	// this or base (CS8852).
	initContext bool
	// jsonMeta is set while the generated JSON method is bound (JsonMetaMethod).
	jsonMeta bool
	// What flow analysis (flow.go) needs of nested functions: the delegate
	// type each lambda converts to, and each method's and local function's
	// return type and name.
	lambdaDelegates map[*lang.LambdaExpr]*Type
	funcSigs        map[*lang.MethodDecl]funcSig

	// What binding lambdas has learnt (lambda.go).
	speculating int                                   // the depth of speculate calls
	lambdas     map[*lang.LambdaExpr][]*lambdaBinding // speculative bindings, by the lambda as written
	origins     map[*lang.LambdaExpr]*lang.LambdaExpr // a speculative copy's lambda as written
	lambdaNames map[*lang.LambdaExpr][]string         // the names a lambda as written mentions
	targeted    map[*lang.LambdaExpr]bool             // lambdas bound against a delegate type
}

// funcSig is what flow analysis knows of a method or local function.
type funcSig struct {
	ret  *Type  // what its return statements convert to
	what string // its signature, as CS0161 names it
}

type fnCtx struct {
	static  bool
	ret     *Type // the declared return type (void included); nil when unknown (lambdas)
	async   bool
	tparams []*Type
	outer   *fnCtx
	ctor    bool // a constructor's body: its class's readonly fields are writable
	lambda  bool // a lambda's body (CS1621)
	// anonWhat is how CS1662 names a lambda converted to a delegate type
	// whose returns convert to the delegate's return type ("lambda
	// expression", "anonymous method"); "" elsewhere.
	anonWhat string
	iter     *Iterator // an iterator block's, else nil
	iterErr  bool      // an iterator block whose signature is in error
	where    iterCtx   // the try statements around the statement being bound
	refKind  string    // "ref" or "ref readonly" for a function returning by reference
	scope    *scope    // the scope of the parameters
}

type scope struct {
	parent *scope
	vars   map[string]*Type
	refs   map[string]refVar // the ref locals and the parameters among vars (refs.go)
	funcs  map[string]*Method
	consts map[string]any // values of the integral local constants among vars
	// later are the locals the statement list bound in this scope declares
	// further on: a use before the declaration is CS0841.
	later map[string]bool
}

// Bind binds the program's files. The prelude (library classes written in
// C#) is declared but its bodies are not bound.
func Bind(prelude *lang.File, files []*lang.File) (*Info, lang.Diagnostics) {
	b := &binder{u: newUniverse(), decls: map[*Type][]*lang.TypeDecl{}, files: map[*lang.TypeDecl]*lang.File{},
		opaque: map[*vm.Type]*Type{}, extNames: map[string]bool{}, exts: map[string][]*Method{}, staticExts: map[string][]*Method{},
		extOwners: map[string][]*Type{}, staticExtOwners: map[string][]*Type{}, nsMemo: map[nsKey][]string{}, syms: map[lang.Node]Symbol{},
		lambdaDelegates: map[*lang.LambdaExpr]*Type{}, funcSigs: map[*lang.MethodDecl]funcSig{},
		lambdas: map[*lang.LambdaExpr][]*lambdaBinding{}, origins: map[*lang.LambdaExpr]*lang.LambdaExpr{},
		lambdaNames: map[*lang.LambdaExpr][]string{}, targeted: map[*lang.LambdaExpr]bool{}, receivers: map[*lang.Arg]bool{}}
	b.info = &Info{Universe: b.u, Types: map[lang.Expr]*Type{}, Calls: map[lang.Node]*Method{},
		Consts: map[lang.Expr]any{}, Locals: map[*lang.Declarator]*Type{}, Packs: map[*lang.Arg]bool{}, ParamsBuilt: map[*lang.Arg]*lang.CollectionExpr{}, Formattables: map[*lang.InterpolatedString]bool{}, Omitted: map[*lang.CallExpr]bool{}, Discards: map[*lang.Ident]bool{}, Convs: map[lang.Expr]*Method{}, TargetConvs: map[lang.Expr]*Method{}, CollectionTargets: map[*lang.CollectionExpr]*Type{}, Truths: map[lang.Expr]*Method{}, Shortcuts: map[*lang.BinaryExpr]*Method{}, Awaits: map[*lang.AwaitExpr]*AwaitInfo{}, Enumerators: map[*lang.ForeachStmt]*Enumerator{}, Lifted: map[*lang.BinaryExpr]bool{}, ConstTests: map[*lang.ConstPattern]*Type{}, TupleOps: map[*lang.BinaryExpr][]*Method{},
		Checked: map[lang.Expr]bool{}, Conversions: map[lang.Expr]*Type{}, Events: map[*lang.AssignExpr]Symbol{},
		Captured: map[Var][]lang.Node{}, Indexers: map[*lang.IndexExpr]*Property{}, ExpandedIndexers: map[*lang.IndexExpr]bool{}, Indexing: map[lang.Node]*Indexing{},
		Overrides: map[lang.Node]lang.Node{}, Impls: map[ImplKey]lang.Node{}, Origins: map[*lang.MethodDecl]*lang.MethodDecl{}, LambdaParams: map[*lang.LambdaExpr][]*Type{}, Delegates: map[lang.Expr]*Type{},
		Iterators:    map[lang.Node]*Iterator{},
		Deconstructs: map[lang.Node]*lang.CallExpr{}, Constrained: map[lang.Node]*Type{}, StaticProps: map[lang.Node]*Property{}, Adds: map[lang.Expr]*lang.CallExpr{}, ExtProps: map[*lang.MemberExpr]*lang.CallExpr{}, ExtGroups: map[*lang.MemberExpr]bool{}, IndexInits: map[*lang.MemberInit]*lang.AssignExpr{}, ExtSets: map[*lang.AssignExpr]*lang.CallExpr{}, CompoundOps: map[lang.Expr]*lang.CallExpr{}, RefProps: map[lang.Expr]*Property{}, Props: map[lang.Expr]*Property{}, LibThis: map[*lang.Ident]bool{}, TypeNames: map[*lang.Ident]bool{}, Members: map[*lang.SubPattern]string{}, Boxes: map[lang.Expr]bool{}}
	for name := range vm.LibraryExtensions() {
		b.extNames[name] = true
	}
	lib := libraryFile()
	all := []*lang.File{lib}
	if prelude != nil {
		all = append(all, prelude)
	}
	all = append(all, files...)
	b.program = map[*lang.File]bool{}
	b.prelude = prelude
	for _, f := range files {
		b.program[f] = true
	}
	for _, f := range all {
		for _, td := range f.Types {
			b.declareType(td, nil, f, f == lib, f == prelude)
		}
	}
	b.anonymous = map[string]*Type{}
	for _, t := range b.types {
		if t.IsAnonymous() && t.Outer == nil {
			b.anonymous[anonymousDeclKey(t.Decl)] = t
		}
	}
	var program *Type
	for _, f := range files {
		if len(f.Stmts) > 0 && program == nil {
			program = b.u.lookup("Program", 0)
			if program == nil {
				program = &Type{Kind: Class, Name: "Program", Static: true}
				b.types = append(b.types, program)
				b.u.declare(program)
			}
		}
	}
	for _, t := range b.types {
		b.resolveBases(t)
	}
	b.addGenericMath()
	b.u.refreshBases()
	for _, t := range b.types {
		b.classConstraints(t)
	}
	for _, t := range b.baseFirst() {
		if t.pending == nil {
			if t.Kind == Class && t.Decl != nil {
				b.checkRecordBase(t)
			}
			if (t.Kind == Class || t.Kind == Struct) && t.Decl != nil && t.Decl.Record {
				b.synthesizeRecord(t)
			}
			b.declareMembers(t, "")
		}
	}
	// A record's synthesized IEquatable<R> reaches the types constructed
	// from it before.
	b.u.refreshBases()
	b.bindOverrides()
	b.checkStructs()
	b.checkRefStructFields()
	for _, t := range b.types {
		// The prelude's bodies are bound as the program's are; only the
		// library tables, which have none, and source types with a base
		// the binder does not model are left out.
		if t.Lib || t.Open && t.Kind != Interface && !b.inPrelude(t) {
			continue
		}
		for _, td := range b.decls[t] {
			b.bindBodies(t, td)
		}
	}
	for _, f := range files {
		if len(f.Stmts) > 0 {
			b.bindTopLevel(program, f)
		}
	}
	b.checkConstraints()
	for _, f := range all[1:] {
		b.info.AnalyzeCaptures(f)
	}
	sort.SliceStable(b.diags, func(i, j int) bool { return lessPos(b.diags[i].Pos, b.diags[j].Pos) })
	return b.info, b.diags
}

func lessPos(a, b lang.Pos) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Col < b.Col
}

func (b *binder) errorf(pos lang.Pos, code, format string, args ...any) {
	if len(b.diags) > 200 {
		return
	}
	msg := "error " + code + ": " + fmt.Sprintf(format, args...)
	for _, d := range b.diags {
		if d.Pos == pos && d.Msg == msg {
			return // a lambda body bound again against its delegate type
		}
	}
	b.diags = append(b.diags, lang.Diagnostic{Pos: pos, Msg: msg})
}

// ---- Declarations ----

func (b *binder) declareType(td *lang.TypeDecl, outer *Type, f *lang.File, lib, prelude bool) {
	ns := td.Namespace
	if outer != nil {
		ns = outer.Namespace
	}
	var t *Type
	if lib {
		if s, ok := keyword(ns + "." + td.Name); ok && ns == "System" {
			t = b.u.special[s]
		}
	}
	if t == nil {
		full := td.Name
		if ns != "" {
			full = ns + "." + td.Name
		}
		if outer == nil {
			if old := b.u.lookup(full, len(td.TypeParams)); old != nil && old.Decl != nil && !old.Lib {
				// A partial class (or a duplicate, which code generation reports).
				b.decls[old] = append(b.decls[old], td)
				b.files[td] = f
				return
			}
		}
		t = &Type{Name: td.Name, Namespace: ns, Outer: outer, Decl: td, Lib: lib, Open: lib || prelude,
			Static: td.Modifiers.Has(lang.ModStatic)}
		switch td.Kind {
		case lang.KindInterface:
			t.Kind = Interface
		case lang.KindEnum:
			t.Kind = Enum
		case lang.KindDelegate:
			t.Kind = Delegate
		case lang.KindStruct:
			t.Kind = Struct
		default:
			t.Kind = Class
			if lib && hasAttr(td.Attributes, "Struct") {
				// A library value type (TimeSpan, DateTime, ...): the
				// tables write it as a class marked [Struct].
				t.Kind = Struct
			}
		}
		for i, p := range td.TypeParams {
			t.Params = append(t.Params, &Type{Kind: TypeParam, Name: p, Index: i})
		}
		if lib {
			t.VM = vm.Builtin(full)
			if full == "System.ValueTuple" && len(td.TypeParams) > 0 {
				t.VM = vm.TupleDef(len(td.TypeParams))
			}
			if outer != nil && outer.VM != nil {
				// A nested library type: Dictionary`2+KeyCollection.
				t.VM = vm.Builtin(outer.VM.FullName() + "+" + td.Name)
			}
		}
		if outer != nil {
			outer.addMember(t)
		} else {
			b.u.declare(t)
		}
	} else {
		t.Decl = td
		t.Open = true
		t.VM = vm.Builtin("System." + td.Name)
	}
	b.types = append(b.types, t)
	b.decls[t] = append(b.decls[t], td)
	b.files[td] = f
	if lib || prelude {
		b.declareOnDemand(t, td)
	} else {
		b.checkExtensionBlocks(td, outer)
	}
	for _, m := range td.Members {
		if nt, ok := m.(*lang.TypeDecl); ok {
			b.declareType(nt, t, f, lib, prelude)
		}
	}
}

// declareOnDemand leaves the members of a library or prelude type to be
// declared on their first lookup (Universe.declared), and records the names
// of its extension methods, which extension lookup finds by name
// (extensionsInScope) before any of the type's members are declared.
func (b *binder) declareOnDemand(t *Type, td *lang.TypeDecl) {
	t.pending = &pendingMembers{b: b}
	for _, m := range td.Members {
		if md, ok := m.(*lang.MethodDecl); ok && len(md.Params) > 0 && md.Params[0].IsThis() {
			if owners := b.extOwners[md.Name]; len(owners) == 0 || owners[len(owners)-1] != t {
				b.extOwners[md.Name] = append(owners, t)
			}
			b.extNames[md.Name] = true
		}
		if md, ok := m.(*lang.MethodDecl); ok && md.Extension != nil && md.ExtStatic {
			if owners := b.staticExtOwners[md.Name]; len(owners) == 0 || owners[len(owners)-1] != t {
				b.staticExtOwners[md.Name] = append(owners, t)
			}
		}
	}
}

// onDemand reports whether t is a library or prelude type, whose members
// are declared on their first lookup.
func (b *binder) onDemand(t *Type) bool {
	if t == nil {
		return false
	}
	t = t.Generic()
	if t.Lib {
		return true
	}
	ds := b.decls[t]
	return len(ds) > 0 && b.prelude != nil && b.files[ds[0]] == b.prelude
}

// typeCtx is where a type reference is resolved.
type typeCtx struct {
	cls     *Type
	tparams []*Type // method type parameters, innermost last
	file    *lang.File
}

func (b *binder) ctxFor(t *Type) typeCtx {
	var f *lang.File
	if len(b.decls[t]) > 0 {
		f = b.files[b.decls[t][0]]
	}
	return typeCtx{cls: t, file: f}
}

// sealedSource reports whether t is a class the program or the prelude
// declares sealed.
func (b *binder) sealedSource(t *Type) bool {
	for _, td := range b.decls[t.Generic()] {
		if td.Modifiers.Has(lang.ModSealed) {
			return true
		}
	}
	return false
}

func (b *binder) resolveBases(t *Type) {
	if t.Kind == Special {
		// A predefined type's table lists the interfaces it implements.
		for _, td := range b.decls[t] {
			for _, br := range td.Bases {
				if bt := b.resolveType(br, b.ctxFor(t)); bt.Kind == Interface {
					t.Ifaces = append(t.Ifaces, bt)
				}
			}
		}
		return
	}
	obj := b.u.special[Object]
	if t.Kind == Delegate {
		t.Base = b.u.lookup("System.Delegate", 0)
		if t.Base == nil {
			t.Base = obj
		}
		return
	}
	if t.Kind == Enum {
		// Every enum type derives from System.Enum.
		if t.Base = b.u.lookup("System.Enum", 0); t.Base == nil {
			t.Base = obj
		}
		return
	}
	for _, td := range b.decls[t] {
		for _, br := range td.Bases {
			bt := b.resolveType(br, b.ctxFor(t))
			switch {
			case bt.Kind == Interface:
				t.Ifaces = append(t.Ifaces, bt)
			case t.Kind == Struct && !t.Lib:
				b.errorf(br.Pos, "CS0527", "Type '%s' in interface list is not an interface", bt)
			case bt.Kind == Class || bt.Kind == Special && bt.Special == Object:
				if t.Kind == Class && b.declaredInProgram(t) && bt.Kind == Class {
					b.checkBaseClass(t, bt, br.Pos)
				}
				if t.Base == nil && bt.Generic() != t {
					t.Base = bt
				}
			case t.Kind == Class && b.declaredInProgram(t) && (bt.Kind == Special || bt.Kind == Struct || bt.Kind == Enum):
				// string and the predefined and program value types are sealed.
				b.errorf(br.Pos, "CS0509", "'%s': cannot derive from sealed type '%s'", t, bt)
			case bt.IsUnchecked():
				// A library base the binder does not model: lookups that
				// miss on t are not errors.
				t.Open, t.UnknownBase = true, true
			}
		}
	}
	if t.Base == nil && t.Kind != Interface && t != obj {
		t.Base = obj
	}
}

// checkBaseClass reports a base class t may not derive from: a sealed
// class (CS0509), a static one (CS0709), or an abstract native library
// class whose natives would run on the library's own object, never the
// program's overrides. The base is kept, so members bind against it.
func (b *binder) checkBaseClass(t, bt *Type, pos lang.Pos) {
	switch {
	case b.sealedSource(bt):
		b.errorf(pos, "CS0509", "'%s': cannot derive from sealed type '%s'", t, bt)
	case bt.Generic().Static:
		b.errorf(pos, "CS0709", "'%s': cannot derive from static class '%s'", t, bt)
	case b.abstractNative(bt):
		b.diags = append(b.diags, lang.Diagnostic{Pos: pos, Msg: fmt.Sprintf("deriving from the library's abstract class '%s' is not supported: the library's code would not call the overrides of '%s'", bt, t)})
	}
}

// abstractNative reports whether t is an abstract library class whose
// objects are native (Stream, Encoding) and that is not Derivable (as
// TaskScheduler and TextWriter are): a program class deriving from it
// would be made of the library's own object.
func (b *binder) abstractNative(t *Type) bool {
	def := t.Generic()
	if !def.Lib || def.VM == nil || def.VM.Kind != vm.KindNative || vm.IsTaskType(def.VM) || def.VM.Derivable {
		return false
	}
	for _, td := range b.decls[def] {
		if td.Modifiers.Has(lang.ModAbstract) {
			return true
		}
	}
	return false
}

// isOpen reports whether member lookup on t may miss without an error.
func (b *binder) isOpen(t *Type) bool {
	for c, n := t, 0; c != nil && n < 64; c, n = c.Base, n+1 {
		if c.Open && c != b.u.special[Object] || c.IsUnchecked() {
			return true
		}
		if c.Kind == Interface {
			for _, i := range c.Ifaces {
				if b.isOpen(i) {
					return true
				}
			}
		}
	}
	return false
}

// declareMembers declares the members of t named name, or all of them when
// name is "" (the program's types, declared eagerly). A library or prelude
// type's members are declared one name at a time, on the name's first
// lookup (Universe.declared).
// libOmitted reports whether a library member with parameters ps
// (declared as decl) is left out of t: one of its parameters is a span,
// whose type is in the part of the prelude compiled only into programs
// that name spans, and this program does not (the ReadOnlySpan<char>
// overloads of int.Parse).
func libOmitted(t *Type, ps []*Param, decl []*lang.Param) bool {
	if !t.Lib {
		return false
	}
	for i, p := range ps {
		if i < len(decl) && decl[i].Type != nil && p.Type != nil && p.Type.IsUnchecked() {
			switch decl[i].Type.Name {
			case "ReadOnlySpan", "Span":
				return true
			}
		}
	}
	return false
}

func (b *binder) declareMembers(t *Type, name string) {
	want := func(n string) bool { return name == "" || n == name }
	for _, td := range b.decls[t] {
		ctx := b.ctxFor(t)
		hasCtor := td.Invoke != nil || td.HasPrimary
		for _, m := range td.Members {
			if c, ok := m.(*lang.CtorDecl); ok && !c.Modifiers.Has(lang.ModStatic) {
				hasCtor = true
			}
		}
		for _, m := range td.Members {
			switch m := m.(type) {
			case *lang.FieldDecl:
				var ft *Type
				for _, d := range m.Decls {
					if !want(d.Name) {
						continue
					}
					if ft == nil {
						ft = b.resolveType(m.Type, ctx)
					}
					f := &Field{Name: d.Name, Owner: t, Type: ft, Static: m.Modifiers.Has(lang.ModStatic) || m.Modifiers.Has(lang.ModConst),
						Const: m.Modifiers.Has(lang.ModConst), Event: m.Event, Decl: d, ReadOnly: m.Modifiers.Has(lang.ModReadonly)}
					t.addMember(f)
				}
			case *lang.PropertyDecl:
				if !want(m.Name) {
					continue
				}
				p := &Property{Name: m.Name, Owner: t, Type: b.resolveType(m.Type, ctx), Static: m.Modifiers.Has(lang.ModStatic), Event: m.Event, Decl: m,
					Params: b.params(m.Params, ctx)}
				b.syms[m] = p
				p.Get = m.ExprBody != nil
				bodiless := m.IsIndexer() && t.Kind != Interface && !m.Modifiers.Has(lang.ModAbstract) && !m.Modifiers.Has(lang.ModExtern)
				for _, a := range m.Accessors {
					p.Get = p.Get || a.Kind == "get"
					p.Set = p.Set || a.Kind != "get"
					if bodiless && a.Body == nil && a.ExprBody == nil { // only properties have auto accessors
						b.errorf(a.Pos, "CS0501", "'%s.%s.%s' must declare a body because it is not marked abstract, extern, or partial",
							t.Name, indexerName(p), a.Kind)
					}
				}
				if td.Record && isVirtualAuto(m) {
					// Its backing field, which a record's equality and copy
					// constructor name.
					t.addMember(&Field{Name: BackingField(m.Name), Owner: t, Type: p.Type, Decl: m})
				}
				if m.Iface == nil && !(m.Modifiers.Has(lang.ModOverride) && b.hasInheritedProperty(t, p)) {
					// An explicit implementation is reached only through
					// its interface; an override is left out of lookup as
					// C# leaves it (the overridden declaration stands for it).
					t.addMember(p)
				}
			case *lang.MethodDecl:
				if m.Body == nil && m.ExprBody == nil && hasAttr(m.Attributes, "Indexer") {
					if !want("this[]") {
						continue
					}
					mt := b.method(m, t, ctx)
					t.addMember(&Property{Name: "this[]", Owner: t, Type: mt.Ret, Params: mt.Params, Get: true, Set: true, Decl: m})
					continue
				}
				if !want(m.Name) {
					continue
				}
				mt := b.method(m, t, ctx)
				if libOmitted(t, mt.Params, m.Params) {
					continue
				}
				b.syms[m] = mt
				if m.Operator != "" {
					b.checkOperator(m, t)
				}
				if name == "" && m.Iface == nil {
					b.checkDuplicate(t, m, mt)
				}
				if m.Iface != nil { // an explicit implementation is reached only through its interface
					continue
				}
				if m.Modifiers.Has(lang.ModOverride) {
					// C# removes overrides from the candidate set; the
					// virtual declaration stands for them.
					if b.hasInheritedMethod(t, mt) {
						continue
					}
				}
				t.addMember(mt)
			case *lang.CtorDecl:
				if m.Modifiers.Has(lang.ModStatic) || !want(".ctor") {
					continue
				}
				ps := b.params(m.Params, ctx)
				if libOmitted(t, ps, m.Params) {
					continue
				}
				t.addMember(&Method{Name: ".ctor", Owner: t, Params: ps, Ret: b.u.special[Void], Decl: m})
			}
		}
		for _, em := range td.EnumMembers {
			if want(em.Name) {
				t.addMember(&Field{Name: em.Name, Owner: t, Type: t, Static: true, Const: true, Decl: em})
			}
		}
		if td.Invoke != nil && want(td.Invoke.Name) {
			t.addMember(b.method(td.Invoke, t, ctx))
		}
		if td.HasPrimary {
			ps := b.params(td.PrimaryParams, ctx)
			if want(".ctor") {
				t.addMember(&Method{Name: ".ctor", Owner: t, Params: ps, Ret: b.u.special[Void], Decl: td})
			}
			for _, p := range ps {
				if want(p.Name) && !td.Record { // a record's parameters are its positional properties
					t.addMember(&Field{Name: p.Name, Owner: t, Type: p.Type, Decl: td})
				}
			}
		}
		if want(".ctor") && !hasCtor && t.Kind == Class && !t.Static && !t.Lib && len(t.members[".ctor"]) == 0 {
			t.addMember(&Method{Name: ".ctor", Owner: t, Ret: b.u.special[Void], Decl: td})
		}
	}
}

func hasAttr(as []*lang.Attribute, name string) bool {
	for _, a := range as {
		if a.Name == name || a.Name == name+"Attribute" {
			return true
		}
	}
	return false
}

// baseFirst returns the source types with each class after its base
// class, so that an override is declared after what it overrides.
func (b *binder) baseFirst() []*Type {
	out := make([]*Type, 0, len(b.types))
	seen := map[*Type]bool{}
	var visit func(t *Type, depth int)
	visit = func(t *Type, depth int) {
		if t == nil || seen[t] || depth > 64 {
			return
		}
		if bt := t.Base; bt != nil && len(b.decls[bt.Generic()]) > 0 {
			visit(bt.Generic(), depth+1)
		}
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, t := range b.types {
		visit(t, 0)
	}
	return out
}

// hasInheritedProperty reports whether a base of t declares a property or
// indexer with p's name, parameter types and type (the one an override
// overrides). A covariant override (C# 9: a more derived type) is not
// hidden by what it overrides: lookup finds it first, so `d.P` has the
// override's type where d's static type declares it.
func (b *binder) hasInheritedProperty(t *Type, p *Property) bool {
	for c := t.Base; c != nil; c = c.Base {
		for _, s := range b.u.declared(c, p.Name) {
			if sameMember(b.u, p, s) {
				return sameResult(b.u, s, p)
			}
		}
	}
	return false
}

// hasInheritedMethod reports whether a base of t declares a method with
// m's name, parameter types and return type (the one an override
// overrides). A covariant override is kept in lookup, as for properties
// (hasInheritedProperty); overload resolution then prefers it, the most
// derived (mostDerived), and a call of it dispatches through the slot of
// the member it overrides.
func (b *binder) hasInheritedMethod(t *Type, m *Method) bool {
	for c := t.Base; c != nil; c = c.Base {
		for _, s := range b.u.declared(c, m.Name) {
			if o, ok := s.(*Method); ok && sameSignature(b.u, m, o) {
				return sameResult(b.u, o, m)
			}
		}
	}
	return false
}

// method makes the symbol of a method or local function declaration.
func (b *binder) method(m *lang.MethodDecl, owner *Type, ctx typeCtx) *Method {
	mt := &Method{Name: m.Name, Owner: owner, Static: m.Modifiers.Has(lang.ModStatic), Decl: m}
	for i, p := range m.TypeParams {
		inherits := m.Modifiers.Has(lang.ModOverride) || m.Iface != nil
		mt.TypeParams = append(mt.TypeParams, &Type{Kind: TypeParam, Name: p, Index: i, Method: true, Inherits: inherits})
	}
	ctx.tparams = append(append([]*Type{}, ctx.tparams...), mt.TypeParams...)
	b.declareConstraints(mt.TypeParams, m.Constraints, ctx)
	mt.Ret = b.resolveType(m.ReturnType, ctx)
	mt.Params = b.params(m.Params, ctx)
	if m.Extension != nil && m.ExtStatic && !b.onDemand(owner) {
		b.addStaticExtension(mt)
	}
	if len(m.Params) > 0 && m.Params[0].IsThis() {
		mt.Ext = true
		if !b.onDemand(owner) {
			b.extNames[m.Name] = true
			b.addExtension(mt)
		}
	}
	return mt
}

// indexerName is an indexer as C# messages name it: `this[int, string]`.
func indexerName(p *Property) string {
	var sb strings.Builder
	sb.WriteString("this[")
	for i, q := range p.Params {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(q.Type.String())
	}
	sb.WriteString("]")
	return sb.String()
}

func (b *binder) params(ps []*lang.Param, ctx typeCtx) []*Param {
	var out []*Param
	for _, p := range ps {
		mod := p.Modifier
		if mod == "this" {
			mod = ""
		}
		out = append(out, &Param{Name: p.Name, Type: b.resolveType(p.Type, ctx), Mod: mod, Optional: p.Default != nil})
	}
	return out
}

// ---- Type references ----

// resolveType resolves a written type. An unknown name in the program is
// CS0246 (CS0305/CS0308 when the name exists with another arity) and
// resolves to the Unchecked type.
func (b *binder) resolveType(tr *lang.TypeRef, ctx typeCtx) *Type {
	if tr == nil {
		return b.u.unchecked
	}
	if tr.ArrayRank > 0 {
		return b.u.ArrayOfRank(b.resolveType(tr.Elem, ctx), tr.ArrayRank)
	}
	if tr.Nullable {
		c := *tr
		c.Nullable = false
		return b.u.NullableOf(b.resolveType(&c, ctx))
	}
	if (tr.Name == "Nullable" || tr.Name == "System.Nullable") && len(tr.Args) == 1 {
		return b.u.NullableOf(b.resolveType(tr.Args[0], ctx))
	}
	if tr.Outer != nil {
		return b.resolveNested(tr, ctx)
	}
	if tr.Tuple {
		c := *tr
		c.Tuple, c.TupleNames = false, nil
		return b.u.WithNames(b.resolveType(&c, ctx), tr.TupleNames)
	}
	if len(tr.Args) == 0 {
		if s, ok := keyword(tr.Name); ok {
			return b.u.special[s]
		}
		for i := len(ctx.tparams) - 1; i >= 0; i-- {
			if ctx.tparams[i].Name == tr.Name {
				return ctx.tparams[i]
			}
		}
		for c := ctx.cls; c != nil; c = c.Outer {
			for _, p := range c.Generic().Params {
				if p.Name == tr.Name {
					return p
				}
			}
		}
	}
	if tr.Name == "dynamic" && len(tr.Args) == 0 {
		// Checked at run time only, as the Unchecked type is (the REPL
		// gives a global whose type it cannot know this type).
		return b.u.unchecked
	}
	def := b.lookupTypeName(tr.Name, len(tr.Args), ctx)
	if def == nil {
		if ctx.file != nil && b.program[ctx.file] && b.guessingType == 0 && !b.arityError(tr.Name, len(tr.Args), ctx, tr.Pos) {
			b.errorf(tr.Pos, "CS0246", "The type or namespace name '%s' could not be found (are you missing a using directive or an assembly reference?)", tr.Name)
		}
		return b.u.unchecked
	}
	if ctx.file != nil && b.program[ctx.file] && b.guessingType == 0 && def.Outer != nil {
		b.typeAccess(def, tr, ctx)
	}
	if ctx.file != nil && b.program[ctx.file] && !strings.Contains(tr.Name, ".") {
		if other := b.ambiguousType(def, tr.Name, len(tr.Args), ctx); other != nil {
			b.errorf(tr.Pos, "CS0104", "'%s' is an ambiguous reference between '%s' and '%s'", tr.Name, fullName(def), fullName(other))
		}
	}
	if len(tr.Args) == 0 || def.IsUnchecked() {
		return def
	}
	args := make([]*Type, len(tr.Args))
	for i, a := range tr.Args {
		args[i] = b.resolveType(a, ctx)
	}
	if def.Def != nil && def.Outer != nil && def.Outer.Def != nil {
		// A generic type nested in a constructed base (lookupTypeName).
		outer := def.Outer
		if def = def.Def; len(def.Params) != len(args) {
			return b.u.unchecked
		}
		return b.u.Nested(outer, def, args)
	}
	if len(def.Params) != len(args) {
		return b.u.unchecked
	}
	if ctx.file != nil && b.program[ctx.file] {
		for i, a := range args {
			if a.IsRefStruct() && !allowsRefStruct(def.Params[i]) {
				b.errorf(tr.Args[i].Pos, "CS0306", "The type '%s' may not be used as a type argument", a)
			}
		}
		b.needConstraints(tr.Pos, def.String(), def.Params, args, nil)
	}
	return b.u.Construct(def, args)
}

// lookupTypeName finds a type by (possibly dotted) name and arity: nested
// types of the current class and its bases and outer classes, then the
// namespaces in scope, then the library registry (an Opaque type).
func (b *binder) lookupTypeName(name string, arity int, ctx typeCtx) *Type {
	if strings.Contains(name, ".") {
		// The first part may name a namespace nested in an enclosing one
		// (inner.Example inside namespace Outer): the enclosing namespaces
		// are searched from the innermost out, then the global namespace.
		for _, ns := range b.namespaces(ctx) {
			if ns == "" {
				break
			}
			if t := b.u.lookup(ns+"."+name, arity); t != nil {
				return t
			}
		}
		if t := b.u.lookup(name, arity); t != nil {
			return t
		}
		i := strings.LastIndexByte(name, '.')
		if outer := b.lookupTypeName(name[:i], 0, ctx); outer != nil && !outer.IsUnchecked() {
			if nt := b.nestedType(outer, name[i+1:], arity); nt != nil {
				return nt
			}
			return nil
		}
		return b.opaqueType(name)
	}
	for o := ctx.cls; o != nil; o = o.Outer {
		for c, n := o, 0; c != nil && n < 64; c, n = c.Base, n+1 {
			if nt := b.nestedType(c, name, arity); nt != nil {
				if c.Def != nil {
					// Inherited from a constructed base: class Sorted<U> :
					// List<U> names List<U>.Node, not List<T>.Node.
					return b.u.Nested(c, nt, nil)
				}
				return nt
			}
		}
	}
	for _, ns := range b.namespaces(ctx) {
		full := name
		if ns != "" {
			full = ns + "." + name
		}
		if t := b.u.lookup(full, arity); t != nil {
			return t
		}
	}
	for _, ns := range b.namespaces(ctx) {
		if ns == "" {
			continue
		}
		if b.declaredWithOtherArity(ns+"."+name, arity) {
			return nil // List<int, int>: the table's List<T> does not fit (arityError)
		}
		if t := b.opaqueType(ns + "." + name); t != nil {
			return t
		}
	}
	return b.usingStaticNested(name, arity, ctx.file)
}

// usingStaticNested finds name among the nested types of the types the
// file's `using static T;` directives name, or nil.
func (b *binder) usingStaticNested(name string, arity int, file *lang.File) *Type {
	if file == nil || b.inUsingStatic {
		return nil
	}
	b.inUsingStatic = true
	defer func() { b.inUsingStatic = false }()
	for _, u := range file.Usings {
		if !u.IsStatic || u.Alias != "" {
			continue
		}
		if st := b.lookupTypeName(u.Name, 0, typeCtx{file: file}); st != nil && !st.IsUnchecked() {
			if nt := b.nestedType(st, name, arity); nt != nil {
				return nt
			}
		}
	}
	return nil
}

func (b *binder) nestedType(t *Type, name string, arity int) *Type {
	for _, s := range t.Generic().members[name] {
		if nt, ok := s.(*Type); ok && len(nt.Params) == arity {
			return nt
		}
	}
	return nil
}

type nsKey struct {
	file *lang.File
	ns   string
}

// namespaces lists the namespaces a simple type name is looked up in, in
// order: the enclosing namespace and its parents, the global namespace,
// then the file's using directives and the implicit global usings. The
// list depends only on the file and the enclosing namespace, so it is made
// once for each; callers only read it.
func (b *binder) namespaces(ctx typeCtx) []string {
	ns := ""
	if ctx.cls != nil {
		c := ctx.cls
		for c.Outer != nil {
			c = c.Outer
		}
		ns = c.Namespace
	}
	k := nsKey{ctx.file, ns}
	if out, ok := b.nsMemo[k]; ok {
		return out
	}
	out := b.namespacesOf(ctx.file, ns)
	b.nsMemo[k] = out
	return out
}

func (b *binder) namespacesOf(file *lang.File, ns string) []string {
	var out []string
	ns0 := ns
	for ns != "" {
		out = append(out, ns)
		i := strings.LastIndexByte(ns, '.')
		if i < 0 {
			break
		}
		ns = ns[:i]
	}
	out = append(out, "")
	if file != nil {
		if file.Namespace != "" && ns0 == "" {
			out = append(out, file.Namespace)
		}
		for _, u := range file.Usings {
			if u.Alias == "" && !u.IsStatic && u.AppliesIn(ns0) {
				out = append(out, u.Name)
			}
		}
	}
	return append(out, implicitUsings...)
}

// implicitUsings are the global usings of a .NET console project, and the
// namespaces asyncvm's programs may use without a directive.
var implicitUsings = []string{"System", "System.Collections.Generic", "System.IO", "System.Linq",
	"System.Threading", "System.Threading.Tasks", "System.Collections.Concurrent",
	"System.Diagnostics", "System.Globalization", "System.Text", "System.Runtime.CompilerServices"}

// opaqueType returns the Opaque type for a registered library type.
func (b *binder) opaqueType(full string) *Type {
	vt := vm.Builtin(full)
	if vt == nil {
		return nil
	}
	if t, ok := b.opaque[vt]; ok {
		return t
	}
	t := &Type{Kind: Opaque, Name: stripArity(vt.Name), Namespace: vt.Namespace, VM: vt, Lib: true, Open: true}
	b.opaque[vt] = t
	return t
}

func stripArity(s string) string {
	if i := strings.IndexByte(s, '`'); i >= 0 {
		return s[:i]
	}
	return s
}

// ambiguousType returns a type named name of arity other than def that a
// using directive also brings into scope, when def, the type the simple
// name found, was itself found through a using directive (§7.6.5.2: the
// namespaces of a compilation unit's using directives are searched
// together, and two matches are ambiguous, CS0104); nil otherwise.
func (b *binder) ambiguousType(def *Type, name string, arity int, ctx typeCtx) *Type {
	if def.Outer != nil || def.Kind == TypeParam {
		return nil
	}
	file := ctx.file
	var usings []string
	seen := map[string]bool{}
	ns := ""
	if c := ctx.cls; c != nil {
		for c.Outer != nil {
			c = c.Outer
		}
		ns = c.Namespace
	}
	for _, u := range file.Usings {
		if u.Alias == "" && !u.IsStatic && !seen[u.Name] && u.AppliesIn(ns) {
			seen[u.Name] = true
			usings = append(usings, u.Name)
		}
	}
	for _, ns := range implicitUsings {
		if !seen[ns] {
			seen[ns] = true
			usings = append(usings, ns)
		}
	}
	if !seen[def.Namespace] {
		return nil
	}
	for _, ns := range b.namespaces(ctx) {
		if seen[ns] {
			break
		}
		if ns == def.Namespace {
			return nil // found in an enclosing namespace, which hides the usings
		}
	}
	for _, ns := range usings {
		if ns == def.Namespace {
			continue
		}
		t := b.u.lookup(ns+"."+name, arity)
		if t == nil && arity == 0 {
			if o := b.opaqueType(ns + "." + name); o != nil && !strings.Contains(o.VM.Name, "`") {
				t = o // a registered library type of arity 0
			}
		}
		if t != nil && t != def && t.Generic() != def.Generic() {
			return t
		}
	}
	return nil
}

// fullName is t's namespace-qualified name.
func fullName(t *Type) string {
	if t.Namespace == "" {
		return t.Name
	}
	return t.Namespace + "." + t.Name
}

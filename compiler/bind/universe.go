package bind

import (
	"fmt"
	"strings"

	"asyncvm/lang"
)

// Universe holds the types of one compilation: the predefined types, the
// library's typed tables, the program's types, and every constructed type,
// interned so that identity is pointer equality.
type Universe struct {
	special [len(specialNames)]*Type

	unchecked, null, lambda, group, deflit *Type

	// byName finds a type by namespace-qualified name without arity
	// ("System.Collections.Generic.List") and arity.
	byName map[typeKey]*Type

	constructed map[string]*Type
	named       map[string]*Type // named tuple types (WithNames)
	erased      map[*Type]*Type  // types without tuple element names (Erase)
	arrays      map[arrayKey]*Type
	nullables   map[*Type]*Type
}

type arrayKey struct {
	elem *Type
	rank int
}

type typeKey struct {
	full  string
	arity int
}

func newUniverse() *Universe {
	u := &Universe{byName: map[typeKey]*Type{}, constructed: map[string]*Type{}, named: map[string]*Type{}, erased: map[*Type]*Type{},
		arrays: map[arrayKey]*Type{}, nullables: map[*Type]*Type{}}
	for s := Void; s <= Decimal; s++ {
		t := &Type{Kind: Special, Special: s, Name: specialMetadata[s], Namespace: "System", Lib: true}
		u.special[s] = t
		u.byName[typeKey{"System." + specialMetadata[s], 0}] = t
	}
	u.special[Object].Open = true
	u.special[String].Base = u.special[Object]
	for s := Bool; s <= Decimal; s++ {
		u.special[s].Base = u.special[Object]
		u.special[s].Open = true
	}
	u.unchecked = &Type{Kind: Unchecked, Name: "?"}
	u.null = &Type{Kind: Null}
	u.lambda = &Type{Kind: Lambda}
	u.group = &Type{Kind: Group}
	u.deflit = &Type{Kind: Default}
	return u
}

// SpecialType returns a predefined type.
func (u *Universe) SpecialType(s SpecialType) *Type { return u.special[s] }

// UncheckedType returns the fallback type (see Unchecked).
func (u *Universe) UncheckedType() *Type { return u.unchecked }

// Construct returns the constructed type def<args>, interned.
func (u *Universe) Construct(def *Type, args []*Type) *Type {
	if len(args) == 0 || len(def.Params) != len(args) {
		return def
	}
	same := true
	for i, a := range args {
		if a != def.Params[i] {
			same = false
		}
	}
	if same {
		return def
	}
	var key strings.Builder
	key.WriteString(def.Namespace + "." + def.Name)
	writePtr(&key, def)
	for _, a := range args {
		writePtr(&key, a)
	}
	if t, ok := u.constructed[key.String()]; ok {
		return t
	}
	t := &Type{Kind: def.Kind, Special: def.Special, Name: def.Name, Namespace: def.Namespace, Outer: def.Outer,
		Def: def, Args: args, Static: def.Static, Open: def.Open, Lib: def.Lib, UnknownBase: def.UnknownBase, Decl: def.Decl, VM: def.VM}
	u.constructed[key.String()] = t
	sub := substitution(def.Params, args)
	t.Base = u.Subst(def.Base, sub)
	for _, i := range def.Ifaces {
		t.Ifaces = append(t.Ifaces, u.Subst(i, sub))
	}
	return t
}

// writePtr writes a token unique to t for as long as t is alive (the
// Universe keeps every type it hands out).
func writePtr(b *strings.Builder, t *Type) {
	fmt.Fprintf(b, "|%p", t)
}

// ArrayOf returns elem[].
func (u *Universe) ArrayOf(elem *Type) *Type { return u.ArrayOfRank(elem, 1) }

// ArrayOfRank returns the array type of elem with rank dimensions: elem[]
// for 1, elem[,] for 2, ...
func (u *Universe) ArrayOfRank(elem *Type, rank int) *Type {
	k := arrayKey{elem, max(rank, 1)}
	if t, ok := u.arrays[k]; ok {
		return t
	}
	t := &Type{Kind: Array, Elem: elem, Rank: k.rank, Name: "Array", Namespace: "System", Base: u.special[Object], Open: true}
	u.arrays[k] = t
	return t
}

// RankSpec spells a rank specifier: "[]" for 1, "[,]" for 2, ...
func RankSpec(rank int) string { return "[" + strings.Repeat(",", max(rank-1, 0)) + "]" }

// NullableOf returns elem? for a value type; a reference type is its own
// nullable form.
func (u *Universe) NullableOf(elem *Type) *Type {
	structParam := elem.Kind == TypeParam && elem.Cons != nil && elem.Cons.Kind == "struct"
	if !elem.IsValueType() && !structParam || elem.Kind == Nullable {
		return elem // T? of an unconstrained T is T (a nullable annotation)
	}
	if t, ok := u.nullables[elem]; ok {
		return t
	}
	t := &Type{Kind: Nullable, Elem: elem, Name: "Nullable", Namespace: "System", Open: true}
	u.nullables[elem] = t
	return t
}

// keyword maps the predefined type keywords and their System names.
func keyword(name string) (SpecialType, bool) {
	// The native integers are 64-bit here: nint is long and nuint ulong
	// (docs/deviations.md).
	switch name {
	case "nint":
		return Int64, true
	case "nuint":
		return UInt64, true
	}
	name = strings.TrimPrefix(name, "System.")
	for s := Void; s <= Decimal; s++ {
		if name == specialNames[s] || name == specialMetadata[s] && s != Void {
			return s, true
		}
	}
	return NotSpecial, false
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + itoa(i%10)
}

// declare registers a type under its full name and arity.
func (u *Universe) declare(t *Type) {
	full := t.Name
	if t.Outer != nil {
		return
	}
	if t.Namespace != "" {
		full = t.Namespace + "." + t.Name
	}
	k := typeKey{full, len(t.Params)}
	if _, ok := u.byName[k]; !ok {
		u.byName[k] = t
	}
}

// lookup finds a top-level type by full name and arity.
func (u *Universe) lookup(full string, arity int) *Type { return u.byName[typeKey{full, arity}] }

// StartOf is posOf for code generation's diagnostics, so both phases
// report one problem at one position.
func StartOf(n lang.Node) lang.Pos { return posOf(n) }

// posOf returns where C# reports a diagnostic about expression n: the
// start of its text (the left operand of a binary operator, the receiver
// of a member access), not the operator's position the syntax tree keeps.
func posOf(n lang.Node) lang.Pos {
	for {
		switch x := n.(type) {
		case nil:
			return lang.Pos{}
		case *lang.BinaryExpr:
			n = x.X
		case *lang.MemberExpr:
			n = x.X
		case *lang.CallExpr:
			n = x.Fun
		case *lang.IndexExpr:
			n = x.X
		case *lang.PostfixExpr:
			n = x.X
		case *lang.AssignExpr:
			n = x.Left
		case *lang.CondExpr:
			n = x.Cond
		case *lang.IsExpr:
			n = x.X
		case *lang.AsExpr:
			n = x.X
		case *lang.SwitchExpr:
			n = x.X
		default:
			return n.Position()
		}
	}
}

package bind

import "asyncvm/lang"

// Query expressions reach the binder translated into method calls (lang,
// query.go); what is left here is C#'s wording of their errors.

// noQueryPattern reports whether a query over a source of type t cannot
// find its methods: t is a predefined type other than string and object,
// an enum or delegate, or a class or interface that is no IEnumerable<T>
// (a library one whose run-time type has no GetEnumerator either). A query
// over object or a type the binder does not know stays lenient, as member
// lookup does.
func (b *binder) noQueryPattern(t *Type) bool {
	switch t.Kind {
	case Special:
		return t.Special != Object && t.Special != String && t.Special != Void
	case Enum, Delegate:
		return true
	case Class, Struct, Interface:
		if !b.elementType(t).IsUnchecked() {
			return false
		}
		if def := t.Generic(); def.Lib {
			return def.VM != nil && !vmHas(def.VM, "GetEnumerator")
		}
		return !b.partlyKnown(t)
	}
	return false
}

// rangeVariables reports CS1931 for a query lambda's range variable that
// a local or parameter in scope already names.
func (b *binder) rangeVariables(e *lang.LambdaExpr) {
	for _, p := range e.Params {
		if _, ok := b.scope.lookupVar(p.Name); ok {
			b.errorf(p.Pos, "CS1931", "The range variable '%s' conflicts with a previous declaration of '%s'", p.Name, p.Name)
		}
	}
}

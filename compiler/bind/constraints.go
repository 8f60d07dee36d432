package bind

import (
	"fmt"

	"asyncvm/lang"
)

// Constraints are the `where T : ...` clauses of a type parameter (C#
// §15.2.5): a primary constraint, base class and interface bounds (which
// may mention the type parameters: `where T : IComparable<T>`) and new().
type Constraints struct {
	Kind   string // "", "class", "struct", "notnull", "unmanaged"
	Bounds []*Type
	New    bool
	// AllowsRefStruct admits a ref struct type argument (`allows ref
	// struct`, C# 13), which is otherwise CS0306.
	AllowsRefStruct bool
}

// allowsRefStruct reports whether type parameter p takes a ref struct
// type argument.
func allowsRefStruct(p *Type) bool { return p != nil && p.Cons != nil && p.Cons.AllowsRefStruct }

// constraintCheck is a use of a generic type or method whose type
// arguments must satisfy its type parameters' constraints: checked once
// every symbol is declared (checkConstraints).
type constraintCheck struct {
	pos    lang.Pos
	name   string // the generic type or method as diagnostics spell it: Box<T>, P.Make<T>()
	params []*Type
	args   []*Type
	owner  *Type // a generic method's constructed owner, whose type arguments its bounds may mention
}

// classConstraints declares the constraints of a source type's type
// parameters.
func (b *binder) classConstraints(t *Type) {
	for _, td := range b.decls[t] {
		if len(td.Constraints) > 0 && !t.Lib {
			b.declareConstraints(t.Params, td.Constraints, b.ctxFor(t))
		}
	}
}

// declareConstraints resolves `where` clauses for the type parameters ps.
func (b *binder) declareConstraints(ps []*Type, cs []*lang.Constraint, ctx typeCtx) {
	for _, c := range cs {
		for _, p := range ps {
			if p.Name != c.Param {
				continue
			}
			k := &Constraints{Kind: c.Kind, New: c.New, AllowsRefStruct: c.AllowsRefStruct}
			for _, tr := range c.Types {
				k.Bounds = append(k.Bounds, b.resolveType(tr, ctx))
			}
			p.Cons = k
		}
	}
}

// needConstraints records type arguments to check against the
// constraints of params.
func (b *binder) needConstraints(pos lang.Pos, name string, params, args []*Type, owner *Type) {
	for _, p := range params {
		if p.Cons != nil || len(b.decls) == 0 {
			b.checks = append(b.checks, constraintCheck{pos: pos, name: name, params: params, args: args, owner: owner})
			return
		}
	}
	for _, a := range args {
		if a != nil && a.Kind == Interface {
			b.checks = append(b.checks, constraintCheck{pos: pos, name: name, params: params, args: args, owner: owner})
			return
		}
	}
}

// checkConstraints reports the type arguments that violate their
// constraints, with C#'s codes: CS0452 (not a reference type), CS0453 (not
// a non-nullable value type), CS0310 (no public parameterless
// constructor), CS0311 and CS0315 (no implicit reference or boxing
// conversion to a bound), CS0314 (a type parameter without one).
func (b *binder) checkConstraints() {
	for _, c := range b.checks {
		sub := boundSubstitution(c.params, c.args, c.owner)
		for i, p := range c.params {
			if i >= len(c.args) {
				continue
			}
			if s := b.staticAbstractMember(c.args[i]); s != nil {
				b.errorf(c.pos, "CS8920", "The interface '%s' cannot be used as type argument. Static member '%s' does not have a most specific implementation in the interface.", c.args[i], memberName(s))
				continue
			}
			if p.Cons == nil {
				continue
			}
			b.checkArg(c, p, c.args[i], sub)
		}
	}
}

func (b *binder) checkArg(c constraintCheck, p, a *Type, sub map[*Type]*Type) {
	if code, msg := b.violation(p, a, sub, c.name); code != "" {
		b.errorf(c.pos, code, "%s", msg)
	}
}

// satisfies reports whether type arguments args satisfy the constraints
// of params: a generic method whose inferred or given type arguments do
// not is not applicable (§12.6.4.2), so another overload is chosen.
func (b *binder) satisfies(params, args []*Type, owner *Type) bool {
	sub := boundSubstitution(params, args, owner)
	for i, p := range params {
		if p.Cons != nil && i < len(args) {
			if code, _ := b.violation(p, args[i], sub, ""); code != "" {
				return false
			}
		}
	}
	return true
}

// boundSubstitution maps type parameters params to args and, for a
// generic method of a constructed type (owner Box<int>), the owner's type
// parameters to its type arguments: `where U : Box<T>` in Box<int>.Open<U>
// bounds U by Box<int>.
func boundSubstitution(params, args []*Type, owner *Type) map[*Type]*Type {
	sub := substitution(params, args)
	for o := owner; o != nil; o = o.Outer {
		if o.Def != nil {
			for i, p := range o.Def.Params {
				if i < len(o.Args) {
					sub[p] = o.Args[i]
				}
			}
		}
	}
	return sub
}

// violation returns the code and message of the first constraint of p
// that type argument a violates in name, or "".
func (b *binder) violation(p, a *Type, sub map[*Type]*Type, name string) (code, msg string) {
	if a == nil || a.IsUnchecked() || a.Kind == Null {
		return "", ""
	}
	k := p.Cons
	param := a.Kind == TypeParam
	switch k.Kind {
	case "class":
		if a.IsValueType() || param && !isRefParam(a) {
			return "CS0452", fmt.Sprintf("The type '%s' must be a reference type in order to use it as parameter '%s' in the generic type or method '%s'", a, p.Name, name)
		}
	case "struct":
		if !a.IsValueType() && !(param && a.Cons != nil && a.Cons.Kind == "struct") || a.Kind == Nullable {
			return "CS0453", fmt.Sprintf("The type '%s' must be a non-nullable value type in order to use it as parameter '%s' in the generic type or method '%s'", a, p.Name, name)
		}
	}
	if k.New && !b.hasDefaultCtor(a) {
		return "CS0310", fmt.Sprintf("'%s' must be a non-abstract type with a public parameterless constructor in order to use it as parameter '%s' in the generic type or method '%s'", a, p.Name, name)
	}
	for _, bound := range k.Bounds {
		bt := b.u.Subst(bound, sub)
		if bt == nil || bt.IsUnchecked() || !b.boundKnown(a, bt) || b.implicitType(a, bt) {
			continue
		}
		switch {
		case param:
			return "CS0314", fmt.Sprintf("The type '%s' cannot be used as type parameter '%s' in the generic type or method '%s'. There is no boxing conversion or type parameter conversion from '%s' to '%s'.", a, p.Name, name, a, bt)
		case a.IsValueType():
			return "CS0315", fmt.Sprintf("The type '%s' cannot be used as type parameter '%s' in the generic type or method '%s'. There is no boxing conversion from '%s' to '%s'.", a, p.Name, name, a, bt)
		default:
			return "CS0311", fmt.Sprintf("The type '%s' cannot be used as type parameter '%s' in the generic type or method '%s'. There is no implicit reference conversion from '%s' to '%s'.", a, p.Name, name, a, bt)
		}
	}
	return "", ""
}

// isRefParam reports whether the type parameter a is known to be a
// reference type (a class constraint or a class bound).
func isRefParam(a *Type) bool {
	if a.Cons == nil {
		return false
	}
	if a.Cons.Kind == "class" {
		return true
	}
	for _, bt := range a.Cons.Bounds {
		if bt.Kind == Class {
			return true
		}
	}
	return false
}

// hasDefaultCtor reports whether new a() is allowed: a value type, a type
// parameter with new() or struct, or a non-abstract class with a public
// parameterless constructor (an implicit one when it declares none).
func (b *binder) hasDefaultCtor(a *Type) bool {
	switch {
	case a.IsValueType():
		return true
	case a.Kind == TypeParam:
		return a.Cons != nil && (a.Cons.New || a.Cons.Kind == "struct")
	case a.Kind == Special && a.Special == Object:
		return true
	case a.Kind != Class:
		return false
	}
	def := a.Generic()
	if def.Decl == nil || def.Lib || def.Open {
		return true // the library: not modelled
	}
	if def.Static || def.Decl.Modifiers.Has(lang.ModAbstract) {
		return false
	}
	ctors := methods(def.members[".ctor"])
	if len(ctors) == 0 {
		return true
	}
	for _, m := range ctors {
		if minArgs(m) == 0 && !m.IsParams() && isPublic(m.Decl) {
			return true
		}
	}
	return false
}

func isPublic(n lang.Node) bool {
	switch d := n.(type) {
	case *lang.CtorDecl:
		return d.Modifiers.Has(lang.ModPublic)
	case *lang.MethodDecl:
		return d.Modifiers.Has(lang.ModPublic)
	}
	return true
}

// boundKnown reports whether the binder knows enough about a and bound to
// decide the conversion: a is a source type (or a type parameter), or the
// bound is a source type a library type cannot implement.
func (b *binder) boundKnown(a, bound *Type) bool {
	src := func(t *Type) bool {
		d := t.Generic()
		return d.Decl != nil && !d.Lib && !d.Open && !d.UnknownBase
	}
	switch {
	case a.Kind == TypeParam:
		return true
	case src(a):
		return true
	case src(bound):
		return a.Kind == Special || a.Kind == Array || a.Kind == Enum
	case a.Kind == Special && isGenericMath(bound):
		return true // the numeric types' generic math interfaces are listed (genericmath.go)
	}
	return false
}

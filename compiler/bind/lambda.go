package bind

import (
	"sort"

	"asyncvm/lang"
)

// Binding lambdas once (C# §12.6 as Roslyn implements it).
//
// What a lambda means depends on the delegate type it converts to, so
// overload resolution and type inference bind a lambda argument against
// each candidate's parameter type to learn whether it converts
// (lambdaFits) and what it returns (inferReturn). They bind copies of the
// syntax, which keeps those types out of Info. When lambdas nest, binding
// an outer copy binds the inner calls, which bind their lambdas again for
// each of their candidates: without a cache the work grows exponentially
// with the nesting depth.
//
// As Roslyn's UnboundLambda does (its _bindingCache by delegate type and
// _returnInferenceCache by parameter types), the binder keeps what each
// speculative binding learnt, keyed by the lambda as written (a copy maps
// to it through origins), the delegate type or parameter types, and the
// types of the enclosing variables the lambda mentions (its environment:
// the same inner lambda means something else inside an outer lambda bound
// with other parameter types). Everything else a lambda's binding depends
// on (the enclosing class, member, checked context, type parameters) is
// fixed by where the lambda is written. A speculative binding of a copy
// converting to a delegate type reports the cached diagnostics instead of
// binding it again (convertLambda), and a lambda argument's body is not
// bound before overload resolution has chosen its delegate type (args,
// settleLambdas), so that each lambda as written is bound for real once
// and speculatively once per distinct delegate type and environment.

// lambdaBinding is what one speculative binding of a lambda learnt.
type lambdaBinding struct {
	// target is the delegate type the lambda was bound against, nil for
	// a binding that infers the return type from parameter types params.
	target *Type
	params []*Type
	env    []*Type // the types of the names the lambda mentions (lambdaEnv)
	diags  lang.Diagnostics
	result lambdaResult
}

// noVar stands in an environment for a name that is no variable in scope.
var noVar = &Type{Kind: Special, Name: "<no variable>"}

// lambdaEnv returns the lambda as written that l is (or is a copy of) and
// the types that the names it mentions have as variables in the current
// scope, noVar for those that are not variables.
func (b *binder) lambdaEnv(l *lang.LambdaExpr) (*lang.LambdaExpr, []*Type) {
	origin := b.originOf(l)
	names, ok := b.lambdaNames[origin]
	if !ok {
		seen := map[string]bool{}
		lang.Inspect(origin, func(n lang.Node) bool {
			if id, ok := n.(*lang.Ident); ok && !seen[id.Name] {
				seen[id.Name] = true
				names = append(names, id.Name)
			}
			return true
		})
		sort.Strings(names)
		b.lambdaNames[origin] = names
	}
	env := make([]*Type, len(names))
	for i, name := range names {
		if t, ok := b.scope.lookupVar(name); ok {
			env[i] = t
		} else {
			env[i] = noVar
		}
	}
	return origin, env
}

func (b *binder) originOf(l *lang.LambdaExpr) *lang.LambdaExpr {
	if o, ok := b.origins[l]; ok {
		return o
	}
	return l
}

// copyLambda copies l for a speculative binding, recording the lambda as
// written of each lambda in the copy.
func (b *binder) copyLambda(l *lang.LambdaExpr) *lang.LambdaExpr {
	return lang.Copy(l, func(from, to any) {
		if fl, ok := from.(*lang.LambdaExpr); ok {
			b.origins[to.(*lang.LambdaExpr)] = b.originOf(fl)
		}
	})
}

// targetBinding returns the diagnostics of binding lambda l against
// delegate type d (whose Invoke is inv), binding a copy of it the first
// time for each environment.
func (b *binder) targetBinding(l *lang.LambdaExpr, d *Type, inv *Method) lang.Diagnostics {
	origin, env := b.lambdaEnv(l)
	for _, lb := range b.lambdas[origin] {
		if lb.target == d && sameTypes(lb.env, env) {
			return lb.diags
		}
	}
	var diags lang.Diagnostics
	b.speculate(func() {
		b.bindLambda(b.copyLambda(l), inv)
		diags = b.diags
	})
	b.lambdas[origin] = append(b.lambdas[origin], &lambdaBinding{target: d, env: env, diags: diags})
	return diags
}

func sameTypes(a, b []*Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// lambdaTargets reports whether e is a lambda that converting to type to
// binds against to (convertLambda): to is a delegate type whose Invoke
// has as many parameters.
func (b *binder) lambdaTargets(e lang.Expr, to *Type) bool {
	l, ok := e.(*lang.LambdaExpr)
	if !ok || to == nil || to.Kind != Delegate {
		return false
	}
	inv := b.invokeOf(to)
	return inv != nil && fitParams(l, inv) && len(inv.Params) == len(l.Params)
}

// fitParams gives an anonymous method without a parameter list
// (`delegate { ... }`, NoParams) the parameters of the delegate method inv
// it is converted to: unnamed, implicitly typed, with inv's ref and in
// modifiers, so that it binds and compiles as an anonymous method with
// that parameter list would (C# §12.19.2). It reports false when inv has
// an out parameter, which such a method cannot have (CS1688).
func fitParams(l *lang.LambdaExpr, inv *Method) bool {
	if !l.NoParams {
		return true
	}
	for _, p := range inv.Params {
		if p.Mod == "out" {
			return false
		}
	}
	fit := len(l.Params) == len(inv.Params)
	for i := 0; fit && i < len(l.Params); i++ {
		fit = l.Params[i].Modifier == paramModifier(inv.Params[i])
	}
	if !fit {
		l.Params = make([]*lang.Param, len(inv.Params))
		for i, p := range inv.Params {
			l.Params[i] = &lang.Param{Pos: l.Pos, Modifier: paramModifier(p)}
		}
	}
	return true
}

func paramModifier(p *Param) string {
	if p.Mod == "ref" || p.Mod == "in" {
		return p.Mod
	}
	return ""
}

// unboundLambda gives lambda e its type without binding its body, which
// is bound once its delegate type is known.
func (b *binder) unboundLambda(e lang.Expr) *Type {
	b.info.Types[e] = b.u.lambda
	return b.u.lambda
}

// settleLambdas binds, without a delegate type, the bodies of the lambda
// arguments among args that the call did not convert to one (overload
// resolution failed, or the callee is not known), so that code generation
// sees every body bound.
func (b *binder) settleLambdas(args []*lang.Arg) {
	for _, a := range args {
		l, ok := a.X.(*lang.LambdaExpr)
		if !ok {
			continue
		}
		if b.targeted[l] {
			delete(b.targeted, l)
			continue
		}
		b.expr(l)
	}
}

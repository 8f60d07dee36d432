package bind

import (
	"strings"

	"asyncvm/lang"
)

// C# 14 extension blocks (lang.ExtensionDecl). The parser lowers their
// members to static methods of the enclosing class, as .NET compiles them:
// an instance method is a classic extension method, which extension
// method lookup (extension.go) finds; a property P is accessor methods
// get_P and set_P, which a member access `x.P` reaches when x's type has no
// member P (extensionProperty); a static member is a static method that a
// member access through the receiver type reaches (`string.Make()`,
// staticExtensionCall).

// checkExtensionBlocks reports the misuse of the extension blocks of td, a
// type declared in the program; outer is its enclosing type.
func (b *binder) checkExtensionBlocks(td *lang.TypeDecl, outer *Type) {
	for _, x := range td.Extensions {
		if outer != nil || !td.Modifiers.Has(lang.ModStatic) || len(td.TypeParams) > 0 || td.Kind != lang.KindClass {
			b.errorf(x.Pos, "CS9283", "Extensions must be declared in a top-level, non-generic, static class")
		}
		for _, p := range x.Invalid {
			b.errorf(p, "CS9282", "This member is not allowed in an extension block")
		}
		r := x.Receiver
		if r.Default != nil {
			b.errorf(r.Default.Position(), "CS9284", "The receiver parameter of an extension cannot have a default value")
		}
		if r.Name == "" && x.Instance.IsValid() {
			b.errorf(x.Instance, "CS9303", "Cannot declare instance members in an extension block with an unnamed receiver parameter")
		}
		if r.Name == "" && r.Modifier != "" {
			b.errorf(r.Pos, "CS9305", "Cannot use modifiers on the unnamed receiver parameter of extension block")
		}
		if r.Modifier == "ref" || r.Modifier == "in" {
			// A by-reference receiver needs `this ref` extension methods,
			// which the language does not have.
			b.diags = append(b.diags, lang.Diagnostic{Pos: r.Pos, Msg: "a '" + r.Modifier + "' receiver parameter of an extension block is not supported"})
		}
		for _, tp := range x.TypeParams {
			if tp == r.Name {
				b.errorf(r.Pos, "CS9287", "'%s': a receiver parameter cannot have the same name as an extension container type parameter", r.Name)
			}
		}
	}
}

// addStaticExtension records a static member of an extension block of
// the program (once per declaration).
func (b *binder) addStaticExtension(m *Method) {
	for _, o := range b.staticExts[m.Name] {
		if o.Decl == m.Decl {
			return
		}
	}
	b.staticExts[m.Name] = append(b.staticExts[m.Name], m)
}

// staticExtensionsFor returns the static extension members named name in
// scope whose extension block's receiver type is t, each with the type
// arguments t gives the block's type parameters.
func (b *binder) staticExtensionsFor(name string, t *Type) ([]*Method, [][]*Type) {
	in := map[string]bool{}
	for _, ns := range b.namespaces(b.typeCtx()) {
		in[ns] = true
	}
	// A prelude type's static extension members are declared on demand.
	for _, o := range b.staticExtOwners[name] {
		for _, sym := range b.u.declared(o, name) {
			if m, ok := sym.(*Method); ok {
				if d, ok := m.Decl.(*lang.MethodDecl); ok && d.Extension != nil && d.ExtStatic {
					b.addStaticExtension(m)
				}
			}
		}
	}
	var out []*Method
	var targs [][]*Type
	for _, m := range b.staticExts[name] {
		o := m.Owner
		for o != nil && o.Outer != nil {
			o = o.Outer
		}
		if o == nil || !in[o.Namespace] {
			continue
		}
		d := m.Decl.(*lang.MethodDecl)
		recv := b.resolveType(d.Extension.Receiver.Type, typeCtx{cls: m.Owner, file: b.files[m.Owner.Decl], tparams: m.TypeParams})
		k := len(d.Extension.TypeParams)
		sub := map[*Type]*Type{}
		if !matchReceiver(recv, t, sub) {
			continue
		}
		var args []*Type
		for _, tp := range m.TypeParams[:k] {
			if sub[tp] == nil {
				args = nil
				break
			}
			args = append(args, sub[tp])
		}
		if k > 0 && (len(args) != k || len(m.TypeParams) > k) {
			continue // a generic static member takes its type arguments from the receiver type only
		}
		out = append(out, m)
		targs = append(targs, args)
	}
	return out, targs
}

// matchReceiver reports whether the type t, named in a static member
// access, is the receiver type recv of an extension block, recording in
// sub the types t gives recv's type parameters.
func matchReceiver(recv, t *Type, sub map[*Type]*Type) bool {
	if recv == nil || t == nil {
		return false
	}
	if recv.Kind == TypeParam {
		if s, ok := sub[recv]; ok {
			return s == t
		}
		sub[recv] = t
		return true
	}
	if recv == t {
		return true
	}
	if recv.Kind != t.Kind || recv.Generic() != t.Generic() || len(recv.Args) != len(t.Args) {
		return recv.Kind == t.Kind && recv.Kind != TypeParam && recv.Elem != nil && t.Elem != nil && matchReceiver(recv.Elem, t.Elem, sub)
	}
	for i := range recv.Args {
		if !matchReceiver(recv.Args[i], t.Args[i], sub) {
			return false
		}
	}
	return len(recv.Args) > 0 || recv.Generic() == t.Generic()
}

// staticExtensionCall binds e, a call `T.Name(args)` whose type T has no
// method Name, as a call of a static extension member of T. ok is false
// when no extension block in scope has one.
func (b *binder) staticExtensionCall(e *lang.CallExpr, f *lang.MemberExpr, recv *Type) (*Type, bool) {
	cands, targs := b.staticExtensionsFor(f.Name, recv)
	if len(cands) == 0 {
		return nil, false
	}
	b.info.Types[f] = b.u.group
	types := b.args(e.Args)
	var explicit []*Type
	for _, ta := range f.TypeArgs {
		explicit = append(explicit, b.resolveType(ta, b.typeCtx()))
	}
	var m *Method
	if len(targs[0]) > 0 && len(explicit) == 0 && len(cands) == 1 {
		m = b.resolve(f.Name, cands, e.Args, types, f.Pos, targs[0], false, false)
	} else {
		m = b.resolve(f.Name, cands, e.Args, types, f.Pos, explicit, false, false)
	}
	if m == nil {
		return b.u.unchecked, true
	}
	b.info.Calls[e] = m
	b.fixOutVars(m, e.Args)
	b.convertArgGroups(m, e.Args)
	if m.Ret == nil {
		return b.u.unchecked, true
	}
	return m.Ret, true
}

// extensionProperty binds e, a member access `x.P` (or `T.P` when static)
// whose type has no member P, as a read of an extension property: the
// call of its get accessor, which Info.ExtProps records for code
// generation. ok is false when no extension block in scope declares P for
// the receiver's type.
func (b *binder) extensionProperty(e *lang.MemberExpr, recv *Type, static bool) (*Type, bool) {
	call := &lang.CallExpr{Pos: e.Pos, Fun: &lang.MemberExpr{Pos: e.Pos, X: e.X, Name: "get_" + e.Name, NullCond: e.NullCond}}
	f := call.Fun.(*lang.MemberExpr)
	if static {
		cands, _ := b.staticExtensionsFor(f.Name, recv)
		if len(extensionAccessors(cands, e.Name)) == 0 {
			return nil, false
		}
		t, _ := b.staticExtensionCall(call, f, recv)
		b.info.ExtProps[e] = call
		return t, true
	}
	cands := extensionAccessors(b.extensionsInScope(f.Name), e.Name)
	if len(cands) == 0 || recv.IsUnchecked() {
		return nil, false
	}
	t, ok := b.extensionCallOf(call, f, recv, cands, e.Name)
	if !ok {
		return nil, false
	}
	b.info.ExtProps[e] = call
	if e.NullCond && t != nil && !t.IsUnchecked() {
		return b.u.NullableOf(t), true
	}
	return t, true
}

// extensionPropertySet binds e, an assignment to the extension property
// read by left (of type t), as the call of its set accessor, which
// Info.ExtSets records: `x.P = v` is `x.set_P(v)`, and `x.P op= v` is
// `x.set_P(x.P op v)`.
func (b *binder) extensionPropertySet(e *lang.AssignExpr, left *lang.MemberExpr, t *Type) *Type {
	get := b.info.ExtProps[left]
	value := e.Right
	if e.Op != "=" {
		value = &lang.BinaryExpr{Pos: e.Pos, Op: strings.TrimSuffix(e.Op, "="), X: left, Y: e.Right}
	}
	call := &lang.CallExpr{Pos: e.Pos, Fun: &lang.MemberExpr{Pos: left.Pos, X: left.X, Name: "set_" + left.Name}, Args: []*lang.Arg{{Pos: e.Right.Position(), X: value}}}
	f := call.Fun.(*lang.MemberExpr)
	static := false
	if g := b.info.Calls[get]; g != nil {
		if d, ok := g.Definition().Decl.(*lang.MethodDecl); ok {
			static = d.ExtStatic
		}
	}
	var cands []*Method
	if static {
		cands, _ = b.staticExtensionsFor(f.Name, b.info.Types[left.X])
	} else {
		cands = b.extensionsInScope(f.Name)
	}
	if len(extensionAccessors(cands, left.Name)) == 0 {
		b.errorf(left.Pos, "CS0200", "Property or indexer '%s' cannot be assigned to -- it is read only", left.Name)
		b.expr(e.Right)
		return t
	}
	if static {
		b.staticExtensionCall(call, f, b.info.Types[left.X])
	} else {
		b.extensionCallOf(call, f, b.info.Types[left.X], extensionAccessors(cands, left.Name), left.Name)
	}
	b.info.ExtSets[e] = call
	return t
}

// extensionAccessors keeps the methods of ms that are accessors of an
// extension property named prop.
func extensionAccessors(ms []*Method, prop string) []*Method {
	var out []*Method
	for _, m := range ms {
		if d, ok := m.Definition().Decl.(*lang.MethodDecl); ok && d.Extension != nil && d.ExtProperty == prop {
			out = append(out, m)
		}
	}
	return out
}

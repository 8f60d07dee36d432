package bind

import (
	"slices"

	"asyncvm/lang"
)

// The using and foreach patterns (C# §13.14, §13.9.5), checked as Roslyn's
// ForEachLoopBinder and UsingStatementBinder check them. A using resource
// converts to IDisposable (await using: IAsyncDisposable), or has an
// instance Dispose() (await using: DisposeAsync()) callable without
// arguments: any type for DisposeAsync, only a ref struct for Dispose. A
// foreach collection has an instance or extension GetEnumerator()
// (GetAsyncEnumerator()) callable without arguments, optional parameters
// such as `CancellationToken token = default` taking their defaults, whose
// return type has MoveNext() (MoveNextAsync()) and a readable Current, or
// implements IEnumerable (IAsyncEnumerable<T>). Types the binder models
// only partly are not checked.

// checkable reports whether the binder knows every member of t, so that a
// pattern member it does not find is an error.
func (b *binder) checkable(t *Type) bool {
	switch t.Kind {
	case Unchecked, Opaque, Null, Lambda, Group, Default:
		return false
	case Special:
		return t.Special != Void && t.Special != Object
	case Array, Enum, Nullable:
		return true
	case TypeParam:
		if t.Cons != nil {
			for _, c := range t.Cons.Bounds {
				if !b.checkable(c) {
					return false
				}
			}
		}
		return true
	}
	return !t.Generic().Lib && !b.partlyKnown(t) && !b.isOpen(t) && !b.inPrelude(t)
}

// nullaryMethod returns the instance method name of t that a call without
// arguments binds to (optional and params parameters take their
// defaults), or nil. ext also tries the extension methods in scope, with a
// receiver expression x.
func (b *binder) nullaryMethod(t *Type, name string, x lang.Expr, ext bool) *Method {
	syms := b.lookup(t, name)
	if len(syms) > 0 && memberType(syms[0]) != nil {
		return nil
	}
	if cands := methods(syms); len(cands) > 0 {
		var keep []*Method
		for _, m := range cands {
			if !m.Static && len(m.TypeParams) == 0 {
				keep = append(keep, m)
			}
		}
		if r := b.applicable(keep, nil, nil, nil, false); len(r.apps) > 0 {
			if apps := b.mostDerived(r.apps); len(apps) > 0 {
				return apps[0].m
			}
		}
	}
	if !ext || x == nil {
		return nil
	}
	exts := b.extensionsInScope(name)
	if len(exts) == 0 {
		return nil
	}
	recv := []*lang.Arg{{Pos: x.Position(), X: x}}
	if r := b.applicable(exts, recv, []*Type{t}, nil, false); len(r.apps) > 0 {
		return b.mostDerived(r.apps)[0].m
	}
	return nil
}

// converts reports whether t converts to interface i (nil when the
// library does not declare it: then every type does).
func (b *binder) converts(t, i *Type) bool {
	if i == nil {
		return true
	}
	if t.Kind == Nullable {
		t = t.Elem
	}
	return t == i || b.implementsIface(t, i)
}

// usingResource checks the type t of a using statement's or declaration's
// resource, written at pos.
func (b *binder) usingResource(t *Type, pos lang.Pos, async bool) {
	if t == nil || !b.checkable(t) {
		return
	}
	disp := b.u.lookup("System.IDisposable", 0)
	adisp := b.u.lookup("System.IAsyncDisposable", 0)
	elem := t
	if t.Kind == Nullable {
		elem = t.Elem
	}
	syncOK := func() bool {
		return b.converts(t, disp) || elem.IsRefStruct() && b.nullaryMethod(elem, "Dispose", nil, false) != nil
	}
	asyncOK := func() bool {
		return b.converts(t, adisp) || b.nullaryMethod(elem, "DisposeAsync", nil, false) != nil
	}
	switch {
	case !async && !syncOK():
		if asyncOK() {
			b.errorf(pos, "CS8418", "'%s': type used in a using statement must implement 'System.IDisposable'. Did you mean 'await using' rather than 'using'?", t)
		} else {
			b.errorf(pos, "CS1674", "'%s': type used in a using statement must implement 'System.IDisposable'.", t)
		}
	case async && !asyncOK():
		if syncOK() {
			b.errorf(pos, "CS8417", "'%s': type used in an asynchronous using statement must implement 'System.IAsyncDisposable' or implement a suitable 'DisposeAsync' method. Did you mean 'using' rather than 'await using'?", t)
		} else {
			b.errorf(pos, "CS8410", "'%s': type used in an asynchronous using statement must implement 'System.IAsyncDisposable' or implement a suitable 'DisposeAsync' method.", t)
		}
	}
}

// usingDecl checks the resources of `using (var x = ...)` or `using var x
// = ...;`, once bound.
func (b *binder) usingDecl(d *lang.LocalDeclStmt, async bool) {
	for _, dc := range d.Decls {
		if t := b.info.Locals[dc]; t != nil {
			if dc.Init != nil && (t.IsUnchecked() || t.Kind == Null) {
				t = b.info.Types[dc.Init]
			}
			b.usingResource(t, d.Pos, async)
		}
	}
}

// foreachCollection checks the collection x of type t of foreach fs (await
// foreach when async), and records in Info.Enumerators the GetEnumerator
// it binds to when code generation must call it as bound. ok is false after an error. For an await foreach it
// returns the enumerator's DisposeAsync presence: hasDispose is false for
// a pattern enumerator without DisposeAsync, which the loop then does not
// dispose.
func (b *binder) foreachCollection(fs *lang.ForeachStmt, x lang.Expr, t *Type, async bool) (ok, hasDispose bool) {
	if t == nil {
		return true, true
	}
	// known says a miss of the member is an error: the binder knows all
	// of t's members (a prelude interface's too), or the library type's
	// run-time type lacks it as well.
	known := func(name string) bool {
		return b.checkable(t) || t.Kind == Interface && b.inPrelude(t) ||
			t.Generic().Lib && t.Kind != Unchecked && t.Kind != Opaque && b.missIsError(t, name)
	}
	if !async {
		if t.Kind == Array || t.Kind == Special && t.Special == String {
			return true, true
		}
		get := b.nullaryMethod(t, "GetEnumerator", nil, false)
		if get == nil {
			if ie := b.u.lookup("System.Collections.Generic.IEnumerable", 1); ie != nil && len(b.implementations(t, ie)) > 1 {
				b.errorf(posOf(x), "CS1640", "foreach statement cannot operate on variables of type '%s' because it implements multiple instantiations of '%s'; try casting to a specific interface instantiation", t, ie)
				return false, false
			}
			if b.converts(t, b.u.lookup("System.Collections.IEnumerable", 0)) {
				return true, true
			}
			get = b.nullaryMethod(t, "GetEnumerator", x, true)
		}
		if get == nil && !known("GetEnumerator") {
			return true, true
		}
		if get != nil && fs != nil && (get.Ext || isProgramStruct(get.Ret)) {
			en := &Enumerator{GetEnumerator: get}
			if get.Ret.IsRefStruct() && !b.converts(get.Ret, b.u.lookup("System.IDisposable", 0)) {
				en.Dispose = b.nullaryMethod(get.Ret, "Dispose", nil, false) != nil
			}
			b.info.Enumerators[fs] = en
		}
		if get == nil {
			if b.asyncCollection(x, t) {
				b.errorf(posOf(x), "CS8414", "foreach statement cannot operate on variables of type '%s' because '%s' does not contain a public instance or extension definition for 'GetEnumerator'. Did you mean 'await foreach' rather than 'foreach'?", t, t)
			} else {
				b.errorf(posOf(x), "CS1579", "foreach statement cannot operate on variables of type '%s' because '%s' does not contain a public instance or extension definition for 'GetEnumerator'", t, t)
			}
			return false, false
		}
		en := get.Ret
		if en == nil || !b.checkable(en) {
			return true, true
		}
		if b.nullaryMethod(en, "MoveNext", nil, false) == nil || !b.readable(en, "Current") {
			b.errorf(posOf(x), "CS0202", "foreach requires that the return type '%s' of '%s' must have a suitable public 'MoveNext' method and public 'Current' property", en, get.Signature())
			return false, false
		}
		return true, true
	}
	get := b.nullaryMethod(t, "GetAsyncEnumerator", nil, false)
	if get == nil {
		if ie := b.u.lookup("System.Collections.Generic.IAsyncEnumerable", 1); ie != nil {
			if impls := b.implementations(t, ie); len(impls) > 1 {
				b.errorf(posOf(x), "CS8413", "Asynchronous foreach statement cannot operate on variables of type '%s' because it implements multiple instantiations of '%s'; try casting to a specific interface instantiation", t, ie)
				return false, false
			}
			if impl := b.implementation(t, ie); impl != nil {
				if len(methods(b.lookup(t, "GetAsyncEnumerator"))) > 0 {
					viaInterface(fs, impl)
				}
				return true, true
			}
		}
		get = b.nullaryMethod(t, "GetAsyncEnumerator", x, true)
	}
	if get == nil && !known("GetAsyncEnumerator") {
		return true, true
	}
	if get == nil {
		if t.Kind == Array || t.Kind == Special && t.Special == String || b.nullaryMethod(t, "GetEnumerator", x, true) != nil ||
			b.converts(t, b.u.lookup("System.Collections.IEnumerable", 0)) {
			b.errorf(posOf(x), "CS8415", "Asynchronous foreach statement cannot operate on variables of type '%s' because '%s' does not contain a public instance or extension definition for 'GetAsyncEnumerator'. Did you mean 'foreach' rather than 'await foreach'?", t, t)
		} else {
			b.errorf(posOf(x), "CS8411", "Asynchronous foreach statement cannot operate on variables of type '%s' because '%s' does not contain a suitable public instance or extension definition for 'GetAsyncEnumerator'", t, t)
		}
		return false, false
	}
	en := get.Ret
	if en == nil || !b.checkable(en) {
		return true, true
	}
	if b.nullaryMethod(en, "MoveNextAsync", nil, false) == nil || !b.readable(en, "Current") {
		b.errorf(posOf(x), "CS8412", "Asynchronous foreach requires that the return type '%s' of '%s' must have a suitable public 'MoveNextAsync' method and public 'Current' property", en, get.Signature())
		return false, false
	}
	return true, b.converts(en, b.u.lookup("System.IAsyncDisposable", 0)) || b.nullaryMethod(en, "DisposeAsync", nil, false) != nil
}

// viaInterface makes the expansion of await foreach fs call
// GetAsyncEnumerator through interface impl (IAsyncEnumerable<T>): the
// collection's own GetAsyncEnumerator methods, none of which can be called
// without arguments, are not the pattern's (C# falls back to the
// interface).
func viaInterface(fs *lang.ForeachStmt, impl *Type) {
	if fs == nil || fs.Expanded == nil || len(fs.Expanded.Stmts) == 0 {
		return
	}
	d, ok := fs.Expanded.Stmts[0].(*lang.LocalDeclStmt)
	if !ok || len(d.Decls) != 1 {
		return
	}
	c, ok := d.Decls[0].Init.(*lang.CallExpr)
	if !ok {
		return
	}
	m, ok := c.Fun.(*lang.MemberExpr)
	if !ok || m.X != fs.X {
		return // already rewritten
	}
	if tr := Spell(impl, fs.Pos); tr != nil {
		m.X = &lang.CastExpr{Pos: fs.Pos, Type: tr, X: fs.X}
	}
}

// asyncCollection reports whether an await foreach could enumerate t.
func (b *binder) asyncCollection(x lang.Expr, t *Type) bool {
	if b.nullaryMethod(t, "GetAsyncEnumerator", x, true) != nil {
		return true
	}
	ie := b.u.lookup("System.Collections.Generic.IAsyncEnumerable", 1)
	return ie != nil && b.implementation(t, ie) != nil
}

// implementations returns the distinct constructed forms of generic
// interface def that t implements.
func (b *binder) implementations(t, def *Type) []*Type {
	var out []*Type
	seen := map[*Type]bool{}
	var walk func(c *Type)
	walk = func(c *Type) {
		if c == nil || seen[c] || c.IsUnchecked() {
			return
		}
		seen[c] = true
		if c.Generic() == def && !slices.Contains(out, c) {
			out = append(out, c)
		}
		for _, i := range c.Ifaces {
			walk(i)
		}
		walk(c.Base)
	}
	walk(t)
	return out
}

// readable reports whether t has an instance property name with a getter.
func (b *binder) readable(t *Type, name string) bool {
	syms := b.lookup(t, name)
	if len(syms) == 0 {
		return false
	}
	p, ok := syms[0].(*Property)
	return ok && p.Get && !p.Static
}

// Enumerator is the GetEnumerator a foreach binds to, recorded when it is
// an extension method (C# 9), called as bound, or returns a struct of the
// program, whose MoveNext must advance the enumerator variable itself
// rather than a copy. Other instance ones are called by name.
type Enumerator struct {
	GetEnumerator *Method
	// Dispose says the enumerator is a ref struct with a pattern Dispose()
	// the loop calls when it ends.
	Dispose bool
}

// isProgramStruct reports whether t is a struct declared in source.
func isProgramStruct(t *Type) bool {
	return t != nil && t.Kind == Struct && !t.Generic().Lib && t.Generic().Decl != nil
}

// GetEnumeratorCall returns the call x.GetEnumerator() of a foreach bound
// to m (Info.Enumerators), typed in in.
func (in *Info) GetEnumeratorCall(m *Method, x lang.Expr, pos lang.Pos) *lang.CallExpr {
	c := &lang.CallExpr{Pos: pos, Fun: &lang.MemberExpr{Pos: pos, X: x, Name: "GetEnumerator"}}
	in.Calls[c] = m
	if m.Ret != nil {
		in.Types[c] = m.Ret
	}
	return c
}

// currentType is the type of the Current property of enumerator type t,
// or nil.
func (b *binder) currentType(t *Type) *Type {
	if t == nil {
		return nil
	}
	if syms := b.lookup(t, "Current"); len(syms) > 0 {
		if p, ok := syms[0].(*Property); ok {
			return p.Type
		}
	}
	return nil
}

// Spell writes bound type t as a type reference: namespace-qualified,
// nested types through their outer type's name; nil when it cannot be
// written (a nested type of a constructed generic type, an open generic
// definition).
func Spell(t *Type, pos lang.Pos) *lang.TypeRef {
	switch t.Kind {
	case Special:
		return &lang.TypeRef{Pos: pos, Name: t.String()}
	case TypeParam:
		return &lang.TypeRef{Pos: pos, Name: t.Name}
	case Array:
		if e := Spell(t.Elem, pos); e != nil {
			return &lang.TypeRef{Pos: pos, ArrayRank: max(t.Rank, 1), Elem: e}
		}
	case Nullable:
		if e := Spell(t.Elem, pos); e != nil && !e.Nullable {
			e.Nullable = true
			return e
		}
	case Class, Struct, Interface, Enum, Delegate:
		if t.Def == nil && len(t.Params) > 0 {
			return nil
		}
		name := t.Name
		if t.Outer != nil {
			if len(t.Outer.AllArgs()) > 0 {
				return nil
			}
			o := Spell(t.Outer, pos)
			if o == nil {
				return nil
			}
			name = o.Name + "." + name
		} else if t.Namespace != "" {
			name = t.Namespace + "." + name
		}
		r := &lang.TypeRef{Pos: pos, Name: name}
		for _, a := range t.Args {
			ra := Spell(a, pos)
			if ra == nil {
				return nil
			}
			r.Args = append(r.Args, ra)
		}
		return r
	}
	return nil
}

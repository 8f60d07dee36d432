package bind

import (
	"fmt"
	"strings"

	"asyncvm/lang"
)

// ---- Bodies ----

func (b *binder) bindBodies(t *Type, td *lang.TypeDecl) {
	b.file, b.cls = b.files[td], t
	// A record's parameters are in scope in its instance initializers,
	// where they shadow the positional properties of the same names.
	var primary []*Param
	var primaryDecl []*lang.Param
	if td.Record && td.HasPrimary {
		primary, primaryDecl = b.params(td.PrimaryParams, b.typeCtx()), td.PrimaryParams
	}
	for _, m := range td.Members {
		switch m := m.(type) {
		case *lang.FieldDecl:
			ft := b.resolveType(m.Type, b.typeCtx())
			for _, d := range m.Decls {
				if d.Init != nil {
					static := m.Modifiers.Has(lang.ModStatic) || m.Modifiers.Has(lang.ModConst)
					b.fieldInit = !static
					var ps []*Param
					var pds []*lang.Param
					if !static {
						ps, pds = primary, primaryDecl
					}
					b.body(m.Modifiers.Has(lang.ModStatic), nil, ps, nil, func() { b.convertExpr(d.Init, ft) })
					b.fieldInit = false
					b.flowBody(flowUnit{params: pds, expr: d.Init})
				}
			}
		case *lang.PropertyDecl:
			pt := b.resolveType(m.Type, b.typeCtx())
			static := m.Modifiers.Has(lang.ModStatic)
			if m.Init != nil {
				b.fieldInit = !static
				var ps []*Param
				var pds []*lang.Param
				if !static {
					ps, pds = primary, primaryDecl
				}
				b.body(static, nil, ps, nil, func() { b.convertExpr(m.Init, pt) })
				b.fieldInit = false
				b.flowBody(flowUnit{params: pds, expr: m.Init})
			}
			ips := b.params(m.Params, b.typeCtx()) // an indexer's parameters
			if m.RefKind != "" && td.Kind != lang.KindInterface && !m.Modifiers.Has(lang.ModAbstract) && !m.Modifiers.Has(lang.ModExtern) {
				// An interface's or abstract `ref int P { get; }` has no
				// body to check.
				b.refProperty(m)
			}
			if m.ExprBody != nil {
				b.refKind = m.RefKind
				b.accessor(static, pt, ips, nil, m.ExprBody)
				b.flowBody(flowUnit{params: m.Params, expr: m.ExprBody})
			}
			for _, a := range m.Accessors {
				ret, ps := pt, ips
				if a.Kind != "get" {
					ret, ps = b.u.special[Void], append(ips[:len(ips):len(ips)], &Param{Name: "value", Type: pt})
				}
				name := m.Name
				if m.IsIndexer() {
					name = indexerName(&Property{Params: ips})
				}
				var it *Iterator
				if hasYield(a.Body) {
					what := t.String() + "." + name + "." + a.Kind
					if a.Kind == "get" {
						it = b.iterator(a, a.Pos, pt, false, m.Params, what)
					} else {
						b.errorf(a.Pos, "CS1624", "The body of '%s' cannot be an iterator block because 'void' is not an iterator interface type", what)
					}
					ret = nil
				}
				b.initContext = a.Kind == "init"
				if a.Kind == "get" {
					b.refKind = m.RefKind
				}
				b.iterAccessor(static, ret, ps, a.Body, a.ExprBody, it)
				b.initContext = false
				b.flowBody(flowUnit{params: m.Params, body: a.Body, expr: a.ExprBody, ret: ret,
					what: t.String() + "." + name + "." + a.Kind, pos: a.Pos})
			}
		case *lang.MethodDecl:
			if m.Body == nil && m.ExprBody == nil {
				continue
			}
			mt := b.method(m, t, b.typeCtx())
			b.jsonMeta = m.Name == JsonMetaMethod
			b.funcBody(m, mt, m.Modifiers.Has(lang.ModStatic))
			b.jsonMeta = false
			sig := b.funcSigs[m]
			b.flowBody(flowUnit{params: m.Params, body: m.Body, expr: m.ExprBody, ret: sig.ret, what: sig.what, pos: reportPos(m)})
		case *lang.CtorDecl:
			ps := b.params(m.Params, b.typeCtx())
			b.initContext = !m.Modifiers.Has(lang.ModStatic)
			b.body(m.Modifiers.Has(lang.ModStatic), b.u.special[Void], ps, nil, func() {
				b.fn.ctor = true
				if m.Init != nil {
					b.ctorInit(m.Init)
					b.settleLambdas(m.Init.Args)
				} else if !m.Modifiers.Has(lang.ModStatic) {
					b.implicitBaseCall(t, td, m.Pos)
				}
				if m.Body != nil {
					b.block(m.Body)
				}
				if m.ExprBody != nil {
					b.expr(m.ExprBody)
				}
			})
			b.initContext = false
			b.flowBody(flowUnit{params: m.Params, body: m.Body, expr: m.ExprBody, init: m.Init})
		}
	}
	if td.HasPrimary || td.HasBaseArgs {
		ps := b.params(td.PrimaryParams, b.typeCtx())
		b.body(false, b.u.special[Void], ps, nil, func() {
			if !td.HasBaseArgs {
				return
			}
			// The base constructor the arguments call, recorded under
			// the declaration (there is no initializer node).
			in := &lang.CtorInit{Pos: td.Pos, Kind: "base", Args: td.BaseArgs}
			b.ctorInit(in)
			b.settleLambdas(td.BaseArgs)
			if m := b.info.Calls[in]; m != nil {
				b.info.Calls[td] = m
				delete(b.info.Calls, in)
			}
		})
	}
	for _, em := range td.EnumMembers {
		if em.Value != nil {
			b.body(true, nil, nil, nil, func() { b.expr(em.Value) })
		}
	}
}

func (b *binder) accessor(static bool, ret *Type, ps []*Param, body *lang.BlockStmt, x lang.Expr) {
	b.iterAccessor(static, ret, ps, body, x, nil)
}

// iterAccessor binds an accessor's body, an iterator block when it is not
// nil (ret is then nil: an iterator returns no value).
func (b *binder) iterAccessor(static bool, ret *Type, ps []*Param, body *lang.BlockStmt, x lang.Expr, it *Iterator) {
	if body == nil && x == nil {
		return
	}
	b.body(static, ret, ps, nil, func() {
		b.fn.iter, b.fn.iterErr = it, it == nil && hasYield(body)
		if body != nil {
			b.block(body)
		}
		if x != nil {
			if b.returnValue(x, posOf(x)) {
				return
			}
			if ret.Kind == Special && ret.Special == Void {
				b.expr(x)
			} else {
				b.convertExpr(x, ret)
			}
		}
	})
}

// implicitBaseCall checks the `base()` a constructor of class t without an
// initializer calls (at pos): a base class of the program's whose
// constructors all need arguments is CS7036 (one constructor) or CS1729.
func (b *binder) implicitBaseCall(t *Type, td *lang.TypeDecl, pos lang.Pos) {
	base := t.Base
	if t.Kind != Class || td.Record || base == nil || base.Kind != Class || !b.declaredInProgram(t) || !b.declaredInProgram(base) {
		return
	}
	for _, bd := range b.decls[base.Generic()] {
		if bd.Record {
			return
		}
	}
	ctors := methods(b.u.declared(base, ".ctor"))
	if len(ctors) == 0 {
		return
	}
	r := b.applicable(ctors, nil, nil, nil, false)
	if len(r.apps) > 0 || len(r.unsatisfied) > 0 {
		return
	}
	if len(ctors) == 1 && len(ctors[0].Params) > 0 {
		b.errorf(pos, "CS7036", "There is no argument given that corresponds to the required parameter '%s' of '%s'", ctors[0].Params[0].Name, ctors[0].Signature())
		return
	}
	b.errorf(pos, "CS1729", "'%s' does not contain a constructor that takes 0 arguments", base)
}

// ctorInit binds `: base(...)` or `: this(...)` and resolves the
// constructor it calls.
func (b *binder) ctorInit(in *lang.CtorInit) {
	target := b.cls
	if in.Kind == "base" {
		target = b.cls.Base
	}
	args := b.args(in.Args)
	if target == nil || target.IsUnchecked() {
		return
	}
	ctors := methods(b.u.declared(target, ".ctor"))
	if len(ctors) == 0 {
		return
	}
	if in.Kind == "this" && target.Kind == Struct && len(in.Args) == 0 && !hasParameterless(ctors) {
		// A struct's implicit parameterless constructor: `: this()`
		// starts from the zero value.
		return
	}
	if m := b.resolve(target.String(), ctors, in.Args, args, in.Pos, nil, true, target.Open); m != nil {
		b.info.Calls[in] = m
	}
}

func (b *binder) typeCtx() typeCtx {
	ctx := typeCtx{cls: b.cls, file: b.file}
	for f := b.fn; f != nil; f = f.outer {
		ctx.tparams = append(append([]*Type{}, f.tparams...), ctx.tparams...)
	}
	return ctx
}

// body binds a function body in a fresh function context: ret is the
// declared return type (nil when unknown), ps the parameters.
func (b *binder) body(static bool, ret *Type, ps []*Param, tparams []*Type, f func()) {
	saveFn, saveScope := b.fn, b.scope
	b.fn = &fnCtx{static: static, ret: ret, tparams: tparams, outer: saveFn, refKind: b.refKind}
	b.refKind = ""
	if saveFn != nil && saveFn.static {
		b.fn.static = true
	}
	b.scope = &scope{parent: saveScope, vars: map[string]*Type{}}
	b.fn.scope = b.scope
	for _, p := range ps {
		b.scope.vars[p.Name] = p.Type
		b.declareRef(p.Name, refVar{kind: p.Mod, param: true, returnable: p.Mod == "ref" || p.Mod == "in"})
	}
	f()
	b.fn, b.scope = saveFn, saveScope
}

// funcBody binds a method or local function declaration's body.
func (b *binder) funcBody(m *lang.MethodDecl, mt *Method, static bool) {
	ret := mt.Ret
	async := m.Modifiers.Has(lang.ModAsync)
	var it *Iterator
	iter := hasYield(m.Body)
	switch {
	case iter:
		it = b.iterator(m, m.ReturnType.Pos, ret, async, m.Params, mt.Signature())
		ret = nil
	case async:
		switch {
		case ret != nil && (ret.Kind == Special && ret.Special != Void || ret.Kind == Array):
			// int, string, arrays: never task-like (C# §15.14.1).
			b.errorf(m.ReturnType.Pos, "CS1983", "The return type of an async method must be void, Task, Task<T>, a task-like type, IAsyncEnumerable<T>, or IAsyncEnumerator<T>")
		case taskLike(ret):
			// A type with [AsyncMethodBuilder] is task-like, and C# builds
			// the method's result with that builder; asyncvm does not
			// (deviations.md), and says so in both models rather than
			// return something else.
			b.diags = append(b.diags, lang.Diagnostic{Pos: m.ReturnType.Pos, Msg: fmt.Sprintf("async methods returning a custom task-like type ('%s', with [AsyncMethodBuilder]) are not supported", ret)})
		case ret != nil && (ret.Kind == Class || ret.Kind == Struct || ret.Kind == Interface) && !ret.Generic().Lib:
			b.errorf(m.ReturnType.Pos, "CS1983", "The return type of an async method must be void, Task, Task<T>, a task-like type, IAsyncEnumerable<T>, or IAsyncEnumerator<T>")
		}
		ret = b.asyncResult(ret)
	}
	if async || it != nil {
		for i, p := range mt.Params {
			if p.Type != nil && p.Type.IsRefStruct() && i < len(m.Params) {
				b.errorf(m.Params[i].Pos, "CS4012", "Parameters of type '%s' cannot be declared in async methods or async lambda expressions", p.Type)
			}
		}
	}
	b.funcSigs[m] = funcSig{ret: ret, what: mt.Signature()}
	if m.RefKind != "" && (async || iter) {
		b.errorf(m.ReturnType.Pos, "CS1996", "Async methods and iterators cannot return by reference")
	}
	b.refKind = m.RefKind
	b.body(static, ret, mt.Params, mt.TypeParams, func() {
		b.fn.async = async
		b.fn.iter, b.fn.iterErr = it, iter && it == nil
		if m.Body != nil {
			b.block(m.Body)
		}
		if m.ExprBody != nil {
			if b.returnValue(m.ExprBody, posOf(m.ExprBody)) {
				return
			}
			if ret == nil || ret.Kind == Special && ret.Special == Void {
				b.expr(m.ExprBody)
			} else {
				b.convertExpr(m.ExprBody, ret)
			}
		}
	})
	if async || iter {
		b.checkRefStructLocals(m.Body)
	}
}

// asyncResult is the type a return statement of an async method converts
// to: T for Task<T>, void for Task and void, nil when unknown.
// taskLike reports whether t is a program type marked with
// [AsyncMethodBuilder]: a custom task-like type (C# §15.14.1).
func taskLike(t *Type) bool {
	if t == nil {
		return false
	}
	d := t.Generic().Decl
	if d == nil || t.Generic().Lib {
		return false
	}
	for _, a := range d.Attributes {
		name := a.Name
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		if name == "AsyncMethodBuilder" || name == "AsyncMethodBuilderAttribute" {
			return true
		}
	}
	return false
}

func (b *binder) asyncResult(ret *Type) *Type {
	if ret == nil {
		return nil
	}
	if ret.Kind == Special && ret.Special == Void {
		return ret
	}
	g := ret.Generic()
	if g.Lib && g.Namespace == "System.Threading.Tasks" && g.Name == "Task" {
		if len(ret.Args) == 1 {
			return ret.Args[0]
		}
		return b.u.special[Void]
	}
	return nil
}

func (b *binder) bindTopLevel(program *Type, f *lang.File) {
	b.file, b.cls = f, program
	ps := []*Param{{Name: "args", Type: b.u.ArrayOf(b.u.special[String])}}
	b.body(true, nil, ps, nil, func() {
		b.fn.async = true
		b.stmts(f.Stmts)
	})
	pos := f.Stmts[0].Position()
	b.flowBody(flowUnit{params: []*lang.Param{{Pos: pos, Name: "args"}}, body: &lang.BlockStmt{Pos: pos, Stmts: f.Stmts}})
}

func (b *binder) push() { b.scope = &scope{parent: b.scope, vars: map[string]*Type{}} }
func (b *binder) pop()  { b.scope = b.scope.parent }

func (b *binder) declare(name string, t *Type) {
	if name == "" {
		return
	}
	b.scope.vars[name] = t
}

func (b *binder) block(s *lang.BlockStmt) {
	b.push()
	b.stmts(s.Stmts)
	b.pop()
}

// stmts binds a statement list; local functions are visible throughout.
func (b *binder) stmts(list []lang.Stmt) {
	for _, s := range list {
		d, ok := s.(*lang.LocalDeclStmt)
		if u, isUsing := s.(*lang.UsingDeclStmt); isUsing {
			d, ok = u.Decl, true
		}
		if ok && d != nil {
			for _, dr := range d.Decls {
				if b.scope.later == nil {
					b.scope.later = map[string]bool{}
				}
				b.scope.later[dr.Name] = true
			}
		}
	}
	for _, s := range list {
		if lf, ok := s.(*lang.LocalFuncStmt); ok {
			if b.scope.funcs == nil {
				b.scope.funcs = map[string]*Method{}
			}
			if _, dup := b.scope.funcs[lf.Func.Name]; dup {
				// Local functions cannot be overloaded (code generation
				// reports CS0128); calls to the name stay unchecked.
				b.scope.funcs[lf.Func.Name] = nil
				continue
			}
			b.scope.funcs[lf.Func.Name] = b.method(lf.Func, nil, b.typeCtx())
		}
	}
	for _, s := range list {
		b.stmt(s)
	}
}

func (b *binder) stmt(s lang.Stmt) {
	switch s := s.(type) {
	case *lang.BlockStmt:
		b.block(s)
	case *lang.CheckedStmt:
		b.inContext(s.Unchecked, func() { b.block(s.Body) })
	case *lang.LocalDeclStmt:
		b.localDecl(s)
	case *lang.UsingDeclStmt:
		b.localDecl(s.Decl)
		b.usingDecl(s.Decl, s.IsAwait)
	case *lang.ExprStmt:
		if id, ok := s.X.(*lang.Ident); ok && id.Name == "await" && len(id.TypeArgs) == 0 && b.fn != nil && b.fn.async {
			// In an async function await is the operator, and `await;`
			// lacks its operand: CS1525 at the semicolon after it.
			at := id.Pos
			at.Col += len("await")
			b.errorf(at, "CS1525", "Invalid expression term ';'")
			break
		}
		b.expr(s.X)
	case *lang.IfStmt:
		b.cond(s.Cond)
		b.scoped(s.Then)
		if s.Else != nil {
			b.scoped(s.Else)
		}
	case *lang.WhileStmt:
		b.cond(s.Cond)
		b.scoped(s.Body)
	case *lang.DoStmt:
		b.scoped(s.Body)
		b.cond(s.Cond)
	case *lang.ForStmt:
		b.push()
		if s.InitDecl != nil {
			b.localDecl(s.InitDecl)
		}
		for _, x := range s.InitExprs {
			b.expr(x)
		}
		if s.Cond != nil {
			b.cond(s.Cond)
		}
		for _, x := range s.Post {
			b.expr(x)
		}
		b.scoped(s.Body)
		b.pop()
	case *lang.ForeachStmt:
		ct := b.expr(s.X)
		if s.RefKind != "" && !ct.IsUnchecked() {
			if x := refSpanForeach(s, ct); x != nil {
				s.Expanded = x
				b.stmt(x)
				return
			}
			// No other enumerator in the library has a ref-returning
			// Current (arrays have none in C# either).
			b.errorf(posOf(s.X), "CS1510", "A ref or out value must be an assignable variable")
		}
		ok, hasDispose := b.foreachCollection(s, s.X, ct, s.IsAwait)
		if s.Expanded != nil && ok {
			if !hasDispose {
				withoutDispose(s.Expanded)
			}
			b.stmt(s.Expanded)
			return
		}
		b.push()
		et := b.u.unchecked
		if s.Type != nil {
			et = b.resolveType(s.Type, b.typeCtx())
		} else if m := b.info.Enumerators[s]; m != nil {
			if c := b.currentType(m.GetEnumerator.Ret); c != nil {
				et = c
			}
		} else if !s.IsAwait && ok {
			et = b.elementType(ct)
		}
		b.declare(s.Name, et)
		b.scoped(s.Body)
		b.pop()
	case *lang.SwitchStmt:
		// The sections' statements share the switch block's declaration
		// space; the pattern variables of a section's labels are its own.
		in := b.patternOperand(s.X)
		if gt := b.switchGoverningConversion(s.X, in); gt != nil {
			in = gt
		}
		b.push()
		block := b.scope
		var pats []lang.Pattern
		var guarded []bool
		for _, sec := range s.Sections {
			b.push()
			for _, l := range sec.Labels {
				if l.Pattern != nil {
					b.patternIn(l.Pattern, in)
					pats, guarded = append(pats, l.Pattern), append(guarded, l.When != nil)
				}
				if l.When != nil {
					b.cond(l.When)
				}
			}
			b.push() // the section's statements, copied into the block after
			b.stmts(sec.Body)
			for name, t := range b.scope.vars {
				block.vars[name] = t
			}
			for name, m := range b.scope.funcs {
				if block.funcs == nil {
					block.funcs = map[string]*Method{}
				}
				block.funcs[name] = m
			}
			for name, k := range b.scope.consts {
				if block.consts == nil {
					block.consts = map[string]any{}
				}
				block.consts[name] = k
			}
			b.scope = block
		}
		b.pop()
		b.duplicateLabels(s)
		b.checkSubsumed(pats, guarded, in, "CS8120", "The switch case is unreachable. It has already been handled by a previous case or it is impossible to match.")
	case *lang.YieldStmt:
		b.yieldStmt(s)
	case *lang.ReturnStmt:
		if b.fn.iter != nil || b.fn.iterErr {
			b.errorf(s.Pos, "CS1622", "Cannot return a value from an iterator. Use the yield return statement to return a value, or yield break to end the iteration.")
		}
		if s.X != nil && b.returnValue(s.X, s.Pos) {
			break
		}
		if s.X != nil {
			if r := b.fn.ret; r != nil && !(r.Kind == Special && r.Special == Void) {
				b.convertResult(s.X, r)
			} else {
				b.expr(s.X)
			}
		}
	case *lang.GotoStmt:
		if s.Case != nil {
			b.expr(s.Case)
		}
	case *lang.LabeledStmt:
		b.stmt(s.Stmt)
	case *lang.ThrowStmt:
		if s.X != nil {
			b.expr(s.X)
		}
	case *lang.TryStmt:
		w := &b.fn.where
		if len(s.Catches) > 0 {
			w.inTryCatch++
		}
		b.block(s.Body)
		if len(s.Catches) > 0 {
			w.inTryCatch--
		}
		w.inCatch++
		for _, c := range s.Catches {
			b.push()
			if c.Type != nil {
				b.declare(c.Name, b.resolveType(c.Type, b.typeCtx()))
			}
			if c.Filter != nil {
				b.cond(c.Filter)
			}
			b.block(c.Body)
			b.pop()
		}
		w.inCatch--
		if s.Finally != nil {
			w.inFinally++
			b.block(s.Finally)
			w.inFinally--
		}
	case *lang.UsingStmt:
		b.push()
		if s.Decl != nil {
			b.localDecl(s.Decl)
			b.usingDecl(s.Decl, s.IsAwait)
		}
		if s.X != nil {
			b.usingResource(b.expr(s.X), posOf(s.X), s.IsAwait)
		}
		b.scoped(s.Body)
		b.pop()
	case *lang.LockStmt:
		b.expr(s.X)
		b.scoped(s.Body)
	case *lang.LocalFuncStmt:
		mt := b.scope.lookupFunc(s.Func.Name)
		if mt == nil {
			mt = b.method(s.Func, nil, b.typeCtx())
		}
		b.funcBody(s.Func, mt, s.Func.Modifiers.Has(lang.ModStatic) || b.fn.static)
	}
}

// scoped binds an embedded statement in its own scope.
func (b *binder) scoped(s lang.Stmt) {
	if s == nil {
		return
	}
	b.push()
	b.stmt(s)
	b.pop()
}

// cond binds a condition (if, while, for, ?:, &&, ||, !): an expression
// converted to bool, or, when its type has no implicit conversion to bool,
// tested with its type's user-defined `operator true` (C# §12.24).
func (b *binder) cond(x lang.Expr) { b.condOf(x, b.expr(x)) }

func (b *binder) condOf(x lang.Expr, t *Type) {
	boolT := b.u.special[Bool]
	if userDefined(t) && !b.implicit(x, t, boolT) && b.userConversion(x, t, boolT, false) == nil {
		if m := b.truthOperator("op_True", t); m != nil {
			b.info.Truths[x] = m
			return
		}
	}
	b.checkConversion(x, t, boolT)
	b.noteConversion(x, boolT)
}

func (b *binder) localDecl(s *lang.LocalDeclStmt) {
	for _, d := range s.Decls {
		delete(b.scope.later, d.Name) // in scope from its declarator on
	}
	var declared *Type
	if s.Type != nil && s.Type.Name != "var" {
		declared = b.resolveType(s.Type, b.typeCtx())
	}
	if s.RefKind != "" {
		b.refLocalDecl(s, declared)
		return
	}
	for _, d := range s.Decls {
		t := declared
		if d.Init != nil && isRefValue(d.Init) {
			b.errorf(posOf(d.Init), "CS8171", "Cannot initialize a by-value variable with a reference")
			it, _ := b.refValue(d.Init)
			if t == nil {
				t = it
			}
		} else if d.Init != nil {
			if t != nil {
				b.convertExpr(d.Init, t)
			} else {
				t = b.natural(b.expr(d.Init))
				b.conditionalWithoutType(d.Init)
				b.noNaturalDelegate(d.Init)
			}
		}
		if t == nil {
			t = b.u.unchecked
		}
		b.info.Locals[d] = t
		b.declare(d.Name, t)
		if s.IsConst && d.Init != nil {
			b.declareConst(d.Name, d.Init, t)
		}
	}
}

// conditionalWithoutType reports CS0173 for a conditional whose branches
// have types and neither converts to the other, where nothing gives it a
// target type (`var x = f ? 1 : "one"`; with a declared type C# 9 converts
// each branch to it).
func (b *binder) conditionalWithoutType(e lang.Expr) {
	if sw, ok := e.(*lang.SwitchExpr); ok && len(sw.Arms) > 0 && b.info.Types[sw].IsUnchecked() {
		// A switch expression whose arms have types but no best common
		// type, where nothing gives it one (CS8506).
		for _, a := range sw.Arms {
			if t := b.info.Types[a.Value]; t == nil || t.IsUnchecked() || t.Kind == Lambda || t.Kind == Group {
				return
			}
		}
		b.errorf(sw.Pos, "CS8506", "No best type was found for the switch expression.")
		return
	}
	c, ok := e.(*lang.CondExpr)
	if !ok {
		return
	}
	x, y := b.info.Types[c.Then], b.info.Types[c.Else]
	known := func(t *Type) bool {
		return t != nil && !lenient(t) && t.Kind != Lambda && t.Kind != Group
	}
	if known(x) && known(y) && !b.implicit(c.Then, x, y) && !b.implicit(c.Else, y, x) {
		b.errorf(posOf(e), "CS0173", "Type of conditional expression cannot be determined because there is no implicit conversion between '%s' and '%s'", x, y)
	}
}

// noNaturalDelegate reports CS8917 for a `var` initializer that is a lambda
// or method group without a natural delegate type (C# 10): a lambda with
// a parameter whose type is not written, a group of several methods or of
// a generic method not given its type arguments.
func (b *binder) noNaturalDelegate(e lang.Expr) {
	none := false
	switch t := b.info.Types[e]; {
	case t == nil:
	case t.Kind == Lambda:
		if l, ok := e.(*lang.LambdaExpr); ok && !l.NoParams {
			for _, p := range l.Params {
				none = none || p.Type == nil
			}
		}
	case t.Kind == Group:
		_, ms := b.groupMethods(e)
		none = len(ms) > 1 || len(ms) == 1 && len(ms[0].TypeParams) > 0 && len(groupTypeArgs(e)) == 0
	}
	if none {
		b.errorf(posOf(e), "CS8917", "The delegate type could not be inferred.")
	}
}

// natural is the type a `var` declaration gets from its initializer.
func (b *binder) natural(t *Type) *Type {
	switch t.Kind {
	case Null, Lambda, Group, Default:
		return b.u.unchecked
	}
	return t
}

// withoutDispose drops the DisposeAsync call from an await foreach's
// expansion (lang's expandAwaitForeach: the enumerator's declaration, then
// the loop in a try whose finally disposes it), for an enumerator that has
// none: the loop is then not in a try.
func withoutDispose(x *lang.BlockStmt) {
	if len(x.Stmts) == 2 {
		if t, ok := x.Stmts[1].(*lang.TryStmt); ok && t.Finally != nil && len(t.Catches) == 0 {
			x.Stmts[1] = t.Body
		}
	}
}

// elementType is the iteration type of a foreach over a collection of
// type t (Unchecked when the binder does not know it).
func (b *binder) elementType(t *Type) *Type {
	switch {
	case t.Kind == Array:
		return t.Elem
	case t.Kind == Special && t.Special == String:
		return b.u.special[Char]
	case t.Def != nil && t.Def.Lib && t.Def.Name == "List":
		return t.Args[0]
	}
	if ie := b.u.lookup("System.Collections.Generic.IEnumerable", 1); ie != nil {
		if x := b.implementation(t, ie); x != nil && len(x.Args) == 1 {
			return x.Args[0]
		}
	}
	return b.u.unchecked
}

// implementation returns the constructed form of generic interface def
// that t is or implements, or nil.
func (b *binder) implementation(t, def *Type) *Type {
	seen := map[*Type]bool{}
	var walk func(c *Type) *Type
	walk = func(c *Type) *Type {
		if c == nil || seen[c] || c.IsUnchecked() {
			return nil
		}
		seen[c] = true
		if c.Generic() == def {
			return c
		}
		for _, i := range c.Ifaces {
			if r := walk(i); r != nil {
				return r
			}
		}
		return walk(c.Base)
	}
	return walk(t)
}

func (s *scope) lookupVar(name string) (*Type, bool) {
	for c := s; c != nil; c = c.parent {
		if t, ok := c.vars[name]; ok {
			return t, true
		}
	}
	return nil, false
}

// declaredLater reports whether name is a local the function being bound
// declares further on in an enclosing block, and is not otherwise a local
// there: its use here is CS0841.
func (b *binder) declaredLater(name string) bool {
	if b.fn == nil {
		return false
	}
	for c := b.scope; c != nil; c = c.parent {
		if _, ok := c.vars[name]; ok {
			return false
		}
		if c.later[name] {
			return true
		}
		if c == b.fn.scope {
			return false
		}
	}
	return false
}

func (s *scope) lookupFunc(name string) *Method {
	for c := s; c != nil; c = c.parent {
		if m, ok := c.funcs[name]; ok {
			return m
		}
	}
	return nil
}

// ---- Patterns ----

func (b *binder) pattern(p lang.Pattern) { b.patternIn(p, nil) }

// patternIn binds pattern p matched against a value of type in (nil when
// not known): the positional patterns and the var patterns inside them
// take their types from it.
func (b *binder) patternIn(p lang.Pattern, in *Type) {
	switch p := p.(type) {
	case *lang.PositionalPattern:
		b.positionalPattern(p, in)
		return
	case *lang.ConstPattern:
		if t := b.typeName(p.X); t != nil {
			return
		}
		if ct := b.expr(p.X); ct.IsNumeric() && in != nil && (in.IsReference() && in.Special != String || in.Kind == TypeParam) {
			b.info.ConstTests[p] = ct
		}
		b.defaultPattern(p.X)
	case *lang.TypePattern:
		if p.Name != "_" { // `case int _`: a discard
			b.declare(p.Name, b.resolveType(p.Type, b.typeCtx()))
		}
	case *lang.VarPattern:
		if p.Name != "_" {
			t := in
			if t == nil {
				t = b.u.unchecked
			}
			b.declare(p.Name, t)
		}
	case *lang.NotPattern:
		b.patternIn(p.P, in)
	case *lang.BinaryPattern:
		b.patternIn(p.X, in)
		if p.Op == "and" {
			in = b.narrowed(p.X, in) // `o is int[] and [var x, ..]`
		}
		b.patternIn(p.Y, in)
	case *lang.RelationalPattern:
		b.expr(p.X)
		b.defaultPattern(p.X)
	case *lang.ListPattern:
		b.listPattern(p, in)
	case *lang.SlicePattern:
		b.errorf(p.Pos, "CS8980", "Slice patterns may only be used once and directly inside a list pattern.")
		if p.P != nil {
			b.pattern(p.P)
		}
	case *lang.PropertyPattern:
		if p.Type != nil {
			in = b.resolveType(p.Type, b.typeCtx())
		} else if in != nil && in.Kind == Nullable {
			in = in.Elem
		}
		for _, sp := range p.Props {
			b.patternIn(sp.Pattern, b.memberPatternType(sp, in))
		}
		if in == nil {
			in = b.u.unchecked
		}
		b.declare(p.Name, in)
	}
}

// defaultPattern reports a default literal as a pattern's constant
// (CS8505), which C# does not allow whatever the type.
func (b *binder) defaultPattern(x lang.Expr) {
	if d, ok := x.(*lang.DefaultExpr); ok && d.Type == nil {
		b.errorf(d.Pos, "CS8505", "A default literal 'default' is not valid as a pattern. Use another literal (e.g. '0' or 'null') as appropriate. To match everything, use a discard pattern '_'.")
	}
}

// narrowed is the type a value of type in is known to have once it
// matches p (C#'s narrowed type, which `and` passes from its left pattern
// to its right one).
func (b *binder) narrowed(p lang.Pattern, in *Type) *Type {
	switch p := p.(type) {
	case *lang.BinaryPattern:
		if p.Op == "and" {
			return b.narrowed(p.Y, b.narrowed(p.X, in))
		}
	case *lang.ConstPattern:
		if t := b.typeName(p.X); t != nil {
			return t // a type written as a constant pattern; a constant narrows nothing
		}
	default:
		if t := b.impliedType(p); t != nil {
			return t
		}
	}
	return in
}

// memberPatternType is the type of the member a property subpattern
// `A.B: P` matches against a value of type in, or nil when not known. A
// tuple element named by its name is recorded in Info.Members.
func (b *binder) memberPatternType(sp *lang.SubPattern, in *Type) *Type {
	names := strings.Split(sp.Name, ".")
	renamed := false
	for i, n := range names {
		if in == nil || in.IsUnchecked() {
			return nil
		}
		if in.Kind == Nullable {
			in = in.Elem
		}
		if in.IsTuple() {
			if k := in.TupleElemName(n); k >= 0 && k < 7 {
				if item := fmt.Sprintf("Item%d", k+1); item != n {
					names[i], renamed = item, true
				}
				in = in.TupleElems()[k]
				continue
			}
		}
		var next *Type
		syms := b.lookup(in, n)
		for _, s := range syms {
			switch s := s.(type) {
			case *Field:
				next = s.Type
			case *Property:
				next = s.Type
			}
			break
		}
		if len(syms) == 0 && i == 0 && in.Kind != TypeParam && !b.partlyKnown(in) {
			b.errorf(sp.Pos, "CS0117", "'%s' does not contain a definition for '%s'", in, n)
		}
		in = next
	}
	if renamed {
		b.info.Members[sp] = strings.Join(names, ".")
	}
	return in
}

// reportPos is where C# reports a diagnostic about method m as a whole:
// its name.
func reportPos(m *lang.MethodDecl) lang.Pos {
	if m.NamePos.Line > 0 {
		return m.NamePos
	}
	return m.Pos
}

// switchGoverningConversion applies C#'s rule for a switch statement over
// a value of a class or struct declared in source (§13.8.3): when exactly
// one of its implicit conversion operators yields one of the governing
// types (an integral type, char or string), the switch is over the
// converted value, so `case 1` matches through `implicit operator int`.
// It returns the governing type, or nil.
func (b *binder) switchGoverningConversion(x lang.Expr, in *Type) *Type {
	if in == nil || (in.Kind != Class && in.Kind != Struct) || in.Lib || !declaresOperators(in) {
		return nil
	}
	var found *Method
	for _, sp := range []SpecialType{SByte, Byte, Int16, UInt16, Int32, UInt32, Int64, UInt64, Char, String} {
		gt := b.u.special[sp]
		m := b.userConversion(nil, in, gt, false)
		if m == nil || m.Ret != gt {
			continue
		}
		if found != nil && found != m {
			return nil // ambiguous: C# reports CS0151; patterns decide here
		}
		found = m
	}
	if found == nil {
		return nil
	}
	b.info.Convs[x] = found
	return found.Ret
}

// refSpanForeach expands `foreach (ref T x in span) body` over a Span<T>
// (and `ref readonly` over a ReadOnlySpan<T>) into the indexing loop Roslyn
// lowers it to, the iteration variable a ref local to the element:
//
//	{
//	    var <s> = span;
//	    for (int <i> = 0; <i> < <s>.Length; <i>++) { ref T x = ref <s>._array[<s>._start + <i>]; body }
//	}
//
// The span indexer is not a ref accessor (docs/deviations.md), so the ref
// goes to the span's array element. A ReadOnlySpan may view a string
// (no array): its `ref readonly` variable is a copy of the element, which
// the loop cannot tell apart. It returns nil for any other collection.
func refSpanForeach(s *lang.ForeachStmt, ct *Type) *lang.BlockStmt {
	g := ct.Generic()
	if g == nil || g.Namespace != "System" || len(ct.Args) != 1 {
		return nil
	}
	readOnly := g.Name == "ReadOnlySpan"
	if g.Name != "Span" && !(readOnly && s.RefKind == "ref readonly") {
		return nil
	}
	p := s.Pos
	sp := fmt.Sprintf("<s>%d_%d", p.Line, p.Col)
	ix := fmt.Sprintf("<i>%d_%d", p.Line, p.Col)
	id := func(n string) lang.Expr { return &lang.Ident{Pos: p, Name: n} }
	mem := func(x lang.Expr, n string) lang.Expr { return &lang.MemberExpr{Pos: p, X: x, Name: n} }
	var item *lang.LocalDeclStmt
	if readOnly {
		item = &lang.LocalDeclStmt{Pos: p, Type: s.Type, Decls: []*lang.Declarator{{Pos: p, Name: s.Name,
			Init: &lang.IndexExpr{Pos: p, X: id(sp), Args: []*lang.Arg{{Pos: p, X: id(ix)}}}}}}
	} else {
		elem := &lang.IndexExpr{Pos: p, X: mem(id(sp), "_array"), Args: []*lang.Arg{{Pos: p,
			X: &lang.BinaryExpr{Pos: p, Op: "+", X: mem(id(sp), "_start"), Y: id(ix)}}}}
		item = &lang.LocalDeclStmt{Pos: p, Type: s.Type, RefKind: s.RefKind, Decls: []*lang.Declarator{{Pos: p, Name: s.Name,
			Init: &lang.UnaryExpr{Pos: p, Op: "ref", X: elem}}}}
	}
	loop := &lang.ForStmt{Pos: p,
		InitDecl: &lang.LocalDeclStmt{Pos: p, Type: &lang.TypeRef{Pos: p, Name: "int"}, Decls: []*lang.Declarator{{Pos: p, Name: ix,
			Init: &lang.Literal{Pos: p, Kind: lang.LitInt, Raw: "0", Value: int64(0)}}}},
		Cond: &lang.BinaryExpr{Pos: p, Op: "<", X: id(ix), Y: mem(id(sp), "Length")},
		Post: []lang.Expr{&lang.PostfixExpr{Pos: p, Op: "++", X: id(ix)}},
		Body: &lang.BlockStmt{Pos: p, Stmts: []lang.Stmt{item, s.Body}},
	}
	get := &lang.LocalDeclStmt{Pos: p, Decls: []*lang.Declarator{{Pos: p, Name: sp, Init: s.X}}}
	return &lang.BlockStmt{Pos: p, Stmts: []lang.Stmt{get, loop}}
}

// convertResult converts x, a value the function being bound returns, to
// its return type r. In a lambda whose return type the delegate gives, a
// missing conversion is reported twice at x, as Roslyn does: CS0029 (or
// CS0266, ...) for the value and CS1662 for the lambda.
func (b *binder) convertResult(x lang.Expr, r *Type) {
	n := len(b.diags)
	b.convertExpr(x, r)
	if b.fn.anonWhat == "" || len(b.diags) == n || b.diags[n].Pos != posOf(x) {
		return
	}
	for _, code := range []string{"CS0029", "CS0266", "CS0031", "CS0037"} {
		if strings.HasPrefix(b.diags[n].Msg, "error "+code+":") {
			b.errorf(posOf(x), "CS1662", "Cannot convert %s to intended delegate type because some of the return types in the block are not implicitly convertible to the delegate return type", b.fn.anonWhat)
			return
		}
	}
}

// duplicateLabels reports CS0152 for a second `default:` of switch s, and
// for a second `case` with the constant value of an earlier one (an
// integral, char or string constant, without a `when` clause).
func (b *binder) duplicateLabels(s *lang.SwitchStmt) {
	seen := map[string]bool{}
	for _, sec := range s.Sections {
		for _, l := range sec.Labels {
			var key, shown string
			switch {
			case l.IsDefault:
				key, shown = "default", "default"
			case l.When == nil:
				cp, ok := l.Pattern.(*lang.ConstPattern)
				if !ok {
					continue
				}
				t := b.info.Types[cp.X]
				v, ok := b.info.Consts[cp.X]
				if !ok || t == nil || !(t.IsIntegral() || isString(t)) {
					continue
				}
				shown = fmt.Sprint(v)
				if t.Special == Char {
					if r, ok := toRune(v); ok {
						shown = string(r)
					}
				}
				key = t.String() + ":" + fmt.Sprint(v)
			default:
				continue
			}
			if seen[key] {
				b.errorf(l.Pos, "CS0152", "The switch statement contains multiple cases with the label value '%s'", shown)
			}
			seen[key] = true
		}
	}
}

// toRune is the character an integral char constant holds.
func toRune(v any) (rune, bool) {
	switch v := v.(type) {
	case rune:
		return v, true
	case int64:
		return rune(v), true
	case uint64:
		return rune(v), true
	}
	return 0, false
}

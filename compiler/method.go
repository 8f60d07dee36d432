package compiler

import (
	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// bodyInfo scans a body for what the compiler must prepare up front: goto
// labels with their try depth, and whether a return may cross a finally.
func bodyInfo(body lang.Node) (labels map[string]int, hasFinally bool) {
	labels = map[string]int{}
	var walk func(n lang.Node, depth int)
	walk = func(n lang.Node, depth int) {
		lang.Inspect(n, func(m lang.Node) bool {
			switch m := m.(type) {
			case *lang.LambdaExpr, *lang.LocalFuncStmt:
				return false
			case *lang.LabeledStmt:
				labels[m.Label] = depth
			case *lang.TryStmt:
				if m.Finally == nil {
					return true
				}
				hasFinally = true
				walk(m.Body, depth+1)
				for _, cc := range m.Catches {
					walk(cc.Body, depth+1)
				}
				walk(m.Finally, depth)
				return false
			case *lang.UsingStmt, *lang.UsingDeclStmt, *lang.LockStmt, *lang.ForeachStmt:
				hasFinally = true // a foreach disposes its enumerator in a finally block
			}
			return true
		})
	}
	if body != nil {
		walk(body, 0)
	}
	return labels, hasFinally
}

// compileBody compiles a function body, once: the binder's closure
// analysis (bind.Info.Captured) has said which of its variables nested
// functions capture, so they are boxed from their declaration on.
func (c *Compiler) compileBody(mi *methodInfo, emit func(fs *funcState)) {
	fs := c.newFuncState(nil, mi.cls, mi.fn, mi.static)
	fs.async = mi.async
	fs.ret = mi.ret
	emit(fs)
	fs.finish()
}

func (fs *funcState) prepareBody(body lang.Node) {
	labels, hasFinally := bodyInfo(body)
	fs.labelDepth = labels
	if hasFinally {
		fs.retReg = fs.alloc()
	}
}

func (c *Compiler) compileMethod(mi *methodInfo) {
	m := mi.decl
	c.pushTypeParams(m.TypeParams)
	defer c.popTypeParams()
	if mi.async && mi.ret != nil && len(mi.ret.Args) == 1 {
		mi.fn.TaskType = c.taskType(mi.ret.Args[0], mi.cls, m.TypeParams)
	}
	c.compileBody(mi, func(fs *funcState) {
		fs.at(m.Pos)
		fs.declareParams(m.Params)
		fs.declareClassTypeParams(m.Pos, mi.cls, mi.classHidden)
		fs.declareTypeParams(m.Pos, m.Params, m.TypeParams, mi.hidden)
		fs.typeParamDefaults(m.Params)
		fs.structThisIn(mi)
		if mi.static && mi.cls.initSlot >= 0 {
			// Reading a static runs the static initialiser first; the
			// register is above the parameters, which hold the arguments.
			r := fs.alloc()
			if mi.cls.generic() {
				fs.getStatic(mi.cls, mi.cls.initSlot, via{}, r)
			} else {
				fs.emitABx(vm.OpGetStatic, r, c.static(mi.cls.t, mi.cls.initSlot))
			}
			fs.setTop(r)
		}
		if m.Body != nil {
			fs.prepareBody(m.Body)
		} else {
			fs.labelDepth = map[string]int{}
		}
		switch {
		case m.ExprBody != nil:
			voidish := isVoid(m.ReturnType) || (mi.async && len(m.ReturnType.Args) == 0)
			if voidish {
				fs.alloc()
				fs.stmt(&lang.ExprStmt{Pos: m.ExprBody.Position(), X: m.ExprBody})
				fs.emitABC(vm.OpRetVoid, 0, 0, 0)
				return
			}
			fs.predeclareExprVars(m.ExprBody)
			fs.returnExpr(m.ExprBody)
		case m.Body != nil:
			fs.block(m.Body)
			fs.at(m.Body.Rbrace)
			fs.emitABC(vm.OpRetVoid, 0, 0, 0)
		}
	})
}

func (c *Compiler) compileCtor(mi *methodInfo) {
	ci := mi.cls
	d := mi.ctor
	c.compileBody(mi, func(fs *funcState) {
		if d != nil {
			fs.at(d.Pos)
		} else {
			fs.at(ci.decl.Pos)
		}
		fs.declareParams(mi.params)
		fs.structThisIn(mi)
		if ci.initSlot >= 0 {
			// Reading a static runs the static initialiser first; the
			// register is above the parameters, which hold the arguments.
			r := fs.alloc()
			if ci.generic() {
				fs.getStatic(ci, ci.initSlot, via{}, r)
			} else {
				fs.emitABx(vm.OpGetStatic, r, c.static(ci.t, ci.initSlot))
			}
			fs.setTop(r)
		}
		var body *lang.BlockStmt
		if d != nil {
			body = d.Body
			if d.ExprBody != nil {
				body = &lang.BlockStmt{Pos: d.Pos, Stmts: []lang.Stmt{&lang.ExprStmt{Pos: d.ExprBody.Position(), X: d.ExprBody}}}
			}
		}
		if body != nil {
			fs.prepareBody(body)
		} else {
			fs.labelDepth = map[string]int{}
		}
		if d != nil && d.Init != nil && d.Init.Kind == "this" {
			m := c.pickMethod(ci.ctors, d.Init.Args, d.Init)
			if m != nil && len(d.Init.Args) == 0 && len(m.params) != 0 {
				m = nil
			}
			if m == nil && ci.t.IsStruct() && len(d.Init.Args) == 0 {
				// `: this()` without a parameterless constructor: the
				// zero value `this` starts from.
			} else if m == nil || m == mi {
				fs.errorf(d.Init.Pos, "'%s' does not contain a constructor that takes %d arguments", ci.decl.Name, len(d.Init.Args))
			} else {
				fs.predeclareArgVars(d.Init.Args)
				w := fs.alloc()
				fs.emitABC(vm.OpMove, w, 0, 0)
				n, _ := fs.args(d.Init.Args, w+1, m.params, m.fn.Defaults, m.fn)
				fs.emitABC(vm.OpCall, w, c.addFunc(m.fn), n+1)
				if ci.t.IsStruct() {
					fs.storeThis(w) // a struct constructor returns the value it made
				}
				fs.setTop(w)
			}
		} else {
			if !bind.IsCopyConstructor(ci.decl, d) { // a record's copy constructor runs no initializers
				fs.fieldInits(ci)
			}
			if d == nil && ci.decl.HasPrimary && !ci.decl.Record {
				for _, p := range ci.decl.PrimaryParams {
					l := fs.lookup(p.Name)
					fi := ci.fields[p.Name]
					if l != nil && fi != nil {
						r := fs.alloc()
						fs.readVar(l, r)
						fs.setThisField(fi, r)
						fs.setTop(r)
					}
				}
			}
			fs.baseCtor(ci, d)
		}
		if body != nil {
			fs.block(body)
			fs.at(body.Rbrace)
		}
		fs.emitABC(vm.OpRet, 0, 0, 0)
	})
}

// fieldInits runs the instance field initialisers declared in ci.
func (fs *funcState) fieldInits(ci *classInfo) {
	for _, m := range ci.decl.Members {
		var inits []struct {
			name string
			init lang.Expr
			tr   *lang.TypeRef
		}
		switch m := m.(type) {
		case *lang.FieldDecl:
			if m.Modifiers.Has(lang.ModStatic) || m.Modifiers.Has(lang.ModConst) {
				continue
			}
			for _, d := range m.Decls {
				if d.Init != nil {
					inits = append(inits, struct {
						name string
						init lang.Expr
						tr   *lang.TypeRef
					}{d.Name, d.Init, m.Type})
				}
			}
		case *lang.PropertyDecl:
			if m.Init != nil && !m.Modifiers.Has(lang.ModStatic) {
				name := m.Name
				if pi := ci.props[m.Name]; pi != nil && pi.field == nil {
					name = "<" + m.Name + ">k__BackingField"
				}
				inits = append(inits, struct {
					name string
					init lang.Expr
					tr   *lang.TypeRef
				}{name, m.Init, m.Type})
			}
		}
		for _, in := range inits {
			fi := ci.fields[in.name]
			if fi == nil {
				continue
			}
			fs.pushScope() // an initializer's out and pattern variables are its own
			fs.predeclareExprVars(in.init)
			r := fs.alloc()
			fs.expect = in.tr
			t := fs.exprTo(in.init, r)
			fs.expect = nil
			fs.convertOnStore(r, t, fi.typ)
			fs.setThisField(fi, r)
			fs.popScope()
		}
	}
}

// baseCtor calls the base class constructor.
func (fs *funcState) baseCtor(ci *classInfo, d *lang.CtorDecl) {
	var args []*lang.Arg
	explicit := d != nil && d.Init != nil && d.Init.Kind == "base"
	if explicit {
		args = d.Init.Args
	}
	if d == nil && ci.decl.HasBaseArgs {
		explicit = true
		args = ci.decl.BaseArgs
	}
	if ci.base != nil {
		var init lang.Node
		if d != nil && d.Init != nil {
			init = d.Init
		} else if d == nil && ci.decl.HasBaseArgs {
			init = ci.decl // the binder's choice for the primary constructor's base arguments
		}
		m := fs.c.pickMethod(ci.base.ctors, args, init)
		if m == nil {
			pos := ci.decl.Pos
			if d != nil {
				pos = d.Pos
			}
			fs.errorf(pos, "'%s' does not contain a constructor that takes %d arguments", ci.base.decl.Name, len(args))
			return
		}
		fs.predeclareArgVars(args)
		w := fs.alloc()
		fs.emitABC(vm.OpMove, w, 0, 0)
		n, _ := fs.args(args, w+1, m.params, m.fn.Defaults, m.fn)
		fs.emitABC(vm.OpCall, w, fs.c.addFunc(m.fn), n+1)
		fs.setTop(w)
		return
	}
	if ci.nativeBase != nil {
		// A library collection base: its object, made as `new Base(args)`
		// would make it, goes into the hidden first field
		// (vm.Type.NativeBase), where the base's natives find it.
		pos := ci.decl.Pos
		if d != nil {
			pos = d.Pos
		}
		w := fs.alloc()
		if fs.exprTo(&lang.NewExpr{Pos: pos, Type: ci.nativeBase, Args: args}, w) != nil {
			fs.emitABC(vm.OpSetField, 0, fs.fieldRef(ci.t, 0), w)
		}
		fs.setTop(w)
		return
	}
	if explicit && len(args) > 0 {
		if super := ci.t.Super; super != nil {
			if f := super.LookupMethod(".ctor", len(args)); f != nil {
				w := fs.alloc()
				fs.emitABC(vm.OpMove, w, 0, 0)
				n, _ := fs.args(args, w+1, nil, nil, nil)
				fs.emitABC(vm.OpCall, w, fs.c.addFunc(f), n+1)
				fs.setTop(w)
			}
		}
	}
}

func (c *Compiler) compileStaticInit(ci *classInfo, fn *vm.Func) {
	mi := &methodInfo{name: ".cctor", fn: fn, cls: ci, static: true}
	if ci.generic() {
		mi.classHidden = len(ci.typeParams)
	}
	c.compileBody(mi, func(fs *funcState) {
		fs.at(ci.decl.Pos)
		fs.declareClassTypeParams(ci.decl.Pos, ci, mi.classHidden)
		fs.labelDepth = map[string]int{}
		for _, m := range ci.decl.Members {
			switch m := m.(type) {
			case *lang.FieldDecl:
				if !m.Modifiers.Has(lang.ModStatic) && !m.Modifiers.Has(lang.ModConst) {
					continue
				}
				for _, d := range m.Decls {
					if d.Init == nil {
						continue
					}
					fi := ci.statics[d.Name]
					if fi == nil {
						continue
					}
					fs.pushScope()
					fs.predeclareExprVars(d.Init)
					r := fs.alloc()
					fs.expect = m.Type
					t := fs.exprTo(d.Init, r)
					fs.expect = nil
					fs.convertOnStore(r, t, fi.typ)
					fs.setStatic(ci, fi.index, via{}, r)
					fs.popScope()
				}
			case *lang.PropertyDecl:
				if m.Init == nil || !m.Modifiers.Has(lang.ModStatic) {
					continue
				}
				name := m.Name
				if pi := ci.props[m.Name]; pi != nil && pi.field == nil {
					name = "<" + m.Name + ">k__BackingField"
				}
				fi := ci.statics[name]
				if fi == nil {
					continue
				}
				fs.pushScope()
				fs.predeclareExprVars(m.Init)
				r := fs.alloc()
				fs.expect = m.Type
				t := fs.exprTo(m.Init, r)
				fs.expect = nil
				fs.convertOnStore(r, t, fi.typ)
				fs.setStatic(ci, fi.index, via{}, r)
				fs.popScope()
			}
		}
		if d := ci.cctor; d != nil {
			body := d.Body
			if body == nil && d.ExprBody != nil { // static C() => expr;
				body = &lang.BlockStmt{Pos: d.Pos, Stmts: []lang.Stmt{&lang.ExprStmt{Pos: d.ExprBody.Position(), X: d.ExprBody}}}
			}
			if body != nil {
				fs.prepareBody(body)
				fs.block(body)
			}
		}
		fs.emitABC(vm.OpRetVoid, 0, 0, 0)
	})
}

// taskType is the run-time type Task<T> of an async method whose declared
// result type T is tr (an rt task made on suspension carries it), or nil
// when T names a type parameter or is object: that task stays an erased
// Task`1 (docs/deviations.md).
func (c *Compiler) taskType(tr *lang.TypeRef, ci *classInfo, typeParams []string) *vm.Type {
	open := false
	var walk func(tr *lang.TypeRef)
	walk = func(tr *lang.TypeRef) {
		if tr == nil {
			return
		}
		if typeParamIndex(typeParams, tr.Name) >= 0 {
			open = true
		}
		for o := ci; o != nil; o = o.outer {
			if typeParamIndex(o.typeParams, tr.Name) >= 0 {
				open = true
			}
		}
		walk(tr.Elem)
		walk(tr.Outer)
		for _, a := range tr.Args {
			walk(a)
		}
	}
	walk(tr)
	if open {
		return nil
	}
	t, _ := c.resolveTypeRef(tr, ci, false)
	if t == nil || t == vm.TObject || t == vm.TDelegate || !isClosed(t) {
		// object: sm's builder cannot tell Task<object> from a Task<T>
		// whose T it does not know, and both models must agree.
		return nil
	}
	return vm.TaskOf(t)
}

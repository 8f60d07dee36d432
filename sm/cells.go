package sm

import (
	"asyncvm/compiler/bind"
	"asyncvm/lang"
)

// Loop variables captured by a lambda and kept across an await.
//
// A variable declared in a loop body is a new variable in every iteration
// (C# §12.8.8.4): a lambda made in one iteration keeps that iteration's
// variable. The state machine keeps a variable that lives across an await
// in one field, which every iteration would share, so the C# compiler puts
// such a variable in a display class made once per iteration and hoists the
// reference to it. loopCells does the same with a one-element array, the
// variable's cell:
//
//	for (...) { T x = init; ... F(() => x); ... await ...; use(x); }
//
// becomes
//
//	for (...) { T[] <x>cell = new T[] { init }; ...
//	            T[] <x>c = <x>cell; F(() => <x>c[0]); ...
//	            await ...; use(<x>cell[0]); }
//
// The method's own uses read the cell through <x>cell, a local like any
// other that the state machine hoists; a lambda reads it through a copy
// declared just before the statement that makes the lambda, so each lambda
// captures the cell of its iteration and the copy is never live across an
// await. An `out var x` gets its cell before the statement that declares
// it, and the call writes into `<x>cell[0]`. Variables this does not cover
// (a pattern or catch variable, one captured by a local function, a ref
// local, one of a type the state machine cannot name) stay as they are, and
// machine reports them.
func (fl *fnLowering) loopCells(params []*lang.Param, body *lang.BlockStmt) {
	res := resolve(params, body)
	live := liveAcross(res, body)
	info := fl.l.info
	type cell struct {
		name     string
		elem     *lang.TypeRef
		elemT    *bind.Type
		arrT     *bind.Type
		declared bool
	}
	cells := map[*variable]*cell{}
	declOf := map[*variable]*lang.Declarator{}
	for d, v := range res.decls {
		declOf[v] = d
	}
	outOf := map[*variable]*lang.DeclExpr{}
	for d, v := range res.outs {
		outOf[v] = d
	}
	inLocalFunc := map[*variable]bool{}
	refLocal := map[*lang.Declarator]bool{}
	lang.Inspect(body, func(n lang.Node) bool {
		if d, ok := n.(*lang.LocalDeclStmt); ok && (d.RefKind != "" || d.IsConst) {
			for _, dc := range d.Decls {
				refLocal[dc] = true
			}
		}
		if lf, ok := n.(*lang.LocalFuncStmt); ok {
			lang.Inspect(lf, func(m lang.Node) bool {
				if id, ok := m.(*lang.Ident); ok && res.uses[id] != nil {
					inLocalFunc[res.uses[id]] = true
				}
				return true
			})
			return false
		}
		return true
	})
	for _, v := range res.vars {
		d, out := declOf[v], outOf[v]
		if !live.has(v.id) || !v.inLoop || !v.inLambda || v.depth != 0 || v.param || v.special || d == nil && out == nil || inLocalFunc[v] || refLocal[d] {
			continue
		}
		pos := v.declPos(d, out)
		var et *bind.Type
		if d != nil {
			et = info.Locals[d]
		}
		if et == nil {
			for id, u := range res.uses {
				if u == v && info.TypeOf(id) != nil {
					et = info.TypeOf(id)
					break
				}
			}
		}
		if et == nil || et.IsUnchecked() || info.Universe == nil {
			continue
		}
		elem := v.typ // as written, when it is
		if elem == nil || elem.Name == "var" {
			elem = fl.typeRefOf(et, pos)
		}
		if elem == nil {
			continue
		}
		cells[v] = &cell{name: fl.fresh("<" + v.name + ">cell"), elem: elem, elemT: et, arrT: info.Universe.ArrayOf(et)}
	}
	if len(cells) == 0 {
		return
	}
	arrayRef := func(c *cell, pos lang.Pos) *lang.TypeRef {
		return &lang.TypeRef{Pos: pos, ArrayRank: 1, Elem: cloneType(c.elem)}
	}
	elemOf := func(c *cell, name string, pos lang.Pos) lang.Expr {
		x := &lang.IndexExpr{Pos: pos, X: fl.typed(ident(pos, name), c.arrT), Args: []*lang.Arg{{X: fl.intLit(pos, 0)}}}
		return fl.typed(x, c.elemT)
	}
	decl := func(c *cell, name string, pos lang.Pos, init lang.Expr) lang.Stmt {
		s := declStmt(pos, arrayRef(c, pos), name, fl.typed(init, c.arrT))
		info.Locals[s.Decls[0]] = c.arrT
		return s
	}
	body.Stmts = mapList(body.Stmts, func(s lang.Stmt) []lang.Stmt {
		var out []lang.Stmt
		// The lambdas the statement itself makes (those of nested
		// statements were handled with them): each gets the copies of the
		// cells it uses.
		copies := map[*variable]string{}
		lang.Inspect(s, func(n lang.Node) bool {
			switch n := n.(type) {
			case *lang.LambdaExpr:
				rewrite(n, func(x lang.Expr) lang.Expr {
					id, ok := x.(*lang.Ident)
					if !ok {
						return x
					}
					v := res.uses[id]
					c := cells[v]
					if c == nil {
						return x
					}
					name, ok := copies[v]
					if !ok {
						name = fl.fresh("<" + v.name + ">c")
						copies[v] = name
						out = append(out, decl(c, name, id.Pos, fl.typed(ident(id.Pos, c.name), c.arrT)))
					}
					return elemOf(c, name, id.Pos)
				})
				return false
			case *lang.LocalFuncStmt:
				return false
			case lang.Stmt:
				return n == s
			}
			return true
		})
		// An await's target stays a simple name (the expander's canonical
		// `x = await e;` and `T x = await e;`): the result goes through a
		// temporary into the cell.
		viaTemp := func(c *cell, pos lang.Pos, aw lang.Expr) lang.Expr {
			tmp := fl.fresh("<>a")
			t := declStmt(pos, cloneType(c.elem), tmp, aw)
			info.Locals[t.Decls[0]] = c.elemT
			out = append(out, t)
			return fl.typed(ident(pos, tmp), c.elemT)
		}
		if es, ok := s.(*lang.ExprStmt); ok {
			if a, ok := es.X.(*lang.AssignExpr); ok && a.Op == "=" {
				if id, ok := a.Left.(*lang.Ident); ok && cells[res.uses[id]] != nil {
					if aw, ok := a.Right.(*lang.AwaitExpr); ok {
						a.Right = viaTemp(cells[res.uses[id]], a.Pos, aw)
					}
				}
			}
		}
		// An out variable's cell is made before the statement that
		// declares it, and the call writes into the cell.
		lang.Inspect(s, func(n lang.Node) bool {
			switch n := n.(type) {
			case *lang.LambdaExpr, *lang.LocalFuncStmt:
				return false
			case lang.Stmt:
				return n == s
			case *lang.DeclExpr:
				if c := cells[res.outs[n]]; c != nil && !c.declared {
					arr := &lang.NewArrayExpr{Pos: n.Pos, Elem: cloneType(c.elem), Rank: 1, Sizes: []lang.Expr{fl.intLit(n.Pos, 1)}}
					out = append(out, decl(c, c.name, n.Pos, arr))
					c.declared = true
				}
			}
			return true
		})
		if d, ok := s.(*lang.LocalDeclStmt); ok {
			// A cell's declaration: the declarators before and after it
			// stay declarations of their own, in order.
			var rest []*lang.Declarator
			flush := func() {
				if len(rest) > 0 {
					out = append(out, &lang.LocalDeclStmt{Pos: d.Pos, Type: d.Type, RefKind: d.RefKind, IsConst: d.IsConst, Decls: rest})
					rest = nil
				}
			}
			split := false
			for _, dc := range d.Decls {
				c := cells[res.decls[dc]]
				if c == nil {
					rest = append(rest, dc)
					continue
				}
				split = true
				flush()
				arr := &lang.NewArrayExpr{Pos: dc.Pos, Elem: cloneType(c.elem), Rank: 1}
				if aw, ok := dc.Init.(*lang.AwaitExpr); ok {
					arr.Init, arr.HasInit = []lang.Expr{viaTemp(c, dc.Pos, aw)}, true
				} else if dc.Init != nil {
					arr.Init, arr.HasInit = []lang.Expr{arrayInitExpr(dc.Init, c.elem)}, true
				} else {
					arr.Sizes = []lang.Expr{fl.intLit(dc.Pos, 1)}
				}
				out = append(out, decl(c, c.name, dc.Pos, arr))
				c.declared = true
			}
			if split {
				flush()
				return out
			}
		}
		return append(out, s)
	})
	// The method's own uses read and write the cell.
	rewrite(body, func(x lang.Expr) lang.Expr {
		if de, ok := x.(*lang.DeclExpr); ok {
			if c := cells[res.outs[de]]; c != nil && c.declared {
				return elemOf(c, c.name, de.Pos)
			}
		}
		if id, ok := x.(*lang.Ident); ok {
			if v := res.uses[id]; v != nil {
				if c := cells[v]; c != nil && c.declared {
					return elemOf(c, c.name, id.Pos)
				}
			}
		}
		return x
	})
}

// declPos is where v is declared: its declarator or its out variable.
func (v *variable) declPos(d *lang.Declarator, out *lang.DeclExpr) lang.Pos {
	if d != nil {
		return d.Pos
	}
	return out.Pos
}

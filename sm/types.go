package sm

import (
	"asyncvm/compiler/bind"
	"asyncvm/lang"
)

// The lowering's types come from the binder: a hoisted local's field has
// the local's bound type, a spilled operand's temporary the operand's, and
// an awaiter field the awaiter type of the awaited expression's type, as
// the C# compiler declares them. What the binder does not know (an
// Unchecked or Opaque type, a method type parameter, which MoveNext does
// not have) is declared object: values carry their run-time type.

// typeRefOf spells a bound type as a written one, or returns nil when the
// state machine cannot name it (see above).
func (fl *fnLowering) typeRefOf(t *bind.Type, pos lang.Pos) *lang.TypeRef {
	if t == nil {
		return nil
	}
	switch t.Kind {
	case bind.Special:
		if t.Special == bind.Void {
			return nil
		}
		return typeRef(pos, t.String())
	case bind.Array:
		elem := fl.typeRefOf(t.Elem, pos)
		if elem == nil {
			return nil
		}
		return &lang.TypeRef{Pos: pos, ArrayRank: t.Rank, Elem: elem}
	case bind.Nullable:
		elem := fl.typeRefOf(t.Elem, pos)
		if elem == nil {
			return nil
		}
		elem.Nullable = true
		return elem
	case bind.TypeParam:
		if t.Method {
			return nil
		}
		return typeRef(pos, t.Name)
	case bind.Class, bind.Interface, bind.Enum, bind.Struct, bind.Delegate:
		if t.Outer != nil {
			return nil // nested types: the state machine may not see them by their simple name
		}
		if t.Lib && t.VM == nil {
			return nil // a library type without a run-time type: code generation cannot name it
		}
		name := t.Name
		if t.Namespace != "" {
			// Qualified: another type of the same simple name may be in
			// scope (System.Timers.Timer and System.Threading.Timer).
			name = t.Namespace + "." + name
		}
		r := typeRef(pos, name)
		for _, a := range t.Args {
			ra := fl.typeRefOf(a, pos)
			if ra == nil {
				return nil
			}
			r.Args = append(r.Args, ra)
		}
		if t.Def == nil && len(t.Params) > 0 {
			return nil // an open generic definition
		}
		return r
	}
	return nil
}

// boundType returns what the binder recorded of x, or nil.
func (fl *fnLowering) boundType(x lang.Expr) *bind.Type {
	if x == nil {
		return nil
	}
	return fl.l.info.Types[x]
}

// varType is the type of the field that keeps a hoisted variable: its
// declared type, else the type the binder gave its declarator or
// initializer, else object.
func (fl *fnLowering) varType(v *variable, d *lang.Declarator, pos lang.Pos) (*lang.TypeRef, *bind.Type) {
	var bt *bind.Type
	if d != nil {
		bt = fl.l.info.Locals[d]
	}
	if bt == nil {
		bt = fl.boundType(v.init)
	}
	if v.typ != nil && v.typ.Name != "var" {
		return fl.fieldType(v.typ, pos), bt
	}
	if tr := fl.typeRefOf(bt, pos); tr != nil {
		return tr, bt
	}
	return fl.inferType(v, pos), nil
}

// awaiterType is the awaiter type of an awaited expression's type
// (TaskAwaiter<int> for Task<int>), or nil when it is not known: such
// awaits share one object field.
func (fl *fnLowering) awaiterType(x lang.Expr, pos lang.Pos) *lang.TypeRef {
	t := fl.boundType(x)
	if t == nil || t.IsUnchecked() {
		return nil
	}
	g := t.Generic()
	if !g.Lib || g.Namespace != "System.Threading.Tasks" || g.Name != "Task" {
		return nil
	}
	r := typeRef(pos, "TaskAwaiter")
	if len(t.Args) == 1 {
		arg := fl.typeRefOf(t.Args[0], pos)
		if arg == nil {
			return nil
		}
		r.Args = []*lang.TypeRef{arg}
	}
	return r
}

// awaiterSlot is the field that keeps the awaiters of one type across a
// suspension (<>u__N, numbered in order of first use, as the C# compiler
// numbers them) and MoveNext's local of that type.
type awaiterSlot struct {
	typ   *lang.TypeRef // nil: object
	field string
	local string
}

// slotFor returns the awaiter slot for an awaited expression, making one
// for a new awaiter type.
func (fl *fnLowering) slotFor(x lang.Expr, pos lang.Pos) *awaiterSlot {
	t := fl.awaiterType(x, pos)
	key := "object"
	if t != nil {
		key = t.String()
	}
	for _, s := range fl.awaiters {
		if s.key() == key {
			return s
		}
	}
	s := &awaiterSlot{typ: t, field: "<>u__" + itoa(len(fl.awaiters)+1), local: fl.fresh("awaiter")}
	fl.awaiters = append(fl.awaiters, s)
	return s
}

func (s *awaiterSlot) key() string {
	if s.typ == nil {
		return "object"
	}
	return s.typ.String()
}

// declType is the slot's type as written in a declaration.
func (s *awaiterSlot) declType(pos lang.Pos) *lang.TypeRef {
	if s.typ == nil {
		return typeRef(pos, "object")
	}
	return cloneType(s.typ)
}

// zero is the slot's cleared value: default(T), or null for object.
func (s *awaiterSlot) zero(pos lang.Pos) lang.Expr {
	if s.typ == nil {
		return nullLit(pos)
	}
	return &lang.DefaultExpr{Pos: pos, Type: cloneType(s.typ)}
}

// spillTemp declares a temporary holding x (`var <>s__1 = x;`) and returns
// the declaration and a reference to the temporary, both with x's bound
// type.
func (fl *fnLowering) spillTemp(pos lang.Pos, prefix string, x lang.Expr) (lang.Stmt, *lang.Ident) {
	name := fl.temp(prefix)
	d := declStmt(pos, nil, name, x)
	ref := ident(pos, name)
	if t := fl.boundType(x); t != nil {
		fl.l.info.Locals[d.Decls[0]] = t
		fl.l.info.Types[ref] = t
	}
	return d, ref
}

// typed records t as the bound type of a synthesised expression.
func (fl *fnLowering) typed(x lang.Expr, t *bind.Type) lang.Expr {
	if t != nil {
		fl.l.info.Types[x] = t
	}
	return x
}

// The state machine's own integers (the state, its copy num, the state
// numbers) are int, and typed as such.

func (fl *fnLowering) intType() *bind.Type { return fl.l.info.Universe.SpecialType(bind.Int32) }

// intLit is the int constant n.
func (fl *fnLowering) intLit(pos lang.Pos, n int) lang.Expr {
	x := intLit(pos, n)
	fl.l.info.Consts[x] = int64(n)
	return fl.typed(x, fl.intType())
}

// intRef refers to an int local or field of the state machine.
func (fl *fnLowering) intRef(pos lang.Pos, name string) lang.Expr {
	return fl.typed(ident(pos, name), fl.intType())
}

// intAssign is `left = right` of ints.
func (fl *fnLowering) intAssign(pos lang.Pos, left, right lang.Expr) lang.Expr {
	return fl.typed(assign(pos, left, right), fl.intType())
}

// intDecl declares an int local.
func (fl *fnLowering) intDecl(pos lang.Pos, name string, init lang.Expr) lang.Stmt {
	d := declStmt(pos, typeRef(pos, "int"), name, init)
	fl.l.info.Locals[d.Decls[0]] = fl.intType()
	return d
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

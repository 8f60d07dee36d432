package compiler

import (
	"asyncvm/lang"
	"asyncvm/vm"
)

// constValue evaluates a compile-time constant (literals, negation, enum
// members, simple arithmetic, string concatenation).
func (c *Compiler) constValue(e lang.Expr, ci *classInfo) (vm.Value, bool) {
	fs := &funcState{c: c, cls: ci}
	switch e := e.(type) {
	case *lang.Literal:
		v, _ := fs.literal(e)
		return v, true
	case *lang.NameOfExpr:
		// nameof(x) is a constant string: a default parameter value may be
		// one (void Local(string s = nameof(Local))).
		switch x := e.X.(type) {
		case *lang.Ident:
			return vm.String(x.Name), true
		case *lang.MemberExpr:
			return vm.String(x.Name), true
		}
	case *lang.DefaultExpr:
		if e.Type == nil {
			return vm.Null, true
		}
		t, _ := c.resolveTypeRef(e.Type, ci, false)
		if t == nil {
			return vm.Null, true
		}
		return t.Zero(), true
	case *lang.UnaryExpr:
		v, ok := c.constValue(e.X, ci)
		if !ok {
			return vm.Null, false
		}
		switch e.Op {
		case "-":
			switch {
			case v.IsInt():
				return vm.Int(-v.AsInt()), true
			case v.PrimType() == vm.TLong:
				return vm.Long(-v.AsLong()), true
			case v.PrimType() == vm.TDouble:
				return vm.Double(-v.AsDouble()), true
			}
		case "+":
			return v, true
		case "!":
			if v.PrimType() == vm.TBool {
				return vm.Bool(!v.AsBool()), true
			}
		}
	case *lang.MemberExpr:
		if t, eci := (&funcState{c: c, cls: ci, scope: &scope{vars: map[string]*local{}}}).typeOfExpr(e.X); t != nil && t.IsEnum {
			if eci != nil {
				return c.enumMember(eci, e.Name)
			}
			for _, m := range t.EnumNames {
				if m.Name == e.Name {
					return vm.EnumValue(t, m.Value), true
				}
			}
		}
	case *lang.BinaryExpr:
		x, ok1 := c.constValue(e.X, ci)
		y, ok2 := c.constValue(e.Y, ci)
		if ok1 && ok2 {
			if e.Op == "+" && x.AsStr() != nil && y.AsStr() != nil {
				return vm.String(x.AsStr().S + y.AsStr().S), true
			}
			if x.IsInt() && y.IsInt() {
				a, b := x.AsInt(), y.AsInt()
				switch e.Op {
				case "+":
					return vm.Int(a + b), true
				case "-":
					return vm.Int(a - b), true
				case "*":
					return vm.Int(a * b), true
				case "<<":
					return vm.Int(a << uint(b&31)), true
				case "|":
					return vm.Int(a | b), true
				case "&":
					return vm.Int(a & b), true
				}
			}
		}
	}
	return vm.Null, false
}

// constInt evaluates an enum member's value expression.
func (c *Compiler) constInt(e lang.Expr, ci *classInfo, earlier []vm.EnumMember) (int64, bool) {
	switch x := e.(type) {
	case *lang.Ident:
		for _, m := range earlier {
			if m.Name == x.Name {
				return m.Value, true
			}
		}
	case *lang.BinaryExpr:
		a, ok1 := c.constInt(x.X, ci, earlier)
		b, ok2 := c.constInt(x.Y, ci, earlier)
		if ok1 && ok2 {
			switch x.Op {
			case "|":
				return a | b, true
			case "&":
				return a & b, true
			case "<<":
				return a << uint(b), true
			case "+":
				return a + b, true
			case "-":
				return a - b, true
			case "*":
				return a * b, true
			}
		}
		return 0, false
	case *lang.UnaryExpr:
		a, ok := c.constInt(x.X, ci, earlier)
		if ok && x.Op == "-" {
			return -a, true
		}
		if ok && x.Op == "~" {
			return ^a, true
		}
		return a, ok
	}
	v, ok := c.constValue(e, ci)
	if !ok {
		return 0, false
	}
	if v.IsInt() {
		return int64(v.AsInt()), true
	}
	if v.PrimType() != nil {
		return v.AsLong(), true
	}
	return 0, false
}

// enumMember returns an enum member's value, declaring the enum's members
// first if needed.
func (c *Compiler) enumMember(ci *classInfo, name string) (vm.Value, bool) {
	if len(ci.t.EnumNames) == 0 && len(ci.decl.EnumMembers) > 0 {
		c.declareEnum(ci)
	}
	for _, m := range ci.t.EnumNames {
		if m.Name == name {
			return vm.EnumValue(ci.t, m.Value), true
		}
	}
	return vm.Null, false
}

// convertConst converts a default value to a parameter's declared type.
func convertConst(v vm.Value, t *vm.Type) vm.Value {
	switch t {
	case vm.TDouble:
		if v.IsInt() {
			return vm.Double(float64(v.AsInt()))
		}
	case vm.TLong:
		if v.IsInt() {
			return vm.Long(int64(v.AsInt()))
		}
	case vm.TFloat:
		if v.IsInt() {
			return vm.Float(float32(v.AsInt()))
		}
		if v.PrimType() == vm.TDouble {
			return vm.Float(float32(v.AsDouble()))
		}
	}
	return v
}

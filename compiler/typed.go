package compiler

import (
	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// Code generation from the binder's types. Where a node has no type (the
// sm lowering synthesised it, or the binder left it Unchecked), code
// generation does what it did before types were known.

// narrowConv returns the conversion that wraps a value to the small
// integral type t (C#'s unchecked arithmetic on byte, sbyte, short,
// ushort and uint: `byte b = 255; b++;` gives 0). int and long wrap in the
// VM's own arithmetic; char is narrowed where it is stored.
func narrowConv(t *bind.Type) (vm.Conv, bool) {
	if t == nil || t.Kind != bind.Special {
		return 0, false
	}
	switch t.Special {
	case bind.Byte:
		return vm.ConvByte, true
	case bind.SByte:
		return vm.ConvSByte, true
	case bind.Int16:
		return vm.ConvShort, true
	case bind.UInt16:
		return vm.ConvUShort, true
	case bind.UInt32:
		return vm.ConvUInt, true
	}
	return 0, false
}

// narrow wraps register r to the bound type of e when that is a small
// integral type.
func (fs *funcState) narrow(r int, e lang.Expr) {
	if c, ok := narrowConv(fs.c.info.TypeOf(e)); ok {
		fs.emitABC(vm.OpConv, r, r, int(c))
	}
}

// repr is the VM representation a typed instruction works on.
type repr uint8

const (
	reprNone repr = iota
	reprI32       // int, and the small integral types held as int
	reprI64       // long
	reprF64       // double
)

// reprOf returns the representation of values of the bound type t, or
// reprNone when no typed instruction handles it (char, uint, float,
// decimal, enums, references, unknown).
func reprOf(t *bind.Type) repr {
	if t == nil || t.Kind != bind.Special {
		return reprNone
	}
	switch t.Special {
	case bind.Int32, bind.Int16, bind.UInt16, bind.Byte, bind.SByte:
		return reprI32
	case bind.Int64:
		return reprI64
	case bind.Double:
		return reprF64
	}
	return reprNone
}

func (r repr) vmType() *vm.Type {
	return [...]*vm.Type{nil, vm.TInt, vm.TLong, vm.TDouble}[r]
}

// typedArith gives, per generic arithmetic opcode, its typed forms indexed
// by repr.
var typedArith = map[vm.Op][4]vm.Op{
	vm.OpAdd: {vm.OpAdd, vm.OpAddI32, vm.OpAddI64, vm.OpAddF64},
	vm.OpSub: {vm.OpSub, vm.OpSubI32, vm.OpSubI64, vm.OpSubF64},
	vm.OpMul: {vm.OpMul, vm.OpMulI32, vm.OpMulI64, vm.OpMulF64},
	vm.OpDiv: {vm.OpDiv, vm.OpDivI32, vm.OpDivI64, vm.OpDivF64},
	vm.OpRem: {vm.OpRem, vm.OpRemI32, vm.OpRemI64, vm.OpRemF64},
}

// typedJump gives, per generic compare-and-branch, its typed forms.
var typedJump = map[vm.Op][4]vm.Op{
	vm.OpJLt:  {vm.OpJLt, vm.OpJLtI32, vm.OpJLtI64, vm.OpJLtF64},
	vm.OpJNLt: {vm.OpJNLt, vm.OpJNLtI32, vm.OpJNLtI64, vm.OpJNLtF64},
	vm.OpJLe:  {vm.OpJLe, vm.OpJLeI32, vm.OpJLeI64, vm.OpJLeF64},
	vm.OpJNLe: {vm.OpJNLe, vm.OpJNLeI32, vm.OpJNLeI64, vm.OpJNLeF64},
	vm.OpJEq:  {vm.OpJEq, vm.OpJEqI32, vm.OpJEqI64, vm.OpJEqF64},
	vm.OpJNe:  {vm.OpJNe, vm.OpJNeI32, vm.OpJNeI64, vm.OpJNeF64},
}

// operandRepr returns the representation a binary operator on x and y
// computes in: the wider of the two operands' (int converts to long and
// double, long to double, as C#'s numeric promotion), or reprNone when
// either is not handled by typed instructions. A result type, when given,
// must be that representation too (it is not for `byte += 1`, which
// narrows, or for string concatenation).
func (fs *funcState) operandRepr(result *bind.Type, x, y lang.Expr) repr {
	rx, ry := reprOf(fs.c.info.TypeOf(x)), reprOf(fs.c.info.TypeOf(y))
	if rx == reprNone || ry == reprNone {
		return reprNone
	}
	r := max(rx, ry)
	if result != nil && reprOf(result) != r {
		return reprNone
	}
	return r
}

// typedOperand compiles x into a register holding it in representation r
// (the bound type of x is r or narrower): a constant is loaded already
// converted, any other narrower value converted explicitly with CONV.
func (fs *funcState) typedOperand(x lang.Expr, r repr) int {
	xr := reprOf(fs.c.info.TypeOf(x))
	if xr == r {
		reg, _ := fs.exprReg(x)
		return reg
	}
	if v, ok := fs.c.info.Consts[x]; ok {
		if k, ok := reprConst(v, r); ok {
			reg := fs.alloc()
			fs.loadConst(reg, k)
			return reg
		}
	}
	src, _ := fs.exprReg(x)
	reg := fs.alloc()
	conv := vm.ConvLong
	if r == reprF64 {
		conv = vm.ConvDouble
	}
	fs.emitABC(vm.OpConv, reg, src, int(conv))
	return reg
}

// reprConst converts a bound constant (int64 or float64) to the value
// of representation r.
func reprConst(v any, r repr) (vm.Value, bool) {
	switch n := v.(type) {
	case int64:
		switch r {
		case reprI64:
			return vm.Long(n), true
		case reprF64:
			return vm.Double(float64(n)), true
		}
	case float64:
		if r == reprF64 {
			return vm.Double(n), true
		}
	}
	return vm.Null, false
}

// boundClass returns the source class of the bound type of e (of its
// generic definition for a constructed type), or nil.
func (fs *funcState) boundClass(e lang.Expr) *classInfo {
	t := fs.c.info.TypeOf(e)
	if t == nil {
		return nil
	}
	if t.Def != nil {
		t = t.Def
	}
	if t.Kind != bind.Class || t.Decl == nil {
		return nil
	}
	return fs.c.classByDecl[t.Decl]
}

// convertedConst returns the constant value of e converted to the long or
// double type to, when e is a constant of a narrower representation.
func (fs *funcState) convertedConst(e lang.Expr, to *bind.Type) (vm.Value, bool) {
	r := reprOf(to)
	if r != reprI64 && r != reprF64 || reprOf(fs.c.info.TypeOf(e)) == reprNone || reprOf(fs.c.info.TypeOf(e)) >= r {
		return vm.Null, false
	}
	v, ok := fs.c.info.Consts[e]
	if !ok {
		return vm.Null, false
	}
	return reprConst(v, r)
}

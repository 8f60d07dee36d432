package compiler

import (
	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// Code generation from the binder's types. Where a node has no type (the
// sm lowering synthesised it, or the binder left it Unchecked), code
// generation does what it did before types were known.

// narrowConv returns the conversion that brings the int result of
// arithmetic on a small integral type back to that type where C# does
// (`b++`, `b += 1`: `byte b = 255; b++;` gives 0, or OverflowException in
// a checked context). int, uint, long and ulong arithmetic keeps its type
// in the VM; char is narrowed where it is stored.
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
// integral type, and gives an enum-typed result (E.A + 1, e++, e -= 1,
// computed on the underlying integer) its enum type back, so it prints
// by its member's name.
func (fs *funcState) narrow(r int, e lang.Expr) {
	bt := fs.c.info.TypeOf(e)
	if bt != nil && bt.Kind == bind.Enum {
		if t := fs.c.bindVMType(bt); t != nil && t.IsEnum {
			fs.emitABC(vm.OpCast, r, r, fs.c.addType(t))
		}
		return
	}
	if c, ok := narrowConv(bt); ok {
		fs.emitABC(fs.checkedOp(vm.OpConv, e), r, r, int(c))
	}
}

// repr is the VM representation a typed instruction works on.
type repr uint8

const (
	reprNone repr = iota
	reprI32       // int
	reprI64       // long
	reprF64       // double
)

// reprOf returns the representation of values of the bound type t, or
// reprNone when no typed instruction handles it (the small integral types,
// char, uint, ulong, float, decimal, enums, references, unknown).
func reprOf(t *bind.Type) repr {
	if t == nil || t.Kind != bind.Special {
		return reprNone
	}
	switch t.Special {
	case bind.Int32:
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
// narrows, or for string concatenation). at is the arithmetic node, nil
// for a comparison.
//
// In a checked context integral arithmetic must throw on overflow, which
// the typed int and long instructions (they wrap) do not: checkedOp's
// forms are used there, and only double arithmetic is typed.
func (fs *funcState) operandRepr(at lang.Expr, result *bind.Type, x, y lang.Expr) repr {
	rx, ry := reprOf(fs.c.info.TypeOf(x)), reprOf(fs.c.info.TypeOf(y))
	if rx == reprNone || ry == reprNone {
		return reprNone
	}
	r := max(rx, ry)
	if result != nil && reprOf(result) != r {
		return reprNone
	}
	if at != nil && r != reprF64 && fs.c.info.IsChecked(at) {
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

// typedLeft is typedOperand for the left operand x of an operator whose
// right operand is later (see leftReg).
func (fs *funcState) typedLeft(x lang.Expr, r repr, later lang.Node) int {
	if reprOf(fs.c.info.TypeOf(x)) == r && fs.rewrittenBy(x, later) {
		reg, _ := fs.leftReg(x, later)
		return reg
	}
	return fs.typedOperand(x, r)
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
	if t.Kind != bind.Class && (t.Kind != bind.Struct || t.Lib) || t.Decl == nil {
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

// checkedOp returns the instruction for arithmetic instruction op at node
// e: its overflow-checking form when the binder found e in a checked
// context (`checked(x + 1)`, a `checked { }` block).
func (fs *funcState) checkedOp(op vm.Op, e lang.Expr) vm.Op {
	if !fs.c.info.IsChecked(e) {
		return op
	}
	switch op {
	case vm.OpAdd:
		return vm.OpAddOvf
	case vm.OpSub:
		return vm.OpSubOvf
	case vm.OpMul:
		return vm.OpMulOvf
	case vm.OpNeg:
		return vm.OpNegOvf
	case vm.OpConv:
		return vm.OpConvOvf
	}
	return op
}

// vmIntegral is the run-time type of each integral predefined type, and
// convTo the conversion that produces it.
var (
	vmIntegral = map[bind.SpecialType]*vm.Type{
		bind.SByte: vm.TSByte, bind.Byte: vm.TByte, bind.Int16: vm.TShort, bind.UInt16: vm.TUShort,
		bind.Int32: vm.TInt, bind.UInt32: vm.TUInt, bind.Int64: vm.TLong, bind.UInt64: vm.TULong, bind.Char: vm.TChar,
	}
	convTo = map[*vm.Type]vm.Conv{
		vm.TSByte: vm.ConvSByte, vm.TByte: vm.ConvByte, vm.TShort: vm.ConvShort, vm.TUShort: vm.ConvUShort,
		vm.TInt: vm.ConvInt, vm.TUInt: vm.ConvUInt, vm.TLong: vm.ConvLong, vm.TULong: vm.ConvULong,
		vm.TChar: vm.ConvChar, vm.TDouble: vm.ConvDouble, vm.TFloat: vm.ConvFloat,
	}
)

// unsignedOperands returns the operator type of binary arithmetic e when
// it is uint or ulong and an operand is of another type (`u + 1`, `ul *
// b`): the VM promotes by run-time types, under which uint + int would be
// long, so the operands are converted to the binder's operator type first.
func (fs *funcState) unsignedOperands(e *lang.BinaryExpr) *vm.Type {
	switch e.Op {
	case "+", "-", "*", "/", "%", "&", "|", "^":
	default:
		return nil
	}
	t := fs.c.info.TypeOf(e)
	if t == nil || t.Kind != bind.Special || t.Special != bind.UInt32 && t.Special != bind.UInt64 {
		return nil
	}
	if fs.c.info.TypeOf(e.X) == t && fs.c.info.TypeOf(e.Y) == t {
		return nil
	}
	return vmIntegral[t.Special]
}

// unsignedBinary compiles binary arithmetic e of unsigned operator type ut
// (see unsignedOperands); rx holds the left operand.
func (fs *funcState) unsignedBinary(e *lang.BinaryExpr, op vm.Op, rx int, ut *vm.Type, dst int) *vm.Type {
	operand := func(x lang.Expr, r int) int {
		if fs.c.info.TypeOf(x) == fs.c.info.TypeOf(e) {
			return r
		}
		t := fs.alloc()
		fs.emitABC(vm.OpConv, t, r, int(convTo[ut]))
		return t
	}
	x := operand(e.X, rx)
	var y int
	switch v := fs.c.info.Consts[e.Y].(type) {
	case int64:
		y = fs.alloc()
		fs.loadConst(y, vm.MakeIntegral(ut, uint64(v)))
	case uint64:
		y = fs.alloc()
		fs.loadConst(y, vm.MakeIntegral(ut, v))
	default:
		ry, _ := fs.exprReg(e.Y)
		y = operand(e.Y, ry)
	}
	fs.emitABC(fs.checkedOp(op, e), dst, x, y)
	return ut
}

// addOne adds d (1 or -1) to register r for ++ or -- expression e,
// overflow-checked in a checked context.
func (fs *funcState) addOne(e lang.Expr, r, d int) {
	if !fs.c.info.IsChecked(e) {
		fs.emitABC(vm.OpAddI, r, r, d&0xffff)
		return
	}
	one := fs.alloc()
	fs.loadConst(one, vm.Int(1))
	op := vm.OpAddOvf
	if d < 0 {
		op = vm.OpSubOvf
	}
	fs.emitABC(op, r, r, one)
}

// compoundOperand returns the register holding the right operand of
// compound assignment e (in register y), converted to the variable's type
// when that is uint or ulong (`u += 1` is u = (uint)(u + 1) with uint +
// uint, not long).
func (fs *funcState) compoundOperand(e *lang.AssignExpr, y int) int {
	t := fs.c.info.TypeOf(e.Left)
	if t == nil || t.Kind != bind.Special || t.Special != bind.UInt32 && t.Special != bind.UInt64 {
		return y
	}
	if e.Op == "<<=" || e.Op == ">>=" || e.Op == ">>>=" || fs.c.info.TypeOf(e.Right) == t {
		return y
	}
	r := fs.alloc()
	fs.emitABC(vm.OpConv, r, y, int(convTo[vmIntegral[t.Special]]))
	return r
}

// unboxes reports whether casting x to run-time type t is an unboxing
// conversion (C# §10.3.7): x is statically object or an interface and t a
// predefined value type, so the value must be exactly a t.
func (fs *funcState) unboxes(x lang.Expr, t *vm.Type) bool {
	from := fs.c.info.TypeOf(x)
	if from == nil || !(from.Kind == bind.Special && from.Special == bind.Object || from.Kind == bind.Interface) {
		return false
	}
	_, numeric := convTo[t]
	return numeric || t == vm.TBool || t == vm.TDecimal || t.IsStruct()
}

// nullableMember returns the function implementing member name of
// Nullable<T> when x is typed T? (HasValue, Value, GetValueOrDefault),
// else nil.
func (fs *funcState) nullableMember(x lang.Expr, name string) *vm.Func {
	t := fs.c.info.TypeOf(x)
	if t == nil || t.Kind != bind.Nullable {
		return nil
	}
	switch name {
	case "HasValue":
		return vm.NullableHasValue
	case "Value":
		return vm.NullableValue
	case "GetValueOrDefault":
		return vm.NullableGetValueOrDefault
	}
	return nil
}

// getValueOrDefault compiles x.GetValueOrDefault() and
// x.GetValueOrDefault(d) for x of type T?.
func (fs *funcState) getValueOrDefault(x lang.Expr, args []*lang.Arg, f *vm.Func, dst int) *vm.Type {
	w := fs.allocN(2)
	fs.exprTo(x, w)
	elem := keywordType(fs.c.info.TypeOf(x).Elem.String())
	if st := fs.c.bindVMType(fs.c.info.TypeOf(x).Elem); st.IsStruct() && isClosed(st) {
		elem = st
	}
	if len(args) == 1 {
		fs.exprTo(args[0].X, w+1)
		fs.convertOnStore(w+1, nil, elem)
	} else if elem != nil {
		fs.loadConst(w+1, elem.Zero())
	} else {
		fs.loadConst(w+1, vm.Null)
	}
	fs.emitABC(vm.OpCall, w, fs.c.addFunc(f), 2)
	fs.move(dst, w)
	return elem
}

// convertNumeric converts register dst, holding e's value of static type
// t, where the binder recorded an implicit numeric conversion of e (an
// argument, assignment, initializer or return value of another numeric
// type: `F(1)` with F(byte)), so that the value has its target's run-time
// type; it returns the type dst then holds.
func (fs *funcState) convertNumeric(e lang.Expr, dst int, t *vm.Type) *vm.Type {
	if fs.c.info.BoxesOf(e) {
		fs.emitABC(vm.OpBox, dst, dst, 0)
		return t
	}
	if bt := fs.c.info.ConversionOf(e); bt != nil && bt.Kind == bind.Enum {
		// The constant 0 converted to an enum type (`E e = 0;`).
		if to := fs.c.bindVMType(bt); to != nil && to != t {
			fs.emitABC(vm.OpCast, dst, dst, fs.c.addType(to))
			return to
		}
		return t
	}
	if to := vmNumeric(fs.c.info.ConversionOf(e)); to != nil && to != t {
		if t == nil {
			// A value the code does not know the run-time type of (a
			// field or element of type T read as S<byte>.A, List<byte>'s
			// indexer) holds its own type, Byte: the bound type says
			// it must be converted.
			t = vmNumeric(fs.c.info.TypeOf(e))
		}
		fs.convertOnStore(dst, t, to)
		return to
	}
	return t
}

// vmNumeric is the run-time type of numeric type t, or nil.
func vmNumeric(t *bind.Type) *vm.Type {
	if !t.IsNumeric() {
		return nil
	}
	switch t.Special {
	case bind.Single:
		return vm.TFloat
	case bind.Double:
		return vm.TDouble
	case bind.Decimal:
		return vm.TDecimal
	}
	return vmIntegral[t.Special]
}

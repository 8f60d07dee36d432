package vm

// The generic meaning of the typed instructions, for their slow paths
// (interp.go, arithSlow and branchSlow): the generic arithmetic opcode, or
// the comparison a typed branch makes and the outcome on which it jumps.

var typedGeneric = [numOps]Op{
	OpAddI32: OpAdd, OpSubI32: OpSub, OpMulI32: OpMul, OpDivI32: OpDiv, OpRemI32: OpRem,
	OpAddI64: OpAdd, OpSubI64: OpSub, OpMulI64: OpMul, OpDivI64: OpDiv, OpRemI64: OpRem,
	OpAddF64: OpAdd, OpSubF64: OpSub, OpMulF64: OpMul, OpDivF64: OpDiv, OpRemF64: OpRem,
}

type branchKind struct {
	cmp  Op   // OpLt, OpLe or OpEq
	when bool // jump when the comparison is this
}

var typedBranch = [numOps]branchKind{
	OpJLtI32: {OpLt, true}, OpJNLtI32: {OpLt, false}, OpJLeI32: {OpLe, true}, OpJNLeI32: {OpLe, false},
	OpJEqI32: {OpEq, true}, OpJNeI32: {OpEq, false},
	OpJLtI64: {OpLt, true}, OpJNLtI64: {OpLt, false}, OpJLeI64: {OpLe, true}, OpJNLeI64: {OpLe, false},
	OpJEqI64: {OpEq, true}, OpJNeI64: {OpEq, false},
	OpJLtF64: {OpLt, true}, OpJNLtF64: {OpLt, false}, OpJLeF64: {OpLe, true}, OpJNLeF64: {OpLe, false},
	OpJEqF64: {OpEq, true}, OpJNeF64: {OpEq, false},
}

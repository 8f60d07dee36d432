package vm

import "fmt"

// Instr is one encoded instruction.
type Instr uint64

// Op is an opcode.
type Op uint8

// Op returns the opcode.
func (i Instr) Op() Op { return Op(i) }

// A returns operand A.
func (i Instr) A() int { return int(uint16(i >> 8)) }

// B returns operand B.
func (i Instr) B() int { return int(uint16(i >> 24)) }

// C returns operand C.
func (i Instr) C() int { return int(uint16(i >> 40)) }

// SC returns operand C as a signed 16-bit value.
func (i Instr) SC() int { return int(int16(uint16(i >> 40))) }

// Bx returns B and C as one unsigned 32-bit operand.
func (i Instr) Bx() int { return int(uint32(i >> 24)) }

// SBx returns B and C as one signed 32-bit operand.
func (i Instr) SBx() int { return int(int32(uint32(i >> 24))) }

// MakeABC encodes an instruction with three operands.
func MakeABC(op Op, a, b, c int) Instr {
	return Instr(op) | Instr(uint16(a))<<8 | Instr(uint16(b))<<24 | Instr(uint16(c))<<40
}

// MakeABx encodes an instruction with A and a 32-bit operand.
func MakeABx(op Op, a, bx int) Instr {
	return Instr(op) | Instr(uint16(a))<<8 | Instr(uint32(int32(bx)))<<24
}

// The opcodes. Notation: R[x] register, K[x] constant, Funcs[x] the program's
// function table, Types[x] its type table, Sites[x] its call-site table
// (member name, argument count, inline cache), Statics[x] its static-field
// table. o.Fields[x] is the field named by the function's field table entry
// x (a FieldRef: class and slot) of object o: the instruction first checks
// that o is an instance of that class or a subclass and throws
// NullReferenceException or InvalidCastException if not, so no instruction
// reads or writes a slot of an object of another class.
const (
	OpNop      Op = iota // OpNop: nothing
	OpMove               // OpMove A B: R[A] := R[B]
	OpLoadK              // OpLoadK A Bx: R[A] := K[Bx]
	OpLoadInt            // OpLoadInt A sBx: R[A] := int(sBx)
	OpLoadNull           // OpLoadNull A: R[A] := null
	OpLoadBool           // OpLoadBool A B: R[A] := B != 0

	OpAdd    // OpAdd A B C: R[A] := R[B] + R[C] (numeric promotion; string concatenation)
	OpSub    // OpSub A B C: R[A] := R[B] - R[C]
	OpMul    // OpMul A B C: R[A] := R[B] * R[C]
	OpDiv    // OpDiv A B C: R[A] := R[B] / R[C] (integer division truncates; throws on int zero)
	OpRem    // OpRem A B C: R[A] := R[B] % R[C]
	OpAddI   // OpAddI A B sC: R[A] := R[B] + sC
	OpBitAnd // OpBitAnd A B C: R[A] := R[B] & R[C] (bool: logical and without short circuit)
	OpBitOr  // OpBitOr A B C: R[A] := R[B] | R[C]
	OpBitXor // OpBitXor A B C: R[A] := R[B] ^ R[C]
	OpShl    // OpShl A B C: R[A] := R[B] << R[C]
	OpShr    // OpShr A B C: R[A] := R[B] >> R[C]
	OpNeg    // OpNeg A B: R[A] := -R[B]
	OpNot    // OpNot A B: R[A] := !R[B]
	OpBitNot // OpBitNot A B: R[A] := ~R[B]

	OpEq // OpEq A B C: R[A] := R[B] == R[C]
	OpNe // OpNe A B C: R[A] := R[B] != R[C]
	OpLt // OpLt A B C: R[A] := R[B] < R[C]
	OpLe // OpLe A B C: R[A] := R[B] <= R[C]

	OpJmp       // OpJmp sBx: pc += sBx
	OpJmpIf     // OpJmpIf A sBx: if R[A] then pc += sBx
	OpJmpIfNot  // OpJmpIfNot A sBx: if !R[A] then pc += sBx
	OpJmpNull   // OpJmpNull A sBx: if R[A] == null then pc += sBx
	OpJmpNotNul // OpJmpNotNul A sBx: if R[A] != null then pc += sBx
	OpJLt       // OpJLt A B sC: if R[A] < R[B] then pc += sC
	OpJNLt      // OpJNLt A B sC: if !(R[A] < R[B]) then pc += sC
	OpJLe       // OpJLe A B sC: if R[A] <= R[B] then pc += sC
	OpJNLe      // OpJNLe A B sC: if !(R[A] <= R[B]) then pc += sC
	OpJEq       // OpJEq A B sC: if R[A] == R[B] then pc += sC
	OpJNe       // OpJNe A B sC: if R[A] != R[B] then pc += sC
	OpJLtK      // OpJLtK A B sC: if R[A] < K[B] then pc += sC (K[B] an int or long; R[A] statically int or long)
	OpJGeK      // OpJGeK A B sC: if R[A] >= K[B] then pc += sC
	OpJLeK      // OpJLeK A B sC: if R[A] <= K[B] then pc += sC
	OpJGtK      // OpJGtK A B sC: if R[A] > K[B] then pc += sC

	OpConv // OpConv A B C: R[A] := (Conv C) R[B] (numeric conversion, see Conv)

	OpGetField  // OpGetField A B C: R[A] := R[B].Fields[C]
	OpSetField  // OpSetField A B C: R[A].Fields[B] := R[C]
	OpGetThisF  // OpGetThisF A B: R[A] := R[0].Fields[B]
	OpSetThisF  // OpSetThisF A B: R[0].Fields[A] := R[B]
	OpGetStatic // OpGetStatic A Bx: R[A] := Statics[Bx] (runs the class's static initialiser first)
	OpSetStatic // OpSetStatic A Bx: Statics[Bx] := R[A]
	OpGetMember // OpGetMember A B C: R[A] := R[B].Sites[C] (field or property, looked up by name)
	OpSetMember // OpSetMember A B C: R[A].Sites[B] := R[C]
	OpGetIndex  // OpGetIndex A B C: R[A] := R[B][R[C]]
	OpSetIndex  // OpSetIndex A B C: R[A][R[B]] := R[C]

	OpGetBox // OpGetBox A B: R[A] := R[B].(Box).V
	OpSetBox // OpSetBox A B: R[A].(Box).V := R[B]
	OpNewBox // OpNewBox A B: R[A] := new Box(R[B])
	OpGetUp  // OpGetUp A B: R[A] := Up[B].V
	OpSetUp  // OpSetUp A B: Up[A].V := R[B]
	OpUpBox  // OpUpBox A B: R[A] := Up[B] (the box itself, to capture it again or pass it by ref)
	OpGetRef // OpGetRef A B: R[A] := *R[B] (R[B] is a ref: a Box or a RefCell)
	OpSetRef // OpSetRef A B: *R[A] := R[B]
	OpRefSta // OpRefSta A Bx: R[A] := ref Statics[Bx]
	OpRefFld // OpRefFld A B C: R[A] := ref R[B].Fields[C]
	OpRefElm // OpRefElm A B C: R[A] := ref R[B][R[C]] (arrays)

	OpCall     // OpCall A B C: R[A] := Funcs[B](R[A] .. R[A+C-1])
	OpCallVirt // OpCallVirt A B C: R[A] := R[A].Sites[B](R[A+1] .. R[A+C-1]); virtual/interface/library dispatch
	OpCallDel  // OpCallDel A C: R[A] := R[A](R[A+1] .. R[A+C]) (delegate invoke)
	OpRet      // OpRet A: return R[A]
	OpRetVoid  // OpRetVoid: return

	OpNewObj  // OpNewObj A B: R[A] := new Types[B] with default fields (the constructor is a separate OpCall)
	OpNewArr  // OpNewArr A B C: R[A] := new Types[C][R[B]]
	OpClosure // OpClosure A B: R[A] := closure of Funcs[B] capturing per its upvalue list; this = R[0] when it has one
	OpIs      // OpIs A B C: R[A] := R[B] is Types[C]
	OpAs      // OpAs A B C: R[A] := R[B] as Types[C]
	OpCast    // OpCast A B C: R[A] := (Types[C]) R[B] (throws InvalidCastException)
	OpTypeOf  // OpTypeOf A B: R[A] := typeof(Types[B])
	OpThrow   // OpThrow A: throw R[A] (records the stack)
	OpRethrow // OpRethrow A: rethrow R[A] keeping its original stack
	OpNullChk // OpNullChk A: throw NullReferenceException if R[A] is null
	OpEndFilt // OpEndFilt A: end an exception filter with verdict R[A] (see Handler)
	OpAwait   // OpAwait A B: R[A] := await R[B]  (see Notes)
	OpCallAw  // OpCallAw A B C: R[A] := await Funcs[B](R[A] .. R[A+C-1])  (see Notes)
	OpCallVAw // OpCallVAw A B C: R[A] := await R[A].Sites[B](R[A+1] .. R[A+C-1])
	OpCallDAw // OpCallDAw A C: R[A] := await R[A](R[A+1] .. R[A+C])

	// Checked arithmetic and the unsigned shift (vm/arith_int.go). The
	// checked forms throw OverflowException where an integral result does
	// not fit its type; on other operands they are the unchecked ones.
	OpAddOvf  // OpAddOvf A B C: R[A] := checked(R[B] + R[C])
	OpSubOvf  // OpSubOvf A B C: R[A] := checked(R[B] - R[C])
	OpMulOvf  // OpMulOvf A B C: R[A] := checked(R[B] * R[C])
	OpNegOvf  // OpNegOvf A B: R[A] := checked(-R[B])
	OpConvOvf // OpConvOvf A B C: R[A] := checked((Conv C) R[B])
	OpShrUn   // OpShrUn A B C: R[A] := R[B] >>> R[C] (logical shift right)
	OpUnbox   // OpUnbox A B C: R[A] := (Types[C]) R[B], an unboxing: R[B] must be exactly a Types[C] (or an enum over it)

	numOps
)

// Notes
//
// OpAwait A B: fast path: when R[B] is already complete (a finished Task or
// ValueTask, or an awaiter whose IsCompleted is true) R[A] receives its result
// (or its exception is thrown at this pc) and execution goes on; nothing is
// saved or captured. Otherwise, in rt mode, the frame suspends: a
// Continuation saves the Func, pc (the resume point is this instruction's
// successor, with the result delivered to R[A]), the registers live after
// this await (Func.Awaits), the thread's ExecutionContext when it is not the
// Default, and whether the await sits in a try; the awaiter is told to resume
// the chain; the frame is popped with its continuation, and each awaiting
// caller up to the nearest async boundary saves itself too. On
// resumption the dispatcher restores the saved context (only when one was
// saved) and the registers, and continues at the resume pc.
//
// OpCallAw/OpCallVAw/OpCallDAw: a call whose result is awaited at once. When
// the callee is an rt async method it is called with the async calling
// convention: its value arrives in R[A] as from a synchronous call, or, when
// it suspends, this frame is saved too and resumes at the next instruction
// with the value in R[A]. Any other callee returns an awaitable, which is
// awaited as by OpAwait.

// Conv is a numeric conversion target for OpConv.
type Conv uint8

// The conversions.
const (
	ConvInt    Conv = iota // to int: truncates doubles, wraps longs
	ConvLong               // to long
	ConvDouble             // to double
	ConvFloat              // to float
	ConvChar               // to char
	ConvBool               // checks bool
	ConvString             // checks string (null allowed)
	ConvByte               // to byte
	ConvSByte              // to sbyte
	ConvShort              // to short
	ConvUShort             // to ushort
	ConvUInt               // to uint
	ConvULong              // to ulong
)

// Format is an operand layout, for the disassembler.
type Format uint8

// Operand layouts.
const (
	FmtNone Format = iota
	FmtA
	FmtAB
	FmtABC
	FmtABx
	FmtAsBx
	FmtsBx
	FmtABsC
	FmtAC
)

// OpInfo describes an opcode.
type OpInfo struct {
	Name       string
	Format     Format
	MayThrow   bool
	MaySuspend bool
	IsJump     bool
}

// Ops is the properties table, indexed by opcode.
var Ops = [numOps]OpInfo{
	OpNop:       {"NOP", FmtNone, false, false, false},
	OpMove:      {"MOVE", FmtAB, false, false, false},
	OpLoadK:     {"LOADK", FmtABx, false, false, false},
	OpLoadInt:   {"LOADI", FmtAsBx, false, false, false},
	OpLoadNull:  {"LOADNULL", FmtA, false, false, false},
	OpLoadBool:  {"LOADBOOL", FmtAB, false, false, false},
	OpAdd:       {"ADD", FmtABC, true, false, false},
	OpSub:       {"SUB", FmtABC, true, false, false},
	OpMul:       {"MUL", FmtABC, true, false, false},
	OpDiv:       {"DIV", FmtABC, true, false, false},
	OpRem:       {"REM", FmtABC, true, false, false},
	OpAddI:      {"ADDI", FmtABsC, true, false, false},
	OpBitAnd:    {"BAND", FmtABC, true, false, false},
	OpBitOr:     {"BOR", FmtABC, true, false, false},
	OpBitXor:    {"BXOR", FmtABC, true, false, false},
	OpShl:       {"SHL", FmtABC, true, false, false},
	OpShr:       {"SHR", FmtABC, true, false, false},
	OpNeg:       {"NEG", FmtAB, true, false, false},
	OpNot:       {"NOT", FmtAB, true, false, false},
	OpBitNot:    {"BNOT", FmtAB, true, false, false},
	OpEq:        {"EQ", FmtABC, false, false, false},
	OpNe:        {"NE", FmtABC, false, false, false},
	OpLt:        {"LT", FmtABC, true, false, false},
	OpLe:        {"LE", FmtABC, true, false, false},
	OpJmp:       {"JMP", FmtsBx, false, false, true},
	OpJmpIf:     {"JMPIF", FmtAsBx, true, false, true},
	OpJmpIfNot:  {"JMPIFNOT", FmtAsBx, true, false, true},
	OpJmpNull:   {"JMPNULL", FmtAsBx, false, false, true},
	OpJmpNotNul: {"JMPNOTNULL", FmtAsBx, false, false, true},
	OpJLt:       {"JLT", FmtABsC, true, false, true},
	OpJNLt:      {"JNLT", FmtABsC, true, false, true},
	OpJLe:       {"JLE", FmtABsC, true, false, true},
	OpJNLe:      {"JNLE", FmtABsC, true, false, true},
	OpJEq:       {"JEQ", FmtABsC, false, false, true},
	OpJNe:       {"JNE", FmtABsC, false, false, true},
	OpJLtK:      {"JLTK", FmtABsC, true, false, true},
	OpJGeK:      {"JGEK", FmtABsC, true, false, true},
	OpJLeK:      {"JLEK", FmtABsC, true, false, true},
	OpJGtK:      {"JGTK", FmtABsC, true, false, true},
	OpConv:      {"CONV", FmtABC, true, false, false},
	OpGetField:  {"GETFIELD", FmtABC, true, false, false},
	OpSetField:  {"SETFIELD", FmtABC, true, false, false},
	OpGetThisF:  {"GETTHISF", FmtAB, true, false, false},
	OpSetThisF:  {"SETTHISF", FmtAB, true, false, false},
	OpGetStatic: {"GETSTATIC", FmtABx, true, false, false},
	OpSetStatic: {"SETSTATIC", FmtABx, true, false, false},
	OpGetMember: {"GETMEMBER", FmtABC, true, false, false},
	OpSetMember: {"SETMEMBER", FmtABC, true, false, false},
	OpGetIndex:  {"GETINDEX", FmtABC, true, false, false},
	OpSetIndex:  {"SETINDEX", FmtABC, true, false, false},
	OpGetBox:    {"GETBOX", FmtAB, false, false, false},
	OpSetBox:    {"SETBOX", FmtAB, false, false, false},
	OpNewBox:    {"NEWBOX", FmtAB, false, false, false},
	OpGetUp:     {"GETUP", FmtAB, false, false, false},
	OpSetUp:     {"SETUP", FmtAB, false, false, false},
	OpUpBox:     {"UPBOX", FmtAB, false, false, false},
	OpGetRef:    {"GETREF", FmtAB, false, false, false},
	OpSetRef:    {"SETREF", FmtAB, false, false, false},
	OpRefSta:    {"REFSTATIC", FmtABx, true, false, false},
	OpRefFld:    {"REFFIELD", FmtABC, true, false, false},
	OpRefElm:    {"REFELEM", FmtABC, true, false, false},
	OpCall:      {"CALL", FmtABC, true, false, false},
	OpCallVirt:  {"CALLVIRT", FmtABC, true, false, false},
	OpCallDel:   {"CALLDEL", FmtAC, true, false, false},
	OpRet:       {"RET", FmtA, false, false, false},
	OpRetVoid:   {"RETVOID", FmtNone, false, false, false},
	OpNewObj:    {"NEWOBJ", FmtAB, true, false, false},
	OpNewArr:    {"NEWARR", FmtABC, true, false, false},
	OpClosure:   {"CLOSURE", FmtAB, false, false, false},
	OpIs:        {"IS", FmtABC, false, false, false},
	OpAs:        {"AS", FmtABC, false, false, false},
	OpCast:      {"CAST", FmtABC, true, false, false},
	OpTypeOf:    {"TYPEOF", FmtAB, false, false, false},
	OpThrow:     {"THROW", FmtA, true, false, false},
	OpRethrow:   {"RETHROW", FmtA, true, false, false},
	OpNullChk:   {"NULLCHK", FmtA, true, false, false},
	OpEndFilt:   {"ENDFILTER", FmtA, false, false, false},
	OpAwait:     {"AWAIT", FmtAB, true, true, false},
	OpCallAw:    {"CALLAW", FmtABC, true, true, false},
	OpCallVAw:   {"CALLVAW", FmtABC, true, true, false},
	OpCallDAw:   {"CALLDAW", FmtAC, true, true, false},

	OpAddOvf:  {"ADD.OVF", FmtABC, true, false, false},
	OpSubOvf:  {"SUB.OVF", FmtABC, true, false, false},
	OpMulOvf:  {"MUL.OVF", FmtABC, true, false, false},
	OpNegOvf:  {"NEG.OVF", FmtAB, true, false, false},
	OpConvOvf: {"CONV.OVF", FmtABC, true, false, false},
	OpShrUn:   {"SHR.UN", FmtABC, true, false, false},
	OpUnbox:   {"UNBOX", FmtABC, true, false, false},
}

// String disassembles one instruction (operands only; the disassembler adds
// constants and names).
func (i Instr) String() string {
	op := i.Op()
	if int(op) >= len(Ops) || Ops[op].Name == "" {
		return fmt.Sprintf("??? %#x", uint64(i))
	}
	info := Ops[op]
	switch info.Format {
	case FmtA:
		return fmt.Sprintf("%-10s %d", info.Name, i.A())
	case FmtAB:
		return fmt.Sprintf("%-10s %d %d", info.Name, i.A(), i.B())
	case FmtABC:
		return fmt.Sprintf("%-10s %d %d %d", info.Name, i.A(), i.B(), i.C())
	case FmtABx:
		return fmt.Sprintf("%-10s %d %d", info.Name, i.A(), i.Bx())
	case FmtAsBx:
		return fmt.Sprintf("%-10s %d %+d", info.Name, i.A(), i.SBx())
	case FmtsBx:
		return fmt.Sprintf("%-10s %+d", info.Name, i.SBx())
	case FmtABsC:
		return fmt.Sprintf("%-10s %d %d %+d", info.Name, i.A(), i.B(), i.SC())
	case FmtAC:
		return fmt.Sprintf("%-10s %d %d", info.Name, i.A(), i.C())
	}
	return info.Name
}

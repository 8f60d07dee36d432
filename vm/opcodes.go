package vm

import (
	"fmt"
	"strings"
)

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
	OpCallDAw // OpCallDAw A C: R[A] := await R[A](R[A+1] .. R[A+C])  (see Notes)

	// Typed arithmetic and compare-and-branch, chosen by the compiler from
	// the binder's static types. Each names the representation it expects
	// (I32 int, I64 long, F64 double) and computes inline when both
	// operands have it; any other operand (a value whose static type the
	// compiler did not know exactly) takes the generic instruction's path,
	// so a typed instruction never misreads a value.
	OpAddI32 // OpAddI32 A B C: R[A] := R[B] + R[C] (int, wraps)
	OpSubI32 // OpSubI32 A B C: R[A] := R[B] - R[C]
	OpMulI32 // OpMulI32 A B C: R[A] := R[B] * R[C]
	OpDivI32 // OpDivI32 A B C: R[A] := R[B] / R[C] (throws DivideByZeroException)
	OpRemI32 // OpRemI32 A B C: R[A] := R[B] % R[C]
	OpAddI64 // OpAddI64 A B C: R[A] := R[B] + R[C] (long, wraps)
	OpSubI64 // OpSubI64 A B C: R[A] := R[B] - R[C]
	OpMulI64 // OpMulI64 A B C: R[A] := R[B] * R[C]
	OpDivI64 // OpDivI64 A B C: R[A] := R[B] / R[C]
	OpRemI64 // OpRemI64 A B C: R[A] := R[B] % R[C]
	OpAddF64 // OpAddF64 A B C: R[A] := R[B] + R[C] (double)
	OpSubF64 // OpSubF64 A B C: R[A] := R[B] - R[C]
	OpMulF64 // OpMulF64 A B C: R[A] := R[B] * R[C]
	OpDivF64 // OpDivF64 A B C: R[A] := R[B] / R[C]
	OpRemF64 // OpRemF64 A B C: R[A] := R[B] % R[C] (IEEE fmod, as C#)

	OpJLtI32  // OpJLtI32 A B sC: if R[A] < R[B] then pc += sC (int)
	OpJNLtI32 // OpJNLtI32 A B sC: if !(R[A] < R[B]) then pc += sC
	OpJLeI32  // OpJLeI32 A B sC: if R[A] <= R[B] then pc += sC
	OpJNLeI32 // OpJNLeI32 A B sC: if !(R[A] <= R[B]) then pc += sC
	OpJEqI32  // OpJEqI32 A B sC: if R[A] == R[B] then pc += sC
	OpJNeI32  // OpJNeI32 A B sC: if R[A] != R[B] then pc += sC
	OpJLtI64  // OpJLtI64 A B sC: if R[A] < R[B] then pc += sC (long)
	OpJNLtI64 // OpJNLtI64 A B sC: if !(R[A] < R[B]) then pc += sC
	OpJLeI64  // OpJLeI64 A B sC: if R[A] <= R[B] then pc += sC
	OpJNLeI64 // OpJNLeI64 A B sC: if !(R[A] <= R[B]) then pc += sC
	OpJEqI64  // OpJEqI64 A B sC: if R[A] == R[B] then pc += sC
	OpJNeI64  // OpJNeI64 A B sC: if R[A] != R[B] then pc += sC
	OpJLtF64  // OpJLtF64 A B sC: if R[A] < R[B] then pc += sC (double; false when either is NaN)
	OpJNLtF64 // OpJNLtF64 A B sC: if !(R[A] < R[B]) then pc += sC (taken when either is NaN)
	OpJLeF64  // OpJLeF64 A B sC: if R[A] <= R[B] then pc += sC
	OpJNLeF64 // OpJNLeF64 A B sC: if !(R[A] <= R[B]) then pc += sC
	OpJEqF64  // OpJEqF64 A B sC: if R[A] == R[B] then pc += sC
	OpJNeF64  // OpJNeF64 A B sC: if R[A] != R[B] then pc += sC

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

	// Structs (see "Values" in docs/design.md): a struct value is an
	// immutable Instance; a field write builds a copy.
	OpWithField // OpWithField A B C: R[A] := a copy of R[A] with o.Fields[B] := R[C]
	OpThisIn    // OpThisIn A: if R[0] is a ref (a struct method's `ref this`): R[A] := R[0], R[0] := *R[0]; else R[A] := null
	OpRefSub    // OpRefSub A B C: R[A] := ref (*R[B]).Fields[C], a field of the struct behind the ref R[B]
	OpSetRefF   // OpSetRefF A B C: (*R[A]).Fields[B] := R[C], a field of the struct behind the ref R[A] (nothing when R[A] is null); R[0] is `this` with the field already changed
	OpNewBoxL   // OpNewBoxL A B: R[A] := new Box(R[B]) private to this frame (TBoxLocal)
	OpGetRefL   // OpGetRefL A B: R[A] := *R[B] read under the lock of the ref's root (a struct method rereading `this`)
	OpSetRefL   // OpSetRefL A B: *R[A] := R[B] written under the lock of the ref's root (`this = ...` in a struct method)

	// Multidimensional arrays (see "Values" in docs/design.md): an element
	// is reached by its row-major offset in the flat backing slice, which
	// GETINDEX, SETINDEX and REFELM then use as a T[] index.
	OpArrOff // OpArrOff A C: R[A] := the offset of element [R[A+1], ..., R[A+C]] in the C-dimensional array R[A] (throws IndexOutOfRangeException, see Notes)

	// Boxed structs (vm/struct.go): a box of a struct is its own instance,
	// changed in place by the struct's methods called on it.
	OpBox     // OpBox A B: R[A] := box(R[B]): a struct value is copied into a new box; anything else is its own box
	OpValCopy // OpValCopy A B: R[A] := R[B], copied out of its box when R[B] is a boxed struct (`this` read whole in a struct method)

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

// OpArrOff A C: each index must be an integer within its dimension
// (0 <= R[A+1+d] < GetLength(d)), else IndexOutOfRangeException; a null
// R[A] throws NullReferenceException. The compiler emits it only for an
// array whose static rank is C, so a rank mismatch is a VM bug and throws
// IndexOutOfRangeException too rather than reading out of place.

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

// Role is what one operand field of an instruction means. Every opcode's
// roles are declared once, in Ops; the disassembler, the rt liveness
// analysis (package rtasync), the REPL's linker and the verifier in the
// tests all read them, so an opcode is described in one place.
type Role uint8

// Operand roles.
const (
	RNone    Role = iota // unused
	RReg                 // a register the instruction reads
	RDst                 // a register the instruction writes
	RArgs                // R[x .. x+n) read as a call's arguments, R[x] written with its result; n from RCount or RCount1
	RCount               // n, the number of RArgs registers
	RCount1              // n-1, the number of RArgs registers after the first (delegate calls: the delegate, then n-1 arguments)
	RConst               // an index into the function's constants K
	RImm                 // a signed integer immediate
	RFlag                // an unsigned immediate (a bool, a kind)
	RJump                // a jump offset, relative to the next instruction
	RFunc                // an index into Program.Funcs
	RClosure             // an index into Program.Funcs of a closure, which reads the registers its upvalue list names
	RType                // an index into Program.Types
	RSite                // an index into Program.Sites
	RStatic              // an index into Program.Statics
	RField               // an index into the function's field table Func.Fields
	RUp                  // an index into the running closure's captured boxes
	RConv                // a Conv
)

// OpFlags are properties of an opcode besides its operands.
type OpFlags uint8

// Opcode flags.
const (
	// Wide: B and C form one 32-bit operand Bx, with B's role (sBx when
	// that role is RJump or RImm); C's role is RNone.
	Wide      OpFlags = 1 << iota
	Throws            // may throw an exception
	Suspends          // may suspend the frame (rt async); implies Throws
	Ends              // control never goes on to the next instruction (return, throw, unconditional jump)
	ReadsThis         // reads R[0], this, besides its operands
)

// OpInfo describes an opcode: its name, the role of each operand field and
// its flags.
type OpInfo struct {
	Name    string
	A, B, C Role
	Flags   OpFlags
}

// MayThrow reports whether the opcode may throw.
func (o OpInfo) MayThrow() bool { return o.Flags&Throws != 0 }

// MaySuspend reports whether the opcode may suspend its frame.
func (o OpInfo) MaySuspend() bool { return o.Flags&Suspends != 0 }

// Roles returns the roles of fields A, B and C.
func (o OpInfo) Roles() [3]Role { return [3]Role{o.A, o.B, o.C} }

// Ops is the properties table, indexed by opcode. New opcodes append a row
// here (and a constant at the end of the const block above).
var Ops = [numOps]OpInfo{
	OpNop:       {"NOP", RNone, RNone, RNone, 0},
	OpMove:      {"MOVE", RDst, RReg, RNone, 0},
	OpLoadK:     {"LOADK", RDst, RConst, RNone, Wide},
	OpLoadInt:   {"LOADI", RDst, RImm, RNone, Wide},
	OpLoadNull:  {"LOADNULL", RDst, RNone, RNone, 0},
	OpLoadBool:  {"LOADBOOL", RDst, RFlag, RNone, 0},
	OpAdd:       {"ADD", RDst, RReg, RReg, Throws},
	OpSub:       {"SUB", RDst, RReg, RReg, Throws},
	OpMul:       {"MUL", RDst, RReg, RReg, Throws},
	OpDiv:       {"DIV", RDst, RReg, RReg, Throws},
	OpRem:       {"REM", RDst, RReg, RReg, Throws},
	OpAddI:      {"ADDI", RDst, RReg, RImm, Throws},
	OpBitAnd:    {"BAND", RDst, RReg, RReg, Throws},
	OpBitOr:     {"BOR", RDst, RReg, RReg, Throws},
	OpBitXor:    {"BXOR", RDst, RReg, RReg, Throws},
	OpShl:       {"SHL", RDst, RReg, RReg, Throws},
	OpShr:       {"SHR", RDst, RReg, RReg, Throws},
	OpNeg:       {"NEG", RDst, RReg, RNone, Throws},
	OpNot:       {"NOT", RDst, RReg, RNone, Throws},
	OpBitNot:    {"BNOT", RDst, RReg, RNone, Throws},
	OpEq:        {"EQ", RDst, RReg, RReg, 0},
	OpNe:        {"NE", RDst, RReg, RReg, 0},
	OpLt:        {"LT", RDst, RReg, RReg, Throws},
	OpLe:        {"LE", RDst, RReg, RReg, Throws},
	OpJmp:       {"JMP", RNone, RJump, RNone, Wide | Ends},
	OpJmpIf:     {"JMPIF", RReg, RJump, RNone, Wide | Throws},
	OpJmpIfNot:  {"JMPIFNOT", RReg, RJump, RNone, Wide | Throws},
	OpJmpNull:   {"JMPNULL", RReg, RJump, RNone, Wide},
	OpJmpNotNul: {"JMPNOTNULL", RReg, RJump, RNone, Wide},
	OpJLt:       {"JLT", RReg, RReg, RJump, Throws},
	OpJNLt:      {"JNLT", RReg, RReg, RJump, Throws},
	OpJLe:       {"JLE", RReg, RReg, RJump, Throws},
	OpJNLe:      {"JNLE", RReg, RReg, RJump, Throws},
	OpJEq:       {"JEQ", RReg, RReg, RJump, 0},
	OpJNe:       {"JNE", RReg, RReg, RJump, 0},
	OpJLtK:      {"JLTK", RReg, RConst, RJump, Throws},
	OpJGeK:      {"JGEK", RReg, RConst, RJump, Throws},
	OpJLeK:      {"JLEK", RReg, RConst, RJump, Throws},
	OpJGtK:      {"JGTK", RReg, RConst, RJump, Throws},
	OpConv:      {"CONV", RDst, RReg, RConv, Throws},
	OpGetField:  {"GETFIELD", RDst, RReg, RField, Throws},
	OpSetField:  {"SETFIELD", RReg, RField, RReg, Throws},
	OpGetThisF:  {"GETTHISF", RDst, RField, RNone, Throws | ReadsThis},
	OpSetThisF:  {"SETTHISF", RField, RReg, RNone, Throws | ReadsThis},
	OpGetStatic: {"GETSTATIC", RDst, RStatic, RNone, Wide | Throws},
	OpSetStatic: {"SETSTATIC", RReg, RStatic, RNone, Wide | Throws},
	OpGetMember: {"GETMEMBER", RDst, RReg, RSite, Throws},
	OpSetMember: {"SETMEMBER", RReg, RSite, RReg, Throws},
	OpGetIndex:  {"GETINDEX", RDst, RReg, RReg, Throws},
	OpSetIndex:  {"SETINDEX", RReg, RReg, RReg, Throws},
	OpGetBox:    {"GETBOX", RDst, RReg, RNone, 0},
	OpSetBox:    {"SETBOX", RReg, RReg, RNone, 0},
	OpNewBox:    {"NEWBOX", RDst, RReg, RNone, 0},
	OpGetUp:     {"GETUP", RDst, RUp, RNone, 0},
	OpSetUp:     {"SETUP", RUp, RReg, RNone, 0},
	OpUpBox:     {"UPBOX", RDst, RUp, RNone, 0},
	OpGetRef:    {"GETREF", RDst, RReg, RNone, 0},
	OpSetRef:    {"SETREF", RReg, RReg, RNone, 0},
	OpRefSta:    {"REFSTATIC", RDst, RStatic, RNone, Wide | Throws},
	OpRefFld:    {"REFFIELD", RDst, RReg, RField, Throws},
	OpRefElm:    {"REFELEM", RDst, RReg, RReg, Throws},
	OpCall:      {"CALL", RArgs, RFunc, RCount, Throws},
	OpCallVirt:  {"CALLVIRT", RArgs, RSite, RCount, Throws},
	OpCallDel:   {"CALLDEL", RArgs, RNone, RCount1, Throws},
	OpRet:       {"RET", RReg, RNone, RNone, Ends},
	OpRetVoid:   {"RETVOID", RNone, RNone, RNone, Ends},
	OpNewObj:    {"NEWOBJ", RDst, RType, RNone, Throws},
	OpNewArr:    {"NEWARR", RDst, RReg, RType, Throws},
	OpClosure:   {"CLOSURE", RDst, RClosure, RNone, 0},
	OpIs:        {"IS", RDst, RReg, RType, 0},
	OpAs:        {"AS", RDst, RReg, RType, 0},
	OpCast:      {"CAST", RDst, RReg, RType, Throws},
	OpTypeOf:    {"TYPEOF", RDst, RType, RNone, 0},
	OpThrow:     {"THROW", RReg, RNone, RNone, Throws | Ends},
	OpRethrow:   {"RETHROW", RReg, RNone, RNone, Throws | Ends},
	OpNullChk:   {"NULLCHK", RReg, RNone, RNone, Throws},
	OpEndFilt:   {"ENDFILTER", RReg, RNone, RNone, Ends},
	OpAwait:     {"AWAIT", RDst, RReg, RNone, Throws | Suspends},
	OpCallAw:    {"CALLAW", RArgs, RFunc, RCount, Throws | Suspends},
	OpCallVAw:   {"CALLVAW", RArgs, RSite, RCount, Throws | Suspends},
	OpCallDAw:   {"CALLDAW", RArgs, RNone, RCount1, Throws | Suspends},

	OpAddI32:  {"ADD.i32", RDst, RReg, RReg, Throws},
	OpSubI32:  {"SUB.i32", RDst, RReg, RReg, Throws},
	OpMulI32:  {"MUL.i32", RDst, RReg, RReg, Throws},
	OpDivI32:  {"DIV.i32", RDst, RReg, RReg, Throws},
	OpRemI32:  {"REM.i32", RDst, RReg, RReg, Throws},
	OpAddI64:  {"ADD.i64", RDst, RReg, RReg, Throws},
	OpSubI64:  {"SUB.i64", RDst, RReg, RReg, Throws},
	OpMulI64:  {"MUL.i64", RDst, RReg, RReg, Throws},
	OpDivI64:  {"DIV.i64", RDst, RReg, RReg, Throws},
	OpRemI64:  {"REM.i64", RDst, RReg, RReg, Throws},
	OpAddF64:  {"ADD.f64", RDst, RReg, RReg, Throws},
	OpSubF64:  {"SUB.f64", RDst, RReg, RReg, Throws},
	OpMulF64:  {"MUL.f64", RDst, RReg, RReg, Throws},
	OpDivF64:  {"DIV.f64", RDst, RReg, RReg, Throws},
	OpRemF64:  {"REM.f64", RDst, RReg, RReg, Throws},
	OpJLtI32:  {"JLT.i32", RReg, RReg, RJump, Throws},
	OpJNLtI32: {"JNLT.i32", RReg, RReg, RJump, Throws},
	OpJLeI32:  {"JLE.i32", RReg, RReg, RJump, Throws},
	OpJNLeI32: {"JNLE.i32", RReg, RReg, RJump, Throws},
	OpJEqI32:  {"JEQ.i32", RReg, RReg, RJump, 0},
	OpJNeI32:  {"JNE.i32", RReg, RReg, RJump, 0},
	OpJLtI64:  {"JLT.i64", RReg, RReg, RJump, Throws},
	OpJNLtI64: {"JNLT.i64", RReg, RReg, RJump, Throws},
	OpJLeI64:  {"JLE.i64", RReg, RReg, RJump, Throws},
	OpJNLeI64: {"JNLE.i64", RReg, RReg, RJump, Throws},
	OpJEqI64:  {"JEQ.i64", RReg, RReg, RJump, 0},
	OpJNeI64:  {"JNE.i64", RReg, RReg, RJump, 0},
	OpJLtF64:  {"JLT.f64", RReg, RReg, RJump, Throws},
	OpJNLtF64: {"JNLT.f64", RReg, RReg, RJump, Throws},
	OpJLeF64:  {"JLE.f64", RReg, RReg, RJump, Throws},
	OpJNLeF64: {"JNLE.f64", RReg, RReg, RJump, Throws},
	OpJEqF64:  {"JEQ.f64", RReg, RReg, RJump, 0},
	OpJNeF64:  {"JNE.f64", RReg, RReg, RJump, 0},

	OpAddOvf:    {"ADD.OVF", RDst, RReg, RReg, Throws},
	OpSubOvf:    {"SUB.OVF", RDst, RReg, RReg, Throws},
	OpMulOvf:    {"MUL.OVF", RDst, RReg, RReg, Throws},
	OpNegOvf:    {"NEG.OVF", RDst, RReg, RNone, Throws},
	OpConvOvf:   {"CONV.OVF", RDst, RReg, RConv, Throws},
	OpShrUn:     {"SHR.UN", RDst, RReg, RReg, Throws},
	OpUnbox:     {"UNBOX", RDst, RReg, RType, Throws},
	OpWithField: {"WITHFIELD", RReg, RField, RReg, Throws},
	OpThisIn:    {"THISIN", RDst, RNone, RNone, ReadsThis},
	OpRefSub:    {"REFSUB", RDst, RReg, RField, Throws},
	OpSetRefF:   {"SETREFF", RReg, RField, RReg, 0},
	OpNewBoxL:   {"NEWBOXL", RDst, RReg, RNone, 0},
	OpGetRefL:   {"GETREFL", RDst, RReg, RNone, 0},
	OpSetRefL:   {"SETREFL", RReg, RReg, RNone, 0},
	OpArrOff:    {"ARROFF", RArgs, RNone, RCount1, Throws},
	OpBox:       {"BOX", RDst, RReg, RNone, Throws},
	OpValCopy:   {"VALCOPY", RDst, RReg, RNone, 0},
}

// Operand returns the value of operand field k (0 A, 1 B, 2 C) of i,
// decoded per its role: B of a Wide opcode is Bx, or sBx for a jump or an
// immediate; C is sC for a jump or an immediate.
func (i Instr) Operand(k int) int {
	info := &Ops[i.Op()]
	switch k {
	case 0:
		return i.A()
	case 1:
		if info.Flags&Wide != 0 {
			if info.B == RJump || info.B == RImm {
				return i.SBx()
			}
			return i.Bx()
		}
		return i.B()
	}
	if info.C == RJump || info.C == RImm {
		return i.SC()
	}
	return i.C()
}

// Jump returns the target of a jump instruction at pc, and false when i
// does not jump.
func (i Instr) Jump(pc int) (int, bool) {
	for k, r := range Ops[i.Op()].Roles() {
		if r == RJump {
			return pc + 1 + i.Operand(k), true
		}
	}
	return 0, false
}

// WithJump returns i with its jump operand set to off.
func (i Instr) WithJump(off int) Instr {
	info := &Ops[i.Op()]
	if info.Flags&Wide != 0 {
		return MakeABx(i.Op(), i.A(), off)
	}
	return MakeABC(i.Op(), i.A(), i.B(), off)
}

// Regs calls use for each register i reads and def for each register it
// writes, in the function f of program p (RClosure reads the registers
// named by the closure's upvalue list and R[0] unless the closure is
// Shared; ReadsThis reads R[0]).
func (i Instr) Regs(p *Program, f *Func, use, def func(r int)) {
	info := &Ops[i.Op()]
	if info.Flags&ReadsThis != 0 {
		use(0)
	}
	roles := info.Roles()
	for k, r := range roles {
		x := i.Operand(k)
		switch r {
		case RReg:
			use(x)
		case RDst:
			def(x)
		case RArgs:
			n := i.C()
			if roles[2] == RCount1 {
				n++
			}
			for j := 0; j < n; j++ {
				use(x + j)
			}
			def(x)
		case RClosure:
			if x < len(p.Funcs) {
				cf := p.Funcs[x]
				for _, u := range cf.Up {
					if !u.FromUp {
						use(u.Index)
					}
				}
				if cf.HasThis && f.HasThis && !cf.Shared {
					use(0) // a Shared closure takes nothing from its maker
				}
			}
		}
	}

}

// String disassembles one instruction (operands only; the disassembler adds
// constants and names): the name, then each used operand field, jumps and
// immediates signed.
func (i Instr) String() string {
	op := i.Op()
	if int(op) >= len(Ops) || Ops[op].Name == "" {
		return fmt.Sprintf("??? %#x", uint64(i))
	}
	info := &Ops[op]
	var b strings.Builder
	fmt.Fprintf(&b, "%-10s", info.Name)
	for k, r := range info.Roles() {
		if r == RNone {
			continue
		}
		if r == RJump || r == RImm {
			fmt.Fprintf(&b, " %+d", i.Operand(k))
		} else {
			fmt.Fprintf(&b, " %d", i.Operand(k))
		}
	}
	return strings.TrimRight(b.String(), " ")
}

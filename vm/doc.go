// Package vm is asyncvm's register machine: values and objects, the
// interpreter loop, calls, exceptions, tasks and the rt async runtime.
// docs/design.md describes the whole system; this comment is the map of
// the machine and of the files that hold each part.
//
// # Programs and functions
//
// The compiler produces a Program (machine.go): the functions (Funcs), the
// types (Types), the member-by-name call sites (Sites, each with an inline
// cache of receiver type -> method or field) and the static fields
// (Statics). It is immutable once built and shared by every thread. A Func
// is bytecode (Code, constants K, a line per instruction in Lines, the
// exception table Handlers, NumRegs registers) or a native library function
// (Native). A Machine (machine.go) is one running Program: output, the
// crash state, step limits and stop requests, the --stats Counters, and
// the library's per-machine state. A Thread is one goroutine running VM
// code.
//
// # Values
//
// A Value (value.go) is two words, a pointer p and a payload n. p nil is
// null; p pointing at a primitive type descriptor (TInt, TLong, TDouble,
// TFloat, TBool, TChar, TSByte, TByte, TShort, TUShort, TUInt, TULong, an
// enum type) makes an unboxed primitive whose bits are in n, so the
// predefined value types other than decimal never allocate; any
// other p is a heap object whose first word is a Header holding its *Type
// (object.go: Str, Array, Instance, Box, Closure, Native). Types are
// described by *Type (type.go): fields by index, methods and statics by
// name, the base type and interfaces. decimal is a Native holding
// netfmt's 96-bit Decimal (decimal.go).
//
// # Frames, registers and calls
//
// Each Thread owns a register stack ([]Value) and a frame stack ([]Frame).
// A Frame (machine.go) is a window R[0..NumRegs) of the register stack plus
// its Func, pc, the absolute index that receives its result, its closure,
// flags (boundary, awaited, thunk, resumed), and for rt async frames the
// caller's installed ExecutionContext (nil for Default), compared by
// reference at return. A call allocates nothing: the caller puts the
// arguments in consecutive registers at the top of its own window (R[A] is
// `this` for instance methods), and the callee's window starts there, so
// the arguments are its R[0..]; the result is written back to the caller's
// R[A]. Optional parameters and params arrays are completed on entry
// (interp.go, adjustArgs). Closures capture variables, not values: a
// captured local lives in a Box held in its register, and a Closure carries
// the boxes it captured (Up). A multicast delegate is a Closure whose
// function calls an immutable invocation list (delegate.go).
//
// # Instructions
//
// An Instr (opcodes.go) is 64 bits: op (8) | A (16) | B (16) | C (16) |
// unused (8). Bx is B and C together as an unsigned 32-bit operand; sBx the
// same, signed; sC is C as a signed 16-bit operand; decode them with the
// accessor methods. opcodes.go documents every opcode in register-transfer
// form, with Notes for the async ones, and Ops, the properties table: per
// opcode the role of each operand field (a register read or written, a
// register range of call arguments, a constant, an immediate, a jump, an
// index into a program table) and its flags (Wide, may throw, may suspend,
// ends the block, reads this). Everything that must understand operands
// derives from the roles: Instr.Regs (the registers read and written, which
// the rt liveness analysis in package rtasync uses), Instr.Jump, the
// disassembler, the REPL's relocation of table indices, opcodes_test.go.
//
// Typed instructions (ADD.i32, MUL.f64, JLT.i64, ...; typed.go holds their
// generic meanings) are chosen by the compiler from the binder's static
// types. Each checks that its operands have its representation (two
// pointer compares) and computes inline; otherwise it takes the generic
// instruction's path, so a wrong static type costs speed, never a misread
// value.
//
// The interpreter (interp.go, run) is one loop with one switch per
// instruction: typed and int fast paths inline (arithmetic, compare-and-jump,
// array elements, calls of bytecode functions), slow paths in helpers named
// in the file map below. Calls and backward jumps poll one machine flag for step
// limits and stop requests; each thread has at most Machine.MaxDepth
// frames, beyond which the program ends with "Stack overflow.". The
// resource limits (live heap, threads, output) and the accounting behind
// them are in limits.go.
//
// # Exceptions
//
// Inside Go a .NET exception is a *Thrown error holding the exception
// Instance (errors.go, with the async-aware stack trace it records);
// *Fatal ends the program (crashes, limits). A Go panic is a bug in
// asyncvm: it is recovered once at the interpreter's entry and reported as
// an internal error, exit status ExitInternal (recover.go). Handling is two-pass, as in
// .NET (interp.go, unwind, findCatch, runFilter): the first pass walks the
// frames and runs the catch filters to choose a clause before anything
// unwinds; the second unwinds, running finally blocks, and enters the
// clause.
//
// # Tasks, awaiters and the rt async runtime
//
// Task (task.go) is the one task object both models complete: status,
// result or exceptions, continuations. Awaiter (awaiter.go) is what both
// models await: Task implements it, and the library supplies the others
// (TaskAwaiter with ConfigureAwait, ValueTask, Task.Yield, user types with
// GetAwaiter). Completed ValueTasks with primitive results are unboxed
// values (valuetask.go).
//
// The rt model lives in runtime_async.go. Every call may return a second value,
// the continuation, carried structurally: a call to an rt async method
// pushes a frame marked awaited (the caller awaits it at once: CALLAW and
// its variants) or thunk (the caller observes a Task). A callee that
// returns without suspending costs a synchronous call; a thunk's result
// becomes a completed (often cached) Task. An await of an incomplete
// awaiter suspends: the frame is saved as a Continuation holding its Func,
// resume pc, destination register, only the registers live after that
// await (Func.Awaits, computed by package rtasync), a context only when it
// is not the Default, and an exception slot only when the await is inside
// a try. Each awaiting caller up to the nearest thunk saves itself the same
// way and links behind, the thunk gets a pending Task owning the chain, and
// the awaiter is told to resume it. Thread.Dispatch resumes the chain leaf
// first in one run of the interpreter loop (a resumed frame that returns or
// throws is replaced by the next continuation's frame), restoring each
// continuation's context, and puts the thread's own context back when it
// ends; a frame that suspends again reuses its continuation.
//
// The sm model needs nothing from runtime_async.go: package sm rewrites async
// methods into state machines before code generation, and the method
// builders and awaiter helpers the rewritten code calls are native library
// types (sm/builders.go).
//
// # The library
//
// The library is outside this package and plugs in through it. A Machine
// holds a Host (host.go), which package vm/threading implements: the pool,
// blocking waits, the awaiters and ValueTasks of library types, and
// culture-aware formatting. The registry (registry.go: RegisterType,
// RegisterExtension) holds the library types, which the compiler resolves
// by name; libtype.go builds them (NewLibType, AddMethod, AddProperty,
// library enums and native delegates); internal.go holds the natives the C#
// prelude calls. vm/lib is
// the synchronous library (Console, strings, formatting, collections,
// LINQ), vm/threading threads, the pool, tasks, contexts and
// synchronization, vm/netfmt .NET's number and date formatting and
// parsing; package ctx holds ExecutionContext and AsyncLocal, which each
// Thread reaches through Thread.Ctx.
//
// # Where each part lives
//
//	doc.go            this map
//	opcodes.go        instruction encoding, the opcodes, the properties table (operand roles)
//	typed.go          the generic meaning of the typed instructions, for their slow paths
//	value.go          Value: the two-word representation, primitives
//	object.go         heap objects: Header, Str, Array, Box, Closure, Instance, Native
//	type.go           Type: fields, methods, statics; System.Type objects
//	generic.go        constructed generic types: Construct, per-type statics, type names
//	decimal.go        decimal values and arithmetic
//	machine.go        Func, Program, Machine, Frame, Thread, counters
//	interp.go         the run loop, calls (Invoke, CallValue, frames), unwinding
//	arith.go          arithmetic, comparison, equality, numeric conversions
//	arith_int.go      integral arithmetic at C#'s widths, checked opcodes, >>>, unboxing
//	nullable.go       Nullable<T>'s members on the unwrapped representation
//	operators.go      operators of library value types (TimeSpan, DateTime)
//	object_ops.go     member access by name, indexing, allocation, is/as/casts
//	calls.go          CALLVIRT and CALLDEL: virtual, interface, library and delegate calls
//	convert.go        is-instance tests and conversions on stores
//	tostring.go       string concatenation, ToString, formatting
//	enum.go           enum types: underlying type, value order, formats, parsing
//	typeinit.go       static initialisers, run once per type
//	tuple.go          ValueTuple types: immutable instances, Item1..ItemN, Rest
//	ref.go            ref cells for ref and out arguments
//	threadstatic.go   [ThreadStatic] fields: each thread's own copies
//	struct.go         struct values: copies on field writes, `ref this`, the zero value
//	delegate.go       multicast delegates
//	errors.go         Thrown and Fatal errors, exception creation, stack traces
//	recover.go        internal errors: recovered Go panics, exit status 70
//	task.go           Task: status, result, continuations
//	awaiter.go        the Awaiter interface, blocking waits
//	valuetask.go      unboxed completed ValueTasks
//	runtime_async.go  the rt model: async frames, suspension, continuations, Dispatch
//	synccontext.go    SynchronizationContext.Current per thread, what awaits capture, posting
//	limits.go         resource limits and heap accounting
//	host.go           Host, what a Machine needs from its library
//	registry.go       the library type registry and extension methods
//	libtype.go        building library types, enums and native delegates
//	internal.go       natives the C# prelude calls
//	staticabs.go      static abstract interface members: finding a type argument's implementation
//	genericmath.go    the generic math interfaces' members on the built-in numeric types
package vm

package vm

import (
	"asyncvm/vm/fsys"
	"bufio"
	"fmt"
	"io"

	"asyncvm/ctx"
	"sync"
	"sync/atomic"
)

// NativeFn is a library function. args holds the receiver first for instance
// methods; it aliases the caller's registers, so it must not be retained. A
// returned error is a *Thrown (a .NET exception) or a *Fatal.
type NativeFn func(t *Thread, args []Value) (Value, error)

// Func is a callable: a compiled method, constructor, lambda or local
// function, or a native library function.
type Func struct {
	Name     string // simple name: "Main", "<Main>b__0_0", ".ctor"
	Owner    *Type  // declaring type (nil for library functions without one)
	File     string
	Code     []Instr
	K        []Value
	Fields   []FieldRef // the fields the field instructions name
	Lines    []int32    // source line of each instruction
	Line     int32      // line of the declaration
	Handlers []Handler

	NumParams int  // parameters, not counting this
	MinParams int  // parameters without a default value
	HasThis   bool // R[0] is this; parameters start at R[1]
	Variadic  bool // the last parameter is a params array
	// ParamsElem is the element type of the params array the call packs
	// extra arguments into (object when nil).
	ParamsElem *Type
	// ParamsColl marks a params parameter of a read-only collection
	// interface type (params IEnumerable<T>): the elements are packed
	// into an array, and a single argument, which the caller packs when
	// it is an element, is passed as is.
	ParamsColl bool
	Defaults   []Value
	NumRegs    int
	Up         []UpDesc // how a closure of this Func captures its variables
	// Shared says a closure of this Func captures nothing (no upvalue, and
	// this unread): CLOSURE makes one per machine and reuses it, as C#
	// caches a non-capturing lambda in a static field (Machine.closures).
	Shared    bool
	ParamConv []int8 // per parameter: the Conv applied on entry, or -1
	// ThisByRef marks a struct instance member that takes `this` by
	// reference (it starts with THISIN): a dynamic call on a struct
	// variable's box passes the box (callDynamic).
	ThisByRef bool

	IsStatic, IsVirtual, IsAbstract, IsCtor bool
	Async                                   AsyncKind
	Awaits                                  []AwaitSite // per await instruction, for rt suspension
	// AwaitAt maps a pc to 1 + the index in Awaits of the await there (0:
	// none), so that a suspension finds its site without a search; made
	// with the liveness (rtasync.Prepare). Without it (a Func built by
	// hand) Awaits is searched.
	AwaitAt []uint16
	// TaskType is the constructed task type an async method returning
	// Task<T> or ValueTask<T> with a closed T makes (Task`1[System.Int32]);
	// nil otherwise, and the task is then an erased Task`1.
	TaskType *Type
	// DelegateType is the delegate type a lambda converts to (Func`2[Int32,
	// Int32]), which its closures have at run time; nil: System.Delegate.
	DelegateType *Type
	Native       NativeFn
	// TypeArgs marks a library native of a generic method that takes the
	// method's type arguments (System.Type objects, null where unknown) as
	// hidden last arguments, after the ordinary ones, so that what it makes
	// carries them (Task.FromResult(1) is a Task<int>); see TakeTypeArgs.
	TypeArgs bool
	Attrs    []string // attribute names, for the bench harness
	// Sig is the type parameters and parameter list as .NET's stack
	// traces print them: "(Int32 n, String s)", "[T](T x)".
	Sig string
	// Slot is a virtual method's slot in its class's VTable, or an
	// interface method's slot in the IMap entry of its interface; 0 for
	// a method that has none (slots are numbered from 1).
	Slot int
	// Logical is the method a state machine's MoveNext stands for (sm
	// mode): stack traces name it, as .NET's do.
	Logical *Func
	// Iterator is the iterator method an iterator class's MoveNext
	// implements: stack traces print "P.F(Int32 n)+MoveNext()", as .NET's
	// do for iterators (the frame is an ordinary call of its caller).
	Iterator *Func
}

// paramsElem is the element type of fn's params array.
func (fn *Func) paramsElem() *Type {
	if fn.ParamsElem != nil {
		return fn.ParamsElem
	}
	return TObject
}

// AsyncKind says whether and how a Func is an async method.
type AsyncKind uint8

// Async kinds, by declared return type.
const (
	NotAsync AsyncKind = iota
	AsyncTask
	AsyncTaskT
	AsyncValueTask
	AsyncValueTaskT
	AsyncVoid
)

// AwaitSite lists what an rt suspension at one await must save.
type AwaitSite struct {
	PC    int     // pc of the await instruction
	Live  []int32 // registers live after the await (the destination excluded)
	InTry bool    // the await is inside a try block: its continuation has an exception slot
	// Final says no await is reachable from this one (exception edges
	// included): a frame resumed here returns or throws without
	// suspending again, so a dispatcher may restore its caller beneath it
	// at once (rtasync computes it with the liveness).
	Final bool
}

// UpDesc says where a closure's i-th captured box comes from when it is made.
type UpDesc struct {
	FromUp bool // true: the enclosing closure's Up[Index]; false: the enclosing frame's R[Index] (a Box)
	Index  int
}

// Handler is one exception-table entry, ordered innermost first. An
// exception raised at a pc in [Start, End) is handled here with the
// exception in R[Reg]: by the first of Clauses whose type matches and whose
// filter accepts (chosen in a first pass, before any finally block runs; the
// VM then jumps to the clause's Body), or, for an entry without clauses (a
// finally block), at Target, which rethrows when it is done.
type Handler struct {
	Start, End, Target, Reg int
	Clauses                 []CatchClause
	// Live is the number of registers, from 0, holding the variables in
	// scope at the try statement and its filtered catch variables: what a
	// filter may assign. The filter runs on a copy of the frame's
	// registers (runFilter) and these are copied back, so an assignment
	// in a filter is seen afterwards, as in .NET.
	Live int
}

// CatchClause is one catch clause of a try statement.
type CatchClause struct {
	Type   *Type // nil: any exception
	Filter int   // pc of the filter code (ending in ENDFILTER), or -1
	Body   int   // pc of the clause body
}

// QualifiedName is "Type.Method" as .NET prints it in stack traces.
func (f *Func) QualifiedName() string {
	if f.Owner == nil {
		return f.Name
	}
	return f.Owner.FullName() + "." + f.Name
}

// TraceName is the frame as .NET's stack traces print it:
// "P.F(Int32 n, String s)"; a state machine's MoveNext prints as the
// async method it implements, an iterator's as "P.F()+MoveNext()".
func (f *Func) TraceName() string {
	if f.Logical != nil {
		return f.Logical.TraceName()
	}
	if f.Iterator != nil {
		return f.Iterator.TraceName() + "+" + f.Name + "()"
	}
	if f.Sig == "" {
		return f.QualifiedName() + "()"
	}
	return f.QualifiedName() + f.Sig
}

// LineAt returns the source line of the instruction at pc.
func (f *Func) LineAt(pc int) int {
	if pc >= 0 && pc < len(f.Lines) {
		return int(f.Lines[pc])
	}
	return int(f.Line)
}

// Site is a member reference resolved at run time: a virtual call by slot,
// or by name a library call or a field/property access whose receiver
// type is only known at run time. It
// carries an inline cache of the last receiver type and what it resolved to.
type Site struct {
	Name string
	Argc int // arguments, not counting the receiver
	// Method is the virtual or interface method the compiler bound the
	// call to: its Slot finds the receiver's override or implementation
	// (Type.Slotted). Name and Argc find the member when the receiver's
	// type has no slots (a library object) or when Method is nil.
	Method *Func
	cache  atomic.Pointer[siteCache]
}

type siteCache struct {
	typ   *Type
	fn    *Func // method or property accessor
	field int   // field index when fn is nil
}

// StaticRef names one static field: Types[T].StaticVals[I].
type StaticRef struct {
	T *Type
	I int
}

// Program is a compiled program, immutable once built and shared by all threads.
type Program struct {
	File    string
	Source  []byte
	Funcs   []*Func
	Types   []*Type
	Sites   []*Site
	Statics []StaticRef
	Entry   *Func // Main, or the synthesized top-level Main
	// EntryTakesArgs says Entry has a string[] args parameter.
	EntryTakesArgs bool
	// Extensions are static methods callable with instance syntax (user
	// extension methods and library extensions such as LINQ), by name.
	Extensions map[string][]*Func
}

// Machine is one running program: the heap, the static state and the threads.
type Machine struct {
	Prog   *Program
	Stdout io.Writer
	Stderr io.Writer
	Stdin  io.Reader
	outMu  sync.Mutex
	inMu   sync.Mutex
	stdin  *bufio.Reader // Stdin, buffered on first use

	// Host is the library's side of the machine (pool, blocking, awaiters,
	// formatting); see host.go.
	Host Host

	// settings are process-wide library settings a program may set and
	// read back (Console.ForegroundColor, Console.OutputEncoding): kept per
	// machine, so in-process runs (the playground) do not share them.
	settingsMu sync.Mutex
	settings   map[string]Value

	// ExitCode is Environment.ExitCode: the process's exit status when
	// Main returns void or Task (an int Main's return value wins, as in
	// .NET).
	ExitCode atomic.Int32

	crashOnce sync.Once
	syncCtx   syncCtxInfo // found in the program at the first use (synccontext.go)
	dead      bool        // the process has died: output is discarded
	crashErr  error
	crashed   chan struct{}
	closeOnce sync.Once
	closed    chan struct{} // closed by Close

	// poll is set when a limit or a stop request needs checking at calls and
	// backward jumps; it keeps the unarmed check to one load.
	poll      atomic.Bool
	stepLimit int64
	stopErr   atomic.Pointer[Fatal]

	nextThreadID atomic.Int32
	threadsMu    sync.Mutex
	threads      []*Thread
	MaxDepth     int // frames per thread before "Stack overflow."
	// Counters holds the counts made outside any VM thread (CountersFor);
	// each thread has its own, and Stats sums them.
	Counters Counters
	// Sandbox hides the host from the program (the playground runs code
	// from anyone who can reach it): no environment variables, machine name
	// or host command line, and no network access. Without Files, it has no
	// file access either.
	Sandbox bool
	// Files is the file system System.IO reaches: the host's when nil and
	// not Sandbox; the driver gives a sandboxed machine one in memory.
	Files fsys.FS
	lim   limitState // heap, thread and output limits (limits.go)
	// closures holds, by function index, the one closure of each Shared
	// function, made on first use.
	closures []atomic.Pointer[Closure]
	// contDepot exchanges recycled continuations between threads.
	contDepot [numContClasses]contDepot
}

// Counters are the --stats figures, kept per thread (Thread.Counters) so
// that the suspension paths of several threads never share a cache line;
// Stats sums them. Only the owning thread adds to its counters, but Stats
// reads them while it runs, hence the atomics.
type Counters struct {
	Calls, AsyncCalls, Suspensions, Continuations, Tasks, StateMachineBoxes atomic.Int64
	ECCaptures, ECRestores, PoolItems                                       atomic.Int64
}

// NewMachine prepares a program to run.
func NewMachine(p *Program, stdout, stderr io.Writer) *Machine {
	m := &Machine{Prog: p, Stdout: stdout, Stderr: stderr, MaxDepth: 10000, crashed: make(chan struct{}), closed: make(chan struct{})}
	m.closures = make([]atomic.Pointer[Closure], len(p.Funcs))
	return m
}

// errClosed is what a thread of a closed machine ends with.
var errClosed = &Fatal{Msg: "asyncvm: the machine was closed", Code: 1}

// Close ends the machine and releases everything it holds outside itself,
// so that once the caller drops it the whole heap of the program is
// garbage: every thread still running VM code ends at its next call or
// backward jump (as Stop does), threads blocked in BlockOn are released
// with an error, output is discarded, and the host releases the pool (its
// workers exit), its timers and its waits. Close returns without waiting
// for the threads to end; it is safe to call more than once and from any
// goroutine, but not while Stats is needed: read Stats first.
func (m *Machine) Close() {
	m.closeOnce.Do(func() {
		m.Stop(errClosed)
		m.ReleaseLimits()
		m.outMu.Lock()
		m.dead = true
		m.outMu.Unlock()
		close(m.closed)
		if m.Host != nil {
			m.Host.Close()
		}
	})
}

// Closed is closed when Close is called.
func (m *Machine) Closed() <-chan struct{} { return m.closed }

// Crash ends the program from any thread: an unhandled exception on a thread
// or pool item, a failed fast, Environment.Exit. The first call wins.
func (m *Machine) Crash(err error) {
	m.crashOnce.Do(func() {
		m.crashErr = err
		m.outMu.Lock()
		m.dead = true
		m.outMu.Unlock()
		close(m.crashed)
	})
}

// Crashed is closed when Crash is called; CrashErr then says why.
func (m *Machine) Crashed() <-chan struct{} { return m.crashed }

// CrashErr returns the error Crash was called with.
func (m *Machine) CrashErr() error {
	select {
	case <-m.crashed:
		return m.crashErr
	default:
		return nil
	}
}

// Write writes program output; it is safe to call from any thread.
func (m *Machine) Write(s string) {
	m.outMu.Lock()
	crossed := m.writeLimited(m.Stdout, s)
	m.outMu.Unlock()
	if crossed {
		m.outputExceeded()
	}
}

// ReadStdin calls read with the machine's buffered Stdin, one reader at a
// time (Console.ReadLine from several threads).
func (m *Machine) ReadStdin(read func(r *bufio.Reader)) {
	m.inMu.Lock()
	defer m.inMu.Unlock()
	if m.stdin == nil {
		m.stdin = bufio.NewReader(m.Stdin)
	}
	read(m.stdin)
}

// Frame is one activation record on a thread's frame stack.
type Frame struct {
	fn    *Func
	pc    int
	base  int // absolute index of R[0] in the thread's stack
	ret   int // absolute stack index receiving the result
	cl    *Closure
	flags uint8
	ec    *ctx.Context  // rt async frames: the caller's installed context (nil: Default), put back on exit
	rest  *Continuation // resumed frames: the continuation this frame was resumed from
}

// Thread is a VM thread: one goroutine's register stack and frames.
type Thread struct {
	M      *Machine
	ID     int32
	stack  []Value
	frames []Frame

	// Ctx is the thread's ExecutionContext state.
	Ctx *ctx.Thread

	// syncCtx is SynchronizationContext.Current; schedCtx the context of
	// the running task's scheduler; awaitCtx what an await captures, derived
	// from both (synccontext.go). syncSaved holds the contexts rt async
	// frames marked frameSyncSaved put back when they leave.
	syncCtx, schedCtx, awaitCtx *Instance
	syncSaved                   []savedSyncCtx

	// Instructions executed (for --stats and step limits).
	Steps      int64
	calls      int64
	asyncCalls int64
	pendingErr error
	allocLeft  int64 // bytes until the next sampled allocation (limits.go)
	allocated  int64 // bytes the thread's allocations were accounted at (Alloc, Count)
	// The counters as of the last run's end, for Stats (and for
	// GC.GetTotalAllocatedBytes, pubAllocated).
	pubSteps, pubCalls, pubAsyncCalls, pubAllocated atomic.Int64
	match                                           *excMatch // the first pass's decision for the exception being unwound
	initWait                                        *Type     // the type whose initialiser this thread waits for; guarded by initMu
	runSeq                                          uint64    // counts runs of the interpreter loop on this thread
	curRun                                          uint64    // the run executing now
	// Lib is the library's per-thread state (context, current task).
	Lib any
	// tstatics holds the thread's copies of thread-static fields, by type
	// (threadstatic.go).
	tstatics map[*Type]*Array
	// accArgs holds the argument windows of native accessor calls in
	// progress (callAccessor), so that an indexer or property call does
	// not allocate its receiver-and-arguments slice.
	accArgs []Value
	// parker blocks the thread in untimed waits (made on first use).
	parker *Parker
	// waiting says what the thread waits for while it blocks without a
	// time limit (nil otherwise), for deadlock reports.
	waiting atomic.Pointer[WaitInfo]
	// freeConts are continuations this thread resumed and finished, by
	// size class, reused by its next suspensions.
	freeConts [numContClasses]contFreeList
	// Counters are this thread's --stats counts (see Counters).
	Counters Counters
}

// CountersFor returns the counters to add to for work done by t: its own,
// or the machine's when t is nil (a timer or another outside caller).
func (m *Machine) CountersFor(t *Thread) *Counters {
	if t != nil {
		return &t.Counters
	}
	return &m.Counters
}

// sumInto adds c's counts to s.
func (c *Counters) sumInto(s *Stats) {
	s.AsyncCalls += c.AsyncCalls.Load() // sm: counted by the stubs (AsyncMethodBuilderCore.Enter)
	s.Suspensions += c.Suspensions.Load()
	s.Continuations += c.Continuations.Load()
	s.Tasks += c.Tasks.Load()
	s.StateMachineBoxes += c.StateMachineBoxes.Load()
	s.ECCaptures += c.ECCaptures.Load()
	s.ECRestores += c.ECRestores.Load()
	s.PoolItems += c.PoolItems.Load()
}

// NewThread makes a VM thread; the caller runs it on its own goroutine.
func (m *Machine) NewThread() *Thread {
	t := &Thread{M: m, ID: m.nextThreadID.Add(1), stack: make([]Value, 256), frames: make([]Frame, 0, 32), Ctx: ctx.NewThread(), allocLeft: sampleGap()}
	m.threadsMu.Lock()
	m.threads = append(m.threads, t)
	m.threadsMu.Unlock()
	return t
}

// WaitInfo describes what a thread blocked without a time limit waits for;
// it does not change once published.
type WaitInfo struct {
	What string // "Task.Result", "Thread.Join", ...; "" when unknown
	Task *Task  // the task waited for, if any
}

// SetWaiting publishes what t waits for (nil: it no longer waits).
func (t *Thread) SetWaiting(w *WaitInfo) { t.waiting.Store(w) }

// Waiting returns what t waits for, or nil; safe from any goroutine.
func (t *Thread) Waiting() *WaitInfo { return t.waiting.Load() }

// Threads returns the machine's VM threads, in creation order.
func (m *Machine) Threads() []*Thread {
	m.threadsMu.Lock()
	defer m.threadsMu.Unlock()
	return append([]*Thread(nil), m.threads...)
}

// Stats are the --stats counters of a run.
type Stats struct {
	Instructions      int64 `json:"instructions"`
	Calls             int64 `json:"calls"`
	AsyncCalls        int64 `json:"async_calls"`
	Suspensions       int64 `json:"suspensions"`
	Continuations     int64 `json:"continuations"`
	Tasks             int64 `json:"tasks"`
	StateMachineBoxes int64 `json:"state_machine_boxes"`
	ECCaptures        int64 `json:"ec_captures"`
	ECRestores        int64 `json:"ec_restores"`
	PoolItems         int64 `json:"pool_items"`
	HeapBytes         int64 `json:"heap_bytes"`
	HeapAllocs        int64 `json:"heap_allocs"`
}

// Stats sums the machine's counters over all its threads: each thread
// publishes its counts when a run of the interpreter loop ends, so a thread
// still running contributes what it had published.
func (m *Machine) Stats() Stats {
	var s Stats
	m.threadsMu.Lock()
	for _, t := range m.threads {
		s.Instructions += t.pubSteps.Load()
		s.Calls += t.pubCalls.Load()
		s.AsyncCalls += t.pubAsyncCalls.Load()
		t.Counters.sumInto(&s)
	}
	m.threadsMu.Unlock()
	m.Counters.sumInto(&s)
	return s
}

// Depth returns the number of active frames.
func (t *Thread) Depth() int { return len(t.frames) }

// top is the first free stack slot above the current frame.
func (t *Thread) top() int {
	if len(t.frames) == 0 {
		return 0
	}
	fr := &t.frames[len(t.frames)-1]
	return fr.base + fr.fn.NumRegs
}

func (t *Thread) growStack(need int) {
	n := len(t.stack) * 2
	for n < need {
		n *= 2
	}
	s := make([]Value, n)
	copy(s, t.stack)
	t.stack = s
}

// SetStepLimit ends the program with a Fatal error once a thread has
// executed more than n instructions.
func (m *Machine) SetStepLimit(n int64) {
	m.stepLimit = n
	m.poll.Store(n > 0 || m.stopErr.Load() != nil)
}

// Stop asks every thread of the machine to end with err at its next call or
// backward jump (timeouts, REPL cancellation).
func (m *Machine) Stop(err *Fatal) {
	m.stopErr.Store(err)
	m.poll.Store(true)
}

// Charge counts n steps of a long-running native (a regex match) as
// executed instructions, and returns the error that ends the thread when
// the machine was asked to stop or the step limit is exceeded. Natives
// that may run long call it periodically, so that they honour the same
// limits as bytecode.
func (t *Thread) Charge(n int64) error {
	t.Steps += n
	if t.M.poll.Load() {
		return t.checkLimits(0)
	}
	return nil
}

// checkLimits is the slow path of the poll at calls and backward jumps.
func (t *Thread) checkLimits(steps int64) error {
	if e := t.M.stopErr.Load(); e != nil {
		return e
	}
	if l := t.M.stepLimit; l > 0 && t.Steps+steps > l {
		return &Fatal{Msg: fmt.Sprintf("asyncvm: the step limit of %d instructions was exceeded", l), Code: 1}
	}
	return nil
}

// Setting returns the process-wide library setting name, or def when the
// program has not set it.
func (m *Machine) Setting(name string, def Value) Value {
	m.settingsMu.Lock()
	defer m.settingsMu.Unlock()
	if v, ok := m.settings[name]; ok {
		return v
	}
	return def
}

// SetSetting sets the process-wide library setting name.
func (m *Machine) SetSetting(name string, v Value) {
	m.settingsMu.Lock()
	defer m.settingsMu.Unlock()
	if m.settings == nil {
		m.settings = map[string]Value{}
	}
	m.settings[name] = v
}

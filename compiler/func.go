package compiler

import (
	"fmt"
	"math"

	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// local is a variable in scope: a parameter or a local.
type local struct {
	name  string
	reg   int
	boxed bool // lives in a Box in reg (captured by a closure: bind.Info.Captured)
	isRef bool // a ref/out parameter: reg holds a reference
	typ   *vm.Type
	conv  *vm.Type // declared type to convert to on store
	fs    *funcState
	key   bind.Var
	lfn   *localFuncInfo // the local function this variable holds, if any
	// readonly is an `in` parameter: a mutating call on it works on a
	// copy, as C#'s defensive copy.
	readonly bool
}

// localFuncInfo is what a call to a local function needs to know about it.
type localFuncInfo struct {
	decl   *lang.MethodDecl
	shape  *vm.Func // parameter counts and defaults (no code)
	hidden int      // hidden type-argument parameters
}

type scope struct {
	parent  *scope
	vars    map[string]*local
	top     int // first register of this scope
	funcTop bool
	// entry is the code run on entering the block: the boxes of its captured
	// locals and the closures of its local functions. A goto that jumps into
	// the block from outside (only the sm rewrite's resumption dispatch does)
	// runs a copy of it, since the jump skips the original.
	entry []vm.Instr
}

type label struct {
	pc      int
	patches []int
	gotos   []forwardGoto // goto statements to this label not yet patched
}

// forwardGoto is a jump emitted by a goto statement before its label was
// placed, with the scope it jumps from.
type forwardGoto struct {
	at   int
	from *scope
}

// jumpTarget is a break/continue destination.
type jumpTarget struct {
	brk, cont *label
	tryDepth  int
	isSwitch  bool
	sw        *switchCtx
}

type switchCtx struct {
	caseLabels map[string]*label // constant text -> section label
	defLabel   *label
}

// tryCtx is an enclosing try statement with a finally block.
type tryCtx struct {
	pendingReg int
	excReg     int
	finally    *label
	branches   []*label // pending branch k+2 jumps to branches[k]
	branchTD   []int    // try depth of each branch target
	hasReturn  bool
}

type upInfo struct {
	loc *local // the variable captured (in an enclosing function)
	vm.UpDesc
}

// funcState compiles one function body: a method, constructor, accessor,
// lambda or local function.
type funcState struct {
	// exprVarsTop is the register top once the statement being compiled
	// has declared its out and pattern variables (predeclareExprVars).
	exprVarsTop int
	// condOf maps the links of the conditional access chains being
	// compiled to their chain (condaccess.go).
	condOf   map[lang.Expr]*condAccess
	c        *Compiler
	parent   *funcState
	cls      *classInfo
	fn       *vm.Func
	static   bool // no this
	async    bool
	inLambda bool // a lambda or anonymous method (an await in it outside async is CS4034)
	ret      *lang.TypeRef

	code  []vm.Instr
	lines []int32
	k     []vm.Value
	kstr  map[string]int
	// fields is the Func's field table: the operand of its field
	// instructions, naming the declaring class and the slot.
	fields   []vm.FieldRef
	fieldIdx map[vm.FieldRef]int

	nregs int
	top   int
	scope *scope

	ups     []upInfo
	upIndex map[*local]int

	targets  []jumpTarget
	tries    []*tryCtx
	labels   map[string]*label
	retReg   int
	line     int32
	handlers []vm.Handler
	awaits   []vm.AwaitSite
	inTry    int
	inLock   int           // lock statements around the code being compiled (await is not allowed there)
	expect   *lang.TypeRef // the target type of the expression being compiled, when known

	// fresh is dst+1 while the expression being compiled targets a new
	// temporary dst that nothing else names (exprReg's), so a call may use
	// dst as its window and leave its result there without a MOVE; unused
	// is dst+1 while an assignment statement is compiled, whose value
	// (in dst) nobody reads, so its final MOVE is left out. Zero: none.
	fresh, unused int

	typeWitness map[string]string // type parameter -> a parameter declared with that type

	catchRegs  []int          // exception registers of the enclosing catch blocks, for `throw;`
	labelDepth map[string]int // goto labels and the try depth they sit at

	keepRef bool // index compiles a ref-returning indexer's reference, not its value (refOf)
	thisRef int  // a struct method's register holding its `ref this`, or null (structThisIn); 0: none
}

func (c *Compiler) newFuncState(parent *funcState, cls *classInfo, fn *vm.Func, static bool) *funcState {
	fs := &funcState{c: c, parent: parent, cls: cls, fn: fn, static: static, kstr: map[string]int{}, fieldIdx: map[vm.FieldRef]int{},
		upIndex: map[*local]int{}, labels: map[string]*label{}, retReg: -1}
	fs.scope = &scope{vars: map[string]*local{}, funcTop: true}
	if !static {
		fs.top = 1
		fs.nregs = 1
	}
	return fs
}

func (fs *funcState) errorf(pos lang.Pos, format string, args ...any) {
	fs.c.errorf(pos, format, args...)
}

// ---- registers ----

func (fs *funcState) alloc() int {
	r := fs.top
	fs.top++
	if fs.top > fs.nregs {
		fs.nregs = fs.top
	}
	if fs.top > 60000 {
		fs.top = 60000
	}
	return r
}

func (fs *funcState) allocN(n int) int {
	r := fs.top
	for i := 0; i < n; i++ {
		fs.alloc()
	}
	return r
}

func (fs *funcState) setTop(t int) { fs.top = t }

// ---- emission ----

func (fs *funcState) emit(i vm.Instr) int {
	fs.code = append(fs.code, i)
	fs.lines = append(fs.lines, fs.line)
	return len(fs.code) - 1
}

func (fs *funcState) emitABC(op vm.Op, a, b, c int) int { return fs.emit(vm.MakeABC(op, a, b, c)) }
func (fs *funcState) emitABx(op vm.Op, a, bx int) int   { return fs.emit(vm.MakeABx(op, a, bx)) }

func (fs *funcState) at(pos lang.Pos) {
	if pos.Line > 0 {
		fs.c.at = pos
	}
	if pos.Line > 0 && pos.File != PreludeFile {
		fs.line = int32(pos.Line)
	} else if pos.Line > 0 && fs.fn.File == PreludeFile {
		fs.line = int32(pos.Line)
	}
}

func (fs *funcState) newLabel() *label { return &label{pc: -1} }

func (fs *funcState) mark(l *label) {
	l.pc = len(fs.code)
	for _, p := range l.patches {
		fs.patch(p, l.pc)
	}
	l.patches = nil
}

func (fs *funcState) patch(at, target int) {
	ins := fs.code[at]
	off := target - (at + 1)
	if vm.Ops[ins.Op()].Flags&vm.Wide == 0 && (off < math.MinInt16 || off > math.MaxInt16) {
		fs.errorf(lang.Pos{File: fs.fn.File, Line: int(fs.lines[at]), Col: 1}, "method '%s' is too large to compile", fs.fn.Name)
	}
	fs.code[at] = ins.WithJump(off)
}

// jumpTo emits a jump-type instruction to l (patched when l is marked).
func (fs *funcState) jumpTo(l *label, i vm.Instr) {
	at := fs.emit(i)
	if l.pc >= 0 {
		fs.patch(at, l.pc)
	} else {
		l.patches = append(l.patches, at)
	}
}

func (fs *funcState) jmp(l *label) { fs.jumpTo(l, vm.MakeABx(vm.OpJmp, 0, 0)) }

// ---- constants ----

func (fs *funcState) constIndex(v vm.Value) int {
	if s := v.AsStr(); s != nil {
		if i, ok := fs.kstr[s.S]; ok {
			return i
		}
		fs.kstr[s.S] = len(fs.k)
	}
	fs.k = append(fs.k, v)
	return len(fs.k) - 1
}

// field returns the index in the Func's field table of instance field fi.
func (fs *funcState) field(fi *fieldInfo) int { return fs.fieldRef(fi.owner.t, fi.index) }

func (fs *funcState) loadConst(dst int, v vm.Value) {
	if v.IsInt() && v.AsInt() >= -1<<30 && v.AsInt() < 1<<30 {
		fs.emitABx(vm.OpLoadInt, dst, int(v.AsInt()))
		return
	}
	if v.IsNull() {
		fs.emitABC(vm.OpLoadNull, dst, 0, 0)
		return
	}
	if t := v.PrimType(); t == vm.TBool {
		b := 0
		if v.AsBool() {
			b = 1
		}
		fs.emitABC(vm.OpLoadBool, dst, b, 0)
		return
	}
	fs.emitABx(vm.OpLoadK, dst, fs.constIndex(v))
}

// ---- scopes and variables ----

func (fs *funcState) pushScope() {
	fs.scope = &scope{parent: fs.scope, vars: map[string]*local{}, top: fs.top}
}

func (fs *funcState) popScope() {
	fs.top = fs.scope.top
	fs.scope = fs.scope.parent
}

// declare declares a new local in the current scope. It lives in a box
// when the binder found a nested function that captures it.
func (fs *funcState) declare(name string, pos lang.Pos, typ, conv *vm.Type) *local {
	if name == "" {
		return &local{name: name, reg: fs.alloc(), fs: fs}
	}
	for s := fs.scope; s != nil; s = s.parent {
		if old, ok := s.vars[name]; ok && old.fs == fs {
			if s == fs.scope {
				// The first declaration keeps the name; the redeclaration
				// is reported once, where it is written.
				key := bind.Var{Pos: pos, Name: name}
				if !fs.c.duplicates[key] {
					if fs.c.duplicates == nil {
						fs.c.duplicates = map[bind.Var]bool{}
					}
					fs.c.duplicates[key] = true
					fs.errorf(pos, "A local variable or function named '%s' is already defined in this scope", name)
				}
				return &local{name: name, reg: fs.alloc(), typ: typ, conv: conv, fs: fs, key: key}
			}
			fs.errorf(pos, "A local or parameter named '%s' cannot be declared in this scope because that name is used in an enclosing local scope to define a local or parameter", name)
			break
		}
		if s.funcTop {
			break
		}
	}
	key := bind.Var{Pos: pos, Name: name}
	l := &local{name: name, reg: fs.alloc(), typ: typ, conv: conv, fs: fs, key: key, boxed: fs.c.info.IsBoxed(key)}
	fs.scope.vars[name] = l
	return l
}

// initBox makes a boxed local's box, holding the value currently in reg.
func (fs *funcState) initBox(l *local) {
	if l.boxed {
		fs.emitABC(vm.OpNewBox, l.reg, l.reg, 0)
	}
}

// lookup resolves a name to a local of this or an enclosing function.
func (fs *funcState) lookup(name string) *local {
	for f := fs; f != nil; f = f.parent {
		for s := f.scope; s != nil; s = s.parent {
			if l, ok := s.vars[name]; ok {
				return l
			}
		}
	}
	return nil
}

// upvalue returns the index of l in this function's captured list. The
// binder's closure analysis found every captured variable, which lives in
// a box the closures share; a capture it missed is a bug in asyncvm.
func (fs *funcState) upvalue(l *local) int {
	if i, ok := fs.upIndex[l]; ok {
		return i
	}
	u := upInfo{loc: l}
	switch {
	case fs.parent != l.fs:
		u.UpDesc = vm.UpDesc{FromUp: true, Index: fs.parent.upvalue(l)}
	case l.boxed:
		u.UpDesc = vm.UpDesc{FromUp: false, Index: l.reg}
	default:
		panic(fmt.Sprintf("closure analysis missed the capture of '%s' (%s)", l.name, l.key.Pos))
	}
	i := len(fs.ups)
	fs.ups = append(fs.ups, u)
	fs.upIndex[l] = i
	return i
}

// readVar loads a variable's value into dst.
func (fs *funcState) readVar(l *local, dst int) {
	switch {
	case l.fs != fs:
		fs.emitABC(vm.OpGetUp, dst, fs.upvalue(l), 0)
	case l.boxed:
		fs.emitABC(vm.OpGetBox, dst, l.reg, 0)
	case l.isRef:
		fs.emitABC(vm.OpGetRef, dst, l.reg, 0)
	default:
		if dst != l.reg {
			fs.emitABC(vm.OpMove, dst, l.reg, 0)
		}
	}
}

// writeVar stores src into a variable.
func (fs *funcState) writeVar(l *local, src int) {
	switch {
	case l.fs != fs:
		fs.emitABC(vm.OpSetUp, fs.upvalue(l), src, 0)
	case l.boxed:
		fs.emitABC(vm.OpSetBox, l.reg, src, 0)
	case l.isRef:
		fs.emitABC(vm.OpSetRef, l.reg, src, 0)
	default:
		if src != l.reg {
			fs.emitABC(vm.OpMove, l.reg, src, 0)
		}
	}
}

// direct reports whether a variable can be used in place as a register.
func (fs *funcState) direct(l *local) bool { return l.fs == fs && !l.boxed && !l.isRef }

// finish completes the Func. Each body is compiled once: a Func that
// already has code is a bug in asyncvm.
func (fs *funcState) finish() {
	f := fs.fn
	if f.Code != nil {
		panic(fmt.Sprintf("the body of %s was compiled twice", f.Name))
	}
	f.Code = fs.code
	f.Lines = fs.lines
	f.K = fs.k
	f.Fields = fs.fields
	f.NumRegs = fs.nregs + 1
	f.Handlers = fs.handlers
	f.Awaits = fs.awaits
	if len(fs.ups) > 0 {
		f.Up = make([]vm.UpDesc, len(fs.ups))
		for i, u := range fs.ups {
			f.Up[i] = u.UpDesc
		}
	}
}

// displayName is how C# diagnostics name the function being compiled.
func (fs *funcState) displayName() string {
	name := fs.fn.Name
	if fs.cls != nil && fs.parent == nil {
		name = fs.cls.decl.Name + "." + name
	}
	return name + "()"
}

package bind

import (
	"fmt"
	"math/bits"

	"asyncvm/lang"
)

// Flow analysis: C#'s definite assignment (§9.4) and reachability
// (§13.2), run over each member body once the binder has bound it, as
// Roslyn runs its DefiniteAssignment and ControlFlow passes over a method's
// bound tree before lowering. It reports
//
//   - CS0165 and CS0269: a local, or an out parameter, read where it is not
//     definitely assigned;
//   - CS0177: an out parameter not definitely assigned where control leaves
//     the method (a return, the end of the body);
//   - CS0161 and CS1643: a method, accessor, local function or lambda with
//     a return value whose end point is reachable;
//   - CS0163 and CS8070: a switch section whose end point is reachable.
//
// The state at a point of the program is the set of variables definitely
// assigned there, or "unreachable", in which every variable counts as
// assigned (so code after a return reports nothing, and joining with it
// changes nothing). Conditions split the state into the states when true
// and when false (`&&`, `||`, `!`, `?:`, `is` patterns, constants), so
// `if (x is int n && n > 0)` and `while (true)` are exact. Jumps (return,
// break, continue, goto) are pending branches that loops, switches, labels
// and the end of the function resolve; a branch leaving a try block picks
// up the finally block's assignments, and dies when the finally block
// cannot complete. A catch or finally block starts from the state at the
// start of the try block (an exception may occur anywhere in it; that is
// the intersection of every state inside). A loop's condition sees the
// state at the loop's entry: an iteration only adds assignments to the
// variables in scope there. A backward goto can make a label reachable
// late, so a function with one is analysed again until the labels' states
// are stable.
//
// A lambda starts from the state where it is written (reading a captured
// variable needs it assigned there) and its assignments do not flow out.
// A local function is analysed with the variables it captures counted as
// assigned, and a call to it counts every captured variable it assigns
// anywhere as assigned: Roslyn is exact about both (it checks the
// captured variables a local function reads at each call, and takes the
// ones it definitely assigns), this is lenient, so a valid program is
// never rejected. For the same reason `a?.F(out x)` counts as assigning x.
//
// Names resolve with C#'s scopes, as the binder's and closure analysis's
// do: a block's locals, an embedded statement's, the variables of an if
// condition in the enclosing block, a while condition's and a for
// statement's in the loop, a switch section's pattern variables in the
// section and its locals in the whole switch block. A name that is not a
// local or parameter (a field, a type) is not tracked.

// flowSet is a set of variable slots.
type flowSet []uint64

func (s flowSet) has(i int) bool { return i/64 < len(s) && s[i/64]&(1<<(i%64)) != 0 }

func (s *flowSet) set(i int) {
	for i/64 >= len(*s) {
		*s = append(*s, 0)
	}
	(*s)[i/64] |= 1 << (i % 64)
}

func (s *flowSet) clear(i int) {
	if i/64 < len(*s) {
		(*s)[i/64] &^= 1 << (i % 64)
	}
}

// flowState is what is known at a point: whether it is reachable and which
// variables are definitely assigned there.
type flowState struct {
	dead     bool
	assigned flowSet
}

func (s flowState) clone() flowState {
	return flowState{dead: s.dead, assigned: append(flowSet(nil), s.assigned...)}
}

func deadState() flowState { return flowState{dead: true} }

// join is the state where control may come from a or b: reachable if either
// is, assigned what both assign.
func join(a, b flowState) flowState {
	switch {
	case a.dead:
		return b.clone()
	case b.dead:
		return a.clone()
	}
	n := min(len(a.assigned), len(b.assigned))
	out := make(flowSet, n)
	for i := range out {
		out[i] = a.assigned[i] & b.assigned[i]
	}
	return flowState{assigned: out}
}

// union adds the assignments of finally block state f to s (a branch or
// the normal completion passing through it).
func union(s, f flowState) flowState {
	if s.dead || f.dead {
		return deadState()
	}
	out := s.clone()
	for i, w := range f.assigned {
		for w != 0 {
			b := bits.TrailingZeros64(w)
			out.assigned.set(i*64 + b)
			w &^= 1 << b
		}
	}
	return out
}

func sameState(a, b flowState) bool {
	if a.dead || b.dead {
		return a.dead == b.dead
	}
	for i := 0; i < max(len(a.assigned), len(b.assigned)); i++ {
		var x, y uint64
		if i < len(a.assigned) {
			x = a.assigned[i]
		}
		if i < len(b.assigned) {
			y = b.assigned[i]
		}
		if x != y {
			return false
		}
	}
	return true
}

type flowVar struct {
	name string
	slot int
	out  bool // an out parameter (CS0269, CS0177)
}

type flowScope struct {
	parent *flowScope
	vars   map[string]*flowVar
	funcs  map[string]*lang.MethodDecl  // local functions
	labels map[string]*lang.LabeledStmt // labels of a block
	block  bool                         // statement-level locals are declared here
	fn     bool                         // a function's outermost scope: labels do not resolve beyond it
}

type branchKind int

const (
	brReturn branchKind = iota
	brBreak
	brContinue
	brGoto
)

// branch is a jump not yet resolved: its kind, its target (the loop or
// switch statement of a break or continue, the label of a goto), the
// state it carries and where it is.
type branch struct {
	kind   branchKind
	target lang.Node
	state  flowState
	pos    lang.Pos
}

type flowFn struct {
	outs    []*flowVar
	pending []*branch
	targets []flowTarget // enclosing loops and switches, innermost last
}

type flowTarget struct {
	stmt lang.Stmt
	loop bool
}

// flowUnit is one function body to analyse.
type flowUnit struct {
	params []*lang.Param
	body   *lang.BlockStmt
	expr   lang.Expr      // an expression body, or an initializer
	init   *lang.CtorInit // a constructor's initializer, analysed before the body
	// ret is the type a return statement converts to (T of an async
	// Task<T> method); nil or void when no value is required.
	ret *Type
	// what names the function in CS0161 ('P.F(int)'); lambda is set for a
	// lambda (CS1643 names its delegate type, delegate).
	what     string
	pos      lang.Pos
	lambda   bool
	delegate *Type
}

type flowDiag struct {
	pos       lang.Pos
	code, msg string
}

type flow struct {
	b      *binder
	report bool
	diags  []flowDiag
	slots  int
	cur    flowState
	sc     *flowScope
	fn     *flowFn
	// labelBack holds, across passes, the states backward gotos bring to a
	// label; labelSeen the state at the label in the current pass.
	labelBack map[*lang.LabeledStmt]flowState
	labelSeen map[*lang.LabeledStmt]flowState
	again     bool
	// writes memoizes the names of captured variables each local function
	// assigns (localWrites).
	writes map[*lang.MethodDecl][]string
}

// flowBody analyses a member body once it is bound and reports what it
// finds.
func (b *binder) flowBody(u flowUnit) {
	if b.file == nil || !b.program[b.file] {
		return
	}
	a := &flow{b: b, report: true, labelBack: map[*lang.LabeledStmt]flowState{}, writes: map[*lang.MethodDecl][]string{}}
	for pass := 0; ; pass++ {
		a.diags, a.slots, a.again = nil, 0, false
		a.labelSeen = map[*lang.LabeledStmt]flowState{}
		a.function(u, flowState{}, nil)
		if !a.again || pass == 8 {
			break
		}
	}
	for _, d := range a.diags {
		b.errorf(d.pos, d.code, "%s", d.msg)
	}
}

// endReachable reports whether the end point of a lambda's block body is
// reachable (the binder's test of a lambda that returns no value, §10.7.1).
func (b *binder) endReachable(body *lang.BlockStmt) bool {
	a := &flow{b: b, labelBack: map[*lang.LabeledStmt]flowState{}, labelSeen: map[*lang.LabeledStmt]flowState{},
		writes: map[*lang.MethodDecl][]string{}}
	return a.function(flowUnit{body: body}, flowState{}, nil)
}

func (a *flow) errorf(pos lang.Pos, code, format string, args ...any) {
	if !a.report {
		return
	}
	a.diags = append(a.diags, flowDiag{pos, code, fmt.Sprintf(format, args...)})
}

// function analyses a function body from state entry, in scope parent, and
// reports whether its end point is reachable.
func (a *flow) function(u flowUnit, entry flowState, parent *flowScope) bool {
	saveFn, saveSc, saveCur := a.fn, a.sc, a.cur
	a.fn = &flowFn{}
	a.sc = &flowScope{parent: parent, vars: map[string]*flowVar{}, block: true, fn: true}
	a.cur = entry
	for _, p := range u.params {
		v := a.declare(p.Name)
		if v == nil {
			continue
		}
		if p.Modifier == "out" {
			v.out = true
			a.fn.outs = append(a.fn.outs, v)
		} else {
			a.cur.assigned.set(v.slot)
		}
	}
	if u.init != nil {
		a.args(u.init.Args)
	}
	if u.body != nil {
		a.block(u.body.Stmts)
	}
	if u.expr != nil {
		a.expr(u.expr)
		a.checkOuts(a.cur, posOf(u.expr))
	}
	for _, br := range a.fn.pending {
		if br.kind == brReturn {
			a.checkOuts(br.state, br.pos)
		}
	}
	reachable := u.body != nil && !a.cur.dead
	if reachable {
		if r := u.ret; r != nil && !isVoid(r) && !r.IsUnchecked() {
			if u.lambda {
				a.errorf(u.pos, "CS1643", "Not all code paths return a value in lambda expression of type '%s'", u.delegate)
			} else {
				a.errorf(u.pos, "CS0161", "'%s': not all code paths return a value", u.what)
			}
		}
		a.checkOuts(a.cur, u.body.Rbrace)
	}
	a.fn, a.sc, a.cur = saveFn, saveSc, saveCur
	return reachable
}

func (a *flow) checkOuts(s flowState, pos lang.Pos) {
	if s.dead {
		return
	}
	for _, v := range a.fn.outs {
		if !s.assigned.has(v.slot) {
			a.errorf(pos, "CS0177", "The out parameter '%s' must be assigned before control leaves the current method", v.name)
		}
	}
}

// ---- Scopes and variables ----

func (a *flow) push(block bool) {
	a.sc = &flowScope{parent: a.sc, vars: map[string]*flowVar{}, block: block}
}

func (a *flow) pop() { a.sc = a.sc.parent }

// declare declares a variable in the innermost scope, not yet assigned.
func (a *flow) declare(name string) *flowVar {
	return a.declareIn(a.sc, name)
}

// declareLocal declares a statement-level local in the innermost block.
func (a *flow) declareLocal(name string) *flowVar {
	s := a.sc
	for !s.block {
		s = s.parent
	}
	return a.declareIn(s, name)
}

func (a *flow) declareIn(s *flowScope, name string) *flowVar {
	if name == "" || name == "_" {
		return nil
	}
	v := &flowVar{name: name, slot: a.slots}
	a.slots++
	s.vars[name] = v
	a.cur.assigned.clear(v.slot)
	return v
}

// lookup resolves a simple name to a variable, or nil (a field, a type, a
// method, a local function).
func (a *flow) lookup(name string) *flowVar {
	for s := a.sc; s != nil; s = s.parent {
		if v, ok := s.vars[name]; ok {
			return v
		}
		if _, ok := s.funcs[name]; ok {
			return nil
		}
	}
	return nil
}

func (a *flow) lookupFunc(name string) *lang.MethodDecl {
	for s := a.sc; s != nil; s = s.parent {
		if _, ok := s.vars[name]; ok {
			return nil
		}
		if f, ok := s.funcs[name]; ok {
			return f
		}
	}
	return nil
}

func (a *flow) lookupLabel(name string) *lang.LabeledStmt {
	for s := a.sc; s != nil; s = s.parent {
		if l, ok := s.labels[name]; ok {
			return l
		}
		if s.fn {
			break
		}
	}
	return nil
}

func (a *flow) assign(v *flowVar) {
	if v != nil && !a.cur.dead {
		a.cur.assigned.set(v.slot)
	}
}

// read checks that the variable a simple name refers to is definitely
// assigned. After an error it counts as assigned, so one missing
// assignment is reported once on each path, as Roslyn does.
func (a *flow) read(id *lang.Ident) {
	if len(id.TypeArgs) > 0 || a.b.info.IsTypeName(id) {
		return
	}
	v := a.lookup(id.Name)
	if v == nil || a.cur.dead || a.cur.assigned.has(v.slot) {
		return
	}
	if v.out {
		a.errorf(id.Pos, "CS0269", "Use of unassigned out parameter '%s'", v.name)
	} else {
		a.errorf(id.Pos, "CS0165", "Use of unassigned local variable '%s'", v.name)
	}
	a.cur.assigned.set(v.slot)
}

// fieldOfUnassigned reports, as CS0170, the read of an instance field of
// a struct local that is not definitely assigned (`S s; F(s.X);`: C#
// names the field, not the local), and whether it did.
func (a *flow) fieldOfUnassigned(x *lang.MemberExpr) bool {
	id, ok := x.X.(*lang.Ident)
	if !ok || len(id.TypeArgs) > 0 || a.cur.dead {
		return false
	}
	t := a.b.info.Types[id]
	if t == nil || t.Kind != Struct || t.Lib {
		return false
	}
	v := a.lookup(id.Name)
	if v == nil || v.out || a.cur.assigned.has(v.slot) {
		return false
	}
	syms := a.b.lookup(t, x.Name)
	if len(syms) == 0 {
		return false
	}
	if f, ok := syms[0].(*Field); !ok || f.Static || f.Const {
		return false
	}
	a.errorf(id.Pos, "CS0170", "Use of possibly unassigned field '%s'", x.Name)
	a.cur.assigned.set(v.slot)
	return true
}

// ---- Statements ----

// block analyses a statement list in a block scope: its labels and local
// functions are visible in the whole block.
func (a *flow) block(list []lang.Stmt) {
	a.push(true)
	a.stmtList(list)
	a.pop()
}

// stmtList analyses the statements of the innermost scope, which it
// declares the labels and local functions of.
func (a *flow) stmtList(list []lang.Stmt) {
	a.declareLabels(list)
	for _, s := range list {
		a.stmt(s)
	}
	a.resolveBackward()
}

func (a *flow) declareLabels(list []lang.Stmt) {
	for _, s := range list {
		for {
			l, ok := s.(*lang.LabeledStmt)
			if !ok {
				break
			}
			if a.sc.labels == nil {
				a.sc.labels = map[string]*lang.LabeledStmt{}
			}
			a.sc.labels[l.Label] = l
			s = l.Stmt
		}
		if lf, ok := s.(*lang.LocalFuncStmt); ok {
			if a.sc.funcs == nil {
				a.sc.funcs = map[string]*lang.MethodDecl{}
			}
			a.sc.funcs[lf.Func.Name] = lf.Func
		}
	}
}

// resolveBackward takes the pending gotos to the labels of the innermost
// scope (backward ones: a forward goto was resolved at its label) into the
// labels' states for the next pass.
func (a *flow) resolveBackward() {
	if len(a.sc.labels) == 0 {
		return
	}
	kept := a.fn.pending[:0]
	for _, br := range a.fn.pending {
		l, ok := br.target.(*lang.LabeledStmt)
		if br.kind != brGoto || !ok || a.sc.labels[l.Label] != l {
			kept = append(kept, br)
			continue
		}
		back, ok := a.labelBack[l]
		if !ok {
			back = deadState()
		}
		back = join(back, br.state)
		a.labelBack[l] = back
		if seen := a.labelSeen[l]; !sameState(join(seen, back), seen) {
			a.again = true
		}
	}
	a.fn.pending = kept
}

// embedded analyses an embedded statement (a loop body, an if branch) in
// its own scope.
func (a *flow) embedded(s lang.Stmt) {
	if s == nil {
		return
	}
	if blk, ok := s.(*lang.BlockStmt); ok {
		a.block(blk.Stmts)
		return
	}
	a.push(true)
	a.stmtList([]lang.Stmt{s})
	a.pop()
}

func (a *flow) jump(kind branchKind, target lang.Node, pos lang.Pos) {
	if !a.cur.dead {
		a.fn.pending = append(a.fn.pending, &branch{kind: kind, target: target, state: a.cur.clone(), pos: pos})
	}
	a.cur = deadState()
}

// enter starts a statement that resolves breaks (and continues, for a
// loop) aimed at it; leave ends it and returns the joined states of those
// branches.
func (a *flow) enter(s lang.Stmt, loop bool) []*branch {
	saved := a.fn.pending
	a.fn.pending = nil
	a.fn.targets = append(a.fn.targets, flowTarget{s, loop})
	return saved
}

func (a *flow) leave(s lang.Stmt, saved []*branch) (breaks, continues flowState) {
	a.fn.targets = a.fn.targets[:len(a.fn.targets)-1]
	breaks, continues = deadState(), deadState()
	for _, br := range a.fn.pending {
		switch {
		case br.target == lang.Node(s) && br.kind == brBreak:
			breaks = join(breaks, br.state)
		case br.target == lang.Node(s) && br.kind == brContinue:
			continues = join(continues, br.state)
		default:
			saved = append(saved, br)
		}
	}
	a.fn.pending = saved
	return breaks, continues
}

func (a *flow) stmt(s lang.Stmt) {
	switch s := s.(type) {
	case *lang.BlockStmt:
		a.block(s.Stmts)
	case *lang.CheckedStmt:
		a.block(s.Body.Stmts)
	case *lang.LocalDeclStmt:
		a.localDecl(s)
	case *lang.UsingDeclStmt:
		a.localDecl(s.Decl)
	case *lang.ExprStmt:
		a.expr(s.X)
	case *lang.IfStmt:
		t, f := a.cond(s.Cond)
		a.cur = t
		a.embedded(s.Then)
		then := a.cur
		a.cur = f
		a.embedded(s.Else)
		a.cur = join(then, a.cur)
	case *lang.WhileStmt:
		a.push(true)
		t, f := a.cond(s.Cond)
		a.cur = t
		saved := a.enter(s, true)
		a.embedded(s.Body)
		breaks, _ := a.leave(s, saved)
		a.cur = join(f, breaks)
		a.pop()
	case *lang.DoStmt:
		a.push(true)
		saved := a.enter(s, true)
		a.embedded(s.Body)
		breaks, continues := a.leave(s, saved)
		a.cur = join(a.cur, continues)
		_, f := a.cond(s.Cond)
		a.cur = join(f, breaks)
		a.pop()
	case *lang.ForStmt:
		a.push(true)
		if s.InitDecl != nil {
			a.localDecl(s.InitDecl)
		}
		for _, x := range s.InitExprs {
			a.expr(x)
		}
		t, f := a.cur, deadState()
		if s.Cond != nil {
			t, f = a.cond(s.Cond)
		}
		a.cur = t
		saved := a.enter(s, true)
		a.embedded(s.Body)
		breaks, continues := a.leave(s, saved)
		a.cur = join(a.cur, continues)
		for _, x := range s.Post {
			a.expr(x)
		}
		a.cur = join(f, breaks)
		a.pop()
	case *lang.ForeachStmt:
		a.expr(s.X)
		empty := a.cur.clone()
		a.push(true)
		a.assign(a.declare(s.Name))
		saved := a.enter(s, true)
		a.embedded(s.Body)
		breaks, _ := a.leave(s, saved)
		a.cur = join(empty, breaks)
		a.pop()
	case *lang.SwitchStmt:
		a.switchStmt(s)
	case *lang.BreakStmt:
		if n := len(a.fn.targets); n > 0 {
			a.jump(brBreak, a.fn.targets[n-1].stmt, s.Pos)
		} else {
			a.cur = deadState()
		}
	case *lang.ContinueStmt:
		for i := len(a.fn.targets) - 1; i >= 0; i-- {
			if a.fn.targets[i].loop {
				a.jump(brContinue, a.fn.targets[i].stmt, s.Pos)
				return
			}
		}
		a.cur = deadState()
	case *lang.ReturnStmt:
		a.expr(s.X)
		a.jump(brReturn, nil, s.Pos)
	case *lang.YieldStmt:
		a.expr(s.X)
		if s.X == nil {
			a.jump(brReturn, nil, s.Pos) // yield break
		}
	case *lang.ThrowStmt:
		a.expr(s.X)
		a.cur = deadState()
	case *lang.GotoStmt:
		if s.IsCase || s.IsDefault {
			// A jump to another section of the enclosing switch, whose
			// entry state (the switch's) it does not weaken.
			a.expr(s.Case)
			a.cur = deadState()
			return
		}
		if l := a.lookupLabel(s.Label); l != nil {
			a.jump(brGoto, l, s.Pos)
		} else {
			a.cur = deadState()
		}
	case *lang.LabeledStmt:
		kept := a.fn.pending[:0]
		for _, br := range a.fn.pending {
			if br.kind == brGoto && br.target == lang.Node(s) {
				a.cur = join(a.cur, br.state)
			} else {
				kept = append(kept, br)
			}
		}
		a.fn.pending = kept
		if back, ok := a.labelBack[s]; ok {
			a.cur = join(a.cur, back)
		}
		a.labelSeen[s] = a.cur.clone()
		a.stmt(s.Stmt)
	case *lang.TryStmt:
		a.tryStmt(s)
	case *lang.UsingStmt:
		a.push(true)
		if s.Decl != nil {
			a.localDecl(s.Decl)
		}
		a.expr(s.X)
		a.embedded(s.Body)
		a.pop()
	case *lang.LockStmt:
		a.expr(s.X)
		a.embedded(s.Body)
	case *lang.LocalFuncStmt:
		a.localFunc(s)
	}
}

func (a *flow) localDecl(s *lang.LocalDeclStmt) {
	for _, d := range s.Decls {
		// The variable is in scope in its own initializer (`int x = x;`
		// reads an unassigned x).
		v := a.declareLocal(d.Name)
		a.expr(d.Init)
		if d.Init != nil {
			a.assign(v)
		}
	}
}

// tryStmt: the catch and finally blocks start from the state at the start
// of the try block; what leaves the try block or a catch block (normally
// or by a jump) passes through the finally block and gains its
// assignments.
func (a *flow) tryStmt(s *lang.TryStmt) {
	start := a.cur.clone()
	saved := a.fn.pending
	a.fn.pending = nil
	a.block(s.Body.Stmts)
	end := a.cur
	for _, c := range s.Catches {
		a.cur = start.clone()
		a.push(true)
		a.assign(a.declare(c.Name))
		if c.Filter != nil {
			t, _ := a.cond(c.Filter)
			a.cur = t
		}
		a.block(c.Body.Stmts)
		a.pop()
		end = join(end, a.cur)
	}
	inner := a.fn.pending
	a.fn.pending = saved
	if s.Finally == nil {
		a.fn.pending = append(a.fn.pending, inner...)
		a.cur = end
		return
	}
	a.cur = start.clone()
	a.fn.pending = nil
	a.block(s.Finally.Stmts)
	fin := a.cur
	a.fn.pending = append(saved, a.fn.pending...)
	for _, br := range inner {
		if br.state = union(br.state, fin); !br.state.dead {
			a.fn.pending = append(a.fn.pending, br)
		}
	}
	a.cur = union(end, fin)
}

func (a *flow) switchStmt(s *lang.SwitchStmt) {
	a.expr(s.X)
	start := a.cur.clone()
	a.push(true) // the switch block: the sections' locals
	var all []lang.Stmt
	for _, sec := range s.Sections {
		all = append(all, sec.Body...)
	}
	a.declareLabels(all)
	saved := a.enter(s, false)
	handled := false
	bools := map[bool]bool{}
	for i, sec := range s.Sections {
		a.push(false) // the section: its pattern variables
		entry := deadState()
		for _, l := range sec.Labels {
			a.cur = start.clone()
			if l.IsDefault {
				handled = true
			}
			if l.Pattern != nil {
				t, _ := a.isPattern(l.Pattern)
				a.cur = t
				if l.When == nil {
					if a.irrefutable(l.Pattern, s.X) {
						handled = true
					}
					if v, ok := a.constBool(patternConst(l.Pattern)); ok {
						bools[v] = true
					}
				}
			}
			if l.When != nil {
				t, _ := a.cond(l.When)
				a.cur = t
			}
			entry = join(entry, a.cur)
		}
		a.cur = entry
		for _, st := range sec.Body {
			a.stmt(st)
		}
		if !a.cur.dead && len(sec.Labels) > 0 {
			l := sec.Labels[len(sec.Labels)-1]
			if i == len(s.Sections)-1 {
				a.errorf(l.Pos, "CS8070", "Control cannot fall out of switch from final case label ('%s')", labelText(l))
			} else {
				a.errorf(l.Pos, "CS0163", "Control cannot fall through from one case label ('%s') to another", labelText(l))
			}
		}
		a.pop()
	}
	a.resolveBackward()
	breaks, _ := a.leave(s, saved)
	a.cur = breaks
	if !handled && !(bools[true] && bools[false]) {
		a.cur = join(a.cur, start) // no section matched
	}
	a.pop()
}

func patternConst(p lang.Pattern) lang.Expr {
	if c, ok := p.(*lang.ConstPattern); ok {
		return c.X
	}
	return nil
}

// irrefutable reports whether pattern p matches every value of x: `var v`,
// `_`, or a type pattern of x's own non-nullable value type (C# takes such
// a switch to handle every value, so its end is reachable only by break).
func (a *flow) irrefutable(p lang.Pattern, x lang.Expr) bool {
	switch p := p.(type) {
	case *lang.VarPattern, *lang.DiscardPattern:
		return true
	case *lang.ConstPattern:
		id, ok := p.X.(*lang.Ident)
		return ok && id.Name == "_" && a.lookup("_") == nil
	case *lang.TypePattern:
		t := a.b.info.Types[x]
		if t == nil || !(t.Kind == Special && t.Special != Object && t.Special != String && t.Special != Void || t.Kind == Enum) {
			return false
		}
		return p.Type != nil && p.Type.ArrayRank == 0 && !p.Type.Nullable && len(p.Type.Args) == 0 &&
			(p.Type.Name == t.String() || p.Type.Name == t.Name)
	}
	return false
}

// labelText is a case label as C# messages quote it: `case 1:`.
func labelText(l *lang.CaseLabel) string {
	if l.Pattern == nil {
		return "default:"
	}
	s := "case " + lang.Print(l.Pattern)
	if l.When != nil {
		s += " when " + lang.Print(l.When)
	}
	return s + ":"
}

// ---- Nested functions ----

// lambda analyses a lambda from the state where it is written; its
// assignments stay inside it.
func (a *flow) lambda(l *lang.LambdaExpr) {
	u := flowUnit{params: l.Params, body: l.Body, expr: l.ExprBody, lambda: true, pos: l.Pos}
	if d := a.b.lambdaDelegates[l]; d != nil {
		if inv := a.b.invokeOf(d); inv != nil {
			u.ret, u.delegate = inv.Ret, d
			if l.IsAsync {
				u.ret = a.b.asyncResult(inv.Ret)
			}
		}
	}
	if l.ExprBody != nil {
		u.ret = nil
	}
	a.function(u, a.cur.clone(), a.sc)
}

// localFunc analyses a local function with the variables it captures
// counted as assigned.
func (a *flow) localFunc(s *lang.LocalFuncStmt) {
	m := s.Func
	u := flowUnit{params: m.Params, body: m.Body, expr: m.ExprBody, pos: m.Pos}
	if sig, ok := a.b.funcSigs[m]; ok {
		u.ret, u.what = sig.ret, sig.what
	}
	entry := flowState{}
	for i := 0; i < a.slots; i++ {
		entry.assigned.set(i)
	}
	a.function(u, entry, a.sc)
}

// callLocal counts the captured variables that local function m (or a
// local function it calls) assigns as assigned after a call to it.
func (a *flow) callLocal(m *lang.MethodDecl) {
	for _, name := range a.localWrites(m, map[*lang.MethodDecl]bool{}) {
		a.assign(a.lookup(name))
	}
}

// localWrites lists the names a local function assigns that it does not
// declare itself, with those of the local functions it calls by name.
func (a *flow) localWrites(m *lang.MethodDecl, seen map[*lang.MethodDecl]bool) []string {
	if w, ok := a.writes[m]; ok || seen[m] {
		return w
	}
	seen[m] = true
	declared := map[string]bool{}
	for _, p := range m.Params {
		declared[p.Name] = true
	}
	var names, calls []string
	var target func(x lang.Expr)
	target = func(x lang.Expr) {
		switch x := x.(type) {
		case *lang.Ident:
			names = append(names, x.Name)
		case *lang.TupleExpr:
			for _, e := range x.Elems {
				target(e)
			}
		}
	}
	var body lang.Node = m.Body
	if m.Body == nil {
		body = m.ExprBody
	}
	lang.Inspect(body, func(n lang.Node) bool {
		switch n := n.(type) {
		case *lang.Declarator:
			declared[n.Name] = true
		case *lang.DeclExpr:
			declared[n.Name] = true
			names = append(names, n.Name)
		case *lang.Param:
			declared[n.Name] = true
		case *lang.AssignExpr:
			target(n.Left)
		case *lang.Arg:
			if n.Mod == "out" || n.Mod == "ref" {
				target(n.X)
			}
		case *lang.CallExpr:
			if id, ok := n.Fun.(*lang.Ident); ok {
				calls = append(calls, id.Name)
			}
		case *lang.LocalFuncStmt:
			declared[n.Func.Name] = true
		}
		return true
	})
	var out []string
	for _, n := range names {
		if !declared[n] {
			out = append(out, n)
		}
	}
	for _, c := range calls {
		if f := a.lookupFunc(c); f != nil && !declared[c] {
			out = append(out, a.localWrites(f, seen)...)
		}
	}
	a.writes[m] = out
	return out
}

// ---- Expressions ----

// constBool returns the value of a constant boolean expression.
func (a *flow) constBool(x lang.Expr) (bool, bool) {
	if x == nil {
		return false, false
	}
	if v, ok := a.b.info.Consts[x].(bool); ok {
		return v, true
	}
	if l, ok := x.(*lang.Literal); ok && l.Kind == lang.LitBool {
		v, ok := l.Value.(bool)
		return v, ok
	}
	return false, false
}

// cond analyses a condition and returns the states when it is true and
// when it is false.
func (a *flow) cond(x lang.Expr) (t, f flowState) {
	if v, ok := a.constBool(x); ok {
		// A constant reads no variable (a local constant is assigned).
		if v {
			return a.cur, deadState()
		}
		return deadState(), a.cur
	}
	switch x := x.(type) {
	case *lang.UnaryExpr:
		if x.Op == "!" && a.b.info.CallOf(x) == nil {
			t, f := a.cond(x.X)
			return f, t
		}
	case *lang.BinaryExpr:
		if (x.Op == "&&" || x.Op == "||") && a.b.info.CallOf(x) == nil {
			xt, xf := a.cond(x.X)
			if x.Op == "&&" {
				a.cur = xt
				yt, yf := a.cond(x.Y)
				return yt, join(xf, yf)
			}
			a.cur = xf
			yt, yf := a.cond(x.Y)
			return join(xt, yt), yf
		}
	case *lang.IsExpr:
		a.expr(x.X)
		return a.isPattern(x.Pattern)
	case *lang.CondExpr:
		ct, cf := a.cond(x.Cond)
		a.cur = ct
		tt, tf := a.cond(x.Then)
		a.cur = cf
		et, ef := a.cond(x.Else)
		return join(tt, et), join(tf, ef)
	}
	a.expr(x)
	return a.cur, a.cur.clone()
}

// isPattern declares the variables pattern p designates and returns the
// states when it matches (they are assigned) and when it does not (under a
// top-level `not`, the reverse).
func (a *flow) isPattern(p lang.Pattern) (t, f flowState) {
	var vars []*flowVar
	lang.Inspect(p, func(n lang.Node) bool {
		switch n := n.(type) {
		case *lang.TypePattern:
			vars = append(vars, a.declare(n.Name))
		case *lang.VarPattern:
			vars = append(vars, a.declare(n.Name))
		case *lang.PropertyPattern:
			vars = append(vars, a.declare(n.Name))
		case *lang.ListPattern:
			vars = append(vars, a.declare(n.Name))
		case *lang.ConstPattern:
			a.patternExpr(n.X)
			return false
		case *lang.RelationalPattern:
			a.expr(n.X)
			return false
		}
		return true
	})
	t, f = a.cur, a.cur.clone()
	for _, v := range vars {
		if v != nil && !t.dead {
			t.assigned.set(v.slot)
		}
	}
	switch p.(type) {
	case *lang.NotPattern:
		t, f = f, t
	case *lang.VarPattern, *lang.DiscardPattern:
		f = t.clone() // matches every value
	}
	return t, f
}

// patternExpr analyses the expression of a constant pattern, which may
// name a type (`case Color c:` is written `case Color:`).
func (a *flow) patternExpr(x lang.Expr) {
	if id, ok := x.(*lang.Ident); ok && a.lookup(id.Name) == nil {
		return
	}
	a.expr(x)
}

func (a *flow) exprs(xs []lang.Expr) {
	for _, x := range xs {
		a.expr(x)
	}
}

func (a *flow) expr(x lang.Expr) {
	switch x := x.(type) {
	case nil:
	case *lang.Ident:
		a.read(x)
	case *lang.AssignExpr:
		a.assignExpr(x)
	case *lang.BinaryExpr:
		switch {
		case (x.Op == "&&" || x.Op == "||") && a.b.info.CallOf(x) == nil:
			t, f := a.cond(x)
			a.cur = join(t, f)
		case x.Op == "&&" || x.Op == "||" || x.Op == "??":
			a.expr(x.X)
			s := a.cur.clone()
			a.expr(x.Y)
			a.cur = join(s, a.cur)
		default:
			a.expr(x.X)
			a.expr(x.Y)
		}
	case *lang.UnaryExpr:
		if x.Op == "!" && a.b.info.CallOf(x) == nil {
			t, f := a.cond(x)
			a.cur = join(t, f)
			return
		}
		a.expr(x.X)
	case *lang.PostfixExpr:
		a.expr(x.X)
	case *lang.CondExpr:
		t, f := a.cond(x.Cond)
		a.cur = t
		a.expr(x.Then)
		then := a.cur
		a.cur = f
		a.expr(x.Else)
		a.cur = join(then, a.cur)
	case *lang.IsExpr:
		t, f := a.cond(x)
		a.cur = join(t, f)
	case *lang.CallExpr:
		var local *lang.MethodDecl
		if id, ok := x.Fun.(*lang.Ident); ok && a.lookup(id.Name) == nil {
			local = a.lookupFunc(id.Name)
		} else {
			a.expr(x.Fun)
		}
		a.args(x.Args)
		if local != nil {
			a.callLocal(local)
		}
	case *lang.AnonObjectExpr:
		a.args(x.Members)
	case *lang.NewExpr:
		a.args(x.Args)
		a.initializer(x.Init)
	case *lang.IndexExpr:
		a.expr(x.X)
		a.args(x.Args)
	case *lang.MemberExpr:
		if a.fieldOfUnassigned(x) {
			return
		}
		a.expr(x.X)
	case *lang.LambdaExpr:
		a.lambda(x)
	case *lang.DeclExpr:
		a.assign(a.declare(x.Name))
	case *lang.TupleExpr:
		a.exprs(x.Elems)
	case *lang.ThrowExpr:
		a.expr(x.X)
		a.cur = deadState()
	case *lang.WithExpr:
		a.expr(x.X)
		for _, m := range x.Members {
			a.expr(m.Value)
		}
	case *lang.SwitchExpr:
		a.expr(x.X)
		start := a.cur.clone()
		end := deadState()
		for _, arm := range x.Arms {
			a.cur = start.clone()
			a.push(false)
			t, _ := a.isPattern(arm.Pattern)
			a.cur = t
			if arm.When != nil {
				t, _ := a.cond(arm.When)
				a.cur = t
			}
			a.expr(arm.Value)
			end = join(end, a.cur)
			a.pop()
		}
		a.cur = end
	case *lang.InterpolatedString:
		for _, p := range x.Parts {
			a.expr(p.X)
			a.expr(p.Align)
		}
	case *lang.AwaitExpr:
		a.expr(x.X)
	case *lang.CastExpr:
		a.expr(x.X)
	case *lang.AsExpr:
		a.expr(x.X)
	case *lang.CheckedExpr:
		a.expr(x.X)
	case *lang.NewArrayExpr:
		a.exprs(x.Sizes)
		a.exprs(x.Init)
	case *lang.CollectionExpr:
		a.exprs(x.Elems)
	case *lang.SpreadElement:
		a.expr(x.X)
	case *lang.InitListExpr:
		a.exprs(x.Elems)
	}
}

// args analyses arguments in order; out arguments are assigned once all
// are evaluated (`F(out x, x)` reads an unassigned x), ref arguments are
// read.
func (a *flow) args(args []*lang.Arg) {
	var outs []*flowVar
	for _, arg := range args {
		if arg.Mod != "out" {
			a.expr(arg.X)
			continue
		}
		switch x := arg.X.(type) {
		case *lang.DeclExpr:
			outs = append(outs, a.declare(x.Name))
		case *lang.Ident:
			outs = append(outs, a.lookup(x.Name))
		default:
			a.target(x)
		}
	}
	for _, v := range outs {
		a.assign(v)
	}
}

// target analyses an assignment's target other than a simple name: its
// receiver and index arguments are read.
func (a *flow) target(x lang.Expr) {
	switch x := x.(type) {
	case *lang.MemberExpr:
		if id, ok := x.X.(*lang.Ident); ok {
			if t := a.b.info.Types[id]; t != nil && t.Kind == Struct && !t.Lib {
				// `s.X = 1` on a struct local assigns it (C# tracks each
				// field; asyncvm counts the first field written).
				a.assign(a.lookup(id.Name))
				return
			}
		}
		a.expr(x.X)
	case *lang.IndexExpr:
		a.expr(x.X)
		a.args(x.Args)
	default:
		a.expr(x)
	}
}

func (a *flow) assignExpr(x *lang.AssignExpr) {
	if t, ok := x.Left.(*lang.TupleExpr); ok && x.Op == "=" {
		// A deconstruction: the targets' receivers, then the value, then
		// every target is assigned.
		a.tupleTargets(t, false)
		a.expr(x.Right)
		a.tupleTargets(t, true)
		return
	}
	id, _ := x.Left.(*lang.Ident)
	var v *flowVar
	if id != nil {
		v = a.lookup(id.Name)
	}
	switch x.Op {
	case "=":
		if id == nil {
			a.target(x.Left)
		}
		a.expr(x.Right)
		a.assign(v)
	case "??=":
		a.expr(x.Left)
		s := a.cur.clone()
		a.expr(x.Right)
		a.assign(v)
		a.cur = join(s, a.cur)
	default:
		a.expr(x.Left)
		a.expr(x.Right)
	}
}

// tupleTargets analyses the targets of a deconstruction: first (assign
// false) the receivers and indexes of targets other than simple names, then
// (assign true) the assignment of each target, declarations included.
func (a *flow) tupleTargets(t *lang.TupleExpr, assign bool) {
	for _, e := range t.Elems {
		switch e := e.(type) {
		case *lang.TupleExpr:
			a.tupleTargets(e, assign)
		case *lang.DeclExpr:
			if assign && e.Name != "_" {
				a.assign(a.declare(e.Name))
			}
		case *lang.Ident:
			if assign {
				a.assign(a.lookup(e.Name))
			}
		default:
			if !assign {
				a.target(e)
			}
		}
	}
}

// initializer visits an object or collection initializer, nested member
// initializers included, in evaluation order.
func (a *flow) initializer(in *lang.Initializer) {
	if in == nil {
		return
	}
	for _, m := range in.Members {
		a.args(m.Index)
		a.expr(m.Value)
		a.initializer(m.Init)
	}
	a.exprs(in.Elems)
}

package repl

import (
	"errors"

	"asyncvm/vm"
)

// errTablesFull says a program table outgrew its 16-bit operand.
var errTablesFull = errors.New("program tables are full")

// linker keeps one growing program for a machine. Every submission is
// compiled as a whole new program; the linker appends its functions,
// sites, types and static references to the tables of the programs before
// it and renumbers its instructions, so code from earlier submissions
// (closures kept in variables, methods of objects made earlier, work still
// running in the background) keeps indexing valid entries when the
// machine switches to the new program.
//
// It also keeps one canonical runtime type per class name: when a class
// compiles again with the same shape (the prelude's exceptions every time,
// a user class unchanged since an earlier input) the new compilation's
// type is mapped onto the first one, which takes the new methods, so
// objects made earlier keep passing `is`, casts and catch clauses, and
// static fields keep their values.
type linker struct {
	prog      *vm.Program
	canon     map[string]*vm.Type
	funcIdx   map[*vm.Func]int
	typeIdx   map[*vm.Type]int
	staticIdx map[vm.StaticRef]int
	builtin   map[*vm.Type]bool
}

func newLinker(canon map[string]*vm.Type) *linker {
	if canon == nil {
		canon = map[string]*vm.Type{}
	}
	l := &linker{prog: &vm.Program{Extensions: map[string][]*vm.Func{}}, canon: canon,
		funcIdx: map[*vm.Func]int{}, typeIdx: map[*vm.Type]int{}, staticIdx: map[vm.StaticRef]int{},
		builtin: map[*vm.Type]bool{vm.TObject: true, vm.TString: true, vm.TBox: true, vm.TDelegate: true}}
	for _, t := range vm.Builtins() {
		l.builtin[t] = true
	}
	return l
}

// progType reports whether t was made by the compiler for this program
// (a class, interface or enum of the source or the prelude).
func (l *linker) progType(t *vm.Type) bool {
	if t == nil || l.builtin[t] {
		return false
	}
	switch t.Kind {
	case vm.KindInstance, vm.KindObject:
		return true
	case vm.KindEnum:
		return t.IsEnum && len(t.EnumNames) >= 0 && !l.builtin[t]
	}
	return false
}

// types lists the program's own types.
func (l *linker) types(p *vm.Program) []*vm.Type {
	seen := map[*vm.Type]bool{}
	var out []*vm.Type
	var visit func(t *vm.Type)
	visit = func(t *vm.Type) {
		for t != nil && t.Kind == vm.KindArray {
			t = t.Elem
		}
		if t == nil || seen[t] || !l.progType(t) {
			return
		}
		seen[t] = true
		visit(t.Super)
		for _, i := range t.Ifaces {
			visit(i)
		}
		out = append(out, t)
	}
	for _, t := range p.Types {
		visit(t)
	}
	for _, r := range p.Statics {
		visit(r.T)
	}
	for _, f := range p.Funcs {
		if f.Native == nil {
			visit(f.Owner)
		}
	}
	return out
}

// sameShape reports whether a new compilation of a type can share the
// canonical one: same kind, base, instance and static field layout.
func sameShape(a, b *vm.Type) bool {
	if a.Kind != b.Kind || a.IsInterface != b.IsInterface || a.IsEnum != b.IsEnum || a.IsValueType != b.IsValueType {
		return false
	}
	if name(a.Super) != name(b.Super) || len(a.Fields) != len(b.Fields) || len(a.StaticFields) != len(b.StaticFields) {
		return false
	}
	same := func(x, y []*vm.Field) bool {
		for i := range x {
			if x[i].Name != y[i].Name || name(x[i].Type) != name(y[i].Type) || x[i].ReadOnly != y[i].ReadOnly {
				return false
			}
		}
		return true
	}
	if !same(a.Fields, b.Fields) || !same(a.StaticFields, b.StaticFields) {
		return false
	}
	if len(a.EnumNames) != len(b.EnumNames) {
		return false
	}
	for i := range a.EnumNames {
		if a.EnumNames[i] != b.EnumNames[i] {
			return false
		}
	}
	return true
}

func name(t *vm.Type) string {
	if t == nil {
		return ""
	}
	return t.FullName()
}

// link appends p to the linker's program and returns the merged program.
// host is the class holding top-level variables: when it changed shape,
// the values of its fields are carried over by name, except those the
// submission declares again (redeclared).
func (l *linker) link(p *vm.Program, host string, redeclared map[string]bool) (*vm.Program, error) {
	mapping := map[*vm.Type]*vm.Type{}
	for _, t := range l.types(p) {
		n := t.FullName()
		c := l.canon[n]
		if c != nil && c != t && sameShape(c, t) {
			mapping[t] = c
			continue
		}
		if c != nil && n == host {
			carryStatics(c, t, redeclared)
		}
		mapping[t] = t
	}
	var mapT func(t *vm.Type) *vm.Type
	mapT = func(t *vm.Type) *vm.Type {
		if t == nil {
			return nil
		}
		if c, ok := mapping[t]; ok {
			return c
		}
		if t.Kind == vm.KindArray && t.Elem != nil {
			if e := mapT(t.Elem); e != t.Elem {
				return vm.ArrayOf(e)
			}
		}
		return t
	}
	mapAll := func(ts []*vm.Type) []*vm.Type {
		out := make([]*vm.Type, len(ts))
		for i, t := range ts {
			out[i] = mapT(t)
		}
		return out
	}
	// Build the new tables before touching any shared type, so that a full
	// table leaves everything as it was.
	old := l.prog
	funcs := append([]*vm.Func(nil), old.Funcs...)
	types := append([]*vm.Type(nil), old.Types...)
	sites := append([]*vm.Site(nil), old.Sites...)
	statics := append([]vm.StaticRef(nil), old.Statics...)
	funcIdx := cloneMap(l.funcIdx)
	typeIdx := cloneMap(l.typeIdx)
	staticIdx := cloneMap(l.staticIdx)

	fmap := make([]int, len(p.Funcs))
	var fresh []*vm.Func
	for i, f := range p.Funcs {
		if j, ok := funcIdx[f]; ok {
			fmap[i] = j
			continue
		}
		fmap[i] = len(funcs)
		funcIdx[f] = len(funcs)
		funcs = append(funcs, f)
		fresh = append(fresh, f)
	}
	smap := make([]int, len(p.Sites))
	for i, s := range p.Sites {
		smap[i] = len(sites)
		sites = append(sites, s)
	}
	tmap := make([]int, len(p.Types))
	for i, t := range p.Types {
		mt := mapT(t)
		j, ok := typeIdx[mt]
		if !ok {
			j = len(types)
			typeIdx[mt] = j
			types = append(types, mt)
		}
		tmap[i] = j
	}
	stmap := make([]int, len(p.Statics))
	for i, r := range p.Statics {
		mr := vm.StaticRef{T: mapT(r.T), I: r.I}
		j, ok := staticIdx[mr]
		if !ok {
			j = len(statics)
			staticIdx[mr] = j
			statics = append(statics, mr)
		}
		stmap[i] = j
	}
	if len(funcs) > 0xFFFF || len(sites) > 0xFFFF || len(types) > 0xFFFF {
		return nil, errTablesFull
	}
	for _, f := range fresh {
		if f.Native != nil {
			continue
		}
		code := make([]vm.Instr, len(f.Code))
		for pc, ins := range f.Code {
			code[pc] = relocate(ins, fmap, smap, tmap, stmap)
		}
		f.Code = code
		f.Owner = mapT(f.Owner)
		if len(f.Fields) > 0 {
			fields := make([]vm.FieldRef, len(f.Fields))
			for i, r := range f.Fields {
				fields[i] = r.WithClass(mapT(r.Class()))
			}
			f.Fields = fields
		}
		for hi := range f.Handlers {
			h := &f.Handlers[hi]
			if h.Clauses == nil {
				continue
			}
			cs := append([]vm.CatchClause(nil), h.Clauses...)
			for ci := range cs {
				cs[ci].Type = mapT(cs[ci].Type)
			}
			h.Clauses = cs
		}
	}
	for t, c := range mapping {
		if c == t {
			t.Super = mapT(t.Super)
			t.Ifaces = mapAll(t.Ifaces)
			continue
		}
		c.Methods = t.Methods
		c.Statics = t.Statics
		c.StaticInit = t.StaticInit
		c.IsAbstract, c.IsStatic = t.IsAbstract, t.IsStatic
		c.Ifaces = mapAll(t.Ifaces)
		c.Lib = t.Lib
	}
	for _, t := range mapping {
		if t == mapping[t] {
			l.canon[t.FullName()] = t
		}
	}
	ext := map[string][]*vm.Func{}
	for k, v := range p.Extensions {
		ext[k] = v
	}
	l.prog = &vm.Program{File: p.File, Source: p.Source, Funcs: funcs, Types: types, Sites: sites, Statics: statics,
		Entry: p.Entry, EntryTakesArgs: p.EntryTakesArgs, Extensions: ext}
	l.funcIdx, l.typeIdx, l.staticIdx = funcIdx, typeIdx, staticIdx
	return l.prog, nil
}

func cloneMap[K comparable](m map[K]int) map[K]int {
	out := make(map[K]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// tableOperand says which operand of an opcode indexes which program table.
type tableOperand struct {
	table   byte // 'f' Funcs, 's' Sites, 't' Types, 'x' Statics
	operand byte // 'B', 'C' or 'X' (Bx)
}

// tableOperands lists every opcode with a table operand; the others (see
// noTableOperand) have none. TestEveryOpcodeClassified keeps the two lists
// in step with vm.Ops.
var tableOperands = map[vm.Op]tableOperand{
	vm.OpCall:      {'f', 'B'},
	vm.OpCallAw:    {'f', 'B'},
	vm.OpClosure:   {'f', 'B'},
	vm.OpCallVirt:  {'s', 'B'},
	vm.OpCallVAw:   {'s', 'B'},
	vm.OpGetMember: {'s', 'C'},
	vm.OpSetMember: {'s', 'B'},
	vm.OpGetStatic: {'x', 'X'},
	vm.OpSetStatic: {'x', 'X'},
	vm.OpRefSta:    {'x', 'X'},
	vm.OpNewObj:    {'t', 'B'},
	vm.OpTypeOf:    {'t', 'B'},
	vm.OpNewArr:    {'t', 'C'},
	vm.OpIs:        {'t', 'C'},
	vm.OpAs:        {'t', 'C'},
	vm.OpCast:      {'t', 'C'},
	vm.OpUnbox:     {'t', 'C'},
}

// relocate renumbers an instruction's table operand into the merged tables.
func relocate(ins vm.Instr, fmap, smap, tmap, stmap []int) vm.Instr {
	to, ok := tableOperands[ins.Op()]
	if !ok {
		return ins
	}
	var m []int
	switch to.table {
	case 'f':
		m = fmap
	case 's':
		m = smap
	case 't':
		m = tmap
	default:
		m = stmap
	}
	switch to.operand {
	case 'B':
		if ins.B() < len(m) {
			return vm.MakeABC(ins.Op(), ins.A(), m[ins.B()], ins.C())
		}
	case 'C':
		if ins.C() < len(m) {
			return vm.MakeABC(ins.Op(), ins.A(), ins.B(), m[ins.C()])
		}
	default:
		if ins.Bx() < len(m) {
			return vm.MakeABx(ins.Op(), ins.A(), m[ins.Bx()])
		}
	}
	return ins
}

// carryStatics copies the static field values of the previous host class
// into its new compilation, by field name, where the field keeps its type
// and was not declared again.
func carryStatics(from, to *vm.Type, redeclared map[string]bool) {
	if len(to.StaticVals) < len(to.StaticFields) {
		return
	}
	for i, f := range to.StaticFields {
		if redeclared[f.Name] {
			continue
		}
		for j, g := range from.StaticFields {
			if g.Name == f.Name && name(g.Type) == name(f.Type) && j < len(from.StaticVals) {
				to.StaticVals[i] = from.StaticVals[j]
			}
		}
	}
}

package lang

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The conversion from participle's tree to the AST. It applies operator
// precedence to the flat operand lists, turns the list items' syntax errors
// into diagnostics, and places nodes by the convention in the package doc.

func (st *parseState) pos(p lexer.Position) Pos { return st.src.pos(p.Offset) }

func name(s string) string { return strings.TrimPrefix(s, "@") }

// ---- diagnostics ----

var expectRE = regexp.MustCompile(`\(expected (.*)\)$`)

// syntaxError turns a participle error into a diagnostic.
func (st *parseState) syntaxError(err error) {
	switch e := err.(type) {
	case *synErr:
		if !e.silent {
			st.report(e.pos.Offset, e.msg, e.incomplete)
		}
	case *participle.UnexpectedTokenError:
		exp := ""
		if m := expectRE.FindStringSubmatch(e.Message()); m != nil {
			exp = m[1]
		}
		st.unexpected(&e.Unexpected, exp)
	case participle.Error:
		st.unexpected(st.tokenAt(e.Position().Offset), "")
	default:
		st.report(0, err.Error(), false)
	}
}

// closers are the punctuation whose absence C# reports as "X expected".
var closers = map[string]bool{";": true, ")": true, "}": true, "]": true, "(": true, "{": true}

// expectPhrases names what a production expects in a diagnostic.
var expectPhrases = map[string]string{
	"Expr": "an expression", "Cond": "an expression", "Binary": "an expression", "SwitchLevel": "an expression",
	"Unary": "an expression", "Postfix": "an expression", "Primary": "an expression", "VarInit": "an expression",
	"Shift": "an expression", "Arg": "an expression", "Type": "a type", "TypeCore": "a type", "Pattern": "a pattern",
	"Stmt": "a statement", "<ident>": "an identifier", "Name": "an identifier", "Declarator": "a variable name",
	"Param": "a parameter", "LParam": "a parameter", "Block": "{", "Params": "(", "Args": "(", "Body": "{",
	"Close": "}", "InitList": "{", "Brackets": "[", "Member": "a member", "Dotted": "a name",
}

// unexpected reports an unexpected token, worded as C# words it: "; expected"
// just after the previous token, or "unexpected X, expected Y".
func (st *parseState) unexpected(t *lexer.Token, exp string) {
	if t.Type == tokBad {
		return
	}
	first := exp
	if i := strings.IndexAny(exp, " |"); i >= 0 {
		first = exp[:i]
	}
	first = strings.TrimPrefix(first, "(")
	if strings.HasPrefix(first, "\"") {
		first = strings.Trim(first, "\"")
	} else if len(first) > 1 && first[0] == 'G' && first[1] >= 'A' && first[1] <= 'Z' {
		first = expectPhrases[first[1:]]
	} else if strings.Contains(exp, "HoleClose") {
		if isEnd(t) {
			st.report(t.Pos.Offset, incompletePrefix+" in interpolation hole", true)
			return
		}
		st.report(t.Pos.Offset, "unexpected "+describeTok(t)+" in interpolation hole", false)
		return
	} else {
		first = expectPhrases[first]
	}
	if closers[first] {
		msg := first + " expected"
		switch {
		case isEnd(t):
			st.report(t.Pos.Offset, msg, true)
		case first == ";":
			st.report(st.prevEnd(t.Pos.Offset), msg, false)
		default:
			st.report(t.Pos.Offset, msg, false)
		}
		return
	}
	if first != "" && !strings.Contains(first, " ") {
		first = "'" + first + "'"
	}
	if isEnd(t) {
		msg := incompletePrefix
		if first != "" {
			msg += ", expected " + first
		}
		st.report(t.Pos.Offset, msg, true)
		return
	}
	msg := "unexpected " + describeTok(t)
	if first != "" {
		msg += ", expected " + first
	}
	st.report(t.Pos.Offset, msg, false)
}

// tokenAt returns the first token at or after offset off.
func (st *parseState) tokenAt(off int) *lexer.Token {
	i := sort.Search(len(st.toks), func(i int) bool { return st.toks[i].Pos.Offset >= off })
	if i >= len(st.toks) {
		i = len(st.toks) - 1
	}
	return &st.toks[i]
}

// prevEnd is the end of the token before the one at offset off.
func (st *parseState) prevEnd(off int) int {
	i := sort.Search(len(st.toks), func(i int) bool { return st.toks[i].Pos.Offset >= off })
	if i == 0 {
		return off
	}
	return tokEnd(&st.toks[i-1])
}

// ---- file level ----

func (st *parseState) convFile(f *File, g *gFile) {
	for _, it := range g.Items {
		st.topItem(f, it, "")
	}
}

func (st *parseState) topItem(f *File, it *topItem, ns string) {
	if it.Err != nil {
		st.itemError(it.Partial, it.Err)
	}
	if t := it.Top; t != nil {
		st.top(f, ns, t.Using, t.Namespace, t.Assembly, t.Type, t.Stmt)
	}
}

func (st *parseState) top(f *File, ns string, u *gUsing, n *gNamespace, asm []*gAttrList, td *gTypeDecl, s *gStmt) {
	switch {
	case u != nil:
		d := &UsingDirective{Pos: st.pos(u.Pos), IsStatic: u.Static, Scope: ns}
		if u.Target != nil {
			d.Alias = dotted(u.Name)
			d.Target = st.typ(u.Target)
			d.Name, d.NamePos = d.Target.String(), st.pos(u.Target.Pos)
		} else {
			d.Name, d.NamePos = dotted(u.Name), st.pos(u.Name.Pos)
		}
		f.Usings = append(f.Usings, d)
	case n != nil:
		full := dotted(n.Name)
		if ns != "" {
			full = ns + "." + full
		}
		if f.Namespace == "" {
			f.Namespace = full
		}
		for _, it := range n.Flat {
			st.topItem(f, it, full)
		}
		for _, it := range n.Braced {
			if it.Err != nil {
				st.itemError(it.Partial, it.Err)
			}
			if t := it.Top; t != nil {
				st.top(f, full, t.Using, t.Namespace, t.Assembly, t.Type, nil)
			}
		}
	case asm != nil:
		f.Attributes = append(f.Attributes, st.attrs(asm)...)
	case td != nil:
		if d := st.typeTail(td.Tail, st.pos(td.Pos), st.attrs(td.Attrs), td.Mods.Mods, ns); d != nil {
			f.Types = append(f.Types, d)
		}
	case s != nil:
		f.Stmts = append(f.Stmts, st.stmt(s))
	}
}

func dotted(d *gDotted) string {
	parts := make([]string, len(d.Parts))
	for i, p := range d.Parts {
		parts[i] = name(p)
	}
	return strings.Join(parts, ".")
}

func (st *parseState) attrs(lists []*gAttrList) []*Attribute {
	var out []*Attribute
	for _, l := range lists {
		for _, a := range l.Attrs {
			at := &Attribute{Pos: st.pos(a.Pos), Name: dotted(a.Name)}
			for _, ga := range a.Args {
				arg := st.arg(ga.Arg)
				if ga.Name != "" {
					arg = &Arg{Pos: st.pos(ga.Pos), Name: name(ga.Name), X: arg.X}
				}
				at.Args = append(at.Args, arg)
			}
			out = append(out, at)
		}
	}
	return out
}

func (st *parseState) typeTail(t *gTypeTail, pos Pos, attrs []*Attribute, mods Modifiers, ns string) *TypeDecl {
	td := &TypeDecl{Pos: pos, Attributes: attrs, Modifiers: mods, Namespace: ns}
	switch {
	case t.Class != nil:
		c := t.Class
		td.Kind, td.Name = TypeKind(c.Kind), name(c.Name)
		if c.Record != nil {
			td.Kind, td.Record = KindClass, true
			if c.Record.Struct {
				td.Kind = KindStruct
			}
		}
		td.TypeParams = typeParams(c.TypeParams)
		td.Variance = typeParamVariance(c.TypeParams)
		td.Constraints = st.constraints(c.Where)
		if c.Primary != nil {
			td.HasPrimary = true
			td.PrimaryParams = st.params(c.Primary)
		}
		for _, b := range c.Bases {
			td.Bases = append(td.Bases, st.typ(b.Type))
			if b.Args != nil {
				if !td.HasPrimary || len(td.Bases) > 1 {
					st.report(st.toksAfter(b.Type), "Unexpected argument list", false)
				}
				td.HasBaseArgs = true
				td.BaseArgs = st.args(b.Args)
			}
		}
		for _, it := range c.Members {
			if it.Err != nil {
				st.itemError(it.Partial, it.Err)
			}
			if it.Member != nil && it.Member.Rest.Ext != nil {
				ext, lowered := st.extension(it.Member, td, ns)
				td.Extensions = append(td.Extensions, ext)
				td.Members = append(td.Members, lowered...)
				continue
			}
			if it.Member != nil {
				if m := st.member(it.Member, td, ns); m != nil {
					td.Members = append(td.Members, m)
				}
			}
		}
	case t.Delegate != nil:
		d := t.Delegate
		td.Kind, td.Name = KindDelegate, name(d.Name.Name)
		td.TypeParams = typeParams(d.TypeParams)
		td.Variance = typeParamVariance(d.TypeParams)
		td.Invoke = &MethodDecl{Pos: st.pos(d.Name.Pos), Modifiers: ModPublic | ModVirtual, ReturnType: st.typ(d.Ret),
			Name: "Invoke", Params: st.params(d.Params)}
	case t.Enum != nil:
		e := t.Enum
		td.Kind, td.Name = KindEnum, name(e.Name)
		for _, b := range e.Bases {
			td.Bases = append(td.Bases, st.typ(b.Type))
		}
		for _, m := range e.Members {
			em := &EnumMember{Attributes: st.attrs(m.Attrs), Pos: st.pos(m.Name.Pos), Name: name(m.Name.Name)}
			if m.Value != nil {
				em.Value = st.expr(m.Value)
			}
			td.EnumMembers = append(td.EnumMembers, em)
		}
	default:
		return nil
	}
	return td
}

// toksAfter is the offset just past a parsed type (where its argument list starts).
func (st *parseState) toksAfter(t *gType) int {
	i := sort.Search(len(st.toks), func(i int) bool { return st.toks[i].Pos.Offset >= t.Pos.Offset })
	for ; i < len(st.toks); i++ {
		if isPunctTok(&st.toks[i], "(") {
			return st.toks[i].Pos.Offset
		}
	}
	return t.Pos.Offset
}

// typeParamVariance returns the variance annotations of ps, nil when none
// has one.
func typeParamVariance(ps []*gTypeParam) []string {
	var out []string
	for i, p := range ps {
		if p.Var != "" && out == nil {
			out = make([]string, len(ps))
		}
		if out != nil {
			out[i] = p.Var
		}
	}
	return out
}

func typeParams(ps []*gTypeParam) []string {
	var out []string
	for _, p := range ps {
		out = append(out, name(p.Name))
	}
	return out
}

// explicitTypeParams are a generic explicit implementation's type
// parameters (`IFace.M<T, U>(...)`), which the grammar reads as the type
// arguments of the dotted name's last segment: each must be a plain name.
func (st *parseState) explicitTypeParams(args []*gTypeArg) []string {
	var out []string
	for _, a := range args {
		t := a.Type
		if t == nil || t.Core == nil || len(t.Core.Segs) != 1 || t.Core.Segs[0].Args != nil || len(t.Ranks) > 0 || t.Core.Nullable != nil {
			st.report(a.Pos.Offset, "Type parameter declaration must be an identifier not a type", false) // CS0081
			continue
		}
		out = append(out, name(t.Core.Segs[0].Name))
	}
	return out
}

func (st *parseState) constraints(ws []*gConstraints) []*Constraint {
	var out []*Constraint
	for _, w := range ws {
		c := &Constraint{Param: name(w.Name)}
		for _, it := range w.Items {
			switch {
			case it.New:
				c.New = true
			case it.Allows:
				c.AllowsRefStruct = true
			case it.Kind != "":
				c.Kind = it.Kind
			case it.Type != nil:
				c.Types = append(c.Types, st.typ(it.Type))
			}
		}
		out = append(out, c)
	}
	return out
}

// paramModifier maps a parameter's modifier tokens to Param.Modifier. A
// `ref readonly` parameter (C# 12) is an `in` parameter: both pass a
// reference the callee cannot write through, and an argument may be passed
// to either with `in`, with `ref` or without a modifier (Roslyn only warns:
// CS9191, CS9192, CS9193); they differ in metadata and warnings alone.
func paramModifier(mod string) string {
	if mod == "refreadonly" {
		return "in"
	}
	return mod
}

func (st *parseState) params(g *gParams) []*Param {
	var out []*Param
	for _, p := range g.Params {
		r := p.Rest
		pr := &Param{Pos: st.pos(r.Pos), Attributes: st.attrs(p.Attrs), Modifier: paramModifier(r.Mod), Type: st.typ(r.Type), Name: name(r.Name)}
		switch {
		case (r.This || r.RefThis) && r.Mod == "":
			pr.Modifier = "this"
		case r.This || r.RefThis:
			pr.This = true // `this ref`, `ref this`, `this in`, `in this`
		}
		if r.Default != nil {
			pr.Default = st.expr(r.Default)
		}
		out = append(out, pr)
	}
	return out
}

// propertyTail converts the body of a property or indexer into d.
func (st *parseState) propertyTail(d *PropertyDecl, p *gPropertyTail) {
	if p.Arrow != nil {
		d.ExprBody = st.expr(p.Arrow)
		return
	}
	for _, a := range p.Accessors {
		acc := &Accessor{Pos: st.pos(a.Pos), Kind: a.Kind, Modifiers: a.Mods.Mods}
		acc.Body, acc.ExprBody = st.body(a.Body)
		d.Accessors = append(d.Accessors, acc)
	}
	if p.Init != nil {
		d.Init = st.expr(p.Init)
	}
}

func (st *parseState) member(g *gMember, td *TypeDecl, ns string) Member {
	m := st.memberDecl(g, td, ns)
	if k := g.Rest.Ref.kind(); k != "" {
		switch d := m.(type) {
		case *MethodDecl:
			d.RefKind = k
		case *PropertyDecl:
			d.RefKind = k
		case *FieldDecl:
			st.report(g.Rest.Pos.Offset, "ref fields are not supported", false)
		}
	}
	return m
}

func (st *parseState) memberDecl(g *gMember, td *TypeDecl, ns string) Member {
	r := g.Rest
	pos := st.pos(r.Pos)
	attrs := st.attrs(g.Attrs)
	mods := r.Mods.Mods
	if r.Nested != nil {
		if d := st.typeTail(r.Nested, pos, attrs, mods, ns); d != nil {
			return d
		}
		return nil
	}
	if r.Const {
		mods |= ModConst
	}
	if ev := r.Event; ev != nil {
		return st.event(ev, pos, attrs, mods)
	}
	if c := r.Ctor; c != nil {
		if name(c.Name) != td.Name {
			st.report(c.Pos.Offset, "Method must have a return type", false)
		}
		d := &CtorDecl{Pos: pos, Attributes: attrs, Modifiers: mods, Name: td.Name, Params: st.params(c.Params)}
		if c.Init != nil {
			d.Init = &CtorInit{Pos: st.pos(c.Init.Pos), Kind: c.Init.Kind, Args: st.args(c.Init.Args)}
		}
		d.Body, d.ExprBody = st.body(c.Body)
		return d
	}
	if f := r.Dtor; f != nil {
		return st.finalizer(f, td, pos, attrs, mods)
	}
	if cv := r.Conv; cv != nil {
		ret := st.typ(cv.Type)
		if cv.Nullable {
			ret.Nullable = true
		}
		d := &MethodDecl{Pos: pos, Attributes: attrs, Modifiers: mods, ReturnType: ret,
			Name: ConversionOperatorName(cv.Kind), Operator: cv.Kind, Params: st.params(cv.Params)}
		d.Body, d.ExprBody = st.body(cv.Body)
		if len(d.Params) != 1 {
			st.report(cv.Pos.Offset, "Overloaded unary operator '"+cv.Kind+"' takes one parameter", false)
		}
		if cv.Checked {
			st.checkedOperator(d, cv.Pos)
		}
		return d
	}
	if r.Type != nil && r.Op != nil {
		o := r.Op
		d := &MethodDecl{Pos: pos, Attributes: attrs, Modifiers: mods, ReturnType: st.typ(r.Type),
			Operator: o.Op, NamePos: st.pos(o.Pos), Params: st.params(o.Params)}
		d.Body, d.ExprBody = st.body(o.Body)
		compound := CompoundOperatorName(o.Op)
		switch n := len(d.Params); {
		case compound != "" && (n == 1 && o.Op != "++" && o.Op != "--" || n == 0 && (o.Op == "++" || o.Op == "--")):
			d.Name, d.Compound = compound, true
		case compound != "" && o.Op != "++" && o.Op != "--":
			st.report(o.Pos.Offset, "Overloaded compound assignment operator '"+o.Op+"' takes one parameter", false)
			d.Name, d.Compound = compound, true
		case n == 1 && UnaryOperatorName(o.Op) != "":
			d.Name = UnaryOperatorName(o.Op)
		case n == 2 && BinaryOperatorName(o.Op) != "":
			d.Name = BinaryOperatorName(o.Op)
		case n == 1 || n == 2:
			kind := map[int]string{1: "unary", 2: "binary"}[n]
			st.report(o.Pos.Offset, "Overloadable "+kind+" operator expected", false) // CS1019/CS1020
			d.Name = "op_" + o.Op
		default:
			st.report(o.Pos.Offset, "Overloaded operator '"+o.Op+"' takes one or two parameters", false)
			d.Name = "op_" + o.Op
		}
		if o.Checked {
			st.checkedOperator(d, o.Pos)
		}
		return d
	}
	if r.Type != nil && r.Expl != nil {
		segs := r.Expl.Core.Segs
		last := segs[len(segs)-1]
		iface := st.typeCore(&gTypeCore{Pos: r.Expl.Core.Pos, Global: r.Expl.Core.Global, Segs: segs[:len(segs)-1]})
		nm := name(last.Name)
		if m := r.EMethod; m != nil {
			d := &MethodDecl{Pos: pos, Attributes: attrs, Modifiers: mods, ReturnType: st.typ(r.Type), Name: nm, Iface: iface,
				TypeParams: append(st.explicitTypeParams(last.Args), typeParams(m.TypeParams)...), Params: st.params(m.Params)}
			d.Body, d.ExprBody = st.body(m.Body)
			return d
		}
		d := &PropertyDecl{Pos: pos, Attributes: attrs, Modifiers: mods, Type: st.typ(r.Type), Name: nm, Iface: iface}
		st.propertyTail(d, r.EProp)
		return d
	}
	if r.Type != nil && r.Indexer != nil {
		ix := r.Indexer
		d := &PropertyDecl{Pos: pos, Attributes: attrs, Modifiers: mods, Type: st.typ(r.Type), Name: "this[]",
			Params: st.params(&gParams{Params: ix.Params})}
		st.propertyTail(d, ix.Body)
		if d.Init != nil {
			st.report(ix.Pos.Offset, "Only auto-implemented properties can have initializers", false)
		}
		return d
	}
	if r.Type == nil || r.Name == nil {
		return nil
	}
	typ := st.typ(r.Type)
	nm, namePos := name(r.Name.Name), st.pos(r.Name.Pos)
	switch {
	case r.Method != nil:
		m := r.Method
		d := &MethodDecl{Pos: pos, Attributes: attrs, Modifiers: mods, ReturnType: typ, Name: nm, NamePos: namePos,
			TypeParams: typeParams(m.TypeParams), Constraints: st.constraints(m.Where), Params: st.params(m.Params)}
		d.Body, d.ExprBody = st.body(m.Body)
		return d
	case r.Prop != nil:
		d := &PropertyDecl{Pos: pos, Attributes: attrs, Modifiers: mods, Type: typ, Name: nm}
		st.propertyTail(d, r.Prop)
		return d
	case r.Field != nil:
		fl := r.Field
		d := &FieldDecl{Pos: pos, Attributes: attrs, Modifiers: mods, Type: typ}
		first := &Declarator{Pos: namePos, Name: nm}
		if fl.Init != nil {
			first.Init = st.varInit(fl.Init)
		}
		d.Decls = append(d.Decls, first)
		for _, m := range fl.More {
			d.Decls = append(d.Decls, st.declarator(m))
		}
		return d
	}
	return nil
}

// event converts a field-like event to a FieldDecl and one with accessors
// to a PropertyDecl, both marked Event.
func (st *parseState) event(g *gEvent, pos Pos, attrs []*Attribute, mods Modifiers) Member {
	typ := st.typ(g.Type)
	if g.Expl != nil {
		segs := g.Expl.Core.Segs
		iface := st.typeCore(&gTypeCore{Pos: g.Expl.Core.Pos, Global: g.Expl.Core.Global, Segs: segs[:len(segs)-1]})
		d := &PropertyDecl{Pos: pos, Attributes: attrs, Modifiers: mods, Type: typ, Name: name(segs[len(segs)-1].Name), Event: true, Iface: iface}
		for _, a := range g.ExplAccs {
			acc := &Accessor{Pos: st.pos(a.Pos), Kind: a.Kind}
			acc.Body, acc.ExprBody = st.body(a.Body)
			d.Accessors = append(d.Accessors, acc)
		}
		return d
	}
	nm, namePos := name(g.Name.Name), st.pos(g.Name.Pos)
	if g.Accessors != nil {
		d := &PropertyDecl{Pos: pos, Attributes: attrs, Modifiers: mods, Type: typ, Name: nm, Event: true}
		for _, a := range g.Accessors {
			acc := &Accessor{Pos: st.pos(a.Pos), Kind: a.Kind}
			acc.Body, acc.ExprBody = st.body(a.Body)
			d.Accessors = append(d.Accessors, acc)
		}
		return d
	}
	d := &FieldDecl{Pos: pos, Attributes: attrs, Modifiers: mods, Type: typ, Event: true}
	first := &Declarator{Pos: namePos, Name: nm}
	if g.Init != nil {
		first.Init = st.varInit(g.Init)
	}
	d.Decls = append(d.Decls, first)
	for _, m := range g.More {
		d.Decls = append(d.Decls, st.declarator(m))
	}
	return d
}

func (st *parseState) body(g *gBody) (*BlockStmt, Expr) {
	switch {
	case g.Block != nil:
		return st.block(g.Block), nil
	case g.Arrow != nil:
		return nil, st.expr(g.Arrow)
	}
	return nil, nil
}

func (st *parseState) declarator(g *gDeclarator) *Declarator {
	d := &Declarator{Pos: st.pos(g.Pos), Name: name(g.Name)}
	if g.Init != nil {
		d.Init = st.varInit(g.Init)
	}
	return d
}

func (st *parseState) varInit(g *gVarInit) Expr {
	if g.List != nil {
		return st.initList(g.List)
	}
	return st.expr(g.Expr)
}

func (st *parseState) initList(g *gInitList) *InitListExpr {
	l := &InitListExpr{Pos: st.pos(g.Pos)}
	for _, e := range g.Elems {
		l.Elems = append(l.Elems, st.varInit(e))
	}
	return l
}

// ---- statements ----

func (st *parseState) block(g *gBlock) *BlockStmt {
	b := &BlockStmt{Pos: st.pos(g.Pos), Rbrace: st.pos(g.Close.Pos)}
	for _, it := range g.Items {
		if s := st.stmtItem(it.Stmt, it.Partial, it.Err); s != nil {
			b.Stmts = append(b.Stmts, s)
		}
	}
	return b
}

func (st *parseState) stmtItem(s *gStmt, partial any, err error) Stmt {
	if err != nil {
		st.itemError(partial, err)
	}
	if s == nil {
		return nil
	}
	return st.stmt(s)
}

func (st *parseState) stmt(g *gStmt) Stmt {
	pos := st.pos(g.Pos)
	switch {
	case g.Block != nil:
		return st.block(g.Block)
	case g.Empty:
		return &EmptyStmt{Pos: pos}
	case g.If != nil:
		s := &IfStmt{Pos: pos, Cond: st.expr(g.If.Cond), Then: st.stmt(g.If.Then)}
		if g.If.Else != nil {
			s.Else = st.stmt(g.If.Else)
		}
		return s
	case g.While != nil:
		return &WhileStmt{Pos: pos, Cond: st.expr(g.While.Cond), Body: st.stmt(g.While.Body)}
	case g.Do != nil:
		return &DoStmt{Pos: pos, Body: st.stmt(g.Do.Body), Cond: st.expr(g.Do.Cond)}
	case g.For != nil:
		f := g.For
		s := &ForStmt{Pos: pos}
		if f.Decl != nil {
			s.InitDecl = st.localDecl(f.Decl, st.pos(f.Decl.Pos))
		}
		s.InitExprs = st.exprs(f.Init)
		if f.Cond != nil {
			s.Cond = st.expr(f.Cond)
		}
		s.Post = st.exprs(f.Post)
		s.Body = st.stmt(f.Body)
		return s
	case g.Foreach != nil:
		return st.foreach(g.Foreach, pos, false)
	case g.Await != nil:
		return st.foreach(g.Await, pos, true)
	case g.Switch != nil:
		s := &SwitchStmt{Pos: pos, X: st.expr(g.Switch.X)}
		for _, sec := range g.Switch.Sections {
			ss := &SwitchSection{Pos: st.pos(sec.Pos)}
			for _, l := range sec.Labels {
				cl := &CaseLabel{Pos: st.pos(l.Pos), IsDefault: l.Default}
				if l.Pattern != nil {
					cl.Pattern = st.pattern(l.Pattern)
				}
				if l.When != nil {
					cl.When = st.expr(l.When)
				}
				ss.Labels = append(ss.Labels, cl)
			}
			for _, it := range sec.Body {
				if b := st.stmtItem(it.Stmt, it.Partial, it.Err); b != nil {
					ss.Body = append(ss.Body, b)
				}
			}
			s.Sections = append(s.Sections, ss)
		}
		return s
	case g.Break:
		return &BreakStmt{Pos: pos}
	case g.Continue:
		return &ContinueStmt{Pos: pos}
	case g.Return != nil:
		s := &ReturnStmt{Pos: pos}
		if g.Return.X != nil {
			s.X = st.expr(g.Return.X)
		}
		return s
	case g.Goto != nil:
		s := &GotoStmt{Pos: pos}
		switch {
		case g.Goto.Case != nil:
			s.IsCase, s.Case = true, st.expr(g.Goto.Case)
		case g.Goto.Default:
			s.IsDefault = true
		default:
			s.Label, s.LabelPos = name(g.Goto.Label.Name), st.pos(g.Goto.Label.Pos)
		}
		return s
	case g.Yield != nil:
		s := &YieldStmt{Pos: pos}
		if g.Yield.X != nil {
			s.X = st.expr(g.Yield.X)
		}
		return s
	case g.Throw != nil:
		s := &ThrowStmt{Pos: pos}
		if g.Throw.X != nil {
			s.X = st.expr(g.Throw.X)
		}
		return s
	case g.Try != nil:
		t := g.Try
		s := &TryStmt{Pos: pos, Body: st.block(t.Body)}
		for _, c := range t.Catches {
			cc := &CatchClause{Pos: st.pos(c.Pos), Name: name(c.Name), Body: st.block(c.Body)}
			if c.Type != nil {
				cc.Type = st.typ(c.Type)
			}
			if c.Filter != nil {
				cc.Filter = st.expr(c.Filter)
			}
			s.Catches = append(s.Catches, cc)
		}
		if t.Finally != nil {
			s.Finally = st.block(t.Finally)
		}
		if t.Finally2 != nil {
			s.Finally = st.block(t.Finally2)
		}
		return s
	case g.Using != nil || g.AwaitUse != nil:
		u, await := g.Using, g.AwaitUse != nil
		if await {
			u = g.AwaitUse
		}
		switch {
		case u.Local != nil:
			return &UsingDeclStmt{Pos: pos, Decl: st.localDecl(u.Local, st.pos(u.Local.Pos)), IsAwait: await}
		case u.Decl != nil:
			return &UsingStmt{Pos: pos, Decl: st.localDecl(u.Decl, st.pos(u.Decl.Pos)), Body: st.stmt(u.Body), IsAwait: await}
		}
		return &UsingStmt{Pos: pos, X: st.expr(u.X), Body: st.stmt(u.Body), IsAwait: await}
	case g.Lock != nil:
		return &LockStmt{Pos: pos, X: st.expr(g.Lock.X), Body: st.stmt(g.Lock.Body)}
	case g.Checked != nil:
		return &CheckedStmt{Pos: pos, Unchecked: g.Checked.Keyword == "unchecked", Body: st.block(g.Checked.Body)}
	case g.Decon != nil:
		return &ExprStmt{Pos: pos, X: &AssignExpr{Pos: st.pos(g.Decon.Pos), Op: "=", Left: st.designation(g.Decon.Desig), Right: st.expr(g.Decon.X)}}
	case g.Const != nil:
		d := st.localDecl(g.Const, pos)
		d.IsConst = true
		return d
	case g.Func != nil:
		return &LocalFuncStmt{Pos: pos, Func: st.localFunc(g.Func)}
	case g.Label != nil:
		return &LabeledStmt{Pos: pos, Label: name(g.Label.Label), Stmt: st.stmt(g.Label.Stmt)}
	case g.Decl != nil:
		return st.localDecl(g.Decl, pos)
	case g.Expr != nil:
		return &ExprStmt{Pos: pos, X: st.expr(g.Expr.X)}
	}
	return nil
}

func (st *parseState) exprs(gs []*gExpr) []Expr {
	var out []Expr
	for _, g := range gs {
		out = append(out, st.expr(g))
	}
	return out
}

func (st *parseState) foreach(f *gForeach, pos Pos, await bool) Stmt {
	s := &ForeachStmt{Pos: pos, IsAwait: await, Name: name(f.Name), X: st.expr(f.X), Body: st.stmt(f.Body), RefKind: f.Ref.kind()}
	if f.Type != nil {
		s.Type = st.typ(f.Type)
	}
	var des Expr
	switch {
	case f.Desig != nil:
		des = st.designation(f.Desig)
	case f.Tuple != nil:
		des = st.paren(f.Tuple, st.pos(f.Tuple.Elems[0].Pos))
	}
	if des != nil {
		// foreach (var (k, v) in X) body  ==>  foreach (var <>d in X) { (var k, var v) = <>d; body }
		te, ok := des.(*TupleExpr)
		if !ok {
			te = &TupleExpr{Pos: des.Position(), Elems: []Expr{des}}
		}
		p := te.Pos
		s.Deconstruct = te
		s.Name = fmt.Sprintf("<>d__%d_%d", p.Line, p.Col)
		s.Body = &BlockStmt{Pos: s.Body.Position(), Rbrace: s.Body.Position(), Stmts: []Stmt{
			&ExprStmt{Pos: p, X: &AssignExpr{Pos: p, Op: "=", Left: te, Right: &Ident{Pos: p, Name: s.Name}}},
			s.Body,
		}}
	}
	if await {
		s.Expanded = expandAwaitForeach(s)
	}
	return s
}

// expandAwaitForeach is C#'s expansion of `await foreach (T x in e) body`
// (§13.9.5), done here so that the binder, both execution models and code
// generation see only ordinary statements:
//
//	{
//	    var <e> = e.GetAsyncEnumerator();
//	    try { while (await <e>.MoveNextAsync()) { T x = (T)<e>.Current; body } }
//	    finally { if (<e> != null) await <e>.DisposeAsync(); }
//	}
func expandAwaitForeach(s *ForeachStmt) *BlockStmt {
	p := s.Pos
	en := fmt.Sprintf("<e>%d_%d", p.Line, p.Col)
	ref := func() Expr { return &Ident{Pos: p, Name: en} }
	call := func(x Expr, m string) Expr { return &CallExpr{Pos: p, Fun: &MemberExpr{Pos: p, X: x, Name: m}} }
	get := &LocalDeclStmt{Pos: p, Decls: []*Declarator{{Pos: p, Name: en, Init: call(s.X, "GetAsyncEnumerator")}}}
	var cur Expr = &MemberExpr{Pos: p, X: ref(), Name: "Current"}
	if s.Type != nil && s.Type.Name != "var" {
		// The iteration variable takes Current by an explicit conversion
		// (§13.9.5): a user-defined explicit operator runs, and a
		// narrowing numeric conversion checks overflow in checked code.
		cur = &CastExpr{Pos: p, Type: s.Type, X: cur}
	}
	item := &LocalDeclStmt{Pos: p, Type: s.Type, Decls: []*Declarator{{Pos: p, Name: s.Name, Init: cur}}}
	loop := &WhileStmt{Pos: p, Cond: &AwaitExpr{Pos: p, X: call(ref(), "MoveNextAsync")},
		Body: &BlockStmt{Pos: p, Stmts: []Stmt{item, s.Body}}}
	dispose := &IfStmt{Pos: p, Cond: &BinaryExpr{Pos: p, Op: "!=", X: ref(), Y: &Literal{Pos: p, Kind: LitNull}},
		Then: &ExprStmt{Pos: p, X: &AwaitExpr{Pos: p, X: call(ref(), "DisposeAsync")}}}
	try := &TryStmt{Pos: p, Body: &BlockStmt{Pos: p, Stmts: []Stmt{loop}}, Finally: &BlockStmt{Pos: p, Stmts: []Stmt{dispose}}}
	return &BlockStmt{Pos: p, Stmts: []Stmt{get, try}}
}

func (st *parseState) localDecl(g *gLocalDecl, pos Pos) *LocalDeclStmt {
	d := &LocalDeclStmt{Pos: pos, RefKind: g.Ref.kind()}
	if g.Type != nil {
		d.Type = st.typ(g.Type)
	}
	for _, dc := range g.Decls {
		d.Decls = append(d.Decls, st.declarator(dc))
	}
	return d
}

func (st *parseState) localFunc(g *gLocalFunc) *MethodDecl {
	m := &MethodDecl{Pos: st.pos(g.Pos), Attributes: st.attrs(g.Attrs), Modifiers: g.Mods.Mods, ReturnType: st.typ(g.Type),
		Name: name(g.Name), TypeParams: typeParams(g.TypeParams), Constraints: st.constraints(g.Where), Params: st.params(g.Params),
		RefKind: g.Ref.kind()}
	m.Body, m.ExprBody = st.body(g.Body)
	return m
}

// ---- expressions ----

func (st *parseState) expr(g *gExpr) Expr {
	pos := st.pos(g.Pos)
	switch {
	case g.Lambda != nil:
		return st.lambda(g.Lambda, pos)
	case g.Query != nil:
		return st.query(g.Query)
	case g.Throw != nil:
		return &ThrowExpr{Pos: pos, X: st.expr(g.Throw)}
	case g.Ref != nil:
		return &UnaryExpr{Pos: pos, Op: "ref", X: st.expr(g.Ref)}
	}
	x := st.cond(g.Cond)
	if g.Op == nil {
		return x
	}
	if g.Op.Op != "=" && g.Right.List != nil {
		st.report(g.Right.List.Pos.Offset, "unexpected '{', expected an expression", false)
	}
	return &AssignExpr{Pos: st.pos(g.Op.Pos), Op: g.Op.Op, Left: x, Right: st.varInit(g.Right)}
}

func (st *parseState) cond(g *gCond) Expr {
	x := st.binary(g.X)
	if t := g.Tail; t != nil {
		return &CondExpr{Pos: st.pos(t.Pos), Cond: x, Then: st.expr(t.Then), Else: st.expr(t.Else)}
	}
	return x
}

// binItem is one operator and its right operand of a flat operand list.
type binItem struct {
	op    string
	pos   Pos
	prec  int
	y     Expr
	pat   Pattern
	typ   *TypeRef
	throw bool
}

func (st *parseState) binary(g *gBinary) Expr {
	x := st.switchLevel(g.X)
	if len(g.Tail) == 0 {
		return x
	}
	items := make([]binItem, len(g.Tail))
	for i, t := range g.Tail {
		it := binItem{pos: st.pos(t.Pos), prec: precRelational}
		switch {
		case t.Is != nil:
			it.op, it.pat = "is", st.pattern(t.Is)
		case t.As != nil:
			it.op, it.typ = "as", st.typ(t.As)
		default:
			it.op, it.prec = t.Op.Op, binaryPrec[t.Op.Op]
			if t.Throw != nil {
				if it.op != "??" {
					st.report(t.Throw.Pos.Offset, "unexpected keyword 'throw', expected an expression", false)
				}
				it.y, it.throw = &ThrowExpr{Pos: st.pos(t.Throw.Pos), X: st.expr(t.Throw.X)}, true
			} else {
				it.y = st.switchLevel(t.Y)
			}
		}
		items[i] = it
	}
	i := 0
	return climb(x, items, &i, precCoalesce)
}

func (st *parseState) shift(g *gShift) Expr {
	x := st.switchLevel(g.X)
	if len(g.Tail) == 0 {
		return x
	}
	items := make([]binItem, len(g.Tail))
	for i, t := range g.Tail {
		items[i] = binItem{op: t.Op.Op, pos: st.pos(t.Op.Pos), prec: binaryPrec[t.Op.Op], y: st.switchLevel(t.Y)}
	}
	i := 0
	return climb(x, items, &i, precShift)
}

// climb applies C#'s precedence to x and items[*i:], consuming the
// operators of precedence minPrec or tighter. Operators are
// left-associative except ??, whose right operand is parsed at its own level.
func climb(x Expr, items []binItem, i *int, minPrec int) Expr {
	for *i < len(items) {
		it := items[*i]
		if it.prec < minPrec {
			return x
		}
		*i++
		switch it.op {
		case "is":
			x = &IsExpr{Pos: it.pos, X: x, Pattern: it.pat}
			continue
		case "as":
			x = &AsExpr{Pos: it.pos, X: x, Type: it.typ}
			continue
		}
		y := it.y
		if !it.throw {
			next := it.prec + 1
			if it.op == "??" {
				next = it.prec
			}
			y = climb(y, items, i, next)
		}
		x = &BinaryExpr{Pos: it.pos, Op: it.op, X: x, Y: y}
	}
	return x
}

func (st *parseState) switchLevel(g *gSwitchLevel) Expr {
	x := st.rangeExpr(g.X)
	for _, s := range g.Arms {
		if s.With != nil {
			we := &WithExpr{Pos: st.pos(s.Pos), X: x}
			for _, m := range s.With.Members {
				we.Members = append(we.Members, &MemberInit{Pos: st.pos(m.Pos), Name: name(m.Name), Value: st.expr(m.Value)})
			}
			x = we
			continue
		}
		se := &SwitchExpr{Pos: st.pos(s.Pos), X: x}
		for _, a := range s.Arms {
			arm := &SwitchArm{Pos: st.pos(a.Pos), Pattern: st.pattern(a.Pattern), Value: st.expr(a.Value)}
			if a.When != nil {
				arm.When = st.cond(a.When)
			}
			se.Arms = append(se.Arms, arm)
		}
		x = se
	}
	return x
}

func (st *parseState) rangeExpr(g *gRange) Expr {
	var x Expr
	tail := g.Tail
	if g.Lead != nil {
		tail = g.Lead // `..b` or `..`: no left operand
	} else {
		x = st.unary(g.X)
	}
	if tail == nil {
		return x
	}
	r := &RangeExpr{Pos: st.pos(g.Pos), X: x}
	if tail.Y != nil {
		r.Y = st.unary(tail.Y)
	}
	return r
}

func (st *parseState) unary(g *gUnary) Expr {
	pos := st.pos(g.Pos)
	switch {
	case g.Op != "":
		return &UnaryExpr{Pos: pos, Op: g.Op, X: st.unary(g.X)}
	case g.Cast != nil:
		return &CastExpr{Pos: pos, Type: st.typ(g.Cast), X: st.unary(g.CastX)}
	case g.Await != nil:
		return &AwaitExpr{Pos: pos, X: st.unary(g.Await)}
	}
	return st.postfix(g.Postfix)
}

func (st *parseState) postfix(g *gPostfix) Expr {
	x := st.primary(g.X)
	bareNew := g.X.New != nil
	for i, op := range g.Ops {
		switch {
		case op.Dot != "":
			m := &MemberExpr{X: x, NullCond: op.Dot == "?."}
			if op.Name != nil {
				m.Pos, m.Name = st.pos(op.Name.Pos), name(op.Name.Name)
			} else {
				m.Pos, m.Name = st.pos(op.Keyword.Pos), op.Keyword.Name
			}
			if op.TypeArgs != nil {
				m.TypeArgs = st.typeArgs(op.TypeArgs.Args)
			}
			x = m
		case op.NullArgs != nil:
			x = &IndexExpr{Pos: st.pos(op.NullArgs.Pos), X: x, Args: st.argList(op.NullArgs.Args), NullCond: true}
		case op.Call != nil:
			x = &CallExpr{Pos: x.Position(), Fun: x, Args: st.args(op.Call)}
		case op.Index != nil:
			if n, ok := x.(*NewArrayExpr); ok && !n.HasInit && bareNew && i == 0 {
				// `new int[2][3]`: C# reads a size in a later rank
				// specifier as an error, not as indexing the new array.
				st.report(st.pos(op.Index.Pos).offsetIn(st), "error CS0178: Invalid rank specifier: expected ',' or ']'", false)
			}
			x = &IndexExpr{Pos: st.pos(op.Index.Pos), X: x, Args: st.argList(op.Index.Args)}
		case op.Inc != "":
			x = &PostfixExpr{Pos: st.pos(op.Pos), Op: op.Inc, X: x}
		}
	}
	return x
}

func (st *parseState) typeArgs(gs []*gTypeArg) []*TypeRef {
	out := make([]*TypeRef, len(gs))
	for i, a := range gs {
		if a.Type == nil {
			out[i] = &TypeRef{Pos: st.pos(a.Pos)}
		} else {
			out[i] = st.typ(a.Type)
		}
	}
	return out
}

func (st *parseState) args(g *gArgs) []*Arg { return st.argList(g.Args) }

func (st *parseState) argList(gs []*gArg) []*Arg {
	var out []*Arg
	for _, a := range gs {
		out = append(out, st.arg(a))
	}
	return out
}

func (st *parseState) arg(g *gArg) *Arg {
	a := &Arg{Pos: st.pos(g.Pos), Name: name(g.Name)}
	switch {
	case g.Out:
		a.Mod = "out"
		if d := g.Decl; d != nil {
			de := &DeclExpr{Pos: st.pos(d.Pos), Name: name(d.Name)}
			if d.Discard {
				de.Name = "_"
			} else if d.Type != nil {
				de.Type = st.typ(d.Type)
			}
			a.X = de
		} else {
			a.X = st.expr(g.OutX)
		}
	default:
		a.Mod = g.Mod
		a.X = st.expr(g.X)
	}
	return a
}

// paren converts a parenthesized expression, or a tuple literal when it
// has more than one element or a named or declaring one.
func (st *parseState) paren(g *gParen, pos Pos) Expr {
	if len(g.Elems) == 1 && g.Elems[0].Name == "" && g.Elems[0].X != nil {
		return st.expr(g.Elems[0].X)
	}
	t := &TupleExpr{Pos: pos}
	named := false
	for _, e := range g.Elems {
		var x Expr
		switch {
		case e.Decl != nil:
			d := e.Decl
			de := &DeclExpr{Pos: st.pos(d.Pos), Name: name(d.Name)}
			if d.Discard {
				de.Name = "_"
			} else if d.Type != nil {
				de.Type = st.typ(d.Type)
			}
			x = de
		case e.Desig != nil:
			x = st.designation(e.Desig)
		default:
			x = st.expr(e.X)
		}
		t.Elems = append(t.Elems, x)
		t.Names = append(t.Names, name(e.Name))
		named = named || e.Name != ""
	}
	if !named {
		t.Names = nil
	}
	return t
}

// designation converts `var (a, (b, _))` to the tuple of declarations
// `(var a, (var b, _))` it means.
func (st *parseState) designation(g *gDesignation) *TupleExpr {
	t := &TupleExpr{Pos: st.pos(g.Pos)}
	for _, it := range g.Items {
		if it.Nested != nil {
			t.Elems = append(t.Elems, st.designation(it.Nested))
			continue
		}
		t.Elems = append(t.Elems, &DeclExpr{Pos: st.pos(it.Pos), Name: name(it.Name)})
	}
	return t
}

func (st *parseState) primary(g *gPrimary) Expr {
	pos := st.pos(g.Pos)
	switch {
	case g.Lit != "":
		lit := *st.lits[g.Pos.Offset]
		lit.Pos = pos
		if lit.Kind == LitString && strings.HasSuffix(lit.Raw, "u8") {
			return utf8Literal(&lit)
		}
		return &lit
	case g.Interp != nil:
		s := &InterpolatedString{Pos: pos, Verbatim: g.Interp.Start == "$@\""}
		for _, p := range g.Interp.Parts {
			if p.Text != nil {
				s.Parts = append(s.Parts, &InterpPart{Text: p.Text.Text})
				continue
			}
			part := &InterpPart{X: st.expr(p.X), Format: p.Format}
			if p.Align != nil {
				part.Align = st.expr(p.Align)
			}
			s.Parts = append(s.Parts, part)
		}
		return s
	case g.Paren != nil:
		return st.paren(g.Paren, pos)
	case g.Collection != nil:
		c := &CollectionExpr{Pos: pos}
		for _, e := range g.Collection.Elems {
			if e.Spread != nil {
				c.Elems = append(c.Elems, &SpreadElement{Pos: st.pos(e.Spread.Pos), X: st.expr(e.Spread.X)})
				continue
			}
			c.Elems = append(c.Elems, st.expr(e.X))
		}
		return c
	case g.Bool != "":
		return &Literal{Pos: pos, Kind: LitBool, Raw: g.Bool, Value: g.Bool == "true"}
	case g.Null:
		return &Literal{Pos: pos, Kind: LitNull, Raw: "null"}
	case g.This:
		return &ThisExpr{Pos: pos}
	case g.Base:
		return &BaseExpr{Pos: pos}
	case g.New != nil:
		return st.newExpr(g.New, pos)
	case g.StackAlloc != nil:
		return st.stackalloc(g.StackAlloc, pos)
	case g.TypeOf != nil:
		return &TypeOfExpr{Pos: pos, Type: st.typ(g.TypeOf)}
	case g.Default != nil:
		d := &DefaultExpr{Pos: pos}
		if g.Default.Type != nil {
			d.Type = st.typ(g.Default.Type)
		}
		return d
	case g.NameOf != nil:
		return &NameOfExpr{Pos: pos, X: st.expr(g.NameOf)}
	case g.Anon != nil:
		if g.Anon.Params == nil {
			l := st.lambda(&gLambda{Mods: g.Anon.Mods, Block: g.Anon.Block}, pos).(*LambdaExpr)
			l.NoParams = true
			return l
		}
		return st.lambda(&gLambda{Mods: g.Anon.Mods, Params: g.Anon.Params.Params, Block: g.Anon.Block}, pos)
	case g.Checked != nil:
		return &CheckedExpr{Pos: pos, Unchecked: g.Checked.Keyword == "unchecked", X: st.expr(g.Checked.X)}
	case g.Predef != "":
		return &Ident{Pos: pos, Name: g.Predef}
	}
	id := &Ident{Pos: pos, Name: name(g.Name), Verbatim: strings.HasPrefix(g.Name, "@")}
	if g.TypeArgs != nil {
		id.TypeArgs = st.typeArgs(g.TypeArgs.Args)
	}
	return id
}

func (st *parseState) newExpr(g *gNew, pos Pos) Expr {
	switch {
	case g.Args != nil:
		n := &NewExpr{Pos: pos, Args: st.args(g.Args)}
		if g.Init != nil {
			n.Init = st.initializer(g.Init)
		}
		return n
	case g.Implicit != nil:
		return &NewArrayExpr{Pos: pos, Rank: 1 + len(g.Implicit.Commas), Init: st.arrayInit(g.ImplInit), HasInit: true}
	case g.Anon != nil:
		return st.anonObject(g.Anon, pos)
	}
	var tr *TypeRef
	if g.TupType != nil {
		tr, g.Array = st.typeCore(g.TupType), g.TupArray
	} else {
		tr = st.typeCore(g.Type)
	}
	if a := g.Array; a != nil {
		n := &NewArrayExpr{Pos: pos, Rank: 1}
		if a.Sizes != nil {
			n.Sizes = st.exprs(a.Sizes)
			n.Rank = len(n.Sizes)
		} else if a.Rank != nil {
			n.Rank += len(a.Rank.Commas)
		}
		elem := tr
		for _, r := range a.Ranks {
			elem = wrapArray(elem, 1+len(r.Commas))
		}
		n.Elem = elem
		if a.Init != nil {
			n.Init, n.HasInit = st.arrayInit(a.Init), true
		} else if len(n.Sizes) == 0 {
			st.report(pos.offsetIn(st), "unexpected end of array creation, expected an array initializer", false)
		}
		return n
	}
	n := &NewExpr{Pos: pos, Type: tr}
	if g.ObjArgs != nil {
		n.Args = st.args(g.ObjArgs)
		if g.ObjInit != nil {
			n.Init = st.initializer(g.ObjInit)
		}
	} else if g.ObjInit2 != nil {
		n.Init = st.initializer(g.ObjInit2)
	}
	return n
}

// stackalloc converts `stackalloc T[n] { ... }` to the span over a new
// array that it is here: `System.MemoryExtensions.AsSpan(new T[n] { ... })`,
// a Span<T> (C# gives a stackalloc outside a pointer context that type).
// The VM has no stack memory apart from its registers; an array the span
// views lives as long as the span can (docs/design.md, "Spans").
func (st *parseState) stackalloc(g *gStackAlloc, pos Pos) Expr {
	var arr Expr
	if g.Implicit {
		arr = &NewArrayExpr{Pos: pos, Rank: 1, Init: st.arrayInit(g.ImplInit), HasInit: true}
	} else {
		arr = st.newExpr(&gNew{Type: g.Type, Array: g.Array}, pos)
	}
	sys := &MemberExpr{Pos: pos, X: &Ident{Pos: pos, Name: "System"}, Name: "MemoryExtensions"}
	return &CallExpr{Pos: pos, Fun: &MemberExpr{Pos: pos, X: sys, Name: "AsSpan"}, Args: []*Arg{{Pos: pos, X: arr}}}
}

// offsetIn is the byte offset of p in st's source.
func (p Pos) offsetIn(st *parseState) int { return st.src.lineStarts[p.TextLine()-1] + p.Col - 1 }

func (st *parseState) arrayInit(g *gInitList) []Expr {
	l := st.initList(g)
	if l.Elems == nil {
		return []Expr{}
	}
	return l.Elems
}

func (st *parseState) initializer(g *gInitializer) *Initializer {
	in := &Initializer{Pos: st.pos(g.Pos)}
	for _, m := range g.Members {
		mi := &MemberInit{Pos: st.pos(m.Pos), Name: name(m.Name)}
		if m.Nested != nil {
			mi.Init = st.initializer(m.Nested)
		} else {
			mi.Value = st.varInit(m.Value)
		}
		if m.Index != nil {
			mi.Index = st.argList(m.Index.Args)
		}
		in.Members = append(in.Members, mi)
	}
	for _, e := range g.Elems {
		in.Elems = append(in.Elems, st.varInit(e))
	}
	return in
}

func (st *parseState) lambda(g *gLambda, pos Pos) Expr {
	l := &LambdaExpr{Pos: pos}
	for _, m := range g.Mods {
		if m == "async" {
			l.IsAsync = true
		} else {
			l.IsStatic = true
		}
	}
	if g.Ret != nil {
		l.ReturnType = st.typ(g.Ret)
		if g.RetRef != "" {
			l.ReturnRef = "ref"
			if g.RetRO != "" {
				l.ReturnRef = "ref readonly"
			}
		}
	}
	if g.One != nil {
		l.Params = []*Param{{Pos: st.pos(g.One.Pos), Name: name(g.One.Name)}}
	}
	for _, p := range g.Params {
		r := p.Rest
		pr := &Param{Pos: st.pos(r.Pos), Attributes: st.attrs(p.Attrs), Modifier: paramModifier(r.Mod), Name: name(r.Name)}
		if r.Type != nil {
			pr.Type, pr.Name = st.typ(r.Type), name(r.TName)
		}
		if r.Default != nil {
			pr.Default = st.expr(r.Default)
		}
		l.Params = append(l.Params, pr)
	}
	if g.Block != nil {
		l.Body = st.block(g.Block)
	} else {
		l.ExprBody = st.expr(g.X)
	}
	return l
}

// ---- types ----

func (st *parseState) typ(g *gType) *TypeRef {
	tr := st.typeCore(g.Core)
	for _, r := range g.Ranks {
		tr = wrapArray(tr, 1+len(r.Commas))
		if r.Nullable != nil {
			tr.Nullable = true
		}
	}
	return tr
}

func (st *parseState) typeCore(g *gTypeCore) *TypeRef {
	if g.Tuple != nil {
		var elems []*TypeRef
		var names []string
		named := false
		for _, e := range g.Tuple {
			elems = append(elems, st.typ(e.Type))
			names = append(names, name(e.Name))
			named = named || e.Name != ""
		}
		if !named {
			names = nil
		}
		tr := NewTupleType(st.pos(g.Pos), elems, names)
		tr.Nullable = g.Nullable != nil
		return tr
	}
	tr := &TypeRef{Pos: st.pos(g.Pos), Name: g.Predef, Nullable: g.Nullable != nil}
	for i, s := range g.Segs {
		if i > 0 {
			if g.Segs[i-1].Args != nil {
				// Outer<int>.Inner: the rest names a nested type of Outer<int>.
				tr = &TypeRef{Pos: st.pos(s.Pos), Outer: tr, Nullable: tr.Nullable}
				tr.Outer.Nullable = false
			} else {
				tr.Name += "."
			}
		}
		tr.Name += name(s.Name)
		if s.Args != nil {
			tr.Args = st.typeArgs(s.Args)
		}
	}
	return tr
}

// wrapArray makes an array type of elem; for `int[][]` the outer rank
// specifier applies to the innermost element, matching C#'s reading order.
func wrapArray(elem *TypeRef, rank int) *TypeRef {
	if elem.ArrayRank == 0 {
		return &TypeRef{Pos: elem.Pos, ArrayRank: rank, Elem: elem}
	}
	inner := elem
	for inner.Elem.ArrayRank > 0 {
		inner = inner.Elem
	}
	inner.Elem = &TypeRef{Pos: inner.Elem.Pos, ArrayRank: rank, Elem: inner.Elem}
	return elem
}

// ---- patterns ----

func (st *parseState) pattern(g *gPattern) Pattern {
	x := st.andPattern(g.X)
	for _, o := range g.Ors {
		x = &BinaryPattern{Pos: st.pos(o.Pos), Op: "or", X: x, Y: st.andPattern(o.Y)}
	}
	return x
}

func (st *parseState) andPattern(g *gAndPattern) Pattern {
	x := st.notPattern(g.X)
	for _, a := range g.Ands {
		x = &BinaryPattern{Pos: st.pos(a.Pos), Op: "and", X: x, Y: st.notPattern(a.Y)}
	}
	return x
}

func (st *parseState) notPattern(g *gNotPattern) Pattern {
	if g.Not != nil {
		return &NotPattern{Pos: st.pos(g.Pos), P: st.notPattern(g.Not)}
	}
	return st.primaryPattern(g.P)
}

func (st *parseState) primaryPattern(g *gPrimaryPattern) Pattern {
	pos := st.pos(g.Pos)
	switch {
	case len(g.Paren) == 1 && g.Paren[0].Name == "" && g.ParenRest == nil:
		return st.pattern(g.Paren[0].Pattern)
	case g.Paren != nil:
		return st.positionalPattern(pos, nil, g.Paren, g.ParenRest)
	case g.VarDesig != nil:
		return st.varDesignation(g.VarDesig)
	case g.RelOp != "":
		return &RelationalPattern{Pos: pos, Op: g.RelOp, X: st.shift(g.RelX)}
	case g.Prop != nil:
		return st.propPattern(g.Prop, pos, nil)
	case g.List != nil:
		lp := &ListPattern{Pos: pos, Name: name(g.List.Name)}
		for _, e := range g.List.Elems {
			lp.Elems = append(lp.Elems, st.pattern(e))
		}
		return lp
	case g.Slice != nil:
		sp := &SlicePattern{Pos: pos}
		if g.Slice.P != nil {
			sp.P = st.notPattern(g.Slice.P)
		}
		return sp
	case g.Var != "":
		return &VarPattern{Pos: pos, Name: name(g.Var)}
	case g.Discard:
		return &DiscardPattern{Pos: pos}
	case g.Typed != nil:
		typ := st.typ(g.Typed.Type)
		if g.Typed.Subs != nil {
			return st.positionalPattern(pos, typ, g.Typed.Subs.Subs, g.Typed.Subs.Rest)
		}
		if g.Typed.Prop != nil {
			return st.propPattern(g.Typed.Prop, pos, typ)
		}
		return &TypePattern{Pos: pos, Type: typ, Name: name(g.Typed.Name)}
	}
	return &ConstPattern{Pos: pos, X: st.shift(g.Const)}
}

// positionalPattern converts `Type(P1, P2) rest`; typ is nil when there is
// no type.
func (st *parseState) positionalPattern(pos Pos, typ *TypeRef, subs []*gPosSub, rest *gPatternRest) Pattern {
	pp := &PositionalPattern{Pos: pos, Type: typ}
	for _, s := range subs {
		pp.Subs = append(pp.Subs, &SubPattern{Pos: st.pos(s.Pos), Name: name(s.Name), Pattern: st.pattern(s.Pattern)})
	}
	switch {
	case rest == nil:
	case rest.Prop != nil:
		pp.Rest = st.propPattern(rest.Prop, st.pos(rest.Pos), nil).(*PropertyPattern)
	default:
		pp.Rest = &PropertyPattern{Pos: st.pos(rest.Pos), Name: name(rest.Desig)}
	}
	return pp
}

// varDesignation converts the pattern `var (x, (y, _))` to the positional
// pattern `(var x, (var y, _))` it means.
func (st *parseState) varDesignation(g *gDesignation) Pattern {
	pp := &PositionalPattern{Pos: st.pos(g.Pos)}
	for _, it := range g.Items {
		var p Pattern
		switch {
		case it.Nested != nil:
			p = st.varDesignation(it.Nested)
		case it.Name == "_":
			p = &DiscardPattern{Pos: st.pos(it.Pos)}
		default:
			p = &VarPattern{Pos: st.pos(it.Pos), Name: name(it.Name)}
		}
		pp.Subs = append(pp.Subs, &SubPattern{Pos: st.pos(it.Pos), Pattern: p})
	}
	return pp
}

func (st *parseState) propPattern(g *gPropPattern, pos Pos, typ *TypeRef) Pattern {
	pp := &PropertyPattern{Pos: pos, Type: typ, Name: name(g.Name)}
	for _, s := range g.Props {
		parts := make([]string, len(s.Names))
		for i, n := range s.Names {
			parts[i] = name(n)
		}
		pp.Props = append(pp.Props, &SubPattern{Pos: st.pos(s.Pos), Name: strings.Join(parts, "."), Pattern: st.pattern(s.Pattern)})
	}
	return pp
}

// extension converts an extension block (C# 14) and lowers its members to
// static methods of the enclosing type td (see ExtensionDecl). A member an
// extension block cannot declare is recorded in Invalid, for the binder to
// report.
func (st *parseState) extension(g *gMember, td *TypeDecl, ns string) (*ExtensionDecl, []Member) {
	x := g.Rest.Ext
	r := x.Receiver
	ext := &ExtensionDecl{Pos: st.pos(x.Pos), TypeParams: typeParams(x.TypeParams), Constraints: st.constraints(x.Where),
		Receiver: &Param{Pos: st.pos(r.Pos), Attributes: st.attrs(r.Attrs), Modifier: r.Mod, Type: st.typ(r.Type), Name: name(r.Name)}}
	if r.Default != nil {
		ext.Receiver.Default = st.expr(r.Default)
	}
	if len(g.Attrs) > 0 || g.Rest.Mods.Mods != 0 {
		ext.Invalid = append(ext.Invalid, ext.Pos)
	}
	receiver := func() *Param {
		p := *ext.Receiver
		p.Modifier, p.Default = "this", nil
		return &p
	}
	var out []Member
	add := func(d *MethodDecl, static bool, prop string) {
		d.Extension, d.ExtStatic, d.ExtProperty = ext, static, prop
		d.TypeParams = append(append([]string{}, ext.TypeParams...), d.TypeParams...)
		d.Constraints = append(append([]*Constraint{}, ext.Constraints...), d.Constraints...)
		if !static {
			if !ext.Instance.IsValid() {
				ext.Instance = d.Pos
			}
			d.Modifiers |= ModStatic
			d.Params = append([]*Param{receiver()}, d.Params...)
		}
		out = append(out, d)
	}
	for _, it := range x.Members {
		if it.Err != nil {
			st.itemError(it.Partial, it.Err)
		}
		if it.Member == nil {
			continue
		}
		if it.Member.Rest.Ext != nil {
			ext.Invalid = append(ext.Invalid, st.pos(it.Member.Rest.Pos))
			continue
		}
		m := st.member(it.Member, td, ns)
		switch d := m.(type) {
		case *MethodDecl:
			// A static operator (C# 14) is a static member of the block;
			// conversion operators and instance (compound assignment)
			// operators are not supported there.
			op := d.Operator != "" && (d.Compound || d.Operator == "implicit" || d.Operator == "explicit" || !d.Modifiers.Has(ModStatic))
			if op || d.Iface != nil {
				ext.Invalid = append(ext.Invalid, d.Pos)
				continue
			}
			add(d, d.Modifiers.Has(ModStatic), "")
		case *PropertyDecl:
			if d.Event || d.IsIndexer() || d.Iface != nil || d.Init != nil {
				ext.Invalid = append(ext.Invalid, d.Pos)
				continue
			}
			static := d.Modifiers.Has(ModStatic)
			if d.ExprBody != nil {
				add(&MethodDecl{Pos: d.Pos, Attributes: d.Attributes, Modifiers: d.Modifiers, ReturnType: d.Type,
					Name: "get_" + d.Name, NamePos: d.Pos, ExprBody: d.ExprBody}, static, d.Name)
				continue
			}
			for _, a := range d.Accessors {
				if a.Body == nil && a.ExprBody == nil || a.Kind == "init" {
					ext.Invalid = append(ext.Invalid, a.Pos)
					continue
				}
				mods := d.Modifiers
				if a.Modifiers != 0 {
					mods = mods&^(ModPublic|ModPrivate|ModProtected|ModInternal) | a.Modifiers
				}
				acc := &MethodDecl{Pos: a.Pos, Attributes: d.Attributes, Modifiers: mods, Name: a.Kind + "_" + d.Name,
					NamePos: a.Pos, Body: a.Body, ExprBody: a.ExprBody}
				if a.Kind == "get" {
					acc.ReturnType = d.Type
				} else {
					acc.ReturnType = &TypeRef{Pos: a.Pos, Name: "void"}
					acc.Params = []*Param{{Pos: a.Pos, Type: d.Type, Name: "value"}}
				}
				add(acc, static, d.Name)
			}
		case nil:
		default:
			ext.Invalid = append(ext.Invalid, m.Position())
		}
	}
	return ext, out
}

// checkedOperator makes d, declared `operator checked`, the checked form
// of its operator, or reports an operator that has none (CS9023).
func (st *parseState) checkedOperator(d *MethodDecl, at lexer.Position) {
	if c := CheckedOperatorName(d.Name); c != "" {
		d.Name, d.Checked = c, true
		return
	}
	st.report(at.Offset, "User-defined operator '"+d.Operator+"' cannot be declared checked", false)
}

// utf8Literal is a UTF-8 string literal `"text"u8` (C# 11): a
// ReadOnlySpan<byte> over the text's UTF-8 bytes, which it is written as.
func utf8Literal(lit *Literal) Expr {
	pos := lit.Pos
	b := &TypeRef{Pos: pos, Name: "byte"}
	arr := &NewArrayExpr{Pos: pos, Elem: b, Rank: 1, HasInit: true}
	for _, c := range []byte(lit.Value.(string)) {
		arr.Init = append(arr.Init, &Literal{Pos: pos, Kind: LitInt, Raw: strconv.Itoa(int(c)), Value: int64(c)})
	}
	return &NewExpr{Pos: pos, Type: &TypeRef{Pos: pos, Name: "System.ReadOnlySpan", Args: []*TypeRef{b}}, Args: []*Arg{{Pos: pos, X: arr}}}
}

// finalizer converts `~Name() { ... }` to the method Finalize (C# 15.13):
// named for its class, without parameters or modifiers, in a class.
func (st *parseState) finalizer(f *gFinalizer, td *TypeDecl, pos Pos, attrs []*Attribute, mods Modifiers) Member {
	switch {
	case td.Kind != KindClass:
		st.report(f.Pos.Offset, "error CS0575: Only class types can contain destructors", false)
	case f.Name != td.Name:
		st.report(f.Pos.Offset, "error CS0574: Name of destructor must match name of type", false)
	case len(f.Params.Params) > 0:
		st.report(f.Pos.Offset, "error CS1026: ) expected", false)
	case mods&^ModExtern != 0:
		st.report(f.Pos.Offset, "error CS0106: The modifier '"+strings.Fields((mods &^ ModExtern).String())[0]+"' is not valid for this item", false)
	}
	d := &MethodDecl{Pos: pos, Attributes: attrs, ReturnType: &TypeRef{Pos: pos, Name: "void"}, Name: "Finalize", Finalizer: td.Name}
	d.Body, d.ExprBody = st.body(f.Body)
	return d
}

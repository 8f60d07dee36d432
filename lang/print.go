package lang

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Print renders any node as readable C#-like source, indented with four
// spaces and parenthesised so that parsing the output gives back the same
// tree. Synthesized nodes (zero positions, empty Raw) print fine.
func Print(n Node) string {
	pr := &printer{}
	pr.node(n)
	return pr.b.String()
}

// PrintFullParens renders an expression with every compound subexpression
// parenthesised, which makes precedence and associativity visible.
func PrintFullParens(e Expr) string {
	pr := &printer{full: true}
	pr.expr(e, 0)
	return pr.b.String()
}

type printer struct {
	b      strings.Builder
	indent int
	full   bool
}

func (pr *printer) w(s string) { pr.b.WriteString(s) }

// ident spells a variable, parameter or member name as C# source: a
// reserved keyword used as an identifier takes its verbatim prefix
// (`@class`, `@event`). The predefined type keywords are left alone, as an
// identifier in an expression may be one (`int.Parse`), and so are type
// references (TypeRef.String).
func ident(name string) string {
	if reserved[name] && !predefined[name] {
		return "@" + name
	}
	return name
}

// declName spells the name a declaration introduces: there no predefined
// type keyword can stand, so every reserved word takes the verbatim prefix
// (`int @string = 10;`).
func declName(name string) string {
	if reserved[name] {
		return "@" + name
	}
	return name
}

func (pr *printer) nl() {
	pr.b.WriteByte('\n')
	for i := 0; i < pr.indent; i++ {
		pr.b.WriteString("    ")
	}
}

func (pr *printer) node(n Node) {
	switch n := n.(type) {
	case nil:
	case *File:
		pr.file(n)
	case *TypeDecl:
		pr.typeDecl(n)
	case Member:
		pr.member(n)
	case Stmt:
		pr.stmt(n)
	case Expr:
		pr.expr(n, 0)
	case Pattern:
		pr.pattern(n, 0)
	case *TypeRef:
		pr.w(n.String())
	case *UsingDirective:
		pr.using(n)
	case *Attribute:
		pr.w("[")
		pr.attr(n)
		pr.w("]")
	case *Param:
		pr.param(n)
	case *Arg:
		pr.arg(n)
	case *Declarator:
		pr.declarator(n)
	case *SwitchSection:
		pr.section(n)
	case *CaseLabel:
		pr.caseLabel(n)
	case *CatchClause:
		pr.catch(n)
	case *SwitchArm:
		pr.arm(n)
	case *Accessor:
		pr.accessor(n)
	case *EnumMember:
		pr.enumMember(n)
	case *CtorInit:
		pr.w(": " + n.Kind)
		pr.args("(", n.Args, ")")
	case *Initializer:
		pr.initializer(n)
	case *MemberInit:
		pr.memberInit(n)
	case *SubPattern:
		pr.w(n.Name + ": ")
		pr.pattern(n.Pattern, 0)
	default:
		pr.w(fmt.Sprintf("/* %T */", n))
	}
}

func (pr *printer) using(u *UsingDirective) {
	pr.w("using ")
	if u.IsStatic {
		pr.w("static ")
	}
	if u.Alias != "" {
		pr.w(u.Alias + " = ")
	}
	pr.w(u.Name + ";")
}

func (pr *printer) file(f *File) {
	first := true
	sep := func() {
		if !first {
			pr.w("\n")
			pr.nl()
		}
		first = false
	}
	if len(f.Usings) > 0 {
		sep()
		for i, u := range f.Usings {
			if i > 0 {
				pr.nl()
			}
			pr.using(u)
		}
	}
	for _, a := range f.Attributes {
		sep()
		pr.w("[assembly: ")
		pr.attr(a)
		pr.w("]")
	}
	if len(f.Stmts) > 0 {
		sep()
		for i, s := range f.Stmts {
			if i > 0 {
				pr.nl()
			}
			pr.stmt(s)
		}
	}
	for i := 0; i < len(f.Types); {
		ns := f.Types[i].Namespace
		sep()
		if ns != "" {
			pr.w("namespace " + ns)
			pr.nl()
			pr.w("{")
			pr.indent++
		}
		j := i
		for ; j < len(f.Types) && f.Types[j].Namespace == ns; j++ {
			if j > i {
				pr.w("\n")
			}
			if ns != "" || j > i {
				pr.nl()
			}
			pr.typeDecl(f.Types[j])
		}
		if ns != "" {
			pr.indent--
			pr.nl()
			pr.w("}")
		}
		i = j
	}
	if !first {
		pr.w("\n")
	}
}

func (pr *printer) attrs(as []*Attribute, inline bool) {
	for _, a := range as {
		pr.w("[")
		pr.attr(a)
		pr.w("]")
		if inline {
			pr.w(" ")
		} else {
			pr.nl()
		}
	}
}

func (pr *printer) attr(a *Attribute) {
	pr.w(a.Name)
	if len(a.Args) > 0 {
		pr.w("(")
		for i, arg := range a.Args {
			if i > 0 {
				pr.w(", ")
			}
			if arg.Name != "" && arg.Mod == "" {
				pr.w(ident(arg.Name) + " = ")
				pr.expr(arg.X, 1)
				continue
			}
			pr.arg(arg)
		}
		pr.w(")")
	}
}

func (pr *printer) mods(m Modifiers) {
	if m != 0 {
		pr.w(m.String() + " ")
	}
}

func (pr *printer) typeDecl(td *TypeDecl) {
	pr.attrs(td.Attributes, false)
	pr.mods(td.Modifiers)
	if td.Kind == KindDelegate && td.Invoke != nil {
		pr.w("delegate " + td.Invoke.ReturnType.String() + " " + ident(td.Name))
		pr.typeParams(td.TypeParams)
		pr.params(td.Invoke.Params)
		pr.w(";")
		return
	}
	kind := string(td.Kind)
	if td.Record {
		kind = "record"
		if td.Kind == KindStruct {
			kind = "record struct"
		}
	}
	pr.w(kind + " " + ident(td.Name))
	pr.typeParams(td.TypeParams)
	if td.HasPrimary || len(td.PrimaryParams) > 0 {
		pr.params(td.PrimaryParams)
	}
	for i, b := range td.Bases {
		if i == 0 {
			pr.w(" : ")
		} else {
			pr.w(", ")
		}
		pr.w(b.String())
		if i == 0 && td.HasBaseArgs {
			pr.args("(", td.BaseArgs, ")")
		}
	}
	pr.nl()
	pr.w("{")
	pr.indent++
	if td.Kind == KindEnum {
		for _, em := range td.EnumMembers {
			pr.nl()
			pr.enumMember(em)
			pr.w(",")
		}
	}
	printed := map[*ExtensionDecl]bool{}
	for i, m := range td.Members {
		if d, ok := m.(*MethodDecl); ok && d.Extension != nil {
			if !printed[d.Extension] {
				printed[d.Extension] = true
				pr.w("\n")
				pr.nl()
				pr.extension(td, d.Extension)
			}
			continue
		}
		if i > 0 {
			_, f1 := td.Members[i-1].(*FieldDecl)
			_, f2 := m.(*FieldDecl)
			if !f1 || !f2 {
				pr.w("\n")
			}
		}
		pr.nl()
		pr.member(m)
	}
	pr.indent--
	pr.nl()
	pr.w("}")
}

func (pr *printer) enumMember(em *EnumMember) {
	pr.attrs(em.Attributes, true)
	pr.w(ident(em.Name))
	if em.Value != nil {
		pr.w(" = ")
		pr.expr(em.Value, 1)
	}
}

func (pr *printer) typeParams(tps []string) {
	if len(tps) > 0 {
		pr.w("<" + strings.Join(tps, ", ") + ">")
	}
}

func (pr *printer) params(ps []*Param) {
	pr.w("(")
	for i, p := range ps {
		if i > 0 {
			pr.w(", ")
		}
		pr.param(p)
	}
	pr.w(")")
}

func (pr *printer) param(p *Param) {
	pr.attrs(p.Attributes, true)
	if p.This {
		pr.w("this ")
	}
	if p.Modifier != "" {
		pr.w(p.Modifier + " ")
	}
	if p.Type != nil {
		pr.w(p.Type.String() + " ")
	}
	pr.w(declName(p.Name))
	if p.Default != nil {
		pr.w(" = ")
		pr.expr(p.Default, 1)
	}
}

func (pr *printer) body(b *BlockStmt, e Expr) {
	switch {
	case b != nil:
		pr.nl()
		pr.block(b)
	case e != nil:
		pr.w(" => ")
		pr.expr(e, 1)
		pr.w(";")
	default:
		pr.w(";")
	}
}

func (pr *printer) member(m Member) {
	switch m := m.(type) {
	case *TypeDecl:
		pr.typeDecl(m)
	case *FieldDecl:
		pr.attrs(m.Attributes, false)
		pr.mods(m.Modifiers)
		if m.Event {
			pr.w("event ")
		}
		pr.w(m.Type.String() + " ")
		pr.declarators(m.Decls)
		pr.w(";")
	case *PropertyDecl:
		pr.attrs(m.Attributes, false)
		pr.mods(m.Modifiers)
		pr.refKind(m.RefKind)
		if m.Event {
			pr.w("event ")
		}
		if m.IsIndexer() {
			pr.w(m.Type.String() + " this[")
			for i, p := range m.Params {
				if i > 0 {
					pr.w(", ")
				}
				pr.param(p)
			}
			pr.w("]")
		} else if m.Iface != nil {
			pr.w(m.Type.String() + " " + m.Iface.String() + "." + ident(m.Name))
		} else {
			pr.w(m.Type.String() + " " + ident(m.Name))
		}
		if m.ExprBody != nil {
			pr.w(" => ")
			pr.expr(m.ExprBody, 1)
			pr.w(";")
			return
		}
		auto := true
		for _, a := range m.Accessors {
			if a.Body != nil || a.ExprBody != nil {
				auto = false
			}
		}
		if auto {
			pr.w(" {")
			for _, a := range m.Accessors {
				pr.w(" ")
				pr.accessor(a)
			}
			pr.w(" }")
		} else {
			pr.nl()
			pr.w("{")
			pr.indent++
			for _, a := range m.Accessors {
				pr.nl()
				pr.accessor(a)
			}
			pr.indent--
			pr.nl()
			pr.w("}")
		}
		if m.Init != nil {
			pr.w(" = ")
			pr.expr(m.Init, 1)
			pr.w(";")
		}
	case *MethodDecl:
		pr.method(m)
	case *CtorDecl:
		pr.attrs(m.Attributes, false)
		pr.mods(m.Modifiers)
		pr.w(m.Name)
		pr.params(m.Params)
		if m.Init != nil {
			pr.w(" : " + m.Init.Kind)
			pr.args("(", m.Init.Args, ")")
		}
		pr.body(m.Body, m.ExprBody)
	}
}

func (pr *printer) accessor(a *Accessor) {
	pr.mods(a.Modifiers)
	pr.w(a.Kind)
	if a.Body != nil && len(a.Body.Stmts) == 0 {
		pr.w(" { }")
		return
	}
	pr.body(a.Body, a.ExprBody)
}

func (pr *printer) method(m *MethodDecl) {
	pr.attrs(m.Attributes, false)
	pr.mods(m.Modifiers)
	pr.refKind(m.RefKind)
	switch m.Operator {
	case "":
		if m.Finalizer != "" {
			pr.w("~" + ident(m.Finalizer) + "()")
			pr.body(m.Body, m.ExprBody)
			return
		}
		if m.Iface != nil {
			pr.w(m.ReturnType.String() + " " + m.Iface.String() + "." + ident(m.Name))
			break
		}
		pr.w(m.ReturnType.String() + " " + ident(m.Name))
	case "implicit", "explicit":
		pr.w(m.Operator + " operator " + checkedKw(m) + m.ReturnType.String())
	default:
		pr.w(m.ReturnType.String() + " operator " + checkedKw(m) + m.Operator)
	}
	pr.typeParams(m.TypeParams)
	pr.params(m.Params)
	pr.body(m.Body, m.ExprBody)
}

// refKind writes a ref local's, ref return's or ref foreach variable's
// `ref` or `ref readonly`.
func (pr *printer) refKind(k string) {
	if k != "" {
		pr.w(k + " ")
	}
}

func (pr *printer) declarators(ds []*Declarator) {
	for i, d := range ds {
		if i > 0 {
			pr.w(", ")
		}
		pr.declarator(d)
	}
}

func (pr *printer) declarator(d *Declarator) {
	pr.w(declName(d.Name))
	if d.Init != nil {
		pr.w(" = ")
		pr.expr(d.Init, 1)
	}
}

// ---- statements ----

func (pr *printer) block(b *BlockStmt) {
	pr.w("{")
	pr.indent++
	for _, s := range b.Stmts {
		pr.nl()
		pr.stmt(s)
	}
	pr.indent--
	pr.nl()
	pr.w("}")
}

// sub prints an embedded statement: blocks on their own line, others indented.
func (pr *printer) sub(s Stmt) {
	if b, ok := s.(*BlockStmt); ok {
		pr.nl()
		pr.block(b)
		return
	}
	pr.indent++
	pr.nl()
	pr.stmt(s)
	pr.indent--
}

func (pr *printer) localDecl(d *LocalDeclStmt) {
	if d.IsConst {
		pr.w("const ")
	}
	pr.refKind(d.RefKind)
	pr.w(d.Type.String() + " ")
	pr.declarators(d.Decls)
}

func (pr *printer) exprs(xs []Expr) {
	for i, x := range xs {
		if i > 0 {
			pr.w(", ")
		}
		pr.expr(x, 1)
	}
}

func (pr *printer) stmt(s Stmt) {
	switch s := s.(type) {
	case nil:
		pr.w(";")
	case *BlockStmt:
		pr.block(s)
	case *LocalDeclStmt:
		pr.localDecl(s)
		pr.w(";")
	case *UsingDeclStmt:
		if s.IsAwait {
			pr.w("await ")
		}
		pr.w("using ")
		pr.localDecl(s.Decl)
		pr.w(";")
	case *ExprStmt:
		pr.expr(s.X, 1)
		pr.w(";")
	case *IfStmt:
		pr.w("if (")
		pr.expr(s.Cond, 1)
		pr.w(")")
		then := s.Then
		if _, isIf := then.(*IfStmt); isIf && s.Else != nil {
			// Keep a dangling else attached to the right if.
			then = &BlockStmt{Stmts: []Stmt{then}}
		}
		pr.sub(then)
		if s.Else != nil {
			pr.nl()
			pr.w("else")
			if elif, ok := s.Else.(*IfStmt); ok {
				pr.w(" ")
				pr.stmt(elif)
			} else {
				pr.sub(s.Else)
			}
		}
	case *WhileStmt:
		pr.w("while (")
		pr.expr(s.Cond, 1)
		pr.w(")")
		pr.sub(s.Body)
	case *DoStmt:
		pr.w("do")
		pr.sub(s.Body)
		pr.nl()
		pr.w("while (")
		pr.expr(s.Cond, 1)
		pr.w(");")
	case *ForStmt:
		pr.w("for (")
		if s.InitDecl != nil {
			pr.localDecl(s.InitDecl)
		} else {
			pr.exprs(s.InitExprs)
		}
		pr.w(";")
		if s.Cond != nil {
			pr.w(" ")
			pr.expr(s.Cond, 1)
		}
		pr.w(";")
		if len(s.Post) > 0 {
			pr.w(" ")
			pr.exprs(s.Post)
		}
		pr.w(")")
		pr.sub(s.Body)
	case *ForeachStmt:
		if s.IsAwait {
			pr.w("await ")
		}
		body := s.Body
		if s.Deconstruct != nil {
			pr.w("foreach (")
			pr.expr(s.Deconstruct, 1)
			pr.w(" in ")
			if b, ok := body.(*BlockStmt); ok && len(b.Stmts) == 2 {
				body = b.Stmts[1]
			}
		} else {
			pr.w("foreach (")
			pr.refKind(s.RefKind)
			pr.w(s.Type.String() + " " + ident(s.Name) + " in ")
		}
		pr.expr(s.X, 1)
		pr.w(")")
		pr.sub(body)
	case *SwitchStmt:
		pr.w("switch (")
		pr.expr(s.X, 1)
		pr.w(")")
		pr.nl()
		pr.w("{")
		pr.indent++
		for _, sec := range s.Sections {
			pr.nl()
			pr.section(sec)
		}
		pr.indent--
		pr.nl()
		pr.w("}")
	case *BreakStmt:
		pr.w("break;")
	case *ContinueStmt:
		pr.w("continue;")
	case *ReturnStmt:
		pr.w("return")
		if s.X != nil {
			pr.w(" ")
			pr.expr(s.X, 1)
		}
		pr.w(";")
	case *GotoStmt:
		switch {
		case s.IsCase:
			pr.w("goto case ")
			pr.expr(s.Case, 1)
			pr.w(";")
		case s.IsDefault:
			pr.w("goto default;")
		default:
			pr.w("goto " + s.Label + ";")
		}
	case *LabeledStmt:
		pr.w(s.Label + ":")
		if s.Stmt == nil {
			pr.w(" ;")
			return
		}
		pr.nl()
		pr.stmt(s.Stmt)
	case *YieldStmt:
		if s.X == nil {
			pr.w("yield break;")
			return
		}
		pr.w("yield return ")
		pr.expr(s.X, 1)
		pr.w(";")
	case *ThrowStmt:
		pr.w("throw")
		if s.X != nil {
			pr.w(" ")
			pr.expr(s.X, 1)
		}
		pr.w(";")
	case *TryStmt:
		pr.w("try")
		pr.nl()
		pr.block(s.Body)
		for _, c := range s.Catches {
			pr.nl()
			pr.catch(c)
		}
		if s.Finally != nil {
			pr.nl()
			pr.w("finally")
			pr.nl()
			pr.block(s.Finally)
		}
	case *UsingStmt:
		if s.IsAwait {
			pr.w("await ")
		}
		pr.w("using (")
		if s.Decl != nil {
			pr.localDecl(s.Decl)
		} else {
			pr.expr(s.X, 1)
		}
		pr.w(")")
		pr.sub(s.Body)
	case *CheckedStmt:
		if s.Unchecked {
			pr.w("unchecked ")
		} else {
			pr.w("checked ")
		}
		pr.block(s.Body)
	case *LockStmt:
		pr.w("lock (")
		pr.expr(s.X, 1)
		pr.w(")")
		pr.sub(s.Body)
	case *LocalFuncStmt:
		pr.method(s.Func)
	case *EmptyStmt:
		pr.w(";")
	default:
		pr.w(fmt.Sprintf("/* %T */;", s))
	}
}

func (pr *printer) catch(c *CatchClause) {
	pr.w("catch")
	if c.Type != nil {
		pr.w(" (" + c.Type.String())
		if c.Name != "" {
			pr.w(" " + ident(c.Name))
		}
		pr.w(")")
	}
	if c.Filter != nil {
		pr.w(" when (")
		pr.expr(c.Filter, 1)
		pr.w(")")
	}
	pr.nl()
	pr.block(c.Body)
}

func (pr *printer) section(sec *SwitchSection) {
	for i, l := range sec.Labels {
		if i > 0 {
			pr.nl()
		}
		pr.caseLabel(l)
	}
	pr.indent++
	for _, s := range sec.Body {
		pr.nl()
		pr.stmt(s)
	}
	pr.indent--
}

func (pr *printer) caseLabel(l *CaseLabel) {
	if l.IsDefault {
		pr.w("default:")
		return
	}
	pr.w("case ")
	pr.pattern(l.Pattern, 0)
	if l.When != nil {
		pr.w(" when ")
		pr.expr(l.When, 1)
	}
	pr.w(":")
}

// ---- expressions ----

// Printing precedence levels; a child printed below its required level gets
// parentheses.
const (
	lvlAssign  = 1
	lvlCond    = 2
	lvlBinary  = 2 // plus the binary precedence
	lvlSwitch  = lvlBinary + precMultiplicative + 1
	lvlRange   = lvlSwitch + 1
	lvlUnary   = lvlRange + 1
	lvlPrimary = lvlUnary + 1
)

func exprLevel(e Expr) int {
	switch e := e.(type) {
	case *AssignExpr, *LambdaExpr, *ThrowExpr:
		return lvlAssign
	case *CondExpr:
		return lvlCond
	case *BinaryExpr:
		return lvlBinary + binaryPrec[e.Op]
	case *IsExpr, *AsExpr:
		return lvlBinary + precRelational
	case *SwitchExpr, *WithExpr:
		return lvlSwitch
	case *RangeExpr:
		return lvlRange
	case *UnaryExpr, *CastExpr, *AwaitExpr:
		return lvlUnary
	case *Literal:
		if s := literalText(e); strings.HasPrefix(s, "-") {
			return lvlUnary
		}
	}
	return lvlPrimary
}

func (pr *printer) expr(e Expr, min int) {
	if e == nil {
		pr.w("/* missing */")
		return
	}
	lvl := exprLevel(e)
	paren := lvl < min || pr.full && lvl < lvlPrimary && min > 0
	if paren {
		pr.w("(")
	}
	pr.exprInner(e)
	if paren {
		pr.w(")")
	}
}

func (pr *printer) exprInner(e Expr) {
	switch e := e.(type) {
	case *Literal:
		pr.w(literalText(e))
	case *InterpolatedString:
		pr.interp(e)
	case *Ident:
		if e.Verbatim && reserved[e.Name] {
			pr.w("@" + e.Name) // `@string` as a variable's name
		} else {
			pr.w(ident(e.Name))
		}
		pr.typeArgs(e.TypeArgs)
	case *MemberExpr:
		pr.expr(e.X, lvlPrimary)
		if e.NullCond {
			pr.w("?.")
		} else {
			pr.w(".")
		}
		pr.w(ident(e.Name))
		pr.typeArgs(e.TypeArgs)
	case *CallExpr:
		pr.expr(e.Fun, lvlPrimary)
		pr.args("(", e.Args, ")")
	case *IndexExpr:
		if _, ok := e.X.(*NewArrayExpr); ok {
			// An element access takes no array creation as its receiver
			// (`new int[2][0]` is CS0178): parenthesize it.
			pr.w("(")
			pr.exprInner(e.X)
			pr.w(")")
		} else {
			pr.expr(e.X, lvlPrimary)
		}
		if e.NullCond {
			pr.w("?")
		}
		pr.args("[", e.Args, "]")
	case *UnaryExpr:
		pr.w(e.Op)
		if e.Op == "ref" {
			pr.w(" ")
		}
		if u, ok := e.X.(*UnaryExpr); ok && u.Op[0] == e.Op[0] && (e.Op[0] == '-' || e.Op[0] == '+') {
			pr.w("(")
			pr.exprInner(u)
			pr.w(")")
			return
		}
		if l, ok := e.X.(*Literal); ok && e.Op[0] == '-' && strings.HasPrefix(literalText(l), "-") {
			pr.w("(")
			pr.exprInner(l)
			pr.w(")")
			return
		}
		pr.expr(e.X, lvlUnary)
	case *RangeExpr:
		if e.X != nil {
			pr.expr(e.X, lvlUnary)
		}
		pr.w("..")
		if e.Y != nil {
			pr.expr(e.Y, lvlUnary)
		}
	case *PostfixExpr:
		pr.expr(e.X, lvlPrimary)
		pr.w(e.Op)
	case *BinaryExpr:
		l := lvlBinary + binaryPrec[e.Op]
		if e.Op == "??" {
			pr.expr(e.X, l+1)
			pr.w(" ?? ")
			pr.expr(e.Y, l)
			return
		}
		pr.expr(e.X, l)
		pr.w(" " + e.Op + " ")
		pr.expr(e.Y, l+1)
	case *AssignExpr:
		pr.expr(e.Left, lvlUnary)
		pr.w(" " + e.Op + " ")
		pr.expr(e.Right, lvlAssign)
	case *CondExpr:
		pr.expr(e.Cond, lvlBinary+precCoalesce)
		pr.w(" ? ")
		pr.expr(e.Then, lvlAssign)
		pr.w(" : ")
		pr.expr(e.Else, lvlAssign)
	case *LambdaExpr:
		if e.IsAsync {
			pr.w("async ")
		}
		if e.IsStatic {
			pr.w("static ")
		}
		if e.NoParams {
			pr.w("delegate ")
			pr.block(e.Body)
			return
		}
		if len(e.Params) == 1 && e.Params[0].Type == nil && e.Params[0].Modifier == "" && len(e.Params[0].Attributes) == 0 {
			pr.w(declName(e.Params[0].Name))
		} else {
			pr.params(e.Params)
		}
		pr.w(" => ")
		if e.Body != nil {
			pr.block(e.Body)
		} else {
			pr.expr(e.ExprBody, lvlAssign)
		}
	case *NewExpr:
		pr.w("new")
		if e.Type != nil {
			pr.w(" " + e.Type.String())
		}
		if e.Args != nil || e.Type == nil || e.Init == nil {
			pr.args("(", e.Args, ")")
		}
		if e.Init != nil {
			pr.w(" ")
			pr.initializer(e.Init)
		}
	case *AnonObjectExpr:
		pr.w("new {")
		for i, m := range e.Members {
			if i > 0 {
				pr.w(",")
			}
			pr.w(" ")
			if m.Name != "" {
				pr.w(ident(m.Name) + " = ")
			}
			pr.expr(m.X, lvlAssign)
		}
		if len(e.Members) > 0 {
			pr.w(" ")
		}
		pr.w("}")
	case *InitListExpr:
		pr.initList(e.Elems)
	case *NewArrayExpr:
		pr.w("new")
		if e.Elem == nil {
			pr.w("[" + strings.Repeat(",", max(e.Rank-1, 0)) + "]")
		} else {
			// The element type's own rank specifiers follow the sizes.
			base := e.Elem
			var specs strings.Builder
			for base.ArrayRank > 0 && base.Elem != nil {
				specs.WriteString("[" + strings.Repeat(",", base.ArrayRank-1) + "]")
				base = base.Elem
			}
			pr.w(" " + base.String() + "[")
			if len(e.Sizes) > 0 {
				pr.exprs(e.Sizes)
			} else {
				pr.w(strings.Repeat(",", max(e.Rank-1, 0)))
			}
			pr.w("]" + specs.String())
		}
		if e.HasInit || e.Init != nil || len(e.Sizes) == 0 {
			pr.w(" ")
			pr.initList(e.Init)
		}
	case *CollectionExpr:
		pr.w("[")
		pr.exprs(e.Elems)
		pr.w("]")
	case *SpreadElement:
		pr.w("..")
		pr.expr(e.X, 1)
	case *TypeOfExpr:
		pr.w("typeof(" + e.Type.String() + ")")
	case *NameOfExpr:
		pr.w("nameof(")
		pr.expr(e.X, 1)
		pr.w(")")
	case *CheckedExpr:
		if e.Unchecked {
			pr.w("unchecked(")
		} else {
			pr.w("checked(")
		}
		pr.expr(e.X, 1)
		pr.w(")")
	case *DefaultExpr:
		pr.w("default")
		if e.Type != nil {
			pr.w("(" + e.Type.String() + ")")
		}
	case *CastExpr:
		pr.w("(" + e.Type.String() + ")")
		if _, ok := e.X.(*UnaryExpr); ok && !isKeywordType(e.Type) {
			pr.w("(")
			pr.expr(e.X, 0)
			pr.w(")")
			return
		}
		if l, ok := e.X.(*Literal); ok && strings.HasPrefix(literalText(l), "-") && !isKeywordType(e.Type) {
			pr.w("(" + literalText(l) + ")")
			return
		}
		pr.expr(e.X, lvlUnary)
	case *IsExpr:
		pr.expr(e.X, lvlBinary+precRelational)
		pr.w(" is ")
		pr.pattern(e.Pattern, 0)
	case *AsExpr:
		pr.expr(e.X, lvlBinary+precRelational)
		pr.w(" as " + e.Type.String())
	case *AwaitExpr:
		pr.w("await ")
		// `await -x` and `await +x` would read back as a binary expression
		// on an identifier named await where await is not a keyword.
		if u, ok := e.X.(*UnaryExpr); ok && (u.Op == "-" || u.Op == "+") {
			pr.w("(")
			pr.exprInner(u)
			pr.w(")")
			return
		}
		pr.expr(e.X, lvlUnary)
	case *ThrowExpr:
		pr.w("throw ")
		pr.expr(e.X, lvlAssign)
	case *WithExpr:
		pr.expr(e.X, lvlUnary)
		pr.w(" with { ")
		for i, m := range e.Members {
			if i > 0 {
				pr.w(", ")
			}
			pr.memberInit(m)
		}
		pr.w(" }")
	case *SwitchExpr:
		pr.expr(e.X, lvlUnary)
		pr.w(" switch")
		pr.nl()
		pr.w("{")
		pr.indent++
		for _, a := range e.Arms {
			pr.nl()
			pr.arm(a)
			pr.w(",")
		}
		pr.indent--
		pr.nl()
		pr.w("}")
	case *ThisExpr:
		pr.w("this")
	case *BaseExpr:
		pr.w("base")
	case *TupleExpr:
		pr.w("(")
		for i, x := range e.Elems {
			if i > 0 {
				pr.w(", ")
			}
			if i < len(e.Names) && e.Names[i] != "" {
				pr.w(e.Names[i] + ": ")
			}
			pr.expr(x, lvlAssign)
		}
		pr.w(")")
	case *DeclExpr:
		if e.Type == nil {
			if e.Name == "_" {
				pr.w("_")
				return
			}
			pr.w("var ")
		} else {
			pr.w(e.Type.String() + " ")
		}
		pr.w(ident(e.Name))
	default:
		pr.w(fmt.Sprintf("/* %T */", e))
	}
}

func (pr *printer) arm(a *SwitchArm) {
	pr.pattern(a.Pattern, 0)
	if a.When != nil {
		pr.w(" when ")
		pr.expr(a.When, 1)
	}
	pr.w(" => ")
	pr.expr(a.Value, 1)
}

func (pr *printer) typeArgs(ts []*TypeRef) {
	if len(ts) == 0 {
		return
	}
	pr.w("<")
	for i, t := range ts {
		if i > 0 {
			pr.w(", ")
		}
		pr.w(t.String())
	}
	pr.w(">")
}

func (pr *printer) args(open string, as []*Arg, close string) {
	pr.w(open)
	for i, a := range as {
		if i > 0 {
			pr.w(", ")
		}
		pr.arg(a)
	}
	pr.w(close)
}

func (pr *printer) arg(a *Arg) {
	if a.Name != "" {
		pr.w(ident(a.Name) + ": ")
	}
	if a.Mod != "" {
		pr.w(a.Mod + " ")
	}
	pr.expr(a.X, 1)
}

func (pr *printer) initList(xs []Expr) {
	if len(xs) == 0 {
		pr.w("{ }")
		return
	}
	pr.w("{ ")
	for i, x := range xs {
		if i > 0 {
			pr.w(", ")
		}
		pr.expr(x, 1)
	}
	pr.w(" }")
}

func (pr *printer) initializer(in *Initializer) {
	if len(in.Members) == 0 {
		pr.initList(in.Elems)
		return
	}
	pr.w("{ ")
	for i, m := range in.Members {
		if i > 0 {
			pr.w(", ")
		}
		pr.memberInit(m)
	}
	pr.w(" }")
}

func (pr *printer) memberInit(m *MemberInit) {
	if m.Index != nil {
		pr.args("[", m.Index, "]")
	} else {
		pr.w(ident(m.Name))
	}
	pr.w(" = ")
	if m.Init != nil {
		pr.initializer(m.Init)
		return
	}
	pr.expr(m.Value, 1)
}

func (pr *printer) interp(s *InterpolatedString) {
	pr.w("$\"")
	for _, part := range s.Parts {
		if part.X == nil {
			pr.w(strings.NewReplacer("{", "{{", "}", "}}").Replace(escapeString(part.Text, '"')))
			continue
		}
		pr.w("{")
		inner := &printer{indent: pr.indent, full: pr.full}
		inner.expr(part.X, 1)
		text := inner.b.String()
		if strings.HasPrefix(text, "{") || holeNeedsParens(text) {
			text = "(" + text + ")"
		}
		pr.w(text)
		if part.Align != nil {
			pr.w(",")
			pr.expr(part.Align, 1)
		}
		if part.Format != "" {
			pr.w(":" + escapeString(part.Format, '"'))
		}
		pr.w("}")
	}
	pr.w("\"")
}

// holeNeedsParens reports whether printed hole text has a top-level ':',
// ',' or '?' that would end the hole early or be misread.
func holeNeedsParens(text string) bool {
	src := []byte(text)
	lx := &scanner{s: newSource("", src), src: src, limit: len(src), errf: func(int, bool, string) {}}
	depth := 0
	for _, t := range lx.tokenize() {
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case ":", ",", "?", "::":
			if depth == 0 {
				return true
			}
		}
	}
	return false
}

// ---- patterns ----

func patternLevel(p Pattern) int {
	switch p := p.(type) {
	case *BinaryPattern:
		if p.Op == "or" {
			return 1
		}
		return 2
	case *NotPattern:
		return 3
	}
	return 4
}

func (pr *printer) pattern(p Pattern, min int) {
	if p == nil {
		pr.w("_")
		return
	}
	paren := patternLevel(p) < min
	if paren {
		pr.w("(")
	}
	switch p := p.(type) {
	case *ConstPattern:
		pr.expr(p.X, lvlBinary+precShift)
	case *TypePattern:
		pr.w(p.Type.String())
		if p.Name != "" {
			pr.w(" " + ident(p.Name))
		}
	case *VarPattern:
		pr.w("var " + ident(p.Name))
	case *DiscardPattern:
		pr.w("_")
	case *NotPattern:
		pr.w("not ")
		pr.pattern(p.P, 3)
	case *BinaryPattern:
		l := patternLevel(p)
		pr.pattern(p.X, l)
		pr.w(" " + p.Op + " ")
		pr.pattern(p.Y, l+1)
	case *RelationalPattern:
		pr.w(p.Op + " ")
		pr.expr(p.X, lvlBinary+precShift)
	case *PositionalPattern:
		if p.Type != nil {
			pr.w(p.Type.String())
		}
		pr.w("(")
		for i, sp := range p.Subs {
			if i > 0 {
				pr.w(", ")
			}
			if sp.Name != "" {
				pr.w(sp.Name + ": ")
			}
			pr.pattern(sp.Pattern, 0)
		}
		pr.w(")")
		switch r := p.Rest; {
		case r == nil:
		case len(r.Props) == 0 && r.Name != "":
			pr.w(" " + ident(r.Name))
		default:
			pr.w(" ")
			pr.pattern(r, 0)
		}
	case *ListPattern:
		pr.w("[")
		for i, e := range p.Elems {
			if i > 0 {
				pr.w(", ")
			}
			pr.pattern(e, 0)
		}
		pr.w("]")
		if p.Name != "" {
			pr.w(" " + ident(p.Name))
		}
	case *SlicePattern:
		pr.w("..")
		if p.P != nil {
			pr.w(" ")
			pr.pattern(p.P, 3)
		}
	case *PropertyPattern:
		if p.Type != nil {
			pr.w(p.Type.String() + " ")
		}
		pr.w("{")
		for i, sp := range p.Props {
			if i > 0 {
				pr.w(",")
			}
			pr.w(" " + sp.Name + ": ")
			pr.pattern(sp.Pattern, 0)
		}
		pr.w(" }")
		if p.Name != "" {
			pr.w(" " + ident(p.Name))
		}
	}
	if paren {
		pr.w(")")
	}
}

// ---- literals ----

// literalText returns the source text of a literal: Raw when present, or
// C# syntax generated from Kind and Value.
func literalText(l *Literal) string {
	if l.Raw != "" {
		return l.Raw
	}
	switch l.Kind {
	case LitNull:
		return "null"
	case LitBool:
		if b, _ := l.Value.(bool); b {
			return "true"
		}
		return "false"
	case LitString:
		s, _ := l.Value.(string)
		return `"` + escapeString(s, '"') + `"`
	case LitChar:
		r, _ := l.Value.(rune)
		return "'" + escapeString(string(r), '\'') + "'"
	case LitDouble, LitFloat, LitDecimal:
		f := toFloat(l.Value)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			switch {
			case math.IsNaN(f):
				return "double.NaN"
			case f > 0:
				return "double.PositiveInfinity"
			}
			return "double.NegativeInfinity"
		}
		s := strconv.FormatFloat(f, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eEn") {
			s += ".0"
		}
		switch l.Kind {
		case LitFloat:
			s += "f"
		case LitDecimal:
			s += "m"
		}
		return s
	}
	var s string
	switch v := l.Value.(type) {
	case int64:
		s = strconv.FormatInt(v, 10)
	case uint64:
		s = strconv.FormatUint(v, 10)
	case int:
		s = strconv.Itoa(v)
	default:
		s = fmt.Sprint(v)
	}
	switch l.Kind {
	case LitLong:
		s += "L"
	case LitUInt:
		s += "U"
	case LitULong:
		s += "UL"
	}
	return s
}

func toFloat(v any) float64 {
	switch v := v.(type) {
	case float64:
		return v
	case float32:
		return float64(v)
	case int64:
		return float64(v)
	case int:
		return float64(v)
	}
	return 0
}

// escapeString escapes s for a regular C# string or character literal.
func escapeString(s string, quote byte) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case 0:
			b.WriteString(`\0`)
		case '"', '\'':
			if byte(r) == quote {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		default:
			if r < 0x20 || r == 0x7f || r == utf8.RuneError {
				fmt.Fprintf(&b, `\u%04X`, r)
			} else if r > 0xFFFF {
				fmt.Fprintf(&b, `\U%08X`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// extension prints the extension block x of td with the members lowered
// from it, as written.
func (pr *printer) extension(td *TypeDecl, x *ExtensionDecl) {
	pr.w("extension")
	pr.typeParams(x.TypeParams)
	pr.w("(")
	pr.param(x.Receiver)
	pr.w(")")
	pr.nl()
	pr.w("{")
	pr.indent++
	k := len(x.TypeParams)
	props := map[string]bool{}
	for _, m := range td.Members {
		d, ok := m.(*MethodDecl)
		if !ok || d.Extension != x {
			continue
		}
		mods := d.Modifiers
		params := d.Params
		if !d.ExtStatic {
			mods &^= ModStatic
			params = params[1:]
		}
		pr.nl()
		if d.ExtProperty == "" {
			c := *d
			c.Modifiers, c.Params, c.TypeParams = mods, params, d.TypeParams[k:]
			pr.method(&c)
			continue
		}
		if props[d.ExtProperty] {
			continue
		}
		props[d.ExtProperty] = true
		var typ *TypeRef
		var accs []*Accessor
		for _, m2 := range td.Members {
			a, ok := m2.(*MethodDecl)
			if !ok || a.Extension != x || a.ExtProperty != d.ExtProperty {
				continue
			}
			kind := a.Name[:3]
			if kind == "get" {
				typ = a.ReturnType
			} else {
				typ = a.Params[len(a.Params)-1].Type
			}
			am := a.Modifiers &^ (ModStatic | ModPublic | ModPrivate | ModProtected | ModInternal)
			if a.Modifiers&(ModPublic|ModPrivate|ModProtected|ModInternal) != d.Modifiers&(ModPublic|ModPrivate|ModProtected|ModInternal) {
				am |= a.Modifiers & (ModPublic | ModPrivate | ModProtected | ModInternal)
			}
			accs = append(accs, &Accessor{Kind: kind, Modifiers: am &^ d.Modifiers, Body: a.Body, ExprBody: a.ExprBody})
		}
		pr.member(&PropertyDecl{Attributes: d.Attributes, Modifiers: mods, Type: typ, Name: d.ExtProperty, Accessors: accs})
	}
	pr.indent--
	pr.nl()
	pr.w("}")
}

// checkedKw is the `checked ` of a checked operator's declaration.
func checkedKw(m *MethodDecl) string {
	if m.Checked {
		return "checked "
	}
	return ""
}

package lang

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// bailout unwinds to the nearest recovery point after a syntax error.
type bailout struct{}

// fatal unwinds the whole parse (nesting limit, too many errors).
type fatal struct{}

type parser struct {
	s      *source
	toks   []token
	p      int
	diags  Diagnostics
	depth  int
	script bool
	incomp map[int]bool // indexes of diagnostics that only say the input ended early
}

// oldParseExpr parses a single expression.
func oldParseExpr(filename string, src []byte) (expr Expr, diags Diagnostics) {
	p := newParser(filename, src)
	p.protect(func() {
		expr = p.parseExpr()
		if p.cur().kind != tEOF {
			p.fail(p.cur().off, "unexpected "+p.describe(p.cur())+" after expression")
		}
	})
	return expr, p.diags
}

// oldParseStatements parses statements.
func oldParseStatements(filename string, src []byte) (stmts []Stmt, diags Diagnostics) {
	p := newParser(filename, src)
	p.protect(func() {
		for p.cur().kind != tEOF {
			if s := p.stmtRecover(); s != nil {
				stmts = append(stmts, s)
			}
		}
	})
	return stmts, p.diags
}

func newParser(filename string, src []byte) *parser {
	p := &parser{s: newSource(filename, src), incomp: map[int]bool{}}
	lx := &scanner{s: p.s, src: src, limit: len(src), errf: func(off int, incomplete bool, msg string) {
		if incomplete && !strings.HasPrefix(msg, "unterminated") && !csharpLexMessage[msg] {
			msg = incompletePrefix + ": " + msg
		}
		p.reportFlag(off, msg, incomplete)
	}}
	p.toks = lx.tokenize()
	return p
}

func oldParseFile(filename string, src []byte, script bool) (*File, Diagnostics) {
	p := newParser(filename, src)
	p.script = script
	f := &File{Pos: p.s.pos(0), Name: filename}
	p.protect(func() { p.parseCompilationUnit(f) })
	return f, p.diags
}

// protect runs fn, turning bailouts and unexpected panics into diagnostics.
func (p *parser) protect(fn func()) {
	defer func() {
		if r := recover(); r != nil {
			switch r.(type) {
			case bailout, fatal:
			default:
				p.diags = append(p.diags, Diagnostic{Pos: p.s.pos(p.cur().off),
					Msg: fmt.Sprintf("internal error: parser panic: %v\n%s", r, debug.Stack())})
			}
		}
		p.sortDiags()
	}()
	fn()
}

func (p *parser) sortDiags() {
	// Lexer diagnostics come first in the list, parser ones after; order them
	// by position so the first one is the first problem in the text.
	ds := p.diags
	for i := 1; i < len(ds); i++ {
		for j := i; j > 0 && less(ds[j].Pos, ds[j-1].Pos); j-- {
			ds[j], ds[j-1] = ds[j-1], ds[j]
		}
	}
}

// ---- token helpers ----

func (p *parser) cur() token { return p.toks[p.p] }

func (p *parser) peek(n int) token {
	if p.p+n < len(p.toks) {
		return p.toks[p.p+n]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) advance() token {
	t := p.toks[p.p]
	if p.p < len(p.toks)-1 {
		p.p++
	}
	return t
}

func (p *parser) pos() Pos { return p.s.pos(p.cur().off) }

func (p *parser) posOf(t token) Pos { return p.s.pos(t.off) }

func isPunct(t token, s string) bool { return t.kind == tPunct && t.text == s }

// isWord reports whether t is the (possibly contextual) keyword s.
func isWord(t token, s string) bool { return t.kind == tIdent && !t.verbatim && t.text == s }

func (p *parser) at(s string) bool { return isPunct(p.cur(), s) }

func (p *parser) atWord(s string) bool { return isWord(p.cur(), s) }

func (p *parser) accept(s string) bool {
	if p.at(s) {
		p.advance()
		return true
	}
	return false
}

func (p *parser) acceptWord(s string) bool {
	if p.atWord(s) {
		p.advance()
		return true
	}
	return false
}

func (p *parser) describe(t token) string {
	switch t.kind {
	case tEOF:
		return "end of input"
	case tString, tInterp:
		return "string literal"
	case tChar:
		return "character literal"
	case tInt, tReal:
		return "number " + t.text
	}
	if t.kind == tIdent {
		if reserved[t.text] && !t.verbatim {
			return "keyword '" + t.text + "'"
		}
		return "identifier '" + t.text + "'"
	}
	return "'" + t.text + "'"
}

// report records a diagnostic at a byte offset, dropping duplicates.
func (p *parser) report(off int, msg string) { p.reportFlag(off, msg, false) }

// reportFlag records a diagnostic, marking whether it only says that the
// input ended too early.
func (p *parser) reportFlag(off int, msg string, incomplete bool) {
	pos := p.s.pos(off)
	for _, d := range p.diags {
		if d.Pos == pos {
			return
		}
	}
	if len(p.diags) >= maxDiagnostics {
		return
	}
	p.diags = append(p.diags, Diagnostic{Pos: pos, Msg: msg, Incomplete: incomplete})
}

// fail reports a syntax error and unwinds to the nearest recovery point.
func (p *parser) fail(off int, msg string) {
	if p.cur().kind == tEOF && !strings.HasPrefix(msg, incompletePrefix) && off >= p.cur().off {
		msg = incompletePrefix + ": " + msg
	}
	p.report(off, msg)
	if len(p.diags) >= maxDiagnostics {
		panic(fatal{})
	}
	panic(bailout{})
}

// failIncomplete reports that the input ended where more was needed and
// unwinds to the nearest recovery point.
func (p *parser) failIncomplete(off int, msg string) {
	p.reportFlag(off, msg, true)
	if len(p.diags) >= maxDiagnostics {
		panic(fatal{})
	}
	panic(bailout{})
}

// unexpected fails at the current token.
func (p *parser) unexpected(what string) {
	t := p.cur()
	if t.kind == tEOF {
		p.fail(t.off, incompletePrefix+", expected "+what)
	}
	if t.kind == tBad {
		panic(bailout{})
	}
	p.fail(t.off, "unexpected "+p.describe(t)+", expected "+what)
}

// unsupported reports a construct C# has but the language does not.
func (p *parser) unsupported(off int, what string) {
	verb := " is"
	if strings.HasSuffix(what, "s") && !strings.HasSuffix(what, "'") {
		verb = " are"
	}
	p.fail(off, what+verb+" not supported")
}

// expect consumes punctuation s; ctx completes "expected 's' ctx".
func (p *parser) expect(s, ctx string) token {
	if p.at(s) {
		return p.advance()
	}
	t := p.cur()
	switch s {
	case ";", ")", "}", "]", "(", "{":
		// C#'s CS1002, CS1026, CS1513, CS1003 ... wording: "; expected".
		msg := s + " expected"
		switch {
		case t.kind == tEOF:
			p.failIncomplete(t.off, msg)
		case s == ";" && p.p > 0:
			p.fail(p.toks[p.p-1].end, msg)
		case t.kind == tBad:
			panic(bailout{})
		}
		p.fail(t.off, msg)
	}
	msg := "expected '" + s + "'"
	if ctx != "" {
		msg += " " + ctx
	}
	if t.kind == tEOF {
		p.fail(t.off, incompletePrefix+"; "+msg)
	}
	if s == ";" && p.p > 0 {
		p.fail(p.toks[p.p-1].end, msg)
	}
	if t.kind == tBad {
		panic(bailout{})
	}
	p.fail(t.off, msg+", found "+p.describe(t))
	return t
}

func (p *parser) expectWord(s, ctx string) {
	if !p.acceptWord(s) {
		p.unexpected("'" + s + "' " + ctx)
	}
}

// ident consumes an identifier that is not a reserved keyword.
func (p *parser) ident(what string) (string, Pos) {
	t := p.cur()
	if t.kind == tIdent && (t.verbatim || !reserved[t.text]) {
		p.advance()
		return t.text, p.posOf(t)
	}
	p.unexpected(what)
	return "", Pos{}
}

func isName(t token) bool { return t.kind == tIdent && (t.verbatim || !reserved[t.text]) }

func (p *parser) enter() {
	p.depth++
	if p.depth > MaxNesting {
		p.report(p.cur().off, fmt.Sprintf("nesting too deep (more than %d levels)", MaxNesting))
		panic(fatal{})
	}
}

func (p *parser) leave() { p.depth-- }

// ---- recovery ----

// sync skips to a plausible statement or member boundary: just past a ';'
// or a balanced '{...}', or before a '}' that closes the enclosing block.
func (p *parser) sync() {
	depth := 0
	for {
		t := p.cur()
		switch {
		case t.kind == tEOF:
			return
		case isPunct(t, "{"):
			depth++
		case isPunct(t, "}"):
			if depth == 0 {
				return
			}
			depth--
			if depth == 0 {
				p.advance()
				return
			}
		case isPunct(t, ";") && depth == 0:
			p.advance()
			return
		}
		p.advance()
	}
}

// recovering runs fn; on a syntax error it resynchronises and reports false.
func (p *parser) recovering(fn func()) (ok bool) {
	start := p.p
	depth := p.depth
	defer func() {
		if r := recover(); r != nil {
			if _, isBail := r.(bailout); !isBail {
				panic(r)
			}
			p.depth = depth
			p.sync()
			if p.p == start && p.cur().kind != tEOF {
				p.advance()
			}
			ok = false
		}
	}()
	fn()
	return true
}

// ---- compilation unit ----

func (p *parser) parseCompilationUnit(f *File) {
	p.parseNamespaceBody(f, "", false)
	if p.cur().kind != tEOF {
		p.report(p.cur().off, "unexpected "+p.describe(p.cur()))
	}
}

// parseNamespaceBody parses usings, namespaces, types and (at file level)
// statements until EOF or, inside a block namespace, the closing brace.
func (p *parser) parseNamespaceBody(f *File, ns string, braced bool) {
	for {
		t := p.cur()
		if t.kind == tEOF || braced && isPunct(t, "}") {
			return
		}
		if !braced && isPunct(t, "}") {
			p.report(t.off, msgStrayCloseBrace)
			p.advance()
			continue
		}
		p.recovering(func() { p.parseTopItem(f, ns, braced) })
	}
}

func (p *parser) isUsingDirective() bool {
	if !p.atWord("using") {
		return false
	}
	t1 := p.peek(1)
	if isWord(t1, "static") {
		return true
	}
	if !isName(t1) && !isWord(t1, "global") {
		return false
	}
	// using A.B.C;  or  using X = A.B;
	i := 1
	for {
		if !isName(p.peek(i)) {
			return false
		}
		i++
		if isPunct(p.peek(i), ".") || isPunct(p.peek(i), "::") {
			i++
			continue
		}
		break
	}
	return isPunct(p.peek(i), ";") || i == 2 && isPunct(p.peek(i), "=")
}

func (p *parser) parseTopItem(f *File, ns string, braced bool) {
	t := p.cur()
	if isWord(t, "global") && isWord(p.peek(1), "using") {
		p.advance()
		t = p.cur()
	}
	if p.isUsingDirective() {
		p.advance()
		u := &UsingDirective{Pos: p.posOf(t)}
		if p.acceptWord("static") {
			u.IsStatic = true
		}
		if isName(p.cur()) && isPunct(p.peek(1), "=") {
			u.Alias, _ = p.ident("alias name")
			p.advance()
		}
		u.NamePos = p.pos()
		u.Name = p.dottedName()
		p.expect(";", "after using directive")
		f.Usings = append(f.Usings, u)
		return
	}
	if isWord(t, "namespace") {
		p.advance()
		name := p.dottedName()
		if ns != "" {
			name = ns + "." + name
		}
		if f.Namespace == "" {
			f.Namespace = name
		}
		if p.accept(";") {
			p.parseNamespaceBody(f, name, false)
			return
		}
		p.expect("{", "after namespace name")
		p.parseNamespaceBody(f, name, true)
		p.expect("}", "to close namespace "+name)
		return
	}
	if isPunct(t, "[") && (isWord(p.peek(1), "assembly") || isWord(p.peek(1), "module")) && isPunct(p.peek(2), ":") {
		f.Attributes = append(f.Attributes, p.attributes()...)
		return
	}
	if p.startsTypeDecl() {
		td := p.parseTypeDeclWithAttrs(ns)
		if td != nil {
			f.Types = append(f.Types, td)
		}
		return
	}
	if braced || ns != "" && len(f.Stmts) == 0 && false {
		p.unexpected("a type declaration")
	}
	s := p.parseStmt()
	if s != nil {
		f.Stmts = append(f.Stmts, s)
	}
}

func (p *parser) dottedName() string {
	if isWord(p.cur(), "global") && isPunct(p.peek(1), "::") {
		p.advance()
		p.advance()
	}
	name, _ := p.ident("a name")
	for p.at(".") {
		p.advance()
		n, _ := p.ident("a name after '.'")
		name += "." + n
	}
	return name
}

// startsTypeDecl looks past attributes and modifiers for a type keyword.
func (p *parser) startsTypeDecl() bool {
	i := 0
	for isPunct(p.peek(i), "[") {
		depth := 0
		for {
			t := p.peek(i)
			if t.kind == tEOF {
				return false
			}
			i++
			if isPunct(t, "[") {
				depth++
			} else if isPunct(t, "]") {
				depth--
				if depth == 0 {
					break
				}
			}
		}
	}
	for {
		t := p.peek(i)
		if t.kind != tIdent || t.verbatim {
			return false
		}
		switch t.text {
		case "class", "interface", "enum", "struct", "delegate":
			return true
		case "record":
			n := p.peek(i + 1)
			return isName(n) || isWord(n, "class") || isWord(n, "struct")
		}
		if ModifierByName(t.text) == 0 && t.text != "unsafe" && t.text != "file" {
			return false
		}
		if t.text == "file" && !isName(p.peek(i+1)) && !reserved[p.peek(i+1).text] {
			return false
		}
		i++
	}
}

// ---- attributes and modifiers ----

func (p *parser) attributes() []*Attribute {
	var attrs []*Attribute
	for p.at("[") {
		p.advance()
		if (isName(p.cur()) || p.cur().kind == tIdent) && isPunct(p.peek(1), ":") {
			p.advance()
			p.advance()
		}
		for {
			a := &Attribute{Pos: p.pos()}
			a.Name = p.dottedName()
			if p.accept("(") {
				if !p.at(")") {
					for {
						ap := p.pos()
						if isName(p.cur()) && isPunct(p.peek(1), "=") {
							name, _ := p.ident("argument name")
							p.advance()
							a.Args = append(a.Args, &Arg{Pos: ap, Name: name, X: p.parseExpr()})
						} else {
							a.Args = append(a.Args, p.parseArg())
						}
						if !p.accept(",") {
							break
						}
					}
				}
				p.expect(")", "to close attribute arguments")
			}
			attrs = append(attrs, a)
			if !p.accept(",") || p.at("]") {
				break
			}
		}
		p.expect("]", "to close attribute list")
	}
	return attrs
}

// modifiers consumes declaration modifiers, reporting unsupported ones.
func (p *parser) modifiers() Modifiers {
	var m Modifiers
	for {
		t := p.cur()
		if t.kind != tIdent || t.verbatim {
			return m
		}
		switch t.text {
		case "unsafe", "fixed":
			p.unsupported(t.off, "'"+t.text+"'")
		case "file":
			if isName(p.peek(1)) || reserved[p.peek(1).text] {
				p.unsupported(t.off, "'file' types")
			}
			return m
		}
		mod := ModifierByName(t.text)
		if mod == 0 {
			return m
		}
		if mod == ModAsync || mod == ModRequired || mod == ModPartial {
			// Contextual: only a modifier when a declaration follows.
			n := p.peek(1)
			if n.kind != tIdent && !isPunct(n, "(") {
				return m
			}
			if isPunct(n, "(") || isPunct(p.peek(2), "=") || isPunct(p.peek(2), ";") {
				if mod != ModAsync || isPunct(n, "(") {
					return m
				}
			}
		}
		if mod == ModNew && (isPunct(p.peek(1), "(") || isPunct(p.peek(1), "[")) {
			return m
		}
		if m.Has(mod) {
			p.fail(t.off, "duplicate modifier '"+t.text+"'")
		}
		m |= mod
		p.advance()
	}
}

// ---- types ----

// parseType parses a type reference, failing with a diagnostic.
func (p *parser) parseType(what string) *TypeRef {
	t, ok := p.tryType(true)
	if !ok {
		if t := p.cur(); isPunct(t, "(") {
			p.unsupported(t.off, "tuple types")
		}
		p.unexpected(what)
	}
	return t
}

// tryType parses a type; on failure it restores the position and reports
// false. With report set, unsupported type forms are diagnosed.
func (p *parser) tryType(report bool) (*TypeRef, bool) {
	save := p.p
	t, ok := p.typeCore(report, true)
	if !ok {
		p.p = save
	}
	return t, ok
}

func (p *parser) typeCore(report, arrays bool) (*TypeRef, bool) {
	p.enter()
	defer p.leave()
	start := p.cur()
	if isPunct(start, "(") {
		return nil, false
	}
	if start.kind != tIdent || !start.verbatim && reserved[start.text] && !predefined[start.text] {
		return nil, false
	}
	tr := &TypeRef{Pos: p.posOf(start)}
	if isWord(start, "global") && isPunct(p.peek(1), "::") {
		p.advance()
		p.advance()
		if !isName(p.cur()) {
			return nil, false
		}
	}
	tr.Name = p.advance().text
	if !predefined[tr.Name] {
		for {
			if p.at("<") {
				args, ok := p.typeArgs(report)
				if !ok {
					return nil, false
				}
				tr.Args = args
			}
			if p.at(".") && isName(p.peek(1)) {
				if tr.Args != nil {
					if report {
						p.unsupported(p.cur().off, "nested types of generic types")
					}
					return nil, false
				}
				p.advance()
				tr.Name += "." + p.advance().text
				continue
			}
			break
		}
	}
	if p.at("?") && p.nullableFollows() {
		p.advance()
		tr.Nullable = true
	}
	if p.at("*") && report && predefined[tr.Name] {
		p.unsupported(p.cur().off, "pointer types")
	}
	for arrays && p.at("[") && (isPunct(p.peek(1), "]") || isPunct(p.peek(1), ",")) {
		p.advance()
		rank := 1
		for p.accept(",") {
			rank++
		}
		if !p.accept("]") {
			return nil, false
		}
		tr = wrapArray(tr, rank)
		if p.at("?") && p.nullableFollows() {
			p.advance()
			tr.Nullable = true
		}
	}
	return tr, true
}

// nullableFollows decides whether a '?' after a type is the nullable marker
// rather than the conditional operator.
func (p *parser) nullableFollows() bool {
	n := p.peek(1)
	if n.kind == tEOF {
		return true
	}
	if n.kind == tPunct {
		switch n.text {
		case ">", ",", ")", "]", "[", ";", "=", "{", "}", "=>", "?", ".":
			return n.text != "." && n.text != "?"
		}
		return false
	}
	if isName(n) || isWord(n, "this") || isWord(n, "operator") {
		n2 := p.peek(2)
		if n2.kind == tPunct {
			switch n2.text {
			case "=", ";", ",", ")", "(", "=>", "{", "<", ":":
				return n2.text != ":"
			}
			return false
		}
		return isWord(n2, "in") || isWord(n2, "when") || isWord(n2, "and") || isWord(n2, "or") || n2.kind == tEOF
	}
	return false
}

// typeArgs parses `<T, U>` at the current '<'.
func (p *parser) typeArgs(report bool) ([]*TypeRef, bool) {
	p.advance()
	var args []*TypeRef
	for {
		if p.at(",") || p.at(">") {
			// Unbound generic `typeof(List<>)`.
			args = append(args, &TypeRef{Pos: p.pos()})
		} else {
			t, ok := p.typeCore(report, true)
			if !ok {
				return nil, false
			}
			args = append(args, t)
		}
		if p.accept(",") {
			continue
		}
		if p.accept(">") {
			return args, true
		}
		return nil, false
	}
}

// ---- type declarations ----

func (p *parser) parseTypeDeclWithAttrs(ns string) *TypeDecl {
	pos := p.pos()
	attrs := p.attributes()
	mods := p.modifiers()
	return p.parseTypeDecl(pos, attrs, mods, ns)
}

func (p *parser) parseTypeDecl(pos Pos, attrs []*Attribute, mods Modifiers, ns string) *TypeDecl {
	p.enter()
	defer p.leave()
	t := p.cur()
	if !t.verbatim {
		switch t.text {
		case "struct", "delegate":
			p.unsupported(t.off, "'"+t.text+"'")
		case "record":
			p.unsupported(t.off, "'record'")
		}
	}
	td := &TypeDecl{Pos: pos, Attributes: attrs, Modifiers: mods, Namespace: ns}
	switch {
	case p.acceptWord("class"):
		td.Kind = KindClass
	case p.acceptWord("interface"):
		td.Kind = KindInterface
	case p.acceptWord("enum"):
		td.Kind = KindEnum
	default:
		p.unexpected("'class', 'interface' or 'enum'")
	}
	if !pos.IsValid() {
		td.Pos = p.posOf(t)
	}
	td.Name, _ = p.ident("a type name")
	if td.Kind != KindEnum && p.at("<") {
		td.TypeParams = p.typeParams()
	}
	if td.Kind != KindEnum && p.at("(") {
		td.HasPrimary = true
		td.PrimaryParams = p.params("(", ")")
	}
	if p.accept(":") {
		for {
			b := p.parseType("a base type")
			td.Bases = append(td.Bases, b)
			if p.at("(") {
				if !td.HasPrimary || len(td.Bases) > 1 {
					p.fail(p.cur().off, "Unexpected argument list")
				}
				td.HasBaseArgs = true
				td.BaseArgs = p.args("(", ")")
			}
			if !p.accept(",") {
				break
			}
		}
	}
	p.skipConstraints()
	if td.Kind != KindEnum && p.accept(";") {
		return td
	}
	p.expect("{", "to open the body of "+td.Name)
	if td.Kind == KindEnum {
		for !p.at("}") {
			em := &EnumMember{Attributes: p.attributes(), Pos: p.pos()}
			em.Name, _ = p.ident("an enum member name")
			if p.accept("=") {
				em.Value = p.parseExpr()
			}
			td.EnumMembers = append(td.EnumMembers, em)
			if !p.accept(",") {
				break
			}
		}
		p.expect("}", "to close enum "+td.Name)
	} else {
		for !p.at("}") && p.cur().kind != tEOF {
			p.recovering(func() {
				td.Members = append(td.Members, p.parseMember(td, ns))
			})
		}
		p.expect("}", "to close "+string(td.Kind)+" "+td.Name)
	}
	p.accept(";")
	return td
}

func (p *parser) typeParams() []string {
	p.expect("<", "")
	var names []string
	for {
		p.attributes()
		if p.atWord("in") || p.atWord("out") {
			p.advance()
		}
		n, _ := p.ident("a type parameter name")
		names = append(names, n)
		if !p.accept(",") {
			break
		}
	}
	p.expect(">", "to close the type parameter list")
	return names
}

// skipConstraints skips `where T : ...` clauses, which are parsed and ignored.
func (p *parser) skipConstraints() {
	for p.atWord("where") && isName(p.peek(1)) && isPunct(p.peek(2), ":") {
		p.advance()
		p.advance()
		p.advance()
		for {
			switch {
			case p.atWord("new") && isPunct(p.peek(1), "("):
				p.advance()
				p.advance()
				p.expect(")", "in 'new()' constraint")
			case p.atWord("class") || p.atWord("struct") || p.atWord("notnull") || p.atWord("unmanaged") || p.atWord("default"):
				p.advance()
				p.accept("?")
			default:
				p.parseType("a constraint")
			}
			if !p.accept(",") {
				break
			}
		}
	}
}

// params parses a parameter list between open and close.
func (p *parser) params(open, close string) []*Param {
	p.expect(open, "to start the parameter list")
	var ps []*Param
	if p.accept(close) {
		return ps
	}
	for {
		ps = append(ps, p.param(true))
		if !p.accept(",") {
			break
		}
	}
	p.expect(close, "to close the parameter list")
	return ps
}

func (p *parser) param(typed bool) *Param {
	pr := &Param{Pos: p.pos()}
	pr.Attributes = p.attributes()
	if len(pr.Attributes) > 0 {
		pr.Pos = p.pos()
	}
	for _, m := range []string{"ref", "out", "in", "params", "this", "scoped"} {
		if p.atWord(m) {
			if m == "scoped" && !isName(p.peek(1)) && !isWord(p.peek(1), "ref") {
				break
			}
			if pr.Modifier != "" && m != "readonly" {
				p.unexpected("a parameter type")
			}
			pr.Modifier = m
			p.advance()
			if m == "ref" && p.atWord("readonly") {
				p.advance()
			}
		}
	}
	if pr.Modifier == "scoped" {
		pr.Modifier = ""
	}
	if typed || !(isName(p.cur()) && (isPunct(p.peek(1), ",") || isPunct(p.peek(1), ")"))) {
		pr.Type = p.parseType("a parameter type")
	}
	pr.Name, _ = p.ident("a parameter name")
	if p.accept("=") {
		pr.Default = p.parseExpr()
	}
	return pr
}

// ---- members ----

func (p *parser) parseMember(td *TypeDecl, ns string) Member {
	pos := p.pos()
	attrs := p.attributes()
	if len(attrs) > 0 {
		pos = p.pos()
	}
	mods := p.modifiers()
	t := p.cur()
	if t.kind == tIdent && !t.verbatim {
		switch t.text {
		case "class", "interface", "enum", "struct", "delegate":
			return p.parseTypeDecl(pos, attrs, mods, ns)
		case "record":
			if n := p.peek(1); isName(n) || isWord(n, "class") || isWord(n, "struct") {
				p.unsupported(t.off, "'record'")
			}
		case "event", "implicit", "explicit", "operator":
			p.unsupported(t.off, "'"+t.text+"' declarations")
		case "const":
			p.advance()
			mods |= ModConst
		}
	}
	if p.at("~") {
		p.unsupported(p.cur().off, "finalizers")
	}
	// Constructor: Name(
	if isName(p.cur()) && p.cur().text == td.Name && isPunct(p.peek(1), "(") {
		c := &CtorDecl{Pos: pos, Attributes: attrs, Modifiers: mods, Name: td.Name}
		p.advance()
		c.Params = p.params("(", ")")
		if p.accept(":") {
			ip := p.pos()
			kind := "base"
			if !p.acceptWord("base") {
				p.expectWord("this", "or 'base' in constructor initializer")
				kind = "this"
			}
			c.Init = &CtorInit{Pos: ip, Kind: kind, Args: p.args("(", ")")}
		}
		c.Body, c.ExprBody = p.body(true)
		return c
	}
	typ := p.parseType("a member type")
	if p.atWord("operator") {
		p.unsupported(p.cur().off, "operator overloading")
	}
	if p.atWord("this") && isPunct(p.peek(1), "[") {
		p.unsupported(p.cur().off, "indexers")
	}
	namePos := p.pos()
	name, _ := p.ident("a member name")
	if p.at(".") {
		p.unsupported(p.cur().off, "explicit interface implementations")
	}
	switch {
	case p.at("(") || p.at("<"):
		m := &MethodDecl{Pos: pos, Attributes: attrs, Modifiers: mods, ReturnType: typ, Name: name}
		if p.at("<") {
			m.TypeParams = p.typeParams()
		}
		m.Params = p.params("(", ")")
		p.skipConstraints()
		m.Body, m.ExprBody = p.body(true)
		return m
	case p.at("{") || p.at("=>"):
		pr := &PropertyDecl{Pos: pos, Attributes: attrs, Modifiers: mods, Type: typ, Name: name}
		if p.accept("=>") {
			pr.ExprBody = p.parseExpr()
			p.expect(";", "after property expression body")
			return pr
		}
		p.advance()
		for !p.at("}") {
			ap := p.pos()
			p.attributes()
			amods := p.modifiers()
			kt := p.cur()
			if !isWord(kt, "get") && !isWord(kt, "set") && !isWord(kt, "init") {
				if isWord(kt, "add") || isWord(kt, "remove") {
					p.unsupported(kt.off, "event accessors")
				}
				p.unexpected("'get', 'set' or 'init'")
			}
			p.advance()
			acc := &Accessor{Pos: ap, Kind: kt.text, Modifiers: amods}
			acc.Body, acc.ExprBody = p.body(true)
			pr.Accessors = append(pr.Accessors, acc)
		}
		p.advance()
		if p.accept("=") {
			pr.Init = p.parseExpr()
			p.expect(";", "after property initializer")
		}
		return pr
	default:
		f := &FieldDecl{Pos: pos, Attributes: attrs, Modifiers: mods, Type: typ}
		d := &Declarator{Pos: namePos, Name: name}
		for {
			if p.at("[") {
				p.unsupported(p.cur().off, "fixed-size buffers")
			}
			if p.accept("=") {
				d.Init = p.parseVarInit()
			}
			f.Decls = append(f.Decls, d)
			if !p.accept(",") {
				break
			}
			dp := p.pos()
			n, _ := p.ident("a field name")
			d = &Declarator{Pos: dp, Name: n}
		}
		p.expect(";", "after field declaration")
		return f
	}
}

// body parses a block, `=> expr;`, or (when allowed) a bare ';'.
func (p *parser) body(allowSemi bool) (*BlockStmt, Expr) {
	if p.at("{") {
		return p.block(), nil
	}
	if p.accept("=>") {
		e := p.parseExpr()
		p.expect(";", "after expression body")
		return nil, e
	}
	if allowSemi && p.accept(";") {
		return nil, nil
	}
	p.unexpected("'{', '=>' or ';'")
	return nil, nil
}

// parseVarInit parses a variable initializer: an expression or an array
// initializer `{ 1, 2 }`.
func (p *parser) parseVarInit() Expr {
	if p.at("{") {
		return p.initList()
	}
	return p.parseExpr()
}

func (p *parser) initList() *InitListExpr {
	p.enter()
	defer p.leave()
	l := &InitListExpr{Pos: p.pos()}
	p.expect("{", "")
	for !p.at("}") {
		l.Elems = append(l.Elems, p.parseVarInit())
		if !p.accept(",") {
			break
		}
	}
	p.expect("}", "to close the initializer")
	return l
}

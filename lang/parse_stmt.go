package lang

// block parses `{ stmts }`.
func (p *parser) block() *BlockStmt {
	p.enter()
	defer p.leave()
	b := &BlockStmt{Pos: p.pos()}
	p.expect("{", "to open a block")
	for !p.at("}") && p.cur().kind != tEOF {
		if s := p.stmtRecover(); s != nil {
			b.Stmts = append(b.Stmts, s)
		}
	}
	b.Rbrace = p.pos()
	p.expect("}", "to close the block")
	return b
}

// stmtRecover parses one statement, resynchronising after an error.
func (p *parser) stmtRecover() Stmt {
	var s Stmt
	p.recovering(func() { s = p.parseStmt() })
	return s
}

// embedded parses the body of if/while/for/...; declarations are not
// allowed there in C#, but parsing them is harmless.
func (p *parser) embedded() Stmt {
	if p.cur().kind == tEOF {
		p.unexpected("a statement")
	}
	return p.parseStmt()
}

func (p *parser) parseStmt() Stmt {
	p.enter()
	defer p.leave()
	t := p.cur()
	pos := p.posOf(t)
	if t.kind == tPunct {
		switch t.text {
		case "{":
			return p.block()
		case ";":
			p.advance()
			return &EmptyStmt{Pos: pos}
		case "}":
			p.fail(t.off, msgStrayCloseBrace)
		case "[":
			if p.startsLocalFuncWithAttrs() {
				return p.localFunc()
			}
		case "(":
			if p.looksLikeTupleDecl() {
				p.unsupported(t.off, "tuples")
			}
		}
	}
	if t.kind == tIdent && !t.verbatim {
		switch t.text {
		case "if":
			p.advance()
			s := &IfStmt{Pos: pos}
			p.expect("(", "after 'if'")
			s.Cond = p.parseExpr()
			p.expect(")", "after if condition")
			s.Then = p.embedded()
			if p.acceptWord("else") {
				s.Else = p.embedded()
			}
			return s
		case "while":
			p.advance()
			s := &WhileStmt{Pos: pos}
			p.expect("(", "after 'while'")
			s.Cond = p.parseExpr()
			p.expect(")", "after while condition")
			s.Body = p.embedded()
			return s
		case "do":
			p.advance()
			s := &DoStmt{Pos: pos}
			s.Body = p.embedded()
			p.expectWord("while", "after do body")
			p.expect("(", "after 'while'")
			s.Cond = p.parseExpr()
			p.expect(")", "after do-while condition")
			p.expect(";", "after do-while statement")
			return s
		case "for":
			return p.forStmt()
		case "foreach":
			return p.foreachStmt(pos, false)
		case "switch":
			return p.switchStmt()
		case "break":
			p.advance()
			p.expect(";", "after 'break'")
			return &BreakStmt{Pos: pos}
		case "continue":
			p.advance()
			p.expect(";", "after 'continue'")
			return &ContinueStmt{Pos: pos}
		case "return":
			p.advance()
			s := &ReturnStmt{Pos: pos}
			if !p.at(";") {
				s.X = p.parseExpr()
			}
			p.expect(";", "after return statement")
			return s
		case "goto":
			p.advance()
			s := &GotoStmt{Pos: pos}
			switch {
			case p.acceptWord("case"):
				s.IsCase = true
				s.Case = p.parseExpr()
			case p.acceptWord("default"):
				s.IsDefault = true
			default:
				s.Label, s.LabelPos = p.ident("a label name after 'goto'")
			}
			p.expect(";", "after goto statement")
			return s
		case "throw":
			p.advance()
			s := &ThrowStmt{Pos: pos}
			if !p.at(";") {
				s.X = p.parseExpr()
			}
			p.expect(";", "after throw statement")
			return s
		case "try":
			return p.tryStmt()
		case "using":
			return p.usingStmt()
		case "lock":
			p.advance()
			s := &LockStmt{Pos: pos}
			p.expect("(", "after 'lock'")
			s.X = p.parseExpr()
			p.expect(")", "after lock expression")
			s.Body = p.embedded()
			return s
		case "const":
			p.advance()
			d := p.localDecl(pos, false)
			d.IsConst = true
			p.expect(";", "after constant declaration")
			return d
		case "checked", "unchecked":
			if isPunct(p.peek(1), "{") {
				p.unsupported(t.off, "'"+t.text+"' blocks")
			}
		case "unsafe", "fixed":
			p.unsupported(t.off, "'"+t.text+"'")
		case "yield":
			if n := p.peek(1); isWord(n, "return") || isWord(n, "break") {
				p.unsupported(t.off, "'yield'")
			}
		case "await":
			if isWord(p.peek(1), "foreach") {
				p.advance()
				return p.foreachStmt(pos, true)
			}
			if isWord(p.peek(1), "using") {
				p.unsupported(t.off, "'await using'")
			}
		case "class", "interface", "enum", "struct", "record", "namespace":
			if t.text != "record" || isName(p.peek(1)) {
				p.fail(t.off, "a "+t.text+" declaration is not allowed here")
			}
		case "static", "async", "extern", "public", "private", "internal", "protected", "readonly", "abstract", "virtual", "override", "sealed":
			if p.startsLocalFuncWithMods() {
				return p.localFunc()
			}
		}
	}
	if isName(t) && isPunct(p.peek(1), ":") {
		p.advance()
		p.advance()
		if p.at("}") {
			p.fail(p.cur().off, "expected a statement after label '"+t.text+"'")
		}
		return &LabeledStmt{Pos: pos, Label: t.text, Stmt: p.embedded()}
	}
	if s := p.tryDeclStmt(); s != nil {
		return s
	}
	x := p.parseExpr()
	if p.script && p.cur().kind == tEOF {
		return &ExprStmt{Pos: pos, X: x}
	}
	p.expect(";", "after expression")
	return &ExprStmt{Pos: pos, X: x}
}

func (p *parser) looksLikeTupleDecl() bool {
	save := p.p
	defer func() { p.p = save }()
	p.advance()
	if _, ok := p.tryType(false); !ok {
		return false
	}
	if isName(p.cur()) {
		p.advance()
	}
	return p.at(",")
}

// startsLocalFuncWithMods reports whether modifiers lead to a local function.
func (p *parser) startsLocalFuncWithMods() bool {
	i := 0
	for {
		t := p.peek(i)
		if t.kind == tIdent && !t.verbatim && ModifierByName(t.text) != 0 {
			i++
			continue
		}
		break
	}
	if i == 0 {
		return false
	}
	// `async x => ...` and `static () => ...` are lambdas.
	n := p.peek(i)
	return n.kind == tIdent && !isPunct(p.peek(i+1), "=>")
}

func (p *parser) startsLocalFuncWithAttrs() bool { return true }

// localFunc parses `[attrs] mods T Name<T>(params) body`.
func (p *parser) localFunc() Stmt {
	pos := p.pos()
	attrs := p.attributes()
	mods := p.modifiers()
	m := &MethodDecl{Pos: pos, Attributes: attrs, Modifiers: mods}
	m.ReturnType = p.parseType("a return type")
	m.Name, _ = p.ident("a local function name")
	if p.at("<") {
		m.TypeParams = p.typeParams()
	}
	m.Params = p.params("(", ")")
	p.skipConstraints()
	m.Body, m.ExprBody = p.body(false)
	return &LocalFuncStmt{Pos: pos, Func: m}
}

// tryDeclStmt recognises `T x = ...;`, `var x = ...;` and local functions
// `T F(...) {...}`; it returns nil (position unchanged) for anything else.
func (p *parser) tryDeclStmt() Stmt {
	t := p.cur()
	if t.kind != tIdent || !t.verbatim && reserved[t.text] && !predefined[t.text] {
		return nil
	}
	pos := p.posOf(t)
	save := p.p
	if isWord(t, "await") && !isPunct(p.peek(1), "=") && !isPunct(p.peek(1), ";") {
		return nil
	}
	typ, ok := p.tryType(false)
	if !ok {
		return nil
	}
	if isWord(t, "var") && typ.Name == "var" && p.at("(") {
		p.unsupported(t.off, "deconstruction")
	}
	if p.at("*") && predefined[typ.Name] {
		p.unsupported(p.cur().off, "pointer types")
	}
	n := p.cur()
	if !isName(n) {
		p.p = save
		return nil
	}
	n1 := p.peek(1)
	switch {
	case isPunct(n1, "(") || isPunct(n1, "<") && !isPunct(n1, "="):
		i := p.p + 1
		if isPunct(n1, "<") {
			// `T F<U>(...)`: a generic local function.
			depth := 0
			for ; i < len(p.toks)-1; i++ {
				if isPunct(p.toks[i], "<") {
					depth++
				} else if isPunct(p.toks[i], ">") {
					depth--
					if depth == 0 {
						i++
						break
					}
				} else if !isName(p.toks[i]) && !isPunct(p.toks[i], ",") {
					break
				}
			}
		}
		if j, ok := p.matchParen(i); ok {
			if a := p.toks[j+1]; isPunct(a, "{") || isPunct(a, "=>") || isWord(a, "where") {
				p.p = save
				return p.localFunc()
			}
		}
		p.p = save
		return nil
	case isPunct(n1, "=") || isPunct(n1, ";") || isPunct(n1, ",") || isPunct(n1, "[") || n1.kind == tEOF && p.script:
		if isPunct(n1, "[") {
			p.unsupported(n1.off, "C-style array declarators")
		}
		p.p = save
		d := p.localDecl(pos, true)
		p.expect(";", "after variable declaration")
		return d
	case isWord(n1, "in"):
		p.p = save
		return nil
	}
	if n1.kind == tEOF {
		p.p = save
		return nil
	}
	p.p = save
	return nil
}

// localDecl parses `T a = 1, b` (without the ';'). With varOK, `var` means
// an inferred type.
func (p *parser) localDecl(pos Pos, varOK bool) *LocalDeclStmt {
	d := &LocalDeclStmt{Pos: pos}
	if p.atWord("var") && isName(p.peek(1)) {
		p.advance()
	} else {
		d.Type = p.parseType("a type")
	}
	for {
		dp := p.pos()
		name, _ := p.ident("a variable name")
		dc := &Declarator{Pos: dp, Name: name}
		if p.accept("=") {
			dc.Init = p.parseVarInit()
		}
		d.Decls = append(d.Decls, dc)
		if !p.accept(",") {
			break
		}
	}
	return d
}

func (p *parser) forStmt() Stmt {
	s := &ForStmt{Pos: p.pos()}
	p.advance()
	p.expect("(", "after 'for'")
	if !p.at(";") {
		if d := p.tryForDecl(); d != nil {
			s.InitDecl = d
		} else {
			s.InitExprs = p.exprList()
		}
	}
	p.expect(";", "after for initializer")
	if !p.at(";") {
		s.Cond = p.parseExpr()
	}
	p.expect(";", "after for condition")
	if !p.at(")") {
		s.Post = p.exprList()
	}
	p.expect(")", "to close the for header")
	s.Body = p.embedded()
	return s
}

func (p *parser) tryForDecl() *LocalDeclStmt {
	save := p.p
	pos := p.pos()
	if _, ok := p.tryType(false); ok && isName(p.cur()) {
		n1 := p.peek(1)
		if isPunct(n1, "=") || isPunct(n1, ";") || isPunct(n1, ",") {
			p.p = save
			return p.localDecl(pos, true)
		}
	}
	p.p = save
	return nil
}

func (p *parser) exprList() []Expr {
	var xs []Expr
	for {
		xs = append(xs, p.parseExpr())
		if !p.accept(",") {
			return xs
		}
	}
}

func (p *parser) foreachStmt(pos Pos, isAwait bool) Stmt {
	p.advance()
	s := &ForeachStmt{Pos: pos, IsAwait: isAwait}
	p.expect("(", "after 'foreach'")
	if p.atWord("var") && isPunct(p.peek(1), "(") || p.at("(") {
		p.unsupported(p.cur().off, "deconstruction in foreach")
	}
	if p.atWord("var") && isName(p.peek(1)) {
		p.advance()
	} else {
		s.Type = p.parseType("a type in foreach")
	}
	s.Name, _ = p.ident("a loop variable name")
	p.expectWord("in", "in foreach")
	s.X = p.parseExpr()
	p.expect(")", "to close the foreach header")
	s.Body = p.embedded()
	return s
}

func (p *parser) switchStmt() Stmt {
	s := &SwitchStmt{Pos: p.pos()}
	p.advance()
	p.expect("(", "after 'switch'")
	s.X = p.parseExpr()
	p.expect(")", "after switch expression")
	p.expect("{", "to open the switch body")
	for !p.at("}") && p.cur().kind != tEOF {
		sec := &SwitchSection{Pos: p.pos()}
		for p.atWord("case") || p.atWord("default") && isPunct(p.peek(1), ":") {
			l := &CaseLabel{Pos: p.pos()}
			if p.acceptWord("default") {
				l.IsDefault = true
			} else {
				p.advance()
				l.Pattern = p.parsePattern()
				if p.acceptWord("when") {
					l.When = p.parseExpr()
				}
			}
			p.expect(":", "after case label")
			sec.Labels = append(sec.Labels, l)
		}
		if len(sec.Labels) == 0 {
			p.unexpected("'case' or 'default'")
		}
		for !p.at("}") && !p.atWord("case") && !(p.atWord("default") && isPunct(p.peek(1), ":")) && p.cur().kind != tEOF {
			if st := p.stmtRecover(); st != nil {
				sec.Body = append(sec.Body, st)
			}
		}
		s.Sections = append(s.Sections, sec)
	}
	p.expect("}", "to close the switch body")
	return s
}

func (p *parser) tryStmt() Stmt {
	s := &TryStmt{Pos: p.pos()}
	p.advance()
	s.Body = p.block()
	for p.atWord("catch") {
		c := &CatchClause{Pos: p.pos()}
		p.advance()
		if p.accept("(") {
			c.Type = p.parseType("an exception type")
			if isName(p.cur()) {
				c.Name, _ = p.ident("")
			}
			p.expect(")", "after catch declaration")
		}
		if p.acceptWord("when") {
			p.expect("(", "after 'when'")
			c.Filter = p.parseExpr()
			p.expect(")", "after exception filter")
		}
		c.Body = p.block()
		s.Catches = append(s.Catches, c)
	}
	if p.acceptWord("finally") {
		s.Finally = p.block()
	}
	if len(s.Catches) == 0 && s.Finally == nil {
		p.unexpected("'catch' or 'finally'")
	}
	return s
}

func (p *parser) usingStmt() Stmt {
	pos := p.pos()
	p.advance()
	if p.accept("(") {
		s := &UsingStmt{Pos: pos}
		if d := p.tryForDecl(); d != nil {
			s.Decl = d
		} else {
			s.X = p.parseExpr()
		}
		p.expect(")", "to close the using header")
		s.Body = p.embedded()
		return s
	}
	d := p.localDecl(p.pos(), true)
	p.expect(";", "after using declaration")
	return &UsingDeclStmt{Pos: pos, Decl: d}
}

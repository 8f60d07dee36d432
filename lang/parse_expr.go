package lang

// parseExpr parses a full expression (assignment, lambda or conditional).
func (p *parser) parseExpr() Expr {
	p.enter()
	defer p.leave()
	if p.isLambdaStart() {
		return p.lambda()
	}
	if p.atWord("throw") {
		pos := p.pos()
		p.advance()
		return &ThrowExpr{Pos: pos, X: p.parseExpr()}
	}
	x := p.parseCond()
	if op, n := p.assignOp(); op != "" {
		pos := p.pos()
		for i := 0; i < n; i++ {
			p.advance()
		}
		if op == "=" && p.atWord("ref") {
			p.unsupported(p.cur().off, "ref assignment")
		}
		right := p.parseExprOrInitList(op)
		return &AssignExpr{Pos: pos, Op: op, Left: x, Right: right}
	}
	return x
}

func (p *parser) parseExprOrInitList(op string) Expr {
	if op == "=" && p.at("{") {
		return p.initList()
	}
	return p.parseExpr()
}

// assignOp recognises an assignment operator; `>>=` arrives as '>' '>='.
func (p *parser) assignOp() (string, int) {
	t := p.cur()
	if t.kind != tPunct {
		return "", 0
	}
	if t.text == ">" {
		n := p.peek(1)
		if isPunct(n, ">=") && n.off == t.end {
			return ">>=", 2
		}
		return "", 0
	}
	if assignOps[t.text] {
		return t.text, 1
	}
	return "", 0
}

func (p *parser) parseCond() Expr {
	c := p.parseBinary(precCoalesce)
	if p.at("?") {
		pos := p.pos()
		p.advance()
		then := p.parseExpr()
		p.expect(":", "in conditional expression")
		els := p.parseExpr()
		return &CondExpr{Pos: pos, Cond: c, Then: then, Else: els}
	}
	return c
}

// binaryOp recognises a binary operator at the current token; `>>` arrives
// as two adjacent '>' tokens.
func (p *parser) binaryOp() (string, int, int) {
	t := p.cur()
	if t.kind == tIdent && !t.verbatim && (t.text == "is" || t.text == "as") {
		return t.text, precRelational, 1
	}
	if t.kind != tPunct {
		return "", 0, 0
	}
	if t.text == ">" {
		n := p.peek(1)
		if n.off == t.end && isPunct(n, ">") {
			return ">>", precShift, 2
		}
		if n.off == t.end && isPunct(n, ">=") {
			return "", 0, 0
		}
	}
	if prec, ok := binaryPrec[t.text]; ok {
		return t.text, prec, 1
	}
	return "", 0, 0
}

func (p *parser) parseBinary(minPrec int) Expr {
	p.enter()
	defer p.leave()
	x := p.parseSwitchLevel()
	for {
		op, prec, n := p.binaryOp()
		if op == "" || prec < minPrec {
			return x
		}
		pos := p.pos()
		for i := 0; i < n; i++ {
			p.advance()
		}
		switch op {
		case "is":
			x = &IsExpr{Pos: pos, X: x, Pattern: p.parsePattern()}
			continue
		case "as":
			x = &AsExpr{Pos: pos, X: x, Type: p.parseType("a type after 'as'")}
			continue
		}
		var y Expr
		if op == "??" {
			if p.atWord("throw") {
				y = p.parseExpr()
			} else {
				y = p.parseBinary(prec)
			}
		} else {
			y = p.parseBinary(prec + 1)
		}
		x = &BinaryExpr{Pos: pos, Op: op, X: x, Y: y}
	}
}

// parseSwitchLevel parses a unary expression followed by any number of
// `switch { ... }` suffixes.
func (p *parser) parseSwitchLevel() Expr {
	x := p.parseUnary()
	for p.atWord("switch") && isPunct(p.peek(1), "{") {
		s := &SwitchExpr{Pos: p.pos(), X: x}
		p.advance()
		p.advance()
		for !p.at("}") {
			arm := &SwitchArm{Pos: p.pos()}
			arm.Pattern = p.parsePattern()
			if p.acceptWord("when") {
				arm.When = p.parseExpr()
			}
			p.expect("=>", "after switch arm pattern")
			arm.Value = p.parseExpr()
			s.Arms = append(s.Arms, arm)
			if !p.accept(",") {
				break
			}
		}
		p.expect("}", "to close the switch expression")
		x = s
	}
	return x
}

func (p *parser) parseUnary() Expr {
	p.enter()
	defer p.leave()
	t := p.cur()
	pos := p.posOf(t)
	if t.kind == tPunct {
		switch t.text {
		case "+", "-", "!", "~", "++", "--":
			p.advance()
			return &UnaryExpr{Pos: pos, Op: t.text, X: p.parseUnary()}
		case "&", "*":
			p.unsupported(t.off, "pointer operations")
		case "^":
			p.unsupported(t.off, "index-from-end expressions")
		case "..":
			p.unsupported(t.off, "ranges")
		case "(":
			if c := p.tryCast(); c != nil {
				return c
			}
		}
	}
	if isWord(t, "await") && p.startsOperand(p.peek(1)) {
		p.advance()
		return &AwaitExpr{Pos: pos, X: p.parseUnary()}
	}
	return p.parsePostfix(p.parsePrimary())
}

// startsOperand reports whether t can begin the operand of a prefix
// contextual keyword such as await.
func (p *parser) startsOperand(t token) bool {
	switch t.kind {
	case tInt, tReal, tChar, tString, tInterp:
		return true
	case tIdent:
		if t.verbatim {
			return true
		}
		switch t.text {
		case "is", "as", "switch", "when", "and", "or", "in":
			return false
		}
		return true
	case tPunct:
		return t.text == "(" || t.text == "[" || t.text == "!" || t.text == "-" && false
	}
	return false
}

// tryCast recognises `(T)x` at a '(' using C#'s rule: the parenthesised text
// is a type, and either it is a predefined type or the token after ')' is
// one that cannot continue a parenthesised expression.
func (p *parser) tryCast() Expr {
	save := p.p
	pos := p.pos()
	p.advance()
	typ, ok := p.tryType(false)
	if !ok || !p.at(")") {
		p.p = save
		return nil
	}
	after := p.peek(1)
	cast := isKeywordType(typ)
	if !cast {
		switch after.kind {
		case tInt, tReal, tChar, tString, tInterp:
			cast = true
		case tIdent:
			cast = after.verbatim || !(after.text == "is" || after.text == "as" || after.text == "switch" || after.text == "when" || after.text == "and" || after.text == "or" || after.text == "in")
		case tPunct:
			cast = after.text == "~" || after.text == "!" || after.text == "("
		}
	}
	if !cast {
		p.p = save
		return nil
	}
	p.advance()
	return &CastExpr{Pos: pos, Type: typ, X: p.parseUnary()}
}

func isKeywordType(t *TypeRef) bool {
	for t.ArrayRank > 0 {
		t = t.Elem
	}
	return predefined[t.Name]
}

// isLambdaStart looks ahead for `x =>`, `(...) =>`, `async ...` or `static ...`.
func (p *parser) isLambdaStart() bool {
	i := 0
	for isWord(p.peek(i), "async") || isWord(p.peek(i), "static") {
		i++
	}
	t := p.peek(i)
	if isName(t) && isPunct(p.peek(i+1), "=>") {
		return true
	}
	if isPunct(t, "(") {
		j, ok := p.matchParen(p.p + i)
		return ok && isPunct(p.toks[j+1], "=>")
	}
	if i > 0 && isWord(t, "delegate") {
		p.unsupported(t.off, "anonymous methods")
	}
	return false
}

// matchParen returns the index of the ')' matching the '(' at index i.
func (p *parser) matchParen(i int) (int, bool) {
	depth := 0
	for ; i < len(p.toks)-1; i++ {
		t := p.toks[i]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return i, t.text == ")"
			}
			if depth < 0 {
				return 0, false
			}
		case ";":
			return 0, false
		}
	}
	return 0, false
}

func (p *parser) lambda() Expr {
	l := &LambdaExpr{Pos: p.pos()}
	for {
		if p.acceptWord("async") {
			l.IsAsync = true
			continue
		}
		if p.acceptWord("static") {
			l.IsStatic = true
			continue
		}
		break
	}
	if p.at("(") {
		p.advance()
		if !p.at(")") {
			for {
				l.Params = append(l.Params, p.param(false))
				if !p.accept(",") {
					break
				}
			}
		}
		p.expect(")", "to close the lambda parameters")
	} else {
		pos := p.pos()
		name, _ := p.ident("a lambda parameter")
		l.Params = []*Param{{Pos: pos, Name: name}}
	}
	p.expect("=>", "in lambda")
	if p.at("{") {
		l.Body = p.block()
	} else {
		l.ExprBody = p.parseExpr()
	}
	return l
}

// genericFollows lists the tokens after `>` that make `<...>` a type
// argument list (C# spec, grammar ambiguities), plus `?.`.
var genericFollows = map[string]bool{"(": true, ")": true, "]": true, "}": true, ":": true, ";": true,
	",": true, ".": true, "?": true, "==": true, "!=": true, "|": true, "^": true, "&&": true,
	"||": true, "&": true, "[": true, "?.": true}

// tryExprTypeArgs tries `<T, U>` after a name in an expression.
func (p *parser) tryExprTypeArgs() []*TypeRef {
	if !p.at("<") {
		return nil
	}
	save := p.p
	depth := p.depth
	args, ok := p.typeArgs(false)
	p.depth = depth
	if ok {
		n := p.cur()
		if n.kind == tEOF || n.kind == tPunct && genericFollows[n.text] {
			return args
		}
	}
	p.p = save
	return nil
}

func (p *parser) parsePrimary() Expr {
	t := p.cur()
	pos := p.posOf(t)
	switch t.kind {
	case tInt, tReal, tChar, tString:
		p.advance()
		lit := *t.lit
		lit.Pos = pos
		return &lit
	case tInterp:
		p.advance()
		return p.interpolated(t)
	case tEOF:
		p.unexpected("an expression")
	case tPunct:
		switch t.text {
		case "(":
			p.advance()
			x := p.parseExpr()
			if p.at(",") {
				p.unsupported(t.off, "tuples")
			}
			p.expect(")", "to close the parenthesised expression")
			return x
		case "[":
			return p.collectionExpr()
		}
		if t.text == "}" || t.text == ")" || t.text == "]" || t.text == ";" {
			p.fail(t.off, "unexpected '"+t.text+"', expected an expression")
		}
		p.unexpected("an expression")
	case tIdent:
		if t.verbatim {
			p.advance()
			return &Ident{Pos: pos, Name: t.text, TypeArgs: p.tryExprTypeArgs()}
		}
		switch t.text {
		case "true", "false":
			p.advance()
			return &Literal{Pos: pos, Kind: LitBool, Raw: t.text, Value: t.text == "true"}
		case "null":
			p.advance()
			return &Literal{Pos: pos, Kind: LitNull, Raw: "null"}
		case "this":
			p.advance()
			return &ThisExpr{Pos: pos}
		case "base":
			p.advance()
			return &BaseExpr{Pos: pos}
		case "new":
			return p.newExpr()
		case "typeof":
			p.advance()
			p.expect("(", "after 'typeof'")
			typ := p.parseType("a type")
			p.expect(")", "to close typeof")
			return &TypeOfExpr{Pos: pos, Type: typ}
		case "default":
			p.advance()
			if p.accept("(") {
				typ := p.parseType("a type")
				p.expect(")", "to close default")
				return &DefaultExpr{Pos: pos, Type: typ}
			}
			return &DefaultExpr{Pos: pos}
		case "nameof":
			if isPunct(p.peek(1), "(") {
				p.advance()
				p.advance()
				x := p.parseExpr()
				p.expect(")", "to close nameof")
				return &NameOfExpr{Pos: pos, X: x}
			}
		case "sizeof", "stackalloc", "checked", "unchecked", "__arglist", "__makeref", "__reftype", "__refvalue":
			p.unsupported(t.off, "'"+t.text+"'")
		case "delegate":
			p.unsupported(t.off, "anonymous methods")
		case "ref":
			p.unsupported(t.off, "ref expressions")
		case "from":
			n, n2 := p.peek(1), p.peek(2)
			if isName(n) && (isWord(n2, "in") || isName(n2) && isWord(p.peek(3), "in")) {
				p.unsupported(t.off, "query expressions")
			}
		}
		if predefined[t.text] {
			p.advance()
			if p.at("[") || p.at("?") && isPunct(p.peek(1), ")") {
				p.unexpected("an expression")
			}
			return &Ident{Pos: pos, Name: t.text}
		}
		if reserved[t.text] {
			p.unexpected("an expression")
		}
		p.advance()
		return &Ident{Pos: pos, Name: t.text, TypeArgs: p.tryExprTypeArgs()}
	}
	p.unexpected("an expression")
	return nil
}

func (p *parser) parsePostfix(x Expr) Expr {
	for {
		t := p.cur()
		if t.kind != tPunct {
			return x
		}
		switch t.text {
		case ".", "?.":
			p.advance()
			nt := p.cur()
			if nt.kind != tIdent {
				p.unexpected("a member name after '" + t.text + "'")
			}
			p.advance()
			m := &MemberExpr{Pos: p.posOf(nt), X: x, Name: nt.text, NullCond: t.text == "?."}
			m.TypeArgs = p.tryExprTypeArgs()
			x = m
		case "?":
			n := p.peek(1)
			if !isPunct(n, "[") || n.off != t.end {
				return x
			}
			p.advance()
			x = &IndexExpr{Pos: p.posOf(n), X: x, Args: p.args("[", "]"), NullCond: true}
		case "(":
			x = &CallExpr{Pos: x.Position(), Fun: x, Args: p.args("(", ")")}
		case "[":
			x = &IndexExpr{Pos: p.posOf(t), X: x, Args: p.args("[", "]")}
		case "++", "--":
			p.advance()
			x = &PostfixExpr{Pos: p.posOf(t), Op: t.text, X: x}
		case "!":
			// The null-forgiving operator has no run-time effect.
			p.advance()
		case "->":
			p.unsupported(t.off, "pointer member access")
		default:
			return x
		}
	}
}

// args parses an argument list between open and close.
func (p *parser) args(open, close string) []*Arg {
	p.expect(open, "")
	var as []*Arg
	if p.accept(close) {
		return as
	}
	for {
		as = append(as, p.parseArg())
		if !p.accept(",") {
			break
		}
	}
	p.expect(close, "to close the argument list")
	return as
}

func (p *parser) parseArg() *Arg {
	a := &Arg{Pos: p.pos()}
	if isName(p.cur()) && isPunct(p.peek(1), ":") {
		a.Name = p.advance().text
		p.advance()
	}
	if p.atWord("ref") || p.atWord("out") || p.atWord("in") {
		a.Mod = p.advance().text
		if a.Mod == "out" {
			if d := p.tryDeclExpr(); d != nil {
				a.X = d
				return a
			}
		}
	}
	a.X = p.parseExpr()
	return a
}

// tryDeclExpr recognises `var x`, `T x` and `_` after `out`.
func (p *parser) tryDeclExpr() Expr {
	pos := p.pos()
	endsArg := func(t token) bool { return isPunct(t, ",") || isPunct(t, ")") || isPunct(t, "]") }
	if p.atWord("_") && endsArg(p.peek(1)) {
		p.advance()
		return &DeclExpr{Pos: pos, Name: "_"}
	}
	if p.atWord("var") && isName(p.peek(1)) && endsArg(p.peek(2)) {
		p.advance()
		return &DeclExpr{Pos: pos, Name: p.advance().text}
	}
	save := p.p
	if typ, ok := p.tryType(false); ok && isName(p.cur()) && endsArg(p.peek(1)) {
		return &DeclExpr{Pos: pos, Type: typ, Name: p.advance().text}
	}
	p.p = save
	return nil
}

func (p *parser) collectionExpr() Expr {
	c := &CollectionExpr{Pos: p.pos()}
	p.advance()
	for !p.at("]") {
		if p.at("..") {
			p.unsupported(p.cur().off, "spread elements")
		}
		c.Elems = append(c.Elems, p.parseExpr())
		if !p.accept(",") {
			break
		}
	}
	p.expect("]", "to close the collection expression")
	return c
}

func (p *parser) newExpr() Expr {
	pos := p.pos()
	p.advance()
	switch {
	case p.at("("):
		n := &NewExpr{Pos: pos, Args: p.args("(", ")")}
		if p.at("{") {
			n.Init = p.initializer()
		}
		return n
	case p.at("[") && (isPunct(p.peek(1), "]") || isPunct(p.peek(1), ",")):
		p.advance()
		a := &NewArrayExpr{Pos: pos, Rank: 1}
		for p.accept(",") {
			a.Rank++
		}
		p.expect("]", "in implicitly typed array")
		a.Init, a.HasInit = p.arrayInit(), true
		return a
	case p.at("{"):
		p.unsupported(p.cur().off, "anonymous types")
	}
	typ, ok := p.typeCore(true, false)
	if !ok {
		if p.at("(") {
			p.unsupported(p.cur().off, "tuples")
		}
		p.unexpected("a type after 'new'")
	}
	if p.at("[") {
		a := &NewArrayExpr{Pos: pos, Rank: 1}
		p.advance()
		if p.at("]") || p.at(",") {
			for p.accept(",") {
				a.Rank++
			}
		} else {
			for {
				a.Sizes = append(a.Sizes, p.parseExpr())
				if !p.accept(",") {
					break
				}
			}
			a.Rank = len(a.Sizes)
		}
		p.expect("]", "to close the array size")
		// Further rank specifiers make the element an array: new int[3][].
		elem := typ
		var ranks []int
		for p.at("[") && (isPunct(p.peek(1), "]") || isPunct(p.peek(1), ",")) {
			p.advance()
			r := 1
			for p.accept(",") {
				r++
			}
			p.expect("]", "")
			ranks = append(ranks, r)
		}
		for _, r := range ranks {
			elem = wrapArray(elem, r)
		}
		a.Elem = elem
		if p.at("{") {
			a.Init, a.HasInit = p.arrayInit(), true
		} else if len(a.Sizes) == 0 {
			p.unexpected("an array initializer")
		}
		return a
	}
	n := &NewExpr{Pos: pos, Type: typ}
	if p.at("(") {
		n.Args = p.args("(", ")")
	} else if !p.at("{") {
		p.unexpected("'(' or '{' after 'new " + typ.String() + "'")
	}
	if p.at("{") {
		n.Init = p.initializer()
	}
	return n
}

func (p *parser) arrayInit() []Expr {
	l := p.initList()
	if l.Elems == nil {
		return []Expr{}
	}
	return l.Elems
}

// initializer parses an object or collection initializer.
func (p *parser) initializer() *Initializer {
	p.enter()
	defer p.leave()
	in := &Initializer{Pos: p.pos()}
	p.advance()
	object := isName(p.cur()) && isPunct(p.peek(1), "=") || p.at("[")
	for !p.at("}") {
		if object {
			mp := p.pos()
			mi := &MemberInit{Pos: mp}
			if p.at("[") {
				mi.Index = p.args("[", "]")
			} else {
				mi.Name, _ = p.ident("a member name in the object initializer")
			}
			p.expect("=", "in object initializer")
			if p.at("{") {
				mi.Value = p.initList()
			} else {
				mi.Value = p.parseExpr()
			}
			in.Members = append(in.Members, mi)
		} else if p.at("{") {
			in.Elems = append(in.Elems, p.initList())
		} else {
			in.Elems = append(in.Elems, p.parseExpr())
		}
		if !p.accept(",") {
			break
		}
	}
	p.expect("}", "to close the initializer")
	return in
}

// interpolated parses the holes of an interpolated string token.
func (p *parser) interpolated(t token) Expr {
	s := &InterpolatedString{Pos: p.posOf(t), Verbatim: t.verbatim}
	for _, lp := range t.interp {
		if !lp.hole {
			s.Parts = append(s.Parts, &InterpPart{Text: lp.text})
			continue
		}
		part := &InterpPart{Format: lp.format}
		part.X = p.subExpr(lp.exprOff, lp.exprEnd, "interpolation hole")
		if lp.alignOff >= 0 {
			part.Align = p.subExpr(lp.alignOff, lp.alignEnd, "alignment")
		}
		s.Parts = append(s.Parts, part)
	}
	return s
}

// subExpr parses src[off:end] as an expression with the same parser state.
func (p *parser) subExpr(off, end int, what string) Expr {
	lx := &scanner{s: p.s, src: p.s.src, off: off, limit: end, errf: func(o int, _ bool, msg string) { p.report(o, msg) }}
	toks := lx.tokenize()
	if len(toks) == 1 {
		p.fail(off, "empty "+what)
	}
	savedToks, savedP := p.toks, p.p
	p.toks, p.p = toks, 0
	defer func() { p.toks, p.p = savedToks, savedP }()
	x := p.parseExpr()
	if p.cur().kind != tEOF {
		p.fail(p.cur().off, "unexpected "+p.describe(p.cur())+" in "+what)
	}
	return x
}

// ---- patterns ----

func (p *parser) parsePattern() Pattern {
	p.enter()
	defer p.leave()
	x := p.andPattern()
	for p.atWord("or") {
		pos := p.pos()
		p.advance()
		x = &BinaryPattern{Pos: pos, Op: "or", X: x, Y: p.andPattern()}
	}
	return x
}

func (p *parser) andPattern() Pattern {
	x := p.notPattern()
	for p.atWord("and") {
		pos := p.pos()
		p.advance()
		x = &BinaryPattern{Pos: pos, Op: "and", X: x, Y: p.notPattern()}
	}
	return x
}

func (p *parser) notPattern() Pattern {
	if p.atWord("not") {
		pos := p.pos()
		p.advance()
		p.enter()
		defer p.leave()
		return &NotPattern{Pos: pos, P: p.notPattern()}
	}
	return p.primaryPattern()
}

func oldIsPatternEnd(t token) bool {
	if t.kind == tEOF {
		return true
	}
	if t.kind == tPunct {
		switch t.text {
		case "=>", ",", ")", ":", "}", "]", "&&", "||", "?", ";", "==", "!=":
			return true
		}
	}
	return isWord(t, "when") || isWord(t, "and") || isWord(t, "or")
}

func (p *parser) primaryPattern() Pattern {
	t := p.cur()
	pos := p.posOf(t)
	if t.kind == tPunct {
		switch t.text {
		case "(":
			p.advance()
			pat := p.parsePattern()
			if p.at(",") {
				p.unsupported(t.off, "positional patterns")
			}
			p.expect(")", "to close the parenthesised pattern")
			return pat
		case "<", "<=", ">", ">=":
			p.advance()
			return &RelationalPattern{Pos: pos, Op: t.text, X: p.parseBinary(precShift)}
		case "{":
			return p.propertyPattern(pos, nil)
		case "[":
			p.unsupported(t.off, "list patterns")
		}
	}
	if isWord(t, "var") {
		if isPunct(p.peek(1), "(") {
			p.unsupported(t.off, "deconstruction patterns")
		}
		if isName(p.peek(1)) {
			p.advance()
			return &VarPattern{Pos: pos, Name: p.advance().text}
		}
	}
	if isWord(t, "_") && oldIsPatternEnd(p.peek(1)) {
		p.advance()
		return &DiscardPattern{Pos: pos}
	}
	save := p.p
	if typ, ok := p.tryType(false); ok {
		n := p.cur()
		switch {
		case isName(n) && !isWord(n, "and") && !isWord(n, "or") && !isWord(n, "when"):
			p.advance()
			return &TypePattern{Pos: pos, Type: typ, Name: n.text}
		case isPunct(n, "{"):
			return p.propertyPattern(pos, typ)
		case oldIsPatternEnd(n) && (isKeywordType(typ) || typ.Args != nil || typ.ArrayRank > 0 || typ.Nullable):
			return &TypePattern{Pos: pos, Type: typ}
		}
	}
	p.p = save
	return &ConstPattern{Pos: pos, X: p.parseBinary(precShift)}
}

func (p *parser) propertyPattern(pos Pos, typ *TypeRef) Pattern {
	p.enter()
	defer p.leave()
	pp := &PropertyPattern{Pos: pos, Type: typ}
	p.expect("{", "")
	for !p.at("}") {
		sp := &SubPattern{Pos: p.pos()}
		name, _ := p.ident("a property name")
		for p.accept(".") {
			n, _ := p.ident("a property name")
			name += "." + n
		}
		sp.Name = name
		p.expect(":", "after property name in pattern")
		sp.Pattern = p.parsePattern()
		pp.Props = append(pp.Props, sp)
		if !p.accept(",") {
			break
		}
	}
	p.expect("}", "to close the property pattern")
	if isName(p.cur()) && !p.atWord("and") && !p.atWord("or") && !p.atWord("when") {
		pp.Name = p.advance().text
	}
	return pp
}

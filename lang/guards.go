package lang

import (
	"strings"
	"sync/atomic"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// This file holds the grammar's custom productions: predicates written in Go
// (each states the C# rule it decides), operators that join adjacent tokens,
// modifiers, error alternatives, and the list items that recover from
// syntax errors. A predicate never consumes input; it is used inside (?= ).

// synErr is a syntax error an error alternative reports with its final
// wording. A silent one follows a lexical error already reported there.
type synErr struct {
	pos        lexer.Position
	msg        string
	silent     bool
	incomplete bool
}

func (e *synErr) Error() string            { return e.msg }
func (e *synErr) Message() string          { return e.msg }
func (e *synErr) Position() lexer.Position { return e.pos }

// fail consumes the offending token (so that participle reports the error
// rather than trying another branch) and returns the diagnostic.
func fail(lex *lexer.PeekingLexer, msg string) error {
	t := *lex.Peek()
	lex.Next()
	return &synErr{pos: t.Pos, msg: msg, silent: t.Type == tokBad}
}

// expected fails with "unexpected X, expected what".
func expected(lex *lexer.PeekingLexer, what string) error {
	t := *lex.Peek()
	lex.Next()
	if isEnd(&t) {
		return &synErr{pos: t.Pos, msg: incompletePrefix + ", expected " + what, incomplete: true}
	}
	return &synErr{pos: t.Pos, msg: "unexpected " + describeTok(&t) + ", expected " + what, silent: t.Type == tokBad}
}

// unsupported fails with "<what> is/are not supported" at the current token.
func unsupported(lex *lexer.PeekingLexer, what string) error {
	verb := " is"
	if strings.HasSuffix(what, "s") && !strings.HasSuffix(what, "'") {
		verb = " are"
	}
	return fail(lex, what+verb+" not supported")
}

// ---- cursor: lookahead over a copy of the token stream ----

type cursor struct{ lx lexer.PeekingLexer }

func newCursor(lex *lexer.PeekingLexer) *cursor { return &cursor{*lex} }

func (c *cursor) tok() *lexer.Token  { return c.lx.Peek() }
func (c *cursor) next() *lexer.Token { return c.lx.Next() }

func (c *cursor) peek(n int) *lexer.Token {
	d := *c
	for i := 0; i < n; i++ {
		d.lx.Next()
	}
	return d.lx.Peek()
}

func (c *cursor) at(s string) bool            { return isPunctTok(c.tok(), s) }
func (c *cursor) peekAt(n int, s string) bool { return isPunctTok(c.peek(n), s) }

func isPunctTok(t *lexer.Token, s string) bool { return t.Type == tokPunct && t.Value == s }

// isWordTok reports whether t is the (possibly contextual) keyword s.
func isWordTok(t *lexer.Token, s string) bool {
	return (t.Type == tokIdent || t.Type == tokKeyword) && t.Value == s
}

func isNameTok(t *lexer.Token) bool { return t.Type == tokIdent }

// skipType advances c over a type as the Type production parses it.
func (c *cursor) skipType() (*gType, bool) {
	if t := c.tok(); t.Type != tokIdent && !(t.Type == tokKeyword && predefined[t.Value]) && !isPunctTok(t, "(") {
		return nil, false
	}
	if d := *c; d.at("(") && !d.tupleParens() {
		// No tuple type without its ')' and a ',' between its elements: a
		// cheap scan spares the type parser a descent through every '(' of
		// a nest, unclosed or closed (`((((1))))`), which each enclosing
		// '(' (cast and lambda guards) would repeat, in quadratic time.
		return nil, false
	}
	typ, err := grammar().typ.ParseFromLexer(&c.lx, participle.AllowTrailing(true))
	return typ, err == nil
}

// tupleParens reports whether the '(' at c has a matching ')' before any
// ';' and a ',' directly inside, as a tuple type's parentheses have.
func (c *cursor) tupleParens() bool {
	depth := 0
	comma := false
	for ; !isEnd(c.tok()); c.next() {
		t := c.tok()
		if t.Type != tokPunct {
			continue
		}
		switch t.Value {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return t.Value == ")" && comma
			}
			if depth < 0 {
				return false
			}
		case ",":
			comma = comma || depth == 1
		case ";":
			return false
		}
	}
	return false
}

// matchParen reports whether the '(' at c has a matching ')' before any ';',
// leaving c on the ')'.
func (c *cursor) matchParen() bool {
	depth := 0
	for ; !isEnd(c.tok()); c.next() {
		t := c.tok()
		if t.Type != tokPunct {
			continue
		}
		switch t.Value {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return t.Value == ")"
			}
			if depth < 0 {
				return false
			}
		case ";":
			return false
		}
	}
	return false
}

// ---- predicates ----

// castGuard is C#'s cast rule: `(T)` followed by a token that begins a
// unary expression is a cast when T is a predefined type, or when that token
// is an identifier (other than is/as/switch/when/and/or/in), a literal, '(',
// '~' or '!'.
type castGuard struct{}

func (*castGuard) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	if !c.at("(") {
		return participle.NextMatch
	}
	c.next()
	typ, ok := c.skipType()
	if !ok || !c.at(")") {
		return participle.NextMatch
	}
	after := c.peek(1)
	if typ.keyword() {
		return nil
	}
	switch after.Type {
	case tokInt, tokReal, tokChar, tokString, tokInterpStart:
		return nil
	case tokIdent, tokKeyword:
		switch after.Value {
		case "is", "as", "switch", "when", "and", "or", "in":
			return participle.NextMatch
		}
		return nil
	case tokPunct:
		if after.Value == "~" || after.Value == "!" || after.Value == "(" {
			return nil
		}
	}
	return participle.NextMatch
}

// keyword reports whether the type (arrays stripped) is a predefined type.
func (t *gType) keyword() bool { return t.Core.Predef != "" }

// lambdaGuard is C#'s lambda rule: optional async/static, then a name or a
// parenthesised list, then '=>'.
type lambdaGuard struct{}

func (*lambdaGuard) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	attrs := false
	for c.at("[") {
		if !c.skipNested(false) {
			return participle.NextMatch
		}
		attrs = true
	}
	for isWordTok(c.tok(), "async") || isWordTok(c.tok(), "static") {
		c.next()
	}
	if isNameTok(c.tok()) && c.peekAt(1, "=>") && !attrs {
		return nil
	}
	if c.at("(") {
		if d := *c; d.lambdaParams() {
			if d := *c; d.matchParen() && d.peekAt(1, "=>") {
				return nil
			}
		}
	}
	if d := *c; d.lambdaReturn() {
		return nil
	}
	return participle.NextMatch
}

// lambdaRetGuard matches at the explicit return type of a lambda (C# 10):
// `int (string s) =>`, `ref int (ref int x) =>`, `(int, string) () =>`.
type lambdaRetGuard struct{}

func (*lambdaRetGuard) Parse(lex *lexer.PeekingLexer) error {
	if c := newCursor(lex); c.lambdaReturn() {
		return nil
	}
	return participle.NextMatch
}

// lambdaReturn reports whether c is at a return type followed by a lambda
// parameter list and '=>'.
func (c *cursor) lambdaReturn() bool {
	if isWordTok(c.tok(), "ref") {
		c.next()
		if isWordTok(c.tok(), "readonly") {
			c.next()
		}
	}
	if _, ok := c.skipType(); !ok || !c.at("(") {
		return false
	}
	if d := *c; !d.lambdaParams() {
		return false
	}
	return c.matchParen() && c.peekAt(1, "=>")
}

// lambdaParams reports whether the '(' at c opens a parameter list: empty,
// or parameters that are each a name, or a type and a name, with optional
// attributes, modifiers and default values. A parenthesised expression
// before '=>' is not one: the guard of a switch arm,
// `T t when (t.W > 5) => ...`, is not a lambda.
func (c *cursor) lambdaParams() bool {
	c.next()
	if c.at(")") {
		return true
	}
	for {
		for c.at("[") {
			if !c.skipNested(false) {
				return false
			}
		}
		for isParamModifier(c.tok()) {
			c.next()
		}
		if isNameTok(c.tok()) && (c.peekAt(1, ",") || c.peekAt(1, ")")) {
			c.next()
		} else {
			if _, ok := c.skipType(); !ok || !isNameTok(c.tok()) {
				return false
			}
			c.next()
			if c.at("=") && !c.skipNested(true) {
				return false
			}
		}
		if c.at(")") {
			return true
		}
		if !c.at(",") {
			return false
		}
		c.next()
	}
}

// skipNested advances c over one bracketed group (an attribute list) or,
// when toEnd is set, over a default value up to the ',' or ')' that ends
// it at depth 0; it reports false at the end of input or a ';'.
func (c *cursor) skipNested(toEnd bool) bool {
	depth := 0
	for ; !isEnd(c.tok()) && !c.at(";"); c.next() {
		t := c.tok()
		if t.Type != tokPunct {
			continue
		}
		switch t.Value {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			if depth == 0 {
				return toEnd
			}
			depth--
			if depth == 0 && !toEnd {
				c.next()
				return true
			}
		case ",":
			if depth == 0 && toEnd {
				return true
			}
		}
	}
	return false
}

func isParamModifier(t *lexer.Token) bool {
	switch {
	case isWordTok(t, "ref"), isWordTok(t, "out"), isWordTok(t, "in"), isWordTok(t, "params"),
		isWordTok(t, "this"), isWordTok(t, "scoped"), isWordTok(t, "readonly"):
		return true
	}
	return false
}

// declExprGuard is C#'s out-declaration rule: `out _`, `out var x` and
// `out T x` declare when the argument ends there.
type declExprGuard struct{}

func (*declExprGuard) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	endsArg := func(t *lexer.Token) bool { return isPunctTok(t, ",") || isPunctTok(t, ")") || isPunctTok(t, "]") }
	if isWordTok(c.tok(), "_") && endsArg(c.peek(1)) {
		return nil
	}
	if isWordTok(c.tok(), "var") && isNameTok(c.peek(1)) && endsArg(c.peek(2)) {
		return nil
	}
	if _, ok := c.skipType(); ok && isNameTok(c.tok()) && endsArg(c.peek(1)) {
		return nil
	}
	return participle.NextMatch
}

// tupleDeclGuard is declExprGuard for an element of a parenthesized list:
// `(int a, var b)` declares, but a lone `(T x)` is never a declaration, and
// `await t` awaits.
type tupleDeclGuard struct{}

func (*tupleDeclGuard) Parse(lex *lexer.PeekingLexer) error {
	if err := (*declExprGuard)(nil).Parse(lex); err != nil {
		return err
	}
	c := newCursor(lex)
	if isWordTok(c.tok(), "await") {
		return participle.NextMatch
	}
	if isWordTok(c.tok(), "_") || isWordTok(c.tok(), "var") {
		c.next()
	} else {
		c.skipType()
	}
	if !isPunctTok(c.tok(), ",") && !isPunctTok(c.peek(1), ",") {
		// The element ends the list: a declaration only after a comma.
		if toks := lex.Range(0, lex.RawCursor()); len(toks) > 0 && isPunctTok(&toks[len(toks)-1], "(") {
			return participle.NextMatch
		}
	}
	return nil
}

// typePatternGuard is C#'s rule for a type in a pattern: a type followed by
// a designation, a property pattern or a positional pattern's '(' (a name
// other than nameof, whose call is a constant), or a type that cannot be a
// constant (predefined, generic, array or nullable) where the pattern ends.
type typePatternGuard struct{}

func (*typePatternGuard) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	typ, ok := c.skipType()
	if !ok {
		return participle.NextMatch
	}
	n := c.tok()
	switch {
	case isNameTok(n) && n.Value != "and" && n.Value != "or" && n.Value != "when":
		return nil
	case isPunctTok(n, "{"):
		return nil
	case isPunctTok(n, "(") && typ.positionalName():
		return nil
	case isPatternEnd(n) && (typ.keyword() || typ.generic() || len(typ.Ranks) > 0 || typ.Core.Nullable != nil):
		return nil
	}
	return participle.NextMatch
}

// positionalName reports whether t can name the type of a positional
// pattern: a plain or generic name other than nameof.
func (t *gType) positionalName() bool {
	c := t.Core
	if len(c.Segs) == 0 || len(t.Ranks) > 0 || c.Nullable != nil {
		return false
	}
	return !(len(c.Segs) == 1 && c.Segs[0].Args == nil && c.Segs[0].Name == "nameof")
}

func (t *gType) generic() bool {
	for _, s := range t.Core.Segs {
		if s.Args != nil {
			return true
		}
	}
	return false
}

func isPatternEnd(t *lexer.Token) bool {
	if isEnd(t) {
		return true
	}
	if t.Type == tokPunct {
		switch t.Value {
		case "=>", ",", ")", ":", "}", "]", "&&", "||", "?", ";", "==", "!=":
			return true
		}
	}
	return isWordTok(t, "when") || isWordTok(t, "and") || isWordTok(t, "or")
}

// localFuncGuard is C#'s local function rule at a statement start:
// attributes, or modifiers followed by a name that is not a lambda's
// parameter, or a type, a name and a parameter list followed by a body.
type localFuncGuard struct{}

func (*localFuncGuard) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	t := c.tok()
	if isPunctTok(t, "[") {
		return nil
	}
	if t.Type == tokIdent || t.Type == tokKeyword {
		switch t.Value {
		case "static", "async", "extern", "public", "private", "internal", "protected", "readonly", "abstract", "virtual", "override", "sealed":
			i := 0
			for {
				p := c.peek(i)
				if (p.Type == tokIdent || p.Type == tokKeyword) && ModifierByName(p.Value) != 0 {
					i++
					continue
				}
				break
			}
			n := c.peek(i)
			if (n.Type == tokIdent || n.Type == tokKeyword) && !c.peekAt(i+1, "=>") {
				return nil
			}
			if isPunctTok(n, "(") { // `static (int, int) F()`, not `static (a, b) => ...`
				d := *c
				for ; i > 0; i-- {
					d.next()
				}
				if declKind(&d) == declFunc {
					return nil
				}
			}
		}
	}
	if declKindAt(lex) == declFunc {
		return nil
	}
	return participle.NextMatch
}

// localDeclGuard is C#'s local declaration rule: a type followed by a name
// and then '=', ';', ',' (or the end of a REPL chunk).
type localDeclGuard struct{}

func (*localDeclGuard) Parse(lex *lexer.PeekingLexer) error {
	if declKindAt(lex) == declLocal {
		return nil
	}
	return participle.NextMatch
}

// declMemo remembers the last statement start classified: three
// alternatives of Stmt ask about the same token. Token pointers are unique
// to a parse, so parses on other goroutines can only cause a miss.
var declMemo atomic.Pointer[declMemoEntry]

type declMemoEntry struct {
	tok  *lexer.Token
	kind int
}

// declKindAt is declKind at the current token, memoised.
func declKindAt(lex *lexer.PeekingLexer) int {
	t := lex.Peek()
	if e := declMemo.Load(); e != nil && e.tok == t {
		return e.kind
	}
	k := declKind(newCursor(lex))
	declMemo.Store(&declMemoEntry{tok: t, kind: k})
	return k
}

// unsupDecl reports declarations the language does not have.
func unsupDecl(lex *lexer.PeekingLexer) error {
	switch declKindAt(lex) {
	case declNone, declLocal, declFunc:
		return participle.NextMatch
	}
	c := newCursor(lex)
	switch declKind(c) {
	case declPointer:
		advanceTo(lex, c.tok().Pos.Offset)
		return unsupported(lex, "pointer types")
	case declCArray:
		advanceTo(lex, c.peek(1).Pos.Offset)
		return unsupported(lex, "C-style array declarators")
	}
	return participle.NextMatch
}

const (
	declNone = iota
	declLocal
	declFunc
	declDeconstruct
	declPointer
	declCArray
)

// declKind classifies a statement start: a declaration, a local function,
// or neither. On return c is past the type when there was one.
func declKind(c *cursor) int {
	if isWordTok(c.tok(), "ref") { // a ref local or ref-returning local function
		c.next()
		if isWordTok(c.tok(), "readonly") {
			c.next()
		}
	}
	t := c.tok()
	if t.Type != tokIdent && !(t.Type == tokKeyword && predefined[t.Value]) && !isPunctTok(t, "(") {
		return declNone
	}
	if isWordTok(t, "await") && !c.peekAt(1, "=") && !c.peekAt(1, ";") {
		return declNone
	}
	isVar := isWordTok(t, "var")
	typ, ok := c.skipType()
	if !ok {
		return declNone
	}
	if isVar && typ.Core.Segs != nil && typ.Core.Segs[0].Name == "var" && c.at("(") {
		return declDeconstruct
	}
	if c.at("*") && typ.Core.Predef != "" {
		return declPointer
	}
	if !isNameTok(c.tok()) {
		return declNone
	}
	n1 := c.peek(1)
	switch {
	case isPunctTok(n1, "(") || isPunctTok(n1, "<"):
		d := *c
		d.next()
		if isPunctTok(n1, "<") {
			depth := 0
			for ; !isEnd(d.tok()); d.next() {
				t := d.tok()
				if isPunctTok(t, "<") {
					depth++
				} else if isPunctTok(t, ">") {
					depth--
					if depth == 0 {
						d.next()
						break
					}
				} else if !isNameTok(t) && !isPunctTok(t, ",") {
					break
				}
			}
		}
		if d.at("(") && d.matchParen() {
			if a := d.peek(1); isPunctTok(a, "{") || isPunctTok(a, "=>") || isWordTok(a, "where") {
				return declFunc
			}
		}
		return declNone
	case isPunctTok(n1, "["):
		return declCArray
	case isPunctTok(n1, "=") || isPunctTok(n1, ";") || isPunctTok(n1, ",") || n1.Type == tokScriptEnd:
		return declLocal
	}
	return declNone
}

// forDeclGuard is the declaration rule of for and using headers: a type, a
// name, then '=', ';' or ','.
type forDeclGuard struct{}

func (*forDeclGuard) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	if _, ok := c.skipType(); ok && isNameTok(c.tok()) {
		if n1 := c.peek(1); isPunctTok(n1, "=") || isPunctTok(n1, ";") || isPunctTok(n1, ",") {
			return nil
		}
	}
	return participle.NextMatch
}

// advanceTo moves lex forward to the token at byte offset off.
func advanceTo(lex *lexer.PeekingLexer, off int) {
	for !isEnd(lex.Peek()) && lex.Peek().Pos.Offset < off {
		lex.Next()
	}
}

// ---- operators ----

// binaryOp is a binary operator other than is/as. The lexer never produces
// `>>` (so `List<List<int>>` closes): two adjacent '>' are the shift, three
// the unsigned shift, and a '>' directly followed by '>=' (or by '>' '>=')
// is the start of `>>=` (`>>>=`), not an operator.
type binaryOp struct {
	Pos lexer.Position
	Op  string
}

func (b *binaryOp) Parse(lex *lexer.PeekingLexer) error {
	op, n := binaryOpAt(newCursor(lex))
	if op == "" {
		return participle.NextMatch
	}
	b.Pos, b.Op = lex.Peek().Pos, op
	for i := 0; i < n; i++ {
		lex.Next()
	}
	return nil
}

func binaryOpAt(c *cursor) (string, int) {
	t := c.tok()
	if t.Type != tokPunct {
		return "", 0
	}
	if t.Value == ">" {
		n := c.peek(1)
		if n.Pos.Offset == tokEnd(t) && isPunctTok(n, ">") {
			n2 := c.peek(2)
			if n2.Pos.Offset == tokEnd(n) && isPunctTok(n2, ">") {
				return ">>>", 3
			}
			if n2.Pos.Offset == tokEnd(n) && isPunctTok(n2, ">=") {
				return "", 0 // `>>>=`
			}
			return ">>", 2
		}
		if n.Pos.Offset == tokEnd(t) && isPunctTok(n, ">=") {
			return "", 0
		}
	}
	if _, ok := binaryPrec[t.Value]; ok {
		return t.Value, 1
	}
	return "", 0
}

// shiftOp is a binary operator of shift precedence or tighter.
type shiftOp struct {
	Pos lexer.Position
	Op  string
}

func (s *shiftOp) Parse(lex *lexer.PeekingLexer) error {
	op, n := binaryOpAt(newCursor(lex))
	if op == "" || binaryPrec[op] < precShift {
		return participle.NextMatch
	}
	s.Pos, s.Op = lex.Peek().Pos, op
	for i := 0; i < n; i++ {
		lex.Next()
	}
	return nil
}

// assignOp is an assignment operator; `>>=` arrives as '>' and an adjacent
// '>=', `>>>=` as two '>' and a '>='.
type assignOp struct {
	Pos lexer.Position
	Op  string
}

func (a *assignOp) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	t := c.tok()
	if t.Type != tokPunct {
		return participle.NextMatch
	}
	a.Pos = t.Pos
	if t.Value == ">" {
		if n := c.peek(1); isPunctTok(n, ">=") && n.Pos.Offset == tokEnd(t) {
			a.Op = ">>="
			lex.Next()
			lex.Next()
			return nil
		}
		if n, n2 := c.peek(1), c.peek(2); isPunctTok(n, ">") && n.Pos.Offset == tokEnd(t) &&
			isPunctTok(n2, ">=") && n2.Pos.Offset == tokEnd(n) {
			a.Op = ">>>="
			lex.Next()
			lex.Next()
			lex.Next()
			return nil
		}
		return participle.NextMatch
	}
	if !assignOps[t.Value] {
		return participle.NextMatch
	}
	a.Op = t.Value
	lex.Next()
	return nil
}

// Parse reads the `?` after a type when it marks the type nullable rather
// than beginning a conditional expression: the next token cannot continue
// a conditional (`T?>`, `T?)`, `T? ;`), or a name follows that ends a
// declaration or an argument (`T? x =`, `T? x)`). A name followed by '('
// is a method's or local function's declaration only when its parameter
// list is followed by a body, `=>`, `;` or `where`: `x is T ? F(a) : b`
// is a conditional.
func (n *gNullable) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	if !c.at("?") {
		return participle.NextMatch
	}
	next := c.peek(1)
	switch {
	case isEnd(next):
	case next.Type == tokPunct:
		switch next.Value {
		case ">", ",", ")", "]", "[", ";", "=", "{", "}", "=>":
		case "(":
			// A lambda's nullable return type, `int? (bool b) => ...`.
			d := newCursor(lex)
			d.next()
			if !d.matchParen() || !d.peekAt(1, "=>") {
				return participle.NextMatch
			}
		default:
			return participle.NextMatch
		}
	case next.Type == tokIdent || next.Value == "this" || next.Value == "operator":
		after := c.peek(2)
		switch {
		case isEnd(after):
		case isPunctTok(after, "("):
			d := newCursor(lex)
			d.next()
			d.next()
			if !d.matchParen() {
				return participle.NextMatch
			}
			d.next()
			if t := d.tok(); !isEnd(t) && !isPunctTok(t, "{") && !isPunctTok(t, "=>") && !isPunctTok(t, ";") && t.Value != "where" {
				return participle.NextMatch
			}
		case after.Type == tokPunct:
			switch after.Value {
			case "=", ";", ",", ")", "=>", "{", "<":
			default:
				return participle.NextMatch
			}
		default:
			switch after.Value {
			case "in", "when", "and", "or":
			default:
				return participle.NextMatch
			}
		}
	default:
		return participle.NextMatch
	}
	lex.Next()
	n.Q = true
	return nil
}

// nullIndexMark is the '?' of `x?[i]`, which must touch the '['.
type nullIndexMark struct{}

func (*nullIndexMark) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	t := c.tok()
	if !isPunctTok(t, "?") {
		return participle.NextMatch
	}
	if n := c.peek(1); !isPunctTok(n, "[") || n.Pos.Offset != tokEnd(t) {
		return participle.NextMatch
	}
	lex.Next()
	return nil
}

// fileTypeAhead reports whether the word after `file` continues a type
// declaration: a type keyword or another type modifier.
func fileTypeAhead(next string) bool {
	switch next {
	case "class", "struct", "interface", "enum", "record", "delegate", "static", "sealed", "abstract",
		"readonly", "ref", "partial", "unsafe", "public", "internal", "private", "protected", "new":
		return true
	}
	return false
}

// modifiers is a run of declaration modifiers. async, required and partial
// are contextual: they are modifiers only when a declaration follows, and
// `new` is an expression before '(' or '['.
type modifiers struct {
	Mods Modifiers
}

func (m *modifiers) Parse(lex *lexer.PeekingLexer) error {
	for {
		c := newCursor(lex)
		t := c.tok()
		if t.Type != tokIdent && t.Type != tokKeyword {
			return nil
		}
		switch t.Value {
		case "unsafe", "fixed":
			return unsupported(lex, "'"+t.Value+"'")
		case "file":
			// A modifier only before a type declaration (or its other
			// modifiers); elsewhere `file` is a name.
			if n := c.peek(1); n.Type != tokIdent && n.Type != tokKeyword || !fileTypeAhead(n.Value) {
				return nil
			}
		}
		mod := ModifierByName(t.Value)
		if mod == 0 || mod == ModRef && !refStructAhead(c) {
			return nil
		}
		if mod == ModAsync || mod == ModRequired || mod == ModPartial {
			n := c.peek(1)
			if n.Type != tokIdent && n.Type != tokKeyword && !isPunctTok(n, "(") {
				return nil
			}
			if isPunctTok(n, "(") || c.peekAt(2, "=") || c.peekAt(2, ";") {
				if mod != ModAsync || isPunctTok(n, "(") {
					return nil
				}
			}
		}
		if mod == ModNew && (c.peekAt(1, "(") || c.peekAt(1, "[")) {
			return nil
		}
		if m.Mods.Has(mod) {
			return fail(lex, "duplicate modifier '"+t.Value+"'")
		}
		m.Mods |= mod
		lex.Next()
	}
}

// refStructAhead reports whether the `ref` at c begins a ref struct
// declaration (`ref struct`, `ref partial struct`) rather than a ref
// return type or a ref local.
func refStructAhead(c *cursor) bool {
	return isWordTok(c.peek(1), "struct") || isWordTok(c.peek(1), "partial") && isWordTok(c.peek(2), "struct")
}

// ---- error alternatives ----

type typeDeclError struct{}

func (*typeDeclError) Parse(lex *lexer.PeekingLexer) error {
	return expected(lex, "a type declaration")
}

type typeKindError struct{}

func (*typeKindError) Parse(lex *lexer.PeekingLexer) error {
	return expected(lex, "'class', 'struct', 'interface' or 'enum'")
}

// unsupMember reports member forms the language does not have.
type unsupMember struct{}

func (*unsupMember) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	t := c.tok()
	switch {
	case isWordTok(t, "operator"):
		return unsupported(lex, "'"+t.Value+"' declarations")
	case isPunctTok(t, "~"):
		return unsupported(lex, "finalizers")
	}
	return participle.NextMatch
}

// explicitGuard is an explicit interface member implementation: a dotted
// name `IFace.Member` (the interface may have type arguments) followed by
// a parameter list or a property body, or `IFace.Method<T>` (a generic
// method, its type parameters read as the last segment's type arguments)
// followed by a parameter list.
type explicitGuard struct{}

func (*explicitGuard) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	if !isNameTok(c.tok()) {
		return participle.NextMatch
	}
	typ, ok := c.skipType()
	if !ok || typ.Core == nil || len(typ.Core.Segs) < 2 || len(typ.Ranks) > 0 || typ.Core.Nullable != nil {
		return participle.NextMatch
	}
	if typ.Core.Segs[len(typ.Core.Segs)-1].Args != nil { // a generic method: IFace.M<T>(...)
		if c.at("(") {
			return nil
		}
		return participle.NextMatch
	}
	if c.at("(") || c.at("{") || c.at("=>") {
		return nil
	}
	return participle.NextMatch
}

// unsupAfterName reports explicit interface implementations and fixed-size buffers.
type unsupAfterName struct{}

func (*unsupAfterName) Parse(lex *lexer.PeekingLexer) error {
	switch t := lex.Peek(); {
	case isPunctTok(t, "."):
		return unsupported(lex, "explicit interface implementations")
	case isPunctTok(t, "["):
		return unsupported(lex, "fixed-size buffers")
	}
	return participle.NextMatch
}

type accessorError struct{}

func (*accessorError) Parse(lex *lexer.PeekingLexer) error {
	return expected(lex, "'get', 'set' or 'init'")
}

type eventAccessorError struct{}

func (*eventAccessorError) Parse(lex *lexer.PeekingLexer) error {
	return expected(lex, "'add' or 'remove'")
}

type bodyError struct{}

func (*bodyError) Parse(lex *lexer.PeekingLexer) error { return expected(lex, "'{', '=>' or ';'") }

// unsupStmt reports statement forms the language does not have, a stray
// '}', and a missing statement.
type unsupStmt struct{}

func (*unsupStmt) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	t := c.tok()
	if isEnd(t) {
		return expected(lex, "a statement")
	}
	if t.Type == tokPunct {
		switch t.Value {
		case "}":
			return fail(lex, msgStrayCloseBrace)
		}
		return participle.NextMatch
	}
	if t.Type != tokIdent && t.Type != tokKeyword {
		return participle.NextMatch
	}
	if err := unsupDecl(lex); err != participle.NextMatch {
		return err
	}
	switch t.Value {
	case "unsafe", "fixed":
		return unsupported(lex, "'"+t.Value+"'")
	case "class", "interface", "enum", "struct", "record", "namespace":
		if t.Value != "record" || isNameTok(c.peek(1)) {
			return fail(lex, "a "+t.Value+" declaration is not allowed here")
		}
	}
	return participle.NextMatch
}

// newTupleGuard is an array of tuples, `new (int, string)[n]`: a
// parenthesized list followed by '['.
type newTupleGuard struct{}

func (*newTupleGuard) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	if c.at("(") && c.matchParen() && c.peekAt(1, "[") {
		return nil
	}
	return participle.NextMatch
}

// foreachTupleGuard is the deconstruction form of foreach,
// `foreach ((int a, var b) in ...)`: a parenthesized list followed by 'in'.
type foreachTupleGuard struct{}

func (*foreachTupleGuard) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	if c.at("(") && c.matchParen() && isWordTok(c.peek(1), "in") {
		return nil
	}
	return participle.NextMatch
}

// labelError reports a label at the end of a block.
type labelError struct{}

func (*labelError) Parse(lex *lexer.PeekingLexer) error {
	if !isPunctTok(lex.Peek(), "}") {
		return participle.NextMatch
	}
	label := ""
	if rc := int(lex.RawCursor()); rc >= 2 {
		label = strings.TrimPrefix(lex.Range(lexer.RawCursor(rc-2), lexer.RawCursor(rc-1))[0].Value, "@")
	}
	return fail(lex, "expected a statement after label '"+label+"'")
}

// unsupUnary reports pointer operations.
type unsupUnary struct{}

func (*unsupUnary) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	if t.Type != tokPunct {
		return participle.NextMatch
	}
	switch t.Value {
	case "&", "*":
		return unsupported(lex, "pointer operations")
	}
	return participle.NextMatch
}

type memberNameError struct{}

func (*memberNameError) Parse(lex *lexer.PeekingLexer) error {
	dot := "."
	if rc := int(lex.RawCursor()); rc >= 1 {
		dot = lex.Range(lexer.RawCursor(rc-1), lexer.RawCursor(rc))[0].Value
	}
	return expected(lex, "a member name after '"+dot+"'")
}

type unsupArrow struct{}

func (*unsupArrow) Parse(lex *lexer.PeekingLexer) error {
	if isPunctTok(lex.Peek(), "->") {
		return unsupported(lex, "pointer member access")
	}
	return participle.NextMatch
}

// unsupPrimary reports expression forms the language does not have.
type unsupPrimary struct{}

func (*unsupPrimary) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	t := c.tok()
	if t.Type != tokIdent && t.Type != tokKeyword {
		return participle.NextMatch
	}
	switch t.Value {
	case "sizeof", "__arglist", "__makeref", "__reftype", "__refvalue":
		return unsupported(lex, "'"+t.Value+"'")
	}
	return participle.NextMatch
}

// predefUseError rejects `int[` and `int?)` where an expression is expected.
type predefUseError struct{}

func (*predefUseError) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	if c.at("[") || c.at("?") && c.peekAt(1, ")") {
		return expected(lex, "an expression")
	}
	return participle.NextMatch
}

type exprError struct{}

func (*exprError) Parse(lex *lexer.PeekingLexer) error { return expected(lex, "an expression") }

// newTailError reports a `new T` without arguments or initializer.
type newTailError struct{}

func (*newTailError) Parse(lex *lexer.PeekingLexer) error {
	rc := int(lex.RawCursor())
	toks := lex.Range(0, lexer.RawCursor(rc))
	var b strings.Builder
	for i := len(toks) - 1; i >= 0; i-- {
		if isWordTok(&toks[i], "new") {
			for _, t := range toks[i+1:] {
				b.WriteString(t.Value)
				if t.Value == "," {
					b.WriteByte(' ')
				}
			}
			break
		}
	}
	return expected(lex, "'(' or '{' after 'new "+b.String()+"'")
}

// newTypeError reports a `new` without a type, and tuple types.
type newTypeError struct{}

func (*newTypeError) Parse(lex *lexer.PeekingLexer) error {
	return expected(lex, "a type after 'new'")
}

type paramTypeError struct{}

func (*paramTypeError) Parse(lex *lexer.PeekingLexer) error { return expected(lex, "a parameter type") }

type memberTypeError struct{}

func (*memberTypeError) Parse(lex *lexer.PeekingLexer) error { return expected(lex, "a member type") }

type memberNameError2 struct{}

func (*memberNameError2) Parse(lex *lexer.PeekingLexer) error { return expected(lex, "a member name") }

type tryError struct{}

func (*tryError) Parse(lex *lexer.PeekingLexer) error { return expected(lex, "'catch' or 'finally'") }

package lang

import (
	"fmt"
	"reflect"
	"regexp"
	"runtime/debug"
	"sort"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// MaxNesting caps the nesting of expressions, statements, types and patterns;
// deeper input gets a diagnostic instead of exhausting the Go stack.
const MaxNesting = 1000

// maxDiagnostics bounds how many diagnostics one parse reports.
const maxDiagnostics = 50

const incompletePrefix = "unexpected end of input"

// msgStrayCloseBrace is C#'s CS1022, for a '}' with nothing to close.
const msgStrayCloseBrace = "Type or namespace definition, or end-of-file expected"

// C# wordings of lexical errors (CS1010, CS1039, CS8076).
const (
	msgNewlineInConstant  = "Newline in constant"
	msgUnterminatedString = "Unterminated string literal"
	msgMissingHoleClose   = "Missing close delimiter '}' for interpolated expression started with '{'"
)

// csharpLexMessage lists the lexer messages worded as C# words them; they
// carry their incompleteness in Diagnostic.Incomplete, not in a prefix.
var csharpLexMessage = map[string]bool{
	msgNewlineInConstant: true, msgUnterminatedString: true, msgMissingHoleClose: true,
}

// parsers holds the grammar, built once per process, and the sub-parsers
// that list items and predicates start from.
type parsers struct {
	root   *participle.Parser[gRoots]
	file   *participle.Parser[gFile]
	stmts  *participle.Parser[gStmts]
	top    *participle.Parser[gTop]
	nsTop  *participle.Parser[gNsTop]
	member *participle.Parser[gMember]
	stmt   *participle.Parser[gStmt]
	expr   *participle.Parser[gExpr]
	typ    *participle.Parser[gType]
}

var (
	grammarOnce sync.Once
	theGrammar  *parsers
)

// The grammar is built in the background as soon as the package is
// initialised, so that the build overlaps the rest of process start-up;
// the first parse waits for it.
func init() { go grammar() }

// grammar returns the parsers, building them on first use.
func grammar() *parsers {
	grammarOnce.Do(func() { theGrammar = buildGrammar() })
	return theGrammar
}

// buildGrammar builds the parser from the struct tags.
func buildGrammar() *parsers {
	// Building allocates a few megabytes of short-lived reflection data;
	// collecting during the build only delays start-up.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	root := participle.MustBuild[gRoots](participle.Lexer(tokenDefinition{}), participle.UseLookahead(0))
	return &parsers{
		root:   root,
		file:   sub[gFile](root),
		stmts:  sub[gStmts](root),
		top:    sub[gTop](root),
		nsTop:  sub[gNsTop](root),
		member: sub[gMember](root),
		stmt:   sub[gStmt](root),
		expr:   sub[gExpr](root),
		typ:    sub[gType](root),
	}
}

func sub[P any](root *participle.Parser[gRoots]) *participle.Parser[P] {
	p, err := participle.ParserForProduction[P](root)
	if err != nil {
		panic(err)
	}
	return p
}

// GrammarEBNF returns the grammar in EBNF, as participle prints it, with
// the productions named without their Go prefix: lower-case names are the
// custom productions written in Go (predicates, operators, list items with
// recovery, error alternatives), <lower> names are token types.
func GrammarEBNF() string {
	return productionPrefix.ReplaceAllString(grammar().root.String(), "$1") + "\n"
}

var productionPrefix = regexp.MustCompile(`\bG([A-Z][A-Za-z]*)\b`)

// parseState is one parse: the source, its tokens, the literal values by
// offset, and the diagnostics.
type parseState struct {
	src    *source
	script bool
	toks   []lexer.Token
	lits   map[int]*Literal
	diags  Diagnostics
	pp     *preprocessor // the file's directives: symbols, warnings

	queryTI int // transparent identifiers named so far (query.go)
}

func newParseState(filename string, src []byte, script bool) *parseState {
	st := &parseState{src: newSource(filename, src), script: script, lits: map[int]*Literal{}}
	lx := &scanner{s: st.src, src: src, limit: len(src), errf: func(off int, incomplete bool, msg string) {
		if incomplete && !strings.HasPrefix(msg, "unterminated") && !strings.HasPrefix(msg, "error CS") && !csharpLexMessage[msg] {
			msg = incompletePrefix + ": " + msg
		}
		st.report(off, msg, incomplete)
	}, pp: newPreprocessor()}
	st.pp = lx.pp
	st.lexTokens(lx.tokenize())
	return st
}

// report records a diagnostic at a byte offset, dropping duplicates.
func (st *parseState) report(off int, msg string, incomplete bool) {
	pos := st.src.pos(off)
	for _, d := range st.diags {
		if d.Pos == pos {
			return
		}
	}
	st.diags = append(st.diags, Diagnostic{Pos: pos, Msg: withSyntaxCode(msg), Incomplete: incomplete})
}

// withSyntaxCode prefixes a syntax diagnostic with C#'s error code for
// it, as the binder's diagnostics are ("error CS1002: ; expected").
// Messages that C# has no code for stay as they are.
func withSyntaxCode(msg string) string {
	if strings.HasPrefix(msg, "error CS") {
		return msg
	}
	code := ""
	switch {
	case msg == "; expected":
		code = "CS1002"
	case msg == ") expected":
		code = "CS1026"
	case msg == "} expected":
		code = "CS1513"
	case msg == "{ expected":
		code = "CS1514"
	case msg == "] expected", msg == "( expected":
		code = "CS1003"
	case msg == msgStrayCloseBrace:
		code = "CS1022"
	case msg == msgNewlineInConstant, msg == "unterminated character literal":
		code = "CS1010"
	case msg == msgUnterminatedString:
		code = "CS1039"
	case msg == msgMissingHoleClose:
		code = "CS8076"
	case msg == "unrecognized escape sequence":
		code = "CS1009"
	case msg == "empty character literal":
		code = "CS1011"
	case msg == "too many characters in character literal":
		code = "CS1012"
	case msg == "unterminated comment":
		code = "CS1035"
	case msg == "invalid suffix on numeric literal":
		code = "CS1013"
	case msg == "Method must have a return type":
		code = "CS1520"
	case msg == "Only auto-implemented properties can have initializers":
		code = "CS8050"
	case strings.HasPrefix(msg, "'}' in an interpolated string"):
		code = "CS8086"
	case strings.HasPrefix(msg, "unexpected character"), msg == "invalid UTF-8 in source":
		code = "CS1056"
	case strings.HasPrefix(msg, "User-defined operator") && strings.HasSuffix(msg, "cannot be declared checked"):
		code = "CS9023"
	case strings.HasPrefix(msg, "Overloadable unary"):
		code = "CS1019"
	case strings.HasPrefix(msg, "Overloadable binary"):
		code = "CS1020"
	case strings.HasPrefix(msg, "Overloaded unary operator"):
		code = "CS1535"
	case strings.HasPrefix(msg, "Overloaded operator"), strings.HasPrefix(msg, "Overloaded binary operator"):
		code = "CS1534"
	case strings.HasSuffix(msg, ", expected an identifier"), strings.HasSuffix(msg, ", expected a variable name"):
		code = "CS1001"
	case strings.HasPrefix(msg, "unexpected ") && strings.HasSuffix(msg, ", expected an expression"):
		code = "CS1525"
	}
	if code == "" {
		return msg
	}
	return "error " + code + ": " + msg
}

// Parse parses a source file: using directives, namespaces, type
// declarations and top-level statements. It never panics; any problem is a
// diagnostic, and the returned File holds whatever could be parsed.
func Parse(filename string, src []byte) (*File, Diagnostics) {
	return parseFile(filename, src, false)
}

// ParseScript parses a REPL chunk: statements and declarations as at the top
// level of a file, where the last expression statement may omit its ';'.
func ParseScript(filename string, src []byte) (*File, Diagnostics) {
	return parseFile(filename, src, true)
}

func parseFile(filename string, src []byte, script bool) (f *File, diags Diagnostics) {
	st := newParseState(filename, src, script)
	f = &File{Pos: st.src.pos(0), Name: filename, Symbols: st.pp.defined(), Warnings: st.pp.warnings}
	st.run(func(lex *lexer.PeekingLexer) error {
		g, err := grammar().file.ParseFromLexer(lex)
		if err != nil {
			st.collect(reflect.ValueOf(g))
			return err
		}
		st.convFile(f, g)
		return nil
	})
	return f, st.diags
}

// ParseExpr parses a single expression.
func ParseExpr(filename string, src []byte) (expr Expr, diags Diagnostics) {
	st := newParseState(filename, src, false)
	st.run(func(lex *lexer.PeekingLexer) error {
		g, err := grammar().expr.ParseFromLexer(lex, participle.AllowTrailing(true))
		if err != nil {
			st.collect(reflect.ValueOf(g))
			return err
		}
		expr = st.expr(g)
		if t := lex.Peek(); !isEnd(t) {
			st.report(t.Pos.Offset, "unexpected "+describeTok(t)+" after expression", false)
		}
		return nil
	})
	return expr, st.diags
}

// ParseStatements parses a sequence of statements (as inside a block).
func ParseStatements(filename string, src []byte) (stmts []Stmt, diags Diagnostics) {
	st := newParseState(filename, src, false)
	st.run(func(lex *lexer.PeekingLexer) error {
		g, err := grammar().stmts.ParseFromLexer(lex)
		if err != nil {
			st.collect(reflect.ValueOf(g))
			return err
		}
		for _, it := range g.Items {
			if s := st.stmtItem(it.Stmt, it.Partial, it.Err); s != nil {
				stmts = append(stmts, s)
			}
		}
		return nil
	})
	return stmts, st.diags
}

// IsIncomplete reports whether ds says no more than that the input ended
// too early (an unterminated brace, parenthesis, string or comment), so a
// REPL should read another line.
func IsIncomplete(ds Diagnostics) bool {
	if len(ds) == 0 {
		return false
	}
	for _, d := range ds {
		if !d.Incomplete && !strings.HasPrefix(d.Msg, incompletePrefix) && !strings.HasPrefix(d.Msg, "unterminated") {
			return false
		}
	}
	return true
}

// run checks the nesting depth, then parses with fn, turning a participle
// error into a diagnostic and a panic into an internal-error diagnostic.
func (st *parseState) run(fn func(lex *lexer.PeekingLexer) error) {
	defer func() {
		if r := recover(); r != nil {
			st.diags = append(st.diags, Diagnostic{Pos: st.src.pos(0),
				Msg: fmt.Sprintf("internal error: parser panic: %v\n%s", r, debug.Stack())})
		}
		st.finish()
	}()
	if off, deep := nestingExceeded(st.toks); deep {
		st.report(off, fmt.Sprintf("nesting too deep (more than %d levels)", MaxNesting), false)
		return
	}
	lex, err := lexer.Upgrade(&sliceLexer{toks: st.toks})
	if err != nil {
		panic(err)
	}
	if err := fn(lex); err != nil {
		st.syntaxError(err)
	}
}

// finish orders the diagnostics by position and caps their number.
func (st *parseState) finish() {
	sort.SliceStable(st.diags, func(i, j int) bool { return less(st.diags[i].Pos, st.diags[j].Pos) })
	if len(st.diags) > maxDiagnostics {
		st.diags = st.diags[:maxDiagnostics]
	}
}

func less(a, b Pos) bool { return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col }

// nestingExceeded estimates the parser's nesting on the token stream: each
// open bracket is a level, and so is each construct that nests to its
// right (a prefix operator, an assignment, a lambda arrow, a conditional, a
// type argument list, a statement that takes an embedded statement); the
// latter end at ';' or ',' or with the bracket they are in. It returns the
// offset of the token where the estimate first passes MaxNesting.
func nestingExceeded(toks []lexer.Token) (int, bool) {
	type level struct{ chain int }
	stack := []level{{}}
	depth := 0
	prevOperand := false
	for i := range toks {
		t := &toks[i]
		top := &stack[len(stack)-1]
		operand := false
		switch t.Type {
		case tokPunct:
			switch t.Value {
			case "(", "[", "{":
				stack = append(stack, level{})
				depth++
			case ")", "]", "}":
				if len(stack) > 1 {
					depth -= 1 + top.chain
					stack = stack[:len(stack)-1]
				}
				operand = true
			case ";", ",":
				depth -= top.chain
				top.chain = 0
			case "-", "+", "!", "~", "++", "--":
				if !prevOperand {
					top.chain++
					depth++
				}
			case "<", "=", "=>", "?", "+=", "-=", "*=", "/=", "??", "??=":
				top.chain++
				depth++
			}
		case tokHoleOpen:
			stack = append(stack, level{})
			depth++
		case tokHoleClose:
			if len(stack) > 1 {
				depth -= 1 + top.chain
				stack = stack[:len(stack)-1]
			}
		case tokKeyword:
			switch t.Value {
			case "if", "else", "while", "for", "foreach", "do", "lock", "using", "throw", "new":
				top.chain++
				depth++
			}
			operand = true
		case tokIdent:
			if t.Value == "await" || t.Value == "not" {
				top.chain++
				depth++
			}
			operand = true
		default:
			operand = true
		}
		prevOperand = operand
		if depth > MaxNesting {
			return t.Pos.Offset, true
		}
	}
	return 0, false
}

// ---- recovery ----

// parseItem parses one list element with a sub-parser. On a syntax error it
// skips to just past a ';' or a balanced '{...}', or to the '}' that closes
// the enclosing list, and returns the error for the conversion to report.
func parseItem[T any](lex *lexer.PeekingLexer, p *participle.Parser[T]) (ok *T, partial any, err error) {
	start := lex.MakeCheckpoint()
	v, err := p.ParseFromLexer(lex, participle.AllowTrailing(true))
	if err == nil {
		return v, nil, nil
	}
	lex.LoadCheckpoint(start)
	advanceTo(lex, errorOffset(err))
	depth := 0
	for !isEnd(lex.Peek()) {
		t := lex.Peek()
		if isPunctTok(t, "{") {
			depth++
		} else if isPunctTok(t, "}") {
			if depth == 0 {
				break
			}
			depth--
			if depth == 0 {
				lex.Next()
				break
			}
		} else if isPunctTok(t, ";") && depth == 0 {
			lex.Next()
			break
		}
		lex.Next()
	}
	if lex.Cursor() == start.Cursor() && !isEnd(lex.Peek()) {
		lex.Next()
	}
	return nil, v, err
}

// errorOffset is where recovery starts: the offending token.
func errorOffset(err error) int {
	switch e := err.(type) {
	case *participle.UnexpectedTokenError:
		return e.Unexpected.Pos.Offset
	case participle.Error:
		return e.Position().Offset
	}
	return 0
}

// topItem is one item at file level or in a file-scoped namespace.
type topItem struct {
	Partial any
	Top     *gTop
	Err     error
	Stray   lexer.Position
}

func (it *topItem) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	switch {
	case t.Type == lexer.EOF:
		return participle.NextMatch
	case t.Type == tokScriptEnd:
		lex.Next()
		return nil
	case isPunctTok(t, "}"):
		it.Err = &synErr{pos: t.Pos, msg: msgStrayCloseBrace}
		lex.Next()
		return nil
	}
	it.Top, it.Partial, it.Err = parseItem(lex, grammar().top)
	return nil
}

// nsItem is one item in a braced namespace.
type nsItem struct {
	Partial any
	Top     *gNsTop
	Err     error
}

func (it *nsItem) Parse(lex *lexer.PeekingLexer) error {
	if t := lex.Peek(); isEnd(t) || isPunctTok(t, "}") {
		return participle.NextMatch
	}
	it.Top, it.Partial, it.Err = parseItem(lex, grammar().nsTop)
	return nil
}

// memberItem is one member of a class or interface.
type memberItem struct {
	Partial any
	Member  *gMember
	Err     error
}

func (it *memberItem) Parse(lex *lexer.PeekingLexer) error {
	if t := lex.Peek(); isEnd(t) || isPunctTok(t, "}") {
		return participle.NextMatch
	}
	it.Member, it.Partial, it.Err = parseItem(lex, grammar().member)
	return nil
}

// stmtItem is one statement of a block.
type stmtItem struct {
	Partial any
	Stmt    *gStmt
	Err     error
}

func (it *stmtItem) Parse(lex *lexer.PeekingLexer) error {
	if t := lex.Peek(); isEnd(t) || isPunctTok(t, "}") {
		return participle.NextMatch
	}
	it.Stmt, it.Partial, it.Err = parseItem(lex, grammar().stmt)
	return nil
}

// sectionItem is one statement of a switch section, which ends at the next
// case or default label.
type sectionItem struct {
	Partial any
	Stmt    *gStmt
	Err     error
}

func (it *sectionItem) Parse(lex *lexer.PeekingLexer) error {
	c := newCursor(lex)
	if t := c.tok(); isEnd(t) || isPunctTok(t, "}") || isWordTok(t, "case") || isWordTok(t, "default") && c.peekAt(1, ":") {
		return participle.NextMatch
	}
	it.Stmt, it.Partial, it.Err = parseItem(lex, grammar().stmt)
	return nil
}

// topStmtItem is one statement of ParseStatements' input.
type topStmtItem struct {
	Partial any
	Stmt    *gStmt
	Err     error
}

func (it *topStmtItem) Parse(lex *lexer.PeekingLexer) error {
	if isEnd(lex.Peek()) {
		return participle.NextMatch
	}
	it.Stmt, it.Partial, it.Err = parseItem(lex, grammar().stmt)
	return nil
}

// recoverable is a list item that may hold a syntax error and the partial
// tree parsed before it.
type recoverable interface {
	recovered() (partial any, err error)
}

func (it *topItem) recovered() (any, error)     { return it.Partial, it.Err }
func (it *nsItem) recovered() (any, error)      { return it.Partial, it.Err }
func (it *memberItem) recovered() (any, error)  { return it.Partial, it.Err }
func (it *stmtItem) recovered() (any, error)    { return it.Partial, it.Err }
func (it *sectionItem) recovered() (any, error) { return it.Partial, it.Err }
func (it *topStmtItem) recovered() (any, error) { return it.Partial, it.Err }

// itemError reports the syntax errors inside a failed item's partial tree,
// then the item's own.
func (st *parseState) itemError(partial any, err error) {
	st.collect(reflect.ValueOf(partial))
	st.syntaxError(err)
}

// collect reports the errors of the list items in a partial tree.
func (st *parseState) collect(v reflect.Value) {
	switch v.Kind() {
	case reflect.Interface:
		if !v.IsNil() {
			st.collect(v.Elem())
		}
	case reflect.Pointer:
		if v.IsNil() || !v.CanInterface() {
			return
		}
		if r, ok := v.Interface().(recoverable); ok {
			if p, err := r.recovered(); err != nil {
				st.itemError(p, err)
				return
			}
		}
		if _, isErr := v.Interface().(error); !isErr {
			st.collect(v.Elem())
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			st.collect(v.Field(i))
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			st.collect(v.Index(i))
		}
	}
}

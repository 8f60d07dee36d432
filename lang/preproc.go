package lang

import (
	"sort"
	"strconv"
	"strings"
)

// PredefinedSymbols are the preprocessor symbols every file starts with:
// the ones `dotnet build` defines for a console app targeting net11.0 in
// the Debug configuration (DefineConstants: the configuration's DEBUG and
// TRACE, then the target framework's implicit defines).
var PredefinedSymbols = []string{
	"DEBUG", "TRACE",
	"NET", "NET11_0", "NETCOREAPP",
	"NET5_0_OR_GREATER", "NET6_0_OR_GREATER", "NET7_0_OR_GREATER", "NET8_0_OR_GREATER",
	"NET9_0_OR_GREATER", "NET10_0_OR_GREATER", "NET11_0_OR_GREATER",
	"NETCOREAPP1_0_OR_GREATER", "NETCOREAPP1_1_OR_GREATER", "NETCOREAPP2_0_OR_GREATER",
	"NETCOREAPP2_1_OR_GREATER", "NETCOREAPP2_2_OR_GREATER", "NETCOREAPP3_0_OR_GREATER",
	"NETCOREAPP3_1_OR_GREATER",
}

// C#'s wordings of the preprocessor's diagnostics.
const (
	msgPPDirectiveExpected = "error CS1024: Preprocessor directive expected"
	msgPPEndOfLine         = "error CS1025: Single-line comment or end-of-line expected"
	msgPPCloseParen        = "error CS1026: ) expected"
	msgPPEndifExpected     = "error CS1027: #endif directive expected"
	msgPPUnexpected        = "error CS1028: Unexpected preprocessor directive"
	msgPPDefineAfterToken  = "error CS1032: Cannot define/undefine preprocessor symbols after first token in file"
	msgPPEndregionExpected = "error CS1038: #endregion directive expected"
	msgPPPlacement         = "error CS1040: Preprocessor directives must appear as the first non-whitespace character on a line"
	msgPPIdentifier        = "error CS1001: Identifier expected"
	msgPPInvalidExpr       = "error CS1517: Invalid preprocessor expression"
	msgPPLineNumber        = "error CS1576: The line number specified for #line directive is missing or invalid"
	msgPPFileName          = "error CS1578: Quoted file name, single-line comment or end-of-line expected"
	msgPPNullableSetting   = "error CS8637: Expected 'enable', 'disable', or 'restore'"
	msgPPNullableTarget    = "error CS8638: Expected 'warnings', 'annotations', or end of directive"
)

// preprocessor is the state of C#'s preprocessing directives (spec §6.5)
// during one lexing of a file. The lexer hands it every '#' it meets
// between tokens; it keeps the symbols, the stack of open #if and #region
// sections, and says whether the text that follows is compiled. Skipped
// sections never reach the tokenizer: only their directives are read, so
// that nesting stays right.
type preprocessor struct {
	symbols  map[string]bool
	stack    []ppSection
	sawToken bool // a token was produced: #define and #undef come too late
	warnings Diagnostics
}

// ppSection is an open #if (with its #elif/#else branches) or #region.
type ppSection struct {
	region    bool
	outerLive bool // the text around the section is compiled
	live      bool // the current branch is compiled
	taken     bool // some branch of the #if was taken
	sawElse   bool
}

func newPreprocessor() *preprocessor {
	pp := &preprocessor{symbols: map[string]bool{}}
	for _, s := range PredefinedSymbols {
		pp.symbols[s] = true
	}
	return pp
}

// defined returns the defined symbols, sorted.
func (pp *preprocessor) defined() []string {
	var syms []string
	for s, ok := range pp.symbols {
		if ok {
			syms = append(syms, s)
		}
	}
	sort.Strings(syms)
	return syms
}

// live reports whether the text at the current point is compiled.
func (pp *preprocessor) live() bool {
	return len(pp.stack) == 0 || pp.stack[len(pp.stack)-1].live
}

// directive handles the directive whose '#' is at hash, then skips any
// section that is not compiled, and returns the offset to lex on from (the
// end of the last line read).
func (lx *scanner) directive(hash int) int {
	off := lx.pp.process(lx, hash)
	for !lx.pp.live() && off < lx.limit {
		off++ // past the '\n'
		for off < lx.limit && isDirectiveSpace(lx.src[off]) {
			off++
		}
		if off < lx.limit && lx.src[off] == '#' {
			off = lx.pp.process(lx, off)
			continue
		}
		off = lineEnd(lx.src[:lx.limit], off)
	}
	return off
}

// atEOF reports the sections still open when the input ends, at its end;
// the report is "incomplete" so that a REPL reads on.
func (lx *scanner) ppAtEOF() {
	if len(lx.pp.stack) == 0 {
		return
	}
	if lx.pp.stack[len(lx.pp.stack)-1].region {
		lx.errf(lx.limit, true, msgPPEndregionExpected)
	} else {
		lx.errf(lx.limit, true, msgPPEndifExpected)
	}
	lx.pp.stack = nil
}

func isDirectiveSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r'
}

func lineEnd(src []byte, off int) int {
	for off < len(src) && src[off] != '\n' {
		off++
	}
	return off
}

// firstOnLine reports whether only white space precedes off on its line.
func firstOnLine(src []byte, off int) bool {
	for i := off - 1; i >= 0; i-- {
		switch {
		case src[i] == '\n':
			return true
		case isDirectiveSpace(src[i]):
		case i == 2 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF:
			return true // the byte order mark
		default:
			return false
		}
	}
	return true
}

// ppLine reads the words of one directive line, src[off:end].
type ppLine struct {
	src      []byte
	off, end int
}

func (l *ppLine) skipSpace() {
	for l.off < l.end && isDirectiveSpace(l.src[l.off]) {
		l.off++
	}
}

// atEnd reports whether only white space and a single-line comment remain.
func (l *ppLine) atEnd() bool {
	l.skipSpace()
	return l.off >= l.end || l.off+1 < l.end && l.src[l.off] == '/' && l.src[l.off+1] == '/'
}

// word returns the identifier or number at the cursor ("" if none) and
// its offset, and moves past it.
func (l *ppLine) word() (string, int) {
	l.skipSpace()
	start := l.off
	for l.off < l.end {
		c := l.src[l.off]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80 {
			l.off++
			continue
		}
		break
	}
	return string(l.src[start:l.off]), start
}

// peek returns the next one or two characters of punctuation.
func (l *ppLine) punct(p string) bool {
	l.skipSpace()
	if strings.HasPrefix(string(l.src[l.off:l.end]), p) {
		l.off += len(p)
		return true
	}
	return false
}

// rest is the remaining text from the first non-blank character.
func (l *ppLine) rest() (string, int) {
	l.skipSpace()
	return strings.TrimRight(string(l.src[l.off:l.end]), "\r"), l.off
}

// process reads the directive at hash and returns the end of its line.
func (pp *preprocessor) process(lx *scanner, hash int) int {
	end := lineEnd(lx.src[:lx.limit], hash)
	live := pp.live()
	l := &ppLine{src: lx.src, off: hash + 1, end: end}
	if !firstOnLine(lx.src, hash) {
		if live {
			lx.errf(hash, false, msgPPPlacement)
		}
		return end
	}
	name, at := l.word()
	report := func(off int, msg string) {
		if live {
			lx.errf(off, false, msg)
		}
	}
	// endOfLine checks that nothing but a comment follows.
	endOfLine := func(msg string) {
		if !l.atEnd() {
			report(l.off, msg)
		}
	}
	switch name {
	case "if":
		v, ok := pp.expr(lx, l)
		if ok {
			endOfLine(msgPPEndOfLine)
		}
		pp.stack = append(pp.stack, ppSection{outerLive: live, live: live && v, taken: v})
	case "elif", "else":
		top := pp.top()
		if top == nil || top.region || top.sawElse {
			lx.errf(hash, false, pp.mismatch())
			return end
		}
		v := true
		if name == "elif" {
			var ok bool
			if v, ok = pp.expr(lx, l); ok {
				endOfLine(msgPPEndOfLine)
			}
		} else {
			top.sawElse = true
			endOfLine(msgPPEndOfLine)
		}
		top.live = top.outerLive && !top.taken && v
		top.taken = top.taken || v
	case "endif":
		if top := pp.top(); top == nil || top.region {
			lx.errf(hash, false, pp.mismatch())
			return end
		}
		pp.stack = pp.stack[:len(pp.stack)-1]
		endOfLine(msgPPEndOfLine)
	case "region":
		pp.stack = append(pp.stack, ppSection{region: true, outerLive: live, live: live})
	case "endregion":
		if top := pp.top(); top == nil || !top.region {
			msg := msgPPUnexpected
			if top != nil {
				msg = msgPPEndifExpected
			}
			lx.errf(hash, false, msg)
			return end
		}
		pp.stack = pp.stack[:len(pp.stack)-1]
	case "define", "undef":
		if pp.sawToken {
			lx.errf(at, false, msgPPDefineAfterToken)
		}
		sym, symAt := l.word()
		if sym == "" || sym == "true" || sym == "false" || sym[0] >= '0' && sym[0] <= '9' {
			lx.errf(symAt, false, msgPPIdentifier)
			return end
		}
		endOfLine(msgPPEndOfLine)
		if live {
			pp.symbols[sym] = name == "define"
		}
	case "error", "warning":
		if !live {
			return end
		}
		text, textAt := l.rest()
		if name == "error" {
			lx.errf(textAt, false, "error CS1029: #error: '"+text+"'")
		} else {
			pp.warn(lx, textAt, "warning CS1030: #warning: '"+text+"'")
		}
	case "line":
		if live {
			pp.line(lx, l)
		}
	case "pragma":
		if live {
			pp.pragma(lx, l)
		}
	case "nullable":
		if !live {
			return end
		}
		switch setting, settingAt := l.word(); setting {
		case "enable", "disable", "restore":
			if !l.atEnd() {
				switch target, targetAt := l.word(); target {
				case "warnings", "annotations":
					endOfLine(msgPPEndOfLine)
				default:
					lx.errf(targetAt, false, msgPPNullableTarget)
				}
			}
		default:
			lx.errf(settingAt, false, msgPPNullableSetting)
		}
	default:
		if name == "" {
			at = hash
		}
		report(at, msgPPDirectiveExpected)
	}
	return end
}

func (pp *preprocessor) top() *ppSection {
	if len(pp.stack) == 0 {
		return nil
	}
	return &pp.stack[len(pp.stack)-1]
}

// mismatch words a directive that closes or continues the wrong section,
// as Roslyn does: the open section's end is expected, else the directive
// is unexpected.
func (pp *preprocessor) mismatch() string {
	switch top := pp.top(); {
	case top == nil:
		return msgPPUnexpected
	case top.region:
		return msgPPEndregionExpected
	}
	return msgPPEndifExpected
}

func (pp *preprocessor) warn(lx *scanner, off int, msg string) {
	pp.warnings = append(pp.warnings, Diagnostic{Pos: lx.s.pos(off), Msg: msg})
}

// expr evaluates the condition of #if or #elif:
//
//	or:  and { "||" and }
//	and: eq { "&&" eq }
//	eq:  not [ ("==" | "!=") eq ]
//	not: "!" not | "(" or ")" | "true" | "false" | symbol
//
// A symbol is true when it is defined. On a syntax error it reports it and
// returns ok false (the condition is then false).
func (pp *preprocessor) expr(lx *scanner, l *ppLine) (v, ok bool) {
	p := &ppExpr{pp: pp, lx: lx, l: l}
	v = p.or()
	if p.failed {
		return false, false
	}
	return v, true
}

type ppExpr struct {
	pp     *preprocessor
	lx     *scanner
	l      *ppLine
	failed bool
}

func (p *ppExpr) fail(off int, msg string) bool {
	if !p.failed {
		p.failed = true
		p.lx.errf(off, false, msg)
	}
	return false
}

func (p *ppExpr) or() bool {
	v := p.and()
	for !p.failed && p.l.punct("||") {
		w := p.and()
		v = v || w
	}
	return v
}

func (p *ppExpr) and() bool {
	v := p.eq()
	for !p.failed && p.l.punct("&&") {
		w := p.eq()
		v = v && w
	}
	return v
}

func (p *ppExpr) eq() bool {
	v := p.not()
	switch {
	case p.failed:
	case p.l.punct("=="):
		return v == p.eq()
	case p.l.punct("!="):
		return v != p.eq()
	}
	return v
}

func (p *ppExpr) not() bool {
	if p.l.punct("!=") {
		return p.fail(p.l.off-2, msgPPInvalidExpr)
	}
	if p.l.punct("!") {
		return !p.not()
	}
	if p.l.punct("(") {
		v := p.or()
		if !p.failed && !p.l.punct(")") {
			return p.fail(p.l.off, msgPPCloseParen)
		}
		return v
	}
	w, at := p.l.word()
	switch {
	case w == "" || w[0] >= '0' && w[0] <= '9':
		return p.fail(at, msgPPInvalidExpr)
	case w == "true":
		return true
	case w == "false":
		return false
	}
	return p.pp.symbols[w]
}

// line handles #line: `#line N ["file"]` maps the next line to line N (of
// file), `#line default` ends the mapping, and `#line hidden` keeps the
// numbering (it only hides lines from a debugger).
func (pp *preprocessor) line(lx *scanner, l *ppLine) {
	s := lx.s
	next := len(s.lineStarts) // 0-based index of the line after the directive
	for i, ls := range s.lineStarts {
		if ls > l.end {
			next = i
			break
		}
	}
	prev := lineMapping{textLine: 0, line: 0}
	if n := len(s.lineMap); n > 0 {
		prev = s.lineMap[n-1]
	}
	m := lineMapping{textLine: next, line: prev.line + next - prev.textLine, file: prev.file}
	w, at := l.word()
	switch {
	case w == "default":
		m.line, m.file = next, ""
	case w == "hidden":
	case w != "" && w[0] >= '0' && w[0] <= '9':
		n, err := strconv.Atoi(w)
		if err != nil || n < 1 {
			lx.errf(at, false, msgPPLineNumber)
			return
		}
		m.line = n - 1
		if afterNumber := l.off; !l.atEnd() {
			if l.src[l.off] != '"' || l.off == afterNumber {
				lx.errf(l.off, false, msgPPFileName)
				return
			}
			close := strings.IndexByte(string(l.src[l.off+1:l.end]), '"')
			if close < 0 {
				lx.errf(l.off, false, msgPPFileName)
				return
			}
			m.file = string(l.src[l.off+1 : l.off+1+close])
			l.off += close + 2
		}
	case l.off < l.end && l.src[l.off] == '(':
		lx.errf(l.off, false, "the #line span form ((line, col)-(line, col)) is not supported")
		return
	default:
		lx.errf(at, false, msgPPLineNumber)
		return
	}
	if !l.atEnd() {
		lx.errf(l.off, false, msgPPEndOfLine)
		return
	}
	s.lineMap = append(s.lineMap, m)
}

// pragma accepts `#pragma warning disable|restore [codes]` and `#pragma
// checksum`; the language reports no warnings that a pragma could turn
// off. Anything else is C#'s warning CS1633.
func (pp *preprocessor) pragma(lx *scanner, l *ppLine) {
	w, at := l.word()
	switch w {
	case "warning":
		switch s, sAt := l.word(); s {
		case "disable", "restore":
		default:
			pp.warn(lx, sAt, "warning CS1634: Expected 'disable' or 'restore'")
		}
	case "checksum":
	default:
		pp.warn(lx, at, "warning CS1633: Unrecognized #pragma directive")
	}
}

// lineMapping maps the text from textLine (0-based) on: that line is
// numbered line+1 (0-based line), in file when file is not "".
type lineMapping struct {
	textLine, line int
	file           string
}

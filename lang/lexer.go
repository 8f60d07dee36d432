package lang

import (
	"bytes"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokKind classifies tokens.
type tokKind int

const (
	tEOF tokKind = iota
	tIdent
	tInt
	tReal
	tChar
	tString
	tInterp
	tPunct
	tBad
)

// token is one lexeme. Off and End are byte offsets into the source.
type token struct {
	kind     tokKind
	text     string // punctuation or identifier text (without a leading @)
	off, end int
	verbatim bool // @identifier, or a verbatim string
	lit      *Literal
	interp   []lexPart
}

// lexPart is one part of an interpolated string: literal text, or a hole
// whose expression spans src[exprOff:exprEnd].
type lexPart struct {
	text             string
	hole             bool
	exprOff, exprEnd int
	alignOff         int // -1 when absent
	alignEnd         int
	format           string
}

// source holds the text and a line table shared by all lexers over it.
type source struct {
	file       string
	src        []byte
	lineStarts []int
	lineMap    []lineMapping // from #line directives, in text order
}

func newSource(file string, src []byte) *source {
	s := &source{file: file, src: src, lineStarts: []int{0}}
	for i, c := range src {
		if c == '\n' {
			s.lineStarts = append(s.lineStarts, i+1)
		}
	}
	return s
}

// pos converts a byte offset into a position.
func (s *source) pos(off int) Pos {
	line := sort.Search(len(s.lineStarts), func(i int) bool { return s.lineStarts[i] > off }) - 1
	if line < 0 {
		line = 0
	}
	p := Pos{File: s.file, Line: line + 1, Col: off - s.lineStarts[line] + 1}
	for i := len(s.lineMap) - 1; i >= 0; i-- {
		if m := s.lineMap[i]; m.textLine <= line {
			p.Line = m.line + line - m.textLine + 1
			if m.file != "" {
				p.File = m.file
			}
			if p.Line != line+1 || p.File != s.file {
				p.SrcLine = line + 1
			}
			break
		}
	}
	return p
}

// scanner turns src[off:limit] into tokens. The scanner of a whole file
// has a preprocessor; the scanners of interpolation holes have none.
type scanner struct {
	s     *source
	src   []byte
	off   int
	limit int
	errf  func(off int, incomplete bool, msg string)
	pp    *preprocessor
}

// puncts lists multi-character punctuators, longest first. `>>` and `>>=`
// are deliberately absent: the parser joins adjacent `>` tokens so that
// generic argument lists close cleanly.
var puncts = []string{
	"??=", "<<=",
	"..", "=>", "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=",
	"%=", "&=", "|=", "^=", "<<", "??", "?.", "->", "::",
}

// tokenize lexes everything up to the limit.
func (lx *scanner) tokenize() []token {
	var toks []token
	for {
		t := lx.next()
		toks = append(toks, t)
		if t.kind == tEOF {
			return toks
		}
	}
}

func (lx *scanner) peekByte(i int) byte {
	if lx.off+i < lx.limit {
		return lx.src[lx.off+i]
	}
	return 0
}

// skipSpace skips whitespace, comments, preprocessing directives and the
// sections they leave out.
func (lx *scanner) skipSpace() {
	for lx.off < lx.limit {
		c := lx.src[lx.off]
		switch {
		case c == '\n':
			lx.off++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			lx.off++
		case c == '/' && lx.peekByte(1) == '/':
			for lx.off < lx.limit && lx.src[lx.off] != '\n' {
				lx.off++
			}
		case c == '/' && lx.peekByte(1) == '*':
			start := lx.off
			i := bytes.Index(lx.src[lx.off+2:lx.limit], []byte("*/"))
			if i < 0 {
				lx.errf(start, true, "unterminated comment")
				lx.off = lx.limit
				return
			}
			lx.off += 2 + i + 2
		case c == '#' && lx.pp != nil:
			lx.off = lx.directive(lx.off)
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRune(lx.src[lx.off:lx.limit])
			if r == '\uFEFF' || unicode.IsSpace(r) {
				lx.off += n
				continue
			}
			return
		default:
			return
		}
	}
}

func isIdentStart(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= utf8.RuneSelf && unicode.IsLetter(r)
}

func isIdentPart(r rune) bool {
	return isIdentStart(r) || r >= '0' && r <= '9' || r >= utf8.RuneSelf && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Pc, r))
}

func (lx *scanner) next() token {
	lx.skipSpace()
	start := lx.off
	if lx.off >= lx.limit {
		if lx.pp != nil {
			lx.ppAtEOF()
		}
		return token{kind: tEOF, off: lx.limit, end: lx.limit}
	}
	if lx.pp != nil {
		lx.pp.sawToken = true
	}
	c := lx.src[lx.off]
	r, n := rune(c), 1
	if c >= utf8.RuneSelf {
		r, n = utf8.DecodeRune(lx.src[lx.off:lx.limit])
	}
	switch {
	case isIdentStart(r):
		lx.off += n
		lx.identRest()
		return token{kind: tIdent, text: string(lx.src[start:lx.off]), off: start, end: lx.off}
	case c == '@' && lx.peekByte(1) == '"':
		lx.off++
		return lx.verbatimString(start, lx.off)
	case c == '@' && (lx.peekByte(1) == '$' && lx.peekByte(2) == '"'):
		lx.off += 2
		return lx.interpolated(start, true)
	case c == '$' && lx.peekByte(1) == '"' && lx.peekByte(2) == '"' && lx.peekByte(3) == '"':
		lx.off++
		return lx.rawString(start, 1)
	case c == '$' && lx.peekByte(1) == '"':
		lx.off++
		return lx.interpolated(start, false)
	case c == '$' && lx.peekByte(1) == '@' && lx.peekByte(2) == '"':
		lx.off += 2
		return lx.interpolated(start, true)
	case c == '$' && lx.peekByte(1) == '$':
		dollars := 0
		for lx.off < lx.limit && lx.src[lx.off] == '$' {
			dollars++
			lx.off++
		}
		if lx.peekByte(0) != '"' || lx.peekByte(1) != '"' || lx.peekByte(2) != '"' {
			lx.errf(start, false, "error CS9004: Not enough quotes for raw string literal")
			return token{kind: tBad, text: string(lx.src[start:lx.off]), off: start, end: lx.off}
		}
		return lx.rawString(start, dollars)
	case c == '@':
		lx.off++
		if lx.off < lx.limit {
			r2, n2 := utf8.DecodeRune(lx.src[lx.off:lx.limit])
			if isIdentStart(r2) {
				lx.off += n2
				lx.identRest()
				return token{kind: tIdent, text: string(lx.src[start+1 : lx.off]), off: start, end: lx.off, verbatim: true}
			}
		}
		lx.errf(start, false, "unexpected character '@'")
		return token{kind: tBad, text: "@", off: start, end: lx.off}
	case c == '"':
		if lx.peekByte(1) == '"' && lx.peekByte(2) == '"' {
			return lx.u8(lx.rawString(start, 0))
		}
		return lx.u8(lx.regularString(start))
	case c == '\'':
		return lx.charLit(start)
	case c >= '0' && c <= '9' || c == '.' && lx.peekByte(1) >= '0' && lx.peekByte(1) <= '9':
		return lx.number(start)
	}
	if c == '?' && lx.peekByte(1) == '.' && lx.peekByte(2) >= '0' && lx.peekByte(2) <= '9' {
		lx.off++
		return token{kind: tPunct, text: "?", off: start, end: lx.off}
	}
	for _, p := range puncts {
		if bytes.HasPrefix(lx.src[lx.off:lx.limit], []byte(p)) {
			lx.off += len(p)
			return token{kind: tPunct, text: p, off: start, end: lx.off}
		}
	}
	if strings.IndexByte("{}()[];,.:?+-*/%&|^!~<>=", c) >= 0 {
		lx.off++
		return token{kind: tPunct, text: string(c), off: start, end: lx.off}
	}
	lx.off += n
	if r == utf8.RuneError && n == 1 {
		lx.errf(start, false, "invalid UTF-8 in source")
	} else {
		lx.errf(start, false, "unexpected character "+strconv.QuoteRune(r))
	}
	return token{kind: tBad, text: string(lx.src[start:lx.off]), off: start, end: lx.off}
}

func (lx *scanner) identRest() {
	for lx.off < lx.limit {
		r, n := utf8.DecodeRune(lx.src[lx.off:lx.limit])
		if !isIdentPart(r) {
			return
		}
		lx.off += n
	}
}

func isDigitOrSep(c byte, hex bool) bool {
	return c >= '0' && c <= '9' || c == '_' || hex && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')
}

// number lexes an integer or real literal with C# suffixes.
func (lx *scanner) number(start int) token {
	hex, bin := false, false
	if lx.src[lx.off] == '0' && (lx.peekByte(1) == 'x' || lx.peekByte(1) == 'X') {
		hex = true
		lx.off += 2
	} else if lx.src[lx.off] == '0' && (lx.peekByte(1) == 'b' || lx.peekByte(1) == 'B') {
		bin = true
		lx.off += 2
	}
	digStart := lx.off
	for lx.off < lx.limit && isDigitOrSep(lx.src[lx.off], hex) {
		lx.off++
	}
	isReal := false
	if !hex && !bin {
		if lx.peekByte(0) == '.' && lx.peekByte(1) >= '0' && lx.peekByte(1) <= '9' {
			isReal = true
			lx.off++
			for lx.off < lx.limit && isDigitOrSep(lx.src[lx.off], false) {
				lx.off++
			}
		}
		if c := lx.peekByte(0); c == 'e' || c == 'E' {
			save := lx.off
			lx.off++
			if c2 := lx.peekByte(0); c2 == '+' || c2 == '-' {
				lx.off++
			}
			if c3 := lx.peekByte(0); c3 >= '0' && c3 <= '9' {
				isReal = true
				for lx.off < lx.limit && isDigitOrSep(lx.src[lx.off], false) {
					lx.off++
				}
			} else {
				lx.off = save
			}
		}
	}
	digits := strings.ReplaceAll(string(lx.src[digStart:lx.off]), "_", "")
	sufStart := lx.off
	for lx.off < lx.limit {
		c := lx.src[lx.off] | 0x20
		if c == 'u' || c == 'l' || c == 'f' || c == 'd' || c == 'm' {
			lx.off++
			continue
		}
		break
	}
	suffix := strings.ToLower(string(lx.src[sufStart:lx.off]))
	raw := string(lx.src[start:lx.off])
	tok := token{kind: tInt, text: raw, off: start, end: lx.off}
	if lx.off < lx.limit {
		if r, _ := utf8.DecodeRune(lx.src[lx.off:lx.limit]); isIdentPart(r) {
			lx.errf(lx.off, false, "invalid suffix on numeric literal")
			lx.identRest()
			tok.end = lx.off
		}
	}
	bad := func(msg string) token {
		lx.errf(start, false, msg)
		tok.lit = &Literal{Kind: LitInt, Raw: raw, Value: int64(0)}
		return tok
	}
	if digits == "" {
		return bad("invalid numeric literal")
	}
	if strings.HasPrefix(digits, "_") && !hex && !bin || strings.HasSuffix(digits, "_") {
		return bad("invalid numeric literal")
	}
	if isReal || suffix == "f" || suffix == "d" || suffix == "m" {
		if hex || bin {
			if suffix == "d" || suffix == "f" {
				// `0x1F` style digits were eaten as hex above, so this is unreachable
				// for hex; binary with such a suffix is invalid.
				return bad("invalid numeric literal")
			}
			return bad("invalid numeric literal")
		}
		tok.kind = tReal
		v, err := strconv.ParseFloat(digits, 64)
		if err != nil && !math.IsInf(v, 0) {
			return bad("invalid real literal")
		}
		kind := LitDouble
		switch suffix {
		case "f":
			kind = LitFloat
		case "m":
			kind = LitDecimal
		case "", "d":
		default:
			return bad("invalid suffix '" + suffix + "' on real literal")
		}
		if math.IsInf(v, 0) {
			return bad("floating-point constant is outside the range of type '" + kind.String() + "'")
		}
		tok.lit = &Literal{Kind: kind, Raw: raw, Value: v}
		return tok
	}
	base := 10
	if hex {
		base = 16
	} else if bin {
		base = 2
	}
	u, err := strconv.ParseUint(digits, base, 64)
	if err != nil {
		return bad("integral constant is too large")
	}
	var kind LitKind
	switch suffix {
	case "":
		switch {
		case u <= math.MaxInt32:
			kind = LitInt
		case u <= math.MaxUint32:
			kind = LitUInt
		case u <= math.MaxInt64:
			kind = LitLong
		default:
			kind = LitULong
		}
	case "u":
		kind = LitUInt
		if u > math.MaxUint32 {
			kind = LitULong
		}
	case "l":
		kind = LitLong
		if u > math.MaxInt64 {
			kind = LitULong
		}
	case "ul", "lu":
		kind = LitULong
	default:
		return bad("invalid suffix '" + suffix + "' on integer literal")
	}
	if kind == LitUInt || kind == LitULong {
		tok.lit = &Literal{Kind: kind, Raw: raw, Value: u}
	} else {
		tok.lit = &Literal{Kind: kind, Raw: raw, Value: int64(u)}
	}
	return tok
}

// escape decodes one escape sequence at lx.off (just after the backslash).
func (lx *scanner) escape(escStart int) rune {
	if lx.off >= lx.limit {
		return 0
	}
	c := lx.src[lx.off]
	lx.off++
	switch c {
	case 'n':
		return '\n'
	case 't':
		return '\t'
	case 'r':
		return '\r'
	case '0':
		return 0
	case 'a':
		return 7
	case 'b':
		return 8
	case 'f':
		return 12
	case 'v':
		return 11
	case 'e':
		return 27
	case '\\', '\'', '"':
		return rune(c)
	case 'u', 'x', 'U':
		max := 4
		if c == 'U' {
			max = 8
		}
		n := 0
		var v rune
		for n < max && lx.off < lx.limit && isDigitOrSep(lx.src[lx.off], true) && lx.src[lx.off] != '_' {
			d, _ := strconv.ParseUint(string(lx.src[lx.off]), 16, 8)
			v = v*16 + rune(d)
			lx.off++
			n++
		}
		if n == 0 || c != 'x' && n != max {
			lx.errf(escStart, false, "unrecognized escape sequence")
		}
		if v > unicode.MaxRune {
			lx.errf(escStart, false, "unrecognized escape sequence")
			v = utf8.RuneError
		}
		return v
	}
	lx.errf(escStart, false, "unrecognized escape sequence")
	return rune(c)
}

func (lx *scanner) regularString(start int) token {
	lx.off++
	var b strings.Builder
	for {
		if lx.off >= lx.limit || lx.src[lx.off] == '\n' {
			lx.errf(start, lx.off >= lx.limit, msgNewlineInConstant)
			break
		}
		c := lx.src[lx.off]
		if c == '"' {
			lx.off++
			break
		}
		if c == '\\' {
			lx.off++
			b.WriteRune(lx.escape(lx.off - 1))
			continue
		}
		b.WriteByte(c)
		lx.off++
	}
	raw := string(lx.src[start:lx.off])
	return token{kind: tString, off: start, end: lx.off, lit: &Literal{Kind: LitString, Raw: raw, Value: b.String()}}
}

// verbatimString lexes @"..." with lx.off at the opening quote.
func (lx *scanner) verbatimString(start, quote int) token {
	lx.off = quote + 1
	var b strings.Builder
	for {
		if lx.off >= lx.limit {
			lx.errf(start, true, msgUnterminatedString)
			break
		}
		c := lx.src[lx.off]
		if c == '"' {
			if lx.peekByte(1) == '"' {
				b.WriteByte('"')
				lx.off += 2
				continue
			}
			lx.off++
			break
		}
		b.WriteByte(c)
		lx.off++
	}
	raw := string(lx.src[start:lx.off])
	return token{kind: tString, off: start, end: lx.off, verbatim: true, lit: &Literal{Kind: LitString, Raw: raw, Value: b.String()}}
}

func (lx *scanner) charLit(start int) token {
	lx.off++
	var v rune
	count := 0
	for {
		if lx.off >= lx.limit || lx.src[lx.off] == '\n' {
			lx.errf(start, lx.off >= lx.limit, "unterminated character literal")
			break
		}
		c := lx.src[lx.off]
		if c == '\'' {
			lx.off++
			break
		}
		if c == '\\' {
			lx.off++
			v = lx.escape(lx.off - 1)
		} else {
			r, n := utf8.DecodeRune(lx.src[lx.off:lx.limit])
			v = r
			lx.off += n
		}
		count++
	}
	if count != 1 && lx.off <= lx.limit && lx.off > start+1 && lx.src[lx.off-1] == '\'' {
		if count == 0 {
			lx.errf(start, false, "empty character literal")
		} else {
			lx.errf(start, false, "too many characters in character literal")
		}
	}
	raw := string(lx.src[start:lx.off])
	return token{kind: tChar, off: start, end: lx.off, lit: &Literal{Kind: LitChar, Raw: raw, Value: v}}
}

// interpolated lexes $"..." or $@"..." with lx.off at the opening quote.
func (lx *scanner) interpolated(start int, verbatim bool) token {
	lx.off++
	var parts []lexPart
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			parts = append(parts, lexPart{text: b.String(), alignOff: -1})
			b.Reset()
		}
	}
	for {
		if lx.off >= lx.limit || !verbatim && lx.src[lx.off] == '\n' {
			msg := msgNewlineInConstant
			if verbatim {
				msg = msgUnterminatedString
			}
			lx.errf(start, lx.off >= lx.limit, msg)
			break
		}
		c := lx.src[lx.off]
		if c == '"' {
			if verbatim && lx.peekByte(1) == '"' {
				b.WriteByte('"')
				lx.off += 2
				continue
			}
			lx.off++
			break
		}
		if c == '\\' && !verbatim {
			lx.off++
			b.WriteRune(lx.escape(lx.off - 1))
			continue
		}
		if c == '{' {
			if lx.peekByte(1) == '{' {
				b.WriteByte('{')
				lx.off += 2
				continue
			}
			flush()
			p, ok := lx.holeN(1, !verbatim)
			if !ok {
				break
			}
			parts = append(parts, p)
			continue
		}
		if c == '}' {
			if lx.peekByte(1) == '}' {
				b.WriteByte('}')
				lx.off += 2
				continue
			}
			lx.errf(lx.off, false, "'}' in an interpolated string must be doubled as '}}'")
			lx.off++
			continue
		}
		b.WriteByte(c)
		lx.off++
	}
	flush()
	return token{kind: tInterp, off: start, end: lx.off, verbatim: verbatim, interp: parts}
}

// holeN scans `{expr,align:format}` with lx.off at its (last) opening '{'
// and n closing braces (n is the number of '$' of a raw interpolated
// string, else 1). In a regular (not verbatim, not raw) interpolated string
// the format clause's escape sequences are decoded, as in its text:
// $"{t:hh\\:mm}" formats with hh\:mm. It reports false when the string
// ended inside the hole.
func (lx *scanner) holeN(n int, escapes bool) (lexPart, bool) {
	open := lx.off
	lx.off++
	p := lexPart{hole: true, exprOff: lx.off, alignOff: -1}
	end, stop, ok := lx.scanHoleExpr()
	if !ok {
		lx.errf(open, true, msgMissingHoleClose)
		return p, false
	}
	p.exprEnd = end
	if stop == ',' {
		lx.off++
		p.alignOff = lx.off
		end, stop, ok = lx.scanHoleExpr()
		if !ok {
			lx.errf(open, true, msgMissingHoleClose)
			return p, false
		}
		p.alignEnd = end
	}
	if stop == ':' {
		colon := lx.off
		lx.off++
		var f strings.Builder
		for lx.off < lx.limit && lx.src[lx.off] != '}' && lx.src[lx.off] != '"' && lx.src[lx.off] != '\n' {
			if escapes && lx.src[lx.off] == '\\' {
				lx.off++
				f.WriteRune(lx.escape(lx.off - 1))
				continue
			}
			f.WriteByte(lx.src[lx.off])
			lx.off++
		}
		if lx.off >= lx.limit || lx.src[lx.off] != '}' {
			lx.errf(open, lx.off >= lx.limit, msgMissingHoleClose)
			return p, false
		}
		p.format = f.String()
		switch {
		case p.format == "":
			lx.errf(colon, false, "error CS8089: Empty format specifier.")
		case strings.TrimRight(p.format, " \t\r\n") != p.format:
			lx.errf(colon, false, "error CS8088: A format specifier may not contain trailing whitespace.")
		}
	}
	if stop == ',' || lx.off >= lx.limit || lx.src[lx.off] != '}' {
		lx.errf(open, false, "expected '}' to close the interpolation hole")
		return p, false
	}
	for i := 0; i < n; i++ {
		if lx.off >= lx.limit || lx.src[lx.off] != '}' {
			lx.errf(open, lx.off >= lx.limit, "error CS9005: The interpolated raw string literal does not end with enough '}' characters to close the hole")
			return p, false
		}
		lx.off++
	}
	return p, true
}

// scanHoleExpr advances to the first top-level ',', ':' or '}' and returns
// its offset and byte. Nested brackets, strings and characters are skipped.
func (lx *scanner) scanHoleExpr() (int, byte, bool) {
	depth := 0
	for lx.off < lx.limit {
		c := lx.src[lx.off]
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']':
			depth--
		case '}':
			if depth == 0 {
				return lx.off, c, true
			}
			depth--
		case ',', ':':
			if depth == 0 {
				return lx.off, c, true
			}
		case '"', '\'', '$', '@':
			sub := &scanner{s: lx.s, src: lx.src, off: lx.off, limit: lx.limit, errf: func(int, bool, string) {}}
			t := sub.next()
			if t.end <= lx.off {
				lx.off++
			} else {
				lx.off = t.end
			}
			if lx.off >= lx.limit && (t.kind == tString || t.kind == tChar || t.kind == tInterp) && !strings.HasSuffix(string(lx.src[t.off:t.end]), string(c)) {
				return 0, 0, false
			}
			continue
		case '\n':
			// Holes of regular strings may not span lines, but verbatim ones can;
			// keep scanning either way and let the parser complain.
		case '/':
			if lx.peekByte(1) == '/' {
				return 0, 0, false
			}
		}
		lx.off++
	}
	return 0, 0, false
}

// u8 extends the string literal t with a directly following u8 suffix
// (C# 11): a UTF-8 string literal, whose Raw ends in u8.
func (lx *scanner) u8(t token) token {
	if t.kind != tString || t.lit == nil || lx.peekByte(0) != 'u' || lx.peekByte(1) != '8' {
		return t
	}
	if r, _ := utf8.DecodeRune(lx.src[lx.off+2 : lx.limit]); lx.off+2 < lx.limit && isIdentPart(r) {
		return t
	}
	lx.off += 2
	t.end = lx.off
	lit := *t.lit
	lit.Raw += "u8"
	t.lit = &lit
	return t
}

package lang

import (
	"io"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// The token types the hand-written lexer hands to participle. Reserved words
// are Keyword tokens and every other identifier (contextual keywords
// included) an Ident token, so `@Ident` captures exactly C#'s identifiers; a
// verbatim identifier keeps its '@' in Value, so `@class` never matches the
// literal "class". An interpolated string arrives as InterpStart, then
// InterpText parts and holes (HoleOpen, the hole's own tokens, optionally
// HoleComma and the alignment's tokens, optionally HoleFormat, HoleClose),
// then InterpEnd, so holes are ordinary expressions with real positions.
// ScriptEnd precedes EOF in a REPL chunk: there an expression statement may
// end without its ';'.
const (
	tokIdent lexer.TokenType = iota + 1
	tokKeyword
	tokInt
	tokReal
	tokChar
	tokString
	tokInterpStart
	tokInterpText
	tokHoleOpen
	tokHoleComma
	tokHoleFormat
	tokHoleClose
	tokInterpEnd
	tokPunct
	tokBad
	tokScriptEnd
)

var tokenSymbols = map[string]lexer.TokenType{
	"EOF": lexer.EOF, "Ident": tokIdent, "Keyword": tokKeyword, "Int": tokInt, "Real": tokReal,
	"Char": tokChar, "String": tokString, "InterpStart": tokInterpStart, "InterpText": tokInterpText,
	"HoleOpen": tokHoleOpen, "HoleComma": tokHoleComma, "HoleFormat": tokHoleFormat,
	"HoleClose": tokHoleClose, "InterpEnd": tokInterpEnd, "Punct": tokPunct, "Bad": tokBad,
	"ScriptEnd": tokScriptEnd,
}

// tokenDefinition is participle's view of the lexer: the grammar is built
// against its symbols, and every parse hands participle a token slice that
// lexSource produced.
type tokenDefinition struct{}

func (tokenDefinition) Symbols() map[string]lexer.TokenType { return tokenSymbols }

func (tokenDefinition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	st := newParseState(filename, src, false)
	return &sliceLexer{toks: st.toks}, nil
}

// sliceLexer replays a lexed token slice.
type sliceLexer struct {
	toks []lexer.Token
	i    int
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	t := l.toks[l.i]
	if l.i < len(l.toks)-1 {
		l.i++
	}
	return t, nil
}

// lexTokens converts the lexer's tokens to participle tokens, flattening
// interpolated strings and recording literal values by offset.
func (st *parseState) lexTokens(toks []token) {
	for _, t := range toks {
		switch t.kind {
		case tEOF:
			if st.script {
				st.emit(tokScriptEnd, "", t.off)
			}
			st.emit(lexer.EOF, "", t.off)
		case tIdent:
			switch {
			case t.verbatim:
				st.emit(tokIdent, "@"+t.text, t.off)
			case reserved[t.text]:
				st.emit(tokKeyword, t.text, t.off)
			default:
				st.emit(tokIdent, t.text, t.off)
			}
		case tInt, tReal, tChar, tString:
			typ := map[tokKind]lexer.TokenType{tInt: tokInt, tReal: tokReal, tChar: tokChar, tString: tokString}[t.kind]
			st.lits[t.off] = t.lit
			st.emit(typ, string(st.src.src[t.off:t.end]), t.off)
		case tInterp:
			st.interpolated(t)
		case tPunct:
			st.emit(tokPunct, t.text, t.off)
		case tBad:
			st.emit(tokBad, t.text, t.off)
		}
	}
}

func (st *parseState) emit(typ lexer.TokenType, value string, off int) {
	st.toks = append(st.toks, lexer.Token{Type: typ, Value: value, Pos: lexer.Position{Offset: off}})
}

// interpolated flattens an interpolated string token.
func (st *parseState) interpolated(t token) {
	start := "$\""
	if t.verbatim {
		start = "$@\""
	}
	st.emit(tokInterpStart, start, t.off)
	for _, p := range t.interp {
		if !p.hole {
			st.emit(tokInterpText, p.text, t.off)
			continue
		}
		st.emit(tokHoleOpen, "{", p.exprOff-1)
		st.subTokens(p.exprOff, p.exprEnd, "interpolation hole")
		if p.alignOff >= 0 {
			st.emit(tokHoleComma, ",", p.alignOff-1)
			st.subTokens(p.alignOff, p.alignEnd, "alignment")
		}
		if p.format != "" {
			st.emit(tokHoleFormat, p.format, p.exprEnd)
		}
		st.emit(tokHoleClose, "}", p.exprEnd)
	}
	st.emit(tokInterpEnd, "\"", t.end-1)
}

// subTokens lexes the text of a hole; an empty hole is a lexical error.
func (st *parseState) subTokens(off, end int, what string) {
	lx := &scanner{s: st.src, src: st.src.src, off: off, limit: end, errf: func(o int, _ bool, msg string) { st.report(o, msg, false) }}
	toks := lx.tokenize()
	if len(toks) == 1 {
		st.report(off, "error CS1733: Expected expression (empty "+what+")", false)
		st.emit(tokBad, "", off)
		return
	}
	st.lexTokens(toks[:len(toks)-1])
}

// tokEnd is the byte offset just past t (exact for punctuation and names).
func tokEnd(t *lexer.Token) int { return t.Pos.Offset + len(t.Value) }

// isEnd reports whether t ends the input (EOF, or the end of a REPL chunk).
func isEnd(t *lexer.Token) bool { return t.Type == lexer.EOF || t.Type == tokScriptEnd }

// describeTok names a token in a diagnostic.
func describeTok(t *lexer.Token) string {
	switch t.Type {
	case lexer.EOF, tokScriptEnd:
		return "end of input"
	case tokString, tokInterpStart:
		return "string literal"
	case tokChar:
		return "character literal"
	case tokInt, tokReal:
		return "number " + t.Value
	case tokKeyword:
		return "keyword '" + t.Value + "'"
	case tokIdent:
		return "identifier '" + strings.TrimPrefix(t.Value, "@") + "'"
	case tokHoleClose:
		return "'}'"
	case tokInterpText, tokInterpEnd:
		return "string literal"
	}
	return "'" + t.Value + "'"
}

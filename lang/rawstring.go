package lang

import (
	"bytes"
	"strings"
)

// C# wordings of the raw string literal errors (C# 11).
const (
	msgRawUnterminated = "error CS8997: Unterminated raw string literal"
	msgRawQuotes       = "error CS8998: The raw string literal does not start with enough quote characters to allow this many consecutive quote characters as content"
	msgRawIndent       = "error CS8999: Line does not start with the same whitespace as the closing line of the raw string literal"
	msgRawOwnLine      = "error CS9000: The raw string literal delimiter must be on its own line"
	msgRawNoContent    = "error CS9002: Multi-line raw string literals must contain at least one line of content"
	msgRawOpenBraces   = "error CS9006: The interpolated raw string literal does not start with enough '$' characters to allow this many consecutive opening braces as content"
	msgRawCloseBraces  = "error CS9007: The interpolated raw string literal does not start with enough '$' characters to allow this many consecutive closing braces as content"
)

// rawSeg is a piece of a raw string's content: text (off is the source
// offset of its first byte) or a hole.
type rawSeg struct {
	text []byte
	off  int
	hole *lexPart
}

// rawString lexes a raw string literal ("""...""", C# 11) with lx.off at
// its first quote. dollars is the number of '$' before it: 0 for a plain
// raw string, else the number of braces that open and close a hole.
//
// A single-line literal ends at the first run of as many quotes as opened
// it. In a multi-line one (nothing but whitespace after the opening
// quotes) the content starts on the next line, the closing quotes stand
// on their own line, and the whitespace before them is removed from the
// start of every content line; a line that does not start with it is an
// error unless it is all whitespace (then it is empty).
func (lx *scanner) rawString(start, dollars int) token {
	q := lx.off
	for lx.off < lx.limit && lx.src[lx.off] == '"' {
		lx.off++
	}
	quotes := lx.off - q
	multi := true
	for i := lx.off; i < lx.limit && lx.src[i] != '\n'; i++ {
		if c := lx.src[i]; c != ' ' && c != '\t' && c != '\r' {
			multi = false
			break
		}
	}
	bad := func(off int, incomplete bool, msg string) token {
		lx.errf(off, incomplete, msg)
		return token{kind: tBad, text: string(lx.src[start:lx.off]), off: start, end: lx.off}
	}
	if multi {
		nl := bytes.IndexByte(lx.src[lx.off:lx.limit], '\n')
		if nl < 0 {
			lx.off = lx.limit
			return bad(start, true, msgRawUnterminated)
		}
		lx.off += nl + 1
	}
	var segs []rawSeg
	var cur []byte
	curOff := lx.off
	flush := func() {
		if len(cur) > 0 {
			segs = append(segs, rawSeg{text: cur, off: curOff})
			cur = nil
		}
	}
	closeOff := -1
	errOff, errMsg := -1, ""
	fail := func(off int, msg string) {
		if errOff < 0 {
			errOff, errMsg = off, msg
		}
	}
	for lx.off < lx.limit && closeOff < 0 {
		c := lx.src[lx.off]
		run := 1
		for lx.off+run < lx.limit && lx.src[lx.off+run] == c {
			run++
		}
		switch {
		case c == '"' && run >= quotes:
			if run > quotes {
				fail(lx.off+quotes, msgRawQuotes)
			}
			closeOff = lx.off
			lx.off += run
		case c == '\n' && !multi:
			// A single-line literal cannot span lines.
			return bad(start, false, msgRawUnterminated)
		case c == '{' && dollars > 0 && run >= dollars:
			if run >= 2*dollars {
				fail(lx.off, msgRawOpenBraces)
			}
			if len(cur) == 0 {
				curOff = lx.off
			}
			cur = append(cur, lx.src[lx.off:lx.off+run-dollars]...)
			flush()
			lx.off += run - 1
			p, ok := lx.holeN(dollars, false)
			if !ok {
				return token{kind: tBad, text: string(lx.src[start:lx.off]), off: start, end: lx.off}
			}
			segs = append(segs, rawSeg{hole: &p, off: p.exprOff})
			curOff = lx.off
		case c == '}' && dollars > 0 && run >= dollars:
			fail(lx.off, msgRawCloseBraces)
			lx.off += run
		default:
			if len(cur) == 0 {
				curOff = lx.off
			}
			cur = append(cur, lx.src[lx.off:lx.off+run]...)
			lx.off += run
		}
	}
	if closeOff < 0 {
		return bad(start, true, msgRawUnterminated)
	}
	if errOff >= 0 {
		return bad(errOff, false, errMsg)
	}
	flush()
	if multi {
		var ok bool
		if segs, ok = lx.dedent(segs, closeOff); !ok {
			return token{kind: tBad, text: string(lx.src[start:lx.off]), off: start, end: lx.off}
		}
	}
	raw := string(lx.src[start:lx.off])
	if dollars == 0 {
		var b strings.Builder
		for _, sg := range segs {
			b.Write(sg.text)
		}
		return token{kind: tString, off: start, end: lx.off, verbatim: true, lit: &Literal{Kind: LitString, Raw: raw, Value: b.String()}}
	}
	var parts []lexPart
	for _, sg := range segs {
		switch {
		case sg.hole != nil:
			parts = append(parts, *sg.hole)
		case len(sg.text) > 0:
			parts = append(parts, lexPart{text: string(sg.text), alignOff: -1})
		}
	}
	return token{kind: tInterp, off: start, end: lx.off, verbatim: true, interp: parts}
}

// dedent applies a multi-line raw string's rules to its segments: the
// line of the closing quotes (at closeOff) holds only whitespace, which is
// removed with the newline before it and from the start of every line.
func (lx *scanner) dedent(segs []rawSeg, closeOff int) ([]rawSeg, bool) {
	if len(segs) == 0 {
		lx.errf(closeOff, false, msgRawNoContent)
		return nil, false
	}
	if segs[len(segs)-1].hole != nil {
		lx.errf(closeOff, false, msgRawOwnLine)
		return nil, false
	}
	last := &segs[len(segs)-1]
	nl := bytes.LastIndexByte(last.text, '\n')
	var indent []byte
	if nl < 0 {
		if len(segs) > 1 || strings.Trim(string(last.text), " \t") != "" {
			lx.errf(closeOff, false, msgRawOwnLine)
			return nil, false
		}
		// The closing quotes follow the opening line directly.
		lx.errf(closeOff, false, msgRawNoContent)
		return nil, false
	}
	indent = last.text[nl+1:]
	if strings.Trim(string(indent), " \t") != "" {
		lx.errf(closeOff, false, msgRawOwnLine)
		return nil, false
	}
	cut := nl
	if cut > 0 && last.text[cut-1] == '\r' {
		cut--
	}
	last.text = last.text[:cut]
	out := segs[:0]
	lineStart := true
	for i, sg := range segs {
		if sg.hole != nil {
			if lineStart && len(indent) > 0 {
				lx.errf(sg.off-len(indent), false, msgRawIndent)
				return nil, false
			}
			lineStart = false
			out = append(out, sg)
			continue
		}
		var b []byte
		t := sg.text
		for len(t) > 0 || lineStart && i == len(segs)-1 {
			if lineStart {
				end := bytes.IndexByte(t, '\n')
				line := t
				if end >= 0 {
					line = t[:end]
				}
				whole := end >= 0 || i == len(segs)-1 || segs[i+1].hole == nil
				switch {
				case whole && strings.Trim(string(line), " \t\r") == "":
					t = t[len(line):]
					if len(line) > 0 && line[len(line)-1] == '\r' {
						b = append(b, '\r')
					}
				case bytes.HasPrefix(line, indent):
					t = t[len(indent):]
				default:
					lx.errf(sg.off+(len(sg.text)-len(t)), false, msgRawIndent)
					return nil, false
				}
				lineStart = false
			}
			end := bytes.IndexByte(t, '\n')
			if end < 0 {
				b = append(b, t...)
				break
			}
			b = append(b, t[:end+1]...)
			t = t[end+1:]
			lineStart = true
			if len(t) == 0 {
				break
			}
		}
		out = append(out, rawSeg{text: b, off: sg.off})
	}
	return out, true
}

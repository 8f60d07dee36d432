package repl

import (
	"strings"

	"asyncvm/lang"
)

// Token classes of the light scanner that decides whether input is complete.
const (
	tokOther = iota
	tokComment
	tokString
	tokOpen
	tokClose
)

// scanner walks C# text well enough to track brackets, strings and
// comments across lines; the parser decides everything else.
type scanner struct {
	src        string
	i          int
	unfinished bool // the text ended inside a string, character or block comment
}

func newScanner(src string) *scanner { return &scanner{src: src} }

// step consumes one lexical unit and returns its class.
func (s *scanner) step() int {
	src := s.src
	c := src[s.i]
	switch {
	case strings.HasPrefix(src[s.i:], "//"):
		for s.i < len(src) && src[s.i] != '\n' {
			s.i++
		}
		return tokComment
	case strings.HasPrefix(src[s.i:], "/*"):
		end := strings.Index(src[s.i+2:], "*/")
		if end < 0 {
			s.i = len(src)
			s.unfinished = true
		} else {
			s.i += 2 + end + 2
		}
		return tokComment
	case c == '"' || c == '\'' || c == '@' || c == '$':
		if s.stringLit() {
			return tokString
		}
	case c == '(' || c == '[' || c == '{':
		s.i++
		return tokOpen
	case c == ')' || c == ']' || c == '}':
		s.i++
		return tokClose
	}
	s.i++
	return tokOther
}

// stringLit consumes a string or character literal at s.i (regular,
// verbatim, interpolated or raw) and reports whether there was one.
// Interpolation holes are skipped as text: braces inside them balance.
func (s *scanner) stringLit() bool {
	src := s.src
	j := s.i
	verbatim := false
	for j < len(src) && (src[j] == '@' || src[j] == '$') {
		verbatim = verbatim || src[j] == '@'
		j++
	}
	if j >= len(src) || src[j] != '"' && src[j] != '\'' {
		return false
	}
	if src[j] == '\'' && j != s.i {
		return false
	}
	if strings.HasPrefix(src[j:], `"""`) {
		n := 0
		for j+n < len(src) && src[j+n] == '"' {
			n++
		}
		closeQ := strings.Repeat(`"`, n)
		end := strings.Index(src[j+n:], closeQ)
		if end < 0 {
			s.i = len(src)
			s.unfinished = true
		} else {
			s.i = j + n + end + n
		}
		return true
	}
	q := src[j]
	j++
	for j < len(src) {
		c := src[j]
		switch {
		case verbatim && c == '"' && j+1 < len(src) && src[j+1] == '"':
			j += 2
			continue
		case !verbatim && c == '\\':
			j += 2
			continue
		case c == q:
			s.i = j + 1
			return true
		case c == '\n' && !verbatim:
			// A regular literal cannot span lines; the parser reports it.
			s.i = j
			return true
		}
		j++
	}
	s.i = len(src)
	s.unfinished = true
	return true
}

// NeedsMore reports whether src is an unfinished submission: a bracket,
// string or comment is open, or the parser says the input ended too early.
// A meta-command (a line starting with ':') is always complete.
func NeedsMore(src string) bool {
	t := strings.TrimSpace(src)
	if t == "" || strings.HasPrefix(t, ":") && !strings.Contains(t, "\n") {
		return false
	}
	sc := newScanner(src)
	depth := 0
	for sc.i < len(src) {
		switch sc.step() {
		case tokOpen:
			depth++
		case tokClose:
			depth--
		}
	}
	if sc.unfinished || depth > 0 {
		return true
	}
	if depth < 0 {
		return false
	}
	_, ds := lang.ParseScript(CurrentFile, []byte(src))
	return lang.IsIncomplete(ds)
}

// Package regex is a backtracking regular expression engine with the
// semantics of .NET's System.Text.RegularExpressions: the same syntax
// (lookaround, atomic groups, backreferences, balancing groups,
// conditionals, inline options), the same group numbering (unnamed groups
// first, then named ones) and matching over UTF-16 code units, as .NET
// indexes strings by char. It knows nothing of the VM: vm/lib's natives
// convert strings and results.
package regex

import (
	"fmt"
	"sort"
	"strconv"
	"unicode"
	"unicode/utf16"
)

// Options are .NET's RegexOptions, with the same values.
type Options uint32

// The RegexOptions flags.
const (
	IgnoreCase              Options = 1
	Multiline               Options = 2
	ExplicitCapture         Options = 4
	Compiled                Options = 8
	Singleline              Options = 16
	IgnorePatternWhitespace Options = 32
	RightToLeft             Options = 64
	ECMAScript              Options = 256
	CultureInvariant        Options = 512
	NonBacktracking         Options = 1024
)

const validOptions = IgnoreCase | Multiline | ExplicitCapture | Compiled | Singleline |
	IgnorePatternWhitespace | RightToLeft | ECMAScript | CultureInvariant | NonBacktracking

// op is a node's kind.
type op uint8

const (
	opEmpty       op = iota
	opChar           // one char: ch (ic: case-insensitively)
	opSet            // one char of set
	opAny            // . : any char but \n (any char with dotAll)
	opConcat         // subs in sequence
	opAlt            // the first of subs that leads to a match
	opRepeat         // sub from min to max (-1: unbounded) times, lazy or greedy
	opCapture        // sub, captured into group (and uncapturing group2 when balancing)
	opBackref        // the text last captured by group
	opLook           // sub as an assertion: neg, behind
	opAtomic         // sub, without backtracking into it
	opCondGroup      // subs[0] if group has captured, else subs[1]
	opCondExpr       // subs[1] if the lookahead subs[0] matches, else subs[2]
	opBol            // ^ with Multiline
	opEol            // $ with Multiline
	opBeginText      // \A, ^
	opEndText        // \z
	opEndZ           // \Z, $
	opStart          // \G
	opBoundary       // \b
	opNonBoundary    // \B
)

// node is one node of a parsed pattern.
type node struct {
	op       op
	ch       uint16 // opChar; lower-cased when ic
	ic       bool
	dotAll   bool
	set      *charSet
	subs     []*node
	min, max int
	lazy     bool
	neg      bool
	behind   bool
	group    int    // group number (capture, backref, conditional); -1 none
	group2   int    // balancing: the group uncaptured; -1 none
	name     string // unresolved group name of a backref or conditional
	name2    string // unresolved balancing name
	pos      int    // offset for errors
}

// Regex is a parsed pattern.
type Regex struct {
	Pattern string
	Options Options
	root    *node
	// Numbers are the group numbers, ascending (0 first); Names their names.
	Numbers []int
	Names   []string
	slotOf  map[int]int    // group number -> index in Numbers
	byName  map[string]int // group name -> number
}

// Error is a pattern's syntax error: Msg is .NET's text (without the
// "Invalid pattern" prefix), Offset where it was found.
type Error struct {
	Pattern string
	Offset  int
	Msg     string
	Code    string // the RegexParseError name
}

func (e *Error) Error() string {
	return fmt.Sprintf("Invalid pattern '%s' at offset %d. %s", e.Pattern, e.Offset, e.Msg)
}

type parser struct {
	src   string
	p     []uint16
	pos   int
	opts  Options
	caps  []*node // capturing nodes in order
	refs  []*node // nodes naming groups, resolved after parsing
	depth int
}

func (ps *parser) fail(code, msg string) {
	panic(&Error{Pattern: ps.src, Offset: ps.pos, Msg: msg, Code: code})
}

// Parse parses pattern with options.
func Parse(pattern string, opts Options) (re *Regex, err error) {
	if opts&^validOptions != 0 || (opts&ECMAScript != 0 && opts&^(ECMAScript|IgnoreCase|Multiline|Compiled|CultureInvariant) != 0) {
		return nil, &Error{Code: "options", Msg: "Specified argument was out of the range of valid values. (Parameter 'options')"}
	}
	ps := &parser{src: pattern, p: utf16.Encode([]rune(pattern)), opts: opts}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			re, err = nil, e
		}
	}()
	root := ps.parseAlt()
	if ps.pos < len(ps.p) {
		// only a ')' stops the top level early
		ps.pos++
		ps.fail("InsufficientOpeningParentheses", "Too many )'s.")
	}
	re = &Regex{Pattern: pattern, Options: opts, root: root}
	ps.number(re)
	return re, nil
}

func (ps *parser) more() bool   { return ps.pos < len(ps.p) }
func (ps *parser) peek() uint16 { return ps.p[ps.pos] }
func (ps *parser) next() uint16 {
	c := ps.p[ps.pos]
	ps.pos++
	return c
}

// skipBlank skips (?#...) comments, and with IgnorePatternWhitespace white
// space and # comments.
func (ps *parser) skipBlank() {
	for ps.more() {
		c := ps.peek()
		if ps.opts&IgnorePatternWhitespace != 0 {
			if isSpace(c) {
				ps.pos++
				continue
			}
			if c == '#' {
				for ps.more() && ps.peek() != '\n' {
					ps.pos++
				}
				continue
			}
		}
		if c == '(' && ps.pos+2 < len(ps.p)+1 && ps.pos+1 < len(ps.p) && ps.p[ps.pos+1] == '?' && ps.pos+2 < len(ps.p) && ps.p[ps.pos+2] == '#' {
			for ps.more() && ps.peek() != ')' {
				ps.pos++
			}
			if !ps.more() {
				ps.fail("UnterminatedComment", "Unterminated (?#...) comment.")
			}
			ps.pos++
			continue
		}
		return
	}
}

// parseAlt parses alternatives up to a ')' (not consumed) or the end. Inline
// options set inside last until the end of the enclosing group.
func (ps *parser) parseAlt() *node {
	saved := ps.opts
	defer func() { ps.opts = saved }()
	var alts []*node
	for {
		seq := ps.parseConcat()
		alts = append(alts, seq)
		if ps.more() && ps.peek() == '|' {
			ps.pos++
			continue
		}
		break
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return &node{op: opAlt, subs: alts}
}

func (ps *parser) parseConcat() *node {
	var items []*node
	for {
		ps.skipBlank()
		if !ps.more() {
			break
		}
		c := ps.peek()
		if c == '|' || c == ')' {
			break
		}
		if isQuant(ps, c) {
			ps.pos++
			ps.fail("QuantifierAfterNothing", fmt.Sprintf("Quantifier '%c' following nothing.", rune(c)))
		}
		atom := ps.parseAtom()
		if atom == nil {
			continue // an inline option group
		}
		ps.skipBlank()
		if ps.more() {
			if q := ps.parseQuant(atom); q != nil {
				atom = q
				ps.skipBlank()
				if ps.more() && isQuant(ps, ps.peek()) {
					c := ps.next()
					ps.fail("NestedQuantifiersNotParenthesized", fmt.Sprintf("Nested quantifier '%c'.", rune(c)))
				}
			}
		}
		items = append(items, atom)
	}
	switch len(items) {
	case 0:
		return &node{op: opEmpty}
	case 1:
		return items[0]
	}
	return &node{op: opConcat, subs: items}
}

// isQuant reports whether c at the parser's position starts a quantifier.
func isQuant(ps *parser, c uint16) bool {
	switch c {
	case '*', '+', '?':
		return true
	case '{':
		_, _, _, ok := ps.scanBraces()
		return ok
	}
	return false
}

// scanBraces reads {n}, {n,} or {n,m} at the position without consuming it.
func (ps *parser) scanBraces() (min, max, end int, ok bool) {
	i := ps.pos + 1
	num := func() (int, bool) {
		s := i
		v := 0
		for i < len(ps.p) && ps.p[i] >= '0' && ps.p[i] <= '9' {
			if v < 1<<30 {
				v = v*10 + int(ps.p[i]-'0')
			}
			i++
		}
		return v, i > s
	}
	min, ok = num()
	if !ok || i >= len(ps.p) {
		return 0, 0, 0, false
	}
	max = min
	if ps.p[i] == ',' {
		i++
		if i < len(ps.p) && ps.p[i] >= '0' && ps.p[i] <= '9' {
			max, _ = num()
		} else {
			max = -1
		}
	}
	if i >= len(ps.p) || ps.p[i] != '}' {
		return 0, 0, 0, false
	}
	return min, max, i + 1, true
}

func (ps *parser) parseQuant(atom *node) *node {
	c := ps.peek()
	min, max := 0, -1
	switch c {
	case '*':
		ps.pos++
	case '+':
		ps.pos++
		min = 1
	case '?':
		ps.pos++
		max = 1
	case '{':
		mn, mx, end, ok := ps.scanBraces()
		if !ok {
			return nil
		}
		ps.pos = end
		if mx != -1 && mx < mn {
			ps.fail("ReversedQuantifierRange", "Illegal {x,y} with x > y.")
		}
		min, max = mn, mx
	default:
		return nil
	}
	lazy := false
	if ps.more() && ps.peek() == '?' {
		ps.pos++
		lazy = true
	}
	return &node{op: opRepeat, subs: []*node{atom}, min: min, max: max, lazy: lazy}
}

func (ps *parser) ic() bool { return ps.opts&IgnoreCase != 0 }

func (ps *parser) charNode(c uint16) *node {
	if ps.ic() {
		if l := toLower(c); l != c || toUpper(c) != c {
			return &node{op: opChar, ch: l, ic: true}
		}
	}
	return &node{op: opChar, ch: c}
}

func (ps *parser) setNode(s *charSet) *node {
	s.ic = ps.ic()
	return &node{op: opSet, set: s}
}

func (ps *parser) parseAtom() *node {
	start := ps.pos
	c := ps.next()
	switch c {
	case '(':
		return ps.parseGroup(start)
	case '[':
		return ps.setNode(ps.parseClass())
	case '.':
		return &node{op: opAny, dotAll: ps.opts&Singleline != 0}
	case '^':
		if ps.opts&Multiline != 0 {
			return &node{op: opBol}
		}
		return &node{op: opBeginText}
	case '$':
		if ps.opts&Multiline != 0 {
			return &node{op: opEol}
		}
		return &node{op: opEndZ}
	case '\\':
		return ps.parseEscape()
	}
	return ps.charNode(c)
}

// parseGroup parses what follows a '('.
func (ps *parser) parseGroup(start int) *node {
	ps.depth++
	defer func() { ps.depth-- }()
	body := func() *node {
		n := ps.parseAlt()
		if !ps.more() {
			ps.fail("InsufficientClosingParentheses", "Not enough )'s.")
		}
		ps.pos++ // ')'
		return n
	}
	if !ps.more() || ps.peek() != '?' {
		if ps.opts&ExplicitCapture != 0 {
			return body()
		}
		n := &node{op: opCapture, group: -1, group2: -1, pos: start}
		ps.caps = append(ps.caps, n)
		n.subs = []*node{body()}
		return n
	}
	ps.pos++ // '?'
	if !ps.more() {
		ps.fail("InvalidGroupingConstruct", "Unrecognized grouping construct.")
	}
	c := ps.next()
	switch c {
	case ':':
		return body()
	case '=', '!':
		return &node{op: opLook, neg: c == '!', subs: []*node{body()}}
	case '>':
		return &node{op: opAtomic, subs: []*node{body()}}
	case '\'':
		return ps.namedGroup('\'', start)
	case '<':
		if ps.more() && (ps.peek() == '=' || ps.peek() == '!') {
			neg := ps.next() == '!'
			return &node{op: opLook, neg: neg, behind: true, subs: []*node{body()}}
		}
		return ps.namedGroup('>', start)
	case '(':
		return ps.conditional(body)
	}
	// inline options (?imnsx-imnsx) or (?imnsx-imnsx:...)
	ps.pos--
	opts := ps.opts
	on := true
	for ps.more() {
		c := ps.next()
		var f Options
		switch c {
		case '-':
			on = false
			continue
		case 'i', 'I':
			f = IgnoreCase
		case 'm', 'M':
			f = Multiline
		case 'n', 'N':
			f = ExplicitCapture
		case 's', 'S':
			f = Singleline
		case 'x', 'X':
			f = IgnorePatternWhitespace
		case ')':
			ps.opts = opts
			return nil
		case ':':
			saved := ps.opts
			ps.opts = opts
			n := body()
			ps.opts = saved
			return n
		default:
			ps.fail("InvalidGroupingConstruct", "Unrecognized grouping construct.")
		}
		if on {
			opts |= f
		} else {
			opts &^= f
		}
	}
	ps.fail("InvalidGroupingConstruct", "Unrecognized grouping construct.")
	return nil
}

// scanName reads a group name (word chars) or number (digits only).
func (ps *parser) scanName() string {
	s := ps.pos
	digits := ps.more() && ps.peek() >= '0' && ps.peek() <= '9'
	for ps.more() && isWordChar(ps.peek()) && (!digits || ps.peek() >= '0' && ps.peek() <= '9') {
		ps.pos++
	}
	return string(utf16.Decode(ps.p[s:ps.pos]))
}

// namedGroup parses (?<name>...), (?<name-other>...) and (?<-other>...).
func (ps *parser) namedGroup(close uint16, start int) *node {
	n := &node{op: opCapture, group: -1, group2: -1, pos: start}
	name := ps.scanName()
	if name == "" && !(ps.more() && ps.peek() == '-') {
		ps.fail("CaptureGroupNameInvalid", "Invalid group name: Group names must begin with a word character.")
	}
	if name != "" && name[0] >= '0' && name[0] <= '9' {
		v, err := strconv.Atoi(name)
		if err != nil {
			ps.fail("CaptureGroupNameInvalid", "Invalid group name: Group names must begin with a word character.")
		}
		if v == 0 {
			ps.fail("CaptureGroupOfZero", "Capture number cannot be zero.")
		}
	}
	n.name = name
	if ps.more() && ps.peek() == '-' {
		ps.pos++
		n.name2 = ps.scanName()
		if n.name2 == "" {
			ps.fail("CaptureGroupNameInvalid", "Invalid group name: Group names must begin with a word character.")
		}
		ps.refs = append(ps.refs, n)
	}
	if !ps.more() || ps.peek() != close {
		ps.fail("CaptureGroupNameInvalid", "Invalid group name: Group names must begin with a word character.")
	}
	ps.pos++
	if name != "" {
		ps.caps = append(ps.caps, n)
	}
	body := ps.parseAlt()
	if !ps.more() {
		ps.fail("InsufficientClosingParentheses", "Not enough )'s.")
	}
	ps.pos++
	n.subs = []*node{body}
	return n
}

// conditional parses (?(name)yes|no) and (?(expr)yes|no) after "(?(".
func (ps *parser) conditional(body func() *node) *node {
	save := ps.pos
	name := ps.scanName()
	n := &node{group: -1, group2: -1}
	if name != "" && ps.more() && ps.peek() == ')' {
		ps.pos++
		n.op = opCondGroup
		n.name = name
		ps.refs = append(ps.refs, n)
	} else {
		ps.pos = save
		// the test is a lookahead, ps.pos after its ')'
		if ps.more() && ps.peek() == '?' && ps.pos+1 < len(ps.p) && (ps.p[ps.pos+1] == '=' || ps.p[ps.pos+1] == '!' || ps.p[ps.pos+1] == '<') {
			ps.pos-- // reparse "(?=" as a group
			t := ps.parseAtom()
			n.op = opCondExpr
			n.subs = []*node{t}
		} else {
			t := ps.parseAlt()
			if !ps.more() {
				ps.fail("InsufficientClosingParentheses", "Not enough )'s.")
			}
			ps.pos++
			n.op = opCondExpr
			n.subs = []*node{{op: opLook, subs: []*node{t}}}
		}
	}
	alt := body()
	var yes, no *node
	if alt.op == opAlt {
		if len(alt.subs) > 2 {
			ps.fail("AlternationHasTooManyConditions", "Too many | in (?()|).")
		}
		yes, no = alt.subs[0], alt.subs[1]
	} else {
		yes, no = alt, &node{op: opEmpty}
	}
	n.subs = append(n.subs, yes, no)
	return n
}

// parseEscape parses what follows a '\' outside a class.
func (ps *parser) parseEscape() *node {
	if !ps.more() {
		ps.fail("UnescapedEndingBackslash", "Illegal \\\\ at end of pattern.")
	}
	c := ps.peek()
	switch c {
	case 'A':
		ps.pos++
		return &node{op: opBeginText}
	case 'z':
		ps.pos++
		return &node{op: opEndText}
	case 'Z':
		ps.pos++
		return &node{op: opEndZ}
	case 'G':
		ps.pos++
		return &node{op: opStart}
	case 'b':
		ps.pos++
		return &node{op: opBoundary}
	case 'B':
		ps.pos++
		return &node{op: opNonBoundary}
	case 'd', 'D', 'w', 'W', 's', 'S', 'p', 'P':
		ps.pos++
		s := &charSet{}
		ps.classEscape(c, s)
		return ps.setNode(s)
	case 'k':
		ps.pos++
		if ps.more() && (ps.peek() == '<' || ps.peek() == '\'' || ps.peek() == '{') {
			open := ps.next()
			close := map[uint16]uint16{'<': '>', '\'': '\'', '{': '}'}[open]
			name := ps.scanName()
			if name == "" || !ps.more() || ps.peek() != close {
				ps.fail("MalformedNamedReference", "Malformed \\k<...> named back reference.")
			}
			ps.pos++
			n := &node{op: opBackref, name: name, ic: ps.ic(), group: -1, pos: ps.pos}
			ps.refs = append(ps.refs, n)
			return n
		}
		ps.fail("MalformedNamedReference", "Malformed \\k<...> named back reference.")
	case '<', '\'':
		// \<name> and \'name' are backreferences too
		save := ps.pos
		close := c
		if c == '<' {
			close = '>'
		}
		ps.pos++
		name := ps.scanName()
		if name != "" && ps.more() && ps.peek() == close {
			ps.pos++
			n := &node{op: opBackref, name: name, ic: ps.ic(), group: -1, pos: ps.pos}
			ps.refs = append(ps.refs, n)
			return n
		}
		ps.pos = save
	}
	if c >= '1' && c <= '9' {
		s := ps.pos
		for ps.more() && ps.peek() >= '0' && ps.peek() <= '9' {
			ps.pos++
		}
		n := &node{op: opBackref, name: string(utf16.Decode(ps.p[s:ps.pos])), ic: ps.ic(), group: -1, pos: ps.pos}
		ps.refs = append(ps.refs, n)
		return n
	}
	return ps.charNode(ps.charEscape(false))
}

// charEscape parses a character escape after '\' (the '\' consumed).
func (ps *parser) charEscape(inClass bool) uint16 {
	c := ps.next()
	switch c {
	case 't':
		return '\t'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 'f':
		return '\f'
	case 'v':
		return '\v'
	case 'a':
		return 7
	case 'e':
		return 27
	case 'b':
		if inClass {
			return 8
		}
	case '0':
		v := 0
		for i := 0; i < 2 && ps.more() && ps.peek() >= '0' && ps.peek() <= '7'; i++ {
			v = v*8 + int(ps.next()-'0')
		}
		return uint16(v)
	case 'x':
		return ps.hex(2)
	case 'u':
		return ps.hex(4)
	case 'c':
		if !ps.more() {
			ps.fail("MissingControlCharacter", "Missing control character.")
		}
		ch := ps.next()
		if ch >= 'a' && ch <= 'z' {
			ch -= 'a' - 'A'
		}
		if ch >= '@' && ch <= '_' {
			return ch - '@'
		}
		ps.fail("UnrecognizedControlCharacter", "Unrecognized control character.")
	}
	if isWordChar(c) {
		ps.fail("UnrecognizedEscape", fmt.Sprintf("Unrecognized escape sequence \\%c.", rune(c)))
	}
	return c
}

func (ps *parser) hex(n int) uint16 {
	v := 0
	for i := 0; i < n; i++ {
		if !ps.more() {
			ps.fail("InsufficientOrInvalidHexDigits", "Insufficient hexadecimal digits.")
		}
		c := ps.next()
		d := hexVal(c)
		if d < 0 {
			ps.fail("InsufficientOrInvalidHexDigits", "Insufficient hexadecimal digits.")
		}
		v = v*16 + d
	}
	return uint16(v)
}

func hexVal(c uint16) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// classEscape adds \d \D \w \W \s \S \p{..} \P{..} (letter c consumed) to s.
func (ps *parser) classEscape(c uint16, s *charSet) {
	ecma := ps.opts&ECMAScript != 0
	switch c {
	case 'd', 'D':
		s.items = append(s.items, classItem{kind: kDigit, neg: c == 'D', ecma: ecma})
	case 'w', 'W':
		s.items = append(s.items, classItem{kind: kWord, neg: c == 'W', ecma: ecma})
	case 's', 'S':
		s.items = append(s.items, classItem{kind: kSpace, neg: c == 'S', ecma: ecma})
	case 'p', 'P':
		if !ps.more() || ps.peek() != '{' {
			ps.fail("InvalidUnicodePropertyEscape", "Incomplete \\p{X} character escape.")
		}
		ps.pos++
		st := ps.pos
		for ps.more() && ps.peek() != '}' {
			ps.pos++
		}
		if !ps.more() {
			ps.fail("InvalidUnicodePropertyEscape", "Incomplete \\p{X} character escape.")
		}
		name := string(utf16.Decode(ps.p[st:ps.pos]))
		ps.pos++
		it, ok := property(name)
		if !ok {
			ps.fail("UnrecognizedUnicodeProperty", fmt.Sprintf("Unknown property '%s'.", name))
		}
		it.neg = c == 'P'
		s.items = append(s.items, it)
	}
}

// parseClass parses a [...] class after the '['.
func (ps *parser) parseClass() *charSet {
	s := &charSet{}
	if ps.more() && ps.peek() == '^' {
		ps.pos++
		s.neg = true
	}
	first := true
	for {
		if !ps.more() {
			ps.fail("UnterminatedBracket", "Unterminated [] set.")
		}
		c := ps.next()
		if c == ']' && !first {
			return s
		}
		first = false
		if c == '-' && ps.more() && ps.peek() == '[' && !first {
			ps.pos++
			s.sub = ps.parseClass()
			s.sub.ic = ps.ic()
			if !ps.more() || ps.peek() != ']' {
				ps.fail("ExclusionGroupNotLast", "A subtraction must be the last element in a character class.")
			}
			ps.pos++
			return s
		}
		lo, isClass := ps.classChar(c, s)
		if isClass {
			if ps.more() && ps.peek() == '-' && ps.pos+1 < len(ps.p) && ps.p[ps.pos+1] != ']' && ps.p[ps.pos+1] != '[' {
				ps.pos++
				ps.fail("ShorthandClassInCharacterRange", fmt.Sprintf("Cannot include class \\%c in character range.", rune(ps.p[ps.pos-2])))
			}
			continue
		}
		if ps.more() && ps.peek() == '-' && ps.pos+1 < len(ps.p) && ps.p[ps.pos+1] != ']' {
			if ps.p[ps.pos+1] == '[' {
				// a subtraction follows: '-' ends the range here
				s.ranges = append(s.ranges, rng{lo, lo})
				continue
			}
			ps.pos++
			c2 := ps.next()
			hi, hiClass := ps.classChar(c2, s)
			if hiClass {
				ps.fail("ShorthandClassInCharacterRange", fmt.Sprintf("Cannot include class \\%c in character range.", rune(ps.p[ps.pos-1])))
			}
			if hi < lo {
				ps.fail("ReversedCharacterRange", "[x-y] range in reverse order.")
			}
			s.ranges = append(s.ranges, rng{lo, hi})
			continue
		}
		s.ranges = append(s.ranges, rng{lo, lo})
	}
}

// classChar reads one class element starting with c: a char, or a class
// escape added to s (isClass).
func (ps *parser) classChar(c uint16, s *charSet) (uint16, bool) {
	if c != '\\' {
		return c, false
	}
	if !ps.more() {
		ps.fail("UnescapedEndingBackslash", "Illegal \\\\ at end of pattern.")
	}
	switch e := ps.peek(); e {
	case 'd', 'D', 'w', 'W', 's', 'S', 'p', 'P':
		ps.pos++
		ps.classEscape(e, s)
		return 0, true
	}
	return ps.charEscape(true), false
}

// number assigns group numbers as .NET does (unnamed groups 1..n left to
// right, then named groups in order of first appearance, numeric names
// keeping their number) and resolves references.
func (ps *parser) number(re *Regex) {
	used := map[int]bool{0: true}
	unnamed := 0
	for _, n := range ps.caps {
		if n.name == "" {
			unnamed++
			n.group = unnamed
			used[unnamed] = true
		} else if v, err := strconv.Atoi(n.name); err == nil {
			n.group = v
			used[v] = true
		}
	}
	re.byName = map[string]int{}
	next := unnamed + 1
	var order []int
	names := map[int]string{0: "0"}
	for i := 1; i <= unnamed; i++ {
		names[i] = strconv.Itoa(i)
	}
	for _, n := range ps.caps {
		if n.name == "" || n.group > 0 {
			if n.group > 0 {
				names[n.group] = strconv.Itoa(n.group)
			}
			continue
		}
		if g, ok := re.byName[n.name]; ok {
			n.group = g
			continue
		}
		for used[next] {
			next++
		}
		n.group = next
		used[next] = true
		re.byName[n.name] = next
		names[next] = n.name
		order = append(order, next)
	}
	_ = order
	for g := range used {
		re.Numbers = append(re.Numbers, g)
	}
	sort.Ints(re.Numbers)
	re.slotOf = map[int]int{}
	for i, g := range re.Numbers {
		re.slotOf[g] = i
		re.Names = append(re.Names, names[g])
		if _, ok := re.byName[names[g]]; !ok {
			re.byName[names[g]] = g
		}
	}
	lookup := func(name string) (int, bool) {
		if v, err := strconv.Atoi(name); err == nil {
			return v, used[v]
		}
		g, ok := re.byName[name]
		return g, ok
	}
	for _, n := range ps.refs {
		switch n.op {
		case opBackref:
			g, ok := lookup(n.name)
			if !ok && len(n.name) > 1 && n.name[0] <= '7' && n.name[0] >= '0' {
				octalRef(n)
				continue
			}
			if !ok {
				ps.pos = n.pos
				if _, err := strconv.Atoi(n.name); err == nil {
					ps.fail("UndefinedNumberedReference", fmt.Sprintf("Reference to undefined group number %s.", n.name))
				}
				ps.fail("UndefinedNamedReference", fmt.Sprintf("Reference to undefined group name '%s'.", n.name))
			}
			n.group = g
		case opCapture:
			g, ok := lookup(n.name2)
			if !ok {
				ps.pos = n.pos
				ps.fail("UndefinedNamedReference", fmt.Sprintf("Reference to undefined group name '%s'.", n.name2))
			}
			n.group2 = g
			if n.name == "" {
				n.group = -1
			}
		case opCondGroup:
			if g, ok := lookup(n.name); ok {
				n.group = g
			} else {
				// not a group: the name is a lookahead expression
				lit := &node{op: opConcat}
				for _, c := range utf16.Encode([]rune(n.name)) {
					lit.subs = append(lit.subs, &node{op: opChar, ch: c})
				}
				n.op = opCondExpr
				n.subs = append([]*node{{op: opLook, subs: []*node{lit}}}, n.subs...)
			}
		}
	}
}

func isSpace(c uint16) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\f', '\v':
		return true
	}
	return false
}

func toLower(c uint16) uint16 {
	if c < 0x80 {
		if c >= 'A' && c <= 'Z' {
			return c + 32
		}
		return c
	}
	if c >= 0xD800 && c <= 0xDFFF {
		return c
	}
	l := unicode.ToLower(rune(c))
	if l > 0xFFFF {
		return c
	}
	return uint16(l)
}

func toUpper(c uint16) uint16 {
	if c < 0x80 {
		if c >= 'a' && c <= 'z' {
			return c - 32
		}
		return c
	}
	if c >= 0xD800 && c <= 0xDFFF {
		return c
	}
	u := unicode.ToUpper(rune(c))
	if u > 0xFFFF {
		return c
	}
	return uint16(u)
}

// octalRef turns \NNN naming no group into the octal char escape it is
// then: up to three octal digits, the rest of the digits literal.
func octalRef(n *node) {
	v, i := 0, 0
	for ; i < len(n.name) && i < 3 && n.name[i] >= '0' && n.name[i] <= '7'; i++ {
		v = v*8 + int(n.name[i]-'0')
	}
	ic := n.ic
	mk := func(c uint16) *node {
		if ic {
			return &node{op: opChar, ch: toLower(c), ic: true}
		}
		return &node{op: opChar, ch: c}
	}
	subs := []*node{mk(uint16(v & 0xFF))}
	for _, c := range n.name[i:] {
		subs = append(subs, mk(uint16(c)))
	}
	*n = node{op: opConcat, subs: subs}
}

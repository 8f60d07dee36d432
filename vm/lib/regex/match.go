package regex

import (
	"errors"
	"strconv"
	"unicode/utf16"
)

// Span is one capture: Index and Length in chars.
type Span struct{ Index, Length int }

// Result is a successful match: the captures of each group, by the
// group's index in Regex.Numbers (group 0's one capture is the match).
type Result struct {
	Caps [][]Span
}

// ErrTimeout is what a check function returns when the match timeout is
// exceeded.
var ErrTimeout = errors.New("regex match timeout")

// checkEvery is how many steps pass between two calls of the check
// function.
const checkEvery = 1024

// undo is one entry of the capture log: a capture added to slot, or (pop)
// one removed from it.
type undo struct {
	slot int
	pop  bool
	span Span
}

type abort struct{ err error }

// machine is the state of one match attempt.
type machine struct {
	re       *Regex
	in       []uint16
	beg, end int // the text's bounds
	start    int // \G
	caps     [][]Span
	log      []undo
	steps    int
	check    func(steps int) error
}

// Run finds the first match in in[beg:end] from startat, scanning left to
// right (right to left with RightToLeft). prevLen is the length of the
// previous match, or -1: after an empty match the scan starts one char
// further, as Match.NextMatch does. check is called every few thousand
// steps with the steps taken; its error stops the match and is returned.
func (re *Regex) Run(in []uint16, beg, end, startat, prevLen int, check func(steps int) error) (res *Result, err error) {
	rtl := re.Options&RightToLeft != 0
	if prevLen == 0 {
		if rtl {
			if startat <= beg {
				return nil, nil
			}
			startat--
		} else {
			if startat >= end {
				return nil, nil
			}
			startat++
		}
	}
	m := &machine{re: re, in: in, beg: beg, end: end, start: startat, check: check}
	m.caps = make([][]Span, len(re.Numbers))
	defer func() {
		if r := recover(); r != nil {
			a, ok := r.(abort)
			if !ok {
				panic(r)
			}
			res, err = nil, a.err
		}
	}()
	anchored := firstIsBegin(re.root)
	first := firstChar(re.root)
	for s := startat; ; {
		if !rtl {
			if anchored && s != beg {
				return nil, nil
			}
			if first != nil {
				// skip to a char that can start a match
				for s < end && !first.one(in[s]) {
					s++
					if s%checkEvery == 0 {
						m.tick()
					}
				}
				if s >= end {
					return nil, nil
				}
			}
		}
		endPos := -1
		if m.run(re.root, s, rtl, func(p int) bool { endPos = p; return true }) {
			lo, hi := s, endPos
			if rtl {
				lo, hi = endPos, s
			}
			m.caps[0] = append(m.caps[0][:0], Span{lo, hi - lo})
			return &Result{Caps: m.caps}, nil
		}
		for i := range m.caps {
			m.caps[i] = m.caps[i][:0]
		}
		m.log = m.log[:0]
		if rtl {
			if s <= beg {
				return nil, nil
			}
			s--
		} else {
			if s >= end {
				return nil, nil
			}
			s++
		}
		m.tick()
	}
}

// firstIsBegin reports whether every match must start at the beginning of
// the text (the pattern starts with \A or ^ without Multiline).
func firstIsBegin(n *node) bool {
	for {
		switch n.op {
		case opBeginText:
			return true
		case opConcat:
			n = n.subs[0]
		case opCapture:
			if n.group2 >= 0 {
				return false
			}
			n = n.subs[0]
		case opAtomic:
			n = n.subs[0]
		default:
			return false
		}
	}
}

// firstChar returns the single-char node every match must start with, or
// nil when there is none.
func firstChar(n *node) *node {
	for {
		switch n.op {
		case opChar, opSet, opAny:
			return n
		case opConcat:
			n = n.subs[0]
		case opCapture:
			if n.group2 >= 0 {
				return nil
			}
			n = n.subs[0]
		case opAtomic:
			n = n.subs[0]
		case opRepeat:
			if n.min == 0 {
				return nil
			}
			n = n.subs[0]
		default:
			return nil
		}
	}
}

func (m *machine) tick() {
	m.steps++
	if m.steps%checkEvery == 0 && m.check != nil {
		if err := m.check(checkEvery); err != nil {
			panic(abort{err})
		}
	}
}

func (m *machine) push(slot int, s Span) {
	m.caps[slot] = append(m.caps[slot], s)
	m.log = append(m.log, undo{slot: slot, span: s})
}

func (m *machine) pop(slot int) Span {
	c := m.caps[slot]
	s := c[len(c)-1]
	m.caps[slot] = c[:len(c)-1]
	m.log = append(m.log, undo{slot: slot, pop: true, span: s})
	return s
}

// undoTo reverts the capture log to its length mark.
func (m *machine) undoTo(mark int) {
	for i := len(m.log) - 1; i >= mark; i-- {
		u := m.log[i]
		if u.pop {
			m.caps[u.slot] = append(m.caps[u.slot], u.span)
		} else {
			m.caps[u.slot] = m.caps[u.slot][:len(m.caps[u.slot])-1]
		}
	}
	m.log = m.log[:mark]
}

// one reports whether the single-char node n matches the char c.
func (n *node) one(c uint16) bool {
	switch n.op {
	case opChar:
		if n.ic {
			return c == n.ch || toLower(c) == n.ch
		}
		return c == n.ch
	case opSet:
		return n.set.has(c)
	case opAny:
		return n.dotAll || c != '\n'
	}
	return false
}

func isOne(n *node) bool { return n.op == opChar || n.op == opSet || n.op == opAny }

func (m *machine) wordAt(i int) bool {
	if i < m.beg || i >= m.end {
		return false
	}
	return isWordChar(m.in[i])
}

// run matches n at pos (backwards when rtl) and calls k with the position
// after it; it returns whether k accepted, backtracking into n otherwise.
func (m *machine) run(n *node, pos int, rtl bool, k func(int) bool) bool {
	m.tick()
	switch n.op {
	case opEmpty:
		return k(pos)
	case opChar, opSet, opAny:
		if rtl {
			if pos > m.beg && n.one(m.in[pos-1]) {
				return k(pos - 1)
			}
			return false
		}
		if pos < m.end && n.one(m.in[pos]) {
			return k(pos + 1)
		}
		return false
	case opConcat:
		return m.seq(n.subs, 0, pos, rtl, k)
	case opAlt:
		for _, s := range n.subs {
			if m.run(s, pos, rtl, k) {
				return true
			}
		}
		return false
	case opRepeat:
		if isOne(n.subs[0]) {
			return m.repeatOne(n, pos, rtl, k)
		}
		return m.repeat(n, pos, 0, rtl, k)
	case opCapture:
		return m.run(n.subs[0], pos, rtl, func(p int) bool {
			lo, hi := pos, p
			if rtl {
				lo, hi = p, pos
			}
			mark := len(m.log)
			if n.group2 >= 0 {
				s2 := m.re.slotOf[n.group2]
				if len(m.caps[s2]) == 0 {
					return false
				}
				old := m.pop(s2)
				if n.group >= 0 {
					// the text between the popped capture and this one
					a, b := old.Index+old.Length, lo
					if b < a {
						a, b = hi, old.Index
						if b < a {
							a, b = b, a
						}
					}
					m.push(m.re.slotOf[n.group], Span{a, b - a})
				}
			} else {
				m.push(m.re.slotOf[n.group], Span{lo, hi - lo})
			}
			if k(p) {
				return true
			}
			m.undoTo(mark)
			return false
		})
	case opBackref:
		c := m.caps[m.re.slotOf[n.group]]
		if len(c) == 0 {
			return false
		}
		s := c[len(c)-1]
		if rtl {
			if pos-m.beg < s.Length {
				return false
			}
			if !m.equal(s.Index, pos-s.Length, s.Length, n.ic) {
				return false
			}
			return k(pos - s.Length)
		}
		if m.end-pos < s.Length || !m.equal(s.Index, pos, s.Length, n.ic) {
			return false
		}
		return k(pos + s.Length)
	case opLook:
		mark := len(m.log)
		ok := m.run(n.subs[0], pos, n.behind, func(int) bool { return true })
		if n.neg {
			m.undoTo(mark)
			if ok {
				return false
			}
			return k(pos)
		}
		if !ok {
			return false
		}
		if k(pos) {
			return true
		}
		m.undoTo(mark)
		return false
	case opAtomic:
		mark := len(m.log)
		end := -1
		if !m.run(n.subs[0], pos, rtl, func(p int) bool { end = p; return true }) {
			return false
		}
		if k(end) {
			return true
		}
		m.undoTo(mark)
		return false
	case opCondGroup:
		if len(m.caps[m.re.slotOf[n.group]]) > 0 {
			return m.run(n.subs[0], pos, rtl, k)
		}
		return m.run(n.subs[1], pos, rtl, k)
	case opCondExpr:
		mark := len(m.log)
		look := n.subs[0]
		ok := m.run(look.subs[0], pos, look.behind, func(int) bool { return true })
		if ok == look.neg {
			m.undoTo(mark)
			return m.run(n.subs[2], pos, rtl, k)
		}
		if m.run(n.subs[1], pos, rtl, k) {
			return true
		}
		m.undoTo(mark)
		return false
	case opBol:
		if pos == m.beg || m.in[pos-1] == '\n' {
			return k(pos)
		}
		return false
	case opEol:
		if pos == m.end || m.in[pos] == '\n' {
			return k(pos)
		}
		return false
	case opBeginText:
		if pos == m.beg {
			return k(pos)
		}
		return false
	case opEndText:
		if pos == m.end {
			return k(pos)
		}
		return false
	case opEndZ:
		if pos == m.end || pos == m.end-1 && m.in[pos] == '\n' {
			return k(pos)
		}
		return false
	case opStart:
		if pos == m.start {
			return k(pos)
		}
		return false
	case opBoundary, opNonBoundary:
		b := m.wordAt(pos-1) != m.wordAt(pos)
		if b == (n.op == opBoundary) {
			return k(pos)
		}
		return false
	}
	panic("regex: unknown node")
}

func (m *machine) seq(subs []*node, i, pos int, rtl bool, k func(int) bool) bool {
	if i == len(subs) {
		return k(pos)
	}
	n := subs[i]
	if rtl {
		n = subs[len(subs)-1-i]
	}
	if i == len(subs)-1 {
		return m.run(n, pos, rtl, k)
	}
	return m.run(n, pos, rtl, func(p int) bool { return m.seq(subs, i+1, p, rtl, k) })
}

// repeatOne runs a repetition of a single-char node without recursion.
func (m *machine) repeatOne(n *node, pos int, rtl bool, k func(int) bool) bool {
	one := n.subs[0]
	dir := 1
	if rtl {
		dir = -1
	}
	at := func(i int) bool { // whether the i-th char (0-based) from pos matches
		p := pos + dir*i
		if rtl {
			return p-1 >= m.beg && one.one(m.in[p-1])
		}
		return p < m.end && one.one(m.in[p])
	}
	for i := 0; i < n.min; i++ {
		if !at(i) {
			return false
		}
	}
	if n.lazy {
		for i := n.min; ; i++ {
			m.tick()
			if k(pos + dir*i) {
				return true
			}
			if (n.max >= 0 && i >= n.max) || !at(i) {
				return false
			}
		}
	}
	cnt := n.min
	for (n.max < 0 || cnt < n.max) && at(cnt) {
		cnt++
		if cnt%checkEvery == 0 {
			m.tick()
		}
	}
	for i := cnt; i >= n.min; i-- {
		m.tick()
		if k(pos + dir*i) {
			return true
		}
	}
	return false
}

// repeat runs the count-th and later iterations of a general repetition.
// An iteration that matches empty ends the loop, as in .NET.
func (m *machine) repeat(n *node, pos, count int, rtl bool, k func(int) bool) bool {
	if n.max >= 0 && count >= n.max {
		return k(pos)
	}
	more := func() bool {
		return m.run(n.subs[0], pos, rtl, func(p int) bool {
			if p == pos {
				if count+1 >= n.min {
					return k(p)
				}
				return m.repeat(n, p, n.min, rtl, k)
			}
			return m.repeat(n, p, count+1, rtl, k)
		})
	}
	if count < n.min {
		return more()
	}
	if n.lazy {
		return k(pos) || more()
	}
	return more() || k(pos)
}

// equal compares in[a:a+n] with in[b:b+n].
func (m *machine) equal(a, b, n int, ic bool) bool {
	for i := 0; i < n; i++ {
		x, y := m.in[a+i], m.in[b+i]
		if x != y && (!ic || toLower(x) != toLower(y)) {
			return false
		}
	}
	return true
}

// Slot returns the index in Numbers of group number g, or -1.
func (re *Regex) Slot(g int) int {
	if s, ok := re.slotOf[g]; ok {
		return s
	}
	return -1
}

// GroupNumber returns the number of the group named name, or -1.
func (re *Regex) GroupNumber(name string) int {
	if g, ok := re.byName[name]; ok {
		return g
	}
	return -1
}

// Expand substitutes the groups of res in a Replace replacement pattern:
// $n, ${name}, $$, $&, $`, $', $+ and $_; a reference to no group stays
// as written.
func (re *Regex) Expand(repl, in []uint16, res *Result) []uint16 {
	var out []uint16
	group := func(g int) {
		s := re.Slot(g)
		if c := res.Caps[s]; len(c) > 0 {
			sp := c[len(c)-1]
			out = append(out, in[sp.Index:sp.Index+sp.Length]...)
		}
	}
	m := res.Caps[0][0]
	for i := 0; i < len(repl); i++ {
		c := repl[i]
		if c != '$' || i+1 >= len(repl) {
			out = append(out, c)
			continue
		}
		d := repl[i+1]
		switch {
		case d == '$':
			out = append(out, '$')
			i++
		case d == '&':
			group(0)
			i++
		case d == '`':
			out = append(out, in[:m.Index]...)
			i++
		case d == '\'':
			out = append(out, in[m.Index+m.Length:]...)
			i++
		case d == '+':
			group(re.Numbers[len(re.Numbers)-1])
			i++
		case d == '_':
			out = append(out, in...)
			i++
		case d >= '0' && d <= '9':
			// all the digits name the group; with ECMAScript, the
			// longest run of them that names one
			j, best, bestEnd := i+1, -1, -1
			v := 0
			for j < len(repl) && repl[j] >= '0' && repl[j] <= '9' && v < 1<<27 {
				v = v*10 + int(repl[j]-'0')
				j++
				if re.Options&ECMAScript != 0 && re.Slot(v) >= 0 {
					best, bestEnd = v, j
				}
			}
			if re.Options&ECMAScript == 0 && re.Slot(v) >= 0 {
				best, bestEnd = v, j
			}
			if best < 0 {
				out = append(out, c)
				continue
			}
			group(best)
			i = bestEnd - 1
		case d == '{':
			j := i + 2
			for j < len(repl) && repl[j] != '}' {
				j++
			}
			if j >= len(repl) {
				out = append(out, c)
				continue
			}
			name := string(utf16.Decode(repl[i+2 : j]))
			g := -1
			if v, err := strconv.Atoi(name); err == nil && name[0] != '-' && name[0] != '+' {
				if re.Slot(v) >= 0 {
					g = v
				}
			} else {
				g = re.GroupNumber(name)
			}
			if g < 0 {
				out = append(out, c)
				continue
			}
			group(g)
			i = j
		default:
			out = append(out, c)
		}
	}
	return out
}

// Escape is Regex.Escape: \, *, +, ?, |, {, [, (, ), ^, $, ., #, and
// white space escaped.
func Escape(s []uint16) []uint16 {
	out := make([]uint16, 0, len(s))
	for _, c := range s {
		switch c {
		case '\\', '*', '+', '?', '|', '{', '[', '(', ')', '^', '$', '.', '#', ' ':
			out = append(out, '\\', c)
		case '\t':
			out = append(out, '\\', 't')
		case '\n':
			out = append(out, '\\', 'n')
		case '\r':
			out = append(out, '\\', 'r')
		case '\f':
			out = append(out, '\\', 'f')
		default:
			out = append(out, c)
		}
	}
	return out
}

// Unescape is Regex.Unescape: character escapes replaced by their chars.
func Unescape(s string) (out []uint16, err error) {
	ps := &parser{src: s, p: utf16.Encode([]rune(s))}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			out, err = nil, e
		}
	}()
	for ps.more() {
		c := ps.next()
		if c != '\\' {
			out = append(out, c)
			continue
		}
		if !ps.more() {
			ps.fail("UnescapedEndingBackslash", "Illegal \\\\ at end of pattern.")
		}
		if d := ps.peek(); d == 'b' {
			ps.pos++
			out = append(out, 8)
			continue
		} else if d >= '1' && d <= '9' {
			// an octal escape outside a pattern
			v := 0
			for i := 0; i < 3 && ps.more() && ps.peek() >= '0' && ps.peek() <= '7'; i++ {
				v = v*8 + int(ps.next()-'0')
			}
			if v == 0 {
				ps.fail("UnrecognizedEscape", "Unrecognized escape sequence \\"+string(rune(d))+".")
			}
			out = append(out, uint16(v&0xFF))
			continue
		}
		out = append(out, ps.charEscape(false))
	}
	return out, nil
}

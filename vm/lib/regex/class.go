package regex

import (
	"strings"
	"unicode"
)

// rng is an inclusive range of chars.
type rng struct{ lo, hi uint16 }

// The kinds of classItem.
const (
	kDigit = iota
	kWord
	kSpace
	kTables // any of tables
	kAssigned
	kBlock // lo..hi
	kAny
)

// classItem is a shorthand class (\d, \w, \s) or a Unicode property.
type classItem struct {
	kind   int
	neg    bool
	ecma   bool
	tables []*unicode.RangeTable
	cn     bool // with tables: unassigned chars too (\p{C}, \p{Cn})
	lo, hi uint16
}

func (it *classItem) has(c uint16) bool {
	var in bool
	switch it.kind {
	case kDigit:
		if it.ecma {
			in = c >= '0' && c <= '9'
		} else {
			in = c >= '0' && c <= '9' || c >= 0x80 && unicode.Is(unicode.Nd, rune(c))
		}
	case kWord:
		if it.ecma {
			in = c < 0x80 && isWordChar(c)
		} else {
			in = isWordChar(c)
		}
	case kSpace:
		if it.ecma {
			in = isSpace(c) || c == ' '
		} else {
			in = isWhite(c)
		}
	case kTables:
		r := rune(c)
		for _, t := range it.tables {
			if unicode.Is(t, r) {
				in = true
				break
			}
		}
		if !in && it.cn {
			in = !assigned(r)
		}
	case kBlock:
		in = c >= it.lo && c <= it.hi
	case kAny:
		in = true
	}
	return in != it.neg
}

// charSet is a [...] class or a shorthand: ranges and items, negated,
// minus sub.
type charSet struct {
	neg    bool
	ic     bool
	ranges []rng
	items  []classItem
	sub    *charSet
}

func (s *charSet) raw(c uint16) bool {
	for _, r := range s.ranges {
		if c >= r.lo && c <= r.hi {
			return true
		}
	}
	for i := range s.items {
		if s.items[i].has(c) {
			return true
		}
	}
	return false
}

// has reports whether c is in the set; case-insensitively, the set's
// positive part is closed under case before negation, as .NET builds it.
func (s *charSet) has(c uint16) bool {
	in := s.raw(c)
	if !in && s.ic {
		if l := toLower(c); l != c && s.raw(l) {
			in = true
		} else if u := toUpper(c); u != c && s.raw(u) {
			in = true
		} else if c >= 0x80 {
			for f := unicode.SimpleFold(rune(c)); f != rune(c); f = unicode.SimpleFold(f) {
				if f <= 0xFFFF && s.raw(uint16(f)) {
					in = true
					break
				}
			}
		}
	}
	if in == s.neg {
		return false
	}
	if s.sub != nil && s.sub.has(c) {
		return false
	}
	return true
}

// isWordChar is .NET's \w: letters, nonspacing and spacing marks,
// decimal digits, connector punctuation, and the zero-width joiners.
func isWordChar(c uint16) bool {
	if c < 0x80 {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
	}
	r := rune(c)
	return unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) ||
		unicode.Is(unicode.Nd, r) || unicode.Is(unicode.Pc, r) || c == 0x200C || c == 0x200D
}

// isWhite is char.IsWhiteSpace, .NET's \s.
func isWhite(c uint16) bool {
	switch c {
	case ' ', '\t', '\n', '\v', '\f', '\r', 0x85, 0xA0:
		return true
	}
	return c > 0xFF && unicode.Is(unicode.Z, rune(c))
}

func assigned(r rune) bool {
	for _, t := range unicode.Categories {
		if unicode.Is(t, r) {
			return true
		}
	}
	return false
}

// blocks are the named blocks \p{IsX} knows, by .NET's names.
var blocks = map[string]rng{
	"BasicLatin": {0x0000, 0x007F}, "Latin-1Supplement": {0x0080, 0x00FF},
	"LatinExtended-A": {0x0100, 0x017F}, "LatinExtended-B": {0x0180, 0x024F},
	"IPAExtensions": {0x0250, 0x02AF}, "SpacingModifierLetters": {0x02B0, 0x02FF},
	"CombiningDiacriticalMarks": {0x0300, 0x036F}, "Greek": {0x0370, 0x03FF},
	"GreekandCoptic": {0x0370, 0x03FF}, "Cyrillic": {0x0400, 0x04FF},
	"CyrillicSupplement": {0x0500, 0x052F}, "Armenian": {0x0530, 0x058F},
	"Hebrew": {0x0590, 0x05FF}, "Arabic": {0x0600, 0x06FF}, "Syriac": {0x0700, 0x074F},
	"Thaana": {0x0780, 0x07BF}, "Devanagari": {0x0900, 0x097F}, "Bengali": {0x0980, 0x09FF},
	"Thai": {0x0E00, 0x0E7F}, "Georgian": {0x10A0, 0x10FF}, "HangulJamo": {0x1100, 0x11FF},
	"LatinExtendedAdditional": {0x1E00, 0x1EFF}, "GreekExtended": {0x1F00, 0x1FFF},
	"GeneralPunctuation": {0x2000, 0x206F}, "SuperscriptsandSubscripts": {0x2070, 0x209F},
	"CurrencySymbols": {0x20A0, 0x20CF}, "LetterlikeSymbols": {0x2100, 0x214F},
	"NumberForms": {0x2150, 0x218F}, "Arrows": {0x2190, 0x21FF},
	"MathematicalOperators": {0x2200, 0x22FF}, "BoxDrawing": {0x2500, 0x257F},
	"GeometricShapes": {0x25A0, 0x25FF}, "MiscellaneousSymbols": {0x2600, 0x26FF},
	"Dingbats": {0x2700, 0x27BF}, "CJKSymbolsandPunctuation": {0x3000, 0x303F},
	"Hiragana": {0x3040, 0x309F}, "Katakana": {0x30A0, 0x30FF},
	"CJKUnifiedIdeographs": {0x4E00, 0x9FFF}, "HangulSyllables": {0xAC00, 0xD7AF},
	"HighSurrogates": {0xD800, 0xDB7F}, "LowSurrogates": {0xDC00, 0xDFFF},
	"PrivateUse": {0xE000, 0xF8FF}, "PrivateUseArea": {0xE000, 0xF8FF},
	"AlphabeticPresentationForms": {0xFB00, 0xFB4F}, "HalfwidthandFullwidthForms": {0xFF00, 0xFFEF},
	"Specials": {0xFFF0, 0xFFFF},
}

// property resolves the name of \p{name}: a general category or a named
// block.
func property(name string) (classItem, bool) {
	if strings.HasPrefix(name, "Is") {
		if b, ok := blocks[name[2:]]; ok {
			return classItem{kind: kBlock, lo: b.lo, hi: b.hi}, true
		}
		return classItem{}, false
	}
	switch name {
	case "Cn":
		return classItem{kind: kTables, cn: true}, true
	case "C":
		return classItem{kind: kTables, tables: []*unicode.RangeTable{unicode.C}, cn: true}, true
	case "L", "Lu", "Ll", "Lt", "Lm", "Lo", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No",
		"P", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "S", "Sm", "Sc", "Sk", "So",
		"Z", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co":
		return classItem{kind: kTables, tables: []*unicode.RangeTable{unicode.Categories[name]}}, true
	}
	return classItem{}, false
}

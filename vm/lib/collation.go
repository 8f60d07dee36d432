package lib

import (
	"sort"
	"strings"
	"sync"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// Culture-sensitive string comparison. .NET on Linux compares strings of
// the invariant and English cultures with ICU's root collation: letters
// compare by their base letter first, accents second (Å sorts with A, not
// after Z), case last (lower before upper), and spaces and punctuation
// sort before digits and letters. golang.org/x/text/collate implements
// the same CLDR root collation. A Collator keeps scratch buffers, so each
// comparison borrows one from a pool.
var (
	rootCollators           = sync.Pool{New: func() any { return collate.New(language.Und) }}
	rootCollatorsIgnoreCase = sync.Pool{New: func() any {
		return collate.New(language.Und, collate.IgnoreCase)
	}}
)

// asciiPrimary ranks the printable ASCII characters by their primary
// collation weight (case-insensitive); two characters of one rank differ
// only in case. Built from the collator itself, so the fast path agrees
// with it.
var asciiPrimary = func() (rank [128]int16) {
	c := collate.New(language.Und, collate.IgnoreCase)
	chars := make([]string, 0, 0x7f-0x20)
	for r := 0x20; r < 0x7f; r++ {
		chars = append(chars, string(rune(r)))
	}
	sort.SliceStable(chars, func(i, j int) bool { return c.CompareString(chars[i], chars[j]) < 0 })
	n := int16(0)
	for i, ch := range chars {
		if i > 0 && c.CompareString(chars[i-1], ch) != 0 {
			n++
		}
		rank[ch[0]] = n + 1
	}
	return rank
}()

// collatorKey names a culture's collation, with or without case.
type collatorKey struct {
	culture    string
	ignoreCase bool
}

// cultureCollators holds a pool of collators for each culture other than
// the invariant and English ones (which use rootCollators).
var cultureCollators sync.Map // collatorKey -> *sync.Pool

// rootCulture reports whether culture name collates as ICU's root locale:
// the invariant culture and English do.
func rootCulture(name string) bool {
	return name == "" || name == "en" || strings.HasPrefix(name, "en-")
}

// cultureCompareIn compares a and b under the named culture's collation
// (sv-SE sorts å after z), as CompareInfo.Compare does.
func cultureCompareIn(culture, a, b string, ignoreCase bool) int {
	if rootCulture(culture) {
		if ignoreCase {
			return cultureCompareIgnoreCase(a, b)
		}
		return cultureCompare(a, b)
	}
	k := collatorKey{culture, ignoreCase}
	p, ok := cultureCollators.Load(k)
	if !ok {
		tag := language.Make(culture)
		p, _ = cultureCollators.LoadOrStore(k, &sync.Pool{New: func() any {
			if ignoreCase {
				return collate.New(tag, collate.IgnoreCase)
			}
			return collate.New(tag)
		}})
	}
	pool := p.(*sync.Pool)
	c := pool.Get().(*collate.Collator)
	r := c.CompareString(a, b)
	pool.Put(c)
	return r
}

// cultureCompare is string comparison under the invariant culture's
// collation: negative, zero or positive.
func cultureCompare(a, b string) int {
	if r, ok := asciiCollate(a, b, false); ok {
		return r
	}
	c := rootCollators.Get().(*collate.Collator)
	r := c.CompareString(a, b)
	rootCollators.Put(c)
	return r
}

// cultureCompareIgnoreCase is CurrentCultureIgnoreCase and
// InvariantCultureIgnoreCase comparison.
func cultureCompareIgnoreCase(a, b string) int {
	if r, ok := asciiCollate(a, b, true); ok {
		return r
	}
	c := rootCollatorsIgnoreCase.Get().(*collate.Collator)
	r := c.CompareString(a, b)
	rootCollatorsIgnoreCase.Put(c)
	return r
}

// asciiCollate compares two strings of printable ASCII as the root
// collation does, without the collator: every such character has one
// primary weight and no accent, so the primary weights decide, then the
// first difference in case (lower before upper). ok is false when either
// string holds another character.
func asciiCollate(a, b string, ignoreCase bool) (r int, ok bool) {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		x, y := a[i], b[i]
		if x >= 0x80 || y >= 0x80 || asciiPrimary[x] == 0 || asciiPrimary[y] == 0 {
			return 0, false
		}
		if px, py := asciiPrimary[x], asciiPrimary[y]; px != py {
			for _, s := range []string{a[i:], b[i:]} {
				if !printableASCII(s) {
					return 0, false
				}
			}
			if px < py {
				return -1, true
			}
			return 1, true
		}
	}
	if !printableASCII(a[n:]) || !printableASCII(b[n:]) {
		return 0, false
	}
	if len(a) != len(b) {
		return cmpInt(int64(len(a)), int64(len(b))), true
	}
	if ignoreCase {
		return 0, true
	}
	for i := 0; i < n; i++ {
		if x, y := a[i], b[i]; x != y {
			// Same primary weight and different bytes: a case pair.
			if 'a' <= x && x <= 'z' {
				return -1, true
			}
			return 1, true
		}
	}
	return 0, true
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 || asciiPrimary[s[i]] == 0 {
			return false
		}
	}
	return true
}

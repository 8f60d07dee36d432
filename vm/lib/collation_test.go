package lib

import (
	"math/rand"
	"testing"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// TestASCIICollateAgrees checks the printable-ASCII fast path against the
// collator on random strings.
func TestASCIICollateAgrees(t *testing.T) {
	c := collate.New(language.Und)
	ci := collate.New(language.Und, collate.IgnoreCase)
	rng := rand.New(rand.NewSource(1))
	alphabet := " !\"#$%&'()*+,-./0123456789:;<=>?@AZaz[\\]^_`{|}~bBcC"
	gen := func() string {
		b := make([]byte, rng.Intn(5))
		for i := range b {
			b[i] = alphabet[rng.Intn(len(alphabet))]
		}
		return string(b)
	}
	sign := func(n int) int {
		switch {
		case n < 0:
			return -1
		case n > 0:
			return 1
		}
		return 0
	}
	for range 200000 {
		a, b := gen(), gen()
		r, ok := asciiCollate(a, b, false)
		if !ok {
			t.Fatalf("%q %q: fast path refused", a, b)
		}
		if want := c.CompareString(a, b); sign(r) != want {
			t.Fatalf("compare(%q, %q) = %d, collator %d", a, b, r, want)
		}
		r, _ = asciiCollate(a, b, true)
		if want := ci.CompareString(a, b); sign(r) != want {
			t.Fatalf("compare ignoring case (%q, %q) = %d, collator %d", a, b, r, want)
		}
	}
}

func TestCultureCompare(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"Åkesson", "Andersson", -1},
		{"Adaobi", "Åkesson", -1},
		{"Åstrom", "Beebe", -1},
		{"apple", "Apple", -1},
		{"O'Donnell", "Olsson", -1},
		{"co-op", "coop", -1},
		{"résumé", "resume", 1},
		{"résumé", "Resume", 1},
		{"Straße", "Strasse", 1},
	} {
		if got := cultureCompare(tc.a, tc.b); got != tc.want {
			t.Errorf("cultureCompare(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
	if got := cultureCompareIgnoreCase("résumé", "RÉSUMÉ"); got != 0 {
		t.Errorf("ignoring case: %d", got)
	}
}

package lang

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func corpusFiles(t *testing.T) []string {
	var files []string
	for _, pat := range []string{"../tests/testdata/*/*.async", "../examples/*.async", "../bench/*.async", "../compiler/prelude.cs"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	return files
}

// TestCompareParsers compares the participle parser with the hand-written one.
func TestCompareParsers(t *testing.T) {
	same, diffDiag, total := 0, 0, 0
	for _, name := range corpusFiles(t) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		total++
		compareOne(t, name, src, &same, &diffDiag)
	}
	t.Logf("%d files, %d identical, %d diagnostics differ", total, same, diffDiag)
}

func compareOne(t *testing.T, name string, src []byte, same, diffDiag *int) bool {
	f1, d1 := oldParseFile(name, src, false)
	f2, d2 := Parse(name, src)
	if len(d1) == 0 && len(d2) == 0 {
		if diff := cmp.Diff(f1, f2); diff != "" {
			t.Errorf("%s: trees differ:\n%.3000s", name, diff)
			return false
		}
		*same++
		return true
	}
	s1, s2 := diagStrings(d1), diagStrings(d2)
	if s1 != s2 {
		*diffDiag++
		t.Logf("%s: diagnostics differ:\nold: %s\nnew: %s", name, s1, s2)
		return false
	}
	*same++
	return true
}

func diagStrings(ds Diagnostics) string {
	var b []string
	for _, d := range ds {
		if strings.HasPrefix(d.Msg, "internal error") {
			b = append(b, d.Pos.String()+": "+d.Msg[:200])
			continue
		}
		b = append(b, d.Error())
	}
	return strings.Join(b, " | ")
}

func TestCompareMutations(t *testing.T) {
	files := corpusFiles(t)
	rng := rand.New(rand.NewSource(1))
	same, diffDiag := 0, 0
	n := 1500
	for i := 0; i < n; i++ {
		src, _ := os.ReadFile(files[rng.Intn(len(files))])
		if len(src) == 0 {
			continue
		}
		b := []byte(string(src))
		for k := 0; k < 1+rng.Intn(3); k++ {
			p := rng.Intn(len(b))
			switch rng.Intn(3) {
			case 0:
				b = append(b[:p], b[p+1:]...)
			case 1:
				b = append(b[:p], append([]byte{"(){};,.<>=+x1\"'$"[rng.Intn(16)]}, b[p:]...)...)
			case 2:
				q := rng.Intn(len(b))
				b[p], b[q] = b[q], b[p]
			}
			if len(b) == 0 {
				break
			}
		}
		compareOne(t, "mut", b, &same, &diffDiag)
	}
	t.Logf("%d mutations, %d identical, %d diagnostics differ", n, same, diffDiag)
}

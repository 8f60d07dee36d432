// Package seeds gives the fuzz targets their seed corpus: every program of
// the repository, the script tests under tests/testdata and the examples,
// so the corpus grows with the tests instead of being a stored copy.
package seeds

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"asyncvm/internal/race"
)

// Add adds every .async program under tests/testdata and examples to f's
// corpus, but for the programs that race on purpose under the race
// detector (race.Skip); up is the path from the calling package to the repository root
// (".." for a top-level package). It fails f when none is found, so a
// moved directory cannot silently leave a fuzzer without seeds.
func Add(f *testing.F, up string) {
	var n int
	for _, dir := range []string{"tests/testdata", "examples"} {
		err := filepath.WalkDir(filepath.Join(up, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".async") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			n++
			if race.Skip(src) {
				return nil
			}
			f.Add(src)
			return nil
		})
		if err != nil {
			f.Fatal(err)
		}
	}
	if n == 0 {
		f.Fatalf("no seed programs under %s/tests/testdata or %s/examples", up, up)
	}
}

// Package golden runs golden-file tests: each program matching a glob is
// turned into text that people read (a disassembly, a lowered state
// machine) and compared with the .golden file beside it.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// Check renders every file matching glob with render and compares the text
// with the file's .golden sibling; with -update it rewrites the golden
// files instead (review the diff). It fails when glob matches nothing, so a
// moved directory cannot leave the test checking nothing.
func Check(t *testing.T, glob string, render func(path string, src []byte) (string, error)) {
	files, _ := filepath.Glob(glob)
	if len(files) == 0 {
		t.Fatalf("no golden programs match %s", glob)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".async"), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got, err := render(path, src)
			if err != nil {
				t.Fatal(err)
			}
			golden := strings.TrimSuffix(path, ".async") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (rerun the test with -update)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s changed (-want +got):\n%s", golden, diff)
			}
		})
	}
}

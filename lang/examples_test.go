package lang

import (
	"os"
	"path/filepath"
	"testing"
)

// TestParseExamples parses every program in the repository's examples/.
func TestParseExamples(t *testing.T) {
	files, _ := filepath.Glob("../examples/*.async")
	if len(files) == 0 {
		t.Fatal("no programs in ../examples")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		_, diags := Parse(filepath.Base(f), src)
		for _, d := range diags {
			t.Errorf("%s", FormatDiagnostic(d, src))
		}
	}
}

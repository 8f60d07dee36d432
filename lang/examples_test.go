package lang

import (
	"os"
	"path/filepath"
	"testing"
)

// TestParseExamples parses every example program.
func TestParseExamples(t *testing.T) {
	files, _ := filepath.Glob("../examples/*.async")
	if len(files) == 0 {
		t.Fatal("no examples found")
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

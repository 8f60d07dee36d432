package lang

import (
	"os"
	"path/filepath"
	"testing"
)

// TestParseExamples parses every shared example program.
func TestParseExamples(t *testing.T) {
	files, _ := filepath.Glob("../../shared/examples/*.async")
	if len(files) == 0 {
		t.Skip("shared examples not found")
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

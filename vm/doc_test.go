package vm

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestFileMapIsComplete keeps the file map in doc.go in step with the
// package: every source file is listed, and every listed file exists.
func TestFileMapIsComplete(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^//\t([a-z_]+\.go) `).FindAllStringSubmatch(string(doc), -1) {
		listed[m[1]] = true
	}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		if !listed[f] {
			t.Errorf("doc.go's file map does not list %s", f)
		}
		delete(listed, f)
	}
	for f := range listed {
		t.Errorf("doc.go's file map lists %s, which does not exist", f)
	}
}

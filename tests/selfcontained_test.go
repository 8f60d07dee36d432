package tests

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRepositoryIsSelfContained checks that no source, document or program
// in the repository points outside it: a fresh clone must be enough to read
// and run everything. The forbidden prefixes are spelled in two parts so
// this file does not match itself.
func TestRepositoryIsSelfContained(t *testing.T) {
	forbidden := []string{"../" + "shared", "/" + "work/"}
	checked := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".async", ".cs", ".sh", ".ebnf", ".html", ".js", ".css":
		default:
			if filepath.Base(filepath.Dir(path)) != ".ci" {
				return nil
			}
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		checked++
		for i, line := range strings.Split(string(data), "\n") {
			for _, f := range forbidden {
				if strings.Contains(line, f) {
					t.Errorf("%s:%d points outside the repository (%q): %s", path, i+1, f, strings.TrimSpace(line))
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("only %d files checked; is the test running from tests/?", checked)
	}
}

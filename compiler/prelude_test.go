package compiler

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"asyncvm/lang"
)

// TestPreludeAST checks that the embedded prelude tree is prelude.cs's.
func TestPreludeAST(t *testing.T) {
	f, diags := lang.Parse(PreludeFile, preludeSrc)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if diff := cmp.Diff(f, preludeAST()); diff != "" {
		t.Fatalf("prelude_ast.go is stale; run `go generate ./compiler`:\n%s", diff)
	}
}

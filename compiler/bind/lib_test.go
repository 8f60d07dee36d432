package bind

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"asyncvm/lang"
)

// TestLibraryAST checks that the embedded library tree is library.cs's.
func TestLibraryAST(t *testing.T) {
	src, err := os.ReadFile("library.cs")
	if err != nil {
		t.Fatal(err)
	}
	f, diags := lang.Parse(LibraryFile, src)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if diff := cmp.Diff(f, libraryAST()); diff != "" {
		t.Fatalf("library_ast.go is stale; run `go generate ./compiler/bind`:\n%s", diff)
	}
}

package bind

import (
	"os"
	"testing"

	"asyncvm/lang"
)

// BenchmarkLibraryTree builds the library tables' tree as a process does
// (libraryAST, generated from library.cs).
func BenchmarkLibraryTree(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		libraryAST()
	}
}

// BenchmarkLibraryParse parses library.cs, which is what a process did at
// start-up before the tree was generated; it is here for the ratio.
func BenchmarkLibraryParse(b *testing.B) {
	src, err := os.ReadFile("library.cs")
	if err != nil {
		b.Fatal(err)
	}
	lang.Parse(LibraryFile, src) // the parser is built once per process
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		lang.Parse(LibraryFile, src)
	}
}

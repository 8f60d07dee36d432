package lang

import (
	"os"
	"path/filepath"
	"testing"
)

// benchInputs reads the prelude and the corpus (test programs, examples,
// benchmarks) once.
func benchInputs(b *testing.B) (prelude []byte, corpus [][]byte) {
	b.Helper()
	prelude, err := os.ReadFile("../compiler/prelude.cs")
	if err != nil {
		b.Fatal(err)
	}
	for _, pat := range []string{"../tests/testdata/*/*.async", "../examples/*.async", "../bench/*.async"} {
		files, _ := filepath.Glob(pat)
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			corpus = append(corpus, src)
		}
	}
	return prelude, corpus
}

// BenchmarkParsePrelude parses the compiler's prelude (reported in MB/s).
func BenchmarkParsePrelude(b *testing.B) {
	src, _ := benchInputs(b)
	grammar()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Parse("prelude.cs", src)
	}
}

// BenchmarkParseCorpus parses every test program, example and benchmark.
func BenchmarkParseCorpus(b *testing.B) {
	_, corpus := benchInputs(b)
	grammar()
	n := 0
	for _, src := range corpus {
		n += len(src)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, src := range corpus {
			Parse("corpus.async", src)
		}
	}
}

// BenchmarkBuildGrammar measures building the parser from the struct tags.
func BenchmarkBuildGrammar(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buildGrammar()
	}
}

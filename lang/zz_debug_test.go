package lang

import (
	"os"
	"testing"
)

func TestZZGrammar(t *testing.T) {
	t.Log(GrammarEBNF()[:200])
	src, _ := os.ReadFile("../examples/hello.async")
	f, ds := Parse("hello.async", src)
	t.Log(ds)
	t.Log(Print(f))
}

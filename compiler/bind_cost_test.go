package compiler

import (
	"fmt"
	"strings"
	"testing"

	"asyncvm/lang"
)

// nestedLambdas is a program whose statement nests depth LINQ calls, each
// with a lambda argument that uses every enclosing lambda's parameter.
func nestedLambdas(depth int) string {
	var sb strings.Builder
	sb.WriteString("using System;\nusing System.Linq;\nusing System.Collections.Generic;\nvar xs = new List<int> { 1, 2, 3 };\nint r = ")
	sum := ""
	for i := 0; i < depth; i++ {
		p := fmt.Sprintf("p%d", i)
		sum += " + " + p
		if i%2 == 0 {
			fmt.Fprintf(&sb, "xs.Select(%s => ", p)
		} else {
			fmt.Fprintf(&sb, "xs.Where(%s => ", p)
		}
	}
	sb.WriteString("0" + sum)
	for i := depth - 1; i >= 0; i-- {
		if i%2 == 0 {
			sb.WriteString(").Sum()")
		} else {
			sb.WriteString(" > 0).Count()")
		}
	}
	sb.WriteString(";\nConsole.WriteLine(r);\n")
	return sb.String()
}

func lambdaBindings(t testing.TB, src string) int {
	f, ds := lang.Parse("t.cs", []byte(src))
	if len(ds) > 0 {
		t.Fatalf("parse: %v", ds)
	}
	b := Bind([]*lang.File{f})
	if len(b.Diags) > 0 {
		t.Fatalf("diagnostics: %v\n%s", b.Diags, src)
	}
	return b.Info.LambdaBodies
}

// TestNestedLambdaBindings checks that the lambda body bindings of a
// statement grow linearly with the nesting depth of lambdas passed to
// overloaded generic methods: each distinct binding of a lambda (per
// delegate type and the types of the enclosing variables it names) is
// done once. Without the cache each level multiplied them by 4 to 5.
func TestNestedLambdaBindings(t *testing.T) {
	var counts []int
	for d := 1; d <= 7; d++ {
		counts = append(counts, lambdaBindings(t, nestedLambdas(d)))
	}
	for d := 1; d < len(counts); d++ {
		if counts[d]-counts[d-1] > 3 {
			t.Fatalf("lambda bindings by depth 1..7: %v; a level adds %d, want at most 3 (a Select lambda is bound for its return type, for its delegate type and for real)", counts, counts[d]-counts[d-1])
		}
	}
}

// BenchmarkBindNestedLambdas binds a statement of five nested LINQ calls
// with lambda arguments (Select and Where alternating, each overloaded on
// its delegate's arity), with the prelude, as `asyncvm check` does.
func BenchmarkBindNestedLambdas(b *testing.B) {
	f, ds := lang.Parse("t.cs", []byte(nestedLambdas(5)))
	if len(ds) > 0 {
		b.Fatal(ds)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if bd := Bind([]*lang.File{f}); len(bd.Diags) > 0 {
			b.Fatal(bd.Diags)
		}
	}
}

package driver

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"asyncvm/lang"
)

// lambdaProgram is a program of n classes dense in nested functions: lambdas
// capturing parameters, locals, loop variables and this, lambdas inside
// lambdas, local functions (recursive, static, called before their
// declaration) and async lambdas and local functions. It prints one sum
// (lambdaProgramOutput).
func lambdaProgram(n int) string {
	var sb strings.Builder
	sb.WriteString("using System;\nusing System.Collections.Generic;\nusing System.Threading.Tasks;\n\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, `class C%[1]d
{
    int bias = %[1]d;
    public int Sync(int a, List<int> xs)
    {
        int total = 0;
        Func<int, int> add = x => x + a + total;
        foreach (var x in xs) { Action inc = () => total += x; inc(); }
        for (int j = 0; j < 2; j++) { int k = j; Func<int> get = () => k + j; total += get(); }
        Func<int, Func<int>> outer = k => () => k + a + bias;
        return add(1) + Local(2) + Twice(3) + outer(4)();
        int Local(int y) => y <= 0 ? total : Local(y - 1) + a;
        static int Twice(int y) => y * 2;
    }
    public async Task<int> Async(int a)
    {
        int seen = a;
        Func<int, Task<int>> f = async x => { int l = x; await Task.Yield(); Func<int> g = () => l + seen; return g(); };
        async Task<int> Later(int y) { await Task.Delay(0); return y + seen + bias; }
        return await f(1) + await Later(2);
    }
}

`, i)
	}
	sb.WriteString("int sum = 0;\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "sum += new C%d().Sync(%d, new List<int> { 1, 2, 3 }) + await new C%d().Async(%d);\n", i, i, i, i)
	}
	sb.WriteString("Console.WriteLine(sum);\n")
	return sb.String()
}

// lambdaProgramOutput is what lambdaProgram(n) prints, computed as C# does.
func lambdaProgramOutput(n int) string {
	sum := 0
	for i := 0; i < n; i++ {
		a, bias := i, i
		total := 6 + 2 // foreach adds 1+2+3; the for loop (0+0)+(1+1)
		local := total + 2*a
		sync := (1 + a + total) + local + 6 + (4 + a + bias)
		async := (1 + a) + (2 + a + bias)
		sum += sync + async
	}
	return fmt.Sprint(sum) + "\n"
}

// TestEachBodyCompiledOnce compiles and runs the lambda program in both
// models. Code generation panics (an internal error) when it finishes a
// function that already has code, so a second compilation pass over any
// body, nested functions included, fails here.
func TestEachBodyCompiledOnce(t *testing.T) {
	src := []byte(lambdaProgram(3))
	for _, mode := range []string{"rt", "sm"} {
		var out, errb bytes.Buffer
		code := Run(Options{Filename: "lambdas.cs", Source: src, Mode: mode, Stdout: &out, Stderr: &errb})
		if code != 0 || out.String() != lambdaProgramOutput(3) {
			t.Errorf("%s: exit %d, output %q, want %q\n%s", mode, code, out.String(), lambdaProgramOutput(3), errb.String())
		}
	}
}

// BenchmarkCompileLambdas measures binding, (sm) lowering and code
// generation of the lambda program, parsing excluded.
func BenchmarkCompileLambdas(b *testing.B) {
	src := []byte(lambdaProgram(40))
	for _, mode := range []string{"rt", "sm"} {
		b.Run(mode, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				f, diags := lang.Parse("lambdas.cs", src)
				if len(diags) > 0 {
					b.Fatal(diags)
				}
				b.StartTimer()
				if _, diags := CompileFiles([]*lang.File{f}, map[string][]byte{"lambdas.cs": src}, mode, false); len(diags) > 0 {
					fmt.Fprintln(os.Stderr, diags)
					b.Fatal("compile failed")
				}
			}
		})
	}
}

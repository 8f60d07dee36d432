package difftest

import "fmt"

// User awaitables and calls through slots (the classes of program in which
// Roslyn's async codegen tests found bugs): a class with GetAwaiter whose
// awaiter implements INotifyCompletion and is complete at once, or
// ICriticalNotifyCompletion and completes later on the pool; an extension
// GetAwaiter; and an interface method with a default argument called
// through the interface on an explicit implementation without one, or on
// an implicit one with a different default. The program checks the values
// it knows, printing "MISMATCH" when the VM took the wrong one.

// awaiterDecls declares the awaitables and the interface.
func (g *gen) awaiterDecls() {
	g.line("class Ready : System.Runtime.CompilerServices.INotifyCompletion")
	g.line("{")
	g.line("    public int V;")
	g.line("    public Ready GetAwaiter() => this;")
	g.line("    public bool IsCompleted => true;")
	g.line("    public int GetResult() => V;")
	g.line("    public void OnCompleted(Action k) => k();")
	g.line("}")
	g.line("public class Later : System.Runtime.CompilerServices.ICriticalNotifyCompletion") // public: LaterExt, outside Program, names it
	g.line("{")
	g.line("    public int V; bool _done;")
	g.line("    public bool IsCompleted => _done;")
	g.line("    public int GetResult() => V;")
	g.line("    public void OnCompleted(Action k) => UnsafeOnCompleted(k);")
	g.line("    public void UnsafeOnCompleted(Action k) => Task.Run(() => { _done = true; k(); });")
	g.line("}")
	g.line("public class LaterBox { public int V; }")
	g.line("interface IDef { int Get(int x = 4); Task<int> GetAsync(int x = 6); }")
	g.line("class DefExplicit : IDef")
	g.line("{")
	g.line("    int IDef.Get(int x) => x;")
	g.line("    async Task<int> IDef.GetAsync(int x) { await Task.Yield(); return x; }")
	g.line("}")
	g.line("class DefImplicit : IDef")
	g.line("{")
	g.line("    public int Get(int x = 40) => x;")
	g.line("    public async Task<int> GetAsync(int x = 60) { await Task.Yield(); return x; }")
	g.line("}")
}

// awaiterExtension is the extension GetAwaiter; it lives in a static class
// outside Program.
func (g *gen) awaiterExtension() {
	g.line("static class LaterExt")
	g.line("{")
	g.line("    public static Program.Later GetAwaiter(this Program.LaterBox b) => new Program.Later { V = b.V };")
	g.line("}")
}

// awaiterStmt awaits a user awaitable or calls through IDef, and checks.
func (g *gen) awaiterStmt() {
	id := g.id()
	k := 1 + g.r.Intn(9)
	var expr string
	want := k
	switch g.r.Intn(5) {
	case 0:
		expr = fmt.Sprintf("await new Ready { V = %d }", k)
	case 1:
		expr = fmt.Sprintf("await new LaterBox { V = %d }", k)
	case 2:
		expr, want = "((IDef)new DefExplicit()).Get()", 4
		if g.r.Intn(2) == 0 {
			expr, want = "await ((IDef)new DefImplicit()).GetAsync()", 6
		}
	case 3:
		expr, want = "new DefImplicit().Get()", 40
	default:
		expr, want = fmt.Sprintf("await ((IDef)new DefExplicit()).GetAsync(%d)", k), k
	}
	g.line("int aw%d = %s;", id, expr)
	if g.quiet {
		g.line("acc += aw%d %% 5;", id)
		return
	}
	g.line("if (aw%d != %d) Console.WriteLine(\"MISMATCH awaiter: %s is \" + aw%d);", id, want, expr, id)
	g.line("acc += aw%d %% 5;", id)
}

// Package difftest generates random, valid async programs in asyncvm's C#
// subset whose output is deterministic, so that the same program can be run
// in both execution models (sm and rt) and the results compared.
//
// A program is a tree of async methods: each may await completed tasks,
// Task.Yield(), Task.Delay of a millisecond or two, TaskCompletionSources
// completed from other tasks, ValueTasks, and deeper methods; it may throw at
// one depth and catch at another, run try/catch/finally blocks with awaits
// in every block, loop with break and continue around awaits, write and read
// an AsyncLocal across awaits, and start quiet methods with Task.Run and
// WhenAll. Only the logical main flow prints; code started with Task.Run
// runs "quiet" methods that compute values without printing, so the output
// does not depend on scheduling.
//
// Further shapes, each the class of a defect found once by hand: a local
// assigned from an await that throws after suspending, inside try with
// catch and finally reading it; an AsyncLocal with a change handler that
// writes the AsyncLocal again, set inside async lambdas invoked through an
// ordinary Task-returning method; do-while loops; static fields read through
// static expression-bodied properties (main flow only, as quiet methods run
// concurrently); a generic async method casting to its type parameter after
// an await; Interlocked on an instance field inside an async method;
// arithmetic on every numeric type in checked, unchecked and default
// contexts across awaits, whose overflows are caught; a generic class whose
// constructed types each have their own statics and static constructor
// run, and generic methods called with inferred type arguments; tuples
// made, copied, changed element by element, deconstructed, swapped and
// compared across awaits; classes
// with virtual overloads of one arity called through their base types and
// an interface, each call checking the method it reached (dispatch.go);
// positional records, a base and a derived one, printed, compared and
// copied with `with`, each result checked against what C# prints
// (records.go); query expressions over small int arrays checked against
// the generator's own evaluation (query.go);
// struct variables copied, mutated, passed by value and by ref, boxed and
// kept across awaits, each checked against the generator's model of its
// value (structs.go);
// multidimensional arrays written, incremented and read across awaits,
// checked element by element in row-major order (arrays.go);
// iterators with try/finally enumerated with break, awaits and Take, each
// checking its log against a model of C#'s semantics (iter.go); int
// arrays read from the end, sliced, written through an Index and matched
// against list patterns, checked against the generator's model
// (ranges.go); an int? null or not kept across an await, its Nullable<T>
// members checked against each other (nullable.go).
package difftest

import (
	"fmt"
	"math/rand"
	"strings"
)

// Generate returns the program for seed; equal seeds give equal programs.
func Generate(seed int64) string {
	g := &gen{r: rand.New(rand.NewSource(seed))}
	return g.program()
}

type method struct {
	name  string
	quiet bool // prints nothing: safe to run concurrently
	value bool // ValueTask<int> instead of Task<int>
}

type gen struct {
	r       *rand.Rand
	b       strings.Builder
	methods []method
	cur     int // index of the method being generated
	ids     int
	indent  int
	loops   int // loops enclosing the current statement
	quiet   bool
	disp    *dispatchModel // the virtual dispatch classes (dispatch.go)
	recs    *recordModel   // the records (records.go)
}

func (g *gen) id() int { g.ids++; return g.ids }

func (g *gen) line(format string, args ...any) {
	g.b.WriteString(strings.Repeat("    ", g.indent))
	fmt.Fprintf(&g.b, format, args...)
	g.b.WriteByte('\n')
}

func (g *gen) program() string {
	n := 3 + g.r.Intn(6)
	for i := 0; i < n; i++ {
		m := method{name: fmt.Sprintf("M%d", i), quiet: i > 0 && g.r.Intn(3) == 0, value: g.r.Intn(5) == 0}
		if m.quiet {
			m.name = fmt.Sprintf("Q%d", i)
		}
		g.methods = append(g.methods, m)
	}
	g.line("using System;")
	g.line("using System.Collections.Generic;")
	g.line("using System.Linq;")
	g.line("using System.Threading;")
	g.line("using System.Threading.Tasks;")
	g.line("")
	g.line("class Program")
	g.line("{")
	g.indent++
	g.line("static AsyncLocal<int> al = new AsyncLocal<int>();")
	g.line("static AsyncLocal<int> hl = new AsyncLocal<int>(a => { if (a.ThreadContextChanged) hl.Value = a.CurrentValue; });")
	g.line("static int s_count;")
	g.line("static int Count => s_count;")
	g.line("static int Twice { get => s_count * 2; }")
	g.line("")
	g.line("static Task<int> Call(Func<Task<int>> f) => f();")
	g.line("")
	g.line("static async Task<int> ThrowAfter(int x, bool fail)")
	g.line("{")
	g.line("    await Task.Yield();")
	g.line("    if (fail) throw new InvalidOperationException(\"T\" + x);")
	g.line("    return x;")
	g.line("}")
	g.line("")
	g.line("static async Task<T> As<T>(object o)")
	g.line("{")
	g.line("    await Task.Yield();")
	g.line("    return (T)o;")
	g.line("}")
	g.line("")
	g.line("class Counter")
	g.line("{")
	g.line("    int _n;")
	g.line("    public async Task<int> Bump(int k)")
	g.line("    {")
	g.line("        for (int i = 0; i < k; i++) { Interlocked.Increment(ref _n); await Task.Yield(); }")
	g.line("        return _n;")
	g.line("    }")
	g.line("    readonly int[] _cells = new int[4];")
	g.line("    public int this[int i] { get => _cells[i %% 4]; set => _cells[i %% 4] = value; }")
	g.line("}")
	g.line("")
	g.line("class Slot<T>")
	g.line("{")
	g.line("    public static int Made;")
	g.line("    public static T Last;")
	g.line("    static Slot() { Made = 100; }")
	g.line("    public T Value;")
	g.line("    public Slot(T v) { Value = v; Made++; Last = v; }")
	g.line("    public static string Describe() => typeof(T).Name + \":\" + Made + \":\" + Last;")
	g.line("    public async Task<T> Get() { await Task.Yield(); return Value; }")
	g.line("}")
	g.line("")
	g.initDecls()
	g.line("class Res : IAsyncDisposable, IDisposable")
	g.line("{")
	g.line("    readonly List<string> log;")
	g.line("    readonly int n;")
	g.line("    public Res(List<string> log, int n, bool fail) { if (fail) throw new InvalidOperationException(\"R\" + n); this.log = log; this.n = n; log.Add(\"+\" + n); }")
	g.line("    public async ValueTask DisposeAsync() { await Task.Yield(); log.Add(\"-\" + n); }")
	g.line("    public void Dispose() { log.Add(\"~\" + n); }")
	g.line("}")
	g.line("")
	g.dispatchClasses()
	g.line("")
	g.recordClasses()
	g.structDecls()
	g.derivedDecls()
	g.colorDecls()
	g.awaiterDecls()
	g.line("")
	g.line("static T Pick<T>(T a, T b, bool first) => first ? a : b;")
	g.line("static string Zero<T>(T x) => \"\" + default(T) + typeof(T).Name;")
	g.line("static U Map<T, U>(T x, Func<T, U> f) => f(x);")
	g.line("static async Task<U> MapAsync<T, U>(T x, Func<T, Task<U>> f) => await f(x);")
	g.line("static async Task<long> Widen(int x) { if (x %% 2 == 0) await Task.Yield(); return x; }")
	g.line("delegate string Shown(int x);")
	g.line("")
	g.line("static async Task Main()")
	g.line("{")
	g.indent++
	g.line("al.Value = %d;", g.r.Intn(10))
	escape := g.r.Intn(6) == 0
	if !escape {
		g.line("try")
		g.line("{")
		g.indent++
	}
	g.line("int r = await %s(%d);", g.methods[0].name, g.r.Intn(20))
	g.line("Console.WriteLine(\"result \" + r + \" al \" + al.Value + \" hl \" + hl.Value + \" count \" + Count);")
	if !escape {
		g.indent--
		g.line("}")
		g.line("catch (Exception e)")
		g.line("{")
		g.line("    Console.WriteLine(\"main caught \" + e.GetType().Name + \": \" + e.Message + \" al \" + al.Value);")
		g.line("}")
	}
	g.indent--
	g.line("}")
	for i := range g.methods {
		g.method(i)
	}
	g.indent--
	g.line("}")
	g.awaiterExtension()
	return g.b.String()
}

func (g *gen) method(i int) {
	m := g.methods[i]
	g.cur = i
	g.quiet = m.quiet
	ret := "Task<int>"
	if m.value {
		ret = "ValueTask<int>"
	}
	g.line("")
	// An optional token defaulted with `= default` (its default is
	// CancellationToken.None, which was once null).
	g.line("static async %s %s(int x, CancellationToken ct = default)", ret, m.name)
	g.line("{")
	g.indent++
	g.line("ct.ThrowIfCancellationRequested();")
	g.line("int acc = x + (ct.CanBeCanceled ? 100 : 0);")
	g.print(`"enter %s " + x + " al " + al.Value`, m.name)
	g.block(0, 2+g.r.Intn(4))
	g.print(`"leave %s " + acc`, m.name)
	g.line("return acc;")
	g.indent--
	g.line("}")
}

// print writes a Console.WriteLine unless the method is quiet.
func (g *gen) print(format string, args ...any) {
	if !g.quiet {
		g.line("Console.WriteLine("+format+");", args...)
	}
}

func (g *gen) block(depth, n int) {
	for i := 0; i < n; i++ {
		g.stmt(depth)
	}
}

// callee picks a method deeper than the current one (so the call graph is a
// DAG), quiet ones only when quiet is required; -1 when there is none.
func (g *gen) callee(quietOnly bool) int {
	var cands []int
	for j := g.cur + 1; j < len(g.methods); j++ {
		if !quietOnly || g.methods[j].quiet {
			cands = append(cands, j)
		}
	}
	if len(cands) == 0 {
		return -1
	}
	return cands[g.r.Intn(len(cands))]
}

func (g *gen) stmt(depth int) {
	k := g.r.Intn(28)
	if depth >= 3 && k >= 9 && k < 16 {
		k = g.r.Intn(9)
	}
	switch k {
	case 27:
		g.awaiterStmt()
	case 26:
		g.iterStmt()
	case 25:
		switch g.r.Intn(9) {
		case 8:
			g.colorStmt()
		case 7:
			g.smallGenericStmt()
		case 6:
			g.captureStmt()
		case 5:
			g.derivedStmt()
		case 4:
			g.nullableStmt()
		case 3:
			g.initStmt()
		case 0:
			g.structStmt()
		case 1:
			g.recordStructStmt()
		default:
			g.mdArrayStmt()
		}
	case 24:
		g.queryStmt()
	case 23:
		if g.r.Intn(2) == 0 {
			g.recordStmt()
		} else {
			g.dispatchStmt()
		}
	case 21:
		g.numeric()
	case 16, 17:
		g.throwingAwait(depth)
	case 18:
		id := g.id()
		g.line("hl.Value = acc %% 9 + %d;", id)
		if g.r.Intn(2) == 0 {
			g.line("acc += await Call(async () => { hl.Value = acc + 1; return 1; });")
		} else {
			g.line("acc += await Call(async () => { hl.Value = acc + 2; await Task.Yield(); hl.Value = acc + 3; return 2; });")
		}
		g.print(`"hl%d " + hl.Value`, id)
		g.line("acc += hl.Value %% 4;")
	case 19:
		if g.quiet {
			g.line("acc += await As<int>(acc %% 6);")
			return
		}
		id := g.id()
		g.line("s_count += acc %% 5 + %d;", id%3)
		g.line("await Task.Yield();")
		g.line("acc += Count %% 7 + Twice %% 3;")
		g.print(`"count%d " + Count`, id)
	case 20:
		if g.r.Intn(2) == 0 {
			g.line("acc += await As<int>(acc %% 6) + (await As<string>(\"s\" + acc)).Length;")
			return
		}
		if g.r.Intn(2) == 0 {
			// An indexer whose index and value are awaited.
			id := g.id()
			g.line("var ix%d = new Counter();", id)
			g.line("ix%d[await Task.FromResult(acc %% 7)] = await Task.FromResult(acc %% 9);", id)
			g.line("ix%d[acc] += await new Counter().Bump(1);", id)
			g.line("acc += ix%d[acc];", id)
			return
		}
		g.line("acc += await new Counter().Bump(%d);", 1+g.r.Intn(3))
	case 22:
		switch g.r.Intn(4) {
		case 0:
			g.tupleStmt()
		case 1:
			g.rangeStmt()
		case 2:
			g.usingStmt()
		default:
			g.genericStmt()
		}
	case 0, 1:
		if c := g.callee(g.quiet); c >= 0 {
			g.line("acc += await %s(acc %% 7 + %d);", g.methods[c].name, g.r.Intn(5))
			return
		}
		g.line("acc += await Task.FromResult(%d);", g.r.Intn(10))
	case 2:
		g.line("await Task.Yield();")
		g.line("acc += 1;")
	case 3:
		g.line("await Task.Delay(%d);", 1+g.r.Intn(2))
	case 4:
		switch g.r.Intn(5) {
		case 3:
			// A compound assignment to a small integral type whose right
			// side awaits: the result wraps at the variable's width.
			id := g.id()
			t := []string{"byte", "short", "ushort", "sbyte"}[g.r.Intn(4)]
			g.line("%s sm%d = (%s)(acc %% 100);", t, id, t)
			g.line("sm%d += (%s)await Task.FromResult(acc %% 50 + 90);", id, t)
			g.line("sm%d *= (%s)await Task.FromResult(acc %% 7 + 150);", id, t)
			g.print(`"sm%d " + sm%d`, id, id)
			g.line("acc += sm%d %% 5;", id)
		case 0:
			g.line("acc += await Task.FromResult(%d);", g.r.Intn(10))
		case 1:
			g.line("await Task.CompletedTask;")
		case 2:
			// A discard assignment of an awaited value.
			g.line("_ = await Task.FromResult(acc + %d);", g.r.Intn(10))
		default:
			g.line("acc += await new ValueTask<int>(%d);", g.r.Intn(10))
		}
	case 5:
		id := g.id()
		g.line("var tcs%d = new TaskCompletionSource<int>();", id)
		g.line("var setter%d = Task.Run(async () => { await Task.Yield(); tcs%d.SetResult(%d); });", id, id, g.r.Intn(10))
		g.line("acc += await tcs%d.Task;", id)
		g.line("await setter%d;", id)
	case 6:
		id := g.id()
		g.line("if (acc %% %d == %d)", 2+g.r.Intn(4), g.r.Intn(2))
		g.line("{")
		exc := []string{"InvalidOperationException", "ArgumentException", "Exception"}[g.r.Intn(3)]
		g.line("    throw new %s(\"E%d at \" + acc);", exc, id)
		g.line("}")
	case 7:
		id := g.id()
		g.line("al.Value = acc + %d;", id)
		g.line("await Task.Yield();")
		g.print(`"al%d " + al.Value`, id)
		g.line("acc += al.Value %% 5;")
	case 8:
		if c := g.callee(true); c >= 0 {
			id := g.id()
			n := 1 + g.r.Intn(3)
			g.line("var ts%d = new Task<int>[%d];", id, n)
			g.line("for (int j%d = 0; j%d < %d; j%d++)", id, id, n, id)
			g.line("{")
			g.line("    int arg%d = acc + j%d;", id, id)
			if g.methods[c].value {
				g.line("    ts%d[j%d] = Task.Run(async () => await %s(arg%d));", id, id, g.methods[c].name, id)
			} else {
				g.line("    ts%d[j%d] = Task.Run(() => %s(arg%d));", id, id, g.methods[c].name, id)
			}
			g.line("}")
			g.line("var rs%d = await Task.WhenAll(ts%d);", id, id)
			g.line("foreach (var v%d in rs%d) acc += v%d %% 11;", id, id, id)
			return
		}
		g.line("await Task.Yield();")
	case 9, 10, 11:
		g.tryStmt(depth)
	case 12, 13:
		g.loop(depth)
	case 14:
		if g.loops > 0 {
			g.line("if (acc %% %d == 0) break;", 2+g.r.Intn(3))
			return
		}
		g.line("acc += await Task.FromResult(acc %% 3);")
	case 15:
		if g.loops > 0 {
			g.line("if (acc %% %d == 1) { await Task.Yield(); continue; }", 2+g.r.Intn(3))
			return
		}
		g.line("await Task.Yield();")
	}
}

// genericStmt uses a generic class whose constructed types have their
// own statics and static constructor runs (main flow only: quiet methods
// run concurrently) and generic methods with inferred type arguments,
// among them type arguments inferred from a lambda's return type (Map,
// and MapAsync with an async lambda: U is Task<U>'s argument).
func (g *gen) genericStmt() {
	if g.quiet {
		g.line("acc += Pick(acc %% 5, %d, acc %% 2 == 0) + Zero(acc).Length + Map(acc, x => x %% 3);", g.r.Intn(9))
		return
	}
	id := g.id()
	switch g.r.Intn(6) {
	case 5:
		// The run-time types of what the library makes for a generic
		// method, of an async method's task and of delegates.
		g.line("var lt%d = new List<int> { acc %% 7, %d };", id, g.r.Intn(9))
		g.line("Func<int, string> fd%d = x => x.ToString();", id)
		g.line("Shown sd%d = x => \"\" + x;", id)
		g.line("var wt%d = Widen(acc);", id)
		g.line("acc += (int)(await wt%d %% 5);", id)
		g.print(`"types%d " + wt%d.GetType() + " " + Task.FromResult(acc).GetType() + " " + lt%d.ConvertAll(x => x.ToString()).GetType()`, id, id, id)
		g.print(`"types%d " + lt%d.Select(x => x * 0.5).ToArray().GetType() + " " + lt%d.Select(fd%d).ToList().GetType() + " " + lt%d.ToDictionary(x => x.ToString()).GetType()`, id, id, id, id, id)
		g.print(`"types%d " + fd%d.GetType() + " " + sd%d.GetType() + " " + ((object)sd%d is Func<int, string>) + " " + ((object)fd%d is Func<int, string>)`, id, id, id, id, id)
		return
	case 3:
		g.line("var mp%d = Map(acc, x => x * 0.5);", id)
		g.line("acc += (int)mp%d %% 5;", id)
		g.print(`"map%d " + Zero(mp%d) + " " + mp%d + " " + Zero(Map(acc, x => (byte)x))`, id, id, id)
		return
	case 4:
		g.line("var ma%d = await MapAsync(acc, async x => { await Task.Yield(); return (long)x * %d; });", id, 2+g.r.Intn(5))
		g.line("acc += (int)(ma%d %% 7);", id)
		g.print(`"mapasync%d " + Zero(ma%d) + " " + ma%d`, id, id, id)
		return
	}
	switch g.r.Intn(3) {
	case 0:
		g.line("var sl%d = new Slot<int>(acc %% 13);", id)
		g.line("acc += await sl%d.Get() + Slot<int>.Made %% 5;", id)
		g.print(`"slot%d " + Slot<int>.Describe() + " " + Slot<string>.Made + " " + Zero(acc)`, id)
	case 1:
		g.line(`var sl%d = new Slot<string>("s" + acc);`, id)
		g.line("acc += (await sl%d.Get()).Length + Slot<string>.Made %% 3;", id)
		g.print(`"slot%d " + Slot<string>.Describe() + " " + Slot<long>.Made + " " + Zero("x")`, id)
	default:
		g.line("var sl%d = new Slot<long>(acc);", id)
		g.line("acc += (int)(await sl%d.Get() %% 7) + Slot<long>.Made %% 4 + Pick(1, 2, acc > 5);", id)
		g.print(`"slot%d " + Slot<long>.Describe() + " " + Slot<int>.Made + " " + Zero(2L)`, id)
	}
}

// tupleStmt makes tuples and takes them apart across awaits: a literal
// with names, an element assignment on a copy (the original keeps its
// value), a deconstruction and a swap, and tuple equality.
func (g *gen) tupleStmt() {
	id := g.id()
	g.line("var tp%d = (A: acc %% 11, B: \"t\" + %d, C: (acc %% 3, %d.5));", id, id, g.r.Intn(5))
	g.line("var tc%d = tp%d;", id, id)
	g.line("tc%d.A += %d;", id, 1+g.r.Intn(4))
	g.line("tc%d.C.Item1++;", id)
	g.line("await Task.Yield();")
	g.line("var (ta%d, tb%d, (tx%d, ty%d)) = tc%d;", id, id, id, id, id)
	g.line("(ta%d, tx%d) = (tx%d, ta%d);", id, id, id, id)
	g.line("acc += ta%d %% 5 + tb%d.Length + (tp%d == tc%d ? 1 : 0) + (tp%d.C == (tp%d.C.Item1, tp%d.C.Item2) ? 2 : 0);", id, id, id, id, id, id, id)
	if !g.quiet {
		g.print(`"tuple%d " + tp%d + " " + tc%d + " " + ta%d + " " + tx%d + " " + ty%d + " " + (tp%d != tc%d)`, id, id, id, id, id, id, id, id)
	}
}

// usingStmt is a using or await using statement over several resources,
// one of whose constructors may throw (the ones made before it are still
// disposed), or over null; the log records the order.
func (g *gen) usingStmt() {
	id := g.id()
	fail := g.r.Intn(3) == 0
	g.line("var log%d = new List<string>();", id)
	g.line("try")
	g.line("{")
	g.indent++
	switch g.r.Intn(4) {
	case 0:
		g.line("await using (Res a%d = new Res(log%d, 1, false), b%d = new Res(log%d, 2, %t))", id, id, id, id, fail)
		g.line("{ await Task.Yield(); acc += %d; }", g.r.Intn(5))
	case 1:
		g.line("using (Res a%d = new Res(log%d, 1, false), b%d = new Res(log%d, 2, %t))", id, id, id, id, fail)
		g.line("{ acc += await Task.FromResult(%d); }", g.r.Intn(5))
	case 2:
		g.line("await using Res a%d = new Res(log%d, 1, false), b%d = new Res(log%d, 2, %t);", id, id, id, id, fail)
		g.line("acc += await Task.FromResult(%d);", g.r.Intn(5))
	default:
		g.line("await using (null) { await Task.Yield(); acc += 1; log%d.Add(\"null\"); }", id)
	}
	g.indent--
	g.line("}")
	g.line("catch (InvalidOperationException e%d) { log%d.Add(e%d.Message); }", id, id, id)
	g.print(`"using%d " + string.Join(",", log%d)`, id, id)
	g.line("acc += log%d.Count;", id)
}

func (g *gen) tryStmt(depth int) {
	id := g.id()
	g.line("try")
	g.line("{")
	g.indent++
	g.block(depth+1, 1+g.r.Intn(3))
	g.indent--
	g.line("}")
	hasCatch := g.r.Intn(4) != 0
	if hasCatch {
		exc := []string{"InvalidOperationException", "ArgumentException", "Exception"}[g.r.Intn(3)]
		g.line("catch (%s e%d)", exc, id)
		g.line("{")
		g.indent++
		g.print(`"catch%d " + e%d.Message`, id, id)
		g.line("await Task.Yield();")
		g.line("acc += %d;", g.r.Intn(10))
		if g.r.Intn(4) == 0 {
			g.line("throw;")
		}
		g.indent--
		g.line("}")
	}
	if !hasCatch || g.r.Intn(2) == 0 {
		g.line("finally")
		g.line("{")
		g.indent++
		g.line("await Task.Delay(1);")
		g.print(`"finally%d " + acc`, id)
		g.line("acc += 1;")
		g.indent--
		g.line("}")
	}
}

func (g *gen) loop(depth int) {
	id := g.id()
	n := 1 + g.r.Intn(4)
	shape := g.r.Intn(3)
	switch shape {
	case 0:
		g.line("for (int i%d = 0; i%d < %d; i%d++)", id, id, n, id)
	case 1:
		g.line("int w%d = 0;", id)
		g.line("while (w%d++ < %d)", id, n)
	default:
		g.line("int d%d = 0;", id)
		g.line("do")
	}
	g.line("{")
	g.indent++
	g.loops++
	g.block(depth+1, 1+g.r.Intn(3))
	g.loops--
	g.indent--
	if shape == 2 {
		g.line("} while (++d%d < %d);", id, n)
		return
	}
	g.line("}")
}

// throwingAwait assigns a local from an await that may throw after
// suspending, inside a try whose catch and finally read the local: a throw
// leaves the local as it was before the assignment.
func (g *gen) throwingAwait(depth int) {
	id := g.id()
	g.line("int v%d = acc + %d;", id, g.r.Intn(50))
	g.line("try")
	g.line("{")
	g.indent++
	fail := []string{"true", "false", fmt.Sprintf("acc %% 2 == %d", g.r.Intn(2))}[g.r.Intn(3)]
	if c := g.callee(g.quiet); c >= 0 && g.r.Intn(3) == 0 {
		g.line("v%d = await %s(v%d %% 5);", id, g.methods[c].name, id)
	} else {
		g.line("v%d = await ThrowAfter(v%d + 1, %s);", id, id, fail)
	}
	if depth < 2 && g.r.Intn(2) == 0 {
		g.block(depth+1, 1)
	}
	g.indent--
	g.line("}")
	hasCatch := g.r.Intn(3) != 0
	if hasCatch {
		g.line("catch (Exception e%d)", id)
		g.line("{")
		g.indent++
		g.print(`"caught%d " + v%d + " " + e%d.Message`, id, id, id)
		if g.r.Intn(2) == 0 {
			g.line("await Task.Yield();")
		}
		g.line("v%d += 3;", id)
		g.indent--
		g.line("}")
	}
	if !hasCatch || g.r.Intn(2) == 0 {
		g.line("finally")
		g.line("{")
		g.indent++
		if g.r.Intn(2) == 0 {
			g.line("await Task.Yield();")
		}
		g.print(`"fin%d " + v%d`, id, id)
		g.line("acc += v%d %% 3;", id)
		g.indent--
		g.line("}")
	}
	g.line("acc += v%d %% 13;", id)
}

// numericTypes are the types numeric statements compute in.
var numericTypes = []string{"sbyte", "byte", "short", "ushort", "int", "uint", "long", "ulong", "float", "double", "decimal"}

// numeric computes in a random numeric type, in a checked, unchecked or
// default context, with awaits between the steps; an overflow is caught
// and printed, so both models must agree on where one happens.
func (g *gen) numeric() {
	id := g.id()
	ty := numericTypes[g.r.Intn(len(numericTypes))]
	integral := ty != "float" && ty != "double" && ty != "decimal"
	ctx := []string{"checked", "unchecked", ""}[g.r.Intn(3)]
	g.line("try")
	g.line("{")
	g.indent++
	g.line("%s n%d = unchecked((%s)(acc * %d + %d));", ty, id, ty, 1+g.r.Intn(100000), g.r.Intn(1000))
	if ctx != "" {
		g.line("%s", ctx)
		g.line("{")
		g.indent++
	}
	for k := 0; k < 1+g.r.Intn(4); k++ {
		switch g.r.Intn(7) {
		case 0:
			g.line("n%d += %d;", id, 1+g.r.Intn(100))
		case 1:
			g.line("n%d *= %d;", id, 2+g.r.Intn(100))
		case 2:
			g.line("n%d++;", id)
		case 3:
			g.line("n%d--;", id)
		case 4:
			g.line("n%d = (%s)(n%d - %d);", id, ty, id, g.r.Intn(100000))
		case 5:
			if integral {
				g.line("n%d = (%s)((n%d >>> %d) + (n%d << %d));", id, ty, id, g.r.Intn(70), id, g.r.Intn(70))
			} else {
				g.line("n%d /= %d;", id, 1+g.r.Intn(9))
			}
		default:
			g.line("await Task.Yield();")
		}
	}
	if ctx != "" {
		g.indent--
		g.line("}")
	}
	g.print(`"num%d " + n%d + " " + n%d.GetType().Name`, id, id, id)
	g.line("acc += (int)(n%d %% 7);", id)
	g.indent--
	g.line("}")
	g.line("catch (OverflowException e%d)", id)
	g.line("{")
	g.indent++
	g.print(`"overflow%d " + e%d.Message`, id, id)
	g.line("acc += 1;")
	g.indent--
	g.line("}")
}

// initDecls declares Box, whose constructor and setters append to a trace,
// and SubBox, which reaches Box's members through `base` in an async
// method (initStmt).
func (g *gen) initDecls() {
	g.line("class Box")
	g.line("{")
	g.line("    public static string Trace = \"\";")
	g.line("    public Box() { Trace += \"n\"; }")
	g.line("    int _a;")
	g.line("    public virtual int A { get => _a; set { Trace += \"a\" + value; _a = value; } }")
	g.line("    public int B;")
	g.line("    public List<int> Items { get; } = new List<int>();")
	g.line("    public virtual int V(int x) => x + 1;")
	g.line("}")
	g.line("")
	g.line("class SubBox : Box")
	g.line("{")
	g.line("    public override int A { get => -1; set => Trace += \"s\"; }")
	g.line("    public override int V(int x) => x + 100;")
	g.line("    public async Task<int> BaseV(int x) { base.A = await Logged(x); base.A += 1; return base.V(await Logged(base.A)); }")
	g.line("}")
	g.line("")
	g.line("static async Task<int> Logged(int x) { Box.Trace += \"w\" + x; await Task.Yield(); return x; }")
}

// initStmt awaits inside object, collection and index initializers: the
// object is made first, then the members are assigned in order (the trace
// shows the order), and SubBox.BaseV calls Box's members through `base`
// from its state machine.
func (g *gen) initStmt() {
	id := g.id()
	g.line("Box.Trace = \"\";")
	g.line("var bx%d = new Box { B = acc %% 3, A = await Logged(acc %% 5), Items = { 1, await Logged(%d) } };", id, g.r.Intn(9))
	g.line("var ls%d = new List<int> { acc %% 4, await Logged(%d) };", id, g.r.Intn(9))
	g.line("var dc%d = new Dictionary<int, int> { [acc %% 3] = await Logged(4), [7] = await Logged(acc %% 2) };", id)
	g.line("acc += bx%d.A + bx%d.Items.Count + ls%d.Count + dc%d.Count + await new SubBox { B = %d }.BaseV(acc %% 3) %% 7;", id, id, id, id, g.r.Intn(5))
	if !g.quiet {
		g.print(`"init%d " + Box.Trace + " " + bx%d.B + " " + string.Join(",", ls%d)`, id, id, id)
	}
}

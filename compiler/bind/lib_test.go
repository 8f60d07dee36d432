package bind

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"asyncvm/lang"
	"asyncvm/vm"
	_ "asyncvm/vm/lib"       // the library types the tables describe
	_ "asyncvm/vm/threading" // and the threading ones
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

// libAllowed lists the run-time library members the typed tables do not
// declare, each with the reason. Everything else the VM registers must be
// declared (TestLibraryTablesComplete), so that the binder checks it.
var libAllowed = map[string]string{
	"Internal.VM":                 "natives the code generator calls (default(T), stack traces, type arguments); not C# API",
	"Internal.Equality":           "EqualityComparer<T>.Default's comparison, which the prelude calls; not C# API",
	"Internal.Continuation":       "a Go continuation posted to a SynchronizationContext (the state of its callback); not C# API",
	"Internal.PatternAwaiter":     "the VM's adapter of a user awaiter an await bound to the awaiter pattern; not C# API",
	"System.Object.Clone":         "array members registered on Object for run-time dispatch; declared on System.Array",
	"System.Object.CopyTo":        "array member registered on Object; declared on System.Array",
	"System.Object.GetLength":     "array member registered on Object; declared on System.Array",
	"System.Object.GetLowerBound": "array member registered on Object; declared on System.Array",
	"System.Object.GetUpperBound": "array member registered on Object; declared on System.Array",
	"System.Object.Length":        "array member registered on Object; declared on System.Array",
	"System.Object.LongLength":    "array member registered on Object; declared on System.Array",
	"System.Object.Rank":          "array member registered on Object; declared on System.Array",
	"System.Object.Count":         "collection member registered on Object for boxed collections; declared on each collection",
	"System.Object.GetEnumerator": "registered on Object for foreach over any sequence; declared on each collection",
	"System.Object.CompareTo":     "registered on Object for boxed primitives; IComparable.CompareTo",
	"System.Runtime.CompilerServices.RuntimeHelpers.GetSubArray/arity": "hidden type argument",
	"System.Range..ctor/arity":                          "one native for new Range() and new Range(start, end)",
	"System.DateOnly..ctor/arity":                       "one native for new DateOnly() and new DateOnly(y, m, d)",
	"System.DateTimeOffset..ctor/arity":                 "one native for every constructor (none, a DateTime, ticks or fields with an offset)",
	"System.DateOnly.TryParseExact/arity":               "one native for TryParseExact(s, format, out r) and the five-argument form",
	"System.TimeOnly.TryParseExact/arity":               "one native for TryParseExact(s, format, out r) and the five-argument form",
	"System.Delegate.Invoke":                            "declared by each delegate type with its signature",
	"System.Type.Assembly":                              "reflection beyond GetType()/typeof is out of the language; the BenchmarkDotNet runner reads it",
	"System.Reflection.Assembly":                        "reflection is out of the language; registered for BenchmarkDotNet's BenchmarkRunner.Run(typeof(P).Assembly)",
	"BenchmarkDotNet.Running.BenchmarkRunner":           "the built-in benchmark runner (asyncvm bench), not .NET library API",
	"BenchmarkDotNet.Running.BenchmarkSwitcher":         "the built-in benchmark runner (asyncvm bench), not .NET library API",
	"BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule": "an enum of the built-in benchmark runner's attributes",
	"System.Collections.Generic.Dictionary.Contains":    "KeyCollection's ICollection<TKey>.Contains (explicit in .NET), which Enumerable.Contains reaches by name",
	"System.Int128.AdditiveIdentity":                    "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.Int128.MultiplicativeIdentity":              "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.Int128.Radix":                               "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.Int128.IsCanonical":                         "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.Int128.IsComplexNumber":                     "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.Int128.IsFinite":                            "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.Int128.IsImaginaryNumber":                   "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.Int128.IsInfinity":                          "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.Int128.IsInteger":                           "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.Int128.IsNaN":                               "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.Int128.IsRealNumber":                        "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.Int128.IsZero":                              "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.Int128..ctor/arity":                         "one native for new Int128() and new Int128(upper, lower)",
	"System.UInt128.AdditiveIdentity":                   "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.UInt128.MultiplicativeIdentity":             "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.UInt128.Radix":                              "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.UInt128.IsCanonical":                        "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.UInt128.IsComplexNumber":                    "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.UInt128.IsFinite":                           "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.UInt128.IsImaginaryNumber":                  "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.UInt128.IsInfinity":                         "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.UInt128.IsInteger":                          "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.UInt128.IsNaN":                              "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.UInt128.IsRealNumber":                       "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.UInt128.IsZero":                             "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.UInt128.Abs":                                "generic math member (an explicit interface implementation in .NET) a type parameter reaches by name",
	"System.UInt128..ctor/arity":                        "one native for new UInt128() and new UInt128(upper, lower)",
	// Argument counts the natives accept that no .NET overload has (the
	// natives share code with a wider overload, or take a generic
	// method's type argument as a hidden last argument).
	"System.Array.Clear/arity":                                  "shares the native of Clear(Array, int, int)",
	"System.Array.Copy/arity":                                   "shares the native of the five-argument Copy",
	"System.Array.ConvertAll/arity":                             "hidden type arguments <TInput, TOutput> after two arguments (4), or none (2)",
	"System.Array.Empty/arity":                                  "hidden type argument",
	"System.Array.Fill/arity":                                   "shares the native of the four-argument Fill",
	"System.Array.Resize/arity":                                 "hidden type argument",
	"System.Array.Reverse/arity":                                "shares the native of Reverse(Array, int, int)",
	"System.Text.StringBuilder.Replace/arity":                   "one native for Replace(a, b) and Replace(a, b, start, count)",
	"System.Boolean.Parse/arity":                                "shares the number parser's native (style, provider)",
	"System.Boolean.TryParse/arity":                             "shares the number parser's native (style, provider)",
	"System.Char.IsAscii/arity":                                 "shares the native of the (string, int) classifiers",
	"System.Char.Parse/arity":                                   "shares the number parser's native (style, provider)",
	"System.Char.TryParse/arity":                                "shares the number parser's native (style, provider)",
	"System.Console.Write/arity":                                "one native for every Write overload",
	"System.DateTime..ctor/arity":                               "one native for every constructor",
	"System.IO.TextWriter.Write/arity":                          "one native for every Write overload",
	"System.Linq.Enumerable.Cast/arity":                         "hidden type argument",
	"System.Linq.Enumerable.OfType/arity":                       "hidden type argument",
	"System.Linq.Enumerable.Empty/arity":                        "hidden type argument",
	"System.Linq.Enumerable.Distinct/arity":                     "one native for the comparer overloads",
	"System.Linq.Enumerable.ToDictionary/arity":                 "one native for both overloads, each with its hidden type arguments (4 or 6) or without (2 or 3)",
	"System.Linq.Enumerable.DistinctBy/arity":                   "one native for the comparer overloads",
	"System.Linq.Enumerable.Except/arity":                       "one native for the comparer overloads",
	"System.Linq.Enumerable.Intersect/arity":                    "one native for the comparer overloads",
	"System.Linq.Enumerable.Union/arity":                        "one native for the comparer overloads",
	"System.Linq.Enumerable.Zip/arity":                          "Zip(first, second) returns tuples, which the language does not have yet",
	"System.Math.DivRem/arity":                                  "DivRem(int, int) returns a tuple, which the language does not have yet",
	"System.Object.ToString/arity":                              "ToString(format[, provider]) of boxed numbers, declared on each numeric type",
	"System.Text.StringBuilder.ToString/arity":                  "shares the native of ToString(int, int)",
	"System.Threading.ManualResetEvent..ctor/arity":             "one native with ManualResetEventSlim's constructor",
	"System.Threading.Tasks.TaskFactory.StartNew/arity":         "hidden type argument of StartNew<TResult>",
	"System.Threading.ThreadPool.UnsafeQueueUserWorkItem/arity": "shares QueueUserWorkItem's native",
	"System.TimeSpan..ctor/arity":                               "one native for every constructor",
}

// ctorNative names the constructor a native registered as ".ctor(T)"
// implements (a library type's constructor taking its own type parameter,
// which codegen calls by that name when the binder chose it).
func ctorNative(name string) string {
	if name == ".ctor(T)" {
		return ".ctor"
	}
	return name
}

// TestLibraryTablesComplete enumerates the members the VM registers for
// every library type and the LINQ extension methods, and fails for any
// the typed tables (library.cs) do not declare, or declare with the other
// static-ness, operators (op_Addition, ...) included.
func TestLibraryTablesComplete(t *testing.T) {
	info, _ := Bind(nil, nil)
	u := info.Universe
	declared := func(tt *Type, name string, static bool) (found, staticOK bool) {
		for c, n := tt, 0; c != nil && n < 64; c, n = c.Base, n+1 {
			for _, s := range u.declared(c, name) {
				found = true
				switch s := s.(type) {
				case *Field:
					staticOK = staticOK || s.Static == static
				case *Property:
					staticOK = staticOK || s.Static == static
				case *Method:
					staticOK = staticOK || s.Static == static || name == ".ctor"
				}
			}
			if tt.Kind == Interface {
				break
			}
		}
		return
	}
	check := func(vt *vm.Type, tts []*Type, name string, static bool) {
		if strings.IndexByte(name, '|') >= 0 {
			return // an explicit implementation (vm.ExplicitKey): the interface declares it
		}
		name = ctorNative(name)
		member := name
		switch {
		case strings.HasPrefix(name, "get_"), strings.HasPrefix(name, "set_"):
			member = name[4:]
		}
		key := vt.Namespace + "." + stripArity(vt.Name) + "." + member
		if _, ok := libAllowed[key]; ok {
			return
		}
		if member == "Chars" || member == "Item" {
			member = "this[]"
		}
		found, staticOK := false, false
		for _, tt := range tts {
			f, ok := declared(tt, member, static)
			found, staticOK = found || f, staticOK || ok
		}
		switch {
		case !found:
			t.Errorf("%s: registered by the VM but not declared in library.cs", key)
		case !staticOK:
			t.Errorf("%s: declared with the wrong static-ness (static %v in the VM)", key, static)
		}
	}
	// arities checks that every argument count native f accepts is
	// accepted by a declared method of its name (accessors and operators
	// excepted), so that a call the VM runs is one the binder resolves.
	arities := func(vt *vm.Type, tts []*Type, name string, f *vm.Func) {
		if strings.IndexByte(name, '|') >= 0 {
			return
		}
		name = ctorNative(name)
		if strings.HasPrefix(name, "op_") || strings.HasPrefix(name, "get_") || strings.HasPrefix(name, "set_") {
			return
		}
		key := vt.Namespace + "." + stripArity(vt.Name) + "." + name
		if _, ok := libAllowed[key]; ok {
			return
		}
		if _, ok := libAllowed[key+"/arity"]; ok {
			return
		}
		max := f.NumParams
		if f.Variadic {
			max = f.NumParams + 2
		}
		if name == ".ctor" && strings.IndexByte(vt.Name, '`') >= 0 {
			// A generic type's constructor takes its type arguments as
			// hidden last arguments.
			k, _ := strconv.Atoi(vt.Name[strings.IndexByte(vt.Name, '`')+1:])
			max -= k
		}
		for n := f.MinParams; n <= max; n++ {
			ok := false
			for _, tt := range tts {
				for c, depth := tt, 0; c != nil && depth < 64 && !ok; c, depth = c.Base, depth+1 {
					for _, s := range u.declared(c, name) {
						if m, isM := s.(*Method); isM && minArgs(m) <= n && (n <= len(m.Params) || m.IsParams()) {
							ok = true
						}
						// A TypeArgs native also takes a generic method's
						// type arguments as hidden last arguments.
						if m, isM := s.(*Method); isM && f.TypeArgs && len(m.TypeParams) > 0 {
							if k := n - len(m.TypeParams); minArgs(m) <= k && (k <= len(m.Params) || m.IsParams()) {
								ok = true
							}
						}
					}
				}
			}
			if !ok {
				t.Errorf("%s: the VM accepts %d arguments, no declared overload does", key, n)
			}
		}
	}
	for _, vt := range vm.Builtins() {
		full := vt.Namespace + "." + stripArity(vt.Name)
		if _, ok := libAllowed[full]; ok {
			continue
		}
		var tts []*Type
		if outerName, inner, ok := strings.Cut(vt.Name, "+"); ok {
			// A nested type (Dictionary`2+KeyCollection): a member of its
			// outer type's table.
			outer := u.lookup(vt.Namespace+"."+stripArity(outerName), vt.Arity()-(&vm.Type{Name: inner}).Arity())
			if outer != nil {
				if nt := (&binder{u: u}).nestedType(outer, stripArity(inner), (&vm.Type{Name: inner}).Arity()); nt != nil {
					tts = append(tts, nt)
				}
			}
			if len(tts) == 0 {
				t.Errorf("%s: a nested library type without a table in library.cs", vt.FullName())
				continue
			}
		} else {
			arity := 0
			if i := strings.IndexByte(vt.Name, '`'); i >= 0 {
				arity, _ = strconv.Atoi(vt.Name[i+1:])
			}
			if u.lookup(full, arity) == nil {
				t.Errorf("%s: a library type without a table in library.cs", full)
				continue
			}
			// One run-time type stands for the generic and non-generic C#
			// types of its name (Task and Task<TResult>, KeyValuePair and
			// KeyValuePair<TKey, TValue>): a member of either counts.
			for n := 0; n <= 4; n++ {
				if tt := u.lookup(full, n); tt != nil {
					tts = append(tts, tt)
				}
			}
		}
		for name, fs := range vt.Methods {
			for _, f := range fs {
				if f.Owner == vt || f.Owner == nil {
					check(vt, tts, name, false)
					arities(vt, tts, name, f)
				}
			}
		}
		for name, fs := range vt.Statics {
			check(vt, tts, name, true)
			for _, f := range fs {
				arities(vt, tts, name, f)
			}
		}
	}
	enumerable := u.lookup("System.Linq.Enumerable", 0)
	for name := range vm.LibraryExtensions() {
		ok := false
		for _, s := range u.declared(enumerable, name) {
			if m, isM := s.(*Method); isM && m.Ext {
				ok = true
			}
		}
		if !ok {
			t.Errorf("System.Linq.Enumerable.%s: a LINQ extension the VM registers but library.cs does not declare", name)
		}
	}
}

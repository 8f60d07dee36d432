package compiler

import (
	"strings"

	"asyncvm/compiler/bind"
	"asyncvm/lang"
)

// prelude_ast.go holds prelude.cs's syntax tree as Go code (preludeAST), so
// that a compilation does not parse the prelude; each call builds a fresh
// tree because the sm lowering rewrites it. TestPreludeAST fails while the
// file is stale.
//go:generate go run asyncvm/internal/astgen -in prelude.cs -out prelude_ast.go -pkg compiler -func preludeAST -name <prelude> -posfile PreludeFile

// preludeOnDemand lists the parts of the prelude that are compiled only into
// a program that names them: a namespace whose types a program reaches only
// through a using directive or a qualified name (C# requires one, as it is
// not among the implicit usings), or types of an implicit namespace that
// a program reaches only by their names. Nothing else in the prelude, the
// library tables or the VM refers to them (TestPreludeOnDemandClosed), so
// leaving them out changes nothing for a program that does not name them;
// every other prelude class (the exception hierarchy, which the VM
// instantiates by name, and the interfaces library types implement) is
// compiled with every program.
var preludeOnDemand = []preludePart{
	{namespace: "System.Threading.Channels"},
	{namespace: "System.Text.RegularExpressions", members: []string{"Xunit"}}, // Assert.Matches
	{namespace: "System.ComponentModel", members: []string{"Xunit"}},          // Assert.PropertyChanged
	{namespace: "System.Numerics", types: []string{"IParsable", "ISpanParsable"},
		// the numeric types' own generic math members (int.CreateChecked)
		members: []string{"CreateChecked", "CreateSaturating", "CreateTruncating", "IsPow2", "PopCount", "LeadingZeroCount",
			"TrailingZeroCount", "RotateLeft", "RotateRight", "IsEvenInteger", "IsOddInteger", "MaxMagnitude", "MinMagnitude", "CopySign",
			numericStaticMark}},
	// with Xunit.Sdk; Assert.Matches and Assert.PropertyChanged need the
	// other two
	{namespace: "Xunit", requires: []string{"System.Text.RegularExpressions", "System.ComponentModel"}},
	{namespace: "TestLibrary"},
	{types: []string{"AssertExtensions"}},
	{types: []string{"UnauthorizedAccessException", "PlatformNotSupportedException", "IOException",
		"FileNotFoundException", "DirectoryNotFoundException", "EndOfStreamException"},
		thrownBy: []string{"File", "Directory", "Path", "FileStream", "StreamReader", "StreamWriter"}},
	{types: []string{"Timeout"}},
	{types: []string{"ThreadLocal"}},
	{types: []string{"HashCode"}},
	{types: []string{"Tuple", "ITupleInternal", "TupleExtensions"}, members: []string{"ToTuple", "ToValueTuple"}},
	{types: []string{"Span", "ReadOnlySpan", "Memory", "ReadOnlyMemory", "MemoryExtensions", "StringCreateExtensions", "SpanAction", "ReadOnlySpanAction",
		"StringBuilderChunks", "ChunkEnumerator"},
		members: []string{"AsSpan", "AsMemory", "Create", "GetChunks"}},
	{types: []string{"GC"}},
	{types: []string{"MathF"}},
	{types: []string{"Debug", "Trace"}},
	{types: []string{"Lazy", "LazyThreadSafetyMode"}},
	{types: []string{"PeriodicTimer"}},
	{types: []string{"ConcurrentExclusiveSchedulerPair", "ConcurrentExclusiveTaskScheduler"}},
	{types: []string{"ConcurrentStack"}},
	{namespace: "System.Timers"},
	{types: []string{"Guid"}},
	// Progress<T> posts to the SynchronizationContext it captured
	{types: []string{"SynchronizationContext", "SendOrPostCallback", "Progress", "IProgress"}},
	{types: []string{"ManualResetValueTaskSourceCore", "ManualResetValueTaskSourceCoreState"}},
	{types: []string{"TaskWaitExtensions"}, members: []string{"WaitAsync", "Unwrap"}},
	{types: []string{"ILookup", "Lookup", "LookupExtensions"}, members: []string{"ToLookup"}},
	{types: []string{"PairDictionaryExtensions"}, members: []string{"ToDictionary"}},
	{types: []string{"OuterJoinExtensions"}, members: []string{"LeftJoin", "RightJoin"}},
	{types: []string{"EnumerableOverloads"}, members: []string{"Zip", "Max", "Min"}},
	{types: []string{"ParallelQuery", "ParallelEnumerable", "ParallelExecutionMode", "ParallelMergeOptions"}, members: []string{"AsParallel"}},
	{types: []string{"AsyncEnumerable", "AsyncLinqOp", "AsyncLinqOpEnumerator", "AsyncFromEnumerable", "AsyncFromEnumerator"},
		// named by one of its methods that only it has
		members: []string{"ToAsyncEnumerable", "ToListAsync", "ToArrayAsync", "CountAsync", "AnyAsync", "AllAsync",
			"ContainsAsync", "FirstAsync", "FirstOrDefaultAsync", "LastAsync", "SumAsync", "MinAsync", "MaxAsync", "AverageAsync", "AggregateAsync"}},
	{types: []string{"EqualityComparer", "ObjectEqualityComparer", "DelegateEqualityComparer", "Comparer", "ObjectComparer", "ComparisonComparer", "CollectionComparers",
		"SortedDictionary", "SortedSet", "SortedList", "LinkedList", "LinkedListNode", "PriorityQueue"}},
	{types: []string{"IObservable", "IObserver"}},
	// System.Text.Json with the encoder and Unicode ranges its options name
	{namespace: "System.Text.Json", requires: []string{"System.Text.Encodings.Web", "System.Text.Unicode", "Guid"}},
	{namespace: "System.Text.Encodings.Web", requires: []string{"System.Text.Unicode"}},
	{namespace: "System.Text.Unicode"}, // named by Encoding.Unicode too: it needs nothing else
	// ObservableCollection's events come with it (System.Collections.Specialized,
	// and the System.ComponentModel part)
	{namespace: "System.Collections.ObjectModel", types: []string{"ObjectModelExtensions",
		"NotifyCollectionChangedAction", "NotifyCollectionChangedEventHandler", "INotifyCollectionChanged", "NotifyCollectionChangedEventArgs"},
		members: []string{"AsReadOnly"}, requires: []string{"System.ComponentModel"}},
}

// numericStaticMark stands in programNames for a generic math member named
// on a numeric type (int.Max, double.IsInteger): names too common to key
// the System.Numerics part on alone (Math.Max).
const numericStaticMark = "<numeric static>"

var numericTypeNames = map[string]bool{
	"sbyte": true, "byte": true, "short": true, "ushort": true, "int": true, "uint": true, "long": true, "ulong": true,
	"char": true, "float": true, "double": true, "decimal": true, "nint": true, "nuint": true,
	"SByte": true, "Byte": true, "Int16": true, "UInt16": true, "Int32": true, "UInt32": true, "Int64": true, "UInt64": true,
	"Char": true, "Single": true, "Double": true, "Decimal": true,
}

// preludePart is one entry of preludeOnDemand: every type of namespace, or
// the types named.
type preludePart struct {
	namespace string
	types     []string // with a namespace: types of other namespaces that go with it
	members   []string // extension methods of its types, or members they give other types, named by a call (`xs.ToLookup(f)`)
	// thrownBy names library types whose natives throw the part's
	// exceptions by name: a program that names one gets the part, so that
	// it sees those exceptions' own types.
	thrownBy []string
	// requires names the namespaces of parts this part's code uses (or a
	// type of a part without a namespace): they come with it.
	requires []string
}

// holds reports whether td belongs to the part.
func (p preludePart) holds(td *lang.TypeDecl) bool {
	if p.namespace != "" && (td.Namespace == p.namespace || strings.HasPrefix(td.Namespace, p.namespace+".")) {
		return true
	}
	for _, n := range p.types {
		if td.Name == n {
			return true
		}
	}
	return false
}

// preludeFor returns the prelude tree for a compilation of files: all of
// prelude.cs except the parts of preludeOnDemand the files do not name. A
// part is named when a simple name, a member name, a segment of a type or
// of a using directive's name, equals one of its types' names or its
// namespace's last segment (`using System.Threading.Channels;`,
// `Channel.CreateUnbounded<int>()`). The test is by name only, so a
// program's own type or member of such a name keeps the part: harmless.
func preludeFor(files []*lang.File) *lang.File {
	pre := preludeAST()
	names := programNames(files)
	required := map[string]bool{}
	for _, p := range preludeOnDemand {
		if len(p.requires) > 0 && (p.namedIn(names, pre) || p.thrownIn(names)) {
			for _, ns := range p.requires {
				required[ns] = true
			}
		}
	}
	keep := pre.Types[:0]
	for _, td := range pre.Types {
		if part, ok := onDemandPart(td); !ok || part.namedIn(names, pre) || part.thrownIn(names) || required[part.namespace] || part.requiredType(required) {
			keep = append(keep, td)
		}
	}
	pre.Types = keep
	return pre
}

func onDemandPart(td *lang.TypeDecl) (preludePart, bool) {
	for _, p := range preludeOnDemand {
		if p.holds(td) {
			return p, true
		}
	}
	return preludePart{}, false
}

// namedIn reports whether names holds the part's namespace's last segment,
// the name of one of its types in pre, or one of its members.
func (p preludePart) namedIn(names map[string]bool, pre *lang.File) bool {
	if p.namespace != "" && names[p.namespace[strings.LastIndexByte(p.namespace, '.')+1:]] {
		return true
	}
	for _, td := range pre.Types {
		if names[td.Name] && p.holds(td) {
			return true
		}
	}
	for _, m := range p.members {
		if names[m] {
			return true
		}
	}
	return false
}

// requiredType reports whether a part of types (no namespace) is named
// by another part's requires.
func (p preludePart) requiredType(required map[string]bool) bool {
	for _, n := range p.types {
		if p.namespace == "" && required[n] {
			return true
		}
	}
	return false
}

// thrownIn reports whether names holds one of the library types that
// throw the part's exceptions.
func (p preludePart) thrownIn(names map[string]bool) bool {
	for _, n := range p.thrownBy {
		if names[n] {
			return true
		}
	}
	return false
}

// programNames collects the names files use: identifiers, member names,
// and each segment of type names, attribute names and using directives.
func programNames(files []*lang.File) map[string]bool {
	names := map[string]bool{}
	dotted := func(s string) {
		for s != "" {
			i := strings.IndexByte(s, '.')
			if i < 0 {
				names[s] = true
				return
			}
			names[s[:i]] = true
			s = s[i+1:]
		}
	}
	for _, f := range files {
		lang.Inspect(f, func(n lang.Node) bool {
			switch n := n.(type) {
			case *lang.Ident:
				names[n.Name] = true
			case *lang.MemberExpr:
				names[n.Name] = true
				if id, ok := n.X.(*lang.Ident); ok && numericTypeNames[id.Name] && bind.NumericStaticName(n.Name) {
					names[numericStaticMark] = true
				}
			case *lang.TypeRef:
				dotted(n.Name)
			case *lang.UsingDirective:
				dotted(n.Name)
			case *lang.Attribute:
				dotted(n.Name)
			case *lang.MethodDecl:
				constraintNames(n.Constraints, dotted)
			case *lang.TypeDecl:
				constraintNames(n.Constraints, dotted)
			}
			return true
		})
	}
	return names
}

// constraintNames passes the type names of `where` clauses to add (the
// syntax walk does not visit them): `where T : IParsable<T>` names
// IParsable.
func constraintNames(cs []*lang.Constraint, add func(string)) {
	var typeRef func(tr *lang.TypeRef)
	typeRef = func(tr *lang.TypeRef) {
		if tr == nil {
			return
		}
		add(tr.Name)
		for _, a := range tr.Args {
			typeRef(a)
		}
		typeRef(tr.Elem)
		typeRef(tr.Outer)
	}
	for _, c := range cs {
		for _, t := range c.Types {
			typeRef(t)
		}
	}
}

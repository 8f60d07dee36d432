package bind

import (
	"strings"
	"sync"

	"asyncvm/lang"
)

// The library's typed surface. Each table lists the members of one library
// type as C# declarations; they are parsed with the language's own parser
// and declared with the same symbols as the program's types, so a library
// member has parameter and return types exactly as a source member does.
//
// The tables are the binder's view only: the run-time implementation of
// each member is the native registered by vm/lib under the same name. A
// member the VM implements but no table declares yet binds to an Unchecked
// symbol (see lookupMiss): it keeps its run-time behaviour and gets no
// compile-time checks. An indexer is declared as a method named Item with
// the [Indexer] attribute, as metadata names it.

// libType is one library type and the table of its members.
type libType struct {
	namespace string
	decl      string // the type's declaration header, without members
	members   []string
}

var libTypes = []libType{
	{"System", "public class Object", objectMembers},
	{"System", "public static class Console", consoleMembers},
	{"System", "public sealed class String", stringMembers},
	{"System", "public static class Math", mathMembers},
	{"System", "public sealed class Int32", int32Members},
	{"System", "public sealed class Int64", int64Members},
	{"System", "public sealed class Double", doubleMembers},
	{"System.Collections.Generic", "public class List<T> : IEnumerable<T>", listMembers},
	{"System.Collections.Generic", "public class Dictionary<TKey, TValue>", dictionaryMembers},
	{"System.Threading.Tasks", "public class Task", taskMembers},
	{"System.Threading.Tasks", "public class Task<TResult> : Task", taskOfTMembers},
}

var objectMembers = []string{
	"virtual string ToString()",
	"virtual bool Equals(object obj)",
	"virtual int GetHashCode()",
	"Type GetType()",
	"static bool Equals(object objA, object objB)",
	"static bool ReferenceEquals(object objA, object objB)",
}

var consoleMembers = []string{
	"static void WriteLine()",
	"static void WriteLine(bool value)",
	"static void WriteLine(char value)",
	"static void WriteLine(char[] buffer)",
	"static void WriteLine(decimal value)",
	"static void WriteLine(double value)",
	"static void WriteLine(float value)",
	"static void WriteLine(int value)",
	"static void WriteLine(uint value)",
	"static void WriteLine(long value)",
	"static void WriteLine(ulong value)",
	"static void WriteLine(object value)",
	"static void WriteLine(string value)",
	"static void WriteLine(string format, object arg0)",
	"static void WriteLine(string format, object arg0, object arg1)",
	"static void WriteLine(string format, object arg0, object arg1, object arg2)",
	"static void WriteLine(string format, params object[] arg)",
	"static void Write(bool value)",
	"static void Write(char value)",
	"static void Write(char[] buffer)",
	"static void Write(decimal value)",
	"static void Write(double value)",
	"static void Write(float value)",
	"static void Write(int value)",
	"static void Write(uint value)",
	"static void Write(long value)",
	"static void Write(ulong value)",
	"static void Write(object value)",
	"static void Write(string value)",
	"static void Write(string format, object arg0)",
	"static void Write(string format, object arg0, object arg1)",
	"static void Write(string format, object arg0, object arg1, object arg2)",
	"static void Write(string format, params object[] arg)",
	"static string ReadLine()",
}

var stringMembers = []string{
	"static readonly string Empty",
	"int Length { get; }",
	"[Indexer] char Item(int index)",
	"string Substring(int startIndex)",
	"string Substring(int startIndex, int length)",
	"bool Contains(string value)",
	"bool Contains(char value)",
	"bool StartsWith(string value)",
	"bool StartsWith(char value)",
	"bool EndsWith(string value)",
	"bool EndsWith(char value)",
	"int IndexOf(char value)",
	"int IndexOf(string value)",
	"int IndexOf(char value, int startIndex)",
	"int IndexOf(string value, int startIndex)",
	"string ToUpper()",
	"string ToLower()",
	"string ToUpperInvariant()",
	"string ToLowerInvariant()",
	"string Trim()",
	"string TrimStart()",
	"string TrimEnd()",
	"string Replace(string oldValue, string newValue)",
	"string Replace(char oldChar, char newChar)",
	"string PadLeft(int totalWidth)",
	"string PadLeft(int totalWidth, char paddingChar)",
	"string PadRight(int totalWidth)",
	"string PadRight(int totalWidth, char paddingChar)",
	"char[] ToCharArray()",
	"string ToString()",
	"static bool IsNullOrEmpty(string value)",
	"static bool IsNullOrWhiteSpace(string value)",
}

var mathMembers = []string{
	"const double PI = 3.14159265358979323846",
	"const double E = 2.7182818284590452354",
	"static int Abs(int value)",
	"static long Abs(long value)",
	"static short Abs(short value)",
	"static sbyte Abs(sbyte value)",
	"static double Abs(double value)",
	"static float Abs(float value)",
	"static decimal Abs(decimal value)",
	"static int Max(int val1, int val2)",
	"static uint Max(uint val1, uint val2)",
	"static long Max(long val1, long val2)",
	"static ulong Max(ulong val1, ulong val2)",
	"static short Max(short val1, short val2)",
	"static ushort Max(ushort val1, ushort val2)",
	"static byte Max(byte val1, byte val2)",
	"static sbyte Max(sbyte val1, sbyte val2)",
	"static double Max(double val1, double val2)",
	"static float Max(float val1, float val2)",
	"static decimal Max(decimal val1, decimal val2)",
	"static int Min(int val1, int val2)",
	"static uint Min(uint val1, uint val2)",
	"static long Min(long val1, long val2)",
	"static ulong Min(ulong val1, ulong val2)",
	"static short Min(short val1, short val2)",
	"static ushort Min(ushort val1, ushort val2)",
	"static byte Min(byte val1, byte val2)",
	"static sbyte Min(sbyte val1, sbyte val2)",
	"static double Min(double val1, double val2)",
	"static float Min(float val1, float val2)",
	"static decimal Min(decimal val1, decimal val2)",
	"static double Sqrt(double d)",
	"static double Pow(double x, double y)",
	"static double Floor(double d)",
	"static decimal Floor(decimal d)",
	"static double Ceiling(double a)",
	"static decimal Ceiling(decimal d)",
	"static double Round(double a)",
	"static double Round(double value, int digits)",
	"static decimal Round(decimal d)",
	"static decimal Round(decimal d, int decimals)",
	"static double Sin(double a)",
	"static double Cos(double d)",
	"static double Tan(double a)",
	"static double Exp(double d)",
	"static double Log(double d)",
	"static double Log10(double d)",
}

var int32Members = []string{
	"const int MaxValue = 2147483647",
	"const int MinValue = -2147483648",
	"static int Parse(string s)",
	"static bool TryParse(string s, out int result)",
}

var int64Members = []string{
	"const long MaxValue = 9223372036854775807",
	"const long MinValue = -9223372036854775808",
	"static long Parse(string s)",
	"static bool TryParse(string s, out long result)",
}

var doubleMembers = []string{
	"static double Parse(string s)",
	"static bool TryParse(string s, out double result)",
}

var listMembers = []string{
	"List()",
	"List(int capacity)",
	"List(IEnumerable<T> collection)",
	"int Count { get; }",
	"int Capacity { get; set; }",
	"[Indexer] T Item(int index)",
	"void Add(T item)",
	"void AddRange(IEnumerable<T> collection)",
	"void Insert(int index, T item)",
	"bool Remove(T item)",
	"void RemoveAt(int index)",
	"void Clear()",
	"bool Contains(T item)",
	"int IndexOf(T item)",
	"void Reverse()",
	"T[] ToArray()",
}

var dictionaryMembers = []string{
	"Dictionary()",
	"int Count { get; }",
	"[Indexer] TValue Item(TKey key)",
	"void Add(TKey key, TValue value)",
	"bool TryAdd(TKey key, TValue value)",
	"bool ContainsKey(TKey key)",
	"bool ContainsValue(TValue value)",
	"bool TryGetValue(TKey key, out TValue value)",
	"bool Remove(TKey key)",
	"void Clear()",
}

var taskMembers = []string{
	"static Task CompletedTask { get; }",
	"static Task Delay(int millisecondsDelay)",
	"static Task<TResult> FromResult<TResult>(TResult result)",
	"bool IsCompleted { get; }",
	"bool IsFaulted { get; }",
	"bool IsCanceled { get; }",
	"void Wait()",
}

var taskOfTMembers = []string{
	"TResult Result { get; }",
}

// libSource renders the tables as one C# compilation unit.
func libSource() string {
	var b strings.Builder
	for _, t := range libTypes {
		b.WriteString("namespace " + t.namespace + " { " + t.decl + " {\n")
		for _, m := range t.members {
			attr := ""
			if rest, ok := strings.CutPrefix(m, "[Indexer] "); ok {
				attr, m = "[Indexer] ", rest
			}
			switch {
			case strings.HasSuffix(m, "}"):
				b.WriteString(attr + "public " + m + "\n")
			case strings.HasPrefix(m, "const "), strings.Contains(m, "readonly "):
				b.WriteString(attr + "public " + m + ";\n")
			default:
				b.WriteString(attr + "public extern " + m + ";\n")
			}
		}
		b.WriteString("} }\n")
	}
	return b.String()
}

// LibraryFile is the file name the library tables' positions carry.
const LibraryFile = "<library>"

var (
	libOnce  sync.Once
	libFile  *lang.File
	libDiags lang.Diagnostics
)

// libraryFile parses the tables once; the result is shared and only read.
func libraryFile() (*lang.File, lang.Diagnostics) {
	libOnce.Do(func() {
		libFile, libDiags = lang.Parse(LibraryFile, []byte(libSource()))
	})
	return libFile, libDiags
}

// The library's typed surface: the members of each library type as C#
// declarations, compiled into the binder as a syntax tree (library_ast.go,
// `go generate ./compiler/bind`; TestLibraryAST fails while it is stale).
// They are declared with the same symbols as the program's types, so a
// library member has parameter and return types exactly as a source member
// does.
//
// These are the binder's view only: the run-time implementation of each
// member is the native that vm/lib registers under the same name, so every
// method is extern. A member the VM implements but no table declares yet
// binds to an Unchecked symbol (see lookupMiss in lookup.go): it keeps its
// run-time behaviour and gets no compile-time checks. An indexer is declared
// as a method named Item with the [Indexer] attribute, as metadata names it.

namespace System
{
    public class Object
    {
        public extern virtual string ToString();
        public extern virtual bool Equals(object obj);
        public extern virtual int GetHashCode();
        public extern Type GetType();
        public extern static bool Equals(object objA, object objB);
        public extern static bool ReferenceEquals(object objA, object objB);
    }

    public abstract class Delegate
    {
        public object Target { get; }
        public extern static Delegate Combine(Delegate a, Delegate b);
        public extern static Delegate Combine(params Delegate[] delegates);
        public extern static Delegate Remove(Delegate source, Delegate value);
        public extern static Delegate RemoveAll(Delegate source, Delegate value);
        public extern Delegate[] GetInvocationList();
        public extern object DynamicInvoke(params object[] args);
    }

    public delegate void Action();
    public delegate void Action<in T>(T obj);
    public delegate void Action<in T1, in T2>(T1 arg1, T2 arg2);
    public delegate void Action<in T1, in T2, in T3>(T1 arg1, T2 arg2, T3 arg3);
    public delegate void Action<in T1, in T2, in T3, in T4>(T1 arg1, T2 arg2, T3 arg3, T4 arg4);
    public delegate void Action<in T1, in T2, in T3, in T4, in T5>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5);
    public delegate void Action<in T1, in T2, in T3, in T4, in T5, in T6>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6);
    public delegate void Action<in T1, in T2, in T3, in T4, in T5, in T6, in T7>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7);
    public delegate void Action<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8);
    public delegate void Action<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, in T9>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9);
    public delegate void Action<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, in T9, in T10>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10);
    public delegate void Action<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, in T9, in T10, in T11>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11);
    public delegate void Action<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, in T9, in T10, in T11, in T12>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12);
    public delegate void Action<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, in T9, in T10, in T11, in T12, in T13>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13);
    public delegate void Action<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, in T9, in T10, in T11, in T12, in T13, in T14>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14);
    public delegate void Action<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, in T9, in T10, in T11, in T12, in T13, in T14, in T15>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14, T15 arg15);
    public delegate void Action<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, in T9, in T10, in T11, in T12, in T13, in T14, in T15, in T16>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14, T15 arg15, T16 arg16);
    public delegate TResult Func<out TResult>();
    public delegate TResult Func<in T, out TResult>(T arg);
    public delegate TResult Func<in T1, in T2, out TResult>(T1 arg1, T2 arg2);
    public delegate TResult Func<in T1, in T2, in T3, out TResult>(T1 arg1, T2 arg2, T3 arg3);
    public delegate TResult Func<in T1, in T2, in T3, in T4, out TResult>(T1 arg1, T2 arg2, T3 arg3, T4 arg4);
    public delegate TResult Func<in T1, in T2, in T3, in T4, in T5, out TResult>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5);
    public delegate TResult Func<in T1, in T2, in T3, in T4, in T5, in T6, out TResult>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6);
    public delegate TResult Func<in T1, in T2, in T3, in T4, in T5, in T6, in T7, out TResult>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7);
    public delegate TResult Func<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, out TResult>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8);
    public delegate TResult Func<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, in T9, out TResult>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9);
    public delegate TResult Func<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, in T9, in T10, out TResult>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10);
    public delegate TResult Func<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, in T9, in T10, in T11, out TResult>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11);
    public delegate TResult Func<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, in T9, in T10, in T11, in T12, out TResult>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12);
    public delegate TResult Func<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, in T9, in T10, in T11, in T12, in T13, out TResult>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13);
    public delegate TResult Func<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, in T9, in T10, in T11, in T12, in T13, in T14, out TResult>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14);
    public delegate TResult Func<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, in T9, in T10, in T11, in T12, in T13, in T14, in T15, out TResult>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14, T15 arg15);
    public delegate TResult Func<in T1, in T2, in T3, in T4, in T5, in T6, in T7, in T8, in T9, in T10, in T11, in T12, in T13, in T14, in T15, in T16, out TResult>(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14, T15 arg15, T16 arg16);
    public delegate void EventHandler(object sender, EventArgs e);
    public delegate void EventHandler<TEventArgs>(object sender, TEventArgs e);
    public delegate bool Predicate<in T>(T obj);
    public delegate int Comparison<in T>(T x, T y);
    public delegate TOutput Converter<in TInput, out TOutput>(TInput input);

    public static class Console
    {
        public extern static void WriteLine();
        public extern static void WriteLine(bool value);
        public extern static void WriteLine(char value);
        public extern static void WriteLine(char[] buffer);
        public extern static void WriteLine(decimal value);
        public extern static void WriteLine(double value);
        public extern static void WriteLine(float value);
        public extern static void WriteLine(int value);
        public extern static void WriteLine(uint value);
        public extern static void WriteLine(long value);
        public extern static void WriteLine(ulong value);
        public extern static void WriteLine(object value);
        public extern static void WriteLine(string value);
        public extern static void WriteLine(string format, object arg0);
        public extern static void WriteLine(string format, object arg0, object arg1);
        public extern static void WriteLine(string format, object arg0, object arg1, object arg2);
        public extern static void WriteLine(string format, params object[] arg);
        public extern static void Write(bool value);
        public extern static void Write(char value);
        public extern static void Write(char[] buffer);
        public extern static void Write(decimal value);
        public extern static void Write(double value);
        public extern static void Write(float value);
        public extern static void Write(int value);
        public extern static void Write(uint value);
        public extern static void Write(long value);
        public extern static void Write(ulong value);
        public extern static void Write(object value);
        public extern static void Write(string value);
        public extern static void Write(string format, object arg0);
        public extern static void Write(string format, object arg0, object arg1);
        public extern static void Write(string format, object arg0, object arg1, object arg2);
        public extern static void Write(string format, params object[] arg);
        public extern static string ReadLine();
    }

    public sealed class String
    {
        public static readonly string Empty;
        public int Length { get; }
        [Indexer] public extern char Item(int index);
        public extern string Substring(int startIndex);
        public extern string Substring(int startIndex, int length);
        public extern bool Contains(string value);
        public extern bool Contains(char value);
        public extern bool StartsWith(string value);
        public extern bool StartsWith(char value);
        public extern bool EndsWith(string value);
        public extern bool EndsWith(char value);
        public extern int IndexOf(char value);
        public extern int IndexOf(string value);
        public extern int IndexOf(char value, int startIndex);
        public extern int IndexOf(string value, int startIndex);
        public extern string ToUpper();
        public extern string ToLower();
        public extern string ToUpperInvariant();
        public extern string ToLowerInvariant();
        public extern string Trim();
        public extern string TrimStart();
        public extern string TrimEnd();
        public extern string Replace(string oldValue, string newValue);
        public extern string Replace(char oldChar, char newChar);
        public extern string PadLeft(int totalWidth);
        public extern string PadLeft(int totalWidth, char paddingChar);
        public extern string PadRight(int totalWidth);
        public extern string PadRight(int totalWidth, char paddingChar);
        public extern char[] ToCharArray();
        public extern string ToString();
        public extern static bool IsNullOrEmpty(string value);
        public extern static bool IsNullOrWhiteSpace(string value);
    }

    public static class Math
    {
        public const double PI = 3.14159265358979323846;
        public const double E = 2.7182818284590452354;
        public extern static int Abs(int value);
        public extern static long Abs(long value);
        public extern static short Abs(short value);
        public extern static sbyte Abs(sbyte value);
        public extern static double Abs(double value);
        public extern static float Abs(float value);
        public extern static decimal Abs(decimal value);
        public extern static int Max(int val1, int val2);
        public extern static uint Max(uint val1, uint val2);
        public extern static long Max(long val1, long val2);
        public extern static ulong Max(ulong val1, ulong val2);
        public extern static short Max(short val1, short val2);
        public extern static ushort Max(ushort val1, ushort val2);
        public extern static byte Max(byte val1, byte val2);
        public extern static sbyte Max(sbyte val1, sbyte val2);
        public extern static double Max(double val1, double val2);
        public extern static float Max(float val1, float val2);
        public extern static decimal Max(decimal val1, decimal val2);
        public extern static int Min(int val1, int val2);
        public extern static uint Min(uint val1, uint val2);
        public extern static long Min(long val1, long val2);
        public extern static ulong Min(ulong val1, ulong val2);
        public extern static short Min(short val1, short val2);
        public extern static ushort Min(ushort val1, ushort val2);
        public extern static byte Min(byte val1, byte val2);
        public extern static sbyte Min(sbyte val1, sbyte val2);
        public extern static double Min(double val1, double val2);
        public extern static float Min(float val1, float val2);
        public extern static decimal Min(decimal val1, decimal val2);
        public extern static double Sqrt(double d);
        public extern static double Pow(double x, double y);
        public extern static double Floor(double d);
        public extern static decimal Floor(decimal d);
        public extern static double Ceiling(double a);
        public extern static decimal Ceiling(decimal d);
        public extern static double Round(double a);
        public extern static double Round(double value, int digits);
        public extern static decimal Round(decimal d);
        public extern static decimal Round(decimal d, int decimals);
        public extern static double Sin(double a);
        public extern static double Cos(double d);
        public extern static double Tan(double a);
        public extern static double Exp(double d);
        public extern static double Log(double d);
        public extern static double Log10(double d);
    }

    public sealed class Int32
    {
        public const int MaxValue = 2147483647;
        public const int MinValue = -2147483648;
        public extern static int Parse(string s);
        public extern static bool TryParse(string s, out int result);
    }

    public sealed class Int64
    {
        public const long MaxValue = 9223372036854775807;
        public const long MinValue = -9223372036854775808;
        public extern static long Parse(string s);
        public extern static bool TryParse(string s, out long result);
    }

    public sealed class Double
    {
        public extern static double Parse(string s);
        public extern static bool TryParse(string s, out double result);
    }
}

namespace System.Collections.Generic
{
    public class List<T> : IEnumerable<T>
    {
        public extern List();
        public extern List(int capacity);
        public extern List(IEnumerable<T> collection);
        public int Count { get; }
        public int Capacity { get; set; }
        [Indexer] public extern T Item(int index);
        public extern void Add(T item);
        public extern void AddRange(IEnumerable<T> collection);
        public extern void Insert(int index, T item);
        public extern bool Remove(T item);
        public extern void RemoveAt(int index);
        public extern void Clear();
        public extern bool Contains(T item);
        public extern int IndexOf(T item);
        public extern void Reverse();
        public extern T[] ToArray();
    }

    public class Dictionary<TKey, TValue>
    {
        public extern Dictionary();
        public int Count { get; }
        [Indexer] public extern TValue Item(TKey key);
        public extern void Add(TKey key, TValue value);
        public extern bool TryAdd(TKey key, TValue value);
        public extern bool ContainsKey(TKey key);
        public extern bool ContainsValue(TValue value);
        public extern bool TryGetValue(TKey key, out TValue value);
        public extern bool Remove(TKey key);
        public extern void Clear();
    }
}

namespace System.Threading
{
    public delegate void ThreadStart();
    public delegate void ParameterizedThreadStart(object obj);
    public delegate void WaitCallback(object state);
    public delegate void ContextCallback(object state);
    public delegate void TimerCallback(object state);
    public delegate void SendOrPostCallback(object state);
}

namespace System.Threading.Tasks
{
    public class Task
    {
        public static Task CompletedTask { get; }
        public extern static Task Delay(int millisecondsDelay);
        public extern static Task<TResult> FromResult<TResult>(TResult result);
        public bool IsCompleted { get; }
        public bool IsFaulted { get; }
        public bool IsCanceled { get; }
        public extern void Wait();
    }

    public class Task<TResult> : Task
    {
        public TResult Result { get; }
    }
}

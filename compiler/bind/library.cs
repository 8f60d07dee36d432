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
// A value type is a class marked [Struct]; one with no declared == has none
// (CS0019, as Index and Range), unless marked [RuntimeEquality]: .NET gives
// it one and the run time compares its values.

namespace System
{
    public class Object
    {
        public extern Object();
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
        public System.Reflection.MethodInfo Method { get; }
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
        public extern static int Read();
        public extern static ConsoleKeyInfo ReadKey();
        public extern static ConsoleKeyInfo ReadKey(bool intercept);
        public extern static void Clear();
        public static System.IO.TextWriter Out { get; }
        public static System.IO.TextWriter Error { get; }
        public extern static void SetOut(System.IO.TextWriter newOut);
        public extern static void SetError(System.IO.TextWriter newError);
        public static ConsoleColor ForegroundColor { get; set; }
        public static ConsoleColor BackgroundColor { get; set; }
        public extern static void ResetColor();
        public static System.Text.Encoding OutputEncoding { get; set; }
        public static System.Text.Encoding InputEncoding { get; set; }
        public static string Title { get; set; }
        public static bool CursorVisible { get; set; }
        public static bool IsOutputRedirected { get; }
        public static bool IsErrorRedirected { get; }
        public static bool IsInputRedirected { get; }
        public extern static void Beep();
        public extern static void Beep(int frequency, int duration);
    }

    public enum ConsoleColor
    {
        Black = 0, DarkBlue = 1, DarkGreen = 2, DarkCyan = 3, DarkRed = 4, DarkMagenta = 5, DarkYellow = 6, Gray = 7,
        DarkGray = 8, Blue = 9, Green = 10, Cyan = 11, Red = 12, Magenta = 13, Yellow = 14, White = 15
    }

    public sealed class String : System.Collections.Generic.IEnumerable<char>, IComparable, IComparable<string>, IEquatable<string>, ICloneable, IConvertible
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
        public extern string ToString(IFormatProvider provider);
        public extern static bool IsNullOrEmpty(string value);
        public extern static bool IsNullOrWhiteSpace(string value);
        public extern String(char[] value);
        public extern String(ReadOnlySpan<char> value);
        public extern String(char c, int count);
        public extern String(char[] value, int startIndex, int length);
        public extern object Clone();
        public extern int CompareTo(object value);
        public extern int CompareTo(string strB);
        public extern bool Contains(string value, StringComparison comparisonType);
        public extern bool Contains(char value, StringComparison comparisonType);
        public extern bool EndsWith(string value, StringComparison comparisonType);
        public extern bool StartsWith(string value, StringComparison comparisonType);
        public extern bool Equals(string value);
        public extern bool Equals(string value, StringComparison comparisonType);
        public extern System.CharEnumerator GetEnumerator();
        public extern int IndexOf(string value, StringComparison comparisonType);
        public extern int IndexOf(char value, int startIndex, int count);
        public extern int IndexOf(string value, int startIndex, int count);
        public extern int IndexOfAny(char[] anyOf);
        public extern int IndexOfAny(char[] anyOf, int startIndex);
        public extern int IndexOfAny(char[] anyOf, int startIndex, int count);
        public extern string Insert(int startIndex, string value);
        public extern int LastIndexOf(char value);
        public extern int LastIndexOf(string value);
        public extern int LastIndexOf(char value, int startIndex);
        public extern int LastIndexOf(string value, int startIndex);
        public extern int LastIndexOf(string value, StringComparison comparisonType);
        public extern int LastIndexOf(char value, int startIndex, int count);
        public extern int LastIndexOf(string value, int startIndex, int count);
        public extern int LastIndexOfAny(char[] anyOf);
        public extern int LastIndexOfAny(char[] anyOf, int startIndex);
        public extern int LastIndexOfAny(char[] anyOf, int startIndex, int count);
        public extern string Remove(int startIndex);
        public extern string Remove(int startIndex, int count);
        public extern string Replace(string oldValue, string newValue, StringComparison comparisonType);
        public extern string Replace(string oldValue, string newValue, bool ignoreCase, System.Globalization.CultureInfo culture);
        public extern string[] Split(params char[] separator);
        public extern string[] Split(char separator, StringSplitOptions options = StringSplitOptions.None);
        public extern string[] Split(char separator, int count, StringSplitOptions options = StringSplitOptions.None);
        public extern string[] Split(char[] separator, int count);
        public extern string[] Split(char[] separator, StringSplitOptions options);
        public extern string[] Split(char[] separator, int count, StringSplitOptions options);
        public extern string[] Split(string separator, StringSplitOptions options = StringSplitOptions.None);
        public extern string[] Split(string separator, int count, StringSplitOptions options = StringSplitOptions.None);
        public extern string[] Split(string[] separator, StringSplitOptions options);
        public extern string[] Split(string[] separator, int count, StringSplitOptions options);
        public extern string ToLower(System.Globalization.CultureInfo culture);
        public extern string ToUpper(System.Globalization.CultureInfo culture);
        public extern string Trim(params char[] trimChars);
        public extern string TrimStart(params char[] trimChars);
        public extern string TrimEnd(params char[] trimChars);
        [Indexer] public extern char Chars(int index);
        public extern static int Compare(string strA, string strB);
        public extern static int Compare(string strA, string strB, bool ignoreCase);
        public extern static int Compare(string strA, string strB, StringComparison comparisonType);
        public extern static int CompareOrdinal(string strA, string strB);
        public extern static int Compare(string strA, int indexA, string strB, int indexB, int length);
        public extern static int Compare(string strA, int indexA, string strB, int indexB, int length, bool ignoreCase);
        public extern static int Compare(string strA, int indexA, string strB, int indexB, int length, StringComparison comparisonType);
        public extern static int CompareOrdinal(string strA, int indexA, string strB, int indexB, int length);
        public extern string ReplaceLineEndings();
        public extern string ReplaceLineEndings(string replacementText);
        public extern string Normalize();
        public extern string Normalize(System.Text.NormalizationForm normalizationForm);
        public extern bool IsNormalized();
        public extern bool IsNormalized(System.Text.NormalizationForm normalizationForm);
        public extern static string Concat(object arg0);
        public extern static string Concat(params object[] args);
        public extern static string Concat(params string[] values);
        public extern static string Concat(ReadOnlySpan<char> str0, ReadOnlySpan<char> str1);
        public extern static string Concat(ReadOnlySpan<char> str0, ReadOnlySpan<char> str1, ReadOnlySpan<char> str2);
        public extern static string Concat(ReadOnlySpan<char> str0, ReadOnlySpan<char> str1, ReadOnlySpan<char> str2, ReadOnlySpan<char> str3);
        public extern static string Concat<T>(IEnumerable<T> values);
        public extern static bool Equals(string a, string b);
        public extern static bool Equals(string a, string b, StringComparison comparisonType);
        public extern static string Format(string format, object arg0);
        public extern static string Format(string format, params object[] args);
        public extern static string Format(IFormatProvider provider, string format, params object[] args);
        public extern static string Format(IFormatProvider provider, System.Text.CompositeFormat format, params object[] args);
        public extern static string Create(IFormatProvider provider, string text);
        public extern static string Join(string separator, params string[] value);
        public extern static string Join(string separator, params object[] values);
        public extern static string Join(string separator, string[] value, int startIndex, int count);
        public extern static string Join<T>(string separator, IEnumerable<T> values);
        public extern static string Join(char separator, params string[] value);
        public extern static string Join(char separator, params object[] values);
        public extern static string Join<T>(char separator, IEnumerable<T> values);
    }

    public sealed class CharEnumerator : System.Collections.Generic.IEnumerator<char>
    {
    }

    public interface IFormatProvider
    {
        object GetFormat(Type formatType);
    }

    public interface ICustomFormatter
    {
        string Format(string format, object arg, IFormatProvider formatProvider);
    }

    public interface IFormattable
    {
        string ToString(string format, IFormatProvider formatProvider);
    }

    public interface IConvertible
    {
    }

    public interface ICloneable
    {
        object Clone();
    }

    public enum StringComparison { CurrentCulture, CurrentCultureIgnoreCase, InvariantCulture, InvariantCultureIgnoreCase, Ordinal, OrdinalIgnoreCase }

    public enum StringSplitOptions { None, RemoveEmptyEntries, TrimEntries }

    public enum MidpointRounding { ToEven, AwayFromZero, ToZero, ToNegativeInfinity, ToPositiveInfinity }

    public enum DayOfWeek { Sunday, Monday, Tuesday, Wednesday, Thursday, Friday, Saturday }

    // FormattableString is what an interpolated string converted to
    // FormattableString or IFormattable makes (FormattableStringFactory.Create).
    // For Invariant($"...") and CurrentCulture($"...") the compiler formats
    // the interpolated string with the culture directly (compiler/call.go,
    // formatWithProvider).
    public abstract class FormattableString : IFormattable
    {
        public extern string Format { get; }
        public extern int ArgumentCount { get; }
        public extern object GetArgument(int index);
        public extern object[] GetArguments();
        public extern string ToString(IFormatProvider formatProvider);
        public extern string ToString(string format, IFormatProvider formatProvider);
        public extern static string Invariant(FormattableString formattable);
        public extern static string CurrentCulture(FormattableString formattable);
    }

    [Struct] public sealed class ConsoleKeyInfo : IEquatable<ConsoleKeyInfo>
    {
        public extern ConsoleKeyInfo(char keyChar, ConsoleKey key, bool shift, bool alt, bool control);
        public char KeyChar { get; }
        public ConsoleKey Key { get; }
        public ConsoleModifiers Modifiers { get; }
        public extern bool Equals(ConsoleKeyInfo obj);
        public extern override bool Equals(object value);
        public extern override int GetHashCode();
        public extern static bool operator ==(ConsoleKeyInfo a, ConsoleKeyInfo b);
        public extern static bool operator !=(ConsoleKeyInfo a, ConsoleKeyInfo b);
    }

    [Flags] public enum ConsoleModifiers { None = 0, Alt = 1, Shift = 2, Control = 4 }

    public enum ConsoleKey
    {
        Backspace = 8, Tab = 9, Clear = 12, Enter = 13, Pause = 19, Escape = 27, Spacebar = 32,
        PageUp = 33, PageDown = 34, End = 35, Home = 36, LeftArrow = 37, UpArrow = 38, RightArrow = 39, DownArrow = 40,
        Insert = 45, Delete = 46,
        D0 = 48, D1 = 49, D2 = 50, D3 = 51, D4 = 52, D5 = 53, D6 = 54, D7 = 55, D8 = 56, D9 = 57,
        A = 65, B = 66, C = 67, D = 68, E = 69, F = 70, G = 71, H = 72, I = 73, J = 74, K = 75, L = 76, M = 77,
        N = 78, O = 79, P = 80, Q = 81, R = 82, S = 83, T = 84, U = 85, V = 86, W = 87, X = 88, Y = 89, Z = 90,
        NumPad0 = 96, NumPad1 = 97, NumPad2 = 98, NumPad3 = 99, NumPad4 = 100, NumPad5 = 101, NumPad6 = 102,
        NumPad7 = 103, NumPad8 = 104, NumPad9 = 105, Multiply = 106, Add = 107, Separator = 108, Subtract = 109,
        Decimal = 110, Divide = 111,
        F1 = 112, F2 = 113, F3 = 114, F4 = 115, F5 = 116, F6 = 117, F7 = 118, F8 = 119, F9 = 120, F10 = 121, F11 = 122, F12 = 123,
        Oem1 = 186, OemPlus = 187, OemComma = 188, OemMinus = 189, OemPeriod = 190, Oem2 = 191, Oem3 = 192,
        Oem4 = 219, Oem5 = 220, Oem6 = 221, Oem7 = 222
    }

    public enum DateTimeKind { Unspecified, Utc, Local }

    public abstract class StringComparer : System.Collections.Generic.IComparer<string>, System.Collections.Generic.IEqualityComparer<string>
    {
        public static StringComparer CurrentCulture { get; }
        public static StringComparer CurrentCultureIgnoreCase { get; }
        public static StringComparer InvariantCulture { get; }
        public static StringComparer InvariantCultureIgnoreCase { get; }
        public static StringComparer Ordinal { get; }
        public static StringComparer OrdinalIgnoreCase { get; }
        public extern int Compare(string x, string y);
        public extern bool Equals(string x, string y);
    }

    public static class Nullable
    {
        public extern static Type GetUnderlyingType(Type nullableType);
        public extern static int Compare<T>(T? n1, T? n2) where T : struct;
        public extern static bool Equals<T>(T? n1, T? n2) where T : struct;
    }

    public abstract class Type
    {
        public string Name { get; }
        public string FullName { get; }
        public string Namespace { get; }
        public Type BaseType { get; }
        public bool IsArray { get; }
        public bool IsClass { get; }
        public bool IsEnum { get; }
        public bool IsGenericType { get; }
        public bool IsGenericTypeDefinition { get; }
        public bool IsInterface { get; }
        public bool IsValueType { get; }
        public extern Type[] GetGenericArguments();
        public extern Type GetGenericTypeDefinition();
        public extern bool IsAssignableFrom(Type c);
        public extern bool IsInstanceOfType(object o);
        public extern string ToString();
    }

    // The base class of every enum type. The generic methods take their
    // type argument at run time (the natives are TypeArgs natives).
    public abstract class Enum
    {
        public extern bool HasFlag(Enum flag);
        public extern string ToString();
        public extern string ToString(string format);
        public extern int CompareTo(object target);
        public extern bool Equals(object obj);
        public extern int GetHashCode();
        public extern static Array GetValues(Type enumType);
        public extern static TEnum[] GetValues<TEnum>() where TEnum : struct, Enum;
        public extern static string[] GetNames(Type enumType);
        public extern static string[] GetNames<TEnum>() where TEnum : struct, Enum;
        public extern static string GetName(Type enumType, object value);
        public extern static string GetName<TEnum>(TEnum value) where TEnum : struct, Enum;
        public extern static object Parse(Type enumType, string value);
        public extern static object Parse(Type enumType, string value, bool ignoreCase);
        public extern static TEnum Parse<TEnum>(string value) where TEnum : struct;
        public extern static TEnum Parse<TEnum>(string value, bool ignoreCase) where TEnum : struct;
        public extern static bool TryParse<TEnum>(string value, out TEnum result) where TEnum : struct;
        public extern static bool TryParse<TEnum>(string value, bool ignoreCase, out TEnum result) where TEnum : struct;
        public extern static bool IsDefined(Type enumType, object value);
        public extern static bool IsDefined<TEnum>(TEnum value) where TEnum : struct, Enum;
        public extern static Type GetUnderlyingType(Type enumType);
    }

    public static class Math
    {
        public const double PI = 3.14159265358979323846;
        public const double E = 2.7182818284590452354;
        public const double Tau = 6.283185307179586476925;
        public extern static double Acos(double d);
        public extern static double Asin(double d);
        public extern static double Atan(double d);
        public extern static double Atan2(double y, double x);
        public extern static long BigMul(int a, int b);
        public extern static ulong BigMul(uint a, uint b);
        public extern static long BigMul(long a, long b, out long low);
        public extern static ulong BigMul(ulong a, ulong b, out ulong low);
        public extern static double Cbrt(double d);
        public extern static int Clamp(int value, int min, int max);
        public extern static long Clamp(long value, long min, long max);
        public extern static double Clamp(double value, double min, double max);
        public extern static decimal Clamp(decimal value, decimal min, decimal max);
        public extern static double Cosh(double value);
        public extern static int DivRem(int a, int b, out int result);
        public extern static long DivRem(long a, long b, out long result);
        public extern static (int Quotient, int Remainder) DivRem(int left, int right);
        public extern static (long Quotient, long Remainder) DivRem(long left, long right);
        public extern static double CopySign(double x, double y);
        public extern static double ScaleB(double x, int n);
        public extern static int ILogB(double x);
        public extern static double IEEERemainder(double x, double y);
        public extern static double FusedMultiplyAdd(double x, double y, double z);
        public extern static double BitIncrement(double x);
        public extern static double BitDecrement(double x);
        public extern static double MaxMagnitude(double x, double y);
        public extern static double MinMagnitude(double x, double y);
        public extern static double Log(double a, double newBase);
        public extern static double Log2(double x);
        public extern static double Round(double value, MidpointRounding mode);
        public extern static double Round(double value, int digits, MidpointRounding mode);
        public extern static decimal Round(decimal d, MidpointRounding mode);
        public extern static decimal Round(decimal d, int decimals, MidpointRounding mode);
        public extern static int Sign(int value);
        public extern static int Sign(long value);
        public extern static int Sign(double value);
        public extern static int Sign(float value);
        public extern static int Sign(decimal value);
        public extern static double Sinh(double value);
        public extern static double Tanh(double value);
        public extern static double Truncate(double d);
        public extern static decimal Truncate(decimal d);
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

    public sealed class Int32 : IComparable, IComparable<int>, IEquatable<int>, IConvertible, IFormattable
    {
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern int CompareTo(int value);
        public extern int CompareTo(object value);
        public extern bool Equals(int obj);
        public const int MaxValue = 2147483647;
        public const int MinValue = -2147483648;
        public extern static int Parse(string s);
        public extern static int Parse(ReadOnlySpan<char> s);
        public extern static int Parse(ReadOnlySpan<char> s, IFormatProvider provider);
        public extern static int Parse(ReadOnlySpan<char> s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static int Parse(string s, IFormatProvider provider);
        public extern static int Parse(string s, System.Globalization.NumberStyles style);
        public extern static int Parse(string s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static bool TryParse(string s, out int result);
        public extern static bool TryParse(ReadOnlySpan<char> s, out int result);
        public extern static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out int result);
        public extern static bool TryParse(string s, IFormatProvider provider, out int result);
        public extern static bool TryParse(string s, System.Globalization.NumberStyles style, IFormatProvider provider, out int result);
    }

    public sealed class Int64 : IComparable, IComparable<long>, IEquatable<long>, IConvertible, IFormattable
    {
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern int CompareTo(long value);
        public extern int CompareTo(object value);
        public extern bool Equals(long obj);
        public const long MaxValue = 9223372036854775807;
        public const long MinValue = -9223372036854775808;
        public extern static long Parse(string s);
        public extern static long Parse(ReadOnlySpan<char> s);
        public extern static long Parse(ReadOnlySpan<char> s, IFormatProvider provider);
        public extern static long Parse(ReadOnlySpan<char> s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static long Parse(string s, IFormatProvider provider);
        public extern static long Parse(string s, System.Globalization.NumberStyles style);
        public extern static long Parse(string s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static bool TryParse(string s, out long result);
        public extern static bool TryParse(ReadOnlySpan<char> s, out long result);
        public extern static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out long result);
        public extern static bool TryParse(string s, IFormatProvider provider, out long result);
        public extern static bool TryParse(string s, System.Globalization.NumberStyles style, IFormatProvider provider, out long result);
    }

    public sealed class Double : IComparable, IComparable<double>, IEquatable<double>, IConvertible, IFormattable
    {
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern int CompareTo(double value);
        public extern int CompareTo(object value);
        public extern bool Equals(double obj);
        public static readonly double Epsilon;
        public const double MaxValue = 1.7976931348623157E+308;
        public const double MinValue = -1.7976931348623157E+308;
        public static readonly double NaN;
        public static readonly double NegativeInfinity;
        public static readonly double PositiveInfinity;
        public extern static bool IsFinite(double d);
        public extern static bool IsInfinity(double d);
        public extern static bool IsNaN(double d);
        public extern static bool IsNegative(double d);
        public extern static bool IsNegativeInfinity(double d);
        public extern static bool IsPositiveInfinity(double d);
        public extern static double Parse(string s);
        public extern static double Parse(ReadOnlySpan<char> s);
        public extern static double Parse(ReadOnlySpan<char> s, IFormatProvider provider);
        public extern static double Parse(ReadOnlySpan<char> s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static double Parse(string s, IFormatProvider provider);
        public extern static double Parse(string s, System.Globalization.NumberStyles style);
        public extern static double Parse(string s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static bool TryParse(string s, out double result);
        public extern static bool TryParse(ReadOnlySpan<char> s, out double result);
        public extern static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out double result);
        public extern static bool TryParse(string s, IFormatProvider provider, out double result);
        public extern static bool TryParse(string s, System.Globalization.NumberStyles style, IFormatProvider provider, out double result);
    }

    public sealed class Single : IComparable, IComparable<float>, IEquatable<float>, IConvertible, IFormattable
    {
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern int CompareTo(float value);
        public extern int CompareTo(object value);
        public extern bool Equals(float obj);
        public static readonly float Epsilon;
        public static readonly float MaxValue;
        public static readonly float MinValue;
        public static readonly float NaN;
        public static readonly float NegativeInfinity;
        public static readonly float PositiveInfinity;
        public extern static bool IsFinite(float d);
        public extern static bool IsInfinity(float d);
        public extern static bool IsNaN(float d);
        public extern static bool IsNegative(float d);
        public extern static bool IsNegativeInfinity(float d);
        public extern static bool IsPositiveInfinity(float d);
        public extern static float Parse(string s);
        public extern static float Parse(ReadOnlySpan<char> s);
        public extern static float Parse(ReadOnlySpan<char> s, IFormatProvider provider);
        public extern static float Parse(ReadOnlySpan<char> s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static float Parse(string s, IFormatProvider provider);
        public extern static float Parse(string s, System.Globalization.NumberStyles style);
        public extern static float Parse(string s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static bool TryParse(string s, out float result);
        public extern static bool TryParse(ReadOnlySpan<char> s, out float result);
        public extern static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out float result);
        public extern static bool TryParse(string s, IFormatProvider provider, out float result);
        public extern static bool TryParse(string s, System.Globalization.NumberStyles style, IFormatProvider provider, out float result);
    }

    public sealed class SByte : IComparable, IComparable<sbyte>, IEquatable<sbyte>, IConvertible, IFormattable
    {
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern int CompareTo(sbyte value);
        public extern int CompareTo(object value);
        public extern bool Equals(sbyte obj);
        public const sbyte MaxValue = 127;
        public const sbyte MinValue = -128;
        public extern static sbyte Parse(string s);
        public extern static sbyte Parse(ReadOnlySpan<char> s);
        public extern static sbyte Parse(ReadOnlySpan<char> s, IFormatProvider provider);
        public extern static sbyte Parse(ReadOnlySpan<char> s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static sbyte Parse(string s, IFormatProvider provider);
        public extern static sbyte Parse(string s, System.Globalization.NumberStyles style);
        public extern static sbyte Parse(string s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static bool TryParse(string s, out sbyte result);
        public extern static bool TryParse(ReadOnlySpan<char> s, out sbyte result);
        public extern static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out sbyte result);
        public extern static bool TryParse(string s, IFormatProvider provider, out sbyte result);
        public extern static bool TryParse(string s, System.Globalization.NumberStyles style, IFormatProvider provider, out sbyte result);
    }

    public sealed class Byte : IComparable, IComparable<byte>, IEquatable<byte>, IConvertible, IFormattable
    {
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern int CompareTo(byte value);
        public extern int CompareTo(object value);
        public extern bool Equals(byte obj);
        public const byte MaxValue = 255;
        public const byte MinValue = 0;
        public extern static byte Parse(string s);
        public extern static byte Parse(ReadOnlySpan<char> s);
        public extern static byte Parse(ReadOnlySpan<char> s, IFormatProvider provider);
        public extern static byte Parse(ReadOnlySpan<char> s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static byte Parse(string s, IFormatProvider provider);
        public extern static byte Parse(string s, System.Globalization.NumberStyles style);
        public extern static byte Parse(string s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static bool TryParse(string s, out byte result);
        public extern static bool TryParse(ReadOnlySpan<char> s, out byte result);
        public extern static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out byte result);
        public extern static bool TryParse(string s, IFormatProvider provider, out byte result);
        public extern static bool TryParse(string s, System.Globalization.NumberStyles style, IFormatProvider provider, out byte result);
    }

    public sealed class Int16 : IComparable, IComparable<short>, IEquatable<short>, IConvertible, IFormattable
    {
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern int CompareTo(short value);
        public extern int CompareTo(object value);
        public extern bool Equals(short obj);
        public const short MaxValue = 32767;
        public const short MinValue = -32768;
        public extern static short Parse(string s);
        public extern static short Parse(ReadOnlySpan<char> s);
        public extern static short Parse(ReadOnlySpan<char> s, IFormatProvider provider);
        public extern static short Parse(ReadOnlySpan<char> s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static short Parse(string s, IFormatProvider provider);
        public extern static short Parse(string s, System.Globalization.NumberStyles style);
        public extern static short Parse(string s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static bool TryParse(string s, out short result);
        public extern static bool TryParse(ReadOnlySpan<char> s, out short result);
        public extern static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out short result);
        public extern static bool TryParse(string s, IFormatProvider provider, out short result);
        public extern static bool TryParse(string s, System.Globalization.NumberStyles style, IFormatProvider provider, out short result);
    }

    public sealed class UInt16 : IComparable, IComparable<ushort>, IEquatable<ushort>, IConvertible, IFormattable
    {
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern int CompareTo(ushort value);
        public extern int CompareTo(object value);
        public extern bool Equals(ushort obj);
        public const ushort MaxValue = 65535;
        public const ushort MinValue = 0;
        public extern static ushort Parse(string s);
        public extern static ushort Parse(ReadOnlySpan<char> s);
        public extern static ushort Parse(ReadOnlySpan<char> s, IFormatProvider provider);
        public extern static ushort Parse(ReadOnlySpan<char> s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static ushort Parse(string s, IFormatProvider provider);
        public extern static ushort Parse(string s, System.Globalization.NumberStyles style);
        public extern static ushort Parse(string s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static bool TryParse(string s, out ushort result);
        public extern static bool TryParse(ReadOnlySpan<char> s, out ushort result);
        public extern static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out ushort result);
        public extern static bool TryParse(string s, IFormatProvider provider, out ushort result);
        public extern static bool TryParse(string s, System.Globalization.NumberStyles style, IFormatProvider provider, out ushort result);
    }

    public sealed class UInt32 : IComparable, IComparable<uint>, IEquatable<uint>, IConvertible, IFormattable
    {
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern int CompareTo(uint value);
        public extern int CompareTo(object value);
        public extern bool Equals(uint obj);
        public const uint MaxValue = 4294967295;
        public const uint MinValue = 0;
        public extern static uint Parse(string s);
        public extern static uint Parse(ReadOnlySpan<char> s);
        public extern static uint Parse(ReadOnlySpan<char> s, IFormatProvider provider);
        public extern static uint Parse(ReadOnlySpan<char> s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static uint Parse(string s, IFormatProvider provider);
        public extern static uint Parse(string s, System.Globalization.NumberStyles style);
        public extern static uint Parse(string s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static bool TryParse(string s, out uint result);
        public extern static bool TryParse(ReadOnlySpan<char> s, out uint result);
        public extern static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out uint result);
        public extern static bool TryParse(string s, IFormatProvider provider, out uint result);
        public extern static bool TryParse(string s, System.Globalization.NumberStyles style, IFormatProvider provider, out uint result);
    }

    public sealed class UInt64 : IComparable, IComparable<ulong>, IEquatable<ulong>, IConvertible, IFormattable
    {
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern int CompareTo(ulong value);
        public extern int CompareTo(object value);
        public extern bool Equals(ulong obj);
        public const ulong MaxValue = 18446744073709551615;
        public const ulong MinValue = 0;
        public extern static ulong Parse(string s);
        public extern static ulong Parse(ReadOnlySpan<char> s);
        public extern static ulong Parse(ReadOnlySpan<char> s, IFormatProvider provider);
        public extern static ulong Parse(ReadOnlySpan<char> s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static ulong Parse(string s, IFormatProvider provider);
        public extern static ulong Parse(string s, System.Globalization.NumberStyles style);
        public extern static ulong Parse(string s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static bool TryParse(string s, out ulong result);
        public extern static bool TryParse(ReadOnlySpan<char> s, out ulong result);
        public extern static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out ulong result);
        public extern static bool TryParse(string s, IFormatProvider provider, out ulong result);
        public extern static bool TryParse(string s, System.Globalization.NumberStyles style, IFormatProvider provider, out ulong result);
    }

    public sealed class Decimal : IComparable, IComparable<decimal>, IEquatable<decimal>, IConvertible, IFormattable
    {
        public static readonly decimal Zero;
        public static readonly decimal One;
        public static readonly decimal MinusOne;
        public static readonly decimal MaxValue;
        public static readonly decimal MinValue;
        public extern Decimal();
        public extern Decimal(int value);
        public extern Decimal(uint value);
        public extern Decimal(long value);
        public extern Decimal(ulong value);
        public extern Decimal(float value);
        public extern Decimal(double value);
        public extern Decimal(int[] bits);
        public extern Decimal(ReadOnlySpan<int> bits);
        public extern Decimal(int lo, int mid, int hi, bool isNegative, byte scale);
        public extern static int[] GetBits(decimal d);
        public extern static decimal Add(decimal d1, decimal d2);
        public extern static decimal Subtract(decimal d1, decimal d2);
        public extern static decimal Multiply(decimal d1, decimal d2);
        public extern static decimal Divide(decimal d1, decimal d2);
        public extern static decimal Remainder(decimal d1, decimal d2);
        public extern static decimal Negate(decimal d);
        public extern static int Compare(decimal d1, decimal d2);
        public byte Scale { get; }
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern int CompareTo(decimal value);
        public extern int CompareTo(object value);
        public extern bool Equals(decimal obj);
        public extern static decimal Round(decimal d);
        public extern static decimal Round(decimal d, int decimals);
        public extern static decimal Round(decimal d, MidpointRounding mode);
        public extern static decimal Round(decimal d, int decimals, MidpointRounding mode);
        public extern static decimal Floor(decimal d);
        public extern static decimal Ceiling(decimal d);
        public extern static decimal Truncate(decimal d);
        public extern static decimal Parse(string s);
        public extern static decimal Parse(ReadOnlySpan<char> s);
        public extern static decimal Parse(ReadOnlySpan<char> s, IFormatProvider provider);
        public extern static decimal Parse(ReadOnlySpan<char> s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static decimal Parse(string s, IFormatProvider provider);
        public extern static decimal Parse(string s, System.Globalization.NumberStyles style);
        public extern static decimal Parse(string s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static bool TryParse(string s, out decimal result);
        public extern static bool TryParse(ReadOnlySpan<char> s, out decimal result);
        public extern static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out decimal result);
        public extern static bool TryParse(string s, IFormatProvider provider, out decimal result);
        public extern static bool TryParse(string s, System.Globalization.NumberStyles style, IFormatProvider provider, out decimal result);
    }

    public sealed class Boolean : IComparable, IComparable<bool>, IEquatable<bool>, IConvertible
    {
        public static readonly string TrueString;
        public static readonly string FalseString;
        public extern string ToString(IFormatProvider provider);
        public extern static bool Parse(string value);
        public extern static bool TryParse(string value, out bool result);
    }

    public sealed class Char : IComparable, IComparable<char>, IEquatable<char>, IConvertible
    {
        public const char MaxValue = '\uffff';
        public const char MinValue = '\0';
        public extern static double GetNumericValue(char c);
        public extern static bool IsAscii(char c);
        public extern static bool IsAsciiDigit(char c);
        public extern static bool IsAsciiLetter(char c);
        public extern static bool IsAsciiLetterLower(char c);
        public extern static bool IsAsciiLetterUpper(char c);
        public extern static bool IsAsciiLetterOrDigit(char c);
        public extern static bool IsAsciiHexDigit(char c);
        public extern static bool IsAsciiHexDigitLower(char c);
        public extern static bool IsAsciiHexDigitUpper(char c);
        public extern static bool IsBetween(char c, char minInclusive, char maxInclusive);
        public extern static bool IsControl(char c);
        public extern static bool IsControl(string s, int index);
        public extern static bool IsDigit(char c);
        public extern static bool IsDigit(string s, int index);
        public extern static bool IsLetter(char c);
        public extern static bool IsLetter(string s, int index);
        public extern static System.Globalization.UnicodeCategory GetUnicodeCategory(char c);
        public extern static System.Globalization.UnicodeCategory GetUnicodeCategory(string s, int index);
        public extern static bool IsLetterOrDigit(char c);
        public extern static bool IsLetterOrDigit(string s, int index);
        public extern static bool IsLower(char c);
        public extern static bool IsLower(string s, int index);
        public extern static bool IsNumber(char c);
        public extern static bool IsNumber(string s, int index);
        public extern static bool IsPunctuation(char c);
        public extern static bool IsPunctuation(string s, int index);
        public extern static bool IsSeparator(char c);
        public extern static bool IsSeparator(string s, int index);
        public extern static bool IsSurrogate(char c);
        public extern static bool IsSurrogate(string s, int index);
        public extern static bool IsHighSurrogate(char c);
        public extern static bool IsHighSurrogate(string s, int index);
        public extern static bool IsLowSurrogate(char c);
        public extern static bool IsLowSurrogate(string s, int index);
        public extern static bool IsSurrogatePair(char highSurrogate, char lowSurrogate);
        public extern static bool IsSurrogatePair(string s, int index);
        public extern static int ConvertToUtf32(char highSurrogate, char lowSurrogate);
        public extern static int ConvertToUtf32(string s, int index);
        public extern static string ConvertFromUtf32(int utf32);
        public extern static bool IsSymbol(char c);
        public extern static bool IsSymbol(string s, int index);
        public extern static bool IsUpper(char c);
        public extern static bool IsUpper(string s, int index);
        public extern static bool IsWhiteSpace(char c);
        public extern static bool IsWhiteSpace(string s, int index);
        public extern static char Parse(string s);
        public extern static bool TryParse(string s, out char result);
        public extern static char ToLower(char c);
        public extern static char ToLower(char c, System.Globalization.CultureInfo culture);
        public extern static char ToLowerInvariant(char c);
        public extern static char ToUpper(char c);
        public extern static char ToUpper(char c, System.Globalization.CultureInfo culture);
        public extern static char ToUpperInvariant(char c);
    }
    public static class BitConverter
    {
        public static readonly bool IsLittleEndian;
        public extern static byte[] GetBytes(bool value);
        public extern static byte[] GetBytes(char value);
        public extern static byte[] GetBytes(short value);
        public extern static byte[] GetBytes(int value);
        public extern static byte[] GetBytes(long value);
        public extern static byte[] GetBytes(ushort value);
        public extern static byte[] GetBytes(uint value);
        public extern static byte[] GetBytes(ulong value);
        public extern static byte[] GetBytes(float value);
        public extern static byte[] GetBytes(double value);
        public extern static bool ToBoolean(byte[] value, int startIndex);
        public extern static char ToChar(byte[] value, int startIndex);
        public extern static short ToInt16(byte[] value, int startIndex);
        public extern static int ToInt32(byte[] value, int startIndex);
        public extern static long ToInt64(byte[] value, int startIndex);
        public extern static ushort ToUInt16(byte[] value, int startIndex);
        public extern static uint ToUInt32(byte[] value, int startIndex);
        public extern static ulong ToUInt64(byte[] value, int startIndex);
        public extern static float ToSingle(byte[] value, int startIndex);
        public extern static double ToDouble(byte[] value, int startIndex);
        public extern static string ToString(byte[] value);
        public extern static string ToString(byte[] value, int startIndex);
        public extern static string ToString(byte[] value, int startIndex, int length);
        public extern static long DoubleToInt64Bits(double value);
        public extern static double Int64BitsToDouble(long value);
        public extern static int SingleToInt32Bits(float value);
        public extern static float Int32BitsToSingle(int value);
    }

    public static class Convert
    {
        public extern static string ToHexString(byte[] inArray);
        public extern static string ToHexString(byte[] inArray, int offset, int length);
        public extern static string ToHexStringLower(byte[] inArray);
        public extern static string ToHexStringLower(byte[] inArray, int offset, int length);
        public extern static byte[] FromHexString(string s);
        public extern static string ToBase64String(byte[] inArray);
        public extern static string ToBase64String(byte[] inArray, int offset, int length);
        public extern static byte[] FromBase64String(string s);
        public extern static bool ToBoolean(object value);
        public extern static bool ToBoolean(string value);
        public extern static bool ToBoolean(int value);
        public extern static bool ToBoolean(object value, IFormatProvider provider);
        public extern static char ToChar(object value);
        public extern static char ToChar(int value);
        public extern static char ToChar(string value);
        public extern static char ToChar(object value, IFormatProvider provider);
        public extern static decimal ToDecimal(object value);
        public extern static decimal ToDecimal(bool value);
        public extern static decimal ToDecimal(char value);
        public extern static decimal ToDecimal(sbyte value);
        public extern static decimal ToDecimal(byte value);
        public extern static decimal ToDecimal(short value);
        public extern static decimal ToDecimal(ushort value);
        public extern static decimal ToDecimal(int value);
        public extern static decimal ToDecimal(uint value);
        public extern static decimal ToDecimal(ulong value);
        public extern static decimal ToDecimal(float value);
        public extern static decimal ToDecimal(decimal value);
        public extern static decimal ToDecimal(string value);
        public extern static decimal ToDecimal(double value);
        public extern static decimal ToDecimal(long value);
        public extern static decimal ToDecimal(object value, IFormatProvider provider);
        public extern static double ToDouble(object value);
        public extern static double ToDouble(bool value);
        public extern static double ToDouble(char value);
        public extern static double ToDouble(sbyte value);
        public extern static double ToDouble(byte value);
        public extern static double ToDouble(short value);
        public extern static double ToDouble(ushort value);
        public extern static double ToDouble(int value);
        public extern static double ToDouble(uint value);
        public extern static double ToDouble(ulong value);
        public extern static double ToDouble(float value);
        public extern static double ToDouble(string value);
        public extern static double ToDouble(long value);
        public extern static double ToDouble(double value);
        public extern static double ToDouble(decimal value);
        public extern static double ToDouble(object value, IFormatProvider provider);
        public extern static sbyte ToSByte(object value);
        public extern static sbyte ToSByte(bool value);
        public extern static sbyte ToSByte(char value);
        public extern static sbyte ToSByte(sbyte value);
        public extern static sbyte ToSByte(byte value);
        public extern static sbyte ToSByte(short value);
        public extern static sbyte ToSByte(ushort value);
        public extern static sbyte ToSByte(int value);
        public extern static sbyte ToSByte(uint value);
        public extern static sbyte ToSByte(ulong value);
        public extern static sbyte ToSByte(float value);
        public extern static sbyte ToSByte(string value);
        public extern static sbyte ToSByte(double value);
        public extern static sbyte ToSByte(long value);
        public extern static sbyte ToSByte(decimal value);
        public extern static sbyte ToSByte(string value, int fromBase);
        public extern static sbyte ToSByte(object value, IFormatProvider provider);
        public extern static byte ToByte(object value);
        public extern static byte ToByte(bool value);
        public extern static byte ToByte(char value);
        public extern static byte ToByte(sbyte value);
        public extern static byte ToByte(byte value);
        public extern static byte ToByte(short value);
        public extern static byte ToByte(ushort value);
        public extern static byte ToByte(int value);
        public extern static byte ToByte(uint value);
        public extern static byte ToByte(ulong value);
        public extern static byte ToByte(float value);
        public extern static byte ToByte(string value);
        public extern static byte ToByte(double value);
        public extern static byte ToByte(long value);
        public extern static byte ToByte(decimal value);
        public extern static byte ToByte(string value, int fromBase);
        public extern static byte ToByte(object value, IFormatProvider provider);
        public extern static short ToInt16(object value);
        public extern static short ToInt16(bool value);
        public extern static short ToInt16(char value);
        public extern static short ToInt16(sbyte value);
        public extern static short ToInt16(byte value);
        public extern static short ToInt16(short value);
        public extern static short ToInt16(ushort value);
        public extern static short ToInt16(int value);
        public extern static short ToInt16(uint value);
        public extern static short ToInt16(ulong value);
        public extern static short ToInt16(float value);
        public extern static short ToInt16(string value);
        public extern static short ToInt16(double value);
        public extern static short ToInt16(long value);
        public extern static short ToInt16(decimal value);
        public extern static short ToInt16(string value, int fromBase);
        public extern static short ToInt16(object value, IFormatProvider provider);
        public extern static ushort ToUInt16(object value);
        public extern static ushort ToUInt16(bool value);
        public extern static ushort ToUInt16(char value);
        public extern static ushort ToUInt16(sbyte value);
        public extern static ushort ToUInt16(byte value);
        public extern static ushort ToUInt16(short value);
        public extern static ushort ToUInt16(ushort value);
        public extern static ushort ToUInt16(int value);
        public extern static ushort ToUInt16(uint value);
        public extern static ushort ToUInt16(ulong value);
        public extern static ushort ToUInt16(float value);
        public extern static ushort ToUInt16(string value);
        public extern static ushort ToUInt16(double value);
        public extern static ushort ToUInt16(long value);
        public extern static ushort ToUInt16(decimal value);
        public extern static ushort ToUInt16(string value, int fromBase);
        public extern static ushort ToUInt16(object value, IFormatProvider provider);
        public extern static uint ToUInt32(object value);
        public extern static uint ToUInt32(bool value);
        public extern static uint ToUInt32(char value);
        public extern static uint ToUInt32(sbyte value);
        public extern static uint ToUInt32(byte value);
        public extern static uint ToUInt32(short value);
        public extern static uint ToUInt32(ushort value);
        public extern static uint ToUInt32(int value);
        public extern static uint ToUInt32(uint value);
        public extern static uint ToUInt32(ulong value);
        public extern static uint ToUInt32(float value);
        public extern static uint ToUInt32(string value);
        public extern static uint ToUInt32(double value);
        public extern static uint ToUInt32(long value);
        public extern static uint ToUInt32(decimal value);
        public extern static uint ToUInt32(string value, int fromBase);
        public extern static uint ToUInt32(object value, IFormatProvider provider);
        public extern static ulong ToUInt64(object value);
        public extern static ulong ToUInt64(bool value);
        public extern static ulong ToUInt64(char value);
        public extern static ulong ToUInt64(sbyte value);
        public extern static ulong ToUInt64(byte value);
        public extern static ulong ToUInt64(short value);
        public extern static ulong ToUInt64(ushort value);
        public extern static ulong ToUInt64(int value);
        public extern static ulong ToUInt64(uint value);
        public extern static ulong ToUInt64(ulong value);
        public extern static ulong ToUInt64(float value);
        public extern static ulong ToUInt64(string value);
        public extern static ulong ToUInt64(double value);
        public extern static ulong ToUInt64(long value);
        public extern static ulong ToUInt64(decimal value);
        public extern static ulong ToUInt64(string value, int fromBase);
        public extern static ulong ToUInt64(object value, IFormatProvider provider);
        public extern static int ToInt32(object value);
        public extern static int ToInt32(sbyte value);
        public extern static int ToInt32(byte value);
        public extern static int ToInt32(short value);
        public extern static int ToInt32(ushort value);
        public extern static int ToInt32(int value);
        public extern static int ToInt32(uint value);
        public extern static int ToInt32(ulong value);
        public extern static int ToInt32(float value);
        public extern static int ToInt32(string value);
        public extern static int ToInt32(double value);
        public extern static int ToInt32(long value);
        public extern static int ToInt32(decimal value);
        public extern static int ToInt32(char value);
        public extern static int ToInt32(bool value);
        public extern static int ToInt32(string value, int fromBase);
        public extern static int ToInt32(object value, IFormatProvider provider);
        public extern static long ToInt64(object value);
        public extern static long ToInt64(bool value);
        public extern static long ToInt64(char value);
        public extern static long ToInt64(sbyte value);
        public extern static long ToInt64(byte value);
        public extern static long ToInt64(short value);
        public extern static long ToInt64(ushort value);
        public extern static long ToInt64(int value);
        public extern static long ToInt64(uint value);
        public extern static long ToInt64(ulong value);
        public extern static long ToInt64(float value);
        public extern static long ToInt64(string value);
        public extern static long ToInt64(double value);
        public extern static long ToInt64(long value);
        public extern static long ToInt64(decimal value);
        public extern static long ToInt64(string value, int fromBase);
        public extern static long ToInt64(object value, IFormatProvider provider);
        public extern static float ToSingle(object value);
        public extern static float ToSingle(bool value);
        public extern static float ToSingle(char value);
        public extern static float ToSingle(sbyte value);
        public extern static float ToSingle(byte value);
        public extern static float ToSingle(short value);
        public extern static float ToSingle(ushort value);
        public extern static float ToSingle(int value);
        public extern static float ToSingle(uint value);
        public extern static float ToSingle(long value);
        public extern static float ToSingle(ulong value);
        public extern static float ToSingle(float value);
        public extern static float ToSingle(decimal value);
        public extern static float ToSingle(string value);
        public extern static float ToSingle(double value);
        public extern static float ToSingle(object value, IFormatProvider provider);
        public extern static string ToString(object value);
        public extern static string ToString(object value, IFormatProvider provider);
        public extern static string ToString(byte value, int toBase);
        public extern static string ToString(short value, int toBase);
        public extern static string ToString(int value, int toBase);
        public extern static string ToString(long value, int toBase);
    }

    public static class Environment
    {
        public static int CurrentManagedThreadId { get; }
        public static int ExitCode { get; set; }
        public static bool Is64BitProcess { get; }
        public static string MachineName { get; }
        public static string NewLine { get; }
        public static int ProcessorCount { get; }
        public static int TickCount { get; }
        public static long TickCount64 { get; }
        public extern static void Exit(int exitCode);
        public extern static string[] GetCommandLineArgs();
        public extern static string GetEnvironmentVariable(string variable);
    }

    public class Random
    {
        public extern Random();
        public extern Random(int Seed);
        public static Random Shared { get; }
        public extern virtual int Next();
        public extern virtual int Next(int maxValue);
        public extern virtual int Next(int minValue, int maxValue);
        public extern virtual double NextDouble();
        public extern virtual long NextInt64();
        public extern virtual long NextInt64(long maxValue);
        public extern virtual long NextInt64(long minValue, long maxValue);
        public extern virtual void NextBytes(byte[] buffer);
        public extern void Shuffle<T>(T[] values);
        public extern T[] GetItems<T>(T[] choices, int length);
    }

    // System.ValueTuple: the types of C# tuples. `(int, string)` is
    // ValueTuple<int, string>; an eighth and later elements nest in TRest.
    // The fields are Item1..Item7 and Rest; element names are the binder's.
    [Struct] public sealed class ValueTuple<T1> : IEquatable<ValueTuple<T1>>, IComparable<ValueTuple<T1>>, IComparable, System.Runtime.CompilerServices.ITuple
    {
        public T1 Item1;
        public extern ValueTuple(T1 item1);
        public extern override bool Equals(object obj);
        public extern bool Equals(ValueTuple<T1> other);
        public extern override int GetHashCode();
        public extern override string ToString();
        public extern int CompareTo(ValueTuple<T1> other);
        public extern int CompareTo(object other);
    }

    [Struct] public sealed class ValueTuple<T1, T2> : IEquatable<ValueTuple<T1, T2>>, IComparable<ValueTuple<T1, T2>>, IComparable, System.Runtime.CompilerServices.ITuple
    {
        public T1 Item1;
        public T2 Item2;
        public extern ValueTuple(T1 item1, T2 item2);
        public extern override bool Equals(object obj);
        public extern bool Equals(ValueTuple<T1, T2> other);
        public extern override int GetHashCode();
        public extern override string ToString();
        public extern int CompareTo(ValueTuple<T1, T2> other);
        public extern int CompareTo(object other);
    }

    [Struct] public sealed class ValueTuple<T1, T2, T3> : IEquatable<ValueTuple<T1, T2, T3>>, IComparable<ValueTuple<T1, T2, T3>>, IComparable, System.Runtime.CompilerServices.ITuple
    {
        public T1 Item1;
        public T2 Item2;
        public T3 Item3;
        public extern ValueTuple(T1 item1, T2 item2, T3 item3);
        public extern override bool Equals(object obj);
        public extern bool Equals(ValueTuple<T1, T2, T3> other);
        public extern override int GetHashCode();
        public extern override string ToString();
        public extern int CompareTo(ValueTuple<T1, T2, T3> other);
        public extern int CompareTo(object other);
    }

    [Struct] public sealed class ValueTuple<T1, T2, T3, T4> : IEquatable<ValueTuple<T1, T2, T3, T4>>, IComparable<ValueTuple<T1, T2, T3, T4>>, IComparable, System.Runtime.CompilerServices.ITuple
    {
        public T1 Item1;
        public T2 Item2;
        public T3 Item3;
        public T4 Item4;
        public extern ValueTuple(T1 item1, T2 item2, T3 item3, T4 item4);
        public extern override bool Equals(object obj);
        public extern bool Equals(ValueTuple<T1, T2, T3, T4> other);
        public extern override int GetHashCode();
        public extern override string ToString();
        public extern int CompareTo(ValueTuple<T1, T2, T3, T4> other);
        public extern int CompareTo(object other);
    }

    [Struct] public sealed class ValueTuple<T1, T2, T3, T4, T5> : IEquatable<ValueTuple<T1, T2, T3, T4, T5>>, IComparable<ValueTuple<T1, T2, T3, T4, T5>>, IComparable, System.Runtime.CompilerServices.ITuple
    {
        public T1 Item1;
        public T2 Item2;
        public T3 Item3;
        public T4 Item4;
        public T5 Item5;
        public extern ValueTuple(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5);
        public extern override bool Equals(object obj);
        public extern bool Equals(ValueTuple<T1, T2, T3, T4, T5> other);
        public extern override int GetHashCode();
        public extern override string ToString();
        public extern int CompareTo(ValueTuple<T1, T2, T3, T4, T5> other);
        public extern int CompareTo(object other);
    }

    [Struct] public sealed class ValueTuple<T1, T2, T3, T4, T5, T6> : IEquatable<ValueTuple<T1, T2, T3, T4, T5, T6>>, IComparable<ValueTuple<T1, T2, T3, T4, T5, T6>>, IComparable, System.Runtime.CompilerServices.ITuple
    {
        public T1 Item1;
        public T2 Item2;
        public T3 Item3;
        public T4 Item4;
        public T5 Item5;
        public T6 Item6;
        public extern ValueTuple(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6);
        public extern override bool Equals(object obj);
        public extern bool Equals(ValueTuple<T1, T2, T3, T4, T5, T6> other);
        public extern override int GetHashCode();
        public extern override string ToString();
        public extern int CompareTo(ValueTuple<T1, T2, T3, T4, T5, T6> other);
        public extern int CompareTo(object other);
    }

    [Struct] public sealed class ValueTuple<T1, T2, T3, T4, T5, T6, T7> : IEquatable<ValueTuple<T1, T2, T3, T4, T5, T6, T7>>, IComparable<ValueTuple<T1, T2, T3, T4, T5, T6, T7>>, IComparable, System.Runtime.CompilerServices.ITuple
    {
        public T1 Item1;
        public T2 Item2;
        public T3 Item3;
        public T4 Item4;
        public T5 Item5;
        public T6 Item6;
        public T7 Item7;
        public extern ValueTuple(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6, T7 item7);
        public extern override bool Equals(object obj);
        public extern bool Equals(ValueTuple<T1, T2, T3, T4, T5, T6, T7> other);
        public extern override int GetHashCode();
        public extern override string ToString();
        public extern int CompareTo(ValueTuple<T1, T2, T3, T4, T5, T6, T7> other);
        public extern int CompareTo(object other);
    }

    [Struct] public sealed class ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest> : IEquatable<ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest>>, IComparable<ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest>>, IComparable, System.Runtime.CompilerServices.ITuple
    {
        public T1 Item1;
        public T2 Item2;
        public T3 Item3;
        public T4 Item4;
        public T5 Item5;
        public T6 Item6;
        public T7 Item7;
        public TRest Rest;
        public extern ValueTuple(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6, T7 item7, TRest rest);
        public extern override bool Equals(object obj);
        public extern bool Equals(ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest> other);
        public extern override int GetHashCode();
        public extern override string ToString();
        public extern int CompareTo(ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest> other);
        public extern int CompareTo(object other);
    }

    public static class ValueTuple
    {
        public extern static ValueTuple<T1> Create<T1>(T1 item1);
        public extern static ValueTuple<T1, T2> Create<T1, T2>(T1 item1, T2 item2);
        public extern static ValueTuple<T1, T2, T3> Create<T1, T2, T3>(T1 item1, T2 item2, T3 item3);
        public extern static ValueTuple<T1, T2, T3, T4> Create<T1, T2, T3, T4>(T1 item1, T2 item2, T3 item3, T4 item4);
        public extern static ValueTuple<T1, T2, T3, T4, T5> Create<T1, T2, T3, T4, T5>(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5);
        public extern static ValueTuple<T1, T2, T3, T4, T5, T6> Create<T1, T2, T3, T4, T5, T6>(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6);
        public extern static ValueTuple<T1, T2, T3, T4, T5, T6, T7> Create<T1, T2, T3, T4, T5, T6, T7>(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6, T7 item7);
        public extern static ValueTuple<T1, T2, T3, T4, T5, T6, T7, ValueTuple<T8>> Create<T1, T2, T3, T4, T5, T6, T7, T8>(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6, T7 item7, T8 item8);
    }

    [Struct] public sealed class Index : IEquatable<Index>
    {
        public extern Index(int value, bool fromEnd = false);
        public static Index Start { get; }
        public static Index End { get; }
        public int Value { get; }
        public bool IsFromEnd { get; }
        public extern static Index FromStart(int value);
        public extern static Index FromEnd(int value);
        public extern int GetOffset(int length);
        public extern bool Equals(Index other);
        public extern override bool Equals(object value);
        public extern override int GetHashCode();
        public extern override string ToString();
        public extern static implicit operator Index(int value);
    }

    [Struct] public sealed class Range : IEquatable<Range>
    {
        public extern Range(Index start, Index end);
        public Index Start { get; }
        public Index End { get; }
        public static Range All { get; }
        public extern static Range StartAt(Index start);
        public extern static Range EndAt(Index end);
        public extern (int Offset, int Length) GetOffsetAndLength(int length);
        public extern bool Equals(Range other);
        public extern override bool Equals(object value);
        public extern override int GetHashCode();
        public extern override string ToString();
    }

    [Struct] public sealed class TimeSpan : IComparable, IComparable<TimeSpan>, IEquatable<TimeSpan>, IFormattable
    {
        public static readonly TimeSpan MaxValue;
        public static readonly TimeSpan MinValue;
        public static readonly TimeSpan Zero;
        public extern TimeSpan();
        public extern TimeSpan(long ticks);
        public extern TimeSpan(int hours, int minutes, int seconds);
        public extern TimeSpan(int days, int hours, int minutes, int seconds);
        public extern TimeSpan(int days, int hours, int minutes, int seconds, int milliseconds);
        public extern TimeSpan(int days, int hours, int minutes, int seconds, int milliseconds, int microseconds);
        public const long NanosecondsPerTick = 100;
        public const long TicksPerMicrosecond = 10;
        public const long TicksPerMillisecond = 10000;
        public const long TicksPerSecond = 10000000;
        public const long TicksPerMinute = 600000000;
        public const long TicksPerHour = 36000000000;
        public const long TicksPerDay = 864000000000;
        public int Microseconds { get; }
        public int Nanoseconds { get; }
        public double TotalMicroseconds { get; }
        public double TotalNanoseconds { get; }
        public extern static TimeSpan FromMicroseconds(double value);
        public extern TimeSpan Multiply(double factor);
        public extern TimeSpan Divide(double divisor);
        public extern double Divide(TimeSpan ts);
        public int Days { get; }
        public int Hours { get; }
        public int Milliseconds { get; }
        public int Minutes { get; }
        public int Seconds { get; }
        public long Ticks { get; }
        public double TotalDays { get; }
        public double TotalHours { get; }
        public double TotalMilliseconds { get; }
        public double TotalMinutes { get; }
        public double TotalSeconds { get; }
        public extern TimeSpan Add(TimeSpan ts);
        public extern int CompareTo(object value);
        public extern int CompareTo(TimeSpan value);
        public extern TimeSpan Duration();
        public extern bool Equals(TimeSpan obj);
        public extern override bool Equals(object value);
        public extern override int GetHashCode();
        public extern TimeSpan Negate();
        public extern TimeSpan Subtract(TimeSpan ts);
        public extern override string ToString();
        public extern string ToString(string format);
        public extern string ToString(string format, IFormatProvider formatProvider);
        public extern static int Compare(TimeSpan t1, TimeSpan t2);
        public extern static TimeSpan FromDays(double value);
        public extern static TimeSpan FromHours(double value);
        public extern static TimeSpan FromMilliseconds(double value);
        public extern static TimeSpan FromMinutes(double value);
        public extern static TimeSpan FromSeconds(double value);
        public extern static TimeSpan FromTicks(long value);
        public extern static TimeSpan Parse(string s);
        public extern static TimeSpan Parse(string input, IFormatProvider formatProvider);
        public extern static bool TryParse(string s, out TimeSpan result);
        public extern static bool TryParse(string input, IFormatProvider formatProvider, out TimeSpan result);
        public extern static TimeSpan ParseExact(string input, string format, IFormatProvider formatProvider);
        public extern static bool TryParseExact(string input, string format, IFormatProvider formatProvider, out TimeSpan result);
        public extern static TimeSpan operator +(TimeSpan t1, TimeSpan t2);
        public extern static TimeSpan operator -(TimeSpan t1, TimeSpan t2);
        public extern static TimeSpan operator -(TimeSpan t);
        public extern static TimeSpan operator *(TimeSpan timeSpan, double factor);
        public extern static TimeSpan operator *(double factor, TimeSpan timeSpan);
        public extern static TimeSpan operator /(TimeSpan timeSpan, double divisor);
        public extern static double operator /(TimeSpan t1, TimeSpan t2);
        public extern static bool operator ==(TimeSpan t1, TimeSpan t2);
        public extern static bool operator !=(TimeSpan t1, TimeSpan t2);
        public extern static bool operator <(TimeSpan t1, TimeSpan t2);
        public extern static bool operator >(TimeSpan t1, TimeSpan t2);
        public extern static bool operator <=(TimeSpan t1, TimeSpan t2);
        public extern static bool operator >=(TimeSpan t1, TimeSpan t2);
    }

    [Struct] public sealed class DateTime : IComparable, IComparable<DateTime>, IEquatable<DateTime>, IFormattable
    {
        public static readonly DateTime MaxValue;
        public static readonly DateTime MinValue;
        public static readonly DateTime UnixEpoch;
        public static DateTime Now { get; }
        public static DateTime Today { get; }
        public static DateTime UtcNow { get; }
        public extern DateTime();
        public extern DateTime(long ticks);
        public extern DateTime(long ticks, DateTimeKind kind);
        public extern DateTime(int year, int month, int day);
        public extern DateTime(int year, int month, int day, int hour, int minute, int second);
        public extern DateTime(int year, int month, int day, int hour, int minute, int second, DateTimeKind kind);
        public extern DateTime(int year, int month, int day, int hour, int minute, int second, int millisecond);
        public extern DateTime(int year, int month, int day, int hour, int minute, int second, int millisecond, DateTimeKind kind);
        public DateTime Date { get; }
        public int Day { get; }
        public DayOfWeek DayOfWeek { get; }
        public int DayOfYear { get; }
        public int Hour { get; }
        public DateTimeKind Kind { get; }
        public int Microsecond { get; }
        public int Millisecond { get; }
        public int Minute { get; }
        public int Month { get; }
        public int Nanosecond { get; }
        public int Second { get; }
        public long Ticks { get; }
        public TimeSpan TimeOfDay { get; }
        public int Year { get; }
        public extern DateTime Add(TimeSpan value);
        public extern DateTime AddMicroseconds(double value);
        public extern DateTime AddDays(double value);
        public extern DateTime AddHours(double value);
        public extern DateTime AddMilliseconds(double value);
        public extern DateTime AddMinutes(double value);
        public extern DateTime AddMonths(int months);
        public extern DateTime AddSeconds(double value);
        public extern DateTime AddTicks(long value);
        public extern DateTime AddYears(int value);
        public extern int CompareTo(object value);
        public extern int CompareTo(DateTime value);
        public extern bool Equals(DateTime value);
        public extern override bool Equals(object value);
        public extern override int GetHashCode();
        public extern TimeSpan Subtract(DateTime value);
        public extern DateTime Subtract(TimeSpan value);
        public extern DateTime ToLocalTime();
        public extern DateTime ToUniversalTime();
        public extern string ToLongDateString();
        public extern string ToLongTimeString();
        public extern string ToShortDateString();
        public extern string ToShortTimeString();
        public extern override string ToString();
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern static int Compare(DateTime t1, DateTime t2);
        public extern static int DaysInMonth(int year, int month);
        public extern static bool IsLeapYear(int year);
        public extern static DateTime SpecifyKind(DateTime value, DateTimeKind kind);
        public extern static DateTime Parse(string s);
        public extern static DateTime Parse(string s, IFormatProvider provider);
        public extern static DateTime Parse(string s, IFormatProvider provider, System.Globalization.DateTimeStyles styles);
        public extern static bool TryParse(string s, out DateTime result);
        public extern static bool TryParse(string s, IFormatProvider provider, out DateTime result);
        public extern static bool TryParse(string s, IFormatProvider provider, System.Globalization.DateTimeStyles styles, out DateTime result);
        public extern static DateTime ParseExact(string s, string format, IFormatProvider provider);
        public extern static DateTime ParseExact(string s, string format, IFormatProvider provider, System.Globalization.DateTimeStyles style);
        public extern static DateTime ParseExact(string s, string[] formats, IFormatProvider provider, System.Globalization.DateTimeStyles style);
        public extern static bool TryParseExact(string s, string format, IFormatProvider provider, System.Globalization.DateTimeStyles style, out DateTime result);
        public extern static bool TryParseExact(string s, string[] formats, IFormatProvider provider, System.Globalization.DateTimeStyles style, out DateTime result);
        public extern static DateTime operator +(DateTime d, TimeSpan t);
        public extern static DateTime operator -(DateTime d, TimeSpan t);
        public extern static TimeSpan operator -(DateTime d1, DateTime d2);
        public extern static bool operator ==(DateTime d1, DateTime d2);
        public extern static bool operator !=(DateTime d1, DateTime d2);
        public extern static bool operator <(DateTime t1, DateTime t2);
        public extern static bool operator >(DateTime t1, DateTime t2);
        public extern static bool operator <=(DateTime t1, DateTime t2);
        public extern static bool operator >=(DateTime t1, DateTime t2);
    }

    [Struct] public sealed class DateOnly : IComparable, IComparable<DateOnly>, IEquatable<DateOnly>, IFormattable
    {
        public static readonly DateOnly MaxValue;
        public static readonly DateOnly MinValue;
        public extern DateOnly();
        public extern DateOnly(int year, int month, int day);
        public int Day { get; }
        public int DayNumber { get; }
        public DayOfWeek DayOfWeek { get; }
        public int DayOfYear { get; }
        public int Month { get; }
        public int Year { get; }
        public extern DateOnly AddDays(int value);
        public extern void Deconstruct(out int year, out int month, out int day);
        public extern DateOnly AddMonths(int value);
        public extern DateOnly AddYears(int value);
        public extern DateTime ToDateTime(TimeOnly time);
        public extern DateTime ToDateTime(TimeOnly time, DateTimeKind kind);
        public extern string ToLongDateString();
        public extern string ToShortDateString();
        public extern static DateOnly FromDateTime(DateTime dateTime);
        public extern static DateOnly FromDayNumber(int dayNumber);
        public extern int CompareTo(object value);
        public extern int CompareTo(DateOnly value);
        public extern bool Equals(DateOnly value);
        public extern override bool Equals(object value);
        public extern override int GetHashCode();
        public extern override string ToString();
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern static DateOnly Parse(string s);
        public extern static DateOnly Parse(string s, IFormatProvider provider);
        public extern static DateOnly Parse(string s, IFormatProvider provider, System.Globalization.DateTimeStyles style);
        public extern static bool TryParse(string s, out DateOnly result);
        public extern static bool TryParse(string s, IFormatProvider provider, out DateOnly result);
        public extern static bool TryParse(string s, IFormatProvider provider, System.Globalization.DateTimeStyles style, out DateOnly result);
        public extern static DateOnly ParseExact(string s, string format);
        public extern static DateOnly ParseExact(string s, string format, IFormatProvider provider);
        public extern static DateOnly ParseExact(string s, string format, IFormatProvider provider, System.Globalization.DateTimeStyles style);
        public extern static DateOnly ParseExact(string s, string[] formats, IFormatProvider provider, System.Globalization.DateTimeStyles style);
        public extern static bool TryParseExact(string s, string format, out DateOnly result);
        public extern static bool TryParseExact(string s, string format, IFormatProvider provider, System.Globalization.DateTimeStyles style, out DateOnly result);
        public extern static bool TryParseExact(string s, string[] formats, IFormatProvider provider, System.Globalization.DateTimeStyles style, out DateOnly result);
        public extern static bool operator ==(DateOnly left, DateOnly right);
        public extern static bool operator !=(DateOnly left, DateOnly right);
        public extern static bool operator <(DateOnly left, DateOnly right);
        public extern static bool operator >(DateOnly left, DateOnly right);
        public extern static bool operator <=(DateOnly left, DateOnly right);
        public extern static bool operator >=(DateOnly left, DateOnly right);
    }

    [Struct] public sealed class TimeOnly : IComparable, IComparable<TimeOnly>, IEquatable<TimeOnly>, IFormattable
    {
        public static readonly TimeOnly MaxValue;
        public static readonly TimeOnly MinValue;
        public extern TimeOnly();
        public extern TimeOnly(long ticks);
        public extern TimeOnly(int hour, int minute);
        public extern TimeOnly(int hour, int minute, int second);
        public extern TimeOnly(int hour, int minute, int second, int millisecond);
        public extern TimeOnly(int hour, int minute, int second, int millisecond, int microsecond);
        public int Hour { get; }
        public int Microsecond { get; }
        public int Millisecond { get; }
        public int Minute { get; }
        public int Nanosecond { get; }
        public int Second { get; }
        public long Ticks { get; }
        public extern TimeOnly Add(TimeSpan value);
        public extern TimeOnly AddHours(double value);
        public extern TimeOnly AddMinutes(double value);
        public extern TimeOnly Add(TimeSpan value, out int wrappedDays);
        public extern TimeOnly AddHours(double value, out int wrappedDays);
        public extern TimeOnly AddMinutes(double value, out int wrappedDays);
        public extern bool IsBetween(TimeOnly start, TimeOnly end);
        public extern TimeSpan ToTimeSpan();
        public extern string ToLongTimeString();
        public extern string ToShortTimeString();
        public extern static TimeOnly FromDateTime(DateTime dateTime);
        public extern static TimeOnly FromTimeSpan(TimeSpan timeSpan);
        public extern int CompareTo(object value);
        public extern int CompareTo(TimeOnly value);
        public extern bool Equals(TimeOnly value);
        public extern override bool Equals(object value);
        public extern override int GetHashCode();
        public extern override string ToString();
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern static TimeOnly Parse(string s);
        public extern static TimeOnly Parse(string s, IFormatProvider provider);
        public extern static TimeOnly Parse(string s, IFormatProvider provider, System.Globalization.DateTimeStyles style);
        public extern static bool TryParse(string s, out TimeOnly result);
        public extern static bool TryParse(string s, IFormatProvider provider, out TimeOnly result);
        public extern static bool TryParse(string s, IFormatProvider provider, System.Globalization.DateTimeStyles style, out TimeOnly result);
        public extern static TimeOnly ParseExact(string s, string format);
        public extern static TimeOnly ParseExact(string s, string format, IFormatProvider provider);
        public extern static TimeOnly ParseExact(string s, string format, IFormatProvider provider, System.Globalization.DateTimeStyles style);
        public extern static TimeOnly ParseExact(string s, string[] formats, IFormatProvider provider, System.Globalization.DateTimeStyles style);
        public extern static bool TryParseExact(string s, string format, out TimeOnly result);
        public extern static bool TryParseExact(string s, string format, IFormatProvider provider, System.Globalization.DateTimeStyles style, out TimeOnly result);
        public extern static bool TryParseExact(string s, string[] formats, IFormatProvider provider, System.Globalization.DateTimeStyles style, out TimeOnly result);
        public extern static bool operator ==(TimeOnly left, TimeOnly right);
        public extern static bool operator !=(TimeOnly left, TimeOnly right);
        public extern static bool operator <(TimeOnly left, TimeOnly right);
        public extern static bool operator >(TimeOnly left, TimeOnly right);
        public extern static bool operator <=(TimeOnly left, TimeOnly right);
        public extern static bool operator >=(TimeOnly left, TimeOnly right);
        public extern static TimeSpan operator -(TimeOnly t1, TimeOnly t2);
    }

    [Struct] public sealed class DateTimeOffset : IComparable, IComparable<DateTimeOffset>, IEquatable<DateTimeOffset>, IFormattable
    {
        public static readonly DateTimeOffset MaxValue;
        public static readonly DateTimeOffset MinValue;
        public static readonly DateTimeOffset UnixEpoch;
        public static DateTimeOffset Now { get; }
        public static DateTimeOffset UtcNow { get; }
        public extern DateTimeOffset();
        public extern DateTimeOffset(DateTime dateTime);
        public extern DateTimeOffset(DateTime dateTime, TimeSpan offset);
        public extern DateTimeOffset(long ticks, TimeSpan offset);
        public extern DateTimeOffset(int year, int month, int day, int hour, int minute, int second, TimeSpan offset);
        public extern DateTimeOffset(int year, int month, int day, int hour, int minute, int second, int millisecond, TimeSpan offset);
        public DateTime Date { get; }
        public DateTime DateTime { get; }
        public int Day { get; }
        public DayOfWeek DayOfWeek { get; }
        public int DayOfYear { get; }
        public int Hour { get; }
        public DateTime LocalDateTime { get; }
        public int Millisecond { get; }
        public int Minute { get; }
        public int Month { get; }
        public TimeSpan Offset { get; }
        public int Second { get; }
        public long Ticks { get; }
        public TimeSpan TimeOfDay { get; }
        public DateTime UtcDateTime { get; }
        public long UtcTicks { get; }
        public int Year { get; }
        public extern DateTimeOffset Add(TimeSpan timeSpan);
        public extern DateTimeOffset AddDays(double days);
        public extern DateTimeOffset AddHours(double hours);
        public extern DateTimeOffset AddMilliseconds(double milliseconds);
        public extern DateTimeOffset AddMinutes(double minutes);
        public extern DateTimeOffset AddMonths(int months);
        public extern DateTimeOffset AddSeconds(double seconds);
        public extern DateTimeOffset AddTicks(long ticks);
        public extern DateTimeOffset AddYears(int years);
        public extern bool EqualsExact(DateTimeOffset other);
        public extern TimeSpan Subtract(DateTimeOffset value);
        public extern DateTimeOffset Subtract(TimeSpan value);
        public extern DateTimeOffset ToLocalTime();
        public extern DateTimeOffset ToOffset(TimeSpan offset);
        public extern DateTimeOffset ToUniversalTime();
        public extern long ToUnixTimeMilliseconds();
        public extern long ToUnixTimeSeconds();
        public extern static int Compare(DateTimeOffset first, DateTimeOffset second);
        public extern static bool Equals(DateTimeOffset first, DateTimeOffset second);
        public extern static DateTimeOffset FromUnixTimeMilliseconds(long milliseconds);
        public extern static DateTimeOffset FromUnixTimeSeconds(long seconds);
        public extern int CompareTo(object value);
        public extern int CompareTo(DateTimeOffset value);
        public extern bool Equals(DateTimeOffset value);
        public extern override bool Equals(object value);
        public extern override int GetHashCode();
        public extern override string ToString();
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern static DateTimeOffset Parse(string s);
        public extern static DateTimeOffset Parse(string s, IFormatProvider provider);
        public extern static DateTimeOffset Parse(string s, IFormatProvider provider, System.Globalization.DateTimeStyles style);
        public extern static bool TryParse(string s, out DateTimeOffset result);
        public extern static bool TryParse(string s, IFormatProvider provider, out DateTimeOffset result);
        public extern static bool TryParse(string s, IFormatProvider provider, System.Globalization.DateTimeStyles style, out DateTimeOffset result);
        public extern static DateTimeOffset ParseExact(string s, string format, IFormatProvider provider);
        public extern static DateTimeOffset ParseExact(string s, string format, IFormatProvider provider, System.Globalization.DateTimeStyles style);
        public extern static DateTimeOffset ParseExact(string s, string[] formats, IFormatProvider provider, System.Globalization.DateTimeStyles style);
        public extern static bool TryParseExact(string s, string format, IFormatProvider provider, System.Globalization.DateTimeStyles style, out DateTimeOffset result);
        public extern static bool TryParseExact(string s, string[] formats, IFormatProvider provider, System.Globalization.DateTimeStyles style, out DateTimeOffset result);
        public extern static bool operator ==(DateTimeOffset left, DateTimeOffset right);
        public extern static bool operator !=(DateTimeOffset left, DateTimeOffset right);
        public extern static bool operator <(DateTimeOffset left, DateTimeOffset right);
        public extern static bool operator >(DateTimeOffset left, DateTimeOffset right);
        public extern static bool operator <=(DateTimeOffset left, DateTimeOffset right);
        public extern static bool operator >=(DateTimeOffset left, DateTimeOffset right);
        public extern static DateTimeOffset operator +(DateTimeOffset dateTimeOffset, TimeSpan timeSpan);
        public extern static DateTimeOffset operator -(DateTimeOffset dateTimeOffset, TimeSpan timeSpan);
        public extern static TimeSpan operator -(DateTimeOffset left, DateTimeOffset right);
        public extern static implicit operator DateTimeOffset(DateTime dateTime);
    }

    public abstract class TimeProvider
    {
        public static TimeProvider System { get; }
        public long TimestampFrequency { get; }
        public extern DateTimeOffset GetUtcNow();
        public extern DateTimeOffset GetLocalNow();
        public extern long GetTimestamp();
        public extern TimeSpan GetElapsedTime(long startingTimestamp);
        public extern TimeSpan GetElapsedTime(long startingTimestamp, long endingTimestamp);
    }

    public abstract class Array : ICloneable, System.Collections.IList
    {
        public int Length { get; }
        public long LongLength { get; }
        public int Rank { get; }
        public extern object Clone();
        public extern void CopyTo(Array array, int index);
        public extern int GetLength(int dimension);
        public extern int GetLowerBound(int dimension);
        public extern int GetUpperBound(int dimension);
        public extern System.Collections.IEnumerator GetEnumerator();
        public extern static int BinarySearch<T>(T[] array, T value);
        public extern static int BinarySearch<T>(T[] array, T value, System.Collections.Generic.IComparer<T> comparer);
        public extern static int BinarySearch<T>(T[] array, int index, int length, T value);
        public extern static int BinarySearch<T>(T[] array, int index, int length, T value, System.Collections.Generic.IComparer<T> comparer);
        public extern static void Clear(Array array);
        public extern static void Clear(Array array, int index, int length);
        public extern static TOutput[] ConvertAll<TInput, TOutput>(TInput[] array, Converter<TInput, TOutput> converter);
        public extern static void Copy(Array sourceArray, Array destinationArray, int length);
        public extern static void Copy(Array sourceArray, int sourceIndex, Array destinationArray, int destinationIndex, int length);
        public extern static T[] Empty<T>();
        public extern static bool Exists<T>(T[] array, Predicate<T> match);
        public extern static void Fill<T>(T[] array, T value);
        public extern static void Fill<T>(T[] array, T value, int startIndex, int count);
        public extern static T Find<T>(T[] array, Predicate<T> match);
        public extern static T[] FindAll<T>(T[] array, Predicate<T> match);
        public extern static int FindIndex<T>(T[] array, Predicate<T> match);
        public extern static T FindLast<T>(T[] array, Predicate<T> match);
        public extern static int FindLastIndex<T>(T[] array, Predicate<T> match);
        public extern static void ForEach<T>(T[] array, Action<T> action);
        public extern static bool TrueForAll<T>(T[] array, Predicate<T> match);
        public extern static int IndexOf<T>(T[] array, T value);
        public extern static int IndexOf<T>(T[] array, T value, int startIndex);
        public extern static int IndexOf<T>(T[] array, T value, int startIndex, int count);
        public extern static int LastIndexOf<T>(T[] array, T value);
        public extern static int LastIndexOf<T>(T[] array, T value, int startIndex);
        public extern static int LastIndexOf<T>(T[] array, T value, int startIndex, int count);
        public extern static void Resize<T>(ref T[] array, int newSize);
        public extern static void Reverse(Array array);
        public extern static void Reverse(Array array, int index, int length);
        public extern static void Sort(Array array);
        public extern static void Sort<T>(T[] array);
        public extern static void Sort<T>(T[] array, Comparison<T> comparison);
        public extern static void Sort<T>(T[] array, System.Collections.Generic.IComparer<T> comparer);
        public extern static void Sort<T>(T[] array, int index, int length);
        public extern static void Sort<T>(T[] array, int index, int length, System.Collections.Generic.IComparer<T> comparer);
        public extern static void Sort<TKey, TValue>(TKey[] keys, TValue[] items);
        public extern static void Sort<TKey, TValue>(TKey[] keys, TValue[] items, System.Collections.Generic.IComparer<TKey> comparer);
        public extern static void Sort<TKey, TValue>(TKey[] keys, TValue[] items, int index, int length);
        public extern static void Sort<TKey, TValue>(TKey[] keys, TValue[] items, int index, int length, System.Collections.Generic.IComparer<TKey> comparer);
    }
}

namespace System.IO
{
    public abstract class TextWriter : IDisposable
    {
        protected extern TextWriter();
        public abstract System.Text.Encoding Encoding { get; }
        public extern virtual void Write(char[] buffer);
        public extern virtual void Write(char[] buffer, int index, int count);
        public extern virtual void WriteLine(char[] buffer);
        public extern void Dispose();
        public extern virtual void Flush();
        public extern virtual void Write(object value);
        public extern virtual void Write(string value);
        public extern virtual void Write(string format, object arg0);
        public extern virtual void Write(string format, object arg0, object arg1);
        public extern virtual void WriteLine(string format, object arg0);
        public extern virtual void WriteLine(string format, object arg0, object arg1);
        public extern virtual void WriteLine();
        public extern virtual void WriteLine(object value);
        public extern virtual void WriteLine(string value);
        public extern virtual void WriteLine(int value);
        public extern virtual void WriteLine(long value);
        public extern virtual void WriteLine(double value);
        public extern virtual void WriteLine(bool value);
        public extern virtual void WriteLine(char value);
        public extern virtual void WriteLine(decimal value);
        public extern virtual void WriteLine(string format, params object[] arg);
        public extern virtual void Write(int value);
        public extern virtual void Write(long value);
        public extern virtual void Write(double value);
        public extern virtual void Write(bool value);
        public extern virtual void Write(char value);
        public extern virtual void Write(decimal value);
        public extern virtual void Write(string format, params object[] arg);
        public extern virtual System.Threading.Tasks.Task WriteAsync(string value);
        public extern virtual System.Threading.Tasks.Task WriteAsync(char value);
        public extern virtual System.Threading.Tasks.Task WriteLineAsync();
        public extern virtual System.Threading.Tasks.Task WriteLineAsync(string value);
        public extern virtual System.Threading.Tasks.Task WriteLineAsync(char value);
        public extern virtual System.Threading.Tasks.Task FlushAsync();
        public extern virtual System.Threading.Tasks.Task FlushAsync(System.Threading.CancellationToken cancellationToken);
        public extern virtual void Close();
        public extern virtual System.Threading.Tasks.ValueTask DisposeAsync();
    }

    public class StringWriter : TextWriter
    {
        public extern StringWriter();
        public extern StringWriter(System.Text.StringBuilder sb);
        public extern System.Text.StringBuilder GetStringBuilder();
        public extern override string ToString();
    }
}

namespace System.Text
{
    public sealed class StringBuilder
    {
        public extern StringBuilder();
        public extern StringBuilder(int capacity);
        public extern StringBuilder(string value);
        public extern StringBuilder(string value, int capacity);
        public int Length { get; set; }
        public int Capacity { get; set; }
        public int MaxCapacity { get; }
        public extern int EnsureCapacity(int capacity);
        [Indexer] public extern char Chars(int index);
        public extern StringBuilder Append(object value);
        public extern StringBuilder Append(string value);
        public extern StringBuilder Append(char value);
        public extern StringBuilder Append(char value, int repeatCount);
        public extern StringBuilder Append(char[] value);
        public extern StringBuilder Append(char[] value, int startIndex, int charCount);
        public extern StringBuilder Append(bool value);
        public extern StringBuilder Append(int value);
        public extern StringBuilder Append(long value);
        public extern StringBuilder Append(double value);
        public extern StringBuilder Append(decimal value);
        public extern StringBuilder Append(string value, int startIndex, int count);
        public extern StringBuilder AppendFormat(string format, object arg0);
        public extern StringBuilder AppendFormat(string format, params object[] args);
        public extern StringBuilder AppendFormat(IFormatProvider provider, CompositeFormat format, params object[] args);
        public extern StringBuilder AppendFormat(IFormatProvider provider, string format, params object[] args);
        public extern StringBuilder AppendJoin(string separator, params object[] values);
        public extern StringBuilder AppendJoin(string separator, params string[] values);
        public extern StringBuilder AppendJoin<T>(string separator, IEnumerable<T> values);
        public extern StringBuilder AppendJoin(char separator, params object[] values);
        public extern StringBuilder AppendJoin(char separator, params string[] values);
        public extern StringBuilder AppendJoin<T>(char separator, IEnumerable<T> values);
        public extern StringBuilder AppendLine();
        public extern StringBuilder AppendLine(string value);
        public extern StringBuilder Clear();
        public extern bool Equals(StringBuilder sb);
        public extern StringBuilder Insert(int index, object value);
        public extern StringBuilder Insert(int index, string value);
        public extern StringBuilder Insert(int index, string value, int count);
        public extern StringBuilder Remove(int startIndex, int length);
        public extern StringBuilder Replace(string oldValue, string newValue);
        public extern StringBuilder Replace(char oldChar, char newChar);
        public extern StringBuilder Replace(string oldValue, string newValue, int startIndex, int count);
        public extern StringBuilder Replace(char oldChar, char newChar, int startIndex, int count);
        public extern override string ToString();
        public extern string ToString(int startIndex, int length);
    }
}

namespace System.Text
{
    public enum NormalizationForm { FormC = 1, FormD = 2, FormKC = 5, FormKD = 6 }

    public abstract class Encoding
    {
        public static Encoding UTF8 { get; }
        public static Encoding ASCII { get; }
        public static Encoding Unicode { get; }
        public static Encoding BigEndianUnicode { get; }
        public static Encoding UTF32 { get; }
        public static Encoding Latin1 { get; }
        public static Encoding Default { get; }
        public extern static Encoding GetEncoding(string name);
        public extern static Encoding GetEncoding(int codepage);
        public virtual string WebName { get; }
        public virtual string EncodingName { get; }
        public virtual string BodyName { get; }
        public virtual int CodePage { get; }
        public virtual bool IsSingleByte { get; }
        public extern virtual byte[] GetBytes(string s);
        public extern virtual byte[] GetBytes(char[] chars);
        public extern virtual byte[] GetBytes(char[] chars, int index, int count);
        public extern byte[] GetBytes(string s, int index, int count);
        public extern virtual int GetByteCount(string s);
        public extern virtual int GetByteCount(char[] chars);
        public extern virtual int GetByteCount(char[] chars, int index, int count);
        public extern int GetByteCount(string s, int index, int count);
        public extern virtual string GetString(byte[] bytes);
        public extern virtual string GetString(byte[] bytes, int index, int count);
        public extern string GetString(ReadOnlySpan<byte> bytes);
        public extern virtual char[] GetChars(byte[] bytes);
        public extern virtual char[] GetChars(byte[] bytes, int index, int count);
        public extern virtual int GetCharCount(byte[] bytes);
        public extern virtual int GetCharCount(byte[] bytes, int index, int count);
        public extern virtual byte[] GetPreamble();
        public extern virtual int GetMaxByteCount(int charCount);
        public extern virtual int GetMaxCharCount(int byteCount);
        public extern override bool Equals(object value);
        public extern override int GetHashCode();
    }

    public class UTF8Encoding : Encoding
    {
        public extern UTF8Encoding();
        public extern UTF8Encoding(bool encoderShouldEmitUTF8Identifier);
        public extern UTF8Encoding(bool encoderShouldEmitUTF8Identifier, bool throwOnInvalidBytes);
    }

    public class ASCIIEncoding : Encoding
    {
        public extern ASCIIEncoding();
    }

    public class UnicodeEncoding : Encoding
    {
        public extern UnicodeEncoding();
        public extern UnicodeEncoding(bool bigEndian, bool byteOrderMark);
        public extern UnicodeEncoding(bool bigEndian, bool byteOrderMark, bool throwOnInvalidBytes);
    }

    public sealed class UTF32Encoding : Encoding
    {
        public extern UTF32Encoding();
        public extern UTF32Encoding(bool bigEndian, bool byteOrderMark);
        public extern UTF32Encoding(bool bigEndian, bool byteOrderMark, bool throwOnInvalidCharacters);
    }

    public sealed class Latin1Encoding : Encoding
    {
    }
}

namespace System.Globalization
{
    public enum UnicodeCategory { UppercaseLetter, LowercaseLetter, TitlecaseLetter, ModifierLetter, OtherLetter, NonSpacingMark, SpacingCombiningMark, EnclosingMark, DecimalDigitNumber, LetterNumber, OtherNumber, SpaceSeparator, LineSeparator, ParagraphSeparator, Control, Format, Surrogate, PrivateUse, ConnectorPunctuation, DashPunctuation, OpenPunctuation, ClosePunctuation, InitialQuotePunctuation, FinalQuotePunctuation, OtherPunctuation, MathSymbol, CurrencySymbol, ModifierSymbol, OtherSymbol, OtherNotAssigned }

    public static class CharUnicodeInfo
    {
        public extern static UnicodeCategory GetUnicodeCategory(char ch);
        public extern static UnicodeCategory GetUnicodeCategory(string s, int index);
        public extern static UnicodeCategory GetUnicodeCategory(int codePoint);
    }

    public enum DateTimeStyles { None = 0, AllowLeadingWhite = 1, AllowTrailingWhite = 2, AllowInnerWhite = 4, AllowWhiteSpaces = 7, NoCurrentDateDefault = 8, AdjustToUniversal = 16, AssumeLocal = 32, AssumeUniversal = 64, RoundtripKind = 128 }

    public enum NumberStyles { None = 0, AllowLeadingWhite = 1, AllowTrailingWhite = 2, AllowLeadingSign = 4, Integer = 7, AllowTrailingSign = 8, AllowParentheses = 16, AllowDecimalPoint = 32, AllowThousands = 64, Number = 111, AllowExponent = 128, Float = 167, AllowCurrencySymbol = 256, Currency = 383, Any = 511, AllowHexSpecifier = 512, HexNumber = 515 }

    public class CultureInfo : IFormatProvider, ICloneable
    {
        public extern CultureInfo(string name);
        public extern CultureInfo(string name, bool useUserOverride);
        public static CultureInfo CurrentCulture { get; set; }
        public static CultureInfo CurrentUICulture { get; set; }
        public static CultureInfo DefaultThreadCurrentCulture { get; set; }
        public static CultureInfo InvariantCulture { get; }
        public string Name { get; }
        public string DisplayName { get; }
        public bool IsReadOnly { get; }
        public extern object Clone();
        public extern override bool Equals(object value);
        public extern override int GetHashCode();
        public extern override string ToString();
        public extern static CultureInfo CreateSpecificCulture(string name);
        public extern static CultureInfo GetCultureInfo(string name);
    }
}

namespace System.Diagnostics
{
    public class Stopwatch
    {
        public extern Stopwatch();
        public static readonly long Frequency;
        public static readonly bool IsHighResolution;
        public TimeSpan Elapsed { get; }
        public long ElapsedMilliseconds { get; }
        public long ElapsedTicks { get; }
        public bool IsRunning { get; }
        public extern void Reset();
        public extern void Restart();
        public extern void Start();
        public extern void Stop();
        public extern static long GetTimestamp();
        public extern static TimeSpan GetElapsedTime(long startingTimestamp);
        public extern static TimeSpan GetElapsedTime(long startingTimestamp, long endingTimestamp);
        public extern static Stopwatch StartNew();
    }

    public class Activity : IDisposable
    {
        public extern Activity(string operationName);
        public static Activity Current { get; set; }
        public string DisplayName { get; set; }
        public string Id { get; }
        public string OperationName { get; }
        public Activity Parent { get; }
        public string ParentId { get; }
        public extern Activity AddTag(string key, string value);
        public extern Activity SetTag(string key, object value);
        public extern object GetTagItem(string key);
        public extern Activity SetParentId(string parentId);
        public extern Activity Start();
        public extern void Stop();
        public extern void Dispose();
    }
}

namespace System.Collections
{
    public interface ICollection : IEnumerable
    {
        int Count { get; }
    }

    public interface IList : ICollection
    {
        [Indexer] object Item(int index);
        int Add(object value);
        bool Contains(object value);
        int IndexOf(object value);
    }

    public interface IDictionary : ICollection
    {
        [Indexer] object Item(object key);
        ICollection Keys { get; }
        ICollection Values { get; }
        bool IsReadOnly { get; }
        bool IsFixedSize { get; }
        void Add(object key, object value);
        void Clear();
        bool Contains(object key);
        void Remove(object key);
    }
}

namespace System.Collections.Generic
{
    public interface IReadOnlyCollection<T> : IEnumerable<T>
    {
        int Count { get; }
    }

    public interface ICollection<T> : IEnumerable<T>
    {
        int Count { get; }
        bool IsReadOnly { get; }
        void Add(T item);
        void Clear();
        bool Contains(T item);
        void CopyTo(T[] array, int arrayIndex);
        bool Remove(T item);
    }

    public interface IList<T> : ICollection<T>
    {
        [Indexer] T Item(int index);
        int IndexOf(T item);
        void Insert(int index, T item);
        void RemoveAt(int index);
    }

    public interface IReadOnlyList<T> : IReadOnlyCollection<T>
    {
        [Indexer] T Item(int index);
    }

    public interface IDictionary<TKey, TValue> : ICollection<KeyValuePair<TKey, TValue>>
    {
        [Indexer] TValue Item(TKey key);
        ICollection<TKey> Keys { get; }
        ICollection<TValue> Values { get; }
        void Add(TKey key, TValue value);
        bool ContainsKey(TKey key);
        bool Remove(TKey key);
        bool TryGetValue(TKey key, out TValue value);
    }

    public interface IReadOnlyDictionary<TKey, TValue> : IReadOnlyCollection<KeyValuePair<TKey, TValue>>
    {
        [Indexer] TValue Item(TKey key);
        IEnumerable<TKey> Keys { get; }
        IEnumerable<TValue> Values { get; }
        bool ContainsKey(TKey key);
        bool TryGetValue(TKey key, out TValue value);
    }

    public interface ISet<T> : ICollection<T>
    {
        new bool Add(T item);
        void ExceptWith(IEnumerable<T> other);
        void IntersectWith(IEnumerable<T> other);
        bool IsSubsetOf(IEnumerable<T> other);
        bool IsSupersetOf(IEnumerable<T> other);
        bool Overlaps(IEnumerable<T> other);
        bool SetEquals(IEnumerable<T> other);
        void UnionWith(IEnumerable<T> other);
    }

    public interface IReadOnlySet<T> : IReadOnlyCollection<T>
    {
        bool Contains(T item);
        bool IsSubsetOf(IEnumerable<T> other);
        bool IsSupersetOf(IEnumerable<T> other);
        bool Overlaps(IEnumerable<T> other);
        bool SetEquals(IEnumerable<T> other);
    }

    [Struct] public sealed class KeyValuePair<TKey, TValue>
    {
        public extern KeyValuePair(TKey key, TValue value);
        public TKey Key { get; }
        public TValue Value { get; }
        public extern void Deconstruct(out TKey key, out TValue value);
        public extern override string ToString();
    }

    public static class KeyValuePair
    {
        public extern static KeyValuePair<TKey, TValue> Create<TKey, TValue>(TKey key, TValue value);
    }

    public class List<T> : IList<T>, IReadOnlyList<T>, System.Collections.IList
    {
        public extern List();
        public extern List(int capacity);
        public extern List(IEnumerable<T> collection);
        public int Count { get; }
        public int Capacity { get; set; }
        [Indexer] public extern T Item(int index);
        public extern void Add(T item);
        public extern void AddRange(IEnumerable<T> collection);
        public extern int BinarySearch(T item);
        public extern int BinarySearch(T item, IComparer<T> comparer);
        public extern int BinarySearch(int index, int count, T item, IComparer<T> comparer);
        public extern void Clear();
        public extern bool Contains(T item);
        public extern List<TOutput> ConvertAll<TOutput>(Converter<T, TOutput> converter);
        public extern void CopyTo(T[] array);
        public extern void CopyTo(T[] array, int arrayIndex);
        public extern void CopyTo(int index, T[] array, int arrayIndex, int count);
        public extern bool Exists(Predicate<T> match);
        public extern T Find(Predicate<T> match);
        public extern List<T> FindAll(Predicate<T> match);
        public extern int FindIndex(Predicate<T> match);
        public extern int FindIndex(int startIndex, Predicate<T> match);
        public extern int FindIndex(int startIndex, int count, Predicate<T> match);
        public extern T FindLast(Predicate<T> match);
        public extern int FindLastIndex(Predicate<T> match);
        public extern int FindLastIndex(int startIndex, Predicate<T> match);
        public extern int FindLastIndex(int startIndex, int count, Predicate<T> match);
        public extern int EnsureCapacity(int capacity);
        public extern void TrimExcess();
        public extern void ForEach(Action<T> action);
        public extern Enumerator GetEnumerator();
        public extern List<T> GetRange(int index, int count);
        public extern List<T> Slice(int start, int length);
        public extern int IndexOf(T item);
        public extern int IndexOf(T item, int index);
        public extern int IndexOf(T item, int index, int count);
        public extern void Insert(int index, T item);
        public extern void InsertRange(int index, IEnumerable<T> collection);
        public extern int LastIndexOf(T item);
        public extern int LastIndexOf(T item, int index);
        public extern int LastIndexOf(T item, int index, int count);
        public extern bool Remove(T item);
        public extern int RemoveAll(Predicate<T> match);
        public extern void RemoveAt(int index);
        public extern void RemoveRange(int index, int count);
        public extern void Reverse();
        public extern void Reverse(int index, int count);
        public extern void Sort();
        public extern void Sort(Comparison<T> comparison);
        public extern void Sort(IComparer<T> comparer);
        public extern void Sort(int index, int count, IComparer<T> comparer);
        public extern T[] ToArray();
        public extern bool TrueForAll(Predicate<T> match);

        public class Enumerator : IEnumerator<T>
        {
            public T Current { get; }
            public extern bool MoveNext();
            public extern void Dispose();
        }
    }

    public class Dictionary<TKey, TValue> : IDictionary<TKey, TValue>, IReadOnlyDictionary<TKey, TValue>, System.Collections.IDictionary
    {
        public extern Dictionary();
        public extern Dictionary(int capacity);
        public extern Dictionary(IEqualityComparer<TKey> comparer);
        public extern Dictionary(int capacity, IEqualityComparer<TKey> comparer);
        public extern Dictionary(IDictionary<TKey, TValue> dictionary);
        public extern Dictionary(IEnumerable<KeyValuePair<TKey, TValue>> collection);
        public extern Dictionary(IDictionary<TKey, TValue> dictionary, IEqualityComparer<TKey> comparer);
        public int Count { get; }
        [Indexer] public extern TValue Item(TKey key);
        public KeyCollection Keys { get; }
        public ValueCollection Values { get; }
        public extern void Add(TKey key, TValue value);
        public extern bool TryAdd(TKey key, TValue value);
        public extern bool ContainsKey(TKey key);
        public extern bool ContainsValue(TValue value);
        public extern TValue GetValueOrDefault(TKey key);
        public extern TValue GetValueOrDefault(TKey key, TValue defaultValue);
        public extern bool TryGetValue(TKey key, out TValue value);
        public extern bool Remove(TKey key);
        public extern bool Remove(TKey key, out TValue value);
        public extern void Clear();
        public extern int EnsureCapacity(int capacity);
        public extern void TrimExcess();
        public extern void TrimExcess(int capacity);
        public extern Enumerator GetEnumerator();
        internal extern IEqualityComparer<TKey> ComparerOrNull();

        public class Enumerator : IEnumerator<KeyValuePair<TKey, TValue>>
        {
            public KeyValuePair<TKey, TValue> Current { get; }
            public extern bool MoveNext();
            public extern void Dispose();
        }

        public sealed class KeyCollection : ICollection<TKey>, IReadOnlyCollection<TKey>
        {
            public int Count { get; }
            public extern void CopyTo(TKey[] array, int index);
            public extern IEnumerator<TKey> GetEnumerator();
        }

        public sealed class ValueCollection : ICollection<TValue>, IReadOnlyCollection<TValue>
        {
            public int Count { get; }
            public extern void CopyTo(TValue[] array, int index);
            public extern IEnumerator<TValue> GetEnumerator();
        }
    }

    public class HashSet<T> : ISet<T>, IReadOnlySet<T>
    {
        public extern HashSet();
        public extern HashSet(IEnumerable<T> collection);
        public extern HashSet(IEqualityComparer<T> comparer);
        public extern HashSet(IEnumerable<T> collection, IEqualityComparer<T> comparer);
        public int Count { get; }
        public extern bool Add(T item);
        public extern void Clear();
        public extern bool Contains(T item);
        public extern void ExceptWith(IEnumerable<T> other);
        public extern IEnumerator<T> GetEnumerator();
        public extern void IntersectWith(IEnumerable<T> other);
        public extern void SymmetricExceptWith(IEnumerable<T> other);
        public extern int RemoveWhere(Predicate<T> match);
        public extern bool IsSubsetOf(IEnumerable<T> other);
        public extern bool IsSupersetOf(IEnumerable<T> other);
        public extern bool IsProperSubsetOf(IEnumerable<T> other);
        public extern bool IsProperSupersetOf(IEnumerable<T> other);
        public extern bool TryGetValue(T equalValue, out T actualValue);
        public extern bool Overlaps(IEnumerable<T> other);
        public extern bool Remove(T item);
        public extern bool SetEquals(IEnumerable<T> other);
        public extern void UnionWith(IEnumerable<T> other);
        internal extern IEqualityComparer<T> ComparerOrNull();
    }

    public class Queue<T> : IReadOnlyCollection<T>, System.Collections.ICollection
    {
        public extern Queue();
        public extern Queue(int capacity);
        public extern Queue(IEnumerable<T> collection);
        public int Count { get; }
        public extern void CopyTo(T[] array, int arrayIndex);
        public extern int EnsureCapacity(int capacity);
        public extern void TrimExcess();
        public extern void Clear();
        public extern bool Contains(T item);
        public extern T Dequeue();
        public extern void Enqueue(T item);
        public extern IEnumerator<T> GetEnumerator();
        public extern T Peek();
        public extern T[] ToArray();
        public extern bool TryDequeue(out T result);
        public extern bool TryPeek(out T result);
    }

    public class Stack<T> : IReadOnlyCollection<T>, System.Collections.ICollection
    {
        public extern Stack();
        public extern Stack(int capacity);
        public extern Stack(IEnumerable<T> collection);
        public int Count { get; }
        public extern void CopyTo(T[] array, int arrayIndex);
        public extern int EnsureCapacity(int capacity);
        public extern void TrimExcess();
        public extern void Clear();
        public extern bool Contains(T item);
        public extern IEnumerator<T> GetEnumerator();
        public extern T Peek();
        public extern T Pop();
        public extern void Push(T item);
        public extern T[] ToArray();
        public extern bool TryPeek(out T result);
        public extern bool TryPop(out T result);
    }
}

namespace System.Collections.Concurrent
{
    public class ConcurrentDictionary<TKey, TValue> : IDictionary<TKey, TValue>, IReadOnlyDictionary<TKey, TValue>
    {
        public extern ConcurrentDictionary();
        public extern ConcurrentDictionary(IEqualityComparer<TKey> comparer);
        public extern ConcurrentDictionary(IEnumerable<KeyValuePair<TKey, TValue>> collection);
        public extern ConcurrentDictionary(int concurrencyLevel, int capacity);
        public extern ConcurrentDictionary(int concurrencyLevel, int capacity, IEqualityComparer<TKey> comparer);
        public int Count { get; }
        public bool IsEmpty { get; }
        [Indexer] public extern TValue Item(TKey key);
        public ICollection<TKey> Keys { get; }
        public ICollection<TValue> Values { get; }
        public extern TValue AddOrUpdate(TKey key, TValue addValue, Func<TKey, TValue, TValue> updateValueFactory);
        public extern TValue AddOrUpdate(TKey key, Func<TKey, TValue> addValueFactory, Func<TKey, TValue, TValue> updateValueFactory);
        public extern TValue AddOrUpdate<TArg>(TKey key, Func<TKey, TArg, TValue> addValueFactory, Func<TKey, TValue, TArg, TValue> updateValueFactory, TArg factoryArgument);
        public extern void Clear();
        public extern bool ContainsKey(TKey key);
        public extern IEnumerator<KeyValuePair<TKey, TValue>> GetEnumerator();
        public extern TValue GetOrAdd(TKey key, TValue value);
        public extern TValue GetOrAdd(TKey key, Func<TKey, TValue> valueFactory);
        public extern TValue GetOrAdd<TArg>(TKey key, Func<TKey, TArg, TValue> valueFactory, TArg factoryArgument);
        public extern KeyValuePair<TKey, TValue>[] ToArray();
        public extern bool TryAdd(TKey key, TValue value);
        public extern bool TryGetValue(TKey key, out TValue value);
        public extern bool TryRemove(TKey key, out TValue value);
        public extern bool TryRemove(KeyValuePair<TKey, TValue> item);
        public extern bool TryUpdate(TKey key, TValue newValue, TValue comparisonValue);
    }

    public class ConcurrentQueue<T> : IReadOnlyCollection<T>
    {
        public extern ConcurrentQueue();
        public extern ConcurrentQueue(IEnumerable<T> collection);
        public int Count { get; }
        public bool IsEmpty { get; }
        public extern void Clear();
        public extern void Enqueue(T item);
        public extern IEnumerator<T> GetEnumerator();
        public extern T[] ToArray();
        public extern bool TryDequeue(out T result);
        public extern bool TryPeek(out T result);
    }

    public class ConcurrentBag<T> : IReadOnlyCollection<T>
    {
        public extern ConcurrentBag();
        public extern ConcurrentBag(IEnumerable<T> collection);
        public int Count { get; }
        public bool IsEmpty { get; }
        public extern void Add(T item);
        public extern IEnumerator<T> GetEnumerator();
        public extern T[] ToArray();
        public extern bool TryPeek(out T result);
        public extern bool TryTake(out T result);
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

    public sealed class Thread
    {
        public extern Thread(ThreadStart start);
        public extern Thread(ThreadStart start, int maxStackSize);
        public extern Thread(ParameterizedThreadStart start);
        public extern Thread(ParameterizedThreadStart start, int maxStackSize);
        public static Thread CurrentThread { get; }
        public bool IsAlive { get; }
        public bool IsBackground { get; set; }
        public bool IsThreadPoolThread { get; }
        public int ManagedThreadId { get; }
        public string Name { get; set; }
        public System.Globalization.CultureInfo CurrentCulture { get; set; }
        public System.Globalization.CultureInfo CurrentUICulture { get; set; }
        public extern void Join();
        public extern bool Join(int millisecondsTimeout);
        public extern bool Join(TimeSpan timeout);
        public extern void Start();
        public extern void Start(object parameter);
        public extern void UnsafeStart();
        public extern void UnsafeStart(object parameter);
        public extern static void Sleep(int millisecondsTimeout);
        public extern static void Sleep(TimeSpan timeout);
        public extern static void SpinWait(int iterations);
        public extern static bool Yield();
    }

    public static class ThreadPool
    {
        public static int ThreadCount { get; }
        public static long PendingWorkItemCount { get; }
        public extern static void GetMinThreads(out int workerThreads, out int completionPortThreads);
        public extern static void GetMaxThreads(out int workerThreads, out int completionPortThreads);
        public extern static void GetAvailableThreads(out int workerThreads, out int completionPortThreads);
        public extern static bool SetMinThreads(int workerThreads, int completionPortThreads);
        public extern static bool SetMaxThreads(int workerThreads, int completionPortThreads);
        public extern static bool QueueUserWorkItem(WaitCallback callBack);
        public extern static bool QueueUserWorkItem(WaitCallback callBack, object state);
        public extern static bool QueueUserWorkItem<TState>(Action<TState> callBack, TState state, bool preferLocal);
        public extern static bool UnsafeQueueUserWorkItem(WaitCallback callBack, object state);
        public extern static bool UnsafeQueueUserWorkItem<TState>(Action<TState> callBack, TState state, bool preferLocal);
    }

    public static class Interlocked
    {
        public extern static int Add(ref int location1, int value);
        public extern static long Add(ref long location1, long value);
        public extern static int CompareExchange(ref int location1, int value, int comparand);
        public extern static long CompareExchange(ref long location1, long value, long comparand);
        public extern static double CompareExchange(ref double location1, double value, double comparand);
        public extern static object CompareExchange(ref object location1, object value, object comparand);
        public extern static T CompareExchange<T>(ref T location1, T value, T comparand) where T : class;
        public extern static int Decrement(ref int location);
        public extern static long Decrement(ref long location);
        public extern static int Exchange(ref int location1, int value);
        public extern static long Exchange(ref long location1, long value);
        public extern static double Exchange(ref double location1, double value);
        public extern static object Exchange(ref object location1, object value);
        public extern static T Exchange<T>(ref T location1, T value) where T : class;
        public extern static int Increment(ref int location);
        public extern static long Increment(ref long location);
        public extern static void MemoryBarrier();
        public extern static long Read(ref long location);
        public extern static int And(ref int location1, int value);
        public extern static long And(ref long location1, long value);
        public extern static int Or(ref int location1, int value);
        public extern static long Or(ref long location1, long value);
    }

    public static class Volatile
    {
        public extern static int Read(ref int location);
        public extern static long Read(ref long location);
        public extern static bool Read(ref bool location);
        public extern static double Read(ref double location);
        public extern static T Read<T>(ref T location) where T : class;
        public extern static void Write(ref int location, int value);
        public extern static void Write(ref long location, long value);
        public extern static void Write(ref bool location, bool value);
        public extern static void Write(ref double location, double value);
        public extern static void Write<T>(ref T location, T value) where T : class;
    }

    public static class Monitor
    {
        public extern static void Enter(object obj);
        public extern static void Enter(object obj, ref bool lockTaken);
        public extern static void Exit(object obj);
        public extern static bool IsEntered(object obj);
        public extern static void Pulse(object obj);
        public extern static void PulseAll(object obj);
        public extern static bool TryEnter(object obj);
        public extern static bool TryEnter(object obj, int millisecondsTimeout);
        public extern static bool TryEnter(object obj, TimeSpan timeout);
        public extern static void TryEnter(object obj, ref bool lockTaken);
        public extern static void TryEnter(object obj, int millisecondsTimeout, ref bool lockTaken);
        public extern static bool Wait(object obj);
        public extern static bool Wait(object obj, int millisecondsTimeout);
        public extern static bool Wait(object obj, TimeSpan timeout);
    }

    public sealed class ExecutionContext : IDisposable
    {
        public extern ExecutionContext CreateCopy();
        public extern void Dispose();
        public extern static ExecutionContext Capture();
        public extern static bool IsFlowSuppressed();
        public extern static void Restore(ExecutionContext executionContext);
        public extern static void RestoreFlow();
        public extern static void Run(ExecutionContext executionContext, ContextCallback callback, object state);
        public extern static AsyncFlowControl SuppressFlow();
    }

    [Struct, RuntimeEquality] public sealed class AsyncFlowControl : IDisposable
    {
        public extern void Dispose();
        public extern void Undo();
    }

    public sealed class AsyncLocal<T>
    {
        public extern AsyncLocal();
        public extern AsyncLocal(Action<AsyncLocalValueChangedArgs<T>> valueChangedHandler);
        public T Value { get; set; }
    }

    [Struct] public sealed class AsyncLocalValueChangedArgs<T>
    {
        public T CurrentValue { get; }
        public T PreviousValue { get; }
        public bool ThreadContextChanged { get; }
    }

    [Struct, RuntimeEquality] public sealed class CancellationToken
    {
        public extern CancellationToken();
        public extern CancellationToken(bool canceled);
        public static CancellationToken None { get; }
        public bool CanBeCanceled { get; }
        public bool IsCancellationRequested { get; }
        public WaitHandle WaitHandle { get; }
        public extern bool Equals(CancellationToken other);
        public extern override bool Equals(object other);
        public extern CancellationTokenRegistration Register(Action callback);
        public extern CancellationTokenRegistration Register(Action callback, bool useSynchronizationContext);
        public extern CancellationTokenRegistration Register(Action<object> callback, object state);
        public extern void ThrowIfCancellationRequested();
    }

    [Struct, RuntimeEquality] public sealed class CancellationTokenRegistration : IDisposable, IAsyncDisposable
    {
        public extern void Dispose();
        public extern System.Threading.Tasks.ValueTask DisposeAsync();
        public extern bool Unregister();
    }

    public class CancellationTokenSource : IDisposable
    {
        public extern CancellationTokenSource();
        public extern CancellationTokenSource(int millisecondsDelay);
        public extern CancellationTokenSource(TimeSpan delay);
        public bool IsCancellationRequested { get; }
        public CancellationToken Token { get; }
        public extern void Cancel();
        public extern void Cancel(bool throwOnFirstException);
        public extern void CancelAfter(int millisecondsDelay);
        public extern void CancelAfter(TimeSpan delay);
        public extern void Dispose();
        public extern bool TryReset();
        public extern System.Threading.Tasks.Task CancelAsync();
        public extern static CancellationTokenSource CreateLinkedTokenSource(params CancellationToken[] tokens);
    }

    public abstract class WaitHandle : IDisposable
    {
        public extern virtual bool WaitOne();
        public extern virtual bool WaitOne(int millisecondsTimeout);
        public extern virtual bool WaitOne(TimeSpan timeout);
        public extern void Dispose();
    }

    public class EventWaitHandle : WaitHandle
    {
        public extern bool Reset();
        public extern bool Set();
    }

    public sealed class ManualResetEvent : EventWaitHandle
    {
        public extern ManualResetEvent(bool initialState);
    }

    public sealed class AutoResetEvent : EventWaitHandle
    {
        public extern AutoResetEvent(bool initialState);
    }

    public sealed class Semaphore : WaitHandle
    {
        public extern Semaphore(int initialCount, int maximumCount);
        public extern Semaphore(int initialCount, int maximumCount, string name);
        public extern int Release();
        public extern int Release(int releaseCount);
    }

    public sealed class Mutex : WaitHandle
    {
        public extern Mutex();
        public extern Mutex(bool initiallyOwned);
        public extern Mutex(bool initiallyOwned, string name);
        public extern void ReleaseMutex();
    }

    public class ManualResetEventSlim : IDisposable
    {
        public extern ManualResetEventSlim();
        public extern ManualResetEventSlim(bool initialState);
        public extern ManualResetEventSlim(bool initialState, int spinCount);
        public bool IsSet { get; }
        public extern void Dispose();
        public extern void Reset();
        public extern void Set();
        public extern void Wait();
        public extern bool Wait(int millisecondsTimeout);
        public extern bool Wait(TimeSpan timeout);
        public extern void Wait(CancellationToken cancellationToken);
        public extern bool Wait(int millisecondsTimeout, CancellationToken cancellationToken);
        public extern bool Wait(TimeSpan timeout, CancellationToken cancellationToken);
    }

    public class SemaphoreSlim : IDisposable
    {
        public extern SemaphoreSlim(int initialCount);
        public extern SemaphoreSlim(int initialCount, int maxCount);
        public int CurrentCount { get; }
        public extern void Dispose();
        public extern int Release();
        public extern int Release(int releaseCount);
        public extern void Wait();
        public extern bool Wait(int millisecondsTimeout);
        public extern bool Wait(TimeSpan timeout);
        public extern void Wait(CancellationToken cancellationToken);
        public extern bool Wait(int millisecondsTimeout, CancellationToken cancellationToken);
        public extern bool Wait(TimeSpan timeout, CancellationToken cancellationToken);
        public extern System.Threading.Tasks.Task WaitAsync();
        public extern System.Threading.Tasks.Task<bool> WaitAsync(int millisecondsTimeout);
        public extern System.Threading.Tasks.Task<bool> WaitAsync(TimeSpan timeout);
        public extern System.Threading.Tasks.Task WaitAsync(CancellationToken cancellationToken);
        public extern System.Threading.Tasks.Task<bool> WaitAsync(int millisecondsTimeout, CancellationToken cancellationToken);
        public extern System.Threading.Tasks.Task<bool> WaitAsync(TimeSpan timeout, CancellationToken cancellationToken);
    }

    public class CountdownEvent : IDisposable
    {
        public extern CountdownEvent(int initialCount);
        public int CurrentCount { get; }
        public int InitialCount { get; }
        public bool IsSet { get; }
        public extern void AddCount();
        public extern void AddCount(int signalCount);
        public extern void Dispose();
        public extern void Reset();
        public extern void Reset(int count);
        public extern bool Signal();
        public extern bool Signal(int signalCount);
        public extern bool TryAddCount();
        public extern bool TryAddCount(int signalCount);
        public extern void Wait();
        public extern bool Wait(int millisecondsTimeout);
        public extern bool Wait(TimeSpan timeout);
        public extern void Wait(CancellationToken cancellationToken);
        public extern bool Wait(int millisecondsTimeout, CancellationToken cancellationToken);
    }
}

namespace System.Runtime.CompilerServices
{
    public static class FormattableStringFactory
    {
        public extern static FormattableString Create(string format, params object[] arguments);
    }

    // ITuple is implemented by the ValueTuple types: Length is the number of
    // elements (a nested Rest's included), the indexer reads one as object.
    public interface ITuple
    {
        int Length { get; }
        [Indexer] object Item(int index);
    }

    public static class RuntimeHelpers
    {
        public extern static T[] GetSubArray<T>(T[] array, Range range);
    }

    [Struct] public sealed class TaskAwaiter
    {
        public bool IsCompleted { get; }
        public extern void GetResult();
        public extern void OnCompleted(Action continuation);
        public extern void UnsafeOnCompleted(Action continuation);
    }

    [Struct] public sealed class TaskAwaiter<TResult>
    {
        public bool IsCompleted { get; }
        public extern TResult GetResult();
        public extern void OnCompleted(Action continuation);
        public extern void UnsafeOnCompleted(Action continuation);
    }

    [Struct] public sealed class ConfiguredTaskAwaitable
    {
        public extern ConfiguredTaskAwaiter GetAwaiter();

        [Struct] public sealed class ConfiguredTaskAwaiter
        {
            public bool IsCompleted { get; }
            public extern void GetResult();
            public extern void OnCompleted(Action continuation);
            public extern void UnsafeOnCompleted(Action continuation);
        }
    }

    [Struct] public sealed class ConfiguredTaskAwaitable<TResult>
    {
        public extern ConfiguredTaskAwaiter GetAwaiter();

        [Struct] public sealed class ConfiguredTaskAwaiter
        {
            public bool IsCompleted { get; }
            public extern TResult GetResult();
            public extern void OnCompleted(Action continuation);
            public extern void UnsafeOnCompleted(Action continuation);
        }
    }

    [Struct] public sealed class YieldAwaitable
    {
        public extern YieldAwaiter GetAwaiter();

        [Struct] public sealed class YieldAwaiter
        {
            public bool IsCompleted { get; }
            public extern void GetResult();
            public extern void OnCompleted(Action continuation);
            public extern void UnsafeOnCompleted(Action continuation);
        }
    }

    [Struct] public sealed class ValueTaskAwaiter<TResult>
    {
        public bool IsCompleted { get; }
        public extern TResult GetResult();
        public extern void OnCompleted(Action continuation);
        public extern void UnsafeOnCompleted(Action continuation);
    }

    [Struct] public sealed class ConfiguredValueTaskAwaitable<TResult>
    {
        public extern ValueTaskAwaiter<TResult> GetAwaiter();
    }
}

namespace System.Threading.Tasks
{
    public enum TaskStatus { Created, WaitingForActivation, WaitingToRun, Running, WaitingForChildrenToComplete, RanToCompletion, Canceled, Faulted }

    public enum TaskCreationOptions { None = 0, PreferFairness = 1, LongRunning = 2, AttachedToParent = 4, DenyChildAttach = 8, HideScheduler = 16, RunContinuationsAsynchronously = 64 }

    public class Task : IDisposable
    {
        public extern Task(Action action);
        public extern Task(Action action, System.Threading.CancellationToken cancellationToken);
        public extern Task(Action action, TaskCreationOptions creationOptions);
        public extern Task(Action<object> action, object state);
        public extern Task(Action action, System.Threading.CancellationToken cancellationToken, TaskCreationOptions creationOptions);
        public extern Task(Action<object> action, object state, System.Threading.CancellationToken cancellationToken);
        public extern Task(Action<object> action, object state, TaskCreationOptions creationOptions);
        public extern Task(Action<object> action, object state, System.Threading.CancellationToken cancellationToken, TaskCreationOptions creationOptions);
        public static Task CompletedTask { get; }
        public static int? CurrentId { get; }
        public static TaskFactory Factory { get; }
        public TaskCreationOptions CreationOptions { get; }
        public AggregateException Exception { get; }
        public int Id { get; }
        public bool IsCanceled { get; }
        public bool IsCompleted { get; }
        public bool IsCompletedSuccessfully { get; }
        public bool IsFaulted { get; }
        public TaskStatus Status { get; }
        public object AsyncState { get; }
        public extern System.Runtime.CompilerServices.ConfiguredTaskAwaitable ConfigureAwait(bool continueOnCapturedContext);
        public extern System.Runtime.CompilerServices.ConfiguredTaskAwaitable ConfigureAwait(ConfigureAwaitOptions options);
        public extern Task ContinueWith(Action<Task> continuationAction);
        public extern Task ContinueWith(Action<Task> continuationAction, System.Threading.CancellationToken cancellationToken);
        public extern Task ContinueWith(Action<Task> continuationAction, TaskContinuationOptions continuationOptions);
        public extern Task ContinueWith(Action<Task> continuationAction, TaskScheduler scheduler);
        public extern Task ContinueWith(Action<Task> continuationAction, System.Threading.CancellationToken cancellationToken, TaskContinuationOptions continuationOptions, TaskScheduler scheduler);
        public extern Task ContinueWith(Action<Task, object> continuationAction, object state);
        public extern Task ContinueWith(Action<Task, object> continuationAction, object state, System.Threading.CancellationToken cancellationToken);
        public extern Task<TResult> ContinueWith<TResult>(Func<Task, TResult> continuationFunction);
        public extern Task<TResult> ContinueWith<TResult>(Func<Task, TResult> continuationFunction, TaskContinuationOptions continuationOptions);
        public extern Task ContinueWith(Action<Task, object> continuationAction, object state, TaskContinuationOptions continuationOptions);
        public extern Task ContinueWith(Action<Task, object> continuationAction, object state, TaskScheduler scheduler);
        public extern Task ContinueWith(Action<Task, object> continuationAction, object state, System.Threading.CancellationToken cancellationToken, TaskContinuationOptions continuationOptions, TaskScheduler scheduler);
        public extern Task<TResult> ContinueWith<TResult>(Func<Task, TResult> continuationFunction, System.Threading.CancellationToken cancellationToken);
        public extern Task<TResult> ContinueWith<TResult>(Func<Task, TResult> continuationFunction, TaskScheduler scheduler);
        public extern Task<TResult> ContinueWith<TResult>(Func<Task, TResult> continuationFunction, System.Threading.CancellationToken cancellationToken, TaskContinuationOptions continuationOptions, TaskScheduler scheduler);
        public extern Task<TResult> ContinueWith<TResult>(Func<Task, object, TResult> continuationFunction, object state);
        public extern Task<TResult> ContinueWith<TResult>(Func<Task, object, TResult> continuationFunction, object state, TaskContinuationOptions continuationOptions);
        public extern Task<TResult> ContinueWith<TResult>(Func<Task, object, TResult> continuationFunction, object state, System.Threading.CancellationToken cancellationToken, TaskContinuationOptions continuationOptions, TaskScheduler scheduler);
        public extern void Dispose();
        public extern System.Runtime.CompilerServices.TaskAwaiter GetAwaiter();
        public extern void Start();
        public extern void Start(TaskScheduler scheduler);
        public extern void RunSynchronously();
        public extern void RunSynchronously(TaskScheduler scheduler);
        public extern void Wait();
        public extern bool Wait(int millisecondsTimeout);
        public extern bool Wait(TimeSpan timeout);
        public extern void Wait(System.Threading.CancellationToken cancellationToken);
        public extern bool Wait(int millisecondsTimeout, System.Threading.CancellationToken cancellationToken);
        public extern static Task Delay(int millisecondsDelay);
        public extern static Task Delay(TimeSpan delay);
        public extern static Task Delay(int millisecondsDelay, System.Threading.CancellationToken cancellationToken);
        public extern static Task Delay(TimeSpan delay, System.Threading.CancellationToken cancellationToken);
        public extern static Task FromCanceled(System.Threading.CancellationToken cancellationToken);
        public extern static Task<TResult> FromCanceled<TResult>(System.Threading.CancellationToken cancellationToken);
        public extern static Task FromException(Exception exception);
        public extern static Task<TResult> FromException<TResult>(Exception exception);
        public extern static Task<TResult> FromResult<TResult>(TResult result);
        public extern static Task Run(Action action);
        public extern static Task Run(Action action, System.Threading.CancellationToken cancellationToken);
        public extern static Task<TResult> Run<TResult>(Func<TResult> function);
        public extern static Task<TResult> Run<TResult>(Func<TResult> function, System.Threading.CancellationToken cancellationToken);
        public extern static Task Run(Func<Task> function);
        public extern static Task Run(Func<Task> function, System.Threading.CancellationToken cancellationToken);
        public extern static Task<TResult> Run<TResult>(Func<Task<TResult>> function);
        public extern static Task<TResult> Run<TResult>(Func<Task<TResult>> function, System.Threading.CancellationToken cancellationToken);
        public extern static void WaitAll(params Task[] tasks);
        public extern static bool WaitAll(Task[] tasks, int millisecondsTimeout);
        public extern static bool WaitAll(Task[] tasks, TimeSpan timeout);
        public extern static void WaitAll(IEnumerable<Task> tasks);
        public extern static int WaitAny(params Task[] tasks);
        public extern static int WaitAny(Task[] tasks, int millisecondsTimeout);
        public extern static int WaitAny(Task[] tasks, TimeSpan timeout);
        public extern static Task WhenAll(params Task[] tasks);
        public extern static Task WhenAll(IEnumerable<Task> tasks);
        public extern static Task<TResult[]> WhenAll<TResult>(params Task<TResult>[] tasks);
        public extern static Task<TResult[]> WhenAll<TResult>(IEnumerable<Task<TResult>> tasks);
        public extern static Task<Task> WhenAny(params Task[] tasks);
        public extern static Task<Task> WhenAny(IEnumerable<Task> tasks);
        public extern static Task<Task<TResult>> WhenAny<TResult>(params Task<TResult>[] tasks);
        public extern static Task<Task<TResult>> WhenAny<TResult>(IEnumerable<Task<TResult>> tasks);
        public extern static IAsyncEnumerable<Task> WhenEach(params Task[] tasks);
        public extern static IAsyncEnumerable<Task> WhenEach(IEnumerable<Task> tasks);
        public extern static IAsyncEnumerable<Task<TResult>> WhenEach<TResult>(params Task<TResult>[] tasks);
        public extern static IAsyncEnumerable<Task<TResult>> WhenEach<TResult>(IEnumerable<Task<TResult>> tasks);
        public extern static System.Runtime.CompilerServices.YieldAwaitable Yield();
    }

    public class Task<TResult> : Task
    {
        public extern Task(Func<TResult> function);
        public extern Task(Func<object, TResult> function, object state);
        public extern Task(Func<TResult> function, System.Threading.CancellationToken cancellationToken);
        public extern Task(Func<TResult> function, TaskCreationOptions creationOptions);
        public extern Task(Func<TResult> function, System.Threading.CancellationToken cancellationToken, TaskCreationOptions creationOptions);
        public extern Task(Func<object, TResult> function, object state, System.Threading.CancellationToken cancellationToken);
        public extern Task(Func<object, TResult> function, object state, TaskCreationOptions creationOptions);
        public extern Task(Func<object, TResult> function, object state, System.Threading.CancellationToken cancellationToken, TaskCreationOptions creationOptions);
        public TResult Result { get; }
        public extern new System.Runtime.CompilerServices.ConfiguredTaskAwaitable<TResult> ConfigureAwait(bool continueOnCapturedContext);
        public extern new System.Runtime.CompilerServices.ConfiguredTaskAwaitable<TResult> ConfigureAwait(ConfigureAwaitOptions options);
        public extern Task ContinueWith(Action<Task<TResult>> continuationAction);
        public extern Task ContinueWith(Action<Task<TResult>> continuationAction, TaskContinuationOptions continuationOptions);
        public extern Task<TNewResult> ContinueWith<TNewResult>(Func<Task<TResult>, TNewResult> continuationFunction);
        public extern Task<TNewResult> ContinueWith<TNewResult>(Func<Task<TResult>, TNewResult> continuationFunction, TaskContinuationOptions continuationOptions);
        public extern Task ContinueWith(Action<Task<TResult>> continuationAction, System.Threading.CancellationToken cancellationToken);
        public extern Task ContinueWith(Action<Task<TResult>> continuationAction, System.Threading.CancellationToken cancellationToken, TaskContinuationOptions continuationOptions, TaskScheduler scheduler);
        public extern Task ContinueWith(Action<Task<TResult>, object> continuationAction, object state);
        public extern Task<TNewResult> ContinueWith<TNewResult>(Func<Task<TResult>, TNewResult> continuationFunction, System.Threading.CancellationToken cancellationToken);
        public extern Task<TNewResult> ContinueWith<TNewResult>(Func<Task<TResult>, TNewResult> continuationFunction, System.Threading.CancellationToken cancellationToken, TaskContinuationOptions continuationOptions, TaskScheduler scheduler);
        public extern Task<TNewResult> ContinueWith<TNewResult>(Func<Task<TResult>, object, TNewResult> continuationFunction, object state);
        public extern new System.Runtime.CompilerServices.TaskAwaiter<TResult> GetAwaiter();
    }

    public enum TaskContinuationOptions { None = 0, PreferFairness = 1, LongRunning = 2, AttachedToParent = 4, DenyChildAttach = 8, HideScheduler = 16, LazyCancellation = 32, RunContinuationsAsynchronously = 64, NotOnRanToCompletion = 65536, NotOnFaulted = 131072, OnlyOnCanceled = 196608, NotOnCanceled = 262144, OnlyOnFaulted = 327680, OnlyOnRanToCompletion = 393216, ExecuteSynchronously = 524288 }

    public enum ConfigureAwaitOptions { None = 0, ContinueOnCapturedContext = 1, SuppressThrowing = 2, ForceYielding = 4 }

    public abstract class TaskScheduler
    {
        public static TaskScheduler Default { get; }
        public static TaskScheduler Current { get; }
        public extern static TaskScheduler FromCurrentSynchronizationContext();
        public int Id { get; }
        public virtual int MaximumConcurrencyLevel { get; }
        protected extern TaskScheduler();
        protected internal abstract void QueueTask(Task task);
        protected abstract bool TryExecuteTaskInline(Task task, bool taskWasPreviouslyQueued);
        protected abstract System.Collections.Generic.IEnumerable<Task> GetScheduledTasks();
        protected internal virtual bool TryDequeue(Task task);
        protected extern bool TryExecuteTask(Task task);
    }

    public class TaskFactory
    {
        public extern TaskFactory();
        public extern TaskFactory(System.Threading.CancellationToken cancellationToken);
        public extern TaskFactory(TaskScheduler scheduler);
        public extern TaskFactory(TaskCreationOptions creationOptions, TaskContinuationOptions continuationOptions);
        public extern TaskFactory(System.Threading.CancellationToken cancellationToken, TaskCreationOptions creationOptions, TaskContinuationOptions continuationOptions, TaskScheduler scheduler);
        public System.Threading.CancellationToken CancellationToken { get; }
        public TaskCreationOptions CreationOptions { get; }
        public TaskContinuationOptions ContinuationOptions { get; }
        public TaskScheduler Scheduler { get; }
        public extern Task StartNew(Action action);
        public extern Task StartNew(Action action, TaskCreationOptions creationOptions);
        public extern Task StartNew(Action action, System.Threading.CancellationToken cancellationToken);
        public extern Task StartNew(Action action, System.Threading.CancellationToken cancellationToken, TaskCreationOptions creationOptions, TaskScheduler scheduler);
        public extern Task StartNew(Action<object> action, object state);
        public extern Task StartNew(Action<object> action, object state, TaskCreationOptions creationOptions);
        public extern Task StartNew(Action<object> action, object state, System.Threading.CancellationToken cancellationToken);
        public extern Task<TResult> StartNew<TResult>(Func<TResult> function);
        public extern Task<TResult> StartNew<TResult>(Func<TResult> function, TaskCreationOptions creationOptions);
        public extern Task<TResult> StartNew<TResult>(Func<TResult> function, System.Threading.CancellationToken cancellationToken);
        public extern Task<TResult> StartNew<TResult>(Func<TResult> function, System.Threading.CancellationToken cancellationToken, TaskCreationOptions creationOptions, TaskScheduler scheduler);
        public extern Task<TResult> StartNew<TResult>(Func<object, TResult> function, object state);
        public extern Task ContinueWhenAll(Task[] tasks, Action<Task[]> continuationAction);
        public extern Task ContinueWhenAll(Task[] tasks, Action<Task[]> continuationAction, System.Threading.CancellationToken cancellationToken);
        public extern Task ContinueWhenAll(Task[] tasks, Action<Task[]> continuationAction, TaskContinuationOptions continuationOptions);
        public extern Task<TResult> ContinueWhenAll<TResult>(Task[] tasks, Func<Task[], TResult> continuationFunction);
        public extern Task<TResult> ContinueWhenAll<TResult>(Task[] tasks, Func<Task[], TResult> continuationFunction, System.Threading.CancellationToken cancellationToken);
        public extern Task<TResult> ContinueWhenAll<TResult>(Task[] tasks, Func<Task[], TResult> continuationFunction, TaskContinuationOptions continuationOptions);
        public extern Task ContinueWhenAny(Task[] tasks, Action<Task> continuationAction);
        public extern Task ContinueWhenAny(Task[] tasks, Action<Task> continuationAction, System.Threading.CancellationToken cancellationToken);
        public extern Task ContinueWhenAny(Task[] tasks, Action<Task> continuationAction, TaskContinuationOptions continuationOptions);
        public extern Task<TResult> ContinueWhenAny<TResult>(Task[] tasks, Func<Task, TResult> continuationFunction);
        public extern Task<TResult> ContinueWhenAny<TResult>(Task[] tasks, Func<Task, TResult> continuationFunction, System.Threading.CancellationToken cancellationToken);
        public extern Task<TResult> ContinueWhenAny<TResult>(Task[] tasks, Func<Task, TResult> continuationFunction, TaskContinuationOptions continuationOptions);
        public extern Task ContinueWhenAll<TAntecedentResult>(Task<TAntecedentResult>[] tasks, Action<Task<TAntecedentResult>[]> continuationAction);
        public extern Task<TResult> ContinueWhenAll<TAntecedentResult, TResult>(Task<TAntecedentResult>[] tasks, Func<Task<TAntecedentResult>[], TResult> continuationFunction);
        public extern Task ContinueWhenAny<TAntecedentResult>(Task<TAntecedentResult>[] tasks, Action<Task<TAntecedentResult>> continuationAction);
        public extern Task<TResult> ContinueWhenAny<TAntecedentResult, TResult>(Task<TAntecedentResult>[] tasks, Func<Task<TAntecedentResult>, TResult> continuationFunction);
    }

    public class TaskCompletionSource
    {
        public extern TaskCompletionSource();
        public extern TaskCompletionSource(TaskCreationOptions creationOptions);
        public extern TaskCompletionSource(object state);
        public extern TaskCompletionSource(object state, TaskCreationOptions creationOptions);
        public Task Task { get; }
        public extern void SetCanceled();
        public extern void SetCanceled(System.Threading.CancellationToken cancellationToken);
        public extern void SetException(Exception exception);
        public extern void SetException(IEnumerable<Exception> exceptions);
        public extern void SetResult();
        public extern bool TrySetCanceled();
        public extern bool TrySetCanceled(System.Threading.CancellationToken cancellationToken);
        public extern bool TrySetException(Exception exception);
        public extern bool TrySetException(IEnumerable<Exception> exceptions);
        public extern bool TrySetResult();
    }

    public class TaskCompletionSource<TResult>
    {
        public extern TaskCompletionSource();
        public extern TaskCompletionSource(TaskCreationOptions creationOptions);
        public extern TaskCompletionSource(object state);
        public extern TaskCompletionSource(object state, TaskCreationOptions creationOptions);
        public Task<TResult> Task { get; }
        public extern void SetCanceled();
        public extern void SetCanceled(System.Threading.CancellationToken cancellationToken);
        public extern void SetException(Exception exception);
        public extern void SetException(IEnumerable<Exception> exceptions);
        public extern void SetResult(TResult result);
        public extern bool TrySetCanceled();
        public extern bool TrySetCanceled(System.Threading.CancellationToken cancellationToken);
        public extern bool TrySetException(Exception exception);
        public extern bool TrySetException(IEnumerable<Exception> exceptions);
        public extern bool TrySetResult(TResult result);
    }

    [Struct, RuntimeEquality] public sealed class ValueTask
    {
        public extern ValueTask();
        public extern ValueTask(Task task);
        public extern ValueTask(System.Threading.Tasks.Sources.IValueTaskSource source, short token);
        public static ValueTask CompletedTask { get; }
        public bool IsCanceled { get; }
        public bool IsCompleted { get; }
        public bool IsCompletedSuccessfully { get; }
        public bool IsFaulted { get; }
        public extern Task AsTask();
        public extern System.Runtime.CompilerServices.ConfiguredTaskAwaitable ConfigureAwait(bool continueOnCapturedContext);
        public extern System.Runtime.CompilerServices.TaskAwaiter GetAwaiter();
        public extern ValueTask Preserve();
        public extern static ValueTask FromCanceled(System.Threading.CancellationToken cancellationToken);
        public extern static ValueTask<TResult> FromCanceled<TResult>(System.Threading.CancellationToken cancellationToken);
        public extern static ValueTask FromException(Exception exception);
        public extern static ValueTask<TResult> FromException<TResult>(Exception exception);
        public extern static ValueTask<TResult> FromResult<TResult>(TResult result);
    }

    [Struct, RuntimeEquality] public sealed class ValueTask<TResult>
    {
        public extern ValueTask(TResult result);
        public extern ValueTask(Task<TResult> task);
        public extern ValueTask(System.Threading.Tasks.Sources.IValueTaskSource<TResult> source, short token);
        public bool IsCanceled { get; }
        public bool IsCompleted { get; }
        public bool IsCompletedSuccessfully { get; }
        public bool IsFaulted { get; }
        public TResult Result { get; }
        public extern Task<TResult> AsTask();
        public extern System.Runtime.CompilerServices.ConfiguredValueTaskAwaitable<TResult> ConfigureAwait(bool continueOnCapturedContext);
        public extern System.Runtime.CompilerServices.ValueTaskAwaiter<TResult> GetAwaiter();
        public extern ValueTask<TResult> Preserve();
    }

    public static class Parallel
    {
        public extern static ParallelLoopResult For(int fromInclusive, int toExclusive, Action<int> body);
        public extern static ParallelLoopResult For(int fromInclusive, int toExclusive, Action<int, ParallelLoopState> body);
        public extern static ParallelLoopResult For(int fromInclusive, int toExclusive, ParallelOptions parallelOptions, Action<int> body);
        public extern static ParallelLoopResult For(long fromInclusive, long toExclusive, Action<long> body);
        public extern static ParallelLoopResult ForEach<TSource>(IEnumerable<TSource> source, Action<TSource> body);
        public extern static ParallelLoopResult ForEach<TSource>(IEnumerable<TSource> source, Action<TSource, ParallelLoopState> body);
        public extern static ParallelLoopResult ForEach<TSource>(IEnumerable<TSource> source, ParallelOptions parallelOptions, Action<TSource> body);
        public extern static Task ForEachAsync<TSource>(IEnumerable<TSource> source, Func<TSource, System.Threading.CancellationToken, ValueTask> body);
        public extern static Task ForEachAsync<TSource>(IEnumerable<TSource> source, System.Threading.CancellationToken cancellationToken, Func<TSource, System.Threading.CancellationToken, ValueTask> body);
        public extern static Task ForEachAsync<TSource>(IEnumerable<TSource> source, ParallelOptions parallelOptions, Func<TSource, System.Threading.CancellationToken, ValueTask> body);
        public extern static void Invoke(params Action[] actions);
        public extern static void Invoke(ParallelOptions parallelOptions, params Action[] actions);
        public extern static ParallelLoopResult For(int fromInclusive, int toExclusive, ParallelOptions parallelOptions, Action<int, ParallelLoopState> body);
        public extern static ParallelLoopResult For(long fromInclusive, long toExclusive, Action<long, ParallelLoopState> body);
        public extern static ParallelLoopResult For(long fromInclusive, long toExclusive, ParallelOptions parallelOptions, Action<long> body);
        public extern static ParallelLoopResult For(long fromInclusive, long toExclusive, ParallelOptions parallelOptions, Action<long, ParallelLoopState> body);
        public extern static ParallelLoopResult For<TLocal>(int fromInclusive, int toExclusive, Func<TLocal> localInit, Func<int, ParallelLoopState, TLocal, TLocal> body, Action<TLocal> localFinally);
        public extern static ParallelLoopResult For<TLocal>(int fromInclusive, int toExclusive, ParallelOptions parallelOptions, Func<TLocal> localInit, Func<int, ParallelLoopState, TLocal, TLocal> body, Action<TLocal> localFinally);
        public extern static ParallelLoopResult For<TLocal>(long fromInclusive, long toExclusive, Func<TLocal> localInit, Func<long, ParallelLoopState, TLocal, TLocal> body, Action<TLocal> localFinally);
        public extern static ParallelLoopResult For<TLocal>(long fromInclusive, long toExclusive, ParallelOptions parallelOptions, Func<TLocal> localInit, Func<long, ParallelLoopState, TLocal, TLocal> body, Action<TLocal> localFinally);
        public extern static ParallelLoopResult ForEach<TSource>(IEnumerable<TSource> source, ParallelOptions parallelOptions, Action<TSource, ParallelLoopState> body);
        public extern static ParallelLoopResult ForEach<TSource>(IEnumerable<TSource> source, Action<TSource, ParallelLoopState, long> body);
        public extern static ParallelLoopResult ForEach<TSource>(IEnumerable<TSource> source, ParallelOptions parallelOptions, Action<TSource, ParallelLoopState, long> body);
        public extern static ParallelLoopResult ForEach<TSource, TLocal>(IEnumerable<TSource> source, Func<TLocal> localInit, Func<TSource, ParallelLoopState, TLocal, TLocal> body, Action<TLocal> localFinally);
        public extern static ParallelLoopResult ForEach<TSource, TLocal>(IEnumerable<TSource> source, ParallelOptions parallelOptions, Func<TLocal> localInit, Func<TSource, ParallelLoopState, TLocal, TLocal> body, Action<TLocal> localFinally);
        public extern static ParallelLoopResult ForEach<TSource, TLocal>(IEnumerable<TSource> source, Func<TLocal> localInit, Func<TSource, ParallelLoopState, long, TLocal, TLocal> body, Action<TLocal> localFinally);
        public extern static ParallelLoopResult ForEach<TSource, TLocal>(IEnumerable<TSource> source, ParallelOptions parallelOptions, Func<TLocal> localInit, Func<TSource, ParallelLoopState, long, TLocal, TLocal> body, Action<TLocal> localFinally);
        public extern static Task ForEachAsync<TSource>(IAsyncEnumerable<TSource> source, Func<TSource, System.Threading.CancellationToken, ValueTask> body);
        public extern static Task ForEachAsync<TSource>(IAsyncEnumerable<TSource> source, System.Threading.CancellationToken cancellationToken, Func<TSource, System.Threading.CancellationToken, ValueTask> body);
        public extern static Task ForEachAsync<TSource>(IAsyncEnumerable<TSource> source, ParallelOptions parallelOptions, Func<TSource, System.Threading.CancellationToken, ValueTask> body);
        public extern static Task ForAsync<T>(T fromInclusive, T toExclusive, Func<T, System.Threading.CancellationToken, ValueTask> body);
        public extern static Task ForAsync<T>(T fromInclusive, T toExclusive, System.Threading.CancellationToken cancellationToken, Func<T, System.Threading.CancellationToken, ValueTask> body);
        public extern static Task ForAsync<T>(T fromInclusive, T toExclusive, ParallelOptions parallelOptions, Func<T, System.Threading.CancellationToken, ValueTask> body);
    }

    public class ParallelOptions
    {
        public int MaxDegreeOfParallelism { get; set; }
        public System.Threading.CancellationToken CancellationToken { get; set; }
    }

    [Struct] public sealed class ParallelLoopResult
    {
        public bool IsCompleted { get; }
        public long? LowestBreakIteration { get; }
    }

    public class ParallelLoopState
    {
        public bool IsStopped { get; }
        public bool IsExceptional { get; }
        public bool ShouldExitCurrentIteration { get; }
        public long? LowestBreakIteration { get; }
        public extern void Break();
        public extern void Stop();
    }
}

namespace System.Linq
{
    public static class Enumerable
    {
        public extern static TSource Aggregate<TSource>(this IEnumerable<TSource> source, Func<TSource, TSource, TSource> func);
        public extern static TAccumulate Aggregate<TSource, TAccumulate>(this IEnumerable<TSource> source, TAccumulate seed, Func<TAccumulate, TSource, TAccumulate> func);
        public extern static TResult Aggregate<TSource, TAccumulate, TResult>(this IEnumerable<TSource> source, TAccumulate seed, Func<TAccumulate, TSource, TAccumulate> func, Func<TAccumulate, TResult> resultSelector);
        public extern static bool All<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate);
        public extern static bool Any<TSource>(this IEnumerable<TSource> source);
        public extern static bool Any<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate);
        public extern static IEnumerable<TSource> Append<TSource>(this IEnumerable<TSource> source, TSource element);
        public extern static IEnumerable<TSource> AsEnumerable<TSource>(this IEnumerable<TSource> source);
        public extern static double Average(this IEnumerable<int> source);
        public extern static double? Average(this IEnumerable<int?> source);
        public extern static double? Average<TSource>(this IEnumerable<TSource> source, Func<TSource, int?> selector);
        public extern static double? Average(this IEnumerable<long?> source);
        public extern static double? Average<TSource>(this IEnumerable<TSource> source, Func<TSource, long?> selector);
        public extern static double? Average(this IEnumerable<double?> source);
        public extern static double? Average<TSource>(this IEnumerable<TSource> source, Func<TSource, double?> selector);
        public extern static float? Average(this IEnumerable<float?> source);
        public extern static float? Average<TSource>(this IEnumerable<TSource> source, Func<TSource, float?> selector);
        public extern static decimal? Average(this IEnumerable<decimal?> source);
        public extern static decimal? Average<TSource>(this IEnumerable<TSource> source, Func<TSource, decimal?> selector);
        public extern static double Average<TSource>(this IEnumerable<TSource> source, Func<TSource, int> selector);
        public extern static double Average(this IEnumerable<long> source);
        public extern static double Average<TSource>(this IEnumerable<TSource> source, Func<TSource, long> selector);
        public extern static double Average(this IEnumerable<double> source);
        public extern static double Average<TSource>(this IEnumerable<TSource> source, Func<TSource, double> selector);
        public extern static decimal Average(this IEnumerable<decimal> source);
        public extern static decimal Average<TSource>(this IEnumerable<TSource> source, Func<TSource, decimal> selector);
        public extern static float Average(this IEnumerable<float> source);
        public extern static float Average<TSource>(this IEnumerable<TSource> source, Func<TSource, float> selector);
        public extern static IEnumerable<TResult> Cast<TResult>(this System.Collections.IEnumerable source);
        public extern static IEnumerable<TSource[]> Chunk<TSource>(this IEnumerable<TSource> source, int size);
        public extern static IEnumerable<TSource> Concat<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second);
        public extern static bool Contains<TSource>(this IEnumerable<TSource> source, TSource value);
        public extern static bool Contains<TSource>(this IEnumerable<TSource> source, TSource value, IEqualityComparer<TSource> comparer);
        public extern static int Count<TSource>(this IEnumerable<TSource> source);
        public extern static int Count<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate);
        public extern static IEnumerable<TSource> DefaultIfEmpty<TSource>(this IEnumerable<TSource> source);
        public extern static IEnumerable<TSource> DefaultIfEmpty<TSource>(this IEnumerable<TSource> source, TSource defaultValue);
        public extern static IEnumerable<TSource> Distinct<TSource>(this IEnumerable<TSource> source);
        public extern static IEnumerable<TSource> Distinct<TSource>(this IEnumerable<TSource> source, IEqualityComparer<TSource> comparer);
        public extern static IEnumerable<TSource> DistinctBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector);
        public extern static IEnumerable<TSource> DistinctBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IEqualityComparer<TKey> comparer);
        public extern static TSource ElementAt<TSource>(this IEnumerable<TSource> source, int index);
        public extern static TSource ElementAt<TSource>(this IEnumerable<TSource> source, Index index);
        public extern static TSource ElementAtOrDefault<TSource>(this IEnumerable<TSource> source, int index);
        public extern static TSource ElementAtOrDefault<TSource>(this IEnumerable<TSource> source, Index index);
        public extern static IEnumerable<TResult> Empty<TResult>();
        public extern static IEnumerable<TSource> Except<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second);
        public extern static IEnumerable<TSource> Except<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second, IEqualityComparer<TSource> comparer);
        public extern static TSource First<TSource>(this IEnumerable<TSource> source);
        public extern static TSource First<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate);
        public extern static TSource FirstOrDefault<TSource>(this IEnumerable<TSource> source);
        public extern static TSource FirstOrDefault<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate);
        public extern static TSource FirstOrDefault<TSource>(this IEnumerable<TSource> source, TSource defaultValue);
        public extern static TSource FirstOrDefault<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate, TSource defaultValue);
        public extern static TSource Last<TSource>(this IEnumerable<TSource> source);
        public extern static TSource Last<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate);
        public extern static TSource LastOrDefault<TSource>(this IEnumerable<TSource> source);
        public extern static TSource LastOrDefault<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate);
        public extern static TSource LastOrDefault<TSource>(this IEnumerable<TSource> source, TSource defaultValue);
        public extern static TSource LastOrDefault<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate, TSource defaultValue);
        public extern static TSource Single<TSource>(this IEnumerable<TSource> source);
        public extern static TSource Single<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate);
        public extern static TSource SingleOrDefault<TSource>(this IEnumerable<TSource> source);
        public extern static TSource SingleOrDefault<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate);
        public extern static TSource SingleOrDefault<TSource>(this IEnumerable<TSource> source, TSource defaultValue);
        public extern static TSource SingleOrDefault<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate, TSource defaultValue);
        public extern static IEnumerable<IGrouping<TKey, TSource>> GroupBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector);
        public extern static IEnumerable<IGrouping<TKey, TSource>> GroupBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IEqualityComparer<TKey> comparer);
        public extern static IEnumerable<TResult> Join<TOuter, TInner, TKey, TResult>(this IEnumerable<TOuter> outer, IEnumerable<TInner> inner, Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, TInner, TResult> resultSelector);
        public extern static IEnumerable<TResult> Join<TOuter, TInner, TKey, TResult>(this IEnumerable<TOuter> outer, IEnumerable<TInner> inner, Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, TInner, TResult> resultSelector, IEqualityComparer<TKey> comparer);
        public extern static IEnumerable<TResult> GroupJoin<TOuter, TInner, TKey, TResult>(this IEnumerable<TOuter> outer, IEnumerable<TInner> inner, Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, IEnumerable<TInner>, TResult> resultSelector);
        public extern static IEnumerable<TResult> GroupJoin<TOuter, TInner, TKey, TResult>(this IEnumerable<TOuter> outer, IEnumerable<TInner> inner, Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, IEnumerable<TInner>, TResult> resultSelector, IEqualityComparer<TKey> comparer);
        public extern static IEnumerable<IGrouping<TKey, TElement>> GroupBy<TSource, TKey, TElement>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TSource, TElement> elementSelector);
        public extern static IEnumerable<IGrouping<TKey, TElement>> GroupBy<TSource, TKey, TElement>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TSource, TElement> elementSelector, IEqualityComparer<TKey> comparer);
        public extern static IEnumerable<TResult> GroupBy<TSource, TKey, TResult>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TKey, IEnumerable<TSource>, TResult> resultSelector);
        public extern static IEnumerable<TResult> GroupBy<TSource, TKey, TResult>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TKey, IEnumerable<TSource>, TResult> resultSelector, IEqualityComparer<TKey> comparer);
        public extern static IEnumerable<TResult> GroupBy<TSource, TKey, TElement, TResult>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TSource, TElement> elementSelector, Func<TKey, IEnumerable<TElement>, TResult> resultSelector);
        public extern static IEnumerable<TResult> GroupBy<TSource, TKey, TElement, TResult>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TSource, TElement> elementSelector, Func<TKey, IEnumerable<TElement>, TResult> resultSelector, IEqualityComparer<TKey> comparer);
        public extern static IEnumerable<KeyValuePair<TKey, int>> CountBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector);
        public extern static IEnumerable<KeyValuePair<TKey, int>> CountBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IEqualityComparer<TKey> keyComparer);
        public extern static IEnumerable<KeyValuePair<TKey, TAccumulate>> AggregateBy<TSource, TKey, TAccumulate>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, TAccumulate seed, Func<TAccumulate, TSource, TAccumulate> func);
        public extern static IEnumerable<KeyValuePair<TKey, TAccumulate>> AggregateBy<TSource, TKey, TAccumulate>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, TAccumulate seed, Func<TAccumulate, TSource, TAccumulate> func, IEqualityComparer<TKey> keyComparer);
        public extern static IEnumerable<KeyValuePair<TKey, TAccumulate>> AggregateBy<TSource, TKey, TAccumulate>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TKey, TAccumulate> seedSelector, Func<TAccumulate, TSource, TAccumulate> func);
        public extern static IEnumerable<(int Index, TSource Item)> Index<TSource>(this IEnumerable<TSource> source);
        public extern static IEnumerable<TSource> UnionBy<TSource, TKey>(this IEnumerable<TSource> first, IEnumerable<TSource> second, Func<TSource, TKey> keySelector);
        public extern static IEnumerable<TSource> UnionBy<TSource, TKey>(this IEnumerable<TSource> first, IEnumerable<TSource> second, Func<TSource, TKey> keySelector, IEqualityComparer<TKey> comparer);
        public extern static IEnumerable<TSource> IntersectBy<TSource, TKey>(this IEnumerable<TSource> first, IEnumerable<TKey> second, Func<TSource, TKey> keySelector);
        public extern static IEnumerable<TSource> IntersectBy<TSource, TKey>(this IEnumerable<TSource> first, IEnumerable<TKey> second, Func<TSource, TKey> keySelector, IEqualityComparer<TKey> comparer);
        public extern static IEnumerable<TSource> ExceptBy<TSource, TKey>(this IEnumerable<TSource> first, IEnumerable<TKey> second, Func<TSource, TKey> keySelector);
        public extern static IEnumerable<TSource> ExceptBy<TSource, TKey>(this IEnumerable<TSource> first, IEnumerable<TKey> second, Func<TSource, TKey> keySelector, IEqualityComparer<TKey> comparer);
        public extern static IEnumerable<TSource> Intersect<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second);
        public extern static IEnumerable<TSource> Intersect<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second, IEqualityComparer<TSource> comparer);
        public extern static long LongCount<TSource>(this IEnumerable<TSource> source);
        public extern static long LongCount<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate);
        public extern static int Max(this IEnumerable<int> source);
        public extern static int Max<TSource>(this IEnumerable<TSource> source, Func<TSource, int> selector);
        public extern static long Max(this IEnumerable<long> source);
        public extern static long Max<TSource>(this IEnumerable<TSource> source, Func<TSource, long> selector);
        public extern static double Max(this IEnumerable<double> source);
        public extern static double Max<TSource>(this IEnumerable<TSource> source, Func<TSource, double> selector);
        public extern static decimal Max(this IEnumerable<decimal> source);
        public extern static decimal Max<TSource>(this IEnumerable<TSource> source, Func<TSource, decimal> selector);
        public extern static float Max(this IEnumerable<float> source);
        public extern static float Max<TSource>(this IEnumerable<TSource> source, Func<TSource, float> selector);
        public extern static TSource Max<TSource>(this IEnumerable<TSource> source);
        public extern static TResult Max<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, TResult> selector);
        public extern static TSource MaxBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector);
        public extern static TSource MaxBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IComparer<TKey> comparer);
        public extern static int Min(this IEnumerable<int> source);
        public extern static int Min<TSource>(this IEnumerable<TSource> source, Func<TSource, int> selector);
        public extern static long Min(this IEnumerable<long> source);
        public extern static long Min<TSource>(this IEnumerable<TSource> source, Func<TSource, long> selector);
        public extern static double Min(this IEnumerable<double> source);
        public extern static double Min<TSource>(this IEnumerable<TSource> source, Func<TSource, double> selector);
        public extern static decimal Min(this IEnumerable<decimal> source);
        public extern static decimal Min<TSource>(this IEnumerable<TSource> source, Func<TSource, decimal> selector);
        public extern static float Min(this IEnumerable<float> source);
        public extern static float Min<TSource>(this IEnumerable<TSource> source, Func<TSource, float> selector);
        public extern static TSource Min<TSource>(this IEnumerable<TSource> source);
        public extern static TResult Min<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, TResult> selector);
        public extern static TSource MinBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector);
        public extern static TSource MinBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IComparer<TKey> comparer);
        public extern static IEnumerable<TResult> OfType<TResult>(this System.Collections.IEnumerable source);
        public extern static IOrderedEnumerable<T> Order<T>(this IEnumerable<T> source);
        public extern static IOrderedEnumerable<T> Order<T>(this IEnumerable<T> source, IComparer<T> comparer);
        public extern static IOrderedEnumerable<T> OrderDescending<T>(this IEnumerable<T> source);
        public extern static IOrderedEnumerable<T> OrderDescending<T>(this IEnumerable<T> source, IComparer<T> comparer);
        public extern static IOrderedEnumerable<TSource> OrderBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector);
        public extern static IOrderedEnumerable<TSource> OrderBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IComparer<TKey> comparer);
        public extern static IOrderedEnumerable<TSource> OrderByDescending<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector);
        public extern static IOrderedEnumerable<TSource> OrderByDescending<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IComparer<TKey> comparer);
        public extern static IOrderedEnumerable<TSource> ThenBy<TSource, TKey>(this IOrderedEnumerable<TSource> source, Func<TSource, TKey> keySelector);
        public extern static IOrderedEnumerable<TSource> ThenBy<TSource, TKey>(this IOrderedEnumerable<TSource> source, Func<TSource, TKey> keySelector, IComparer<TKey> comparer);
        public extern static IOrderedEnumerable<TSource> ThenByDescending<TSource, TKey>(this IOrderedEnumerable<TSource> source, Func<TSource, TKey> keySelector);
        public extern static IOrderedEnumerable<TSource> ThenByDescending<TSource, TKey>(this IOrderedEnumerable<TSource> source, Func<TSource, TKey> keySelector, IComparer<TKey> comparer);
        public extern static IEnumerable<TSource> Prepend<TSource>(this IEnumerable<TSource> source, TSource element);
        public extern static IEnumerable<int> Range(int start, int count);
        public extern static IEnumerable<TResult> Repeat<TResult>(TResult element, int count);
        public extern static IEnumerable<TSource> Reverse<TSource>(this IEnumerable<TSource> source);
        public extern static IEnumerable<TResult> Select<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, TResult> selector);
        public extern static IEnumerable<TResult> Select<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, int, TResult> selector);
        public extern static IEnumerable<TResult> SelectMany<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, IEnumerable<TResult>> selector);
        public extern static IEnumerable<TResult> SelectMany<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, int, IEnumerable<TResult>> selector);
        public extern static IEnumerable<TResult> SelectMany<TSource, TCollection, TResult>(this IEnumerable<TSource> source, Func<TSource, IEnumerable<TCollection>> collectionSelector, Func<TSource, TCollection, TResult> resultSelector);
        public extern static IEnumerable<TResult> SelectMany<TSource, TCollection, TResult>(this IEnumerable<TSource> source, Func<TSource, int, IEnumerable<TCollection>> collectionSelector, Func<TSource, TCollection, TResult> resultSelector);
        public extern static bool SequenceEqual<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second);
        public extern static bool SequenceEqual<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second, IEqualityComparer<TSource> comparer);
        public extern static IEnumerable<TSource> Skip<TSource>(this IEnumerable<TSource> source, int count);
        public extern static IEnumerable<TSource> Take<TSource>(this IEnumerable<TSource> source, int count);
        public extern static IEnumerable<TSource> Take<TSource>(this IEnumerable<TSource> source, Range range);
        public extern static IEnumerable<TSource> SkipLast<TSource>(this IEnumerable<TSource> source, int count);
        public extern static IEnumerable<TSource> TakeLast<TSource>(this IEnumerable<TSource> source, int count);
        public extern static IEnumerable<TSource> SkipWhile<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate);
        public extern static IEnumerable<TSource> SkipWhile<TSource>(this IEnumerable<TSource> source, Func<TSource, int, bool> predicate);
        public extern static IEnumerable<TSource> TakeWhile<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate);
        public extern static IEnumerable<TSource> TakeWhile<TSource>(this IEnumerable<TSource> source, Func<TSource, int, bool> predicate);
        public extern static IEnumerable<TSource> Where<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate);
        public extern static IEnumerable<TSource> Where<TSource>(this IEnumerable<TSource> source, Func<TSource, int, bool> predicate);
        public extern static int Sum(this IEnumerable<int> source);
        public extern static int? Sum(this IEnumerable<int?> source);
        public extern static int? Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, int?> selector);
        public extern static long? Sum(this IEnumerable<long?> source);
        public extern static long? Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, long?> selector);
        public extern static double? Sum(this IEnumerable<double?> source);
        public extern static double? Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, double?> selector);
        public extern static float? Sum(this IEnumerable<float?> source);
        public extern static float? Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, float?> selector);
        public extern static decimal? Sum(this IEnumerable<decimal?> source);
        public extern static decimal? Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, decimal?> selector);
        public extern static int Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, int> selector);
        public extern static long Sum(this IEnumerable<long> source);
        public extern static long Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, long> selector);
        public extern static double Sum(this IEnumerable<double> source);
        public extern static double Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, double> selector);
        public extern static decimal Sum(this IEnumerable<decimal> source);
        public extern static decimal Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, decimal> selector);
        public extern static float Sum(this IEnumerable<float> source);
        public extern static float Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, float> selector);
        public extern static TSource[] ToArray<TSource>(this IEnumerable<TSource> source);
        public extern static bool TryGetNonEnumeratedCount<TSource>(this IEnumerable<TSource> source, out int count);
        public extern static Dictionary<TKey, TSource> ToDictionary<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector);
        public extern static Dictionary<TKey, TSource> ToDictionary<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IEqualityComparer<TKey> comparer);
        public extern static Dictionary<TKey, TElement> ToDictionary<TSource, TKey, TElement>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TSource, TElement> elementSelector);
        public extern static Dictionary<TKey, TElement> ToDictionary<TSource, TKey, TElement>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TSource, TElement> elementSelector, IEqualityComparer<TKey> comparer);
        public extern static HashSet<TSource> ToHashSet<TSource>(this IEnumerable<TSource> source);
        public extern static HashSet<TSource> ToHashSet<TSource>(this IEnumerable<TSource> source, IEqualityComparer<TSource> comparer);
        public extern static List<TSource> ToList<TSource>(this IEnumerable<TSource> source);
        public extern static IEnumerable<TSource> Union<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second);
        public extern static IEnumerable<TSource> Union<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second, IEqualityComparer<TSource> comparer);
        public extern static IEnumerable<TResult> Zip<TFirst, TSecond, TResult>(this IEnumerable<TFirst> first, IEnumerable<TSecond> second, Func<TFirst, TSecond, TResult> resultSelector);
        public extern static IEnumerable<(TFirst First, TSecond Second)> Zip<TFirst, TSecond>(this IEnumerable<TFirst> first, IEnumerable<TSecond> second);
    }

    public interface IGrouping<TKey, TElement> : IEnumerable<TElement>
    {
        TKey Key { get; }
    }

    public interface IOrderedEnumerable<TElement> : IEnumerable<TElement>
    {
    }
}

namespace System
{
    // Int128 is a 128-bit integer (vm/lib/int128.go). Its conversion
    // operators share one native per name, which receives the target
    // type as a hidden argument.
    [Struct] public sealed class Int128 : IComparable, IComparable<Int128>, IEquatable<Int128>, IFormattable
    {
        public extern Int128(ulong upper, ulong lower);
        public static Int128 MinValue { get; }
        public static Int128 MaxValue { get; }
        public static Int128 Zero { get; }
        public static Int128 One { get; }
        public static Int128 AllBitsSet { get; }
        public static Int128 NegativeOne { get; }
        public extern static Int128 Abs(Int128 value);
        public extern static Int128 Log2(Int128 value);
        public extern static Int128 PopCount(Int128 value);
        public extern static Int128 LeadingZeroCount(Int128 value);
        public extern static Int128 TrailingZeroCount(Int128 value);
        public extern static Int128 Max(Int128 x, Int128 y);
        public extern static Int128 Min(Int128 x, Int128 y);
        public extern static Int128 MaxMagnitude(Int128 x, Int128 y);
        public extern static Int128 MinMagnitude(Int128 x, Int128 y);
        public extern static Int128 Clamp(Int128 value, Int128 min, Int128 max);
        public extern static int Sign(Int128 value);
        public extern static (Int128 Quotient, Int128 Remainder) DivRem(Int128 left, Int128 right);
        public extern static Int128 RotateLeft(Int128 value, int rotateAmount);
        public extern static Int128 RotateRight(Int128 value, int rotateAmount);
        public extern static bool IsEvenInteger(Int128 value);
        public extern static bool IsOddInteger(Int128 value);
        public extern static bool IsNegative(Int128 value);
        public extern static bool IsPositive(Int128 value);
        public extern static bool IsPow2(Int128 value);
        public extern static Int128 CreateChecked<TOther>(TOther value);
        public extern static Int128 CreateSaturating<TOther>(TOther value);
        public extern static Int128 CreateTruncating<TOther>(TOther value);
        public extern static int Compare(Int128 left, Int128 right);
        public extern static Int128 Parse(string s);
        public extern static Int128 Parse(string s, System.Globalization.NumberStyles style);
        public extern static Int128 Parse(string s, IFormatProvider provider);
        public extern static Int128 Parse(string s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static bool TryParse(string s, out Int128 result);
        public extern static bool TryParse(string s, IFormatProvider provider, out Int128 result);
        public extern static bool TryParse(string s, System.Globalization.NumberStyles style, IFormatProvider provider, out Int128 result);
        public extern int CompareTo(object value);
        public extern int CompareTo(Int128 value);
        public extern bool Equals(Int128 other);
        public extern override bool Equals(object obj);
        public extern override int GetHashCode();
        public extern override string ToString();
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern static Int128 operator +(Int128 left, Int128 right);
        public extern static Int128 operator checked +(Int128 left, Int128 right);
        public extern static Int128 operator -(Int128 left, Int128 right);
        public extern static Int128 operator checked -(Int128 left, Int128 right);
        public extern static Int128 operator *(Int128 left, Int128 right);
        public extern static Int128 operator checked *(Int128 left, Int128 right);
        public extern static Int128 operator /(Int128 left, Int128 right);
        public extern static Int128 operator checked /(Int128 left, Int128 right);
        public extern static Int128 operator %(Int128 left, Int128 right);
        public extern static Int128 operator &(Int128 left, Int128 right);
        public extern static Int128 operator |(Int128 left, Int128 right);
        public extern static Int128 operator ^(Int128 left, Int128 right);
        public extern static Int128 operator <<(Int128 value, int shiftAmount);
        public extern static Int128 operator >>(Int128 value, int shiftAmount);
        public extern static Int128 operator >>>(Int128 value, int shiftAmount);
        public extern static Int128 operator ~(Int128 value);
        public extern static Int128 operator +(Int128 value);
        public extern static Int128 operator -(Int128 value);
        public extern static Int128 operator checked -(Int128 value);
        public extern static Int128 operator ++(Int128 value);
        public extern static Int128 operator checked ++(Int128 value);
        public extern static Int128 operator --(Int128 value);
        public extern static Int128 operator checked --(Int128 value);
        public extern static bool operator ==(Int128 left, Int128 right);
        public extern static bool operator !=(Int128 left, Int128 right);
        public extern static bool operator <(Int128 left, Int128 right);
        public extern static bool operator >(Int128 left, Int128 right);
        public extern static bool operator <=(Int128 left, Int128 right);
        public extern static bool operator >=(Int128 left, Int128 right);
        public extern static implicit operator Int128(sbyte value);
        public extern static implicit operator Int128(byte value);
        public extern static implicit operator Int128(short value);
        public extern static implicit operator Int128(ushort value);
        public extern static implicit operator Int128(char value);
        public extern static implicit operator Int128(int value);
        public extern static implicit operator Int128(uint value);
        public extern static implicit operator Int128(long value);
        public extern static implicit operator Int128(ulong value);
        public extern static explicit operator Int128(float value);
        public extern static explicit operator checked Int128(float value);
        public extern static explicit operator Int128(double value);
        public extern static explicit operator checked Int128(double value);
        public extern static explicit operator Int128(decimal value);
        public extern static explicit operator checked Int128(decimal value);
        public extern static explicit operator Int128(UInt128 value);
        public extern static explicit operator checked Int128(UInt128 value);
        public extern static explicit operator byte(Int128 value);
        public extern static explicit operator checked byte(Int128 value);
        public extern static explicit operator sbyte(Int128 value);
        public extern static explicit operator checked sbyte(Int128 value);
        public extern static explicit operator short(Int128 value);
        public extern static explicit operator checked short(Int128 value);
        public extern static explicit operator ushort(Int128 value);
        public extern static explicit operator checked ushort(Int128 value);
        public extern static explicit operator char(Int128 value);
        public extern static explicit operator checked char(Int128 value);
        public extern static explicit operator int(Int128 value);
        public extern static explicit operator checked int(Int128 value);
        public extern static explicit operator uint(Int128 value);
        public extern static explicit operator checked uint(Int128 value);
        public extern static explicit operator long(Int128 value);
        public extern static explicit operator checked long(Int128 value);
        public extern static explicit operator ulong(Int128 value);
        public extern static explicit operator checked ulong(Int128 value);
        public extern static explicit operator float(Int128 value);
        public extern static explicit operator double(Int128 value);
        public extern static explicit operator decimal(Int128 value);
    }

    // UInt128 is a 128-bit integer (vm/lib/int128.go). Its conversion
    // operators share one native per name, which receives the target
    // type as a hidden argument.
    [Struct] public sealed class UInt128 : IComparable, IComparable<UInt128>, IEquatable<UInt128>, IFormattable
    {
        public extern UInt128(ulong upper, ulong lower);
        public static UInt128 MinValue { get; }
        public static UInt128 MaxValue { get; }
        public static UInt128 Zero { get; }
        public static UInt128 One { get; }
        public static UInt128 AllBitsSet { get; }
        public extern static UInt128 Log2(UInt128 value);
        public extern static UInt128 PopCount(UInt128 value);
        public extern static UInt128 LeadingZeroCount(UInt128 value);
        public extern static UInt128 TrailingZeroCount(UInt128 value);
        public extern static UInt128 Max(UInt128 x, UInt128 y);
        public extern static UInt128 Min(UInt128 x, UInt128 y);
        public extern static UInt128 MaxMagnitude(UInt128 x, UInt128 y);
        public extern static UInt128 MinMagnitude(UInt128 x, UInt128 y);
        public extern static UInt128 Clamp(UInt128 value, UInt128 min, UInt128 max);
        public extern static int Sign(UInt128 value);
        public extern static (UInt128 Quotient, UInt128 Remainder) DivRem(UInt128 left, UInt128 right);
        public extern static UInt128 RotateLeft(UInt128 value, int rotateAmount);
        public extern static UInt128 RotateRight(UInt128 value, int rotateAmount);
        public extern static bool IsEvenInteger(UInt128 value);
        public extern static bool IsOddInteger(UInt128 value);
        public extern static bool IsNegative(UInt128 value);
        public extern static bool IsPositive(UInt128 value);
        public extern static bool IsPow2(UInt128 value);
        public extern static UInt128 CreateChecked<TOther>(TOther value);
        public extern static UInt128 CreateSaturating<TOther>(TOther value);
        public extern static UInt128 CreateTruncating<TOther>(TOther value);
        public extern static int Compare(UInt128 left, UInt128 right);
        public extern static UInt128 Parse(string s);
        public extern static UInt128 Parse(string s, System.Globalization.NumberStyles style);
        public extern static UInt128 Parse(string s, IFormatProvider provider);
        public extern static UInt128 Parse(string s, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static bool TryParse(string s, out UInt128 result);
        public extern static bool TryParse(string s, IFormatProvider provider, out UInt128 result);
        public extern static bool TryParse(string s, System.Globalization.NumberStyles style, IFormatProvider provider, out UInt128 result);
        public extern int CompareTo(object value);
        public extern int CompareTo(UInt128 value);
        public extern bool Equals(UInt128 other);
        public extern override bool Equals(object obj);
        public extern override int GetHashCode();
        public extern override string ToString();
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern static UInt128 operator +(UInt128 left, UInt128 right);
        public extern static UInt128 operator checked +(UInt128 left, UInt128 right);
        public extern static UInt128 operator -(UInt128 left, UInt128 right);
        public extern static UInt128 operator checked -(UInt128 left, UInt128 right);
        public extern static UInt128 operator *(UInt128 left, UInt128 right);
        public extern static UInt128 operator checked *(UInt128 left, UInt128 right);
        public extern static UInt128 operator /(UInt128 left, UInt128 right);
        public extern static UInt128 operator checked /(UInt128 left, UInt128 right);
        public extern static UInt128 operator %(UInt128 left, UInt128 right);
        public extern static UInt128 operator &(UInt128 left, UInt128 right);
        public extern static UInt128 operator |(UInt128 left, UInt128 right);
        public extern static UInt128 operator ^(UInt128 left, UInt128 right);
        public extern static UInt128 operator <<(UInt128 value, int shiftAmount);
        public extern static UInt128 operator >>(UInt128 value, int shiftAmount);
        public extern static UInt128 operator >>>(UInt128 value, int shiftAmount);
        public extern static UInt128 operator ~(UInt128 value);
        public extern static UInt128 operator +(UInt128 value);
        public extern static UInt128 operator -(UInt128 value);
        public extern static UInt128 operator checked -(UInt128 value);
        public extern static UInt128 operator ++(UInt128 value);
        public extern static UInt128 operator checked ++(UInt128 value);
        public extern static UInt128 operator --(UInt128 value);
        public extern static UInt128 operator checked --(UInt128 value);
        public extern static bool operator ==(UInt128 left, UInt128 right);
        public extern static bool operator !=(UInt128 left, UInt128 right);
        public extern static bool operator <(UInt128 left, UInt128 right);
        public extern static bool operator >(UInt128 left, UInt128 right);
        public extern static bool operator <=(UInt128 left, UInt128 right);
        public extern static bool operator >=(UInt128 left, UInt128 right);
        public extern static implicit operator UInt128(byte value);
        public extern static implicit operator UInt128(ushort value);
        public extern static implicit operator UInt128(char value);
        public extern static implicit operator UInt128(uint value);
        public extern static implicit operator UInt128(ulong value);
        public extern static explicit operator UInt128(sbyte value);
        public extern static explicit operator checked UInt128(sbyte value);
        public extern static explicit operator UInt128(short value);
        public extern static explicit operator checked UInt128(short value);
        public extern static explicit operator UInt128(int value);
        public extern static explicit operator checked UInt128(int value);
        public extern static explicit operator UInt128(long value);
        public extern static explicit operator checked UInt128(long value);
        public extern static explicit operator UInt128(float value);
        public extern static explicit operator checked UInt128(float value);
        public extern static explicit operator UInt128(double value);
        public extern static explicit operator checked UInt128(double value);
        public extern static explicit operator UInt128(decimal value);
        public extern static explicit operator checked UInt128(decimal value);
        public extern static explicit operator UInt128(Int128 value);
        public extern static explicit operator checked UInt128(Int128 value);
        public extern static explicit operator byte(UInt128 value);
        public extern static explicit operator checked byte(UInt128 value);
        public extern static explicit operator sbyte(UInt128 value);
        public extern static explicit operator checked sbyte(UInt128 value);
        public extern static explicit operator short(UInt128 value);
        public extern static explicit operator checked short(UInt128 value);
        public extern static explicit operator ushort(UInt128 value);
        public extern static explicit operator checked ushort(UInt128 value);
        public extern static explicit operator char(UInt128 value);
        public extern static explicit operator checked char(UInt128 value);
        public extern static explicit operator int(UInt128 value);
        public extern static explicit operator checked int(UInt128 value);
        public extern static explicit operator uint(UInt128 value);
        public extern static explicit operator checked uint(UInt128 value);
        public extern static explicit operator long(UInt128 value);
        public extern static explicit operator checked long(UInt128 value);
        public extern static explicit operator ulong(UInt128 value);
        public extern static explicit operator checked ulong(UInt128 value);
        public extern static explicit operator float(UInt128 value);
        public extern static explicit operator double(UInt128 value);
        public extern static explicit operator decimal(UInt128 value);
    }
}

namespace System.Numerics
{
    // BigInteger is an arbitrary-precision integer (vm/lib/bigint.go). Its
    // conversion operators share one native per name, which receives the
    // target type as a hidden argument.
    [Struct] public sealed class BigInteger : IComparable, IComparable<BigInteger>, IEquatable<BigInteger>, IFormattable
    {
        public extern BigInteger();
        public extern BigInteger(int value);
        public extern BigInteger(uint value);
        public extern BigInteger(long value);
        public extern BigInteger(ulong value);
        public extern BigInteger(float value);
        public extern BigInteger(double value);
        public extern BigInteger(decimal value);
        public extern BigInteger(byte[] value);
        public static BigInteger Zero { get; }
        public static BigInteger One { get; }
        public static BigInteger MinusOne { get; }
        public bool IsZero { get; }
        public bool IsOne { get; }
        public bool IsEven { get; }
        public bool IsPowerOfTwo { get; }
        public int Sign { get; }
        public extern static BigInteger Abs(BigInteger value);
        public extern static BigInteger Add(BigInteger left, BigInteger right);
        public extern static BigInteger Subtract(BigInteger left, BigInteger right);
        public extern static BigInteger Multiply(BigInteger left, BigInteger right);
        public extern static BigInteger Divide(BigInteger dividend, BigInteger divisor);
        public extern static BigInteger Remainder(BigInteger dividend, BigInteger divisor);
        public extern static BigInteger DivRem(BigInteger dividend, BigInteger divisor, out BigInteger remainder);
        public extern static (BigInteger Quotient, BigInteger Remainder) DivRem(BigInteger left, BigInteger right);
        public extern static BigInteger Negate(BigInteger value);
        public extern static BigInteger Pow(BigInteger value, int exponent);
        public extern static BigInteger ModPow(BigInteger value, BigInteger exponent, BigInteger modulus);
        public extern static BigInteger GreatestCommonDivisor(BigInteger left, BigInteger right);
        public extern static BigInteger Max(BigInteger left, BigInteger right);
        public extern static BigInteger Min(BigInteger left, BigInteger right);
        public extern static BigInteger Clamp(BigInteger value, BigInteger min, BigInteger max);
        public extern static int Compare(BigInteger left, BigInteger right);
        public extern static double Log(BigInteger value);
        public extern static double Log(BigInteger value, double baseValue);
        public extern static double Log10(BigInteger value);
        public extern static BigInteger Log2(BigInteger value);
        public extern static bool IsEvenInteger(BigInteger value);
        public extern static bool IsOddInteger(BigInteger value);
        public extern static bool IsNegative(BigInteger value);
        public extern static bool IsPositive(BigInteger value);
        public extern static bool IsPow2(BigInteger value);
        public extern static BigInteger PopCount(BigInteger value);
        public extern static BigInteger TrailingZeroCount(BigInteger value);
        public extern static BigInteger Parse(string value);
        public extern static BigInteger Parse(string value, System.Globalization.NumberStyles style);
        public extern static BigInteger Parse(string value, IFormatProvider provider);
        public extern static BigInteger Parse(string value, System.Globalization.NumberStyles style, IFormatProvider provider);
        public extern static bool TryParse(string value, out BigInteger result);
        public extern static bool TryParse(string value, IFormatProvider provider, out BigInteger result);
        public extern static bool TryParse(string value, System.Globalization.NumberStyles style, IFormatProvider provider, out BigInteger result);
        public extern int CompareTo(object obj);
        public extern int CompareTo(BigInteger other);
        public extern int CompareTo(long other);
        public extern int CompareTo(ulong other);
        public extern bool Equals(BigInteger other);
        public extern bool Equals(long other);
        public extern bool Equals(ulong other);
        public extern override bool Equals(object obj);
        public extern override int GetHashCode();
        public extern override string ToString();
        public extern string ToString(string format);
        public extern string ToString(IFormatProvider provider);
        public extern string ToString(string format, IFormatProvider provider);
        public extern byte[] ToByteArray();
        public extern byte[] ToByteArray(bool isUnsigned = false, bool isBigEndian = false);
        public extern int GetByteCount(bool isUnsigned = false);
        public extern long GetBitLength();
        public extern static BigInteger operator +(BigInteger left, BigInteger right);
        public extern static BigInteger operator -(BigInteger left, BigInteger right);
        public extern static BigInteger operator *(BigInteger left, BigInteger right);
        public extern static BigInteger operator /(BigInteger dividend, BigInteger divisor);
        public extern static BigInteger operator %(BigInteger dividend, BigInteger divisor);
        public extern static BigInteger operator &(BigInteger left, BigInteger right);
        public extern static BigInteger operator |(BigInteger left, BigInteger right);
        public extern static BigInteger operator ^(BigInteger left, BigInteger right);
        public extern static BigInteger operator <<(BigInteger value, int shift);
        public extern static BigInteger operator >>(BigInteger value, int shift);
        public extern static BigInteger operator >>>(BigInteger value, int shiftAmount);
        public extern static BigInteger operator ~(BigInteger value);
        public extern static BigInteger operator -(BigInteger value);
        public extern static BigInteger operator +(BigInteger value);
        public extern static BigInteger operator ++(BigInteger value);
        public extern static BigInteger operator --(BigInteger value);
        public extern static bool operator ==(BigInteger left, BigInteger right);
        public extern static bool operator !=(BigInteger left, BigInteger right);
        public extern static bool operator <(BigInteger left, BigInteger right);
        public extern static bool operator >(BigInteger left, BigInteger right);
        public extern static bool operator <=(BigInteger left, BigInteger right);
        public extern static bool operator >=(BigInteger left, BigInteger right);
        public extern static bool operator ==(BigInteger left, long right);
        public extern static bool operator !=(BigInteger left, long right);
        public extern static bool operator <(BigInteger left, long right);
        public extern static bool operator >(BigInteger left, long right);
        public extern static bool operator <=(BigInteger left, long right);
        public extern static bool operator >=(BigInteger left, long right);
        public extern static bool operator ==(long left, BigInteger right);
        public extern static bool operator !=(long left, BigInteger right);
        public extern static bool operator <(long left, BigInteger right);
        public extern static bool operator >(long left, BigInteger right);
        public extern static bool operator <=(long left, BigInteger right);
        public extern static bool operator >=(long left, BigInteger right);
        public extern static bool operator ==(BigInteger left, ulong right);
        public extern static bool operator !=(BigInteger left, ulong right);
        public extern static bool operator <(BigInteger left, ulong right);
        public extern static bool operator >(BigInteger left, ulong right);
        public extern static bool operator <=(BigInteger left, ulong right);
        public extern static bool operator >=(BigInteger left, ulong right);
        public extern static bool operator ==(ulong left, BigInteger right);
        public extern static bool operator !=(ulong left, BigInteger right);
        public extern static bool operator <(ulong left, BigInteger right);
        public extern static bool operator >(ulong left, BigInteger right);
        public extern static bool operator <=(ulong left, BigInteger right);
        public extern static bool operator >=(ulong left, BigInteger right);
        public extern static implicit operator BigInteger(byte value);
        public extern static implicit operator BigInteger(sbyte value);
        public extern static implicit operator BigInteger(short value);
        public extern static implicit operator BigInteger(ushort value);
        public extern static implicit operator BigInteger(char value);
        public extern static implicit operator BigInteger(int value);
        public extern static implicit operator BigInteger(uint value);
        public extern static implicit operator BigInteger(long value);
        public extern static implicit operator BigInteger(ulong value);
        public extern static implicit operator BigInteger(Int128 value);
        public extern static implicit operator BigInteger(UInt128 value);
        public extern static explicit operator BigInteger(float value);
        public extern static explicit operator BigInteger(double value);
        public extern static explicit operator BigInteger(decimal value);
        public extern static explicit operator byte(BigInteger value);
        public extern static explicit operator sbyte(BigInteger value);
        public extern static explicit operator short(BigInteger value);
        public extern static explicit operator ushort(BigInteger value);
        public extern static explicit operator char(BigInteger value);
        public extern static explicit operator int(BigInteger value);
        public extern static explicit operator uint(BigInteger value);
        public extern static explicit operator long(BigInteger value);
        public extern static explicit operator ulong(BigInteger value);
        public extern static explicit operator float(BigInteger value);
        public extern static explicit operator double(BigInteger value);
        public extern static explicit operator decimal(BigInteger value);
        public extern static explicit operator Int128(BigInteger value);
        public extern static explicit operator UInt128(BigInteger value);
    }

    public static class BitOperations
    {
        public extern static bool IsPow2(int value);
        public extern static bool IsPow2(uint value);
        public extern static bool IsPow2(long value);
        public extern static bool IsPow2(ulong value);
        public extern static int LeadingZeroCount(uint value);
        public extern static int LeadingZeroCount(ulong value);
        public extern static int Log2(uint value);
        public extern static int Log2(ulong value);
        public extern static int PopCount(uint value);
        public extern static int PopCount(ulong value);
        public extern static uint RotateLeft(uint value, int offset);
        public extern static ulong RotateLeft(ulong value, int offset);
        public extern static uint RotateRight(uint value, int offset);
        public extern static ulong RotateRight(ulong value, int offset);
        public extern static uint RoundUpToPowerOf2(uint value);
        public extern static ulong RoundUpToPowerOf2(ulong value);
        public extern static int TrailingZeroCount(int value);
        public extern static int TrailingZeroCount(uint value);
        public extern static int TrailingZeroCount(long value);
        public extern static int TrailingZeroCount(ulong value);
    }
}

// System.IO's files, directories, paths and streams (vm/lib/files.go,
// streams.go): through the machine's file system, the host's or, in a
// sandbox, one in memory.
namespace System.IO
{
    public enum SearchOption { TopDirectoryOnly = 0, AllDirectories = 1 }
    public enum FileMode { CreateNew = 1, Create = 2, Open = 3, OpenOrCreate = 4, Truncate = 5, Append = 6 }
    [Flags] public enum FileAccess { Read = 1, Write = 2, ReadWrite = 3 }
    [Flags] public enum FileShare { None = 0, Read = 1, Write = 2, ReadWrite = 3, Delete = 4, Inheritable = 16 }
    public enum SeekOrigin { Begin = 0, Current = 1, End = 2 }

    public static class File
    {
        public extern static bool Exists(string path);
        public extern static string ReadAllText(string path);
        public extern static string ReadAllText(string path, System.Text.Encoding encoding);
        public extern static string[] ReadAllLines(string path);
        public extern static string[] ReadAllLines(string path, System.Text.Encoding encoding);
        public extern static System.Collections.Generic.IEnumerable<string> ReadLines(string path);
        public extern static System.Collections.Generic.IEnumerable<string> ReadLines(string path, System.Text.Encoding encoding);
        public extern static byte[] ReadAllBytes(string path);
        public extern static void WriteAllText(string path, string contents);
        public extern static void WriteAllText(string path, string contents, System.Text.Encoding encoding);
        public extern static void AppendAllText(string path, string contents);
        public extern static void AppendAllText(string path, string contents, System.Text.Encoding encoding);
        public extern static void WriteAllLines(string path, System.Collections.Generic.IEnumerable<string> contents);
        public extern static void WriteAllLines(string path, System.Collections.Generic.IEnumerable<string> contents, System.Text.Encoding encoding);
        public extern static void AppendAllLines(string path, System.Collections.Generic.IEnumerable<string> contents);
        public extern static void AppendAllLines(string path, System.Collections.Generic.IEnumerable<string> contents, System.Text.Encoding encoding);
        public extern static void WriteAllBytes(string path, byte[] bytes);
        public extern static System.Threading.Tasks.Task<string> ReadAllTextAsync(string path);
        public extern static System.Threading.Tasks.Task<string> ReadAllTextAsync(string path, System.Threading.CancellationToken cancellationToken);
        public extern static System.Threading.Tasks.Task<string> ReadAllTextAsync(string path, System.Text.Encoding encoding, System.Threading.CancellationToken cancellationToken);
        public extern static System.Threading.Tasks.Task<string[]> ReadAllLinesAsync(string path);
        public extern static System.Threading.Tasks.Task<string[]> ReadAllLinesAsync(string path, System.Threading.CancellationToken cancellationToken);
        public extern static System.Threading.Tasks.Task<string[]> ReadAllLinesAsync(string path, System.Text.Encoding encoding, System.Threading.CancellationToken cancellationToken);
        public extern static System.Threading.Tasks.Task<byte[]> ReadAllBytesAsync(string path);
        public extern static System.Threading.Tasks.Task<byte[]> ReadAllBytesAsync(string path, System.Threading.CancellationToken cancellationToken);
        public extern static System.Threading.Tasks.Task WriteAllTextAsync(string path, string contents);
        public extern static System.Threading.Tasks.Task WriteAllTextAsync(string path, string contents, System.Threading.CancellationToken cancellationToken);
        public extern static System.Threading.Tasks.Task WriteAllTextAsync(string path, string contents, System.Text.Encoding encoding, System.Threading.CancellationToken cancellationToken);
        public extern static System.Threading.Tasks.Task AppendAllTextAsync(string path, string contents);
        public extern static System.Threading.Tasks.Task AppendAllTextAsync(string path, string contents, System.Threading.CancellationToken cancellationToken);
        public extern static System.Threading.Tasks.Task AppendAllTextAsync(string path, string contents, System.Text.Encoding encoding, System.Threading.CancellationToken cancellationToken);
        public extern static System.Threading.Tasks.Task WriteAllLinesAsync(string path, System.Collections.Generic.IEnumerable<string> contents);
        public extern static System.Threading.Tasks.Task WriteAllLinesAsync(string path, System.Collections.Generic.IEnumerable<string> contents, System.Threading.CancellationToken cancellationToken);
        public extern static System.Threading.Tasks.Task WriteAllLinesAsync(string path, System.Collections.Generic.IEnumerable<string> contents, System.Text.Encoding encoding, System.Threading.CancellationToken cancellationToken);
        public extern static System.Threading.Tasks.Task AppendAllLinesAsync(string path, System.Collections.Generic.IEnumerable<string> contents);
        public extern static System.Threading.Tasks.Task AppendAllLinesAsync(string path, System.Collections.Generic.IEnumerable<string> contents, System.Threading.CancellationToken cancellationToken);
        public extern static System.Threading.Tasks.Task AppendAllLinesAsync(string path, System.Collections.Generic.IEnumerable<string> contents, System.Text.Encoding encoding, System.Threading.CancellationToken cancellationToken);
        public extern static System.Threading.Tasks.Task WriteAllBytesAsync(string path, byte[] bytes);
        public extern static System.Threading.Tasks.Task WriteAllBytesAsync(string path, byte[] bytes, System.Threading.CancellationToken cancellationToken);
        public extern static void Delete(string path);
        public extern static FileStream OpenRead(string path);
        public extern static FileStream OpenWrite(string path);
        public extern static FileStream Create(string path);
        public extern static FileStream Create(string path, int bufferSize);
        public extern static FileStream Open(string path, FileMode mode);
        public extern static FileStream Open(string path, FileMode mode, FileAccess access);
        public extern static FileStream Open(string path, FileMode mode, FileAccess access, FileShare share);
        public extern static StreamReader OpenText(string path);
        public extern static StreamWriter CreateText(string path);
        public extern static StreamWriter AppendText(string path);
        public extern static void Copy(string sourceFileName, string destFileName);
        public extern static void Copy(string sourceFileName, string destFileName, bool overwrite);
        public extern static void Move(string sourceFileName, string destFileName);
        public extern static void Move(string sourceFileName, string destFileName, bool overwrite);
    }

    public static class Directory
    {
        public extern static bool Exists(string path);
        public extern static DirectoryInfo CreateDirectory(string path);
        public extern static void Delete(string path);
        public extern static void Delete(string path, bool recursive);
        public extern static void Move(string sourceDirName, string destDirName);
        public extern static string GetCurrentDirectory();
        public extern static DirectoryInfo GetParent(string path);
        public extern static string[] GetFiles(string path);
        public extern static string[] GetFiles(string path, string searchPattern);
        public extern static string[] GetFiles(string path, string searchPattern, SearchOption searchOption);
        public extern static string[] GetDirectories(string path);
        public extern static string[] GetDirectories(string path, string searchPattern);
        public extern static string[] GetDirectories(string path, string searchPattern, SearchOption searchOption);
        public extern static string[] GetFileSystemEntries(string path);
        public extern static string[] GetFileSystemEntries(string path, string searchPattern);
        public extern static string[] GetFileSystemEntries(string path, string searchPattern, SearchOption searchOption);
        public extern static System.Collections.Generic.IEnumerable<string> EnumerateFiles(string path);
        public extern static System.Collections.Generic.IEnumerable<string> EnumerateFiles(string path, string searchPattern);
        public extern static System.Collections.Generic.IEnumerable<string> EnumerateFiles(string path, string searchPattern, SearchOption searchOption);
        public extern static System.Collections.Generic.IEnumerable<string> EnumerateDirectories(string path);
        public extern static System.Collections.Generic.IEnumerable<string> EnumerateDirectories(string path, string searchPattern);
        public extern static System.Collections.Generic.IEnumerable<string> EnumerateDirectories(string path, string searchPattern, SearchOption searchOption);
        public extern static System.Collections.Generic.IEnumerable<string> EnumerateFileSystemEntries(string path);
        public extern static System.Collections.Generic.IEnumerable<string> EnumerateFileSystemEntries(string path, string searchPattern);
        public extern static System.Collections.Generic.IEnumerable<string> EnumerateFileSystemEntries(string path, string searchPattern, SearchOption searchOption);
    }

    public abstract class FileSystemInfo
    {
        public virtual string FullName { get; }
        public abstract string Name { get; }
        public string Extension { get; }
        public abstract bool Exists { get; }
        public DateTime LastWriteTime { get; }
        public DateTime CreationTime { get; }
        public DateTime LastAccessTime { get; }
        public extern void Refresh();
        public extern override string ToString();
    }

    public sealed class FileInfo : FileSystemInfo
    {
        public extern FileInfo(string fileName);
        public override string Name { get; }
        public override bool Exists { get; }
        public long Length { get; }
        public string DirectoryName { get; }
        public DirectoryInfo Directory { get; }
        public extern void Delete();
        public extern FileInfo CopyTo(string destFileName);
        public extern FileInfo CopyTo(string destFileName, bool overwrite);
        public extern void MoveTo(string destFileName);
        public extern void MoveTo(string destFileName, bool overwrite);
        public extern FileStream OpenRead();
        public extern FileStream OpenWrite();
        public extern FileStream Create();
        public extern StreamReader OpenText();
        public extern StreamWriter CreateText();
        public extern StreamWriter AppendText();
    }

    public sealed class DirectoryInfo : FileSystemInfo
    {
        public extern DirectoryInfo(string path);
        public override string Name { get; }
        public override bool Exists { get; }
        public DirectoryInfo Parent { get; }
        public extern void Create();
        public extern DirectoryInfo CreateSubdirectory(string path);
        public extern void Delete();
        public extern void Delete(bool recursive);
        public extern FileInfo[] GetFiles();
        public extern FileInfo[] GetFiles(string searchPattern);
        public extern FileInfo[] GetFiles(string searchPattern, SearchOption searchOption);
        public extern System.Collections.Generic.IEnumerable<FileInfo> EnumerateFiles();
        public extern System.Collections.Generic.IEnumerable<FileInfo> EnumerateFiles(string searchPattern);
        public extern System.Collections.Generic.IEnumerable<FileInfo> EnumerateFiles(string searchPattern, SearchOption searchOption);
        public extern DirectoryInfo[] GetDirectories();
        public extern DirectoryInfo[] GetDirectories(string searchPattern);
        public extern DirectoryInfo[] GetDirectories(string searchPattern, SearchOption searchOption);
        public extern System.Collections.Generic.IEnumerable<DirectoryInfo> EnumerateDirectories();
        public extern System.Collections.Generic.IEnumerable<DirectoryInfo> EnumerateDirectories(string searchPattern);
        public extern System.Collections.Generic.IEnumerable<DirectoryInfo> EnumerateDirectories(string searchPattern, SearchOption searchOption);
        public extern FileSystemInfo[] GetFileSystemInfos();
        public extern FileSystemInfo[] GetFileSystemInfos(string searchPattern);
        public extern FileSystemInfo[] GetFileSystemInfos(string searchPattern, SearchOption searchOption);
        public extern System.Collections.Generic.IEnumerable<FileSystemInfo> EnumerateFileSystemInfos();
        public extern System.Collections.Generic.IEnumerable<FileSystemInfo> EnumerateFileSystemInfos(string searchPattern);
        public extern System.Collections.Generic.IEnumerable<FileSystemInfo> EnumerateFileSystemInfos(string searchPattern, SearchOption searchOption);
    }

    public static class Path
    {
        public static char DirectorySeparatorChar { get; }
        public static char AltDirectorySeparatorChar { get; }
        public static char VolumeSeparatorChar { get; }
        public static char PathSeparator { get; }
        public extern static string GetFileName(string path);
        public extern static string GetFileNameWithoutExtension(string path);
        public extern static string GetExtension(string path);
        public extern static bool HasExtension(string path);
        public extern static string GetDirectoryName(string path);
        public extern static string ChangeExtension(string path, string extension);
        public extern static bool IsPathRooted(string path);
        public extern static bool IsPathFullyQualified(string path);
        public extern static string Combine(string path1, string path2);
        public extern static string Combine(string path1, string path2, string path3);
        public extern static string Combine(string path1, string path2, string path3, string path4);
        public extern static string Combine(params string[] paths);
        public extern static string Join(string path1, string path2);
        public extern static string Join(string path1, string path2, string path3);
        public extern static string Join(string path1, string path2, string path3, string path4);
        public extern static string Join(params string[] paths);
        public extern static string GetFullPath(string path);
        public extern static string GetFullPath(string path, string basePath);
        public extern static string GetTempPath();
        public extern static string GetTempFileName();
        public extern static string GetRandomFileName();
        public extern static char[] GetInvalidFileNameChars();
        public extern static char[] GetInvalidPathChars();
    }

    public abstract class Stream : IDisposable, IAsyncDisposable
    {
        public virtual bool CanRead { get; }
        public virtual bool CanWrite { get; }
        public virtual bool CanSeek { get; }
        public virtual long Length { get; }
        public virtual long Position { get; set; }
        public extern virtual int Read(byte[] buffer, int offset, int count);
        public extern virtual void Write(byte[] buffer, int offset, int count);
        public extern System.Threading.Tasks.Task<int> ReadAsync(byte[] buffer, int offset, int count);
        public extern virtual System.Threading.Tasks.Task<int> ReadAsync(byte[] buffer, int offset, int count, System.Threading.CancellationToken cancellationToken);
        public extern System.Threading.Tasks.Task WriteAsync(byte[] buffer, int offset, int count);
        public extern virtual System.Threading.Tasks.Task WriteAsync(byte[] buffer, int offset, int count, System.Threading.CancellationToken cancellationToken);
        public extern virtual int ReadByte();
        public extern virtual void WriteByte(byte value);
        public extern virtual long Seek(long offset, SeekOrigin origin);
        public extern virtual void SetLength(long value);
        public extern virtual void Flush();
        public extern System.Threading.Tasks.Task FlushAsync();
        public extern virtual System.Threading.Tasks.Task FlushAsync(System.Threading.CancellationToken cancellationToken);
        public extern void CopyTo(Stream destination);
        public extern virtual void CopyTo(Stream destination, int bufferSize);
        public extern System.Threading.Tasks.Task CopyToAsync(Stream destination);
        public extern System.Threading.Tasks.Task CopyToAsync(Stream destination, System.Threading.CancellationToken cancellationToken);
        public extern virtual System.Threading.Tasks.Task CopyToAsync(Stream destination, int bufferSize, System.Threading.CancellationToken cancellationToken);
        public extern virtual void Close();
        public extern void Dispose();
        public extern virtual System.Threading.Tasks.ValueTask DisposeAsync();
    }

    public class FileStream : Stream
    {
        public extern FileStream(string path, FileMode mode);
        public extern FileStream(string path, FileMode mode, FileAccess access);
        public extern FileStream(string path, FileMode mode, FileAccess access, FileShare share);
        public extern FileStream(string path, FileMode mode, FileAccess access, FileShare share, int bufferSize);
        public extern FileStream(string path, FileMode mode, FileAccess access, FileShare share, int bufferSize, bool useAsync);
        public virtual string Name { get; }
    }

    public class MemoryStream : Stream
    {
        public extern MemoryStream();
        public extern MemoryStream(int capacity);
        public extern MemoryStream(byte[] buffer);
        public extern MemoryStream(byte[] buffer, bool writable);
        public virtual int Capacity { get; set; }
        public extern virtual byte[] ToArray();
        public extern virtual byte[] GetBuffer();
    }

    public class StreamReader : TextReader
    {
        public extern StreamReader(string path);
        public extern StreamReader(string path, System.Text.Encoding encoding);
        public extern StreamReader(Stream stream);
        public extern StreamReader(Stream stream, System.Text.Encoding encoding);
        public extern StreamReader(Stream stream, bool detectEncodingFromByteOrderMarks);
        public extern StreamReader(string path, bool detectEncodingFromByteOrderMarks);
        public extern StreamReader(Stream stream, System.Text.Encoding encoding, bool detectEncodingFromByteOrderMarks, int bufferSize);
        public extern StreamReader(Stream stream, System.Text.Encoding encoding, bool detectEncodingFromByteOrderMarks, int bufferSize, bool leaveOpen);
        public bool EndOfStream { get; }
        public virtual Stream BaseStream { get; }
        public virtual System.Text.Encoding CurrentEncoding { get; }
        public extern string ReadLine();
        public extern string ReadToEnd();
        public extern System.Threading.Tasks.Task<string> ReadLineAsync();
        public extern System.Threading.Tasks.Task<string> ReadLineAsync(System.Threading.CancellationToken cancellationToken);
        public extern System.Threading.Tasks.Task<string> ReadToEndAsync();
        public extern System.Threading.Tasks.Task<string> ReadToEndAsync(System.Threading.CancellationToken cancellationToken);
        public extern int Peek();
        public extern int Read();
        public extern int Read(char[] buffer, int index, int count);
        public extern void Close();
        public extern void Dispose();
        protected extern override void Dispose(bool disposing);
    }

    public class StreamWriter : TextWriter, IAsyncDisposable
    {
        public extern StreamWriter(string path);
        public extern StreamWriter(string path, bool append);
        public extern StreamWriter(string path, bool append, System.Text.Encoding encoding);
        public extern StreamWriter(Stream stream);
        public extern StreamWriter(Stream stream, System.Text.Encoding encoding);
        public extern StreamWriter(Stream stream, System.Text.Encoding encoding, int bufferSize);
        public extern StreamWriter(Stream stream, System.Text.Encoding encoding, int bufferSize, bool leaveOpen);
        public extern StreamWriter(string path, bool append, System.Text.Encoding encoding, int bufferSize);
        public virtual bool AutoFlush { get; set; }
        public virtual Stream BaseStream { get; }
    }
}

namespace System.Reflection
{
    public abstract class MethodInfo
    {
        public string Name { get; }
        public Type DeclaringType { get; }
        public bool IsStatic { get; }
    }
}

namespace System.Text
{
    public sealed class CompositeFormat
    {
        public string Format { get; }
        public int MinimumArgumentCount { get; }
        public extern static CompositeFormat Parse(string format);
    }
}

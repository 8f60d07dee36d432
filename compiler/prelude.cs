// The prelude: library classes written in the language itself, compiled
// with every program. Programs derive from these (Exception, Attribute) and
// the VM creates them for runtime errors. Field order of Exception is fixed:
// the VM reads _message, _innerException and _stackTrace by index.
namespace System
{
    public class Exception
    {
        internal string _message;
        internal Exception _innerException;
        internal object _stackTrace;
        internal object _data;
        internal System.Collections.IDictionary _dict;

        public Exception() { }
        public Exception(string message) { _message = message; }
        public Exception(string message, Exception innerException) { _message = message; _innerException = innerException; }

        public virtual string Message => _message ?? ("Exception of type '" + GetType().FullName + "' was thrown.");
        public Exception InnerException => _innerException;
        public virtual string StackTrace => Internal.VM.StackTrace(this);
        public string Source { get; set; }
        public int HResult { get; set; }

        // Data is made on first use, as .NET's, an insertion-ordered
        // dictionary of DictionaryEntry items.
        public virtual System.Collections.IDictionary Data => _dict ??= new System.Collections.ListDictionaryInternal();

        public virtual Exception GetBaseException()
        {
            Exception e = this;
            while (e._innerException != null) e = e._innerException;
            return e;
        }

        public override string ToString()
        {
            string s = GetType().FullName;
            string m = Message;
            if (m != null && m.Length > 0) s = s + ": " + m;
            if (_innerException != null)
                s = s + Environment.NewLine + " ---> " + _innerException.ToString() + Environment.NewLine + "   --- End of inner exception stack trace ---";
            string st = StackTrace;
            if (st != null && st.Length > 0) s = s + Environment.NewLine + st;
            return s;
        }
    }

    public class SystemException : Exception
    {
        public SystemException() : base("System error.") { }
        public SystemException(string message) : base(message) { }
        public SystemException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class ApplicationException : Exception
    {
        public ApplicationException() : base("Error in the application.") { }
        public ApplicationException(string message) : base(message) { }
        public ApplicationException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class InvalidOperationException : SystemException
    {
        public InvalidOperationException() : base("Operation is not valid due to the current state of the object.") { }
        public InvalidOperationException(string message) : base(message) { }
        public InvalidOperationException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class ObjectDisposedException : InvalidOperationException
    {
        private string _objectName;
        public ObjectDisposedException(string objectName) : base("Cannot access a disposed object.") { _objectName = objectName; }
        public ObjectDisposedException(string objectName, string message) : base(message) { _objectName = objectName; }
        public ObjectDisposedException(string message, Exception innerException) : base(message, innerException) { }
        public string ObjectName => _objectName ?? "";

        // ThrowIf names the object by its type's full name, as .NET's does.
        public static void ThrowIf(bool condition, object instance)
        {
            if (condition) throw new ObjectDisposedException(instance?.GetType().FullName);
        }

        public static void ThrowIf(bool condition, Type type)
        {
            if (condition) throw new ObjectDisposedException(type?.FullName);
        }

        public override string Message
        {
            get
            {
                if (_objectName == null || _objectName.Length == 0) return base.Message;
                return base.Message + Environment.NewLine + "Object name: '" + _objectName + "'.";
            }
        }
    }

    public class ArgumentException : SystemException
    {
        private string _paramName;
        public ArgumentException() : base("Value does not fall within the expected range.") { }
        public ArgumentException(string message) : base(message) { }
        public ArgumentException(string message, Exception innerException) : base(message, innerException) { }
        public ArgumentException(string message, string paramName) : base(message) { _paramName = paramName; }
        public ArgumentException(string message, string paramName, Exception innerException) : base(message, innerException) { _paramName = paramName; }
        public virtual string ParamName => _paramName;
        internal void SetParamName(string p) { _paramName = p; }
        public override string Message
        {
            get
            {
                string m = base.Message;
                if (_paramName != null && _paramName.Length > 0) return m + " (Parameter '" + _paramName + "')";
                return m;
            }
        }
    }

    public class ArgumentNullException : ArgumentException
    {
        public ArgumentNullException() : base("Value cannot be null.") { }
        public ArgumentNullException(string paramName) : base("Value cannot be null.", paramName) { }
        public ArgumentNullException(string paramName, string message) : base(message, paramName) { }
        public ArgumentNullException(string message, Exception innerException) : base(message, innerException) { }
        public static void ThrowIfNull(object argument, string paramName = null)
        {
            if (argument == null) throw new ArgumentNullException(paramName);
        }
    }

    public class ArgumentOutOfRangeException : ArgumentException
    {
        private object _actualValue;
        private bool _hasActual;
        public ArgumentOutOfRangeException() : base("Specified argument was out of the range of valid values.") { }
        public ArgumentOutOfRangeException(string paramName) : base("Specified argument was out of the range of valid values.", paramName) { }
        public ArgumentOutOfRangeException(string paramName, string message) : base(message, paramName) { }
        public ArgumentOutOfRangeException(string message, Exception innerException) : base(message, innerException) { }
        public ArgumentOutOfRangeException(string paramName, object actualValue, string message) : base(message, paramName) { _actualValue = actualValue; _hasActual = true; }
        public object ActualValue => _actualValue;
        public override string Message
        {
            get
            {
                string m = base.Message;
                if (_hasActual) return m + Environment.NewLine + "Actual value was " + _actualValue + ".";
                return m;
            }
        }
    }

    public class ArithmeticException : SystemException
    {
        public ArithmeticException() : base("Overflow or underflow in the arithmetic operation.") { }
        public ArithmeticException(string message) : base(message) { }
        public ArithmeticException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class DivideByZeroException : ArithmeticException
    {
        public DivideByZeroException() : base("Attempted to divide by zero.") { }
        public DivideByZeroException(string message) : base(message) { }
        public DivideByZeroException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class OverflowException : ArithmeticException
    {
        public OverflowException() : base("Arithmetic operation resulted in an overflow.") { }
        public OverflowException(string message) : base(message) { }
        public OverflowException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class NullReferenceException : SystemException
    {
        public NullReferenceException() : base("Object reference not set to an instance of an object.") { }
        public NullReferenceException(string message) : base(message) { }
        public NullReferenceException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class OutOfMemoryException : SystemException
    {
        public OutOfMemoryException() : base("Insufficient memory to continue the execution of the program.") { }
        public OutOfMemoryException(string message) : base(message) { }
        public OutOfMemoryException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class IndexOutOfRangeException : SystemException
    {
        public IndexOutOfRangeException() : base("Index was outside the bounds of the array.") { }
        public IndexOutOfRangeException(string message) : base(message) { }
        public IndexOutOfRangeException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class RankException : SystemException
    {
        public RankException() : base("Attempted to operate on an array with the incorrect number of dimensions.") { }
        public RankException(string message) : base(message) { }
        public RankException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class ArrayTypeMismatchException : SystemException
    {
        public ArrayTypeMismatchException() : base("Attempted to access an element as a type incompatible with the array.") { }
        public ArrayTypeMismatchException(string message) : base(message) { }
        public ArrayTypeMismatchException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class InvalidCastException : SystemException
    {
        public InvalidCastException() : base("Specified cast is not valid.") { }
        public InvalidCastException(string message) : base(message) { }
        public InvalidCastException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class FormatException : SystemException
    {
        public FormatException() : base("One of the identified items was in an invalid format.") { }
        public FormatException(string message) : base(message) { }
        public FormatException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class NotSupportedException : SystemException
    {
        public NotSupportedException() : base("Specified method is not supported.") { }
        public NotSupportedException(string message) : base(message) { }
        public NotSupportedException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class NotImplementedException : SystemException
    {
        public NotImplementedException() : base("The method or operation is not implemented.") { }
        public NotImplementedException(string message) : base(message) { }
        public NotImplementedException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class TimeoutException : SystemException
    {
        public TimeoutException() : base("The operation has timed out.") { }
        public TimeoutException(string message) : base(message) { }
        public TimeoutException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class OperationCanceledException : SystemException
    {
        // The token, or null for CancellationToken.None (the VM sets it on
        // the exceptions it throws for a canceled token).
        private object _token;
        public OperationCanceledException() : base("The operation was canceled.") { }
        public OperationCanceledException(string message) : base(message) { }
        public OperationCanceledException(System.Threading.CancellationToken token) : base("The operation was canceled.") { _token = token; }
        public OperationCanceledException(string message, Exception innerException) : base(message, innerException) { }
        public OperationCanceledException(string message, System.Threading.CancellationToken token) : base(message) { _token = token; }
        public OperationCanceledException(string message, Exception innerException, System.Threading.CancellationToken token) : base(message, innerException) { _token = token; }
        public System.Threading.CancellationToken CancellationToken => _token == null ? System.Threading.CancellationToken.None : (System.Threading.CancellationToken)_token;
    }

    public class MissingMemberException : SystemException
    {
        public MissingMemberException() : base("Attempted to access a missing member.") { }
        public MissingMemberException(string message) : base(message) { }
        public MissingMemberException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class MissingMethodException : MissingMemberException
    {
        public MissingMethodException() : base("Attempted to access a missing method.") { }
        public MissingMethodException(string message) : base(message) { }
        public MissingMethodException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class MemberAccessException : SystemException
    {
        public MemberAccessException() : base("Cannot access member.") { }
        public MemberAccessException(string message) : base(message) { }
        public MemberAccessException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class FieldAccessException : MemberAccessException
    {
        public FieldAccessException() : base("Attempted to access a field that is not accessible by the caller.") { }
        public FieldAccessException(string message) : base(message) { }
        public FieldAccessException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class MethodAccessException : MemberAccessException
    {
        public MethodAccessException() : base("Attempted to access a method that is not accessible by the caller.") { }
        public MethodAccessException(string message) : base(message) { }
        public MethodAccessException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class DataMisalignedException : SystemException
    {
        public DataMisalignedException() : base("A datatype misalignment was detected in a load or store instruction.") { }
        public DataMisalignedException(string message) : base(message) { }
        public DataMisalignedException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class TypeInitializationException : SystemException
    {
        public TypeInitializationException(string message) : base(message) { }
        public TypeInitializationException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class AggregateException : Exception
    {
        // The inner exceptions live in the inherited _data field as an
        // Exception[], which is also how the runtime builds them.
        public AggregateException() : base("One or more errors occurred.") { _data = new Exception[0]; }
        public AggregateException(object arg) : base("One or more errors occurred.")
        {
            if (arg is string m) { _message = m; _data = new Exception[0]; }
            else if (arg is Exception e) SetInner(new Exception[] { e });
            else SetInner(new System.Collections.Generic.List<Exception>((System.Collections.Generic.IEnumerable<Exception>)arg).ToArray());
        }
        public AggregateException(object a, object b) : base("One or more errors occurred.")
        {
            if (a is string m)
            {
                _message = m;
                if (b is Exception e) SetInner(new Exception[] { e });
                else SetInner(new System.Collections.Generic.List<Exception>((System.Collections.Generic.IEnumerable<Exception>)b).ToArray());
            }
            else SetInner(new Exception[] { (Exception)a, (Exception)b });
        }
        public AggregateException(params Exception[] innerExceptions) : base("One or more errors occurred.") { SetInner(innerExceptions); }
        private void SetInner(Exception[] inner)
        {
            _data = inner;
            if (inner.Length > 0) _innerException = inner[0];
        }
        private Exception[] Inner => _data == null ? new Exception[0] : (Exception[])_data;
        public System.Collections.Generic.List<Exception> InnerExceptions => new System.Collections.Generic.List<Exception>(Inner);
        // .NET descends only through aggregates holding exactly one
        // exception: an aggregate of several is its own base exception.
        public override Exception GetBaseException()
        {
            Exception back = this;
            AggregateException agg = this;
            while (agg != null && agg.Inner.Length == 1)
            {
                back = back.InnerException;
                agg = back as AggregateException;
            }
            return back;
        }
        public override string Message
        {
            get
            {
                string m = _message ?? "One or more errors occurred.";
                foreach (var e in Inner) m = m + " (" + e.Message + ")";
                return m;
            }
        }
        public void Handle(Func<Exception, bool> predicate)
        {
            if (predicate == null) throw new ArgumentNullException(nameof(predicate));
            var unhandled = new System.Collections.Generic.List<Exception>();
            foreach (var e in Inner)
            {
                if (!predicate(e)) unhandled.Add(e);
            }
            if (unhandled.Count > 0) throw new AggregateException(_message ?? "One or more errors occurred.", unhandled);
        }
        public AggregateException Flatten()
        {
            var all = new System.Collections.Generic.List<Exception>();
            Collect(this, all);
            return new AggregateException(_message ?? "One or more errors occurred.", all);
        }
        private static void Collect(AggregateException a, System.Collections.Generic.List<Exception> all)
        {
            foreach (var e in a.Inner)
            {
                if (e is AggregateException inner) Collect(inner, all);
                else all.Add(e);
            }
        }
        public override string ToString()
        {
            string s = base.ToString();
            var inner = Inner;
            for (int i = 0; i < inner.Length; i++)
                s = s + Environment.NewLine + " ---> (Inner Exception #" + i + ") " + inner[i].ToString() + "<---" + Environment.NewLine;
            return s;
        }
    }

    public interface IDisposable
    {
        void Dispose();
    }

    public interface IComparable
    {
        int CompareTo(object obj);
    }

    public interface IComparable<T>
    {
        int CompareTo(T other);
    }

    public interface IEquatable<T>
    {
        bool Equals(T other);
    }

    public interface IAsyncDisposable
    {
    }

    // Span<T> is a view of part of an array: the array, the offset of the
    // first element and the length. The VM has no interior pointers, so a
    // stackalloc'd span views a fresh array. Element writes go to the array.
    public readonly ref struct Span<T>
    {
        internal readonly T[] _array;
        internal readonly int _start;
        internal readonly int _length;

        public Span(T[] array)
        {
            _array = array;
            _start = 0;
            _length = array == null ? 0 : array.Length;
        }

        public Span(T[] array, int start, int length)
        {
            if (array == null)
            {
                if (start != 0 || length != 0) throw new ArgumentOutOfRangeException();
            }
            else if ((uint)start > (uint)array.Length || (uint)length > (uint)(array.Length - start)) throw new ArgumentOutOfRangeException();
            _array = array;
            _start = start;
            _length = length;
        }

        public static Span<T> Empty => default(Span<T>);
        public int Length => _length;
        public bool IsEmpty => _length == 0;

        public T this[int index]
        {
            get
            {
                if ((uint)index >= (uint)_length) throw new IndexOutOfRangeException();
                return _array[_start + index];
            }
            set
            {
                if ((uint)index >= (uint)_length) throw new IndexOutOfRangeException();
                _array[_start + index] = value;
            }
        }

        public Span<T> Slice(int start)
        {
            if ((uint)start > (uint)_length) throw new ArgumentOutOfRangeException();
            return new Span<T>(_array, _start + start, _length - start, 0);
        }

        public Span<T> Slice(int start, int length)
        {
            if ((uint)start > (uint)_length || (uint)length > (uint)(_length - start)) throw new ArgumentOutOfRangeException();
            return new Span<T>(_array, _start + start, length, 0);
        }

        // The unchecked constructor of a slice already checked.
        internal Span(T[] array, int start, int length, int unchecked_)
        {
            _array = array;
            _start = start;
            _length = length;
        }

        public T[] ToArray()
        {
            T[] a = new T[_length];
            if (_length > 0) Array.Copy(_array, _start, a, 0, _length);
            return a;
        }

        public void CopyTo(Span<T> destination)
        {
            if ((uint)_length > (uint)destination.Length) throw new ArgumentException("Destination is too short.", "destination");
            if (_length > 0) Array.Copy(_array, _start, destination._array, destination._start, _length);
        }

        public bool TryCopyTo(Span<T> destination)
        {
            if ((uint)_length > (uint)destination.Length) return false;
            if (_length > 0) Array.Copy(_array, _start, destination._array, destination._start, _length);
            return true;
        }

        public void Fill(T value)
        {
            for (int i = 0; i < _length; i++) _array[_start + i] = value;
        }

        public void Clear()
        {
            if (_length > 0) Array.Clear(_array, _start, _length);
        }

        public Enumerator GetEnumerator() => new Enumerator(this);

        public override string ToString() => MemoryExtensions.ViewString("Span", _array, null, _start, _length);

        public static implicit operator Span<T>(T[] array) => new Span<T>(array);
        public static implicit operator ReadOnlySpan<T>(Span<T> span) => new ReadOnlySpan<T>(span._array, null, span._start, span._length);

        // Enumerator is Span<T>.Enumerator; foreach over a span does not use
        // it (it indexes, as Roslyn lowers it), an explicit GetEnumerator does.
        public sealed class Enumerator
        {
            private readonly T[] _array;
            private readonly int _start;
            private readonly int _length;
            private int _index;

            internal Enumerator(Span<T> span)
            {
                _array = span._array;
                _start = span._start;
                _length = span._length;
                _index = -1;
            }

            public bool MoveNext()
            {
                int i = _index + 1;
                if (i < _length)
                {
                    _index = i;
                    return true;
                }
                return false;
            }

            public T Current => _array[_start + _index];
        }
    }

    // ReadOnlySpan<T> views part of an array, or (ReadOnlySpan<char>) of a
    // string: _text is set and _array null.
    public readonly ref struct ReadOnlySpan<T>
    {
        internal readonly T[] _array;
        internal readonly string _text;
        internal readonly int _start;
        internal readonly int _length;

        public ReadOnlySpan(T[] array)
        {
            _array = array;
            _text = null;
            _start = 0;
            _length = array == null ? 0 : array.Length;
        }

        public ReadOnlySpan(T[] array, int start, int length)
        {
            if (array == null)
            {
                if (start != 0 || length != 0) throw new ArgumentOutOfRangeException();
            }
            else if ((uint)start > (uint)array.Length || (uint)length > (uint)(array.Length - start)) throw new ArgumentOutOfRangeException();
            _array = array;
            _text = null;
            _start = start;
            _length = length;
        }

        internal ReadOnlySpan(T[] array, string text, int start, int length)
        {
            _array = array;
            _text = text;
            _start = start;
            _length = length;
        }

        public static ReadOnlySpan<T> Empty => default(ReadOnlySpan<T>);
        public int Length => _length;
        public bool IsEmpty => _length == 0;

        public T this[int index]
        {
            get
            {
                if ((uint)index >= (uint)_length) throw new IndexOutOfRangeException();
                if (_text != null) return (T)(object)_text[_start + index];
                return _array[_start + index];
            }
        }

        public ReadOnlySpan<T> Slice(int start)
        {
            if ((uint)start > (uint)_length) throw new ArgumentOutOfRangeException();
            return new ReadOnlySpan<T>(_array, _text, _start + start, _length - start);
        }

        public ReadOnlySpan<T> Slice(int start, int length)
        {
            if ((uint)start > (uint)_length || (uint)length > (uint)(_length - start)) throw new ArgumentOutOfRangeException();
            return new ReadOnlySpan<T>(_array, _text, _start + start, length);
        }

        public T[] ToArray()
        {
            T[] a = new T[_length];
            if (_text != null)
            {
                for (int i = 0; i < _length; i++) a[i] = (T)(object)_text[_start + i];
            }
            else if (_length > 0) Array.Copy(_array, _start, a, 0, _length);
            return a;
        }

        public void CopyTo(Span<T> destination)
        {
            if (!TryCopyTo(destination)) throw new ArgumentException("Destination is too short.", "destination");
        }

        public bool TryCopyTo(Span<T> destination)
        {
            if ((uint)_length > (uint)destination.Length) return false;
            if (_text != null)
            {
                for (int i = 0; i < _length; i++) destination._array[destination._start + i] = (T)(object)_text[_start + i];
            }
            else if (_length > 0) Array.Copy(_array, _start, destination._array, destination._start, _length);
            return true;
        }

        public Enumerator GetEnumerator() => new Enumerator(this);

        public override string ToString() => MemoryExtensions.ViewString("ReadOnlySpan", _array, _text, _start, _length);

        public static implicit operator ReadOnlySpan<T>(T[] array) => new ReadOnlySpan<T>(array);

        // .NET declares this conversion on String as ReadOnlySpan<char>;
        // a prelude type cannot add an operator to string, so it is here
        // (docs/deviations.md).
        public static implicit operator ReadOnlySpan<T>(string text) => text == null ? default(ReadOnlySpan<T>) : new ReadOnlySpan<T>(null, text, 0, text.Length);

        public sealed class Enumerator
        {
            private readonly T[] _array;
            private readonly string _text;
            private readonly int _start;
            private readonly int _length;
            private int _index;

            internal Enumerator(ReadOnlySpan<T> span)
            {
                _array = span._array;
                _text = span._text;
                _start = span._start;
                _length = span._length;
                _index = -1;
            }

            public bool MoveNext()
            {
                int i = _index + 1;
                if (i < _length)
                {
                    _index = i;
                    return true;
                }
                return false;
            }

            public T Current => _text != null ? (T)(object)_text[_start + _index] : _array[_start + _index];
        }
    }

    // Memory<T> is the heap-storable form of Span<T>: the same view, a plain
    // struct, so it may be a field and may cross an await.
    public readonly struct Memory<T>
    {
        internal readonly T[] _array;
        internal readonly int _start;
        internal readonly int _length;

        public Memory(T[] array)
        {
            _array = array;
            _start = 0;
            _length = array == null ? 0 : array.Length;
        }

        public Memory(T[] array, int start, int length)
        {
            if (array == null)
            {
                if (start != 0 || length != 0) throw new ArgumentOutOfRangeException();
            }
            else if ((uint)start > (uint)array.Length || (uint)length > (uint)(array.Length - start)) throw new ArgumentOutOfRangeException();
            _array = array;
            _start = start;
            _length = length;
        }

        public static Memory<T> Empty => default(Memory<T>);
        public int Length => _length;
        public bool IsEmpty => _length == 0;
        public Span<T> Span => new Span<T>(_array, _start, _length, 0);

        public Memory<T> Slice(int start)
        {
            if ((uint)start > (uint)_length) throw new ArgumentOutOfRangeException();
            return new Memory<T>(_array, _start + start, _length - start);
        }

        public Memory<T> Slice(int start, int length)
        {
            if ((uint)start > (uint)_length || (uint)length > (uint)(_length - start)) throw new ArgumentOutOfRangeException();
            return new Memory<T>(_array, _start + start, length);
        }

        public T[] ToArray() => Span.ToArray();
        public void CopyTo(Memory<T> destination) => Span.CopyTo(destination.Span);
        public bool TryCopyTo(Memory<T> destination) => Span.TryCopyTo(destination.Span);
        public override string ToString() => MemoryExtensions.ViewString("Memory", _array, null, _start, _length);

        public static implicit operator Memory<T>(T[] array) => new Memory<T>(array);
        public static implicit operator ReadOnlyMemory<T>(Memory<T> memory) => new ReadOnlyMemory<T>(memory._array, null, memory._start, memory._length);
    }

    // ReadOnlyMemory<T> is the heap-storable ReadOnlySpan<T>; over a string
    // for ReadOnlyMemory<char> (string.AsMemory()).
    public readonly struct ReadOnlyMemory<T>
    {
        internal readonly T[] _array;
        internal readonly string _text;
        internal readonly int _start;
        internal readonly int _length;

        public ReadOnlyMemory(T[] array) : this(array, null, 0, array == null ? 0 : array.Length) { }

        public ReadOnlyMemory(T[] array, int start, int length)
        {
            if (array == null)
            {
                if (start != 0 || length != 0) throw new ArgumentOutOfRangeException();
            }
            else if ((uint)start > (uint)array.Length || (uint)length > (uint)(array.Length - start)) throw new ArgumentOutOfRangeException();
            _array = array;
            _text = null;
            _start = start;
            _length = length;
        }

        internal ReadOnlyMemory(T[] array, string text, int start, int length)
        {
            _array = array;
            _text = text;
            _start = start;
            _length = length;
        }

        public static ReadOnlyMemory<T> Empty => default(ReadOnlyMemory<T>);
        public int Length => _length;
        public bool IsEmpty => _length == 0;
        public ReadOnlySpan<T> Span => new ReadOnlySpan<T>(_array, _text, _start, _length);

        public ReadOnlyMemory<T> Slice(int start)
        {
            if ((uint)start > (uint)_length) throw new ArgumentOutOfRangeException();
            return new ReadOnlyMemory<T>(_array, _text, _start + start, _length - start);
        }

        public ReadOnlyMemory<T> Slice(int start, int length)
        {
            if ((uint)start > (uint)_length || (uint)length > (uint)(_length - start)) throw new ArgumentOutOfRangeException();
            return new ReadOnlyMemory<T>(_array, _text, _start + start, length);
        }

        public T[] ToArray() => Span.ToArray();
        public override string ToString() => MemoryExtensions.ViewString("ReadOnlyMemory", _array, _text, _start, _length);

        public static implicit operator ReadOnlyMemory<T>(T[] array) => new ReadOnlyMemory<T>(array);
    }

    // MemoryExtensions holds the span members .NET declares as extension
    // methods (System.MemoryExtensions), one overload per span type since
    // a receiver is not converted.
    public static class MemoryExtensions
    {
        // ViewString is ToString of a span or memory: the characters of a
        // char view, else "System.Span<Int32>[3]".
        internal static string ViewString(string kind, object array, string text, int start, int length)
        {
            if (text != null) return text.Substring(start, length);
            if (array is char[] chars) return new string(chars, start, length);
            string elem = "Object";
            if (array != null)
            {
                elem = array.GetType().Name;
                elem = elem.Substring(0, elem.Length - 2);
            }
            return "System." + kind + "<" + elem + ">[" + length + "]";
        }

        public static Span<T> AsSpan<T>(this T[] array) => new Span<T>(array);
        public static Span<T> AsSpan<T>(this T[] array, int start)
        {
            if (array == null)
            {
                if (start != 0) throw new ArgumentOutOfRangeException();
                return default(Span<T>);
            }
            if ((uint)start > (uint)array.Length) throw new ArgumentOutOfRangeException();
            return new Span<T>(array, start, array.Length - start, 0);
        }
        public static Span<T> AsSpan<T>(this T[] array, int start, int length) => new Span<T>(array, start, length);
        public static Span<T> AsSpan<T>(this T[] array, Range range)
        {
            int n = array == null ? 0 : array.Length;
            int s = range.Start.GetOffset(n), e = range.End.GetOffset(n);
            if ((uint)e > (uint)n || (uint)s > (uint)e) throw new ArgumentOutOfRangeException();
            return new Span<T>(array, s, e - s, 0);
        }

        public static ReadOnlySpan<char> AsSpan(this string text) => text == null ? default(ReadOnlySpan<char>) : new ReadOnlySpan<char>(null, text, 0, text.Length);
        public static ReadOnlySpan<char> AsSpan(this string text, int start)
        {
            if (text == null)
            {
                if (start != 0) throw new ArgumentOutOfRangeException("start");
                return default(ReadOnlySpan<char>);
            }
            if ((uint)start > (uint)text.Length) throw new ArgumentOutOfRangeException("start");
            return new ReadOnlySpan<char>(null, text, start, text.Length - start);
        }
        public static ReadOnlySpan<char> AsSpan(this string text, int start, int length)
        {
            if (text == null)
            {
                if (start != 0 || length != 0) throw new ArgumentOutOfRangeException(start != 0 ? "start" : "length");
                return default(ReadOnlySpan<char>);
            }
            if ((uint)start > (uint)text.Length || (uint)length > (uint)(text.Length - start)) throw new ArgumentOutOfRangeException();
            return new ReadOnlySpan<char>(null, text, start, length);
        }
        public static ReadOnlySpan<char> AsSpan(this string text, Range range)
        {
            int n = text == null ? 0 : text.Length;
            int s = range.Start.GetOffset(n), e = range.End.GetOffset(n);
            if ((uint)e > (uint)n || (uint)s > (uint)e) throw new ArgumentOutOfRangeException();
            return new ReadOnlySpan<char>(null, text, s, e - s);
        }

        public static Memory<T> AsMemory<T>(this T[] array) => new Memory<T>(array);
        public static Memory<T> AsMemory<T>(this T[] array, int start) => new Memory<T>(array, start, (array == null ? 0 : array.Length) - start);
        public static Memory<T> AsMemory<T>(this T[] array, int start, int length) => new Memory<T>(array, start, length);
        public static ReadOnlyMemory<char> AsMemory(this string text) => text == null ? default(ReadOnlyMemory<char>) : new ReadOnlyMemory<char>(null, text, 0, text.Length);
        public static ReadOnlyMemory<char> AsMemory(this string text, int start)
        {
            if ((uint)start > (uint)(text == null ? 0 : text.Length)) throw new ArgumentOutOfRangeException("start");
            return new ReadOnlyMemory<char>(null, text, start, text.Length - start);
        }
        public static ReadOnlyMemory<char> AsMemory(this string text, int start, int length)
        {
            if ((uint)start > (uint)text.Length || (uint)length > (uint)(text.Length - start)) throw new ArgumentOutOfRangeException();
            return new ReadOnlyMemory<char>(null, text, start, length);
        }

        // The Span<T> and ReadOnlySpan<T> overloads share one body, named
        // apart so that overload resolution never picks the caller again.
        // View makes the read-only view of a span without the implicit
        // operator, which the binder does not apply in generic code.
        static ReadOnlySpan<T> View<T>(Span<T> span) => new ReadOnlySpan<T>(span._array, null, span._start, span._length);

        public static int IndexOf<T>(this Span<T> span, T value)
        {
            ReadOnlySpan<T> r = View(span);
            return IndexOfCore(r, value);
        }
        public static int IndexOf<T>(this ReadOnlySpan<T> span, T value) => IndexOfCore(span, value);
        static int IndexOfCore<T>(ReadOnlySpan<T> span, T value)
        {
            for (int i = 0; i < span.Length; i++)
            {
                if (object.Equals(span[i], value)) return i;
            }
            return -1;
        }
        public static int IndexOf<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> value) => IndexOfSeqCore(span, value);
        static int IndexOfSeqCore<T>(ReadOnlySpan<T> span, ReadOnlySpan<T> value)
        {
            for (int i = 0; i + value.Length <= span.Length; i++)
            {
                if (SequenceEqualCore(span.Slice(i, value.Length), value)) return i;
            }
            return -1;
        }
        public static int LastIndexOf<T>(this Span<T> span, T value)
        {
            ReadOnlySpan<T> r = View(span);
            return LastIndexOfCore(r, value);
        }
        public static int LastIndexOf<T>(this ReadOnlySpan<T> span, T value) => LastIndexOfCore(span, value);
        static int LastIndexOfCore<T>(ReadOnlySpan<T> span, T value)
        {
            for (int i = span.Length - 1; i >= 0; i--)
            {
                if (object.Equals(span[i], value)) return i;
            }
            return -1;
        }
        public static bool Contains<T>(this Span<T> span, T value)
        {
            ReadOnlySpan<T> r = View(span);
            return IndexOfCore(r, value) >= 0;
        }
        public static bool Contains<T>(this ReadOnlySpan<T> span, T value) => IndexOfCore(span, value) >= 0;

        public static bool SequenceEqual<T>(this Span<T> span, ReadOnlySpan<T> other)
        {
            ReadOnlySpan<T> r = View(span);
            return SequenceEqualCore(r, other);
        }
        public static bool SequenceEqual<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> other) => SequenceEqualCore(span, other);
        static bool SequenceEqualCore<T>(ReadOnlySpan<T> span, ReadOnlySpan<T> other)
        {
            if (span.Length != other.Length) return false;
            for (int i = 0; i < span.Length; i++)
            {
                if (!object.Equals(span[i], other[i])) return false;
            }
            return true;
        }
        public static bool StartsWith<T>(this Span<T> span, ReadOnlySpan<T> value)
        {
            ReadOnlySpan<T> r = View(span);
            return StartsWithCore(r, value);
        }
        public static bool StartsWith<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> value) => StartsWithCore(span, value);
        static bool StartsWithCore<T>(ReadOnlySpan<T> span, ReadOnlySpan<T> value) => value.Length <= span.Length && SequenceEqualCore(span.Slice(0, value.Length), value);
        public static bool EndsWith<T>(this Span<T> span, ReadOnlySpan<T> value)
        {
            ReadOnlySpan<T> r = View(span);
            return EndsWithCore(r, value);
        }
        public static bool EndsWith<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> value) => EndsWithCore(span, value);
        static bool EndsWithCore<T>(ReadOnlySpan<T> span, ReadOnlySpan<T> value) => value.Length <= span.Length && SequenceEqualCore(span.Slice(span.Length - value.Length), value);

        public static void Reverse<T>(this Span<T> span)
        {
            for (int i = 0, j = span.Length - 1; i < j; i++, j--)
            {
                T t = span[i];
                span[i] = span[j];
                span[j] = t;
            }
        }

        public static void Sort<T>(this Span<T> span)
        {
            T[] a = span.ToArray();
            Array.Sort(a);
            new Span<T>(a).CopyTo(span);
        }

        public static void Sort<T>(this Span<T> span, Comparison<T> comparison)
        {
            T[] a = span.ToArray();
            Array.Sort(a, comparison);
            new Span<T>(a).CopyTo(span);
        }

        public static ReadOnlySpan<char> Trim(this ReadOnlySpan<char> span)
        {
            int s = 0, e = span.Length;
            while (s < e && char.IsWhiteSpace(span[s])) s++;
            while (e > s && char.IsWhiteSpace(span[e - 1])) e--;
            return span.Slice(s, e - s);
        }
        public static ReadOnlySpan<char> TrimStart(this ReadOnlySpan<char> span)
        {
            int s = 0;
            while (s < span.Length && char.IsWhiteSpace(span[s])) s++;
            return span.Slice(s);
        }
        public static ReadOnlySpan<char> TrimEnd(this ReadOnlySpan<char> span)
        {
            int e = span.Length;
            while (e > 0 && char.IsWhiteSpace(span[e - 1])) e--;
            return span.Slice(0, e);
        }

        public static ReadOnlySpan<char> Trim(this ReadOnlySpan<char> span, char trimChar)
        {
            int s = 0, e = span.Length;
            while (s < e && span[s] == trimChar) s++;
            while (e > s && span[e - 1] == trimChar) e--;
            return span.Slice(s, e - s);
        }
        public static ReadOnlySpan<char> TrimStart(this ReadOnlySpan<char> span, char trimChar)
        {
            int s = 0;
            while (s < span.Length && span[s] == trimChar) s++;
            return span.Slice(s);
        }
        public static ReadOnlySpan<char> TrimEnd(this ReadOnlySpan<char> span, char trimChar)
        {
            int e = span.Length;
            while (e > 0 && span[e - 1] == trimChar) e--;
            return span.Slice(0, e);
        }
        public static ReadOnlySpan<char> Trim(this ReadOnlySpan<char> span, ReadOnlySpan<char> trimChars)
        {
            if (trimChars.IsEmpty) return Trim(span);
            int s = 0, e = span.Length;
            while (s < e && IndexOfCore(trimChars, span[s]) >= 0) s++;
            while (e > s && IndexOfCore(trimChars, span[e - 1]) >= 0) e--;
            return span.Slice(s, e - s);
        }

        public static int IndexOfAny<T>(this ReadOnlySpan<T> span, T value0, T value1)
        {
            for (int i = 0; i < span.Length; i++)
            {
                if (object.Equals(span[i], value0) || object.Equals(span[i], value1)) return i;
            }
            return -1;
        }
        public static int IndexOfAny<T>(this ReadOnlySpan<T> span, T value0, T value1, T value2)
        {
            for (int i = 0; i < span.Length; i++)
            {
                if (object.Equals(span[i], value0) || object.Equals(span[i], value1) || object.Equals(span[i], value2)) return i;
            }
            return -1;
        }
        public static int IndexOfAny<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> values)
        {
            for (int i = 0; i < span.Length; i++)
            {
                if (IndexOfCore(values, span[i]) >= 0) return i;
            }
            return -1;
        }
        public static int LastIndexOf<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> value)
        {
            for (int i = span.Length - value.Length; i >= 0; i--)
            {
                if (SequenceEqualCore(span.Slice(i, value.Length), value)) return i;
            }
            return -1;
        }
        public static int IndexOf<T>(this Span<T> span, ReadOnlySpan<T> value)
        {
            ReadOnlySpan<T> r = View(span);
            return IndexOfSeqCore(r, value);
        }

        // The char span members that take a StringComparison compare as the
        // string members do.
        public static int IndexOf(this ReadOnlySpan<char> span, ReadOnlySpan<char> value, StringComparison comparisonType) => span.ToString().IndexOf(value.ToString(), comparisonType);
        public static bool Contains(this ReadOnlySpan<char> span, ReadOnlySpan<char> value, StringComparison comparisonType) => span.ToString().IndexOf(value.ToString(), comparisonType) >= 0;
        public static bool StartsWith(this ReadOnlySpan<char> span, ReadOnlySpan<char> value, StringComparison comparisonType) => span.ToString().StartsWith(value.ToString(), comparisonType);
        public static bool EndsWith(this ReadOnlySpan<char> span, ReadOnlySpan<char> value, StringComparison comparisonType) => span.ToString().EndsWith(value.ToString(), comparisonType);
        public static int CompareTo(this ReadOnlySpan<char> span, ReadOnlySpan<char> other, StringComparison comparisonType) => string.Compare(span.ToString(), other.ToString(), comparisonType);
        public static bool IsWhiteSpace(this ReadOnlySpan<char> span)
        {
            for (int i = 0; i < span.Length; i++)
            {
                if (!char.IsWhiteSpace(span[i])) return false;
            }
            return true;
        }

        public static int SequenceCompareTo(this ReadOnlySpan<char> span, ReadOnlySpan<char> other)
        {
            int n = span.Length < other.Length ? span.Length : other.Length;
            for (int i = 0; i < n; i++)
            {
                int d = span[i] - other[i];
                if (d != 0) return d;
            }
            return span.Length - other.Length;
        }

        // The members below follow System.MemoryExtensions (.NET 8 to 10):
        // searches for any of a set of values or for one outside it, counts,
        // prefixes, in-place and copying Replace, Trim of a set of elements,
        // BinarySearch, Overlaps and the Split of a char span into Ranges.
        // Each has a Span<T> receiver beside the ReadOnlySpan<T> one since a
        // receiver is not converted.
        static bool Eq<T>(T a, T b) => object.Equals(a, b);

        public static int IndexOfAny<T>(this Span<T> span, T value0, T value1) => IndexOfAny(View(span), value0, value1);
        public static int IndexOfAny<T>(this Span<T> span, T value0, T value1, T value2) => IndexOfAny(View(span), value0, value1, value2);
        public static int IndexOfAny<T>(this Span<T> span, ReadOnlySpan<T> values) => IndexOfAny(View(span), values);

        public static int LastIndexOfAny<T>(this ReadOnlySpan<T> span, T value0, T value1)
        {
            for (int i = span.Length - 1; i >= 0; i--)
            {
                if (Eq(span[i], value0) || Eq(span[i], value1)) return i;
            }
            return -1;
        }
        public static int LastIndexOfAny<T>(this ReadOnlySpan<T> span, T value0, T value1, T value2)
        {
            for (int i = span.Length - 1; i >= 0; i--)
            {
                if (Eq(span[i], value0) || Eq(span[i], value1) || Eq(span[i], value2)) return i;
            }
            return -1;
        }
        public static int LastIndexOfAny<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> values)
        {
            for (int i = span.Length - 1; i >= 0; i--)
            {
                if (IndexOfCore(values, span[i]) >= 0) return i;
            }
            return -1;
        }
        public static int LastIndexOfAny<T>(this Span<T> span, T value0, T value1) => LastIndexOfAny(View(span), value0, value1);
        public static int LastIndexOfAny<T>(this Span<T> span, T value0, T value1, T value2) => LastIndexOfAny(View(span), value0, value1, value2);
        public static int LastIndexOfAny<T>(this Span<T> span, ReadOnlySpan<T> values) => LastIndexOfAny(View(span), values);

        public static int IndexOfAnyExcept<T>(this ReadOnlySpan<T> span, T value)
        {
            for (int i = 0; i < span.Length; i++)
            {
                if (!Eq(span[i], value)) return i;
            }
            return -1;
        }
        public static int IndexOfAnyExcept<T>(this ReadOnlySpan<T> span, T value0, T value1)
        {
            for (int i = 0; i < span.Length; i++)
            {
                if (!Eq(span[i], value0) && !Eq(span[i], value1)) return i;
            }
            return -1;
        }
        public static int IndexOfAnyExcept<T>(this ReadOnlySpan<T> span, T value0, T value1, T value2)
        {
            for (int i = 0; i < span.Length; i++)
            {
                if (!Eq(span[i], value0) && !Eq(span[i], value1) && !Eq(span[i], value2)) return i;
            }
            return -1;
        }
        public static int IndexOfAnyExcept<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> values)
        {
            for (int i = 0; i < span.Length; i++)
            {
                if (IndexOfCore(values, span[i]) < 0) return i;
            }
            return -1;
        }
        public static int IndexOfAnyExcept<T>(this Span<T> span, T value) => IndexOfAnyExcept(View(span), value);
        public static int IndexOfAnyExcept<T>(this Span<T> span, T value0, T value1) => IndexOfAnyExcept(View(span), value0, value1);
        public static int IndexOfAnyExcept<T>(this Span<T> span, T value0, T value1, T value2) => IndexOfAnyExcept(View(span), value0, value1, value2);
        public static int IndexOfAnyExcept<T>(this Span<T> span, ReadOnlySpan<T> values) => IndexOfAnyExcept(View(span), values);

        public static int LastIndexOfAnyExcept<T>(this ReadOnlySpan<T> span, T value)
        {
            for (int i = span.Length - 1; i >= 0; i--)
            {
                if (!Eq(span[i], value)) return i;
            }
            return -1;
        }
        public static int LastIndexOfAnyExcept<T>(this ReadOnlySpan<T> span, T value0, T value1)
        {
            for (int i = span.Length - 1; i >= 0; i--)
            {
                if (!Eq(span[i], value0) && !Eq(span[i], value1)) return i;
            }
            return -1;
        }
        public static int LastIndexOfAnyExcept<T>(this ReadOnlySpan<T> span, T value0, T value1, T value2)
        {
            for (int i = span.Length - 1; i >= 0; i--)
            {
                if (!Eq(span[i], value0) && !Eq(span[i], value1) && !Eq(span[i], value2)) return i;
            }
            return -1;
        }
        public static int LastIndexOfAnyExcept<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> values)
        {
            for (int i = span.Length - 1; i >= 0; i--)
            {
                if (IndexOfCore(values, span[i]) < 0) return i;
            }
            return -1;
        }
        public static int LastIndexOfAnyExcept<T>(this Span<T> span, T value) => LastIndexOfAnyExcept(View(span), value);
        public static int LastIndexOfAnyExcept<T>(this Span<T> span, T value0, T value1) => LastIndexOfAnyExcept(View(span), value0, value1);
        public static int LastIndexOfAnyExcept<T>(this Span<T> span, T value0, T value1, T value2) => LastIndexOfAnyExcept(View(span), value0, value1, value2);
        public static int LastIndexOfAnyExcept<T>(this Span<T> span, ReadOnlySpan<T> values) => LastIndexOfAnyExcept(View(span), values);

        // The InRange searches compare with Comparer<T>.Default, inclusive
        // of both bounds.
        static bool InRange<T>(T value, T low, T high) => Cmp(value, low) >= 0 && Cmp(value, high) <= 0;

        // Cmp is Comparer<T>.Default.Compare, which is not compiled with
        // the spans.
        static int Cmp<T>(T x, T y)
        {
            object a = x, b = y;
            if (a == null) return b == null ? 0 : -1;
            if (b == null) return 1;
            if (a is IComparable c) return c.CompareTo(b);
            throw new ArgumentException("At least one object must implement IComparable.");
        }
        public static int IndexOfAnyInRange<T>(this ReadOnlySpan<T> span, T lowInclusive, T highInclusive)
        {
            for (int i = 0; i < span.Length; i++)
            {
                if (InRange(span[i], lowInclusive, highInclusive)) return i;
            }
            return -1;
        }
        public static int IndexOfAnyExceptInRange<T>(this ReadOnlySpan<T> span, T lowInclusive, T highInclusive)
        {
            for (int i = 0; i < span.Length; i++)
            {
                if (!InRange(span[i], lowInclusive, highInclusive)) return i;
            }
            return -1;
        }
        public static int LastIndexOfAnyInRange<T>(this ReadOnlySpan<T> span, T lowInclusive, T highInclusive)
        {
            for (int i = span.Length - 1; i >= 0; i--)
            {
                if (InRange(span[i], lowInclusive, highInclusive)) return i;
            }
            return -1;
        }
        public static int LastIndexOfAnyExceptInRange<T>(this ReadOnlySpan<T> span, T lowInclusive, T highInclusive)
        {
            for (int i = span.Length - 1; i >= 0; i--)
            {
                if (!InRange(span[i], lowInclusive, highInclusive)) return i;
            }
            return -1;
        }
        public static int IndexOfAnyInRange<T>(this Span<T> span, T lowInclusive, T highInclusive) => IndexOfAnyInRange(View(span), lowInclusive, highInclusive);
        public static int IndexOfAnyExceptInRange<T>(this Span<T> span, T lowInclusive, T highInclusive) => IndexOfAnyExceptInRange(View(span), lowInclusive, highInclusive);
        public static int LastIndexOfAnyInRange<T>(this Span<T> span, T lowInclusive, T highInclusive) => LastIndexOfAnyInRange(View(span), lowInclusive, highInclusive);
        public static int LastIndexOfAnyExceptInRange<T>(this Span<T> span, T lowInclusive, T highInclusive) => LastIndexOfAnyExceptInRange(View(span), lowInclusive, highInclusive);
        public static bool ContainsAnyInRange<T>(this ReadOnlySpan<T> span, T lowInclusive, T highInclusive) => IndexOfAnyInRange(span, lowInclusive, highInclusive) >= 0;
        public static bool ContainsAnyExceptInRange<T>(this ReadOnlySpan<T> span, T lowInclusive, T highInclusive) => IndexOfAnyExceptInRange(span, lowInclusive, highInclusive) >= 0;
        public static bool ContainsAnyInRange<T>(this Span<T> span, T lowInclusive, T highInclusive) => IndexOfAnyInRange(View(span), lowInclusive, highInclusive) >= 0;
        public static bool ContainsAnyExceptInRange<T>(this Span<T> span, T lowInclusive, T highInclusive) => IndexOfAnyExceptInRange(View(span), lowInclusive, highInclusive) >= 0;

        public static bool ContainsAny<T>(this ReadOnlySpan<T> span, T value0, T value1) => IndexOfAny(span, value0, value1) >= 0;
        public static bool ContainsAny<T>(this ReadOnlySpan<T> span, T value0, T value1, T value2) => IndexOfAny(span, value0, value1, value2) >= 0;
        public static bool ContainsAny<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> values) => IndexOfAny(span, values) >= 0;
        public static bool ContainsAny<T>(this Span<T> span, T value0, T value1) => IndexOfAny(View(span), value0, value1) >= 0;
        public static bool ContainsAny<T>(this Span<T> span, T value0, T value1, T value2) => IndexOfAny(View(span), value0, value1, value2) >= 0;
        public static bool ContainsAny<T>(this Span<T> span, ReadOnlySpan<T> values) => IndexOfAny(View(span), values) >= 0;
        public static bool ContainsAnyExcept<T>(this ReadOnlySpan<T> span, T value) => IndexOfAnyExcept(span, value) >= 0;
        public static bool ContainsAnyExcept<T>(this ReadOnlySpan<T> span, T value0, T value1) => IndexOfAnyExcept(span, value0, value1) >= 0;
        public static bool ContainsAnyExcept<T>(this ReadOnlySpan<T> span, T value0, T value1, T value2) => IndexOfAnyExcept(span, value0, value1, value2) >= 0;
        public static bool ContainsAnyExcept<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> values) => IndexOfAnyExcept(span, values) >= 0;
        public static bool ContainsAnyExcept<T>(this Span<T> span, T value) => IndexOfAnyExcept(View(span), value) >= 0;
        public static bool ContainsAnyExcept<T>(this Span<T> span, T value0, T value1) => IndexOfAnyExcept(View(span), value0, value1) >= 0;
        public static bool ContainsAnyExcept<T>(this Span<T> span, T value0, T value1, T value2) => IndexOfAnyExcept(View(span), value0, value1, value2) >= 0;
        public static bool ContainsAnyExcept<T>(this Span<T> span, ReadOnlySpan<T> values) => IndexOfAnyExcept(View(span), values) >= 0;

        // Count of a sequence counts non-overlapping occurrences; an empty
        // sequence occurs nowhere.
        public static int Count<T>(this ReadOnlySpan<T> span, T value)
        {
            int n = 0;
            for (int i = 0; i < span.Length; i++)
            {
                if (Eq(span[i], value)) n++;
            }
            return n;
        }
        public static int Count<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> value)
        {
            if (value.Length == 0) return 0;
            int n = 0;
            for (int i = 0; i + value.Length <= span.Length;)
            {
                if (SequenceEqualCore(span.Slice(i, value.Length), value))
                {
                    n++;
                    i += value.Length;
                }
                else i++;
            }
            return n;
        }
        public static int Count<T>(this Span<T> span, T value) => Count(View(span), value);
        public static int Count<T>(this Span<T> span, ReadOnlySpan<T> value) => Count(View(span), value);

        public static int CommonPrefixLength<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> other)
        {
            int n = span.Length < other.Length ? span.Length : other.Length;
            for (int i = 0; i < n; i++)
            {
                if (!Eq(span[i], other[i])) return i;
            }
            return n;
        }
        public static int CommonPrefixLength<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> other, System.Collections.Generic.IEqualityComparer<T> comparer)
        {
            if (comparer == null) return CommonPrefixLength(span, other);
            int n = span.Length < other.Length ? span.Length : other.Length;
            for (int i = 0; i < n; i++)
            {
                if (!comparer.Equals(span[i], other[i])) return i;
            }
            return n;
        }
        public static int CommonPrefixLength<T>(this Span<T> span, ReadOnlySpan<T> other) => CommonPrefixLength(View(span), other);
        public static int CommonPrefixLength<T>(this Span<T> span, ReadOnlySpan<T> other, System.Collections.Generic.IEqualityComparer<T> comparer) => CommonPrefixLength(View(span), other, comparer);

        public static bool SequenceEqual<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> other, System.Collections.Generic.IEqualityComparer<T> comparer)
        {
            if (comparer == null) return SequenceEqualCore(span, other);
            if (span.Length != other.Length) return false;
            for (int i = 0; i < span.Length; i++)
            {
                if (!comparer.Equals(span[i], other[i])) return false;
            }
            return true;
        }
        public static bool SequenceEqual<T>(this Span<T> span, ReadOnlySpan<T> other, System.Collections.Generic.IEqualityComparer<T> comparer) => SequenceEqual(View(span), other, comparer);

        // SequenceCompareTo of other elements compares as Comparer<T>.Default
        // and the lengths with int.CompareTo.
        public static int SequenceCompareTo<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> other)
        {
            int n = span.Length < other.Length ? span.Length : other.Length;
            for (int i = 0; i < n; i++)
            {
                int c = Cmp(span[i], other[i]);
                if (c != 0) return c;
            }
            return span.Length.CompareTo(other.Length);
        }
        public static int SequenceCompareTo<T>(this Span<T> span, ReadOnlySpan<T> other) => SequenceCompareTo(View(span), other);

        public static int LastIndexOf<T>(this Span<T> span, ReadOnlySpan<T> value) => LastIndexOf(View(span), value);
        public static bool StartsWith<T>(this ReadOnlySpan<T> span, T value) => span.Length != 0 && Eq(span[0], value);
        public static bool EndsWith<T>(this ReadOnlySpan<T> span, T value) => span.Length != 0 && Eq(span[span.Length - 1], value);
        public static bool StartsWith<T>(this Span<T> span, T value) => span.Length != 0 && Eq(span[0], value);
        public static bool EndsWith<T>(this Span<T> span, T value) => span.Length != 0 && Eq(span[span.Length - 1], value);

        public static void Replace<T>(this Span<T> span, T oldValue, T newValue)
        {
            for (int i = 0; i < span.Length; i++)
            {
                if (Eq(span[i], oldValue)) span[i] = newValue;
            }
        }
        public static void Replace<T>(this ReadOnlySpan<T> source, Span<T> destination, T oldValue, T newValue)
        {
            if (source.Length > destination.Length) throw new ArgumentException("Destination is too short.", "destination");
            for (int i = 0; i < source.Length; i++)
            {
                T v = source[i];
                destination[i] = Eq(v, oldValue) ? newValue : v;
            }
        }
        public static void Replace<T>(this Span<T> source, Span<T> destination, T oldValue, T newValue) => Replace(View(source), destination, oldValue, newValue);

        // BinarySearch returns the index of a match, else the complement of
        // the index of the first larger element.
        public static int BinarySearch<T, TComparable>(this ReadOnlySpan<T> span, TComparable comparable) where TComparable : IComparable<T>
        {
            if (comparable == null) throw new ArgumentNullException("comparable");
            int lo = 0, hi = span.Length - 1;
            while (lo <= hi)
            {
                int mid = (int)(((uint)hi + (uint)lo) >> 1);
                int c = comparable.CompareTo(span[mid]);
                if (c == 0) return mid;
                if (c > 0) lo = mid + 1;
                else hi = mid - 1;
            }
            return ~lo;
        }
        public static int BinarySearch<T, TComparable>(this Span<T> span, TComparable comparable) where TComparable : IComparable<T> => BinarySearch<T, TComparable>(View(span), comparable);
        public static int BinarySearch<T, TComparer>(this ReadOnlySpan<T> span, T value, TComparer comparer) where TComparer : System.Collections.Generic.IComparer<T>
        {
            if (comparer == null) throw new ArgumentNullException("comparer");
            int lo = 0, hi = span.Length - 1;
            while (lo <= hi)
            {
                int mid = (int)(((uint)hi + (uint)lo) >> 1);
                int c = comparer.Compare(value, span[mid]);
                if (c == 0) return mid;
                if (c > 0) lo = mid + 1;
                else hi = mid - 1;
            }
            return ~lo;
        }
        public static int BinarySearch<T, TComparer>(this Span<T> span, T value, TComparer comparer) where TComparer : System.Collections.Generic.IComparer<T> => BinarySearch<T, TComparer>(View(span), value, comparer);

        // Overlaps: two views of the same array or string sharing an element.
        public static bool Overlaps<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> other)
        {
            int offset;
            return Overlaps(span, other, out offset);
        }
        public static bool Overlaps<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> other, out int elementOffset)
        {
            elementOffset = 0;
            if (span.IsEmpty || other.IsEmpty) return false;
            bool same = span._text != null ? object.ReferenceEquals(span._text, other._text) : span._array != null && object.ReferenceEquals(span._array, other._array);
            if (!same) return false;
            if (other._start < span._start + span._length && span._start < other._start + other._length)
            {
                elementOffset = other._start - span._start;
                return true;
            }
            return false;
        }
        public static bool Overlaps<T>(this Span<T> span, ReadOnlySpan<T> other) => Overlaps(View(span), other);
        public static bool Overlaps<T>(this Span<T> span, ReadOnlySpan<T> other, out int elementOffset) => Overlaps(View(span), other, out elementOffset);

        // Trim of one element or of a set of them; an empty set trims
        // nothing (the char overloads trim white space then).
        static int TrimStartLength<T>(ReadOnlySpan<T> span, ReadOnlySpan<T> set, bool one, T value)
        {
            int s = 0;
            while (s < span.Length && (one ? Eq(span[s], value) : IndexOfCore(set, span[s]) >= 0)) s++;
            return s;
        }
        static int TrimEndLength<T>(ReadOnlySpan<T> span, int s, ReadOnlySpan<T> set, bool one, T value)
        {
            int e = span.Length;
            while (e > s && (one ? Eq(span[e - 1], value) : IndexOfCore(set, span[e - 1]) >= 0)) e--;
            return e;
        }
        public static ReadOnlySpan<T> Trim<T>(this ReadOnlySpan<T> span, T trimElement)
        {
            int s = TrimStartLength(span, default(ReadOnlySpan<T>), true, trimElement);
            return span.Slice(s, TrimEndLength(span, s, default(ReadOnlySpan<T>), true, trimElement) - s);
        }
        public static ReadOnlySpan<T> TrimStart<T>(this ReadOnlySpan<T> span, T trimElement) => span.Slice(TrimStartLength(span, default(ReadOnlySpan<T>), true, trimElement));
        public static ReadOnlySpan<T> TrimEnd<T>(this ReadOnlySpan<T> span, T trimElement) => span.Slice(0, TrimEndLength(span, 0, default(ReadOnlySpan<T>), true, trimElement));
        public static ReadOnlySpan<T> Trim<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> trimElements)
        {
            int s = TrimStartLength(span, trimElements, false, default(T));
            return span.Slice(s, TrimEndLength(span, s, trimElements, false, default(T)) - s);
        }
        public static ReadOnlySpan<T> TrimStart<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> trimElements) => span.Slice(TrimStartLength(span, trimElements, false, default(T)));
        public static ReadOnlySpan<T> TrimEnd<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> trimElements) => span.Slice(0, TrimEndLength(span, 0, trimElements, false, default(T)));
        public static Span<T> Trim<T>(this Span<T> span, T trimElement)
        {
            ReadOnlySpan<T> r = View(span);
            int s = TrimStartLength(r, default(ReadOnlySpan<T>), true, trimElement);
            return span.Slice(s, TrimEndLength(r, s, default(ReadOnlySpan<T>), true, trimElement) - s);
        }
        public static Span<T> TrimStart<T>(this Span<T> span, T trimElement) => span.Slice(TrimStartLength(View(span), default(ReadOnlySpan<T>), true, trimElement));
        public static Span<T> TrimEnd<T>(this Span<T> span, T trimElement) => span.Slice(0, TrimEndLength(View(span), 0, default(ReadOnlySpan<T>), true, trimElement));
        public static Span<T> Trim<T>(this Span<T> span, ReadOnlySpan<T> trimElements)
        {
            ReadOnlySpan<T> r = View(span);
            int s = TrimStartLength(r, trimElements, false, default(T));
            return span.Slice(s, TrimEndLength(r, s, trimElements, false, default(T)) - s);
        }
        public static Span<T> TrimStart<T>(this Span<T> span, ReadOnlySpan<T> trimElements) => span.Slice(TrimStartLength(View(span), trimElements, false, default(T)));
        public static Span<T> TrimEnd<T>(this Span<T> span, ReadOnlySpan<T> trimElements) => span.Slice(0, TrimEndLength(View(span), 0, trimElements, false, default(T)));
        public static ReadOnlySpan<char> TrimStart(this ReadOnlySpan<char> span, ReadOnlySpan<char> trimChars) => trimChars.IsEmpty ? TrimStart(span) : span.Slice(TrimStartLength(span, trimChars, false, '\0'));
        public static ReadOnlySpan<char> TrimEnd(this ReadOnlySpan<char> span, ReadOnlySpan<char> trimChars) => trimChars.IsEmpty ? TrimEnd(span) : span.Slice(0, TrimEndLength(span, 0, trimChars, false, '\0'));
        static int WhiteStart(ReadOnlySpan<char> span)
        {
            int s = 0;
            while (s < span.Length && char.IsWhiteSpace(span[s])) s++;
            return s;
        }
        static int WhiteEnd(ReadOnlySpan<char> span, int s)
        {
            int e = span.Length;
            while (e > s && char.IsWhiteSpace(span[e - 1])) e--;
            return e;
        }
        public static Span<char> Trim(this Span<char> span)
        {
            ReadOnlySpan<char> r = View(span);
            int s = WhiteStart(r);
            return span.Slice(s, WhiteEnd(r, s) - s);
        }
        public static Span<char> TrimStart(this Span<char> span) => span.Slice(WhiteStart(View(span)));
        public static Span<char> TrimEnd(this Span<char> span) => span.Slice(0, WhiteEnd(View(span), 0));

        public static ReadOnlySpan<char> AsSpan(this string text, Index startIndex)
        {
            int n = text == null ? 0 : text.Length;
            int s = startIndex.GetOffset(n);
            if ((uint)s > (uint)n) throw new ArgumentOutOfRangeException("startIndex");
            return text == null ? default(ReadOnlySpan<char>) : new ReadOnlySpan<char>(null, text, s, n - s);
        }
        public static Span<T> AsSpan<T>(this T[] array, Index startIndex)
        {
            int n = array == null ? 0 : array.Length;
            int s = startIndex.GetOffset(n);
            if ((uint)s > (uint)n) throw new ArgumentOutOfRangeException();
            return new Span<T>(array, s, n - s, 0);
        }
        public static Memory<T> AsMemory<T>(this T[] array, Index startIndex)
        {
            int n = array == null ? 0 : array.Length;
            int s = startIndex.GetOffset(n);
            if ((uint)s > (uint)n) throw new ArgumentOutOfRangeException();
            return new Memory<T>(array, s, n - s);
        }
        public static Memory<T> AsMemory<T>(this T[] array, Range range)
        {
            int n = array == null ? 0 : array.Length;
            int s = range.Start.GetOffset(n), e = range.End.GetOffset(n);
            if ((uint)e > (uint)n || (uint)s > (uint)e) throw new ArgumentOutOfRangeException();
            return new Memory<T>(array, s, e - s);
        }
        public static ReadOnlyMemory<char> AsMemory(this string text, Index startIndex)
        {
            int n = text == null ? 0 : text.Length;
            int s = startIndex.GetOffset(n);
            if ((uint)s > (uint)n) throw new ArgumentOutOfRangeException("startIndex");
            return text == null ? default(ReadOnlyMemory<char>) : new ReadOnlyMemory<char>(null, text, s, n - s);
        }
        public static ReadOnlyMemory<char> AsMemory(this string text, Range range)
        {
            int n = text == null ? 0 : text.Length;
            int s = range.Start.GetOffset(n), e = range.End.GetOffset(n);
            if ((uint)e > (uint)n || (uint)s > (uint)e) throw new ArgumentOutOfRangeException("range");
            return text == null ? default(ReadOnlyMemory<char>) : new ReadOnlyMemory<char>(null, text, s, e - s);
        }

        public static bool Equals(this ReadOnlySpan<char> span, ReadOnlySpan<char> other, StringComparison comparisonType) => string.Equals(span.ToString(), other.ToString(), comparisonType);
        public static int LastIndexOf(this ReadOnlySpan<char> span, ReadOnlySpan<char> value, StringComparison comparisonType) => span.ToString().LastIndexOf(value.ToString(), comparisonType);

        // The case mappings write into destination and return the count
        // written, or -1 when it is too short.
        static int MapCase(ReadOnlySpan<char> source, Span<char> destination, string mapped)
        {
            if (destination.Length < source.Length) return -1;
            for (int i = 0; i < mapped.Length; i++) destination[i] = mapped[i];
            return mapped.Length;
        }
        public static int ToUpperInvariant(this ReadOnlySpan<char> source, Span<char> destination) => MapCase(source, destination, source.ToString().ToUpperInvariant());
        public static int ToLowerInvariant(this ReadOnlySpan<char> source, Span<char> destination) => MapCase(source, destination, source.ToString().ToLowerInvariant());
        public static int ToUpper(this ReadOnlySpan<char> source, Span<char> destination, System.Globalization.CultureInfo culture) => MapCase(source, destination, source.ToString().ToUpper(culture));
        public static int ToLower(this ReadOnlySpan<char> source, Span<char> destination, System.Globalization.CultureInfo culture) => MapCase(source, destination, source.ToString().ToLower(culture));

        // Split of a char span into Ranges as string.Split with a count of
        // destination.Length: the last Range holds the rest of the source.
        public static int Split(this ReadOnlySpan<char> source, Span<Range> destination, char separator, StringSplitOptions options = StringSplitOptions.None)
        {
            char[] one = new char[] { separator };
            return SplitCore(source, destination, new ReadOnlySpan<char>(one), true, options);
        }
        public static int Split(this ReadOnlySpan<char> source, Span<Range> destination, ReadOnlySpan<char> separator, StringSplitOptions options = StringSplitOptions.None) =>
            SplitCore(source, destination, separator, false, options);
        public static int SplitAny(this ReadOnlySpan<char> source, Span<Range> destination, ReadOnlySpan<char> separators, StringSplitOptions options = StringSplitOptions.None) =>
            SplitCore(source, destination, separators, true, options);

        static int SplitCore(ReadOnlySpan<char> source, Span<Range> destination, ReadOnlySpan<char> separators, bool any, StringSplitOptions options)
        {
            if ((options & ~(StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)) != 0)
                throw new ArgumentException("Value of flags is invalid.", "options");
            if (destination.IsEmpty) return 0;
            bool keepEmpty = (options & StringSplitOptions.RemoveEmptyEntries) == 0;
            bool trim = (options & StringSplitOptions.TrimEntries) != 0;
            int count = 0, pos = 0;
            while (count < destination.Length - 1)
            {
                int at = -1, len = 0;
                if (any)
                {
                    for (int i = pos; i < source.Length; i++)
                    {
                        if (separators.IsEmpty ? char.IsWhiteSpace(source[i]) : IndexOfCore(separators, source[i]) >= 0)
                        {
                            at = i;
                            len = 1;
                            break;
                        }
                    }
                }
                else if (!separators.IsEmpty)
                {
                    int k = IndexOfSeqCore(source.Slice(pos), separators);
                    if (k >= 0)
                    {
                        at = pos + k;
                        len = separators.Length;
                    }
                }
                if (at < 0) break;
                int s = pos, e = at;
                if (trim)
                {
                    while (s < e && char.IsWhiteSpace(source[s])) s++;
                    while (e > s && char.IsWhiteSpace(source[e - 1])) e--;
                }
                if (keepEmpty || e > s) destination[count++] = new Range(s, e);
                pos = at + len;
            }
            int rs = pos, re = source.Length;
            if (trim)
            {
                while (rs < re && char.IsWhiteSpace(source[rs])) rs++;
                while (re > rs && char.IsWhiteSpace(source[re - 1])) re--;
            }
            if (keepEmpty || re > rs) destination[count++] = new Range(rs, re);
            return count;
        }

        // Split and SplitAny (.NET 9) enumerate the Ranges between
        // separators, empty ones included; SplitAny with no separators, and
        // Split() of a char span, split at white space.
        public static SpanSplitEnumerator<T> Split<T>(this ReadOnlySpan<T> source, T separator) => new SpanSplitEnumerator<T>(source, new T[] { separator }, 0);
        public static SpanSplitEnumerator<T> Split<T>(this ReadOnlySpan<T> source, ReadOnlySpan<T> separator) => new SpanSplitEnumerator<T>(source, separator.ToArray(), 1);
        public static SpanSplitEnumerator<T> SplitAny<T>(this ReadOnlySpan<T> source, ReadOnlySpan<T> separators) => new SpanSplitEnumerator<T>(source, separators.ToArray(), 2);
        public static SpanSplitEnumerator<char> Split(this ReadOnlySpan<char> source) => new SpanSplitEnumerator<char>(source, new char[0], 2);
        public static SpanSplitEnumerator<T> Split<T>(this Span<T> source, T separator) => new SpanSplitEnumerator<T>(View(source), new T[] { separator }, 0);
        public static SpanSplitEnumerator<T> Split<T>(this Span<T> source, ReadOnlySpan<T> separator) => new SpanSplitEnumerator<T>(View(source), separator.ToArray(), 1);
        public static SpanSplitEnumerator<T> SplitAny<T>(this Span<T> source, ReadOnlySpan<T> separators) => new SpanSplitEnumerator<T>(View(source), separators.ToArray(), 2);

        // SpanSplitEnumerator<T> is a struct, as in .NET: a copy enumerates
        // on its own. default(SpanSplitEnumerator<T>) has nothing to give.
        public ref struct SpanSplitEnumerator<T>
        {
            private readonly T[] _array;
            private readonly string _text;
            private readonly int _start;
            private readonly int _length;
            private readonly T[] _separators;
            private readonly int _mode; // 0 one element, 1 a sequence, 2 any of a set
            private int _next;
            private bool _done;
            private int _curStart;
            private int _curEnd;

            internal SpanSplitEnumerator(ReadOnlySpan<T> source, T[] separators, int mode)
            {
                _array = source._array;
                _text = source._text;
                _start = source._start;
                _length = source._length;
                _separators = separators;
                _mode = mode;
                _next = 0;
                _done = false;
                _curStart = 0;
                _curEnd = 0;
            }

            public ReadOnlySpan<T> Source => new ReadOnlySpan<T>(_array, _text, _start, _length);
            public Range Current => new Range(_curStart, _curEnd);
            public SpanSplitEnumerator<T> GetEnumerator() => this;

            public bool MoveNext()
            {
                if (_done || _separators == null) return false;
                ReadOnlySpan<T> span = Source;
                ReadOnlySpan<T> seps = new ReadOnlySpan<T>(_separators);
                bool white = _mode == 2 && _separators.Length == 0 && default(T) is char;
                int at = -1, len = 0;
                if (_mode == 1)
                {
                    if (_separators.Length > 0)
                    {
                        int k = IndexOfSeqCore(span.Slice(_next), seps);
                        if (k >= 0)
                        {
                            at = _next + k;
                            len = _separators.Length;
                        }
                    }
                }
                else
                {
                    for (int i = _next; i < span.Length; i++)
                    {
                        if (white ? char.IsWhiteSpace((char)(object)span[i]) : IndexOfCore(seps, span[i]) >= 0)
                        {
                            at = i;
                            len = 1;
                            break;
                        }
                    }
                }
                _curStart = _next;
                if (at < 0)
                {
                    _curEnd = span.Length;
                    _done = true;
                    return true;
                }
                _curEnd = at;
                _next = at + len;
                return true;
            }
        }
    }

    // string.Create(length, state, action): the characters action writes
    // into a span of length chars (.NET declares it on String).
    public static class StringCreateExtensions
    {
        extension(string)
        {
            public static string Create<TState>(int length, TState state, System.Buffers.SpanAction<char, TState> action)
            {
                if (action == null) throw new ArgumentNullException(nameof(action));
                if (length <= 0)
                {
                    if (length == 0) return string.Empty;
                    throw new ArgumentOutOfRangeException(nameof(length));
                }
                char[] chars = new char[length];
                action(new Span<char>(chars), state);
                return new string(chars);
            }
        }
    }

    public class Attribute
    {
    }

    // EventArgs is the base of event data; EventHandler and
    // EventHandler<TEventArgs> pass it.
    public class EventArgs
    {
        public static readonly EventArgs Empty = new EventArgs();
    }

    [AttributeUsage(AttributeTargets.All)]
    public sealed class AttributeUsageAttribute : Attribute
    {
        public AttributeUsageAttribute(AttributeTargets validOn) { }
        public bool AllowMultiple { get; set; }
        public bool Inherited { get; set; }
    }

    public enum AttributeTargets
    {
        Assembly = 1, Module = 2, Class = 4, Struct = 8, Enum = 16, Constructor = 32, Method = 64,
        Property = 128, Field = 256, Event = 512, Interface = 1024, Parameter = 2048, Delegate = 4096,
        ReturnValue = 8192, GenericParameter = 16384, All = 32767
    }
}

namespace System.Buffers
{
    public delegate void SpanAction<T, in TArg>(Span<T> span, TArg arg);
    public delegate void ReadOnlySpanAction<T, in TArg>(ReadOnlySpan<T> span, TArg arg);
}

namespace System.Collections
{
    public interface IEnumerable
    {
        IEnumerator GetEnumerator();
    }

    public interface IEnumerator
    {
        bool MoveNext();
        object Current { get; }
        void Reset();
    }
}

namespace System.Collections.Generic
{
    public interface IEnumerable<T> : System.Collections.IEnumerable
    {
        new IEnumerator<T> GetEnumerator();
    }

    public interface IEnumerator<T> : System.Collections.IEnumerator, System.IDisposable
    {
        new T Current { get; }
    }

    public interface IComparer<T>
    {
        int Compare(T x, T y);
    }

    public interface IEqualityComparer<T>
    {
        bool Equals(T x, T y);
        int GetHashCode(T obj);
    }
}

namespace System.Runtime.CompilerServices
{
    // LocalIterator<T> is the enumerable and enumerator of an iterator local
    // function (the sm package's iterator lowering, closure form): start
    // makes a fresh enumerator's state (the parameters' copies and the
    // hoisted locals) and returns its MoveNext, which takes true to dispose.
    // LocalAsyncIterator<T> is LocalIterator<T> for an async iterator local
    // function: its MoveNext closure is an async lambda.
    public sealed class LocalAsyncIterator<T> : System.Collections.Generic.IAsyncEnumerable<T>, System.Collections.Generic.IAsyncEnumerator<T>
    {
        readonly Func<LocalAsyncIterator<T>, Func<bool, System.Threading.Tasks.Task<bool>>> _start;
        Func<bool, System.Threading.Tasks.Task<bool>> _moveNext;
        readonly int _thread;

        public LocalAsyncIterator(Func<LocalAsyncIterator<T>, Func<bool, System.Threading.Tasks.Task<bool>>> start, bool enumerable)
        {
            _start = start;
            if (enumerable) _thread = Environment.CurrentManagedThreadId;
            else _moveNext = start(this);
        }

        public T Current { get; set; }

        // Token is the token GetAsyncEnumerator received; the parameter
        // marked [EnumeratorCancellation] reads it when the enumerator starts.
        public System.Threading.CancellationToken Token { get; private set; }

        public System.Threading.Tasks.ValueTask<bool> MoveNextAsync() =>
            _moveNext == null ? new System.Threading.Tasks.ValueTask<bool>(false) : new System.Threading.Tasks.ValueTask<bool>(_moveNext(false));

        public System.Threading.Tasks.ValueTask DisposeAsync() =>
            _moveNext == null ? default : new System.Threading.Tasks.ValueTask(_moveNext(true));

        public System.Collections.Generic.IAsyncEnumerator<T> GetAsyncEnumerator(System.Threading.CancellationToken cancellationToken = default)
        {
            if (_moveNext == null && _thread == Environment.CurrentManagedThreadId)
            {
                Token = cancellationToken;
                _moveNext = _start(this);
                return this;
            }
            var fresh = new LocalAsyncIterator<T>(_start, true);
            fresh.Token = cancellationToken;
            fresh._moveNext = _start(fresh);
            return fresh;
        }
    }

    public sealed class LocalIterator<T> : System.Collections.Generic.IEnumerable<T>, System.Collections.Generic.IEnumerator<T>
    {
        readonly Func<LocalIterator<T>, Func<bool, bool>> _start;
        Func<bool, bool> _moveNext;
        readonly int _thread;

        public LocalIterator(Func<LocalIterator<T>, Func<bool, bool>> start, bool enumerable)
        {
            _start = start;
            if (enumerable) _thread = Environment.CurrentManagedThreadId;
            else _moveNext = start(this);
        }

        public T Current { get; set; }
        public bool MoveNext() => _moveNext != null && _moveNext(false);
        public void Dispose() { if (_moveNext != null) _moveNext(true); }
        public void Reset() => throw new NotSupportedException();

        public System.Collections.Generic.IEnumerator<T> GetEnumerator()
        {
            if (_moveNext == null && _thread == Environment.CurrentManagedThreadId)
            {
                _moveNext = _start(this);
                return this;
            }
            return new LocalIterator<T>(_start, false);
        }
    }

    public class SwitchExpressionException : InvalidOperationException
    {
        private object _unmatched;
        public SwitchExpressionException() : base("Non-exhaustive switch expression failed to match its input.") { }
        public SwitchExpressionException(object unmatchedValue) : base("Non-exhaustive switch expression failed to match its input.") { _unmatched = unmatchedValue; }
        public object UnmatchedValue => _unmatched;
        public override string Message => base.Message + Environment.NewLine + "Unmatched value was " + _unmatched + ".";
    }

    public sealed class RuntimeAsyncMethodGenerationAttribute : Attribute
    {
        public RuntimeAsyncMethodGenerationAttribute(bool runtimeAsync) { }
    }

    // EnumeratorCancellationAttribute marks the CancellationToken parameter
    // of an async iterator that receives GetAsyncEnumerator's token.
    public sealed class EnumeratorCancellationAttribute : Attribute
    {
    }

    // ConfiguredCancelableAsyncEnumerable<T> is what WithCancellation and
    // ConfigureAwait on an IAsyncEnumerable<T> return: await foreach
    // passes its token to GetAsyncEnumerator. (A console program has no
    // SynchronizationContext, so continueOnCapturedContext changes nothing
    // observable.)
    public sealed class ConfiguredCancelableAsyncEnumerable<T>
    {
        readonly System.Collections.Generic.IAsyncEnumerable<T> _source;
        readonly System.Threading.CancellationToken _token;
        internal ConfiguredCancelableAsyncEnumerable(System.Collections.Generic.IAsyncEnumerable<T> source, System.Threading.CancellationToken token)
        {
            _source = source;
            _token = token;
        }
        public ConfiguredCancelableAsyncEnumerable<T> ConfigureAwait(bool continueOnCapturedContext) => this;
        public ConfiguredCancelableAsyncEnumerable<T> WithCancellation(System.Threading.CancellationToken cancellationToken) =>
            new ConfiguredCancelableAsyncEnumerable<T>(_source, cancellationToken);
        public System.Collections.Generic.IAsyncEnumerator<T> GetAsyncEnumerator() => _source.GetAsyncEnumerator(_token);
    }

    // ConfiguredAsyncDisposable is what ConfigureAwait on an IAsyncDisposable
    // returns, for `await using (x.ConfigureAwait(false))`: await using
    // finds its DisposeAsync by pattern.
    public readonly struct ConfiguredAsyncDisposable
    {
        readonly IAsyncDisposable _source;
        readonly bool _continueOnCapturedContext;
        internal ConfiguredAsyncDisposable(IAsyncDisposable source, bool continueOnCapturedContext)
        {
            _source = source;
            _continueOnCapturedContext = continueOnCapturedContext;
        }
        public ConfiguredTaskAwaitable DisposeAsync() => _source.DisposeAsync().ConfigureAwait(_continueOnCapturedContext);
    }
}

namespace System.Runtime.CompilerServices
{
    // The awaiter interfaces. An await finds OnCompleted and
    // UnsafeOnCompleted by name, as Roslyn's pattern does; awaiters declare
    // the interfaces to say which one the await calls (UnsafeOnCompleted
    // when it is there).
    public interface INotifyCompletion
    {
        void OnCompleted(Action continuation);
    }

    public interface ICriticalNotifyCompletion : INotifyCompletion
    {
        void UnsafeOnCompleted(Action continuation);
    }
}

namespace System.Threading.Tasks
{
    public static class TaskAsyncEnumerableExtensions
    {
        public static System.Runtime.CompilerServices.ConfiguredCancelableAsyncEnumerable<T> WithCancellation<T>(this System.Collections.Generic.IAsyncEnumerable<T> source, System.Threading.CancellationToken cancellationToken) =>
            new System.Runtime.CompilerServices.ConfiguredCancelableAsyncEnumerable<T>(source, cancellationToken);
        public static System.Runtime.CompilerServices.ConfiguredCancelableAsyncEnumerable<T> ConfigureAwait<T>(this System.Collections.Generic.IAsyncEnumerable<T> source, bool continueOnCapturedContext) =>
            new System.Runtime.CompilerServices.ConfiguredCancelableAsyncEnumerable<T>(source, new System.Threading.CancellationToken(false));
        public static System.Runtime.CompilerServices.ConfiguredAsyncDisposable ConfigureAwait(this IAsyncDisposable source, bool continueOnCapturedContext) =>
            new System.Runtime.CompilerServices.ConfiguredAsyncDisposable(source, continueOnCapturedContext);
    }

    // TaskSchedulerException wraps what a program's TaskScheduler threw
    // from QueueTask when a task was queued to it.
    public class TaskSchedulerException : Exception
    {
        public TaskSchedulerException() : base("An exception was thrown by a TaskScheduler.") { }
        public TaskSchedulerException(string message) : base(message) { }
        public TaskSchedulerException(Exception innerException) : base("An exception was thrown by a TaskScheduler.", innerException) { }
        public TaskSchedulerException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class TaskCanceledException : OperationCanceledException
    {
        public TaskCanceledException() : base("A task was canceled.") { }
        public TaskCanceledException(string message) : base(message) { }
        // The task, set by the VM on the exception it makes for a canceled
        // task. The canceled task's token is not kept: asyncvm's tasks do
        // not record it.
        private Task _task;
        public TaskCanceledException(Task task) : base("A task was canceled.") { _task = task; }
        public Task Task => _task;
        public TaskCanceledException(string message, Exception innerException) : base(message, innerException) { }
        public TaskCanceledException(string message, Exception innerException, System.Threading.CancellationToken token) : base(message, innerException, token) { }
    }
}

namespace System.Collections.Generic
{
    public class KeyNotFoundException : SystemException
    {
        public KeyNotFoundException() : base("The given key was not present in the dictionary.") { }
        public KeyNotFoundException(string message) : base(message) { }
        public KeyNotFoundException(string message, Exception innerException) : base(message, innerException) { }
    }
}

namespace System.Threading
{
    public class SynchronizationLockException : SystemException
    {
        public SynchronizationLockException() : base("Object synchronization method was called from an unsynchronized block of code.") { }
        public SynchronizationLockException(string message) : base(message) { }
        public SynchronizationLockException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class ThreadInterruptedException : SystemException
    {
        public ThreadInterruptedException() : base("Thread was interrupted from a waiting state.") { }
        public ThreadInterruptedException(string message) : base(message) { }
        public ThreadInterruptedException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class SemaphoreFullException : SystemException
    {
        public SemaphoreFullException() : base("Adding the specified count to the semaphore would cause it to exceed its maximum count.") { }
        public SemaphoreFullException(string message) : base(message) { }
        public SemaphoreFullException(string message, Exception innerException) : base(message, innerException) { }
    }

    // SpinWait counts spins as .NET's does: from the tenth spin on (or on a
    // single processor) each spin yields the thread instead of spinning.
    public struct SpinWait
    {
        private int _count;

        public int Count => _count;
        public bool NextSpinWillYield => _count >= 10 || Environment.ProcessorCount == 1;

        public void SpinOnce() => SpinOnce(20);

        public void SpinOnce(int sleep1Threshold)
        {
            if (sleep1Threshold < -1)
                throw new ArgumentOutOfRangeException("sleep1Threshold", "sleep1Threshold ('" + sleep1Threshold + "') must be greater than or equal to '-1'.");
            if (NextSpinWillYield) Thread.Yield();
            else Thread.SpinWait(4 << _count);
            _count = _count == int.MaxValue ? 10 : _count + 1;
        }

        public void Reset() { _count = 0; }

        public static void SpinUntil(Func<bool> condition) => SpinUntil(condition, -1);

        public static bool SpinUntil(Func<bool> condition, int millisecondsTimeout)
        {
            if (millisecondsTimeout < -1)
                throw new ArgumentOutOfRangeException("millisecondsTimeout", "The timeout must represent a value between -1 and Int32.MaxValue, inclusive.");
            if (condition == null)
                throw new ArgumentNullException("condition", "The condition argument is null.");
            long start = Environment.TickCount64;
            SpinWait spinner = new SpinWait();
            while (!condition())
            {
                if (millisecondsTimeout == 0) return false;
                spinner.SpinOnce();
                if (millisecondsTimeout != -1 && spinner.NextSpinWillYield && Environment.TickCount64 - start >= millisecondsTimeout)
                    return false;
            }
            return true;
        }
    }

    // SpinLock is a mutual-exclusion lock that spins (then yields) while it
    // waits. With owner tracking (the default) it knows its holder, so a
    // recursive Enter and an Exit by another thread throw as .NET's do.
    // A SpinLock is a struct: a copy is a different lock.
    public struct SpinLock
    {
        private int _owner;
        private bool _noTracking;

        public SpinLock(bool enableThreadOwnerTracking)
        {
            _owner = 0;
            _noTracking = !enableThreadOwnerTracking;
        }

        public bool IsHeld => Volatile.Read(ref _owner) != 0;
        public bool IsThreadOwnerTrackingEnabled => !_noTracking;

        public bool IsHeldByCurrentThread
        {
            get
            {
                if (_noTracking)
                    throw new InvalidOperationException("Thread tracking is disabled.");
                return Volatile.Read(ref _owner) == Thread.CurrentThread.ManagedThreadId;
            }
        }

        public void Enter(ref bool lockTaken) => TryEnter(-1, ref lockTaken);

        public void TryEnter(ref bool lockTaken) => TryEnter(0, ref lockTaken);

        public void TryEnter(int millisecondsTimeout, ref bool lockTaken)
        {
            if (lockTaken)
            {
                lockTaken = false;
                throw new ArgumentException("The tookLock argument must be set to false before calling this method.", "lockTaken");
            }
            if (millisecondsTimeout < -1)
                throw new ArgumentOutOfRangeException("millisecondsTimeout", "The timeout must be a value between -1 and Int32.MaxValue, inclusive.");
            int me = _noTracking ? -1 : Thread.CurrentThread.ManagedThreadId;
            if (!_noTracking && Volatile.Read(ref _owner) == me)
                throw new LockRecursionException("The calling thread already holds the lock.");
            long start = Environment.TickCount64;
            SpinWait spinner = new SpinWait();
            while (Interlocked.CompareExchange(ref _owner, me, 0) != 0)
            {
                if (millisecondsTimeout == 0) return;
                if (millisecondsTimeout != -1 && Environment.TickCount64 - start >= millisecondsTimeout) return;
                spinner.SpinOnce();
            }
            lockTaken = true;
        }

        public void Exit() => Exit(true);

        public void Exit(bool useMemoryBarrier)
        {
            if (_noTracking)
            {
                if (Volatile.Read(ref _owner) == 0)
                    throw new SynchronizationLockException("The lock is not held.");
            }
            else if (Volatile.Read(ref _owner) != Thread.CurrentThread.ManagedThreadId)
            {
                throw new SynchronizationLockException("The calling thread does not hold the lock.");
            }
            Volatile.Write(ref _owner, 0);
        }
    }
}

namespace System.Threading.Tasks
{
    // TaskWhenEach is the sequence Task.WhenEach returns: its tasks in the
    // order they complete (those complete already first, in array order).
    // The VM's Task.WhenEach creates it; one enumeration per sequence.
    internal sealed class TaskWhenEach : System.Collections.Generic.IAsyncEnumerable<Task>, System.Collections.Generic.IAsyncEnumerator<Task>
    {
        private readonly System.Collections.Generic.List<Task> _pending;
        private Task _current;
        private System.Threading.CancellationToken _token;

        private TaskWhenEach(Task[] tasks) { _pending = new System.Collections.Generic.List<Task>(tasks); }

        internal static TaskWhenEach Create(Task[] tasks) => new TaskWhenEach(tasks);

        public System.Collections.Generic.IAsyncEnumerator<Task> GetAsyncEnumerator(System.Threading.CancellationToken cancellationToken = default)
        {
            _token = cancellationToken;
            return this;
        }

        public Task Current => _current;

        public async ValueTask<bool> MoveNextAsync()
        {
            _token.ThrowIfCancellationRequested();
            if (_pending.Count == 0) return false;
            Task done = await Task.WhenAny(_pending);
            _pending.Remove(done);
            _current = done;
            return true;
        }

        public ValueTask DisposeAsync() => default;
    }
}

// System.Threading.Channels: Channel.CreateUnbounded/CreateBounded with
// .NET's reader and writer API, written over a lock, a List and
// TaskCompletionSources whose continuations run asynchronously, as
// .NET's channels run them by default.
namespace System.Threading.Channels
{
    public enum BoundedChannelFullMode { Wait, DropNewest, DropOldest, DropWrite }

    public class ChannelOptions
    {
        public bool SingleWriter { get; set; }
        public bool SingleReader { get; set; }
        public bool AllowSynchronousContinuations { get; set; }
    }

    public sealed class UnboundedChannelOptions : ChannelOptions { }

    public sealed class BoundedChannelOptions : ChannelOptions
    {
        int _capacity;
        public BoundedChannelOptions(int capacity) { Capacity = capacity; }
        public int Capacity
        {
            get => _capacity;
            set
            {
                if (value < 1) throw new ArgumentOutOfRangeException(nameof(value));
                _capacity = value;
            }
        }
        public BoundedChannelFullMode FullMode { get; set; }
    }

    public class ChannelClosedException : InvalidOperationException
    {
        public ChannelClosedException() : base("The channel has been closed.") { }
        public ChannelClosedException(string message) : base(message) { }
        public ChannelClosedException(Exception innerException) : base("The channel has been closed.", innerException) { }
        public ChannelClosedException(string message, Exception innerException) : base(message, innerException) { }
    }

    public static class Channel
    {
        public static Channel<T> CreateUnbounded<T>() => new Channel<T>(0, BoundedChannelFullMode.Wait);
        public static Channel<T> CreateUnbounded<T>(UnboundedChannelOptions options) => new Channel<T>(0, BoundedChannelFullMode.Wait);
        public static Channel<T> CreateBounded<T>(int capacity)
        {
            if (capacity < 1) throw new ArgumentOutOfRangeException(nameof(capacity));
            return new Channel<T>(capacity, BoundedChannelFullMode.Wait);
        }
        public static Channel<T> CreateBounded<T>(BoundedChannelOptions options)
        {
            if (options == null) throw new ArgumentNullException(nameof(options));
            return new Channel<T>(options.Capacity, options.FullMode);
        }
        public static Channel<T> CreateBounded<T>(BoundedChannelOptions options, Action<T> itemDropped)
        {
            if (options == null) throw new ArgumentNullException(nameof(options));
            var c = new Channel<T>(options.Capacity, options.FullMode);
            c._itemDropped = itemDropped;
            return c;
        }
    }

    public class Channel<T>
    {
        internal readonly object _lock = new object();
        internal readonly List<T> _items = new List<T>();
        internal readonly List<TaskCompletionSource<bool>> _readWaiters = new List<TaskCompletionSource<bool>>();
        internal readonly List<TaskCompletionSource<bool>> _writeWaiters = new List<TaskCompletionSource<bool>>();
        internal readonly TaskCompletionSource _completion = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        internal readonly int _capacity; // 0: unbounded
        internal readonly BoundedChannelFullMode _mode;
        internal bool _closed;
        internal Exception _error;
        internal Action<T> _itemDropped; // called, outside the lock, with an item a full bounded channel drops

        internal Channel(int capacity, BoundedChannelFullMode mode)
        {
            _capacity = capacity;
            _mode = mode;
            Reader = new ChannelReader<T>(this);
            Writer = new ChannelWriter<T>(this);
        }

        public ChannelReader<T> Reader { get; }
        public ChannelWriter<T> Writer { get; }

        // Wake completes the waiters with result, or fails them with error
        // (a channel completed with an error fails its pending waits).
        internal static void Wake(List<TaskCompletionSource<bool>> waiters, bool result, Exception error = null)
        {
            foreach (var w in waiters)
            {
                if (error != null) w.TrySetException(error);
                else w.TrySetResult(result);
            }
            waiters.Clear();
        }

        // Finish completes Completion once the channel is closed and drained;
        // an OperationCanceledException error cancels it with its token.
        internal void Finish()
        {
            if (_error is OperationCanceledException oce) _completion.TrySetCanceled(oce.CancellationToken);
            else if (_error != null) _completion.TrySetException(_error);
            else _completion.TrySetResult();
        }

        internal static ValueTask<bool> Wait(List<TaskCompletionSource<bool>> waiters, CancellationToken ct)
        {
            var tcs = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
            waiters.Add(tcs);
            // A pending operation canceled fails with OperationCanceledException
            // (.NET's AsyncOperation), not the TaskCanceledException of a
            // canceled task, which only a token canceled beforehand gives.
            if (ct.CanBeCanceled) ct.Register(() => tcs.TrySetException(new OperationCanceledException(ct)));
            return new ValueTask<bool>(tcs.Task);
        }
    }

    public class ChannelReader<T>
    {
        readonly Channel<T> _c;
        internal ChannelReader(Channel<T> c) { _c = c; }

        public Task Completion => _c._completion.Task;
        public bool CanCount => true;
        public bool CanPeek => true;
        public int Count { get { lock (_c._lock) return _c._items.Count; } }

        public bool TryRead(out T item)
        {
            lock (_c._lock)
            {
                if (_c._items.Count == 0)
                {
                    item = default(T);
                    return false;
                }
                item = _c._items[0];
                _c._items.RemoveAt(0);
                Channel<T>.Wake(_c._writeWaiters, true);
                if (_c._closed && _c._items.Count == 0) _c.Finish();
                return true;
            }
        }

        public bool TryPeek(out T item)
        {
            lock (_c._lock)
            {
                if (_c._items.Count == 0)
                {
                    item = default(T);
                    return false;
                }
                item = _c._items[0];
                return true;
            }
        }

        public ValueTask<bool> WaitToReadAsync(CancellationToken cancellationToken = default)
        {
            if (cancellationToken.IsCancellationRequested) return new ValueTask<bool>(Task.FromCanceled<bool>(cancellationToken));
            lock (_c._lock)
            {
                if (_c._items.Count > 0) return new ValueTask<bool>(true);
                if (_c._closed)
                {
                    if (_c._error != null) return new ValueTask<bool>(Task.FromException<bool>(_c._error));
                    return new ValueTask<bool>(false);
                }
                return Channel<T>.Wait(_c._readWaiters, cancellationToken);
            }
        }

        public async ValueTask<T> ReadAsync(CancellationToken cancellationToken = default)
        {
            while (true)
            {
                if (TryRead(out var item)) return item;
                bool more;
                try { more = await WaitToReadAsync(cancellationToken); }
                catch (OperationCanceledException) { throw; }
                catch (Exception e) { throw new ChannelClosedException(e); }
                if (!more) throw new ChannelClosedException();
            }
        }

        public IAsyncEnumerable<T> ReadAllAsync(CancellationToken cancellationToken = default) =>
            new ChannelReadAll<T>(this, cancellationToken);
    }

    internal sealed class ChannelReadAll<T> : IAsyncEnumerable<T>, IAsyncEnumerator<T>
    {
        readonly ChannelReader<T> _r;
        readonly CancellationToken _ct;
        internal ChannelReadAll(ChannelReader<T> r, CancellationToken ct) { _r = r; _ct = ct; }
        public T Current { get; private set; }
        public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default) => this;
        public async ValueTask<bool> MoveNextAsync()
        {
            while (await _r.WaitToReadAsync(_ct))
            {
                if (_r.TryRead(out var item))
                {
                    Current = item;
                    return true;
                }
            }
            return false;
        }
        public ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }

    public class ChannelWriter<T>
    {
        readonly Channel<T> _c;
        internal ChannelWriter(Channel<T> c) { _c = c; }

        public bool TryWrite(T item)
        {
            T dropped = default(T);
            bool drop = false;
            lock (_c._lock)
            {
                if (_c._closed) return false;
                if (_c._capacity > 0 && _c._items.Count >= _c._capacity)
                {
                    switch (_c._mode)
                    {
                        case BoundedChannelFullMode.Wait:
                            return false;
                        case BoundedChannelFullMode.DropWrite:
                            dropped = item;
                            drop = true;
                            break;
                        case BoundedChannelFullMode.DropNewest:
                            dropped = _c._items[_c._items.Count - 1];
                            drop = true;
                            _c._items.RemoveAt(_c._items.Count - 1);
                            break;
                        default:
                            dropped = _c._items[0];
                            drop = true;
                            _c._items.RemoveAt(0);
                            break;
                    }
                }
                if (!(drop && _c._mode == BoundedChannelFullMode.DropWrite))
                {
                    _c._items.Add(item);
                    Channel<T>.Wake(_c._readWaiters, true);
                }
            }
            if (drop) _c._itemDropped?.Invoke(dropped);
            return true;
        }

        public ValueTask<bool> WaitToWriteAsync(CancellationToken cancellationToken = default)
        {
            if (cancellationToken.IsCancellationRequested) return new ValueTask<bool>(Task.FromCanceled<bool>(cancellationToken));
            lock (_c._lock)
            {
                if (_c._closed)
                {
                    if (_c._error != null) return new ValueTask<bool>(Task.FromException<bool>(_c._error));
                    return new ValueTask<bool>(false);
                }
                if (_c._capacity == 0 || _c._items.Count < _c._capacity || _c._mode != BoundedChannelFullMode.Wait)
                    return new ValueTask<bool>(true);
                return Channel<T>.Wait(_c._writeWaiters, cancellationToken);
            }
        }

        public async ValueTask WriteAsync(T item, CancellationToken cancellationToken = default)
        {
            while (true)
            {
                if (TryWrite(item)) return;
                bool more;
                try { more = await WaitToWriteAsync(cancellationToken); }
                catch (OperationCanceledException) { throw; }
                catch (Exception e) { throw new ChannelClosedException(e); }
                if (!more) throw new ChannelClosedException();
            }
        }

        public void Complete(Exception error = null)
        {
            if (!TryComplete(error)) throw new ChannelClosedException();
        }

        public bool TryComplete(Exception error = null)
        {
            lock (_c._lock)
            {
                if (_c._closed) return false;
                _c._closed = true;
                _c._error = error;
                if (_c._items.Count == 0) _c.Finish();
                Channel<T>.Wake(_c._readWaiters, false, error);
                Channel<T>.Wake(_c._writeWaiters, false, error);
                return true;
            }
        }
    }
}

namespace System.Collections.Generic
{
    public interface IAsyncEnumerable<T>
    {
        IAsyncEnumerator<T> GetAsyncEnumerator(System.Threading.CancellationToken cancellationToken = default);
    }

    public interface IAsyncEnumerator<T> : System.IAsyncDisposable
    {
        T Current { get; }
        System.Threading.Tasks.ValueTask<bool> MoveNextAsync();
    }
}

namespace System
{
    public interface IProgress<in T>
    {
        void Report(T value);
    }

    // Progress<T> is .NET's: it captures SynchronizationContext.Current when
    // made (without one, a base SynchronizationContext, whose Post queues
    // to the pool) and posts each report there; the handler, then
    // ProgressChanged, run in that posted callback.
    public class Progress<T> : IProgress<T>
    {
        static readonly System.Threading.SynchronizationContext s_defaultContext = new System.Threading.SynchronizationContext();
        readonly System.Threading.SynchronizationContext _synchronizationContext;
        readonly Action<T> _handler;
        readonly System.Threading.SendOrPostCallback _invokeHandlers;
        public Progress()
        {
            _synchronizationContext = System.Threading.SynchronizationContext.Current ?? s_defaultContext;
            _invokeHandlers = InvokeHandlers;
        }
        public Progress(Action<T> handler) : this()
        {
            if (handler == null) throw new ArgumentNullException(nameof(handler));
            _handler = handler;
        }
        public event EventHandler<T> ProgressChanged;
        protected virtual void OnReport(T value)
        {
            var h = _handler;
            var changed = ProgressChanged;
            if (h != null || changed != null)
                _synchronizationContext.Post(_invokeHandlers, value);
        }
        void InvokeHandlers(object state)
        {
            T value = (T)state;
            _handler?.Invoke(value);
            ProgressChanged?.Invoke(this, value);
        }
        void IProgress<T>.Report(T value) => OnReport(value);
    }
}

// Exceptions of the file system API and of access checks: asyncvm has no
// file API that throws them, programs do (compiled when named).
namespace System
{
    public class UnauthorizedAccessException : SystemException
    {
        public UnauthorizedAccessException() : base("Attempted to perform an unauthorized operation.") { }
        public UnauthorizedAccessException(string message) : base(message) { }
        public UnauthorizedAccessException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class PlatformNotSupportedException : NotSupportedException
    {
        public PlatformNotSupportedException() : base("Operation is not supported on this platform.") { }
        public PlatformNotSupportedException(string message) : base(message) { }
        public PlatformNotSupportedException(string message, Exception innerException) : base(message, innerException) { }
    }
}

namespace System.IO
{
    public class IOException : SystemException
    {
        public IOException() : base("I/O error occurred.") { }
        public IOException(string message) : base(message) { }
        public IOException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class FileNotFoundException : IOException
    {
        public FileNotFoundException() : base("Unable to find the specified file.") { }
        public FileNotFoundException(string message) : base(message) { }
        public FileNotFoundException(string message, Exception innerException) : base(message, innerException) { }
        public FileNotFoundException(string message, string fileName) : base(message) { FileName = fileName; }
        public string FileName { get; }
    }

    public class DirectoryNotFoundException : IOException
    {
        public DirectoryNotFoundException() : base("Attempted to access a path that is not on disk.") { }
        public DirectoryNotFoundException(string message) : base(message) { }
        public DirectoryNotFoundException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class EndOfStreamException : IOException
    {
        public EndOfStreamException() : base("Attempted to read past the end of the stream.") { }
        public EndOfStreamException(string message) : base(message) { }
        public EndOfStreamException(string message, Exception innerException) : base(message, innerException) { }
    }
}

namespace System.Threading
{
    public static class Timeout
    {
        public const int Infinite = -1;
        public static readonly TimeSpan InfiniteTimeSpan = TimeSpan.FromMilliseconds(-1);
    }

    // ThreadLocal<T> keeps one value per thread, keyed by the thread's
    // ManagedThreadId; a value is created by the factory (or is default(T))
    // on a thread's first read.
    public class ThreadLocal<T> : IDisposable
    {
        readonly Func<T> _factory;
        readonly bool _track;
        bool _disposed;
        readonly System.Collections.Concurrent.ConcurrentDictionary<int, T> _values = new System.Collections.Concurrent.ConcurrentDictionary<int, T>();

        public ThreadLocal() { }
        public ThreadLocal(bool trackAllValues) { _track = trackAllValues; }
        public ThreadLocal(Func<T> valueFactory)
        {
            if (valueFactory == null) throw new ArgumentNullException(nameof(valueFactory));
            _factory = valueFactory;
        }
        public ThreadLocal(Func<T> valueFactory, bool trackAllValues)
        {
            if (valueFactory == null) throw new ArgumentNullException(nameof(valueFactory));
            _factory = valueFactory;
            _track = trackAllValues;
        }

        void CheckDisposed()
        {
            if (_disposed) throw new ObjectDisposedException("The ThreadLocal object has been disposed.");
        }

        public T Value
        {
            get
            {
                CheckDisposed();
                int id = Thread.CurrentThread.ManagedThreadId;
                if (_values.TryGetValue(id, out T v)) return v;
                T created = _factory != null ? _factory() : default(T);
                _values[id] = created;
                return created;
            }
            set
            {
                CheckDisposed();
                _values[Thread.CurrentThread.ManagedThreadId] = value;
            }
        }

        public bool IsValueCreated
        {
            get
            {
                CheckDisposed();
                return _values.ContainsKey(Thread.CurrentThread.ManagedThreadId);
            }
        }
        public System.Collections.Generic.IList<T> Values
        {
            get
            {
                CheckDisposed();
                if (!_track) throw new InvalidOperationException("The ThreadLocal object is not tracking values. To use the Values property, use a ThreadLocal constructor that accepts the trackAllValues parameter and set the parameter to true.");
                return new System.Collections.Generic.List<T>(_values.Values);
            }
        }
        public void Dispose()
        {
            _disposed = true;
            _values.Clear();
        }
        public override string ToString() => Value.ToString();
    }
}

namespace System
{
    // HashCode combines hash codes; .NET seeds it per process, so programs
    // never print its values, and a fixed mix serves.
    public class HashCode
    {
        int _hash = 17;

        static int Of<T>(T value) => value == null ? 0 : value.GetHashCode();
        static int Mix(int h, int v) => h * 31 + v;

        public static int Combine<T1>(T1 value1) => Mix(17, Of(value1));
        public static int Combine<T1, T2>(T1 value1, T2 value2) => Mix(Mix(17, Of(value1)), Of(value2));
        public static int Combine<T1, T2, T3>(T1 value1, T2 value2, T3 value3) => Mix(Combine(value1, value2), Of(value3));
        public static int Combine<T1, T2, T3, T4>(T1 value1, T2 value2, T3 value3, T4 value4) => Mix(Combine(value1, value2, value3), Of(value4));
        public static int Combine<T1, T2, T3, T4, T5>(T1 value1, T2 value2, T3 value3, T4 value4, T5 value5) => Mix(Combine(value1, value2, value3, value4), Of(value5));
        public void Add<T>(T value) { _hash = Mix(_hash, Of(value)); }
        public int ToHashCode() => _hash;
    }
}

namespace System
{
    // MathF: Math at float precision, each result rounded to float
    // (compiled when named).
    public static class MathF
    {
        public const float PI = 3.14159265f;
        public const float E = 2.71828183f;
        public const float Tau = 6.28318531f;
        public static float Abs(float x) => Math.Abs(x);
        public static float Max(float x, float y) => Math.Max(x, y);
        public static float Min(float x, float y) => Math.Min(x, y);
        public static float MaxMagnitude(float x, float y) => (float)Math.MaxMagnitude(x, y);
        public static float MinMagnitude(float x, float y) => (float)Math.MinMagnitude(x, y);
        public static int Sign(float x) => Math.Sign(x);
        public static float CopySign(float x, float y) => (float)Math.CopySign(x, y);
        public static float Sqrt(float x) => (float)Math.Sqrt(x);
        public static float Cbrt(float x) => (float)Math.Cbrt(x);
        public static float Pow(float x, float y) => (float)Math.Pow(x, y);
        public static float Exp(float x) => (float)Math.Exp(x);
        public static float Log(float x) => (float)Math.Log(x);
        public static float Log(float x, float y) => (float)Math.Log(x, y);
        public static float Log10(float x) => (float)Math.Log10(x);
        public static float Log2(float x) => (float)Math.Log2(x);
        public static float Sin(float x) => (float)Math.Sin(x);
        public static float Cos(float x) => (float)Math.Cos(x);
        public static float Tan(float x) => (float)Math.Tan(x);
        public static float Asin(float x) => (float)Math.Asin(x);
        public static float Acos(float x) => (float)Math.Acos(x);
        public static float Atan(float x) => (float)Math.Atan(x);
        public static float Atan2(float y, float x) => (float)Math.Atan2(y, x);
        public static float Sinh(float x) => (float)Math.Sinh(x);
        public static float Cosh(float x) => (float)Math.Cosh(x);
        public static float Tanh(float x) => (float)Math.Tanh(x);
        public static float Floor(float x) => (float)Math.Floor(x);
        public static float Ceiling(float x) => (float)Math.Ceiling(x);
        public static float Truncate(float x) => (float)Math.Truncate(x);
        public static float Round(float x) => (float)Math.Round((double)x);
        public static float Round(float x, int digits) => (float)Math.Round((double)x, digits);
        public static float Round(float x, MidpointRounding mode) => (float)Math.Round((double)x, mode);
        public static float Round(float x, int digits, MidpointRounding mode) => (float)Math.Round((double)x, digits, mode);
        public static float FusedMultiplyAdd(float x, float y, float z) => (float)((double)x * y + z);
    }

    // GC: the VM's collector is Go's; these calls have nothing to do but
    // check their argument (compiled when named).
    public static class GC
    {
        public static void SuppressFinalize(object obj)
        {
            if (obj == null) throw new ArgumentNullException(nameof(obj));
        }
        public static void ReRegisterForFinalize(object obj)
        {
            if (obj == null) throw new ArgumentNullException(nameof(obj));
        }
        public static void KeepAlive(object obj) { }
        public static void Collect() { }
        public static void Collect(int generation) { }
        public static void WaitForPendingFinalizers() { }
        // GetTotalAllocatedBytes is the VM's estimate of the bytes the
        // program has allocated (the sizes its heap accounting charges, see
        // docs/deviations.md), exact or not alike.
        public static long GetTotalAllocatedBytes(bool precise = false) => Internal.VM.AllocatedBytes();
    }
}

namespace System.Threading
{
    public enum LazyThreadSafetyMode { None, PublicationOnly, ExecutionAndPublication }

    // PeriodicTimer ticks every Period from its creation; a tick that
    // passes while nobody waits is kept (one at most), so the next
    // WaitForNextTickAsync completes at once. Dispose ends a pending wait
    // with false, as do all waits after it.
    public sealed class PeriodicTimer : IDisposable
    {
        readonly object _gate = new object();
        readonly System.Diagnostics.Stopwatch _clock = System.Diagnostics.Stopwatch.StartNew();
        readonly CancellationTokenSource _disposed = new CancellationTokenSource();
        static readonly TimeSpan Infinite = TimeSpan.FromMilliseconds(-1);
        TimeSpan _period;
        TimeSpan _due;
        bool _waiting;

        public PeriodicTimer(TimeSpan period)
        {
            Check(period);
            _period = period;
            _due = period;
        }

        public TimeSpan Period
        {
            get => _period;
            set
            {
                Check(value);
                lock (_gate) { _period = value; _due = _clock.Elapsed + value; }
            }
        }

        static void Check(TimeSpan period)
        {
            if (period != Infinite && (period <= TimeSpan.Zero || period.TotalMilliseconds > 4294967294))
                throw new ArgumentOutOfRangeException(nameof(period));
        }

        public async System.Threading.Tasks.ValueTask<bool> WaitForNextTickAsync(CancellationToken cancellationToken = default)
        {
            TimeSpan wait;
            lock (_gate)
            {
                if (_waiting) throw new InvalidOperationException("Operation is not valid due to the current state of the object.");
                if (_disposed.IsCancellationRequested) return false;
                // .NET returns ValueTask.FromCanceled: awaited, a TaskCanceledException.
                if (cancellationToken.IsCancellationRequested) throw new System.Threading.Tasks.TaskCanceledException("A task was canceled.", null, cancellationToken);
                var now = _clock.Elapsed;
                if (_period != Infinite && now >= _due)
                {
                    while (_due <= now) _due += _period;
                    return true;
                }
                _waiting = true;
                wait = _period == Infinite ? Infinite : _due - now;
            }
            try
            {
                using var linked = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, _disposed.Token);
                await System.Threading.Tasks.Task.Delay(wait, linked.Token);
            }
            catch (OperationCanceledException)
            {
                lock (_gate) { _waiting = false; }
                if (_disposed.IsCancellationRequested && !cancellationToken.IsCancellationRequested) return false;
                // A wait canceled by the caller's token fails with an
                // OperationCanceledException carrying it, as .NET's.
                if (cancellationToken.IsCancellationRequested) throw new OperationCanceledException(cancellationToken);
                throw;
            }
            lock (_gate)
            {
                _waiting = false;
                var now = _clock.Elapsed;
                while (_due <= now) _due += _period;
            }
            return true;
        }

        public void Dispose() => _disposed.Cancel();
    }
}

namespace System
{
    // Lazy<T> runs its factory once, on the first read of Value. In the
    // default mode (ExecutionAndPublication) other readers wait for it
    // under a lock and an exception the factory throws is cached and
    // rethrown on every read; PublicationOnly lets racing threads each run
    // it and keeps the first value published.
    public class Lazy<T>
    {
        readonly object _gate = new object();
        readonly System.Threading.LazyThreadSafetyMode _mode;
        Func<T> _factory;
        T _value;
        bool _created;
        bool _running;
        Exception _error;

        // The prelude's bodies are compiled without overload resolution by
        // type, so the constructors of one arity do not call each other.
        public Lazy(Func<T> valueFactory)
        {
            if (valueFactory == null) throw new ArgumentNullException(nameof(valueFactory));
            _factory = valueFactory;
            _mode = System.Threading.LazyThreadSafetyMode.ExecutionAndPublication;
        }
        public Lazy(Func<T> valueFactory, bool isThreadSafe)
        {
            if (valueFactory == null) throw new ArgumentNullException(nameof(valueFactory));
            _factory = valueFactory;
            _mode = isThreadSafe ? System.Threading.LazyThreadSafetyMode.ExecutionAndPublication : System.Threading.LazyThreadSafetyMode.None;
        }
        public Lazy(Func<T> valueFactory, System.Threading.LazyThreadSafetyMode mode)
        {
            if (valueFactory == null) throw new ArgumentNullException(nameof(valueFactory));
            _factory = valueFactory;
            _mode = mode;
        }
        public Lazy(T value)
        {
            _value = value;
            _created = true;
        }
        // Without a factory the value is T's parameterless constructor's
        // (.NET: Activator.CreateInstance<T>()).
        public Lazy()
        {
            _factory = CreateDefault;
            _mode = System.Threading.LazyThreadSafetyMode.ExecutionAndPublication;
        }
        public Lazy(bool isThreadSafe)
        {
            _factory = CreateDefault;
            _mode = isThreadSafe ? System.Threading.LazyThreadSafetyMode.ExecutionAndPublication : System.Threading.LazyThreadSafetyMode.None;
        }
        public Lazy(System.Threading.LazyThreadSafetyMode mode)
        {
            _factory = CreateDefault;
            _mode = mode;
        }
        T CreateDefault() => new T();

        // _created is published with Volatile.Write after _value is set and
        // read with Volatile.Read before _value is: a reader that sees it
        // true outside the lock sees the value (and the VM's memory model,
        // Go's, has no data race for the race detector to report).
        public bool IsValueCreated => System.Threading.Volatile.Read(ref _created);

        public T Value
        {
            get
            {
                if (System.Threading.Volatile.Read(ref _created)) return _value;
                if (_mode == System.Threading.LazyThreadSafetyMode.PublicationOnly)
                {
                    var v = _factory();
                    lock (_gate)
                    {
                        if (!_created) { _value = v; _factory = null; System.Threading.Volatile.Write(ref _created, true); }
                        return _value;
                    }
                }
                lock (_gate)
                {
                    if (_created) return _value;
                    if (_error != null) throw _error;
                    if (_running) throw new InvalidOperationException("ValueFactory attempted to access the Value property of this instance.");
                    _running = true;
                    try
                    {
                        _value = _factory();
                        _factory = null;
                        System.Threading.Volatile.Write(ref _created, true);
                    }
                    catch (Exception e)
                    {
                        _error = e;
                        throw;
                    }
                    finally
                    {
                        _running = false;
                    }
                    return _value;
                }
            }
        }

        public override string ToString() => System.Threading.Volatile.Read(ref _created) ? (_value == null ? "" : _value.ToString()) : "Value is not created.";
    }
}

namespace System.Collections.Generic
{
    // EqualityComparer<T>.Default and Comparer<T>.Default compare as the
    // collections do by default: Equals and GetHashCode, and IComparable
    // with null ordered first (compiled when named).
    public abstract class EqualityComparer<T> : IEqualityComparer<T>
    {
        static EqualityComparer<T> s_default;
        public static EqualityComparer<T> Default => s_default ?? (s_default = new ObjectEqualityComparer<T>());
        public abstract bool Equals(T x, T y);
        public abstract int GetHashCode(T obj);
        public static EqualityComparer<T> Create(Func<T, T, bool> equals, Func<T, int> getHashCode = null)
        {
            if (equals == null) throw new ArgumentNullException(nameof(equals));
            return new DelegateEqualityComparer<T>(equals, getHashCode);
        }
    }

    sealed class ObjectEqualityComparer<T> : EqualityComparer<T>
    {
        public override bool Equals(T x, T y) => Internal.Equality.DefaultEquals(x, y);
        public override int GetHashCode(T obj) => obj == null ? 0 : obj.GetHashCode();
    }

    sealed class DelegateEqualityComparer<T> : EqualityComparer<T>
    {
        readonly Func<T, T, bool> _equals;
        readonly Func<T, int> _hash;
        public DelegateEqualityComparer(Func<T, T, bool> equals, Func<T, int> hash) { _equals = equals; _hash = hash; }
        public override bool Equals(T x, T y) => _equals(x, y);
        public override int GetHashCode(T obj)
        {
            if (_hash == null) throw new NotSupportedException("Specified method is not supported.");
            return _hash(obj);
        }
    }

    // The Comparer property of a Dictionary or HashSet (natives): the
    // comparer it was made with, else EqualityComparer<T>.Default.
    public static class CollectionComparers
    {
        extension<TKey, TValue>(Dictionary<TKey, TValue> dictionary)
        {
            public IEqualityComparer<TKey> Comparer => dictionary.ComparerOrNull() ?? EqualityComparer<TKey>.Default;
        }

        extension<T>(HashSet<T> set)
        {
            public IEqualityComparer<T> Comparer => set.ComparerOrNull() ?? EqualityComparer<T>.Default;
        }
    }

    public abstract class Comparer<T> : IComparer<T>
    {
        static Comparer<T> s_default;
        public static Comparer<T> Default => s_default ?? (s_default = new ObjectComparer<T>());
        public abstract int Compare(T x, T y);
        public static Comparer<T> Create(Comparison<T> comparison)
        {
            if (comparison == null) throw new ArgumentNullException(nameof(comparison));
            return new ComparisonComparer<T>(comparison);
        }
    }

    sealed class ObjectComparer<T> : Comparer<T>
    {
        public override int Compare(T x, T y)
        {
            object a = x, b = y;
            if (a == null) return b == null ? 0 : -1;
            if (b == null) return 1;
            if (a is IComparable c) return c.CompareTo(b);
            throw new ArgumentException("At least one object must implement IComparable.");
        }
    }

    sealed class ComparisonComparer<T> : Comparer<T>
    {
        readonly Comparison<T> _comparison;
        public ComparisonComparer(Comparison<T> comparison) { _comparison = comparison; }
        public override int Compare(T x, T y) => _comparison(x, y);
    }
}

namespace System.Linq
{
    // ToLookup and ILookup<TKey, TElement>: groups made eagerly, in the
    // order their keys first appear, found by key through a dictionary
    // (the null key beside it), an empty sequence for a missing key
    // (compiled when named).
    public interface ILookup<TKey, TElement> : System.Collections.Generic.IEnumerable<IGrouping<TKey, TElement>>
    {
        int Count { get; }
        System.Collections.Generic.IEnumerable<TElement> this[TKey key] { get; }
        bool Contains(TKey key);
    }

    public class Lookup<TKey, TElement> : ILookup<TKey, TElement>
    {
        readonly System.Collections.Generic.List<IGrouping<TKey, TElement>> _groups;
        readonly System.Collections.Generic.Dictionary<TKey, IGrouping<TKey, TElement>> _index;
        IGrouping<TKey, TElement> _nullGroup;

        internal Lookup(System.Collections.Generic.IEnumerable<IGrouping<TKey, TElement>> groups, System.Collections.Generic.IEqualityComparer<TKey> comparer)
        {
            _groups = new System.Collections.Generic.List<IGrouping<TKey, TElement>>(groups);
            _index = comparer == null ? new System.Collections.Generic.Dictionary<TKey, IGrouping<TKey, TElement>>() : new System.Collections.Generic.Dictionary<TKey, IGrouping<TKey, TElement>>(comparer);
            foreach (var g in _groups)
            {
                if (g.Key == null) _nullGroup = g;
                else _index[g.Key] = g;
            }
        }

        public int Count => _groups.Count;

        public System.Collections.Generic.IEnumerable<TElement> this[TKey key]
        {
            get
            {
                var g = Find(key);
                if (g == null) return Enumerable.Empty<TElement>();
                return g;
            }
        }

        public bool Contains(TKey key) => Find(key) != null;

        IGrouping<TKey, TElement> Find(TKey key)
        {
            if (key == null) return _nullGroup;
            IGrouping<TKey, TElement> g;
            return _index.TryGetValue(key, out g) ? g : null;
        }

        public System.Collections.Generic.IEnumerator<IGrouping<TKey, TElement>> GetEnumerator() => _groups.GetEnumerator();
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => _groups.GetEnumerator();
    }

    // The parameterless ToDictionary overloads (.NET 8) over key/value
    // pairs and (key, value) tuples.
    public static class PairDictionaryExtensions
    {
        public static System.Collections.Generic.Dictionary<TKey, TValue> ToDictionary<TKey, TValue>(this System.Collections.Generic.IEnumerable<System.Collections.Generic.KeyValuePair<TKey, TValue>> source) where TKey : notnull =>
            FromPairs(source, null);
        public static System.Collections.Generic.Dictionary<TKey, TValue> ToDictionary<TKey, TValue>(this System.Collections.Generic.IEnumerable<System.Collections.Generic.KeyValuePair<TKey, TValue>> source, System.Collections.Generic.IEqualityComparer<TKey> comparer) where TKey : notnull =>
            FromPairs(source, comparer);
        public static System.Collections.Generic.Dictionary<TKey, TValue> ToDictionary<TKey, TValue>(this System.Collections.Generic.IEnumerable<(TKey Key, TValue Value)> source) where TKey : notnull =>
            FromTuples(source, null);
        public static System.Collections.Generic.Dictionary<TKey, TValue> ToDictionary<TKey, TValue>(this System.Collections.Generic.IEnumerable<(TKey Key, TValue Value)> source, System.Collections.Generic.IEqualityComparer<TKey> comparer) where TKey : notnull =>
            FromTuples(source, comparer);

        static System.Collections.Generic.Dictionary<TKey, TValue> FromPairs<TKey, TValue>(System.Collections.Generic.IEnumerable<System.Collections.Generic.KeyValuePair<TKey, TValue>> source, System.Collections.Generic.IEqualityComparer<TKey> comparer)
        {
            if (source == null) throw new ArgumentNullException("source");
            var d = new System.Collections.Generic.Dictionary<TKey, TValue>(comparer);
            foreach (var kv in source) d.Add(kv.Key, kv.Value);
            return d;
        }

        static System.Collections.Generic.Dictionary<TKey, TValue> FromTuples<TKey, TValue>(System.Collections.Generic.IEnumerable<(TKey Key, TValue Value)> source, System.Collections.Generic.IEqualityComparer<TKey> comparer)
        {
            if (source == null) throw new ArgumentNullException("source");
            var d = new System.Collections.Generic.Dictionary<TKey, TValue>(comparer);
            foreach (var kv in source) d.Add(kv.Item1, kv.Item2);
            return d;
        }
    }

    // Zip of three sequences and Max/Min with a comparer: the library's
    // natives of those names take a selector third and second.
    public static class EnumerableOverloads
    {
        public static System.Collections.Generic.IEnumerable<(TFirst First, TSecond Second, TThird Third)> Zip<TFirst, TSecond, TThird>(this System.Collections.Generic.IEnumerable<TFirst> first, System.Collections.Generic.IEnumerable<TSecond> second, System.Collections.Generic.IEnumerable<TThird> third)
        {
            if (first == null) throw new ArgumentNullException(nameof(first));
            if (second == null) throw new ArgumentNullException(nameof(second));
            if (third == null) throw new ArgumentNullException(nameof(third));
            return Zip3(first, second, third);
        }

        static System.Collections.Generic.IEnumerable<(TFirst First, TSecond Second, TThird Third)> Zip3<TFirst, TSecond, TThird>(System.Collections.Generic.IEnumerable<TFirst> first, System.Collections.Generic.IEnumerable<TSecond> second, System.Collections.Generic.IEnumerable<TThird> third)
        {
            using (var e1 = first.GetEnumerator())
            using (var e2 = second.GetEnumerator())
            using (var e3 = third.GetEnumerator())
            {
                while (e1.MoveNext() && e2.MoveNext() && e3.MoveNext())
                    yield return (e1.Current, e2.Current, e3.Current);
            }
        }

        public static TSource Max<TSource>(this System.Collections.Generic.IEnumerable<TSource> source, System.Collections.Generic.IComparer<TSource> comparer) => Extreme(source, comparer, true);
        public static TSource Min<TSource>(this System.Collections.Generic.IEnumerable<TSource> source, System.Collections.Generic.IComparer<TSource> comparer) => Extreme(source, comparer, false);

        // Extreme passes nulls over and gives null for an empty sequence
        // of a reference or nullable type; a value type's throws.
        static TSource Extreme<TSource>(System.Collections.Generic.IEnumerable<TSource> source, System.Collections.Generic.IComparer<TSource> comparer, bool max)
        {
            if (source == null) throw new ArgumentNullException(nameof(source));
            using (var e = source.GetEnumerator())
            {
                TSource value = default(TSource);
                if (value == null)
                {
                    do
                    {
                        if (!e.MoveNext()) return value;
                        value = e.Current;
                    }
                    while (value == null);
                    while (e.MoveNext())
                    {
                        TSource next = e.Current;
                        if (next != null && Better(comparer, next, value, max)) value = next;
                    }
                    return value;
                }
                if (!e.MoveNext()) throw new InvalidOperationException("Sequence contains no elements");
                value = e.Current;
                while (e.MoveNext())
                {
                    TSource next = e.Current;
                    if (Better(comparer, next, value, max)) value = next;
                }
                return value;
            }
        }

        static bool Better<TSource>(System.Collections.Generic.IComparer<TSource> comparer, TSource next, TSource value, bool max)
        {
            int c;
            if (comparer != null) c = comparer.Compare(next, value);
            else if ((object)next is IComparable cmp) c = cmp.CompareTo(value);
            else throw new ArgumentException("At least one object must implement IComparable.");
            return max ? c > 0 : c < 0;
        }
    }

    // LeftJoin and RightJoin (.NET 10): each element of one side with each
    // element of the other whose key equals its own, or with default when
    // none does; null keys match nothing, as in Join (compiled when named).
    public static class OuterJoinExtensions
    {
        public static System.Collections.Generic.IEnumerable<TResult> LeftJoin<TOuter, TInner, TKey, TResult>(this System.Collections.Generic.IEnumerable<TOuter> outer, System.Collections.Generic.IEnumerable<TInner> inner, Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, TInner, TResult> resultSelector)
        {
            if (outer == null) throw new ArgumentNullException(nameof(outer));
            if (inner == null) throw new ArgumentNullException(nameof(inner));
            if (outerKeySelector == null) throw new ArgumentNullException(nameof(outerKeySelector));
            if (innerKeySelector == null) throw new ArgumentNullException(nameof(innerKeySelector));
            if (resultSelector == null) throw new ArgumentNullException(nameof(resultSelector));
            return Left(outer, inner, outerKeySelector, innerKeySelector, resultSelector);
        }

        public static System.Collections.Generic.IEnumerable<TResult> RightJoin<TOuter, TInner, TKey, TResult>(this System.Collections.Generic.IEnumerable<TOuter> outer, System.Collections.Generic.IEnumerable<TInner> inner, Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, TInner, TResult> resultSelector)
        {
            if (outer == null) throw new ArgumentNullException(nameof(outer));
            if (inner == null) throw new ArgumentNullException(nameof(inner));
            if (outerKeySelector == null) throw new ArgumentNullException(nameof(outerKeySelector));
            if (innerKeySelector == null) throw new ArgumentNullException(nameof(innerKeySelector));
            if (resultSelector == null) throw new ArgumentNullException(nameof(resultSelector));
            return Left(inner, outer, innerKeySelector, outerKeySelector, (i, o) => resultSelector(o, i));
        }

        static System.Collections.Generic.IEnumerable<TResult> Left<TOuter, TInner, TKey, TResult>(System.Collections.Generic.IEnumerable<TOuter> outer, System.Collections.Generic.IEnumerable<TInner> inner, Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, TInner, TResult> resultSelector)
        {
            var byKey = new System.Collections.Generic.Dictionary<TKey, System.Collections.Generic.List<TInner>>();
            foreach (var i in inner)
            {
                TKey k = innerKeySelector(i);
                if (k == null) continue;
                System.Collections.Generic.List<TInner> list;
                if (!byKey.TryGetValue(k, out list))
                {
                    list = new System.Collections.Generic.List<TInner>();
                    byKey[k] = list;
                }
                list.Add(i);
            }
            foreach (var o in outer)
            {
                TKey k = outerKeySelector(o);
                System.Collections.Generic.List<TInner> matches;
                if (k != null && byKey.TryGetValue(k, out matches))
                {
                    foreach (var i in matches) yield return resultSelector(o, i);
                }
                else
                {
                    yield return resultSelector(o, default(TInner));
                }
            }
        }
    }

    public static class LookupExtensions
    {
        public static ILookup<TKey, TSource> ToLookup<TSource, TKey>(this System.Collections.Generic.IEnumerable<TSource> source, Func<TSource, TKey> keySelector)
            => Build(source, keySelector, x => x, null);

        public static ILookup<TKey, TSource> ToLookup<TSource, TKey>(this System.Collections.Generic.IEnumerable<TSource> source, Func<TSource, TKey> keySelector, System.Collections.Generic.IEqualityComparer<TKey> comparer)
            => Build(source, keySelector, x => x, comparer);

        public static ILookup<TKey, TElement> ToLookup<TSource, TKey, TElement>(this System.Collections.Generic.IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TSource, TElement> elementSelector)
            => Build(source, keySelector, elementSelector, null);

        public static ILookup<TKey, TElement> ToLookup<TSource, TKey, TElement>(this System.Collections.Generic.IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TSource, TElement> elementSelector, System.Collections.Generic.IEqualityComparer<TKey> comparer)
            => Build(source, keySelector, elementSelector, comparer);

        // Build is every overload's body (prelude bodies are not bound, so a
        // call among overloads of one name would be chosen by count alone).
        static ILookup<TKey, TElement> Build<TSource, TKey, TElement>(System.Collections.Generic.IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TSource, TElement> elementSelector, System.Collections.Generic.IEqualityComparer<TKey> comparer)
        {
            if (source == null) throw new ArgumentNullException(nameof(source));
            if (keySelector == null) throw new ArgumentNullException(nameof(keySelector));
            if (elementSelector == null) throw new ArgumentNullException(nameof(elementSelector));
            var groups = comparer == null ? source.GroupBy(keySelector, elementSelector) : source.GroupBy(keySelector, elementSelector, comparer);
            return new Lookup<TKey, TElement>(groups.ToList(), comparer);
        }
    }
}

namespace System.Threading.Tasks
{
    // Task.WaitAsync and Unwrap, as extension methods (compiled when
    // named): a wait ends with the task, or with a TimeoutException or
    // TaskCanceledException while the task goes on.
    public static class TaskWaitExtensions
    {
        public static async Task WaitAsync(this Task task, TimeSpan timeout)
        {
            await WaitFor(task, timeout, CancellationToken.None);
            await task;
        }

        public static async Task<TResult> WaitAsync<TResult>(this Task<TResult> task, TimeSpan timeout)
        {
            await WaitFor(task, timeout, CancellationToken.None);
            return await task;
        }

        public static async Task WaitAsync(this Task task, TimeSpan timeout, CancellationToken cancellationToken)
        {
            await WaitFor(task, timeout, cancellationToken);
            await task;
        }

        public static async Task<TResult> WaitAsync<TResult>(this Task<TResult> task, TimeSpan timeout, CancellationToken cancellationToken)
        {
            await WaitFor(task, timeout, cancellationToken);
            return await task;
        }

        public static async Task WaitAsync(this Task task, CancellationToken cancellationToken)
        {
            await WaitFor(task, TimeSpan.FromMilliseconds(-1), cancellationToken);
            await task;
        }

        public static async Task<TResult> WaitAsync<TResult>(this Task<TResult> task, CancellationToken cancellationToken)
        {
            await WaitFor(task, TimeSpan.FromMilliseconds(-1), cancellationToken);
            return await task;
        }

        static async Task WaitFor(Task task, TimeSpan timeout, CancellationToken token)
        {
            if (task == null) throw new ArgumentNullException(nameof(task));
            if (timeout < TimeSpan.Zero && timeout != TimeSpan.FromMilliseconds(-1))
                throw new ArgumentOutOfRangeException(nameof(timeout));
            if (task.IsCompleted) return;
            // The wait's cancellation carries the token, as .NET's does.
            if (token.IsCancellationRequested) throw new TaskCanceledException("A task was canceled.", null, token);
            using (var cts = CancellationTokenSource.CreateLinkedTokenSource(token))
            {
                var other = Task.Delay(timeout, cts.Token);
                var done = await Task.WhenAny(task, other);
                cts.Cancel();
                if (done == task) return;
                if (token.IsCancellationRequested) throw new TaskCanceledException("A task was canceled.", null, token);
                throw new TimeoutException("The operation has timed out.");
            }
        }

        public static async Task<TResult> Unwrap<TResult>(this Task<Task<TResult>> task)
        {
            if (task == null) throw new ArgumentNullException(nameof(task));
            var inner = await task;
            if (inner == null) throw new TaskCanceledException();
            return await inner;
        }

        public static async Task Unwrap(this Task<Task> task)
        {
            if (task == null) throw new ArgumentNullException(nameof(task));
            var inner = await task;
            if (inner == null) throw new TaskCanceledException();
            await inner;
        }
    }
}

namespace System.Collections.Generic
{
    // SortedDictionary<TKey, TValue> and SortedSet<T>: sorted arrays of
    // keys searched by binary search with the comparer (Comparer<T>.Default
    // unless given); enumeration in key order (compiled when named).
    public class SortedDictionary<TKey, TValue> : IDictionary<TKey, TValue>, IReadOnlyDictionary<TKey, TValue>
    {
        readonly List<TKey> _keys = new List<TKey>();
        readonly List<TValue> _values = new List<TValue>();
        readonly IComparer<TKey> _comparer;

        public SortedDictionary() : this((IComparer<TKey>)null) { }
        public SortedDictionary(IComparer<TKey> comparer) { _comparer = comparer ?? Comparer<TKey>.Default; }
        public IComparer<TKey> Comparer => _comparer;
        public SortedDictionary(IDictionary<TKey, TValue> dictionary) : this((IComparer<TKey>)null)
        {
            foreach (var kv in dictionary) Add(kv.Key, kv.Value);
        }

        public int Count => _keys.Count;
        public List<TKey> Keys => new List<TKey>(_keys);
        public List<TValue> Values => new List<TValue>(_values);

        int Find(TKey key)
        {
            if (key == null) throw new ArgumentNullException(nameof(key));
            int lo = 0, hi = _keys.Count - 1;
            while (lo <= hi)
            {
                int mid = lo + (hi - lo) / 2;
                int c = _comparer.Compare(_keys[mid], key);
                if (c == 0) return mid;
                if (c < 0) lo = mid + 1; else hi = mid - 1;
            }
            return ~lo;
        }

        public TValue this[TKey key]
        {
            get
            {
                int i = Find(key);
                if (i < 0) throw new KeyNotFoundException("The given key '" + key + "' was not present in the dictionary.");
                return _values[i];
            }
            set
            {
                int i = Find(key);
                if (i >= 0) { _values[i] = value; return; }
                _keys.Insert(~i, key);
                _values.Insert(~i, value);
            }
        }

        public void Add(TKey key, TValue value)
        {
            int i = Find(key);
            if (i >= 0) throw new ArgumentException("An item with the same key has already been added. Key: " + key);
            _keys.Insert(~i, key);
            _values.Insert(~i, value);
        }

        public bool TryAdd(TKey key, TValue value)
        {
            if (Find(key) >= 0) return false;
            Add(key, value);
            return true;
        }

        public bool Remove(TKey key)
        {
            int i = Find(key);
            if (i < 0) return false;
            _keys.RemoveAt(i);
            _values.RemoveAt(i);
            return true;
        }

        public bool ContainsKey(TKey key) => Find(key) >= 0;
        public bool ContainsValue(TValue value) => _values.Contains(value);

        public bool TryGetValue(TKey key, out TValue value)
        {
            int i = Find(key);
            if (i < 0) { value = default(TValue); return false; }
            value = _values[i];
            return true;
        }

        public void Clear() { _keys.Clear(); _values.Clear(); }

        public IEnumerator<KeyValuePair<TKey, TValue>> GetEnumerator()
        {
            var pairs = new List<KeyValuePair<TKey, TValue>>();
            for (int i = 0; i < _keys.Count; i++) pairs.Add(new KeyValuePair<TKey, TValue>(_keys[i], _values[i]));
            return pairs.GetEnumerator();
        }

        // The ICollection<KeyValuePair> and IDictionary members .NET's
        // implements explicitly, so the type converts to IDictionary and
        // IReadOnlyDictionary (CollectionExtensions.Remove(key, out value)).
        bool ICollection<KeyValuePair<TKey, TValue>>.IsReadOnly => false;
        ICollection<TKey> IDictionary<TKey, TValue>.Keys => Keys;
        ICollection<TValue> IDictionary<TKey, TValue>.Values => Values;
        IEnumerable<TKey> IReadOnlyDictionary<TKey, TValue>.Keys => Keys;
        IEnumerable<TValue> IReadOnlyDictionary<TKey, TValue>.Values => Values;
        void ICollection<KeyValuePair<TKey, TValue>>.Add(KeyValuePair<TKey, TValue> item) => Add(item.Key, item.Value);

        bool ICollection<KeyValuePair<TKey, TValue>>.Contains(KeyValuePair<TKey, TValue> item) =>
            TryGetValue(item.Key, out TValue v) && EqualityComparer<TValue>.Default.Equals(v, item.Value);

        bool ICollection<KeyValuePair<TKey, TValue>>.Remove(KeyValuePair<TKey, TValue> item)
        {
            if (!TryGetValue(item.Key, out TValue v) || !EqualityComparer<TValue>.Default.Equals(v, item.Value)) return false;
            return Remove(item.Key);
        }

        public void CopyTo(KeyValuePair<TKey, TValue>[] array, int index)
        {
            if (array == null) throw new ArgumentNullException(nameof(array));
            if (index < 0 || index > array.Length) throw new ArgumentOutOfRangeException(nameof(index), index, "Index was out of range. Must be non-negative and less than or equal to the size of the collection.");
            if (array.Length - index < Count) throw new ArgumentException("Destination array is not long enough to copy all the items in the collection. Check array index and length.");
            for (int i = 0; i < _keys.Count; i++) array[index + i] = new KeyValuePair<TKey, TValue>(_keys[i], _values[i]);
        }

        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
    }

    // SortedList<TKey, TValue>: keys and values in parallel sorted lists,
    // reachable by index as well as by key (compiled when named).
    public class SortedList<TKey, TValue> : IDictionary<TKey, TValue>, IReadOnlyDictionary<TKey, TValue>
    {
        readonly List<TKey> _keys = new List<TKey>();
        readonly List<TValue> _values = new List<TValue>();
        readonly IComparer<TKey> _comparer;

        public SortedList() : this((IComparer<TKey>)null) { }
        public SortedList(IComparer<TKey> comparer) { _comparer = comparer ?? Comparer<TKey>.Default; }
        public SortedList(int capacity)
        {
            if (capacity < 0) throw new ArgumentOutOfRangeException(nameof(capacity), capacity, "Non-negative number required.");
            _comparer = Comparer<TKey>.Default;
            _keys.Capacity = capacity;
            _values.Capacity = capacity;
        }
        public IComparer<TKey> Comparer => _comparer;
        public SortedList(IDictionary<TKey, TValue> dictionary)
        {
            _comparer = Comparer<TKey>.Default;
            foreach (var kv in dictionary) Insert(kv.Key, kv.Value);
        }

        public int Count => _keys.Count;
        public int Capacity
        {
            get => _keys.Capacity;
            set
            {
                if (value < _keys.Count) throw new ArgumentOutOfRangeException(nameof(value), value, "capacity was less than the current size.");
                _keys.Capacity = value;
                _values.Capacity = value;
            }
        }

        // TrimExcess shrinks the capacity to the count when less than 90%
        // of it is used, as .NET's.
        public void TrimExcess()
        {
            if (_keys.Count < (int)(_keys.Capacity * 0.9)) Capacity = _keys.Count;
        }
        public IList<TKey> Keys => new List<TKey>(_keys);
        public IList<TValue> Values => new List<TValue>(_values);

        public int IndexOfKey(TKey key)
        {
            int i = Find(key);
            return i < 0 ? -1 : i;
        }

        public int IndexOfValue(TValue value) => _values.IndexOf(value);
        public TKey GetKeyAtIndex(int index) { CheckIndex(index); return _keys[index]; }
        public TValue GetValueAtIndex(int index) { CheckIndex(index); return _values[index]; }
        public void SetValueAtIndex(int index, TValue value) { CheckIndex(index); _values[index] = value; }

        public void RemoveAt(int index)
        {
            CheckIndex(index);
            _keys.RemoveAt(index);
            _values.RemoveAt(index);
        }

        void CheckIndex(int index)
        {
            if (index < 0 || index >= _keys.Count)
                throw new ArgumentOutOfRangeException(nameof(index), "Index was out of range. Must be non-negative and less than the size of the collection.");
        }

        int Find(TKey key)
        {
            if (key == null) throw new ArgumentNullException(nameof(key));
            int lo = 0, hi = _keys.Count - 1;
            while (lo <= hi)
            {
                int mid = lo + (hi - lo) / 2;
                int c = _comparer.Compare(_keys[mid], key);
                if (c == 0) return mid;
                if (c < 0) lo = mid + 1; else hi = mid - 1;
            }
            return ~lo;
        }

        void Insert(TKey key, TValue value)
        {
            int i = Find(key);
            if (i >= 0) throw new ArgumentException("An item with the same key has already been added. Key: " + key);
            _keys.Insert(~i, key);
            _values.Insert(~i, value);
        }

        public TValue this[TKey key]
        {
            get
            {
                int i = Find(key);
                if (i < 0) throw new KeyNotFoundException("The given key '" + key + "' was not present in the dictionary.");
                return _values[i];
            }
            set
            {
                int i = Find(key);
                if (i >= 0) { _values[i] = value; return; }
                _keys.Insert(~i, key);
                _values.Insert(~i, value);
            }
        }

        public void Add(TKey key, TValue value) => Insert(key, value);

        public bool TryAdd(TKey key, TValue value)
        {
            if (Find(key) >= 0) return false;
            Insert(key, value);
            return true;
        }

        public bool Remove(TKey key)
        {
            int i = Find(key);
            if (i < 0) return false;
            _keys.RemoveAt(i);
            _values.RemoveAt(i);
            return true;
        }

        public bool ContainsKey(TKey key) => Find(key) >= 0;
        public bool ContainsValue(TValue value) => _values.Contains(value);

        public bool TryGetValue(TKey key, out TValue value)
        {
            int i = Find(key);
            if (i < 0) { value = default(TValue); return false; }
            value = _values[i];
            return true;
        }

        public void Clear() { _keys.Clear(); _values.Clear(); }

        public IEnumerator<KeyValuePair<TKey, TValue>> GetEnumerator()
        {
            var pairs = new List<KeyValuePair<TKey, TValue>>();
            for (int i = 0; i < _keys.Count; i++) pairs.Add(new KeyValuePair<TKey, TValue>(_keys[i], _values[i]));
            return pairs.GetEnumerator();
        }

        // The ICollection<KeyValuePair> and IDictionary members .NET's
        // implements explicitly, so the type converts to IDictionary and
        // IReadOnlyDictionary (CollectionExtensions.Remove(key, out value)).
        bool ICollection<KeyValuePair<TKey, TValue>>.IsReadOnly => false;
        ICollection<TKey> IDictionary<TKey, TValue>.Keys => Keys;
        ICollection<TValue> IDictionary<TKey, TValue>.Values => Values;
        IEnumerable<TKey> IReadOnlyDictionary<TKey, TValue>.Keys => Keys;
        IEnumerable<TValue> IReadOnlyDictionary<TKey, TValue>.Values => Values;
        void ICollection<KeyValuePair<TKey, TValue>>.Add(KeyValuePair<TKey, TValue> item) => Add(item.Key, item.Value);

        bool ICollection<KeyValuePair<TKey, TValue>>.Contains(KeyValuePair<TKey, TValue> item) =>
            TryGetValue(item.Key, out TValue v) && EqualityComparer<TValue>.Default.Equals(v, item.Value);

        bool ICollection<KeyValuePair<TKey, TValue>>.Remove(KeyValuePair<TKey, TValue> item)
        {
            if (!TryGetValue(item.Key, out TValue v) || !EqualityComparer<TValue>.Default.Equals(v, item.Value)) return false;
            return Remove(item.Key);
        }

        public void CopyTo(KeyValuePair<TKey, TValue>[] array, int index)
        {
            if (array == null) throw new ArgumentNullException(nameof(array));
            if (index < 0 || index > array.Length) throw new ArgumentOutOfRangeException(nameof(index), index, "Index was out of range. Must be non-negative and less than or equal to the size of the collection.");
            if (array.Length - index < Count) throw new ArgumentException("Destination array is not long enough to copy all the items in the collection. Check array index and length.");
            for (int i = 0; i < _keys.Count; i++) array[index + i] = new KeyValuePair<TKey, TValue>(_keys[i], _values[i]);
        }

        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
    }

    // LinkedList<T>: a doubly linked list of LinkedListNode<T> (compiled
    // when named). A node belongs to one list at a time; its Next and
    // Previous are null at the ends, as .NET's are.
    public sealed class LinkedListNode<T>
    {
        internal LinkedList<T> _list;
        internal LinkedListNode<T> _next;
        internal LinkedListNode<T> _prev;
        T _value;

        public LinkedListNode(T value) { _value = value; }

        public LinkedList<T> List => _list;
        public LinkedListNode<T> Next => _next;
        public LinkedListNode<T> Previous => _prev;
        public T Value { get => _value; set => _value = value; }
    }

    public class LinkedList<T> : IEnumerable<T>
    {
        LinkedListNode<T> _first;
        LinkedListNode<T> _last;
        int _count;

        public LinkedList() { }
        public LinkedList(IEnumerable<T> collection)
        {
            if (collection == null) throw new ArgumentNullException(nameof(collection));
            foreach (var x in collection) InsertAfterNode(_last, new LinkedListNode<T>(x));
        }

        public int Count => _count;
        public LinkedListNode<T> First => _first;
        public LinkedListNode<T> Last => _last;

        void CheckOwned(LinkedListNode<T> node)
        {
            if (node == null) throw new ArgumentNullException(nameof(node));
            if (node._list != this) throw new InvalidOperationException("The LinkedList node does not belong to current LinkedList.");
        }

        static void CheckFree(LinkedListNode<T> node)
        {
            if (node == null) throw new ArgumentNullException(nameof(node));
            if (node._list != null) throw new InvalidOperationException("The LinkedList node already belongs to a LinkedList.");
        }

        // InsertAfterNode links node after prev (at the front when prev is null).
        LinkedListNode<T> InsertAfterNode(LinkedListNode<T> prev, LinkedListNode<T> node)
        {
            node._list = this;
            node._prev = prev;
            node._next = prev == null ? _first : prev._next;
            if (node._next != null) node._next._prev = node; else _last = node;
            if (prev != null) prev._next = node; else _first = node;
            _count++;
            return node;
        }

        void Unlink(LinkedListNode<T> node)
        {
            if (node._prev != null) node._prev._next = node._next; else _first = node._next;
            if (node._next != null) node._next._prev = node._prev; else _last = node._prev;
            node._list = null;
            node._next = null;
            node._prev = null;
            _count--;
        }

        public LinkedListNode<T> AddFirst(T value) => InsertAfterNode(null, new LinkedListNode<T>(value));
        public void AddFirst(LinkedListNode<T> node) { CheckFree(node); InsertAfterNode(null, node); }
        public LinkedListNode<T> AddLast(T value) => InsertAfterNode(_last, new LinkedListNode<T>(value));
        public void AddLast(LinkedListNode<T> node) { CheckFree(node); InsertAfterNode(_last, node); }

        public LinkedListNode<T> AddAfter(LinkedListNode<T> node, T value)
        {
            CheckOwned(node);
            return InsertAfterNode(node, new LinkedListNode<T>(value));
        }

        public void AddAfter(LinkedListNode<T> node, LinkedListNode<T> newNode)
        {
            CheckOwned(node);
            CheckFree(newNode);
            InsertAfterNode(node, newNode);
        }

        public LinkedListNode<T> AddBefore(LinkedListNode<T> node, T value)
        {
            CheckOwned(node);
            return InsertAfterNode(node._prev, new LinkedListNode<T>(value));
        }

        public void AddBefore(LinkedListNode<T> node, LinkedListNode<T> newNode)
        {
            CheckOwned(node);
            CheckFree(newNode);
            InsertAfterNode(node._prev, newNode);
        }

        public LinkedListNode<T> Find(T value)
        {
            var eq = EqualityComparer<T>.Default;
            for (var n = _first; n != null; n = n._next)
                if (eq.Equals(n.Value, value)) return n;
            return null;
        }

        public LinkedListNode<T> FindLast(T value)
        {
            var eq = EqualityComparer<T>.Default;
            for (var n = _last; n != null; n = n._prev)
                if (eq.Equals(n.Value, value)) return n;
            return null;
        }

        public bool Contains(T value) => Find(value) != null;

        public bool Remove(T value)
        {
            var n = Find(value);
            if (n == null) return false;
            Unlink(n);
            return true;
        }

        public void Remove(LinkedListNode<T> node) { CheckOwned(node); Unlink(node); }

        public void RemoveFirst()
        {
            if (_first == null) throw new InvalidOperationException("The LinkedList is empty.");
            Unlink(_first);
        }

        public void RemoveLast()
        {
            if (_last == null) throw new InvalidOperationException("The LinkedList is empty.");
            Unlink(_last);
        }

        public void Clear()
        {
            while (_first != null) Unlink(_first);
        }

        public void CopyTo(T[] array, int index)
        {
            for (var n = _first; n != null; n = n._next) array[index++] = n.Value;
        }

        public IEnumerator<T> GetEnumerator()
        {
            var items = new List<T>(_count);
            for (var n = _first; n != null; n = n._next) items.Add(n.Value);
            return items.GetEnumerator();
        }

        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
    }

    // PriorityQueue<TElement, TPriority>: .NET's quaternary min-heap, step
    // for step (MoveUp, MoveDown, Heapify), so elements of equal priority
    // leave in the order .NET's queue gives them (compiled when named).
    public class PriorityQueue<TElement, TPriority>
    {
        readonly List<TElement> _elements = new List<TElement>();
        readonly List<TPriority> _priorities = new List<TPriority>();
        readonly IComparer<TPriority> _comparer;
        int _version;
        UnorderedItemsCollection _unorderedItems;

        public PriorityQueue() : this((IComparer<TPriority>)null) { }
        public PriorityQueue(IComparer<TPriority> comparer) { _comparer = comparer ?? Comparer<TPriority>.Default; }
        public IComparer<TPriority> Comparer => _comparer;
        public PriorityQueue(int initialCapacity)
        {
            _comparer = Comparer<TPriority>.Default;
            if (initialCapacity < 0) throw new ArgumentOutOfRangeException(nameof(initialCapacity), "'initialCapacity' must be a non-negative value. (Actual value: " + initialCapacity + ")");
            _elements.Capacity = initialCapacity;
            _priorities.Capacity = initialCapacity;
        }
        public PriorityQueue(IEnumerable<(TElement, TPriority)> items)
        {
            if (items == null) throw new ArgumentNullException(nameof(items));
            _comparer = Comparer<TPriority>.Default;
            foreach (var item in items) { _elements.Add(item.Item1); _priorities.Add(item.Item2); }
            if (_elements.Count > 1) Heapify();
        }
        public PriorityQueue(IEnumerable<(TElement, TPriority)> items, IComparer<TPriority> comparer)
        {
            if (items == null) throw new ArgumentNullException(nameof(items));
            _comparer = comparer ?? Comparer<TPriority>.Default;
            foreach (var item in items) { _elements.Add(item.Item1); _priorities.Add(item.Item2); }
            if (_elements.Count > 1) Heapify();
        }

        public int Count => _elements.Count;

        public void Enqueue(TElement element, TPriority priority)
        {
            _elements.Add(element);
            _priorities.Add(priority);
            _version++;
            MoveUp(element, priority, _elements.Count - 1);
        }

        public TElement Peek()
        {
            if (_elements.Count == 0) throw new InvalidOperationException("Queue empty.");
            return _elements[0];
        }

        public TElement Dequeue()
        {
            if (_elements.Count == 0) throw new InvalidOperationException("Queue empty.");
            TElement element = _elements[0];
            RemoveRoot();
            return element;
        }

        public bool TryDequeue(out TElement element, out TPriority priority)
        {
            if (_elements.Count == 0)
            {
                element = default(TElement);
                priority = default(TPriority);
                return false;
            }
            element = _elements[0];
            priority = _priorities[0];
            RemoveRoot();
            return true;
        }

        public bool TryPeek(out TElement element, out TPriority priority)
        {
            if (_elements.Count == 0)
            {
                element = default(TElement);
                priority = default(TPriority);
                return false;
            }
            element = _elements[0];
            priority = _priorities[0];
            return true;
        }

        public TElement EnqueueDequeue(TElement element, TPriority priority)
        {
            if (_elements.Count != 0 && _comparer.Compare(priority, _priorities[0]) > 0)
            {
                TElement root = _elements[0];
                MoveDown(element, priority, 0);
                _version++;
                return root;
            }
            return element;
        }

        public TElement DequeueEnqueue(TElement element, TPriority priority)
        {
            if (_elements.Count == 0) throw new InvalidOperationException("Queue empty.");
            TElement root = _elements[0];
            _version++;
            if (_comparer.Compare(priority, _priorities[0]) > 0)
            {
                MoveDown(element, priority, 0);
            }
            else
            {
                _elements[0] = element;
                _priorities[0] = priority;
            }
            return root;
        }

        public void EnqueueRange(IEnumerable<(TElement, TPriority)> items)
        {
            if (items == null) throw new ArgumentNullException(nameof(items));
            if (_elements.Count == 0)
            {
                foreach (var item in items) { _elements.Add(item.Item1); _priorities.Add(item.Item2); _version++; }
                if (_elements.Count > 1) Heapify();
                return;
            }
            foreach (var item in items) Enqueue(item.Item1, item.Item2);
        }

        public void EnqueueRange(IEnumerable<TElement> elements, TPriority priority)
        {
            if (elements == null) throw new ArgumentNullException(nameof(elements));
            foreach (TElement element in elements) Enqueue(element, priority);
        }

        public void Clear() { _elements.Clear(); _priorities.Clear(); _version++; }

        // Remove takes out the first node whose element equals element (by
        // equalityComparer, else the default), replacing it by the last
        // node, sifted up or down as .NET does.
        public bool Remove(TElement element, out TElement removedElement, out TPriority priority, IEqualityComparer<TElement> equalityComparer = null)
        {
            equalityComparer ??= EqualityComparer<TElement>.Default;
            int index = -1;
            for (int i = 0; i < _elements.Count; i++)
            {
                if (equalityComparer.Equals(element, _elements[i])) { index = i; break; }
            }
            if (index < 0)
            {
                removedElement = default(TElement);
                priority = default(TPriority);
                return false;
            }
            removedElement = _elements[index];
            priority = _priorities[index];
            int newSize = _elements.Count - 1;
            TElement lastElement = _elements[newSize];
            TPriority lastPriority = _priorities[newSize];
            _elements.RemoveAt(newSize);
            _priorities.RemoveAt(newSize);
            if (index < newSize)
            {
                if (_comparer.Compare(lastPriority, priority) < 0) MoveUp(lastElement, lastPriority, index);
                else MoveDown(lastElement, lastPriority, index);
            }
            _version++;
            return true;
        }

        // EnsureCapacity grows the heap as .NET does (twice, at least four
        // more, at least the request) and returns the capacity; TrimExcess
        // shrinks it to Count when less than 90% is used.
        public int EnsureCapacity(int capacity)
        {
            if (capacity < 0) throw new ArgumentOutOfRangeException(nameof(capacity), "'capacity' must be a non-negative value. (Actual value: " + capacity + ")");
            int current = _elements.Capacity;
            if (current < capacity)
            {
                int grown = Math.Max(Math.Max(2 * current, current + 4), capacity);
                _elements.Capacity = grown;
                _priorities.Capacity = grown;
                _version++;
            }
            return _elements.Capacity;
        }

        public void TrimExcess()
        {
            if (_elements.Count < (int)(_elements.Capacity * 0.9))
            {
                _elements.Capacity = _elements.Count;
                _priorities.Capacity = _elements.Count;
                _version++;
            }
        }

        // UnorderedItems enumerates the (element, priority) nodes in heap
        // order; modifying the queue invalidates its enumerators.
        public UnorderedItemsCollection UnorderedItems => _unorderedItems ??= new UnorderedItemsCollection(this);

        public sealed class UnorderedItemsCollection : IReadOnlyCollection<(TElement Element, TPriority Priority)>
        {
            readonly PriorityQueue<TElement, TPriority> _queue;

            internal UnorderedItemsCollection(PriorityQueue<TElement, TPriority> queue) { _queue = queue; }

            public int Count => _queue._elements.Count;

            public Enumerator GetEnumerator() => new Enumerator(_queue);
            IEnumerator<(TElement Element, TPriority Priority)> IEnumerable<(TElement Element, TPriority Priority)>.GetEnumerator() => GetEnumerator();
            System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();

            public sealed class Enumerator : IEnumerator<(TElement Element, TPriority Priority)>
            {
                readonly PriorityQueue<TElement, TPriority> _queue;
                readonly int _version;
                int _index;
                (TElement, TPriority) _current;

                internal Enumerator(PriorityQueue<TElement, TPriority> queue)
                {
                    _queue = queue;
                    _version = queue._version;
                    _index = 0;
                }

                public bool MoveNext()
                {
                    if (_version != _queue._version) throw new InvalidOperationException("Collection was modified; enumeration operation may not execute.");
                    if (_index < _queue._elements.Count)
                    {
                        _current = (_queue._elements[_index], _queue._priorities[_index]);
                        _index++;
                        return true;
                    }
                    _index = _queue._elements.Count + 1;
                    _current = default;
                    return false;
                }

                public (TElement Element, TPriority Priority) Current => _current;
                object System.Collections.IEnumerator.Current => _current;
                public void Reset()
                {
                    if (_version != _queue._version) throw new InvalidOperationException("Collection was modified; enumeration operation may not execute.");
                    _index = 0;
                    _current = default;
                }
                public void Dispose() { }
            }
        }

        // RemoveRoot takes the last node off the heap and sifts it down from
        // the root.
        void RemoveRoot()
        {
            int last = _elements.Count - 1;
            TElement element = _elements[last];
            TPriority priority = _priorities[last];
            _elements.RemoveAt(last);
            _priorities.RemoveAt(last);
            _version++;
            if (last > 0) MoveDown(element, priority, 0);
        }

        void Heapify()
        {
            for (int i = (_elements.Count - 2) >> 2; i >= 0; --i) MoveDown(_elements[i], _priorities[i], i);
        }

        void MoveUp(TElement element, TPriority priority, int index)
        {
            while (index > 0)
            {
                int parent = (index - 1) >> 2;
                if (_comparer.Compare(priority, _priorities[parent]) >= 0) break;
                _elements[index] = _elements[parent];
                _priorities[index] = _priorities[parent];
                index = parent;
            }
            _elements[index] = element;
            _priorities[index] = priority;
        }

        // MoveDown sifts (element, priority) down from index, comparing with
        // the least of up to four children.
        void MoveDown(TElement element, TPriority priority, int index)
        {
            int size = _elements.Count;
            int i;
            while ((i = (index << 2) + 1) < size)
            {
                int minIndex = i;
                int upper = Math.Min(i + 4, size);
                while (++i < upper)
                    if (_comparer.Compare(_priorities[i], _priorities[minIndex]) < 0) minIndex = i;
                if (_comparer.Compare(priority, _priorities[minIndex]) <= 0) break;
                _elements[index] = _elements[minIndex];
                _priorities[index] = _priorities[minIndex];
                index = minIndex;
            }
            _elements[index] = element;
            _priorities[index] = priority;
        }
    }

    // SortedSet<T> keeps its items in a sorted list. GetViewBetween gives
    // a live view: a set sharing the underlying set's items, limited to a
    // range, whose changes are the underlying set's.
    public class SortedSet<T> : IEnumerable<T>
    {
        readonly List<T> _items = new List<T>();
        readonly IComparer<T> _comparer;
        readonly SortedSet<T> _root;
        readonly T _lo;
        readonly T _hi;

        public SortedSet() : this((IComparer<T>)null) { }
        public SortedSet(IComparer<T> comparer) { _comparer = comparer ?? System.Collections.Generic.Comparer<T>.Default; }
        public SortedSet(IEnumerable<T> collection) : this((IComparer<T>)null)
        {
            foreach (var x in collection) Add(x);
        }
        public SortedSet(IEnumerable<T> collection, IComparer<T> comparer) : this(comparer)
        {
            foreach (var x in collection) Add(x);
        }
        SortedSet(SortedSet<T> root, T lo, T hi, bool view)
        {
            _root = root;
            _comparer = root._comparer;
            _lo = lo;
            _hi = hi;
        }

        public IComparer<T> Comparer => _comparer;
        public int Count => Items.Count;
        public T Min
        {
            get
            {
                var items = Items;
                return items.Count == 0 ? default(T) : items[0];
            }
        }
        public T Max
        {
            get
            {
                var items = Items;
                return items.Count == 0 ? default(T) : items[items.Count - 1];
            }
        }

        // Items are the set's items in order: a view's are those of its
        // underlying set inside its range.
        List<T> Items
        {
            get
            {
                if (_root == null) return _items;
                var r = new List<T>();
                foreach (var x in _root._items) if (InRange(x)) r.Add(x);
                return r;
            }
        }

        bool InRange(T x) => _root == null || _comparer.Compare(x, _lo) >= 0 && _comparer.Compare(x, _hi) <= 0;

        int Find(T item)
        {
            var items = _root == null ? _items : _root._items;
            int lo = 0, hi = items.Count - 1;
            while (lo <= hi)
            {
                int mid = lo + (hi - lo) / 2;
                int c = _comparer.Compare(items[mid], item);
                if (c == 0) return mid;
                if (c < 0) lo = mid + 1; else hi = mid - 1;
            }
            return ~lo;
        }

        public bool Add(T item)
        {
            if (!InRange(item)) throw new ArgumentOutOfRangeException("item");
            if (_root != null) return _root.Add(item);
            int i = Find(item);
            if (i >= 0) return false;
            _items.Insert(~i, item);
            return true;
        }

        public bool Remove(T item)
        {
            if (!InRange(item)) return false;
            if (_root != null) return _root.Remove(item);
            int i = Find(item);
            if (i < 0) return false;
            _items.RemoveAt(i);
            return true;
        }

        public bool Contains(T item) => InRange(item) && Find(item) >= 0;

        // TryGetValue gives the stored element equal to equalValue.
        public bool TryGetValue(T equalValue, out T actualValue)
        {
            int i = InRange(equalValue) ? Find(equalValue) : -1;
            if (i < 0)
            {
                actualValue = default(T);
                return false;
            }
            actualValue = (_root == null ? _items : _root._items)[i];
            return true;
        }

        public void Clear()
        {
            if (_root == null)
            {
                _items.Clear();
                return;
            }
            foreach (var x in Items) _root.Remove(x);
        }

        public SortedSet<T> GetViewBetween(T lowerValue, T upperValue)
        {
            if (_comparer.Compare(lowerValue, upperValue) > 0) throw new ArgumentException("Must be less than or equal to upperValue.", "lowerValue");
            if (!InRange(lowerValue)) throw new ArgumentOutOfRangeException("lowerValue");
            if (!InRange(upperValue)) throw new ArgumentOutOfRangeException("upperValue");
            return new SortedSet<T>(_root ?? this, lowerValue, upperValue, true);
        }

        public int RemoveWhere(Predicate<T> match)
        {
            // Matches first, then removals, as .NET's: the set does not change under the predicate.
            var matches = new List<T>();
            foreach (var x in Items) if (match(x)) matches.Add(x);
            int n = 0;
            foreach (var x in matches) if (Remove(x)) n++;
            return n;
        }

        public void UnionWith(IEnumerable<T> other)
        {
            foreach (var x in other) Add(x);
        }

        public void IntersectWith(IEnumerable<T> other)
        {
            var keep = new SortedSet<T>(_comparer);
            foreach (var x in other) if (Contains(x)) keep.Add(x);
            foreach (var x in new List<T>(Items)) if (!keep.Contains(x)) Remove(x);
        }

        public void ExceptWith(IEnumerable<T> other)
        {
            foreach (var x in other) Remove(x);
        }

        public bool SetEquals(IEnumerable<T> other)
        {
            var o = new SortedSet<T>(_comparer);
            foreach (var x in other) o.Add(x);
            if (o.Count != Count) return false;
            foreach (var x in o._items) if (!Contains(x)) return false;
            return true;
        }

        public bool Overlaps(IEnumerable<T> other)
        {
            foreach (var x in other) if (Contains(x)) return true;
            return false;
        }

        public bool IsSubsetOf(IEnumerable<T> other)
        {
            var o = new SortedSet<T>(_comparer);
            foreach (var x in other) o.Add(x);
            foreach (var x in Items) if (!o.Contains(x)) return false;
            return true;
        }

        public bool IsSupersetOf(IEnumerable<T> other)
        {
            foreach (var x in other) if (!Contains(x)) return false;
            return true;
        }

        public void CopyTo(T[] array)
        {
            var items = Items;
            for (int i = 0; i < items.Count; i++) array[i] = items[i];
        }

        public IEnumerable<T> Reverse()
        {
            var r = new List<T>(Items);
            r.Reverse();
            return r;
        }

        public IEnumerator<T> GetEnumerator() => new List<T>(Items).GetEnumerator();
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
    }
}

// System.Diagnostics: [Conditional], Debug and Trace. A call of a
// [Conditional] method is left out where its symbol is not defined
// (compiler/bind: conditionalOmitted), so Debug's calls disappear where
// DEBUG is #undef'd and Trace's where TRACE is. Neither writes to the
// console: .NET's DebugProvider (Debug) and DefaultTraceListener (Trace)
// write to an attached debugger or the system log only. A failed assertion
// ends the process as .NET's does, through Environment.FailFast: the
// message and stack on stderr, exit status 134 (SIGABRT).
namespace System.Diagnostics
{
    [AttributeUsage(AttributeTargets.Method | AttributeTargets.Class, AllowMultiple = true)]
    public sealed class ConditionalAttribute : Attribute
    {
        public ConditionalAttribute(string conditionString) { ConditionString = conditionString; }
        public string ConditionString { get; }
    }

    public static class Debug
    {
        static int s_indentLevel;
        static int s_indentSize = 4;

        public static bool AutoFlush { get => true; set { } }
        public static int IndentLevel { get => s_indentLevel; set { s_indentLevel = value < 0 ? 0 : value; } }
        public static int IndentSize { get => s_indentSize; set { s_indentSize = value < 0 ? 0 : value; } }

        [Conditional("DEBUG")] public static void Close() { }
        [Conditional("DEBUG")] public static void Flush() { }
        [Conditional("DEBUG")] public static void Indent() { IndentLevel++; }
        [Conditional("DEBUG")] public static void Unindent() { IndentLevel--; }
        [Conditional("DEBUG")] public static void Print(string message) { WriteLine(message); }
        [Conditional("DEBUG")] public static void Print(string format, params object[] args) { WriteLine(string.Format(format, args)); }
        [Conditional("DEBUG")] public static void Assert(bool condition) { Assert(condition, string.Empty, string.Empty); }
        [Conditional("DEBUG")] public static void Assert(bool condition, string message) { Assert(condition, message, string.Empty); }
        [Conditional("DEBUG")]
        public static void Assert(bool condition, string message, string detailMessage)
        {
            if (!condition) Fail(message, detailMessage);
        }
        [Conditional("DEBUG")]
        public static void Assert(bool condition, string message, string detailMessageFormat, params object[] args)
        {
            Assert(condition, message, string.Format(detailMessageFormat, args));
        }
        [Conditional("DEBUG")] public static void Fail(string message) { Fail(message, string.Empty); }
        [Conditional("DEBUG")] public static void Fail(string message, string detailMessage) { Internal.VM.FailFast("Assertion failed.", message, detailMessage); }
        [Conditional("DEBUG")] public static void Write(string message) { }
        [Conditional("DEBUG")] public static void Write(object value) { Write(value?.ToString()); }
        [Conditional("DEBUG")] public static void Write(string message, string category) { Write(category == null ? message : category + ": " + message); }
        [Conditional("DEBUG")] public static void Write(object value, string category) { Write(value?.ToString(), category); }
        [Conditional("DEBUG")] public static void WriteLine(string message) { Write(message + Environment.NewLine); }
        [Conditional("DEBUG")] public static void WriteLine(object value) { WriteLine(value?.ToString()); }
        [Conditional("DEBUG")] public static void WriteLine(string message, string category) { WriteLine(category == null ? message : category + ": " + message); }
        [Conditional("DEBUG")] public static void WriteLine(object value, string category) { WriteLine(value?.ToString(), category); }
        [Conditional("DEBUG")] public static void WriteLine(string format, params object[] args) { WriteLine(string.Format(format, args)); }
        [Conditional("DEBUG")] public static void WriteIf(bool condition, string message) { if (condition) Write(message); }
        [Conditional("DEBUG")] public static void WriteIf(bool condition, object value) { if (condition) Write(value); }
        [Conditional("DEBUG")] public static void WriteIf(bool condition, string message, string category) { if (condition) Write(message, category); }
        [Conditional("DEBUG")] public static void WriteIf(bool condition, object value, string category) { if (condition) Write(value, category); }
        [Conditional("DEBUG")] public static void WriteLineIf(bool condition, string message) { if (condition) WriteLine(message); }
        [Conditional("DEBUG")] public static void WriteLineIf(bool condition, object value) { if (condition) WriteLine(value); }
        [Conditional("DEBUG")] public static void WriteLineIf(bool condition, string message, string category) { if (condition) WriteLine(message, category); }
        [Conditional("DEBUG")] public static void WriteLineIf(bool condition, object value, string category) { if (condition) WriteLine(value, category); }
    }

    public static class Trace
    {
        static int s_indentLevel;
        static int s_indentSize = 4;

        public static bool AutoFlush { get; set; }
        public static bool UseGlobalLock { get; set; } = true;
        public static int IndentLevel { get => s_indentLevel; set { s_indentLevel = value < 0 ? 0 : value; } }
        public static int IndentSize { get => s_indentSize; set { s_indentSize = value < 0 ? 0 : value; } }

        [Conditional("TRACE")] public static void Close() { }
        [Conditional("TRACE")] public static void Flush() { }
        [Conditional("TRACE")] public static void Indent() { IndentLevel++; }
        [Conditional("TRACE")] public static void Unindent() { IndentLevel--; }
        [Conditional("TRACE")] public static void Assert(bool condition) { if (!condition) Fail(string.Empty, null); }
        [Conditional("TRACE")] public static void Assert(bool condition, string message) { if (!condition) Fail(message, null); }
        [Conditional("TRACE")] public static void Assert(bool condition, string message, string detailMessage) { if (!condition) Fail(message, detailMessage); }
        [Conditional("TRACE")] public static void Fail(string message) { Fail(message, null); }
        [Conditional("TRACE")] public static void Fail(string message, string detailMessage) { Internal.VM.FailFast("Assertion Failed", message, detailMessage); }
        [Conditional("TRACE")] public static void Write(string message) { }
        [Conditional("TRACE")] public static void Write(object value) { Write(value?.ToString()); }
        [Conditional("TRACE")] public static void Write(string message, string category) { Write(category == null ? message : category + ": " + message); }
        [Conditional("TRACE")] public static void Write(object value, string category) { Write(value?.ToString(), category); }
        [Conditional("TRACE")] public static void WriteLine(string message) { Write(message + Environment.NewLine); }
        [Conditional("TRACE")] public static void WriteLine(object value) { WriteLine(value?.ToString()); }
        [Conditional("TRACE")] public static void WriteLine(string message, string category) { WriteLine(category == null ? message : category + ": " + message); }
        [Conditional("TRACE")] public static void WriteLine(object value, string category) { WriteLine(value?.ToString(), category); }
        [Conditional("TRACE")] public static void WriteIf(bool condition, string message) { if (condition) Write(message); }
        [Conditional("TRACE")] public static void WriteIf(bool condition, object value) { if (condition) Write(value); }
        [Conditional("TRACE")] public static void WriteLineIf(bool condition, string message) { if (condition) WriteLine(message); }
        [Conditional("TRACE")] public static void WriteLineIf(bool condition, object value) { if (condition) WriteLine(value); }
        [Conditional("TRACE")] public static void TraceInformation(string message) { WriteLine(message); }
        [Conditional("TRACE")] public static void TraceInformation(string format, params object[] args) { WriteLine(string.Format(format, args)); }
        [Conditional("TRACE")] public static void TraceWarning(string message) { WriteLine(message); }
        [Conditional("TRACE")] public static void TraceWarning(string format, params object[] args) { WriteLine(string.Format(format, args)); }
        [Conditional("TRACE")] public static void TraceError(string message) { WriteLine(message); }
        [Conditional("TRACE")] public static void TraceError(string format, params object[] args) { WriteLine(string.Format(format, args)); }
    }
}

// Xunit: the test framework surface dotnet/runtime's test programs use, so
// that a test program (`using Xunit;`, [Fact] methods, Assert) runs as
// written. The attributes only mark methods for the test entry point the
// binder synthesizes (compiler/bind/testentry.go); Assert throws the
// Xunit.Sdk exceptions with xunit's failure messages. Compiled only into a
// program that names the namespace (preludeOnDemand).
namespace Xunit
{
    public class FactAttribute : Attribute
    {
        public string DisplayName { get; set; }
        public string Skip { get; set; }
        public int Timeout { get; set; }
    }

    public class TheoryAttribute : FactAttribute { }

    public sealed class InlineDataAttribute : Attribute
    {
        public InlineDataAttribute(params object[] data) { Data = data; }
        public object[] Data { get; }
        public string Skip { get; set; }
    }

    public sealed class MemberDataAttribute : Attribute
    {
        public MemberDataAttribute(string memberName, params object[] parameters) { MemberName = memberName; }
        public string MemberName { get; }
        public Type MemberType { get; set; }
    }

    public sealed class ClassDataAttribute : Attribute
    {
        public ClassDataAttribute(Type @class) { Class = @class; }
        public Type Class { get; }
        public string Skip { get; set; }
    }

    // TheoryData is xunit's typed theory data: a collection of rows, each an
    // object[], that a [MemberData] member or a [ClassData] class returns.
    public abstract class TheoryData : IEnumerable<object[]>
    {
        readonly List<object[]> data = new List<object[]>();

        protected void AddRow(params object[] values) => data.Add(values);

        public int Count => data.Count;

        public IEnumerator<object[]> GetEnumerator() => data.GetEnumerator();

        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
    }

    public class TheoryData<T> : TheoryData
    {
        public TheoryData() { }
        public TheoryData(IEnumerable<T> values) { foreach (T v in values) Add(v); }
        public TheoryData(params T[] values) { foreach (T v in values) Add(v); }
        public void Add(T p) => AddRow(p);
    }

    public class TheoryData<T1, T2> : TheoryData
    {
        public void Add(T1 p1, T2 p2) => AddRow(p1, p2);
    }

    public class TheoryData<T1, T2, T3> : TheoryData
    {
        public void Add(T1 p1, T2 p2, T3 p3) => AddRow(p1, p2, p3);
    }

    public class TheoryData<T1, T2, T3, T4> : TheoryData
    {
        public void Add(T1 p1, T2 p2, T3 p3, T4 p4) => AddRow(p1, p2, p3, p4);
    }

    public class TheoryData<T1, T2, T3, T4, T5> : TheoryData
    {
        public void Add(T1 p1, T2 p2, T3 p3, T4 p4, T5 p5) => AddRow(p1, p2, p3, p4, p5);
    }

    public class TheoryData<T1, T2, T3, T4, T5, T6> : TheoryData
    {
        public void Add(T1 p1, T2 p2, T3 p3, T4 p4, T5 p5, T6 p6) => AddRow(p1, p2, p3, p4, p5, p6);
    }

    public class TheoryData<T1, T2, T3, T4, T5, T6, T7> : TheoryData
    {
        public void Add(T1 p1, T2 p2, T3 p3, T4 p4, T5 p5, T6 p6, T7 p7) => AddRow(p1, p2, p3, p4, p5, p6, p7);
    }

    public class TheoryData<T1, T2, T3, T4, T5, T6, T7, T8> : TheoryData
    {
        public void Add(T1 p1, T2 p2, T3 p3, T4 p4, T5 p5, T6 p6, T7 p7, T8 p8) => AddRow(p1, p2, p3, p4, p5, p6, p7, p8);
    }

    // Fixtures: a test class's constructor takes an IClassFixture<T>'s T
    // (one instance for the class's tests) or a collection's
    // ICollectionFixture<T>'s T (one instance for the whole run).
    public interface IClassFixture<TFixture> where TFixture : class { }

    public interface ICollectionFixture<TFixture> where TFixture : class { }

    public sealed class CollectionAttribute : Attribute
    {
        public CollectionAttribute(string name) { }
    }

    public sealed class CollectionDefinitionAttribute : Attribute
    {
        public CollectionDefinitionAttribute() { }
        public CollectionDefinitionAttribute(string name) { }
        public bool DisableParallelization { get; set; }
    }

    // IAsyncLifetime is xunit v2's: InitializeAsync after the constructor,
    // DisposeAsync after the test (before Dispose).
    public interface IAsyncLifetime
    {
        Task InitializeAsync();
        Task DisposeAsync();
    }

    public sealed class ConditionalFactAttribute : FactAttribute
    {
        public ConditionalFactAttribute(params string[] conditionMemberNames) { }
        public ConditionalFactAttribute(Type calleeType, params string[] conditionMemberNames) { }
    }

    public sealed class ConditionalTheoryAttribute : TheoryAttribute
    {
        public ConditionalTheoryAttribute(params string[] conditionMemberNames) { }
        public ConditionalTheoryAttribute(Type calleeType, params string[] conditionMemberNames) { }
    }

    public sealed class ConditionalClassAttribute : Attribute
    {
        public ConditionalClassAttribute(Type calleeType, params string[] conditionMemberNames) { }
    }

    public sealed class ActiveIssueAttribute : Attribute
    {
        public ActiveIssueAttribute(string issue) { }
        public ActiveIssueAttribute(string issue, TestPlatforms platforms) { }
        public ActiveIssueAttribute(string issue, TestRuntimes runtimes) { }
        public ActiveIssueAttribute(string issue, TestPlatforms platforms, TestRuntimes runtimes) { }
        public ActiveIssueAttribute(string issue, Type calleeType, params string[] conditionMemberNames) { }
    }

    public sealed class SkipOnMonoAttribute : Attribute
    {
        public SkipOnMonoAttribute(string reason) { }
        public SkipOnMonoAttribute(string reason, TestPlatforms platforms) { }
    }

    public sealed class SkipOnCoreClrAttribute : Attribute
    {
        public SkipOnCoreClrAttribute(string reason) { }
    }

    public sealed class SkipOnPlatformAttribute : Attribute
    {
        public SkipOnPlatformAttribute(TestPlatforms platforms, string reason) { }
    }

    public sealed class PlatformSpecificAttribute : Attribute
    {
        public PlatformSpecificAttribute(TestPlatforms platforms) { }
    }

    public sealed class OuterLoopAttribute : Attribute
    {
        public OuterLoopAttribute() { }
        public OuterLoopAttribute(string reason) { }
    }

    [Flags]
    public enum TestPlatforms
    {
        Windows = 1,
        Linux = 2,
        OSX = 4,
        FreeBSD = 8,
        NetBSD = 16,
        illumos = 32,
        Solaris = 64,
        iOS = 128,
        tvOS = 256,
        Android = 512,
        Browser = 1024,
        MacCatalyst = 2048,
        LinuxBionic = 4096,
        Wasi = 8192,
        Haiku = 16384,
        AnyUnix = 32766,
        Any = -1,
    }

    [Flags]
    public enum TestRuntimes
    {
        CoreCLR = 1,
        Mono = 2,
        Any = -1,
    }

    // Assert is xunit's assertion class: each failing check throws the
    // Xunit.Sdk exception xunit throws, with xunit's message text.
    public static class Assert
    {
        public static void True(bool condition) => True(condition, null);

        public static void True(bool condition, string userMessage)
        {
            if (!condition)
                throw new Xunit.Sdk.TrueException((userMessage ?? "Assert.True() Failure") + Environment.NewLine + "Expected: True" + Environment.NewLine + "Actual:   False");
        }

        public static void True(bool? condition) => True(condition, null);

        public static void True(bool? condition, string userMessage)
        {
            if (condition != true)
                throw new Xunit.Sdk.TrueException((userMessage ?? "Assert.True() Failure") + Environment.NewLine + "Expected: True" + Environment.NewLine + "Actual:   " + (condition == null ? "null" : "False"));
        }

        public static void False(bool condition) => False(condition, null);

        public static void False(bool condition, string userMessage)
        {
            if (condition)
                throw new Xunit.Sdk.FalseException((userMessage ?? "Assert.False() Failure") + Environment.NewLine + "Expected: False" + Environment.NewLine + "Actual:   True");
        }

        public static void False(bool? condition) => False(condition, null);

        public static void False(bool? condition, string userMessage)
        {
            if (condition != false)
                throw new Xunit.Sdk.FalseException((userMessage ?? "Assert.False() Failure") + Environment.NewLine + "Expected: False" + Environment.NewLine + "Actual:   " + (condition == null ? "null" : "True"));
        }

        public static void Equal<T>(T expected, T actual)
        {
            object e = expected;
            object a = actual;
            if (e is string es && a is string acs)
            {
                Equal(es, acs);
                return;
            }
            if (e is System.Collections.IEnumerable ee && a is System.Collections.IEnumerable ae)
            {
                EqualSequences(ee, ae);
                return;
            }
            if (!Xunit.Sdk.ArgumentFormatter.AreEqual(e, a))
                throw Xunit.Sdk.EqualException.ForMismatchedValues(Xunit.Sdk.ArgumentFormatter.Format(e), Xunit.Sdk.ArgumentFormatter.Format(a));
        }

        public static void Equal<T>(IEnumerable<T> expected, IEnumerable<T> actual) => EqualSequences(expected, actual);

        public static void Equal<T>(T expected, T actual, IEqualityComparer<T> comparer)
        {
            if (!comparer.Equals(expected, actual))
                throw Xunit.Sdk.EqualException.ForMismatchedValues(Xunit.Sdk.ArgumentFormatter.Format(expected), Xunit.Sdk.ArgumentFormatter.Format(actual));
        }

        public static void Equal<T>(IEnumerable<T> expected, IEnumerable<T> actual, IEqualityComparer<T> comparer)
        {
            if (expected == null && actual == null) return;
            var el = expected == null ? null : new List<T>(expected);
            var al = actual == null ? null : new List<T>(actual);
            int i = 0;
            if (el != null && al != null)
            {
                while (i < el.Count && i < al.Count && comparer.Equals(el[i], al[i])) i++;
                if (i == el.Count && i == al.Count) return;
            }
            throw Xunit.Sdk.EqualException.ForMismatchedCollections(i, Xunit.Sdk.ArgumentFormatter.Items(expected), Xunit.Sdk.ArgumentFormatter.Items(actual), expected is Array && actual is Array ? "Arrays" : "Collections");
        }

        public static void Equal(string expected, string actual)
        {
            if (expected == actual) return;
            if (expected == null || actual == null)
            {
                throw Xunit.Sdk.EqualException.ForMismatchedStrings(expected, actual, -1, -1);
            }
            int i = 0;
            while (i < expected.Length && i < actual.Length && expected[i] == actual[i]) i++;
            throw Xunit.Sdk.EqualException.ForMismatchedStrings(expected, actual, i, i);
        }

        public static void Equal(double expected, double actual, int precision)
        {
            double e = Math.Round(expected, precision);
            double a = Math.Round(actual, precision);
            if (!object.Equals(e, a))
                throw new Xunit.Sdk.EqualException("Assert.Equal() Failure: Values are not within " + precision + " decimal place" + (precision == 1 ? "" : "s") + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(e) + " (rounded from " + Xunit.Sdk.ArgumentFormatter.Format(expected) + ")" + Environment.NewLine +
                    "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(a) + " (rounded from " + Xunit.Sdk.ArgumentFormatter.Format(actual) + ")");
        }

        static void EqualSequences(System.Collections.IEnumerable expected, System.Collections.IEnumerable actual)
        {
            if (expected == null && actual == null) return;
            var el = Xunit.Sdk.ArgumentFormatter.Items(expected);
            var al = Xunit.Sdk.ArgumentFormatter.Items(actual);
            int i = 0;
            if (el != null && al != null)
            {
                while (i < el.Count && i < al.Count && Xunit.Sdk.ArgumentFormatter.AreEqual(el[i], al[i])) i++;
                if (i == el.Count && i == al.Count) return;
            }
            throw Xunit.Sdk.EqualException.ForMismatchedCollections(i, el, al, expected is Array && actual is Array ? "Arrays" : "Collections");
        }

        public static void NotEqual<T>(T expected, T actual)
        {
            object e = expected;
            object a = actual;
            bool equal;
            if (e is System.Collections.IEnumerable ee && a is System.Collections.IEnumerable ae && !(e is string))
            {
                var el = Xunit.Sdk.ArgumentFormatter.Items(ee);
                var al = Xunit.Sdk.ArgumentFormatter.Items(ae);
                equal = el.Count == al.Count;
                for (int i = 0; equal && i < el.Count; i++) equal = Xunit.Sdk.ArgumentFormatter.AreEqual(el[i], al[i]);
            }
            else
            {
                equal = Xunit.Sdk.ArgumentFormatter.AreEqual(e, a);
            }
            if (equal)
                throw new Xunit.Sdk.NotEqualException("Assert.NotEqual() Failure: " + (e is string ? "Strings are equal" : e is System.Collections.IEnumerable ? (e is Array ? "Arrays are equal" : "Collections are equal") : "Values are equal") + Environment.NewLine +
                    "Expected: Not " + Xunit.Sdk.ArgumentFormatter.Format(e) + Environment.NewLine +
                    "Actual:       " + Xunit.Sdk.ArgumentFormatter.Format(a));
        }

        public static void Null(object @object)
        {
            if (@object != null)
                throw new Xunit.Sdk.NullException("Assert.Null() Failure: Value is not null" + Environment.NewLine + "Expected: null" + Environment.NewLine + "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(@object));
        }

        public static void NotNull(object @object)
        {
            if (@object == null)
                throw new Xunit.Sdk.NotNullException("Assert.NotNull() Failure: Value is null");
        }

        public static void Same(object expected, object actual)
        {
            if (!object.ReferenceEquals(expected, actual))
                throw new Xunit.Sdk.SameException("Assert.Same() Failure: Values are not the same instance" + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(expected) + Environment.NewLine + "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(actual));
        }

        public static void NotSame(object expected, object actual)
        {
            if (object.ReferenceEquals(expected, actual))
                throw new Xunit.Sdk.NotSameException("Assert.NotSame() Failure: Values are the same instance");
        }

        public static void Fail(string message) => throw new Xunit.Sdk.FailException(message ?? "Assert.Fail() Failure");

        public static T Throws<T>(Action testCode) where T : Exception => (T)ThrowsExact(typeof(T), Record(testCode));

        public static T Throws<T>(Func<object> testCode) where T : Exception => (T)ThrowsExact(typeof(T), Record(testCode));

        public static T Throws<T>(string paramName, Action testCode) where T : ArgumentException
        {
            T ex = Throws<T>(testCode);
            if (paramName != ex.ParamName)
                throw new Xunit.Sdk.ThrowsException("Assert.Throws() Failure: Incorrect parameter name" + Environment.NewLine +
                    "Exception: " + Xunit.Sdk.ArgumentFormatter.Format(typeof(T)) + Environment.NewLine +
                    "Expected:  " + Xunit.Sdk.ArgumentFormatter.Format(paramName) + Environment.NewLine +
                    "Actual:    " + Xunit.Sdk.ArgumentFormatter.Format(ex.ParamName));
            return ex;
        }

        public static T Throws<T>(string paramName, Func<object> testCode) where T : ArgumentException => Throws<T>(paramName, () => { testCode(); });

        public static async Task<T> ThrowsAsync<T>(Func<Task> testCode) where T : Exception => (T)ThrowsExact(typeof(T), await RecordAsync(testCode));

        public static T ThrowsAny<T>(Action testCode) where T : Exception => (T)ThrowsCompatible(typeof(T), Record(testCode));

        public static T ThrowsAny<T>(Func<object> testCode) where T : Exception => (T)ThrowsCompatible(typeof(T), Record(testCode));

        public static async Task<T> ThrowsAnyAsync<T>(Func<Task> testCode) where T : Exception => (T)ThrowsCompatible(typeof(T), await RecordAsync(testCode));

        static Exception Record(Action testCode)
        {
            try
            {
                testCode();
                return null;
            }
            catch (Exception ex)
            {
                return ex;
            }
        }

        static Exception Record(Func<object> testCode)
        {
            try
            {
                testCode();
                return null;
            }
            catch (Exception ex)
            {
                return ex;
            }
        }

        static async Task<Exception> RecordAsync(Func<Task> testCode)
        {
            try
            {
                await testCode();
                return null;
            }
            catch (Exception ex)
            {
                return ex;
            }
        }

        static Exception ThrowsExact(Type expected, Exception ex)
        {
            if (ex == null)
                throw new Xunit.Sdk.ThrowsException("Assert.Throws() Failure: No exception was thrown" + Environment.NewLine + "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(expected));
            if (ex.GetType() != expected)
                throw new Xunit.Sdk.ThrowsException("Assert.Throws() Failure: Exception type was not an exact match" + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(expected) + Environment.NewLine + "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(ex.GetType()), ex);
            return ex;
        }

        static Exception ThrowsCompatible(Type expected, Exception ex)
        {
            if (ex == null)
                throw new Xunit.Sdk.ThrowsAnyException("Assert.ThrowsAny() Failure: No exception was thrown" + Environment.NewLine + "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(expected));
            if (!expected.IsInstanceOfType(ex))
                throw new Xunit.Sdk.ThrowsAnyException("Assert.ThrowsAny() Failure: Exception type was not compatible" + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(expected) + Environment.NewLine + "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(ex.GetType()), ex);
            return ex;
        }

        public static T IsType<T>(object @object)
        {
            Type expected = typeof(T);
            if (@object == null || @object.GetType() != expected)
            {
                string actualName = @object == null ? null : Xunit.Sdk.ArgumentFormatter.FormatTypeName(@object.GetType(), true);
                string how = actualName == null ? "null" : expected.IsInstanceOfType(@object) ? "not the exact type" : "an incompatible type";
                throw new Xunit.Sdk.IsTypeException("Assert.IsType() Failure: Value is " + how + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.FormatTypeName(expected, true) + Environment.NewLine + "Actual:   " + (actualName ?? "null"));
            }
            return (T)@object;
        }

        public static T IsAssignableFrom<T>(object @object)
        {
            Type expected = typeof(T);
            if (@object == null || !expected.IsInstanceOfType(@object))
                throw new Xunit.Sdk.IsAssignableFromException("Assert.IsAssignableFrom() Failure: Value is " + (@object == null ? "null" : "an incompatible type") + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.FormatTypeName(expected, true) + Environment.NewLine +
                    "Actual:   " + (@object == null ? "null" : Xunit.Sdk.ArgumentFormatter.FormatTypeName(@object.GetType(), true)));
            return (T)@object;
        }

        public static void Contains<T>(T expected, IEnumerable<T> collection)
        {
            foreach (T item in collection)
                if (Xunit.Sdk.ArgumentFormatter.AreEqual(item, expected)) return;
            throw new Xunit.Sdk.ContainsException("Assert.Contains() Failure: Item not found in collection" + Environment.NewLine +
                "Collection: " + Xunit.Sdk.ArgumentFormatter.Format(collection) + Environment.NewLine + "Not found:  " + Xunit.Sdk.ArgumentFormatter.Format(expected));
        }

        public static void Contains(string expectedSubstring, string actualString)
        {
            if (actualString == null || !actualString.Contains(expectedSubstring))
                throw new Xunit.Sdk.ContainsException("Assert.Contains() Failure: Sub-string not found" + Environment.NewLine +
                    "String:    " + Xunit.Sdk.ArgumentFormatter.Format(actualString) + Environment.NewLine + "Not found: " + Xunit.Sdk.ArgumentFormatter.Format(expectedSubstring));
        }

        public static void DoesNotContain<T>(T expected, IEnumerable<T> collection)
        {
            int i = 0;
            foreach (T item in collection)
            {
                if (Xunit.Sdk.ArgumentFormatter.AreEqual(item, expected))
                    throw new Xunit.Sdk.DoesNotContainException("Assert.DoesNotContain() Failure: Item found in collection" + Environment.NewLine +
                        "Collection: " + Xunit.Sdk.ArgumentFormatter.Format(collection) + Environment.NewLine + "Found:      " + Xunit.Sdk.ArgumentFormatter.Format(expected));
                i++;
            }
        }

        public static void Empty(System.Collections.IEnumerable collection)
        {
            if (collection is string s)
            {
                if (s.Length != 0)
                    throw new Xunit.Sdk.EmptyException("Assert.Empty() Failure: String was not empty" + Environment.NewLine + "String: " + Xunit.Sdk.ArgumentFormatter.Format(s));
                return;
            }
            if (collection.GetEnumerator().MoveNext())
                throw new Xunit.Sdk.EmptyException("Assert.Empty() Failure: Collection was not empty" + Environment.NewLine + "Collection: " + Xunit.Sdk.ArgumentFormatter.Format(collection));
        }

        public static void NotEmpty(System.Collections.IEnumerable collection)
        {
            if (!collection.GetEnumerator().MoveNext())
                throw new Xunit.Sdk.NotEmptyException("Assert.NotEmpty() Failure: Collection was empty");
        }

        public static T Single<T>(IEnumerable<T> collection)
        {
            var items = new List<T>(collection);
            if (items.Count == 0)
                throw new Xunit.Sdk.SingleException("Assert.Single() Failure: The collection was empty");
            if (items.Count > 1)
                throw new Xunit.Sdk.SingleException("Assert.Single() Failure: The collection contained " + items.Count + " items" + Environment.NewLine + "Collection: " + Xunit.Sdk.ArgumentFormatter.Format(items));
            return items[0];
        }

        public static T Single<T>(IEnumerable<T> collection, Predicate<T> predicate)
        {
            var matches = new List<T>();
            foreach (T item in collection)
                if (predicate(item))
                    matches.Add(item);
            if (matches.Count == 0)
                throw new Xunit.Sdk.SingleException("Assert.Single() Failure: The collection did not contain any matching items");
            if (matches.Count > 1)
                throw new Xunit.Sdk.SingleException("Assert.Single() Failure: The collection contained " + matches.Count + " matching items");
            return matches[0];
        }

        public static void Collection<T>(IEnumerable<T> collection, params Action<T>[] elementInspectors)
        {
            var items = new List<T>(collection);
            if (items.Count != elementInspectors.Length)
                throw new Xunit.Sdk.CollectionException("Assert.Collection() Failure: Mismatched item count" + Environment.NewLine +
                    "Collection:     " + Xunit.Sdk.ArgumentFormatter.Format(items) + Environment.NewLine +
                    "Expected count: " + elementInspectors.Length + Environment.NewLine + "Actual count:   " + items.Count);
            for (int i = 0; i < items.Count; i++)
            {
                try
                {
                    elementInspectors[i](items[i]);
                }
                catch (Exception ex)
                {
                    throw new Xunit.Sdk.CollectionException("Assert.Collection() Failure: Item comparison failure" + Environment.NewLine +
                        "Collection: " + Xunit.Sdk.ArgumentFormatter.Format(items) + Environment.NewLine + "Error:      " + ex.Message, ex);
                }
            }
        }

        public static void All<T>(IEnumerable<T> collection, Action<T> action)
        {
            int i = 0;
            foreach (T item in collection)
            {
                try
                {
                    action(item);
                }
                catch (Exception ex)
                {
                    throw new Xunit.Sdk.AllException("Assert.All() Failure: Items in the collection did not pass" + Environment.NewLine +
                        "Collection: " + Xunit.Sdk.ArgumentFormatter.Format(collection) + Environment.NewLine + "Error:      [" + i + "]: " + ex.Message, ex);
                }
                i++;
            }
        }

        public static void InRange<T>(T actual, T low, T high) where T : IComparable
        {
            if (low.CompareTo(actual) > 0 || actual.CompareTo(high) > 0)
                throw new Xunit.Sdk.InRangeException("Assert.InRange() Failure: Value not in range" + Environment.NewLine +
                    "Range:  (" + Xunit.Sdk.ArgumentFormatter.Format(low) + " - " + Xunit.Sdk.ArgumentFormatter.Format(high) + ")" + Environment.NewLine +
                    "Actual: " + Xunit.Sdk.ArgumentFormatter.Format(actual));
        }

        public static void InRange<T>(T actual, T low, T high, IComparer<T> comparer)
        {
            if (comparer.Compare(low, actual) > 0 || comparer.Compare(actual, high) > 0)
                throw new Xunit.Sdk.InRangeException("Assert.InRange() Failure: Value not in range" + Environment.NewLine +
                    "Range:  (" + Xunit.Sdk.ArgumentFormatter.Format(low) + " - " + Xunit.Sdk.ArgumentFormatter.Format(high) + ")" + Environment.NewLine +
                    "Actual: " + Xunit.Sdk.ArgumentFormatter.Format(actual));
        }

        public static void NotInRange<T>(T actual, T low, T high) where T : IComparable
        {
            if (low.CompareTo(actual) <= 0 && actual.CompareTo(high) <= 0)
                throw new Xunit.Sdk.NotInRangeException("Assert.NotInRange() Failure: Value in range" + Environment.NewLine +
                    "Range:  (" + Xunit.Sdk.ArgumentFormatter.Format(low) + " - " + Xunit.Sdk.ArgumentFormatter.Format(high) + ")" + Environment.NewLine +
                    "Actual: " + Xunit.Sdk.ArgumentFormatter.Format(actual));
        }

        public static void NotInRange<T>(T actual, T low, T high, IComparer<T> comparer)
        {
            if (comparer.Compare(low, actual) <= 0 && comparer.Compare(actual, high) <= 0)
                throw new Xunit.Sdk.NotInRangeException("Assert.NotInRange() Failure: Value in range" + Environment.NewLine +
                    "Range:  (" + Xunit.Sdk.ArgumentFormatter.Format(low) + " - " + Xunit.Sdk.ArgumentFormatter.Format(high) + ")" + Environment.NewLine +
                    "Actual: " + Xunit.Sdk.ArgumentFormatter.Format(actual));
        }

        public static void Contains<T>(IEnumerable<T> collection, Predicate<T> filter)
        {
            foreach (T item in collection)
                if (filter(item)) return;
            throw new Xunit.Sdk.ContainsException("Assert.Contains() Failure: Filter not matched in collection" + Environment.NewLine +
                "Collection: " + Xunit.Sdk.ArgumentFormatter.Format(collection));
        }

        public static void Contains<T>(T expected, IEnumerable<T> collection, IEqualityComparer<T> comparer)
        {
            foreach (T item in collection)
                if (comparer.Equals(item, expected)) return;
            throw new Xunit.Sdk.ContainsException("Assert.Contains() Failure: Item not found in collection" + Environment.NewLine +
                "Collection: " + Xunit.Sdk.ArgumentFormatter.Format(collection) + Environment.NewLine + "Not found:  " + Xunit.Sdk.ArgumentFormatter.Format(expected));
        }

        public static void Contains<T>(T expected, ISet<T> set)
        {
            if (set == null || !set.Contains(expected))
                throw new Xunit.Sdk.ContainsException("Assert.Contains() Failure: Item not found in set" + Environment.NewLine +
                    "Set:       " + Xunit.Sdk.ArgumentFormatter.Format(set) + Environment.NewLine + "Not found: " + Xunit.Sdk.ArgumentFormatter.Format(expected));
        }

        public static void Contains<T>(T expected, HashSet<T> set)
        {
            if (set == null || !set.Contains(expected))
                throw new Xunit.Sdk.ContainsException("Assert.Contains() Failure: Item not found in set" + Environment.NewLine +
                    "Set:       " + Xunit.Sdk.ArgumentFormatter.Format(set) + Environment.NewLine + "Not found: " + Xunit.Sdk.ArgumentFormatter.Format(expected));
        }

        public static TValue Contains<TKey, TValue>(TKey expected, IDictionary<TKey, TValue> collection) => ContainsKey(expected, collection);

        static TValue ContainsKey<TKey, TValue>(TKey expected, IDictionary<TKey, TValue> collection)
        {
            if (collection != null && collection.TryGetValue(expected, out TValue value)) return value;
            throw new Xunit.Sdk.ContainsException("Assert.Contains() Failure: Key not found in dictionary" + Environment.NewLine +
                "Keys:      " + Xunit.Sdk.ArgumentFormatter.Format(collection == null ? null : collection.Keys) + Environment.NewLine + "Not found: " + Xunit.Sdk.ArgumentFormatter.Format(expected));
        }

        public static TValue Contains<TKey, TValue>(TKey expected, IReadOnlyDictionary<TKey, TValue> collection)
        {
            if (collection != null && collection.TryGetValue(expected, out TValue value)) return value;
            throw new Xunit.Sdk.ContainsException("Assert.Contains() Failure: Key not found in dictionary" + Environment.NewLine +
                "Keys:      " + Xunit.Sdk.ArgumentFormatter.Format(collection == null ? null : collection.Keys) + Environment.NewLine + "Not found: " + Xunit.Sdk.ArgumentFormatter.Format(expected));
        }

        public static TValue Contains<TKey, TValue>(TKey expected, Dictionary<TKey, TValue> collection) => ContainsKey(expected, collection);

        public static void DoesNotContain<TKey, TValue>(TKey expected, IDictionary<TKey, TValue> collection) => DoesNotContainKey(expected, collection);

        static void DoesNotContainKey<TKey, TValue>(TKey expected, IDictionary<TKey, TValue> collection)
        {
            if (collection.ContainsKey(expected))
                throw new Xunit.Sdk.DoesNotContainException("Assert.DoesNotContain() Failure: Key found in dictionary" + Environment.NewLine +
                    "Keys:  " + Xunit.Sdk.ArgumentFormatter.Format(collection.Keys) + Environment.NewLine + "Found: " + Xunit.Sdk.ArgumentFormatter.Format(expected));
        }

        public static void DoesNotContain<TKey, TValue>(TKey expected, Dictionary<TKey, TValue> collection) => DoesNotContainKey(expected, collection);

        public static void DoesNotContain<T>(IEnumerable<T> collection, Predicate<T> filter)
        {
            int i = 0;
            var items = new List<object>();
            foreach (T item in collection) items.Add(item);
            foreach (T item in collection)
            {
                if (filter(item))
                    throw new Xunit.Sdk.DoesNotContainException("Assert.DoesNotContain() Failure: Filter matched in collection" + Environment.NewLine +
                        "            " + new string(' ', Xunit.Sdk.ArgumentFormatter.ItemIndent(items, i)) + "\u2193 (pos " + i + ")" + Environment.NewLine +
                        "Collection: " + Xunit.Sdk.ArgumentFormatter.Format(collection));
                i++;
            }
        }

        public static void Contains(string expectedSubstring, string actualString, StringComparison comparisonType)
        {
            if (actualString == null || actualString.IndexOf(expectedSubstring, comparisonType) < 0)
                throw new Xunit.Sdk.ContainsException("Assert.Contains() Failure: Sub-string not found" + Environment.NewLine +
                    "String:    " + Xunit.Sdk.ArgumentFormatter.Format(actualString) + Environment.NewLine + "Not found: " + Xunit.Sdk.ArgumentFormatter.Format(expectedSubstring));
        }

        public static void DoesNotContain(string expectedSubstring, string actualString) => DoesNotContain(expectedSubstring, actualString, StringComparison.CurrentCulture);

        public static void DoesNotContain(string expectedSubstring, string actualString, StringComparison comparisonType)
        {
            if (actualString == null) return;
            int idx = actualString.IndexOf(expectedSubstring, comparisonType);
            if (idx >= 0)
                throw new Xunit.Sdk.DoesNotContainException("Assert.DoesNotContain() Failure: Sub-string found" + Environment.NewLine +
                    "        " + new string(' ', Xunit.Sdk.ArgumentFormatter.PointerIndent(actualString, idx)) + "\u2193 (pos " + idx + ")" + Environment.NewLine +
                    "String: " + Xunit.Sdk.ArgumentFormatter.Format(actualString) + Environment.NewLine + "Found:  " + Xunit.Sdk.ArgumentFormatter.Format(expectedSubstring));
        }

        public static void StartsWith(string expectedStartString, string actualString) => StartsWith(expectedStartString, actualString, StringComparison.CurrentCulture);

        public static void StartsWith(string expectedStartString, string actualString, StringComparison comparisonType)
        {
            if (expectedStartString == null || actualString == null || !actualString.StartsWith(expectedStartString, comparisonType))
                throw new Xunit.Sdk.StartsWithException("Assert.StartsWith() Failure: String start does not match" + Environment.NewLine +
                    "String:         " + Xunit.Sdk.ArgumentFormatter.Format(actualString) + Environment.NewLine + "Expected start: " + Xunit.Sdk.ArgumentFormatter.Format(expectedStartString));
        }

        public static void EndsWith(string expectedEndString, string actualString) => EndsWith(expectedEndString, actualString, StringComparison.CurrentCulture);

        public static void EndsWith(string expectedEndString, string actualString, StringComparison comparisonType)
        {
            if (expectedEndString == null || actualString == null || !actualString.EndsWith(expectedEndString, comparisonType))
                throw new Xunit.Sdk.EndsWithException("Assert.EndsWith() Failure: String end does not match" + Environment.NewLine +
                    "String:       " + Xunit.Sdk.ArgumentFormatter.Format(actualString) + Environment.NewLine + "Expected end: " + Xunit.Sdk.ArgumentFormatter.Format(expectedEndString));
        }

        public static void Matches(string expectedRegexPattern, string actualString)
        {
            if (actualString == null || !System.Text.RegularExpressions.Regex.IsMatch(actualString, expectedRegexPattern))
                throw new Xunit.Sdk.MatchesException("Assert.Matches() Failure: Pattern not found in value" + Environment.NewLine +
                    "Regex: " + Xunit.Sdk.ArgumentFormatter.Format(expectedRegexPattern) + Environment.NewLine + "Value: " + Xunit.Sdk.ArgumentFormatter.Format(actualString));
        }

        public static void Matches(System.Text.RegularExpressions.Regex expectedRegex, string actualString)
        {
            if (actualString == null || !expectedRegex.IsMatch(actualString))
                throw new Xunit.Sdk.MatchesException("Assert.Matches() Failure: Pattern not found in value" + Environment.NewLine +
                    "Regex: " + Xunit.Sdk.ArgumentFormatter.Format(expectedRegex.ToString()) + Environment.NewLine + "Value: " + Xunit.Sdk.ArgumentFormatter.Format(actualString));
        }

        public static void DoesNotMatch(string expectedRegexPattern, string actualString) =>
            DoesNotMatch(new System.Text.RegularExpressions.Regex(expectedRegexPattern), actualString);

        public static void DoesNotMatch(System.Text.RegularExpressions.Regex expectedRegex, string actualString)
        {
            if (actualString == null) return;
            var match = expectedRegex.Match(actualString);
            if (match.Success)
                throw new Xunit.Sdk.DoesNotMatchException("Assert.DoesNotMatch() Failure: Match found" + Environment.NewLine +
                    "        " + new string(' ', Xunit.Sdk.ArgumentFormatter.PointerIndent(actualString, match.Index)) + "\u2193 (pos " + match.Index + ")" + Environment.NewLine +
                    "String: " + Xunit.Sdk.ArgumentFormatter.Format(actualString) + Environment.NewLine + "RegEx:  " + Xunit.Sdk.ArgumentFormatter.Format(expectedRegex.ToString()));
        }

        public static void Equal(string expected, string actual, bool ignoreCase = false, bool ignoreLineEndingDifferences = false, bool ignoreWhiteSpaceDifferences = false, bool ignoreAllWhiteSpace = false)
        {
            if (!ignoreCase && !ignoreLineEndingDifferences && !ignoreWhiteSpaceDifferences && !ignoreAllWhiteSpace)
            {
                Equal(expected, actual);
                return;
            }
            if (expected == null || actual == null)
            {
                if (expected != actual) throw Xunit.Sdk.EqualException.ForMismatchedStrings(expected, actual, -1, -1);
                return;
            }
            int i = 0, j = 0;
            while (i < expected.Length && j < actual.Length)
            {
                char e = expected[i], a = actual[j];
                if (ignoreLineEndingDifferences && (e == '\r' || e == '\n') && (a == '\r' || a == '\n'))
                {
                    i += e == '\r' && i + 1 < expected.Length && expected[i + 1] == '\n' ? 2 : 1;
                    j += a == '\r' && j + 1 < actual.Length && actual[j + 1] == '\n' ? 2 : 1;
                    continue;
                }
                if ((ignoreWhiteSpaceDifferences || ignoreAllWhiteSpace) && (e == ' ' || e == '\t') && (a == ' ' || a == '\t'))
                {
                    while (i < expected.Length && (expected[i] == ' ' || expected[i] == '\t')) i++;
                    while (j < actual.Length && (actual[j] == ' ' || actual[j] == '\t')) j++;
                    continue;
                }
                if (ignoreAllWhiteSpace && (e == ' ' || e == '\t'))
                {
                    i++;
                    continue;
                }
                if (ignoreAllWhiteSpace && (a == ' ' || a == '\t'))
                {
                    j++;
                    continue;
                }
                if (e != a && !(ignoreCase && char.ToUpperInvariant(e) == char.ToUpperInvariant(a)))
                    break;
                i++;
                j++;
            }
            if (ignoreAllWhiteSpace)
            {
                while (i < expected.Length && (expected[i] == ' ' || expected[i] == '\t')) i++;
                while (j < actual.Length && (actual[j] == ' ' || actual[j] == '\t')) j++;
            }
            if (i < expected.Length || j < actual.Length)
                throw Xunit.Sdk.EqualException.ForMismatchedStrings(expected, actual, i, j);
        }

        public static void Equal(double expected, double actual, double tolerance)
        {
            if (double.IsNaN(tolerance) || tolerance < 0)
                throw new ArgumentException("Tolerance must be greater than or equal to zero", nameof(tolerance));
            if (!(object.Equals(expected, actual) || Math.Abs(expected - actual) <= tolerance))
                throw new Xunit.Sdk.EqualException("Assert.Equal() Failure: Values are not within tolerance " + tolerance.ToString("G17") + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(expected) + Environment.NewLine +
                    "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(actual));
        }

        public static void Equal(float expected, float actual, float tolerance)
        {
            if (float.IsNaN(tolerance) || tolerance < 0)
                throw new ArgumentException("Tolerance must be greater than or equal to zero", nameof(tolerance));
            if (!(object.Equals(expected, actual) || Math.Abs(expected - actual) <= tolerance))
                throw new Xunit.Sdk.EqualException("Assert.Equal() Failure: Values are not within tolerance " + tolerance.ToString("G9") + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(expected) + Environment.NewLine +
                    "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(actual));
        }

        public static void Equal(decimal expected, decimal actual, int precision)
        {
            decimal e = Math.Round(expected, precision);
            decimal a = Math.Round(actual, precision);
            if (e != a)
                throw new Xunit.Sdk.EqualException("Assert.Equal() Failure: Values are not within " + precision + " decimal place" + (precision == 1 ? "" : "s") + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(e) + " (rounded from " + Xunit.Sdk.ArgumentFormatter.Format(expected) + ")" + Environment.NewLine +
                    "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(a) + " (rounded from " + Xunit.Sdk.ArgumentFormatter.Format(actual) + ")");
        }

        public static void Equal(DateTime expected, DateTime actual, TimeSpan precision)
        {
            TimeSpan difference = (expected - actual).Duration();
            if (difference > precision)
                throw new Xunit.Sdk.EqualException("Assert.Equal() Failure: Values differ" + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(expected) + Environment.NewLine +
                    "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(actual) + (precision == TimeSpan.Zero ? "" : " (difference " + difference + " is larger than " + precision + ")"));
        }

        public static void NotEqual(double expected, double actual, int precision)
        {
            double e = Math.Round(expected, precision);
            double a = Math.Round(actual, precision);
            if (object.Equals(e, a))
                throw new Xunit.Sdk.NotEqualException("Assert.NotEqual() Failure: Values are within " + precision + " decimal place" + (precision == 1 ? "" : "s") + Environment.NewLine +
                    "Expected: Not " + Xunit.Sdk.ArgumentFormatter.Format(e) + " (rounded from " + Xunit.Sdk.ArgumentFormatter.Format(expected) + ")" + Environment.NewLine +
                    "Actual:       " + Xunit.Sdk.ArgumentFormatter.Format(a) + " (rounded from " + Xunit.Sdk.ArgumentFormatter.Format(actual) + ")");
        }

        public static void StrictEqual<T>(T expected, T actual)
        {
            if (!object.Equals(expected, actual))
                throw new Xunit.Sdk.StrictEqualException("Assert.StrictEqual() Failure: Values differ" + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(expected) + Environment.NewLine + "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(actual));
        }

        public static void NotStrictEqual<T>(T expected, T actual)
        {
            if (object.Equals(expected, actual))
                throw new Xunit.Sdk.NotStrictEqualException("Assert.NotStrictEqual() Failure: Values are equal" + Environment.NewLine +
                    "Expected: Not " + Xunit.Sdk.ArgumentFormatter.Format(expected) + Environment.NewLine + "Actual:       " + Xunit.Sdk.ArgumentFormatter.Format(actual));
        }

        public static void NotEqual<T>(T expected, T actual, IEqualityComparer<T> comparer)
        {
            if (comparer.Equals(expected, actual))
                throw new Xunit.Sdk.NotEqualException("Assert.NotEqual() Failure: Values are equal" + Environment.NewLine +
                    "Expected: Not " + Xunit.Sdk.ArgumentFormatter.Format(expected) + Environment.NewLine + "Actual:       " + Xunit.Sdk.ArgumentFormatter.Format(actual));
        }

        public static void Distinct<T>(IEnumerable<T> collection)
        {
            var set = new HashSet<T>();
            foreach (T item in collection)
                if (!set.Add(item))
                    throw new Xunit.Sdk.DistinctException("Assert.Distinct() Failure: Duplicate item found" + Environment.NewLine +
                        "Collection: " + Xunit.Sdk.ArgumentFormatter.Format(collection) + Environment.NewLine + "Item:       " + Xunit.Sdk.ArgumentFormatter.Format(item));
        }

        public static void Distinct<T>(IEnumerable<T> collection, IEqualityComparer<T> comparer)
        {
            var set = new HashSet<T>(comparer);
            foreach (T item in collection)
                if (!set.Add(item))
                    throw new Xunit.Sdk.DistinctException("Assert.Distinct() Failure: Duplicate item found" + Environment.NewLine +
                        "Collection: " + Xunit.Sdk.ArgumentFormatter.Format(collection) + Environment.NewLine + "Item:       " + Xunit.Sdk.ArgumentFormatter.Format(item));
        }

        public static void Subset<T>(ISet<T> expectedSubset, ISet<T> actual)
        {
            if (actual == null || !actual.IsSubsetOf(expectedSubset))
                throw new Xunit.Sdk.SubsetException("Assert.Subset() Failure: Value is not a subset" + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(expectedSubset) + Environment.NewLine + "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(actual));
        }

        public static void Superset<T>(ISet<T> expectedSuperset, ISet<T> actual)
        {
            if (actual == null || !actual.IsSupersetOf(expectedSuperset))
                throw new Xunit.Sdk.SupersetException("Assert.Superset() Failure: Value is not a superset" + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(expectedSuperset) + Environment.NewLine + "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(actual));
        }

        public static void ProperSubset<T>(ISet<T> expectedSubset, ISet<T> actual)
        {
            if (actual == null || !actual.IsSubsetOf(expectedSubset) || actual.SetEquals(expectedSubset))
                throw new Xunit.Sdk.ProperSubsetException("Assert.ProperSubset() Failure: Value is not a proper subset" + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(expectedSubset) + Environment.NewLine + "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(actual));
        }

        public static void ProperSuperset<T>(ISet<T> expectedSuperset, ISet<T> actual)
        {
            if (actual == null || !actual.IsSupersetOf(expectedSuperset) || actual.SetEquals(expectedSuperset))
                throw new Xunit.Sdk.ProperSupersetException("Assert.ProperSuperset() Failure: Value is not a proper superset" + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(expectedSuperset) + Environment.NewLine + "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(actual));
        }

        public static void Multiple(params Action[] checks)
        {
            if (checks == null || checks.Length == 0) return;
            var exceptions = new List<Exception>();
            foreach (Action check in checks)
            {
                try
                {
                    check();
                }
                catch (Exception ex)
                {
                    exceptions.Add(ex);
                }
            }
            if (exceptions.Count == 0) return;
            if (exceptions.Count == 1)
                System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(exceptions[0]).Throw();
            throw new Xunit.Sdk.MultipleException("Multiple", exceptions);
        }

        public static T IsNotType<T>(object @object) => (T)IsNotType(typeof(T), @object);

        public static object IsNotType(Type expectedType, object @object)
        {
            if (@object != null && @object.GetType() == expectedType)
                throw new Xunit.Sdk.IsNotTypeException("Assert.IsNotType() Failure: Value is the exact type" + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(expectedType) + Environment.NewLine + "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(expectedType));
            return @object;
        }

        public static void IsNotAssignableFrom<T>(object @object) => IsNotAssignableFrom(typeof(T), @object);

        public static void IsNotAssignableFrom(Type expectedType, object @object)
        {
            if (@object != null && expectedType.IsInstanceOfType(@object))
                throw new Xunit.Sdk.IsNotAssignableFromException("Assert.IsNotAssignableFrom() Failure: Value is a compatible type" + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(expectedType) + Environment.NewLine + "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(@object.GetType()));
        }

        public static RaisedEvent<T> Raises<T>(Action<EventHandler<T>> attach, Action<EventHandler<T>> detach, Action testCode)
        {
            RaisedEvent<T> raised = null;
            EventHandler<T> handler = (sender, args) => raised = new RaisedEvent<T>(sender, args);
            attach(handler);
            testCode();
            detach(handler);
            if (raised == null)
                throw new Xunit.Sdk.RaisesException("Assert.Raises() Failure: No event was raised" + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(typeof(T)) + Environment.NewLine + "Actual:   No event was raised");
            if (raised.Arguments != null && raised.Arguments.GetType() != typeof(T))
                throw new Xunit.Sdk.RaisesException("Assert.Raises() Failure: Wrong event type was raised" + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(typeof(T)) + Environment.NewLine + "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(raised.Arguments.GetType()));
            return raised;
        }

        public static RaisedEvent<T> RaisesAny<T>(Action<EventHandler<T>> attach, Action<EventHandler<T>> detach, Action testCode)
        {
            RaisedEvent<T> raised = null;
            EventHandler<T> handler = (sender, args) => raised = new RaisedEvent<T>(sender, args);
            attach(handler);
            testCode();
            detach(handler);
            if (raised == null)
                throw new Xunit.Sdk.RaisesAnyException("Assert.RaisesAny() Failure: No event was raised" + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(typeof(T)) + Environment.NewLine + "Actual:   No event was raised");
            return raised;
        }

        public static void Raises(Action<Action> attach, Action<Action> detach, Action testCode)
        {
            bool raised = false;
            Action handler = () => raised = true;
            attach(handler);
            testCode();
            detach(handler);
            if (!raised)
                throw new Xunit.Sdk.RaisesException("Assert.Raises() Failure: No event was raised");
        }

        public static async Task<RaisedEvent<T>> RaisesAsync<T>(Action<EventHandler<T>> attach, Action<EventHandler<T>> detach, Func<Task> testCode)
        {
            RaisedEvent<T> raised = null;
            EventHandler<T> handler = (sender, args) => raised = new RaisedEvent<T>(sender, args);
            attach(handler);
            await testCode();
            detach(handler);
            if (raised == null)
                throw new Xunit.Sdk.RaisesException("Assert.Raises() Failure: No event was raised" + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(typeof(T)) + Environment.NewLine + "Actual:   No event was raised");
            if (raised.Arguments != null && raised.Arguments.GetType() != typeof(T))
                throw new Xunit.Sdk.RaisesException("Assert.Raises() Failure: Wrong event type was raised" + Environment.NewLine +
                    "Expected: " + Xunit.Sdk.ArgumentFormatter.Format(typeof(T)) + Environment.NewLine + "Actual:   " + Xunit.Sdk.ArgumentFormatter.Format(raised.Arguments.GetType()));
            return raised;
        }

        public static void PropertyChanged(System.ComponentModel.INotifyPropertyChanged @object, string propertyName, Action testCode)
        {
            bool changed = false;
            System.ComponentModel.PropertyChangedEventHandler handler = (sender, args) => changed |= string.IsNullOrEmpty(args.PropertyName) || args.PropertyName == propertyName;
            @object.PropertyChanged += handler;
            try
            {
                testCode();
            }
            finally
            {
                @object.PropertyChanged -= handler;
            }
            if (!changed)
                throw new Xunit.Sdk.PropertyChangedException("Assert.PropertyChanged() failure: Property '" + propertyName + "' was not set");
        }

        public static async Task PropertyChangedAsync(System.ComponentModel.INotifyPropertyChanged @object, string propertyName, Func<Task> testCode)
        {
            bool changed = false;
            System.ComponentModel.PropertyChangedEventHandler handler = (sender, args) => changed |= string.IsNullOrEmpty(args.PropertyName) || args.PropertyName == propertyName;
            @object.PropertyChanged += handler;
            try
            {
                await testCode();
            }
            finally
            {
                @object.PropertyChanged -= handler;
            }
            if (!changed)
                throw new Xunit.Sdk.PropertyChangedException("Assert.PropertyChanged() failure: Property '" + propertyName + "' was not set");
        }

        // Equivalent compares values as Equal does, collections without
        // regard to order (every expected item must be found; with strict,
        // nothing may be left over); it does not walk the public members
        // of other objects, which it compares with Equals.
        public static void Equivalent(object expected, object actual, bool strict = false)
        {
            string failure = Xunit.Sdk.Equivalence.Compare(expected, actual, strict, 0);
            if (failure != null)
                throw new Xunit.Sdk.EquivalentException(failure);
        }

        public static object Single(System.Collections.IEnumerable collection)
        {
            var items = Xunit.Sdk.ArgumentFormatter.Items(collection);
            if (items.Count == 0)
                throw new Xunit.Sdk.SingleException("Assert.Single() Failure: The collection was empty");
            if (items.Count > 1)
                throw new Xunit.Sdk.SingleException("Assert.Single() Failure: The collection contained " + items.Count + " items" + Environment.NewLine + "Collection: " + Xunit.Sdk.ArgumentFormatter.Format(items));
            return items[0];
        }

        public static void All<T>(IEnumerable<T> collection, Action<T, int> action)
        {
            int i = 0;
            foreach (T item in collection)
            {
                try
                {
                    action(item, i);
                }
                catch (Exception ex)
                {
                    throw new Xunit.Sdk.AllException("Assert.All() Failure: Items in the collection did not pass" + Environment.NewLine +
                        "Collection: " + Xunit.Sdk.ArgumentFormatter.Format(collection) + Environment.NewLine + "Error:      [" + i + "]: " + ex.Message, ex);
                }
                i++;
            }
        }

        public static async Task AllAsync<T>(IEnumerable<T> collection, Func<T, Task> action)
        {
            int i = 0;
            foreach (T item in collection)
            {
                try
                {
                    await action(item);
                }
                catch (Exception ex)
                {
                    throw new Xunit.Sdk.AllException("Assert.All() Failure: Items in the collection did not pass" + Environment.NewLine +
                        "Collection: " + Xunit.Sdk.ArgumentFormatter.Format(collection) + Environment.NewLine + "Error:      [" + i + "]: " + ex.Message, ex);
                }
                i++;
            }
        }

        public static async Task CollectionAsync<T>(IEnumerable<T> collection, params Func<T, Task>[] elementInspectors)
        {
            var items = new List<T>(collection);
            if (items.Count != elementInspectors.Length)
                throw new Xunit.Sdk.CollectionException("Assert.Collection() Failure: Mismatched item count" + Environment.NewLine +
                    "Collection:     " + Xunit.Sdk.ArgumentFormatter.Format(items) + Environment.NewLine +
                    "Expected count: " + elementInspectors.Length + Environment.NewLine + "Actual count:   " + items.Count);
            for (int i = 0; i < items.Count; i++)
            {
                try
                {
                    await elementInspectors[i](items[i]);
                }
                catch (Exception ex)
                {
                    throw new Xunit.Sdk.CollectionException("Assert.Collection() Failure: Item comparison failure" + Environment.NewLine +
                        "Collection: " + Xunit.Sdk.ArgumentFormatter.Format(items) + Environment.NewLine + "Error:      " + ex.Message, ex);
                }
            }
        }

        public static Exception Throws(Type exceptionType, Action testCode) => ThrowsExact(exceptionType, Record(testCode));

        public static Exception Throws(Type exceptionType, Func<object> testCode) => ThrowsExact(exceptionType, Record(testCode));

        public static async Task<Exception> ThrowsAsync(Type exceptionType, Func<Task> testCode) => ThrowsExact(exceptionType, await RecordAsync(testCode));

        public static async Task<T> ThrowsAsync<T>(string paramName, Func<Task> testCode) where T : ArgumentException
        {
            T ex = await ThrowsAsync<T>(testCode);
            if (paramName != ex.ParamName)
                throw new Xunit.Sdk.ThrowsException("Assert.Throws() Failure: Incorrect parameter name" + Environment.NewLine +
                    "Exception: " + Xunit.Sdk.ArgumentFormatter.Format(typeof(T)) + Environment.NewLine +
                    "Expected:  " + Xunit.Sdk.ArgumentFormatter.Format(paramName) + Environment.NewLine +
                    "Actual:    " + Xunit.Sdk.ArgumentFormatter.Format(ex.ParamName));
            return ex;
        }

        public static void Skip(string reason) => throw new Xunit.Sdk.SkipException(reason);

        public static void SkipWhen(bool condition, string reason)
        {
            if (condition) Skip(reason);
        }

        public static void SkipUnless(bool condition, string reason)
        {
            if (!condition) Skip(reason);
        }
    }
}

namespace Xunit
{
    // RaisedEvent is what Assert.Raises returns: the event's sender and
    // arguments.
    public class RaisedEvent<T>
    {
        public RaisedEvent(object sender, T args)
        {
            Sender = sender;
            Arguments = args;
        }

        public object Sender { get; }
        public T Arguments { get; }
    }
}

namespace Xunit.Sdk
{
    public class XunitException : Exception
    {
        public XunitException() { }
        public XunitException(string userMessage) : base(userMessage) { }
        public XunitException(string userMessage, Exception innerException) : base(userMessage, innerException) { }
    }

    public class EqualException : XunitException
    {
        public EqualException(string message) : base(message) { }

        internal static EqualException ForMismatchedValues(string expected, string actual) =>
            new EqualException("Assert.Equal() Failure: Values differ" + Environment.NewLine + "Expected: " + expected + Environment.NewLine + "Actual:   " + actual);

        // ForMismatchedStrings points at the first difference, as xunit
        // does for strings it prints whole (up to 50 characters).
        internal static EqualException ForMismatchedStrings(string expected, string actual, int expectedIndex, int actualIndex)
        {
            string message = "Assert.Equal() Failure: Strings differ";
            string indent = Environment.NewLine + "          ";
            if (expected != null && expectedIndex > -1 && expectedIndex < expected.Length)
                message += indent + new string(' ', ArgumentFormatter.PointerIndent(expected, expectedIndex)) + "\u2193 (pos " + expectedIndex + ")";
            message += Environment.NewLine + "Expected: " + ArgumentFormatter.Format(expected) + Environment.NewLine + "Actual:   " + ArgumentFormatter.Format(actual);
            if (actual != null && expectedIndex > -1 && actualIndex < actual.Length)
                message += indent + new string(' ', ArgumentFormatter.PointerIndent(actual, actualIndex)) + "\u2191 (pos " + actualIndex + ")";
            return new EqualException(message);
        }

        internal static EqualException ForMismatchedCollections(int index, List<object> expected, List<object> actual, string what)
        {
            string message = "Assert.Equal() Failure: " + (expected == null || actual == null ? "Values differ" : what + " differ");
            string indent = Environment.NewLine + "          ";
            if (expected != null && actual != null && index < expected.Count)
                message += indent + new string(' ', ArgumentFormatter.ItemIndent(expected, index)) + "\u2193 (pos " + index + ")";
            message += Environment.NewLine + "Expected: " + ArgumentFormatter.Format(expected) + Environment.NewLine + "Actual:   " + ArgumentFormatter.Format(actual);
            if (expected != null && actual != null && index < actual.Count)
                message += indent + new string(' ', ArgumentFormatter.ItemIndent(actual, index)) + "\u2191 (pos " + index + ")";
            return new EqualException(message);
        }
    }

    // TestOutputHelper is the ITestOutputHelper a test class's constructor
    // is given: its lines go straight to the console (xunit keeps them with
    // the test's result instead).
    public class TestOutputHelper : Xunit.Abstractions.ITestOutputHelper
    {
        public void WriteLine(string message) => Console.WriteLine(message);

        public void WriteLine(string format, params object[] args) => Console.WriteLine(string.Format(format, args));
    }

    // TestLifetime runs the lifetime interfaces of test classes and
    // fixtures: IAsyncLifetime.InitializeAsync after construction; after
    // use IAsyncLifetime.DisposeAsync, IAsyncDisposable.DisposeAsync, then
    // IDisposable.Dispose.
    public static class TestLifetime
    {
        public static async Task InitializeAsync(object instance)
        {
            if (instance is Xunit.IAsyncLifetime lifetime)
                await lifetime.InitializeAsync();
        }

        public static async Task DisposeAsync(object instance)
        {
            if (instance is Xunit.IAsyncLifetime lifetime)
                await lifetime.DisposeAsync();
            if (instance is IAsyncDisposable asyncDisposable)
                await asyncDisposable.DisposeAsync();
            if (instance is IDisposable disposable)
                disposable.Dispose();
        }

        public static async Task InitializeAllAsync(object[] instances)
        {
            foreach (object instance in instances)
                await InitializeAsync(instance);
        }

        public static async Task DisposeAllAsync(object[] instances)
        {
            foreach (object instance in instances)
                await DisposeAsync(instance);
        }

        public static void DisposeAll(object[] instances)
        {
            foreach (object instance in instances)
                (instance as IDisposable)?.Dispose();
        }
    }

    // TestFixtures holds the collection fixtures, one per type for the
    // whole run, created when a test class first needs one.
    public static class TestFixtures
    {
        static readonly List<object> shared = new List<object>();

        public static object Shared(Type type, Func<object> create)
        {
            foreach (object f in shared)
                if (f.GetType() == type) return f;
            object fixture = create();
            TestLifetime.InitializeAsync(fixture).GetAwaiter().GetResult();
            shared.Add(fixture);
            return fixture;
        }

        public static async Task DisposeSharedAsync()
        {
            foreach (object f in shared)
                await TestLifetime.DisposeAsync(f);
            shared.Clear();
        }
    }

    // TheoryArguments converts a theory row's values to the parameters'
    // types, as xunit does before invoking the test method.
    public static class TheoryArguments
    {
        public static T Get<T>(object[] row, int index)
        {
            object value = row[index];
            if (value is T t) return t;
            if (value == null) return default(T);
            return (T)value;
        }
    }

    public class StartsWithException : XunitException { public StartsWithException(string message) : base(message) { } }
    public class EndsWithException : XunitException { public EndsWithException(string message) : base(message) { } }
    public class MatchesException : XunitException { public MatchesException(string message) : base(message) { } }
    public class DoesNotMatchException : XunitException { public DoesNotMatchException(string message) : base(message) { } }
    public class DistinctException : XunitException { public DistinctException(string message) : base(message) { } }
    public class SubsetException : XunitException { public SubsetException(string message) : base(message) { } }
    public class SupersetException : XunitException { public SupersetException(string message) : base(message) { } }
    public class ProperSubsetException : XunitException { public ProperSubsetException(string message) : base(message) { } }
    public class ProperSupersetException : XunitException { public ProperSupersetException(string message) : base(message) { } }
    public class IsNotTypeException : XunitException { public IsNotTypeException(string message) : base(message) { } }
    public class IsNotAssignableFromException : XunitException { public IsNotAssignableFromException(string message) : base(message) { } }
    public class NotInRangeException : XunitException { public NotInRangeException(string message) : base(message) { } }
    public class StrictEqualException : XunitException { public StrictEqualException(string message) : base(message) { } }
    public class NotStrictEqualException : XunitException { public NotStrictEqualException(string message) : base(message) { } }
    public class RaisesException : XunitException { public RaisesException(string message) : base(message) { } }
    public class RaisesAnyException : XunitException { public RaisesAnyException(string message) : base(message) { } }
    public class PropertyChangedException : XunitException { public PropertyChangedException(string message) : base(message) { } }
    public class EquivalentException : XunitException { public EquivalentException(string message) : base(message) { } }
    public class SkipException : XunitException { public SkipException(string message) : base("$XunitDynamicSkip$" + message) { } }

    // MultipleException gathers the failures of Assert.Multiple.
    public class MultipleException : XunitException
    {
        public MultipleException(string assertionName, IEnumerable<Exception> innerExceptions)
            : base("Assert." + assertionName + "() Failure: Multiple failures were encountered")
        {
            InnerExceptions = new List<Exception>(innerExceptions);
        }

        public IReadOnlyCollection<Exception> InnerExceptions { get; }
    }

    // Equivalence is Assert.Equivalent's comparison; Compare returns the
    // failure message, null when the values are equivalent.
    public static class Equivalence
    {
        public static string Compare(object expected, object actual, bool strict, int depth)
        {
            if (depth > 50)
                return "Assert.Equivalent() Failure: Exceeded the maximum depth 50 with ''; check for infinite recursion or circular references";
            if (expected == null || actual == null)
            {
                if (expected == actual) return null;
                return Mismatch(expected, actual);
            }
            if (expected is string || actual is string || !(expected is System.Collections.IEnumerable) || !(actual is System.Collections.IEnumerable))
            {
                if (ArgumentFormatter.AreEqual(expected, actual) || IsNumeric(expected) && IsNumeric(actual) && Convert.ToDecimal(expected) == Convert.ToDecimal(actual))
                    return null;
                return Mismatch(expected, actual);
            }
            var expectedItems = ArgumentFormatter.Items((System.Collections.IEnumerable)expected);
            var actualItems = ArgumentFormatter.Items((System.Collections.IEnumerable)actual);
            var left = new List<object>(actualItems);
            foreach (object e in expectedItems)
            {
                int found = -1;
                for (int i = 0; i < left.Count && found < 0; i++)
                    if (Compare(e, left[i], strict, depth + 1) == null) found = i;
                if (found < 0)
                    return "Assert.Equivalent() Failure: Collection value not found" + Environment.NewLine +
                        "Expected: " + ArgumentFormatter.Format(e) + Environment.NewLine + "In:       " + ArgumentFormatter.Format(left);
                left.RemoveAt(found);
            }
            if (strict && left.Count > 0)
                return "Assert.Equivalent() Failure: Extra values found" + Environment.NewLine +
                    "Expected: " + ArgumentFormatter.Format(expected) + Environment.NewLine + "Actual:   " + ArgumentFormatter.Format(left) + " left over from " + ArgumentFormatter.Format(actual);
            return null;
        }

        static bool IsNumeric(object o) => o is int || o is long || o is short || o is byte || o is sbyte || o is ushort || o is uint || o is ulong || o is decimal;

        static string Mismatch(object expected, object actual) =>
            "Assert.Equivalent() Failure" + Environment.NewLine + "Expected: " + ArgumentFormatter.Format(expected) + Environment.NewLine + "Actual:   " + ArgumentFormatter.Format(actual);
    }

    public class NotEqualException : XunitException { public NotEqualException(string message) : base(message) { } }
    public class TrueException : XunitException { public TrueException(string message) : base(message) { } }
    public class FalseException : XunitException { public FalseException(string message) : base(message) { } }
    public class NullException : XunitException { public NullException(string message) : base(message) { } }
    public class NotNullException : XunitException { public NotNullException(string message) : base(message) { } }
    public class SameException : XunitException { public SameException(string message) : base(message) { } }
    public class NotSameException : XunitException { public NotSameException(string message) : base(message) { } }
    public class FailException : XunitException { public FailException(string message) : base(message) { } }
    public class ThrowsException : XunitException
    {
        public ThrowsException(string message) : base(message) { }
        public ThrowsException(string message, Exception innerException) : base(message, innerException) { }
    }
    public class ThrowsAnyException : XunitException
    {
        public ThrowsAnyException(string message) : base(message) { }
        public ThrowsAnyException(string message, Exception innerException) : base(message, innerException) { }
    }
    public class IsTypeException : XunitException { public IsTypeException(string message) : base(message) { } }
    public class IsAssignableFromException : XunitException { public IsAssignableFromException(string message) : base(message) { } }
    public class ContainsException : XunitException { public ContainsException(string message) : base(message) { } }
    public class DoesNotContainException : XunitException { public DoesNotContainException(string message) : base(message) { } }
    public class EmptyException : XunitException { public EmptyException(string message) : base(message) { } }
    public class NotEmptyException : XunitException { public NotEmptyException(string message) : base(message) { } }
    public class SingleException : XunitException { public SingleException(string message) : base(message) { } }
    public class InRangeException : XunitException { public InRangeException(string message) : base(message) { } }
    public class CollectionException : XunitException
    {
        public CollectionException(string message) : base(message) { }
        public CollectionException(string message, Exception innerException) : base(message, innerException) { }
    }
    public class AllException : XunitException
    {
        public AllException(string message) : base(message) { }
        public AllException(string message, Exception innerException) : base(message, innerException) { }
    }

    // ArgumentFormatter prints values in failure messages as xunit does:
    // strings quoted and escaped, characters in single quotes, doubles with
    // 17 significant digits, collections as [a, b, c] (five items at most),
    // types as typeof(Full.Name), anything else by its ToString().
    public static class ArgumentFormatter
    {
        internal static bool AreEqual(object expected, object actual)
        {
            if (expected == null) return actual == null;
            if (actual == null) return false;
            if (expected is System.Collections.IEnumerable ee && actual is System.Collections.IEnumerable ae && !(expected is string) && !(actual is string))
            {
                var el = Items(ee);
                var al = Items(ae);
                if (el.Count != al.Count) return false;
                for (int i = 0; i < el.Count; i++)
                    if (!AreEqual(el[i], al[i])) return false;
                return true;
            }
            return expected.Equals(actual);
        }

        internal static List<object> Items(System.Collections.IEnumerable e)
        {
            if (e == null) return null;
            var items = new List<object>();
            foreach (object x in e) items.Add(x);
            return items;
        }

        public static string Format(object value)
        {
            if (value == null) return "null";
            if (value is Type t) return "typeof(" + FormatTypeName(t, true) + ")";
            if (value is char c) return "'" + Escape(c.ToString()) + "'";
            if (value is float f) return f.ToString("G9");
            if (value is double d) return d.ToString("G17");
            if (value is DateTime dt) return dt.ToString("o");
            if (value is DateTimeOffset dto) return dto.ToString("o");
            if (value is string s) return "\"" + Escape(s).Replace("\"", "\\\"") + "\"";
            if (value is System.Collections.IEnumerable items)
            {
                string r = "[";
                int i = 0;
                foreach (object x in items)
                {
                    if (i != 0) r += ", ";
                    if (i == 5)
                    {
                        r += "\u00b7\u00b7\u00b7";
                        break;
                    }
                    r += Format(x);
                    i++;
                }
                return r + "]";
            }
            if (value is Task task)
                return "Task { Status = " + task.Status + " }";
            return value.ToString();
        }

        public static string FormatTypeName(Type type, bool fullTypeName)
        {
            switch (type.FullName)
            {
                case "System.Boolean": return "bool";
                case "System.Byte": return "byte";
                case "System.SByte": return "sbyte";
                case "System.Char": return "char";
                case "System.Decimal": return "decimal";
                case "System.Double": return "double";
                case "System.Single": return "float";
                case "System.Int32": return "int";
                case "System.UInt32": return "uint";
                case "System.Int64": return "long";
                case "System.UInt64": return "ulong";
                case "System.Object": return "object";
                case "System.Int16": return "short";
                case "System.UInt16": return "ushort";
                case "System.String": return "string";
            }
            return fullTypeName ? type.FullName : type.Name;
        }

        // PointerIndent is where the ↓ of a string difference at index
        // stands: after the opening quote and the escaped characters before it.
        internal static int PointerIndent(string value, int index) => 1 + Escape(value.Substring(0, index)).Length;

        // ItemIndent is where the ↓ of a collection difference at index
        // stands: after "[" and the items before it, each with ", ".
        internal static int ItemIndent(List<object> items, int index)
        {
            int n = 1;
            for (int i = 0; i < index; i++) n += Format(items[i]).Length + 2;
            return n;
        }

        static string Escape(string s)
        {
            string r = "";
            foreach (char c in s)
            {
                switch (c)
                {
                    case '\0': r += "\\0"; break;
                    case '\a': r += "\\a"; break;
                    case '\b': r += "\\b"; break;
                    case '\f': r += "\\f"; break;
                    case '\n': r += "\\n"; break;
                    case '\r': r += "\\r"; break;
                    case '\t': r += "\\t"; break;
                    case '\v': r += "\\v"; break;
                    case '\\': r += "\\\\"; break;
                    default: r += c; break;
                }
            }
            return r;
        }
    }
}

namespace System.Threading
{
    public class LockRecursionException : Exception
    {
        public LockRecursionException() : base("Exception of type 'System.Threading.LockRecursionException' was thrown.") { }
        public LockRecursionException(string message) : base(message) { }
        public LockRecursionException(string message, Exception innerException) : base(message, innerException) { }
    }

    // Lock (C# 13) is a monitor of its own: Enter and Exit take the monitor
    // of the Lock object itself, so `lock (gate)` on a Lock (which the
    // compiler lowers to Monitor.Enter/Exit as for any object) and the
    // Lock's own methods exclude each other as .NET's EnterScope-based
    // lowering does.
    public sealed class Lock
    {
        public Lock() { }

        public void Enter() => Monitor.Enter(this);
        public bool TryEnter() => Monitor.TryEnter(this);
        public bool TryEnter(int millisecondsTimeout)
        {
            if (millisecondsTimeout < -1) throw new ArgumentOutOfRangeException(nameof(millisecondsTimeout), "Number must be either non-negative and less than or equal to Int32.MaxValue or -1.");
            return Monitor.TryEnter(this, millisecondsTimeout);
        }

        public bool TryEnter(TimeSpan timeout)
        {
            long ms = (long)timeout.TotalMilliseconds;
            if (ms < -1 || ms > int.MaxValue) throw new ArgumentOutOfRangeException(nameof(timeout), "Number must be either non-negative and less than or equal to Int32.MaxValue or -1.");
            return Monitor.TryEnter(this, (int)ms);
        }

        public void Exit()
        {
            if (!Monitor.IsEntered(this)) throw new SynchronizationLockException("The calling thread does not hold the lock.");
            Monitor.Exit(this);
        }

        public bool IsHeldByCurrentThread => Monitor.IsEntered(this);

        public Scope EnterScope()
        {
            Enter();
            return new Scope(this);
        }

        // Scope exits the lock when disposed (`using (gate.EnterScope())`).
        public struct Scope : IDisposable
        {
            readonly Lock _owner;
            internal Scope(Lock owner) { _owner = owner; }
            public void Dispose() => _owner?.Exit();
        }
    }

    // Timer calls its callback on the thread pool after dueTime and then
    // every period (never again when period is Infinite or 0). Each Change
    // starts a new schedule; callbacks of an older one no longer run. A
    // callback that outlasts the period overlaps the next, as in .NET.
    public sealed class Timer : IDisposable
    {
        readonly object _gate = new object();
        readonly TimerCallback _callback;
        readonly object _state;
        int _generation;
        bool _disposed;
        int _running; // callbacks running now
        System.Collections.Generic.List<Action> _whenIdle; // run when _running drops to 0

        public Timer(TimerCallback callback)
        {
            _callback = callback ?? throw new ArgumentNullException(nameof(callback));
            _state = this; // as .NET's: the state is the timer
        }
        public Timer(TimerCallback callback, object state, int dueTime, int period) : this(callback, state, (long)dueTime, (long)period) { }
        public Timer(TimerCallback callback, object state, TimeSpan dueTime, TimeSpan period) : this(callback, state, (long)dueTime.TotalMilliseconds, (long)period.TotalMilliseconds) { }
        public Timer(TimerCallback callback, object state, long dueTime, long period)
        {
            _callback = callback ?? throw new ArgumentNullException(nameof(callback));
            _state = state;
            Change(dueTime, period);
        }

        static void CheckTime(long ms, string name)
        {
            if (ms < -1) throw new ArgumentOutOfRangeException(name, "Number must be either non-negative and less than or equal to Int32.MaxValue or -1.");
            if (ms > 4294967294) throw new ArgumentOutOfRangeException(name, "Time-out interval must be less than 2^32-2.");
        }

        public bool Change(int dueTime, int period) => Change((long)dueTime, (long)period);
        public bool Change(TimeSpan dueTime, TimeSpan period) => Change((long)dueTime.TotalMilliseconds, (long)period.TotalMilliseconds);
        public bool Change(long dueTime, long period)
        {
            CheckTime(dueTime, nameof(dueTime));
            CheckTime(period, nameof(period));
            int generation;
            lock (_gate)
            {
                if (_disposed) throw new ObjectDisposedException(null, "Cannot access a disposed object.");
                generation = ++_generation;
            }
            if (dueTime != -1) Schedule(generation, (int)dueTime, (int)period);
            return true;
        }

        bool Current(int generation)
        {
            lock (_gate) return !_disposed && _generation == generation;
        }

        async void Schedule(int generation, int dueTime, int period)
        {
            await System.Threading.Tasks.Task.Delay(dueTime).ConfigureAwait(false);
            while (Current(generation))
            {
                ThreadPool.QueueUserWorkItem(_ =>
                {
                    lock (_gate)
                    {
                        if (_disposed || _generation != generation) return;
                        _running++;
                    }
                    try
                    {
                        _callback(_state);
                    }
                    finally
                    {
                        System.Collections.Generic.List<Action> idle = null;
                        lock (_gate)
                        {
                            if (--_running == 0 && _whenIdle != null)
                            {
                                idle = _whenIdle;
                                _whenIdle = null;
                            }
                        }
                        if (idle != null) foreach (var a in idle) a();
                    }
                });
                if (period == -1 || period == 0) return;
                await System.Threading.Tasks.Task.Delay(period).ConfigureAwait(false);
            }
        }

        public void Dispose()
        {
            lock (_gate) _disposed = true;
        }

        // Dispose(notifyObject) signals notifyObject once no callback is
        // running; false when the timer was already disposed.
        public bool Dispose(WaitHandle notifyObject)
        {
            if (notifyObject == null) throw new ArgumentNullException(nameof(notifyObject));
            lock (_gate)
            {
                if (_disposed) return false;
                _disposed = true;
                if (_running > 0)
                {
                    (_whenIdle ??= new System.Collections.Generic.List<Action>()).Add(() => Signal(notifyObject));
                    return true;
                }
            }
            Signal(notifyObject);
            return true;
        }

        static void Signal(WaitHandle handle)
        {
            if (handle is ManualResetEvent m) m.Set();
            else if (handle is AutoResetEvent a) a.Set();
        }

        // DisposeAsync completes once no callback is running.
        public System.Threading.Tasks.ValueTask DisposeAsync()
        {
            System.Threading.Tasks.TaskCompletionSource idle = null;
            lock (_gate)
            {
                _disposed = true;
                if (_running > 0)
                {
                    idle = new System.Threading.Tasks.TaskCompletionSource(System.Threading.Tasks.TaskCreationOptions.RunContinuationsAsynchronously);
                    (_whenIdle ??= new System.Collections.Generic.List<Action>()).Add(() => idle.TrySetResult());
                }
            }
            return idle == null ? default : new System.Threading.Tasks.ValueTask(idle.Task);
        }
    }

    // Barrier lets ParticipantCount threads meet at each phase: the last to
    // signal runs the post-phase action and releases the others.
    public class Barrier : IDisposable
    {
        readonly object _gate = new object();
        readonly Action<Barrier> _postPhaseAction;
        int _participants;
        int _remaining;
        long _phase;
        Exception _postPhaseException;

        public Barrier(int participantCount) : this(participantCount, null) { }
        public Barrier(int participantCount, Action<Barrier> postPhaseAction)
        {
            if (participantCount < 0 || participantCount > 32767)
                throw new ArgumentOutOfRangeException(nameof(participantCount), "The participantCount argument must be non-negative and less than or equal to 32767.");
            _participants = participantCount;
            _remaining = participantCount;
            _postPhaseAction = postPhaseAction;
        }

        public long CurrentPhaseNumber { get { lock (_gate) return _phase; } }
        public int ParticipantCount { get { lock (_gate) return _participants; } }
        public int ParticipantsRemaining { get { lock (_gate) return _remaining; } }

        public long AddParticipant() => AddParticipants(1);
        public long AddParticipants(int participantCount)
        {
            if (participantCount < 1 || participantCount > 32767)
                throw new ArgumentOutOfRangeException(nameof(participantCount), "The participantCount argument must be a positive value.");
            lock (_gate)
            {
                if (_participants + participantCount > 32767)
                    throw new ArgumentOutOfRangeException(nameof(participantCount), "Adding participantCount participants would result in the number of participants exceeding the maximum number allowed.");
                _participants += participantCount;
                _remaining += participantCount;
                return _phase;
            }
        }

        public void RemoveParticipant() => RemoveParticipants(1);
        public void RemoveParticipants(int participantCount)
        {
            if (participantCount < 1)
                throw new ArgumentOutOfRangeException(nameof(participantCount), "The participantCount argument must be a positive value.");
            lock (_gate)
            {
                if (participantCount > _participants)
                    throw new ArgumentOutOfRangeException(nameof(participantCount), "The participantCount argument must be less than or equal the number of participants.");
                if (participantCount > _remaining)
                    throw new InvalidOperationException("The participantCount argument is greater than the number of participants that haven't yet arrived at the barrier in this phase.");
                _participants -= participantCount;
                _remaining -= participantCount;
                if (_remaining == 0 && _participants > 0) FinishPhase();
            }
        }

        public void SignalAndWait() => Signal(-1);

        public bool SignalAndWait(int millisecondsTimeout) => Signal(millisecondsTimeout);

        public bool SignalAndWait(TimeSpan timeout)
        {
            double ms = timeout.TotalMilliseconds;
            if (ms < -1 || ms > int.MaxValue)
                throw new ArgumentOutOfRangeException(nameof(timeout), "The specified timeout must represent a value between -1 and Int32.MaxValue, inclusive.");
            return Signal((int)ms);
        }

        public void SignalAndWait(CancellationToken cancellationToken)
        {
            cancellationToken.ThrowIfCancellationRequested();
            Signal(-1);
        }

        bool Signal(int millisecondsTimeout)
        {
            if (millisecondsTimeout < -1)
                throw new ArgumentOutOfRangeException(nameof(millisecondsTimeout), "The specified timeout must represent a value between -1 and Int32.MaxValue, inclusive.");
            lock (_gate)
            {
                if (_participants == 0)
                    throw new InvalidOperationException("The barrier has no registered participants.");
                if (_remaining == 0)
                    throw new InvalidOperationException("The number of threads using the barrier exceeded the total number of registered participants.");
                long phase = _phase;
                _remaining--;
                if (_remaining == 0)
                {
                    FinishPhase();
                    if (_postPhaseException != null) throw new BarrierPostPhaseException(_postPhaseException);
                    return true;
                }
                while (_phase == phase)
                {
                    if (!Monitor.Wait(_gate, millisecondsTimeout) && _phase == phase)
                    {
                        _remaining++;
                        return false;
                    }
                }
                if (_postPhaseException != null) throw new BarrierPostPhaseException(_postPhaseException);
                return true;
            }
        }

        // FinishPhase runs with the gate held, on the thread that arrived last.
        void FinishPhase()
        {
            _postPhaseException = null;
            if (_postPhaseAction != null)
            {
                try { _postPhaseAction(this); }
                catch (Exception e) { _postPhaseException = e; }
            }
            _phase++;
            _remaining = _participants;
            Monitor.PulseAll(_gate);
        }

        public void Dispose() { }
    }

    public class BarrierPostPhaseException : Exception
    {
        public BarrierPostPhaseException() : base("The postPhaseAction failed with an exception.") { }
        public BarrierPostPhaseException(Exception innerException) : base("The postPhaseAction failed with an exception.", innerException) { }
        public BarrierPostPhaseException(string message) : base(message) { }
        public BarrierPostPhaseException(string message, Exception innerException) : base(message, innerException) { }
    }

    public enum LockRecursionPolicy { NoRecursion, SupportsRecursion }

    // ReaderWriterLockSlim: many readers or one writer; an upgradeable
    // reader excludes writers and other upgradeable readers and may take
    // the write lock once the other readers leave. Holders are tracked per
    // managed thread, and recursion is refused unless SupportsRecursion.
    public class ReaderWriterLockSlim : IDisposable
    {
        readonly object _gate = new object();
        readonly System.Collections.Generic.Dictionary<int, int> _readers = new System.Collections.Generic.Dictionary<int, int>();
        int _writer = -1, _writeCount;
        int _upgrader = -1, _upgradeCount;
        int _waitingWriters, _waitingReaders, _waitingUpgraders;

        public ReaderWriterLockSlim() : this(LockRecursionPolicy.NoRecursion) { }
        public ReaderWriterLockSlim(LockRecursionPolicy recursionPolicy) { RecursionPolicy = recursionPolicy; }

        public LockRecursionPolicy RecursionPolicy { get; }
        static int Me => Environment.CurrentManagedThreadId;

        public bool IsReadLockHeld { get { lock (_gate) return _readers.ContainsKey(Me); } }
        public bool IsWriteLockHeld { get { lock (_gate) return _writer == Me; } }
        public bool IsUpgradeableReadLockHeld { get { lock (_gate) return _upgrader == Me; } }
        public int CurrentReadCount { get { lock (_gate) return _readers.Count + (_upgrader != -1 ? 1 : 0); } }
        public int RecursiveReadCount { get { lock (_gate) return _readers.TryGetValue(Me, out int n) ? n : 0; } }
        public int RecursiveWriteCount { get { lock (_gate) return _writer == Me ? _writeCount : 0; } }
        public int RecursiveUpgradeCount { get { lock (_gate) return _upgrader == Me ? _upgradeCount : 0; } }
        public int WaitingReadCount { get { lock (_gate) return _waitingReaders; } }
        public int WaitingWriteCount { get { lock (_gate) return _waitingWriters; } }
        public int WaitingUpgradeCount { get { lock (_gate) return _waitingUpgraders; } }

        // CheckedMs and SpanMs check a TryEnter method's timeout, int
        // milliseconds or a TimeSpan, and return it in milliseconds.
        static int CheckedMs(int millisecondsTimeout)
        {
            if (millisecondsTimeout < -1) throw new ArgumentOutOfRangeException(nameof(millisecondsTimeout), "Number must be either non-negative and less than or equal to Int32.MaxValue or -1.");
            return millisecondsTimeout;
        }

        static int SpanMs(TimeSpan timeout)
        {
            double ms = timeout.TotalMilliseconds;
            if (ms < -1 || ms > int.MaxValue) throw new ArgumentOutOfRangeException(nameof(timeout), "Number must be either non-negative and less than or equal to Int32.MaxValue or -1.");
            return (int)ms;
        }

        // WaitUntil waits on the gate (held) until ready() or the timeout.
        bool WaitUntil(Func<bool> ready, int millisecondsTimeout)
        {
            if (ready()) return true;
            if (millisecondsTimeout == 0) return false;
            var clock = System.Diagnostics.Stopwatch.StartNew();
            while (!ready())
            {
                int left = -1;
                if (millisecondsTimeout != -1)
                {
                    left = millisecondsTimeout - (int)clock.ElapsedMilliseconds;
                    if (left <= 0) return false;
                }
                Monitor.Wait(_gate, left);
            }
            return true;
        }

        public void EnterReadLock() => EnterRead(-1);
        public bool TryEnterReadLock(int millisecondsTimeout) => EnterRead(CheckedMs(millisecondsTimeout));
        public bool TryEnterReadLock(TimeSpan timeout) => EnterRead(SpanMs(timeout));
        bool EnterRead(int millisecondsTimeout)
        {
            int me = Me;
            lock (_gate)
            {
                if (_readers.TryGetValue(me, out int held))
                {
                    if (RecursionPolicy == LockRecursionPolicy.NoRecursion)
                        throw new LockRecursionException("Recursive read lock acquisitions not allowed in this mode.");
                    _readers[me] = held + 1;
                    return true;
                }
                if (RecursionPolicy == LockRecursionPolicy.NoRecursion && (_writer == me || _upgrader == me))
                    throw new LockRecursionException("A read lock may not be acquired with the write lock held in this mode.");
                if (_writer == me || _upgrader == me)
                {
                    _readers[me] = 1;
                    return true;
                }
                _waitingReaders++;
                bool ok = WaitUntil(() => _writer == -1 && _waitingWriters == 0, millisecondsTimeout);
                _waitingReaders--;
                if (ok) _readers[me] = 1;
                return ok;
            }
        }

        public void ExitReadLock()
        {
            int me = Me;
            lock (_gate)
            {
                if (!_readers.TryGetValue(me, out int held))
                    throw new SynchronizationLockException("The read lock is being released without being held.");
                if (held == 1) _readers.Remove(me);
                else _readers[me] = held - 1;
                Monitor.PulseAll(_gate);
            }
        }

        public void EnterWriteLock() => EnterWrite(-1);
        public bool TryEnterWriteLock(int millisecondsTimeout) => EnterWrite(CheckedMs(millisecondsTimeout));
        public bool TryEnterWriteLock(TimeSpan timeout) => EnterWrite(SpanMs(timeout));
        bool EnterWrite(int millisecondsTimeout)
        {
            int me = Me;
            lock (_gate)
            {
                if (_writer == me)
                {
                    if (RecursionPolicy == LockRecursionPolicy.NoRecursion)
                        throw new LockRecursionException("Recursive write lock acquisitions not allowed in this mode.");
                    _writeCount++;
                    return true;
                }
                if (_readers.ContainsKey(me))
                    throw new LockRecursionException("Write lock may not be acquired with read lock held. This pattern is prone to deadlocks. Please ensure that read locks are released before taking a write lock. If an upgrade is necessary, use an upgrade lock in place of the read lock.");
                _waitingWriters++;
                bool ok = WaitUntil(() => _writer == -1 && _readers.Count == 0 && (_upgrader == -1 || _upgrader == me), millisecondsTimeout);
                _waitingWriters--;
                if (ok)
                {
                    _writer = me;
                    _writeCount = 1;
                }
                else Monitor.PulseAll(_gate);
                return ok;
            }
        }

        public void ExitWriteLock()
        {
            lock (_gate)
            {
                if (_writer != Me)
                    throw new SynchronizationLockException("The write lock is being released without being held.");
                if (--_writeCount == 0) _writer = -1;
                Monitor.PulseAll(_gate);
            }
        }

        public void EnterUpgradeableReadLock() => EnterUpgradeableRead(-1);
        public bool TryEnterUpgradeableReadLock(int millisecondsTimeout) => EnterUpgradeableRead(CheckedMs(millisecondsTimeout));
        public bool TryEnterUpgradeableReadLock(TimeSpan timeout) => EnterUpgradeableRead(SpanMs(timeout));
        bool EnterUpgradeableRead(int millisecondsTimeout)
        {
            int me = Me;
            lock (_gate)
            {
                if (_upgrader == me)
                {
                    if (RecursionPolicy == LockRecursionPolicy.NoRecursion)
                        throw new LockRecursionException("Recursive upgradeable lock acquisitions not allowed in this mode.");
                    _upgradeCount++;
                    return true;
                }
                if (RecursionPolicy == LockRecursionPolicy.NoRecursion && (_readers.ContainsKey(me) || _writer == me))
                    throw new LockRecursionException("Upgradeable lock may not be acquired with read lock held.");
                _waitingUpgraders++;
                bool ok = WaitUntil(() => (_writer == -1 || _writer == me) && _upgrader == -1 && _waitingWriters == 0, millisecondsTimeout);
                _waitingUpgraders--;
                if (ok)
                {
                    _upgrader = me;
                    _upgradeCount = 1;
                }
                return ok;
            }
        }

        public void ExitUpgradeableReadLock()
        {
            lock (_gate)
            {
                if (_upgrader != Me)
                    throw new SynchronizationLockException("The upgradeable lock is being released without being held.");
                if (--_upgradeCount == 0) _upgrader = -1;
                Monitor.PulseAll(_gate);
            }
        }

        public void Dispose() { }
    }
}

namespace System.Collections.Concurrent
{
    // BlockingCollection<T> over a FIFO queue, or over the
    // IProducerConsumerCollection<T> it is given (a ConcurrentStack<T> makes
    // it LIFO): Take blocks while the collection is empty, Add while it
    // holds BoundedCapacity items; CompleteAdding ends both, and
    // GetConsumingEnumerable ends once the collection is empty and complete.
    public class BlockingCollection<T> : System.Collections.Generic.IEnumerable<T>, IDisposable
    {
        readonly object _gate = new object();
        IProducerConsumerCollection<T> _items;
        int _capacity = -1;
        bool _addingCompleted;

        // The constructors share Init rather than chain with this(...):
        // prelude bodies are not bound, and a chained call would be
        // resolved by its argument count alone.
        public BlockingCollection() { _items = new QueueCollection<T>(); }
        public BlockingCollection(int boundedCapacity) { Init(new QueueCollection<T>(), boundedCapacity, true); }
        public BlockingCollection(IProducerConsumerCollection<T> collection) { Init(collection, -1, false); }
        public BlockingCollection(IProducerConsumerCollection<T> collection, int boundedCapacity) { Init(collection, boundedCapacity, true); }
        // ConcurrentQueue<T> and ConcurrentBag<T> are the VM's own types,
        // which do not implement the prelude's IProducerConsumerCollection<T>:
        // an adapter stands in for them, over the same object.
        public BlockingCollection(ConcurrentQueue<T> collection) { Init(ConcurrentQueueCollection<T>.Over(collection), -1, false); }
        public BlockingCollection(ConcurrentQueue<T> collection, int boundedCapacity) { Init(ConcurrentQueueCollection<T>.Over(collection), boundedCapacity, true); }
        public BlockingCollection(ConcurrentBag<T> collection) { Init(ConcurrentBagCollection<T>.Over(collection), -1, false); }
        public BlockingCollection(ConcurrentBag<T> collection, int boundedCapacity) { Init(ConcurrentBagCollection<T>.Over(collection), boundedCapacity, true); }

        void Init(IProducerConsumerCollection<T> collection, int boundedCapacity, bool bounded)
        {
            if (collection == null) throw new ArgumentNullException(nameof(collection));
            _items = collection;
            if (!bounded) return;
            if (boundedCapacity < 1)
                throw new ArgumentOutOfRangeException(nameof(boundedCapacity), "The boundedCapacity argument must be positive.");
            if (collection.Count > boundedCapacity)
                throw new ArgumentException("The collection argument contains more items than are allowed by the boundedCapacity.", nameof(collection));
            _capacity = boundedCapacity;
        }

        public int BoundedCapacity => _capacity;
        public int Count { get { lock (_gate) return _items.Count; } }
        public bool IsAddingCompleted { get { lock (_gate) return _addingCompleted; } }
        public bool IsCompleted { get { lock (_gate) return _addingCompleted && _items.Count == 0; } }

        // Ms is a TryAdd or TryTake timeout in milliseconds.
        static int Ms(TimeSpan timeout)
        {
            double ms = timeout.TotalMilliseconds;
            if (ms < -1 || ms > int.MaxValue) throw new ArgumentOutOfRangeException(nameof(timeout), "The specified timeout must represent a value between -1 and Int32.MaxValue, inclusive.");
            return (int)ms;
        }

        public void Add(T item) => Add(item, default(System.Threading.CancellationToken));
        public void Add(T item, System.Threading.CancellationToken cancellationToken)
        {
            if (!TryAdd(item, -1, cancellationToken))
                throw new InvalidOperationException("The collection has been marked as complete with regards to additions.");
        }
        public bool TryAdd(T item) => TryAdd(item, 0, default(System.Threading.CancellationToken));
        public bool TryAdd(T item, int millisecondsTimeout) => TryAdd(item, millisecondsTimeout, default(System.Threading.CancellationToken));
        public bool TryAdd(T item, TimeSpan timeout) => TryAdd(item, Ms(timeout), default(System.Threading.CancellationToken));
        public bool TryAdd(T item, int millisecondsTimeout, System.Threading.CancellationToken cancellationToken)
        {
            cancellationToken.ThrowIfCancellationRequested();
            using (cancellationToken.Register(() => { lock (_gate) Monitor.PulseAll(_gate); }))
            lock (_gate)
            {
                if (_addingCompleted)
                    throw new InvalidOperationException("The collection has been marked as complete with regards to additions.");
                if (!Wait(() => _addingCompleted || _capacity < 0 || _items.Count < _capacity, millisecondsTimeout, cancellationToken)) return false;
                if (_addingCompleted)
                    throw new InvalidOperationException("The collection has been marked as complete with regards to additions.");
                if (!_items.TryAdd(item))
                    throw new InvalidOperationException("The underlying collection didn't accept the item.");
                Monitor.PulseAll(_gate);
                return true;
            }
        }

        public T Take() => Take(default(System.Threading.CancellationToken));
        public T Take(System.Threading.CancellationToken cancellationToken)
        {
            if (!TryTake(out T item, -1, cancellationToken))
                throw new InvalidOperationException("The collection argument is empty and has been marked as complete with regards to additions.");
            return item;
        }
        public bool TryTake(out T item) => TryTake(out item, 0, default(System.Threading.CancellationToken));
        public bool TryTake(out T item, int millisecondsTimeout) => TryTake(out item, millisecondsTimeout, default(System.Threading.CancellationToken));
        public bool TryTake(out T item, TimeSpan timeout) => TryTake(out item, Ms(timeout), default(System.Threading.CancellationToken));
        public bool TryTake(out T item, int millisecondsTimeout, System.Threading.CancellationToken cancellationToken)
        {
            cancellationToken.ThrowIfCancellationRequested();
            item = default(T);
            using (cancellationToken.Register(() => { lock (_gate) Monitor.PulseAll(_gate); }))
            lock (_gate)
            {
                if (!Wait(() => _addingCompleted || _items.Count > 0, millisecondsTimeout, cancellationToken)) return false;
                if (_items.Count == 0 || !_items.TryTake(out item)) return false;
                Monitor.PulseAll(_gate);
                return true;
            }
        }

        // Wait waits on the gate (held) until ready(), the timeout or the token.
        bool Wait(Func<bool> ready, int millisecondsTimeout, System.Threading.CancellationToken token)
        {
            if (millisecondsTimeout < -1)
                throw new ArgumentOutOfRangeException("timeout", "The specified timeout must represent a value between -1 and Int32.MaxValue, inclusive.");
            var clock = System.Diagnostics.Stopwatch.StartNew();
            while (!ready())
            {
                token.ThrowIfCancellationRequested();
                int left = -1;
                if (millisecondsTimeout != -1)
                {
                    left = millisecondsTimeout - (int)clock.ElapsedMilliseconds;
                    if (left <= 0) return false;
                }
                Monitor.Wait(_gate, left);
            }
            return true;
        }

        public void CompleteAdding()
        {
            lock (_gate)
            {
                _addingCompleted = true;
                Monitor.PulseAll(_gate);
            }
        }

        public System.Collections.Generic.IEnumerable<T> GetConsumingEnumerable() => GetConsumingEnumerable(default(System.Threading.CancellationToken));
        public System.Collections.Generic.IEnumerable<T> GetConsumingEnumerable(System.Threading.CancellationToken cancellationToken) =>
            new ConsumingEnumerable<T>(this, cancellationToken);

        public T[] ToArray()
        {
            lock (_gate) return _items.ToArray();
        }

        public System.Collections.Generic.IEnumerator<T> GetEnumerator() => ((System.Collections.Generic.IEnumerable<T>)ToArray()).GetEnumerator();
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();

        public void Dispose() { }
    }

    // ConsumingEnumerable takes items out of a BlockingCollection until it is
    // empty and complete; each GetEnumerator is one more consumer.
    internal sealed class ConsumingEnumerable<T> : System.Collections.Generic.IEnumerable<T>, System.Collections.Generic.IEnumerator<T>
    {
        readonly BlockingCollection<T> _source;
        readonly System.Threading.CancellationToken _token;
        internal ConsumingEnumerable(BlockingCollection<T> source, System.Threading.CancellationToken token) { _source = source; _token = token; }
        public T Current { get; private set; }
        object System.Collections.IEnumerator.Current => Current;
        public bool MoveNext()
        {
            if (_source.TryTake(out T item, -1, _token))
            {
                Current = item;
                return true;
            }
            return false;
        }
        public void Reset() => throw new NotSupportedException();
        public void Dispose() { }
        public System.Collections.Generic.IEnumerator<T> GetEnumerator() => new ConsumingEnumerable<T>(_source, _token);
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
    }
}

namespace System.Collections.Concurrent
{
    // IProducerConsumerCollection<T> is what a BlockingCollection<T> stores
    // its items in.
    public interface IProducerConsumerCollection<T> : System.Collections.Generic.IEnumerable<T>
    {
        int Count { get; }
        bool TryAdd(T item);
        bool TryTake(out T item);
        T[] ToArray();
        void CopyTo(T[] array, int index);
    }

    // QueueCollection is a BlockingCollection's default store, FIFO; the
    // collection's own lock guards it.
    internal sealed class QueueCollection<T> : IProducerConsumerCollection<T>
    {
        readonly System.Collections.Generic.Queue<T> _queue = new System.Collections.Generic.Queue<T>();
        public int Count => _queue.Count;
        public bool TryAdd(T item) { _queue.Enqueue(item); return true; }
        public bool TryTake(out T item) => _queue.TryDequeue(out item);
        public T[] ToArray() => _queue.ToArray();
        public void CopyTo(T[] array, int index) => _queue.CopyTo(array, index);
        public System.Collections.Generic.IEnumerator<T> GetEnumerator() => ((System.Collections.Generic.IEnumerable<T>)_queue.ToArray()).GetEnumerator();
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
    }

    // ConcurrentQueueCollection<T> and ConcurrentBagCollection<T> give a
    // BlockingCollection<T> the ConcurrentQueue<T> or ConcurrentBag<T> it was
    // made with (FIFO, or the bag's order); the items stay in that object.
    internal sealed class ConcurrentQueueCollection<T> : IProducerConsumerCollection<T>
    {
        readonly ConcurrentQueue<T> _queue;
        ConcurrentQueueCollection(ConcurrentQueue<T> queue) { _queue = queue; }
        public static IProducerConsumerCollection<T> Over(ConcurrentQueue<T> queue) => queue == null ? null : new ConcurrentQueueCollection<T>(queue);
        public int Count => _queue.Count;
        public bool TryAdd(T item) { _queue.Enqueue(item); return true; }
        public bool TryTake(out T item) => _queue.TryDequeue(out item);
        public T[] ToArray() => _queue.ToArray();
        public void CopyTo(T[] array, int index) => _queue.ToArray().CopyTo(array, index);
        public System.Collections.Generic.IEnumerator<T> GetEnumerator() => _queue.GetEnumerator();
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
    }

    internal sealed class ConcurrentBagCollection<T> : IProducerConsumerCollection<T>
    {
        readonly ConcurrentBag<T> _bag;
        ConcurrentBagCollection(ConcurrentBag<T> bag) { _bag = bag; }
        public static IProducerConsumerCollection<T> Over(ConcurrentBag<T> bag) => bag == null ? null : new ConcurrentBagCollection<T>(bag);
        public int Count => _bag.Count;
        public bool TryAdd(T item) { _bag.Add(item); return true; }
        public bool TryTake(out T item) => _bag.TryTake(out item);
        public T[] ToArray() => _bag.ToArray();
        public void CopyTo(T[] array, int index) => _bag.ToArray().CopyTo(array, index);
        public System.Collections.Generic.IEnumerator<T> GetEnumerator() => _bag.GetEnumerator();
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
    }

    // ConcurrentStack<T> is a lock-protected LIFO stack; enumerating it
    // walks a snapshot from the top, as .NET's does.
    public class ConcurrentStack<T> : IProducerConsumerCollection<T>, System.Collections.Generic.IReadOnlyCollection<T>
    {
        readonly object _gate = new object();
        readonly System.Collections.Generic.List<T> _items = new System.Collections.Generic.List<T>();

        public ConcurrentStack() { }
        public ConcurrentStack(System.Collections.Generic.IEnumerable<T> collection)
        {
            if (collection == null) throw new ArgumentNullException(nameof(collection));
            foreach (var item in collection) _items.Add(item);
        }

        public int Count { get { lock (_gate) return _items.Count; } }
        public bool IsEmpty { get { lock (_gate) return _items.Count == 0; } }
        public void Clear() { lock (_gate) _items.Clear(); }
        public void Push(T item) { lock (_gate) _items.Add(item); }
        public void PushRange(T[] items)
        {
            if (items == null) throw new ArgumentNullException(nameof(items));
            PushRange(items, 0, items.Length);
        }
        public void PushRange(T[] items, int startIndex, int count)
        {
            if (items == null) throw new ArgumentNullException(nameof(items));
            if (startIndex < 0 || count < 0 || startIndex + count > items.Length)
                throw new ArgumentOutOfRangeException(nameof(count), "The sum of the startIndex and count arguments must be less than or equal to the collection's Count.");
            lock (_gate)
                for (int i = 0; i < count; i++) _items.Add(items[startIndex + i]);
        }
        public bool TryPeek(out T result)
        {
            lock (_gate)
            {
                if (_items.Count == 0) { result = default(T); return false; }
                result = _items[_items.Count - 1];
                return true;
            }
        }
        public bool TryPop(out T result)
        {
            lock (_gate)
            {
                if (_items.Count == 0) { result = default(T); return false; }
                result = _items[_items.Count - 1];
                _items.RemoveAt(_items.Count - 1);
                return true;
            }
        }
        public int TryPopRange(T[] items)
        {
            if (items == null) throw new ArgumentNullException(nameof(items));
            return TryPopRange(items, 0, items.Length);
        }
        public int TryPopRange(T[] items, int startIndex, int count)
        {
            if (items == null) throw new ArgumentNullException(nameof(items));
            if (startIndex < 0 || count < 0 || startIndex + count > items.Length)
                throw new ArgumentOutOfRangeException(nameof(count), "The sum of the startIndex and count arguments must be less than or equal to the collection's Count.");
            lock (_gate)
            {
                int n = Math.Min(count, _items.Count);
                for (int i = 0; i < n; i++)
                {
                    items[startIndex + i] = _items[_items.Count - 1];
                    _items.RemoveAt(_items.Count - 1);
                }
                return n;
            }
        }
        public T[] ToArray()
        {
            lock (_gate)
            {
                var a = new T[_items.Count];
                for (int i = 0; i < a.Length; i++) a[i] = _items[_items.Count - 1 - i];
                return a;
            }
        }
        public void CopyTo(T[] array, int index)
        {
            if (array == null) throw new ArgumentNullException(nameof(array));
            var a = ToArray();
            Array.Copy(a, 0, array, index, a.Length);
        }
        bool IProducerConsumerCollection<T>.TryAdd(T item) { Push(item); return true; }
        bool IProducerConsumerCollection<T>.TryTake(out T item) => TryPop(out item);
        public System.Collections.Generic.IEnumerator<T> GetEnumerator() => ((System.Collections.Generic.IEnumerable<T>)ToArray()).GetEnumerator();
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
    }
}

// TestLibrary: the helpers of dotnet/runtime's test library that test
// programs ask about the runtime under test. asyncvm answers as CoreCLR
// with its JIT on 64-bit Linux (as ActiveIssue and SkipOnMono are read by
// the test entry point). Compiled only into a program that names it.
namespace TestLibrary
{
    public static class Utilities
    {
        public static bool IsCoreClrInterpreter => false;
        public static bool IsNativeAot => false;
        public static bool IsMonoRuntime => false;
        public static bool IsNotMonoRuntime => true;
        public static bool IsWindows => false;
        public static bool IsNotWindows => true;
        public static bool Is64 => true;
        public static bool IsX86 => false;
        public static bool IsArm => false;
        public static bool IsWasm => false;
        public static bool IsReadyToRun => false;
    }

    public static class PlatformDetection
    {
        public static bool IsPreciseGcSupported => true;
        public static bool IsThreadingSupported => true;
        public static bool IsMultithreadingSupported => true;
        public static bool IsNotMonoRuntime => true;
        public static bool IsMonoRuntime => false;
        public static bool IsNonZeroLowerBoundArraySupported => false;
        public static bool IsRuntimeAsyncSupported => true;
    }
}

namespace System.Threading
{
    public delegate void SendOrPostCallback(object state);

    // SynchronizationContext is .NET's: a program's subclass overrides Post,
    // Send, OperationStarted, OperationCompleted and CreateCopy. Current
    // belongs to the thread (the VM keeps it; it is not part of the
    // ExecutionContext and never flows). An await that continues on the
    // captured context captures Current unless it is this base class, and
    // the VM posts its continuation here (PostContinuation); an async void
    // method posts its exception (PostException) and calls
    // OperationStarted/OperationCompleted on the context it started under.
    public class SynchronizationContext
    {
        bool _requireWaitNotification;

        public SynchronizationContext() { }

        protected void SetWaitNotificationRequired() { _requireWaitNotification = true; }
        public bool IsWaitNotificationRequired() => _requireWaitNotification;

        public virtual void Send(SendOrPostCallback d, object state) { d(state); }
        public virtual void Post(SendOrPostCallback d, object state) { ThreadPool.QueueUserWorkItem(_ => d(state)); }
        public virtual void OperationStarted() { }
        public virtual void OperationCompleted() { }
        public virtual SynchronizationContext CreateCopy() => new SynchronizationContext();

        public static SynchronizationContext Current => (SynchronizationContext)Internal.VM.GetSyncContext();
        public static void SetSynchronizationContext(SynchronizationContext syncContext) { Internal.VM.SetSyncContext(syncContext); }

        static readonly SendOrPostCallback s_runContinuation = state => Internal.VM.RunContinuation(state);
        static readonly SendOrPostCallback s_throw = state => System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw((Exception)state);

        internal static void PostContinuation(SynchronizationContext sc, object continuation) { sc.Post(s_runContinuation, continuation); }
        internal static void PostException(SynchronizationContext sc, Exception exception) { sc.Post(s_throw, exception); }
    }
}

namespace System.Threading.Tasks
{
    // ConcurrentExclusiveSchedulerPair is .NET's reader/writer pair of
    // schedulers: tasks of ConcurrentScheduler run together, up to the
    // concurrency level, while no task of ExclusiveScheduler runs; an
    // exclusive task runs alone, and queued exclusive tasks go before
    // concurrent ones. Workers run on the underlying scheduler, each taking
    // tasks until its queue is empty; Complete() lets no more in and
    // completes Completion once everything queued has run.
    public class ConcurrentExclusiveSchedulerPair
    {
        internal readonly object ValueLock = new object();
        readonly TaskScheduler _underlying;
        readonly int _maxConcurrency;
        readonly System.Collections.Generic.Queue<Task> _exclusive = new System.Collections.Generic.Queue<Task>();
        readonly System.Collections.Generic.Queue<Task> _concurrent = new System.Collections.Generic.Queue<Task>();
        readonly ConcurrentExclusiveTaskScheduler _exclusiveScheduler;
        readonly ConcurrentExclusiveTaskScheduler _concurrentScheduler;
        readonly TaskCompletionSource _completion = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        int _concurrentWorkers;
        bool _exclusiveWorker;
        bool _completionRequested;

        public ConcurrentExclusiveSchedulerPair() : this(TaskScheduler.Default, Environment.ProcessorCount, -1) { }
        public ConcurrentExclusiveSchedulerPair(TaskScheduler taskScheduler) : this(taskScheduler, Environment.ProcessorCount, -1) { }
        public ConcurrentExclusiveSchedulerPair(TaskScheduler taskScheduler, int maxConcurrencyLevel) : this(taskScheduler, maxConcurrencyLevel, -1) { }
        public ConcurrentExclusiveSchedulerPair(TaskScheduler taskScheduler, int maxConcurrencyLevel, int maxItemsPerTask)
        {
            if (taskScheduler == null) throw new ArgumentNullException(nameof(taskScheduler));
            if (maxConcurrencyLevel == 0 || maxConcurrencyLevel < -1) throw new ArgumentOutOfRangeException(nameof(maxConcurrencyLevel));
            if (maxItemsPerTask == 0 || maxItemsPerTask < -1) throw new ArgumentOutOfRangeException(nameof(maxItemsPerTask));
            _underlying = taskScheduler;
            int level = maxConcurrencyLevel;
            int underlyingLevel = taskScheduler.MaximumConcurrencyLevel;
            if (underlyingLevel > 0 && underlyingLevel < level) level = underlyingLevel;
            if (level == -1) level = int.MaxValue;
            _maxConcurrency = level;
            _exclusiveScheduler = new ConcurrentExclusiveTaskScheduler(this, 1, true);
            _concurrentScheduler = new ConcurrentExclusiveTaskScheduler(this, level, false);
        }

        public TaskScheduler ConcurrentScheduler => _concurrentScheduler;
        public TaskScheduler ExclusiveScheduler => _exclusiveScheduler;
        public Task Completion => _completion.Task;

        public void Complete()
        {
            lock (ValueLock)
            {
                _completionRequested = true;
                CompleteIfIdle();
            }
        }

        internal void Enqueue(Task task, bool exclusive)
        {
            lock (ValueLock)
            {
                if (_completionRequested) throw new InvalidOperationException("System.Threading.Tasks.ConcurrentExclusiveSchedulerPair+ConcurrentExclusiveTaskScheduler");
                (exclusive ? _exclusive : _concurrent).Enqueue(task);
                Pump();
            }
        }

        internal System.Collections.Generic.IEnumerable<Task> Scheduled(bool exclusive)
        {
            lock (ValueLock) return (exclusive ? _exclusive : _concurrent).ToArray();
        }

        // Pump starts the workers the queues allow; ValueLock is held.
        void Pump()
        {
            if (_exclusiveWorker) return;
            if (_exclusive.Count > 0)
            {
                if (_concurrentWorkers == 0)
                {
                    _exclusiveWorker = true;
                    StartWorker(true);
                }
                return;
            }
            while (_concurrent.Count > _concurrentWorkers && _concurrentWorkers < _maxConcurrency)
            {
                _concurrentWorkers++;
                StartWorker(false);
            }
        }

        void StartWorker(bool exclusive)
        {
            if (_underlying == TaskScheduler.Default)
                ThreadPool.UnsafeQueueUserWorkItem(_ => Work(exclusive), null);
            else
                Task.Factory.StartNew(() => Work(exclusive), CancellationToken.None, TaskCreationOptions.None, _underlying);
        }

        void Work(bool exclusive)
        {
            var scheduler = exclusive ? _exclusiveScheduler : _concurrentScheduler;
            while (true)
            {
                Task next;
                lock (ValueLock)
                {
                    var queue = exclusive ? _exclusive : _concurrent;
                    if (queue.Count == 0 || !exclusive && _exclusive.Count > 0)
                    {
                        if (exclusive) _exclusiveWorker = false;
                        else _concurrentWorkers--;
                        Pump();
                        CompleteIfIdle();
                        return;
                    }
                    next = queue.Dequeue();
                }
                scheduler.Execute(next);
            }
        }

        void CompleteIfIdle()
        {
            if (_completionRequested && !_exclusiveWorker && _concurrentWorkers == 0 && _exclusive.Count == 0 && _concurrent.Count == 0)
                _completion.TrySetResult();
        }
    }

    internal sealed class ConcurrentExclusiveTaskScheduler : TaskScheduler
    {
        readonly ConcurrentExclusiveSchedulerPair _pair;
        readonly int _level;
        readonly bool _exclusive;

        internal ConcurrentExclusiveTaskScheduler(ConcurrentExclusiveSchedulerPair pair, int level, bool exclusive)
        {
            _pair = pair;
            _level = level;
            _exclusive = exclusive;
        }

        public override int MaximumConcurrencyLevel => _level;
        internal void Execute(Task task) { TryExecuteTask(task); }
        protected internal override void QueueTask(Task task) { _pair.Enqueue(task, _exclusive); }
        protected override bool TryExecuteTaskInline(Task task, bool taskWasPreviouslyQueued) => false;
        protected override System.Collections.Generic.IEnumerable<Task> GetScheduledTasks() => _pair.Scheduled(_exclusive);
    }
}

namespace System.Threading.Tasks
{
    // ParallelAsync is Parallel.ForEachAsync over an IAsyncEnumerable, as
    // .NET runs it: dop workers on the pool take turns advancing the one
    // enumerator (it gets the loop's token) and each awaits the body before
    // taking another element. A failing body cancels the token the others
    // get; the task faults with every exception, is canceled when the
    // caller's token was (and nothing but cancellation was thrown), and
    // otherwise completes once the enumerator is disposed. The VM's
    // Parallel.ForEachAsync calls it with the source and body as objects.
    internal static class ParallelAsync
    {
        internal static Task ForEachAsync(System.Collections.Generic.IAsyncEnumerable<object> source, int dop, CancellationToken token, Func<object, CancellationToken, ValueTask> body)
        {
            var tcs = new TaskCompletionSource();
            Run(source, dop, token, body, tcs);
            return tcs.Task;
        }

        static async Task Run(System.Collections.Generic.IAsyncEnumerable<object> source, int dop, CancellationToken token, Func<object, CancellationToken, ValueTask> body, TaskCompletionSource tcs)
        {
            var errors = new System.Collections.Generic.List<Exception>();
            var cts = CancellationTokenSource.CreateLinkedTokenSource(token);
            var gate = new Turns();
            System.Collections.Generic.IAsyncEnumerator<object> e = null;
            try
            {
                e = source.GetAsyncEnumerator(cts.Token);
            }
            catch (Exception ex)
            {
                errors.Add(ex);
            }
            if (e != null)
            {
                var workers = new Task[dop];
                for (int i = 0; i < dop; i++)
                {
                    workers[i] = Task.Run(() => Worker(e, gate, cts, body, errors));
                }
                await Task.WhenAll(workers);
                try
                {
                    await e.DisposeAsync();
                }
                catch (Exception ex)
                {
                    errors.Add(ex);
                }
            }
            cts.Dispose();
            bool onlyCanceled = true;
            foreach (var ex in errors)
            {
                if (!(ex is OperationCanceledException)) onlyCanceled = false;
            }
            if (token.IsCancellationRequested && onlyCanceled) tcs.TrySetCanceled(token);
            else if (errors.Count > 0) tcs.TrySetException(errors);
            else tcs.TrySetResult();
        }

        static async Task Worker(System.Collections.Generic.IAsyncEnumerator<object> e, Turns gate, CancellationTokenSource cts, Func<object, CancellationToken, ValueTask> body, System.Collections.Generic.List<Exception> errors)
        {
            while (!cts.IsCancellationRequested)
            {
                object item;
                var turn = gate.Next(out Task previous);
                await previous;
                try
                {
                    if (cts.IsCancellationRequested || !await e.MoveNextAsync()) return;
                    item = e.Current;
                }
                catch (Exception ex)
                {
                    Fail(ex, cts, errors);
                    return;
                }
                finally
                {
                    turn.SetResult();
                }
                try
                {
                    await body(item, cts.Token);
                }
                catch (Exception ex)
                {
                    Fail(ex, cts, errors);
                    return;
                }
            }
        }

        // Turns lets the workers advance the enumerator one at a time, in
        // the order they asked: each waits for the previous turn to end.
        sealed class Turns
        {
            Task _tail = Task.CompletedTask;

            internal TaskCompletionSource Next(out Task previous)
            {
                var mine = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
                lock (this)
                {
                    previous = _tail;
                    _tail = mine.Task;
                }
                return mine;
            }
        }

        static void Fail(Exception ex, CancellationTokenSource cts, System.Collections.Generic.List<Exception> errors)
        {
            lock (errors) errors.Add(ex);
            try
            {
                cts.Cancel();
            }
            catch (AggregateException)
            {
            }
        }
    }
}

namespace System.Timers
{
    // ElapsedEventArgs is the data of Timer.Elapsed: when it was raised.
    public class ElapsedEventArgs : EventArgs
    {
        public ElapsedEventArgs(DateTime signalTime) { SignalTime = signalTime; }
        public DateTime SignalTime { get; }
    }

    public delegate void ElapsedEventHandler(object sender, ElapsedEventArgs e);

    // Timer is System.Timers.Timer over a System.Threading.Timer: while
    // enabled it raises Elapsed on the thread pool every Interval
    // milliseconds, or once when AutoReset is false (then it disables
    // itself). Changing Interval or AutoReset while enabled restarts the
    // count, as in .NET; a tick that was due before Stop does not raise.
    public class Timer : IDisposable
    {
        readonly object _gate = new object();
        double _interval = 100;
        bool _autoReset = true;
        bool _enabled;
        System.Threading.Timer _timer;
        object _armed;

        public Timer() { }
        public Timer(double interval)
        {
            CheckInterval(interval);
            _interval = interval;
        }
        public Timer(TimeSpan interval) : this(interval.TotalMilliseconds) { }

        ElapsedEventHandler _elapsed;

        public event ElapsedEventHandler Elapsed
        {
            add { lock (_gate) _elapsed += value; }
            remove { lock (_gate) _elapsed -= value; }
        }

        public bool AutoReset
        {
            get => _autoReset;
            set
            {
                lock (_gate)
                {
                    _autoReset = value;
                    if (_enabled) Arm();
                }
            }
        }

        public double Interval
        {
            get => _interval;
            set
            {
                CheckInterval(value);
                lock (_gate)
                {
                    _interval = value;
                    if (_enabled) Arm();
                }
            }
        }

        public bool Enabled
        {
            get => _enabled;
            set
            {
                if (value) Start();
                else Stop();
            }
        }

        public void Start()
        {
            lock (_gate)
            {
                if (_enabled) return;
                _enabled = true;
                Arm();
            }
        }

        public void Stop()
        {
            lock (_gate)
            {
                _enabled = false;
                Disarm();
            }
        }

        public void Close() => Dispose();

        public void Dispose() => Stop();

        static void CheckInterval(double interval)
        {
            if (interval <= 0)
                throw new ArgumentException("'" + interval + "' is not a valid value for 'Interval'. 'Interval' must be greater than 0.");
        }

        void Arm()
        {
            Disarm();
            int ms = (int)Math.Ceiling(_interval);
            var armed = new object();
            _armed = armed;
            _timer = new System.Threading.Timer(Tick, armed, ms, _autoReset ? ms : -1);
        }

        void Disarm()
        {
            _armed = null;
            if (_timer != null)
            {
                _timer.Dispose();
                _timer = null;
            }
        }

        void Tick(object armed)
        {
            ElapsedEventHandler handler;
            lock (_gate)
            {
                if (!_enabled || armed != _armed) return;
                if (!_autoReset)
                {
                    _enabled = false;
                    Disarm();
                }
                handler = _elapsed;
            }
            handler?.Invoke(this, new ElapsedEventArgs(DateTime.Now));
        }
    }
}

namespace System
{
    // Guid is a 128-bit identifier: NewGuid makes a random (version 4) one;
    // ToString writes the D, N, B and P formats, Parse and TryParse read
    // them. Held as two longs, the digits in the order ToString writes.
    public readonly struct Guid : IEquatable<Guid>, IComparable<Guid>
    {
        readonly long _hi;
        readonly long _lo;

        public static readonly Guid Empty = default;

        Guid(long hi, long lo)
        {
            _hi = hi;
            _lo = lo;
        }

        public Guid(string g)
        {
            Guid r = Parse(g);
            _hi = r._hi;
            _lo = r._lo;
        }

        public static Guid NewGuid()
        {
            long hi = Random.Shared.NextInt64() ^ (Random.Shared.NextInt64() << 1);
            long lo = Random.Shared.NextInt64() ^ (Random.Shared.NextInt64() << 1);
            hi = (hi & ~0xF000L) | 0x4000L;
            lo = (lo & 0x3FFFFFFFFFFFFFFFL) | long.MinValue;
            return new Guid(hi, lo);
        }

        public override string ToString() => ToString("D");

        public string ToString(string format)
        {
            string h = _hi.ToString("x16"), l = _lo.ToString("x16");
            string n = h + l;
            string d = h.Substring(0, 8) + "-" + h.Substring(8, 4) + "-" + h.Substring(12, 4) + "-" + l.Substring(0, 4) + "-" + l.Substring(4);
            switch (format)
            {
                case null:
                case "":
                case "D":
                case "d":
                    return d;
                case "N":
                case "n":
                    return n;
                case "B":
                case "b":
                    return "{" + d + "}";
                case "P":
                case "p":
                    return "(" + d + ")";
                case "X":
                case "x":
                    var x = new System.Text.StringBuilder("{0x" + h.Substring(0, 8) + ",0x" + h.Substring(8, 4) + ",0x" + h.Substring(12, 4) + ",{");
                    for (int i = 0; i < 8; i++) x.Append(i == 0 ? "0x" : ",0x").Append(l.Substring(2 * i, 2));
                    return x.Append("}}").ToString();
            }
            throw new FormatException("Format string can be only \"D\", \"d\", \"N\", \"n\", \"P\", \"p\", \"B\", \"b\", \"X\" or \"x\".");
        }

        public static Guid Parse(string input)
        {
            if (input == null) throw new ArgumentNullException(nameof(input));
            if (!TryParse(input, out Guid g)) throw new FormatException("Unrecognized Guid format.");
            return g;
        }

        public static bool TryParse(string input, out Guid result)
        {
            result = default;
            if (input == null) return false;
            string s = input.Trim();
            if (s.Length == 38 && (s[0] == '{' && s[37] == '}' || s[0] == '(' && s[37] == ')')) s = s.Substring(1, 36);
            if (s.Length == 36)
            {
                if (s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-') return false;
                s = s.Replace("-", "");
            }
            if (s.Length != 32) return false;
            foreach (char c in s)
            {
                if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) return false;
            }
            result = new Guid(ParseHex(s.Substring(0, 16)), ParseHex(s.Substring(16)));
            return true;
        }

        static long ParseHex(string s)
        {
            long v = 0;
            foreach (char c in s)
            {
                int d = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
                v = (v << 4) | (long)d;
            }
            return v;
        }

        // ToByteArray is .NET's layout: the first three fields little-endian,
        // the last eight bytes in order.
        public byte[] ToByteArray()
        {
            var b = new byte[16];
            ulong hi = (ulong)_hi, lo = (ulong)_lo;
            uint a = (uint)(hi >> 32);
            for (int i = 0; i < 4; i++) b[i] = (byte)(a >> (8 * i));
            b[4] = (byte)(hi >> 16);
            b[5] = (byte)(hi >> 24);
            b[6] = (byte)hi;
            b[7] = (byte)(hi >> 8);
            for (int i = 0; i < 8; i++) b[8 + i] = (byte)(lo >> (56 - 8 * i));
            return b;
        }

        public bool Equals(Guid other) => _hi == other._hi && _lo == other._lo;
        public override bool Equals(object obj) => obj is Guid g && Equals(g);
        public override int GetHashCode() => (_hi ^ _lo).GetHashCode();

        public int CompareTo(Guid other)
        {
            if (_hi != other._hi) return (ulong)_hi < (ulong)other._hi ? -1 : 1;
            if (_lo != other._lo) return (ulong)_lo < (ulong)other._lo ? -1 : 1;
            return 0;
        }

        public static bool operator ==(Guid a, Guid b) => a.Equals(b);
        public static bool operator !=(Guid a, Guid b) => !a.Equals(b);
    }
}
// System.Threading.Tasks.Sources: a ValueTask made over an IValueTaskSource
// (new ValueTask<T>(source, token)) asks the source for its status,
// registers its continuation with OnCompleted and takes the result with
// GetResult, the token naming the operation; the VM's ValueTask calls the
// three (vm/threading/valuetask.go). ManualResetValueTaskSourceCore is
// .NET's reusable implementation of the protocol, a struct a source keeps
// in a field: Reset starts a new operation (a new Version), and a token of
// another version is an InvalidOperationException.
namespace System.Threading.Tasks.Sources
{
    public enum ValueTaskSourceStatus { Pending = 0, Succeeded = 1, Faulted = 2, Canceled = 3 }

    [Flags]
    public enum ValueTaskSourceOnCompletedFlags { None = 0, UseSchedulingContext = 1, FlowExecutionContext = 2 }

    public interface IValueTaskSource
    {
        ValueTaskSourceStatus GetStatus(short token);
        void OnCompleted(Action<object> continuation, object state, short token, ValueTaskSourceOnCompletedFlags flags);
        void GetResult(short token);
    }

    public interface IValueTaskSource<out TResult>
    {
        ValueTaskSourceStatus GetStatus(short token);
        void OnCompleted(Action<object> continuation, object state, short token, ValueTaskSourceOnCompletedFlags flags);
        TResult GetResult(short token);
    }

    // ManualResetValueTaskSourceCore follows .NET's: the continuation slot
    // holds null, the continuation registered, or the completion sentinel
    // (s_sentinel) when the operation completed first; whichever of
    // OnCompleted and completion comes second runs the continuation, on
    // the context OnCompleted captured (a SynchronizationContext other
    // than the base class, through the VM), on the pool when
    // RunContinuationsAsynchronously, else inline. Its state is in an
    // object the struct holds (made on first use): a struct method works on
    // a copy of the variable (docs/deviations.md, "Structs"), and a
    // continuation run inline by SetResult calls GetResult on the same
    // variable, which must see the completion.
    public struct ManualResetValueTaskSourceCore<TResult>
    {
        private ManualResetValueTaskSourceCoreState<TResult> _state;

        private ManualResetValueTaskSourceCoreState<TResult> State()
        {
            if (_state == null) _state = new ManualResetValueTaskSourceCoreState<TResult>();
            return _state;
        }

        public bool RunContinuationsAsynchronously
        {
            get => _state != null && _state.RunContinuationsAsynchronously;
            set { State().RunContinuationsAsynchronously = value; }
        }

        public short Version => _state == null ? (short)0 : _state.Version;

        public void Reset() { State().Reset(); }
        public void SetResult(TResult result) { State().SetResult(result); }
        public void SetException(Exception error) { State().SetException(error); }
        public ValueTaskSourceStatus GetStatus(short token) => State().GetStatus(token);
        public TResult GetResult(short token) => State().GetResult(token);
        public void OnCompleted(Action<object> continuation, object state, short token, ValueTaskSourceOnCompletedFlags flags) { State().OnCompleted(continuation, state, token, flags); }
    }

    internal sealed class ManualResetValueTaskSourceCoreState<TResult>
    {
        private static readonly Action<object> s_sentinel = _ => throw new InvalidOperationException();

        private Action<object> _continuation;
        private object _continuationState;
        private ExecutionContext _executionContext;
        private object _capturedContext;
        private bool _completed;
        private TResult _result;
        private Exception _error;
        internal short Version;
        internal bool RunContinuationsAsynchronously;

        public void Reset()
        {
            Version++;
            _continuation = null;
            _continuationState = null;
            _completed = false;
            _result = default;
            _error = null;
            _executionContext = null;
            _capturedContext = null;
        }

        public void SetResult(TResult result)
        {
            _result = result;
            SignalCompletion();
        }

        public void SetException(Exception error)
        {
            if (error == null) throw new ArgumentNullException("error");
            _error = error;
            SignalCompletion();
        }

        public ValueTaskSourceStatus GetStatus(short token)
        {
            ValidateToken(token);
            if (Volatile.Read(ref _continuation) == null || !Volatile.Read(ref _completed)) return ValueTaskSourceStatus.Pending;
            if (_error == null) return ValueTaskSourceStatus.Succeeded;
            return _error is OperationCanceledException ? ValueTaskSourceStatus.Canceled : ValueTaskSourceStatus.Faulted;
        }

        public TResult GetResult(short token)
        {
            if (token != Version || !Volatile.Read(ref _completed)) throw new InvalidOperationException();
            if (_error != null) System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(_error).Throw();
            return _result;
        }

        public void OnCompleted(Action<object> continuation, object state, short token, ValueTaskSourceOnCompletedFlags flags)
        {
            if (continuation == null) throw new ArgumentNullException("continuation");
            ValidateToken(token);
            if ((flags & ValueTaskSourceOnCompletedFlags.FlowExecutionContext) != 0)
                _executionContext = ExecutionContext.Capture();
            if ((flags & ValueTaskSourceOnCompletedFlags.UseSchedulingContext) != 0)
                _capturedContext = Internal.VM.AwaitContext();
            Action<object> stored = Volatile.Read(ref _continuation);
            if (stored == null)
            {
                _continuationState = state;
                stored = Interlocked.CompareExchange(ref _continuation, continuation, null);
            }
            if (stored != null)
            {
                // Completed already (or a second OnCompleted, which .NET
                // rejects): run it now, never inline.
                if (!object.ReferenceEquals(stored, s_sentinel)) throw new InvalidOperationException();
                if (_capturedContext != null) Internal.VM.PostToContext(_capturedContext, continuation, state);
                else if (_executionContext != null) ThreadPool.QueueUserWorkItem(continuation, state, true);
                else ThreadPool.UnsafeQueueUserWorkItem(continuation, state, true);
            }
        }

        private void ValidateToken(short token)
        {
            if (token != Version) throw new InvalidOperationException();
        }

        private void SignalCompletion()
        {
            if (Volatile.Read(ref _completed)) throw new InvalidOperationException();
            Volatile.Write(ref _completed, true);
            Action<object> continuation = Volatile.Read(ref _continuation);
            if (continuation == null) continuation = Interlocked.CompareExchange(ref _continuation, s_sentinel, null);
            if (continuation == null) return;
            object state = _continuationState, context = _capturedContext;
            bool runAsync = RunContinuationsAsynchronously, flow = _executionContext != null;
            if (flow)
            {
                ExecutionContext.Run(_executionContext, _ => InvokeContinuation(continuation, state, context, runAsync, true), null);
                return;
            }
            InvokeContinuation(continuation, state, context, runAsync, false);
        }

        private static void InvokeContinuation(Action<object> continuation, object state, object context, bool runAsync, bool flow)
        {
            if (context != null) Internal.VM.PostToContext(context, continuation, state);
            else if (runAsync)
            {
                if (flow) ThreadPool.QueueUserWorkItem(continuation, state, true);
                else ThreadPool.UnsafeQueueUserWorkItem(continuation, state, true);
            }
            else continuation(state);
        }
    }
}

// Generic math (System.Numerics): the interfaces of static abstract and
// static virtual members the numeric types implement. The binder adds them
// to the predefined numeric types (compiler/bind/genericmath.go), whose
// implementations are the VM's natives (vm/genericmath.go); a program's
// own types implement them as any interface. Compiled only into a program
// that names System.Numerics or IParsable (preludeOnDemand).
namespace System
{
    public interface IParsable<TSelf> where TSelf : IParsable<TSelf>
    {
        static abstract TSelf Parse(string s, IFormatProvider provider);
        static abstract bool TryParse(string s, IFormatProvider provider, out TSelf result);
    }

    public interface ISpanParsable<TSelf> : IParsable<TSelf> where TSelf : ISpanParsable<TSelf>
    {
    }
}

namespace System.Numerics
{
    public interface IAdditionOperators<TSelf, TOther, TResult> where TSelf : IAdditionOperators<TSelf, TOther, TResult>
    {
        static abstract TResult operator +(TSelf left, TOther right);
        static virtual TResult operator checked +(TSelf left, TOther right) => left + right;
    }

    public interface ISubtractionOperators<TSelf, TOther, TResult> where TSelf : ISubtractionOperators<TSelf, TOther, TResult>
    {
        static abstract TResult operator -(TSelf left, TOther right);
        static virtual TResult operator checked -(TSelf left, TOther right) => left - right;
    }

    public interface IMultiplyOperators<TSelf, TOther, TResult> where TSelf : IMultiplyOperators<TSelf, TOther, TResult>
    {
        static abstract TResult operator *(TSelf left, TOther right);
        static virtual TResult operator checked *(TSelf left, TOther right) => left * right;
    }

    public interface IDivisionOperators<TSelf, TOther, TResult> where TSelf : IDivisionOperators<TSelf, TOther, TResult>
    {
        static abstract TResult operator /(TSelf left, TOther right);
        static virtual TResult operator checked /(TSelf left, TOther right) => left / right;
    }

    public interface IModulusOperators<TSelf, TOther, TResult> where TSelf : IModulusOperators<TSelf, TOther, TResult>
    {
        static abstract TResult operator %(TSelf left, TOther right);
    }

    public interface IBitwiseOperators<TSelf, TOther, TResult> where TSelf : IBitwiseOperators<TSelf, TOther, TResult>
    {
        static abstract TResult operator &(TSelf left, TOther right);
        static abstract TResult operator |(TSelf left, TOther right);
        static abstract TResult operator ^(TSelf left, TOther right);
        static abstract TResult operator ~(TSelf value);
    }

    public interface IShiftOperators<TSelf, TOther, TResult> where TSelf : IShiftOperators<TSelf, TOther, TResult>
    {
        static abstract TResult operator <<(TSelf value, TOther shiftAmount);
        static abstract TResult operator >>(TSelf value, TOther shiftAmount);
    }

    public interface IEqualityOperators<TSelf, TOther, TResult> where TSelf : IEqualityOperators<TSelf, TOther, TResult>
    {
        static abstract TResult operator ==(TSelf left, TOther right);
        static abstract TResult operator !=(TSelf left, TOther right);
    }

    public interface IComparisonOperators<TSelf, TOther, TResult> : IEqualityOperators<TSelf, TOther, TResult>
        where TSelf : IComparisonOperators<TSelf, TOther, TResult>
    {
        static abstract TResult operator <(TSelf left, TOther right);
        static abstract TResult operator >(TSelf left, TOther right);
        static abstract TResult operator <=(TSelf left, TOther right);
        static abstract TResult operator >=(TSelf left, TOther right);
    }

    public interface IUnaryNegationOperators<TSelf, TResult> where TSelf : IUnaryNegationOperators<TSelf, TResult>
    {
        static abstract TResult operator -(TSelf value);
        static virtual TResult operator checked -(TSelf value) => -value;
    }

    public interface IUnaryPlusOperators<TSelf, TResult> where TSelf : IUnaryPlusOperators<TSelf, TResult>
    {
        static abstract TResult operator +(TSelf value);
    }

    public interface IIncrementOperators<TSelf> where TSelf : IIncrementOperators<TSelf>
    {
        static abstract TSelf operator ++(TSelf value);
    }

    public interface IDecrementOperators<TSelf> where TSelf : IDecrementOperators<TSelf>
    {
        static abstract TSelf operator --(TSelf value);
    }

    public interface IAdditiveIdentity<TSelf, TResult> where TSelf : IAdditiveIdentity<TSelf, TResult>
    {
        static abstract TResult AdditiveIdentity { get; }
    }

    public interface IMultiplicativeIdentity<TSelf, TResult> where TSelf : IMultiplicativeIdentity<TSelf, TResult>
    {
        static abstract TResult MultiplicativeIdentity { get; }
    }

    public interface IMinMaxValue<TSelf> where TSelf : IMinMaxValue<TSelf>
    {
        static abstract TSelf MinValue { get; }
        static abstract TSelf MaxValue { get; }
    }

    public interface INumberBase<TSelf> : IAdditionOperators<TSelf, TSelf, TSelf>, IAdditiveIdentity<TSelf, TSelf>,
        IDecrementOperators<TSelf>, IDivisionOperators<TSelf, TSelf, TSelf>, IEquatable<TSelf>,
        IEqualityOperators<TSelf, TSelf, bool>, IIncrementOperators<TSelf>, IMultiplicativeIdentity<TSelf, TSelf>,
        IMultiplyOperators<TSelf, TSelf, TSelf>, ISpanParsable<TSelf>, ISubtractionOperators<TSelf, TSelf, TSelf>,
        IUnaryPlusOperators<TSelf, TSelf>, IUnaryNegationOperators<TSelf, TSelf>
        where TSelf : INumberBase<TSelf>
    {
        static abstract TSelf One { get; }
        static abstract int Radix { get; }
        static abstract TSelf Zero { get; }
        static abstract TSelf Abs(TSelf value);
        static abstract bool IsCanonical(TSelf value);
        static abstract bool IsComplexNumber(TSelf value);
        static abstract bool IsEvenInteger(TSelf value);
        static abstract bool IsFinite(TSelf value);
        static abstract bool IsImaginaryNumber(TSelf value);
        static abstract bool IsInfinity(TSelf value);
        static abstract bool IsInteger(TSelf value);
        static abstract bool IsNaN(TSelf value);
        static abstract bool IsNegative(TSelf value);
        static abstract bool IsNegativeInfinity(TSelf value);
        static abstract bool IsNormal(TSelf value);
        static abstract bool IsOddInteger(TSelf value);
        static abstract bool IsPositive(TSelf value);
        static abstract bool IsPositiveInfinity(TSelf value);
        static abstract bool IsRealNumber(TSelf value);
        static abstract bool IsSubnormal(TSelf value);
        static abstract bool IsZero(TSelf value);
        static abstract TSelf MaxMagnitude(TSelf x, TSelf y);
        static abstract TSelf MinMagnitude(TSelf x, TSelf y);
        static virtual TSelf CreateChecked<TOther>(TOther value) where TOther : INumberBase<TOther>
        {
            throw new NotSupportedException("Specified method is not supported.");
        }
        static virtual TSelf CreateSaturating<TOther>(TOther value) where TOther : INumberBase<TOther>
        {
            throw new NotSupportedException("Specified method is not supported.");
        }
        static virtual TSelf CreateTruncating<TOther>(TOther value) where TOther : INumberBase<TOther>
        {
            throw new NotSupportedException("Specified method is not supported.");
        }
    }

    public interface INumber<TSelf> : IComparable, IComparable<TSelf>, IComparisonOperators<TSelf, TSelf, bool>,
        IModulusOperators<TSelf, TSelf, TSelf>, INumberBase<TSelf>
        where TSelf : INumber<TSelf>
    {
        static virtual TSelf Clamp(TSelf value, TSelf min, TSelf max)
        {
            if (min > max)
            {
                throw new ArgumentException($"'{min}' cannot be greater than {max}.");
            }
            TSelf result = value;
            result = TSelf.Max(result, min);
            result = TSelf.Min(result, max);
            return result;
        }
        static virtual TSelf CopySign(TSelf value, TSelf sign)
        {
            TSelf result = value;
            if (TSelf.IsNegative(value) != TSelf.IsNegative(sign))
            {
                result = -result;
            }
            return result;
        }
        static virtual TSelf Max(TSelf x, TSelf y) => x >= y ? x : y;
        static virtual TSelf MaxNumber(TSelf x, TSelf y) => x >= y ? x : y;
        static virtual TSelf Min(TSelf x, TSelf y) => x <= y ? x : y;
        static virtual TSelf MinNumber(TSelf x, TSelf y) => x <= y ? x : y;
        static virtual int Sign(TSelf value)
        {
            if (value < TSelf.Zero)
            {
                return -1;
            }
            return value > TSelf.Zero ? 1 : 0;
        }
    }

    public interface ISignedNumber<TSelf> : INumberBase<TSelf> where TSelf : ISignedNumber<TSelf>
    {
        static abstract TSelf NegativeOne { get; }
    }

    public interface IUnsignedNumber<TSelf> : INumberBase<TSelf> where TSelf : IUnsignedNumber<TSelf>
    {
    }

    public interface IBinaryNumber<TSelf> : IBitwiseOperators<TSelf, TSelf, TSelf>, INumber<TSelf>
        where TSelf : IBinaryNumber<TSelf>
    {
        static virtual TSelf AllBitsSet => ~TSelf.Zero;
        static abstract bool IsPow2(TSelf value);
        static abstract TSelf Log2(TSelf value);
    }

    public interface IBinaryInteger<TSelf> : IBinaryNumber<TSelf>, IShiftOperators<TSelf, int, TSelf>
        where TSelf : IBinaryInteger<TSelf>
    {
        static virtual (TSelf Quotient, TSelf Remainder) DivRem(TSelf left, TSelf right)
        {
            TSelf quotient = left / right;
            return (quotient, left - quotient * right);
        }
        static abstract TSelf LeadingZeroCount(TSelf value);
        static abstract TSelf PopCount(TSelf value);
        static abstract TSelf RotateLeft(TSelf value, int rotateAmount);
        static abstract TSelf RotateRight(TSelf value, int rotateAmount);
        static abstract TSelf TrailingZeroCount(TSelf value);
    }

    public interface IFloatingPointConstants<TSelf> : INumberBase<TSelf> where TSelf : IFloatingPointConstants<TSelf>
    {
        static abstract TSelf E { get; }
        static abstract TSelf Pi { get; }
        static abstract TSelf Tau { get; }
    }

    public interface IFloatingPoint<TSelf> : IFloatingPointConstants<TSelf>, INumber<TSelf>, ISignedNumber<TSelf>
        where TSelf : IFloatingPoint<TSelf>
    {
        static abstract TSelf Ceiling(TSelf x);
        static abstract TSelf Floor(TSelf x);
        static abstract TSelf Round(TSelf x);
        static abstract TSelf Truncate(TSelf x);
    }

    public interface IRootFunctions<TSelf> : IFloatingPointConstants<TSelf> where TSelf : IRootFunctions<TSelf>
    {
        static abstract TSelf Cbrt(TSelf x);
        static abstract TSelf Sqrt(TSelf x);
    }

    public interface IPowerFunctions<TSelf> : INumberBase<TSelf> where TSelf : IPowerFunctions<TSelf>
    {
        static abstract TSelf Pow(TSelf x, TSelf y);
    }

    public interface IExponentialFunctions<TSelf> : IFloatingPointConstants<TSelf> where TSelf : IExponentialFunctions<TSelf>
    {
        static abstract TSelf Exp(TSelf x);
    }

    public interface ILogarithmicFunctions<TSelf> : INumberBase<TSelf> where TSelf : ILogarithmicFunctions<TSelf>
    {
        static abstract TSelf Log(TSelf x);
        static abstract TSelf Log10(TSelf x);
    }

    public interface ITrigonometricFunctions<TSelf> : IFloatingPointConstants<TSelf> where TSelf : ITrigonometricFunctions<TSelf>
    {
        static abstract TSelf Cos(TSelf x);
        static abstract TSelf Sin(TSelf x);
        static abstract TSelf Tan(TSelf x);
    }

    public interface IFloatingPointIeee754<TSelf> : IExponentialFunctions<TSelf>, IFloatingPoint<TSelf>,
        ILogarithmicFunctions<TSelf>, IPowerFunctions<TSelf>, IRootFunctions<TSelf>, ITrigonometricFunctions<TSelf>
        where TSelf : IFloatingPointIeee754<TSelf>
    {
        static abstract TSelf Epsilon { get; }
        static abstract TSelf NaN { get; }
        static abstract TSelf NegativeInfinity { get; }
        static abstract TSelf NegativeZero { get; }
        static abstract TSelf PositiveInfinity { get; }
    }

    public interface IBinaryFloatingPointIeee754<TSelf> : IBinaryNumber<TSelf>, IFloatingPointIeee754<TSelf>
        where TSelf : IBinaryFloatingPointIeee754<TSelf>
    {
    }
}

namespace System.Text
{
    // Thrown by an encoding constructed to throw on invalid bytes
    // (new UTF8Encoding(false, true)).
    public class DecoderFallbackException : ArgumentException
    {
        public DecoderFallbackException() : base("Value does not fall within the expected range.") { }
        public DecoderFallbackException(string message) : base(message) { }
    }

    // StringBuilder.GetChunks: the builder's text as one chunk (the VM's
    // builder is not a chain of chunks; docs/deviations.md).
    public static class StringBuilderChunks
    {
        public static ChunkEnumerator GetChunks(this StringBuilder builder) => new ChunkEnumerator(builder.ToString());
    }

    public struct ChunkEnumerator
    {
        private readonly string _text;
        private bool _started;

        internal ChunkEnumerator(string text)
        {
            _text = text;
            _started = false;
        }

        public ChunkEnumerator GetEnumerator() => this;

        public bool MoveNext()
        {
            if (_started || _text == null) return false;
            _started = true;
            return true;
        }

        public ReadOnlyMemory<char> Current => _text.AsMemory();
    }
}

// System.Text.RegularExpressions (compiled when named): the classes are
// here, the engine is native (Internal.VM.RegexParse, RegexRun,
// RegexExpand; vm/lib/regex). A match comes back as an int[]: the number
// of groups n, n offsets, then for each group its capture count and the
// captures' index and length pairs; Match, Group and Capture read it.
namespace System.Text.RegularExpressions
{
    [Flags]
    public enum RegexOptions
    {
        None = 0,
        IgnoreCase = 1,
        Multiline = 2,
        ExplicitCapture = 4,
        Compiled = 8,
        Singleline = 16,
        IgnorePatternWhitespace = 32,
        RightToLeft = 64,
        ECMAScript = 256,
        CultureInvariant = 512,
        NonBacktracking = 1024,
    }

    public enum RegexParseError
    {
        Unknown = 0,
        AlternationHasTooManyConditions = 1,
        AlternationHasMalformedCondition = 2,
        AlternationHasMalformedReference = 3,
        AlternationHasNamedCapture = 4,
        AlternationHasComment = 5,
        AlternationHasUndefinedReference = 6,
        CaptureGroupNameInvalid = 7,
        CaptureGroupOfZero = 8,
        ExclusionGroupNotLast = 9,
        InsufficientClosingParentheses = 10,
        InsufficientOpeningParentheses = 11,
        InsufficientOrInvalidHexDigits = 12,
        InvalidGroupingConstruct = 13,
        InvalidUnicodePropertyEscape = 14,
        MalformedNamedReference = 15,
        MalformedUnicodePropertyEscape = 16,
        MissingControlCharacter = 17,
        NestedQuantifiersNotParenthesized = 18,
        QuantifierAfterNothing = 19,
        QuantifierOrCaptureGroupOutOfRange = 20,
        ReversedCharacterRange = 21,
        ReversedQuantifierRange = 22,
        ShorthandClassInCharacterRange = 23,
        UndefinedNamedReference = 24,
        UndefinedNumberedReference = 25,
        UnescapedEndingBackslash = 26,
        UnrecognizedControlCharacter = 27,
        UnrecognizedEscape = 28,
        UnrecognizedUnicodeProperty = 29,
        UnterminatedBracket = 30,
        UnterminatedComment = 31,
    }

    public delegate string MatchEvaluator(Match match);

    public sealed class RegexParseException : ArgumentException
    {
        readonly RegexParseError _error;
        readonly int _offset;
        internal RegexParseException(RegexParseError error, int offset, string message) : base(message) { _error = error; _offset = offset; }
        public RegexParseError Error => _error;
        public int Offset => _offset;
    }

    public class RegexMatchTimeoutException : TimeoutException
    {
        string _input = "";
        string _pattern = "";
        TimeSpan _timeout = TimeSpan.FromTicks(-1);
        public RegexMatchTimeoutException() : base("The operation has timed out.") { }
        public RegexMatchTimeoutException(string message) : base(message) { }
        public RegexMatchTimeoutException(string message, Exception inner) : base(message, inner) { }
        public RegexMatchTimeoutException(string regexInput, string regexPattern, TimeSpan matchTimeout)
            : base("The Regex engine has timed out while trying to match a pattern to an input string. This can occur for many reasons, including very large inputs or excessive backtracking caused by nested quantifiers, back-references and other factors.")
        {
            _input = regexInput;
            _pattern = regexPattern;
            _timeout = matchTimeout;
        }
        public string Input => _input;
        public string Pattern => _pattern;
        public TimeSpan MatchTimeout => _timeout;
    }

    // GeneratedRegexAttribute marks a static partial method or property
    // whose Regex the source generator would write; asyncvm's binder makes
    // the member return one Regex built from the attribute's arguments.
    [AttributeUsage(AttributeTargets.Method | AttributeTargets.Property, AllowMultiple = false, Inherited = false)]
    public sealed class GeneratedRegexAttribute : Attribute
    {
        readonly string _pattern;
        readonly RegexOptions _options;
        readonly int _timeout;
        readonly string _culture;
        public GeneratedRegexAttribute(string pattern) { _pattern = pattern; _timeout = -1; _culture = ""; }
        public GeneratedRegexAttribute(string pattern, RegexOptions options) { _pattern = pattern; _options = options; _timeout = -1; _culture = ""; }
        public GeneratedRegexAttribute(string pattern, RegexOptions options, int matchTimeoutMilliseconds) { _pattern = pattern; _options = options; _timeout = matchTimeoutMilliseconds; _culture = ""; }
        public string Pattern => _pattern;
        public RegexOptions Options => _options;
        public int MatchTimeoutMilliseconds => _timeout;
        public string CultureName => _culture;
    }

    public class Regex
    {
        public static readonly TimeSpan InfiniteMatchTimeout = TimeSpan.FromMilliseconds(-1);
        static readonly System.Collections.Generic.Dictionary<string, Regex> s_cache = new System.Collections.Generic.Dictionary<string, Regex>();
        static int s_cacheSize = 15;

        readonly object _h;
        readonly string _pattern;
        readonly RegexOptions _options;
        readonly TimeSpan _timeout;
        internal readonly string[] _names;
        internal readonly int[] _numbers;

        public Regex(string pattern) : this(pattern, RegexOptions.None, InfiniteMatchTimeout) { }
        public Regex(string pattern, RegexOptions options) : this(pattern, options, InfiniteMatchTimeout) { }
        public Regex(string pattern, RegexOptions options, TimeSpan matchTimeout)
        {
            if (pattern == null) throw new ArgumentNullException("pattern");
            long ticks = matchTimeout.Ticks;
            if (ticks != -10000 && (ticks <= 0 || ticks > 2147483646L * 10000))
                throw new ArgumentOutOfRangeException("matchTimeout");
            _h = Internal.VM.RegexParse(pattern, (int)options);
            string err = Internal.VM.RegexError(_h);
            if (err != null)
            {
                int code = Internal.VM.RegexErrorCode(_h);
                if (code < 0) throw new ArgumentOutOfRangeException("options");
                throw new RegexParseException((RegexParseError)code, Internal.VM.RegexErrorOffset(_h), err);
            }
            _pattern = pattern;
            _options = options;
            _timeout = matchTimeout;
            _names = Internal.VM.RegexGroupNames(_h);
            _numbers = Internal.VM.RegexGroupNumbers(_h);
        }

        public static int CacheSize
        {
            get => s_cacheSize;
            set
            {
                if (value < 0) throw new ArgumentOutOfRangeException("value");
                lock (s_cache)
                {
                    s_cacheSize = value;
                    s_cache.Clear();
                }
            }
        }

        // Cached is the Regex of the static methods, kept as .NET keeps the
        // last CacheSize patterns.
        static Regex Cached(string pattern, RegexOptions options, TimeSpan timeout)
        {
            if (pattern == null) throw new ArgumentNullException("pattern");
            string key = ((int)options).ToString() + ":" + timeout.Ticks.ToString() + ":" + pattern;
            Regex re;
            lock (s_cache)
            {
                if (s_cache.TryGetValue(key, out re)) return re;
            }
            re = new Regex(pattern, options, timeout);
            lock (s_cache)
            {
                if (s_cache.Count >= s_cacheSize) s_cache.Clear();
                if (s_cacheSize > 0) s_cache[key] = re;
            }
            return re;
        }

        public RegexOptions Options => _options;
        public TimeSpan MatchTimeout => _timeout;
        public bool RightToLeft => (_options & RegexOptions.RightToLeft) != 0;
        public override string ToString() => _pattern;
        internal object Handle => _h;

        public string[] GetGroupNames()
        {
            var r = new string[_names.Length];
            for (int i = 0; i < r.Length; i++) r[i] = _names[i];
            return r;
        }

        public int[] GetGroupNumbers()
        {
            var r = new int[_numbers.Length];
            for (int i = 0; i < r.Length; i++) r[i] = _numbers[i];
            return r;
        }

        public string GroupNameFromNumber(int i)
        {
            for (int k = 0; k < _numbers.Length; k++)
                if (_numbers[k] == i) return _names[k];
            return "";
        }

        public int GroupNumberFromName(string name)
        {
            if (name == null) throw new ArgumentNullException("name");
            for (int k = 0; k < _names.Length; k++)
                if (_names[k] == name) return _numbers[k];
            return -1;
        }

        internal int SlotOf(int number)
        {
            for (int k = 0; k < _numbers.Length; k++)
                if (_numbers[k] == number) return k;
            return -1;
        }

        internal int SlotNamed(string name)
        {
            for (int k = 0; k < _names.Length; k++)
                if (_names[k] == name) return k;
            return -1;
        }

        static void CheckInput(string input)
        {
            if (input == null) throw new ArgumentNullException("input");
        }

        static void CheckStart(string input, int startat)
        {
            if (startat < 0 || startat > input.Length)
                throw new ArgumentOutOfRangeException("startat", "Start index cannot be less than 0 or greater than input length.");
        }

        int DefaultStart(string input) => RightToLeft ? input.Length : 0;

        // Run finds the first match in input[beg:end] from startat; prevLen
        // is the previous match's length (-1: none), as NextMatch passes it.
        internal Match Run(string input, int beg, int end, int startat, int prevLen)
        {
            int[] data = Internal.VM.RegexRun(_h, input, beg, end, startat, prevLen, _timeout.Ticks);
            if (data == null) throw new RegexMatchTimeoutException(input, _pattern, _timeout);
            if (data.Length == 0) return System.Text.RegularExpressions.Match.Empty; // as .NET returns on failure
            return new Match(this, input, data, beg, end);
        }

        Match First(string input, int startat)
        {
            CheckInput(input);
            if (startat == -1) startat = DefaultStart(input);
            else CheckStart(input, startat);
            return Run(input, 0, input.Length, startat, -1);
        }

        public bool IsMatch(string input) => First(input, -1).Success;
        public bool IsMatch(string input, int startat) => First(input, startat < 0 ? -2 : startat).Success;
        public static bool IsMatch(string input, string pattern) => Cached(pattern, RegexOptions.None, InfiniteMatchTimeout).First(input, -1).Success;
        public static bool IsMatch(string input, string pattern, RegexOptions options) => Cached(pattern, options, InfiniteMatchTimeout).First(input, -1).Success;
        public static bool IsMatch(string input, string pattern, RegexOptions options, TimeSpan matchTimeout) => Cached(pattern, options, matchTimeout).First(input, -1).Success;

        public Match Match(string input) => First(input, -1);
        public Match Match(string input, int startat) => First(input, startat < 0 ? -2 : startat);
        public Match Match(string input, int beginning, int length)
        {
            CheckInput(input);
            if (beginning < 0 || beginning > input.Length) throw new ArgumentOutOfRangeException("beginning", "Start index cannot be less than 0 or greater than input length.");
            if (length < 0 || length > input.Length - beginning) throw new ArgumentOutOfRangeException("length", "Length cannot be less than 0 or exceed input length.");
            return Run(input, beginning, beginning + length, RightToLeft ? beginning + length : beginning, -1);
        }
        public static Match Match(string input, string pattern) => Cached(pattern, RegexOptions.None, InfiniteMatchTimeout).First(input, -1);
        public static Match Match(string input, string pattern, RegexOptions options) => Cached(pattern, options, InfiniteMatchTimeout).First(input, -1);
        public static Match Match(string input, string pattern, RegexOptions options, TimeSpan matchTimeout) => Cached(pattern, options, matchTimeout).First(input, -1);

        MatchCollection All(string input, int startat)
        {
            CheckInput(input);
            if (startat == -1) startat = DefaultStart(input);
            else CheckStart(input, startat);
            return new MatchCollection(this, input, startat);
        }

        public MatchCollection Matches(string input) => All(input, -1);
        public MatchCollection Matches(string input, int startat) => All(input, startat < 0 ? -2 : startat);
        public static MatchCollection Matches(string input, string pattern) => Cached(pattern, RegexOptions.None, InfiniteMatchTimeout).All(input, -1);
        public static MatchCollection Matches(string input, string pattern, RegexOptions options) => Cached(pattern, options, InfiniteMatchTimeout).All(input, -1);
        public static MatchCollection Matches(string input, string pattern, RegexOptions options, TimeSpan matchTimeout) => Cached(pattern, options, matchTimeout).All(input, -1);

        int CountIn(string input)
        {
            Match m = First(input, -1);
            int n = 0;
            while (m.Success)
            {
                n++;
                m = m.NextMatch();
            }
            return n;
        }

        public int Count(string input) => CountIn(input);
        public static int Count(string input, string pattern) => Cached(pattern, RegexOptions.None, InfiniteMatchTimeout).CountIn(input);
        public static int Count(string input, string pattern, RegexOptions options) => Cached(pattern, options, InfiniteMatchTimeout).CountIn(input);
        public static int Count(string input, string pattern, RegexOptions options, TimeSpan matchTimeout) => Cached(pattern, options, matchTimeout).CountIn(input);

        // Substitute replaces count matches (-1: all) from startat (-1: the
        // default) with the replacement pattern or the evaluator's text.
        string Substitute(string input, string replacement, MatchEvaluator evaluator, int count, int startat)
        {
            CheckInput(input);
            if (replacement == null && evaluator == null) throw new ArgumentNullException(evaluator == null ? "replacement" : "evaluator");
            if (count < -1) throw new ArgumentOutOfRangeException("count", "Count cannot be less than -1.");
            if (startat == -1) startat = DefaultStart(input);
            else CheckStart(input, startat);
            if (count == 0) return input;
            Match m = Run(input, 0, input.Length, startat, -1);
            if (!m.Success) return input;
            var sb = new StringBuilder();
            if (!RightToLeft)
            {
                int prev = 0;
                do
                {
                    sb.Append(input.Substring(prev, m.Index - prev));
                    prev = m.Index + m.Length;
                    sb.Append(evaluator != null ? evaluator(m) : m.Result(replacement));
                    if (--count == 0) break;
                    m = m.NextMatch();
                } while (m.Success);
                sb.Append(input.Substring(prev));
                return sb.ToString();
            }
            var parts = new System.Collections.Generic.List<string>();
            int end = input.Length;
            do
            {
                parts.Add(input.Substring(m.Index + m.Length, end - m.Index - m.Length));
                end = m.Index;
                parts.Add(evaluator != null ? evaluator(m) : m.Result(replacement));
                if (--count == 0) break;
                m = m.NextMatch();
            } while (m.Success);
            parts.Add(input.Substring(0, end));
            for (int i = parts.Count - 1; i >= 0; i--) sb.Append(parts[i]);
            return sb.ToString();
        }

        static string NotNull(string replacement)
        {
            if (replacement == null) throw new ArgumentNullException("replacement");
            return replacement;
        }

        static MatchEvaluator NotNullEvaluator(MatchEvaluator evaluator)
        {
            if (evaluator == null) throw new ArgumentNullException("evaluator");
            return evaluator;
        }

        public string Replace(string input, string replacement) => Substitute(input, NotNull(replacement), null, -1, -1);
        public string Replace(string input, string replacement, int count) => Substitute(input, NotNull(replacement), null, count, -1);
        public string Replace(string input, string replacement, int count, int startat) => Substitute(input, NotNull(replacement), null, count, startat < 0 ? -2 : startat);
        public string Replace(string input, MatchEvaluator evaluator) => Substitute(input, null, NotNullEvaluator(evaluator), -1, -1);
        public string Replace(string input, MatchEvaluator evaluator, int count) => Substitute(input, null, NotNullEvaluator(evaluator), count, -1);
        public string Replace(string input, MatchEvaluator evaluator, int count, int startat) => Substitute(input, null, NotNullEvaluator(evaluator), count, startat < 0 ? -2 : startat);
        public static string Replace(string input, string pattern, string replacement) => Cached(pattern, RegexOptions.None, InfiniteMatchTimeout).Substitute(input, NotNull(replacement), null, -1, -1);
        public static string Replace(string input, string pattern, string replacement, RegexOptions options) => Cached(pattern, options, InfiniteMatchTimeout).Substitute(input, NotNull(replacement), null, -1, -1);
        public static string Replace(string input, string pattern, string replacement, RegexOptions options, TimeSpan matchTimeout) => Cached(pattern, options, matchTimeout).Substitute(input, NotNull(replacement), null, -1, -1);
        public static string Replace(string input, string pattern, MatchEvaluator evaluator) => Cached(pattern, RegexOptions.None, InfiniteMatchTimeout).Substitute(input, null, NotNullEvaluator(evaluator), -1, -1);
        public static string Replace(string input, string pattern, MatchEvaluator evaluator, RegexOptions options) => Cached(pattern, options, InfiniteMatchTimeout).Substitute(input, null, NotNullEvaluator(evaluator), -1, -1);
        public static string Replace(string input, string pattern, MatchEvaluator evaluator, RegexOptions options, TimeSpan matchTimeout) => Cached(pattern, options, matchTimeout).Substitute(input, null, NotNullEvaluator(evaluator), -1, -1);

        // Cut is Split: the pieces between count - 1 matches (count 0: all),
        // each match's captured groups between them.
        string[] Cut(string input, int count, int startat)
        {
            CheckInput(input);
            if (count < 0) throw new ArgumentOutOfRangeException("count", "Count cannot be less than -1.");
            if (startat == -1) startat = DefaultStart(input);
            else CheckStart(input, startat);
            if (count == 1) return new string[] { input };
            count--;
            Match m = Run(input, 0, input.Length, startat, -1);
            if (!m.Success) return new string[] { input };
            var list = new System.Collections.Generic.List<string>();
            int prev = RightToLeft ? input.Length : 0;
            do
            {
                if (!RightToLeft)
                {
                    list.Add(input.Substring(prev, m.Index - prev));
                    prev = m.Index + m.Length;
                }
                else
                {
                    list.Add(input.Substring(m.Index + m.Length, prev - m.Index - m.Length));
                    prev = m.Index;
                }
                for (int i = 1; i < _numbers.Length; i++)
                    if (m.Matched(i)) list.Add(m.GroupAt(i).Value);
                if (--count == 0) break;
                m = m.NextMatch();
            } while (m.Success);
            if (!RightToLeft)
            {
                list.Add(input.Substring(prev));
                return list.ToArray();
            }
            list.Add(input.Substring(0, prev));
            list.Reverse();
            return list.ToArray();
        }

        public string[] Split(string input) => Cut(input, 0, -1);
        public string[] Split(string input, int count) => Cut(input, count, -1);
        public string[] Split(string input, int count, int startat) => Cut(input, count, startat < 0 ? -2 : startat);
        public static string[] Split(string input, string pattern) => Cached(pattern, RegexOptions.None, InfiniteMatchTimeout).Cut(input, 0, -1);
        public static string[] Split(string input, string pattern, RegexOptions options) => Cached(pattern, options, InfiniteMatchTimeout).Cut(input, 0, -1);
        public static string[] Split(string input, string pattern, RegexOptions options, TimeSpan matchTimeout) => Cached(pattern, options, matchTimeout).Cut(input, 0, -1);

        public static string Escape(string str)
        {
            if (str == null) throw new ArgumentNullException("str");
            return Internal.VM.RegexEscape(str);
        }

        public static string Unescape(string str)
        {
            if (str == null) throw new ArgumentNullException("str");
            return Internal.VM.RegexUnescape(str);
        }
    }

    public class Capture
    {
        internal readonly string _text;
        internal int _index;
        internal int _length;

        internal Capture(string text, int index, int length)
        {
            _text = text;
            _index = index;
            _length = length;
        }

        public int Index => _index;
        public int Length => _length;
        public string Value => _text.Substring(_index, _length);
        public override string ToString() => Value;

        // At reads field 0 (index) or 1 (length) of capture i (-1: the last)
        // of group slot in a match's data; 0 for a group without captures.
        internal static int At(int[] data, int slot, int i, int field)
        {
            if (data == null) return 0;
            int off = data[1 + slot];
            int count = data[off];
            if (count == 0) return 0;
            if (i < 0) i = count - 1;
            return data[off + 1 + 2 * i + field];
        }

        internal static int CountOf(int[] data, int slot) => data == null ? 0 : data[data[1 + slot]];
    }

    public class Group : Capture
    {
        internal readonly int[] _data;
        readonly int _slot;
        readonly string _name;
        CaptureCollection _captures;

        internal Group(string text, int[] data, int slot, string name)
            : base(text, At(data, slot, -1, 0), At(data, slot, -1, 1))
        {
            _data = data;
            _slot = slot;
            _name = name;
        }

        public bool Success => CountOf(_data, _slot) > 0;
        public string Name => _name;

        public CaptureCollection Captures
        {
            get
            {
                if (_captures == null)
                {
                    var list = new System.Collections.Generic.List<Capture>();
                    int n = CountOf(_data, _slot);
                    for (int i = 0; i < n; i++) list.Add(new Capture(_text, At(_data, _slot, i, 0), At(_data, _slot, i, 1)));
                    _captures = new CaptureCollection(list);
                }
                return _captures;
            }
        }

        public static Group Synchronized(Group inner)
        {
            if (inner == null) throw new ArgumentNullException("inner");
            return inner;
        }
    }

    public class Match : Group
    {
        readonly Regex _regex;
        readonly int _beg;
        readonly int _end;
        Group[] _groups;
        GroupCollection _collection;

        internal Match(Regex regex, string text, int[] data, int beg, int end) : base(text, data, 0, "0")
        {
            _regex = regex;
            _beg = beg;
            _end = end;
        }

        public static Match Empty => new Match(null, "", null, 0, 0);

        internal Group GroupAt(int slot)
        {
            if (_groups == null)
            {
                int n = _regex == null ? 1 : _regex._names.Length;
                var gs = new Group[n];
                gs[0] = this;
                for (int i = 1; i < n; i++) gs[i] = new Group(_text, _data, i, _regex._names[i]);
                _groups = gs;
            }
            return _groups[slot];
        }

        internal bool Matched(int slot) => CountOf(_data, slot) > 0;

        internal int GroupCount => _regex == null ? 1 : _regex._names.Length;
        internal int SlotOf(int number) => _regex == null ? (number == 0 ? 0 : -1) : _regex.SlotOf(number);
        internal int SlotNamed(string name) => _regex == null ? (name == "0" ? 0 : -1) : _regex.SlotNamed(name);
        internal string NameAt(int slot) => _regex == null ? "0" : _regex._names[slot];

        public GroupCollection Groups
        {
            get
            {
                if (_collection == null) _collection = new GroupCollection(this);
                return _collection;
            }
        }

        public Match NextMatch()
        {
            if (_regex == null || _data == null) return this;
            return _regex.Run(_text, _beg, _end, _regex.RightToLeft ? _index : _index + _length, _length);
        }

        public string Result(string replacement)
        {
            if (replacement == null) throw new ArgumentNullException("replacement");
            if (_regex == null || _data == null) throw new NotSupportedException("Result cannot be called on a failed Match.");
            return Internal.VM.RegexExpand(_regex.Handle, replacement, _text, _data);
        }

        public static Match Synchronized(Match inner)
        {
            if (inner == null) throw new ArgumentNullException("inner");
            return inner;
        }
    }

    public class CaptureCollection : System.Collections.Generic.IEnumerable<Capture>
    {
        readonly System.Collections.Generic.List<Capture> _list;
        internal CaptureCollection(System.Collections.Generic.List<Capture> list) { _list = list; }
        public int Count => _list.Count;
        public bool IsReadOnly => true;
        public bool IsSynchronized => false;
        public object SyncRoot => this;
        public Capture this[int i]
        {
            get
            {
                if (i < 0 || i >= _list.Count) throw new ArgumentOutOfRangeException("i", "Specified argument was out of the range of valid values.");
                return _list[i];
            }
        }
        public void CopyTo(Capture[] array, int arrayIndex) => _list.CopyTo(array, arrayIndex);
        public System.Collections.Generic.IEnumerator<Capture> GetEnumerator() => _list.GetEnumerator();
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => _list.GetEnumerator();
    }

    public class GroupCollection : System.Collections.Generic.IEnumerable<Group>
    {
        static readonly Group s_empty = new Group("", null, 0, "");
        readonly Match _match;

        internal GroupCollection(Match match) { _match = match; }

        public int Count => _match.GroupCount;
        public bool IsReadOnly => true;
        public bool IsSynchronized => false;
        public object SyncRoot => _match;

        public Group this[int groupnum]
        {
            get
            {
                int slot = _match.SlotOf(groupnum);
                return slot < 0 ? s_empty : _match.GroupAt(slot);
            }
        }

        public Group this[string groupname]
        {
            get
            {
                if (groupname == null) throw new ArgumentNullException("groupname");
                int slot = _match.SlotNamed(groupname);
                return slot < 0 ? s_empty : _match.GroupAt(slot);
            }
        }

        public bool ContainsKey(string key)
        {
            if (key == null) throw new ArgumentNullException("key");
            return _match.SlotNamed(key) >= 0;
        }

        public bool TryGetValue(string key, out Group value)
        {
            if (key == null) throw new ArgumentNullException("key");
            int slot = _match.SlotNamed(key);
            if (slot < 0)
            {
                value = null;
                return false;
            }
            value = _match.GroupAt(slot);
            return true;
        }

        System.Collections.Generic.List<Group> List()
        {
            var list = new System.Collections.Generic.List<Group>();
            for (int i = 0; i < _match.GroupCount; i++) list.Add(_match.GroupAt(i));
            return list;
        }

        public System.Collections.Generic.IEnumerable<string> Keys
        {
            get
            {
                var keys = new System.Collections.Generic.List<string>();
                for (int i = 0; i < _match.GroupCount; i++) keys.Add(_match.NameAt(i));
                return keys;
            }
        }

        public System.Collections.Generic.IEnumerable<Group> Values => List();
        public void CopyTo(Group[] array, int arrayIndex) => List().CopyTo(array, arrayIndex);
        public System.Collections.Generic.IEnumerator<Group> GetEnumerator() => List().GetEnumerator();
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => List().GetEnumerator();
    }

    public class MatchCollection : System.Collections.Generic.IEnumerable<Match>
    {
        readonly Regex _regex;
        readonly string _input;
        readonly int _startat;
        System.Collections.Generic.List<Match> _matches;

        internal MatchCollection(Regex regex, string input, int startat)
        {
            _regex = regex;
            _input = input;
            _startat = startat;
        }

        // All finds the matches on first use, as .NET's collection is lazy.
        System.Collections.Generic.List<Match> All()
        {
            if (_matches == null)
            {
                var list = new System.Collections.Generic.List<Match>();
                Match m = _regex.Run(_input, 0, _input.Length, _startat, -1);
                while (m.Success)
                {
                    list.Add(m);
                    m = m.NextMatch();
                }
                _matches = list;
            }
            return _matches;
        }

        public int Count => All().Count;
        public bool IsReadOnly => true;
        public bool IsSynchronized => false;
        public object SyncRoot => this;

        public Match this[int i]
        {
            get
            {
                var all = All();
                if (i < 0 || i >= all.Count) throw new ArgumentOutOfRangeException("i", "Specified argument was out of the range of valid values.");
                return all[i];
            }
        }

        public void CopyTo(Match[] array, int arrayIndex) => All().CopyTo(array, arrayIndex);
        public System.Collections.Generic.IEnumerator<Match> GetEnumerator() => All().GetEnumerator();
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => All().GetEnumerator();
    }
}

namespace System
{
    // The reference tuple classes (System.Tuple<T1, ...>), compiled into a
    // program that names Tuple: read-only Item properties, structural
    // Equals and GetHashCode with .NET's hash combination, ordering by
    // items, and ToString "(1, 2)". == stays reference equality.
    internal interface ITupleInternal
    {
        string ItemsText();
        int HashItems();
    }

    public static class Tuple
    {
        public static Tuple<T1> Create<T1>(T1 item1) => new Tuple<T1>(item1);
        public static Tuple<T1, T2> Create<T1, T2>(T1 item1, T2 item2) => new Tuple<T1, T2>(item1, item2);
        public static Tuple<T1, T2, T3> Create<T1, T2, T3>(T1 item1, T2 item2, T3 item3) => new Tuple<T1, T2, T3>(item1, item2, item3);
        public static Tuple<T1, T2, T3, T4> Create<T1, T2, T3, T4>(T1 item1, T2 item2, T3 item3, T4 item4) => new Tuple<T1, T2, T3, T4>(item1, item2, item3, item4);
        public static Tuple<T1, T2, T3, T4, T5> Create<T1, T2, T3, T4, T5>(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5) => new Tuple<T1, T2, T3, T4, T5>(item1, item2, item3, item4, item5);
        public static Tuple<T1, T2, T3, T4, T5, T6> Create<T1, T2, T3, T4, T5, T6>(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6) => new Tuple<T1, T2, T3, T4, T5, T6>(item1, item2, item3, item4, item5, item6);
        public static Tuple<T1, T2, T3, T4, T5, T6, T7> Create<T1, T2, T3, T4, T5, T6, T7>(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6, T7 item7) => new Tuple<T1, T2, T3, T4, T5, T6, T7>(item1, item2, item3, item4, item5, item6, item7);
        public static Tuple<T1, T2, T3, T4, T5, T6, T7, Tuple<T8>> Create<T1, T2, T3, T4, T5, T6, T7, T8>(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6, T7 item7, T8 item8) => new Tuple<T1, T2, T3, T4, T5, T6, T7, Tuple<T8>>(item1, item2, item3, item4, item5, item6, item7, new Tuple<T8>(item8));

        internal static int Combine(int h1, int h2) => ((h1 << 5) + h1) ^ h2;
        internal static int Hash(object o) => o == null ? 0 : o.GetHashCode();
        internal static string Text(object o) => o == null ? "" : o.ToString();

        // Comparer<object>.Default.Compare: null first, then IComparable.
        internal static int CompareItems(object a, object b)
        {
            if (a == null) return b == null ? 0 : -1;
            if (b == null) return 1;
            if (a is IComparable c) return c.CompareTo(b);
            throw new ArgumentException("At least one object must implement IComparable.");
        }

        internal static ArgumentException WrongType(object self) =>
            new ArgumentException("Argument must be of type " + self.GetType().ToString() + ".", "other");
    }

    public class Tuple<T1> : IComparable, ITupleInternal
    {
        public T1 Item1 { get; }
        public Tuple(T1 item1)
        {
            Item1 = item1;
        }
        public override bool Equals(object obj) => obj is Tuple<T1> other && object.Equals(Item1, other.Item1);
        public override int GetHashCode() => Tuple.Hash(Item1);
        int ITupleInternal.HashItems() => GetHashCode();
        string ITupleInternal.ItemsText() => Tuple.Text(Item1);
        public override string ToString() => "(" + ((ITupleInternal)this).ItemsText() + ")";
        public int CompareTo(object obj)
        {
            if (obj == null) return 1;
            if (!(obj is Tuple<T1> other)) throw Tuple.WrongType(this);
            int c;
            return Tuple.CompareItems(Item1, other.Item1);
        }
    }

    public class Tuple<T1, T2> : IComparable, ITupleInternal
    {
        public T1 Item1 { get; }
        public T2 Item2 { get; }
        public Tuple(T1 item1, T2 item2)
        {
            Item1 = item1;
            Item2 = item2;
        }
        public override bool Equals(object obj) => obj is Tuple<T1, T2> other && object.Equals(Item1, other.Item1) && object.Equals(Item2, other.Item2);
        public override int GetHashCode() => Tuple.Combine(Tuple.Hash(Item1), Tuple.Hash(Item2));
        int ITupleInternal.HashItems() => GetHashCode();
        string ITupleInternal.ItemsText() => Tuple.Text(Item1) + ", " + Tuple.Text(Item2);
        public override string ToString() => "(" + ((ITupleInternal)this).ItemsText() + ")";
        public int CompareTo(object obj)
        {
            if (obj == null) return 1;
            if (!(obj is Tuple<T1, T2> other)) throw Tuple.WrongType(this);
            int c;
            if ((c = Tuple.CompareItems(Item1, other.Item1)) != 0) return c;
            return Tuple.CompareItems(Item2, other.Item2);
        }
    }

    public class Tuple<T1, T2, T3> : IComparable, ITupleInternal
    {
        public T1 Item1 { get; }
        public T2 Item2 { get; }
        public T3 Item3 { get; }
        public Tuple(T1 item1, T2 item2, T3 item3)
        {
            Item1 = item1;
            Item2 = item2;
            Item3 = item3;
        }
        public override bool Equals(object obj) => obj is Tuple<T1, T2, T3> other && object.Equals(Item1, other.Item1) && object.Equals(Item2, other.Item2) && object.Equals(Item3, other.Item3);
        public override int GetHashCode() => Tuple.Combine(Tuple.Combine(Tuple.Hash(Item1), Tuple.Hash(Item2)), Tuple.Hash(Item3));
        int ITupleInternal.HashItems() => GetHashCode();
        string ITupleInternal.ItemsText() => Tuple.Text(Item1) + ", " + Tuple.Text(Item2) + ", " + Tuple.Text(Item3);
        public override string ToString() => "(" + ((ITupleInternal)this).ItemsText() + ")";
        public int CompareTo(object obj)
        {
            if (obj == null) return 1;
            if (!(obj is Tuple<T1, T2, T3> other)) throw Tuple.WrongType(this);
            int c;
            if ((c = Tuple.CompareItems(Item1, other.Item1)) != 0) return c;
            if ((c = Tuple.CompareItems(Item2, other.Item2)) != 0) return c;
            return Tuple.CompareItems(Item3, other.Item3);
        }
    }

    public class Tuple<T1, T2, T3, T4> : IComparable, ITupleInternal
    {
        public T1 Item1 { get; }
        public T2 Item2 { get; }
        public T3 Item3 { get; }
        public T4 Item4 { get; }
        public Tuple(T1 item1, T2 item2, T3 item3, T4 item4)
        {
            Item1 = item1;
            Item2 = item2;
            Item3 = item3;
            Item4 = item4;
        }
        public override bool Equals(object obj) => obj is Tuple<T1, T2, T3, T4> other && object.Equals(Item1, other.Item1) && object.Equals(Item2, other.Item2) && object.Equals(Item3, other.Item3) && object.Equals(Item4, other.Item4);
        public override int GetHashCode() => Tuple.Combine(Tuple.Combine(Tuple.Hash(Item1), Tuple.Hash(Item2)), Tuple.Combine(Tuple.Hash(Item3), Tuple.Hash(Item4)));
        int ITupleInternal.HashItems() => GetHashCode();
        string ITupleInternal.ItemsText() => Tuple.Text(Item1) + ", " + Tuple.Text(Item2) + ", " + Tuple.Text(Item3) + ", " + Tuple.Text(Item4);
        public override string ToString() => "(" + ((ITupleInternal)this).ItemsText() + ")";
        public int CompareTo(object obj)
        {
            if (obj == null) return 1;
            if (!(obj is Tuple<T1, T2, T3, T4> other)) throw Tuple.WrongType(this);
            int c;
            if ((c = Tuple.CompareItems(Item1, other.Item1)) != 0) return c;
            if ((c = Tuple.CompareItems(Item2, other.Item2)) != 0) return c;
            if ((c = Tuple.CompareItems(Item3, other.Item3)) != 0) return c;
            return Tuple.CompareItems(Item4, other.Item4);
        }
    }

    public class Tuple<T1, T2, T3, T4, T5> : IComparable, ITupleInternal
    {
        public T1 Item1 { get; }
        public T2 Item2 { get; }
        public T3 Item3 { get; }
        public T4 Item4 { get; }
        public T5 Item5 { get; }
        public Tuple(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5)
        {
            Item1 = item1;
            Item2 = item2;
            Item3 = item3;
            Item4 = item4;
            Item5 = item5;
        }
        public override bool Equals(object obj) => obj is Tuple<T1, T2, T3, T4, T5> other && object.Equals(Item1, other.Item1) && object.Equals(Item2, other.Item2) && object.Equals(Item3, other.Item3) && object.Equals(Item4, other.Item4) && object.Equals(Item5, other.Item5);
        public override int GetHashCode() => Tuple.Combine(Tuple.Combine(Tuple.Combine(Tuple.Hash(Item1), Tuple.Hash(Item2)), Tuple.Combine(Tuple.Hash(Item3), Tuple.Hash(Item4))), Tuple.Hash(Item5));
        int ITupleInternal.HashItems() => GetHashCode();
        string ITupleInternal.ItemsText() => Tuple.Text(Item1) + ", " + Tuple.Text(Item2) + ", " + Tuple.Text(Item3) + ", " + Tuple.Text(Item4) + ", " + Tuple.Text(Item5);
        public override string ToString() => "(" + ((ITupleInternal)this).ItemsText() + ")";
        public int CompareTo(object obj)
        {
            if (obj == null) return 1;
            if (!(obj is Tuple<T1, T2, T3, T4, T5> other)) throw Tuple.WrongType(this);
            int c;
            if ((c = Tuple.CompareItems(Item1, other.Item1)) != 0) return c;
            if ((c = Tuple.CompareItems(Item2, other.Item2)) != 0) return c;
            if ((c = Tuple.CompareItems(Item3, other.Item3)) != 0) return c;
            if ((c = Tuple.CompareItems(Item4, other.Item4)) != 0) return c;
            return Tuple.CompareItems(Item5, other.Item5);
        }
    }

    public class Tuple<T1, T2, T3, T4, T5, T6> : IComparable, ITupleInternal
    {
        public T1 Item1 { get; }
        public T2 Item2 { get; }
        public T3 Item3 { get; }
        public T4 Item4 { get; }
        public T5 Item5 { get; }
        public T6 Item6 { get; }
        public Tuple(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6)
        {
            Item1 = item1;
            Item2 = item2;
            Item3 = item3;
            Item4 = item4;
            Item5 = item5;
            Item6 = item6;
        }
        public override bool Equals(object obj) => obj is Tuple<T1, T2, T3, T4, T5, T6> other && object.Equals(Item1, other.Item1) && object.Equals(Item2, other.Item2) && object.Equals(Item3, other.Item3) && object.Equals(Item4, other.Item4) && object.Equals(Item5, other.Item5) && object.Equals(Item6, other.Item6);
        public override int GetHashCode() => Tuple.Combine(Tuple.Combine(Tuple.Combine(Tuple.Hash(Item1), Tuple.Hash(Item2)), Tuple.Combine(Tuple.Hash(Item3), Tuple.Hash(Item4))), Tuple.Combine(Tuple.Hash(Item5), Tuple.Hash(Item6)));
        int ITupleInternal.HashItems() => GetHashCode();
        string ITupleInternal.ItemsText() => Tuple.Text(Item1) + ", " + Tuple.Text(Item2) + ", " + Tuple.Text(Item3) + ", " + Tuple.Text(Item4) + ", " + Tuple.Text(Item5) + ", " + Tuple.Text(Item6);
        public override string ToString() => "(" + ((ITupleInternal)this).ItemsText() + ")";
        public int CompareTo(object obj)
        {
            if (obj == null) return 1;
            if (!(obj is Tuple<T1, T2, T3, T4, T5, T6> other)) throw Tuple.WrongType(this);
            int c;
            if ((c = Tuple.CompareItems(Item1, other.Item1)) != 0) return c;
            if ((c = Tuple.CompareItems(Item2, other.Item2)) != 0) return c;
            if ((c = Tuple.CompareItems(Item3, other.Item3)) != 0) return c;
            if ((c = Tuple.CompareItems(Item4, other.Item4)) != 0) return c;
            if ((c = Tuple.CompareItems(Item5, other.Item5)) != 0) return c;
            return Tuple.CompareItems(Item6, other.Item6);
        }
    }

    public class Tuple<T1, T2, T3, T4, T5, T6, T7> : IComparable, ITupleInternal
    {
        public T1 Item1 { get; }
        public T2 Item2 { get; }
        public T3 Item3 { get; }
        public T4 Item4 { get; }
        public T5 Item5 { get; }
        public T6 Item6 { get; }
        public T7 Item7 { get; }
        public Tuple(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6, T7 item7)
        {
            Item1 = item1;
            Item2 = item2;
            Item3 = item3;
            Item4 = item4;
            Item5 = item5;
            Item6 = item6;
            Item7 = item7;
        }
        public override bool Equals(object obj) => obj is Tuple<T1, T2, T3, T4, T5, T6, T7> other && object.Equals(Item1, other.Item1) && object.Equals(Item2, other.Item2) && object.Equals(Item3, other.Item3) && object.Equals(Item4, other.Item4) && object.Equals(Item5, other.Item5) && object.Equals(Item6, other.Item6) && object.Equals(Item7, other.Item7);
        public override int GetHashCode() => Tuple.Combine(Tuple.Combine(Tuple.Combine(Tuple.Hash(Item1), Tuple.Hash(Item2)), Tuple.Combine(Tuple.Hash(Item3), Tuple.Hash(Item4))), Tuple.Combine(Tuple.Combine(Tuple.Hash(Item5), Tuple.Hash(Item6)), Tuple.Hash(Item7)));
        int ITupleInternal.HashItems() => GetHashCode();
        string ITupleInternal.ItemsText() => Tuple.Text(Item1) + ", " + Tuple.Text(Item2) + ", " + Tuple.Text(Item3) + ", " + Tuple.Text(Item4) + ", " + Tuple.Text(Item5) + ", " + Tuple.Text(Item6) + ", " + Tuple.Text(Item7);
        public override string ToString() => "(" + ((ITupleInternal)this).ItemsText() + ")";
        public int CompareTo(object obj)
        {
            if (obj == null) return 1;
            if (!(obj is Tuple<T1, T2, T3, T4, T5, T6, T7> other)) throw Tuple.WrongType(this);
            int c;
            if ((c = Tuple.CompareItems(Item1, other.Item1)) != 0) return c;
            if ((c = Tuple.CompareItems(Item2, other.Item2)) != 0) return c;
            if ((c = Tuple.CompareItems(Item3, other.Item3)) != 0) return c;
            if ((c = Tuple.CompareItems(Item4, other.Item4)) != 0) return c;
            if ((c = Tuple.CompareItems(Item5, other.Item5)) != 0) return c;
            if ((c = Tuple.CompareItems(Item6, other.Item6)) != 0) return c;
            return Tuple.CompareItems(Item7, other.Item7);
        }
    }

    public class Tuple<T1, T2, T3, T4, T5, T6, T7, TRest> : IComparable, ITupleInternal
        where TRest : class
    {
        public T1 Item1 { get; }
        public T2 Item2 { get; }
        public T3 Item3 { get; }
        public T4 Item4 { get; }
        public T5 Item5 { get; }
        public T6 Item6 { get; }
        public T7 Item7 { get; }
        public TRest Rest { get; }
        public Tuple(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6, T7 item7, TRest rest)
        {
            if (!(rest is ITupleInternal)) throw new ArgumentException("The last element of an eight element tuple must be a Tuple.", "rest");
            Item1 = item1;
            Item2 = item2;
            Item3 = item3;
            Item4 = item4;
            Item5 = item5;
            Item6 = item6;
            Item7 = item7;
            Rest = rest;
        }
        public override bool Equals(object obj) => obj is Tuple<T1, T2, T3, T4, T5, T6, T7, TRest> other && object.Equals(Item1, other.Item1) && object.Equals(Item2, other.Item2) && object.Equals(Item3, other.Item3) && object.Equals(Item4, other.Item4) && object.Equals(Item5, other.Item5) && object.Equals(Item6, other.Item6) && object.Equals(Item7, other.Item7) && object.Equals(Rest, other.Rest);
        public override int GetHashCode() => Tuple.Combine(Tuple.Combine(Tuple.Combine(Tuple.Hash(Item1), Tuple.Hash(Item2)), Tuple.Combine(Tuple.Hash(Item3), Tuple.Hash(Item4))), Tuple.Combine(Tuple.Combine(Tuple.Hash(Item5), Tuple.Hash(Item6)), Tuple.Combine(Tuple.Hash(Item7), ((ITupleInternal)Rest).HashItems())));
        int ITupleInternal.HashItems() => GetHashCode();
        string ITupleInternal.ItemsText() => Tuple.Text(Item1) + ", " + Tuple.Text(Item2) + ", " + Tuple.Text(Item3) + ", " + Tuple.Text(Item4) + ", " + Tuple.Text(Item5) + ", " + Tuple.Text(Item6) + ", " + Tuple.Text(Item7) + ", " + ((ITupleInternal)Rest).ItemsText();
        public override string ToString() => "(" + ((ITupleInternal)this).ItemsText() + ")";
        public int CompareTo(object obj)
        {
            if (obj == null) return 1;
            if (!(obj is Tuple<T1, T2, T3, T4, T5, T6, T7, TRest> other)) throw Tuple.WrongType(this);
            int c;
            if ((c = Tuple.CompareItems(Item1, other.Item1)) != 0) return c;
            if ((c = Tuple.CompareItems(Item2, other.Item2)) != 0) return c;
            if ((c = Tuple.CompareItems(Item3, other.Item3)) != 0) return c;
            if ((c = Tuple.CompareItems(Item4, other.Item4)) != 0) return c;
            if ((c = Tuple.CompareItems(Item5, other.Item5)) != 0) return c;
            if ((c = Tuple.CompareItems(Item6, other.Item6)) != 0) return c;
            if ((c = Tuple.CompareItems(Item7, other.Item7)) != 0) return c;
            return Tuple.CompareItems(Rest, other.Rest);
        }
    }

    public static class TupleExtensions
    {
        public static void Deconstruct<T1>(this Tuple<T1> value, out T1 item1) { item1 = value.Item1; }
        public static void Deconstruct<T1, T2>(this Tuple<T1, T2> value, out T1 item1, out T2 item2) { item1 = value.Item1; item2 = value.Item2; }
        public static void Deconstruct<T1, T2, T3>(this Tuple<T1, T2, T3> value, out T1 item1, out T2 item2, out T3 item3) { item1 = value.Item1; item2 = value.Item2; item3 = value.Item3; }
        public static void Deconstruct<T1, T2, T3, T4>(this Tuple<T1, T2, T3, T4> value, out T1 item1, out T2 item2, out T3 item3, out T4 item4) { item1 = value.Item1; item2 = value.Item2; item3 = value.Item3; item4 = value.Item4; }
        public static void Deconstruct<T1, T2, T3, T4, T5>(this Tuple<T1, T2, T3, T4, T5> value, out T1 item1, out T2 item2, out T3 item3, out T4 item4, out T5 item5) { item1 = value.Item1; item2 = value.Item2; item3 = value.Item3; item4 = value.Item4; item5 = value.Item5; }
        public static void Deconstruct<T1, T2, T3, T4, T5, T6>(this Tuple<T1, T2, T3, T4, T5, T6> value, out T1 item1, out T2 item2, out T3 item3, out T4 item4, out T5 item5, out T6 item6) { item1 = value.Item1; item2 = value.Item2; item3 = value.Item3; item4 = value.Item4; item5 = value.Item5; item6 = value.Item6; }
        public static void Deconstruct<T1, T2, T3, T4, T5, T6, T7>(this Tuple<T1, T2, T3, T4, T5, T6, T7> value, out T1 item1, out T2 item2, out T3 item3, out T4 item4, out T5 item5, out T6 item6, out T7 item7) { item1 = value.Item1; item2 = value.Item2; item3 = value.Item3; item4 = value.Item4; item5 = value.Item5; item6 = value.Item6; item7 = value.Item7; }
        public static ValueTuple<T1> ToValueTuple<T1>(this Tuple<T1> value) => new ValueTuple<T1>(value.Item1);
        public static Tuple<T1> ToTuple<T1>(this ValueTuple<T1> value) => new Tuple<T1>(value.Item1);
        public static (T1, T2) ToValueTuple<T1, T2>(this Tuple<T1, T2> value) => (value.Item1, value.Item2);
        public static Tuple<T1, T2> ToTuple<T1, T2>(this (T1, T2) value) => new Tuple<T1, T2>(value.Item1, value.Item2);
        public static (T1, T2, T3) ToValueTuple<T1, T2, T3>(this Tuple<T1, T2, T3> value) => (value.Item1, value.Item2, value.Item3);
        public static Tuple<T1, T2, T3> ToTuple<T1, T2, T3>(this (T1, T2, T3) value) => new Tuple<T1, T2, T3>(value.Item1, value.Item2, value.Item3);
        public static (T1, T2, T3, T4) ToValueTuple<T1, T2, T3, T4>(this Tuple<T1, T2, T3, T4> value) => (value.Item1, value.Item2, value.Item3, value.Item4);
        public static Tuple<T1, T2, T3, T4> ToTuple<T1, T2, T3, T4>(this (T1, T2, T3, T4) value) => new Tuple<T1, T2, T3, T4>(value.Item1, value.Item2, value.Item3, value.Item4);
        public static (T1, T2, T3, T4, T5) ToValueTuple<T1, T2, T3, T4, T5>(this Tuple<T1, T2, T3, T4, T5> value) => (value.Item1, value.Item2, value.Item3, value.Item4, value.Item5);
        public static Tuple<T1, T2, T3, T4, T5> ToTuple<T1, T2, T3, T4, T5>(this (T1, T2, T3, T4, T5) value) => new Tuple<T1, T2, T3, T4, T5>(value.Item1, value.Item2, value.Item3, value.Item4, value.Item5);
        public static (T1, T2, T3, T4, T5, T6) ToValueTuple<T1, T2, T3, T4, T5, T6>(this Tuple<T1, T2, T3, T4, T5, T6> value) => (value.Item1, value.Item2, value.Item3, value.Item4, value.Item5, value.Item6);
        public static Tuple<T1, T2, T3, T4, T5, T6> ToTuple<T1, T2, T3, T4, T5, T6>(this (T1, T2, T3, T4, T5, T6) value) => new Tuple<T1, T2, T3, T4, T5, T6>(value.Item1, value.Item2, value.Item3, value.Item4, value.Item5, value.Item6);
        public static (T1, T2, T3, T4, T5, T6, T7) ToValueTuple<T1, T2, T3, T4, T5, T6, T7>(this Tuple<T1, T2, T3, T4, T5, T6, T7> value) => (value.Item1, value.Item2, value.Item3, value.Item4, value.Item5, value.Item6, value.Item7);
        public static Tuple<T1, T2, T3, T4, T5, T6, T7> ToTuple<T1, T2, T3, T4, T5, T6, T7>(this (T1, T2, T3, T4, T5, T6, T7) value) => new Tuple<T1, T2, T3, T4, T5, T6, T7>(value.Item1, value.Item2, value.Item3, value.Item4, value.Item5, value.Item6, value.Item7);
    }
}

namespace System.Numerics
{
    // System.Numerics.Complex, a pair of doubles with .NET's algorithms:
    // Smith's division, Hypot for the magnitude, the principal square root
    // and power; ToString prints "<1; 2>" as .NET 11 does. Prelude bodies
    // are not bound, so they call the helpers rather than the operators.
    public struct Complex : IEquatable<Complex>, IFormattable
    {
        public static readonly Complex Zero = new Complex(0.0, 0.0);
        public static readonly Complex One = new Complex(1.0, 0.0);
        public static readonly Complex ImaginaryOne = new Complex(0.0, 1.0);
        public static readonly Complex NaN = new Complex(double.NaN, double.NaN);
        public static readonly Complex Infinity = new Complex(double.PositiveInfinity, double.PositiveInfinity);

        readonly double _re;
        readonly double _im;

        public Complex(double real, double imaginary)
        {
            _re = real;
            _im = imaginary;
        }

        public double Real => _re;
        public double Imaginary => _im;
        public double Magnitude => Abs(this);
        public double Phase => Math.Atan2(_im, _re);

        public static Complex FromPolarCoordinates(double magnitude, double phase) =>
            new Complex(magnitude * Math.Cos(phase), magnitude * Math.Sin(phase));

        public static Complex Negate(Complex value) => new Complex(-value._re, -value._im);
        public static Complex Add(Complex left, Complex right) => new Complex(left._re + right._re, left._im + right._im);
        public static Complex Subtract(Complex left, Complex right) => new Complex(left._re - right._re, left._im - right._im);
        public static Complex Multiply(Complex left, Complex right) => Mul(left, right);
        public static Complex Divide(Complex dividend, Complex divisor) => SmithDivide(dividend._re, dividend._im, divisor._re, divisor._im);

        public static Complex operator -(Complex value) => new Complex(-value._re, -value._im);
        public static Complex operator +(Complex value) => value;
        public static Complex operator +(Complex left, Complex right) => new Complex(left._re + right._re, left._im + right._im);
        public static Complex operator +(Complex left, double right) => new Complex(left._re + right, left._im);
        public static Complex operator +(double left, Complex right) => new Complex(left + right._re, right._im);
        public static Complex operator -(Complex left, Complex right) => new Complex(left._re - right._re, left._im - right._im);
        public static Complex operator -(Complex left, double right) => new Complex(left._re - right, left._im);
        public static Complex operator -(double left, Complex right) => new Complex(left - right._re, -right._im);
        public static Complex operator *(Complex left, Complex right) => Mul(left, right);
        public static Complex operator *(Complex left, double right) => Scale(left, right);
        public static Complex operator *(double left, Complex right) => Scale(right, left);
        public static Complex operator /(Complex left, Complex right) => SmithDivide(left._re, left._im, right._re, right._im);
        public static Complex operator /(double left, Complex right) => SmithDivide(left, 0.0, right._re, right._im);
        public static Complex operator /(Complex left, double right)
        {
            if (right == 0.0) return NaN;
            return new Complex(left._re / right, left._im / right);
        }
        public static bool operator ==(Complex left, Complex right) => left._re == right._re && left._im == right._im;
        public static bool operator !=(Complex left, Complex right) => left._re != right._re || left._im != right._im;

        public static implicit operator Complex(double value) => new Complex(value, 0.0);
        public static implicit operator Complex(float value) => new Complex(value, 0.0);
        public static implicit operator Complex(long value) => new Complex(value, 0.0);
        public static implicit operator Complex(int value) => new Complex(value, 0.0);
        public static implicit operator Complex(short value) => new Complex(value, 0.0);
        public static implicit operator Complex(byte value) => new Complex(value, 0.0);
        public static implicit operator Complex(char value) => new Complex(value, 0.0);
        public static explicit operator Complex(decimal value) => new Complex((double)value, 0.0);

        // A product by a real: a non-finite component gives NaN beside it,
        // as .NET's does.
        static Complex Mul(Complex left, Complex right) =>
            new Complex(left._re * right._re - left._im * right._im, left._im * right._re + left._re * right._im);

        static Complex Scale(Complex c, double k)
        {
            if (!double.IsFinite(c._re))
                return double.IsFinite(c._im) ? new Complex(k * c._re, double.NaN) : NaN;
            if (!double.IsFinite(c._im))
                return new Complex(double.NaN, k * c._im);
            return new Complex(k * c._re, k * c._im);
        }

        // Smith's algorithm: divide by the divisor's larger component first.
        static Complex SmithDivide(double a, double b, double c, double d)
        {
            if (Math.Abs(d) < Math.Abs(c))
            {
                double doc = d / c;
                return new Complex((a + b * doc) / (c + d * doc), (b - a * doc) / (c + d * doc));
            }
            double cod = c / d;
            return new Complex((b + a * cod) / (d + c * cod), (-a + b * cod) / (d + c * cod));
        }

        static double Hypot(double a, double b)
        {
            a = Math.Abs(a);
            b = Math.Abs(b);
            double small = a < b ? a : b, large = a < b ? b : a;
            if (small == 0.0) return large;
            if (double.IsPositiveInfinity(large) && !double.IsNaN(small)) return double.PositiveInfinity;
            double ratio = small / large;
            return large * Math.Sqrt(1.0 + ratio * ratio);
        }

        public static double Abs(Complex value) => Hypot(value._re, value._im);
        public static Complex Conjugate(Complex value) => new Complex(value._re, -value._im);
        public static Complex Reciprocal(Complex value) => value._re == 0 && value._im == 0 ? Zero : SmithDivide(1.0, 0.0, value._re, value._im);
        public static bool IsFinite(Complex value) => double.IsFinite(value._re) && double.IsFinite(value._im);
        public static bool IsInfinity(Complex value) => double.IsInfinity(value._re) || double.IsInfinity(value._im);
        public static bool IsNaN(Complex value) => !IsInfinity(value) && !IsFinite(value);

        public static Complex Sin(Complex value) =>
            new Complex(Math.Sin(value._re) * Math.Cosh(value._im), Math.Cos(value._re) * Math.Sinh(value._im));
        public static Complex Cos(Complex value) =>
            new Complex(Math.Cos(value._re) * Math.Cosh(value._im), -Math.Sin(value._re) * Math.Sinh(value._im));
        public static Complex Sinh(Complex value)
        {
            Complex s = Sin(new Complex(-value._im, value._re));
            return new Complex(s._im, -s._re);
        }
        public static Complex Cosh(Complex value) => Cos(new Complex(-value._im, value._re));
        public static Complex Tan(Complex value)
        {
            Complex s = Sin(value), c = Cos(value);
            return SmithDivide(s._re, s._im, c._re, c._im);
        }
        public static Complex Log(Complex value) => new Complex(Math.Log(Abs(value)), Math.Atan2(value._im, value._re));
        public static Complex Log(Complex value, double baseValue)
        {
            Complex l = Log(value);
            return SmithDivide(l._re, l._im, Math.Log(baseValue), 0.0);
        }
        public static Complex Log10(Complex value) => Scale(Log(value), 0.43429448190325);
        public static Complex Exp(Complex value) => FromPolarCoordinates(Math.Exp(value._re), value._im);

        public static Complex Sqrt(Complex value)
        {
            if (value._im == 0.0)
                return value._re < 0.0 ? new Complex(0.0, Math.Sqrt(-value._re)) : new Complex(Math.Sqrt(value._re), 0.0);
            double re = value._re, im = value._im;
            bool rescale = Math.Abs(re) >= 7.446288774449766E+307 || Math.Abs(im) >= 7.446288774449766E+307;
            if (rescale)
            {
                re *= 0.25;
                im *= 0.25;
            }
            double x, y;
            if (re >= 0.0)
            {
                x = Math.Sqrt((Hypot(re, im) + re) * 0.5);
                y = im / (2.0 * x);
            }
            else
            {
                y = Math.Sqrt((Hypot(re, im) - re) * 0.5);
                if (im < 0.0) y = -y;
                x = im / (2.0 * y);
            }
            if (rescale)
            {
                x *= 2.0;
                y *= 2.0;
            }
            return new Complex(x, y);
        }

        public static Complex Pow(Complex value, Complex power)
        {
            if (power._re == 0.0 && power._im == 0.0) return One;
            if (value._re == 0.0 && value._im == 0.0) return Zero;
            double rho = Abs(value);
            double theta = Math.Atan2(value._im, value._re);
            double newRho = power._re * theta + power._im * Math.Log(rho);
            double t = Math.Pow(rho, power._re) * Math.Pow(Math.E, -power._im * theta);
            return new Complex(t * Math.Cos(newRho), t * Math.Sin(newRho));
        }

        public static Complex Pow(Complex value, double power) => Pow(value, new Complex(power, 0.0));

        public bool Equals(Complex value) => _re.Equals(value._re) && _im.Equals(value._im);
        public override bool Equals(object obj) => obj is Complex other && Equals(other);
        public override int GetHashCode() => _re.GetHashCode() * 31 + _im.GetHashCode();
        public override string ToString() => "<" + _re.ToString() + "; " + _im.ToString() + ">";
        public string ToString(string format) => "<" + _re.ToString(format) + "; " + _im.ToString(format) + ">";
        public string ToString(IFormatProvider provider) => "<" + _re.ToString(provider) + "; " + _im.ToString(provider) + ">";
        public string ToString(string format, IFormatProvider provider) => "<" + _re.ToString(format, provider) + "; " + _im.ToString(format, provider) + ">";
    }
}

namespace System.Numerics
{
    // System.Numerics.Vector2, Vector3 and Vector4: float components, the
    // arithmetic operators and the static helpers graphics and physics
    // samples use. ToString prints "<1, 2>", the invariant culture's group
    // separator between components, as .NET does under it.
    public struct Vector2 : IEquatable<Vector2>, IFormattable
    {
        public float X, Y;

        public Vector2(float x, float y)
        {
            X = x;
            Y = y;
        }
        public Vector2(float value)
        {
            X = value;
            Y = value;
        }

        public static Vector2 Zero => new Vector2(0f);
        public static Vector2 One => new Vector2(1f);
        public static Vector2 UnitX => new Vector2(1f, 0f);
        public static Vector2 UnitY => new Vector2(0f, 1f);

        public static float Dot(Vector2 a, Vector2 b) => a.X * b.X + a.Y * b.Y;
        public readonly float LengthSquared() => Dot(this, this);
        public readonly float Length() => (float)Math.Sqrt(Dot(this, this));
        public static float DistanceSquared(Vector2 a, Vector2 b) => Dot(Subtract(a, b), Subtract(a, b));
        public static float Distance(Vector2 a, Vector2 b) => (float)Math.Sqrt(DistanceSquared(a, b));
        public static Vector2 Normalize(Vector2 value) => Divide(value, value.Length());
        public static Vector2 Add(Vector2 a, Vector2 b) => new Vector2(a.X + b.X, a.Y + b.Y);
        public static Vector2 Subtract(Vector2 a, Vector2 b) => new Vector2(a.X - b.X, a.Y - b.Y);
        public static Vector2 Multiply(Vector2 a, Vector2 b) => new Vector2(a.X * b.X, a.Y * b.Y);
        public static Vector2 Multiply(Vector2 a, float k) => new Vector2(a.X * k, a.Y * k);
        public static Vector2 Multiply(float k, Vector2 a) => new Vector2(a.X * k, a.Y * k);
        public static Vector2 Divide(Vector2 a, Vector2 b) => new Vector2(a.X / b.X, a.Y / b.Y);
        public static Vector2 Divide(Vector2 a, float k) => new Vector2(a.X / k, a.Y / k);
        public static Vector2 Negate(Vector2 a) => new Vector2(-a.X, -a.Y);
        public static Vector2 Abs(Vector2 a) => new Vector2(Math.Abs(a.X), Math.Abs(a.Y));
        public static Vector2 SquareRoot(Vector2 a) => new Vector2((float)Math.Sqrt(a.X), (float)Math.Sqrt(a.Y));
        public static Vector2 Min(Vector2 a, Vector2 b) => new Vector2(Math.Min(a.X, b.X), Math.Min(a.Y, b.Y));
        public static Vector2 Max(Vector2 a, Vector2 b) => new Vector2(Math.Max(a.X, b.X), Math.Max(a.Y, b.Y));
        public static Vector2 Clamp(Vector2 value, Vector2 min, Vector2 max) => Min(Max(value, min), max);
        public static Vector2 Lerp(Vector2 a, Vector2 b, float t) => new Vector2(a.X + (b.X - a.X) * t, a.Y + (b.Y - a.Y) * t);
        public static Vector2 Reflect(Vector2 v, Vector2 normal) => Subtract(v, Multiply(normal, 2f * Dot(v, normal)));

        public static Vector2 operator +(Vector2 a, Vector2 b) => Add(a, b);
        public static Vector2 operator -(Vector2 a, Vector2 b) => Subtract(a, b);
        public static Vector2 operator *(Vector2 a, Vector2 b) => Multiply(a, b);
        public static Vector2 operator *(Vector2 a, float k) => Multiply(a, k);
        public static Vector2 operator *(float k, Vector2 a) => Multiply(a, k);
        public static Vector2 operator /(Vector2 a, Vector2 b) => Divide(a, b);
        public static Vector2 operator /(Vector2 a, float k) => Divide(a, k);
        public static Vector2 operator -(Vector2 a) => Negate(a);
        public static bool operator ==(Vector2 a, Vector2 b) => a.X == b.X && a.Y == b.Y;
        public static bool operator !=(Vector2 a, Vector2 b) => !(a.X == b.X && a.Y == b.Y);

        public readonly bool Equals(Vector2 other) => X.Equals(other.X) && Y.Equals(other.Y);
        public override readonly bool Equals(object? obj) => obj is Vector2 other && Equals(other);
        public override readonly int GetHashCode() => X.GetHashCode() * 31 + Y.GetHashCode();
        public override readonly string ToString() => ToString("G", null);
        public readonly string ToString(string? format) => ToString(format, null);
        public readonly string ToString(string? format, IFormatProvider? provider) => "<" + X.ToString(format, provider) + ", " + Y.ToString(format, provider) + ">";
    }

    public struct Vector3 : IEquatable<Vector3>, IFormattable
    {
        public float X, Y, Z;

        public Vector3(float x, float y, float z)
        {
            X = x;
            Y = y;
            Z = z;
        }
        public Vector3(float value)
        {
            X = value;
            Y = value;
            Z = value;
        }
        public Vector3(Vector2 value, float z)
        {
            X = value.X;
            Y = value.Y;
            Z = z;
        }

        public static Vector3 Zero => new Vector3(0f);
        public static Vector3 One => new Vector3(1f);
        public static Vector3 UnitX => new Vector3(1f, 0f, 0f);
        public static Vector3 UnitY => new Vector3(0f, 1f, 0f);
        public static Vector3 UnitZ => new Vector3(0f, 0f, 1f);

        public static float Dot(Vector3 a, Vector3 b) => a.X * b.X + a.Y * b.Y + a.Z * b.Z;
        public readonly float LengthSquared() => Dot(this, this);
        public readonly float Length() => (float)Math.Sqrt(Dot(this, this));
        public static float DistanceSquared(Vector3 a, Vector3 b) => Dot(Subtract(a, b), Subtract(a, b));
        public static float Distance(Vector3 a, Vector3 b) => (float)Math.Sqrt(DistanceSquared(a, b));
        public static Vector3 Normalize(Vector3 value) => Divide(value, value.Length());
        public static Vector3 Add(Vector3 a, Vector3 b) => new Vector3(a.X + b.X, a.Y + b.Y, a.Z + b.Z);
        public static Vector3 Subtract(Vector3 a, Vector3 b) => new Vector3(a.X - b.X, a.Y - b.Y, a.Z - b.Z);
        public static Vector3 Multiply(Vector3 a, Vector3 b) => new Vector3(a.X * b.X, a.Y * b.Y, a.Z * b.Z);
        public static Vector3 Multiply(Vector3 a, float k) => new Vector3(a.X * k, a.Y * k, a.Z * k);
        public static Vector3 Multiply(float k, Vector3 a) => new Vector3(a.X * k, a.Y * k, a.Z * k);
        public static Vector3 Divide(Vector3 a, Vector3 b) => new Vector3(a.X / b.X, a.Y / b.Y, a.Z / b.Z);
        public static Vector3 Divide(Vector3 a, float k) => new Vector3(a.X / k, a.Y / k, a.Z / k);
        public static Vector3 Negate(Vector3 a) => new Vector3(-a.X, -a.Y, -a.Z);
        public static Vector3 Abs(Vector3 a) => new Vector3(Math.Abs(a.X), Math.Abs(a.Y), Math.Abs(a.Z));
        public static Vector3 SquareRoot(Vector3 a) => new Vector3((float)Math.Sqrt(a.X), (float)Math.Sqrt(a.Y), (float)Math.Sqrt(a.Z));
        public static Vector3 Min(Vector3 a, Vector3 b) => new Vector3(Math.Min(a.X, b.X), Math.Min(a.Y, b.Y), Math.Min(a.Z, b.Z));
        public static Vector3 Max(Vector3 a, Vector3 b) => new Vector3(Math.Max(a.X, b.X), Math.Max(a.Y, b.Y), Math.Max(a.Z, b.Z));
        public static Vector3 Clamp(Vector3 value, Vector3 min, Vector3 max) => Min(Max(value, min), max);
        public static Vector3 Lerp(Vector3 a, Vector3 b, float t) => new Vector3(a.X + (b.X - a.X) * t, a.Y + (b.Y - a.Y) * t, a.Z + (b.Z - a.Z) * t);
        public static Vector3 Cross(Vector3 a, Vector3 b) => new Vector3(a.Y * b.Z - a.Z * b.Y, a.Z * b.X - a.X * b.Z, a.X * b.Y - a.Y * b.X);
        public static Vector3 Reflect(Vector3 v, Vector3 normal) => Subtract(v, Multiply(normal, 2f * Dot(v, normal)));

        public static Vector3 operator +(Vector3 a, Vector3 b) => Add(a, b);
        public static Vector3 operator -(Vector3 a, Vector3 b) => Subtract(a, b);
        public static Vector3 operator *(Vector3 a, Vector3 b) => Multiply(a, b);
        public static Vector3 operator *(Vector3 a, float k) => Multiply(a, k);
        public static Vector3 operator *(float k, Vector3 a) => Multiply(a, k);
        public static Vector3 operator /(Vector3 a, Vector3 b) => Divide(a, b);
        public static Vector3 operator /(Vector3 a, float k) => Divide(a, k);
        public static Vector3 operator -(Vector3 a) => Negate(a);
        public static bool operator ==(Vector3 a, Vector3 b) => a.X == b.X && a.Y == b.Y && a.Z == b.Z;
        public static bool operator !=(Vector3 a, Vector3 b) => !(a.X == b.X && a.Y == b.Y && a.Z == b.Z);

        public readonly bool Equals(Vector3 other) => X.Equals(other.X) && Y.Equals(other.Y) && Z.Equals(other.Z);
        public override readonly bool Equals(object? obj) => obj is Vector3 other && Equals(other);
        public override readonly int GetHashCode() => (X.GetHashCode() * 31 + Y.GetHashCode()) * 31 + Z.GetHashCode();
        public override readonly string ToString() => ToString("G", null);
        public readonly string ToString(string? format) => ToString(format, null);
        public readonly string ToString(string? format, IFormatProvider? provider) => "<" + X.ToString(format, provider) + ", " + Y.ToString(format, provider) + ", " + Z.ToString(format, provider) + ">";
    }

    public struct Vector4 : IEquatable<Vector4>, IFormattable
    {
        public float X, Y, Z, W;

        public Vector4(float x, float y, float z, float w)
        {
            X = x;
            Y = y;
            Z = z;
            W = w;
        }
        public Vector4(float value)
        {
            X = value;
            Y = value;
            Z = value;
            W = value;
        }
        public Vector4(Vector3 value, float w)
        {
            X = value.X;
            Y = value.Y;
            Z = value.Z;
            W = w;
        }

        public static Vector4 Zero => new Vector4(0f);
        public static Vector4 One => new Vector4(1f);
        public static Vector4 UnitX => new Vector4(1f, 0f, 0f, 0f);
        public static Vector4 UnitY => new Vector4(0f, 1f, 0f, 0f);
        public static Vector4 UnitZ => new Vector4(0f, 0f, 1f, 0f);
        public static Vector4 UnitW => new Vector4(0f, 0f, 0f, 1f);

        public static float Dot(Vector4 a, Vector4 b) => a.X * b.X + a.Y * b.Y + a.Z * b.Z + a.W * b.W;
        public readonly float LengthSquared() => Dot(this, this);
        public readonly float Length() => (float)Math.Sqrt(Dot(this, this));
        public static float DistanceSquared(Vector4 a, Vector4 b) => Dot(Subtract(a, b), Subtract(a, b));
        public static float Distance(Vector4 a, Vector4 b) => (float)Math.Sqrt(DistanceSquared(a, b));
        public static Vector4 Normalize(Vector4 value) => Divide(value, value.Length());
        public static Vector4 Add(Vector4 a, Vector4 b) => new Vector4(a.X + b.X, a.Y + b.Y, a.Z + b.Z, a.W + b.W);
        public static Vector4 Subtract(Vector4 a, Vector4 b) => new Vector4(a.X - b.X, a.Y - b.Y, a.Z - b.Z, a.W - b.W);
        public static Vector4 Multiply(Vector4 a, Vector4 b) => new Vector4(a.X * b.X, a.Y * b.Y, a.Z * b.Z, a.W * b.W);
        public static Vector4 Multiply(Vector4 a, float k) => new Vector4(a.X * k, a.Y * k, a.Z * k, a.W * k);
        public static Vector4 Multiply(float k, Vector4 a) => new Vector4(a.X * k, a.Y * k, a.Z * k, a.W * k);
        public static Vector4 Divide(Vector4 a, Vector4 b) => new Vector4(a.X / b.X, a.Y / b.Y, a.Z / b.Z, a.W / b.W);
        public static Vector4 Divide(Vector4 a, float k) => new Vector4(a.X / k, a.Y / k, a.Z / k, a.W / k);
        public static Vector4 Negate(Vector4 a) => new Vector4(-a.X, -a.Y, -a.Z, -a.W);
        public static Vector4 Abs(Vector4 a) => new Vector4(Math.Abs(a.X), Math.Abs(a.Y), Math.Abs(a.Z), Math.Abs(a.W));
        public static Vector4 SquareRoot(Vector4 a) => new Vector4((float)Math.Sqrt(a.X), (float)Math.Sqrt(a.Y), (float)Math.Sqrt(a.Z), (float)Math.Sqrt(a.W));
        public static Vector4 Min(Vector4 a, Vector4 b) => new Vector4(Math.Min(a.X, b.X), Math.Min(a.Y, b.Y), Math.Min(a.Z, b.Z), Math.Min(a.W, b.W));
        public static Vector4 Max(Vector4 a, Vector4 b) => new Vector4(Math.Max(a.X, b.X), Math.Max(a.Y, b.Y), Math.Max(a.Z, b.Z), Math.Max(a.W, b.W));
        public static Vector4 Clamp(Vector4 value, Vector4 min, Vector4 max) => Min(Max(value, min), max);
        public static Vector4 Lerp(Vector4 a, Vector4 b, float t) => new Vector4(a.X + (b.X - a.X) * t, a.Y + (b.Y - a.Y) * t, a.Z + (b.Z - a.Z) * t, a.W + (b.W - a.W) * t);

        public static Vector4 operator +(Vector4 a, Vector4 b) => Add(a, b);
        public static Vector4 operator -(Vector4 a, Vector4 b) => Subtract(a, b);
        public static Vector4 operator *(Vector4 a, Vector4 b) => Multiply(a, b);
        public static Vector4 operator *(Vector4 a, float k) => Multiply(a, k);
        public static Vector4 operator *(float k, Vector4 a) => Multiply(a, k);
        public static Vector4 operator /(Vector4 a, Vector4 b) => Divide(a, b);
        public static Vector4 operator /(Vector4 a, float k) => Divide(a, k);
        public static Vector4 operator -(Vector4 a) => Negate(a);
        public static bool operator ==(Vector4 a, Vector4 b) => a.X == b.X && a.Y == b.Y && a.Z == b.Z && a.W == b.W;
        public static bool operator !=(Vector4 a, Vector4 b) => !(a.X == b.X && a.Y == b.Y && a.Z == b.Z && a.W == b.W);

        public readonly bool Equals(Vector4 other) => X.Equals(other.X) && Y.Equals(other.Y) && Z.Equals(other.Z) && W.Equals(other.W);
        public override readonly bool Equals(object? obj) => obj is Vector4 other && Equals(other);
        public override readonly int GetHashCode() => ((X.GetHashCode() * 31 + Y.GetHashCode()) * 31 + Z.GetHashCode()) * 31 + W.GetHashCode();
        public override readonly string ToString() => ToString("G", null);
        public readonly string ToString(string? format) => ToString(format, null);
        public readonly string ToString(string? format, IFormatProvider? provider) => "<" + X.ToString(format, provider) + ", " + Y.ToString(format, provider) + ", " + Z.ToString(format, provider) + ", " + W.ToString(format, provider) + ">";
    }
}

namespace System.Linq
{
    // AsyncEnumerable is .NET 10's LINQ over IAsyncEnumerable<T>
    // (System.Linq.AsyncEnumerable): the operators answers use, each a
    // plain loop over the source's enumerator. Compiled only into a
    // program that names one of its awaited methods or ToAsyncEnumerable,
    // as listed in compiler/prelude.go (preludeOnDemand).
    public static class AsyncEnumerable
    {
        public static System.Collections.Generic.IAsyncEnumerable<TSource> Where<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, Func<TSource, bool> predicate) =>
            new AsyncLinqOp<TSource, TSource>(source, -1, (x, i) => (predicate(x), x));
        public static System.Collections.Generic.IAsyncEnumerable<TSource> Where<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, Func<TSource, int, bool> predicate) =>
            new AsyncLinqOp<TSource, TSource>(source, -1, (x, i) => (predicate(x, i), x));
        public static System.Collections.Generic.IAsyncEnumerable<TResult> Select<TSource, TResult>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, Func<TSource, TResult> selector) =>
            new AsyncLinqOp<TSource, TResult>(source, -1, (x, i) => (true, selector(x)));
        public static System.Collections.Generic.IAsyncEnumerable<TResult> Select<TSource, TResult>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, Func<TSource, int, TResult> selector) =>
            new AsyncLinqOp<TSource, TResult>(source, -1, (x, i) => (true, selector(x, i)));
        public static System.Collections.Generic.IAsyncEnumerable<TSource> Take<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, int count) =>
            new AsyncLinqOp<TSource, TSource>(source, count < 0 ? 0 : count, (x, i) => (true, x));
        public static System.Collections.Generic.IAsyncEnumerable<TSource> Skip<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, int count) =>
            new AsyncLinqOp<TSource, TSource>(source, -1, (x, i) => (i >= count, x));
        public static System.Collections.Generic.IAsyncEnumerable<TSource> ToAsyncEnumerable<TSource>(this System.Collections.Generic.IEnumerable<TSource> source) =>
            new AsyncFromEnumerable<TSource>(source);

        public static async System.Threading.Tasks.ValueTask<System.Collections.Generic.List<TSource>> ToListAsync<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, System.Threading.CancellationToken cancellationToken = default)
        {
            var list = new System.Collections.Generic.List<TSource>();
            var e = source.GetAsyncEnumerator(cancellationToken);
            try
            {
                while (await e.MoveNextAsync()) list.Add(e.Current);
            }
            finally
            {
                await e.DisposeAsync();
            }
            return list;
        }

        public static async System.Threading.Tasks.ValueTask<TSource[]> ToArrayAsync<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, System.Threading.CancellationToken cancellationToken = default)
        {
            var list = await ToListAsync<TSource>(source, cancellationToken);
            return list.ToArray();
        }

        public static async System.Threading.Tasks.ValueTask<int> CountAsync<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, System.Threading.CancellationToken cancellationToken = default)
        {
            var list = await ToListAsync<TSource>(source, cancellationToken);
            return list.Count;
        }

        public static async System.Threading.Tasks.ValueTask<int> CountAsync<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, Func<TSource, bool> predicate, System.Threading.CancellationToken cancellationToken = default)
        {
            var list = await ToListAsync<TSource>(source, cancellationToken);
            int n = 0;
            foreach (var x in list) if (predicate(x)) n++;
            return n;
        }

        public static async System.Threading.Tasks.ValueTask<bool> AnyAsync<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, System.Threading.CancellationToken cancellationToken = default)
        {
            var e = source.GetAsyncEnumerator(cancellationToken);
            try
            {
                return await e.MoveNextAsync();
            }
            finally
            {
                await e.DisposeAsync();
            }
        }

        public static async System.Threading.Tasks.ValueTask<bool> AnyAsync<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, Func<TSource, bool> predicate, System.Threading.CancellationToken cancellationToken = default)
        {
            var e = source.GetAsyncEnumerator(cancellationToken);
            try
            {
                while (await e.MoveNextAsync()) if (predicate(e.Current)) return true;
                return false;
            }
            finally
            {
                await e.DisposeAsync();
            }
        }

        public static async System.Threading.Tasks.ValueTask<bool> AllAsync<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, Func<TSource, bool> predicate, System.Threading.CancellationToken cancellationToken = default)
        {
            var e = source.GetAsyncEnumerator(cancellationToken);
            try
            {
                while (await e.MoveNextAsync()) if (!predicate(e.Current)) return false;
                return true;
            }
            finally
            {
                await e.DisposeAsync();
            }
        }

        public static async System.Threading.Tasks.ValueTask<bool> ContainsAsync<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, TSource value, System.Collections.Generic.IEqualityComparer<TSource> comparer = null, System.Threading.CancellationToken cancellationToken = default)
        {
            var list = await ToListAsync<TSource>(source, cancellationToken);
            return comparer == null ? list.Contains(value) : list.Contains(value, comparer);
        }

        public static async System.Threading.Tasks.ValueTask<TSource> FirstAsync<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, System.Threading.CancellationToken cancellationToken = default)
        {
            var e = source.GetAsyncEnumerator(cancellationToken);
            try
            {
                if (await e.MoveNextAsync()) return e.Current;
            }
            finally
            {
                await e.DisposeAsync();
            }
            throw new InvalidOperationException("Sequence contains no elements");
        }

        public static async System.Threading.Tasks.ValueTask<TSource> FirstAsync<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, Func<TSource, bool> predicate, System.Threading.CancellationToken cancellationToken = default)
        {
            var e = source.GetAsyncEnumerator(cancellationToken);
            try
            {
                while (await e.MoveNextAsync()) if (predicate(e.Current)) return e.Current;
            }
            finally
            {
                await e.DisposeAsync();
            }
            throw new InvalidOperationException("Sequence contains no matching element");
        }

        public static async System.Threading.Tasks.ValueTask<TSource> FirstOrDefaultAsync<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, System.Threading.CancellationToken cancellationToken = default)
        {
            var e = source.GetAsyncEnumerator(cancellationToken);
            try
            {
                if (await e.MoveNextAsync()) return e.Current;
            }
            finally
            {
                await e.DisposeAsync();
            }
            return default(TSource);
        }

        public static async System.Threading.Tasks.ValueTask<TSource> FirstOrDefaultAsync<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, Func<TSource, bool> predicate, System.Threading.CancellationToken cancellationToken = default)
        {
            var e = source.GetAsyncEnumerator(cancellationToken);
            try
            {
                while (await e.MoveNextAsync()) if (predicate(e.Current)) return e.Current;
            }
            finally
            {
                await e.DisposeAsync();
            }
            return default(TSource);
        }

        public static async System.Threading.Tasks.ValueTask<TSource> LastAsync<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, System.Threading.CancellationToken cancellationToken = default)
        {
            var list = await ToListAsync<TSource>(source, cancellationToken);
            if (list.Count == 0) throw new InvalidOperationException("Sequence contains no elements");
            return list[list.Count - 1];
        }

        public static async System.Threading.Tasks.ValueTask<int> SumAsync(this System.Collections.Generic.IAsyncEnumerable<int> source, System.Threading.CancellationToken cancellationToken = default)
        {
            var list = await ToListAsync<int>(source, cancellationToken);
            return list.Sum();
        }

        public static async System.Threading.Tasks.ValueTask<long> SumAsync(this System.Collections.Generic.IAsyncEnumerable<long> source, System.Threading.CancellationToken cancellationToken = default)
        {
            var list = await ToListAsync<long>(source, cancellationToken);
            return list.Sum();
        }

        public static async System.Threading.Tasks.ValueTask<double> SumAsync(this System.Collections.Generic.IAsyncEnumerable<double> source, System.Threading.CancellationToken cancellationToken = default)
        {
            var list = await ToListAsync<double>(source, cancellationToken);
            return list.Sum();
        }

        public static async System.Threading.Tasks.ValueTask<decimal> SumAsync(this System.Collections.Generic.IAsyncEnumerable<decimal> source, System.Threading.CancellationToken cancellationToken = default)
        {
            var list = await ToListAsync<decimal>(source, cancellationToken);
            return list.Sum();
        }

        public static async System.Threading.Tasks.ValueTask<TSource> MinAsync<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, System.Threading.CancellationToken cancellationToken = default)
        {
            var list = await ToListAsync<TSource>(source, cancellationToken);
            return list.Min();
        }

        public static async System.Threading.Tasks.ValueTask<TSource> MaxAsync<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, System.Threading.CancellationToken cancellationToken = default)
        {
            var list = await ToListAsync<TSource>(source, cancellationToken);
            return list.Max();
        }

        public static async System.Threading.Tasks.ValueTask<double> AverageAsync(this System.Collections.Generic.IAsyncEnumerable<int> source, System.Threading.CancellationToken cancellationToken = default)
        {
            var list = await ToListAsync<int>(source, cancellationToken);
            return list.Average();
        }

        public static async System.Threading.Tasks.ValueTask<double> AverageAsync(this System.Collections.Generic.IAsyncEnumerable<double> source, System.Threading.CancellationToken cancellationToken = default)
        {
            var list = await ToListAsync<double>(source, cancellationToken);
            return list.Average();
        }

        public static async System.Threading.Tasks.ValueTask<TAccumulate> AggregateAsync<TSource, TAccumulate>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, TAccumulate seed, Func<TAccumulate, TSource, TAccumulate> func, System.Threading.CancellationToken cancellationToken = default)
        {
            var acc = seed;
            var e = source.GetAsyncEnumerator(cancellationToken);
            try
            {
                while (await e.MoveNextAsync()) acc = func(acc, e.Current);
            }
            finally
            {
                await e.DisposeAsync();
            }
            return acc;
        }

        // The operators below are async iterators, lowered as a program's
        // are. Each public method hands the source to a private iterator
        // whose [EnumeratorCancellation] parameter receives the token given
        // to GetAsyncEnumerator (WithCancellation), as .NET's do.
        public static System.Collections.Generic.IAsyncEnumerable<TResult> SelectMany<TSource, TResult>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, Func<TSource, System.Collections.Generic.IEnumerable<TResult>> selector)
        {
            if (source == null) throw new ArgumentNullException("source");
            if (selector == null) throw new ArgumentNullException("selector");
            return SelectManyIterator(source, selector, default);
        }

        public static System.Collections.Generic.IAsyncEnumerable<TResult> SelectMany<TSource, TResult>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, Func<TSource, System.Collections.Generic.IAsyncEnumerable<TResult>> selector)
        {
            if (source == null) throw new ArgumentNullException("source");
            if (selector == null) throw new ArgumentNullException("selector");
            return SelectManyIterator(source, selector, default);
        }

        static async System.Collections.Generic.IAsyncEnumerable<TResult> SelectManyIterator<TSource, TResult>(System.Collections.Generic.IAsyncEnumerable<TSource> source, Func<TSource, System.Collections.Generic.IEnumerable<TResult>> selector, [System.Runtime.CompilerServices.EnumeratorCancellation] System.Threading.CancellationToken cancellationToken)
        {
            await foreach (TSource x in source.WithCancellation(cancellationToken))
            {
                foreach (TResult y in selector(x)) yield return y;
            }
        }

        static async System.Collections.Generic.IAsyncEnumerable<TResult> SelectManyIterator<TSource, TResult>(System.Collections.Generic.IAsyncEnumerable<TSource> source, Func<TSource, System.Collections.Generic.IAsyncEnumerable<TResult>> selector, [System.Runtime.CompilerServices.EnumeratorCancellation] System.Threading.CancellationToken cancellationToken)
        {
            await foreach (TSource x in source.WithCancellation(cancellationToken))
            {
                await foreach (TResult y in selector(x).WithCancellation(cancellationToken)) yield return y;
            }
        }

        public static System.Collections.Generic.IAsyncEnumerable<TSource> Distinct<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, System.Collections.Generic.IEqualityComparer<TSource> comparer = null)
        {
            if (source == null) throw new ArgumentNullException("source");
            return DistinctIterator(source, comparer, default);
        }

        static async System.Collections.Generic.IAsyncEnumerable<TSource> DistinctIterator<TSource>(System.Collections.Generic.IAsyncEnumerable<TSource> source, System.Collections.Generic.IEqualityComparer<TSource> comparer, [System.Runtime.CompilerServices.EnumeratorCancellation] System.Threading.CancellationToken cancellationToken)
        {
            var seen = new System.Collections.Generic.HashSet<TSource>(comparer);
            await foreach (TSource x in source.WithCancellation(cancellationToken))
            {
                if (seen.Add(x)) yield return x;
            }
        }

        public static System.Collections.Generic.IAsyncEnumerable<TSource[]> Chunk<TSource>(this System.Collections.Generic.IAsyncEnumerable<TSource> source, int size)
        {
            if (source == null) throw new ArgumentNullException("source");
            if (size < 1) throw new ArgumentOutOfRangeException("size", "'size' must be greater than or equal to '1'. (Actual value: " + size + ")");
            return ChunkIterator(source, size, default);
        }

        static async System.Collections.Generic.IAsyncEnumerable<TSource[]> ChunkIterator<TSource>(System.Collections.Generic.IAsyncEnumerable<TSource> source, int size, [System.Runtime.CompilerServices.EnumeratorCancellation] System.Threading.CancellationToken cancellationToken)
        {
            var chunk = new System.Collections.Generic.List<TSource>(size);
            await foreach (TSource x in source.WithCancellation(cancellationToken))
            {
                chunk.Add(x);
                if (chunk.Count == size)
                {
                    yield return chunk.ToArray();
                    chunk.Clear();
                }
            }
            if (chunk.Count > 0) yield return chunk.ToArray();
        }
    }

    // AsyncLinqOp is a filtering or projecting operator over an async
    // sequence: step maps each element and its index to whether it is
    // produced and what; limit (when not negative) is how many elements it
    // produces, the source not being read past the last.
    internal sealed class AsyncLinqOp<TSource, TResult> : System.Collections.Generic.IAsyncEnumerable<TResult>
    {
        readonly System.Collections.Generic.IAsyncEnumerable<TSource> _source;
        readonly int _limit;
        readonly Func<TSource, int, (bool, TResult)> _step;

        internal AsyncLinqOp(System.Collections.Generic.IAsyncEnumerable<TSource> source, int limit, Func<TSource, int, (bool, TResult)> step)
        {
            if (source == null) throw new ArgumentNullException("source");
            _source = source;
            _limit = limit;
            _step = step;
        }

        public System.Collections.Generic.IAsyncEnumerator<TResult> GetAsyncEnumerator(System.Threading.CancellationToken cancellationToken = default) =>
            new AsyncLinqOpEnumerator<TSource, TResult>(_source.GetAsyncEnumerator(cancellationToken), _limit, _step);
    }

    internal sealed class AsyncLinqOpEnumerator<TSource, TResult> : System.Collections.Generic.IAsyncEnumerator<TResult>
    {
        readonly System.Collections.Generic.IAsyncEnumerator<TSource> _e;
        readonly int _limit;
        readonly Func<TSource, int, (bool, TResult)> _step;
        int _index;
        int _produced;

        internal AsyncLinqOpEnumerator(System.Collections.Generic.IAsyncEnumerator<TSource> e, int limit, Func<TSource, int, (bool, TResult)> step)
        {
            _e = e;
            _limit = limit;
            _step = step;
        }

        public TResult Current { get; private set; }

        public async System.Threading.Tasks.ValueTask<bool> MoveNextAsync()
        {
            while (_limit < 0 || _produced < _limit)
            {
                if (!await _e.MoveNextAsync()) return false;
                var (keep, value) = _step(_e.Current, _index++);
                if (keep)
                {
                    Current = value;
                    _produced++;
                    return true;
                }
            }
            return false;
        }

        public System.Threading.Tasks.ValueTask DisposeAsync() => _e.DisposeAsync();
    }

    internal sealed class AsyncFromEnumerable<T> : System.Collections.Generic.IAsyncEnumerable<T>
    {
        readonly System.Collections.Generic.IEnumerable<T> _source;

        internal AsyncFromEnumerable(System.Collections.Generic.IEnumerable<T> source)
        {
            if (source == null) throw new ArgumentNullException("source");
            _source = source;
        }

        public System.Collections.Generic.IAsyncEnumerator<T> GetAsyncEnumerator(System.Threading.CancellationToken cancellationToken = default) =>
            new AsyncFromEnumerator<T>(_source.GetEnumerator(), cancellationToken);
    }

    internal sealed class AsyncFromEnumerator<T> : System.Collections.Generic.IAsyncEnumerator<T>
    {
        readonly System.Collections.Generic.IEnumerator<T> _e;
        readonly System.Threading.CancellationToken _token;

        internal AsyncFromEnumerator(System.Collections.Generic.IEnumerator<T> e, System.Threading.CancellationToken token)
        {
            _e = e;
            _token = token;
        }

        public T Current => _e.Current;

        public System.Threading.Tasks.ValueTask<bool> MoveNextAsync()
        {
            _token.ThrowIfCancellationRequested();
            return new System.Threading.Tasks.ValueTask<bool>(_e.MoveNext());
        }

        public System.Threading.Tasks.ValueTask DisposeAsync()
        {
            _e.Dispose();
            return default;
        }
    }
}

namespace System.Collections.Generic
{
    // CollectionExtensions holds .NET's GetValueOrDefault for read-only
    // dictionaries other than Dictionary<TKey, TValue> (whose own method,
    // an instance one, is found first): ConcurrentDictionary, a program's
    // IReadOnlyDictionary.
    public static class CollectionExtensions
    {
        public static TValue GetValueOrDefault<TKey, TValue>(this IReadOnlyDictionary<TKey, TValue> dictionary, TKey key)
        {
            if (dictionary == null) throw new ArgumentNullException("dictionary");
            return dictionary.TryGetValue(key, out TValue value) ? value : default(TValue);
        }

        public static TValue GetValueOrDefault<TKey, TValue>(this IReadOnlyDictionary<TKey, TValue> dictionary, TKey key, TValue defaultValue)
        {
            if (dictionary == null) throw new ArgumentNullException("dictionary");
            return dictionary.TryGetValue(key, out TValue value) ? value : defaultValue;
        }

        // TryAdd and Remove(key, out value) for dictionaries without the
        // instance methods (SortedDictionary, SortedList, a program's
        // IDictionary).
        public static bool TryAdd<TKey, TValue>(this IDictionary<TKey, TValue> dictionary, TKey key, TValue value)
        {
            if (dictionary == null) throw new ArgumentNullException("dictionary");
            if (dictionary.ContainsKey(key)) return false;
            dictionary.Add(key, value);
            return true;
        }

        public static bool Remove<TKey, TValue>(this IDictionary<TKey, TValue> dictionary, TKey key, out TValue value)
        {
            if (dictionary == null) throw new ArgumentNullException("dictionary");
            if (dictionary.TryGetValue(key, out value))
            {
                dictionary.Remove(key);
                return true;
            }
            value = default(TValue);
            return false;
        }
    }
}

// PLINQ (System.Linq.ParallelEnumerable): a ParallelQuery runs its
// operators in order, on the calling thread, except ForAll, which runs the
// action for the elements on the thread pool as Parallel.ForEach does. The
// results are the ones .NET gives for an ordered query; an unordered
// query's order is unspecified in .NET, so this order is one of its
// allowed ones.
namespace System.Linq
{
    public enum ParallelExecutionMode { Default = 0, ForceParallelism = 1 }
    public enum ParallelMergeOptions { Default = 0, NotBuffered = 1, AutoBuffered = 2, FullyBuffered = 3 }

    public class ParallelQuery<TSource> : System.Collections.Generic.IEnumerable<TSource>
    {
        internal readonly System.Collections.Generic.IEnumerable<TSource> Source;
        internal readonly int Degree;
        internal ParallelQuery(System.Collections.Generic.IEnumerable<TSource> source, int degree)
        {
            Source = source;
            Degree = degree;
        }
        public System.Collections.Generic.IEnumerator<TSource> GetEnumerator() => Source.GetEnumerator();
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => Source.GetEnumerator();
    }

    public static class ParallelEnumerable
    {
        public static ParallelQuery<TSource> AsParallel<TSource>(this System.Collections.Generic.IEnumerable<TSource> source)
        {
            if (source == null) throw new ArgumentNullException(nameof(source));
            return new ParallelQuery<TSource>(source, -1);
        }
        public static ParallelQuery<int> Range(int start, int count) => new ParallelQuery<int>(Enumerable.Range(start, count), -1);
        public static ParallelQuery<TResult> Repeat<TResult>(TResult element, int count) => new ParallelQuery<TResult>(Enumerable.Repeat(element, count), -1);
        public static ParallelQuery<TSource> AsOrdered<TSource>(this ParallelQuery<TSource> source) => source;
        public static ParallelQuery<TSource> AsUnordered<TSource>(this ParallelQuery<TSource> source) => source;
        public static System.Collections.Generic.IEnumerable<TSource> AsSequential<TSource>(this ParallelQuery<TSource> source) => source.Source;
        public static ParallelQuery<TSource> WithDegreeOfParallelism<TSource>(this ParallelQuery<TSource> source, int degreeOfParallelism)
        {
            if (degreeOfParallelism < 1 || degreeOfParallelism > 512)
                throw new ArgumentOutOfRangeException(nameof(degreeOfParallelism));
            return new ParallelQuery<TSource>(source.Source, degreeOfParallelism);
        }
        public static ParallelQuery<TSource> WithExecutionMode<TSource>(this ParallelQuery<TSource> source, ParallelExecutionMode executionMode) => source;
        public static ParallelQuery<TSource> WithMergeOptions<TSource>(this ParallelQuery<TSource> source, ParallelMergeOptions mergeOptions) => source;
        public static ParallelQuery<TSource> WithCancellation<TSource>(this ParallelQuery<TSource> source, System.Threading.CancellationToken cancellationToken) =>
            new ParallelQuery<TSource>(Enumerable.Select(source.Source, x => { cancellationToken.ThrowIfCancellationRequested(); return x; }), source.Degree);
        public static ParallelQuery<TSource> Where<TSource>(this ParallelQuery<TSource> source, Func<TSource, bool> predicate) =>
            new ParallelQuery<TSource>(Enumerable.Where(source.Source, predicate), source.Degree);
        public static ParallelQuery<TSource> Where<TSource>(this ParallelQuery<TSource> source, Func<TSource, int, bool> predicate) =>
            new ParallelQuery<TSource>(Enumerable.Where(source.Source, predicate), source.Degree);
        public static ParallelQuery<TResult> Select<TSource, TResult>(this ParallelQuery<TSource> source, Func<TSource, TResult> selector) =>
            new ParallelQuery<TResult>(Enumerable.Select(source.Source, selector), source.Degree);
        public static ParallelQuery<TResult> Select<TSource, TResult>(this ParallelQuery<TSource> source, Func<TSource, int, TResult> selector) =>
            new ParallelQuery<TResult>(Enumerable.Select(source.Source, selector), source.Degree);
        public static ParallelQuery<TResult> SelectMany<TSource, TResult>(this ParallelQuery<TSource> source, Func<TSource, System.Collections.Generic.IEnumerable<TResult>> selector) =>
            new ParallelQuery<TResult>(Enumerable.SelectMany(source.Source, selector), source.Degree);
        public static ParallelQuery<TSource> Distinct<TSource>(this ParallelQuery<TSource> source) =>
            new ParallelQuery<TSource>(Enumerable.Distinct(source.Source), source.Degree);
        public static ParallelQuery<TSource> Take<TSource>(this ParallelQuery<TSource> source, int count) =>
            new ParallelQuery<TSource>(Enumerable.Take(source.Source, count), source.Degree);
        public static ParallelQuery<TSource> Skip<TSource>(this ParallelQuery<TSource> source, int count) =>
            new ParallelQuery<TSource>(Enumerable.Skip(source.Source, count), source.Degree);
        public static void ForAll<TSource>(this ParallelQuery<TSource> source, Action<TSource> action)
        {
            if (action == null) throw new ArgumentNullException(nameof(action));
            var options = new System.Threading.Tasks.ParallelOptions();
            if (source.Degree > 0) options.MaxDegreeOfParallelism = source.Degree;
            System.Threading.Tasks.Parallel.ForEach(source.Source, options, action);
        }
    }
}

// System.IO.StringReader: a TextReader over a string. Read and Peek give
// -1 at the end, ReadLine null; a line ends at "\n", "\r" or "\r\n". A
// disposed reader throws ObjectDisposedException, as .NET's does.
namespace System.IO
{
    public abstract class TextReader : IDisposable
    {
        public virtual int Peek() => -1;
        public virtual int Read() => -1;
        public virtual string ReadLine() => null;
        public virtual string ReadToEnd() => "";
        public virtual void Close() => Dispose(true);
        public void Dispose() => Dispose(true);
        protected virtual void Dispose(bool disposing) { }
        public virtual System.Threading.Tasks.Task<string> ReadLineAsync() => System.Threading.Tasks.Task.FromResult(ReadLine());
        public virtual System.Threading.Tasks.Task<string> ReadToEndAsync() => System.Threading.Tasks.Task.FromResult(ReadToEnd());
    }

    public class StringReader : TextReader
    {
        private string _s;
        private int _pos;

        public StringReader(string s)
        {
            if (s == null) throw new ArgumentNullException("s");
            _s = s;
        }

        private string Text
        {
            get
            {
                if (_s == null) throw new ObjectDisposedException(null, "Cannot read from a closed TextReader.");
                return _s;
            }
        }

        public override int Peek()
        {
            string s = Text;
            return _pos < s.Length ? s[_pos] : -1;
        }

        public override int Read()
        {
            string s = Text;
            return _pos < s.Length ? s[_pos++] : -1;
        }

        public int Read(char[] buffer, int index, int count)
        {
            if (buffer == null) throw new ArgumentNullException("buffer");
            if (index < 0) throw new ArgumentOutOfRangeException("index", "Non-negative number required.");
            if (count < 0) throw new ArgumentOutOfRangeException("count", "Non-negative number required.");
            if (buffer.Length - index < count) throw new ArgumentException("Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");
            string s = Text;
            int n = s.Length - _pos;
            if (n > count) n = count;
            for (int i = 0; i < n; i++) buffer[index + i] = s[_pos + i];
            _pos += n;
            return n;
        }

        public int ReadBlock(char[] buffer, int index, int count) => Read(buffer, index, count);

        public override string ReadLine()
        {
            string s = Text;
            if (_pos >= s.Length) return null;
            int start = _pos;
            while (_pos < s.Length)
            {
                char c = s[_pos];
                if (c == '\r' || c == '\n')
                {
                    string line = s.Substring(start, _pos - start);
                    _pos++;
                    if (c == '\r' && _pos < s.Length && s[_pos] == '\n') _pos++;
                    return line;
                }
                _pos++;
            }
            return s.Substring(start);
        }

        public override string ReadToEnd()
        {
            string s = Text;
            string rest = _pos == 0 ? s : s.Substring(_pos);
            _pos = s.Length;
            return rest;
        }

        protected override void Dispose(bool disposing)
        {
            _s = null;
            _pos = 0;
        }
    }
}

// System.Collections.DictionaryEntry and the dictionary behind
// Exception.Data: .NET's ListDictionaryInternal, a list of entries kept in
// insertion order, keys compared with Equals.
namespace System.Collections
{
    public struct DictionaryEntry
    {
        private object _key;
        private object _value;

        public DictionaryEntry(object key, object value) { _key = key; _value = value; }

        public object Key { get => _key; set => _key = value; }
        public object Value { get => _value; set => _value = value; }

        public void Deconstruct(out object key, out object value) { key = _key; value = _value; }

        public override string ToString() => "[" + _key + ", " + _value + "]";
    }

    internal sealed class ListDictionaryInternal : IDictionary
    {
        private readonly System.Collections.Generic.List<object> _keys = new System.Collections.Generic.List<object>();
        private readonly System.Collections.Generic.List<object> _values = new System.Collections.Generic.List<object>();

        private int Find(object key)
        {
            if (key == null) throw new ArgumentNullException("key");
            for (int i = 0; i < _keys.Count; i++)
                if (_keys[i].Equals(key)) return i;
            return -1;
        }

        public object this[object key]
        {
            get
            {
                int i = Find(key);
                return i < 0 ? null : _values[i];
            }
            set
            {
                int i = Find(key);
                if (i < 0) { _keys.Add(key); _values.Add(value); }
                else _values[i] = value;
            }
        }

        public int Count => _keys.Count;
        public bool IsReadOnly => false;
        public bool IsFixedSize => false;
        public ICollection Keys => _keys.ToArray();
        public ICollection Values => _values.ToArray();

        public void Add(object key, object value)
        {
            int i = Find(key);
            if (i >= 0)
                throw new ArgumentException("Item has already been added. Key in dictionary: '" + _keys[i] + "'  Key being added: '" + key + "'");
            _keys.Add(key);
            _values.Add(value);
        }

        public bool Contains(object key) => Find(key) >= 0;

        public void Remove(object key)
        {
            int i = Find(key);
            if (i >= 0) { _keys.RemoveAt(i); _values.RemoveAt(i); }
        }

        public void Clear() { _keys.Clear(); _values.Clear(); }

        public IEnumerator GetEnumerator()
        {
            for (int i = 0; i < _keys.Count; i++)
                yield return new DictionaryEntry(_keys[i], _values[i]);
        }
    }
}

// System.Collections.BitArray: a fixed-length (resizable through Length)
// array of bits, with .NET's bitwise operations, which change the array
// itself and return it, and its messages.
namespace System.Collections
{
    public sealed class BitArray : ICollection, ICloneable
    {
        private bool[] _bits;
        private int _version;

        public BitArray(int length) : this(length, false) { }

        public BitArray(int length, bool defaultValue)
        {
            if (length < 0) throw new ArgumentOutOfRangeException("length", length, "Non-negative number required.");
            _bits = new bool[length];
            if (defaultValue) for (int i = 0; i < length; i++) _bits[i] = true;
        }

        public BitArray(bool[] values)
        {
            if (values == null) throw new ArgumentNullException("values");
            _bits = (bool[])values.Clone();
        }

        public BitArray(byte[] bytes)
        {
            if (bytes == null) throw new ArgumentNullException("bytes");
            _bits = new bool[bytes.Length * 8];
            for (int i = 0; i < _bits.Length; i++) _bits[i] = (bytes[i / 8] >> (i % 8) & 1) != 0;
        }

        public BitArray(int[] values)
        {
            if (values == null) throw new ArgumentNullException("values");
            _bits = new bool[values.Length * 32];
            for (int i = 0; i < _bits.Length; i++) _bits[i] = (values[i / 32] >> (i % 32) & 1) != 0;
        }

        public BitArray(BitArray bits)
        {
            if (bits == null) throw new ArgumentNullException("bits");
            _bits = (bool[])bits._bits.Clone();
        }

        public int Length
        {
            get => _bits.Length;
            set
            {
                if (value < 0) throw new ArgumentOutOfRangeException("value", value, "Non-negative number required.");
                var n = new bool[value];
                for (int i = 0; i < value && i < _bits.Length; i++) n[i] = _bits[i];
                _bits = n;
                _version++;
            }
        }

        public int Count => _bits.Length;
        public bool IsReadOnly => false;
        public bool IsSynchronized => false;
        public object SyncRoot => this;

        public bool this[int index]
        {
            get => Get(index);
            set => Set(index, value);
        }

        public bool Get(int index)
        {
            if (index < 0 || index >= _bits.Length) throw new ArgumentOutOfRangeException("index", index, "Index was out of range. Must be non-negative and less than the size of the collection.");
            return _bits[index];
        }

        public void Set(int index, bool value)
        {
            if (index < 0 || index >= _bits.Length) throw new ArgumentOutOfRangeException("index", index, "Index was out of range. Must be non-negative and less than the size of the collection.");
            _bits[index] = value;
            _version++;
        }

        public void SetAll(bool value)
        {
            for (int i = 0; i < _bits.Length; i++) _bits[i] = value;
            _version++;
        }

        private bool[] Operand(BitArray value)
        {
            if (value == null) throw new ArgumentNullException("value");
            if (value._bits.Length != _bits.Length) throw new ArgumentException("Array lengths must be the same.");
            _version++;
            return value._bits;
        }

        public BitArray And(BitArray value)
        {
            var o = Operand(value);
            for (int i = 0; i < _bits.Length; i++) _bits[i] = _bits[i] & o[i];
            return this;
        }

        public BitArray Or(BitArray value)
        {
            var o = Operand(value);
            for (int i = 0; i < _bits.Length; i++) _bits[i] = _bits[i] | o[i];
            return this;
        }

        public BitArray Xor(BitArray value)
        {
            var o = Operand(value);
            for (int i = 0; i < _bits.Length; i++) _bits[i] = _bits[i] ^ o[i];
            return this;
        }

        public BitArray Not()
        {
            for (int i = 0; i < _bits.Length; i++) _bits[i] = !_bits[i];
            _version++;
            return this;
        }

        // LeftShift moves each bit to a higher index (bit 0 becomes false),
        // RightShift to a lower one, as .NET's do.
        public BitArray LeftShift(int count)
        {
            if (count < 0) throw new ArgumentOutOfRangeException("count", count, "Non-negative number required.");
            for (int i = _bits.Length - 1; i >= 0; i--) _bits[i] = i - count >= 0 && _bits[i - count];
            _version++;
            return this;
        }

        public BitArray RightShift(int count)
        {
            if (count < 0) throw new ArgumentOutOfRangeException("count", count, "Non-negative number required.");
            for (int i = 0; i < _bits.Length; i++) _bits[i] = i + count < _bits.Length && _bits[i + count];
            _version++;
            return this;
        }

        public bool HasAllSet()
        {
            foreach (bool b in _bits) if (!b) return false;
            return true;
        }

        public bool HasAnySet()
        {
            foreach (bool b in _bits) if (b) return true;
            return false;
        }

        // CopyTo copies into a bool[], or packs the bits into an int[] or a
        // byte[], lowest bit first.
        public void CopyTo(Array array, int index)
        {
            if (array == null) throw new ArgumentNullException("array");
            if (index < 0) throw new ArgumentOutOfRangeException("index", index, "Non-negative number required.");
            if (array is bool[] bs)
            {
                if (bs.Length - index < _bits.Length) throw new ArgumentException("Destination array was not long enough. Check the destination index, length, and the array's lower bounds.");
                for (int i = 0; i < _bits.Length; i++) bs[index + i] = _bits[i];
                return;
            }
            if (array is int[] ints)
            {
                int n = (_bits.Length + 31) / 32;
                if (ints.Length - index < n) throw new ArgumentException("Destination array was not long enough. Check the destination index, length, and the array's lower bounds.");
                for (int w = 0; w < n; w++)
                {
                    int v = 0;
                    for (int b = 0; b < 32 && w * 32 + b < _bits.Length; b++) if (_bits[w * 32 + b]) v |= 1 << b;
                    ints[index + w] = v;
                }
                return;
            }
            if (array is byte[] bytes)
            {
                int n = (_bits.Length + 7) / 8;
                if (bytes.Length - index < n) throw new ArgumentException("Destination array was not long enough. Check the destination index, length, and the array's lower bounds.");
                for (int w = 0; w < n; w++)
                {
                    int v = 0;
                    for (int b = 0; b < 8 && w * 8 + b < _bits.Length; b++) if (_bits[w * 8 + b]) v |= 1 << b;
                    bytes[index + w] = (byte)v;
                }
                return;
            }
            throw new ArgumentException("Only supported array types for CopyTo on BitArrays are Boolean[], Int32[] and Byte[].");
        }

        public object Clone()
        {
            var c = new BitArray(0, false);
            c._bits = (bool[])_bits.Clone();
            return c;
        }

        public IEnumerator GetEnumerator() => new BitArrayEnumerator(this);

        private sealed class BitArrayEnumerator : IEnumerator
        {
            private readonly BitArray _a;
            private readonly int _version;
            private int _i = -1;

            public BitArrayEnumerator(BitArray a) { _a = a; _version = a._version; }

            public bool MoveNext()
            {
                if (_version != _a._version) throw new InvalidOperationException("Collection was modified; enumeration operation may not execute.");
                if (_i + 1 < _a._bits.Length)
                {
                    _i++;
                    return true;
                }
                _i = _a._bits.Length;
                return false;
            }

            public object Current
            {
                get
                {
                    if (_i < 0) throw new InvalidOperationException("Enumeration has not started. Call MoveNext.");
                    if (_i >= _a._bits.Length) throw new InvalidOperationException("Enumeration already finished.");
                    return _a._bits[_i];
                }
            }

            public void Reset()
            {
                if (_version != _a._version) throw new InvalidOperationException("Collection was modified; enumeration operation may not execute.");
                _i = -1;
            }
        }
    }
}

// System.Globalization.ISOWeek: ISO 8601 week numbering, in which weeks
// start on Monday and week 1 is the one holding the year's first Thursday,
// ported from .NET's formulas.
namespace System.Globalization
{
    public static class ISOWeek
    {
        public static int GetWeekOfYear(DateTime date)
        {
            int week = GetWeekNumber(date);
            if (week < 1) return GetWeeksInYear(date.Year - 1);
            if (week > GetWeeksInYear(date.Year)) return 1;
            return week;
        }

        public static int GetYear(DateTime date)
        {
            int year = date.Year;
            int week = GetWeekNumber(date);
            if (week < 1) return year - 1;
            if (week > GetWeeksInYear(year)) return year + 1;
            return year;
        }

        public static DateTime GetYearStart(int year) => ToDateTime(year, 1, DayOfWeek.Monday);

        public static DateTime GetYearEnd(int year) => ToDateTime(year, GetWeeksInYear(year), DayOfWeek.Sunday);

        public static int GetWeeksInYear(int year)
        {
            if (year < 1 || year > 9999) throw new ArgumentOutOfRangeException("year", "Year must be between 1 and 9999.");
            if (P(year) == 4 || P(year - 1) == 3) return 53;
            return 52;
        }

        public static DateTime ToDateTime(int year, int week, DayOfWeek dayOfWeek)
        {
            if (year < 1 || year > 9999) throw new ArgumentOutOfRangeException("year", "Year must be between 1 and 9999.");
            if (week < 1 || week > 53) throw new ArgumentOutOfRangeException("week", "The week parameter must be in the range 1 through 53.");
            if ((int)dayOfWeek < 0 || (int)dayOfWeek > 6) throw new ArgumentOutOfRangeException("dayOfWeek", "The DayOfWeek enumeration must be in the range 0 through 6.");
            var jan4 = new DateTime(year, 1, 4);
            int correction = Weekday(jan4.DayOfWeek) + 3;
            int ordinal = week * 7 + Weekday(dayOfWeek) - correction;
            return new DateTime(year, 1, 1).AddDays(ordinal - 1);
        }

        private static int GetWeekNumber(DateTime date) => (date.DayOfYear - Weekday(date.DayOfWeek) + 10) / 7;

        private static int Weekday(DayOfWeek d) => d == DayOfWeek.Sunday ? 7 : (int)d;

        private static int P(int y) => (y + y / 4 - y / 100 + y / 400) % 7;
    }
}

namespace System
{
    // AssertExtensions is dotnet/runtime's test helper beside xunit's Assert
    // (its TestUtilities library): Throws that also checks an
    // ArgumentException's ParamName, or the message.
    public static class AssertExtensions
    {
        public static T Throws<T>(Action action) where T : Exception => Xunit.Assert.Throws<T>(action);

        public static T Throws<T>(Func<object> testCode) where T : Exception => Xunit.Assert.Throws<T>(testCode);

        public static void Throws<T>(Action action, string expectedMessage) where T : Exception =>
            Xunit.Assert.Equal(expectedMessage, Xunit.Assert.Throws<T>(action).Message);

        public static void ThrowsContains<T>(Action action, string expectedMessageContent) where T : Exception =>
            Xunit.Assert.Contains(expectedMessageContent, Xunit.Assert.Throws<T>(action).Message);

        public static T Throws<T>(string expectedParamName, Action action) where T : ArgumentException
        {
            T ex = Xunit.Assert.Throws<T>(action);
            Xunit.Assert.Equal(expectedParamName, ex.ParamName);
            return ex;
        }

        public static T Throws<T>(string expectedParamName, Func<object> testCode) where T : ArgumentException
        {
            T ex = Xunit.Assert.Throws<T>(testCode);
            Xunit.Assert.Equal(expectedParamName, ex.ParamName);
            return ex;
        }

        // The .NET Framework's parameter name is not checked: this is .NET.
        public static void Throws<T>(string netCoreParamName, string netFxParamName, Action action) where T : ArgumentException =>
            Throws<T>(netCoreParamName, action);

        public static void Throws<T>(string netCoreParamName, string netFxParamName, Func<object> testCode) where T : ArgumentException =>
            Throws<T>(netCoreParamName, testCode);

        public static TException Throws<TException, TResult>(Func<TResult> func) where TException : Exception =>
            Xunit.Assert.Throws<TException>(() => { func(); });

        public static async Task<T> ThrowsAsync<T>(string expectedParamName, Func<Task> testCode) where T : ArgumentException
        {
            T ex = await Xunit.Assert.ThrowsAsync<T>(testCode);
            Xunit.Assert.Equal(expectedParamName, ex.ParamName);
            return ex;
        }

        public static T ThrowsAny<T>(Action action) where T : Exception => Xunit.Assert.ThrowsAny<T>(action);

        public static void ThrowsAny<T1, T2>(Action action) where T1 : Exception where T2 : Exception
        {
            Exception ex = Xunit.Assert.ThrowsAny<Exception>(action);
            if (!(ex is T1) && !(ex is T2))
                throw new Xunit.Sdk.ThrowsException("Expected one of: (" + typeof(T1) + ", " + typeof(T2) + ") -> Actual: (" + ex.GetType() + ")");
        }

        public static void Equal<T>(T[] expected, T[] actual) => Xunit.Assert.Equal<T>((IEnumerable<T>)expected, (IEnumerable<T>)actual);
    }
}

namespace Xunit.Abstractions
{
    // ITestOutputHelper is the output a test class takes in its constructor
    // under xunit; a test program's entry point passes none.
    public interface ITestOutputHelper
    {
        void WriteLine(string message);
        void WriteLine(string format, params object[] args);
    }
}

// IObservable<T> and IObserver<T>: the observer pattern's two interfaces
// (the BCL has no implementation of them; programs write providers).
namespace System
{
    public interface IObservable<out T>
    {
        IDisposable Subscribe(IObserver<T> observer);
    }

    public interface IObserver<in T>
    {
        void OnCompleted();
        void OnError(Exception error);
        void OnNext(T value);
    }
}

namespace System.ComponentModel
{
    public delegate void PropertyChangedEventHandler(object sender, PropertyChangedEventArgs e);

    public class PropertyChangedEventArgs : EventArgs
    {
        private readonly string _propertyName;
        public PropertyChangedEventArgs(string propertyName) { _propertyName = propertyName; }
        public virtual string PropertyName => _propertyName;
    }

    public interface INotifyPropertyChanged
    {
        event PropertyChangedEventHandler PropertyChanged;
    }

    public delegate void PropertyChangingEventHandler(object sender, PropertyChangingEventArgs e);

    public class PropertyChangingEventArgs : EventArgs
    {
        private readonly string _propertyName;
        public PropertyChangingEventArgs(string propertyName) { _propertyName = propertyName; }
        public virtual string PropertyName => _propertyName;
    }

    public interface INotifyPropertyChanging
    {
        event PropertyChangingEventHandler PropertyChanging;
    }
}

namespace System.Collections.Specialized
{
    public enum NotifyCollectionChangedAction
    {
        Add = 0,
        Remove = 1,
        Replace = 2,
        Move = 3,
        Reset = 4,
    }

    public delegate void NotifyCollectionChangedEventHandler(object sender, NotifyCollectionChangedEventArgs e);

    public interface INotifyCollectionChanged
    {
        event NotifyCollectionChangedEventHandler CollectionChanged;
    }

    // NotifyCollectionChangedEventArgs holds one change: the items as
    // one-element lists (NewItems, OldItems; null where the action has
    // none) and their indices (-1 where none), as .NET's constructors set them.
    public class NotifyCollectionChangedEventArgs : EventArgs
    {
        private NotifyCollectionChangedAction _action;
        private System.Collections.IList _newItems;
        private System.Collections.IList _oldItems;
        private int _newStartingIndex = -1;
        private int _oldStartingIndex = -1;

        public NotifyCollectionChangedEventArgs(NotifyCollectionChangedAction action)
        {
            if (action != NotifyCollectionChangedAction.Reset)
                throw new ArgumentException("Constructor only supports the 'Reset' action.", "action");
            _action = action;
        }

        public NotifyCollectionChangedEventArgs(NotifyCollectionChangedAction action, object changedItem) : this(action, changedItem, -1) { }

        public NotifyCollectionChangedEventArgs(NotifyCollectionChangedAction action, object changedItem, int index)
        {
            _action = action;
            if (action == NotifyCollectionChangedAction.Add)
            {
                _newItems = One(changedItem);
                _newStartingIndex = index;
            }
            else if (action == NotifyCollectionChangedAction.Remove)
            {
                _oldItems = One(changedItem);
                _oldStartingIndex = index;
            }
            else if (action != NotifyCollectionChangedAction.Reset)
                throw new ArgumentException("Constructor supports only the 'Add', 'Remove', or 'Reset' action.", "action");
        }

        public NotifyCollectionChangedEventArgs(NotifyCollectionChangedAction action, System.Collections.IList changedItems) : this(action, changedItems, -1) { }

        public NotifyCollectionChangedEventArgs(NotifyCollectionChangedAction action, System.Collections.IList changedItems, int startingIndex)
        {
            _action = action;
            if (action == NotifyCollectionChangedAction.Add)
            {
                _newItems = changedItems;
                _newStartingIndex = startingIndex;
            }
            else if (action == NotifyCollectionChangedAction.Remove)
            {
                _oldItems = changedItems;
                _oldStartingIndex = startingIndex;
            }
            else if (action != NotifyCollectionChangedAction.Reset)
                throw new ArgumentException("Constructor supports only the 'Add', 'Remove', or 'Reset' action.", "action");
        }

        public NotifyCollectionChangedEventArgs(NotifyCollectionChangedAction action, object newItem, object oldItem) : this(action, newItem, oldItem, -1) { }

        public NotifyCollectionChangedEventArgs(NotifyCollectionChangedAction action, object newItem, object oldItem, int index)
        {
            if (action != NotifyCollectionChangedAction.Replace)
                throw new ArgumentException("Constructor supports only the 'Replace' action.", "action");
            _action = action;
            _newItems = One(newItem);
            _oldItems = One(oldItem);
            _newStartingIndex = index;
            _oldStartingIndex = index;
        }

        public NotifyCollectionChangedEventArgs(NotifyCollectionChangedAction action, object changedItem, int index, int oldIndex)
        {
            if (action != NotifyCollectionChangedAction.Move)
                throw new ArgumentException("Constructor supports only the 'Move' action.", "action");
            _action = action;
            _newItems = One(changedItem);
            _oldItems = _newItems;
            _newStartingIndex = index;
            _oldStartingIndex = oldIndex;
        }

        private static System.Collections.IList One(object item)
        {
            var list = new List<object>();
            list.Add(item);
            return list;
        }

        public NotifyCollectionChangedAction Action => _action;
        public System.Collections.IList NewItems => _newItems;
        public System.Collections.IList OldItems => _oldItems;
        public int NewStartingIndex => _newStartingIndex;
        public int OldStartingIndex => _oldStartingIndex;
    }
}

// System.Collections.ObjectModel: Collection<T> (a list whose changes go
// through four overridable methods), ReadOnlyCollection<T>,
// ObservableCollection<T>, KeyedCollection<TKey, TItem> and
// ReadOnlyDictionary<TKey, TValue>, with .NET's messages.
namespace System.Collections.ObjectModel
{
    public class Collection<T> : IList<T>, IReadOnlyList<T>
    {
        private readonly IList<T> _items;

        public Collection() { _items = new List<T>(); }

        public Collection(IList<T> list)
        {
            if (list == null) throw new ArgumentNullException("list");
            _items = list;
        }

        public int Count => _items.Count;
        protected IList<T> Items => _items;

        public T this[int index]
        {
            get
            {
                if ((uint)index >= (uint)_items.Count) throw Collection<T>.OutOfRange();
                return _items[index];
            }
            set
            {
                if ((uint)index >= (uint)_items.Count) throw Collection<T>.OutOfRange();
                SetItem(index, value);
            }
        }

        public bool IsReadOnly => false;

        public void Add(T item) => InsertItem(_items.Count, item);
        public void Clear() => ClearItems();
        public bool Contains(T item) => _items.Contains(item);
        public void CopyTo(T[] array, int index) => _items.CopyTo(array, index);
        public IEnumerator<T> GetEnumerator() => _items.GetEnumerator();
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
        public int IndexOf(T item) => _items.IndexOf(item);

        public void Insert(int index, T item)
        {
            if ((uint)index > (uint)_items.Count)
                throw new ArgumentOutOfRangeException("index", "Index must be within the bounds of the List.");
            InsertItem(index, item);
        }

        public bool Remove(T item)
        {
            int index = _items.IndexOf(item);
            if (index < 0) return false;
            RemoveItem(index);
            return true;
        }

        public void RemoveAt(int index)
        {
            if ((uint)index >= (uint)_items.Count) throw Collection<T>.OutOfRange();
            RemoveItem(index);
        }

        protected virtual void ClearItems() => _items.Clear();
        protected virtual void InsertItem(int index, T item) => _items.Insert(index, item);
        protected virtual void RemoveItem(int index) => _items.RemoveAt(index);
        protected virtual void SetItem(int index, T item) => _items[index] = item;

        internal static ArgumentOutOfRangeException OutOfRange() =>
            new ArgumentOutOfRangeException("index", "Index was out of range. Must be non-negative and less than the size of the collection.");
    }

    public class ReadOnlyCollection<T> : IList<T>, IReadOnlyList<T>
    {
        private readonly IList<T> _list;

        public ReadOnlyCollection(IList<T> list)
        {
            if (list == null) throw new ArgumentNullException("list");
            _list = list;
        }

        public static ReadOnlyCollection<T> Empty => new ReadOnlyCollection<T>(new List<T>());

        public int Count => _list.Count;
        protected IList<T> Items => _list;

        public T this[int index]
        {
            get
            {
                if ((uint)index >= (uint)_list.Count) throw Collection<T>.OutOfRange();
                return _list[index];
            }
        }

        public bool IsReadOnly => true;
        public bool Contains(T value) => _list.Contains(value);
        public void CopyTo(T[] array, int index) => _list.CopyTo(array, index);
        public IEnumerator<T> GetEnumerator() => _list.GetEnumerator();
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
        public int IndexOf(T value) => _list.IndexOf(value);

        void ICollection<T>.Add(T value) => throw ReadOnly();
        void ICollection<T>.Clear() => throw ReadOnly();
        bool ICollection<T>.Remove(T value) => throw ReadOnly();
        void IList<T>.Insert(int index, T value) => throw ReadOnly();
        void IList<T>.RemoveAt(int index) => throw ReadOnly();

        private static NotSupportedException ReadOnly() => new NotSupportedException("Collection is read-only.");
    }

    public class ObservableCollection<T> : Collection<T>, System.Collections.Specialized.INotifyCollectionChanged, System.ComponentModel.INotifyPropertyChanged
    {
        private System.Collections.Specialized.NotifyCollectionChangedEventHandler _collectionChanged;
        private System.ComponentModel.PropertyChangedEventHandler _propertyChanged;
        private int _blockReentrancyCount;

        public ObservableCollection() { }

        public ObservableCollection(IEnumerable<T> collection) : base(new List<T>(collection ?? throw new ArgumentNullException("collection"))) { }

        public ObservableCollection(List<T> list) : base(new List<T>(list ?? throw new ArgumentNullException("list"))) { }

        public virtual event System.Collections.Specialized.NotifyCollectionChangedEventHandler CollectionChanged
        {
            add { _collectionChanged += value; }
            remove { _collectionChanged -= value; }
        }

        // PropertyChanged is INotifyPropertyChanged's (.NET's own is protected
        // with an explicit interface event; a program subscribes through the
        // interface either way).
        public virtual event System.ComponentModel.PropertyChangedEventHandler PropertyChanged
        {
            add { _propertyChanged += value; }
            remove { _propertyChanged -= value; }
        }

        public void Move(int oldIndex, int newIndex) => MoveItem(oldIndex, newIndex);

        protected override void ClearItems()
        {
            CheckReentrancy();
            base.ClearItems();
            OnPropertyChanged("Count");
            OnPropertyChanged("Item[]");
            OnCollectionChanged(new System.Collections.Specialized.NotifyCollectionChangedEventArgs(System.Collections.Specialized.NotifyCollectionChangedAction.Reset));
        }

        protected override void RemoveItem(int index)
        {
            CheckReentrancy();
            T removedItem = this[index];
            base.RemoveItem(index);
            OnPropertyChanged("Count");
            OnPropertyChanged("Item[]");
            OnCollectionChanged(new System.Collections.Specialized.NotifyCollectionChangedEventArgs(System.Collections.Specialized.NotifyCollectionChangedAction.Remove, (object)removedItem, index));
        }

        protected override void InsertItem(int index, T item)
        {
            CheckReentrancy();
            base.InsertItem(index, item);
            OnPropertyChanged("Count");
            OnPropertyChanged("Item[]");
            OnCollectionChanged(new System.Collections.Specialized.NotifyCollectionChangedEventArgs(System.Collections.Specialized.NotifyCollectionChangedAction.Add, (object)item, index));
        }

        protected override void SetItem(int index, T item)
        {
            CheckReentrancy();
            T originalItem = this[index];
            base.SetItem(index, item);
            OnPropertyChanged("Item[]");
            OnCollectionChanged(new System.Collections.Specialized.NotifyCollectionChangedEventArgs(System.Collections.Specialized.NotifyCollectionChangedAction.Replace, (object)item, (object)originalItem, index));
        }

        protected virtual void MoveItem(int oldIndex, int newIndex)
        {
            CheckReentrancy();
            T removedItem = this[oldIndex];
            base.RemoveItem(oldIndex);
            base.InsertItem(newIndex, removedItem);
            OnPropertyChanged("Item[]");
            OnCollectionChanged(new System.Collections.Specialized.NotifyCollectionChangedEventArgs(System.Collections.Specialized.NotifyCollectionChangedAction.Move, (object)removedItem, newIndex, oldIndex));
        }

        protected virtual void OnPropertyChanged(System.ComponentModel.PropertyChangedEventArgs e)
        {
            var handler = _propertyChanged;
            if (handler != null) handler(this, e);
        }

        private void OnPropertyChanged(string name) => OnPropertyChanged(new System.ComponentModel.PropertyChangedEventArgs(name));

        protected virtual void OnCollectionChanged(System.Collections.Specialized.NotifyCollectionChangedEventArgs e)
        {
            var handler = _collectionChanged;
            if (handler != null)
            {
                _blockReentrancyCount++;
                try { handler(this, e); }
                finally { _blockReentrancyCount--; }
            }
        }

        protected IDisposable BlockReentrancy()
        {
            _blockReentrancyCount++;
            return new ReentrancyBlock(this);
        }

        protected void CheckReentrancy()
        {
            if (_blockReentrancyCount > 0 && _collectionChanged != null && _collectionChanged.GetInvocationList().Length > 1)
                throw new InvalidOperationException("Cannot change ObservableCollection during a CollectionChanged event.");
        }

        private sealed class ReentrancyBlock : IDisposable
        {
            private ObservableCollection<T> _owner;
            public ReentrancyBlock(ObservableCollection<T> owner) { _owner = owner; }
            public void Dispose()
            {
                if (_owner != null) { _owner._blockReentrancyCount--; _owner = null; }
            }
        }
    }

    public abstract class KeyedCollection<TKey, TItem> : Collection<TItem>
    {
        private readonly IEqualityComparer<TKey> _comparer;
        private Dictionary<TKey, TItem> _dict;

        protected KeyedCollection() : this(null) { }

        protected KeyedCollection(IEqualityComparer<TKey> comparer)
        {
            _comparer = comparer;
            _dict = comparer == null ? new Dictionary<TKey, TItem>() : new Dictionary<TKey, TItem>(comparer);
        }

        protected KeyedCollection(IEqualityComparer<TKey> comparer, int dictionaryCreationThreshold) : this(comparer) { }

        public IEqualityComparer<TKey> Comparer => _comparer;
        protected IDictionary<TKey, TItem> Dictionary => _dict;

        public TItem this[TKey key]
        {
            get
            {
                if (key == null) throw new ArgumentNullException("key");
                if (_dict.TryGetValue(key, out TItem item)) return item;
                throw new KeyNotFoundException("The given key '" + key + "' was not present in the dictionary.");
            }
        }

        public bool Contains(TKey key)
        {
            if (key == null) throw new ArgumentNullException("key");
            return _dict.ContainsKey(key);
        }

        public bool TryGetValue(TKey key, out TItem item)
        {
            if (key == null) throw new ArgumentNullException("key");
            return _dict.TryGetValue(key, out item);
        }

        public bool Remove(TKey key)
        {
            if (key == null) throw new ArgumentNullException("key");
            if (!_dict.TryGetValue(key, out TItem item)) return false;
            return base.Remove(item);
        }

        protected abstract TKey GetKeyForItem(TItem item);

        protected void ChangeItemKey(TItem item, TKey newKey)
        {
            if (!Items.Contains(item)) throw new ArgumentException("The item does not exist in the collection.", "item");
            TKey oldKey = GetKeyForItem(item);
            if (SameKey(oldKey, newKey)) return;
            AddKey(newKey, item);
            _dict.Remove(oldKey);
        }

        protected override void ClearItems()
        {
            base.ClearItems();
            _dict.Clear();
        }

        protected override void InsertItem(int index, TItem item)
        {
            TKey key = GetKeyForItem(item);
            if (key != null) AddKey(key, item);
            base.InsertItem(index, item);
        }

        protected override void RemoveItem(int index)
        {
            TKey key = GetKeyForItem(Items[index]);
            if (key != null) _dict.Remove(key);
            base.RemoveItem(index);
        }

        protected override void SetItem(int index, TItem item)
        {
            TKey newKey = GetKeyForItem(item);
            TKey oldKey = GetKeyForItem(Items[index]);
            if (SameKey(oldKey, newKey))
            {
                if (newKey != null) _dict[newKey] = item;
            }
            else
            {
                if (newKey != null) AddKey(newKey, item);
                if (oldKey != null) _dict.Remove(oldKey);
            }
            base.SetItem(index, item);
        }

        private bool SameKey(TKey a, TKey b) => _comparer != null ? _comparer.Equals(a, b) : object.Equals(a, b);

        private void AddKey(TKey key, TItem item)
        {
            if (_dict.ContainsKey(key))
                throw new ArgumentException("An item with the same key has already been added. Key: " + key);
            _dict.Add(key, item);
        }
    }

    public class ReadOnlyDictionary<TKey, TValue> : IReadOnlyDictionary<TKey, TValue>
    {
        private readonly IDictionary<TKey, TValue> _dictionary;

        public ReadOnlyDictionary(IDictionary<TKey, TValue> dictionary)
        {
            if (dictionary == null) throw new ArgumentNullException("dictionary");
            _dictionary = dictionary;
        }

        public static ReadOnlyDictionary<TKey, TValue> Empty => new ReadOnlyDictionary<TKey, TValue>(new Dictionary<TKey, TValue>());

        protected IDictionary<TKey, TValue> Dictionary => _dictionary;
        public int Count => _dictionary.Count;
        public TValue this[TKey key] => _dictionary[key];
        public IEnumerable<TKey> Keys => _dictionary.Keys;
        public IEnumerable<TValue> Values => _dictionary.Values;
        public bool ContainsKey(TKey key) => _dictionary.ContainsKey(key);
        public bool TryGetValue(TKey key, out TValue value) => _dictionary.TryGetValue(key, out value);
        public IEnumerator<KeyValuePair<TKey, TValue>> GetEnumerator() => _dictionary.GetEnumerator();
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
    }
}

namespace System.Collections.Generic
{
    // ObjectModelExtensions gives List<T>, IList<T> and IDictionary the
    // AsReadOnly of .NET (List<T>'s is an instance method there;
    // CollectionExtensions has the others).
    public static class ObjectModelExtensions
    {
        public static System.Collections.ObjectModel.ReadOnlyCollection<T> AsReadOnly<T>(this List<T> list) =>
            new System.Collections.ObjectModel.ReadOnlyCollection<T>(list);

        public static System.Collections.ObjectModel.ReadOnlyCollection<T> AsReadOnly<T>(this IList<T> list) =>
            new System.Collections.ObjectModel.ReadOnlyCollection<T>(list);

        public static System.Collections.ObjectModel.ReadOnlyDictionary<TKey, TValue> AsReadOnly<TKey, TValue>(this IDictionary<TKey, TValue> dictionary) =>
            new System.Collections.ObjectModel.ReadOnlyDictionary<TKey, TValue>(dictionary);
    }
}

// System.Text.Json: the reader (JsonParser), the writer (JsonOut), the
// document model (JsonDocument, JsonElement), the mutable model
// (System.Text.Json.Nodes) and the serializer. The serializer reads a
// program type's members through the method the binder generates into it
// (compiler/bind/jsonmeta.go), reached by Internal.VM.JsonMeta.
namespace System.Text.Json
{
    public enum JsonValueKind { Undefined, Object, Array, String, Number, True, False, Null }
    public enum JsonCommentHandling { Disallow, Skip, Allow }
    public enum JsonSerializerDefaults { General, Web }
    public enum JsonTokenType { None, StartObject, EndObject, StartArray, EndArray, PropertyName, Comment, String, Number, True, False, Null }

    public class JsonException : Exception
    {
        public JsonException() : base() { }
        public JsonException(string message) : base(message) { }
        public JsonException(string message, Exception innerException) : base(message, innerException) { }
        public JsonException(string message, string path, long? lineNumber, long? bytePositionInLine) : base(message)
        {
            Path = path;
            LineNumber = lineNumber;
            BytePositionInLine = bytePositionInLine;
        }
        public JsonException(string message, string path, long? lineNumber, long? bytePositionInLine, Exception innerException) : base(message, innerException)
        {
            Path = path;
            LineNumber = lineNumber;
            BytePositionInLine = bytePositionInLine;
        }
        public string Path { get; internal set; }
        public long? LineNumber { get; internal set; }
        public long? BytePositionInLine { get; internal set; }
    }

    // The reader's syntax error, as .NET throws it from JsonDocument.Parse.
    internal sealed class JsonReaderException : JsonException
    {
        public JsonReaderException(string message, long line, long pos) : base(message, null, line, pos) { }
    }

    public struct JsonDocumentOptions
    {
        public bool AllowTrailingCommas { get; set; }
        public JsonCommentHandling CommentHandling { get; set; }
        public int MaxDepth { get; set; }
    }

    public struct JsonReaderOptions
    {
        public bool AllowTrailingCommas { get; set; }
        public JsonCommentHandling CommentHandling { get; set; }
        public int MaxDepth { get; set; }
    }

    public struct JsonWriterOptions
    {
        public bool Indented { get; set; }
        public System.Text.Encodings.Web.JavaScriptEncoder Encoder { get; set; }
        public bool SkipValidation { get; set; }
        public int MaxDepth { get; set; }
    }

    // One parsed value: Text is a string's value or a number's or
    // literal's token; Src[Start, End) is its JSON text.
    internal sealed class JsonData
    {
        public JsonValueKind Kind;
        public string Text;
        public string Src;
        public int Start, End;
        public System.Collections.Generic.List<JsonData> Items;
        public System.Collections.Generic.List<string> Names;

        public string Raw => Src.Substring(Start, End - Start);

        public JsonData Find(string name, bool ignoreCase)
        {
            if (Names == null) return null;
            for (int i = Names.Count - 1; i >= 0; i--)
                if (Names[i] == name) return Items[i];
            if (ignoreCase)
                for (int i = Names.Count - 1; i >= 0; i--)
                    if (string.Equals(Names[i], name, StringComparison.OrdinalIgnoreCase)) return Items[i];
            return null;
        }

        // Pos is where the reader stands once it has read this value's
        // first token, where .NET reports a conversion error.
        public int Pos => Kind == JsonValueKind.Object || Kind == JsonValueKind.Array ? Start + 1 : End;
    }

    internal sealed class JsonParser
    {
        string s;
        int i;
        bool trailing;
        bool skipComments;
        int maxDepth;
        int depth;

        public static JsonData Parse(string json, bool allowTrailingCommas, JsonCommentHandling comments, int maxDepth)
        {
            if (json == null) throw new ArgumentNullException("json");
            var p = new JsonParser();
            p.s = json;
            p.trailing = allowTrailingCommas;
            p.skipComments = comments != JsonCommentHandling.Disallow;
            p.maxDepth = maxDepth > 0 ? maxDepth : 64;
            p.Space();
            if (p.i >= p.s.Length)
                throw p.Error("The input does not contain any JSON tokens. Expected the input to start with a valid JSON token, when isFinalBlock is true.", p.i);
            JsonData d = p.Value();
            p.Space();
            if (p.i < p.s.Length)
                throw p.Error("'" + Printable(p.s[p.i]) + "' is invalid after a single JSON value. Expected end of data.", p.i);
            return d;
        }

        static string Printable(char c) => c < ' ' || c == (char)127 ? "0x" + ((int)c).ToString("X2") : c.ToString();

        // Error makes the reader's exception at character index at, its
        // position counted in UTF-8 bytes from the start of its line.
        JsonException Error(string msg, int at)
        {
            long line = 0, pos = 0;
            for (int k = 0; k < at && k < s.Length; k++)
            {
                char c = s[k];
                if (c == '\n') { line++; pos = 0; }
                else if (c < 0x80) pos++;
                else if (c < 0x800) pos += 2;
                else if (JsonOut.IsHigh(c)) { pos += 4; k++; }
                else pos += 3;
            }
            return new JsonReaderException(msg + " LineNumber: " + line + " | BytePositionInLine: " + pos + ".", line, pos);
        }

        void Space()
        {
            while (i < s.Length)
            {
                char c = s[i];
                if (c == ' ' || c == '\t' || c == '\n' || c == '\r') { i++; continue; }
                if (c == '/' && skipComments && i + 1 < s.Length && (s[i + 1] == '/' || s[i + 1] == '*'))
                {
                    if (s[i + 1] == '/')
                    {
                        while (i < s.Length && s[i] != '\n') i++;
                    }
                    else
                    {
                        int e = s.IndexOf("*/", i + 2);
                        if (e < 0) throw Error("Expected end of comment, but instead reached end of data.", s.Length);
                        i = e + 2;
                    }
                    continue;
                }
                break;
            }
        }

        JsonData Value()
        {
            if (i >= s.Length) throw Error("Expected depth to be zero at the end of the JSON payload. There is an open JSON object or array that should be closed.", i);
            char c = s[i];
            var d = new JsonData { Src = s, Start = i };
            switch (c)
            {
                case '{':
                    Obj(d);
                    break;
                case '[':
                    Arr(d);
                    break;
                case '"':
                    d.Kind = JsonValueKind.String;
                    d.Text = Str();
                    break;
                case 't':
                    Literal("true");
                    d.Kind = JsonValueKind.True;
                    break;
                case 'f':
                    Literal("false");
                    d.Kind = JsonValueKind.False;
                    break;
                case 'n':
                    Literal("null");
                    d.Kind = JsonValueKind.Null;
                    break;
                default:
                    if (c == '-' || c >= '0' && c <= '9')
                    {
                        Number();
                        d.Kind = JsonValueKind.Number;
                        break;
                    }
                    throw Error("'" + Printable(c) + "' is an invalid start of a value.", i);
            }
            d.End = i;
            if (d.Kind == JsonValueKind.Number) d.Text = s.Substring(d.Start, d.End - d.Start);
            return d;
        }

        void Literal(string lit)
        {
            int k = 0;
            while (k < lit.Length)
            {
                if (i + k >= s.Length) throw Error("Expected depth to be zero at the end of the JSON payload. There is an open JSON object or array that should be closed.", s.Length);
                if (s[i + k] != lit[k])
                    throw Error("'" + s.Substring(i, k + 1) + "' is an invalid JSON literal. Expected the literal '" + lit + "'.", i + k);
                k++;
            }
            i += k;
            if (i < s.Length && char.IsLetterOrDigit(s[i]))
                throw Error("'" + s.Substring(i - k, k + 1) + "' is an invalid JSON literal. Expected the literal '" + lit + "'.", i);
        }

        void Number()
        {
            if (s[i] == '-')
            {
                i++;
                if (i >= s.Length) throw Error("Expected a digit ('0'-'9'), but instead reached end of data.", i);
                if (!char.IsDigit(s[i])) throw Error("'" + Printable(s[i]) + "' is invalid within a number, immediately after a sign character ('+' or '-'). Expected a digit ('0'-'9').", i);
            }
            if (s[i] == '0')
            {
                i++;
                if (i < s.Length && s[i] >= '0' && s[i] <= '9')
                    throw Error("'" + s[i] + "' is an invalid end of a number. Expected a delimiter.", i);
            }
            else while (i < s.Length && s[i] >= '0' && s[i] <= '9') i++;
            bool fraction = false;
            if (i < s.Length && s[i] == '.')
            {
                fraction = true;
                i++;
                if (i >= s.Length) throw Error("Expected a digit ('0'-'9'), but instead reached end of data.", i);
                if (!(s[i] >= '0' && s[i] <= '9')) throw Error("'" + Printable(s[i]) + "' is invalid within a number, immediately after a decimal point ('.'). Expected a digit ('0'-'9').", i);
                while (i < s.Length && s[i] >= '0' && s[i] <= '9') i++;
            }
            if (i < s.Length && (s[i] == 'e' || s[i] == 'E'))
            {
                i++;
                if (i < s.Length && (s[i] == '+' || s[i] == '-'))
                {
                    i++;
                    if (i >= s.Length) throw Error("Expected a digit ('0'-'9'), but instead reached end of data.", i);
                    if (!(s[i] >= '0' && s[i] <= '9')) throw Error("'" + Printable(s[i]) + "' is invalid within a number, immediately after a sign character ('+' or '-'). Expected a digit ('0'-'9').", i);
                }
                if (i >= s.Length) throw Error("Expected a digit ('0'-'9'), but instead reached end of data.", i);
                if (!(s[i] >= '0' && s[i] <= '9')) throw Error("'" + Printable(s[i]) + "' is invalid within a number, immediately after a sign character ('+' or '-'). Expected a digit ('0'-'9').", i);
                while (i < s.Length && s[i] >= '0' && s[i] <= '9') i++;
                fraction = false;
            }
            if (i < s.Length)
            {
                char c = s[i];
                if (!(c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '/'))
                    throw Error("'" + Printable(c) + (fraction ? "' is an invalid end of a number. Expected 'E' or 'e'." : "' is an invalid end of a number. Expected a delimiter."), i);
            }
        }

        string Str()
        {
            int start = ++i;
            System.Text.StringBuilder b = null;
            while (true)
            {
                if (i >= s.Length) throw Error("Expected end of string, but instead reached end of data.", i);
                char c = s[i];
                if (c == '"') break;
                if (c < ' ') throw Error("'" + Printable(c) + "' is invalid within a JSON string. The string should be correctly escaped.", i);
                if (c != '\\') { i++; continue; }
                if (b == null) b = new System.Text.StringBuilder();
                b.Append(s, start, i - start);
                i++;
                if (i >= s.Length) throw Error("Expected end of string, but instead reached end of data.", i);
                char e = s[i];
                switch (e)
                {
                    case '"': b.Append('"'); break;
                    case '\\': b.Append('\\'); break;
                    case '/': b.Append('/'); break;
                    case 'b': b.Append('\b'); break;
                    case 'f': b.Append('\f'); break;
                    case 'n': b.Append('\n'); break;
                    case 'r': b.Append('\r'); break;
                    case 't': b.Append('\t'); break;
                    case 'u':
                        int v = 0;
                        for (int k = 1; k <= 4; k++)
                        {
                            if (i + k >= s.Length) throw Error("Expected end of string, but instead reached end of data.", s.Length);
                            char h = s[i + k];
                            int x = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
                            if (x < 0) throw Error("'" + Printable(h) + "' is not a hex digit following '\\u' within a JSON string. The string should be correctly escaped.", i + k);
                            v = v * 16 + x;
                        }
                        i += 4;
                        // a surrogate pair written as two escapes is one
                        // code point
                        if (v >= 0xD800 && v <= 0xDBFF && i + 6 < s.Length && s[i + 1] == '\\' && s[i + 2] == 'u'
                            && int.TryParse(s.Substring(i + 3, 4), System.Globalization.NumberStyles.HexNumber, System.Globalization.CultureInfo.InvariantCulture, out int lo)
                            && lo >= 0xDC00 && lo <= 0xDFFF)
                        {
                            b.Append(new string(new char[] { (char)v, (char)lo }));
                            i += 6;
                        }
                        else b.Append((char)v);
                        break;
                    default:
                        throw Error("'" + Printable(e) + "' is an invalid escapable character within a JSON string. The string should be correctly escaped.", i);
                }
                i++;
                start = i;
            }
            string r;
            if (b == null) r = s.Substring(start, i - start);
            else r = b.Append(s, start, i - start).ToString();
            i++;
            return r;
        }

        void Enter()
        {
            if (++depth > maxDepth) throw Error("The maximum configured depth of " + maxDepth + " has been exceeded. Cannot read next JSON object.", i);
        }

        void Obj(JsonData d)
        {
            Enter();
            d.Kind = JsonValueKind.Object;
            d.Items = new System.Collections.Generic.List<JsonData>();
            d.Names = new System.Collections.Generic.List<string>();
            i++;
            Space();
            if (i < s.Length && s[i] == '}') { i++; depth--; return; }
            while (true)
            {
                if (i >= s.Length) throw Error("Expected depth to be zero at the end of the JSON payload. There is an open JSON object or array that should be closed.", i);
                if (s[i] != '"')
                {
                    if (s[i] == '}' && d.Names.Count > 0)
                    {
                        if (trailing) { i++; depth--; return; }
                        throw Error("The JSON object contains a trailing comma at the end which is not supported in this mode. Change the reader options.", i);
                    }
                    throw Error("'" + Printable(s[i]) + "' is an invalid start of a property name. Expected a '\"'.", i);
                }
                string name = Str();
                Space();
                if (i >= s.Length) throw Error("Expected depth to be zero at the end of the JSON payload. There is an open JSON object or array that should be closed.", i);
                if (s[i] != ':') throw Error("'" + Printable(s[i]) + "' is invalid after a property name. Expected a ':'.", i);
                i++;
                Space();
                if (i >= s.Length) throw Error("Expected a value, but instead reached end of data.", i);
                d.Names.Add(name);
                d.Items.Add(Value());
                Space();
                if (i >= s.Length) throw Error("Expected depth to be zero at the end of the JSON payload. There is an open JSON object or array that should be closed.", i);
                char c = s[i];
                if (c == ',') { i++; Space(); continue; }
                if (c == '}') { i++; depth--; return; }
                throw Error("'" + Printable(c) + "' is invalid after a value. Expected either ',', '}', or ']'.", i);
            }
        }

        void Arr(JsonData d)
        {
            Enter();
            d.Kind = JsonValueKind.Array;
            d.Items = new System.Collections.Generic.List<JsonData>();
            i++;
            Space();
            if (i < s.Length && s[i] == ']') { i++; depth--; return; }
            while (true)
            {
                if (i < s.Length && s[i] == ']' && d.Items.Count > 0)
                {
                    if (trailing) { i++; depth--; return; }
                    throw Error("The JSON array contains a trailing comma at the end which is not supported in this mode. Change the reader options.", i);
                }
                d.Items.Add(Value());
                Space();
                if (i >= s.Length) throw Error("Expected depth to be zero at the end of the JSON payload. There is an open JSON object or array that should be closed.", i);
                char c = s[i];
                if (c == ',') { i++; Space(); continue; }
                if (c == ']') { i++; depth--; return; }
                throw Error("'" + Printable(c) + "' is invalid after a value. Expected either ',', '}', or ']'.", i);
            }
        }
    }

    // JsonOut writes JSON text: .NET's escaping (the default encoder
    // escapes HTML-sensitive and non-ASCII characters as \uXXXX, the
    // relaxed one only what JSON requires) and its indentation.
    internal sealed class JsonOut
    {
        public System.Text.StringBuilder B = new System.Text.StringBuilder();
        public bool Indented;
        public bool Relaxed;
        public bool AllNonAscii; // an encoder made for UnicodeRanges.All
        public string Indent = "  ";
        int depth;
        bool first = true;
        bool afterName;

        public override string ToString() => B.ToString();

        internal static bool IsHigh(char c) => c >= 0xD800 && c <= 0xDBFF;
        internal static bool IsLow(char c) => c >= 0xDC00 && c <= 0xDFFF;

        void Sep()
        {
            if (afterName) { afterName = false; return; }
            if (!first) B.Append(',');
            if (Indented && depth > 0) NewLine();
            first = false;
        }

        void NewLine()
        {
            B.Append('\n');
            for (int k = 0; k < depth; k++) B.Append(Indent);
        }

        public void Start(char c)
        {
            Sep();
            B.Append(c);
            depth++;
            first = true;
        }

        public void End(char c)
        {
            depth--;
            if (Indented && !first) NewLine();
            B.Append(c);
            first = false;
        }

        public void Name(string name)
        {
            Sep();
            Quote(name);
            B.Append(Indented ? ": " : ":");
            afterName = true;
        }

        public void Raw(string text)
        {
            Sep();
            B.Append(text);
        }

        public void String(string v)
        {
            Sep();
            Quote(v);
        }

        // RawValue writes JSON text of a value (a JsonElement's), indented
        // to this writer's format.
        public void RawValue(JsonData d)
        {
            switch (d.Kind)
            {
                case JsonValueKind.Object:
                    Start('{');
                    for (int k = 0; k < d.Items.Count; k++)
                    {
                        Name(d.Names[k]);
                        RawValue(d.Items[k]);
                    }
                    End('}');
                    break;
                case JsonValueKind.Array:
                    Start('[');
                    foreach (var x in d.Items) RawValue(x);
                    End(']');
                    break;
                case JsonValueKind.String:
                    String(d.Text);
                    break;
                default:
                    Raw(d.Kind == JsonValueKind.Number ? d.Text : d.Kind == JsonValueKind.True ? "true" : d.Kind == JsonValueKind.False ? "false" : "null");
                    break;
            }
        }

        void Quote(string v)
        {
            B.Append('"');
            for (int k = 0; k < v.Length; k++)
            {
                char c = v[k];
                switch (c)
                {
                    case '\n': B.Append("\\n"); continue;
                    case '\r': B.Append("\\r"); continue;
                    case '\t': B.Append("\\t"); continue;
                    case '\b': B.Append("\\b"); continue;
                    case '\f': B.Append("\\f"); continue;
                    case '\\': B.Append("\\\\"); continue;
                    case '"':
                        B.Append(Relaxed ? "\\\"" : "\\u0022");
                        continue;
                }
                bool esc;
                if (c < ' ' || c == (char)127) esc = true;
                else if (c >= 0xD800 && c <= 0xDFFF) esc = true; // both encoders escape what is beyond the BMP
                else if (Relaxed) esc = false;
                else esc = c > 126 && !AllNonAscii || c == '<' || c == '>' || c == '&' || c == '\'' || c == '+' || c == '`';
                if (esc) B.Append("\\u").Append(((int)c).ToString("X4"));
                else B.Append(c);
            }
            B.Append('"');
        }
    }

    public sealed class JsonDocument : IDisposable
    {
        internal JsonData _root;

        internal JsonDocument(JsonData root) { _root = root; }

        public JsonElement RootElement => new JsonElement(_root);

        public static JsonDocument Parse(string json, JsonDocumentOptions options = default)
            => new JsonDocument(JsonParser.Parse(json, options.AllowTrailingCommas, options.CommentHandling, options.MaxDepth));

        public static JsonDocument Parse(System.IO.Stream utf8Json, JsonDocumentOptions options = default)
            => Parse(JsonSerializer.ReadAll(utf8Json), options);

        public static async System.Threading.Tasks.Task<JsonDocument> ParseAsync(System.IO.Stream utf8Json, JsonDocumentOptions options = default, System.Threading.CancellationToken cancellationToken = default)
        {
            string text = await JsonSerializer.ReadAllAsync(utf8Json);
            return Parse(text, options);
        }

        public void Dispose() { }
    }

    public readonly struct JsonElement
    {
        internal readonly JsonData _d;

        internal JsonElement(JsonData d) { _d = d; }

        public JsonValueKind ValueKind => _d == null ? JsonValueKind.Undefined : _d.Kind;

        JsonData Need(JsonValueKind kind)
        {
            if (_d == null) throw new InvalidOperationException("Operation is not valid due to the current state of the object.");
            if (_d.Kind != kind)
                throw new InvalidOperationException("The requested operation requires an element of type '" + kind + "', but the target element has type '" + _d.Kind + "'.");
            return _d;
        }

        JsonData NeedNumber(string type)
        {
            if (_d == null) throw new InvalidOperationException("Operation is not valid due to the current state of the object.");
            if (_d.Kind != JsonValueKind.Number)
                throw new InvalidOperationException("The requested operation requires an element of type 'Number', but the target element has type '" + _d.Kind + "'.");
            return _d;
        }

        public JsonElement GetProperty(string propertyName)
        {
            if (propertyName == null) throw new ArgumentNullException("propertyName");
            JsonData v = Need(JsonValueKind.Object).Find(propertyName, false);
            if (v == null) throw new System.Collections.Generic.KeyNotFoundException("The given key was not present in the dictionary.");
            return new JsonElement(v);
        }

        public bool TryGetProperty(string propertyName, out JsonElement value)
        {
            if (propertyName == null) throw new ArgumentNullException("propertyName");
            JsonData v = Need(JsonValueKind.Object).Find(propertyName, false);
            value = new JsonElement(v);
            return v != null;
        }

        public JsonElement this[int index]
        {
            get
            {
                JsonData d = Need(JsonValueKind.Array);
                if (index < 0 || index >= d.Items.Count) throw new IndexOutOfRangeException("Index was outside the bounds of the array.");
                return new JsonElement(d.Items[index]);
            }
        }

        public int GetArrayLength() => Need(JsonValueKind.Array).Items.Count;
        public int GetPropertyCount() => Need(JsonValueKind.Object).Items.Count;

        public string GetString()
        {
            if (_d == null) throw new InvalidOperationException("Operation is not valid due to the current state of the object.");
            if (_d.Kind == JsonValueKind.Null) return null;
            if (_d.Kind != JsonValueKind.String)
                throw new InvalidOperationException("The requested operation requires an element of type 'String', but the target element has type '" + _d.Kind + "'.");
            return _d.Text;
        }

        public bool GetBoolean()
        {
            if (_d != null && _d.Kind == JsonValueKind.True) return true;
            if (_d != null && _d.Kind == JsonValueKind.False) return false;
            if (_d == null) throw new InvalidOperationException("Operation is not valid due to the current state of the object.");
            throw new InvalidOperationException("The requested operation requires an element of type 'Boolean', but the target element has type '" + _d.Kind + "'.");
        }

        public int GetInt32()
        {
            if (!TryGetInt32(out int v)) throw new FormatException("Either the JSON value is not in a supported format, or is out of bounds for an Int32.");
            return v;
        }

        public bool TryGetInt32(out int value) => int.TryParse(NeedNumber("Int32").Text, System.Globalization.NumberStyles.AllowLeadingSign, System.Globalization.CultureInfo.InvariantCulture, out value);

        public long GetInt64()
        {
            if (!TryGetInt64(out long v)) throw new FormatException("Either the JSON value is not in a supported format, or is out of bounds for an Int64.");
            return v;
        }

        public bool TryGetInt64(out long value) => long.TryParse(NeedNumber("Int64").Text, System.Globalization.NumberStyles.AllowLeadingSign, System.Globalization.CultureInfo.InvariantCulture, out value);

        public short GetInt16() => checked((short)GetInt32());
        public byte GetByte() => checked((byte)GetInt32());
        public uint GetUInt32() => checked((uint)GetInt64());
        public ulong GetUInt64() => ulong.Parse(NeedNumber("UInt64").Text, System.Globalization.CultureInfo.InvariantCulture);

        public double GetDouble()
        {
            if (!TryGetDouble(out double v)) throw new FormatException("Either the JSON value is not in a supported format, or is out of bounds for a Double.");
            return v;
        }

        public bool TryGetDouble(out double value) => double.TryParse(NeedNumber("Double").Text, System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out value);

        public float GetSingle() => (float)GetDouble();

        public decimal GetDecimal()
        {
            if (!TryGetDecimal(out decimal v)) throw new FormatException("The JSON value is either too large or too small for a Decimal.");
            return v;
        }

        public bool TryGetDecimal(out decimal value) => decimal.TryParse(NeedNumber("Decimal").Text, System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out value);

        public DateTime GetDateTime()
        {
            if (!JsonSerializer.TryDateTime(Need(JsonValueKind.String).Text, out DateTime v)) throw new FormatException("The JSON value is not in a supported DateTime format.");
            return v;
        }

        public bool TryGetDateTime(out DateTime value) => JsonSerializer.TryDateTime(Need(JsonValueKind.String).Text, out value);

        public Guid GetGuid() => Guid.Parse(Need(JsonValueKind.String).Text);

        public ArrayEnumerator EnumerateArray() => new ArrayEnumerator(Need(JsonValueKind.Array));

        public ObjectEnumerator EnumerateObject() => new ObjectEnumerator(Need(JsonValueKind.Object));

        public string GetRawText()
        {
            if (_d == null) throw new InvalidOperationException("Operation is not valid due to the current state of the object.");
            return _d.Raw;
        }

        public JsonElement Clone() => this;

        public bool ValueEquals(string text) => GetString() == text;

        public override string ToString()
        {
            if (_d == null) return "";
            switch (_d.Kind)
            {
                case JsonValueKind.String: return _d.Text;
                case JsonValueKind.Null: return "";
                case JsonValueKind.True: return "True";
                case JsonValueKind.False: return "False";
                default: return _d.Raw;
            }
        }

        public static JsonElement ParseValue(string json) => new JsonElement(JsonParser.Parse(json, false, JsonCommentHandling.Disallow, 64));

        public static bool DeepEquals(JsonElement element1, JsonElement element2) => System.Text.Json.Nodes.JsonNode.DataEquals(element1._d, element2._d);

        public struct ArrayEnumerator : System.Collections.Generic.IEnumerable<JsonElement>, System.Collections.Generic.IEnumerator<JsonElement>
        {
            readonly JsonData _a;
            int _i;

            internal ArrayEnumerator(JsonData a) { _a = a; _i = -1; }

            public JsonElement Current => _i >= 0 && _i < _a.Items.Count ? new JsonElement(_a.Items[_i]) : default;
            object System.Collections.IEnumerator.Current => Current;
            public bool MoveNext() => ++_i < _a.Items.Count;
            public void Reset() { _i = -1; }
            public void Dispose() { }
            public ArrayEnumerator GetEnumerator() => new ArrayEnumerator(_a);
            System.Collections.Generic.IEnumerator<JsonElement> System.Collections.Generic.IEnumerable<JsonElement>.GetEnumerator() => new ArrayEnumerator(_a);
            System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => new ArrayEnumerator(_a);
        }

        public struct ObjectEnumerator : System.Collections.Generic.IEnumerable<JsonProperty>, System.Collections.Generic.IEnumerator<JsonProperty>
        {
            readonly JsonData _o;
            int _i;

            internal ObjectEnumerator(JsonData o) { _o = o; _i = -1; }

            public JsonProperty Current => _i >= 0 && _i < _o.Items.Count ? new JsonProperty(_o.Names[_i], _o.Items[_i]) : default;
            object System.Collections.IEnumerator.Current => Current;
            public bool MoveNext() => ++_i < _o.Items.Count;
            public void Reset() { _i = -1; }
            public void Dispose() { }
            public ObjectEnumerator GetEnumerator() => new ObjectEnumerator(_o);
            System.Collections.Generic.IEnumerator<JsonProperty> System.Collections.Generic.IEnumerable<JsonProperty>.GetEnumerator() => new ObjectEnumerator(_o);
            System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => new ObjectEnumerator(_o);
        }
    }

    public readonly struct JsonProperty
    {
        readonly string _name;
        readonly JsonData _value;

        internal JsonProperty(string name, JsonData value) { _name = name; _value = value; }

        public string Name => _name;
        public JsonElement Value => new JsonElement(_value);
        public bool NameEquals(string text) => _name == text;
        public override string ToString() => _value == null ? "" : "\"" + _name + "\": " + _value.Raw;
    }

    public abstract class JsonNamingPolicy
    {
        protected JsonNamingPolicy() { }
        public static JsonNamingPolicy CamelCase { get; } = new JsonCamelCasePolicy();
        public static JsonNamingPolicy SnakeCaseLower { get; } = new JsonSeparatorPolicy('_', false);
        public static JsonNamingPolicy SnakeCaseUpper { get; } = new JsonSeparatorPolicy('_', true);
        public static JsonNamingPolicy KebabCaseLower { get; } = new JsonSeparatorPolicy('-', false);
        public static JsonNamingPolicy KebabCaseUpper { get; } = new JsonSeparatorPolicy('-', true);
        public abstract string ConvertName(string name);
    }

    internal sealed class JsonCamelCasePolicy : JsonNamingPolicy
    {
        public override string ConvertName(string name)
        {
            if (string.IsNullOrEmpty(name) || !char.IsUpper(name[0])) return name;
            char[] cs = name.ToCharArray();
            for (int k = 0; k < cs.Length; k++)
            {
                if (k == 1 && !char.IsUpper(cs[k])) break;
                bool hasNext = k + 1 < cs.Length;
                if (k > 0 && hasNext && !char.IsUpper(cs[k + 1]))
                {
                    if (cs[k + 1] == ' ') cs[k] = char.ToLowerInvariant(cs[k]);
                    break;
                }
                cs[k] = char.ToLowerInvariant(cs[k]);
            }
            return new string(cs);
        }
    }

    internal sealed class JsonSeparatorPolicy : JsonNamingPolicy
    {
        readonly char _sep;
        readonly bool _upper;

        public JsonSeparatorPolicy(char sep, bool upper) { _sep = sep; _upper = upper; }

        public override string ConvertName(string name)
        {
            var b = new System.Text.StringBuilder();
            // 0 not started, 1 upper, 2 lower or digit, 3 space
            int state = 0;
            for (int k = 0; k < name.Length; k++)
            {
                char c = name[k];
                if (char.IsUpper(c))
                {
                    if (state == 2 || state == 3) b.Append(_sep);
                    else if (state == 1 && k + 1 < name.Length && char.IsLower(name[k + 1])) b.Append(_sep);
                    b.Append(_upper ? c : char.ToLowerInvariant(c));
                    state = 1;
                }
                else if (char.IsLower(c) || char.IsDigit(c))
                {
                    if (state == 3) b.Append(_sep);
                    b.Append(_upper ? char.ToUpperInvariant(c) : c);
                    state = 2;
                }
                else if (c == ' ')
                {
                    if (state != 0) state = 3;
                }
                else
                {
                    b.Append(c);
                    state = 0;
                }
            }
            return b.ToString();
        }
    }

    public sealed class JsonSerializerOptions
    {
        public JsonSerializerOptions() { }

        public JsonSerializerOptions(JsonSerializerDefaults defaults)
        {
            if (defaults == JsonSerializerDefaults.Web)
            {
                PropertyNameCaseInsensitive = true;
                PropertyNamingPolicy = JsonNamingPolicy.CamelCase;
                NumberHandling = System.Text.Json.Serialization.JsonNumberHandling.AllowReadingFromString;
            }
        }

        public JsonSerializerOptions(JsonSerializerOptions options)
        {
            WriteIndented = options.WriteIndented;
            PropertyNamingPolicy = options.PropertyNamingPolicy;
            DictionaryKeyPolicy = options.DictionaryKeyPolicy;
            PropertyNameCaseInsensitive = options.PropertyNameCaseInsensitive;
            DefaultIgnoreCondition = options.DefaultIgnoreCondition;
            IgnoreReadOnlyProperties = options.IgnoreReadOnlyProperties;
            IgnoreReadOnlyFields = options.IgnoreReadOnlyFields;
            IncludeFields = options.IncludeFields;
            AllowTrailingCommas = options.AllowTrailingCommas;
            ReadCommentHandling = options.ReadCommentHandling;
            NumberHandling = options.NumberHandling;
            MaxDepth = options.MaxDepth;
            Encoder = options.Encoder;
            IndentSize = options.IndentSize;
            IndentCharacter = options.IndentCharacter;
            foreach (var c in options.Converters) Converters.Add(c);
        }

        public static JsonSerializerOptions Default { get; } = new JsonSerializerOptions();
        public static JsonSerializerOptions Web { get; } = new JsonSerializerOptions(JsonSerializerDefaults.Web);

        public bool WriteIndented { get; set; }
        public JsonNamingPolicy PropertyNamingPolicy { get; set; }
        public JsonNamingPolicy DictionaryKeyPolicy { get; set; }
        public bool PropertyNameCaseInsensitive { get; set; }
        public System.Text.Json.Serialization.JsonIgnoreCondition DefaultIgnoreCondition { get; set; }
        public bool IgnoreNullValues
        {
            get => DefaultIgnoreCondition == System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull;
            set => DefaultIgnoreCondition = value ? System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull : System.Text.Json.Serialization.JsonIgnoreCondition.Never;
        }
        public bool IgnoreReadOnlyProperties { get; set; }
        public bool IgnoreReadOnlyFields { get; set; }
        public bool IncludeFields { get; set; }
        public bool AllowTrailingCommas { get; set; }
        public JsonCommentHandling ReadCommentHandling { get; set; }
        public System.Text.Json.Serialization.JsonNumberHandling NumberHandling { get; set; }
        public System.Text.Json.Serialization.JsonUnmappedMemberHandling UnmappedMemberHandling { get; set; }
        public System.Text.Json.Serialization.ReferenceHandler ReferenceHandler { get; set; }
        public int MaxDepth { get; set; }
        public System.Text.Encodings.Web.JavaScriptEncoder Encoder { get; set; }
        public int IndentSize { get; set; } = 2;
        public char IndentCharacter { get; set; } = ' ';
        public string NewLine { get; set; } = "\n";
        public int DefaultBufferSize { get; set; } = 16384;
        public bool RespectNullableAnnotations { get; set; }
        public System.Collections.Generic.IList<System.Text.Json.Serialization.JsonConverter> Converters { get; } = new System.Collections.Generic.List<System.Text.Json.Serialization.JsonConverter>();
        public bool IsReadOnly { get; private set; }
        public void MakeReadOnly() { IsReadOnly = true; }

        internal System.Text.Json.Serialization.JsonStringEnumConverter StringEnums(Type enumType)
        {
            foreach (var c in Converters)
                if (c is System.Text.Json.Serialization.JsonStringEnumConverter e && e.CanConvert(enumType)) return e;
            return null;
        }
    }
}

namespace System.Text.Encodings.Web
{
    public abstract class JavaScriptEncoder
    {
        internal bool _relaxed;
        public static JavaScriptEncoder Default { get; } = new JsonJavaScriptEncoder(false);
        public static JavaScriptEncoder UnsafeRelaxedJsonEscaping { get; } = new JsonJavaScriptEncoder(true);
        public static JavaScriptEncoder Create(params System.Text.Unicode.UnicodeRange[] allowedRanges)
        {
            foreach (var r in allowedRanges)
                if (r == System.Text.Unicode.UnicodeRanges.All) return new JsonJavaScriptEncoder(false) { _allNonAscii = true };
            return Default;
        }
        internal bool _allNonAscii;
    }

    internal sealed class JsonJavaScriptEncoder : JavaScriptEncoder
    {
        public JsonJavaScriptEncoder(bool relaxed) { _relaxed = relaxed; }
    }
}

namespace System.Text.Unicode
{
    public sealed class UnicodeRange
    {
        public int FirstCodePoint { get; }
        public int Length { get; }
        public UnicodeRange(int firstCodePoint, int length) { FirstCodePoint = firstCodePoint; Length = length; }
    }

    public static class UnicodeRanges
    {
        public static UnicodeRange All { get; } = new UnicodeRange(0, 0x10000);
        public static UnicodeRange BasicLatin { get; } = new UnicodeRange(0, 0x80);
        public static UnicodeRange Cyrillic { get; } = new UnicodeRange(0x400, 0x100);
    }
}

namespace System.Text.Json.Serialization
{
    public enum JsonIgnoreCondition { Never, Always, WhenWritingDefault, WhenWritingNull, WhenWriting, WhenReading }
    [Flags] public enum JsonNumberHandling { Strict = 0, AllowReadingFromString = 1, WriteAsString = 2, AllowNamedFloatingPointLiterals = 4 }
    public enum JsonUnmappedMemberHandling { Skip, Disallow }

    public abstract class ReferenceHandler
    {
        public static ReferenceHandler Preserve { get; } = new JsonReferenceHandler();
        public static ReferenceHandler IgnoreCycles { get; } = new JsonReferenceHandler();
    }

    internal sealed class JsonReferenceHandler : ReferenceHandler { }

    public abstract class JsonAttribute : Attribute { }

    public sealed class JsonPropertyNameAttribute : JsonAttribute
    {
        public JsonPropertyNameAttribute(string name) { Name = name; }
        public string Name { get; }
    }

    public sealed class JsonIgnoreAttribute : JsonAttribute
    {
        public JsonIgnoreAttribute() { }
        public JsonIgnoreCondition Condition { get; set; } = JsonIgnoreCondition.Always;
    }

    public sealed class JsonIncludeAttribute : JsonAttribute { }
    public sealed class JsonRequiredAttribute : JsonAttribute { }
    public sealed class JsonConstructorAttribute : JsonAttribute { }

    public sealed class JsonPropertyOrderAttribute : JsonAttribute
    {
        public JsonPropertyOrderAttribute(int order) { Order = order; }
        public int Order { get; }
    }

    public class JsonConverterAttribute : JsonAttribute
    {
        public JsonConverterAttribute(Type converterType) { ConverterType = converterType; }
        protected JsonConverterAttribute() { }
        public Type ConverterType { get; }
    }

    public abstract class JsonConverter
    {
        internal JsonConverter() { }
        public abstract bool CanConvert(Type typeToConvert);
    }

    public class JsonStringEnumConverter : JsonConverter
    {
        internal JsonNamingPolicy _policy;
        internal bool _allowIntegers = true;

        public JsonStringEnumConverter() { }
        public JsonStringEnumConverter(JsonNamingPolicy namingPolicy = null, bool allowIntegerValues = true)
        {
            _policy = namingPolicy;
            _allowIntegers = allowIntegerValues;
        }

        public override bool CanConvert(Type typeToConvert) => typeToConvert.IsEnum;
    }

    public class JsonStringEnumConverter<TEnum> : JsonStringEnumConverter where TEnum : struct, Enum
    {
        public JsonStringEnumConverter() { }
        public JsonStringEnumConverter(JsonNamingPolicy namingPolicy = null, bool allowIntegerValues = true) : base(namingPolicy, allowIntegerValues) { }
        public override bool CanConvert(Type typeToConvert) => typeToConvert == typeof(TEnum);
    }
}

namespace System.Text.Json.Serialization.Metadata
{
    // JsonMetaSink receives what the method the binder generates into a
    // program type says of it: its members (Prop, in declaration order)
    // and the constructor deserialization calls (Ctor).
    public sealed class JsonMetaSink
    {
        internal System.Collections.Generic.List<JsonMember> Members = new System.Collections.Generic.List<JsonMember>();
        internal string[] CtorNames;
        internal Type[] CtorTypes;
        internal bool CanCreate;
        internal Type Owner;

        // flags: 1 readable, 2 writable, 4 a field, 8 [JsonInclude],
        // 16 [JsonConverter(typeof(JsonStringEnumConverter))], 32 required,
        // 64 public (a non-public member needs [JsonInclude]).
        public void Prop<T>(string name, string jsonName, int ignore, int order, int flags)
        {
            Members.Add(new JsonMember { Name = name, Type = typeof(T), JsonName = jsonName, Ignore = ignore, Order = order, Flags = flags, Index = Members.Count });
        }

        // Call runs the generated method of t: op 0 describes t to s (and
        // returns s; null when t has none), 1 reads member i of o, 2 sets
        // it to v (returning o, a new box for a struct), 3 constructs an
        // instance from the arguments v (an object[]).
        internal static object Call(Type t, int op, int i, object o, object v, JsonMetaSink s) => Internal.VM.JsonMeta(t, op, i, o, v, s);

        // Hint names the class to read the last member into when its type
        // is a collection interface (List<T> for IEnumerable<T>).
        public void Hint<T>()
        {
            Members[Members.Count - 1].Hint = typeof(T);
        }

        public void Ctor(string[] names, Type[] types)
        {
            CanCreate = true;
            CtorNames = names;
            CtorTypes = types;
        }
    }

    internal sealed class JsonMember
    {
        public string Name;
        public Type Type;
        public string JsonName;
        public int Ignore;
        public int Order;
        public int Flags;
        public int Index;
        public JsonMetaSink Owner;
        public string Key; // the JSON name under the options
        public Type Hint;
        public Type ReadType => Hint ?? Type;

        public bool Readable => (Flags & 1) != 0;
        public bool Writable => (Flags & 2) != 0;
        public bool IsField => (Flags & 4) != 0;
        public bool Included => (Flags & 8) != 0;
        public bool StringEnum => (Flags & 16) != 0;
        public bool IsPublic => (Flags & 64) != 0;
        public object Get(object o) => JsonMetaSink.Call(Owner.Owner, 1, Index, o, null, null);
        public object Set(object o, object v) => JsonMetaSink.Call(Owner.Owner, 2, Index, o, v, null);
    }
}

namespace System.Text.Json
{
    public static class JsonSerializer
    {
        public static string Serialize<TValue>(TValue value, JsonSerializerOptions options = null) => Write(value, typeof(TValue), options);
        public static string Serialize(object value, Type inputType, JsonSerializerOptions options = null) => Write(value, inputType, options);

        public static byte[] SerializeToUtf8Bytes<TValue>(TValue value, JsonSerializerOptions options = null) => System.Text.Encoding.UTF8.GetBytes(Write(value, typeof(TValue), options));

        public static JsonElement SerializeToElement<TValue>(TValue value, JsonSerializerOptions options = null) => JsonElement.ParseValue(Write(value, typeof(TValue), options));
        public static JsonDocument SerializeToDocument<TValue>(TValue value, JsonSerializerOptions options = null) => JsonDocument.Parse(Write(value, typeof(TValue), options));
        public static System.Text.Json.Nodes.JsonNode SerializeToNode<TValue>(TValue value, JsonSerializerOptions options = null) => System.Text.Json.Nodes.JsonNode.Parse(Write(value, typeof(TValue), options));

        public static void Serialize<TValue>(System.IO.Stream utf8Json, TValue value, JsonSerializerOptions options = null)
        {
            byte[] b = System.Text.Encoding.UTF8.GetBytes(Write(value, typeof(TValue), options));
            utf8Json.Write(b, 0, b.Length);
        }

        public static async System.Threading.Tasks.Task SerializeAsync<TValue>(System.IO.Stream utf8Json, TValue value, JsonSerializerOptions options = null, System.Threading.CancellationToken cancellationToken = default)
        {
            byte[] b = System.Text.Encoding.UTF8.GetBytes(Write(value, typeof(TValue), options));
            await utf8Json.WriteAsync(b, 0, b.Length, cancellationToken);
        }

        public static TValue Deserialize<TValue>(string json, JsonSerializerOptions options = null) => (TValue)Read(json, typeof(TValue), options);
        public static object Deserialize(string json, Type returnType, JsonSerializerOptions options = null) => Read(json, returnType, options);
        public static TValue Deserialize<TValue>(byte[] utf8Json, JsonSerializerOptions options = null) => (TValue)Read(System.Text.Encoding.UTF8.GetString(utf8Json), typeof(TValue), options);
        public static TValue Deserialize<TValue>(System.IO.Stream utf8Json, JsonSerializerOptions options = null) => (TValue)Read(ReadAll(utf8Json), typeof(TValue), options);

        public static TValue Deserialize<TValue>(this JsonElement element, JsonSerializerOptions options = null) => (TValue)Convert(element._d, typeof(TValue), Opts(options), "$", true);
        public static TValue Deserialize<TValue>(this JsonDocument document, JsonSerializerOptions options = null) => (TValue)Convert(document._root, typeof(TValue), Opts(options), "$", true);
        public static TValue Deserialize<TValue>(this System.Text.Json.Nodes.JsonNode node, JsonSerializerOptions options = null) => (TValue)Read(node == null ? "null" : node.ToJsonString(), typeof(TValue), options);

        public static async System.Threading.Tasks.ValueTask<TValue> DeserializeAsync<TValue>(System.IO.Stream utf8Json, JsonSerializerOptions options = null, System.Threading.CancellationToken cancellationToken = default)
        {
            string text = await ReadAllAsync(utf8Json);
            return (TValue)Read(text, typeof(TValue), options);
        }

        public static async System.Collections.Generic.IAsyncEnumerable<TValue> DeserializeAsyncEnumerable<TValue>(System.IO.Stream utf8Json, JsonSerializerOptions options = null, System.Threading.CancellationToken cancellationToken = default)
        {
            string text = await ReadAllAsync(utf8Json);
            JsonSerializerOptions o = Opts(options);
            JsonData d = Parse(text, o);
            if (d.Kind != JsonValueKind.Array) throw Mismatch(d, typeof(System.Collections.Generic.IAsyncEnumerable<TValue>), "$");
            for (int k = 0; k < d.Items.Count; k++)
                yield return (TValue)Convert(d.Items[k], typeof(TValue), o, "$[" + k + "]", true);
        }

        internal static string ReadAll(System.IO.Stream s)
        {
            var ms = new System.IO.MemoryStream();
            s.CopyTo(ms);
            return Utf8(ms.ToArray());
        }

        internal static async System.Threading.Tasks.Task<string> ReadAllAsync(System.IO.Stream s)
        {
            var ms = new System.IO.MemoryStream();
            await s.CopyToAsync(ms);
            return Utf8(ms.ToArray());
        }

        // Utf8 decodes bytes, skipping a byte order mark.
        static string Utf8(byte[] b)
        {
            if (b.Length >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF) return System.Text.Encoding.UTF8.GetString(b, 3, b.Length - 3);
            return System.Text.Encoding.UTF8.GetString(b);
        }

        static JsonSerializerOptions Opts(JsonSerializerOptions o) => o ?? JsonSerializerOptions.Default;

        // ---- writing ----

        internal static string Write(object value, Type type, JsonSerializerOptions options)
        {
            JsonSerializerOptions o = Opts(options);
            var w = new JsonOut { Indented = o.WriteIndented, Relaxed = o.Encoder != null && o.Encoder._relaxed, AllNonAscii = o.Encoder != null && o.Encoder._allNonAscii };
            if (o.IndentSize != 2 || o.IndentCharacter != ' ') w.Indent = new string(o.IndentCharacter, o.IndentSize);
            WriteValue(w, value, type, o, false, 0);
            return w.ToString();
        }

        static void WriteValue(JsonOut w, object v, Type declared, JsonSerializerOptions o, bool stringEnum, int depth)
        {
            if (v == null) { w.Raw("null"); return; }
            int max = o.MaxDepth > 0 ? o.MaxDepth : 64;
            if (depth > max)
                throw new JsonException("A possible object cycle was detected. This can either be due to a cycle or if the object depth is larger than the maximum allowed depth of " + max + ". Consider using ReferenceHandler.Preserve on JsonSerializerOptions to support cycles.");
            switch (v)
            {
                case string s: w.String(s); return;
                case bool b: w.Raw(b ? "true" : "false"); return;
                case int i: w.Raw(i.ToString(System.Globalization.CultureInfo.InvariantCulture)); return;
                case long l: w.Raw(l.ToString(System.Globalization.CultureInfo.InvariantCulture)); return;
                case double d: w.Raw(Double(d)); return;
                case float f: w.Raw(Single(f)); return;
                case decimal m: w.Raw(m.ToString(System.Globalization.CultureInfo.InvariantCulture)); return;
                case char c: w.String(c.ToString()); return;
                case short _: case byte _: case sbyte _: case ushort _: case uint _: case ulong _:
                    w.Raw(v.ToString()); return;
                case Enum e:
                    if (stringEnum || o.StringEnums(e.GetType()) != null)
                    {
                        var conv = o.StringEnums(e.GetType());
                        string name = e.ToString();
                        if (name.Length > 0 && (char.IsDigit(name[0]) || name[0] == '-')) { w.Raw(name); return; }
                        if (conv != null && conv._policy != null)
                        {
                            string[] parts = name.Split(", ");
                            for (int k = 0; k < parts.Length; k++) parts[k] = conv._policy.ConvertName(parts[k]);
                            name = string.Join(", ", parts);
                        }
                        w.String(name);
                        return;
                    }
                    w.Raw(e.ToString("D")); return;
                case DateTime dt: w.String(DateText(dt)); return;
                case DateTimeOffset dto: w.String(DateOffsetText(dto)); return;
                case TimeSpan ts: w.String(ts.ToString("c")); return;
                case Guid g: w.String(g.ToString()); return;
                case DateOnly don: w.String(don.ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture)); return;
                case TimeOnly ton: w.String(ton.ToString("HH:mm:ss.FFFFFFF", System.Globalization.CultureInfo.InvariantCulture).TrimEnd('.')); return;
                case JsonElement el:
                    if (el._d == null) throw new InvalidOperationException("Operation is not valid due to the current state of the object.");
                    w.RawValue(el._d); return;
                case JsonDocument doc: w.RawValue(doc._root); return;
                case System.Text.Json.Nodes.JsonNode node: node.WriteOut(w, o); return;
                case byte[] bytes: w.String(System.Convert.ToBase64String(bytes)); return;
            }
            Type t = v.GetType();
            if (Internal.VM.JsonDictPairs(v) is object[] pairs)
            {
                w.Start('{');
                for (int k = 0; k < pairs.Length; k += 2)
                {
                    string key = pairs[k] is DateTime kd ? DateText(kd) : pairs[k].ToString();
                    if (o.DictionaryKeyPolicy != null) key = o.DictionaryKeyPolicy.ConvertName(key);
                    w.Name(key);
                    WriteValue(w, pairs[k + 1], null, o, false, depth + 1);
                }
                w.End('}');
                return;
            }
            var meta = Meta(t, o);
            if (meta == null && v is System.Collections.IEnumerable seq)
            {
                w.Start('[');
                foreach (object x in seq) WriteValue(w, x, null, o, false, depth + 1);
                w.End(']');
                return;
            }
            w.Start('{');
            if (meta != null)
                foreach (var m in meta.Write)
                {
                    object x = m.Get(v);
                    var cond = m.Ignore >= 0 ? (System.Text.Json.Serialization.JsonIgnoreCondition)m.Ignore : o.DefaultIgnoreCondition;
                    if (cond == System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull && x == null) continue;
                    if (cond == System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingDefault && IsDefault(x)) continue;
                    w.Name(m.Key);
                    WriteValue(w, x, m.Type, o, m.StringEnum, depth + 1);
                }
            w.End('}');
        }

        static bool IsDefault(object x)
        {
            if (x == null) return true;
            if (!x.GetType().IsValueType) return false;
            return x.Equals(Internal.VM.CreateInstance(x.GetType()));
        }

        static string Double(double d)
        {
            if (double.IsNaN(d) || double.IsInfinity(d))
                throw new ArgumentException(".NET number values such as positive and negative infinity cannot be written as valid JSON. To make it work when using 'JsonSerializer', consider specifying 'JsonNumberHandling.AllowNamedFloatingPointLiterals' (see https://docs.microsoft.com/dotnet/api/system.text.json.serialization.jsonnumberhandling).");
            return d.ToString(System.Globalization.CultureInfo.InvariantCulture);
        }

        static string Single(float d)
        {
            if (float.IsNaN(d) || float.IsInfinity(d))
                throw new ArgumentException(".NET number values such as positive and negative infinity cannot be written as valid JSON. To make it work when using 'JsonSerializer', consider specifying 'JsonNumberHandling.AllowNamedFloatingPointLiterals' (see https://docs.microsoft.com/dotnet/api/system.text.json.serialization.jsonnumberhandling).");
            return d.ToString(System.Globalization.CultureInfo.InvariantCulture);
        }

        // DateText is .NET's ISO 8601 form of a DateTime: seconds always,
        // the fraction without trailing zeros, the kind's offset.
        internal static string DateText(DateTime dt)
        {
            string s = dt.ToString("yyyy'-'MM'-'dd'T'HH':'mm':'ss", System.Globalization.CultureInfo.InvariantCulture) + Fraction(dt.Ticks);
            if (dt.Kind == DateTimeKind.Utc) return s + "Z";
            if (dt.Kind == DateTimeKind.Local) return s + dt.ToString("zzz", System.Globalization.CultureInfo.InvariantCulture);
            return s;
        }

        internal static string DateOffsetText(DateTimeOffset d)
        {
            string s = d.DateTime.ToString("yyyy'-'MM'-'dd'T'HH':'mm':'ss", System.Globalization.CultureInfo.InvariantCulture) + Fraction(d.DateTime.Ticks);
            if (d.Offset == TimeSpan.Zero) return s + "+00:00";
            return s + d.ToString("zzz", System.Globalization.CultureInfo.InvariantCulture);
        }

        static string Fraction(long ticks)
        {
            long f = ticks % 10000000;
            if (f == 0) return "";
            return "." + f.ToString("D7").TrimEnd('0');
        }

        internal static bool TryDateTime(string s, out DateTime v)
        {
            return DateTime.TryParse(s, System.Globalization.CultureInfo.InvariantCulture, System.Globalization.DateTimeStyles.RoundtripKind, out v) && s.Length >= 10 && s[4] == '-';
        }

        // ---- type metadata ----

        internal sealed class TypeMeta
        {
            public System.Text.Json.Serialization.Metadata.JsonMetaSink Sink;
            public System.Collections.Generic.List<System.Text.Json.Serialization.Metadata.JsonMember> Write = new System.Collections.Generic.List<System.Text.Json.Serialization.Metadata.JsonMember>();
            public System.Collections.Generic.List<System.Text.Json.Serialization.Metadata.JsonMember> All = new System.Collections.Generic.List<System.Text.Json.Serialization.Metadata.JsonMember>();
        }

        static readonly System.Collections.Generic.Dictionary<JsonSerializerOptions, System.Collections.Generic.Dictionary<Type, TypeMeta>> s_meta = new System.Collections.Generic.Dictionary<JsonSerializerOptions, System.Collections.Generic.Dictionary<Type, TypeMeta>>();

        // Meta is what the serializer does with a program type under o:
        // its members, the type's own first, then each base class's, as
        // .NET orders them; null for a type without generated metadata.
        internal static TypeMeta Meta(Type t, JsonSerializerOptions o)
        {
            System.Collections.Generic.Dictionary<Type, TypeMeta> cache;
            lock (s_meta)
            {
                if (!s_meta.TryGetValue(o, out cache)) { cache = new System.Collections.Generic.Dictionary<Type, TypeMeta>(); s_meta[o] = cache; }
                if (cache.TryGetValue(t, out TypeMeta hit)) return hit;
            }
            TypeMeta r = null;
            var seen = new System.Collections.Generic.HashSet<string>();
            for (Type c = t; c != null && c != typeof(object); c = c.BaseType)
            {
                var sink = new System.Text.Json.Serialization.Metadata.JsonMetaSink();
                sink.Owner = c;
                if (System.Text.Json.Serialization.Metadata.JsonMetaSink.Call(c, 0, 0, null, null, sink) == null) continue;
                if (r == null) { r = new TypeMeta(); r.Sink = sink; }
                foreach (var m in sink.Members)
                {
                    m.Owner = sink;
                    if (!seen.Add(m.Name)) continue; // an override or a hiding member: the derived one stands
                    if (m.IsField && !o.IncludeFields && !m.Included) continue;
                    if (!m.IsPublic && !m.Included) continue;
                    m.Key = m.JsonName ?? (o.PropertyNamingPolicy != null ? o.PropertyNamingPolicy.ConvertName(m.Name) : m.Name);
                    r.All.Add(m);
                }
            }
            if (r != null)
            {
                var keys = new System.Collections.Generic.HashSet<string>();
                foreach (var m in r.All)
                {
                    if (m.Ignore == (int)System.Text.Json.Serialization.JsonIgnoreCondition.Always) continue;
                    if (!keys.Add(m.Key))
                        throw new InvalidOperationException("The JSON property name for '" + t.FullName + "." + m.Name + "' collides with another property.");
                }
                foreach (var m in r.All)
                {
                    if (!m.Readable || m.Ignore == (int)System.Text.Json.Serialization.JsonIgnoreCondition.Always) continue;
                    if (o.IgnoreReadOnlyProperties && !m.IsField && !m.Writable) continue;
                    if (o.IgnoreReadOnlyFields && m.IsField && !m.Writable) continue;
                    r.Write.Add(m);
                }
                // [JsonPropertyOrder]: a stable sort by order
                var sorted = new System.Collections.Generic.List<System.Text.Json.Serialization.Metadata.JsonMember>();
                var orders = new System.Collections.Generic.List<int>();
                foreach (var m in r.Write) if (!orders.Contains(m.Order)) orders.Add(m.Order);
                orders.Sort();
                foreach (int ord in orders)
                    foreach (var m in r.Write)
                        if (m.Order == ord) sorted.Add(m);
                r.Write = sorted;
            }
            lock (s_meta) { cache[t] = r; }
            return r;
        }

        // ---- reading ----

        static JsonData Parse(string json, JsonSerializerOptions o)
        {
            try
            {
                return JsonParser.Parse(json, o.AllowTrailingCommas, o.ReadCommentHandling, o.MaxDepth);
            }
            catch (JsonReaderException e)
            {
                // The serializer's message adds the path, which for a
                // syntax error asyncvm reports as the root.
                string m = e.Message;
                int at = m.LastIndexOf(" LineNumber: ");
                throw new JsonException(m.Substring(0, at) + " Path: $ |" + m.Substring(at), "$", e.LineNumber, e.BytePositionInLine, e);
            }
        }

        internal static object Read(string json, Type t, JsonSerializerOptions options)
        {
            if (json == null) throw new ArgumentNullException("json");
            JsonSerializerOptions o = Opts(options);
            return Convert(Parse(json, o), t, o, "$", true);
        }

        static JsonException Mismatch(JsonData d, Type t, string path)
        {
            long line = 0, pos = 0;
            int at = d.Pos;
            for (int k = 0; k < at && k < d.Src.Length; k++)
            {
                char c = d.Src[k];
                if (c == '\n') { line++; pos = 0; }
                else if (c < 0x80) pos++;
                else if (c < 0x800) pos += 2;
                else if (JsonOut.IsHigh(c)) { pos += 4; k++; }
                else pos += 3;
            }
            return new JsonException("The JSON value could not be converted to " + TypeName(t) + ". Path: " + path + " | LineNumber: " + line + " | BytePositionInLine: " + pos + ".", path, line, pos);
        }

        static string TypeName(Type t) => t.FullName ?? t.Name;

        static string Child(string path, string name)
        {
            foreach (char c in name)
                if (!(char.IsLetterOrDigit(c) || c == '_')) return path + "['" + name + "']";
            return path + "." + name;
        }

        internal static object Convert(JsonData d, Type t, JsonSerializerOptions o, string path, bool stringEnum)
        {
            if (d == null) return null;
            if (t == typeof(JsonElement)) return new JsonElement(d);
            if (t == typeof(JsonDocument)) return d.Kind == JsonValueKind.Null ? null : new JsonDocument(d);
            if (typeof(System.Text.Json.Nodes.JsonNode).IsAssignableFrom(t))
            {
                var n = System.Text.Json.Nodes.JsonNode.FromData(d, null);
                if (n != null && !t.IsInstanceOfType(n)) throw Mismatch(d, t, path);
                return n;
            }
            if (t == typeof(object)) return d.Kind == JsonValueKind.Null ? null : (object)new JsonElement(d);
            Type under = Nullable.GetUnderlyingType(t);
            if (under != null)
            {
                if (d.Kind == JsonValueKind.Null) return null;
                t = under;
            }
            bool fromString = (o.NumberHandling & System.Text.Json.Serialization.JsonNumberHandling.AllowReadingFromString) != 0;
            if (d.Kind == JsonValueKind.Null)
            {
                if (t.IsValueType) throw Mismatch(d, t, path);
                return null;
            }
            if (t == typeof(string))
            {
                if (d.Kind != JsonValueKind.String) throw Mismatch(d, t, path);
                return d.Text;
            }
            if (t == typeof(bool))
            {
                if (d.Kind == JsonValueKind.True) return true;
                if (d.Kind == JsonValueKind.False) return false;
                throw Mismatch(d, t, path);
            }
            if (t == typeof(int) || t == typeof(long) || t == typeof(double) || t == typeof(float) || t == typeof(decimal) || t == typeof(short) || t == typeof(byte) || t == typeof(sbyte) || t == typeof(ushort) || t == typeof(uint) || t == typeof(ulong))
            {
                string text = d.Kind == JsonValueKind.Number ? d.Text : d.Kind == JsonValueKind.String && fromString ? d.Text : null;
                if (text == null) throw Mismatch(d, t, path);
                object r = Number(text, t);
                if (r == null) throw Mismatch(d, t, path);
                return r;
            }
            if (t == typeof(char))
            {
                if (d.Kind != JsonValueKind.String || d.Text.Length != 1) throw Mismatch(d, t, path);
                return d.Text[0];
            }
            if (t.IsEnum)
            {
                if (d.Kind == JsonValueKind.Number)
                {
                    if (!long.TryParse(d.Text, out long n)) throw Mismatch(d, t, path);
                    return Internal.VM.JsonEnum(t, n);
                }
                if (d.Kind == JsonValueKind.String && (stringEnum || o.StringEnums(t) != null))
                {
                    var conv = o.StringEnums(t);
                    string text = d.Text;
                    foreach (string name in Enum.GetNames(t))
                        if (string.Equals(name, text, StringComparison.OrdinalIgnoreCase) || conv != null && conv._policy != null && conv._policy.ConvertName(name) == text)
                            return Enum.Parse(t, name);
                    try { return Enum.Parse(t, text, true); }
                    catch (ArgumentException) { throw Mismatch(d, t, path); }
                }
                throw Mismatch(d, t, path);
            }
            if (t == typeof(DateTime) || t == typeof(DateTimeOffset) || t == typeof(TimeSpan) || t == typeof(Guid) || t == typeof(DateOnly) || t == typeof(TimeOnly))
            {
                if (d.Kind != JsonValueKind.String) throw Mismatch(d, t, path);
                try
                {
                    if (t == typeof(DateTime))
                    {
                        if (!TryDateTime(d.Text, out DateTime dt)) throw Mismatch(d, t, path);
                        return dt;
                    }
                    if (t == typeof(DateTimeOffset)) return DateTimeOffset.Parse(d.Text, System.Globalization.CultureInfo.InvariantCulture);
                    if (t == typeof(TimeSpan)) return TimeSpan.Parse(d.Text, System.Globalization.CultureInfo.InvariantCulture);
                    if (t == typeof(Guid)) return Guid.Parse(d.Text);
                    if (t == typeof(DateOnly)) return DateOnly.Parse(d.Text, System.Globalization.CultureInfo.InvariantCulture);
                    return TimeOnly.Parse(d.Text, System.Globalization.CultureInfo.InvariantCulture);
                }
                catch (FormatException) { throw Mismatch(d, t, path); }
            }
            if (t == typeof(byte[]))
            {
                if (d.Kind != JsonValueKind.String) throw Mismatch(d, t, path);
                return System.Convert.FromBase64String(d.Text);
            }
            if (t.IsArray)
            {
                if (d.Kind != JsonValueKind.Array) throw Mismatch(d, t, path);
                Type et = Internal.VM.JsonElemType(t);
                object arr = Internal.VM.NewArray(et, d.Items.Count);
                for (int k = 0; k < d.Items.Count; k++) Internal.VM.JsonSetAt(arr, k, Convert(d.Items[k], et, o, path + "[" + k + "]", false));
                return arr;
            }
            int shape = Internal.VM.JsonShape(t);
            if (shape == 2)
            {
                // a dictionary: string (or number) keys
                if (d.Kind != JsonValueKind.Object) throw Mismatch(d, t, path);
                Type kt = Internal.VM.JsonKeyType(t), vt = Internal.VM.JsonElemType(t);
                object dict = Internal.VM.JsonNew(t);
                for (int k = 0; k < d.Items.Count; k++)
                {
                    string name = d.Names[k];
                    object key = name;
                    if (kt != typeof(string) && kt != typeof(object))
                    {
                        key = kt.IsEnum ? Enum.Parse(kt, name, true) : Number(name, kt);
                        if (key == null) throw Mismatch(d, kt, Child(path, name));
                    }
                    Internal.VM.JsonDictSet(dict, key, Convert(d.Items[k], vt, o, Child(path, name), false));
                }
                return dict;
            }
            if (shape == 1)
            {
                // a collection with Add
                if (d.Kind != JsonValueKind.Array) throw Mismatch(d, t, path);
                Type et = Internal.VM.JsonElemType(t);
                object list = Internal.VM.JsonNew(t);
                for (int k = 0; k < d.Items.Count; k++) Internal.VM.JsonAdd(list, Convert(d.Items[k], et, o, path + "[" + k + "]", false));
                return list;
            }
            TypeMeta meta = Meta(t, o);
            if (meta == null)
            {
                if (t.IsInterface) throw new NotSupportedException("Deserialization of interface types is not supported. Type '" + TypeName(t) + "'. Path: " + path + " | LineNumber: 0 | BytePositionInLine: 0.");
                throw new NotSupportedException("Deserialization of type '" + TypeName(t) + "' is not supported.");
            }
            if (d.Kind != JsonValueKind.Object) throw Mismatch(d, t, path);
            var sink = meta.Sink;
            if (!sink.CanCreate)
            {
                if (t.IsInterface) throw new NotSupportedException("Deserialization of interface types is not supported. Type '" + TypeName(t) + "'.");
                throw new NotSupportedException("Deserialization of types without a parameterless constructor, a singular parameterized constructor, or a parameterized constructor annotated with 'JsonConstructorAttribute' is not supported. Type '" + TypeName(t) + "'. Path: " + path + " | LineNumber: 0 | BytePositionInLine: 1.");
            }
            // the JSON value of each member, and of each constructor parameter
            var used = new bool[d.Items.Count];
            object[] args = new object[sink.CtorNames == null ? 0 : sink.CtorNames.Length];
            for (int p = 0; p < args.Length; p++)
            {
                string pname = sink.CtorNames[p];
                string key = null;
                foreach (var m in meta.All)
                    if (string.Equals(m.Name, pname, StringComparison.OrdinalIgnoreCase)) { key = m.Key; break; }
                if (key == null) key = o.PropertyNamingPolicy != null ? o.PropertyNamingPolicy.ConvertName(pname) : pname;
                int at = Index(d, key, o.PropertyNameCaseInsensitive);
                if (at >= 0)
                {
                    used[at] = true;
                    args[p] = Convert(d.Items[at], HintFor(meta, pname) ?? sink.CtorTypes[p], o, Child(path, d.Names[at]), StringEnumFor(meta, pname));
                }
                else args[p] = sink.CtorTypes[p].IsValueType ? Internal.VM.CreateInstance(sink.CtorTypes[p]) : null;
            }
            object obj = System.Text.Json.Serialization.Metadata.JsonMetaSink.Call(t, 3, 0, null, args, null);
            foreach (var m in meta.All)
            {
                if (m.Ignore == (int)System.Text.Json.Serialization.JsonIgnoreCondition.Always) continue;
                int at = Index(d, m.Key, o.PropertyNameCaseInsensitive);
                if (at < 0 || used[at]) continue;
                used[at] = true;
                if (!m.Writable)
                {
                    // a read-only collection property is filled in place
                    int sh = Internal.VM.JsonShape(m.Type);
                    object cur = sh != 0 && m.Readable ? m.Get(obj) : null;
                    if (cur != null && d.Items[at].Kind == JsonValueKind.Array && sh == 1)
                    {
                        Type et = Internal.VM.JsonElemType(m.Type);
                        for (int k = 0; k < d.Items[at].Items.Count; k++) Internal.VM.JsonAdd(cur, Convert(d.Items[at].Items[k], et, o, Child(path, d.Names[at]) + "[" + k + "]", false));
                    }
                    continue;
                }
                object val = Convert(d.Items[at], m.ReadType, o, Child(path, d.Names[at]), m.StringEnum);
                obj = m.Set(obj, val);
            }
            string missing = null;
            foreach (var m in meta.All)
                if ((m.Flags & 32) != 0 && Index(d, m.Key, o.PropertyNameCaseInsensitive) < 0)
                    missing = (missing == null ? "" : missing + "; ") + "'" + m.Key + "'";
            if (missing != null)
                throw new JsonException("JSON deserialization for type '" + TypeName(t) + "' was missing required properties including: " + missing + ".", path, null, null);
            if (o.UnmappedMemberHandling == System.Text.Json.Serialization.JsonUnmappedMemberHandling.Disallow)
                for (int k = 0; k < used.Length; k++)
                    if (!used[k]) throw new JsonException("The JSON property '" + d.Names[k] + "' could not be mapped to any .NET member contained in type '" + TypeName(t) + "'.");
            return obj;
        }

        static Type HintFor(TypeMeta meta, string name)
        {
            foreach (var m in meta.All)
                if (string.Equals(m.Name, name, StringComparison.OrdinalIgnoreCase)) return m.Hint;
            return null;
        }

        static bool StringEnumFor(TypeMeta meta, string name)
        {
            foreach (var m in meta.All)
                if (string.Equals(m.Name, name, StringComparison.OrdinalIgnoreCase)) return m.StringEnum;
            return false;
        }

        // Index finds the last property of d named key: JSON's last
        // duplicate wins, as in .NET.
        static int Index(JsonData d, string key, bool ignoreCase)
        {
            for (int k = d.Names.Count - 1; k >= 0; k--)
                if (d.Names[k] == key) return k;
            if (ignoreCase)
                for (int k = d.Names.Count - 1; k >= 0; k--)
                    if (string.Equals(d.Names[k], key, StringComparison.OrdinalIgnoreCase)) return k;
            return -1;
        }

        static object Number(string text, Type t)
        {
            var inv = System.Globalization.CultureInfo.InvariantCulture;
            var integer = System.Globalization.NumberStyles.AllowLeadingSign;
            var real = System.Globalization.NumberStyles.Float;
            if (t == typeof(int)) return int.TryParse(text, integer, inv, out int a) ? a : null;
            if (t == typeof(long)) return long.TryParse(text, integer, inv, out long b) ? b : null;
            if (t == typeof(double)) return double.TryParse(text, real, inv, out double c) ? c : null;
            if (t == typeof(float)) return float.TryParse(text, real, inv, out float e) ? e : null;
            if (t == typeof(decimal)) return decimal.TryParse(text, real, inv, out decimal f) ? f : null;
            if (t == typeof(short)) return short.TryParse(text, integer, inv, out short g) ? g : null;
            if (t == typeof(byte)) return byte.TryParse(text, integer, inv, out byte h) ? h : null;
            if (t == typeof(sbyte)) return sbyte.TryParse(text, integer, inv, out sbyte i) ? i : null;
            if (t == typeof(ushort)) return ushort.TryParse(text, integer, inv, out ushort j) ? j : null;
            if (t == typeof(uint)) return uint.TryParse(text, integer, inv, out uint k) ? k : null;
            if (t == typeof(ulong)) return ulong.TryParse(text, integer, inv, out ulong l) ? l : null;
            return null;
        }
    }
}

namespace System.Text.Json.Nodes
{
    public struct JsonNodeOptions
    {
        public bool PropertyNameCaseInsensitive { get; set; }
    }

    // The mutable document model. A JsonValue holds a .NET value (a
    // number, string, bool, ...) or a parsed JSON primitive (_data).
    public abstract class JsonNode
    {
        internal JsonNode _parent;

        internal JsonNode() { }

        public JsonNode Parent => _parent;

        public JsonNode Root
        {
            get
            {
                JsonNode n = this;
                while (n._parent != null) n = n._parent;
                return n;
            }
        }

        public JsonNodeOptions? Options => null;

        public JsonNode this[string propertyName]
        {
            get => AsObject()[propertyName];
            set => AsObject()[propertyName] = value;
        }

        public JsonNode this[int index]
        {
            get => AsArray()[index];
            set => AsArray()[index] = value;
        }

        public JsonObject AsObject()
        {
            if (this is JsonObject o) return o;
            throw new InvalidOperationException("The node must be of type 'JsonObject'.");
        }

        public JsonArray AsArray()
        {
            if (this is JsonArray a) return a;
            throw new InvalidOperationException("The node must be of type 'JsonArray'.");
        }

        public JsonValue AsValue()
        {
            if (this is JsonValue v) return v;
            throw new InvalidOperationException("The node must be of type 'JsonValue'.");
        }

        public virtual T GetValue<T>()
        {
            throw new InvalidOperationException("An element of type '" + GetValueKind() + "' cannot be converted to a '" + typeof(T).FullName + "'.");
        }

        public abstract JsonValueKind GetValueKind();

        public string GetPropertyName()
        {
            if (_parent is JsonObject o)
                foreach (var kv in o)
                    if (object.ReferenceEquals(kv.Value, this)) return kv.Key;
            throw new InvalidOperationException("The parent of this node is not a JsonObject.");
        }

        public int GetElementIndex()
        {
            if (_parent is JsonArray a) return a.IndexOf(this);
            throw new InvalidOperationException("The parent of this node is not a JsonArray.");
        }

        public string GetPath()
        {
            if (_parent == null) return "$";
            string p = _parent.GetPath();
            if (_parent is JsonArray a) return p + "[" + a.IndexOf(this) + "]";
            string name = GetPropertyName();
            foreach (char c in name)
                if (!(char.IsLetterOrDigit(c) || c == '_')) return p + "['" + name + "']";
            return p + "." + name;
        }

        public abstract JsonNode DeepClone();

        public static bool DeepEquals(JsonNode node1, JsonNode node2)
        {
            if (node1 == null || node2 == null) return node1 == null && node2 == null;
            return DataEquals(JsonParser.Parse(node1.ToJsonString(), false, JsonCommentHandling.Disallow, 0), JsonParser.Parse(node2.ToJsonString(), false, JsonCommentHandling.Disallow, 0));
        }

        internal static bool DataEquals(JsonData a, JsonData b)
        {
            if (a == null || b == null) return a == b;
            if (a.Kind != b.Kind) return false;
            switch (a.Kind)
            {
                case JsonValueKind.String: return a.Text == b.Text;
                case JsonValueKind.Number:
                    return a.Text == b.Text || decimal.TryParse(a.Text, System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out decimal x)
                        && decimal.TryParse(b.Text, System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out decimal y) && x == y;
                case JsonValueKind.Array:
                    if (a.Items.Count != b.Items.Count) return false;
                    for (int k = 0; k < a.Items.Count; k++)
                        if (!DataEquals(a.Items[k], b.Items[k])) return false;
                    return true;
                case JsonValueKind.Object:
                    if (a.Items.Count != b.Items.Count) return false;
                    for (int k = 0; k < a.Items.Count; k++)
                        if (!DataEquals(a.Items[k], b.Find(a.Names[k], false))) return false;
                    return true;
            }
            return true;
        }

        public static JsonNode Parse(string json, JsonNodeOptions? nodeOptions = null, JsonDocumentOptions documentOptions = default)
            => FromData(JsonParser.Parse(json, documentOptions.AllowTrailingCommas, documentOptions.CommentHandling, documentOptions.MaxDepth), nodeOptions);

        public static JsonNode Parse(System.IO.Stream utf8Json, JsonNodeOptions? nodeOptions = null, JsonDocumentOptions documentOptions = default)
            => Parse(JsonSerializer.ReadAll(utf8Json), nodeOptions, documentOptions);

        public static async System.Threading.Tasks.Task<JsonNode> ParseAsync(System.IO.Stream utf8Json, JsonNodeOptions? nodeOptions = null, JsonDocumentOptions documentOptions = default, System.Threading.CancellationToken cancellationToken = default)
        {
            string text = await JsonSerializer.ReadAllAsync(utf8Json);
            return Parse(text, nodeOptions, documentOptions);
        }

        internal static JsonNode FromData(JsonData d, JsonNodeOptions? options)
        {
            switch (d.Kind)
            {
                case JsonValueKind.Null: return null;
                case JsonValueKind.Object:
                    var o = new JsonObject(options);
                    for (int k = 0; k < d.Items.Count; k++) o[d.Names[k]] = FromData(d.Items[k], options);
                    return o;
                case JsonValueKind.Array:
                    var a = new JsonArray(options);
                    foreach (var x in d.Items) a.Add(FromData(x, options));
                    return a;
                default:
                    return new JsonValueImpl(null, d);
            }
        }

        public string ToJsonString(JsonSerializerOptions options = null)
        {
            JsonSerializerOptions o = options ?? JsonSerializerOptions.Default;
            var w = new JsonOut { Indented = o.WriteIndented, Relaxed = o.Encoder != null && o.Encoder._relaxed, AllNonAscii = o.Encoder != null && o.Encoder._allNonAscii };
            WriteOut(w, o);
            return w.ToString();
        }

        // ToString is the JSON text indented, a string value's text bare.
        public override string ToString()
        {
            if (this is JsonValue && GetValueKind() == JsonValueKind.String) return GetValue<string>();
            var w = new JsonOut { Indented = true };
            WriteOut(w, JsonSerializerOptions.Default);
            return w.ToString();
        }

        internal abstract void WriteOut(JsonOut w, JsonSerializerOptions o);

        internal static void WriteNode(JsonOut w, JsonNode n, JsonSerializerOptions o)
        {
            if (n == null) w.Raw("null");
            else n.WriteOut(w, o);
        }

        public static implicit operator JsonNode(int value) => JsonValue.Create(value);
        public static implicit operator JsonNode(long value) => JsonValue.Create(value);
        public static implicit operator JsonNode(double value) => JsonValue.Create(value);
        public static implicit operator JsonNode(float value) => JsonValue.Create(value);
        public static implicit operator JsonNode(decimal value) => JsonValue.Create(value);
        public static implicit operator JsonNode(bool value) => JsonValue.Create(value);
        public static implicit operator JsonNode(string value) => value == null ? null : JsonValue.Create(value);
        public static implicit operator JsonNode(char value) => JsonValue.Create(value);
        public static implicit operator JsonNode(short value) => JsonValue.Create(value);
        public static implicit operator JsonNode(byte value) => JsonValue.Create(value);
        public static implicit operator JsonNode(uint value) => JsonValue.Create(value);
        public static implicit operator JsonNode(ulong value) => JsonValue.Create(value);
        public static implicit operator JsonNode(DateTime value) => JsonValue.Create(value);
        public static implicit operator JsonNode(DateTimeOffset value) => JsonValue.Create(value);
        public static implicit operator JsonNode(Guid value) => JsonValue.Create(value);
        public static implicit operator JsonNode(int? value) => value.HasValue ? JsonValue.Create(value.Value) : null;
        public static implicit operator JsonNode(long? value) => value.HasValue ? JsonValue.Create(value.Value) : null;
        public static implicit operator JsonNode(double? value) => value.HasValue ? JsonValue.Create(value.Value) : null;
        public static implicit operator JsonNode(bool? value) => value.HasValue ? JsonValue.Create(value.Value) : null;
        public static implicit operator JsonNode(decimal? value) => value.HasValue ? JsonValue.Create(value.Value) : null;

        public static explicit operator int(JsonNode value) => value.GetValue<int>();
        public static explicit operator long(JsonNode value) => value.GetValue<long>();
        public static explicit operator double(JsonNode value) => value.GetValue<double>();
        public static explicit operator float(JsonNode value) => value.GetValue<float>();
        public static explicit operator decimal(JsonNode value) => value.GetValue<decimal>();
        public static explicit operator bool(JsonNode value) => value.GetValue<bool>();
        public static explicit operator string(JsonNode value) => value == null ? null : value.GetValue<string>();
        public static explicit operator short(JsonNode value) => value.GetValue<short>();
        public static explicit operator byte(JsonNode value) => value.GetValue<byte>();
        public static explicit operator char(JsonNode value) => value.GetValue<char>();
        public static explicit operator DateTime(JsonNode value) => value.GetValue<DateTime>();
        public static explicit operator Guid(JsonNode value) => value.GetValue<Guid>();
        public static explicit operator int?(JsonNode value) => value == null ? null : value.GetValue<int>();
        public static explicit operator long?(JsonNode value) => value == null ? null : value.GetValue<long>();
        public static explicit operator double?(JsonNode value) => value == null ? null : value.GetValue<double>();
        public static explicit operator bool?(JsonNode value) => value == null ? null : value.GetValue<bool>();
        public static explicit operator decimal?(JsonNode value) => value == null ? null : value.GetValue<decimal>();
    }

    public sealed class JsonObject : JsonNode, System.Collections.Generic.IEnumerable<System.Collections.Generic.KeyValuePair<string, JsonNode>>
    {
        readonly System.Collections.Generic.List<string> _names = new System.Collections.Generic.List<string>();
        readonly System.Collections.Generic.List<JsonNode> _values = new System.Collections.Generic.List<JsonNode>();
        readonly bool _ignoreCase;

        public JsonObject(JsonNodeOptions? options = null) { _ignoreCase = options.HasValue && options.Value.PropertyNameCaseInsensitive; }

        public JsonObject(System.Collections.Generic.IEnumerable<System.Collections.Generic.KeyValuePair<string, JsonNode>> properties, JsonNodeOptions? options = null) : this(options)
        {
            foreach (var kv in properties) Add(kv.Key, kv.Value);
        }

        int Find(string name)
        {
            for (int k = 0; k < _names.Count; k++)
                if (_names[k] == name) return k;
            if (_ignoreCase)
                for (int k = 0; k < _names.Count; k++)
                    if (string.Equals(_names[k], name, StringComparison.OrdinalIgnoreCase)) return k;
            return -1;
        }

        public new JsonNode this[string propertyName]
        {
            get
            {
                int k = Find(propertyName);
                return k < 0 ? null : _values[k];
            }
            set
            {
                Adopt(value);
                int k = Find(propertyName);
                if (k < 0) { _names.Add(propertyName); _values.Add(value); }
                else
                {
                    if (_values[k] != null) _values[k]._parent = null;
                    _values[k] = value;
                }
            }
        }

        void Adopt(JsonNode value)
        {
            if (value == null) return;
            if (value._parent != null) throw new InvalidOperationException("The node already has a parent.");
            value._parent = this;
        }

        public int Count => _names.Count;

        public void Add(string propertyName, JsonNode value)
        {
            if (propertyName == null) throw new ArgumentNullException("propertyName");
            if (Find(propertyName) >= 0) throw new ArgumentException("An item with the same key has already been added. Key: " + propertyName);
            Adopt(value);
            _names.Add(propertyName);
            _values.Add(value);
        }

        public void Add(System.Collections.Generic.KeyValuePair<string, JsonNode> property) { Add(property.Key, property.Value); }

        public bool ContainsKey(string propertyName) => Find(propertyName) >= 0;

        public bool Remove(string propertyName)
        {
            int k = Find(propertyName);
            if (k < 0) return false;
            if (_values[k] != null) _values[k]._parent = null;
            _names.RemoveAt(k);
            _values.RemoveAt(k);
            return true;
        }

        public void Clear()
        {
            foreach (var v in _values) if (v != null) v._parent = null;
            _names.Clear();
            _values.Clear();
        }

        public bool TryGetPropertyValue(string propertyName, out JsonNode jsonNode)
        {
            int k = Find(propertyName);
            jsonNode = k < 0 ? null : _values[k];
            return k >= 0;
        }

        public System.Collections.Generic.ICollection<string> Keys => new System.Collections.Generic.List<string>(_names);
        public System.Collections.Generic.ICollection<JsonNode> Values => new System.Collections.Generic.List<JsonNode>(_values);

        public System.Collections.Generic.IEnumerator<System.Collections.Generic.KeyValuePair<string, JsonNode>> GetEnumerator()
        {
            for (int k = 0; k < _names.Count; k++)
                yield return new System.Collections.Generic.KeyValuePair<string, JsonNode>(_names[k], _values[k]);
        }

        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();

        public override JsonValueKind GetValueKind() => JsonValueKind.Object;

        public override JsonNode DeepClone()
        {
            var o = new JsonObject(new JsonNodeOptions { PropertyNameCaseInsensitive = _ignoreCase });
            for (int k = 0; k < _names.Count; k++) o[_names[k]] = _values[k]?.DeepClone();
            return o;
        }

        internal override void WriteOut(JsonOut w, JsonSerializerOptions o)
        {
            w.Start('{');
            for (int k = 0; k < _names.Count; k++)
            {
                w.Name(_names[k]);
                WriteNode(w, _values[k], o);
            }
            w.End('}');
        }
    }

    public sealed class JsonArray : JsonNode, System.Collections.Generic.IList<JsonNode>
    {
        readonly System.Collections.Generic.List<JsonNode> _items = new System.Collections.Generic.List<JsonNode>();

        public JsonArray(JsonNodeOptions? options = null) { }

        public JsonArray(params JsonNode[] items)
        {
            foreach (var x in items) Add(x);
        }

        public JsonArray(JsonNodeOptions options, params JsonNode[] items)
        {
            foreach (var x in items) Add(x);
        }

        void Adopt(JsonNode value)
        {
            if (value == null) return;
            if (value._parent != null) throw new InvalidOperationException("The node already has a parent.");
            value._parent = this;
        }

        public new JsonNode this[int index]
        {
            get => _items[index];
            set
            {
                Adopt(value);
                if (_items[index] != null) _items[index]._parent = null;
                _items[index] = value;
            }
        }

        public int Count => _items.Count;
        public bool IsReadOnly => false;

        public void Add(JsonNode item)
        {
            Adopt(item);
            _items.Add(item);
        }

        public void Add<T>(T value)
        {
            Add(value == null ? null : value as JsonNode ?? JsonValue.Create<T>(value));
        }

        public void Insert(int index, JsonNode item)
        {
            Adopt(item);
            _items.Insert(index, item);
        }

        public bool Remove(JsonNode item)
        {
            int k = IndexOf(item);
            if (k < 0) return false;
            RemoveAt(k);
            return true;
        }

        public void RemoveAt(int index)
        {
            if (_items[index] != null) _items[index]._parent = null;
            _items.RemoveAt(index);
        }

        public int RemoveAll(Func<JsonNode, bool> match)
        {
            int n = 0;
            for (int k = _items.Count - 1; k >= 0; k--)
                if (match(_items[k])) { RemoveAt(k); n++; }
            return n;
        }

        public void Clear()
        {
            foreach (var x in _items) if (x != null) x._parent = null;
            _items.Clear();
        }

        public bool Contains(JsonNode item) => IndexOf(item) >= 0;

        public int IndexOf(JsonNode item)
        {
            for (int k = 0; k < _items.Count; k++)
                if (object.ReferenceEquals(_items[k], item)) return k;
            return -1;
        }

        public void CopyTo(JsonNode[] array, int index) { _items.CopyTo(array, index); }

        public System.Collections.Generic.IEnumerable<T> GetValues<T>()
        {
            foreach (var x in _items) yield return x.GetValue<T>();
        }

        public System.Collections.Generic.IEnumerator<JsonNode> GetEnumerator() => _items.GetEnumerator();
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => _items.GetEnumerator();

        public override JsonValueKind GetValueKind() => JsonValueKind.Array;

        public override JsonNode DeepClone()
        {
            var a = new JsonArray();
            foreach (var x in _items) a.Add(x?.DeepClone());
            return a;
        }

        internal override void WriteOut(JsonOut w, JsonSerializerOptions o)
        {
            w.Start('[');
            foreach (var x in _items) WriteNode(w, x, o);
            w.End(']');
        }
    }

    public abstract class JsonValue : JsonNode
    {
        internal JsonValue() { }

        public static JsonValue Create<T>(T value, JsonNodeOptions? options = null)
        {
            if (value == null) return null;
            if ((object)value is JsonElement e)
            {
                if (e.ValueKind == JsonValueKind.Null) return null;
                if (e.ValueKind == JsonValueKind.Object || e.ValueKind == JsonValueKind.Array)
                    throw new InvalidOperationException("The element must be of type 'String', 'Number', 'True', 'False' or 'Null'.");
                return new JsonValueImpl(null, e._d);
            }
            return new JsonValueImpl(value, null);
        }

        public abstract bool TryGetValue<T>(out T value);
    }

    internal sealed class JsonValueImpl : JsonValue
    {
        readonly object _value;
        readonly JsonData _data;

        public JsonValueImpl(object value, JsonData data) { _value = value; _data = data; }

        public override JsonValueKind GetValueKind()
        {
            if (_data != null) return _data.Kind;
            switch (_value)
            {
                case bool b: return b ? JsonValueKind.True : JsonValueKind.False;
                case string _: case char _: case DateTime _: case DateTimeOffset _: case Guid _: case TimeSpan _: return JsonValueKind.String;
                case Enum _: return JsonValueKind.Number;
            }
            return _value is IFormattable ? JsonValueKind.Number : JsonValueKind.Object;
        }

        public override T GetValue<T>()
        {
            if (TryGetValue<T>(out T v)) return v;
            if (_data != null)
                throw new InvalidOperationException("An element of type '" + _data.Kind + "' cannot be converted to a '" + typeof(T).FullName + "'.");
            throw new InvalidOperationException("An element of type '" + GetValueKind() + "' cannot be converted to a '" + typeof(T).FullName + "'.");
        }

        public override bool TryGetValue<T>(out T value)
        {
            if (_data == null)
            {
                if (_value is T t) { value = t; return true; }
                if (typeof(T) == typeof(JsonElement))
                {
                    value = (T)(object)JsonElement.ParseValue(ToJsonString());
                    return true;
                }
                value = default;
                return false;
            }
            Type tt = typeof(T);
            if (tt == typeof(JsonElement)) { value = (T)(object)new JsonElement(_data); return true; }
            if (tt == typeof(object)) { value = (T)(object)new JsonElement(_data); return true; }
            bool ok = _data.Kind == JsonValueKind.String
                ? tt == typeof(string) || tt == typeof(char) || tt == typeof(DateTime) || tt == typeof(DateTimeOffset) || tt == typeof(Guid) || tt == typeof(DateTime?) || tt == typeof(Guid?)
                : _data.Kind == JsonValueKind.Number ? tt != typeof(string) && tt != typeof(bool) && tt != typeof(bool?) && tt != typeof(char)
                : tt == typeof(bool) || tt == typeof(bool?);
            if (ok)
            {
                try
                {
                    value = (T)JsonSerializer.Convert(_data, tt, JsonSerializerOptions.Default, "$", false);
                    return true;
                }
                catch (JsonException) { }
                catch (FormatException) { }
            }
            value = default;
            return false;
        }

        public override JsonNode DeepClone() => new JsonValueImpl(_value, _data);

        internal override void WriteOut(JsonOut w, JsonSerializerOptions o)
        {
            if (_data != null) w.RawValue(_data);
            else
            {
                w.Raw(JsonSerializer.Write(_value, _value.GetType(), o));
            }
        }
    }
}

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

        public Exception() { }
        public Exception(string message) { _message = message; }
        public Exception(string message, Exception innerException) { _message = message; _innerException = innerException; }

        public virtual string Message => _message ?? ("Exception of type '" + GetType().FullName + "' was thrown.");
        public Exception InnerException => _innerException;
        public virtual string StackTrace => Internal.VM.StackTrace(this);
        public string Source { get; set; }
        public int HResult { get; set; }

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
        public string ObjectName => _objectName ?? "";
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
        // The prelude's bodies choose constructors by argument count, so
        // one constructor takes a parameter name or an inner exception; it
        // is named paramName for the named-argument form C# code writes.
        public ArgumentException(string message, object paramName) : base(message, paramName as Exception)
        {
            if (paramName is string p) _paramName = p;
        }
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
        // The token, or null for CancellationToken.None. Overloads are chosen
        // by argument count, so the one-argument constructor takes a message
        // or a token, and the two-argument one a message and a token or an
        // inner exception.
        private object _token;
        public OperationCanceledException() : base("The operation was canceled.") { }
        public OperationCanceledException(object arg) : base(arg is string || arg == null ? (string)arg : "The operation was canceled.")
        {
            if (!(arg is string)) _token = arg;
        }
        public OperationCanceledException(string message, object second) : base(message, second as Exception)
        {
            if (!(second is Exception)) _token = second;
        }
        public OperationCanceledException(string message, Exception innerException, object token) : base(message, innerException) { _token = token; }
        public object CancellationToken => _token ?? System.Threading.CancellationToken.None;
    }

    public class MissingMemberException : SystemException
    {
        public MissingMemberException() : base("Attempted to access a missing member.") { }
        public MissingMemberException(string message) : base(message) { }
    }

    public class MissingMethodException : MissingMemberException
    {
        public MissingMethodException() : base("Attempted to access a missing method.") { }
        public MissingMethodException(string message) : base(message) { }
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

namespace System.Collections
{
    public interface IEnumerable
    {
    }

    public interface IEnumerator
    {
        bool MoveNext();
    }
}

namespace System.Collections.Generic
{
    public interface IEnumerable<T> : System.Collections.IEnumerable
    {
    }

    public interface IEnumerator<T> : System.Collections.IEnumerator, System.IDisposable
    {
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

        public System.Threading.Tasks.ValueTask<bool> MoveNextAsync() =>
            _moveNext == null ? new System.Threading.Tasks.ValueTask<bool>(false) : new System.Threading.Tasks.ValueTask<bool>(_moveNext(false));

        public System.Threading.Tasks.ValueTask DisposeAsync() =>
            _moveNext == null ? default : new System.Threading.Tasks.ValueTask(_moveNext(true));

        public System.Collections.Generic.IAsyncEnumerator<T> GetAsyncEnumerator(System.Threading.CancellationToken cancellationToken = default)
        {
            if (_moveNext == null && _thread == Environment.CurrentManagedThreadId)
            {
                _moveNext = _start(this);
                return this;
            }
            return new LocalAsyncIterator<T>(_start, false);
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
}

namespace System.Threading.Tasks
{
    public static class TaskAsyncEnumerableExtensions
    {
        public static System.Runtime.CompilerServices.ConfiguredCancelableAsyncEnumerable<T> WithCancellation<T>(this System.Collections.Generic.IAsyncEnumerable<T> source, System.Threading.CancellationToken cancellationToken) =>
            new System.Runtime.CompilerServices.ConfiguredCancelableAsyncEnumerable<T>(source, cancellationToken);
        public static System.Runtime.CompilerServices.ConfiguredCancelableAsyncEnumerable<T> ConfigureAwait<T>(this System.Collections.Generic.IAsyncEnumerable<T> source, bool continueOnCapturedContext) =>
            new System.Runtime.CompilerServices.ConfiguredCancelableAsyncEnumerable<T>(source, default);
    }

    public class TaskCanceledException : OperationCanceledException
    {
        public TaskCanceledException() : base("A task was canceled.") { }
        // A message, or the canceled Task (whose token asyncvm does not keep).
        public TaskCanceledException(object arg) : base(arg is string || arg == null ? (string)arg : "A task was canceled.") { }
        public TaskCanceledException(string message, Exception innerException) : base(message, innerException) { }
        public TaskCanceledException(string message, Exception innerException, object token) : base(message, innerException, token) { }
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
    }

    public class ThreadInterruptedException : SystemException
    {
        public ThreadInterruptedException() : base("Thread was interrupted from a waiting state.") { }
        public ThreadInterruptedException(string message) : base(message) { }
    }

    public class SemaphoreFullException : SystemException
    {
        public SemaphoreFullException() : base("Adding the specified count to the semaphore would cause it to exceed its maximum count.") { }
        public SemaphoreFullException(string message) : base(message) { }
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
        public static Channel<T> CreateBounded<T>(BoundedChannelOptions options) => new Channel<T>(options.Capacity, options.FullMode);
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

        internal Channel(int capacity, BoundedChannelFullMode mode)
        {
            _capacity = capacity;
            _mode = mode;
            Reader = new ChannelReader<T>(this);
            Writer = new ChannelWriter<T>(this);
        }

        public ChannelReader<T> Reader { get; }
        public ChannelWriter<T> Writer { get; }

        internal static void Wake(List<TaskCompletionSource<bool>> waiters, bool result)
        {
            foreach (var w in waiters) w.TrySetResult(result);
            waiters.Clear();
        }

        // Finish completes Completion once the channel is closed and drained.
        internal void Finish()
        {
            if (_error != null) _completion.TrySetException(_error);
            else _completion.TrySetResult();
        }

        internal static ValueTask<bool> Wait(List<TaskCompletionSource<bool>> waiters, CancellationToken ct)
        {
            var tcs = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
            waiters.Add(tcs);
            if (ct.CanBeCanceled) ct.Register(() => tcs.TrySetCanceled(ct));
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
                            return true;
                        case BoundedChannelFullMode.DropNewest:
                            _c._items.RemoveAt(_c._items.Count - 1);
                            break;
                        default:
                            _c._items.RemoveAt(0);
                            break;
                    }
                }
                _c._items.Add(item);
                Channel<T>.Wake(_c._readWaiters, true);
                return true;
            }
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
                Channel<T>.Wake(_c._readWaiters, false);
                Channel<T>.Wake(_c._writeWaiters, false);
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

    // Progress<T> invokes its handler on the thread pool: a console program
    // has no SynchronizationContext to post to.
    public class Progress<T> : IProgress<T>
    {
        readonly Action<T> _handler;
        public Progress() { }
        public Progress(Action<T> handler)
        {
            if (handler == null) throw new ArgumentNullException(nameof(handler));
            _handler = handler;
        }
        protected virtual void OnReport(T value)
        {
            var h = _handler;
            if (h != null) System.Threading.ThreadPool.QueueUserWorkItem(_ => h(value));
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
        readonly System.Collections.Concurrent.ConcurrentDictionary<int, T> _values = new System.Collections.Concurrent.ConcurrentDictionary<int, T>();

        public ThreadLocal() { }
        public ThreadLocal(bool trackAllValues) { }
        public ThreadLocal(Func<T> valueFactory)
        {
            if (valueFactory == null) throw new ArgumentNullException(nameof(valueFactory));
            _factory = valueFactory;
        }
        public ThreadLocal(Func<T> valueFactory, bool trackAllValues) : this(valueFactory) { }

        public T Value
        {
            get
            {
                int id = Thread.CurrentThread.ManagedThreadId;
                if (_values.TryGetValue(id, out T v)) return v;
                T created = _factory != null ? _factory() : default(T);
                _values[id] = created;
                return created;
            }
            set { _values[Thread.CurrentThread.ManagedThreadId] = value; }
        }

        public bool IsValueCreated => _values.ContainsKey(Thread.CurrentThread.ManagedThreadId);
        public System.Collections.Generic.IList<T> Values => new System.Collections.Generic.List<T>(_values.Values);
        public void Dispose() { }
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
        public static void WaitForPendingFinalizers() { }
    }
}

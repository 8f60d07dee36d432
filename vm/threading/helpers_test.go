package threading_test

import (
	"bytes"
	"sync"
	"testing"

	"asyncvm/vm"
	"asyncvm/vm/threading"
)

// syncBuf is a goroutine-safe output buffer.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var excNames = []string{
	"System.Exception", "System.SystemException", "System.InvalidOperationException",
	"System.ArgumentException", "System.ArgumentNullException", "System.ArgumentOutOfRangeException",
	"System.NullReferenceException", "System.AggregateException", "System.OperationCanceledException",
	"System.Threading.Tasks.TaskCanceledException", "System.ObjectDisposedException",
	"System.Threading.SynchronizationLockException", "System.Threading.ThreadStateException",
}

// newProgram makes a program holding the prelude's exception classes, laid
// out as vm/errors.go expects.
func newProgram() *vm.Program {
	p := &vm.Program{Extensions: map[string][]*vm.Func{}}
	byName := map[string]*vm.Type{}
	for _, full := range excNames {
		ns, name := "System", full[len("System."):]
		if i := lastDot(full); i >= 0 {
			ns, name = full[:i], full[i+1:]
		}
		super := vm.TObject
		switch name {
		case "Exception":
		case "SystemException":
			super = byName["System.Exception"]
		case "TaskCanceledException":
			super = byName["System.OperationCanceledException"]
		case "ArgumentNullException", "ArgumentOutOfRangeException":
			super = byName["System.ArgumentException"]
		default:
			super = byName["System.SystemException"]
		}
		ty := &vm.Type{Kind: vm.KindInstance, Namespace: ns, Name: name, Super: super}
		for _, f := range []string{"_message", "_innerException", "_stackTrace", "_data"} {
			ty.AddField(&vm.Field{Name: f})
		}
		ty.MarkInitialized()
		byName[full] = ty
		p.Types = append(p.Types, ty)
	}
	return p
}

func lastDot(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '.' {
			return i
		}
	}
	return -1
}

type env struct {
	m    *vm.Machine
	main *vm.Thread
	out  *syncBuf
}

func newEnv(tb testing.TB) *env {
	out := &syncBuf{}
	m := vm.NewMachine(newProgram(), out, out)
	main := m.NewThread()
	threading.Install(m)
	threading.Attach(main)
	tb.Cleanup(m.Close)
	return &env{m: m, main: main, out: out}
}

// static calls a library static member.
func static(tb testing.TB, t *vm.Thread, typ, name string, args ...vm.Value) (vm.Value, error) {
	tb.Helper()
	ty := vm.Builtin(typ)
	if ty == nil {
		tb.Fatalf("no type %s", typ)
	}
	f := ty.LookupStatic(name, len(args))
	if f == nil {
		tb.Fatalf("no static %s.%s/%d", typ, name, len(args))
	}
	return f.Native(t, append([]vm.Value(nil), args...))
}

// method calls a library instance member.
func method(tb testing.TB, t *vm.Thread, recv vm.Value, name string, args ...vm.Value) (vm.Value, error) {
	tb.Helper()
	f := recv.Type().LookupMethod(name, len(args))
	if f == nil {
		tb.Fatalf("no method %s.%s/%d", recv.Type().FullName(), name, len(args))
	}
	return f.Native(t, append([]vm.Value{recv}, args...))
}

func must(tb testing.TB) func(v vm.Value, err error) vm.Value {
	return func(v vm.Value, err error) vm.Value {
		tb.Helper()
		if err != nil {
			tb.Errorf("unexpected error: %v", err)
		}
		return v
	}
}

// delegate makes a delegate of n parameters over a Go function.
func delegate(n int, fn func(t *vm.Thread, args []vm.Value) (vm.Value, error)) vm.Value {
	return vm.NewNativeDelegate(vm.NativeFunc("lambda", n, n, false, fn), vm.Null)
}

func action(fn func(t *vm.Thread)) vm.Value {
	return delegate(0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		fn(t)
		return vm.Null, nil
	})
}

func newLocal(tb testing.TB, e *env, elem *vm.Type, handler vm.Value) vm.Value {
	args := []vm.Value{vm.TypeObject(elem)}
	if !handler.IsNull() {
		args = append(args, handler)
	}
	return must(tb)(static(tb, e.main, "System.Threading.AsyncLocal", ".ctor", args...))
}

func getLocal(tb testing.TB, t *vm.Thread, l vm.Value) int32 {
	return must(tb)(method(tb, t, l, "get_Value")).AsInt()
}

func setLocal(tb testing.TB, t *vm.Thread, l vm.Value, v int32) {
	must(tb)(method(tb, t, l, "set_Value", vm.Int(v)))
}

package threading

import (
	"sync"

	"asyncvm/vm"
)

// Library types for the kernel-style wait handles without names: Semaphore
// and Mutex, in-process only.
var (
	TSemaphore = vm.NewLibType("System.Threading", "Semaphore", nil)
	TMutex     = vm.NewLibType("System.Threading", "Mutex", nil)
)

// mutex is a Mutex: owned by one VM thread at a time, re-entered by its
// owner (each WaitOne needs a ReleaseMutex), and waited for through a
// semaphore of one unit.
type mutex struct {
	mu    sync.Mutex
	owner *vm.Thread
	depth int
	sem   *semaphore
}

// semWaitOne waits on s as a WaitHandle's WaitOne does (args: an optional
// timeout), reporting whether it took a unit.
func semWaitOne(t *vm.Thread, s *semaphore, args []vm.Value) (bool, error) {
	limit, _, err := waitArgs(t, args)
	if err != nil {
		return false, err
	}
	ok, w := s.acquire(false)
	if ok {
		return true, nil
	}
	if !limit.infinite && limit.d == 0 {
		return !s.cancelWait(w), nil
	}
	got, err := waitOn(t, w.ch, limit, nil)
	if got {
		s.take(w)
	} else if !s.cancelWait(w) {
		got = true
	}
	if err != nil && !got {
		return false, err
	}
	return got, nil
}

func init() {
	sem := vm.RegisterType(TSemaphore)
	getS := func(v vm.Value) *semaphore { return v.AsNative().(*semaphore) }
	sem.AddStatic(".ctor", 2, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n, max := int(args[0].AsInt()), int(args[1].AsInt())
		if n < 0 {
			return vm.Null, t.Throw("System.ArgumentOutOfRangeException", "initialCount ('"+itoa(n)+"') must be a non-negative value. (Parameter 'initialCount')\nActual value was "+itoa(n)+".")
		}
		if max < 1 {
			return vm.Null, t.Throw("System.ArgumentOutOfRangeException", "maximumCount ('"+itoa(max)+"') must be a non-negative and non-zero value. (Parameter 'maximumCount')\nActual value was "+itoa(max)+".")
		}
		if n > max {
			return vm.Null, t.Throw("System.ArgumentException", "The initial count for the semaphore must be greater than or equal to zero and less than the maximum count.")
		}
		if len(args) == 3 && !args[2].IsNull() {
			return vm.Null, t.Throw("System.PlatformNotSupportedException", "The named version of this synchronization primitive is not supported on this platform.")
		}
		return vm.NewNative(TSemaphore, &semaphore{count: n, max: max}), nil
	})
	sem.AddMethod("WaitOne", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		ok, err := semWaitOne(t, getS(args[0]), args[1:])
		return vm.Bool(ok), err
	})
	sem.AddMethod("Release", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := 1
		if len(args) > 1 {
			n = int(args[1].AsInt())
		}
		prev, err := getS(args[0]).release(t, n)
		return vm.Int(int32(prev)), err
	})
	sem.AddMethod("Dispose", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Null, nil })

	mtx := vm.RegisterType(TMutex)
	getM := func(v vm.Value) *mutex { return v.AsNative().(*mutex) }
	mtx.AddStatic(".ctor", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) == 2 && !args[1].IsNull() {
			return vm.Null, t.Throw("System.PlatformNotSupportedException", "The named version of this synchronization primitive is not supported on this platform.")
		}
		m := &mutex{sem: &semaphore{count: 1, max: 1}}
		if len(args) >= 1 && args[0].AsBool() {
			m.sem.count = 0
			m.owner, m.depth = t, 1
		}
		return vm.NewNative(TMutex, m), nil
	})
	mtx.AddMethod("WaitOne", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		m := getM(args[0])
		m.mu.Lock()
		if m.owner == t {
			m.depth++
			m.mu.Unlock()
			return vm.Bool(true), nil
		}
		m.mu.Unlock()
		ok, err := semWaitOne(t, m.sem, args[1:])
		if ok {
			m.mu.Lock()
			m.owner, m.depth = t, 1
			m.mu.Unlock()
		}
		return vm.Bool(ok), err
	})
	mtx.AddMethod("ReleaseMutex", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		m := getM(args[0])
		m.mu.Lock()
		if m.owner != t {
			m.mu.Unlock()
			return vm.Null, t.Throw("System.ApplicationException", "Object synchronization method was called from an unsynchronized block of code.")
		}
		m.depth--
		last := m.depth == 0
		if last {
			m.owner = nil
		}
		m.mu.Unlock()
		if last {
			_, err := m.sem.release(t, 1)
			return vm.Null, err
		}
		return vm.Null, nil
	})
	mtx.AddMethod("Dispose", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Null, nil })
}

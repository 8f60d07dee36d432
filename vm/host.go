package vm

// Host is what a Machine needs from its library but package vm cannot
// implement without importing it: the thread pool, blocking waits, the
// awaiters and ValueTasks of library types, and culture-aware formatting.
// Package vm/threading implements it (threading.Install gives a machine
// its Host); the Machine holds it, so nothing about one machine is reachable
// from package-level state and Close can release all of it. A Machine
// without a Host (unit tests of the VM alone) runs pool work on fresh
// goroutines, blocks plainly, awaits only Tasks and formats invariantly.
type Host interface {
	// Queue runs item on a pool thread of the machine. from is the VM
	// thread queueing it, or nil outside any; a pool worker's own items go
	// to its local queue.
	Queue(from *Thread, item PoolItem)
	// Block runs wait, which blocks VM thread t until something happens,
	// telling the pool and the deadlock watch that t is not running.
	Block(t *Thread, wait func())
	// WaitTask blocks VM thread t until tk completes or the machine
	// closes (spinning briefly, then parking on t's Parker), telling the
	// pool and the deadlock watch that t is waiting for tk.
	WaitTask(t *Thread, tk *Task)
	// Awaiter returns the awaiter of a value that is not a Task (a
	// ValueTask, Task.Yield(), a configured task, a user type with a
	// GetAwaiter method), or nil, nil for a value that is not awaitable.
	Awaiter(t *Thread, v Value) (Awaiter, error)
	// ValueTask wraps tk as a ValueTask (generic: ValueTask<T>); a nil tk
	// makes one completed with result.
	ValueTask(tk *Task, result Value, generic bool) Value
	// Format formats a primitive value with a .NET format string under
	// t's current culture.
	Format(t *Thread, v Value, format string) (string, error)
	// Close releases what the library holds for the machine: pool workers
	// exit, timers stop, waits are abandoned. The machine is stopped first.
	Close()
}

// valueTask wraps tk (nil: completed with result) as a ValueTask through the
// host; without one, as a Task.
func (m *Machine) valueTask(tk *Task, result Value, generic bool) Value {
	if m.Host != nil {
		return m.Host.ValueTask(tk, result, generic)
	}
	if tk == nil {
		if generic {
			tk = NewTask(TObject)
			tk.TryComplete(nil, StatusRanToCompletion, result, nil)
		} else {
			tk = completedVoid
		}
	}
	return TaskValue(tk)
}

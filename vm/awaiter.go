package vm

// Awaiter is the awaiter protocol both execution models use: what
// GetAwaiter() returns for a Task, a ValueTask, Task.Yield(), a configured
// task or a user type implementing the pattern.
type Awaiter interface {
	// IsCompleted reports whether GetResult can be called without waiting.
	IsCompleted() bool
	// GetResult returns the result, or the exception the operation ended with
	// (a faulted task's first exception; TaskCanceledException when canceled).
	GetResult(t *Thread) (Value, error)
	// UnsafeOnCompleted arranges for resume to run once the operation
	// completes, without flowing the ExecutionContext (the caller captures
	// and restores context itself). resume receives the VM thread it runs on.
	UnsafeOnCompleted(t *Thread, resume func(t *Thread))
}

// BoundAwaiter is implemented by library awaiters whose IsCompleted may
// run program code (a ValueTask over an IValueTaskSource asks the
// source): GetAwaiter binds the awaiter to the awaiting thread.
type BoundAwaiter interface {
	BindAwaiter(t *Thread) Awaiter
}

// GetAwaiter returns the awaiter for an awaitable value.
func (t *Thread) GetAwaiter(v Value) (Awaiter, error) {
	if tk := v.AsTask(); tk != nil {
		return tk, nil
	}
	if r, _, ok := CompletedValueTaskResult(v); ok {
		return doneAwaiter{r}, nil
	}
	if a, ok := v.AsNative().(Awaiter); ok {
		if b, ok := a.(BoundAwaiter); ok {
			return b.BindAwaiter(t), nil
		}
		return a, nil
	}
	if h := t.M.Host; h != nil {
		a, err := h.Awaiter(t, v)
		if err != nil || a != nil {
			return a, err
		}
	}
	if v.IsNull() {
		return nil, t.ThrowNull()
	}
	return nil, t.Throw("System.InvalidOperationException", "'"+TypeName(v)+"' is not awaitable (it has no GetAwaiter method).")
}

// GetResult implements Awaiter for Task: the result, or the first exception
// rethrown with its stack, or TaskCanceledException.
func (tk *Task) GetResult(t *Thread) (Value, error) {
	switch tk.Status() {
	case StatusRanToCompletion:
		// The result is written before the final status is stored
		// (TryComplete) and never changes after, so once the status reads
		// complete the result can be read without the lock.
		return tk.result, nil
	case StatusFaulted, StatusCanceled:
		excs := tk.Exceptions()
		if len(excs) > 0 {
			return Null, &Thrown{excs[0]}
		}
		return Null, t.Throw("System.Threading.Tasks.TaskCanceledException", "A task was canceled.")
	}
	// Not complete: block (GetAwaiter().GetResult() on a pending task).
	if err := t.Wait(tk); err != nil {
		return Null, err
	}
	return tk.GetResult(t)
}

// UnsafeOnCompleted implements Awaiter for Task. A task that completed
// since IsCompleted was asked queues resume to t's own machine (never another
// machine's pool).
func (tk *Task) UnsafeOnCompleted(t *Thread, resume func(t *Thread)) {
	if tk.addContinuation(TaskContinuation(resume)) {
		return
	}
	if t != nil {
		t.Queue(resume)
		return
	}
	tk.runContinuation(nil, TaskContinuation(resume))
}

// Wait blocks the thread until tk completes, through the host so that the
// pool and the deadlock watch know the thread is waiting; it fails only
// when the machine closes first.
func (t *Thread) Wait(tk *Task) error {
	if tk.IsCompleted() {
		return nil
	}
	if h := t.M.Host; h != nil {
		h.WaitTask(t, tk)
	} else {
		tk.ParkUntilCompleted(t)
	}
	if tk.IsCompleted() {
		return nil
	}
	return errClosed
}

// BlockOn blocks the thread until ch is closed, through the host so that
// the pool and the deadlock watch know the thread is waiting.
func (t *Thread) BlockOn(ch <-chan struct{}) error {
	select {
	case <-ch:
		return nil
	default:
	}
	closed := t.M.closed
	wait := func() {
		select {
		case <-ch:
		case <-closed:
		}
	}
	if h := t.M.Host; h != nil {
		h.Block(t, wait)
	} else {
		wait()
	}
	select {
	case <-ch:
		return nil
	default:
		return errClosed
	}
}

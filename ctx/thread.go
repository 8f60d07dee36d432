package ctx

// Thread is the execution-context state of one VM thread: its current
// context (nil means Default). Its address is its identity, which
// AsyncFlowControl binds to, so a Thread must not be copied once used. The
// zero value is a thread on Default. A Thread is used by one goroutine at a
// time.
type Thread struct {
	ec *Context

	// FailFast, when set, receives a change handler's error during a context
	// switch instead of the package-level FailFast. If it returns, the
	// remaining notifications of that switch are skipped and the new context
	// stays installed.
	FailFast func(err error)

	// Owner is the VM's object for this thread (a *vm.Thread), so that a
	// change handler, which receives the Thread, can reach it. The package
	// never reads it.
	Owner any
}

// NewThread returns a thread on the Default context.
func NewThread() *Thread { return &Thread{} }

// Current returns the thread's current context, Default when it has none.
func (t *Thread) Current() *Context {
	if t.ec == nil {
		return Default
	}
	return t.ec
}

// Installed returns the context installed on the thread, nil for Default
// (Switch(nil) installs Default). A context is immutable, so a saved
// Installed() that is still == Installed() means nothing changed: the VM's
// async calls save it at entry and compare it at return, one pointer
// compare on the fast path.
func (t *Thread) Installed() *Context { return t.ec }

// Capture is ExecutionContext.Capture: Default when the thread is on
// Default, nil when flow is suppressed, otherwise the current context (the
// same instance until something changes).
func (t *Thread) Capture() *Context {
	ec := t.ec
	if ec == nil {
		return Default
	}
	if ec.suppressed {
		return nil
	}
	return ec
}

// CaptureForSuspension is the classic state machines' fast capture: nil when
// the thread is on Default, DefaultFlowSuppressed (a marker) when flow is
// suppressed, otherwise the current context. Pass the result to
// RestoreFromSuspension.
func (t *Thread) CaptureForSuspension() *Context {
	ec := t.ec
	if ec != nil && ec.suppressed {
		return DefaultFlowSuppressed
	}
	return ec
}

// RestoreFromSuspension installs a context from CaptureForSuspension: the
// DefaultFlowSuppressed marker leaves the thread's context as it is, nil
// installs Default, anything else is installed with notifications.
func (t *Thread) RestoreFromSuspension(c *Context) {
	if c == DefaultFlowSuppressed {
		return
	}
	t.Switch(c)
}

// Restore is ExecutionContext.Restore: it installs c with change
// notifications. A nil c is an ArgumentNullException.
func (t *Thread) Restore(c *Context) error {
	if c == nil {
		return &Error{Type: "ArgumentNullException", Msg: MsgNullExecutionContext}
	}
	t.Switch(c)
	return nil
}

// Switch installs c (nil or Default meaning Default) on the thread and fires
// change notifications when it differs from the current context.
func (t *Thread) Switch(c *Context) {
	if c != nil && c.isDefault {
		c = nil
	}
	if cur := t.ec; cur != c {
		t.install(c, cur)
	}
}

// Run is ExecutionContext.Run: it installs c, runs callback on this thread,
// then reinstalls the previous context (firing notifications both ways)
// before returning the callback's error. A nil c is an
// InvalidOperationException and nothing runs. A panic in callback is a VM
// bug and leaves c installed.
func (t *Thread) Run(c *Context, callback func() error) error {
	if c == nil {
		return invalidOperation(MsgNullContext)
	}
	previous := t.ec
	if c.isDefault {
		c = nil
	}
	if previous != c {
		t.install(c, previous)
	}
	var err error
	if callback == nil {
		err = &Error{Type: "NullReferenceException", Msg: MsgNullReference}
	} else {
		err = callback()
	}
	if cur := t.ec; cur != previous {
		t.install(previous, cur)
	}
	return err
}

// IsFlowSuppressed reports whether flow is suppressed on the thread.
func (t *Thread) IsFlowSuppressed() bool { return t.ec != nil && t.ec.suppressed }

// SuppressFlow is ExecutionContext.SuppressFlow: it marks the current context
// as not flowing and returns an AsyncFlowControl bound to t. When flow is
// already suppressed it returns the zero AsyncFlowControl and changes
// nothing. No notifications fire. The error is always nil: the design makes
// a second SuppressFlow a no-op instead of .NET's exception.
func (t *Thread) SuppressFlow() (AsyncFlowControl, error) {
	ec := t.Current()
	if ec.suppressed {
		return AsyncFlowControl{}, nil
	}
	t.ec = ec.shallowClone(true)
	return AsyncFlowControl{thread: t}, nil
}

// RestoreFlow is ExecutionContext.RestoreFlow: it lets the current context
// flow again, returning to Default when it holds no values.
func (t *Thread) RestoreFlow() error {
	ec := t.ec
	if ec == nil || !ec.suppressed {
		return invalidOperation(MsgRestoreNotSuppressed)
	}
	t.ec = ec.shallowClone(false)
	return nil
}

// install puts next (nil for Default) on the thread in place of previous and
// notifies the handler locals whose values differ.
func (t *Thread) install(next, previous *Context) {
	t.ec = next
	if (previous != nil && len(previous.handlers) > 0) || (next != nil && len(next.handlers) > 0) {
		if err := t.notifySwitch(previous, next); err != nil {
			t.failFast(err)
		}
	}
}

// notifySwitch calls the handlers for a switch from previous to next: first
// previous's handler list in order, then the locals in next's list that
// previous does not hold, stopping at the first error.
func (t *Thread) notifySwitch(previous, next *Context) error {
	var prevList, nextList []*Local
	if previous != nil {
		prevList = previous.handlers
	}
	if next != nil {
		nextList = next.handlers
	}
	for _, l := range prevList {
		pv, _ := previous.values.get(l)
		nv, _ := next.Lookup(l)
		if !sameValue(pv, nv) {
			if err := l.handler(t, pv, nv, true); err != nil {
				return err
			}
		}
	}
	if sameList(prevList, nextList) {
		return nil
	}
	for _, l := range nextList {
		if _, held := previous.Lookup(l); held {
			continue
		}
		if nv, _ := next.values.get(l); nv != nil {
			if err := l.handler(t, nil, nv, true); err != nil {
				return err
			}
		}
	}
	return nil
}

// sameList reports whether a and b are the same handler list instance.
func sameList(a, b []*Local) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

func (t *Thread) failFast(err error) {
	if t.FailFast != nil {
		t.FailFast(err)
		return
	}
	FailFast(err)
}

package ctx

// AsyncFlowControl is returned by Thread.SuppressFlow and restores flow when
// undone. The zero value does nothing. Like the .NET struct, Undo clears the
// control it is called on, so undoing the same variable twice is harmless,
// while a copy still holds the binding.
type AsyncFlowControl struct {
	thread *Thread
}

// Thread returns the thread c is bound to, nil for a zero or undone control.
// Two controls are equal when they are bound to the same thread.
func (c AsyncFlowControl) Thread() *Thread { return c.thread }

// Undo restores flow on t. It does nothing for a zero or undone control,
// fails when t is not the thread that created c or when flow is no longer
// suppressed, and otherwise clears c and calls t.RestoreFlow.
func (c *AsyncFlowControl) Undo(t *Thread) error {
	if c == nil || c.thread == nil {
		return nil
	}
	if c.thread != t {
		return invalidOperation(MsgFlowControlThread)
	}
	if !t.IsFlowSuppressed() {
		return invalidOperation(MsgFlowControlMismatch)
	}
	c.thread = nil
	return t.RestoreFlow()
}

// Dispose is Undo, for `using (ExecutionContext.SuppressFlow())`.
func (c *AsyncFlowControl) Dispose(t *Thread) error { return c.Undo(t) }

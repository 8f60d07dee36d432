package vm

// StackTrace returns up to max of the thread's innermost frames, innermost
// first. Only the thread itself may call it (its frames change as it runs);
// deadlock reports capture it as a thread blocks.
func (t *Thread) StackTrace(max int) []TraceEntry { return t.stackTrace(max) }

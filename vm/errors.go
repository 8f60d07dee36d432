package vm

import (
	"fmt"
	"strings"
)

// Thrown is a .NET exception in flight, carried through Go as an error.
type Thrown struct {
	Exc *Instance
}

func (e *Thrown) Error() string {
	msg := ExceptionMessage(e.Exc)
	// An AggregateException keeps its inner exceptions in the data field;
	// its message lists theirs, as .NET's Message does.
	if len(e.Exc.F) > ExcFieldData {
		if a := e.Exc.F[ExcFieldData].AsArray(); a != nil {
			for _, v := range a.V {
				if in := v.AsInstance(); in != nil {
					msg += " (" + ExceptionMessage(in) + ")"
				}
			}
		}
	}
	return e.Exc.typ.FullName() + ": " + msg
}

// Fatal ends the program at once: stack overflow, a failed fast, an exit
// request, a deadlock, or a limit. Code is the process exit status.
type Fatal struct {
	Msg  string
	Code int
}

func (e *Fatal) Error() string { return e.Msg }

// TraceEntry is one frame of an exception's stack trace.
type TraceEntry struct {
	Fn *Func
	PC int
}

// trace is the payload of an exception's hidden stack-trace field.
type trace struct {
	entries []TraceEntry
	thrown  int // entries recorded where the exception was thrown
	// stored: the exception was stored into a task (CaptureTrace), so an
	// rt await that rethrows it appends its frames (rethrownAt).
	stored bool
	// next is the frame (an index into the thread's frames) below those
	// recorded, where recording goes on if the exception unwinds further;
	// -1 when the trace is complete. As in .NET, a trace holds the frames
	// from the throw to the one that catches the exception: recordTo
	// extends it as the first pass reaches a filter and when it has found
	// the catching frame, and a rethrow from the catch block continues it.
	next int
}

var traceType = &Type{Kind: KindNative, Namespace: "System.Diagnostics", Name: "StackTrace"}

// Exception field layout, fixed by the prelude's System.Exception.
const (
	ExcFieldMessage = 0
	ExcFieldInner   = 1
	ExcFieldTrace   = 2
	ExcFieldData    = 3 // type-specific extra (ParamName, inner list)
)

// ExceptionMessage returns the exception's message field (not the virtual Message).
func ExceptionMessage(e *Instance) string {
	if len(e.F) > ExcFieldMessage {
		if s := e.F[ExcFieldMessage].AsStr(); s != nil {
			return s.S
		}
	}
	return fmt.Sprintf("Exception of type '%s' was thrown.", e.typ.FullName())
}

// Trace returns the recorded stack trace of an exception.
func Trace(e *Instance) []TraceEntry {
	if len(e.F) > ExcFieldTrace {
		if tr, ok := e.F[ExcFieldTrace].AsNative().(*trace); ok {
			return tr.entries
		}
	}
	return nil
}

// captureTrace records the current stack into exception e.
func (t *Thread) captureTrace(e *Instance) {
	if len(e.F) <= ExcFieldTrace {
		return
	}
	entries := t.traceFrames(make([]TraceEntry, 0, len(t.frames)))
	e.F[ExcFieldTrace] = NewNative(traceType, &trace{entries: entries, thrown: len(entries), next: -1})
}

// recordTo records in exception e, being unwound on t, the frames down to
// frames[stop] (inclusive) not yet recorded: it starts the trace of an
// exception without one and extends an open one (trace.next); a complete
// trace stays as it is.
func (t *Thread) recordTo(e *Instance, stop int) {
	if len(e.F) <= ExcFieldTrace {
		return
	}
	tr, ok := e.F[ExcFieldTrace].AsNative().(*trace)
	if !ok {
		tr = &trace{next: len(t.frames) - 1}
		e.F[ExcFieldTrace] = NewNative(traceType, tr)
	}
	if tr.next < 0 {
		return
	}
	tr.entries, tr.next = t.traceRange(tr.entries, min(tr.next, len(t.frames)-1), stop)
	tr.thrown = len(tr.entries)
}

// traceFrames appends the frames an exception raised here unwinds
// through, innermost first: up to the bottom of the stack, or up to a
// state machine's MoveNext or its async method's stub (sm mode), whose
// catch-all turns the exception into the task's; a resumed rt frame's
// logical callers are the awaiting frames of its continuation chain.
func (t *Thread) traceFrames(entries []TraceEntry) []TraceEntry {
	entries, _ = t.traceRange(entries, len(t.frames)-1, 0)
	return entries
}

// traceRange appends, as traceFrames does, the frames from frames[from]
// down to frames[stop], and returns the frame to go on from (-1 when the
// trace ends: at the bottom, a state machine or a resumed frame's chain).
func (t *Thread) traceRange(entries []TraceEntry, from, stop int) ([]TraceEntry, int) {
	for i := from; i >= max(stop, 0); i-- {
		fr := &t.frames[i]
		entries = append(entries, TraceEntry{fr.fn, fr.pc - 1})
		if fr.fn.stateMachine() {
			return entries, -1
		}
		if fr.flags&frameResumed != 0 {
			// A resumed rt frame: the logical callers are the awaiting
			// frames of its continuation chain, not the dispatcher.
			for c := fr.rest.Next(); c != nil; c = c.Next() {
				entries = append(entries, TraceEntry{c.Fn, c.ResumePC() - 1})
			}
			return entries, -1
		}
	}
	if stop <= 0 {
		return entries, -1
	}
	return entries, min(from, stop-1)
}

// stateMachine reports whether f is a state machine's MoveNext or the
// stub of an async method lowered to one.
func (f *Func) stateMachine() bool {
	if f.Logical != nil {
		return true
	}
	for _, a := range f.Attrs {
		if a == "AsyncStateMachine" {
			return true
		}
	}
	return false
}

// CaptureTrace marks e's trace as it is now as the one awaiters restore
// before they append their frames: the exception is stored into a task
// (.NET's ExceptionDispatchInfo.Capture in SetException).
func CaptureTrace(e *Instance) {
	if len(e.F) <= ExcFieldTrace {
		return
	}
	if tr, ok := e.F[ExcFieldTrace].AsNative().(*trace); ok && (tr.thrown != len(tr.entries) || !tr.stored) {
		e.F[ExcFieldTrace] = NewNative(traceType, &trace{entries: tr.entries, thrown: len(tr.entries), stored: true, next: -1})
	}
}

// rethrownAt records in exception e, which an rt await rethrows from the
// task it awaited, the frames it now unwinds through: those of t's stack
// when c is nil (the await found the task complete), else the await of
// continuation c and the awaiting frames of its chain (the task resumed
// c). Only an exception stored into a task is rethrown so; one an awaiter
// throws afresh already has these frames.
func (t *Thread) rethrownAt(e *Instance, c *Continuation) {
	if len(e.F) <= ExcFieldTrace {
		return
	}
	tr, ok := e.F[ExcFieldTrace].AsNative().(*trace)
	if !ok || !tr.stored {
		return
	}
	entries := append([]TraceEntry(nil), tr.entries[:tr.thrown]...)
	if c == nil {
		entries = t.traceFrames(entries)
	}
	for ; c != nil; c = c.Next() {
		entries = append(entries, TraceEntry{c.Fn, c.ResumePC() - 1})
	}
	e.F[ExcFieldTrace] = NewNative(traceType, &trace{entries: entries, thrown: tr.thrown, stored: true, next: -1})
}

// AddAwaitFrames records in exception e, rethrown by an awaiter's
// GetResult (sm mode), the frames it now unwinds through, after those it
// unwound through when first thrown: .NET's ExceptionDispatchInfo.Throw
// restores the captured trace and appends.
func (t *Thread) AddAwaitFrames(e *Instance) {
	if len(e.F) <= ExcFieldTrace {
		return
	}
	tr, ok := e.F[ExcFieldTrace].AsNative().(*trace)
	if !ok {
		t.captureTrace(e)
		return
	}
	entries := t.traceFrames(append([]TraceEntry(nil), tr.entries[:tr.thrown]...))
	e.F[ExcFieldTrace] = NewNative(traceType, &trace{entries: entries, thrown: tr.thrown, stored: tr.stored, next: -1})
}

// FormatTrace renders a stack trace the way .NET does:
// "   at Program.Main() in file:line N".
func FormatTrace(entries []TraceEntry) string {
	var b strings.Builder
	for i, en := range entries {
		if en.Fn == nil || en.Fn.Native != nil {
			continue
		}
		if i > 0 || b.Len() > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "   at %s", en.Fn.TraceName())
		if en.Fn.File != "" {
			fmt.Fprintf(&b, " in %s:line %d", en.Fn.File, en.Fn.LineAt(en.PC))
		}
	}
	return b.String()
}

// NewException makes an exception of the named library type (for example
// "System.InvalidOperationException") with a message.
func (m *Machine) NewException(typeName, msg string) *Instance {
	t := m.Prog.TypeByName(typeName)
	if t == nil {
		t = m.Prog.TypeByName("System.Exception")
	}
	e := NewInstance(t)
	if i := paramNameField(t); i >= 0 {
		// An ArgumentException's message names its parameter as
		// "... (Parameter 'name')": the parameter goes in ParamName, whose
		// Message appends that suffix again.
		if base, name, ok := splitParamSuffix(msg); ok {
			msg = base
			e.F[i] = String(name)
		}
	}
	if len(e.F) > ExcFieldMessage {
		e.F[ExcFieldMessage] = String(msg)
	}
	return e
}

// paramNameField is the index of ArgumentException's parameter name field
// in an exception of type t, or -1 when t is no ArgumentException.
func paramNameField(t *Type) int {
	for c := t; c != nil; c = c.Super {
		if c.FullName() == "System.ArgumentException" {
			return t.FieldIndex("_paramName")
		}
	}
	return -1
}

// splitParamSuffix splits "message (Parameter 'name')" into its message
// and parameter name.
func splitParamSuffix(msg string) (base, name string, ok bool) {
	const open, close = " (Parameter '", "')"
	if !strings.HasSuffix(msg, close) {
		return "", "", false
	}
	i := strings.LastIndex(msg, open)
	if i < 0 {
		return "", "", false
	}
	name = msg[i+len(open) : len(msg)-len(close)]
	if name == "" || strings.ContainsAny(name, "'()") {
		return "", "", false
	}
	return msg[:i], name, true
}

// Throw returns an error that throws a new exception of the named type.
func (t *Thread) Throw(typeName, msg string) error {
	return &Thrown{t.M.NewException(typeName, msg)}
}

// ThrowNull throws a NullReferenceException.
func (t *Thread) ThrowNull() error {
	return t.Throw("System.NullReferenceException", "Object reference not set to an instance of an object.")
}

// TypeByName finds a type by its full name ("System.Exception", "Program").
func (p *Program) TypeByName(name string) *Type {
	for _, t := range p.Types {
		if t.FullName() == name {
			return t
		}
	}
	return nil
}

// StackTrace returns up to max of the thread's innermost frames, innermost
// first. Only the thread itself may call it (its frames change as it runs);
// deadlock reports capture it as a thread blocks.
func (t *Thread) StackTrace(max int) []TraceEntry { return t.stackTrace(max) }

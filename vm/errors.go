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
	entries := make([]TraceEntry, 0, len(t.frames))
	for i := len(t.frames) - 1; i >= 0; i-- {
		fr := &t.frames[i]
		entries = append(entries, TraceEntry{fr.fn, fr.pc - 1})
		if fr.flags&frameResumed != 0 {
			// A resumed rt frame: the logical callers are the awaiting
			// frames of its continuation chain, not the dispatcher.
			for c := fr.rest.Next(); c != nil; c = c.Next() {
				entries = append(entries, TraceEntry{c.Fn, int(c.PC) - 1})
			}
			break
		}
	}
	e.F[ExcFieldTrace] = NewNative(traceType, &trace{entries})
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
		fmt.Fprintf(&b, "   at %s()", en.Fn.QualifiedName())
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
	if len(e.F) > ExcFieldMessage {
		e.F[ExcFieldMessage] = String(msg)
	}
	return e
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

// Package ctx implements the ExecutionContext and AsyncLocal model that both
// asyncvm execution models share (docs/design.md, "Context flow", states the
// semantics it follows).
//
// The package is a leaf: it imports nothing from the module, only the standard
// library, and the VM stores its own values in it as any. Two values are "the
// same reference" when they compare equal with Go's ==, so the VM boxes value
// types into a fresh pointer per assignment; values that cannot be compared
// are never the same.
//
// A Context is immutable: a value map from *Local to value, the list of locals
// that have change handlers (in order of first registration, never
// shrinking) and a flow-suppressed flag. Two singletons exist: Default and
// DefaultFlowSuppressed. Contexts can be shared between goroutines freely.
//
// A Thread holds the current context of one VM thread (nil means Default) and
// is used by one goroutine at a time. Setting a Local never mutates a context:
// it builds a new value map and installs a new context on the thread (copy on
// write), so anyone holding the old context still sees the old values. Values
// are shared by reference and never copied. When the map becomes empty and
// flow is not suppressed the thread returns to Default, so Capture returns
// the Default singleton again.
//
// Value maps take the six shapes .NET uses: an empty singleton; one, two and
// three entries in fields; an array for 4 to 16 entries; a hash map for 17 and
// more. Adding the 4th entry moves to the array, the 17th to the hash map;
// removing goes back down at 4 -> 3 and 17 -> 16. Every shape keeps the order
// in which keys were first added. Setting nil removes an entry, except for
// locals with a change handler, whose nil entries stay.
//
// Installing a different context (Thread.Switch, Thread.Restore, Thread.Run)
// notifies every local with a handler whose value differs by reference between
// the old and the new context, with threadContextChanged true: first the
// locals of the old context's handler list in its order, then the locals of
// the new context's list that the old context did not hold, in the new list's
// order. A handler error during a switch cannot be caught: it goes to the
// fail-fast hook (Thread.FailFast, else the package FailFast). A handler error
// during Local.Set propagates to the assignment and the new value stays set.
package ctx

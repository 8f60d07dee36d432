package ctx

import "reflect"

// Context is an immutable execution context: the values of the locals, the
// locals that have change handlers (in order of first registration) and
// whether flow is suppressed. A nil *Context reads as an empty context.
type Context struct {
	values     valueMap
	handlers   []*Local
	suppressed bool
	isDefault  bool
}

// Default is the default context: no values, flow not suppressed. A thread
// with no context of its own is on Default. It must never be reassigned.
var Default = &Context{values: emptyValues, isDefault: true}

// DefaultFlowSuppressed is the empty flow-suppressed context that
// SuppressFlow installs on a thread with no values. CaptureForSuspension
// also uses it as the "flow suppressed" marker. It must never be reassigned.
var DefaultFlowSuppressed = &Context{values: emptyValues, suppressed: true}

// IsDefault reports whether c is the Default singleton.
func (c *Context) IsDefault() bool { return c != nil && c.isDefault }

// IsFlowSuppressed reports whether c has its flow suppressed.
func (c *Context) IsFlowSuppressed() bool { return c != nil && c.suppressed }

// Lookup returns the value of l in c and whether c holds an entry for l (a
// handler local's nil entry counts).
func (c *Context) Lookup(l *Local) (any, bool) {
	if c == nil {
		return nil, false
	}
	return c.values.get(l)
}

// Value returns the value of l in c, nil when c holds none.
func (c *Context) Value(l *Local) any {
	v, _ := c.Lookup(l)
	return v
}

// Len returns the number of entries in c's value map.
func (c *Context) Len() int {
	if c == nil {
		return 0
	}
	return c.values.count()
}

// Shape returns the representation of c's value map.
func (c *Context) Shape() Shape {
	if c == nil {
		return ShapeEmpty
	}
	return c.values.shape()
}

// Locals returns the keys of c's value map in the order they were first
// added.
func (c *Context) Locals() []*Local {
	if c == nil {
		return nil
	}
	entries := c.values.appendEntries(make([]entry, 0, c.values.count()))
	keys := make([]*Local, len(entries))
	for i, e := range entries {
		keys[i] = e.key
	}
	return keys
}

// Handlers returns a copy of c's list of locals with change handlers, in
// order of first registration.
func (c *Context) Handlers() []*Local {
	if c == nil || len(c.handlers) == 0 {
		return nil
	}
	return append([]*Local(nil), c.handlers...)
}

// shallowClone returns c with its flow-suppressed flag set to suppressed:
// nil (Default) or DefaultFlowSuppressed when c holds no values.
func (c *Context) shallowClone(suppressed bool) *Context {
	if c.values.count() == 0 {
		if suppressed {
			return DefaultFlowSuppressed
		}
		return nil
	}
	return &Context{values: c.values, handlers: c.handlers, suppressed: suppressed}
}

// sameValue reports whether a and b are the same reference: Go == on the
// dynamic values, false for values that cannot be compared.
func sameValue(a, b any) bool {
	if a == nil || b == nil {
		return a == b
	}
	ta := reflect.TypeOf(a)
	if ta != reflect.TypeOf(b) {
		return false
	}
	if ta.Kind() == reflect.Pointer {
		return a == b
	}
	return sameComparable(a, b)
}

// sameComparable compares a and b of the same dynamic type, treating a
// comparison that panics (slices, maps, funcs inside) as different.
func sameComparable(a, b any) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return a == b
}

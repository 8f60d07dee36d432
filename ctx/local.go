package ctx

// Handler is a change handler of a Local (AsyncLocal<T>'s valueChangedHandler).
// It runs on thread t with the previous and current values;
// threadContextChanged is false for an assignment and true for a context
// switch. An error it returns propagates to the assignment; during a switch
// it fails the process fast.
type Handler func(t *Thread, previous, current any, threadContextChanged bool) error

// Local is an AsyncLocal key. Locals compare by identity; the value lives in
// the execution context of the thread that reads or writes it.
type Local struct {
	handler Handler
}

// NewLocal returns a new AsyncLocal key with the given change handler (nil
// for none).
func NewLocal(handler Handler) *Local {
	return &Local{handler: handler}
}

// HasHandler reports whether l has a change handler.
func (l *Local) HasHandler() bool { return l.handler != nil }

// Get returns l's value on thread t, nil when the current context holds
// none (the VM substitutes default(T)).
func (l *Local) Get(t *Thread) any {
	if t.ec == nil {
		return nil
	}
	v, _ := t.ec.values.get(l)
	return v
}

// Set assigns v to l on thread t by installing a new context (copy on
// write). Setting the same reference is a no-op. A nil v removes the entry
// unless l has a handler. When the map becomes empty and flow is not
// suppressed the thread returns to Default. If l has a handler it is called
// after the new context is installed; its error is returned and the new
// value stays set.
func (l *Local) Set(t *Thread, v any) error {
	cur := t.ec
	var previous any
	hadPrevious := false
	if cur != nil {
		previous, hadPrevious = cur.values.get(l)
	}
	if sameValue(previous, v) {
		return nil
	}
	notify := l.handler != nil
	values := emptyValues
	var handlers []*Local
	suppressed := false
	if cur != nil {
		values = cur.values
		handlers = cur.handlers
		suppressed = cur.suppressed
	}
	values = values.set(l, v, !notify)
	if notify && !hadPrevious {
		grown := make([]*Local, len(handlers)+1)
		copy(grown, handlers)
		grown[len(handlers)] = l
		handlers = grown
	}
	if !suppressed && values.count() == 0 {
		t.ec = nil
	} else {
		t.ec = &Context{values: values, handlers: handlers, suppressed: suppressed}
	}
	if notify {
		return l.handler(t, previous, v, false)
	}
	return nil
}

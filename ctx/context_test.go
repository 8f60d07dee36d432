package ctx

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// recorder logs handler calls as "name(previous->current,switch)".
type recorder struct {
	log []string
	// fail makes the named local's handler return an error.
	fail map[string]error
}

func (r *recorder) local(name string) *Local {
	return NewLocal(func(_ *Thread, previous, current any, changed bool) error {
		kind := "set"
		if changed {
			kind = "switch"
		}
		r.log = append(r.log, fmt.Sprintf("%s(%v->%v,%s)", name, show(previous), show(current), kind))
		return r.fail[name]
	})
}

func (r *recorder) take() []string {
	log := r.log
	r.log = nil
	return log
}

// show renders a *string value or nil.
func show(v any) string {
	if s, ok := v.(*string); ok {
		return *s
	}
	if v == nil {
		return "nil"
	}
	return fmt.Sprint(v)
}

func str(s string) *string { return &s }

func mustSet(t *testing.T, th *Thread, l *Local, v any) {
	t.Helper()
	if err := l.Set(th, v); err != nil {
		t.Fatalf("Set: %v", err)
	}
}

func wantError(t *testing.T, err error, typ, msg string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Type != typ || e.Msg != msg {
		t.Fatalf("error %v, want %s: %s", err, typ, msg)
	}
}

func TestCopyOnWrite(t *testing.T) {
	a, b := NewLocal(nil), NewLocal(nil)
	th := NewThread()
	mustSet(t, th, a, str("a1"))
	c1 := th.Capture()
	mustSet(t, th, a, str("a2"))
	mustSet(t, th, b, str("b1"))
	c2 := th.Capture()
	if show(c1.Value(a)) != "a1" || c1.Value(b) != nil || c1.Len() != 1 {
		t.Fatalf("old context changed: a=%v b=%v", show(c1.Value(a)), show(c1.Value(b)))
	}
	if show(c2.Value(a)) != "a2" || show(c2.Value(b)) != "b1" {
		t.Fatal("new context lacks the new values")
	}
	// Another thread running the old context sees the old values.
	other := NewThread()
	err := other.Run(c1, func() error {
		if show(a.Get(other)) != "a1" || b.Get(other) != nil {
			return errors.New("wrong values in c1")
		}
		mustSet(t, other, b, str("b-other"))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if show(b.Get(th)) != "b1" || c1.Value(b) != nil {
		t.Fatal("assignment on another thread leaked")
	}
}

func TestCaptureIdentity(t *testing.T) {
	a, b := NewLocal(nil), NewLocal(nil)
	th := NewThread()
	steps := []struct {
		name    string
		do      func()
		want    string // "default", "same", "new", "nil"
		wantLen int
	}{
		{"fresh", func() {}, "default", 0},
		{"set a", func() { mustSet(t, th, a, str("a")) }, "new", 1},
		{"read only", func() { a.Get(th) }, "same", 1},
		{"set b to nil (absent)", func() { mustSet(t, th, b, nil) }, "same", 1},
		{"set a to the same reference", func() { mustSet(t, th, a, a.Get(th)) }, "same", 1},
		{"set a to an equal string", func() { mustSet(t, th, a, str("a")) }, "new", 1},
		{"set b", func() { mustSet(t, th, b, str("b")) }, "new", 2},
		{"remove a", func() { mustSet(t, th, a, nil) }, "new", 1},
		{"remove b", func() { mustSet(t, th, b, nil) }, "default", 0},
		{"suppress", func() { th.SuppressFlow() }, "nil", 0},
		{"set while suppressed", func() { mustSet(t, th, a, str("s")) }, "nil", 1},
		{"restore", func() { th.RestoreFlow() }, "new", 1},
		{"remove", func() { mustSet(t, th, a, nil) }, "default", 0},
	}
	prev := th.Capture()
	for _, s := range steps {
		s.do()
		got := th.Capture()
		switch s.want {
		case "default":
			if got != Default {
				t.Fatalf("%s: Capture %p, want Default", s.name, got)
			}
		case "nil":
			if got != nil {
				t.Fatalf("%s: Capture %p, want nil", s.name, got)
			}
		case "same":
			if got != prev {
				t.Fatalf("%s: Capture gave a new instance", s.name)
			}
		case "new":
			if got == prev || got == nil || got == Default {
				t.Fatalf("%s: Capture %p, want a new context", s.name, got)
			}
		}
		if th.Current().Len() != s.wantLen {
			t.Fatalf("%s: %d values, want %d", s.name, th.Current().Len(), s.wantLen)
		}
		prev = got
	}
}

func TestSameReference(t *testing.T) {
	r := &recorder{}
	l := r.local("l")
	th := NewThread()
	type box struct{ n int }
	one := &box{1}
	tests := []struct {
		name     string
		value    any
		notifies bool
	}{
		{"nil on empty", nil, false},
		{"pointer", one, true},
		{"same pointer", one, false},
		{"equal contents, new box", &box{1}, true},
		{"int", 5, true},
		{"same int (comparable, unboxed)", 5, false},
		{"slice", []int{1}, true},
		{"another slice (incomparable, never the same)", []int{1}, true},
		{"map", map[string]int{}, true},
		{"struct holding a slice", struct{ s any }{[]int{1}}, true},
		{"same-shaped struct holding a slice", struct{ s any }{[]int{1}}, true},
		{"func", func() {}, true},
		{"nil", nil, true},
		{"nil again", nil, false},
	}
	for _, tt := range tests {
		before := th.Current()
		mustSet(t, th, l, tt.value)
		log := r.take()
		if got := len(log) == 1; got != tt.notifies {
			t.Fatalf("%s: notified %v (%v), want %v", tt.name, got, log, tt.notifies)
		}
		if !tt.notifies && th.Current() != before {
			t.Fatalf("%s: a no-op built a new context", tt.name)
		}
	}
}

func TestValuesSharedByReference(t *testing.T) {
	l := NewLocal(nil)
	th := NewThread()
	shared := &[]string{"x"}
	mustSet(t, th, l, shared)
	c := th.Capture()
	other := NewThread()
	if err := other.Run(c, func() error {
		*l.Get(other).(*[]string) = append(*l.Get(other).(*[]string), "from other")
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"x", "from other"}, *l.Get(th).(*[]string)); diff != "" {
		t.Fatal(diff)
	}
}

func TestSetNotifications(t *testing.T) {
	r := &recorder{fail: map[string]error{}}
	a := r.local("a")
	plain := NewLocal(nil)
	th := NewThread()
	mustSet(t, th, plain, str("p"))
	mustSet(t, th, a, str("1"))
	mustSet(t, th, a, str("2"))
	mustSet(t, th, a, nil)
	mustSet(t, th, a, nil)
	mustSet(t, th, plain, nil)
	want := []string{"a(nil->1,set)", "a(1->2,set)", "a(2->nil,set)"}
	if diff := cmp.Diff(want, r.take()); diff != "" {
		t.Fatal(diff)
	}
	if th.Current() == Default || th.Current().Len() != 1 {
		t.Fatal("handler local's nil entry must keep the thread off Default")
	}

	boom := errors.New("boom")
	r.fail["a"] = boom
	failFastCalled := false
	th.FailFast = func(error) { failFastCalled = true }
	err := a.Set(th, str("3"))
	if err != boom {
		t.Fatalf("Set error %v, want the handler's error unchanged", err)
	}
	if show(a.Get(th)) != "3" {
		t.Fatal("value did not stay set after the handler failed")
	}
	if failFastCalled {
		t.Fatal("a handler error during Set must not fail fast")
	}
	if diff := cmp.Diff([]string{"a(nil->3,set)"}, r.take()); diff != "" {
		t.Fatal(diff)
	}
}

func TestHandlerSeesNewContext(t *testing.T) {
	th := NewThread()
	var l *Local
	var seen any
	l = NewLocal(func(t *Thread, _, _ any, _ bool) error {
		seen = l.Get(t)
		return nil
	})
	v := str("v")
	mustSet(t, th, l, v)
	if seen != v {
		t.Fatal("handler ran before the new context was installed")
	}
}

// TestSwitchOrder defines the order of notifications when the handler lists
// differ: first the old context's list in its order, then the locals of the
// new context's list that the old context does not hold.
func TestSwitchOrder(t *testing.T) {
	r := &recorder{}
	a, b, c, d := r.local("a"), r.local("b"), r.local("c"), r.local("d")
	plain := NewLocal(nil)

	th := NewThread()
	mustSet(t, th, a, str("a1"))
	mustSet(t, th, b, str("b1"))
	mustSet(t, th, d, nil) // registered, nil entry
	ctxAB := th.Capture()
	th.Switch(nil)
	mustSet(t, th, c, str("c2"))
	mustSet(t, th, b, str("b2"))
	mustSet(t, th, d, nil)
	ctxCB := th.Capture()
	th.Switch(nil)
	mustSet(t, th, plain, str("p"))
	ctxPlain := th.Capture()
	th.Switch(nil)
	r.take()

	tests := []struct {
		name     string
		from, to *Context
		want     []string
	}{
		{"AB to CB", ctxAB, ctxCB, []string{"a(a1->nil,switch)", "b(b1->b2,switch)", "c(nil->c2,switch)"}},
		{"CB to AB", ctxCB, ctxAB, []string{"c(c2->nil,switch)", "b(b2->b1,switch)", "a(nil->a1,switch)"}},
		{"AB to Default", ctxAB, Default, []string{"a(a1->nil,switch)", "b(b1->nil,switch)"}},
		{"Default to CB", Default, ctxCB, []string{"c(nil->c2,switch)", "b(nil->b2,switch)"}},
		{"CB to no-handler context", ctxCB, ctxPlain, []string{"c(c2->nil,switch)", "b(b2->nil,switch)"}},
		{"no-handler context to AB", ctxPlain, ctxAB, []string{"a(nil->a1,switch)", "b(nil->b1,switch)"}},
		{"AB to AB", ctxAB, ctxAB, nil},
		{"Default to no-handler context", Default, ctxPlain, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			th.Switch(tt.from)
			r.take()
			th.Switch(tt.to)
			if diff := cmp.Diff(tt.want, r.take()); diff != "" {
				t.Fatalf("(-want +got):\n%s", diff)
			}
			if th.Current() != tt.to {
				t.Fatal("context not installed")
			}
		})
	}
}

func TestRun(t *testing.T) {
	r := &recorder{}
	a := r.local("a")
	th := NewThread()
	mustSet(t, th, a, str("outer"))
	outer := th.Capture()
	th.Switch(Default)
	mustSet(t, th, a, str("inner"))
	inner := th.Capture()
	th.Switch(outer)
	r.take()

	callbackErr := errors.New("callback failed")
	tests := []struct {
		name     string
		run      *Context
		callback func() error
		wantErr  error
		want     []string
	}{
		{"inner, ok", inner, func() error { r.log = append(r.log, "callback"); return nil }, nil,
			[]string{"a(outer->inner,switch)", "callback", "a(inner->outer,switch)"}},
		{"inner, error", inner, func() error { r.log = append(r.log, "callback"); return callbackErr }, callbackErr,
			[]string{"a(outer->inner,switch)", "callback", "a(inner->outer,switch)"}},
		{"Default", Default, func() error { r.log = append(r.log, "callback"); return nil }, nil,
			[]string{"a(outer->nil,switch)", "callback", "a(nil->outer,switch)"}},
		{"same context", outer, func() error { r.log = append(r.log, "callback"); return nil }, nil,
			[]string{"callback"}},
		{"callback assigns", outer, func() error { return a.Set(th, str("changed")) }, nil,
			[]string{"a(outer->changed,set)", "a(changed->outer,switch)"}},
		{"callback assigns and fails", inner, func() error {
			if err := a.Set(th, str("changed")); err != nil {
				return err
			}
			return callbackErr
		}, callbackErr,
			[]string{"a(outer->inner,switch)", "a(inner->changed,set)", "a(changed->outer,switch)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := th.Run(tt.run, tt.callback)
			r.log = append(r.log, "returned")
			if err != tt.wantErr {
				t.Fatalf("Run error %v, want %v", err, tt.wantErr)
			}
			if diff := cmp.Diff(append(tt.want, "returned"), r.take()); diff != "" {
				t.Fatalf("(-want +got):\n%s", diff)
			}
			if th.Capture() != outer {
				t.Fatal("previous context not reinstalled")
			}
		})
	}

	t.Run("run twice", func(t *testing.T) {
		for i := 0; i < 2; i++ {
			if err := th.Run(inner, func() error {
				if show(a.Get(th)) != "inner" {
					return errors.New("wrong value")
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		r.take()
	})
	t.Run("nil context", func(t *testing.T) {
		ran := false
		err := th.Run(nil, func() error { ran = true; return nil })
		wantError(t, err, "InvalidOperationException", "Cannot call Set on a null context")
		if ran || len(r.take()) != 0 || th.Capture() != outer {
			t.Fatal("Run(nil) must do nothing")
		}
	})
	t.Run("nil callback", func(t *testing.T) {
		err := th.Run(inner, nil)
		wantError(t, err, "NullReferenceException", MsgNullReference)
		if th.Capture() != outer {
			t.Fatal("previous context not reinstalled")
		}
		r.take()
	})
	t.Run("from Default", func(t *testing.T) {
		d := NewThread()
		if err := d.Run(inner, func() error { return nil }); err != nil {
			t.Fatal(err)
		}
		if d.Capture() != Default {
			t.Fatal("did not return to Default")
		}
		if diff := cmp.Diff([]string{"a(nil->inner,switch)", "a(inner->nil,switch)"}, r.take()); diff != "" {
			t.Fatal(diff)
		}
	})
}

func TestRestore(t *testing.T) {
	r := &recorder{}
	a := r.local("a")
	th := NewThread()
	mustSet(t, th, a, str("x"))
	c := th.Capture()
	wantError(t, th.Restore(nil), "ArgumentNullException", MsgNullExecutionContext)
	if th.Capture() != c {
		t.Fatal("Restore(nil) changed the context")
	}
	if err := th.Restore(Default); err != nil {
		t.Fatal(err)
	}
	if th.Current() != Default || th.Capture() != Default {
		t.Fatal("Restore(Default) did not install Default")
	}
	if err := th.Restore(c); err != nil {
		t.Fatal(err)
	}
	if th.Capture() != c {
		t.Fatal("Restore did not install the context")
	}
	want := []string{"a(nil->x,set)", "a(x->nil,switch)", "a(nil->x,switch)"}
	if diff := cmp.Diff(want, r.take()); diff != "" {
		t.Fatal(diff)
	}
}

func TestSwitchFailFast(t *testing.T) {
	boom := errors.New("boom")
	r := &recorder{fail: map[string]error{}}
	a, b := r.local("a"), r.local("b")
	th := NewThread()
	mustSet(t, th, a, str("a"))
	mustSet(t, th, b, str("b"))
	c := th.Capture()
	th.Switch(nil)
	r.take()

	var got []error
	th.FailFast = func(err error) { got = append(got, err) }
	r.fail["a"] = boom

	tests := []struct {
		name string
		do   func() error
	}{
		{"Switch", func() error { th.Switch(c); return nil }},
		{"Restore", func() error { return th.Restore(c) }},
		{"Run entering", func() error { return th.Run(c, func() error { return nil }) }},
		{"RestoreFromSuspension", func() error { th.RestoreFromSuspension(c); return nil }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			th.FailFast = func(error) {}
			th.Switch(nil)
			r.take()
			got = nil
			th.FailFast = func(err error) { got = append(got, err) }
			if err := tt.do(); err != nil {
				t.Fatalf("the handler error surfaced as %v", err)
			}
			if len(got) == 0 || got[0] != boom {
				t.Fatalf("FailFast got %v, want boom", got)
			}
			// The failing handler stops that switch's notifications: b is
			// never told on the way in.
			for _, line := range r.take() {
				if strings.HasPrefix(line, "b(nil->") {
					t.Fatalf("notifications went on after the failure: %s", line)
				}
			}
		})
	}
	th.FailFast = nil
}

// TestDefaultFailFast runs the test binary again to check that the default
// hook prints the message and exits non-zero.
func TestDefaultFailFast(t *testing.T) {
	if os.Getenv("CTX_FAILFAST_CHILD") == "1" {
		l := NewLocal(func(*Thread, any, any, bool) error { return errors.New("handler exploded") })
		th := NewThread()
		_ = l.Set(th, str("x"))
		c := th.Capture()
		th.Switch(nil)
		th.Switch(c)
		os.Exit(0)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestDefaultFailFast$")
	cmd.Env = append(os.Environ(), "CTX_FAILFAST_CHILD=1")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() == 0 {
		t.Fatalf("child did not exit non-zero: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), FailFastMessage) || !strings.Contains(string(out), "handler exploded") {
		t.Fatalf("output lacks the message and the error:\n%s", out)
	}
}

func TestSuppressFlow(t *testing.T) {
	r := &recorder{}
	a := r.local("a")

	t.Run("on Default", func(t *testing.T) {
		th := NewThread()
		fc, err := th.SuppressFlow()
		if err != nil || fc.Thread() != th {
			t.Fatalf("SuppressFlow = %v, %v", fc, err)
		}
		if !th.IsFlowSuppressed() || th.Current() != DefaultFlowSuppressed || th.Capture() != nil {
			t.Fatal("flow not suppressed")
		}
		if err := fc.Undo(th); err != nil {
			t.Fatal(err)
		}
		if th.IsFlowSuppressed() || th.Capture() != Default {
			t.Fatal("Undo did not return to Default")
		}
	})
	t.Run("with values", func(t *testing.T) {
		th := NewThread()
		mustSet(t, th, a, str("v"))
		before := th.Capture()
		r.take()
		fc, _ := th.SuppressFlow()
		if len(r.take()) != 0 {
			t.Fatal("SuppressFlow fired notifications")
		}
		if th.Capture() != nil || show(a.Get(th)) != "v" || before.IsFlowSuppressed() {
			t.Fatal("values must stay readable and the old context unchanged")
		}
		mustSet(t, th, a, str("w"))
		if th.Capture() != nil {
			t.Fatal("assignment while suppressed let flow resume")
		}
		if err := fc.Dispose(th); err != nil {
			t.Fatal(err)
		}
		c := th.Capture()
		if c == nil || c.IsFlowSuppressed() || show(c.Value(a)) != "w" {
			t.Fatal("flow not restored with the values")
		}
		if len(r.take()) != 1 {
			t.Fatal("RestoreFlow fired notifications")
		}
	})
	t.Run("map empties while suppressed", func(t *testing.T) {
		th := NewThread()
		l := NewLocal(nil)
		fc, _ := th.SuppressFlow()
		mustSet(t, th, l, str("x"))
		mustSet(t, th, l, nil)
		if !th.IsFlowSuppressed() || th.Current().Len() != 0 {
			t.Fatal("emptying the map while suppressed must keep flow suppressed")
		}
		if err := fc.Undo(th); err != nil {
			t.Fatal(err)
		}
		if th.Current() != Default {
			t.Fatal("RestoreFlow of an empty context must return to Default")
		}
	})
	t.Run("twice", func(t *testing.T) {
		th := NewThread()
		first, _ := th.SuppressFlow()
		c := th.Current()
		second, err := th.SuppressFlow()
		if err != nil || second != (AsyncFlowControl{}) || th.Current() != c {
			t.Fatal("second SuppressFlow must return a zero control and change nothing")
		}
		if err := second.Undo(th); err != nil || !th.IsFlowSuppressed() {
			t.Fatal("undoing a zero control must do nothing")
		}
		if err := first.Undo(th); err != nil || th.IsFlowSuppressed() {
			t.Fatal("first control did not restore flow")
		}
	})
	t.Run("RestoreFlow when not suppressed", func(t *testing.T) {
		th := NewThread()
		wantError(t, th.RestoreFlow(), "InvalidOperationException", "Cannot restore context flow when it is not suppressed.")
		mustSet(t, th, a, str("x"))
		wantError(t, th.RestoreFlow(), "InvalidOperationException", "Cannot restore context flow when it is not suppressed.")
		if _, err := th.SuppressFlow(); err != nil {
			t.Fatal(err)
		}
		if err := th.RestoreFlow(); err != nil {
			t.Fatal(err)
		}
	})
}

func TestAsyncFlowControlUndo(t *testing.T) {
	const (
		otherThread = "AsyncFlowControl object must be used on the thread where it was created."
		mismatch    = "AsyncFlowControl objects can be used to restore flow only on a Context that had its flow suppressed."
	)
	tests := []struct {
		name    string
		do      func(th, other *Thread, fc *AsyncFlowControl) error
		wantMsg string // "" for success
		wantSup bool   // flow suppressed on th afterwards
	}{
		{"undo", func(th, _ *Thread, fc *AsyncFlowControl) error { return fc.Undo(th) }, "", false},
		{"from another thread", func(_, other *Thread, fc *AsyncFlowControl) error { return fc.Undo(other) }, otherThread, true},
		{"double undo", func(th, _ *Thread, fc *AsyncFlowControl) error {
			if err := fc.Undo(th); err != nil {
				return err
			}
			return fc.Undo(th)
		}, "", false},
		{"undo of a copy after undo", func(th, _ *Thread, fc *AsyncFlowControl) error {
			cp := *fc
			if err := fc.Undo(th); err != nil {
				return err
			}
			return cp.Undo(th)
		}, mismatch, false},
		{"after RestoreFlow", func(th, _ *Thread, fc *AsyncFlowControl) error {
			if err := th.RestoreFlow(); err != nil {
				return err
			}
			return fc.Undo(th)
		}, mismatch, false},
		{"zero control", func(th, _ *Thread, _ *AsyncFlowControl) error {
			var zero AsyncFlowControl
			return zero.Undo(th)
		}, "", true},
		{"nil control", func(th, _ *Thread, _ *AsyncFlowControl) error {
			var nilControl *AsyncFlowControl
			return nilControl.Dispose(th)
		}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			th, other := NewThread(), NewThread()
			fc, _ := th.SuppressFlow()
			err := tt.do(th, other, &fc)
			if tt.wantMsg == "" {
				if err != nil {
					t.Fatal(err)
				}
			} else {
				wantError(t, err, "InvalidOperationException", tt.wantMsg)
			}
			if th.IsFlowSuppressed() != tt.wantSup {
				t.Fatalf("suppressed = %v, want %v", th.IsFlowSuppressed(), tt.wantSup)
			}
			if other.IsFlowSuppressed() {
				t.Fatal("the other thread changed")
			}
		})
	}
}

func TestCaptureForSuspension(t *testing.T) {
	r := &recorder{}
	a := r.local("a")
	th := NewThread()
	if th.CaptureForSuspension() != nil {
		t.Fatal("Default must capture as nil")
	}
	mustSet(t, th, a, str("x"))
	c := th.CaptureForSuspension()
	if c != th.Capture() {
		t.Fatal("a context must capture as itself")
	}
	th.RestoreFromSuspension(nil)
	if th.Current() != Default {
		t.Fatal("resuming with nil must install Default")
	}
	th.RestoreFromSuspension(c)
	if th.Capture() != c {
		t.Fatal("resuming did not install the context")
	}
	fc, _ := th.SuppressFlow()
	if th.CaptureForSuspension() != DefaultFlowSuppressed {
		t.Fatal("suppressed flow must capture as the marker")
	}
	if err := fc.Undo(th); err != nil {
		t.Fatal(err)
	}
	other := NewThread()
	mustSet(t, other, a, str("other"))
	before := other.Current()
	r.take()
	other.RestoreFromSuspension(DefaultFlowSuppressed)
	if other.Current() != before || len(r.take()) != 0 {
		t.Fatal("resuming with the marker must leave the context alone")
	}
}

func TestContextAccessorsNil(t *testing.T) {
	var c *Context
	l := NewLocal(nil)
	if c.IsDefault() || c.IsFlowSuppressed() || c.Len() != 0 || c.Shape() != ShapeEmpty ||
		c.Value(l) != nil || c.Locals() != nil || c.Handlers() != nil {
		t.Fatal("a nil context must read as empty")
	}
	if !Default.IsDefault() || Default.IsFlowSuppressed() || !DefaultFlowSuppressed.IsFlowSuppressed() {
		t.Fatal("singletons have the wrong flags")
	}
	if l.HasHandler() || !NewLocal(func(*Thread, any, any, bool) error { return nil }).HasHandler() {
		t.Fatal("HasHandler")
	}
	if (&Error{Type: "T", Msg: "m"}).Error() != "T: m" {
		t.Fatal("Error()")
	}
}

// TestConcurrentSharing runs one shared context on many goroutines, each with
// its own Thread, for the race detector.
func TestConcurrentSharing(t *testing.T) {
	locals := newLocals(20, func(*Thread, any, any, bool) error { return nil })
	seed := NewThread()
	for _, l := range locals {
		mustSet(t, seed, l, l)
	}
	shared := seed.Capture()
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			th := NewThread()
			for i := 0; i < 200; i++ {
				err := th.Run(shared, func() error {
					l := locals[i%len(locals)]
					if l.Get(th) != l {
						return errors.New("wrong shared value")
					}
					return l.Set(th, new(int))
				})
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for _, l := range locals {
		if shared.Value(l) != l {
			t.Fatal("shared context changed")
		}
	}
}

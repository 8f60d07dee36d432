package ctx

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// shapeFor is the shape a map of n entries must have.
func shapeFor(n int) Shape {
	switch {
	case n == 0:
		return ShapeEmpty
	case n == 1:
		return ShapeOne
	case n == 2:
		return ShapeTwo
	case n == 3:
		return ShapeThree
	case n <= 16:
		return ShapeArray
	}
	return ShapeHash
}

func newLocals(n int, handler Handler) []*Local {
	locals := make([]*Local, n)
	for i := range locals {
		locals[i] = NewLocal(handler)
	}
	return locals
}

// names renders locals as their indexes in all, so diffs are readable.
func names(all, locals []*Local) []string {
	out := make([]string, len(locals))
	for i, l := range locals {
		out[i] = "?"
		for j, k := range all {
			if k == l {
				out[i] = fmt.Sprint(j)
			}
		}
	}
	return out
}

func checkContext(t *testing.T, step string, c *Context, all, want []*Local) {
	t.Helper()
	if got, w := c.Shape(), shapeFor(len(want)); got != w {
		t.Fatalf("%s: shape %v, want %v", step, got, w)
	}
	if c.Len() != len(want) {
		t.Fatalf("%s: len %d, want %d", step, c.Len(), len(want))
	}
	if diff := cmp.Diff(names(all, want), names(all, c.Locals())); diff != "" {
		t.Fatalf("%s: order (-want +got):\n%s", step, diff)
	}
	for _, l := range want {
		if v := c.Value(l); v != l {
			t.Fatalf("%s: value of local %v is %v", step, names(all, []*Local{l}), v)
		}
	}
}

func TestShapesGrowAndShrink(t *testing.T) {
	const max = 40
	removals := []struct {
		name  string
		order func(n int) []int // indexes into the added locals, in removal order
	}{
		{"last first", func(n int) []int {
			o := make([]int, n)
			for i := range o {
				o[i] = n - 1 - i
			}
			return o
		}},
		{"first first", func(n int) []int {
			o := make([]int, n)
			for i := range o {
				o[i] = i
			}
			return o
		}},
		{"middle first", func(n int) []int {
			var o []int
			lo, hi := n/2, n/2+1
			for lo >= 0 || hi < n {
				if lo >= 0 {
					o = append(o, lo)
					lo--
				}
				if hi < n {
					o = append(o, hi)
					hi++
				}
			}
			return o
		}},
		{"every third", func(n int) []int {
			var o []int
			for start := 0; start < 3; start++ {
				for i := start; i < n; i += 3 {
					o = append(o, i)
				}
			}
			return o
		}},
	}
	for _, rm := range removals {
		t.Run(rm.name, func(t *testing.T) {
			locals := newLocals(max, nil)
			th := NewThread()
			if th.Capture() != Default {
				t.Fatal("fresh thread is not on Default")
			}
			for n := 1; n <= max; n++ {
				before := th.Current()
				if err := locals[n-1].Set(th, locals[n-1]); err != nil {
					t.Fatal(err)
				}
				checkContext(t, fmt.Sprintf("add %d", n), th.Current(), locals, locals[:n])
				checkContext(t, fmt.Sprintf("old context after add %d", n), before, locals, locals[:n-1])
			}
			live := append([]*Local(nil), locals...)
			for step, i := range rm.order(max) {
				before := th.Current()
				beforeLive := append([]*Local(nil), live...)
				if err := locals[i].Set(th, nil); err != nil {
					t.Fatal(err)
				}
				for j, l := range live {
					if l == locals[i] {
						live = append(live[:j:j], live[j+1:]...)
						break
					}
				}
				checkContext(t, fmt.Sprintf("remove #%d (local %d)", step, i), th.Current(), locals, live)
				checkContext(t, fmt.Sprintf("old context after remove #%d", step), before, locals, beforeLive)
			}
			if th.Capture() != Default || th.Current() != Default {
				t.Fatal("thread did not return to Default when the map emptied")
			}
		})
	}
}

func TestShapeUpdateInPlace(t *testing.T) {
	for n := 1; n <= 40; n++ {
		locals := newLocals(n, nil)
		th := NewThread()
		for _, l := range locals {
			if err := l.Set(th, l); err != nil {
				t.Fatal(err)
			}
		}
		for i, l := range locals {
			before := th.Current()
			v := new(int)
			if err := l.Set(th, v); err != nil {
				t.Fatal(err)
			}
			c := th.Current()
			if c == before {
				t.Fatalf("n=%d: update of %d did not build a new context", n, i)
			}
			if c.Shape() != shapeFor(n) {
				t.Fatalf("n=%d: update changed shape to %v", n, c.Shape())
			}
			if diff := cmp.Diff(names(locals, locals), names(locals, c.Locals())); diff != "" {
				t.Fatalf("n=%d: update changed order:\n%s", n, diff)
			}
			if c.Value(l) != v || before.Value(l) != l {
				t.Fatalf("n=%d: update of %d: new %v old %v", n, i, c.Value(l), before.Value(l))
			}
			if err := l.Set(th, l); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestMapRemoveAbsent checks at the map level that storing nil for a key
// that is not there returns the same map in every shape.
func TestMapRemoveAbsent(t *testing.T) {
	absent := NewLocal(nil)
	for n := 0; n <= 20; n++ {
		m := emptyValues
		for _, l := range newLocals(n, nil) {
			m = m.set(l, 1, true)
		}
		if got := m.set(absent, nil, true); got != m {
			t.Errorf("n=%d (%v): removing an absent key built a new map", n, m.shape())
		}
		if got := m.set(absent, nil, false); got.count() != n+1 {
			t.Errorf("n=%d: storing nil without removal: count %d", n, got.count())
		}
		if _, ok := m.get(absent); ok {
			t.Errorf("n=%d: absent key found", n)
		}
	}
}

func TestShapeNames(t *testing.T) {
	want := []string{"empty", "one", "two", "three", "array", "hash", "unknown"}
	for i, w := range want {
		if got := Shape(i).String(); got != w {
			t.Errorf("Shape(%d) = %q, want %q", i, got, w)
		}
	}
}

func TestHandlerNilEntriesStay(t *testing.T) {
	noop := func(*Thread, any, any, bool) error { return nil }
	tests := []struct {
		name      string
		handler   Handler
		wantLen   int // entries after setting all to nil
		wantShape Shape
	}{
		{"without handler", nil, 0, ShapeEmpty},
		{"with handler", noop, 20, ShapeHash},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			locals := newLocals(20, tt.handler)
			th := NewThread()
			for _, l := range locals {
				if err := l.Set(th, l); err != nil {
					t.Fatal(err)
				}
			}
			for _, l := range locals {
				if err := l.Set(th, nil); err != nil {
					t.Fatal(err)
				}
			}
			c := th.Current()
			if c.Len() != tt.wantLen || c.Shape() != tt.wantShape {
				t.Fatalf("len %d shape %v, want %d %v", c.Len(), c.Shape(), tt.wantLen, tt.wantShape)
			}
			if (tt.wantLen == 0) != (c == Default) {
				t.Fatalf("on Default: %v", c == Default)
			}
			for _, l := range locals {
				v, held := c.Lookup(l)
				if v != nil || held != (tt.wantLen > 0) {
					t.Fatalf("Lookup = %v, %v", v, held)
				}
			}
			if got := len(c.Handlers()); got != tt.wantLen {
				t.Fatalf("handler list has %d locals, want %d", got, tt.wantLen)
			}
		})
	}
}

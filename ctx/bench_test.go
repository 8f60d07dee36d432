package ctx

import "testing"

func BenchmarkCapture(b *testing.B) {
	th := NewThread()
	l := NewLocal(nil)
	if err := l.Set(th, new(int)); err != nil {
		b.Fatal(err)
	}
	var c *Context
	for b.Loop() {
		c = th.Capture()
	}
	_ = c
}

func BenchmarkSetLocal(b *testing.B) {
	th := NewThread()
	l := NewLocal(nil)
	values := [2]any{new(int), new(int)}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := l.Set(th, values[i&1]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkRunCaptured(b *testing.B) {
	th := NewThread()
	l := NewLocal(nil)
	if err := l.Set(th, new(int)); err != nil {
		b.Fatal(err)
	}
	c := th.Capture()
	th.Switch(Default)
	callback := func() error { return nil }
	b.ReportAllocs()
	for b.Loop() {
		if err := th.Run(c, callback); err != nil {
			b.Fatal(err)
		}
	}
}

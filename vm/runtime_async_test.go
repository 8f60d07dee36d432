package vm

import (
	"testing"
	"unsafe"
)

// TestContinuationLayout keeps a continuation's header at 48 bytes, so
// that one with a single live register is a 64-byte allocation, one cache
// line (the memory per pending await in docs/benchmarks.md depends on it),
// and its registers start right after the header (regBase).
func TestContinuationLayout(t *testing.T) {
	if n := unsafe.Sizeof(Continuation{}); n != 48 {
		t.Errorf("Continuation is %d bytes, want 48", n)
	}
	if n := unsafe.Sizeof(cont1{}); n != 64 {
		t.Errorf("a continuation with one register is %d bytes, want 64", n)
	}
	for _, off := range []uintptr{unsafe.Offsetof(cont1{}.r), unsafe.Offsetof(cont2{}.r), unsafe.Offsetof(cont4{}.r), unsafe.Offsetof(cont8{}.r)} {
		if off != unsafe.Sizeof(Continuation{}) {
			t.Errorf("registers at offset %d, want right after the header", off)
		}
	}
}

// TestTaskLayout keeps a Task at 64 bytes, .NET's size and a Go size
// class: a pending call's memory in docs/benchmarks.md depends on it.
func TestTaskLayout(t *testing.T) {
	if n := unsafe.Sizeof(Task{}); n != 64 {
		t.Errorf("Task is %d bytes, want 64", n)
	}
}

package vm

import (
	"testing"
	"unsafe"
)

// TestContinuationLayout keeps a continuation's header at 64 bytes, so
// that one with a single live register is an 80-byte allocation (the
// memory per pending await in docs/benchmarks.md depends on it).
func TestContinuationLayout(t *testing.T) {
	if n := unsafe.Sizeof(Continuation{}); n != 64 {
		t.Errorf("Continuation is %d bytes, want 64", n)
	}
	if n := unsafe.Sizeof(cont1{}); n != 80 {
		t.Errorf("a continuation with one register is %d bytes, want 80", n)
	}
}

// TestTaskLayout keeps a Task at 64 bytes, .NET's size and a Go size
// class: a pending call's memory in docs/benchmarks.md depends on it.
func TestTaskLayout(t *testing.T) {
	if n := unsafe.Sizeof(Task{}); n != 64 {
		t.Errorf("Task is %d bytes, want 64", n)
	}
}

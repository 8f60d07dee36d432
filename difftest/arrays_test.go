package difftest

import (
	"strings"
	"testing"
)

// TestMDArraysGenerated checks that the generator emits multidimensional
// arrays and that the programs with them agree across the models and find
// no mismatch against the generator's model.
func TestMDArraysGenerated(t *testing.T) {
	found := 0
	for seed := int64(1); seed <= 400 && found < 3; seed++ {
		if !strings.Contains(Generate(seed), "MISMATCH md:") {
			continue
		}
		found++
		if msg := compare(seed); msg != "" {
			t.Fatalf("seed %d: %s", seed, msg)
		}
		if o := run(Generate(seed), "rt"); strings.Contains(o.stdout, "MISMATCH") {
			t.Fatalf("seed %d: %s", seed, o.stdout)
		}
	}
	if found == 0 {
		t.Fatal("no generated program has a multidimensional array")
	}
}

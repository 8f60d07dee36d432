package vm

import "testing"

// TestConstructFindsWithoutAllocating checks that finding a constructed
// type made before allocates nothing: library collections construct their
// run-time type on every creation.
func TestConstructFindsWithoutAllocating(t *testing.T) {
	one := &Type{Kind: KindNative, Name: "One`1"}
	two := &Type{Kind: KindNative, Name: "Two`2"}
	three := &Type{Kind: KindNative, Name: "Three`3"}
	a1, a2, a3 := []*Type{TInt}, []*Type{TInt, TString}, []*Type{TInt, TString, TLong}
	if Construct(one, a1) != Construct(one, []*Type{TInt}) || Construct(two, a2) == Construct(two, []*Type{TString, TInt}) ||
		Construct(three, a3) != Construct(three, []*Type{TInt, TString, TLong}) {
		t.Fatal("constructed types are not interned by their arguments")
	}
	for _, c := range []struct {
		def  *Type
		args []*Type
	}{{one, a1}, {two, a2}} {
		if n := testing.AllocsPerRun(100, func() { Construct(c.def, c.args) }); n != 0 {
			t.Errorf("Construct(%s) allocates %v times", c.def.Name, n)
		}
	}
}

func TestArity(t *testing.T) {
	for name, want := range map[string]int{"List`1": 1, "Dictionary`2+KeyCollection": 2, "Outer`1+Node`1": 2, "Console": 0, "Outer+Inner`3": 3} {
		if got := (&Type{Name: name}).Arity(); got != want {
			t.Errorf("%s: arity %d, want %d", name, got, want)
		}
	}
}

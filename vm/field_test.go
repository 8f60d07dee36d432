package vm

import (
	"io"
	"testing"
)

// TestFieldInstructionsCheckTheClass runs hand-assembled field instructions
// on objects of the wrong kind (another class, a base class, a string, a
// library object, a boxed int, null): each must throw, never panic or touch
// the object, while objects of the class and of its subclasses work.
func TestFieldInstructionsCheckTheClass(t *testing.T) {
	exc := &Type{Kind: KindInstance, Namespace: "System", Name: "Exception", Super: TObject}
	for _, f := range []string{"message", "inner", "trace", "data"} {
		exc.AddField(&Field{Name: f})
	}
	cast := &Type{Kind: KindInstance, Namespace: "System", Name: "InvalidCastException", Super: exc, Fields: exc.Fields}
	null := &Type{Kind: KindInstance, Namespace: "System", Name: "NullReferenceException", Super: exc, Fields: exc.Fields}
	base := &Type{Kind: KindInstance, Name: "Base", Super: TObject}
	base.AddField(&Field{Name: "X"})
	a := &Type{Kind: KindInstance, Name: "A", Super: base}
	a.AddField(&Field{Name: "X"})
	a.AddField(&Field{Name: "Z"})
	derived := &Type{Kind: KindInstance, Name: "Derived", Super: a}
	derived.AddField(&Field{Name: "X"})
	derived.AddField(&Field{Name: "Z"})
	derived.AddField(&Field{Name: "W"})
	other := &Type{Kind: KindInstance, Name: "Other", Super: TObject}
	other.AddField(&Field{Name: "S"})
	prog := &Program{Types: []*Type{exc, cast, null, base, a, derived, other}}
	m := NewMachine(prog, io.Discard, io.Discard)
	th := m.NewThread()

	zref := NewFieldRef(a, 1)
	fns := map[string]*Func{
		// R1 := R0.Z; return R1
		"get": {Name: "get", NumParams: 1, NumRegs: 2, Fields: []FieldRef{zref},
			Code: []Instr{MakeABC(OpGetField, 1, 0, 0), MakeABC(OpRet, 1, 0, 0)}},
		// R0.Z := 7; return R0
		"set": {Name: "set", NumParams: 1, NumRegs: 2, Fields: []FieldRef{zref},
			Code: []Instr{MakeABx(OpLoadInt, 1, 7), MakeABC(OpSetField, 0, 0, 1), MakeABC(OpRet, 0, 0, 0)}},
		// this.Z, with this in R0
		"getThis": {Name: "getThis", NumParams: 0, HasThis: true, NumRegs: 2, Fields: []FieldRef{zref},
			Code: []Instr{MakeABC(OpGetThisF, 1, 0, 0), MakeABC(OpRet, 1, 0, 0)}},
		"setThis": {Name: "setThis", NumParams: 0, HasThis: true, NumRegs: 2, Fields: []FieldRef{zref},
			Code: []Instr{MakeABx(OpLoadInt, 1, 7), MakeABC(OpSetThisF, 0, 1, 0), MakeABC(OpRet, 1, 0, 0)}},
		"ref": {Name: "ref", NumParams: 1, NumRegs: 2, Fields: []FieldRef{zref},
			Code: []Instr{MakeABC(OpRefFld, 1, 0, 0), MakeABC(OpRet, 1, 0, 0)}},
	}
	good := map[string]func() Value{
		"A":       func() Value { return Ref(NewInstance(a)) },
		"Derived": func() Value { return Ref(NewInstance(derived)) },
	}
	bad := map[string]struct {
		v    func() Value
		want *Type
	}{
		"Base":   {func() Value { return Ref(NewInstance(base)) }, cast},
		"Other":  {func() Value { return Ref(NewInstance(other)) }, cast},
		"string": {func() Value { return String("abc") }, cast},
		"native": {func() Value { return NewNative(TType, nil) }, cast},
		"int":    {func() Value { return Int(5) }, cast},
		"array":  {func() Value { return Ref(NewArray(TInt, 3)) }, cast},
		"null":   {func() Value { return Null }, null},
	}
	call := func(fn *Func, v Value) (Value, error) {
		if fn.HasThis {
			return th.Invoke(fn, v, nil)
		}
		return th.Invoke(fn, Null, []Value{v})
	}
	for fname, fn := range fns {
		for name, mk := range good {
			if _, err := call(fn, mk()); err != nil {
				t.Errorf("%s on %s: %v", fname, name, err)
			}
		}
		for name, c := range bad {
			v := c.v()
			_, err := call(fn, v)
			th2, ok := err.(*Thrown)
			if !ok || th2.Exc.Type() != c.want {
				t.Errorf("%s on %s: error %v, want a %s", fname, name, err, c.want.Name)
			}
			if o := v.AsInstance(); o != nil && !o.F[0].IsNull() {
				t.Errorf("%s on %s changed the object: %v", fname, name, o.F)
			}
		}
	}
	o := NewInstance(derived)
	if _, err := call(fns["set"], Ref(o)); err != nil || o.F[1].AsInt() != 7 {
		t.Errorf("set on Derived: %v, fields %v", err, o.F)
	}
}

package vm

// NewLibEnum makes a library enum type (TaskStatus, TaskCreationOptions):
// its values are unboxed primitives like a compiled enum's, printed by name.
// It is additive support for package vm/threading, which cannot set the
// unexported primitive mark itself.
func NewLibEnum(ns, name string, members []EnumMember) *Type {
	t := newPrimType(KindEnum, ns, name, "")
	t.IsEnum = true
	t.IsValueType = true
	t.EnumUnder = TInt
	t.EnumNames = members
	t.Super = TObject
	return t
}

// NewNativeDelegate makes a delegate value calling fn (bound to this when fn
// has a receiver); package vm/threading uses it to hand native callbacks to
// user code.
func NewNativeDelegate(fn *Func, this Value) Value {
	return Ref(&Closure{Header: Header{TDelegate}, Fn: fn, This: this})
}

package vm

// NewEnumType makes an enum type descriptor (int underlying) for the
// library, such as System.StringComparison. Enum values point at their type
// like primitives do, so the descriptor must carry the primitive mark that
// only this package can set.
func NewEnumType(ns, name string, members []EnumMember) *Type {
	t := newPrimType(KindEnum, ns, name, "")
	t.IsEnum = true
	t.IsValueType = true
	t.EnumUnder = TInt
	t.EnumNames = members
	t.Super = TObject
	return t
}

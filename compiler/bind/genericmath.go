package bind

// genericMathBases lists the generic math interfaces (System.Numerics,
// declared in the prelude) each predefined numeric type implements, as
// .NET's do; their base interfaces follow from the declarations. The VM
// implements the members natively (vm/genericmath.go). The prelude holds
// these interfaces only for a program that names them, so they are added
// only when declared.
var genericMathBases = map[SpecialType][]string{
	SByte:   {"IBinaryInteger", "IMinMaxValue", "ISignedNumber"},
	Int16:   {"IBinaryInteger", "IMinMaxValue", "ISignedNumber"},
	Int32:   {"IBinaryInteger", "IMinMaxValue", "ISignedNumber"},
	Int64:   {"IBinaryInteger", "IMinMaxValue", "ISignedNumber"},
	Byte:    {"IBinaryInteger", "IMinMaxValue", "IUnsignedNumber"},
	UInt16:  {"IBinaryInteger", "IMinMaxValue", "IUnsignedNumber"},
	UInt32:  {"IBinaryInteger", "IMinMaxValue", "IUnsignedNumber"},
	UInt64:  {"IBinaryInteger", "IMinMaxValue", "IUnsignedNumber"},
	Char:    {"IBinaryInteger", "IMinMaxValue", "IUnsignedNumber"},
	Single:  {"IBinaryFloatingPointIeee754", "IMinMaxValue"},
	Double:  {"IBinaryFloatingPointIeee754", "IMinMaxValue"},
	Decimal: {"IFloatingPoint", "IMinMaxValue"},
}

// addGenericMath adds to each predefined numeric type the generic math
// interfaces it implements, constructed with it (INumber<int> for int),
// once every declared type's bases are known.
func (b *binder) addGenericMath() {
	for s := SpecialType(0); int(s) < len(b.u.special); s++ {
		t := b.u.special[s]
		for _, n := range genericMathBases[s] {
			def := b.u.lookup("System.Numerics."+n, 1)
			if def == nil || def.Kind != Interface {
				return
			}
			t.Ifaces = append(t.Ifaces, b.u.Construct(def, []*Type{t}))
		}
	}
}

// isGenericMath reports whether t is one of the generic math interfaces
// (System.Numerics, IParsable, ISpanParsable), which every predefined type
// implementing them lists.
func isGenericMath(t *Type) bool {
	d := t.Generic()
	if d.Kind != Interface || d.Lib || d.Decl == nil {
		return false
	}
	return d.Namespace == "System.Numerics" || d.Namespace == "System" && (d.Name == "IParsable" || d.Name == "ISpanParsable")
}

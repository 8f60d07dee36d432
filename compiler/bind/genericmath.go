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
	// Int128 and UInt128 are library structs, their members natives
	// (vm/lib/int128.go) found by name.
	for _, w := range [...][2]string{{"System.Int128", "ISignedNumber"}, {"System.UInt128", "IUnsignedNumber"}} {
		name, sign := w[0], w[1]
		t := b.u.lookup(name, 0)
		if t == nil {
			continue
		}
		for _, n := range []string{"IBinaryInteger", "IMinMaxValue", sign} {
			if def := b.u.lookup("System.Numerics."+n, 1); def != nil && def.Kind == Interface {
				t.Ifaces = append(t.Ifaces, b.u.Construct(def, []*Type{t}))
			}
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

// publicNumericStatics are the generic math members .NET's numeric types
// declare as their own public static members (int.CreateChecked(x),
// int.Max(a, b), double.Sqrt(x)), not only as interface implementations
// (int.Zero is not one).
var publicNumericStatics = map[string]bool{
	"Abs": true, "Clamp": true, "CopySign": true, "CreateChecked": true, "CreateSaturating": true,
	"CreateTruncating": true, "DivRem": true, "IsEvenInteger": true, "IsNegative": true, "IsOddInteger": true,
	"IsPositive": true, "IsPow2": true, "LeadingZeroCount": true, "Log2": true, "Max": true, "MaxMagnitude": true,
	"MaxNumber": true, "Min": true, "MinMagnitude": true, "MinNumber": true, "PopCount": true, "RotateLeft": true,
	"RotateRight": true, "Sign": true, "TrailingZeroCount": true, "IsInteger": true, "IsRealNumber": true,
	"Ceiling": true, "Floor": true, "Round": true, "Truncate": true, "Sqrt": true, "Cbrt": true, "Pow": true,
	"Exp": true, "Log": true, "Log10": true, "Sin": true, "Cos": true, "Tan": true, "IsNormal": true, "IsSubnormal": true,
}

// NumericStaticName reports whether name is one of the generic math
// members the numeric types declare as their own (int.Max, double.IsInteger).
func NumericStaticName(name string) bool { return publicNumericStatics[name] }

// numericStatics returns the public static generic math members named
// name of predefined numeric type t (publicNumericStatics), found in the
// interfaces it implements.
func (b *binder) numericStatics(t *Type, name string) []Symbol {
	if t.Kind != Special || genericMathBases[t.Special] == nil || !publicNumericStatics[name] {
		return nil
	}
	var out []Symbol
	for _, i := range t.Ifaces {
		if !isGenericMath(i) {
			continue
		}
		for _, s := range b.lookup(i, name) {
			if isStaticVirtual(s) {
				out = append(out, s)
			}
		}
		if len(out) > 0 {
			return dedupSymbols(out)
		}
	}
	return nil
}

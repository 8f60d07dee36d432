package lib

import (
	"unicode"

	"asyncvm/vm"
)

// System.Globalization.UnicodeCategory and the members that report it:
// char.GetUnicodeCategory and CharUnicodeInfo.GetUnicodeCategory.
var tUnicodeCategory = libEnum("System.Globalization", "UnicodeCategory",
	"UppercaseLetter", "LowercaseLetter", "TitlecaseLetter", "ModifierLetter", "OtherLetter",
	"NonSpacingMark", "SpacingCombiningMark", "EnclosingMark", "DecimalDigitNumber", "LetterNumber",
	"OtherNumber", "SpaceSeparator", "LineSeparator", "ParagraphSeparator", "Control", "Format",
	"Surrogate", "PrivateUse", "ConnectorPunctuation", "DashPunctuation", "OpenPunctuation",
	"ClosePunctuation", "InitialQuotePunctuation", "FinalQuotePunctuation", "OtherPunctuation",
	"MathSymbol", "CurrencySymbol", "ModifierSymbol", "OtherSymbol", "OtherNotAssigned")

// unicodeCategories pairs each UnicodeCategory value (its index) with
// Go's table of the general category.
var unicodeCategories = []*unicode.RangeTable{
	unicode.Lu, unicode.Ll, unicode.Lt, unicode.Lm, unicode.Lo,
	unicode.Mn, unicode.Mc, unicode.Me, unicode.Nd, unicode.Nl,
	unicode.No, unicode.Zs, unicode.Zl, unicode.Zp, unicode.Cc, unicode.Cf,
	unicode.Cs, unicode.Co, unicode.Pc, unicode.Pd, unicode.Ps,
	unicode.Pe, unicode.Pi, unicode.Pf, unicode.Po,
	unicode.Sm, unicode.Sc, unicode.Sk, unicode.So,
}

// unicodeCategory is the UnicodeCategory value of code point r.
func unicodeCategory(r rune) int32 {
	if r >= 0xd800 && r <= 0xdfff {
		return 16 // Surrogate: Go's tables hold no lone surrogates
	}
	for i, tab := range unicodeCategories {
		if unicode.Is(tab, r) {
			return int32(i)
		}
	}
	return 29 // OtherNotAssigned
}

// unicodeCategoryAt reads GetUnicodeCategory's arguments: a char, a code
// point, or a string and an index (a surrogate pair there is one code
// point).
func unicodeCategoryAt(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	var r rune
	switch {
	case len(args) == 2:
		s, ok := str(args[0])
		if !ok {
			return vm.Null, argNull(t, "s")
		}
		u := u16(s)
		i, err := intArg(t, args[1], "index")
		if err != nil {
			return vm.Null, err
		}
		if i < 0 || i >= len(u) {
			return vm.Null, argOutOfRange(t, "index", "Index was out of range. Must be non-negative and less than the size of the collection.")
		}
		r = rune(u[i])
		if r >= 0xd800 && r <= 0xdbff && i+1 < len(u) && u[i+1] >= 0xdc00 && u[i+1] <= 0xdfff {
			r = 0x10000 + (r-0xd800)<<10 + rune(u[i+1]-0xdc00)
		}
	case args[0].PrimType() == vm.TChar:
		r = rune(args[0].AsChar())
	default:
		n, _ := toInt(args[0])
		r = rune(n)
	}
	return vm.EnumValue(tUnicodeCategory, int64(unicodeCategory(r))), nil
}

func init() {
	register(vm.TChar).AddStatic("GetUnicodeCategory", 1, 2, unicodeCategoryAt)
	register(vm.NewLibType("System.Globalization", "CharUnicodeInfo", nil)).AddStatic("GetUnicodeCategory", 1, 2, unicodeCategoryAt)
}

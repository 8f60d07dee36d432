package lib

import (
	"strings"

	"asyncvm/vm"
	"asyncvm/vm/netfmt"
)

// NumberStyles: the Parse and TryParse overloads that take a
// System.Globalization.NumberStyles. The styled text is rewritten into the
// form the type's default parser reads (a leading '-', no group or
// currency symbols), or, for AllowHexSpecifier, read here.

const (
	styleLeadingWhite  = 1
	styleTrailingWhite = 2
	styleLeadingSign   = 4
	styleTrailingSign  = 8
	styleParentheses   = 16
	styleDecimalPoint  = 32
	styleThousands     = 64
	styleExponent      = 128
	styleCurrency      = 256
	styleHex           = 512
)

var tNumberStyles = libEnumValues("System.Globalization", "NumberStyles", []vm.EnumMember{
	{Name: "None", Value: 0}, {Name: "AllowLeadingWhite", Value: 1}, {Name: "AllowTrailingWhite", Value: 2},
	{Name: "AllowLeadingSign", Value: 4}, {Name: "Integer", Value: 7}, {Name: "AllowTrailingSign", Value: 8},
	{Name: "AllowParentheses", Value: 16}, {Name: "AllowDecimalPoint", Value: 32}, {Name: "AllowThousands", Value: 64},
	{Name: "Number", Value: 111}, {Name: "AllowExponent", Value: 128}, {Name: "Float", Value: 167},
	{Name: "AllowCurrencySymbol", Value: 256}, {Name: "Currency", Value: 383}, {Name: "Any", Value: 511},
	{Name: "AllowHexSpecifier", Value: 512}, {Name: "HexNumber", Value: 515},
})

// libEnumValues registers a library enum whose members have the given values.
func libEnumValues(ns, name string, ms []vm.EnumMember) *vm.Type {
	et := register(vm.NewEnumType(ns, name, ms))
	for _, m := range ms {
		v := vm.EnumValue(et, m.Value)
		et.AddStaticProperty(m.Name, func(*vm.Thread, []vm.Value) (vm.Value, error) { return v, nil }, nil)
	}
	return et
}

// integralWidth is the width and .NET name (with its article,
// for OverflowException's message) of an integral type.
func integralWidth(ty *vm.Type) (bits int, name string, ok bool) {
	switch ty {
	case vm.TSByte:
		return 8, "a SByte", true
	case vm.TByte:
		return 8, "a Byte", true
	case vm.TShort:
		return 16, "an Int16", true
	case vm.TUShort:
		return 16, "a UInt16", true
	case vm.TInt:
		return 32, "an Int32", true
	case vm.TUInt:
		return 32, "a UInt32", true
	case vm.TLong:
		return 64, "an Int64", true
	case vm.TULong:
		return 64, "a UInt64", true
	}
	return 0, "", false
}

func badInput(s string) error {
	return &netfmt.FormatError{Type: "FormatException", Msg: "The input string '" + s + "' was not in a correct format."}
}

func isWhite(c byte) bool { return c == ' ' || c >= 0x09 && c <= 0x0D }

// parseStyled parses s as a ty under style, with parse the type's default
// parser.
func parseStyled(t *vm.Thread, ty *vm.Type, s string, style int64, c *netfmt.Culture, parse func(t *vm.Thread, s string, c *netfmt.Culture) (vm.Value, error)) (vm.Value, error) {
	if style&^1023 != 0 {
		return vm.Null, t.Throw("System.ArgumentException", "An undefined NumberStyles value is being used. (Parameter 'style')")
	}
	if style&styleHex != 0 && style&^(styleHex|styleLeadingWhite|styleTrailingWhite) != 0 {
		return vm.Null, t.Throw("System.ArgumentException", "With the AllowHexSpecifier bit set in the enum bit field, the only other valid bits that can be combined into the enum value must be a subset of those in HexNumber. (Parameter 'style')")
	}
	body := s
	if style&styleLeadingWhite != 0 {
		body = strings.TrimLeft(body, " \t\n\v\f\r")
	}
	if style&styleTrailingWhite != 0 {
		body = strings.TrimRight(body, " \t\n\v\f\r\x00")
	}
	if body == "" || isWhite(body[0]) || isWhite(body[len(body)-1]) {
		return vm.Null, badInput(s)
	}
	bits, name, integral := integralWidth(ty)
	if style&styleHex != 0 && ty == tBigInteger {
		return parseBigHex(body)
	}
	if style&styleHex != 0 {
		if !integral {
			return vm.Null, t.Throw("System.ArgumentException", "The number style AllowHexSpecifier is not supported on floating point data types.")
		}
		var n uint64
		for i := 0; i < len(body); i++ {
			d, ok := hexDigit(body[i])
			if !ok {
				return vm.Null, badInput(s)
			}
			if n>>(bits-4) != 0 {
				return vm.Null, &netfmt.FormatError{Type: "OverflowException", Msg: "Value was either too large or too small for " + name + "."}
			}
			n = n<<4 | uint64(d)
		}
		return vm.MakeIntegral(ty, n), nil
	}
	neg := false
	switch {
	case style&styleParentheses != 0 && len(body) > 1 && body[0] == '(' && body[len(body)-1] == ')':
		body, neg = strings.TrimSpace(body[1:len(body)-1]), true
	case style&styleLeadingSign != 0 && (strings.HasPrefix(body, c.NegativeSign) || strings.HasPrefix(body, c.PositiveSign)):
		neg = strings.HasPrefix(body, c.NegativeSign)
		body = strings.TrimPrefix(strings.TrimPrefix(body, c.NegativeSign), c.PositiveSign)
	case style&styleTrailingSign != 0 && (strings.HasSuffix(body, c.NegativeSign) || strings.HasSuffix(body, c.PositiveSign)):
		neg = strings.HasSuffix(body, c.NegativeSign)
		body = strings.TrimSuffix(strings.TrimSuffix(body, c.NegativeSign), c.PositiveSign)
	}
	if style&styleCurrency != 0 && c.CurrencySymbol != "" {
		body = strings.TrimSpace(strings.Replace(body, c.CurrencySymbol, "", 1))
		if !neg && strings.HasPrefix(body, c.NegativeSign) && style&styleLeadingSign != 0 {
			body, neg = body[len(c.NegativeSign):], true
		}
	}
	if body == "" {
		return vm.Null, badInput(s)
	}
	intPart, frac, hasPoint := strings.Cut(body, c.NumberDecimalSeparator)
	if hasPoint && style&styleDecimalPoint == 0 {
		return vm.Null, badInput(s)
	}
	if strings.Contains(intPart, c.NumberGroupSeparator) {
		if style&styleThousands == 0 {
			return vm.Null, badInput(s)
		}
		intPart = strings.ReplaceAll(intPart, c.NumberGroupSeparator, "")
	}
	mantissa, exp := frac, ""
	if i := strings.IndexAny(frac, "eE"); i >= 0 {
		mantissa, exp = frac[:i], frac[i:]
	} else if i := strings.IndexAny(intPart, "eE"); i >= 0 && !hasPoint {
		intPart, exp = intPart[:i], intPart[i:]
	}
	if exp != "" && style&styleExponent == 0 {
		return vm.Null, badInput(s)
	}
	for _, part := range []string{intPart, mantissa} {
		for i := 0; i < len(part); i++ {
			if part[i] < '0' || part[i] > '9' {
				return vm.Null, badInput(s)
			}
		}
	}
	if intPart == "" && mantissa == "" {
		return vm.Null, badInput(s)
	}
	canon := intPart
	if hasPoint {
		canon += "." + mantissa
	}
	canon += exp
	if neg {
		canon = "-" + canon
	}
	inv := netfmt.Invariant
	if ty == vm.TDecimal && exp != "" {
		// The decimal parser reads no exponent: apply it here.
		d, err := netfmt.ParseDecimalLiteral(canon)
		if err != nil {
			return vm.Null, err
		}
		canon = d.String()
	}
	if integral && (hasPoint || exp != "") {
		// An integer may be written with a fraction of zeros or an
		// exponent, when its value is whole.
		d, err := netfmt.ParseDecimalLiteral(canon)
		if err != nil {
			return vm.Null, err
		}
		whole, fraction, _ := strings.Cut(d.String(), ".")
		if strings.Trim(fraction, "0") != "" {
			return vm.Null, &netfmt.FormatError{Type: "OverflowException", Msg: "Value was either too large or too small for " + name + "."}
		}
		canon = whole
	}
	return parse(t, canon, inv)
}

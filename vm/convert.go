package vm

import "strings"

// IsInstance is the `is` test: v is non-null and of type ty or derived.
func IsInstance(v Value, ty *Type) bool {
	if v.IsNull() {
		return false
	}
	vt := v.Type()
	if vt == ty || ty == TObject {
		return true
	}
	if vt.Kind == KindArray {
		if ty.Kind == KindArray {
			return vt.Rank == ty.Rank && (ty.Elem == TObject || vt.Elem.IsSubclassOf(ty.Elem))
		}
		if ty.IsInterface {
			if vt.Rank > 1 && strings.Contains(ty.Name, "`") {
				return false // a multidimensional array implements only the non-generic interfaces
			}
			return namesInterface(ArrayIfaceNames, ty)
		}
		if ty.Name == "Array" && ty.Namespace == "System" {
			return true // every array derives from System.Array (a library type vm does not import)
		}
	}
	return vt.IsSubclassOf(ty)
}

// ConvertTo converts v for storage in a location of declared type ty.
func (t *Thread) ConvertTo(v Value, ty *Type) (Value, error) {
	switch ty.Kind {
	case KindInt:
		if v.p == ptrInt {
			return v, nil
		}
		return t.convert(v, ConvInt)
	case KindLong:
		return t.convert(v, ConvLong)
	case KindDouble:
		return t.convert(v, ConvDouble)
	case KindFloat:
		return t.convert(v, ConvFloat)
	case KindChar:
		return t.convert(v, ConvChar)
	case KindSByte:
		return t.convert(v, ConvSByte)
	case KindByte:
		return t.convert(v, ConvByte)
	case KindShort:
		return t.convert(v, ConvShort)
	case KindUShort:
		return t.convert(v, ConvUShort)
	case KindUInt:
		return t.convert(v, ConvUInt)
	case KindULong:
		return t.convert(v, ConvULong)
	case KindEnum:
		if rank(v) != rankNone {
			return enumFrom(ty, v), nil
		}
	}
	if ty == TDecimal && rank(v) != rankNone {
		return t.castDecimal(v)
	}
	return v, nil
}

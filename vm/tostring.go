package vm

import (
	"strconv"
	"strings"
	"unsafe"
)

// concat implements string + anything.
func (t *Thread) concat(b, c Value) (Value, error) {
	if sb, sc := b.AsStr(), c.AsStr(); sb != nil && sc != nil {
		// Both strings: the result is ASCII when both are, so the text need
		// not be scanned again (string building in a loop is quadratic in
		// the copying alone).
		if err := t.Reserve(int64(len(sb.S)) + int64(len(sc.S))); err != nil {
			return Null, err
		}
		s := &Str{Header: Header{TString}, S: sb.S + sc.S, ascii: sb.ascii && sc.ascii}
		if err := t.Alloc(unsafe.Pointer(s), SizeStr+len(s.S)); err != nil {
			return Null, err
		}
		return Value{p: unsafe.Pointer(s)}, nil
	}
	x, err := t.ToString(b)
	if err != nil {
		return Null, err
	}
	y, err := t.ToString(c)
	if err != nil {
		return Null, err
	}
	if err := t.Reserve(int64(len(x)) + int64(len(y))); err != nil {
		return Null, err
	}
	return t.NewString(x + y)
}

// ToString converts any value to its string form as .NET's ToString() does;
// null becomes "".
func (t *Thread) ToString(v Value) (string, error) {
	if v.IsNull() {
		return "", nil
	}
	if s := v.AsStr(); s != nil {
		return s.S, nil
	}
	if pt := v.PrimType(); pt != nil {
		return t.FormatPrim(v, "")
	}
	ty := v.Type()
	if f := ty.LookupOverride("ToString", 0); f != nil {
		r, err := t.Invoke(f, v, nil)
		if err != nil {
			return "", err
		}
		if s := r.AsStr(); s != nil {
			return s.S, nil
		}
		return "", nil
	}
	return DisplayTypeName(ty), nil
}

// DisplayTypeName is what object.ToString() prints for a type: its full name,
// nested types joined with '+'.
func DisplayTypeName(ty *Type) string { return TypeString(ty) }

// FormatPrim formats a primitive (or decimal) value with a .NET format string.
func (t *Thread) FormatPrim(v Value, format string) (string, error) {
	if h := t.M.Host; h != nil {
		return h.Format(t, v, format)
	}
	switch v.p {
	case ptrInt:
		return strconv.Itoa(int(v.AsInt())), nil
	case ptrLong:
		return strconv.FormatInt(int64(v.n), 10), nil
	case ptrDouble:
		return strings.ToUpper(strconv.FormatFloat(v.AsDouble(), 'G', -1, 64)), nil
	case ptrFloat:
		return strconv.FormatFloat(float64(v.AsFloat()), 'G', -1, 32), nil
	case ptrBool:
		if v.n != 0 {
			return "True", nil
		}
		return "False", nil
	case ptrChar:
		return string(rune(v.AsChar())), nil
	case ptrSByte, ptrShort:
		return strconv.FormatInt(int64(v.n), 10), nil
	case ptrByte, ptrUShort, ptrUInt, ptrULong:
		return strconv.FormatUint(v.n, 10), nil
	}
	if pt := v.PrimType(); pt != nil && pt.Kind == KindEnum {
		return EnumName(pt, int64(v.n)), nil
	}
	if d, ok := v.AsNative().(Decimal); ok {
		return d.String(), nil
	}
	return "", nil
}

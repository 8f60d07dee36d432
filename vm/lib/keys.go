package lib

import (
	"hash/fnv"
	"math"
	"reflect"
	"strings"
	"sync"

	"asyncvm/vm"
)

// hkey is the Go-comparable identity of a value used as a hash key. Two
// values with equal hkeys are Equal, except for user objects (user set),
// whose hkey only carries their GetHashCode and are compared by Equals.
type hkey struct {
	t    *vm.Type
	n    uint64
	s    string
	o    vm.Object
	user bool
}

// userOverride returns a user-defined (bytecode) method of v's type, or nil.
func userOverride(v vm.Value, name string, argc int) *vm.Func {
	ty := v.Type()
	if ty == nil || ty.Kind != vm.KindInstance {
		return nil
	}
	f := ty.LookupOverride(name, argc)
	if f == nil || f.Native != nil {
		return nil
	}
	return f
}

// libValue is the payload of a library value type that compares, hashes and
// orders by one number (TimeSpan and DateTime by their ticks).
type libValue interface{ valueKey() int64 }

func (ts *timeSpan) valueKey() int64 { return ts.ticks }
func (d *dateTime) valueKey() int64  { return d.ticks }

// keyOf computes v's hash key; user objects overriding GetHashCode have it called.
func keyOf(t *vm.Thread, v vm.Value) (hkey, error) {
	if v.IsNull() {
		return hkey{}, nil
	}
	if s := v.AsStr(); s != nil {
		return hkey{t: vm.TString, s: s.S}, nil
	}
	if pt := v.PrimType(); pt != nil {
		n := v.Bits()
		switch pt {
		case vm.TDouble:
			f := v.AsDouble()
			if f == 0 {
				n = 0
			} else if math.IsNaN(f) {
				n = math.Float64bits(math.NaN())
			}
		case vm.TFloat:
			f := v.AsFloat()
			if f == 0 {
				n = 0
			} else if f != f {
				n = uint64(math.Float32bits(float32(math.NaN())))
			}
		}
		return hkey{t: pt, n: n}, nil
	}
	if d, ok := v.AsNative().(vm.Decimal); ok {
		return hkey{t: vm.TDecimal, s: decimalKey(d)}, nil
	}
	if lv, ok := v.AsNative().(libValue); ok {
		return hkey{t: v.Type(), n: uint64(lv.valueKey())}, nil
	}
	if b, ok := v.AsNative().(*bigInt); ok {
		return hkey{t: tBigInteger, s: b.v.String()}, nil
	}
	if w, ok := v.AsNative().(*wideInt); ok {
		return hkey{t: v.Type(), s: w.v.String()}, nil
	}
	if kv, ok := v.AsNative().(*kvPair); ok {
		k1, err := keyOf(t, kv.k)
		if err != nil {
			return hkey{}, err
		}
		k2, err := keyOf(t, kv.v)
		if err != nil {
			return hkey{}, err
		}
		if !k1.user && !k2.user && k1.o == nil && k2.o == nil {
			return hkey{t: tKeyValuePair, s: k1.str() + "\x00" + k2.str()}, nil
		}
	}
	if v.AsTuple() != nil {
		return tupleKey(t, v)
	}
	if cl := v.AsClosure(); cl != nil {
		// Equal delegates share their method (a multicast one its invoker), so
		// the method's identity is a hash consistent with Delegate.Equals.
		return hkey{n: uint64(delegateHash(cl)), user: true}, nil
	}
	if f := userOverride(v, "GetHashCode", 0); f != nil {
		r, err := t.Invoke(f, v, nil)
		if err != nil {
			return hkey{}, err
		}
		n, _ := toInt(r)
		return hkey{n: uint64(uint32(int32(n))), user: true}, nil
	}
	if userOverride(v, "Equals", 1) != nil {
		// Equals without GetHashCode: every instance in one bucket.
		return hkey{user: true}, nil
	}
	if v.Type().IsStruct() {
		h, err := structHash(t, v)
		return hkey{n: uint64(uint32(h)), user: true}, err
	}
	return hkey{o: v.Obj()}, nil
}

// structEquals is ValueType.Equals: a struct equals a value of the same
// struct type whose fields are pairwise Equal.
func structEquals(t *vm.Thread, a, b vm.Value) (bool, error) {
	if a.Type() != b.Type() {
		return false, nil
	}
	fa, fb := a.AsInstance().F, b.AsInstance().F
	for i := range fa {
		if eq, err := objEquals(t, fa[i], fb[i]); err != nil || !eq {
			return false, err
		}
	}
	return true, nil
}

// structHash is ValueType.GetHashCode: a combination of the fields'
// hashes, so that Equal structs hash alike.
func structHash(t *vm.Thread, v vm.Value) (int32, error) {
	h := int32(17)
	for _, f := range v.AsInstance().F {
		fh, err := hashCode(t, f)
		if err != nil {
			return 0, err
		}
		h = h*31 + fh
	}
	return h, nil
}

func (k hkey) str() string {
	name := ""
	if k.t != nil {
		name = k.t.Name
	}
	return name + ":" + k.s + ":" + string(rune(k.n&0xffff)) + itoa(int(k.n))
}

// decimalKey is the normalised text of a decimal (1.50 and 1.5 are one key).
func decimalKey(d vm.Decimal) string {
	s := d.String()
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}

// objEquals is object.Equals(a, b): a user Equals override if a has one,
// value equality for primitives, strings and decimals of the same type,
// reference equality otherwise.
func objEquals(t *vm.Thread, a, b vm.Value) (bool, error) {
	if a.IsNull() || b.IsNull() {
		return a.IsNull() && b.IsNull(), nil
	}
	if f := userOverride(a, "Equals", 1); f != nil {
		r, err := t.Invoke(f, a, []vm.Value{b})
		if err != nil {
			return false, err
		}
		return r.AsBool(), nil
	}
	return plainEquals(t, a, b)
}

// plainEquals is object.Equals without looking for user overrides.
func plainEquals(t *vm.Thread, a, b vm.Value) (bool, error) {
	if a.IsNull() || b.IsNull() {
		return a.IsNull() && b.IsNull(), nil
	}
	if sa, sb := a.AsStr(), b.AsStr(); sa != nil || sb != nil {
		return sa != nil && sb != nil && sa.S == sb.S, nil
	}
	if pa, pb := a.PrimType(), b.PrimType(); pa != nil || pb != nil {
		if pa != pb {
			return false, nil
		}
		switch pa {
		case vm.TDouble:
			x, y := a.AsDouble(), b.AsDouble()
			return x == y || (x != x && y != y), nil
		case vm.TFloat:
			x, y := a.AsFloat(), b.AsFloat()
			return x == y || (x != x && y != y), nil
		}
		return a.Bits() == b.Bits(), nil
	}
	if da, ok := a.AsNative().(vm.Decimal); ok {
		db, ok := b.AsNative().(vm.Decimal)
		return ok && da.Cmp(db) == 0, nil
	}
	if la, ok := a.AsNative().(libValue); ok {
		lb, ok := b.AsNative().(libValue)
		return ok && a.Type() == b.Type() && la.valueKey() == lb.valueKey(), nil
	}
	if ba, ok := a.AsNative().(*bigInt); ok {
		bb, ok := b.AsNative().(*bigInt)
		return ok && ba.v.Cmp(bb.v) == 0, nil
	}
	if wa, ok := a.AsNative().(*wideInt); ok {
		wb, ok := b.AsNative().(*wideInt)
		return ok && a.Type() == b.Type() && wa.v.Cmp(wb.v) == 0, nil
	}
	if ca, cb := a.AsClosure(), b.AsClosure(); ca != nil || cb != nil {
		return ca != nil && cb != nil && vm.DelegatesEqual(ca, cb), nil // Delegate.Equals: equal invocation lists
	}
	if a.AsTuple() != nil {
		return tupleEquals(t, a, b)
	}
	if ka, ok := a.AsNative().(*kvPair); ok {
		kb, ok := b.AsNative().(*kvPair)
		if !ok {
			return false, nil
		}
		e1, err := objEquals(t, ka.k, kb.k)
		if err != nil || !e1 {
			return false, err
		}
		return objEquals(t, ka.v, kb.v)
	}
	if a.Type().IsStruct() {
		return structEquals(t, a, b)
	}
	return a.Same(b), nil
}

// hashCode is GetHashCode(): .NET's values for primitives, a per-run stable
// hash for strings, an identity hash for references.
func hashCode(t *vm.Thread, v vm.Value) (int32, error) {
	if v.IsNull() {
		return 0, nil
	}
	if s := v.AsStr(); s != nil {
		h := fnv.New32a()
		h.Write([]byte(s.S))
		return int32(h.Sum32()), nil
	}
	if pt := v.PrimType(); pt != nil {
		n := v.Bits()
		switch pt {
		case vm.TInt:
			return v.AsInt(), nil
		case vm.TLong:
			x := v.AsLong()
			return int32(x) ^ int32(x>>32), nil
		case vm.TBool:
			return int32(n), nil
		case vm.TSByte, vm.TShort:
			return int32(int64(n)), nil // m_value, sign-extended
		case vm.TChar:
			c := int32(v.AsChar())
			return c | c<<16, nil
		case vm.TDouble:
			f := v.AsDouble()
			if f == 0 {
				return 0, nil
			}
			b := math.Float64bits(f)
			return int32(b) ^ int32(b>>32), nil
		case vm.TFloat:
			f := v.AsFloat()
			if f == 0 {
				return 0, nil
			}
			return int32(math.Float32bits(f)), nil
		}
		return int32(n) ^ int32(n>>32), nil
	}
	if lv, ok := v.AsNative().(libValue); ok {
		n := lv.valueKey()
		return int32(n) ^ int32(n>>32), nil
	}
	if b, ok := v.AsNative().(*bigInt); ok {
		return bigHash(b.v), nil
	}
	if w, ok := v.AsNative().(*wideInt); ok {
		return wideHash(w.v), nil
	}
	if cl := v.AsClosure(); cl != nil {
		return delegateHash(cl), nil
	}
	if v.AsTuple() != nil {
		return tupleHash(t, v)
	}
	if f := userOverride(v, "GetHashCode", 0); f != nil {
		r, err := t.Invoke(f, v, nil)
		if err != nil {
			return 0, err
		}
		n, _ := toInt(r)
		return int32(n), nil
	}
	if v.Type().IsStruct() {
		return structHash(t, v)
	}
	k, err := keyOf(t, v)
	if err != nil {
		return 0, err
	}
	if k.o != nil {
		return identityHash(k.o), nil
	}
	h := fnv.New32a()
	h.Write([]byte(k.str()))
	return int32(h.Sum32() & 0x7fffffff), nil
}

// compareValues is Comparer<T>.Default.Compare: numbers, strings (culture
// order), chars, bools, decimals, enums, and user types through CompareTo.
func compareValues(t *vm.Thread, a, b vm.Value) (int, error) {
	if a.IsNull() || b.IsNull() {
		switch {
		case a.IsNull() && b.IsNull():
			return 0, nil
		case a.IsNull():
			return -1, nil
		}
		return 1, nil
	}
	if sa, sb := a.AsStr(), b.AsStr(); sa != nil && sb != nil {
		return cultureCompareIn(CurrentCulture(t).Name, sa.S, sb.S, false), nil
	}
	pa, pb := a.PrimType(), b.PrimType()
	if pa != nil && pb != nil {
		if pa == vm.TBool && pb == vm.TBool {
			return cmpInt(int64(a.Bits()), int64(b.Bits())), nil
		}
		if isIntegral(pa) && isIntegral(pb) {
			return vm.CompareIntegral(a, b), nil
		}
		if isNumeric(a) && isNumeric(b) {
			x, y := vm.AsF64(a), vm.AsF64(b)
			switch {
			case x < y:
				return -1, nil
			case x > y:
				return 1, nil
			case x == y:
				return 0, nil
			case x != x && y != y:
				return 0, nil
			case x != x:
				return -1, nil
			}
			return 1, nil
		}
	}
	if da, ok := a.AsNative().(vm.Decimal); ok {
		if db, ok := b.AsNative().(vm.Decimal); ok {
			return da.Cmp(db), nil
		}
	}
	if la, ok := a.AsNative().(libValue); ok {
		if lb, ok := b.AsNative().(libValue); ok && a.Type() == b.Type() {
			return cmpInt(la.valueKey(), lb.valueKey()), nil
		}
	}
	if ba, ok := a.AsNative().(*bigInt); ok {
		if bb, ok := b.AsNative().(*bigInt); ok {
			return ba.v.Cmp(bb.v), nil
		}
	}
	if wa, ok := a.AsNative().(*wideInt); ok {
		if wb, ok := b.AsNative().(*wideInt); ok && a.Type() == b.Type() {
			return wa.v.Cmp(wb.v), nil
		}
	}
	if a.AsTuple() != nil && b.AsTuple() != nil {
		return tupleCompare(t, a, b)
	}
	if f := a.Type().LookupMethod("CompareTo", 1); f != nil && f.Native == nil {
		r, err := t.Invoke(f, a, []vm.Value{b})
		if err != nil {
			return 0, err
		}
		n, _ := toInt(r)
		return n, nil
	}
	// Comparer<T>.Default's message; a sort wraps it (wrapCompareError).
	return 0, t.Throw("System.ArgumentException", "At least one object must implement IComparable.")
}

func isIntegral(pt *vm.Type) bool {
	return vm.IsIntegral(vm.Prim(pt, 0))
}

func intBits(v vm.Value) int64 { return vm.AsInt64(v) }

func cmpInt(x, y int64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// identityHash is RuntimeHelpers.GetHashCode: stable for an object's life
// (Go's collector does not move heap objects).
// delegateHash is Delegate.GetHashCode: the identity of the delegate's
// method, equal for delegates that Delegate.Equals finds equal.
func delegateHash(cl *vm.Closure) int32 {
	p := reflect.ValueOf(cl.Fn).Pointer()
	return int32(p>>4) ^ int32(uint64(p)>>36)
}

func identityHash(o vm.Object) int32 {
	if o == nil {
		return 0
	}
	p := reflect.ValueOf(o).Pointer()
	return int32(p>>4) ^ int32(uint64(p)>>36)
}

// equatableCache maps a type to the Equals(T) that implements its
// IEquatable<T> for T the type itself (a nil *vm.Func when it has none).
var equatableCache sync.Map

// equatableEquals returns the method implementing IEquatable<T>.Equals for
// T = ty on a type declared in source, or nil. EqualityComparer<T>.Default
// calls it, not Equals(object), for a T implementing IEquatable<T>.
func equatableEquals(ty *vm.Type) *vm.Func {
	if ty == nil || ty.Kind != vm.KindInstance {
		return nil
	}
	if f, ok := equatableCache.Load(ty); ok {
		return f.(*vm.Func)
	}
	// The interface map is keyed by the interface's definition, so T is
	// read from the implementing method's signature: Equals(T other).
	var found *vm.Func
	for c := ty; c != nil && found == nil; c = c.Super {
		for _, i := range c.Ifaces {
			d := i
			if d.Def != nil {
				d = d.Def
			}
			if d.Namespace != "System" || d.Name != "IEquatable`1" {
				continue
			}
			if impl := ty.IMap[d]; len(impl) > 1 && impl[1] != nil && impl[1].Native == nil &&
				strings.HasPrefix(impl[1].Sig, "("+ty.Name+" ") {
				found = impl[1]
				break
			}
		}
	}
	equatableCache.Store(ty, found)
	return found
}

// defaultEquals is EqualityComparer<T>.Default.Equals(a, b) with T the
// values' type: Equals(T) when the type implements IEquatable<T>,
// otherwise object.Equals. The collections' default comparisons
// (Dictionary and HashSet keys, List.IndexOf, Contains, LINQ) use it.
func defaultEquals(t *vm.Thread, a, b vm.Value) (bool, error) {
	if !a.IsNull() && !b.IsNull() && a.Type() == b.Type() {
		if f := equatableEquals(a.Type()); f != nil {
			r, err := t.Invoke(f, a, []vm.Value{b})
			if err != nil {
				return false, err
			}
			return r.AsBool(), nil
		}
	}
	return objEquals(t, a, b)
}

func init() {
	// Internal.Equality.DefaultEquals(x, y) is the prelude's
	// EqualityComparer<T>.Default.Equals.
	eq := register(vm.NewLibType("Internal", "Equality", nil))
	eq.AddStatic("DefaultEquals", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		r, err := defaultEquals(t, args[0], args[1])
		return vm.Bool(r), err
	})
}

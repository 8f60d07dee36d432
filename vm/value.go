package vm

import (
	"math"
	"unsafe"
)

// Value is one VM value: two machine words.
//
// p says what the value is. It is nil for null, the address of one of the
// primitive Type descriptors (TInt, TLong, TDouble, TBool, TChar, the other
// integral types TSByte .. TULong, or an enum's type) for an unboxed primitive whose payload is n, or the address of a heap
// object whose first field is a Header. n is the payload bits of a primitive
// and zero for references.
//
// A Value can be torn when a racy program writes one slot from two threads: a
// reader may combine p from one write with n from the other. Each word is
// written atomically by the hardware, p only ever holds nil, a primitive type
// or a live object, and n is only interpreted through p, so every combination
// is still a valid Value (a stale or mixed number, or an object whose n is
// ignored). The VM never derives a pointer from n. See docs/design.md.
type Value struct {
	p unsafe.Pointer
	n uint64
}

// Null is the null reference.
var Null = Value{}

// Int makes an int (System.Int32) value.
func Int(i int32) Value { return Value{unsafe.Pointer(TInt), uint64(uint32(i))} }

// Long makes a long (System.Int64) value.
func Long(i int64) Value { return Value{unsafe.Pointer(TLong), uint64(i)} }

// Double makes a double value.
func Double(f float64) Value { return Value{unsafe.Pointer(TDouble), math.Float64bits(f)} }

// Float makes a float (System.Single) value; it is held as float32 bits.
func Float(f float32) Value { return Value{unsafe.Pointer(TFloat), uint64(math.Float32bits(f))} }

// Bool makes a bool value.
func Bool(b bool) Value {
	if b {
		return Value{unsafe.Pointer(TBool), 1}
	}
	return Value{unsafe.Pointer(TBool), 0}
}

// Char makes a char (UTF-16 code unit) value.
func Char(c uint16) Value { return Value{unsafe.Pointer(TChar), uint64(c)} }

// SByte makes an sbyte value; the payload is sign-extended.
func SByte(i int8) Value { return Value{unsafe.Pointer(TSByte), uint64(int64(i))} }

// Byte makes a byte value.
func Byte(i uint8) Value { return Value{unsafe.Pointer(TByte), uint64(i)} }

// Short makes a short (System.Int16) value; the payload is sign-extended.
func Short(i int16) Value { return Value{unsafe.Pointer(TShort), uint64(int64(i))} }

// UShort makes a ushort (System.UInt16) value.
func UShort(i uint16) Value { return Value{unsafe.Pointer(TUShort), uint64(i)} }

// UInt makes a uint (System.UInt32) value.
func UInt(i uint32) Value { return Value{unsafe.Pointer(TUInt), uint64(i)} }

// ULong makes a ulong (System.UInt64) value.
func ULong(i uint64) Value { return Value{unsafe.Pointer(TULong), i} }

// EnumValue makes a value of an enum type; the payload is its underlying int64.
func EnumValue(t *Type, i int64) Value { return Value{unsafe.Pointer(t), uint64(i)} }

// Prim makes a primitive of type t from raw payload bits.
func Prim(t *Type, bits uint64) Value { return Value{unsafe.Pointer(t), bits} }

// Ref makes a reference to a heap object.
func Ref(o Object) Value {
	if o == nil {
		return Null
	}
	return Value{p: unsafe.Pointer(o.header())}
}

// IsNull reports whether v is null.
func (v Value) IsNull() bool { return v.p == nil }

// IsInt reports whether v is an int.
func (v Value) IsInt() bool { return v.p == unsafe.Pointer(TInt) }

// IsRef reports whether v refers to a heap object.
func (v Value) IsRef() bool { return v.p != nil && (*Header)(v.p).typ != primMark }

// AsInt returns the int payload; v must be an int.
func (v Value) AsInt() int32 { return int32(uint32(v.n)) }

// AsLong returns the payload as int64 (long, or sign-extended enum).
func (v Value) AsLong() int64 { return int64(v.n) }

// AsDouble returns the double payload.
func (v Value) AsDouble() float64 { return math.Float64frombits(v.n) }

// AsFloat returns the float payload.
func (v Value) AsFloat() float32 { return math.Float32frombits(uint32(v.n)) }

// AsBool returns the bool payload.
func (v Value) AsBool() bool { return v.n != 0 }

// AsChar returns the char payload.
func (v Value) AsChar() uint16 { return uint16(v.n) }

// Bits returns the raw payload.
func (v Value) Bits() uint64 { return v.n }

// PrimType returns the primitive type of v, or nil for null and references.
func (v Value) PrimType() *Type {
	if v.p == nil {
		return nil
	}
	if (*Header)(v.p).typ == primMark {
		return (*Type)(v.p)
	}
	return nil
}

// Obj returns the heap object v refers to, or nil for null and primitives.
func (v Value) Obj() Object {
	if v.p == nil {
		return nil
	}
	h := (*Header)(v.p)
	if h.typ == primMark {
		return nil
	}
	return h.object()
}

// Type returns the runtime type of v (nil for null).
func (v Value) Type() *Type {
	if v.p == nil {
		return nil
	}
	h := (*Header)(v.p)
	if h.typ == primMark {
		return (*Type)(v.p)
	}
	return h.typ
}

// Same reports reference equality for references and bit equality for primitives.
func (v Value) Same(w Value) bool { return v.p == w.p && v.n == w.n }

// Tag pointers for fast kind tests in the interpreter.
var (
	ptrInt    = unsafe.Pointer(TInt)
	ptrLong   = unsafe.Pointer(TLong)
	ptrDouble = unsafe.Pointer(TDouble)
	ptrFloat  = unsafe.Pointer(TFloat)
	ptrBool   = unsafe.Pointer(TBool)
	ptrChar   = unsafe.Pointer(TChar)
	ptrSByte  = unsafe.Pointer(TSByte)
	ptrByte   = unsafe.Pointer(TByte)
	ptrShort  = unsafe.Pointer(TShort)
	ptrUShort = unsafe.Pointer(TUShort)
	ptrUInt   = unsafe.Pointer(TUInt)
	ptrULong  = unsafe.Pointer(TULong)
)

func uintptrOf(p *Value) uintptr { return uintptr(unsafe.Pointer(p)) }

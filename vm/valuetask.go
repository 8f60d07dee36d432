package vm

import "unsafe"

// A ValueTask is a struct in .NET: awaiting `new ValueTask<int>(5)` or a
// completed ValueTask allocates nothing. asyncvm carries a completed
// ValueTask whose result is a primitive (and a completed non-generic
// ValueTask) unboxed, like a primitive: its pointer word names a tag type
// that records the result's type, its payload word holds the result's bits.
// Other ValueTasks (pending, or with a reference result) are library objects
// (vm/threading).

// vtDone are the tag types, indexed by the result's Kind (KindObject: the
// non-generic ValueTask).
var vtDone [KindObject + 1]*Type

func init() {
	for _, p := range []*Type{TInt, TLong, TDouble, TFloat, TBool, TChar, TSByte, TByte, TShort, TUShort, TUInt, TULong} {
		vtDone[p.Kind] = &Type{mark: primMark, Kind: KindValueTaskDone, Namespace: "System.Threading.Tasks", Name: "ValueTask`1", Elem: p, IsValueType: true}
	}
	vtDone[KindObject] = &Type{mark: primMark, Kind: KindValueTaskDone, Namespace: "System.Threading.Tasks", Name: "ValueTask", IsValueType: true}
}

// SetValueTaskTypes gives the unboxed completed ValueTasks the members of
// the library's ValueTask and ValueTask<T> types (called once they are
// registered).
func SetValueTaskTypes(valueTask, valueTaskT *Type) {
	for k, t := range vtDone {
		if t == nil {
			continue
		}
		super := valueTaskT
		if Kind(k) == KindObject {
			super = valueTask
		}
		t.Super = super
		t.Methods = super.Methods
		// The registry names ValueTask and ValueTask<T> alike, so a type
		// test against either must accept both.
		t.Ifaces = []*Type{valueTask, valueTaskT}
	}
}

// CompletedValueTask returns the unboxed form of a completed ValueTask<T>
// with this result (generic) or of a completed ValueTask, when there is one.
func CompletedValueTask(result Value, generic bool) (Value, bool) {
	if !generic {
		return Value{p: unsafe.Pointer(vtDone[KindObject])}, true
	}
	if pt := result.PrimType(); pt != nil && pt.Kind <= KindULong {
		if t := vtDone[pt.Kind]; t != nil {
			return Value{p: unsafe.Pointer(t), n: result.n}, true
		}
	}
	return Null, false
}

// CompletedValueTaskResult returns the result of an unboxed completed
// ValueTask (null for a non-generic one).
func CompletedValueTaskResult(v Value) (result Value, generic, ok bool) {
	t := v.PrimType()
	if t == nil || t.Kind != KindValueTaskDone {
		return Null, false, false
	}
	if t.Elem == nil {
		return Null, false, true
	}
	return Value{p: unsafe.Pointer(t.Elem), n: v.n}, true, true
}

// doneAwaiter is the awaiter of an unboxed completed ValueTask.
type doneAwaiter struct{ result Value }

func (a doneAwaiter) IsCompleted() bool                                   { return true }
func (a doneAwaiter) GetResult(t *Thread) (Value, error)                  { return a.result, nil }
func (a doneAwaiter) UnsafeOnCompleted(t *Thread, resume func(t *Thread)) { t.Queue(resume) }

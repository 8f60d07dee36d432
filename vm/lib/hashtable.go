package lib

import (
	"hash/maphash"
	"sync/atomic"
	"unsafe"

	"asyncvm/vm"
)

// hashTable is the storage of Dictionary<K,V> and HashSet<T>, laid out as
// .NET's Dictionary: a bucket array of 1-based entry indexes heading
// chains, and an entry array filled in insertion order whose freed slots
// form a free list (refilled most recent first), so enumeration order is
// .NET's exactly.
//
// It takes no lock. A Go map written from two goroutines kills the process
// (`fatal error: concurrent map writes` cannot be recovered), so the table
// is plain arrays, and it stays memory-safe under a racing program: the two
// arrays are published together through one pointer (store) and never
// resized in place; the counters are single words; every index read from
// the table or a counter is checked against the arrays the operation
// loaded before it is used; a chain longer than the entry array (a cycle
// that racing writers made) throws .NET's InvalidOperationException for
// concurrent use. A racing program may lose or duplicate entries, as in
// .NET, never crash the VM.
type hashTable struct {
	store     atomic.Pointer[hashStore]
	count     int // entries used so far, freed ones included (.NET's _count)
	freeList  int // first free entry, -1 none (meaningful when freeCount > 0)
	freeCount int
	version   int
	cmp       *keyComparer // the IEqualityComparer<T> given, nil for the default
}

// hashStore is one generation of a table's arrays; neither is resized.
type hashStore struct {
	buckets []int32 // 1-based index of each chain's first entry; 0 empty
	entries []hashEntry
	mask    uint32 // len(buckets)-1, a power of two minus one
}

// hashEntry is one key (and value). next links the chain (-1 at its end);
// a free entry has next <= freeListStart, encoding the next free entry as
// freeListStart - next, as .NET does.
type hashEntry struct {
	hash     uint32
	next     int32
	key, val vm.Value
}

const freeListStart = -3

// msgConcurrent is .NET's message when a racing program corrupted a table.
const msgConcurrent = "Operations that change non-concurrent collections must have exclusive access. A concurrent update was performed on this collection and corrupted its state. The collection's state is no longer correct."

var hashSeed = maphash.MakeSeed()

// userHashBit marks hashes of keys compared by a user Equals, so that they
// never match a key compared by value.
const userHashBit = 1 << 31

// hash is the table hash of a key identity.
func (k hkey) hash() uint32 {
	h := uint64(uintptr(unsafe.Pointer(k.t)))*0x9e3779b97f4a7c15 ^ k.n
	if k.s != "" {
		h ^= maphash.String(hashSeed, k.s)
	}
	if k.o != nil {
		h ^= uint64(uintptr((*[2]unsafe.Pointer)(unsafe.Pointer(&k.o))[1]))
	}
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	r := uint32(h) &^ userHashBit
	if k.user {
		r |= userHashBit
	}
	return r
}

// sameKey reports whether stored, a table key whose hash equals hk's and
// which is not compared by a user Equals, is the key hk identifies.
func sameKey(t *vm.Thread, hk hkey, stored vm.Value) bool {
	if s := stored.AsStr(); s != nil {
		return hk.t == vm.TString && hk.s == s.S
	}
	if pt := stored.PrimType(); pt != nil && pt != vm.TDouble && pt != vm.TFloat {
		return hk.t == pt && hk.n == stored.Bits() && hk.s == "" && hk.o == nil
	}
	k, err := keyOf(t, stored)
	return err == nil && k == hk
}

// keyOf computes the hash key of v under the table's comparer.
func (h *hashTable) keyOf(t *vm.Thread, v vm.Value) (hkey, error) {
	if h.cmp != nil {
		return h.cmp.key(t, v)
	}
	return keyOf(t, v)
}

// equalKeys compares a stored key with a probe whose hash matched, by the
// table's comparer or, for user keys, by the stored key's Equals.
func (h *hashTable) equalKeys(t *vm.Thread, stored, key vm.Value) (bool, error) {
	if h.cmp != nil {
		return h.cmp.equal(t, stored, key)
	}
	return defaultEquals(t, stored, key)
}

// find returns the store searched and the index of key's entry in it, or
// -1. User keys are compared by their Equals (the stored key's, as .NET's
// default comparer does) and every key of a table with a comparer by the
// comparer; either may run user code that changes the table:
// the search goes on in the arrays it started with.
func (h *hashTable) find(t *vm.Thread, hk hkey, key vm.Value) (*hashStore, int, error) {
	s := h.store.Load()
	if s == nil {
		return nil, -1, nil
	}
	hc := hk.hash()
	es := s.entries
	i := int(s.buckets[hc&s.mask]) - 1
	for steps := 0; uint(i) < uint(len(es)); steps++ {
		if steps > len(es) {
			return s, -1, t.Throw("System.InvalidOperationException", msgConcurrent)
		}
		e := &es[i]
		if e.hash == hc {
			if hk.user || h.cmp != nil {
				eq, err := h.equalKeys(t, e.key, key)
				if err != nil {
					return s, -1, err
				}
				if eq {
					return s, i, nil
				}
			} else if sameKey(t, hk, e.key) {
				return s, i, nil
			}
		}
		i = int(e.next)
	}
	return s, -1, nil
}

// hashEntryExtra is what a bucket adds to an entry, for the heap limit.
const hashEntryExtra = int(unsafe.Sizeof(int32(0)))

// insert adds key (not present) with val.
func (h *hashTable) insert(t *vm.Thread, hk hkey, key, val vm.Value) error {
	hc := hk.hash()
	s := h.store.Load()
	var i int
	if fc := h.freeCount; fc > 0 && s != nil {
		i = h.freeList
		if uint(i) >= uint(len(s.entries)) {
			return t.Throw("System.InvalidOperationException", msgConcurrent)
		}
		h.freeList = freeListStart - int(s.entries[i].next)
		h.freeCount = fc - 1
	} else {
		n := max(h.count, 0)
		if s == nil || n >= len(s.entries) {
			if s != nil {
				n = min(n, len(s.entries))
			} else {
				n = 0
			}
			var err error
			if s, err = h.resize(t, s, n); err != nil {
				return err
			}
		}
		i = n
		h.count = n + 1
	}
	b := &s.buckets[hc&s.mask]
	s.entries[i] = hashEntry{hash: hc, next: *b - 1, key: key, val: val}
	*b = int32(i + 1)
	h.version++
	return nil
}

// resize publishes arrays of twice the size (at least 4) holding the
// first n entries of s, rehashed.
func (h *hashTable) resize(t *vm.Thread, s *hashStore, n int) (*hashStore, error) {
	return h.resizeFor(t, s, n, 1)
}

// ensure makes room for want entries in all (EnsureCapacity); it returns
// the capacity.
func (h *hashTable) ensure(t *vm.Thread, want int) (int, error) {
	s := h.store.Load()
	if s != nil && len(s.entries) >= want {
		return len(s.entries), nil
	}
	n := h.count
	if s == nil {
		n = 0
	}
	s, err := h.resizeFor(t, s, n, want-n)
	if err != nil {
		return 0, err
	}
	h.version++
	return len(s.entries), nil
}

// resizeFor publishes arrays with room for add more entries (growing at
// least twofold) holding the first n entries of s, rehashed.
func (h *hashTable) resizeFor(t *vm.Thread, s *hashStore, n, add int) (*hashStore, error) {
	var old []hashEntry
	if s != nil {
		old = s.entries[:min(n, len(s.entries))]
	}
	es, err := vm.GrowWith(t, old, add, hashEntryExtra)
	if err != nil {
		return s, err
	}
	es = es[:cap(es)]
	size := 4
	for size < len(es) {
		size <<= 1
	}
	ns := &hashStore{buckets: make([]int32, size), entries: es, mask: uint32(size - 1)}
	for j := range old {
		e := &es[j]
		if e.next >= -1 {
			b := &ns.buckets[e.hash&ns.mask]
			e.next = *b - 1
			*b = int32(j + 1)
		}
	}
	h.store.Store(ns)
	return ns, nil
}

// remove deletes key's entry; it returns the removed value.
func (h *hashTable) remove(t *vm.Thread, hk hkey, key vm.Value) (vm.Value, bool, error) {
	s := h.store.Load()
	if s == nil {
		return vm.Null, false, nil
	}
	hc := hk.hash()
	es := s.entries
	b := &s.buckets[hc&s.mask]
	last := -1
	i := int(*b) - 1
	for steps := 0; uint(i) < uint(len(es)); steps++ {
		if steps > len(es) {
			return vm.Null, false, t.Throw("System.InvalidOperationException", msgConcurrent)
		}
		e := &es[i]
		match := false
		if e.hash == hc {
			if hk.user || h.cmp != nil {
				eq, err := h.equalKeys(t, e.key, key)
				if err != nil {
					return vm.Null, false, err
				}
				match = eq
			} else {
				match = sameKey(t, hk, e.key)
			}
		}
		if match {
			if uint(last) < uint(len(es)) {
				es[last].next = e.next
			} else {
				*b = e.next + 1
			}
			val := e.val
			fl := h.freeList
			if h.freeCount <= 0 {
				fl = -1
			}
			*e = hashEntry{next: int32(freeListStart - fl)}
			h.freeList = i
			h.freeCount++
			h.version++
			return val, true, nil
		}
		last = i
		i = int(e.next)
	}
	return vm.Null, false, nil
}

// len is the number of keys (never negative, even after races).
func (h *hashTable) len() int { return max(h.count-h.freeCount, 0) }

// clear removes every entry, keeping the arrays.
func (h *hashTable) clear() {
	if h.count > 0 {
		if s := h.store.Load(); s != nil {
			clear(s.buckets)
			clear(s.entries)
		}
		h.count, h.freeList, h.freeCount = 0, -1, 0
		h.version++
	}
}

// at returns entry i of the current arrays if it is in use; ok is false at
// the end of the used entries.
func (h *hashTable) at(i int) (e hashEntry, used, ok bool) {
	s := h.store.Load()
	if s == nil || i >= h.count || uint(i) >= uint(len(s.entries)) {
		return hashEntry{}, false, false
	}
	e = s.entries[i]
	return e, e.next >= -1, true
}

// keys returns the keys in enumeration order.
func (h *hashTable) keys() []vm.Value {
	out := make([]vm.Value, 0, h.len())
	for i := 0; ; i++ {
		e, used, ok := h.at(i)
		if !ok {
			return out
		}
		if used {
			out = append(out, e.key)
		}
	}
}

package ctx

// Shape names the representation of a context's value map.
type Shape uint8

// The value map shapes, as in .NET's AsyncLocalValueMap.
const (
	ShapeEmpty Shape = iota // the empty singleton
	ShapeOne                // one entry in fields
	ShapeTwo                // two entries in fields
	ShapeThree              // three entries in fields
	ShapeArray              // 4 to maxArrayEntries entries in an array
	ShapeHash               // more than maxArrayEntries entries, hashed
)

// String returns the shape's name: empty, one, two, three, array or hash.
func (s Shape) String() string {
	switch s {
	case ShapeEmpty:
		return "empty"
	case ShapeOne:
		return "one"
	case ShapeTwo:
		return "two"
	case ShapeThree:
		return "three"
	case ShapeArray:
		return "array"
	case ShapeHash:
		return "hash"
	}
	return "unknown"
}

// maxArrayEntries is the largest map held in the array shape
// (MultiElementAsyncLocalValueMap.MaxMultiElements in .NET).
const maxArrayEntries = 16

// entry is one key/value pair of a value map.
type entry struct {
	key   *Local
	value any
}

// valueMap is an immutable map from *Local to value that keeps the order in
// which keys were first added. set returns a new map (or the receiver when
// nothing changes); when nilRemoves is true a nil value removes the key
// instead of storing it.
type valueMap interface {
	get(key *Local) (any, bool)
	set(key *Local, value any, nilRemoves bool) valueMap
	count() int
	shape() Shape
	appendEntries(dst []entry) []entry
}

type emptyMap struct{}

type oneMap struct {
	k1 *Local
	v1 any
}

type twoMap struct {
	k1, k2 *Local
	v1, v2 any
}

type threeMap struct {
	k1, k2, k3 *Local
	v1, v2, v3 any
}

// arrayMap holds 4 to maxArrayEntries entries in order.
type arrayMap struct {
	entries []entry
}

// hashMap holds more than maxArrayEntries entries in order, with index
// mapping each key to its position. Maps with the same keys in the same order
// share one index.
type hashMap struct {
	entries []entry
	index   map[*Local]int
}

// emptyValues is the empty map singleton.
var emptyValues valueMap = &emptyMap{}

func (*emptyMap) get(*Local) (any, bool) { return nil, false }
func (*emptyMap) count() int             { return 0 }
func (*emptyMap) shape() Shape           { return ShapeEmpty }

func (*emptyMap) appendEntries(dst []entry) []entry { return dst }

func (m *emptyMap) set(key *Local, value any, nilRemoves bool) valueMap {
	if value != nil || !nilRemoves {
		return &oneMap{k1: key, v1: value}
	}
	return m
}

func (m *oneMap) get(key *Local) (any, bool) {
	if key == m.k1 {
		return m.v1, true
	}
	return nil, false
}

func (*oneMap) count() int   { return 1 }
func (*oneMap) shape() Shape { return ShapeOne }

func (m *oneMap) appendEntries(dst []entry) []entry {
	return append(dst, entry{m.k1, m.v1})
}

func (m *oneMap) set(key *Local, value any, nilRemoves bool) valueMap {
	if value != nil || !nilRemoves {
		if key == m.k1 {
			return &oneMap{k1: key, v1: value}
		}
		return &twoMap{k1: m.k1, v1: m.v1, k2: key, v2: value}
	}
	if key == m.k1 {
		return emptyValues
	}
	return m
}

func (m *twoMap) get(key *Local) (any, bool) {
	switch key {
	case m.k1:
		return m.v1, true
	case m.k2:
		return m.v2, true
	}
	return nil, false
}

func (*twoMap) count() int   { return 2 }
func (*twoMap) shape() Shape { return ShapeTwo }

func (m *twoMap) appendEntries(dst []entry) []entry {
	return append(dst, entry{m.k1, m.v1}, entry{m.k2, m.v2})
}

func (m *twoMap) set(key *Local, value any, nilRemoves bool) valueMap {
	if value != nil || !nilRemoves {
		switch key {
		case m.k1:
			return &twoMap{k1: key, v1: value, k2: m.k2, v2: m.v2}
		case m.k2:
			return &twoMap{k1: m.k1, v1: m.v1, k2: key, v2: value}
		}
		return &threeMap{k1: m.k1, v1: m.v1, k2: m.k2, v2: m.v2, k3: key, v3: value}
	}
	switch key {
	case m.k1:
		return &oneMap{k1: m.k2, v1: m.v2}
	case m.k2:
		return &oneMap{k1: m.k1, v1: m.v1}
	}
	return m
}

func (m *threeMap) get(key *Local) (any, bool) {
	switch key {
	case m.k1:
		return m.v1, true
	case m.k2:
		return m.v2, true
	case m.k3:
		return m.v3, true
	}
	return nil, false
}

func (*threeMap) count() int   { return 3 }
func (*threeMap) shape() Shape { return ShapeThree }

func (m *threeMap) appendEntries(dst []entry) []entry {
	return append(dst, entry{m.k1, m.v1}, entry{m.k2, m.v2}, entry{m.k3, m.v3})
}

func (m *threeMap) set(key *Local, value any, nilRemoves bool) valueMap {
	if value != nil || !nilRemoves {
		switch key {
		case m.k1:
			return &threeMap{k1: key, v1: value, k2: m.k2, v2: m.v2, k3: m.k3, v3: m.v3}
		case m.k2:
			return &threeMap{k1: m.k1, v1: m.v1, k2: key, v2: value, k3: m.k3, v3: m.v3}
		case m.k3:
			return &threeMap{k1: m.k1, v1: m.v1, k2: m.k2, v2: m.v2, k3: key, v3: value}
		}
		return &arrayMap{entries: []entry{{m.k1, m.v1}, {m.k2, m.v2}, {m.k3, m.v3}, {key, value}}}
	}
	switch key {
	case m.k1:
		return &twoMap{k1: m.k2, v1: m.v2, k2: m.k3, v2: m.v3}
	case m.k2:
		return &twoMap{k1: m.k1, v1: m.v1, k2: m.k3, v2: m.v3}
	case m.k3:
		return &twoMap{k1: m.k1, v1: m.v1, k2: m.k2, v2: m.v2}
	}
	return m
}

func (m *arrayMap) find(key *Local) int {
	for i := range m.entries {
		if m.entries[i].key == key {
			return i
		}
	}
	return -1
}

func (m *arrayMap) get(key *Local) (any, bool) {
	if i := m.find(key); i >= 0 {
		return m.entries[i].value, true
	}
	return nil, false
}

func (m *arrayMap) count() int { return len(m.entries) }
func (*arrayMap) shape() Shape { return ShapeArray }

func (m *arrayMap) appendEntries(dst []entry) []entry { return append(dst, m.entries...) }

func (m *arrayMap) set(key *Local, value any, nilRemoves bool) valueMap {
	n := len(m.entries)
	i := m.find(key)
	keep := value != nil || !nilRemoves
	switch {
	case i >= 0 && keep:
		entries := make([]entry, n)
		copy(entries, m.entries)
		entries[i].value = value
		return &arrayMap{entries: entries}
	case i >= 0 && n == 4:
		rest := without(m.entries, i)
		return &threeMap{k1: rest[0].key, v1: rest[0].value, k2: rest[1].key, v2: rest[1].value, k3: rest[2].key, v3: rest[2].value}
	case i >= 0:
		return &arrayMap{entries: without(m.entries, i)}
	case !keep:
		return m
	case n < maxArrayEntries:
		entries := make([]entry, n+1)
		copy(entries, m.entries)
		entries[n] = entry{key, value}
		return &arrayMap{entries: entries}
	}
	entries := make([]entry, n+1)
	copy(entries, m.entries)
	entries[n] = entry{key, value}
	return newHashMap(entries)
}

// without returns a new slice holding entries minus the one at i, in order.
func without(entries []entry, i int) []entry {
	rest := make([]entry, 0, len(entries)-1)
	rest = append(rest, entries[:i]...)
	return append(rest, entries[i+1:]...)
}

// newHashMap takes ownership of entries and indexes them.
func newHashMap(entries []entry) *hashMap {
	index := make(map[*Local]int, len(entries))
	for i, e := range entries {
		index[e.key] = i
	}
	return &hashMap{entries: entries, index: index}
}

func (m *hashMap) get(key *Local) (any, bool) {
	if i, ok := m.index[key]; ok {
		return m.entries[i].value, true
	}
	return nil, false
}

func (m *hashMap) count() int { return len(m.entries) }
func (*hashMap) shape() Shape { return ShapeHash }

func (m *hashMap) appendEntries(dst []entry) []entry { return append(dst, m.entries...) }

func (m *hashMap) set(key *Local, value any, nilRemoves bool) valueMap {
	n := len(m.entries)
	i, found := m.index[key]
	if value != nil || !nilRemoves {
		if found {
			entries := make([]entry, n)
			copy(entries, m.entries)
			entries[i].value = value
			return &hashMap{entries: entries, index: m.index}
		}
		entries := make([]entry, n+1)
		copy(entries, m.entries)
		entries[n] = entry{key, value}
		return newHashMap(entries)
	}
	if !found {
		return m
	}
	if n == maxArrayEntries+1 {
		return &arrayMap{entries: without(m.entries, i)}
	}
	return newHashMap(without(m.entries, i))
}

package lib

import "asyncvm/vm"

// The library's interfaces. The prelude declares IEnumerable, IEnumerable<T>,
// IComparable and the others a program implements with members; these are
// the collection interfaces a program only uses as types (IList<int> xs =
// new List<int>()), whose members are reached by name on the object. Each
// lists the full names of the interfaces it inherits.
var libInterfaces = []struct {
	ns, name string
	inherits []string
}{
	{"System.Collections.Generic", "ICollection`1", ifEnumerable},
	{"System.Collections.Generic", "IList`1", ifCollection},
	{"System.Collections.Generic", "IReadOnlyCollection`1", ifEnumerable},
	{"System.Collections.Generic", "IReadOnlyList`1", ifReadOnlyColl},
	{"System.Collections.Generic", "IDictionary`2", ifCollection},
	{"System.Collections.Generic", "IReadOnlyDictionary`2", ifReadOnlyColl},
	{"System.Collections.Generic", "ISet`1", ifCollection},
	{"System.Collections.Generic", "IReadOnlySet`1", ifReadOnlyColl},
	{"System.Collections", "ICollection", ifEnumerableNG},
	{"System.Collections", "IList", ifNonGenericCol},
	{"System.Collections", "IDictionary", ifNonGenericCol},
	{"System.Linq", "IGrouping`2", ifEnumerable},
	{"System.Linq", "IOrderedEnumerable`1", ifEnumerable},
	{"System", "IFormattable", nil},
	{"System", "ICloneable", nil},
	{"System", "IConvertible", nil},
	{"System.Runtime.CompilerServices", "ITuple", nil},
}

// Interface name sets: each lists an interface and every interface it inherits.
const (
	nIEnumerableT   = "System.Collections.Generic.IEnumerable`1"
	nIEnumerable    = "System.Collections.IEnumerable"
	nICollectionT   = "System.Collections.Generic.ICollection`1"
	nICollection    = "System.Collections.ICollection"
	nIListT         = "System.Collections.Generic.IList`1"
	nIROCollectionT = "System.Collections.Generic.IReadOnlyCollection`1"
	nIROListT       = "System.Collections.Generic.IReadOnlyList`1"
)

var (
	ifEnumerableNG  = []string{nIEnumerable}
	ifEnumerable    = []string{nIEnumerableT, nIEnumerable}
	ifCollection    = []string{nICollectionT, nIEnumerableT, nIEnumerable}
	ifReadOnlyColl  = []string{nIROCollectionT, nIEnumerableT, nIEnumerable}
	ifList          = []string{nIListT, nICollectionT, nIEnumerableT, nIEnumerable}
	ifReadOnlyList  = []string{nIROListT, nIROCollectionT, nIEnumerableT, nIEnumerable}
	ifDictionary    = []string{"System.Collections.Generic.IDictionary`2", nICollectionT, nIEnumerableT, nIEnumerable}
	ifReadOnlyDict  = []string{"System.Collections.Generic.IReadOnlyDictionary`2", nIROCollectionT, nIEnumerableT, nIEnumerable}
	ifComparable    = []string{"System.IComparable", "System.IComparable`1", "System.IEquatable`1"}
	ifPrimitive     = append([]string{"System.IFormattable", "System.IConvertible"}, ifComparable...)
	ifNonGenericCol = []string{nICollection, nIEnumerable}
)

// implements sets the interfaces a library type implements.
func implements(t *vm.Type, sets ...[]string) {
	var names []string
	seen := map[string]bool{}
	for _, set := range sets {
		for _, n := range set {
			if !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	t.IfaceNames = names
}

func init() {
	for _, li := range libInterfaces {
		t := vm.NewLibType(li.ns, li.name, nil)
		t.IsInterface, t.IsAbstract = true, true
		t.IfaceNames = li.inherits
		register(t)
	}
	implements(tList, ifList, ifReadOnlyList, []string{"System.Collections.IList"}, ifNonGenericCol)
	implements(tDictionary, ifDictionary, ifReadOnlyDict, []string{"System.Collections.IDictionary"}, ifNonGenericCol)
	implements(tHashSet, []string{"System.Collections.Generic.ISet`1", "System.Collections.Generic.IReadOnlySet`1"}, ifCollection, ifReadOnlyColl)
	implements(tQueue, ifReadOnlyColl, ifNonGenericCol)
	implements(tStack, ifReadOnlyColl, ifNonGenericCol)
	implements(tKeyColl, ifCollection, ifReadOnlyColl, ifNonGenericCol)
	implements(tValueColl, ifCollection, ifReadOnlyColl, ifNonGenericCol)
	implements(tGrouping, []string{"System.Linq.IGrouping`2"}, ifEnumerable)
	implements(tEnumerator, []string{"System.Collections.Generic.IEnumerator`1", "System.Collections.IEnumerator", "System.IDisposable"})
	implements(tListEnumerator, []string{"System.Collections.Generic.IEnumerator`1", "System.Collections.IEnumerator", "System.IDisposable"})
	implements(vm.TString, []string{"System.Collections.Generic.IEnumerable`1", nIEnumerable, "System.ICloneable", "System.IConvertible"}, ifComparable)
	for _, t := range []*vm.Type{vm.TInt, vm.TLong, vm.TDouble, vm.TFloat, vm.TDecimal, vm.TChar} {
		implements(t, ifPrimitive)
	}
	implements(vm.TBool, ifComparable, []string{"System.IConvertible"})
	implements(tStringComparer, []string{"System.Collections.Generic.IComparer`1", "System.Collections.Generic.IEqualityComparer`1",
		"System.Collections.IComparer", "System.Collections.IEqualityComparer"})
	implements(tStringBuilder, []string{"System.Runtime.Serialization.ISerializable"})
	implements(tTimeSpan, ifComparable, []string{"System.IFormattable"})
	implements(tDateTime, ifComparable, []string{"System.IFormattable", "System.IConvertible"})
	implements(tDateOnly, ifComparable, []string{"System.IFormattable"})
	implements(tTimeOnly, ifComparable, []string{"System.IFormattable"})
	implements(tDateTimeOffset, ifComparable, []string{"System.IFormattable"})
}

package threading

// The interfaces the threading library's collections implement, by full
// name (vm.Type.IfaceNames), so casts, `is` and `as` to them succeed.
func init() {
	const (
		enumerableT = "System.Collections.Generic.IEnumerable`1"
		enumerable  = "System.Collections.IEnumerable"
		roColl      = "System.Collections.Generic.IReadOnlyCollection`1"
		collection  = "System.Collections.ICollection"
	)
	TConcurrentDictionary.IfaceNames = []string{"System.Collections.Generic.IDictionary`2",
		"System.Collections.Generic.ICollection`1", "System.Collections.Generic.IReadOnlyDictionary`2", roColl,
		enumerableT, "System.Collections.IDictionary", collection, enumerable}
	items := []string{"System.Collections.Concurrent.IProducerConsumerCollection`1", roColl, enumerableT, collection, enumerable}
	TConcurrentQueue.IfaceNames = items
	TConcurrentBag.IfaceNames = items
	TSnapshot.IfaceNames = []string{"System.Collections.Generic.IList`1", "System.Collections.Generic.ICollection`1",
		"System.Collections.Generic.IReadOnlyList`1", roColl, enumerableT, "System.Collections.IList", collection, enumerable}
	TEnumerator.IfaceNames = []string{"System.Collections.Generic.IEnumerator`1", "System.Collections.IEnumerator", "System.IDisposable"}
}

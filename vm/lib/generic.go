package lib

import "asyncvm/vm"

// instanceType is the run-time type of a new object of the library's
// generic type def with type arguments args: def constructed (List`1[Int32],
// interned by vm.Construct, so objects pay one type pointer), or def itself
// when an argument is not known (the object was made from erased code).
func instanceType(def *vm.Type, args ...*vm.Type) *vm.Type {
	for _, a := range args {
		if a == nil {
			return def
		}
	}
	return vm.Construct(def, args)
}

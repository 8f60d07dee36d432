package compiler

import (
	"sync"

	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// Direct calls of non-virtual library members. A call of an instance
// method, or a read of an instance property, of a library class binds
// statically in C# unless the member is virtual: the member the binder
// found is the one that runs, whatever class the receiver is. When that
// member is a native of the class's run-time type and no library type
// derives from that type (so no library override can exist, and the
// receiver's run-time type is the class itself, or a program class
// deriving from it, for which C# calls the same member), the call is
// compiled as NULLCHK and CALL of the native instead of a member site
// resolved at run time (TaskCompletionSource<T>.Task and SetResult).

// libDirectGetter returns the native getter of property name read on x,
// or nil when the read goes through a member site.
func (fs *funcState) libDirectGetter(x lang.Expr, name string) *vm.Func {
	t := fs.c.info.TypeOf(x)
	if t == nil || t.Kind != bind.Class || !t.Generic().Lib {
		return nil
	}
	p := t.LibInstanceProperty(name)
	if p == nil || !p.Get || !nonVirtualDecl(p.Decl) {
		return nil
	}
	return libDirectNative(p.Owner, "get_"+name, 0)
}

// libDirectMethod returns the native that call e (with n arguments) of a
// library instance method runs, or nil when it goes through a member site.
func (fs *funcState) libDirectMethod(e *lang.CallExpr, n int) *vm.Func {
	bm := fs.c.info.CallOf(e)
	if bm == nil || bm.Static || bm.Ext || len(bm.TypeArgs) > 0 || bm.Owner == nil ||
		bm.Owner.Kind != bind.Class || !bm.Owner.Generic().Lib || !nonVirtualDecl(bm.Definition().Decl) {
		return nil
	}
	return libDirectNative(bm.Owner, bm.Name, n)
}

// nonVirtualDecl reports whether a library member declaration is neither
// virtual, abstract nor an override.
func nonVirtualDecl(d lang.Node) bool {
	var m lang.Modifiers
	switch d := d.(type) {
	case *lang.MethodDecl:
		m = d.Modifiers
	case *lang.PropertyDecl:
		m = d.Modifiers
	default:
		return false
	}
	return m&(lang.ModVirtual|lang.ModAbstract|lang.ModOverride) == 0
}

// libDirectNative returns the native named name taking argc arguments of
// owner's run-time type, when no library type derives from that type.
func libDirectNative(owner *bind.Type, name string, argc int) *vm.Func {
	vt := owner.VM
	if vt == nil {
		vt = owner.Generic().VM
	}
	if vt == nil || vt.IsInterface || vt.IsValueType || libDerived()[vt] {
		return nil
	}
	f := vt.LookupMethod(name, argc)
	if f == nil || f.Native == nil || !f.HasThis || f.TypeArgs {
		return nil
	}
	return f
}

var (
	libDerivedOnce sync.Once
	libDerivedSet  map[*vm.Type]bool
)

// libDerived is the set of library types that another library type
// derives from.
func libDerived() map[*vm.Type]bool {
	libDerivedOnce.Do(func() {
		libDerivedSet = map[*vm.Type]bool{}
		for _, t := range vm.Builtins() {
			for s := t.Super; s != nil; s = s.Super {
				libDerivedSet[s] = true
			}
		}
	})
	return libDerivedSet
}

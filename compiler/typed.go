package compiler

import (
	"asyncvm/compiler/bind"
	"asyncvm/lang"
	"asyncvm/vm"
)

// Code generation from the binder's types. Where a node has no type (the
// sm lowering synthesised it, or the binder left it Unchecked), code
// generation does what it did before types were known.

// narrowConv returns the conversion that wraps a value to the small
// integral type t (C#'s unchecked arithmetic on byte, sbyte, short,
// ushort and uint: `byte b = 255; b++;` gives 0). int and long wrap in the
// VM's own arithmetic; char is narrowed where it is stored.
func narrowConv(t *bind.Type) (vm.Conv, bool) {
	if t == nil || t.Kind != bind.Special {
		return 0, false
	}
	switch t.Special {
	case bind.Byte:
		return vm.ConvByte, true
	case bind.SByte:
		return vm.ConvSByte, true
	case bind.Int16:
		return vm.ConvShort, true
	case bind.UInt16:
		return vm.ConvUShort, true
	case bind.UInt32:
		return vm.ConvUInt, true
	}
	return 0, false
}

// narrow wraps register r to the bound type of e when that is a small
// integral type.
func (fs *funcState) narrow(r int, e lang.Expr) {
	if c, ok := narrowConv(fs.c.info.TypeOf(e)); ok {
		fs.emitABC(vm.OpConv, r, r, int(c))
	}
}

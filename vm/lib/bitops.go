package lib

import (
	"math/bits"

	"asyncvm/vm"
)

// tBitOperations is System.Numerics.BitOperations: each member works on
// the width of its argument's type, 64 bits for long and ulong, 32 for
// int and uint (and the narrower constants the binder converts to them).
var tBitOperations = register(vm.NewLibType("System.Numerics", "BitOperations", nil))

// bitArg returns the bits of an integral argument and whether it is 64
// bits wide.
func bitArg(v vm.Value) (uint64, bool) {
	switch v.PrimType() {
	case vm.TLong, vm.TULong:
		return uint64(intBits(v)), true
	}
	return uint64(uint32(intBits(v))), false
}

func init() {
	b := tBitOperations
	count := func(f func(x uint64, wide bool) int) vm.NativeFn {
		return func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			x, wide := bitArg(args[0])
			return vm.Int(int32(f(x, wide))), nil
		}
	}
	// word returns a result of the argument's unsigned type.
	word := func(x uint64, wide bool) vm.Value {
		if wide {
			return vm.ULong(x)
		}
		return vm.UInt(uint32(x))
	}
	b.AddStatic("PopCount", 1, 1, count(func(x uint64, _ bool) int { return bits.OnesCount64(x) }))
	b.AddStatic("LeadingZeroCount", 1, 1, count(func(x uint64, wide bool) int {
		if wide {
			return bits.LeadingZeros64(x)
		}
		return bits.LeadingZeros32(uint32(x))
	}))
	b.AddStatic("TrailingZeroCount", 1, 1, count(func(x uint64, wide bool) int {
		if wide {
			return bits.TrailingZeros64(x)
		}
		return bits.TrailingZeros32(uint32(x))
	}))
	b.AddStatic("Log2", 1, 1, count(func(x uint64, _ bool) int {
		if x == 0 {
			return 0
		}
		return bits.Len64(x) - 1
	}))
	b.AddStatic("IsPow2", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := intBits(args[0])
		if pt := args[0].PrimType(); pt == vm.TUInt || pt == vm.TULong {
			x, _ := bitArg(args[0])
			return vm.Bool(x != 0 && x&(x-1) == 0), nil
		}
		return vm.Bool(n > 0 && n&(n-1) == 0), nil
	})
	rotate := func(sign int) vm.NativeFn {
		return func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			x, wide := bitArg(args[0])
			k, _ := toInt(args[1])
			if wide {
				return word(bits.RotateLeft64(x, sign*k), true), nil
			}
			return word(uint64(bits.RotateLeft32(uint32(x), sign*k)), false), nil
		}
	}
	b.AddStatic("RotateLeft", 2, 2, rotate(1))
	b.AddStatic("RotateRight", 2, 2, rotate(-1))
	b.AddStatic("RoundUpToPowerOf2", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		// 0, and a value past the largest power of two, wrap to 0.
		x, wide := bitArg(args[0])
		if x == 0 {
			return word(0, wide), nil
		}
		n := bits.Len64(x - 1)
		if n == 64 || !wide && n == 32 {
			return word(0, wide), nil
		}
		return word(uint64(1)<<n, wide), nil
	})
}

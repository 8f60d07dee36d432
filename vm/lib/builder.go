package lib

import (
	"slices"
	"sync"

	"asyncvm/vm"
)

// builder is a StringBuilder's payload: UTF-16 code units under a mutex.
type builder struct {
	mu  sync.Mutex
	buf []uint16
}

var tStringBuilder = register(vm.NewLibType("System.Text", "StringBuilder", nil))

func sbOf(v vm.Value) *builder { return v.AsNative().(*builder) }

func (b *builder) edit(f func(b *builder)) {
	b.mu.Lock()
	f(b)
	b.mu.Unlock()
}

// add appends text to the builder, growing it under t's heap limit.
func (b *builder) add(t *vm.Thread, parts ...[]uint16) error {
	n := 0
	for _, u := range parts {
		n += len(u)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	buf, err := vm.Grow(t, b.buf, n)
	if err != nil {
		return err
	}
	for _, u := range parts {
		buf = append(buf, u...)
	}
	b.buf = buf
	return nil
}

// appendText renders an Append argument (char[] appends its chars).
func appendText(t *vm.Thread, args []vm.Value) ([]uint16, error) {
	if len(args) == 0 {
		return nil, nil
	}
	if a := args[0].AsArray(); a != nil && a.Elem == vm.TChar {
		u := make([]uint16, len(a.V))
		for i, c := range a.V {
			u[i] = c.AsChar()
		}
		return u, nil
	}
	if len(args) == 2 && args[0].PrimType() == vm.TChar {
		n, _ := toInt(args[1])
		if n < 0 {
			return nil, argOutOfRange(t, "repeatCount", "Count cannot be less than zero.")
		}
		if err := t.ReserveElems(int64(n), 2); err != nil {
			return nil, err
		}
		u := make([]uint16, n)
		for i := range u {
			u[i] = args[0].AsChar()
		}
		return u, nil
	}
	s, err := t.ToString(args[0])
	if err != nil {
		return nil, err
	}
	return u16(s), nil
}

func init() {
	sb := tStringBuilder
	sb.AddStatic(".ctor", 0, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		b := &builder{}
		if len(args) > 0 {
			if s, ok := str(args[0]); ok {
				b.buf = u16(s)
			}
		}
		return vm.NewNative(tStringBuilder, b), nil
	})
	sb.AddMethod("Append", 1, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		u, err := appendText(t, args[1:])
		if err != nil {
			return vm.Null, err
		}
		return args[0], sbOf(args[0]).add(t, u)
	})
	sb.AddMethod("AppendLine", 0, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		u, err := appendText(t, args[1:])
		if err != nil {
			return vm.Null, err
		}
		return args[0], sbOf(args[0]).add(t, u, []uint16{'\n'})
	})
	sb.AddMethod("AppendFormat", 1, -1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		r, err := stringFormat(t, args[1:])
		if err != nil {
			return vm.Null, err
		}
		u := r.AsStr().UTF16()
		return args[0], sbOf(args[0]).add(t, u)
	})
	sb.AddMethod("Insert", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		i, _ := toInt(args[1])
		u, err := appendText(t, args[2:])
		if err != nil {
			return vm.Null, err
		}
		b := sbOf(args[0])
		b.mu.Lock()
		defer b.mu.Unlock()
		if i < 0 || i > len(b.buf) {
			return vm.Null, argOutOfRange(t, "index", "Index was out of range. Must be non-negative and less than or equal to the size of the collection.")
		}
		if err := t.ReserveElems(int64(len(b.buf))+int64(len(u)), 2); err != nil {
			return vm.Null, err
		}
		nb := make([]uint16, 0, len(b.buf)+len(u))
		b.buf = append(append(append(nb, b.buf[:i]...), u...), b.buf[i:]...)
		return args[0], nil
	})
	sb.AddMethod("Remove", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		i, _ := toInt(args[1])
		n, _ := toInt(args[2])
		b := sbOf(args[0])
		b.mu.Lock()
		defer b.mu.Unlock()
		if n < 0 {
			return vm.Null, argOutOfRange(t, "length", "Length cannot be less than zero.")
		}
		if i < 0 {
			return vm.Null, argOutOfRange(t, "startIndex", "StartIndex cannot be less than zero.")
		}
		if i+n > len(b.buf) {
			return vm.Null, argOutOfRange(t, "length", "Index was out of range. Must be non-negative and less than or equal to the size of the collection.")
		}
		b.buf = append(b.buf[:i:i], b.buf[i+n:]...)
		return args[0], nil
	})
	sb.AddMethod("Replace", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		b := sbOf(args[0])
		b.mu.Lock()
		s := fromU16(b.buf)
		b.mu.Unlock()
		r, err := vm.TString.LookupMethod("Replace", 2).Native(t, []vm.Value{vm.String(s), args[1], args[2]})
		if err != nil {
			return vm.Null, err
		}
		u := r.AsStr().UTF16()
		b.edit(func(b *builder) { b.buf = append([]uint16(nil), u...) })
		return args[0], nil
	})
	sb.AddMethod("Clear", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		sbOf(args[0]).edit(func(b *builder) { b.buf = nil })
		return args[0], nil
	})
	sb.AddProperty("Length", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		b := sbOf(args[0])
		b.mu.Lock()
		defer b.mu.Unlock()
		return vm.Int(int32(len(b.buf))), nil
	}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n, _ := toInt(args[1])
		if n < 0 {
			return vm.Null, argOutOfRange(t, "value", "Length cannot be less than zero.")
		}
		if err := t.ReserveElems(int64(n), 2); err != nil {
			return vm.Null, err
		}
		sbOf(args[0]).edit(func(b *builder) {
			if n <= len(b.buf) {
				b.buf = b.buf[:n:n]
			} else {
				b.buf = append(b.buf, make([]uint16, n-len(b.buf))...)
			}
		})
		return vm.Null, nil
	})
	sb.AddMethod("get_Item", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		i, _ := toInt(args[1])
		b := sbOf(args[0])
		b.mu.Lock()
		defer b.mu.Unlock()
		if i < 0 || i >= len(b.buf) {
			return vm.Null, argOutOfRange(t, "index", "Index was out of range. Must be non-negative and less than the size of the collection.")
		}
		return vm.Char(b.buf[i]), nil
	})
	sb.AddMethod("set_Item", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		i, _ := toInt(args[1])
		b := sbOf(args[0])
		b.mu.Lock()
		defer b.mu.Unlock()
		if i < 0 || i >= len(b.buf) {
			return vm.Null, argOutOfRange(t, "index", "Index was out of range. Must be non-negative and less than the size of the collection.")
		}
		b.buf[i] = args[2].AsChar()
		return vm.Null, nil
	})
	// Equals(StringBuilder) compares the characters ordinally (on .NET Core
	// capacity no longer counts); anything else is reference equality, as
	// Equals(object) is. asyncvm picks the overload by the argument's runtime
	// type, so a StringBuilder passed as object compares by content too.
	sb.AddMethod("Equals", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		a := sbOf(args[0])
		b, ok := args[1].AsNative().(*builder)
		if !ok || args[1].Type() != tStringBuilder {
			return vm.Bool(false), nil
		}
		if a == b {
			return vm.Bool(true), nil
		}
		a.mu.Lock()
		x := append([]uint16(nil), a.buf...)
		a.mu.Unlock()
		b.mu.Lock()
		defer b.mu.Unlock()
		return vm.Bool(slices.Equal(x, b.buf)), nil
	})
	sb.AddMethod("ToString", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		b := sbOf(args[0])
		b.mu.Lock()
		defer b.mu.Unlock()
		if len(args) == 3 {
			i, _ := toInt(args[1])
			n, _ := toInt(args[2])
			if i < 0 || n < 0 || i+n > len(b.buf) {
				return vm.Null, argOutOfRange(t, "length", "Index and length must refer to a location within the string.")
			}
			return t.NewString(fromU16(b.buf[i : i+n]))
		}
		if err := t.Reserve(int64(len(b.buf))); err != nil {
			return vm.Null, err
		}
		return t.NewString(fromU16(b.buf))
	})
}

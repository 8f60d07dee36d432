package threading

import (
	"crypto/rand"
	"encoding/hex"
	"sync"

	"asyncvm/ctx"
	"asyncvm/vm"
)

// Library types for execution contexts and ambient data.
var (
	TExecutionContext = vm.NewLibType("System.Threading", "ExecutionContext", nil)
	TAsyncFlowControl = vm.NewLibType("System.Threading", "AsyncFlowControl", nil)
	TAsyncLocal       = vm.NewLibType("System.Threading", "AsyncLocal`1", nil)
	TValueChangedArgs = vm.NewLibType("System.Threading", "AsyncLocalValueChangedArgs`1", nil)
	TActivity         = vm.NewLibType("System.Diagnostics", "Activity", nil)
)

// flowControl is the payload of an AsyncFlowControl.
type flowControl struct {
	mu sync.Mutex
	c  ctx.AsyncFlowControl
}

// asyncLocal is the payload of an AsyncLocal<T>.
type asyncLocal struct {
	local *ctx.Local
	zero  vm.Value // default(T)
	typ   *vm.Type
}

// valueChanged is the payload of AsyncLocalValueChangedArgs<T>.
type valueChanged struct {
	previous, current vm.Value
	contextChanged    bool
}

// boxValue turns a VM value into what a ctx map stores: nil for null, the
// value itself for a reference (so setting the same reference again is a
// no-op), and a fresh pointer for a value type (each assignment differs).
func boxValue(v vm.Value) any {
	if v.IsNull() {
		return nil
	}
	if v.IsRef() {
		return v
	}
	p := new(vm.Value)
	*p = v
	return p
}

// unboxValue is the inverse of boxValue, with zero for a missing value.
func unboxValue(x any, zero vm.Value) vm.Value {
	switch v := x.(type) {
	case vm.Value:
		return v
	case *vm.Value:
		return *v
	}
	return zero
}

// ownerOf returns the VM thread a ctx thread belongs to.
func ownerOf(ct *ctx.Thread) *vm.Thread {
	t, _ := ct.Owner.(*vm.Thread)
	return t
}

// NewAsyncLocal returns an AsyncLocal<T> value whose missing value reads as
// zero and whose change handler (a delegate, or null) receives
// AsyncLocalValueChangedArgs<T>.
func NewAsyncLocal(typ *vm.Type, zero vm.Value, handler vm.Value) vm.Value {
	al := &asyncLocal{zero: zero, typ: typ}
	var h ctx.Handler
	if !handler.IsNull() {
		h = func(ct *ctx.Thread, previous, current any, changed bool) error {
			t := ownerOf(ct)
			if t == nil {
				return nil
			}
			args := vm.NewNative(TValueChangedArgs, &valueChanged{
				previous: unboxValue(previous, zero), current: unboxValue(current, zero), contextChanged: changed,
			})
			_, err := t.CallValue(handler, []vm.Value{args})
			if err != nil && changed {
				failFast(t, err)
			}
			return err
		}
	}
	al.local = ctx.NewLocal(h)
	return vm.NewNative(TAsyncLocal, al)
}

// GetLocal reads an AsyncLocal<T> on t.
func GetLocal(t *vm.Thread, l vm.Value) vm.Value {
	al := l.AsNative().(*asyncLocal)
	return unboxValue(al.local.Get(t.Ctx), al.zero)
}

// SetLocal assigns an AsyncLocal<T> on t.
func SetLocal(t *vm.Thread, l vm.Value, v vm.Value) error {
	Attach(t)
	al := l.AsNative().(*asyncLocal)
	if al.typ != nil && !v.IsNull() {
		var err error
		if v, err = t.ConvertTo(v, al.typ); err != nil {
			return err
		}
	}
	return al.local.Set(t.Ctx, boxValue(v))
}

func ecValue(c *ctx.Context) vm.Value {
	if c == nil {
		return vm.Null
	}
	return vm.NewNative(TExecutionContext, c)
}

// ecArg reads an ExecutionContext argument: nil for null.
func ecArg(v vm.Value) *ctx.Context {
	c, _ := v.AsNative().(*ctx.Context)
	return c
}

func init() {
	ec := vm.RegisterType(TExecutionContext)
	ec.AddStatic("Capture", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		t.Counters.ECCaptures.Add(1)
		return ecValue(t.Ctx.Capture()), nil
	})
	ec.AddStatic("Run", 3, 3, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		Attach(t)
		c := ecArg(args[0])
		cb, state := args[1], args[2]
		if c == nil {
			return vm.Null, t.Throw("System.InvalidOperationException", ctx.MsgNullContext)
		}
		t.Counters.ECRestores.Add(1)
		// Run puts SynchronizationContext.Current back too (it is not part
		// of the ExecutionContext, so it never flows into the callback).
		sync := t.SyncContext()
		err := t.Ctx.Run(c, func() error {
			_, err := t.CallValue(cb, []vm.Value{state})
			t.ResetSyncContext(sync)
			return err
		})
		return vm.Null, ctxError(t, err)
	})
	ec.AddStatic("Restore", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		Attach(t)
		return vm.Null, ctxError(t, t.Ctx.Restore(ecArg(args[0])))
	})
	ec.AddStatic("SuppressFlow", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		c, err := t.Ctx.SuppressFlow()
		if err != nil {
			return vm.Null, ctxError(t, err)
		}
		return vm.NewNative(TAsyncFlowControl, &flowControl{c: c}), nil
	})
	ec.AddStatic("RestoreFlow", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Null, ctxError(t, t.Ctx.RestoreFlow())
	})
	ec.AddStatic("IsFlowSuppressed", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(t.Ctx.IsFlowSuppressed()), nil
	})
	ec.AddMethod("CreateCopy", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return args[0], nil })
	ec.AddMethod("Dispose", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Null, nil })

	fc := vm.RegisterType(TAsyncFlowControl)
	undo := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		f, _ := args[0].AsNative().(*flowControl)
		if f == nil {
			return vm.Null, nil
		}
		f.mu.Lock()
		err := f.c.Undo(t.Ctx)
		f.mu.Unlock()
		return vm.Null, ctxError(t, err)
	}
	fc.AddMethod("Undo", 0, 0, undo)
	fc.AddMethod("Dispose", 0, 0, undo)

	al := vm.RegisterType(TAsyncLocal)
	al.PassTypeArgs = true
	al.AddStatic(".ctor", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		var typ *vm.Type
		zero := vm.Null
		if len(args) > 0 {
			if ty, ok := args[0].AsNative().(*vm.Type); ok && args[0].Type() == vm.TType {
				typ = ty
				zero = ty.Zero()
				args = args[1:]
			}
		}
		handler := vm.Null
		if len(args) > 0 {
			handler = args[0]
		}
		return NewAsyncLocal(typ, zero, handler), nil
	})
	al.AddProperty("Value", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return GetLocal(t, args[0]), nil
	}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Null, SetLocal(t, args[0], args[1])
	})

	vc := vm.RegisterType(TValueChangedArgs)
	vc.AddProperty("PreviousValue", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return args[0].AsNative().(*valueChanged).previous, nil
	}, nil)
	vc.AddProperty("CurrentValue", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return args[0].AsNative().(*valueChanged).current, nil
	}, nil)
	vc.AddProperty("ThreadContextChanged", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Bool(args[0].AsNative().(*valueChanged).contextChanged), nil
	}, nil)

	registerActivity()
}

// activity is the payload of a System.Diagnostics.Activity.
type activity struct {
	mu      sync.Mutex
	name    string
	display string
	parent  vm.Value
	id      string
	started bool
	stopped bool
	tags    [][2]vm.Value
}

// currentActivity is Activity.Current: an AsyncLocal like any other.
var currentActivity = ctx.NewLocal(nil)

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func registerActivity() {
	a := vm.RegisterType(TActivity)
	get := func(v vm.Value) *activity { return v.AsNative().(*activity) }
	a.AddStatic(".ctor", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		name := ""
		if s := args[0].AsStr(); s != nil {
			name = s.S
		}
		return vm.NewNative(TActivity, &activity{name: name}), nil
	})
	a.AddStaticProperty("Current", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return unboxValue(currentActivity.Get(t.Ctx), vm.Null), nil
	}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Null, currentActivity.Set(t.Ctx, boxValue(args[0]))
	})
	a.AddMethod("Start", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x := get(args[0])
		x.mu.Lock()
		if x.started {
			x.mu.Unlock()
			return args[0], nil
		}
		x.started = true
		if x.parent.IsNull() {
			x.parent = unboxValue(currentActivity.Get(t.Ctx), vm.Null)
		}
		trace := randomHex(16)
		if p, ok := x.parent.AsNative().(*activity); ok && p != x {
			p.mu.Lock()
			if len(p.id) > 35 {
				trace = p.id[3:35]
			}
			p.mu.Unlock()
		}
		x.id = "00-" + trace + "-" + randomHex(8) + "-00"
		x.mu.Unlock()
		return args[0], currentActivity.Set(t.Ctx, boxValue(args[0]))
	})
	stop := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x := get(args[0])
		x.mu.Lock()
		if !x.started || x.stopped {
			x.mu.Unlock()
			return vm.Null, nil
		}
		x.stopped = true
		parent := x.parent
		x.mu.Unlock()
		return vm.Null, currentActivity.Set(t.Ctx, boxValue(parent))
	}
	a.AddMethod("Stop", 0, 0, stop)
	a.AddMethod("Dispose", 0, 0, stop)
	a.AddProperty("OperationName", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.String(get(args[0]).name), nil
	}, nil)
	a.AddProperty("DisplayName", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x := get(args[0])
		x.mu.Lock()
		defer x.mu.Unlock()
		if x.display != "" {
			return vm.String(x.display), nil
		}
		return vm.String(x.name), nil
	}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x := get(args[0])
		s, _ := t.ToString(args[1])
		x.mu.Lock()
		x.display = s
		x.mu.Unlock()
		return vm.Null, nil
	})
	a.AddProperty("Parent", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x := get(args[0])
		x.mu.Lock()
		defer x.mu.Unlock()
		return x.parent, nil
	}, nil)
	a.AddProperty("Id", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x := get(args[0])
		x.mu.Lock()
		defer x.mu.Unlock()
		if x.id == "" {
			return vm.Null, nil
		}
		return vm.String(x.id), nil
	}, nil)
	a.AddProperty("ParentId", func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x := get(args[0])
		x.mu.Lock()
		p, _ := x.parent.AsNative().(*activity)
		x.mu.Unlock()
		if p == nil {
			return vm.Null, nil
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		return vm.String(p.id), nil
	}, nil)
	tag := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x := get(args[0])
		x.mu.Lock()
		for i := range x.tags {
			if s, k := x.tags[i][0].AsStr(), args[1].AsStr(); s != nil && k != nil && s.S == k.S {
				x.tags[i][1] = args[2]
				x.mu.Unlock()
				return args[0], nil
			}
		}
		x.tags = append(x.tags, [2]vm.Value{args[1], args[2]})
		x.mu.Unlock()
		return args[0], nil
	}
	a.AddMethod("AddTag", 2, 2, tag)
	a.AddMethod("SetTag", 2, 2, tag)
	a.AddMethod("GetTagItem", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		x := get(args[0])
		x.mu.Lock()
		defer x.mu.Unlock()
		for _, kv := range x.tags {
			if s, k := kv[0].AsStr(), args[1].AsStr(); s != nil && k != nil && s.S == k.S {
				return kv[1], nil
			}
		}
		return vm.Null, nil
	})
	a.AddMethod("SetParentId", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return args[0], nil
	})
}

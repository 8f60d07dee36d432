package vm

// NativeFunc makes a native Func. For an instance method (hasThis) the counts
// exclude the receiver. maxArgs < 0 means any number from minArgs up.
func NativeFunc(name string, minArgs, maxArgs int, hasThis bool, fn NativeFn) *Func {
	f := &Func{Name: name, Native: fn, HasThis: hasThis, MinParams: minArgs, NumParams: maxArgs}
	if maxArgs < 0 {
		f.NumParams = minArgs + 1
		f.Variadic = true
	}
	return f
}

// NewLibType makes a library type descriptor with kind KindNative.
func NewLibType(ns, name string, super *Type) *Type {
	if super == nil {
		super = TObject
	}
	return &Type{Kind: KindNative, Namespace: ns, Name: name, Super: super}
}

// AddMethod adds an instance method; argument counts exclude the receiver.
func (t *Type) AddMethod(name string, minArgs, maxArgs int, fn NativeFn) *Func {
	f := NativeFunc(name, minArgs, maxArgs, true, fn)
	f.Owner = t
	if t.Methods == nil {
		t.Methods = map[string][]*Func{}
	}
	t.Methods[name] = append(t.Methods[name], f)
	return f
}

// AddStatic adds a static method (constructors are named ".ctor" and return
// the new object).
func (t *Type) AddStatic(name string, minArgs, maxArgs int, fn NativeFn) *Func {
	f := NativeFunc(name, minArgs, maxArgs, false, fn)
	f.Owner = t
	f.IsStatic = true
	if t.Statics == nil {
		t.Statics = map[string][]*Func{}
	}
	t.Statics[name] = append(t.Statics[name], f)
	return f
}

// AddProperty adds an instance property's accessors (either may be nil).
func (t *Type) AddProperty(name string, get, set NativeFn) {
	if get != nil {
		t.AddMethod("get_"+name, 0, 0, get)
	}
	if set != nil {
		t.AddMethod("set_"+name, 1, 1, set)
	}
}

// AddStaticProperty adds a static property's accessors (either may be nil).
func (t *Type) AddStaticProperty(name string, get, set NativeFn) {
	if get != nil {
		t.AddStatic("get_"+name, 0, 0, get)
	}
	if set != nil {
		t.AddStatic("set_"+name, 1, 1, set)
	}
}

// InheritMethods copies the super type's instance methods that t does not
// define itself; call it after registering both.
func (t *Type) InheritMethods() {
	if t.Super == nil {
		return
	}
	if t.Methods == nil {
		t.Methods = map[string][]*Func{}
	}
	for name, fs := range t.Super.Methods {
		if _, ok := t.Methods[name]; !ok {
			t.Methods[name] = fs
		}
	}
}

// NewEnumType makes an enum type descriptor (int underlying) for the
// library, such as System.StringComparison or TaskStatus: its values are
// unboxed primitives like a compiled enum's, printed by name. Enum values point at their type
// like primitives do, so the descriptor must carry the primitive mark that
// only this package can set.
func NewEnumType(ns, name string, members []EnumMember) *Type {
	t := newPrimType(KindEnum, ns, name, "")
	t.IsEnum = true
	t.IsValueType = true
	t.EnumUnder = TInt
	t.EnumNames = members
	t.Super = TEnum
	return t
}

// NewNativeDelegate makes a delegate value calling fn (bound to this when fn
// has a receiver); package vm/threading uses it to hand native callbacks to
// user code.
func NewNativeDelegate(fn *Func, this Value) Value {
	return Ref(&Closure{Header: Header{TDelegate}, Fn: fn, This: this})
}

// TakeTypeArgs splits the hidden type arguments off the arguments of a
// TypeArgs native of a generic method with k type parameters: the last k
// arguments when they are System.Type objects or null and at least min
// ordinary ones precede them (a call through a delegate passes none). It
// returns the ordinary arguments and the types, nil for one not known.
func TakeTypeArgs(args []Value, k, min int) ([]Value, []*Type) {
	if len(args)-k < min {
		return args, nil
	}
	tail := args[len(args)-k:]
	ts := make([]*Type, k)
	for i, a := range tail {
		if a.IsNull() {
			continue
		}
		t, ok := a.AsNative().(*Type)
		if !ok || a.Type() != TType {
			return args, nil
		}
		ts[i] = t
	}
	return args[:len(args)-k], ts
}

// WithTypeArgs marks f as a native that takes its generic method's type
// arguments (Func.TypeArgs) and returns it.
func (f *Func) WithTypeArgs() *Func {
	f.TypeArgs = true
	return f
}

package lib

import (
	"strconv"
	"sync"

	"asyncvm/ctx"
	"asyncvm/vm"
	"asyncvm/vm/netfmt"
)

// cultureLocal holds CultureInfo.CurrentCulture; it is an AsyncLocal, so the
// culture flows with the ExecutionContext as in .NET.
var (
	cultureLocal   = ctx.NewLocal(nil)
	uiCultureLocal = ctx.NewLocal(nil)
)

// tCultureInfo is System.Globalization.CultureInfo; its payload is *netfmt.Culture.
var tCultureInfo = register(vm.NewLibType("System.Globalization", "CultureInfo", nil))

// tFormattableString is System.FormattableString (formattable.go); its
// payload is *formattableString.
var tFormattableString = register(vm.NewLibType("System", "FormattableString", nil))

// tIFormattable, tIFormatProvider and tICustomFormatter are the
// interfaces string.Format asks a program's objects and providers about.
var (
	tIFormattable     = register(libInterface("System", "IFormattable"))
	tIFormatProvider  = register(libInterface("System", "IFormatProvider"))
	tICustomFormatter = register(libInterface("System", "ICustomFormatter"))
)

func libInterface(ns, name string) *vm.Type {
	t := vm.NewLibType(ns, name, nil)
	t.IsInterface, t.IsAbstract = true, true
	return t
}

var (
	cultureCacheMu sync.Mutex
	cultureCache   = map[string]vm.Value{}
	invariantValue = vm.NewNative(tCultureInfo, netfmt.Invariant)
)

// cachedCulture is CultureInfo.GetCultureInfo: one shared object per name.
func cachedCulture(t *vm.Thread, name string) (vm.Value, error) {
	c, err := netfmt.GetCulture(name)
	if err != nil {
		return vm.Null, throwFormat(t, err)
	}
	if c == netfmt.Invariant {
		return invariantValue, nil
	}
	cultureCacheMu.Lock()
	defer cultureCacheMu.Unlock()
	if v, ok := cultureCache[c.Name]; ok {
		return v, nil
	}
	v := vm.NewNative(tCultureInfo, c)
	cultureCache[c.Name] = v
	return v, nil
}

// currentCultureValue returns the CultureInfo object of the thread's context.
func currentCultureValue(t *vm.Thread, l *ctx.Local) vm.Value {
	if v, ok := l.Get(t.Ctx).(vm.Value); ok {
		return v
	}
	return invariantValue
}

// CurrentCulture returns the culture number formatting uses on thread t.
func CurrentCulture(t *vm.Thread) *netfmt.Culture {
	if c, ok := currentCultureValue(t, cultureLocal).AsNative().(*netfmt.Culture); ok {
		return c
	}
	return netfmt.Invariant
}

// providerCulture reads an IFormatProvider argument (a CultureInfo), or nil.
func providerCulture(v vm.Value) *netfmt.Culture {
	if c, ok := v.AsNative().(*netfmt.Culture); ok {
		return c
	}
	return nil
}

// formatValue is IFormattable.ToString(format, culture) for any value:
// numbers, booleans, chars, enums, decimals and TimeSpans use the format;
// everything else uses ToString().
func formatValue(t *vm.Thread, v vm.Value, format string, c *netfmt.Culture) (string, error) {
	if c == nil {
		c = CurrentCulture(t)
	}
	if pt := v.PrimType(); pt != nil {
		var s string
		var err error
		switch pt {
		case vm.TInt:
			s, err = netfmt.FormatIntBits(int64(v.AsInt()), 32, format, c)
		case vm.TLong:
			s, err = netfmt.FormatIntBits(v.AsLong(), 64, format, c)
		case vm.TDouble:
			s, err = netfmt.FormatDouble(v.AsDouble(), format, c)
		case vm.TFloat:
			s, err = netfmt.FormatFloat32(v.AsFloat(), format, c)
		case vm.TBool:
			s = netfmt.FormatBool(v.AsBool())
		case vm.TChar:
			s = netfmt.FormatChar(v.AsChar())
		case vm.TSByte:
			s, err = netfmt.FormatIntBits(v.AsLong(), 8, format, c)
		case vm.TShort:
			s, err = netfmt.FormatIntBits(v.AsLong(), 16, format, c)
		case vm.TByte, vm.TUShort, vm.TUInt, vm.TULong:
			s, err = netfmt.FormatUint(v.Bits(), format, c)
		default:
			if pt.Kind == vm.KindEnum {
				return formatEnum(t, pt, v.AsLong(), format)
			}
			s = strconv.FormatUint(v.Bits(), 10)
		}
		if err != nil {
			return "", throwFormat(t, err)
		}
		return s, nil
	}
	if d, ok := v.AsNative().(vm.Decimal); ok {
		s, err := netfmt.FormatDecimal(d, format, c)
		if err != nil {
			return "", throwFormat(t, err)
		}
		return s, nil
	}
	if d, ok := v.AsNative().(*dateTime); ok {
		return formatDateTime(t, *d, format, c)
	}
	if s, err, ok := formatDateKind(v, format, c); ok {
		if err != nil {
			return "", throwFormat(t, err)
		}
		return s, nil
	}
	if b, ok := v.AsNative().(*bigInt); ok {
		return formatBig(t, b.v, format, c)
	}
	if w, ok := v.AsNative().(*wideInt); ok {
		return formatWide(t, v.Type(), w.v, format, c)
	}
	if ts, ok := v.AsNative().(*timeSpan); ok {
		s, err := netfmt.FormatTimeSpan(ts.ticks, format, c)
		if err != nil {
			return "", throwFormat(t, err)
		}
		return s, nil
	}
	if f := formattableToString(v); f != nil {
		// A program's IFormattable: ToString(format, provider), with a
		// null format for a hole without one, as .NET calls it.
		var fv vm.Value
		if format != "" {
			fv = vm.String(format)
		}
		r, err := t.Invoke(f, v, []vm.Value{fv, vm.Null})
		if err != nil {
			return "", err
		}
		s, _ := str(r)
		return s, nil
	}
	if format != "" {
		if f := v.Type().LookupMethod("ToString", 1); f != nil && f.Native == nil {
			r, err := t.Invoke(f, v, []vm.Value{vm.String(format)})
			if err != nil {
				return "", err
			}
			s, _ := str(r)
			return s, nil
		}
	}
	return t.ToString(v)
}

// formattableToString returns the IFormattable.ToString(format, provider)
// of a program's object that implements IFormattable, or nil.
func formattableToString(v vm.Value) *vm.Func {
	ty := v.Type()
	if ty == nil || ty.Kind != vm.KindInstance || !ty.IsSubclassOf(tIFormattable) {
		return nil
	}
	f := ty.LookupMethod("System.IFormattable|ToString", 2)
	if f == nil {
		f = ty.LookupMethod("ToString", 2)
	}
	if f == nil || f.Native != nil {
		return nil
	}
	return f
}

// customFormatter is the ICustomFormatter a program's IFormatProvider
// gives for string.Format (GetFormat(typeof(ICustomFormatter))), with its
// Format method; ok is false when provider is not a program's object.
func customFormatter(t *vm.Thread, provider vm.Value) (cf vm.Value, format *vm.Func, ok bool, err error) {
	ty := provider.Type()
	if ty == nil || ty.Kind != vm.KindInstance {
		return vm.Null, nil, false, nil
	}
	get := ty.LookupMethod("System.IFormatProvider|GetFormat", 1)
	if get == nil {
		get = ty.LookupMethod("GetFormat", 1)
	}
	if get == nil || get.Native != nil {
		return vm.Null, nil, false, nil
	}
	cf, err = t.Invoke(get, provider, []vm.Value{vm.TypeObject(tICustomFormatter)})
	if err != nil || cf.IsNull() {
		return vm.Null, nil, true, err
	}
	cty := cf.Type()
	if cty == nil {
		return vm.Null, nil, true, nil
	}
	format = cty.LookupMethod("System.ICustomFormatter|Format", 3)
	if format == nil {
		format = cty.LookupMethod("Format", 3)
	}
	return cf, format, true, nil
}

// formatCustom is string.Format(provider, format, args) for a program's
// provider: each hole goes to the ICustomFormatter's Format (with a null
// format for a hole without one), and a null result falls back to the
// value's own formatting.
func formatCustom(t *vm.Thread, provider, cf vm.Value, f *vm.Func, format string, args []vm.Value) (string, error) {
	args = compositeArgs(args)
	s, err := netfmt.FormatComposite(format, len(args), func(i int, spec string) (string, error) {
		if f != nil {
			var fv vm.Value
			if spec != "" {
				fv = vm.String(spec)
			}
			r, err := t.Invoke(f, cf, []vm.Value{fv, args[i], provider})
			if err != nil {
				return "", err
			}
			if s, ok := str(r); ok {
				return s, nil
			}
		}
		return formatValue(t, args[i], spec, nil)
	})
	if err != nil {
		return "", throwFormat(t, err)
	}
	return s, nil
}

// formatEnum is Enum.ToString(format).
func formatEnum(t *vm.Thread, ty *vm.Type, n int64, format string) (string, error) {
	s, ok := vm.EnumFormat(ty, n, format)
	if !ok {
		return "", t.Throw("System.FormatException", vm.EnumFormatError)
	}
	return s, nil
}

// compositeArgs expands a params object[] argument passed as one array.
func compositeArgs(args []vm.Value) []vm.Value {
	if len(args) == 1 {
		if a := args[0].AsArray(); a != nil && a.Elem != nil && a.Elem.Kind != vm.KindInt && !isPrimType(a.Elem) {
			return a.V
		}
	}
	return args
}

func isPrimType(ty *vm.Type) bool {
	switch ty.Kind {
	case vm.KindInt, vm.KindLong, vm.KindDouble, vm.KindFloat, vm.KindBool, vm.KindChar, vm.KindEnum,
		vm.KindSByte, vm.KindByte, vm.KindShort, vm.KindUShort, vm.KindUInt, vm.KindULong:
		return true
	}
	return false
}

// Format is string.Format(format, args...) under culture c (nil: current).
func Format(t *vm.Thread, c *netfmt.Culture, format string, args []vm.Value) (string, error) {
	args = compositeArgs(args)
	s, err := netfmt.FormatComposite(format, len(args), func(i int, f string) (string, error) {
		return formatValue(t, args[i], f, c)
	})
	if err != nil {
		return "", throwFormat(t, err)
	}
	return s, nil
}

// stringFormat is the native for string.Format with an optional leading provider.
// CultureValue is CultureInfo.CurrentCulture (CurrentUICulture when ui),
// which Thread.CurrentCulture also reads.
func CultureValue(t *vm.Thread, ui bool) vm.Value {
	if ui {
		return currentCultureValue(t, uiCultureLocal)
	}
	return currentCultureValue(t, cultureLocal)
}

// SetCulture sets CultureInfo.CurrentCulture (CurrentUICulture when ui) to
// v, a CultureInfo; null throws ArgumentNullException.
func SetCulture(t *vm.Thread, ui bool, v vm.Value) error {
	if v.Type() != tCultureInfo {
		return argNull(t, "value")
	}
	l := cultureLocal
	if ui {
		l = uiCultureLocal
	}
	return l.Set(t.Ctx, v)
}

func stringFormat(t *vm.Thread, args []vm.Value) (vm.Value, error) {
	var c *netfmt.Culture
	args = compositeFormatString(args)
	if len(args) > 1 && args[0].AsStr() == nil && args[1].AsStr() != nil {
		cf, f, ok, err := customFormatter(t, args[0])
		if err != nil {
			return vm.Null, err
		}
		if ok {
			s, err := formatCustom(t, args[0], cf, f, args[1].AsStr().S, args[2:])
			if err != nil {
				return vm.Null, err
			}
			return vm.String(s), nil
		}
	}
	if len(args) > 0 && (args[0].Type() == tCultureInfo || (args[0].IsNull() && len(args) > 1 && args[1].AsStr() != nil)) {
		c = providerCulture(args[0])
		args = args[1:]
	}
	if len(args) == 0 {
		return vm.Null, argNull(t, "format")
	}
	f, ok := str(args[0])
	if !ok {
		return vm.Null, argNull(t, "format")
	}
	s, err := Format(t, c, f, args[1:])
	if err != nil {
		return vm.Null, err
	}
	return vm.String(s), nil
}

// FormatPrimitive formats a primitive value with a .NET format string under
// t's current culture; it is what vm.Host's Format does.
func FormatPrimitive(t *vm.Thread, v vm.Value, format string) (string, error) {
	return formatValue(t, v, format, nil)
}

func init() {
	implements(tCultureInfo, []string{"System.IFormatProvider"})
	ci := tCultureInfo
	ci.AddStatic(".ctor", 1, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		name, err := strArg(t, args[0], "name")
		if err != nil {
			return vm.Null, err
		}
		c, err := netfmt.GetCulture(name)
		if err != nil {
			return vm.Null, throwFormat(t, err)
		}
		return vm.NewNative(tCultureInfo, c), nil
	})
	ci.AddStatic("GetCultureInfo", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		name, err := strArg(t, args[0], "name")
		if err != nil {
			return vm.Null, err
		}
		return cachedCulture(t, name)
	})
	ci.AddStatic("CreateSpecificCulture", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		name, err := strArg(t, args[0], "name")
		if err != nil {
			return vm.Null, err
		}
		return cachedCulture(t, name)
	})
	ci.AddStaticProperty("InvariantCulture", func(*vm.Thread, []vm.Value) (vm.Value, error) { return invariantValue, nil }, nil)
	for _, p := range []struct {
		name string
		ui   bool
	}{{"CurrentCulture", false}, {"CurrentUICulture", true}, {"DefaultThreadCurrentCulture", false}} {
		ui := p.ui
		ci.AddStaticProperty(p.name, func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
			return CultureValue(t, ui), nil
		}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Null, SetCulture(t, ui, args[0])
		})
	}
	name := func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.String(args[0].AsNative().(*netfmt.Culture).Name), nil
	}
	ci.AddProperty("Name", name, nil)
	ci.AddMethod("ToString", 0, 0, name)
	ci.AddProperty("DisplayName", name, nil)
	ci.AddProperty("IsReadOnly", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		c := args[0].AsNative().(*netfmt.Culture)
		return vm.Bool(c == netfmt.Invariant), nil
	}, nil)
	ci.AddMethod("Equals", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		a := args[0].AsNative().(*netfmt.Culture)
		b, ok := args[1].AsNative().(*netfmt.Culture)
		return vm.Bool(ok && a.Name == b.Name), nil
	})
	ci.AddMethod("GetHashCode", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		h, err := hashCode(t, vm.String(args[0].AsNative().(*netfmt.Culture).Name))
		return vm.Int(h), err
	})
	ci.InheritMethods()

	vm.TString.AddStatic("Format", 1, -1, stringFormat)
	// string.Create(provider, text) receives an interpolated string
	// already formatted with the provider (the compiler's
	// formatWithProvider); any other string is the result.
	vm.TString.AddStatic("Create", 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return args[1], nil })
}

// formatDateKind formats a DateOnly, TimeOnly or DateTimeOffset; ok is
// false for a value of another type.
func formatDateKind(v vm.Value, format string, c *netfmt.Culture) (s string, err error, ok bool) {
	switch d := v.AsNative().(type) {
	case *dateOnly:
		s, err = netfmt.FormatDateOnly(d.day, format, c)
	case *timeOnly:
		s, err = netfmt.FormatTimeOnly(d.ticks, format, c)
	case *dateTimeOffset:
		s, err = netfmt.FormatDateTimeOffset(d.clock, d.offset, format, c)
	default:
		return "", nil, false
	}
	return s, err, true
}

package lib

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"sync"
	"time"

	"asyncvm/vm"
	"asyncvm/vm/netfmt"
)

var (
	tEnvironment = register(vm.NewLibType("System", "Environment", nil))
	tRandom      = register(vm.NewLibType("System", "Random", nil))
	tTimeSpan    = register(&vm.Type{Kind: vm.KindNative, Namespace: "System", Name: "TimeSpan", IsValueType: true, Super: vm.TObject})
	tStopwatch   = register(vm.NewLibType("System.Diagnostics", "Stopwatch", nil))
)

// timeSpan is an immutable System.TimeSpan.
type timeSpan struct{ ticks int64 }

// Ticks returns the span in 100-nanosecond ticks (vm/threading reads
// TimeSpan arguments through it).
func (ts *timeSpan) Ticks() int64 { return ts.ticks }

// NewTimeSpan makes a TimeSpan value from 100-nanosecond ticks.
func NewTimeSpan(ticks int64) vm.Value { return vm.NewNative(tTimeSpan, &timeSpan{ticks}) }

// TimeSpanTicks reads a TimeSpan value's ticks.
func TimeSpanTicks(v vm.Value) (int64, bool) {
	ts, ok := v.AsNative().(*timeSpan)
	if !ok {
		return 0, false
	}
	return ts.ticks, true
}

// epoch makes TickCount and Stopwatch readings start near zero.
var epoch = time.Now()

// stopwatch is a Stopwatch; elapsed accumulates completed runs.
type stopwatch struct {
	mu      sync.Mutex
	running bool
	start   time.Time
	elapsed time.Duration
}

func (s *stopwatch) read() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.elapsed
	if s.running {
		d += time.Since(s.start)
	}
	return d
}

func tsOf(v vm.Value) int64 {
	if ts, ok := v.AsNative().(*timeSpan); ok {
		return ts.ticks
	}
	return 0
}

func init() {
	e := tEnvironment
	e.AddStaticProperty("NewLine", func(*vm.Thread, []vm.Value) (vm.Value, error) { return vm.String("\n"), nil }, nil)
	e.AddStaticProperty("ProcessorCount", func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.Int(int32(runtime.NumCPU())), nil
	}, nil)
	e.AddStaticProperty("CurrentManagedThreadId", func(t *vm.Thread, _ []vm.Value) (vm.Value, error) { return vm.Int(t.ID), nil }, nil)
	e.AddStaticProperty("TickCount", func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.Int(int32(time.Since(epoch).Milliseconds())), nil
	}, nil)
	e.AddStaticProperty("TickCount64", func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.Long(time.Since(epoch).Milliseconds()), nil
	}, nil)
	e.AddStaticProperty("MachineName", func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		if t.M.Sandbox {
			return vm.String("localhost"), nil
		}
		h, _ := os.Hostname()
		return vm.String(h), nil
	}, nil)
	e.AddStaticProperty("Is64BitProcess", func(*vm.Thread, []vm.Value) (vm.Value, error) { return vm.Bool(true), nil }, nil)
	e.AddStaticProperty("ExitCode", func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		return vm.Int(t.M.ExitCode.Load()), nil
	}, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		code, _ := toInt(args[len(args)-1])
		t.M.ExitCode.Store(int32(code))
		return vm.Null, nil
	})
	e.AddStatic("Exit", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		code, _ := toInt(args[0])
		t.M.ExitCode.Store(int32(code))
		f := &vm.Fatal{Code: code}
		t.M.Crash(f)
		return vm.Null, f
	})
	e.AddStatic("GetCommandLineArgs", 0, 0, func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		if t.M.Sandbox {
			return strArray([]string{t.M.Prog.File}), nil
		}
		return strArray(os.Args), nil
	})
	e.AddStatic("GetEnvironmentVariable", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		name, err := strArg(t, args[0], "variable")
		if err != nil {
			return vm.Null, err
		}
		v, ok := os.LookupEnv(name)
		if !ok || t.M.Sandbox {
			return vm.Null, nil
		}
		return vm.String(v), nil
	})

	r := tRandom
	r.AddStatic(".ctor", 0, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		if len(args) > 0 {
			seed, _ := toInt(args[0])
			return vm.NewNative(tRandom, newRandomState(int32(seed), true)), nil
		}
		return vm.NewNative(tRandom, newRandomState(0, false)), nil
	})
	shared := vm.NewNative(tRandom, newRandomState(0, false))
	r.AddStaticProperty("Shared", func(*vm.Thread, []vm.Value) (vm.Value, error) { return shared, nil }, nil)
	r.AddMethod("Next", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		rs := args[0].AsNative().(*randomState)
		switch len(args) {
		case 1:
			return vm.Int(int32(rs.nextMax(0, true))), nil
		case 2:
			hi, _ := toInt(args[1])
			if hi < 0 {
				return vm.Null, argOutOfRange(t, "maxValue", "'maxValue' must be greater than or equal to zero.")
			}
			if hi == 0 {
				return vm.Int(0), nil
			}
			return vm.Int(int32(rs.nextMax(hi, false))), nil
		}
		lo, _ := toInt(args[1])
		hi, _ := toInt(args[2])
		if lo > hi {
			return vm.Null, argOutOfRange(t, "minValue", "'minValue' cannot be greater than maxValue.")
		}
		if hi == lo {
			return vm.Int(int32(lo)), nil
		}
		return vm.Int(int32(rs.next(lo, hi))), nil
	})
	r.AddMethod("NextInt64", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		rs := args[0].AsNative().(*randomState)
		lo, hi := int64(0), int64(math.MaxInt64)
		switch len(args) {
		case 2:
			hi = intBits(args[1])
		case 3:
			lo, hi = intBits(args[1]), intBits(args[2])
		}
		if hi <= lo {
			return vm.Long(lo), nil
		}
		return vm.Long(rs.nextInt64(lo, hi)), nil
	})
	r.AddMethod("NextDouble", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Double(args[0].AsNative().(*randomState).nextDouble()), nil
	})
	// NextBytes fills a byte array with one sample's low byte each, as
	// .NET's seeded Random does. Shuffle is Fisher-Yates from the front
	// (Next(i, n) for each i) and GetItems draws Next(choices.Length) per
	// item, so both follow a seeded Random's sequence.
	r.AddMethod("NextBytes", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		rs := args[0].AsNative().(*randomState)
		if args[1].IsNull() {
			return vm.Null, argNull(t, "buffer")
		}
		a, err := vectorArg(t, args[1])
		if err != nil {
			return vm.Null, err
		}
		for i := range a.V {
			a.V[i] = vm.Byte(uint8(rs.nextSample()))
		}
		return vm.Null, nil
	})
	r.AddMethod("Shuffle", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		rs := args[0].AsNative().(*randomState)
		if args[1].IsNull() {
			return vm.Null, argNull(t, "values")
		}
		a, err := vectorArg(t, args[1])
		if err != nil {
			return vm.Null, err
		}
		n := len(a.V)
		for i := 0; i < n-1; i++ {
			j := rs.next(i, n)
			if j != i {
				a.V[i], a.V[j] = a.V[j], a.V[i]
			}
		}
		return vm.Null, nil
	})
	r.AddMethod("GetItems", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		rs := args[0].AsNative().(*randomState)
		if args[1].IsNull() {
			return vm.Null, argNull(t, "choices")
		}
		choices, err := vectorArg(t, args[1])
		if err != nil {
			return vm.Null, err
		}
		n, _ := toInt(args[2])
		if n < 0 {
			return vm.Null, t.Throw("System.ArgumentOutOfRangeException", fmt.Sprintf("length ('%d') must be a non-negative value. (Parameter 'length')\nActual value was %d.", n, n))
		}
		if len(choices.V) == 0 {
			return vm.Null, t.Throw("System.ArgumentException", "The value cannot be an empty collection. (Parameter 'choices')")
		}
		out := vm.NewArray(choices.Elem, n)
		for i := range out.V {
			out.V[i] = choices.V[rs.nextMax(len(choices.V), false)]
		}
		return vm.Ref(out), nil
	})

	ts := tTimeSpan
	ts.IsValueType = true
	ts.SetZero(NewTimeSpan(0))
	mk := func(unit float64) native {
		return func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
			f := vm.AsF64(args[0]) * unit
			if math.IsNaN(f) {
				return vm.Null, t.Throw("System.ArgumentException", "TimeSpan does not accept floating point Not-a-Number values.")
			}
			if f >= math.MaxInt64 || f < math.MinInt64 {
				if f == math.MaxInt64 {
					return NewTimeSpan(math.MaxInt64), nil
				}
				return vm.Null, t.Throw("System.OverflowException", "TimeSpan overflowed because the duration is too long.")
			}
			// .NET truncates the ticks toward zero.
			return NewTimeSpan(int64(f)), nil
		}
	}
	ts.AddStatic("FromTicks", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return NewTimeSpan(intBits(args[0])), nil })
	ts.AddStatic("FromMilliseconds", 1, 1, mk(1e4))
	ts.AddStatic("FromSeconds", 1, 1, mk(1e7))
	ts.AddStatic("FromMinutes", 1, 1, mk(60e7))
	ts.AddStatic("FromHours", 1, 1, mk(3600e7))
	ts.AddStatic("FromDays", 1, 1, mk(86400e7))
	ts.AddStatic("FromMicroseconds", 1, 1, mk(10))
	ts.AddStatic(".ctor", 0, 6, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := make([]int64, len(args))
		for i, a := range args {
			n[i] = intBits(a)
		}
		switch len(args) {
		case 0:
			return NewTimeSpan(0), nil
		case 1:
			return NewTimeSpan(n[0]), nil
		case 3:
			return NewTimeSpan((n[0]*3600 + n[1]*60 + n[2]) * 1e7), nil
		case 4:
			return NewTimeSpan((n[0]*86400 + n[1]*3600 + n[2]*60 + n[3]) * 1e7), nil
		}
		ticks := (n[0]*86400+n[1]*3600+n[2]*60+n[3])*1e7 + n[4]*1e4
		if len(n) == 6 {
			ticks += n[5] * 10
		}
		return NewTimeSpan(ticks), nil
	})
	for name, v := range map[string]int64{
		"TicksPerMicrosecond": 10, "TicksPerMillisecond": 1e4, "TicksPerSecond": 1e7,
		"TicksPerMinute": 60e7, "TicksPerHour": 3600e7, "TicksPerDay": 86400e7, "NanosecondsPerTick": 100,
	} {
		v := vm.Long(v)
		ts.AddStaticProperty(name, func(*vm.Thread, []vm.Value) (vm.Value, error) { return v, nil }, nil)
	}
	for _, c := range []struct {
		name string
		v    int64
	}{{"Zero", 0}, {"MaxValue", math.MaxInt64}, {"MinValue", math.MinInt64}} {
		v := NewTimeSpan(c.v)
		ts.AddStaticProperty(c.name, func(*vm.Thread, []vm.Value) (vm.Value, error) { return v, nil }, nil)
	}
	total := func(unit float64) native {
		return func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			return vm.Double(float64(tsOf(args[0])) / unit), nil
		}
	}
	part := func(unit, mod int64) native {
		return func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			n := tsOf(args[0]) / unit
			if mod > 0 {
				n %= mod
			}
			return vm.Int(int32(n)), nil
		}
	}
	ts.AddProperty("Ticks", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) { return vm.Long(tsOf(args[0])), nil }, nil)
	ts.AddProperty("TotalMilliseconds", total(1e4), nil)
	ts.AddProperty("TotalSeconds", total(1e7), nil)
	ts.AddProperty("TotalMinutes", total(60e7), nil)
	ts.AddProperty("TotalHours", total(3600e7), nil)
	ts.AddProperty("TotalDays", total(86400e7), nil)
	ts.AddProperty("TotalMicroseconds", total(10), nil)
	ts.AddProperty("TotalNanoseconds", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Double(float64(tsOf(args[0])) * 100), nil
	}, nil)
	ts.AddProperty("Microseconds", part(10, 1000), nil)
	ts.AddProperty("Nanoseconds", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(tsOf(args[0]) % 10 * 100)), nil
	}, nil)
	ts.AddProperty("Milliseconds", part(1e4, 1000), nil)
	ts.AddProperty("Seconds", part(1e7, 60), nil)
	ts.AddProperty("Minutes", part(60e7, 60), nil)
	ts.AddProperty("Hours", part(3600e7, 24), nil)
	ts.AddProperty("Days", part(86400e7, 0), nil)
	ts.AddMethod("ToString", 0, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		f := ""
		var c *netfmt.Culture
		if len(args) > 1 {
			f, _ = str(args[1])
		}
		if len(args) > 2 {
			c = providerCulture(args[2])
		}
		s, err := formatValue(t, args[0], f, c)
		return vm.String(s), err
	})
	ts.AddMethod("Add", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return addSpan(t, tsOf(args[0]), tsOf(args[1]))
	})
	ts.AddMethod("Subtract", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return subSpan(t, tsOf(args[0]), tsOf(args[1]))
	})
	ts.AddMethod("Negate", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := tsOf(args[0])
		if n == math.MinInt64 {
			return vm.Null, t.Throw("System.OverflowException", "Negating the minimum value of a twos complement number is invalid.")
		}
		return NewTimeSpan(-n), nil
	})
	ts.AddMethod("Duration", 0, 0, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := tsOf(args[0])
		if n == math.MinInt64 {
			return vm.Null, t.Throw("System.OverflowException", "The duration cannot be returned for TimeSpan.MinValue because the absolute value of TimeSpan.MinValue exceeds the value of TimeSpan.MaxValue.")
		}
		if n < 0 {
			n = -n
		}
		return NewTimeSpan(n), nil
	})
	ts.AddMethod("CompareTo", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Int(int32(cmpInt(tsOf(args[0]), tsOf(args[1])))), nil
	})
	ts.AddMethod("Equals", 1, 1, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		o, ok := args[1].AsNative().(*timeSpan)
		return vm.Bool(ok && o.ticks == tsOf(args[0])), nil
	})
	ts.AddMethod("GetHashCode", 0, 0, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := tsOf(args[0])
		return vm.Int(int32(n) ^ int32(n>>32)), nil
	})
	ts.AddStatic("op_UnaryNegation", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		n := tsOf(args[0])
		if n == math.MinInt64 {
			return vm.Null, t.Throw("System.OverflowException", "Negating the minimum value of a twos complement number is invalid.")
		}
		return NewTimeSpan(-n), nil
	})
	// TimeSpan * double, double * TimeSpan, TimeSpan / double round to the
	// nearest tick; TimeSpan / TimeSpan is a double.
	// fromDoubleTicks is TimeSpan.IntervalFromDoubleTicks.
	fromDoubleTicks := func(t *vm.Thread, ticks float64) (vm.Value, error) {
		if math.IsNaN(ticks) {
			return vm.Null, t.Throw("System.ArgumentException", "TimeSpan does not accept floating point Not-a-Number values.")
		}
		r := math.Round(ticks)
		if r >= math.MaxInt64 || r < math.MinInt64 {
			return vm.Null, t.Throw("System.OverflowException", "TimeSpan overflowed because the duration is too long.")
		}
		return NewTimeSpan(int64(r)), nil
	}
	// Multiply and Divide are the operators as instance methods.
	ts.AddMethod("Multiply", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return ts.LookupStatic("op_Multiply", 2).Native(t, args)
	})
	ts.AddMethod("Divide", 1, 1, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return ts.LookupStatic("op_Division", 2).Native(t, args)
	})
	ts.AddStatic("op_Multiply", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if _, ok := args[0].AsNative().(*timeSpan); ok {
			return fromDoubleTicks(t, float64(tsOf(args[0]))*vm.AsF64(args[1]))
		}
		return fromDoubleTicks(t, float64(tsOf(args[1]))*vm.AsF64(args[0]))
	})
	ts.AddStatic("op_Division", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		if d, ok := args[1].AsNative().(*timeSpan); ok {
			return vm.Double(float64(tsOf(args[0])) / float64(d.ticks)), nil
		}
		return fromDoubleTicks(t, float64(tsOf(args[0]))/vm.AsF64(args[1]))
	})
	for name, f := range map[string]func(a, b int64) vm.Value{
		"op_LessThan":           func(a, b int64) vm.Value { return vm.Bool(a < b) },
		"op_GreaterThan":        func(a, b int64) vm.Value { return vm.Bool(a > b) },
		"op_LessThanOrEqual":    func(a, b int64) vm.Value { return vm.Bool(a <= b) },
		"op_GreaterThanOrEqual": func(a, b int64) vm.Value { return vm.Bool(a >= b) },
		"op_Equality":           func(a, b int64) vm.Value { return vm.Bool(a == b) },
		"op_Inequality":         func(a, b int64) vm.Value { return vm.Bool(a != b) },
		"Compare":               func(a, b int64) vm.Value { return vm.Int(int32(cmpInt(a, b))) },
	} {
		f := f
		ts.AddStatic(name, 2, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			return f(tsOf(args[0]), tsOf(args[1])), nil
		})
	}

	ts.AddStatic("op_Addition", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return addSpan(t, tsOf(args[0]), tsOf(args[1]))
	})
	ts.AddStatic("op_Subtraction", 2, 2, func(t *vm.Thread, args []vm.Value) (vm.Value, error) {
		return subSpan(t, tsOf(args[0]), tsOf(args[1]))
	})

	sw := tStopwatch
	sw.AddStatic(".ctor", 0, 0, func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.NewNative(tStopwatch, &stopwatch{}), nil
	})
	sw.AddStatic("StartNew", 0, 0, func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.NewNative(tStopwatch, &stopwatch{running: true, start: time.Now()}), nil
	})
	sw.AddStatic("GetTimestamp", 0, 0, func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.Long(int64(time.Since(epoch))), nil
	})
	// GetElapsedTime(start[, end]) converts a timestamp difference (in
	// nanoseconds, the Frequency) to a TimeSpan.
	sw.AddStatic("GetElapsedTime", 1, 2, func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		end := int64(time.Since(epoch))
		if len(args) == 2 {
			end = intBits(args[1])
		}
		return NewTimeSpan((end - intBits(args[0])) / 100), nil
	})
	freq := func(*vm.Thread, []vm.Value) (vm.Value, error) { return vm.Long(1_000_000_000), nil }
	sw.AddStaticProperty("Frequency", freq, nil)
	sw.AddStaticProperty("IsHighResolution", func(*vm.Thread, []vm.Value) (vm.Value, error) { return vm.Bool(true), nil }, nil)
	swOf := func(v vm.Value) *stopwatch { return v.AsNative().(*stopwatch) }
	swAct := func(f func(s *stopwatch)) native {
		return func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
			s := swOf(args[0])
			s.mu.Lock()
			f(s)
			s.mu.Unlock()
			return vm.Null, nil
		}
	}
	sw.AddMethod("Start", 0, 0, swAct(func(s *stopwatch) {
		if !s.running {
			s.running, s.start = true, time.Now()
		}
	}))
	sw.AddMethod("Stop", 0, 0, swAct(func(s *stopwatch) {
		if s.running {
			s.elapsed += time.Since(s.start)
			s.running = false
		}
	}))
	sw.AddMethod("Reset", 0, 0, swAct(func(s *stopwatch) { s.running, s.elapsed = false, 0 }))
	sw.AddMethod("Restart", 0, 0, swAct(func(s *stopwatch) { s.running, s.elapsed, s.start = true, 0, time.Now() }))
	sw.AddProperty("IsRunning", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		s := swOf(args[0])
		s.mu.Lock()
		defer s.mu.Unlock()
		return vm.Bool(s.running), nil
	}, nil)
	sw.AddProperty("ElapsedMilliseconds", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Long(swOf(args[0]).read().Milliseconds()), nil
	}, nil)
	sw.AddProperty("ElapsedTicks", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return vm.Long(int64(swOf(args[0]).read())), nil
	}, nil)
	sw.AddProperty("Elapsed", func(_ *vm.Thread, args []vm.Value) (vm.Value, error) {
		return NewTimeSpan(int64(swOf(args[0]).read() / 100)), nil
	}, nil)
}

// addSpan and subSpan are TimeSpan's + and -: a result past the range
// throws, as .NET checks the sign bits.
func addSpan(t *vm.Thread, a, b int64) (vm.Value, error) {
	r := a + b
	if (a >= 0) == (b >= 0) && (r >= 0) != (a >= 0) {
		return vm.Null, t.Throw("System.OverflowException", "TimeSpan overflowed because the duration is too long.")
	}
	return NewTimeSpan(r), nil
}

func subSpan(t *vm.Thread, a, b int64) (vm.Value, error) {
	r := a - b
	if (a >= 0) != (b >= 0) && (r >= 0) != (a >= 0) {
		return vm.Null, t.Throw("System.OverflowException", "TimeSpan overflowed because the duration is too long.")
	}
	return NewTimeSpan(r), nil
}

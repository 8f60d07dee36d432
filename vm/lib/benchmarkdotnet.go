package lib

import (
	"asyncvm/vm"
)

// The BenchmarkDotNet entry points a benchmark file calls from Main or its
// top-level statements, and the System.Reflection.Assembly they take. Under
// `asyncvm run` they only print a note (to stderr) saying how to run the
// benchmarks; `asyncvm bench` (package benchrun) never runs the entry point
// and drives the benchmark classes itself. They are part of the library so
// that a program compiles the same in every binary.
var (
	tSwitcher = vm.RegisterType(vm.NewLibType("BenchmarkDotNet.Running", "BenchmarkSwitcher", nil))
	tRunner   = vm.RegisterType(vm.NewLibType("BenchmarkDotNet.Running", "BenchmarkRunner", nil))
	tAssembly = vm.RegisterType(vm.NewLibType("System.Reflection", "Assembly", nil))
	tGroupBy  = vm.RegisterType(vm.NewLibType("BenchmarkDotNet.Configs", "BenchmarkLogicalGroupRule", nil))
)

// BenchmarkNote is what `asyncvm run` prints when a program hands control
// to BenchmarkDotNet.
const BenchmarkNote = "asyncvm: this program runs BenchmarkDotNet benchmarks; measure them with `asyncvm bench FILE`\n"

func benchmarkNote(t *vm.Thread) {
	if t != nil && t.M != nil && t.M.Stderr != nil {
		t.M.Stderr.Write([]byte(BenchmarkNote))
	}
}

func init() {
	tAssembly.AddStatic("GetExecutingAssembly", 0, 0, func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.NewNative(tAssembly, "program"), nil
	})
	tAssembly.AddStatic("GetEntryAssembly", 0, 0, func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.NewNative(tAssembly, "program"), nil
	})
	vm.TType.AddProperty("Assembly", func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.NewNative(tAssembly, "program"), nil
	}, nil)

	tSwitcher.AddStatic("FromAssembly", 1, 1, func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.NewNative(tSwitcher, "switcher"), nil
	})
	tSwitcher.AddStatic("FromTypes", 1, 1, func(*vm.Thread, []vm.Value) (vm.Value, error) {
		return vm.NewNative(tSwitcher, "switcher"), nil
	})
	run := func(t *vm.Thread, _ []vm.Value) (vm.Value, error) {
		benchmarkNote(t)
		return vm.Null, nil
	}
	tSwitcher.AddMethod("Run", 0, -1, run)
	tSwitcher.AddMethod("RunAll", 0, -1, run)
	tSwitcher.AddMethod("RunAllJoined", 0, -1, run)
	tRunner.AddStatic("Run", 0, -1, run)

	for _, name := range []string{"ByCategory", "ByMethod", "ByJob", "ByParams", "ByType"} {
		tGroupBy.AddStaticProperty(name, func(*vm.Thread, []vm.Value) (vm.Value, error) {
			return vm.String(name), nil
		}, nil)
	}
}

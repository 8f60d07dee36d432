package peers

import (
	"errors"
	"fmt"

	"github.com/dop251/goja"
	lua "github.com/yuin/gopher-lua"
)

// Runner runs one workload again and again on one interpreter instance.
type Runner interface {
	// Run calls the workload's run() once and returns its result as text.
	Run() (string, error)
	// Close releases the interpreter.
	Close()
}

// Engine is a peer interpreter that can load a workload.
type Engine struct {
	Name string
	// Source picks this engine's version of a workload; "" means none.
	Source func(w Workload) string
	// New loads the workload's source once, defining run().
	New func(w Workload) (Runner, error)
}

// Engines lists the peer interpreters in the order they are reported.
var Engines = []Engine{
	{Name: "gopherlua", Source: func(w Workload) string { return w.Lua }, New: newLua},
	{Name: "goja", Source: func(w Workload) string { return w.JS }, New: newGoja},
}

type luaRunner struct {
	state *lua.LState
	run   lua.LValue
}

func newLua(w Workload) (Runner, error) {
	if w.Lua == "" {
		return nil, fmt.Errorf("%s: no Lua version", w.Name)
	}
	state := lua.NewState()
	if err := state.DoString(w.Lua); err != nil {
		state.Close()
		return nil, fmt.Errorf("%s: load Lua: %w", w.Name, err)
	}
	run := state.GetGlobal("run")
	if run.Type() != lua.LTFunction {
		state.Close()
		return nil, fmt.Errorf("%s: Lua source defines no run()", w.Name)
	}
	return &luaRunner{state: state, run: run}, nil
}

func (r *luaRunner) Run() (string, error) {
	if err := r.state.CallByParam(lua.P{Fn: r.run, NRet: 1, Protect: true}); err != nil {
		return "", err
	}
	v := r.state.Get(-1)
	r.state.Pop(1)
	return v.String(), nil
}

func (r *luaRunner) Close() { r.state.Close() }

type gojaRunner struct {
	async bool
	run   goja.Callable
}

func newGoja(w Workload) (Runner, error) {
	if w.JS == "" {
		return nil, fmt.Errorf("%s: no JavaScript version", w.Name)
	}
	vm := goja.New()
	if _, err := vm.RunString(w.JS); err != nil {
		return nil, fmt.Errorf("%s: load JavaScript: %w", w.Name, err)
	}
	run, ok := goja.AssertFunction(vm.Get("run"))
	if !ok {
		return nil, fmt.Errorf("%s: JavaScript source defines no run()", w.Name)
	}
	return &gojaRunner{async: w.JSAsync, run: run}, nil
}

// Run calls run(); goja drains its job queue before the call returns, so
// the promise of an async run() is already settled here.
func (r *gojaRunner) Run() (string, error) {
	v, err := r.run(goja.Undefined())
	if err != nil {
		return "", err
	}
	if !r.async {
		return v.String(), nil
	}
	p, ok := v.Export().(*goja.Promise)
	if !ok {
		return "", errors.New("async run() did not return a promise")
	}
	switch p.State() {
	case goja.PromiseStateFulfilled:
		return p.Result().String(), nil
	case goja.PromiseStateRejected:
		return "", fmt.Errorf("promise rejected: %v", p.Result())
	default:
		return "", errors.New("promise still pending after the job queue drained")
	}
}

func (r *gojaRunner) Close() {}

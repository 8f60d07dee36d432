package vm

import "sync"

// The library registers its types here (from init functions of vm/lib), and
// the compiler resolves names like Console or List<T> against the registry.
var (
	builtinMu  sync.RWMutex
	builtins   = map[string]*Type{} // by full name without generic arity: "System.Collections.Generic.List"
	extensions = map[string][]*Func{}
)

// RegisterType adds a library type under its full name (without the generic
// arity suffix). Registering a name twice returns the existing type, so
// several files may add members to one type.
func RegisterType(t *Type) *Type {
	builtinMu.Lock()
	defer builtinMu.Unlock()
	key := t.Namespace + "." + stripArity(t.Name)
	if old, ok := builtins[key]; ok {
		return old
	}
	builtins[key] = t
	if full := t.Namespace + "." + t.Name; full != key {
		builtins[full] = t // also by metadata name: "System.Collections.Generic.IList`1"
	}
	return t
}

// RegisterMetadataName makes library type t found by its metadata name
// (System.Threading.Tasks.Task`1) where another type holds its C# name
// (Task): `is Task<string>` then tests the construction.
func RegisterMetadataName(t *Type) {
	builtinMu.Lock()
	defer builtinMu.Unlock()
	builtins[t.Namespace+"."+t.Name] = t
}

// Builtin returns a registered library type by full name ("System.Console",
// "System.Collections.Generic.List"), or nil.
func Builtin(fullName string) *Type {
	builtinMu.RLock()
	defer builtinMu.RUnlock()
	return builtins[fullName]
}

// Builtins returns every registered library type.
func Builtins() []*Type {
	builtinMu.RLock()
	defer builtinMu.RUnlock()
	ts := make([]*Type, 0, len(builtins))
	for key, t := range builtins {
		if key == t.Namespace+"."+stripArity(t.Name) {
			ts = append(ts, t)
		}
	}
	return ts
}

// RegisterExtension adds a library extension method (LINQ's Select, ...),
// callable as recv.Name(args); the native receives the receiver first.
// minArgs/maxArgs count the receiver; maxArgs < 0 means variadic.
func RegisterExtension(name string, minArgs, maxArgs int, fn NativeFn) *Func {
	builtinMu.Lock()
	defer builtinMu.Unlock()
	f := NativeFunc(name, minArgs, maxArgs, false, fn)
	extensions[name] = append(extensions[name], f)
	return f
}

// LibraryExtensions returns the registered extension methods by name.
func LibraryExtensions() map[string][]*Func {
	builtinMu.RLock()
	defer builtinMu.RUnlock()
	m := make(map[string][]*Func, len(extensions))
	for k, v := range extensions {
		m[k] = v
	}
	return m
}

// libraryExtension returns the registered extension method name (the
// first registered, whose native takes every argument count the name has)
// as a method of its receiver (HasThis, so a delegate bound to the
// receiver passes it first), or nil. The copies are made once per name.
func libraryExtension(name string) *Func {
	if f, ok := extensionMethods.Load(name); ok {
		return f.(*Func)
	}
	builtinMu.RLock()
	fs := extensions[name]
	builtinMu.RUnlock()
	if len(fs) == 0 {
		return nil
	}
	m := *fs[0]
	m.HasThis = true
	f, _ := extensionMethods.LoadOrStore(name, &m)
	return f.(*Func)
}

// extensionMethods caches libraryExtension's copies, by name.
var extensionMethods sync.Map

func stripArity(name string) string {
	for i := 0; i < len(name); i++ {
		if name[i] == '`' {
			j := i + 1
			for j < len(name) && name[j] >= '0' && name[j] <= '9' {
				j++
			}
			return name[:i] + stripArity(name[j:]) // Dictionary`2+KeyCollection: Dictionary+KeyCollection
		}
	}
	return name
}

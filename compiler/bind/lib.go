package bind

import (
	"sync"

	"asyncvm/lang"
)

//go:generate go run asyncvm/internal/astgen -in library.cs -out library_ast.go -pkg bind -func libraryAST -name <library> -posfile LibraryFile -pos lp

// LibraryFile is the file name the library tables' positions carry.
const LibraryFile = "<library>"

var (
	libOnce sync.Once
	libFile *lang.File
)

// libraryFile returns the library tables (library.cs) as a syntax tree,
// built once; the result is shared and only read.
func libraryFile() *lang.File {
	libOnce.Do(func() { libFile = libraryAST() })
	return libFile
}

var (
	libDelegatesOnce sync.Once
	libDelegates     map[string]string
)

// IsLibraryDelegate reports whether name (simple or namespace-qualified,
// without type arguments) is a delegate type the library tables declare:
// Action, Func, EventHandler, ThreadStart...
func IsLibraryDelegate(name string) bool { return LibraryDelegateNamespace(name) != "" }

// LibraryDelegateNamespace is the namespace of library delegate type name
// (System for Func), or "" when name is not one.
func LibraryDelegateNamespace(name string) string {
	libDelegatesOnce.Do(func() {
		libDelegates = map[string]string{}
		for _, td := range libraryFile().Types {
			if td.Kind == lang.KindDelegate {
				libDelegates[td.Name] = td.Namespace
				libDelegates[td.Namespace+"."+td.Name] = td.Namespace
			}
		}
	})
	return libDelegates[name]
}

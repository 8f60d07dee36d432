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
	libDelegates     map[string]bool
)

// IsLibraryDelegate reports whether name (simple or namespace-qualified,
// without type arguments) is a delegate type the library tables declare:
// Action, Func, EventHandler, ThreadStart...
func IsLibraryDelegate(name string) bool {
	libDelegatesOnce.Do(func() {
		libDelegates = map[string]bool{}
		for _, td := range libraryFile().Types {
			if td.Kind == lang.KindDelegate {
				libDelegates[td.Name] = true
				libDelegates[td.Namespace+"."+td.Name] = true
			}
		}
	})
	return libDelegates[name]
}

package sm

import (
	"strings"

	"asyncvm/lang"
)

// Print prints a lowered file as C#-like source: the whole file, or, when
// method is not empty, the stub and state machine of each lowered function
// of that name (a lambda is shown inside the method that contains it). ok
// is false when there is no such function.
func Print(f *lang.File, method string) (text string, ok bool) {
	if method == "" {
		return lang.Print(f), true
	}
	return lowered(f, method)
}

// lowered prints the members of f produced for the async function named
// method.
func lowered(f *lang.File, method string) (string, bool) {
	var b strings.Builder
	found := false
	sep := func() {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
	}
	var visit func(td *lang.TypeDecl)
	visit = func(td *lang.TypeDecl) {
		for _, m := range td.Members {
			switch m := m.(type) {
			case *lang.TypeDecl:
				if strings.HasPrefix(m.Name, "<"+method+">d__") {
					sep()
					b.WriteString(lang.Print(m))
					b.WriteString("\n")
					found = true
					continue
				}
				visit(m)
			case *lang.MethodDecl:
				if m.Name == method {
					sep()
					b.WriteString(lang.Print(m))
					b.WriteString("\n")
					found = true
				}
			}
		}
	}
	for _, td := range f.Types {
		visit(td)
	}
	return b.String(), found
}

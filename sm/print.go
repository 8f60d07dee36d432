package sm

import (
	"fmt"
	"io"
	"strings"

	"asyncvm/lang"
)

// PrintLowered parses a program, lowers it as mode would, and prints the
// result as C#-like source: the whole program, or, when method is not
// empty, the stub and state machine of each lowered function of that name
// (a lambda is shown inside the method that contains it). It returns the
// CLI exit status.
func PrintLowered(filename string, src []byte, mode string, method string, stdout, stderr io.Writer) int {
	if mode == "" {
		mode = "sm"
	}
	f, diags := lang.Parse(filename, src)
	if len(diags) == 0 {
		diags = Lower([]*lang.File{f}, mode, nil, nil)
	}
	if len(diags) > 0 {
		for _, d := range diags {
			s := lang.FormatDiagnostic(d, src)
			io.WriteString(stderr, s)
			if !strings.HasSuffix(s, "\n") {
				io.WriteString(stderr, "\n")
			}
		}
		return 2
	}
	if method == "" {
		io.WriteString(stdout, lang.Print(f))
		return 0
	}
	text, ok := lowered(f, method)
	if !ok {
		fmt.Fprintf(stderr, "asyncvm: no async method named %q\n", method)
		return 2
	}
	io.WriteString(stdout, text)
	return 0
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

package benchrun

import (
	"path"
	"strconv"
	"strings"

	"asyncvm/lang"
)

// Benchmark is one [Benchmark] method, as declared in the source.
type Benchmark struct {
	Namespace string
	Class     string
	Method    string
	Category  string // the first [BenchmarkCategory] name, or ""
	Baseline  bool   // [Benchmark(Baseline = true)]
	Async     bool   // declared async, or returning Task/ValueTask: awaited each op
	// OpsPerInvoke is [Benchmark(OperationsPerInvoke = N)]: how many
	// operations one call performs (1 when absent).
	OpsPerInvoke int
	Description  string // [Benchmark(Description = "...")]
	Pos          lang.Pos
}

// Name is Class.Method.
func (b *Benchmark) Name() string { return b.Class + "." + b.Method }

// Class is a benchmark class: its benchmarks and [GlobalSetup] and
// [GlobalCleanup] methods.
type Class struct {
	Namespace string
	Name      string
	Setup     string // [GlobalSetup] method name, or ""
	Cleanup   string // [GlobalCleanup] method name, or ""
	// IterationSetup runs before each measured iteration (outside the timer).
	IterationSetup string
	Benchmarks     []*Benchmark
}

// attrName normalises an attribute name: the last dotted part without an
// "Attribute" suffix.
func attrName(a *lang.Attribute) string {
	n := a.Name
	if i := strings.LastIndex(n, "."); i >= 0 {
		n = n[i+1:]
	}
	if n != "Attribute" {
		n = strings.TrimSuffix(n, "Attribute")
	}
	return n
}

// attrArg returns a named attribute argument (`Baseline = true` or
// `Baseline: true`).
func attrArg(a *lang.Attribute, name string) (lang.Expr, bool) {
	for _, arg := range a.Args {
		if arg.Name == name {
			return arg.X, true
		}
		if as, ok := arg.X.(*lang.AssignExpr); ok {
			if id, ok := as.Left.(*lang.Ident); ok && id.Name == name {
				return as.Right, true
			}
		}
	}
	return nil, false
}

// positional returns the attribute's positional arguments.
func positional(a *lang.Attribute) []lang.Expr {
	var out []lang.Expr
	for _, arg := range a.Args {
		if arg.Name != "" {
			continue
		}
		if as, ok := arg.X.(*lang.AssignExpr); ok {
			if _, ok := as.Left.(*lang.Ident); ok {
				continue
			}
		}
		out = append(out, arg.X)
	}
	return out
}

func litBool(e lang.Expr) bool {
	l, ok := e.(*lang.Literal)
	if !ok {
		return false
	}
	b, _ := l.Value.(bool)
	return b || l.Raw == "true"
}

func litString(e lang.Expr) string {
	l, ok := e.(*lang.Literal)
	if !ok {
		return ""
	}
	if s, ok := l.Value.(string); ok {
		return s
	}
	return l.Raw
}

// litInt reads an integer literal, or the name of an integer constant of
// the class (consts maps names to their initialisers).
func litInt(e lang.Expr, consts map[string]lang.Expr) int {
	if id, ok := e.(*lang.Ident); ok {
		if x, ok := consts[id.Name]; ok {
			delete(consts, id.Name) // no cycles
			n := litInt(x, consts)
			consts[id.Name] = x
			return n
		}
		return 0
	}
	l, ok := e.(*lang.Literal)
	if !ok {
		return 0
	}
	switch v := l.Value.(type) {
	case int:
		return v
	case int32:
		return int(v)
	case int64:
		return int(v)
	case uint64:
		return int(v)
	case uint32:
		return int(v)
	}
	n, _ := strconv.Atoi(strings.ReplaceAll(l.Raw, "_", ""))
	return n
}

// Discover lists the benchmark classes of a parsed file: every class with at
// least one [Benchmark] method, nested classes included, in source order.
func Discover(f *lang.File) []*Class {
	var out []*Class
	var walk func(td *lang.TypeDecl, outer string)
	walk = func(td *lang.TypeDecl, outer string) {
		if td.Kind != lang.KindClass {
			return
		}
		name := td.Name
		if outer != "" {
			name = outer + "." + td.Name
		}
		cls := &Class{Namespace: td.Namespace, Name: name}
		consts := map[string]lang.Expr{}
		for _, mem := range td.Members {
			if fd, ok := mem.(*lang.FieldDecl); ok && fd.Modifiers&lang.ModConst != 0 {
				for _, d := range fd.Decls {
					if d.Init != nil {
						consts[d.Name] = d.Init
					}
				}
			}
		}
		classCategory := ""
		for _, a := range td.Attributes {
			if attrName(a) == "BenchmarkCategory" {
				if ps := positional(a); len(ps) > 0 {
					classCategory = litString(ps[0])
				}
			}
		}
		for _, mem := range td.Members {
			switch m := mem.(type) {
			case *lang.TypeDecl:
				walk(m, name)
			case *lang.MethodDecl:
				var bm *Benchmark
				category := classCategory
				for _, a := range m.Attributes {
					switch attrName(a) {
					case "Benchmark":
						bm = &Benchmark{Namespace: td.Namespace, Class: name, Method: m.Name, OpsPerInvoke: 1, Pos: m.Pos}
						if x, ok := attrArg(a, "Baseline"); ok {
							bm.Baseline = litBool(x)
						}
						if x, ok := attrArg(a, "OperationsPerInvoke"); ok {
							if n := litInt(x, consts); n > 0 {
								bm.OpsPerInvoke = n
							}
						}
						if x, ok := attrArg(a, "Description"); ok {
							bm.Description = litString(x)
						}
					case "BenchmarkCategory":
						if ps := positional(a); len(ps) > 0 {
							category = litString(ps[0])
						}
					case "GlobalSetup":
						cls.Setup = m.Name
					case "GlobalCleanup":
						cls.Cleanup = m.Name
					case "IterationSetup":
						cls.IterationSetup = m.Name
					}
				}
				if bm == nil {
					continue
				}
				bm.Category = category
				bm.Async = m.Modifiers&lang.ModAsync != 0
				if rt := m.ReturnType; rt != nil {
					switch rt.Name {
					case "Task", "ValueTask", "System.Threading.Tasks.Task", "System.Threading.Tasks.ValueTask":
						bm.Async = true
					}
				}
				cls.Benchmarks = append(cls.Benchmarks, bm)
			}
		}
		if len(cls.Benchmarks) > 0 {
			out = append(out, cls)
		}
	}
	for _, td := range f.Types {
		walk(td, "")
	}
	return out
}

// Match reports whether a benchmark is selected by a glob (path.Match syntax)
// over "Class.Method", "Class/Method", the method name alone or the
// category. An empty glob selects everything.
func Match(glob string, b *Benchmark) bool {
	if glob == "" {
		return true
	}
	for _, s := range []string{b.Class + "." + b.Method, b.Class + "/" + b.Method, b.Method, b.Class, b.Category} {
		if ok, _ := path.Match(glob, s); ok {
			return true
		}
		if ok, _ := path.Match("*"+glob+"*", s); ok && !strings.ContainsAny(glob, "*?[") {
			return true
		}
	}
	return false
}

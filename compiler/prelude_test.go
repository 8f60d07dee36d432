package compiler

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"asyncvm/compiler/bind"
	"asyncvm/lang"
)

// TestPreludeAST checks that the embedded prelude tree is prelude.cs's.
func TestPreludeAST(t *testing.T) {
	f, diags := lang.Parse(PreludeFile, preludeSrc)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if diff := cmp.Diff(f, preludeAST()); diff != "" {
		t.Fatalf("prelude_ast.go is stale; run `go generate ./compiler`:\n%s", diff)
	}
}

// TestPreludeOnDemandClosed checks what leaving out a part of
// preludeOnDemand relies on: no other prelude type and no library table
// names one of its types or its namespace.
func TestPreludeOnDemandClosed(t *testing.T) {
	pre := preludeAST()
	lib, diags := lang.Parse("library.cs", mustRead(t, "bind/library.cs"))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	others := &lang.File{}
	for _, td := range pre.Types {
		if _, ok := onDemandPart(td); !ok {
			others.Types = append(others.Types, td)
		}
	}
	names := programNames([]*lang.File{others})
	libNames := programNames([]*lang.File{{Types: lib.Types}})
	for _, p := range preludeOnDemand {
		// The library tables may name the span part: the binder leaves
		// out a library overload with a span parameter when the part is
		// not compiled in (bind's libOmitted).
		spans := len(p.types) > 0 && p.types[0] == "Span"
		if p.namedIn(names, pre) || !spans && p.namedIn(libNames, pre) {
			t.Errorf("the prelude part %+v is named outside itself", p)
		}
		n := 0
		for _, td := range pre.Types {
			if p.holds(td) {
				n++
			}
		}
		if n == 0 {
			t.Errorf("the prelude part %+v holds no type", p)
		}
	}
}

// TestPreludeFor checks which parts a program gets.
func TestPreludeFor(t *testing.T) {
	has := func(src, name string) bool {
		f, diags := lang.Parse("p.cs", []byte(src))
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		for _, td := range preludeFor([]*lang.File{f}).Types {
			if td.Name == name {
				return true
			}
		}
		return false
	}
	for _, c := range []struct {
		src, name string
		want      bool
	}{
		{`System.Console.WriteLine(1);`, "Exception", true},
		{`System.Console.WriteLine(1);`, "Channel", false},
		{`System.Console.WriteLine(1);`, "Progress", false},
		{"using System.Threading.Channels;\nSystem.Console.WriteLine(1);", "Channel", true},
		{"using System.Threading.Channels;\nSystem.Console.WriteLine(1);", "ChannelClosedException", true},
		{`var c = System.Threading.Channels.Channel.CreateUnbounded<int>();`, "ChannelWriter", true},
		{`IProgress<int> p = null;`, "Progress", true},
		{`var p = new Progress<int>(x => {});`, "IProgress", true},
		{`System.Console.WriteLine(1);`, "INumber", false},
		{"using System.Numerics;\nSystem.Console.WriteLine(1);", "INumber", true},
		{"using System.Numerics;\nSystem.Console.WriteLine(1);", "IParsable", true},
		{`static T P<T>(string s) where T : IParsable<T> => T.Parse(s, null);`, "IBinaryInteger", true},
		{`System.Console.WriteLine(int.CreateChecked(2.5));`, "INumberBase", true},
	} {
		if got := has(c.src, c.name); got != c.want {
			t.Errorf("%q: prelude has %s = %v, want %v", c.src, c.name, got, c.want)
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPreludeBinds binds the whole prelude, the parts compiled only on
// demand included, with a program that names none of it: its bodies go
// through the binder as a program's do, so a type error in prelude.cs
// (which every program would report at a <prelude> position) fails here.
func TestPreludeBinds(t *testing.T) {
	f, ds := lang.Parse("p.cs", []byte("class P { static void Main() {} }"))
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	if _, diags := bind.Bind(preludeAST(), []*lang.File{f}); len(diags) > 0 {
		t.Errorf("the prelude does not bind:\n%v", diags)
	}
}

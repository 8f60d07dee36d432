package driver

import (
	"bytes"
	"fmt"
	"testing"
)

// The cost of a struct field write (docs/design.md, "Values"): a write to
// a field of a struct local builds a copy of the struct (WITHFIELD), where
// a class field write stores in place (SETFIELD). Each benchmark runs one
// program whose loop does structLoop writes of a two-field value.

const structLoop = 1000000

const fieldWriteSrc = `
using System;
struct PS { public int X; public int Y; }
class PC { public int X; public int Y; }
class Program
{
    static void Main()
    {
        %s
        for (int i = 0; i < %d; i++)
            p.X = p.X + i;
        Console.WriteLine(p.X);
    }
}`

func benchFieldWrite(b *testing.B, decl string) {
	src := []byte(fmt.Sprintf(fieldWriteSrc, decl, structLoop))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var out, errs bytes.Buffer
		if Run(Options{Filename: "fields.async", Source: src, Stdout: &out, Stderr: &errs}) != 0 {
			b.Fatalf("run failed: %s", errs.String())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/structLoop, "ns/write")
}

func BenchmarkStructFieldWrite(b *testing.B) { benchFieldWrite(b, "var p = new PS();") }

func BenchmarkClassFieldWrite(b *testing.B) { benchFieldWrite(b, "var p = new PC();") }

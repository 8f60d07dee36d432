package driver

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestDisasmGolden disassembles each program in testdata/disasm and compares
// it with the .golden file beside it (go test ./driver -update rewrites
// them; review the diff). The programs call no library method, so that the
// golden files do not depend on the library's function numbering.
func TestDisasmGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/disasm/*.async")
	if len(files) == 0 {
		t.Fatal("no golden programs")
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".async")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var out, errs bytes.Buffer
			if code := Disasm(Options{Filename: filepath.Base(path), Source: src, Stdout: &out, Stderr: &errs}, "", false); code != 0 {
				t.Fatalf("exit %d: %s", code, errs.String())
			}
			golden := strings.TrimSuffix(path, ".async") + ".golden"
			if *update {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./driver -run TestDisasmGolden -update)", err)
			}
			if diff := cmp.Diff(string(want), out.String()); diff != "" {
				t.Errorf("disassembly changed (-want +got):\n%s", diff)
			}
		})
	}
}

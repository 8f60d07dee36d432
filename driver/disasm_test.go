package driver

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"asyncvm/internal/golden"
)

// TestDisasmGolden disassembles each program in testdata/disasm and compares
// it with the .golden file beside it (go test ./driver -update rewrites
// them; review the diff). The programs call no library method, so that the
// golden files do not depend on the library's function numbering.
func TestDisasmGolden(t *testing.T) {
	golden.Check(t, "testdata/disasm/*.async", func(path string, src []byte) (string, error) {
		var out, errs bytes.Buffer
		if code := Disasm(Options{Filename: filepath.Base(path), Source: src, Stdout: &out, Stderr: &errs}, "", false); code != 0 {
			return "", fmt.Errorf("exit %d: %s", code, errs.String())
		}
		return out.String(), nil
	})
}

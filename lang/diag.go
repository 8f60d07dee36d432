package lang

import (
	"bytes"
	"strings"
)

// Diagnostic is a positioned error message.
type Diagnostic struct {
	Pos Pos
	Msg string
	// Incomplete says the problem is only that the input ended too early
	// (a REPL reads another line instead of reporting it).
	Incomplete bool
}

// Error renders the diagnostic as "file:line:col: message".
func (d Diagnostic) Error() string { return d.Pos.String() + ": " + d.Msg }

// Diagnostics is a list of diagnostics; a non-empty list is an error.
type Diagnostics []Diagnostic

// Error renders all diagnostics, one per line.
func (ds Diagnostics) Error() string {
	var b strings.Builder
	for i, d := range ds {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.Error())
	}
	return b.String()
}

// Err returns ds as an error, or nil when ds is empty.
func (ds Diagnostics) Err() error {
	if len(ds) == 0 {
		return nil
	}
	return ds
}

// FormatDiagnostic renders d as `file:line:col: message`, then the source
// line and a caret under the column. Tabs in the source line are kept in the
// caret line so the caret lines up in a terminal.
func FormatDiagnostic(d Diagnostic, src []byte) string {
	var b strings.Builder
	b.WriteString(d.Error())
	b.WriteByte('\n')
	line, ok := sourceLine(src, d.Pos.TextLine())
	if !ok {
		return b.String()
	}
	b.WriteString(line)
	b.WriteByte('\n')
	col := d.Pos.Col - 1
	if col > len(line) {
		col = len(line)
	}
	for i := 0; i < col; i++ {
		if line[i] == '\t' {
			b.WriteByte('\t')
		} else if line[i]&0xC0 != 0x80 {
			b.WriteByte(' ')
		}
	}
	b.WriteString("^\n")
	return b.String()
}

// sourceLine returns line n (1-based) of src without its line terminator.
func sourceLine(src []byte, n int) (string, bool) {
	if n < 1 {
		return "", false
	}
	start := 0
	for l := 1; l < n; l++ {
		i := bytes.IndexByte(src[start:], '\n')
		if i < 0 {
			return "", false
		}
		start += i + 1
	}
	end := start
	for end < len(src) && src[end] != '\n' {
		end++
	}
	s := string(src[start:end])
	return strings.TrimSuffix(s, "\r"), true
}

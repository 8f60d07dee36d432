package race

import "regexp"

// racyRE finds a "// racy: reason" line: the program's threads race on a
// variable by design, as .NET allows (a plain read of a field that other
// threads change with Interlocked, the documentation's CompareExchange
// loop). The VM keeps such a program safe (a racing read sees a stale or
// torn value, never a broken one; docs/design.md, "Torn reads are safe"),
// but the race detector reports the program's race as one in the VM, so
// tests run under it leave these programs out.
var racyRE = regexp.MustCompile(`(?m)^[ \t]*//[ \t]*racy:[ \t]*\S`)

// Racy reports whether a program declares with a "// racy: reason" line
// that it races on purpose.
func Racy(src []byte) bool { return racyRE.Match(src) }

// Skip reports whether a test run should leave the program out: it races
// on purpose and the race detector is on.
func Skip(src []byte) bool { return Enabled && Racy(src) }

// Package examples holds the example programs (*.async) that README and the
// playground point to. FS embeds them so `asyncvm serve` can offer them
// without the source tree at hand.
package examples

import "embed"

// FS holds every example program, at its file name (hello.async, ...).
//
//go:embed *.async
var FS embed.FS

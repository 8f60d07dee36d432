package cli

import (
	"flag"

	"asyncvm/driver"
)

// limits are the resource-limit flags every command that runs programs
// takes (docs/limits.md); zero means none.
type limits struct {
	heap    int64
	threads int
	output  int64
}

func (l *limits) register(fs *flag.FlagSet) {
	fs.Var(driver.SizeFlag(&l.heap), "max-heap", "live program objects beyond this size (e.g. 512MB) throw OutOfMemoryException")
	fs.IntVar(&l.threads, "max-threads", 0, "threads alive at once; Thread.Start beyond throws OutOfMemoryException")
	fs.Var(driver.SizeFlag(&l.output), "max-output", "output beyond this size is cut and the program stopped")
}

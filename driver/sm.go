package driver

import "asyncvm/sm"

// The sm rewrite and its printer. LoweredPrinter takes driver.Options, which
// package sm cannot import without a cycle, so it is adapted here.
func init() {
	Lowering = sm.Lower
	LoweredPrinter = func(opts Options, method string) int {
		return sm.PrintLowered(opts.Filename, opts.Source, opts.Mode, method, opts.Stdout, opts.Stderr)
	}
}

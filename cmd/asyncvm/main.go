// Command asyncvm runs, checks and disassembles programs written in
// asyncvm's C# subset. See `asyncvm help`.
package main

import (
	"os"

	"asyncvm/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

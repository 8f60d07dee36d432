package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"

	"asyncvm/driver"
	"asyncvm/playground"
)

var serveHelp = func() string {
	l := driver.PlaygroundLimits()
	return fmt.Sprintf(`asyncvm serve [--addr 127.0.0.1:8080] [--timeout D] [--max-steps N] [--max-heap SIZE] [--max-threads N] [--max-output SIZE] [--jobs N]

Starts the web playground: an editor with the example programs that runs a
program in rt and sm side by side (output, exit status, time, --stats
counters as bars) and shows the lowered state machines and the bytecode.
Everything is served from this process; open the address it prints.
  --addr A           address to listen on (default 127.0.0.1:8080, loopback only)
  --timeout D        wall time per run and model (default %v)
  --max-steps N      instructions per VM thread per run (default %d)
  --max-heap SIZE    live objects per run (default %s); OutOfMemoryException beyond
  --max-threads N    threads alive at once per run (default %d)
  --max-output SIZE  output per run (default %s); the program is stopped beyond
  --jobs N           requests that run at once (default: the number of CPUs)
Programs run sandboxed: no files, no network, no environment variables.
Stop the server with Ctrl+C. docs/playground.md describes the page and its API.
`, l.Timeout, l.MaxSteps, driver.FormatSize(l.MaxHeap), l.MaxThreads, driver.FormatSize(l.MaxOutput))
}()

func serve(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { io.WriteString(stderr, serveHelp) }
	var cfg playground.Config
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	fs.DurationVar(&cfg.Timeout, "timeout", 0, "wall time per run and model")
	fs.Int64Var(&cfg.MaxSteps, "max-steps", 0, "instructions per VM thread per run")
	fs.Var(driver.SizeFlag(&cfg.MaxHeap), "max-heap", "live objects per run")
	fs.IntVar(&cfg.MaxThreads, "max-threads", 0, "threads alive at once per run")
	fs.Var(driver.SizeFlag(&cfg.MaxOutput), "max-output", "output per run")
	fs.IntVar(&cfg.Jobs, "jobs", 0, "requests that run at once (0: the number of CPUs)")
	if err := fs.Parse(args); err != nil {
		return driver.ExitCompile
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "asyncvm serve: unexpected argument %q\n", fs.Arg(0))
		return driver.ExitCompile
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := playground.ListenAndServe(ctx, *addr, cfg, func(a net.Addr) {
		fmt.Fprintf(stdout, "asyncvm playground: http://%s/\n", a)
		if tcp, ok := a.(*net.TCPAddr); ok && !tcp.IP.IsLoopback() {
			fmt.Fprintln(stderr, "asyncvm serve: warning: listening beyond loopback; anyone who can reach this address can run programs here")
		}
	})
	if err != nil {
		fmt.Fprintf(stderr, "asyncvm serve: %v\n", err)
		return driver.ExitRuntime
	}
	return driver.ExitOK
}

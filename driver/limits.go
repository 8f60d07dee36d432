package driver

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// PlaygroundLimits returns the limits for programs that users paste into a
// shared process (the web playground): each run is bounded in time, steps,
// memory, threads and output, so one program cannot take the process or
// its neighbours down. docs/limits.md lists them with the defaults of
// every command.
func PlaygroundLimits() Options {
	return Options{
		Timeout:    10 * time.Second,
		MaxSteps:   1_000_000_000,
		MaxHeap:    256 << 20,
		MaxThreads: 32,
		MaxOutput:  1 << 20,
	}
}

// WithLimits returns opts with the limits of l (its Timeout, MaxSteps,
// MaxHeap, MaxThreads and MaxOutput) filled in where opts has none.
func (opts Options) WithLimits(l Options) Options {
	if opts.Timeout == 0 {
		opts.Timeout = l.Timeout
	}
	if opts.MaxSteps == 0 {
		opts.MaxSteps = l.MaxSteps
	}
	if opts.MaxHeap == 0 {
		opts.MaxHeap = l.MaxHeap
	}
	if opts.MaxThreads == 0 {
		opts.MaxThreads = l.MaxThreads
	}
	if opts.MaxOutput == 0 {
		opts.MaxOutput = l.MaxOutput
	}
	return opts
}

// ParseSize reads a byte count as the --max-heap and --max-output flags
// take it: a number with an optional unit B, KB, MB or GB (powers of
// 1024, case-insensitive; KiB, MiB and GiB are accepted too). 0 means no
// limit.
func ParseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("invalid size %q (want a number with an optional unit: 512MB, 64KB, 1GB)", s)
	}
	return n * mult, nil
}

// FormatSize renders a byte count as ParseSize reads it, for :limits.
func FormatSize(n int64) string {
	switch {
	case n == 0:
		return "none"
	case n%(1<<30) == 0:
		return fmt.Sprintf("%dGB", n>>30)
	case n%(1<<20) == 0:
		return fmt.Sprintf("%dMB", n>>20)
	case n%(1<<10) == 0:
		return fmt.Sprintf("%dKB", n>>10)
	}
	return fmt.Sprintf("%dB", n)
}

// sizeFlag is a flag.Value for a byte count.
type sizeFlag struct{ p *int64 }

func (f sizeFlag) String() string {
	if f.p == nil {
		return "0"
	}
	return FormatSize(*f.p)
}

func (f sizeFlag) Set(s string) error {
	n, err := ParseSize(s)
	if err != nil {
		return err
	}
	*f.p = n
	return nil
}

// SizeFlag returns a flag.Value that parses a byte count into *p.
func SizeFlag(p *int64) flag.Value { return sizeFlag{p} }

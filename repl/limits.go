package repl

import (
	"fmt"
	"strconv"

	"asyncvm/driver"
	"asyncvm/vm"
)

// Limits returns the resource limits evaluations run under.
func (s *Session) Limits() vm.Limits { return s.opts.Limits }

// SetLimits changes the resource limits; they apply from the next
// evaluation, and a heap limit counts the objects allocated from then on.
func (s *Session) SetLimits(l vm.Limits) {
	s.opts.Limits = l
	s.applyLimits()
}

// applyLimits gives the session's machine the limits and releases the
// registration of a machine it replaced.
func (s *Session) applyLimits() {
	if s.limited != nil && s.limited != s.m {
		s.limited.ReleaseLimits()
		s.limited = nil
	}
	if s.m != nil {
		s.m.SetLimits(s.opts.Limits)
		s.limited = s.m
	}
}

// limitsCommand runs :limits [heap SIZE] [threads N] [output SIZE].
func (s *Session) limitsCommand(args []string) {
	l := s.opts.Limits
	if len(args)%2 != 0 {
		fmt.Fprintln(s.opts.Stderr, ":limits: want pairs: heap SIZE, threads N, output SIZE (none for no limit)")
		return
	}
	for i := 0; i < len(args); i += 2 {
		name, val := args[i], args[i+1]
		if val == "none" {
			val = "0"
		}
		var err error
		switch name {
		case "heap":
			l.MaxHeap, err = driver.ParseSize(val)
		case "output":
			l.MaxOutput, err = driver.ParseSize(val)
		case "threads":
			l.MaxThreads, err = strconv.Atoi(val)
			if err == nil && l.MaxThreads < 0 {
				err = fmt.Errorf("invalid thread count %q", val)
			}
		default:
			err = fmt.Errorf("unknown limit %q (heap, threads or output)", name)
		}
		if err != nil {
			fmt.Fprintf(s.opts.Stderr, ":limits: %v\n", err)
			return
		}
	}
	if len(args) > 0 {
		s.SetLimits(l)
	}
	threads := "none"
	if l.MaxThreads > 0 {
		threads = strconv.Itoa(l.MaxThreads)
	}
	fmt.Fprintf(s.opts.Stdout, "heap %s, threads %s, output %s\n", driver.FormatSize(l.MaxHeap), threads, driver.FormatSize(l.MaxOutput))
}

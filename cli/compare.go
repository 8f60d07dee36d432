package cli

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"asyncvm/driver"
	"asyncvm/vm"
)

const compareHelp = `asyncvm compare [--mode sm,rt] [--runs N] [--json] [--ignore-output] [--timeout D] FILE [ARGS...]

Runs FILE in each mode: a warm-up run, then N measured runs, each in a fresh VM.
Both modes must print the same output, end with the same exit status and
raise the same unhandled exception; if not, prints a unified diff (sm first)
and exits 1. Otherwise prints one table: per mode the median, min and max of
the wall time, heap bytes and allocations, GC cycles and the --stats counters,
with the sm/rt ratio of the medians.
  --mode           modes, comma separated (default sm,rt)
  --runs           measured runs per mode (default 5)
  --json           print the table as one JSON object
  --ignore-output  do not compare standard output (for programs printing timings)
  --timeout        stop a run after the duration
  --max-heap SIZE, --max-threads N, --max-output SIZE
                   resource limits of each run (docs/limits.md)
`

func init() { help["compare"] = compareHelp }

// compareSource lets tests give each mode a different program.
var compareSource = func(mode string, src []byte) []byte { return src }

// metricNames are the compared figures, in table order.
var metricNames = []string{"wall_ns", "heap_bytes", "heap_allocs", "gc_cycles", "instructions", "calls",
	"async_calls", "suspensions", "continuations", "tasks", "state_machine_boxes", "ec_captures",
	"ec_restores", "pool_items"}

// Summary is the median, min and max of one figure over the measured runs.
type Summary struct {
	Median float64 `json:"median"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
}

// CompareReport is what `asyncvm compare --json` prints.
type CompareReport struct {
	File       string                        `json:"file"`
	Runs       int                           `json:"runs"`
	SameOutput bool                          `json:"same_output"`
	ExitCode   int                           `json:"exit_code"`
	Modes      map[string]map[string]Summary `json:"modes"`
	// Ratio is sm/rt of the medians, per figure (absent when a median of
	// rt is 0 or a mode was not run).
	Ratio map[string]float64 `json:"ratio,omitempty"`
	Diff  string             `json:"diff,omitempty"`
}

// runOutcome is what one run printed and measured.
type runOutcome struct {
	transcript string
	code       int
	figures    map[string]float64
}

func compare(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mode := fs.String("mode", "sm,rt", "modes, comma separated")
	runs := fs.Int("runs", 5, "measured runs per mode")
	asJSON := fs.Bool("json", false, "print JSON")
	ignore := fs.Bool("ignore-output", false, "do not compare standard output")
	timeout := fs.Duration("timeout", 0, "stop a run after this long")
	var lim limits
	lim.register(fs)
	if err := fs.Parse(args); err != nil {
		return driver.ExitCompile
	}
	modes, ok := parseModes(*mode, stderr)
	if !ok {
		return driver.ExitCompile
	}
	if *runs < 1 {
		fmt.Fprintf(stderr, "asyncvm: --runs must be at least 1\n")
		return driver.ExitCompile
	}
	if fs.NArg() < 1 {
		fmt.Fprintf(stderr, "asyncvm compare: missing FILE\n")
		return driver.ExitCompile
	}
	src, path, ok := load(fs.Arg(0), stdin, stderr)
	if !ok {
		return driver.ExitCompile
	}
	rep := CompareReport{File: path, Runs: *runs, SameOutput: true, Modes: map[string]map[string]Summary{}}
	first := map[string]runOutcome{}
	for _, m := range modes {
		opts := driver.Options{Filename: path, Source: compareSource(m, src), Mode: m, Args: fs.Args()[1:],
			Stderr: stderr, Timeout: *timeout, MaxHeap: lim.heap, MaxThreads: lim.threads, MaxOutput: lim.output}
		prog, ok := driver.Build(opts)
		if !ok {
			return driver.ExitCompile
		}
		warm := execOnce(prog, opts, *ignore)
		first[m] = warm
		per := map[string][]float64{}
		for range *runs {
			o := execOnce(prog, opts, *ignore)
			for k, v := range o.figures {
				per[k] = append(per[k], v)
			}
		}
		sums := map[string]Summary{}
		for _, k := range metricNames {
			sums[k] = summarize(per[k])
		}
		rep.Modes[m] = sums
		rep.ExitCode = warm.code
	}
	// Compare every mode with the first.
	for _, m := range modes[1:] {
		a, b := first[modes[0]], first[m]
		if a.transcript != b.transcript {
			rep.SameOutput = false
			rep.Diff += unifiedDiff(modes[0], m, a.transcript, b.transcript)
		}
	}
	if _, ok := rep.Modes["sm"]; ok {
		if rt, ok := rep.Modes["rt"]; ok {
			rep.Ratio = map[string]float64{}
			for _, k := range metricNames {
				if d := rt[k].Median; d != 0 {
					rep.Ratio[k] = rep.Modes["sm"][k].Median / d
				}
			}
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
	} else {
		if !rep.SameOutput {
			io.WriteString(stdout, rep.Diff)
		}
		writeCompareTable(stdout, modes, rep)
	}
	if !rep.SameOutput {
		fmt.Fprintf(stderr, "asyncvm compare: the modes behave differently (diff above)\n")
		return driver.ExitRuntime
	}
	return driver.ExitOK
}

// execOnce runs the program once in a fresh VM and returns its transcript
// (output, exit status, unhandled exception) and its figures.
func execOnce(prog *vm.Program, opts driver.Options, ignoreOutput bool) runOutcome {
	var out, errb bytes.Buffer
	opts.Stdout, opts.Stderr, opts.Stats = &out, &errb, true
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	code := driver.Exec(prog, opts)
	wall := time.Since(start)
	runtime.ReadMemStats(&after)
	errText := errb.String()
	figures := map[string]float64{"wall_ns": float64(wall.Nanoseconds()), "gc_cycles": float64(after.NumGC - before.NumGC)}
	// The stats line is the last line Exec writes.
	trimmed := strings.TrimRight(errText, "\n")
	if i := strings.LastIndexByte(trimmed, '\n'); i >= 0 || strings.HasPrefix(trimmed, "{") {
		line := trimmed[i+1:]
		var s map[string]float64
		if json.Unmarshal([]byte(line), &s) == nil {
			for k, v := range s {
				figures[k] = v
			}
			errText = trimmed[:i+1]
		}
	}
	var tr strings.Builder
	if !ignoreOutput {
		tr.WriteString(out.String())
		if out.Len() > 0 && !strings.HasSuffix(out.String(), "\n") {
			tr.WriteString("\n")
		}
	}
	// Exceptions compare by their first line (type and message); stacks
	// legitimately differ between the models.
	for _, l := range strings.Split(errText, "\n") {
		if strings.HasPrefix(l, "Unhandled exception.") || strings.HasPrefix(l, "asyncvm: ") {
			tr.WriteString("[stderr] " + l + "\n")
		}
	}
	fmt.Fprintf(&tr, "[exit status %d]\n", code)
	return runOutcome{transcript: tr.String(), code: code, figures: figures}
}

func summarize(xs []float64) Summary {
	if len(xs) == 0 {
		return Summary{}
	}
	s := append([]float64{}, xs...)
	sort.Float64s(s)
	med := s[len(s)/2]
	if len(s)%2 == 0 {
		med = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return Summary{Median: med, Min: s[0], Max: s[len(s)-1]}
}

func fmtFigure(name string, x float64) string {
	if name == "wall_ns" {
		return time.Duration(x).Round(time.Microsecond).String()
	}
	if x == math.Trunc(x) {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'f', 1, 64)
}

func writeCompareTable(w io.Writer, modes []string, rep CompareReport) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	hdr := "figure\t"
	for _, m := range modes {
		hdr += m + " median\t" + m + " min\t" + m + " max\t"
	}
	if rep.Ratio != nil {
		hdr += "sm/rt\t"
	}
	fmt.Fprintln(tw, hdr)
	for _, k := range metricNames {
		row := k + "\t"
		for _, m := range modes {
			s := rep.Modes[m][k]
			row += fmtFigure(k, s.Median) + "\t" + fmtFigure(k, s.Min) + "\t" + fmtFigure(k, s.Max) + "\t"
		}
		if rep.Ratio != nil {
			if r, ok := rep.Ratio[k]; ok {
				row += strconv.FormatFloat(r, 'f', 2, 64) + "\t"
			} else {
				row += "-\t"
			}
		}
		fmt.Fprintln(tw, row)
	}
	tw.Flush()
	fmt.Fprintf(w, "%d runs per mode after a warm-up, each in a fresh VM; output identical: %v\n", rep.Runs, rep.SameOutput)
}

// unifiedDiff returns a unified diff (3 lines of context) of two texts.
func unifiedDiff(nameA, nameB, a, b string) string {
	al := strings.SplitAfter(a, "\n")
	bl := strings.SplitAfter(b, "\n")
	if len(al) > 0 && al[len(al)-1] == "" {
		al = al[:len(al)-1]
	}
	if len(bl) > 0 && bl[len(bl)-1] == "" {
		bl = bl[:len(bl)-1]
	}
	ops := diffLines(al, bl)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", nameA, nameB)
	const ctx = 3
	// Group the edit script into hunks.
	i := 0
	for i < len(ops) {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-ctx, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*ctx {
				end = min(end+ctx, len(ops))
				break
			}
			end = run
		}
		aStart, bStart, aN, bN := ops[start].ai, ops[start].bi, 0, 0
		var body strings.Builder
		for _, o := range ops[start:end] {
			line := o.line
			if !strings.HasSuffix(line, "\n") {
				line += "\n\\ No newline at end of file\n"
			}
			body.WriteString(string(o.kind) + line)
			if o.kind != '+' {
				aN++
			}
			if o.kind != '-' {
				bN++
			}
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n", aStart+1, aN, bStart+1, bN)
		out.WriteString(body.String())
		i = end
	}
	return out.String()
}

type diffOp struct {
	kind   byte // ' ', '-', '+'
	line   string
	ai, bi int // positions in a and b before this line
}

// diffLines computes a line edit script by longest common subsequence,
// after trimming the common prefix and suffix; very long differing middles
// are reported as one replacement.
func diffLines(a, b []string) []diffOp {
	var ops []diffOp
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		ops = append(ops, diffOp{' ', a[p], p, p})
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	ma, mb := a[p:len(a)-s], b[p:len(b)-s]
	if len(ma)*len(mb) > 4_000_000 {
		for i, l := range ma {
			ops = append(ops, diffOp{'-', l, p + i, p})
		}
		for j, l := range mb {
			ops = append(ops, diffOp{'+', l, p + len(ma), p + j})
		}
	} else {
		n, m := len(ma), len(mb)
		lcs := make([][]int32, n+1)
		for i := range lcs {
			lcs[i] = make([]int32, m+1)
		}
		for i := n - 1; i >= 0; i-- {
			for j := m - 1; j >= 0; j-- {
				if ma[i] == mb[j] {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		i, j := 0, 0
		for i < n || j < m {
			switch {
			case i < n && j < m && ma[i] == mb[j]:
				ops = append(ops, diffOp{' ', ma[i], p + i, p + j})
				i++
				j++
			case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
				ops = append(ops, diffOp{'-', ma[i], p + i, p + j})
				i++
			default:
				ops = append(ops, diffOp{'+', mb[j], p + i, p + j})
				j++
			}
		}
	}
	for k := 0; k < s; k++ {
		ops = append(ops, diffOp{' ', a[len(a)-s+k], len(a) - s + k, len(b) - s + k})
	}
	return ops
}

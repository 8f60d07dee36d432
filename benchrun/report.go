package benchrun

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"text/tabwriter"
)

// fmtFloat prints a measurement with about three significant digits.
func fmtFloat(x float64) string {
	switch {
	case x == 0:
		return "0"
	case math.Abs(x) >= 100:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case math.Abs(x) >= 10:
		return strconv.FormatFloat(x, 'f', 1, 64)
	case math.Abs(x) >= 1:
		return strconv.FormatFloat(x, 'f', 2, 64)
	}
	return strconv.FormatFloat(x, 'f', 3, 64)
}

// fmtRate prints operations per second with a k/M/G suffix.
func fmtRate(ns float64) string {
	if ns <= 0 {
		return "-"
	}
	r := 1e9 / ns
	switch {
	case r >= 1e9:
		return fmtFloat(r/1e9) + "G"
	case r >= 1e6:
		return fmtFloat(r/1e6) + "M"
	case r >= 1e3:
		return fmtFloat(r/1e3) + "k"
	}
	return fmtFloat(r)
}

func ratio(a, b float64) string {
	if b <= 0 || a < 0 {
		return "-"
	}
	return strconv.FormatFloat(a/b, 'f', 2, 64)
}

// key identifies a benchmark across modes.
type key struct{ class, method string }

// Baseline returns, for each result, the ns/op of the baseline of its class,
// category and mode, if there is one.
func baselines(rs []Result) map[[3]string]float64 {
	m := map[[3]string]float64{}
	for _, r := range rs {
		if r.Baseline {
			m[[3]string{r.Class, r.Category, r.Mode}] = r.NsPerOp
		}
	}
	return m
}

// SmRt returns the sm/rt ratio of ns/op for the benchmark of r, or -1 when
// one of the modes was not measured.
func SmRt(rs []Result, class, method string) float64 {
	var sm, rt float64 = -1, -1
	for _, r := range rs {
		if r.Class == class && r.Method == method {
			switch r.Mode {
			case "sm":
				sm = r.NsPerOp
			case "rt":
				rt = r.NsPerOp
			}
		}
	}
	if sm < 0 || rt <= 0 {
		return -1
	}
	return sm / rt
}

// WriteTable prints the results as an aligned table: one row per benchmark
// and mode, with the ratio to its category's baseline (same mode) and the
// sm/rt ratio of its ns/op.
func WriteTable(w io.Writer, rs []Result) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "Benchmark\tCategory\tMode\tOps\tns/op\tops/s\tB/op\tallocs/op\tRatio\tsm/rt\t")
	base := baselines(rs)
	for _, r := range rs {
		name := r.Class + "." + r.Method
		if r.Baseline {
			name += " *"
		}
		rb := "-"
		if b, ok := base[[3]string{r.Class, r.Category, r.Mode}]; ok {
			rb = ratio(r.NsPerOp, b)
		}
		smrt := "-"
		if x := SmRt(rs, r.Class, r.Method); x >= 0 {
			smrt = strconv.FormatFloat(x, 'f', 2, 64)
		}
		cat := r.Category
		if cat == "" {
			cat = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t\n", name, cat, r.Mode, r.Ops,
			fmtFloat(r.NsPerOp), fmtRate(r.NsPerOp), fmtFloat(r.BytesPerOp), fmtFloat(r.AllocsPerOp), rb, smrt)
	}
	tw.Flush()
	fmt.Fprintln(w, "* baseline of its category; Ratio: ns/op over the baseline's in the same mode; sm/rt: ns/op of sm over rt")
}

// WriteJSON prints {"benchmarks":[...]}.
func WriteJSON(w io.Writer, rs []Result) error {
	if rs == nil {
		rs = []Result{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Benchmarks []Result `json:"benchmarks"`
	}{rs})
}

// WriteBenchstat prints Go benchmark lines, which benchstat reads.
func WriteBenchstat(w io.Writer, rs []Result) {
	fmt.Fprintf(w, "goos: %s\ngoarch: %s\n", runtime.GOOS, runtime.GOARCH)
	for _, r := range rs {
		fmt.Fprintf(w, "Benchmark%s/%s/%s\t%d\t%s ns/op\t%s B/op\t%s allocs/op\n",
			benchName(r.Class), benchName(r.Method), r.Mode, r.Ops,
			strconv.FormatFloat(r.NsPerOp, 'f', 2, 64),
			strconv.FormatFloat(r.BytesPerOp, 'f', 2, 64),
			strconv.FormatFloat(r.AllocsPerOp, 'f', 3, 64))
	}
}

// benchName removes what a Go benchmark name cannot hold.
func benchName(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '/' {
			return '_'
		}
		return r
	}, s)
}

// WriteSVG draws a horizontal bar chart of ns/op: for each benchmark one
// bar per mode (sm above rt), labelled with the value and the sm/rt ratio.
func WriteSVG(w io.Writer, title string, rs []Result) error {
	var order []key
	seen := map[key]bool{}
	vals := map[key]map[string]float64{}
	var modes []string
	modeSeen := map[string]bool{}
	maxv := 0.0
	for _, r := range rs {
		k := key{r.Class, r.Method}
		if !seen[k] {
			seen[k] = true
			order = append(order, k)
			vals[k] = map[string]float64{}
		}
		vals[k][r.Mode] = r.NsPerOp
		if !modeSeen[r.Mode] {
			modeSeen[r.Mode] = true
			modes = append(modes, r.Mode)
		}
		maxv = math.Max(maxv, r.NsPerOp)
	}
	if maxv <= 0 {
		maxv = 1
	}
	const (
		left, barW, right = 260, 440, 150
		barH, gap, top    = 14, 10, 50
	)
	colors := map[string]string{"sm": "#d9534f", "rt": "#337ab7"}
	groupH := len(modes)*barH + gap
	height := top + len(order)*groupH + 30
	width := left + barW + right
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", width, height)
	fmt.Fprintf(&b, `<text x="%d" y="20" font-size="15" font-weight="bold">%s</text>`+"\n", 10, html.EscapeString(title))
	lx := left
	for _, m := range modes {
		c := colors[m]
		if c == "" {
			c = "#777"
		}
		fmt.Fprintf(&b, `<rect x="%d" y="28" width="12" height="12" fill="%s"/><text x="%d" y="38">%s</text>`+"\n", lx, c, lx+16, m)
		lx += 60
	}
	fmt.Fprintf(&b, `<text x="%d" y="38" fill="#555">ns/op (shorter is faster)</text>`+"\n", lx+10)
	for i, k := range order {
		y := top + i*groupH
		label := k.class + "." + k.method
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", left-8, y+len(modes)*barH/2+4, html.EscapeString(label))
		for j, m := range modes {
			v, ok := vals[k][m]
			if !ok {
				continue
			}
			c := colors[m]
			if c == "" {
				c = "#777"
			}
			wpx := v / maxv * barW
			if v > 0 && wpx < 1 {
				wpx = 1
			}
			by := y + j*barH
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"><title>%s %s: %s ns/op</title></rect>`+"\n",
				left, by, wpx, barH-2, c, html.EscapeString(label), m, fmtFloat(v))
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" font-size="10">%s</text>`+"\n", float64(left)+wpx+4, by+barH-4, fmtFloat(v))
		}
		if x := SmRt(rs, k.class, k.method); x >= 0 {
			fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#333">sm/rt %.2f</text>`+"\n", left+barW+70, y+len(modes)*barH/2+4, x)
		}
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

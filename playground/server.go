// Package playground is asyncvm's local web playground (`asyncvm serve`): a
// page with an editor and the example programs, and a JSON API that runs a
// program in both execution models side by side, with its output, exit
// status, time and --stats counters, and shows the lowered state machines
// and the rt bytecode.
//
// Everything runs in this process: the page, its scripts and the examples
// are embedded, and each run compiles the program and executes it on a fresh
// vm.Machine through package driver, as `asyncvm run` does. Runs are bounded
// in time, instructions, memory, threads and output (Config), at most
// Config.Jobs of them execute at once, and programs see nothing of the host (driver.Options.Sandbox; the
// library has no file or network access). See docs/playground.md.
package playground

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"asyncvm/driver"
	"asyncvm/examples"
	"asyncvm/vm"
)

//go:embed static
var staticFiles embed.FS

// Filename is the name programs have in diagnostics and stack traces.
const Filename = "program.async"

// Config bounds what one run may use and how many run at once. A zero
// limit means the playground's default: driver.PlaygroundLimits for the
// machine limits, the constants below for the rest.
type Config struct {
	Timeout    time.Duration // wall time per run and model
	MaxSteps   int64         // instructions per VM thread
	MaxHeap    int64         // bytes of live program objects; OutOfMemoryException beyond
	MaxThreads int           // threads alive at once; Thread.Start beyond throws OutOfMemoryException
	MaxOutput  int64         // bytes of stdout and stderr together; the program is stopped beyond
	MaxSource  int64         // bytes of program text accepted (default DefaultMaxSource)
	Jobs       int           // requests that compile or run at once (default GOMAXPROCS)
	QueueWait  time.Duration // how long a request waits for a free job (default DefaultQueueWait)
}

// Defaults of Config besides the machine limits.
const (
	DefaultMaxSource = 64 << 10
	DefaultQueueWait = 10 * time.Second
)

// withDefaults fills in the zero fields.
func (c Config) withDefaults() Config {
	l := driver.Options{Timeout: c.Timeout, MaxSteps: c.MaxSteps, MaxHeap: c.MaxHeap, MaxThreads: c.MaxThreads, MaxOutput: c.MaxOutput}.WithLimits(driver.PlaygroundLimits())
	c.Timeout, c.MaxSteps, c.MaxHeap, c.MaxThreads, c.MaxOutput = l.Timeout, l.MaxSteps, l.MaxHeap, l.MaxThreads, l.MaxOutput
	if c.MaxSource <= 0 {
		c.MaxSource = DefaultMaxSource
	}
	if c.Jobs <= 0 {
		c.Jobs = runtime.GOMAXPROCS(0)
	}
	if c.QueueWait <= 0 {
		c.QueueWait = DefaultQueueWait
	}
	return c
}

// Server is the playground's HTTP handler.
type Server struct {
	cfg      Config
	jobs     chan struct{} // a token per run in progress
	mux      *http.ServeMux
	examples []Example
	// loopbackOnly makes the server refuse requests whose Host is not a
	// loopback name, so a web page cannot reach it through DNS rebinding.
	loopbackOnly bool
}

// New returns a playground server with the given limits. It serves requests
// for any Host; ListenAndServe on a loopback address restricts them.
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	s := &Server{cfg: cfg, jobs: make(chan struct{}, cfg.Jobs), mux: http.NewServeMux(), examples: loadExamples(examples.FS)}
	page, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	s.mux.Handle("GET /", http.FileServerFS(page))
	s.mux.HandleFunc("GET /api/examples", s.handleExamples)
	s.mux.HandleFunc("POST /api/run", s.handleRun)
	s.mux.HandleFunc("POST /api/disasm", s.handleDisasm)
	return s
}

// Config returns the limits in force, defaults filled in.
func (s *Server) Config() Config { return s.cfg }

// ServeHTTP serves the page and the API, with headers that keep the page
// from loading anything from elsewhere or being framed by another site.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.loopbackOnly && !loopbackHost(r.Host) {
		http.Error(w, "asyncvm playground: this server only answers requests for localhost", http.StatusForbidden)
		return
	}
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	s.mux.ServeHTTP(w, r)
}

// loopbackHost reports whether a Host header names this machine's loopback
// interface (localhost, 127.0.0.0/8 or ::1), with or without a port.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// ListenAndServe serves the playground on addr until ctx is done, then shuts
// down gracefully. ready, if not nil, receives the address actually bound
// (useful with port 0). On a loopback address the server also refuses
// requests whose Host is not a loopback name.
func ListenAndServe(ctx context.Context, addr string, cfg Config, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	s := New(cfg)
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && tcp.IP.IsLoopback() {
		s.loopbackOnly = true
	}
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, WriteTimeout: 5 * time.Minute}
	if ready != nil {
		ready(ln.Addr())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 2*s.cfg.Timeout+time.Second)
		defer cancel()
		return srv.Shutdown(sctx)
	}
}

// Example is one program of the examples menu.
type Example struct {
	Name   string `json:"name"`   // file name without .async
	Title  string `json:"title"`  // the leading comment's first sentence, or Name
	Source string `json:"source"` // program text
}

// loadExamples lists the *.async files of fsys by name, each titled by the
// first sentence or clause of its leading comment.
func loadExamples(fsys fs.FS) []Example {
	names, _ := fs.Glob(fsys, "*.async")
	sort.Strings(names)
	var list []Example
	for _, n := range names {
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			continue
		}
		e := Example{Name: strings.TrimSuffix(n, ".async"), Source: string(b)}
		e.Title = exampleTitle(e.Source)
		if e.Title == "" {
			e.Title = e.Name
		}
		list = append(list, e)
	}
	return list
}

// exampleTitle returns the first sentence or clause (up to ". ", ": " or
// "; ") of the program's leading // comment paragraph.
func exampleTitle(src string) string {
	var para []string
	for _, line := range strings.Split(strings.TrimSpace(src), "\n") {
		line = strings.TrimSpace(line)
		text, ok := strings.CutPrefix(line, "//")
		text = strings.TrimSpace(text)
		if !ok || text == "" {
			break
		}
		para = append(para, text)
	}
	title := strings.Join(para, " ")
	for _, sep := range []string{". ", ": ", "; "} {
		if i := strings.Index(title, sep); i >= 0 {
			title = title[:i]
		}
	}
	title = strings.TrimRight(title, ".:;")
	if r := []rune(title); len(r) > 80 {
		title = string(r[:79]) + "…"
	}
	return title
}

func (s *Server) handleExamples(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.examples)
}

// RunRequest is the body of POST /api/run.
type RunRequest struct {
	Source string   `json:"source"`
	Modes  []string `json:"modes,omitempty"` // default ["rt", "sm"]
	Args   []string `json:"args,omitempty"`  // reach Main(string[] args)
}

// RunResponse is the answer of POST /api/run: one result per mode, in the
// order asked.
type RunResponse struct {
	Runs []RunResult `json:"runs"`
}

// RunResult is one program run in one execution model.
type RunResult struct {
	Mode     string `json:"mode"`
	Exit     int    `json:"exit"` // the status `asyncvm run` would exit with
	Compiled bool   `json:"compiled"`
	Stdout   string `json:"stdout"`
	Stderr   string `json:"stderr"`
	// Truncated says the output went past MaxOutput: it was cut there and
	// the program stopped.
	Truncated bool    `json:"truncated,omitempty"`
	CompileMs float64 `json:"compile_ms"`
	RunMs     float64 `json:"run_ms"`
	// Stats are the --stats counters; absent when the program did not compile.
	Stats *vm.Stats `json:"stats,omitempty"`
	// Diagnostics are the source positions that stderr mentions: compile
	// errors, and the frames of an unhandled exception's stack trace.
	Diagnostics []Diagnostic `json:"diagnostics,omitempty"`
}

// Diagnostic is a message about a source position of the program.
type Diagnostic struct {
	Kind    string `json:"kind"` // "error" (compile time) or "exception" (a stack frame)
	Line    int    `json:"line"`
	Col     int    `json:"col"` // 1 when only the line is known
	Message string `json:"message"`
}

func (s *Server) handleRun(w http.ResponseWriter, r *http.Request) {
	var req RunRequest
	if !s.decode(w, r, &req) {
		return
	}
	modes := req.Modes
	if len(modes) == 0 {
		modes = []string{"rt", "sm"}
	}
	for _, m := range modes {
		if m != "rt" && m != "sm" {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("mode must be rt or sm, not %q", m))
			return
		}
	}
	if len(modes) > 2 {
		writeError(w, http.StatusBadRequest, "at most two modes per run")
		return
	}
	release, ok := s.acquire(w, r)
	if !ok {
		return
	}
	defer release()
	var resp RunResponse
	for _, m := range modes {
		resp.Runs = append(resp.Runs, s.Run(req.Source, m, req.Args))
	}
	writeJSON(w, http.StatusOK, resp)
}

// Run compiles and runs src in one model within the server's limits. It
// does not take a job token; the HTTP handlers do.
func (s *Server) Run(src, mode string, args []string) (res RunResult) {
	res.Mode = mode
	// The machine cuts the program's own output at MaxOutput; the buffers
	// only bound what the driver adds (an exception's stack trace) and what
	// a thread still writes after a timeout.
	stdout := &cappedBuffer{max: s.cfg.MaxOutput + outputSlack}
	stderr := &cappedBuffer{max: s.cfg.MaxOutput + outputSlack}
	var stats vm.Stats
	opts := driver.Options{
		Filename: Filename, Source: []byte(src), Mode: mode, Args: args,
		Stdin: noInput{}, Stdout: stdout, Stderr: stderr,
		Timeout: s.cfg.Timeout, MaxSteps: s.cfg.MaxSteps,
		MaxHeap: s.cfg.MaxHeap, MaxThreads: s.cfg.MaxThreads, MaxOutput: s.cfg.MaxOutput,
		Sandbox: true, StatsTo: &stats,
	}
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "asyncvm: internal error: %v\n", p)
			res.Exit = driver.ExitInternal
		}
		var cutOut, cutErr bool
		res.Stdout, cutOut = stdout.result()
		res.Stderr, cutErr = stderr.result()
		res.Truncated = cutOut || cutErr || strings.Contains(res.Stderr, vm.OutputLimitError(s.cfg.MaxOutput).Msg)
		res.Diagnostics = diagnostics(res.Stderr)
	}()
	start := time.Now()
	prog, ok := driver.Build(opts)
	res.CompileMs = ms(time.Since(start))
	if !ok {
		res.Exit = driver.ExitCompile
		return res
	}
	res.Compiled = true
	start = time.Now()
	res.Exit = driver.Exec(prog, opts)
	res.RunMs = ms(time.Since(start))
	res.Stats = &stats
	return res
}

// outputSlack is what a run's stdout and stderr buffers keep beyond
// MaxOutput: room for the driver's own report after the program's output.
const outputSlack = 16 << 10

// DisasmRequest is the body of POST /api/disasm.
type DisasmRequest struct {
	Source  string `json:"source"`
	Mode    string `json:"mode,omitempty"`    // rt (default) or sm
	Lowered bool   `json:"lowered,omitempty"` // the sm rewrite as C# (implies mode sm)
	Method  string `json:"method,omitempty"`  // only this method
}

// DisasmResponse is what `asyncvm disasm` prints for the request.
type DisasmResponse struct {
	Mode        string       `json:"mode"`
	Lowered     bool         `json:"lowered"`
	Exit        int          `json:"exit"`
	Text        string       `json:"text"`
	Stderr      string       `json:"stderr,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics,omitempty"`
}

func (s *Server) handleDisasm(w http.ResponseWriter, r *http.Request) {
	var req DisasmRequest
	if !s.decode(w, r, &req) {
		return
	}
	if req.Lowered {
		req.Mode = "sm"
	}
	if req.Mode == "" {
		req.Mode = "rt"
	}
	if req.Mode != "rt" && req.Mode != "sm" {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("mode must be rt or sm, not %q", req.Mode))
		return
	}
	release, ok := s.acquire(w, r)
	if !ok {
		return
	}
	defer release()
	writeJSON(w, http.StatusOK, s.Disasm(req))
}

// Disasm prints the program's bytecode or lowered state machines.
func (s *Server) Disasm(req DisasmRequest) (res DisasmResponse) {
	res.Mode, res.Lowered = req.Mode, req.Lowered
	out := &cappedBuffer{max: 4 << 20}
	errs := &cappedBuffer{max: s.cfg.MaxOutput + outputSlack}
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(errs, "asyncvm: internal error: %v\n", p)
			res.Exit = driver.ExitInternal
		}
		res.Text, _ = out.result()
		res.Stderr, _ = errs.result()
		res.Diagnostics = diagnostics(res.Stderr)
	}()
	res.Exit = driver.Disasm(driver.Options{Filename: Filename, Source: []byte(req.Source), Mode: req.Mode, Stdout: out, Stderr: errs}, req.Method, req.Lowered)
	return res
}

// decode reads a JSON request body of bounded size.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) bool {
	// A JSON content type cannot be sent cross-origin without a CORS
	// preflight, which this server never grants: other sites' pages cannot
	// make a visitor's browser run programs here.
	if ct, _, _ := strings.Cut(r.Header.Get("Content-Type"), ";"); strings.TrimSpace(ct) != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, "requests must be application/json")
		return false
	}
	body := http.MaxBytesReader(w, r.Body, 2*s.cfg.MaxSource+4096)
	dec := json.NewDecoder(body)
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the program is larger than %d bytes", s.cfg.MaxSource))
			return false
		}
		writeError(w, http.StatusBadRequest, "bad request: "+err.Error())
		return false
	}
	var src string
	switch v := v.(type) {
	case *RunRequest:
		src = v.Source
	case *DisasmRequest:
		src = v.Source
	}
	if int64(len(src)) > s.cfg.MaxSource {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the program is larger than %d bytes", s.cfg.MaxSource))
		return false
	}
	return true
}

// acquire waits for a free job, at most QueueWait, and answers 503 when
// none comes.
func (s *Server) acquire(w http.ResponseWriter, r *http.Request) (release func(), ok bool) {
	timer := time.NewTimer(s.cfg.QueueWait)
	defer timer.Stop()
	select {
	case s.jobs <- struct{}{}:
		return func() { <-s.jobs }, true
	case <-timer.C:
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("the playground is busy: %d runs are in progress", cap(s.jobs)))
		return nil, false
	case <-r.Context().Done():
		return nil, false
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// noInput is the programs' standard input: always at its end
// (Console.ReadLine returns null).
type noInput struct{}

func (noInput) Read([]byte) (int, error) { return 0, io.EOF }

// cappedBuffer keeps the first max bytes written to it and counts the rest.
// It is safe for concurrent use: a program's threads write to it, and a
// thread stopped by a timeout may still write after the run has returned.
type cappedBuffer struct {
	mu      sync.Mutex
	max     int64
	buf     bytes.Buffer
	dropped int64
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	room := b.max - int64(b.buf.Len())
	if room < 0 {
		room = 0
	}
	if int64(len(p)) > room {
		b.buf.Write(p[:room])
		b.dropped += int64(len(p)) - room
		return len(p), nil
	}
	b.buf.Write(p)
	return len(p), nil
}

// result returns the text kept, with a note when some was dropped.
func (b *cappedBuffer) result() (string, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := strings.ToValidUTF8(b.buf.String(), "\uFFFD")
	if b.dropped > 0 {
		if !strings.HasSuffix(s, "\n") {
			s += "\n"
		}
		s += fmt.Sprintf("[output truncated: %d more bytes]\n", b.dropped)
	}
	return s, b.dropped > 0
}

var (
	// program.async:3:14: message  (a compile diagnostic)
	diagLine = regexp.MustCompile(`^` + regexp.QuoteMeta(Filename) + `:(\d+):(\d+): (.*)$`)
	// "   at Program.F() in program.async:line 3"  (a stack frame)
	frameLine = regexp.MustCompile(`^\s+at (.*) in ` + regexp.QuoteMeta(Filename) + `:line (\d+)\s*$`)
)

// diagnostics finds the source positions in what a run printed to stderr:
// the diagnostics' "file:line:col: message" lines and the stack frames of
// an unhandled exception ("at M() in file:line N"), each frame labelled
// with the exception's first line.
func diagnostics(stderr string) []Diagnostic {
	var ds []Diagnostic
	exc := ""
	for _, line := range strings.Split(stderr, "\n") {
		if m := diagLine.FindStringSubmatch(line); m != nil {
			l, _ := strconv.Atoi(m[1])
			c, _ := strconv.Atoi(m[2])
			ds = append(ds, Diagnostic{Kind: "error", Line: l, Col: c, Message: m[3]})
			continue
		}
		if strings.HasPrefix(line, "Unhandled exception. ") {
			exc = strings.TrimPrefix(line, "Unhandled exception. ")
			continue
		}
		if m := frameLine.FindStringSubmatch(line); m != nil {
			l, _ := strconv.Atoi(m[2])
			msg := "at " + m[1]
			if exc != "" {
				msg = exc + " (" + msg + ")"
			}
			ds = append(ds, Diagnostic{Kind: "exception", Line: l, Col: 1, Message: msg})
		}
	}
	return ds
}

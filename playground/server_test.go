package playground

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"asyncvm/driver"
	"asyncvm/examples"
)

const hello = `using System;
using System.Threading.Tasks;

static async Task<string> GreetAsync(string name)
{
    await Task.Yield();
    return $"Hello, {name}!";
}

Console.WriteLine(await GreetAsync("playground"));
`

func post(t *testing.T, url string, body any, out any) int {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("POST %s: %v in %s", url, err, data)
		}
	}
	return res.StatusCode
}

func runBoth(t *testing.T, srv *httptest.Server, src string) RunResponse {
	t.Helper()
	var resp RunResponse
	if code := post(t, srv.URL+"/api/run", RunRequest{Source: src}, &resp); code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	if len(resp.Runs) != 2 || resp.Runs[0].Mode != "rt" || resp.Runs[1].Mode != "sm" {
		t.Fatalf("runs = %+v, want rt then sm", resp.Runs)
	}
	return resp
}

func TestRunBothModes(t *testing.T) {
	srv := httptest.NewServer(New(Config{}))
	defer srv.Close()
	resp := runBoth(t, srv, hello)
	for _, r := range resp.Runs {
		if r.Stdout != "Hello, playground!\n" || r.Exit != 0 || !r.Compiled || r.Stderr != "" {
			t.Errorf("%s: %+v", r.Mode, r)
		}
		if r.Stats == nil || r.Stats.Instructions == 0 || r.Stats.Tasks == 0 {
			t.Errorf("%s: stats %+v", r.Mode, r.Stats)
		}
	}
	rt, sm := resp.Runs[0].Stats, resp.Runs[1].Stats
	if rt.StateMachineBoxes != 0 || sm.StateMachineBoxes == 0 {
		t.Errorf("state-machine boxes: rt %d, sm %d; want 0 in rt and some in sm", rt.StateMachineBoxes, sm.StateMachineBoxes)
	}
	if rt.Suspensions == 0 {
		t.Errorf("rt suspensions = 0; Task.Yield suspends")
	}

	var one RunResponse
	post(t, srv.URL+"/api/run", RunRequest{Source: hello, Modes: []string{"sm"}}, &one)
	if len(one.Runs) != 1 || one.Runs[0].Mode != "sm" {
		t.Errorf("modes [sm]: %+v", one.Runs)
	}
}

func TestCompileDiagnostics(t *testing.T) {
	srv := httptest.NewServer(New(Config{}))
	defer srv.Close()
	src := "using System;\nint x = 1;\nConsole.WriteLine(y);\n"
	for _, r := range runBoth(t, srv, src).Runs {
		if r.Exit != 2 || r.Compiled || r.Stats != nil {
			t.Errorf("%s: exit %d compiled %v stats %v; want exit 2, not compiled, no stats", r.Mode, r.Exit, r.Compiled, r.Stats)
		}
		if len(r.Diagnostics) == 0 {
			t.Fatalf("%s: no diagnostics in %q", r.Mode, r.Stderr)
		}
		d := r.Diagnostics[0]
		if d.Kind != "error" || d.Line != 3 || d.Col != 19 || !strings.Contains(d.Message, "'y'") {
			t.Errorf("%s: diagnostic %+v, want error at 3:19 naming 'y'", r.Mode, d)
		}
		if !strings.HasPrefix(r.Stderr, "program.async:3:19: ") {
			t.Errorf("%s: stderr %q", r.Mode, r.Stderr)
		}
	}
}

func TestUnhandledException(t *testing.T) {
	srv := httptest.NewServer(New(Config{}))
	defer srv.Close()
	src := `using System;
using System.Threading.Tasks;

static async Task Fail()
{
    await Task.Yield();
    throw new InvalidOperationException("boom");
}

Console.WriteLine("before");
await Fail();
`
	for _, r := range runBoth(t, srv, src).Runs {
		if r.Exit != 1 || r.Stdout != "before\n" || !strings.HasPrefix(r.Stderr, "Unhandled exception. System.InvalidOperationException: boom") {
			t.Errorf("%s: exit %d stdout %q stderr %q", r.Mode, r.Exit, r.Stdout, r.Stderr)
		}
		if len(r.Diagnostics) == 0 {
			t.Fatalf("%s: no positions found in %q", r.Mode, r.Stderr)
		}
		d := r.Diagnostics[0]
		if d.Kind != "exception" || d.Line != 7 || !strings.Contains(d.Message, "boom") {
			t.Errorf("%s: first frame %+v, want the throw on line 7", r.Mode, d)
		}
	}
}

func TestDisasm(t *testing.T) {
	srv := httptest.NewServer(New(Config{}))
	defer srv.Close()
	var lowered, rt, sm DisasmResponse
	post(t, srv.URL+"/api/disasm", DisasmRequest{Source: hello, Lowered: true}, &lowered)
	post(t, srv.URL+"/api/disasm", DisasmRequest{Source: hello}, &rt)
	post(t, srv.URL+"/api/disasm", DisasmRequest{Source: hello, Mode: "sm"}, &sm)
	if lowered.Exit != 0 || lowered.Mode != "sm" || !strings.Contains(lowered.Text, "MoveNext") || !strings.Contains(lowered.Text, "AsyncTaskMethodBuilder<string>") {
		t.Errorf("lowered: %+v", lowered)
	}
	if rt.Exit != 0 || !regexp.MustCompile(`CALLAW .*Task\.Yield\s+saves \[`).MatchString(rt.Text) {
		t.Errorf("rt bytecode does not show what the await saves:\n%s", rt.Text)
	}
	if sm.Exit != 0 || strings.Contains(sm.Text, "saves [") || !strings.Contains(sm.Text, "MoveNext") {
		t.Errorf("sm bytecode:\n%s", sm.Text)
	}

	var bad DisasmResponse
	post(t, srv.URL+"/api/disasm", DisasmRequest{Source: "int x = ;", Lowered: true}, &bad)
	if bad.Exit != 2 || len(bad.Diagnostics) == 0 || bad.Diagnostics[0].Line != 1 {
		t.Errorf("disasm of a broken program: %+v", bad)
	}
}

func TestLimits(t *testing.T) {
	srv := httptest.NewServer(New(Config{Timeout: 300 * time.Millisecond, MaxOutput: 1000}))
	defer srv.Close()

	t.Run("steps", func(t *testing.T) {
		srv := httptest.NewServer(New(Config{Timeout: time.Minute, MaxSteps: 1_000_000}))
		defer srv.Close()
		for _, r := range runBoth(t, srv, "long n = 0;\nwhile (true) { n++; }\n").Runs {
			if r.Exit != 1 || !strings.Contains(r.Stderr, "step limit of 1000000") {
				t.Errorf("%s: exit %d stderr %q", r.Mode, r.Exit, r.Stderr)
			}
		}
	})
	t.Run("timeout", func(t *testing.T) {
		start := time.Now()
		src := "using System.Threading;\nThread.Sleep(60000);\nSystem.Console.WriteLine(\"woke\");\n"
		for _, r := range runBoth(t, srv, src).Runs {
			if r.Exit != 1 || !strings.Contains(r.Stderr, "did not finish within 300ms") || r.Stdout != "" {
				t.Errorf("%s: exit %d stdout %q stderr %q", r.Mode, r.Exit, r.Stdout, r.Stderr)
			}
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("two 300ms timeouts took %v", d)
		}
	})
	t.Run("output", func(t *testing.T) {
		src := "for (int i = 0; i < 100000; i++) System.Console.WriteLine(\"0123456789\");\n"
		for _, r := range runBoth(t, srv, src).Runs {
			if !r.Truncated || r.Exit != 1 || !strings.HasPrefix(r.Stdout, strings.Repeat("0123456789\n", 90)) || len(r.Stdout) > 1200 || !strings.Contains(r.Stderr, "output limit of 1000 bytes") {
				t.Errorf("%s: exit %d, truncated %v, %d bytes of stdout ending %q, stderr %q", r.Mode, r.Exit, r.Truncated, len(r.Stdout), r.Stdout[max(0, len(r.Stdout)-80):], r.Stderr)
			}
		}
	})
	t.Run("heap", func(t *testing.T) {
		srv := httptest.NewServer(New(Config{Timeout: time.Minute, MaxHeap: 8 << 20}))
		defer srv.Close()
		src := "var keep = new System.Collections.Generic.List<int[]>();\nwhile (true) keep.Add(new int[100000]);\n"
		for _, r := range runBoth(t, srv, src).Runs {
			if r.Exit != 1 || !strings.Contains(r.Stderr, "System.OutOfMemoryException") {
				t.Errorf("%s: exit %d stderr %q", r.Mode, r.Exit, r.Stderr)
			}
		}
	})
	t.Run("threads", func(t *testing.T) {
		srv := httptest.NewServer(New(Config{Timeout: time.Minute, MaxThreads: 4}))
		defer srv.Close()
		src := "using System.Threading;\nvar gate = new ManualResetEventSlim();\nfor (int i = 0; i < 100; i++) new Thread(() => gate.Wait()).Start();\n"
		for _, r := range runBoth(t, srv, src).Runs {
			if r.Exit != 1 || !strings.Contains(r.Stderr, "System.OutOfMemoryException") {
				t.Errorf("%s: exit %d stderr %q", r.Mode, r.Exit, r.Stderr)
			}
		}
	})
	t.Run("source size", func(t *testing.T) {
		srv := httptest.NewServer(New(Config{MaxSource: 100}))
		defer srv.Close()
		var e map[string]string
		if code := post(t, srv.URL+"/api/run", RunRequest{Source: "//" + strings.Repeat("x", 200)}, &e); code != http.StatusRequestEntityTooLarge {
			t.Errorf("status %d (%v), want 413", code, e)
		}
		big := `{"source": "` + strings.Repeat("x", 10000) + `"}`
		res, err := http.Post(srv.URL+"/api/run", "application/json", strings.NewReader(big))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("oversized body: status %d, want 413", res.StatusCode)
		}
	})
}

// TestSandbox checks that programs see nothing of the host: no environment
// variables (which may hold secrets), machine name or command line.
func TestSandbox(t *testing.T) {
	t.Setenv("ASYNCVM_PLAYGROUND_SECRET", "hunter2")
	srv := httptest.NewServer(New(Config{}))
	defer srv.Close()
	src := `using System;
Console.WriteLine(Environment.GetEnvironmentVariable("ASYNCVM_PLAYGROUND_SECRET") ?? "no variable");
Console.WriteLine(Environment.MachineName);
Console.WriteLine(string.Join(" ", Environment.GetCommandLineArgs()));
`
	for _, r := range runBoth(t, srv, src).Runs {
		if want := "no variable\nlocalhost\nprogram.async\n"; r.Stdout != want || r.Exit != 0 {
			t.Errorf("%s: exit %d stdout %q stderr %q, want %q", r.Mode, r.Exit, r.Stdout, r.Stderr, want)
		}
	}
}

// TestSandboxFiles checks that a program's files live in memory, one file
// system per run: it writes, lists and reads back its own files, sees none
// of the host's, and cannot fill more than the in-memory limit.
func TestSandboxFiles(t *testing.T) {
	host := filepath.Join(t.TempDir(), "host.txt")
	if err := os.WriteFile(host, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(New(Config{}))
	defer srv.Close()
	src := `using System;
using System.IO;
Console.WriteLine(File.Exists(` + strconv.Quote(host) + `) + " " + File.Exists("/etc/passwd"));
Console.WriteLine(Directory.GetCurrentDirectory() + " " + Path.GetTempPath() + " " + File.Exists("mine.txt"));
File.WriteAllText("mine.txt", "kept");
Console.WriteLine(File.ReadAllText("/app/mine.txt") + " " + string.Join(",", Directory.GetFiles(".")));
var chunk = new byte[1 << 16];
try { using var big = File.Create("big.bin"); for (int i = 0; i < 400; i++) big.Write(chunk, 0, chunk.Length); }
catch (IOException e) { Console.WriteLine(e.Message); }
`
	want := "False False\n/app /tmp/ False\nkept ./mine.txt\nNo space left on device : '/app/big.bin'\n"
	for i := 0; i < 2; i++ { // the second run sees nothing of the first
		for _, r := range runBoth(t, srv, src).Runs {
			if r.Stdout != want || r.Exit != 0 {
				t.Errorf("%s: exit %d stdout %q stderr %q, want %q", r.Mode, r.Exit, r.Stdout, r.Stderr, want)
			}
		}
	}
}

// TestConcurrentRuns runs many programs at once through a server with two
// jobs: every answer is the right one (each run has its own machine and
// output), and the number running at once never exceeds the jobs.
func TestConcurrentRuns(t *testing.T) {
	s := New(Config{Jobs: 2})
	srv := httptest.NewServer(s)
	defer srv.Close()
	const n = 12
	var wg sync.WaitGroup
	maxBusy := 0
	var mu sync.Mutex
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		for {
			select {
			case <-stop:
				return
			default:
			}
			mu.Lock()
			maxBusy = max(maxBusy, len(s.jobs))
			mu.Unlock()
			time.Sleep(time.Millisecond)
		}
	}()
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			src := strings.ReplaceAll(hello, `"playground"`, `"run `+string(rune('A'+i))+`"`)
			var resp RunResponse
			if code := post(t, srv.URL+"/api/run", RunRequest{Source: src}, &resp); code != http.StatusOK {
				t.Errorf("run %d: status %d", i, code)
				return
			}
			want := "Hello, run " + string(rune('A'+i)) + "!\n"
			for _, r := range resp.Runs {
				if r.Stdout != want {
					t.Errorf("run %d %s: stdout %q, want %q", i, r.Mode, r.Stdout, want)
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	<-stopped
	if maxBusy > 2 {
		t.Errorf("%d runs at once with 2 jobs", maxBusy)
	}
}

// TestBusy checks that a request waiting longer than QueueWait for a job is
// answered 503 instead of queueing without end.
func TestBusy(t *testing.T) {
	srv := httptest.NewServer(New(Config{Jobs: 1, QueueWait: 50 * time.Millisecond, Timeout: 3 * time.Second}))
	defer srv.Close()
	started := make(chan struct{})
	done := make(chan RunResponse)
	go func() {
		var resp RunResponse
		close(started)
		post(t, srv.URL+"/api/run", RunRequest{Source: "System.Threading.Thread.Sleep(700);\nSystem.Console.WriteLine(\"slept\");", Modes: []string{"rt"}}, &resp)
		done <- resp
	}()
	<-started
	time.Sleep(200 * time.Millisecond)
	var e map[string]string
	if code := post(t, srv.URL+"/api/run", RunRequest{Source: hello}, &e); code != http.StatusServiceUnavailable || !strings.Contains(e["error"], "busy") {
		t.Errorf("second request: status %d %v, want 503 busy", code, e)
	}
	if r := <-done; len(r.Runs) != 1 || r.Runs[0].Stdout != "slept\n" {
		t.Errorf("first request: %+v", r)
	}
}

func TestBadRequests(t *testing.T) {
	srv := httptest.NewServer(New(Config{}))
	defer srv.Close()
	var e map[string]string
	if code := post(t, srv.URL+"/api/run", RunRequest{Source: hello, Modes: []string{"jit"}}, &e); code != http.StatusBadRequest || !strings.Contains(e["error"], "jit") {
		t.Errorf("bad mode: %d %v", code, e)
	}
	// A form post (what another site's page can send without a preflight).
	res, err := http.Post(srv.URL+"/api/run", "text/plain", strings.NewReader(`{"source":"1;"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain body: status %d, want 415", res.StatusCode)
	}
	res, err = http.Get(srv.URL + "/api/run")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode == http.StatusOK {
		t.Errorf("GET /api/run: status %d, want an error", res.StatusCode)
	}
}

func TestLoopbackHostOnly(t *testing.T) {
	s := New(Config{})
	s.loopbackOnly = true
	for host, want := range map[string]int{
		"127.0.0.1:8080":        http.StatusOK,
		"localhost:8080":        http.StatusOK,
		"[::1]:8080":            http.StatusOK,
		"127.0.0.1":             http.StatusOK,
		"attacker.example:8080": http.StatusForbidden,
		"10.0.0.1:8080":         http.StatusForbidden,
	} {
		req := httptest.NewRequest("GET", "/api/examples", nil)
		req.Host = host
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != want {
			t.Errorf("Host %s: status %d, want %d", host, w.Code, want)
		}
	}
}

// TestExamples checks that the menu offers every program of examples/ (read
// from the directory, so an example added there without being embedded
// fails here) with its text.
func TestExamples(t *testing.T) {
	srv := httptest.NewServer(New(Config{}))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/api/examples")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var list []Example
	if err := json.NewDecoder(res.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("../examples/*.async")
	sort.Strings(files)
	if len(list) != len(files) || len(files) == 0 {
		t.Fatalf("%d examples served, %d in examples/", len(list), len(files))
	}
	for i, f := range files {
		b, _ := os.ReadFile(f)
		if list[i].Name != strings.TrimSuffix(filepath.Base(f), ".async") || list[i].Source != string(b) || list[i].Title == "" {
			t.Errorf("example %d: %q (title %q), want %s", i, list[i].Name, list[i].Title, f)
		}
	}
	if _, err := fs.Stat(examples.FS, "hello.async"); err != nil {
		t.Error(err)
	}
}

// TestPageIsSelfContained checks that the page loads nothing from elsewhere:
// every URL in the embedded files is relative (the playground works offline),
// and the Content-Security-Policy header forbids other origins anyway.
func TestPageIsSelfContained(t *testing.T) {
	srv := httptest.NewServer(New(Config{}))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(body), "<title>asyncvm playground</title>") {
		t.Errorf("GET / did not serve the page: %.200s", body)
	}
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
		t.Errorf("Content-Security-Policy = %q", csp)
	}
	external := regexp.MustCompile(`(?i)(https?:)?//[a-z0-9.-]+\.[a-z]{2,}/`)
	fs.WalkDir(staticFiles, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := fs.ReadFile(staticFiles, p)
		for _, m := range external.FindAllString(string(b), -1) {
			if m != "http://www.w3.org/" { // the SVG namespace name, never fetched
				t.Errorf("%s refers to %s", p, m)
			}
		}
		res, err := http.Get(srv.URL + "/" + strings.TrimPrefix(p, "static/"))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %d", p, res.StatusCode)
		}
		return nil
	})
}

func TestDiagnosticsParsing(t *testing.T) {
	stderr := `Unhandled exception. System.Exception: outer
 ---> System.InvalidOperationException: inner
   at Program.Inner() in program.async:line 4
   --- End of inner exception stack trace ---
   at Program.<Main>$() in program.async:line 9
`
	got := diagnostics(stderr)
	if len(got) != 2 || got[0].Line != 4 || got[1].Line != 9 || got[0].Kind != "exception" || !strings.Contains(got[0].Message, "System.Exception: outer") {
		t.Errorf("diagnostics = %+v", got)
	}
	got = diagnostics("program.async:2:5: ';' expected\n    x\n    ^\nother.async:1:1: elsewhere\n")
	if len(got) != 1 || got[0] != (Diagnostic{Kind: "error", Line: 2, Col: 5, Message: "';' expected"}) {
		t.Errorf("diagnostics = %+v", got)
	}
}

// TestListenAndServe starts the real listener on a loopback port: it serves
// the API, refuses a foreign Host, and stops when its context ends.
func TestListenAndServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan net.Addr, 1)
	errc := make(chan error, 1)
	go func() { errc <- ListenAndServe(ctx, "127.0.0.1:0", Config{}, func(a net.Addr) { addrc <- a }) }()
	var base string
	select {
	case a := <-addrc:
		base = "http://" + a.String()
	case err := <-errc:
		t.Fatal(err)
	}
	res, err := http.Get(base + "/api/examples")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("GET /api/examples: %d", res.StatusCode)
	}
	req, _ := http.NewRequest("GET", base+"/", nil)
	req.Host = "rebound.example"
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("Host rebound.example: status %d, want 403", res.StatusCode)
	}
	cancel()
	select {
	case err := <-errc:
		if err != nil {
			t.Errorf("ListenAndServe after cancel: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ListenAndServe did not return after its context ended")
	}
}

func TestExampleTitle(t *testing.T) {
	for src, want := range map[string]string{
		"// Async basics: an async method runs\n// until its first await.\nusing System;": "Async basics",
		"// Where the two .NET 11 async models really differ.\n//\n// More text.\n":       "Where the two .NET 11 async models really differ",
		"// Parallel.For and Parallel.ForEach split a loop over\n// the pool's threads.":  "Parallel.For and Parallel.ForEach split a loop over the pool's threads",
		"using System;\n// late comment":                                                  "",
	} {
		if got := exampleTitle(src); got != want {
			t.Errorf("exampleTitle(%q) = %q, want %q", src, got, want)
		}
	}
}

// TestExamplesRun runs every example in the playground, sandboxed and within
// the default limits, in both models: each must compile, exit 0 and fit in
// the output limit.
func TestExamplesRun(t *testing.T) {
	s := New(Config{})
	for _, e := range s.examples {
		for _, mode := range []string{"rt", "sm"} {
			r := s.Run(e.Source, mode, nil)
			if r.Exit != 0 || !r.Compiled || r.Truncated || r.Stdout == "" {
				t.Errorf("%s in %s: exit %d, compiled %v, truncated %v, stdout %q, stderr %q", e.Name, mode, r.Exit, r.Compiled, r.Truncated, r.Stdout, r.Stderr)
			}
		}
	}
}

// TestDefaults checks that a zero Config gets the driver's playground limits.
func TestDefaults(t *testing.T) {
	c, l := New(Config{}).Config(), driver.PlaygroundLimits()
	if c.Timeout != l.Timeout || c.MaxSteps != l.MaxSteps || c.MaxHeap != l.MaxHeap || c.MaxThreads != l.MaxThreads || c.MaxOutput != l.MaxOutput {
		t.Errorf("Config defaults %+v, want the limits of driver.PlaygroundLimits %+v", c, l)
	}
	if c.MaxSource != DefaultMaxSource || c.Jobs < 1 || c.QueueWait != DefaultQueueWait {
		t.Errorf("Config defaults %+v", c)
	}
}

// TestCappedBuffer checks the backstop on what reaches a response: the
// first max bytes are kept, the rest counted and noted, and cut UTF-8 is
// repaired.
func TestCappedBuffer(t *testing.T) {
	b := &cappedBuffer{max: 10}
	b.Write([]byte("héllo, "))
	b.Write([]byte("world"))
	if got, cut := b.result(); !cut || got != "héllo, wo\n[output truncated: 3 more bytes]\n" {
		t.Errorf("result = %q, %v", got, cut)
	}
	b = &cappedBuffer{max: 3}
	b.Write([]byte("éé"))
	if got, cut := b.result(); !cut || got != "é\uFFFD\n[output truncated: 1 more bytes]\n" {
		t.Errorf("result = %q, %v", got, cut)
	}
	b = &cappedBuffer{max: 3}
	b.Write([]byte("abc"))
	if got, cut := b.result(); cut || got != "abc" {
		t.Errorf("result = %q, %v", got, cut)
	}
}

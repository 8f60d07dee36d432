package playground

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"asyncvm/examples"
)

// findBrowser returns the path of a Chromium-like browser: $ASYNCVM_BROWSER,
// or the first of the usual names on $PATH.
func findBrowser() string {
	if p := os.Getenv("ASYNCVM_BROWSER"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser starts a headless browser for one test. Without one the test is
// skipped, unless ASYNCVM_REQUIRE_BROWSER is set (CI sets it after
// .ci/install-browser), where a missing browser is a failure.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := findBrowser()
	if path == "" {
		if os.Getenv("ASYNCVM_REQUIRE_BROWSER") != "" {
			t.Fatal("ASYNCVM_REQUIRE_BROWSER is set but no Chromium was found (run .ci/install-browser or set ASYNCVM_BROWSER)")
		}
		t.Skip("no Chromium found: run .ci/install-browser (apt-get install chromium) or set ASYNCVM_BROWSER; ASYNCVM_REQUIRE_BROWSER=1 makes this a failure")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox, // CI runs as root, where Chromium's sandbox cannot start
		chromedp.DisableGPU,
		chromedp.WindowSize(1400, 900),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	// Start the browser with a context that has no deadline (a deadline on
	// the first run would stop the browser with it).
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	// Any exception in the page's scripts, or an error the browser logs
	// (a resource refused by the Content-Security-Policy, a 404), fails the test.
	var mu sync.Mutex
	var problems []string
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.IsException() || m.Type == chromedp.ConsoleError {
				mu.Lock()
				problems = append(problems, m.String())
				mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, p := range problems {
			t.Errorf("browser console: %s", p)
		}
	})
	return ctx
}

func step(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(sctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(sctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

func waitFor(js string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(25*time.Second), chromedp.WithPollingInterval(20*time.Millisecond))
}

// codeFragment is the URL fragment that carries a program: base64url (no
// padding) of its raw-deflated UTF-8 text, as docs/playground.md describes.
func codeFragment(t *testing.T, src string) string {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	w.Write([]byte(src))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return "#code=" + base64.RawURLEncoding.EncodeToString(b.Bytes())
}

// openProgram navigates to the page with src in the URL and waits until the
// editor holds it. The page may already be open on another program: then
// only the fragment changes and the page loads the program on hashchange.
func openProgram(t *testing.T, base, src string) chromedp.Action[chromedp.Void] {
	js, _ := json.Marshal(src)
	return chromedp.Steps(
		chromedp.Navigate(base+"/"+codeFragment(t, src)),
		waitFor(`document.body.dataset.ready === "true" && document.querySelector("#source").value === `+string(js)),
	)
}

type counterBar struct {
	Counter string  `json:"counter"`
	Value   int64   `json:"value"`
	Width   float64 `json:"width"`
}

// TestBrowser drives the page as a person would: load an example from the
// menu, run it, read both models' output and bar charts, open the lowered
// state machines and the rt bytecode, follow a link, click a diagnostic.
func TestBrowser(t *testing.T) {
	ctx := browser(t)
	srv := httptest.NewServer(New(Config{}))
	defer srv.Close()

	// Open the page on some other program, carried in the URL, so that
	// loading the example below visibly replaces it.
	other := "System.Console.WriteLine(\"from the link\");\n"
	step(t, ctx, "open the page on a link to a program", openProgram(t, srv.URL, other))

	// Load an example from the menu.
	want, err := examples.FS.ReadFile("hello.async")
	if err != nil {
		t.Fatal(err)
	}
	n := eval[int](t, ctx, `document.querySelectorAll("#examples option[value]:not([value=''])").length`)
	if list, _ := examples.FS.ReadDir("."); n != len(list)-countNonAsync(list) {
		t.Errorf("the examples menu has %d entries for %d programs", n, len(list))
	}
	step(t, ctx, "choose the hello example",
		chromedp.SetValue(chromedp.CSS("#examples"), "hello"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#examples").dispatchEvent(new Event("change"))`),
	)
	if got := eval[string](t, ctx, `document.querySelector("#source").value`); got != string(want) {
		t.Fatalf("after choosing hello the editor holds %q", got)
	}
	if !strings.Contains(eval[string](t, ctx, `document.querySelector("#highlight").innerHTML`), `<span class="tok-keyword">await</span>`) {
		t.Error("the editor does not highlight 'await' as a keyword")
	}

	// The highlighter only wraps text: for every example and some tricky
	// literals, the highlighted HTML holds exactly the source's characters,
	// or the overlay would drift from the caret.
	var samples []string
	list, _ := examples.FS.ReadDir(".")
	for _, e := range list {
		b, _ := examples.FS.ReadFile(e.Name())
		samples = append(samples, string(b))
	}
	samples = append(samples, hello,
		"var s = $\"a {x + $\"{y}\"} {{b}} {f(\"}\")}\" + @\"c \"\"d\"\"\" + '\\'' + \"e\\\"<&>\";\n/* x\n y */ #if DEBUG\n",
		"var r = \"\"\"\nraw \"quoted\"\n\"\"\";\nint n = 0x1F + 1_000 + 2.5e3 + .5f + 3m; // end",
		"unterminated \"string\nnext line", "$\"{", "/* open comment")
	for _, src := range samples {
		js := fmt.Sprintf(`(() => { const d = document.createElement("div"); d.innerHTML = CSharp.highlight(%q); return d.textContent; })()`, src)
		if got := eval[string](t, ctx, js); got != src {
			t.Errorf("highlighting changed the text:\n got %q\nwant %q", got, src)
		}
	}

	// Run it in both models.
	step(t, ctx, "run",
		chromedp.Click(chromedp.CSS("#run")),
		waitFor(`document.querySelector("#model-rt").dataset.exit !== undefined && document.querySelector("#model-sm").dataset.exit !== undefined`),
	)
	for _, mode := range []string{"rt", "sm"} {
		out := eval[string](t, ctx, fmt.Sprintf(`document.querySelector("#model-%s .stdout").textContent`, mode))
		exit := eval[string](t, ctx, fmt.Sprintf(`document.querySelector("#model-%s").dataset.exit`, mode))
		summary := eval[string](t, ctx, fmt.Sprintf(`document.querySelector("#model-%s .summary").textContent`, mode))
		if out != "Hello, asyncvm!\n" || exit != "0" || !strings.Contains(summary, "ms run") {
			t.Errorf("%s: output %q, exit %s, summary %q", mode, out, exit, summary)
		}
	}
	// Read the charts: one bar per counter; each row is scaled to the
	// larger of the two models, so the larger value fills the track.
	bars := map[string][]counterBar{}
	for _, mode := range []string{"rt", "sm"} {
		bars[mode] = eval[[]counterBar](t, ctx, fmt.Sprintf(`[...document.querySelectorAll("#model-%s .chart svg g[data-counter]")].map(g => ({
			counter: g.dataset.counter, value: +g.dataset.value, width: +g.querySelector("rect.bar").getAttribute("width")}))`, mode))
		if len(bars[mode]) != 5 {
			t.Fatalf("%s chart has %d bars, want 5: %+v", mode, len(bars[mode]), bars[mode])
		}
	}
	for i, rt := range bars["rt"] {
		sm := bars["sm"][i]
		if rt.Counter != sm.Counter {
			t.Fatalf("bar %d: rt %s, sm %s", i, rt.Counter, sm.Counter)
		}
		if big := max(rt.Value, sm.Value); big > 0 {
			for _, b := range []counterBar{rt, sm} {
				if (b.Value == big) != (b.Width == 150) || (b.Value == 0) != (b.Width == 0) {
					t.Errorf("%s: value %d drawn %.1f wide (row maximum %d fills 150)", b.Counter, b.Value, b.Width, big)
				}
			}
		}
	}
	if rt, sm := bars["rt"][2], bars["sm"][2]; rt.Counter != "state_machine_boxes" || rt.Value != 0 || sm.Value == 0 {
		t.Errorf("state-machine boxes: rt %+v, sm %+v; want none in rt, some in sm", rt, sm)
	}

	// Where the models print different lines, both outputs mark them.
	if diff, err := examples.FS.ReadFile("models_differ.async"); err == nil {
		step(t, ctx, "run the models_differ example",
			openProgram(t, srv.URL, string(diff)),
			chromedp.Click(chromedp.CSS("#run")),
			waitFor(`document.querySelector("#model-sm").dataset.exit === "0" && document.querySelector("#model-rt").dataset.exit === "0"`),
		)
		rt := eval[[]string](t, ctx, `[...document.querySelectorAll("#model-rt .stdout mark.diff")].map(m => m.textContent)`)
		sm := eval[[]string](t, ctx, `[...document.querySelectorAll("#model-sm .stdout mark.diff")].map(m => m.textContent)`)
		if len(rt) == 0 || len(rt) != len(sm) || rt[0] == sm[0] {
			t.Errorf("differing lines marked: rt %q, sm %q", rt, sm)
		}
		step(t, ctx, "back to hello", openProgram(t, srv.URL, string(want)), chromedp.Click(chromedp.CSS("#run")),
			waitFor(`document.querySelector("#model-sm").dataset.exit === "0" && !document.querySelector("mark.diff")`))
	}

	// The lowered state machines and the rt bytecode.
	step(t, ctx, "open the lowered view",
		chromedp.Click(chromedp.CSS(`.tabs button[data-tab="lowered"]`)),
		waitFor(`document.querySelector("#tab-lowered").dataset.ready === "true"`),
	)
	lowered := eval[string](t, ctx, `document.querySelector("#tab-lowered .listing").textContent`)
	visible := eval[bool](t, ctx, `!document.querySelector("#tab-lowered").hidden && document.querySelector("#tab-run").hidden`)
	if !visible || !strings.Contains(lowered, "public void MoveNext()") || !strings.Contains(lowered, "AsyncTaskMethodBuilder<string>") {
		t.Errorf("lowered view (visible %v):\n%.600s", visible, lowered)
	}
	step(t, ctx, "open the rt bytecode",
		chromedp.Click(chromedp.CSS(`.tabs button[data-tab="rtasm"]`)),
		waitFor(`document.querySelector("#tab-rtasm").dataset.ready === "true"`),
	)
	if saves := eval[string](t, ctx, `[...document.querySelectorAll("#tab-rtasm .tok-saves")].map(e => e.textContent).join(" | ")`); !strings.Contains(saves, "saves [") {
		t.Errorf("rt bytecode marks no saved registers: %q", saves)
	}

	// The URL now carries the program: opening it elsewhere reproduces it.
	link := eval[string](t, ctx, `location.href`)
	if !strings.Contains(link, "#code=") {
		t.Fatalf("the address %s does not carry the program", link)
	}
	tab, closeTab := chromedp.NewContext(ctx) // a new tab of the same browser
	if err := chromedp.Do(tab); err != nil {  // opened without a deadline, which would close it
		t.Fatal(err)
	}
	step(t, tab, "open the link in a new tab", chromedp.Navigate(link), waitFor(`document.body.dataset.ready === "true"`))
	if got := eval[string](t, tab, `document.querySelector("#source").value`); got != string(want) {
		t.Errorf("the link reproduced %q", got)
	}
	if got := eval[string](t, tab, `document.querySelector("#examples").value`); got != "hello" {
		t.Errorf("the menu shows %q for a link to the hello example", got)
	}
	closeTab()

	// A runtime error: the stack trace's positions are links to the source.
	bad := "using System;\nusing System.Threading.Tasks;\n\nstatic async Task Fail()\n{\n    await Task.Yield();\n    throw new InvalidOperationException(\"boom\");\n}\n\nawait Fail();\n"
	step(t, ctx, "run a failing program",
		openProgram(t, srv.URL, bad),
		chromedp.Click(chromedp.CSS("#run")),
		waitFor(`document.querySelector("#model-sm").dataset.exit === "1" && document.querySelector("#model-rt").dataset.exit === "1"`),
		chromedp.Click(chromedp.CSS(`#model-sm .stderr a.pos`)),
	)
	if pos := eval[string](t, ctx, `document.querySelector("#cursor").textContent`); pos != "7:1" {
		t.Errorf("clicking the exception's first frame put the caret at %s, want 7:1", pos)
	}
	if mark := eval[string](t, ctx, `document.querySelector("#gutter .mark-exception")?.textContent ?? ""`); mark != "7" {
		t.Errorf("gutter marks line %q, want 7", mark)
	}

	// A compile error: the diagnostic's position moves the caret to its column.
	step(t, ctx, "run a program that does not compile",
		openProgram(t, srv.URL, "using System;\n\nConsole.WriteLine(missing);\n"),
		chromedp.Click(chromedp.CSS("#run")),
		waitFor(`document.querySelector("#model-rt").dataset.exit === "2"`),
		chromedp.Click(chromedp.CSS(`#model-rt .stderr a.pos`)),
	)
	if pos := eval[string](t, ctx, `document.querySelector("#cursor").textContent`); pos != "3:19" {
		t.Errorf("clicking the diagnostic put the caret at %s, want 3:19", pos)
	}

	if path := os.Getenv("ASYNCVM_SCREENSHOT"); path != "" {
		var png []byte
		step(t, ctx, "screenshot",
			chromedp.Navigate(srv.URL+"/#example=hello"),
			waitFor(`document.body.dataset.ready === "true"`),
			chromedp.Click(chromedp.CSS("#run")),
			waitFor(`document.querySelector("#model-sm").dataset.exit !== undefined`),
			func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
				var err error
				png, err = chromedp.CaptureScreenshot()(ctx, tg)
				return chromedp.Void{}, err
			},
		)
		os.WriteFile(path, png, 0o644)
	}
}

func countNonAsync(list []os.DirEntry) int {
	n := 0
	for _, e := range list {
		if !strings.HasSuffix(e.Name(), ".async") {
			n++
		}
	}
	return n
}

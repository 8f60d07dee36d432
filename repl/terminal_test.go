package repl

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tmuxREPL drives the built binary in a real terminal under tmux.
type tmuxREPL struct {
	t      *testing.T
	socket string
}

func (r *tmuxREPL) tmux(args ...string) string {
	r.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", r.socket}, args...)...).CombinedOutput()
	if err != nil {
		r.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func (r *tmuxREPL) screen() string { return r.tmux("capture-pane", "-p", "-t", "repl") }

// waitFor polls the screen until it contains want.
func (r *tmuxREPL) waitFor(want string) {
	r.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(r.screen(), want) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	r.t.Fatalf("screen never showed %q:\n%s", want, r.screen())
}

// line types text and Enter.
func (r *tmuxREPL) line(text string) {
	if strings.HasSuffix(text, ";") {
		// A trailing ';' separates tmux commands unless escaped.
		text = strings.TrimSuffix(text, ";") + `\;`
	}
	r.tmux("send-keys", "-t", "repl", "-l", text)
	r.tmux("send-keys", "-t", "repl", "Enter")
}

func TestTerminal(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux not installed")
	}
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(t.TempDir(), "asyncvm")
	build := exec.Command("go", "build", "-o", bin, "asyncvm/cmd/asyncvm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	r := &tmuxREPL{t: t, socket: "asyncvm-repl-test-" + filepath.Base(dir)}
	r.tmux("new-session", "-d", "-s", "repl", "-x", "120", "-y", "50",
		"env XDG_CONFIG_HOME="+dir+" HOME="+dir+" "+bin+"; sleep 30")
	defer exec.Command("tmux", "-L", r.socket, "kill-server").Run()
	r.waitFor("Type :help")

	// A multi-line class: the continuation prompt shows until the brace closes.
	r.line("class Greeter {")
	r.waitFor(". ")
	r.line(`  public string Hi(string n) => "hi " + n;`)
	r.line("}")
	r.line(`new Greeter().Hi("bob")`)
	r.waitFor(`"hi bob"`)

	// Top-level await.
	r.line("async Task<int> Later(int v) { await Task.Delay(20); return v * 2; }")
	r.line("await Later(21)")
	r.waitFor("\n42")

	// Ctrl-C clears the line being typed.
	r.tmux("send-keys", "-t", "repl", "-l", "this is not C#")
	r.tmux("send-keys", "-t", "repl", "C-c")
	r.line("1 + 2")
	r.waitFor("\n3")
	if strings.Contains(r.screen(), "error") {
		t.Errorf("the cleared line was evaluated:\n%s", r.screen())
	}

	// Ctrl-C cancels a stuck await; the state survives.
	r.line("await new TaskCompletionSource<int>().Task")
	time.Sleep(300 * time.Millisecond)
	r.tmux("send-keys", "-t", "repl", "C-c")
	r.waitFor("evaluation canceled")
	r.line(`new Greeter().Hi("again")`)
	r.waitFor(`"hi again"`)

	// History is saved under the config directory; Ctrl-D exits.
	r.tmux("send-keys", "-t", "repl", "C-d")
	deadline := time.Now().Add(10 * time.Second)
	for {
		hist, err := os.ReadFile(filepath.Join(dir, "asyncvm", "history"))
		if strings.Contains(string(hist), "class Greeter {") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("history file lacks the input: %q (%v)\n%s", hist, err, r.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

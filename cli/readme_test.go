package cli

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"asyncvm/driver"
	"asyncvm/vm"
)

var (
	// usageCommandRE finds the commands in the usage text ("  asyncvm run ...").
	usageCommandRE = regexp.MustCompile(`(?m)^\s+asyncvm ([a-z]+)`)
	// flagRE finds a flag as the help texts and README write it.
	flagRE = regexp.MustCompile(`--[a-z][a-z0-9-]*`)
	// flagGroupRE finds a flag group's definition in the usage text:
	// "LIMITS: --max-heap SIZE, ..." up to the next blank line.
	flagGroupRE = regexp.MustCompile(`(?ms)^([A-Z]+): (.*?)(?:\n\n|\z)`)
	// readmeCommandRE starts a command's entry in README's Commands section.
	readmeCommandRE = regexp.MustCompile(`^asyncvm ([a-z]+)`)
	// goVersionRE finds the go directive of go.mod.
	goVersionRE = regexp.MustCompile(`(?m)^go (\S+)$`)
)

// helpText runs `asyncvm help ARGS...` and returns what it printed.
func helpText(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := Main(append([]string{"help"}, args...), nil, &out, &errb); code != 0 {
		t.Fatalf("asyncvm help %s: exit %d: %s", strings.Join(args, " "), code, errb.String())
	}
	return out.String()
}

// commandFlags maps every command that `asyncvm help` lists to the flags
// its usage line and its own help page show. A usage line may name a group
// of flags the usage text defines once ("[LIMITS]" and "LIMITS: --max-heap
// SIZE, ..."); the group's flags then belong to the command too.
func commandFlags(t *testing.T) map[string][]string {
	usage := helpText(t)
	groups := map[string]string{}
	for _, m := range flagGroupRE.FindAllStringSubmatch(usage, -1) {
		groups[m[1]] = m[2]
	}
	flags := map[string][]string{}
	for _, line := range strings.Split(usage, "\n") {
		m := usageCommandRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		text := line
		for name, def := range groups {
			if strings.Contains(line, "["+name+"]") {
				text += "\n" + def
			}
		}
		if _, ok := help[m[1]]; ok {
			text += "\n" + helpText(t, m[1])
		}
		seen := map[string]bool{}
		flags[m[1]] = []string{}
		for _, f := range flagRE.FindAllString(text, -1) {
			if !seen[f] {
				seen[f] = true
				flags[m[1]] = append(flags[m[1]], f)
			}
		}
	}
	if len(flags) == 0 {
		t.Fatal("asyncvm help lists no commands")
	}
	return flags
}

// readmeCommands splits README's "## Commands" section into one entry per
// command: the line starting with "asyncvm NAME" and the lines after it up
// to the next command.
func readmeCommands(t *testing.T, readme string) map[string]string {
	start := strings.Index(readme, "\n## Commands\n")
	if start < 0 {
		t.Fatal("README.md has no \"## Commands\" section")
	}
	section := readme[start+len("\n## Commands\n"):]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	entries := map[string]string{}
	current := ""
	for _, line := range strings.Split(section, "\n") {
		if m := readmeCommandRE.FindStringSubmatch(line); m != nil {
			current = m[1]
		}
		if current != "" {
			entries[current] += line + "\n"
		}
	}
	return entries
}

// TestReadmeDocumentsTheCLI keeps README.md in step with the command line:
// every command `asyncvm help` lists has an entry in README's Commands
// section naming every flag that its help shows, README documents no flag
// or command the CLI does not have, README has a row for each exit
// status, and README states the Go version of go.mod. When a command or flag is added, this test names what README
// lacks.
func TestReadmeDocumentsTheCLI(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	entries := readmeCommands(t, readme)
	flags := commandFlags(t)
	for cmd, fs := range flags {
		entry, ok := entries[cmd]
		if !ok {
			t.Errorf("README.md: no entry for `asyncvm %s` in the Commands section", cmd)
			continue
		}
		for _, f := range fs {
			if !strings.Contains(entry, f) {
				t.Errorf("README.md: the `asyncvm %s` entry does not mention %s (shown by asyncvm help)", cmd, f)
			}
		}
	}
	for cmd, entry := range entries {
		if _, ok := flags[cmd]; !ok {
			t.Errorf("README.md documents `asyncvm %s`, which asyncvm help does not list", cmd)
			continue
		}
		for _, f := range flagRE.FindAllString(entry, -1) {
			if !strings.Contains(strings.Join(flags[cmd], " ")+" ", f+" ") {
				t.Errorf("README.md: the `asyncvm %s` entry mentions %s, which its help does not show", cmd, f)
			}
		}
	}

	for _, status := range []int{driver.ExitOK, driver.ExitRuntime, driver.ExitCompile, vm.ExitInternal} {
		if !strings.Contains(readme, fmt.Sprintf("\n| %d | ", status)) {
			t.Errorf("README.md's exit status table has no row for %d", status)
		}
	}

	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := goVersionRE.FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod has no go directive")
	}
	if want := "Go " + string(m[1]); !strings.Contains(readme, want) {
		t.Errorf("README.md does not state the Go version go.mod requires (%q)", want)
	}
}

// Package peers runs asyncvm's benchmark workloads (bench/*.async) on other
// interpreters written in Go, gopher-lua and goja, so that asyncvm's numbers
// can be read next to theirs measured in the same process on the same machine.
//
// It is a separate Go module so that the main module never depends on either
// interpreter. Each workload's expected output is read from the `// expect:`
// line of the matching .async file, so a peer that computes something else
// fails instead of looking fast.
package peers

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// FibCalls is the number of calls that a recursive fib(30) makes,
// 2*fib(31) - 1.
const FibCalls = 2_692_537

// Workload is one benchmark program written once per language.
type Workload struct {
	Name  string  // sub-benchmark name, e.g. "fib30"
	File  string  // the asyncvm program in bench/, e.g. "fib.async"
	Units float64 // calls or loop iterations in one run
	Unit  string  // custom metric reported per unit: "ns/call" or "ns/iter"
	Lua   string  // gopher-lua source defining a global run(); empty when Lua has no counterpart
	JS    string  // goja source defining a global run(); empty when JS has no counterpart
	// JSAsync says that run() is an async function: its promise is settled
	// by the job queue that goja drains before a call returns.
	JSAsync bool
	// Note says how a peer version differs from the asyncvm program.
	Note string
}

// Workloads lists the benchmark programs in the order they are reported.
var Workloads = []Workload{
	{
		Name:  "fib30",
		File:  "fib.async",
		Units: FibCalls,
		Unit:  "ns/call",
		Lua: `
function run()
  local function fib(n)
    if n < 2 then return n end
    return fib(n - 1) + fib(n - 2)
  end
  return fib(30)
end`,
		JS: `
function run() {
  function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
  return fib(30);
}`,
	},
	{
		Name:  "calls",
		File:  "calls.async",
		Units: 1_000_000,
		Unit:  "ns/iter",
		Lua: `
function run()
  local function inc(x) return x + 1 end
  local x = 0
  for i = 0, 999999 do x = inc(x) end
  return x
end`,
		JS: `
function run() {
  function inc(x) { return x + 1; }
  let x = 0;
  for (let i = 0; i < 1000000; i++) { x = inc(x); }
  return x;
}`,
	},
	{
		Name:  "arith",
		File:  "arith.async",
		Units: 1_000_000,
		Unit:  "ns/iter",
		// Lua 5.1 numbers are doubles and it has no bitwise operators, so
		// the Lua version wraps to int32 by hand and XORs the low four bits
		// through a 16x16 table; floored % gives the two's-complement low
		// bits of a negative number, which is what makes this exact.
		Lua: `
local XOR16 = {}
for a = 0, 15 do
  for b = 0, 15 do
    local r, bit, x, y = 0, 1, a, b
    for _ = 1, 4 do
      if x % 2 ~= y % 2 then r = r + bit end
      x = (x - x % 2) / 2
      y = (y - y % 2) / 2
      bit = bit * 2
    end
    XOR16[a * 16 + b + 1] = r
  end
end

function run()
  local xor16 = XOR16
  local acc = 1
  for i = 0, 999999 do
    acc = (acc * 31 + i) % 4294967296
    if acc >= 2147483648 then acc = acc - 4294967296 end
    local lo = acc % 16
    acc = acc - lo + xor16[lo * 16 + i % 16 + 1]
    if acc > 1000000000 then
      acc = acc - 999999999
    elseif acc < -1000000000 then
      acc = acc + 999999999
    end
  end
  return acc
end`,
		JS: `
function run() {
  let acc = 1;
  for (let i = 0; i < 1000000; i++) {
    acc = (acc * 31 + i) | 0;
    acc ^= i % 16;
    if (acc > 1000000000) {
      acc -= 999999999;
    } else if (acc < -1000000000) {
      acc += 999999999;
    }
  }
  return acc;
}`,
		Note: "Lua wraps to int32 by hand and XORs through a table (Lua 5.1 has no integers or bit operators)",
	},
	{
		Name:  "strings",
		File:  "strings.async",
		Units: 10_000,
		Unit:  "ns/iter",
		Lua: `
function run()
  local s = ""
  for i = 0, 9999 do s = s .. tostring(i) end
  return #s
end`,
		JS: `
function run() {
  let s = "";
  for (let i = 0; i < 10000; i++) { s += String(i); }
  return s.length;
}`,
	},
	{
		Name:    "fib30_async",
		File:    "fib_async.async",
		Units:   FibCalls,
		Unit:    "ns/call",
		JSAsync: true,
		JS: `
async function run() {
  async function fib(n) {
    if (n < 2) return n;
    return (await fib(n - 1)) + (await fib(n - 2));
  }
  return await fib(30);
}`,
		Note: "in JS every await suspends through the microtask queue; C# takes the completed-task fast path",
	},
	{
		Name:    "await_completed",
		File:    "await_completed.async",
		Units:   1_000_000,
		Unit:    "ns/iter",
		JSAsync: true,
		JS: `
async function run() {
  const done = Promise.resolve(1);
  let sum = 0;
  for (let i = 0; i < 1000000; i++) { sum += await done; }
  return sum;
}`,
		Note: "awaiting a resolved promise still suspends in JS",
	},
	{
		Name:    "await_valuetask",
		File:    "await_valuetask.async",
		Units:   1_000_000,
		Unit:    "ns/iter",
		JSAsync: true,
		JS: `
async function run() {
  let sum = 0;
  for (let i = 0; i < 1000000; i++) { sum += await 1; }
  return sum;
}`,
		Note: "JS has no ValueTask; the nearest is awaiting a plain value, which still suspends",
	},
	{
		Name:    "yield",
		File:    "yield.async",
		Units:   100_000,
		Unit:    "ns/iter",
		JSAsync: true,
		Lua: `
function run()
  local co = coroutine.wrap(function()
    local count = 0
    for i = 1, 100000 do
      coroutine.yield()
      count = count + 1
    end
    return count
  end)
  local r = co()
  while r == nil do r = co() end
  return r
end`,
		JS: `
async function run() {
  let count = 0;
  for (let i = 0; i < 100000; i++) { await null; count++; }
  return count;
}`,
		Note: "goja: await null; gopher-lua: coroutine.yield resumed by a loop",
	},
}

// Expected returns the output that the workload's .async program declares
// with its `// expect:` line. dir is the directory holding the .async files.
func (w Workload) Expected(dir string) (string, error) {
	path := filepath.Join(dir, w.File)
	src, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "// expect:"); ok {
			lines = append(lines, strings.TrimSpace(rest))
		}
	}
	if err := sc.Err(); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	if len(lines) != 1 {
		return "", fmt.Errorf("%s: want exactly one '// expect:' line, found %d", path, len(lines))
	}
	return lines[0], nil
}

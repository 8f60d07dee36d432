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

// NBodySteps is the number of simulation steps of the nbody workload.
const NBodySteps = 20_000

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
		Name:  "nbody",
		File:  "nbody.async",
		Units: NBodySteps,
		Unit:  "ns/iter",
		Lua: `
local SOLAR_MASS = 4 * math.pi * math.pi
local DAYS_PER_YEAR = 365.24

local function body(x, y, z, vx, vy, vz, mass)
  return {x = x, y = y, z = z, vx = vx, vy = vy, vz = vz, mass = mass}
end

local function makeBodies()
  local bodies = {
    body(0, 0, 0, 0, 0, 0, SOLAR_MASS),
    body(4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
      1.66007664274403694e-03 * DAYS_PER_YEAR, 7.69901118419740425e-03 * DAYS_PER_YEAR,
      -6.90460016972063023e-05 * DAYS_PER_YEAR, 9.54791938424326609e-04 * SOLAR_MASS),
    body(8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
      -2.76742510726862411e-03 * DAYS_PER_YEAR, 4.99852801234917238e-03 * DAYS_PER_YEAR,
      2.30417297573763929e-05 * DAYS_PER_YEAR, 2.85885980666130812e-04 * SOLAR_MASS),
    body(1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
      2.96460137564761618e-03 * DAYS_PER_YEAR, 2.37847173959480950e-03 * DAYS_PER_YEAR,
      -2.96589568540237556e-05 * DAYS_PER_YEAR, 4.36624404335156298e-05 * SOLAR_MASS),
    body(1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
      2.68067772490389322e-03 * DAYS_PER_YEAR, 1.62824170038242295e-03 * DAYS_PER_YEAR,
      -9.51592254519715870e-05 * DAYS_PER_YEAR, 5.15138902046611451e-05 * SOLAR_MASS),
  }
  local px, py, pz = 0, 0, 0
  for _, b in ipairs(bodies) do
    px = px + b.vx * b.mass
    py = py + b.vy * b.mass
    pz = pz + b.vz * b.mass
  end
  local sun = bodies[1]
  sun.vx = -px / SOLAR_MASS
  sun.vy = -py / SOLAR_MASS
  sun.vz = -pz / SOLAR_MASS
  return bodies
end

local function energy(bodies)
  local e = 0
  local n = #bodies
  for i = 1, n do
    local b = bodies[i]
    e = e + 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz)
    for j = i + 1, n do
      local c = bodies[j]
      local dx, dy, dz = b.x - c.x, b.y - c.y, b.z - c.z
      e = e - b.mass * c.mass / math.sqrt(dx * dx + dy * dy + dz * dz)
    end
  end
  return e
end

local function advance(bodies, dt)
  local n = #bodies
  for i = 1, n do
    local b = bodies[i]
    for j = i + 1, n do
      local c = bodies[j]
      local dx, dy, dz = b.x - c.x, b.y - c.y, b.z - c.z
      local d2 = dx * dx + dy * dy + dz * dz
      local mag = dt / (d2 * math.sqrt(d2))
      local bm, cm = b.mass * mag, c.mass * mag
      b.vx = b.vx - dx * cm; b.vy = b.vy - dy * cm; b.vz = b.vz - dz * cm
      c.vx = c.vx + dx * bm; c.vy = c.vy + dy * bm; c.vz = c.vz + dz * bm
    end
  end
  for i = 1, n do
    local b = bodies[i]
    b.x = b.x + dt * b.vx
    b.y = b.y + dt * b.vy
    b.z = b.z + dt * b.vz
  end
end

function run()
  local bodies = makeBodies()
  local before = energy(bodies)
  for s = 1, 20000 do advance(bodies, 0.01) end
  return string.format("%.9f %.9f", before, energy(bodies))
end`,
		JS: `
const SOLAR_MASS = 4 * Math.PI * Math.PI;
const DAYS_PER_YEAR = 365.24;

function Body(x, y, z, vx, vy, vz, mass) {
  this.x = x; this.y = y; this.z = z; this.vx = vx; this.vy = vy; this.vz = vz; this.mass = mass;
}

function makeBodies() {
  const bodies = [
    new Body(0, 0, 0, 0, 0, 0, SOLAR_MASS),
    new Body(4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
      1.66007664274403694e-03 * DAYS_PER_YEAR, 7.69901118419740425e-03 * DAYS_PER_YEAR,
      -6.90460016972063023e-05 * DAYS_PER_YEAR, 9.54791938424326609e-04 * SOLAR_MASS),
    new Body(8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
      -2.76742510726862411e-03 * DAYS_PER_YEAR, 4.99852801234917238e-03 * DAYS_PER_YEAR,
      2.30417297573763929e-05 * DAYS_PER_YEAR, 2.85885980666130812e-04 * SOLAR_MASS),
    new Body(1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
      2.96460137564761618e-03 * DAYS_PER_YEAR, 2.37847173959480950e-03 * DAYS_PER_YEAR,
      -2.96589568540237556e-05 * DAYS_PER_YEAR, 4.36624404335156298e-05 * SOLAR_MASS),
    new Body(1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
      2.68067772490389322e-03 * DAYS_PER_YEAR, 1.62824170038242295e-03 * DAYS_PER_YEAR,
      -9.51592254519715870e-05 * DAYS_PER_YEAR, 5.15138902046611451e-05 * SOLAR_MASS),
  ];
  let px = 0, py = 0, pz = 0;
  for (const b of bodies) {
    px += b.vx * b.mass;
    py += b.vy * b.mass;
    pz += b.vz * b.mass;
  }
  const sun = bodies[0];
  sun.vx = -px / SOLAR_MASS;
  sun.vy = -py / SOLAR_MASS;
  sun.vz = -pz / SOLAR_MASS;
  return bodies;
}

function energy(bodies) {
  let e = 0;
  for (let i = 0; i < bodies.length; i++) {
    const b = bodies[i];
    e += 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz);
    for (let j = i + 1; j < bodies.length; j++) {
      const c = bodies[j];
      const dx = b.x - c.x, dy = b.y - c.y, dz = b.z - c.z;
      e -= b.mass * c.mass / Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
  }
  return e;
}

function advance(bodies, dt) {
  const n = bodies.length;
  for (let i = 0; i < n; i++) {
    const b = bodies[i];
    for (let j = i + 1; j < n; j++) {
      const c = bodies[j];
      const dx = b.x - c.x, dy = b.y - c.y, dz = b.z - c.z;
      const d2 = dx * dx + dy * dy + dz * dz;
      const mag = dt / (d2 * Math.sqrt(d2));
      const bm = b.mass * mag, cm = c.mass * mag;
      b.vx -= dx * cm; b.vy -= dy * cm; b.vz -= dz * cm;
      c.vx += dx * bm; c.vy += dy * bm; c.vz += dz * bm;
    }
  }
  for (let i = 0; i < n; i++) {
    const b = bodies[i];
    b.x += dt * b.vx;
    b.y += dt * b.vy;
    b.z += dt * b.vz;
  }
}

function run() {
  const bodies = makeBodies();
  const before = energy(bodies);
  for (let s = 0; s < 20000; s++) advance(bodies, 0.01);
  return before.toFixed(9) + " " + energy(bodies).toFixed(9);
}`,
		Note: "Lua bodies are tables with string keys, JS bodies objects of one constructor",
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

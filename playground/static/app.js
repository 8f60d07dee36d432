// The playground page: the editor, the examples menu, runs in both models,
// the disassembly tabs and links that carry the program in the URL.
// Talks to the JSON API of package playground (docs/playground.md).
"use strict";

const FILENAME = "program.async";
const $ = (sel, root = document) => root.querySelector(sel);

const source = $("#source");
const highlightEl = $("#highlight");
const gutter = $("#gutter");
const statusEl = $("#status");
const examplesEl = $("#examples");

// The counters drawn as bars, in order: [JSON name of vm.Stats, label].
const COUNTERS = [
  ["tasks", "tasks"],
  ["continuations", "continuations"],
  ["state_machine_boxes", "state-machine boxes"],
  ["ec_captures", "context captures"],
  ["heap_bytes", "bytes allocated"],
];

let marks = new Map(); // line -> "error" | "exception": gutter marks from the last run
let viewsFor = null; // the source the disassembly tabs were fetched for
let hashTimer = 0;

// ---- editor ----

function refreshEditor() {
  const text = source.value;
  // A trailing newline needs a character after it to take up a line in a <pre>.
  highlightEl.innerHTML = CSharp.highlight(text) + "\n ";
  const lines = text.split("\n").length;
  let g = "";
  for (let i = 1; i <= lines; i++) {
    const k = marks.get(i);
    g += (k ? '<span class="mark-' + k + '">' + i + "</span>" : String(i)) + "\n";
  }
  gutter.innerHTML = g;
  syncScroll();
  showCursor();
}

function syncScroll() {
  highlightEl.scrollTop = source.scrollTop;
  highlightEl.scrollLeft = source.scrollLeft;
  gutter.scrollTop = source.scrollTop;
}

function cursorLineCol() {
  const before = source.value.slice(0, source.selectionStart);
  const line = before.split("\n").length;
  const col = source.selectionStart - before.lastIndexOf("\n");
  return [line, col];
}

function showCursor() {
  const [line, col] = cursorLineCol();
  $("#cursor").textContent = line + ":" + col;
}

// moveCursor puts the caret at a 1-based line and column and scrolls to it.
function moveCursor(line, col) {
  const lines = source.value.split("\n");
  line = Math.max(1, Math.min(line, lines.length));
  let off = 0;
  for (let i = 0; i < line - 1; i++) off += lines[i].length + 1;
  off += Math.max(0, Math.min((col || 1) - 1, lines[line - 1].length));
  source.focus();
  source.setSelectionRange(off, off);
  const lh = parseFloat(getComputedStyle(source).lineHeight) || 18;
  const top = (line - 1) * lh;
  if (top < source.scrollTop || top > source.scrollTop + source.clientHeight - 2 * lh) {
    source.scrollTop = Math.max(0, top - source.clientHeight / 3);
  }
  syncScroll();
  showCursor();
}

function setSource(text) {
  source.value = text;
  source.setSelectionRange(0, 0);
  source.scrollTop = 0;
  marks = new Map();
  viewsFor = null;
  refreshEditor();
}

source.addEventListener("input", () => {
  marks = new Map();
  refreshEditor();
  clearTimeout(hashTimer);
  hashTimer = setTimeout(updateHash, 600);
});
source.addEventListener("scroll", syncScroll);
for (const ev of ["keyup", "click", "select"]) source.addEventListener(ev, showCursor);
source.addEventListener("keydown", (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key === "Enter") {
    e.preventDefault();
    run();
    return;
  }
  if (e.key === "Tab" && !e.ctrlKey && !e.metaKey && !e.altKey) {
    e.preventDefault();
    // execCommand keeps the browser's undo history; setRangeText is the fallback.
    if (!document.execCommand("insertText", false, "    ")) {
      source.setRangeText("    ", source.selectionStart, source.selectionEnd, "end");
      refreshEditor();
    }
  }
});

// ---- the program in the URL: #code=<base64url of raw deflate of UTF-8> ----

function toBase64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(s) {
  s = s.replace(/-/g, "+").replace(/_/g, "/");
  while (s.length % 4) s += "=";
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function pipe(bytes, stream) {
  const res = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await res.arrayBuffer());
}

async function encodeProgram(text) {
  const utf8 = new TextEncoder().encode(text);
  if (typeof CompressionStream === "function") {
    return "code=" + toBase64url(await pipe(utf8, new CompressionStream("deflate-raw")));
  }
  return "src=" + toBase64url(utf8);
}

async function decodeHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if (params.has("code")) {
    const raw = await pipe(fromBase64url(params.get("code")), new DecompressionStream("deflate-raw"));
    return { source: new TextDecoder().decode(raw) };
  }
  if (params.has("src")) return { source: new TextDecoder().decode(fromBase64url(params.get("src"))) };
  if (params.has("example")) return { example: params.get("example") };
  return {};
}

async function updateHash() {
  const h = "#" + (await encodeProgram(source.value));
  if (location.hash !== h) history.replaceState(null, "", h);
  return location.href;
}

$("#share").addEventListener("click", async () => {
  const url = await updateHash();
  try {
    await navigator.clipboard.writeText(url);
    setStatus("Link copied: it reproduces this program.");
  } catch {
    setStatus("The address bar now holds a link to this program.");
  }
});

window.addEventListener("hashchange", async () => {
  const cur = "#" + (await encodeProgram(source.value));
  if (location.hash === cur) return;
  await loadFromHash();
});

// ---- examples ----

let examples = [];

async function loadExamples() {
  const res = await fetch("api/examples");
  examples = await res.json();
  for (const ex of examples) {
    const opt = document.createElement("option");
    opt.value = ex.name;
    opt.textContent = ex.name + (ex.title !== ex.name ? " — " + ex.title : "");
    examplesEl.appendChild(opt);
  }
}

function loadExample(name) {
  const ex = examples.find((e) => e.name === name);
  if (!ex) return false;
  examplesEl.value = name;
  setSource(ex.source);
  clearResults();
  updateHash();
  return true;
}

examplesEl.addEventListener("change", () => {
  if (examplesEl.value) loadExample(examplesEl.value);
});

async function loadFromHash() {
  let h = {};
  try {
    h = await decodeHash(location.hash);
  } catch (e) {
    setStatus("The link's program could not be decoded: " + e.message, true);
  }
  if (h.source !== undefined) {
    const same = examples.find((e) => e.source === h.source);
    examplesEl.value = same ? same.name : "";
    setSource(h.source);
    clearResults();
    return true;
  }
  if (h.example) return loadExample(h.example);
  return false;
}

// ---- API ----

async function api(path, body) {
  const res = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  let data;
  try {
    data = await res.json();
  } catch {
    throw new Error(res.status + " " + res.statusText);
  }
  if (!res.ok) throw new Error(data.error || res.status + " " + res.statusText);
  return data;
}

function setStatus(msg, bad) {
  statusEl.textContent = msg;
  statusEl.classList.toggle("bad", !!bad);
}

// ---- results ----

// linkify escapes stderr text and turns each position of the program
// (program.async:L:C, program.async:line L) into a link that moves the caret.
function linkify(text) {
  const re = new RegExp(FILENAME.replace(".", "\\.") + ":(?:(\\d+):(\\d+)|line (\\d+))", "g");
  let out = "";
  let last = 0;
  for (const m of text.matchAll(re)) {
    out += CSharp.esc(text.slice(last, m.index));
    const line = m[1] || m[3];
    const col = m[2] || "1";
    out += '<a href="#" class="pos" data-line="' + line + '" data-col="' + col + '">' + CSharp.esc(m[0]) + "</a>";
    last = m.index + m[0].length;
  }
  return out + CSharp.esc(text.slice(last));
}

document.addEventListener("click", (e) => {
  const a = e.target.closest("a.pos");
  if (!a) return;
  e.preventDefault();
  moveCursor(+a.dataset.line, +a.dataset.col);
});

function clearResults() {
  for (const el of document.querySelectorAll(".model")) {
    $(".summary", el).textContent = "";
    $(".summary", el).className = "summary";
    $(".stdout", el).textContent = "";
    $(".stdout", el).hidden = false;
    $(".stderr", el).textContent = "";
    $(".chart", el).textContent = "";
    el.removeAttribute("data-exit");
  }
  viewsFor = null;
  const tab = activeTab();
  if (tab !== "run") showView(tab);
}

function formatCount(name, v) {
  if (name === "heap_bytes") {
    if (v >= 1 << 20) return (v / (1 << 20)).toFixed(1) + " MiB";
    if (v >= 1 << 10) return (v / (1 << 10)).toFixed(1) + " KiB";
    return v + " B";
  }
  return String(v);
}

// chart draws one model's counters as horizontal bars, each row scaled to
// the larger value of that counter across the models.
function chart(stats, maxima) {
  const NS = "http://www.w3.org/2000/svg";
  const rowH = 22, labelW = 150, barW = 150, width = labelW + barW + 80;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 " + width + " " + rowH * COUNTERS.length);
  svg.setAttribute("width", width);
  svg.setAttribute("height", rowH * COUNTERS.length);
  svg.setAttribute("role", "img");
  svg.classList.add("bars");
  COUNTERS.forEach(([name, label], i) => {
    const v = stats[name] || 0;
    const g = document.createElementNS(NS, "g");
    g.setAttribute("data-counter", name);
    g.setAttribute("data-value", v);
    const y = i * rowH;
    const t = document.createElementNS(NS, "text");
    t.setAttribute("x", labelW - 8);
    t.setAttribute("y", y + 15);
    t.setAttribute("text-anchor", "end");
    t.textContent = label;
    const track = document.createElementNS(NS, "rect");
    track.setAttribute("class", "track");
    track.setAttribute("x", labelW);
    track.setAttribute("y", y + 4);
    track.setAttribute("width", barW);
    track.setAttribute("height", rowH - 8);
    const bar = document.createElementNS(NS, "rect");
    bar.setAttribute("class", "bar bar-" + name);
    bar.setAttribute("x", labelW);
    bar.setAttribute("y", y + 4);
    const w = maxima[name] > 0 ? Math.max(v > 0 ? 2 : 0, (barW * v) / maxima[name]) : 0;
    bar.setAttribute("width", w.toFixed(1));
    bar.setAttribute("height", rowH - 8);
    const val = document.createElementNS(NS, "text");
    val.setAttribute("class", "value");
    val.setAttribute("x", labelW + barW + 6);
    val.setAttribute("y", y + 15);
    val.textContent = formatCount(name, v);
    const title = document.createElementNS(NS, "title");
    title.textContent = label + ": " + v;
    g.append(title, t, track, bar, val);
    svg.appendChild(g);
  });
  return svg;
}

// markDifferences escapes a run's output and, when the other model printed
// something else, marks the lines that differ from its line at the same place.
function markDifferences(run, runs) {
  const other = runs.find((r) => r !== run);
  if (!other || !other.compiled || other.stdout === run.stdout) return CSharp.esc(run.stdout);
  const mine = run.stdout.split("\n");
  const theirs = other.stdout.split("\n");
  return mine.map((line, i) => (line !== theirs[i] && (line !== "" || i < mine.length - 1)
    ? '<mark class="diff" title="the other model printed something else here">' + CSharp.esc(line) + "</mark>"
    : CSharp.esc(line))).join("\n");
}

function renderRun(runs) {
  const maxima = {};
  for (const [name] of COUNTERS) maxima[name] = Math.max(0, ...runs.map((r) => (r.stats ? r.stats[name] || 0 : 0)));
  marks = new Map();
  for (const r of runs) {
    const el = $("#model-" + r.mode);
    if (!el) continue;
    el.dataset.exit = r.exit;
    const sum = $(".summary", el);
    sum.className = "summary " + (r.exit === 0 ? "ok" : "fail");
    let s = "exit " + r.exit;
    if (r.compiled) s += " · " + r.run_ms.toFixed(1) + " ms run";
    if (r.stats) s += " · " + r.stats.instructions.toLocaleString("en-US") + " instructions";
    s += " · " + r.compile_ms.toFixed(1) + " ms compile";
    if (!r.compiled) s += " · did not compile";
    if (r.truncated) s += " · output truncated";
    sum.textContent = s;
    $(".stdout", el).innerHTML = markDifferences(r, runs);
    $(".stdout", el).hidden = !r.compiled;
    $(".stderr", el).innerHTML = linkify(r.stderr);
    const c = $(".chart", el);
    c.textContent = "";
    if (r.stats) c.appendChild(chart(r.stats, maxima));
    for (const d of r.diagnostics || []) {
      if (marks.get(d.line) !== "error") marks.set(d.line, d.kind);
    }
  }
  refreshEditor();
}

let running = false;

async function run() {
  if (running) return;
  running = true;
  const runBtn = $("#run");
  runBtn.disabled = true;
  setStatus("Running in rt and sm…");
  document.body.classList.add("busy");
  const t0 = performance.now();
  try {
    updateHash();
    const data = await api("api/run", { source: source.value });
    renderRun(data.runs);
    selectTab("run");
    const agree = data.runs.length === 2 && data.runs[0].stdout === data.runs[1].stdout && data.runs[0].exit === data.runs[1].exit;
    setStatus("Done in " + Math.round(performance.now() - t0) + " ms" + (data.runs.length === 2 ? (agree ? " · the models agree" : " · the models differ") : ""));
  } catch (e) {
    setStatus(e.message, true);
  } finally {
    running = false;
    runBtn.disabled = false;
    document.body.classList.remove("busy");
  }
}

$("#run").addEventListener("click", run);

// ---- tabs ----

const VIEWS = {
  lowered: { mode: "sm", lowered: true },
  rtasm: { mode: "rt", lowered: false },
  smasm: { mode: "sm", lowered: false },
};

function activeTab() {
  const b = $(".tabs button.active");
  return b ? b.dataset.tab : "run";
}

function selectTab(name) {
  for (const o of document.querySelectorAll(".tabs button")) {
    o.classList.toggle("active", o.dataset.tab === name);
    o.setAttribute("aria-selected", o.dataset.tab === name);
  }
  for (const t of document.querySelectorAll(".tab")) t.hidden = t.id !== "tab-" + name;
  if (name !== "run") showView(name);
}

for (const b of document.querySelectorAll(".tabs button")) {
  b.addEventListener("click", () => selectTab(b.dataset.tab));
}

// showView fetches the disassembly of the current source for a tab, once per
// version of the source (all three tabs at once, so switching is instant).
async function showView(tab) {
  if (viewsFor === source.value) return;
  const text = source.value;
  viewsFor = text;
  for (const name of Object.keys(VIEWS)) {
    const panel = $("#tab-" + name);
    panel.classList.add("loading");
    panel.dataset.ready = "false";
  }
  await Promise.all(Object.entries(VIEWS).map(async ([name, req]) => {
    const panel = $("#tab-" + name);
    try {
      const res = await api("api/disasm", { source: text, mode: req.mode, lowered: req.lowered });
      if (viewsFor !== text) return;
      const listing = $(".listing", panel);
      listing.innerHTML = req.lowered ? CSharp.highlight(res.text) : CSharp.asm(res.text);
      $(".stderr", panel).innerHTML = linkify(res.stderr || "");
    } catch (e) {
      $(".stderr", panel).textContent = e.message;
    } finally {
      panel.classList.remove("loading");
      panel.dataset.ready = "true";
    }
  }));
}

// ---- start ----

(async () => {
  try {
    await loadExamples();
  } catch (e) {
    setStatus("Could not load the examples: " + e.message, true);
  }
  if (!(await loadFromHash())) {
    if (!loadExample("hello") && examples.length) loadExample(examples[0].name);
  }
  refreshEditor();
  document.body.dataset.ready = "true";
})();

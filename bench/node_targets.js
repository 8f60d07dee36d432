// node_targets.js measures the Node.js figures issue 14's targets are
// stated against, in-process: wall and CPU time (process.hrtime.bigint,
// process.cpuUsage) per iteration of
//   - a setImmediate loop (100,000 hops, each scheduled by the previous one);
//   - an awaited setImmediate round trip (await new Promise(r => setImmediate(r)));
//   - a depth-10 async chain whose innermost call does `await null`.
// Usage: node bench/node_targets.js [reps]; prints the median of reps runs.
const N = 100000;

function timeIt(run) {
  return async () => {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    await run();
    const wall = Number(process.hrtime.bigint() - t0) / N;
    const c = process.cpuUsage(c0);
    return { wall, cpu: ((c.user + c.system) * 1000) / N };
  };
}

const immediateLoop = timeIt(() => new Promise((done) => {
  let left = N;
  const hop = () => (--left === 0 ? done() : setImmediate(hop));
  setImmediate(hop);
}));

const immediateRoundTrip = timeIt(async () => {
  for (let i = 0; i < N; i++) await new Promise((r) => setImmediate(r));
});

async function chain(depth) {
  if (depth === 1) {
    await null;
    return 1;
  }
  return (await chain(depth - 1)) + 1;
}

const chain10 = timeIt(async () => {
  let s = 0;
  for (let i = 0; i < N; i++) s += await chain(10);
  if (s !== 10 * N) throw new Error('chain10: wrong sum ' + s);
});

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

(async () => {
  const reps = Number(process.argv[2] || 5);
  for (const [name, f] of [['setImmediate loop', immediateLoop], ['setImmediate round trip', immediateRoundTrip], ['await null chain, depth 10', chain10]]) {
    await f(); // warm-up
    const runs = [];
    for (let r = 0; r < reps; r++) runs.push(await f());
    console.log(`${name}: wall ${median(runs.map((x) => x.wall)).toFixed(0)} ns/iter, cpu ${median(runs.map((x) => x.cpu)).toFixed(0)} ns/iter`);
  }
})();

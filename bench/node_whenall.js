// node_whenall.js is bench/whenall.async in Node.js: a million async calls
// that each yield once to the event loop (setImmediate, Node's nearest
// counterpart of Task.Yield's hop to the thread pool), gathered with
// Promise.all. Run it as a fresh process, like `asyncvm run`, side by side:
//   /usr/bin/time -f "%e s %U u %S s %M KB" node bench/node_whenall.js
//   /usr/bin/time -f "%e s %U u %S s %M KB" asyncvm run --mode rt bench/whenall.async
// It prints the sum (500000) and its in-process wall and CPU milliseconds.
const N = 1000000;

async function work(i) {
  await new Promise((r) => setImmediate(r));
  return i & 1;
}

(async () => {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const pending = new Array(N);
  for (let i = 0; i < N; i++) pending[i] = work(i);
  const results = await Promise.all(pending);
  let sum = 0;
  for (const r of results) sum += r;
  const c = process.cpuUsage(c0);
  console.log(`${sum} (wall ${(Number(process.hrtime.bigint() - t0) / 1e6).toFixed(0)} ms, cpu ${((c.user + c.system) / 1000).toFixed(0)} ms)`);
})();

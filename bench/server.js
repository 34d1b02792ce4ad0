// Server benchmark: `filings serve` as a child process over the index at FILINGS_INDEX, on 127.0.0.1.
//  1. With its default limits (issue 12 point 10): N research queries sent at once from one key, for
//     N = 8, 16, 32, 64 (answered, 429 with Retry-After, anything else, latency, /healthz meanwhile),
//     then N clients for a few seconds that honour Retry-After (answered per second).
//  2. With the limits off: autocannon at concurrency 1, 16, 64 (requests/s, p50/p99, peak RSS): the
//     machine's capacity, for comparison.
//  3. The same queries in-process, sequentially.
// Run after `npm run build`: node bench/server.js [--seconds 5] [--workers N] [--bin path/to/bin/filings.js]
// [--defaults-only] (part 1 alone: it runs against any version of filings serve, for a comparison).
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { openEngineBackend } from '../dist/engine/engine-backend.js';
import { resolveIndexPath } from './lib/index-path.js';
import { CHEAP, health, mb, ms, pct, query, rssOf, sleep, startServe } from './load.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 5);
const workers = arg('workers', availableParallelism());
const binAt = process.argv.indexOf('--bin');
const bin = binAt > 0 ? process.argv[binAt + 1] : new URL('../bin/filings.js', import.meta.url).pathname;
const indexPath = resolveIndexPath({ env: process.env });
if (!existsSync(indexPath)) {
  console.error(
    `bench/server.js: no index at ${indexPath}.\nBuild one with "filings corpus init" (the sample corpus), or set FILINGS_INDEX to an index file.`,
  );
  process.exit(1);
}
console.log(`server benchmark: index ${indexPath}, ${workers} workers, node ${process.version}`);

// ---- 1. default limits ---------------------------------------------------------------------------
const N = [8, 16, 32, 64];
const keys = N.flatMap((n) => [`burst-${n}-key`, `steady-${n}-key`]);
let server = await startServe({ bin, index: indexPath, keys: ['warm-key', ...keys], args: ['--workers', String(workers)] });
for (const q of CHEAP) await query(server.base, 'warm-key', q);
const limits = await health(server.url);
console.log(`\n1. default limits (rate 10/s per key, burst 32, up to 1 s wait for a token; ${limits.workers} workers;`);
console.log('   one key runs at most workers - 1 queries, 32 more wait; 30 s deadline): research queries from one key');
console.log('   N at once   answered   429 (Retry-After)   other   p50        p95        max        /healthz p95 / max');

/** Probes /healthz every 50 ms until stopped; resolves with the latencies. */
function probeHealth() {
  let on = true;
  const times = [];
  const done = (async () => {
    while (on) {
      times.push((await health(server.url)).ms);
      await sleep(50);
    }
    return times;
  })();
  return {
    stop: () => {
      on = false;
      return done;
    },
  };
}

for (const n of N) {
  const probe = probeHealth();
  const replies = await Promise.all(Array.from({ length: n }, (_, i) => query(server.base, `burst-${n}-key`, CHEAP[i % CHEAP.length])));
  const probes = await probe.stop();
  const ok = replies.filter((r) => r.status === 200);
  const limited = replies.filter((r) => r.status === 429);
  const told = limited.filter((r) => Number(r.retryAfter) >= 1).length;
  const other = replies.length - ok.length - limited.length;
  const lat = ok.map((r) => r.ms);
  console.log(
    `   ${String(n).padEnd(10)}  ${String(ok.length).padEnd(9)}  ${`${limited.length} (${told})`.padEnd(18)}  ${String(other).padEnd(6)}  ` +
      `${ms(pct(lat, 0.5)).padEnd(9)}  ${ms(pct(lat, 0.95)).padEnd(9)}  ${ms(Math.max(...lat)).padEnd(9)}  ${ms(pct(probes, 0.95))} / ${ms(Math.max(...probes))}`,
  );
}

console.log(`\n   N clients for ${seconds} s, each waiting Retry-After when refused (one key)`);
console.log('   clients   answered/s   429 x   other   p50        p95');
for (const n of N) {
  const stopAt = performance.now() + seconds * 1000;
  const lat = [];
  let limited = 0;
  let other = 0;
  await Promise.all(
    Array.from({ length: n }, async (_, c) => {
      for (let i = c; performance.now() < stopAt; i++) {
        const r = await query(server.base, `steady-${n}-key`, CHEAP[i % CHEAP.length]);
        if (r.status === 200) lat.push(r.ms);
        else if (r.status === 429) {
          limited++;
          await sleep(Number(r.retryAfter ?? 1) * 1000);
        } else other++;
      }
    }),
  );
  console.log(
    `   ${String(n).padEnd(8)}  ${(lat.length / seconds).toFixed(1).padEnd(11)}  ${String(limited).padEnd(6)}  ${String(other).padEnd(6)}  ${ms(pct(lat, 0.5)).padEnd(9)}  ${ms(pct(lat, 0.95))}`,
  );
}
await server.stop();
if (process.argv.includes('--defaults-only')) process.exit(0);

// ---- 2. limits off: the capacity of the workers ---------------------------------------------------
const key = 'capacity-key';
server = await startServe({
  bin,
  index: indexPath,
  keys: [key],
  args: ['--workers', String(workers), '--rate-limit', '0', '--key-concurrency', String(workers), '--key-queue', '1000'],
});
function cannon(connections, duration = seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${server.base}/query`,
        connections,
        duration,
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        requests: CHEAP.map((q) => ({ method: 'POST', body: JSON.stringify(q) })),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}
console.log(`\n2. limits off (--rate-limit 0 --key-concurrency ${workers}): POST /query, research mode, autocannon`);
console.log('   concurrency   req/s     p50        p99        non-2xx   server RSS peak');
await cannon(4, 2); // warm up: page cache, JIT, prepared statements in every worker
for (const c of [1, 16, 64]) {
  let peak = rssOf(server.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 100);
  const r = await cannon(c);
  clearInterval(sampler);
  const bad = r.non2xx + r.errors + r.timeouts;
  console.log(
    `   ${String(c).padEnd(12)}  ${r.requests.average.toFixed(1).padEnd(8)}  ${ms(r.latency.p50).padEnd(9)}  ${ms(r.latency.p99).padEnd(9)}  ${String(bad).padEnd(8)}  ${mb(peak)}`,
  );
}
await server.stop();

// ---- 3. in-process ----------------------------------------------------------------------------------
console.log('\n3. in-process (openEngineBackend, one thread, sequential)');
const local = await openEngineBackend({ indexPath });
for (const q of CHEAP) await local.query(q); // warm up
const times = [];
const end = Date.now() + seconds * 1000;
for (let i = 0; Date.now() < end; i++) {
  const t = performance.now();
  await local.query(CHEAP[i % CHEAP.length]);
  times.push(performance.now() - t);
}
await local.close();
const total = times.reduce((a, b) => a + b, 0) / 1000;
console.log(
  `   ${times.length} queries: ${(times.length / total).toFixed(1)} q/s, p50 ${ms(pct(times, 0.5))}, p99 ${ms(pct(times, 0.99))}`,
);

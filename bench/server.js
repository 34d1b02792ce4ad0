// Server benchmark: `filings serve`'s HTTP layer and worker pool over the index at FILINGS_INDEX (or
// the default path), with autocannon on 127.0.0.1. Research queries at concurrency 1, 16 and 64
// (requests/s, p50/p99 latency, peak RSS), the same queries run in-process for comparison, and
// /healthz latency while 16 queries run. Run after `npm run build`:
//   node bench/server.js [--seconds 10] [--workers N]
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { openEngineBackend } from '../dist/engine/engine-backend.js';
import { resolveIndexPath } from '../dist/engine/index/location.js';
import { createServer } from '../dist/server/http-server.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 10);
const workers = arg('workers', availableParallelism());
const indexPath = resolveIndexPath({ env: process.env });
if (!existsSync(indexPath)) {
  console.error(`bench/server.js: no index at ${indexPath}.\nBuild one with "filings corpus init" (the sample corpus), or set FILINGS_INDEX to an index file.`);
  process.exit(1);
}

const QUERIES = [
  'What are the main supply chain risks?',
  'How did revenue change year over year?',
  'Describe the company\'s exposure to interest rate risk',
  'What did management say about competition?',
  'capital expenditures and liquidity outlook',
  'cybersecurity incidents and risk management',
  'dividends and share repurchase programs',
  'litigation and legal proceedings',
].map((query) => ({ query, mode: 'research' }));

let peakRss = 0;
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
const mb = (b) => `${(b / 2 ** 20).toFixed(0)} MB`;
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const ms = (x) => `${x.toFixed(1)} ms`;

const key = randomBytes(16).toString('hex');
const server = await createServer({ host: '127.0.0.1', port: 0, keys: [key], rateLimit: 0, indexPath, workers });
const health = await (await fetch(`${server.url}/healthz`)).json();
if (health.status !== 'ok') {
  console.error(`bench/server.js: the server could not open ${indexPath}: ${JSON.stringify(health.index)}`);
  await server.close();
  process.exit(1);
}

function cannon(connections, duration = seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${server.baseUrl}/query`,
        connections,
        duration,
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        requests: QUERIES.map((q) => ({ method: 'POST', body: JSON.stringify(q) })),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

console.log(`server benchmark: index ${indexPath}, ${workers} workers, ${seconds} s a run, node ${process.version}`);
console.log('\nHTTP (POST /query, research mode)');
console.log('  concurrency   req/s     p50        p99        non-2xx   peak RSS');
await cannon(4, 2); // warm up: page cache, JIT, prepared statements in every worker
for (const c of [1, 16, 64]) {
  peakRss = process.memoryUsage().rss;
  const r = await cannon(c);
  const bad = r.non2xx + r.errors + r.timeouts;
  console.log(`  ${String(c).padEnd(12)}  ${r.requests.average.toFixed(1).padEnd(8)}  ${ms(r.latency.p50).padEnd(9)}  ${ms(r.latency.p99).padEnd(9)}  ${String(bad).padEnd(8)}  ${mb(peakRss)}`);
}

console.log('\n/healthz while 16 queries run');
const load = cannon(16, Math.max(3, Math.min(seconds, 5)));
await new Promise((r) => setTimeout(r, 500));
const healthLatencies = [];
const until = Date.now() + Math.max(2000, Math.min(seconds, 5) * 1000 - 1000);
while (Date.now() < until) {
  const t = performance.now();
  await new Promise((resolve, reject) => {
    http.get(`${server.url}/healthz`, { agent: false }, (res) => res.resume().on('end', resolve)).on('error', reject);
  });
  healthLatencies.push(performance.now() - t);
  await new Promise((r) => setTimeout(r, 20));
}
await load;
console.log(`  ${healthLatencies.length} probes: p50 ${ms(quantile(healthLatencies, 0.5))}, p99 ${ms(quantile(healthLatencies, 0.99))}, max ${ms(Math.max(...healthLatencies))}`);
await server.close();

console.log('\nin-process (openEngineBackend, one thread, sequential)');
const local = await openEngineBackend({ indexPath });
for (const q of QUERIES) await local.query(q); // warm up
const times = [];
const end = Date.now() + seconds * 1000;
for (let i = 0; Date.now() < end; i++) {
  const t = performance.now();
  await local.query(QUERIES[i % QUERIES.length]);
  times.push(performance.now() - t);
}
await local.close();
const total = times.reduce((a, b) => a + b, 0) / 1000;
console.log(`  ${times.length} queries: ${(times.length / total).toFixed(1)} q/s, p50 ${ms(quantile(times, 0.5))}, p99 ${ms(quantile(times, 0.99))}`);
clearInterval(rssTimer);
console.log(`\npeak RSS of this process (server, workers and in-process engine): ${mb(Math.max(peakRss, process.resourceUsage().maxRSS * 1024))}`);

// Soak of `filings serve` with its default limits, run as a child process over the index at
// FILINGS_INDEX, bounded in time (about a minute). Prints:
//   - how long a worker stays busy after its client disconnects mid-query (costly query);
//   - rounds of 50 pipelined requests whose client hangs up: requests in flight and memory after;
//   - a mixed load: one key sending costly 4,000-character agentic queries from 6 clients, another
//     key sending cheap research queries (its p50/p95 while the first saturates), pipelining clients,
//     clients that disconnect mid-query and after retrieval.started, /healthz probes, and connections
//     held open from other addresses: idle ones, half-open ones (a partial request, then the client's
//     side closed), and more from one address than its cap; then memory before and after, workers
//     replaced or kept after aborts, requests in flight at the end (must be 0), and the server's open
//     file handles before, at the peak and at the end, once its header timeout has passed for the
//     connections held (they must be back to where they were).
// Run after `npm run build`: node bench/soak.js [--seconds 12] [--bin path/to/bin/filings.js]
import { existsSync } from 'node:fs';
import { resolveIndexPath } from './lib/index-path.js';
import {
  CHEAP,
  COSTLY,
  health,
  holdConnections,
  mb,
  ms,
  openHandles,
  pct,
  pipelineAndHangUp,
  query,
  rssOf,
  sleep,
  startServe,
  streamAndLeave,
  waitHealth,
} from './load.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const seconds = Number(arg('seconds', 12));
/** The server's default header timeout, after which it closes a connection that sent no request. */
const HEADERS_TIMEOUT_MS = 20_000;
const bin = arg('bin', new URL('../bin/filings.js', import.meta.url).pathname);
const index = resolveIndexPath({ env: process.env });
if (!existsSync(index)) {
  console.error(`bench/soak.js: no index at ${index} (set FILINGS_INDEX)`);
  process.exit(1);
}

const COSTLY_KEY = 'costly-key-0123456789';
const CHEAP_KEY = 'cheap-key-9876543210';
const LEAVING_KEY = 'leaving-key-5647382910';
const server = await startServe({ bin, index, keys: [COSTLY_KEY, CHEAP_KEY, LEAVING_KEY] });
const workers = (await health(server.url)).workers;
const idle = (h) => h.busy === 0 && (h.ready ?? h.workers) === h.workers && h.inflight === 0;
console.log(`soak of filings serve: ${workers} workers, default limits, index ${index}`);

try {
  for (const q of CHEAP) await query(server.base, CHEAP_KEY, q);
  const warm = await query(server.base, COSTLY_KEY, COSTLY(0));
  await sleep(1000);
  const rssStart = rssOf(server.pid);
  console.log(`  a costly query alone: ${ms(warm.ms)} (status ${warm.status}); server RSS after warm-up ${mb(rssStart)}`);

  // 1. A client that disconnects mid-query: until when is its worker busy?
  const freed = [];
  for (let trial = 0; trial < 3; trial++) {
    await waitHealth(server.url, idle, 30_000);
    const gone = new AbortController();
    const running = query(server.base, COSTLY_KEY, COSTLY(trial + 1), { signal: gone.signal });
    await waitHealth(server.url, (h) => h.busy >= 1, 10_000, 5);
    await sleep(100);
    gone.abort();
    await running;
    freed.push(await waitHealth(server.url, idle, 30_000, 5));
  }
  console.log(`  worker free again after a client disconnects mid-query: ${freed.map(ms).join(', ')}`);

  // 2. Pipelined requests, then the client hangs up.
  await waitHealth(server.url, idle, 30_000);
  for (let round = 0; round < 6; round++) {
    const bodies = Array.from({ length: 50 }, (_, i) => (i % 10 === 0 ? COSTLY(100 + round * 50 + i) : CHEAP[i % CHEAP.length]));
    await pipelineAndHangUp(server.url, COSTLY_KEY, bodies, 150);
    await sleep(1000);
  }
  const settle = await waitHealth(server.url, (h) => h.inflight === 0 && h.busy === 0, 15_000);
  const afterPipes = await health(server.url);
  console.log(
    `  6 rounds of 50 pipelined requests, client gone: in flight ${afterPipes.inflight} ` +
      `(${settle === null ? 'still not 0 after 15 s' : `0 within ${ms(settle)}`}), server RSS ${mb(rssOf(server.pid))}`,
  );

  // 3. Mixed load from two keys, with pipelining and disconnecting clients.
  await waitHealth(server.url, idle, 30_000);
  const rssBefore = rssOf(server.pid);
  const handlesBefore = openHandles(server.pid);
  const before = await health(server.url);
  // Connections held open from other addresses for the whole load (and after, until the server lets go).
  const heldAt = performance.now();
  const idleConns = await holdConnections(server.url, 120, '127.0.0.2');
  const halfOpen = await holdConnections(server.url, 120, '127.0.0.3', {
    send: 'POST /v2/sandp_500/query HTTP/1.1\r\nHost: x\r\n',
    halfClose: true,
  });
  const overCap = await holdConnections(server.url, 200, '127.0.0.4');
  let peakHandles = openHandles(server.pid);
  const stopAt = performance.now() + seconds * 1000;
  const live = () => performance.now() < stopAt;
  // At the end every client still waiting hangs up, so the load stops on time (and that is tested too).
  const hangUp = new AbortController();
  setTimeout(() => hangUp.abort(), seconds * 1000);
  const signal = hangUp.signal;
  const costly = { ok: 0, limited: 0, other: {} };
  const cheap = { ok: [], limited: 0, other: 0 };
  const probes = [];
  let pipelined = 0;
  let disconnected = 0;
  let leftAfterStart = 0;
  let peakRss = rssBefore;
  const loops = [
    ...Array.from({ length: 6 }, async (_, c) => {
      for (let i = 0; live(); i++) {
        const r = await query(server.base, COSTLY_KEY, COSTLY(1000 + c * 100 + i), { signal });
        if (r.status === 200) costly.ok++;
        else if (r.status === 429) {
          costly.limited++;
          await sleep(Number(r.retryAfter ?? 1) * 1000);
        } else if (live()) costly.other[r.status] = (costly.other[r.status] ?? 0) + 1;
      }
    }),
    ...Array.from({ length: 2 }, async (_, c) => {
      for (let i = c; live(); i++) {
        const r = await query(server.base, CHEAP_KEY, CHEAP[i % CHEAP.length], { signal });
        if (r.status === 200) cheap.ok.push(r.ms);
        else if (r.status === 429) cheap.limited++;
        else if (live()) cheap.other++;
        await sleep(50);
      }
    }),
    (async () => {
      while (live()) {
        await pipelineAndHangUp(server.url, COSTLY_KEY, [COSTLY(7), ...CHEAP, COSTLY(8)], 200);
        pipelined += 10;
        await sleep(800);
      }
    })(),
    (async () => {
      for (let i = 0; live(); i++) {
        const gone = new AbortController();
        setTimeout(() => gone.abort(), 300);
        await query(server.base, COSTLY_KEY, COSTLY(5000 + i), { signal: gone.signal });
        disconnected++;
        await sleep(400);
      }
    })(),
    ...Array.from({ length: 2 }, async (_, c) => {
      for (let i = 0; live(); i++) {
        if (await streamAndLeave(server.base, LEAVING_KEY, COSTLY(9000 + c * 1000 + i))) leftAfterStart++;
        await sleep(100);
      }
    }),
    (async () => {
      while (live()) {
        const h = await health(server.url);
        probes.push(h.ms);
        peakRss = Math.max(peakRss, rssOf(server.pid));
        peakHandles = Math.max(peakHandles, openHandles(server.pid));
        await sleep(200);
      }
    })(),
  ];
  await Promise.all(loops);
  const drained = await waitHealth(server.url, (h) => h.inflight === 0 && h.busy === 0, 30_000);
  await sleep(2000);
  const end = await health(server.url);
  const rssAfter = rssOf(server.pid);
  // The connections held: past the header timeout the server must have closed them all by itself.
  const handlesAfterLoad = openHandles(server.pid);
  await sleep(Math.max(0, heldAt + HEADERS_TIMEOUT_MS + 3000 - performance.now()));
  const handlesEnd = openHandles(server.pid);
  const held = { idle: idleConns.state(), halfOpen: halfOpen.state(), overCap: overCap.state() };
  for (const h of [idleConns, halfOpen, overCap]) h.destroy();

  console.log(`  mixed load for ${seconds} s:`);
  const others =
    Object.entries(costly.other)
      .map(([status, n]) => `${n} x ${status}`)
      .join(', ') || 'nothing else';
  console.log(`    costly key (6 clients, 4,000-character agentic queries): ${costly.ok} answered, ${costly.limited} x 429, ${others}`);
  console.log(
    `    cheap key while the costly key saturates: ${cheap.ok.length} answered, p50 ${ms(pct(cheap.ok, 0.5))}, p95 ${ms(pct(cheap.ok, 0.95))}, ` +
      `max ${ms(Math.max(...cheap.ok))}; ${cheap.limited} x 429, ${cheap.other} other`,
  );
  console.log(
    `    also ${pipelined} pipelined requests whose client hung up, ${disconnected} clients gone mid-query, ${leftAfterStart} gone after retrieval.started`,
  );
  const replaced = (end.replaced ?? 0) - (before.replaced ?? 0);
  const cancelled = end.cancelled === undefined ? '-' : end.cancelled - (before.cancelled ?? 0);
  console.log(`    workers after aborts: ${replaced} replaced (terminated), ${cancelled} kept (the query stopped at its next step)`);
  const fmt = (x) =>
    `${x.open} still open, ${x.endedByServer} closed by the server${x.answered503 ? ` (${x.answered503} at once with a 503)` : ''}`;
  console.log(
    `    held from other addresses, ${Math.round((performance.now() - heldAt) / 1000)} s on: 120 idle: ${fmt(held.idle)}; 120 half-open: ${fmt(held.halfOpen)}; ` +
      `200 from one address: ${fmt(held.overCap)}`,
  );
  console.log(
    `    server open handles: ${handlesBefore} before, peak ${peakHandles}, ${handlesAfterLoad} when the load stopped, ${handlesEnd} at the end (past the header timeout)`,
  );
  console.log(
    `    /healthz: ${probes.length} probes, p50 ${ms(pct(probes, 0.5))}, p95 ${ms(pct(probes, 0.95))}, max ${ms(Math.max(...probes))}`,
  );
  console.log(`    server RSS before ${mb(rssBefore)}, peak ${mb(peakRss)}, after ${mb(rssAfter)} (started at ${mb(rssStart)})`);
  console.log(
    `    in flight at the end: ${end.inflight} (${drained === null ? 'not drained after 30 s' : `drained ${ms(drained)} after the load stopped`}); ` +
      `busy workers ${end.busy}${end.replaced === undefined ? '' : `, workers replaced after aborts ${end.replaced}`}`,
  );
} finally {
  await server.stop();
}

// MCP benchmark: the start-up of `filings mcp` as an assistant sees it, from spawning the process to the
// answer to the first `tools/list` (after the initialize handshake), over the index at FILINGS_INDEX;
// then one query_filings call on the running server. Raw JSON-RPC lines on the pipes, so only the
// server is measured. Median and p90 over --runs (default 20), each run beside one of bare `node -e 0`
// (the floor: what the machine's load does to any start-up). Run after `npm run build`:
//   node bench/mcp.js [--runs N]
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 20;
const BUDGET_MS = 300;
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const ms = (x) => `${x.toFixed(0).padStart(4)} ms`;

const INIT = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } };
const QUERY = { name: 'query_filings', arguments: { query: "What was 3M's capital expenditure in FY2018?" } };

/** One server: spawn, initialize, tools/list (timed), optionally one query, then close stdin. */
function session(withQuery) {
  return new Promise((resolvePromise, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [resolve(root, 'bin/filings.js'), 'mcp'], {
      stdio: ['pipe', 'pipe', 'ignore'],
      env: process.env,
    });
    const send = (msg) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`);
    const out = { listMs: 0, queryMs: 0 };
    let buffer = '';
    let tQuery = 0;
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      buffer += chunk;
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const msg = JSON.parse(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        if (msg.id === 1) {
          send({ method: 'notifications/initialized' });
          send({ id: 2, method: 'tools/list' });
        } else if (msg.id === 2) {
          out.listMs = performance.now() - t0;
          if (!msg.result?.tools?.length) reject(new Error('tools/list returned no tools'));
          if (!withQuery) return child.stdin.end();
          tQuery = performance.now();
          send({ id: 3, method: 'tools/call', params: QUERY });
        } else if (msg.id === 3) {
          out.queryMs = performance.now() - tQuery;
          if (msg.result?.isError) reject(new Error(msg.result.content[0].text));
          child.stdin.end();
        }
      }
    });
    child.on('error', reject);
    child.on('close', () => resolvePromise(out));
    send({ id: 1, method: 'initialize', params: INIT });
  });
}

console.log(`filings mcp (${process.env.FILINGS_INDEX ?? 'default index'})`);
await session(false); // warm the page cache
const list = [];
const floor = [];
for (let i = 0; i < runs; i++) {
  list.push((await session(false)).listMs);
  const t0 = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  floor.push(performance.now() - t0);
}
const median = pct(list, 0.5);
const p90 = pct(list, 0.9);
console.log(
  `  start-up to the first tools/list answer      median ${ms(median)}   p90 ${ms(p90)}   (n=${runs}; budget ${BUDGET_MS} ms: ${p90 < BUDGET_MS ? 'met' : 'MISSED'})`,
);
console.log(`  node -e 0 in the same runs (the floor)       median ${ms(pct(floor, 0.5))}   p90 ${ms(pct(floor, 0.9))}`);
const queries = [];
for (let i = 0; i < 5; i++) queries.push((await session(true)).queryMs);
console.log(`  first query_filings on a fresh server        median ${ms(pct(queries, 0.5))}   (n=5; opens the engine and the index)`);

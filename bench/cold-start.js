// Cold start of one question, each paired against `node -e 0` (the floor), run alternately so that
// whatever else the machine does weighs on both alike: `filings query --json` with the embedded engine,
// and the same question sent to a warm `filings serve` on loopback (the client alone: the CLI, its HTTP
// client, the server's answer). Prints each one's median wall time and the median of the pairs' ratios.
// Index: FILINGS_INDEX or the default location. Run after `npm run build`: node bench/cold-start.js [-n 20]
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { resolveIndexPath } from './lib/index-path.js';

const root = new URL('..', import.meta.url).pathname;
const bin = resolve(root, 'bin/filings.js');
const indexPath = resolveIndexPath({ env: process.env });
const at = process.argv.indexOf('-n');
const pairs = at > 0 ? Number(process.argv[at + 1]) : 20;
const QUESTION = "What was 3M's capital expenditure in FY2018?";
const KEY = 'bench-cold-start-key-0123456789';

const wall = (args, env) => {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`exit ${r.status}: ${r.stderr.slice(0, 300)}`);
  return performance.now() - t0;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** `pairs` runs of `args` and of `node -e 0`, alternately: medians and the median ratio. */
function paired(name, args, env = {}) {
  // One run each first, not counted: the code caches and the page cache warm.
  wall(args, env);
  wall(['-e', '0']);
  const a = [];
  const b = [];
  for (let i = 0; i < pairs; i++) {
    a.push(wall(args, env));
    b.push(wall(['-e', '0']));
  }
  const ratio = median(a.map((x, i) => x / b[i]));
  console.log(
    `  ${name.padEnd(46)} ${median(a).toFixed(0).padStart(5)} ms   node -e 0 ${median(b).toFixed(0).padStart(4)} ms   ` +
      `${ratio.toFixed(2)}x (median of ${pairs} pairs)`,
  );
}

/** `filings serve` on a free loopback port, answering once before it is timed. */
async function startServe() {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--index', indexPath], {
    env: { ...process.env, FILINGS_SERVER_KEYS: KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`filings serve did not start: ${out}`)), 60_000);
    const look = (d) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    };
    child.stdout.setEncoding('utf8').on('data', look);
    child.stderr.setEncoding('utf8').on('data', look);
  });
  return { baseUrl: `${url}/v2/sandp_500`, stop: () => child.kill('SIGTERM') };
}

console.log(`cold start of one question ("${QUESTION}"), index ${indexPath}`);
paired('filings query --json (embedded engine)', [bin, 'query', '--json', '--index', indexPath, QUESTION]);
const served = await startServe();
try {
  const env = { FILINGS_BASE_URL: served.baseUrl, FILINGS_API_KEY: KEY };
  // The server warm: its workers have read the index and answered the question.
  for (let i = 0; i < 3; i++) wall([bin, 'query', '--json', QUESTION], env);
  paired('filings query --json (client of a warm serve)', [bin, 'query', '--json', QUESTION], env);
} finally {
  served.stop();
}

// Query benchmark: in-process latency (p50/p95 over the dev questions and other shapes of query),
// cold `filings query --json` in a new process (median, p95), peak memory. Index: FILINGS_INDEX or
// the default location. Run after `npm run build`: node bench/query.js
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openEngineBackend } from '../dist/engine/engine-backend.js';
import { resolveIndexPath } from './lib/index-path.js';

const root = new URL('..', import.meta.url).pathname;
const indexPath = resolveIndexPath({ env: process.env });
const corpus = process.env.FILINGS_SAMPLE_CORPUS ?? resolve(root, '../shared/corpus');
const dev = readFileSync(resolve(corpus, '../eval/financebench-dev.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l).question);
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const line = (name, xs) =>
  console.log(
    `  ${name.padEnd(44)} p50 ${pct(xs, 0.5).toFixed(1).padStart(6)} ms   p95 ${pct(xs, 0.95).toFixed(1).padStart(6)} ms   (n=${xs.length})`,
  );

let backend;
try {
  backend = await openEngineBackend({ indexPath });
} catch (e) {
  console.error(`query bench: ${e.message}`);
  process.exit(4);
}
const time = async (body) => {
  const t0 = performance.now();
  await backend.query(body);
  return performance.now() - t0;
};
for (const q of dev.slice(0, 5)) await time({ query: q, mode: 'research' }); // warm the page cache

console.log(`query, in-process (${indexPath})`);
const shapes = [
  ['research, dev questions', (q) => ({ query: q, mode: 'research', retrieval: { max_evidence: 10 } })],
  ['basic, dev questions', (q) => ({ query: q })],
  ['agentic_research, dev questions', (q) => ({ query: q, mode: 'agentic_research' })],
  ['research + answer + analysis', (q) => ({ query: q, mode: 'research', include: { answer: true, analysis: true } })],
];
for (const [name, body] of shapes) {
  const xs = [];
  for (const q of dev) xs.push(await time(body(q)));
  line(name, xs);
}
const sector = [];
for (const q of ['supply chain risks', 'inflation and pricing', 'cybersecurity incidents', 'interest rates']) {
  for (const f of [{ sec_gics_sector: 'Information Technology' }, { sec_form_type: '10-K' }, { sec_gics_sector: 'Consumer Staples' }]) {
    sector.push(await time({ query: q, mode: 'research', metadata_filters: f }));
  }
}
line('research, sector and form filters', sector);
console.log(`  peak RSS (this process)                      ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
await backend.close();

console.log('query, cold process: filings query --json --mode research, a new process each');
// The bundle (bin/filings.js -> dist/bundle) and the unbundled dist/ modules, run alternately so that
// whatever else the machine does weighs on both alike.
const cold = [];
const plain = [];
const entry = resolve(root, 'dist/cli/main.js');
const plainScript = `import { main } from ${JSON.stringify(entry)}; main(['node', 'filings', ...process.argv.slice(1)]).then((c) => (process.exitCode = c));`;
const timed = (args) => {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (r.status !== 0) console.error(`  exit ${r.status}: ${r.stderr.slice(0, 200)}`);
  return performance.now() - t0;
};
for (const q of [...dev.slice(0, 20)]) {
  const query = ['query', '--json', '--mode', 'research', '--index', indexPath, q];
  cold.push(timed([resolve(root, 'bin/filings.js'), ...query]));
  plain.push(timed(['--input-type=module', '-e', plainScript, ...query]));
}
line('cold query, bundled (bin/filings.js)', cold);
line('cold query, unbundled dist/ modules', plain);
const version = [];
for (let i = 0; i < 10; i++) {
  const t0 = performance.now();
  spawnSync(process.execPath, [resolve(root, 'bin/filings.js'), '--version']);
  version.push(performance.now() - t0);
}
line('filings --version', version);
const bare = [];
for (let i = 0; i < 10; i++) {
  const t0 = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  bare.push(performance.now() - t0);
}
line('node -e 0 (the floor)', bare);

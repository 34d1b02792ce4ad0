// Company facts benchmark: what EDGAR's XBRL company facts of AAPL, GOOGL and NVDA
// (../shared/edgar/companyfacts, FILINGS_EDGAR_FIXTURES) add to an index and to a pull: each file's
// bytes (and gzipped, as EDGAR sends it), its facts, the time to read and check it and to write it in
// place (best of 3 for reading), the index bytes it adds; a company's facts replaced; then, with
// --clones N, N more companies (the three files under made-up CIKs) for the index at the scale of the
// S&P 500, and the cold `filings query` on the index with the facts against the same index without
// them, run alternately, a new process each. The index is a copy of FILINGS_INDEX (or of the default
// one). Run after `npm run build`: FILINGS_INDEX=PATH node bench/company-facts.js [--clones 497] [--keep]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseCompanyFacts, writeCompanyFacts } from '../dist/engine/corpus-ingest.js';
import { resolveIndexPath } from './lib/index-path.js';

const root = new URL('..', import.meta.url).pathname;
const fixtures = process.env.FILINGS_EDGAR_FIXTURES ? resolve(process.env.FILINGS_EDGAR_FIXTURES) : join(root, '..', 'shared', 'edgar');
const FILES = { AAPL: 'CIK0000320193.json', NVDA: 'CIK0001045810.json', GOOGL: 'CIK0001652044.json' };
if (!Object.values(FILES).every((f) => existsSync(join(fixtures, 'companyfacts', f)))) {
  console.log(`company facts: no recorded company facts at ${fixtures}/companyfacts (set FILINGS_EDGAR_FIXTURES); skipped`);
  process.exit(0);
}
const source = resolveIndexPath({ env: process.env });
if (!existsSync(source)) {
  console.log(`company facts: no index at ${source} (set FILINGS_INDEX); skipped`);
  process.exit(0);
}
const at = process.argv.indexOf('--clones');
const clones = at > 0 ? Number(process.argv[at + 1]) : 0;
const keep = process.argv.includes('--keep');
const dir = mkdtempSync(join(tmpdir(), 'filings-facts-bench-'));
const without = join(dir, 'without-facts.sqlite');
const withFacts = join(dir, 'with-facts.sqlite');
copyFileSync(source, without);
copyFileSync(source, withFacts);
const mb = (n) => (n / 1e6).toFixed(2);
const size = () => statSync(withFacts).size;
const sha = (b) => createHash('sha256').update(b).digest('hex');

console.log(`company facts, into a copy of ${source} (${mb(size())} MB)`);
console.log(
  `  ${'company'.padEnd(8)} ${'JSON MB'.padStart(8)} ${'gzip MB'.padStart(8)} ${'facts'.padStart(7)} ${'read ms'.padStart(8)} ${'write ms'.padStart(9)} ${'index +MB'.padStart(10)} ${'B/fact'.padStart(7)}`,
);
const totals = { json: 0, gzip: 0, facts: 0, read: 0, write: 0, added: 0 };
const files = {};
for (const [ticker, name] of Object.entries(FILES)) {
  const body = readFileSync(join(fixtures, 'companyfacts', name));
  let read = Infinity;
  let file;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    file = parseCompanyFacts(body.toString('utf8'));
    read = Math.min(read, performance.now() - t0);
  }
  files[ticker] = file;
  const before = size();
  const t0 = performance.now();
  await writeCompanyFacts(withFacts, { file, ticker, sourceBytes: body.length, sourceSha256: sha(body) }, new Map());
  const write = performance.now() - t0;
  const added = size() - before;
  const gz = gzipSync(body).length;
  Object.assign(totals, {
    json: totals.json + body.length,
    gzip: totals.gzip + gz,
    facts: totals.facts + file.count,
    read: totals.read + read,
    write: totals.write + write,
    added: totals.added + added,
  });
  console.log(
    `  ${ticker.padEnd(8)} ${mb(body.length).padStart(8)} ${mb(gz).padStart(8)} ${String(file.count).padStart(7)} ${read.toFixed(0).padStart(8)} ${write.toFixed(0).padStart(9)} ${mb(added).padStart(10)} ${(added / file.count).toFixed(1).padStart(7)}`,
  );
}
console.log(
  `  ${'all'.padEnd(8)} ${mb(totals.json).padStart(8)} ${mb(totals.gzip).padStart(8)} ${String(totals.facts).padStart(7)} ${totals.read.toFixed(0).padStart(8)} ${totals.write.toFixed(0).padStart(9)} ${mb(totals.added).padStart(10)} ${(totals.added / totals.facts).toFixed(1).padStart(7)}`,
);
{
  const t0 = performance.now();
  await writeCompanyFacts(withFacts, { file: files.NVDA, ticker: 'NVDA', sourceBytes: 0, sourceSha256: 'replace' }, new Map());
  console.log(`  NVDA's ${files.NVDA.count} facts replaced in place: ${(performance.now() - t0).toFixed(0)} ms; index ${mb(size())} MB`);
}

if (clones > 0) {
  // Made-up CIKs above any EDGAR has given: companies of the same size as the three.
  const three = Object.values(files);
  const before = size();
  let facts = 0;
  const t0 = performance.now();
  for (let i = 0; i < clones; i++) {
    const file = { ...three[i % 3], cik: String(9_000_000_000 + i) };
    facts += file.count;
    await writeCompanyFacts(withFacts, { file, ticker: `ZZ${i}`, sourceBytes: 0, sourceSha256: `clone-${i}` }, new Map());
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `  ${clones} companies more (${facts.toLocaleString('en-US')} facts): ${seconds.toFixed(1)} s (${((seconds * 1000) / clones).toFixed(0)} ms a company), index +${mb(size() - before)} MB = ${mb(size())} MB`,
  );
}

// Cold queries, a new process each, alternating the two indexes so that the machine's drift weighs on both.
const question = "What was Apple's total net sales in fiscal 2023?";
const cold = (index) => {
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    [join(root, 'bin/filings.js'), 'query', '--json', '--mode', 'research', '--index', index, question],
    {
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) console.error(`  exit ${r.status}: ${r.stderr.slice(0, 200)}`);
  return performance.now() - t0;
};
cold(without);
cold(withFacts);
const a = [];
const b = [];
const ratios = [];
for (let i = 0; i < 20; i++) {
  const x = cold(withFacts);
  const y = cold(without);
  a.push(x);
  b.push(y);
  ratios.push(x / y);
}
const median = (xs) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];
console.log(
  `  cold filings query --json --mode research, 20 pairs: with facts ${median(a).toFixed(0)} ms, without ${median(b).toFixed(0)} ms, ` +
    `median ratio ${median(ratios).toFixed(3)}`,
);
if (keep) console.log(`  indexes kept: ${withFacts} ${without}`);
else rmSync(dir, { recursive: true, force: true });

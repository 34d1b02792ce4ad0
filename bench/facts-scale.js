// Company facts at the scale of the S&P 500 (issue 43): the recorded company facts of AAPL, NVDA and
// GOOGL (../shared/edgar/companyfacts, FILINGS_EDGAR_FIXTURES) made into one file for each constituent
// (bench/lib/facts-scale.js: its CIK and name, its values scaled a little), gzipped into a temporary
// directory and served by a stand-in of data.sec.gov on loopback. Then, into a copy of an index:
//   - `filings corpus pull --facts-only --all`, timed, with the requests a second the stand-in saw
//     (at most 8 by the pull's rate limit: 500 files take 69 s at least), and the same command again
//     (everything cached and indexed: nothing fetched or read again);
//   - the same work without the rate limit or HTTP: each file read, checked and written, in process;
//   - the index's size: what the facts add, a company and in all (dbstat's bytes of the facts' tables);
//   - cold `filings figures <one ticker a constituent> -m revenue --years 2023 --json`, a new process
//     each (median of --rounds), and the cells it states.
// Run after `npm run build`: FILINGS_INDEX=PATH node bench/facts-scale.js [--companies N] [--rounds 5] [--keep]
// Nothing is written outside the temporary directory (removed at the end, unless --keep).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { constituentsOf, derivedFacts, factorOf, gzipped, peakRate, recordedFacts, splitCsv, startFactsServer } from './lib/facts-scale.js';
import { resolveIndexPath } from './lib/index-path.js';
import { sampleCorpusDir } from './lib/sample.js';

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'bin/filings.js');
const args = process.argv.slice(2);
const opt = (name, def) => (args.includes(name) ? args[args.indexOf(name) + 1] : def);
const keep = args.includes('--keep');
const rounds = Number(opt('--rounds', 5));
const fixtures = process.env.FILINGS_EDGAR_FIXTURES ? resolve(process.env.FILINGS_EDGAR_FIXTURES) : join(root, '..', 'shared', 'edgar');
const templates = recordedFacts(fixtures);
if (!templates) {
  console.log(`facts at scale: no recorded company facts at ${fixtures}/companyfacts (set FILINGS_EDGAR_FIXTURES); skipped`);
  process.exit(0);
}
const source = resolveIndexPath({ env: process.env });
if (!existsSync(source)) {
  console.log(`facts at scale: no index at ${source} (set FILINGS_INDEX); skipped`);
  process.exit(0);
}
const constituentsCsv = join(sampleCorpusDir(), 'constituents.csv');
const all = constituentsOf(readFileSync(constituentsCsv, 'utf8'));
const companies = all.slice(0, Number(opt('--companies', all.length)));
const dir = mkdtempSync(join(tmpdir(), 'filings-facts-scale-'));
const mb = (n) => (n / 1e6).toFixed(1);
const sha = (b) => createHash('sha256').update(b).digest('hex');

// The files, gzipped as EDGAR sends them.
const filesDir = join(dir, 'companyfacts');
mkdirSync(filesDir);
const t0 = performance.now();
let jsonBytes = 0;
let gzBytes = 0;
companies.forEach((c, i) => {
  const file = derivedFacts(templates[i % 3], { cik: c.cik, name: c.security, factor: factorOf(i) });
  jsonBytes += JSON.stringify(file).length;
  const gz = gzipped(file);
  gzBytes += gz.length;
  writeFileSync(join(filesDir, `${c.cik}.json.gz`), gz);
});
console.log(
  `company facts at scale: ${companies.length} companies' files made from the recorded three in ${((performance.now() - t0) / 1000).toFixed(0)} s: ` +
    `${mb(jsonBytes)} MB of JSON, ${mb(gzBytes)} MB gzipped`,
);
const csv = join(dir, 'constituents.csv');
const lines = readFileSync(constituentsCsv, 'utf8').trim().split(/\r?\n/);
const wanted = new Set(companies.map((c) => c.cik));
const cikAt = splitCsv(lines[0]).indexOf('CIK');
const rowsKept = lines.slice(1).filter((l) => wanted.has(splitCsv(l)[cikAt].replace(/^0+/, '')));
writeFileSync(csv, `${[lines[0], ...rowsKept].join('\n')}\n`);

const server = await startFactsServer((path) => {
  const cik = /^\/api\/xbrl\/companyfacts\/CIK(\d{10})\.json$/.exec(path)?.[1]?.replace(/^0+/, '');
  const p = cik && join(filesDir, `${cik}.json.gz`);
  return p && existsSync(p) ? readFileSync(p) : undefined;
});
const index = join(dir, 'index.sqlite');
copyFileSync(source, index);
const env = {
  ...process.env,
  FILINGS_INDEX: index,
  FILINGS_SEC_DATA_URL: server.url,
  FILINGS_SEC_WWW_URL: server.url,
  FILINGS_SEC_USER_AGENT: 'Filings Bench bench@example.org',
  XDG_CACHE_HOME: join(dir, 'cache'),
};
const before = statSync(index).size;

// The pull, in a child process of its own (the CLI as a user runs it).
const pullOnce = (extra = []) =>
  new Promise((done) => {
    const t = performance.now();
    const child = spawn(process.execPath, [bin, 'corpus', 'pull', '--facts-only', '--all', '--constituents', csv, '--json', ...extra], {
      env,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (err += b));
    child.on('close', (code) => done({ code, out, err, seconds: (performance.now() - t) / 1000 }));
  });
const pull = await pullOnce();
if (pull.code !== 0) console.error(`  pull exit ${pull.code}: ${pull.err.slice(-600)}`);
const summary = JSON.parse(pull.out);
const facts = summary.facts.reduce((n, f) => n + f.facts, 0);
const times = server.log.filter((l) => l.path.startsWith('/api/')).map((l) => l.at);
// The rate limiter lets 8 requests start in any 1.1 s.
const floor = (summary.requests * 1.1) / 8;
console.log(
  `  corpus pull --facts-only --all: ${pull.seconds.toFixed(1)} s for ${summary.facts.length} companies (${facts.toLocaleString('en-US')} facts), ` +
    `${summary.requests} requests, at most ${peakRate(times)} in any second (the rate limit's floor: ${floor.toFixed(0)} s), ` +
    `${summary.failed.length} failed`,
);
// The same command again: every company's file is in the cache and its facts in the index.
const before2 = server.log.length;
const again = await pullOnce();
const unchanged = JSON.parse(again.out).facts.filter((f) => f.written === 'unchanged').length;
console.log(
  `  the same pull again: ${again.seconds.toFixed(1)} s, ${unchanged} companies unchanged (not read again), ` +
    `${server.log.slice(before2).filter((l) => l.path.startsWith('/api/')).length} requests`,
);
await server.close();

// The work of the pull without the rate limit or HTTP: each file read, checked and written, in process.
{
  const { parseCompanyFacts, writeCompanyFacts } = await import('../dist/engine/corpus-ingest.js');
  const aside = join(dir, 'aside.sqlite');
  copyFileSync(source, aside);
  let read = 0;
  let write = 0;
  for (const c of companies) {
    const body = gunzipSync(readFileSync(join(filesDir, `${c.cik}.json.gz`)));
    let t = performance.now();
    const file = parseCompanyFacts(body.toString('utf8'), c.cik);
    read += performance.now() - t;
    t = performance.now();
    await writeCompanyFacts(aside, { file, ticker: c.symbol, sourceBytes: body.length, sourceSha256: sha(body) }, new Map());
    write += performance.now() - t;
  }
  const n = companies.length;
  console.log(
    `  without the rate limit (in process, no HTTP): read and checked ${(read / 1000).toFixed(1)} s (${(read / n).toFixed(0)} ms a company), ` +
      `written ${(write / 1000).toFixed(1)} s (${(write / n).toFixed(0)} ms a company)`,
  );
  rmSync(aside, { force: true });
}

// The download cache keeps the files as EDGAR's bodies decompressed, for a day.
const cacheBytes = (d) =>
  existsSync(d)
    ? readdirSync(d, { withFileTypes: true }).reduce(
        (n, e) => n + (e.isDirectory() ? cacheBytes(join(d, e.name)) : statSync(join(d, e.name)).size),
        0,
      )
    : 0;
console.log(`  the download cache: ${mb(cacheBytes(env.XDG_CACHE_HOME))} MB`);

const after = statSync(index).size;
const db = new Database(index, { readonly: true });
const tables = ['company_facts', 'fact_blocks', 'fact_reports', 'fact_concepts', 'fact_companies', 'fact_conflicts'];
const bytes = Object.fromEntries(
  db
    .prepare(
      `SELECT m.tbl_name AS name, SUM(d.pgsize) AS b FROM dbstat d JOIN sqlite_master m ON m.name = d.name
       WHERE m.tbl_name IN (${tables.map(() => '?').join(',')}) GROUP BY m.tbl_name`,
    )
    .all(...tables)
    .map((r) => [r.name, r.b]),
);
db.close();
const factBytes = Object.values(bytes).reduce((a, b) => a + b, 0);
console.log(
  `  index ${mb(before)} MB -> ${mb(after)} MB: the facts' tables ${mb(factBytes)} MB (${Object.entries(bytes)
    .map(([k, b]) => `${k} ${mb(b)}`)
    .join(', ')}), ${(factBytes / summary.facts.length / 1e6).toFixed(2)} MB a company, ${(factBytes / facts).toFixed(1)} bytes a fact ` +
    `(their JSON ${(jsonBytes / summary.facts.length / 1e6).toFixed(2)} MB a company)`,
);

// Cold figures of every constituent's ticker, a new process each.
// One ticker a company, as the index keeps the constituents (GOOG for Alphabet's two).
const tickers = companies.map((c) => c.symbol);
const figures = () => {
  const t = performance.now();
  const r = spawnSync(process.execPath, [bin, 'figures', ...tickers, '-m', 'revenue', '--years', '2023', '--json'], {
    env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return { ms: performance.now() - t, r };
};
const first = figures();
if (first.r.status !== 0 && first.r.status !== 10) console.error(`  figures exit ${first.r.status}: ${first.r.stderr.slice(-600)}`);
const cells = JSON.parse(first.r.stdout).analysis?.grid?.cells ?? [];
const stated = cells.filter((c) => c.figure).length;
const ms = [first.ms];
for (let i = 1; i < rounds; i++) ms.push(figures().ms);
ms.sort((a, b) => a - b);
console.log(
  `  cold filings figures <${tickers.length} tickers> -m revenue --years 2023 --json: median ${ms[Math.floor(ms.length / 2)].toFixed(0)} ms ` +
    `(${ms.map((x) => x.toFixed(0)).join(', ')}), ${stated} of ${cells.length} cells stated`,
);
if (keep) console.log(`  kept: ${dir}`);
else rmSync(dir, { recursive: true, force: true });

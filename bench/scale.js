// Scale benchmark (issue 14): builds the synthetic scale-up of the sample corpus (bench/lib/synthetic.js)
// at 1x, 5x and 20x (60x with --with-60x) in a temporary directory, and for each prints ingest time and
// peak memory, index size against the text it holds, cold (`filings query --json`, a new process each)
// and in-process query latency per query type, `corpus stats` and `filters --values` times, and the time
// to add 10 more filings to the index. Everything it writes is removed at the end.
//   npm run build && node bench/scale.js [--factors 1,5,20] [--with-60x] [--cold-rounds 2] [--warm-rounds 3] [--keep]
//   node bench/scale.js --index PATH     (queries, stats and values only, over an index built before)
// FILINGS_SCALE_TMP: where the corpora and indexes go (default: the OS temporary directory).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openEngineBackend } from '../dist/engine/engine-backend.js';
import { sampleCorpusDir } from './lib/sample.js';
import { QUERY_TYPES } from './lib/scale-queries.js';
import { writeSyntheticCorpus } from './lib/synthetic.js';

const args = process.argv.slice(2);
const opt = (name, def) => (args.includes(name) ? args[args.indexOf(name) + 1] : def);
const factors = opt('--factors', '1,5,20').split(',').map(Number);
if (args.includes('--with-60x') && !factors.includes(60)) factors.push(60);
const coldRounds = Number(opt('--cold-rounds', 2));
const warmRounds = Number(opt('--warm-rounds', 3));
const keep = args.includes('--keep');
const root = new URL('..', import.meta.url).pathname;
const sample = sampleCorpusDir();
const bin = resolve(root, 'bin/filings.js');
// The CLI as installed (bin/filings.js, the bundle) in a new process; with `rss`, reporting its peak RSS
// on stderr (a preload that loads Node's ES module loader, about 10 ms: never in timed queries).
const reportRss = `data:text/javascript,process.on('exit', () => process.stderr.write('\\nMAXRSS ' + process.resourceUsage().maxRSS + '\\n'))`;

function cli(cliArgs, env = {}, { rss: withRss = false } = {}) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [...(withRss ? ['--import', reportRss] : []), bin, ...cliArgs], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - t0;
  if (r.status !== 0 && r.status !== 2) throw new Error(`filings ${cliArgs.join(' ')}: exit ${r.status}: ${r.stderr.slice(-400)}`);
  const rss = Number(/MAXRSS (\d+)/.exec(r.stderr)?.[1] ?? 0) * 1024;
  return { ms, rss, stdout: r.stdout };
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const med = (xs) => pct(xs, 0.5);
const mb = (n) => `${(n / 1e6).toFixed(0)} MB`;
const fmt = (xs) => `${med(xs).toFixed(0)} ms (${pct(xs, 0.9).toFixed(0)})`;

/** Bytes of each part of the index (dbstat; the shards' FTS5 tables summed), largest first. */
function breakdown(db) {
  const parts = {};
  for (const r of db.prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name').all()) {
    const k = r.name.replace(/^fts_\d+/, 'fts_*');
    parts[k] = (parts[k] ?? 0) + r.bytes;
  }
  return Object.entries(parts)
    .sort((a, b) => b[1] - a[1])
    .filter(([, b]) => b > 1e6)
    .map(([k, b]) => `${k} ${mb(b)}`)
    .join(', ');
}

async function inProcess(indexPath) {
  const backend = await openEngineBackend({ indexPath });
  const out = {};
  try {
    await backend.query({ query: QUERY_TYPES[0].questions[0], mode: 'research' });
    for (const t of QUERY_TYPES) {
      const xs = [];
      for (let r = 0; r < warmRounds; r++) {
        for (const q of t.questions) {
          const t0 = performance.now();
          await backend.query({ query: q, mode: t.mode });
          xs.push(performance.now() - t0);
        }
      }
      out[t.name] = xs;
    }
    out.index = breakdown(backend.engine.index.db);
  } finally {
    await backend.close();
  }
  return out;
}

/** Cold queries of each type; between them, bare `node -e 0` starts: the floor no query can go under,
 * measured alongside (it moves with the machine's load, and every cold figure with it). */
function cold(indexPath) {
  const out = { floor: [] };
  for (const t of QUERY_TYPES) out[t.name] = [];
  for (let r = 0; r < coldRounds; r++) {
    for (const t of QUERY_TYPES) {
      for (const q of t.questions) {
        out[t.name].push(cli(['query', '--json', '--mode', t.mode, '--index', indexPath, q]).ms);
        const t0 = performance.now();
        spawnSync(process.execPath, ['-e', '0']);
        out.floor.push(performance.now() - t0);
      }
    }
  }
  return out;
}

/** `corpus stats`, `filters --values`, in-process and cold queries over an index, into `row`. */
async function measure(indexPath, row) {
  row.stats = [];
  row.values = [];
  for (let i = 0; i < 3; i++) {
    row.stats.push(cli(['corpus', 'stats', '--json', '--index', indexPath]).ms);
    row.values.push(cli(['filters', '--values', '--json', '--index', indexPath]).ms);
  }
  console.log(`  corpus stats ${med(row.stats).toFixed(0)} ms, filters --values ${med(row.values).toFixed(0)} ms (cold, median of 3)`);
  row.warm = await inProcess(indexPath);
  console.log(`  index parts: ${row.warm.index}`);
  console.log(`  in-process, median (p90) over ${warmRounds} rounds:`);
  for (const t of QUERY_TYPES) console.log(`    ${t.name.padEnd(20)} ${fmt(row.warm[t.name])}`);
  row.cold = cold(indexPath);
  console.log(`  cold (filings query --json, a new process each), median (p90) over ${coldRounds} rounds:`);
  for (const t of QUERY_TYPES) console.log(`    ${t.name.padEnd(20)} ${fmt(row.cold[t.name])}`);
  console.log(`    ${'node -e 0 (floor)'.padEnd(20)} ${fmt(row.cold.floor)}`);
}

const results = [];
const given = opt('--index', undefined);
if (given) {
  // Queries only, over an index built before (no ingest, no add).
  const stats = JSON.parse(cli(['corpus', 'stats', '--json', '--index', given]).stdout);
  const row = { factor: 0, filings: stats.filings, text: stats.textChars, indexBytes: statSync(given).size };
  console.log(
    `${given}: ${stats.filings} filings, ${mb(row.text)} of text, index ${mb(row.indexBytes)} (${(row.indexBytes / row.text).toFixed(2)}x); ingest and add not measured`,
  );
  await measure(given, row);
  results.push(row);
  factors.length = 0;
}
for (const factor of factors) {
  const dir = mkdtempSync(join(process.env.FILINGS_SCALE_TMP ?? tmpdir(), `filings-scale-${factor}x-`));
  const indexPath = join(dir, 'index.sqlite');
  try {
    console.log(`\n${factor}x: writing the synthetic corpus to ${dir}`);
    let t0 = performance.now();
    const corpus = writeSyntheticCorpus(sample, join(dir, 'corpus'), factor);
    // Ten more copies (the next clone of the first ten filings) for the incremental add.
    const extra = writeSyntheticCorpus(sample, join(dir, 'extra'), factor + 1, undefined, { from: factor, limit: 10 });
    console.log(`  ${corpus.files} filings, ${mb(corpus.chars)} of text, written in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    const ingest = cli(['corpus', 'init', '--json', '--index', indexPath], { FILINGS_SAMPLE_CORPUS: join(dir, 'corpus') }, { rss: true });
    const summary = JSON.parse(ingest.stdout);
    rmSync(join(dir, 'corpus'), { recursive: true, force: true });
    const indexBytes = statSync(indexPath).size;
    const row = {
      factor,
      filings: corpus.files,
      text: summary.text_mb ? summary.text_mb * 1e6 : corpus.chars,
      ingestS: ingest.ms / 1000,
      ingestRss: ingest.rss,
      indexBytes,
    };
    console.log(
      `  ingest ${row.ingestS.toFixed(0)} s (${((row.ingestS * 1000) / corpus.files).toFixed(0)} s per 1,000 filings), peak RSS ${mb(ingest.rss)}`,
    );
    console.log(`  index ${mb(indexBytes)} for ${mb(row.text)} of text: ${(indexBytes / row.text).toFixed(2)}x`);

    await measure(indexPath, row);

    t0 = performance.now();
    const add = cli(
      [
        'corpus',
        'add',
        '--json',
        '--index',
        indexPath,
        '--constituents',
        join(dir, 'extra', 'constituents.csv'),
        join(dir, 'extra', 'filings'),
      ],
      {},
      { rss: true },
    );
    row.addS = (performance.now() - t0) / 1000;
    row.addRss = add.rss;
    console.log(
      `  corpus add of ${extra.files} filings: ${row.addS.toFixed(1)} s, peak RSS ${mb(add.rss)}, index now ${mb(statSync(indexPath).size)}`,
    );
    results.push(row);
  } finally {
    if (keep) console.log(`  kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  '\ncold `filings query --json`, medians (p90) in ms, and `node -e 0` measured between them; stats and values cold, medians of 3',
);
console.log(
  '| filings | text | ingest | peak RSS | index | company + year | company | sector (inferred) | no filter | basic | agentic comparison | node -e 0 | `corpus stats` | `filters --values` | add 10 |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const c = (name) => fmt(r.cold[name]).replace(' ms', '');
  console.log(
    `| ${r.filings.toLocaleString('en-US')} | ${mb(r.text)} | ${r.ingestS?.toFixed(0) ?? '-'} s | ${r.ingestRss ? mb(r.ingestRss) : '-'} | ${mb(r.indexBytes)} (${(r.indexBytes / r.text).toFixed(2)}x) | ${c('company + year')} | ${c('company')} | ${c('sector (inferred)')} | ${c('no filter')} | ${c('basic')} | ${c('agentic comparison')} | ${med(r.cold.floor).toFixed(0)} | ${(med(r.stats) / 1000).toFixed(2)} s | ${(med(r.values) / 1000).toFixed(2)} s | ${r.addS?.toFixed(1) ?? '-'} s |`,
  );
}
console.log('\nin-process, medians (p90) in ms');
console.log('| filings | company + year | company | sector (inferred) | no filter | basic | agentic comparison |');
console.log('|---|---|---|---|---|---|---|');
for (const r of results)
  console.log(`| ${r.filings.toLocaleString('en-US')} | ${QUERY_TYPES.map((t) => fmt(r.warm[t.name]).replace(' ms', '')).join(' | ')} |`);
const skipped = [1, 5, 20, 60].filter((f) => !factors.includes(f));
if (skipped.length > 0 && !given)
  console.log(
    `\nnot run: ${skipped.map((f) => `${f}x`).join(', ')}${skipped.includes(60) ? ' (60x: --with-60x; about 10,000 filings, 3.4 GB of text)' : ''}`,
  );

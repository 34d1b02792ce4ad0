// Hostile filings (issue 44.2): each shape of bench/lib/hostile-filings.js written into a real filing
// in a temporary directory and given to `corpus add` (the built CLI, a process of its own for each),
// with a sample filing beside it; prints whether the hostile one was added or refused and why, the
// seconds and the peak RSS of the whole run, and whether the sample filing went in. Run after
// `npm run build`:
//   node bench/hostile-filings.js [--quick] [shape ...]
// --quick leaves out the million-row tables.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeShape, edgarDir, HTML_BASE, hasHtmlBase, SHAPES, writeHostileFiling } from './lib/hostile-filings.js';
import { sampleCorpusDir } from './lib/sample.js';

const here = new URL('.', import.meta.url).pathname;
const main = join(here, '..', 'dist', 'cli', 'main.js');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.filter((a) => !a.startsWith('--'));
const TIMEOUT_S = 120;
// The sizes measured of each shape: the table shapes at the sizes the issue gives, the rest at one.
const SIZES = {
  'html-table-rows': [25_000, 50_000, 100_000, 200_000, ...(quick ? [] : [1_000_000])],
  'json-table-rows': [25_000, 50_000, 100_000, 200_000, ...(quick ? [] : [1_000_000])],
};
const other = join(sampleCorpusDir(), 'filings', '200406_8K_2023_0000200406-23-000091.json.gz');
const constituents = join(sampleCorpusDir(), 'constituents.csv');

// The CLI in-process under a wrapper that prints its peak RSS on stderr as it exits.
const wrapper = `const { main } = await import(${JSON.stringify(main)});
process.exitCode = await main([process.argv[0], 'filings', ...process.argv.slice(1)]);
process.on('exit', () => process.stderr.write('\\nmaxrss ' + process.resourceUsage().maxRSS + '\\n'));`;

function add(dir, files) {
  const index = join(dir, `index-${Math.random().toString(36).slice(2)}.sqlite`);
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      wrapper,
      '--',
      'corpus',
      'add',
      ...files,
      '--index',
      index,
      '--constituents',
      constituents,
      '--filed',
      HTML_BASE.filed,
      '--json',
    ],
    {
      encoding: 'utf8',
      timeout: TIMEOUT_S * 1000,
      killSignal: 'SIGKILL',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  const seconds = (performance.now() - t0) / 1000;
  rmSync(index, { force: true });
  const rss = Number(/maxrss (\d+)/.exec(r.stderr ?? '')?.[1] ?? 0) / 1024;
  if (r.error || r.signal) return { seconds, rss, outcome: `stopped after ${TIMEOUT_S} s`, others: '-' };
  let summary;
  try {
    summary = JSON.parse(r.stdout);
  } catch {
    return { seconds, rss, outcome: `exit ${r.status}: ${(r.stderr ?? '').trim().split('\n')[0]}`, others: '-' };
  }
  const failed = summary.failed.find((f) => f.file === files[0]);
  return {
    seconds,
    rss,
    outcome: failed ? `refused: ${failed.error}` : 'added',
    others: summary.failed.some((f) => f.file !== files[0]) ? 'not added' : 'added',
  };
}

const dir = mkdtempSync(join(tmpdir(), 'filings-hostile-'));
try {
  console.log('hostile filings: corpus add of each with a sample 8-K beside it (one process each; seconds and peak RSS of the run)');
  if (!hasHtmlBase()) console.log(`  (HTML shapes skipped: no recorded EDGAR material at ${edgarDir()}; set FILINGS_EDGAR_FIXTURES)`);
  console.log(`  ${'shape'.padEnd(70)} ${'MB'.padStart(5)} ${'s'.padStart(6)} ${'RSS MB'.padStart(7)}  other  outcome`);
  const row = (name, file, r) =>
    console.log(
      `  ${name.padEnd(70)} ${(statSync(file).size / 1e6).toFixed(1).padStart(5)} ${r.seconds.toFixed(1).padStart(6)} ` +
        `${r.rss.toFixed(0).padStart(7)}  ${r.others.padEnd(5)}  ${r.outcome.slice(0, 200)}`,
    );
  // The bases as they are, for comparison.
  if (hasHtmlBase() && (only.length === 0 || only.some((s) => s.startsWith('html')))) {
    const base = join(edgarDir(), HTML_BASE.file);
    const copy = join(dir, `${HTML_BASE.accession}.htm`);
    copyFileSync(base, copy);
    row('html base (Apple FY2024 10-K as filed)', copy, add(dir, [copy, other]));
  }
  for (const [shape, s] of Object.entries(SHAPES)) {
    if (only.length > 0 && !only.includes(shape)) continue;
    if (s.kind === 'html' && !hasHtmlBase()) continue;
    for (const size of SIZES[shape] ?? [s.size]) {
      const { path } = writeHostileFiling(dir, shape, size);
      row(`${shape}: ${describeShape(shape, size)}`, path, add(dir, [path, other]));
      rmSync(path, { force: true });
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// HTML / inline-XBRL ingest benchmark: every EDGAR document of ../shared/edgar (FILINGS_EDGAR_FIXTURES)
// through the ingest that `corpus add` and `corpus pull` run (parse, tables, facts, items), each timed
// warm (the best of three runs) with its CPU time, facts and items; then the whole set in one pass for
// MB/s and peak RSS. The 2-4 MB inline-XBRL 10-Ks must each take under 1 s. Run after `npm run build`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { prepareEdgarFile } from '../dist/engine/html/file.js';
import { prepareHtmlFiling } from '../dist/engine/html/ingest.js';

const here = new URL('.', import.meta.url).pathname;
const dir = process.env.FILINGS_EDGAR_FIXTURES ? resolve(process.env.FILINGS_EDGAR_FIXTURES) : join(here, '..', '..', 'shared', 'edgar');
if (!existsSync(join(dir, 'MANIFEST.tsv'))) {
  console.log(`html ingest: no EDGAR material at ${dir} (set FILINGS_EDGAR_FIXTURES); skipped`);
  process.exit(0);
}
const files = [
  ...['10-K', '10-Q', '8-K'].flatMap((f) =>
    readdirSync(join(dir, 'primary', f))
      .sort()
      .map((n) => join(dir, 'primary', f, n)),
  ),
  ...readdirSync(join(dir, 'filing-dir')).flatMap((d) =>
    readdirSync(join(dir, 'filing-dir', d))
      .filter((n) => /^[a-z]+-\d{8}\.htm$/.test(n))
      .map((n) => join(dir, 'filing-dir', d, n)),
  ),
  ...readdirSync(join(dir, 'full-submission'))
    .sort()
    .map((n) => join(dir, 'full-submission', n)),
];
const placeholder = { accession: '0000000000-00-000000', filingDate: '2000-01-01' };
const ingest = (file, bytes) =>
  /\.txt$/.test(file)
    ? prepareEdgarFile(file, bytes, new Map(), {})
    : prepareHtmlFiling(
        bytes.toString('utf8'),
        {
          ...placeholder,
          sourceFile: basename(file),
          ...(file.includes('92122_0000092122-07') ? { form: '8-K', cik: '92122', reportDate: '2007-01-25' } : {}),
        },
        new Map(),
      );

let peakRss = 0;
const sample = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));
const timer = setInterval(sample, 20);

console.log('html ingest (warm: best of 3)');
console.log(
  `  ${'document'.padEnd(48)} ${'MB'.padStart(5)} ${'ms'.padStart(6)} ${'cpu ms'.padStart(7)} ${'facts'.padStart(6)} ${'tables'.padStart(6)}  items`,
);
const slow = [];
for (const file of files) {
  const bytes = readFileSync(file);
  let best = Infinity;
  let cpu = 0;
  let p;
  for (let i = 0; i < 3; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    p = ingest(file, bytes);
    const ms = performance.now() - t0;
    if (ms < best) {
      best = ms;
      const c = process.cpuUsage(c0);
      cpu = (c.user + c.system) / 1000;
    }
    sample();
  }
  const items = p.sections.map((s) => s.item_tag.replace(/^(?:10K|10Q|8K)-/, '').replace('Item-', '')).join(' ');
  const mb = bytes.length / 1e6;
  console.log(
    `  ${basename(file).slice(0, 48).padEnd(48)} ${mb.toFixed(2).padStart(5)} ${best.toFixed(0).padStart(6)} ${cpu.toFixed(0).padStart(7)} ${String(p.facts.length).padStart(6)} ${String(p.tables.length).padStart(6)}  ${items}`,
  );
  if (/primary\/10-K/.test(file) && mb >= 2 && mb <= 4 && best >= 1000) slow.push(basename(file));
}

// The whole set, once each, cold to warm as a pull would see it.
const totalBytes = files.reduce((n, f) => n + statSync(f).size, 0);
const t0 = performance.now();
for (const file of files) {
  ingest(file, readFileSync(file));
  sample();
}
const secs = (performance.now() - t0) / 1000;
clearInterval(timer);
peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
console.log(
  `  whole set          ${files.length} documents, ${(totalBytes / 1e6).toFixed(1)} MB in ${secs.toFixed(2)} s: ${(totalBytes / 1e6 / secs).toFixed(1)} MB/s`,
);
console.log(`  peak RSS           ${(peakRss / 1e6).toFixed(0)} MB`);
console.log(`  2-4 MB 10-Ks < 1 s ${slow.length === 0 ? 'yes' : `no: ${slow.join(', ')}`}`);

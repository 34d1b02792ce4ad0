// Ingest benchmark: builds the whole sample corpus into a temporary index and prints seconds, MB/s of
// text, index size, peak RSS and statement count; then times BM25 queries with a metadata filter two
// ways (FTS5 driven by rowid ranges vs a plain JOIN on filings). Run after `npm run build`:
//   node bench/ingest.js [--keep]
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIndex } from '../dist/engine/corpus/build.js';
import { loadConstituents } from '../dist/engine/corpus/constituents.js';
import { sampleConstituents, sampleFilingsDir } from '../dist/engine/corpus/sample.js';
import { mergeRanges, openIndex } from '../dist/engine/index/open.js';

const dir = mkdtempSync(join(tmpdir(), 'filings-bench-'));
const indexPath = join(dir, 'index.sqlite');
const filingsDir = sampleFilingsDir();
const files = readdirSync(filingsDir).filter((f) => /\.json(\.gz)?$/.test(f)).sort().map((f) => join(filingsDir, f));

let peakRss = 0;
const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const constituents = await loadConstituents(sampleConstituents());
const r = await buildIndex({ indexPath, files, constituents, fresh: true, onProgress: () => (peakRss = Math.max(peakRss, process.memoryUsage().rss)) });
clearInterval(sample);
peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);

const ix = openIndex(indexPath);
const statements = ix.db.prepare('SELECT COUNT(*) AS n FROM statements').get().n;
const mbText = r.textChars / 1e6;
console.log('ingest');
console.log(`  files              ${r.added.length} added, ${r.failed.length} failed`);
console.log(`  seconds            ${r.seconds.toFixed(1)}`);
console.log(`  text               ${mbText.toFixed(1)} MB, ${(mbText / r.seconds).toFixed(1)} MB/s`);
console.log(`  index size         ${(statSync(indexPath).size / 1e6).toFixed(1)} MB`);
console.log(`  peak RSS           ${(peakRss / 1e6).toFixed(0)} MB`);
console.log(`  statements         ${statements}`);

// BM25 (ORDER BY bm25(), see below) with filters: ranges (FTS5 applies `rowid BETWEEN` inside its scan) vs JOIN (FTS5 scores every
// match in the corpus, then SQLite filters by the joined filings row).
const time = (fn, n = 20) => {
  fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) fn();
  return (performance.now() - t) / n;
};
const byRange = ix.db.prepare('SELECT rowid, bm25(statements_fts) AS rank FROM statements_fts WHERE statements_fts MATCH ? AND rowid BETWEEN ? AND ? ORDER BY bm25(statements_fts) LIMIT 20');
const viaRanges = (match, where, params) => {
  const rs = mergeRanges(ix.db.prepare(`SELECT first_statement, last_statement FROM filings WHERE ${where}`).all(...params));
  const hits = rs.flatMap(([a, b]) => byRange.all(match, a, b));
  return hits.sort((p, q) => p.rank - q.rank).slice(0, 20);
};
const viaJoin = (match, where, params) =>
  ix.db
    .prepare(`SELECT statements_fts.rowid, bm25(statements_fts) AS rank FROM statements_fts JOIN statements s ON s.id = statements_fts.rowid JOIN filings f ON f.id = s.filing_id WHERE statements_fts MATCH ? AND ${where.replace(/\b(sec_\w+)/g, 'f.$1')} ORDER BY bm25(statements_fts) LIMIT 20`)
    .all(match, ...params);
const unfiltered = ix.db.prepare('SELECT rowid, bm25(statements_fts) FROM statements_fts WHERE statements_fts MATCH ? ORDER BY bm25(statements_fts) LIMIT 20');
const rankRange = ix.db.prepare('SELECT rowid FROM statements_fts WHERE statements_fts MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rank LIMIT 20');
const match = 'capital OR expenditures OR purchases OR property OR plant OR equipment';
const cases = [
  ['one filing (MMM FY-2018 10-K)', "sec_ticker = ? AND sec_fiscal_year = ? AND sec_form_type = '10-K'", ['MMM', 'FY-2018']],
  ['one company (MMM)', 'sec_ticker = ?', ['MMM']],
  ['a sector (Information Technology)', 'sec_gics_sector = ?', ['Information Technology']],
];
console.log(`bm25 "${match}" (ms per query, top 20)`);
console.log(`  no filter                                     ${time(() => unfiltered.all(match)).toFixed(1)}`);
// Note: `ORDER BY rank` makes FTS5 sort every match before the rowid range applies; `ORDER BY bm25()` does not.
const mmm = ix.filing('0001558370-19-000470');
console.log(`  one filing, ORDER BY rank (avoid)             ${time(() => rankRange.all(match, mmm.first_statement, mmm.last_statement)).toFixed(1)}`);
for (const [name, where, params] of cases) {
  const a = viaRanges(match, where, params).map((x) => x.rowid);
  const b = viaJoin(match, where, params).map((x) => x.rowid);
  const same = a.join() === b.join() ? '' : ' (results differ!)';
  const n = mergeRanges(ix.db.prepare(`SELECT first_statement, last_statement FROM filings WHERE ${where}`).all(...params)).length;
  console.log(`  ${`${name}, ${n} range(s)`.padEnd(44)}  ranges ${time(() => viaRanges(match, where, params)).toFixed(1).padStart(6)}   join ${time(() => viaJoin(match, where, params)).toFixed(1).padStart(6)}${same}`);
}
ix.close();
if (process.argv.includes('--keep')) console.log(`index kept at ${indexPath}`);
else rmSync(dir, { recursive: true, force: true });

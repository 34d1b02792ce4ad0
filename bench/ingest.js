// Ingest benchmark: builds the whole sample corpus into a temporary index and prints seconds, MB/s of
// text, index size (and its parts, against the text), peak RSS and statement count. Larger corpora:
// bench/scale.js. Run after `npm run build`:
//   node bench/ingest.js [--keep]
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIndex } from '../dist/engine/ingest/build.js';
import { loadConstituents } from '../dist/engine/filing/constituents.js';
import { sampleConstituents, sampleFilingsDir } from '../dist/engine/ingest/sample.js';
import { sampleCorpusDir } from './lib/sample.js';
import { openIndex } from '../dist/engine/index/open.js';

const dir = mkdtempSync(join(tmpdir(), 'filings-bench-'));
const indexPath = join(dir, 'index.sqlite');
const filingsDir = sampleFilingsDir(sampleCorpusDir());
const files = readdirSync(filingsDir)
  .filter((f) => /\.json(\.gz)?$/.test(f))
  .sort()
  .map((f) => join(filingsDir, f));

let peakRss = 0;
const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const constituents = await loadConstituents(sampleConstituents(sampleCorpusDir()));
const r = await buildIndex({
  indexPath,
  files,
  constituents,
  fresh: true,
  onProgress: () => (peakRss = Math.max(peakRss, process.memoryUsage().rss)),
});
clearInterval(sample);
peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);

const ix = openIndex(indexPath);
const statements = ix.db.prepare('SELECT SUM(statement_count) AS n FROM filings').get().n;
const mbText = r.textChars / 1e6;
console.log('ingest');
console.log(`  files              ${r.added.length} added, ${r.failed.length} failed`);
console.log(`  seconds            ${r.seconds.toFixed(1)}`);
console.log(`  text               ${mbText.toFixed(1)} MB, ${(mbText / r.seconds).toFixed(1)} MB/s`);
console.log(`  index size         ${(statSync(indexPath).size / 1e6).toFixed(1)} MB`);
console.log(`  peak RSS           ${(peakRss / 1e6).toFixed(0)} MB`);
console.log(`  statements         ${statements}`);

// Where the bytes go (issue 14: at most 1.5 times the text). Shards' tables summed by kind.
const parts = {};
for (const r of ix.db.prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name').all()) {
  const k = r.name.replace(/^fts_\d+/, 'fts_*');
  parts[k] = (parts[k] ?? 0) + r.bytes;
}
console.log(`  shards             ${ix.shards().length} (one FTS5 table per fiscal year)`);
console.log(`  index / text       ${(statSync(indexPath).size / r.textChars).toFixed(2)}x`);
for (const [k, v] of Object.entries(parts)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 6))
  console.log(`    ${k.padEnd(22)} ${(v / 1e6).toFixed(1).padStart(6)} MB  ${(v / r.textChars).toFixed(3)}x`);
ix.close();
if (process.argv.includes('--keep')) console.log(`index kept at ${indexPath}`);
else rmSync(dir, { recursive: true, force: true });

// How many table cells of the sample corpus have each of their coordinates: a period (the column's, or
// the balance date of a roll-forward's row), a part (the column's segment, place, lease kind or
// "Total"), a row path (headings above its group) and a unit. Every filing is prepared as ingest
// prepares it (dist/engine/ingest/prepare.js); a cell is a non-empty number of a row.
// Usage: node bench/cell-coordinates.js [--against <other build's dist/>] [--corpus <dir>]
// With --against, the same counts from another build (e.g. one of the main branch) and the gains.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const arg = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const corpus = resolve(arg('--corpus') ?? process.env.FILINGS_SAMPLE_CORPUS ?? join(import.meta.dirname, '..', '..', 'shared', 'corpus'));
const against = arg('--against');

// A column label that names a part when the model has no part field: letters, and no period in it.
const PERIOD_WORDS = /\b(?:19|20)\d\d\b|\b(?:months?|weeks?|years?|quarters?|ended|change|%)\b/i;
const partOf = (c) => c.part ?? (/[a-z]/i.test(c.label ?? '') && !PERIOD_WORDS.test(c.label) ? c.label : undefined);

async function count(dist) {
  const { prepareFiling } = await import(pathToFileURL(join(dist, 'engine/ingest/prepare.js')).href);
  const { readRawFiling } = await import(pathToFileURL(join(dist, 'engine/filing/raw.js')).href);
  const dir = join(corpus, 'filings');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json.gz'))
    .sort();
  const n = { filings: files.length, tables: 0, cells: 0, period: 0, rowPeriod: 0, part: 0, path: 0, unit: 0, all: 0 };
  // Per cell, keyed by filing, table caption and row/cell position, for the gains.
  const keys = new Map();
  for (const file of files) {
    const p = prepareFiling(await readRawFiling(join(dir, file)), file, new Map());
    p.tables.forEach((t, ti) => {
      n.tables++;
      for (const [ri, r] of t.rows.entries()) {
        r.cells.forEach((cell, j) => {
          if (!cell || cell.value === null) return;
          const c = t.columns[j];
          const period = !!(c?.period || (r.aligned && r.period));
          const part = !!(c && r.aligned && partOf(c));
          n.cells++;
          if (period) n.period++;
          if (!c?.period && r.aligned && r.period) n.rowPeriod++;
          if (part) n.part++;
          if (r.path) n.path++;
          if (t.unit) n.unit++;
          if (period && t.unit) n.all++;
          keys.set(`${file}#${ti}#${t.caption}#${r.label}#${ri}#${j}`, { period, part, unit: !!t.unit, inferred: !!c?.inferred });
        });
      }
    });
  }
  return { n, keys };
}

const pct = (a, b) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
const mine = await count(join(import.meta.dirname, '..', 'dist'));
const { n } = mine;
console.log(`sample corpus: ${n.filings} filings, ${n.tables} tables, ${n.cells} cells with a number`);
console.log(`  with a period:       ${n.period} (${pct(n.period, n.cells)}), of them ${n.rowPeriod} from a balance row's date`);
console.log(`  with a part:         ${n.part} (${pct(n.part, n.cells)})`);
console.log(`  with a row path:     ${n.path} (${pct(n.path, n.cells)}) (a group under another heading)`);
console.log(`  with a unit:         ${n.unit} (${pct(n.unit, n.cells)})`);
console.log(`  with period and unit: ${n.all} (${pct(n.all, n.cells)})`);
if (against) {
  const other = await count(resolve(against));
  const o = other.n;
  console.log(`against ${against}: ${o.cells} cells; period ${o.period}, part ${o.part}, unit ${o.unit}`);
  // A cell gains a coordinate when the other build has the same cell (same filing, table, row, column)
  // without it; cells the other build read at another place are counted apart.
  const gain = { period: 0, part: 0, unit: 0, lost: { period: 0, part: 0, unit: 0 }, lostInferred: 0, moved: 0 };
  for (const [k, v] of mine.keys) {
    const w = other.keys.get(k);
    if (!w) {
      gain.moved++;
      continue;
    }
    for (const x of ['period', 'part', 'unit']) {
      if (v[x] && !w[x]) gain[x]++;
      if (!v[x] && w[x]) gain.lost[x]++;
    }
    if (!v.period && w.period && w.inferred) gain.lostInferred++;
  }
  console.log(`  same cell, gained: period ${gain.period}, part ${gain.part}, unit ${gain.unit}`);
  console.log(
    `  same cell, lost:   period ${gain.lost.period} (${gain.lostInferred} of them inferred years), part ${gain.lost.part}, unit ${gain.lost.unit}`,
  );
  console.log(`  cells placed otherwise than by the other build (a row or column read anew): ${gain.moved}`);
  console.log(
    `  net: period ${n.period - o.period >= 0 ? '+' : ''}${n.period - o.period}, part ${n.part - o.part >= 0 ? '+' : ''}${n.part - o.part}, unit ${n.unit - o.unit >= 0 ? '+' : ''}${n.unit - o.unit}`,
  );
}

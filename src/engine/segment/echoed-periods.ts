// Columns whose years the text lost, dated by a row the filing prints again under printed dates: Best
// Buy's segment note prints "Total revenue 46,298 51,761 47,262" under no header at all, the same three
// amounts its income statement prints under "January 28, 2023 / January 29, 2022 / January 30, 2021".
// A run of amounts that long, the same in the same order, is the same periods' figures: the note's
// columns take the statement's periods. Only columns with no period, name or part are dated so, and only
// when every echoed row agrees.
import type { ColumnPeriod, TableModel, TableRowModel } from '../tables/model.js';
import { SEGMENT_TUNING } from './tuning.js';

const { minCells, minAmount } = SEGMENT_TUNING.echo;

/** The row's amounts as a key, when it is a run of amounts that says something: every cell a number
 * (no percentage), at least `minCells`, and as many of them at least `minAmount` and distinct. */
function keyOf(row: TableRowModel, width: number): string | undefined {
  if (!row.aligned || row.cells.length !== width || width < minCells) return undefined;
  const values: number[] = [];
  for (const c of row.cells) {
    if (!c || c.value === null || c.percent) return undefined;
    values.push(c.value);
  }
  const big = new Set(values.filter((v) => Math.abs(v) >= minAmount));
  return big.size >= minCells ? values.join(' ') : undefined;
}

// (A year in the caption or a row's label is a header the text broke and the table did not read, or
// another table's run into this one: the echo may date rows that are not the echoed years'.)
const YEAR = /\b(?:19|20)\d\d\b/;
const undated = (t: TableModel) =>
  t.columns.length >= minCells &&
  // (Years inferred for a table that says no period, 'unhinted', are no reading yet: the echo dates it.)
  t.columns.every((c) => (!c.period || c.basis === 'unhinted') && !c.label && !c.part) &&
  !YEAR.test(t.caption) &&
  !t.rows.some((r) => YEAR.test(r.label));

/** Dates the columns of tables that lost their header by rows another table prints under dates. */
export function dateEchoedColumns(tables: TableModel[]): void {
  const targets = tables.filter(undated);
  if (targets.length === 0) return;
  // Rows of tables whose every column has a printed period, by their amounts.
  const dated = new Map<string, ColumnPeriod[] | null>();
  for (const t of tables) {
    if (t.columns.length < minCells || !t.columns.every((c) => c.period && !c.inferred)) continue;
    const periods = t.columns.map((c) => c.period!);
    // (Each column its own period: two columns of one year are parts or bases, not the years.)
    if (new Set(periods.map((p) => JSON.stringify(p))).size !== periods.length) continue;
    for (const r of t.rows) {
      const key = keyOf(r, t.columns.length);
      if (!key) continue;
      const had = dated.get(key);
      // (The same amounts under other periods: no one reading.)
      if (had === undefined) dated.set(key, periods);
      else if (had && JSON.stringify(had) !== JSON.stringify(periods)) dated.set(key, null);
    }
  }
  for (const t of targets) {
    const found = t.rows.map((r) => keyOf(r, t.columns.length)).flatMap((k) => (k && dated.get(k) ? [dated.get(k)!] : []));
    if (found.length === 0 || found.some((p) => JSON.stringify(p) !== JSON.stringify(found[0]))) continue;
    t.columns = t.columns.map((c, j) => ({ label: c.label, period: { ...found[0]![j]! }, inferred: false }));
  }
}

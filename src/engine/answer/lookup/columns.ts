// Which column holds a period, and whether a table's year columns can be trusted. A header the filing
// printed is; a header the text lost was inferred (segment/column-order.ts), and is settled here by the
// same rows in the company's other annual reports: a 2018 figure is printed in the FY2018, FY2019 and
// FY2020 10-Ks, so the values of the years two tables share say which way each runs. When no other
// report holds the rows, the order the filing's own text showed stands; when nothing showed it, no
// figure is read from the table.
import type { FilingRow, IndexedTable } from '../../index/types.js';
import type { LineItemKey } from '../../lexicon/line-items.js';
import { cleanLabel, matchLexicon } from '../../lexicon/match.js';
import type { TableColumn, TableModel } from '../../tables/model.js';
import { fiscalQuarterOf } from '../../filing/fiscal.js';
import { ANSWER_TUNING } from '../tuning.js';

const C = ANSWER_TUNING.columns;

const fiscalQuarter = (f: FilingRow) => fiscalQuarterOf(f.period_of_report, f.sec_fiscal_year_end);

export interface PeriodAsk {
  year: number;
  quarter?: number;
  /** With a quarter: the months ending with it (3, 6, 9). */
  months?: number;
  /** A balance at a point or an amount over a span, as the question says it (`sure`: plainly). */
  at?: { point: 'instant' | 'duration'; sure: boolean };
}

/** The column of `p` in `m`, or -1 when the table has none or several that could be it. */
export function periodColumn(m: TableModel, p: PeriodAsk, filing: FilingRow): number {
  const fits = periodColumns(m, p, filing);
  if (fits.length === 1) return fits[0]!.j;
  // Two columns of one year ("As reported" and "Adjusted", "Actual" and "Constant currency"): the table
  // is split another way than by period, and the question does not say which.
  const printed = fits.filter(({ c }) => !c.inferred);
  return printed.length === 1 && fits.length === 2 ? printed[0]!.j : -1;
}

/** The columns that are period `p`. */
export function periodColumns(m: TableModel, p: PeriodAsk, filing: FilingRow): { c: TableColumn; j: number }[] {
  return m.columns
    .map((c, j) => ({ c, j }))
    .filter(({ c }) => {
      const per = c.period;
      if (!per || per.fiscalYear !== p.year) return false;
      if (p.quarter === undefined) return per.kind === 'instant' || (per.months ?? 12) === 12;
      if (per.kind === 'instant') return filing.sec_form_type.startsWith('10-Q') && fiscalQuarter(filing) === p.quarter;
      // A quarter's column of the 10-Q of that quarter; a 10-K's three months ending with its year are
      // the fourth quarter ("Fourth Quarter Ended October 29, 2023").
      const own =
        per.quarter === undefined &&
        (filing.sec_form_type.startsWith('10-Q')
          ? fiscalQuarter(filing) === p.quarter
          : filing.sec_form_type.startsWith('10-K') && p.quarter === 4 && per.months === 3);
      return per.months === (p.months ?? 3) && (per.quarter === p.quarter || own);
    });
}

/** "Sales | Operating Income (Loss)" over "2023 2022 2021 2023 2022 2021": among the columns of one
 * period, the one under the group the caption names the line item in, the groups named in order as the
 * caption's last line items (one a group); -1 when that does not say. */
export function groupColumn(m: TableModel, p: PeriodAsk, filing: FilingRow, item: LineItemKey): number {
  const fits = periodColumns(m, p, filing);
  if (fits.length < 2 || m.columns.length % fits.length !== 0) return -1;
  const hits = matchLexicon(m.caption, { repeat: true })
    .filter((h) => h.kind === 'item')
    .sort((a, b) => a.start! - b.start!);
  const groups = hits.slice(-fits.length);
  if (groups.length !== fits.length) return -1;
  const k = groups.findIndex((h) => h.key === item);
  return k >= 0 && groups.filter((h) => h.key === item).length === 1 ? fits[k]!.j : -1;
}

export type ColumnTrust = 'printed' | 'verified' | 'flipped' | 'text' | 'unsettled';

const inferredCols = (m: TableModel) => m.columns.map((c, j) => (c.inferred && c.period ? j : -1)).filter((j) => j >= 0);

/** The fiscal year of each column under the table's current reading, or with its inferred columns'
 * years reversed. */
function yearsOf(columns: TableColumn[], flipped: boolean): (number | undefined)[] {
  const years = columns.map((c) => c.period?.fiscalYear);
  if (!flipped) return years;
  const idx = columns.map((c, j) => (c.inferred && c.period ? j : -1)).filter((j) => j >= 0);
  const out = [...years];
  for (const [k, j] of idx.entries()) out[j] = years[idx[idx.length - 1 - k]!];
  return out;
}

/** Values of each row label by fiscal year, for a table read one way. */
function valuesByLabel(t: TableModel, flipped: boolean): Map<string, Map<number, number>> {
  const years = yearsOf(t.columns, flipped);
  const scale = t.unit?.scale ?? 1;
  const out = new Map<string, Map<number, number>>();
  for (const row of t.rows) {
    if (!row.aligned) continue;
    const key = cleanLabel(row.label).toLowerCase();
    const byYear = new Map<number, number>();
    row.cells.forEach((cell, j) => {
      const y = years[j];
      const c = t.columns[j];
      // Small numbers agree by chance: amounts only.
      if (
        y === undefined ||
        !cell ||
        cell.value === null ||
        cell.percent ||
        Math.abs(cell.value) < C.minValue ||
        (c?.period?.months ?? 12) !== 12
      )
        return;
      byYear.set(y, cell.value * scale);
    });
    if (byYear.size > 0 && !out.has(key)) out.set(key, byYear);
  }
  return out;
}

/** Agreements less disagreements between two tables' values of the years they share. */
function agreement(a: Map<string, Map<number, number>>, b: Map<string, Map<number, number>>): { agree: number; disagree: number } {
  let agree = 0;
  let disagree = 0;
  for (const [label, ya] of a) {
    const yb = b.get(label);
    if (!yb) continue;
    for (const [year, v] of ya) {
      const w = yb.get(year);
      if (w === undefined || (v === 0 && w === 0)) continue;
      if (Math.abs(v - w) <= Math.max(1e-9, ANSWER_TUNING.sameValue * Math.max(Math.abs(v), Math.abs(w)))) agree++;
      else disagree++;
    }
  }
  return { agree, disagree };
}

/** Settles tables' inferred year columns against the company's other annual reports: all of them the
 * index holds, whatever filings a request allows, so a table's reading is the same for every request
 * (it is kept for the engine's life). */
export class ColumnCheck {
  private readonly cache = new Map<number, ColumnTrust>();

  constructor(
    private readonly tablesOf: (filingId: number) => IndexedTable[],
    private readonly filingsOf: (ticker: string) => FilingRow[],
  ) {}

  /** How far `table`'s column years can be trusted. */
  trust(table: IndexedTable, filing: FilingRow): ColumnTrust {
    let t = this.cache.get(table.id);
    if (t === undefined)
      this.cache.set(table.id, (t = this.settle(table, filing, filing.sec_ticker ? this.filingsOf(filing.sec_ticker) : [])));
    return t;
  }

  private settle(table: IndexedTable, filing: FilingRow, others: FilingRow[]): ColumnTrust {
    const m = table.model;
    if (inferredCols(m).length === 0) return 'printed';
    const year = Number(filing.sec_fiscal_year.slice(3));
    const near = others.filter(
      (f) => f.id !== filing.id && f.sec_form_type.startsWith('10-K') && Math.abs(Number(f.sec_fiscal_year.slice(3)) - year) <= C.nearYears,
    );
    const asIs = valuesByLabel(m, false);
    const flipped = valuesByLabel(m, true);
    let forAsIs = 0;
    let forFlip = 0;
    // The filing's own tables whose years are printed ("Cash and cash equivalents were as follows:
    // January 28, 2023 / January 29, 2022") show the same rows' years.
    for (const other of this.tablesOf(filing.id)) {
      if (other.id === table.id || inferredCols(other.model).length > 0 || !other.model.columns.some((c) => c.period)) continue;
      const theirs = valuesByLabel(other.model, false);
      const a = agreement(asIs, theirs);
      const b = agreement(flipped, theirs);
      forAsIs += Math.max(0, a.agree - a.disagree);
      forFlip += Math.max(0, b.agree - b.disagree);
    }
    for (const f of near) {
      for (const other of this.tablesOf(f.id)) {
        if (m.statement ? other.model.statement !== m.statement : other.model.caption !== m.caption) continue;
        // The other table read its own way and the other way: only the right pair of readings agrees.
        const readings = inferredCols(other.model).length > 0 ? [false, true] : [false];
        for (const o of readings) {
          const theirs = valuesByLabel(other.model, o);
          const a = agreement(asIs, theirs);
          const b = agreement(flipped, theirs);
          forAsIs = Math.max(forAsIs, a.agree - a.disagree);
          forFlip = Math.max(forFlip, b.agree - b.disagree);
        }
      }
    }
    // Two values or more that only one reading explains settle it.
    if (forAsIs >= C.votes && forAsIs > forFlip) return 'verified';
    if (forFlip >= C.votes && forFlip > forAsIs) return 'flipped';
    const basis = m.columns.find((c) => c.inferred)?.basis;
    return basis === 'text' || basis === 'change' ? 'text' : 'unsettled';
  }
}

/** The column a figure of column `j` comes from when the table's inferred years run the other way. */
export function flippedColumn(m: TableModel, j: number): number {
  const idx = inferredCols(m);
  const k = idx.indexOf(j);
  return k < 0 ? j : idx[idx.length - 1 - k]!;
}

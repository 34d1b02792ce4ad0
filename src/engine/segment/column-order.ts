// Which way a filing's tables run when the text lost their year headers. Most filings print the newest
// year first; some (Amazon) print the oldest first. The filing says which: its sentences state figures
// with their years ("Operating income was $12.4 billion and $14.5 billion for 2018 and 2019"), and its
// tables whose headers survived show its habit. Each such figure found in a table's column votes for
// the order that puts that column in that year; the inferred columns of every table follow the vote.
import type { TableModel } from '../tables/model.js';
import { statedFigures } from '../text/stated-figures.js';
import { changeColumn } from './change-columns.js';
import { SEGMENT_TUNING } from './tuning.js';

const HEADER_VOTE = SEGMENT_TUNING.columns.headerVote;

function inferred(t: TableModel): boolean {
  // (A table that says no period does not vote: its columns may be no years.)
  return t.columns.length > 1 && t.columns.every((c) => c.inferred && c.period && c.basis !== 'unhinted');
}

/** Votes of a filing for newest-first ('desc') and oldest-first ('asc') tables. */
export function orderVotes(tables: TableModel[], sentences: string[], fiscalYear: number): { desc: number; asc: number } {
  let desc = 0;
  let asc = 0;
  // Tables whose headers survived show the filing's habit.
  for (const t of tables) {
    const years = t.columns
      .filter((c) => !c.inferred && c.period?.kind !== undefined && /^(?:19|20)\d\d$/.test(c.label.trim()))
      .map((c) => Number(c.label.trim()));
    if (years.length < 2) continue;
    // A printed header is the surest sign of the filing's habit: it outweighs several sentences.
    if (years.every((y, i) => i === 0 || y < years[i - 1]!)) desc += HEADER_VOTE;
    else if (years.every((y, i) => i === 0 || y > years[i - 1]!)) asc += HEADER_VOTE;
  }
  // Only amounts stated to 1% or better: "$0.5 billion" matches half the cells of a filing.
  const stated = sentences.flatMap(statedFigures).filter((s) => s.tolerance <= SEGMENT_TUNING.columns.statedTolerance * s.amount);
  if (stated.length === 0) return { desc, asc };
  for (const t of tables) {
    if (!inferred(t) || !t.unit) continue;
    const n = t.columns.length;
    for (const row of t.rows) {
      if (!row.aligned) continue;
      row.cells.forEach((cell, j) => {
        // A year printed as a value ("expire 2031") is no amount.
        if (!cell || cell.value === null || cell.percent || Math.abs(cell.value) < 10 || /^(?:19|20)\d\d$/.test(cell.text.trim())) return;
        const v = Math.abs(cell.value) * t.unit!.scale;
        for (const s of stated) {
          if (Math.abs(v - s.amount) > s.tolerance) continue;
          const asDesc = fiscalYear - j;
          const asAsc = fiscalYear - (n - 1) + j;
          if (asDesc === asAsc) continue;
          if (s.year === asDesc) desc++;
          else if (s.year === asAsc) asc++;
        }
      });
    }
  }
  return { desc, asc };
}

/** Reverses the inferred columns of every table when the filing's votes say plainly its tables run oldest first. */
export function orderInferredColumns(tables: TableModel[], sentences: string[], fiscalYear: number): 'desc' | 'asc' {
  // Tables whose last column is a change: two years, the order their values show.
  const changes = new Map<TableModel, 'desc' | 'asc'>();
  for (const t of tables) {
    const c = t.columns.some((col) => col.basis === 'unhinted') ? undefined : changeColumn(t);
    if (!c) continue;
    changes.set(t, c);
    const last = t.columns[t.columns.length - 1]!;
    last.period = null;
    last.label = 'change';
    last.basis = 'change';
    t.columns.slice(0, -1).forEach((col, j, cols) => {
      if (col.period) col.period.fiscalYear = c === 'desc' ? fiscalYear - j : fiscalYear - (cols.length - 1) + j;
      col.basis = 'change';
    });
  }
  const { desc, asc } = orderVotes(
    tables.filter((t) => !changes.has(t)),
    sentences,
    fiscalYear,
  );
  const { minimum, margin } = SEGMENT_TUNING.columns.oldestFirst;
  const order = asc >= minimum && asc >= margin * desc ? 'asc' : 'desc';
  for (const t of tables) {
    if (!t.columns.some((c) => c.inferred) || changes.has(t)) continue;
    // The year columns only: percentage columns between them ("FY23 FY22 % % FY21") are no years.
    const years = t.columns.filter((c) => c.inferred && c.period);
    const n = years.length;
    years.forEach((c, j) => {
      c.period!.fiscalYear = order === 'asc' ? fiscalYear - (n - 1) + j : fiscalYear - j;
      if (c.basis !== 'unhinted') c.basis = asc + desc > 0 ? 'text' : 'fiscal-year';
    });
  }
  return order;
}

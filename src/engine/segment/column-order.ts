// Which way a filing's tables run when the text lost their year headers. Most filings print the newest
// year first; some (Amazon) print the oldest first. The filing says which: its sentences state figures
// with their years ("Operating income was $12.4 billion and $14.5 billion for 2018 and 2019"), and its
// tables whose headers survived show its habit. Each such figure found in a table's column votes for
// the order that puts that column in that year; the inferred columns of every table follow the vote.
import type { TableModel } from '../tables/model.js';

const AMOUNT = /\$\s?(\d{1,3}(?:,\d{3})*(?:\.\d+)?)(?:\s*(billion|million|thousand))?/gi;
const YEAR = /\b((?:19|20)\d\d)\b/g;
const SCALE: Record<string, number> = { billion: 1e9, million: 1e6, thousand: 1e3 };

interface Stated {
  amount: number;
  /** Half a unit of the last printed digit, scaled: "$12.4 billion" is 12.4e9 ± 0.05e9. */
  tolerance: number;
  year: number;
}

/** Figures a sentence states with their years, paired in order ("X and Y in 2018 and 2019"). */
export function statedFigures(sentence: string): Stated[] {
  const amounts: { amount: number; tolerance: number }[] = [];
  for (const m of sentence.matchAll(AMOUNT)) {
    const scale = m[2] ? SCALE[m[2].toLowerCase()]! : 1;
    const digits = m[1]!;
    const decimals = digits.includes('.') ? digits.split('.')[1]!.length : 0;
    const amount = Number(digits.replace(/,/g, '')) * scale;
    // Small bare dollar amounts (per-share figures, prices) say nothing about a table of millions.
    if (amount < 1e5) continue;
    amounts.push({ amount, tolerance: (0.5 * scale) / 10 ** decimals });
  }
  const years = [...sentence.matchAll(YEAR)].map((m) => Number(m[1]));
  if (amounts.length === 0 || years.length === 0) return [];
  if (years.length === 1) return amounts.map((a) => ({ ...a, year: years[0]! }));
  if (years.length !== amounts.length) return [];
  return amounts.map((a, i) => ({ ...a, year: years[i]! }));
}

function inferred(t: TableModel): boolean {
  return t.columns.length > 1 && t.columns.every((c) => c.inferred && c.period);
}

/** Votes of a filing for newest-first ('desc') and oldest-first ('asc') tables. */
export function orderVotes(tables: TableModel[], sentences: string[], fiscalYear: number): { desc: number; asc: number } {
  let desc = 0;
  let asc = 0;
  // Tables whose headers survived show the filing's habit.
  for (const t of tables) {
    const years = t.columns.filter((c) => !c.inferred && c.period?.kind !== undefined && /^(?:19|20)\d\d$/.test(c.label.trim())).map((c) => Number(c.label.trim()));
    if (years.length < 2) continue;
    if (years.every((y, i) => i === 0 || y < years[i - 1]!)) desc += 2;
    else if (years.every((y, i) => i === 0 || y > years[i - 1]!)) asc += 2;
  }
  const stated = sentences.flatMap(statedFigures);
  if (stated.length === 0) return { desc, asc };
  for (const t of tables) {
    if (!inferred(t) || !t.unit) continue;
    const n = t.columns.length;
    for (const row of t.rows) {
      if (!row.aligned) continue;
      row.cells.forEach((cell, j) => {
        if (!cell || cell.value === null || cell.percent || Math.abs(cell.value) < 10) return;
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

/** Reverses the inferred columns of every table when the filing's votes say its tables run oldest first. */
export function orderInferredColumns(tables: TableModel[], sentences: string[], fiscalYear: number): 'desc' | 'asc' {
  const { desc, asc } = orderVotes(tables, sentences, fiscalYear);
  const order = asc > desc ? 'asc' : 'desc';
  for (const t of tables) {
    if (!t.columns.some((c) => c.inferred)) continue;
    const n = t.columns.length;
    t.columns.forEach((c, j) => {
      if (!c.inferred || !c.period) return;
      c.period.fiscalYear = order === 'asc' ? fiscalYear - (n - 1) + j : fiscalYear - j;
      c.basis = asc + desc > 0 ? 'text' : 'fiscal-year';
    });
  }
  return order;
}

// What the index holds of a company for a question: the filing named as its source, whether a filing
// prints a fiscal year's figures, and how to say what it holds.
import type { FilingRow } from '../index/types.js';
import type { Reading } from '../question/reading.js';

const fyOf = (f: FilingRow) => Number(f.sec_fiscal_year.slice(3));

/** The filing the question names as its source, of the company's; an edition picks among those that
 * print the period: the first that did (original) or the last (restated). */
export function sourceFilings(r: Reading, all: FilingRow[], years: number[]): FilingRow[] | string {
  const s = r.source;
  if (!s) return all;
  let from = all;
  if (s.fiscalYear !== undefined) {
    from = all.filter((f) => fyOf(f) === s.fiscalYear && (!s.form || f.sec_form_type.startsWith(s.form)));
    if (from.length === 0) return `its ${s.form ?? 'report'} for fiscal ${s.fiscalYear}`;
  }
  if (s.edition && years.length > 0) {
    const printing = from
      .filter((f) => f.sec_form_type.startsWith('10-K') && fyOf(f) >= years[0]! && fyOf(f) <= years[0]! + 2)
      .sort((a, b) => fyOf(a) - fyOf(b));
    const pick = s.edition === 'original' ? printing[0] : printing[printing.length - 1];
    if (pick) from = [pick];
  }
  return from;
}

/** Whether filing `f` prints figures of fiscal year `y`: its own year, a 10-K's comparative years (two
 * in its statements, four more in a five-year summary; a ten-year one is read, but not counted on),
 * a 10-Q's prior-year columns (the same quarter, the year to date, the last year end). */
export function reportsYear(f: FilingRow, y: number): boolean {
  const fy = fyOf(f);
  if (fy === y) return true;
  return f.sec_form_type.startsWith('10-K') ? fy > y && fy <= y + 4 : /10-Q/.test(f.sec_form_type) && fy === y + 1;
}

/** What the index holds of a company: "10-K for fiscal 2018, 2019 and 2020; 10-Q for fiscal 2023". */
export function heldText(all: FilingRow[]): string {
  const byForm = new Map<string, number[]>();
  for (const f of all) {
    const form = f.sec_form_type.replace(/\/A$/, '');
    const years = byForm.get(form) ?? [];
    if (!years.includes(fyOf(f))) years.push(fyOf(f));
    byForm.set(form, years);
  }
  const list = (ys: number[]) => {
    const s = ys.sort((a, b) => a - b).map(String);
    return s.length > 1 ? `${s.slice(0, -1).join(', ')} and ${s[s.length - 1]}` : s[0]!;
  };
  return [...byForm]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([form, ys]) => `${form} for fiscal ${list(ys)}`)
    .join('; ');
}

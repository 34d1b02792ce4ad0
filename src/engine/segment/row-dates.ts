// A roll-forward states its periods in rows: "Goodwill as of October 31, 2023", "Balance at December 31,
// 2022", "Balance, June 30, 2022". The crawler's text cuts such a label at its month ("Goodwill as of
// October" / "31," / "2021" / "$ 1,743" ...), so the day and year read as two more cells; they are the
// label's. A row whose label ends on a date is that date's balance: its cells' period.
import type { ColumnPeriod } from '../tables/model.js';
import { labelDate } from '../tables/dated-labels.js';
import { MONTH_WORD } from '../text/vocabulary.js';
import type { RawRow } from './column-layout.js';
import { columnsFromHeader, type PeriodContext } from './table-header.js';

const MONTH = `(?:${MONTH_WORD})\\.?`;
const ENDS_ON_MONTH = new RegExp(`(?:^|\\s)${MONTH}$`, 'i');
const ENDS_ON_DAY = new RegExp(`(?:^|\\s)${MONTH}\\s+\\d{1,2},?$`, 'i');
const DAY = /^\d{1,2},?$/;
const YEAR = /^(?:19|20)\d\d:?$/;
/** The row with a date its label lost to the cells put back: "Goodwill as of October" with cells "31,"
 * "2021" "$ 1,743" becomes "Goodwill as of October 31, 2021" with "$ 1,743". */
export function withLabelDate(r: RawRow): RawRow {
  const c = r.cells;
  if (ENDS_ON_MONTH.test(r.label) && c.length >= 2 && DAY.test(c[0]!) && YEAR.test(c[1]!))
    return { ...r, label: `${r.label} ${c[0]} ${c[1]!.replace(/:$/, '')}`, cells: c.slice(2) };
  if (ENDS_ON_DAY.test(r.label) && c.length >= 1 && YEAR.test(c[0]!))
    return { ...r, label: `${r.label} ${c[0]!.replace(/:$/, '')}`, cells: c.slice(1) };
  return r;
}

/** The instant a row's label dates it to, by the filing's fiscal calendar; undefined without a date. */
export function rowPeriod(label: string, ctx: PeriodContext): ColumnPeriod | undefined {
  const date = labelDate(label);
  if (!date) return undefined;
  const normal = date.replace(/\s+/g, ' ').replace(/,?\s+((?:19|20)\d\d)$/, ', $1');
  const period = columnsFromHeader([normal], { ...ctx, caption: `as of ${normal}` })[0]?.period;
  if (period?.kind !== 'instant') return undefined;
  const end = new Date(`${normal.replace(/,/g, '').replace(/\./g, '')} UTC`);
  return Number.isNaN(end.getTime()) ? period : { ...period, end: end.toISOString().slice(0, 10) };
}

// Whether a fact's context is the period asked: a year's or a quarter's duration or an instant, and
// its fiscal year (by the filing's year end) or, when the question writes a date ("as of August 31,
// 2023", "the three months ended July 28, 2024"), that date as its end: a 10-Q's balance at the
// prior year's quarter end is not its balance at the last year end, though both fall in one fiscal year.
import { fiscalPeriodOf, parseYmd } from '../../filing/fiscal.js';
import type { FactRow, FilingRow } from '../../index/types.js';
import type { PeriodAsk } from './columns.js';

/** The fiscal year, months and kind of a fact's period, by the filing's year end. */
export function periodOfFact(
  f: FactRow,
  filing: FilingRow,
): { year: number; months?: number; instant: boolean; quarter: number } | undefined {
  const p = fiscalPeriodOf(parseYmd(f.end), filing.sec_fiscal_year_end);
  if (!p) return undefined;
  if (f.instant || !f.start) return { year: p.fiscalYear, instant: true, quarter: p.quarter };
  const days = (Date.parse(`${f.end}T00:00:00Z`) - Date.parse(`${f.start}T00:00:00Z`)) / 86_400_000;
  return { year: p.fiscalYear, months: Math.round(days / 30.44), instant: false, quarter: p.quarter };
}

/** The fact's context is of the kind of period asked: a year's or a quarter's duration, or an instant
 * at the end of the year or quarter asked ("as of the end of FY2025" no balance at its second
 * quarter's end), unless the question dates it. */
function kindFits(per: { months?: number; instant: boolean; quarter: number }, p: PeriodAsk, dated: boolean): boolean {
  if (p.quarter === undefined) return per.instant ? dated || per.quarter === 4 : per.months === 12;
  return per.instant ? p.months === undefined && (dated || per.quarter === p.quarter) : per.months === (p.months ?? 3);
}

/** The fact's context is the period asked: its kind, and the fiscal year asked or, when the question
 * writes the date it ends ("the fiscal year ended January 1, 2023", a 52-week year's end named by
 * the next year), that date, a week's slack given. */
export function factFits(f: FactRow, filing: FilingRow, p: PeriodAsk, date?: string): boolean {
  const per = periodOfFact(f, filing);
  if (!per || !kindFits(per, p, !!date)) return false;
  return date ? days(f.end, date) <= 7 : per.year === p.year;
}

const days = (a: string, b: string) => Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;

/** Of facts ending near the date asked, those ending on it when any does; with no date asked, of a
 * concept's balances within the period asked, the last (an acquisition's net assets at its June 20
 * closing, not at the May 31 announcement, are its balance "at the end of the second quarter"). */
export function onDate<T extends { fact: FactRow }>(xs: T[], date: string | undefined): T[] {
  if (!date) {
    const last = new Map<string, string>();
    const key = (f: FactRow) => `${f.concept}|${f.dims ?? ''}`;
    for (const { fact: f } of xs) if (f.instant && (last.get(key(f)) ?? '') < f.end) last.set(key(f), f.end);
    return xs.filter(({ fact: f }) => !f.instant || last.get(key(f)) === f.end);
  }
  const exact = xs.filter((x) => x.fact.end === date);
  return exact.length > 0 ? exact : xs;
}

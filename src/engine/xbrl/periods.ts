// A company fact's period as an analyst reads it: the fiscal year it falls in, from its end date and the
// company's own year ends (never from the fact's `fy`, which is the reporting filing's year), and what
// it covers, from its length: a year, a quarter, six or nine months, or a balance at an instant. The
// year ends are the company's 10-Ks' own (the end of the latest year-long fact each reports), so
// 52/53-week years (Apple's ending September 24 to 30, NVIDIA's late in January) and a change of year
// end are read as filed; before the first and after the last, the nearest one's month and day with a
// week's slack (fiscal.ts). Years are labelled as the index labels them (the year they end in, less one
// for an end in January's first week), and `namingOffset` says how the company names them. Pure.
import { majorityOffset } from '../filing/fiscal-names.js';
import { dayNumber, fiscalYearEndFor, labelYear, type YMD, ymd } from '../filing/fiscal.js';

export interface FiscalCalendar {
  /** Each 10-K's period end (YYYY-MM-DD), ascending. */
  yearEnds: string[];
  /** The company's name of a fiscal year less the index's label of it (-1 when its "fiscal 2022" ended
   * in January 2023), from its 10-Ks' fiscal year focus by majority; null when none says. */
  namingOffset: number | null;
}

export type PeriodKind = 'instant' | 'quarter' | 'half' | 'nine_months' | 'year' | 'other';

export interface FactPeriod {
  kind: PeriodKind;
  /** The index's label of the fiscal year the period ends in (FY-2025 is 2025). */
  fiscalYear: number;
  /** The fiscal quarter at whose end the period ends; absent when it ends at no quarter's end. */
  quarter?: 1 | 2 | 3 | 4;
  /** FY, Q1-Q4, H1, H2, 9M, TTM (a year ending within a fiscal year), or other; for an instant, the
   * quarter (or FY) it closes. */
  fiscalPeriod: string;
  /** A duration's length in days, both ends counted. */
  days?: number;
}

/** The least and most days each kind of duration lasts (13 and 14 weeks, 52 and 53, calendar months). */
const LENGTHS: [PeriodKind, number, number][] = [
  ['quarter', 80, 100],
  ['half', 170, 195],
  ['nine_months', 260, 290],
  ['year', 350, 380],
];

const isAnnualReport = (form: string) => /^10-K/i.test(form);
// Dates and day numbers are converted again and again (a screen places a million facts of a few
// thousand days): each once.
const DAYS = new Map<string, number>();
const day = (date: string) => {
  let n = DAYS.get(date);
  if (n === undefined) {
    n = dayNumber(ymd(date));
    if (DAYS.size < 100_000) DAYS.set(date, n);
  }
  return n;
};
const dateOf = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

export function kindOfLength(days: number): PeriodKind {
  return LENGTHS.find(([, lo, hi]) => days >= lo && days <= hi)?.[0] ?? 'other';
}

/** The calendar of a company's facts: its 10-Ks' year ends and its naming of years. */
export function fiscalCalendar(
  facts: Iterable<{ start?: string; end: string; accession: string; form: string; fy?: number }>,
): FiscalCalendar {
  const byReport = new Map<string, { end: string; fy: Map<number, number> }>();
  for (const f of facts) {
    if (!f.start || !isAnnualReport(f.form) || kindOfLength(day(f.end) - day(f.start) + 1) !== 'year') continue;
    const r = byReport.get(f.accession) ?? byReport.set(f.accession, { end: f.end, fy: new Map() }).get(f.accession)!;
    if (f.end > r.end) r.end = f.end;
    if (f.fy !== undefined) r.fy.set(f.fy, (r.fy.get(f.fy) ?? 0) + 1);
  }
  const votes: number[] = [];
  for (const r of byReport.values()) {
    const fy = [...r.fy].sort((a, b) => b[1] - a[1])[0]?.[0];
    const offset = fy === undefined ? NaN : fy - labelYear(ymd(r.end));
    if (Math.abs(offset) <= 1) votes.push(offset);
  }
  return { yearEnds: [...new Set([...byReport.values()].map((r) => r.end))].sort(), namingOffset: majorityOffset(votes) };
}

/** A calendar's year ends as day numbers, for placing many facts. */
export interface CalendarDays {
  ends: number[];
}

export const calendarDays = (c: FiscalCalendar): CalendarDays => ({ ends: c.yearEnds.map(day) });

/** The day the fiscal year holding day `e` ends: the first known year end on or after it (a week's
 * slack for a fact dated past its year end) and less than a year after it (a first quarter ends 40
 * weeks before its year end at most; the year end before is 52 or 53 weeks before), else by the
 * nearest known year end's month and day (a calendar year when none is known). */
export function yearEndDay(e: number, cal: CalendarDays): number {
  for (const y of cal.ends) {
    if (y < e - 7) continue;
    if (y - e <= 330) return y;
    break;
  }
  let nearest: number | undefined;
  for (const y of cal.ends) if (nearest === undefined || Math.abs(y - e) < Math.abs(nearest - e)) nearest = y;
  const n = nearest === undefined ? { m: 12, d: 31 } : ymd(dateOf(nearest));
  const at: YMD = ymd(dateOf(e));
  const next = dayNumber(fiscalYearEndFor(at, { m: n.m, d: n.d }));
  const previous = dayNumber({ y: ymd(dateOf(next)).y - 1, m: n.m, d: n.d });
  // A 52/53-week year ends within a week or two of its nominal day: that day is the year end itself.
  if (e - previous <= 14 || next - e <= 7) return e;
  return next;
}

/** The year end before the one on `y`: a known one 300 to 400 days earlier, else a year earlier. */
function previousYearEnd(y: number, cal: CalendarDays): number {
  for (let i = cal.ends.length - 1; i >= 0; i--) {
    const p = cal.ends[i]!;
    if (y - p >= 300 && y - p <= 400) return p;
  }
  return y - 365;
}

/** The quarter of the year (previous end `p`, end `y`) at whose end day `e` falls, within 20 days. */
function quarterAt(e: number, p: number, y: number): 1 | 2 | 3 | 4 | undefined {
  const span = (y - p) / 4;
  const q = Math.round((e - p) / span);
  if (q < 1 || q > 4 || Math.abs(e - p - q * span) > 20) return undefined;
  return q as 1 | 2 | 3 | 4;
}

function labelOf(kind: PeriodKind, q: number | undefined): string {
  if (q === undefined) return 'other';
  switch (kind) {
    case 'instant':
      return q === 4 ? 'FY' : `Q${q}`;
    case 'quarter':
      return `Q${q}`;
    case 'half':
      return q === 2 ? 'H1' : q === 4 ? 'H2' : 'other';
    case 'nine_months':
      return q === 3 ? '9M' : 'other';
    case 'year':
      return q === 4 ? 'FY' : 'TTM';
    default:
      return 'other';
  }
}

/** The period of a fact from `start` (absent for an instant) to `end`, by the company's calendar. */
export function factPeriod(start: string | undefined, end: string, cal: CalendarDays): FactPeriod {
  const e = day(end);
  const y = yearEndDay(e, cal);
  const fiscalYear = labelYear(ymd(dateOf(y)));
  const quarter = quarterAt(e, previousYearEnd(y, cal), y);
  if (!start) return { kind: 'instant', fiscalYear, ...(quarter ? { quarter } : {}), fiscalPeriod: labelOf('instant', quarter) };
  const days = e - day(start) + 1;
  const kind = kindOfLength(days);
  return { kind, fiscalYear, ...(quarter ? { quarter } : {}), fiscalPeriod: kind === 'other' ? 'other' : labelOf(kind, quarter), days };
}

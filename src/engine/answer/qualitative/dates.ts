// When a sentence says something happened, as a filing writes it: a day ("On March 4, 2022", "three
// months ended April 30, 2022"), a month ("In January 2022"), a quarter of a fiscal year ("the third
// quarter of fiscal 2023", "Q2'23", PTC's "Q223" once its apostrophe is lost) or a fiscal year ("During
// fiscal 2023", "in FY'22", "During 2023"). Each is placed in or out of a report's fiscal year.
import type { FilingRow } from '../../index/types.js';
import { monthNumber, MONTH_WORD } from '../../text/vocabulary.js';

/** A time a sentence names, where it stands in the sentence, and whether it falls in the fiscal year. */
export interface TimeRef {
  at: number;
  end: number;
  inYear: boolean;
  /** How closely it names the time: a day or month outranks a quarter or a year. */
  precise: boolean;
}

const DAY = new RegExp(String.raw`\b(${MONTH_WORD})\.?\s+(\d{1,2}),?\s+((?:19|20)\d\d)\b`, 'gi');
const MONTH = new RegExp(String.raw`\b(${MONTH_WORD})\.?,?\s+((?:19|20)\d\d)\b`, 'gi');
const QUARTER_OF =
  /\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?quarter\s+of\s+(?:fiscal\s+)?(?:year\s+)?((?:19|20)\d\d)\b/gi;
const Q_SHORT = /\bQ([1-4])\s?(?:FY)?[’'‘]?(\d{2})\b/g;
const FISCAL = /\b(?:fiscal(?:\s+year)?\s+|FY\s?[’'‘]?)((?:19|20)?\d\d)\b/gi;
// "During 2023", "in 2022": a year with no month before it is the company's own (fiscal) year.
const BARE_YEAR = /\b(?:during|in|throughout)\s+((?:19|20)\d\d)\b/gi;

const dayNumber = (y: number, m: number, d: number) => y * 10000 + m * 100 + d;

/** A fiscal year: its first and last day as yyyymmdd numbers, and its number as the index labels it. */
export interface FiscalYear {
  start: number;
  end: number;
  year: number;
}

/** The fiscal year a report covers, or the one `back` years before it (a report tells its prior years
 * too). */
export function fiscalYearOf(filing: FilingRow, back = 0): FiscalYear {
  const [y, m, d] = filing.period_of_report.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y - back, m - 1, d));
  // A year that ends on a month's last day began the day after the same day a year before; a 52- or
  // 53-week year (ending "the last Saturday of September") began 52 weeks before, give or take its
  // 53rd week's days.
  const monthEnd = new Date(Date.UTC(y, m, 0)).getUTCDate() === d;
  const start = monthEnd ? new Date(Date.UTC(y - 1 - back, m - 1, d + 1)) : new Date(end.getTime() - (364 - 1 + 3) * DAY_MS);
  const num = (t: Date) => dayNumber(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
  return { start: num(start), end: num(end), year: Number(filing.sec_fiscal_year.slice(3)) - back };
}

const DAY_MS = 24 * 3600 * 1000;

const fullYear = (yy: string) => (yy.length === 2 ? 2000 + Number(yy) : Number(yy));

// "As of September 30, 2023", "at June 30": a balance's date, when nothing happened.
const BALANCE_DATE = /\b(?:as of|at)\s+$/i;

/** The times `text` names, in order, each placed in or out of fiscal year `fyear`; a balance's date is
 * none. */
export function timeRefs(text: string, fyear: FiscalYear): TimeRef[] {
  const { start, end, year } = fyear;
  const out: TimeRef[] = [];
  const taken: [number, number][] = [];
  const add = (m: RegExpMatchArray, inYear: boolean, precise = false) => {
    const at = m.index!;
    const e = at + m[0].length;
    if (taken.some(([a, b]) => at < b && e > a)) return;
    taken.push([at, e]);
    if (BALANCE_DATE.test(text.slice(Math.max(0, at - 8), at))) return;
    out.push({ at, end: e, inYear, precise });
  };
  for (const m of text.matchAll(DAY)) {
    const n = dayNumber(Number(m[3]), monthNumber(m[1]!), Number(m[2]));
    add(m, n >= start && n <= end, true);
  }
  for (const m of text.matchAll(MONTH)) {
    const y = Number(m[2]);
    const mo = monthNumber(m[1]!);
    add(m, dayNumber(y, mo, 31) >= start && dayNumber(y, mo, 1) <= end, true);
  }
  for (const re of [QUARTER_OF, Q_SHORT, FISCAL, BARE_YEAR]) for (const m of text.matchAll(re)) add(m, fullYear(m[m.length - 1]!) === year);
  return out.sort((a, b) => a.at - b.at);
}

// The dates a question writes ("August 30, 2023", "Sept. 30 2023", "May 2023"): the one parser of a
// written date. The period's patterns (period.ts, read.ts) are built from its parts; the Reading keeps
// every date written (an 8-K is picked by it, a fact's context ends on it).
import { MONTH_START, MONTHS } from '../text/vocabulary.js';

/** A date as the question writes it: month (1-12), the day when given, the year. */
export interface WrittenDate {
  month: number;
  day?: number;
  year: number;
}

/** A month written out or abbreviated, captured by its first three letters ("Sept." captures "Sep"). */
const MONTH = String.raw`(${MONTH_START})[a-z]*\.?`;
const YEAR = String.raw`((?:19|20)\d\d)\b`;

/** A date with its day, groups month, day, year: "January 28, 2023". For a pattern to end with it. */
export const DAY_DATE = String.raw`${MONTH}\s+(\d{1,2}),?\s+${YEAR}`;
/** A date with or without its day, groups month, day (maybe none), year: "May 2023", "May 5, 2023". */
const ANY_DATE = String.raw`\b${MONTH}\s+(?:(\d{1,2}),?\s+)?${YEAR}`;

/** The date of a match of `DAY_DATE` or `ANY_DATE` whose month group is `at` (the day and year follow). */
export function dateOf(m: RegExpMatchArray, at = 1): WrittenDate {
  const day = m[at + 1];
  return { month: MONTHS.indexOf(m[at]!.toLowerCase()) + 1, ...(day ? { day: Number(day) } : {}), year: Number(m[at + 2]) };
}

/** Every date `question` writes, in order. */
export function datesIn(question: string): WrittenDate[] {
  return [...question.matchAll(new RegExp(ANY_DATE, 'gi'))].map((m) => dateOf(m));
}

/** A date as YYYY-MM-DD (its day given). */
export const isoDate = (d: WrittenDate & { day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** The one date with its day the question writes, as YYYY-MM-DD; none when it writes none or several. */
export function dayAsked(dates: WrittenDate[]): string | undefined {
  const days = new Set(dates.flatMap((d) => (d.day === undefined ? [] : [isoDate(d as WrittenDate & { day: number })])));
  return days.size === 1 ? [...days][0] : undefined;
}

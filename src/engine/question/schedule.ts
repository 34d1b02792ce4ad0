// A year that is a row of a schedule of amounts falling due, not the year of a filing: "How much of
// AES's non-recourse debt is scheduled to mature in 2025, per the maturity table?", "What operating
// lease payments is F5 scheduled to make in fiscal 2026?". When the year named is after every year the
// company's filings report and the question says the amount falls due then, the figure is the row of
// that year in the maturity table of the company's latest annual report.
import type { FilingRow } from '../index/types.js';

// The words that say an amount falls due in the year: "scheduled to mature", "due to be paid", "falls
// due", "maturities", "per the maturity table", "future minimum lease payments".
const DUE_WORDS = [
  String.raw`\b(?:scheduled|expected|due|set|required|contracted)\s+to\s+(?:mature|be\s+(?:paid|repaid|due|made)|come\s+due|fall\s+due|make|pay|repay)\b`,
  String.raw`\bmatur(?:e|es|ing|ity|ities)\b`,
  String.raw`\b(?:falls?|comes?|coming|falling)\s+due\b`,
  String.raw`\bfuture\s+(?:minimum\s+)?(?:lease\s+|rental\s+)?payments\b`,
].join('|');
const DUE = new RegExp(DUE_WORDS, 'gi');
// The year written, with the words that say it is a fiscal one ("in fiscal 2026", "in 2025").
const YEAR = /\b(?:(?:in|during|for)\s+)?(?:(?:the\s+)?fiscal\s+(?:year\s+)?|fy\s?)?((?:19|20)\d\d)\b/gi;

export interface ScheduleRead {
  /** The year of the schedule's row, as the index labels fiscal years. */
  year: number;
  /** The annual report whose schedule is read: the company's latest (its fiscal year, as labelled). */
  filingYear: number;
  /** [start, end) of the words that say the amount falls due then, and of the year. */
  spans: [number, number][];
}

/** The schedule year `question` asks, given the one company's filings and fiscal naming `offset`; none
 * when it writes no due words, more than one year, or a year a filing of the company reports, or when
 * the company names its years off the index's labels. */
export function scheduleOf(question: string, filings: FilingRow[], offset: number): ScheduleRead | undefined {
  const due = [...question.matchAll(DUE)];
  // (A company naming its years off the index's labels prints its schedule's rows in its own naming,
  // which a period in the index's labels would misread by a year: not read as a schedule.)
  if (due.length === 0 || offset !== 0) return undefined;
  const years = [...question.matchAll(YEAR)];
  if (new Set(years.map((m) => m[1])).size !== 1) return undefined;
  // A year written with a day ("as of December 31, 2022") is a balance's date, never a schedule's row.
  const y = years[0]!;
  if (/\d{1,2},?\s*$/.test(question.slice(0, y.index!))) return undefined;
  const year = Number(y[1]);
  const held = filings.map((f) => Number(f.sec_fiscal_year.slice(3)));
  if (held.length === 0 || held.some((h) => h >= year)) return undefined;
  const annual = filings.filter((f) => f.sec_form_type.startsWith('10-K')).map((f) => Number(f.sec_fiscal_year.slice(3)));
  if (annual.length === 0) return undefined;
  const spans: [number, number][] = [
    ...due.map((m): [number, number] => [m.index!, m.index! + m[0].length]),
    [y.index!, y.index! + y[0].length],
  ];
  return { year, filingYear: Math.max(...annual), spans };
}

// The period a question asks, read from its words: fiscal years and ranges ("FY2019", "from 2019 to
// 2021", "fiscal '22"), quarters ("Q2 2023", "the second quarter of fiscal 2023", "the quarter ended
// March 31, 2023"), a year to date ("the first half", "the nine months ended ..."), the second half, the
// trailing twelve months, a balance date ("as of October 28, 2023"), "the last three years". Dates map
// to fiscal periods by the company's reports; years a company names off the index's labels map by its
// offset. Every piece of text that named a period is returned, so the account can claim it.
import { fiscalPeriodOf, fiscalQuarterOf } from '../filing/fiscal.js';
import type { FilingRow } from '../index/types.js';
import { byText } from '../text/compare.js';
import { MONTH_START } from '../text/vocabulary.js';
import { DAY_DATE, datesIn, dateOf, type WrittenDate } from './dates.js';

const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

const ORDINAL: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, '1st': 1, '2nd': 2, '3rd': 3, '4th': 4 };
// "from 2019 to 2022", "2019-2022", "FY2019 through FY2022" (each year said with or without "fiscal").
const FISCAL = String.raw`(?:(?:fiscal\s+(?:year\s+)?|fy\s?'?))?`;
const YEAR_RANGE = new RegExp(
  String.raw`\b(?:from\s+|between\s+)?${FISCAL}((?:19|20)\d\d)\s*(?:-|–|to|through|thru|until|and)\s*${FISCAL}((?:19|20)\d\d)\b`,
  'gi',
);

/** Years, ranges and quarters written as such. */
const SHORT_RANGE =
  /\bFY\s?'?(\d{2}|\d{4})\s*(?:-|–|to|through|thru)\s*FY\s?'?(\d{2}|\d{4})\b|\b((?:19|20)\d\d)\s*[-–]\s*(\d\d)\b(?![-–\d])/gi;
const SINCE =
  /\bsince\s+(?:fiscal\s+(?:year\s+)?|fy\s?'?)?((?:19|20)\d\d|\d\d)\b|\bfrom\s+(?:fiscal\s+(?:year\s+)?|fy\s?'?)?((?:19|20)\d\d)\s+(?:onwards?|on|forward)\b/i;

/** A year written in two digits or four; a two-digit end of a range is in the century of its start. */
function fullYear(y: string, start?: number): number {
  if (y.length === 4) return Number(y);
  return start ? Math.floor(start / 100) * 100 + Number(y) : 2000 + Number(y);
}

function findYears(
  question: string,
  spans: string[],
): { years: number[]; quarter?: number; range: boolean; lastYears?: number; since?: number; through?: boolean } {
  const years = new Set<number>();
  let quarter: number | undefined;
  let range = false;
  // The years are the two ends of a span ("from 2019 to 2022", "FY21-FY23"), not a list of them.
  let through = false;
  const add = (y: string, span: string) => {
    const n = y.length === 2 ? 2000 + Number(y) : Number(y);
    if (n >= 1990 && n <= 2099) years.add(n);
    spans.push(span);
  };
  // "from 2019 to 2022", "2019-2022", "between 2019 and 2022", "FY2019 through FY2022": every year between.
  for (const m of question.matchAll(YEAR_RANGE)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (b > a && b - a <= 15 && (/-|–|to|through|thru|until/i.test(m[0]) || /between/i.test(m[0]))) {
      for (let y = a; y <= b; y++) years.add(y);
      spans.push(m[0]);
      range = true;
      through = true;
    }
  }
  // "FY21-FY23", "FY2021 to FY23", "2019-22": ranges written short.
  for (const m of question.matchAll(SHORT_RANGE)) {
    const a = fullYear(m[1] ?? m[3]!);
    const b = fullYear(m[2] ?? m[4]!, a);
    if (b > a && b - a <= 15) {
      for (let y = a; y <= b; y++) years.add(y);
      spans.push(m[0]);
      range = true;
      through = true;
    }
  }
  // "each year since 2020", "from 2021 onward": every year from it to the latest held (the caller
  // knows which that is).
  const since = SINCE.exec(question);
  if (since) spans.push(since[0]);
  for (const m of question.matchAll(/\bFY\s?[-']?\s?(\d{4}|\d{2})\b/gi)) add(m[1]!, m[0]);
  for (const m of question.matchAll(/\bQ([1-4])\s?(?:of\s+)?(?:fiscal\s+(?:year\s+)?)?(?:'|FY\s?-?)?\s?(\d{4}|\d{2})\b/gi)) {
    quarter = Number(m[1]);
    add(m[2]!, m[0]);
  }
  for (const m of question.matchAll(
    /\b(first|second|third|fourth|[1-4](?:st|nd|rd|th)) (?:fiscal )?quarter (?:of )?(?:fiscal (?:year )?)?(?:FY\s?)?(\d{4})\b/gi,
  )) {
    quarter = ORDINAL[m[1]!.toLowerCase()];
    add(m[2]!, m[0]);
  }
  for (const m of question.matchAll(/(?:\bfiscal (?:year )?|\bin |\bfor |\bduring |\bof |\byear )'(\d{2})(?![-\w])/gi)) add(m[1]!, m[0]);
  // "its 2026 notes", "2030 senior notes": a maturity, not a fiscal year.
  for (const m of question.matchAll(/\b(19[9]\d|20\d\d)\b(?!\s*(?:senior\s+)?(?:notes|bonds|debentures|maturities|term loans?))/g))
    add(m[1]!, m[0]);
  const last =
    /\b(?:over |in |during |for )?(?:the )?(?:last|past|previous|prior) (two|three|four|five|six|seven|eight|nine|ten|\d{1,2}) (?:fiscal )?years\b/i.exec(
      question,
    );
  const lastYears = last ? (NUMBER_WORDS[last[1]!.toLowerCase()] ?? Number(last[1])) : undefined;
  if (last) spans.push(last[0]);
  if (years.size > 1) range = true;
  const from = since ? fullYear(since[1] ?? since[2]!) : undefined;
  return {
    years: [...years].sort((a, b) => b - a),
    range,
    ...(quarter ? { quarter } : {}),
    ...(lastYears ? { lastYears } : {}),
    ...(from ? { since: from } : {}),
    ...(through || from ? { through: true } : {}),
  };
}

const WEEKS = '12|13|24|26|36|39|twelve|thirteen|twenty-four|twenty-six|thirty-six|thirty-nine';
const QUARTER_ENDED = new RegExp(
  String.raw`\b(?:(?:fiscal )?quarter|(three|six|nine|3|6|9)[- ]months?(?: period)?|(${WEEKS})[- ]weeks?)` +
    String.raw`\s+(?:ended|ending)\s+(?:on\s+)?${DAY_DATE}`,
  'i',
);
const SPAN_MONTHS: Record<string, number> = {
  three: 3,
  '3': 3,
  six: 6,
  '6': 6,
  nine: 9,
  '9': 9,
  // (A company of 12-week quarters: its year to date is 24 and 36 weeks.)
  '12': 3,
  twelve: 3,
  '13': 3,
  thirteen: 3,
  '24': 6,
  'twenty-four': 6,
  '36': 9,
  'thirty-six': 9,
  '26': 6,
  'twenty-six': 6,
  '39': 9,
  'thirty-nine': 9,
};
// "the first half of fiscal 2023", "H1 2023", "the first nine months of 2023": year to date.
const YEAR_TO_DATE = new RegExp(
  String.raw`\b(?:(?:the )?(?:first )?(?:fiscal )?(half|six months|nine months|two quarters|three quarters)|(h1|1h|9m))` +
    String.raw`\s*(?:of\s+|in\s+)?(?:the\s+)?(?:fiscal\s+(?:year\s+)?|fy\s?)?'?((?:19|20)?\d\d)\b`,
  'i',
);

/** A date of the question ("March 31, 2023") against the company's reports: the report of a period
 * ending within a week of it, and the fiscal period it falls in by that report's year end, else by
 * the latest report's (a calendar year when the company is unknown). */
function datedPeriod(filings: FilingRow[], date: WrittenDate): { report?: FilingRow; fiscalYear: number; quarter: number } | undefined {
  const { year, month, day = 1 } = date; // (its day is always written: DAY_DATE)
  const asked = Date.UTC(year, month - 1, day);
  const report = filings.find((f) => Math.abs(Date.parse(`${f.period_of_report}T00:00:00Z`) - asked) <= 7 * 86_400_000);
  const latest = [...filings].sort((a, b) => byText(b.period_of_report, a.period_of_report))[0];
  const p = fiscalPeriodOf({ y: year, m: month, d: day }, report?.sec_fiscal_year_end ?? latest?.sec_fiscal_year_end ?? '12-31');
  if (!p) return undefined;
  return { ...(report ? { report } : {}), fiscalYear: report ? Number(report.sec_fiscal_year.slice(3)) : p.fiscalYear, quarter: p.quarter };
}

/** "the quarter ended March 31, 2023": its fiscal year and quarter. */
function quarterEnded(
  question: string,
  filings: FilingRow[],
): { fiscalYear: number; quarter: number; months: number; calendarYear: number; text: string } | undefined {
  const m = QUARTER_ENDED.exec(question);
  if (!m) return undefined;
  const months = SPAN_MONTHS[(m[1] ?? m[2] ?? '3').toLowerCase()] ?? 3;
  const p = datedPeriod(filings, dateOf(m, 3));
  return p ? { fiscalYear: p.fiscalYear, quarter: p.quarter, months, calendarYear: Number(m[5]), text: m[0] } : undefined;
}

const BALANCE_DATED = new RegExp(String.raw`\b(?:as of|as at|at|on)\s+(?:the end of\s+)?${DAY_DATE}`, 'i');

/** "inventories as of October 28, 2023": a balance at a date, in the fiscal year it falls in (Ulta's
 * year ends near February 1: its fiscal 2024). A 10-Q of that date names its quarter; a year end, or a
 * date no report of the company ends on, names none. */
function balanceDated(
  question: string,
  filings: FilingRow[],
): { fiscalYear: number; quarter?: number; calendarYear: number; text: string } | undefined {
  const m = BALANCE_DATED.exec(question);
  if (!m || filings.length === 0) return undefined;
  const p = datedPeriod(filings, dateOf(m));
  if (!p) return undefined;
  const quarter = p.report?.sec_form_type.startsWith('10-Q')
    ? fiscalQuarterOf(p.report.period_of_report, p.report.sec_fiscal_year_end)
    : undefined;
  return { fiscalYear: p.fiscalYear, ...(quarter && quarter < 4 ? { quarter } : {}), calendarYear: Number(m[3]), text: m[0] };
}

/** "the first half of fiscal 2023": the second quarter's report, its six months. */
function yearToDate(question: string): { year: number; quarter: number; months: number; text: string } | undefined {
  const m = YEAR_TO_DATE.exec(question);
  if (!m) return undefined;
  const span = (m[1] ?? m[2]!).toLowerCase();
  const months = /nine|9m|three quarters/.test(span) ? 9 : 6;
  const y = m[3]!;
  return { year: y.length === 2 ? 2000 + Number(y) : Number(y), quarter: months / 3, months, text: m[0] };
}

// "the second half of fiscal 2022", "H2 2022", "the last six months of 2022": the year less its first half.
const SECOND_HALF =
  /\b(?:(?:the )?(?:second|back|latter|last) (?:half|six months)|(?:h2|2h))\s*(?:of\s+)?(?:the\s+)?(?:fiscal\s+(?:year\s+)?|fy\s?)?'?((?:19|20)?\d\d)\b/i;
// "trailing twelve months ended June 30, 2023", "TTM as of Q2 2023", "LTM".
const TRAILING = /\b(?:(?:the )?(?:trailing|last|past) (?:twelve|12)[- ]months?|ttm|ltm)\b/i;

const MATURITIES =
  /\b(?:due|maturing|matures?|maturity|expiring|expires?)\s+(?:in\s+)?(?:19|20)\d\d(?:\s*(?:,|and|&|through|-|–)\s*(?:and\s+)?(?:19|20)\d\d)*/gi;

export interface PeriodRead {
  /** Fiscal years as the index labels them, newest first. */
  years: number[];
  quarter?: number;
  months?: number;
  secondHalf?: boolean;
  trailing?: boolean;
  range: boolean;
  lastYears?: number;
  /** "each year since 2020": the first year of a range that runs to the latest held. */
  since?: number;
  /** The years are the two ends of a span ("from 2019 to 2022"), not a list. */
  through?: boolean;
  /** Years the question wrote in the company's own naming (when it differs from the index's). */
  named: number[];
  /** The texts that named the period. */
  spans: string[];
}

// "as of October 28, 2023", "at the end of 2021", "year-end": a balance at a point in time.
const AT_POINT = new RegExp(
  [
    String.raw`\b(?:as of|as at)\b`,
    String.raw`\bat (?:the )?(?:end|close) of\b`,
    String.raw`\bat (?:${MONTH_START})[a-z]*\.? \d`,
    String.raw`\b(?:fiscal )?year[- ]end\b`,
    String.raw`\bend of (?:fiscal |fy ?|the (?:fiscal )?year\b|(?:19|20)\d\d)`,
  ].join('|'),
  'i',
);
// "for the year ended", "the three months ended": an amount over a span.
const OVER_SPAN = /\b(?:years?|months|weeks|quarters?) ended\b/i;
// "in fiscal 2023", "for 2022", "during 2022": said of a span more often than of a point, yet said of
// balances too ("how much did backlog grow during 2022").
const IN_YEAR = /\b(?:in|for|during)\s+(?:the\s+)?(?:fiscal\s+(?:year\s+)?|fy\s?)?(?:19|20)\d\d\b/i;

/** Whether the question asks a balance at a point or an amount over a span, and how plainly it says so. */
export function pointOf(question: string): { point: 'instant' | 'duration'; sure: boolean } | undefined {
  if (AT_POINT.test(question)) return { point: 'instant', sure: true };
  if (OVER_SPAN.test(question)) return { point: 'duration', sure: true };
  if (IN_YEAR.test(question)) return { point: 'duration', sure: false };
  return undefined;
}

/** The period of `question`; `own` are the one company's filings (for dates), `offset` its naming. */
export function readPeriod(asked: string, own: FilingRow[], offset: number): PeriodRead {
  // "notes due 2019, 2021 and 2026", "leases expiring in 2030": maturities name the thing, not the period.
  const question = asked.replace(MATURITIES, (m) => m.replace(/\d/g, ' '));
  const spans: string[] = [];
  const found = findYears(question, spans);
  const { range, lastYears, since, through } = found;
  let { years, quarter } = found;
  // Years the question writes are the company's naming ("Ulta's fiscal 2023" ended February 3, 2024:
  // FY-2024 here); dates are not, and map by its reports below.
  // (The years of dates written with their day: "the year ended January 28, 2023".)
  const inDates = new Set(datesIn(question).flatMap((d) => (d.day === undefined ? [] : [d.year])));
  const named: number[] = [];
  const label = (y: number) => {
    if (offset === 0 || inDates.has(y)) return y;
    named.push(y);
    return y - offset;
  };
  // "the quarter ended December 31, 2023": that quarter of the fiscal year it falls in, by the
  // company's year end (Amcor's year ends in June: its fiscal 2024's second quarter).
  const dated = quarterEnded(question, own);
  let months: number | undefined;
  let secondHalf = false;
  const half = dated ? null : SECOND_HALF.exec(question);
  const ytd = dated || half ? undefined : yearToDate(question);
  const balance = dated || ytd || half ? undefined : balanceDated(question, own);
  if (dated) {
    years = [dated.fiscalYear, ...years.filter((y) => y !== dated.calendarYear).map(label)];
    quarter = dated.quarter;
    if (dated.months !== 3) months = dated.months;
    spans.push(dated.text);
  } else if (half) {
    const y = half[1]!;
    const year = y.length === 2 ? 2000 + Number(y) : Number(y);
    years = [year, ...years.filter((x) => x !== year)].map(label);
    secondHalf = true;
    spans.push(half[0]);
  } else if (balance) {
    years = [balance.fiscalYear, ...years.filter((y) => y !== balance.calendarYear && y !== balance.fiscalYear).map(label)];
    if (balance.quarter) quarter = balance.quarter;
    spans.push(balance.text);
  } else if (ytd) {
    years = [ytd.year, ...years.filter((y) => y !== ytd.year)].map(label);
    quarter = ytd.quarter;
    months = ytd.months;
    spans.push(ytd.text);
  } else years = years.map(label);
  const trailing = TRAILING.exec(question);
  if (trailing) spans.push(trailing[0]);
  return {
    years,
    range,
    named,
    spans,
    ...(quarter ? { quarter } : {}),
    ...(quarter && months ? { months } : {}),
    ...(secondHalf ? { secondHalf } : {}),
    ...(trailing ? { trailing: true } : {}),
    ...(lastYears && years.length === 0 ? { lastYears } : {}),
    ...(since !== undefined ? { since: label(since) } : {}),
    ...(through ? { through: true } : {}),
  };
}

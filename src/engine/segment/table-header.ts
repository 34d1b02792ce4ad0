// A table's column headers and the periods they stand for, read from the lines above its first row:
// "(Millions, except per share amounts) 2022 2021 2020", "2023 Change 2022 Change 2021", two date lines
// "September 30, 2023" / "September 24, 2022", "Three Months Ended June 30, 2023 2022 ...". Only such
// period lines give years: a lone date (an auditor's report signed "February 8, 2023") does not.
import type { ColumnPeriod, TableColumn } from '../tables/model.js';
import { MONTHS, MONTH_WORD } from '../text/vocabulary.js';
import { comparisons, HEADER_WORD, leadingYears, YEAR_PERCENT } from './header-words.js';

const MONTH = `(?:${MONTH_WORD})\\.?`;
/** "December 31, 2022", "As of September 30, 2023", "At January 31, 2020". */
export const DATE_LINE = new RegExp(`^(?:(?:as of|at|balance at|balance as of)\\s+)?${MONTH}\\s+\\d{1,2},?\\s+(?:19|20)\\d\\d:?$`, 'i');
/** A line that names the period of what follows: "Fiscal Year Ended January 31, 2019". */
export const PERIOD_LINE = new RegExp(
  '^(?:for the )?(?:fiscal )?(?:years?|quarters?' +
    '|(?:three|six|nine|twelve|3|6|9|12|thirteen|twenty-six|thirty-nine|fifty-two|fifty-three) (?:months' +
    String.raw`|weeks))\s+ended\b.*?(?:19|20)\d\d:?$` +
    // ("Fiscal Year 2021", "Fiscal 2022": a block's year in a table of several.)
    String.raw`|^fiscal(?: year)? (?:19|20)\d\d:?$`,
  'i',
);
// A year, or a date written with numbers ("3/25/2023", "12/31/22").
const YEAR_TOKEN = /^(?:(?:19|20)\d\d|\d{1,2}\/\d{1,2}\/(?:(?:19|20)\d\d|\d\d))\*?,?$/;
const AUDIT_MARK = new RegExp(
  [
    String.raw`^\/s\/|\bwe have served as the company'?s auditor\b|\bauditor since\b`,
    '^reports? of independent registered public accounting firms?$',
    String.raw`\bpublic company accounting oversight board\b`,
  ].join('|'),
  'i',
);

export interface HeaderRead {
  /** Header cells as printed: years and the words between them ("Change"). */
  labels: string[];
  /** Index of the caption lines consumed as headers. */
  lines: number[];
}

/** Years (and header words) of one line, when the line is a column-header line; else undefined. */
export function headerTokens(line: string): string[] | undefined {
  const tokens = line.replace(/\s+/g, ' ').trim().split(' ');
  // Trailing run of years and header words, with at least two years, or a line of years only.
  let k = tokens.length;
  let years = 0;
  while (k > 0 && (YEAR_TOKEN.test(tokens[k - 1]!) || HEADER_WORD.test(tokens[k - 1]!))) {
    if (YEAR_TOKEN.test(tokens[k - 1]!)) years++;
    k--;
  }
  if (years === 0) return leadingYears(tokens);
  const run = tokens.slice(k);
  const lead = tokens.slice(0, k).join(' ');
  if (years < 2 && (k > 0 || run.length > 1)) return undefined;
  // "February 8, 2023" and "Minneapolis, Minnesota 2019" are not headers: a month-day before a single
  // year is a date (a header of one date line is read by the caller).
  if (years < 2) return undefined;
  if (new RegExp(`${MONTH}\\s+\\d{1,2},?$`, 'i').test(lead) && run.length === 1) return undefined;
  // Header words stay only between or after years: "$ 2022 2021" -> years.
  const first = run.findIndex((t) => YEAR_TOKEN.test(t));
  return comparisons(run.slice(first).map((t) => t.replace(/[*,]$/, '').replace(/^(\d{1,2}\/\d{1,2}\/)(\d\d)$/, '$120$2')));
}

/** A column comparing two years ("2022 vs. 2021"): a change, of no period. */
const COMPARISONS_ONLY = /^(?:(?:19|20)\d\d (?:vs\.?|versus) (?:19|20)\d\d\s*)+$/i;

/** Cuts the caption lines at the end of an auditor's report: what comes before is not the table's. */
export function captionStart(lines: string[]): number {
  let start = 0;
  lines.forEach((l, i) => {
    if (AUDIT_MARK.test(l.trim())) start = i + 1;
  });
  // The report's city and date follow "/s/" ("Seattle, Washington" / "January 30, 2020"): a date line
  // followed by a line that is not another date is a signature date, not a column header.
  for (let i = start; i < lines.length - 1; i++) {
    const l = lines[i]!.trim();
    // (The last of a run of date lines is a header, not a signature.)
    if (
      DATE_LINE.test(l) &&
      !/^(?:as of|at)\b/i.test(l) &&
      !DATE_LINE.test(lines[i + 1]!.trim()) &&
      !(i > 0 && DATE_LINE.test(lines[i - 1]!.trim()))
    )
      start = i + 1;
  }
  return start;
}

const FULL_DATE = new RegExp(`\\b${MONTH}\\s+\\d{1,2},?\\s+(?:19|20)\\d\\d\\b`, 'gi');
// Words a line of dates may print after them: "October 2, 2022 October 3, 2021 Total % Change".
const AFTER_DATES = /^(?:total|%|change|percent|operations?|operational|currency|increase|\(?decrease\)?|vs\.?|amount)$/i;

/** "(Dollars in Millions) October 2, 2022 October 3, 2021 Total", "In thousands October 29, 2023 October
 * 30, 2022 % Change October 29, 2023 ...": two dates or more on one line, after a unit, with header
 * words only between and after them; a "% Change" between dates is a column of its own. */
export function datesLine(line: string): string[] | undefined {
  const t = line
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:\([^)]*\)|(?:dollars |amounts )?in (?:thousands|millions|billions))\s*/i, '');
  const dates = [...t.matchAll(FULL_DATE)];
  if (dates.length < 2 || dates[0]!.index !== 0) return undefined;
  const labels: string[] = [];
  for (let k = 0; k < dates.length; k++) {
    const d = dates[k]!;
    labels.push(d[0]);
    const between = t.slice(d.index! + d[0].length, dates[k + 1]?.index ?? t.length).trim();
    if (!between) continue;
    if (!between.split(/\s+/).every((w) => AFTER_DATES.test(w))) return undefined;
    // A "%" is a column of its own (after the last date too); other words there head nothing read.
    for (const _ of between.matchAll(/%/g)) labels.push('% change');
  }
  return labels;
}

/** Reads header cells from caption lines (after captionStart). */
export function readHeader(lines: string[]): HeaderRead | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const t = headerTokens(lines[i]!) ?? datesLine(lines[i]!);
    // A line of comparisons only ("2021 vs. 2020") continues the header line above it ("2022 2021 2020
    // 2022 vs. 2021"): the text broke the header there.
    const pairs = COMPARISONS_ONLY.test(lines[i]!.trim()) ? lines[i]!.trim().match(/(?:19|20)\d\d (?:vs\.?|versus) (?:19|20)\d\d/gi) : null;
    const above = i > 0 && pairs ? headerTokens(lines[i - 1]!) : undefined;
    if (above) return { labels: [...above, ...pairs!], lines: [i - 1, i] };
    if (t) return { labels: t, lines: [i] };
  }
  // Date lines as headers, adjacent, at the end of the caption: "September 30, 2023" / "September 24, 2022".
  const dates: number[] = [];
  for (let i = lines.length - 1; i >= 0 && DATE_LINE.test(lines[i]!.trim()); i--) dates.unshift(i);
  if (dates.length >= 2) return { labels: dates.map((i) => lines[i]!.trim().replace(/:$/, '')), lines: dates };
  return brokenDates(lines);
}

const UNIT_LINE = /^\(?(?:in |dollars in |amounts in |\$ in )?(?:thousands|millions|billions)\b/i;
const ENDS_WITH_DATE = new RegExp(`(?:^|\\s)${MONTH}\\s+\\d{1,2},?(?:\\s+(?:19|20)\\d\\d)?:?$`, 'i');
const DATE_IN = new RegExp(`\\b${MONTH}\\s+\\d{1,2}\\b,?(?:\\s+((?:19|20)\\d\\d)\\b)?`, 'gi');

/** A piece of a date header broken across lines: "July 2,", "2023 July 3,", "PRODUCT ... July 2,"
 * (words, then a month and day, perhaps a year; no other figure). */
export function isDateHeaderPiece(line: string): boolean {
  const t = line.replace(/\s+/g, ' ').trim();
  const m = ENDS_WITH_DATE.exec(t);
  return !!m && /^(?:(?:19|20)\d\d )?[^\d]*$/.test(t.slice(0, m.index + 1));
}

/** Date headers the text broke across lines ("July 2," / "2023 July 3," / "2022 July 2,") or printed
 * without their years ("October 28," / "October 29,"): the caption's last lines (a unit line may
 * follow) that end on a month and day, read together. Labels keep what was printed: "July 2, 2023",
 * "October 28," (a yearless label gets its year in columnsFromHeader). */
function brokenDates(lines: string[]): HeaderRead | undefined {
  let end = lines.length;
  while (end > 0 && end > lines.length - 2 && UNIT_LINE.test(lines[end - 1]!.trim())) end--;
  // ("July 2," / "2023 July 3," / "2022 %" / "Change July 2," / ... / "Change": a change column after each
  // pair of dates, its "% Change" broken across lines too.)
  const yearPercent = (k: number) => k >= 1 && YEAR_PERCENT.test(lines[k]!.trim()) && ENDS_WITH_DATE.test(lines[k - 1]!.trim());
  const changeWord = (k: number) => /^(?:%\s*)?change$/i.test(lines[k]!.trim()) && yearPercent(k - 1);
  const piece = (k: number) => ENDS_WITH_DATE.test(lines[k]!.trim()) || yearPercent(k) || changeWord(k);
  if (end > 1 && changeWord(end - 1)) end--;
  let start = end;
  while (start > 0 && piece(start - 1)) start--;
  if (end - start < 2) return undefined;
  // (A change column's "%" after its dates' year heads a column of its own: "% change".)
  const joined = lines
    .slice(start, end)
    .filter((_, k) => !changeWord(start + k))
    .join(' ')
    .replace(/\s+/g, ' ');
  const labels = [...joined.matchAll(new RegExp(`${DATE_IN.source}|%`, 'gi'))].map((m) => (m[0] === '%' ? '% change' : m[0].trim()));
  if (labels.filter((l) => l !== '% change').length < 2) return undefined;
  return { labels, lines: Array.from({ length: end - start }, (_, k) => start + k) };
}

export interface PeriodContext {
  /** The filing's fiscal year (its own label) and the year its period of report ends in. */
  fiscalYear: number;
  periodYear: number;
  /** The period of report's end, YYYY-MM-DD: the year of a date printed without one. */
  periodEnd?: string;
  /** Text of the caption: says whether the columns are durations or instants, and of how many months. */
  caption: string;
  /** An annual report: a bare year in its header is the fiscal year as the filing labels it ("2021" for
   * a year ending January 2, 2022); a date, or a quarterly report's year, is a calendar year. */
  annual: boolean;
}

const YEAR_IN = /\b((?:19|20)\d\d)\b/;
const COMPARISON = /^(?:19|20)\d\d (?:vs\.?|versus) (?:19|20)\d\d$/i;

// "Three Months", "52 weeks", "Years Ended", "Quarter Ended" (each a match, for matchAll).
const PERIOD_WORDS = new RegExp(
  String.raw`\b(three|six|nine|twelve|3|6|9|12|13|26|39|52|53|thirteen|twenty-six|thirty-nine|fifty-two` +
    String.raw`|fifty-three)[- ](months|weeks)\b|\b(?:fiscal )?years?\b(?= ended)` +
    String.raw`|\b(?:(?:first|second|third|fourth) )?(quarters?)\b(?= ended)`,
  'gi',
);

function monthsIn(caption: string): number[] {
  const out: number[] = [];
  // "Fiscal Third Quarter Ended", "Quarter Ended": three months.
  for (const m of caption.matchAll(PERIOD_WORDS)) {
    const w = (m[3] ? 'three' : (m[1] ?? 'twelve')).toLowerCase();
    const weeks = m[2]?.toLowerCase() === 'weeks';
    const n =
      ({ three: 3, thirteen: 3, six: 6, 'twenty-six': 6, nine: 9, 'thirty-nine': 9 } as Record<string, number>)[w] ?? (Number(w) || 12);
    out.push(weeks && Number(w) ? Math.min(12, Math.round(n / 4.33)) : n);
  }
  return out;
}

/** Columns from header labels: each year label gets its period (fiscal year by the filing's offset
 * between its fiscal-year label and the calendar year its period ends in). */
export function columnsFromHeader(printed: string[], ctx: PeriodContext): TableColumn[] {
  const labels = withYears(printed, ctx);
  const months = monthsIn(ctx.caption);
  // Dates head balance-sheet columns, unless the caption says the columns are months or weeks ended.
  const instant = isInstantCaption(ctx.caption) || (months.length === 0 && labels.some((l) => DATE_LINE.test(l)));
  const yearLabels = labels.filter((l) => YEAR_IN.test(l));
  // "Three Months Ended ... Nine Months Ended ...": the first half of the year columns are the first span.
  const spanOf = (yearIndex: number): number | undefined => {
    if (instant || months.length === 0) return instant ? undefined : 12;
    if (months.length === 1) return months[0];
    const per = Math.ceil(yearLabels.length / months.length);
    return months[Math.min(months.length - 1, Math.floor(yearIndex / per))];
  };
  let yi = 0;
  return labels.map((label) => {
    const y = YEAR_IN.exec(label);
    if (!y || COMPARISON.test(label)) return { label, period: null, inferred: false };
    const printed = Number(y[1]);
    const m = spanOf(yi++);
    const bareYear = /^(?:19|20)\d\d$/.test(label.trim());
    const quarter = ctx.annual && m === 3 && !instant ? quarterOf(label, ctx) : undefined;
    const period: ColumnPeriod = {
      kind: instant ? 'instant' : 'duration',
      fiscalYear: ctx.annual && bareYear ? printed : dateFiscalYear(label, printed, ctx),
      ...(m !== undefined ? { months: m } : {}),
      ...(quarter ? { quarter } : {}),
    };
    return { label, period, inferred: false };
  });
}

/** An annual report's quarter ended on a date ("For the Quarters Ended / September 30, 2019"): the
 * fourth ends with the year, each one before it three months earlier. */
function quarterOf(label: string, ctx: PeriodContext): number | undefined {
  const d = new Date(`${label.replace(/,/g, '')} UTC`);
  const end = ctx.periodEnd ? new Date(`${ctx.periodEnd}T00:00:00Z`) : undefined;
  if (!end || Number.isNaN(d.getTime())) return undefined;
  const months = Math.round((end.getTime() - d.getTime()) / (30.44 * 86_400_000));
  const back = Math.round(months / 3);
  return months >= -1 && Math.abs(months - back * 3) <= 1 ? ((((3 - back) % 4) + 4) % 4) + 1 : undefined;
}

const MONTH_DAY = new RegExp(`^(${MONTH})\\s+(\\d{1,2}),?(?:\\s+((?:19|20)\\d\\d))?$`, 'i');

/** Days from the period of report's end to a month and day, -182..182 (the nearest such date). */
function daysFromEnd(month: string, day: number, end: Date): number {
  const m = MONTHS.indexOf(month.slice(0, 3).toLowerCase());
  const d = (Date.UTC(end.getUTCFullYear(), m, day) - end.getTime()) / 86_400_000;
  return d > 182 ? d - 365 : d < -182 ? d + 365 : d;
}

/** Two month-day dates within a week of each other in the calendar ("September 25", "September 26"). */
function sameDayOfYear(a: RegExpExecArray, b: RegExpExecArray): boolean {
  const day = (m: RegExpExecArray) => Date.UTC(2001, MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()), Number(m[2])) / 86_400_000;
  const d = Math.abs(day(a) - day(b));
  return Math.min(d, 365 - d) <= 7;
}

/** Years for dates printed without one ("October 28,"): the year of the same date printed in full
 * elsewhere in the header; else from the period of report. The date nearest its end is the period's
 * own; another within a week of it, the same period a year before (the comparative column); any other,
 * the latest such date before the period's end (the last fiscal year-end). */
function withYears(labels: string[], ctx: PeriodContext): string[] {
  const parsed = labels.map((l) => MONTH_DAY.exec(l.trim()));
  const end0 = ctx.periodEnd && /^\d{4}-\d{2}-\d{2}$/.test(ctx.periodEnd) ? new Date(`${ctx.periodEnd}T00:00:00Z`) : undefined;
  // An annual report's year ends printed without years ("December 1," / "December 2," / "November
  // 27,"): its own year end, then one year back each, in order.
  if (
    ctx.annual &&
    end0 &&
    labels.length >= 2 &&
    parsed.every((m) => m && !m[3] && Math.abs(daysFromEnd(m[1]!, Number(m[2]), end0)) <= 10)
  ) {
    let prev = end0.getTime() + 364 * 86_400_000;
    return parsed.map((m) => {
      // The year putting this date nearest a year before the previous one.
      const month = MONTHS.indexOf(m![1]!.slice(0, 3).toLowerCase());
      const want = prev - 364 * 86_400_000;
      const y = [-1, 0, 1]
        .map((k) => new Date(want).getUTCFullYear() + k)
        .sort((a, b) => Math.abs(Date.UTC(a, month, Number(m![2])) - want) - Math.abs(Date.UTC(b, month, Number(m![2])) - want))[0]!;
      prev = Date.UTC(y, month, Number(m![2]));
      return `${m![1]} ${Number(m![2])}, ${y}`;
    });
  }
  const full = new Map<string, string>();
  for (const m of parsed) if (m?.[3]) full.set(`${m[1]!.slice(0, 3).toLowerCase()} ${Number(m[2])}`, m[3]);
  const end = ctx.periodEnd && /^\d{4}-\d{2}-\d{2}$/.test(ctx.periodEnd) ? new Date(`${ctx.periodEnd}T00:00:00Z`) : undefined;
  const offsets = parsed.map((m) => (m && !m[3] && end ? daysFromEnd(m[1]!, Number(m[2]), end) : undefined));
  // The period's own date printed in full: the yearless dates near it are comparatives.
  const ownPrinted =
    end !== undefined &&
    parsed.some((m) => m?.[3] && Number(m[3]) === end.getUTCFullYear() && Math.abs(daysFromEnd(m[1]!, Number(m[2]), end)) <= 7);
  const nearest = ownPrinted ? -1 : offsets.reduce<number>((n, o) => (o === undefined ? n : Math.min(n, Math.abs(o))), Infinity);
  // Dates printed newest first, each with its year, before this one: it continues the run, the latest
  // such date before the one printed last ("Dec. 31, 2019 Sep. 30, 2019 Jun. 30, 2019 Mar. 31,": 2019).
  const whenOf = (m: RegExpExecArray, y: number) => Date.UTC(y, MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()), Number(m[2]));
  const descending = (i: number) =>
    i >= 2 &&
    parsed.slice(0, i).every((p, k) => p?.[3] && (k === 0 || whenOf(p, Number(p[3])) < whenOf(parsed[k - 1]!, Number(parsed[k - 1]![3]))));
  return labels.map((l, i) => {
    const m = parsed[i];
    if (!m || m[3]) return l;
    if (descending(i)) {
      const prev = parsed[i - 1]!;
      const before = whenOf(prev, Number(prev[3]));
      const y = [0, -1].map((k) => Number(prev[3]) + k).find((yy) => whenOf(m, yy) < before);
      if (y !== undefined) return `${m[1]} ${Number(m[2])}, ${y}`;
    }
    let year = full.get(`${m[1]!.slice(0, 3).toLowerCase()} ${Number(m[2])}`);
    // "September 24, 2023 September 25, 2022 September 26,": the third year-end continues the run of
    // years before it (2021), not the period's comparative a year back, which the run already holds.
    const [a, b] = [parsed[i - 2], parsed[i - 1]];
    if (!year && a?.[3] && b?.[3] && Math.abs(Number(a[3]) - Number(b[3])) === 1 && sameDayOfYear(b, m)) {
      year = String(2 * Number(b[3]) - Number(a[3]));
    }
    const off = offsets[i];
    if (!year && end && off !== undefined) {
      // The calendar year of that date nearest the period's end, then a year back unless it is the period's own.
      const at = new Date(end.getTime() + off * 86_400_000).getUTCFullYear();
      year = String(Math.abs(off) === nearest && Math.abs(off) <= 7 ? at : Math.abs(off) <= 7 ? at - 1 : off <= 0 ? at : at - 1);
    }
    return year ? `${m[1]} ${Number(m[2])}, ${year}` : l;
  });
}

/** The fiscal year of a date column in a quarterly report: the period's own fiscal year offset, except
 * for a date well before the period's end in another fiscal year (the last year-end's balance). */
function dateFiscalYear(label: string, printed: number, ctx: PeriodContext): number {
  const offset = ctx.fiscalYear - ctx.periodYear;
  const m = MONTH_DAY.exec(label.trim());
  if (!m?.[3] || ctx.annual || !ctx.periodEnd || offset === 0) return printed + offset;
  const end = new Date(`${ctx.periodEnd}T00:00:00Z`);
  const days = (end.getTime() - Date.UTC(printed, MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()), Number(m[2]))) / 86_400_000;
  // Within the last 11 months: the same fiscal year as the period (or its comparative a year before).
  return days > 7 && days % 365 > 7 && days % 365 < 358 ? printed : printed + offset;
}

const INSTANT_CAPTION = new RegExp(
  [
    String.raw`\bbalance sheets?\b|\bfinancial (?:position|condition)\b`,
    String.raw`\b(?:as of|at) (?:the end of )?(?:[A-Z][a-z]+ \d{1,2}|december|september|june|march|january|fiscal year end)`,
  ].join('|'),
  'i',
);

export function isInstantCaption(caption: string): boolean {
  // (The title of the MD&A, "Discussion and Analysis of Financial Condition and Results of Operations",
  // over its tables of a year's sales, says no balance.)
  const own = caption.replace(/\bfinancial condition and results of operations\b/gi, '');
  return INSTANT_CAPTION.test(own) && !/\byears? ended\b|\bmonths ended\b/i.test(own);
}

/** Columns the text lost, inferred from the filing's fiscal year: newest first (the filing-level pass in
 * column-order.ts may reverse them when the filing's text shows its tables run oldest first). */
export function inferredColumns(n: number, ctx: PeriodContext): TableColumn[] {
  const instant = isInstantCaption(ctx.caption);
  return Array.from({ length: n }, (_, i) => ({
    label: '',
    period: { kind: instant ? 'instant' : 'duration', fiscalYear: ctx.fiscalYear - i, ...(instant ? {} : { months: 12 }) } as ColumnPeriod,
    inferred: true,
  }));
}

/** How many lines from `at` are a header of dates: one line of two dates or more, or two date pieces
 * or more in a row; 0 when they are not. */
export function dateHeaderLines(body: { kind: string; text: string }[], at: number): number {
  if (datesLine(body[at]!.text)) return 1;
  let n = 0;
  while (at + n < body.length && body[at + n]!.kind === 'short' && isDateHeaderPiece(body[at + n]!.text)) n++;
  return n >= 2 ? n : 0;
}

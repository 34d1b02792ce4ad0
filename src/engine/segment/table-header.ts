// A table's column headers and the periods they stand for, read from the lines above its first row:
// "(Millions, except per share amounts) 2022 2021 2020", "2023 Change 2022 Change 2021", two date lines
// "September 30, 2023" / "September 24, 2022", "Three Months Ended June 30, 2023 2022 ...". Only such
// period lines give years: a lone date (an auditor's report signed "February 8, 2023") does not.
import type { ColumnPeriod, TableColumn } from '../tables/model.js';

const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
/** "December 31, 2022", "As of September 30, 2023", "At January 31, 2020". */
export const DATE_LINE = new RegExp(`^(?:(?:as of|at|balance at|balance as of)\\s+)?${MONTH}\\s+\\d{1,2},?\\s+(?:19|20)\\d\\d:?$`, 'i');
/** A line that names the period of what follows: "Fiscal Year Ended January 31, 2019". */
export const PERIOD_LINE = new RegExp(
  `^(?:for the )?(?:fiscal )?(?:years?|quarters?|(?:three|six|nine|twelve|3|6|9|12|thirteen|twenty-six|thirty-nine|fifty-two|fifty-three) (?:months|weeks))\\s+ended\\b.*?(?:19|20)\\d\\d:?$`,
  'i',
);
const YEAR_TOKEN = /^(?:19|20)\d\d\*?,?$/;
// Words a header line may hold between years: "2023 Change 2022", "2022 2021 % change", "2019 vs. 2018".
const HEADER_WORD = /^(?:%|change|changes|vs\.?|versus|increase|\(?decrease\)?|\/|inc\.?|\(dec\.?\)|variance|\$|percent|-|\u2013|\u2014)$/i;
const AUDIT_MARK = /^\/s\/|\bwe have served as the company'?s auditor\b|\bauditor since\b|^reports? of independent registered public accounting firms?$|\bpublic company accounting oversight board\b/i;

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
  if (years === 0) return undefined;
  const run = tokens.slice(k);
  const lead = tokens.slice(0, k).join(' ');
  if (years < 2 && (k > 0 || run.length > 1)) return undefined;
  // "February 8, 2023" and "Minneapolis, Minnesota 2019" are not headers: a month-day before a single
  // year is a date (a header of one date line is read by the caller).
  if (years < 2) return undefined;
  if (new RegExp(`${MONTH}\\s+\\d{1,2},?$`, 'i').test(lead) && run.length === 1) return undefined;
  // Header words stay only between or after years: "$ 2022 2021" -> years.
  const first = run.findIndex((t) => YEAR_TOKEN.test(t));
  return run.slice(first).map((t) => t.replace(/[*,]$/, ''));
}

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
    if (DATE_LINE.test(l) && !/^(?:as of|at)\b/i.test(l) && !DATE_LINE.test(lines[i + 1]!.trim())) start = i + 1;
  }
  return start;
}

/** Reads header cells from caption lines (after captionStart). */
export function readHeader(lines: string[]): HeaderRead | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const t = headerTokens(lines[i]!);
    if (t) return { labels: t, lines: [i] };
  }
  // Date lines as headers, adjacent, at the end of the caption: "September 30, 2023" / "September 24, 2022".
  const dates: number[] = [];
  for (let i = lines.length - 1; i >= 0 && DATE_LINE.test(lines[i]!.trim()); i--) dates.unshift(i);
  if (dates.length >= 2) return { labels: dates.map((i) => lines[i]!.trim().replace(/:$/, '')), lines: dates };
  return undefined;
}

export interface PeriodContext {
  /** The filing's fiscal year (its own label) and the year its period of report ends in. */
  fiscalYear: number;
  periodYear: number;
  /** Text of the caption: says whether the columns are durations or instants, and of how many months. */
  caption: string;
  /** An annual report: a bare year in its header is the fiscal year as the filing labels it ("2021" for
   * a year ending January 2, 2022); a date, or a quarterly report's year, is a calendar year. */
  annual: boolean;
}

const YEAR_IN = /\b((?:19|20)\d\d)\b/;

function monthsIn(caption: string): number[] {
  const out: number[] = [];
  const re = /\b(three|six|nine|twelve|3|6|9|12|thirteen|twenty-six|thirty-nine)[- ](?:months|weeks)\b|\b(?:fiscal )?years?\b(?= ended)/gi;
  for (const m of caption.matchAll(re)) {
    const w = (m[1] ?? 'twelve').toLowerCase();
    out.push({ three: 3, '3': 3, thirteen: 3, six: 6, '6': 6, 'twenty-six': 6, nine: 9, '9': 9, 'thirty-nine': 9 }[w] ?? 12);
  }
  return out;
}

/** Columns from header labels: each year label gets its period (fiscal year by the filing's offset
 * between its fiscal-year label and the calendar year its period ends in). */
export function columnsFromHeader(labels: string[], ctx: PeriodContext): TableColumn[] {
  const instant = isInstantCaption(ctx.caption) || labels.some((l) => DATE_LINE.test(l));
  const yearLabels = labels.filter((l) => YEAR_IN.test(l));
  const months = monthsIn(ctx.caption);
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
    if (!y) return { label, period: null, inferred: false };
    const printed = Number(y[1]);
    const m = spanOf(yi++);
    const bareYear = /^(?:19|20)\d\d$/.test(label.trim());
    const period: ColumnPeriod = {
      kind: instant ? 'instant' : 'duration',
      fiscalYear: ctx.annual && bareYear ? printed : printed + (ctx.fiscalYear - ctx.periodYear),
      ...(m !== undefined ? { months: m } : {}),
    };
    return { label, period, inferred: false };
  });
}

export function isInstantCaption(caption: string): boolean {
  return /\bbalance sheets?\b|\bfinancial (?:position|condition)\b|\b(?:as of|at) (?:the end of )?(?:[A-Z][a-z]+ \d{1,2}|december|september|june|march|january|fiscal year end)/i.test(caption) && !/\byears? ended\b|\bmonths ended\b/i.test(caption);
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

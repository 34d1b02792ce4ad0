// Fiscal-year labels (the sample corpus README's rule, which FinanceBench's labels follow). Pure.
//  - 10-K: the year of period_of_report, minus one when the period ends in the first week of January
//    (a 52/53-week year that spills over New Year). January and February year ends otherwise keep the
//    year they end in (Walmart's year ending 2018-01-31 is FY-2018).
//  - 10-Q and 8-K: the fiscal year whose year end is the first on or after the period end, by the
//    company's nominal fiscal_year_end (MMDD), labelled by the same rule.

export interface YMD {
  y: number;
  m: number;
  d: number;
}

export function parseYmd(date: string): YMD {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`not a YYYY-MM-DD date: "${date}"`);
  return { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
}

/** The label year of a fiscal year that ends on `end`. */
export function labelYear(end: YMD): number {
  return end.m === 1 && end.d <= 7 ? end.y - 1 : end.y;
}

/** `MMDD` -> `{m, d}`; undefined when absent or malformed. */
export function parseMmdd(mmdd: string | undefined): { m: number; d: number } | undefined {
  const m = /^(\d{2})(\d{2})$/.exec((mmdd ?? '').trim());
  if (!m) return undefined;
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return { m: month, d: day };
}

const key = (m: number, d: number) => m * 100 + d;

/** The end of the fiscal year a period belongs to: the first nominal year end on or after it. */
export function fiscalYearEndFor(period: YMD, nominal: { m: number; d: number }): YMD {
  const y = key(period.m, period.d) <= key(nominal.m, nominal.d) ? period.y : period.y + 1;
  return { y, m: nominal.m, d: nominal.d };
}

export function fiscalYearLabel(formType: string, periodOfReport: string, nominalFye: string | undefined): string {
  const period = parseYmd(periodOfReport);
  const nominal = parseMmdd(nominalFye);
  if (formType.startsWith('10-K') || !nominal) return `FY-${labelYear(period)}`;
  return `FY-${labelYear(fiscalYearEndFor(period, nominal))}`;
}

const mmdd = (m: number, d: number) => `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** `sec_fiscal_year_end`: the actual period end (MM-DD) of a 10-K; the nominal year end otherwise. */
export function fiscalYearEndLabel(formType: string, periodOfReport: string, nominalFye: string | undefined): string {
  const period = parseYmd(periodOfReport);
  const nominal = parseMmdd(nominalFye);
  if (formType.startsWith('10-K') || !nominal) return mmdd(period.m, period.d);
  return mmdd(nominal.m, nominal.d);
}

export function nominalFiscalYearEnd(nominalFye: string | undefined): string | null {
  const n = parseMmdd(nominalFye);
  return n ? mmdd(n.m, n.d) : null;
}

/** The quarter (1-4) of the fiscal year ending `fye` (MM-DD or MMDD) that ends in `month`. */
export function quarterOfMonth(month: number, fye: string): number | undefined {
  const n = parseMmdd(fye.replace('-', ''));
  if (!n) return undefined;
  return Math.round(((month - n.m + 12) % 12) / 3) || 4;
}

/** The quarter of its fiscal year a report ending on `periodEnd` (YYYY-MM-DD) covers. */
export function fiscalQuarterOf(periodEnd: string, fye: string): number | undefined {
  const m = /^\d{4}-(\d{2})/.exec(periodEnd);
  return m ? quarterOfMonth(Number(m[1]), fye) : undefined;
}

/** The fiscal year (its label year) and quarter of a period ending on `date`, for the year end `fye`
 * (MM-DD or MMDD: a 10-K's actual end, so a week's slack either side of it). */
export function fiscalPeriodOf(date: YMD, fye: string): { fiscalYear: number; quarter: number } | undefined {
  const n = parseMmdd(fye.replace('-', ''));
  const quarter = quarterOfMonth(date.m, fye);
  if (!n || quarter === undefined) return undefined;
  // The year whose end, with a week's slack (into the next month when it falls at a month's end:
  // Adobe's year ending November 29 ended December 2 in 2022), is the first on or after the date.
  const at = Date.UTC(date.y, date.m - 1, date.d);
  const endOf = (y: number) => Date.UTC(y, n.m - 1, n.d) + 7 * 86_400_000;
  const y = at <= endOf(date.y - 1) ? date.y - 1 : at <= endOf(date.y) ? date.y : date.y + 1;
  return { fiscalYear: labelYear({ y, m: n.m, d: n.d }), quarter };
}

/** A YYYY-MM-DD date as read, unchecked. */
export const ymd = (s: string): YMD => ({ y: Number(s.slice(0, 4)), m: Number(s.slice(5, 7)), d: Number(s.slice(8, 10)) });
/** Days since 1970-01-01: a difference of two is the days between. */
export const dayNumber = (x: YMD) => Date.UTC(x.y, x.m - 1, x.d) / 86_400_000;

/** The fiscal year (label) a period ending on `end` belongs to. A year end a few days past the
 * nominal one (52/53-week years: Apple's 2023-09-30 against "September 28") stays in its year. */
export function fiscalYearOf(end: string, nominal: { m: number; d: number } | undefined): number {
  const e = ymd(end);
  if (!nominal) return labelYear(e);
  const fye = fiscalYearEndFor(e, nominal);
  const previous = { y: fye.y - 1, m: nominal.m, d: nominal.d };
  if (dayNumber(e) - dayNumber(previous) <= 14) return labelYear(e);
  // Within a week before the nominal end is that year end itself (52/53-week years end early too).
  return labelYear(dayNumber(fye) - dayNumber(e) <= 7 ? e : fye);
}

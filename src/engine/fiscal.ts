// Fiscal quarters and years of dates, by a company's nominal fiscal year end (MM-DD), as the corpus
// labels them: a period belongs to the fiscal year whose year end is the first on or after it, and
// that year is named by the calendar year the year end falls in.

/** The quarter of the fiscal year ending `fye` ("06-30") that ends in month `month` (1-12): 1-4. */
export function quarterOfMonth(month: number, fye: string): number | undefined {
  const m = /^(\d{2})/.exec(fye);
  if (!m) return undefined;
  const months = (month - Number(m[1]) + 12) % 12;
  return Math.round(months / 3) || 4;
}

/** The quarter of its fiscal year a report ending on `periodEnd` (YYYY-MM-DD) covers. */
export function fiscalQuarterOf(periodEnd: string, fye: string): number | undefined {
  const end = /^\d{4}-(\d{2})/.exec(periodEnd);
  return end ? quarterOfMonth(Number(end[1]), fye) : undefined;
}

/** The fiscal year (as labelled) and quarter of a period ending on a date, for year end `fye`. */
export function fiscalPeriodOf(year: number, month: number, day: number, fye: string): { fiscalYear: number; quarter: number } | undefined {
  const m = /^(\d{2})-?(\d{2})$/.exec(fye);
  const quarter = quarterOfMonth(month, fye);
  if (!m || quarter === undefined) return undefined;
  // The first year end on or after the date (a week's slack: 52/53-week years end near the nominal date).
  const fyMonth = Number(m[1]);
  const fyDay = Number(m[2]);
  const after = month > fyMonth || (month === fyMonth && day > fyDay + 7);
  const endYear = after ? year + 1 : year;
  // A year ending in the first week of January is named by the year before (52/53-week years).
  return { fiscalYear: fyMonth === 1 && fyDay <= 7 ? endYear - 1 : endYear, quarter };
}

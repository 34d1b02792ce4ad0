// The end of a fiscal year a company's reports do not date themselves (a prior-year column of a later
// annual report), by its fiscal calendar as its reports' own period ends show it: a calendar of month
// ends (every report ends on the last day of a month), or a 52/53-week calendar (every report ends on
// the same weekday) whose year ends on the last such weekday of its month or on the one nearest the
// month's end. When the reports do not show which, there is no date: never a guess. Pure.
import { dayNumber, type YMD, ymd } from './fiscal.js';

export interface ReportEnd {
  /** The fiscal year the report is of (its label year). */
  fiscalYear: number;
  /** Its period end, YYYY-MM-DD. */
  end: string;
  annual: boolean;
}

const DAY = 86_400_000;
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const weekday = (x: YMD) => new Date(Date.UTC(x.y, x.m - 1, x.d)).getUTCDay();
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isMonthEnd = (x: YMD) => x.d === lastDay(x.y, x.m);

/** The month (and its year) a year end belongs to: one in the first week of a month closes the month
 * before (a 52/53-week year spilling over). */
function closing(x: YMD): { y: number; m: number } {
  if (x.d > 7) return { y: x.y, m: x.m };
  return x.m === 1 ? { y: x.y - 1, m: 12 } : { y: x.y, m: x.m - 1 };
}

/** The end of fiscal year `year`, from the company's reports (`reports`, any forms), or undefined. */
export function fiscalYearEnd(year: number, reports: ReportEnd[]): string | undefined {
  const annual = reports.filter((r) => r.annual);
  if (annual.length === 0) return undefined;
  const own = annual.find((r) => r.fiscalYear === year);
  if (own) return own.end;
  // The annual report nearest the year: its month, shifted by the years between.
  const ref = [...annual].sort((a, b) => Math.abs(a.fiscalYear - year) - Math.abs(b.fiscalYear - year))[0]!;
  const at = closing(ymd(ref.end));
  const y = at.y + (year - ref.fiscalYear);
  const ends = reports.map((r) => ymd(r.end));
  if (ends.every(isMonthEnd)) return iso(Date.UTC(y, at.m - 1, lastDay(y, at.m)));
  const day = weekday(ends[0]!);
  if (!ends.every((e) => weekday(e) === day)) return undefined;
  // The last such weekday of the month, and the one nearest its last day (up to three days after).
  const monthEnd = Date.UTC(y, at.m - 1, lastDay(y, at.m));
  const last = monthEnd - ((new Date(monthEnd).getUTCDay() - day + 7) % 7) * DAY;
  const nearest = monthEnd - last > 3 * DAY ? last + 7 * DAY : last;
  if (last === nearest) return iso(last);
  // Which rule, the annual reports show: a year end past its month's end is the nearest one's, one more
  // than three days before it the last one's.
  const past = annual.map((r) => {
    const e = ymd(r.end);
    const c = closing(e);
    return dayNumber(e) - Date.UTC(c.y, c.m - 1, lastDay(c.y, c.m)) / DAY;
  });
  if (past.some((d) => d > 0)) return iso(nearest);
  if (past.some((d) => d < -3)) return iso(last);
  return undefined;
}

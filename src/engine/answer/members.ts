// A set's members (a screen's companies): the companies of the index's constituents in the set (its
// sector, its sub-industries, the whole index) whose filings or XBRL company facts report the fiscal
// year asked. A company whose annual report of the year the index does not hold, but whose 10-Q of it
// it does (a year under way, or not pulled), is a member whose figure says so; one with nothing of the
// year (its filings are of other years, or only 8-Ks) is none.
import type { CompanySet } from '../question/reading.js';
import type { CompanyEntry, Directory } from '../retrieve/directory.js';
import { reportsYear } from './holdings.js';

const fyOf = (f: { sec_fiscal_year: string }) => Number(f.sec_fiscal_year.slice(3));

/** Whether a company is in the set. */
export function inSet(c: Pick<CompanyEntry, 'ticker' | 'sector' | 'subIndustry'>, set: Pick<CompanySet, 'kind' | 'names'>): boolean {
  if (set.kind === 'index') return true;
  if (set.kind === 'sector') return !!c.sector && set.names.some((n) => n.toLowerCase() === c.sector!.toLowerCase());
  return !!c.subIndustry && set.names.some((n) => n.toLowerCase() === c.subIndustry!.toLowerCase());
}

export interface MemberContext {
  dir: Directory;
  /** Whether the company's XBRL company facts hold the fiscal year. */
  factsHold: (ticker: string, year: number) => boolean;
  /** A quarter, a half or trailing months are asked, not the year as a whole. */
  partOfYear: boolean;
}

/** Whether the index holds something of a company's fiscal `year`: an annual report of it (or a later
 * one printing it), a 10-Q of it (of the year before's too, when a part of the year is asked), or a
 * company fact of it. */
export function holdsYear(c: CompanyEntry, year: number, ctx: MemberContext): boolean {
  if (c.filingCount > 0) {
    for (const f of c.filings) {
      const form = f.sec_form_type;
      if (form.startsWith('10-K') && reportsYear(f, year)) return true;
      if (form.startsWith('10-Q') && (fyOf(f) === year || (ctx.partOfYear && reportsYear(f, year)))) return true;
    }
  }
  return ctx.factsHold(c.ticker, year);
}

/** The set's members for `year`, by ticker. */
export function membersOf(set: CompanySet, year: number, ctx: MemberContext): string[] {
  return ctx.dir.companies
    .filter((c) => inSet(c, set) && holdsYear(c, year, ctx))
    .map((c) => c.ticker)
    .sort();
}

/** The newest fiscal year an annual report of the set's companies is of (or their company facts
 * hold): the year a screen that names none asks. */
export function latestYearOf(set: CompanySet, dir: Directory, factsLatest: (ticker: string) => number | undefined): number | undefined {
  let latest: number | undefined;
  for (const c of dir.companies) {
    if (!inSet(c, set)) continue;
    const years = c.filingCount > 0 ? c.filings.filter((f) => f.sec_form_type.startsWith('10-K')).map(fyOf) : [];
    const fact = factsLatest(c.ticker);
    for (const y of fact === undefined ? years : [...years, fact]) if (latest === undefined || y > latest) latest = y;
  }
  return latest;
}

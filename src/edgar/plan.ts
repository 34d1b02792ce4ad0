// Which filings a pull fetches: the asked forms, in the asked fiscal years (as the index labels them)
// or filed since a date, each with the address of its primary document (the complete .txt when it
// has none, and for an 8-K, whose press release is an exhibit). A 10-Q's or 8-K's fiscal year end is
// that of the company's 10-K closing the year it falls in; for a year whose 10-K is not filed yet,
// the submissions JSON's current fiscal year end (52/53-week years end on a different day each
// year: JNJ's 2024 ended December 29, its 2025 December 28). Pure.
import { fiscalYearLabel } from '../engine/corpus-ingest.js';
import { urls, type EdgarHosts } from './hosts.js';
import type { SubmissionRow, SubmissionsPage } from './submissions.js';

export interface YearRange {
  from: number;
  to: number;
}

export interface PlanOptions {
  forms: string[];
  years?: YearRange;
  /** YYYY-MM-DD: filed on or after. */
  since?: string;
}

export interface PlannedFiling {
  ticker: string;
  cik: string;
  accession: string;
  form: string;
  filingDate: string;
  reportDate: string;
  fiscalYear: number;
  /** MMDD of the year end the filing belongs to (its 10-K's period end). */
  fiscalYearEnd: string | undefined;
  primaryDocument: string;
  url: string;
  /** EDGAR says the filing is inline XBRL: its primary document carries dei cover facts. */
  inlineXbrl: boolean;
}

/** "2024" or "2019-2024" -> a range; throws on anything else. */
export function parseYears(s: string): YearRange {
  const m = /^\s*(\d{4})\s*(?:-\s*(\d{4}))?\s*$/.exec(s);
  if (!m) throw new Error(`--years takes a fiscal year or a range (2024, 2019-2024); got "${s}"`);
  const from = Number(m[1]);
  const to = Number(m[2] ?? m[1]);
  if (from > to) throw new Error(`--years ${s}: the first year is after the last`);
  if (from < 1993 || to > 2100) throw new Error(`--years ${s}: EDGAR's filings start in 1993`);
  return { from, to };
}

const mmdd = (date: string) => date.slice(5, 7) + date.slice(8, 10);
const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

/** The year end a 10-Q or 8-K belongs to: the first 10-K period end on or after its date, within
 * thirteen months; after the latest 10-K, the company's current year end (`current`, MMDD, from the
 * submissions JSON) when known; else the latest 10-K's month and day. */
export function yearEndFor(date: string, tenKEnds: string[], current?: string): string | undefined {
  const after = tenKEnds.filter((e) => e >= date && days(date, e) <= 400).sort()[0];
  if (after) return mmdd(after);
  const before = tenKEnds
    .filter((e) => e < date)
    .sort()
    .pop();
  if (current && (!before || days(before, date) <= 400)) return current;
  return before ? mmdd(before) : current;
}

export function fiscalYearOfRow(row: SubmissionRow, tenKEnds: string[], current?: string): { year: number; fye: string | undefined } {
  const date = row.reportDate || row.filingDate;
  const base = row.form.replace(/\/A$/, '');
  const fye = base === '10-K' ? mmdd(date) : yearEndFor(date, tenKEnds, current);
  return { year: Number(fiscalYearLabel(base, date, fye).slice(3)), fye };
}

/** Older submissions pages the plan needs: those that may hold filings of the range. */
export function pagesNeeded(pages: SubmissionsPage[], o: PlanOptions): SubmissionsPage[] {
  const earliest = o.since ?? (o.years ? `${o.years.from - 1}-01-01` : undefined);
  if (!earliest) return [];
  return pages.filter((p) => !p.filingTo || p.filingTo >= earliest);
}

export interface CompanyRows {
  cik: string;
  rows: SubmissionRow[];
  /** The submissions JSON's fiscalYearEnd (MMDD), the company's year end today. */
  fiscalYearEnd?: string;
}

/** Every filing of the asked forms with its fiscal year, whether asked for or not. */
function yearsOfRows(byCik: CompanyRows[], o: Pick<PlanOptions, 'forms'>) {
  const forms = new Set(o.forms.map((f) => f.toUpperCase()));
  // The current CIK's year end is the company's (a former CIK's file is no longer updated).
  const current = byCik.find((c) => c.fiscalYearEnd)?.fiscalYearEnd;
  const rows = byCik.flatMap(({ cik, rows: rs }) => rs.map((r) => ({ ...r, cik })));
  const tenKEnds = rows.filter((r) => r.form === '10-K' && r.reportDate).map((r) => r.reportDate);
  const all = rows
    .filter((r) => forms.has(r.form.toUpperCase()) && r.accession)
    .map((r) => ({ r, ...fiscalYearOfRow(r, tenKEnds, current) }));
  return { rows, tenKEnds, current, all };
}

/** The fiscal years the company has filings of the asked forms in (to say what there is when a
 * plan finds nothing). */
export function yearsAvailable(byCik: CompanyRows[], o: Pick<PlanOptions, 'forms'>): YearRange | undefined {
  const years = yearsOfRows(byCik, o).all.map((x) => x.year);
  return years.length ? { from: Math.min(...years), to: Math.max(...years) } : undefined;
}

/** The filings to fetch for one ticker, from the submissions of each of its CIKs (current and former). */
export function planFilings(ticker: string, byCik: CompanyRows[], o: PlanOptions, hosts: EdgarHosts): PlannedFiling[] {
  const { rows, tenKEnds, current, all } = yearsOfRows(byCik, o);
  // Without --years or --since: the latest fiscal year with a 10-K, and whatever came after it.
  let years = o.years;
  if (!years && !o.since) {
    const latest = Math.max(
      ...rows.filter((r) => r.form === '10-K' && r.reportDate).map((r) => fiscalYearOfRow(r, tenKEnds, current).year),
    );
    if (Number.isFinite(latest)) years = { from: latest, to: 9999 };
  }
  const seen = new Set<string>();
  return all
    .filter(({ r, year }) => (!years || (year >= years.from && year <= years.to)) && (!o.since || r.filingDate >= o.since))
    .filter(({ r }) => !seen.has(r.accession) && seen.add(r.accession))
    .sort((a, b) => a.r.filingDate.localeCompare(b.r.filingDate) || a.r.accession.localeCompare(b.r.accession))
    .map(({ r, year, fye }) => ({
      ticker,
      cik: r.cik,
      accession: r.accession,
      form: r.form,
      filingDate: r.filingDate,
      reportDate: r.reportDate || r.filingDate,
      fiscalYear: year,
      fiscalYearEnd: fye,
      primaryDocument: r.primaryDocument,
      inlineXbrl: r.inlineXbrl,
      // An 8-K's figures are in its press release (EX-99), a separate document: its complete
      // submission brings both in one request. Other forms: the primary document.
      url:
        r.primaryDocument && !r.form.startsWith('8-K')
          ? urls.document(hosts, r.cik, r.accession, r.primaryDocument)
          : urls.completeText(hosts, r.cik, r.accession),
    }));
}

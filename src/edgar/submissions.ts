// EDGAR's submissions JSON (data.sec.gov/submissions/CIK##########.json): the company and its filings,
// the latest ~1,000 in `filings.recent` as parallel arrays, older ones in the pages named in
// `filings.files` (each the same arrays at top level). Pure.

export interface SubmissionRow {
  accession: string;
  filingDate: string;
  /** The period of report; empty for some forms. */
  reportDate: string;
  form: string;
  /** Empty for old text-only filings: use {accession}.txt. */
  primaryDocument: string;
  /** An 8-K's item numbers, "2.02,9.01". */
  items: string;
  /** EDGAR's isInlineXBRL: the primary document carries inline XBRL (dei cover facts). */
  inlineXbrl: boolean;
}

export interface SubmissionsPage {
  name: string;
  filingFrom: string;
  filingTo: string;
}

export interface Submissions {
  cik: string;
  name: string;
  sic: string | null;
  stateOfInc: string | null;
  tickers: string[];
  /** The company's fiscal year end today, MMDD ("0926"): a year end that moves (52/53 weeks) moves here first. */
  fiscalYearEnd?: string;
  rows: SubmissionRow[];
  pages: SubmissionsPage[];
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** Rows of one set of parallel arrays (`filings.recent`, or an older page). */
export function parseColumns(cols: unknown): SubmissionRow[] {
  if (!cols || typeof cols !== 'object') throw new Error('not a submissions object');
  const c = cols as Record<string, unknown[]>;
  if (!Array.isArray(c.accessionNumber) || !Array.isArray(c.form)) throw new Error('submissions JSON without accessionNumber/form arrays');
  return c.accessionNumber.map((a, i) => ({
    accession: str(a),
    filingDate: str(c.filingDate?.[i]),
    reportDate: str(c.reportDate?.[i]),
    form: str(c.form?.[i]),
    primaryDocument: str(c.primaryDocument?.[i]),
    items: str(c.items?.[i]),
    inlineXbrl: Number(c.isInlineXBRL?.[i] ?? 0) === 1,
  }));
}

export function parseSubmissions(text: string): Submissions {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error('the submissions file is not JSON');
  }
  const filings = (o.filings ?? {}) as { recent?: unknown; files?: unknown };
  const pages = Array.isArray(filings.files)
    ? (filings.files as Record<string, unknown>[])
        .map((f) => ({ name: str(f.name), filingFrom: str(f.filingFrom), filingTo: str(f.filingTo) }))
        .filter((p) => p.name)
    : [];
  return {
    cik: str(o.cik).replace(/^0+/, ''),
    name: str(o.name),
    sic: str(o.sic) || null,
    stateOfInc: str(o.stateOfIncorporation) || null,
    tickers: Array.isArray(o.tickers) ? (o.tickers as unknown[]).map(str) : [],
    ...(/^\d{4}$/.test(str(o.fiscalYearEnd)) ? { fiscalYearEnd: str(o.fiscalYearEnd) } : {}),
    rows: parseColumns(filings.recent),
    pages,
  };
}

export function parsePage(text: string): SubmissionRow[] {
  try {
    return parseColumns(JSON.parse(text));
  } catch (e) {
    throw new Error(`an older submissions page is not readable: ${(e as Error).message}`);
  }
}

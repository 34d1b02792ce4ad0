// What `corpus list` and `corpus stats` report, read from an index. Includes the segmentation report:
// the share of 10-Ks in which items 1, 1A, 7 and 8 were found, and the largest share of a document any
// one section takes.
import { statSync } from 'node:fs';
import type { IndexHandle } from '../index/open.js';
import type { FilingRow } from '../index/types.js';

/** One filing as `corpus list` shows it. */
export type ListedFiling = Pick<
  FilingRow,
  | 'accession' | 'sec_ticker' | 'company' | 'security_name' | 'sec_form_type' | 'sec_fiscal_year' | 'sec_fiscal_year_end'
  | 'nominal_fiscal_year_end' | 'period_of_report' | 'report_filing_date' | 'sec_gics_sector' | 'sec_gics_sub_industry'
  | 'source_file' | 'filing_html_index'
> & { items: string[]; statements: number };

export function listFilings(ix: IndexHandle): ListedFiling[] {
  return ix.filings().map((f) => ({
    accession: f.accession,
    sec_ticker: f.sec_ticker,
    company: f.company,
    security_name: f.security_name,
    sec_form_type: f.sec_form_type,
    sec_fiscal_year: f.sec_fiscal_year,
    sec_fiscal_year_end: f.sec_fiscal_year_end,
    nominal_fiscal_year_end: f.nominal_fiscal_year_end,
    period_of_report: f.period_of_report,
    report_filing_date: f.report_filing_date,
    sec_gics_sector: f.sec_gics_sector,
    sec_gics_sub_industry: f.sec_gics_sub_industry,
    items: JSON.parse(f.items) as string[],
    statements: f.statement_count,
    source_file: f.source_file,
    filing_html_index: f.filing_html_index,
  }));
}

export const KEY_10K_ITEMS = ['10K-Item-1', '10K-Item-1A', '10K-Item-7', '10K-Item-8'] as const;
export const KEY_ITEM_TARGET = 0.95;

export interface SegmentationReport {
  tenKs: number;
  /** Share of 10-Ks in which each key item was found. */
  keyItemShares: Record<string, number>;
  /** Every 10-K item tag with the share of 10-Ks it was found in. */
  allItemShares: Record<string, number>;
  target: number;
  /** The largest share of a 10-K's text any one section takes, and where. */
  maxSectionShare10K: { share: number; accession: string; ticker: string | null; item_tag: string };
  /** The same over every form (a 10-Q's financial statements are naturally most of it). */
  maxSectionShareAll: { share: number; accession: string; ticker: string | null; item_tag: string };
  /** 10-Ks missing a key item. */
  misses: { accession: string; ticker: string | null; fiscal_year: string; missing: string[] }[];
}

export interface CorpusStats {
  index: string;
  indexBytes: number;
  schemaVersion: number;
  filings: number;
  byForm: Record<string, number>;
  companies: number;
  fiscalYears: Record<string, number>;
  sections: number;
  tables: number;
  statements: number;
  statementsByKind: Record<string, number>;
  textChars: number;
  segmentation: SegmentationReport;
}

function countBy(rows: { k: string | null; n: number }[]): Record<string, number> {
  return Object.fromEntries(rows.map((r) => [r.k ?? '(none)', r.n]));
}

export function segmentationReport(ix: IndexHandle): SegmentationReport {
  const db = ix.db;
  const filings = ix.filings();
  const tenK = filings.filter((f) => f.sec_form_type === '10-K');
  const allItemShares: Record<string, number> = {};
  for (const f of tenK) for (const t of new Set(JSON.parse(f.items) as string[])) allItemShares[t] = (allItemShares[t] ?? 0) + 1;
  for (const k of Object.keys(allItemShares)) allItemShares[k] = allItemShares[k]! / Math.max(1, tenK.length);
  const keyItemShares = Object.fromEntries(KEY_10K_ITEMS.map((t) => [t, allItemShares[t] ?? 0]));
  const misses = tenK
    .map((f) => ({ f, items: new Set(JSON.parse(f.items) as string[]) }))
    .filter(({ items }) => KEY_10K_ITEMS.some((t) => !items.has(t)))
    .map(({ f, items }) => ({
      accession: f.accession,
      ticker: f.sec_ticker,
      fiscal_year: f.sec_fiscal_year,
      missing: KEY_10K_ITEMS.filter((t) => !items.has(t)),
    }));
  const maxShare = (form: string | null) =>
    db
      .prepare(
        `SELECT CAST(s.end_char - s.start_char AS REAL) / f.content_chars AS share, f.accession, f.sec_ticker AS ticker, s.item_tag
         FROM sections s JOIN filings f ON f.id = s.filing_id
         WHERE f.content_chars > 0 ${form ? 'AND f.sec_form_type = ?' : ''} ORDER BY share DESC LIMIT 1`,
      )
      .get(...(form ? [form] : [])) as SegmentationReport['maxSectionShare10K'] | undefined;
  const none = { share: 0, accession: '', ticker: null, item_tag: '' };
  return {
    tenKs: tenK.length,
    keyItemShares,
    allItemShares,
    target: KEY_ITEM_TARGET,
    maxSectionShare10K: maxShare('10-K') ?? none,
    maxSectionShareAll: maxShare(null) ?? none,
    misses,
  };
}

export function corpusStats(ix: IndexHandle): CorpusStats {
  const db = ix.db;
  const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  return {
    index: ix.path,
    indexBytes: statSync(ix.path).size,
    schemaVersion: Number(db.pragma('user_version', { simple: true })),
    filings: one('SELECT COUNT(*) AS n FROM filings'),
    byForm: countBy(db.prepare('SELECT sec_form_type AS k, COUNT(*) AS n FROM filings GROUP BY 1 ORDER BY 1').all() as never),
    companies: one('SELECT COUNT(DISTINCT cik) AS n FROM filings'),
    fiscalYears: countBy(db.prepare('SELECT sec_fiscal_year AS k, COUNT(*) AS n FROM filings GROUP BY 1 ORDER BY 1').all() as never),
    sections: one('SELECT COUNT(*) AS n FROM sections'),
    tables: one('SELECT COUNT(*) AS n FROM tables'),
    statements: one('SELECT COUNT(*) AS n FROM statements'),
    statementsByKind: countBy(db.prepare('SELECT kind AS k, COUNT(*) AS n FROM statements GROUP BY 1 ORDER BY 1').all() as never),
    textChars: one('SELECT COALESCE(SUM(content_chars), 0) AS n FROM filings'),
    segmentation: segmentationReport(ix),
  };
}

// What `corpus list` and `corpus stats` report, and the accessions a pull need not fetch again, read
// from an index. The stats were summed up when the index was last written (index/summary.ts):
// `corpus stats` reads one row whatever the index's size.
import { existsSync, statSync } from 'node:fs';
import { damageOf } from './check.js';
import { openIndex, type IndexHandle } from './open.js';
import { summarize, type CorpusSummary } from './summary.js';
import type { FilingRow } from './types.js';

export { KEY_10K_ITEMS, KEY_ITEM_TARGET, segmentationReport, type SegmentationReport } from './summary.js';

/** One filing as `corpus list` shows it. */
export type ListedFiling = Pick<
  FilingRow,
  | 'accession'
  | 'sec_ticker'
  | 'company'
  | 'security_name'
  | 'sec_form_type'
  | 'sec_fiscal_year'
  | 'sec_fiscal_year_end'
  | 'nominal_fiscal_year_end'
  | 'period_of_report'
  | 'report_filing_date'
  | 'sec_gics_sector'
  | 'sec_gics_sub_industry'
  | 'source_file'
  | 'filing_html_index'
> & { items: string[]; statements: number };

export function listFilings(ix: IndexHandle): ListedFiling[] {
  let rows: FilingRow[];
  try {
    rows = ix.filings();
  } catch (e) {
    throw damageOf(ix.path, e) ?? e;
  }
  return rows.map((f) => ({
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

export interface IndexStats extends CorpusSummary {
  index: string;
  indexBytes: number;
  schemaVersion: number;
}

/** The index's summary of its filings, its size and its schema. */
export function indexStats(ix: IndexHandle): IndexStats {
  const db = ix.db;
  let summary: CorpusSummary;
  try {
    const stored = db.prepare("SELECT value FROM meta WHERE key = 'summary'").pluck().get() as string | undefined;
    summary = stored ? (JSON.parse(stored) as CorpusSummary) : summarize(db);
  } catch (e) {
    throw damageOf(ix.path, e) ?? e;
  }
  return {
    index: ix.path,
    indexBytes: statSync(ix.path).size,
    schemaVersion: Number(db.pragma('user_version', { simple: true })),
    ...summary,
  };
}

/** Accessions already in the index (none when there is no index yet). */
export function indexedAccessions(indexPath: string): Set<string> {
  if (!existsSync(indexPath)) return new Set();
  const ix = openIndex(indexPath);
  try {
    return new Set(ix.db.prepare('SELECT accession FROM filings').pluck().all() as string[]);
  } finally {
    ix.close();
  }
}

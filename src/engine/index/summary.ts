// What the index holds, summed up when it is written (so that `corpus stats` reads one row, not every
// filing's statements and sections): counts by form, year and kind of statement, and the segmentation
// report (the share of 10-Ks in which items 1, 1A, 7 and 8 were found, and the largest share of a
// document any one section takes).
import type Database from 'better-sqlite3';
import type { PreparedFiling } from '../filing/prepared.js';
import type { FilingRow } from './types.js';

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

/** The counts of `corpus stats`. */
export interface CorpusSummary {
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

/** What `corpus stats` reports of one filing, counted at ingest (filings.stats). */
export interface FilingStats {
  /** Statements by kind. */
  kinds: Record<string, number>;
  /** The section taking the largest share of the filing's text. */
  top: { share: number; item_tag: string };
}

export function filingStats(p: PreparedFiling): FilingStats {
  const kinds: Record<string, number> = {};
  let top = { share: 0, item_tag: '' };
  for (const s of p.sections) {
    for (const st of s.statements) kinds[st.kind] = (kinds[st.kind] ?? 0) + 1;
    const share = p.content_chars > 0 ? (s.end_char - s.start_char) / p.content_chars : 0;
    if (share > top.share) top = { share, item_tag: s.item_tag };
  }
  return { kinds, top };
}

type Top = SegmentationReport['maxSectionShare10K'];

export function segmentationReport(filings: FilingRow[]): SegmentationReport {
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
  const none: Top = { share: 0, accession: '', ticker: null, item_tag: '' };
  let top10K = none;
  let topAll = none;
  for (const f of filings) {
    const { top } = JSON.parse(f.stats) as FilingStats;
    const t: Top = { share: top.share, accession: f.accession, ticker: f.sec_ticker, item_tag: top.item_tag };
    if (t.share > topAll.share) topAll = t;
    if (f.sec_form_type === '10-K' && t.share > top10K.share) top10K = t;
  }
  return {
    tenKs: tenK.length,
    keyItemShares,
    allItemShares,
    target: KEY_ITEM_TARGET,
    maxSectionShare10K: top10K,
    maxSectionShareAll: topAll,
    misses,
  };
}

const sorted = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));

/** The summary of an index, from its filings' rows (every field) and two counts. */
export function summarize(db: Database.Database): CorpusSummary {
  const filings = db.prepare('SELECT * FROM filings ORDER BY sec_ticker, report_filing_date, accession').all() as FilingRow[];
  const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  const tally = (key: (f: FilingRow) => string) => {
    const out: Record<string, number> = {};
    for (const f of filings) out[key(f)] = (out[key(f)] ?? 0) + 1;
    return sorted(out);
  };
  const byKind: Record<string, number> = {};
  for (const f of filings)
    for (const [k, n] of Object.entries((JSON.parse(f.stats) as FilingStats).kinds)) byKind[k] = (byKind[k] ?? 0) + n;
  return {
    filings: filings.length,
    byForm: tally((f) => f.sec_form_type),
    companies: new Set(filings.map((f) => f.cik)).size,
    fiscalYears: tally((f) => f.sec_fiscal_year),
    sections: one('SELECT COUNT(*) AS n FROM sections'),
    tables: one('SELECT COUNT(*) AS n FROM tables'),
    statements: filings.reduce((n, f) => n + f.statement_count, 0),
    statementsByKind: sorted(byKind),
    textChars: filings.reduce((n, f) => n + f.content_chars, 0),
    segmentation: segmentationReport(filings),
  };
}

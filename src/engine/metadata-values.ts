// Values (with counts of filings) and bounds of each filter field, from the index.
import type Database from 'better-sqlite3';
import type { FilterFieldInfo } from '../contract/types.js';

const FILING_COLUMNS = new Set([
  'sec_ticker',
  'sec_form_type',
  'sec_fiscal_year',
  'sec_fiscal_year_end',
  'sec_gics_sector',
  'sec_gics_sub_industry',
]);

export function fieldValues(db: Database.Database, field: string): { value: string; count: number }[] {
  if (field === 'sec_item_tag') {
    // From each filing's list of item tags (filings.items), not from every section of every filing.
    return db
      .prepare(
        'SELECT j.value AS value, COUNT(*) AS count FROM filings, json_each(filings.items) AS j GROUP BY j.value ORDER BY count DESC, value',
      )
      .all() as { value: string; count: number }[];
  }
  if (!FILING_COLUMNS.has(field)) return [];
  // The column name comes from the fixed set above, never from the request.
  return db
    .prepare(
      `SELECT ${field} AS value, COUNT(*) AS count FROM filings WHERE ${field} IS NOT NULL GROUP BY ${field} ORDER BY count DESC, value`,
    )
    .all() as { value: string; count: number }[];
}

export function fieldBounds(db: Database.Database, field: string): FilterFieldInfo['bounds'] {
  if (field !== 'report_filing_date' && field !== 'sec_fiscal_year') return undefined;
  const r = db.prepare(`SELECT MIN(${field}) AS min, MAX(${field}) AS max FROM filings`).get() as {
    min: string | null;
    max: string | null;
  };
  return r.min && r.max ? { min: r.min, max: r.max } : undefined;
}

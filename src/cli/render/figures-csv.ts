// Figure records as rows for a spreadsheet: CSV (RFC 4180 quoting) or TSV (tabs and line breaks in a
// field made spaces). One row a figure, the same columns whatever the question.
import type { FigureRecord } from '../../contract/types.js';

export const FIGURE_COLUMNS = [
  'ticker',
  'measure',
  'fiscal_year',
  'period',
  'period_end',
  'value',
  'unit',
  'printed',
  'scale',
  'status',
  'accession',
  'concept',
  'label',
  'citation',
] as const;

function fields(r: FigureRecord): (string | number | null)[] {
  return [
    r.ticker,
    r.measure.name,
    r.fiscal_year,
    r.fiscal_period,
    r.period.end,
    r.value,
    r.unit,
    r.printed,
    r.scale,
    r.status,
    r.source?.accession ?? null,
    r.source?.concept ?? null,
    r.measure.label,
    r.citation,
  ];
}

const csvField = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const tsvField = (v: string | number | null) => (v === null ? '' : String(v).replace(/[\t\r\n]+/g, ' '));

/** The records as CSV or TSV, a header line first, each line ended. */
export function figuresTable(records: FigureRecord[], format: 'csv' | 'tsv'): string {
  const field = format === 'csv' ? csvField : tsvField;
  const sep = format === 'csv' ? ',' : '\t';
  return [FIGURE_COLUMNS.join(sep), ...records.map((r) => fields(r).map(field).join(sep))].map((l) => `${l}\n`).join('');
}

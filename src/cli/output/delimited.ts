// Records as rows for a spreadsheet: CSV (RFC 4180 quoting) or TSV (tabs and line breaks in a field made
// spaces), a header line first, each line ended.
import { fixed } from '../../contract/figure-text.js';
import type { Field, RecordSet } from './view.js';

/** A number as a spreadsheet reads it: its shortest decimal form, never an exponent ("1e-7"). */
const plain = (v: number) => (/e/.test(String(v)) ? fixed(v, 20).replace(/\.?0+$/, '') : String(v));
const text = (v: Field) => (v === null ? '' : typeof v === 'number' ? plain(v) : String(v));
const csvField = (v: Field) => {
  const s = text(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const tsvField = (v: Field) => text(v).replace(/[\t\r\n]+/g, ' ');

export function delimited(set: RecordSet, format: 'csv' | 'tsv'): string {
  const field = format === 'csv' ? csvField : tsvField;
  const sep = format === 'csv' ? ',' : '\t';
  return [set.columns.map(field).join(sep), ...set.rows.map((r) => r.map(field).join(sep))].map((l) => `${l}\n`).join('');
}

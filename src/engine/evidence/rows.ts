// A table row of the table model as evidence text: "Total net sales — 2019: 280,522; 2018: 232,887"
// when its cells stand under named columns, else its label and cells as printed. The answer layer reads
// the model itself, never this text.
import { columnName, type TableColumn, type TableRowModel, type TableUnit } from '../tables/model.js';

/** A cell as evidence shows it: "$ 5,363" -> "5,363", "(1,577)" kept, "12.5 %" -> "12.5%". */
export function cellText(text: string): string {
  return text
    .replace(/[$\u20ac\u00a3\u00a5]/g, '')
    .replace(/\s+/g, '')
    .replace(/^$/, '—');
}

export function formatModelRow(row: TableRowModel, columns: TableColumn[]): string {
  const cells = row.cells;
  if (cells.length === 0) return row.label;
  const named = row.aligned && columns.length === cells.length && columns.every((c) => c.period || c.label);
  if (named) {
    const parts = cells.map((c, i) => `${columnName(columns[i]!)}: ${c ? cellText(c.text) : '—'}`);
    return `${row.label} — ${parts.join('; ')}`;
  }
  return `${row.label} ${cells.map((c) => (c ? cellText(c.text) : '—')).join(' ')}`.trim();
}

/** "Columns: 2019 | 2018 | 2017 (inferred) · (in millions, except per share data)". */
export function columnsAndUnit(columns: TableColumn[], unit: TableUnit | null): string {
  const names = columns.map(columnName);
  const cols =
    columns.length > 0 && columns.some((c) => c.period || c.label)
      ? `Columns: ${names.join(' | ')}${columns.some((c) => c.inferred) ? ' (inferred)' : ''}`
      : '';
  return [cols, unit ? unparenthesized(unit.text) : ''].filter(Boolean).join(' · ');
}

/** "(in millions)" -> "in millions"; "(In millions) (the filing's other statements' unit)" kept whole,
 * its parentheses being two pairs, not one around it. */
function unparenthesized(text: string): string {
  const m = /^\((.*)\)$/.exec(text);
  if (!m) return text;
  let depth = 0;
  for (const ch of m[1]!) {
    depth += ch === '(' ? 1 : ch === ')' ? -1 : 0;
    if (depth < 0) return text;
  }
  return depth === 0 ? m[1]! : text;
}

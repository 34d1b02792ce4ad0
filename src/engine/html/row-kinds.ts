// Row kinds and groups of an HTML table. A row without figures is a header ("Current assets:") and
// opens a group; a double underline marks a total, a single rule above the figures or a "Total" label
// a subtotal, unless nothing below it in the table is a total, when a "Total ..." row is the total.
// A group ends at a total that names it ("Total current assets") or at a row set less deep than its
// header. Pure; edits the rows in place.
import type { TableRowModel } from '../tables/model.js';

export interface RowLook {
  indent: number;
  double: boolean;
  top: boolean;
  bold: boolean;
}

const TOTAL = /^total\b/i;
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function rowKinds(rows: TableRowModel[], look: RowLook[]): void {
  const hasValues = rows.map((r) => r.cells.some((c) => c !== null));
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const l = look[i]!;
    if (!hasValues[i]) r.kind = 'header';
    else if (l.double) r.kind = 'total';
    // A rule above the figures is a sum line, unless it is the rule under the column headers.
    else if (TOTAL.test(r.label) || (l.top && i > 0 && hasValues[i - 1])) r.kind = 'subtotal';
    else r.kind = 'data';
  }
  // A "Total ..." with no double-underlined row after it is the table's (or its block's) total.
  // (From the last row up, knowing whether a total follows before the next header: one pass.)
  let later = false;
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i]!;
    const kind = r.kind;
    if (kind === 'subtotal' && !later && TOTAL.test(r.label)) r.kind = 'total';
    if (kind === 'header') later = false;
    else if (kind === 'total') later = true;
  }
  let group: { label: string; indent: number } | null = null;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const l = look[i]!;
    if (r.kind === 'header') {
      group = { label: r.label.replace(/[:\s]+$/, ''), indent: l.indent };
      continue;
    }
    if (group && r.kind === 'data' && l.indent > 0 && group.indent > 0 && l.indent < group.indent) group = null;
    r.group = group?.label ?? null;
    if (group && r.kind !== 'data' && norm(r.label).includes(norm(group.label))) group = null;
  }
}

// A table row as the index stores it: compact JSON of the row model (one object per row statement,
// so a row travels as label and cells from ingest to the answer, never as text to re-parse).
import type { ColumnPeriod, RowKind, TableCell, TableRowModel } from '../tables/model.js';

interface Stored {
  l: string;
  k: RowKind;
  g?: string;
  /** 0 when the cells could not be placed under columns. */
  a?: 0;
  /** Cells: [text, value] or [text, value, 1] for a percentage; null for an empty cell. */
  c: ([string, number | null] | [string, number | null, 1] | null)[];
  /** XBRL concepts per cell, when any cell has one. */
  x?: (string | null)[];
  /** The balance date the row's label states. */
  p?: ColumnPeriod;
  /** The headings above the row, when its group sits under another. */
  h?: string[];
}

export function encodeRow(r: TableRowModel): string {
  const s: Stored = {
    l: r.label,
    k: r.kind,
    c: r.cells.map((c) => (c ? (c.percent ? [c.text, c.value, 1] : [c.text, c.value]) : null)),
  };
  if (r.group) s.g = r.group;
  if (!r.aligned) s.a = 0;
  if (r.cells.some((c) => c?.concept)) s.x = r.cells.map((c) => c?.concept ?? null);
  if (r.period) s.p = r.period;
  if (r.path) s.h = r.path;
  return JSON.stringify(s);
}

export function decodeRow(json: string): TableRowModel {
  const s = JSON.parse(json) as Stored;
  return {
    label: s.l,
    kind: s.k,
    group: s.g ?? null,
    aligned: s.a !== 0,
    ...(s.p ? { period: s.p } : {}),
    ...(s.h ? { path: s.h } : {}),
    cells: s.c.map((c, i) => {
      if (!c) return null;
      const cell: TableCell = { text: c[0], value: c[1] };
      if (c[2] === 1) cell.percent = true;
      const concept = s.x?.[i];
      if (concept) cell.concept = concept;
      return cell;
    }),
  };
}

// cli-table3 tables without borders that fit the terminal (a column's width is its text plus two
// spaces, a rule of ─ under the heading): columns get their natural width; when the table is too
// wide, optional columns go first (in their `drop` order) while free-text columns would get cramped,
// then the flexible columns give up width, widest first, wrapping their words. Cells are coloured by
// the caller (chalk, which honours NO_COLOR); the table adds no colour of its own.
import Table from 'cli-table3';

export interface Column {
  head: string;
  /** Free text that may wrap. */
  flexible?: boolean;
  /** Optional column: dropped in increasing order of this number when space is short. */
  drop?: number;
  /** Figures line up on the right. */
  align?: 'right';
}

const MIN_FLEX = 10;
const CRAMPED = 24;
const visible = (s: string) => [...s.replace(/\x1b\[[0-9;]*m/g, '')].length;
const natural = (rows: string[][], i: number) => 2 + Math.max(1, ...rows.map((r) => Math.max(...(r[i] ?? '').split('\n').map(visible))));

/** Column widths (padding included) for `rows` to fit `width`, shrinking only `flexible` columns. */
export function fitColumns(rows: string[][], width: number, flexible: number[]): number[] {
  const cols = Math.max(...rows.map((r) => r.length));
  const widths = Array.from({ length: cols }, (_, i) => natural(rows, i));
  const total = () => widths.reduce((a, b) => a + b, 0);
  while (total() > width) {
    const widest = flexible.filter((i) => widths[i]! > MIN_FLEX).sort((a, b) => widths[b]! - widths[a]!)[0];
    if (widest === undefined) break;
    widths[widest]!--;
  }
  return widths;
}

/** The indexes of the columns to show: optional ones dropped while a flexible column is cramped. */
function shownColumns(columns: Column[], rows: string[][], width: number): number[] {
  // A column with nothing in it (no bounds for this field, say) is not shown at all.
  let shown = columns.map((_, i) => i).filter((i) => rows.slice(columns.some((c) => c.head) ? 1 : 0).some((r) => (r[i] ?? '') !== ''));
  for (;;) {
    const sub = rows.map((r) => shown.map((i) => r[i] ?? ''));
    const flex = shown.flatMap((i, j) => (columns[i]!.flexible ? [j] : []));
    const widths = fitColumns(sub, width, flex);
    const cramped = flex.some((j) => widths[j]! < Math.min(CRAMPED, natural(sub, j)));
    const next = shown.filter((i) => columns[i]!.drop !== undefined).sort((a, b) => columns[a]!.drop! - columns[b]!.drop!)[0];
    if (!cramped || next === undefined) return shown;
    shown = shown.filter((i) => i !== next);
  }
}

const NO_BORDERS = Object.fromEntries(
  [
    'top',
    'top-mid',
    'top-left',
    'top-right',
    'bottom',
    'bottom-mid',
    'bottom-left',
    'bottom-right',
    'left',
    'left-mid',
    'mid',
    'mid-mid',
    'right',
    'right-mid',
    'middle',
  ].map((k) => [k, '']),
);

/** A table of `rows` under `columns` (no heading when every head is empty), within `width`. */
export function renderTable(columns: Column[], rows: string[][], opts: { width: number; bold?: (s: string) => string }): string {
  const headed = columns.some((c) => c.head !== '');
  const all = headed ? [columns.map((c) => c.head), ...rows] : rows;
  const shown = shownColumns(columns, all, opts.width);
  const pick = (r: string[]) => shown.map((i) => r[i] ?? '');
  const colWidths = fitColumns(
    all.map(pick),
    opts.width,
    shown.flatMap((i, j) => (columns[i]!.flexible ? [j] : [])),
  );
  const table = new Table({
    colWidths,
    wordWrap: true,
    chars: NO_BORDERS,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 2 },
  });
  const aligned = (r: string[]) =>
    pick(r).map((content, j) => (columns[shown[j]!]!.align ? { content, hAlign: 'right' as const } : content));
  if (headed) {
    table.push(aligned(columns.map((c) => (opts.bold ? opts.bold(c.head) : c.head))));
    table.push(colWidths.map((w) => '─'.repeat(w - 2)));
  }
  for (const r of rows) table.push(aligned(r));
  return table
    .toString()
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n');
}

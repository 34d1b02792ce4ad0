// From the value tokens the crawler left at the end of a row (or one per line) to cells: "$" joins the
// number after it, a lone ")" or "%" the number before it, "(292" + ")" is one cell, and a footnote
// mark the source glued to the label ("Net sales (1)") is given back to the label.
import { parseCell } from '../tables/cells.js';
import type { TableCell } from '../tables/model.js';

const CURRENCY = /^[$\u20ac\u00a3\u00a5]$/;
const CLOSER = /^\)?%?\)?$/;

/** Joins value tokens into cell texts. */
export function joinCellTokens(tokens: string[]): string[] {
  const out: string[] = [];
  let prefix = '';
  for (const raw of tokens) {
    const t = raw.trim();
    if (!t) continue;
    if (CURRENCY.test(t) || t === '(') {
      // "$ $": the value after the first sign was lost; it still held a column.
      if (CURRENCY.test(t) && /[$\u20ac\u00a3\u00a5]/.test(prefix)) {
        out.push(prefix);
        prefix = '';
      }
      prefix += t;
      continue;
    }
    if (CLOSER.test(t) && out.length > 0 && !prefix) {
      out[out.length - 1] += t;
      continue;
    }
    out.push(prefix ? `${prefix}${prefix.endsWith('(') ? '' : ' '}${t}` : t);
    prefix = '';
  }
  // A "$" with nothing after it (the crawler dropped a small value) stands for a lost cell.
  if (prefix) out.push(prefix);
  return out;
}

export interface ParsedCells {
  cells: (TableCell | null)[];
  /** Text handed back to the label (a footnote mark). */
  labelTail: string;
}

const FOOTNOTE = /^\((?:\d|[a-z])\)$/;

/**
 * Parses cell texts. A currency sign standing alone is a cell whose value the text lost (null, kept so
 * columns stay in place). With `columns` known, a leading "(1)" that makes one cell too many is a
 * footnote of the label.
 */
export function parseCells(texts: string[], columns?: number): ParsedCells {
  let labelTail = '';
  let list = texts;
  if (list.length > 0 && FOOTNOTE.test(list[0]!) && (columns === undefined ? list.length > 1 : list.length === columns + 1)) {
    labelTail = list[0]!;
    list = list.slice(1);
  }
  const cells = list.map((t) => (CURRENCY.test(t) ? { text: t, value: null } : (parseCell(t) ?? { text: t, value: null })));
  return { cells, labelTail };
}

// One HTML table row to its units: a value ("$", "391,035" and ")" or "%" cells merged into one
// "$391,035" / "(2)%" value, read by tables/cells.ts) or a piece of text, each with the grid columns
// it covers (colspan expanded). Financial printers split a figure over two or three cells; the
// number's own cell fixes the column, because right-aligned numbers end in the same grid column
// whatever their "$" and ")" neighbours do. Pure.
import { parseCell } from '../tables/cells.js';
import type { TableCell } from '../tables/model.js';
import type { RawCell } from './types.js';

export interface RowUnit {
  kind: 'value' | 'text';
  text: string;
  /** First and last grid column covered (prefix and suffix cells included). */
  start: number;
  spanEnd: number;
  /** Last grid column of the number's own cell: the column key. */
  end: number;
  cell?: TableCell;
  facts: number[];
  doubleBorder: boolean;
  topBorder: boolean;
  bold: boolean;
  indent: number;
}

const PREFIX = /^(?:[$\u20ac\u00a3\u00a5]|US\$|\(|\$\s*\()+$/;
const SUFFIX = /^(?:\)|%|\)\s*%|%\s*\)|\s)+$/;
// Footnote marks after a label or value: "(a)", "*", "†" ("(1)" is also minus one: kept).
const FOOTNOTE = /^(?:\([a-z]\)|\*+|[\u2020\u2021\u00a7]+)$/;

export function rowUnits(cells: RawCell[]): RowUnit[] {
  const units: RowUnit[] = [];
  let pos = 0;
  type Prefix = { text: string; start: number; doubleBorder: boolean; topBorder: boolean };
  let prefix = null as Prefix | null;
  for (const c of cells) {
    const start = pos;
    const last = pos + c.colspan - 1;
    pos += c.colspan;
    const t = c.text;
    const base = {
      facts: [...c.facts],
      doubleBorder: c.doubleBorder || (prefix?.doubleBorder ?? false),
      topBorder: c.topBorder || (prefix?.topBorder ?? false),
      bold: c.bold,
      indent: c.indent,
    };
    if (!t) {
      // Borders are often on the empty cells around a number.
      const prev = units[units.length - 1];
      if (prev?.kind === 'value' && prev.spanEnd === start - 1) {
        prev.doubleBorder ||= c.doubleBorder;
        prev.topBorder ||= c.topBorder;
      }
      continue;
    }
    if (PREFIX.test(t)) {
      const before: Prefix | null = prefix;
      prefix = {
        text: (before?.text ?? '') + t,
        start: before?.start ?? start,
        doubleBorder: (before?.doubleBorder ?? false) || c.doubleBorder,
        topBorder: (before?.topBorder ?? false) || c.topBorder,
      };
      continue;
    }
    const prev = units[units.length - 1];
    if (SUFFIX.test(t) && prev?.kind === 'value') {
      const merged = parseCell(prev.text + t.replace(/\s+/g, ''));
      if (merged) {
        prev.text = merged.text;
        prev.cell = { ...merged, ...(prev.cell?.concept ? { concept: prev.cell.concept } : {}) };
      }
      prev.spanEnd = last;
      for (const f of c.facts) prev.facts.push(f);
      prev.doubleBorder ||= c.doubleBorder;
      continue;
    }
    if (FOOTNOTE.test(t) && prev && c.facts.length === 0) continue;
    const cell = parseCell((prefix?.text ?? '') + t);
    if (cell) {
      units.push({ kind: 'value', text: cell.text, start: prefix?.start ?? start, spanEnd: last, end: last, cell, ...base });
    } else {
      units.push({
        kind: 'text',
        text: prefix ? `${prefix.text}${t}` : t,
        start: prefix?.start ?? start,
        spanEnd: last,
        end: last,
        ...base,
      });
    }
    prefix = null;
  }
  return units;
}

const YEARISH = /^(?:19|20)\d{2}$/;

/** A value unit that is a year in a header ("2024"), not a figure. */
export function isYearUnit(u: RowUnit): boolean {
  return u.kind === 'value' && YEARISH.test(u.text);
}

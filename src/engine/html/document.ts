// From the parsed blocks to the document's text and its pieces: page furniture dropped, tables of
// contents read for their item links (and kept out of the text), data tables built into the table
// model with their facts linked to cells, other tables read as lines of text. The text is one block a
// line, so that item headings start lines. Pure.
import type { TableModel, XbrlFact } from '../tables/model.js';
import { pageFurniture } from './furniture.js';
import { isTocTable, tocEntries } from './items.js';
import { buildTable } from './tables.js';
import type { RawDocument, TextBlock } from './types.js';
import { buildFact } from './xbrl.js';

export interface Piece {
  kind: 'text' | 'table';
  offset: number;
  text: string;
  heading: boolean;
  /** For a table: its index in `tables`, and the text offset of each row's line. */
  table?: number;
  rowOffsets?: number[];
}

export interface HtmlText {
  raw: RawDocument;
  content: string;
  pieces: Piece[];
  tables: TableModel[];
  facts: XbrlFact[];
  /** Table-of-contents entries and the text offset their anchor resolves to. */
  toc: { tag: string; start: number | undefined }[];
}

export interface ReadOptions {
  formType: string;
  nominal?: { m: number; d: number };
}

const SENTENCE_END = /[.;,]["\u201d)]?$/;

function isHeading(b: TextBlock): boolean {
  if (b.text.length > 200) return false;
  if (/^(?:part\s+(?:iv|iii|ii|i)\b|items?\s+\d)/i.test(b.text)) return true;
  if (SENTENCE_END.test(b.text) && b.text.split(' ').length > 6) return false;
  const letters = b.text.replace(/[^A-Za-z]/g, '');
  const capitals = letters.length >= 4 && letters === letters.toUpperCase();
  return b.boldShare >= 0.6 || capitals;
}

/** The text of a table row as a statement reads it: the label, then the figures in column order. */
export function rowText(row: TableModel['rows'][number]): string {
  const cells = row.cells.filter((c) => c !== null).map((c) => c!.text);
  return cells.length ? `${row.label} ${cells.join(' ')}`.trim() : row.label;
}

export function readHtml(raw: RawDocument, opts: ReadOptions): HtmlText {
  const drop = pageFurniture(raw.blocks);
  const facts = raw.facts.map((f) => buildFact(f, raw.contexts, raw.units));
  const annual = opts.formType.startsWith('10-K');
  const lines: string[] = [];
  let pos = 0;
  const pieces: Piece[] = [];
  const tables: TableModel[] = [];
  const tocRaw: { tag: string; href: string }[] = [];
  const blockStart: (number | undefined)[] = new Array(raw.blocks.length);
  let recent: string[] = [];
  let headings: string[] = [];
  const addLine = (text: string): number => {
    const at = pos;
    lines.push(text);
    pos += text.length + 1;
    return at;
  };
  const addText = (i: number, text: string, heading: boolean) => {
    const offset = addLine(text);
    blockStart[i] ??= offset;
    pieces.push({ kind: 'text', offset, text, heading });
  };

  raw.blocks.forEach((b, i) => {
    if (drop.has(i) || b.kind === 'break') return;
    if (b.kind === 'text') {
      const heading = isHeading(b);
      addText(i, b.text, heading);
      if (heading) headings = [...headings.slice(-1), b.text];
      recent = b.text.length <= 200 ? [...recent.slice(-3), b.text] : [];
      return;
    }
    if (isTocTable(b)) {
      for (const e of tocEntries(b, opts.formType)) tocRaw.push(e);
      return;
    }
    const built = buildTable({ block: b, before: recent, headingPath: [...headings], facts, annual, nominal: opts.nominal }, (f) => {
      const s = raw.facts[f]?.scale;
      return s === null || s === undefined ? null : Number(s);
    });
    recent = [];
    if (!built) {
      for (const row of b.rows) {
        const text = row
          .map((c) => c.text)
          .filter(Boolean)
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim();
        if (text) addText(i, text, text.length <= 120 && row.every((c) => !c.text || c.bold));
      }
      return;
    }
    const t = tables.length;
    tables.push(built.model);
    // A heading that became the table's caption heads no later table.
    headings = headings.filter((h) => !built.model.caption.includes(h));
    for (const [f, cell] of built.factCells)
      Object.assign(facts[f]!, cell.column === undefined ? { table: t, row: cell.row } : { table: t, row: cell.row, column: cell.column });
    const offset = built.headerLine ? addLine(built.headerLine) : pos;
    blockStart[i] = offset;
    const rowOffsets = built.model.rows.map((r) => addLine(rowText(r)));
    pieces.push({ kind: 'table', offset, text: '', heading: false, table: t, rowOffsets });
  });

  // An anchor resolves to the first text at or after its block.
  let next: number | undefined = pos;
  for (let i = raw.blocks.length - 1; i >= 0; i--) {
    if (blockStart[i] !== undefined) next = blockStart[i];
    else blockStart[i] = next;
  }
  const toc = tocRaw.map((e) => {
    const b = raw.anchors.get(e.href);
    return { tag: e.tag, start: b === undefined ? undefined : (blockStart[b] ?? pos) };
  });
  return { raw, content: lines.join('\n'), pieces, tables, facts, toc };
}

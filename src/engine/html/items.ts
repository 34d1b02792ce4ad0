// Item sections of an HTML filing: the table of contents' links first (each "Item 7" row links to
// the anchor where the item starts), printed headings second (segment/headings.ts over the document's
// text, one block a line). Both give candidate starts; the chain of candidates in the form's item
// order with the highest score wins, a linked anchor scoring above any heading. Pure.
import { findHeadingCandidates } from '../segment/headings.js';
import { formKind } from '../segment/sections.js';
import { itemDefs, MERGED_INTO_PREVIOUS, normTitle, type FormKind, type ItemDef } from '../segment/titles.js';
import type { TableBlock } from './types.js';
import { bestChain } from '../segment/best-chain.js';

export interface ItemStart {
  tag: string;
  /** Offset in the document's text where the item starts. */
  start: number;
}

export interface TocEntry {
  tag: string;
  /** Anchor id the entry links to. */
  href: string;
}

interface Node {
  start: number;
  def: ItemDef;
  score: number;
}

const TOC_SCORE = 6;
const ITEM_NO = /\bitems?\s*(\d{1,2}\.\d{2}|\d{1,2}[A-C]?)\b/i;
const PART_NO = /^\s*part\s+(iv|iii|ii|i|[1-4])\b/i;
const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, '1': 1, '2': 2, '3': 3, '4': 4 };

function defFor(form: FormKind, number: string, part: number | undefined, title: string): ItemDef | undefined {
  const defs = itemDefs(form).filter((d) => d.number === number.toUpperCase());
  if (defs.length <= 1) return defs[0];
  const byPart = part !== undefined ? defs.find((d) => d.tag.includes(`Part${part}`)) : undefined;
  if (byPart) return byPart;
  const t = normTitle(title);
  return defs.find((d) => d.titles.some((x) => t.includes(x))) ?? defs[0];
}

/** A table of contents: a table with at least three rows linking to anchors and naming items. */
export function isTocTable(t: TableBlock): boolean {
  // Each linking row read once, however many links it holds.
  let rows = 0;
  for (const r of new Set(t.links.map((l) => l.row)))
    if (ITEM_NO.test(t.rows[r]?.map((c) => c.text).join(' ') ?? '') && ++rows >= 3) return true;
  return false;
}

/** The entries of a table of contents, in order, with their part for a 10-Q. */
export function tocEntries(t: TableBlock, formType: string): TocEntry[] {
  const form = formKind(formType);
  const out: TocEntry[] = [];
  let part: number | undefined;
  const linkByRow = new Map<number, string>();
  for (const l of t.links) if (!linkByRow.has(l.row)) linkByRow.set(l.row, l.href);
  t.rows.forEach((cells, r) => {
    const text = cells
      .map((c) => c.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    const p = PART_NO.exec(text);
    if (p) part = ROMAN[p[1]!.toLowerCase()];
    const m = ITEM_NO.exec(text);
    const href = linkByRow.get(r);
    if (!m || !href) return;
    const def = defFor(form, m[1]!, part, text.slice(m.index + m[0].length));
    if (def) out.push({ tag: def.tag, href });
  });
  return out;
}

/**
 * Where each item starts. `toc`: the table-of-contents entries with the text offset their anchor
 * resolves to (undefined when the anchor is missing).
 */
export function findItems(text: string, formType: string, toc: { tag: string; start: number | undefined }[]): ItemStart[] {
  const form = formKind(formType);
  const defs = new Map(itemDefs(form).map((d) => [d.tag, d]));
  const nodes: Node[] = [];
  for (const e of toc) {
    const def = defs.get(e.tag);
    if (def && e.start !== undefined) nodes.push({ start: e.start, def, score: TOC_SCORE });
  }
  for (const c of findHeadingCandidates(text, form)) {
    if (c.toc) continue;
    for (const { def, score } of c.defs) nodes.push({ start: c.start, def, score });
  }
  const starts: ItemStart[] = [];
  for (const n of bestChain(nodes.sort((a, b) => a.start - b.start || b.score - a.score))) {
    if (MERGED_INTO_PREVIOUS.has(n.def.tag) && starts.length > 0) continue;
    if (starts[starts.length - 1]?.start === n.start) continue;
    starts.push({ tag: n.def.tag, start: n.start });
  }
  return starts;
}

const POINTER = /incorporated\s+(?:herein\s+)?by\s+reference|is\s+(?:included|contained)\s+in\s+(?:the\s+)?(?:\w+\s+){0,4}annual\s+report/i;
const ANNUAL_REPORT = /annual\s+report|exhibit\s+13/i;

/** A 10-K item answered by a pointer to the annual report exhibit (IBM's Items 7 and 8, banks): a
 * short body that says it is incorporated by reference. */
export function isPointerItem(tag: string, body: string): boolean {
  if (!/^10K-Item-(?:1|1A|5|6|7|7A|8)$/.test(tag)) return false;
  return body.length < 1500 && POINTER.test(body) && ANNUAL_REPORT.test(body);
}

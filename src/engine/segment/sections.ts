// Item segmentation: pick, among the heading candidates, the chain of headings in the form's item order
// that scores highest (titled headings at the start of a sentence or line score most), preferring the
// earliest heading of an item on ties, and cut the document at them. The text before the first item is
// the cover section.
import { findHeadingCandidates } from './headings.js';
import { coverTag, itemDefs, MERGED_INTO_PREVIOUS, type FormKind, type ItemDef } from './titles.js';
import { bestChain } from './best-chain.js';

export interface Section {
  /** 0 = cover, then items in document order. */
  ordinal: number;
  itemTag: string;
  /** The heading as printed ("Item 7. Managements Discussion and Analysis..."), or "" for the cover. */
  heading: string;
  start: number;
  /** Offset where the heading ends and the body begins. */
  bodyStart: number;
  end: number;
}

interface Node {
  start: number;
  end: number;
  def: ItemDef;
  score: number;
  text: string;
}

export function formKind(formType: string): FormKind {
  if (formType.startsWith('10-Q')) return '10-Q';
  if (formType.startsWith('8-K')) return '8-K';
  return '10-K';
}

// Some 10-Ks (JPMorgan's) put the items first and append the annual report after Part IV: the
// financial statements then sit inside item 15 or 16. A section after item 8 that takes over half the
// document is cut at the auditor's report, and the rest is tagged item 8 (which it is, by reference).
const AUDITOR_REPORT = /^[ \t]*Report of Independent Registered Public Accounting Firm[ \t]*$/gim;

function splitAppendedStatements(text: string, sections: Section[]): void {
  const item8 = itemDefs('10-K').find((d) => d.tag === '10K-Item-8')!.order;
  const order = new Map(itemDefs('10-K').map((d) => [d.tag, d.order]));
  for (let i = 0; i < sections.length; i++) {
    const s = sections[i]!;
    if ((order.get(s.itemTag) ?? -1) <= item8 || (s.end - s.start) / text.length < 0.5) continue;
    AUDITOR_REPORT.lastIndex = s.bodyStart;
    const m = AUDITOR_REPORT.exec(text);
    if (!m || m.index >= s.end) continue;
    const cut = m.index;
    sections.splice(i + 1, 0, {
      ordinal: 0,
      itemTag: '10K-Item-8',
      heading: m[0].trim(),
      start: cut,
      bodyStart: cut + m[0].length,
      end: s.end,
    });
    s.end = cut;
    for (const [k, x] of sections.entries()) x.ordinal = k;
    return;
  }
}

export function segmentItems(text: string, formType: string): Section[] {
  const form = formKind(formType);
  const candidates = findHeadingCandidates(text, form).filter((c) => !c.toc);
  const nodes: Node[] = [];
  for (const c of candidates) {
    for (const { def, score } of c.defs) nodes.push({ start: c.start, end: c.end, def, score, text: c.text });
  }
  const chain = bestChain(nodes);
  const sections: Section[] = [];
  const firstStart = chain[0]?.start ?? text.length;
  sections.push({ ordinal: 0, itemTag: coverTag(form), heading: '', start: 0, bodyStart: 0, end: firstStart });
  for (const n of chain) {
    const last = sections[sections.length - 1]!;
    last.end = n.start;
    if (MERGED_INTO_PREVIOUS.has(n.def.tag) && last.ordinal > 0) {
      last.end = text.length; // extended below by the next heading
      continue;
    }
    sections.push({
      ordinal: sections.length,
      itemTag: n.def.tag,
      heading: n.text,
      start: n.start,
      bodyStart: n.end,
      end: text.length,
    });
  }
  sections[sections.length - 1]!.end = text.length;
  if (form === '10-K') splitAppendedStatements(text, sections);
  // An empty cover (the document starts with "Item 1") is dropped; ordinals stay dense.
  if (sections[0]!.end === 0 && sections.length > 1) {
    sections.shift();
    for (const [i, s] of sections.entries()) s.ordinal = i;
  }
  return sections;
}

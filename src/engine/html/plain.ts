// Plain-text EDGAR documents (filings before HTML, like Apple's 2000 10-Q): paragraphs become text
// blocks, lines of a tabular paragraph (figures in columns) one block each, <PAGE> marks page breaks.
// No table model is built from them: their columns are only spaces. Pure.
import type { Block, RawDocument } from './types.js';

const TABULAR = /\S\s{2,}[$(]?\s*[\d,.]+\)?\s*$/;

export function parsePlainText(text: string): RawDocument {
  const blocks: Block[] = [];
  const paragraphs = text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n|(?=<PAGE>)/i);
  for (const para of paragraphs) {
    let p = para;
    if (/^\s*<PAGE>/i.test(p)) {
      blocks.push({ kind: 'break' });
      p = p.replace(/^\s*<PAGE>/i, '');
    }
    const rawLines = p.split('\n').filter((l) => l.trim());
    if (rawLines.length === 0) continue;
    const lines = rawLines.map((l) => l.replace(/[\s\u00a0]+/g, ' ').trim());
    const tabular = rawLines.filter((l) => TABULAR.test(l)).length >= 2;
    const short = lines.every((l) => l.length < 70);
    if (tabular || (short && lines.length > 1 && lines.every((l) => !/[.;]$/.test(l)))) {
      for (const l of lines) blocks.push({ kind: 'text', text: l, boldShare: 0, fontSize: 0 });
    } else blocks.push({ kind: 'text', text: lines.join(' '), boldShare: 0, fontSize: 0 });
  }
  return { blocks, anchors: new Map(), contexts: new Map(), units: new Map(), facts: [], dei: new Map(), ciks: [], inlineXbrl: false };
}

/** Appends a document's blocks (an 8-K's press-release exhibit) under a heading line. */
export function appendDocument(main: RawDocument, extra: RawDocument, heading: string): void {
  const base = main.blocks.length;
  main.blocks.push({ kind: 'break' }, { kind: 'text', text: heading, boldShare: 1, fontSize: 0 });
  const shift = base + 2;
  for (const b of extra.blocks) main.blocks.push(b);
  const factBase = main.facts.length;
  for (const f of extra.facts) main.facts.push(f.block === undefined ? f : { ...f, block: f.block + shift });
  for (const b of extra.blocks)
    if (b.kind === 'table') for (const row of b.rows) for (const c of row) c.facts = c.facts.map((i) => i + factBase);
  for (const [k, v] of extra.contexts) if (!main.contexts.has(k)) main.contexts.set(k, v);
  for (const [k, v] of extra.units) if (!main.units.has(k)) main.units.set(k, v);
}

// Page furniture: the page numbers, running heads and "Table of Contents" back-links printed at page
// breaks. They are text blocks next to a break that look like a page number, or whose wording (digits
// aside) repeats at many breaks. Returns the indexes of the blocks to drop.
import type { Block } from './types.js';

const PAGE_NUMBER =
  /^(?:page\s*)?[-\u2013\u2014]?\s*(?:[A-Z]{1,2}\s?-\s?)?\d{1,3}\s*[-\u2013\u2014]?$|^[ivxlc]{1,7}$|^\d{1,3}\s+of\s+\d{1,3}$/i;
const BACK_LINK = /^(?:back to |return to )?(?:table of )?contents$|^index$/i;
/** How far from a break furniture sits, in text blocks. */
const NEAR = 3;

const shape = (t: string) => t.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');

export function pageFurniture(blocks: Block[]): Set<number> {
  const near: number[] = [];
  for (let i = 0; i < blocks.length; i++) {
    if (blocks[i]!.kind !== 'break') continue;
    // The last few text blocks before the break and the first few after it.
    for (const dir of [-1, 1]) {
      let seen = 0;
      for (let k = i + dir; k >= 0 && k < blocks.length && seen < NEAR; k += dir) {
        const b = blocks[k]!;
        if (b.kind !== 'text') break;
        seen++;
        if (b.text.length <= 120) near.push(k);
      }
    }
  }
  const counts = new Map<string, number>();
  for (const k of new Set(near)) {
    const s = shape((blocks[k] as { text: string }).text);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  const drop = new Set<number>();
  for (const k of near) {
    const text = (blocks[k] as { text: string }).text;
    // "Apple Inc. | 2024 Form 10-K | 20": a running head with a page number repeated at three or more
    // breaks; without a number ("None." closing several items) it takes five.
    const repeats = counts.get(shape(text)) ?? 0;
    if (PAGE_NUMBER.test(text) || BACK_LINK.test(text) || repeats >= (/\d/.test(text) ? 3 : 5)) drop.add(k);
  }
  return drop;
}

// Names the filings print with an "and" inside ("Foods and Sundries", "Missiles and Fire Control"):
// a question's "Foods and Sundries and Fresh Foods" lists two names, not three, when a row of the
// company's tables says so. The row labels come through a callback (the reader reads no index).
import { MAX_NAME_LOOKUPS } from '../limits.js';

/** Spans of `text` that are names the filings print with an "and" inside ("Foods and Sundries",
 * "Missiles and Fire Control"): the longest label holding the words either side of each "and". */
export function printedNames(text: string, labelsWith: (phrase: string) => string[]): [number, number][] {
  const out: [number, number][] = [];
  const lower = text.toLowerCase();
  // Each phrase looked up once, and the first MAX_NAME_LOOKUPS of them only (each is a search of
  // every filing of the companies asked).
  const looked = new Map<string, string[]>();
  for (const m of text.matchAll(/([A-Za-z][\w&'’.-]*)\s+(?:and|&)\s+([A-Za-z][\w&'’.-]*)/gi)) {
    const phrase = m[0].toLowerCase().replace(/\s+/g, ' ');
    let labels = looked.get(phrase);
    if (!labels) {
      if (looked.size >= MAX_NAME_LOOKUPS) continue;
      looked.set(phrase, (labels = labelsWith(m[0])));
    }
    let best: [number, number] | undefined;
    for (const label of labels) {
      const l = label.toLowerCase().replace(/\s+/g, ' ').replace(/[:,]$/, '');
      for (let at = lower.indexOf(l); at >= 0; at = lower.indexOf(l, at + 1)) {
        const end = at + l.length;
        const covers = at <= m.index! && end >= m.index! + m[0].length;
        const whole = !/[a-z0-9]/i.test(text[at - 1] ?? ' ') && !/[a-z0-9]/i.test(text[end] ?? ' ');
        if (covers && whole && (!best || end - at > best[1] - best[0])) best = [at, end];
      }
    }
    if (best) out.push(best);
  }
  return out;
}

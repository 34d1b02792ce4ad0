// Item heading candidates: every "Item N" in the text, judged by what precedes it (a cross reference such
// as "in Item 8" is not a heading), by what follows it (the item's expected title) and by whether it is a
// table-of-contents line (a title followed by nothing but a page number before the next heading).
import { defsByNumber, normTitle, type FormKind, type ItemDef } from './titles.js';
import { SEGMENT_TUNING } from './tuning.js';

const H = SEGMENT_TUNING.headings;

export interface HeadingCandidate {
  /** Offset of the heading ("Item", or the "Part II" before it). */
  start: number;
  /** Offset just past the heading line (or the next candidate, whichever comes first). */
  end: number;
  /** The item definitions this heading can stand for (a 10-Q "Item 2" is Part I or Part II). */
  defs: { def: ItemDef; score: number }[];
  /** The part named just before it ("PART II Item 5"), when any. */
  part?: 1 | 2 | 3 | 4;
  toc: boolean;
  text: string;
}

// "Item 7.", "ITEM 7 -", "Items 1 and 2.", "Item 2.02", "Item 1A:"; the number must not run into more digits.
const ITEM_RE =
  /\bItems?[ \t\u00a0]*\n?[ \t\u00a0]*(\d{1,2}\.\d{2}|\d{1,2}[A-Ca-c]?)(?![\d])((?:[ \t\u00a0]*(?:,|and|&)[ \t\u00a0]*\d{1,2}[A-Ca-c]?(?![\d]))*)/gi;
const SEP_RE = /^[ \t\u00a0]*(?:[.:\-\u2013\u2014][ \t\u00a0]*)*/;
const PART_BEFORE_RE = /\bPART[ \t\u00a0]+(IV|III|II|I|[1-4])[ \t\u00a0]*[,.:\-\u2013\u2014]?[ \t\u00a0]*\n?[ \t\u00a0]*$/i;
// Words that make "Item 8" a cross reference rather than a heading.
const REF_WORDS = new Set([
  'in',
  'see',
  'under',
  'of',
  'to',
  'and',
  'or',
  'our',
  'this',
  'the',
  'per',
  'within',
  'with',
  'by',
  'from',
  'also',
  'at',
  'into',
  'refer',
  'required',
  'pursuant',
  'on',
  'herein',
  'thereof',
  'for',
  'as',
  'item',
]);
const ROMAN: Record<string, 1 | 2 | 3 | 4> = { I: 1, II: 2, III: 3, IV: 4, '1': 1, '2': 2, '3': 3, '4': 4 };

function lineEnd(text: string, from: number): number {
  const i = text.indexOf('\n', from);
  return i < 0 ? text.length : i;
}

/** The title text after "Item N.": the rest of the line, or the next line when the rest is empty. */
function titleAfter(text: string, from: number): string {
  const m = SEP_RE.exec(text.slice(from, from + 20));
  let p = from + (m ? m[0].length : 0);
  let e = lineEnd(text, p);
  if (text.slice(p, e).trim() === '') {
    p = e + 1;
    e = lineEnd(text, p);
  }
  return text.slice(p, Math.min(e, p + 200));
}

function isStrongPosition(text: string, start: number): boolean {
  let i = start - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t' || text[i] === '\u00a0' || text[i] === '\u200c')) i--;
  if (i < 0) return true;
  return /[\n.!?:;)\]|"\u201d\u200c\d]/.test(text[i]!) || text.slice(Math.max(0, i - 24), i + 1).endsWith('not defined.');
}

function precedingWord(text: string, start: number): string {
  const before = text.slice(Math.max(0, start - 30), start);
  const m = /([A-Za-z]+)[ \t\u00a0\n]*$/.exec(before);
  return m ? m[1]!.toLowerCase() : '';
}

export function findHeadingCandidates(text: string, form: FormKind): HeadingCandidate[] {
  const byNumber = defsByNumber(form);
  const found: HeadingCandidate[] = [];
  ITEM_RE.lastIndex = 0;
  for (let m = ITEM_RE.exec(text); m; m = ITEM_RE.exec(text)) {
    const number = m[1]!.toUpperCase();
    const defs = byNumber.get(number);
    if (!defs) continue;
    let start = m.index;
    let part: HeadingCandidate['part'];
    const partM = PART_BEFORE_RE.exec(text.slice(Math.max(0, start - 16), start));
    if (partM) {
      part = ROMAN[partM[1]!.toUpperCase()];
      start -= partM[0].length;
    }
    const afterNumber = m.index + m[0].length;
    // A comma or "of" straight after the number is a reference ("Item 7, Management's..." / "Item 8 of").
    if (/^[ \t\u00a0]*(?:,|of\b|\(|and\b|through\b|to\b)/i.test(text.slice(afterNumber, afterNumber + 10))) continue;
    const strong = isStrongPosition(text, start);
    const rawTitle = titleAfter(text, afterNumber);
    const title = normTitle(rawTitle);
    // A title that fills the rest of its line reads as a heading even after "see" or "under": the crawler
    // glued many headings onto the previous sentence ("...listed under ITEM 1A. RISK FACTORS\n",
    // "See Item 1A.\nRisk Factors\n"). Such candidates score less than headings at a line start.
    const endsLine = rawTitle.trim().length <= H.endsLineChars && !/[,;(]\s*$/.test(rawTitle) && !/\b(?:of|in) this\b/i.test(rawTitle);
    const lineStart = lineStartsAt(text, start);
    const word = precedingWord(text, start);
    // "...under Part II, Item 1A. Risk Factors." is a reference; "...see also Item 1A. Risk Factors.\n"
    // followed by the risk factors is a glued heading. A part named with a comma before it and a final
    // period mark the reference, unless set in capitals ("in Part I, ITEM 1A. Risk Factors.").
    const capitals = /^ITEMS?\b/.test(m[0]) || rawTitle === rawTitle.toUpperCase();
    const partComma = partM?.[0].includes(',');
    const gluedHeading = endsLine && (capitals || !partComma || !/\.\s*$/.test(rawTitle));
    if (!strong && !gluedHeading && REF_WORDS.has(word)) continue;
    const scored: { def: ItemDef; score: number }[] = [];
    for (const def of defs) {
      if (part !== undefined && form === '10-Q' && !def.tag.includes(`Part${part}`)) continue;
      const titled = def.titles.some((t) => title.startsWith(t));
      // Without its title, only a heading alone at the start of a line counts (weakly).
      if (!titled && !(strong && lineStart)) continue;
      scored.push({
        def,
        score:
          (titled ? H.score.titled : H.score.untitled) +
          (strong ? H.score.strong : 0) +
          (titled && endsLine ? H.score.endsLine : 0) +
          (lineStart ? H.score.lineStart : 0),
      });
    }
    if (scored.length === 0) continue;
    found.push({ start, end: lineEnd(text, afterNumber), defs: scored, part, toc: false, text: '' });
  }
  // A heading ends at its line's end or at the next heading; a heading followed by nothing but a page
  // number (or Word's "Error! Bookmark not defined.") before the next one is a table-of-contents line.
  for (let i = 0; i < found.length; i++) {
    const c = found[i]!;
    const next = found[i + 1]?.start ?? text.length;
    c.end = Math.min(c.end, next);
    c.text = text.slice(c.start, c.end).trim().replace(/\s+/g, ' ').slice(0, 300);
    const body = text
      .slice(c.end, Math.min(next, c.end + H.toc.lookahead))
      .replace(/Error! Bookmark not defined\./g, '')
      .replace(/\bPART\s+(?:IV|III|II|I)\b/gi, '')
      .replace(/[^A-Za-z]/g, '');
    const headingTail = /(?:\s|\u200c)(\d{1,3})\s*$/.test(c.text) || /Error! Bookmark/.test(c.text);
    const nextOther = found[i + 1] !== undefined && found[i + 1]!.defs[0]!.def.tag !== c.defs[0]!.def.tag;
    c.toc = body.length < H.toc.letters && c.text.length < H.toc.textChars && (headingTail || (nextOther && next - c.end < H.toc.gapChars));
  }
  return found;
}

function lineStartsAt(text: string, start: number): boolean {
  return start === 0 || text[start - 1] === '\n';
}

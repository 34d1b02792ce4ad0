// Sentence splitting for prose lines: split after . ! ? when the next word starts a sentence, but not
// after common abbreviations ("Inc.", "U.S.", "No.") or initials. Very long runs are cut at semicolons.
import { MONTHS } from '../text/vocabulary.js';
import { SEGMENT_TUNING } from './tuning.js';

const ABBREV = new Set([
  'inc',
  'co',
  'corp',
  'ltd',
  'llc',
  'plc',
  'no',
  'nos',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'approx',
  'fig',
  'ref',
  'sec',
  'u.s',
  'u.k',
  'n.a',
  's.a',
  'n.v',
  'b.v',
  'l.p',
  'jr',
  'sr',
  'cf',
  'al',
  'ave',
  'dept',
  'est',
  'govt',
  // Months as abbreviated in dates ("Sept. 30"); "May" is a whole word.
  ...MONTHS.filter((m) => m !== 'may'),
  'sept',
]);

const BOUNDARY = /[.!?]["\u201d\u2019)]*\s+(?=["\u201c(]?[A-Z0-9\u2022])/g;
const MAX_SENTENCE = SEGMENT_TUNING.maxSentence;

function isAbbreviation(text: string, dotAt: number): boolean {
  if (text[dotAt] !== '.') return false;
  let i = dotAt - 1;
  while (i >= 0 && /[A-Za-z.]/.test(text[i]!)) i--;
  const word = text.slice(i + 1, dotAt).toLowerCase();
  if (word.length === 1) return true; // an initial: "John A. Smith", "U.S"
  return ABBREV.has(word);
}

function cutLong(s: string): string[] {
  if (s.length <= MAX_SENTENCE) return [s];
  const out: string[] = [];
  let rest = s;
  while (rest.length > MAX_SENTENCE) {
    let cut = rest.lastIndexOf('; ', MAX_SENTENCE);
    if (cut < MAX_SENTENCE / 3) cut = rest.lastIndexOf(' ', MAX_SENTENCE);
    if (cut <= 0) cut = MAX_SENTENCE;
    out.push(rest.slice(0, cut + 1).trim());
    rest = rest.slice(cut + 1);
  }
  if (rest.trim()) out.push(rest.trim());
  return out;
}

/** Sentences of one prose line, with their offsets in the line. */
export function splitSentences(line: string): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = [];
  let start = 0;
  BOUNDARY.lastIndex = 0;
  for (let m = BOUNDARY.exec(line); m; m = BOUNDARY.exec(line)) {
    if (isAbbreviation(line, m.index)) continue;
    const end = m.index + m[0].length;
    push(line.slice(start, end), start);
    start = end;
  }
  push(line.slice(start), start);
  return out;

  function push(s: string, offset: number) {
    const lead = s.length - s.trimStart().length;
    const t = s.trim();
    if (!t) return;
    let o = offset + lead;
    for (const part of cutLong(t)) {
      out.push({ text: part, offset: o });
      o += part.length + 1;
    }
  }
}

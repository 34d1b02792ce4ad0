// The words of row labels, groups and captions as a row is matched against a measure: presentation
// words left out, hyphens read as the parts they join, each text's words read once and kept.
import { cleanLabel } from '../../lexicon/match.js';
import { isLabelWord } from '../../text/vocabulary.js';
import { stem, stemsOf, words } from '../../text/words.js';

// Label words that say how a figure is presented, not which figure it is.
export const SOFT = new Set([
  'total',
  'net',
  'consolid',
  'report',
  'gaap',
  'amount',
  'balanc',
  'year',
  'fiscal',
  'end',
  'period',
  'dollar',
  'year-end',
  'yearend',
  'million',
  'billion',
  'thousand',
  'in',
  'usd',
  'worldwid',
  'overal',
  'compani',
  'as',
  'of',
]);
// "Consumer segment revenue": the part's generic noun need not be printed.
export const GENERIC = new Set(['segment', 'busi', 'divis', 'report', 'categori', 'region', 'geograph', 'market']);
/** "Total regional operations" under "Regional Operations": the row closing its group, the part's total
 * (what the part is a total of, the table's caption says). */
export const closes = (label: string, group: string) =>
  cleanLabel(label)
    .replace(/^total\s+/i, '')
    .toLowerCase() === cleanLabel(group).toLowerCase();
// The generic nouns themselves, as written: a word that only stems as one ("regional") is none.
export const GENERIC_NOUN =
  /^(?:segments?|business(?:es)?|divisions?|report(?:able|ing)|categor(?:y|ies)|regions?|geograph(?:ic|ical|y|ies)|markets?)$/i;

/** "Frito-Lay", "total-company", "foreign-currency": a hyphen's parts as words, on both sides. */
// (A prefix stays on its word: "non-current" is not "current".)
// (Nor are compounds whose second word only qualifies the first: "market-based", "long-term".)
const HYPHEN_PREFIX = 'non|pre|post|re|co|sub|multi|inter|intra|over|under|self|cross';
const HYPHEN_QUALIFIER = 'based|term|end|wide|related|owned|free|only|driven|level|scale|time|date|to';
const JOINING_HYPHEN = new RegExp(String.raw`\b(?!(?:${HYPHEN_PREFIX})-)([A-Za-z]+)-(?=[A-Za-z])(?!(?:${HYPHEN_QUALIFIER})\b)`, 'gi');
export const unhyphen = (text: string) => text.replace(JOINING_HYPHEN, '$1 ');
export const unhyphenWords = (ws: string[]) => ws.flatMap((w) => unhyphen(w).split(' '));

/** The content words of a label or question, as stems: glue words dropped as words (before stemming:
 * "digital" is not the glue word "digit"), presentation words dropped, "U.S." and "US" one word. */
// A table's labels, groups and captions are read again for every measure and question: their words
// are kept by text (a text's words never change), up to this many texts before starting afresh.
const WORDS_KEPT = 50_000;
function kept<T>(read: (text: string) => T): (text: string) => T {
  const memo = new Map<string, T>();
  return (text) => {
    let ws = memo.get(text);
    if (ws === undefined) {
      if (memo.size >= WORDS_KEPT) memo.clear();
      ws = read(text);
      memo.set(text, ws);
    }
    return ws;
  };
}

/** A label's content words as stems (its presentation words left out). */
export const labelStems = kept((text) =>
  words(unhyphen(text))
    .filter(isLabelWord)
    .map((w) => stem(w).replace(/\./g, ''))
    .filter((w) => !SOFT.has(w)),
);
/** Every word of a group, caption or heading as stems, dots left out. */
export const placeStems = kept((text) => stemsOf(unhyphen(text)).map((w) => w.replace(/\./g, '')));
/** A label's words as printed, lower-cased (initials are compared so: "AWS" stems to "aw"). */
export const printedWords = kept((text) => words(text).map((w) => w.toLowerCase()));
/** A label less its footnote marks. */
export const cleaned = kept(cleanLabel);
/** The initials of a label's printed words ("Frito-Lay North America": flna). */
export const initialsOf = kept((label) =>
  printedWords(label)
    .flatMap((w) => w.split('-'))
    .filter((w) => /^[a-z]/.test(w) && !['and', 'of', 'the'].includes(w))
    .map((w) => w[0])
    .join(''),
);
export const content = (stems: string[]) => stems.map((w) => w.replace(/\./g, '')).filter((w) => !SOFT.has(w));

/** The initials of words, a hyphen's parts each their own ("Frito-Lay North America": flna). */
const initialsOfWords = (ws: string[]) =>
  ws
    .flatMap((w) => w.split('-'))
    .filter(Boolean)
    .map((w) => w[0]!.toLowerCase())
    .join('');

/** "Amazon Web Services" printed "AWS": the initials of the qualifiers, the company's first word before
 * them or not. */
export function acronymOf(quals: string[], raw: string[], company?: string): string[] {
  if (quals.length < 2) return [];
  const initials = initialsOfWords(raw);
  return company ? [initials, company[0]!.toLowerCase() + initials] : [initials];
}

// Places filings and analysts write by two names ("United States" and "U.S."): a row, group or caption
// is read with the short one, as the question's words are (`shortPlaceStems`).
const PLACE_NAMES = [
  { long: /\bUnited States(?: of America)?\b/gi, words: 'United States', short: 'U.S.' },
  { long: /\bUnited Kingdom\b/gi, words: 'United Kingdom', short: 'U.K.' },
  { long: /\bEurope,? (?:the )?Middle East,? and Africa\b/gi, words: 'Europe Middle East Africa', short: 'EMEA' },
];
export const shortPlaces = (text: string) => PLACE_NAMES.reduce((t, { long, short }) => t.replace(long, short), text);

// An accounting standard named by its country ("U.S. GAAP", "accounting principles generally accepted in
// the United States"): no place ("A summary of our as-reported U.S. GAAP and non-GAAP operating results"
// is no table of the U.S.).
const US = String.raw`\bU\.?\s?S\.?`;
const STANDARD = new RegExp(
  [
    `${US}\\s+GAAP\\b`,
    String.raw`\b(?:accounting principles generally accepted|generally accepted accounting principles) in the United States(?: of America)?`,
    `${US}\\s+generally accepted accounting principles\\b`,
  ].join('|'),
  'gi',
);
/** Text with its accounting standards named without their country. */
export const withoutStandards = (text: string) => text.replace(STANDARD, 'GAAP');
const PLACE_STEMS = PLACE_NAMES.map(({ words, short }) => ({ long: labelStems(words), short: labelStems(short)[0]! }));
/** Stems with each place's long name as its short one's stem (["unit", "kingdom"] as "uk"). */
export function shortPlaceStems(stems: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < stems.length; ) {
    const p = PLACE_STEMS.find(({ long }) => long.every((w, k) => stems[i + k] === w));
    if (p) {
      out.push(p.short);
      i += p.long.length;
    } else out.push(stems[i++]!);
  }
  return out;
}

/** The words `ws` one after another in `text`'s words. */
export function saidTogether(ws: string[], text: string[]): boolean {
  for (let k = 0; k + ws.length <= text.length; k++) if (ws.every((w, n) => text[k + n] === w)) return true;
  return false;
}

// A part's count in a sentence that counts the whole ("of which approximately 40 were located in the
// United States and 90 were located outside the United States", "25,000 were in the Asia-Pacific
// region"): the number of the one clause that names every part word. counts.ts reads the whole.
import { sameStems } from '../lexicon/same-words.js';
import { nameStems, partsOf } from '../text/clauses.js';
import { stem } from '../text/words.js';

/** The noun and the words for the same thing ("employees", "workforce"), as a pattern. */
export const nounPattern = (noun: string) =>
  `(?:${sameStems(noun)
    .map((n) => n.replace(/[^a-z-]/g, ''))
    .join('|')})[a-z]*`;

/** "of which approximately 40 were located in the United States and 90 were located outside the United
 * States", "25,000 were in the Asia-Pacific region": in a sentence that counts the noun, the number of
 * the one clause that names every part word (and no clause else does). */
export function partCount(sentence: string, noun: string, counted: string, parts: string[]): { count: string; noun: string } | undefined {
  if (!new RegExp(`\\b${nounPattern(noun)}\\b`, 'i').test(sentence)) return undefined;
  // (A thousands comma, "25,000", splits nothing.)
  const clauses = sentence.split(/;|:|,(?!\d{3}\b)\s*(?:and\s+|of which\s+)?|\s+and\s+(?=(?:approximately|about|over|nearly|some)?\s*\d)/i);
  const isPart = (c: string) => PART_CLAUSE.test(c) || LISTED_PART.test(c);
  const counts = clauses.filter(isPart);
  // Words the sentence says outside its parts' clauses are the whole's ("manufacturing locations"): the
  // clause must name the others.
  // ("3,420 of our employees in Mexico, 650 ... in Singapore, and 460 ... in Japan were covered by ...": the
  // predicate after the last part is every part's.)
  const last = counts[counts.length - 1];
  const predicate = last && LISTED_PART.test(last) ? (/\s(?:were|was|are|is)\s.*$/i.exec(last)?.[0] ?? '') : '';
  // (A predicate the question did not say narrows the parts to other counts: "were covered by collective
  // bargaining" are not all the employees in Mexico.)
  if (predicate && [...sentenceStems(predicate)].some((w) => w.length > 3 && !/^(?:were|other)$/.test(w) && !parts.includes(w)))
    return undefined;
  const shared = sentenceStems([...clauses.filter((c) => !isPart(c)), predicate].join(' '));
  const own = parts.filter((w) => !shared.has(w));
  if (own.length === 0) return undefined;
  const naming = counts.filter((c) => {
    const said = sentenceStems(c === last && predicate ? c.slice(0, c.length - predicate.length) : c);
    return own.every((w) => said.has(w));
  });
  if (naming.length !== 1) return undefined;
  const n = (PART_CLAUSE.exec(naming[0]!) ?? LISTED_PART.exec(naming[0]!))!;
  return { count: `${n[1]}${n[2] ?? ''}`, noun: `${counted} (${naming[0]!.replace(/\s+/g, ' ').trim()})` };
}
/** "435 million active accounts, consisting of 400 million consumer active accounts and 35 million merchant
 * active accounts", "13,450 people, of whom ... 2,895 in our financial services segment": the one part of
 * a counted whole whose own words name every part word. */
export function listedPart(sentence: string, noun: string, counted: string, parts: string[]): { count: string; noun: string } | undefined {
  // A part that names its own noun counts that ("6,000 lots were in our East region" are no homes).
  const other = (name: string) => {
    const n = /^(?:[a-z-]+\s+){0,3}?([a-z]+s)\s+(?:were|was|are|is|in|at|based|located)\b/i.exec(name);
    return !!n && !sameStems(noun).includes(stem(n[1]!.toLowerCase()));
  };
  // Parts of a count of the noun: its whole counts it ("435 million active accounts, consisting of ...",
  // "Of our total employees, ...", "we employed 3,455 persons"), or the part names it; not "126.3 million
  // square feet of operating floor space: ... 15.3 million in Canada" for warehouses.
  const nouns = nounPattern(noun);
  const whole = new RegExp(
    String.raw`(?<![\d,.])(?!(?:19|20)\d\d\b)\d{1,3}(?:,\d{3})*(?:\.\d+)?(?:\s+(?:thousand|million|billion))?\s+(?:[\w-]+\s+){0,3}?(?:${nouns})\b` +
      String.raw`|\bOf\s+(?:our|the|its)\s+(?:total\s+)?(?:${nouns})\b`,
    'i',
  );
  const ofNoun = (p: { name: string; subject: string }) =>
    whole.test(p.subject) ||
    new RegExp(String.raw`\b(?:${nouns})\b`, 'i').test(p.name) ||
    (sameStems(noun).includes('employe') && EMPLOYED.test(p.subject));
  const listed = partsOf(sentence).filter((p) => !p.money && !other(p.name) && ofNoun(p));
  // (A verb of place is said once for the whole list: "8,322 were located in Asia Pacific, ... 1,428 in EMEA".)
  const naming = listed.filter((p) => {
    const said = new Set(nameStems(p.name));
    return parts.every((w) => said.has(w) || GENERIC_PART.test(w) || sameStems(noun).includes(w) || /^(?:locat|base|situat)/.test(w));
  });
  if (naming.length !== 1) return undefined;
  const n = naming[0]!;
  return { count: n.text, noun: `${counted} (${n.name.replace(/\s+/g, ' ').trim()})` };
}

// A clause that is a part's count: a number (no money, no percentage, no year) that its verb places.
const PART_CLAUSE = new RegExp(
  String.raw`(?:^|\s)(?:approximately\s+|about\s+|over\s+|nearly\s+|some\s+)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(\s+(?:thousand|million))?` +
    String.raw`\s+(?:were|was|are|is)\s+(?:located\s+|based\s+|employed\s+)?(?:in|outside|within)\b`,
  'i',
);

// A part's count in a list after the whole ("861 warehouses worldwide: 591 in the United States ..., 107
// in Canada, 40 in Mexico"): the clause opens with the number, then "in" and the place's name.
const LISTED_PART =
  /^\s*(?:[Aa]pproximately\s+|[Aa]bout\s+)?(\d{1,3}(?:,\d{3})+|\d+)()\s+(?:of\s+(?:our|its|the)\s+[a-z-]+\s+)?in\s+(?:the\s+)?[A-Z]/;

// "employed approximately 119,000 AutoZoners", "employs about 57,500 people": the company's headcount
// (not "employed in our stores", a part; not a percentage or money).
export const EMPLOYED = new RegExp(
  String.raw`\b(?:we|company|it)\s+(?:had\s+)?employ(?:ed|s)\s+(?:approximately\s+|about\s+|over\s+|nearly\s+|more than\s+)?` +
    String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(\s+(?:thousand|million))?\s+(?!(?:percent|%|million|billion)\b)([A-Za-z][\w'’-]*)`,
  'i',
);

// The generic nouns of a part, which the sentence that counts it need not repeat ("segment").
export const GENERIC_PART = /^(?:segment|busi|divis|region|unit|oper|product|manufactur|total)\w*$/;

/** A sentence's words as stems, dots left out ("U.S." is "us"), hyphenated words whole and apart. */
export function sentenceStems(text: string): Set<string> {
  const ws = [...text.matchAll(/[A-Za-z][\w'’.-]*/g)].map((m) => m[0].toLowerCase().replace(/\.+$/, ''));
  return new Set(ws.flatMap((w) => [w, ...w.split('-')]).flatMap((w) => [stem(w), stem(w.replace(/\./g, ''))]));
}

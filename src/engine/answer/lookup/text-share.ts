// A share a sentence states of a whole the question names: "approximately 20% of our net sales in fiscal
// 2023 were made to customers in China"; "revenues from the U.S. government represented 1% and 9% of
// total revenues for the three and six months ended July 2, 2023, respectively". The percentage is
// followed by "of" and the whole's own words (nothing else), the part's words are said in the sentence,
// and no change word leads to it ("an increase of 5% of ...").
import { periodAmounts } from '../../text/period-lists.js';
import { stem } from '../../text/words.js';
import { sameStems } from '../../lexicon/same-words.js';
import { fiscalPeriodOf } from '../../filing/fiscal.js';
import { labelStems } from './label-words.js';
import type { QuarterSpan } from './text.js';

const PCT = /(?<![\d.])(\d{1,3}(?:\.\d+)?)\s?(?:%|percent\b)/g;
// "of our net sales", "of total revenues", "of the Company's consolidated net revenue".
const OF_WHOLE = new RegExp(
  String.raw`^\s*of\s+(?:(?:our|its|the|their|total|consolidated|company['’]s)\s+)*([A-Za-z][A-Za-z\s-]{0,40}?)` +
    String.raw`(?=\s+(?:in|for|during|was|were|is|are|from|to|and|as|at)\b|[,.;)]|$)`,
  'i',
);
const CHANGE_BEFORE =
  /\b(?:increas|decreas|grew|grow|growth|declin|rose|fell|drop|improv|reduc|change|up|down|by)\w*\s+(?:of\s+)?(?:approximately\s+|about\s+)?$/i;
// A bound is no share: "exceeded 10% of consolidated net sales", "less than 10% of consolidated sales".
const BOUND_BEFORE =
  /\b(?:less|more|greater|fewer)\s+than\s+$|\b(?:over|under|exceed\w*|above|below|at\s+least|at\s+most|up\s+to|nearly|almost)\s+$/i;
const YEAR = /\b((?:19|20)\d\d)\b/g;

export interface ShareAsk {
  /** Stems of the part's own words ("customers", "china"; "us", "government"). */
  part: string[];
  /** The whole's names as stems: its words, and its line item's labels. */
  whole: string[][];
}

/** The share (a fraction) `s` states of the part of the whole, in `year` (or the quarterly span `q` of a
 * 10-Q, with the filing's year end), or undefined. */
export function shareIn(
  ask: ShareAsk,
  s: string,
  year: number,
  filingYear: number,
  q?: QuarterSpan,
): { amount: number; text: string } | undefined {
  if (ask.part.length === 0) return undefined;
  const words = new Set(labelStems(s).map((w) => w.replace(/\./g, '')));
  if (!q) {
    const placed = byPlace(ask, s, words);
    if (placed !== undefined) return placed && ofYear(s, year, filingYear) ? placed : undefined;
  }
  if (!ask.part.every((w) => words.has(w))) return undefined;
  const ofWhole = (end: number) => {
    const m = OF_WHOLE.exec(s.slice(end));
    if (!m) return false;
    const said = labelStems(m[1]!).map((w) => stem(w));
    return ask.whole.some((w) => w.length > 0 && said.length === w.length && w.every((x) => said.includes(x)));
  };
  if (q) {
    // The list's last amount is followed by the whole ("1% and 9% of total revenues for the three and six ...").
    const listed = periodAmounts(s).filter((x) => x.percent);
    if (listed.length === 0 || !listed.some((x) => ofWhole(x.at + x.text.length))) return undefined;
    const fits = listed.filter((x) => {
      const at = fiscalPeriodOf(x.end, q.fye);
      return x.months === q.months && at?.fiscalYear === year && at.quarter === q.quarter;
    });
    return fits.length === 1 ? { amount: fits[0]!.value / 100, text: fits[0]!.text } : undefined;
  }
  // A sentence of the year asked, or of none (its filing's year).
  if (!ofYear(s, year, filingYear)) return undefined;
  if (periodAmounts(s).length > 0 || /\bmonths\s+ended\b/i.test(s)) return undefined;
  const fits = [...s.matchAll(PCT)].filter(
    (m) =>
      ofWhole(m.index! + m[0].length) &&
      !CHANGE_BEFORE.test(s.slice(Math.max(0, m.index! - 30), m.index)) &&
      !BOUND_BEFORE.test(s.slice(Math.max(0, m.index! - 20), m.index)),
  );
  return fits.length === 1 ? { amount: Number(fits[0]![1]) / 100, text: fits[0]![0] } : undefined;
}

// A list of shares by place: "Our employees are located around the world, with 53% in Americas, 42% in
// EMEA and 5% in Asia Pacific".
const IN_PLACE = /^\s+(?:in|from)\s+(?:the\s+)?([A-Z][\w.&-]*(?:\s+[A-Z][\w.&-]*)*)/;

/** A sentence of the year asked, or of none (its filing's year). */
function ofYear(s: string, year: number, filingYear: number): boolean {
  const years = new Set([...s.matchAll(YEAR)].map((m) => Number(m[1])));
  return years.size <= 1 && (years.size === 1 ? years.has(year) : filingYear === year);
}

// Words of a part asked by place that say only where it is ("located in EMEA", "based in India").
const WHERE = new Set(['locat', 'base', 'situat']);

/** The share of the place the part names, from a list of two or more shares by place after the whole's
 * own words; null when the list names no such place once; undefined when the sentence lists none. */
function byPlace(ask: ShareAsk, s: string, words: Set<string>): { amount: number; text: string } | null | undefined {
  const listed = [...s.matchAll(PCT)]
    .map((m) => ({ m, place: IN_PLACE.exec(s.slice(m.index! + m[0].length))?.[1] }))
    .filter((x): x is { m: RegExpExecArray; place: string } => !!x.place);
  if (listed.length < 2) return undefined;
  // Changes by place are no shares: "an increase in net new employees of 4.5% in Asia Pacific and 2.1% in EMEA".
  if (/\b(?:increas|decreas|grow|grew|declin|rose|fell|chang|up|down)\w*\b/i.test(s)) return null;
  const before = new Set(labelStems(s.slice(0, listed[0]!.m.index)).flatMap((x) => sameStems(x)));
  if (!ask.whole.some((w) => w.length > 0 && w.every((x) => before.has(x)))) return null;
  const named = listed.filter(({ place }) => {
    const at = labelStems(place).map((x) => x.replace(/\./g, ''));
    // The place is the part's, and the part says nothing else the sentence does not ("located" aside).
    return at.every((x) => ask.part.includes(x)) && ask.part.every((x) => at.includes(x) || words.has(x) || WHERE.has(x));
  });
  if (named.length !== 1 || BOUND_BEFORE.test(s.slice(Math.max(0, named[0]!.m.index! - 20), named[0]!.m.index))) return null;
  return { amount: Number(named[0]!.m[1]) / 100, text: named[0]!.m[0] };
}

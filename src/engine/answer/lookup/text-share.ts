// A share a sentence states of a whole the question names: "approximately 20% of our net sales in fiscal
// 2023 were made to customers in China"; "revenues from the U.S. government represented 1% and 9% of
// total revenues for the three and six months ended July 2, 2023, respectively". The percentage is
// followed by "of" and the whole's own words (nothing else), the part's words are said in the sentence,
// and no change word leads to it ("an increase of 5% of ...").
import { periodAmounts } from '../../text/period-lists.js';
import { stem } from '../../text/words.js';
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
  const years = new Set([...s.matchAll(YEAR)].map((m) => Number(m[1])));
  if (years.size > 1 || (years.size === 1 ? !years.has(year) : filingYear !== year)) return undefined;
  if (periodAmounts(s).length > 0 || /\bmonths\s+ended\b/i.test(s)) return undefined;
  const fits = [...s.matchAll(PCT)].filter(
    (m) =>
      ofWhole(m.index! + m[0].length) &&
      !CHANGE_BEFORE.test(s.slice(Math.max(0, m.index! - 30), m.index)) &&
      !BOUND_BEFORE.test(s.slice(Math.max(0, m.index! - 20), m.index)),
  );
  return fits.length === 1 ? { amount: Number(fits[0]![1]) / 100, text: fits[0]![0] } : undefined;
}

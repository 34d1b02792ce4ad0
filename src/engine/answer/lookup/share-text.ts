// A share of a whole a sentence states: "approximately 22 percent of our total revenues net of interest
// expense were generated from activities outside the United States" (one year, the sentence's only
// one), "In 2022 and 2021, sales in international markets accounted for 65% and 68% of total net sales,
// respectively" (each percentage paired with its year, in order). The percentage must be "of" the
// whole as the question names it, and the sentence must name every word of the part.
import { LINE_ITEM } from '../../lexicon/line-items.js';
import { stemsOf } from '../../text/words.js';
import { labelStems, shortPlaces, shortPlaceStems, SOFT } from './label-words.js';
import type { Asked } from './asked.js';

const PERCENT = String.raw`\d{1,3}(?:\.\d+)?\s*(?:%|percent\b)`;
// A list of percentages, then "of" and the whole's words up to the clause's end.
const SHARE = new RegExp(
  String.raw`(?<list>${PERCENT}(?:\s*(?:,\s*(?:and\s+)?|and\s+)${PERCENT})*)\s+of\s+(?:our\s+|its\s+|the\s+|the\s+company's\s+)?` +
    String.raw`(?<whole>[a-z][a-z ,'-]*?)(?=\s*(?:,|\.|;|\bwere\b|\bwas\b|\bfor\b|\bin\b|\bfrom\b|\bduring\b|\brespectively\b|$))`,
  'gi',
);
const CHANGE = /\b(?:increas|decreas|grew|grow|declin|rose|fell|drop|chang)\w*/i;

/** The whole's words name its line item and nothing the question did not say of it. */
function namesWhole(text: string, whole: Asked): boolean {
  const def = whole.item ? LINE_ITEM.get(whole.item) : undefined;
  if (!def) return false;
  const t = ` ${stemsOf(text).join(' ')} `;
  if (![def.name, ...def.labels].some((l) => t.includes(` ${stemsOf(l).join(' ')} `))) return false;
  return labelStems(text).every((w) => whole.known.has(w) || SOFT.has(w));
}

/** The share (a fraction) sentence `s` states of `whole` for `part` in `year`, with its text. */
export function shareIn(s: string, part: Asked, whole: Asked, year: number): { amount: number; text: string } | undefined {
  if (part.quals.length === 0) return undefined;
  // (A share in a currency is no share of a place: "56 percent of our revenue ... was generated in U.S. dollars".)
  if (/\bdollars?\b|\bcurrenc/i.test(s)) return undefined;
  // (Two shares in one sentence, "five largest customers accounted for approximately 42% of our net revenue
  // and 84 customers accounted for approximately 90%", are each of their own part: which one is the part
  // asked is not read.)
  if ((s.match(new RegExp(String.raw`${PERCENT}\s+of\b`, 'gi')) ?? []).length !== 1) return undefined;
  const said = new Set(labelStems(shortPlaces(s)));
  const quals = shortPlaceStems(part.quals);
  if (!quals.every((q) => said.has(q))) return undefined;
  const years = [...s.matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => Number(m[1]));
  const found: { amount: number; text: string }[] = [];
  for (const m of s.matchAll(SHARE)) {
    const { list, whole: w } = m.groups!;
    if (!namesWhole(w!, whole)) continue;
    // (The part is named outside the whole's words: "of total net sales" is not the international sales.)
    if (quals.some((q) => labelStems(shortPlaces(w!)).includes(q))) continue;
    if (CHANGE.test(s.slice(Math.max(0, m.index! - 30), m.index!))) continue;
    const pcts = [...list!.matchAll(new RegExp(PERCENT, 'gi'))].map((x) => x[0]);
    let at = -1;
    if (pcts.length === 1) at = new Set(years).size === 1 && years[0] === year ? 0 : -1;
    else if (/\brespectively\b/i.test(s) && years.length === pcts.length && new Set(years).size === years.length) at = years.indexOf(year);
    if (at < 0) continue;
    found.push({ amount: Number(pcts[at]!.replace(/[^\d.]/g, '')) / 100, text: pcts[at]!.replace(/\s+/g, ' ') });
  }
  return found.length === 1 ? found[0] : undefined;
}

// Line items as company facts carry them: each item's concepts (line-items.json, "concepts"), in order
// of preference, so that a series reads Revenues where a company tagged it and
// RevenueFromContractWithCustomerExcludingAssessedTax or SalesRevenueNet where it tagged those, across a
// change of concept; the unit the item is reported in; and a company's own extension concept (a
// taxonomy other than the standard ones) read as an item when its label reads as one, as a statement
// row's would. Pure.
import { LINE_ITEM, LINE_ITEMS, type LineItemKey } from '../lexicon/line-items.js';
import { labelScore } from '../lexicon/match.js';

/** Taxonomies published by the FASB, the IFRS Foundation and the SEC: anything else is a company's own. */
export const STANDARD_TAXONOMIES: readonly string[] = ['us-gaap', 'ifrs-full', 'dei', 'srt', 'invest', 'ecd', 'ffd', 'country', 'currency'];

/** The concepts ("us-gaap:Revenues") that carry an item, the preferred first. */
export function conceptsOf(item: LineItemKey): string[] {
  return LINE_ITEM.get(item)?.concepts ?? [];
}

/** The items a concept carries, with its rank among each item's concepts (0: the preferred). A concept
 * may carry two (StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest is total equity,
 * and equity where a company tags nothing else). */
export function itemsOfConcept(concept: string): { item: LineItemKey; rank: number }[] {
  return LINE_ITEMS.flatMap((l) => {
    const rank = l.concepts.indexOf(concept);
    return rank < 0 ? [] : [{ item: l.key, rank }];
  });
}

export { factUnitOf } from '../lexicon/fact-units.js';

export const isStandardConcept = (concept: string) => STANDARD_TAXONOMIES.includes(concept.split(':')[0] ?? '');

/** A company's own concept reads as the item when its label does, as a statement row's label would
 * ("Net revenues", "Total net sales"); a standard concept never does (its item is in its list or not). */
export function extensionReadsAs(item: LineItemKey, concept: string, label: string): boolean {
  const l = LINE_ITEM.get(item);
  if (!l || isStandardConcept(concept) || !label.trim()) return false;
  return labelScore(l, label) >= 1;
}

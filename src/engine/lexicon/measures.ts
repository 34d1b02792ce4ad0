// The measures `filings figures` takes: the lexicon's line items and metrics by key, with the names
// analysts call them, and the closest ones to a name it does not know. Light: the lexicon's data only.
import { closestNames } from '../../contract/suggest.js';
import { factUnitOf } from './fact-units.js';
import { LINE_ITEM, LINE_ITEMS, type LineItemKey } from './line-items.js';
import { METRICS } from './metrics.js';

export interface MeasureInfo {
  key: string;
  name: string;
  kind: 'line item' | 'metric';
  /** What analysts call it besides its name. */
  ask: string[];
}

export const MEASURES: MeasureInfo[] = [
  ...LINE_ITEMS.map((l): MeasureInfo => ({ key: l.key, name: l.name, kind: 'line item', ask: l.ask })),
  ...METRICS.map((m): MeasureInfo => ({ key: m.key, name: m.name, kind: 'metric', ask: m.ask })),
];

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** The measure a name or key names: its key, its name or one of the names analysts use ("capex"). */
export function measureKey(text: string): string | undefined {
  const t = norm(text);
  return MEASURES.find((m) => norm(m.key.replace(/_/g, ' ')) === t || norm(m.name) === t || m.ask.some((a) => norm(a) === t))?.key;
}

/** The keys closest to a name no measure has. */
export function closestMeasures(text: string): string[] {
  return closestNames(
    text.replace(/\s+/g, '_'),
    MEASURES.map((m) => m.key),
  );
}

/** The concepts that carry a line item in EDGAR's company facts and frames ("us-gaap:Revenues", the
 * preferred first), the unit they are reported in, and whether the item is a balance (an instant);
 * undefined for a metric, or an item no concept carries. */
export function measureConcepts(key: string): { concepts: string[]; unit: string; balance: boolean } | undefined {
  const item = LINE_ITEM.get(key as LineItemKey);
  if (!item || item.concepts.length === 0) return undefined;
  return { concepts: [...item.concepts], unit: factUnitOf(item), balance: item.period === 'instant' };
}

// A total row of a table's other breakdown: read as a part's figure only when its table is the part's.
import { cleanLabel, matchLexicon } from '../../lexicon/match.js';
import type { TableModel } from '../../tables/model.js';

/** A total that sums parts of another breakdown ("Americas", "EMEA", "Asia" above "Total revenue"):
 * two data rows or more above it, none a line item. */
export function ofOtherParts(m: TableModel, i: number): boolean {
  const above: string[] = [];
  for (let k = i - 1; k >= 0 && m.rows[k]!.kind === 'data' && m.rows[k]!.group === m.rows[i]!.group; k--) above.push(m.rows[k]!.label);
  return above.length >= 2 && above.every((l) => !matchLexicon(cleanLabel(l)).some((h) => h.kind === 'item'));
}

// Words beside a line item's own that ask another figure ("cash ... dividends" read as cash): the
// figure path reads them as a label beyond the lexicon, and the company facts answer none of them.
import { LINE_ITEM } from '../../lexicon/line-items.js';
import type { Measure } from '../../question/reading.js';
import { labelStems } from './label-words.js';

/** The measure's content words that the item's name, labels and asked phrases never use. */
export function strayWords(measure: Measure): string[] {
  const def = LINE_ITEM.get(measure.item!)!;
  const own = new Set([def.name, ...def.labels, ...def.ask].flatMap((t) => labelStems(t)));
  return labelStems(measure.words.join(' ')).filter((w) => !own.has(w));
}

// The unit EDGAR's company facts (and XBRL frames) report a line item in: dollars, dollars a share,
// shares. Pure, and light: the measures entry reads it without the lexicon's matching.
import type { LineItem } from './line-items.js';

export function factUnitOf(item: Pick<LineItem, 'unit'>): string {
  return item.unit === 'USD/share' ? 'USD/shares' : item.unit === 'shares' ? 'shares' : 'USD';
}

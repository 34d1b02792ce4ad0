// How an answer names what it states: a company (with its ticker), a measure (the lexicon's name with
// its qualifiers), a period (in the company's own naming of its fiscal years), a statement.
import { LINE_ITEM } from '../lexicon/line-items.js';
import { METRIC } from '../lexicon/metrics.js';
import { measureFacts } from '../question/derived.js';
import type { Measure } from '../question/reading.js';
import type { Point } from './figure-lines.js';

export const STATEMENT_NAME: Record<string, string> = {
  income: 'income statement',
  comprehensive_income: 'statement of comprehensive income',
  balance: 'balance sheet',
  cash_flow: 'cash flow statement',
  equity: 'statement of equity',
};
const QUARTER = ['', 'first', 'second', 'third', 'fourth'];

/** "fiscal 2023", "the second quarter of fiscal 2024", "the first nine months of fiscal 2022". */
export const periodText = (year: number, p: Omit<Point, 'year'> = {}) =>
  p.trailing
    ? `the twelve months ending with the ${QUARTER[p.quarter ?? 4]} quarter of fiscal ${year}`
    : p.secondHalf
      ? `the second half of fiscal ${year}`
      : p.quarter
        ? p.months === 6
          ? `the first half of fiscal ${year}`
          : p.months === 9
            ? `the first nine months of fiscal ${year}`
            : `the ${QUARTER[p.quarter]} quarter of fiscal ${year}`
        : `fiscal ${year}`;

/** How a measure is named in an answer: the lexicon's name with its qualifiers, or its own words. */
export function measureName(m: Measure): string {
  if (m.label) return m.label;
  // Words with digits ("Windows 10", "Tier 1") would read as figures before the figure: the row's
  // label, printed after it, names them.
  const words = (ws: string[]) => ws.filter((w) => !/\d/.test(w)).join(' ');
  const base = m.metric ? METRIC.get(m.metric)!.name : m.item ? LINE_ITEM.get(m.item)!.name : measureFacts(m).shown || 'the figure';
  const quals = words(m.qualifiers);
  return quals && (m.item || m.metric) ? `${base} (${quals})` : base;
}

/** Companies named in an answer's sentences, and their periods in the company's own naming. */
export class Names {
  constructor(
    private readonly names: Map<string, string>,
    /** Companies that name their fiscal years off the index's labels, and the offset. */
    private readonly fiscalNaming?: Map<string, number>,
  ) {}

  /** "Walmart (WMT)"; a name with digits ("3M") would read as a figure: the ticker says it. */
  who(t: string): string {
    const name = this.names.get(t) ?? t;
    return /\d/.test(name) || name === t ? t : `${name} (${t})`;
  }

  /** "Walmart" (the ticker for a name with digits). */
  bare(t: string): string {
    const name = this.names.get(t) ?? t;
    return /\d/.test(name) ? t : name;
  }

  /** The period in the company's own naming, and the index's label beside it when they differ. */
  period(ticker: string, p: Point): string {
    const offset = this.fiscalNaming?.get(ticker) ?? 0;
    return `${periodText(p.year + offset, p)}${offset ? ` (the company's naming; FY-${p.year} in the index)` : ''}`;
  }
}

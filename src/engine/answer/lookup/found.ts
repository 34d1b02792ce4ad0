// What a figure's lookup gives: a statement row, a sentence, a metric computed from rows or a company
// fact (Found), or why none (Missing); and a company's facts as a source beside the text.
import type { FactValue } from '../../facts/series.js';
import type { LineItemKey } from '../../lexicon/line-items.js';
import type { Measure } from '../../question/reading.js';
import type { MetricResult } from '../metrics.js';
import type { Figure } from '../resolve.js';
import type { TextFigure } from './text.js';

/** A company fact (EDGAR's XBRL company facts) of a period the filings' text does not give: the value
 * the latest report gave it, and the one first reported when a later report restated it. */
export type FactFound = { kind: 'fact'; fact: FactValue; cik: string; original?: FactValue };

export type Found =
  | { kind: 'row'; figure: Figure; conflicts: Figure[] }
  | { kind: 'text'; text: TextFigure }
  | { kind: 'metric'; result: MetricResult }
  | FactFound;

/** A text figure against the company facts of its period: they agree; a later report restated it
 * (`fact` the later value, `original` the one the text agrees with); or they disagree. */
export type FactCheck =
  | { status: 'agree'; fact: FactValue }
  | { status: 'restated'; fact: FactValue; original: FactValue }
  | { status: 'disagree'; fact: FactValue };

/** A period point of a line (figure-lines.ts's Point). */
type FactPoint = { year: number; quarter?: number; months?: number; secondHalf?: boolean; trailing?: boolean };

/** A company's facts as a figure's source (lookup/company-facts.ts). */
export interface CompanyFactsReader {
  readonly cik: string;
  holdsYear(year: number): boolean;
  found(m: Measure, p: FactPoint): FactFound | undefined;
  check(m: Measure, p: FactPoint, found: Found, amount: number): FactCheck | undefined;
}

export type Missing = {
  kind: 'missing';
  /** 'none': nothing reads as it; 'ambiguous': two rows do, with different values; 'lacking': a
   * metric's inputs are missing. */
  why: 'none' | 'ambiguous' | 'lacking';
  rivals?: Figure[];
  lacking?: LineItemKey[];
};

export type Lookup = Found | Missing;

// What a figure's lookup gives: a statement row, a sentence, a metric computed from rows or a company
// fact (Found), or why none (Missing); and a company's facts as a source beside the text.
import type { EvidenceChain } from '../../evidence/types.js';
import type { FactValue } from '../../xbrl/index.js';
import type { FilingRow, IndexedTable } from '../../index/types.js';
import type { LineItemKey } from '../../lexicon/line-items.js';
import type { Measure } from '../../question/reading.js';
import type { MetricResult } from '../metrics.js';
import type { Figure } from '../resolve.js';
import type { PeriodAsk } from './columns.js';
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

/** Where and how a figure is looked for: the company, its filings and what the question says. */
export interface FindContext {
  ticker: string;
  /** The company's filings the figure may come from (only the named source, when one is named). */
  filings: FilingRow[];
  /** The filings are the source the question names: they are read whatever years they report. */
  named?: boolean;
  /** The tables a figure may be read from beyond the evidence (the caller's item filter). */
  allowed?: (table: IndexedTable) => boolean;
  /** The noun the question counts ("employees"), when it asks how many. */
  count?: string;
  /** All of the company's filings (to settle columns against). */
  all: FilingRow[];
  chains: EvidenceChain[];
  /** The company's name ("Amazon"): a part's label may print its initials with the company's ("AWS"). */
  company?: string;
  /** The question's words as a fact's names are compared (the Reading's `nameWords`). */
  said?: string[];
  /** The measure is the question's only one: a fact's label may be said anywhere in it. */
  whole?: boolean;
  /** The date the question writes, when it asks one value of one period: a fact's context ends on it. */
  date?: string;
  /** A balance at a point or an amount over a span, as the question says it. */
  at?: PeriodAsk['at'];
  /** The company's XBRL company facts, when the index holds them. */
  facts?: CompanyFactsReader;
}

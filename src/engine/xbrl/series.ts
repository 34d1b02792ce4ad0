/*
 * Company facts as line-item series: what answers read from EDGAR's company facts. The index holds
 * them (xbrl/store.ts) once `corpus pull` has fetched them; this module reads them for one
 * company and one line item of the lexicon.
 *
 *   factSeries(db, { ticker, item, years, period? }) -> FactSeries
 *     For each fiscal year asked: the fact the period is answered with (`fact`: value in units, unit,
 *     concept, period start and end, fiscal year and period, accession, form, filing date), every
 *     filing's value of the same period (`reports`, oldest first), the earliest that differs from it
 *     beyond rounding (`restated`: the later filing's value is the fact, the earlier one is shown), a
 *     quarter the facts hold only within a year to date (`derived`: Q4 is the year less nine months,
 *     with its inputs), or why there is none (`missing`). With it, the trailing twelve months to the
 *     latest report (`ttm`).
 *   trailingTwelveMonths(x, asOf?) and derivedQuarter(x, year, q) (derive.ts), over itemFacts(db, ...)
 *     (values.ts), for a figure on its own.
 *   checkAgainstFacts(db, figure) (agree.ts): whether a figure read from a filing's text agrees with the
 *     facts, within the rounding of its printed scale.
 *
 * Years are the index's labels (the Reading's: FY-2025 is 2025, the year ended January 26, 2025 for
 * NVIDIA); `namedYear` is the company's own name of it (Ulta's fiscal 2022 ended January 28, 2023:
 * label 2023, named 2022). A fact's year comes from its period's end and the company's 10-K year
 * ends (xbrl/periods.ts), never from the facts' `fy`. Concepts are the lexicon item's, in its
 * order (line-items.json): a series spans a company's change of concept (NVIDIA's revenue is
 * RevenueFromContractWithCustomerExcludingAssessedTax in fiscal 2019 and Revenues after).
 */
import type Database from 'better-sqlite3';
import type { LineItemKey } from '../lexicon/line-items.js';
import { type DerivedValue, trailingTwelveMonths } from './derive.js';
import { type SeriesPoint, seriesPoint } from './point.js';
import { type FactPeriodAsk, itemAsk, itemFacts } from './values.js';

export { type Agreement, checkAgainstFacts, type TextFigure } from './agree.js';
export type { DerivedInput, DerivedValue } from './derive.js';
export { derivedQuarter, trailingTwelveMonths } from './derive.js';
export { type SeriesPoint, seriesPoint } from './point.js';
export type { FactPeriodAsk, FactValue, ItemFacts } from './values.js';
export { itemFacts } from './values.js';

export interface SeriesRequest {
  /** A ticker (GOOG and GOOGL are one company) or a CIK. */
  ticker: string;
  item: LineItemKey;
  /** Fiscal years as the index labels them. */
  years: number[];
  /** Default: the year for a flow, the year's end for a balance. */
  period?: FactPeriodAsk;
  /** The company's naming offset as the index's filings say it (the directory's fiscalNameOffset);
   * default: its 10-Ks' own fiscal year focus. */
  namingOffset?: number;
}

export interface FactSeries {
  ticker: string;
  /** The company's CIKs (a former one too, when it has facts). */
  ciks: string[];
  /** The company's name as EDGAR gives it (its latest CIK's). */
  company: string;
  item: LineItemKey;
  period: FactPeriodAsk;
  namingOffset: number;
  /** The concepts the points' facts are of, in the item's order of preference. */
  concepts: string[];
  points: SeriesPoint[];
  /** The trailing twelve months to the latest report, or why none (a balance has none). */
  ttm: DerivedValue | { missing: string };
}

/** The item's series for the years asked, or why the index has none for the company. */
export function factSeries(db: Database.Database, req: SeriesRequest): FactSeries | { missing: string } {
  const x = itemFacts(db, req.ticker, req.item, req.namingOffset);
  if ('missing' in x) return x;
  if (x.facts.length === 0) {
    return { missing: `${x.ticker}'s company facts tag none of ${x.item.name}'s concepts (${x.concepts.join(', ')})` };
  }
  const period = itemAsk(x.item, req.period);
  if ('missing' in period) return period;
  const points = req.years.map((y) => seriesPoint(x, y, period));
  const used = new Set(points.flatMap((p) => [p.fact, ...(p.derived?.inputs.map((i) => i.fact) ?? [])]).map((f) => f?.concept));
  return {
    ticker: x.ticker,
    ciks: x.companies.map((c) => c.cik),
    company: x.companies[x.companies.length - 1]!.name,
    item: req.item,
    period,
    namingOffset: x.namingOffset,
    concepts: x.concepts.filter((c) => used.has(c)),
    points,
    ttm: trailingTwelveMonths(x),
  };
}

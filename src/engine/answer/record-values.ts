// The values a figure record holds, read off what was found: a row's figure in units, the contract's
// unit of an amount, a fiscal period of a point, where a company fact was reported. records.ts builds
// the records from them.
import type { FigureRecord, FigureSource, FigureUnit, FiscalPeriod } from '../../contract/types.js';
import { LINE_ITEM } from '../lexicon/line-items.js';
import type { Measure } from '../question/reading.js';
import type { FactValue } from '../xbrl/index.js';
import type { Point } from './figure-lines.js';
import type { FactCheck } from './lookup/found.js';
import { amount } from './metrics.js';
import type { Figure } from './resolve.js';

/** A percentage is a fraction in the answer's arithmetic (0.105) and percent points in a record. */
export const inUnits = (amount: number, unit: FigureUnit) => (unit === 'percent' ? amount * 100 : amount);

const QUARTERS: FiscalPeriod[] = ['Q1', 'Q2', 'Q3', 'Q4'];

/** The fiscal period of a point: a year, a quarter, a first half, nine months, a second half, TTM. */
export function fiscalPeriodOf(p: Omit<Point, 'year'>): FiscalPeriod {
  if (p.trailing) return 'TTM';
  if (p.secondHalf) return 'H2';
  if (p.quarter === undefined) return 'FY';
  if (p.months === 6) return 'H1';
  if (p.months === 9) return '9M';
  return QUARTERS[p.quarter - 1]!;
}

/** The point of a record's fiscal year and period (the inverse of fiscalPeriodOf; the quarter twelve
 * trailing months end with is the fourth). */
export function pointOf(r: Pick<FigureRecord, 'fiscal_year' | 'fiscal_period'>): Point {
  const year = r.fiscal_year;
  switch (r.fiscal_period) {
    case 'FY':
      return { year };
    case 'TTM':
      return { year, trailing: true };
    case 'H2':
      return { year, secondHalf: true };
    case 'H1':
      return { year, quarter: 2, months: 6 };
    case '9M':
      return { year, quarter: 3, months: 9 };
    default:
      return { year, quarter: QUARTERS.indexOf(r.fiscal_period) + 1 };
  }
}

/** Where a company fact was reported: its filing by accession (the filing's folder on EDGAR). */
export function factSource(x: FactValue, cik: string): FigureSource {
  return {
    accession: x.accession,
    form: x.form,
    fiscal_year: null,
    filed: x.filed,
    item: null,
    statement: null,
    table: null,
    row_label: null,
    column: null,
    concept: x.concept,
    url: `https://www.sec.gov/Archives/edgar/data/${Number(cik)}/${x.accession.replace(/-/g, '')}/`,
  };
}

export const factsCheck = (c: FactCheck): NonNullable<FigureRecord['facts_check']> => ({
  status: c.status,
  value: c.fact.value,
  concept: c.fact.concept,
  accession: c.fact.accession,
  form: c.fact.form,
  filed: c.fact.filed,
});

/** A row's figure in units: money in dollars (an outflow printed in parentheses as the amount paid,
 * metrics.ts's `amount`), shares and counts scaled, percentages and per-share amounts as printed. */
export const inUnitsOf = (f: Figure) =>
  f.unit === 'percent' || f.unit === 'USD/share' ? f.value : f.unit === 'USD' ? amount(f) : f.value * f.scale;

export const isInstant = (m: Measure) => (m.item ? LINE_ITEM.get(m.item)?.period === 'instant' : false);

/** Floating noise of the arithmetic kept out of a record (a ratio to 10 significant digits). */
export const round = (v: number) => (Number.isInteger(v) ? v : Number(v.toPrecision(12)));

/** The scale a figure stated in text is written at ("$5.2 billion": 1e9). */
export const scaleSaid = (text: string) =>
  /\bbillion/i.test(text) ? 1e9 : /\bmillion/i.test(text) ? 1e6 : /\bthousand/i.test(text) ? 1e3 : 1;

/** "156,000" -> 156000; "2.1 million" -> 2100000. */
export function countValue(text: string): number {
  const m = /([\d,]+(?:\.\d+)?)\s*(million|thousand|billion)?/i.exec(text);
  if (!m) return Number.NaN;
  const n = Number(m[1]!.replace(/,/g, ''));
  const scale = m[2] ? { million: 1e6, thousand: 1e3, billion: 1e9 }[m[2].toLowerCase() as 'million'] : 1;
  return n * scale;
}

// Does a figure read from a filing's text agree with the company facts? Within the rounding of the
// scale it was printed in ($130,497 million agrees with 130,497,000,000; $130.5 billion with anything
// from 130,450 to 130,550 million), against the value the same filing tagged when the facts hold it, else
// the period's latest value, else any filing's. A figure that agrees with its own filing while a later
// filing reported another value is a restatement, named with both; one that agrees with none disagrees,
// with both values and their sources.
import type Database from 'better-sqlite3';
import type { LineItemKey } from '../lexicon/line-items.js';
import type { DerivedValue } from './derive.js';
import { seriesPoint } from './point.js';
import {
  askKey,
  type FactPeriodAsk,
  type FactValue,
  type ItemFacts,
  itemAsk,
  itemFacts,
  precisionCap,
  precisionOf,
  sameRounded,
} from './values.js';

export interface TextFigure {
  ticker: string;
  item: LineItemKey;
  /** The index's label of the fiscal year. */
  fiscalYear: number;
  /** Default: the year for a flow, the year's end for a balance. */
  period?: FactPeriodAsk;
  /** In units (dollars, not millions), signed as the facts sign it. */
  value: number;
  /** The place of the last digit printed, in units: 1e6 for "$130,497 million", 1e8 for "$130.5
   * billion", 0.01 for "$2.97". Default: the value's own last non-zero place, at most a million. */
  precision?: number;
  /** The filing the figure was read from. */
  accession?: string;
}

export type Agreement =
  | {
      status: 'agree';
      /** The fact it agrees with (its own filing's when the facts hold it), or the derived value. */
      fact?: FactValue;
      derived?: DerivedValue;
      /** Half the coarser of the two values' last places. */
      tolerance: number;
      /** The facts state it with the other sign (a cost, a loss printed as a positive amount). */
      oppositeSign?: boolean;
      /** A later filing reported the period otherwise: the text's value was restated. */
      restated?: { original: FactValue; latest: FactValue };
    }
  | {
      status: 'disagree';
      text: { value: number; accession?: string };
      /** The same filing's fact when the facts hold it, else the period's latest; or the derived value. */
      fact?: FactValue;
      derived?: DerivedValue;
      difference: number;
      tolerance: number;
    }
  | { status: 'none'; why: string };

/** `facts`: the company's facts of the item when the caller has read them already. */
export function checkAgainstFacts(db: Database.Database, figure: TextFigure, facts?: ItemFacts): Agreement {
  const x = facts ?? itemFacts(db, figure.ticker, figure.item);
  if ('missing' in x) return { status: 'none', why: x.missing };
  const ask = itemAsk(x.item, figure.period);
  if ('missing' in ask) return { status: 'none', why: ask.missing };
  const point = seriesPoint(x, figure.fiscalYear, ask);
  const cap = precisionCap(x.item.unit === 'USD/share' ? 'USD/shares' : 'USD');
  const textPlace = figure.precision ?? precisionOf(figure.value, cap);
  const tolerance = (v: number) => Math.max(textPlace, precisionOf(v, cap)) / 2 + 1e-9 * Math.abs(v);
  const near = (v: number) => Math.abs(figure.value - v) <= tolerance(v);
  const opposite = (v: number) => v !== 0 && Math.abs(figure.value + v) <= tolerance(v);

  if (!point.fact && point.derived) {
    const d = point.derived;
    if (near(d.value) || opposite(d.value)) {
      return { status: 'agree', derived: d, tolerance: tolerance(d.value), ...(near(d.value) ? {} : { oppositeSign: true }) };
    }
    return { status: 'disagree', text: textOf(figure), derived: d, difference: figure.value - d.value, tolerance: tolerance(d.value) };
  }
  const latest = point.fact;
  if (!latest) return { status: 'none', why: point.missing ?? `no ${x.item.name} fact for fiscal ${figure.fiscalYear}` };
  const own = figure.accession ? point.reports.find((r) => r.accession === figure.accession) : undefined;
  // Its own filing's value first, then the latest, then any filing's (an 8-K's, an amendment's).
  const order = [...(own ? [own] : []), latest, ...[...point.reports].reverse()];
  const match = order.find((r) => near(r.value)) ?? order.find((r) => opposite(r.value));
  if (match) {
    const restated =
      !sameRounded(match.value, latest.value, latest.unit) && match.filed <= latest.filed && match.concept === latest.concept;
    return {
      status: 'agree',
      fact: match,
      tolerance: tolerance(match.value),
      ...(near(match.value) ? {} : { oppositeSign: true }),
      ...(restated ? { restated: { original: match, latest } } : {}),
    };
  }
  // The figure is another of the item's concepts, as its filing or another tagged it (the text's
  // "Commercial paper" read as short-term debt, where the preferred concept is the current portion of
  // long-term debt): it agrees with that fact.
  const { kind, quarter } = askKey(ask);
  const other = x.facts.find((f) => f.fiscalYear === figure.fiscalYear && f.kind === kind && f.quarter === quarter && near(f.value));
  if (other) return { status: 'agree', fact: other, tolerance: tolerance(other.value) };
  const against = own ?? latest;
  return {
    status: 'disagree',
    text: textOf(figure),
    fact: against,
    difference: figure.value - against.value,
    tolerance: tolerance(against.value),
  };
}

const textOf = (f: TextFigure) => ({ value: f.value, ...(f.accession ? { accession: f.accession } : {}) });

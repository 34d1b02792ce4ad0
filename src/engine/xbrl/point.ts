// One fiscal year of a line item's facts: the fact its period is answered with, every filing's value
// of it, a restatement, a quarter derived from the year to date, or why there is none (series.ts
// documents the whole).
import { derivedQuarter, type DerivedValue } from './derive.js';
import { askKey, askName, chosen, type FactPeriodAsk, type FactValue, type ItemFacts, reportsOf, sameRounded } from './values.js';

export interface SeriesPoint {
  fiscalYear: number;
  /** The company's own name of the year. */
  namedYear: number;
  /** The reported fact the period is answered with: the latest periodic report's value. */
  fact?: FactValue;
  /** A quarter made from the year to date when no filing reports it alone. */
  derived?: DerivedValue;
  /** Every filing that reported the period, oldest first, each with its preferred concept's value. */
  reports: FactValue[];
  /** When an earlier filing reported another value (beyond rounding): the earliest such, and the fact. */
  restated?: { original: FactValue; latest: FactValue };
  /** Why neither a fact nor a derived value. */
  missing?: string;
}

/** The point of one fiscal year. */
export function seriesPoint(x: ItemFacts, fiscalYear: number, ask: FactPeriodAsk): SeriesPoint {
  const reports = reportsOf(x, fiscalYear, ask);
  const fact = chosen(reports, x.concepts);
  const point: SeriesPoint = { fiscalYear, namedYear: fiscalYear + x.namingOffset, reports };
  if (fact) {
    point.fact = fact;
    // (A restatement is of the same concept: another concept's value is another measure.)
    const original = reports.find(
      (r) => r.filed < fact.filed && r.concept === fact.concept && !sameRounded(r.value, fact.value, fact.unit),
    );
    if (original) point.restated = { original, latest: fact };
    return point;
  }
  if (ask.kind === 'quarter') {
    const d = derivedQuarter(x, fiscalYear, ask.quarter);
    if ('value' in d) point.derived = d;
    else point.missing = d.missing;
    return point;
  }
  point.missing = `no ${x.item.name} fact for ${askName(ask)} of fiscal ${fiscalYear}${heldYears(x, ask)}`;
  return point;
}

/** "; the facts hold fiscal 2013-2014 and 2016-2025 of it" (or "none of it"). */
function heldYears(x: ItemFacts, ask: FactPeriodAsk): string {
  const { kind, quarter } = askKey(ask);
  const years = [...new Set(x.facts.filter((f) => f.kind === kind && f.quarter === quarter).map((f) => f.fiscalYear))].sort(
    (a, b) => a - b,
  );
  if (years.length === 0) return `; the facts hold no ${x.item.name} for ${askName(ask)} of any year`;
  const runs: string[] = [];
  for (let i = 0; i < years.length; ) {
    let j = i;
    while (j + 1 < years.length && years[j + 1] === years[j]! + 1) j++;
    runs.push(i === j ? String(years[i]) : `${years[i]}-${years[j]}`);
    i = j + 1;
  }
  const list = runs.length > 1 ? `${runs.slice(0, -1).join(', ')} and ${runs[runs.length - 1]}` : runs[0];
  return `; the facts hold fiscal ${list} of it`;
}

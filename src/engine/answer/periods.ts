// A measure's figure at a point of the year, found or derived as an analyst would from the spans the
// reports print: a 10-Q prints its quarter and the year to date, a 10-K the year. A second half is the
// year less its first half; a fourth quarter the year less nine months; a quarter whose own report is
// missing the next report's year to date less that report's quarter ("the first quarter" from the
// second-quarter 10-Q: six months less three); a first half the nine months less the third quarter;
// trailing twelve months the last year less its year to date plus this year's.
import { fiscalQuarterOf } from '../filing/fiscal.js';
import type { FilingRow } from '../index/types.js';
import { LINE_ITEM } from '../lexicon/line-items.js';
import type { Measure } from '../question/reading.js';
import type { Input, Point, Underived } from './figure-lines.js';
import type { FigureFinder } from './lookup/find.js';
import type { FindContext } from './lookup/found.js';
import type { Lookup } from './lookup/found.js';
import { amountOf, compute } from './operate.js';

const fyOf = (f: FilingRow) => Number(f.sec_fiscal_year.slice(3));
const ORDINAL = ['first', 'second', 'third', 'fourth'];
const SPAN = { 3: 'three', 6: 'six', 9: 'nine' } as Record<number, string>;

/** A span of the year as an answer names it, with the report that prints it. */
function spanName(p: Point): string {
  if (p.quarter === undefined) return `fiscal ${p.year} as a whole`;
  const months = p.months ?? 3;
  if (months === 3) return `the ${ORDINAL[p.quarter - 1]} quarter of fiscal ${p.year}`;
  const span = months === 6 ? 'first half' : `first ${SPAN[months] ?? months} months`;
  return `the ${span} of fiscal ${p.year} (the ${ORDINAL[p.quarter - 1]}-quarter 10-Q)`;
}

type Part = { sign: 1 | -1; point: Point };
const plus = (point: Point): Part => ({ sign: 1, point });
const less = (point: Point): Part => ({ sign: -1, point });

/** The ways a span of the year is the difference of spans reports print, most direct first. */
function derivations(point: Point): Part[][] {
  const y = point.year;
  const quarter = (q: number): Point => ({ year: y, quarter: q });
  // The year to date through quarter q (the first quarter's is the quarter itself).
  const toDate = (q: number): Point => (q === 1 ? quarter(1) : { year: y, quarter: q, months: q * 3 });
  // A second half: the year less its first half, or its third and fourth quarters (an annual report's
  // quarterly data).
  if (point.secondHalf)
    return [
      [plus({ year: y }), less(toDate(2))],
      [plus(quarter(3)), plus(quarter(4))],
    ];
  const q = point.quarter;
  if (q === undefined || point.trailing) return [];
  const months = point.months ?? 3;
  if (months === 3) {
    if (q === 4) return [[plus({ year: y }), less(toDate(3))]];
    const out: Part[][] = [];
    if (q > 1) out.push([plus(toDate(q)), less(toDate(q - 1))]);
    // The next report's year to date less its quarter (and the quarters before the one asked).
    out.push([plus(toDate(q + 1)), less(quarter(q + 1)), ...(q > 1 ? [less(toDate(q - 1))] : [])]);
    return out;
  }
  // A year to date: the next report's year to date less its quarter; nine months the year less its
  // fourth quarter (a 10-K printing the quarter beside the year).
  if (months !== q * 3) return [];
  return q < 3 ? [[plus(toDate(q + 1)), less(quarter(q + 1))]] : q === 3 ? [[plus({ year: y }), less(quarter(4))]] : [];
}

/** A line's input, found at a point (derived when the period is a part of the year). */
export function inputAt(finder: FigureFinder, m: Measure, point: Point, ctx: FindContext): Input | Lookup | Underived {
  const instant = m.item ? LINE_ITEM.get(m.item)!.period === 'instant' : false;
  const direct = (p: Point): Input | Lookup => {
    const found = finder.find(
      m,
      { year: p.year, ...(p.quarter !== undefined ? { quarter: p.quarter } : {}), ...(p.months !== undefined ? { months: p.months } : {}) },
      ctx,
    );
    if (found.kind === 'missing') {
      // A period the filings' text does not give: the company facts', when they hold it.
      const fact = ctx.facts?.found(m, p);
      return fact ? { measure: m, point: p, ...amountOf(fact), found: fact } : found;
    }
    const input: Input = { measure: m, point: p, ...amountOf(found), found };
    const checked = ctx.facts?.check(m, p, found, input.amount);
    return checked ? { ...input, checked } : input;
  };
  const derived = (parts: Part[]): Input | Underived => {
    const got: { sign: 1 | -1; input: Input }[] = [];
    for (const part of parts) {
      const r = direct(part.point);
      // What is missing, and what the index does give of the parts (the year as a whole).
      if ('kind' in r && r.kind === 'missing')
        return { kind: 'missing', why: 'derive', need: spanName(part.point), ...(got[0] ? { have: got[0].input } : {}) };
      got.push({ sign: part.sign, input: r as Input });
    }
    const c = compute(
      'sum',
      got.map((g) => ({ ...g.input, amount: g.sign * g.input.amount })),
    );
    if ('error' in c) return { kind: 'missing', why: 'derive', need: c.error };
    const base = got[0]!.input;
    return { measure: m, point, amount: c.value, unit: c.unit, found: base.found, parts: got };
  };
  // A balance at the end of the second half or the fourth quarter is the balance at the year's end.
  if (instant && (point.secondHalf || point.quarter === 4)) return direct({ year: point.year });
  if (point.trailing) {
    const q = point.quarter ?? latestQuarter(ctx.all, point.year);
    if (!q) return { kind: 'missing', why: 'derive', need: `a 10-Q of fiscal ${point.year}` };
    if (q === 4) return direct({ year: point.year });
    const months = q * 3;
    return derived([
      plus({ year: point.year - 1 }),
      less({ year: point.year - 1, quarter: q, months }),
      plus({ year: point.year, quarter: q, months }),
    ]);
  }
  const ways = instant ? [] : derivations(point);
  // A second half is never printed; any other span is read where printed before it is derived.
  const first = point.secondHalf ? undefined : direct(point);
  if (first && !('kind' in first && first.kind === 'missing' && first.why !== 'ambiguous')) return first;
  // A derivation that found some of its parts says what else it needs; one that found none says no
  // more than the span's own lookup.
  let missing: Underived | undefined;
  for (const parts of ways) {
    const d = derived(parts);
    if (!('kind' in d)) return d;
    if (d.have || !first) missing ??= d;
  }
  return missing ?? first!;
}

/** The company's newest report's fiscal year and quarter (a 10-K's is the fourth). */
export function newestQuarter(filings: FilingRow[]): { year: number; quarter: number } | undefined {
  const reports = filings
    .filter((f) => /^10-[KQ]/.test(f.sec_form_type))
    .sort((a, b) => (a.period_of_report < b.period_of_report ? 1 : -1));
  const f = reports[0];
  if (!f) return undefined;
  return {
    year: fyOf(f),
    quarter: f.sec_form_type.startsWith('10-Q') ? (fiscalQuarterOf(f.period_of_report, f.sec_fiscal_year_end) ?? 4) : 4,
  };
}

/** The fiscal year of the company's newest annual report. */
export function newestAnnualYear(filings: FilingRow[]): number | undefined {
  const years = filings.filter((f) => f.sec_form_type.startsWith('10-K')).map(fyOf);
  return years.length > 0 ? Math.max(...years) : undefined;
}

/** The latest quarter of `year` a 10-Q of the company reports. */
function latestQuarter(filings: FilingRow[], year: number): number | undefined {
  const qs = filings
    .filter((f) => f.sec_form_type.startsWith('10-Q') && fyOf(f) === year)
    .map((f) => f.period_of_report)
    .sort();
  if (qs.length === 0) return undefined;
  return Math.min(3, qs.length);
}

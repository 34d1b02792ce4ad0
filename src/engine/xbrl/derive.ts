// Figures the facts hold only as a difference or a sum, each with the facts it was made of: a quarter
// a company reports only within its year to date (its fourth quarter is the year less the first nine
// months, a cash flow's second quarter the first half less the first quarter), and the trailing twelve
// months to the latest 10-Q (the last 10-K's year, plus the year to date, less the same months of the
// year before). Each input is the value its period is answered with (values.ts: the latest filing's).
import { askName, chosen, type FactPeriodAsk, type FactValue, type ItemFacts, reportsOf } from './values.js';

export interface DerivedInput {
  /** Added (1) or taken away (-1). */
  sign: 1 | -1;
  fact: FactValue;
}

export interface DerivedValue {
  value: number;
  unit: string;
  /** How it was made, in words: "the year less the first nine months". */
  how: string;
  start: string;
  end: string;
  fiscalYear: number;
  /** Q2, Q3, Q4 or TTM. */
  fiscalPeriod: string;
  inputs: DerivedInput[];
}

/** The year to date that ends with quarter q: Q1, the first half, nine months, the year. */
const YEAR_TO_DATE: Record<1 | 2 | 3 | 4, FactPeriodAsk> = {
  1: { kind: 'quarter', quarter: 1 },
  2: { kind: 'half' },
  3: { kind: 'nine_months' },
  4: { kind: 'year' },
};

const pick = (x: ItemFacts, fiscalYear: number, ask: FactPeriodAsk) => chosen(reportsOf(x, fiscalYear, ask), x.concepts);
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function made(fiscalYear: number, fiscalPeriod: string, how: string, inputs: DerivedInput[], start: string): DerivedValue {
  const end = inputs[0]!.fact.end;
  const value = inputs.reduce((sum, i) => sum + i.sign * i.fact.value, 0);
  // Sums of figures in units: no binary fraction left over (1e-6 of a cent at most).
  return { value: Math.round(value * 1e6) / 1e6, unit: inputs[0]!.fact.unit, how, start, end, fiscalYear, fiscalPeriod, inputs };
}

/** Quarter q (2 to 4) of a fiscal year as its year to date less the year to date before it (or less
 * the quarters before it, each reported). */
export function derivedQuarter(x: ItemFacts, fiscalYear: number, q: 1 | 2 | 3 | 4): DerivedValue | { missing: string } {
  if (x.item.period === 'instant') return { missing: `${x.item.name} is a balance: a quarter's is read at its end` };
  if (q === 1) return { missing: 'a first quarter is its own year to date: nothing to derive it from' };
  const wholeAsk = YEAR_TO_DATE[q];
  const whole = pick(x, fiscalYear, wholeAsk);
  if (!whole)
    return { missing: `no Q${q} fact, and no ${askName(wholeAsk).replace(/^the /, '')} of fiscal ${fiscalYear} to derive it from` };
  const partAsk = YEAR_TO_DATE[(q - 1) as 1 | 2 | 3];
  const part = pick(x, fiscalYear, partAsk);
  if (part) {
    return made(
      fiscalYear,
      `Q${q}`,
      `${askName(wholeAsk)} less ${askName(partAsk)}`,
      [
        { sign: 1, fact: whole },
        { sign: -1, fact: part },
      ],
      dayAfter(part.end),
    );
  }
  const quarters = ([1, 2, 3] as const).filter((k) => k < q).map((k) => pick(x, fiscalYear, { kind: 'quarter', quarter: k }));
  if (quarters.some((f) => !f)) {
    return {
      missing: `no Q${q} fact, and neither ${askName(partAsk)} nor each earlier quarter of fiscal ${fiscalYear} to take from ${askName(wholeAsk)}`,
    };
  }
  const last = quarters[quarters.length - 1]!;
  return made(
    fiscalYear,
    `Q${q}`,
    `${askName(wholeAsk)} less Q1${q > 2 ? `-Q${q - 1}` : ''}`,
    [{ sign: 1, fact: whole }, ...quarters.map((f) => ({ sign: -1 as const, fact: f! }))],
    dayAfter(last.end),
  );
}

/** The latest fiscal year and quarter whose year to date the facts hold, at or before `asOf`. */
function latestYearToDate(
  x: ItemFacts,
  asOf?: { fiscalYear: number; quarter: number },
): { fiscalYear: number; quarter: 1 | 2 | 3 | 4 } | undefined {
  const ytd: Record<string, number> = { quarter: 1, half: 2, nine_months: 3, year: 4 };
  let best: { fiscalYear: number; quarter: 1 | 2 | 3 | 4 } | undefined;
  for (const f of x.facts) {
    if (ytd[f.kind] === undefined || f.quarter !== ytd[f.kind]) continue;
    const at = f.fiscalYear * 10 + f.quarter!;
    if (asOf && at > asOf.fiscalYear * 10 + asOf.quarter) continue;
    if (!best || at > best.fiscalYear * 10 + best.quarter) best = { fiscalYear: f.fiscalYear, quarter: f.quarter! };
  }
  return best;
}

/** The trailing twelve months to the latest report (or to `asOf`'s quarter): after a 10-K, its year;
 * after a 10-Q, the year before plus the year to date less the same months of the year before. */
export function trailingTwelveMonths(
  x: ItemFacts,
  asOf?: { fiscalYear: number; quarter: 1 | 2 | 3 | 4 },
): DerivedValue | { missing: string } {
  if (x.item.period === 'instant') return { missing: `${x.item.name} is a balance: it has no trailing twelve months` };
  const at = latestYearToDate(x, asOf);
  if (!at) return { missing: `no year-to-date fact of ${x.item.name}${asOf ? ` up to fiscal ${asOf.fiscalYear} Q${asOf.quarter}` : ''}` };
  const { fiscalYear, quarter } = at;
  const current = pick(x, fiscalYear, YEAR_TO_DATE[quarter])!;
  if (quarter === 4) return made(fiscalYear, 'TTM', 'the fiscal year', [{ sign: 1, fact: current }], current.start ?? current.end);
  const year = pick(x, fiscalYear - 1, YEAR_TO_DATE[4]);
  const before = pick(x, fiscalYear - 1, YEAR_TO_DATE[quarter]);
  if (!year || !before) {
    const lacking = !year ? `the year fiscal ${fiscalYear - 1}` : `${askName(YEAR_TO_DATE[quarter])} of fiscal ${fiscalYear - 1}`;
    return { missing: `the trailing twelve months to fiscal ${fiscalYear} Q${quarter} need ${lacking}, which the facts lack` };
  }
  return made(
    fiscalYear,
    'TTM',
    `fiscal ${fiscalYear - 1}, plus ${askName(YEAR_TO_DATE[quarter])} of fiscal ${fiscalYear}, less the same months of fiscal ${fiscalYear - 1}`,
    [
      { sign: 1, fact: current },
      { sign: 1, fact: year },
      { sign: -1, fact: before },
    ],
    dayAfter(before.end),
  );
}

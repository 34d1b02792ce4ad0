// The operations a question asks of figures, one row each: how the question's reading treats it, how
// it is computed, what its record is called and its formula, how an answer names it and the sentence
// that states it. A new operation is a row here and a pattern in question/operation.ts; what reads an
// operation reads it from its row, never by its name.
import type { FigureUnit } from '../../contract/types.js';
import { grouped } from '../../contract/figure-text.js';
import { type AcrossParts, each, ends, type SentenceParts, signedPercent } from './sentence.js';

export type Computed = { value: number; unit: FigureUnit } | { error: string };

export interface OperationDef {
  /** 'value': the figure itself; 'change': between two points of one measure, the newer first;
   * 'combine': over several figures (measures of one period, or one measure's periods). */
  shape: 'value' | 'change' | 'combine';
  /** Taken over two or more measures of one period, so asked of several years it is each year's
   * ("R&D as a share of revenue each year"). */
  ofMeasures: boolean;
  /** Taken over one measure's periods when the question names one measure ("total revenue over the
   * three years"). */
  overYears: boolean;
  /** The words that ask it say which way ("how much did it increase"). */
  directed: boolean;
  /** The result from the inputs' amounts (all of `unit`) and the years between the first and last. */
  compute: (v: number[], unit: FigureUnit, years?: number) => Computed;
  /** The derived record's name after the measure's ("revenue growth"), or, over two measures, between
   * them ("net income to revenue ratio"). */
  name: (measure: string, other?: string) => string;
  /** How an answer and a table name it after a measure ("growth"); empty for the value itself. */
  named: string;
  /** Its result is a rate a year: said "... a year". */
  annual?: true;
  /** Taken between two companies' figures of one measure ("operating income difference"): its sentence. */
  across?: { sentence: (p: AcrossParts) => string };
  /** Its formula over the inputs' record ids, in the order the operation takes them. */
  formula: (ids: string[]) => string;
  /** The answer's sentence stating it. */
  sentence: (p: SentenceParts) => string;
}

const join = (ids: string[], op: string) => ids.join(` ${op} `);
const other = (p: SentenceParts) => p.inputs[1]!.name;
/** A difference of two amounts; of two percentages, in percentage points. */
const minus = (v: number[], unit: FigureUnit): Computed => ({
  value: unit === 'percent' ? (v[0]! - v[1]!) * 100 : v[0]! - v[1]!,
  unit: unit === 'percent' ? 'points' : unit,
});

const OPERATION_TABLE = {
  value: {
    shape: 'value',
    ofMeasures: false,
    overYears: false,
    directed: false,
    compute: (v, unit) => ({ value: v[0]!, unit }),
    name: (m) => m,
    named: '',
    formula: (ids) => ids[0] ?? '',
    sentence: (p) => `${p.who} ${p.name}: ${p.value}.`,
  },
  change: {
    shape: 'change',
    ofMeasures: false,
    overYears: false,
    directed: true,
    compute: minus,
    name: (m) => `${m} change`,
    named: 'change',
    formula: ([a, b]) => `${a} - ${b}`,
    sentence: (p) => {
      const c = ends(p);
      const rel = Number.isFinite(c.pct) && p.unit !== 'points' ? ` (${signedPercent(c.pct)})` : '';
      return `${p.who} ${p.name} ${p.result >= 0 ? 'increased' : 'decreased'} by ${p.amount(Math.abs(p.result))} ${c.span}${rel}: ${c.ends}.`;
    },
  },
  pct_change: {
    shape: 'change',
    ofMeasures: false,
    overYears: false,
    directed: true,
    compute: (v) => (v[1] === 0 ? { error: 'the earlier figure is zero' } : { value: (v[0]! - v[1]!) / Math.abs(v[1]!), unit: 'percent' }),
    name: (m) => `${m} growth`,
    named: 'growth',
    formula: ([a, b]) => `(${a} - ${b}) / |${b}|`,
    sentence: (p) => {
      const c = ends(p);
      return `${p.who} ${p.name} ${p.result >= 0 ? 'grew' : 'declined'} ${p.amount(Math.abs(p.result))} ${c.span}: ${c.ends}.`;
    },
  },
  cagr: {
    shape: 'change',
    ofMeasures: false,
    overYears: false,
    directed: false,
    compute: (v, _unit, years) => {
      const n = years ?? 0;
      if (n <= 0) return { error: 'the years compounded are not known' };
      if (v[0]! <= 0 || v[1]! <= 0) return { error: 'a compound growth rate needs two positive figures' };
      return { value: (v[0]! / v[1]!) ** (1 / n) - 1, unit: 'percent' };
    },
    name: (m) => `${m} compound annual growth`,
    named: 'compound annual growth',
    annual: true,
    formula: ([a, b]) => `(${a} / ${b})^(1/years) - 1`,
    sentence: (p) => {
      const c = ends(p);
      const n = c.to.year - c.from.year;
      return (
        `${p.who} ${p.name} compound annual growth rate ${c.span} (${n} years): ${p.value} a year, ` +
        `${c.ends} (${signedPercent(c.pct)} in all). Computed as (${c.to.year} / ${c.from.year})^(1/${n}) - 1.`
      );
    },
  },
  sum: {
    shape: 'combine',
    ofMeasures: true,
    overYears: true,
    directed: false,
    compute: (v, unit) => ({ value: v.reduce((a, b) => a + b, 0), unit }),
    name: (m, o) => (o && o !== m ? `${m} plus ${o}` : `${m} sum`),
    named: 'sum',
    formula: (ids) => join(ids, '+'),
    sentence: (p) => {
      const summed =
        p.inputs.length > 1 && p.oneMeasure
          ? `${p.name}, summed over ${p.inputs.length} periods`
          : p.inputs.map((i) => i.name).join(' plus ');
      return `${p.who} ${summed}: ${p.value}, the sum of ${p.inputs.map(each).join('; ')}.`;
    },
  },
  average: {
    shape: 'combine',
    ofMeasures: false,
    overYears: true,
    directed: false,
    compute: (v, unit) => ({ value: v.reduce((a, b) => a + b, 0) / v.length, unit }),
    name: (m) => `average ${m}`,
    named: 'average',
    formula: (ids) => `(${join(ids, '+')}) / ${ids.length}`,
    sentence: (p) => `${p.who} average ${p.name}: ${p.value}, the mean of ${p.inputs.map(each).join('; ')}.`,
  },
  difference: {
    shape: 'combine',
    ofMeasures: true,
    overYears: false,
    directed: true,
    compute: minus,
    name: (m, o) => (o && o !== m ? `${m} less ${o}` : `${m} difference`),
    named: 'difference',
    across: {
      sentence: (p) =>
        `${p.whose} ${p.result >= 0 ? 'exceeds' : 'falls short of'} ${p.other}'s by ${p.amount(Math.abs(p.result))} for fiscal ${p.year}.`,
    },
    formula: ([a, b]) => `${a} - ${b}`,
    sentence: (p) => `${p.who} ${p.name} less ${other(p)}: ${p.value}, the difference of ${p.inputs.map(each).join(' and ')}.`,
  },
  ratio: {
    shape: 'combine',
    ofMeasures: true,
    overYears: false,
    directed: false,
    compute: (v) => (v[1] === 0 ? { error: 'the denominator is zero' } : { value: v[0]! / v[1]!, unit: 'ratio' }),
    name: (m, o) => (o && o !== m ? `${m} to ${o} ratio` : `${m} ratio`),
    named: 'ratio',
    across: { sentence: (p) => `${p.whose} is ${grouped(p.result, 2, 2)} times ${p.other}'s for fiscal ${p.year}.` },
    formula: ([a, b]) => `${a} / ${b}`,
    sentence: (p) =>
      `${p.who} ratio of ${p.name} to ${other(p)} for ${p.inputs[0]!.period}: ${p.value}, ${p.inputs.map(each).join(' divided by ')}.`,
  },
  share: {
    shape: 'combine',
    ofMeasures: true,
    overYears: false,
    directed: false,
    compute: (v) => {
      if (v[1] === 0) return { error: 'the whole is zero' };
      // A part of a whole is between none and all of it: figures outside that are not part and whole.
      if (v[0]! / v[1]! < 0 || v[0]! / v[1]! > 1.0001)
        return { error: 'a whole at least as large as its part (the figures found are not a part and its whole)' };
      return { value: v[0]! / v[1]!, unit: 'percent' };
    },
    name: (m, o) => `${m} share of ${o ?? 'the whole'}`,
    named: 'share',
    formula: ([a, b]) => `${a} / ${b}`,
    // (The filing's own printed share first, the computation that agrees with it after.)
    sentence: (p) =>
      `${p.who} ${p.name} as a share of ${other(p)} for ${p.inputs[0]!.period}: ` +
      `${p.printed ? `${p.printed} as its row prints it (${p.value} computed)` : p.value}, ${p.inputs.map(each).join(' of ')}.`,
  },
} satisfies Record<string, OperationDef>;

export type OperationKind = keyof typeof OPERATION_TABLE;
export const OPERATIONS: Record<OperationKind, OperationDef> = OPERATION_TABLE;
export const OPERATION_KINDS = Object.keys(OPERATION_TABLE) as OperationKind[];

/** The row of an operation named in a response (a grid's derived figures and rankings). */
export function operationOf(kind: string): OperationDef {
  if (!(kind in OPERATIONS)) throw new Error(`no operation "${kind}"`);
  return OPERATIONS[kind as OperationKind];
}

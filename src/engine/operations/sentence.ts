// What an operation's sentence is written from: the answer's writer gives each piece as text (who,
// the measure's name, each input with its period and citation), so an operation writes its sentence
// without the writer's types.
import { percent } from '../text/format.js';
import type { FigureUnit } from '../../contract/types.js';

export interface SentenceInput {
  /** Its measure's name ("revenue"). */
  name: string;
  /** Its period as an answer says it ("fiscal 2023", "the second quarter of fiscal 2024"). */
  period: string;
  /** Its amount as written, with its citation ("$383,285 million [A]"), and without it. */
  text: string;
  bare: string;
  /** Its amount in its record's units (a percentage in percent points) and its fiscal year. */
  amount: number;
  year: number;
}

export interface SentenceParts {
  /** The company, as the answer names it. */
  who: string;
  /** The first input's measure, as the answer names it. */
  name: string;
  /** The result in its record's units (a percentage in percent points), its unit, and as written. */
  result: number;
  unit: FigureUnit;
  value: string;
  /** Inputs in the order the operation takes them (newer before older for a change). */
  inputs: SentenceInput[];
  /** Every input of the first one's measure. */
  oneMeasure: boolean;
  /** An amount in the result's unit (and its record's units) at the inputs' scale. */
  amount: (value: number) => string;
  /** The share a part's own row prints ("47%"). */
  printed?: string;
}

/** What a sentence between two companies' figures is written from. */
export interface AcrossParts {
  /** "PepsiCo's revenue". */
  whose: string;
  /** The other company, as the answer names it. */
  other: string;
  year: number;
  /** The result in units, and an amount written at the grid's scale. */
  result: number;
  amount: (value: number) => string;
}

/** "revenue for fiscal 2023 $383,285 million [A]". */
export const each = (i: SentenceInput) => `${i.name} for ${i.period} ${i.text}`;

/** A change's newer and older inputs, its span, its ends and its change in percent of the older. */
export function ends(p: SentenceParts) {
  const [to, from] = [p.inputs[0]!, p.inputs[1]!];
  return {
    to,
    from,
    span: `from ${from.period} to ${to.period}`,
    ends: `${from.bare} to ${to.bare}`,
    pct: from.amount !== 0 ? (to.amount - from.amount) / Math.abs(from.amount) : Number.NaN,
  };
}

/** "+12.5%" or "-3.1%". */
export const signedPercent = (x: number) => `${x >= 0 ? '+' : '-'}${percent(Math.abs(x))}`;

// What each operation is called in a derived figure's record and how its formula is written over its
// inputs' record ids: a change "f2 - f1", a growth "(f2 - f1) / |f1|". The compiler holds every
// operation to a row.
import type { OperationKind } from '../question/reading.js';

export interface OperationDef {
  /** The derived figure's name after the measure's ("revenue growth"), or, over two measures, between
   * them ("net income to revenue ratio"). */
  name: (measure: string, other?: string) => string;
  /** Over several companies' figures of one measure: "operating income difference". */
  across?: string;
  /** Its formula over the inputs' record ids, in the order the operation takes them. */
  formula: (ids: string[]) => string;
}

const join = (ids: string[], op: string) => ids.join(` ${op} `);

export const OPERATIONS: Record<OperationKind, OperationDef> = {
  value: { name: (m) => m, formula: (ids) => ids[0] ?? '' },
  change: { name: (m) => `${m} change`, formula: ([a, b]) => `${a} - ${b}` },
  pct_change: { name: (m) => `${m} growth`, formula: ([a, b]) => `(${a} - ${b}) / |${b}|` },
  cagr: { name: (m) => `${m} compound annual growth`, formula: ([a, b]) => `(${a} / ${b})^(1/years) - 1` },
  sum: { name: (m, o) => (o && o !== m ? `${m} plus ${o}` : `${m} sum`), formula: (ids) => join(ids, '+') },
  average: { name: (m) => `average ${m}`, formula: (ids) => `(${join(ids, '+')}) / ${ids.length}` },
  difference: {
    name: (m, o) => (o && o !== m ? `${m} less ${o}` : `${m} difference`),
    across: 'difference',
    formula: ([a, b]) => `${a} - ${b}`,
  },
  ratio: { name: (m, o) => (o && o !== m ? `${m} to ${o} ratio` : `${m} ratio`), across: 'ratio', formula: ([a, b]) => `${a} / ${b}` },
  share: { name: (m, o) => `${m} share of ${o ?? 'the whole'}`, formula: ([a, b]) => `${a} / ${b}` },
};

// Operations on found figures, as the question asks them: each input an amount in units with its unit,
// inputs of one unit only (a sum of dollars and percentages is not a figure). The arithmetic of each is
// its row in operations/table.ts; here, what every one checks of the figures found.
import type { FigureUnit } from '../../contract/types.js';
import { type Computed, OPERATIONS, type OperationKind } from '../operations/table.js';
import type { Input } from './figure-lines.js';
import type { Found } from './lookup/found.js';
import { amount } from './metrics.js';

/** A found figure as an amount in units, and its unit (percentages as fractions: 12.5% is 0.125). */
export function amountOf(found: Found): { amount: number; unit: FigureUnit } {
  switch (found.kind) {
    case 'row': {
      const f = found.figure;
      if (f.unit === 'percent') return { amount: f.value / 100, unit: 'percent' };
      if (f.unit === 'USD/share') return { amount: f.value, unit: 'USD/share' };
      if (f.unit === 'shares') return { amount: f.value * f.scale, unit: 'shares' };
      if (f.unit === 'count') return { amount: f.value * f.scale, unit: 'count' };
      return { amount: amount(f), unit: 'USD' };
    }
    case 'text':
      return { amount: found.text.amount, unit: found.text.unit ?? 'USD' };
    case 'fact': {
      const u = found.fact.unit;
      return { amount: found.fact.value, unit: u === 'USD/shares' ? 'USD/share' : u === 'shares' ? 'shares' : 'USD' };
    }
    case 'metric': {
      const fmt = found.result.metric.format;
      return {
        amount: found.result.value,
        unit: fmt === 'percent' ? 'percent' : fmt === 'ratio' ? 'ratio' : fmt === 'times' ? 'times' : fmt === 'days' ? 'days' : 'USD',
      };
    }
  }
}

/** The table a row's figure is read from. */
const tableOf = (i: Input) => (i.found?.kind === 'row' ? i.found.figure.table.id : undefined);

/** Two figures of one measure, read from different tables, that differ more than elevenfold (a growth of
 * over 1,000%): one of them is not the measure (a share-based compensation line beside the expense). */
function apart(a: Input, b: Input): boolean {
  const [ta, tb] = [tableOf(a), tableOf(b)];
  if (ta === undefined || tb === undefined || ta === tb || a.amount === 0 || b.amount === 0) return false;
  const r = Math.abs(a.amount / b.amount);
  return r > 11 || r < 1 / 11;
}

/** The largest result an operation states: beyond it a figure is no amount a filing means (an input
 * near zero, or one out of range) and JavaScript would write it with an exponent (1e+21). */
const LARGEST_RESULT = 1e21;

/** `kind` over `inputs` (in the order the operation takes them: newer before older for a change). A
 * result that is not a finite number within LARGEST_RESULT is an error, never a figure. */
export function compute(kind: OperationKind, inputs: Input[], years?: number): Computed {
  const c = operate(kind, inputs, years);
  if ('value' in c && !(Math.abs(c.value) < LARGEST_RESULT))
    return { error: `its result, ${c.value}, is no figure (an input is out of range or near zero)` };
  return c;
}

function operate(kind: OperationKind, inputs: Input[], years?: number): Computed {
  const units = new Set(inputs.map((i) => i.unit));
  if (units.size > 1) return { error: `its inputs are in different units (${[...units].join(', ')})` };
  const def = OPERATIONS[kind];
  if (def.shape === 'change' && apart(inputs[0]!, inputs[1]!))
    return { error: 'its two figures, read from different tables, differ more than elevenfold: not read as the same measure' };
  return def.compute(
    inputs.map((i) => i.amount),
    inputs[0]!.unit,
    years,
  );
}

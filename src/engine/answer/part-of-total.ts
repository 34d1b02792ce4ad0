// Whether one row of a statement is a part of another's total ("Net sales" above "Total revenues", with
// "Membership fees" between them): the total sums the rows from the part down to it, in the column
// read. Two figures, each what its label says, no conflict between them.
import type { Figure } from './resolve.js';
import { ANSWER_TUNING } from './tuning.js';

/** The total's block: the rows from `part` to the row before `total`, summed in `column`; whether that
 * sum is the total's value (within the tolerance two figures are the same by). */
function sums(f: Figure, part: number, total: number): boolean {
  const rows = f.table.model.rows;
  if (part >= total || !/^total\b/i.test(rows[total]?.label.trim() ?? '')) return false;
  const cell = (i: number) => (rows[i]!.aligned ? rows[i]!.cells[f.column] : null);
  const whole = cell(total)?.value;
  if (whole === null || whole === undefined) return false;
  let sum = 0;
  for (let i = part; i < total; i++) sum += cell(i)?.value ?? 0;
  return Math.abs(sum - whole) <= Math.max(1, ANSWER_TUNING.sameValue * Math.abs(whole));
}

/** What `other` is beside `stated` when one is a part of the other's total in the same table and column:
 * a total that includes it, or a part of it. */
export function partOfTotal(stated: Figure, other: Figure): 'total' | 'part' | undefined {
  if (stated.table.id !== other.table.id || stated.column !== other.column) return undefined;
  if (sums(stated, stated.rowIndex, other.rowIndex)) return 'total';
  if (sums(stated, other.rowIndex, stated.rowIndex)) return 'part';
  return undefined;
}

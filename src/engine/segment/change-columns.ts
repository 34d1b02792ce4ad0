// Change columns of tables whose year headers the text lost: "Net bookings $ 6,388 $ 7,262 $ (874)" is
// two years and their difference, not three years. Most rows say so by their values (the last is the
// first minus the second, or a percentage), and the sign says which year comes first.
import type { TableModel } from '../tables/model.js';
import { SEGMENT_TUNING } from './tuning.js';

const { minRows: MIN_ROWS, agreeing: AGREEING, tolerance: TOLERANCE } = SEGMENT_TUNING.columns.change;

/** For a table of inferred columns ending in a change column: which of the two before it is the
 * later year ('desc': the first), or undefined when the values do not show a change column. */
export function changeColumn(t: TableModel): 'desc' | 'asc' | undefined {
  const n = t.columns.length;
  if (n < 3 || !t.columns.every((c) => c.inferred)) return undefined;
  let desc = 0;
  let asc = 0;
  let rows = 0;
  for (const row of t.rows) {
    const cells = row.cells;
    if (!row.aligned || cells.length !== n) continue;
    const [a, b, c] = [cells[n - 3], cells[n - 2], cells[n - 1]];
    if (!a || !b || !c || a.value === null || b.value === null || c.value === null || a.percent || b.percent) continue;
    rows++;
    if (c.percent) continue; // a percentage change says nothing of the order
    const near = (x: number, y: number) => Math.abs(x - y) <= Math.max(1, TOLERANCE * Math.abs(y));
    if (near(a.value - b.value, c.value) && a.value !== b.value) desc++;
    else if (near(b.value - a.value, c.value) && a.value !== b.value) asc++;
  }
  const percentLast = t.rows.filter((r) => r.aligned && r.cells[n - 1]?.percent).length;
  if (rows < MIN_ROWS) return undefined;
  if (desc >= AGREEING * rows) return 'desc';
  if (asc >= AGREEING * rows) return 'asc';
  // A last column of percentages beside amounts: a percentage change, newest first as most print it.
  if (percentLast >= AGREEING * rows && desc + asc === 0) return 'desc';
  return undefined;
}

// A change between two years reads both from one report when the newer figure's row prints the older
// year too: a later report recasts an earlier year (Qualcomm's fiscal 2023 10-K states fiscal 2022
// automotive revenue as 1,509 after a change of segments; the fiscal 2022 10-K printed 1,372), and a
// change is of figures on one basis.
import type { Input } from '../figure-lines.js';
import { amountOf } from '../operate.js';
import { periodColumn } from './columns.js';

/** `older` read from the row `newer` was read from, at `year`, when that row prints the year in a
 * column its header states; else `older` as found. Annual figures only. */
export function comparableOlder(newer: Input, older: Input, year: number): Input {
  const a = newer.found;
  const b = older.found;
  if (a.kind !== 'row' || b.kind !== 'row' || newer.point.quarter !== undefined || older.point.quarter !== undefined) return older;
  const fa = a.figure;
  if (fa.filing.id === b.figure.filing.id || fa.unit !== b.figure.unit) return older;
  const m = fa.table.model;
  const j = periodColumn(m, { year }, fa.filing);
  const cell = j >= 0 && !m.columns[j]!.inferred ? m.rows[fa.rowIndex]?.cells[j] : undefined;
  if (!cell || cell.value === null || !!cell.percent !== (fa.unit === 'percent')) return older;
  const figure = {
    ...fa,
    year,
    value: cell.value,
    column: j,
    columnLabel: m.columns[j]!.label || String(year),
    decimals: /\.(\d+)/.exec(cell.text)?.[1]?.length ?? 0,
    score: b.figure.score,
  };
  const found = { ...b, figure, conflicts: [] };
  const { checked: _checked, ...rest } = older;
  return { ...rest, found, amount: amountOf(found).amount };
}

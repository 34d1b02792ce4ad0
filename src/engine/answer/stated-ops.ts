// An operation's result the filing states itself, read when the amounts it is of are not both printed:
// a percentage change a row states ("Changes in comparable sales ... Total Company 5%"), a share of a
// whole ("Cosmetics 42%" under "(Percentage of net sales)", "Net revenues generated from the U.K. 8%").
import type { Measure, Reading } from '../question/reading.js';
import { type Input, isInput, type Point } from './figure-lines.js';
import type { FigureFinder } from './lookup/find.js';
import { amountChangeInText, changeInText, shareInText } from './lookup/stated-text.js';
import type { FindContext } from './lookup/found.js';
import { amountOf } from './operate.js';
import { inputAt } from './periods.js';
import { measureName } from './written-names.js';

/** A percentage of a part that is no change of it. */
const CHANGE = /\b(?:change|growth|increase|decrease|decline|grew)\b/i;

/** The percentage change of `m` a row states (its group or label says "change"), read with the
 * question's exclusions as the row's own words. */
export function statedChange(finder: FigureFinder, reading: Reading, m: Measure, point: Point, ctx: FindContext): Input | undefined {
  const excluded = reading.exclusions.flatMap((e) => e.words);
  const ex = reading.exclusions.map((e) => e.text).join(' and ');
  const label = `percentage change in ${measureName(m)}${ex ? ` excluding ${ex}` : ''}`;
  const change: Measure = {
    label,
    text: `percentage change in ${m.text}`,
    words: [...m.words, 'percentage', 'changes', ...excluded],
    qualifiers: m.item || m.metric ? [...m.qualifiers, ...excluded] : [],
    ...(m.item ? { item: m.item } : {}),
  };
  const x = inputAt(finder, change, point, ctx);
  if (isInput(x) && x.unit === 'percent') return x;
  // A sentence that states it ("the DMS segment net revenue increased 8%"), with nothing excluded.
  const found = excluded.length === 0 && point.quarter === undefined ? changeInText(finder, m, point, ctx) : undefined;
  return found ? { measure: change, point, ...amountOf(found), found } : undefined;
}

/** The share of `whole` that `part` is, as a percentage a row states: the part's row in a table of
 * percentages (its caption, group or label says "percentage"), or a row whose label names the whole
 * and the part; never a percentage that is a change. */
export function statedShare(finder: FigureFinder, part: Measure, whole: Measure, point: Point, ctx: FindContext): Input | undefined {
  const label = `${measureName(part)} as a share of ${measureName(whole)}`;
  const tries: Measure[] = [
    { ...part, label, words: [...part.words, 'percentage'], qualifiers: [...part.qualifiers, 'percentage'] },
    // The whole's words and the part's, all in one row's label ("Net revenues generated from the U.K.").
    { label, text: `${whole.text} ${part.qualifiers.join(' ')}`, words: [...whole.words, ...part.qualifiers], qualifiers: [] },
  ];
  for (const m of part.qualifiers.length > 0 ? tries : []) {
    const x = inputAt(finder, m, point, ctx);
    // Only a row of a table (a sentence's percentage may be of anything), whose label is no change.
    if (!isInput(x) || x.found.kind !== 'row' || x.unit !== 'percent') continue;
    const row = x.found.figure;
    if (x.amount > 0 && x.amount <= 100 && !CHANGE.test(`${row.label} ${row.table.model.rows[row.rowIndex]?.group ?? ''}`)) return x;
  }
  // A sentence that says the percentage is of the whole asked, of the year asked; else one that states
  // the share of the whole it names among others ("20% of our net sales ... customers in China", "53% in
  // Americas, 42% in EMEA").
  const said = finder.shareInText(part, whole, point, ctx);
  if (said) return { measure: { ...part, label }, point, amount: said.amount, unit: 'percent', found: { kind: 'text', text: said } };
  const found = shareInText(finder, part, whole, point, ctx);
  return found ? { measure: { ...part, label }, point, ...amountOf(found), found } : undefined;
}

/** The share the part's own row prints, when it is `share` (a fraction) at the printed precision:
 * "North America $ 29,121 ... 47%" for 29,121 of 61,594. */
export function printedShare(part: Input, share: number): string | undefined {
  if (part.found.kind !== 'row') return undefined;
  const f = part.found.figure;
  const row = f.table.model.rows[f.rowIndex];
  for (const cell of row?.cells ?? []) {
    if (!cell?.percent || cell.value === null || cell.value <= 0) continue;
    const decimals = /\.(\d+)/.exec(cell.text)?.[1]?.length ?? 0;
    if (Math.abs(Number((share * 100).toFixed(decimals)) - cell.value) < 1e-9) return `${cell.value.toFixed(decimals)}%`;
  }
  return undefined;
}

/** The change of money of `m` a sentence states ("decreased by $123 million"), with nothing excluded. */
export function statedAmountChange(finder: FigureFinder, reading: Reading, m: Measure, point: Point, ctx: FindContext): Input | undefined {
  if (reading.exclusions.length > 0 || point.quarter !== undefined) return undefined;
  const found = amountChangeInText(finder, m, point, ctx);
  // (A change, not the item: a decrease of net income is no net loss.)
  const change: Measure = { label: `change in ${measureName(m)}`, text: `change in ${m.text}`, words: m.words, qualifiers: [] };
  return found ? { measure: change, point, ...amountOf(found), found } : undefined;
}

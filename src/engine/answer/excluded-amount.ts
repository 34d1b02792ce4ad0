// Whether an amount found for an excluded item ("net income excluding the tax benefit") is that item's,
// in the period of the figure it is taken from. A sentence that names the words inside a longer name
// ("total gross unrecognized tax benefits ... were $936 million"), and a row so labelled, state another
// item; one that states the amount as a balance at a date, or a roll-forward's balance row, is no amount
// of a year's flow. Either way nothing is taken out.
import { measureFacts } from '../question/derived.js';
import type { Measure } from '../question/reading.js';
import { stem } from '../text/words.js';
import type { Input } from './figure-lines.js';
import { labelStems } from './lookup/label-words.js';

// Words that may stand before an item's name without changing what it names.
const NEUTRAL = new Set(
  (
    'the a an this that these those its our their his her total net gross aggregate related such and or of for from in on to by with ' +
    'excluding including less plus recognized recorded reported income discrete one-time one time'
  ).split(' '),
);

// A balance at a date: "As of May 31, 2023", "at December 31, 2022", "at the end of fiscal 2023".
const MONTH = 'January|February|March|April|May|June|July|August|September|October|November|December';
const BALANCE = new RegExp(
  String.raw`\b(?:as of|at) (?:(?:${MONTH}) \d{1,2},? \d{4}|(?:the )?end of (?:the )?(?:fiscal )?(?:year|\d{4}))`,
  'i',
);

const words = (text: string) => text.toLowerCase().match(/[a-z0-9][a-z0-9'’-]*/g) ?? [];

/**
 * Why the amount found for `ex` is not the excluded item's, or undefined when nothing says it is not.
 * `flow`: the figure it is taken from is a year's (an income or cash flow item), not a balance.
 * `said`: the question's own words (a word the question says is no other name).
 */
export function notTheExcluded(x: Input, ex: Measure, flow: boolean, said: string[]): string | undefined {
  if (x.found.kind === 'row') {
    const f = x.found.figure;
    // A roll-forward's ending balance ("Ending unrecognized tax benefits") is no amount of a year's flow.
    if (flow && (f.table.model.statement === 'balance' || BALANCE_ROW.test(f.label)))
      return `the filings state ${ex.text} only as a balance, not an amount of the period`;
    return anotherItem(f.label, ex, said);
  }
  if (x.found.kind !== 'text') return undefined;
  const sentence = x.found.text.sentence;
  const other = anotherItem(sentence, ex, said);
  if (other) return other;
  if (flow && BALANCE.test(sentence)) return `the filings state ${ex.text} only as a balance at a date, not an amount of the period`;
  return undefined;
}

// A row that prints a balance: "Ending balance of ...", "... at end of year", "Balance as of ...".
const BALANCE_ROW =
  /^(?:beginning|ending|opening|closing)\b|\bbalances?\b|\b(?:beginning|end) of (?:the )?(?:year|period|fiscal)|\bas of\b|\bat (?:the )?(?:beginning|end)\b/i;

/** The words of a sentence or a row's label that name the item inside a longer name ("unrecognized tax
 * benefits" for "tax benefit"): another item, said so; undefined when the name stands alone. */
function anotherItem(text: string, ex: Measure, said: string[]): string | undefined {
  const toks = words(text);
  const want = ex.words.map(stem);
  const asked = new Set(said.map((w) => stem(w.toLowerCase())));
  for (let i = 0; i + want.length <= toks.length; i++) {
    if (!want.every((w, j) => stem(toks[i + j]!) === w)) continue;
    const before = toks[i - 1];
    if (before && !NEUTRAL.has(before) && !asked.has(stem(before)) && !/^\d/.test(before))
      return `the amount the filings state is of "${before} ${toks.slice(i, i + want.length).join(' ')}", another item`;
    return undefined;
  }
  return undefined;
}

// A cell that prints nothing for the period: "-", "—".
const DASH = /^\(?\s*[-—–]\s*\)?$/;

/** The excluded item as nil for the figure's period, when the figure's own table prints the item's one
 * row with a dash in the figure's column and an amount in another ("Gain associated with the Juice
 * Transaction (a) - (3,322)" over "Operating Profit 2,629 5,267": none in the 12 weeks asked): an input of
 * zero from that cell; undefined when the table says nothing of it. */
export function nilInTable(figure: Input, ex: Measure): Input | undefined {
  if (figure.found.kind !== 'row') return undefined;
  const f = figure.found.figure;
  const want = labelStems(measureFacts(ex).tokens.join(' '));
  if (want.length === 0) return undefined;
  const rows = f.table.model.rows
    .map((row, i) => ({ row, i }))
    .filter(({ row }) => {
      const said = new Set(labelStems(row.label));
      return want.every((w) => said.has(w));
    });
  if (rows.length !== 1) return undefined;
  const { row, i } = rows[0]!;
  const cell = row.cells[f.column];
  if (!row.aligned || !cell || !DASH.test(cell.text) || !row.cells.some((c) => c && c.value !== null)) return undefined;
  const nil = { ...f, label: row.label, rowIndex: i, value: 0, decimals: 0, concept: undefined };
  return { measure: ex, point: figure.point, amount: 0, unit: figure.unit, found: { kind: 'row', figure: nil, conflicts: [] } };
}

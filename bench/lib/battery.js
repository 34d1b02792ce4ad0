// The answer battery (test/battery/questions.jsonl, and the other batteries beside it): every question
// through a backend with an answer, judged by the verdict, tallied overall and per class. Shared by
// test/battery and bench/battery.js.
import { readFileSync } from 'node:fs';
import { verdict } from './verdict.js';

/** Classes of the main battery and the held-out ones. */
export const MAIN_CLASSES = [
  'plain_figure',
  'total_vs_segment',
  'column_order',
  'label_digits',
  'ratio_entity',
  'computed',
  'scope',
  'abstain',
  'not_in_index',
  'lowercase_and_abbrev',
];

/** Classes of test/battery/shapes.jsonl: the shapes public financial QA benchmarks ask in. */
export const SHAPE_CLASSES = [
  'op_change',
  'op_pct_change',
  'op_sum',
  'op_difference',
  'op_average',
  'op_ratio',
  'op_share',
  'op_cagr',
  'year_in_question',
  'named_source',
  'note_row',
  'text_figure',
  'period_part',
  'must_abstain',
];

/** Classes of test/battery/fresh-figures.jsonl (issue 32's blind battery of figures): line items named
 * as the filing names them, typos, abbreviations and initials, differences, parts and kinds of account. */
export const FRESH_CLASSES = [
  'line_item_name',
  'typo',
  'lowercase_abbrev',
  'initials_abbrev',
  'difference',
  'part_segment',
  'kind_of_account',
];

/** More classes of test/battery/fresh4-figures.jsonl (a blind battery of parts of a whole): the same
 * item over years, across competitors, and a part's share of the whole. */
export const PART_CLASSES = ['line_item_years', 'competitors', 'part_share'];

/** Classes of test/battery/depth.jsonl (issue 40's battery, written before the engine's work on it): a
 * note's row, a segment, a geography, a 10-Q's quarter, a prior-year column, a roll-forward, a figure said
 * only in prose, words of the question that need a job, and figures whose unit is a trap. */
export const DEPTH_CLASSES = [
  'note_row',
  'segment',
  'geography',
  'quarter',
  'prior_year',
  'roll_forward',
  'prose',
  'word_job',
  'unit_trap',
];

/** Every class once ('note_row' is both a shape and a depth class). */
export const CLASSES = [...new Set([...MAIN_CLASSES, ...SHAPE_CLASSES, ...FRESH_CLASSES, ...PART_CLASSES, ...DEPTH_CLASSES])];

export const batteryFile = new URL('../../test/battery/questions.jsonl', import.meta.url).pathname;

export function loadBattery(file = batteryFile) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

/** Asks each question (research mode, 10 chains, extractive answer) and judges the answer. */
export async function runBattery(backend, questions) {
  const results = [];
  for (const q of questions) {
    const r = await backend.query({ query: q.question, mode: 'research', retrieval: { max_evidence: 10 }, include: { answer: true } });
    const answer = r.answer?.text ?? '';
    results.push({ q, answer, verdict: verdict(answer, q.expect) });
  }
  return results;
}

const empty = () => ({ n: 0, right: 0, wrong: 0, abstained: 0 });

/** Counts of right, wrong and abstained, overall and per class. */
export function tally(results) {
  const overall = empty();
  const byClass = {};
  for (const { q, verdict: v } of results) {
    for (const t of [overall, (byClass[q.class] ??= empty())]) {
      t.n++;
      t[v]++;
    }
  }
  return { overall, byClass };
}

const pct = (x, n) => (n ? `${((100 * x) / n).toFixed(0).padStart(3)}%` : '  -');
const line = (name, t) =>
  `${name.padEnd(21)} n=${String(t.n).padStart(2)}  right ${String(t.right).padStart(2)} (${pct(t.right, t.n)})  wrong ${String(t.wrong).padStart(2)} (${pct(t.wrong, t.n)})  abstained ${String(t.abstained).padStart(2)} (${pct(t.abstained, t.n)})`;

/** The figures: one line overall, then one a class. */
export function formatTally({ overall, byClass }) {
  return [line('overall', overall), ...CLASSES.filter((c) => byClass[c]).map((c) => line(c, byClass[c]))].join('\n');
}

const goldText = (e) =>
  'figure' in e
    ? `${e.figure} ${e.unit}`
    : 'abstain' in e
      ? 'abstain'
      : 'not_in_index' in e
        ? `not in index: ${e.not_in_index}`
        : `mentions ${e.mentions.join(', ')}`;

/** One line a question: verdict, id, gold, and the answer's first line. */
export function formatResults(results) {
  return results
    .map(
      ({ q, answer, verdict: v }) =>
        `${v.padEnd(9)} ${q.id.padEnd(28)} gold=${goldText(q.expect).padEnd(22)} | ${answer.replace(/\s+/g, ' ').slice(0, 150)}`,
    )
    .join('\n');
}

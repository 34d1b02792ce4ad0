// The XBRL battery run through a backend, its verdicts tallied by kind, period, dimension, unit and
// filing, and printed.
import { runBattery } from '../battery.js';

/** Asks each question as the answer batteries do (research mode, 10 chains, extractive answer). */
export const runXbrlBattery = runBattery;

const empty = () => ({ n: 0, right: 0, wrong: 0, abstained: 0 });

/** Right, wrong and abstained overall, plain vs dimensional, current vs prior, by period kind,
 * by dimension kind, by unit and by filing. */
export function tallyXbrl(results) {
  const t = { overall: empty(), kind: {}, timing: {}, periodKind: {}, dimKind: {}, unit: {}, filing: {} };
  for (const { q, verdict: v } of results) {
    for (const c of [
      t.overall,
      (t.kind[q.kind] ??= empty()),
      (t.timing[q.timing] ??= empty()),
      (t.periodKind[q.periodKind] ??= empty()),
      (t.dimKind[q.dimKind] ??= empty()),
      (t.unit[q.expect.unit] ??= empty()),
      (t.filing[q.filing] ??= empty()),
    ]) {
      c.n++;
      c[v]++;
    }
  }
  return t;
}

const pct = (x, n) => (n ? `${((100 * x) / n).toFixed(0).padStart(3)}%` : '   -');
const line = (name, c) =>
  `  ${name.padEnd(20)} n=${String(c.n).padStart(4)}  right ${String(c.right).padStart(4)} (${pct(c.right, c.n)})  wrong ${String(c.wrong).padStart(4)} (${pct(c.wrong, c.n)})  abstained ${String(c.abstained).padStart(4)} (${pct(c.abstained, c.n)})`;

export function formatXbrlTally(t) {
  const block = (title, obj, order) => [title, ...(order ?? Object.keys(obj).sort()).filter((k) => obj[k]).map((k) => line(k, obj[k]))];
  return [
    line('overall', t.overall).trimStart(),
    ...block('by kind', t.kind, ['plain', 'dimensional']),
    ...block('by period', t.timing, ['current', 'prior']),
    ...block('by period kind', t.periodKind, ['duration', 'instant']),
    ...block('by dimension', t.dimKind, ['plain', 'segment', 'product', 'geography', 'other']),
    ...block('by unit', t.unit),
    ...block('by filing', t.filing),
  ].join('\n');
}

const goldText = (e) => `${e.figure} ${e.unit}`;

/** One line a question: verdict, id, gold, question, and the answer's first line. */
export function formatXbrlResults(results) {
  return results
    .map(
      ({ q, answer, verdict: v }) =>
        `${v.padEnd(9)} ${q.id.padEnd(18)} gold=${goldText(q.expect).padEnd(24)} ${q.question}\n${' '.repeat(29)}| ${answer.replace(/\s+/g, ' ').slice(0, 200)}`,
    )
    .join('\n');
}

/** Counts of the generated battery: per filing, kind, period and dimension kind. */
export function describeBattery(questions, stats) {
  const count = (f) => {
    const m = {};
    for (const q of questions) m[f(q)] = (m[f(q)] ?? 0) + 1;
    return m;
  };
  const fmt = (o) =>
    Object.entries(o)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  const skipped = Object.entries(stats.skipped)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return [
    `${questions.length} questions: ${fmt(count((q) => q.kind))}; ${fmt(count((q) => q.timing))}; ${fmt(count((q) => q.periodKind))}; ${fmt(count((q) => q.dimKind))}; labels ${fmt(count((q) => q.labelSource))}`,
    `per filing: ${Object.entries(stats.byFiling)
      .map(([k, s]) => `${k} ${s.selected}/${s.candidates}`)
      .join(', ')} (asked / askable facts)`,
    `dropped: ${stats.ambiguous} facts whose every label is ambiguous (another value for the same label, period and members), ${stats.crossFiling} questions asked of two filings with different golds; facts not asked: ${skipped}`,
  ].join('\n');
}

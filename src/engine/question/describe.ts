// The Reading said in one line, for a notice and for `filings query --explain`: what each run of the
// question's words was read as, and the structure made of them, so a user sees at once why an answer
// came out as it did.
import { LINE_ITEM } from '../lexicon/line-items.js';
import { METRIC } from '../lexicon/metrics.js';
import type { Measure, Period, Reading, Role } from './reading.js';

const QUARTER = ['', 'Q1', 'Q2', 'Q3', 'Q4'];

function measureText(m: Measure): string {
  const what = m.metric
    ? `metric ${METRIC.get(m.metric)!.name}`
    : m.item
      ? `line item ${LINE_ITEM.get(m.item)!.name}`
      : `label "${m.words.join(' ')}"`;
  const also = m.initials?.length ? ` (also "${m.initials.join('", "')}")` : '';
  return m.qualifiers.length > 0 ? `${what}, narrowed by "${m.qualifiers.join(' ')}"${also}` : `${what}${also}`;
}

function periodText(p: Period): string {
  const years =
    p.years.length === 0
      ? 'the latest reported'
      : p.range && p.years.length > 2
        ? `fiscal ${p.years[p.years.length - 1]}-${p.years[0]}`
        : p.years.map((y) => `fiscal ${y}`).join(', ');
  const part = p.trailing
    ? `, trailing twelve months${p.quarter ? ` to ${QUARTER[p.quarter]}` : ''}`
    : p.secondHalf
      ? ', second half'
      : p.quarter
        ? p.months && p.months > 3
          ? `, ${p.months} months to ${QUARTER[p.quarter]}`
          : `, ${QUARTER[p.quarter]}`
        : '';
  return `${years}${part}${p.scheduled ? ' (a row of a maturity schedule)' : ''}`;
}

/** Runs of consecutive words of one role: `company "Apple's" · measure "net sales"`. */
function wordRuns(r: Reading): string {
  const runs: { role: Role | undefined; text: string }[] = [];
  for (const w of r.words) {
    const last = runs[runs.length - 1];
    const raw = r.question.slice(w.start, w.end);
    if (last && last.role === w.role) last.text += ` ${raw}`;
    else runs.push({ role: w.role, text: raw });
  }
  return runs.map((x) => (x.role === 'filler' || x.role === 'framing' ? `"${x.text}"` : `${x.role} "${x.text}"`)).join(' · ');
}

/** A screen's set in a few words. */
function setText(r: Reading): string {
  const s = r.set!;
  if (s.kind === 'index') return 'every company of the index';
  if (s.kind === 'peers') return `peers of ${s.of} (${s.names.join(', ')})`;
  return `${s.kind.replace('_', '-')} ${s.names.join(', ')}`;
}

/** One line: the structure, then the words as read. */
export function describeReading(r: Reading): string {
  const parts: string[] = [];
  if (r.companies.length > 0) parts.push(`company ${r.companies.map((c) => c.ticker).join(', ')}`);
  // A screen's set: "set sector Consumer Discretionary", "set peers of QCOM (Semiconductors)".
  if (r.set) parts.push(`set ${setText(r)}`);
  for (const a of r.ambiguousCompanies ?? []) parts.push(`company "${a.text}" as near ${a.tickers.join(' as ')}: not read`);
  if (r.figure) {
    parts.push(r.measures.length > 0 ? `measure ${r.measures.map(measureText).join('; ')}` : 'measure none read');
    parts.push(`period ${periodText(r.period)}`);
    const op = r.operation;
    // (A screen's order and how many, said: "highest first, top 3".)
    const order = op.rank && r.set ? `, ${op.rank.order === 'desc' ? 'highest' : 'lowest'} first${op.top ? `, top ${op.top}` : ''}` : '';
    parts.push(`operation ${op.kind.replace('_', ' ')}${op.overYears ? ' over the years' : ''}${order}`);
    if (r.exclusions.length > 0) parts.push(`excluding ${r.exclusions.map((e) => `"${e.text}"`).join(', ')}`);
    if (r.source) {
      const edition = r.source.edition ? ` as ${r.source.edition === 'original' ? 'originally reported' : 'restated'}` : '';
      parts.push(`source ${r.source.form ?? 'filing'}${r.source.fiscalYear ? ` FY${r.source.fiscalYear}` : ''}${edition}`);
    }
  } else {
    parts.push('a passage is asked, not a figure');
  }
  if (r.corrections?.length) parts.push(`read as ${r.corrections.map((c) => `"${c.from}" -> "${c.to}"`).join(', ')}`);
  // Which answer it wants ("kind acquisitions", "kind drivers"): a list, a named risk, a change's causes.
  if (r.kind) parts.push(`kind ${r.kind}`);
  parts.push(`unread ${r.unread.length > 0 ? r.unread.map((w) => `"${w}"`).join(', ') : 'none'}`);
  return `${parts.join('; ')}. Words: ${wordRuns(r)}`;
}

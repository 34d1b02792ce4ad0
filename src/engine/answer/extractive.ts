// The offline answer, built only from the evidence and citing its source ids exactly. For figures: each
// figure with its unit, scale, company, year and where it is printed; a metric with its inputs; a change
// with both ends; and, where the evidence does not state what was asked, a plain sentence saying so —
// never the nearest number. A company the index holds nothing of is said first. Otherwise (a question
// about a topic, or what a company does) the strongest claims, in order.
import { LINE_ITEM } from '../lexicon/line-items.js';
import { METRIC } from '../lexicon/metrics.js';
import type { EvidenceChain, EvidenceEntry } from '../evidence/types.js';
import type { QueryAnalysis } from '../retrieve/analyze.js';
import type { FigureAnswer, FigureLine } from './figure-answer.js';
import { days, grouped, inBillions, money, percent, perShare, ratio, shares, times } from './format.js';
import { auditorsIn } from './auditor.js';
import { amount } from './metrics.js';
import type { Figure } from './resolve.js';
import { stem, stemsOf } from '../text/words.js';

export const NO_DATA = 'No data found';

const cite = (e: EvidenceEntry) => `[${e.sources.map((s) => s.source.id).join(', ')}]`;

export interface AnswerInput {
  question: string;
  chains: EvidenceChain[];
  analysis: QueryAnalysis;
  figures?: FigureAnswer;
  /** Companies asked about that the index holds nothing of. */
  missing: { ticker: string; name: string }[];
  /** Where figures the evidence lacks are instead (a 10-K's annual report exhibit), said after them. */
  elsewhere?: string[];
  /** Display names of tickers ("Walmart"). */
  names: Map<string, string>;
  /** Companies that name their fiscal years off the index's labels, and the offset (directory.ts):
   * ULTA -1, its FY-2024 being its "fiscal 2023". */
  fiscalNaming?: Map<string, number>;
}

const STATEMENT_NAME: Record<string, string> = {
  income: 'income statement',
  comprehensive_income: 'statement of comprehensive income',
  balance: 'balance sheet',
  cash_flow: 'cash flow statement',
  equity: 'statement of equity',
};

/** The source ids of the evidence entries that show these figures' rows, in one bracket. */
function citeFigure(chains: EvidenceChain[], ...figures: Figure[]): string {
  const ids = new Set<string>();
  for (const f of figures) for (const id of figureIds(chains, f)) ids.add(id);
  return ids.size ? `[${[...ids].join(', ')}]` : '';
}

function figureIds(chains: EvidenceChain[], f: Figure): Set<string> {
  const ids = new Set<string>();
  for (const c of chains) {
    for (const e of c.entries) if (e.row && e.row.table.id === f.table.id && e.row.index === f.rowIndex) e.sources.forEach((s) => ids.add(s.source.id));
  }
  if (ids.size === 0) {
    for (const c of chains) if (c.table && c.table.table.id === f.table.id && c.table.shown.includes(f.rowIndex)) c.entries[0]?.sources.forEach((s) => ids.add(s.source.id));
  }
  return ids;
}

/** "$10,705 million (≈ $10.7 billion)", "$1.76 per share", "566.0 million shares". */
export function describe(f: Figure, billions: boolean): string {
  const def = LINE_ITEM.get(f.item)!;
  if (def.unit === 'per_share') return perShare(f.value);
  if (def.unit === 'shares') return shares(f.value, f.scale);
  const v = amount(f) / f.scale;
  const base = money(v, f.scale, f.decimals);
  const b = billions ? inBillions(v, f.scale) : undefined;
  return b && b !== base ? `${base} (≈ ${b})` : base;
}

function where(f: Figure): string {
  const m = f.table.model;
  const place = m.statement ? `the ${f.filing.sec_form_type} FY${f.filing.sec_fiscal_year.slice(3)} ${STATEMENT_NAME[m.statement]}` : `a table of the ${f.filing.sec_form_type} FY${f.filing.sec_fiscal_year.slice(3)}${m.caption ? ` ("${m.caption.split(' / ').pop()!.slice(0, 60)}")` : ''}`;
  const printed = f.value < 0 && amount(f) > 0 ? ` as (${grouped(Math.abs(f.value), 3)}), an outflow` : '';
  const inferred = f.inferred ? '; the column\'s year is inferred, the filing\'s text having lost its header' : '';
  const xbrl = f.concept ? `; the reported XBRL value (${f.concept})` : '';
  return `"${f.label}"${printed}, ${place}${inferred}${xbrl}`;
}

function metricValue(r: { metric: { format: string }; value: number; inputs: Figure[] }, scale: number): string {
  switch (r.metric.format) {
    case 'percent': return percent(r.value);
    case 'ratio': return ratio(r.value);
    case 'times': return times(r.value);
    case 'days': return days(r.value);
    default: return money(r.value / scale, scale, Math.max(0, ...r.inputs.map((f) => f.decimals)));
  }
}

const CAGR = /\bcagr\b|\bcompound(?:ed)? annual(?: growth)?(?: rate)?\b/i;
const QUARTER = ['', 'first', 'second', 'third', 'fourth'];
const periodText = (year: number, quarter?: number, months?: number) =>
  quarter ? (months === 6 ? `the first half of fiscal ${year}` : months === 9 ? `the first nine months of fiscal ${year}` : `the ${QUARTER[quarter]} quarter of fiscal ${year}`) : `fiscal ${year}`;

function lineText(l: FigureLine, input: AnswerInput, billions: boolean): string {
  // A name with digits ("3M") would read as a figure to a quick eye or a parser: the ticker says it.
  const who = (t: string) => {
    const name = input.names.get(t) ?? t;
    return /\d/.test(name) || name === t ? t : `${name} (${t})`;
  };
  // The period in the company's own naming, and the index's label beside it when they differ.
  const offset = input.fiscalNaming?.get(l.ticker) ?? 0;
  const fy = (year: number) => year + offset;
  const named = offset ? (year: number) => ` (the company's naming; FY-${year} in the index)` : () => '';
  const period = (year: number, quarter?: number, months?: number) => `${periodText(fy(year), quarter, months)}${named(year)}`;
  switch (l.kind) {
    case 'figure': {
      const f = l.resolved.figure;
      const name = LINE_ITEM.get(l.item)!.name;
      const loss = l.item === 'net_income' && f.value < 0 ? ' (a net loss)' : '';
      let s = `${who(l.ticker)} ${name} for ${period(l.year, l.quarter, l.months)}: ${describe(f, billions)}${loss}, reported as ${where(f)} ${citeFigure(input.chains, f)}.`;
      if (l.resolved.conflicts.length > 0) {
        const other = l.resolved.conflicts[0]!;
        s += ` The same statements also show ${describe(other, billions)} for "${other.label}" ${citeFigure(input.chains, other)}: the figures conflict, so check which one the question means.`;
      }
      return s;
    }
    case 'growth': {
      const name = l.part ? `${LINE_ITEM.get(l.item)!.name} ("${l.part}")` : LINE_ITEM.get(l.item)!.name;
      const a = amount(l.from);
      const b = amount(l.to);
      const change = a !== 0 ? b / a - 1 : NaN;
      const verb = change >= 0 ? 'grew' : 'declined';
      const span = l.to.year - l.from.year;
      const years = `from fiscal ${fy(l.from.year)} to fiscal ${fy(l.to.year)}${named(l.to.year).replace(/FY-\d+/, `FY-${l.from.year} and FY-${l.to.year}`)}`;
      // "2 year revenue CAGR": the annual rate compounding to the whole change, with the whole change too.
      if (span >= 2 && CAGR.test(input.question) && a > 0 && b > 0) {
        const rate = (b / a) ** (1 / span) - 1;
        return `${who(l.ticker)} ${name} compound annual growth rate ${years} (${span} years): ${rate < 0 ? '-' : ''}${percent(Math.abs(rate))} a year, ${describe(l.from, billions)} to ${describe(l.to, billions)} (${change >= 0 ? '+' : '-'}${percent(Math.abs(change))} in all) ${citeFigure(input.chains, l.from, l.to)}. Computed as (${l.to.year} / ${l.from.year})^(1/${span}) - 1.`;
      }
      return `${who(l.ticker)} ${name} ${verb} ${percent(Math.abs(change))} ${years}: ${describe(l.from, billions)} to ${describe(l.to, billions)} ${citeFigure(input.chains, l.from, l.to)}.`;
    }
    case 'metric': {
      const r = l.result;
      const scale = r.inputs[0]?.scale ?? 1;
      const inputs = r.inputs.map((f) => `${LINE_ITEM.get(f.item)!.name} ${describe(f, false)} (${periodText(fy(f.year), l.quarter, l.months)}) ${citeFigure(input.chains, f)}`).join('; ');
      const formula = r.inputs.some((f) => f.item === 'gross_profit') ? 'gross profit / revenue' : r.metric.note;
      const note = formula ? ` Computed as ${formula}${r.metric.avg && !r.averaged ? ', with year-end figures (the year before was not in the evidence)' : ''}.` : '';
      return `${who(l.ticker)} ${r.metric.name} for ${period(l.year, l.quarter, l.months)}: ${metricValue(r, scale)}. Inputs: ${inputs}.${note}`;
    }
    case 'row': {
      const f = l.figure;
      const cell = f.table.model.rows[f.rowIndex]!.cells[f.column]!;
      const unit = f.table.model.unit;
      // A ratio row of a table "in millions, except ratios" prints its ratio in percent.
      const ratioRow = /\bratio|\brate\b/i.test(f.label);
      const value = cell.percent || (ratioRow && /except[^)]*\b(?:ratios?|percent)/i.test(unit?.text ?? ''))
        ? `${f.value}%`
        : ratioRow
          ? String(f.value)
          : /per (?:common )?share/i.test(f.label)
            ? perShare(f.value)
            : unit
              ? money(f.value, unit.scale, f.decimals)
              : `${grouped(f.value, 3)} (the table states no unit)`;
      return `${who(l.ticker)} ${f.label.replace(/[:\s]+$/, '')} for ${period(l.year, l.quarter, l.months)}: ${value}, reported as ${where(f)} ${citeFigure(input.chains, f)}.`;
    }
    case 'count':
      if (l.parts) return `${who(l.ticker)}: ${l.count} ${l.noun} in all, the sum of the parts the filing states (${l.parts.join('; ')}) ${cite(l.entry)}.`;
      return `${who(l.ticker)}: ${l.count} ${l.noun}, as the filing states it ${cite(l.entry)}.`;
    case 'stated': {
      const name = `${LINE_ITEM.get(l.item)!.name}${l.narrowed?.length ? ` (${l.narrowed.join(', ')})` : ''}`;
      return `${who(l.ticker)} ${name} for ${period(l.year)}: ${l.stated.text}, as the filing states it in the text ${cite(l.entry)}.`;
    }
    case 'absent': {
      if (l.what.words !== undefined) {
        const name = input.names.get(l.ticker) ?? l.ticker;
        return `The evidence does not plainly state this figure for ${/\d/.test(name) ? l.ticker : name}, ${period(l.year, l.quarter, l.months)}.`;
      }
      const narrowed = l.what.narrowed?.length ? ` (${l.what.narrowed.join(', ')})` : '';
      const what = `${l.what.item ? LINE_ITEM.get(l.what.item)!.name : METRIC.get(l.what.metric!)!.name}${narrowed}`;
      const lacking = l.lacking?.length ? ` (the evidence lacks its ${l.lacking.map((k) => LINE_ITEM.get(k)!.name).join(' and ')})` : '';
      const name = input.names.get(l.ticker) ?? l.ticker;
      return `The evidence does not state ${/\d/.test(name) ? l.ticker : name}'s ${what} for ${period(l.year, l.quarter, l.months)}${lacking}.`;
    }
  }
}

/** Several companies' figures of the same thing and year: which is higher, and by how much. */
function compare(lines: FigureLine[], input: AnswerInput): string | undefined {
  const values = lines.flatMap((l) => {
    if (l.kind === 'figure') return [{ key: `${l.item}|${l.year}`, ticker: l.ticker, value: amount(l.resolved.figure), text: describe(l.resolved.figure, false), what: LINE_ITEM.get(l.item)!.name, year: l.year }];
    if (l.kind === 'metric') return [{ key: `${l.result.metric.key}|${l.year}`, ticker: l.ticker, value: l.result.value, text: metricValue(l.result, l.result.inputs[0]?.scale ?? 1), what: l.result.metric.name, year: l.year }];
    return [];
  });
  const first = values[0];
  const same = first ? values.filter((v) => v.key === first.key) : [];
  if (!first || same.length < 2 || new Set(same.map((v) => v.ticker)).size < 2) return undefined;
  const sorted = [...same].sort((a, b) => b.value - a.value);
  const name = (t: string) => {
    const n = input.names.get(t) ?? t;
    return /\d/.test(n) ? t : n;
  };
  const [hi, lo] = [sorted[0]!, sorted[sorted.length - 1]!];
  return `Compared: ${name(hi.ticker)}'s ${first.what} for fiscal ${first.year} (${hi.text}) is the higher, ${name(lo.ticker)}'s (${lo.text}) the lower.`;
}

/** A claim that reads as a statement, not a caption, heading or table label. */
export function isSentenceLike(text: string): boolean {
  const w = text.match(/[A-Za-z]{2,}/g) ?? [];
  return w.length >= 6 && !text.includes(' / ') && (text.match(/\b[a-z]{4,}\b/g) ?? []).length >= 3;
}

/** The strongest claims: per chain, the entry that holds most of the question's words (its first on a
 * tie), or up to `perChain` of the first chain (a company's own description of its business reads best
 * whole). */
const LIST_QUESTION = /^\s*(?:what|which) (?:are|were)\b|\b(?:list|name) (?:the|its|their|all)\b|\b(?:what|which) (?:\w+ )?(?:segments|products|brands|businesses|divisions)\b|\bwhat are (?:its|their) \w+/i;
// A sentence that enumerates: "the following segments: A, B, and C", "include A, B and C".
const ENUMERATES = /(?::\s*|\b(?:include|includes|including|consist(?:s)? of|comprised? of|comprises|are)\s+)[^.;]*,[^.;]*\b(?:and|or)\b/i;

/** The sentence of the evidence that lists what the question asks, the one naming most of its words. */
function listSentence(chains: EvidenceChain[], terms: string[]): string | undefined {
  const wanted = new Set(terms.map(stem));
  let best: { e: EvidenceEntry; hits: number } | undefined;
  for (const c of chains) {
    for (const e of c.entries) {
      if (e.row || !isSentenceLike(e.consensus) || !ENUMERATES.test(e.consensus)) continue;
      // Names listed ("Scores, Software") over words listed ("revenues, operating income, and ...").
      const listed = ENUMERATES.exec(e.consensus)![0];
      const names = (listed.match(/(?:^|,\s*|\band\s+|:\s*)[A-Z]/g) ?? []).length;
      const hits = stemsOf(e.consensus).filter((w) => wanted.has(w)).length + (names >= 2 ? 2 : 0);
      if (hits > (names >= 2 ? 2 : 0) && (!best || hits > best.hits)) best = { e, hits };
    }
  }
  return best ? `${best.e.consensus.replace(/\s+/g, ' ').trim().replace(/[.;:]?$/, '')} ${cite(best.e)}.` : undefined;
}

function claimSentences(chains: EvidenceChain[], max: number, perChain = 1, terms: string[] = []): string[] {
  const wanted = new Set(terms.map(stem));
  const hits = (e: EvidenceEntry) => stemsOf(e.consensus).filter((w) => wanted.has(w)).length;
  const out: string[] = [];
  chains.forEach((c, ci) => {
    const sentences = c.entries.filter((x) => !x.row && isSentenceLike(x.consensus));
    const claims = ci === 0 && perChain > 1 ? sentences.slice(0, perChain) : [...sentences].sort((a, b) => hits(b) - hits(a)).slice(0, 1);
    for (const e of claims) {
      if (out.length >= max) return;
      out.push(`${e.consensus.replace(/\s+/g, ' ').trim().replace(/[.;:]?$/, '')} ${cite(e)}.`);
    }
  });
  return out;
}

export function composeExtractive(input: AnswerInput): string {
  const { chains } = input;
  const parts: string[] = [];
  if (input.missing.length > 0) {
    const list = input.missing.map((m) => `${m.name} (${m.ticker})`).join(', ');
    parts.push(`The index holds no filings of ${list}, so this cannot be answered from it; add them with: filings corpus pull ${input.missing.map((m) => m.ticker).join(' ')}.`);
    if (chains.length === 0) return parts.join('\n');
  }
  if (chains.length === 0) return parts.length ? parts.join('\n') : NO_DATA;
  const billions = /\bbillions?\b/i.test(input.question);
  const lines = input.figures?.lines ?? [];
  if (lines.length > 0) {
    parts.push(...lines.map((l) => lineText(l, input, billions)));
    const comparison = compare(lines, input);
    if (comparison) parts.push(comparison);
    if (lines.some((l) => l.kind === 'absent')) parts.push(...(input.elsewhere ?? []));
    if (lines.every((l) => l.kind === 'absent')) {
      // Set apart from the answer by a blank line: what the evidence says nearby, not an answer.
      const context = claimSentences(chains.filter((c) => c.relevance >= 5), 1);
      if (context.length) parts.push(`\nRelated evidence: ${context.join(' ')}`);
    }
    return parts.join('\n');
  }
  const best = Math.max(...chains.map((c) => c.relevance));
  if (input.analysis.figure && (input.analysis.items.length > 0 || input.analysis.metrics.length > 0)) {
    parts.push('The evidence does not state the figure asked for.');
    return parts.join('\n');
  }
  if (best < 4) {
    parts.push(['The evidence does not directly answer this question. The closest passages say:', ...claimSentences(chains, 2)].join(' '));
    return parts.join('\n');
  }
  // "Who audits HPE?": the firm that signed the auditor's report, with the year it has served since.
  if (input.analysis.topics.some((t) => t.name === 'auditor')) {
    const auditors = auditorsIn(chains);
    if (auditors.length > 0) {
      parts.push(
        ...auditors.map((a) => {
          const t = a.source.filing.sec_ticker;
          const who = (t && input.names.get(t)) || a.source.filing.company;
          const since = a.since ? `; it has served as the company's auditor since ${a.since.year} ${cite(a.since.entry)}` : '';
          return `${who}'s auditor is ${a.firm}, which signed the report of the independent registered public accounting firm in the ${a.source.filing.sec_form_type} FY${a.source.filing.sec_fiscal_year.slice(3)} ${cite(a.signed)}${since}.`;
        }),
      );
      return parts.join('\n');
    }
  }
  const terms = [...input.analysis.terms, ...input.analysis.topics.flatMap((t) => t.say)];
  const relevant = chains.filter((c) => c.relevance >= Math.min(4, best - 2));
  const claims = input.analysis.overview ? claimSentences(chains, 6, 4) : claimSentences(relevant, 4, 1, terms);
  // "What are Microsoft's reportable segments?": the sentence that lists them comes first.
  const list = LIST_QUESTION.test(input.question) ? listSentence(relevant, terms) : undefined;
  if (list) claims.splice(0, claims.length, list, ...claims.filter((c) => c !== list));
  if (claims.length === 0) parts.push('The evidence does not state an answer to this in words; the tables in the evidence below may hold it.');
  else parts.push(claims.slice(0, input.analysis.overview ? 7 : 5).join(' '));
  return parts.join('\n');
}

/** Text in small pieces, as deltas of a stream: words with their spacing, a few at a time. */
export function chunks(text: string, size = 4): string[] {
  const words = text.match(/\S+\s*/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += size) out.push(words.slice(i, i + size).join(''));
  return out;
}

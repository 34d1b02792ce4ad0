// Figure lines written out for an analyst: the figure with its unit, scale, company and period first,
// then where it is printed, with the evidence's source ids; an operation with each input and its
// source; a figure not stated, with why; a question not read as asked says so before anything else, then
// what can be stated instead.
import type { EvidenceChain, EvidenceEntry } from '../evidence/types.js';
import { LINE_ITEM } from '../lexicon/line-items.js';
import { METRIC } from '../lexicon/metrics.js';
import type { Measure } from '../question/reading.js';
import { OPERATIONS } from '../operations/table.js';
import type { AmountUnit } from '../operations/units.js';
import type { FigureLine, Input, Point } from './figure-lines.js';
import { amountAtScale, count, days, grouped, percent, perShare, ratio, shares, times } from '../text/format.js';
import type { Figure } from './resolve.js';
import type { FactValue } from '../xbrl/index.js';
import { amount } from './metrics.js';
import { shareOf } from './parent-share.js';
import { partOfTotal } from './part-of-total.js';
import { tooManyText } from './too-many.js';
import { ANSWER_TUNING } from './tuning.js';
import { measureFacts } from '../question/derived.js';

export interface WriteContext {
  chains: EvidenceChain[];
  /** Display names of tickers ("Walmart"). */
  names: Map<string, string>;
  /** Companies that name their fiscal years off the index's labels, and the offset. */
  fiscalNaming?: Map<string, number>;
  /** Amounts also in billions (the question asks in billions). */
  billions: boolean;
}

const STATEMENT_NAME: Record<string, string> = {
  income: 'income statement',
  comprehensive_income: 'statement of comprehensive income',
  balance: 'balance sheet',
  cash_flow: 'cash flow statement',
  equity: 'statement of equity',
};
const QUARTER = ['', 'first', 'second', 'third', 'fourth'];

export const cite = (e: EvidenceEntry) => `[${e.sources.map((s) => s.source.id).join(', ')}]`;

/** The source ids of the evidence entries that show these figures' rows, in one bracket. */
export function citeFigure(chains: EvidenceChain[], ...figures: Figure[]): string {
  const ids = new Set<string>();
  for (const f of figures) {
    let found = false;
    for (const c of chains) {
      for (const e of c.entries) {
        if (e.row && e.row.table.id === f.table.id && e.row.index === f.rowIndex) {
          for (const s of e.sources) ids.add(s.source.id);
          found = true;
        }
      }
    }
    if (!found)
      for (const c of chains)
        if (c.table && c.table.table.id === f.table.id && c.table.shown.includes(f.rowIndex))
          for (const s of c.entries[0]?.sources ?? []) ids.add(s.source.id);
  }
  return ids.size ? `[${[...ids].join(', ')}]` : '';
}

/** The source ids of the entry that shows a statement (a sentence). */
function citeStatement(chains: EvidenceChain[], statementId: number): string {
  for (const c of chains)
    for (const e of c.entries) if (!e.row && e.sources.some((s) => s.statementIds.includes(statementId))) return cite(e);
  return '';
}

/** "$10,705 million (≈ $10.7 billion)", "$1.76 per share", "566.0 million shares", "12.5%". */
export function describe(f: Figure, billions: boolean): string {
  if (f.unit === 'per_share') return perShare(f.value);
  if (f.unit === 'shares') return shares(f.value, f.scale);
  if (f.unit === 'percent') return `${grouped(f.value, f.decimals, f.decimals)}%`;
  if (f.unit === 'number')
    return f.counted !== undefined ? count(f.value, f.scale, f.decimals, f.counted) : grouped(f.value * f.scale, f.decimals);
  return amountAtScale(amount(f) / f.scale, f.scale, f.decimals, billions);
}

function where(f: Figure): string {
  const m = f.table.model;
  const fy = `${f.filing.sec_form_type} FY${f.filing.sec_fiscal_year.slice(3)}`;
  const place = m.statement
    ? `the ${fy} ${STATEMENT_NAME[m.statement]}`
    : `a table of the ${fy}${m.caption ? ` ("${m.caption.split(' / ').pop()!.slice(0, 60)}")` : ''}`;
  const printed = f.value < 0 && amount(f) > 0 ? ` as (${grouped(Math.abs(f.value), 3)}), an outflow` : '';
  // No word about a column's year: a figure is read only from a column whose year is printed, or settled
  // by the company's other reports or by the order the filing's own headers and sentences show.
  const xbrl = f.concept ? `; the reported XBRL value (${f.concept})` : '';
  return `"${f.label}"${printed}, ${place}${xbrl}`;
}

const periodText = (year: number, p: Omit<Point, 'year'> = {}) =>
  p.trailing
    ? `the twelve months ending with the ${QUARTER[p.quarter ?? 4]} quarter of fiscal ${year}`
    : p.secondHalf
      ? `the second half of fiscal ${year}`
      : p.quarter
        ? p.months === 6
          ? `the first half of fiscal ${year}`
          : p.months === 9
            ? `the first nine months of fiscal ${year}`
            : `the ${QUARTER[p.quarter]} quarter of fiscal ${year}`
        : `fiscal ${year}`;

/** How a measure is named in an answer: the lexicon's name with its qualifiers, or its own words. */
export function measureName(m: Measure): string {
  if (m.label) return m.label;
  // Words with digits ("Windows 10", "Tier 1") would read as figures before the figure: the row's
  // label, printed after it, names them.
  const words = (ws: string[]) => ws.filter((w) => !/\d/.test(w)).join(' ');
  const base = m.metric ? METRIC.get(m.metric)!.name : m.item ? LINE_ITEM.get(m.item)!.name : measureFacts(m).shown || 'the figure';
  const quals = words(m.qualifiers);
  return quals && (m.item || m.metric) ? `${base} (${quals})` : base;
}

/** What the inputs count when every one is a row that counts the same thing (resolve.ts `counted`). */
function countedOf(inputs: Input[]): string | undefined {
  const nouns = new Set(inputs.map((i) => (i.found.kind === 'row' ? i.found.figure.counted : undefined)));
  const [noun] = nouns;
  return nouns.size === 1 ? noun : undefined;
}

/** An amount in units written in its unit; money at the scale of the figures it came from, and a count
 * of rows that count things at their printed scale ("11,539 million gallons"). */
function amountText(value: number, unit: AmountUnit, scale: number, decimals: number, billions: boolean, counted?: string): string {
  switch (unit) {
    case 'percent':
      return percent(value);
    case 'points':
      return `${value < 0 ? '-' : ''}${Math.abs(value).toFixed(1)} percentage points`;
    case 'ratio':
      return ratio(value);
    case 'times':
      return times(value);
    case 'days':
      return days(value);
    case 'per_share':
      return perShare(value);
    case 'number':
      return counted !== undefined ? count(value / scale, scale, decimals, counted) : grouped(value, 1);
    case 'shares':
      return grouped(value, 1);
    case 'money':
      return amountAtScale(value / scale, scale, decimals, billions);
  }
}

/** A company fact's amount: money in millions (or dollars when under a million), as EDGAR's whole
 * dollars read. */
function factAmount(x: FactValue, billions: boolean): string {
  if (x.unit === 'USD/shares') return perShare(x.value);
  if (x.unit === 'shares') return shares(x.value / 1e6, 1e6);
  if (Math.abs(x.value) < 1e6) return amountAtScale(x.value, 1, 0, billions);
  return amountAtScale(x.value / 1e6, 1e6, x.value % 1e6 === 0 ? 0 : 1, billions);
}

/** "the 10-K filed 2025-02-26, accession 0001045810-25-000023". */
const reportName = (x: FactValue) => `the ${x.form} filed ${x.filed}, accession ${x.accession}`;

/** What the company facts say of a text figure's period: they agree, a later report restated it, or
 * they hold another value (both named). */
function checkedText(i: Input, billions: boolean): string {
  const c = i.checked;
  if (!c) return '';
  if (c.status === 'agree') return `; the XBRL company facts agree (${c.fact.concept})`;
  if (c.status === 'restated')
    return `; the XBRL company facts hold ${factAmount(c.fact, billions)} for it as restated by ${reportName(c.fact)}`;
  return (
    `; the XBRL company facts hold ${factAmount(c.fact, billions)} (${c.fact.concept}, ${reportName(c.fact)}): ` +
    'the two disagree, so check which one the question means'
  );
}

/** The scale and decimals money of these inputs is written at: their tables'. */
function scaleOf(inputs: Input[]): { scale: number; decimals: number } {
  const rows = inputs.flatMap((i) => (i.found.kind === 'row' ? [i.found.figure] : i.found.kind === 'metric' ? i.found.result.inputs : []));
  // Company facts, in millions (whole millions as EDGAR's dollars usually are).
  if (rows.length === 0 && inputs.every((i) => i.found.kind === 'fact') && inputs.some((i) => Math.abs(i.amount) >= 1e6))
    return { scale: 1e6, decimals: inputs.every((i) => i.amount % 1e6 === 0) ? 0 : 1 };
  if (rows.length > 0) return { scale: rows[0]!.scale, decimals: Math.max(0, ...rows.map((f) => f.decimals)) };
  // Figures stated in text, at the scale they were written ("$5,190 million").
  const said = inputs.flatMap((i) => (i.found.kind === 'text' ? [i.found.text.text] : []));
  const scales = said.map((t) => (/\bbillion/i.test(t) ? 1e9 : /\bmillion/i.test(t) ? 1e6 : /\bthousand/i.test(t) ? 1e3 : 1));
  if (said.length === inputs.length && new Set(scales).size === 1)
    return { scale: scales[0]!, decimals: Math.max(0, ...said.map((t) => /\d\.(\d+)/.exec(t)?.[1]?.length ?? 0)) };
  const big = Math.max(...inputs.map((i) => Math.abs(i.amount)));
  return { scale: big >= 1e9 ? 1e9 : big >= 1e6 ? 1e6 : 1, decimals: 1 };
}

export class FigureWriter {
  constructor(private readonly ctx: WriteContext) {}

  /** A name with digits ("3M") would read as a figure: the ticker says it. */
  private who(t: string): string {
    const name = this.ctx.names.get(t) ?? t;
    return /\d/.test(name) || name === t ? t : `${name} (${t})`;
  }

  private bare(t: string): string {
    const name = this.ctx.names.get(t) ?? t;
    return /\d/.test(name) ? t : name;
  }

  /** The period in the company's own naming, and the index's label beside it when they differ. */
  private period(ticker: string, p: Point): string {
    const offset = this.ctx.fiscalNaming?.get(ticker) ?? 0;
    return `${periodText(p.year + offset, p)}${offset ? ` (the company's naming; FY-${p.year} in the index)` : ''}`;
  }

  /** One input: its amount, where it is printed, and its source. */
  inputText(i: Input, withWhere = true): string {
    const b = this.ctx.billions;
    const f = i.found;
    if (i.parts) {
      const part = (p: (typeof i.parts)[number], k: number) =>
        `${k === 0 ? '' : p.sign < 0 ? 'less ' : 'plus '}${periodText(p.input.point.year, p.input.point)} (${this.inputText(p.input, false)})`;
      return `${amountText(i.amount, i.unit, scaleOf([i]).scale, scaleOf([i]).decimals, b)}, ${i.parts.map(part).join(' ')}`;
    }
    if (f.kind === 'row') {
      const o = f.figure.original;
      // A restated figure says so, and what was first reported.
      const first = o
        ? `, as restated; the ${o.filing.sec_form_type} FY${o.filing.sec_fiscal_year.slice(3)} first reported ` +
          `${describe(o, b)} ${citeFigure(this.ctx.chains, o)}`.trimEnd()
        : '';
      return (
        `${describe(f.figure, b)}${withWhere ? `, reported as ${where(f.figure)}` : ''} ${citeFigure(this.ctx.chains, f.figure)}${first}`.trim() +
        checkedText(i, b)
      );
    }
    if (f.kind === 'text')
      return (
        `${f.text.text}, as the filing states it in the text ${citeStatement(this.ctx.chains, f.text.statementId)}`.trim() +
        checkedText(i, b)
      );
    if (f.kind === 'fact') {
      const first = f.original ? `, as restated; the ${reportName(f.original)} first reported ${factAmount(f.original, b)}` : '';
      return `${factAmount(f.fact, b)}, the XBRL company fact ${f.fact.concept} of ${reportName(f.fact)}${first}`;
    }
    return this.metricText(i);
  }

  private metricText(i: Input): string {
    if (i.found.kind !== 'metric') return '';
    const r = i.found.result;
    const scale = r.inputs[0]?.scale ?? 1;
    const value = amountText(i.amount, i.unit, scale, Math.max(0, ...r.inputs.map((f) => f.decimals)), false);
    const inputs = r.inputs
      .map(
        (f) =>
          `${f.item ? LINE_ITEM.get(f.item)!.name : f.label} ${describe(f, false)} ` +
          `(${periodText(f.year, i.point.quarter ? i.point : {})}) ${citeFigure(this.ctx.chains, f)}`,
      )
      .join('; ');
    const formula = r.inputs.some((f) => f.item === 'gross_profit') ? 'gross profit / revenue' : r.metric.note;
    const note = formula
      ? ` Computed as ${formula}${r.metric.avg && !r.averaged ? ', with year-end figures (the year before was not in the evidence)' : ''}.`
      : '';
    return `${value}. Inputs: ${inputs}.${note}`;
  }

  line(l: FigureLine): string {
    switch (l.kind) {
      case 'value': {
        const i = l.input;
        const loss = i.measure.item === 'net_income' && i.amount < 0 ? ' (a net loss)' : '';
        if (i.found.kind === 'metric')
          return `${this.who(l.ticker)} ${measureName(i.measure)} for ${this.period(l.ticker, i.point)}: ${this.metricText(i)}`;
        let s = `${this.who(l.ticker)} ${measureName(i.measure)} for ${this.period(l.ticker, i.point)}: ${this.inputText(i)}${loss}.`;
        if (i.found.kind === 'row' && i.found.conflicts.length > 0) {
          const other = i.found.conflicts[0]!;
          const shown = `The same statements also show ${describe(other, this.ctx.billions)} for "${other.label}" ${citeFigure(this.ctx.chains, other)}`;
          const part = shareOf(i.found.figure.label, other.label) ?? partOfTotal(i.found.figure, other);
          s += part ? ` ${shown}, ${part}.` : ` ${shown}: the figures conflict, so check which one the question means.`;
        }
        return s;
      }
      case 'computed':
        return this.computed(l);
      case 'count':
        if (l.parts)
          return `${this.who(l.ticker)}: ${l.count} ${l.noun} in all, the sum of the parts the filing states (${l.parts.join('; ')}) ${cite(l.entry)}.`;
        return `${this.who(l.ticker)}: ${l.count} ${l.noun}, as the filing states it ${cite(l.entry)}.`;
      case 'absent':
        return this.absent(l);
      case 'blocked': {
        const words = l.words.map((w) => `"${w}"`).join(', ');
        const head =
          `Cannot answer this as asked for ${this.bare(l.ticker)}: the question's ${words} could not be applied (${l.reason}), ` +
          `so no figure of a simpler question is given as the answer.`;
        return l.instead ? `${head}\nWhat the filings do state: ${this.line(l.instead)}` : head;
      }
      case 'too-many':
        return tooManyText(l);
      case 'unheld':
        if (!l.held) return `The index holds no filings of ${this.who(l.ticker)}; add them with: ${l.pull}.`;
        return (
          `The index does not hold ${this.bare(l.ticker)}'s ${l.what.replace(/^its /, '')}, so this cannot be answered from it ` +
          `(it holds its ${l.held}); add it with: ${l.pull}.`
        );
    }
  }

  private absent(l: Extract<FigureLine, { kind: 'absent' }>): string {
    const name = measureName(l.measure);
    const head = `The evidence does not state ${this.bare(l.ticker)}'s ${name} for ${this.period(l.ticker, l.point)}`;
    const m = l.missing;
    if (m.why === 'ambiguous' && m.rivals) {
      const list = m.rivals
        .slice(0, ANSWER_TUNING.written.rivalsNamed)
        .map((f) => `"${f.label}" ${describe(f, false)} ${citeFigure(this.ctx.chains, f)}`.trim())
        .join('; ');
      return `${head} as one figure: rows that read as it differ (${list}); say which is meant.`;
    }
    if (m.why === 'lacking' && m.lacking?.length)
      return `${head} (the evidence lacks its ${m.lacking.map((k) => LINE_ITEM.get(k)!.name).join(' and ')}).`;
    if (m.why === 'derive') {
      const have = m.have
        ? ` What it does give: ${measureName(m.have.measure)} for ${this.period(l.ticker, m.have.point)}: ${this.inputText(m.have)}.`
        : '';
      return `${head}: it needs ${m.need}, which the index does not give, so it cannot be derived.${have}`;
    }
    return `${head}.`;
  }

  private computed(l: Extract<FigureLine, { kind: 'computed' }>): string {
    const { scale, decimals } = scaleOf(l.inputs);
    const b = this.ctx.billions;
    const m = l.inputs[0]!.measure;
    return OPERATIONS[l.op].sentence({
      who: this.who(l.ticker),
      name: measureName(m),
      result: l.value,
      unit: l.unit,
      value: amountText(l.value, l.unit, scale, decimals, b, countedOf(l.inputs)),
      inputs: l.inputs.map((i) => ({
        name: measureName(i.measure),
        period: this.period(l.ticker, i.point),
        text: this.inputText(i),
        bare: this.inputText(i, false),
        amount: i.amount,
        year: i.point.year,
      })),
      oneMeasure: l.inputs.every((i) => i.measure === m),
      amount: (v) => amountText(v, l.unit, scale, decimals, b, countedOf(l.inputs)),
      ...(l.printed ? { printed: l.printed } : {}),
    });
  }

  /** Several companies' figures of the same measure and year: which is higher. */
  compare(lines: FigureLine[]): string | undefined {
    const values = lines.flatMap((l) =>
      l.kind === 'value'
        ? [
            {
              key: `${measureName(l.input.measure)}|${l.input.point.year}`,
              ticker: l.ticker,
              value: l.input.amount,
              text: this.inputText(l.input, false).replace(/\s*\[[^\]]*\]$/, ''),
              what: measureName(l.input.measure),
              year: l.input.point.year,
            },
          ]
        : [],
    );
    const first = values[0];
    const same = first ? values.filter((v) => v.key === first.key) : [];
    if (!first || same.length < 2 || new Set(same.map((v) => v.ticker)).size < 2) return undefined;
    const sorted = [...same].sort((a, b) => b.value - a.value);
    const [hi, lo] = [sorted[0]!, sorted[sorted.length - 1]!];
    return (
      `Compared: ${this.bare(hi.ticker)}'s ${first.what} for fiscal ${first.year} (${hi.text}) is the higher, ` +
      `${this.bare(lo.ticker)}'s (${lo.text}) the lower.`
    );
  }
}

// A figure answer's sentences written from its records: the figure with its unit, scale, company and
// period first, then where it is printed and the evidence's source ids; a metric with its inputs; a
// period derived from others with each; an operation with each input; a stated count. Nothing here
// finds a figure: the records (records.ts) are the data, as they are for the grid, the terminal's table
// and the CSV.
import { fixed, percentDecimals } from '../../contract/figure-text.js';
import type { FigureRecord, FigureUnit } from '../../contract/types.js';
import { METRIC } from '../lexicon/metrics.js';
import { OPERATIONS, type OperationKind } from '../operations/table.js';
import { parseCell } from '../tables/cells.js';
import { amountAtScale, count, days, grouped, perShare, ratio, shares, times } from '../text/format.js';
import { pointOf, scaleSaid } from './record-values.js';
import { type Names, periodText, STATEMENT_NAME } from './written-names.js';

/** A record by its id (the answer's records, or those of figures it offers instead). */
export type RecordOf = (id: string) => FigureRecord;

type Relation = NonNullable<FigureRecord['also_shown']>['relation'];
const RELATION: Record<NonNullable<Relation>, string> = {
  includes_noncontrolling: 'which includes noncontrolling interests',
  attributable: "the part attributable to the company's shareholders",
  total: 'a total that includes it',
  part: 'a part of it',
};

const decimalsOf = (printed: string | null) => /\.(\d+)/.exec(printed ?? '')?.[1]?.length ?? 0;
const cited = (r: { citation?: string | null | undefined }) => (r.citation ? `[${r.citation}]` : '');
/** A figure read from a table's row (not a sentence, a company fact or a computation). */
const isRow = (r: FigureRecord) => r.status === 'reported' && !!r.source?.row_label;
const isMetric = (r: FigureRecord) => r.status === 'derived' && !!r.operation && METRIC.has(r.operation as never);
const rowName = (r: FigureRecord) => r.source?.row_read ?? r.source?.row_label ?? r.measure.label ?? '';

/** A row's figure as printed, at its scale: "$10,705 million (≈ $10.7 billion)", "$1.76 per share",
 * "566.0 million shares", "12.5%", "162,105 million gallons". */
function rowAmount(r: Pick<FigureRecord, 'value' | 'unit' | 'scale' | 'printed' | 'counts'>, billions: boolean): string {
  const scale = r.scale ?? 1;
  const d = decimalsOf(r.printed);
  if (r.unit === 'USD/share') return perShare(r.value);
  if (r.unit === 'shares') return shares(r.value / scale, scale);
  if (r.unit === 'percent') return `${grouped(r.value, d, d)}%`;
  if (r.unit === 'count') return r.counts !== undefined ? count(r.value / scale, scale, d, r.counts) : grouped(r.value, d);
  return amountAtScale(r.value / scale, scale, d, billions);
}

/** An amount in a record's units written in its unit; money at the scale of the figures it came from,
 * and a count of rows that count things at their printed scale ("11,539 million gallons"). */
function amountText(value: number, unit: FigureUnit, scale: number, decimals: number, billions: boolean, counted?: string): string {
  switch (unit) {
    case 'percent':
      return `${fixed(value, percentDecimals(value))}%`;
    case 'points':
      return `${value < 0 ? '-' : ''}${Math.abs(value).toFixed(1)} percentage points`;
    case 'ratio':
      return ratio(value);
    case 'times':
      return times(value);
    case 'days':
      return days(value);
    case 'USD/share':
      return perShare(value);
    case 'count':
      return counted !== undefined ? count(value / scale, scale, decimals, counted) : grouped(value, 1);
    case 'shares':
      return grouped(value, 1);
    case 'USD':
      return amountAtScale(value / scale, scale, decimals, billions);
  }
}

/** A company fact's amount: money in millions (or dollars when under a million), as EDGAR's whole
 * dollars read. */
function factAmount(value: number, unit: FigureUnit, billions: boolean): string {
  if (unit === 'USD/share') return perShare(value);
  if (unit === 'shares') return shares(value / 1e6, 1e6);
  if (Math.abs(value) < 1e6) return amountAtScale(value, 1, 0, billions);
  return amountAtScale(value / 1e6, 1e6, value % 1e6 === 0 ? 0 : 1, billions);
}

/** "the 10-K filed 2025-02-26, accession 0001045810-25-000023". */
const reportName = (x: { form: string; filed?: string | undefined; accession: string }) =>
  `the ${x.form} filed ${x.filed}, accession ${x.accession}`;

/** What the company facts say of a text figure's period: they agree, a later report restated it, or
 * they hold another value (both named). */
function checkedText(r: FigureRecord, billions: boolean): string {
  const c = r.facts_check;
  if (!c) return '';
  if (c.status === 'agree') return `; the XBRL company facts agree (${c.concept})`;
  if (c.status === 'restated')
    return `; the XBRL company facts hold ${factAmount(c.value, r.unit, billions)} for it as restated by ${reportName(c)}`;
  return (
    `; the XBRL company facts hold ${factAmount(c.value, r.unit, billions)} (${c.concept}, ${reportName(c)}): ` +
    'the two disagree, so check which one the question means'
  );
}

/** Where a row's figure is printed: its label, its statement or table and filing, its XBRL concept. */
function where(r: FigureRecord): string {
  const s = r.source!;
  const fy = `${s.form} FY${s.fiscal_year}`;
  const place = s.statement
    ? `the ${fy} ${STATEMENT_NAME[s.statement]}`
    : `a table of the ${fy}${s.table ? ` ("${s.table.slice(0, 60)}")` : ''}`;
  // An outflow printed in parentheses, stated as the amount paid (a line item's: a gain printed among the
  // costs is stated as the gain it is).
  const negative = (parseCell(r.printed ?? '')?.value ?? 0) < 0;
  const printed = negative && r.value > 0 && r.measure.item ? ` as (${grouped(Math.abs(r.value) / (r.scale ?? 1), 3)}), an outflow` : '';
  // No word about a column's year: a figure is read only from a column whose year is printed, or settled
  // by the company's other reports or by the order the filing's own headers and sentences show.
  const xbrl = s.concept ? `; the reported XBRL value (${s.concept})` : '';
  return `"${rowName(r)}"${printed}, ${place}${xbrl}`;
}

export class RecordWriter {
  constructor(
    private readonly record: RecordOf,
    private readonly names: Names,
    /** Amounts also in billions (the question asks in billions). */
    private readonly billions: boolean,
  ) {}

  /** A value line: the company's figure for a period, where it is printed, and another row of the same
   * statements that reads as it. */
  value(id: string): string {
    const r = this.record(id);
    const head = `${this.names.who(r.ticker)} ${r.measure.name} for ${this.names.period(r.ticker, pointOf(r))}: `;
    if (isMetric(r)) return head + this.metricText(r);
    const loss = r.measure.item === 'net_income' && r.value < 0 ? ' (a net loss)' : '';
    let s = `${head}${this.figure(id)}${loss}.`;
    const other = r.also_shown;
    if (other) {
      const shown = `The same statements also show ${rowAmount(other, this.billions)} for "${other.row_read ?? other.row_label}" ${cited(other)}`;
      const rel = other.relation;
      s += rel ? ` ${shown}, ${RELATION[rel]}.` : ` ${shown}: the figures conflict, so check which one the question means.`;
    }
    return s;
  }

  /** A stated count: as the filing states it, or the sum of the parts it states. */
  count(id: string): string {
    const r = this.record(id);
    const who = this.names.who(r.ticker);
    if (r.formula)
      return `${who}: ${r.printed} ${r.measure.name} in all, the sum of the parts the filing states (${r.formula}) [${r.citation ?? ''}].`;
    return `${who}: ${r.printed} ${r.measure.name}, as the filing states it [${r.citation ?? ''}].`;
  }

  /** A row's figure by its label: "Net sales" $1,234 million [A]. */
  row(id: string): string {
    const r = this.record(id);
    return `"${rowName(r)}" ${rowAmount(r, false)} ${cited(r)}`.trim();
  }

  /** One figure: its amount, where it is printed (`withWhere`), and its source. */
  figure(id: string, withWhere = true): string {
    const r = this.record(id);
    const b = this.billions;
    if (r.operation === 'period') return this.periodText(r);
    if (r.status === 'fact') {
      const o = r.originally_reported;
      const first = o ? `, as restated; ${reportName(o.source)} first reported ${factAmount(o.value, r.unit, b)}` : '';
      return `${factAmount(r.value, r.unit, b)}, the XBRL company fact ${r.source?.concept} of ${reportName(r.source!)}${first}`;
    }
    if (r.status === 'derived') return this.metricText(r);
    if (!isRow(r)) return `${r.printed}, as the filing states it in the text ${cited(r)}`.trim() + checkedText(r, b);
    const o = r.originally_reported;
    // A restated figure says so, and what was first reported.
    const first = o
      ? `, as restated; the ${o.source.form} FY${o.source.fiscal_year} first reported ` +
        `${rowAmount({ ...r, value: o.value, printed: o.printed, scale: o.scale ?? r.scale }, b)} ${cited(o)}`.trimEnd()
      : '';
    return `${rowAmount(r, b)}${withWhere ? `, reported as ${where(r)}` : ''} ${cited(r)}${first}`.trim() + checkedText(r, b);
  }

  /** A period derived from others: its amount, then each with its sign. */
  private periodText(r: FigureRecord): string {
    const inputs = (r.inputs ?? []).map(this.record);
    const signs = [1, ...[...(r.formula ?? '').matchAll(/ ([+-]) /g)].map((m) => (m[1] === '-' ? -1 : 1))];
    const { scale, decimals } = this.scaleOf([r]);
    const part = (p: FigureRecord, k: number) =>
      `${k === 0 ? '' : signs[k]! < 0 ? 'less ' : 'plus '}${periodText(p.fiscal_year, pointOf(p))} (${this.figure(p.id, false)})`;
    return `${amountText(r.value, r.unit, scale, decimals, this.billions)}, ${inputs.map(part).join(' ')}`;
  }

  /** A metric: its value, each input with its period and source, and how it was computed. */
  private metricText(r: FigureRecord): string {
    const inputs = (r.inputs ?? []).map(this.record);
    const metric = METRIC.get(r.operation as never);
    const value = amountText(r.value, r.unit, inputs[0]?.scale ?? 1, Math.max(0, ...inputs.map((f) => decimalsOf(f.printed))), false);
    const point = pointOf(r);
    const list = inputs
      .map(
        (f) =>
          `${f.measure.item ? f.measure.name : rowName(f)} ${rowAmount(f, false)} ` +
          `(${periodText(f.fiscal_year, point.quarter ? point : {})}) ${cited(f)}`,
      )
      .join('; ');
    const formula = inputs.some((f) => f.measure.item === 'gross_profit') ? 'gross profit / revenue' : metric?.note;
    // Averaged balances when the year before of every one is among the inputs.
    const avg = metric?.avg ?? [];
    const averaged = avg.length > 0 && avg.every((k) => inputs.some((f) => f.measure.item === k && f.fiscal_year < r.fiscal_year));
    const note = formula
      ? ` Computed as ${formula}${avg.length > 0 && !averaged ? ', with year-end figures (the year before was not in the evidence)' : ''}.`
      : '';
    return `${value}. Inputs: ${list}.${note}`;
  }

  /** An operation's sentence: its result, and each input with its period and source. */
  computed(id: string): string {
    const r = this.record(id);
    const inputs = (r.inputs ?? []).map(this.record);
    const ticker = r.tickers?.[0] ?? r.ticker;
    const { scale, decimals } = this.scaleOf(inputs);
    // (What the inputs count, when every one is a row that counts the same thing.)
    const nouns = new Set(inputs.map((i) => (isRow(i) ? i.counts : undefined)));
    const counted = nouns.size === 1 ? [...nouns][0] : undefined;
    const amount = (v: number) => amountText(v, r.unit, scale, decimals, this.billions, counted);
    const name = inputs[0]!.measure.name;
    return OPERATIONS[r.operation as OperationKind].sentence({
      who: this.names.who(ticker),
      name,
      result: r.value,
      unit: r.unit,
      value: amount(r.value),
      inputs: inputs.map((i) => ({
        name: i.measure.name,
        period: this.names.period(ticker, pointOf(i)),
        text: this.figure(i.id),
        bare: this.figure(i.id, false),
        amount: i.value,
        year: i.fiscal_year,
      })),
      oneMeasure: inputs.every((i) => i.measure.name === name),
      amount,
      ...(r.printed ? { printed: r.printed } : {}),
    });
  }

  /** Several companies' figures of the same measure and year: which is higher. */
  compare(ids: string[]): string | undefined {
    const values = ids.map((id) => {
      const r = this.record(id);
      return { r, key: `${r.measure.name}|${r.fiscal_year}`, text: this.figure(id, false).replace(/\s*\[[^\]]*\]$/, '') };
    });
    const first = values[0];
    const same = first ? values.filter((v) => v.key === first.key) : [];
    if (!first || same.length < 2 || new Set(same.map((v) => v.r.ticker)).size < 2) return undefined;
    const sorted = [...same].sort((a, b) => b.r.value - a.r.value);
    const [hi, lo] = [sorted[0]!, sorted[sorted.length - 1]!];
    return (
      `Compared: ${this.names.bare(hi.r.ticker)}'s ${first.r.measure.name} for fiscal ${first.r.fiscal_year} (${hi.text}) is the higher, ` +
      `${this.names.bare(lo.r.ticker)}'s (${lo.text}) the lower.`
    );
  }

  /** The scale and decimals money of these figures is written at: their tables'. (A period derived
   * from others is written at its first one's.) */
  private scaleOf(inputs: FigureRecord[]): { scale: number; decimals: number } {
    const kinds = inputs.map((i) => (i.operation === 'period' && i.inputs?.[0] ? this.record(i.inputs[0]) : i));
    const rows = kinds.flatMap((k) => (isRow(k) ? [k] : isMetric(k) ? (k.inputs ?? []).map(this.record) : []));
    // Company facts, in millions (whole millions as EDGAR's dollars usually are).
    if (rows.length === 0 && kinds.every((k) => k.status === 'fact') && inputs.some((i) => Math.abs(i.value) >= 1e6))
      return { scale: 1e6, decimals: inputs.every((i) => i.value % 1e6 === 0) ? 0 : 1 };
    if (rows.length > 0) return { scale: rows[0]!.scale ?? 1, decimals: Math.max(0, ...rows.map((f) => decimalsOf(f.printed))) };
    // Figures stated in text, at the scale they were written ("$5,190 million").
    const said = kinds.flatMap((k) => (k.status === 'reported' && k.printed ? [k.printed] : []));
    const scales = said.map(scaleSaid);
    if (said.length === inputs.length && new Set(scales).size === 1)
      return { scale: scales[0]!, decimals: Math.max(0, ...said.map((t) => /\d\.(\d+)/.exec(t)?.[1]?.length ?? 0)) };
    const big = Math.max(...inputs.map((i) => Math.abs(i.value)));
    return { scale: big >= 1e9 ? 1e9 : big >= 1e6 ? 1e6 : 1, decimals: 1 };
  }
}

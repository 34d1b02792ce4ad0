// Every figure an answer states, as a record (contract/figure-schemas.ts): what it is of, when, its
// value in units, as printed, how it was found and where. A derived figure (a metric, a period derived
// from others, an operation) points at the records of its inputs. The answer's sentences, the
// terminal's table and the CSV are renderings of these records.
import type { FigureCandidate, FigureRecord, FigureSource, FigureUnit } from '../../contract/types.js';
import type { EvidenceChain } from '../evidence/types.js';
import type { FilingRow } from '../index/types.js';
import type { Measure } from '../question/reading.js';
import { fiscalYearEnd } from '../filing/year-end.js';
import { citeStatement } from './qualitative/cite.js';
import type { FigureLine, Input, Point } from './figure-lines.js';
import type { FactCheck } from './lookup/found.js';
import type { Figure } from './resolve.js';
import { OPERATIONS } from '../operations/table.js';
import { cite, citeFigure } from './citations.js';
import { measureName } from './written-names.js';
import { shareOf } from './parent-share.js';
import { partOfTotal } from './part-of-total.js';
import { countValue, factSource, factsCheck, fiscalPeriodOf, inUnits, inUnitsOf, isInstant, round, scaleSaid } from './record-values.js';

export { fiscalPeriodOf } from './record-values.js';

export interface RecordContext {
  chains: EvidenceChain[];
  /** Display names of tickers ("Walmart"). */
  names: Map<string, string>;
  /** A company's filings in the index: a fiscal year's end date is its annual report's period. */
  filingsOf: (ticker: string) => FilingRow[];
  /** The item tag of a section ("10K-Item-8"). */
  itemOf: (sectionId: number) => string | null;
}

const bare = (cited: string) => cited.replace(/^\[|\]$/g, '') || null;
const fyOf = (f: FilingRow) => Number(f.sec_fiscal_year.slice(3));

export class FigureRecords {
  readonly records: FigureRecord[] = [];
  private readonly byId = new Map<string, FigureRecord>();
  private readonly ids = new Map<object, string>();
  /** A company's CIK as its company facts give it, when the index holds no filing of it. */
  private readonly ciks = new Map<string, string>();

  /** `prefix`: of the records' ids ("f1"; another for records kept apart, the figures a declined
   * question's answer offers instead). */
  constructor(
    private readonly ctx: RecordContext,
    private readonly prefix = 'f',
  ) {}

  /** A record by its id. */
  get(id: string): FigureRecord | undefined {
    return this.byId.get(id);
  }

  /** The record of a row's figure read alone (a row that reads as an ambiguous figure). */
  row(f: Figure): string {
    return this.figure(f, { text: f.label, words: [], qualifiers: [], ...(f.item ? { item: f.item } : {}) });
  }

  /** Another row of the same statements that reads as a value line's figure with another value: on the
   * line's record, as the answer states it (with how the two relate, when they do). */
  alsoShown(l: FigureLine): void {
    if (l.kind !== 'value' || l.input.found.kind !== 'row' || l.input.found.conflicts.length === 0) return;
    const stated = l.input.found.figure;
    const other = l.input.found.conflicts[0]!;
    const label = other.table.model.rows[other.rowIndex]?.label ?? other.label;
    this.byId.get(this.line(l)!)!.also_shown = {
      ...this.candidate(other),
      ...(other.label !== label ? { row_read: other.label } : {}),
      scale: other.unit === 'USD/share' || other.unit === 'percent' ? 1 : other.scale,
      ...(other.counted !== undefined ? { counts: other.counted } : {}),
      citation: bare(citeFigure(this.ctx.chains, other)),
      relation: shareOf(stated.label, other.label) ?? partOfTotal(stated, other) ?? null,
    };
  }

  /** The record of a line's figure: a value, a computed operation or a stated count (undefined for a
   * line that states none). */
  line(l: FigureLine): string | undefined {
    switch (l.kind) {
      case 'value':
        return this.input(l.input, l.ticker);
      case 'computed':
        return this.memo(l, () => {
          // (Each input under its own company: a difference between two companies is neither's figure.)
          const inputs = l.inputs.map((i, k) => this.input(i, l.tickers?.[k] ?? l.ticker));
          const to = l.inputs[0]!;
          const def = OPERATIONS[l.op];
          const [m, other] = [measureName(to.measure), l.inputs[1] ? measureName(l.inputs[1].measure) : undefined];
          const across = l.tickers && new Set(l.tickers).size > 1 ? l.tickers : undefined;
          return this.push({
            ticker: across ? across.join(' vs ') : l.ticker,
            ...(across ? { tickers: across, company: across.map((t) => this.ctx.names.get(t) ?? t).join(' vs ') } : {}),
            measure: { item: null, name: across ? `${m} ${def.across ? def.named : l.op}` : def.name(m, other), label: null },
            point: to.point,
            kind: 'duration',
            value: inUnits(l.value, l.unit),
            unit: l.unit,
            // (A share the part's own row prints, beside the one computed.)
            ...(l.printed ? { printed: l.printed } : {}),
            status: 'derived',
            operation: l.op,
            formula: def.formula(inputs),
            inputs,
          });
        });
      case 'count':
        return this.memo(l, () =>
          this.push({
            ticker: l.ticker,
            measure: { item: null, name: l.noun, label: null },
            point: { year: l.year },
            kind: 'instant',
            value: countValue(l.count),
            unit: 'count',
            printed: l.count,
            status: 'reported',
            // (A count summed from the parts the filing states: the parts.)
            ...(l.parts ? { formula: l.parts.join('; ') } : {}),
            source: this.sentenceSource(l.entry.sources[0]?.source.filing, l.entry.consensus),
            citation: bare(cite(l.entry)),
          }),
        );
      case 'blocked':
        return l.instead ? this.line(l.instead) : undefined;
      default:
        return undefined;
    }
  }

  /** The record of an input: a row, a sentence, a metric computed from rows, or a derived period. */
  input(i: Input, ticker: string): string {
    return this.memo(i, () => {
      const f = i.found;
      const base = { ticker, point: i.point, value: inUnits(i.amount, i.unit), unit: i.unit };
      if (i.parts) {
        const inputs = i.parts.map((p) => this.input(p.input, ticker));
        const formula = i.parts.map((p, k) => `${k === 0 ? '' : p.sign < 0 ? ' - ' : ' + '}${inputs[k]}`).join('');
        return this.push({
          ...base,
          measure: this.measure(i.measure, null),
          kind: 'duration',
          status: 'derived',
          operation: 'period',
          formula,
          inputs,
        });
      }
      if (f.kind === 'row') return this.figure(f.figure, i.measure, base, i.checked);
      if (f.kind === 'fact') {
        const x = f.fact;
        return this.push({
          ...base,
          measure: this.measure(i.measure, x.label || null),
          kind: x.kind === 'instant' ? 'instant' : 'duration',
          start: x.start,
          end: x.end,
          status: 'fact',
          cik: f.cik,
          source: factSource(x, f.cik),
          ...(f.original ? { original: { value: f.original.value, printed: null, source: factSource(f.original, f.cik) } } : {}),
        });
      }
      if (f.kind === 'text') {
        const t = f.text;
        return this.push({
          ...base,
          measure: this.measure(i.measure, null),
          kind: isInstant(i.measure) ? 'instant' : 'duration',
          printed: t.text,
          scale: scaleSaid(t.text),
          status: 'reported',
          source: this.sentenceSource(t.filing, t.sentence),
          citation: bare(citeStatement(this.ctx.chains, t.statementId)),
          ...(i.checked ? { checked: i.checked } : {}),
        });
      }
      const r = f.result;
      const inputs = r.inputs.map((x) => this.row(x));
      return this.push({
        ...base,
        measure: { item: r.metric.key, name: measureName(i.measure), label: null },
        kind: 'duration',
        status: 'derived',
        operation: r.metric.key,
        ...(r.metric.note ? { formula: r.metric.note } : {}),
        inputs,
      });
    });
  }

  /** A statement row's figure. */
  private figure(
    fig: Figure,
    m: Measure,
    base?: { ticker: string; point: Point; value: number; unit: FigureUnit },
    checked?: FactCheck,
  ): string {
    return this.memo(fig, () => {
      const model = fig.table.model;
      const row = model.rows[fig.rowIndex];
      const column = model.columns[fig.column];
      const cell = row?.cells[fig.column];
      return this.push({
        ticker: base?.ticker ?? fig.ticker,
        measure: { ...this.measure(m, row?.label ?? fig.label), ...(fig.item && !m.item && !m.metric ? { item: fig.item } : {}) },
        point: base?.point ?? { year: fig.year },
        kind: column?.period?.kind ?? (isInstant(m) ? 'instant' : 'duration'),
        start: column?.period?.start,
        end: column?.period?.end,
        value: base?.value ?? inUnitsOf(fig),
        unit: base?.unit ?? fig.unit,
        printed: cell?.text ?? null,
        scale: fig.unit === 'USD/share' || fig.unit === 'percent' ? 1 : fig.scale,
        ...(fig.counted !== undefined ? { counts: fig.counted } : {}),
        status: 'reported',
        source: this.rowSource(fig),
        citation: bare(citeFigure(this.ctx.chains, fig)),
        ...(fig.original ? { original: this.original(fig.original) } : {}),
        ...(checked ? { checked } : {}),
      });
    });
  }

  /** A row that reads as an ambiguous figure, beside the others that do. */
  candidate(f: Figure): FigureCandidate {
    return {
      value: round(inUnitsOf(f)),
      unit: f.unit,
      printed: f.table.model.rows[f.rowIndex]?.cells[f.column]?.text ?? null,
      row_label: f.table.model.rows[f.rowIndex]?.label ?? f.label,
      column: f.columnLabel || null,
      accession: f.filing.accession,
    };
  }

  /** The value a restated figure was first reported at, and where. */
  private original(o: Figure): NonNullable<FigureRecord['originally_reported']> {
    const cell = o.table.model.rows[o.rowIndex]?.cells[o.column];
    return {
      value: inUnitsOf(o),
      printed: cell?.text ?? null,
      scale: o.unit === 'USD/share' || o.unit === 'percent' ? 1 : o.scale,
      source: this.rowSource(o),
      citation: bare(citeFigure(this.ctx.chains, o)),
    };
  }

  /** Where a statement row's figure is printed. */
  private rowSource(fig: Figure): FigureSource {
    const model = fig.table.model;
    const filing = fig.filing;
    return {
      accession: filing.accession,
      form: filing.sec_form_type,
      fiscal_year: fyOf(filing),
      item: this.ctx.itemOf(fig.table.sectionId),
      statement: model.statement,
      table: model.caption ? model.caption.split(' / ').pop()! : null,
      row_label: model.rows[fig.rowIndex]?.label ?? fig.label,
      column: fig.columnLabel || null,
      ...(fig.concept ? { concept: fig.concept } : {}),
      ...(fig.label !== (model.rows[fig.rowIndex]?.label ?? fig.label) ? { row_read: fig.label } : {}),
      url: filing.htm_filing_link ?? filing.filing_html_index,
    };
  }

  private measure(m: Measure, label: string | null): FigureRecord['measure'] {
    return { item: m.metric ?? m.item ?? null, name: measureName(m), label };
  }

  private sentenceSource(filing: FilingRow | undefined, sentence: string): FigureSource | null {
    if (!filing) return null;
    return {
      accession: filing.accession,
      form: filing.sec_form_type,
      fiscal_year: fyOf(filing),
      item: null,
      statement: null,
      table: null,
      row_label: null,
      column: null,
      sentence: sentence.replace(/\s+/g, ' ').trim(),
      url: filing.htm_filing_link ?? filing.filing_html_index,
    };
  }

  private memo(key: object, make: () => string): string {
    const known = this.ids.get(key);
    if (known) return known;
    const id = make();
    this.ids.set(key, id);
    return id;
  }

  private push(r: {
    ticker: string;
    /** A figure of several companies: their tickers and names. */
    tickers?: string[];
    company?: string;
    measure: FigureRecord['measure'];
    point: Point;
    kind: 'duration' | 'instant';
    start?: string | undefined;
    end?: string | undefined;
    value: number;
    unit: FigureUnit;
    printed?: string | null;
    scale?: number | null;
    counts?: string;
    status: FigureRecord['status'];
    operation?: string;
    formula?: string;
    inputs?: string[];
    source?: FigureSource | null;
    citation?: string | null;
    original?: FigureRecord['originally_reported'];
    checked?: FactCheck;
    cik?: string;
  }): string {
    const id = `${this.prefix}${this.records.length + 1}`;
    const cik = this.ctx.filingsOf(r.ticker)[0]?.cik ?? r.cik ?? this.ciks.get(r.ticker) ?? null;
    if (cik) this.ciks.set(r.ticker, cik);
    const end = r.end ?? this.yearEnd(r.ticker, r.point);
    this.records.push({
      id,
      ticker: r.ticker,
      ...(r.tickers ? { tickers: r.tickers } : {}),
      cik,
      company: r.company ?? this.ctx.names.get(r.ticker) ?? r.ticker,
      measure: r.measure,
      fiscal_year: r.point.year,
      fiscal_period: fiscalPeriodOf(r.point),
      period: { kind: r.kind, start: r.kind === 'instant' ? null : (r.start ?? null), end: end ?? null },
      value: round(r.value),
      unit: r.unit,
      printed: r.printed ?? null,
      scale: r.scale ?? null,
      ...(r.counts !== undefined ? { counts: r.counts } : {}),
      status: r.status,
      ...(r.operation ? { operation: r.operation } : {}),
      ...(r.formula ? { formula: r.formula } : {}),
      ...(r.inputs ? { inputs: r.inputs } : {}),
      source: r.source ?? null,
      ...(r.original ? { originally_reported: r.original } : {}),
      ...(r.checked ? { facts_check: factsCheck(r.checked) } : {}),
      citation: r.citation ?? null,
    });
    this.byId.set(id, this.records[this.records.length - 1]!);
    return id;
  }

  /** The end of a fiscal year: its annual report's period of report when the index holds it, else
   * the date the company's fiscal calendar gives it (filing/year-end.ts), never a guess. A part of the
   * year has no end known here. */
  private yearEnd(ticker: string, p: Point): string | undefined {
    if (p.quarter !== undefined || p.secondHalf || p.trailing) return undefined;
    const reports = this.ctx
      .filingsOf(ticker)
      .flatMap((f) =>
        f.period_of_report && /^10-[KQ]/.test(f.sec_form_type)
          ? [{ fiscalYear: fyOf(f), end: f.period_of_report, annual: f.sec_form_type.startsWith('10-K') }]
          : [],
      );
    return fiscalYearEnd(p.year, reports);
  }
}

/** The records an answer's sentences are written from: those of the figures it states (its
 * `analysis.figures`), and those of figures it offers instead of one it could not state (what a
 * declined question's simpler reading gives, what a derived period's parts give), kept apart so no
 * script takes one for the figure asked. */
export class WrittenRecords {
  readonly stated: FigureRecords;
  readonly offered: FigureRecords;

  constructor(ctx: RecordContext) {
    this.stated = new FigureRecords(ctx);
    this.offered = new FigureRecords(ctx, 'o');
  }

  /** A record of either, by its id. */
  readonly record = (id: string): FigureRecord => {
    const r = this.stated.get(id) ?? this.offered.get(id);
    if (!r) throw new Error(`no figure record "${id}"`);
    return r;
  };
}

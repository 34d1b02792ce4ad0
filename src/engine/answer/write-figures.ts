// Figure lines written out for an analyst: a figure found, an operation computed or a count stated,
// each from its record (write-records.ts); a figure not stated, with why; a question not read as asked
// says so before anything else, then what can be stated instead.
import { LINE_ITEM } from '../lexicon/line-items.js';
import type { FigureLine, Input } from './figure-lines.js';
import type { WrittenRecords } from './records.js';
import { tooManyText } from './too-many.js';
import { ANSWER_TUNING } from './tuning.js';
import { RecordWriter } from './write-records.js';
import { measureName, Names } from './written-names.js';

export interface WriteContext {
  /** The records of the answer's figures, and of those it offers instead. */
  written: WrittenRecords;
  /** Display names of tickers ("Walmart"). */
  names: Map<string, string>;
  /** Companies that name their fiscal years off the index's labels, and the offset. */
  fiscalNaming?: Map<string, number>;
  /** Amounts also in billions (the question asks in billions). */
  billions: boolean;
}

export class FigureWriter {
  private readonly names: Names;
  private readonly records: RecordWriter;

  constructor(private readonly ctx: WriteContext) {
    this.names = new Names(ctx.names, ctx.fiscalNaming);
    this.records = new RecordWriter(ctx.written.record, this.names, ctx.billions);
  }

  /** A line's text. `offered`: a line a declined one offers instead, written from the records kept
   * apart from the answer's. */
  line(l: FigureLine, offered = false): string {
    const records = offered ? this.ctx.written.offered : this.ctx.written.stated;
    switch (l.kind) {
      case 'value':
        // (Another row of the same statements with another value: on the record of a line offered
        // instead; the answer's own lines have it from figure-payload.ts.)
        if (offered) records.alsoShown(l);
        return this.records.value(records.line(l)!);
      case 'computed':
        return this.records.computed(records.line(l)!);
      case 'count':
        return this.records.count(records.line(l)!);
      case 'absent':
        return this.absent(l);
      case 'blocked': {
        const words = l.words.map((w) => `"${w}"`).join(', ');
        const head =
          `Cannot answer this as asked for ${this.names.bare(l.ticker)}: the question's ${words} could not be applied (${l.reason}), ` +
          `so no figure of a simpler question is given as the answer.`;
        return l.instead ? `${head}\nWhat the filings do state: ${this.line(l.instead, true)}` : head;
      }
      case 'too-many':
        return tooManyText(l);
      case 'unheld':
        if (!l.held) return `The index holds no filings of ${this.names.who(l.ticker)}; add them with: ${l.pull}.`;
        return (
          `The index does not hold ${this.names.bare(l.ticker)}'s ${l.what.replace(/^its /, '')}, so this cannot be answered from it ` +
          `(it holds its ${l.held}); add it with: ${l.pull}.`
        );
    }
  }

  /** A figure a line that states none offers (what a derived period's parts give), from its record. */
  private offeredText(i: Input, ticker: string): string {
    return this.records.figure(this.ctx.written.offered.input(i, ticker));
  }

  /** Several companies' figures of the same measure and year: which is higher. */
  compare(lines: FigureLine[]): string | undefined {
    return this.records.compare(lines.flatMap((l) => (l.kind === 'value' ? [this.ctx.written.stated.line(l)!] : [])));
  }

  private absent(l: Extract<FigureLine, { kind: 'absent' }>): string {
    const name = measureName(l.measure);
    const head = `The evidence does not state ${this.names.bare(l.ticker)}'s ${name} for ${this.names.period(l.ticker, l.point)}`;
    const m = l.missing;
    if (m.why === 'ambiguous' && m.rivals) {
      const list = m.rivals
        .slice(0, ANSWER_TUNING.written.rivalsNamed)
        .map((f) => this.records.row(this.ctx.written.offered.row(f)))
        .join('; ');
      return `${head} as one figure: rows that read as it differ (${list}); say which is meant.`;
    }
    if (m.why === 'lacking' && m.lacking?.length)
      return `${head} (the evidence lacks its ${m.lacking.map((k) => LINE_ITEM.get(k)!.name).join(' and ')}).`;
    if (m.why === 'derive') {
      const have = m.have
        ? ` What it does give: ${measureName(m.have.measure)} for ${this.names.period(l.ticker, m.have.point)}: ${this.offeredText(m.have, l.ticker)}.`
        : '';
      return `${head}: it needs ${m.need}, which the index does not give, so it cannot be derived.${have}`;
    }
    return `${head}.`;
  }
}

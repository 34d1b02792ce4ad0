// The one way a figure is found: a measure of the reading, for one company and one period, from the
// filings that report it. A lexicon line item asked plainly comes from the resolver (its statement row,
// or the XBRL fact tagged with its concepts); a metric is computed from its inputs; anything narrower
// or beyond the lexicon from any table of those filings, then from a sentence that states it. What is
// not found says why: nothing reads as it, two rows read as it with different values, or a column's
// year nothing settles.
import type { EvidenceEntry } from '../../evidence/types.js';
import type { IndexHandle } from '../../index/open.js';
import type { FilingRow } from '../../index/types.js';
import { LINE_ITEM, type LineItemKey } from '../../lexicon/line-items.js';
import { METRIC } from '../../lexicon/metrics.js';
import type { Measure } from '../../question/reading.js';
import { quote } from '../../retrieve/query-terms.js';
import type { Searcher } from '../../retrieve/search.js';
import { computeMetric } from '../metrics.js';
import { preferNamed } from '../prefer-named.js';
import type { Figure, FigureResolver } from '../resolve.js';
import { ColumnCheck, type PeriodAsk } from './columns.js';
import { factAsk, FactSource } from './facts.js';
import { labelStems } from './label-words.js';
import { asked, saidOf, type Asked } from './asked.js';
import { leavesOutSaid, ofAnotherItem } from './item-names.js';
import { scheduledIn } from './maturities.js';
import { findRow } from './rows.js';
import type { IntroducedTable, TableSource } from './tables.js';
import { stateIn, type TextFigure } from './text.js';
import { shareIn } from './share-text.js';
import { strayWords } from './stray-words.js';
import type { FindContext, Found, Lookup } from './found.js';
import { factFilings, reportingFilings, shownRows } from './reporting.js';
import { countIn, countsAsked, nounStems, withPartsAfter } from '../counts.js';
import { stem } from '../../text/words.js';
import { ANSWER_TUNING } from '../tuning.js';
import { inputOf, labelOf, measureFacts, qualifiedLabelOf } from '../../question/derived.js';
import { fiscalQuarterOf } from '../../filing/fiscal.js';
import { writtenDate } from '../../text/period-lists.js';

const { sentences: SENTENCES, countSentences: COUNT_SENTENCES } = ANSWER_TUNING.lookup;
/** How a percentage's label may say so besides the metric's own words. */
const PERCENT_WORDS = labelStems('percentage percent rate');

export class FigureFinder {
  readonly tables: TableSource;
  private readonly check: ColumnCheck;
  private readonly facts: FactSource;

  constructor(
    private readonly index: IndexHandle,
    private readonly resolver: FigureResolver,
    private readonly searcher: Searcher,
    tables: TableSource,
    filingsOf: (ticker: string) => FilingRow[],
  ) {
    this.tables = tables;
    this.check = new ColumnCheck((id) => this.tables.of(id), filingsOf);
    this.facts = new FactSource(index, (id) => this.tables.of(id));
  }

  find(measure: Measure, asked_: PeriodAsk, ctx: FindContext): Lookup {
    const p: PeriodAsk = ctx.at ? { ...asked_, at: ctx.at } : asked_;
    // The measure's words as a label beyond the lexicon, its qualifiers among them.
    const asLabel = () => this.beyond(asked(labelOf(measure), ctx.company), p, ctx);
    if (measure.metric && measure.qualifiers.length > 0) {
      // "the effective tax rate reconciliation's nondeductible share-based compensation": a row that
      // states it, before a computation from narrowed inputs.
      const stated = asLabel();
      // A row that states it (a percentage for a percentage: "Scores" revenue is no margin), or rows that state it differently.
      const fits = stated.kind !== 'row' || stated.figure.unit === 'percent' || METRIC.get(measure.metric)!.format !== 'percent';
      if (stated.kind === 'missing' ? stated.why === 'ambiguous' : fits) return stated;
    }
    if (measure.metric) {
      // A fact the question names by its own label, of the metric's kind ("4000 Debt Due 2030 Senior
      // Unsecured Notes proceeds from issuance of long term debt"), before the metric computed.
      // A company's own label wins over the metric of the same name: Apple's "Gross margin" is its
      // gross profit in dollars.
      const format = METRIC.get(measure.metric)!.format;
      const unit = format === 'USD' ? 'usd' : 'pure';
      const ask = factAsk(measureFacts(measure).names, measure.words, ctx.said, ctx.whole, true, ctx.date);
      const named = this.fact({ ...ask, unit }, p, ctx) ?? this.fact({ ...ask, asPrinted: true }, p, ctx);
      if (named) return named;
      // A percentage the filing prints under the metric's name ("Gross margin percentage" on net
      // sales, not on revenue with membership fees) before one computed from other rows.
      if (format === 'percent') {
        const stated = asLabel();
        // (Only a label that says nothing but the metric's words: "Gross profit margin" is no net margin.)
        const said = new Set([...labelStems(measureFacts(measure).tokens.join(' ')), ...PERCENT_WORDS]);
        if (stated.kind === 'row' && stated.figure.unit === 'percent' && labelStems(stated.figure.label).every((w) => said.has(w)))
          return stated;
      }
      return this.metric(measure, p, ctx);
    }
    if (measure.item && measure.qualifiers.length === 0) {
      // A fact the question names by its own label ("cash", "income tax payable") before the line
      // item the lexicon reads those words as.
      const named = this.fact(
        factAsk(measureFacts(measure).names, measure.words, ctx.said, ctx.whole, true, ctx.date),
        p,
        ctx,
        measure.item,
      );
      if (named) return named;
    }
    // A word beside the item's that is neither its own nor a qualifier ("cash ... dividends" read as
    // cash) asks another figure: the rows that name all the words, as a label beyond the lexicon.
    if (measure.item && measure.qualifiers.length === 0 && strayWords(measure).length > 0) return asLabel();
    // (A word the item's rows never carry, "segment operating income", is asked of the rows that do.)
    if (measure.item && measure.qualifiers.length === 0 && !saidOf(measure).said) {
      const f = this.item(measure.item, p, ctx, measureFacts(measure).phrase);
      if (f) return f;
    }
    return this.beyond(asked(measure, ctx.company), p, ctx);
  }

  /** A plain line item: the resolver's figure, its column settled. */
  private item(item: LineItemKey, p: PeriodAsk, ctx: FindContext, named?: string): Found | undefined {
    const resolver = ctx.allowed ? this.resolver.within(ctx.allowed) : this.resolver;
    const r = preferNamed(
      resolver.resolve(item, ctx.ticker, p.year, ctx.filings, ctx.chains, p.quarter, p.months, (t, f) => this.check.trust(t, f), ctx.named),
      named,
    );
    return r.figure ? { kind: 'row', figure: r.figure, conflicts: r.conflicts } : undefined;
  }

  /** Whether the question's `texts` together say the label of one fact for `p` (one fact, or facts of
   * one value): with `whole`, every word of them its names said, but the `spare` texts' (several
   * measures the reading split a label into: "cash, cash equivalents, restricted cash and ..."); else
   * every one of them a word of its label said in the question (an operation's words that are the
   * label's: "Increase in deferred revenues"). */
  namesOneFact(names: string[][], at: PeriodAsk, ctx: FindContext, whole: boolean, spare: boolean[] = []): boolean {
    const p: PeriodAsk = ctx.at ? { ...at, at: ctx.at } : at;
    const reporting = factFilings(ctx, p);
    if (!reporting.some((f) => this.facts.has(f))) return false;
    const ask = factAsk(names.filter((_, i) => !spare[i]).flat(), [], ctx.said, true, true, ctx.date);
    const words = names;
    const loose = new Set(
      words.flatMap((ws, i) => ws.map((_, k) => (spare[i] ? words.slice(0, i).flat().length + k : -1))).filter((k) => k >= 0),
    );
    const found = this.facts.find(
      whole ? { ...ask, words: words.flat(), whole, spare: loose } : ask,
      p,
      reporting,
      ctx.company,
      ctx.allowed,
    );
    return !!found && found.rivals.length === 0;
  }

  /** Whether a fact of `filings` has a context in fiscal year `year` (a 10-K's equity statement opens
   * with the balance at the end of the year before its first). */
  holdsYear(filings: FilingRow[], year: number): boolean {
    return filings.some((f) => this.facts.years(f).has(year));
  }

  /** The fact of the reporting filings that `ask` names, or that two name with different values. */
  private fact(ask: ReturnType<typeof factAsk>, p: PeriodAsk, ctx: FindContext, item?: LineItemKey): Lookup | undefined {
    const reporting = factFilings(ctx, p);
    if (!reporting.some((f) => this.facts.has(f))) return undefined;
    const fact = this.facts.find(ask, p, reporting, ctx.company, ctx.allowed, item);
    if (fact && fact.rivals.length > 0) return { kind: 'missing', why: 'ambiguous', rivals: [fact.figure, ...fact.rivals] };
    return fact ? { kind: 'row', figure: fact.figure, conflicts: [] } : undefined;
  }

  /** A metric from its inputs, each found as the metric's qualifiers narrow it. */
  private metric(measure: Measure, p: PeriodAsk, ctx: FindContext): Lookup {
    const get = (item: LineItemKey, year: number): Figure | undefined => {
      const at = { ...p, year };
      if (measure.qualifiers.length === 0) {
        const f = this.item(item, at, ctx);
        return f?.kind === 'row' ? f.figure : undefined;
      }
      // (Its words say the input, not the metric: "Scores segment operating income", where "margin" would
      // narrow it, and a label beyond the lexicon is "Scores operating income", never "Scores" alone.)
      const r = this.beyond(asked(inputOf(measure, item), ctx.company), at, ctx);
      return r.kind === 'row' ? r.figure : undefined;
    };
    const r = computeMetric(measure.metric!, ctx.ticker, p.year, get);
    if ('missing' in r) return { kind: 'missing', why: 'lacking', lacking: r.missing };
    return { kind: 'metric', result: r };
  }

  /** A figure beyond the lexicon, or narrowed to a part: any table's row, then a sentence. A line
   * item named by a word as general as "liabilities" and narrowed ("other long-term liabilities") is
   * also looked for as the label its words make. */
  private beyond(a: Asked, p: PeriodAsk, ctx: FindContext): Lookup {
    // A year after every year the filings report: an amount scheduled to fall due then.
    if (p.quarter === undefined && ctx.filings.every((f) => Number(f.sec_fiscal_year.slice(3)) < p.year)) {
      const due = scheduledIn(a, p.year, ctx.filings, (id) => this.tables.of(id));
      if (due) return { kind: 'row', figure: due, conflicts: [] };
    }
    const reporting = ctx.named ? ctx.filings : reportingFilings(ctx.filings, p);
    const shown = shownRows(ctx.chains);
    const asLabel = a.item && a.quals.length > 0 ? asked(qualifiedLabelOf(a.measure), ctx.company) : undefined;
    for (const x of asLabel ? [a, asLabel] : [a]) {
      // An inline-XBRL filing's facts first: their names and members say exactly which figure.
      const fact = this.fact(
        factAsk(measureFacts(x.measure).names, [...x.measure.words, ...x.measure.qualifiers], ctx.said, ctx.whole, false, ctx.date),
        p,
        ctx,
        x.item,
      );
      if (fact) return fact;
      const row = findRow(
        x,
        p,
        reporting,
        (id) => this.tables.of(id).filter((t) => !ctx.allowed || ctx.allowed(t) || shown.has(`${t.id}:0`)),
        this.check,
        shown,
      );
      // (The label of an item's words: never a row of another item, under its heading or its table's
      // caption, nor one that leaves out a word of the item's name the question said, the "net" of net
      // income: Visa's "U.S." of its income before income taxes is no U.S. net income.)
      if (row && x === asLabel) {
        const [def, t] = [LINE_ITEM.get(a.item!)!, row.figure.table];
        if (ofAnotherItem(def, t.model, row.figure.rowIndex)) continue;
        // (Nor a count for an amount's item: "AutoZone domestic commercial programs" are no sales.)
        if (row.figure.unit === 'count' && !def.unit) continue;
        if (leavesOutSaid(def, a.measure.words, x.need, t.model, row.figure.rowIndex, (t as IntroducedTable).intro)) continue;
      }
      // Rows that read as it with different values (each segment's "Backlog at year-end"): a sentence
      // that states the figure itself settles it, else the answer names the ambiguity.
      if (row && row.rivals.length > 0)
        return this.inText(a, p, reporting, ctx) ?? { kind: 'missing', why: 'ambiguous', rivals: [row.figure, ...row.rivals] };
      if (row) return { kind: 'row', figure: row.figure, conflicts: [] };
    }
    return this.inText(a, p, reporting, ctx) ?? { kind: 'missing', why: 'none' };
  }

  /** The figure a sentence states (a count, when one is asked), for a year. */
  private inText(a: Asked, p: PeriodAsk, reporting: FilingRow[], ctx: FindContext): Found | undefined {
    // A quarter's figure only from a quarterly report's sentence that pairs its amounts with its periods,
    // or a count its own 10-Q states at its end date ("As of October 28, 2023, the Company operated 1,374
    // stores").
    if (p.quarter !== undefined) {
      const quarterly = reporting.filter((f) => f.sec_form_type.startsWith('10-Q'));
      const own = quarterly.filter(
        (f) => Number(f.sec_fiscal_year.slice(3)) === p.year && fiscalQuarterOf(f.period_of_report, f.sec_fiscal_year_end) === p.quarter,
      );
      const counted =
        ctx.count && countsAsked(ctx.count, a.say)
          ? own.map((f) => this.counted(ctx.count!, a, p, [f], ctx, writtenDate(f.period_of_report))).find((x) => x)
          : undefined;
      const text = counted ?? this.stated(a, p, quarterly, ctx);
      return text ? { kind: 'text', text } : undefined;
    }
    const text =
      ctx.count && countsAsked(ctx.count, a.say) ? this.counted(ctx.count, a, p, reporting, ctx) : this.stated(a, p, reporting, ctx);
    return text ? { kind: 'text', text } : undefined;
  }

  /** A sentence stating the share of `whole` that `part` is, for a year (share-text.ts). */
  shareInText(part: Measure, whole: Measure, p: PeriodAsk, ctx: FindContext): TextFigure | undefined {
    const words = part.qualifiers.filter((w) => /^[a-z]{3,}$/i.test(w));
    if (p.quarter !== undefined || p.months !== undefined || words.length === 0) return undefined;
    const [a, w] = [asked(part, ctx.company), asked(whole, ctx.company)];
    for (const e of this.sentences(words, reportingFilings(ctx.filings, p), ctx)) {
      const src = e.sources[0];
      if (src?.source.filing.sec_ticker !== ctx.ticker) continue;
      const s = shareIn(e.consensus, a, w, p.year);
      if (s)
        return { ...s, unit: 'percent', sentence: e.consensus, statementId: src.statementIds[0]!, filing: src.source.filing, year: p.year };
    }
    return undefined;
  }

  /** Sentences of the evidence and of the reporting filings that hold all of `words`, as entries. */
  sentences(words: string[], filings: FilingRow[], ctx: FindContext, limit = SENTENCES): EvidenceEntry[] {
    const out: EvidenceEntry[] = [];
    const seen = new Set<number>();
    for (const c of ctx.chains) {
      for (const e of c.entries) {
        const id = e.sources[0]?.statementIds[0];
        if (e.row || id === undefined || seen.has(id)) continue;
        seen.add(id);
        out.push(e);
      }
    }
    const expr = words.map(quote).join(' AND ');
    for (const f of filings) {
      for (const st of this.searcher.statementsInRange(expr, f.first_statement, f.last_statement, limit)) {
        if (st.kind !== 'sentence' || seen.has(st.id)) continue;
        seen.add(st.id);
        out.push({
          consensus: st.text,
          confidence: 0,
          sources: [{ source: { id: '', filing: f, itemTag: '', title: '' }, statuses: [], context: [], statementIds: [st.id] }],
        });
      }
    }
    return out;
  }

  /** "approximately 161,000 full-time equivalent employees": a count a sentence states for the year. */
  private counted(noun: string, a: Asked, p: PeriodAsk, filings: FilingRow[], ctx: FindContext, at?: string): TextFigure | undefined {
    // The sentences that say the noun with the question's other words first ("homes ... closed"), then
    // the noun's alone.
    // The noun as the question says it too ("workforce" for employees).
    const names = nounStems(noun);
    const said = a.measure.words.filter((w) => names.includes(stem(w.toLowerCase())));
    const others = a.measure.words.filter((w) => /^[a-z]{3,}$/i.test(w) && !names.includes(stem(w.toLowerCase())));
    const entries = [
      ...(others.length > 0 ? this.sentences([noun, ...others], filings, ctx) : []),
      ...[...new Set([noun, ...said])].flatMap((n) => this.sentences([n], filings, ctx, COUNT_SENTENCES)),
      // "we employed approximately 119,000 AutoZoners": the verb names them, whatever the company calls them.
      ...(names.includes('employe') ? this.sentences(['employed'], filings, ctx, COUNT_SENTENCES) : []),
    ];
    // ("total client count": "count" says a count is asked, no part of what is counted.)
    const parts = a.quals.length > 0 ? a.quals : a.say.filter((w) => !names.includes(w) && w !== 'count');
    // (At a quarter's end: only a sentence of that date, of its calendar year.)
    const dated = at
      ? entries.filter((e) => e.consensus.includes(at) && filings.some((f) => f.id === e.sources[0]?.source.filing.id))
      : entries;
    const c = countIn(
      parts.length > 0 ? dated.map((e) => withPartsAfter(e, (id) => this.index.statement(id))) : dated,
      ctx.ticker,
      at ? Number(at.slice(-4)) : p.year,
      noun,
      parts,
      a.measure.words,
    );
    if (!c) return undefined;
    const [digits, word] = c.count.split(/\s+/);
    const amount =
      Number(digits!.replace(/,/g, '')) * (word === 'million' ? 1e6 : word === 'billion' ? 1e9 : word === 'thousand' ? 1e3 : 1);
    const src = c.entry.sources[0]!;
    const text = c.parts ? `${c.count} ${c.noun} in all (${c.parts.join('; ')})` : `${c.count} ${c.noun}`;
    return {
      amount,
      unit: 'count',
      text,
      sentence: c.entry.consensus,
      statementId: src.statementIds[0]!,
      filing: src.source.filing,
      year: p.year,
    };
  }

  /** A sentence of the evidence or of the reporting filings that states the figure for the year. */
  private stated(a: Asked, p: PeriodAsk, filings: FilingRow[], ctx: FindContext): TextFigure | undefined {
    // (A part's generic noun, "segment", need not be in the sentence.)
    const words = [...new Set([...a.measure.words, ...a.measure.qualifiers])].filter(
      (w) =>
        /[a-z]/i.test(w) &&
        !/^(?:segments?|business(?:es)?|divisions?|reportable|categor(?:y|ies)|regions?|geographic|geography)$/i.test(w),
    );
    if (words.length === 0) return undefined;
    const tried = new Set<number>();
    const test = (text: string, id: number, filing: FilingRow | undefined): TextFigure | undefined => {
      if (tried.has(id) || !filing) return undefined;
      tried.add(id);
      const q = p.quarter !== undefined ? { quarter: p.quarter, months: p.months ?? 3, fye: filing.sec_fiscal_year_end ?? '' } : undefined;
      if (q && !filing.sec_form_type.startsWith('10-Q')) return undefined;
      const s = stateIn(a, text, p.year, Number(filing.sec_fiscal_year.slice(3)), q, this.tables.statementScale(filing.id));
      return s
        ? { amount: s.amount, text: s.text, ...(s.unit ? { unit: s.unit } : {}), sentence: text, statementId: id, filing, year: p.year }
        : undefined;
    };
    for (const c of ctx.chains) {
      for (const e of c.entries) {
        if (e.row) continue;
        const src = e.sources[0];
        if (src?.source.filing.sec_ticker !== ctx.ticker) continue;
        const t = test(e.consensus, src.statementIds[0] ?? -1, src.source.filing);
        if (t) return t;
      }
    }
    // Long words by their start: the filing may write another form ("member renewal rates").
    const expr = words.map((w) => (w.length >= 7 ? `${quote(w.slice(0, Math.max(5, w.length - 4)))}*` : quote(w))).join(' AND ');
    for (const f of filings) {
      for (const st of this.searcher.statementsInRange(expr, f.first_statement, f.last_statement, SENTENCES)) {
        if (st.kind !== 'sentence') continue;
        const t = test(st.text, st.id, f);
        if (t) return t;
      }
    }
    return undefined;
  }
}

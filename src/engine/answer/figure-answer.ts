// The figures an answer states, read from the question's Reading: for each company asked, its
// operation over its measures and periods, each input found (lookup/find.ts) and cited, each period
// derived as an analyst would (a second half is the year less its first half; a fourth quarter the year
// less nine months; trailing twelve months the last year less its year to date plus this year's). What
// cannot be found says why; a question with words the reading could not apply states no figure of a
// simpler question as its answer.
import type { EvidenceChain } from '../evidence/types.js';
import type { FilingRow, IndexedTable } from '../index/types.js';
import type { Pace } from '../pace.js';
import type { Measure, Reading } from '../question/reading.js';
import { countStated } from './counts.js';
import { type FigureAnswer, type FigureLine, type Input, isInput, type Point } from './figure-lines.js';
import type { FigureFinder } from './lookup/find.js';
import type { CompanyFactsReader, FindContext } from './lookup/found.js';
import { comparableOlder } from './lookup/comparable.js';
import { compute } from './operate.js';
import { OPERATIONS } from '../operations/table.js';
import { nilInTable, notTheExcluded } from './excluded-amount.js';
import { LINE_ITEM } from '../lexicon/line-items.js';
import { inputAt, newestAnnualYear, newestQuarter } from './periods.js';
import { asOneFact, dated, namedYears, namesFact } from './fact-reading.js';
import { heldText, reportsYear, sourceFilings } from './holdings.js';
import { picksOf } from './picks.js';
import { printedShare, statedAmountChange, statedChange, statedShare } from './stated-ops.js';
import { ANSWER_TUNING } from './tuning.js';
import { measureFacts, questionWords } from '../question/derived.js';

export interface FigureInput {
  reading: Reading;
  tickers: string[];
  /** Fiscal years asked (or the latest the company reports), newest first. */
  years: number[];
  /** The filings of the companies asked. */
  filings: FilingRow[];
  chains: EvidenceChain[];
  finder: FigureFinder;
  /** Display names of tickers ("Amazon"). */
  names: Map<string, string>;
  /** The tables a figure may be read from beyond the evidence (the caller's item filter). */
  allowed?: (table: IndexedTable) => boolean;
  /** Companies asked that the index holds nothing of: a grid's empty rows. */
  missing?: { ticker: string; name: string }[];
  /** The reading took the question for a passage question: figures only of a company one of whose
   * facts the question names whole ("Pension Plans Defined Benefit defined benefit plan service cost"). */
  namedOnly?: boolean;
  /** A company's XBRL company facts, when the index holds them. */
  facts?: (ticker: string) => CompanyFactsReader | undefined;
  /** The names of every segment a company's report of the year lists (for a ranking among them). */
  parts?: (ticker: string, year: number) => string[] | undefined;
  /** Called before each company's figures and each cell (pace.ts): lets the event loop in, and stops
   * work that was aborted. */
  pace?: Pace;
}

const MAX_LINES = ANSWER_TUNING.written.maxLines;

/** The annual report's line when it states the figure, else the latest's absence. */
const orLine = (annual: FigureLine, latest: FigureLine): FigureLine => (annual.kind === 'absent' ? latest : annual);

/** The lines of one company. */
async function companyLines(input: FigureInput, ticker: string, base: FindContext, asked: Measure[]): Promise<FigureLine[]> {
  let ctx = base;
  const r = input.reading;
  const op = r.operation;
  const years = [...input.years];
  // "the latest quarter": the quarter of the company's newest report (a 10-K's is the fourth).
  const latest = r.period.latestQuarter ? newestQuarter(ctx.all) : undefined;
  const basePoint = (year: number): Point => ({
    year,
    ...(latest ? { quarter: latest.quarter } : {}),
    ...(r.period.quarter !== undefined ? { quarter: r.period.quarter } : {}),
    ...(r.period.months !== undefined ? { months: r.period.months } : {}),
    ...(r.period.secondHalf ? { secondHalf: true } : {}),
    ...(r.period.trailing ? { trailing: true } : {}),
  });
  const lines: FigureLine[] = [];
  const get = (m: Measure, point: Point): Input | FigureLine => {
    const x = inputAt(input.finder, m, point, ctx);
    // A count asked ("the number of shares repurchased") is never answered with money.
    if (isInput(x) && !(r.count && (x.unit === 'USD' || x.unit === 'USD/share'))) return x;
    if (isInput(x)) return { kind: 'absent', ticker, measure: m, point, missing: { kind: 'missing', why: 'none' } };
    return { kind: 'absent', ticker, measure: m, point, missing: x as Extract<FigureLine, { kind: 'absent' }>['missing'] };
  };
  if (latest && r.period.years.length === 0) years.splice(0, years.length, latest.year);
  if (asked.length === 0 || years.length === 0) return lines;
  const y0 = years[0]!;
  const { measures, kind } = asOneFact(r, input.finder, asked, basePoint(y0), ctx, years.length);
  if (measures.length === 1) ctx = { ...ctx, whole: true };
  if (kind === 'value') ctx = { ...ctx, ...dated(r, years, true) };
  switch (OPERATIONS[kind].shape) {
    case 'value': {
      const at = (m: Measure, year: number): FigureLine => {
        const x = get(m, basePoint(year));
        if (!isInput(x) && r.count) {
          const words = m.qualifiers.length ? m.qualifiers : m.words.filter((w) => w !== r.count);
          const c = countStated(input.chains, ticker, year, r.count, words);
          if (c) return { kind: 'count', ticker, year, ...c };
        }
        return isInput(x) ? { kind: 'value', ticker, input: x } : x;
      };
      if (r.period.range || years.length > 1) {
        for (const m of measures)
          for (const year of years) {
            await input.pace?.();
            lines.push(at(m, year));
          }
        return lines;
      }
      // No year asked, and the newest report (a 10-Q) states nothing of it: the newest annual report's
      // year, said as such (an employee count is in the 10-K's Item 1 alone).
      const annual = r.period.latest && !latest ? newestAnnualYear(ctx.all) : undefined;
      for (const m of measures) {
        const line = at(m, y0);
        lines.push(line.kind === 'absent' && annual !== undefined && annual < y0 ? orLine(at(m, annual), line) : line);
      }
      return lines;
    }
    case 'change': {
      const to = y0;
      const from = years.length > 1 ? years[years.length - 1]! : y0 - 1;
      for (const m of measures) {
        await input.pace?.();
        const a = get(m, basePoint(to));
        const found = get(m, basePoint(from));
        const b = isInput(a) && isInput(found) ? comparableOlder(a, found, from) : found;
        if (!isInput(a) || !isInput(b)) {
          // A percentage change the filing states itself ("Changes in comparable sales ... Total
          // Company 5%"), when the amounts it is of are not printed.
          const stated =
            op.kind === 'pct_change'
              ? statedChange(input.finder, input.reading, m, basePoint(to), ctx)
              : op.kind === 'change'
                ? statedAmountChange(input.finder, input.reading, m, basePoint(to), ctx)
                : undefined;
          if (stated) {
            lines.push({ kind: 'value', ticker, input: stated });
            continue;
          }
          lines.push(...[a, b].filter((x): x is FigureLine => !isInput(x)));
          continue;
        }
        const c = compute(op.kind, [a, b], to - from);
        lines.push(
          'error' in c
            ? { kind: 'absent', ticker, measure: m, point: basePoint(to), missing: { kind: 'missing', why: 'derive', need: c.error } }
            : {
                kind: 'computed',
                ticker,
                op: op.kind,
                ...(op.direction ? { direction: op.direction } : {}),
                value: c.value,
                unit: c.unit,
                inputs: [a, b],
              },
        );
      }
      return lines;
    }
    case 'combine': {
      // Over the years of the period (one measure), or over the measures at one period.
      const pairs: [Measure, Point][] =
        op.overYears || measures.length === 1
          ? years.map((y) => [measures[0]!, basePoint(y)] as [Measure, Point]).reverse()
          : measures.map((m) => [m, basePoint(y0)] as [Measure, Point]);
      if (pairs.length < 2)
        return [
          {
            kind: 'absent',
            ticker,
            measure: measures[0]!,
            point: basePoint(y0),
            missing: { kind: 'missing', why: 'derive', need: 'a second figure to operate on' },
          },
        ];
      const got = pairs.map(([m, p]) => get(m, p));
      const missing = got.filter((x): x is FigureLine => !isInput(x));
      // A share the filing states itself ("Cosmetics 42%" of a table of percentages of net sales, "Net
      // revenues generated from the U.K. 8%"), when the amounts it is of are not both printed.
      const stated =
        missing.length > 0 && op.kind === 'share' && measures.length === 2
          ? statedShare(input.finder, measures[0]!, measures[1]!, basePoint(y0), ctx)
          : undefined;
      if (stated) return [{ kind: 'value', ticker, input: stated }];
      if (missing.length > 0) return missing;
      const inputs = got as Input[];
      const c = compute(op.kind, inputs);
      return [
        'error' in c
          ? {
              kind: 'absent',
              ticker,
              measure: measures[0]!,
              point: basePoint(y0),
              missing: { kind: 'missing', why: 'derive', need: c.error },
            }
          : { kind: 'computed', ticker, op: op.kind, value: c.value, unit: c.unit, inputs, ...printedOf(op.kind, inputs, c.value) },
      ];
    }
  }
}

/** A computed share as the part's row prints it too, when it does. */
function printedOf(op: string, inputs: Input[], value: number): { printed?: string } {
  const printed = op === 'share' ? printedShare(inputs[0]!, value) : undefined;
  return printed ? { printed } : {};
}

export async function answerFigures(given: FigureInput): Promise<FigureAnswer> {
  const lines: FigureLine[] = [];
  for (const ticker of given.tickers) lines.push(...(await companyBody(given, ticker)));
  const kept = lines.slice(0, MAX_LINES);
  return { lines: kept, picks: picksOf(kept, given.chains) };
}

/** The lines of one company: its figures, or why not. */
export async function companyBody(given: FigureInput, ticker: string): Promise<FigureLine[]> {
  await given.pace?.();
  const lines: FigureLine[] = [];
  const all = given.filings.filter((f) => f.sec_ticker === ticker);
  const facts = given.facts?.(ticker);
  const from = sourceFilings(given.reading, all, given.years);
  // (Only a fact the words name answers a question read as asking for a passage: no unheld year.)
  if (typeof from === 'string') {
    if (given.namedOnly) return lines;
    lines.push({
      kind: 'unheld',
      ticker,
      what: from,
      held: heldText(all),
      pull: `filings corpus pull ${ticker} --years ${given.reading.source!.fiscalYear} --forms ${given.reading.source!.form ?? '10-K'}`,
    });
    return lines;
  }
  const base: FindContext = {
    ticker,
    filings: from,
    all,
    chains: given.chains,
    ...(given.allowed ? { allowed: given.allowed } : {}),
    ...(given.reading.count ? { count: given.reading.count } : {}),
    company: (given.names.get(ticker) ?? ticker).split(/\s+/)[0]!,
    ...(given.reading.period.at ? { at: given.reading.period.at } : {}),
    ...(given.reading.source?.fiscalYear !== undefined || given.reading.source?.edition ? { named: true } : {}),
    said: given.reading.nameWords,
    ...(given.reading.measures.length === 1 ? { whole: true } : {}),
    ...(facts ? { facts } : {}),
  };
  // A year the question writes as part of a fact's name ("2021 Senior Notes") is no year asked.
  const own = namedYears(given.reading, given.finder, given.years, base);
  const input = { ...given, ...own };
  const r = input.reading;
  // A year no filing of the company reports (its own, a later annual report's comparatives, the
  // next year's quarterly report's prior-year columns, or a fact's context): say what the index
  // holds and how to add it.
  // (A year the company facts hold is answered from them.)
  const unheld =
    all.length > 0 && !r.source
      ? input.years.filter((y) => !all.some((f) => reportsYear(f, y)) && !facts?.holdsYear(y)).sort((a, b) => a - b)
      : [];
  const unheldLine: FigureLine = {
    kind: 'unheld',
    ticker,
    what: `filings for fiscal ${unheld.join(', ')}`,
    held: heldText(all),
    pull: `filings corpus pull ${ticker} --years ${unheld.length > 1 ? `${unheld[0]}-${unheld[unheld.length - 1]}` : unheld[0]}`,
  };
  // (A year only a fact's context holds is asked all the same: said unheld if nothing is found.)
  const factsOnly = unheld.length > 0 && unheld.every((y) => input.finder.holdsYear(all, y));
  if (unheld.length > 0 && !factsOnly) {
    if (input.namedOnly) return lines;
    lines.push(unheldLine);
    return lines;
  }
  const ctx: FindContext = { ...base, ...dated(r, input.years) };
  // Words the reading did not use are read when they and the measure's are one fact's names.
  const asked = input.namedOnly || r.unread.length > 0 ? namesFact(r, input.finder, input.years, ctx) : undefined;
  const named = !!asked;
  if (input.namedOnly && !named) return lines;
  // A question whose words the reading took for no measure asks for the fact they name.
  let body = await companyLines(input, ticker, ctx, r.measures.length === 0 && asked ? [asked] : r.measures);
  // Amounts the question takes out: found and subtracted, or the answer says what it could not apply.
  if (r.exclusions.length > 0) body = exclude(input, ticker, ctx, body);
  if (r.unread.length > 0 && !named) {
    const instead = body.find((l) => l.kind === 'value' || l.kind === 'computed');
    lines.push({ kind: 'blocked', ticker, words: r.unread, reason: 'the reading did not use them', ...(instead ? { instead } : {}) });
    return lines;
  }
  if (factsOnly && body.every((l) => l.kind === 'absent')) body = [unheldLine];
  lines.push(...body);
  return lines;
}

/** The figure less each excluded amount, found for the same period; an amount not found blocks. */
function exclude(input: FigureInput, ticker: string, ctx: FindContext, body: FigureLine[]): FigureLine[] {
  const r = input.reading;
  return body.map((l) => {
    if (l.kind !== 'value') return l;
    // A figure the filing states with the exclusion ("Revenue, excluding assessed tax", "Operating
    // income excluding ...") is the answer as printed.
    const m = l.input.measure;
    const named = {
      ...m,
      words: [...m.words, 'excluding', ...r.exclusions.flatMap((e) => e.words)],
      qualifiers: m.item || m.metric ? [...m.qualifiers, 'excluding', ...r.exclusions.flatMap((e) => e.words)] : [],
    };
    const printed = inputAt(input.finder, named, l.input.point, ctx);
    if (isInput(printed)) return { kind: 'value', ticker, input: printed };
    const parts: Input[] = [l.input];
    // A cost left out of an earnings figure is added back ("operating income excluding deal costs");
    // a part left out of any other figure is taken out ("revenue excluding fuel").
    const earnings = measureFacts(l.input.measure).earnings;
    for (const ex of r.exclusions) {
      // (An item the figure's own table prints as nil for its period is taken out as nothing.)
      const found = inputAt(input.finder, ex, l.input.point, ctx);
      const x = isInput(found) ? found : (nilInTable(l.input, ex) ?? found);
      if (!isInput(x))
        return {
          kind: 'blocked',
          ticker,
          words: [`excluding ${ex.text}`],
          reason: `the filings do not state ${ex.text} for that period`,
          instead: l,
        };
      const flow = !m.item || LINE_ITEM.get(m.item)!.period !== 'instant';
      const other = notTheExcluded(x, ex, flow, questionWords(r));
      if (other) return { kind: 'blocked', ticker, words: [`excluding ${ex.text}`], reason: other, instead: l };
      // (A gain its statement prints in parentheses among the costs, "Gain associated with the Juice
      // Transaction (3,322)", raised earnings by its amount: taken out as such.)
      parts.push(earnings && gainRow(x) ? { ...x, amount: Math.abs(x.amount) } : x);
    }
    const addBack = earnings && r.exclusions.every((e) => measureFacts(e).charge);
    // Items that may be gains or costs ("special items") raise or lower earnings: which, the words do
    // not say, so nothing is added or taken.
    const signed = !earnings || addBack || r.exclusions.every((e) => measureFacts(e).gain);
    if (!signed)
      return {
        kind: 'blocked',
        ticker,
        words: r.exclusions.map((e) => `excluding ${e.text}`),
        reason: 'whether they raised or lowered it is not said: neither a cost nor a gain',
        instead: l,
      };
    const taken = parts.slice(1).map((p) => ({ ...p, amount: addBack ? -Math.abs(p.amount) : p.amount }));
    const c = compute('difference', [parts[0]!, { ...taken[0]!, amount: taken.reduce((a, p) => a + p.amount, 0) }]);
    if ('error' in c)
      return { kind: 'blocked', ticker, words: r.exclusions.map((e) => `excluding ${e.text}`), reason: c.error, instead: l };
    return { kind: 'computed', ticker, op: addBack ? 'sum' : 'difference', value: c.value, unit: c.unit, inputs: parts };
  });
}

/** A row that is a gain and not a loss ("Gain associated with the Juice Transaction"). */
const gainRow = (p: Input) => p.found.kind === 'row' && /\bgains?\b/i.test(p.found.figure.label) && !/\bloss/i.test(p.found.figure.label);

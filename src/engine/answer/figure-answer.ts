// The figures an answer states, read from the question's Reading: for each company asked, its
// operation over its measures and periods, each input found (lookup/find.ts) and cited, each period
// derived as an analyst would (a second half is the year less its first half; a fourth quarter the year
// less nine months; trailing twelve months the last year less its year to date plus this year's). What
// cannot be found says why; a question with words the reading could not apply states no figure of a
// simpler question as its answer.
import type { EvidenceChain } from '../evidence/types.js';
import type { FilingRow, IndexedTable } from '../index/types.js';
import type { Measure, Reading } from '../question/reading.js';
import { countStated } from './counts.js';
import type { FigureAnswer, FigureLine, Input, Point } from './figure-lines.js';
import type { FigureFinder, FindContext } from './lookup/find.js';
import { compute } from './operate.js';
import { measureName } from './write-figures.js';
import { inputAt, newestQuarter } from './periods.js';
import { asOneFact, dated, namedYears, namesFact, unnamed } from './fact-reading.js';
import { ANSWER_TUNING } from './tuning.js';

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
  /** The reading took the question for a passage question: figures only of a company one of whose
   * facts the question names whole ("Pension Plans Defined Benefit defined benefit plan service cost"). */
  namedOnly?: boolean;
}

const MAX_LINES = ANSWER_TUNING.written.maxLines;

const fyOf = (f: FilingRow) => Number(f.sec_fiscal_year.slice(3));

const isInput = (x: object): x is Input => !('kind' in x);

/** The lines of one company. */
function companyLines(input: FigureInput, ticker: string, base: FindContext, asked: Measure[]): FigureLine[] {
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
    if (isInput(x) && !(r.count && (x.unit === 'money' || x.unit === 'per_share'))) return x;
    if (isInput(x)) return { kind: 'absent', ticker, measure: m, point, missing: { kind: 'missing', why: 'none' } };
    return { kind: 'absent', ticker, measure: m, point, missing: x as Extract<FigureLine, { kind: 'absent' }>['missing'] };
  };
  if (latest && r.period.years.length === 0) years.splice(0, years.length, latest.year);
  if (asked.length === 0 || years.length === 0) return lines;
  const y0 = years[0]!;
  const { measures, kind } = asOneFact(r, input.finder, asked, basePoint(y0), ctx, years.length);
  if (measures.length === 1) ctx = { ...ctx, whole: true };
  if (kind === 'value') ctx = { ...ctx, ...dated(r, years, true) };
  switch (kind) {
    case 'value': {
      for (const m of measures) {
        for (const year of r.period.range || years.length > 1 ? years : [y0]) {
          const x = get(m, basePoint(year));
          if (!isInput(x) && r.count) {
            const c = countStated(
              input.chains,
              ticker,
              year,
              r.count,
              m.qualifiers.length ? m.qualifiers : m.words.filter((w) => w !== r.count),
            );
            if (c) {
              lines.push({ kind: 'count', ticker, year, ...c });
              continue;
            }
          }
          lines.push(isInput(x) ? { kind: 'value', ticker, input: x } : x);
        }
      }
      return lines;
    }
    case 'change':
    case 'pct_change':
    case 'cagr': {
      const to = y0;
      const from = years.length > 1 ? years[years.length - 1]! : y0 - 1;
      for (const m of measures) {
        const a = get(m, basePoint(to));
        const b = get(m, basePoint(from));
        if (!isInput(a) || !isInput(b)) {
          // A percentage change the filing states itself ("Changes in comparable sales ... Total
          // Company 5%"), when the amounts it is of are not printed.
          const stated = op.kind === 'pct_change' ? statedChange(input, m, basePoint(to), ctx) : undefined;
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
    case 'sum':
    case 'average':
    case 'difference':
    case 'ratio':
    case 'share': {
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
          : { kind: 'computed', ticker, op: op.kind, value: c.value, unit: c.unit, inputs },
      ];
    }
  }
}

/** The percentage change of `m` a row states (its group or label says "change"), read with the
 * question's exclusions as the row's own words. */
function statedChange(input: FigureInput, m: Measure, point: Point, ctx: FindContext): Input | undefined {
  const excluded = input.reading.exclusions.flatMap((e) => e.words);
  const ex = input.reading.exclusions.map((e) => e.text).join(' and ');
  const label = `percentage change in ${measureName(m)}${ex ? ` excluding ${ex}` : ''}`;
  const change: Measure = {
    label,
    text: `percentage change in ${m.text}`,
    words: [...m.words, 'percentage', 'changes', ...excluded],
    qualifiers: m.item || m.metric ? [...m.qualifiers, ...excluded] : [],
    ...(m.item ? { item: m.item } : {}),
  };
  const x = inputAt(input.finder, change, point, ctx);
  return isInput(x) && x.unit === 'percent' ? x : undefined;
}

/** The filing the question names as its source, of the company's; an edition picks among those that
 * print the period: the first that did (original) or the last (restated). */
function sourceFilings(r: Reading, all: FilingRow[], years: number[]): FilingRow[] | string {
  const s = r.source;
  if (!s) return all;
  let from = all;
  if (s.fiscalYear !== undefined) {
    from = all.filter((f) => fyOf(f) === s.fiscalYear && (!s.form || f.sec_form_type.startsWith(s.form)));
    if (from.length === 0) return `its ${s.form ?? 'report'} for fiscal ${s.fiscalYear}`;
  }
  if (s.edition && years.length > 0) {
    const printing = from
      .filter((f) => f.sec_form_type.startsWith('10-K') && fyOf(f) >= years[0]! && fyOf(f) <= years[0]! + 2)
      .sort((a, b) => fyOf(a) - fyOf(b));
    const pick = s.edition === 'original' ? printing[0] : printing[printing.length - 1];
    if (pick) from = [pick];
  }
  return from;
}

export function answerFigures(given: FigureInput): FigureAnswer {
  const lines: FigureLine[] = [];
  for (const ticker of given.tickers) {
    const all = given.filings.filter((f) => f.sec_ticker === ticker);
    const from = sourceFilings(given.reading, all, given.years);
    // (Only a fact the words name answers a question read as asking for a passage: no unheld year.)
    if (typeof from === 'string') {
      if (given.namedOnly) continue;
      lines.push({
        kind: 'unheld',
        ticker,
        what: from,
        held: heldText(all),
        pull: `filings corpus pull ${ticker} --years ${given.reading.source!.fiscalYear} --forms ${given.reading.source!.form ?? '10-K'}`,
      });
      continue;
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
      question: unnamed(given.reading),
      ...(given.reading.measures.length === 1 ? { whole: true } : {}),
    };
    // A year the question writes as part of a fact's name ("2021 Senior Notes") is no year asked.
    const own = namedYears(given.reading, given.finder, given.years, base);
    const input = { ...given, ...own };
    const r = input.reading;
    // A year no filing of the company reports (its own, a later annual report's comparatives, the
    // next year's quarterly report's prior-year columns, or a fact's context): say what the index
    // holds and how to add it.
    const unheld = all.length > 0 && !r.source ? input.years.filter((y) => !all.some((f) => reportsYear(f, y))).sort((a, b) => a - b) : [];
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
      if (input.namedOnly) continue;
      lines.push(unheldLine);
      continue;
    }
    const ctx: FindContext = { ...base, ...dated(r, input.years) };
    // Words the reading did not use are read when they and the measure's are one fact's names.
    const asked = input.namedOnly || r.unread.length > 0 ? namesFact(r, input.finder, input.years, ctx) : undefined;
    const named = !!asked;
    if (input.namedOnly && !named) continue;
    // A question whose words the reading took for no measure asks for the fact they name.
    let body = companyLines(input, ticker, ctx, r.measures.length === 0 && asked ? [asked] : r.measures);
    // Amounts the question takes out: found and subtracted, or the answer says what it could not apply.
    if (r.exclusions.length > 0) body = exclude(input, ticker, ctx, body);
    if (r.unread.length > 0 && !named) {
      const instead = body.find((l) => l.kind === 'value' || l.kind === 'computed');
      lines.push({ kind: 'blocked', ticker, words: r.unread, reason: 'the reading did not use them', ...(instead ? { instead } : {}) });
      continue;
    }
    if (factsOnly && body.every((l) => l.kind === 'absent')) body = [unheldLine];
    lines.push(...body);
  }
  const kept = lines.slice(0, MAX_LINES);
  return { lines: kept, picks: picksOf(kept, given.chains) };
}

const EARNINGS = /\b(?:income|profit|earnings|ebit|ebitda|margin|eps)\b/i;
const GAIN = /\b(?:gains?|income|benefits?|recover(?:y|ies)|proceeds)\b/i;
const CHARGE =
  /\b(?:costs?|expenses?|charges?|loss(?:es)?|impairments?|restructuring|amortization|write-?(?:downs?|offs?)|litigation|settlements?)\b/i;

/** Whether filing `f` prints figures of fiscal year `y`: its own year, a 10-K's comparative years (two
 * in its statements, four more in a five-year summary; a ten-year one is read, but not counted on),
 * a 10-Q's prior-year columns (the same quarter, the year to date, the last year end). */
function reportsYear(f: FilingRow, y: number): boolean {
  const fy = fyOf(f);
  if (fy === y) return true;
  return f.sec_form_type.startsWith('10-K') ? fy > y && fy <= y + 4 : /10-Q/.test(f.sec_form_type) && fy === y + 1;
}

/** What the index holds of a company: "10-K for fiscal 2018, 2019 and 2020; 10-Q for fiscal 2023". */
function heldText(all: FilingRow[]): string {
  const byForm = new Map<string, number[]>();
  for (const f of all) {
    const form = f.sec_form_type.replace(/\/A$/, '');
    const years = byForm.get(form) ?? [];
    if (!years.includes(fyOf(f))) years.push(fyOf(f));
    byForm.set(form, years);
  }
  const list = (ys: number[]) => {
    const s = ys.sort((a, b) => a - b).map(String);
    return s.length > 1 ? `${s.slice(0, -1).join(', ')} and ${s[s.length - 1]}` : s[0]!;
  };
  return [...byForm]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([form, ys]) => `${form} for fiscal ${list(ys)}`)
    .join('; ');
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
    for (const ex of r.exclusions) {
      const x = inputAt(input.finder, ex, l.input.point, ctx);
      if (!isInput(x))
        return {
          kind: 'blocked',
          ticker,
          words: [`excluding ${ex.text}`],
          reason: `the filings do not state ${ex.text} for that period`,
          instead: l,
        };
      parts.push(x);
    }
    // A cost left out of an earnings figure is added back ("operating income excluding deal costs");
    // a part left out of any other figure is taken out ("revenue excluding fuel").
    const addBack = EARNINGS.test(l.input.measure.text) && r.exclusions.every((e) => CHARGE.test(e.text));
    // Items that may be gains or costs ("special items") raise or lower earnings: which, the words do
    // not say, so nothing is added or taken.
    const signed = !EARNINGS.test(l.input.measure.text) || addBack || r.exclusions.every((e) => GAIN.test(e.text));
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

/** Rows and sentences the lines cite that no chain shows. */
function picksOf(lines: FigureLine[], chains: EvidenceChain[]): FigureAnswer['picks'] {
  const shown = new Set<string>();
  for (const c of chains) {
    if (c.table) for (const i of c.table.shown) shown.add(`${c.table.table.id}:${i}`);
    for (const e of c.entries) {
      if (e.row) shown.add(`${e.row.table.id}:${e.row.index}`);
      else for (const s of e.sources) for (const id of s.statementIds) shown.add(`s${id}`);
    }
  }
  const picks: FigureAnswer['picks'] = [];
  const add = (key: string, pick: FigureAnswer['picks'][number]) => {
    if (shown.has(key)) return;
    shown.add(key);
    picks.push(pick);
  };
  const visit = (i: Input) => {
    if (i.parts) for (const p of i.parts) visit(p.input);
    const f = i.found;
    if (f.kind === 'row') {
      for (const x of [f.figure, ...f.conflicts]) add(`${x.table.id}:${x.rowIndex}`, { table: x.table, index: x.rowIndex });
    } else if (f.kind === 'metric') {
      for (const x of f.result.inputs) add(`${x.table.id}:${x.rowIndex}`, { table: x.table, index: x.rowIndex });
    } else add(`s${f.text.statementId}`, { statementId: f.text.statementId });
  };
  const line = (l: FigureLine) => {
    if (l.kind === 'value') visit(l.input);
    else if (l.kind === 'absent' && l.missing.why === 'derive' && l.missing.have) visit(l.missing.have);
    else if (l.kind === 'computed') l.inputs.forEach(visit);
    else if (l.kind === 'blocked' && l.instead) line(l.instead);
  };
  lines.forEach(line);
  return picks;
}

// The figures an answer states: for each company asked, each year asked and each line item or metric
// the question names, the resolved figure (or the computed metric with its inputs), or an explicit
// "not stated". Rows the answer uses that the evidence lacks are returned as picks, to join the evidence
// as one more chain before the answer cites them.
import type { EvidenceChain, EvidenceEntry } from '../evidence/types.js';
import { LINE_ITEM } from '../lexicon/line-items.js';
import { statedFigures, type Stated } from '../text/stated-figures.js';
import type { FilingRow } from '../index/types.js';
import type { LineItemKey } from '../lexicon/line-items.js';
import { METRIC, type MetricKey } from '../lexicon/metrics.js';
import type { QueryAnalysis } from '../retrieve/analysis.js';
import { stem, stemsOf } from '../text/words.js';
import { computeMetric, type MetricResult } from './metrics.js';
import { rowFigures } from './unlexed.js';
import { preferNamed, type Figure, type FigureResolver, type Resolved } from './resolve.js';

export type FigureLine =
  | { kind: 'figure'; ticker: string; year: number; quarter?: number; months?: number; item: LineItemKey; resolved: Resolved & { figure: Figure } }
  | { kind: 'growth'; ticker: string; item: LineItemKey; from: Figure; to: Figure; /** A part's own row ("Membership fees"), named in the answer. */ part?: string }
  | { kind: 'metric'; ticker: string; year: number; quarter?: number; months?: number; result: MetricResult }
  | { kind: 'absent'; ticker: string; year: number; quarter?: number; months?: number; what: { item?: LineItemKey; metric?: MetricKey; words?: string; narrowed?: string[] }; lacking?: LineItemKey[] }
  /** A figure the lexicon has no entry for, read from a row whose label names what was asked. */
  | { kind: 'row'; ticker: string; year: number; quarter?: number; months?: number; figure: Figure }
  /** A figure no table holds, stated in a sentence of the evidence with its year. */
  | { kind: 'stated'; ticker: string; year: number; item: LineItemKey; stated: Stated; entry: EvidenceEntry; narrowed?: string[] }
  /** "How many": a count a sentence of the evidence states. */
  | { kind: 'count'; ticker: string; year: number; count: string; noun: string; entry: EvidenceEntry; parts?: string[] };

export interface FigureAnswer {
  lines: FigureLine[];
  /** Rows used that no chain shows yet. */
  picks: { table: Figure['table']; index: number }[];
}

export interface FigureInput {
  question?: string;
  analysis: QueryAnalysis;
  tickers: string[];
  /** Asked fiscal years, newest first. */
  years: number[];
  /** The fiscal quarter asked, when the question asks one. */
  quarter?: number;
  /** With a quarter: the months of the period ending with it (6 or 9: "the six months ended ..."). */
  months?: number;
  filings: FilingRow[];
  chains: EvidenceChain[];
  resolver: FigureResolver;
}

/** The part of the year asked, for a line: a quarter, perhaps with the months ending with it. */
export function periodOf(input: Pick<FigureInput, 'quarter' | 'months'>): { quarter?: number; months?: number } {
  if (input.quarter === undefined) return {};
  return { quarter: input.quarter, ...(input.months !== undefined && input.months !== 3 ? { months: input.months } : {}) };
}

/** Most company-year-item combinations one answer resolves: a question naming many is summarised. */
const MAX_LINES = 12;

export function answerFigures(input: FigureInput): FigureAnswer {
  const { analysis: a, tickers, chains, resolver, filings } = input;
  if (a.items.length === 0 && a.metrics.length === 0) return { lines: rowFigures(input), picks: [] };
  const memo = new Map<string, Resolved>();
  const get = (ticker: string) => (item: LineItemKey, year: number): Figure | undefined => {
    const key = `${ticker}|${item}|${year}`;
    let r = memo.get(key);
    if (!r) memo.set(key, (r = preferNamed(resolver.resolve(item, ticker, year, filings, chains, input.quarter, input.months), input.question)));
    return r.figure;
  };
  const lines: FigureLine[] = [];
  // A change over time compares the newest year asked with the one before it (or the first of a range).
  const years = input.years.length > 0 ? input.years : [];
  const growthPair: [number, number] | undefined = a.growth && years.length > 0 ? [years[0]!, years.length > 1 ? years[years.length - 1]! : years[0]! - 1] : undefined;
  // Line items that a named metric is made of are shown as its inputs, not again on their own.
  const inputs = new Set(a.metrics.flatMap((m) => [...METRIC.get(m)!.needs, ...(METRIC.get(m)!.avg ?? [])]));
  const items = a.items.filter((k) => !inputs.has(k));
  for (const ticker of tickers) {
    for (const item of items) {
      // "iPhone revenue", "revenue from Walgreens", "membership fee revenue": the words that narrow it.
      const narrowing = [...new Set([a.qualifiers[item], ...a.narrowers].filter((w): w is string => !!w))];
      if (growthPair) {
        const to = get(ticker)(item, growthPair[0]);
        const from = get(ticker)(item, growthPair[1]);
        // The company's revenue growth is not a part's.
        if (to && from && narrowing.length > 0 && !(namesAny(to, narrowing) && namesAny(from, narrowing))) {
          // The part's own row in both years ("Membership fees"), or the evidence does not state it.
          const part = (year: number) => {
            const terms = [...new Set([...a.terms, ...narrowing])];
            const l = rowFigures({ ...input, analysis: { ...a, terms, phrases: [], topics: [] } }, { ticker, year, mustAny: narrowing })[0];
            return l?.kind === 'row' ? { ...l.figure, item } : undefined;
          };
          const [now, then] = [part(growthPair[0]), part(growthPair[1])];
          if (now && then && now.label === then.label && now.scale === then.scale) lines.push({ kind: 'growth', ticker, item, from: then, to: now, part: now.label });
          else lines.push({ kind: 'absent', ticker, year: growthPair[0], what: { item, narrowed: narrowing } });
          continue;
        }
        if (to && from) lines.push({ kind: 'growth', ticker, item, from, to });
        else lines.push({ kind: 'absent', ticker, year: !to ? growthPair[0] : growthPair[1], what: { item } });
        continue;
      }
      for (const year of years.slice(0, a.growth ? 2 : years.length)) {
        const g = get(ticker);
        const f = g(item, year);
        const r = memo.get(`${ticker}|${item}|${year}`)!;
        const q = periodOf(input);
        const stated = f || input.quarter !== undefined ? undefined : statedFigure(item, ticker, year, chains);
        // "iPhone revenue", "revenue from Walgreens": the company's revenue is not the answer unless its
        // row names the iPhone (or Walgreens); a row that does is, or the evidence does not state it.
        if (narrowing.length > 0 && !(f && namesAny(f, narrowing))) {
          // The part's row in a table of the item ("Aeronautics" under net sales), or the item's row naming it.
          const partRows = rowFigures({ ...input, analysis: { ...a, terms: narrowing, phrases: [], topics: [] } }, { ticker, year, mustAny: narrowing, item });
          const narrowed = partRows.some((l) => l.kind === 'row') ? partRows : rowFigures({ ...input, analysis: { ...a, terms: [...narrowing, ...stemsOf(LINE_ITEM.get(item)!.name)], phrases: [], topics: [] } }, { ticker, year, mustAny: narrowing });
          // No row: a sentence naming the part and the item with one amount for the year ("revenue
          // from ... Walgreens ... was $68.7 billion in fiscal 2023").
          const said = narrowed.every((l) => l.kind === 'absent') && input.quarter === undefined ? statedFigure(item, ticker, year, chains, narrowing) : undefined;
          if (said) lines.push({ kind: 'stated', ticker, year, item, ...said, narrowed: narrowing });
          else lines.push(...narrowed.map((l) => (l.kind === 'absent' ? { ...l, ...q, what: { item, narrowed: narrowing } } : l)));
          continue;
        }
        if (f) lines.push({ kind: 'figure', ticker, year, item, ...q, resolved: r as Resolved & { figure: Figure } });
        else if (stated) lines.push({ kind: 'stated', ticker, year, item, ...stated });
        else lines.push({ kind: 'absent', ticker, year, ...q, what: { item } });
      }
    }
    for (const metric of a.metrics) {
      for (const year of years.slice(0, a.growth ? 2 : years.length)) {
        const r = computeMetric(metric, ticker, year, get(ticker));
        // "Gross margin in Brazil" is not the company's gross margin.
        if (a.narrowers.length > 0 && !('missing' in r) && !r.inputs.every((f) => a.narrowers.some((w) => namesWord(f, w)))) {
          lines.push({ kind: 'absent', ticker, year, ...periodOf(input), what: { metric, narrowed: a.narrowers } });
          continue;
        }
        if ('missing' in r) lines.push({ kind: 'absent', ticker, year, ...periodOf(input), what: { metric }, lacking: r.missing });
        else lines.push({ kind: 'metric', ticker, year, ...periodOf(input), result: r });
      }
    }
  }
  const kept = lines.slice(0, MAX_LINES);
  const shown = new Set<string>();
  for (const c of chains) {
    if (c.table) for (const i of c.table.shown) shown.add(`${c.table.table.id}:${i}`);
    for (const e of c.entries) if (e.row) shown.add(`${e.row.table.id}:${e.row.index}`);
  }
  const picks: FigureAnswer['picks'] = [];
  const need = (f: Figure) => {
    const k = `${f.table.id}:${f.rowIndex}`;
    if (!shown.has(k)) {
      shown.add(k);
      picks.push({ table: f.table, index: f.rowIndex });
    }
  };
  for (const l of kept) {
    if (l.kind === 'figure') [l.resolved.figure, ...l.resolved.conflicts].forEach(need);
    else if (l.kind === 'growth') [l.from, l.to].forEach(need);
    else if (l.kind === 'metric') l.result.inputs.forEach(need);
  }
  return { lines: kept, picks };
}

/** A sentence of the company's evidence that names the line item and states one amount for the year
 * ("Research and development expenses were $771 million, $753 million and $719 million in 2022, 2021
 * and 2020, respectively"). */
function statedFigure(item: LineItemKey, ticker: string, year: number, chains: EvidenceChain[], mustAny: string[] = []): { stated: Stated; entry: EvidenceEntry } | undefined {
  const def = LINE_ITEM.get(item)!;
  const must = mustAny.map((w) => stem(w.toLowerCase()));
  const phrases = [...def.labels, ...def.ask].map((p) => stemsOf(p)).filter((p) => p.length >= 2 || (p.length === 1 && p[0]!.length > 4));
  for (const c of chains) {
    for (const e of c.entries) {
      if (e.row || e.sources[0]?.source.filing.sec_ticker !== ticker) continue;
      const have = stemsOf(e.consensus);
      const text = ` ${have.join(' ')} `;
      if (!phrases.some((p) => text.includes(` ${p.join(' ')} `))) continue;
      if (must.length > 0 && !must.some((w) => have.includes(w))) continue;
      // Exactly one amount for the year: a sentence listing several amounts of one year is ambiguous.
      const ofYear = statedFigures(e.consensus).filter((p) => p.year === year);
      if (ofYear.length === 1) return { stated: ofYear[0]!, entry: e };
    }
  }
  return undefined;
}

/** The figure's row, group or caption names the word. */
const namesAny = (f: Figure, words: string[]) => words.some((w) => namesWord(f, w));

function namesWord(f: Figure, word: string): boolean {
  const row = f.table.model.rows[f.rowIndex]!;
  return stemsOf(`${row.label} ${row.group ?? ''} ${f.table.model.caption}`).includes(stem(word.toLowerCase()));
}

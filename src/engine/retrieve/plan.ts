// agentic_research: a retrieval plan of sub-queries (per company for comparisons, per year for
// trends, per aspect for questions naming several line items, metrics or topics), each searched in its
// own scope, fused by reciprocal rank.
import { filterValues } from '../../contract/filters.js';
import type { CanonicalFilters } from '../../contract/types.js';
import { LINE_ITEM } from '../lexicon/line-items.js';
import { METRIC } from '../lexicon/metrics.js';
import type { QueryAnalysis } from './analysis.js';
import { MAX_PLAN_STEPS } from '../limits.js';
import type { Hit } from './search.js';
import { RETRIEVAL_TUNING } from './tuning.js';

export interface PlanStep {
  query: string;
  label: string;
  /** Filters of this step on top of the query's applied filters. */
  narrow: CanonicalFilters;
  analysis: QueryAnalysis;
}

export function planSteps(question: string, a: QueryAnalysis, applied: CanonicalFilters): PlanStep[] {
  const steps: PlanStep[] = [{ query: question, label: 'whole question', narrow: {}, analysis: a }];
  const tickers = filterValues(applied.sec_ticker);
  const years = filterValues(applied.sec_fiscal_year);
  if (tickers.length > 1)
    for (const t of tickers) steps.push({ query: `${question} (${t})`, label: `company ${t}`, narrow: { sec_ticker: t }, analysis: a });
  if (years.length > 1)
    for (const y of years)
      steps.push({ query: `${question} (${y})`, label: `fiscal year ${y}`, narrow: { sec_fiscal_year: y }, analysis: a });
  const only = (part: Partial<QueryAnalysis>): QueryAnalysis => ({
    ...a,
    lexicon: [],
    items: [],
    metrics: [],
    topics: [],
    terms: [],
    phrases: [],
    ...part,
  });
  const aspects = [
    ...a.items.map((k) => ({ name: LINE_ITEM.get(k)!.name, analysis: only({ items: [k] }) })),
    ...a.metrics.map((k) => ({ name: METRIC.get(k)!.name, analysis: only({ metrics: [k], items: METRIC.get(k)!.needs }) })),
    ...a.topics.map((t) => ({ name: t.name, analysis: only({ topics: [t] }) })),
  ];
  if (aspects.length > 1)
    for (const asp of aspects) steps.push({ query: asp.name, label: `aspect: ${asp.name}`, narrow: {}, analysis: asp.analysis });
  return steps.slice(0, MAX_PLAN_STEPS);
}

/** Reciprocal-rank fusion of several ranked hit lists, each with a weight (k = 60, the usual constant). */
export function fuse(lists: Hit[][], k = 60, weights: number[] = []): Hit[] {
  const fused = new Map<number, { hit: Hit; score: number }>();
  lists.forEach((list, li) => {
    const w = weights[li] ?? 1;
    list.forEach((h, rank) => {
      const f = fused.get(h.row.id) ?? { hit: h, score: 0 };
      f.score += w / (k + rank + 1);
      if (h.score > f.hit.score) f.hit = h;
      fused.set(h.row.id, f);
    });
  });
  // Keep the hits' own scores for chain building, ordered by fused rank.
  const ordered = [...fused.values()].sort((a, b) => b.score - a.score);
  const top = ordered[0]?.score ?? 1;
  return ordered.map((f, i) => ({
    ...f.hit,
    score: Math.max(f.hit.score, 1e-6) * (RETRIEVAL_TUNING.fusionFloor + f.score / top) - i * 1e-9,
  }));
}

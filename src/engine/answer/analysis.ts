// The analysis of what was retrieved: coverage (evidence by company, fiscal year, item), agreement
// (claims several sources support), change over time (what a later filing says that an earlier one
// of the same company does not, and the reverse), gaps (asked-for values and plan steps without
// evidence). Built from the evidence and, for changes, from the filings themselves.
import { filterValues } from '../../contract/filters.js';
import type { AnalysisPayload, CanonicalFilters, MetadataDistribution } from '../../contract/types.js';
import type { EvidenceChain, EvidenceEntry } from '../evidence/types.js';
import { isSentenceLike } from './extractive.js';
import type { FigurePayload } from './figure-payload.js';
import { ANSWER_TUNING } from './tuning.js';

export interface AnalysisInput {
  chains: EvidenceChain[];
  distribution: MetadataDistribution;
  applied: CanonicalFilters;
  plan?: { label: string; applied_metadata_filters: CanonicalFilters; found: number }[];
  /** The figures the answer states, as records, and a grid's cells over them. */
  figures?: FigurePayload;
  /** Whether a filing holds a statement like `claim` (a near-duplicate by FTS and word overlap). */
  saysSomethingLike: (filingId: number, claim: string) => boolean;
  /** Filings of a company in scope, oldest first. */
  filingsOf: (ticker: string) => { id: number; fiscalYear: string; form: string }[];
}

const ids = (e: EvidenceEntry) => e.sources.map((s) => s.source.id);
const short = (s: string, n = ANSWER_TUNING.analysis.claimChars) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function changes(input: AnalysisInput): NonNullable<AnalysisPayload['changes']> {
  const out: NonNullable<AnalysisPayload['changes']> = [];
  for (const c of input.chains) {
    for (const e of c.entries.slice(0, 1)) {
      if (e.row || !isSentenceLike(e.consensus)) continue; // claims, not figures or captions
      const src = e.sources[0]!.source;
      const ticker = src.filing.sec_ticker;
      if (!ticker) continue;
      const same = input.filingsOf(ticker).filter((f) => f.form === src.filing.sec_form_type);
      const at = same.findIndex((f) => f.id === src.filing.id);
      const earlier = at > 0 ? same[at - 1] : undefined;
      const later = at >= 0 && at < same.length - 1 ? same[at + 1] : undefined;
      if (earlier && !e.sources.some((s) => s.source.filing.id === earlier.id) && !input.saysSomethingLike(earlier.id, e.consensus)) {
        out.push({
          kind: 'added',
          claim: short(e.consensus),
          company: ticker,
          from: earlier.fiscalYear,
          to: src.filing.sec_fiscal_year,
          sources: ids(e),
        });
      }
      if (later && !e.sources.some((s) => s.source.filing.id === later.id) && !input.saysSomethingLike(later.id, e.consensus)) {
        out.push({
          kind: 'dropped',
          claim: short(e.consensus),
          company: ticker,
          from: src.filing.sec_fiscal_year,
          to: later.fiscalYear,
          sources: ids(e),
        });
      }
      if (out.length >= ANSWER_TUNING.analysis.items) return out;
    }
  }
  return out;
}

function gaps(input: AnalysisInput): NonNullable<AnalysisPayload['gaps']> {
  const out: NonNullable<AnalysisPayload['gaps']> = [];
  const seen = (field: string, value: string) => (input.distribution[field]?.values ?? []).some((v) => v.value === value);
  for (const field of ['sec_ticker', 'sec_fiscal_year', 'sec_form_type', 'sec_item_tag']) {
    for (const v of filterValues(input.applied[field])) {
      if (!seen(field, v)) out.push({ kind: 'filter', message: `no evidence for ${field}=${v}` });
    }
  }
  for (const step of input.plan ?? []) {
    if (step.found === 0) out.push({ kind: 'plan_step', message: `no evidence for the plan step "${step.label}"` });
  }
  if (input.chains.length === 0) out.push({ kind: 'evidence', message: 'no evidence at all' });
  return out;
}

export function composeAnalysis(input: AnalysisInput): AnalysisPayload {
  const d = input.distribution;
  const pick = (field: string) => (d[field]?.values ?? []).map((v) => ({ value: v.value, count: v.count }));
  const coverage = { by_company: pick('sec_ticker'), by_fiscal_year: pick('sec_fiscal_year'), by_item: pick('sec_item_tag') };
  const agreement = input.chains
    .flatMap((c) => c.entries)
    .filter((e) => e.sources.length > 1)
    .slice(0, ANSWER_TUNING.analysis.items)
    .map((e) => ({ claim: short(e.consensus), sources: ids(e) }));
  const change = changes(input);
  const gap = gaps(input);

  const fmt = (xs: { value: string; count: number }[]) => xs.map((x) => `${x.value} (${x.count})`).join(', ') || 'none';
  const changeText = (c: (typeof change)[number]) => {
    const says = c.kind === 'added' ? `${c.to} says, unlike ${c.from},` : `${c.from} says, and ${c.to} no longer does,`;
    return `${c.company} ${says} "${short(String(c.claim), 100)}" [${(c.sources as string[]).join(', ')}]`;
  };
  const lines = [
    `Coverage: ${input.chains.length} evidence chains; by company ${fmt(coverage.by_company)}; ` +
      `by fiscal year ${fmt(coverage.by_fiscal_year)}; by item ${fmt(coverage.by_item)}.`,
    agreement.length
      ? `Agreement: ${agreement.length} claim${agreement.length > 1 ? 's are' : ' is'} supported by several sources, ` +
        `e.g. "${short(agreement[0]!.claim, 120)}" [${agreement[0]!.sources.join(', ')}].`
      : 'Agreement: no claim stands in more than one source.',
    change.length
      ? `Change over time: ${change.map(changeText).join('; ')}.`
      : 'Change over time: no claim was found in one filing and missing from the neighbouring filing of the same company.',
    gap.length ? `Gaps: ${gap.map((g) => g.message).join('; ')}.` : 'Gaps: none; every asked-for filter value has evidence.',
  ];
  const figures = input.figures;
  const unstated = figures?.gaps ?? [];
  if (figures && figures.figures.length > 0) {
    const derived = figures.figures.filter((f) => f.status === 'derived').length;
    lines.push(
      `Figures: ${figures.figures.length} stated (${figures.figures.length - derived} reported, ${derived} derived)` +
        (figures.grid ? `, a grid of ${figures.grid.companies.length} companies by ${figures.grid.fiscal_years.length} fiscal years` : '') +
        (unstated.length ? `; ${unstated.length} asked and not stated (analysis.gaps).` : '.'),
    );
  } else if (unstated.length > 0) lines.push(`Figures: none stated; ${unstated.length} asked (analysis.gaps say why).`);
  return {
    text: lines.join('\n'),
    coverage,
    agreement,
    changes: change,
    gaps: [...gap, ...unstated],
    // (None when no figure was asked: a script tells that from a service that gives no records.)
    figures: figures?.figures ?? [],
    ...(figures?.grid ? { grid: figures.grid } : {}),
  };
}

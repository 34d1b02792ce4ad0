// The offline answer: built only from the evidence, citing its source ids exactly. For a figure, the
// table row's value in the column of the asked year, with its unit; otherwise the strongest claims,
// in order. Says so plainly when the evidence does not support an answer.
import type { EvidenceChain, EvidenceEntry } from '../evidence/types.js';
import type { QueryAnalysis } from '../retrieve/query-terms.js';
import { calculate } from './calculate.js';
import { describeFigure, figureOf } from './figures.js';
import { stem } from '../retrieve/search.js';
import { termGroups, words } from '../retrieve/query-terms.js';

export const NO_DATA = 'No data found';

const cite = (e: EvidenceEntry) => `[${e.sources.map((s) => s.source.id).join(', ')}]`;

export interface AnswerInput {
  question: string;
  chains: EvidenceChain[];
  analysis: QueryAnalysis;
  /** Asked years as they appear in table columns ("2018"). */
  years: string[];
}

/** How much of what the question asks a row label names (0..1). */
function labelMatch(label: string, groups: string[][][]): number {
  const have = new Set(words(label).map(stem));
  const hit = groups.filter((alts) => alts.some((phrase) => phrase.every((w) => have.has(w)))).length;
  return groups.length ? hit / groups.length : 0;
}

function figureSentences(input: AnswerInput): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const groups = termGroups(input.analysis).map((g) => g.map((p) => words(p).map(stem)));
  const entries = input.chains
    .slice(0, 6)
    .flatMap((c, ci) => c.entries.map((e) => ({ e, ci, match: labelMatch(e.consensus.split(' — ')[0]!, groups) })))
    .filter((x) => x.match > 0)
    .sort((a, b) => b.match - a.match || a.ci - b.ci);
  for (const { e } of entries) {
    {
      const f = figureOf(e, input.years);
      if (!f || seen.has(f.label.toLowerCase())) continue;
      seen.add(f.label.toLowerCase());
      const reported = f.negative ? ` (reported as (${f.value}), a negative amount)` : '';
      const verb = /^\w+[^s\W]s\b/.test(f.label) ? 'were' : 'was';
      out.push(`${f.label} ${verb} ${describeFigure(f, /\bbillions?\b/i.test(input.question))} in ${f.column}${reported} ${cite(e)}.`);
      if (out.length >= 3) return out;
    }
  }
  return out;
}

/** A claim that reads as a statement, not a caption, heading or table label. */
export function isSentenceLike(text: string): boolean {
  const w = text.match(/[A-Za-z]{2,}/g) ?? [];
  return w.length >= 6 && !text.includes(' / ') && (text.match(/\b[a-z]{4,}\b/g) ?? []).length >= 3;
}

function claimSentences(chains: EvidenceChain[]): string[] {
  const out: string[] = [];
  for (const c of chains) {
    if (out.length >= 4) break;
    const e = c.entries.find((x) => !x.columns?.length && isSentenceLike(x.consensus));
    if (!e) continue;
    const claim = e.consensus.replace(/\s+/g, ' ').trim().replace(/[.;:]?$/, '.');
    out.push(`${claim.replace(/\.$/, '')} ${cite(e)}.`);
  }
  return out;
}

export function composeExtractive(input: AnswerInput): string {
  const { chains } = input;
  if (chains.length === 0) return NO_DATA;
  const best = Math.max(...chains.map((c) => c.relevance));
  const computed = calculate(input.question, chains, input.years);
  const figures = [...computed, ...(input.analysis.figure ? figureSentences(input) : [])].slice(0, 4);
  const claims = claimSentences(chains.filter((c) => c.relevance >= Math.min(5, best)));
  const body = figures.length > 0 ? [...figures, ...(claims.length ? ['', 'Context: ' + claims.slice(0, 2).join(' ')] : [])] : claims;
  if (best < 4) {
    return ['The evidence does not directly answer this question. The closest passages say:', ...claimSentences(chains).slice(0, 2)].join(' ');
  }
  return body.join(figures.length > 0 ? '\n' : ' ').trim();
}

/** Text in small pieces, as deltas of a stream: words with their spacing, a few at a time. */
export function chunks(text: string, size = 4): string[] {
  const words = text.match(/\S+\s*/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += size) out.push(words.slice(i, i + size).join(''));
  return out;
}

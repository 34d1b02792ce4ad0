// FTS5 expressions for what a question asks: each line item, metric, topic, quoted phrase or loose word
// is one group of alternatives; AND over groups first, OR when that finds too little.
import { LINE_ITEM } from '../lexicon/line-items.js';
import { METRIC } from '../lexicon/metrics.js';
import { words } from '../text/words.js';
import type { QueryAnalysis } from './analysis.js';
import { MAX_PHRASE_TOKENS, MAX_TERM_GROUPS } from '../limits.js';
import { STOP_WORDS } from '../text/vocabulary.js';
import { RETRIEVAL_TUNING } from './tuning.js';

const NAMED = RETRIEVAL_TUNING.namedGroup;

// FTS5's unicode61 tokens, or more: a mark it keeps inside a token splits one here, so the count is
// never under FTS5's.
const FTS_TOKEN = /[\p{L}\p{N}]+/gu;

/** A term or phrase quoted for FTS5 (its syntax characters made literal), its first MAX_PHRASE_TOKENS
 * tokens only: one word of the question may be thousands of them ("1.1.1.1..."). */
export function quote(s: string): string {
  const tokens = s.match(FTS_TOKEN) ?? [];
  const text = tokens.length > MAX_PHRASE_TOKENS ? tokens.slice(0, MAX_PHRASE_TOKENS).join(' ') : s;
  return `"${text.replace(/"/g, '""')}"`;
}
// Inside phrases, words like "of" have doclists as long as the index: "purchases of property" as a
// phrase costs about four times NEAR("purchases" "property", 2), which finds the same rows.
const GLUE = new Set(['of', 'and', 'the', 'for', 'to', 'in', 'on', 'by', 'a', 'an', 'from', 'with']);

export function phraseQuery(phrase: string): string {
  const all = words(phrase.replace(/[,;:()]/g, ' '))
    .filter(Boolean)
    .slice(0, MAX_PHRASE_TOKENS);
  if (all.length === 0) return quote(phrase);
  if (all.length === 1) return quote(all[0]!);
  const kept = all.filter((w) => !GLUE.has(w));
  if (kept.length === 0) return quote(all.join(' '));
  if (kept.length === 1) return quote(kept[0]!);
  // NEAR's distance counts the tokens between the first kept word and the last: the glue words and the
  // kept words in between.
  return `NEAR(${kept.map(quote).join(' ')}, ${all.length - 2})`;
}

export interface TermGroup {
  /** Alternatives: any one phrase satisfies the group. */
  alts: string[];
  /** A named line item, metric, topic or quoted phrase says more than a loose word. */
  weight: number;
}

/** Each line item, metric, topic, quoted phrase or word is one group of alternatives. (Overlapping
 * alternatives, "net sales" and "total net sales", stay: a row matching more of them ranks higher.) */
export function termGroups(a: QueryAnalysis): TermGroup[] {
  return [
    ...a.phrases.map((p) => ({ alts: [p], weight: NAMED })),
    // A line item is searched by its name and its two commonest labels: the statement rows that print
    // it under other labels are read straight from the statements (statement-rows.ts), and every
    // phrase costs FTS5 a pass over its whole doclist (bm25's document frequencies).
    ...a.items.map((k) => ({ alts: [...new Set([LINE_ITEM.get(k)!.name, ...LINE_ITEM.get(k)!.labels.slice(0, 2)])], weight: NAMED })),
    ...a.metrics.map((k) => ({ alts: METRIC.get(k)!.ask.filter((s) => s.length > 3), weight: NAMED })).filter((g) => g.alts.length > 0),
    ...a.topics.map((t) => ({ alts: t.say, weight: NAMED })),
    ...a.terms.map((t) => ({ alts: [t], weight: 1 })),
  ].slice(0, MAX_TERM_GROUPS);
}

/** The loosest expression: any single word of any group (glue and stop words left out). */
export function looseExpression(a: QueryAnalysis): string | undefined {
  const all = new Set(
    termGroups(a)
      .flatMap((g) => g.alts.flatMap((p) => words(p)))
      .filter((w) => !GLUE.has(w) && !STOP_WORDS.has(w) && w.length > 2),
  );
  return all.size ? [...all].map(quote).join(' OR ') : undefined;
}

/** An FTS5 MATCH expression: every group required (`and`) or any group (`or`). */
export function ftsExpression(a: QueryAnalysis, mode: 'and' | 'or'): string | undefined {
  const groups = termGroups(a).map((g) => (g.alts.length === 1 ? phraseQuery(g.alts[0]!) : `(${g.alts.map(phraseQuery).join(' OR ')})`));
  if (groups.length === 0) return undefined;
  return groups.join(mode === 'and' ? ' AND ' : ' OR ');
}

/** Row labels naming any of `labels`, searched in the label column only (data rows' labels). */
export function labelExpression(labels: string[]): string {
  return `label : (${labels.map(phraseQuery).join(' OR ')})`;
}

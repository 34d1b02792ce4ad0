// What a question asks for, as search terms: boilerplate removed, financial concepts recognised (with
// the phrases filings use for them), named statements and items noted for ranking, the rest as words.
import { CONCEPTS, STATEMENT_HINTS, type Concept, type StatementHint } from './synonyms.js';
import { FIGURE_WORDS, STOP_WORDS } from './stopwords.js';
import { MAX_TERM_GROUPS } from '../limits.js';

export interface QueryAnalysis {
  /** Concepts the question names. */
  concepts: Concept[];
  /** Other content words, lower-case. */
  terms: string[];
  /** Phrases the question quotes. */
  phrases: string[];
  statementHints: StatementHint[];
  /** Items to prefer (from concepts and section words). */
  itemHints: string[];
  /** True when the question wants a figure (a table row is then the better evidence). */
  figure: boolean;
}

// Instruction sentences that wrap a question (FinanceBench's among them): dropped whole, unless the
// sentence is the question itself.
const INSTRUCTION = /^(?:assume\b|you are\b|answer the following|(?:give|provide) (?:a )?response|(?:address|respond to|answer) the question|calculate what was asked|we (?:need|want) to calculate|please\b|round\b|if\b[^?]*\bnot\b|define\b|use\b|reply\b|this question\b)/i;

/** The question without its instruction sentences. */
export function stripInstructions(question: string): string {
  const sentences = question.split(/(?<=[.?!:])\s+/);
  const kept = sentences.filter((x) => x.includes('?') || !INSTRUCTION.test(x.trim()));
  return (kept.length > 0 ? kept : sentences).join(' ');
}

const WORD = /[a-z0-9][a-z0-9&'.-]*[a-z0-9&]|[a-z0-9]/g;

export function words(text: string): string[] {
  return (text.toLowerCase().replace(/[’‘]/g, "'").match(WORD) ?? []).map((w) => w.replace(/'s$/, ''));
}

export function analyzeQuery(question: string, entitySpans: string[] = []): QueryAnalysis {
  const statementHints = STATEMENT_HINTS.filter((h) => h.ask.test(question));
  let text = stripInstructions(question);
  const concepts: Concept[] = [];
  for (const c of CONCEPTS) {
    const m = c.ask.exec(text);
    if (!m) continue;
    concepts.push(c);
    text = text.replace(new RegExp(c.ask.source, 'gi'), ' ');
  }
  // Statement names are ranking hints, not words to search ("cash flow statement" is in no row).
  for (const h of statementHints) text = text.replace(new RegExp(h.ask.source, 'gi'), ' ');
  const phrases = [...question.matchAll(/"([^"]{3,80})"/g)].map((m) => m[1]!.toLowerCase());
  const entityWords = new Set(entitySpans.flatMap(words));
  const terms: string[] = [];
  for (const w of words(text)) {
    if (STOP_WORDS.has(w) || entityWords.has(w)) continue;
    if (/^\d+$/.test(w) && w.length < 3) continue;
    if (/^(?:fy|q[1-4])?-?\d{2,4}$/.test(w) || /^(?:19|20)\d\d$/.test(w)) continue; // years are filters
    if (!terms.includes(w)) terms.push(w);
  }
  const itemHints = [...new Set(concepts.flatMap((c) => c.items ?? []))];
  if (statementHints.length > 0) itemHints.push('10K-Item-8', '10Q-Part1-Item-1');
  if (/\brisks?\b/i.test(question)) itemHints.push('10K-Item-1A', '10Q-Part2-Item-1A');
  if (/\b(?:liquidity|outlook|guidance|forecast\w*|expect\w*)\b/i.test(question)) itemHints.push('10K-Item-7', '10Q-Part1-Item-2');
  if (/\b(?:products?|services|customers?|competition|employees|business)\b/i.test(question)) itemHints.push('10K-Item-1');
  return {
    concepts,
    terms,
    phrases,
    statementHints,
    itemHints: [...new Set(itemHints)],
    figure:
      FIGURE_WORDS.test(question) ||
      statementHints.length > 0 ||
      (concepts.some((c) => c.figure) && !/\b(?:risks?|why|describe|explain|discuss|strategy|drivers?)\b/i.test(question)),
  };
}

/** A term or phrase quoted for FTS5 (its syntax characters made literal). */
export const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
// Inside phrases, words like "of" have doclists as long as the index: "purchases of property" as a
// phrase costs about four times NEAR("purchases" "property", 2), which finds the same rows.
const GLUE = new Set(['of', 'and', 'the', 'for', 'to', 'in', 'on', 'by', 'a', 'an', 'from', 'with']);

export function phraseQuery(phrase: string): string {
  const all = phrase.split(/\s+/).filter(Boolean);
  if (all.length === 1) return quote(all[0]!);
  const kept = all.filter((w) => !GLUE.has(w.toLowerCase()));
  if (kept.length === 0) return quote(phrase);
  if (kept.length === 1) return quote(kept[0]!);
  return `NEAR(${kept.map((w) => quote(w.replace(/[,;:]$/, ''))).join(' ')}, ${all.length - kept.length + 1})`;
}

/** Each concept or word is one group of alternatives. (Overlapping alternatives, "net sales" and
 * "total net sales", stay: a row matching more of them ranks higher, which measurably helps.) */
export function termGroups(a: QueryAnalysis): string[][] {
  return [...a.phrases.map((p) => [p]), ...a.concepts.map((c) => c.say), ...a.terms.map((t) => [t])].slice(0, MAX_TERM_GROUPS);
}

/** The loosest expression: any single word of any group (glue words left out). */
export function looseExpression(a: QueryAnalysis): string | undefined {
  const all = new Set(termGroups(a).flatMap((g) => g.flatMap((p) => words(p))).filter((w) => !GLUE.has(w) && !STOP_WORDS.has(w) && w.length > 2));
  return all.size ? [...all].map(quote).join(' OR ') : undefined;
}

/** An FTS5 MATCH expression: every group required (`and`) or any group (`or`). */
export function ftsExpression(a: QueryAnalysis, mode: 'and' | 'or'): string | undefined {
  const groups = termGroups(a).map((g) => (g.length === 1 ? phraseQuery(g[0]!) : `(${g.map(phraseQuery).join(' OR ')})`));
  if (groups.length === 0) return undefined;
  return groups.join(mode === 'and' ? ' AND ' : ' OR ');
}

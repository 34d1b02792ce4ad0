// What retrieval and the answer read of a question: the line items, metrics and topics it names, the
// words to search, and whether it wants a figure. The question room (question/) makes it; retrieval
// only reads it.
import type { LexiconHit } from '../lexicon/match.js';
import type { LineItemKey } from '../lexicon/line-items.js';
import type { MetricKey } from '../lexicon/metrics.js';
import type { StatementHint, Topic } from './synonyms.js';

export interface QueryAnalysis {
  /** Line items named, and metrics named (whose inputs are line items too). */
  lexicon: LexiconHit[];
  items: LineItemKey[];
  metrics: MetricKey[];
  topics: Topic[];
  /** Other content words, lower case. */
  terms: string[];
  /** Phrases the question quotes. */
  phrases: string[];
  statementHints: StatementHint[];
  /** Items to prefer (a ranking preference). */
  itemHints: string[];
  /** A figure is wanted: a table row is then the better evidence. */
  figure: boolean;
  /** A change, growth or trend over time is asked. */
  growth: boolean;
  /** Words that narrow a named line item to a part of it ("iPhone" revenue, "past-due" receivables). */
  qualifiers: Partial<Record<LineItemKey, string>>;
  /** "What does Apple do?", "Tell me about Apple": the business overview. */
  overview: boolean;
  /** Words that narrow any figure asked to a part of the company ("from Walgreens", "in Brazil",
   * "Comirnaty"): the company's total does not answer then. */
  narrowers: string[];
}

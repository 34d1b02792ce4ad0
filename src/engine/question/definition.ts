// A definition the question gives of what it asks: "ROA is defined as: FY2022 net income / (average
// total assets between FY2021 and FY2022)", "Operating cash flow ratio is defined as: cash from
// operations / total current liabilities". A metric the lexicon knows is kept when the definition is
// its formula (the same line items, averaged where it averages them); a name the lexicon does not know
// is asked as the definition's operation over its line items; a definition that is neither (another
// formula than the lexicon's) is not applied, and its words stay unread.
import { matchLexicon } from '../lexicon/match.js';
import { METRIC } from '../lexicon/metrics.js';
import type { LineItemKey } from '../lexicon/line-items.js';
import type { Account } from './account.js';
import { readMeasures } from './parse-measures.js';
import type { Measure, Operation } from './reading.js';
import { isFiller } from './vocabulary.js';
import { words } from '../text/words.js';

const DEFINED =
  /(?:^|[.?!]\s+)([A-Za-z][\w&'’()\s-]{1,60}?)\s+(?:is|are)\s+(?:defined|calculated|computed|measured)\s+as:?\s*([^;?]+?)(?=\.\s+[A-Z]|\.?\s*$|;|\?)/i;

export interface Definition {
  /** [start, end) of the whole definition in the question, and of its formula. */
  span: [number, number];
  formula: [number, number];
  /** The name defined, as written ("ROA", "Operating cash flow ratio"). */
  name: string;
}

export function findDefinition(question: string): Definition | undefined {
  const m = DEFINED.exec(question);
  if (!m) return undefined;
  const start = m.index + m[0].indexOf(m[1]!);
  const fStart = m.index + m[0].lastIndexOf(m[2]!);
  return { span: [start, fStart + m[2]!.length], formula: [fStart, fStart + m[2]!.length], name: m[1]!.trim() };
}

/** Whether `formula` is the lexicon metric `m`'s: its line items exactly the metric's inputs (an
 * optional one may be absent), the averaged ones said "average", nothing else averaged. */
export function isMetricFormula(metric: Measure['metric'], formula: string): boolean {
  if (!metric) return false;
  const def = METRIC.get(metric)!;
  const items = new Set(
    matchLexicon(formula, { repeat: true })
      .filter((h) => h.kind === 'item')
      .map((h) => h.key as LineItemKey),
  );
  const required = new Set<LineItemKey>([...def.needs, ...(def.avg ?? [])]);
  const optional = new Set<LineItemKey>(def.optional ?? []);
  if ([...required].some((k) => !items.has(k)) || [...items].some((k) => !required.has(k) && !optional.has(k))) return false;
  return /\baverage\b/i.test(formula) === (def.avg ?? []).length > 0;
}

/** The measures as a definition the question gives says them: the lexicon metric when the definition
 * is its formula; the definition's operation over its line items when it defines the name the question
 * asks ("Operating cash flow ratio is defined as: cash from operations / total current liabilities");
 * otherwise the definition is not applied and its words are unread (no figure of another formula). */
export function applyDefinition(
  question: string,
  d: Definition,
  operation: Operation,
  measures: Measure[],
  acc: Account,
): { operation: Operation; measures: Measure[] } {
  const formula = question.slice(d.formula[0], d.formula[1]);
  const metric = measures.find((m) => m.metric);
  if (metric && measures.length === 1 && isMetricFormula(metric.metric, formula)) return { operation, measures };
  const read = readMeasures(formula, false);
  const name = words(d.name).join(' ');
  const asked = measures.length === 1 && words(measures[0]!.text).join(' ') === name;
  if (
    asked &&
    read.operation.kind !== 'value' &&
    read.measures.length >= 2 &&
    read.measures.every((m) => m.item && m.qualifiers.length === 0)
  ) {
    return { operation: read.operation, measures: read.measures };
  }
  for (const w of acc.words) if (w.role === 'definition') w.role = isFiller(w.word) ? 'filler' : 'unread';
  return { operation, measures };
}

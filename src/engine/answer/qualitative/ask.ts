// Which answer a question that asks no figure wants, read off the Reading: a list (a company's
// segments, the risk factors of Item 1A), the auditor, what a company does, what an 8-K announced, or
// what changed between two reports. A question that names a line item or a metric wants none of these
// (the figure answer has it), except the auditor: a firm is never a figure.
import type { Reading } from '../../question/reading.js';

export type QualitativeKind = 'segments' | 'risks' | 'auditor' | 'business' | 'announcement' | 'change';

// "Which firm audited Netflix's 2017 financial statements?": the auditor, however it is asked.
const AUDITOR = /\bwho audit(?:s|ed)\b|\bfirm (?:that )?audit(?:s|ed)\b|\baudit(?:s|ed)\b[^?]{0,40}\bfinancial statements\b/i;
// Segments asked as a list ("What are Apple's reportable segments?", "How is TransDigm organized into
// segments?"), not a question about one of them.
const SEGMENTS = new RegExp(
  [
    String.raw`\b(?:what|which|list|name|how many)\b[^?]{0,60}\b(?:segments|business units|divisions|lines of business)\b`,
    String.raw`\b(?:segments|business units|divisions)\b[^?]{0,40}\b(?:does|do|did|has|have|had)\b`,
    String.raw`\bhow (?:is|are)\b[^?]{0,40}\borganized\b`,
  ].join('|'),
  'i',
);
const RISKS = /\brisks?(?: factors?)?\b/i;
// "What did J&J announce", "What did Amcor report in its 8-K", "the August 2023 8-K".
const ANNOUNCE = /\bannounc\w*\b|\bpress release\b|\b8-?k\b/i;
const CHANGE = new RegExp(
  [
    String.raw`\bwhat (?:has |have )?changed\b|\bhow (?:did|has|have|do|does)\b.{0,80}\bchange\b`,
    String.raw`\bchang(?:e|es|ed) (?:in|to)\b|\b(?:differ\w*|new) (?:between|from)\b|\breorganiz\w*\b`,
  ].join('|'),
  'i',
);
// Money asked of the auditor: its fees are a figure.
const FEES = /\bfees?\b|\bhow much\b|\bpaid\b|\bcost\b/i;
// A risk asked about in particular ("How does Apple describe cybersecurity risks?") is a topic, not
// the list.
const RISK_LIST = /\b(?:what|which|list|name|main|key|principal|top|major|biggest|significant)\b[^?]{0,60}\brisks?\b|\brisk factors\b/i;

export function qualitativeKind(r: Reading): QualitativeKind | undefined {
  const q = r.question;
  const topics = new Set(r.analysis.topics.map((t) => t.name));
  if ((topics.has('auditor') || AUDITOR.test(q)) && !FEES.test(q)) return 'auditor';
  if (r.analysis.items.length + r.analysis.metrics.length > 0 || r.measures.some((m) => m.item || m.metric)) return undefined;
  // An operation on a measure ("the percentage change in the number of employees") or a count is a
  // figure, whatever words it shares with a change in the business.
  // ("How did Nordson's operating segments change" asks what changed; "by how much" asks a figure.)
  const op = r.operation.kind;
  if (r.figure && r.measures.length > 0 && (r.count || (op !== 'value' && op !== 'change') || (op === 'change' && /\bhow much\b/i.test(q))))
    return undefined;
  if (CHANGE.test(q) && r.analysis.topics.length + r.analysis.terms.length > 0) return 'change';
  if (ANNOUNCE.test(q)) return 'announcement';
  if (RISKS.test(q) && RISK_LIST.test(q) && r.analysis.topics.length === 0) return 'risks';
  if (SEGMENTS.test(q) && topics.has('segments')) return 'segments';
  if (r.analysis.overview) return 'business';
  return undefined;
}

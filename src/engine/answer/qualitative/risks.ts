// The risk factors of a report: the headings of its Item 1A, under the group headings they sit in
// ("Risks Related to Our Business"). A filing prints each risk as a heading sentence set apart, then
// the paragraphs that explain it. The text keeps that as a paragraph of one sentence followed by a
// longer one ("If our efforts to attract and retain members are not successful, our business will be
// adversely affected." / "We have experienced ..."), or as a short line of its own written as a clause
// ("We Face Intense Competition"). The introduction, the forward-looking-statements caution and the
// bullets of a list inside a risk are not risks.
import type { StatementRow } from '../../index/types.js';
import { isBoilerplate } from './boilerplate.js';
import { ANSWER_TUNING } from '../tuning.js';

const Q = ANSWER_TUNING.qualitative;

export interface RiskGroup {
  /** The group heading, when the filing groups its risks. */
  name?: string;
  headings: StatementRow[];
}

export const RISK_ITEMS = ['10K-Item-1A', '10Q-Part2-Item-1A'];

// "Risks Related to Our Business", "Strategic Risks", "MACROECONOMIC AND INDUSTRY RISKS", "General Risk
// Factors": a short line naming risks, not a clause ("We are subject to payment processing risk").
const GROUP = /\brisks?\b/i;
const TITLE = /^(?:item\s+1a\.?|risk factors\.?|part\s+ii\b.*|summary(?: of risk factors)?\.?)$/i;
// A heading written as a clause: a subject and a verb ("We Face Intense Competition", "Our Expansion
// Places a Significant Strain on our Management"), not a topic ("Competition in the technology sector").
const CLAUSE_WORD = [
  'may|could|might|can|will|would|must|face[sd]?|depends?|is|are|be|been|has|have|had',
  'subject|exposes?|affects?|harms?|impacts?|requires?|places?|rel(?:y|ies)|involves?',
  'lacks?|fails?|cannot|increases?|reduces?|limits?|compete',
].join('|');
const CLAUSE = new RegExp(String.raw`\b(?:${CLAUSE_WORD})\b`, 'i');
// A sentence that goes on from the one before it explains a risk; it does not name one.
const CONTINUING_WORD = [
  'as a result|in addition|additionally|also|further(?:more)?|moreover|however|accordingly|consequently',
  'for example|for instance|similarly|likewise|thus|therefore|this|these|that|those|such|any of these',
  'in that case|in particular|among other things|specifically',
].join('|');
const CONTINUES = new RegExp(String.raw`^(?:${CONTINUING_WORD})\b`, 'i');
// Language that introduces the list rather than naming a risk.
const INTRODUCES = new RegExp(
  [
    String.raw`\b(?:described|discussed|set forth|listed) (?:below|herein)\b|\bthe following (?:risks?|factors|discussion)\b`,
    String.raw`\bcarefully consider\b|\bnot the only risks\b|\bnot (?:be )?exhaustive\b|\bdo not identify all\b`,
  ].join('|'),
  'i',
);

function isGroup(s: StatementRow): boolean {
  const t = s.text.trim();
  return (
    s.kind === 'heading' &&
    t.length <= Q.riskGroup.maxChars &&
    t.split(/\s+/).length <= Q.riskGroup.maxWords &&
    GROUP.test(t) &&
    !CLAUSE.test(t.replace(/\brelat(?:ed|ing) to\b/gi, ''))
  );
}

/** A risk's heading as the filing prints it, without a leading bullet ("* The Company's results ..."). */
export const headingText = (text: string) => text.trim().replace(/^[*•●▪-]\s*/, '');

function reads(text: string): boolean {
  const t = headingText(text);
  return (
    t.length >= Q.riskHeading.minChars &&
    t.length <= Q.riskHeading.maxChars &&
    /^["“(]?[A-Z]/.test(t) &&
    !/[:;,]$/.test(t) &&
    !/\band$/.test(t) &&
    !isBoilerplate(t) &&
    !INTRODUCES.test(t) &&
    !CONTINUES.test(t)
  );
}

// Words a heading sentence warns with: a heading of two sentences is told from a short paragraph by them.
const WARNS = /\b(?:adverse(?:ly)?|harm\w*|negative(?:ly)?|material(?:ly)?|risks?|depend\w*|could|may|uncertain\w*|volatil\w*)\b/i;

/** Whether `s` (at `i` of `all`) is a risk's heading. */
function isHeading(all: StatementRow[], i: number, flagged: boolean): boolean {
  const s = all[i]!;
  const next = all[i + 1];
  if (!next || next.section_id !== s.section_id || !reads(s.text)) return false;
  if (s.kind === 'heading')
    return (
      !isGroup(s) &&
      !TITLE.test(s.text.trim()) &&
      CLAUSE.test(s.text) &&
      s.text.split(/\s+/).length >= Q.riskHeading.minWords &&
      (next.kind === 'sentence' || next.kind === 'heading')
    );
  if (s.kind !== 'sentence' || !flagged || !s.opens) return false;
  // A paragraph of one sentence (or two short ones that warn), then what explains it: a longer
  // paragraph, or a topic heading over one (Microsoft's "Competition in the technology sector").
  let body = i + 1;
  if (next.kind === 'sentence' && !next.opens) {
    if (!WARNS.test(s.text) || !WARNS.test(next.text) || s.text.length + next.text.length > Q.riskHeading.twoSentences) return false;
    body = i + 2;
  }
  const first = all[body];
  if (!first || first.section_id !== s.section_id) return false;
  if (first.kind === 'heading') return !isGroup(first) && !CLAUSE.test(first.text) && first.text.length <= Q.riskGroup.maxChars;
  if (first.kind !== 'sentence' || !first.opens) return false;
  const after = all[body + 1];
  return first.text.length >= Q.riskHeading.bodyChars || (after !== undefined && after.kind === 'sentence' && !after.opens);
}

/** The risk headings of Item 1A's statements, by group, in the filing's order. */
export function riskGroups(statements: StatementRow[]): RiskGroup[] {
  const all = statements.filter((s) => s.kind === 'sentence' || s.kind === 'heading');
  // Indexes built before paragraphs were recorded: only headings printed as lines can be told.
  const flagged = all.some((s) => s.opens);
  const groups: RiskGroup[] = [];
  let current: RiskGroup = { headings: [] };
  const seen = new Set<string>();
  all.forEach((s, i) => {
    if (isGroup(s)) {
      if (current.headings.length > 0 || current.name) groups.push(current);
      current = { name: s.text.trim().replace(/\.$/, ''), headings: [] };
      return;
    }
    if (!isHeading(all, i, flagged)) return;
    const key = s.text.trim().toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    current.headings.push(s);
  });
  groups.push(current);
  return groups.filter((g) => g.headings.length > 0);
}

// What drove a change, as the year's report explains it: the MD&A sentence about the measure asked
// that gives its causes ("Net revenue decreased 13.0% ..., driven primarily by a decrease in demand for
// our mobile products ..."), of the year asked, going the way asked, naming the part asked ("Scores
// segment revenues increased ... due to ..."); "This growth was driven primarily by ..." is about the
// measure the sentence before it names. Quoted as the filing says it, never reduced to its figure.
import { LINE_ITEM } from '../../lexicon/line-items.js';
import { METRIC } from '../../lexicon/metrics.js';
import type { StatementRow } from '../../index/types.js';
import type { Measure } from '../../question/reading.js';
import { type Block, clause, fy, nameOf, owner, type QualitativeInput, quote, reportOfYear } from './block.js';
import { isBoilerplate } from './boilerplate.js';
import { escapeRegExp } from '../../text/regexp.js';
import { sectionStatements } from './reader.js';
import { ANSWER_TUNING } from '../tuning.js';
import { kindFacts } from '../../question/derived.js';
import { FALL_WORDS, RISE_WORDS } from '../../text/vocabulary.js';

const K = ANSWER_TUNING.qualitative.kinds.drivers;

// How an MD&A gives a cause.
const HOW = String.raw`(?:\s+(?:primarily|mainly|largely|principally|partially|partly|in part|mostly))?`;
const CUE = new RegExp(
  [
    String.raw`\b(?:due${HOW} to|(?:driven|offset|caused|led)${HOW} by|as a result of|result(?:ing|ed)?${HOW} from|attributable${HOW} to)\b`,
    String.raw`\b(?:reflect(?:s|ed|ing)?|because of|owing to|(?:primarily|mainly|largely) from|benefit(?:ed|ing)? from)\b`,
    String.raw`\bas (?:lower|higher|increased|decreased|favorable|unfavorable|strong|weak|growth|declines?)\b`,
    // "as activity levels were negatively impacted ... by macroeconomic uncertainties".
    String.raw`\b(?:(?:negatively|positively|adversely|favorably|unfavorably)\s+)?(?:impacted|affected)(?:\s+\w+){0,6}?\s+by\b`,
  ].join('|'),
  'i',
);
const UP = RISE_WORDS;
const DOWN = FALL_WORDS;
const ELSEWHERE =
  /^\s*(?:the\s+|those\s+)?(?:factors|items|matters|trends|conditions|reasons)\s+(?:described|discussed|noted|set forth|outlined|referenced)\b/i;
// "This growth was driven by ...": about what the sentence before it names.
const ANAPHOR = /^\s*(?:this|the|these|such)\s+(?:growth|increase|decrease|decline|improvement|change|drop|reduction|rise)s?\b/i;
const YEAR = /\b(?:19|20)\d\d\b/g;
// A part's figure ("Revenue in International Healthcare Solutions", "Our Applied Global Services net
// sales"): not the whole, when no part was asked.
const NOT_SUBJECT = /\b(?:relative to|compared (?:to|with)|versus|believe|expect|of|as a percent(?:age)? of)\s/i;
const WHOLE =
  'Total|Net|Consolidated|Our|The|This|These|Company|Worldwide|Overall|Gross|Operating|Fiscal|Full|Annual|In|For|During|As|Compared';
const PART_BEFORE = new RegExp(String.raw`\b(?!(?:${WHOLE})\b)[A-Z][\w&-]*(?:\s+[a-z]+)?\s+$`);
const PART_AFTER = /^[\w\s]{0,20}?\b(?:in|for|from|of|at)\s+(?:our\s+|the\s+)?[A-Z][\w&-]*/;

/** The phrases a sentence names the measure by: the question's words, the line item's labels, the
 * metric's name and its first input's labels. */
function phrasesOf(m: Measure): string[] {
  const out = [m.words.filter((w) => !m.qualifiers.includes(w)).join(' ')];
  if (m.item) out.push(...LINE_ITEM.get(m.item)!.labels);
  if (m.metric) {
    // A margin is named by its own words, or by the line item it is a percentage of that shares one
    // ("gross profit as a percent of net sales"), never by the revenue it divides by.
    const metric = METRIC.get(m.metric)!;
    out.push(metric.name, ...metric.ask.filter((a) => a.length > 3));
    const own = new Set(metric.name.split(' '));
    for (const k of [...metric.needs, ...(metric.optional ?? [])]) {
      const item = LINE_ITEM.get(k)!;
      if (item.name.split(' ').some((w) => own.has(w))) out.push(...item.labels);
    }
  }
  return [...new Set(out.map((p) => p.toLowerCase().trim()).filter((p) => p.length > 2))];
}

/** Where a sentence first names the measure, not as part of another ("cost of sales", "sales and
 * marketing"): [start, end], or [-1, -1]. */
function namedAt(text: string, phrases: string[]): [number, number] {
  let at: [number, number] = [-1, -1];
  for (const p of phrases) {
    const re = new RegExp(String.raw`(?<!\bcost of )(?<!\bcosts of )\b${escapeRegExp(p)}\b(?! and marketing| per\b|,? general)`, 'gi');
    const m = re.exec(text);
    if (m && (at[0] < 0 || m.index < at[0])) at = [m.index, m.index + m[0].length];
  }
  return at;
}

// A sentence that goes on from the one before ("The increase in business-to-business scores revenue
// was primarily attributable to ...").
const GOES_ON =
  /^\s*(?:the|this|these|that|such)\s+(?:increase|decrease|decline|growth|improvement|change|rise|drop)s?\b|^\s*(?:in addition|additionally|also)\b/i;

/** Whether a sentence after the lead explains more of it: a cause, of this year, going on from the
 * lead or naming the measure again. */
function goesOn(text: string, phrases: string[], year: number): boolean {
  const years = (text.match(YEAR) ?? []).map(Number);
  if (!CUE.test(text) || isBoilerplate(text) || (years.length > 0 && Math.max(...years) < year)) return false;
  // (Naming the measure as what it is about, before its cause: not "net income decreased ... due to the
  // decrease in operating income".)
  const named = namedAt(text, phrases)[0];
  return GOES_ON.test(text) || (named >= 0 && named < CUE.exec(text)!.index);
}

export function driversBlock(input: QualitativeInput, ticker: string): Block | undefined {
  const r = input.reading;
  const measure = r.measures[0];
  const filing = reportOfYear(input, ticker, ['10-K']);
  if (!measure || !filing) return undefined;
  const phrases = phrasesOf(measure);
  const metric = measure.metric ? METRIC.get(measure.metric)! : undefined;
  const ownNames = metric ? [metric.name, ...metric.ask.filter((a) => a.length > 3)] : [];
  const qualifiers = measure.qualifiers.map((q) => q.toLowerCase());
  const asked = kindFacts(r).way;
  const way = asked === 'rise' ? UP : asked === 'fall' ? DOWN : undefined;
  const year = Number(filing.sec_fiscal_year.slice(3));
  const all = sectionStatements(input.reader, filing, ['10K-Item-7']).filter(
    (s) => (s.kind === 'sentence' || s.kind === 'heading') && s.text.length >= K.minChars && s.text.length <= K.maxChars,
  );
  let best: { s: StatementRow; score: number } | undefined;
  all.forEach((s, i) => {
    if (!CUE.test(s.text) || isBoilerplate(s.text)) return;
    // The measure, named before the cause, in this sentence or (for "This growth ...") the one before.
    const found = CUE.exec(s.text)!;
    const cue = found.index;
    // A cause that only points elsewhere ("adversely impacted by the factors described in the section
    // titled Industry Conditions") gives none.
    if (ELSEWHERE.test(s.text.slice(cue + found[0].length))) return;
    const before = all[i - 1];
    const [own, end] = namedAt(s.text, phrases);
    const carried = (own < 0 || own > cue) && ANAPHOR.test(s.text) && before !== undefined && namedAt(before.text, phrases)[0] >= 0;
    // The measure is what the sentence is about: named first, not "orders relative to revenue".
    const subject = own >= 0 && own < cue && own < K.early && !NOT_SUBJECT.test(s.text.slice(0, own));
    if (!subject && !carried) return;
    const about = carried ? `${before!.text} ${s.text}` : s.text;
    // The part asked is what the sentence is about, named before its causes.
    const named = (carried ? `${before!.text} ${s.text.slice(0, cue)}` : s.text.slice(0, cue)).toLowerCase();
    const parts = qualifiers.filter((q) => named.includes(q)).length;
    if (qualifiers.length > 0 && parts === 0) return;
    const years = (about.match(YEAR) ?? []).map(Number);
    const part =
      own >= 0 &&
      qualifiers.length === 0 &&
      (PART_BEFORE.test(s.text.slice(Math.max(0, own - 40), own)) ||
        PART_AFTER.test(s.text.slice(end, cue)) ||
        /\bsegment\b/i.test(s.text.slice(0, cue)));
    const score =
      K.named +
      K.part * parts +
      (way?.test(about) ? K.way : 0) -
      (way && !way.test(about) && (UP.test(about) || DOWN.test(about)) ? K.way : 0) +
      (years.includes(year) ? K.year : 0) -
      (years.length > 0 && Math.max(...years) < year ? K.otherYear : 0) +
      (subject && own < K.early / 2 ? K.subject : 0) +
      (ownNames.length > 0 && namedAt(s.text.slice(0, cue), ownNames)[0] >= 0 ? K.ownName : 0) -
      (part ? K.otherPart : 0) -
      i * K.perStatement;
    if (!best || score > best.score) best = { s, score };
  });
  if (!best || best.score < K.minScore) return undefined;
  const lead = best.s;
  // The sentence after it, when it goes on to explain ("The increase in business-to-business scores
  // revenue was primarily attributable to a higher unit price").
  const at = all.indexOf(lead);
  const who = `${owner(nameOf(input, ticker, filing))} ${fy(filing)}, MD&A, on ${measure.text}`;
  // "... due to the following:": the causes are the lines after it.
  if (/:\s*$/.test(lead.text)) {
    const listed: StatementRow[] = [];
    for (const s of input.reader.statements(lead.id + 1, lead.id + K.listed)) {
      if (s.section_id !== lead.section_id || (s.kind !== 'sentence' && s.kind !== 'heading') || /^\s*\(\d+\)/.test(s.text)) break;
      if (!/^\s*\*/.test(s.text)) listed.push(s);
    }
    return {
      picks: [lead, ...listed],
      write: (cite) => [`${who}: ${clause(lead)} ${cite(lead.id)}:`, ...listed.map((s) => `- ${clause(s)} ${cite(s.id)}`)].join('\n'),
    };
  }
  const next = all[at + 1];
  const more = next && next.section_id === lead.section_id && goesOn(next.text, phrases, year) ? next : undefined;
  return {
    picks: [lead, ...(more ? [more] : [])],
    write: (cite) => `${who}: ${quote(lead, cite)}${more ? ` ${quote(more, cite)}` : ''}`,
  };
}

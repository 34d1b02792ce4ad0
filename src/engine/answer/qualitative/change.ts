// What changed between two reports, as the later one says it: the sentence that names the change
// ("In fiscal 2023, the Company reorganized into three business segments: Entertainment, Sports and
// Experiences (renamed from Disney Parks, Experiences and Products).") among those about what the
// question asks. Read in Item 1, the MD&A and the notes of the later report.
import type { FilingRow, StatementRow } from '../../index/types.js';
import { stem, stemsOf } from '../../text/words.js';
import { isBoilerplate } from './boilerplate.js';
import { sectionStatements, type FilingReader } from './reader.js';
import { ANSWER_TUNING } from '../tuning.js';

const Q = ANSWER_TUNING.qualitative;
const W = Q.change;

const CHANGE_WORD = [
  String.raw`reorganiz\w*|re-?align\w*|renamed|formerly`,
  String.raw`chang(?:e|es|ing) (?:in|to) (?:our|its) (?:\w+ ){0,2}(?:segments?|structure|organization)\b`,
  String.raw`changed\b`,
  String.raw`new (?:global |operating |organizational |reporting )?(?:structure|model|segments?)\b`,
  String.raw`transition(?:ed)? to\b|no longer\b|recast\b|combined\b|separated\b`,
  String.raw`split (?:into|off)\b|began to (?:manage|report|operate)\b`,
  String.raw`now (?:operates?|reports?|manages?|has)\b|previously\b`,
  String.raw`effective (?:in|as of|beginning|with)\b|realigned\b|replac\w+\b`,
].join('|');
const CHANGED = new RegExp(String.raw`\b(?:${CHANGE_WORD})`, 'i');
// Change words of a question: what it asks is the rest.
const ASKING = new Set([
  'change',
  'changes',
  'changed',
  'changing',
  'differ',
  'different',
  'difference',
  'differences',
  'new',
  'reorganize',
  'reorganized',
  'compared',
  'compare',
  'versus',
  'between',
]);

/** The words naming what changed: the question's topic names and terms, stemmed. */
export function changeWords(topicNames: string[], terms: string[]): string[] {
  const ws = [...topicNames, ...terms].flatMap((t) => t.toLowerCase().split(/\s+/)).filter((w) => w.length > 2 && !ASKING.has(w));
  return [...new Set(ws.map(stem))];
}

/** The later report's sentence that says what changed in what the words name; undefined when none
 * says so. */
export function changeSentence(reader: FilingReader, later: FilingRow, words: string[]): StatementRow | undefined {
  if (words.length === 0) return undefined;
  const year = later.sec_fiscal_year.slice(3);
  let best: { s: StatementRow; score: number } | undefined;
  for (const s of sectionStatements(reader, later, ['10K-Item-1', '10K-Item-7', '10K-Item-8', '10Q-Part1-Item-1', '10Q-Part1-Item-2'])) {
    if (s.kind !== 'sentence' || s.text.length > Q.maxSentenceChars || isBoilerplate(s.text) || !CHANGED.test(s.text)) continue;
    const have = new Set(stemsOf(s.text));
    const hits = words.filter((w) => have.has(w)).length;
    if (hits === 0) continue;
    // What it changed to, named ("into three business segments: ..."), in the year of the report.
    const score =
      W.perWord * hits +
      (/:\s*\S|\bconsist\w* of\b/.test(s.text) ? W.named : 0) +
      (s.text.includes(year) ? W.year : 0) +
      (/\b(?:one|two|three|four|five|six|seven|eight|nine|ten)\b/i.test(s.text) ? W.count : 0);
    if (!best || score > best.score) best = { s, score };
  }
  return best?.s;
}

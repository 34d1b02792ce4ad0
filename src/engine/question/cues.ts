// What a question says besides its parts, read with them so that the answer need not read the question
// again: the dates it writes, whether it asks for a list or for amounts in billions, and its words as a
// fact's names are compared, less the mention of the company whose figure is asked.
import { nameWords } from '../text/name-words.js';
import { datesIn } from './dates.js';
import type { Reading } from './reading.js';

// "What are Microsoft's reportable segments?", "list the ...", "which brands": the answer is a list.
const LIST_QUESTION = new RegExp(
  [
    String.raw`^\s*(?:what|which) (?:are|were)\b|\b(?:list|name) (?:the|its|their|all)\b`,
    String.raw`\b(?:what|which) (?:\w+ )?(?:segments|products|brands|businesses|divisions)\b|\bwhat are (?:its|their) \w+`,
  ].join('|'),
  'i',
);
const BILLIONS = /\bbillions?\b/i;

export type Cues = Pick<Reading, 'dates' | 'asksList' | 'inBillions' | 'nameWords'>;

/** The cues of `question`, whose companies are named by `companies` (their text as written). */
export function readCues(question: string, companies: { text: string }[]): Cues {
  return {
    dates: datesIn(question),
    asksList: LIST_QUESTION.test(question),
    inBillions: BILLIONS.test(question),
    nameWords: nameWords(unnamed(question, companies)),
  };
}

/** The question less the mention of each company that says whose figure is asked: the possessive
 * ("Walmart's U.S. revenues" names the country, not the segment Walmart U.S.; "Walmart's Walmart U.S.
 * ..." still names the segment), the subject of the question's verb ("Total Walmart shareholders'
 * equity did Walmart report" keeps the label's word), else the first. */
export function unnamed(question: string, companies: { text: string }[]): string {
  let q = question;
  for (const c of companies) {
    if (!c.text) continue;
    const at: number[] = [];
    for (let i = q.indexOf(c.text); i >= 0; i = q.indexOf(c.text, i + 1)) at.push(i);
    const end = (i: number) => i + c.text.length;
    const pick =
      at.find((i) => /^['’]s?\b/.test(q.slice(end(i)))) ??
      at.find((i) => /\b(?:did|does|do|has|have|had|was|were|is|are)\s+$/i.test(q.slice(0, i))) ??
      at[0];
    if (pick !== undefined) q = q.slice(0, pick) + ' '.repeat(c.text.length) + q.slice(end(pick));
  }
  return q;
}

// Words of a question that narrow the figure it asks to a part of the company: a product ("Comirnaty",
// "Windows 10", "5G service"), a customer ("from Walgreens"), a region ("in Brazil"). The company's
// total is then not the answer: a row that names one of them is, or none is (the answer says the
// evidence does not state it). Found two ways: a name written with capitals or digits anywhere but at
// a sentence's start, and the object of "from", "in" or "to", in any case.
import { MONTHS, MONTH_NAMES } from '../text/vocabulary.js';

// Capitalised words that frame a question rather than narrow it.
const FRAME = new Set([
  ...MONTHS,
  ...MONTH_NAMES,
  'sept',
  ...(
    'fy q1 q2 q3 q4 h1 h2 ytd ttm ltm gaap non-gaap usd us u.s eps ebit ebitda sec form 10-k 10-q 8-k item part note annual quarterly ' +
    'inc incorporated corp corporation co company companies plc ltd holdings group llc lp the'
  ).split(' '),
]);
// Objects of "in", "from", "to" that say when or how, not which part.
const NOT_A_PART = new Set(
  (
    'fiscal year years quarter quarters month months period periods half first second third fourth last prior previous current next ' +
    'total aggregate all each usd dollars dollar millions million thousands thousand billions billion percent percentage terms ' +
    'operations operating continuing discontinued activities net gross cash accordance compared comparison addition connection ' +
    'order relation respect line addition detail summary reports report filing filings statements statement ' +
    // "net income attributable to shareholders": the parent's share, not a part of the company.
    'shareholders stockholders shareowners owners holders parent common controlling noncontrolling non-controlling interests interest members partners'
  ).split(' '),
);
const PREPOSITIONS = new Set(['from', 'in', 'to']);
const SKIPPED = new Set(['the', 'its', 'their', 'his', 'her', 'our']);

const bare = (t: string) =>
  t
    .toLowerCase()
    .replace(/['’]s?$/, '')
    .replace(/[.,;:?!)]+$/, '');

/** The narrowing words of `text` (the asking text, the company's name taken out), lower case, each a
 * leftover content word of the question (`terms`). */
export function narrowingWords(text: string, terms: string[]): string[] {
  const content = new Set(terms);
  const out: string[] = [];
  const add = (w: string) => {
    if (content.has(w) && !FRAME.has(w) && !out.includes(w)) out.push(w);
  };
  for (const sentence of text.split(/(?<=[.?!])\s+/)) {
    const toks = [...sentence.matchAll(/[A-Za-z0-9][A-Za-z0-9&'’.-]*/g)].map((m) => m[0].replace(/[.]+$/, ''));
    toks.forEach((t, i) => {
      const w = bare(t);
      if (!w || /^\d+$/.test(w)) return;
      // A name: capitals after the sentence's first word ("Walgreens", "COVID-19"), or letters and digits ("5G").
      if ((i > 0 && /[A-Z]/.test(t)) || (/\d/.test(w) && /[a-z]/.test(w))) add(w);
      // The object of "from", "in", "to": "revenue from walgreens", "sales in brazil".
      let j = i - 1;
      while (j >= 0 && SKIPPED.has(toks[j]!.toLowerCase())) j--;
      if (j >= 0 && PREPOSITIONS.has(toks[j]!.toLowerCase()) && !NOT_A_PART.has(w) && /^[a-z]/.test(w)) add(w);
    });
  }
  return out;
}

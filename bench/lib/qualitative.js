// The qualitative battery (test/battery/qualitative.jsonl): questions whose answer is a sentence or a
// list (segments, risk factors, the auditor, what a company does, what an 8-K announced, what changed
// between two years). An answer is judged on its head, as an analyst reads it: its first sentence, or,
// when it opens with a line ending in a colon followed by list lines, that line and its list. Plain JS so
// that the vitest check and bench/qualitative.js share it.
import { readFileSync } from 'node:fs';
import { abstainsAt } from './verdict.js';

export const QUALITATIVE_CLASSES = ['segments', 'risk_factors', 'auditor', 'business', 'announcement', 'change'];

export const qualitativeFile = new URL('../../test/battery/qualitative.jsonl', import.meta.url).pathname;

export function loadQualitative(file = qualitativeFile) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

// Text no answer should open with: an 8-K's exhibit index and signature block, a 10-K's cover page, the
// forward-looking-statements caution and the furnishing language around exhibits.
const BOILERPLATE = [
  /\b10[14]\b[^.]{0,20}\bcover page\b/i,
  /\bcover page (?:interactive data|from this|xbrl|tags)\b/i,
  /\bexhibit (?:no\.|number|index)\b/i,
  /\bis furnished as exhibit\b|\bfiled as exhibits?\b[^.]{0,40}\bincorporated\b/i,
  /\bindicate by check mark\b|\bcommission file number\b|\bsecurities registered pursuant to section 12\b|\blarge accelerated filer\b/i,
  /\bforward-looking statements?\b|\bprivate securities litigation reform act\b|\bsafe harbor\b/i,
  /\bshall not be deemed (?:to be )?(?:filed|incorporated)\b|\bpursuant to the requirements of the securities exchange act\b/i,
];

/** Whether a text is filing boilerplate rather than an answer. */
export function isBoilerplate(text) {
  return BOILERPLATE.some((re) => re.test(text));
}

const LIST_LINE = /^\s*(?:[-•*]|\d{1,2}[.)])\s+\S/;
// A sentence ends at . ! ? (after any closing quote, bracket or citation) before a capital or digit,
// not after an abbreviation or an initial.
const END =
  /(?:(?<!\b(?:Inc|Co|Corp|Ltd|No|Nos|Mr|Ms|Mrs|Dr|St|Jr|Sr|vs|etc|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|[A-Z]))[.!?]["”’)]*(?:\s*\[[^\]]{1,40}\]\.?)?|\s\[[^\]]{1,40}\][.!?])\s+(?=["“(]?[A-Z0-9])/;

/** The head of an answer: its opening list (the line that introduces it and its list lines), or its
 * first sentence. */
export function headOf(answer) {
  const text = answer.trim();
  const lines = text.split('\n');
  if (lines.length > 1 && /:\s*$/.test(lines[0]) && LIST_LINE.test(lines[1])) {
    const list = [lines[0]];
    for (const l of lines.slice(1)) {
      if (!LIST_LINE.test(l) && !/^\s{2,}\S/.test(l)) break;
      list.push(l);
    }
    return list.join('\n');
  }
  const first = lines[0];
  const m = END.exec(first);
  return m ? first.slice(0, m.index + m[0].length).trim() : first;
}

/** Lower case, apostrophes and quotes dropped (filings lose curly ones), spaces collapsed. */
export const normalize = (s) =>
  s
    .toLowerCase()
    .replace(/[\u2018\u2019'\u201c\u201d"]/g, '')
    .replace(/\s+/g, ' ');

/** right: the head holds every expected phrase (each a string, or alternatives) and is no
 * boilerplate, or declines when the filings do not answer (`abstain`); boilerplate: the head is
 * boilerplate; abstained: the head declines; wrong otherwise. */
export function judge(answer, expect) {
  const head = headOf(answer);
  if (isBoilerplate(head)) return 'boilerplate';
  // A question the filings do not answer: right only when the answer says so.
  if (expect.abstain) return abstainsAt(head) >= 0 ? 'right' : 'wrong';
  const h = normalize(head);
  if (expect.first.every((p) => (Array.isArray(p) ? p : [p]).some((alt) => h.includes(normalize(alt))))) return 'right';
  return abstainsAt(head) >= 0 ? 'abstained' : 'wrong';
}

/** Asks each question (research mode, extractive answer) and judges the answer. */
export async function runQualitative(backend, questions) {
  const results = [];
  for (const q of questions) {
    const r = await backend.query({ query: q.question, mode: 'research', retrieval: { max_evidence: 10 }, include: { answer: true } });
    const answer = r.answer?.text ?? '';
    results.push({ q, answer, verdict: judge(answer, q.expect) });
  }
  return results;
}

const empty = () => ({ n: 0, right: 0, wrong: 0, boilerplate: 0, abstained: 0 });

export function tallyQualitative(results) {
  const overall = empty();
  const byClass = {};
  for (const { q, verdict } of results) {
    for (const t of [overall, (byClass[q.class] ??= empty())]) {
      t.n++;
      t[verdict]++;
    }
  }
  return { overall, byClass };
}

const pct = (x, n) => (n ? `${((100 * x) / n).toFixed(0)}%` : '-');
const line = (name, t) =>
  `${name.padEnd(13)} n=${String(t.n).padStart(2)}  right ${String(t.right).padStart(2)} (${pct(t.right, t.n).padStart(4)})  wrong ${String(t.wrong).padStart(2)}  boilerplate ${t.boilerplate}  abstained ${t.abstained}`;

export function formatQualitative({ overall, byClass }) {
  return [line('overall', overall), ...QUALITATIVE_CLASSES.filter((c) => byClass[c]).map((c) => line(c, byClass[c]))].join('\n');
}

/** One line a question: verdict, id, and the head of its answer. */
export function formatQualitativeResults(results) {
  return results
    .map(({ q, answer, verdict }) => `${verdict.padEnd(11)} ${q.id.padEnd(18)} | ${headOf(answer).replace(/\s+/g, ' ').slice(0, 170)}`)
    .join('\n');
}

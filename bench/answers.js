// Answers on the FinanceBench dev questions: does the extractive answer contain the gold figure, and
// does it cite only source ids present in the evidence? Usage: node bench/answers.js [-v]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openEngineBackend } from '../dist/engine/engine-backend.js';
import { resolveIndexPath } from './lib/index-path.js';

const verbose = process.argv.includes('-v');
const shared = process.env.FILINGS_SAMPLE_CORPUS
  ? resolve(process.env.FILINGS_SAMPLE_CORPUS, '..')
  : new URL('../../shared', import.meta.url).pathname;
const questions = readFileSync(resolve(shared, 'eval/financebench-dev.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));

/** The numbers of a text, normalized: "$1,577.00" -> "1577", "16.5%" -> "16.5", "(1,577)" -> "1577". */
export function numbers(text) {
  return (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) =>
    n
      .replace(/,/g, '')
      .replace(/\.0+$/, '')
      .replace(/(\.\d*?)0+$/, '$1'),
  );
}

const backend = await openEngineBackend({ indexPath: resolveIndexPath({ env: process.env }) });
let numeric = 0,
  found = 0,
  badCitations = 0;
for (const q of questions) {
  const r = await backend.query({ query: q.question, mode: 'research', retrieval: { max_evidence: 10 }, include: { answer: true } });
  const ids = new Set([...r.evidence.matchAll(/<source id="([A-Z]+)"/g)].map((m) => m[1]));
  const cited = [...r.answer.text.matchAll(/\[([A-Z]+(?:, [A-Z]+)*)\]/g)].flatMap((m) => m[1].split(', '));
  const bad = cited.filter((c) => !ids.has(c));
  if (bad.length) badCitations++;
  // The gold figure: the answer's first number that is not a year (textual answers have none).
  const gold = numbers(String(q.answer)).find((n) => !/^(?:19|20)\d\d$/.test(n));
  if (gold === undefined) continue;
  numeric++;
  // A figure printed more precisely than a gold one of three digits or more counts when it rounds to it
  // (1,615.9 for 1616); short golds ("1", "0.4") must match as printed.
  const places = (gold.split('.')[1] ?? '').length;
  const precise = gold.replace(/\D/g, '').replace(/^0+/, '').length >= 3;
  const ok = numbers(r.answer.text).some(
    (n) => n === gold || (precise && (n.split('.')[1] ?? '').length > places && Number(Number(n).toFixed(places)) === Number(gold)),
  );
  found += ok;
  if (verbose)
    console.log(
      `${ok ? 'FOUND' : 'miss '} gold=${gold} | ${q.question.slice(0, 70)} | ${r.answer.text.replace(/\s+/g, ' ').slice(0, 140)}`,
    );
}
console.log(`answers citing an id absent from the evidence: ${badCitations} of ${questions.length}`);
console.log(
  `gold figure in the answer: ${found} of ${numeric} questions with a numeric answer (${(found / numeric).toFixed(3)}); ${found} of all ${questions.length} (${(found / questions.length).toFixed(3)})`,
);
await backend.close();

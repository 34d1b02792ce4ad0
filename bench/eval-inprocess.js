// Fast retrieval evaluation in one process (the rules of ../shared/eval/score.py, from
// bench/lib/retrieval-score.js; `npm run eval` runs score.py itself through the CLI).
// Usage: node bench/eval-inprocess.js [--mode research] [--k 10] [--lower] [-v]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openEngineBackend } from '../dist/engine/engine-backend.js';
import { resolveIndexPath } from './lib/index-path.js';
import { scoreResponse, summarize } from './lib/retrieval-score.js';

const args = process.argv.slice(2);
const opt = (name, def) => (args.includes(name) ? args[args.indexOf(name) + 1] : def);
const k = Number(opt('--k', 10));
const mode = opt('--mode', 'research');
const verbose = args.includes('-v');
// --lower: the questions as typed in a terminal, all lower case.
const lower = args.includes('--lower');
const shared = process.env.FILINGS_SAMPLE_CORPUS
  ? resolve(process.env.FILINGS_SAMPLE_CORPUS, '..')
  : new URL('../../shared', import.meta.url).pathname;
const questions = readFileSync(resolve(shared, 'eval/financebench-dev.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));

const backend = await openEngineBackend({ indexPath: resolveIndexPath({ env: process.env }) });
const byType = {};
const times = [];
const scores = [];
for (const q of questions) {
  const t0 = performance.now();
  const r = await backend.query({ query: lower ? q.question.toLowerCase() : q.question, mode, retrieval: { max_evidence: k } });
  times.push(performance.now() - t0);
  q.ms = times[times.length - 1];
  const s = scoreResponse(r, q, k);
  scores.push(s);
  const b = (byType[q.question_type] ??= { n: 0, hit: 0 });
  b.n++;
  b.hit += s.hit;
  const applied = r.summary?.applied_metadata_filters ?? {};
  if (verbose || !s.hit)
    console.log(
      `${s.hit ? 'HIT ' : 'miss'} rec=${s.recall.toFixed(2)} own=${s.own.toFixed(2)} t=${s.ticker ? 'y' : 'n'} y=${s.year ? 'y' : 'n'} chars=${s.chars} ${q.ticker} ${q.fiscal_year} ${JSON.stringify(applied)} | ${q.question.slice(0, 90)}`,
    );
}
times.sort((a, b) => a - b);
for (const q of [...questions].sort((a, b) => b.ms - a.ms).slice(0, 3))
  console.log(`slow: ${q.ms.toFixed(0)} ms ${q.question.slice(0, 80)}`);
const n = questions.length;
const t = summarize(scores);
console.log(
  `by type: ${Object.entries(byType)
    .map(([ty, b]) => `${ty} ${b.hit}/${b.n}`)
    .join(', ')}`,
);
console.log(`in-process latency: median ${times[Math.floor(n / 2)].toFixed(0)} ms, p95 ${times[Math.floor(n * 0.95)].toFixed(0)} ms`);
console.log(`hit@${k}=${t.hit.toFixed(3)} ticker=${t.ticker.toFixed(3)} year=${t.year.toFixed(3)} own=${t.own.toFixed(3)}`);
await backend.close();

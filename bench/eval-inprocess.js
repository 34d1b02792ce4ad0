// Fast retrieval evaluation in one process (the same scoring rules as ../shared/eval/score.py, which
// `npm run eval` runs through the CLI). Usage: node bench/eval-inprocess.js [--mode research] [--k 10] [-v]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openEngineBackend } from '../dist/engine/engine-backend.js';
import { resolveIndexPath } from '../dist/engine/index/location.js';

const args = process.argv.slice(2);
const opt = (name, def) => (args.includes(name) ? args[args.indexOf(name) + 1] : def);
const k = Number(opt('--k', 10));
const mode = opt('--mode', 'research');
const verbose = args.includes('-v');
// --lower: the questions as typed in a terminal, all lower case.
const lower = args.includes('--lower');
const shared = process.env.FILINGS_SAMPLE_CORPUS ? resolve(process.env.FILINGS_SAMPLE_CORPUS, '..') : new URL('../../shared', import.meta.url).pathname;
const questions = readFileSync(resolve(shared, 'eval/financebench-dev.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));

const WORD = /[a-z][a-z']{4,}|\d[\d,]*(?:\.\d+)?/g;
const COMMON = new Set(`which where their there about would could should these those other total years ended other million billion company companies include including during fiscal period december following respectively amount amounts under based financial statements related income`.split(/\s+/));
const distinctive = (t) => { const o = new Set(); for (const w of t.toLowerCase().match(WORD) ?? []) { if (/\d/.test(w[0])) { const d = w.replace(/,/g, '').split('.')[0]; if (d.length >= 3) o.add(d); } else if (!COMMON.has(w)) o.add(w); } return o; };
const tokens = (t) => { const o = new Set(); for (const w of t.toLowerCase().match(WORD) ?? []) o.add(/\d/.test(w[0]) ? w.replace(/,/g, '').split('.')[0] : w); return o; };
const chains = (e) => (e ?? '').split(/(?=<evidence_chain\b)/).filter((p) => p.startsWith('<evidence_chain'));
const asList = (v) => (v == null ? [] : Array.isArray(v) ? v : typeof v === 'object' ? Object.values(v).flatMap(asList) : [v]);

const backend = await openEngineBackend({ indexPath: resolveIndexPath({ env: process.env }) });
let hits = 0, tick = 0, year = 0, own = 0;
// The scorer's `own`: the share of the first K chains that cite a filing of the asked company.
const registry = (e) => new Map([...(e ?? '').matchAll(/<source id="([^"]+)"[^>]*\bticker="([^"]*)"/g)].map((m) => [m[1], m[2].toUpperCase()]));
const ownShare = (e, ticker) => {
  const reg = registry(e);
  const top = chains(e).slice(0, k);
  if (top.length === 0) return 0;
  return top.filter((c) => [...c.matchAll(/<entry sources="([^"]*)"/g)].some((m) => m[1].split(' ').some((id) => reg.get(id) === ticker))).length / top.length;
};
const byType = {};
const times = [];
for (const q of questions) {
  const t0 = performance.now();
  const r = await backend.query({ query: lower ? q.question.toLowerCase() : q.question, mode, retrieval: { max_evidence: k } });
  times.push(performance.now() - t0);
  q.ms = times[times.length - 1];
  const ev = chains(r.evidence).slice(0, k).join('');
  const have = ev.length <= 30000 ? tokens(ev) : new Set();
  let rec = 0;
  for (const g of q.evidence) { const d = distinctive(g); if (d.size) rec = Math.max(rec, [...d].filter((x) => have.has(x)).length / d.size); }
  const applied = r.summary?.applied_metadata_filters ?? {};
  const tOk = asList(applied.sec_ticker).map(String).map((x) => x.toUpperCase()).includes(q.ticker);
  const yOk = asList(applied.sec_fiscal_year).map(String).includes(q.fiscal_year);
  hits += rec >= 0.5; tick += tOk; year += yOk; own += ownShare(r.evidence, q.ticker);
  const b = (byType[q.question_type] ??= { n: 0, hit: 0 }); b.n++; b.hit += rec >= 0.5;
  if (verbose || rec < 0.5) console.log(`${rec >= 0.5 ? 'HIT ' : 'miss'} rec=${rec.toFixed(2)} t=${tOk ? 'y' : 'n'} y=${yOk ? 'y' : 'n'} chars=${ev.length} ${q.ticker} ${q.fiscal_year} ${JSON.stringify(applied)} | ${q.question.slice(0, 90)}`);
}
times.sort((a, b) => a - b);
for (const q of [...questions].sort((a, b) => b.ms - a.ms).slice(0, 3)) console.log(`slow: ${q.ms.toFixed(0)} ms ${q.question.slice(0, 80)}`);
const n = questions.length;
console.log(`by type: ${Object.entries(byType).map(([t, b]) => `${t} ${b.hit}/${b.n}`).join(', ')}`);
console.log(`in-process latency: median ${times[Math.floor(n / 2)].toFixed(0)} ms, p95 ${times[Math.floor(n * 0.95)].toFixed(0)} ms`);
console.log(`hit@${k}=${(hits / n).toFixed(3)} ticker=${(tick / n).toFixed(3)} year=${(year / n).toFixed(3)} own=${(own / n).toFixed(3)}`);
await backend.close();

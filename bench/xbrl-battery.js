// The XBRL-derived battery (bench/lib/xbrl-battery.js) through the engine in one process: questions
// generated from the inline-XBRL facts of the recorded EDGAR filings (../shared/edgar or
// FILINGS_EDGAR_FIXTURES), judged by bench/lib/verdict.js, tallied overall, plain vs dimensional,
// current vs prior period, and by filing. The index of those filings is built once into
// .tmp/xbrl-index/<key>/ (keyed by the ingest code and the documents).
// Usage: node bench/xbrl-battery.js [-v] [--limit N] [--seed S] [--per-filing N] [--wrong]
//   -v          one line a question (verdict, gold, question, answer)
//   --wrong     the lines of the questions not answered right only
//   --limit N   N questions spread over the filings (default: all)
//   --seed S    the generator's seed (default xbrl-1); --per-filing N questions a filing (default 60)
import { writeFilings } from '../dist/engine/ingest/write-filings.js';
import { loadConstituents } from '../dist/engine/filing/constituents.js';
import { openEngineBackend } from '../dist/engine/engine-backend.js';
import { prepareHtmlFiling } from '../dist/engine/html/ingest.js';
import {
  describeBattery,
  edgarDir,
  ensureXbrlIndex,
  formatXbrlResults,
  formatXbrlTally,
  generateXbrlQuestions,
  hasEdgarFixtures,
  loadXbrlConstituents,
  prepareXbrlFilings,
  runXbrlBattery,
  spread,
  tallyXbrl,
} from './lib/xbrl-battery.js';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : fallback;
};
if (!hasEdgarFixtures()) {
  console.log(`XBRL battery: skipped, no recorded EDGAR material at ${edgarDir()} (set FILINGS_EDGAR_FIXTURES)`);
  process.exit(0);
}
const engine = { prepareHtmlFiling, loadConstituents, writeFilings };
const constituents = await loadXbrlConstituents(engine);
const filings = prepareXbrlFilings(engine, constituents);
const { questions: all, stats } = generateXbrlQuestions(filings, {
  seed: arg('--seed', 'xbrl-1'),
  perFiling: Number(arg('--per-filing', '60')),
});
const limit = Number(arg('--limit', '0'));
const questions = limit > 0 ? spread(all, limit) : all;
const indexPath = await ensureXbrlIndex(engine, filings, constituents);
const backend = await openEngineBackend({ indexPath });
try {
  const results = await runXbrlBattery(backend, questions);
  if (process.argv.includes('-v')) console.log(formatXbrlResults(results));
  else if (process.argv.includes('--wrong')) console.log(formatXbrlResults(results.filter((r) => r.verdict !== 'right')));
  console.log(`XBRL battery (${filings.length} inline-XBRL filings; ${describeBattery(all, stats)})`);
  if (limit > 0) console.log(`asked: ${questions.length} of them, spread over the filings`);
  console.log(`research mode, extractive answers:\n${formatXbrlTally(tallyXbrl(results))}`);
} finally {
  await backend.close();
}

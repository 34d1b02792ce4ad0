// Retrieval robustness on the development questions (as written, lower-cased, tickers, short names,
// paraphrases), scored by score.py's rules in one process. Usage: node bench/robustness.js [-v]
import { resolve } from 'node:path';
import { openEngineBackend } from '../dist/engine/engine-backend.js';
import { resolveIndexPath } from './lib/index-path.js';
import {
  buildVariants,
  formatMisses,
  formatRobustness,
  loadAliases,
  loadParaphrases,
  loadQuestions,
  runRobustness,
} from './lib/robustness.js';

const shared = process.env.FILINGS_SAMPLE_CORPUS
  ? resolve(process.env.FILINGS_SAMPLE_CORPUS, '..')
  : new URL('../../shared', import.meta.url).pathname;
const suite = new URL('../test/robustness/', import.meta.url).pathname;
const variants = buildVariants(
  loadQuestions(resolve(shared, 'eval/financebench-dev.jsonl')),
  loadAliases(`${suite}aliases.json`),
  loadParaphrases(`${suite}paraphrases.jsonl`),
);
const backend = await openEngineBackend({ indexPath: resolveIndexPath({ env: process.env }) });
try {
  const results = await runRobustness(backend, variants);
  if (process.argv.includes('-v')) console.log(formatMisses(results));
  console.log(`retrieval robustness (development questions, research mode, k=10):\n${formatRobustness(results)}`);
} finally {
  await backend.close();
}

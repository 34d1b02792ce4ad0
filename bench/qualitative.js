// The qualitative battery (test/battery/qualitative.jsonl) through the engine in one process, judged by
// bench/lib/qualitative.js on each answer's first sentence or list: right, wrong, boilerplate and
// abstained, overall and per class. Usage: node bench/qualitative.js [-v] [--file PATH]
import { openEngineBackend } from '../dist/engine/engine-backend.js';
import { resolveIndexPath } from './lib/index-path.js';
import {
  formatQualitative,
  formatQualitativeResults,
  loadQualitative,
  qualitativeFile,
  runQualitative,
  tallyQualitative,
} from './lib/qualitative.js';

const at = process.argv.indexOf('--file');
const file = at > 0 && process.argv[at + 1] ? process.argv[at + 1] : qualitativeFile;

const backend = await openEngineBackend({ indexPath: resolveIndexPath({ env: process.env }) });
try {
  const results = await runQualitative(backend, loadQualitative(file));
  if (process.argv.includes('-v')) console.log(formatQualitativeResults(results));
  console.log(
    `qualitative battery (${results.length} questions, research mode, extractive answers, judged on the first sentence or list):\n${formatQualitative(tallyQualitative(results))}`,
  );
} finally {
  await backend.close();
}

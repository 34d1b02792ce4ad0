// The answer battery (test/battery/questions.jsonl) through the engine in one process, judged by
// bench/lib/verdict.js: right, wrong and abstained overall and per class.
// Usage: node bench/battery.js [-v] [--file PATH] (default: test/battery/questions.jsonl; also the
// held-out batteries, test/battery/shapes.jsonl and test/battery/finqa-train.jsonl beside it)
import { openEngineBackend } from '../dist/engine/engine-backend.js';
import { resolveIndexPath } from './lib/index-path.js';
import { batteryFile, formatResults, formatTally, loadBattery, runBattery, tally } from './lib/battery.js';

const at = process.argv.indexOf('--file');
const file = at > 0 && process.argv[at + 1] ? process.argv[at + 1] : batteryFile;

const backend = await openEngineBackend({ indexPath: resolveIndexPath({ env: process.env }) });
try {
  const results = await runBattery(backend, loadBattery(file));
  if (process.argv.includes('-v')) console.log(formatResults(results));
  console.log(`answer battery (${results.length} questions, research mode, extractive answers):\n${formatTally(tally(results))}`);
} finally {
  await backend.close();
}

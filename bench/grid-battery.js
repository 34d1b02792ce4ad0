// The grid battery (test/battery/grids.jsonl) through the engine in one process, judged by
// bench/lib/grid-battery.js on each answer's figure records: cells, derived figures, rankings and
// unheld cells right, wrong or not stated, and questions answered whole.
// Usage: node bench/grid-battery.js [-v] [--file PATH]
import { openEngineBackend } from '../dist/engine/engine-backend.js';
import { resolveIndexPath } from './lib/index-path.js';
import { formatGridResults, formatGridTally, gridBatteryFile, loadGridBattery, runGridBattery, tallyGrid } from './lib/grid-battery.js';

const at = process.argv.indexOf('--file');
const file = at > 0 && process.argv[at + 1] ? process.argv[at + 1] : gridBatteryFile;

const backend = await openEngineBackend({ indexPath: resolveIndexPath({ env: process.env }) });
try {
  const results = await runGridBattery(backend, loadGridBattery(file));
  if (process.argv.includes('-v')) console.log(formatGridResults(results));
  console.log(`grid battery (${results.length} questions, research mode, extractive answers):\n${formatGridTally(tallyGrid(results))}`);
} finally {
  await backend.close();
}

// The screens battery (test/battery/screens.jsonl; --file for another, e.g. screens-blind.jsonl) through
// the engine in one process, judged by bench/lib/screens-battery.js on each answer's figure records:
// every member's figure right, wrong or not stated, members not held, the order, and screens whole.
// Usage: node bench/screens-battery.js [-v] [--file PATH]
import { openEngineBackend } from '../dist/engine/engine-backend.js';
import { resolveIndexPath } from './lib/index-path.js';
import {
  formatScreensResults,
  formatScreensTally,
  loadScreens,
  runScreens,
  screensBatteryFile,
  tallyScreens,
} from './lib/screens-battery.js';

const at = process.argv.indexOf('--file');
const file = at > 0 && process.argv[at + 1] ? process.argv[at + 1] : screensBatteryFile;

const backend = await openEngineBackend({ indexPath: resolveIndexPath({ env: process.env }) });
try {
  const results = await runScreens(backend, loadScreens(file));
  if (process.argv.includes('-v')) console.log(formatScreensResults(results));
  console.log(
    `screens battery ${file.split('/').pop()} (${results.length} screens, research mode, extractive answers):\n${formatScreensTally(tallyScreens(results))}`,
  );
} finally {
  await backend.close();
}

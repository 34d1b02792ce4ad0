// Screens benchmark (issue 43): a set's members each answered by the figure path of a single question.
// Cold, in a new process as a user runs it: `filings figures --sector ... --csv` and the same screen
// asked as a question (`filings query --answer --json`), for a sector of 20-odd members read from the
// filings' text, and the whole index; then in process, the spec and the question warm. Median and p95
// of several runs (the first of each cold command writes the code cache and is not counted).
// Index: FILINGS_INDEX or the default location. Run after `npm run build`: node bench/screens.js
import { spawnSync } from 'node:child_process';
import { openEngineBackend } from '../dist/engine/engine-backend.js';
import { resolveIndexPath } from './lib/index-path.js';

const root = new URL('..', import.meta.url).pathname;
const indexPath = resolveIndexPath({ env: process.env });
const RUNS = Number(process.argv[process.argv.indexOf('-n') + 1]) || 6;
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const line = (name, xs, extra = '') =>
  console.log(
    `  ${name.padEnd(62)} p50 ${pct(xs, 0.5).toFixed(0).padStart(6)} ms   p95 ${pct(xs, 0.95).toFixed(0).padStart(6)} ms   (n=${xs.length})${extra}`,
  );

/** `filings ARGS` in a new process, timed, `runs` times after one to write the code cache. */
function cold(args, runs = RUNS) {
  const xs = [];
  let out = '';
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [`${root}bin/filings.js`, ...args], {
      env: { ...process.env, FILINGS_INDEX: indexPath },
      encoding: 'utf8',
    });
    const ms = performance.now() - t0;
    if (r.status !== 0 && r.status !== 10) {
      console.error(`filings ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
      process.exit(1);
    }
    if (i > 0) xs.push(ms);
    out = r.stdout;
  }
  return { xs, out };
}

const SECTOR = 'Information Technology';
const YEAR = '2022';
const QUESTION = `Rank the information technology companies by revenue in fiscal ${YEAR}`;
const WHOLE = `Which S&P 500 company had the highest revenue in fiscal ${YEAR}?`;
const members = (csv) => csv.trim().split('\n').length - 1;

console.log(`screens (${indexPath})`);
const spec = cold(['figures', '--sector', SECTOR, '--measure', 'revenue', '--years', YEAR, '--csv']);
line(`cold, filings figures --sector "${SECTOR}" --csv`, spec.xs, `  ${members(spec.out)} members`);
const asked = cold(['query', '--answer', '--json', QUESTION]);
const grid = JSON.parse(asked.out).analysis.grid;
line('cold, the same screen as a question (query --answer --json)', asked.xs, `  ${grid.companies.length} members`);
const all = cold(['figures', '--all', '--measure', 'revenue', '--years', YEAR, '--rank', '--csv']);
line('cold, filings figures --all --rank --csv', all.xs, `  ${members(all.out)} members`);
const whole = cold(['query', '--answer', '--json', WHOLE]);
line('cold, the whole index as a question', whole.xs, `  ${JSON.parse(whole.out).analysis.grid.companies.length} members`);

const backend = await openEngineBackend({ indexPath });
const timed = async (f, n) => {
  const xs = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await f();
    xs.push(performance.now() - t0);
  }
  return xs;
};
const sector = { tickers: [], set: { kind: 'sector', name: SECTOR }, measures: ['revenue'], years: [Number(YEAR)], rank: 'desc' };
line('in process, first screen of the process (the spec)', await timed(() => backend.figures(sector), 1));
line('in process, the spec again', await timed(() => backend.figures(sector), 10));
const ask = (query) => () => backend.query({ query, mode: 'research', include: { answer: true, analysis: true } });
line('in process, as a question', await timed(ask(QUESTION), 10));
line('in process, the whole index as a question', await timed(ask(WHOLE), 5));
await backend.close();

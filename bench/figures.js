// Figures benchmark: a 4-company by 5-year grid, in process (the spec through the engine, and the same
// grid asked as a question with an answer and its records) and from a cold start (`filings figures` in a
// new process), median and p95 of several runs. Index: FILINGS_INDEX or the default location. Run after
// `npm run build`: node bench/figures.js
import { spawnSync } from 'node:child_process';
import { openEngineBackend } from '../dist/engine/engine-backend.js';
import { resolveIndexPath } from './lib/index-path.js';

const root = new URL('..', import.meta.url).pathname;
const indexPath = resolveIndexPath({ env: process.env });
const TICKERS = ['WMT', 'COST', 'KO', 'PEP'];
const YEARS = [2018, 2019, 2020, 2021, 2022];
const SPEC = { tickers: TICKERS, measures: ['revenue'], years: YEARS };
const QUESTION = 'Revenue of Walmart, Costco, Coca-Cola and PepsiCo each year from 2018 to 2022';
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const line = (name, xs) =>
  console.log(
    `  ${name.padEnd(46)} p50 ${pct(xs, 0.5).toFixed(1).padStart(7)} ms   p95 ${pct(xs, 0.95).toFixed(1).padStart(7)} ms   (n=${xs.length})`,
  );

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
console.log(`figures: a ${TICKERS.length}-company by ${YEARS.length}-year grid (${indexPath})`);
const first = await timed(() => backend.figures(SPEC), 1);
line('in process, first grid of the process', first);
line('in process, the spec (filings figures)', await timed(() => backend.figures(SPEC), 20));
const ask = () => backend.query({ query: QUESTION, mode: 'research', include: { answer: true, analysis: true } });
line('in process, as a question (answer + records)', await timed(ask, 10));
const res = await backend.figures(SPEC);
const cells = res.analysis.grid.cells;
console.log(`  cells stated: ${cells.filter((c) => c.figure).length} of ${cells.length}`);
await backend.close();

const cold = [];
for (let i = 0; i < 6; i++) {
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    [`${root}bin/filings.js`, 'figures', ...TICKERS, '--measure', 'revenue', '--years', '2018-2022', '--csv'],
    {
      env: { ...process.env, FILINGS_INDEX: indexPath },
      encoding: 'utf8',
    },
  );
  const ms = performance.now() - t0;
  // (The first run writes the code cache; the others read it.)
  if (i > 0) cold.push(ms);
  if (r.status !== 0 && r.status !== 10) {
    console.error(`filings figures exited ${r.status}: ${r.stderr}`);
    process.exit(1);
  }
}
line('cold start, filings figures --csv (new process)', cold);

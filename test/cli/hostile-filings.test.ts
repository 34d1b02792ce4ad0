// Issue 44.2 with the real process: hostile filings (bench/lib/hostile-filings.js writes each shape into
// a real filing) given to `corpus add` beside a sample filing. Each is refused with the limit it
// crossed, by name, and the sample filing goes in; none takes the time or memory of the pathology it
// was (a table compared every row with every row above it, 102 s for 25,000 rows; 100,000 unclosed
// <div>s 25 s; a table of 200,000 rows overflowed the stack; one of 1,000,000 took 1.5 GB). The bounds
// are generous: the new figures are in bench/hostile-filings.js.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HTML_BASE, hasHtmlBase, type Shape, writeHostileFiling } from '../../bench/lib/hostile-filings.js';
import { needsFixtures } from '../edgar/fixtures.js';
import { repoRoot, sampleCorpusDir, sampleFiling } from '../helpers/sample.js';
import { tempDir } from '../helpers/tmp.js';

const dir = tempDir('filings-hostile-');
const other = sampleFiling('200406_8K_2023_0000200406-23-000091.json.gz');
// The built CLI in a process of its own, which reports its peak RSS on stderr as it exits.
const wrapper = `const { main } = await import(${JSON.stringify(join(repoRoot, 'dist', 'cli', 'main.js'))});
process.exitCode = await main([process.argv[0], 'filings', ...process.argv.slice(1)]);
process.on('exit', () => process.stderr.write('\\nmaxrss ' + process.resourceUsage().maxRSS + '\\n'));`;

interface Summary {
  added: number;
  failed: { file: string; error: string }[];
}

let n = 0;
/** `corpus add` of a hostile filing and the sample 8-K into a new index: the summary, seconds, peak MB. */
function addWithOther(shape: Shape, size?: number) {
  const { path } = writeHostileFiling(dir, shape, size);
  const args = [path, other, '--index', join(dir, `index-${++n}.sqlite`), '--filed', HTML_BASE.filed, '--json'];
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', wrapper, '--', 'corpus', 'add', ...args, '--constituents', join(sampleCorpusDir(), 'constituents.csv')],
    {
      encoding: 'utf8',
      // Past this the pathology is back: the process is stopped and the test fails on its exit code.
      timeout: 90_000,
      killSignal: 'SIGKILL',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, FILINGS_INDEX: '', XDG_DATA_HOME: join(dir, 'xdg'), NO_COLOR: '1' },
    },
  );
  const seconds = (performance.now() - t0) / 1000;
  const mb = Number(/maxrss (\d+)/.exec(r.stderr)?.[1] ?? 0) / 1024;
  expect(r.status, `exit ${r.status} ${r.signal ?? ''} after ${seconds.toFixed(1)} s: ${r.stderr.slice(0, 300)}`).toBe(2);
  return { path, summary: JSON.parse(r.stdout) as Summary, seconds, mb };
}

/** The hostile filing refused with `reason`, the sample 8-K added. */
function expectRefused(r: ReturnType<typeof addWithOther>, reason: RegExp) {
  expect(r.summary.failed).toEqual([{ file: r.path, error: expect.stringMatching(reason) }]);
  expect(r.summary.added).toBe(1);
}

describe('corpus add refuses a crawler filing past a limit, and adds the others', () => {
  it('a table of 25,000 rows: refused by its row count, in seconds (every row compared with every row above it took 102 s)', () => {
    const r = addWithOther('json-table-rows', 25_000);
    expectRefused(r, /^a table of 25,016 rows \("Line a 1,000 1,000"\) is over the limit of 10,000 rows a table$/);
    expect(r.seconds).toBeLessThan(30);
  });

  it('a table of 200,000 rows: refused by its run of lines, never held whole (it overflowed the stack)', () => {
    const r = addWithOther('json-table-rows', 200_000);
    expectRefused(
      r,
      /^a run of more than 50,000 lines of table rows or headings without prose \(".*"\) is over the limit of 50,000 lines a run$/,
    );
    expect(r.mb).toBeLessThan(600);
  });

  it('a row of 20,000 cells written one a line: refused by its cell count', () => {
    expectRefused(
      addWithOther('json-row-cell-lines'),
      /^a table row of 20,006 cells \("Net sales"\) is over the limit of 1,000 cells a row$/,
    );
  });
});

describe.skipIf(!hasHtmlBase())(needsFixtures('corpus add refuses an HTML filing past a limit, and adds the others', hasHtmlBase()), () => {
  it('a table of 200,000 rows: refused by its row count (it overflowed the stack: "Maximum call stack size exceeded")', () => {
    expectRefused(addWithOther('html-table-rows', 200_000), /^a table of 200,000 rows \("a 0"\) is over the limit of 10,000 rows a table$/);
  });

  it('a table of 1,000,000 rows (30 MB, under the size cap): refused with its rows counted, its cells never held (1.5 GB)', () => {
    const r = addWithOther('html-table-rows', 1_000_000);
    expectRefused(r, /^a table of 1,000,000 rows /);
    expect(r.mb).toBeLessThan(600);
  });

  it.each<[Shape, RegExp]>([
    ['html-unclosed-divs', /^HTML elements nested more than 1,000 deep at character 6,125 \(tags left open, or set within one another\)/],
    ['html-nested-divs', /^HTML elements nested more than 1,000 deep at character 6,125 /],
    ['html-nested-tables', /^HTML elements nested more than 1,000 deep at character [\d,]+ /],
  ])('%s: refused by its depth, in seconds (100,000 unclosed <div>s took 25 s, read twice)', (shape, reason) => {
    const r = addWithOther(shape);
    expectRefused(r, reason);
    expect(r.seconds).toBeLessThan(8);
  });

  it('a row of 100,000 cells: refused by its cell count', () => {
    expectRefused(addWithOther('html-row-cells'), /^a table row of 100,001 cells \("Net sales"\) is over the limit of 1,000 cells a row$/);
  });
});

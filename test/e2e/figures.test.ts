// Figures as data (issue 30), through the built CLI as a real process: `filings figures` with its
// formats and exit codes, `query --csv`, `query --json --answer` carrying analysis.figures, the grid
// drawn as a table; against the embedded engine and against `filings serve` (which takes questions
// only, so the CLI asks it one with the companies and years as filters).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FigureRecordSchema } from '../../src/contract/figure-schemas.js';
import type { FigureGrid, FigureRecord, ResearchResponse } from '../../src/contract/types.js';
import { ESC, ensureBuilt, localEnv, remoteEnv, runCli, type Served, startServe } from './helpers.js';

let env: NodeJS.ProcessEnv;
const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;

/** The CSV's rows as objects by its header (no field here holds a comma but "printed", quoted). */
function csvRows(text: string): Record<string, string>[] {
  const [head, ...lines] = text.trim().split('\n');
  const split = (l: string) =>
    [...l.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'));
  const cols = split(head!);
  return lines.map((l) => Object.fromEntries(split(l).map((v, i) => [cols[i], v])));
}

beforeAll(() => {
  ensureBuilt();
  env = localEnv();
}, 120_000);

describe('filings figures with the embedded engine', () => {
  it('KO PEP revenue 2021-2022 --csv: the four figures, each with its accession', async () => {
    const r = await runCli(['figures', 'KO', 'PEP', '--measure', 'revenue', '--years', '2021-2022', '--csv'], { env });
    expect(r.code, r.stderr).toBe(0);
    const rows = csvRows(r.stdout);
    expect(rows.map((x) => [x.ticker, x.fiscal_year, x.value, x.unit, x.status])).toEqual([
      ['KO', '2021', '38655000000', 'USD', 'reported'],
      ['KO', '2022', '43004000000', 'USD', 'reported'],
      ['PEP', '2021', '79474000000', 'USD', 'reported'],
      ['PEP', '2022', '86392000000', 'USD', 'reported'],
    ]);
    for (const x of rows) {
      expect(x.accession).toMatch(ACCESSION);
      expect(x.scale).toBe('1000000');
      expect(x.printed).toMatch(/\d{2},\d{3}/);
    }
    expect(r.stderr).toBe('');
  });

  it('a table by default: a row per company and measure, a column per year, change and sparkline; no escape code off a TTY', async () => {
    const r = await runCli(['figures', 'MSFT', '-m', 'revenue', '-m', 'operating income', '--years', '2021-2023'], {
      env: { ...env, COLUMNS: '120' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Figures \(USD millions/);
    expect(r.stdout).toMatch(/FY2021 +FY2022 +FY2023 +Change FY2021-23/);
    expect(r.stdout).toMatch(/Microsoft +revenue +168,088 \[A\] +198,270 \[A\] +211,915 \[A\] +\+26\.1% +▁▆█/);
    expect(r.stdout).toMatch(/Microsoft +operating income +69,916 \[A\] +83,383 \[A\] +88,523 \[A\]/);
    expect(r.stdout).toMatch(/^\[A\] Microsoft 10-K FY2023, accession 0000950170-23-035122$/m);
    expect(r.stdout + r.stderr).not.toMatch(ESC);
  });

  it("a series' change over its years is a derived record of the grid, and the table's Change column is that record", async () => {
    const r = await runCli(['figures', 'MSFT', '-m', 'revenue', '-m', 'operating_margin', '--years', '2021-2023', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const { grid, figures } = (JSON.parse(r.stdout) as ResearchResponse).analysis as { grid: FigureGrid; figures: FigureRecord[] };
    const byId = new Map(figures.map((f) => [f.id, f]));
    const cell = (measure: string, year: number) => grid.cells.find((c) => c.measure === measure && c.fiscal_year === year)!.figure!;
    const revenue = grid.changes!.find((d) => d.measure === 'revenue')!;
    expect(revenue).toMatchObject({ ticker: 'MSFT', operation: 'pct_change', from_year: 2021, fiscal_year: 2023, status: 'derived' });
    const growth = byId.get(revenue.figure!)!;
    expect(growth.inputs).toEqual([cell('revenue', 2023), cell('revenue', 2021)]);
    expect(growth.value).toBeCloseTo(((211_915 - 168_088) / 168_088) * 100, 6);
    // A rate's change is in points.
    const margin = grid.changes!.find((d) => d.measure !== 'revenue')!;
    expect(margin.operation).toBe('change');
    expect(byId.get(margin.figure!)!.unit).toBe('points');
  });

  it('some cells not stated: exit 10, each empty cell explained; none stated: exit 11', async () => {
    const some = await runCli(['figures', 'KO', '--measure', 'revenue', '--years', '2022-2023'], { env });
    expect(some.code, some.stderr).toBe(10);
    expect(some.stdout).toMatch(/43,004/);
    expect(some.stdout).toMatch(/— \(1\)/);
    expect(some.stdout).toMatch(/^\(1\) The index does not hold Coca-Cola's filings for fiscal 2023.*filings corpus pull KO --years 2023/m);
    expect(some.stderr).toMatch(/1 of 2 figures not stated/);
    const none = await runCli(['figures', 'NVDA', '--measure', 'revenue', '--years', '2022'], { env });
    expect(none.code, none.stderr).toBe(11);
    expect(none.stdout).toMatch(/holds no filings of Nvidia \(NVDA\)/);
  });

  it('an unknown ticker or measure is exit 2 with the closest ones', async () => {
    const ticker = await runCli(['figures', 'KOO', '--measure', 'revenue'], { env });
    expect(ticker.code).toBe(2);
    expect(ticker.stderr).toMatch(/"KOO" is not a ticker of this index \(closest: .*KO/);
    const measure = await runCli(['figures', 'KO', '--measure', 'revnue'], { env });
    expect(measure.code).toBe(2);
    expect(measure.stderr).toMatch(/"revnue" is no measure of the lexicon \(closest: revenue/);
    const years = await runCli(['figures', 'KO', '--measure', 'revenue', '--years', '20x1'], { env });
    expect(years.code).toBe(2);
    expect(years.stderr).toMatch(/--years: "20x1"/);
  });

  it('--list-measures lists line items and metrics with what analysts call them', async () => {
    const r = await runCli(['figures', '--list-measures'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^revenue\tline item\trevenue\t.*net sales/m);
    expect(r.stdout).toMatch(/^operating_margin\tmetric\toperating margin/m);
    expect(r.stdout).toMatch(/^capex\tline item/m);
  });

  it('--json: the response, its records valid by the contract and its grid pointing at them', async () => {
    const r = await runCli(['figures', 'KO', 'PEP', '--measure', 'operating_margin', '--years', '2022', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const res = JSON.parse(r.stdout) as ResearchResponse;
    const figures = res.analysis!.figures!;
    for (const f of figures) expect(FigureRecordSchema.safeParse(f).success).toBe(true);
    const ko = figures.find((f) => f.ticker === 'KO' && f.measure.item === 'operating_margin')!;
    // A derived figure: percent points, its inputs records of their own.
    expect(ko).toMatchObject({ status: 'derived', unit: 'percent', fiscal_year: 2022 });
    expect(ko.value).toBeCloseTo(25.37, 1);
    const inputs = ko.inputs!.map((id) => figures.find((f) => f.id === id)!);
    expect(inputs.map((i) => [i.measure.item, i.value])).toEqual(
      expect.arrayContaining([
        ['operating_income', 10_909_000_000],
        ['revenue', 43_004_000_000],
      ]),
    );
    expect(res.analysis!.grid!.cells.find((c) => c.ticker === 'KO')!.figure).toBe(ko.id);
  });
});

describe('filings query: figures as records', () => {
  it('--json --answer of a single figure question carries analysis.figures', async () => {
    const r = await runCli(['query', '--json', '--answer', "What was 3M's capital expenditure in FY2018?"], { env });
    expect(r.code, r.stderr).toBe(0);
    const res = JSON.parse(r.stdout) as ResearchResponse;
    const f = res.analysis!.figures![0] as FigureRecord;
    expect(f).toMatchObject({
      ticker: 'MMM',
      cik: '66740',
      fiscal_year: 2018,
      fiscal_period: 'FY',
      value: 1_577_000_000,
      unit: 'USD',
      scale: 1_000_000,
      status: 'reported',
      measure: { item: 'capex' },
      period: { kind: 'duration', end: '2018-12-31' },
    });
    expect(f.source!.accession).toMatch(ACCESSION);
    expect(f.source!.statement).toBe('cash_flow');
    expect(f.printed).toMatch(/1,577/);
    // The citation is the one the answer's text shows.
    expect(res.answer!.text).toContain(`[${f.citation}]`);
  });

  it('--csv of a comparison: one row a figure, the leader and its lead', async () => {
    const r = await runCli(['query', '--csv', 'Which had the higher operating income in 2022, Coca-Cola or PepsiCo?'], { env });
    expect(r.code, r.stderr).toBe(0);
    const rows = csvRows(r.stdout);
    expect(rows.filter((x) => x.status === 'reported').map((x) => [x.ticker, x.value])).toEqual([
      ['KO', '10909000000'],
      ['PEP', '11512000000'],
    ]);
    expect(rows.find((x) => x.status === 'derived')).toMatchObject({
      ticker: 'PEP vs KO',
      measure: 'operating income difference',
      value: '603000000',
      operation: 'difference',
    });
  });

  it('--answer on the terminal view draws a grid as a table below the answer', async () => {
    const r = await runCli(['query', '--answer', '--no-summary', "What were Microsoft's revenues each year from fiscal 2021 to 2023?"], {
      env: { ...env, COLUMNS: '120' },
    });
    expect(r.code, r.stderr).toBe(0);
    const figures = r.stdout.indexOf('\nFigures');
    expect(figures).toBeGreaterThan(r.stdout.indexOf('Answer'));
    expect(r.stdout.slice(figures)).toMatch(/Microsoft +revenue +168,088 \[A\] +198,270 \[A\] +211,915 \[A\] +\+26\.1%/);
    // The analysis was asked for its figures alone: it is not shown.
    expect(r.stdout).not.toMatch(/^Analysis$/m);
  });
});

describe('filings figures and query --csv through filings serve', () => {
  let served: Served;
  beforeAll(async () => {
    served = await startServe();
  }, 300_000);
  afterAll(() => served?.stop());

  it('the same four figures, asked of the service as a question with the companies and years as filters', async () => {
    const r = await runCli(['figures', 'KO', 'PEP', '--measure', 'revenue', '--years', '2021-2022', '--csv'], {
      env: remoteEnv(served.baseUrl),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(csvRows(r.stdout).map((x) => [x.ticker, x.fiscal_year, x.value])).toEqual([
      ['KO', '2021', '38655000000'],
      ['KO', '2022', '43004000000'],
      ['PEP', '2021', '79474000000'],
      ['PEP', '2022', '86392000000'],
    ]);
  });
});

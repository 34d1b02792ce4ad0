// What a script relies on, on the sample index: every format from one table, a partial grid as one
// document with every cell asked, derived figures that say what they are, declines as data, a period end
// on every record, and `figures` and `query` speaking alike. Commands run in process (the Factory over
// memoryIo) but for what only a real process shows: its stdout whole and its exit code.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FigureGap, FigureRecord, ResearchResponse } from '../../src/contract/types.js';
import { FORMATS } from '../../src/cli/output/formats.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { ensureBuilt, localEnv, runCli } from './helpers.js';

let env: NodeJS.ProcessEnv;
const run = (args: string[]) => runInProcess(args, { env });

/** CSV or TSV rows as objects by the header (quoted fields unquoted). */
function rows(text: string, sep = ','): Record<string, string>[] {
  const [head, ...lines] = text.trim().split('\n');
  const split = (l: string) =>
    sep === '\t'
      ? l.split('\t')
      : [...l.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].slice(0, -1).map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'));
  const cols = split(head!);
  return lines.map((l) => Object.fromEntries(split(l).map((v, i) => [cols[i], v])));
}

const figureGaps = (r: ResearchResponse) => (r.analysis?.gaps ?? []).filter((g): g is FigureGap => g.kind === 'figure');

beforeAll(() => {
  ensureBuilt();
  env = localEnv();
}, 120_000);

describe('a partial grid is one document', () => {
  it('figures --json (a real process): one JSON object on stdout, every cell with its status, exit 10', async () => {
    const r = await runCli(['figures', 'KEYS', '-m', 'revenue', '--years', '2019-2023', '--json'], { env });
    expect(r.code).toBe(10);
    const res = JSON.parse(r.stdout) as ResearchResponse;
    const reported = res.analysis!.figures!.filter((f) => f.status === 'reported');
    expect(reported.map((f) => f.value)).toEqual([4_221_000_000, 4_941_000_000, 5_420_000_000, 5_464_000_000]);
    // (And the series' change over the years it states, 2020 to 2023, derived from the first and last.)
    expect(res.analysis!.grid!.changes).toEqual([expect.objectContaining({ from_year: 2020, fiscal_year: 2023, status: 'derived' })]);
    const cells = res.analysis!.grid!.cells;
    expect(cells).toHaveLength(5);
    expect(cells.find((c) => c.fiscal_year === 2019)).toMatchObject({ figure: null, status: 'missing', reason_code: 'not_held' });
    expect(cells.filter((c) => c.status === 'reported')).toHaveLength(4);
    expect(figureGaps(res)).toEqual([
      expect.objectContaining({ code: 'not_held', ticker: 'KEYS', fiscal_year: 2019, pull: 'filings corpus pull KEYS --years 2019' }),
    ]);
    expect(res.notices?.map((n) => n.code)).toContain('FISCAL_YEAR_NOT_IN_INDEX');
    expect(r.stderr).toMatch(/1 of 5 figures not stated/);
    expect(r.stderr).not.toMatch(/INTERNAL_ERROR|status_code/);
  });

  it('no cell stated: exit 11, the document whole all the same', async () => {
    const r = await run(['figures', 'NVDA', '-m', 'revenue', '--years', '2022', '--json']);
    expect(r.code).toBe(11);
    const res = JSON.parse(r.stdout) as ResearchResponse;
    expect(res.analysis!.grid!.cells).toEqual([expect.objectContaining({ status: 'missing', reason_code: 'not_held' })]);
  });

  it('--csv and --tsv carry every asked cell, the empty one with its status and reason', async () => {
    for (const [flag, sep] of [
      ['--csv', ','],
      ['--tsv', '\t'],
    ] as const) {
      const r = await run(['figures', 'KEYS', '-m', 'revenue', '--years', '2019-2023', flag]);
      expect(r.code).toBe(10);
      const got = rows(r.stdout, sep);
      expect(got.map((x) => [x.fiscal_year, x.status, x.reason_code])).toEqual([
        ['2019', 'missing', 'not_held'],
        ['2020', 'reported', ''],
        ['2021', 'reported', ''],
        ['2022', 'reported', ''],
        ['2023', 'reported', ''],
      ]);
      expect(got[0]!.reason).toMatch(/holds no annual report of Keysight Technologies for fiscal 2019.*corpus pull KEYS --years 2019/);
      // Each stated figure cites its filing by letter, as the table's legend lists them.
      expect(got.slice(1).every((x) => /^[A-Z]$/.test(x.citation!))).toBe(true);
    }
  });

  it('--format jsonl: a record a line, the empty cell among them', async () => {
    const r = await run(['figures', 'KEYS', '-m', 'revenue', '--years', '2019-2020', '--format', 'jsonl']);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.fiscal_year, l.status])).toEqual([
      [2019, 'missing'],
      [2020, 'reported'],
    ]);
  });
});

describe('derived figures say what they are', () => {
  const Q = 'Which had higher operating income in fiscal 2023, Analog Devices or Skyworks?';

  it('--csv: the difference is filed under both companies, with its operation, formula and inputs', async () => {
    const r = await run(['query', '--csv', Q]);
    expect(r.code, r.stderr).toBe(0);
    const got = rows(r.stdout);
    const derived = got.filter((x) => x.status === 'derived');
    expect(derived).toEqual([
      expect.objectContaining({ ticker: 'ADI vs SWKS', measure: 'operating income difference', operation: 'difference' }),
    ]);
    const [a, b] = derived[0]!.inputs!.split(' ');
    expect(derived[0]!.formula).toBe(`${a} - ${b}`);
    expect(got.find((x) => x.id === a)).toMatchObject({ ticker: 'ADI', status: 'reported' });
    expect(got.find((x) => x.id === b)).toMatchObject({ ticker: 'SWKS', status: 'reported' });
    // Nothing derived is filed under one company's measure.
    expect(got.filter((x) => x.ticker === 'ADI').every((x) => x.status === 'reported')).toBe(true);
  });

  it('--json: a growth record names the operation and points at its inputs', async () => {
    const r = await run(['query', '--json', '--answer', "What was Nike's revenue growth from fiscal 2022 to 2023?"]);
    const figures = (JSON.parse(r.stdout) as ResearchResponse).analysis!.figures!;
    const growth = figures.find((f) => f.operation === 'pct_change')!;
    expect(growth).toMatchObject({ status: 'derived', measure: { item: null, name: 'revenue growth' }, unit: 'percent' });
    expect(growth.formula).toBe(`(${growth.inputs![0]} - ${growth.inputs![1]}) / |${growth.inputs![1]}|`);
  });
});

describe('declines as data', () => {
  it('an ambiguous figure: analysis.gaps names the candidates', async () => {
    const r = await run(['query', '--json', '--answer', "What was Apple's term debt in fiscal 2023?"]);
    const gaps = figureGaps(JSON.parse(r.stdout) as ResearchResponse);
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toMatchObject({ code: 'ambiguous', ticker: 'AAPL', fiscal_year: 2023 });
    expect(gaps[0]!.candidates!.map((c) => c.row_label)).toContain('Total term debt');
  });

  it('a year the index lacks: a notice with its code, a gap not_held; --csv says so on stderr in the index words', async () => {
    const Q = "What was Keysight's revenue in fiscal 2019?";
    const json = JSON.parse((await run(['query', '--json', '--answer', Q])).stdout) as ResearchResponse;
    expect(json.notices?.find((n) => n.code === 'FISCAL_YEAR_NOT_IN_INDEX')?.message).toMatch(/corpus pull KEYS --years 2019/);
    expect(figureGaps(json).map((g) => g.code)).toEqual(['not_held']);
    const csv = await run(['query', '--csv', Q]);
    expect(csv.code).toBe(0);
    expect(rows(csv.stdout)).toEqual([expect.objectContaining({ ticker: 'KEYS', status: 'missing', reason_code: 'not_held' })]);
    expect(csv.stderr.replace(/\n/g, ' ')).toMatch(
      /^filings: no figure stated: The index holds no annual report of Keysight Technologies for fiscal/,
    );
    expect(csv.stderr).not.toMatch(/service/);
  });

  it('--fail-on-gap: exit 11 when nothing asked is stated, 10 when some is, 0 when all is or no figure is asked', async () => {
    expect((await run(['query', '--fail-on-gap', '--json', "What was Keysight's revenue in fiscal 2019?"])).code).toBe(11);
    expect(
      (await run(['query', '--fail-on-gap', '--json', "What were Microsoft's revenues each year from fiscal 2020 to 2023?"])).code,
    ).toBe(10);
    expect((await run(['query', '--fail-on-gap', '--json', "What was 3M's capital expenditure in FY2018?"])).code).toBe(0);
    const passage = await run(['query', '--fail-on-gap', '--csv', 'How does Boeing describe the cyclicality of its business?']);
    expect(passage.code).toBe(0);
    expect(passage.stderr).toMatch(/asks for a passage, not a figure/);
  });
});

describe('every record has its period end', () => {
  it("a prior-year column's end, by the company's fiscal calendar: month ends, last Saturday, nearest Friday", async () => {
    const r = await run(['figures', 'KEYS', 'AAPL', 'ADBE', '-m', 'revenue', '--years', '2020-2021', '--json']);
    const ends = (JSON.parse(r.stdout) as ResearchResponse).analysis!.figures!.map((f: FigureRecord) => [
      f.ticker,
      f.fiscal_year,
      f.period.end,
    ]);
    expect(ends).toEqual(
      expect.arrayContaining([
        ['KEYS', 2020, '2020-10-31'],
        ['KEYS', 2021, '2021-10-31'],
        ['AAPL', 2021, '2021-09-25'],
        ['ADBE', 2021, '2021-12-03'],
      ]),
    );
    expect(ends.every(([, , end]) => typeof end === 'string')).toBe(true);
  });
});

describe('figures and query speak alike', () => {
  it("the table's citation letters each have a legend line; the change column says its span", async () => {
    const r = await runInProcess(['figures', 'KEYS', '-m', 'revenue', '--years', '2019-2023'], { env: { ...env, COLUMNS: '160' } });
    const letters = [...new Set([...r.stdout.matchAll(/\d \[([A-Z])\]/g)].map((m) => m[1]))];
    expect(letters.length).toBeGreaterThan(0);
    for (const l of letters)
      expect(r.stdout).toMatch(new RegExp(`^\\[${l}\\] Keysight Technologies 10-K FY20\\d\\d, accession \\d{10}-`, 'm'));
    expect(r.stdout).toMatch(/Change FY2019-23/);
    expect(r.stdout).toMatch(/\+29\.4% \(FY2020-23\)/);
  });

  it('a computed percentage at the precision of its inputs, in prose and in its record', async () => {
    const r = await run(['query', '--json', '--answer', 'How much more did Broadcom spend on R&D in fiscal 2023 than in fiscal 2022?']);
    expect((JSON.parse(r.stdout) as ResearchResponse).answer!.text).toMatch(/\(\+6\.79%\)/);
  });

  it('-m is --measure, and only that: query takes --mode', async () => {
    const r = await run(['query', '-m', 'basic', 'revenue']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown option '-m'/);
  });
});

describe('company names as typed', () => {
  it('a name one letter off or a doubled ticker letter is the company, and --explain says so', async () => {
    const jabil = JSON.parse((await run(['query', '--json', '--answer', 'revenue of Jabill in fiscal 2023'])).stdout) as ResearchResponse;
    expect(jabil.answer!.text).toMatch(/^Jabil \(JBL\) revenue for fiscal 2023: \$34,702 million/);
    expect(jabil.notices!.find((n) => n.code === 'QUESTION_READ')!.message).toMatch(/read as "Jabill" -> "Jabil \(JBL\)"/);
    const explained = await run(['query', '--answer', '--explain', '--no-evidence', '--no-summary', 'AAPLL revenue fy2023']);
    expect(explained.stdout).toMatch(/read as "AAPLL" -> "Apple \(AAPL\)"/);
    expect(explained.stdout).toMatch(/Apple \(AAPL\) revenue for fiscal 2023: \$383,285 million/);
  });

  it('a name as near two companies: the answer asks which, naming both, and states no figure', async () => {
    const r = JSON.parse((await run(['query', '--json', '--answer', "What was Hormet's revenue in 2022?"])).stdout) as ResearchResponse;
    expect(r.answer!.text).toBe('Which company does "Hormet\'s" name: Hormel Foods (HRL) or Howmet Aerospace (HWM)? Ask again naming one.');
    expect(r.notices!.map((n) => n.code)).toContain('COMPANY_AMBIGUOUS');
    expect(r.analysis!.figures).toEqual([]);
  });
});

describe('one table of output formats', () => {
  it('filters: csv, tsv of values, markdown and jsonl from the same records', async () => {
    const csv = rows((await run(['filters', '--csv'])).stdout);
    expect(csv.find((x) => x.field === 'sec_ticker')).toMatchObject({ short_name: 'ticker', value_type: 'string' });
    const values = rows((await run(['filters', '--values', '--field', 'sector', '--tsv'])).stdout, '\t');
    expect(values.find((x) => x.value === 'Information Technology')).toMatchObject({ field: 'sec_gics_sector' });
    expect(Number(values[0]!.count)).toBeGreaterThan(0);
    expect((await run(['filters', '--format', 'markdown'])).stdout).toMatch(/^\| field \| short_name \|/m);
    const jsonl = (await run(['filters', '--format', 'jsonl'])).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(jsonl.map((l) => l.field)).toContain('sec_fiscal_year');
  });

  it("query --format markdown: the answer's text, then its figures as a table", async () => {
    const r = await run(['query', '--format', 'markdown', "What was 3M's capital expenditure in FY2018?"]);
    expect(r.stdout).toMatch(/^MMM capital expenditures for fiscal 2018: \$1,577 million/);
    expect(r.stdout).toMatch(/^\| f1 \| MMM \| 3M \| capital expenditures \| 2018 \| FY \| 2018-12-31 \| 1577000000 \| USD \|/m);
  });

  // A new row of the table is tried here with no line added: every command, every format.
  it('every format of the table, from each command: its flag and --format NAME the same, one figure a record', async () => {
    const commands = [
      ['query', '-n', '2', "What was 3M's capital expenditure in FY2018?"],
      ['figures', 'MMM', '-m', 'capex', '--years', '2018'],
      ['filters'],
    ];
    for (const command of commands) {
      for (const f of FORMATS) {
        const r = await run([...command, '--format', f.name]);
        expect(r.code, `${command[0]} --format ${f.name}: ${r.stderr}`).toBe(0);
        expect(r.stdout.trim().length, `${command[0]} --format ${f.name}`).toBeGreaterThan(0);
        if (f.flag) expect((await run([...command, f.flag])).stdout.replace(/"req_\w+"/g, '')).toBe(r.stdout.replace(/"req_\w+"/g, ''));
      }
    }
    const figure = commands[1]!;
    expect(rows((await run([...figure, '--csv'])).stdout)).toHaveLength(1);
    expect((await run([...figure, '--jsonl'])).stdout.trim().split('\n')).toHaveLength(1);
  });

  it('two formats at once are a usage error', async () => {
    const r = await run(['figures', 'KO', '-m', 'revenue', '--json', '--csv']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/choose one output format; asked: json, csv/);
  });
});

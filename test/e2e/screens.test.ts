// Screens from the CLI (issue 43), through the built CLI as a real process where the exit code is the
// point: `filings figures --sector ... --csv` prints every member, exit 10 when some are empty; the
// terminal table ranks them; a set and tickers together, or an unknown set, are usage errors; the
// question form answers the same grid.
import { beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/run-in-process.js';
import { ensureBuilt, localEnv, runCli } from './helpers.js';

let env: NodeJS.ProcessEnv;

/** The CSV's rows as objects by its header (no field here holds a comma but "printed" and "reason", quoted). */
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

describe('filings figures of a set', () => {
  it('--sector "Consumer Discretionary" --measure revenue --years 2023 --csv: the seven members, exit 10 for MGM', async () => {
    const r = await runCli(['figures', '--sector', 'Consumer Discretionary', '--measure', 'revenue', '--years', '2023', '--csv'], { env });
    expect(r.code, r.stderr).toBe(10);
    const rows = csvRows(r.stdout);
    expect(rows.map((x) => [x.ticker, x.value, x.status, x.reason_code])).toEqual([
      ['AZO', '17457209000', 'reported', ''],
      ['BBY', '46298000000', 'reported', ''],
      ['DHI', '35460400000', 'reported', ''],
      ['MGM', '', 'missing', 'not_held'],
      ['NKE', '51217000000', 'reported', ''],
      ['SBUX', '35975600000', 'reported', ''],
      ['ULTA', '10208580000', 'reported', ''],
    ]);
    expect(r.stderr).toMatch(/1 of 7 figures not stated/);
  });

  it('--rank: a table with the rank, the members in order, one scale; the CSV in the same order', async () => {
    const args = ['figures', '--sector', 'consumer discretionary', '-m', 'revenue', '--years', '2023', '--rank'];
    const table = await runInProcess(args, { env, columns: 120 });
    expect(table.code).toBe(10);
    expect(table.stdout).toMatch(/^Screen: Consumer Discretionary \(USD millions/);
    expect(table.stdout).toMatch(/^# +Company +Ticker +revenue FY2023$/m);
    expect(table.stdout).toMatch(/^1 +Nike +NKE +51,217\.0 \[[A-Z]\]$/m);
    expect(table.stdout).toMatch(/^6 +Ulta Beauty +ULTA +10,208\.6 \[[A-Z]\]$/m);
    expect(table.stdout).toMatch(/^ +MGM Resorts +MGM +— \(1\)$/m);
    expect(table.stdout).toMatch(/^Highest first: 6 of 7 members stated; ranked over the figures stated$/m);
    const csv = await runInProcess([...args, '--csv'], { env });
    expect(csvRows(csv.stdout).map((x) => x.ticker)).toEqual(['NKE', 'BBY', 'SBUX', 'DHI', 'AZO', 'ULTA', 'MGM']);
  });

  it('--all --rank asc --top 2 and --sub-industry: the whole index and a sub-industry', async () => {
    const all = await runInProcess(['figures', '--all', '-m', 'revenue', '--years', '2022', '--rank', 'asc', '--top', '2', '--json'], {
      env,
    });
    const grid = JSON.parse(all.stdout).analysis.grid;
    expect(grid.rankings[0].ranked.map((e: { ticker: string }) => e.ticker)).toEqual(['FICO', 'FDS']);
    expect(grid.rankings[0].top).toBe(2);
    const semis = await runInProcess(['figures', '--sub-industry', 'Semiconductors', '-m', 'revenue', '--years', '2023', '--tsv'], { env });
    expect(semis.code).toBe(0);
    expect(
      semis.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split('\t')[1]),
    ).toEqual(['ADI', 'AVGO', 'MU', 'QCOM', 'SWKS']);
  });

  it('a set with tickers, two sets, an unknown sector or a --top of no number are usage errors (exit 2)', async () => {
    const both = await runInProcess(['figures', 'KO', '--sector', 'Utilities', '-m', 'revenue'], { env });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/name the companies by ticker or as a set, not both/);
    const two = await runInProcess(['figures', '--sector', 'Utilities', '--all', '-m', 'revenue'], { env });
    expect(two.code).toBe(2);
    const unknown = await runInProcess(['figures', '--sector', 'Utility', '-m', 'revenue'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/"Utility" is no GICS sector \(closest: Utilities/);
    const top = await runInProcess(['figures', '--all', '-m', 'revenue', '--top', 'three'], { env });
    expect(top.code).toBe(2);
    expect(top.stderr).toMatch(/--top: "three" is not a whole number/);
  });
});

describe('a screen asked as a question', () => {
  it('answers every member in order, its grid and records as the spec', async () => {
    const r = await runCli(['query', '--answer', '--json', 'Rank the consumer discretionary companies by revenue for fiscal 2023'], {
      env,
    });
    expect(r.code, r.stderr).toBe(0);
    const res = JSON.parse(r.stdout);
    expect(res.analysis.grid.rankings[0].ranked.map((e: { ticker: string }) => e.ticker)).toEqual([
      'NKE',
      'BBY',
      'SBUX',
      'DHI',
      'AZO',
      'ULTA',
    ]);
    expect(res.answer.text).toMatch(/^2\. Best Buy \(BBY\): \$46,298 million/m);
  });
});

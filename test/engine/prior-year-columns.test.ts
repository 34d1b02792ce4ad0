// Prior-year columns of a later 10-K, on sample-corpus filings: a header whose years are compared ("2022
// vs. 2021") over change columns, broken over lines ("(Millions, except percentages) 2022 2021 2020 2022
// vs. 2021" / "2021 vs. 2020", American Express) or run into the unit line ("(in billions) Average AUM
// 2023 vs. 2022 2022 vs. 2021", Franklin Resources); a table that says no period at all, its years
// settled by the rows other tables print with theirs (Best Buy's "Operating income by reportable
// segment"); years printed at the start of a header line whose last words head other columns ("2021 2022
// Change FX Acq/Div U/L", Emerson's comparison of the year before, oldest first); a block's year line
// ("Fiscal Year 2021", Broadcom's revenue by region) heads the block below it; a kind of asset named by "asset" ("Asset Management", "asset retirement obligation") is no
// total assets; and a cash flow's movement of a balance is no balance.
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRawFiling } from '../../src/engine/filing/raw.js';
import { prepareFiling } from '../../src/engine/ingest/prepare.js';
import type { TableModel } from '../../src/engine/tables/model.js';
import { sampleFiling } from '../helpers/sample.js';
import { sampleAnswers } from '../helpers/sample-answers.js';

const AMEX = '4962_10K_2022_0000004962-23-000006.json.gz';
const FRANKLIN = '38777_10K_2023_0000038777-23-000169.json.gz';
const EMERSON = '32604_10K_2023_0000032604-23-000044.json.gz';
const BROADCOM = '1730168_10K_2023_0001730168-23-000096.json.gz';

async function tableOf(file: string, test: (m: TableModel) => boolean): Promise<TableModel> {
  const p = prepareFiling(await readRawFiling(sampleFiling(file)), basename(file), new Map());
  const t = p.tables.find(test);
  if (!t) throw new Error(`no such table in ${file}`);
  return t;
}
const labels = (m: TableModel) => m.columns.map((c) => (c.period ? `FY${c.period.fiscalYear}` : c.label));

describe('years compared in a header', () => {
  it('American Express: "2022 vs. 2021" / "2021 vs. 2020" broken over lines head change columns, not years', async () => {
    const t = await tableOf(AMEX, (m) => /ICS SELECTED INCOME STATEMENT/.test(m.caption));
    expect(labels(t)).toEqual(['FY2022', 'FY2021', 'FY2020', '2022 vs. 2021', '%', '2021 vs. 2020', '%']);
    const pretax = t.rows.find((r) => r.label === 'Pretax segment income')!;
    expect(pretax.aligned).toBe(true);
    expect(pretax.cells[1]?.value).toBe(929);
  });

  it("Franklin Resources: the unit line naming the comparisons stays the table's caption (billions, not the filing's millions)", async () => {
    const t = await tableOf(FRANKLIN, (m) => m.rows.some((r) => r.label === 'Alternative' && r.cells[2]?.value === 132.6));
    expect(t.caption).toMatch(/Average AUM/);
    expect(t.unit?.scale).toBe(1e9);
    expect(t.unit?.inferred).toBeFalsy();
    expect(labels(t).slice(0, 3)).toEqual(['FY2023', 'FY2022', 'FY2021']);
  });
});

describe('years at the start of a header line', () => {
  it('Emerson: "2021 2022 Change FX Acq/Div U/L" heads fiscal 2021 and 2022, oldest first, not the filing\'s latest years', async () => {
    const t = await tableOf(EMERSON, (m) => m.caption.includes('2021 2022 Change') && m.rows.some((r) => r.label === 'Final Control'));
    expect(labels(t).slice(0, 2)).toEqual(['FY2021', 'FY2022']);
  });
});

describe("a block's year line", () => {
  it('Broadcom: "Fiscal Year 2021" over its block of revenue by region is its caption, no row of the block above', async () => {
    const p = prepareFiling(await readRawFiling(sampleFiling(BROADCOM)), BROADCOM, new Map());
    const blocks = p.tables.filter((m) => m.rows.some((r) => r.label === 'Subscriptions and services(a)') && m.columns.length === 4);
    expect(blocks.map((m) => m.caption.split(' / ').find((l) => /^Fiscal Year/.test(l)))).toEqual([
      'Fiscal Year 2023',
      'Fiscal Year 2022',
      'Fiscal Year 2021',
    ]);
    expect(blocks.flatMap((m) => m.rows.map((r) => r.label)).filter((l) => /^Fiscal/.test(l))).toEqual([]);
  });
});

describe('prior-year figures read from later 10-Ks', () => {
  const answer = sampleAnswers();
  const ask = async (query: string) => (await answer(query)).values;

  it("Best Buy's Domestic operating income of fiscal 2022, a table that prints no period, settled by its totals", async () => {
    expect(await ask("What was Best Buy's Domestic segment operating income in fiscal 2022?")).toEqual([2_795_000_000]);
  });

  it("Raymond James' Asset Management pre-tax income of fiscal 2021: the segment's name is no total assets", async () => {
    expect(await ask("What was Raymond James' Asset Management segment pre-tax income in fiscal 2021?")).toEqual([389_000_000]);
  });

  it("Emerson's Safety & Productivity earnings of fiscal 2021, and Measurement & Analytical's of fiscal 2023 as one figure", async () => {
    expect(await ask("What were the earnings of Emerson's Safety & Productivity segment in fiscal 2021?")).toEqual([256_000_000]);
    expect(await ask("What were the earnings of Emerson's Measurement & Analytical segment in fiscal 2023?")).toEqual([936_000_000]);
  });

  it("Agilent's debt-to-equity: no short-term debt read from the cash flow's repayments", async () => {
    const values = await ask("What was Agilent's debt-to-equity ratio at October 31, 2023?");
    expect(values).not.toContain(-35_000_000);
    expect(values.at(-1)).toBeCloseTo(2735 / 5845, 3);
  });
});
